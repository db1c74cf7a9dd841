//! Movement phases: checks every order, then resolves moves, supports and convoys together.
//!
//! The resolver follows Lucas Kruijswijk's method from the DATC's "math of adjudication":
//! each order has one yes/no decision (a move succeeds; a support is given; a convoying fleet
//! stays), decided recursively from the strengths involved. Decisions that depend on
//! themselves are settled by guessing both ways: if both guesses give the same answer it
//! stands; if not, the cycle is either circular movement (every move in it succeeds) or a
//! convoy paradox, settled by the rulebook's [`ParadoxRule`].

use super::route::{border_into, convoy_lands, destination, fleets_link, LazyRoutes};
use super::{advance, find_unit, Adjudication, DislodgedReport, OrderResult, Submitted};
use crate::map::{Location, ProvinceId};
use crate::order::{Order, Target, UnitRef};
use crate::position::{Dislodged, Position};
use crate::rulebook::{ConvoyAttack, ConvoyDisruption, ConvoyIntent, ParadoxRule};
use crate::unit::{Unit, UnitKind};
use crate::variant::Variant;

/// A strength in the DATC's sense (attack, hold, defend, prevent).
type Strength = i32;

/// The strength of no opposition at all: an empty or vacated province's hold strength, the
/// prevent strength of a rival whose convoy failed or who lost its head-to-head battle, the
/// attack strength of a move with no route (or on its own power's unit).
///
/// It ranks below 0 because a move can have strength 0: an army crossing a Pirates landbridge
/// moves at "null strength" (`move_base_strength` 0). Such a move must still enter an empty,
/// uncontested province (0 > -1), yet bounce off any unit that stays (hold 1), lose to any
/// rival of strength 1 or more, and stand off with another null-strength rival (0 is not more
/// than 0). With 0 for "nothing", as the DATC writes it, it could never move at all. Every move
/// of Standard has strength at least 1, so for Standard -1 and 0 compare the same and no result
/// changes.
const NO_STRENGTH: Strength = -1;

/// What a unit actually does once its order has been checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Act {
    Hold,
    Move {
        to: Location,
        by_convoy: bool,
        /// Strength before supports going by land (or by sea, for a fleet), and going by
        /// convoy: they differ across Pirates' landbridges (null strength by land, full by
        /// convoy), and whether an adjacent army goes by convoy is settled only later.
        base: u32,
        convoy_base: u32,
    },
    SupportHold {
        of: usize,
    },
    SupportMove {
        of: usize,
        into: ProvinceId,
    },
    /// A support that names a unit not doing what it says: it helps no one.
    SupportVoid {
        into: Option<ProvinceId>,
    },
    Convoy {
        army: ProvinceId,
        to: ProvinceId,
    },
}

/// A checked order before supports and convoys are matched to what units really do.
#[derive(Clone, Copy, Debug)]
enum Checked {
    Hold,
    Move {
        to: Location,
        needs_convoy: bool,
        via_convoy: bool,
        base: u32,
        convoy_base: u32,
    },
    SupportHold {
        target: UnitRef,
    },
    SupportMove {
        target: UnitRef,
        to: Target,
    },
    Convoy {
        army: ProvinceId,
        to: ProvinceId,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    Unresolved,
    Guessing(bool),
    Resolved(bool),
}

struct Resolver<'a> {
    variant: &'a Variant,
    units: &'a [Unit],
    acts: Vec<Act>,
    /// The single unit in each province, for provinces that hold one.
    occupant: Vec<Option<usize>>,
    /// Units ordered to move into each province.
    attackers: Vec<Vec<usize>>,
    /// Supports that match what each unit does (hold supports or move supports).
    supports: Vec<Vec<usize>>,
    /// For an army moving by convoy: the fleets ordered to convoy exactly that move.
    convoyers: Vec<Vec<usize>>,
    many: Vec<bool>,
    state: Vec<State>,
    deps: Vec<usize>,
    paradox_failed: Vec<bool>,
    /// How many times a guessed decision has been read; tells whether a decision leaned on one.
    guesses_read: u64,
}

impl<'a> Resolver<'a> {
    fn origin(&self, u: usize) -> ProvinceId {
        self.units[u].location.province
    }

    /// A move's destination, whether it goes by convoy, and its strength before supports.
    fn mv(&self, u: usize) -> Option<(ProvinceId, bool, Strength)> {
        match self.acts[u] {
            Act::Move {
                to,
                by_convoy,
                base,
                convoy_base,
            } => Some((
                to.province,
                by_convoy,
                if by_convoy { convoy_base } else { base } as Strength,
            )),
            _ => None,
        }
    }

