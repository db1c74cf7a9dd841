//! Atlantica II's registry entry: the board in `maps/atlantica/`, for now played by Standard's
//! rulebook defaults until the variant's own rulebook (A/F units, Atlantis, frozen seas, the
//! canal boxes, the January 1870 placements) takes this module over.

mod retreats;

use super::{builtin_entry, VariantEntry};
use crate::judge::{Cause, OrderResult};
use crate::map::Location;
use crate::position::Dislodged;
use crate::rulebook::{
    CivilDisorderRemoval, RuleContext, Ruleset, Settled, SpecialOrder, VariantRules,
};
use crate::unit::{PowerId, Unit, STANDARD_KINDS};
use crate::variant::{Variant, VariantFiles};

/// The entry `builtin_entry!` makes, with the clockwise rings the right-hand rule needs (9a).
const BASE: VariantEntry = builtin_entry!("atlantica", &[], STANDARD_KINDS, rulebook);

pub const ENTRY: VariantEntry = VariantEntry {
    files: VariantFiles {
        clockwise: Some(include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../maps/atlantica/clockwise.txt"
        ))),
        ..BASE.files
    },
    ..BASE
};

fn rulebook(_: &Variant, _: &Ruleset) -> Box<dyn VariantRules> {
    Box::new(AtlanticaRules)
}

/// Atlantica II's rules.
#[derive(Debug)]
pub struct AtlanticaRules;

impl VariantRules for AtlanticaRules {
    // ---- Rule 9: retreats and removals

    fn conditional_verbs(&self) -> &'static [&'static str] {
        retreats::CONDITIONAL_VERBS
    }

    fn check_conditional(
        &self,
        ctx: &RuleContext,
        unit: &Unit,
        _verb: &str,
        args: &[String],
    ) -> Result<(), Cause> {
        retreats::check_list(ctx, unit, args)
    }

    fn adjudicate_conditional(
        &self,
        ctx: &RuleContext,
        orders: &[SpecialOrder],
        settled: &mut Settled,
    ) -> Vec<OrderResult> {
        retreats::settle_lists(ctx, orders, settled)
    }

    fn default_retreats(
        &self,
        ctx: &RuleContext,
        dislodged: &Dislodged,
        options: &[Location],
    ) -> Vec<Location> {
        retreats::right_hand_order(ctx, dislodged, options)
    }

    fn may_disband_dislodged(
        &self,
        ctx: &RuleContext,
        dislodged: &Dislodged,
        options: &[Location],
    ) -> Result<(), Cause> {
        retreats::refuse_disband(ctx, dislodged, options)
    }

    fn civil_disorder(
        &self,
        ctx: &RuleContext,
        _power: PowerId,
        owed: usize,
        candidates: &[usize],
    ) -> Vec<CivilDisorderRemoval> {
        retreats::least_harm(ctx, owed, candidates)
    }
}
