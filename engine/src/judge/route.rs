//! Where a unit can go: adjacency by unit kind, destination coasts, and convoy routes.

use crate::map::{Border, Location, ProvinceId};
use crate::order::Target;
use crate::outcome::Cause;
use crate::rulebook::CoastLeniency;
use crate::rulebook::RuleContext;
use crate::unit::{PowerId, Unit, UnitKind};
use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::{BuildHasher, Hasher};
use std::rc::Rc;

/// Whether a unit of `kind` at `from` may set out across border `b`: a kind that uses coasts
/// leaves by the coast it stands on, or by any coast of a porous province.
pub(crate) fn leaves_by(ctx: &RuleContext, kind: UnitKind, from: Location, b: &Border) -> bool {
    !ctx.map().moves_along_coasts(kind.class())
        || b.from_coast == from.coast
        || ctx.book.porous(ctx, from.province)
}

/// The border a unit would cross to reach `to` (any coast of it), if it can.
pub(super) fn border_into<'v>(
    ctx: &RuleContext<'v>,
    unit: &Unit,
    to: ProvinceId,
) -> Option<&'v Border> {
    crossing_into(ctx, unit, to, |b| ctx.book.can_stand(ctx, unit.kind, b.to))
}

/// The border across which `unit` reaches `to` to support a unit in or into it: as
/// [`border_into`], with the rulebook's `can_support_into` in place of `can_stand`.
pub(super) fn support_border_into<'v>(
    ctx: &RuleContext<'v>,
    unit: &Unit,
    to: ProvinceId,
) -> Option<&'v Border> {
    border_to(ctx, unit, to, |b| {
        ctx.book.support_crossing(ctx, unit, b).unwrap_or_else(|| {
            leaves_by(ctx, unit.kind, unit.location, b) && ctx.book.can_cross(ctx, unit.kind, b)
        }) && ctx.book.can_support_into(ctx, unit.kind, b.to)
    })
}

/// The first border from the unit's province into `to` that `fits`.
fn border_to<'v>(
    ctx: &RuleContext<'v>,
    unit: &Unit,
    to: ProvinceId,
    fits: impl Fn(&Border) -> bool,
) -> Option<&'v Border> {
    ctx.map()
        .province(unit.location.province)
        .borders
        .iter()
        .find(|b| b.to.province == to && fits(b))
}

/// The first border from the unit's place (its coast, for a kind that uses coasts) into `to`
/// that the rulebook lets it cross and whose far side `reaches`.
fn crossing_into<'v>(
    ctx: &RuleContext<'v>,
    unit: &Unit,
    to: ProvinceId,
    reaches: impl Fn(&Border) -> bool,
) -> Option<&'v Border> {
    border_to(ctx, unit, to, |b| {
        leaves_by(ctx, unit.kind, unit.location, b)
            && ctx.book.can_cross(ctx, unit.kind, b)
            && reaches(b)
    })
}

/// Checks a move's destination for a unit moving without convoy and settles its coast.
/// Returns the exact location the unit would end in, or why it cannot go there.
pub(super) fn destination(ctx: &RuleContext, unit: &Unit, to: Target) -> Result<Location, Cause> {
    let map = ctx.map();
    let strict = ctx.options().coasts == CoastLeniency::Strict;
    if !map.moves_along_coasts(unit.kind.class()) {
        if to.coast.is_some() && strict {
            return Err(Cause::ArmyToCoast {
                to: Some(to.location()),
            });
        }
        return match border_into(ctx, unit, to.province) {
            Some(_) => Ok(Location::province(to.province)),
            None => {
                Err(ctx
                    .book
                    .why_unreachable(ctx, unit, to.province)
                    .unwrap_or(Cause::NoBorder {
                        from: unit.location.province,
                        to: to.province,
                    }))
            }
        };
    }
    // The borders the fleet may take into the destination, asked again only in the rare
    // cases that need more than the first (a coast named, or several to choose from), so a
    // plain move allocates nothing.
    let reachable = || {
        map.province(unit.location.province)
            .borders
            .iter()
            .filter(|b| {
                b.to.province == to.province
                    && leaves_by(ctx, unit.kind, unit.location, b)
                    && ctx.book.can_cross(ctx, unit.kind, b)
                    && ctx.book.can_stand(ctx, unit.kind, b.to)
            })
    };
    let Some(first) = reachable().next() else {
        return Err(ctx.book.why_unreachable(ctx, unit, to.province).unwrap_or(
            Cause::CannotReach {
                kind: unit.kind,
                from: unit.location,
                to: Location::province(to.province),
            },
        ));
    };
    // A porous province's coasts all join: no coast need be named, and any named will do.
    let one_shore =
        !map.has_coasts_for(unit.kind.class(), to.province) || ctx.book.porous(ctx, to.province);
    match to.coast {
        Some(c) => match reachable().find(|b| b.to.coast == Some(c)) {
            Some(b) => Ok(b.to),
            None if one_shore => Ok(first.to),
            None => Err(Cause::CannotReach {
                kind: unit.kind,
                from: unit.location,
                to: to.location(),
            }),
        },
        None if one_shore => Ok(first.to),
        None if !strict && reachable().nth(1).is_none() => Ok(first.to),
        None => Err(Cause::CoastNeeded {
            at: to.province,
            coasts: reachable().map(|b| b.to).collect(),
        }),
    }
}

/// Whether two convoying fleets are next to each other: a fleet border joins their provinces.
pub(super) fn fleets_link(ctx: &RuleContext, a: ProvinceId, b: ProvinceId) -> bool {
    ctx.book.convoy_chains(ctx).is_ok()
        && ctx
            .map()
            .province(a)
            .borders
            .iter()
            .any(|x| ctx.map().carries_convoys(x) && x.to.province == b)
}

/// Whether the convoying fleet at `fleet` may take an army from `end` or land it there.
pub(super) fn convoy_lands(ctx: &RuleContext, fleet: Location, end: ProvinceId) -> bool {
    ctx.book.convoy_lands(ctx, fleet, end)
}

/// Whether some fleet is in both sets; without an early exit, so that it runs as a few wide
/// instructions (asked for every convoy order a list checks).
fn meet(a: &[bool], b: &[bool]) -> bool {
    a.iter().zip(b).fold(false, |met, (x, y)| met | (*x & *y))
}

/// An army's origin and destination, and a province whose fleet the route may not use.
type Ends = (ProvinceId, ProvinceId, Option<ProvinceId>);

/// A chain found, with its fleets as a set (boards of at most 128 fleets).
type Found = (u128, Vec<usize>);

/// Which fleets, by index, answer some question (take an army from a province, lie on a chain).
type Fleets = Rc<[bool]>;

