//! Games that live in a database (SQLite by default, or PostgreSQL): the engine's persistence
//! layer, the one service API every front end (the Discord bot, the command line) calls. Built
//! only with the `store` feature: the adjudicator itself does no I/O.
//!
//! Every operation that changes a game runs in one transaction, so a crash leaves each game
//! wholly before or wholly after it. Adjudication is keyed by the phase it is for: running it
//! twice for the same phase advances the game once.

mod alliances;
mod archive;
mod ballots;
mod claims;
pub mod clock;
pub mod community;
mod lifecycle;
mod lookup;
mod moderation;
mod orders;
mod outcome;
mod phases;
pub mod press;
pub mod record;
pub mod rng;
pub mod rulebook;
mod sandbox;
pub mod scratch;
mod secrets;
pub mod settings;
pub mod sqlite_file;
mod suggestions;
pub mod text;
mod upgrade;
mod votes;

pub use alliances::{AllianceChange, AllianceView};
pub use archive::Secrets;
pub use ballots::BallotReport;
pub use claims::Claimant;
pub use community::{GameCommunity, PendingClaim, Profile, Scoring, SeatClaim};
pub use lookup::{GameInfo, GameSummary, PhaseView};
pub use moderation::BoardEdit;
pub use outcome::Outcome;
pub use phases::{BrokenGame, Closing, DueGames};
pub use press::{Opened, PressPlan, PressThread, ThreadPlan};
pub use record::{Accepted, OrderRecord, PhaseRecord};
pub use rulebook::RulebookChoice;
pub use sandbox::{SandboxView, SANDBOX_LIFETIME};
pub use secrets::Secret;
pub use settings::{DailyDeadline, NmrPolicy, PressRule, Settings};
pub use suggestions::Orderer;

use ballots::ballots;
use orders::{all_current_orders, missing_orders, needs_nothing};
use phases::surviving_powers;

use crate::case::{position_json, read_position};
use crate::judge::{DislodgedReport, Submitted};
use crate::parse::{parse_location, parse_order, parse_unit};
use crate::phase::PhaseKind;
use crate::position::Position;
use crate::rulebook::Controller;
use crate::unit::PowerId;
use crate::Rules;
use crate::{adjudicate, check_submission};
use clock::{Clock, Timestamp};
use rng::Rng;
use serde::Serialize;
use serde_json::{json, Value};
use sqlx::any::AnyPoolOptions;
use sqlx::AnyPool;
use sqlx::{Executor, Row};
use std::ops::{Deref, DerefMut};
use std::sync::{Arc, Mutex};
use std::time::Duration;

pub type GameId = i64;

#[derive(Debug)]
pub enum GameError {
    /// What the user asked for cannot be done; the message says why and what would work.
    Refused(String),
    NotFound(GameId),
    Db(sqlx::Error),
    /// A failure injected by a test between two steps of an operation.
    Injected(&'static str),
    /// The game was stored under a map whose provinces, coasts, powers or unit kinds were
    /// numbered otherwise than this release's map of its variant numbers them: its typed
    /// records would name other places (see [`crate::Variant::map_fingerprint`]).
    MapChanged {
        game: GameId,
        variant: String,
        stored: String,
        now: String,
    },
}

impl std::fmt::Display for GameError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GameError::Refused(m) => f.write_str(m),
            GameError::NotFound(id) => write!(f, "there is no game {id}"),
            GameError::Db(e) => write!(f, "database error: {e}"),
            GameError::Injected(p) => write!(f, "injected failure at {p}"),
            GameError::MapChanged { game, variant, stored, now } => write!(
                f,
                "game {game} was stored under another map of {variant} (map fingerprint {stored}; this release's is {now}): its provinces or powers are numbered otherwise, so it is not read rather than have its units moved. Export it with the release that stored it (`parley export`) and import the file here (`parley import`): the file names every place by name"
            ),
        }
    }
}

impl std::error::Error for GameError {}

impl From<sqlx::Error> for GameError {
    fn from(e: sqlx::Error) -> Self {
        GameError::Db(e)
    }
}

fn refused(m: impl Into<String>) -> GameError {
    GameError::Refused(m.into())
}

