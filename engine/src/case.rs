//! Positions and orders as JSON, in the shape of a DATC test case; the format of
//! `parley adjudicate`.
//!
//! Input fields: `variant`, `variant_options` (the variant's own options, such as
//! `{"high-ocean-box": false}`; optional), `phase`, `units` (`{"England": ["F lon", ...]}`; a
//! province that holds many, such as Davis's High Ocean Box, may be listed more than once),
//! `supply_centers` (ownership, or null), `dislodged` and `contested` (retreat phases), `orders`
//! (`{"England": ["F lon - nth", ...]}`), optionally `homes` (each power's home centres, when
//! they differ from the map's) and `tokens` (a variant's own state on the board, each of a
//! kind its rulebook declares, such as Maharajah's home-centre conversions:
//! `[{"kind": "earning", "province": "kas", "power": "Delhi", "count": 1}]`; an older
//! release's `marks`, without a kind, are read by the rulebook's reading of them), and
//! optionally `then`: the steps that follow, each with its own `phase` and `orders`,
//! adjudicated from the position the step before left; each is the phase the step before
//! leads to, or a later one when every phase between has nothing to decide (see `follows`). A variant that
//! draws secrets when a game is created (Atlantica II's Lost Atlantis) takes them in `hidden`
//! (`{"atlantis-area": 3}`). A variant with an alliance victory (Atlantica II) takes declared
//! alliances in `alliances` (`[["Canada", "USA"]]`); the output then has `winners` (the lone
//! winner, the two allies, or none) wherever the rules count a victory.
//! Output: `results` (one per input order, in order), `dislodged` (with the legal `retreats`),
//! `units` after, `built` / `removed` / `disbanded` where they apply, `retreated` (dislodged
//! units the rules moved with no retreat order of theirs, each with `to`) where there are any, `supply_centers` after,
//! `homes` and `tokens` after (only when the case gave them or the phase changed them),
//! `winner` where the phase ended the year's centre count (the power with the victory number
//! of centres, or null; only when ownership was given), `next_phase`, and `then` with one
//! output per input step.
//!
//! The reader is strict, so that a typing mistake is not silently a different case: a field
//! it does not know (`supply_centres`, `ordres`, `varient`), at any level, is refused naming
//! it, and so is a field written twice in one object (see [`parse_case`]). Fields that describe
//! a case for people and test suites ([`ANNOTATIONS`]: `id`, `title`, `notes`, `expected`...)
//! are accepted and not read. Positions that cannot arise in a game are refused too: a
//! dislodged unit whose province nobody took (no unit stands there), or that a unit of its own
//! power took, or whose attacker came from its own province or from a province not beside it
//! without a convoy (checked in retreat phases); two dislodged units in one province, or one
//! listed twice; a centre listed twice; a `then` step that is not the phase the step before
//! leads to.
//!
//! A movement that leads to a retreat phase in which no dislodged unit has a legal retreat
//! skips it, as the games service does (`settled::nothing_to_decide`): the output lists those
//! units under `dislodged` (with no `retreats`) and under `disbanded`, and `units`,
//! `supply_centers` and `next_phase` are those after the skipped retreat phase. A case whose
//! next step is that retreat phase plays it as written instead.

use crate::judge::{adjudicate, Adjudication, RemovalCause, Submitted};
use crate::map::{Location, ProvinceId};
use crate::parse::{parse_location, parse_order, parse_unit};
use crate::phase::PhaseKind;
use crate::position::{Dislodged, Position};
use crate::rules::Rules;
use crate::settled::nothing_to_decide;
use crate::token::{Token, TokenShape, TokenValue};
use crate::unit::{PowerId, Unit};
use crate::variant::Variant;
use serde_json::{json, Map as JsonMap, Value};
use std::collections::BTreeSet;
use std::sync::Arc;

/// A problem with the input, naming the field.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CaseError(pub String);

impl std::fmt::Display for CaseError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for CaseError {}

fn bad(field: &str, msg: impl std::fmt::Display) -> CaseError {
    CaseError(format!("field `{field}`: {msg}"))
}

/// Fields a case may carry for the people and test suites that read it (a DATC number, a
/// title, the expected outcome); the reader accepts them and does not look at them.
pub const ANNOTATIONS: &[&str] = &[
    "id",
    "title",
    "notes",
    "section",
    "section_title",
    "datc_case",
    "rule",
    "rule_choice",
    "subcase",
    "expected",
    "expected_error",
    "added_by_converter",
];

/// The fields of one step of a case (the first step or one under `then`).
const STEP_FIELDS: &[&str] = &[
    "phase",
    "units",
    "supply_centers",
    "dislodged",
    "contested",
    "orders",
    "homes",
    "tokens",
    "marks",
    "then",
];

/// The fields of one dislodged unit (as `position_json` writes it).
const DISLODGED_FIELDS: &[&str] = &[
    "power",
    "unit",
    "attacker_from",
    "via_convoy",
    "along_other_coast",
];

/// The fields only the first step has: they hold for the whole case.
const CASE_FIELDS: &[&str] = &["variant", "variant_options", "hidden", "alliances"];

/// Reads JSON text as a case document, refusing an object that has one field twice (plain
/// JSON readers keep the last and drop the first without a word).
pub fn parse_case(text: &str) -> Result<Value, CaseError> {
    let mut de = serde_json::Deserializer::from_str(text);
    let value = serde::Deserialize::deserialize(&mut de)
        .and_then(|Strict(v)| de.end().map(|()| v))
        .map_err(|e| {
            CaseError(if e.is_data() {
                // Our own refusal: a field written twice.
                e.to_string()
            } else {
                format!("not valid JSON ({e})")
            })
        })?;
    Ok(value)
}

/// A JSON value read with no duplicate field in any object.
struct Strict(Value);

impl<'de> serde::Deserialize<'de> for Strict {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(StrictVisitor).map(Strict)
    }
}

struct StrictVisitor;

impl<'de> serde::de::Visitor<'de> for StrictVisitor {
    type Value = Value;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("any JSON value")
    }
    fn visit_bool<E>(self, b: bool) -> Result<Value, E> {
        Ok(Value::Bool(b))
    }
    fn visit_i64<E>(self, n: i64) -> Result<Value, E> {
        Ok(Value::from(n))
    }
    fn visit_u64<E>(self, n: u64) -> Result<Value, E> {
        Ok(Value::from(n))
    }
    fn visit_f64<E>(self, n: f64) -> Result<Value, E> {
        Ok(serde_json::Number::from_f64(n).map_or(Value::Null, Value::Number))
    }
    fn visit_str<E>(self, s: &str) -> Result<Value, E> {
        Ok(Value::String(s.to_string()))
    }
    fn visit_string<E>(self, s: String) -> Result<Value, E> {
        Ok(Value::String(s))
    }
    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut out = Vec::new();
        while let Some(Strict(v)) = seq.next_element()? {
            out.push(v);
        }
        Ok(Value::Array(out))
    }
    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut out = JsonMap::new();
        while let Some(key) = map.next_key::<String>()? {
            if out.contains_key(&key) {
                return Err(serde::de::Error::custom(format!(
                    "field `{key}` is written twice in one object; keep one"
                )));
            }
            let Strict(v) = map.next_value()?;
            out.insert(key, v);
        }
        Ok(Value::Object(out))
    }
}

