//! What `parley import` checks before it inserts anything: the whole history, read as the
//! engine and the service would read it. A file that passes can be loaded and played on; one
//! that does not is refused with the path of the first field that is wrong
//! (`phases[3].position.units.France[1]: ...`) and what would be accepted there.
//!
//! What is checked, and why some things are not (see ARCHITECTURE.md, "Importing a game"):
//! - the variant, its stored rulebook and variant options, and the settings load and parse;
//! - the status is a known one and the fields that go with it agree: a finished game has a
//!   readable outcome naming the variant's powers and no other game has one; a paused game
//!   has its time left (0 or more seconds) and no other game has any; every number is a whole
//!   number;
//! - players: each user once, each holding a real power a player can hold (not one ordered by
//!   vote), no power held twice, and none before the game started;
//! - phases: numbered 0, 1, ... with no gap; the current phase is the last; every earlier
//!   phase has results and the current one has none; every position loads with the game's
//!   variant; the phase's name is its position's phase; the first is the variant's first phase
//!   and each following one comes after the one before within one calendar year (phases with
//!   nothing to decide are stored too, so the engine never jumps further); years are in range;
//! - positions: no two units in one province (outside provinces that hold many), every unit
//!   where it may stand, each centre listed for one power at most, dislodged units only in a
//!   retreat phase; in a movement phase no power has more units than supply (only the year's
//!   centre count and the adjustment after it can make or settle a surplus). A moderator's
//!   board edit may leave a surplus on purpose, so a game whose audit records a board edit is
//!   not held to that last check;
//! - submissions, ready marks, votes and ballots name powers a player holds, once each where
//!   the database keeps one row;
//! - the secret draws (`hidden`) name draws the variant declares, each within its faces; those
//!   the file leaves out (an export keeps unrevealed ones out) are drawn afresh from the
//!   game's seed, or from a new unpredictable seed when the file gives none;
//! - alliances name two different powers a player holds, and no power is in two declared
//!   alliances at once;
//! - the channel is free when the game is unfinished (checked in the import's transaction).
//!
//! - results: a typed record (power and province numbers, the database's own form) names
//!   only powers, provinces and coasts of the variant and leaves a position the game could
//!   load; the names and words `parley export` writes read against the phase's position;
//! - no key is written twice in one object (`parley import` reads the file as the case reader
//!   does, before these checks).
//!
//! Not checked: that each phase's position is what adjudicating the one before gives (a
//! moderator's board edit changes the current position in place), nor that the results'
//! verdicts are the engine's, which are only ever shown.

use super::super::record::{self, PhaseRecord};
use super::super::rulebook::{load_stored, Hidden};
use super::super::secrets;
use super::super::settings::Settings;
use crate::case::{check_position, read_position, CaseError};
use crate::phase::{Phase, PhaseKind};
use crate::position::Position;
use crate::rulebook::{Controller, Edition};
use crate::unit::PowerId;
use crate::Rules;
use crate::Variant;
use serde_json::Value;
use std::collections::BTreeSet;
use std::sync::Arc;

/// The statuses a game row may have (the `games.status` check constraint).
const STATUSES: [&str; 4] = ["forming", "running", "paused", "finished"];

/// What the checks found out that the insert needs.
pub(super) struct Checked {
    pub variant: Arc<Rules>,
    /// The seed the imported game keeps: the file's, or `fresh_seed` when it has none.
    pub seed: i64,
    /// The secret draws the imported game plays with.
    pub hidden: Hidden,
}

type Problem = String;

fn problem(path: &str, msg: impl std::fmt::Display) -> Problem {
    format!("{path}: {msg}")
}

/// A field that must be a whole number when present; `None` when absent or null.
fn whole(v: &Value, path: &str) -> Result<Option<i64>, Problem> {
    match v {
        Value::Null => Ok(None),
        x => x
            .as_i64()
            .map(Some)
            .ok_or_else(|| problem(path, format!("{x} is not a whole number"))),
    }
}

fn text<'a>(v: &'a Value, path: &str) -> Result<&'a str, Problem> {
    v.as_str()
        .ok_or_else(|| problem(path, format!("expected a string, found {v}")))
}