pub type Result<T> = std::result::Result<T, GameError>;

/// The named points between the steps of adjudication where a test may inject a failure.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FailPoint {
    AfterResults,
    AfterNextPhase,
    BeforeCommit,
}

/// Per-order feedback for a submission.
#[derive(Debug, Clone, Serialize)]
pub struct OrderFeedback {
    pub text: String,
    /// The order as understood, when accepted.
    pub accepted: Option<String>,
    pub reason: Option<String>,
    /// Where several of the power's units stand in one province (fleets sharing an ocean)
    /// and each already has an order: the earlier order this one took the place of, and
    /// how many units share the province. The units are alike, so the latest orders
    /// there are theirs; the player is told which one went.
    pub replaced: Option<(String, usize)>,
}

#[derive(Debug, Clone, Serialize)]
pub struct SubmitReport {
    pub feedback: Vec<OrderFeedback>,
    /// The power's whole current order set.
    pub current: Vec<String>,
    /// Units (or adjustments) still without orders.
    pub missing: Vec<String>,
}

/// What one adjudication did, for posting to the channel.
#[derive(Debug, Clone)]
pub struct PhaseReport {
    pub game: GameId,
    pub phase: String,
    pub record: PhaseRecord,
    pub next_phase: String,
    /// Who won, if the game ended: the winner's name, or two allies' names joined by "and"
    /// (`outcome` says which).
    pub finished: Option<String>,
    /// The game's end by centres, typed (a win alone or together).
    pub outcome: Option<Outcome>,
}

/// Called inside an adjudication's transaction just before it commits, with the game and phase.
pub type CommitHook = Arc<dyn Fn(GameId, i64) + Send + Sync>;

/// Which database server holds the games; chosen by the URL's scheme.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    /// `sqlite:` (the default): one file, one writer at a time.
    Sqlite,
    /// `postgres://` or `postgresql://`: a server several bot processes may share.
    Postgres,
}

impl Backend {
    /// The backend a database URL names. A bare path (no scheme) is a SQLite file, as it
    /// always was; any other scheme is refused, naming the ones accepted.
    pub fn of_url(url: &str) -> Result<Backend> {
        let lower = url.trim_start().to_ascii_lowercase();
        if lower.starts_with("postgres://") || lower.starts_with("postgresql://") {
            Ok(Backend::Postgres)
        } else if lower.starts_with("sqlite:") || !lower.contains("://") {
            Ok(Backend::Sqlite)
        } else {
            Err(refused(format!(
                "the database URL {} names a database this bot cannot use; expected \
                 sqlite://FILE (the default) or postgres://USER@HOST:PORT/DATABASE",
                mask_password(url)
            )))
        }
    }
}

/// `url` with any password replaced by `***`, for messages and logs.
pub fn mask_password(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_string();
    };
    let (authority, path) = match rest.find('/') {
        Some(i) => rest.split_at(i),
        None => (rest, ""),
    };
    match authority.rsplit_once('@') {
        Some((user, host)) => match user.split_once(':') {
            Some((name, _)) => format!("{scheme}://{name}:***@{host}{path}"),
            None => url.to_string(),
        },
        None => url.to_string(),
    }
}

/// `url` naming database `name` instead of its own, keeping user, host and parameters.
pub fn with_database(url: &str, name: &str) -> std::result::Result<String, String> {
    let not_postgres = || {
        format!(
            "{} is not a postgres:// or postgresql:// URL",
            mask_password(url)
        )
    };
    if Backend::of_url(url).ok() != Some(Backend::Postgres) {
        return Err(not_postgres());
    }
    let (scheme, rest) = url.split_once("://").ok_or_else(not_postgres)?;
    let (rest, query) = match rest.split_once('?') {
        Some((r, q)) => (r, Some(q)),
        None => (rest, None),
    };
    let authority = rest.split('/').next().unwrap_or(rest);
    let mut out = format!("{scheme}://{authority}/{name}");
    if let Some(q) = query {
        out.push('?');
        out.push_str(q);
    }
    Ok(out)
}