/// Refuses a field of `obj` that is not in `known` (nor an annotation), naming it and the
/// field it most looks like.
fn only_fields(obj: &JsonMap<String, Value>, at: &str, known: &[&[&str]]) -> Result<(), CaseError> {
    let accepted: Vec<&str> = known.iter().flat_map(|k| k.iter().copied()).collect();
    let Some(stray) = obj.keys().find(|k| !accepted.contains(&k.as_str())) else {
        return Ok(());
    };
    let field = if at.is_empty() {
        stray.clone()
    } else {
        format!("{at}.{stray}")
    };
    let near = accepted
        .iter()
        .filter(|k| !ANNOTATIONS.contains(k))
        .map(|k| (edit_distance(k, stray), *k))
        .min()
        .filter(|(d, k)| *d <= 3.max(k.len() / 4));
    let listed: Vec<&str> = accepted
        .iter()
        .copied()
        .filter(|k| !ANNOTATIONS.contains(k))
        .collect();
    Err(bad(
        &field,
        match near {
            Some((_, k)) => format!(
                "unknown field; did you mean `{k}`? Accepted here: {}",
                listed.join(", ")
            ),
            None => format!("unknown field; accepted here: {}", listed.join(", ")),
        },
    ))
}

/// How many single-letter edits turn `a` into `b` (for "did you mean").
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let here = row[j + 1];
            row[j + 1] = (prev + usize::from(ca != *cb))
                .min(row[j] + 1)
                .min(here + 1);
            prev = here;
        }
    }
    row[b.len()]
}

/// One power's entry of a `{"Power": [...]}` object: the power, its name as written, the list.
type PowerList<'a> = (PowerId, String, Vec<&'a str>);

/// The entries of a `{"Power": [...]}` object, with each power checked.
fn power_lists<'a>(
    variant: &Rules,
    field: &str,
    v: Option<&'a Value>,
) -> Result<Vec<PowerList<'a>>, CaseError> {
    let Some(v) = v else { return Ok(Vec::new()) };
    if v.is_null() {
        return Ok(Vec::new());
    }
    let obj = v
        .as_object()
        .ok_or_else(|| bad(field, "expected an object of power name to list"))?;
    let mut out = Vec::new();
    for (name, list) in obj {
        let power = variant.power_by_name(name).ok_or_else(|| {
            let names: Vec<&str> = variant.powers.iter().map(|p| p.name.as_str()).collect();
            let near = crate::parse::closest(
                name,
                variant
                    .powers
                    .iter()
                    .map(|p| (p.name.clone(), p.name.as_str())),
            )
            .map(|n| format!("did you mean {}? The", n.join(" or ")))
            .unwrap_or_else(|| "the".into());
            bad(
                &format!("{field}.{name}"),
                format!(
                    "'{name}' is not a power of {}; {near} powers are {}",
                    variant.name,
                    names.join(", ")
                ),
            )
        })?;
        let arr = list
            .as_array()
            .ok_or_else(|| bad(&format!("{field}.{name}"), "expected a list of strings"))?;
        let mut items = Vec::new();
        for (i, s) in arr.iter().enumerate() {
            items.push(
                s.as_str()
                    .ok_or_else(|| bad(&format!("{field}.{name}[{i}]"), "expected a string"))?,
            );
        }
        out.push((power, name.clone(), items));
    }
    Ok(out)
}

/// Reads one unit; `field` names it for an error (written only then: a case reads a unit
/// per line).
fn read_unit(
    variant: &Rules,
    at: &Position,
    field: impl Fn() -> String,
    power: PowerId,
    s: &str,
) -> Result<Unit, CaseError> {
    let r = parse_unit(&variant.grammar(), s).map_err(|e| bad(&field(), e))?;
    let kind = r.kind.ok_or_else(|| {
        bad(
            &field(),
            format!("'{s}' needs a unit kind, such as \"A par\" or \"F lon\""),
        )
    })?;
    let mut location = Location {
        province: r.province,
        coast: r.coast,
    };
    if !variant.map.moves_along_coasts(kind.class()) {
        location.coast = None;
    }
    if !variant.book.can_stand(&variant.context(at), kind, location) {
        return Err(bad(
            &field(),
            format!(
                "{} cannot stand at {}",
                kind.with_article(),
                variant.map.location_name(location)
            ),
        ));
    }
    Ok(Unit {
        power,
        kind,
        location,
    })
}

/// A position and its orders, read from a case.
pub struct CaseInput {
    pub variant: Arc<Rules>,
    pub position: Position,
    pub centres_given: bool,
    /// The case stated `homes` or `tokens`: the output then shows them too.
    pub state_given: bool,
    /// (power, order text as written, parsed order).
    pub orders: Vec<(PowerId, String, Submitted)>,
    pub then: Vec<Value>,
    /// Alliances the case declares (`alliances`), for an alliance victory (Atlantica II,
    /// rule 2): the output then says who won, alone or together.
    pub alliances: Vec<(PowerId, PowerId)>,
}

/// Reads one case; every error names the field it is in.
pub fn read_case(v: &Value, variant_override: Option<Arc<Rules>>) -> Result<CaseInput, CaseError> {
    read_case_with(v, variant_override, &[])
}

/// [`read_case`] for a command whose input is a case with fields of its own besides (`parley
/// render` takes the `results` to draw): those are accepted at the top level, and left to
/// the command to read.
pub fn read_case_with(
    v: &Value,
    variant_override: Option<Arc<Rules>>,
    extra_fields: &[&str],
) -> Result<CaseInput, CaseError> {
    let obj = v
        .as_object()
        .ok_or_else(|| CaseError("expected a JSON object".into()))?;
    only_fields(
        obj,
        "",
        &[CASE_FIELDS, STEP_FIELDS, ANNOTATIONS, extra_fields],
    )?;
    let variant = match variant_override {
        // The case's own `variant`, when it names one, must agree: drawing or adjudicating a
        // Standard case on the Pirates' board silently would answer another question.
        Some(v) => match obj.get("variant") {
            Some(Value::String(s)) if *s != v.id => {
                return Err(bad(
                    "variant",
                    format!(
                        "the case is for \"{s}\", but \"{}\" was asked for (--variant); \
                         drop one of the two, or make them agree",
                        v.id
                    ),
                ))
            }
            _ => v,
        },
        None => {
            let id = match obj.get("variant") {
                None | Some(Value::Null) => "standard",
                Some(Value::String(s)) => s.as_str(),
                Some(_) => {
                    return Err(bad("variant", "expected a variant id such as \"standard\""))
                }
            };
            Variant::builtin(id).map_err(|e| bad("variant", e))?
        }
    };
    let variant = match obj.get("variant_options") {
        None | Some(Value::Null) => variant,
        Some(Value::Object(m)) => {
            // The case's choices on top of the values the variant already has.
            let mut ruleset = variant.ruleset.clone();
            for (name, v) in m {
                let on = v.as_bool().ok_or_else(|| {
                    bad(&format!("variant_options.{name}"), "expected true or false")
                })?;
                ruleset.variant_options.insert(name.clone(), on);
            }
            Variant::builtin_with_ruleset(&variant.id, ruleset)
                .map_err(|e| bad("variant_options", e))?
        }
        Some(_) => {
            return Err(bad(
                "variant_options",
                "expected an object of option name to true or false",
            ))
        }
    };
    let variant =
        match obj.get("hidden") {
            None | Some(Value::Null) => variant,
            Some(Value::Object(m)) => with_hidden(variant, m)?,
            Some(_) => return Err(bad(
                "hidden",
                "expected an object of secret draw name to number, such as {\"atlantis-area\": 3}",
            )),
        };
    let alliances = match obj.get("alliances") {
        None | Some(Value::Null) => Vec::new(),
        Some(v) => read_alliances(&variant, v)?,
    };
    let mut input = read_step(obj, variant, None)?;
    input.alliances = alliances;
    Ok(input)
}

