//! Explain: each order's result (its verdict and why) from the settled decisions and the
//! position after the phase.

use super::super::OrderResult;
use super::apply::Applied;
use super::plan::{Act, Plan};
use super::resolve::Decisions;
use crate::rules::Rules;
use crate::unit::Unit;

/// The result of every submitted order, in the order given.
pub(super) fn explain(
    variant: &Rules,
    units: &[Unit],
    plan: Plan,
    decided: &Decisions,
    applied: &Applied,
) -> Vec<OrderResult> {
    let map = &variant.map;
    let Decisions {
        acts,
        attackers,
        paradox_failed,
        success,
        path_ok,
        ..
    } = decided;
    let dislodged = &applied.after.dislodged;
    let dislodged_idx = &applied.dislodged_idx;
    let support_status = &plan.void_support;
    let mut results = plan.results;
    for (k, u) in plan.ordered_unit.iter().enumerate() {
        let Some(u) = u else { continue };
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
        results[k] = Some(match acts[u] {
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
                    let others: Vec<String> = attackers[to.province.0 as usize]
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
                        && matches!(acts[a], Act::Move { to: t, .. } if t.province == to)
                });
                if !ordered_move {
                    OrderResult::fails("no army was ordered to make that move")
                } else if was_dislodged {
                    // Said first even when the paradox rule settled the cycle: a supported
                    // attack from the army's destination dislodges the fleet either way.
                    OrderResult::fails(by())
                } else if paradox_failed[u] {
                    OrderResult::fails("the convoy is part of a paradox and fails (Szykman rule)")
                } else if !success[u] {
                    OrderResult::fails("the convoy was disrupted")
                } else {
                    OrderResult::ok()
                }
            }
        });
    }
    results
        .into_iter()
        .map(|r| r.unwrap_or_else(|| OrderResult::illegal("not adjudicated")))
        .collect()
}
