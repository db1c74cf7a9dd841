//! Resolve: the decisions of a movement phase (whether each move succeeds, each support is
//! given, each convoying fleet stays) from the strengths involved.
//!
//! The resolver follows Lucas Kruijswijk's method from the DATC's "math of adjudication":
//! each order has one yes/no decision, decided recursively from attack, hold, defend and
//! prevent strengths. Decisions that depend on themselves are settled by guessing both ways:
//! if both guesses give the same answer it stands; if not, the cycle is either circular
//! movement (every move in it succeeds) or a convoy paradox, settled by the rulebook's
//! [`ParadoxRule`].

use super::super::route::{border_into, convoy_lands, fleets_link};
use super::groups::Groups;
use super::plan::{Act, ConvoyOrder};
use crate::map::ProvinceId;
use crate::outcome::Cause;
use crate::rulebook::{ConvoyAttack, ConvoyDisruption, ParadoxRule, RuleContext};
use crate::rules::Rules;
use crate::unit::{PowerId, Unit};

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

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    Unresolved,
    Guessing(bool),
    Resolved(bool),
}

struct Resolver<'a> {
    variant: &'a Rules,
    ctx: &'a RuleContext<'a>,
    units: &'a [Unit],
    /// Units from this index on are being put ashore from a carrier's province
    /// (`VariantRules::landing`): they occupy nothing and meet no one head to head.
    board_len: usize,
    acts: Vec<Act>,
    /// For each unit: the unit whose decision must be yes for its act to be carried out at
    /// all (a landing from the sea its carrier sails to; a carrier moving on once its army
    /// has landed). Empty when no act depends on another.
    needs: &'a [Option<usize>],
    /// The single unit in each province, for provinces that hold one.
    occupant: Vec<Option<usize>>,
    /// Units ordered to move into each province.
    attackers: &'a Groups,
    /// Supports that match what each unit does (hold supports or move supports).
    supports: &'a Groups,
    /// For an army moving by convoy (or that may fall back on one): the fleets ordered to
    /// convoy exactly that move.
    convoyers: &'a Groups,
    many: Vec<bool>,
    /// For each move that is made only if supported (the rulebook's `crossing_needs_support`):
    /// why it fails when it is not. Empty when no move needs support (the common case).
    unsupported: Vec<Option<Cause>>,
    /// For each move into a province that holds many that attacks a power there: the power
    /// and the disband margin ([`crate::rulebook::SpecialAct::AttacksInto`]). Empty when none.
    attack_on: Vec<Option<(PowerId, Option<u32>)>>,
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
            let all_hold = self.variant.options().paradox == ParadoxRule::AllHold;
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
            Act::Leave { stays_if_fails } => stays_if_fails.is_none_or(|c| self.resolve(c)),
            Act::AttackWithin { power, .. } => {
                if !self.many[self.origin(i).0 as usize] {
                    return false;
                }
                let strength = fight_strength(self.units, &self.acts, self.board_len, i, power);
                let mut defence = 0;
                for u in defenders(self.units, self.board_len, self.origin(i), power) {
                    if self.stays(u) {
                        defence += 1;
                    }
                }
                defence > 0 && strength > defence
            }
        }
    }

    /// Whether unit `u` is still in its province once the moves are made.
    fn stays(&mut self, u: usize) -> bool {
        match self.acts[u] {
            Act::Move { .. } | Act::Leave { .. } => !self.resolve(u),
            _ => true,
        }
    }

    /// Whether the act `u` depends on (if any) is carried out: a dependent move that is not
    /// made attacks, prevents and cuts nothing.
    fn condition(&mut self, u: usize) -> bool {
        match self.needs.get(u).copied().flatten() {
            Some(c) => self.resolve(c),
            None => true,
        }
    }

    /// Whether the unit that stood in a province has gone from it by the end of the move:
    /// moved out (not beaten head to head by the move `m` it meets), or left at the start.
    fn gone(&mut self, o: usize, m: usize) -> bool {
        match self.acts[o] {
            Act::Move { .. } => self.head_to_head(m) != Some(o) && self.resolve(o),
            Act::Leave { .. } => self.resolve(o),
            _ => false,
        }
    }

    /// Whether an army moving by convoy has an unbroken chain of fleets; for a move that
    /// crosses only if supported, whether one of its supports is given.
    fn path(&mut self, m: usize) -> bool {
        let Some((to, by_convoy, _)) = self.mv(m) else {
            return true;
        };
        if !by_convoy {
            if self.unsupported.get(m).is_some_and(Option::is_some) {
                return self.count_supports(m, None) > 0;
            }
            return true;
        }
        let from = self.origin(m);
        let convoyers = self.convoyers;
        let fleets = &convoyers[m];
        if self.variant.options().convoy_disruption == ConvoyDisruption::AnyFleet {
            let mut all = true;
            for &f in fleets {
                all &= self.resolve(f);
            }
            if !all {
                return false;
            }
        }
        // Depth-first through the fleets that stay (only reaching the far shore matters, not the
        // order), resolving each fleet only when reached.
        let ctx = self.ctx;
        let lands = |f: usize, p: ProvinceId| convoy_lands(ctx, self.units[f].location, p);
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
                if !reached[j] && fleets_link(ctx, self.units[g].location.province, fp) {
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
        // Units leaving a province that holds many pass those coming in: there is room. A
        // unit put ashore, like a convoyed army, meets no one on the way.
        if by_convoy || m >= self.board_len || self.many[self.origin(m).0 as usize] {
            return None;
        }
        let o = self.occupant[to.0 as usize]?;
        let (oto, obc, _) = self.mv(o)?;
        if obc || oto != self.origin(m) {
            return None;
        }
        // With the coastal crawl, fleets passing along different coasts do not meet.
        if self.variant.options().coastal_crawl {
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
        let supports = self.supports;
        for &s in &supports[u] {
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
        if self.gone(o, m) {
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
        let base = self.ctx.book.hold_base_strength(self.ctx, &self.units[o]) as Strength;
        if self.mv(o).is_some() {
            return if self.resolve(o) { NO_STRENGTH } else { base };
        }
        // Left at the start of the move; one whose leaving failed holds there.
        if matches!(self.acts[o], Act::Leave { .. }) && self.resolve(o) {
            return NO_STRENGTH;
        }
        if !self
            .ctx
            .book
            .may_receive_hold_support(self.ctx, &self.units[o])
        {
            return base;
        }
        base + self.count_supports(o, None)
    }

    /// The hold strength of `p` against the move `m`: 0 when the unit staying there does not
    /// defend against that move (the rulebook's `defends`: a fleet frozen in).
    fn hold_strength_against(&mut self, p: ProvinceId, m: usize) -> Strength {
        if let (Some(o), Act::Move { to, .. }) = (self.occupant[p.0 as usize], self.acts[m]) {
            if self.mv(o).is_none()
                && !self
                    .ctx
                    .book
                    .defends(self.ctx, &self.units[o], &self.units[m], to)
            {
                return 0;
            }
        }
        self.hold_strength(p)
    }

    fn defend_strength(&mut self, m: usize) -> Strength {
        let base = self.mv(m).map(|(_, _, b)| b).unwrap_or(1);
        base + self.count_supports(m, None)
    }

    fn prevent_strength(&mut self, k: usize) -> Strength {
        let (_, _, base) = self.mv(k).expect("prevent strength of a move");
        if !self.path(k) || !self.condition(k) {
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
        if !self.condition(m) {
            return false;
        }
        if self.many[to.0 as usize] {
            if self.attack_on.is_empty() {
                return self.path(m);
            }
            return self.decide_move_among_many(m, to);
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
                if attack <= self.hold_strength_against(to, m) {
                    return false;
                }
            }
        }
        let attackers = self.attackers;
        for &k in &attackers[to.0 as usize] {
            if k != m && attack <= self.prevent_strength(k) {
                return false;
            }
        }
        true
    }

    /// The power move `u` attacks in the province that holds many it moves into, if any.
    fn attacks(&self, u: usize) -> Option<PowerId> {
        self.attack_on.get(u).copied().flatten().map(|(p, _)| p)
    }

    /// Whether two moves into a province that holds many meet there: units of two powers,
    /// one attacking the other's power, or both attacking the same power. Others pass.
    fn meet(&self, m: usize, k: usize) -> bool {
        let (pm, pk) = (self.units[m].power, self.units[k].power);
        if pm == pk {
            return false;
        }
        let (am, ak) = (self.attacks(m), self.attacks(k));
        am == Some(pk) || ak == Some(pm) || (am.is_some() && am == ak)
    }

    /// The strength of `power`'s units staying in `p` (a province that holds many) against
    /// an attack on them: one each and their supports to hold; none stay, no opposition.
    fn defence_within(&mut self, p: ProvinceId, power: PowerId) -> Strength {
        let mut defence = NO_STRENGTH;
        for d in defenders(self.units, self.board_len, p, power).collect::<Vec<_>>() {
            if !self.stays(d) {
                continue;
            }
            let supports = if self.mv(d).is_some() {
                0
            } else {
                self.count_supports(d, None)
            };
            defence = defence.max(0) + 1 + supports;
        }
        defence
    }

    /// The strength of move `m` into a province that holds many, against the units it
    /// attacks there (their power's supports left out, as for any attack).
    fn attack_within(&mut self, m: usize) -> Strength {
        let (_, _, base) = self.mv(m).expect("a move");
        base + self.count_supports(m, self.attacks(m))
    }

    /// A move into a province that holds many, when some move attacks a power in one: made
    /// unless the units it attacks there hold it off, or a move it meets there (see `meet`)
    /// is as strong.
    fn decide_move_among_many(&mut self, m: usize, to: ProvinceId) -> bool {
        if !self.path(m) {
            return false;
        }
        let attack = self.attack_within(m);
        if let Some(power) = self.attacks(m) {
            if attack <= self.defence_within(to, power) {
                return false;
            }
        }
        let attackers = self.attackers;
        for &k in &attackers[to.0 as usize] {
            if k != m && self.meet(m, k) && attack <= self.prevent_strength(k) {
                return false;
            }
        }
        true
    }

    /// By how much each successful attack into a province that holds many beat the units it
    /// attacked (`None` for every other unit), once every decision is made.
    fn attack_margins(&mut self) -> Vec<Option<u32>> {
        (0..self.attack_on.len())
            .map(|m| {
                let power = self.attacks(m)?;
                if !self.resolve(m) {
                    return None;
                }
                let (to, _, _) = self.mv(m)?;
                let defence = self.defence_within(to, power).max(0);
                Some((self.attack_within(m) - defence).max(0) as u32)
            })
            .collect()
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
        // A move into a province that holds many attacks no one there; only an attack made
        // within it on the supporter's power cuts the support.
        if self.many[here.0 as usize] {
            if attacked_within(self.units, &self.acts, self.board_len, s) {
                return false;
            }
            // An attack moving in on the supporter's power cuts it as in any province.
            let attackers = self.attackers;
            for &a in &attackers[here.0 as usize] {
                if self.attacks(a) != Some(self.units[s].power) {
                    continue;
                }
                if Some(self.origin(a)) == into {
                    if self.resolve(a) {
                        return false;
                    }
                    continue;
                }
                if self.path(a) && self.condition(a) {
                    return false;
                }
            }
            return true;
        }
        let attackers = self.attackers;
        for &a in &attackers[here.0 as usize] {
            if self.units[a].power == self.units[s].power {
                continue;
            }
            if Some(self.origin(a)) == into {
                if self.resolve(a) {
                    return false;
                }
                continue;
            }
            if self.path(a) && self.condition(a) {
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
        let attackers = self.attackers;
        for &a in &attackers[here.province.0 as usize] {
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
            let disrupts = self.ctx.book.attack_disrupts_convoy(self.ctx, &attack);
            if disrupts && self.path(a) && self.condition(a) {
                return false;
            }
        }
        true
    }
}

/// Whether a unit is still in its province once the phase's decisions are made: it neither
/// moved out nor left at the start of the move. (The resolver's own `stays` asks the same
/// while deciding.)
pub(super) fn stayed(act: Act, decided: bool) -> bool {
    !matches!(act, Act::Move { .. } | Act::Leave { .. }) || !decided
}

/// The units of `power` in province `p` (not those being put ashore).
pub(super) fn defenders(
    units: &[Unit],
    board_len: usize,
    p: ProvinceId,
    power: crate::unit::PowerId,
) -> impl Iterator<Item = usize> + '_ {
    (0..board_len).filter(move |&u| units[u].location.province == p && units[u].power == power)
}

/// The strength of the attack within a province that unit `i` takes part in: one for each
/// unit of its power there ordered to attack the same power.
pub(super) fn fight_strength(
    units: &[Unit],
    acts: &[Act],
    board_len: usize,
    i: usize,
    power: crate::unit::PowerId,
) -> u32 {
    let p = units[i].location.province;
    (0..board_len)
        .filter(|&u| {
            units[u].location.province == p
                && units[u].power == units[i].power
                && matches!(acts[u], Act::AttackWithin { power: q, .. } if q == power)
        })
        .count() as u32
}

/// Whether another power's unit in unit `s`'s province is ordered to attack `s`'s power
/// there.
fn attacked_within(units: &[Unit], acts: &[Act], board_len: usize, s: usize) -> bool {
    let here = units[s].location.province;
    (0..board_len).any(|u| {
        units[u].location.province == here
            && units[u].power != units[s].power
            && matches!(acts[u], Act::AttackWithin { power, .. } if power == units[s].power)
    })
}

/// Every decision of the phase, settled.
pub(super) struct Decisions {
    /// What each unit does, with the fallback rule's choice of land or convoy made.
    pub acts: Vec<Act>,
    /// Units ordered to move into each province.
    pub attackers: Groups,
    /// For an army moving by convoy (or that fell back on a land route): the fleets ordered
    /// to convoy exactly that move.
    pub convoyers: Groups,
    /// Which provinces hold many units.
    pub many: Vec<bool>,
    /// Convoying fleets that fail because the paradox rule settled their cycle.
    pub paradox_failed: Vec<bool>,
    /// Each unit's decision: its move succeeds, its support is given, its convoy stays.
    pub success: Vec<bool>,
    /// Whether each unit's move has its route (an unbroken convoy, or none needed; the
    /// support a crossing needs).
    pub path_ok: Vec<bool>,
    /// Why each move that crosses only if supported fails without support (empty when none).
    pub unsupported: Vec<Option<Cause>>,
    /// For each successful attack into a province that holds many: the power it attacked,
    /// its disband margin, and by how much it won (empty when no move attacks).
    pub attack_won: Vec<Option<(PowerId, Option<u32>, u32)>>,
    /// For each move into a province that holds many: the power it attacks there, if any
    /// (empty when no move attacks).
    pub attack_on: Vec<Option<PowerId>>,
}

/// Decides every order of the plan. Units from `board_len` on are being put ashore.
#[allow(clippy::too_many_arguments)] // the plan's parts, each read once
pub(super) fn resolve<'a>(
    variant: &'a Rules,
    ctx: &'a RuleContext<'a>,
    units: &[Unit],
    board_len: usize,
    acts: Vec<Act>,
    many: Vec<bool>,
    convoy_orders: &[ConvoyOrder],
    fallback_candidates: &[usize],
    // Empty when no act depends on another (the common case: no allocation).
    needs: &'a [Option<usize>],
    // Empty when no move attacks a power in a province that holds many.
    attack_on: Vec<Option<(PowerId, Option<u32>)>>,
) -> Decisions {
    let map = &variant.map;
    let n = units.len();
    let provinces = map.provinces.len();
    let mut occupant = vec![None; provinces];
    for (u, unit) in units.iter().enumerate() {
        let p = unit.location.province.0 as usize;
        // A unit being put ashore defends nothing; one that leaves at the start of the move
        // (`Act::Leave`) is the occupant, whose hold strength depends on whether it left.
        if !many[p] && u < board_len {
            occupant[p] = Some(u);
        }
    }
    let attackers = Groups::new(
        provinces,
        acts.iter().enumerate().filter_map(|(u, act)| match act {
            Act::Move { to, .. } => Some((to.province.0 as usize, u)),
            _ => None,
        }),
    );
    let supports = Groups::new(
        n,
        acts.iter().enumerate().filter_map(|(u, act)| match act {
            Act::SupportHold { of } | Act::SupportMove { of, .. } => Some((*of, u)),
            _ => None,
        }),
    );
    // The fleets convoying each move by convoy, and each move that may fall back on a
    // convoy (the fallback rule below turns it into one first).
    let convoyers = Groups::new(
        n,
        acts.iter()
            .enumerate()
            .filter_map(|(u, act)| match act {
                Act::Move { to, by_convoy, .. }
                    if *by_convoy || fallback_candidates.contains(&u) =>
                {
                    Some((u, units[u].location.province, to.province))
                }
                _ => None,
            })
            .flat_map(|(u, from, to)| {
                convoy_orders
                    .iter()
                    .filter(move |f| f.1 == from && f.2 == to)
                    .map(move |f| (u, f.0))
            }),
    );
    // Moves the rulebook lets cross only if supported, asked once each.
    let mut unsupported: Vec<Option<Cause>> = Vec::new();
    for u in 0..board_len.min(n) {
        if let Act::Move { to, .. } = acts[u] {
            let why = ctx.book.crossing_needs_support(ctx, &units[u], to.province);
            if why.is_some() {
                if unsupported.is_empty() {
                    unsupported = vec![None; n];
                }
                unsupported[u] = why;
            }
        }
    }

    let mut r = Resolver {
        variant,
        ctx,
        units,
        board_len,
        acts,
        needs,
        occupant,
        attackers: &attackers,
        supports: &supports,
        convoyers: &convoyers,
        many,
        unsupported,
        attack_on,
        state: vec![State::Unresolved; n],
        deps: Vec::new(),
        paradox_failed: vec![false; n],
        guesses_read: 0,
    };

    // The fallback rule: an adjacent army whose convoy is broken moves by land instead.
    for &u in fallback_candidates {
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
            let has_route = !convoyers[u].is_empty() && r.path(u);
            if !has_route && border_into(ctx, &units[u], to.province).is_some() {
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
    // A dependent move that is not made had no route either: it stood nobody off.
    let path_ok: Vec<bool> = (0..n).map(|u| r.path(u) && r.condition(u)).collect();
    let attack_won: Vec<Option<(PowerId, Option<u32>, u32)>> = if r.attack_on.is_empty() {
        Vec::new()
    } else {
        let margins = r.attack_margins();
        margins
            .iter()
            .zip(&r.attack_on)
            .map(|(won, on)| Some(((*on)?.0, (*on)?.1, (*won)?)))
            .collect()
    };
    let Resolver {
        acts,
        many,
        paradox_failed,
        unsupported,
        attack_on,
        ..
    } = r;
    Decisions {
        acts,
        attackers,
        convoyers,
        many,
        paradox_failed,
        success,
        path_ok,
        unsupported,
        attack_won,
        attack_on: attack_on.iter().map(|a| a.map(|(p, _)| p)).collect(),
    }
}