/// Reads `alliances`: `[["Canada", "USA"]]`, pairs of two different powers, each power in
/// one alliance at most.
fn read_alliances(variant: &Rules, v: &Value) -> Result<Vec<(PowerId, PowerId)>, CaseError> {
    let shape = "expected a list of pairs of powers, such as [[\"Canada\", \"USA\"]]";
    let pairs = v.as_array().ok_or_else(|| bad("alliances", shape))?;
    let mut out: Vec<(PowerId, PowerId)> = Vec::new();
    for (i, pair) in pairs.iter().enumerate() {
        let f = format!("alliances[{i}]");
        let names: Vec<&str> = pair
            .as_array()
            .filter(|a| a.len() == 2)
            .map(|a| a.iter().filter_map(Value::as_str).collect())
            .filter(|n: &Vec<&str>| n.len() == 2)
            .ok_or_else(|| bad(&f, shape))?;
        let mut powers = [PowerId(0); 2];
        for (k, name) in names.iter().enumerate() {
            powers[k] = variant.power_by_name(name).ok_or_else(|| {
                let known: Vec<&str> = variant.powers.iter().map(|p| p.name.as_str()).collect();
                bad(
                    &format!("{f}[{k}]"),
                    format!(
                        "unknown power '{name}'; expected one of: {}",
                        known.join(", ")
                    ),
                )
            })?;
        }
        if powers[0] == powers[1] {
            return Err(bad(&f, "an alliance is of two different powers"));
        }
        if out
            .iter()
            .any(|(a, b)| powers.contains(a) || powers.contains(b))
        {
            return Err(bad(&f, "a power may be in one alliance at most"));
        }
        out.push((powers[0], powers[1]));
    }
    Ok(out)
}

/// The case's secret draws (`hidden`), each checked against the variant's declared draws.
fn with_hidden(
    variant: Arc<Rules>,
    given: &JsonMap<String, Value>,
) -> Result<Arc<Rules>, CaseError> {
    let declared = crate::variants::entry(&variant.id)
        .map(|e| e.hidden_draws)
        .unwrap_or(&[]);
    let mut ruleset = variant.ruleset.clone();
    for (name, v) in given {
        let field = format!("hidden.{name}");
        let Some(draw) = declared.iter().find(|d| d.name == name) else {
            let names: Vec<&str> = declared.iter().map(|d| d.name).collect();
            let accepted = if names.is_empty() {
                format!("variant '{}' draws no secrets", variant.id)
            } else {
                format!("expected one of: {}", names.join(", "))
            };
            return Err(bad(&field, &accepted));
        };
        let n = v
            .as_u64()
            .filter(|n| (1..=u64::from(draw.faces)).contains(n))
            .ok_or_else(|| {
                bad(
                    &field,
                    format!("expected a number from 1 to {}", draw.faces),
                )
            })?;
        ruleset.hidden.insert(name.clone(), n as u32);
    }
    Variant::builtin_with_ruleset(&variant.id, ruleset).map_err(|e| bad("hidden", e))
}

fn read_step(
    obj: &JsonMap<String, Value>,
    variant: Arc<Rules>,
    carried: Option<&Position>,
) -> Result<CaseInput, CaseError> {
    let phase_text = obj.get("phase").and_then(Value::as_str).ok_or_else(|| {
        bad(
            "phase",
            "missing; expected a phase such as \"Spring 1901 movement\"",
        )
    })?;
    let phase = variant
        .calendar
        .parse(phase_text)
        .map_err(|e| bad("phase", e))?;

    let mut position = match carried {
        Some(p) => Position { phase, ..p.clone() },
        None => variant.empty_position(phase),
    };
    // Tokens and homes first: where a unit may stand and which provinces are centres may
    // depend on them (Atlantica II: Atlantis, once found, has its token, and is then a
    // province and a centre).
    let mut state_given = false;
    let tokens = obj.get("tokens").filter(|m| !m.is_null());
    let marks = obj.get("marks").filter(|m| !m.is_null());
    match (tokens, marks) {
        (Some(_), Some(_)) => {
            return Err(bad(
                "marks",
                "give the variant's state once, as `tokens` (`marks` is an older release's form)",
            ))
        }
        (Some(t), None) => {
            state_given = true;
            position.tokens = read_tokens(&variant, &position, t)?;
        }
        (None, Some(m)) => {
            state_given = true;
            position.tokens = read_marks(&variant, &position, m)?;
        }
        (None, None) => {}
    }
    if let Some(homes) = obj.get("homes").filter(|h| !h.is_null()) {
        state_given = true;
        position.homes = read_centre_table(&variant, &position, "homes", homes)?;
    }
    let mut centres_given = false;
    if carried.is_none() || obj.contains_key("units") {
        let mut units = Vec::new();
        for (power, name, list) in power_lists(&variant, "units", obj.get("units"))? {
            for (i, s) in list.iter().enumerate() {
                let field = || format!("units.{name}[{i}]");
                let u = read_unit(&variant, &position, field, power, s)?;
                let many = variant
                    .book
                    .holds_many(&variant.context(&position), u.location.province);
                if let Some(other) = units
                    .iter()
                    .find(|o: &&Unit| o.location.province == u.location.province && !many)
                {
                    return Err(bad(
                        &field(),
                        format!(
                            "{} already holds {}",
                            variant.map.province(u.location.province).name,
                            variant.unit_text(other)
                        ),
                    ));
                }
                units.push(u);
            }
        }
        if carried.is_none() || !units.is_empty() {
            position.units = units;
        }
    }
    check_carriers(&variant, &position)?;
    if let Some(sc) = obj.get("supply_centers") {
        if !sc.is_null() {
            centres_given = true;
            position.owners = read_centre_table(&variant, &position, "supply_centers", sc)?;
        }
    }
    if let Some(d) = obj.get("dislodged") {
        if !d.is_null() {
            let arr = d.as_array().ok_or_else(|| {
                bad(
                    "dislodged",
                    "expected a list of {power, unit, attacker_from}",
                )
            })?;
            position.dislodged.clear();
            for (i, e) in arr.iter().enumerate() {
                let f = format!("dislodged[{i}]");
                let fields = e
                    .as_object()
                    .ok_or_else(|| bad(&f, "expected an object {power, unit, attacker_from}"))?;
                only_fields(fields, &f, &[DISLODGED_FIELDS])?;
                let power_name = e
                    .get("power")
                    .and_then(Value::as_str)
                    .ok_or_else(|| bad(&format!("{f}.power"), "missing"))?;
                let power = variant.power_by_name(power_name).ok_or_else(|| {
                    bad(
                        &format!("{f}.power"),
                        format!("'{power_name}' is not a power"),
                    )
                })?;
                let us = e
                    .get("unit")
                    .and_then(Value::as_str)
                    .ok_or_else(|| bad(&format!("{f}.unit"), "missing"))?;
                let unit = read_unit(&variant, &position, || format!("{f}.unit"), power, us)?;
                let af = e
                    .get("attacker_from")
                    .and_then(Value::as_str)
                    .ok_or_else(|| bad(&format!("{f}.attacker_from"), "missing"))?;
                let attacker_from = parse_location(&variant.grammar(), af)
                    .map_err(|er| bad(&format!("{f}.attacker_from"), er))?
                    .province;
                let via = match e.get("via_convoy") {
                    None | Some(Value::Null) => carried
                        .and_then(|c| {
                            c.dislodged
                                .iter()
                                .find(|x| x.unit == unit && x.attacker_from == attacker_from)
                        })
                        .is_some_and(|x| x.attacker_came_by_convoy),
                    Some(Value::Bool(b)) => *b,
                    Some(_) => {
                        return Err(bad(&format!("{f}.via_convoy"), "expected true or false"))
                    }
                };
                let crawl = match e.get("along_other_coast") {
                    None | Some(Value::Null) => carried
                        .and_then(|c| {
                            c.dislodged
                                .iter()
                                .find(|x| x.unit == unit && x.attacker_from == attacker_from)
                        })
                        .is_some_and(|x| x.attacked_along_other_coast),
                    Some(Value::Bool(b)) => *b,
                    Some(_) => {
                        return Err(bad(
                            &format!("{f}.along_other_coast"),
                            "expected true or false",
                        ))
                    }
                };
                let d = Dislodged {
                    unit,
                    attacker_from,
                    attacker_came_by_convoy: via,
                    attacked_along_other_coast: crawl,
                };
                // Outside a retreat phase a dislodged unit is wrong whatever it says, and
                // the store's checks say so in those words.
                if variant.calendar.kind(phase) == PhaseKind::Retreat {
                    check_dislodged(&variant, &position, &d).map_err(|e| bad(&f, e))?;
                }
                if let Some(what) = dislodged_again(&variant, &position, &position.dislodged, &d) {
                    return Err(bad(&f, what));
                }
                position.dislodged.push(d);
            }
        }
    }
    if let Some(c) = obj.get("contested") {
        if !c.is_null() {
            let arr = c
                .as_array()
                .ok_or_else(|| bad("contested", "expected a list of provinces"))?;
            position.contested.clear();
            for (i, p) in arr.iter().enumerate() {
                let s = p
                    .as_str()
                    .ok_or_else(|| bad(&format!("contested[{i}]"), "expected a string"))?;
                let t = parse_location(&variant.grammar(), s)
                    .map_err(|e| bad(&format!("contested[{i}]"), e))?;
                position.contested.push(t.province);
            }
        }
    }
    let mut orders = Vec::new();
    for (power, _name, list) in power_lists(&variant, "orders", obj.get("orders"))? {
        for s in list {
            let parsed = parse_order(&variant.grammar(), s).map_err(|e| e.message);
            orders.push((
                power,
                s.to_string(),
                Submitted {
                    power,
                    order: parsed,
                },
            ));
        }
    }
    let then = match obj.get("then") {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::Array(a)) => a.clone(),
        Some(_) => return Err(bad("then", "expected a list of following steps")),
    };
    Ok(CaseInput {
        variant,
        position,
        centres_given,
        state_given,
        orders,
        then,
        alliances: Vec::new(),
    })
}

