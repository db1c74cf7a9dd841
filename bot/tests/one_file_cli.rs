//! The SQLite games database is one file, through the real binary: `parley import --create`,
//! `parley games` and a bot stopped with SIGTERM each leave a `.db` with no write-ahead log
//! beside it (or an empty one) that opens alone, copied without anything else; and a path that
//! is not a SQLite database, or one cut short, is refused at once naming it, not after the
//! pool's 30 s timeout. The bot's log, read from a pipe, has no colour codes.

mod common;
mod fake_discord;

use common::*;
use fake_discord::harness::{reply_to, spawn_bot_with, stop, use_database, LIMIT};
use fake_discord::{FakeDiscord, Invoker, MODERATOR};
use serde_json::{json, Value};
use sqlx::{Connection, Row};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

fn parley(args: &[&str], db: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_parley"))
        .args(args)
        .env("DATABASE_URL", format!("sqlite://{}", db.display()))
        .output()
        .expect("parley runs")
}

fn text(out: &[u8]) -> String {
    String::from_utf8_lossy(out).into_owned()
}

/// A game file as `parley export` writes it, of a game one phase in.
async fn game_file(dir: &tempfile::TempDir) -> PathBuf {
    let (games, _clock) = fresh(dir).await;
    let id = started(&games).await;
    games
        .submit(id, "germany", &s(&["A mun - bur"]))
        .await
        .expect("submit");
    games.adjudicate(id, 0).await.expect("adj").expect("played");
    let mut doc = games.export(id).await.expect("export");
    doc["channel"] = Value::Null;
    let file = dir.path().join("game.json");
    std::fs::write(&file, doc.to_string()).expect("write");
    file
}

/// Asserts that `db` is the whole database: no write-ahead log with anything in it beside it,
/// and a copy of the file alone, in a folder of its own, opens and holds `games` games.
async fn one_self_contained_file(db: &Path, games: i64, what: &str) {
    let wal = PathBuf::from(format!("{}-wal", db.display()));
    if let Ok(meta) = std::fs::metadata(&wal) {
        assert_eq!(meta.len(), 0, "{what}: {} holds pages", wal.display());
    }
    let alone = tempfile::tempdir().expect("tmp");
    let copy = alone.path().join("copy.db");
    std::fs::copy(db, &copy).expect("copy the .db alone");
    let url = format!("sqlite://{}?mode=ro", copy.display());
    let mut conn = sqlx::SqliteConnection::connect(&url)
        .await
        .unwrap_or_else(|e| panic!("{what}: the copy does not open: {e}"));
    let check: String = sqlx::query("PRAGMA integrity_check")
        .fetch_one(&mut conn)
        .await
        .unwrap_or_else(|e| panic!("{what}: the copy cannot be checked: {e}"))
        .get(0);
    assert_eq!(check, "ok", "{what}");
    let n: i64 = sqlx::query("SELECT COUNT(*) FROM games")
        .fetch_one(&mut conn)
        .await
        .unwrap_or_else(|e| panic!("{what}: the copy has no games table: {e}"))
        .get(0);
    assert_eq!(n, games, "{what}: the games in the copy");
    conn.close().await.expect("close");
}

#[tokio::test]
async fn import_create_and_games_leave_one_database_file_that_opens_alone() {
    let dir = tempfile::tempdir().expect("tmp");
    let file = game_file(&dir).await;
    let db = dir.path().join("new.db");
    let out = parley(&["import", "--create", &file.display().to_string()], &db);
    assert!(out.status.success(), "import: {}", text(&out.stderr));
    assert_eq!(text(&out.stdout).trim(), "1");
    one_self_contained_file(&db, 1, "after import --create").await;

    let out = parley(&["import", &file.display().to_string()], &db);
    assert!(out.status.success(), "import: {}", text(&out.stderr));
    let out = parley(&["games"], &db);
    assert!(out.status.success(), "games: {}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("Fall 1901"),
        "{}",
        text(&out.stdout)
    );
    one_self_contained_file(&db, 2, "after import and games").await;

    let out = parley(&["export", "2"], &db);
    assert!(out.status.success(), "export: {}", text(&out.stderr));
    one_self_contained_file(&db, 2, "after export").await;
}

