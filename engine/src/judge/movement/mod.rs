//! Movement phases, as a pipeline: [`plan`] reads the orders into what each unit does,
//! [`resolve`] decides every move, support and convoy together, [`apply`] makes the position
//! after, and [`explain`] gives each order its result.

mod apply;
mod explain;
mod plan;
mod resolve;

pub(super) use plan::accepts;

use super::route::LazyRoutes;
use crate::map::Location;
use plan::Act;
use std::borrow::Cow;
use super::{Adjudication, Submitted};
use crate::position::Position;
use crate::rules::Rules;

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
    let going_on: Vec<(usize, usize, Location, u32)> = plan
        .riders
        .iter()
        .enumerate()
        .filter_map(|(k, r)| r.then_move.map(|(to, base)| (board_len + k, r.carrier, to, base)))
        .collect();
    let (mut decided, acts) = if going_on.is_empty() {
        (resolve(acts), Vec::new())
    } else {
        (resolve(acts.clone()), acts)
    };
    // A carrier that goes on after its landing (rule 8g) moves only if the landing succeeds
    // (8d): resolved first with every carrier staying; if some landings succeed, again with
    // their carriers moving on, which stands if those landings still succeed.
    let landed: Vec<_> = going_on
        .iter()
        .filter(|g| decided.success[g.0])
        .copied()
        .collect();
    if !landed.is_empty() {
        let mut moving = acts;
        for &(_, carrier, to, base) in &landed {
            moving[carrier] = Act::Move {
                to,
                by_convoy: false,
                base,
                convoy_base: base,
            };
        }
        let second = resolve(moving);
        if landed.iter().all(|g| second.success[g.0]) {
            decided = second;
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
