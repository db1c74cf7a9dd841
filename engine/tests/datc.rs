//! Runs every case of the DATC v3.0 (chapter 6, 165 entries) through the case format that
//! `parley adjudicate` uses, and compares every order result, dislodgement, board, build,
//! removal and retreat step with the expected outcome.

use engine::case::{read_case, run_case};
use serde_json::Value;
use std::collections::BTreeSet;

fn datc() -> Vec<Value> {
    let text = include_str!("data/datc.json");
    let v: Value = serde_json::from_str(text).expect("datc.json parses");
    v["cases"].as_array().expect("cases").clone()
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
        .map(|r| keys.iter().map(|k| r[*k].as_str().unwrap_or("").to_string()).collect())
        .collect()
}

fn compare(id: &str, got: &Value, want: &Value, problems: &mut Vec<String>) {
    let (gr, wr) = (results(&got["results"]), results(&want["results"]));
    if gr != wr {
        for (i, w) in wr.iter().enumerate() {
            let g = gr.get(i);
            if g != Some(w) {
                let reason = got["results"][i]["reason"].as_str().unwrap_or("");
                problems.push(format!("{id}: {} `{}` expected {}, got {:?} ({reason})", w.0, w.1, w.2, g.map(|g| &g.2)));
            }
        }
    }
    if want.get("dislodged").is_some() {
        let keys = ["power", "unit", "attacker_from"];
        let (g, w) = (records(&got["dislodged"], &keys), records(&want["dislodged"], &keys));
        if g != w {
            problems.push(format!("{id}: dislodged expected {w:?}, got {g:?}"));
        }
    }
    let (g, w) = (units(&got["units"]), units(&want["units"]));
    if g != w {
        problems.push(format!("{id}: units expected {w:?}, got {g:?}"));
    }
    for (field, keys) in [("built", &["power", "unit"][..]), ("removed", &["power", "unit", "by"][..]), ("disbanded", &["power", "unit"][..])] {
        if want.get(field).is_some() {
            let (g, w) = (records(&got[field], keys), records(&want[field], keys));
            if g != w {
                problems.push(format!("{id}: {field} expected {w:?}, got {g:?}"));
            }
        }
    }
}

#[test]
fn every_datc_case_matches_its_expected_outcome() {
    let cases = datc();
    assert_eq!(cases.len(), 165, "the DATC file holds 165 entries");
    let mut problems = Vec::new();
    let mut checked_steps = 0;
    for case in &cases {
        let id = case["id"].as_str().unwrap_or("?");
        let input = match read_case(case, None) {
            Ok(i) => i,
            Err(e) => {
                problems.push(format!("{id}: input rejected: {e}"));
                continue;
            }
        };
        let got = match run_case(&input) {
            Ok(g) => g,
            Err(e) => {
                problems.push(format!("{id}: {e}"));
                continue;
            }
        };
        compare(id, &got, &case["expected"], &mut problems);
        for (i, step) in case["then"].as_array().into_iter().flatten().enumerate() {
            checked_steps += 1;
            compare(&format!("{id} then[{i}]"), &got["then"][i], &step["expected"], &mut problems);
            // The step's own stated board must be what the movement left behind.
            let (g, w) = (units(&got["units"]), units(&step["units"]));
            if i == 0 && g != w {
                problems.push(format!("{id} then[0]: board before the retreat expected {w:?}, got {g:?}"));
            }
        }
    }
    assert_eq!(checked_steps, 17, "17 retreat steps follow movement cases");
    assert!(problems.is_empty(), "{} problems:\n{}", problems.len(), problems.join("\n"));
}
