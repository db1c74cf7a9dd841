//! Movement phases, as a pipeline: [`plan`] reads the orders into what each unit does,
//! [`resolve`] decides every move, support and convoy together, [`apply`] makes the position
//! after, and [`explain`] gives each order its result.

mod apply;
mod check;
mod explain;
mod groups;
mod plan;
mod resolve;

pub(super) use check::{accepts, accepts_unit, may_convoy};

use super::route::LazyRoutes;
use super::submission::{find_unit, understood};
use crate::map::Location;
use crate::order::Order;
use crate::outcome::{Adjudication, Cause, OrderResult, Submitted};
use crate::position::Position;
use crate::rulebook::{Settled, SpecialOrder};
use crate::rules::Rules;
use crate::unit::Unit;
use plan::Act;
use std::borrow::Cow;

pub(super) fn adjudicate(
    variant: &Rules,
    position: &Position,
    orders: &[Submitted],
) -> Adjudication {
    let verbs = variant.book.conditional_verbs();
    let conditional = |s: &Submitted| match &s.order {
        Ok(Order::Special { verb, .. }) => verbs.contains(&verb.as_str()),
        _ => false,
    };
    if !orders.iter().any(conditional) {
        return adjudicate_orders(variant, position, orders);
    }
    // Orders given beside a unit's own order (the rulebook's `conditional_verbs`) are taken
    // apart: the moves are judged without them, then the rulebook settles them on the board
    // the moves left, before the retreats are listed.
    let (kept, given): (Vec<usize>, Vec<usize>) =
        (0..orders.len()).partition(|&k| !conditional(&orders[k]));
    let plain: Vec<Submitted> = kept.iter().map(|&k| orders[k].clone()).collect();
    let mut adj = adjudicate_with(variant, position, &plain, |ctx, applied| {
        let mut results: Vec<Option<OrderResult>> = vec![None; given.len()];
        let mut accepted: Vec<SpecialOrder> = Vec::new();
        let mut ordered: Vec<usize> = Vec::new();
        let units = &position.units;
        for (n, &k) in given.iter().enumerate() {
            let sub = &orders[k];
            let order = match understood(sub) {
                Ok(o) => o,
                Err(r) => {
                    results[n] = Some(r);
                    continue;
                }
            };
            let Order::Special { verb, args, .. } = order else {
                continue;
            };
            let found =
                find_unit(ctx, units, sub.power, order, |u| ordered.contains(&u)).and_then(|u| {
                    if ordered.contains(&u) {
                        return Err(Cause::AlreadyOrdered { unit: units[u] });
                    }
                    ctx.book
                        .check_conditional(ctx, &units[u], verb, args)
                        .map(|()| u)
                });
            match found {
                Ok(u) => {
                    ordered.push(u);
                    accepted.push(SpecialOrder {
                        index: n,
                        power: sub.power,
                        unit: Some(units[u]),
                        verb: verb.clone(),
                        args: args.clone(),
                    });
                }
                Err(e) => results[n] = Some(OrderResult::illegal(e)),
            }
        }
        let mut retreated: Vec<(Unit, Location)> = Vec::new();
        if !accepted.is_empty() {
            let before = applied.after.dislodged.clone();
            let first_arrival = applied.arrivals.len();
            // Retreat lists are settled on the board alone: no rule of theirs asks who attacked.
            let mut settled = Settled {
                after: &mut applied.after,
                arrivals: &mut applied.arrivals,
                moves: &[],
                arrived_as: &[],
                orders: &[],
                results: &mut [],
            };
            let mut answers = ctx
                .book
                .adjudicate_conditional(ctx, &accepted, &mut settled)
                .into_iter();
            for s in &accepted {
                results[s.index] = Some(
                    answers
                        .next()
                        .unwrap_or_else(|| OrderResult::fails(Cause::NotAdjudicated)),
                );
            }
            // A dislodged unit the rulebook took off the list went to one of the provinces it
            // listed as arrivals: the first there of the unit's power and kind.
            let mut new_arrivals = applied.arrivals[first_arrival..].to_vec();
            for d in before
                .iter()
                .filter(|d| !applied.after.dislodged.contains(d))
            {
                let found = new_arrivals.iter().position(|p| {
                    applied
                        .after
                        .units_at(*p)
                        .any(|u| u.power == d.unit.power && u.kind == d.unit.kind)
                });
                if let Some(k) = found {
                    let p = new_arrivals.remove(k);
                    if let Some(u) = applied
                        .after
                        .units_at(p)
                        .find(|u| u.power == d.unit.power && u.kind == d.unit.kind)
                    {
                        retreated.push((d.unit, u.location));
                    }
                }
            }
        }
        let results = results
            .into_iter()
            .map(|r| r.unwrap_or_else(|| OrderResult::fails(Cause::NotAdjudicated)))
            .collect::<Vec<OrderResult>>();
        (results, retreated)
    });
    // Every order's result back in the order given.
    let mut plain_results = std::mem::take(&mut adj.0.results).into_iter();
    let (given_results, retreated) = adj.1;
    adj.0.retreated = retreated;
    let mut given_results = given_results.into_iter();
    adj.0.results = (0..orders.len())
        .map(|k| {
            let next = if kept.contains(&k) {
                plain_results.next()
            } else {
                given_results.next()
            };
            next.unwrap_or_else(|| OrderResult::fails(Cause::NotAdjudicated))
        })
        .collect();
    adj.0
}

