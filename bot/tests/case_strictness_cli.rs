//! `parley adjudicate` refuses a case it would otherwise misread: a misspelt or repeated
//! field at any level, and positions no game could reach, each named in the message, with
//! exit code 2 and nothing on stdout.

mod cli;
use cli::parley;

use serde_json::{json, Value};

/// Adjudicates `case`; asserts it is refused with a message containing each of `said`.
fn refused(what: &str, case: &str, said: &[&str]) {
    let (code, out, err) = parley(&["adjudicate"], case);
    assert_eq!(code, 2, "{what}: accepted: {out}");
    assert!(out.is_empty(), "{what}: {out}");
    for part in said {
        assert!(err.contains(part), "{what}: {err:?} lacks {part:?}");
    }
}

fn accepted(what: &str, case: &Value) -> Value {
    let (code, out, err) = parley(&["adjudicate"], &case.to_string());
    assert_eq!(code, 0, "{what}: {err}");
    serde_json::from_str(&out).expect("JSON")
}

/// A retreat phase where England's fleet in the North Sea was dislodged by Germany's fleet,
/// which came from Holland.
fn retreat_case() -> Value {
    json!({
        "phase": "Spring 1901 retreat",
        "units": {"Germany": ["F nth"], "England": ["F lon"]},
        "dislodged": [{"power": "England", "unit": "F nth", "attacker_from": "hol"}],
        "orders": {"England": ["F nth - edi"]}
    })
}

#[test]
fn an_unknown_field_is_refused_at_every_level_naming_it() {
    let base = json!({
        "phase": "Spring 1901 movement",
        "units": {"France": ["A par"]},
        "orders": {"France": ["A par - bur"]}
    });
    let mut typo = base.clone();
    typo["supply_centres"] = json!({"France": ["par"]});
    refused(
        "supply_centres",
        &typo.to_string(),
        &["supply_centres", "did you mean `supply_centers`"],
    );
    let mut typo = base.clone();
    typo["varient"] = json!("standard");
    refused("varient", &typo.to_string(), &["varient", "`variant`"]);
    // A step under `then`.
    let mut typo = base.clone();
    typo["then"] = json!([{"phase": "Fall 1901 movement", "ordres": {"France": ["A bur h"]}}]);
    refused(
        "then ordres",
        &typo.to_string(),
        &["then[0]", "ordres", "`orders`"],
    );
    // An entry of `dislodged`.
    let mut typo = retreat_case();
    typo["dislodged"][0]["atacker_from"] = typo["dislodged"][0]["attacker_from"].take();
    typo["dislodged"][0]
        .as_object_mut()
        .expect("object")
        .remove("attacker_from");
    refused(
        "dislodged atacker_from",
        &typo.to_string(),
        &["dislodged[0]", "atacker_from"],
    );
    // An entry of `tokens`, and one of an older release's `marks`.
    let mut typo = base.clone();
    typo["variant"] = json!("maharajah");
    typo["phase"] = json!("Spring 1501 movement");
    typo["units"] = json!({});
    typo["orders"] = json!({});
    typo["marks"] = json!([{"province": "kas", "power": "Delhi", "count": 1, "cuont": 2}]);
    refused("marks cuont", &typo.to_string(), &["marks[0]", "cuont"]);
    typo.as_object_mut().unwrap().remove("marks");
    typo["tokens"] =
        json!([{"kind": "earning", "province": "kas", "power": "Delhi", "count": 1, "cuont": 2}]);
    refused("tokens cuont", &typo.to_string(), &["tokens[0]", "cuont"]);
    // The case files' own annotations are not input, and are accepted.
    let mut annotated = base.clone();
    annotated["id"] = json!("6.A.1");
    annotated["title"] = json!("a title");
    annotated["expected"] = json!({"results": []});
    accepted("annotations", &annotated);
}

