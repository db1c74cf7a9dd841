//! The rulebook a game is played under: its variant's preset, or an edition and option
//! overrides chosen at `/game create`, stored with the game and loaded back for every phase.

use super::{refused, Result};
use engine::rulebook::{Edition, Options};
use engine::Variant;
use serde_json::{json, Map, Value};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

/// What the game's creator asked for beyond the variant's defaults.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RulebookChoice {
    /// An edition name (`1971`, `1982`, `2000`, `2023`, `datc`), or the variant's own.
    pub edition: Option<String>,
    /// Option overrides by their kebab-case names, such as `coastal-crawl` = `true`.
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
                    "'{pair}' is not an option setting; write name=value, such as coastal-crawl=true"
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

/// The variant a game plays with its chosen rulebook, and the JSON stored for it.
pub fn resolve(variant: &str, choice: &RulebookChoice) -> Result<(Arc<Variant>, Value)> {
    let base = Variant::builtin(variant).map_err(refused)?;
    let edition = match &choice.edition {
        Some(e) => Edition::parse(e).ok_or_else(|| {
            refused(format!(
                "'{e}' is not a rulebook edition; use one of {}",
                Edition::ALL.map(|e| e.name()).join(", ")
            ))
        })?,
        None => base.edition,
    };
    let mut opts = as_map(edition.options());
    // What the variant itself changes from its edition's preset (Davis's coastal crawl) stays,
    // whichever edition is chosen.
    let preset = as_map(base.edition.options());
    for (k, v) in as_map(base.options) {
        if preset.get(&k) != Some(&v) {
            opts.insert(k, v);
        }
    }
    for (k, v) in &choice.options {
        if !opts.contains_key(k) {
            let names: Vec<&str> = opts.keys().map(String::as_str).collect();
            return Err(refused(format!(
                "'{k}' is not a rulebook option; the options are: {}",
                names.join(", ")
            )));
        }
        opts.insert(k.clone(), v.clone());
    }
    let options: Options = serde_json::from_value(Value::Object(opts))
        .map_err(|e| refused(format!("rulebook options: {e}")))?;
    let stored = json!({"edition": edition.name(), "options": options});
    Ok((load(variant, edition, options)?, stored))
}

/// The variant for a stored game: its rulebook JSON as [`resolve`] wrote it. Older rows that
/// name only an edition play the variant's own options.
pub fn load_stored(variant: &str, stored: &Value) -> Result<Arc<Variant>> {
    let base = Variant::builtin(variant).map_err(refused)?;
    let Some(options) = stored.get("options") else {
        return Ok(base);
    };
    let edition = stored
        .get("edition")
        .and_then(Value::as_str)
        .and_then(Edition::parse)
        .unwrap_or(base.edition);
    let options: Options = serde_json::from_value(options.clone())
        .map_err(|e| refused(format!("stored rulebook options: {e}")))?;
    load(variant, edition, options)
}

fn load(variant: &str, edition: Edition, options: Options) -> Result<Arc<Variant>> {
    let base = Variant::builtin(variant).map_err(refused)?;
    if base.edition == edition && base.options == options {
        return Ok(base);
    }
    // Loading a variant parses its map files; games with the same choice share one copy.
    type Cache = Mutex<HashMap<(String, String), Arc<Variant>>>;
    static CACHE: OnceLock<Cache> = OnceLock::new();
    let key = (
        variant.to_string(),
        json!({"edition": edition.name(), "options": options}).to_string(),
    );
    let mut cache = CACHE
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    if let Some(v) = cache.get(&key) {
        return Ok(v.clone());
    }
    let v = Variant::builtin_with_options(variant, edition, options).map_err(refused)?;
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
pub fn describe(v: &Variant) -> String {
    let preset = as_map(v.edition.options());
    let changed: Vec<String> = as_map(v.options)
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
        format!("{} rules", v.edition.name())
    } else {
        format!("{} rules with {}", v.edition.name(), changed.join(", "))
    }
}