/// The convoy routes of one board: the fleets able to convoy where they stand, as a graph
/// joined by fleet borders, built once per board and asked many times (by every order of a
/// phase, and by every candidate order when listing legal orders), with each answer kept.
pub(super) struct Routes<'v> {
    ctx: RuleContext<'v>,
    /// For each province, the index of the convoying fleet standing there.
    index: Vec<Option<usize>>,
    /// Where each convoying fleet stands. Where several stand (a province that holds many),
    /// the last listed stands for them all.
    fleets: Vec<Location>,
    /// For each fleet, the fleets its fleet borders lead to.
    next: Vec<Vec<usize>>,
    /// For each fleet, the fleets whose fleet borders lead to it.
    prev: Vec<Vec<usize>>,
    /// Whether every fleet border between two convoying fleets leads both ways.
    two_way: bool,
    /// `next` and `prev` as sets, where the board has at most 128 convoying fleets.
    bits: Option<(Vec<u128>, Vec<u128>)>,
    /// For each province, once asked, the fleets that may take an army from it or land one
    /// there: the rulebook is asked once per fleet and province, not once per route.
    landing: RefCell<Vec<Option<Fleets>>>,
    /// For each province, once asked, which of the distinct landing sets (`kinds`) is its
    /// own: chains depend on their ends only through those sets, and many provinces (shores
    /// of the same one or two seas) share one, so their chains are searched once.
    kind: RefCell<Vec<Option<usize>>>,
    kinds: RefCell<Vec<Fleets>>,
    /// For each origin, once asked, the fleets a chain from it could get to, ignoring
    /// shortcuts: one search answers whether an army there could be convoyed anywhere.
    reach: RefCell<Vec<Option<Fleets>>>,
    /// `landing` and `reach` as bits, where the board has at most 128 convoying fleets: a
    /// legal-order list asks whether a route exists for every army and destination.
    landing_bits: RefCell<Vec<Option<u128>>>,
    reach_bits: RefCell<Vec<Option<u128>>>,
    /// For each province, once asked, whether the rulebook lets armies be convoyed from or
    /// to it.
    convoy_to: RefCell<Vec<Option<bool>>>,
    /// `reach_bits` less one fleet, by origin and the fleet left out.
    reach_avoiding: RefCell<HashMap<(ProvinceId, usize), u128, Quick>>,
    avoiding: RefCell<HashMap<Ends, bool, Quick>>,
    /// For each pair of landing sets (origin's, destination's), once asked, the fleets some
    /// chain between them needs.
    chains: RefCell<HashMap<(usize, usize), Chains, Quick>>,
    /// Whose each fleet is: when listing legal orders (`by_power`), one search settles every
    /// fleet of the power asked about, as the list asks about each of its fleets in turn; an
    /// adjudication asks about a few fleets only, so each search settles only the one asked.
    owner: Vec<PowerId>,
    by_power: bool,
    /// Room for the ways [`Routes::quick_within`] finds, kept from one question to the next.
    way_room: RefCell<(Way, Way)>,
    /// The chains found so far, and for each fleet the last few found through it
    /// ([`Routes::known_chain`]).
    found: RefCell<(Vec<Found>, Vec<Vec<usize>>)>,
    /// Once asked, the parts a few fleets all beside each other cut the board into
    /// ([`clique_parts`]), where links go both ways and the board has at most 128 fleets.
    parts: std::cell::OnceCell<Vec<u128>>,
    /// For each fleet, once asked, the smallest of those parts holding it ([`Routes::cut_off`]).
    parts_of: RefCell<Vec<Option<Vec<u128>>>>,
}

/// A board's [`Routes`], built the first time an order asks about a convoy: most phases
/// never do, and building the table costs more than adjudicating a small one.
pub(super) struct LazyRoutes<'v> {
    ctx: RuleContext<'v>,
    units: &'v [Unit],
    by_power: bool,
    built: std::cell::OnceCell<Routes<'v>>,
    /// The routes as they would be if convoys could chain fleets, built only to explain a
    /// refusal under a rulebook whose convoys cross one sea (`convoy_chains`).
    chained: std::cell::OnceCell<Routes<'v>>,
}

impl<'v> LazyRoutes<'v> {
    pub(super) fn new(ctx: RuleContext<'v>, units: &'v [Unit], by_power: bool) -> Self {
        LazyRoutes {
            ctx,
            units,
            by_power,
            built: std::cell::OnceCell::new(),
            chained: std::cell::OnceCell::new(),
        }
    }

    /// The rulebook's reason for refusing a convoy from `from` to `to` (avoiding the fleet in
    /// `avoid`) when only a chain of several fleets could make it and the rulebook allows
    /// none (`convoy_chains`); `None` when chains are allowed or no chain would do either.
    pub(super) fn chain_refused(
        &self,
        from: ProvinceId,
        to: ProvinceId,
        avoid: Option<ProvinceId>,
    ) -> Option<Cause> {
        let why = self.ctx.book.convoy_chains(&self.ctx).err()?;
        let chained = self
            .chained
            .get_or_init(|| Routes::build(self.ctx, self.units, self.by_power, true));
        chained.exists(from, to, avoid).then_some(why)
    }

    /// What the rulebook's hooks are told about this board.
    pub(super) fn ctx(&self) -> &RuleContext<'v> {
        &self.ctx
    }

    pub(super) fn get(&self) -> &Routes<'v> {
        self.built
            .get_or_init(|| Routes::new(self.ctx, self.units, self.by_power))
    }
}

impl<'v> Routes<'v> {
    pub(super) fn new(ctx: RuleContext<'v>, units: &[Unit], by_power: bool) -> Self {
        let chains = ctx.book.convoy_chains(&ctx).is_ok();
        Routes::build(ctx, units, by_power, chains)
    }

    /// The routes of a board; `chains`: whether two convoying fleets may join one route.
    fn build(ctx: RuleContext<'v>, units: &[Unit], by_power: bool, chains: bool) -> Self {
        let map = ctx.map();
        let mut index = vec![None; map.provinces.len()];
        let mut fleets = Vec::new();
        let mut owner = Vec::new();
        for u in units {
            if u.kind.convoys() && ctx.book.can_convoy_at(&ctx, u.location) {
                let p = u.location.province.0 as usize;
                match index[p] {
                    Some(k) => {
                        fleets[k] = u.location;
                        owner[k] = u.power;
                    }
                    None => {
                        index[p] = Some(fleets.len());
                        fleets.push(u.location);
                        owner.push(u.power);
                    }
                }
            }
        }
        let n = fleets.len();
        let mut link = vec![false; n * n];
        let mut next = vec![Vec::new(); n];
        let mut prev = vec![Vec::new(); n];
        for (a, at) in fleets.iter().enumerate().filter(|_| chains) {
            for b in map
                .province(at.province)
                .borders
                .iter()
                .filter(|b| map.carries_convoys(b))
            {
                if let Some(k) = index[b.to.province.0 as usize] {
                    if !link[a * n + k] {
                        link[a * n + k] = true;
                        next[a].push(k);
                        prev[k].push(a);
                    }
                }
            }
        }
        let two_way = (0..n).all(|a| (0..n).all(|b| link[a * n + b] == link[b * n + a]));
        let bits = (n <= 128).then(|| {
            let set = |ks: &Vec<usize>| ks.iter().fold(0u128, |s, &k| s | 1 << k);
            (
                next.iter().map(set).collect(),
                prev.iter().map(set).collect(),
            )
        });
        Routes {
            ctx,
            two_way,
            bits,
            index,
            fleets,
            next,
            prev,
            landing: RefCell::new(vec![None; map.provinces.len()]),
            kind: RefCell::new(vec![None; map.provinces.len()]),
            kinds: RefCell::new(Vec::new()),
            reach: RefCell::new(vec![None; map.provinces.len()]),
            landing_bits: RefCell::new(vec![None; map.provinces.len()]),
            reach_bits: RefCell::new(vec![None; map.provinces.len()]),
            convoy_to: RefCell::new(vec![None; map.provinces.len()]),
            reach_avoiding: RefCell::new(HashMap::default()),
            avoiding: RefCell::new(HashMap::default()),
            chains: RefCell::new(HashMap::default()),
            owner,
            by_power,
            way_room: RefCell::default(),
            found: RefCell::new((Vec::new(), vec![Vec::new(); n])),
            parts: std::cell::OnceCell::new(),
            parts_of: RefCell::new(vec![None; n]),
        }
    }

    /// The fleets that may take an army from `end` or land one there.
    fn landing(&self, end: ProvinceId) -> Fleets {
        let p = end.0 as usize;
        if let Some(known) = &self.landing.borrow()[p] {
            return known.clone();
        }
        let found: Fleets = self
            .fleets
            .iter()
            .map(|at| convoy_lands(&self.ctx, *at, end))
            .collect();
        self.landing.borrow_mut()[p] = Some(found.clone());
        found
    }