    fn resolve(&mut self, i: usize) -> bool {
        match self.state[i] {
            State::Resolved(r) => return r,
            State::Guessing(r) => {
                self.guesses_read += 1;
                if !self.deps.contains(&i) {
                    self.deps.push(i);
                }
                return r;
            }
            State::Unresolved => {}
        }
        let old = self.deps.len();
        let reads = self.guesses_read;
        self.state[i] = State::Guessing(false);
        let first = self.decide(i);
        if self.guesses_read == reads {
            // No guess was consulted: the answer is final (unless a backup rule already
            // fixed it while we were deciding).
            if let State::Resolved(r) = self.state[i] {
                return r;
            }
            self.state[i] = State::Resolved(first);
            return first;
        }
        if self.deps.len() == old || self.deps[old] != i {
            // Depends on another order's guess, not on its own: part of that order's cycle,
            // settled when that order is.
            self.deps.push(i);
            self.state[i] = State::Guessing(first);
            return first;
        }
        // A cycle through this order: try the other guess.
        for &d in &self.deps[old..] {
            self.state[d] = State::Unresolved;
        }
        self.deps.truncate(old);
        self.state[i] = State::Guessing(true);
        let second = self.decide(i);
        if first == second {
            for &d in &self.deps[old..] {
                self.state[d] = State::Unresolved;
            }
            self.deps.truncate(old);
            self.state[i] = State::Resolved(first);
            return first;
        }
        self.backup_rule(old);
        self.resolve(i)
    }

    /// Settles a cycle with no single consistent answer.
    fn backup_rule(&mut self, old: usize) {
        let cycle: Vec<usize> = self.deps[old..].to_vec();
        // A cycle with a convoy in it is a paradox; one of moves alone is circular movement.
        let paradox = cycle
            .iter()
            .any(|&d| matches!(self.acts[d], Act::Convoy { .. }));
        for &d in &cycle {
            self.state[d] = State::Unresolved;
        }
        let mut settled = false;
        if paradox {
            let all_hold = self.variant.options.paradox == ParadoxRule::AllHold;
            for &d in &cycle {
                match self.acts[d] {
                    Act::Convoy { .. } => {
                        self.paradox_failed[d] = true;
                        self.state[d] = State::Resolved(false);
                        settled = true;
                    }
                    Act::Move { .. } if all_hold => self.state[d] = State::Resolved(false),
                    _ => {}
                }
            }
        } else {
            for &d in &cycle {
                if let Act::Move { .. } = self.acts[d] {
                    self.state[d] = State::Resolved(true);
                    settled = true;
                }
            }
        }
        if !settled {
            // Cannot happen with the decisions above, but never loop: the cycle's orders fail.
            for &d in &cycle {
                self.state[d] = State::Resolved(false);
            }
        }
        self.deps.truncate(old);
    }

    fn decide(&mut self, i: usize) -> bool {
        match self.acts[i] {
            Act::Move { .. } => self.decide_move(i),
            Act::SupportHold { .. } | Act::SupportMove { .. } | Act::SupportVoid { .. } => {
                self.decide_support(i)
            }
            Act::Convoy { .. } => self.decide_convoy(i),
            Act::Hold => true,
        }
    }

    /// Whether an army moving by convoy has an unbroken chain of fleets.
    fn path(&mut self, m: usize) -> bool {
        let Some((to, by_convoy, _)) = self.mv(m) else {
            return true;
        };
        if !by_convoy {
            return true;
        }
        let from = self.origin(m);
        let fleets = self.convoyers[m].clone();
        if self.variant.options.convoy_disruption == ConvoyDisruption::AnyFleet {
            let mut all = true;
            for &f in &fleets {
                all &= self.resolve(f);
            }
            if !all {
                return false;
            }
        }
        // Breadth-first through fleets that stay, resolving each only when reached.
        let variant = self.variant;
        let lands = |f: usize, p: ProvinceId| convoy_lands(variant, self.units[f].location, p);
        let mut reached = vec![false; fleets.len()];
        let mut frontier: Vec<usize> = (0..fleets.len())
            .filter(|&k| lands(fleets[k], from))
            .collect();
        for &k in &frontier {
            reached[k] = true;
        }
        while let Some(k) = frontier.pop() {
            let f = fleets[k];
            if !self.resolve(f) {
                continue;
            }
            if lands(f, to) {
                return true;
            }
            let fp = self.units[f].location.province;
            for (j, &g) in fleets.iter().enumerate() {
                if !reached[j] && fleets_link(variant, self.units[g].location.province, fp) {
                    reached[j] = true;
                    frontier.push(j);
                }
            }
        }
        false
    }

