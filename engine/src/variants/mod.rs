//! The built-in variants: where each one's data lives and which rulebook plays it.

mod davis;
mod maharajah;
mod pirates;
mod pirates_setup;

pub use davis::DavisRules;
pub use maharajah::MaharajahRules;
pub use pirates::PiratesRules;

use crate::rulebook::{StandardRules, VariantRules};
use crate::variant::VariantFiles;

/// The ids of the variants built into the engine, in the order they are listed.
pub const BUILTIN: &[&str] = &["standard", "davis", "maharajah", "pirates"];

macro_rules! builtin_files {
    ($id:literal) => {
        VariantFiles {
            dir: concat!("maps/", $id),
            variant_toml: include_str!(concat!("../../../maps/", $id, "/variant.toml")),
            provinces: include_str!(concat!("../../../maps/", $id, "/provinces.txt")),
            borders: include_str!(concat!("../../../maps/", $id, "/borders.txt")),
            units: include_str!(concat!("../../../maps/", $id, "/units.txt")),
        }
    };
}

/// A built-in variant's embedded data files and its rulebook.
pub(crate) fn files(id: &str) -> Option<(VariantFiles<'static>, Box<dyn VariantRules>)> {
    match id {
        "standard" => Some((builtin_files!("standard"), Box::new(StandardRules))),
        "davis" => Some((builtin_files!("davis"), Box::new(DavisRules::default()))),
        "maharajah" => Some((builtin_files!("maharajah"), Box::new(MaharajahRules))),
        "pirates" => Some((builtin_files!("pirates"), Box::new(PiratesRules))),
        _ => None,
    }
}

/// The rulebook registered for a variant id; Standard's for an id the engine does not know (a
/// map still being drawn up), so `parley variants --check` judges built-in data by its own rules.
pub fn rules_for(id: &str) -> Box<dyn VariantRules> {
    files(id).map_or_else(
        || Box::new(StandardRules) as Box<dyn VariantRules>,
        |(_, r)| r,
    )
}

/// A built-in variant's map art (`maps/<id>/map.svg`, the contract in the `render` crate's
/// docs), kept beside its data so that whoever draws a board needs no list of variants of its
/// own; `None` for a variant with no art yet.
pub fn art(id: &str) -> Option<&'static str> {
    match id {
        "standard" => Some(include_str!("../../../maps/standard/map.svg")),
        "davis" => Some(include_str!("../../../maps/davis/map.svg")),
        "maharajah" => Some(include_str!("../../../maps/maharajah/map.svg")),
        "pirates" => Some(include_str!("../../../maps/pirates/map.svg")),
        _ => None,
    }
}