    /// [`Routes::landing`] as bits (boards of at most 128 convoying fleets).
    fn landing_bits(&self, end: ProvinceId) -> u128 {
        let p = end.0 as usize;
        if let Some(known) = self.landing_bits.borrow()[p] {
            return known;
        }
        let found = u128::of(0, &self.landing(end));
        self.landing_bits.borrow_mut()[p] = Some(found);
        found
    }

    /// The fleets a chain from `from` could get to, ignoring shortcuts, as bits (boards of at
    /// most 128 convoying fleets).
    fn reach_bits(&self, from: ProvinceId) -> u128 {
        let p = from.0 as usize;
        if let Some(known) = self.reach_bits.borrow()[p] {
            return known;
        }
        let found = self.bit_search_from(from, 0);
        self.reach_bits.borrow_mut()[p] = Some(found);
        found
    }

    /// [`Routes::search_from`] on bits, less the fleets `avoided`.
    fn bit_search_from(&self, from: ProvinceId, avoided: u128) -> u128 {
        let (next, _) = self.bits.as_ref().expect("sets of at most 128 fleets");
        bit_closure(next, self.landing_bits(from) & !avoided, !avoided)
    }

    /// Whether the rulebook lets an army be convoyed from or to `p`, asked once per province.
    fn can_convoy_to(&self, p: ProvinceId) -> bool {
        let i = p.0 as usize;
        if let Some(known) = self.convoy_to.borrow()[i] {
            return known;
        }
        let found = self.ctx.book.can_convoy_to(&self.ctx, p);
        self.convoy_to.borrow_mut()[i] = Some(found);
        found
    }

    /// [`Routes::reach_bits`] less the fleet `avoided`: a fleet's list asks it for every army
    /// it could support and every destination.
    fn reach_avoiding_bits(&self, from: ProvinceId, avoided: usize) -> u128 {
        if let Some(&known) = self.reach_avoiding.borrow().get(&(from, avoided)) {
            return known;
        }
        let found = self.bit_search_from(from, 1 << avoided);
        self.reach_avoiding
            .borrow_mut()
            .insert((from, avoided), found);
        found
    }

    /// Which of the distinct landing sets is `end`'s.
    fn kind(&self, end: ProvinceId) -> usize {
        let p = end.0 as usize;
        if let Some(k) = self.kind.borrow()[p] {
            return k;
        }
        let lands = self.landing(end);
        let mut kinds = self.kinds.borrow_mut();
        let k = match kinds.iter().position(|known| *known == lands) {
            Some(k) => k,
            None => {
                kinds.push(lands);
                kinds.len() - 1
            }
        };
        self.kind.borrow_mut()[p] = Some(k);
        k
    }

    /// The fleets joined by fleet borders to some fleet that could take an army from `from`,
    /// less the fleet `avoided`.
    fn search_from(&self, from: ProvinceId, avoided: Option<usize>) -> Vec<bool> {
        let takes = self.landing(from);
        let mut seen = vec![false; self.fleets.len()];
        let mut stack = Vec::new();
        for k in 0..self.fleets.len() {
            if takes[k] && Some(k) != avoided {
                seen[k] = true;
                stack.push(k);
            }
        }
        while let Some(w) = stack.pop() {
            for &x in &self.next[w] {
                if !seen[x] && Some(x) != avoided {
                    seen[x] = true;
                    stack.push(x);
                }
            }
        }
        seen
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
        if from == to || !self.can_convoy_to(from) || !self.can_convoy_to(to) {
            return false;
        }
        let avoided = avoid.and_then(|p| self.index[p.0 as usize]);
        if self.bits.is_some() {
            let reach = match avoided {
                None => self.reach_bits(from),
                Some(avoided) => self.reach_avoiding_bits(from, avoided),
            };
            return reach & self.landing_bits(to) != 0;
        }
        let lands = self.landing(to);
        let Some(avoided) = avoided else {
            // With every fleet there, what a chain from `from` can get to serves every
            // destination.
            let p = from.0 as usize;
            let known = self.reach.borrow()[p].clone();
            let reach = known.unwrap_or_else(|| {
                let found: Fleets = self.search_from(from, None).into();
                self.reach.borrow_mut()[p] = Some(found.clone());
                found
            });
            return meet(&reach, &lands);
        };
        if let Some(&known) = self.avoiding.borrow().get(&(from, to, avoid)) {
            return known;
        }
        let reach = self.search_from(from, Some(avoided));
        let found = meet(&reach, &lands);
        self.avoiding.borrow_mut().insert((from, to, avoid), found);
        found
    }

    /// Whether the fleet in `via` is needed by some route from `from` to `to`: it lies on a
    /// chain of fleets with no shortcut (no fleet in it could be left out). A convoy order from
    /// a fleet no route needs is illegal (DATC 6.F.12, 6.G.19).
    ///
    /// A chain is a path of fleets: its first takes the army from `from` and no later one
    /// could; its last lands it at `to` and no earlier one could; no fleet in it links to any
    /// earlier fleet but the one before it (a link would be a shortcut). One search (see
    /// [`Survey`]) settles every fleet of `via`'s power at once, as listing a power's legal
    /// orders asks about each of its fleets for every army and destination.
    pub(super) fn needs(&self, from: ProvinceId, to: ProvinceId, via: ProvinceId) -> bool {
        let Some(via) = self.index[via.0 as usize] else {
            return false;
        };
        self.exists(from, to, None) && self.needs_between(self.kind(from), self.kind(to), via)
    }

