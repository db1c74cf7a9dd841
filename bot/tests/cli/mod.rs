//! Running the real `parley` binary in tests: arguments and stdin in, exit code and output out,
//! and the checks every scenario file shares.
#![allow(dead_code)]

use serde_json::Value;
use std::io::Write;
use std::process::{Command, Stdio};

/// Where the tests' `parley` keeps its map art cache (see `render::art::cache`).
pub const CACHE_DIR: &str = concat!(env!("CARGO_TARGET_TMPDIR"), "/parley-cache");

/// Runs `parley ARGS` with `stdin`; returns (exit code, stdout, stderr).
pub fn parley(args: &[&str], stdin: &str) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_parley"))
        .args(args)
        // The map art a command caches stays in the build's folder, not the user's.
        .env("PARLEY_CACHE_DIR", CACHE_DIR)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("parley starts");
    // A command that refuses its arguments exits without reading stdin: that is not a failure.
    if let Err(e) = child
        .stdin
        .take()
        .expect("stdin")
        .write_all(stdin.as_bytes())
    {
        assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "write stdin: {e}");
    }
    let out = child.wait_with_output().expect("parley finishes");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// `parley adjudicate` on one case.
pub fn adjudicate(stdin: &str) -> (i32, String, String) {
    parley(&["adjudicate"], stdin)
}

/// A variant's entry in `parley variants --json`.
pub fn listed_variant(id: &str) -> Value {
    let (code, out, err) = parley(&["variants", "--json"], "");
    assert_eq!(code, 0, "{err}");
    let all: Value = serde_json::from_str(&out).expect("json");
    all.as_array()
        .and_then(|a| a.iter().find(|x| x["id"] == id))
        .cloned()
        .unwrap_or_else(|| panic!("{id} is not listed"))
}

/// Results that did not succeed yet give no reason: each is a problem.
pub fn unexplained(id: &str, got: &Value) -> Vec<String> {
    got["results"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|r| r["result"] != "succeeds" && r["reason"].as_str().unwrap_or("").is_empty())
        .map(|r| format!("{id}: {} {} with no reason", r["order"], r["result"]))
        .collect()
}

/// The scenario files in `tests/data/<dir>/`, by file name, sorted.
pub fn read_cases(dir: &str) -> Vec<(String, Value)> {
    let path = format!("{}/tests/data/{dir}", env!("CARGO_MANIFEST_DIR"));
    let mut out: Vec<(String, Value)> = std::fs::read_dir(&path)
        .unwrap_or_else(|e| panic!("{path}: {e}"))
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

pub fn sorted_strings(v: &Value) -> Vec<String> {
    let mut out: Vec<String> = v
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|x| x.as_str().map(str::to_string))
        .collect();
    out.sort();
    out
}

/// Everything wrong with `parley adjudicate`'s output `got` for a scenario `case`: what
/// `engine::case::differences` compares, then for the expected outcome and each `then` step,
/// the checks it does not make (see [`scenario_differences`]) and the caller's `extra` ones.
pub fn case_problems(
    id: &str,
    got: &Value,
    case: &Value,
    extra: impl Fn(&str, &Value, &Value, &mut Vec<String>),
) -> Vec<String> {
    let mut problems = engine::case::differences(id, got, case);
    let mut check = |id: &str, got: &Value, want: &Value| {
        scenario_differences(id, got, want, &mut problems);
        extra(id, got, want, &mut problems);
    };
    check(id, got, &case["expected"]);
    for (i, step) in case["then"].as_array().into_iter().flatten().enumerate() {
        check(
            &format!("{id} then[{i}]"),
            &got["then"][i],
            &step["expected"],
        );
    }
    problems
}

/// The checks `differences` does not make: every non-success explained; per expected result,
/// that it is for the same order and, if given, `reason_contains`; per dislodged unit, its
/// `retreats`; `contested`; and `winner`.
pub fn scenario_differences(id: &str, got: &Value, want: &Value, problems: &mut Vec<String>) {
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
    if let Some(w) = want.get("draw") {
        if got.get("draw") != Some(w) {
            problems.push(format!(
                "{id}: draw expected {w}, got {:?}",
                got.get("draw")
            ));
        }
    } else if let Some(g) = got.get("draw") {
        problems.push(format!("{id}: the game ended in a draw {g}, not expected"));
    }
    if let Some(w) = want.get("winner") {
        if got.get("winner") != Some(w) {
            problems.push(format!(
                "{id}: winner expected {w}, got {:?}",
                got.get("winner")
            ));
        }
    }
}

/// Fails with every problem listed, one per line.
pub fn assert_no_problems(problems: &[String]) {
    assert!(
        problems.is_empty(),
        "{} problems:\n{}",
        problems.len(),
        problems.join("\n")
    );
}
