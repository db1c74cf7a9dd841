//! Read-only questions about games: who plays what, which game a channel or a player means,
//! and the summary `/game status` shows.

use super::*;

/// What `/game status` and the scheduler need to know about a game.
#[derive(Debug, Clone, Serialize)]
pub struct GameInfo {
    pub id: GameId,
    pub guild: Option<String>,
    pub channel: Option<String>,
    pub variant: String,
    pub variant_name: String,
    pub rulebook: String,
    pub status: String,
    /// The current phase's name, once started.
    pub phase: Option<String>,
    pub seq: Option<i64>,
    pub deadline: Option<Timestamp>,
    pub settings: Settings,
    /// (user, power) for every player; power is `None` before the start.
    pub players: Vec<(String, Option<String>)>,
    /// Powers nobody holds (a player was removed and not yet replaced).
    pub vacant: Vec<String>,
    pub outcome: Option<Value>,
}

/// One line of `/game list`.
#[derive(Debug, Clone, Serialize)]
pub struct GameSummary {
    pub id: GameId,
    pub variant: String,
    pub status: String,
    /// The phase the game is in (or ended in); `None` before the start.
    pub phase: Option<String>,
}

impl Games {
    /// The power a user holds in a game.
    pub async fn power_of(&self, id: GameId, user: &str) -> Result<String> {
        let mut conn = self.pool.acquire().await?;
        power_held(&mut conn, id, user).await
    }

    /// The current phase number and position.
    pub async fn current(&self, id: GameId) -> Result<(i64, Arc<Rules>, Position)> {
        let mut conn = self.pool.acquire().await?;
        let g = self.game(&mut conn, id).await?;
        let seq = g.seq.ok_or_else(|| refused("the game has not started"))?;
        let position = load_position(&mut conn, &g.variant, id, seq).await?;
        Ok((seq, g.variant, position))
    }

