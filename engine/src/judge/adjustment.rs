//! Adjustment phases: builds where a power has more centres than units, removals where it
//! has fewer, and civil disorder for removals nobody ordered.

use super::submission::understood;
use crate::map::{Location, ProvinceId};
use crate::order::{Order, Term, UnitRef};
use crate::outcome::{Adjudication, Cause, OrderResult, RemovalCause, Submitted};
use crate::position::Position;
use crate::rulebook::{CivilDisorderRemoval, ExcessAdjustments, RemovalRule};
use crate::rulebook::{RuleContext, SpecialOrder};
use crate::rules::Rules;
use crate::unit::{PowerId, Unit, UnitKind};
use std::collections::VecDeque;

pub(super) fn adjudicate(
    variant: &Rules,
    position: &Position,
    orders: &[Submitted],
) -> Adjudication {
    let ctx = variant.context(position);
    let mut tally = Tally::new(&ctx, orders);
    let mut results: Vec<OrderResult> = Vec::with_capacity(orders.len());
    for (index, sub) in orders.iter().enumerate() {
        let result = match understood(sub) {
            Err(r) => r,
            Ok(Order::Build { unit }) => tally.build(&ctx, sub.power, unit),
            Ok(Order::Waive) => tally.waive(sub.power),
            Ok(Order::Disband { unit }) => tally.disband(&ctx, sub.power, unit),
            Ok(Order::Special { unit, verb, args }) => {
                tally.special(&ctx, index, sub.power, unit.as_ref(), verb, args)
            }
            Ok(_) => OrderResult::illegal(Cause::NotAnAdjustmentOrder),
        };
        results.push(result);
    }
    let kept_parts = tally.civil_disorder(&ctx);
    let mut after = tally.board_after(position, &kept_parts);
    let Tally {
        built,
        removed,
        specials,
        ..
    } = tally;
    let mut arrivals = built.iter().map(|u| u.location.province).collect();
    if !specials.is_empty() {
        super::advance::settle_specials(
            &ctx,
            orders,
            &specials,
            &mut results,
            &mut after,
            &mut arrivals,
            &[],
            &[],
        );
    }
    after.phase = variant.calendar.next(position.phase);
    Adjudication {
        results,
        after,
        dislodged: Vec::new(),
        built,
        removed,
        disbanded: Vec::new(),
        arrivals,
        retreated: Vec::new(),
    }
}

/// An adjustment phase's account as its orders are read: what each power is due and has
/// left, and what was built, removed or reduced so far.
struct Tally<'p> {
    position: &'p Position,
    /// Positive: builds due; negative: removals due.
    due: Vec<i64>,
    left: Vec<i64>,
    /// With `IgnoreAll`, a power that orders more than it is due has all its orders ignored.
    over_ordered: Vec<bool>,
    sites: Vec<Option<Vec<ProvinceId>>>,
    built: Vec<Unit>,
    removed: Vec<(Unit, RemovalCause)>,
    /// Which units of the position are removed, by index: two units may be alike (fleets of
    /// one power in the High Ocean Box), so a unit's value does not say which one went.
    removed_idx: Vec<usize>,
    /// Units a removal reduced (an A/F that lost its army): they stay, as the kind given.
    reduced: Vec<(usize, UnitKind)>,
    specials: Vec<SpecialOrder>,
}

impl<'p> Tally<'p> {
    fn new(ctx: &RuleContext<'p>, orders: &[Submitted]) -> Self {
        let (rules, position) = (ctx.book, ctx.position);
        let npowers = ctx.variant.powers.len();
        let due: Vec<i64> = (0..npowers)
            .map(|p| {
                let p = PowerId(p as u8);
                let supply = rules.supply(ctx, p) as i64;
                let units: usize = position
                    .units
                    .iter()
                    .filter(|u| u.power == p)
                    .map(|u| rules.units_counted(ctx, u))
                    .sum();
                supply - units as i64
            })
            .collect();
        let ignore_all = ctx.options().excess_adjustments == ExcessAdjustments::IgnoreAll;
        let over_ordered = (0..npowers)
            .map(|p| {
                let n = orders
                    .iter()
                    .filter(|s| s.power.0 as usize == p)
                    .filter(|s| {
                        matches!(
                            s.order,
                            Ok(Order::Build { .. } | Order::Waive | Order::Disband { .. })
                        )
                    })
                    .count() as i64;
                ignore_all && n > due[p].abs()
            })
            .collect();
        Tally {
            position,
            left: due.clone(),
            due,
            over_ordered,
            sites: vec![None; npowers],
            built: Vec::new(),
            removed: Vec::new(),
            removed_idx: Vec::new(),
            reduced: Vec::new(),
            specials: Vec::new(),
        }
    }

