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
