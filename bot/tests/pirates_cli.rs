//! Pirates of the Caribbean's movement rules (7 islands, 8 landbridges, 9 rivers), one or more
//! scenarios each, through the real `parley adjudicate` binary.
//!
//! Every file in `tests/data/pirates/` is one case: a position on the Pirates board, its orders,
//! and the expected outcome worked out from the rules text
//! (`/work/shared/rules/pirates-of-the-caribbean.txt`); its `rule` field names the rule it tests
//! and why the outcome follows (the readings are in `maps/pirates/NOTES.md`, "Movement
//! rulings"). Besides what `engine::case::differences` compares, a case's `expected` may give,
//! per result, `reason_contains`; per dislodged unit, its `retreats`; and `contested`. The
//! engine's own tests of the same rules, with more cases, are `engine/tests/pirates.rs`.

mod cli;
use cli::{adjudicate, assert_no_problems, case_problems, read_cases};

use serde_json::Value;

#[test]
fn every_pirates_movement_scenario_through_the_binary() {
    let cases = read_cases("pirates");
    assert!(cases.len() >= 20, "only {} Pirates cases", cases.len());
    let mut problems = Vec::new();
    for (file, case) in &cases {
        assert_eq!(case["variant"], "pirates", "{file}");
        let rule = case["rule"].as_str().unwrap_or("");
        let number = file.split('-').next().unwrap_or("");
        assert!(
            rule.starts_with(&format!("Pirates rule {number}")),
            "{file}: every case names the Pirates rule it tests, the one its file name starts with"
        );
        assert!(
            case["phase"]
                .as_str()
                .is_some_and(|p| p.ends_with("1681 movement")),
            "{file}: a movement of the first year"
        );
        let id = case["id"].as_str().unwrap_or(file);
        let (code, out, err) = adjudicate(&case.to_string());
        if code != 0 {
            problems.push(format!("{id}: exit {code}: {err}"));
            continue;
        }
        let got: Value = serde_json::from_str(&out).expect("parley writes JSON");
        problems.extend(case_problems(id, &got, case, |_, _, _, _| {}));
    }
    assert_no_problems(&problems);
}