    /// The unit in `m`'s destination if it is moving back into `m`'s origin, neither by convoy.
    fn head_to_head(&self, m: usize) -> Option<usize> {
        let (to, by_convoy, _) = self.mv(m)?;
        // Units leaving a province that holds many pass those coming in: there is room.
        if by_convoy || self.many[self.origin(m).0 as usize] {
            return None;
        }
        let o = self.occupant[to.0 as usize]?;
        let (oto, obc, _) = self.mv(o)?;
        if obc || oto != self.origin(m) {
            return None;
        }
        // With the coastal crawl, fleets passing along different coasts do not meet.
        if self.variant.options.coastal_crawl {
            if let (Act::Move { to: mto, .. }, Act::Move { to: oto_loc, .. }) =
                (self.acts[m], self.acts[o])
            {
                let m_from = self.units[m].location;
                let o_from = self.units[o].location;
                if (m_from.coast.is_some() && oto_loc.coast != m_from.coast)
                    || (o_from.coast.is_some() && mto.coast != o_from.coast)
                {
                    return None;
                }
            }
        }
        Some(o)
    }

    fn count_supports(
        &mut self,
        u: usize,
        exclude_power: Option<crate::unit::PowerId>,
    ) -> Strength {
        let mut n = 0;
        for s in self.supports[u].clone() {
            if exclude_power == Some(self.units[s].power) {
                continue;
            }
            if self.resolve(s) {
                n += 1;
            }
        }
        n
    }

    fn attack_strength(&mut self, m: usize) -> Strength {
        let (to, _, base) = self.mv(m).expect("attack strength of a move");
        if !self.path(m) {
            return NO_STRENGTH;
        }
        let Some(o) = self.occupant[to.0 as usize] else {
            return base + self.count_supports(m, None);
        };
        let moves_away = self.mv(o).is_some() && self.head_to_head(m) != Some(o) && self.resolve(o);
        if moves_away {
            return base + self.count_supports(m, None);
        }
        // A unit never dislodges one of its own power's.
        if self.units[o].power == self.units[m].power {
            return NO_STRENGTH;
        }
        base + self.count_supports(m, Some(self.units[o].power))
    }

    fn hold_strength(&mut self, p: ProvinceId) -> Strength {
        let Some(o) = self.occupant[p.0 as usize] else {
            return NO_STRENGTH;
        };
        if self.mv(o).is_some() {
            return if self.resolve(o) { NO_STRENGTH } else { 1 };
        }
        if !self
            .variant
            .rules
            .may_receive_hold_support(&self.variant.map, &self.units[o])
        {
            return 1;
        }
        1 + self.count_supports(o, None)
    }

    fn defend_strength(&mut self, m: usize) -> Strength {
        let base = self.mv(m).map(|(_, _, b)| b).unwrap_or(1);
        base + self.count_supports(m, None)
    }

    fn prevent_strength(&mut self, k: usize) -> Strength {
        let (_, _, base) = self.mv(k).expect("prevent strength of a move");
        if !self.path(k) {
            return NO_STRENGTH;
        }
        if let Some(o) = self.head_to_head(k) {
            if self.resolve(o) {
                return NO_STRENGTH;
            }
        }
        base + self.count_supports(k, None)
    }

    fn decide_move(&mut self, m: usize) -> bool {
        let (to, _, _) = self.mv(m).expect("a move");
        if self.many[to.0 as usize] {
            return self.path(m);
        }
        if !self.path(m) {
            return false;
        }
        let attack = self.attack_strength(m);
        match self.head_to_head(m) {
            Some(o) => {
                if attack <= self.defend_strength(o) {
                    return false;
                }
            }
            None => {
                if attack <= self.hold_strength(to) {
                    return false;
                }
            }
        }
        for k in self.attackers[to.0 as usize].clone() {
            if k != m && attack <= self.prevent_strength(k) {
                return false;
            }
        }
        true
    }

    /// Whether a support is given: not cut by an attack from anywhere but the province it
    /// supports into, and not dislodged.
    fn decide_support(&mut self, s: usize) -> bool {
        let into = match self.acts[s] {
            Act::SupportMove { into, .. } => Some(into),
            Act::SupportVoid { into } => into,
            _ => None,
        };
        let here = self.origin(s);
        // A move into a province that holds many attacks no one there.
        if self.many[here.0 as usize] {
            return true;
        }
        for a in self.attackers[here.0 as usize].clone() {
            if self.units[a].power == self.units[s].power {
                continue;
            }
            if Some(self.origin(a)) == into {
                if self.resolve(a) {
                    return false;
                }
                continue;
            }
            if self.path(a) {
                return false;
            }
        }
        true
    }

