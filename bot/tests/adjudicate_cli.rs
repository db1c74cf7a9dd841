//! The real `parley adjudicate` binary, fed every DATC case on stdin as a user would.

mod cli;
use cli::{assert_no_problems, listed_variant, parley, unexplained};

use engine::case::differences;
use serde_json::Value;

#[test]
fn every_datc_case_through_the_binary() {
    let data: Value =
        serde_json::from_str(include_str!("../../engine/tests/data/datc.json")).expect("datc.json");
    let cases = data["cases"].as_array().expect("cases");
    assert_eq!(cases.len(), 165);
    let mut problems = Vec::new();
    for case in cases {
        let id = case["id"].as_str().unwrap_or("?");
        let (code, out, err) = parley(&["adjudicate"], &case.to_string());
        if code != 0 {
            problems.push(format!("{id}: exit {code}: {err}"));
            continue;
        }
        let got: Value = serde_json::from_str(&out).expect("parley writes JSON");
        problems.extend(differences(id, &got, case));
        // Every result names the order as written and says why when it did not succeed.
        for (i, r) in got["results"].as_array().into_iter().flatten().enumerate() {
            if r["order"] != case["expected"]["results"][i]["order"] {
                problems.push(format!("{id}: result {i} is for {:?}", r["order"]));
            }
        }
        problems.extend(unexplained(id, &got));
    }
    assert_no_problems(&problems);
}

#[test]
fn malformed_input_names_the_field() {
    let (code, _, err) = parley(
        &["adjudicate"],
        "{\"phase\": \"Spring 1901 movement\", \"units\": {\"Narnia\": [\"A par\"]}}",
    );
    assert_ne!(code, 0);
    assert!(
        err.contains("units.Narnia") && err.contains("Austria"),
        "{err}"
    );

    let (code, _, err) = parley(&["adjudicate"], "{\"units\": {}}");
    assert_ne!(code, 0);
    assert!(
        err.contains("`phase`") && err.contains("Spring 1901 movement"),
        "{err}"
    );

    let (code, _, err) = parley(
        &["adjudicate"],
        "{\"phase\": \"Spring 1901 movement\", \"units\": {\"France\": [\"A atlantis\"]}}",
    );
    assert_ne!(code, 0);
    assert!(
        err.contains("units.France[0]") && err.contains("atlantis"),
        "{err}"
    );

    let (code, _, err) = parley(&["adjudicate"], "not json");
    assert_ne!(code, 0);
    assert!(err.contains("not valid JSON"), "{err}");
}

#[test]
fn a_year_out_of_range_is_refused_not_a_panic() {
    for (phase, said) in [
        (
            "Spring 99999 movement",
            "the year 99999 is out of range; years run from 1901 to 9999",
        ),
        (
            "Spring 2147483647 movement",
            "the year 2147483647 is out of range",
        ),
        (
            "Winter 99999999999999999999 adjustment",
            "years run from 1901 to 9999",
        ),
        ("Spring 1900 movement", "the year 1900 is out of range"),
        ("Spring -1 movement", "the year -1 is out of range"),
    ] {
        let case = serde_json::json!({"phase": phase, "units": {"France": ["A par"]}});
        let (code, out, err) = parley(&["adjudicate"], &case.to_string());
        assert_eq!(code, 2, "{phase}: {out} {err}");
        assert!(
            err.contains("`phase`") && err.contains(said) && !err.contains("panicked"),
            "{phase}: {err}"
        );
    }
    // The same in a following step.
    let case = serde_json::json!({
        "phase": "Spring 1901 movement",
        "units": {"France": ["A par"]},
        "then": [{"phase": "Fall 123456 movement"}],
    });
    let (code, _, err) = parley(&["adjudicate"], &case.to_string());
    assert_ne!(code, 0);
    assert!(err.contains("the year 123456 is out of range"), "{err}");
    // The last year is played, and its next phase named, without overflow.
    let case =
        serde_json::json!({"phase": "Winter 9999 adjustment", "units": {"France": ["A par"]}});
    let (code, out, err) = parley(&["adjudicate"], &case.to_string());
    assert_eq!(code, 0, "{err}");
    let got: Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(got["next_phase"], "Spring 10000 movement");
}

#[test]
fn forgiving_names_and_next_phase_in_the_input_words() {
    let case = r#"{
        "variant": "standard",
        "phase": "fall 1901 movement",
        "units": {"france": ["army paris", "F Spain (north coast)"], "germany": ["A Munich"], "italy": []},
        "supply_centers": {"FRANCE": ["Paris", "brest", "mar"], "Germany": ["mun"]},
        "orders": {"France": ["paris to burgundy", "F spa/nc -> Gascony"], "Germany": ["mun holds"]}
    }"#;
    let (code, out, err) = parley(&["adjudicate"], case);
    assert_eq!(code, 0, "{err}");
    let got: Value = serde_json::from_str(&out).expect("json");
    assert_eq!(got["results"][0]["result"], "succeeds");
    assert_eq!(got["results"][1]["result"], "succeeds");
    assert_eq!(
        got["units"]["France"],
        serde_json::json!(["A bur", "F gas"])
    );
    assert_eq!(got["next_phase"], "Winter 1901 adjustment");
    // Fall ends the year: nobody stands on a new centre, so ownership is unchanged.
    assert_eq!(
        got["supply_centers"]["France"],
        serde_json::json!(["bre", "mar", "par"])
    );
}

#[test]
fn variants_lists_standard() {
    let std = listed_variant("standard");
    assert_eq!(std["supply_centers"], 34);
    assert_eq!(std["victory_centers"], 18);
    assert_eq!(std["powers"].as_array().map(|p| p.len()), Some(7));
    assert_eq!(std["first_phase"], "Spring 1901 movement");
}

#[test]
fn render_draws_a_position_with_its_orders_as_a_png() {
    let dir = tempfile::tempdir().expect("tmp");
    let out = dir.path().join("map.png");
    let case = r#"{"phase": "Spring 1901 movement",
        "units": {"France": ["A par", "F bre"], "Germany": ["A mun"]},
        "supply_centers": {"France": ["par", "bre", "mar"], "Germany": ["mun"]},
        "orders": {"France": ["A par - bur", "F bre - mao"], "Germany": ["A mun - bur"]},
        "results": [{"order": "A par - bur", "result": "fails"},
                    {"order": "F bre - mao", "result": "succeeds"},
                    {"power": "Germany", "order": "A mun - bur", "result": "fails"}]}"#;
    let (code, stdout, err) = parley(&["render", "--out", out.to_str().expect("utf8")], case);
    assert_eq!(code, 0, "{err}");
    assert!(stdout.contains("wrote"), "{stdout}");
    let png = std::fs::read(&out).expect("png written");
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    // IHDR: width and height, big-endian, right after the signature and chunk header.
    let w = u32::from_be_bytes(png[16..20].try_into().expect("w"));
    let h = u32::from_be_bytes(png[20..24].try_into().expect("h"));
    assert_eq!((w, h), (1300, 1000));
    assert!(png.len() < 1_500_000);

    let (code, _, err) = parley(
        &[
            "render",
            "--out",
            out.to_str().expect("utf8"),
            "--palette",
            "neon",
        ],
        case,
    );
    assert_ne!(code, 0);
    assert!(err.contains("colour-blind"), "{err}");
}
