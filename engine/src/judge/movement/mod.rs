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

pub(super) fn adjudicate(
    variant: &Rules,
    position: &Position,
    orders: &[Submitted],
) -> Adjudication {
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
