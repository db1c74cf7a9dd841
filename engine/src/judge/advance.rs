//! How a phase ends, whatever its kind: the rulebook's own orders settled once the standard
//! ones are, centres taken at the end of the year, and the next phase chosen.

use crate::map::{Location, ProvinceId};
use crate::outcome::{Cause, OrderResult, Submitted};
use crate::phase::PhaseKind;
use crate::position::Position;
use crate::rulebook::{RuleContext, Settled, SpecialOrder};
use crate::rules::Rules;
use crate::unit::{PowerId, Unit};

/// Hands a phase's accepted special orders to the rulebook
/// ([`crate::rulebook::VariantRules::adjudicate_special`]) once its standard orders are
/// settled, and writes their results over the stand-in ones. A rulebook that returns the
/// wrong number of results leaves the orders it did not answer unadjudicated.
#[allow(clippy::too_many_arguments)] // the parts of a `Settled`, lent for the one call
pub(super) fn settle_specials(
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
pub(super) fn advance(variant: &Rules, position: &mut Position, had_dislodgements: bool) {
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