fn adjudicate_orders(variant: &Rules, position: &Position, orders: &[Submitted]) -> Adjudication {
    adjudicate_with(variant, position, orders, |_, _| ()).0
}

/// Judges a movement phase's orders; `conditional` settles the orders given beside them on
/// the board the moves and special orders left, before the retreats are listed.
fn adjudicate_with<T>(
    variant: &Rules,
    position: &Position,
    orders: &[Submitted],
    conditional: impl FnOnce(&crate::rulebook::RuleContext, &mut apply::Applied) -> T,
) -> (Adjudication, T) {
    let routes = LazyRoutes::new(variant.context(position), &position.units, false);
    let mut plan = plan::plan(variant, &position.units, &routes, orders);
    let board_len = position.units.len();
    // Units put ashore are resolved as units of their own, after the board's.
    let board: Cow<Position> = if plan.riders.is_empty() {
        Cow::Borrowed(position)
    } else {
        Cow::Owned(Position {
            units: std::mem::take(&mut plan.units),
            ..position.clone()
        })
    };
    let units = &board.units;
    let acts = std::mem::take(&mut plan.acts);
    let many = std::mem::take(&mut plan.many);
    // One resolution: a landing from the sea its carrier sails to, and a carrier moving on
    // once its army has landed, are moves that wait for another decision (`plan.needs`).
    let decided = resolve::resolve(
        variant,
        routes.ctx(),
        units,
        board_len,
        acts,
        many,
        &plan.convoy_orders,
        &plan.fallback_candidates,
        &plan.needs,
        std::mem::take(&mut plan.attack_on),
    );
    // A unit left aboard because its carrier did not get where it was to land from: the
    // order's result is the carrier's move.
    for (k, r) in plan.riders.iter().enumerate() {
        let rider = board_len + k;
        if r.sail.is_some() && !decided.success[r.carrier] {
            for o in plan.ordered_unit.iter_mut() {
                if *o == Some(rider) {
                    *o = Some(r.carrier);
                }
            }
        }
    }
    let mut applied = apply::apply(
        variant,
        &board,
        &decided,
        board_len,
        &plan.riders,
        &plan.becomes,
    );
    let specials = std::mem::take(&mut plan.specials);
    // A landing is the carrier's order: results name the A/F, not a unit of its own.
    let shown: Cow<[Unit]> = if plan.riders.is_empty() {
        Cow::Borrowed(units)
    } else {
        let mut shown = units.clone();
        for (k, r) in plan.riders.iter().enumerate() {
            shown[board_len + k] = units[r.carrier];
        }
        Cow::Owned(shown)
    };
    let mut results = explain::explain(routes.ctx(), &shown, plan, &decided, &applied);
    // Called after every movement phase, even without special orders, so a rulebook can
    // follow its units' moves (rations aboard an A/F).
    // The moves are listed only for the rules of special orders that ask who was attacked.
    let moves: Vec<_> = if specials.is_empty() {
        Vec::new()
    } else {
        decided
            .acts
            .iter()
            .enumerate()
            .filter_map(|(u, a)| match a {
                Act::Move { to, .. } => Some((units[u], *to, decided.success[u])),
                _ => None,
            })
            .collect()
    };
    super::advance::settle_specials(
        routes.ctx(),
        orders,
        &specials,
        &mut results,
        &mut applied.after,
        &mut applied.arrivals,
        &moves,
        &std::mem::take(&mut applied.arrived_as),
    );
    let attackers: Vec<(Unit, Unit)> = applied
        .dislodged_by
        .iter()
        .enumerate()
        .filter_map(|(u, by)| by.map(|a| (units[u], shown[a])))
        .collect();
    let extra = conditional(routes.ctx(), &mut applied);
    apply::finish(variant, &mut applied, &attackers);
    let adj = Adjudication {
        results,
        after: applied.after,
        dislodged: applied.reports,
        built: Vec::new(),
        removed: Vec::new(),
        disbanded: std::mem::take(&mut applied.disbanded),
        arrivals: applied.arrivals,
        retreated: Vec::new(),
    };
    (adj, extra)
}