    /// Whether a convoying fleet stays to carry its army.
    fn decide_convoy(&mut self, f: usize) -> bool {
        if self.paradox_failed[f] {
            return false;
        }
        let here = self.units[f].location;
        // Nothing dislodges a fleet where many may stand.
        if self.many[here.province.0 as usize] {
            return true;
        }
        for a in self.attackers[here.province.0 as usize].clone() {
            if self.resolve(a) {
                return false;
            }
            if self.units[a].power == self.units[f].power {
                continue;
            }
            let attacker_attacked = self.attackers[self.origin(a).0 as usize]
                .iter()
                .any(|&b| self.units[b].power != self.units[a].power);
            let attack = ConvoyAttack {
                attacker: &self.units[a],
                fleet: &self.units[f],
                attacker_attacked,
            };
            let disrupts = self
                .variant
                .rules
                .attack_disrupts_convoy(&self.variant.map, &attack);
            if disrupts && self.path(a) {
                return false;
            }
        }
        true
    }
}

/// Whether `order` from `power` would be legal in this movement phase as its only order: the
/// unit is there and the power's, and the order could be carried out (the checks
/// [`adjudicate`] makes before resolving). Cheaper than adjudicating it alone, with the same
/// answer, and `routes` keeps what it learns of convoys for the next question.
pub(super) fn accepts(
    variant: &Variant,
    units: &[Unit],
    routes: &LazyRoutes,
    power: crate::unit::PowerId,
    order: &Order,
) -> Result<(), String> {
    let u = find_unit(variant, units, power, order, |_| false)?;
    check_order(variant, units, routes, u, order).map(|_| ())
}

