//! Explain: each order's result (its verdict and the cause when it did not succeed) from the
//! settled decisions and the position after the phase.

use super::apply::Applied;
use super::plan::{Act, Plan};
use super::resolve::{defenders, fight_strength, stayed, Decisions};
use crate::map::ProvinceId;
use crate::outcome::{Cause, OrderResult};
use crate::rulebook::{ConvoyAttack, RuleContext};
use crate::unit::Unit;

/// The result of every submitted order, in the order given.
pub(super) fn explain(
    ctx: &RuleContext,
    units: &[Unit],
    plan: Plan,
    decided: &Decisions,
    applied: &Applied,
) -> Vec<OrderResult> {
    let Decisions {
        acts,
        attackers,
        convoyers,
        paradox_failed,
        success,
        path_ok,
        ..
    } = decided;
    let mut void_support = plan.void_support;
    let mut results = plan.results;
    for (k, u) in plan.ordered_unit.iter().enumerate() {
        let Some(u) = *u else { continue };
        let dislodged_by = applied.dislodged_by[u].map(|a| units[a]);
        let moves = |a: usize| matches!(acts[a], Act::Move { .. });
        if applied.destroyed.get(u).copied().unwrap_or(false) {
            let by = attacker_within(units, decided, u);
            results[k] = Some(OrderResult::fails(Cause::DisbandedWithin { by }));
            continue;
        }
        results[k] = Some(match acts[u] {
            // A unit that left stands in for its special order, whose result is the rulebook's.
            Act::Hold | Act::Leave { .. } => match dislodged_by {
                Some(by) => OrderResult::fails(Cause::Dislodged { by }),
                None => OrderResult::ok(),
            },
            Act::Move { to, by_convoy, .. } => {
                if success[u] {
                    OrderResult::ok()
                } else if let Some(why) = decided
                    .unsupported
                    .get(u)
                    .and_then(Clone::clone)
                    .filter(|_| !by_convoy && !path_ok[u])
                {
                    OrderResult::fails(why)
                } else if by_convoy && !path_ok[u] {
                    OrderResult::fails(Cause::ConvoyBroken {
                        fleets: convoyers[u]
                            .iter()
                            .filter(|&&f| !success[f])
                            .map(|&f| units[f])
                            .collect(),
                    })
                } else {
                    let at = to.province;
                    // Where many may stand, only the units this move fights there count.
                    let among_many = decided.many[at.0 as usize] && !decided.attack_on.is_empty();
                    let attacks = |a: usize| decided.attack_on.get(a).copied().flatten();
                    let fights = |a: usize| {
                        !among_many
                            || (units[a].power != units[u].power
                                && (attacks(u) == Some(units[a].power)
                                    || attacks(a) == Some(units[u].power)
                                    || (attacks(u).is_some() && attacks(a) == attacks(u))))
                    };
                    OrderResult::fails(Cause::Bounced {
                        at,
                        rivals: attackers[at.0 as usize]
                            .iter()
                            .filter(|&&a| a != u && fights(a))
                            .map(|&a| units[a])
                            .collect(),
                        defender: (0..units.len())
                            .find(|&o| {
                                units[o].location.province == at
                                    && !(moves(o) && success[o])
                                    && (!among_many || attacks(u) == Some(units[o].power))
                            })
                            .map(|o| units[o]),
                        dislodged_by,
                    })
                }
            }
            Act::SupportHold { .. } | Act::SupportMove { .. } | Act::SupportVoid { .. } => {
                if let Some(why) = void_support[u].take() {
                    OrderResult::fails(why)
                } else if success[u] {
                    OrderResult::ok()
                } else {
                    OrderResult::fails(Cause::SupportCut {
                        by: support_cutters(units, decided, u),
                        dislodged_by,
                    })
                }
            }
            Act::AttackWithin { power, .. } => {
                if success[u] {
                    OrderResult::ok()
                } else {
                    let here = units[u].location.province;
                    let board_len = applied.destroyed.len().min(units.len());
                    OrderResult::fails(Cause::HeldOffWithin {
                        at: here,
                        power,
                        strength: fight_strength(units, acts, board_len, u, power),
                        defenders: defenders(units, board_len, here, power)
                            .filter(|&d| stayed(acts[d], success[d]))
                            .count() as u32,
                    })
                }
            }
            Act::Convoy { army, to } => {
                let ordered_move = units.iter().enumerate().any(|(a, x)| {
                    x.location.province == army
                        && matches!(acts[a], Act::Move { to: t, .. } if t.province == to)
                });
                if !ordered_move {
                    OrderResult::fails(Cause::NoArmyToConvoy { army, to })
                } else if let Some(by) = dislodged_by {
                    // Said first even when the paradox rule settled the cycle: a supported
                    // attack from the army's destination dislodges the fleet either way.
                    OrderResult::fails(Cause::Dislodged { by })
                } else if paradox_failed[u] {
                    OrderResult::fails(Cause::ConvoyParadox)
                } else if !success[u] {
                    OrderResult::fails(Cause::ConvoyDisrupted {
                        by: convoy_disrupters(ctx, units, decided, u),
                    })
                } else {
                    OrderResult::ok()
                }
            }
        });
    }
    results
        .into_iter()
        .map(|r| r.unwrap_or_else(|| OrderResult::illegal(Cause::NotAdjudicated)))
        .collect()
}