/// The database a PostgreSQL URL names (`parley` in `postgres://u@h/parley?sslmode=...`).
pub fn database_name(url: &str) -> Option<String> {
    let rest = url.split_once("://")?.1;
    let rest = rest.split('?').next().unwrap_or(rest);
    let (_, name) = rest.split_once('/')?;
    (!name.is_empty()).then(|| name.to_string())
}

/// Creates the PostgreSQL database `url` names, connecting to the same server's `postgres`
/// database to do so (`parley import --create` on a new PostgreSQL database).
pub async fn create_postgres_database(url: &str) -> Result<()> {
    use sqlx::Connection;
    let name = database_name(url)
        .ok_or_else(|| refused(format!("{} names no database", mask_password(url))))?;
    let admin = with_database(url, "postgres").map_err(refused)?;
    let mut conn = sqlx::PgConnection::connect(&admin).await?;
    // A quoted identifier: the name is the user's, any character but a double quote.
    if name.contains('"') {
        return Err(refused(format!(
            "the database name {name} may not hold a double quote"
        )));
    }
    let created = sqlx::query(sqlx::AssertSqlSafe(format!("CREATE DATABASE \"{name}\"")))
        .execute(&mut conn)
        .await;
    conn.close().await?;
    match created {
        Ok(_) => Ok(()),
        // Another process created it first (`import --create` run several times at once):
        // the database is there, which is all that was asked. The server says so as "already
        // exists" (42P04) or, when both inserted their catalogue row at the same moment, as a
        // unique violation (23505) on it.
        Err(e)
            if e.as_database_error()
                .and_then(|d| d.code())
                .is_some_and(|c| c == "42P04" || c == "23505") =>
        {
            Ok(())
        }
        Err(e) => Err(e.into()),
    }
}

#[derive(Clone)]
pub struct Games {
    pool: AnyPool,
    backend: Backend,
    url: String,
    clock: Arc<dyn Clock>,
    /// Whose turn it is to write, on SQLite. SQLite takes one writer at a time; queueing
    /// writers here, before they hold a pooled connection, keeps the pool free for readers
    /// however many players act in the same second. PostgreSQL writers queue on advisory
    /// locks in the server instead, per game, across every process.
    writer: Arc<tokio::sync::Mutex<()>>,
    /// Rung after a change that may make a game due (a player ready, a vote cast), so the
    /// scheduler adjudicates at once instead of at its next tick.
    due_soon: Arc<tokio::sync::Notify>,
    suggestions: suggestions::SuggestionCache,
    fail_at: Arc<Mutex<Option<FailPoint>>>,
    before_commit: Arc<Mutex<Option<CommitHook>>>,
}

/// A write transaction. On SQLite: this process's writer turn plus a connection that took
/// SQLite's write lock when it began (`BEGIN IMMEDIATE`), so it never fails half-way with
/// "database is locked" when it tries to upgrade a read. On PostgreSQL: a transaction holding
/// the advisory lock of its game (or of the global writes), taken before anything was read.
/// Dropped without `commit`, it rolls back.
pub(crate) struct Write {
    tx: sqlx::Transaction<'static, sqlx::Any>,
    _turn: Option<tokio::sync::OwnedMutexGuard<()>>,
}

impl Write {
    pub(crate) async fn commit(self) -> std::result::Result<(), sqlx::Error> {
        self.tx.commit().await
    }
}

impl Deref for Write {
    type Target = sqlx::AnyConnection;
    fn deref(&self) -> &sqlx::AnyConnection {
        &self.tx
    }
}

impl DerefMut for Write {
    fn deref_mut(&mut self) -> &mut sqlx::AnyConnection {
        &mut self.tx
    }
}

/// How long a writer waits for another process's write lock (`parley import` while the bot
/// runs) before giving up, on SQLite.
const BUSY_TIMEOUT: Duration = Duration::from_secs(15);
/// Readers (autocomplete, status, maps) each hold a connection briefly; in WAL mode they
/// never wait for the writer.
const POOL_SIZE: u32 = 16;
/// PostgreSQL advisory lock keys are one 64-bit space per database, shared with whatever else
/// uses that database; Parley's keys sit in their own range ("parl" in the high half), a
/// game's key being this plus its id, and writes that concern no one game (creating or
/// importing a game) taking this key itself (no game has id 0).
const LOCK_SPACE: i64 = 0x7061_726c << 32;

