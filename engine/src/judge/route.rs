//! Where a unit can go: adjacency by unit kind, destination coasts, and convoy routes.

use crate::map::{Border, Location, ProvinceId};
use crate::order::Target;
use crate::rulebook::CoastLeniency;
use crate::unit::{Unit, UnitKind};
use crate::variant::Variant;
use std::cell::RefCell;
use std::collections::{HashMap, HashSet};

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

/// An army's origin and destination, and a province whose fleet the route may not use.
type Ends = (ProvinceId, ProvinceId, Option<ProvinceId>);

/// The convoy routes of one board: the fleets able to convoy where they stand, as a graph
/// joined by fleet borders, built once per board and asked many times (by every order of a
/// phase, and by every candidate order when listing legal orders), with each answer kept.
pub(super) struct Routes<'v> {
    variant: &'v Variant,
    /// For each province, the index of the convoying fleet standing there.
    index: Vec<Option<usize>>,
    /// Where each convoying fleet stands. Where several stand (a province that holds many),
    /// the last listed stands for them all.
    fleets: Vec<Location>,
    /// For each fleet, the fleets its fleet borders lead to.
    next: Vec<Vec<usize>>,
    /// `link[a * n + b]`: a fleet border leads from fleet `a` to fleet `b`.
    link: Vec<bool>,
    exists: RefCell<HashMap<Ends, bool>>,
    chains: RefCell<HashMap<(ProvinceId, ProvinceId), Chains>>,
}

/// What is known of the chains between two ends: which fleets take the army from the origin
/// and which land it, and for each fleet, once asked, whether some chain needs it.
struct Chains {
    takes: Vec<bool>,
    lands: Vec<bool>,
    needed: Vec<Option<bool>>,
}

impl<'v> Routes<'v> {
    pub(super) fn new(variant: &'v Variant, units: &[Unit]) -> Self {
        let map = &variant.map;
        let mut index = vec![None; map.provinces.len()];
        let mut fleets = Vec::new();
        for u in units {
            if u.kind == UnitKind::Fleet && variant.rules.can_convoy_at(map, u.location) {
                let p = u.location.province.0 as usize;
                match index[p] {
                    Some(k) => fleets[k] = u.location,
                    None => {
                        index[p] = Some(fleets.len());
                        fleets.push(u.location);
                    }
                }
            }
        }
        let n = fleets.len();
        let mut link = vec![false; n * n];
        let mut next = vec![Vec::new(); n];
        for (a, at) in fleets.iter().enumerate() {
            for b in map.province(at.province).borders.iter().filter(|b| b.fleet) {
                if let Some(k) = index[b.to.province.0 as usize] {
                    if !link[a * n + k] {
                        link[a * n + k] = true;
                        next[a].push(k);
                    }
                }
            }
        }
        Routes {
            variant,
            index,
            fleets,
            next,
            link,
            exists: RefCell::new(HashMap::new()),
            chains: RefCell::new(HashMap::new()),
        }
    }

    /// Whether the fleets on the board (less any in `avoid`) could carry an army from `from`
    /// to `to`: both ends take convoys and a chain of convoying fleets links them, its first
    /// fleet able to take the army from `from` and its last able to land it at `to`.
    pub(super) fn exists(
        &self,
        from: ProvinceId,
        to: ProvinceId,
        avoid: Option<ProvinceId>,
    ) -> bool {
        let map = &self.variant.map;
        if from == to
            || !self.variant.rules.can_convoy_to(map, from)
            || !self.variant.rules.can_convoy_to(map, to)
        {
            return false;
        }
        if let Some(&known) = self.exists.borrow().get(&(from, to, avoid)) {
            return known;
        }
        let avoided = avoid.and_then(|p| self.index[p.0 as usize]);
        let mut seen = vec![false; self.fleets.len()];
        let mut stack = Vec::new();
        for (k, at) in self.fleets.iter().enumerate() {
            if Some(k) != avoided && convoy_lands(self.variant, *at, from) {
                seen[k] = true;
                stack.push(k);
            }
        }
        let mut found = false;
        while let Some(w) = stack.pop() {
            if convoy_lands(self.variant, self.fleets[w], to) {
                found = true;
                break;
            }
            for &x in &self.next[w] {
                if !seen[x] && Some(x) != avoided {
                    seen[x] = true;
                    stack.push(x);
                }
            }
        }
        self.exists.borrow_mut().insert((from, to, avoid), found);
        found
    }

