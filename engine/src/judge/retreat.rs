//! Retreat phases: each dislodged unit retreats to an open neighbour or is disbanded.

use super::{advance, Adjudication, OrderResult, Submitted};
use crate::map::{Location, ProvinceId};
use crate::order::Order;
use crate::position::{Dislodged, Position};
use crate::rulebook::CoastLeniency;
use crate::unit::{Unit, UnitKind};
use crate::variant::Variant;

/// Where a dislodged unit may retreat, given the board after the movement: a neighbour it
/// could move to that is empty, was not left empty by a standoff, and is not where its
/// attacker came from (unless that attacker came by convoy and the rulebook allows it).
pub(crate) fn options(
    variant: &Variant,
    after: &Position,
    contested: &[ProvinceId],
    d: &Dislodged,
) -> Vec<Location> {
    let map = &variant.map;
    let rules = &variant.rules;
    let unit = &d.unit;
    let mut out: Vec<Location> = Vec::new();
    for b in &map.province(unit.location.province).borders {
        let p = b.to.province;
        if unit.kind != UnitKind::Army && b.from_coast != unit.location.coast {
            continue;
        }
        if !rules.can_cross(map, unit.kind, b)
            || !rules.can_stand(map, unit.kind, b.to)
            || !rules.may_retreat(map, unit, b)
        {
            continue;
        }
        let origin_allowed = (d.attacker_came_by_convoy
            && variant.options.retreat_to_convoy_origin)
            || (d.attacked_along_other_coast && variant.options.coastal_crawl);
        if (p == d.attacker_from && !origin_allowed) || contested.contains(&p) {
            continue;
        }
        if after.units.iter().any(|u| u.location.province == p) && !rules.holds_many(map, p) {
            continue;
        }
        let loc = if unit.kind == UnitKind::Army {
            Location::province(p)
        } else {
            b.to
        };
        if !out.contains(&loc) {
            out.push(loc);
        }
    }
    out.sort();
    out
}

pub(super) fn adjudicate(
    variant: &Variant,
    position: &Position,
    orders: &[Submitted],
) -> Adjudication {
    let map = &variant.map;
    let lenient = variant.options.coasts == CoastLeniency::Lenient;
    let dislodged = &position.dislodged;
    let mut results: Vec<OrderResult> = Vec::with_capacity(orders.len());
    // For each dislodged unit: the order index and where it asks to go (None = disband).
    let mut chosen: Vec<Option<(usize, Option<Location>)>> = vec![None; dislodged.len()];

    for (k, sub) in orders.iter().enumerate() {
        let order = match &sub.order {
            Ok(o) => o,
            Err(e) => {
                results.push(OrderResult::illegal(e.clone()));
                continue;
            }
        };
        let to = match order {
            Order::Retreat { to, .. }
            | Order::Move {
                to,
                via_convoy: false,
                ..
            } => Some(*to),
            Order::Disband { .. } => None,
            _ => {
                results.push(OrderResult::illegal(
                    "in a retreat phase a dislodged unit may only retreat (R) or disband (D)",
                ));
                continue;
            }
        };
        let r = order.unit().expect("retreats and disbands name a unit");
        let Some(i) = dislodged
            .iter()
            .position(|d| d.unit.location.province == r.province)
        else {
            results.push(OrderResult::illegal(format!(
                "no unit was dislodged from {}",
                map.province(r.province).name
            )));
            continue;
        };
        let d = &dislodged[i];
        if d.unit.power != sub.power {
            results.push(OrderResult::illegal(format!(
                "the dislodged unit in {} belongs to {}",
                map.province(r.province).name,
                variant.power_name(d.unit.power)
            )));
            continue;
        }
        if r.kind.is_some_and(|k| k != d.unit.kind) {
            results.push(OrderResult::illegal(format!(
                "the dislodged unit is {}",
                variant.unit_text(&d.unit)
            )));
            continue;
        }
        if chosen[i].is_some() {
            results.push(OrderResult::illegal(format!(
                "{} already has an order",
                variant.unit_text(&d.unit)
            )));
            continue;
        }
        let Some(to) = to else {
            chosen[i] = Some((k, None));
            results.push(OrderResult::ok());
            continue;
        };
        let legal = options(variant, position, &position.contested, d);
        let pick: Vec<Location> = legal
            .iter()
            .copied()
            .filter(|l| {
                l.province == to.province
                    && (to.coast.is_none() || l.coast.is_none() || l.coast == to.coast)
            })
            .collect();
        let ok = match pick.as_slice() {
            [one] if to.coast.is_some() || one.coast.is_none() || lenient => Some(*one),
            _ => None,
        };
        match ok {
            Some(loc) => {
                chosen[i] = Some((k, Some(loc)));
                results.push(OrderResult::ok());
            }
            None => {
                let names: Vec<String> = legal.iter().map(|l| map.location_name(*l)).collect();
                let can = if names.is_empty() {
                    "it has nowhere to go".to_string()
                } else {
                    format!("it may go to {}", names.join(", "))
                };
                results.push(OrderResult::illegal(format!(
                    "{} cannot retreat to {}; {can}",
                    variant.unit_text(&d.unit),
                    map.location_name(to.location())
                )));
            }
        }
    }

    // Two retreats to one province: both units are lost.
    let mut after = position.clone();
    let mut disbanded: Vec<Unit> = Vec::new();
    let mut arrivals = Vec::new();
    for (i, d) in dislodged.iter().enumerate() {
        match chosen[i] {
            Some((k, Some(loc))) => {
                let clash = chosen
                    .iter()
                    .enumerate()
                    .any(|(j, c)| j != i && matches!(c, Some((_, Some(l)))
                        if l.province == loc.province && !variant.rules.holds_many(map, loc.province)));
                if clash {
                    results[k] = OrderResult::fails(format!(
                        "another unit retreated to {} too; both are disbanded",
                        map.province(loc.province).name
                    ));
                    disbanded.push(d.unit);
                } else {
                    after.units.push(Unit {
                        location: loc,
                        ..d.unit
                    });
                    arrivals.push(loc.province);
                }
            }
            _ => disbanded.push(d.unit),
        }
    }
    after.dislodged.clear();
    after.contested.clear();
    advance(variant, &mut after, false);
    Adjudication {
        results,
        after,
        dislodged: Vec::new(),
        built: Vec::new(),
        removed: Vec::new(),
        disbanded,
        arrivals,
    }
}
