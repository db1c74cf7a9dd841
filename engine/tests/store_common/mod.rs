//! Shared setup for the games-service tests: a fresh database on the backend under test, a
//! started game, and `on_both_backends!`, which runs one test body on SQLite and on PostgreSQL.
#![allow(dead_code, unused_imports, unused_macros)]

use engine::store::clock::ManualClock;
use engine::store::scratch::{PostgresTests, Scratch};
pub use engine::store::Backend;
use engine::store::{Games, Settings};
use std::cell::RefCell;
use std::future::Future;
use std::sync::Arc;

tokio::task_local! {
    /// The backend the running test body is on, and the databases it made (dropped after it).
    static UNDER_TEST: (Backend, RefCell<Vec<Scratch>>);
}

/// Turns `async fn name() { body }` into two tests, `name::sqlite` and `name::postgres`, each
/// running the body with [`fresh`] giving a database on that backend. The PostgreSQL test runs
/// when `PARLEY_TEST_POSTGRES` names a server, fails when it does not and `CI` is set, and is
/// skipped with a line on stderr otherwise.
macro_rules! on_both_backends {
    ($(#[$meta:meta])* async fn $name:ident() $body:block) => {
        $(#[$meta])*
        mod $name {
            use super::*;
            #[tokio::test]
            async fn sqlite() {
                run_on(Backend::Sqlite, async $body).await
            }
            #[tokio::test]
            async fn postgres() {
                run_on(Backend::Postgres, async $body).await
            }
        }
    };
}
pub(crate) use on_both_backends;

/// Runs a test body with `backend` under test, then drops the databases it made.
pub async fn run_on(backend: Backend, body: impl Future<Output = ()>) {
    if backend == Backend::Postgres {
        match PostgresTests::from_env() {
            PostgresTests::Run { .. } => {}
            PostgresTests::Skip => {
                eprintln!(
                    "skipped on PostgreSQL: set PARLEY_TEST_POSTGRES to an administrator URL \
                     (postgres://USER@HOST:PORT/postgres) to run it"
                );
                return;
            }
            PostgresTests::Missing => panic!(
                "CI is set but PARLEY_TEST_POSTGRES is not: the PostgreSQL tests must run in CI \
                 (.ci/run starts a server and sets it)"
            ),
        }
    }
    UNDER_TEST
        .scope((backend, RefCell::new(Vec::new())), async {
            body.await;
            let made = UNDER_TEST.with(|(_, made)| made.take());
            for scratch in made {
                scratch.drop_database().await;
            }
        })
        .await
}

/// The backend under test: SQLite outside [`run_on`] (a test not yet on both backends).
pub fn backend() -> Backend {
    UNDER_TEST.try_with(|(b, _)| *b).unwrap_or(Backend::Sqlite)
}

/// A fresh, empty database URL on the backend under test (a file in `dir` for SQLite).
pub async fn fresh_url(dir: &tempfile::TempDir) -> String {
    fresh_url_on(backend(), dir).await
}

/// A fresh, empty database URL on `backend`, dropped with the others after the test body.
pub async fn fresh_url_on(backend: Backend, dir: &tempfile::TempDir) -> String {
    let scratch = Scratch::new(backend, dir.path())
        .await
        .expect("a scratch database");
    let url = scratch.url.clone();
    let _ = UNDER_TEST.try_with(|(_, made)| made.borrow_mut().push(scratch));
    url
}

/// The URL of the last database [`fresh`] or [`fresh_url`] made in this test.
pub fn database_url() -> String {
    UNDER_TEST
        .try_with(|(_, made)| made.borrow().last().map(|s| s.url.clone()))
        .ok()
        .flatten()
        .expect("a database made by fresh() in run_on")
}

pub const T0: i64 = 2_000_000_000;

pub const POWERS: [&str; 7] = [
    "Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey",
];

pub async fn fresh(dir: &tempfile::TempDir) -> (Games, ManualClock) {
    let clock = ManualClock::at(T0);
    let url = fresh_url(dir).await;
    (
        Games::open(&url, Arc::new(clock.clone()))
            .await
            .expect("opens"),
        clock,
    )
}

/// A started Standard game with one player per power, each holding the power they asked for
/// (the user id is the power's name in lower case).
pub async fn started(games: &Games) -> i64 {
    started_with(games, "chan", Settings::default()).await
}

pub async fn started_with(games: &Games, channel: &str, settings: Settings) -> i64 {
    let id = games
        .create(Some("guild"), Some(channel), "standard", settings, 7)
        .await
        .expect("create");
    fill_and_start(games, id).await;
    id
}

/// Seats one player per power of Standard's seven (Davis has the same) and starts the game.
pub async fn fill_and_start(games: &Games, id: i64) {
    for p in POWERS {
        games
            .join(id, &p.to_lowercase(), Some(p))
            .await
            .expect("join");
    }
    games.start(id).await.expect("start");
}

pub fn s(v: &[&str]) -> Vec<String> {
    v.iter().map(|x| x.to_string()).collect()
}