/// Why dislodged unit `d` cannot be listed after `earlier`: one unit stood in a province
/// (outside those that hold many), so one at most was dislodged from it, and the same unit
/// listed twice would be retreated twice.
fn dislodged_again(
    variant: &Rules,
    at: &Position,
    earlier: &[Dislodged],
    d: &Dislodged,
) -> Option<String> {
    let p = d.unit.location.province;
    let many = variant.book.holds_many(&variant.context(at), p);
    let (j, other) = earlier
        .iter()
        .enumerate()
        .find(|(_, e)| e.unit.location.province == p && (*e == d || !many))?;
    Some(if other == d {
        format!(
            "{} {} is listed twice (dislodged[{j}] too)",
            variant.power_name(d.unit.power),
            variant.unit_text(&d.unit)
        )
    } else {
        format!(
            "two dislodged units in {}: {} {} (dislodged[{j}]) and {} {}; one unit stood there, \
             so one at most was dislodged",
            variant.map.province(p).name,
            variant.power_name(other.unit.power),
            variant.unit_text(&other.unit),
            variant.power_name(d.unit.power),
            variant.unit_text(&d.unit)
        )
    })
}

/// Refuses a dislodged unit no game could leave: its attacker moved into its province, so a
/// unit stands there (unless the province holds many, where the attacker may have gone on),
/// and it is another power's (nobody dislodges his own unit); the attacker came from another
/// province beside it, or from farther by convoy.
fn check_dislodged(variant: &Rules, at: &Position, d: &Dislodged) -> Result<(), String> {
    let map = &variant.map;
    let here = d.unit.location.province;
    let name = |p: ProvinceId| map.province(p).name.clone();
    if d.attacker_from == here {
        return Err(format!(
            "attacker_from is {}, the dislodged unit's own province; the attacker came from elsewhere",
            name(here)
        ));
    }
    if !d.attacker_came_by_convoy && !map.neighbours(here).any(|p| p == d.attacker_from) {
        return Err(format!(
            "the attacker came from {}, which does not border {}; set \"via_convoy\": true if it came by convoy",
            name(d.attacker_from),
            name(here)
        ));
    }
    if variant.book.holds_many(&variant.context(at), here) {
        return Ok(());
    }
    match at.units.iter().find(|u| u.location.province == here) {
        None => Err(format!(
            "{} is dislodged from {}, but no unit stands there; list the unit that dislodged it under `units`",
            variant.unit_text(&d.unit),
            name(here)
        )),
        Some(u) if u.power == d.unit.power => Err(format!(
            "{} is dislodged from {} by {}, a unit of its own power; a power cannot dislodge its own unit",
            variant.unit_text(&d.unit),
            name(here),
            variant.unit_text(u)
        )),
        Some(_) => Ok(()),
    }
}

/// A per-power list of supply centres (`{"England": ["lon", ...]}`, as `supply_centers` and
/// `homes` are written) as a table indexed by province: whose each centre is, or `None`.
fn read_centre_table(
    variant: &Rules,
    at: &Position,
    key: &str,
    v: &Value,
) -> Result<Vec<Option<PowerId>>, CaseError> {
    let mut table = vec![None; variant.map.provinces.len()];
    for (power, name, list) in power_lists(variant, key, Some(v))? {
        for (i, s) in list.iter().enumerate() {
            let field = format!("{key}.{name}[{i}]");
            let t = parse_location(&variant.grammar(), s).map_err(|e| bad(&field, e))?;
            let province = variant.map.province(t.province);
            if !variant
                .book
                .is_supply_centre(&variant.context(at), t.province)
            {
                return Err(bad(
                    &field,
                    format!("{} is not a supply centre", province.name),
                ));
            }
            // A centre written twice would be silently given to whichever came last: a file
            // that disagrees with itself is refused instead.
            if let Some(before) = table[t.province.0 as usize] {
                return Err(bad(
                    &field,
                    format!(
                        "{} is already listed for {}; a centre belongs to one power at most",
                        province.name,
                        variant.power_name(before)
                    ),
                ));
            }
            table[t.province.0 as usize] = Some(power);
        }
    }
    Ok(table)
}

