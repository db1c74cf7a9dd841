//! Orders decided by vote: how the ballots cast for one unit of a power nobody plays (Pirates of
//! the Caribbean's Pirates, whose `VariantRules::controller` is `Controller::Vote`) are tallied.
//!
//! An order is carried when the powers voting for it are a majority of the surviving voters
//! and together own a majority of the owned centres not held by the voted power. Anything
//! short of both leaves the unit to its default (hold; disband for a retreat); the caller
//! applies that default, since it depends on the phase.

use crate::legal::unit_ref;
use crate::map::{Location, ProvinceId};
use crate::order::{Order, UnitRef};
use crate::phase::PhaseKind;
use crate::position::Position;
use crate::rulebook::Controller;
use crate::rules::Rules;
use crate::unit::{PowerId, Unit, UnitKind};
use serde::{Deserialize, Serialize};

/// One power entitled to vote, and how many supply centres it owns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Voter {
    pub power: PowerId,
    pub centres: usize,
}

/// How the ballots for one unit came out.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
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

/// How an order of a voted power came about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum How {
    /// The vote carried it.
    Carried,
    /// No order met both majorities: the default (hold; disband a retreating unit; the
    /// alphabetically first sites or units for builds and disbands).
    Default,
    /// There was no choice to vote on (as many builds due as free sites, as many disbands
    /// due as units).
    NoChoice,
}

impl How {
    pub fn word(self) -> &'static str {
        match self {
            How::Carried => "carried",
            How::Default => "default",
            How::NoChoice => "no choice",
        }
    }
}

/// What the vote decided for one unit of a voted power, or for one of its builds.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Decision {
    pub power: PowerId,
    /// The order given to the judge.
    pub order: Order,
    pub how: How,
    /// The count behind it (for builds and disbands, the count for that site or unit);
    /// `None` when there was no choice.
    pub tally: Option<Tally<String>>,
}

/// The powers entitled to vote in this position: every surviving power (one with a unit or a
/// centre) that a player orders, with its centres.
pub fn voters(variant: &Rules, position: &Position) -> Vec<Voter> {
    variant
        .powers_ordered_by(Controller::Player)
        .into_iter()
        .filter(|&p| {
            position.units.iter().any(|u| u.power == p)
                || position.dislodged.iter().any(|d| d.unit.power == p)
                || position.centres_of(p).next().is_some()
        })
        .map(|p| Voter {
            power: p,
            centres: position.centres_of(p).count(),
        })
        .collect()
}

/// The powers whose orders come from the vote.
pub fn voted_powers(variant: &Rules) -> Vec<PowerId> {
    variant.powers_ordered_by(Controller::Vote)
}

/// The powers ordered by vote as texts about ballots name them: "the Pirates"; "the powers
/// ordered by vote" in a variant that has none.
pub fn voted_names(variant: &Rules) -> String {
    let names: Vec<&str> = voted_powers(variant)
        .into_iter()
        .map(|p| variant.power_name(p))
        .collect();
    if names.is_empty() {
        "the powers ordered by vote".to_string()
    } else {
        format!("the {}", names.join(", "))
    }
}

/// Whether the vote has something to choose in this position (a voted unit to order, or more
/// sites or units than builds or disbands due); if not, the voted orders follow without it.
pub fn has_open_choice(variant: &Rules, position: &Position) -> bool {
    decide(variant, position, &[])
        .iter()
        .any(|d| d.how != How::NoChoice)
}