    /// Whether the fleet in `via` is needed by some route from `from` to `to`: it lies on a
    /// chain of fleets with no shortcut (no fleet in it could be left out). A convoy order from
    /// a fleet no route needs is illegal (DATC 6.F.12, 6.G.19).
    ///
    /// A chain is a path of fleets: its first takes the army from `from` and no later one
    /// could; its last lands it at `to` and no earlier one could; no fleet in it links to any
    /// earlier fleet but the one before it (a link would be a shortcut). Whether such a chain
    /// passes through a given fleet is hard to tell in general, but whether a chain begun with
    /// some fleets can be finished at all is not: a shortest way on through the fleets not
    /// beside the chain so far has no shortcut itself (a shortcut would make it shorter). So
    /// the search tries beginnings only until they reach the wanted fleet, drops every
    /// beginning from which it can no longer be reached, and finishes with one breadth-first
    /// search. Every fleet of a chain found is needed, which answers later questions too.
    pub(super) fn needs(&self, from: ProvinceId, to: ProvinceId, via: ProvinceId) -> bool {
        let Some(via) = self.index[via.0 as usize] else {
            return false;
        };
        if !self.exists(from, to, None) {
            return false;
        }
        let mut all = self.chains.borrow_mut();
        let chains = all.entry((from, to)).or_insert_with(|| Chains {
            takes: self
                .fleets
                .iter()
                .map(|at| convoy_lands(self.variant, *at, from))
                .collect(),
            lands: self
                .fleets
                .iter()
                .map(|at| convoy_lands(self.variant, *at, to))
                .collect(),
            needed: vec![None; self.fleets.len()],
        });
        if let Some(known) = chains.needed[via] {
            return known;
        }
        let n = self.fleets.len();
        let mut search = Search {
            routes: self,
            takes: &chains.takes,
            lands: &chains.lands,
            via,
            chain: Vec::new(),
            in_chain: vec![false; n],
            shut: vec![0; n],
            dead_ends: HashSet::new(),
        };
        let mut found = None;
        for s in (0..n).filter(|&s| chains.takes[s]) {
            search.push(s);
            found = search.extend();
            search.pop();
            if found.is_some() {
                break;
            }
        }
        match found {
            Some(whole) => {
                for k in whole {
                    chains.needed[k] = Some(true);
                }
            }
            None => chains.needed[via] = Some(false),
        }
        chains.needed[via].unwrap_or(false)
    }
}

/// The search for a chain between two ends through the fleet `via`.
struct Search<'r, 'v> {
    routes: &'r Routes<'v>,
    takes: &'r [bool],
    lands: &'r [bool],
    via: usize,
    /// The beginning being tried.
    chain: Vec<usize>,
    in_chain: Vec<bool>,
    /// For each fleet, how many fleets of the chain but the last link to it: it may follow
    /// only at 0 (a link would be a shortcut).
    shut: Vec<u32>,
    /// Beginnings already found hopeless, by their last fleet and the fleets they shut out:
    /// what may still follow depends on nothing else, so many beginnings share one answer.
    dead_ends: HashSet<(usize, Vec<u64>)>,
}

impl Search<'_, '_> {
    fn push(&mut self, x: usize) {
        if let Some(&last) = self.chain.last() {
            for &y in &self.routes.next[last] {
                self.shut[y] += 1;
            }
        }
        self.chain.push(x);
        self.in_chain[x] = true;
    }

    fn pop(&mut self) {
        let x = self.chain.pop().expect("a fleet to take back");
        self.in_chain[x] = false;
        if let Some(&last) = self.chain.last() {
            for &y in &self.routes.next[last] {
                self.shut[y] -= 1;
            }
        }
    }

    /// A whole chain through `via` that begins with the chain so far (a valid beginning),
    /// if any.
    fn extend(&mut self) -> Option<Vec<usize>> {
        let last = *self.chain.last().expect("a chain has a first fleet");
        if self.lands[last] {
            return self.in_chain[self.via].then(|| self.chain.clone());
        }
        if self.in_chain[self.via] {
            let rest = self.way_on(last, None, None)?;
            return Some(self.chain.iter().copied().chain(rest).collect());
        }
        // The chain must still reach `via`, and go on from it to land the army without
        // coming back beside its last fleet.
        self.way_on(last, Some(self.via), None)?;
        if !self.lands[self.via] {
            self.way_on(self.via, None, Some(last))?;
        }
        let key = (last, self.shut_out());
        if self.dead_ends.contains(&key) {
            return None;
        }
        for k in 0..self.routes.next[last].len() {
            let x = self.routes.next[last][k];
            if self.may_follow(x) {
                self.push(x);
                let found = self.extend();
                self.pop();
                if found.is_some() {
                    return found;
                }
            }
        }
        self.dead_ends.insert(key);
        None
    }

    /// Whether fleet `x` may come next: not in the chain, unable to take the army from its
    /// origin, and with no link from any fleet of the chain but the last.
    fn may_follow(&self, x: usize) -> bool {
        !self.takes[x] && !self.in_chain[x] && self.shut[x] == 0
    }

    /// The fleets that may no longer follow the chain, as a bit set.
    fn shut_out(&self) -> Vec<u64> {
        let n = self.routes.fleets.len();
        let mut set = vec![0u64; n.div_ceil(64)];
        for x in 0..n {
            if self.in_chain[x] || self.shut[x] > 0 {
                set[x / 64] |= 1 << (x % 64);
            }
        }
        set
    }

    /// Breadth-first from `start` through fleets that may follow the chain (and that `beside`,
    /// if given, does not link to), to `target`, or with no target to any fleet that lands the
    /// army; the way there (without `start`). A fleet that lands the army ends a chain, so the
    /// search does not pass through one.
    fn way_on(
        &self,
        start: usize,
        target: Option<usize>,
        beside: Option<usize>,
    ) -> Option<Vec<usize>> {
        let n = self.routes.fleets.len();
        let mut came_from = vec![usize::MAX; n];
        let mut queue = std::collections::VecDeque::from([start]);
        came_from[start] = start;
        while let Some(w) = queue.pop_front() {
            for &x in &self.routes.next[w] {
                if came_from[x] != usize::MAX
                    || !self.may_follow(x)
                    || beside.is_some_and(|b| self.routes.link[b * n + x])
                {
                    continue;
                }
                came_from[x] = w;
                if target.map_or(self.lands[x], |t| t == x) {
                    let mut way = vec![x];
                    let mut k = x;
                    while came_from[k] != start {
                        k = came_from[k];
                        way.push(k);
                    }
                    way.reverse();
                    return Some(way);
                }
                if !self.lands[x] {
                    queue.push_back(x);
                }
            }
        }
        None
    }
}