    /// The destinations among `to` for which [`Routes::needs`] the fleet in `via` to carry an
    /// army from `from`, in the order given: a fleet's list asks for every army and
    /// destination, and destinations sharing a landing set share one answer.
    pub(super) fn needed_to<'t>(
        &self,
        from: ProvinceId,
        via: ProvinceId,
        to: impl Iterator<Item = &'t Target>,
    ) -> Vec<Target> {
        let Some(via) = self.index[via.0 as usize] else {
            return Vec::new();
        };
        let start = self.kind(from);
        let mut known: Vec<Option<bool>> = Vec::new();
        // [`Routes::exists`] with what depends only on the origin asked once.
        let reach = match self.bits {
            Some(_) if self.can_convoy_to(from) => Some(self.reach_bits(from)),
            _ => None,
        };
        let exists = |to: ProvinceId| match reach {
            Some(reach) => {
                to != from && self.can_convoy_to(to) && reach & self.landing_bits(to) != 0
            }
            None => self.exists(from, to, None),
        };
        to.filter(|t| {
            if !exists(t.province) {
                return false;
            }
            let end = self.kind(t.province);
            if known.len() <= end {
                known.resize(end + 1, None);
            }
            *known[end].get_or_insert_with(|| self.needs_between(start, end, via))
        })
        .copied()
        .collect()
    }

    /// [`Routes::needs`] by the two ends' landing sets, for a route that exists.
    fn needs_between(&self, from: usize, to: usize, via: usize) -> bool {
        let n = self.fleets.len();
        // Where every link goes both ways a chain read backwards is a chain the other way (a
        // fleet that takes an army from a province can land one there), so the two
        // directions share one answer. The search starts from the later-numbered set: on the
        // Latin American board that way round explores a third fewer beginnings (measured).
        let (from, to) = if self.two_way && to > from {
            (to, from)
        } else {
            (from, to)
        };
        let mut all = self.chains.borrow_mut();
        let chains = all.entry((from, to)).or_insert_with(|| Chains {
            needed: vec![false; n],
            settled: vec![false; n],
            ways: None,
        });
        if !chains.settled[via] && !self.settle_quickly(chains, from, to, via) {
            self.survey_chains(chains, from, to, via);
        }
        chains.needed[via]
    }

    /// Settles `via` by [`Routes::quick_chain`] where it can (every fleet of a chain found
    /// through it with it); whether it did.
    fn settle_quickly(&self, chains: &mut Chains, from: usize, to: usize, via: usize) -> bool {
        match self.quick_chain(chains, from, to, via) {
            QuickChain::Through(chain) => {
                for &k in &chain {
                    chains.needed[k] = true;
                    chains.settled[k] = true;
                }
                self.keep_chain(chain);
            }
            QuickChain::Again(chain) => {
                for k in chain {
                    chains.needed[k] = true;
                    chains.settled[k] = true;
                }
            }
            QuickChain::Apart => chains.settled[via] = true,
            QuickChain::Unsure => return false,
        }
        true
    }

    /// Settles `via` (and, listing by power, its power's other fleets) for the chains between
    /// the landing sets `from` and `to` by a [`Survey`].
    fn survey_chains(&self, chains: &mut Chains, from: usize, to: usize, via: usize) {
        let n = self.fleets.len();
        let mut wanted: Vec<bool> = (0..n)
            .map(|k| {
                !chains.settled[k]
                    && (k == via || self.by_power && self.owner[k] == self.owner[via])
            })
            .collect();
        // The fleets answered without a search leave the survey fewer to seek, and so fewer
        // beginnings to carry on.
        for (k, _) in wanted.iter().enumerate().filter(|(k, w)| **w && *k != via) {
            self.settle_quickly(chains, from, to, k);
        }
        for (w, settled) in wanted.iter_mut().zip(&chains.settled) {
            *w &= !settled;
        }
        let ends = {
            let kinds = self.kinds.borrow();
            (kinds[from].clone(), kinds[to].clone())
        };
        // Fleets as bits of one word where they fit: each step of the search is then a
        // few word operations.
        let found = if n <= 128 {
            let (next, prev) = self.bits.as_ref().expect("sets of at most 128 fleets");
            survey::<u128>((next, prev), &ends, &wanted, &chains.needed)
        } else {
            let sets = |lists: &[Vec<usize>]| -> Vec<Vec<u64>> {
                lists
                    .iter()
                    .map(|ks| {
                        let mut set = Vec::<u64>::none(n);
                        ks.iter().for_each(|&k| set.add(k));
                        set
                    })
                    .collect()
            };
            let (next, prev) = (sets(&self.next), sets(&self.prev));
            survey::<Vec<u64>>((&next, &prev), &ends, &wanted, &chains.needed)
        };
        for ((settled, &asked), &needed) in chains.settled.iter_mut().zip(&wanted).zip(&found) {
            *settled |= asked || needed;
        }
        chains.needed = found;
    }

    /// Answers whether `via` lies on a chain between the landing sets `from` and `to`
    /// without a [`Survey`] where that is easy, as it mostly is. A shortest way to `via` from
    /// a fleet taking the army, passing no fleet that could land it, is a valid beginning; a
    /// shortest way on from `via` to a landing fleet through the fleets that may follow that
    /// beginning finishes it into a chain (a shortest way has no shortcut). A fleet no such
    /// beginning reaches, or from which no way leads to a landing fleet, is on no chain.
    fn quick_chain(&self, chains: &mut Chains, from: usize, to: usize, via: usize) -> QuickChain {
        let kinds = self.kinds.borrow();
        let (takes, lands) = (&kinds[from], &kinds[to]);
        // Only the first fleet of a chain takes the army, only the last lands it.
        let ways = chains.ways.get_or_insert_with(|| match &self.bits {
            Some((next, prev)) => {
                let (takes, lands) = (u128::of(0, takes), u128::of(0, lands));
                Ways {
                    behind: None,
                    ahead: Vec::new(),
                    reached: (
                        bit_reach(takes, next, !lands),
                        bit_reach(lands, prev, !takes),
                    ),
                    ends: (takes, lands),
                    within: None,
                }
            }
            None => Ways {
                behind: Some(shortest_ways(takes, &self.next, |k| !lands[k])),
                ahead: shortest_ways(lands, &self.prev, |k| !takes[k]),
                reached: (0, 0),
                ends: (0, 0),
                within: None,
            },
        });
        if !ways.reaches(via) {
            return QuickChain::Apart;
        }
        if !takes[via] && !lands[via] {
            if self.cut_off(via, ways.ends.0 | ways.ends.1) {
                return QuickChain::Apart;
            }
            if let Some(chain) = self.known_chain(via, ways.ends) {
                return QuickChain::Again(chain);
            }
            let Some((next, prev)) = &self.bits else {
                return QuickChain::Unsure;
            };
            let found = self.quick_within(ways, (takes, lands), via);
            if !matches!(found, QuickChain::Unsure) {
                return found;
            }
            // Worked out only for a fleet the quicker answers leave unsure, before a survey:
            // with cliques cutting off most fleets first, few pairs of ends need it.
            let ends = ways.ends;
            let within = *ways
                .within
                .get_or_insert_with(|| within_chains((next, prev), ends.0, ends.1));
            if !within.has(via) {
                return QuickChain::Apart;
            }
            return QuickChain::Unsure;
        }
        let (ends, bits) = (ways.ends, &self.bits);
        let behind = ways.behind.get_or_insert_with(|| {
            let (next, prev) = bits.as_ref().expect("sets of at most 128 fleets");
            shortest_bit_ways(ends.0, (next, prev), !ends.1)
        });
        let mut chain = vec![via];
        let mut k = via;
        while behind[k] as usize != k {
            k = behind[k] as usize;
            chain.push(k);
        }
        chain.reverse();
        if lands[via] {
            return QuickChain::Through(chain);
        }
        // The fleets that may follow: none of the beginning, none that takes the army, none
        // a fleet of the beginning before `via` links to.
        if let Some((next, prev)) = &self.bits {
            let (takes, lands) = ways.ends;
            let mut free = !takes;
            for (i, &c) in chain.iter().enumerate() {
                free &= !(1u128 << c);
                if i + 1 < chain.len() {
                    free &= !next[c];
                }
            }
            let mut room = self.way_room.borrow_mut();
            let after = &mut room.1;
            if bit_way((next, prev), via, lands & free, free & !lands, after) {
                chain.extend_from_slice(&after.fleets[1..]);
                return QuickChain::Through(chain);
            }
            return QuickChain::Unsure;
        }
        let mut free: Vec<bool> = takes.iter().map(|t| !t).collect();
        for (i, &c) in chain.iter().enumerate() {
            free[c] = false;
            if i + 1 < chain.len() {
                for &y in &self.next[c] {
                    free[y] = false;
                }
            }
        }
        let mut step = vec![UNREACHED; free.len()];
        step[via] = via as u32;
        let mut queue = std::collections::VecDeque::with_capacity(free.len());
        queue.push_back(via);
        while let Some(w) = queue.pop_front() {
            for &x in &self.next[w] {
                if free[x] && step[x] == UNREACHED {
                    step[x] = w as u32;
                    if lands[x] {
                        let mut after = vec![x];
                        let mut k = x;
                        while step[k] as usize != via {
                            k = step[k] as usize;
                            after.push(k);
                        }
                        chain.extend(after.into_iter().rev());
                        return QuickChain::Through(chain);
                    }
                    queue.push_back(x);
                }
            }
        }
        QuickChain::Unsure
    }
}

