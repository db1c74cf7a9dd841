//! The registry of variants: one entry per variant, owning its data files, rulebook, map art
//! and option list.
//!
//! Each built-in variant's module exports a declarative [`VariantEntry`] (`ENTRY`) with its
//! data embedded from `maps/<id>/` at build time, so the binary runs from anywhere; the
//! registry is the list of them, plus any registered at run time with [`register`] (a variant
//! defined by a test, or loaded from a folder with [`register_folder`]). Nothing else in the
//! engine or the bot lists variants.

pub mod af;
mod atlantica;
mod davis;
mod latin_american;
mod maharajah;
mod pirates;
mod pirates_powers;
mod pirates_setup;
mod standard;

pub use atlantica::AtlanticaRules;
pub use davis::DavisRules;
pub use latin_american::{LatinAmericanCause, LatinAmericanRules};
pub use maharajah::MaharajahRules;
pub use pirates::PiratesRules;

use crate::map::MapError;
use crate::reason::Wording;
use crate::rulebook::{
    Edition, HiddenDraw, Options, Rulebook, Ruleset, StandardRules, VariantOption, VariantRules,
};
use crate::rules::Rules;
use crate::unit::UnitKind;
use crate::variant::{declared_id, Variant, VariantFiles};
use std::sync::{Arc, Mutex, OnceLock, RwLock};

/// Everything that makes one variant, in one place.
pub struct VariantEntry {
    /// The id games and cases name it by; the `id` its `variant.toml` declares.
    pub id: &'static str,
    /// Its data files: `variant.toml`, `provinces.txt`, `borders.txt`, `units.txt`.
    pub files: VariantFiles<'static>,
    /// Its map art (`maps/<id>/map.svg`, the contract in the `render` crate's docs); `None`
    /// for a variant with no art yet.
    pub art: Option<&'static str>,
    /// Its own options, each with its default (Davis's High Ocean Box).
    pub options: &'static [VariantOption],
    /// The unit kinds it has.
    pub unit_kinds: &'static [UnitKind],
    /// The secrets its rules draw when a game is created (Atlantica II's Lost Atlantis).
    pub hidden_draws: &'static [HiddenDraw],
    /// How its rulebook is made for a game's ruleset.
    pub rulebook: Rulebook,
    /// How the reasons of its rulebook's own rules are worded, one entry per rule.
    pub reasons: &'static [Wording],
}

/// Standard's rulebook: every default of [`VariantRules`].
pub fn standard_rulebook(_: &Variant, _: &Ruleset) -> Box<dyn VariantRules> {
    Box::new(StandardRules)
}

/// A built-in variant's entry, its data embedded from `maps/<id>/` (found from the crate's
/// root, so that a variant may be a module of one file or a folder of several).
macro_rules! builtin_entry {
    ($id:literal, $options:expr, $kinds:expr, $rulebook:expr) => {
        crate::variants::VariantEntry {
            id: $id,
            files: crate::variant::VariantFiles {
                dir: concat!("maps/", $id),
                variant_toml: include_str!(concat!(
                    env!("CARGO_MANIFEST_DIR"),
                    "/../maps/",
                    $id,
                    "/variant.toml"
                )),
                provinces: include_str!(concat!(
                    env!("CARGO_MANIFEST_DIR"),
                    "/../maps/",
                    $id,
                    "/provinces.txt"
                )),
                borders: include_str!(concat!(
                    env!("CARGO_MANIFEST_DIR"),
                    "/../maps/",
                    $id,
                    "/borders.txt"
                )),
                units: include_str!(concat!(
                    env!("CARGO_MANIFEST_DIR"),
                    "/../maps/",
                    $id,
                    "/units.txt"
                )),
                clockwise: None,
            },
            art: Some(include_str!(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/../maps/",
                $id,
                "/map.svg"
            ))),
            options: $options,
            unit_kinds: $kinds,
            hidden_draws: &[],
            rulebook: $rulebook,
            reasons: &[],
        }
    };
}
pub(crate) use builtin_entry;

/// The variants built into the engine, in the order they are listed.
const ENTRIES: &[&VariantEntry] = &[
    &standard::ENTRY,
    &davis::ENTRY,
    &maharajah::ENTRY,
    &pirates::ENTRY,
    &atlantica::ENTRY,
    &latin_american::ENTRY,
];

