//! Retreat phases: each dislodged unit retreats to an open neighbour or is disbanded.

use super::advance::advance;
use super::submission::{claim, Roster};
use crate::map::{Location, ProvinceId};
use crate::order::{Order, Target};
use crate::outcome::{Adjudication, Cause, OrderResult, Submitted};
use crate::position::{Dislodged, Position};
use crate::rulebook::{CoastLeniency, RuleContext, SpecialOrder};
use crate::rules::Rules;
use crate::unit::Unit;

/// Where a dislodged unit may retreat, given the board after the movement (`ctx.position`):
/// a neighbour it could move to that is empty, was not left empty by a standoff
/// (`ctx.position.contested`), and is not where its attacker came from (unless that attacker
/// came by convoy and the rulebook allows it).
pub(crate) fn options(ctx: &RuleContext, d: &Dislodged) -> Vec<Location> {
    let map = ctx.map();
    let after = ctx.position;
    let contested = &after.contested;
    let rules = ctx.book;
    let unit = &d.unit;
    let mut out: Vec<Location> = Vec::new();
    for b in &map.province(unit.location.province).borders {
        let p = b.to.province;
        if !super::route::leaves_by(ctx, unit.kind, unit.location, b) {
            continue;
        }
        if !rules.can_cross(ctx, unit.kind, b)
            || !rules.can_stand(ctx, unit.kind, b.to)
            || !rules.may_retreat(ctx, unit, b)
        {
            continue;
        }
        let origin_allowed = (d.attacker_came_by_convoy && ctx.options().retreat_to_convoy_origin)
            || (d.attacked_along_other_coast && ctx.options().coastal_crawl);
        if (p == d.attacker_from && !origin_allowed) || contested.contains(&p) {
            continue;
        }
        if after.units.iter().any(|u| u.location.province == p) && !rules.holds_many(ctx, p) {
            continue;
        }
        let loc = if !ctx.map().moves_along_coasts(unit.kind.class()) {
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

/// Settles retreats that each unit tries in order of preference, all at once: in each round
/// every unit not yet placed goes to its first place still open; a place only one unit goes
/// to is its, one that several go to is closed to all of them (they stand off there) and
/// they try their next places in the next round. A unit that runs out of places gets `None`.
/// `open` says whether a province may still be entered; in one that holds many
/// (`holds_many`) nobody stands off. Used for retreats by a rule (the rulebook's
/// [`crate::rulebook::VariantRules::default_retreats`]) and for lists a player wrote in
/// advance (Atlantica II's conditional retreats).
pub fn settle_preferences(
    lists: &[Vec<Location>],
    open: impl Fn(ProvinceId) -> bool,
    holds_many: impl Fn(ProvinceId) -> bool,
) -> Vec<Option<Location>> {
    let mut placed: Vec<Option<Location>> = vec![None; lists.len()];
    let mut next: Vec<usize> = vec![0; lists.len()];
    let mut closed: Vec<ProvinceId> = Vec::new();
    loop {
        // Each unit still moving: its first choice that is open and not closed or taken.
        let taken: Vec<ProvinceId> = placed.iter().flatten().map(|l| l.province).collect();
        let mut wants: Vec<Option<Location>> = vec![None; lists.len()];
        for (i, list) in lists.iter().enumerate() {
            if placed[i].is_some() {
                continue;
            }
            while let Some(l) = list.get(next[i]) {
                let p = l.province;
                if open(p) && !closed.contains(&p) && (holds_many(p) || !taken.contains(&p)) {
                    wants[i] = Some(*l);
                    break;
                }
                next[i] += 1;
            }
        }
        if wants.iter().all(Option::is_none) {
            return placed;
        }
        for i in 0..lists.len() {
            let Some(l) = wants[i] else { continue };
            let rivals = wants
                .iter()
                .enumerate()
                .any(|(j, w)| j != i && w.is_some_and(|w| w.province == l.province));
            if rivals && !holds_many(l.province) {
                if !closed.contains(&l.province) {
                    closed.push(l.province);
                }
            } else {
                placed[i] = Some(l);
            }
        }
    }
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
            Order::Disband { .. } => {
                let d = &dislodged[i];
                variant
                    .book
                    .may_disband_dislodged(&ctx, d, &options(&ctx, d))
                    .map(|()| None)
            }
            Order::Special { verb, args, .. }
                if variant.book.conditional_verbs().contains(&verb.as_str()) =>
            {
                Err(super::submission::conditional_out_of_phase(
                    &ctx,
                    &dislodged[i].unit,
                    verb,
                    args,
                ))
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

    // Two retreats to one province: both units are lost, unless the rulebook sends a unit
    // whose retreat was not carried out somewhere by its own rule (`default_retreats`).
    let mut after = position.clone();
    let mut disbanded: Vec<Unit> = Vec::new();
    let mut arrivals = Vec::new();
    let by_rule = |i: usize| -> Vec<Location> {
        let d = &dislodged[i];
        let legal = options(&ctx, d);
        variant
            .book
            .default_retreats(&ctx, d, &legal)
            .into_iter()
            .filter(|l| legal.contains(l))
            .collect()
    };
    // Units left to the rulebook's rule, with the places it tries, and the provinces the
    // ordered retreats reached or clashed over (closed to those units).
    let mut pending: Vec<(usize, Vec<Location>)> = Vec::new();
    let mut retreated: Vec<(Unit, Location)> = Vec::new();
    let mut closed: Vec<ProvinceId> = Vec::new();
    let mut fall_back = |i: usize, disbanded: &mut Vec<Unit>| {
        let list = by_rule(i);
        if list.is_empty() {
            disbanded.push(dislodged[i].unit);
        } else {
            pending.push((i, list));
        }
    };
    for (i, d) in dislodged.iter().enumerate() {
        match chosen[i] {
            Some((k, Some(loc))) => {
                closed.push(loc.province);
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
                    fall_back(i, &mut disbanded);
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
            // Disbanded as ordered.
            Some((_, None)) => disbanded.push(d.unit),
            None => fall_back(i, &mut disbanded),
        }
    }
    if !pending.is_empty() {
        let lists: Vec<Vec<Location>> = pending.iter().map(|(_, l)| l.clone()).collect();
        let many = |p: ProvinceId| variant.book.holds_many(&ctx, p);
        let placed = settle_preferences(&lists, |p| many(p) || !closed.contains(&p), many);
        for ((i, _), to) in pending.iter().zip(placed) {
            match to {
                Some(loc) => {
                    after.units.push(Unit {
                        location: loc,
                        ..dislodged[*i].unit
                    });
                    arrivals.push(loc.province);
                    retreated.push((dislodged[*i].unit, loc));
                }
                None => disbanded.push(dislodged[*i].unit),
            }
        }
    }
    if !specials.is_empty() {
        // The rulebook takes a unit it keeps out of `after.dislodged` (and puts it where it
        // goes); one it leaves there is disbanded.
        after.dislodged = specials
            .iter()
            .filter_map(|s| dislodged.iter().find(|d| Some(d.unit) == s.unit).copied())
            .collect();
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
        retreated,
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
    let ctx = variant.context(position);
    let legal = options(&ctx, d);
    let pick: Vec<Location> = legal
        .iter()
        .copied()
        .filter(|l| {
            l.province == to.province
                && (to.coast.is_none() || l.coast.is_none() || l.coast == to.coast)
        })
        .collect();
    if pick.is_empty() {
        // A way there that the rulebook closed to retreats: its own words, if it has some.
        let closed = variant
            .map
            .province(d.unit.location.province)
            .borders
            .iter()
            .filter(|b| b.to.province == to.province && !ctx.book.may_retreat(&ctx, &d.unit, b))
            .find_map(|b| ctx.book.why_may_not_retreat(&ctx, &d.unit, b));
        if let Some(why) = closed {
            return Err(why);
        }
    }
    match pick.as_slice() {
        [one] if to.coast.is_some() || one.coast.is_none() || lenient => Ok(*one),
        _ => Err(Cause::CannotRetreat {
            unit: d.unit,
            to: to.location(),
            options: legal,
        }),
    }
}