fn check_order(
    variant: &Variant,
    units: &[Unit],
    routes: &LazyRoutes,
    u: usize,
    order: &Order,
) -> Result<Checked, String> {
    let map = &variant.map;
    let rules = &variant.rules;
    let unit = &units[u];
    let here = unit.location.province;
    let pname = |p: ProvinceId| map.province(p).name.clone();
    match order {
        Order::Hold { .. } => Ok(Checked::Hold),
        Order::Move { to, via_convoy, .. } => {
            if to.province == here {
                return Err(format!(
                    "a unit cannot move to its own province ({})",
                    pname(here)
                ));
            }
            if unit.kind == UnitKind::Army {
                let border = border_into(variant, unit, to.province);
                let convoyable = routes.get().exists(here, to.province, None);
                if to.coast.is_some()
                    && variant.options.coasts == crate::rulebook::CoastLeniency::Strict
                {
                    return Err("an army cannot move to a coast".into());
                }
                // A convoyed move crosses no border (Pirates: full strength over a landbridge).
                let convoy_base = rules.move_base_strength(map, unit, None);
                match border {
                    Some(b) if !*via_convoy || !convoyable => Ok(Checked::Move {
                        to: Location::province(to.province),
                        needs_convoy: false,
                        via_convoy: false,
                        base: rules.move_base_strength(map, unit, Some(b)),
                        convoy_base,
                    }),
                    _ if convoyable => Ok(Checked::Move {
                        to: Location::province(to.province),
                        needs_convoy: border.is_none(),
                        via_convoy: true,
                        base: border.map_or(convoy_base, |b| {
                            rules.move_base_strength(map, unit, Some(b))
                        }),
                        convoy_base,
                    }),
                    _ => Err(format!(
                        "{} does not border {} and no convoy could carry an army there",
                        pname(here),
                        pname(to.province)
                    )),
                }
            } else {
                if *via_convoy {
                    return Err(format!(
                        "only armies are convoyed; this is {}",
                        variant.unit_text(unit)
                    ));
                }
                let dest = destination(variant, unit, *to)?;
                let border = map.fleet_border(unit.location, dest);
                let base = rules.move_base_strength(map, unit, border);
                Ok(Checked::Move {
                    to: dest,
                    needs_convoy: false,
                    via_convoy: false,
                    base,
                    convoy_base: base,
                })
            }
        }
        Order::SupportHold { supported, .. } | Order::SupportMove { supported, .. } => {
            let into = match order {
                Order::SupportMove { to, .. } => to.province,
                _ => supported.province,
            };
            // Where several units may stand, a unit may support another one beside it.
            let many_here = rules.holds_many(map, here);
            let beside = |x: usize| {
                x != u
                    && units[x].location.province == here
                    && supported.kind.is_none_or(|k| k == units[x].kind)
            };
            if supported.province == here {
                if !many_here {
                    return Err("a unit cannot support itself".into());
                }
                if !(0..units.len()).any(beside) {
                    return Err(format!(
                        "there is no other unit in {} for {} to support",
                        pname(here),
                        variant.unit_text(unit)
                    ));
                }
            }
            // Where many may stand nobody is stood off or dislodged, so support there is
            // pointless; it is refused rather than silently wasted.
            if rules.holds_many(map, into) {
                return Err(match order {
                    Order::SupportHold { .. } => format!(
                        "nothing can dislodge a unit in {}, so it cannot be supported to hold",
                        pname(into)
                    ),
                    _ => format!(
                        "nothing can keep a unit out of {}, so a move there needs no support",
                        pname(into)
                    ),
                });
            }
            if into == here {
                return Err(format!(
                    "a unit cannot support a move into its own province ({})",
                    pname(here)
                ));
            }
            let Some(border) = border_into(variant, unit, into) else {
                return Err(format!(
                    "{} cannot reach {}, so cannot support there",
                    variant.unit_text(unit),
                    pname(into)
                ));
            };
            if !rules.may_support(map, unit, supported.province, into, border) {
                return Err(format!(
                    "{} may not support into {}",
                    variant.unit_text(unit),
                    pname(into)
                ));
            }
            match order {
                Order::SupportMove { to, .. } => {
                    if to.province == supported.province {
                        return Err("a supported move must go to another province".into());
                    }
                    // The supported unit, if there, must be able to make the move: by land or
                    // sea, or by a convoy that does not need the supporter itself.
                    if let Some(t) = units.iter().enumerate().find_map(|(x, t)| {
                        (x != u && t.location.province == supported.province).then_some(t)
                    }) {
                        let possible = match t.kind {
                            UnitKind::Army => {
                                border_into(variant, t, to.province).is_some()
                                    || routes.get().exists(
                                        t.location.province,
                                        to.province,
                                        Some(here),
                                    )
                            }
                            _ => {
                                let from =
                                    if supported.coast.is_some() && t.location.coast.is_some() {
                                        supported.location()
                                    } else {
                                        t.location
                                    };
                                let probe = Unit {
                                    location: from,
                                    ..*t
                                };
                                destination(variant, &probe, Target { coast: None, ..*to }).is_ok()
                                    || map.fleet_borders_into(from, to.province).next().is_some()
                            }
                        };
                        if !possible {
                            return Err(format!(
                                "{} cannot move to {}, so the move cannot be supported",
                                variant.unit_text(t),
                                pname(to.province)
                            ));
                        }
                    }
                    Ok(Checked::SupportMove {
                        target: *supported,
                        to: *to,
                    })
                }
                _ => Ok(Checked::SupportHold { target: *supported }),
            }
        }
        Order::Convoy { army, to, .. } => {
            if unit.kind != UnitKind::Fleet || !rules.can_convoy_at(map, unit.location) {
                return Err(format!(
                    "{} cannot convoy: only fleets at sea convoy",
                    variant.unit_text(unit)
                ));
            }
            if army.kind.is_some_and(|k| k != UnitKind::Army) {
                return Err("only armies can be convoyed".into());
            }
            if let Some(a) = units.iter().find(|x| x.location.province == army.province) {
                if a.kind != UnitKind::Army {
                    return Err(format!(
                        "{} is not an army, so cannot be convoyed",
                        variant.unit_text(a)
                    ));
                }
            }
            if !routes.get().needs(army.province, to.province, here) {
                return Err(format!(
                    "no chain of fleets through {} could carry an army from {} to {}",
                    pname(here),
                    pname(army.province),
                    pname(to.province)
                ));
            }
            Ok(Checked::Convoy {
                army: army.province,
                to: to.province,
            })
        }
        Order::Retreat { .. } => Err("retreats are ordered in the retreat phase".into()),
        Order::Disband { .. } => {
            Err("disbands are ordered in the retreat or adjustment phase".into())
        }
        Order::Build { .. } | Order::Waive => {
            Err("builds are ordered in the adjustment phase".into())
        }
        Order::Special { verb, .. } => Err(format!("'{verb}' is not an order of this variant")),
    }
}