/// The ids of the variants built into the engine, in the order they are listed.
pub const BUILTIN: &[&str] = &[
    standard::ENTRY.id,
    davis::ENTRY.id,
    maharajah::ENTRY.id,
    pirates::ENTRY.id,
    atlantica::ENTRY.id,
    latin_american::ENTRY.id,
];

/// Makes the built-in variants' unit kinds known to [`crate::unit::UnitKind::by_letter`], once,
/// on the first look into the registry. Reading a stored unit back needs its kind declared
/// (Atlantica's and Davis's `A/F` among them), and every stored unit is read against its
/// variant, which is found here first; `unit` itself knows no variant.
fn declare_builtin_unit_kinds() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        for e in ENTRIES {
            crate::unit::declare(e.unit_kinds);
            crate::reason::declare(e.reasons);
        }
    });
}

/// Entries registered at run time. An entry lives as long as the process: registering leaks
/// it, once per variant, so that every entry can be handed out as `&'static`.
fn registered() -> &'static RwLock<Vec<&'static VariantEntry>> {
    static REGISTERED: OnceLock<RwLock<Vec<&'static VariantEntry>>> = OnceLock::new();
    REGISTERED.get_or_init(Default::default)
}

/// The entry of a variant, built in or registered.
pub fn entry(id: &str) -> Option<&'static VariantEntry> {
    declare_builtin_unit_kinds();
    if let Some(e) = ENTRIES.iter().find(|e| e.id == id) {
        return Some(*e);
    }
    let list = registered().read().unwrap_or_else(|e| e.into_inner());
    list.iter().find(|e| e.id == id).copied()
}

/// The ids of every variant, built in first, then those registered, in the order registered.
pub fn ids() -> Vec<&'static str> {
    declare_builtin_unit_kinds();
    let list = registered().read().unwrap_or_else(|e| e.into_inner());
    BUILTIN
        .iter()
        .copied()
        .chain(list.iter().map(|e| e.id))
        .collect()
}

/// A variant's map art (see [`VariantEntry::art`]); `None` for an unknown variant or one with
/// no art yet.
pub fn art(id: &str) -> Option<&'static str> {
    entry(id)?.art
}

/// Adds a variant to the registry for the rest of the process, after loading and checking its
/// data with its own rulebook. Refuses an id already taken, and data with problems (every
/// problem, by file and line).
pub fn register(entry: VariantEntry) -> Result<(), String> {
    declare_builtin_unit_kinds();
    let mut list = registered().write().unwrap_or_else(|e| e.into_inner());
    if BUILTIN.contains(&entry.id) || list.iter().any(|e| e.id == entry.id) {
        return Err(format!("a variant '{}' is already registered", entry.id));
    }
    load(&entry).map_err(|errs| bad_data(entry.id, &errs))?;
    crate::unit::declare(entry.unit_kinds);
    crate::reason::declare(entry.reasons);
    list.push(Box::leak(Box::new(entry)));
    Ok(())
}

/// Registers the variant whose data files are in the folder `dir`, played by `rulebook` with
/// the options `options`, unit kinds `unit_kinds` and its rules' wordings `reasons`. Its id is
/// the one its `variant.toml` declares, and it has the art of `dir/map.svg` if there is one.
pub fn register_folder(
    dir: &str,
    options: &'static [VariantOption],
    unit_kinds: &'static [UnitKind],
    rulebook: Rulebook,
    reasons: &'static [Wording],
) -> Result<&'static str, String> {
    let read = |name: &str| -> Result<&'static str, String> {
        std::fs::read_to_string(format!("{dir}/{name}"))
            .map(|t| &*Box::leak(t.into_boxed_str()))
            .map_err(|e| format!("cannot read {dir}/{name}: {e}"))
    };
    let variant_toml = read("variant.toml")?;
    let id =
        declared_id(variant_toml).ok_or_else(|| format!("{dir}/variant.toml declares no id"))?;
    let id: &'static str = Box::leak(id.into_boxed_str());
    register(VariantEntry {
        id,
        files: VariantFiles {
            dir: Box::leak(dir.to_string().into_boxed_str()),
            variant_toml,
            provinces: read("provinces.txt")?,
            borders: read("borders.txt")?,
            units: read("units.txt")?,
            clockwise: read("clockwise.txt").ok(),
        },
        art: read("map.svg").ok(),
        options,
        unit_kinds,
        hidden_draws: &[],
        rulebook,
        reasons,
    })?;
    Ok(id)
}