/// Decides every order of the voted powers for this phase from the ballots `(voter, order)`,
/// each order for a voted power's unit (or, in an adjustment, a build or disband for it).
/// Ballots from non-voters and for anything else are ignored; a voter's last ballot for a unit
/// counts.
pub fn decide(variant: &Rules, position: &Position, ballots: &[(PowerId, Order)]) -> Vec<Decision> {
    let voters = voters(variant, position);
    let texts: Vec<(PowerId, String, &Order)> = ballots
        .iter()
        .map(|(p, o)| (*p, o.to_text(variant), o))
        .collect();
    // The ballots about one province, as (voter, canonical text), and the tally of them.
    let about = |province: ProvinceId, wanted: &dyn Fn(&Order) -> bool| {
        let chosen: Vec<(PowerId, String)> = texts
            .iter()
            .filter(|(_, _, o)| wanted(o) && o.unit().is_some_and(|u| u.province == province))
            .map(|(p, t, _)| (*p, t.clone()))
            .collect();
        tally(&voters, &chosen)
    };
    let order_for = |text: &str| {
        texts
            .iter()
            .find(|(_, t, _)| t == text)
            .map(|(_, _, o)| (*o).clone())
    };
    let mut out = Vec::new();
    for power in voted_powers(variant) {
        match variant.calendar.kind(position.phase) {
            PhaseKind::Movement => {
                for u in position.units.iter().filter(|u| u.power == power) {
                    let t = about(u.location.province, &|_| true);
                    let (order, how) = match t.carried.as_deref().and_then(order_for) {
                        Some(o) => (o, How::Carried),
                        None => (Order::Hold { unit: unit_ref(u) }, How::Default),
                    };
                    out.push(Decision {
                        power,
                        order,
                        how,
                        tally: Some(t),
                    });
                }
            }
            PhaseKind::Retreat => {
                for d in position.dislodged.iter().filter(|d| d.unit.power == power) {
                    let t = about(d.unit.location.province, &|o| {
                        matches!(o, Order::Retreat { .. } | Order::Disband { .. })
                    });
                    let (order, how) = match t.carried.as_deref().and_then(order_for) {
                        Some(o) => (o, How::Carried),
                        None => (
                            Order::Disband {
                                unit: unit_ref(&d.unit),
                            },
                            How::Default,
                        ),
                    };
                    out.push(Decision {
                        power,
                        order,
                        how,
                        tally: Some(t),
                    });
                }
            }
            PhaseKind::Adjustment => {
                out.extend(adjustment(variant, position, power, &|p, wanted| {
                    about(p, wanted)
                }))
            }
            PhaseKind::Setup => {}
        }
    }
    out
}

/// Tallies the ballots about one province that pass a filter.
type TallyAbout<'a> = dyn Fn(ProvinceId, &dyn Fn(&Order) -> bool) -> Tally<String> + 'a;

/// Rule 6's adjustments: voted only where there is a choice; sites or units the vote carries
/// first, the rest in alphabetical order; every build and disband due is used.
fn adjustment(
    variant: &Rules,
    position: &Position,
    power: PowerId,
    about: &TallyAbout,
) -> Vec<Decision> {
    let map = &variant.map;
    let units: Vec<&Unit> = position.units.iter().filter(|u| u.power == power).collect();
    let supply = variant.supply(position, power);
    let (candidates, due, is_build): (Vec<ProvinceId>, usize, bool) = if supply > units.len() {
        // The voted power's builds: a unit of the first kind it may build and that may stand
        // there (the Pirates: fleets).
        let sites = variant
            .book
            .build_sites(&variant.context(position), power)
            .into_iter()
            .filter(|&p| build_kind(variant, position, power, p).is_some())
            .collect();
        (sites, supply - units.len(), true)
    } else {
        let here = units.iter().map(|u| u.location.province).collect();
        (here, units.len() - supply, false)
    };
    let mut candidates = candidates;
    map.sort_alphabetically(&mut candidates);
    let order_at = |p: ProvinceId| -> Order {
        if is_build {
            let kind = build_kind(variant, position, power, p);
            Order::Build {
                unit: UnitRef {
                    kind,
                    province: p,
                    coast: None,
                },
            }
        } else {
            let u = units
                .iter()
                .find(|u| u.location.province == p)
                .expect("a candidate for disbanding is a unit's province");
            Order::Disband { unit: unit_ref(u) }
        }
    };
    if candidates.len() <= due {
        return candidates
            .into_iter()
            .map(|p| Decision {
                power,
                order: order_at(p),
                how: How::NoChoice,
                tally: None,
            })
            .collect();
    }
    let wanted: &dyn Fn(&Order) -> bool = if is_build {
        &|o| matches!(o, Order::Build { .. })
    } else {
        &|o| matches!(o, Order::Disband { .. })
    };
    let counted: Vec<(ProvinceId, Tally<String>)> =
        candidates.iter().map(|&p| (p, about(p, wanted))).collect();
    let carried = counted.iter().filter(|(_, t)| t.carried.is_some());
    let rest = counted.iter().filter(|(_, t)| t.carried.is_none());
    carried
        .map(|c| (c, How::Carried))
        .chain(rest.map(|c| (c, How::Default)))
        .take(due)
        .map(|((p, t), how)| Decision {
            power,
            order: order_at(*p),
            how,
            tally: Some(t.clone()),
        })
        .collect()
}

/// The kind a voted power builds in this province: the first of the variant's unit kinds it
/// may build that may stand there.
fn build_kind(
    variant: &Rules,
    position: &Position,
    power: PowerId,
    province: ProvinceId,
) -> Option<UnitKind> {
    let at = Location {
        province,
        coast: None,
    };
    let ctx = variant.context(position);
    variant.unit_kinds.iter().copied().find(|&k| {
        variant.book.may_build(&ctx, power, k, province) && variant.book.can_stand(&ctx, k, at)
    })
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
