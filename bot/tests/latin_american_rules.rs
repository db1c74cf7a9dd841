//! Latin American Diplomacy's own rules (rule 5's terrain, the ocean provinces, rule 6's river
//! flotilla), one or more
//! scenarios each, through `parley adjudicate`'s library entry point.
//!
//! Every file in `tests/data/latin-american/` is one case: a position on the reconstructed
//! board, its orders, and the outcome worked out from the rules text; its `rule` field names
//! the rule (or the rules' worked example) it tests and why the outcome follows. A refusal
//! names the rule in words (`reason_contains`).

mod cli;
use cli::{assert_no_problems, case_problems, read_cases};

use serde_json::Value;

/// Runs one case as `parley adjudicate` does.
fn adjudicate(case: &Value) -> Result<Value, String> {
    let out = parley::adjudicate::adjudicate_case(None, &case.to_string())?;
    Ok(serde_json::from_str(&out).expect("parley adjudicate writes JSON"))
}

#[test]
fn every_latin_american_scenario() {
    let cases = read_cases("latin-american");
    assert!(cases.len() >= 20, "only {} cases", cases.len());
    let mut problems = Vec::new();
    for (file, case) in &cases {
        assert_eq!(case["variant"], "latin-american", "{file}");
        assert!(
            case["rule"]
                .as_str()
                .is_some_and(|r| r.starts_with("Latin American ")),
            "{file}: every case names the rule it tests"
        );
        let id = case["id"].as_str().unwrap_or(file);
        match adjudicate(case) {
            Ok(got) => problems.extend(case_problems(id, &got, case, |_, _, _, _| {})),
            Err(e) => problems.push(format!("{id}: refused: {e}")),
        }
    }
    assert_no_problems(&problems);
}

/// The rules' worked examples each have their case.
#[test]
fn every_worked_example_has_a_case() {
    let names: Vec<String> = read_cases("latin-american")
        .into_iter()
        .map(|(f, _)| f)
        .collect();
    for example in [
        "5c3-greater-andes-two-against-two",
        "5c4-example-1-",
        "5c4-example-2-",
        "5c4-example-3-",
        "5c4-example-4-",
        "5d2-rainforest-example-",
        "6b1-example-guyana-river-bank-to-para",
        "6b2-example-falkland-current",
        "6b4-example-la-paz-river-bank-to-lake-shore",
        "6b4-example-cuiaba-bank-crossing",
        "6e-example-napo-supports-pastaza",
        "6e-example-beni-may-not-support-over-mountains",
    ] {
        assert!(
            names.iter().any(|n| n.starts_with(example)),
            "no case for {example}"
        );
    }
}
