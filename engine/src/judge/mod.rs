//! The judge: adjudicates one phase of orders and produces the position after it.
//!
//! [`adjudicate`] dispatches on the phase kind to [`movement`], [`retreat`] or [`adjustment`].
//! Every submitted order gets exactly one [`OrderResult`], in the order given, so a player can
//! see what became of each line they wrote.

mod adjustment;
pub(crate) use adjustment::build_location;
pub use adjustment::{by_removal_distance, removal_distance};
mod movement;
mod outcome;
pub use outcome::Cause;
mod retreat;
pub use retreat::settle_preferences;
mod route;
mod submission;

use crate::map::{Location, ProvinceId};
use crate::order::Order;
use crate::phase::PhaseKind;
use crate::position::{Dislodged, Position};
use crate::rulebook::{RuleContext, Settled, SpecialOrder};
use crate::rules::Rules;
use crate::unit::{PowerId, Unit};
use serde::{Deserialize, Serialize};

/// One order as a power submitted it: understood, or not.
#[derive(Clone, Debug)]
pub struct Submitted {
    pub power: PowerId,
    pub order: Result<Order, String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    Succeeds,
    Fails,
    /// The order cannot be carried out as written; the unit acts as if it had no order.
    Illegal,
}

impl Verdict {
    pub fn word(self) -> &'static str {
        match self {
            Verdict::Succeeds => "succeeds",
            Verdict::Fails => "fails",
            Verdict::Illegal => "illegal",
        }
    }

    /// Reads back what [`Verdict::word`] writes.
    pub fn from_word(word: &str) -> Option<Verdict> {
        [Verdict::Succeeds, Verdict::Fails, Verdict::Illegal]
            .into_iter()
            .find(|v| v.word() == word)
    }
}

/// What became of one order: its verdict and, unless it succeeded, why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OrderResult {
    pub verdict: Verdict,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cause: Option<Cause>,
}

impl OrderResult {
    /// Why, in a player's words ("bounced in Munich", "there is no unit in Paris"); empty for
    /// an order that succeeded.
    pub fn reason(&self, variant: &Rules) -> String {
        self.cause
            .as_ref()
            .map_or_else(String::new, |c| c.words(variant))
    }

    pub fn ok() -> Self {
        OrderResult {
            verdict: Verdict::Succeeds,
            cause: None,
        }
    }
    pub fn fails(cause: Cause) -> Self {
        OrderResult {
            verdict: Verdict::Fails,
            cause: Some(cause),
        }
    }
    pub fn illegal(cause: Cause) -> Self {
        OrderResult {
            verdict: Verdict::Illegal,
            cause: Some(cause),
        }
    }
}

/// A unit dislodged this movement phase, with where it may go.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DislodgedReport {
    pub dislodged: Dislodged,
    pub retreats: Vec<Location>,
    /// The unit that dislodged it, as it stood when the phase began (an A/F's landing names
    /// the A/F, as its results do), so a report can say who attacked. `None` in records kept
    /// before it was, and for a unit a rulebook's own order dislodged.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attacker: Option<Unit>,
}

/// Why a unit left the board in an adjustment phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RemovalCause {
    Order,
    CivilDisorder,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Adjudication {
    /// One per submitted order, in the same order.
    pub results: Vec<OrderResult>,
    /// The position after the phase, already at the next phase.
    pub after: Position,
    pub dislodged: Vec<DislodgedReport>,
    pub built: Vec<Unit>,
    pub removed: Vec<(Unit, RemovalCause)>,
    /// Units lost in a retreat phase (no order, no legal retreat, or a retreat standoff).
    pub disbanded: Vec<Unit>,
    /// The provinces a unit came into during the phase (moves that succeeded, retreats,
    /// builds). Every other unit in `after` is the unit that stood there before the phase.
    pub arrivals: Vec<ProvinceId>,
    /// Dislodged units the rules moved without a retreat order carried out: by the rulebook's
    /// default ([`crate::rulebook::VariantRules::default_retreats`], Atlantica II's right-hand
    /// rule) or by a conditional order written with the moves (its retreat list), with where
    /// each went, so players can be told.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub retreated: Vec<(Unit, Location)>,
}

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
        _ => Ok(order.to_text(&variant.map)),
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
}

impl<'a> Checker<'a> {
    pub(crate) fn new(variant: &'a Rules, position: &'a Position) -> Self {
        let movement = variant.calendar.kind(position.phase) == PhaseKind::Movement;
        Checker {
            variant,
            position,
            routes: movement
                .then(|| route::LazyRoutes::new(variant.context(position), &position.units, true)),
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

/// Hands a phase's accepted special orders to the rulebook
/// ([`crate::rulebook::VariantRules::adjudicate_special`]) once its standard orders are
/// settled, and writes their results over the stand-in ones. A rulebook that returns the
/// wrong number of results leaves the orders it did not answer unadjudicated.
#[allow(clippy::too_many_arguments)] // the parts of a `Settled`, lent for the one call
fn settle_specials(
    ctx: &RuleContext,
    orders: &[Submitted],
    specials: &[SpecialOrder],
    results: &mut [OrderResult],
    after: &mut Position,
    arrivals: &mut Vec<ProvinceId>,
    moves: &[(Unit, Location, bool)],
    arrived_as: &[(Unit, Unit)],
) {
    let answers = {
        let mut settled = Settled {
            after,
            arrivals,
            moves,
            arrived_as,
            orders,
            results: &mut *results,
        };
        ctx.book.adjudicate_special(ctx, specials, &mut settled)
    };
    let mut answers = answers.into_iter();
    for s in specials {
        results[s.index] = answers
            .next()
            .unwrap_or_else(|| OrderResult::fails(Cause::NotAdjudicated));
    }
}

/// Why a conditional order ([`crate::rulebook::VariantRules::conditional_verbs`]) is refused
/// in a retreat or adjustment phase: the rulebook's reason, or that it is no order of this
/// phase.
fn conditional_out_of_phase(ctx: &RuleContext, unit: &Unit, verb: &str, args: &[String]) -> Cause {
    match ctx.book.check_conditional(ctx, unit, verb, args) {
        Err(cause) => cause,
        Ok(()) => match ctx.variant.calendar.kind(ctx.position.phase) {
            PhaseKind::Adjustment => Cause::NotAnAdjustmentOrder,
            _ => Cause::NotARetreatOrder,
        },
    }
}

/// Gives every supply centre (as the rulebook counts them: `is_supply_centre`) with a unit on
/// it to that unit's power.
fn take_centres(variant: &Rules, position: &mut Position) {
    let taken: Vec<(ProvinceId, PowerId)> = {
        let ctx = variant.context(position);
        position
            .units
            .iter()
            .map(|u| (u.location.province, u.power))
            .filter(|&(p, _)| variant.book.is_supply_centre(&ctx, p))
            .collect()
    };
    for (p, power) in taken {
        position.owners[p.0 as usize] = Some(power);
    }
}

/// The next phase after a movement or retreat phase, taking centres at the end of the year.
fn advance(variant: &Rules, position: &mut Position, had_dislodgements: bool) {
    let cal = &variant.calendar;
    let phase = position.phase;
    if had_dislodgements {
        position.phase = cal.next_of(phase, |k| k == PhaseKind::Retreat);
        return;
    }
    if cal.ends_centre_count(phase) {
        take_centres(variant, position);
    }
    position.phase = cal.next_of(phase, |k| k != PhaseKind::Retreat);
}
