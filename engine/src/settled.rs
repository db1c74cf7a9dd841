//! Phases settled on the spot: those in which nobody, player or vote, has anything to decide,
//! so they are adjudicated with no orders the moment a game enters them.
//!
//! Kept apart from `judge` so that the judge need not know about the vote (the vote lists legal
//! orders, and legal orders ask the judge).

use crate::judge::{adjustment_due, retreat_options};
use crate::phase::PhaseKind;
use crate::position::Position;
use crate::rulebook::Controller;
use crate::rules::Rules;
use crate::vote::has_open_choice;

/// Whether a phase has nothing for anyone to decide, so it can be adjudicated at once with no
/// orders: a retreat phase in which no dislodged unit has a legal retreat (none was dislodged,
/// or every one must disband), or an adjustment in which no power a player orders has a build
/// or removal due and the vote (Pirates) has no open choice. Movement and setup phases always
/// wait for orders.
pub fn nothing_to_decide(variant: &Rules, position: &Position) -> bool {
    match variant.calendar.kind(position.phase) {
        PhaseKind::Retreat => position
            .dislodged
            .iter()
            .all(|d| retreat_options(variant, position, d).is_empty()),
        PhaseKind::Adjustment => {
            variant
                .powers_ordered_by(Controller::Player)
                .into_iter()
                .all(|p| adjustment_due(variant, position, p) == 0)
                && !has_open_choice(variant, position)
        }
        PhaseKind::Movement | PhaseKind::Setup => false,
    }
}
