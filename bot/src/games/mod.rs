//! Games that live in SQLite: the one service API the bot and the command line both call.
//!
//! Every operation that changes a game runs in one transaction, so a crash leaves each game
//! wholly before or wholly after it. Adjudication is keyed by the phase it is for: running it
//! twice for the same phase advances the game once.

pub mod clock;
pub mod rng;

use clock::{Clock, Timestamp};
use engine::case::{position_json, read_position};
use engine::judge::{Adjudication, Submitted};
use engine::parse::parse_order;
use engine::phase::PhaseKind;
use engine::position::Position;
use engine::unit::PowerId;
use engine::{adjudicate, check_submission, Variant};
use rng::Rng;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions};
use sqlx::{Row, SqlitePool};
use std::collections::BTreeMap;
use std::str::FromStr;
use std::sync::{Arc, Mutex};

pub type GameId = i64;

#[derive(Debug)]
pub enum GameError {
    /// What the user asked for cannot be done; the message says why and what would work.
    Refused(String),
    NotFound(GameId),
    Db(sqlx::Error),
    /// A failure injected by a test between two steps of an operation.
    Injected(&'static str),
}

impl std::fmt::Display for GameError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GameError::Refused(m) => f.write_str(m),
            GameError::NotFound(id) => write!(f, "there is no game {id}"),
            GameError::Db(e) => write!(f, "database error: {e}"),
            GameError::Injected(p) => write!(f, "injected failure at {p}"),
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

/// How long each kind of phase lasts, and how far moderators may stretch a game.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
#[serde(default)]
pub struct Settings {
    pub movement_secs: i64,
    pub retreat_secs: i64,
    pub adjustment_secs: i64,
    /// The most extension, in total, a game may be given.
    pub max_extension_secs: i64,
    /// The variant's own options the game sets (Davis's `high-ocean-box`); the others keep
    /// their defaults. An option that is not yet available is refused when the game is made.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub variant_options: BTreeMap<String, bool>,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            movement_secs: 48 * 3600,
            retreat_secs: 24 * 3600,
            adjustment_secs: 24 * 3600,
            max_extension_secs: 7 * 24 * 3600,
            variant_options: BTreeMap::new(),
        }
    }
}

impl Settings {
    /// The game's variant with these settings' options.
    pub fn variant(&self, id: &str) -> Result<Arc<Variant>> {
        let values: Vec<(String, bool)> = self
            .variant_options
            .iter()
            .map(|(k, v)| (k.clone(), *v))
            .collect();
        Variant::builtin_configured(id, None, &values).map_err(refused)
    }

    fn length(&self, kind: PhaseKind) -> i64 {
        match kind {
            PhaseKind::Movement | PhaseKind::Setup => self.movement_secs,
            PhaseKind::Retreat => self.retreat_secs,
            PhaseKind::Adjustment => self.adjustment_secs,
        }
    }
}

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
    pub results: Value,
    pub next_phase: String,
    pub finished: Option<String>,
}

/// Called inside an adjudication's transaction just before it commits, with the game and phase.
pub type CommitHook = Arc<dyn Fn(GameId, i64) + Send + Sync>;

#[derive(Clone)]
pub struct Games {
    pool: SqlitePool,
    clock: Arc<dyn Clock>,
    fail_at: Arc<Mutex<Option<FailPoint>>>,
    before_commit: Arc<Mutex<Option<CommitHook>>>,
}

struct GameRow {
    variant: Arc<Variant>,
    status: String,
    settings: Settings,
    seed: i64,
    seq: Option<i64>,
}

impl Games {
    /// Opens (creating if needed) the database at `url` and brings its schema up to date.
    pub async fn open(url: &str, clock: Arc<dyn Clock>) -> Result<Games> {
        let opts = SqliteConnectOptions::from_str(url)?
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            .foreign_keys(true);
        let pool = SqlitePoolOptions::new()
            .max_connections(4)
            .connect_with(opts)
            .await?;
        sqlx::migrate!("../migrations")
            .run(&pool)
            .await
            .map_err(|e| GameError::Db(e.into()))?;
        Ok(Games {
            pool,
            clock,
            fail_at: Arc::new(Mutex::new(None)),
            before_commit: Arc::new(Mutex::new(None)),
        })
    }