pub(super) fn adjudicate(
    variant: &Variant,
    position: &Position,
    orders: &[Submitted],
) -> Adjudication {
    let map = &variant.map;
    let units = &position.units;
    let n = units.len();
    let mut results: Vec<Option<OrderResult>> = vec![None; orders.len()];
    let mut checked: Vec<Option<(usize, Checked)>> = vec![None; orders.len()];
    let mut ordered: Vec<Option<usize>> = vec![None; n];
    let routes = LazyRoutes::new(variant, units, false);

    for (k, sub) in orders.iter().enumerate() {
        let order = match &sub.order {
            Ok(o) => o,
            Err(e) => {
                results[k] = Some(OrderResult::illegal(e.clone()));
                continue;
            }
        };
        let u = match find_unit(variant, units, sub.power, order, |k| ordered[k].is_some()) {
            Ok(u) => u,
            Err(e) => {
                results[k] = Some(OrderResult::illegal(e));
                continue;
            }
        };
        if ordered[u].is_some() {
            results[k] = Some(OrderResult::illegal(format!(
                "{} already has an order",
                variant.unit_text(&units[u])
            )));
            continue;
        }
        match check_order(variant, units, &routes, u, order) {
            Ok(c) => {
                ordered[u] = Some(k);
                checked[k] = Some((u, c));
            }
            Err(e) => results[k] = Some(OrderResult::illegal(e)),
        }
    }

    // What each unit does before supports and convoys are matched.
    let mut plan: Vec<Checked> = vec![Checked::Hold; n];
    for (u, c) in checked.iter().flatten() {
        plan[*u] = *c;
    }
    let unit_in = |p: ProvinceId| units.iter().position(|x| x.location.province == p);

    // Which armies go by convoy: the rulebook's convoy-intent choice.
    let convoy_orders: Vec<(usize, ProvinceId, ProvinceId)> = plan
        .iter()
        .enumerate()
        .filter_map(|(f, c)| match c {
            Checked::Convoy { army, to } => Some((f, *army, *to)),
            _ => None,
        })
        .collect();
    let fallback = variant.options.failed_convoy_falls_back_to_land;
    let intends_convoy = |u: usize, via_convoy: bool, to: ProvinceId| {
        let matching = convoy_orders
            .iter()
            .filter(|f| f.1 == units[u].location.province && f.2 == to);
        via_convoy
            || match variant.options.convoy_intent {
                ConvoyIntent::ViaConvoyOnly => false,
                ConvoyIntent::ViaConvoyOrOwnFleet => {
                    matching.clone().any(|f| units[f.0].power == units[u].power)
                }
                ConvoyIntent::Kidnapping => matching.clone().next().is_some(),
            }
    };
    let mut acts: Vec<Act> = vec![Act::Hold; n];
    // With the fallback rule, an adjacent army meant to go by convoy moves by land if its
    // convoy route is broken; deciding that needs a resolution of its own, below.
    let mut fallback_candidates: Vec<usize> = Vec::new();
    for u in 0..n {
        if let Checked::Move {
            to,
            needs_convoy,
            via_convoy,
            base,
            convoy_base,
        } = plan[u]
        {
            let intends = intends_convoy(u, via_convoy, to.province);
            if fallback && intends && !needs_convoy {
                fallback_candidates.push(u);
            }
            let by_convoy = needs_convoy || (intends && !fallback);
            acts[u] = Act::Move {
                to,
                by_convoy,
                base,
                convoy_base,
            };
        }
    }

    let many: Vec<bool> = map
        .province_ids()
        .map(|p| variant.rules.holds_many(map, p))
        .collect();
    let mut support_status: Vec<Option<String>> = vec![None; n];
    for u in 0..n {
        match plan[u] {
            Checked::SupportHold { target } => {
                let t = unit_in(target.province);
                acts[u] = match t {
                    Some(t)
                        if !matches!(acts[t], Act::Move { .. })
                            && kind_matches(target, &units[t]) =>
                    {
                        Act::SupportHold { of: t }
                    }
                    Some(_) => {
                        support_status[u] = Some("the supported unit did not hold".into());
                        Act::SupportVoid { into: None }
                    }
                    None => {
                        support_status[u] = Some("there is no unit to support there".into());
                        Act::SupportVoid { into: None }
                    }
                };
            }
            Checked::SupportMove { target, to } => {
                let makes_move = |t: usize| {
                    t != u
                        && kind_matches(target, &units[t])
                        && matches!(acts[t], Act::Move { to: mt, .. } if mt.province == to.province
                            && (to.coast.is_none() || mt.coast.is_none() || mt.coast == to.coast))
                };
                let picked = if many[target.province.0 as usize] {
                    supported_in_box(variant, units, u, target.province, makes_move)
                } else {
                    match unit_in(target.province) {
                        Some(t) if makes_move(t) => Ok(t),
                        Some(_) => Err("the supported unit did not make that move".to_string()),
                        None => Err("there is no unit to support there".to_string()),
                    }
                };
                acts[u] = match picked {
                    Ok(t) => Act::SupportMove {
                        of: t,
                        into: to.province,
                    },
                    Err(why) => {
                        support_status[u] = Some(why);
                        Act::SupportVoid {
                            into: Some(to.province),
                        }
                    }
                };
            }
            Checked::Convoy { army, to } => acts[u] = Act::Convoy { army, to },
            _ => {}
        }
    }

    let provinces = map.provinces.len();
    let mut occupant = vec![None; provinces];
    let mut attackers = vec![Vec::new(); provinces];
    let mut supports = vec![Vec::new(); n];
    let mut convoyers = vec![Vec::new(); n];
    for (u, unit) in units.iter().enumerate() {
        let p = unit.location.province.0 as usize;
        if !many[p] {
            occupant[p] = Some(u);
        }
        match acts[u] {
            Act::Move { to, .. } => attackers[to.province.0 as usize].push(u),
            Act::SupportHold { of } | Act::SupportMove { of, .. } => supports[of].push(u),
            _ => {}
        }
    }
    for u in 0..n {
        if let Act::Move {
            to,
            by_convoy: true,
            ..
        } = acts[u]
        {
            let from = units[u].location.province;
            convoyers[u] = convoy_orders
                .iter()
                .filter(|f| f.1 == from && f.2 == to.province)
                .map(|f| f.0)
                .collect();
        }
    }

    let mut r = Resolver {
        variant,
        units,
        acts,
        occupant,
        attackers,
        supports,
        convoyers,
        many,
        state: vec![State::Unresolved; n],
        deps: Vec::new(),
        paradox_failed: vec![false; n],
        guesses_read: 0,
    };

    // The fallback rule: an adjacent army whose convoy is broken moves by land instead.
    for &u in &fallback_candidates {
        if let Act::Move {
            to,
            base,
            convoy_base,
            ..
        } = r.acts[u]
        {
            r.acts[u] = Act::Move {
                to,
                by_convoy: true,
                base,
                convoy_base,
            };
            let from = units[u].location.province;
            r.convoyers[u] = convoy_orders
                .iter()
                .filter(|f| f.1 == from && f.2 == to.province)
                .map(|f| f.0)
                .collect();
            let has_route = !r.convoyers[u].is_empty() && r.path(u);
            if !has_route && border_into(variant, &units[u], to.province).is_some() {
                r.acts[u] = Act::Move {
                    to,
                    by_convoy: false,
                    base,
                    convoy_base,
                };
            }
            r.state.iter_mut().for_each(|s| *s = State::Unresolved);
            r.deps.clear();
        }
    }

    let success: Vec<bool> = (0..n).map(|u| r.resolve(u)).collect();
    let path_ok: Vec<bool> = (0..n).map(|u| r.path(u)).collect();

    // Who ends where.
    let mut after = position.clone();
    let mut dislodged: Vec<Dislodged> = Vec::new();
    let mut moved_into = vec![None; provinces];
    let mut arrivals = Vec::new();
    for (u, ok) in success.iter().enumerate() {
        if let (Act::Move { to, by_convoy, .. }, true) = (r.acts[u], *ok) {
            moved_into[to.province.0 as usize] = Some((u, by_convoy));
            after.units[u].location = to;
            arrivals.push(to.province);
        }
    }
    let mut dislodged_idx = vec![false; n];
    for u in 0..n {
        let stays = !matches!(r.acts[u], Act::Move { .. }) || !success[u];
        let p = units[u].location.province.0 as usize;
        if stays && !r.many[p] {
            if let Some((a, by_convoy)) = moved_into[p] {
                dislodged_idx[u] = true;
                let arrived = after.units[a].location.coast;
                let here = units[u].location.coast;
                dislodged.push(Dislodged {
                    unit: units[u],
                    attacker_from: units[a].location.province,
                    attacker_came_by_convoy: by_convoy,
                    attacked_along_other_coast: here.is_some()
                        && arrived.is_some()
                        && here != arrived,
                });
            }
        }
    }
    after.units = after
        .units
        .iter()
        .enumerate()
        .filter(|(u, _)| !dislodged_idx[*u])
        .map(|(_, x)| *x)
        .collect();

    // Provinces left empty by a standoff: no retreat may go there.
    let mut contested = Vec::new();
    for p in map.province_ids() {
        let i = p.0 as usize;
        let bounced = r.attackers[i]
            .iter()
            .filter(|&&a| !success[a] && path_ok[a])
            .count();
        if bounced >= 2 && !after.units.iter().any(|u| u.location.province == p) && !r.many[i] {
            contested.push(p);
        }
    }

    let reports: Vec<DislodgedReport> = dislodged
        .iter()
        .map(|d| DislodgedReport {
            dislodged: *d,
            retreats: super::retreat::options(variant, &after, &contested, d),
        })
        .collect();

    // Verdicts and reasons.
    for (k, c) in checked.iter().enumerate() {
        let Some((u, _)) = c else { continue };
        let u = *u;
        let was_dislodged = dislodged_idx[u];
        let by = || {
            dislodged
                .iter()
                .find(|d| d.unit == units[u])
                .map(|d| {
                    format!(
                        "dislodged by the unit from {}",
                        map.province(d.attacker_from).name
                    )
                })
                .unwrap_or_default()
        };
        results[k] = Some(match r.acts[u] {
            Act::Hold => {
                if was_dislodged {
                    OrderResult::fails(by())
                } else {
                    OrderResult::ok()
                }
            }
            Act::Move { to, by_convoy, .. } => {
                if success[u] {
                    OrderResult::ok()
                } else if by_convoy && !path_ok[u] {
                    OrderResult::fails("no unbroken convoy carried it")
                } else {
                    let others: Vec<String> = r.attackers[to.province.0 as usize]
                        .iter()
                        .filter(|&&a| a != u)
                        .map(|&a| variant.unit_text(&units[a]))
                        .collect();
                    let mut reason = format!("bounced in {}", map.province(to.province).name);
                    if !others.is_empty() {
                        reason.push_str(&format!(" (also ordered there: {})", others.join(", ")));
                    }
                    if was_dislodged {
                        reason.push_str("; ");
                        reason.push_str(&by());
                    }
                    OrderResult::fails(reason)
                }
            }
            Act::SupportHold { .. } | Act::SupportMove { .. } | Act::SupportVoid { .. } => {
                if let Some(why) = &support_status[u] {
                    OrderResult::fails(why.clone())
                } else if success[u] {
                    OrderResult::ok()
                } else if was_dislodged {
                    OrderResult::fails(format!("support cut: {}", by()))
                } else {
                    OrderResult::fails("support cut")
                }
            }
            Act::Convoy { army, to } => {
                let ordered_move = units.iter().enumerate().any(|(a, x)| {
                    x.location.province == army
                        && matches!(r.acts[a], Act::Move { to: t, .. } if t.province == to)
                });
                if !ordered_move {
                    OrderResult::fails("no army was ordered to make that move")
                } else if was_dislodged {
                    // Said first even when the paradox rule settled the cycle: a supported
                    // attack from the army's destination dislodges the fleet either way.
                    OrderResult::fails(by())
                } else if r.paradox_failed[u] {
                    OrderResult::fails("the convoy is part of a paradox and fails (Szykman rule)")
                } else if !success[u] {
                    OrderResult::fails("the convoy was disrupted")
                } else {
                    OrderResult::ok()
                }
            }
        });
    }

    after.dislodged = dislodged.clone();
    after.contested = contested;
    let had = !dislodged.is_empty();
    advance(variant, &mut after, had);
    if !had {
        after.contested.clear();
    }

    Adjudication {
        results: results
            .into_iter()
            .map(|r| r.unwrap_or_else(|| OrderResult::illegal("not adjudicated")))
            .collect(),
        after,
        dislodged: reports,
        built: Vec::new(),
        removed: Vec::new(),
        disbanded: Vec::new(),
        arrivals,
    }
}

