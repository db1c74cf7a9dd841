//! Maharajah's scenario cases (`engine/tests/data/maharajah.json`: river convoys, their
//! disruption, earned home centres) through the real `parley adjudicate` binary, one case at a
//! time on stdin as a user would send them.

use engine::case::differences;
use serde_json::Value;
use std::io::Write;
use std::process::{Command, Stdio};

fn adjudicate(stdin: &str) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_parley"))
        .arg("adjudicate")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("parley starts");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(stdin.as_bytes())
        .expect("write stdin");
    let out = child.wait_with_output().expect("parley finishes");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

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
        for r in got["results"].as_array().into_iter().flatten() {
            if r["result"] != "succeeds" && r["reason"].as_str().unwrap_or("").is_empty() {
                problems.push(format!(
                    "{id}: {} {} with no reason",
                    r["order"], r["result"]
                ));
            }
        }
    }
    assert!(
        problems.is_empty(),
        "{} problems:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

#[test]
fn the_variant_is_listed() {
    let out = Command::new(env!("CARGO_BIN_EXE_parley"))
        .args(["variants", "--json"])
        .output()
        .expect("parley runs");
    assert!(out.status.success());
    let v: Value = serde_json::from_slice(&out.stdout).expect("json");
    let m = v
        .as_array()
        .and_then(|a| a.iter().find(|x| x["id"] == "maharajah"))
        .expect("maharajah listed");
    assert_eq!(m["supply_centers"], 37);
    assert_eq!(m["victory_centers"], 19);
    assert_eq!(m["first_phase"], "Spring 1501 movement");
}
