//! Shared setup for the games-service tests: a fresh database on the backend under test, a
//! started game, and `on_both_backends!`, which runs one test body on SQLite and on PostgreSQL.
#![allow(dead_code, unused_imports, unused_macros)]

use engine::store::clock::ManualClock;
use engine::store::scratch::{PostgresTests, Scratch};
pub use engine::store::Backend;
use engine::store::{Games, Settings};
use std::future::Future;
use std::sync::{Arc, Mutex};

tokio::task_local! {
    /// The backend the running test body is on, and the databases it made (dropped after it).
    static UNDER_TEST: (Backend, Made);
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
    // The same on a two-thread runtime, for tests that run the real bot beside a fake Discord.
    (multi_thread; $(#[$meta:meta])* async fn $name:ident() $body:block) => {
        $(#[$meta])*
        mod $name {
            use super::*;
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn sqlite() {
                run_on(Backend::Sqlite, async $body).await
            }
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
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
    let made = Made::default();
    let cleanup = Cleanup(made.clone());
    UNDER_TEST.scope((backend, made), body).await;
    for scratch in cleanup.take() {
        scratch.drop_database().await;
    }
}

/// The scratch databases a test body made.
#[derive(Clone, Default)]
pub struct Made(Arc<Mutex<Vec<Scratch>>>);

/// Drops the databases of a test body that panicked (its `run_on` never reaches the end), on a
/// thread of its own since the test's runtime is unwinding.
struct Cleanup(Made);

impl Cleanup {
    fn take(&self) -> Vec<Scratch> {
        std::mem::take(&mut *self.0 .0.lock().unwrap_or_else(|e| e.into_inner()))
    }
}

impl Drop for Cleanup {
    fn drop(&mut self) {
        let left = self.take();
        if left.is_empty() {
            return;
        }
        let _ = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .expect("a runtime to drop scratch databases");
            runtime.block_on(async {
                for scratch in left {
                    scratch.drop_database().await;
                }
            })
        })
        .join();
    }
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
    let _ = UNDER_TEST.try_with(|(_, made)| {
        made.0
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(scratch)
    });
    url
}

/// The URL of the last database [`fresh`] or [`fresh_url`] made in this test.
pub fn database_url() -> String {
    UNDER_TEST
        .try_with(|(_, made)| {
            let made = made.0.lock().unwrap_or_else(|e| e.into_inner());
            made.last().map(|s| s.url.clone())
        })
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

/// Runs one SQL statement with `$1` bound to `id` straight on the database at `url`, as an
/// older release or a hand edit would have written it.
pub async fn raw(url: &str, sql: &str, id: i64) {
    let pool = sqlx::AnyPool::connect(url).await.expect("db");
    sqlx::query(sqlx::AssertSqlSafe(sql.to_string()))
        .bind(id)
        .execute(&pool)
        .await
        .expect("raw write");
    pool.close().await;
}

/// The text column one SQL query with `$1` bound to `id` reads straight from the database.
pub async fn column(url: &str, sql: &str, id: i64) -> Vec<String> {
    let pool = sqlx::AnyPool::connect(url).await.expect("db");
    let out = sqlx::query_scalar(sqlx::AssertSqlSafe(sql.to_string()))
        .bind(id)
        .fetch_all(&pool)
        .await
        .expect("raw read");
    pool.close().await;
    out
}