/// Reads `tokens`: `[{"kind": "rations", "province": "nao", "power": "England", "count": 3},
/// {"kind": "anchor", "province": "ama/nb", "carried": true}, ...]`, each of a kind the
/// variant's rulebook declares, holding what its kind holds.
fn read_tokens(variant: &Rules, at: &Position, v: &Value) -> Result<Vec<Token>, CaseError> {
    let kinds = variant.book.token_kinds();
    let names = || {
        if kinds.is_empty() {
            format!("{} keeps no tokens", variant.variant.name)
        } else {
            let list: Vec<&str> = kinds.iter().map(|k| k.name()).collect();
            format!("{} keeps {}", variant.variant.name, list.join(", "))
        }
    };
    let arr = v
        .as_array()
        .ok_or_else(|| bad("tokens", "expected a list of {kind, province, ...}"))?;
    let mut out: Vec<Token> = Vec::new();
    for (i, e) in arr.iter().enumerate() {
        let f = format!("tokens[{i}]");
        let fields = e
            .as_object()
            .ok_or_else(|| bad(&f, "expected an object {kind, province, ...}"))?;
        let text = |k: &str| {
            e.get(k)
                .and_then(Value::as_str)
                .ok_or_else(|| bad(&format!("{f}.{k}"), "missing; expected a string"))
        };
        let name = text("kind")?;
        let kind = kinds
            .iter()
            .copied()
            .find(|k| k.name() == name)
            .ok_or_else(|| {
                bad(
                    &format!("{f}.kind"),
                    format!("'{name}' is unknown: {}", names()),
                )
            })?;
        let mut known: Vec<&str> = vec!["kind", "province"];
        // A carried marker names the power of the unit carrying it, whoever it belongs to.
        let carried = e.get("carried") == Some(&Value::Bool(true));
        let names_power = kind.owned() || (kind.shape() == TokenShape::Marker && carried);
        if names_power {
            known.push("power");
        }
        known.extend(match kind.shape() {
            TokenShape::Count => Some("count"),
            TokenShape::From => Some("from"),
            TokenShape::Flag => None,
            TokenShape::Marker => Some("carried"),
        });
        only_fields(fields, &f, &[&known])?;
        let target = parse_location(&variant.grammar(), text("province")?)
            .map_err(|er| bad(&format!("{f}.province"), er))?;
        let place = target.location();
        if place.coast.is_some() && !kind.0.on_coasts {
            return Err(bad(
                &format!("{f}.province"),
                format!("a {name} token stands on a whole province; write it without a coast"),
            ));
        }
        let power = if names_power {
            let power_name = text("power")?;
            Some(variant.power_by_name(power_name).ok_or_else(|| {
                bad(
                    &format!("{f}.power"),
                    format!("'{power_name}' is not a power"),
                )
            })?)
        } else {
            None
        };
        let value = match kind.shape() {
            TokenShape::Count => TokenValue::Count(
                e.get("count")
                    .and_then(Value::as_u64)
                    .and_then(|c| u32::try_from(c).ok())
                    .ok_or_else(|| bad(&format!("{f}.count"), "expected a whole number"))?,
            ),
            TokenShape::From => {
                let from = parse_location(&variant.grammar(), text("from")?)
                    .map_err(|er| bad(&format!("{f}.from"), er))?;
                TokenValue::From(from.province)
            }
            TokenShape::Flag => TokenValue::Standing,
            TokenShape::Marker => match e.get("carried") {
                None | Some(Value::Bool(false)) => TokenValue::Standing,
                Some(Value::Bool(true)) => TokenValue::Carried,
                Some(_) => return Err(bad(&format!("{f}.carried"), "expected true or false")),
            },
        };
        out.push(Token {
            kind,
            at: place,
            power,
            value,
        });
    }
    Token::sort(&mut out);
    check_tokens(variant, at, &out)?;
    Ok(out)
}

/// Reads `marks`, the form an older release stored a variant's state in
/// (`[{"province": "kas", "power": "Delhi", "count": 1}, ...]`), as tokens by the rulebook's
/// reading of each.
fn read_marks(variant: &Rules, at: &Position, v: &Value) -> Result<Vec<Token>, CaseError> {
    let arr = v
        .as_array()
        .ok_or_else(|| bad("marks", "expected a list of {province, power, count}"))?;
    let ctx = variant.context(at);
    let mut out: Vec<Token> = Vec::new();
    for (i, e) in arr.iter().enumerate() {
        let f = format!("marks[{i}]");
        let fields = e
            .as_object()
            .ok_or_else(|| bad(&f, "expected an object {province, power, count}"))?;
        only_fields(fields, &f, &[&["province", "power", "count"]])?;
        let text = |k: &str| {
            e.get(k)
                .and_then(Value::as_str)
                .ok_or_else(|| bad(&format!("{f}.{k}"), "missing; expected a string"))
        };
        let province = parse_location(&variant.grammar(), text("province")?)
            .map_err(|er| bad(&format!("{f}.province"), er))?
            .province;
        let power_name = text("power")?;
        let power = variant.power_by_name(power_name).ok_or_else(|| {
            bad(
                &format!("{f}.power"),
                format!("'{power_name}' is not a power"),
            )
        })?;
        let count = e
            .get("count")
            .and_then(Value::as_u64)
            .and_then(|c| u32::try_from(c).ok())
            .ok_or_else(|| bad(&format!("{f}.count"), "expected a whole number"))?;
        let token = variant
            .book
            .token_of_mark(&ctx, province, power, count)
            .ok_or_else(|| {
                bad(
                    &f,
                    format!(
                        "{} keeps no such state in {}; write the variant's state as `tokens`",
                        variant.variant.name,
                        variant.map.province(province).name
                    ),
                )
            })?;
        out.push(token);
    }
    Token::sort(&mut out);
    check_tokens(variant, at, &out)?;
    Ok(out)
}

/// Every carried marker has a unit of its power where it is to carry it. Checked once the
/// units are read (tokens are read first: where a unit may stand can depend on them).
fn check_carriers(variant: &Rules, position: &Position) -> Result<(), CaseError> {
    for (i, t) in position.tokens.iter().enumerate() {
        if t.value == TokenValue::Carried
            && !position
                .units
                .iter()
                .any(|u| u.location == t.at && Some(u.power) == t.power)
        {
            return Err(bad(
                &format!("tokens[{i}]"),
                format!(
                    "a carried {} token needs a unit of {} at {} to carry it",
                    t.kind.name(),
                    t.power
                        .map(|p| variant.power_name(p).to_string())
                        .unwrap_or_default(),
                    variant.map.location_name(t.at)
                ),
            ));
        }
    }
    Ok(())
}

/// One token per kind and power in a province (one per kind where it belongs to no power),
/// except where many units may stand (a box): there one per unit, as two A/Fs of one power
/// in Davis's High Ocean Box each keep their own count. Each of a kind the variant declares.
fn check_tokens(variant: &Rules, at: &Position, tokens: &[Token]) -> Result<(), CaseError> {
    let ctx = variant.context(at);
    let kinds = variant.book.token_kinds();
    for (i, t) in tokens.iter().enumerate() {
        let field = format!("tokens[{i}]");
        if !kinds.contains(&t.kind) || !t.value.fits(t.kind.shape()) {
            return Err(bad(
                &field,
                format!(
                    "{} keeps no token '{}' of that form",
                    variant.variant.name,
                    t.kind.name()
                ),
            ));
        }
        let carried = t.value == TokenValue::Carried;
        if (t.kind.owned() || carried) != t.power.is_some() {
            return Err(bad(
                &field,
                format!(
                    "a {} token {}",
                    t.kind.name(),
                    if t.kind.owned() {
                        "names its power"
                    } else if carried {
                        "carried names the power of the unit carrying it"
                    } else {
                        "belongs to no power"
                    }
                ),
            ));
        }
        // Markers pile up: two fleets may leave their ships on one coast.
        if !carried
            && t.kind.shape() != TokenShape::Marker
            && !variant.book.holds_many(&ctx, t.at.province)
            && tokens[..i].iter().any(|e| {
                e.kind == t.kind
                    && e.at == t.at
                    && e.power == t.power
                    && e.value != TokenValue::Carried
            })
        {
            return Err(bad(
                &field,
                format!(
                    "{} already has a {} token{}",
                    variant.map.location_name(t.at),
                    t.kind.name(),
                    t.power
                        .map(|p| format!(" of {}", variant.power_name(p)))
                        .unwrap_or_default()
                ),
            ));
        }
    }
    Ok(())
}

