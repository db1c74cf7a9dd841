//! Atlantica II rule 9, retreats and removals, as scenario cases on Atlantica's board through
//! `parley adjudicate`'s library entry point: Just's right-hand rule (right of the front, then
//! left, then further right), conditional retreat lists written with the moves (used, all
//! closed, two lists on one place), a disband refused while a retreat is open, a unit with no
//! retreat annihilated, the retreat after a Fall move before the builds, and the least-harm
//! removal. Each case in `tests/data/atlantica-retreats/` says in its `rule` why its outcome
//! follows from the rules text.

mod cli;
use cli::{assert_no_problems, case_problems, read_cases};
use serde_json::Value;

fn adjudicate(case: &Value) -> Value {
    let out = parley::adjudicate::adjudicate_case(None, &case.to_string())
        .unwrap_or_else(|e| panic!("parley adjudicate refused {}: {e}", case["id"]));
    serde_json::from_str(&out).expect("parley adjudicate writes JSON")
}

/// Where the rules moved each dislodged unit that had no retreat order carried out (the
/// results post's "Retreated by the rules"), compared when the case expects it.
fn retreated_differences(id: &str, got: &Value, want: &Value, problems: &mut Vec<String>) {
    let Some(w) = want.get("retreated") else {
        return;
    };
    let list = |v: &Value| {
        let mut out: Vec<String> = v
            .as_array()
            .into_iter()
            .flatten()
            .map(|r| format!("{} {} to {}", r["power"], r["unit"], r["to"]))
            .collect();
        out.sort();
        out
    };
    let (g, w) = (list(&got["retreated"]), list(w));
    if g != w {
        problems.push(format!("{id}: retreated expected {w:?}, got {g:?}"));
    }
}

#[test]
fn every_rule_9_scenario() {
    let cases = read_cases("atlantica-retreats");
    assert!(cases.len() >= 10, "only {} rule 9 cases", cases.len());
    let mut problems = Vec::new();
    for (file, case) in &cases {
        assert_eq!(case["variant"], "atlantica", "{file}");
        assert!(
            case["rule"]
                .as_str()
                .is_some_and(|r| r.starts_with("Atlantica 9")),
            "{file}: every case names the part of rule 9 it tests"
        );
        let id = case["id"].as_str().unwrap_or(file);
        let got = adjudicate(case);
        problems.extend(case_problems(id, &got, case, retreated_differences));
    }
    assert_no_problems(&problems);
}

/// The right-hand rule's choice is where the unit ends up, whoever wrote no order: a player
/// would see the army in Switzerland, not disbanded.
#[test]
fn a_unit_left_without_orders_is_not_disbanded() {
    let cases = read_cases("atlantica-retreats");
    let (_, case) = cases
        .iter()
        .find(|(f, _)| f == "9a-right-hand-rule-right.json")
        .expect("the right-hand case");
    let got = adjudicate(case);
    let retreat = &got["then"][0];
    assert_eq!(retreat["disbanded"], serde_json::json!([]), "{retreat:#}");
    let french: Vec<&str> = retreat["units"]["France"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .collect();
    assert_eq!(french, vec!["A swi"], "{retreat:#}");
}
