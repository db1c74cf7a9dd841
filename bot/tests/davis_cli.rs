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
use cli::{adjudicate, assert_no_problems, listed_variant, parley};

use engine::case::differences;
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

fn sorted_strings(v: &Value) -> Vec<String> {
    let mut out: Vec<String> = v
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|x| x.as_str().map(str::to_string))
        .collect();
    out.sort();
    out
}

/// The checks `differences` does not make.
fn more_differences(id: &str, got: &Value, want: &Value, problems: &mut Vec<String>) {
    let (g, w) = (unit_counts(&got["units"]), unit_counts(&want["units"]));
    if g != w {
        problems.push(format!("{id}: units (counted) expected {w:?}, got {g:?}"));
    }
    for (i, r) in want["results"].as_array().into_iter().flatten().enumerate() {
        let got_r = &got["results"][i];
        if got_r["order"] != r["order"] {
            problems.push(format!("{id}: result {i} is for {}", got_r["order"]));
        }
        let reason = got_r["reason"].as_str().unwrap_or("");
        if got_r["result"] != "succeeds" && reason.is_empty() {
            problems.push(format!(
                "{id}: {} {} with no reason",
                r["order"], got_r["result"]
            ));
        }
        if let Some(part) = r["reason_contains"].as_str() {
            if !reason.contains(part) {
                problems.push(format!(
                    "{id}: {}: reason {reason:?} does not contain {part:?}",
                    r["order"]
                ));
            }
        }
    }
    for d in want["dislodged"].as_array().into_iter().flatten() {
        if d.get("retreats").is_none() {
            continue;
        }
        let found = got["dislodged"]
            .as_array()
            .into_iter()
            .flatten()
            .find(|x| x["power"] == d["power"] && x["unit"] == d["unit"]);
        match found {
            None => problems.push(format!("{id}: {} {} not dislodged", d["power"], d["unit"])),
            Some(x) => {
                let (g, w) = (
                    sorted_strings(&x["retreats"]),
                    sorted_strings(&d["retreats"]),
                );
                if g != w {
                    problems.push(format!(
                        "{id}: retreats of {} expected {w:?}, got {g:?}",
                        d["unit"]
                    ));
                }
            }
        }
    }
    if let Some(w) = want.get("contested") {
        let (g, w) = (sorted_strings(&got["contested"]), sorted_strings(w));
        if g != w {
            problems.push(format!("{id}: contested expected {w:?}, got {g:?}"));
        }
    }
    if let Some(w) = want.get("winner") {
        if got.get("winner") != Some(w) {
            problems.push(format!(
                "{id}: winner expected {w}, got {:?}",
                got.get("winner")
            ));
        }
    }
}

fn cases() -> Vec<(String, Value)> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/davis");
    let mut out: Vec<(String, Value)> = std::fs::read_dir(dir)
        .expect("tests/data/davis")
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .map(|p| {
            let text = std::fs::read_to_string(&p).expect("read case");
            let v: Value = serde_json::from_str(&text)
                .unwrap_or_else(|e| panic!("{}: not JSON: {e}", p.display()));
            (p.file_name().unwrap().to_string_lossy().into_owned(), v)
        })
        .collect();
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

#[test]
fn every_davis_scenario_through_the_binary() {
    let cases = cases();
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
        problems.extend(differences(id, &got, case));
        more_differences(id, &got, &case["expected"], &mut problems);
        for (i, step) in case["then"].as_array().into_iter().flatten().enumerate() {
            more_differences(
                &format!("{id} then[{i}]"),
                &got["then"][i],
                &step["expected"],
                &mut problems,
            );
        }
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
    assert_eq!(abstraction["available"], false);
    assert_eq!(abstraction["on"], false);

    let (_, text, _) = parley(&["variants"], "");
    assert!(
        text.contains("option abstraction (not yet available)"),
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