impl Routes<'_> {
    /// Keeps a chain found (on boards of at most 128 fleets), for [`Routes::known_chain`].
    fn keep_chain(&self, chain: Vec<usize>) {
        if self.bits.is_none() || !self.by_power {
            return;
        }
        let mut found = self.found.borrow_mut();
        let (all, through) = &mut *found;
        let id = all.len();
        let mut set = 0u128;
        for &k in &chain {
            set.add(k);
            let ids = &mut through[k];
            if ids.len() == KNOWN_CHAINS {
                ids.remove(0);
            }
            ids.push(id);
        }
        all.push((set, chain));
    }

    /// A chain between the ends (those taking the army, those landing it) through `via`, which
    /// is neither, cut from one found before between other ends: a piece of a chain has no
    /// shortcut either, so from the last fleet before `via` taking the army to the first
    /// after it landing the army, with none landing it before `via` and none taking it after,
    /// is a chain. Where links go both ways, a chain read backwards serves too. An army's
    /// chains to many destinations share the way out, so most fleets asked about again lie
    /// on one found already. Only when listing (`by_power`).
    fn known_chain(&self, via: usize, (takes, lands): (u128, u128)) -> Option<Vec<usize>> {
        let found = self.found.borrow();
        let (all, through) = &*found;
        for &id in through[via].iter().rev() {
            let (set, chain) = &all[id];
            if set & takes == 0 || set & lands == 0 {
                continue;
            }
            let at = chain.iter().position(|&k| k == via)?;
            let piece = |fwd: bool| -> Option<(usize, usize)> {
                // `first` and `last` as positions along the chain, read forwards or backwards.
                let pos = |i: usize| if fwd { i } else { chain.len() - 1 - i };
                let at = pos(at);
                let fleet = |i: usize| chain[pos(i)];
                let mut first = None;
                for i in (0..at).rev() {
                    let k = fleet(i);
                    if lands.has(k) {
                        return None;
                    }
                    if takes.has(k) {
                        first = Some(i);
                        break;
                    }
                }
                let first = first?;
                for j in at + 1..chain.len() {
                    let k = fleet(j);
                    if takes.has(k) {
                        return None;
                    }
                    if lands.has(k) {
                        return Some((pos(first), pos(j)));
                    }
                }
                None
            };
            if let Some((a, b)) = piece(true) {
                return Some(chain[a..=b].to_vec());
            }
            if self.two_way {
                if let Some((a, b)) = piece(false) {
                    return Some(chain[b..=a].iter().rev().copied().collect());
                }
            }
        }
        None
    }

    /// Whether a few fleets all beside each other part the fleet `via` from every fleet of
    /// `ends` (those taking the army and those landing it): then `via` stands within no chain
    /// between them. Such a chain would cross those fleets both before `via` and after it, at
    /// two fleets beside each other (a shortcut) or twice at one. Around South America two
    /// seas off Cape Horn part the Pacific from the Atlantic, so a fleet in the Caribbean is
    /// on no chain between two Pacific shores, which a [`Survey`] would otherwise have to
    /// prove. Only where links go both ways (a shortcut either way then) and on boards of at
    /// most 128 convoying fleets, and only when listing (`by_power`).
    fn cut_off(&self, via: usize, ends: u128) -> bool {
        let Some((next, _)) = &self.bits else {
            return false;
        };
        // An adjudication asks about a few fleets: finding the parts would cost it more than
        // the searches they spare.
        if !self.two_way || !self.by_power {
            return false;
        }
        if let Some(known) = &self.parts_of.borrow()[via] {
            return known.iter().any(|part| part & ends == 0);
        }
        let parts = self.parts.get_or_init(|| clique_parts(next));
        // Only the smallest parts holding `via` matter: a larger one that misses `ends`
        // contains a smaller one that misses them too.
        let mut holding: Vec<u128> = parts.iter().copied().filter(|p| p.has(via)).collect();
        holding.sort_by_key(|p| p.count_ones());
        let mut smallest: Vec<u128> = Vec::new();
        for part in holding {
            if !smallest.iter().any(|s| s & !part == 0) {
                smallest.push(part);
            }
        }
        let cut = smallest.iter().any(|part| part & ends == 0);
        self.parts_of.borrow_mut()[via] = Some(smallest);
        cut
    }

    /// [`Routes::quick_chain`] for a fleet that neither takes nor lands the army, so stands
    /// within any chain it is on: between a fleet `p` before it and `q` after it, with no link
    /// from `p` to `q`. For each such pair, a shortest way back from `p` to a fleet taking the
    /// army (through fleets linking to neither `via` nor `q`) and a shortest way on from `q` to
    /// a landing fleet (through fleets none of those before links to) make a chain; where no
    /// way back or on exists even ignoring the rest of the chain, the pair is impossible, and
    /// where every pair is, the fleet is on no chain (a sea ringed by oceans that all touch).
    /// Boards of more than 128 convoying fleets are left to the [`Survey`], as are fleets
    /// with more than [`PAIRS_TRIED`] pairs to try.
    fn quick_within(
        &self,
        ways: &Ways,
        (takes, lands): (&[bool], &[bool]),
        via: usize,
    ) -> QuickChain {
        let Some((next, prev)) = &self.bits else {
            return QuickChain::Unsure;
        };
        let (behind, ahead) = ways.reached;
        let (takes_set, lands_set) = ways.ends;
        let bit = |k: usize| 1u128 << k;
        let mut room = self.way_room.borrow_mut();
        let (before, after) = &mut *room;
        let mut unsure = false;
        let mut tried = 0;
        for &p in &self.prev[via] {
            if lands[p] || !behind.has(p) {
                continue;
            }
            // Asked once for `p` rather than for each pair: whether any way leads back from it,
            // whatever `q`.
            let mut way_back: Option<bool> = None;
            // After `q`: no fleet taking the army, none `p` or `via` links to.
            let on = !takes_set & !bit(p) & !bit(via) & !next[p] & !next[via];
            for &q in &self.next[via] {
                if q == p || takes[q] || !ahead.has(q) || next[p].has(q) {
                    continue;
                }
                tried += 1;
                if tried > PAIRS_TRIED {
                    return QuickChain::Unsure;
                }
                let back_anywhere = *way_back.get_or_insert_with(|| {
                    let back = !lands_set & !bit(via) & !prev[via];
                    takes[p] || bit_reaches(prev, p, takes_set & back, back & !takes_set)
                });
                if !back_anywhere {
                    continue;
                }
                if !lands[q] && !bit_reaches(next, q, lands_set & on, on & !lands_set) {
                    continue;
                }
                // Before `p`: no landing fleet, none linking to `via` or `q`.
                let back = !lands_set & !bit(via) & !bit(q) & !prev[via] & !prev[q];
                if takes[p] {
                    before.fleets.clear();
                    before.fleets.push(p);
                } else if !bit_way((prev, next), p, takes_set & back, back & !takes_set, before) {
                    continue;
                }
                let chain = |after: &[usize]| {
                    let mut chain = Vec::with_capacity(before.fleets.len() + 1 + after.len());
                    chain.extend(before.fleets.iter().rev());
                    chain.push(via);
                    chain.extend_from_slice(after);
                    QuickChain::Through(chain)
                };
                if lands[q] {
                    return chain(&[q]);
                }
                // The way on must also keep clear of the fleets before `p`.
                let mut clear = on;
                for &x in &before.fleets {
                    clear &= !bit(x) & !next[x];
                }
                if bit_way(
                    (next, prev),
                    q,
                    lands_set & clear,
                    clear & !lands_set,
                    after,
                ) {
                    return chain(&after.fleets);
                }
                unsure = true;
            }
        }
        if unsure {
            QuickChain::Unsure
        } else {
            QuickChain::Apart
        }
    }
}

