//! Where a unit can go: adjacency by unit kind, destination coasts, and convoy routes.

use crate::map::{Border, Location, ProvinceId};
use crate::order::Target;
use crate::rulebook::CoastLeniency;
use crate::unit::{Unit, UnitKind};
use crate::variant::Variant;

/// The border a unit would cross to reach `to` (any coast of it), if it can.
pub(super) fn border_into<'v>(
    variant: &'v Variant,
    unit: &Unit,
    to: ProvinceId,
) -> Option<&'v Border> {
    let map = &variant.map;
    map.province(unit.location.province)
        .borders
        .iter()
        .find(|b| {
            b.to.province == to
                && (unit.kind == UnitKind::Army || b.from_coast == unit.location.coast)
                && variant.rules.can_cross(map, unit.kind, b)
                && variant.rules.can_stand(map, unit.kind, b.to)
        })
}

/// Checks a move's destination for a unit moving without convoy and settles its coast.
/// Returns the exact location the unit would end in, or why it cannot go there.
pub(super) fn destination(variant: &Variant, unit: &Unit, to: Target) -> Result<Location, String> {
    let map = &variant.map;
    let strict = variant.options.coasts == CoastLeniency::Strict;
    let dest = map.province(to.province);
    let from_name = &map.province(unit.location.province).name;
    if unit.kind == UnitKind::Army {
        if to.coast.is_some() && strict {
            return Err(format!(
                "an army cannot move to a coast ({})",
                map.location_name(to.location())
            ));
        }
        return match border_into(variant, unit, to.province) {
            Some(_) => Ok(Location::province(to.province)),
            None => Err(format!(
                "{from_name} does not border {} for an army",
                dest.name
            )),
        };
    }
    let reachable: Vec<&Border> = map
        .province(unit.location.province)
        .borders
        .iter()
        .filter(|b| {
            b.to.province == to.province
                && b.from_coast == unit.location.coast
                && variant.rules.can_cross(map, unit.kind, b)
                && variant.rules.can_stand(map, unit.kind, b.to)
        })
        .collect();
    if reachable.is_empty() {
        return Err(format!(
            "{} cannot reach {} from {}",
            unit.kind.name(),
            dest.name,
            map.location_name(unit.location)
        ));
    }
    match to.coast {
        Some(c) => match reachable.iter().find(|b| b.to.coast == Some(c)) {
            Some(b) => Ok(b.to),
            None if dest.coasts.is_empty() => Ok(reachable[0].to),
            None => Err(format!(
                "{} cannot reach {} from {}",
                unit.kind.name(),
                map.location_name(to.location()),
                map.location_name(unit.location)
            )),
        },
        None if dest.coasts.is_empty() => Ok(reachable[0].to),
        None if reachable.len() == 1 && !strict => Ok(reachable[0].to),
        None => {
            let coasts: Vec<String> = reachable.iter().map(|b| map.location_name(b.to)).collect();
            Err(format!(
                "{} has more than one coast; say which: {}",
                dest.name,
                coasts.join(" or ")
            ))
        }
    }
}

/// Where a convoy may pass through now: for each province, the fleet standing there if it is
/// able to convoy there.
fn convoy_waters(
    variant: &Variant,
    units: &[Unit],
    avoid: Option<ProvinceId>,
) -> Vec<Option<Location>> {
    let map = &variant.map;
    let mut out = vec![None; map.provinces.len()];
    for u in units {
        let p = u.location.province;
        if u.kind == UnitKind::Fleet
            && Some(p) != avoid
            && variant.rules.can_convoy_at(map, u.location)
        {
            out[p.0 as usize] = Some(u.location);
        }
    }
    out
}

/// Whether two convoying fleets are next to each other: a fleet border joins their provinces.
pub(super) fn fleets_link(variant: &Variant, a: ProvinceId, b: ProvinceId) -> bool {
    variant
        .map
        .province(a)
        .borders
        .iter()
        .any(|x| x.fleet && x.to.province == b)
}

/// Whether the convoying fleet at `fleet` may take an army from `end` or land it there.
pub(super) fn convoy_lands(variant: &Variant, fleet: Location, end: ProvinceId) -> bool {
    variant.rules.convoy_lands(&variant.map, fleet, end)
}

/// Whether the fleets on the board (less any in `avoid`) could carry an army from `from` to
/// `to`: both ends take convoys and a chain of convoying fleets links them, its first fleet
/// able to take the army from `from` and its last able to land it at `to`.
pub(super) fn convoy_route_exists(
    variant: &Variant,
    units: &[Unit],
    from: ProvinceId,
    to: ProvinceId,
    avoid: Option<ProvinceId>,
) -> bool {
    let map = &variant.map;
    if from == to
        || !variant.rules.can_convoy_to(map, from)
        || !variant.rules.can_convoy_to(map, to)
    {
        return false;
    }
    let waters = convoy_waters(variant, units, avoid);
    let mut seen = vec![false; waters.len()];
    let mut stack: Vec<ProvinceId> = Vec::new();
    for (i, w) in waters.iter().enumerate() {
        if let Some(loc) = w {
            if convoy_lands(variant, *loc, from) {
                seen[i] = true;
                stack.push(loc.province);
            }
        }
    }
    while let Some(w) = stack.pop() {
        if let Some(loc) = waters[w.0 as usize] {
            if convoy_lands(variant, loc, to) {
                return true;
            }
        }
        for b in map.province(w).borders.iter().filter(|b| b.fleet) {
            let q = b.to.province;
            if waters[q.0 as usize].is_some() && !seen[q.0 as usize] {
                seen[q.0 as usize] = true;
                stack.push(q);
            }
        }
    }
    false
}

