//! Adjustment phases: builds where a power has more centres than units, removals where it
//! has fewer, and civil disorder for removals nobody ordered.

use super::submission::understood;
use super::{Adjudication, Cause, OrderResult, RemovalCause, Submitted};
use crate::map::{Location, ProvinceId};
use crate::order::Order;
use crate::position::Position;
use crate::rulebook::{ExcessAdjustments, RemovalRule};
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
    let rules = &*variant.book;
    let npowers = variant.powers.len();
    // Positive: builds due; negative: removals due.
    let due: Vec<i64> = (0..npowers)
        .map(|p| {
            let p = PowerId(p as u8);
            let supply = rules.supply(&ctx, p) as i64;
            let units: usize = position
                .units
                .iter()
                .filter(|u| u.power == p)
                .map(|u| rules.units_counted(&ctx, u))
                .sum();
            supply - units as i64
        })
        .collect();
    let mut left = due.clone();
    let mut results: Vec<OrderResult> = Vec::with_capacity(orders.len());
    let mut built: Vec<Unit> = Vec::new();
    let mut removed: Vec<(Unit, RemovalCause)> = Vec::new();
    // Which units of the position are removed, by index: two units may be alike (fleets of
    // one power in the High Ocean Box), so a unit's value does not say which one went.
    let mut removed_idx: Vec<usize> = Vec::new();
    let mut sites: Vec<Option<Vec<ProvinceId>>> = vec![None; npowers];

    // With IgnoreAll, a power that orders more than it is due has all its orders ignored.
    let over_ordered: Vec<bool> = (0..npowers)
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
            variant.options().excess_adjustments == ExcessAdjustments::IgnoreAll && n > due[p].abs()
        })
        .collect();

    // Units a removal reduced (an A/F that lost its army): they stay, as the kind given.
    let mut reduced: Vec<(usize, UnitKind)> = Vec::new();
    let mut specials: Vec<SpecialOrder> = Vec::new();
    for (index, sub) in orders.iter().enumerate() {
        let p = sub.power.0 as usize;
        let order = match understood(sub) {
            Ok(o) => o,
            Err(r) => {
                results.push(r);
                continue;
            }
        };
        let result = match order {
            Order::Build { unit } => {
                let sites = sites[p].get_or_insert_with(|| rules.build_sites(&ctx, sub.power));
                let at = unit.province;
                if due[p] <= 0 {
                    OrderResult::illegal(Cause::NoBuildsDue { power: sub.power })
                } else if over_ordered[p] {
                    OrderResult::fails(Cause::ExcessBuilds)
                } else if built
                    .iter()
                    .any(|b| b.location.province == at && b.power == sub.power)
                {
                    OrderResult::fails(Cause::AlreadyBuilt { at })
                } else if !sites.contains(&at) {
                    OrderResult::illegal(Cause::NotABuildSite {
                        at,
                        power: sub.power,
                        sites: sites.clone(),
                    })
                } else {
                    match build_location(&ctx, *unit) {
                        Err(e) => OrderResult::illegal(e),
                        Ok((kind, _)) if !rules.may_build(&ctx, sub.power, kind, at) => {
                            OrderResult::illegal(Cause::CannotBuild { kind, at })
                        }
                        Ok(_) if left[p] <= 0 => OrderResult::fails(Cause::BuildsUsed),
                        Ok((kind, loc)) => {
                            left[p] -= 1;
                            sites.retain(|s| *s != unit.province);
                            built.push(Unit {
                                power: sub.power,
                                kind,
                                location: loc,
                            });
                            OrderResult::ok()
                        }
                    }
                }
            }
            Order::Waive => {
                if due[p] <= 0 {
                    OrderResult::illegal(Cause::NoBuildsToWaive { power: sub.power })
                } else if left[p] <= 0 {
                    OrderResult::fails(Cause::BuildsUsed)
                } else {
                    left[p] -= 1;
                    OrderResult::ok()
                }
            }
            Order::Disband { unit } => {
                // Where several units may stand, the order is for one of the power's own
                // units of the kind named that is not removed yet.
                let here = |i: &usize| position.units[*i].location.province == unit.province;
                let found_idx = if rules.holds_many(&ctx, unit.province) {
                    let mine = |i: &usize| {
                        let u = &position.units[*i];
                        u.power == sub.power && unit.kind.is_none_or(|k| k == u.kind)
                    };
                    (0..position.units.len())
                        .filter(here)
                        .filter(mine)
                        .find(|i| !removed_idx.contains(i))
                        .or_else(|| (0..position.units.len()).filter(here).find(mine))
                        .or_else(|| (0..position.units.len()).find(here))
                } else {
                    (0..position.units.len()).find(here)
                };
                let found = found_idx.map(|i| &position.units[i]);
                // A removal naming a part of the unit (the army of an A/F) takes only that.
                let part = found.and_then(|u| {
                    unit.kind
                        .filter(|&k| k != u.kind)
                        .and_then(|k| rules.removal_leaves(&ctx, u, Some(k)))
                });
                match found {
                    None => OrderResult::illegal(Cause::NoUnit { at: unit.province }),
                    Some(u) if u.power != sub.power => {
                        OrderResult::illegal(Cause::DisbandNotYours { unit: *u })
                    }
                    Some(u) if unit.kind.is_some_and(|k| k != u.kind) && part.is_none() => {
                        OrderResult::illegal(Cause::DisbandWrongKind { unit: *u })
                    }
                    Some(_) if due[p] >= 0 => {
                        OrderResult::illegal(Cause::NoRemovalsDue { power: sub.power })
                    }
                    Some(_) if over_ordered[p] => OrderResult::fails(Cause::ExcessRemovals),
                    Some(u)
                        if found_idx.is_some_and(|i| {
                            removed_idx.contains(&i) || reduced.iter().any(|r| r.0 == i)
                        }) =>
                    {
                        OrderResult::fails(Cause::AlreadyRemoved { unit: *u })
                    }
                    Some(_) if left[p] >= 0 => OrderResult::fails(Cause::RemovalsUsed),
                    Some(u) if part.is_some() => {
                        let (stays, goes) = part.expect("a part");
                        left[p] += 1;
                        removed.push((Unit { kind: goes, ..*u }, RemovalCause::Order));
                        reduced.extend(found_idx.map(|i| (i, stays)));
                        OrderResult::ok()
                    }
                    Some(u) => {
                        // A unit that counts as several (an A/F) removes them all (rule 8h).
                        left[p] += rules.units_counted(&ctx, u) as i64;
                        removed.push((*u, RemovalCause::Order));
                        removed_idx.extend(found_idx);
                        OrderResult::ok()
                    }
                }
            }
            Order::Special { unit, verb, args } => {
                // The power's own unit in the province the order names, if there is one.
                let unit = unit.and_then(|r| {
                    position
                        .units
                        .iter()
                        .find(|u| u.location.province == r.province && u.power == sub.power)
                        .copied()
                });
                let checked = match unit {
                    Some(u) if rules.conditional_verbs().contains(&verb.as_str()) => {
                        Err(super::conditional_out_of_phase(&ctx, &u, verb, args))
                    }
                    _ => rules.check_special(&ctx, sub.power, unit.as_ref(), verb, args),
                };
                match checked {
                    Ok(()) => {
                        specials.push(SpecialOrder {
                            index,
                            power: sub.power,
                            unit,
                            verb: verb.clone(),
                            args: args.clone(),
                        });
                        OrderResult::ok()
                    }
                    Err(cause) => OrderResult::illegal(cause),
                }
            }
            _ => OrderResult::illegal(Cause::NotAnAdjustmentOrder),
        };
        results.push(result);
    }

    // Civil disorder: removals nobody ordered. What the rulebook leaves of a removed unit
    // (an A/F's fleet) stays where the unit stood.
    let mut kept_parts: Vec<(usize, Unit)> = Vec::new();
    for (p, &owed) in left.iter().enumerate() {
        let mut owed = -owed;
        if owed <= 0 {
            continue;
        }
        let power = PowerId(p as u8);
        let candidates: Vec<usize> = (0..position.units.len())
            .filter(|i| {
                position.units[*i].power == power
                    && !removed_idx.contains(i)
                    && !reduced.iter().any(|r| r.0 == *i)
            })
            .collect();
        for r in rules.civil_disorder(&ctx, power, owed as usize, &candidates) {
            if owed <= 0 {
                break;
            }
            // A rulebook's answer is trusted only as far as it names units it was offered.
            if !candidates.contains(&r.index)
                || removed_idx.contains(&r.index)
                || reduced.iter().any(|x| x.0 == r.index)
            {
                continue;
            }
            let unit = position.units[r.index];
            if let Some(rest) = r.leaves {
                removed.push((unit, RemovalCause::CivilDisorder));
                removed_idx.push(r.index);
                kept_parts.push((r.index, rest));
                owed -= 1;
                continue;
            }
            match rules.removal_leaves(&ctx, &unit, None) {
                Some((stays, goes)) => {
                    removed.push((Unit { kind: goes, ..unit }, RemovalCause::CivilDisorder));
                    reduced.push((r.index, stays));
                    owed -= 1;
                }
                None => {
                    removed.push((unit, RemovalCause::CivilDisorder));
                    removed_idx.push(r.index);
                    owed -= rules.units_counted(&ctx, &unit) as i64;
                }
            }
        }
    }

    let mut after = position.clone();
    for &(i, stays) in &reduced {
        after.units[i].kind = stays;
    }
    after.units = (0..position.units.len())
        .filter_map(|i| {
            if !removed_idx.contains(&i) {
                return Some(after.units[i]);
            }
            kept_parts.iter().find(|(k, _)| *k == i).map(|(_, u)| *u)
        })
        .collect();
    after.units.extend(built.iter().copied());
    let mut arrivals = built.iter().map(|u| u.location.province).collect();
    if !specials.is_empty() {
        super::settle_specials(
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
    if !kind.uses_coasts() && unit.coast.is_some() {
        return Err(Cause::ArmyBuiltOnCoast { at });
    }
    if kind.uses_coasts() && !p.coasts.is_empty() && unit.coast.is_none() {
        return Err(Cause::BuildNeedsCoast { at });
    }
    if !ctx.book.can_stand(ctx, kind, loc)
        || !p.borders.iter().any(|b| {
            ctx.book.can_cross(ctx, kind, b) && (!kind.uses_coasts() || b.from_coast == loc.coast)
        })
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
            .then((!a.kind.uses_coasts()).cmp(&!b.kind.uses_coasts()))
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
