//! A server's community of games: each member's reliability (movement phases ordered and
//! missed, games played, finished and abandoned), civil disorder and the substitutes who claim
//! an open seat, each finished game's scores, and the server's leaderboard of ratings.
//!
//! Attendance is written inside the adjudication's own transaction (one row per power and
//! movement phase, keyed so it is written once whichever process adjudicates); scores and
//! ratings are pure functions of stored rows, so every process computes the same numbers.

use super::*;
use std::collections::BTreeMap;

/// A game's community options, chosen at `/game create` (kept in its settings JSON).
#[derive(Debug, Clone, Default, Serialize, serde::Deserialize, PartialEq, Eq)]
#[serde(default)]
pub struct GameCommunity {
    /// Missed movement phases in a row after which a power falls into civil disorder (its
    /// seat opens); `None`: never.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub civil_disorder_after: Option<i64>,
    /// Least reliability (percent of movement phases ordered) a member needs to join or claim.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub min_reliability: Option<i64>,
    /// Least number of finished games a member needs to join or claim.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub min_finished: Option<i64>,
    /// `/game status` shows each seat's reliability.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub show_reliability: bool,
    /// How the game is scored when it ends: the server's system when the game was made.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scoring: Option<Scoring>,
}

impl GameCommunity {
    pub fn is_default(&self) -> bool {
        *self == GameCommunity::default()
    }

    /// The options for `/game status`, after the timing and NMR policy (empty when none).
    pub fn describe(&self) -> String {
        let mut parts = Vec::new();
        if let Some(n) = self.civil_disorder_after {
            parts.push(format!(
                "civil disorder after {n} missed movement phases in a row"
            ));
        }
        if let Some(r) = self.min_reliability {
            parts.push(format!("players need {r}% reliability"));
        }
        if let Some(f) = self.min_finished {
            parts.push(format!("players need {f} finished games"));
        }
        if let Some(s) = self.scoring {
            parts.push(format!("scored by {}", s.name()));
        }
        parts.into_iter().map(|p| format!("; {p}")).collect()
    }

    /// Checks the numbers a creator typed.
    pub fn check(&self) -> Result<()> {
        if let Some(n) = self.civil_disorder_after {
            if !(1..=20).contains(&n) {
                return Err(refused(format!(
                    "civil disorder comes after 1 to 20 missed movement phases in a row, not {n}"
                )));
            }
        }
        if let Some(r) = self.min_reliability {
            if !(0..=100).contains(&r) {
                return Err(refused(format!(
                    "the least reliability is a percentage from 0 to 100, not {r}"
                )));
            }
        }
        if let Some(f) = self.min_finished {
            if !(0..=1000).contains(&f) {
                return Err(refused(format!(
                    "the least number of finished games is from 0 to 1000, not {f}"
                )));
            }
        }
        Ok(())
    }
}

/// How a finished game's powers are scored (formulas in the README).
#[derive(Debug, Clone, Copy, Serialize, serde::Deserialize, PartialEq, Eq, Default)]
#[serde(rename_all = "kebab-case")]
pub enum Scoring {
    /// A solo takes 100; a draw shares 100 equally among the powers in it.
    #[default]
    DrawSize,
    /// A solo takes 100; a draw gives each power in it 100 × its centres² / the sum over
    /// every power of centres².
    SumOfSquares,
    /// A solo takes 100; anything else scores 0 for everyone.
    SoloOnly,
}

impl Scoring {
    pub const ALL: [Scoring; 3] = [Scoring::DrawSize, Scoring::SumOfSquares, Scoring::SoloOnly];

    pub fn name(self) -> &'static str {
        match self {
            Scoring::DrawSize => "draw-size",
            Scoring::SumOfSquares => "sum-of-squares",
            Scoring::SoloOnly => "solo-only",
        }
    }

    pub fn parse(s: &str) -> Result<Scoring> {
        let t = s.trim().to_lowercase();
        Scoring::ALL
            .into_iter()
            .find(|x| x.name() == t)
            .ok_or_else(|| {
                refused(format!(
                    "'{}' is not a scoring system; choose draw-size, sum-of-squares or solo-only",
                    super::text::quote(s)
                ))
            })
    }

    /// Each power's score (power name → points out of 100) for a game that ended in
    /// `outcome` with these centre counts (every power of the variant, 0 for none).
    pub fn score(
        self,
        outcome: &Outcome,
        centres: &BTreeMap<String, usize>,
    ) -> BTreeMap<String, f64> {
        let mut out: BTreeMap<String, f64> = centres.keys().map(|p| (p.clone(), 0.0)).collect();
        let shared: Vec<String> = match outcome {
            Outcome::Victory(w) | Outcome::Concession(w) => {
                out.insert(w.clone(), 100.0);
                return out;
            }
            Outcome::Alliance { powers, .. } => powers.to_vec(),
            Outcome::Draw(powers) => powers.clone(),
        };
        match self {
            Scoring::SoloOnly => {}
            Scoring::DrawSize => {
                let each = 100.0 / shared.len().max(1) as f64;
                for p in &shared {
                    out.insert(p.clone(), each);
                }
            }
            Scoring::SumOfSquares => {
                let sum: f64 = centres.values().map(|&c| (c * c) as f64).sum();
                for p in &shared {
                    let c = centres.get(p).copied().unwrap_or(0) as f64;
                    let s = if sum > 0.0 { 100.0 * c * c / sum } else { 0.0 };
                    out.insert(p.clone(), s);
                }
            }
        }
        out
    }
}