/// Whether the fleet in `via` is needed by some route from `from` to `to`: it lies on a chain
/// of fleets with no shortcut (no fleet in it could be left out). A convoy order from a fleet
/// no route needs is illegal (DATC 6.F.12, 6.G.19).
pub(super) fn on_convoy_route(
    variant: &Variant,
    units: &[Unit],
    from: ProvinceId,
    to: ProvinceId,
    via: ProvinceId,
) -> bool {
    if !convoy_route_exists(variant, units, from, to, None) {
        return false;
    }
    let waters = convoy_waters(variant, units, None);
    ConvoyChains::new(variant, &waters, from, to).needs(via)
}

/// The convoying fleets between two ends, as a graph, for finding chains without a shortcut.
///
/// A chain is a path of fleets: its first takes the army from `from` and no later one could;
/// its last lands it at `to` and no earlier one could; no fleet in it links to any earlier
/// fleet but the one before it (a link would be a shortcut). Finding whether such a chain
/// passes through a given fleet is hard in general, but whether a chain begun with some fleets
/// can be finished at all is not: a shortest way on through the fleets not beside the chain so
/// far is itself without shortcut (a shortcut would make it shorter). So the search only tries
/// beginnings until it reaches the wanted fleet, cuts every beginning from which that fleet can
/// no longer be reached, and finishes with one breadth-first search.
pub(super) struct ConvoyChains {
    /// Province of each convoying fleet.
    fleets: Vec<ProvinceId>,
    /// For each fleet, the fleets its fleet borders lead to.
    next: Vec<Vec<usize>>,
    /// `link[a * n + b]`: a fleet border leads from fleet `a` to fleet `b`.
    link: Vec<bool>,
    takes: Vec<bool>,
    lands: Vec<bool>,
}

impl ConvoyChains {
    pub(super) fn new(
        variant: &Variant,
        waters: &[Option<Location>],
        from: ProvinceId,
        to: ProvinceId,
    ) -> Self {
        let mut index = vec![usize::MAX; waters.len()];
        let mut fleets = Vec::new();
        let mut takes = Vec::new();
        let mut lands = Vec::new();
        for (i, w) in waters.iter().enumerate() {
            if let Some(loc) = w {
                index[i] = fleets.len();
                fleets.push(loc.province);
                takes.push(convoy_lands(variant, *loc, from));
                lands.push(convoy_lands(variant, *loc, to));
            }
        }
        let n = fleets.len();
        let mut link = vec![false; n * n];
        let mut next = vec![Vec::new(); n];
        for (a, &p) in fleets.iter().enumerate() {
            for b in variant.map.province(p).borders.iter().filter(|b| b.fleet) {
                let k = index[b.to.province.0 as usize];
                if k != usize::MAX && !link[a * n + k] {
                    link[a * n + k] = true;
                    next[a].push(k);
                }
            }
        }
        ConvoyChains {
            fleets,
            next,
            link,
            takes,
            lands,
        }
    }

    /// Whether some chain passes through the fleet in `via`.
    pub(super) fn needs(&self, via: ProvinceId) -> bool {
        let Some(via) = self.fleets.iter().position(|&p| p == via) else {
            return false;
        };
        let mut chain = Vec::new();
        (0..self.fleets.len()).filter(|&s| self.takes[s]).any(|s| {
            chain.push(s);
            let found = self.extend(via, &mut chain);
            chain.pop();
            found
        })
    }

    /// Whether `chain` (a valid beginning) can be made a whole chain through `via`.
    fn extend(&self, via: usize, chain: &mut Vec<usize>) -> bool {
        let last = *chain.last().expect("a chain has a first fleet");
        if self.lands[last] {
            return chain.contains(&via);
        }
        if chain.contains(&via) {
            return self.way_on(chain, None);
        }
        if !self.way_on(chain, Some(via)) {
            return false;
        }
        for &x in &self.next[last] {
            if self.may_follow(chain, x) {
                chain.push(x);
                let found = self.extend(via, chain);
                chain.pop();
                if found {
                    return true;
                }
            }
        }
        false
    }

    /// Whether fleet `x` may come next after `chain`: not in it, unable to take the army from
    /// its origin, and with no link from any fleet of the chain but the last.
    fn may_follow(&self, chain: &[usize], x: usize) -> bool {
        let n = self.fleets.len();
        !self.takes[x]
            && !chain.contains(&x)
            && !chain[..chain.len() - 1]
                .iter()
                .any(|&e| self.link[e * n + x])
    }

    /// Breadth-first from the chain's last fleet through fleets that may follow it: whether it
    /// reaches `target`, or with no target any fleet that lands the army. A fleet that lands
    /// the army ends a chain, so the search does not pass through one.
    fn way_on(&self, chain: &[usize], target: Option<usize>) -> bool {
        let last = *chain.last().expect("a chain has a first fleet");
        let mut seen = vec![false; self.fleets.len()];
        let mut queue = std::collections::VecDeque::from([last]);
        seen[last] = true;
        while let Some(w) = queue.pop_front() {
            for &x in &self.next[w] {
                if seen[x] || !self.may_follow(chain, x) {
                    continue;
                }
                seen[x] = true;
                if target.map_or(self.lands[x], |t| t == x) {
                    return true;
                }
                if !self.lands[x] {
                    queue.push_back(x);
                }
            }
        }
        false
    }
}
