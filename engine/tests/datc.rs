//! Runs every case of the DATC v3.0 (chapter 6, 165 entries) through the case format that
//! `parley adjudicate` uses, and compares every order result, dislodgement, board, build,
//! removal and retreat step with the expected outcome.

use engine::case::{differences, read_case, run_case};
use serde_json::Value;

fn datc() -> Vec<Value> {
    let text = include_str!("data/datc.json");
    let v: Value = serde_json::from_str(text).expect("datc.json parses");
    v["cases"].as_array().expect("cases").clone()
}

#[test]
fn every_datc_case_matches_its_expected_outcome() {
    let cases = datc();
    assert_eq!(cases.len(), 165, "the DATC file holds 165 entries");
    let steps: usize = cases
        .iter()
        .map(|c| c["then"].as_array().map_or(0, |a| a.len()))
        .sum();
    assert_eq!(steps, 17, "17 retreat steps follow movement cases");
    let mut problems = Vec::new();
    for case in &cases {
        let id = case["id"].as_str().unwrap_or("?");
        match read_case(case, None).and_then(|input| run_case(&input)) {
            Ok(got) => problems.extend(differences(id, &got, case)),
            Err(e) => problems.push(format!("{id}: {e}")),
        }
    }
    assert!(
        problems.is_empty(),
        "{} problems:\n{}",
        problems.len(),
        problems.join("\n")
    );
}
