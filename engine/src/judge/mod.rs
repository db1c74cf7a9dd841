//! The judge: adjudicates one phase of orders and produces the position after it.
//!
//! [`adjudicate`] dispatches on the phase kind to [`movement`], [`retreat`] or [`adjustment`].
//! Every submitted order gets exactly one [`OrderResult`], in the order given, so a player can
//! see what became of each line they wrote.

mod adjustment;
pub(crate) use adjustment::build_location;
pub use adjustment::{by_removal_distance, removal_distance};
mod advance;
mod movement;
mod retreat;
mod route;
mod submission;

pub use retreat::settle_preferences;

// What the judge produces is the crate's `outcome`, below the rulebook, whose hooks answer in
// it; named here too, where callers have always found it.
pub use crate::outcome::{
    Adjudication, Cause, DislodgedReport, OrderResult, RemovalCause, Submitted, Verdict,
};

use crate::map::{Location, ProvinceId};
use crate::order::{Order, Target, UnitRef};
use crate::phase::PhaseKind;
use crate::position::{Dislodged, Position};
use crate::rulebook::RuleContext;
use crate::rules::Rules;
use crate::unit::PowerId;

/// Adjudicates the orders of one phase. Units without orders hold, retreats without orders
/// disband, missing builds are waived and missing removals follow the rulebook's rule.
pub fn adjudicate(variant: &Rules, position: &Position, orders: &[Submitted]) -> Adjudication {
    let mut adj = match variant.calendar.kind(position.phase) {
        PhaseKind::Movement => movement::adjudicate(variant, position, orders),
        PhaseKind::Retreat => retreat::adjudicate(variant, position, orders),
        PhaseKind::Adjustment => adjustment::adjudicate(variant, position, orders),
        PhaseKind::Setup => match variant
            .book
            .adjudicate_setup(&variant.context(position), orders)
        {
            Some(adj) => adj,
            None => Adjudication {
                results: orders
                    .iter()
                    .map(|_| OrderResult::illegal(Cause::NoSetupOrders))
                    .collect(),
                after: Position {
                    phase: variant.calendar.next(position.phase),
                    ..position.clone()
                },
                dislodged: Vec::new(),
                built: Vec::new(),
                removed: Vec::new(),
                disbanded: Vec::new(),
                arrivals: Vec::new(),
                retreated: Vec::new(),
            },
        },
    };
    variant
        .book
        .after_phase(&variant.context(position), &adj.arrivals, &mut adj.after);
    adj
}

/// Checks one order at submit time, as if it were the only order of the phase: an order for a
/// unit that is not there, for another power's unit, or that could never be carried out is
/// refused with the reason. Returns the order's canonical text when it is accepted.
pub fn check_submission(
    variant: &Rules,
    position: &Position,
    power: PowerId,
    order: &Order,
) -> Result<String, String> {
    let single = [Submitted {
        power,
        order: Ok(order.clone()),
    }];
    let adj = adjudicate(variant, position, &single);
    match adj.results.into_iter().next() {
        Some(r) if r.verdict == Verdict::Illegal => Err(r.reason(variant)),
        _ => Ok(order.to_text(variant)),
    }
}

/// Whether `order` (accepted by [`check_submission`]) may be added to the power's orders in
/// force, `standing` ([`crate::rulebook::VariantRules::check_beside`]); the error is the reason
/// in players' words.
pub fn check_beside(
    variant: &Rules,
    position: &Position,
    power: PowerId,
    order: &Order,
    standing: &[Order],
) -> Result<(), String> {
    variant
        .book
        .check_beside(&variant.context(position), power, order, standing)
        .map_err(|cause| OrderResult::illegal(cause).reason(variant))
}

/// How many builds (or removals) a power is due in an adjustment, never negative; builds are
/// capped by the sites it has to build in.
pub fn adjustment_due(variant: &Rules, position: &Position, power: PowerId) -> i64 {
    let ctx = variant.context(position);
    let supply = variant.book.supply(&ctx, power) as i64;
    let units: usize = position
        .units
        .iter()
        .filter(|u| u.power == power)
        .map(|u| variant.book.units_counted(&ctx, u))
        .sum();
    let diff = supply - units as i64;
    if diff > 0 {
        diff.min(variant.book.build_sites(&ctx, power).len() as i64)
    } else {
        -diff
    }
}