fn tokens_json(variant: &Rules, position: &Position) -> Value {
    position
        .tokens
        .iter()
        .map(|t| token_json(variant, t))
        .collect()
}

fn token_json(variant: &Rules, t: &Token) -> Value {
    let mut out = JsonMap::new();
    out.insert("kind".into(), json!(t.kind.name()));
    out.insert("province".into(), json!(variant.map.location_name(t.at)));
    if let Some(p) = t.power {
        out.insert("power".into(), json!(variant.power_name(p)));
    }
    match t.value {
        TokenValue::Count(n) => {
            out.insert("count".into(), json!(n));
        }
        TokenValue::From(p) => {
            out.insert("from".into(), json!(variant.map.province(p).id));
        }
        TokenValue::Standing => {}
        TokenValue::Carried => {
            out.insert("carried".into(), json!(true));
        }
    }
    Value::Object(out)
}

fn homes_json(variant: &Rules, position: &Position) -> Value {
    let map = &variant.map;
    let mut homes = JsonMap::new();
    for (i, p) in variant.powers.iter().enumerate() {
        let mine: Vec<Value> = position
            .homes
            .iter()
            .enumerate()
            .filter(|(_, h)| **h == Some(PowerId(i as u8)))
            .map(|(c, _)| Value::String(map.province(ProvinceId(c as u16)).id.clone()))
            .collect();
        if !mine.is_empty() {
            homes.insert(p.name.clone(), Value::Array(mine));
        }
    }
    Value::Object(homes)
}

fn units_json(variant: &Rules, units: &[Unit]) -> Value {
    let mut out = JsonMap::new();
    for (i, p) in variant.powers.iter().enumerate() {
        let mut mine: Vec<&Unit> = units.iter().filter(|u| u.power.0 as usize == i).collect();
        if mine.is_empty() {
            continue;
        }
        mine.sort_by_cached_key(|u| variant.map.location_name(u.location));
        out.insert(
            p.name.clone(),
            mine.iter()
                .map(|u| Value::String(variant.unit_text(u)))
                .collect(),
        );
    }
    Value::Object(out)
}

fn centres_json(variant: &Rules, position: &Position) -> Value {
    let mut out = JsonMap::new();
    for (i, p) in variant.powers.iter().enumerate() {
        let mut mine: Vec<String> = position
            .centres_of(PowerId(i as u8))
            .map(|c| variant.map.province(c).id.clone())
            .collect();
        if mine.is_empty() {
            continue;
        }
        mine.sort();
        out.insert(
            p.name.clone(),
            mine.into_iter().map(Value::String).collect(),
        );
    }
    Value::Object(out)
}

/// Adjudicates a case read by [`read_case`] and writes its result, following `then` steps.
pub fn run_case(input: &CaseInput) -> Result<Value, CaseError> {
    Ok(run_step(input, input.then.first())?.0)
}

/// The retreat phase a movement leads to, adjudicated at once when nobody has anything to
/// decide in it (every dislodged unit must disband), as the games service does, unless the
/// case goes on with that very retreat phase (`following`), which is then played as written.
fn skipped_retreat(
    input: &CaseInput,
    adj: &Adjudication,
    following: Option<&Value>,
) -> Option<Adjudication> {
    let variant = &input.variant;
    if variant.calendar.kind(input.position.phase) != PhaseKind::Movement
        || adj.after.dislodged.is_empty()
        || !nothing_to_decide(variant, &adj.after)
    {
        return None;
    }
    let named = following
        .and_then(|step| step.get("phase"))
        .and_then(Value::as_str)
        .and_then(|text| variant.calendar.parse(text).ok());
    if named == Some(adj.after.phase) {
        return None;
    }
    Some(adjudicate(variant, &adj.after, &[]))
}

/// Whether a step in `phase` may follow a step that left the board `left`: it is the phase the
/// board is in, or a later one reached only through phases with nothing to decide (an empty
/// retreat phase, an adjustment with nothing due), which the games service would adjudicate
/// on the spot. A case that gives no centre ownership passes over adjustments too: with no
/// owners there is nothing to count builds and removals from.
fn follows(
    variant: &Rules,
    left: &Position,
    phase: crate::phase::Phase,
    centres_given: bool,
) -> bool {
    let calendar = &variant.calendar;
    let mut at = left.clone();
    // A year's worth of steps at most: a step further on skips a phase that mattered.
    for _ in 0..=calendar.steps.len() + calendar.setup.len() {
        if at.phase == phase {
            return true;
        }
        let passable = (calendar.kind(at.phase) == PhaseKind::Adjustment && !centres_given)
            || nothing_to_decide(variant, &at);
        if !passable {
            return false;
        }
        at.phase = calendar.next(at.phase);
    }
    false
}