/// A member's record in one server, as `/profile` shows it.
#[derive(Debug, Clone, Default, Serialize, PartialEq, Eq)]
pub struct Profile {
    /// Games they held a power in once started.
    pub played: i64,
    /// Finished games they held a power in at the end.
    pub finished: i64,
    /// Games they left, or fell into civil disorder in.
    pub abandoned: i64,
    /// Movement phases they held a power with units in, and ordered.
    pub ordered: i64,
    /// ... and gave no order.
    pub missed: i64,
}

impl Profile {
    /// The share of movement phases ordered, in percent; a member with none yet counts as
    /// 100% (nobody is kept out before they have had a chance to miss a phase).
    pub fn reliability(&self) -> f64 {
        let all = self.ordered + self.missed;
        if all == 0 {
            100.0
        } else {
            100.0 * self.ordered as f64 / all as f64
        }
    }
}

/// Someone who has stopped holding a power: for the results post and `/game seats`.
#[derive(Debug, Clone, Serialize)]
pub struct Departure {
    pub power: String,
    pub user: String,
    /// `civil-disorder` or `left`.
    pub reason: String,
    pub seq: i64,
    pub claimed_by: Option<String>,
}

/// One line of the leaderboard.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Rated {
    pub user: String,
    pub rating: f64,
    /// Finished games behind the rating.
    pub games: usize,
}

/// The Elo K factor a whole game's worth of play moves a rating by at most.
pub const ELO_K: f64 = 32.0;
/// Every member's rating before their first finished game.
pub const ELO_START: f64 = 1000.0;

/// Writes the attendance of a movement phase being adjudicated (inside its transaction) and
/// puts into civil disorder the powers whose players have missed too many in a row. `ordered`
/// lists the powers that gave at least one order. Returns the powers that fell.
#[allow(clippy::too_many_arguments)]
pub(crate) async fn record_phase(
    tx: &mut sqlx::AnyConnection,
    v: &Rules,
    id: GameId,
    seq: i64,
    position: &Position,
    ordered: &[PowerId],
    settings: &Settings,
    at: Timestamp,
) -> Result<Vec<String>> {
    if v.calendar.kind(position.phase) != PhaseKind::Movement {
        return Ok(Vec::new());
    }
    let held: Vec<(String, String)> =
        sqlx::query("SELECT user_id, power FROM players WHERE game_id = $1 AND power IS NOT NULL")
            .bind(id)
            .fetch_all(&mut *tx)
            .await?
            .iter()
            .map(|r| (r.get("user_id"), r.get("power")))
            .collect();
    // Every power's row in one statement: a burst of due games adjudicates each in its own
    // transaction, and a round trip per power was most of what it waited for on PostgreSQL.
    let mut rows: Vec<(String, Option<String>, bool)> = Vec::new();
    for p in player_powers(v) {
        if !position.units.iter().any(|u| u.power == p) {
            continue;
        }
        let name = v.power_name(p).to_string();
        let holder = held
            .iter()
            .find(|(_, q)| *q == name)
            .map(|(u, _)| u.clone());
        rows.push((name, holder, ordered.contains(&p)));
    }
    if !rows.is_empty() {
        let mut sql =
            String::from("INSERT INTO attendance (game_id, seq, power, user_id, ordered) VALUES ");
        for i in 0..rows.len() {
            let b = i * 5;
            if i > 0 {
                sql += ", ";
            }
            sql += &format!(
                "(${}, ${}, ${}, ${}, ${})",
                b + 1,
                b + 2,
                b + 3,
                b + 4,
                b + 5
            );
        }
        sql += " ON CONFLICT DO NOTHING";
        let mut insert = sqlx::query(sqlx::AssertSqlSafe(sql));
        for (name, holder, did) in &rows {
            insert = insert
                .bind(id)
                .bind(seq)
                .bind(name)
                .bind(holder)
                .bind(*did as i64);
        }
        insert.execute(&mut *tx).await?;
    }
    let mut fell = Vec::new();
    for (name, holder, did) in rows {
        let (Some(user), Some(n), false) = (holder, settings.community.civil_disorder_after, did)
        else {
            continue;
        };
        let recent = sqlx::query(
            "SELECT user_id, ordered FROM attendance WHERE game_id = $1 AND power = $2 ORDER BY seq DESC LIMIT $3",
        )
        .bind(id)
        .bind(&name)
        .bind(n)
        .fetch_all(&mut *tx)
        .await?;
        let streak = recent
            .iter()
            .filter(|r| {
                r.get::<Option<String>, _>("user_id").as_deref() == Some(user.as_str())
                    && r.get::<i64, _>("ordered") == 0
            })
            .count() as i64;
        if streak >= n {
            open_seat(tx, id, seq, &name, &user, "civil-disorder", at).await?;
            fell.push(name);
        }
    }
    Ok(fell)
}

