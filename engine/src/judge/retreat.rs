//! Retreat phases: each dislodged unit retreats to an open neighbour or is disbanded.

use super::submission::{claim, Roster};
use super::{advance, Adjudication, Cause, OrderResult, Submitted};
use crate::map::{Location, ProvinceId};
use crate::order::{Order, Target};
use crate::position::{Dislodged, Position};
use crate::rulebook::{CoastLeniency, SpecialOrder};
use crate::rules::Rules;
use crate::unit::Unit;

/// Where a dislodged unit may retreat, given the board after the movement: a neighbour it
/// could move to that is empty, was not left empty by a standoff, and is not where its
/// attacker came from (unless that attacker came by convoy and the rulebook allows it).
pub(crate) fn options(
    variant: &Rules,
    after: &Position,
    contested: &[ProvinceId],
    d: &Dislodged,
) -> Vec<Location> {
    let map = &variant.map;
    let ctx = variant.context(after);
    let rules = &*variant.book;
    let unit = &d.unit;
    let mut out: Vec<Location> = Vec::new();
    for b in &map.province(unit.location.province).borders {
        let p = b.to.province;
        if unit.kind.uses_coasts() && b.from_coast != unit.location.coast {
            continue;
        }
        if !rules.can_cross(&ctx, unit.kind, b)
            || !rules.can_stand(&ctx, unit.kind, b.to)
            || !rules.may_retreat(&ctx, unit, b)
        {
            continue;
        }
        let origin_allowed = (d.attacker_came_by_convoy
            && variant.options().retreat_to_convoy_origin)
            || (d.attacked_along_other_coast && variant.options().coastal_crawl);
        if (p == d.attacker_from && !origin_allowed) || contested.contains(&p) {
            continue;
        }
        if after.units.iter().any(|u| u.location.province == p) && !rules.holds_many(&ctx, p) {
            continue;
        }
        let loc = if !unit.kind.uses_coasts() {
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
    variant: &Rules,
    position: &Position,
    orders: &[Submitted],
) -> Adjudication {
    let lenient = variant.options().coasts == CoastLeniency::Lenient;
    let dislodged = &position.dislodged;
    // Where each order asks its unit to go (None = disband), or why it cannot.
    let ctx = variant.context(position);
    let claims = claim(
        &ctx,
        Roster::Dislodged(dislodged),
        orders,
        |order| match order {
            Order::Retreat { .. }
            | Order::Move {
                via_convoy: false, ..
            }
            | Order::Disband { .. }
            | Order::Special { .. } => Ok(()),
            _ => Err(Cause::NotARetreatOrder),
        },
        |i, order| match order {
            Order::Retreat { to, .. } | Order::Move { to, .. } => {
                retreat_to(variant, position, &dislodged[i], *to, lenient).map(Some)
            }
            Order::Special { verb, args, .. } => {
                let unit = &dislodged[i].unit;
                variant
                    .book
                    .check_special(&ctx, unit.power, Some(unit), verb, args)
                    .map(|()| None)
            }
            _ => Ok(None),
        },
    );
    // The variant's own orders, for its rulebook once the retreats are settled.
    let specials: Vec<SpecialOrder> = claims
        .accepted
        .iter()
        .enumerate()
        .filter_map(|(k, c)| match (c, &orders[k].order) {
            (Some((i, _)), Ok(Order::Special { verb, args, .. })) => Some(SpecialOrder {
                index: k,
                power: orders[k].power,
                unit: Some(dislodged[*i].unit),
                verb: verb.clone(),
                args: args.clone(),
            }),
            _ => None,
        })
        .collect();
    let mut results: Vec<OrderResult> = claims
        .results
        .into_iter()
        .map(|r| r.unwrap_or_else(OrderResult::ok))
        .collect();
    // For each dislodged unit: the order index and where it goes (None = disband, the default).
    let chosen: Vec<Option<(usize, Option<Location>)>> = claims
        .order_of
        .iter()
        .map(|k| k.and_then(|k| claims.accepted[k].map(|(_, to)| (k, to))))
        .collect();

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
                        if l.province == loc.province && !variant.book.holds_many(&ctx, loc.province)));
                if clash {
                    let with = chosen
                        .iter()
                        .enumerate()
                        .filter(|(j, c)| {
                            *j != i && matches!(c, Some((_, Some(l))) if l.province == loc.province)
                        })
                        .map(|(j, _)| dislodged[j].unit)
                        .collect();
                    results[k] = OrderResult::fails(Cause::RetreatClash {
                        at: loc.province,
                        with,
                    });
                    disbanded.push(d.unit);
                } else {
                    after.units.push(Unit {
                        location: loc,
                        ..d.unit
                    });
                    arrivals.push(loc.province);
                }
            }
            // A unit with a special order is the rulebook's, below.
            Some((k, None)) if specials.iter().any(|s| s.index == k) => {}
            _ => disbanded.push(d.unit),
        }
    }
    if !specials.is_empty() {
        // The rulebook takes a unit it keeps out of `after.dislodged` (and puts it where it
        // goes); one it leaves there is disbanded.
        after.dislodged = specials
            .iter()
            .filter_map(|s| dislodged.iter().find(|d| Some(d.unit) == s.unit).copied())
            .collect();
        super::settle_specials(
            &ctx,
            orders,
            &specials,
            &mut results,
            &mut after,
            &mut arrivals,
        );
        disbanded.extend(after.dislodged.iter().map(|d| d.unit));
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

/// Where a retreat to `to` puts the dislodged unit `d`, or why it may not go there.
fn retreat_to(
    variant: &Rules,
    position: &Position,
    d: &Dislodged,
    to: Target,
    lenient: bool,
) -> Result<Location, Cause> {
    let legal = options(variant, position, &position.contested, d);
    let pick: Vec<Location> = legal
        .iter()
        .copied()
        .filter(|l| {
            l.province == to.province
                && (to.coast.is_none() || l.coast.is_none() || l.coast == to.coast)
        })
        .collect();
    match pick.as_slice() {
        [one] if to.coast.is_some() || one.coast.is_none() || lenient => Ok(*one),
        _ => Err(Cause::CannotRetreat {
            unit: d.unit,
            to: to.location(),
            options: legal,
        }),
    }
}