/// The first unit that won a fight within `d`'s province against `d`'s power.
fn attacker_within(units: &[Unit], decided: &Decisions, d: usize) -> Unit {
    let (acts, success) = (&decided.acts, &decided.success);
    let here = units[d].location.province;
    let power = units[d].power;
    let moved_in = |a: usize| {
        decided.attack_on.get(a).copied().flatten() == Some(power)
            && matches!(acts[a], Act::Move { to, .. } if to.province == here)
    };
    (0..units.len())
        .find(|&a| {
            success[a]
                && ((units[a].location.province == here
                    && matches!(acts[a], Act::AttackWithin { power: p, .. } if p == power))
                    || moved_in(a))
        })
        .map_or(units[d], |a| units[a])
}

/// The units that cut support `s`: attacks on it by another power, from anywhere but the
/// province it supports into, that had their route; and an attack from that province that
/// dislodged it.
fn support_cutters(units: &[Unit], decided: &Decisions, s: usize) -> Vec<Unit> {
    let into: Option<ProvinceId> = match decided.acts[s] {
        Act::SupportMove { into, .. } => Some(into),
        Act::SupportVoid { into } => into,
        _ => None,
    };
    let here = units[s].location.province;
    decided.attackers[here.0 as usize]
        .iter()
        .copied()
        .filter(|&a| units[a].power != units[s].power)
        .filter(|&a| {
            if Some(units[a].location.province) == into {
                decided.success[a]
            } else {
                decided.path_ok[a]
            }
        })
        .map(|a| units[a])
        .collect()
}

/// The units whose attacks kept convoying fleet `f` from convoying without dislodging it:
/// attacks by another power, with their route, that the rulebook says disrupt a convoy.
fn convoy_disrupters(
    ctx: &RuleContext,
    units: &[Unit],
    decided: &Decisions,
    f: usize,
) -> Vec<Unit> {
    let here = units[f].location.province;
    decided.attackers[here.0 as usize]
        .iter()
        .copied()
        .filter(|&a| units[a].power != units[f].power && decided.path_ok[a])
        .filter(|&a| {
            let attacker_attacked = decided.attackers[units[a].location.province.0 as usize]
                .iter()
                .any(|&b| units[b].power != units[a].power);
            let attack = ConvoyAttack {
                attacker: &units[a],
                fleet: &units[f],
                attacker_attacked,
            };
            ctx.book.attack_disrupts_convoy(ctx, &attack)
        })
        .map(|a| units[a])
        .collect()
}
