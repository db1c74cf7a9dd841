//! `parley import FILE` through the real binary: a tampered export is refused with a non-zero
//! exit code and a message naming the field, the database keeps no trace of it, and the
//! untampered file imports.

mod common;
use common::{fresh, s, started};
use std::process::{Command, Output};

fn import(file: &std::path::Path, db: &std::path::Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_parley"))
        .args(["import", &file.display().to_string()])
        .env("DATABASE_URL", format!("sqlite://{}", db.display()))
        .output()
        .expect("parley runs")
}

#[tokio::test]
async fn a_tampered_export_is_refused_with_a_readable_message_and_a_failing_exit_code() {
    let dir = tempfile::tempdir().expect("tmp");
    let (games, _clock) = fresh(&dir).await;
    let id = started(&games).await;
    games
        .submit(id, "germany", &s(&["A mun - bur"]))
        .await
        .expect("submit");
    games.adjudicate(id, 0).await.expect("adj").expect("done");
    let mut doc = games.export(id).await.expect("export");
    doc["channel"] = serde_json::Value::Null;
    let db = dir.path().join("games.db");
    let file = dir.path().join("game.json");

    for (what, change, reason) in [
        (
            "current phase 999",
            Box::new(|d: &mut serde_json::Value| d["current_seq"] = 999.into())
                as Box<dyn Fn(&mut serde_json::Value)>,
            "current_seq: the current phase must be the last one, 1; found 999",
        ),
        (
            "a power that does not exist",
            Box::new(|d: &mut serde_json::Value| d["players"][0]["power"] = "Prussia".into()),
            "players[0].power: 'Prussia' is not a power of Standard",
        ),
        (
            "a year out of range",
            Box::new(|d: &mut serde_json::Value| {
                d["phases"][1]["position"]["phase"] = "Fall 123456 movement".into()
            }),
            "phases[1].position.phase: phase 'Fall 123456 movement': the year 123456 is out of range",
        ),
    ] {
        let mut bad = doc.clone();
        change(&mut bad);
        std::fs::write(&file, bad.to_string()).expect("write");
        let out = import(&file, &db);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{what}: {stderr}");
        assert!(out.stdout.is_empty(), "{what}: printed a game id");
        assert!(
            stderr.starts_with("error: the game file is refused: ") && stderr.contains(reason),
            "{what}: {stderr}"
        );
        assert!(!stderr.contains("database"), "{what}: {stderr}");
    }
    // Nothing was stored: the only game is the original.
    let count = games.history(id + 1).await.expect("history");
    assert!(count.is_empty(), "{count:?}");

    std::fs::write(&file, doc.to_string()).expect("write");
    let out = import(&file, &db);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim(),
        (id + 1).to_string()
    );
}