async fn open_seat(
    tx: &mut sqlx::AnyConnection,
    id: GameId,
    seq: i64,
    power: &str,
    user: &str,
    reason: &str,
    at: Timestamp,
) -> Result<()> {
    sqlx::query("DELETE FROM players WHERE game_id = $1 AND user_id = $2")
        .bind(id)
        .bind(user)
        .execute(&mut *tx)
        .await?;
    sqlx::query("INSERT INTO departures (game_id, seq, power, user_id, reason, at) VALUES ($1, $2, $3, $4, $5, $6)")
        .bind(id)
        .bind(seq)
        .bind(power)
        .bind(user)
        .bind(reason)
        .bind(at)
        .execute(&mut *tx)
        .await?;
    Ok(())
}

/// What `/game claim` did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SeatClaim {
    /// The member holds the power now.
    Taken(String),
    /// The server's moderators approve claims: the member waits, the seat stays open.
    Pending(String),
}

/// A claim of an open seat waiting for a moderator.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PendingClaim {
    pub user: String,
    pub power: String,
}

/// Who is in the way of `user` taking `power`.
enum Holder {
    /// `user` is in the game already (holding this power, if any).
    Caller(Option<String>),
    /// Someone else holds the power.
    Seat(String),
}

async fn holder_or_player(
    tx: &mut sqlx::AnyConnection,
    id: GameId,
    user: &str,
    power: &str,
) -> Result<Option<Holder>> {
    let rows = sqlx::query("SELECT user_id, power FROM players WHERE game_id = $1")
        .bind(id)
        .fetch_all(&mut *tx)
        .await?;
    for r in &rows {
        if r.get::<String, _>("user_id") == user {
            return Ok(Some(Holder::Caller(r.get("power"))));
        }
    }
    Ok(rows
        .iter()
        .find(|r| r.get::<Option<String>, _>("power").as_deref() == Some(power))
        .map(|r| Holder::Seat(r.get("user_id"))))
}

/// `user` takes `power`: a player row, the departure it fills, and their pending claim gone.
async fn take_seat(
    tx: &mut sqlx::AnyConnection,
    id: GameId,
    user: &str,
    power: &str,
    now: Timestamp,
) -> Result<()> {
    sqlx::query("INSERT INTO players (game_id, user_id, power, joined_at) VALUES ($1, $2, $3, $4)")
        .bind(id)
        .bind(user)
        .bind(power)
        .bind(now)
        .execute(&mut *tx)
        .await?;
    sqlx::query("UPDATE departures SET claimed_by = $1, claimed_at = $2 WHERE id = (SELECT MAX(id) FROM departures WHERE game_id = $3 AND power = $4 AND claimed_by IS NULL)")
        .bind(user)
        .bind(now)
        .bind(id)
        .bind(power)
        .execute(&mut *tx)
        .await?;
    sqlx::query("DELETE FROM seat_claims WHERE game_id = $1 AND user_id = $2")
        .bind(id)
        .bind(user)
        .execute(&mut *tx)
        .await?;
    Ok(())
}

/// The pending claim a moderator names: by its member, or by its power when only one member
/// claims it, or the game's only one when they name neither.
async fn pick_claim(
    tx: &mut sqlx::AnyConnection,
    v: &Rules,
    id: GameId,
    member: Option<&str>,
    power: Option<&str>,
) -> Result<PendingClaim> {
    let all: Vec<PendingClaim> = sqlx::query(
        "SELECT user_id, power FROM seat_claims WHERE game_id = $1 ORDER BY at, user_id",
    )
    .bind(id)
    .fetch_all(&mut *tx)
    .await?
    .iter()
    .map(|r| PendingClaim {
        user: r.get("user_id"),
        power: r.get("power"),
    })
    .collect();
    let list = |claims: &[&PendingClaim]| -> String {
        claims
            .iter()
            .map(|c| format!("<@{}> for {}", c.user, v.display_of(&c.power)))
            .collect::<Vec<_>>()
            .join(", ")
    };
    if all.is_empty() {
        return Err(refused(format!("game {id} has no pending claim")));
    }
    let named: Vec<&PendingClaim> = match (member, power) {
        (Some(user), _) => {
            let mine: Vec<&PendingClaim> = all.iter().filter(|c| c.user == user).collect();
            if mine.is_empty() {
                return Err(refused(format!(
                    "<@{user}> has no pending claim in game {id}; the pending claims are {}",
                    list(&all.iter().collect::<Vec<_>>())
                )));
            }
            mine
        }
        (None, Some(power)) => {
            let name = v.power_name(player_power(v, power)?).to_string();
            let theirs: Vec<&PendingClaim> = all.iter().filter(|c| c.power == name).collect();
            if theirs.is_empty() {
                return Err(refused(format!(
                    "nobody has a pending claim for {} in game {id}; the pending claims are {}",
                    v.display_of(&name),
                    list(&all.iter().collect::<Vec<_>>())
                )));
            }
            theirs
        }
        (None, None) => all.iter().collect(),
    };
    match named.as_slice() {
        [one] => Ok((*one).clone()),
        many => Err(refused(format!(
            "{} claims are pending ({}); name the member with member:",
            many.len(),
            list(many)
        ))),
    }
}