/// Checks many candidate orders against one position, each as if it were the phase's only
/// order, with the same answer as [`check_submission`]. In a movement phase it runs only the
/// checks that decide legality, not a whole adjudication, and keeps what it learns of the
/// board's convoy routes from one candidate to the next: listing legal orders asks about
/// thousands of convoys on a busy board.
pub(crate) struct Checker<'a> {
    variant: &'a Rules,
    position: &'a Position,
    routes: Option<route::LazyRoutes<'a>>,
    convoy_reaches: std::cell::RefCell<std::collections::HashMap<ProvinceId, std::rc::Rc<[bool]>>>,
}

impl<'a> Checker<'a> {
    pub(crate) fn new(variant: &'a Rules, position: &'a Position) -> Self {
        let movement = variant.calendar.kind(position.phase) == PhaseKind::Movement;
        Checker {
            variant,
            position,
            routes: movement
                .then(|| route::LazyRoutes::new(variant.context(position), &position.units, true)),
            convoy_reaches: Default::default(),
        }
    }

    /// Whether `power` may give `order` now.
    pub(crate) fn accepts(&self, power: PowerId, order: &Order) -> bool {
        match &self.routes {
            Some(routes) => {
                movement::accepts(self.variant, &self.position.units, routes, power, order).is_ok()
            }
            None => check_submission(self.variant, self.position, power, order).is_ok(),
        }
    }

    /// Whether the position's unit number `unit` may be given `order` now, which names it (or
    /// a unit alike to it: same power, kind and place). The same answer as
    /// [`Checker::accepts`], without looking for the unit again: a list of one unit's orders
    /// asks thousands of times.
    pub(crate) fn accepts_for(&self, unit: usize, order: &Order) -> bool {
        match &self.routes {
            Some(routes) if !matches!(order, Order::Special { .. }) => {
                movement::accepts_unit(self.variant, &self.position.units, routes, unit, order)
            }
            _ => self.accepts(self.position.units[unit].power, order),
        }
    }

    /// The destinations among `to` to which the position's unit number `unit` may convoy
    /// `army` now, in the order given: for each, the same answer as [`Checker::accepts_for`]
    /// gives the order `unit` C `army` - destination, with the checks that do not depend on
    /// the destination made once (a list of legal orders asks for every army and
    /// destination). None outside a movement phase.
    pub(crate) fn convoy_destinations<'t>(
        &self,
        unit: usize,
        army: &UnitRef,
        to: impl Iterator<Item = &'t Target>,
    ) -> Vec<Target> {
        let units = &self.position.units;
        let Some(routes) = &self.routes else {
            return Vec::new();
        };
        if movement::may_convoy(routes.ctx(), units, &units[unit], army).is_err() {
            return Vec::new();
        }
        let (here, from, routes) = (units[unit].location.province, army.province, routes.get());
        routes.needed_to(from, here, to)
    }

    /// For each province, whether some chain of the board's convoying fleets could carry an
    /// army there from `from` (none outside a movement phase): no convoy order between two
    /// provinces can be legal otherwise. Worked out once per origin.
    pub(crate) fn convoy_reaches(&self, from: ProvinceId) -> std::rc::Rc<[bool]> {
        let mut known = self.convoy_reaches.borrow_mut();
        known
            .entry(from)
            .or_insert_with(|| {
                let map = &self.variant.map;
                map.province_ids()
                    .map(|to| {
                        self.routes
                            .as_ref()
                            .is_some_and(|routes| routes.get().exists(from, to, None))
                    })
                    .collect()
            })
            .clone()
    }
}

/// Where a dislodged unit may retreat in this retreat-phase position.
pub fn retreat_options(variant: &Rules, position: &Position, d: &Dislodged) -> Vec<Location> {
    retreat::options(&variant.context(position), d)
}

/// Where a dislodged unit may retreat on the board `ctx.position` (the board after a
/// movement, or a retreat phase's position), for a rulebook's hooks.
pub fn retreat_options_in(ctx: &RuleContext, d: &Dislodged) -> Vec<Location> {
    retreat::options(ctx, d)
}
