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

fn parley(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_parley"))
        .args(args)
        .env_remove("DATABASE_URL")
        .output()
        .expect("parley runs")
}

/// A moderator moving a running Atlantica game keeps where Lost Atlantis lies: `export
/// --with-secrets` writes the draws and the seed (warning that the file gives them away), and
/// the game imported from it has the same draws.
#[test]
fn export_with_secrets_moves_a_game_with_its_secret_draws() {
    let dir = tempfile::tempdir().expect("tmp");
    let out = dir.path().join("demo");
    let demo = parley(&[
        "demo",
        "--variant",
        "atlantica",
        "--years",
        "1",
        "--out",
        &out.display().to_string(),
    ]);
    assert!(
        demo.status.success(),
        "{}",
        String::from_utf8_lossy(&demo.stderr)
    );
    let db = format!("sqlite://{}", out.join("demo.db").display());

    let plain = parley(&["export", "1", "--database", &db]);
    assert!(plain.status.success());
    let plain: serde_json::Value = serde_json::from_slice(&plain.stdout).expect("json");
    let kept = parley(&["export", "1", "--with-secrets", "--database", &db]);
    assert!(kept.status.success());
    assert!(
        String::from_utf8_lossy(&kept.stderr).contains("secret draws"),
        "the moderator is warned"
    );
    let kept: serde_json::Value = serde_json::from_slice(&kept.stdout).expect("json");
    let area = kept["hidden"]["atlantis-area"]
        .as_u64()
        .expect("the area is written");
    assert!(kept["seed"].is_u64(), "{}", kept["seed"]);
    // The plain export gives the area only once play has revealed it.
    if let Some(shown) = plain["hidden"].get("atlantis-area") {
        assert_eq!(shown.as_u64(), Some(area));
    } else {
        assert!(
            plain["seed"].is_null(),
            "no seed to recompute the secret from"
        );
    }

    let file = dir.path().join("moved.json");
    std::fs::write(&file, kept.to_string()).expect("write");
    let copy = format!("sqlite://{}", dir.path().join("copy.db").display());
    let import = parley(&[
        "import",
        "--create",
        "--database",
        &copy,
        &file.display().to_string(),
    ]);
    assert!(
        import.status.success(),
        "{}",
        String::from_utf8_lossy(&import.stderr)
    );
    let id = String::from_utf8_lossy(&import.stdout).trim().to_string();
    let again = parley(&["export", &id, "--with-secrets", "--database", &copy]);
    let again: serde_json::Value = serde_json::from_slice(&again.stdout).expect("json");
    assert_eq!(
        again["hidden"], kept["hidden"],
        "the same draws after the move"
    );
}
