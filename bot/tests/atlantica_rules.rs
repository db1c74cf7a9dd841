//! Atlantica II's own rules (5, 6, 7, 11, 12), one or more scenarios each, through `parley
//! adjudicate`'s library entry point.
//!
//! Every file in `tests/data/atlantica/` is one case: a position on the Atlantica board (with
//! the game's hidden draws, `atlantis-area` and `coin-seed`), its orders, and the outcome worked
//! out from the rules text; its `rule` field names the rule it tests and why the outcome follows.
//! Besides those, the secret of Lost Atlantis is checked: nothing a player sees before Atlantis
//! is found depends on where it is.

mod cli;
use cli::{assert_no_problems, case_problems, read_cases};

use serde_json::{json, Value};

/// Runs one case as `parley adjudicate` does.
fn adjudicate(case: &Value) -> Result<Value, String> {
    let out = parley::adjudicate::adjudicate_case(None, &case.to_string())?;
    Ok(serde_json::from_str(&out).expect("parley adjudicate writes JSON"))
}

#[test]
fn every_atlantica_scenario() {
    let cases = read_cases("atlantica");
    assert!(cases.len() >= 20, "only {} Atlantica cases", cases.len());
    let mut problems = Vec::new();
    let mut rules_seen = std::collections::BTreeSet::new();
    for (file, case) in &cases {
        assert_eq!(case["variant"], "atlantica", "{file}");
        let rule = case["rule"].as_str().unwrap_or("");
        assert!(
            rule.starts_with("Atlantica "),
            "{file}: every case names the Atlantica rule it tests"
        );
        let name = file.rsplit('/').next().unwrap_or(file);
        rules_seen.insert(
            name.chars()
                .take_while(char::is_ascii_digit)
                .collect::<String>(),
        );
        let id = case["id"].as_str().unwrap_or(file);
        match adjudicate(case) {
            Ok(got) => problems.extend(case_problems(id, &got, case, |_, _, _, _| {})),
            Err(e) => problems.push(format!("{id}: refused: {e}")),
        }
    }
    assert_no_problems(&problems);
    for rule in ["5", "6", "7", "11", "12"] {
        assert!(
            rules_seen.contains(rule),
            "no case for rule {rule}: {rules_seen:?}"
        );
    }
}

/// The same case played with Atlantis drawn in each of the six areas.
fn with_atlantis_in_each_area(case: &Value) -> Vec<Value> {
    (1..=6)
        .map(|n| {
            let mut c = case.clone();
            c["hidden"] = json!({"atlantis-area": n, "coin-seed": 7});
            adjudicate(&c).unwrap_or_else(|e| panic!("area {n}: {e}"))
        })
        .collect()
}

#[test]
fn a_search_that_finds_nothing_tells_nothing_of_where_atlantis_is() {
    // Areas 1 and 2 searched, one searcher attacked: whichever of the other areas is
    // Atlantis, the results, the board and the tokens are word for word the same.
    let case = json!({
        "variant": "atlantica",
        "phase": "February 1870 movement",
        "units": {"France": ["F nao"], "England": ["F iri"], "USA": ["F grb"]},
        "orders": {
            "France": ["F nao search 1"],
            "England": ["F iri - nao"],
            "USA": ["F grb search 2"],
        },
    });
    let outs = with_atlantis_in_each_area(&case);
    for (i, out) in outs.iter().enumerate().skip(2) {
        assert_eq!(
            out,
            &outs[2],
            "Atlantis in Area {} changed what players see",
            i + 1
        );
    }
    assert!(
        outs[2].get("tokens").is_none_or(Value::is_null),
        "{:#}",
        outs[2]
    );
    // Where the area searched is Atlantis, the search finds it: the draw is really read.
    assert_eq!(outs[1]["units"]["USA"], json!(["F ar2"]), "{:#}", outs[1]);
}

