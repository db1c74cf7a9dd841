//! Davis Diplomacy's special rules, one or more scenarios each, through the real
//! `parley adjudicate` binary.
//!
//! Every file in `tests/data/davis/` is one case: a position on the Davis board, its orders, and
//! the expected outcome worked out from the rules text (`/work/shared/rules/davis-diplomacy.txt`);
//! its `rule` field names the rule it tests and why the outcome follows. Besides what
//! `engine::case::differences` compares, a case's `expected` may give, per result,
//! `reason_contains`; per dislodged unit, its `retreats`; `contested`; and `winner`. Units are
//! compared with their counts, since the High Ocean Box holds several alike. A case with
//! `expected_error` must be refused, with every listed piece of text in the error.

mod cli;
use cli::{adjudicate, assert_no_problems, case_problems, listed_variant, parley, read_cases};

use serde_json::Value;
use std::collections::BTreeMap;

/// Each power's units, sorted, counting duplicates.
fn unit_counts(v: &Value) -> BTreeMap<String, Vec<String>> {
    let mut out = BTreeMap::new();
    for (power, list) in v.as_object().into_iter().flatten() {
        let mut units: Vec<String> = list
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|u| u.as_str().map(str::to_string))
            .collect();
        units.sort();
        if !units.is_empty() {
            out.insert(power.clone(), units);
        }
    }
    out
}

/// Davis's own check: units compared with their counts, since the Box holds several alike.
fn unit_count_differences(id: &str, got: &Value, want: &Value, problems: &mut Vec<String>) {
    let (g, w) = (unit_counts(&got["units"]), unit_counts(&want["units"]));
    if g != w {
        problems.push(format!("{id}: units (counted) expected {w:?}, got {g:?}"));
    }
}

#[test]
fn every_davis_scenario_through_the_binary() {
    let cases = read_cases("davis");
    assert!(cases.len() >= 30, "only {} Davis cases", cases.len());
    let mut problems = Vec::new();
    for (file, case) in &cases {
        assert_eq!(case["variant"], "davis", "{file}");
        assert!(
            case["rule"]
                .as_str()
                .is_some_and(|r| r.starts_with("Davis ")),
            "{file}: every case names the Davis rule it tests"
        );
        let id = case["id"].as_str().unwrap_or(file);
        let (code, out, err) = adjudicate(&case.to_string());
        if let Some(parts) = case.get("expected_error") {
            if code == 0 {
                problems.push(format!("{id}: expected a refusal, got {out}"));
            }
            for p in parts.as_array().into_iter().flatten() {
                let p = p.as_str().unwrap_or("");
                if !err.contains(p) {
                    problems.push(format!("{id}: error {err:?} does not contain {p:?}"));
                }
            }
            continue;
        }
        if code != 0 {
            problems.push(format!("{id}: exit {code}: {err}"));
            continue;
        }
        let got: Value = serde_json::from_str(&out).expect("parley writes JSON");
        problems.extend(case_problems(id, &got, case, unit_count_differences));
    }
    assert_no_problems(&problems);
}

#[test]
fn variants_lists_davis_with_its_options() {
    let davis = listed_variant("davis");
    assert_eq!(davis["supply_centers"], 35);
    assert_eq!(davis["victory_centers"], 18);
    assert_eq!(davis["rulebook"], "1971");
    let option = |name: &str| {
        davis["options"]
            .as_array()
            .and_then(|a| a.iter().find(|o| o["name"] == name))
            .cloned()
            .unwrap_or_else(|| panic!("option {name} listed"))
    };
    let hio = option("high-ocean-box");
    assert_eq!(
        (&hio["available"], &hio["on"]),
        (&Value::Bool(true), &Value::Bool(true))
    );
    let abstraction = option("abstraction");
    assert_eq!(abstraction["available"], true);
    assert_eq!(abstraction["on"], false);

    let (_, text, _) = parley(&["variants"], "");
    assert!(
        text.contains("option abstraction (off by default)"),
        "{text}"
    );
}

#[test]
fn render_draws_fleets_of_several_powers_in_the_box() {
    let dir = tempfile::tempdir().expect("tmp");
    let out = dir.path().join("box.png");
    let case = r#"{"variant": "davis", "phase": "Spring 1905 movement",
        "units": {"England": ["F hio", "F hio", "F nao"], "France": ["F hio"], "Italy": ["F hio"]},
        "orders": {"England": ["F hio - mao", "F hio S F hio - mao", "F nao - hio"], "Italy": ["F hio - ion"]}}"#;
    let (code, _, err) = parley(&["render", "--out", out.to_str().expect("utf8")], case);
    assert_eq!(code, 0, "{err}");
    let png = std::fs::read(&out).expect("png written");
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    let w = u32::from_be_bytes(png[16..20].try_into().expect("w"));
    assert_eq!(w, 1480);
}
