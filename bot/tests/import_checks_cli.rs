//! `parley import` checks every part of a game file before it stores anything, through the
//! real binary: results given as typed records (the database's own form, power and province
//! numbers) naming power 99 or province 9999, a finished game with no outcome, a paused game
//! with no time left and a key written twice are each refused naming the field, the database
//! unchanged; the same typed record untouched imports.

mod common;
use common::*;
use serde_json::Value;
use sqlx::{Connection, Row};
use std::path::Path;
use std::process::{Command, Output};

fn import(file: &Path, db: &Path, create: bool) -> Output {
    let mut args = vec!["import".to_string()];
    if create {
        args.push("--create".into());
    }
    args.push(file.display().to_string());
    Command::new(env!("CARGO_BIN_EXE_parley"))
        .args(&args)
        .env("DATABASE_URL", format!("sqlite://{}", db.display()))
        .output()
        .expect("parley runs")
}

fn text(out: &[u8]) -> String {
    String::from_utf8_lossy(out).into_owned()
}

/// Rows in the games and phases tables.
async fn rows(db: &Path) -> (i64, i64) {
    let url = format!("sqlite://{}?mode=ro", db.display());
    let mut conn = sqlx::SqliteConnection::connect(&url).await.expect("open");
    let games: i64 = sqlx::query("SELECT COUNT(*) FROM games")
        .fetch_one(&mut conn)
        .await
        .expect("count")
        .get(0);
    let phases: i64 = sqlx::query("SELECT COUNT(*) FROM phases")
        .fetch_one(&mut conn)
        .await
        .expect("count")
        .get(0);
    conn.close().await.expect("close");
    (games, phases)
}

/// Phase 0's results as the database keeps them: a typed record.
async fn typed_record(db: &Path) -> Value {
    let url = format!("sqlite://{}?mode=ro", db.display());
    let mut conn = sqlx::SqliteConnection::connect(&url).await.expect("open");
    let stored: String = sqlx::query("SELECT results FROM phases WHERE game_id = 1 AND seq = 0")
        .fetch_one(&mut conn)
        .await
        .expect("results")
        .get(0);
    conn.close().await.expect("close");
    assert!(stored.starts_with("{\"orders\":"), "{stored}");
    serde_json::from_str(&stored).expect("json")
}

