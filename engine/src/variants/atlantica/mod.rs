//! Atlantica II's registry entry: the board in `maps/atlantica/`, for now played by Standard's
//! rulebook defaults until the variant's own rulebook (A/F units, Atlantis, frozen seas, the
//! canal boxes, the January 1870 placements) takes this module over.

use super::{builtin_entry, VariantEntry};
use crate::rulebook::{Ruleset, StandardRules, VariantRules};
use crate::unit::STANDARD_KINDS;
use crate::variant::Variant;

pub const ENTRY: VariantEntry = builtin_entry!("atlantica", &[], STANDARD_KINDS, rulebook);

fn rulebook(_: &Variant, _: &Ruleset) -> Box<dyn VariantRules> {
    Box::new(StandardRules)
}
