//! Throwaway games databases for tests and benchmarks, on either backend: a SQLite file in a
//! folder the caller owns, or a new database on the PostgreSQL server named by
//! `PARLEY_TEST_POSTGRES`. Not for production use: nothing here is kept.

use super::{create_postgres_database, mask_password, with_database, Backend, GameError};
use sqlx::Connection;
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};

/// The environment variable naming a PostgreSQL server tests may create databases on: an
/// administrator's URL such as `postgres://parley@127.0.0.1:5432/postgres`.
pub const POSTGRES_ENV: &str = "PARLEY_TEST_POSTGRES";

/// Whether the PostgreSQL variant of a test runs, from the environment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PostgresTests {
    /// `PARLEY_TEST_POSTGRES` is set: create databases on this server.
    Run { admin_url: String },
    /// Not set, outside CI: the PostgreSQL variants are skipped (each says so on stderr).
    Skip,
    /// Not set but `CI` is: the PostgreSQL variants must fail rather than pass unrun.
    Missing,
}

impl PostgresTests {
    pub fn from_env() -> PostgresTests {
        match std::env::var(POSTGRES_ENV) {
            Ok(url) if !url.trim().is_empty() => PostgresTests::Run {
                admin_url: url.trim().to_string(),
            },
            _ if std::env::var_os("CI").is_some_and(|v| !v.is_empty()) => PostgresTests::Missing,
            _ => PostgresTests::Skip,
        }
    }
}

/// A throwaway database: its URL, and on PostgreSQL what is needed to drop it.
#[derive(Debug, Clone)]
pub struct Scratch {
    pub backend: Backend,
    pub url: String,
    admin: Option<(String, String)>,
}

#[derive(Debug, thiserror::Error)]
pub enum ScratchError {
    #[error("{0}")]
    Url(String),
    #[error(
        "{POSTGRES_ENV} is not set; set it to a PostgreSQL administrator URL such as \
         postgres://parley@127.0.0.1:5432/postgres to run the PostgreSQL tests"
    )]
    NoServer,
    #[error("cannot create a scratch database on {server}: {source}")]
    Create {
        server: String,
        #[source]
        source: GameError,
    },
}

/// Tells scratch databases apart within one process; the process id and the time tell
/// processes apart.
static NEXT: AtomicU64 = AtomicU64::new(0);

fn unique_suffix() -> String {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() % 1_000_000_000_000)
        .unwrap_or(0);
    format!(
        "{}_{}_{}",
        std::process::id(),
        nanos,
        NEXT.fetch_add(1, Ordering::Relaxed)
    )
}

impl Scratch {
    /// A fresh database on `backend`: a new SQLite file in `dir` (`games.db`, or a unique name
    /// when that is taken), or a new PostgreSQL database
    /// `parley_t_<unique>` on the server of `PARLEY_TEST_POSTGRES`.
    pub async fn new(backend: Backend, dir: &Path) -> Result<Scratch, ScratchError> {
        match backend {
            Backend::Sqlite => {
                let mut file = dir.join("games.db");
                if file.exists() {
                    file = dir.join(format!("games_{}.db", unique_suffix()));
                }
                Ok(Scratch {
                    backend,
                    url: format!("sqlite://{}", file.display()),
                    admin: None,
                })
            }
            Backend::Postgres => match PostgresTests::from_env() {
                PostgresTests::Run { admin_url } => Scratch::on_server(&admin_url).await,
                _ => Err(ScratchError::NoServer),
            },
        }
    }

    /// A fresh database on the PostgreSQL server `admin_url` names (its user must be allowed
    /// to create databases).
    pub async fn on_server(admin_url: &str) -> Result<Scratch, ScratchError> {
        let name = format!("parley_t_{}", unique_suffix());
        let url = with_database(admin_url, &name).map_err(ScratchError::Url)?;
        create_postgres_database(&url)
            .await
            .map_err(|source| ScratchError::Create {
                server: mask_password(admin_url),
                source,
            })?;
        Ok(Scratch {
            backend: Backend::Postgres,
            url,
            admin: Some((admin_url.to_string(), name)),
        })
    }

    /// Drops the database (PostgreSQL, closing whatever connections are still open to it);
    /// a SQLite file goes with its folder. Failing to drop is only reported: the server is a
    /// throwaway one.
    pub async fn drop_database(&self) {
        let Some((admin_url, name)) = &self.admin else {
            return;
        };
        let dropped = async {
            let mut conn = sqlx::PgConnection::connect(admin_url).await?;
            sqlx::query(sqlx::AssertSqlSafe(format!(
                "DROP DATABASE IF EXISTS {name} WITH (FORCE)"
            )))
            .execute(&mut conn)
            .await?;
            conn.close().await
        };
        if let Err(e) = dropped.await {
            eprintln!("scratch database {name} left behind: {e}");
        }
    }
}
