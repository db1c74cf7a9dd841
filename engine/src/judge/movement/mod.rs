//! Movement phases, as a pipeline: [`plan`] reads the orders into what each unit does,
//! [`resolve`] decides every move, support and convoy together, [`apply`] makes the position
//! after, and [`explain`] gives each order its result.

mod apply;
mod explain;
mod plan;
mod resolve;

pub(super) use plan::accepts;

use super::route::LazyRoutes;
use super::submission::{find_unit, understood};
use super::{Adjudication, Cause, OrderResult, Submitted};
use crate::map::Location;
use crate::order::Order;
use crate::position::Position;
use crate::rulebook::{Settled, SpecialOrder};
use crate::rules::Rules;
use crate::unit::Unit;

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
    let units = &position.units;
    let routes = LazyRoutes::new(variant.context(position), units, false);
    let mut plan = plan::plan(variant, units, &routes, orders);
    // Units whose special order takes them out of their province before the moves.
    let mut vacated = vec![false; units.len()];
    if !plan.specials.is_empty() {
        let leaving = variant.book.specials_vacate(routes.ctx(), &plan.specials);
        for (s, leaves) in plan.specials.iter().zip(leaving) {
            if let (true, Some(u)) = (leaves, s.unit) {
                if let Some(i) = units.iter().position(|x| *x == u) {
                    vacated[i] = true;
                }
            }
        }
    }
    let decided = resolve::resolve(
        variant,
        routes.ctx(),
        units,
        std::mem::take(&mut plan.acts),
        std::mem::take(&mut plan.many),
        &plan.convoy_orders,
        &plan.fallback_candidates,
        &vacated,
    );
    let mut applied = apply::apply(variant, position, &decided);
    let specials = std::mem::take(&mut plan.specials);
    let mut results = explain::explain(routes.ctx(), units, plan, &decided, &applied);
    if !specials.is_empty() {
        let moves: Vec<_> = decided
            .acts
            .iter()
            .enumerate()
            .filter_map(|(u, a)| match a {
                plan::Act::Move { to, .. } => Some((units[u], *to)),
                _ => None,
            })
            .collect();
        super::settle_specials(
            routes.ctx(),
            &specials,
            &mut results,
            &mut applied.after,
            &mut applied.arrivals,
            &moves,
        );
    }
    let extra = conditional(routes.ctx(), &mut applied);
    apply::finish(variant, &mut applied);
    let adj = Adjudication {
        results,
        after: applied.after,
        dislodged: applied.reports,
        built: Vec::new(),
        removed: Vec::new(),
        disbanded: Vec::new(),
        arrivals: applied.arrivals,
        retreated: Vec::new(),
    };
    (adj, extra)
}
