//! Davis's Abstraction option, the A/F rules (Abstraction and Atlantica II rule 8, with the
//! clarification of 8b): every case of 8a-8j as scenarios in `tests/data/davis-af/`, played
//! through `parley adjudicate`'s library entry point (`adjudicate_case`).
//!
//! Each file is a position on the Davis board with `"variant_options": {"abstraction": true}`,
//! its orders, and the outcome worked out from the rules text; its `rule` field says which rule
//! and why. A case with `expected_error` must be refused with every listed text in the error.

mod cli;
use cli::{assert_no_problems, case_problems, read_cases};

use serde_json::{json, Value};

fn adjudicate(case: &Value) -> Result<Value, String> {
    parley::adjudicate::adjudicate_case(None, &case.to_string())
        .map(|out| serde_json::from_str(&out).expect("parley adjudicate writes JSON"))
}

#[test]
fn every_af_scenario_through_parley_adjudicate() {
    let cases = read_cases("davis-af");
    assert!(cases.len() >= 25, "only {} A/F cases", cases.len());
    let mut problems = Vec::new();
    for (file, case) in &cases {
        assert_eq!(case["variant_options"]["abstraction"], true, "{file}");
        assert!(
            case["rule"]
                .as_str()
                .is_some_and(|r| r.contains("Abstraction 8")),
            "{file}: every case names the rule it tests"
        );
        let id = case["id"].as_str().unwrap_or(file);
        match (adjudicate(case), case.get("expected_error")) {
            (Ok(got), None) => problems.extend(case_problems(id, &got, case, |_, _, _, _| {})),
            (Err(e), None) => problems.push(format!("{id}: refused: {e}")),
            (Ok(got), Some(_)) => problems.push(format!("{id}: expected a refusal, got {got}")),
            (Err(e), Some(parts)) => {
                for p in parts.as_array().into_iter().flatten() {
                    let p = p.as_str().unwrap_or("");
                    if !e.contains(p) {
                        problems.push(format!("{id}: error {e:?} does not contain {p:?}"));
                    }
                }
            }
        }
    }
    assert_no_problems(&problems);
}

/// The units of one power after a case, sorted.
fn units_of(out: &Value, power: &str) -> Vec<String> {
    let mut v: Vec<String> = out["units"][power]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|u| u.as_str().map(str::to_string))
        .collect();
    v.sort();
    v
}

#[test]
fn without_the_option_there_are_no_af_units() {
    let case = json!({"variant": "davis", "phase": "Spring 1901 movement",
        "units": {"England": ["A/F nth"]}, "orders": {}});
    let err = adjudicate(&case).expect_err("no A/F without abstraction");
    assert!(err.contains("an army/fleet cannot stand at nth"), "{err}");
    let case = json!({"variant": "davis", "phase": "Spring 1901 movement",
        "units": {"England": ["A lon", "F nth"]},
        "orders": {"England": ["A lon boards F nth"]}});
    let err = adjudicate(&case)
        .map(|o| o.to_string())
        .unwrap_or_else(|e| e);
    assert!(!err.contains("A/F nth"), "{err}");
}

#[test]
fn an_army_boards_then_lands_across_two_seas() {
    // The whole piggyback: board in London, sail the A/F from the North Sea to the Norwegian
    // Sea, land in Norway; the army spent two moves at sea.
    let case = json!({"variant": "davis", "variant_options": {"abstraction": true},
        "phase": "Spring 1901 movement",
        "units": {"England": ["A lon", "F nth"]},
        "orders": {"England": ["A lon boards F nth", "F nth - nwg"]},
        "then": [{"phase": "Fall 1901 movement", "orders": {"England": ["A/F nwg - nwy"]}}]});
    let out = adjudicate(&case).expect("adjudicated");
    assert_eq!(units_of(&out, "England"), ["A/F nwg"]);
    assert_eq!(units_of(&out["then"][0], "England"), ["A nwy", "F nwg"]);
    assert!(out["then"][0]["tokens"]
        .as_array()
        .is_none_or(|m| m.is_empty()));
}

#[test]
fn the_af_is_written_as_players_type_it() {
    // `af`, `a/f` and `army/fleet` all name the A/F, in positions and in orders.
    for written in [
        "af nth - bel",
        "a/f nth - bel",
        "army/fleet North Sea - Belgium",
    ] {
        let case = json!({"variant": "davis", "variant_options": {"abstraction": true},
            "phase": "Spring 1901 movement",
            "units": {"England": ["af nth"]}, "orders": {"England": [written]}});
        let out = adjudicate(&case).unwrap_or_else(|e| panic!("{written}: {e}"));
        assert_eq!(out["results"][0]["result"], "succeeds", "{written}");
        assert_eq!(units_of(&out, "England"), ["A bel", "F nth"], "{written}");
    }
}