    fn build(&mut self, ctx: &RuleContext, power: PowerId, unit: &UnitRef) -> OrderResult {
        let p = power.0 as usize;
        let rules = ctx.book;
        let sites = self.sites[p].get_or_insert_with(|| rules.build_sites(ctx, power));
        let at = unit.province;
        if self.due[p] <= 0 {
            return OrderResult::illegal(nothing_due(ctx, power));
        }
        if self.over_ordered[p] {
            return OrderResult::fails(Cause::ExcessBuilds);
        }
        if self
            .built
            .iter()
            .any(|b| b.location.province == at && b.power == power)
        {
            return OrderResult::fails(Cause::AlreadyBuilt { at });
        }
        if !sites.contains(&at) {
            return OrderResult::illegal(Cause::NotABuildSite {
                at,
                power,
                sites: sites.clone(),
            });
        }
        match build_location(ctx, *unit) {
            Err(e) => OrderResult::illegal(e),
            Ok((kind, _)) if !rules.may_build(ctx, power, kind, at) => {
                OrderResult::illegal(Cause::CannotBuild { kind, at })
            }
            Ok(_) if self.left[p] <= 0 => OrderResult::fails(Cause::BuildsUsed),
            Ok((kind, location)) => {
                let earlier: Vec<Unit> = self
                    .built
                    .iter()
                    .filter(|b| b.power == power)
                    .copied()
                    .collect();
                if let Some(why) = rules.refuse_build(ctx, power, at, &earlier) {
                    return OrderResult::illegal(why);
                }
                self.left[p] -= 1;
                sites.retain(|s| *s != unit.province);
                self.built.push(Unit {
                    power,
                    kind,
                    location,
                });
                OrderResult::ok()
            }
        }
    }

    fn waive(&mut self, power: PowerId) -> OrderResult {
        let p = power.0 as usize;
        if self.due[p] <= 0 {
            OrderResult::illegal(Cause::NoBuildsToWaive { power })
        } else if self.left[p] <= 0 {
            OrderResult::fails(Cause::BuildsUsed)
        } else {
            self.left[p] -= 1;
            OrderResult::ok()
        }
    }

    /// The unit a removal names, by index. Where several units may stand, the order is for
    /// one of the power's own units of the kind named that is not removed yet.
    fn unit_named(&self, ctx: &RuleContext, power: PowerId, unit: &UnitRef) -> Option<usize> {
        let units = &self.position.units;
        let here = |i: &usize| units[*i].location.province == unit.province;
        if !ctx.book.holds_many(ctx, unit.province) {
            return (0..units.len()).find(here);
        }
        let mine = |i: &usize| {
            let u = &units[*i];
            u.power == power && unit.kind.is_none_or(|k| k == u.kind)
        };
        (0..units.len())
            .filter(here)
            .filter(mine)
            .find(|i| !self.removed_idx.contains(i))
            .or_else(|| (0..units.len()).filter(here).find(mine))
            .or_else(|| (0..units.len()).find(here))
    }

    fn disband(&mut self, ctx: &RuleContext, power: PowerId, unit: &UnitRef) -> OrderResult {
        let p = power.0 as usize;
        let rules = ctx.book;
        let found_idx = self.unit_named(ctx, power, unit);
        let found = found_idx.map(|i| &self.position.units[i]);
        // A removal naming a part of the unit (the army of an A/F) takes only that.
        let part = found.and_then(|u| {
            unit.kind
                .filter(|&k| k != u.kind)
                .and_then(|k| rules.removal_leaves(ctx, u, Some(k)))
        });
        let gone = found_idx.is_some_and(|i| self.is_gone(i));
        match found {
            None => OrderResult::illegal(Cause::NoUnit { at: unit.province }),
            Some(u) if u.power != power => {
                OrderResult::illegal(Cause::DisbandNotYours { unit: *u })
            }
            Some(u) if unit.kind.is_some_and(|k| k != u.kind) && part.is_none() => {
                OrderResult::illegal(Cause::DisbandWrongKind { unit: *u })
            }
            Some(_) if self.due[p] >= 0 => OrderResult::illegal(Cause::NoRemovalsDue { power }),
            Some(_) if self.over_ordered[p] => OrderResult::fails(Cause::ExcessRemovals),
            Some(u) if gone => OrderResult::fails(Cause::AlreadyRemoved { unit: *u }),
            Some(_) if self.left[p] >= 0 => OrderResult::fails(Cause::RemovalsUsed),
            Some(u) => {
                let u = *u;
                if let Some((stays, goes)) = part {
                    self.left[p] += 1;
                    self.removed
                        .push((Unit { kind: goes, ..u }, RemovalCause::Order));
                    self.reduced.extend(found_idx.map(|i| (i, stays)));
                } else {
                    // A unit that counts as several (an A/F) removes them all (rule 8h).
                    self.left[p] += rules.units_counted(ctx, &u) as i64;
                    self.removed.push((u, RemovalCause::Order));
                    self.removed_idx.extend(found_idx);
                }
                OrderResult::ok()
            }
        }
    }