/// Runs `parley games` on `db` and returns its error message, asserting that it failed at
/// once (well inside the pool's 30 s timeout: a behaviour, not a benchmark).
fn refused_at_once(db: &Path) -> String {
    let started = Instant::now();
    let out = parley(&["games"], db);
    let took = started.elapsed();
    assert!(
        took < Duration::from_secs(5),
        "took {took:?}: {}",
        text(&out.stderr)
    );
    assert!(!out.status.success(), "{}", text(&out.stdout));
    let err = text(&out.stderr);
    assert!(
        err.contains(&db.display().to_string()),
        "names the path: {err}"
    );
    assert!(!err.contains("timed out"), "{err}");
    err
}

#[tokio::test]
async fn a_file_that_is_not_a_database_or_is_cut_short_is_refused_at_once_naming_it() {
    let dir = tempfile::tempdir().expect("tmp");
    let notes = dir.path().join("notes.db");
    std::fs::write(&notes, "my notes\nnot a database\n").expect("write");
    let err = refused_at_once(&notes);
    assert!(err.contains("is not a SQLite database"), "{err}");
    assert_eq!(
        std::fs::read_to_string(&notes).expect("read"),
        "my notes\nnot a database\n",
        "the file is left as it was"
    );

    // A real games database, cut short as a copy of a file still being written may be.
    let file = game_file(&dir).await;
    let db = dir.path().join("cut.db");
    let out = parley(&["import", "--create", &file.display().to_string()], &db);
    assert!(out.status.success(), "import: {}", text(&out.stderr));
    let whole = std::fs::read(&db).expect("read");
    assert!(whole.len() > 8192, "{} bytes", whole.len());
    std::fs::write(&db, &whole[..whole.len() / 2]).expect("cut");
    let err = refused_at_once(&db);
    assert!(
        err.contains("is damaged") && err.contains("cut short"),
        "{err}"
    );

    // Its header alone.
    std::fs::write(&db, &whole[..60]).expect("cut");
    let err = refused_at_once(&db);
    assert!(err.contains("shorter than the 100-byte header"), "{err}");

    // An empty SQLite database (what a copy of the file taken without its write-ahead log
    // holds) is no games database; the command does not make it one.
    let empty = dir.path().join("empty.db");
    std::fs::write(&empty, "").expect("write");
    let err = refused_at_once(&empty);
    assert!(err.contains("holds no games database"), "{err}");
    assert_eq!(std::fs::metadata(&empty).expect("meta").len(), 0);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_bot_stopped_with_sigterm_leaves_one_database_file_that_opens_alone() {
    let dir = tempfile::tempdir().expect("tmp");
    let db = dir.path().join("bot.db");
    use_database(dir.path(), &format!("sqlite://{}", db.display()));
    let clock = dir.path().join("now");
    std::fs::write(&clock, "2000000000").expect("clock");
    let fake = FakeDiscord::start().await;
    let alive = dir.path().join("alive");
    // Its log read from a pipe, as Docker or systemd read it: no colour codes in it.
    let mut bot = spawn_bot_with(
        dir.path(),
        &fake.base(),
        &clock,
        &[
            ("PARLEY_TICK_MS", "100"),
            ("PARLEY_HEALTH_FILE", alive.to_str().expect("utf8")),
        ],
        true,
    );
    let mut stdout = bot.stdout.take().expect("the log");
    let log = tokio::spawn(async move {
        use tokio::io::AsyncReadExt;
        let mut text = String::new();
        let _ = stdout.read_to_string(&mut text).await;
        text
    });
    fake.wait_ready(LIMIT).await;
    let id = fake.command(
        &Invoker::in_channel(800_000_000_000_000_000, 930_000_000_000_000_002, MODERATOR),
        "game",
        "create",
        json!([{"name": "variant", "type": 3, "value": "standard"}]),
    );
    let created = fake.wait_for("/game create", LIMIT, reply_to(id)).await;
    assert!(created.content.contains("Game 1 created"), "{created:?}");
    // While the bot runs, the write-ahead log holds its writes: the stop has work to do.
    let wal = dir.path().join("bot.db-wal");
    let live = std::fs::metadata(&wal).map(|m| m.len()).unwrap_or(0);
    assert!(live > 0, "the running bot's log is empty");
    stop(bot).await;
    one_self_contained_file(&db, 1, "after the bot stopped").await;
    // Every tick wrote the bot's clock into the health file a container's check reads.
    let written = std::fs::read_to_string(&alive).expect("the health file");
    assert_eq!(written, "2000000000");
    let log = log.await.expect("the log is read");
    assert!(log.contains("games database closed"), "{log}");
    assert!(
        !log.contains('\x1b'),
        "colour codes in a piped log: {log:?}"
    );
    assert!(fake.unexpected().is_empty(), "{:?}", fake.unexpected());
}