/// The parts into which each set of at most four fleets all linked to each other (a clique)
/// cuts a board whose links go both ways: for each such set, every part of the board left
/// when it is taken away (the fleets joined to each other without passing it), each once.
fn clique_parts(next: &[u128]) -> Vec<u128> {
    let n = next.len();
    let all = if n == 128 { !0 } else { (1u128 << n) - 1 };
    let above = |k: usize| {
        if k >= 127 {
            0
        } else {
            all & !((2u128 << k) - 1)
        }
    };
    let mut cliques = Vec::new();
    for a in 0..n {
        let a_set = 1u128 << a;
        cliques.push(a_set);
        (next[a] & above(a)).each(|b| {
            let ab = a_set | 1 << b;
            cliques.push(ab);
            (next[a] & next[b] & above(b)).each(|c| {
                cliques.push(ab | 1 << c);
                (next[a] & next[b] & next[c] & above(c))
                    .each(|d| cliques.push(ab | 1 << c | 1 << d));
            });
        });
    }
    let mut parts = std::collections::HashSet::with_hasher(Quick);
    for clique in cliques {
        let mut rest = all & !clique;
        while rest != 0 {
            let part = bit_closure(next, rest & rest.wrapping_neg(), rest);
            rest &= !part;
            parts.insert(part);
        }
    }
    parts.into_iter().collect()
}

/// How many of the chains found through each fleet [`Routes::known_chain`] looks at: the
/// latest, as an army's routes are asked about one after another.
const KNOWN_CHAINS: usize = 48;

/// How many pairs of fleets around a fleet [`Routes::quick_within`] tries before leaving the
/// fleet to the [`Survey`]: around an ocean bordering many, proving every pair impossible
/// costs more than the survey (measured on the Latin American board when [`within_chains`]
/// settled first the fleets no chain could hold: 8 pairs left a list twice as slow as 24 to
/// 48; [`Routes::cut_off`] now settles most of those first, when listing).
const PAIRS_TRIED: usize = 32;

/// A way found by [`bit_way`], with room for the search's layers kept from one search to the
/// next.
#[derive(Default)]
struct Way {
    fleets: Vec<usize>,
    layers: Vec<u128>,
}

/// A shortest way from `start` (not itself in `ends`) following `links` to a fleet in
/// `ends`, going on only through fleets in `through`: its fleets from `start` to the end,
/// written into `way` (whether one was found). `back` is `links` reversed, to walk the way
/// back through the search's layers.
fn bit_way(
    (links, back): (&[u128], &[u128]),
    start: usize,
    ends: u128,
    through: u128,
    way: &mut Way,
) -> bool {
    let Way {
        fleets: way,
        layers,
    } = way;
    layers.clear();
    layers.push(1 << start);
    let mut seen: u128 = 1 << start;
    loop {
        let mut reached = 0u128;
        layers
            .last()
            .expect("a layer")
            .each(|w| reached |= links[w]);
        reached &= !seen;
        let end = reached & ends;
        if end != 0 {
            // Back through the layers, each time to the lowest-numbered fleet leading to the
            // one after it.
            way.clear();
            let mut k = end.trailing_zeros() as usize;
            way.push(k);
            for layer in layers.iter().rev() {
                k = (layer & back[k]).trailing_zeros() as usize;
                way.push(k);
            }
            way.reverse();
            return true;
        }
        let next = reached & through;
        if next == 0 {
            return false;
        }
        seen |= next;
        layers.push(next);
    }
}

/// Whether [`bit_way`] would find a way, without keeping it.
fn bit_reaches(links: &[u128], start: usize, ends: u128, through: u128) -> bool {
    let mut seen: u128 = 1 << start;
    let mut frontier = seen;
    loop {
        let mut reached = 0u128;
        frontier.each(|w| reached |= links[w]);
        reached &= !seen;
        if reached & ends != 0 {
            return true;
        }
        frontier = reached & through;
        if frontier == 0 {
            return false;
        }
        seen |= frontier;
    }
}

/// What [`Routes::quick_chain`] could tell without a search.
enum QuickChain {
    /// This chain passes through the fleet.
    Through(Vec<usize>),
    /// This piece of a chain found before passes through the fleet.
    Again(Vec<usize>),
    /// No chain can: no way leads from the origin to the fleet, or from it to the destination.
    Apart,
    /// Only a [`Survey`] can tell.
    Unsure,
}

/// Marks a fleet no way reaches in [`shortest_ways`].
const UNREACHED: u32 = u32::MAX;

/// Breadth-first ways through the fleet graph from the fleets `ends`, following `links` and
/// going on only from fleets that may be passed `through`: for each fleet, the fleet one step
/// nearer the ends on a shortest way ([`UNREACHED`] if none; itself if one of them).
/// Searching `prev` from the landing fleets gives each fleet's next fleet on a shortest way
/// to them.
fn shortest_ways(ends: &[bool], links: &[Vec<usize>], through: impl Fn(usize) -> bool) -> Vec<u32> {
    let mut step = vec![UNREACHED; ends.len()];
    let mut queue = std::collections::VecDeque::with_capacity(ends.len());
    for (k, _) in ends.iter().enumerate().filter(|e| *e.1) {
        step[k] = k as u32;
        queue.push_back(k);
    }
    while let Some(w) = queue.pop_front() {
        if !through(w) {
            continue;
        }
        for &x in &links[w] {
            if step[x] == UNREACHED {
                step[x] = w as u32;
                queue.push_back(x);
            }
        }
    }
    step
}

/// The fleets of `within` that links reach from `start` (a part of `within`), passing only
/// fleets of `within`, and `start` itself.
fn bit_closure(links: &[u128], start: u128, within: u128) -> u128 {
    let (mut seen, mut frontier) = (start, start);
    while frontier != 0 {
        let mut reached = 0u128;
        frontier.each(|w| reached |= links[w]);
        frontier = reached & within & !seen;
        seen |= frontier;
    }
    seen
}

/// The fleets [`shortest_bit_ways`] reaches, without the ways: all a route's ends need to
/// know of most fleets.
fn bit_reach(ends: u128, links: &[u128], through: u128) -> u128 {
    let (mut seen, mut frontier) = (ends, ends);
    loop {
        let mut reached = 0u128;
        (frontier & through).each(|w| reached |= links[w]);
        reached &= !seen;
        if reached == 0 {
            return seen;
        }
        seen |= reached;
        frontier = reached;
    }
}

/// [`shortest_ways`] on fleets as bits (`back` is `links` reversed), layer by layer; each
/// fleet reached steps to the lowest-numbered fleet of the layer before that leads to it.
fn shortest_bit_ways(ends: u128, (links, back): (&[u128], &[u128]), through: u128) -> Vec<u32> {
    let mut step = vec![UNREACHED; links.len()];
    ends.each(|k| step[k] = k as u32);
    let (mut seen, mut frontier) = (ends, ends);
    loop {
        let from = frontier & through;
        let mut reached = 0u128;
        from.each(|w| reached |= links[w]);
        reached &= !seen;
        if reached == 0 {
            return step;
        }
        reached.each(|x| step[x] = (from & back[x]).trailing_zeros());
        seen |= reached;
        frontier = reached;
    }
}

/// What is known of the chains between two ends: for each fleet, whether some chain needs it,
/// which is settled for every fleet found on a chain and for every fleet asked about.
struct Chains {
    needed: Vec<bool>,
    settled: Vec<bool>,
    /// Once asked, for each fleet, the fleet before it on a shortest valid beginning of a
    /// chain, and the fleet after it on a shortest way to a landing fleet passing no fleet
    /// that takes the army ([`shortest_ways`]; see [`Routes::quick_chain`]).
    ways: Option<Ways>,
}

/// The shortest ways of [`Chains::ways`], with the two ends as bits where the board has at
/// most 128 convoying fleets.
struct Ways {
    /// Built when first wanted on boards of at most 128 fleets (only a fleet that takes or
    /// lands the army is walked back along it).
    behind: Option<Vec<u32>>,
    /// Empty on boards of at most 128 fleets, which keep only `reached`.
    ahead: Vec<u32>,
    /// The fleets some way reaches from a fleet taking the army, and those from which some
    /// way leads to a landing fleet, on boards of at most 128 fleets (0 on larger boards).
    reached: (u128, u128),
    /// The fleets taking the army, and those landing it (0 on larger boards).
    ends: (u128, u128),
    /// The fleets that could stand within a chain, neither first nor last, by
    /// [`within_chains`], once asked (never on larger boards).
    within: Option<u128>,
}