fn bad_data(id: &str, errs: &[MapError]) -> String {
    let lines: Vec<String> = errs.iter().map(|e| e.to_string()).collect();
    format!("variant '{id}' has bad data:\n{}", lines.join("\n"))
}

/// Loads an entry's data and checks it with its rulebook under its default ruleset.
fn load(entry: &VariantEntry) -> Result<Rules, Vec<MapError>> {
    load_files(
        &entry.files,
        entry.options,
        entry.unit_kinds,
        entry.rulebook,
    )
}

fn load_files(
    files: &VariantFiles,
    options: &'static [VariantOption],
    unit_kinds: &[UnitKind],
    rulebook: Rulebook,
) -> Result<Rules, Vec<MapError>> {
    let (variant, mut errs) = Variant::read(files, options, unit_kinds)?;
    let ruleset = variant.ruleset.clone();
    let rules = Rules::new(Arc::new(variant), ruleset, rulebook).map_err(|e| {
        vec![MapError {
            file: format!("{}/variant.toml", files.dir),
            line: 0,
            message: e,
        }]
    })?;
    if let Err(more) = rules.check_data(&format!("{}/units.txt", files.dir)) {
        errs.extend(more);
    }
    if errs.is_empty() {
        Ok(rules)
    } else {
        Err(errs)
    }
}

/// Loads and checks a variant's data files as `parley variants --check` does: with the
/// rulebook of the registered variant whose id the files declare (a variant's tags and kinds
/// of power mean nothing to Standard's), or Standard's for a new map that has none yet.
pub fn check_files(files: &VariantFiles) -> Result<Rules, Vec<MapError>> {
    let registered = declared_id(files.variant_toml).and_then(|id| entry(&id));
    let (options, unit_kinds, rulebook): (&'static [VariantOption], _, Rulebook) = match registered
    {
        Some(e) => (e.options, e.unit_kinds, e.rulebook),
        None => (&[], standard::ENTRY.unit_kinds, standard_rulebook),
    };
    load_files(files, options, unit_kinds, rulebook)
}

fn unknown(id: &str) -> String {
    format!(
        "unknown variant '{id}'; the variants are: {}",
        ids().join(", ")
    )
}

// The registry's constructors of a variant's `Rules` live here, with the registry, so that
// `variant.rs` (what a variant is) does not depend on the list of variants built on it.
impl Variant {
    /// A variant under its own default ruleset, loaded and checked once and shared after
    /// that: the shorthand for tests and for games that choose nothing.
    pub fn builtin(id: &str) -> Result<Arc<Rules>, String> {
        static CACHE: OnceLock<Mutex<Vec<Arc<Rules>>>> = OnceLock::new();
        let cache = CACHE.get_or_init(Default::default);
        let mut cache = cache.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(v) = cache.iter().find(|v| v.id == id) {
            return Ok(v.clone());
        }
        let entry = entry(id).ok_or_else(|| unknown(id))?;
        let rules = Arc::new(load(entry).map_err(|errs| bad_data(id, &errs))?);
        cache.push(rules.clone());
        Ok(rules)
    }

    /// A variant's data alone, shared by every game of it.
    pub fn data(id: &str) -> Result<Arc<Variant>, String> {
        Ok(Variant::builtin(id)?.variant.clone())
    }

    /// A variant played under other rule options (a game's own rulebook choice), its own
    /// options at their defaults.
    pub fn builtin_with_options(
        id: &str,
        edition: Edition,
        options: Options,
    ) -> Result<Arc<Rules>, String> {
        Variant::builtin_with_ruleset(
            id,
            Ruleset {
                edition,
                options,
                variant_options: Default::default(),
                hidden: Default::default(),
            },
        )
    }

    /// A variant played under a game's ruleset. With the variant's own default ruleset this
    /// is [`Variant::builtin`].
    pub fn builtin_with_ruleset(id: &str, ruleset: Ruleset) -> Result<Arc<Rules>, String> {
        let base = Variant::builtin(id)?;
        if ruleset == base.ruleset {
            return Ok(base);
        }
        let entry = entry(id).ok_or_else(|| unknown(id))?;
        Ok(Arc::new(Rules::new(
            base.variant.clone(),
            ruleset,
            entry.rulebook,
        )?))
    }
}