    pub async fn status(&self, id: GameId) -> Result<String> {
        sqlx::query_scalar("SELECT status FROM games WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await?
            .ok_or(GameError::NotFound(id))
    }

    /// Everything `/game status` shows, except who has ordered (see [`Games::owing`]).
    pub async fn info(&self, id: GameId) -> Result<GameInfo> {
        let mut conn = self.pool.acquire().await?;
        let g = self.game(&mut conn, id).await?;
        let row =
            sqlx::query("SELECT guild_id, channel_id, variant, outcome FROM games WHERE id = $1")
                .bind(id)
                .fetch_one(&mut *conn)
                .await?;
        let phase: Option<String> = match g.seq {
            Some(seq) => {
                sqlx::query_scalar("SELECT name FROM phases WHERE game_id = $1 AND seq = $2")
                    .bind(id)
                    .bind(seq)
                    .fetch_optional(&mut *conn)
                    .await?
            }
            None => None,
        };
        let players = self.players_in(&mut conn, id).await?;
        let vacant = if g.status == "forming" {
            Vec::new()
        } else {
            player_powers(&g.variant)
                .into_iter()
                .map(|p| g.variant.power_name(p).to_string())
                .filter(|p| !players.iter().any(|(_, q)| q.as_ref() == Some(p)))
                .collect()
        };
        let outcome: Option<String> = row.get("outcome");
        Ok(GameInfo {
            id,
            guild: row.get("guild_id"),
            channel: row.get("channel_id"),
            variant: row.get("variant"),
            variant_name: g.variant.name.clone(),
            rulebook: rulebook::describe(&g.variant),
            status: g.status,
            phase,
            seq: g.seq,
            deadline: g.deadline,
            settings: g.settings,
            players,
            vacant,
            outcome: outcome.and_then(|o| serde_json::from_str(&o).ok()),
        })
    }

    async fn players_in(
        &self,
        conn: &mut sqlx::AnyConnection,
        id: GameId,
    ) -> Result<Vec<(String, Option<String>)>> {
        let rows = sqlx::query(
            "SELECT user_id, power FROM players WHERE game_id = $1 ORDER BY joined_at, user_id",
        )
        .bind(id)
        .fetch_all(&mut *conn)
        .await?;
        Ok(rows
            .iter()
            .map(|r| (r.get("user_id"), r.get("power")))
            .collect())
    }

    /// A game's channel, read without loading the game (so it works for a broken one).
    pub async fn channel_of(&self, id: GameId) -> Result<Option<String>> {
        Ok(
            sqlx::query_scalar::<_, Option<String>>("SELECT channel_id FROM games WHERE id = $1")
                .bind(id)
                .fetch_optional(&self.pool)
                .await?
                .flatten(),
        )
    }

    /// The moderator role of the server a game is played in, if the server chose one.
    pub async fn moderators_of(&self, id: GameId) -> Result<Option<String>> {
        Ok(sqlx::query_scalar::<_, Option<String>>(
            "SELECT s.moderator_role FROM games g JOIN servers s ON s.guild_id = g.guild_id WHERE g.id = $1",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await?
        .flatten())
    }

    /// Every game of a channel, newest first, finished ones included (for `/game list`).
    pub async fn games_in_channel(&self, channel: &str) -> Result<Vec<GameSummary>> {
        self.summaries(
            "SELECT g.id, g.variant, g.status, p.name FROM games g LEFT JOIN phases p ON p.game_id = g.id AND p.seq = g.current_seq WHERE g.channel_id = $1 ORDER BY g.id DESC",
            channel,
        )
        .await
    }

    /// Every game a user plays or played in, newest first, finished ones included.
    pub async fn games_played_by(&self, user: &str) -> Result<Vec<GameSummary>> {
        self.summaries(
            "SELECT g.id, g.variant, g.status, p.name FROM games g JOIN players pl ON pl.game_id = g.id LEFT JOIN phases p ON p.game_id = g.id AND p.seq = g.current_seq WHERE pl.user_id = $1 ORDER BY g.id DESC",
            user,
        )
        .await
    }

    /// Every game in the database, oldest first, finished ones included (`parley games`).
    pub async fn all_games(&self) -> Result<Vec<GameSummary>> {
        let rows = sqlx::query(
            "SELECT g.id, g.variant, g.status, p.name FROM games g LEFT JOIN phases p ON p.game_id = g.id AND p.seq = g.current_seq WHERE g.sandbox_owner IS NULL ORDER BY g.id",
        )
        .fetch_all(&self.pool)
        .await?;
        Ok(Self::summary_rows(&rows))
    }

    async fn summaries(&self, sql: &'static str, key: &str) -> Result<Vec<GameSummary>> {
        let rows = sqlx::query(sql).bind(key).fetch_all(&self.pool).await?;
        Ok(Self::summary_rows(&rows))
    }

    fn summary_rows(rows: &[sqlx::any::AnyRow]) -> Vec<GameSummary> {
        rows.iter()
            .map(|r| GameSummary {
                id: r.get("id"),
                variant: r.get("variant"),
                status: r.get("status"),
                phase: r.get("name"),
            })
            .collect()
    }

    /// The server a game is played in (`None` for a game made outside Discord).
    pub async fn guild_of(&self, id: GameId) -> Result<Option<String>> {
        sqlx::query_scalar::<_, Option<String>>("SELECT guild_id FROM games WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await?
            .ok_or(GameError::NotFound(id))
    }

    /// The unfinished game played in a channel, if any.
    pub async fn game_in_channel(&self, channel: &str) -> Result<Option<GameId>> {
        Ok(sqlx::query_scalar(
            "SELECT id FROM games WHERE channel_id = $1 AND status <> 'finished' ORDER BY id DESC",
        )
        .bind(channel)
        .fetch_optional(&self.pool)
        .await?)
    }

    /// The unfinished games a user plays in, with their variant and power, newest first.
    pub async fn games_of(&self, user: &str) -> Result<Vec<(GameId, String, Option<String>)>> {
        let rows = sqlx::query(
            "SELECT g.id, g.variant, p.power FROM games g JOIN players p ON p.game_id = g.id WHERE p.user_id = $1 AND g.status <> 'finished' ORDER BY g.id DESC",
        )
        .bind(user)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .iter()
            .map(|r| (r.get("id"), r.get("variant"), r.get("power")))
            .collect())
    }

    /// Which player holds a power, if anyone does.
    pub async fn player_of(&self, id: GameId, power: &str) -> Result<Option<String>> {
        Ok(
            sqlx::query_scalar("SELECT user_id FROM players WHERE game_id = $1 AND power = $2")
                .bind(id)
                .bind(power)
                .fetch_optional(&self.pool)
                .await?,
        )
    }

    /// The role, besides Manage Server, whose members may use moderator commands in a server.
    pub async fn moderator_role(&self, guild: &str) -> Result<Option<String>> {
        Ok(sqlx::query_scalar::<_, Option<String>>(
            "SELECT moderator_role FROM servers WHERE guild_id = $1",
        )
        .bind(guild)
        .fetch_optional(&self.pool)
        .await?
        .flatten())
    }

    pub async fn set_moderator_role(&self, guild: &str, role: Option<&str>) -> Result<()> {
        sqlx::query("INSERT INTO servers (guild_id, moderator_role) VALUES ($1, $2) ON CONFLICT (guild_id) DO UPDATE SET moderator_role = excluded.moderator_role")
            .bind(guild)
            .bind(role)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// One phase of a game as it stood, read once: its position, its record if it has been
    /// adjudicated, and where its dislodged units may retreat.
    pub async fn phase(&self, id: GameId, seq: i64) -> Result<PhaseView> {
        let mut conn = self.pool.acquire().await?;
        let g = self.game(&mut conn, id).await?;
        let row = sqlx::query("SELECT name, results FROM phases WHERE game_id = $1 AND seq = $2")
            .bind(id)
            .bind(seq)
            .fetch_optional(&mut *conn)
            .await?
            .ok_or_else(|| refused(format!("game {id} has no phase {seq}")))?;
        let v = g.variant;
        let position = load_position(&mut conn, &v, id, seq).await?;
        let record = match row.get::<Option<String>, _>("results") {
            Some(text) => Some(read_record(&mut conn, &v, id, seq, &text).await?),
            None => None,
        };
        let retreats = if position.dislodged.is_empty() {
            Vec::new()
        } else {
            retreats_in(&mut conn, &v, id, seq, &position).await?
        };
        Ok(PhaseView {
            variant: v,
            name: row.get("name"),
            position,
            record,
            retreats,
        })
    }

    /// How many times a moderator has rolled the game back: each replay of a phase is a new
    /// adjudication with a post of its own.
    pub async fn rollbacks(&self, id: GameId) -> Result<i64> {
        Ok(sqlx::query_scalar(
            "SELECT COUNT(*) FROM audit WHERE game_id = $1 AND action = 'rollback'",
        )
        .bind(id)
        .fetch_one(&self.pool)
        .await?)
    }

    /// The phases played so far and the current one: (seq, name), oldest first.
    pub async fn phase_names(&self, id: GameId) -> Result<Vec<(i64, String)>> {
        let rows = sqlx::query("SELECT seq, name FROM phases WHERE game_id = $1 ORDER BY seq")
            .bind(id)
            .fetch_all(&self.pool)
            .await?;
        Ok(rows.iter().map(|r| (r.get("seq"), r.get("name"))).collect())
    }
}

/// The power a user holds in a game, read on the caller's connection (inside a transaction,
/// so it needs no second one).
pub(super) async fn power_held(
    conn: &mut sqlx::AnyConnection,
    id: GameId,
    user: &str,
) -> Result<String> {
    sqlx::query_scalar::<_, Option<String>>(
        "SELECT power FROM players WHERE game_id = $1 AND user_id = $2",
    )
    .bind(id)
    .bind(user)
    .fetch_optional(&mut *conn)
    .await?
    .flatten()
    .ok_or_else(|| refused("you hold no power in this game"))
}

/// One phase of a game as [`Games::phase`] reads it.
#[derive(Debug, Clone)]
pub struct PhaseView {
    pub variant: Arc<Rules>,
    pub name: String,
    /// The position the phase started from.
    pub position: Position,
    /// What its adjudication did; `None` while it is being played.
    pub record: Option<PhaseRecord>,
    /// Where each unit dislodged in `position` may retreat, as the record of the phase that
    /// dislodged it says (empty outside retreat phases).
    pub retreats: Vec<DislodgedReport>,
}

/// A phase's stored record (typed, or an older release's results document).
pub(super) async fn read_record(
    conn: &mut sqlx::AnyConnection,
    v: &Arc<Rules>,
    id: GameId,
    seq: i64,
    stored: &str,
) -> Result<PhaseRecord> {
    if record::is_typed(stored) {
        let mut typed = record::read_typed(stored).map_err(refused)?;
        // Numbers the variant does not have would fail every reader that names them (the
        // report, the map, the export): the game is refused, and the scheduler sets it aside.
        typed.check(v).map_err(|(field, msg)| {
            refused(format!(
                "the record of phase {seq} does not fit {}: {field}: {msg}",
                v.name
            ))
        })?;
        typed.read_words_again(v);
        return Ok(typed);
    }
    // An older release's row not yet rewritten (see `upgrade`): adjudicated again from its
    // position, and the next phase's position is the position after it.
    let position = load_position(conn, v, id, seq).await?;
    let next = load_position(conn, v, id, seq + 1).await.ok();
    PhaseRecord::from_stored(v, &position, stored, next).map_err(refused)
}

/// Where the units dislodged in a retreat phase's position may go: from the record of the
/// phase before it, which dislodged them. A unit that record does not name (a moderator put
/// it there, or the game was imported at this phase) gets the judge's answer.
async fn retreats_in(
    conn: &mut sqlx::AnyConnection,
    v: &Arc<Rules>,
    id: GameId,
    seq: i64,
    position: &Position,
) -> Result<Vec<DislodgedReport>> {
    let before: Option<PhaseRecord> = if seq > 0 {
        let stored: Option<String> =
            sqlx::query_scalar("SELECT results FROM phases WHERE game_id = $1 AND seq = $2")
                .bind(id)
                .bind(seq - 1)
                .fetch_optional(&mut *conn)
                .await?
                .flatten();
        match stored {
            Some(text) => Some(read_record(conn, v, id, seq - 1, &text).await?),
            None => None,
        }
    } else {
        None
    };
    Ok(position
        .dislodged
        .iter()
        .map(|d| {
            let recorded = before
                .iter()
                .flat_map(|r| &r.dislodged)
                .find(|r| r.dislodged.unit == d.unit);
            DislodgedReport {
                dislodged: *d,
                retreats: match recorded {
                    Some(r) => r.retreats.clone(),
                    None => crate::judge::retreat_options(v, position, d),
                },
                attacker: recorded.and_then(|r| r.attacker),
            }
        })
        .collect())
}
