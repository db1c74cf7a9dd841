//! Standard Diplomacy's registry entry: the map in `maps/standard/` played by every default of
//! the rulebook.

use super::{builtin_entry, standard_rulebook, VariantEntry};
use crate::unit::STANDARD_KINDS;

pub const ENTRY: VariantEntry = builtin_entry!("standard", &[], STANDARD_KINDS, standard_rulebook);
