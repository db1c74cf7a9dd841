//! `parley import`, `games` and `export` through the real binary on SQLite and on PostgreSQL
//! (`PARLEY_TEST_POSTGRES`): a game file imported into an empty database is listed and exports
//! back the same; a PostgreSQL database that is missing or a server that cannot be reached is
//! a clear error naming the URL with its password masked.

mod common;
use common::*;
use serde_json::Value;
use std::process::{Command, Output};

fn parley(args: &[&str], url: &str) -> Output {
    Command::new(env!("CARGO_BIN_EXE_parley"))
        .args(args)
        .env("DATABASE_URL", url)
        .output()
        .expect("parley runs")
}

fn text(out: &[u8]) -> String {
    String::from_utf8_lossy(out).into_owned()
}

on_both_backends! {
async fn a_game_imported_through_the_binary_is_listed_and_exports_the_same_file() {
    let dir = tempfile::tempdir().expect("tmp");
    let (games, _clock) = fresh(&dir).await;
    let id = started(&games).await;
    games
        .submit(id, "germany", &s(&["A mun - bur", "F kie - den"]))
        .await
        .expect("submit");
    games.adjudicate(id, 0).await.expect("adj").expect("played");
    let mut doc = games.export(id).await.expect("export");
    doc["channel"] = Value::Null;
    let file = dir.path().join("game.json");
    std::fs::write(&file, serde_json::to_string_pretty(&doc).expect("json")).expect("write");

    // An empty database of the same backend (a SQLite file that does not exist yet, created
    // by --create; a PostgreSQL database that exists and is empty).
    let url = fresh_url(&dir).await;
    let out = parley(&["import", "--create", &file.display().to_string()], &url);
    assert!(out.status.success(), "import: {}", text(&out.stderr));
    let imported = text(&out.stdout).trim().to_string();
    assert_eq!(imported, "1", "the first game of an empty database");

    let out = parley(&["games"], &url);
    assert!(out.status.success(), "games: {}", text(&out.stderr));
    let listed = text(&out.stdout);
    let line = listed
        .lines()
        .find(|l| l.trim_start().starts_with("1 "))
        .unwrap_or_else(|| panic!("game 1 listed: {listed}"));
    assert!(line.contains("standard") && line.contains("Fall 1901"), "{line}");
    assert!(line.trim_end().ends_with("running"), "{line}");

    let out = parley(&["export", "1"], &url);
    assert!(out.status.success(), "export: {}", text(&out.stderr));
    let back: Value = serde_json::from_slice(&out.stdout).expect("export is JSON");
    assert_eq!(back, doc, "the export gives back the imported file");
}
}

#[tokio::test]
async fn a_missing_postgres_database_or_server_is_a_clear_error_with_the_password_masked() {
    run_on(Backend::Postgres, async {
        let admin = std::env::var("PARLEY_TEST_POSTGRES").expect("set when run_on runs this");
        let name = format!("parley_missing_{}", std::process::id());
        let with_password = admin.replacen("://parley@", "://parley:hunter2@", 1);
        let url = engine::store::with_database(&with_password, &name).expect("url");

        let out = parley(&["games"], &url);
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{stderr}");
        assert!(
            stderr.contains(&format!("no games database {name}")),
            "{stderr}"
        );
        assert!(stderr.contains("parley import --create"), "{stderr}");
        assert!(!stderr.contains("unable to open database file"), "{stderr}");
        if with_password != admin {
            assert!(stderr.contains("parley:***@"), "{stderr}");
            assert!(!stderr.contains("hunter2"), "{stderr}");
        }

        // import --create makes it, and the game lands in it.
        let dir = tempfile::tempdir().expect("tmp");
        let (games, _clock) = fresh(&dir).await;
        let id = started(&games).await;
        let mut doc = games.export(id).await.expect("export");
        doc["channel"] = Value::Null;
        let file = dir.path().join("game.json");
        std::fs::write(&file, doc.to_string()).expect("write");
        let out = parley(&["import", "--create", &file.display().to_string()], &url);
        assert!(out.status.success(), "{}", text(&out.stderr));
        assert_eq!(text(&out.stdout).trim(), "1");
        let out = parley(&["games"], &url);
        assert!(out.status.success(), "{}", text(&out.stderr));
        assert!(text(&out.stdout).contains("standard"));
        let mut conn = <sqlx::PgConnection as sqlx::Connection>::connect(&admin)
            .await
            .expect("admin");
        sqlx::query(sqlx::AssertSqlSafe(format!(
            "DROP DATABASE {name} WITH (FORCE)"
        )))
        .execute(&mut conn)
        .await
        .expect("drop");

        // No server on this port: the URL, masked, and what to check.
        let out = parley(&["games"], "postgres://parley:hunter2@127.0.0.1:1/parley");
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{stderr}");
        assert!(
            stderr.contains(
                "cannot open the games database postgres://parley:***@127.0.0.1:1/parley"
            ),
            "{stderr}"
        );
        assert!(
            stderr.contains("check that the PostgreSQL server runs"),
            "{stderr}"
        );
        assert!(!stderr.contains("hunter2"), "{stderr}");
    })
    .await
}