struct GameRow {
    variant: Arc<Rules>,
    status: String,
    settings: Settings,
    seed: i64,
    seq: Option<i64>,
    deadline: Option<Timestamp>,
    nmr_waited_seq: Option<i64>,
    /// A member's private sandbox: no deadlines, no attendance (`sandbox.rs`).
    sandbox: bool,
}

/// A SQLite URL that creates its file when missing (`mode=rwc`), unless it says otherwise.
fn sqlite_url(url: &str) -> String {
    let url = if url.starts_with("sqlite:") {
        url.to_string()
    } else {
        format!("sqlite://{url}")
    };
    if url.contains("mode=") {
        url
    } else if url.contains('?') {
        format!("{url}&mode=rwc")
    } else {
        format!("{url}?mode=rwc")
    }
}

impl Games {
    /// Opens the database at `url` (a SQLite file, created if needed, or a PostgreSQL
    /// database, which must exist) and brings its schema up to date.
    pub async fn open(url: &str, clock: Arc<dyn Clock>) -> Result<Games> {
        sqlx::any::install_default_drivers();
        let backend = Backend::of_url(url)?;
        let url = match backend {
            Backend::Sqlite => sqlite_url(url),
            Backend::Postgres => url.to_string(),
        };
        let options = AnyPoolOptions::new().max_connections(POOL_SIZE);
        let options = match backend {
            // The Any driver reads SQLite's settings only from the URL; these are per
            // connection, so each new connection gets them before it is used.
            // A file that is not a whole database is refused here, at once and by name: the
            // pool would retry its connections until its timeout (see `sqlite_file`).
            Backend::Sqlite => {
                sqlite_file::check(&url, Some(BUSY_TIMEOUT)).await?;
                options.after_connect(|conn, _| {
                    Box::pin(async move { sqlite_file::set_up(conn, BUSY_TIMEOUT).await })
                })
            }
            Backend::Postgres => {
                // One connection first: a server that is down or a database that does not
                // exist is reported at once with the server's own error, where the pool would
                // retry until its timeout and only say that it timed out.
                use sqlx::Connection;
                sqlx::AnyConnection::connect(&url).await?.close().await?;
                options
            }
        };
        let pool = options.connect(&url).await?;
        let migrated = match backend {
            // sqlx takes no lock around SQLite migrations: two processes opening a new file
            // at once would both see a migration unapplied and both run it. Holding SQLite's
            // write lock for the whole run (the migrator's own transactions become savepoints
            // inside it) makes the second wait, then find everything applied.
            Backend::Sqlite => {
                let mut tx = pool.begin_with("BEGIN IMMEDIATE").await?;
                match sqlx::migrate!("../migrations/sqlite").run(&mut *tx).await {
                    Ok(()) => tx.commit().await.map_err(Into::into),
                    Err(e) => Err(e),
                }
            }
            Backend::Postgres => sqlx::migrate!("../migrations/postgres").run(&pool).await,
        };
        migrated.map_err(|e| GameError::Db(e.into()))?;
        let games = Games {
            pool,
            backend,
            url,
            clock,
            writer: Arc::new(tokio::sync::Mutex::new(())),
            due_soon: Arc::new(tokio::sync::Notify::new()),
            suggestions: Default::default(),
            fail_at: Arc::new(Mutex::new(None)),
            before_commit: Arc::new(Mutex::new(None)),
        };
        games.upgrade_all().await?;
        Ok(games)
    }

