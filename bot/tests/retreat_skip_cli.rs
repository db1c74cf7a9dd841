//! `parley adjudicate` skips a retreat phase in which no dislodged unit has a legal retreat:
//! the units are listed as dislodged with no retreats and as disbanded, and the next phase is
//! the one after the retreat phase.

mod cli;
use cli::adjudicate;
use serde_json::{json, Value};

/// Germany dislodges A Brest from Paris; every other neighbour of Brest is held unless
/// `open` names one to leave empty.
fn case(open: Option<&str>) -> String {
    let germany: Vec<&str> = ["A par", "A pic", "F mao", "F eng", "A gas"]
        .into_iter()
        .filter(|u| open.is_none_or(|o| !u.ends_with(o)))
        .collect();
    json!({
        "phase": "Fall 1901 movement",
        "units": {"France": ["A bre"], "Germany": germany},
        "supply_centers": {"France": ["bre"], "Germany": ["ber"]},
        "orders": {"Germany": ["A par - bre", "A pic S A par - bre"]},
    })
    .to_string()
}

fn run(stdin: &str) -> Value {
    let (code, out, err) = adjudicate(stdin);
    assert_eq!(code, 0, "{err}");
    serde_json::from_str(&out).expect("json out")
}

#[test]
fn a_unit_with_no_retreat_is_disbanded_and_the_retreat_phase_skipped() {
    let out = run(&case(None));
    assert_eq!(out["next_phase"], "Winter 1901 adjustment");
    assert_eq!(out["dislodged"][0]["unit"], "A bre");
    assert_eq!(out["dislodged"][0]["retreats"], json!([]));
    assert_eq!(
        out["disbanded"],
        json!([{"power": "France", "unit": "A bre"}])
    );
    assert!(out["units"].get("France").is_none());
    assert_eq!(out["supply_centers"], json!({"Germany": ["ber", "bre"]}));
}

#[test]
fn a_unit_that_can_retreat_keeps_its_retreat_phase() {
    let out = run(&case(Some("gas")));
    assert_eq!(out["next_phase"], "Fall 1901 retreat");
    assert_eq!(out["dislodged"][0]["retreats"], json!(["gas"]));
    assert!(out.get("disbanded").is_none());
    assert_eq!(out["supply_centers"]["France"], json!(["bre"]));
}
