//! Standard Diplomacy's registry entry: the map in `maps/standard/` played by every default of
//! the rulebook.

use super::{builtin_entry, standard_rulebook, VariantEntry};
use crate::unit::UnitKind;

pub const ENTRY: VariantEntry = builtin_entry!(
    "standard",
    &[],
    &[UnitKind::Army, UnitKind::Fleet],
    standard_rulebook
);
