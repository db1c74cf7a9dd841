//! Maharajah's scenario cases (`engine/tests/data/maharajah.json`: river convoys, their
//! disruption, earned home centres) through the real `parley adjudicate` binary, one case at a
//! time on stdin as a user would send them.

mod cli;
use cli::{adjudicate, assert_no_problems, listed_variant, unexplained};

use engine::case::differences;
use serde_json::Value;

#[test]
fn every_maharajah_case_through_the_binary() {
    let data: Value = serde_json::from_str(include_str!("../../engine/tests/data/maharajah.json"))
        .expect("maharajah.json");
    let cases = data["cases"].as_array().expect("cases");
    let mut problems = Vec::new();
    for case in cases {
        let id = case["id"].as_str().unwrap_or("?");
        assert_eq!(case["variant"], "maharajah", "{id}");
        let (code, out, err) = adjudicate(&case.to_string());
        if code != 0 {
            problems.push(format!("{id}: exit {code}: {err}"));
            continue;
        }
        let got: Value = serde_json::from_str(&out).expect("parley writes JSON");
        problems.extend(differences(id, &got, case));
        // Whatever did not succeed says why.
        problems.extend(unexplained(id, &got));
    }
    assert_no_problems(&problems);
}

#[test]
fn the_variant_is_listed() {
    let m = listed_variant("maharajah");
    assert_eq!(m["supply_centers"], 37);
    assert_eq!(m["victory_centers"], 19);
    assert_eq!(m["first_phase"], "Spring 1501 movement");
}
