//! Latin American Diplomacy's registry entry: the reconstructed map in `maps/latin-american/`,
//! played for now by every default of the rulebook (its terrain, ocean, calendar and capital
//! rules are issue 25's later parts; the map's notes say what each needs).

use super::{standard_rulebook, VariantEntry};
use crate::unit::STANDARD_KINDS;
use crate::variant::VariantFiles;

/// The map's files, embedded from `maps/latin-american/` at build time.
macro_rules! map_file {
    ($name:literal) => {
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../maps/latin-american/",
            $name
        ))
    };
}

pub const ENTRY: VariantEntry = VariantEntry {
    id: "latin-american",
    files: VariantFiles {
        dir: "maps/latin-american",
        variant_toml: map_file!("variant.toml"),
        provinces: map_file!("provinces.txt"),
        borders: map_file!("borders.txt"),
        units: map_file!("units.txt"),
        clockwise: None,
    },
    // No map art yet (maps/latin-american/map.svg comes with the mapgen script).
    art: None,
    options: &[],
    unit_kinds: STANDARD_KINDS,
    hidden_draws: &[],
    rulebook: standard_rulebook,
    reasons: &[],
};