#[test]
fn a_field_written_twice_is_refused_naming_it() {
    refused(
        "units twice",
        r#"{"phase": "Spring 1901 movement", "units": {"France": ["A par"]},
            "units": {"France": ["A mar"]}, "orders": {}}"#,
        &["`units`", "twice"],
    );
    refused(
        "a power twice in orders",
        r#"{"phase": "Spring 1901 movement", "units": {"France": ["A par", "A mar"]},
            "orders": {"France": ["A par - bur"], "France": ["A mar - bur"]}}"#,
        &["`France`", "twice"],
    );
}

#[test]
fn positions_no_game_could_reach_are_refused() {
    // The province the unit was dislodged from is empty: nobody took it.
    let mut empty = retreat_case();
    empty["units"] = json!({"England": ["F lon"]});
    refused(
        "dislodged from an empty province",
        &empty.to_string(),
        &["dislodged[0]", "North Sea", "no unit stands there"],
    );
    // England's own fleet took the North Sea.
    let mut own = retreat_case();
    own["units"] = json!({"England": ["F nth", "F lon"]});
    refused(
        "dislodged by its own power",
        &own.to_string(),
        &["dislodged[0]", "its own power"],
    );
    // The attacker came from a province that does not border the North Sea, with no convoy.
    let mut far = retreat_case();
    far["dislodged"][0]["attacker_from"] = json!("par");
    refused(
        "attacker from afar",
        &far.to_string(),
        &["dislodged[0]", "Paris", "does not border", "via_convoy"],
    );
    // ... or from the very province.
    let mut same = retreat_case();
    same["dislodged"][0]["attacker_from"] = json!("nth");
    refused(
        "attacker from the same province",
        &same.to_string(),
        &["dislodged[0]", "own province"],
    );
    // One centre owned by two powers.
    refused(
        "a centre owned twice",
        &json!({
            "phase": "Fall 1901 movement",
            "units": {"France": ["A par"]},
            "supply_centers": {"France": ["par", "bel"], "Germany": ["bel"]},
            "orders": {}
        })
        .to_string(),
        &["supply_centers", "Belgium", "one power at most"],
    );
    // A step that is not the phase the case leads to: Spring is followed by Fall, not Winter.
    refused(
        "then skips a phase",
        &json!({
            "phase": "Spring 1901 movement",
            "units": {"France": ["A par"]},
            "orders": {"France": ["A par - bur"]},
            "then": [{"phase": "Winter 1901 adjustment", "orders": {}}]
        })
        .to_string(),
        &[
            "then[0].phase",
            "Winter 1901 adjustment",
            "\"Fall 1901 movement\"",
        ],
    );
    // The sound versions are accepted: the retreat case as written, and a case whose next
    // step is the phase it leads to.
    let got = accepted("retreat", &retreat_case());
    assert_eq!(got["results"][0]["result"], "succeeds", "{got}");
    let got = accepted(
        "then",
        &json!({
            "phase": "Spring 1901 movement",
            "units": {"France": ["A par"]},
            "orders": {"France": ["A par - bur"]},
            "then": [{"phase": "Fall 1901 movement", "orders": {"France": ["A bur - mun"]}}]
        }),
    );
    assert_eq!(got["then"][0]["units"]["France"], json!(["A mun"]), "{got}");
}

#[test]
fn two_dislodged_units_in_one_province_or_one_listed_twice_are_refused() {
    let mut two = retreat_case();
    two["units"]["France"] = json!(["A bel"]);
    two["dislodged"] = json!([
        {"power": "England", "unit": "F nth", "attacker_from": "hol"},
        {"power": "France", "unit": "F nth", "attacker_from": "hol"}
    ]);
    refused(
        "two in the North Sea",
        &two.to_string(),
        &[
            "field `dislodged[1]`",
            "two dislodged units in North Sea",
            "England F nth (dislodged[0]) and France F nth",
        ],
    );
    let mut twice = retreat_case();
    twice["dislodged"] = json!([
        {"power": "England", "unit": "F nth", "attacker_from": "hol"},
        {"power": "England", "unit": "F nth", "attacker_from": "hol"}
    ]);
    refused(
        "the same unit twice",
        &twice.to_string(),
        &["field `dislodged[1]`", "England F nth is listed twice"],
    );
    // Listed once, it is the case it always was.
    accepted("once", &retreat_case());
}