/// [`run_case`] for one step, given the step after it (if any); also returns the position the
/// step leaves, for the next.
fn run_step(input: &CaseInput, following: Option<&Value>) -> Result<(Value, Position), CaseError> {
    let variant = &input.variant;
    let subs: Vec<Submitted> = input.orders.iter().map(|(_, _, s)| s.clone()).collect();
    let adj: Adjudication = adjudicate(variant, &input.position, &subs);
    let skipped = skipped_retreat(input, &adj, following);
    // The board after the phase, and after the retreat phase skipped behind it if any.
    let after = skipped.as_ref().map_or(&adj.after, |s| &s.after);
    let mut out = JsonMap::with_capacity(12);
    out.insert(
        "phase".into(),
        json!(variant.calendar.name(input.position.phase)),
    );
    let results: Vec<Value> = input
        .orders
        .iter()
        .zip(&adj.results)
        .map(|((p, text, _), r)| {
            let mut o = JsonMap::with_capacity(4);
            o.insert("power".into(), json!(variant.power_name(*p)));
            o.insert("order".into(), json!(text));
            o.insert("result".into(), json!(r.verdict.word()));
            o.insert("reason".into(), json!(r.reason(variant)));
            Value::Object(o)
        })
        .collect();
    out.insert("results".into(), Value::Array(results));
    let kind = variant.calendar.kind(input.position.phase);
    if kind == PhaseKind::Movement {
        let d: Vec<Value> = adj
            .dislodged
            .iter()
            .map(|d| {
                json!({
                    "power": variant.power_name(d.dislodged.unit.power),
                    "unit": variant.unit_text(&d.dislodged.unit),
                    "attacker_from": variant.map.province(d.dislodged.attacker_from).id,
                    "via_convoy": d.dislodged.attacker_came_by_convoy,
                    "along_other_coast": d.dislodged.attacked_along_other_coast,
                    "retreats": d.retreats.iter().map(|l| variant.map.location_name(*l)).collect::<Vec<_>>(),
                })
            })
            .collect();
        out.insert("dislodged".into(), Value::Array(d));
        let contested: Vec<String> = adj
            .after
            .contested
            .iter()
            .map(|p| variant.map.province(*p).id.clone())
            .collect();
        out.insert("contested".into(), json!(contested));
    }
    out.insert("units".into(), units_json(variant, &after.units));
    let power_unit =
        |u: &Unit| json!({"power": variant.power_name(u.power), "unit": variant.unit_text(u)});
    if let Some(s) = &skipped {
        // Units with no retreat, disbanded in the retreat phase nobody had to decide (after
        // any a variant's fight disbanded in the moves themselves).
        out.insert(
            "disbanded".into(),
            adj.disbanded
                .iter()
                .chain(&s.disbanded)
                .map(power_unit)
                .collect(),
        );
    } else if kind == PhaseKind::Movement && !adj.disbanded.is_empty() {
        // Units a variant's rules disbanded in the moves (beaten too heavily to retreat).
        out.insert(
            "disbanded".into(),
            adj.disbanded.iter().map(power_unit).collect(),
        );
    }
    // Dislodged units the rules moved without an order of theirs (a variant's default
    // retreat, a retreat list written with the moves).
    if !adj.retreated.is_empty() {
        out.insert(
            "retreated".into(),
            adj.retreated
                .iter()
                .map(|(u, to)| {
                    let mut v = power_unit(u);
                    v["to"] = json!(variant.map.location_name(*to));
                    v
                })
                .collect(),
        );
    }
    match kind {
        PhaseKind::Adjustment => {
            out.insert("built".into(), adj.built.iter().map(power_unit).collect());
            let removed: Vec<Value> = adj
                .removed
                .iter()
                .map(|(u, by)| {
                    let mut v = power_unit(u);
                    v["by"] = json!(match by {
                        RemovalCause::Order => "order",
                        RemovalCause::CivilDisorder => "civil_disorder",
                    });
                    v
                })
                .collect();
            out.insert("removed".into(), Value::Array(removed));
        }
        PhaseKind::Retreat => {
            out.insert(
                "disbanded".into(),
                adj.disbanded.iter().map(power_unit).collect(),
            );
        }
        _ => {}
    }
    out.insert(
        "supply_centers".into(),
        if input.centres_given {
            centres_json(variant, after)
        } else {
            Value::Null
        },
    );
    // Homes and tokens are shown when the case gave them or the phase changed them, so
    // Standard's output stays as it was.
    let initial_homes = variant.initial_position().homes;
    if input.state_given || after.homes != initial_homes || !after.tokens.is_empty() {
        out.insert("homes".into(), homes_json(variant, after));
        out.insert("tokens".into(), tokens_json(variant, after));
    }
    // Victory is judged when the year's centre count is taken (ownership given in the case).
    let counted = match kind {
        // A movement with dislodged units counts centres after its retreats.
        PhaseKind::Movement => after.dislodged.is_empty(),
        PhaseKind::Retreat => true,
        _ => false,
    };
    if input.centres_given && counted && variant.calendar.ends_centre_count(input.position.phase) {
        out.insert(
            "winner".into(),
            json!(variant.winner(after).map(|p| variant.power_name(p))),
        );
    }
    // With declared alliances: who won, alone or together, when the rules count it (after a
    // counting move, its retreats, or the build period after it).
    if !input.alliances.is_empty()
        && input.centres_given
        && variant.alliance_count_after(input.position.phase, after.phase)
    {
        let won = variant.victory(after, &input.alliances);
        out.insert(
            "winners".into(),
            json!(won
                .map(|v| v
                    .powers()
                    .into_iter()
                    .map(|p| variant.power_name(p).to_string())
                    .collect::<Vec<_>>())
                .unwrap_or_default()),
        );
    }
    // The calendar's last year is over and nobody has won (Latin American Diplomacy, after
    // 1917 D): the game ends in a draw of every power still in it.
    if variant.calendar.past_last_year(after.phase)
        && !variant.calendar.past_last_year(input.position.phase)
        && variant.victory(after, &input.alliances).is_none()
    {
        let drawn: Vec<&str> = variant
            .surviving(after)
            .into_iter()
            .map(|p| variant.power_name(p))
            .collect();
        out.insert("draw".into(), json!(drawn));
    }
    out.insert(
        "next_phase".into(),
        json!(variant.calendar.name(after.phase)),
    );
    if !input.then.is_empty() {
        let mut steps = Vec::new();
        let mut carried = after.clone();
        for (i, step) in input.then.iter().enumerate() {
            let sobj = step
                .as_object()
                .ok_or_else(|| bad(&format!("then[{i}]"), "expected an object"))?;
            let mut next = only_fields(sobj, "", &[STEP_FIELDS, ANNOTATIONS])
                .and_then(|()| read_step(sobj, variant.clone(), Some(&carried)))
                .map_err(|e| CaseError(format!("then[{i}]: {e}")))?;
            // Each step goes on from where the one before left the board: a step that names
            // another phase would be adjudicated on a board that never was.
            if !follows(variant, &carried, next.position.phase, input.centres_given) {
                let before = if i == 0 {
                    "the case".to_string()
                } else {
                    format!("then[{}]", i - 1)
                };
                return Err(bad(
                    &format!("then[{i}].phase"),
                    format!(
                        "'{}' is not the phase {before} leads to; expected \"{}\"",
                        variant.calendar.name(next.position.phase),
                        variant.calendar.name(carried.phase)
                    ),
                ));
            }
            next.centres_given = input.centres_given;
            next.alliances = input.alliances.clone();
            next.state_given |= input.state_given;
            let (result, left) = run_step(&next, next.then.first().or(input.then.get(i + 1)))?;
            carried = left;
            steps.push(result);
        }
        out.insert("then".into(), Value::Array(steps));
    }
    Ok((Value::Object(out), after.clone()))
}

/// Compares an adjudication result with an expected outcome in the DATC's shape (`results`,
/// `dislodged`, `units`, `built`, `removed`, `disbanded`, and where the expectation gives them
/// `supply_centers`, `homes` and `tokens`), and the `then` steps of `case` if given. Returns one
/// line per difference; empty when they agree.
pub fn differences(id: &str, got: &Value, case: &Value) -> Vec<String> {
    let mut problems = Vec::new();
    compare(id, got, &case["expected"], &mut problems);
    for (i, step) in case["then"].as_array().into_iter().flatten().enumerate() {
        compare(
            &format!("{id} then[{i}]"),
            &got["then"][i],
            &step["expected"],
            &mut problems,
        );
        // The step's own stated board, where it states one, must be what the movement
        // left behind.
        let (g, w) = (units(&got["units"]), units(&step["units"]));
        if i == 0 && step.get("units").is_some() && g != w {
            problems.push(format!(
                "{id} then[0]: board before the retreat expected {w:?}, got {g:?}"
            ));
        }
    }
    problems
}

fn results(v: &Value) -> Vec<(String, String, String)> {
    v.as_array()
        .map(|a| {
            a.iter()
                .map(|r| {
                    (
                        r["power"].as_str().unwrap_or("").to_string(),
                        r["order"].as_str().unwrap_or("").to_string(),
                        r["result"].as_str().unwrap_or("").to_string(),
                    )
                })
                .collect()
        })
        .unwrap_or_default()
}