    /// A variant's own order, checked now and settled with the others after the removals.
    fn special(
        &mut self,
        ctx: &RuleContext,
        index: usize,
        power: PowerId,
        unit: Option<&UnitRef>,
        verb: &str,
        args: &[Term],
    ) -> OrderResult {
        let rules = ctx.book;
        let spends_build = rules.spends_build(verb);
        // An order given in place of a build names a place the power may have no unit in
        // (a contribution to another power's canal): the place is then its first argument.
        let named: Vec<Term>;
        let args = match unit.filter(|_| spends_build) {
            Some(r) => {
                named = std::iter::once(Term::Province(r.province))
                    .chain(args.iter().cloned())
                    .collect();
                &named
            }
            None => args,
        };
        // The power's own unit in the province the order names, if there is one.
        let unit = unit.and_then(|r| {
            self.position
                .units
                .iter()
                .find(|u| u.location.province == r.province && u.power == power)
                .copied()
        });
        let checked = match unit {
            Some(u) if rules.conditional_verbs().contains(&verb) => Err(
                super::submission::conditional_out_of_phase(ctx, &u, verb, args),
            ),
            _ => rules.check_special(ctx, power, unit.as_ref(), verb, args),
        };
        match checked {
            Ok(()) => {
                // Given in place of a build: it needs a build due, and uses one.
                if spends_build {
                    let p = power.0 as usize;
                    if self.due[p] <= 0 {
                        return OrderResult::illegal(nothing_due(ctx, power));
                    }
                    if self.left[p] <= 0 {
                        return OrderResult::fails(Cause::BuildsUsed);
                    }
                    self.left[p] -= 1;
                }
                self.specials.push(SpecialOrder {
                    index,
                    power,
                    unit,
                    verb: verb.to_string(),
                    args: args.to_vec(),
                });
                OrderResult::ok()
            }
            Err(cause) => OrderResult::illegal(cause),
        }
    }

    /// Civil disorder: the removals nobody ordered. Returns what the rulebook leaves of a
    /// removed unit (an A/F's fleet), which stays where the unit stood.
    fn civil_disorder(&mut self, ctx: &RuleContext) -> Vec<(usize, Unit)> {
        let rules = ctx.book;
        let units = &self.position.units;
        let mut kept_parts: Vec<(usize, Unit)> = Vec::new();
        for p in 0..self.left.len() {
            let mut owed = -self.left[p];
            if owed <= 0 {
                continue;
            }
            let power = PowerId(p as u8);
            let candidates: Vec<usize> = (0..units.len())
                .filter(|i| units[*i].power == power && !self.is_gone(*i))
                .collect();
            let chosen = rules
                .civil_disorder(ctx, power, owed as usize, &candidates)
                .unwrap_or_else(|| {
                    by_removal_distance(ctx, &candidates)
                        .into_iter()
                        .take(owed as usize)
                        .map(CivilDisorderRemoval::whole)
                        .collect()
                });
            for r in chosen {
                if owed <= 0 {
                    break;
                }
                // A rulebook's answer is trusted only as far as it names units it was offered.
                if !candidates.contains(&r.index) || self.is_gone(r.index) {
                    continue;
                }
                let unit = units[r.index];
                if let Some(rest) = r.leaves {
                    self.removed.push((unit, RemovalCause::CivilDisorder));
                    self.removed_idx.push(r.index);
                    kept_parts.push((r.index, rest));
                    owed -= 1;
                    continue;
                }
                match rules.removal_leaves(ctx, &unit, None) {
                    Some((stays, goes)) => {
                        self.removed
                            .push((Unit { kind: goes, ..unit }, RemovalCause::CivilDisorder));
                        self.reduced.push((r.index, stays));
                        owed -= 1;
                    }
                    None => {
                        self.removed.push((unit, RemovalCause::CivilDisorder));
                        self.removed_idx.push(r.index);
                        owed -= rules.units_counted(ctx, &unit) as i64;
                    }
                }
            }
        }
        kept_parts
    }

    /// Whether the unit at index `i` is already removed or reduced.
    fn is_gone(&self, i: usize) -> bool {
        self.removed_idx.contains(&i) || self.reduced.iter().any(|r| r.0 == i)
    }

