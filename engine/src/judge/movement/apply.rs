//! Apply: the position after a movement phase: successful moves made, dislodged units taken off
//! the board, provinces left empty by a standoff marked; then ([`finish`]), once the
//! rulebook's own orders have had their say, where each dislodged unit may retreat, and the
//! next phase.

use super::super::advance::advance;
use super::super::retreat;
use super::plan::{Act, Rider};
use super::resolve::{defenders, fight_strength, stayed, Decisions};
use crate::map::ProvinceId;
use crate::outcome::DislodgedReport;
use crate::position::{Dislodged, Position};
use crate::rules::Rules;
use crate::unit::Unit;

/// The board after the phase.
pub(super) struct Applied {
    /// The position after the phase; its `dislodged` lists the units dislodged in this one.
    /// At the next phase once [`finish`]ed.
    pub after: Position,
    /// For each unit (by index into the phase's units): the unit that dislodged it, if one did.
    pub dislodged_by: Vec<Option<usize>>,
    /// For each unit: whether a fight within its province disbanded it outright.
    pub destroyed: Vec<bool>,
    /// The units so disbanded, as they stood.
    pub disbanded: Vec<Unit>,
    /// Units whose kind changed as they moved: as they stood, and as they arrived.
    pub arrived_as: Vec<(Unit, Unit)>,
    pub reports: Vec<DislodgedReport>,
    /// The provinces a unit moved into.
    pub arrivals: Vec<ProvinceId>,
}