/// The game's community rows for its export: attendance (one per power and movement phase
/// adjudicated) and departures (seats given up or lost to civil disorder), oldest first.
pub(crate) async fn export_rows(
    conn: &mut sqlx::AnyConnection,
    id: GameId,
) -> Result<(Vec<Value>, Vec<Value>)> {
    let attendance = sqlx::query(
        "SELECT seq, power, user_id, ordered FROM attendance WHERE game_id = $1 ORDER BY seq, power",
    )
    .bind(id)
    .fetch_all(&mut *conn)
    .await?
    .iter()
    .map(|r| {
        json!({
            "seq": r.get::<i64, _>("seq"),
            "power": r.get::<String, _>("power"),
            "user": r.get::<Option<String>, _>("user_id"),
            "ordered": r.get::<i64, _>("ordered") == 1,
        })
    })
    .collect();
    let departures = sqlx::query(
        "SELECT seq, power, user_id, reason, at, claimed_by, claimed_at FROM departures WHERE game_id = $1 ORDER BY id",
    )
    .bind(id)
    .fetch_all(&mut *conn)
    .await?
    .iter()
    .map(|r| {
        json!({
            "seq": r.get::<i64, _>("seq"),
            "power": r.get::<String, _>("power"),
            "user": r.get::<String, _>("user_id"),
            "reason": r.get::<String, _>("reason"),
            "at": r.get::<i64, _>("at"),
            "claimed_by": r.get::<Option<String>, _>("claimed_by"),
            "claimed_at": r.get::<Option<i64>, _>("claimed_at"),
        })
    })
    .collect();
    Ok((attendance, departures))
}

/// Inserts the community rows of an imported game (already checked by the import's checks).
pub(crate) async fn import_rows(
    tx: &mut sqlx::AnyConnection,
    id: GameId,
    doc: &Value,
) -> Result<()> {
    for a in doc["attendance"].as_array().into_iter().flatten() {
        sqlx::query("INSERT INTO attendance (game_id, seq, power, user_id, ordered) VALUES ($1, $2, $3, $4, $5)")
            .bind(id)
            .bind(a["seq"].as_i64().unwrap_or(0))
            .bind(a["power"].as_str().unwrap_or(""))
            .bind(a["user"].as_str())
            .bind(a["ordered"].as_bool().unwrap_or(false) as i64)
            .execute(&mut *tx)
            .await?;
    }
    for d in doc["departures"].as_array().into_iter().flatten() {
        sqlx::query("INSERT INTO departures (game_id, seq, power, user_id, reason, at, claimed_by, claimed_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)")
            .bind(id)
            .bind(d["seq"].as_i64().unwrap_or(0))
            .bind(d["power"].as_str().unwrap_or(""))
            .bind(d["user"].as_str().unwrap_or(""))
            .bind(d["reason"].as_str().unwrap_or("left"))
            .bind(d["at"].as_i64().unwrap_or(0))
            .bind(d["claimed_by"].as_str())
            .bind(d["claimed_at"].as_i64())
            .execute(&mut *tx)
            .await?;
    }
    Ok(())
}

/// A rollback to phase `back` (inside its transaction): the attendance of the phases undone
/// goes, so the phase played again is recorded afresh, and a civil disorder those phases
/// caused is undone: the player gets the seat back while nobody has claimed it. A seat a
/// substitute already took stays theirs, and its departure stays on record. Scores need
/// nothing: they are computed from the game's outcome, which the rollback clears.
pub(crate) async fn undo_from(tx: &mut sqlx::AnyConnection, id: GameId, back: i64) -> Result<()> {
    sqlx::query("DELETE FROM attendance WHERE game_id = $1 AND seq >= $2")
        .bind(id)
        .bind(back)
        .execute(&mut *tx)
        .await?;
    let fell = sqlx::query(
        "SELECT id, power, user_id, at FROM departures WHERE game_id = $1 AND seq >= $2 AND reason = 'civil-disorder' AND claimed_by IS NULL",
    )
    .bind(id)
    .bind(back)
    .fetch_all(&mut *tx)
    .await?;
    for r in &fell {
        let (row, power, user, at): (i64, String, String, i64) =
            (r.get("id"), r.get("power"), r.get("user_id"), r.get("at"));
        let taken: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM players WHERE game_id = $1 AND (user_id = $2 OR power = $3)",
        )
        .bind(id)
        .bind(&user)
        .bind(&power)
        .fetch_one(&mut *tx)
        .await?;
        if taken > 0 {
            continue;
        }
        sqlx::query(
            "INSERT INTO players (game_id, user_id, power, joined_at) VALUES ($1, $2, $3, $4)",
        )
        .bind(id)
        .bind(&user)
        .bind(&power)
        .bind(at)
        .execute(&mut *tx)
        .await?;
        sqlx::query("DELETE FROM departures WHERE id = $1")
            .bind(row)
            .execute(&mut *tx)
            .await?;
    }
    Ok(())
}