    /// The board after the removals, reductions and builds.
    fn board_after(&self, position: &Position, kept_parts: &[(usize, Unit)]) -> Position {
        let mut after = position.clone();
        for &(i, stays) in &self.reduced {
            after.units[i].kind = stays;
        }
        after.units = (0..position.units.len())
            .filter_map(|i| {
                if !self.removed_idx.contains(&i) {
                    return Some(after.units[i]);
                }
                kept_parts.iter().find(|(k, _)| *k == i).map(|(_, u)| *u)
            })
            .collect();
        after.units.extend(self.built.iter().copied());
        after
    }
}

/// The unit kind and exact location of a build order, with its coast settled.
pub(crate) fn build_location(
    ctx: &RuleContext,
    unit: crate::order::UnitRef,
) -> Result<(UnitKind, Location), Cause> {
    let map = ctx.map();
    let at = unit.province;
    let p = map.province(at);
    let Some(kind) = unit.kind else {
        return Err(Cause::BuildNeedsKind { at });
    };
    let loc = Location {
        province: at,
        coast: unit.coast,
    };
    if !map.moves_along_coasts(kind.class()) && unit.coast.is_some() {
        return Err(Cause::ArmyBuiltOnCoast { at });
    }
    if map.has_coasts_for(kind.class(), at) && unit.coast.is_none() {
        return Err(Cause::BuildNeedsCoast { at });
    }
    if !ctx.book.can_stand(ctx, kind, loc)
        || !p
            .borders
            .iter()
            .any(|b| ctx.book.can_cross(ctx, kind, b) && super::route::leaves_by(ctx, kind, loc, b))
    {
        return Err(Cause::CannotBuild { kind, at });
    }
    Ok((kind, loc))
}

/// Standard's civil disorder: `candidates` (indices in `ctx.position.units`) in the order it
/// removes them, by the rulebook's `removal` option: furthest from where the unit belongs
/// first; ties: fleets before armies, then alphabetical by province name.
pub fn by_removal_distance(ctx: &RuleContext, candidates: &[usize]) -> Vec<usize> {
    let position = ctx.position;
    let map = ctx.map();
    let mut ranked: Vec<(u32, usize)> = candidates
        .iter()
        .map(|&i| (removal_distance(ctx, &position.units[i]), i))
        .collect();
    ranked.sort_by(|(da, a), (db, b)| {
        let (a, b) = (&position.units[*a], &position.units[*b]);
        db.cmp(da)
            .then(
                (!map.moves_along_coasts(a.kind.class()))
                    .cmp(&!map.moves_along_coasts(b.kind.class())),
            )
            .then(
                map.province(a.location.province)
                    .name
                    .cmp(&map.province(b.location.province).name),
            )
    });
    ranked.into_iter().map(|(_, i)| i).collect()
}

/// How far a unit is from where it belongs, by the rulebook's civil-disorder rule.
pub fn removal_distance(ctx: &RuleContext, unit: &Unit) -> u32 {
    let position = ctx.position;
    let map = ctx.map();
    let (mut targets, by_own_path): (Vec<ProvinceId>, bool) = match ctx.options().removal {
        RemovalRule::FurthestFromOwnedCentre => (position.centres_of(unit.power).collect(), false),
        RemovalRule::FurthestFromHomeByOwnPath => (
            map.province_ids()
                .filter(|p| position.homes[p.0 as usize] == Some(unit.power))
                .collect(),
            true,
        ),
    };
    // A power with no home centres at all (Pirates' privateers) measures from the centres it
    // owns, so the rule still ranks its units rather than leaving it all to the tie-break.
    if targets.is_empty() {
        targets = position.centres_of(unit.power).collect();
    }
    let mut dist = vec![u32::MAX; map.provinces.len()];
    let start = unit.location.province;
    dist[start.0 as usize] = 0;
    let mut queue = VecDeque::from([start]);
    while let Some(p) = queue.pop_front() {
        if targets.contains(&p) {
            return dist[p.0 as usize];
        }
        for b in &map.province(p).borders {
            if by_own_path && !ctx.book.can_cross(ctx, unit.kind, b) {
                continue;
            }
            let q = b.to.province.0 as usize;
            if dist[q] == u32::MAX {
                dist[q] = dist[p.0 as usize] + 1;
                queue.push_back(b.to.province);
            }
        }
    }
    u32::MAX
}

/// Why a power with no build due may not build: the rulebook's reason where its rules say more
/// than the count (`no_builds_due`), else the count's.
fn nothing_due(ctx: &RuleContext, power: PowerId) -> Cause {
    ctx.book
        .no_builds_due(ctx, power)
        .unwrap_or(Cause::NoBuildsDue { power })
}