/// Which of the units in a many-unit province a move support is for: the one making the
/// supported move; if several are, one of the supporter's own power's, or else one of a single
/// other power's (alike, so which does not matter). If units of several other powers make the
/// move, the order cannot say which it means and the support is void.
fn supported_in_box(
    variant: &Variant,
    units: &[Unit],
    supporter: usize,
    province: ProvinceId,
    makes_move: impl Fn(usize) -> bool,
) -> Result<usize, String> {
    let name = &variant.map.province(province).name;
    let making: Vec<usize> = (0..units.len())
        .filter(|&t| units[t].location.province == province && makes_move(t))
        .collect();
    let Some(&first) = making.first() else {
        return Err(format!("no unit in {name} made that move"));
    };
    if let Some(&own) = making
        .iter()
        .find(|&&t| units[t].power == units[supporter].power)
    {
        return Ok(own);
    }
    let mut powers: Vec<&str> = making
        .iter()
        .map(|&t| variant.power_name(units[t].power))
        .collect();
    powers.sort_unstable();
    powers.dedup();
    if powers.len() == 1 {
        return Ok(first);
    }
    Err(format!(
        "units of {} in {name} all made that move, and the support does not say which it is for",
        powers.join(" and ")
    ))
}

fn kind_matches(r: UnitRef, u: &Unit) -> bool {
    r.kind.is_none_or(|k| k == u.kind)
}