impl Ways {
    /// Whether ways lead to the fleet `k` from a fleet taking the army and on from it to a
    /// landing fleet, each passing no fleet of the other end.
    fn reaches(&self, k: usize) -> bool {
        match &self.behind {
            Some(behind) if !self.ahead.is_empty() => {
                behind[k] != UNREACHED && self.ahead[k] != UNREACHED
            }
            _ => self.reached.0.has(k) && self.reached.1.has(k),
        }
    }
}

/// The fleets that could stand within a chain from a fleet of `takes` to one of `lands`, a
/// superset of those some chain passes through: a chain `s, c1, .., t` (c1 onwards neither
/// taking nor landing the army) has no link from `s` to `t`, its second fleet follows `s` and
/// no later one does, its last but one leads to `t` and no earlier one does. So a fleet within
/// it is, for some such `s` and `t`, between a fleet following `s` and one leading to `t`
/// through fleets beside neither. A few searches per pair of ends settle most fleets that
/// [`Routes::quick_within`] cannot, which would otherwise cost a [`Survey`].
fn within_chains((next, prev): (&[u128], &[u128]), takes: u128, lands: u128) -> u128 {
    let n = next.len();
    let all = if n == 128 { !0 } else { (1u128 << n) - 1 };
    let inner = all & !takes & !lands;
    let mut out = 0u128;
    (takes & !lands).each(|s| {
        (lands & !takes).each(|t| {
            if next[s].has(t) {
                return;
            }
            let (after, before) = (next[s] & inner, prev[t] & inner);
            // Three fleets: the one between follows `s` and leads to `t`.
            out |= after & before;
            let middle = inner & !next[s] & !prev[t];
            let (first, last) = (after & !before, before & !after);
            if first == 0 || last == 0 {
                return;
            }
            // Onwards from the second fleets through the middle, to a last but one.
            let mut fwd = first;
            let mut frontier = first;
            while frontier != 0 {
                let mut reached = 0u128;
                frontier.each(|w| reached |= next[w]);
                reached &= (middle | last) & !fwd;
                fwd |= reached;
                frontier = reached & middle;
            }
            // Back from the last but one through the middle, to a second fleet.
            let mut bwd = last;
            let mut frontier = last;
            while frontier != 0 {
                let mut reached = 0u128;
                frontier.each(|w| reached |= prev[w]);
                reached &= (middle | first) & !bwd;
                bwd |= reached;
                frontier = reached & middle;
            }
            out |= fwd & bwd;
        });
    });
    out
}

/// A set of fleets by index.
trait Bits: Clone + Eq + std::hash::Hash {
    fn none(n: usize) -> Self;
    fn of(n: usize, bools: &[bool]) -> Self {
        let mut set = Self::none(n);
        for (k, _) in bools.iter().enumerate().filter(|b| *b.1) {
            set.add(k);
        }
        set
    }
    fn has(&self, k: usize) -> bool;
    fn add(&mut self, k: usize);
    fn remove(&mut self, k: usize);
    fn or(&mut self, other: &Self);
    fn and(&mut self, other: &Self);
    fn and_not(&mut self, other: &Self);
    fn any(&self) -> bool;
    /// The members, lowest first.
    fn members(&self) -> Vec<usize> {
        let mut out = Vec::new();
        self.each(|k| out.push(k));
        out
    }
    fn each(&self, f: impl FnMut(usize));
    /// The lowest member.
    fn first(&self) -> Option<usize>;
    /// Whether the two sets meet.
    fn meets(&self, other: &Self) -> bool {
        let mut both = self.clone();
        both.and(other);
        both.any()
    }
}

impl Bits for u128 {
    fn none(_: usize) -> Self {
        0
    }
    fn has(&self, k: usize) -> bool {
        self >> k & 1 == 1
    }
    fn add(&mut self, k: usize) {
        *self |= 1 << k;
    }
    fn remove(&mut self, k: usize) {
        *self &= !(1 << k);
    }
    fn or(&mut self, other: &Self) {
        *self |= other;
    }
    fn and(&mut self, other: &Self) {
        *self &= other;
    }
    fn and_not(&mut self, other: &Self) {
        *self &= !other;
    }
    fn any(&self) -> bool {
        *self != 0
    }
    fn each(&self, mut f: impl FnMut(usize)) {
        // A word at a time: clearing the lowest bit of a u128 costs several instructions
        // of the two words it spans, and this loop is the searches' innermost.
        for (half, base) in [(*self as u64, 0), ((*self >> 64) as u64, 64)] {
            let mut rest = half;
            while rest != 0 {
                f(base + rest.trailing_zeros() as usize);
                rest &= rest - 1;
            }
        }
    }
    fn meets(&self, other: &Self) -> bool {
        self & other != 0
    }
    fn first(&self) -> Option<usize> {
        (*self != 0).then(|| self.trailing_zeros() as usize)
    }
}

impl Bits for Vec<u64> {
    fn none(n: usize) -> Self {
        vec![0; n.div_ceil(64)]
    }
    fn has(&self, k: usize) -> bool {
        self[k / 64] >> (k % 64) & 1 == 1
    }
    fn add(&mut self, k: usize) {
        self[k / 64] |= 1 << (k % 64);
    }
    fn remove(&mut self, k: usize) {
        self[k / 64] &= !(1 << (k % 64));
    }
    fn or(&mut self, other: &Self) {
        self.iter_mut().zip(other).for_each(|(a, b)| *a |= b);
    }
    fn and(&mut self, other: &Self) {
        self.iter_mut().zip(other).for_each(|(a, b)| *a &= b);
    }
    fn and_not(&mut self, other: &Self) {
        self.iter_mut().zip(other).for_each(|(a, b)| *a &= !b);
    }
    fn any(&self) -> bool {
        self.iter().any(|w| *w != 0)
    }
    fn each(&self, mut f: impl FnMut(usize)) {
        for (i, &w) in self.iter().enumerate() {
            let mut rest = w;
            while rest != 0 {
                f(i * 64 + rest.trailing_zeros() as usize);
                rest &= rest - 1;
            }
        }
    }
    fn first(&self) -> Option<usize> {
        let i = self.iter().position(|w| *w != 0)?;
        Some(i * 64 + self[i].trailing_zeros() as usize)
    }
}

/// Runs a [`Survey`] between two ends (the fleets taking the army and those landing it),
/// settling the `wanted` fleets; returns every fleet known to be needed, with those `needed`
/// already.
fn survey<B: Bits>(
    (next, prev): (&[B], &[B]),
    (takes, lands): &(Fleets, Fleets),
    wanted: &[bool],
    needed: &[bool],
) -> Vec<bool> {
    let n = next.len();
    let takes_set = B::of(n, takes);
    let mut free = B::of(n, &vec![true; n]);
    free.and_not(&takes_set);
    let mut survey = Survey {
        next,
        prev,
        lands: B::of(n, lands),
        wanted: B::of(n, wanted),
        needed: B::of(n, needed),
        free,
        chain: Vec::new(),
        saved: Vec::new(),
        known: HashMap::with_capacity_and_hasher(4 * n, Quick),
        layers: Vec::new(),
    };
    for s in takes_set.members() {
        if survey.settled() {
            // Every fleet asked about is found on a chain: the rest could only find others.
            break;
        }
        survey.push(s);
        survey.explore();
        survey.pop();
    }
    (0..n).map(|k| survey.needed.has(k)).collect()
}

