//! Crash safety with a real process: `parley demo` is stopped inside an adjudication, before it
//! commits, and killed with SIGKILL. The database must hold the game wholly before that phase,
//! and adjudicating it after the restart must advance it exactly once.

use engine::store::clock::ManualClock;
use engine::store::Games;
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::sync::Arc;

#[tokio::test]
async fn sigkill_during_adjudication_leaves_the_game_whole() {
    let dir = tempfile::tempdir().expect("tmp");
    let out = dir.path().join("demo");
    let mut child = Command::new(env!("CARGO_BIN_EXE_parley"))
        .args(["demo", "--years", "3", "--seed", "5", "--out"])
        .arg(&out)
        .env("PARLEY_DEMO_STALL_AT", "4")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("parley demo starts");
    let stdout = child.stdout.take().expect("stdout");
    let mut seen = Vec::new();
    for line in BufReader::new(stdout).lines() {
        let line = line.expect("line");
        let stalled = line.starts_with("stalled before committing phase 4");
        seen.push(line);
        if stalled {
            break;
        }
    }
    assert!(
        seen.last().is_some_and(|l| l.contains("phase 4")),
        "demo never reached phase 4: {seen:?}"
    );
    child.kill().expect("SIGKILL");
    child.wait().expect("reaped");

    let url = format!("sqlite://{}", out.join("demo.db").display());
    let games = Games::open(&url, Arc::new(ManualClock::at(1_900_000_000)))
        .await
        .expect("reopens");
    let (seq, _, _) = games.current(1).await.expect("game 1");
    assert_eq!(seq, 4, "the killed adjudication left no trace");
    let history = games.history(1).await.expect("history");
    assert_eq!(history.len(), 5, "phases 0..=4 exist, nothing after");
    assert!(
        history[..4].iter().all(|p| p.record.is_some()),
        "earlier phases keep their results"
    );
    assert!(history[4].record.is_none(), "phase 4 is not adjudicated");

    // After the restart the phase is adjudicated once; asking again changes nothing.
    assert!(games.adjudicate(1, 4).await.expect("adjudicates").is_some());
    assert!(games.adjudicate(1, 4).await.expect("second call").is_none());
    assert_eq!(games.current(1).await.expect("game").0, 5);
}