    /// The same service on a pool of its own whose commits do not wait for the disk: on
    /// SQLite `synchronous = NORMAL` (the write-ahead log is synced at checkpoints, not at
    /// every commit), on PostgreSQL `synchronous_commit = off`. Either way the database stays
    /// whole; what a crash of the machine (not of the process) may lose is the last moment's
    /// commits. For the scheduler, whose writes can all be made again: a claim is a lease, a
    /// phase adjudicated again from the same orders comes out the same, and a results post
    /// sent again carries the same nonce. Players' own changes stay on the service they were
    /// given, committed to disk before they are answered. Writers of both services still take
    /// turns (on SQLite one writer turn per process, shared).
    ///
    /// On this machine one fsync takes about 8 ms; a due game takes five commits, so a burst
    /// of a thousand games spent most of its time waiting for the disk.
    pub async fn relaxed(&self) -> Result<Games> {
        let options = AnyPoolOptions::new().max_connections(POOL_SIZE);
        let options = match self.backend {
            Backend::Sqlite => options.after_connect(|conn, _| {
                Box::pin(async move {
                    sqlite_file::set_up(conn, BUSY_TIMEOUT).await?;
                    conn.execute("PRAGMA synchronous = NORMAL").await?;
                    Ok(())
                })
            }),
            Backend::Postgres => options.after_connect(|conn, _| {
                Box::pin(async move {
                    conn.execute("SET synchronous_commit = off").await?;
                    Ok(())
                })
            }),
        };
        let pool = options.connect(&self.url).await?;
        Ok(Games {
            pool,
            ..self.clone()
        })
    }

    /// Closes this service's pool alone (a [`Games::relaxed`] one), leaving the database to
    /// the service it was made from, whose [`Games::close`] tidies the file.
    pub async fn close_pool(&self) {
        self.pool.close().await;
    }

    /// Runs one write statement on its own: on SQLite in this process's writer turn, since a
    /// statement racing the turn's holder for SQLite's write lock waits in SQLite's busy
    /// handler, which sleeps a millisecond or more at a time (a burst's claims and posted marks
    /// beside its adjudications); on PostgreSQL straight on the pool.
    pub(crate) async fn write_one(
        &self,
        q: sqlx::query::Query<'_, sqlx::Any, sqlx::any::AnyArguments>,
    ) -> Result<sqlx::any::AnyQueryResult> {
        match self.backend {
            Backend::Sqlite => {
                let _turn = self.writer.lock().await;
                Ok(q.execute(&self.pool).await?)
            }
            Backend::Postgres => Ok(q.execute(&self.pool).await?),
        }
    }

    /// Which database server this service writes to.
    pub fn backend(&self) -> Backend {
        self.backend
    }

    pub fn now(&self) -> Timestamp {
        self.clock.now()
    }

    /// Begins a write transaction that concerns no one game (creating or importing a game):
    /// on SQLite after this process's other writers; on PostgreSQL after every process's other
    /// such writes.
    pub(crate) async fn write(&self) -> Result<Write> {
        self.begin_write(LOCK_SPACE).await
    }

    /// Begins a write transaction that changes game `id`. On SQLite it is [`Games::write`]
    /// (one writer at a time). On PostgreSQL it waits, before reading anything, for every
    /// other process's writes to the same game, so two processes never both read a phase and
    /// both adjudicate it; writes to different games run side by side.
    pub(crate) async fn write_game(&self, id: GameId) -> Result<Write> {
        self.begin_write(LOCK_SPACE.wrapping_add(id)).await
    }

    async fn begin_write(&self, key: i64) -> Result<Write> {
        match self.backend {
            Backend::Sqlite => {
                let turn = self.writer.clone().lock_owned().await;
                let tx = self.pool.begin_with("BEGIN IMMEDIATE").await?;
                Ok(Write {
                    tx,
                    _turn: Some(turn),
                })
            }
            Backend::Postgres => {
                let mut tx = self.pool.begin().await?;
                // The lock is the transaction's: released by its commit or rollback. The
                // function returns `void`, which the Any driver cannot decode, hence the
                // subquery.
                sqlx::query("SELECT 1 FROM (SELECT pg_advisory_xact_lock($1)) AS locked")
                    .bind(key)
                    .execute(&mut *tx)
                    .await?;
                Ok(Write { tx, _turn: None })
            }
        }
    }

    /// Tells the scheduler a game may have become due (everyone ready, a vote cast).
    fn may_be_due(&self) {
        self.due_soon.notify_one();
    }

    /// Resolves when a change may have made a game due; the scheduler waits on it beside its
    /// tick. A notice given while nobody waits is kept for the next wait.
    pub async fn wait_until_may_be_due(&self) {
        self.due_soon.notified().await
    }

