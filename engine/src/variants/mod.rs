//! The built-in variants: where each one's data lives and which rulebook plays it.

mod davis;
mod maharajah;
mod pirates;
mod pirates_powers;
mod pirates_setup;

pub use davis::DavisRules;
pub use maharajah::MaharajahRules;
pub use pirates::PiratesRules;

use crate::rulebook::{Edition, Options, StandardRules, VariantRules};
use crate::variant::{Variant, VariantFiles};
use std::sync::{Arc, OnceLock};

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

// The registry's constructors of a built-in `Variant` live here, with the registry, so that
// `variant.rs` (what a variant is) does not depend on the list of variants built on it.
impl Variant {
    /// A built-in variant, loaded and checked once and shared after that.
    pub fn builtin(id: &str) -> Result<Arc<Variant>, String> {
        static CACHE: OnceLock<std::sync::Mutex<Vec<Arc<Variant>>>> = OnceLock::new();
        let cache = CACHE.get_or_init(Default::default);
        let mut cache = cache.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(v) = cache.iter().find(|v| v.id == id) {
            return Ok(v.clone());
        }
        let (files, rules) = files(id).ok_or_else(|| {
            format!(
                "unknown variant '{id}'; the variants are: {}",
                BUILTIN.join(", ")
            )
        })?;
        let v = Arc::new(Variant::load(&files, rules).map_err(|errs| {
            let lines: Vec<String> = errs.iter().map(|e| e.to_string()).collect();
            format!("variant '{id}' has bad data:\n{}", lines.join("\n"))
        })?);
        cache.push(v.clone());
        Ok(v)
    }

    /// A built-in variant played under other rule options (a game's own rulebook choice).
    pub fn builtin_with_options(
        id: &str,
        edition: Edition,
        options: Options,
    ) -> Result<Arc<Variant>, String> {
        Variant::builtin_configured(id, Some((edition, options)), &[])
    }

    /// A built-in variant with a game's choices: a rulebook other than the variant's own (or
    /// `None` for its own), and values for the variant's own options (see
    /// [`Variant::set_option`]). With no choices at all this is [`Variant::builtin`].
    pub fn builtin_configured(
        id: &str,
        rulebook: Option<(Edition, Options)>,
        variant_options: &[(String, bool)],
    ) -> Result<Arc<Variant>, String> {
        if rulebook.is_none() && variant_options.is_empty() {
            return Variant::builtin(id);
        }
        let (files, rules) = files(id).ok_or_else(|| {
            format!(
                "unknown variant '{id}'; the variants are: {}",
                BUILTIN.join(", ")
            )
        })?;
        let mut v = Variant::load(&files, rules)
            .map_err(|errs| format!("variant '{id}' has bad data: {}", errs[0]))?;
        if let Some((edition, options)) = rulebook {
            v.edition = edition;
            v.options = options;
        }
        for (name, on) in variant_options {
            v.set_option(name, *on)?;
        }
        Ok(Arc::new(v))
    }
}