#[test]
fn no_refusal_depends_on_where_atlantis_is() {
    // Orders refused before the moves are judged (any search in January 1870; an army, an
    // unknown area, a sea not next to the area) read the same wherever Atlantis is.
    for (phase, orders, words) in [
        (
            "January 1870 movement",
            json!({"France": ["F nao search 3", "F mao search 4"]}),
            ["February 1870", "February 1870", "February 1870"],
        ),
        (
            "February 1870 movement",
            json!({
                "France": ["A par search 1", "F iri searching for Atlantis in Area 9"],
                "England": ["F nwg search 3"],
            }),
            ["only a fleet", "1 to 6", "next to the area"],
        ),
    ] {
        let case = json!({
            "variant": "atlantica",
            "phase": phase,
            "units": {"France": ["F nao", "F mao", "A par", "F iri"], "England": ["F nwg"]},
            "orders": orders,
        });
        let outs = with_atlantis_in_each_area(&case);
        for out in &outs[1..] {
            assert_eq!(out, &outs[0], "{phase}");
        }
        let results = outs[0]["results"].as_array().expect("results");
        for (r, w) in results.iter().zip(words) {
            assert_eq!(r["result"], "illegal", "{r}");
            assert!(r["reason"].as_str().unwrap_or("").contains(w), "{r}");
        }
    }
}

#[test]
fn atlantis_found_is_an_island_armies_reach_by_the_fast_ferry() {
    // Atlantis found in Area 3: an army reaches it across one sea, convoyed from Portugal by
    // a fleet in the Mid-Atlantic.
    let out = adjudicate(&json!({
        "variant": "atlantica",
        "phase": "May 1870 movement",
        "hidden": {"atlantis-area": 3, "coin-seed": 7},
        "tokens": [{"kind": "atlantis", "province": "ar3", "power": "France"}],
        "units": {"France": ["A por", "F mao"]},
        "orders": {"France": ["A por - ar3", "F mao C A por - ar3"]},
    }))
    .expect("the case is read");
    let results = out["results"].as_array().expect("results");
    assert_eq!(results[0]["result"], "succeeds", "{out:#}");
    assert_eq!(out["units"]["France"], json!(["A ar3", "F mao"]), "{out:#}");
}

/// Rule 2 through `parley adjudicate`: two powers that declared an alliance and together own
/// 30 centres win together after a "Fall" move (March), not after a "Spring" move; 29 is not
/// enough; 24 alone wins alone even beside an alliance.
#[test]
fn an_alliance_of_two_wins_together_with_thirty_centres_after_a_fall_move() {
    let centres: Vec<&str> = "hal mon tor nfl pei bos nyk phi mdl chi ohi ric cha jac lou cub his \
                              pur ice grn azo mau mor tun spa por den nwy swe bel hol"
        .split_whitespace()
        .collect();
    let case = |phase: &str, canada: &[&str], usa: &[&str], alliances: Value| {
        json!({
            "variant": "atlantica",
            "phase": phase,
            "hidden": {"atlantis-area": 3, "coin-seed": 7},
            "units": {"Canada": ["A tor"], "USA": ["A nje"]},
            "supply_centers": {"Canada": canada, "USA": usa},
            "alliances": alliances,
            "orders": {"Canada": ["A tor H"], "USA": ["A nje H"]},
        })
    };
    let allied = json!([["Canada", "U.S.A."]]);
    // 15 + 15 after March: they win together.
    let out = adjudicate(&case(
        "March 1870 movement",
        &centres[..15],
        &centres[15..30],
        allied.clone(),
    ))
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(out["winners"], json!(["Canada", "USA"]), "{out}");
    // The same after February, a "Spring" move: nothing is counted.
    let out = adjudicate(&case(
        "February 1870 movement",
        &centres[..15],
        &centres[15..30],
        allied.clone(),
    ))
    .unwrap_or_else(|e| panic!("{e}"));
    assert!(out.get("winners").is_none(), "{out}");
    // 29 together is not enough.
    let out = adjudicate(&case(
        "March 1870 movement",
        &centres[..15],
        &centres[15..29],
        allied.clone(),
    ))
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(out["winners"], json!([]), "{out}");
    // 24 alone wins alone, alliance or not.
    let out = adjudicate(&case(
        "March 1870 movement",
        &centres[..24],
        &centres[24..30],
        allied,
    ))
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(out["winners"], json!(["Canada"]), "{out}");
    // A malformed declaration is refused, naming the field.
    let e = adjudicate(&case(
        "March 1870 movement",
        &centres[..15],
        &centres[15..30],
        json!([["Canada", "Canada"]]),
    ))
    .unwrap_err();
    assert!(e.contains("alliances[0]"), "{e}");
}