    /// Makes the next adjudication fail at this point (tests only).
    pub fn inject_failure(&self, at: Option<FailPoint>) {
        *self.fail_at.lock().unwrap_or_else(|e| e.into_inner()) = at;
    }

    /// Runs `hook` inside every adjudication just before it commits (crash tests stop the
    /// process there).
    pub fn on_before_commit(&self, hook: Option<CommitHook>) {
        *self.before_commit.lock().unwrap_or_else(|e| e.into_inner()) = hook;
    }

    /// Closes the database: every connection of this service and its clones, waiting for
    /// those in use to be handed back. On SQLite the write-ahead log is then folded into the
    /// file and emptied, so the file holds everything and can be copied alone; the last
    /// connection to close (this one, unless another process has the file open) removes the
    /// `-wal` and `-shm` files. Every command and the bot close the database this way when
    /// they finish or stop.
    pub async fn close(&self) -> Result<()> {
        self.pool.close().await;
        match self.backend {
            Backend::Sqlite => sqlite_file::fold_log(&self.url).await,
            Backend::Postgres => Ok(()),
        }
    }

    /// [`Games::close`], and on SQLite the journal switched back from the write-ahead log to a
    /// rollback journal, so the file stays one file even if a reader opens it with a tool
    /// that writes (opening it again with [`Games::open`] turns the write-ahead log back on).
    /// For a database handed over as a file (the demo's).
    pub async fn close_into_one_file(self) -> Result<()> {
        self.close().await?;
        if self.backend == Backend::Postgres {
            return Ok(());
        }
        // Leaving WAL mode needs the only connection to the file.
        use sqlx::Connection;
        let mut conn = sqlx::AnyConnection::connect(&self.url).await?;
        conn.execute("PRAGMA journal_mode = DELETE").await?;
        conn.close().await?;
        Ok(())
    }

    fn fail_point(&self, here: FailPoint, name: &'static str) -> Result<()> {
        if *self.fail_at.lock().unwrap_or_else(|e| e.into_inner()) == Some(here) {
            return Err(GameError::Injected(name));
        }
        Ok(())
    }