/// The search for the fleets some chain between two ends needs.
///
/// Whether a chain passes through a given fleet is hard to tell in general, but whether a
/// chain begun with some fleets can be finished at all is not: a shortest way on through the
/// fleets not beside the chain so far has no shortcut itself (a shortcut would make it
/// shorter). So every beginning that can be finished is finished at once by one breadth-first
/// search, and all its fleets are needed. A beginning is carried further only while some
/// wanted fleet not yet known to be needed could still join it: one reachable from its last
/// fleet without coming back beside it, from which the army could still land. What may
/// follow a beginning depends only on its last fleet and the fleets it could still reach, so
/// beginnings alike in those share one answer.
struct Survey<'r, B> {
    /// For each fleet, the fleets its fleet borders lead to, and those leading to it.
    next: &'r [B],
    prev: &'r [B],
    lands: B,
    /// The fleets whose answers are sought; others are found only on the way.
    wanted: B,
    /// The fleets found on some chain so far.
    needed: B,
    /// The fleets that may follow the chain: not in it, unable to take the army from its
    /// origin, and with no link from any fleet of the chain but the last.
    free: B,
    /// The beginning being tried.
    chain: Vec<usize>,
    /// `free` as it was before each fleet of the chain was added, to be put back.
    saved: Vec<B>,
    /// Beginnings already tried, by their last fleet and the fleets they could still reach:
    /// whether they can be finished (every wanted fleet they could add then being found).
    known: HashMap<(usize, B), bool, Quick>,
    /// Room for the layers of a breadth-first search, kept from one to the next.
    layers: Vec<B>,
}

impl<B: Bits> Survey<'_, B> {
    fn push(&mut self, x: usize) {
        self.saved.push(self.free.clone());
        if let Some(&last) = self.chain.last() {
            self.free.and_not(&self.next[last]);
        }
        self.chain.push(x);
        self.free.remove(x);
    }

    fn pop(&mut self) {
        self.chain.pop().expect("a fleet to take back");
        self.free = self.saved.pop().expect("the free fleets before it");
    }

    /// Whether the chain so far (a valid beginning) can be finished; if so its fleets, and
    /// those of every finished chain it begins that could add a wanted fleet, are needed.
    fn explore(&mut self) -> bool {
        let last = *self.chain.last().expect("a chain has a first fleet");
        if self.lands.has(last) {
            self.mark_chain();
            return true;
        }
        let (reach, nearest) = self.ahead(last);
        let key = (last, reach.clone());
        if let Some(&finishes) = self.known.get(&key) {
            if finishes {
                self.mark_chain();
            }
            return finishes;
        }
        let Some(nearest) = nearest else {
            self.known.insert(key, false);
            return false;
        };
        self.mark_chain();
        self.mark_way(nearest);
        if self.may_add(last, &reach) {
            let mut after = self.next[last].clone();
            after.and(&self.free);
            while let Some(x) = after.first() {
                after.remove(x);
                self.push(x);
                self.explore();
                self.pop();
            }
        }
        self.known.insert(key, true);
        true
    }

    /// Whether every wanted fleet is known to be needed.
    fn settled(&self) -> bool {
        let mut sought = self.wanted.clone();
        sought.and_not(&self.needed);
        !sought.any()
    }

    fn mark_chain(&mut self) {
        for &k in &self.chain {
            self.needed.add(k);
        }
    }

    /// The fleets reachable through `from` (each led to by some fleet of it that is not a
    /// landing fleet), that are free and in `within`.
    fn step(&self, from: &B, within: &B) -> B {
        let mut out = B::none(self.next.len());
        let mut through = from.clone();
        through.and_not(&self.lands);
        through.each(|w| out.or(&self.next[w]));
        out.and(within);
        out
    }

    /// Whether some wanted fleet not yet known to be needed could still join the chain, which
    /// ends at `last`. Only the fleet right after `last` may be beside it, so a fleet further
    /// on must be reachable from `last` through fleets not beside it, and able to reach a
    /// landing fleet through such fleets; the fleet right after must land the army or lead to
    /// such a fleet. Every fleet on such a way is among those `reach`ed from `last`.
    fn may_add(&self, last: usize, reach: &B) -> bool {
        let mut sought = self.wanted.clone();
        sought.and_not(&self.needed);
        if !sought.meets(reach) {
            return false;
        }
        let mut open = self.free.clone();
        open.and(reach);
        open.and_not(&self.next[last]);
        // The fleets from which the army could still land, far from `last`.
        let mut lands_after = self.lands.clone();
        lands_after.and(&open);
        let mut passable = open.clone();
        passable.and_not(&self.lands);
        let mut frontier = lands_after.clone();
        while frontier.any() {
            let mut new = B::none(self.next.len());
            frontier.each(|w| new.or(&self.prev[w]));
            new.and(&passable);
            new.and_not(&lands_after);
            lands_after.or(&new);
            frontier = new;
        }
        let mut first = self.next[last].clone();
        first.and(&self.free);
        let mut right_after = false;
        first.each(|x| {
            right_after |= sought.has(x) && (self.lands.has(x) || self.next[x].meets(&lands_after));
        });
        if right_after {
            return true;
        }
        // Further on: reachable from the first fleets through fleets not beside `last`.
        let mut seen = self.step(&first, &open);
        let mut frontier = seen.clone();
        while frontier.any() {
            let mut new = self.step(&frontier, &open);
            new.and_not(&seen);
            seen.or(&new);
            frontier = new;
        }
        seen.and(&lands_after);
        seen.meets(&sought)
    }

    /// Breadth-first from `start` through free fleets: the fleets it reaches, and the depth
    /// and fleet of a nearest one that lands the army (the layers stay in `layers` for
    /// [`Survey::mark_way`], as the way there is wanted only when the answer is not known
    /// already). A fleet that lands the army ends a chain, so the search does not pass
    /// through one.
    fn ahead(&mut self, start: usize) -> (B, Option<(usize, usize)>) {
        let mut layers = std::mem::take(&mut self.layers);
        layers.clear();
        let mut frontier = self.next[start].clone();
        frontier.and(&self.free);
        let mut reach = frontier.clone();
        let mut nearest = None;
        while frontier.any() {
            if nearest.is_none() && frontier.meets(&self.lands) {
                let mut end = frontier.clone();
                end.and(&self.lands);
                nearest = Some((layers.len(), end.first().expect("a landing fleet")));
            }
            layers.push(frontier.clone());
            let mut new = self.step(&frontier, &self.free);
            new.and_not(&reach);
            reach.or(&new);
            frontier = new;
        }
        self.layers = layers;
        (reach, nearest)
    }

    /// Marks as needed the way the last [`Survey::ahead`] found to its nearest landing fleet.
    fn mark_way(&mut self, (depth, end): (usize, usize)) {
        self.needed.add(end);
        let mut k = end;
        for i in (0..depth).rev() {
            let mut before = self.layers[i].clone();
            before.and(&self.prev[k]);
            before.and_not(&self.lands);
            k = before.first().expect("a layer leads to the next");
            self.needed.add(k);
        }
    }
}

/// A quick hash for the small keys of route answers (province numbers, bit sets of fleets);
/// nothing here comes from outside, so no protection against crafted keys is needed.
#[derive(Clone, Copy, Default)]
struct Quick;

struct QuickHasher(u64);

impl BuildHasher for Quick {
    type Hasher = QuickHasher;
    fn build_hasher(&self) -> QuickHasher {
        QuickHasher(0)
    }
}

impl Hasher for QuickHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(b as u64);
        }
    }
    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    fn write_u128(&mut self, x: u128) {
        self.write_u64(x as u64);
        self.write_u64((x >> 64) as u64);
    }
    fn write_u16(&mut self, x: u16) {
        self.write_u64(x as u64);
    }
    fn write_usize(&mut self, x: usize) {
        self.write_u64(x as u64);
    }
}
