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
use cli::{adjudicate, assert_no_problems, unexplained};

use engine::case::differences;
use serde_json::Value;

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
    problems.extend(unexplained(id, got));
    for (i, r) in want["results"].as_array().into_iter().flatten().enumerate() {
        let got_r = &got["results"][i];
        if got_r["order"] != r["order"] {
            problems.push(format!("{id}: result {i} is for {}", got_r["order"]));
        }
        if let Some(part) = r["reason_contains"].as_str() {
            let reason = got_r["reason"].as_str().unwrap_or("");
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
}

fn cases() -> Vec<(String, Value)> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/pirates");
    let mut out: Vec<(String, Value)> = std::fs::read_dir(dir)
        .expect("tests/data/pirates")
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
fn every_pirates_movement_scenario_through_the_binary() {
    let cases = cases();
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