fn text_or_null<'a>(v: &'a Value, path: &str) -> Result<Option<&'a str>, Problem> {
    if v.is_null() {
        Ok(None)
    } else {
        text(v, path).map(Some)
    }
}

/// A list that may be absent (an empty list then).
fn list<'a>(v: &'a Value, path: &str) -> Result<&'a [Value], Problem> {
    match v {
        Value::Null => Ok(&[]),
        Value::Array(a) => Ok(a),
        x => Err(problem(path, format!("expected a list, found {x}"))),
    }
}

/// A power a player holds, written exactly as the service stores it.
fn player_power(v: &Rules, name: &str, path: &str) -> Result<PowerId, Problem> {
    let accepted = || {
        v.powers_ordered_by(Controller::Player)
            .into_iter()
            .map(|p| v.power_name(p))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let Some(p) = v.power_by_name(name) else {
        return Err(problem(
            path,
            format!(
                "'{name}' is not a power of {}; a player holds one of {}",
                v.name,
                accepted()
            ),
        ));
    };
    if v.controller(p) != Controller::Player {
        return Err(problem(
            path,
            format!(
                "{} are ordered by vote and no player holds them; a player holds one of {}",
                v.power_name(p),
                accepted()
            ),
        ));
    }
    if v.power_name(p) != name {
        return Err(problem(
            path,
            format!(
                "write the power as the game stores it: '{}'",
                v.power_name(p)
            ),
        ));
    }
    Ok(p)
}

/// A case reader's error (`field `units.France[1]`: ...`) under a path of the game file.
fn under(path: &str, e: CaseError) -> Problem {
    let s = e.to_string();
    if let Some(rest) = s.strip_prefix("field `") {
        if let Some((field, msg)) = rest.split_once("`: ") {
            return format!("{path}.{field}: {msg}");
        }
    }
    format!("{path}: {s}")
}

/// Calendar order: the setup steps of their year before the yearly steps.
fn calendar_key(p: Phase) -> (i32, bool, usize) {
    (p.year, !p.setup, p.step)
}

/// Checks the whole document; the first problem found is the refusal. `fresh_seed` is the
/// seed a file without one gets.
pub(super) fn check(doc: &Value, fresh_seed: i64) -> Result<Checked, Problem> {
    if !doc.is_object() {
        return Err("the game file must be a JSON object, as `parley export` writes it".into());
    }
    let format = &doc["format"];
    if format != "parley-game-1" {
        return Err(problem(
            "format",
            format!("expected \"parley-game-1\", found {format}"),
        ));
    }
    let variant_id = text(&doc["variant"], "variant")?;
    Variant::builtin(variant_id).map_err(|e| problem("variant", e))?;
    let settings: Settings = match &doc["settings"] {
        Value::Null => Settings::default(),
        x => serde_json::from_value(x.clone()).map_err(|e| problem("settings", e))?,
    };
    settings.check().map_err(|e| problem("settings", e))?;
    let rulebook = &doc["rulebook"];
    if !rulebook.is_object() {
        return Err(problem(
            "rulebook",
            format!("expected an object such as {{\"edition\": \"datc\", \"options\": {{...}}}}, found {rulebook}"),
        ));
    }
    if let Some(e) = rulebook.get("edition").filter(|e| !e.is_null()) {
        if e.as_str().and_then(Edition::parse).is_none() {
            return Err(problem(
                "rulebook.edition",
                format!(
                    "{e} is not a rulebook edition; use one of {}",
                    Edition::ALL.map(|e| e.name()).join(", ")
                ),
            ));
        }
    }
    let seed = whole(&doc["seed"], "seed")?.unwrap_or(fresh_seed);
    let given = secrets::read_file_field(variant_id, &doc["hidden"])?;
    let hidden = secrets::stored(variant_id, seed, serde_json::to_string(&given).ok());
    load_stored(
        variant_id,
        rulebook,
        &Default::default(),
        &Default::default(),
    )
    .map_err(|e| problem("rulebook", e))?;
    let variant = load_stored(variant_id, rulebook, &settings.variant_options, &hidden)
        .map_err(|e| problem("settings.variant_options", e))?;
    let v = &variant;

    let status = text(&doc["status"], "status")?;
    if !STATUSES.contains(&status) {
        return Err(problem(
            "status",
            format!(
                "'{status}' is not a game status; expected {}",
                STATUSES.join(", ")
            ),
        ));
    }
    let forming = status == "forming";
    for k in ["guild", "channel"] {
        text_or_null(&doc[k], k)?;
    }
    for k in [
        "seed",
        "deadline_at",
        "extended_secs",
        "paused_left",
        "created_at",
    ] {
        whole(&doc[k], k)?;
    }
    if whole(&doc["extended_secs"], "extended_secs")?.is_some_and(|x| x < 0) {
        return Err(problem("extended_secs", "must not be negative"));
    }
    if !(doc["outcome"].is_null() || doc["outcome"].is_object()) {
        return Err(problem("outcome", "expected an object or null"));
    }
    check_status(v, doc, status)?;

    check_players(v, doc, forming)?;
    let phases = list(&doc["phases"], "phases")?;
    let current = whole(&doc["current_seq"], "current_seq")?;
    // Each phase's kind, for the attendance (written for movement phases only).
    let mut kinds: Vec<PhaseKind> = Vec::new();
    let edited = list(&doc["audit"], "audit")?
        .iter()
        .any(|a| a["action"] == "edit-board");
    if forming {
        if !phases.is_empty() {
            return Err(problem(
                "phases",
                "a forming game has not started and has no phases",
            ));
        }
        if current.is_some() {
            return Err(problem(
                "current_seq",
                "a forming game has no current phase; expected null",
            ));
        }
    } else {
        kinds = check_phases(v, phases, edited)?;
        let last = phases.len() as i64 - 1;
        if current != Some(last) {
            return Err(problem(
                "current_seq",
                format!(
                    "the current phase must be the last one, {last}; found {}",
                    current.map_or("null".into(), |c| c.to_string())
                ),
            ));
        }
    }
    let last = phases.len() as i64 - 1;
    for (k, low) in [
        ("posted_seq", -1),
        ("nmr_waited_seq", 0),
        ("reminded_seq", 0),
    ] {
        if let Some(x) = whole(&doc[k], k)? {
            if !(low..=last).contains(&x) {
                return Err(problem(
                    k,
                    format!("{x} is not a phase of this game; expected null or {low} to {last}"),
                ));
            }
        }
    }
    for (i, a) in list(&doc["audit"], "audit")?.iter().enumerate() {
        let path = format!("audit[{i}]");
        whole(&a["at"], &format!("{path}.at"))?;
        for k in ["actor", "action", "detail"] {
            text(&a[k], &format!("{path}.{k}"))?;
        }
    }
    check_alliances(v, doc)?;
    check_community(v, doc, &kinds)?;
    Ok(Checked {
        variant,
        seed,
        hidden,
    })
}

/// The fields that go with the game's status: a finished game says how it ended, and only a
/// finished one does; a paused game keeps the time its phase had left, and only a paused one
/// does. A file that breaks these would load as a game the service never leaves behind (a
/// finished game nobody won, a pause whose resume finds no time to give back).
fn check_status(v: &Rules, doc: &Value, status: &str) -> Result<(), Problem> {
    let outcome = &doc["outcome"];
    if status == "finished" {
        if outcome.is_null() {
            return Err(problem(
                "outcome",
                "a finished game says how it ended; expected {\"victory\": POWER}, \
                 {\"alliance\": {\"powers\": [POWER, POWER], \"centres\": N}}, \
                 {\"draw\": [POWER, ...]} or {\"concession\": POWER}",
            ));
        }
        let Some(read) = super::super::Outcome::read(outcome) else {
            return Err(problem(
                "outcome",
                format!(
                    "{outcome} is not an outcome; expected {{\"victory\": POWER}}, \
                     {{\"alliance\": {{\"powers\": [POWER, POWER], \"centres\": N}}}}, \
                     {{\"draw\": [POWER, ...]}} or {{\"concession\": POWER}}"
                ),
            ));
        };
        let named: Vec<&String> = match &read {
            super::super::Outcome::Victory(p) | super::super::Outcome::Concession(p) => vec![p],
            super::super::Outcome::Alliance { powers, .. } => powers.iter().collect(),
            super::super::Outcome::Draw(powers) => powers.iter().collect(),
        };
        for name in named {
            if v.power_by_name(name).is_none() {
                return Err(problem(
                    "outcome",
                    format!("'{name}' is not a power of {}", v.name),
                ));
            }
        }
    } else if !outcome.is_null() {
        return Err(problem(
            "outcome",
            format!("only a finished game has an outcome, and this one is {status}; expected null"),
        ));
    }
    let left = whole(&doc["paused_left"], "paused_left")?;
    match (status, left) {
        ("paused", None) => Err(problem(
            "paused_left",
            "a paused game keeps the seconds its phase had left, given back when it resumes; \
             expected a whole number of seconds, 0 or more",
        )),
        ("paused", Some(n)) if n < 0 => Err(problem(
            "paused_left",
            format!("{n} seconds left; expected 0 or more"),
        )),
        ("paused", Some(_)) => Ok(()),
        (_, Some(n)) => Err(problem(
            "paused_left",
            format!("only a paused game keeps time left, and this one is {status}; expected null, found {n}"),
        )),
        (_, None) => Ok(()),
    }
}

fn check_alliances(v: &Rules, doc: &Value) -> Result<(), Problem> {
    let mut allied: BTreeSet<PowerId> = BTreeSet::new();
    for (i, a) in list(&doc["alliances"], "alliances")?.iter().enumerate() {
        let path = format!("alliances[{i}]");
        let proposer = player_power(
            v,
            text(&a["proposer"], &format!("{path}.proposer"))?,
            &format!("{path}.proposer"),
        )?;
        let partner = player_power(
            v,
            text(&a["partner"], &format!("{path}.partner"))?,
            &format!("{path}.partner"),
        )?;
        if proposer == partner {
            return Err(problem(
                &format!("{path}.partner"),
                "an alliance is between two different powers",
            ));
        }
        if whole(&a["proposed_at"], &format!("{path}.proposed_at"))?.is_none() {
            return Err(problem(
                &format!("{path}.proposed_at"),
                "expected the time of the proposal, a whole number",
            ));
        }
        let accepted = whole(&a["accepted_at"], &format!("{path}.accepted_at"))?.is_some();
        let ended = whole(&a["ended_at"], &format!("{path}.ended_at"))?.is_some();
        if accepted && !ended {
            for p in [proposer, partner] {
                if !allied.insert(p) {
                    return Err(problem(
                        &path,
                        format!(
                            "{} is in two declared alliances at once; a power has one at a time",
                            v.power_name(p)
                        ),
                    ));
                }
            }
        }
    }
    Ok(())
}

fn check_players(v: &Rules, doc: &Value, forming: bool) -> Result<(), Problem> {
    let mut users = BTreeSet::new();
    let mut held: Vec<(PowerId, usize)> = Vec::new();
    let players = list(&doc["players"], "players")?;
    let seats = v.powers_ordered_by(Controller::Player).len();
    if players.len() > seats {
        return Err(problem(
            "players",
            format!(
                "{} has {seats} seats; the file lists {} players",
                v.name,
                players.len()
            ),
        ));
    }
    for (i, p) in players.iter().enumerate() {
        let path = format!("players[{i}]");
        let user = text(&p["user"], &format!("{path}.user"))?;
        if user.is_empty() {
            return Err(problem(&format!("{path}.user"), "must not be empty"));
        }
        if !users.insert(user) {
            return Err(problem(
                &format!("{path}.user"),
                format!("{user} is listed twice; a user plays once in a game"),
            ));
        }
        whole(&p["joined_at"], &format!("{path}.joined_at"))?;
        if let Some(pref) = text_or_null(&p["preference"], &format!("{path}.preference"))? {
            player_power(v, pref, &format!("{path}.preference"))?;
        }
        let power = text_or_null(&p["power"], &format!("{path}.power"))?;
        match (power, forming) {
            (Some(name), true) => {
                return Err(problem(
                    &format!("{path}.power"),
                    format!("the game is forming and powers are given at the start; expected null, found '{name}'"),
                ))
            }
            (None, false) => {
                return Err(problem(
                    &format!("{path}.power"),
                    "the game has started, so every player holds a power; expected one",
                ))
            }
            (Some(name), false) => {
                let pid = player_power(v, name, &format!("{path}.power"))?;
                if let Some((_, j)) = held.iter().find(|(h, _)| *h == pid) {
                    return Err(problem(
                        &format!("{path}.power"),
                        format!("{name} is already held by players[{j}]; a power has one player"),
                    ));
                }
                held.push((pid, i));
            }
            (None, true) => {}
        }
    }
    Ok(())
}

fn check_phases(v: &Arc<Rules>, phases: &[Value], edited: bool) -> Result<Vec<PhaseKind>, Problem> {
    let cal = &v.calendar;
    if phases.is_empty() {
        return Err(problem(
            "phases",
            "a game that has started has at least its first phase",
        ));
    }
    let last = phases.len() - 1;
    let mut before: Option<Position> = None;
    let mut kinds = Vec::with_capacity(phases.len());
    for (i, ph) in phases.iter().enumerate() {
        let path = format!("phases[{i}]");
        if !ph.is_object() {
            return Err(problem(&path, "expected an object"));
        }
        let seq = whole(&ph["seq"], &format!("{path}.seq"))?;
        if seq != Some(i as i64) {
            return Err(problem(
                &format!("{path}.seq"),
                format!(
                    "phases are numbered 0, 1, 2, ... in order; expected {i}, found {}",
                    ph["seq"]
                ),
            ));
        }
        let pos_path = format!("{path}.position");
        let pos_doc = &ph["position"];
        if let Some(id) = pos_doc.get("variant").filter(|x| !x.is_null()) {
            if id != v.id.as_str() {
                return Err(problem(
                    &format!("{pos_path}.variant"),
                    format!("{id} is not the game's variant, \"{}\"", v.id),
                ));
            }
        }
        let pos = read_position(v.clone(), pos_doc).map_err(|e| under(&pos_path, e))?;
        check_position(v, &pos).map_err(|e| under(&pos_path, e))?;
        let name = text(&ph["name"], &format!("{path}.name"))?;
        let expected = cal.name(pos.phase);
        if name != expected {
            return Err(problem(
                &format!("{path}.name"),
                format!("'{name}' is not its position's phase, '{expected}'"),
            ));
        }
        let kind = cal.kind(pos.phase);
        if kind != PhaseKind::Retreat && !(pos.dislodged.is_empty() && pos.contested.is_empty()) {
            return Err(problem(
                &format!("{pos_path}.dislodged"),
                format!("dislodged units and contested provinces belong to a retreat phase, not to {expected}"),
            ));
        }
        match &before {
            None => {
                let first = cal.first_phase();
                if pos.phase != first {
                    return Err(problem(
                        &format!("{pos_path}.phase"),
                        format!("a game starts at {}, not at {expected}", cal.name(first)),
                    ));
                }
            }
            Some(prev) => {
                // Within one calendar year of steps: the engine skips at most the steps of
                // its year that have nothing to decide.
                let mut p = prev.phase;
                let mut follows = false;
                for _ in 0..cal.steps.len() + cal.setup.len() {
                    p = cal.next(p);
                    if p == pos.phase {
                        follows = true;
                        break;
                    }
                    if calendar_key(p) > calendar_key(pos.phase) {
                        break;
                    }
                }
                if !follows {
                    return Err(problem(
                        &format!("{pos_path}.phase"),
                        format!(
                            "{expected} cannot follow {} (phases[{}])",
                            cal.name(prev.phase),
                            i - 1
                        ),
                    ));
                }
            }
        }
        if kind == PhaseKind::Movement && !edited {
            for power in 0..v.powers.len() {
                let power = PowerId(power as u8);
                let units = pos.units.iter().filter(|u| u.power == power).count();
                let supply = v.supply(&pos, power);
                if units > supply {
                    return Err(problem(
                        &format!("{pos_path}.units.{}", v.power_name(power)),
                        format!(
                            "{} units on {supply} supply centres in {expected}; only the centre count at the end of a year and the adjustment after it leave a power more units than centres",
                            units
                        ),
                    ));
                }
            }
        }
        let results = &ph["results"];
        if i < last && !results.is_object() {
            return Err(problem(
                &format!("{path}.results"),
                format!("{expected} was played (a later phase follows) but has no results"),
            ));
        }
        if i == last && !results.is_null() {
            return Err(problem(
                &format!("{path}.results"),
                format!(
                    "{expected} is the current phase and cannot have results yet; expected null"
                ),
            ));
        }
        if results.is_object() {
            check_results(v, &pos, results, &format!("{path}.results"))?;
        }
        whole(&ph["adjudicated_at"], &format!("{path}.adjudicated_at"))?;
        check_phase_rows(v, ph, &path)?;
        kinds.push(kind);
        before = Some(pos);
    }
    Ok(kinds)
}

/// The community rows (#29): attendance for played movement phases only, one row per power
/// and phase, naming powers a player holds; departures with a known reason, a played or
/// current phase, and a claim that has both its substitute and its time or neither.
fn check_community(v: &Rules, doc: &Value, kinds: &[PhaseKind]) -> Result<(), Problem> {
    let played = kinds.len().saturating_sub(1);
    let mut seen = BTreeSet::new();
    for (i, a) in list(&doc["attendance"], "attendance")?.iter().enumerate() {
        let path = format!("attendance[{i}]");
        if !a.is_object() {
            return Err(problem(
                &path,
                "expected an object with seq, power, user and ordered",
            ));
        }
        let seq = whole(&a["seq"], &format!("{path}.seq"))?
            .ok_or_else(|| problem(&format!("{path}.seq"), "expected the phase's number"))?;
        if !(0..played as i64).contains(&seq) || kinds[seq as usize] != PhaseKind::Movement {
            return Err(problem(
                &format!("{path}.seq"),
                format!("{seq} is not a played movement phase of this game; attendance is kept only for those"),
            ));
        }
        let power = text(&a["power"], &format!("{path}.power"))?;
        let pid = player_power(v, power, &format!("{path}.power"))?;
        text_or_null(&a["user"], &format!("{path}.user"))?;
        if !a["ordered"].is_boolean() {
            return Err(problem(
                &format!("{path}.ordered"),
                format!("expected true or false, found {}", a["ordered"]),
            ));
        }
        if !seen.insert((seq, pid)) {
            return Err(problem(
                &path,
                format!(
                    "{} has a second attendance row for phase {seq}; one per power and phase",
                    v.power_name(pid)
                ),
            ));
        }
    }
    const REASONS: [&str; 2] = ["civil-disorder", "left"];
    for (i, d) in list(&doc["departures"], "departures")?.iter().enumerate() {
        let path = format!("departures[{i}]");
        if !d.is_object() {
            return Err(problem(
                &path,
                "expected an object with seq, power, user, reason and at",
            ));
        }
        let seq = whole(&d["seq"], &format!("{path}.seq"))?
            .ok_or_else(|| problem(&format!("{path}.seq"), "expected the phase's number"))?;
        if !(0..kinds.len() as i64).contains(&seq) {
            return Err(problem(
                &format!("{path}.seq"),
                format!(
                    "{seq} is not a phase of this game; expected 0 to {}",
                    kinds.len() as i64 - 1
                ),
            ));
        }
        let power = text(&d["power"], &format!("{path}.power"))?;
        player_power(v, power, &format!("{path}.power"))?;
        text(&d["user"], &format!("{path}.user"))?;
        let reason = text(&d["reason"], &format!("{path}.reason"))?;
        if !REASONS.contains(&reason) {
            return Err(problem(
                &format!("{path}.reason"),
                format!(
                    "'{reason}' is not a reason a seat opens; expected {}",
                    REASONS.join(" or ")
                ),
            ));
        }
        whole(&d["at"], &format!("{path}.at"))?
            .ok_or_else(|| problem(&format!("{path}.at"), "expected the time the seat opened"))?;
        let by = text_or_null(&d["claimed_by"], &format!("{path}.claimed_by"))?;
        let when = whole(&d["claimed_at"], &format!("{path}.claimed_at"))?;
        if by.is_some() != when.is_some() {
            return Err(problem(
                &path,
                "claimed_by and claimed_at go together: both for a claimed seat, both null for an open one",
            ));
        }
    }
    Ok(())
}

/// A played phase's results, read as the service will read them: a typed record (the
/// database's own form, power and province numbers) with every number checked against the
/// variant, or the names and words `parley export` writes, read against the phase's position.
fn check_results(v: &Rules, pos: &Position, results: &Value, path: &str) -> Result<(), Problem> {
    let stored = results.to_string();
    if record::is_typed(&stored) {
        let typed = record::read_typed(&stored).map_err(|e| problem(path, e))?;
        typed.check(v).map_err(|(field, msg)| {
            let at = if field.is_empty() {
                path.to_string()
            } else {
                format!("{path}.{field}")
            };
            problem(&at, msg)
        })
    } else {
        PhaseRecord::from_document(v, pos, results, None)
            .map(|_| ())
            .map_err(|e| problem(path, e))
    }
}

/// Submissions, ready marks, votes and ballots of one phase.
fn check_phase_rows(v: &Rules, ph: &Value, path: &str) -> Result<(), Problem> {
    for (j, sub) in list(&ph["submissions"], &format!("{path}.submissions"))?
        .iter()
        .enumerate()
    {
        let p = format!("{path}.submissions[{j}]");
        player_power(
            v,
            text(&sub["power"], &format!("{p}.power"))?,
            &format!("{p}.power"),
        )?;
        text(&sub["user"], &format!("{p}.user"))?;
        whole(&sub["submitted_at"], &format!("{p}.submitted_at"))?;
        for (k, o) in list(&sub["orders"], &format!("{p}.orders"))?
            .iter()
            .enumerate()
        {
            text(o, &format!("{p}.orders[{k}]"))?;
        }
    }
    let mut ready = BTreeSet::new();
    for (j, r) in list(&ph["ready"], &format!("{path}.ready"))?
        .iter()
        .enumerate()
    {
        let p = format!("{path}.ready[{j}]");
        let name = text(r, &p)?;
        player_power(v, name, &p)?;
        if !ready.insert(name) {
            return Err(problem(&p, format!("{name} is marked ready twice")));
        }
    }
    let mut votes = BTreeSet::new();
    for (j, vt) in list(&ph["votes"], &format!("{path}.votes"))?
        .iter()
        .enumerate()
    {
        let p = format!("{path}.votes[{j}]");
        let power = text(&vt["power"], &format!("{p}.power"))?;
        player_power(v, power, &format!("{p}.power"))?;
        let kind = text(&vt["kind"], &format!("{p}.kind"))?;
        if kind != "draw" && kind != "concede" {
            return Err(problem(
                &format!("{p}.kind"),
                format!("'{kind}' is not a vote; expected draw or concede"),
            ));
        }
        if !votes.insert((power, kind)) {
            return Err(problem(
                &p,
                format!("{power} has two {kind} votes in this phase; one counts"),
            ));
        }
        if !vt["yes"].is_boolean() {
            return Err(problem(&format!("{p}.yes"), "expected true or false"));
        }
        whole(&vt["cast_at"], &format!("{p}.cast_at"))?;
        match text_or_null(&vt["target"], &format!("{p}.target"))? {
            Some(t) => {
                player_power(v, t, &format!("{p}.target"))?;
            }
            None if kind == "concede" => {
                return Err(problem(
                    &format!("{p}.target"),
                    "a concession names the power it concedes to",
                ))
            }
            None => {}
        }
    }
    let mut ballots = BTreeSet::new();
    for (j, b) in list(&ph["ballots"], &format!("{path}.ballots"))?
        .iter()
        .enumerate()
    {
        let p = format!("{path}.ballots[{j}]");
        let voter = text(&b["voter"], &format!("{p}.voter"))?;
        player_power(v, voter, &format!("{p}.voter"))?;
        let subject = text(&b["subject"], &format!("{p}.subject"))?;
        if v.map.province_by_id(subject).is_none() {
            return Err(problem(
                &format!("{p}.subject"),
                format!("'{subject}' is not a province id of {}", v.name),
            ));
        }
        if !ballots.insert((voter, subject)) {
            return Err(problem(
                &p,
                format!("{voter} has two ballots for {subject} in this phase; one counts"),
            ));
        }
        text(&b["order"], &format!("{p}.order"))?;
        text(&b["user_id"], &format!("{p}.user_id"))?;
        whole(&b["cast_at"], &format!("{p}.cast_at"))?;
    }
    Ok(())
}