    pub fn now(&self) -> Timestamp {
        self.clock.now()
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

    fn fail_point(&self, here: FailPoint, name: &'static str) -> Result<()> {
        if *self.fail_at.lock().unwrap_or_else(|e| e.into_inner()) == Some(here) {
            return Err(GameError::Injected(name));
        }
        Ok(())
    }

    async fn game(&self, tx: &mut sqlx::SqliteConnection, id: GameId) -> Result<GameRow> {
        let row = sqlx::query(
            "SELECT variant, status, settings, seed, current_seq FROM games WHERE id = ?",
        )
        .bind(id)
        .fetch_optional(&mut *tx)
        .await?
        .ok_or(GameError::NotFound(id))?;
        let variant_id: String = row.get("variant");
        let settings: String = row.get("settings");
        let settings: Settings = serde_json::from_str(&settings).unwrap_or_default();
        let variant = settings.variant(&variant_id)?;
        Ok(GameRow {
            variant,
            status: row.get("status"),
            settings,
            seed: row.get("seed"),
            seq: row.get("current_seq"),
        })
    }

    /// Creates a game in the forming state.
    pub async fn create(
        &self,
        guild: Option<&str>,
        channel: Option<&str>,
        variant: &str,
        settings: Settings,
        seed: u64,
    ) -> Result<GameId> {
        let v = settings.variant(variant)?;
        let rulebook = json!({"edition": v.edition.name()});
        let mut tx = self.pool.begin().await?;
        if let Some(ch) = channel {
            let taken: Option<i64> = sqlx::query_scalar(
                "SELECT id FROM games WHERE channel_id = ? AND status <> 'finished'",
            )
            .bind(ch)
            .fetch_optional(&mut *tx)
            .await?;
            if let Some(other) = taken {
                return Err(refused(format!(
                    "this channel already has game {other}; one game per channel"
                )));
            }
        }
        let id = sqlx::query(
            "INSERT INTO games (guild_id, channel_id, variant, rulebook, settings, status, seed, created_at) VALUES (?, ?, ?, ?, ?, 'forming', ?, ?)",
        )
        .bind(guild)
        .bind(channel)
        .bind(variant)
        .bind(rulebook.to_string())
        .bind(serde_json::to_string(&settings).unwrap_or_default())
        .bind(seed as i64)
        .bind(self.now())
        .execute(&mut *tx)
        .await?
        .last_insert_rowid();
        tx.commit().await?;
        Ok(id)
    }

    pub async fn join(&self, id: GameId, user: &str, preference: Option<&str>) -> Result<()> {
        let mut tx = self.pool.begin().await?;
        let g = self.game(&mut tx, id).await?;
        if g.status != "forming" {
            return Err(refused(
                "the game has already started; a moderator can replace a player instead",
            ));
        }
        let pref = match preference {
            Some(p) => Some(
                g.variant
                    .power_by_name(p)
                    .map(|pid| g.variant.power_name(pid).to_string())
                    .ok_or_else(|| {
                        refused(format!(
                            "'{p}' is not a power of {}; the powers are {}",
                            g.variant.name,
                            power_list(&g.variant)
                        ))
                    })?,
            ),
            None => None,
        };
        let count: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM players WHERE game_id = ?")
            .bind(id)
            .fetch_one(&mut *tx)
            .await?;
        if count as usize >= g.variant.powers.len() {
            return Err(refused(format!(
                "the game is full ({} players)",
                g.variant.powers.len()
            )));
        }
        let done = sqlx::query("INSERT INTO players (game_id, user_id, preference, joined_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING")
            .bind(id)
            .bind(user)
            .bind(pref)
            .bind(self.now())
            .execute(&mut *tx)
            .await?;
        if done.rows_affected() == 0 {
            return Err(refused("you have already joined this game"));
        }
        tx.commit().await?;
        Ok(())
    }

    pub async fn leave(&self, id: GameId, user: &str) -> Result<()> {
        let mut tx = self.pool.begin().await?;
        let g = self.game(&mut tx, id).await?;
        if g.status != "forming" {
            return Err(refused(
                "the game has started; ask a moderator to replace you",
            ));
        }
        let done = sqlx::query("DELETE FROM players WHERE game_id = ? AND user_id = ?")
            .bind(id)
            .bind(user)
            .execute(&mut *tx)
            .await?;
        if done.rows_affected() == 0 {
            return Err(refused("you are not in this game"));
        }
        tx.commit().await?;
        Ok(())
    }

    /// Starts a forming game: powers by preference where free, the rest at random from the
    /// game's seed; the first phase begins now.
    pub async fn start(&self, id: GameId) -> Result<Vec<(String, String)>> {
        let mut tx = self.pool.begin().await?;
        let g = self.game(&mut tx, id).await?;
        if g.status != "forming" {
            return Err(refused("the game has already started"));
        }
        let rows = sqlx::query(
            "SELECT user_id, preference FROM players WHERE game_id = ? ORDER BY joined_at, user_id",
        )
        .bind(id)
        .fetch_all(&mut *tx)
        .await?;
        let n = g.variant.powers.len();
        if rows.len() != n {
            return Err(refused(format!(
                "{} needs {n} players; {} have joined",
                g.variant.name,
                rows.len()
            )));
        }
        let mut rng = Rng::new(g.seed as u64);
        let mut players: Vec<(String, Option<String>)> = rows
            .iter()
            .map(|r| (r.get("user_id"), r.get("preference")))
            .collect();
        rng.shuffle(&mut players);
        let mut free: Vec<String> = g.variant.powers.iter().map(|p| p.name.clone()).collect();
        let mut assigned: Vec<(String, Option<String>)> =
            players.iter().map(|(u, _)| (u.clone(), None)).collect();
        for (i, (_, pref)) in players.iter().enumerate() {
            if let Some(p) = pref {
                if let Some(k) = free.iter().position(|f| f == p) {
                    assigned[i].1 = Some(free.remove(k));
                }
            }
        }
        rng.shuffle(&mut free);
        for a in assigned.iter_mut().filter(|a| a.1.is_none()) {
            a.1 = free.pop();
        }
        let mut out = Vec::new();
        for (user, power) in &assigned {
            let power = power.clone().unwrap_or_default();
            sqlx::query("UPDATE players SET power = ? WHERE game_id = ? AND user_id = ?")
                .bind(&power)
                .bind(id)
                .bind(user)
                .execute(&mut *tx)
                .await?;
            out.push((user.clone(), power));
        }
        let position = g.variant.initial_position();
        let now = self.now();
        insert_phase(&mut tx, &g.variant, id, 0, &position).await?;
        let deadline = now + g.settings.length(g.variant.calendar.kind(position.phase));
        sqlx::query(
            "UPDATE games SET status = 'running', current_seq = 0, deadline_at = ? WHERE id = ?",
        )
        .bind(deadline)
        .bind(id)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        out.sort();
        Ok(out)
    }

    /// The power a user holds in a game.
    pub async fn power_of(&self, id: GameId, user: &str) -> Result<String> {
        sqlx::query_scalar::<_, Option<String>>(
            "SELECT power FROM players WHERE game_id = ? AND user_id = ?",
        )
        .bind(id)
        .bind(user)
        .fetch_optional(&self.pool)
        .await?
        .flatten()
        .ok_or_else(|| refused("you hold no power in this game"))
    }

    /// The current phase number and position.
    pub async fn current(&self, id: GameId) -> Result<(i64, Arc<Variant>, Position)> {
        let mut conn = self.pool.acquire().await?;
        let g = self.game(&mut conn, id).await?;
        let seq = g.seq.ok_or_else(|| refused("the game has not started"))?;
        let position = load_position(&mut conn, &g.variant, id, seq).await?;
        Ok((seq, g.variant, position))
    }

    /// Submits orders for the user's power in the current phase. Each order is checked now;
    /// accepted ones replace earlier orders for the same unit. Partial sets are fine.
    pub async fn submit(&self, id: GameId, user: &str, texts: &[String]) -> Result<SubmitReport> {
        let mut tx = self.pool.begin().await?;
        let g = self.game(&mut tx, id).await?;
        if g.status != "running" {
            return Err(refused(format!(
                "the game is {}; orders are taken while it runs",
                g.status
            )));
        }
        let seq = g.seq.unwrap_or(0);
        let power_name: String = sqlx::query_scalar::<_, Option<String>>(
            "SELECT power FROM players WHERE game_id = ? AND user_id = ?",
        )
        .bind(id)
        .bind(user)
        .fetch_optional(&mut *tx)
        .await?
        .flatten()
        .ok_or_else(|| refused("you hold no power in this game"))?;
        let v = &g.variant;
        let power = v
            .power_by_name(&power_name)
            .ok_or_else(|| refused("unknown power"))?;
        let position = load_position(&mut tx, v, id, seq).await?;
        let mut feedback = Vec::new();
        let mut accepted = Vec::new();
        for text in texts.iter().map(|t| t.trim()).filter(|t| !t.is_empty()) {
            let checked = parse_order(&v.grammar(), text)
                .map_err(|e| e.message)
                .and_then(|o| check_submission(v, &position, power, &o));
            match checked {
                Ok(canon) => {
                    accepted.push(canon.clone());
                    feedback.push(OrderFeedback {
                        text: text.to_string(),
                        accepted: Some(canon),
                        reason: None,
                    });
                }
                Err(reason) => feedback.push(OrderFeedback {
                    text: text.to_string(),
                    accepted: None,
                    reason: Some(reason),
                }),
            }
        }
        if !accepted.is_empty() {
            sqlx::query("INSERT INTO submissions (game_id, seq, power, user_id, orders, submitted_at) VALUES (?, ?, ?, ?, ?, ?)")
                .bind(id)
                .bind(seq)
                .bind(&power_name)
                .bind(user)
                .bind(serde_json::to_string(&accepted).unwrap_or_default())
                .bind(self.now())
                .execute(&mut *tx)
                .await?;
        }
        let current = current_orders(&mut tx, v, &position, id, seq, power).await?;
        tx.commit().await?;
        let missing = missing_orders(v, &position, power, &current);
        Ok(SubmitReport {
            feedback,
            current: current.iter().map(|o| o.1.clone()).collect(),
            missing,
        })
    }

    /// Marks the user's power ready: once every power with something to decide is ready, the
    /// phase is adjudicated early.
    pub async fn ready(&self, id: GameId, user: &str) -> Result<()> {
        let power = self.power_of(id, user).await?;
        let mut tx = self.pool.begin().await?;
        let g = self.game(&mut tx, id).await?;
        sqlx::query(
            "INSERT INTO ready (game_id, seq, power) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
        )
        .bind(id)
        .bind(g.seq.unwrap_or(0))
        .bind(power)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(())
    }

    /// Powers that still owe orders in the current phase (a unit without an order, or an
    /// adjustment not ordered).
    pub async fn owing(&self, id: GameId) -> Result<Vec<String>> {
        let mut conn = self.pool.acquire().await?;
        let g = self.game(&mut conn, id).await?;
        let seq = g.seq.ok_or_else(|| refused("the game has not started"))?;
        let v = &g.variant;
        let position = load_position(&mut conn, v, id, seq).await?;
        let mut out = Vec::new();
        for p in 0..v.powers.len() {
            let power = PowerId(p as u8);
            let current = current_orders(&mut conn, v, &position, id, seq, power).await?;
            if !missing_orders(v, &position, power, &current).is_empty() {
                out.push(v.power_name(power).to_string());
            }
        }
        Ok(out)
    }

    /// Running games due for adjudication at `now`: past their deadline, or with every power
    /// that has something to decide marked ready. Returns (game, phase number).
    pub async fn due(&self, now: Timestamp) -> Result<Vec<(GameId, i64)>> {
        let rows = sqlx::query(
            "SELECT id, current_seq, deadline_at FROM games WHERE status = 'running' ORDER BY id",
        )
        .fetch_all(&self.pool)
        .await?;
        let mut out = Vec::new();
        for r in rows {
            let (id, seq, deadline): (i64, i64, Option<i64>) =
                (r.get("id"), r.get("current_seq"), r.get("deadline_at"));
            if deadline.is_some_and(|d| d <= now) || self.all_ready(id, seq).await? {
                out.push((id, seq));
            }
        }
        Ok(out)
    }

    async fn all_ready(&self, id: GameId, seq: i64) -> Result<bool> {
        let (_, v, position) = self.current(id).await?;
        let ready: Vec<String> =
            sqlx::query_scalar("SELECT power FROM ready WHERE game_id = ? AND seq = ?")
                .bind(id)
                .bind(seq)
                .fetch_all(&self.pool)
                .await?;
        let deciding: Vec<String> = (0..v.powers.len())
            .map(|p| PowerId(p as u8))
            .filter(|&p| !engine::legal::legal_orders(&v, &position, p).is_empty())
            .map(|p| v.power_name(p).to_string())
            .collect();
        Ok(!deciding.is_empty() && deciding.iter().all(|p| ready.contains(p)))
    }

    /// Adjudicates phase `seq` of a game, in one transaction. If the game is no longer at that
    /// phase (it was adjudicated already), does nothing and returns `None`.
    pub async fn adjudicate(&self, id: GameId, seq: i64) -> Result<Option<PhaseReport>> {
        let mut tx = self.pool.begin().await?;
        let g = self.game(&mut tx, id).await?;
        if g.status != "running" || g.seq != Some(seq) {
            return Ok(None);
        }
        let v = g.variant.clone();
        let position = load_position(&mut tx, &v, id, seq).await?;
        let mut orders: Vec<(PowerId, String)> = Vec::new();
        for p in 0..v.powers.len() {
            let power = PowerId(p as u8);
            orders.extend(
                current_orders(&mut tx, &v, &position, id, seq, power)
                    .await?
                    .into_iter()
                    .map(|(_, t)| (power, t)),
            );
        }
        let subs: Vec<Submitted> = orders
            .iter()
            .map(|(p, t)| Submitted {
                power: *p,
                order: parse_order(&v.grammar(), t).map_err(|e| e.message),
            })
            .collect();
        let adj = adjudicate(&v, &position, &subs);
        let results = results_json(&v, &orders, &adj);
        let now = self.now();
        record_results(&mut tx, id, seq, &results, now).await?;
        self.fail_point(FailPoint::AfterResults, "after writing results")?;

        // Phases with nothing to decide are adjudicated on the spot, with no orders.
        let mut next = adj.after;
        let mut next_seq = seq + 1;
        while needs_nothing(&v, &next) {
            insert_phase(&mut tx, &v, id, next_seq, &next).await?;
            let skipped = adjudicate(&v, &next, &[]);
            let r = results_json(&v, &[], &skipped);
            record_results(&mut tx, id, next_seq, &r, now).await?;
            next = skipped.after;
            next_seq += 1;
        }
        insert_phase(&mut tx, &v, id, next_seq, &next).await?;
        self.fail_point(FailPoint::AfterNextPhase, "after writing the next phase")?;

        let finished = victory(&v, &next);
        let deadline = now + g.settings.length(v.calendar.kind(next.phase));
        let updated = sqlx::query(
            "UPDATE games SET current_seq = ?, deadline_at = ?, status = ?, outcome = ? WHERE id = ? AND current_seq = ?",
        )
        .bind(next_seq)
        .bind(if finished.is_some() { None } else { Some(deadline) })
        .bind(if finished.is_some() { "finished" } else { "running" })
        .bind(finished.as_ref().map(|f| json!({"victory": f}).to_string()))
        .bind(id)
        .bind(seq)
        .execute(&mut *tx)
        .await?;
        if updated.rows_affected() != 1 {
            return Ok(None);
        }
        self.fail_point(FailPoint::BeforeCommit, "before commit")?;
        let hook = self
            .before_commit
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone();
        if let Some(hook) = hook {
            hook(id, seq);
        }
        tx.commit().await?;
        Ok(Some(PhaseReport {
            game: id,
            phase: v.calendar.name(position.phase),
            results,
            next_phase: v.calendar.name(next.phase),
            finished,
        }))
    }

    /// Pauses a running game, keeping the time that was left.
    pub async fn pause(&self, id: GameId, actor: &str) -> Result<()> {
        let mut tx = self.pool.begin().await?;
        let g = self.game(&mut tx, id).await?;
        if g.status != "running" {
            return Err(refused(format!("the game is {}, not running", g.status)));
        }
        let deadline: Option<i64> =
            sqlx::query_scalar("SELECT deadline_at FROM games WHERE id = ?")
                .bind(id)
                .fetch_one(&mut *tx)
                .await?;
        let left = deadline.map(|d| (d - self.now()).max(0));
        sqlx::query(
            "UPDATE games SET status = 'paused', paused_left = ?, deadline_at = NULL WHERE id = ?",
        )
        .bind(left)
        .bind(id)
        .execute(&mut *tx)
        .await?;
        audit(&mut tx, id, self.now(), actor, "pause", "").await?;
        tx.commit().await?;
        Ok(())
    }

    pub async fn resume(&self, id: GameId, actor: &str) -> Result<()> {
        let mut tx = self.pool.begin().await?;
        let g = self.game(&mut tx, id).await?;
        if g.status != "paused" {
            return Err(refused(format!("the game is {}, not paused", g.status)));
        }
        sqlx::query("UPDATE games SET status = 'running', deadline_at = ? + COALESCE(paused_left, 0), paused_left = NULL WHERE id = ?")
            .bind(self.now())
            .bind(id)
            .execute(&mut *tx)
            .await?;
        audit(&mut tx, id, self.now(), actor, "resume", "").await?;
        tx.commit().await?;
        Ok(())
    }

    /// Moves the deadline later, within the game's total extension allowance.
    pub async fn extend(&self, id: GameId, secs: i64, actor: &str) -> Result<Timestamp> {
        if secs <= 0 {
            return Err(refused("an extension must be a positive number of seconds"));
        }
        let mut tx = self.pool.begin().await?;
        let g = self.game(&mut tx, id).await?;
        if g.status != "running" {
            return Err(refused(format!(
                "the game is {}; only a running game's deadline can be extended",
                g.status
            )));
        }
        let row = sqlx::query("SELECT deadline_at, extended_secs FROM games WHERE id = ?")
            .bind(id)
            .fetch_one(&mut *tx)
            .await?;
        let (deadline, used): (i64, i64) = (
            row.get::<Option<i64>, _>("deadline_at")
                .unwrap_or(self.now()),
            row.get("extended_secs"),
        );
        let allowed = g.settings.max_extension_secs - used;
        if secs > allowed {
            return Err(refused(format!(
                "the game may be extended by {} more seconds in total ({} of {} used)",
                allowed.max(0),
                used,
                g.settings.max_extension_secs
            )));
        }
        let new = deadline + secs;
        sqlx::query(
            "UPDATE games SET deadline_at = ?, extended_secs = extended_secs + ? WHERE id = ?",
        )
        .bind(new)
        .bind(secs)
        .bind(id)
        .execute(&mut *tx)
        .await?;
        audit(
            &mut tx,
            id,
            self.now(),
            actor,
            "extend",
            &format!("{secs} s"),
        )
        .await?;
        tx.commit().await?;
        Ok(new)
    }

    /// A moderator takes the game back one phase: the last adjudication is undone and its
    /// orders can be given again.
    pub async fn rollback(&self, id: GameId, actor: &str) -> Result<String> {
        let mut tx = self.pool.begin().await?;
        let g = self.game(&mut tx, id).await?;
        let seq = g.seq.ok_or_else(|| refused("the game has not started"))?;
        // Go back past phases that were skipped because nobody had anything to decide.
        let mut back = seq - 1;
        while back > 0 {
            let pos = load_position(&mut tx, &g.variant, id, back).await?;
            if !needs_nothing(&g.variant, &pos) {
                break;
            }
            back -= 1;
        }
        if back < 0 {
            return Err(refused(
                "the game is at its first phase; there is nothing to roll back",
            ));
        }
        sqlx::query("DELETE FROM submissions WHERE game_id = ? AND seq > ?")
            .bind(id)
            .bind(back)
            .execute(&mut *tx)
            .await?;
        sqlx::query("DELETE FROM ready WHERE game_id = ? AND seq >= ?")
            .bind(id)
            .bind(back)
            .execute(&mut *tx)
            .await?;
        sqlx::query("DELETE FROM phases WHERE game_id = ? AND seq > ?")
            .bind(id)
            .bind(back)
            .execute(&mut *tx)
            .await?;
        sqlx::query(
            "UPDATE phases SET results = NULL, adjudicated_at = NULL WHERE game_id = ? AND seq = ?",
        )
        .bind(id)
        .bind(back)
        .execute(&mut *tx)
        .await?;
        let pos = load_position(&mut tx, &g.variant, id, back).await?;
        let deadline = self.now() + g.settings.length(g.variant.calendar.kind(pos.phase));
        sqlx::query("UPDATE games SET current_seq = ?, status = 'running', outcome = NULL, deadline_at = ? WHERE id = ?").bind(back).bind(deadline).bind(id).execute(&mut *tx).await?;
        let name = g.variant.calendar.name(pos.phase);
        audit(&mut tx, id, self.now(), actor, "rollback", &name).await?;
        tx.commit().await?;
        Ok(name)
    }

    /// Casts a secret draw vote; when every surviving power votes yes, the game ends in a draw.
    pub async fn vote_draw(&self, id: GameId, user: &str, yes: bool) -> Result<Option<String>> {
        let power = self.power_of(id, user).await?;
        let mut tx = self.pool.begin().await?;
        let g = self.game(&mut tx, id).await?;
        if g.status != "running" && g.status != "paused" {
            return Err(refused(format!("the game is {}", g.status)));
        }
        let seq = g.seq.unwrap_or(0);
        sqlx::query("INSERT INTO votes (game_id, seq, power, kind, yes, cast_at) VALUES (?, ?, ?, 'draw', ?, ?) ON CONFLICT (game_id, seq, power, kind) DO UPDATE SET yes = excluded.yes, cast_at = excluded.cast_at")
            .bind(id)
            .bind(seq)
            .bind(&power)
            .bind(yes as i64)
            .bind(self.now())
            .execute(&mut *tx)
            .await?;
        let position = load_position(&mut tx, &g.variant, id, seq).await?;
        let surviving = surviving_powers(&g.variant, &position);
        let yes_votes: Vec<String> = sqlx::query_scalar(
            "SELECT power FROM votes WHERE game_id = ? AND seq = ? AND kind = 'draw' AND yes = 1",
        )
        .bind(id)
        .bind(seq)
        .fetch_all(&mut *tx)
        .await?;
        let outcome = if surviving.iter().all(|p| yes_votes.contains(p)) {
            let text = format!("draw between {}", surviving.join(", "));
            sqlx::query("UPDATE games SET status = 'finished', deadline_at = NULL, outcome = ? WHERE id = ?").bind(json!({"draw": surviving}).to_string()).bind(id).execute(&mut *tx).await?;
            Some(text)
        } else {
            None
        };
        tx.commit().await?;
        Ok(outcome)
    }

    /// A game's whole history as one JSON document.
    pub async fn export(&self, id: GameId) -> Result<Value> {
        let g = sqlx::query("SELECT guild_id, channel_id, variant, rulebook, settings, status, seed, current_seq, deadline_at, extended_secs, paused_left, outcome, created_at FROM games WHERE id = ?")
            .bind(id)
            .fetch_optional(&self.pool)
            .await?
            .ok_or(GameError::NotFound(id))?;
        let parse = |s: Option<String>| {
            s.and_then(|s| serde_json::from_str::<Value>(&s).ok())
                .unwrap_or(Value::Null)
        };
        let players: Vec<Value> = sqlx::query("SELECT user_id, power, preference, joined_at FROM players WHERE game_id = ? ORDER BY user_id")
            .bind(id)
            .fetch_all(&self.pool)
            .await?
            .iter()
            .map(|r| json!({"user": r.get::<String, _>("user_id"), "power": r.get::<Option<String>, _>("power"), "preference": r.get::<Option<String>, _>("preference"), "joined_at": r.get::<i64, _>("joined_at")}))
            .collect();
        let mut phases = Vec::new();
        for r in sqlx::query("SELECT seq, name, position, results, adjudicated_at FROM phases WHERE game_id = ? ORDER BY seq").bind(id).fetch_all(&self.pool).await? {
            let seq: i64 = r.get("seq");
            let subs: Vec<Value> = sqlx::query("SELECT power, user_id, orders, submitted_at FROM submissions WHERE game_id = ? AND seq = ? ORDER BY id")
                .bind(id)
                .bind(seq)
                .fetch_all(&self.pool)
                .await?
                .iter()
                .map(|s| json!({"power": s.get::<String, _>("power"), "user": s.get::<String, _>("user_id"), "orders": parse(Some(s.get("orders"))), "submitted_at": s.get::<i64, _>("submitted_at")}))
                .collect();
            let ready: Vec<String> = sqlx::query_scalar("SELECT power FROM ready WHERE game_id = ? AND seq = ? ORDER BY power").bind(id).bind(seq).fetch_all(&self.pool).await?;
            let votes: Vec<Value> = sqlx::query("SELECT power, kind, yes, cast_at FROM votes WHERE game_id = ? AND seq = ? ORDER BY power, kind")
                .bind(id)
                .bind(seq)
                .fetch_all(&self.pool)
                .await?
                .iter()
                .map(|v| json!({"power": v.get::<String, _>("power"), "kind": v.get::<String, _>("kind"), "yes": v.get::<i64, _>("yes") == 1, "cast_at": v.get::<i64, _>("cast_at")}))
                .collect();
            phases.push(json!({
                "seq": seq,
                "name": r.get::<String, _>("name"),
                "position": parse(Some(r.get("position"))),
                "submissions": subs,
                "ready": ready,
                "votes": votes,
                "results": parse(r.get("results")),
                "adjudicated_at": r.get::<Option<i64>, _>("adjudicated_at"),
            }));
        }
        let audit: Vec<Value> = sqlx::query("SELECT at, actor, action, detail FROM audit WHERE game_id = ? ORDER BY id")
            .bind(id)
            .fetch_all(&self.pool)
            .await?
            .iter()
            .map(|a| json!({"at": a.get::<i64, _>("at"), "actor": a.get::<String, _>("actor"), "action": a.get::<String, _>("action"), "detail": a.get::<String, _>("detail")}))
            .collect();
        Ok(json!({
            "format": "parley-game-1",
            "guild": g.get::<Option<String>, _>("guild_id"),
            "channel": g.get::<Option<String>, _>("channel_id"),
            "variant": g.get::<String, _>("variant"),
            "rulebook": parse(Some(g.get("rulebook"))),
            "settings": parse(Some(g.get("settings"))),
            "status": g.get::<String, _>("status"),
            "seed": g.get::<i64, _>("seed"),
            "current_seq": g.get::<Option<i64>, _>("current_seq"),
            "deadline_at": g.get::<Option<i64>, _>("deadline_at"),
            "extended_secs": g.get::<i64, _>("extended_secs"),
            "paused_left": g.get::<Option<i64>, _>("paused_left"),
            "outcome": parse(g.get("outcome")),
            "created_at": g.get::<i64, _>("created_at"),
            "players": players,
            "phases": phases,
            "audit": audit,
        }))
    }

    /// Recreates a game from [`Games::export`]'s document, as a new game; returns its id.
    pub async fn import(&self, doc: &Value) -> Result<GameId> {
        let field = |k: &str| {
            doc.get(k)
                .ok_or_else(|| refused(format!("the game file has no `{k}`")))
        };
        if field("format")? != "parley-game-1" {
            return Err(refused(
                "the game file's `format` must be \"parley-game-1\"",
            ));
        }
        let variant_id = field("variant")?
            .as_str()
            .ok_or_else(|| refused("`variant` must be a string"))?;
        let settings: Settings = match field("settings")? {
            Value::Null => Settings::default(),
            x => serde_json::from_value(x.clone())
                .map_err(|e| refused(format!("`settings`: {e}")))?,
        };
        let v = settings.variant(variant_id)?;
        let s = |x: &Value| {
            if x.is_null() {
                None
            } else {
                Some(x.to_string())
            }
        };
        let mut tx = self.pool.begin().await?;
        let id = sqlx::query("INSERT INTO games (guild_id, channel_id, variant, rulebook, settings, status, seed, current_seq, deadline_at, extended_secs, paused_left, outcome, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
            .bind(doc["guild"].as_str())
            .bind(doc["channel"].as_str())
            .bind(variant_id)
            .bind(field("rulebook")?.to_string())
            .bind(field("settings")?.to_string())
            .bind(field("status")?.as_str().unwrap_or("finished"))
            .bind(doc["seed"].as_i64().unwrap_or(0))
            .bind(doc["current_seq"].as_i64())
            .bind(doc["deadline_at"].as_i64())
            .bind(doc["extended_secs"].as_i64().unwrap_or(0))
            .bind(doc["paused_left"].as_i64())
            .bind(s(&doc["outcome"]))
            .bind(doc["created_at"].as_i64().unwrap_or(0))
            .execute(&mut *tx)
            .await?
            .last_insert_rowid();
        for p in doc["players"].as_array().into_iter().flatten() {
            sqlx::query("INSERT INTO players (game_id, user_id, power, preference, joined_at) VALUES (?, ?, ?, ?, ?)")
                .bind(id)
                .bind(p["user"].as_str().unwrap_or(""))
                .bind(p["power"].as_str())
                .bind(p["preference"].as_str())
                .bind(p["joined_at"].as_i64().unwrap_or(0))
                .execute(&mut *tx)
                .await?;
        }
        for (i, ph) in doc["phases"].as_array().into_iter().flatten().enumerate() {
            let seq = ph["seq"].as_i64().unwrap_or(i as i64);
            // The position must be one the engine can read: a corrupt file is refused whole.
            read_position(v.clone(), &ph["position"])
                .map_err(|e| refused(format!("phases[{i}].position: {e}")))?;
            sqlx::query("INSERT INTO phases (game_id, seq, name, position, results, adjudicated_at) VALUES (?, ?, ?, ?, ?, ?)")
                .bind(id)
                .bind(seq)
                .bind(ph["name"].as_str().unwrap_or(""))
                .bind(ph["position"].to_string())
                .bind(s(&ph["results"]))
                .bind(ph["adjudicated_at"].as_i64())
                .execute(&mut *tx)
                .await?;
            for sub in ph["submissions"].as_array().into_iter().flatten() {
                sqlx::query("INSERT INTO submissions (game_id, seq, power, user_id, orders, submitted_at) VALUES (?, ?, ?, ?, ?, ?)")
                    .bind(id)
                    .bind(seq)
                    .bind(sub["power"].as_str().unwrap_or(""))
                    .bind(sub["user"].as_str().unwrap_or(""))
                    .bind(sub["orders"].to_string())
                    .bind(sub["submitted_at"].as_i64().unwrap_or(0))
                    .execute(&mut *tx)
                    .await?;
            }
            for r in ph["ready"].as_array().into_iter().flatten() {
                sqlx::query("INSERT INTO ready (game_id, seq, power) VALUES (?, ?, ?)")
                    .bind(id)
                    .bind(seq)
                    .bind(r.as_str().unwrap_or(""))
                    .execute(&mut *tx)
                    .await?;
            }
            for vt in ph["votes"].as_array().into_iter().flatten() {
                sqlx::query("INSERT INTO votes (game_id, seq, power, kind, yes, cast_at) VALUES (?, ?, ?, ?, ?, ?)")
                    .bind(id)
                    .bind(seq)
                    .bind(vt["power"].as_str().unwrap_or(""))
                    .bind(vt["kind"].as_str().unwrap_or("draw"))
                    .bind(vt["yes"].as_bool().unwrap_or(false) as i64)
                    .bind(vt["cast_at"].as_i64().unwrap_or(0))
                    .execute(&mut *tx)
                    .await?;
            }
        }
        for a in doc["audit"].as_array().into_iter().flatten() {
            audit(
                &mut tx,
                id,
                a["at"].as_i64().unwrap_or(0),
                a["actor"].as_str().unwrap_or(""),
                a["action"].as_str().unwrap_or(""),
                a["detail"].as_str().unwrap_or(""),
            )
            .await?;
        }
        tx.commit().await?;
        Ok(id)
    }

    /// Every phase of a game with its results, oldest first: (name, position, results).
    pub async fn history(&self, id: GameId) -> Result<Vec<(String, Value, Value)>> {
        let rows = sqlx::query(
            "SELECT name, position, results FROM phases WHERE game_id = ? ORDER BY seq",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .iter()
            .map(|r| {
                let p: String = r.get("position");
                let res: Option<String> = r.get("results");
                (
                    r.get("name"),
                    serde_json::from_str(&p).unwrap_or(Value::Null),
                    res.and_then(|s| serde_json::from_str(&s).ok())
                        .unwrap_or(Value::Null),
                )
            })
            .collect())
    }

    pub async fn status(&self, id: GameId) -> Result<String> {
        sqlx::query_scalar("SELECT status FROM games WHERE id = ?")
            .bind(id)
            .fetch_optional(&self.pool)
            .await?
            .ok_or(GameError::NotFound(id))
    }
}

fn power_list(v: &Variant) -> String {
    v.powers
        .iter()
        .map(|p| p.name.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}

async fn insert_phase(
    tx: &mut sqlx::SqliteConnection,
    v: &Variant,
    id: GameId,
    seq: i64,
    p: &Position,
) -> Result<()> {
    sqlx::query("INSERT INTO phases (game_id, seq, name, position) VALUES (?, ?, ?, ?)")
        .bind(id)
        .bind(seq)
        .bind(v.calendar.name(p.phase))
        .bind(position_json(v, p).to_string())
        .execute(&mut *tx)
        .await?;
    Ok(())
}

async fn record_results(
    tx: &mut sqlx::SqliteConnection,
    id: GameId,
    seq: i64,
    results: &Value,
    at: Timestamp,
) -> Result<()> {
    sqlx::query("UPDATE phases SET results = ?, adjudicated_at = ? WHERE game_id = ? AND seq = ?")
        .bind(results.to_string())
        .bind(at)
        .bind(id)
        .bind(seq)
        .execute(&mut *tx)
        .await?;
    Ok(())
}

async fn load_position(
    conn: &mut sqlx::SqliteConnection,
    v: &Arc<Variant>,
    id: GameId,
    seq: i64,
) -> Result<Position> {
    let text: String =
        sqlx::query_scalar("SELECT position FROM phases WHERE game_id = ? AND seq = ?")
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
    tx: &mut sqlx::SqliteConnection,
    id: GameId,
    at: Timestamp,
    actor: &str,
    action: &str,
    detail: &str,
) -> Result<()> {
    sqlx::query("INSERT INTO audit (game_id, at, actor, action, detail) VALUES (?, ?, ?, ?, ?)")
        .bind(id)
        .bind(at)
        .bind(actor)
        .bind(action)
        .bind(detail)
        .execute(&mut *tx)
        .await?;
    Ok(())
}

/// A power's orders in force for a phase: for each unit its latest accepted order; in an
/// adjustment, the latest submission as a whole. (unit location or "", canonical order).
///
/// Orders name units by province. Where a province holds several of the power's units (the
/// High Ocean Box), the latest as many orders as it has units there count: a newer order
/// pushes out the oldest.
async fn current_orders(
    conn: &mut sqlx::SqliteConnection,
    v: &Variant,
    position: &Position,
    id: GameId,
    seq: i64,
    power: PowerId,
) -> Result<Vec<(String, String)>> {
    let rows: Vec<String> = sqlx::query_scalar(
        "SELECT orders FROM submissions WHERE game_id = ? AND seq = ? AND power = ? ORDER BY id",
    )
    .bind(id)
    .bind(seq)
    .bind(v.power_name(power))
    .fetch_all(&mut *conn)
    .await?;
    let adjustment = v.calendar.kind(position.phase) == PhaseKind::Adjustment;
    let mut out: Vec<(String, String)> = Vec::new();
    for row in rows {
        let list: Vec<String> = serde_json::from_str(&row).unwrap_or_default();
        if adjustment {
            out.clear();
        }
        for text in list {
            let key = parse_order(&v.grammar(), &text)
                .ok()
                .and_then(|o| o.unit())
                .map(|u| v.map.province(u.province).id.clone())
                .unwrap_or_default();
            if !adjustment {
                let room = own_units_in(v, position, power, &key).max(1);
                if out.iter().filter(|(k, _)| *k == key).count() >= room {
                    let oldest = out.iter().position(|(k, _)| *k == key);
                    if let Some(i) = oldest {
                        out.remove(i);
                    }
                }
            }
            out.push((key, text));
        }
    }
    Ok(out)
}

/// How many of the power's units stand in the province with this id (dislodged ones in a
/// retreat phase).
fn own_units_in(v: &Variant, position: &Position, power: PowerId, id: &str) -> usize {
    let units: Vec<&engine::unit::Unit> = if position.dislodged.is_empty() {
        position.units.iter().collect()
    } else {
        position.dislodged.iter().map(|d| &d.unit).collect()
    };
    units
        .into_iter()
        .filter(|u| u.power == power && v.map.province(u.location.province).id == id)
        .count()
}

/// What a power still has to order: its units without orders, or its adjustments.
fn missing_orders(
    v: &Variant,
    position: &Position,
    power: PowerId,
    current: &[(String, String)],
) -> Vec<String> {
    match v.calendar.kind(position.phase) {
        PhaseKind::Movement => {
            // Each order covers one unit in its province (several in the High Ocean Box).
            let mut uncovered: Vec<&str> = current.iter().map(|(k, _)| k.as_str()).collect();
            position
                .units
                .iter()
                .filter(|u| u.power == power)
                .filter(|u| {
                    let id = v.map.province(u.location.province).id.as_str();
                    match uncovered.iter().position(|k| *k == id) {
                        Some(i) => {
                            uncovered.remove(i);
                            false
                        }
                        None => true,
                    }
                })
                .map(|u| v.unit_text(u))
                .collect()
        }
        PhaseKind::Retreat => position
            .dislodged
            .iter()
            .filter(|d| d.unit.power == power)
            .filter(|d| {
                !current
                    .iter()
                    .any(|(k, _)| *k == v.map.province(d.unit.location.province).id)
            })
            .map(|d| v.unit_text(&d.unit))
            .collect(),
        PhaseKind::Adjustment => {
            let due = adjustment_due(v, position, power);
            let given = current.len() as i64;
            if due > given {
                vec![format!("{} more build or removal order(s)", due - given)]
            } else {
                Vec::new()
            }
        }
        PhaseKind::Setup => Vec::new(),
    }
}

/// How many builds (or removals) a power is due in an adjustment.
fn adjustment_due(v: &Variant, position: &Position, power: PowerId) -> i64 {
    let supply = v.rules.supply(v, position, power) as i64;
    let units = position.units.iter().filter(|u| u.power == power).count() as i64;
    let diff = supply - units;
    if diff > 0 {
        diff.min(v.rules.build_sites(v, position, power).len() as i64)
    } else {
        -diff
    }
}

/// Whether a phase has nothing for anyone to decide (no dislodged unit in a retreat phase, no
/// build or removal due in an adjustment).
fn needs_nothing(v: &Variant, position: &Position) -> bool {
    match v.calendar.kind(position.phase) {
        PhaseKind::Retreat => position.dislodged.is_empty(),
        PhaseKind::Adjustment => {
            (0..v.powers.len()).all(|p| adjustment_due(v, position, PowerId(p as u8)) == 0)
        }
        _ => false,
    }
}

fn surviving_powers(v: &Variant, position: &Position) -> Vec<String> {
    (0..v.powers.len())
        .map(|p| PowerId(p as u8))
        .filter(|&p| {
            position.units.iter().any(|u| u.power == p) || position.centres_of(p).next().is_some()
        })
        .map(|p| v.power_name(p).to_string())
        .collect()
}

/// The power that owns enough centres to win, checked when centres have just changed hands.
fn victory(v: &Variant, position: &Position) -> Option<String> {
    v.winner(position).map(|p| v.power_name(p).to_string())
}

fn results_json(v: &Variant, orders: &[(PowerId, String)], adj: &Adjudication) -> Value {
    let unit =
        |u: &engine::unit::Unit| json!({"power": v.power_name(u.power), "unit": v.unit_text(u)});
    json!({
        "results": orders.iter().zip(&adj.results).map(|((p, t), r)| json!({"power": v.power_name(*p), "order": t, "result": r.verdict.word(), "reason": r.reason})).collect::<Vec<_>>(),
        "dislodged": adj.dislodged.iter().map(|d| json!({
            "power": v.power_name(d.dislodged.unit.power),
            "unit": v.unit_text(&d.dislodged.unit),
            "attacker_from": v.map.province(d.dislodged.attacker_from).id,
            "retreats": d.retreats.iter().map(|l| v.map.location_name(*l)).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
        "built": adj.built.iter().map(unit).collect::<Vec<_>>(),
        "removed": adj.removed.iter().map(|(u, _)| unit(u)).collect::<Vec<_>>(),
        "disbanded": adj.disbanded.iter().map(unit).collect::<Vec<_>>(),
    })
}