impl Games {
    /// A member's record in a server's games.
    pub async fn profile(&self, guild: &str, user: &str) -> Result<Profile> {
        let row = sqlx::query(
            "SELECT CAST(COALESCE(SUM(a.ordered), 0) AS BIGINT) AS ordered, COUNT(*) AS phases FROM attendance a JOIN games g ON g.id = a.game_id WHERE g.guild_id = $1 AND a.user_id = $2",
        )
        .bind(guild)
        .bind(user)
        .fetch_one(&self.pool)
        .await?;
        let ordered: i64 = row.get("ordered");
        let phases: i64 = row.get("phases");
        // Played: held a power once the game started, now or before (attendance or a
        // departure remembers those who no longer hold one).
        let played: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM games g WHERE g.guild_id = $1 AND g.status <> 'forming' AND (EXISTS (SELECT 1 FROM players p WHERE p.game_id = g.id AND p.user_id = $2 AND p.power IS NOT NULL) OR EXISTS (SELECT 1 FROM attendance a WHERE a.game_id = g.id AND a.user_id = $2) OR EXISTS (SELECT 1 FROM departures d WHERE d.game_id = g.id AND d.user_id = $2))",
        )
        .bind(guild)
        .bind(user)
        .fetch_one(&self.pool)
        .await?;
        let finished: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM games g JOIN players p ON p.game_id = g.id WHERE g.guild_id = $1 AND g.status = 'finished' AND p.user_id = $2 AND p.power IS NOT NULL",
        )
        .bind(guild)
        .bind(user)
        .fetch_one(&self.pool)
        .await?;
        let abandoned: i64 = sqlx::query_scalar(
            "SELECT COUNT(DISTINCT d.game_id) FROM departures d JOIN games g ON g.id = d.game_id WHERE g.guild_id = $1 AND d.user_id = $2",
        )
        .bind(guild)
        .bind(user)
        .fetch_one(&self.pool)
        .await?;
        Ok(Profile {
            played,
            finished,
            abandoned,
            ordered,
            missed: phases - ordered,
        })
    }

    /// Whether `user` meets game `id`'s requirements; the refusal says which they miss and
    /// by how much.
    pub async fn may_take_part(&self, id: GameId, user: &str) -> Result<()> {
        let info = self.info(id).await?;
        let need = &info.settings.community;
        if need.min_reliability.is_none() && need.min_finished.is_none() {
            return Ok(());
        }
        let guild = info.guild.unwrap_or_default();
        let p = self.profile(&guild, user).await?;
        let mut short = Vec::new();
        if let Some(min) = need.min_reliability {
            let r = p.reliability();
            if r < min as f64 {
                short.push(format!(
                    "a reliability of at least {min}% (yours is {r:.0}%: {} of {} movement phases ordered, {:.0} points short)",
                    p.ordered,
                    p.ordered + p.missed,
                    min as f64 - r
                ));
            }
        }
        if let Some(min) = need.min_finished {
            if p.finished < min {
                short.push(format!(
                    "at least {min} finished games (you have {}, {} short)",
                    p.finished,
                    min - p.finished
                ));
            }
        }
        if short.is_empty() {
            Ok(())
        } else {
            Err(refused(format!("game {id} needs {}", short.join(" and "))))
        }
    }

    /// `/game claim`: `user` takes the open seat of `power` in a running game, or, where the
    /// server's moderators approve claims, asks for it (the seat stays open until
    /// [`Games::approve_claim`]). Their record starts when they take the seat; the phases
    /// missed before stay with whoever missed them.
    pub async fn claim_seat(&self, id: GameId, user: &str, power: &str) -> Result<SeatClaim> {
        self.may_take_part(id, user).await?;
        let mut tx = self.write_game(id).await?;
        let g = self.game(&mut tx, id).await?;
        if g.status != "running" && g.status != "paused" {
            return Err(refused(format!(
                "game {id} is {}; seats are claimed only while it is being played",
                g.status
            )));
        }
        let pid = player_power(&g.variant, power)?;
        let name = g.variant.power_name(pid).to_string();
        let shown = g.variant.display_name(pid).to_string();
        match holder_or_player(&mut tx, id, user, &name).await? {
            Some(Holder::Caller(_)) => {
                return Err(refused(format!("you already play in game {id}")));
            }
            Some(Holder::Seat(_)) => {
                return Err(refused(format!(
                    "{shown} is not open; /game seats lists the open seats"
                )));
            }
            None => {}
        }
        let approval: Option<i64> = sqlx::query_scalar(
            "SELECT c.claims_need_approval FROM games g JOIN community_servers c ON c.guild_id = g.guild_id WHERE g.id = $1",
        )
        .bind(id)
        .fetch_optional(&mut *tx)
        .await?;
        let now = self.now();
        if approval == Some(1) {
            // A member has one pending claim per game: asking again changes the seat asked for.
            sqlx::query("INSERT INTO seat_claims (game_id, user_id, power, at) VALUES ($1, $2, $3, $4) ON CONFLICT (game_id, user_id) DO UPDATE SET power = excluded.power, at = excluded.at")
                .bind(id)
                .bind(user)
                .bind(&name)
                .bind(now)
                .execute(&mut *tx)
                .await?;
            audit(&mut tx, id, now, user, "claim-pending", &name).await?;
            tx.commit().await?;
            return Ok(SeatClaim::Pending(name));
        }
        take_seat(&mut tx, id, user, &name, now).await?;
        audit(&mut tx, id, now, user, "claim", &name).await?;
        tx.commit().await?;
        Ok(SeatClaim::Taken(name))
    }

    /// Whether this server's moderators approve each claim of an open seat.
    pub async fn claims_need_approval(&self, guild: &str) -> Result<bool> {
        let on: Option<i64> = sqlx::query_scalar(
            "SELECT claims_need_approval FROM community_servers WHERE guild_id = $1",
        )
        .bind(guild)
        .fetch_optional(&self.pool)
        .await?;
        Ok(on == Some(1))
    }

    pub async fn set_claims_need_approval(&self, guild: &str, on: bool) -> Result<()> {
        let mut tx = self.write().await?;
        sqlx::query("INSERT INTO community_servers (guild_id, claims_need_approval) VALUES ($1, $2) ON CONFLICT (guild_id) DO UPDATE SET claims_need_approval = excluded.claims_need_approval")
            .bind(guild)
            .bind(on as i64)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(())
    }

    /// Game `id`'s claims waiting for a moderator, oldest first.
    pub async fn pending_claims(&self, id: GameId) -> Result<Vec<PendingClaim>> {
        let rows = sqlx::query(
            "SELECT user_id, power FROM seat_claims WHERE game_id = $1 ORDER BY at, user_id",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .iter()
            .map(|r| PendingClaim {
                user: r.get("user_id"),
                power: r.get("power"),
            })
            .collect())
    }

    /// `/mod approve`: the pending claim `member` made (or the only one for `power`) takes its
    /// seat, if the seat is still open and the member still plays nothing else in the game.
    pub async fn approve_claim(
        &self,
        id: GameId,
        member: Option<&str>,
        power: Option<&str>,
        actor: &str,
    ) -> Result<PendingClaim> {
        let mut tx = self.write_game(id).await?;
        let g = self.game(&mut tx, id).await?;
        if g.status != "running" && g.status != "paused" {
            return Err(refused(format!(
                "game {id} is {}; claims are approved only while it is being played",
                g.status
            )));
        }
        let claim = pick_claim(&mut tx, &g.variant, id, member, power).await?;
        let shown = g.variant.display_of(&claim.power).to_string();
        match holder_or_player(&mut tx, id, &claim.user, &claim.power).await? {
            Some(Holder::Seat(other)) => {
                return Err(refused(format!(
                    "{shown} has been taken meanwhile by <@{other}>; refuse <@{}>'s claim with /mod refuse",
                    claim.user
                )));
            }
            Some(Holder::Caller(Some(held))) => {
                return Err(refused(format!(
                    "<@{}> now plays {} in game {id}; refuse this claim with /mod refuse",
                    claim.user,
                    g.variant.display_of(&held)
                )));
            }
            Some(Holder::Caller(None)) => {
                return Err(refused(format!(
                    "<@{}> has joined game {id} meanwhile; refuse this claim with /mod refuse",
                    claim.user
                )));
            }
            None => {}
        }
        let now = self.now();
        take_seat(&mut tx, id, &claim.user, &claim.power, now).await?;
        let detail = format!("{} {}", claim.user, claim.power);
        audit(&mut tx, id, now, actor, "approve-claim", &detail).await?;
        tx.commit().await?;
        Ok(claim)
    }

    /// `/mod refuse`: the pending claim `member` made (or the only one for `power`) is
    /// dropped; the seat stays as it is.
    pub async fn refuse_claim(
        &self,
        id: GameId,
        member: Option<&str>,
        power: Option<&str>,
        actor: &str,
    ) -> Result<PendingClaim> {
        let mut tx = self.write_game(id).await?;
        let g = self.game(&mut tx, id).await?;
        let claim = pick_claim(&mut tx, &g.variant, id, member, power).await?;
        sqlx::query("DELETE FROM seat_claims WHERE game_id = $1 AND user_id = $2")
            .bind(id)
            .bind(&claim.user)
            .execute(&mut *tx)
            .await?;
        let detail = format!("{} {}", claim.user, claim.power);
        audit(&mut tx, id, self.now(), actor, "refuse-claim", &detail).await?;
        tx.commit().await?;
        Ok(claim)
    }

    /// `/game leave` in a running game: the seat opens for a substitute, and counts as
    /// abandoned in the leaver's record.
    pub async fn give_up_seat(&self, id: GameId, user: &str) -> Result<String> {
        let mut tx = self.write_game(id).await?;
        let g = self.game(&mut tx, id).await?;
        if g.status != "running" && g.status != "paused" {
            return Err(refused(format!("game {id} is {}", g.status)));
        }
        let power: Option<Option<String>> =
            sqlx::query_scalar("SELECT power FROM players WHERE game_id = $1 AND user_id = $2")
                .bind(id)
                .bind(user)
                .fetch_optional(&mut *tx)
                .await?;
        let Some(Some(power)) = power else {
            return Err(refused(format!("you hold no power in game {id}")));
        };
        let seq = g.seq.unwrap_or(0);
        open_seat(&mut tx, id, seq, &power, user, "left", self.now()).await?;
        tx.commit().await?;
        Ok(power)
    }

    /// Seats given up or lost to civil disorder in game `id` whose news belongs to phase
    /// `seq`'s results (civil disorder) or that are still open (all).
    pub async fn departures(&self, id: GameId) -> Result<Vec<Departure>> {
        let rows = sqlx::query(
            "SELECT power, user_id, reason, seq, claimed_by FROM departures WHERE game_id = $1 ORDER BY id",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .iter()
            .map(|r| Departure {
                power: r.get("power"),
                user: r.get("user_id"),
                reason: r.get("reason"),
                seq: r.get("seq"),
                claimed_by: r.get("claimed_by"),
            })
            .collect())
    }

    /// The server's substitute role, pinged when a seat opens.
    pub async fn substitute_role(&self, guild: &str) -> Result<Option<String>> {
        Ok(sqlx::query_scalar::<_, Option<String>>(
            "SELECT substitute_role FROM community_servers WHERE guild_id = $1",
        )
        .bind(guild)
        .fetch_optional(&self.pool)
        .await?
        .flatten())
    }

    pub async fn set_substitute_role(&self, guild: &str, role: Option<&str>) -> Result<()> {
        let mut tx = self.write().await?;
        sqlx::query("INSERT INTO community_servers (guild_id, substitute_role) VALUES ($1, $2) ON CONFLICT (guild_id) DO UPDATE SET substitute_role = excluded.substitute_role")
            .bind(guild)
            .bind(role)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(())
    }

    /// The server's scoring system for new games (draw-size unless chosen).
    pub async fn server_scoring(&self, guild: &str) -> Result<Scoring> {
        let s: Option<Option<String>> =
            sqlx::query_scalar("SELECT scoring FROM community_servers WHERE guild_id = $1")
                .bind(guild)
                .fetch_optional(&self.pool)
                .await?;
        Ok(s.flatten()
            .and_then(|s| Scoring::parse(&s).ok())
            .unwrap_or_default())
    }

    pub async fn set_server_scoring(&self, guild: &str, scoring: Scoring) -> Result<()> {
        let mut tx = self.write().await?;
        sqlx::query("INSERT INTO community_servers (guild_id, scoring) VALUES ($1, $2) ON CONFLICT (guild_id) DO UPDATE SET scoring = excluded.scoring")
            .bind(guild)
            .bind(scoring.name())
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(())
    }

    /// A finished game's scores, power → points, under the system it was created with.
    pub async fn scores(&self, id: GameId) -> Result<Option<(Scoring, BTreeMap<String, f64>)>> {
        let info = self.info(id).await?;
        let Some(outcome) = info.outcome.as_ref().and_then(Outcome::read) else {
            return Ok(None);
        };
        let (_, v, position) = self.current(id).await?;
        let centres: BTreeMap<String, usize> = player_powers(&v)
            .into_iter()
            .map(|p| (v.power_name(p).to_string(), position.centres_of(p).count()))
            .collect();
        let system = info.settings.community.scoring.unwrap_or_default();
        Ok(Some((system, system.score(&outcome, &centres))))
    }

    /// Each member's share of game `id` (summed over the powers they held): the movement
    /// phases they held a power for, over that power's movement phases; with their score,
    /// weighted by the same shares.
    async fn shares(&self, id: GameId) -> Result<Vec<(String, f64, f64)>> {
        let Some((_, scores)) = self.scores(id).await? else {
            return Ok(Vec::new());
        };
        let rows = sqlx::query(
            "SELECT power, user_id, COUNT(*) AS n FROM attendance WHERE game_id = $1 GROUP BY power, user_id",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?;
        let mut per_power: BTreeMap<String, i64> = BTreeMap::new();
        for r in &rows {
            *per_power.entry(r.get("power")).or_default() += r.get::<i64, _>("n");
        }
        let mut by_user: BTreeMap<String, (f64, f64)> = BTreeMap::new();
        for r in &rows {
            let Some(user) = r.get::<Option<String>, _>("user_id") else {
                continue;
            };
            let power: String = r.get("power");
            let share = r.get::<i64, _>("n") as f64 / per_power[&power] as f64;
            let e = by_user.entry(user).or_default();
            e.0 += share;
            e.1 += share * scores.get(&power).copied().unwrap_or(0.0);
        }
        Ok(by_user
            .into_iter()
            .map(|(u, (w, s))| (u, w.min(1.0), if w > 0.0 { s / w } else { 0.0 }))
            .collect())
    }

    /// The server's leaderboard: every member's Elo rating over the finished games, best first.
    /// Games are taken in the order they were made; in each, every pair of members is one Elo
    /// match (higher score wins, equal scores draw) with K = [`ELO_K`] × both shares / (the
    /// number of members in the game - 1), all from the ratings before the game.
    pub async fn leaderboard(&self, guild: &str) -> Result<Vec<Rated>> {
        use skillratings::elo::{elo, EloConfig, EloRating};
        use skillratings::Outcomes;
        let finished: Vec<GameId> = sqlx::query_scalar(
            "SELECT id FROM games WHERE guild_id = $1 AND status = 'finished' ORDER BY id",
        )
        .bind(guild)
        .fetch_all(&self.pool)
        .await?;
        let mut ratings: BTreeMap<String, (f64, usize)> = BTreeMap::new();
        for id in finished {
            let members = self.shares(id).await?;
            let n = members.len();
            if n < 2 {
                continue;
            }
            let before: Vec<f64> = members
                .iter()
                .map(|(u, _, _)| ratings.get(u).map_or(ELO_START, |r| r.0))
                .collect();
            let mut delta = vec![0.0; n];
            for a in 0..n {
                for b in a + 1..n {
                    let (sa, sb) = (members[a].2, members[b].2);
                    let outcome = if (sa - sb).abs() < 1e-9 {
                        Outcomes::DRAW
                    } else if sa > sb {
                        Outcomes::WIN
                    } else {
                        Outcomes::LOSS
                    };
                    let config = EloConfig {
                        k: ELO_K * members[a].1 * members[b].1 / (n - 1) as f64,
                    };
                    let (ra, rb) = elo(
                        &EloRating { rating: before[a] },
                        &EloRating { rating: before[b] },
                        &outcome,
                        &config,
                    );
                    delta[a] += ra.rating - before[a];
                    delta[b] += rb.rating - before[b];
                }
            }
            for (i, (u, _, _)) in members.iter().enumerate() {
                let e = ratings.entry(u.clone()).or_insert((ELO_START, 0));
                e.0 = before[i] + delta[i];
                e.1 += 1;
            }
        }
        let mut out: Vec<Rated> = ratings
            .into_iter()
            .map(|(user, (rating, games))| Rated {
                user,
                rating,
                games,
            })
            .collect();
        out.sort_by(|a, b| b.rating.total_cmp(&a.rating).then(a.user.cmp(&b.user)));
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn centres(list: &[(&str, usize)]) -> BTreeMap<String, usize> {
        list.iter().map(|(p, c)| (p.to_string(), *c)).collect()
    }

    #[test]
    fn each_system_scores_a_draw_and_a_solo_by_its_formula() {
        let c = centres(&[("A", 10), ("B", 6), ("C", 2), ("D", 0)]);
        let draw = Outcome::Draw(vec!["A".into(), "B".into(), "C".into()]);
        let ds = Scoring::DrawSize.score(&draw, &c);
        assert!((ds["A"] - 100.0 / 3.0).abs() < 1e-9 && ds["D"] == 0.0);
        let sos = Scoring::SumOfSquares.score(&draw, &c);
        // 100 × 100 / (100 + 36 + 4) = 71.43; 100 × 36 / 140 = 25.71; 100 × 4 / 140 = 2.86.
        assert!((sos["A"] - 10000.0 / 140.0).abs() < 1e-9, "{sos:?}");
        assert!((sos["C"] - 400.0 / 140.0).abs() < 1e-9, "{sos:?}");
        assert!(Scoring::SoloOnly
            .score(&draw, &c)
            .values()
            .all(|&s| s == 0.0));
        let solo = Outcome::Victory("A".into());
        for s in Scoring::ALL {
            let got = s.score(&solo, &c);
            assert_eq!((got["A"], got["B"]), (100.0, 0.0), "{s:?}");
        }
        assert!(Scoring::parse("Sum-of-Squares").is_ok());
        assert!(Scoring::parse("ghost")
            .unwrap_err()
            .to_string()
            .contains("draw-size"));
    }
}
