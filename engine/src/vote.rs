//! Orders decided by vote: how the ballots cast for one unit of a power nobody plays (Pirates of
//! the Caribbean's Pirates, whose `VariantRules::controller` is `Controller::Vote`) are tallied.
//!
//! An order is carried when the powers voting for it are a majority of the surviving voters
//! and together own a majority of the owned centres not held by the voted power. Anything
//! short of both leaves the unit to its default (hold; disband for a retreat); the caller
//! applies that default, since it depends on the phase.

use crate::unit::PowerId;

/// One power entitled to vote, and how many supply centres it owns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Voter {
    pub power: PowerId,
    pub centres: usize,
}

/// How the ballots for one unit came out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tally<T> {
    /// The order carried, if one met both majorities.
    pub carried: Option<T>,
    /// The order with the most voters (ties: the one with more centres behind it, then the
    /// first cast), whether or not it carried; `None` when nobody voted.
    pub leading: Option<T>,
    /// Voters and centres behind the leading order.
    pub powers_for: usize,
    pub centres_for: usize,
    /// What a majority needs: more than half of these.
    pub voters: usize,
    pub owned_centres: usize,
}

impl<T> Tally<T> {
    pub fn has_power_majority(&self) -> bool {
        2 * self.powers_for > self.voters
    }

    pub fn has_centre_majority(&self) -> bool {
        2 * self.centres_for > self.owned_centres
    }
}

/// Tallies the ballots `(voter, order)` for one unit. Ballots from powers not in `voters`
/// (eliminated powers, the voted power itself) are ignored; a voter's last ballot counts.
/// Orders are compared with `==`, so pass them in one canonical form.
pub fn tally<T: Clone + PartialEq>(voters: &[Voter], ballots: &[(PowerId, T)]) -> Tally<T> {
    let owned_centres: usize = voters.iter().map(|v| v.centres).sum();
    let mut last: Vec<(PowerId, &T)> = Vec::new();
    for (power, order) in ballots {
        if !voters.iter().any(|v| v.power == *power) {
            continue;
        }
        last.retain(|(p, _)| p != power);
        last.push((*power, order));
    }
    // Each distinct order with its supporters, in the order first cast.
    let mut options: Vec<(&T, usize, usize, usize)> = Vec::new();
    for (i, (power, order)) in last.iter().enumerate() {
        let centres = voters
            .iter()
            .find(|v| v.power == *power)
            .map_or(0, |v| v.centres);
        match options.iter_mut().find(|(o, ..)| *o == *order) {
            Some(entry) => {
                entry.1 += 1;
                entry.2 += centres;
            }
            None => options.push((order, 1, centres, i)),
        }
    }
    let leading = options
        .iter()
        .max_by(|a, b| (a.1, a.2).cmp(&(b.1, b.2)).then(b.3.cmp(&a.3)))
        .copied();
    let mut t = Tally {
        carried: None,
        leading: leading.map(|l| l.0.clone()),
        powers_for: leading.map_or(0, |l| l.1),
        centres_for: leading.map_or(0, |l| l.2),
        voters: voters.len(),
        owned_centres,
    };
    if t.has_power_majority() && t.has_centre_majority() {
        t.carried = t.leading.clone();
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    fn voters(centres: &[usize]) -> Vec<Voter> {
        centres
            .iter()
            .enumerate()
            .map(|(i, &c)| Voter {
                power: PowerId(i as u8),
                centres: c,
            })
            .collect()
    }

    fn p(i: u8) -> PowerId {
        PowerId(i)
    }

    #[test]
    fn an_order_carries_with_both_majorities() {
        // Seven voters, 40 centres among them; four voters with 24 centres agree.
        let v = voters(&[8, 7, 5, 4, 6, 5, 5]);
        let b = [
            (p(0), "F hav - gom"),
            (p(1), "F hav - gom"),
            (p(2), "F hav - gom"),
            (p(4), "F hav - gom"),
            (p(3), "F hav h"),
        ];
        let t = tally(&v, &b);
        assert_eq!(t.carried, Some("F hav - gom"));
        assert_eq!((t.powers_for, t.centres_for), (4, 26));
    }

    #[test]
    fn most_powers_with_too_few_centres_leaves_the_default() {
        // Four small powers (4 centres of 30) against three big ones who do not vote.
        let v = voters(&[1, 1, 1, 1, 9, 9, 8]);
        let b = [(p(0), "x"), (p(1), "x"), (p(2), "x"), (p(3), "x")];
        let t = tally(&v, &b);
        assert!(t.has_power_majority() && !t.has_centre_majority());
        assert_eq!(t.carried, None);
        assert_eq!(t.leading, Some("x"));
    }

    #[test]
    fn most_centres_with_too_few_powers_leaves_the_default() {
        let v = voters(&[12, 11, 1, 1, 1, 1, 1]);
        let b = [(p(0), "x"), (p(1), "x")];
        let t = tally(&v, &b);
        assert!(!t.has_power_majority() && t.has_centre_majority());
        assert_eq!(t.carried, None);
    }

    #[test]
    fn an_even_split_carries_nothing() {
        // Half the voters is not a majority, whatever the centres.
        let v = voters(&[5, 5, 5, 5, 5, 5]);
        let b = [
            (p(0), "a"),
            (p(1), "a"),
            (p(2), "a"),
            (p(3), "b"),
            (p(4), "b"),
            (p(5), "b"),
        ];
        let t = tally(&v, &b);
        assert_eq!(t.carried, None);
        assert_eq!(t.powers_for, 3);
    }

    #[test]
    fn the_last_ballot_counts_and_outsiders_are_ignored() {
        let v = voters(&[3, 3, 3]);
        // Power 9 is not a voter (eliminated, or the voted power itself).
        let b = [
            (p(0), "a"),
            (p(1), "b"),
            (p(9), "b"),
            (p(9), "b"),
            (p(0), "b"),
        ];
        let t = tally(&v, &b);
        assert_eq!(t.carried, Some("b"));
        assert_eq!((t.powers_for, t.centres_for), (2, 6));
    }

    #[test]
    fn no_ballots_no_order() {
        let t = tally::<&str>(&voters(&[2, 2]), &[]);
        assert_eq!((t.carried, t.leading, t.powers_for), (None, None, 0));
    }
}