    async fn game(&self, tx: &mut sqlx::AnyConnection, id: GameId) -> Result<GameRow> {
        let row = sqlx::query(
            "SELECT variant, rulebook, status, settings, seed, current_seq, deadline_at, nmr_waited_seq, hidden, map_fingerprint, sandbox_owner FROM games WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(&mut *tx)
        .await?
        .ok_or(GameError::NotFound(id))?;
        let variant_id: String = row.get("variant");
        let stored: String = row.get("rulebook");
        let stored: Value = serde_json::from_str(&stored).unwrap_or(Value::Null);
        let settings: String = row.get("settings");
        let settings: Settings = serde_json::from_str(&settings).unwrap_or_default();
        let seed: i64 = row.get("seed");
        let hidden = secrets::stored(&variant_id, seed, row.get("hidden"));
        let variant =
            rulebook::load_stored(&variant_id, &stored, &settings.variant_options, &hidden)?;
        let fingerprint: Option<String> = row.get("map_fingerprint");
        if let Some(stored) = fingerprint.filter(|f| *f != variant.map_fingerprint) {
            return Err(GameError::MapChanged {
                game: id,
                variant: variant.name.clone(),
                stored,
                now: variant.map_fingerprint.clone(),
            });
        }
        Ok(GameRow {
            variant,
            status: row.get("status"),
            settings,
            seed,
            seq: row.get("current_seq"),
            deadline: row.get("deadline_at"),
            nmr_waited_seq: row.get("nmr_waited_seq"),
            sandbox: row.get::<Option<String>, _>("sandbox_owner").is_some(),
        })
    }
}

/// Whether a phase needs nobody's orders (a retreat phase with no unit that can retreat, an
/// adjustment with nothing due or to vote on): such a phase is adjudicated the moment the game
/// enters it, and its results are told in the post of the phase before it.
pub fn decided_on_the_spot(v: &Rules, position: &Position) -> bool {
    needs_nothing(v, position)
}

/// The powers players hold (every power but those ordered by vote, such as the Pirates).
fn player_powers(v: &Rules) -> Vec<PowerId> {
    v.powers_ordered_by(Controller::Player)
}

/// The power a player can hold that `power` names, or a refusal listing those powers.
fn player_power(v: &Rules, power: &str) -> Result<PowerId> {
    v.power_by_name(power)
        .filter(|p| player_powers(v).contains(p))
        .ok_or_else(|| {
            refused(format!(
                "'{}' is not a power a player can hold in {}; the powers are {}",
                text::quote(power),
                v.name,
                power_list(v)
            ))
        })
}

fn power_list(v: &Rules) -> String {
    player_powers(v)
        .into_iter()
        .map(|p| v.display_name(p))
        .collect::<Vec<_>>()
        .join(", ")
}

async fn insert_phase(
    tx: &mut sqlx::AnyConnection,
    v: &Rules,
    id: GameId,
    seq: i64,
    p: &Position,
) -> Result<()> {
    archive::storable(v, seq, p)?;
    sqlx::query("INSERT INTO phases (game_id, seq, name, position) VALUES ($1, $2, $3, $4)")
        .bind(id)
        .bind(seq)
        .bind(v.calendar.name(p.phase))
        .bind(position_json(v, p).to_string())
        .execute(&mut *tx)
        .await?;
    Ok(())
}

async fn record_results(
    tx: &mut sqlx::AnyConnection,
    id: GameId,
    seq: i64,
    record: &PhaseRecord,
    at: Timestamp,
) -> Result<()> {
    let text = serde_json::to_string(record)
        .map_err(|e| refused(format!("the phase record could not be written: {e}")))?;
    sqlx::query(
        "UPDATE phases SET results = $1, adjudicated_at = $2 WHERE game_id = $3 AND seq = $4",
    )
    .bind(text)
    .bind(at)
    .bind(id)
    .bind(seq)
    .execute(&mut *tx)
    .await?;
    Ok(())
}

async fn load_position(
    conn: &mut sqlx::AnyConnection,
    v: &Arc<Rules>,
    id: GameId,
    seq: i64,
) -> Result<Position> {
    let text: String =
        sqlx::query_scalar("SELECT position FROM phases WHERE game_id = $1 AND seq = $2")
            .bind(id)
            .bind(seq)
            .fetch_optional(&mut *conn)
            .await?
            .ok_or_else(|| refused(format!("game {id} has no phase {seq}")))?;
    let value: Value = serde_json::from_str(&text)
        .map_err(|e| refused(format!("stored position is not JSON: {e}")))?;
    read_position(v.clone(), &value).map_err(|e| refused(format!("stored position: {e}")))
}

async fn audit(
    tx: &mut sqlx::AnyConnection,
    id: GameId,
    at: Timestamp,
    actor: &str,
    action: &str,
    detail: &str,
) -> Result<()> {
    sqlx::query(
        "INSERT INTO audit (game_id, at, actor, action, detail) VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(id)
    .bind(at)
    .bind(actor)
    .bind(action)
    .bind(detail)
    .execute(&mut *tx)
    .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{database_name, mask_password, with_database};

    #[test]
    fn a_url_for_another_database_keeps_the_server_and_its_parameters() {
        assert_eq!(
            with_database("postgres://parley@127.0.0.1:5432/postgres", "parley_t_1").unwrap(),
            "postgres://parley@127.0.0.1:5432/parley_t_1"
        );
        assert_eq!(
            with_database("postgresql://u:pw@h/db?sslmode=disable", "x").unwrap(),
            "postgresql://u:pw@h/x?sslmode=disable"
        );
        assert_eq!(
            with_database("postgres://h", "x").unwrap(),
            "postgres://h/x"
        );
        let err = with_database("sqlite://a.db", "x").unwrap_err();
        assert!(err.contains("not a postgres://"), "{err}");
        assert_eq!(
            database_name("postgres://u:pw@h:5432/games?sslmode=disable").as_deref(),
            Some("games")
        );
        assert_eq!(database_name("postgres://h"), None);
        assert_eq!(
            mask_password("postgres://parley:hunter2@db:5432/parley"),
            "postgres://parley:***@db:5432/parley"
        );
        assert_eq!(
            mask_password("postgres://parley@db/parley"),
            "postgres://parley@db/parley"
        );
    }
}