fn units(v: &Value) -> BTreeSet<(String, String)> {
    let mut out = BTreeSet::new();
    if let Some(o) = v.as_object() {
        for (p, list) in o {
            for u in list.as_array().into_iter().flatten() {
                out.insert((p.clone(), u.as_str().unwrap_or("").to_string()));
            }
        }
    }
    out
}

fn records(v: &Value, keys: &[&str]) -> BTreeSet<Vec<String>> {
    v.as_array()
        .into_iter()
        .flatten()
        .map(|r| {
            keys.iter()
                .map(|k| r[*k].as_str().unwrap_or("").to_string())
                .collect()
        })
        .collect()
}

fn compare(id: &str, got: &Value, want: &Value, problems: &mut Vec<String>) {
    let (gr, wr) = (results(&got["results"]), results(&want["results"]));
    if gr != wr {
        for (i, w) in wr.iter().enumerate() {
            let g = gr.get(i);
            if g != Some(w) {
                let reason = got["results"][i]["reason"].as_str().unwrap_or("");
                problems.push(format!(
                    "{id}: {} `{}` expected {}, got {:?} ({reason})",
                    w.0,
                    w.1,
                    w.2,
                    g.map(|g| &g.2)
                ));
            }
        }
    }
    if want.get("dislodged").is_some() {
        let keys = ["power", "unit", "attacker_from"];
        let (g, w) = (
            records(&got["dislodged"], &keys),
            records(&want["dislodged"], &keys),
        );
        if g != w {
            problems.push(format!("{id}: dislodged expected {w:?}, got {g:?}"));
        }
    }
    let (g, w) = (units(&got["units"]), units(&want["units"]));
    if g != w {
        problems.push(format!("{id}: units expected {w:?}, got {g:?}"));
    }
    for (field, keys) in [
        ("built", &["power", "unit"][..]),
        ("removed", &["power", "unit", "by"][..]),
        ("disbanded", &["power", "unit"][..]),
    ] {
        if want.get(field).is_some() {
            let (g, w) = (records(&got[field], keys), records(&want[field], keys));
            if g != w {
                problems.push(format!("{id}: {field} expected {w:?}, got {g:?}"));
            }
        }
    }
    // Lists per power, compared as sets: centres owned and home centres.
    for field in ["supply_centers", "homes"] {
        if want.get(field).is_some() {
            let (g, w) = (units(&got[field]), units(&want[field]));
            if g != w {
                problems.push(format!("{id}: {field} expected {w:?}, got {g:?}"));
            }
        }
    }
    if want.get("tokens").is_some() {
        // Compared as sets of their written forms, whatever order the case lists them in.
        let tokens = |v: &Value| -> BTreeSet<String> {
            v.as_array()
                .into_iter()
                .flatten()
                .map(|t| {
                    let mut fields: Vec<(String, String)> = t
                        .as_object()
                        .into_iter()
                        .flatten()
                        .map(|(k, v)| (k.clone(), v.to_string()))
                        .collect();
                    fields.sort();
                    fields
                        .iter()
                        .map(|(k, v)| format!("{k}={v}"))
                        .collect::<Vec<_>>()
                        .join(" ")
                })
                .collect()
        };
        let (g, w) = (tokens(&got["tokens"]), tokens(&want["tokens"]));
        if g != w {
            problems.push(format!("{id}: tokens expected {w:?}, got {g:?}"));
        }
    }
}

/// A position as a JSON document (the shape of a case without orders, plus each centre's home
/// power): how games store positions and how exports carry them.
pub fn position_json(variant: &Rules, position: &Position) -> Value {
    let map = &variant.map;
    let dislodged: Vec<Value> = position
        .dislodged
        .iter()
        .map(|d| {
            json!({
                "power": variant.power_name(d.unit.power),
                "unit": variant.unit_text(&d.unit),
                "attacker_from": map.province(d.attacker_from).id,
                "via_convoy": d.attacker_came_by_convoy,
                "along_other_coast": d.attacked_along_other_coast,
            })
        })
        .collect();
    let mut out = json!({
        "variant": variant.id,
        "phase": variant.calendar.name(position.phase),
        "units": units_json(variant, &position.units),
        "supply_centers": centres_json(variant, position),
        "dislodged": dislodged,
        "contested": position.contested.iter().map(|p| map.province(*p).id.clone()).collect::<Vec<_>>(),
        "homes": homes_json(variant, position),
    });
    // Variant state only where a rulebook keeps some: Standard's document is unchanged.
    if !position.tokens.is_empty() {
        out["tokens"] = tokens_json(variant, position);
    }
    out
}

/// Reads a position written by [`position_json`].
pub fn read_position(variant: Arc<Rules>, v: &Value) -> Result<Position, CaseError> {
    let obj = v
        .as_object()
        .ok_or_else(|| CaseError("a position must be a JSON object".into()))?;
    Ok(read_step(obj, variant, None)?.position)
}

/// Refuses a position that [`read_position`] could not read back from [`position_json`]: a
/// phase out of the calendar's years, two units in one province (outside provinces that hold
/// many), a unit where it cannot stand, an owner or home on a province that is no centre, two
/// tokens in one place, or a token the variant does not keep. Checked before a position is stored, so a stored game always loads.
pub fn check_position(variant: &Rules, position: &Position) -> Result<(), CaseError> {
    let map = &variant.map;
    let ctx = variant.context(position);
    variant
        .calendar
        .check_year(position.phase)
        .map_err(|e| bad("phase", e))?;
    let mut seen: Vec<&Unit> = Vec::new();
    for u in &position.units {
        let field = format!("units.{}", variant.power_name(u.power));
        if !variant.book.can_stand(&ctx, u.kind, u.location) {
            return Err(bad(
                &field,
                format!(
                    "{} cannot stand at {}",
                    u.kind.with_article(),
                    map.location_name(u.location)
                ),
            ));
        }
        let p = u.location.province;
        if !variant.book.holds_many(&ctx, p) {
            if let Some(other) = seen.iter().find(|o| o.location.province == p) {
                return Err(bad(
                    &field,
                    format!(
                        "two units in {}: {} {} and {} {}",
                        map.province(p).name,
                        variant.power_name(other.power),
                        variant.unit_text(other),
                        variant.power_name(u.power),
                        variant.unit_text(u)
                    ),
                ));
            }
        }
        seen.push(u);
    }
    for (i, d) in position.dislodged.iter().enumerate() {
        let field = format!("dislodged[{i}]");
        if !variant.book.can_stand(&ctx, d.unit.kind, d.unit.location) {
            return Err(bad(
                &field,
                format!(
                    "{} cannot stand at {}",
                    d.unit.kind.with_article(),
                    map.location_name(d.unit.location)
                ),
            ));
        }
        if let Some(what) = dislodged_again(variant, position, &position.dislodged[..i], d) {
            return Err(bad(&field, what));
        }
    }
    for (key, table) in [
        ("supply_centers", &position.owners),
        ("homes", &position.homes),
    ] {
        for (i, o) in table.iter().enumerate() {
            let id = ProvinceId(i as u16);
            let province = map.province(id);
            if o.is_some() && !variant.book.is_supply_centre(&ctx, id) {
                return Err(bad(
                    key,
                    format!("{} is not a supply centre", province.name),
                ));
            }
        }
    }
    check_tokens(variant, position, &position.tokens)?;
    check_carriers(variant, position)?;
    Ok(())
}
