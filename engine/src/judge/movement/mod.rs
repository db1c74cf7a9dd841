//! Movement phases, as a pipeline: [`plan`] reads the orders into what each unit does,
//! [`resolve`] decides every move, support and convoy together, [`apply`] makes the position
//! after, and [`explain`] gives each order its result.

mod apply;
mod explain;
mod plan;
mod resolve;

pub(super) use plan::accepts;

use super::route::LazyRoutes;
use super::{Adjudication, Submitted};
use crate::position::Position;
use crate::rules::Rules;
use plan::Act;
use std::borrow::Cow;

pub(super) fn adjudicate(
    variant: &Rules,
    position: &Position,
    orders: &[Submitted],
) -> Adjudication {
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
    let resolve = |acts: Vec<Act>| {
        resolve::resolve(
            variant,
            routes.ctx(),
            units,
            board_len,
            acts,
            many.clone(),
            &plan.convoy_orders,
            &plan.fallback_candidates,
        )
    };
    // Conditional acts (rules 8d, 8g and the move-then-land of rule 8): a carrier goes on
    // after its landing only if the landing succeeds; a unit is put ashore from the sea its
    // carrier moves to only if that move succeeds. The phase is resolved first without them;
    // those whose condition held are added and the phase resolved again, which stands if
    // every one of those conditions still holds there, else the first resolution does.
    let planned = if plan.riders.is_empty() {
        Vec::new()
    } else {
        acts.clone()
    };
    let mut first = acts;
    for (k, r) in plan.riders.iter().enumerate() {
        if r.sail.is_some() {
            first[board_len + k] = Act::Hold;
        }
    }
    let mut decided = resolve(first.clone());
    let mut second = first;
    // The units whose success each added act depends on.
    let mut conditions: Vec<usize> = Vec::new();
    for (k, r) in plan.riders.iter().enumerate() {
        let rider = board_len + k;
        if let Some((to, base)) = r.then_move {
            if decided.success[rider] {
                second[r.carrier] = Act::Move {
                    to,
                    by_convoy: false,
                    base,
                    convoy_base: base,
                };
                conditions.push(rider);
            }
        }
        if r.sail.is_some() && decided.success[r.carrier] {
            second[rider] = planned[rider];
            conditions.push(r.carrier);
        }
    }
    if !conditions.is_empty() {
        let again = resolve(second);
        if conditions.iter().all(|&c| again.success[c]) {
            decided = again;
        }
    }
    // A unit left aboard because its carrier did not get where it was to land from: the
    // order's result is the carrier's move.
    for (k, r) in plan.riders.iter().enumerate() {
        let rider = board_len + k;
        if r.sail.is_some() && matches!(decided.acts[rider], Act::Hold) {
            for o in plan.ordered_unit.iter_mut() {
                if *o == Some(rider) {
                    *o = Some(r.carrier);
                }
            }
        }
    }
    let mut applied = apply::apply(variant, &board, &decided, board_len, &plan.riders);
    let specials = std::mem::take(&mut plan.specials);
    // A landing is the carrier's order: results name the A/F, not a unit of its own.
    let mut shown = units.clone();
    for (k, r) in plan.riders.iter().enumerate() {
        shown[board_len + k] = units[r.carrier];
    }
    let mut results = explain::explain(routes.ctx(), &shown, plan, &decided, &applied);
    // Called after every movement phase, even without special orders, so a rulebook can
    // follow its units' moves (rations aboard an A/F).
    super::settle_specials(
        routes.ctx(),
        orders,
        &specials,
        &mut results,
        &mut applied.after,
        &mut applied.arrivals,
    );
    apply::finish(variant, &mut applied);
    Adjudication {
        results,
        after: applied.after,
        dislodged: applied.reports,
        built: Vec::new(),
        removed: Vec::new(),
        disbanded: Vec::new(),
        arrivals: applied.arrivals,
    }
}