/// `position` holds the board's first `board_len` units, then the units put ashore this phase
/// (`riders`, in order): one whose landing succeeded stands where it landed and its carrier
/// becomes what the landing says; one whose landing failed is aboard again, and the carrier
/// keeps its kind. Neither is ever dislodged apart from its carrier.
pub(super) fn apply(
    variant: &Rules,
    position: &Position,
    decided: &Decisions,
    board_len: usize,
    riders: &[Rider],
    becomes: &[Option<crate::unit::UnitKind>],
) -> Applied {
    let map = &variant.map;
    let units = &position.units;
    let n = units.len();
    let provinces = map.provinces.len();
    let Decisions {
        acts,
        attackers,
        many,
        success,
        path_ok,
        ..
    } = decided;
    let mut after = position.clone();
    let mut dislodged: Vec<Dislodged> = Vec::new();
    let mut moved_into = vec![None; provinces];
    let mut arrivals = Vec::new();
    let mut arrived_as = Vec::new();
    for (u, ok) in success.iter().enumerate() {
        if let (Act::Move { to, by_convoy, .. }, true) = (acts[u], *ok) {
            moved_into[to.province.0 as usize] = Some((u, by_convoy));
            after.units[u].location = to;
            if let Some(kind) = becomes.get(u).copied().flatten() {
                after.units[u].kind = kind;
                arrived_as.push((units[u], after.units[u]));
            }
            arrivals.push(to.province);
        }
    }
    let mut dislodged_by = vec![None; n];
    for u in 0..n {
        // A unit that left at the start of the move (`Act::Leave`) is not there to be
        // dislodged; it stays on this board for the rulebook to take where it went.
        let stays = stayed(acts[u], success[u]);
        let p = units[u].location.province.0 as usize;
        if stays && !many[p] && u < board_len {
            if let Some((a, by_convoy)) = moved_into[p] {
                dislodged_by[u] = Some(a);
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
    let mut destroyed = vec![false; n];
    let mut disbanded = Vec::new();
    // Attacks moving into provinces that hold many units: one that got in dislodges every
    // unit of the power it attacked that stayed there, or disbands them by the margin.
    for (a, won) in decided.attack_won.iter().enumerate() {
        let (Some((power, disband_margin, margin)), Act::Move { to, .. }) = (*won, acts[a]) else {
            continue;
        };
        let staying: Vec<usize> = defenders(units, board_len, to.province, power)
            .filter(|&d| stayed(acts[d], success[d]))
            .collect();
        for d in staying {
            if dislodged_by[d].is_some() || destroyed[d] {
                continue;
            }
            if disband_margin.is_some_and(|m| margin >= m) {
                destroyed[d] = true;
                disbanded.push(units[d]);
            } else {
                dislodged_by[d] = Some(a);
                dislodged.push(Dislodged {
                    unit: units[d],
                    attacker_from: units[a].location.province,
                    attacker_came_by_convoy: false,
                    attacked_along_other_coast: false,
                });
            }
        }
    }
    // Fights within provinces that hold many units: a side that won dislodges every unit of
    // the power it attacked that is still there, or disbands them when it won by the
    // rulebook's margin.
    for a in 0..board_len.min(n) {
        let (
            Act::AttackWithin {
                power,
                disband_margin,
            },
            true,
        ) = (acts[a], success[a])
        else {
            continue;
        };
        let strength = fight_strength(units, acts, board_len, a, power);
        let here = units[a].location.province;
        let staying: Vec<usize> = defenders(units, board_len, here, power)
            .filter(|&d| stayed(acts[d], success[d]))
            .collect();
        let margin = strength.saturating_sub(staying.len() as u32);
        for d in staying {
            if dislodged_by[d].is_some() || destroyed[d] {
                continue;
            }
            if disband_margin.is_some_and(|m| margin >= m) {
                destroyed[d] = true;
                disbanded.push(units[d]);
            } else {
                dislodged_by[d] = Some(a);
                dislodged.push(Dislodged {
                    unit: units[d],
                    attacker_from: here,
                    attacker_came_by_convoy: false,
                    attacked_along_other_coast: false,
                });
            }
        }
    }
    // A rider that held stayed aboard (its carrier never reached where it was to land from).
    let landed = |u: usize| matches!(acts[u], Act::Move { .. }) && success[u];
    for (k, r) in riders.iter().enumerate() {
        if landed(board_len + k) {
            after.units[r.carrier].kind = r.landing.carrier_after;
            if let Some(d) = dislodged.iter_mut().find(|d| d.unit == units[r.carrier]) {
                d.unit.kind = r.landing.carrier_after;
            }
        }
    }
    after.units = after
        .units
        .iter()
        .enumerate()
        .filter(|(u, _)| {
            dislodged_by[*u].is_none() && !destroyed[*u] && (*u < board_len || landed(*u))
        })
        .map(|(_, x)| *x)
        .collect();

    // Provinces left empty by a standoff: no retreat may go there.
    let mut contested = Vec::new();
    for p in map.province_ids() {
        let i = p.0 as usize;
        let bounced = attackers[i]
            .iter()
            .filter(|&&a| !success[a] && path_ok[a])
            .count();
        if bounced >= 2 && !after.units.iter().any(|u| u.location.province == p) && !many[i] {
            contested.push(p);
        }
    }

    after.dislodged = dislodged;
    after.contested = contested;
    Applied {
        after,
        dislodged_by,
        destroyed,
        disbanded,
        arrived_as,
        reports: Vec::new(),
        arrivals,
    }
}

/// Where each dislodged unit may retreat, and the next phase (taking centres when the
/// calendar says so). `attackers` pairs each unit the moves dislodged, as it stood, with the
/// unit that dislodged it, as the results name it.
pub(super) fn finish(variant: &Rules, applied: &mut Applied, attackers: &[(Unit, Unit)]) {
    let after = &mut applied.after;
    let ctx = variant.context(after);
    applied.reports = after
        .dislodged
        .iter()
        .map(|d| DislodgedReport {
            dislodged: *d,
            retreats: retreat::options(&ctx, d),
            // Matched by place and power: a carrier's kind may have changed as it was dislodged.
            attacker: attackers
                .iter()
                .find(|(x, _)| x.location == d.unit.location && x.power == d.unit.power)
                .map(|(_, by)| *by),
        })
        .collect();
    let had = !after.dislodged.is_empty();
    advance(variant, after, had);
    if !had {
        after.contested.clear();
    }
}
