//! The rulebook a game is played under: its variant's preset, or an edition and option
//! overrides chosen at `/game create`, plus the variant's own options (Davis's High Ocean Box),
//! stored with the game and loaded back for every phase, with the game's secret draws (kept in
//! their own column, see `secrets.rs`) put back into the ruleset.

use super::{refused, Result};
use crate::rulebook::{Edition, Options, Ruleset};
use crate::Rules;
use crate::Variant;
use serde_json::{json, Map, Value};
use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex, OnceLock};

/// What the game's creator asked for beyond the variant's defaults.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RulebookChoice {
    /// An edition name (`1971`, `1982`, `2000`, `2023`, `datc`), or the variant's own.
    pub edition: Option<String>,
    /// Option overrides by their kebab-case names, such as `coastal-crawl` = `true`; the
    /// variant's own options (`high-ocean-box`) may be given here too.
    pub options: Map<String, Value>,
}

impl RulebookChoice {
    /// Reads `name=value` pairs separated by commas or spaces: `paradox=szykman coastal-crawl=true`.
    pub fn parse_options(text: &str) -> Result<Map<String, Value>> {
        let mut out = Map::new();
        for pair in text
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|s| !s.is_empty())
        {
            let (k, val) = pair.split_once('=').ok_or_else(|| {
                refused(format!(
                    "'{}' is not an option setting; write name=value, such as coastal-crawl=true",
                    super::text::quote(pair)
                ))
            })?;
            let val = match val.to_lowercase().as_str() {
                "true" | "yes" | "on" => Value::Bool(true),
                "false" | "no" | "off" => Value::Bool(false),
                other => Value::String(other.to_string()),
            };
            out.insert(k.trim().to_lowercase(), val);
        }
        Ok(out)
    }
}

/// What a game plays: the variant configured by the choice, the rulebook JSON stored for it,
/// and the variant's own options (stored in the game's settings).
pub struct Resolved {
    pub variant: Arc<Rules>,
    pub stored: Value,
    pub variant_options: BTreeMap<String, bool>,
}

/// The variant a game plays with its chosen rulebook and variant options.
pub fn resolve(
    variant: &str,
    choice: &RulebookChoice,
    variant_options: &BTreeMap<String, bool>,
) -> Result<Resolved> {
    let base = Variant::builtin(variant).map_err(refused)?;
    let mut variant_options = variant_options.clone();
    let own: Vec<&str> = base.variant_options.iter().map(|o| o.name).collect();
    let edition = match &choice.edition {
        Some(e) => Edition::parse(e).ok_or_else(|| {
            refused(format!(
                "'{e}' is not a rulebook edition; use one of {}",
                Edition::ALL.map(|e| e.name()).join(", ")
            ))
        })?,
        None => base.edition(),
    };
    let mut opts = as_map(edition.options());
    // What the variant itself changes from its edition's preset (Davis's coastal crawl) stays,
    // whichever edition is chosen.
    let preset = as_map(base.edition().options());
    for (k, v) in as_map(*base.options()) {
        if preset.get(&k) != Some(&v) {
            opts.insert(k, v);
        }
    }
    for (k, v) in &choice.options {
        if own.contains(&k.as_str()) {
            let on = v.as_bool().ok_or_else(|| {
                refused(format!(
                    "{k} is switched on or off: write {k}=true or {k}=false"
                ))
            })?;
            variant_options.insert(k.clone(), on);
            continue;
        }
        if !opts.contains_key(k) {
            let mut names: Vec<&str> = opts.keys().map(String::as_str).collect();
            names.extend(&own);
            return Err(refused(format!(
                "'{}' is not an option of {}; the options are: {}",
                super::text::quote(k),
                base.name,
                names.join(", ")
            )));
        }
        opts.insert(k.clone(), v.clone());
    }
    let options: Options = serde_json::from_value(Value::Object(opts))
        .map_err(|e| refused(format!("rulebook options: {e}")))?;
    let stored = json!({"edition": edition.name(), "options": options});
    Ok(Resolved {
        variant: load(variant, edition, options, &variant_options, &Hidden::new())?,
        stored,
        variant_options,
    })
}

/// A game's secret draws by name ([`crate::rulebook::HiddenDraw`]).
pub type Hidden = BTreeMap<String, u32>;

/// The variant for a stored game: its rulebook JSON as [`resolve`] wrote it, the variant
/// options from its settings and its secret draws. Older rows that name only an edition play
/// the variant's own rulebook options.
pub fn load_stored(
    variant: &str,
    stored: &Value,
    variant_options: &BTreeMap<String, bool>,
    hidden: &Hidden,
) -> Result<Arc<Rules>> {
    let base = Variant::builtin(variant).map_err(refused)?;
    let Some(options) = stored.get("options") else {
        return load(
            variant,
            base.edition(),
            *base.options(),
            variant_options,
            hidden,
        );
    };
    let edition = stored
        .get("edition")
        .and_then(Value::as_str)
        .and_then(Edition::parse)
        .unwrap_or(base.edition());
    let options: Options = serde_json::from_value(options.clone())
        .map_err(|e| refused(format!("stored rulebook options: {e}")))?;
    load(variant, edition, options, variant_options, hidden)
}

fn load(
    variant: &str,
    edition: Edition,
    options: Options,
    variant_options: &BTreeMap<String, bool>,
    hidden: &Hidden,
) -> Result<Arc<Rules>> {
    let base = Variant::builtin(variant).map_err(refused)?;
    if base.edition() == edition
        && *base.options() == options
        && variant_options.is_empty()
        && hidden.is_empty()
    {
        return Ok(base);
    }
    // Loading a variant parses its map files; games with the same choice share one copy. The
    // secret draws are part of the key (a rulebook may read them when it is built), so games
    // with secrets have a copy each: one small rulebook per game, the map still shared.
    type Cache = Mutex<HashMap<(String, String), Arc<Rules>>>;
    static CACHE: OnceLock<Cache> = OnceLock::new();
    let key = (
        variant.to_string(),
        json!({"edition": edition.name(), "options": options, "variant": variant_options, "hidden": hidden})
            .to_string(),
    );
    let mut cache = CACHE
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    if let Some(v) = cache.get(&key) {
        return Ok(v.clone());
    }
    let ruleset = Ruleset {
        edition,
        options,
        variant_options: variant_options.clone(),
        hidden: hidden.clone(),
    };
    let v = Variant::builtin_with_ruleset(variant, ruleset).map_err(refused)?;
    cache.insert(key, v.clone());
    Ok(v)
}

fn as_map(options: Options) -> Map<String, Value> {
    match serde_json::to_value(options) {
        Ok(Value::Object(m)) => m,
        _ => Map::new(),
    }
}

/// A short description for `/game status`: the edition and options that differ from it.
pub fn describe(v: &Rules) -> String {
    let preset = as_map(v.edition().options());
    let changed: Vec<String> = as_map(*v.options())
        .into_iter()
        .filter(|(k, val)| preset.get(k) != Some(val))
        .map(|(k, val)| {
            format!(
                "{k}={}",
                val.as_str().map_or(val.to_string(), str::to_string)
            )
        })
        .collect();
    if changed.is_empty() {
        format!("{} rules", v.edition().name())
    } else {
        format!("{} rules with {}", v.edition().name(), changed.join(", "))
    }
}
