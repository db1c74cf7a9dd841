//! Running the real `parley` binary in tests: arguments and stdin in, exit code and output out,
//! and the checks every scenario file shares.
#![allow(dead_code)]

use serde_json::Value;
use std::io::Write;
use std::process::{Command, Stdio};

/// Runs `parley ARGS` with `stdin`; returns (exit code, stdout, stderr).
pub fn parley(args: &[&str], stdin: &str) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_parley"))
        .args(args)
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

/// Fails with every problem listed, one per line.
pub fn assert_no_problems(problems: &[String]) {
    assert!(
        problems.is_empty(),
        "{} problems:\n{}",
        problems.len(),
        problems.join("\n")
    );
}