#[tokio::test]
async fn every_part_of_a_game_file_is_checked_before_anything_is_stored() {
    let dir = tempfile::tempdir().expect("tmp");
    let (games, _clock) = fresh(&dir).await;
    let id = started(&games).await;
    // A bounce, so the record holds causes naming rivals and provinces.
    games
        .submit(id, "germany", &s(&["A mun - bur", "F kie - den"]))
        .await
        .expect("submit");
    games
        .submit(id, "france", &s(&["A par - bur"]))
        .await
        .expect("submit");
    games.adjudicate(id, 0).await.expect("adj").expect("played");
    let mut doc = games.export(id).await.expect("export");
    doc["channel"] = Value::Null;
    let file = dir.path().join("game.json");
    let db = dir.path().join("imported.db");
    std::fs::write(&file, doc.to_string()).expect("write");
    let out = import(&file, &db, true);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let record = typed_record(&db).await;
    let before = rows(&db).await;

    let with_record = |change: &dyn Fn(&mut Value)| {
        let mut d = doc.clone();
        let mut r = record.clone();
        change(&mut r);
        d["phases"][0]["results"] = r;
        d.to_string()
    };
    let order_of = |r: &Value, what: &str| {
        r["orders"]
            .as_array()
            .expect("orders")
            .iter()
            .position(|o| o["text"] == what)
            .unwrap_or_else(|| panic!("{what} in {r}"))
    };
    let par = order_of(&record, "A par - bur");
    assert_eq!(
        record["orders"][par]["result"]["cause"]["cause"], "bounced",
        "{record}"
    );
    let cases: Vec<(&str, String, String)> = vec![
        (
            "an order of power 99",
            with_record(&|r| r["orders"][0]["power"] = 99.into()),
            "phases[0].results.orders[0].power: 99 is not a power of Standard".into(),
        ),
        (
            "a bounce in province 9999",
            with_record(&|r| r["orders"][par]["result"]["cause"]["at"] = 9999.into()),
            format!("phases[0].results.orders[{par}].result.cause.at: 9999 is not a province of Standard"),
        ),
        (
            "a unit after the phase in province 9999",
            with_record(&|r| r["after"]["units"][0]["location"]["province"] = 9999.into()),
            "phases[0].results.after.units[0].location.province: 9999 is not a province".into(),
        ),
        (
            "a rival of power 99",
            with_record(&|r| {
                r["orders"][par]["result"]["cause"]["rivals"][0]["power"] = 99.into()
            }),
            format!("phases[0].results.orders[{par}].result.cause.rivals[0].power: 99 is not a power"),
        ),
        (
            "a centre owned by power 99",
            with_record(&|r| r["after"]["owners"][0] = 99.into()),
            "phases[0].results.after.owners[0]: 99 is not a power".into(),
        ),
        (
            "a finished game with no outcome",
            {
                let mut d = doc.clone();
                d["status"] = "finished".into();
                d.to_string()
            },
            "outcome: a finished game says how it ended".into(),
        ),
        (
            "a paused game with no time left",
            {
                let mut d = doc.clone();
                d["status"] = "paused".into();
                d["deadline_at"] = Value::Null;
                d["paused_left"] = Value::Null;
                d.to_string()
            },
            "paused_left: a paused game keeps the seconds its phase had left".into(),
        ),
        (
            "a key written twice",
            doc.to_string().replacen(
                "\"status\":\"running\"",
                "\"status\":\"running\",\"status\":\"finished\"",
                1,
            ),
            "field `status` is written twice in one object".into(),
        ),
    ];
    for (what, file_text, reason) in cases {
        std::fs::write(&file, &file_text).expect("write");
        let out = import(&file, &db, false);
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{what}: {stderr}");
        assert!(out.stdout.is_empty(), "{what}: printed a game id");
        assert!(
            stderr.starts_with("error: the game file is refused: ") && stderr.contains(&reason),
            "{what}: expected {reason:?} in {stderr}"
        );
        assert_eq!(rows(&db).await, before, "{what}: the database changed");
    }

    // The typed record as the database wrote it imports, and reads back.
    std::fs::write(&file, with_record(&|_| {})).expect("write");
    let out = import(&file, &db, false);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout).trim(), "2");
    let out = Command::new(env!("CARGO_BIN_EXE_parley"))
        .args(["export", "2"])
        .env("DATABASE_URL", format!("sqlite://{}", db.display()))
        .output()
        .expect("parley runs");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let back: Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(back["phases"][0]["results"], doc["phases"][0]["results"]);
}

on_both_backends! {
async fn four_imports_creating_the_database_at_once_each_store_their_game() {
    let dir = tempfile::tempdir().expect("tmp");
    let (games, _clock) = fresh(&dir).await;
    let id = started(&games).await;
    let mut doc = games.export(id).await.expect("export");
    doc["channel"] = Value::Null;
    let file = dir.path().join("game.json");
    std::fs::write(&file, doc.to_string()).expect("write");
    // A database that does not exist yet: a new file, or a new database on the server.
    let name = format!("parley_four_{}_{}", std::process::id(), id);
    let admin = std::env::var("PARLEY_TEST_POSTGRES").unwrap_or_default();
    let url = match backend() {
        Backend::Sqlite => format!("sqlite://{}", dir.path().join("four.db").display()),
        Backend::Postgres => engine::store::with_database(&admin, &name).expect("url"),
    };
    let children: Vec<_> = (0..4)
        .map(|_| {
            Command::new(env!("CARGO_BIN_EXE_parley"))
                .args(["import", "--create", &file.display().to_string()])
                .env("DATABASE_URL", &url)
                .stdout(std::process::Stdio::piped())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .expect("parley runs")
        })
        .collect();
    let mut ids: Vec<String> = children
        .into_iter()
        .map(|c| {
            let out = c.wait_with_output().expect("waits");
            assert!(out.status.success(), "{}", text(&out.stderr));
            text(&out.stdout).trim().to_string()
        })
        .collect();
    ids.sort();
    assert_eq!(ids, ["1", "2", "3", "4"]);
    if backend() == Backend::Postgres {
        let mut conn = <sqlx::PgConnection as sqlx::Connection>::connect(&admin)
            .await
            .expect("admin");
        sqlx::query(sqlx::AssertSqlSafe(format!(
            "DROP DATABASE {name} WITH (FORCE)"
        )))
        .execute(&mut conn)
        .await
        .expect("drop");
    }
}
}
