//! Sandboxes: a member's private practice game (issue #29). One per member, kept in `games`
//! with `sandbox_owner` set: no server, channel, players or deadlines, the owner orders every
//! power and adjudicates when they like, and it is never in anyone's record or rating. One
//! unused for [`SANDBOX_LIFETIME`] is removed.

use super::orders::Seat;
use super::*;

/// How long a sandbox is kept after its owner last touched it.
pub const SANDBOX_LIFETIME: i64 = 7 * 24 * 3600;

/// What a sandbox's owner sees of it after a change.
#[derive(Debug, Clone)]
pub struct SandboxView {
    pub game: GameId,
    pub variant: String,
    /// The phase now to be ordered (or the last one, if the game is over).
    pub phase: String,
    pub seq: i64,
    pub finished: bool,
}

/// Removing a sandbox: its rows in every table that holds a game's, children before parents.
const REMOVE: [&str; 11] = [
    "DELETE FROM submissions WHERE game_id = $1",
    "DELETE FROM ready WHERE game_id = $1",
    "DELETE FROM votes WHERE game_id = $1",
    "DELETE FROM ballots WHERE game_id = $1",
    "DELETE FROM alliances WHERE game_id = $1",
    "DELETE FROM audit WHERE game_id = $1",
    "DELETE FROM attendance WHERE game_id = $1",
    "DELETE FROM departures WHERE game_id = $1",
    "DELETE FROM seat_claims WHERE game_id = $1",
    "DELETE FROM phases WHERE game_id = $1",
    "DELETE FROM players WHERE game_id = $1",
];

fn no_sandbox() -> GameError {
    refused("you have no sandbox; `/sandbox start variant:standard` makes one")
}

impl Games {
    /// The member's sandbox, if they have one.
    pub async fn sandbox_of(&self, user: &str) -> Result<Option<GameId>> {
        Ok(
            sqlx::query_scalar("SELECT id FROM games WHERE sandbox_owner = $1")
                .bind(user)
                .fetch_optional(&self.pool)
                .await?,
        )
    }

    /// Whether game `id` is a sandbox (and so never exported, listed or rated).
    pub async fn is_sandbox(&self, id: GameId) -> Result<bool> {
        sqlx::query_scalar::<_, Option<String>>("SELECT sandbox_owner FROM games WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await?
            .map(|o| o.is_some())
            .ok_or(GameError::NotFound(id))
    }

    async fn own_sandbox(&self, user: &str) -> Result<GameId> {
        self.sandbox_of(user).await?.ok_or_else(no_sandbox)
    }

    /// Makes the member's sandbox at the variant's start, in one transaction. A member has at
    /// most one: a second start is refused rather than throw the first away.
    pub async fn sandbox_start(&self, user: &str, variant: &str) -> Result<SandboxView> {
        let settings = Settings::default();
        let resolved = rulebook::resolve(
            variant,
            &RulebookChoice::default(),
            &settings.variant_options,
        )?;
        let mut settings = settings;
        settings.variant_options = resolved.variant_options;
        let mut tx = self.write().await?;
        let id = self
            .make_sandbox(
                &mut tx,
                user,
                variant,
                &resolved.stored.to_string(),
                &settings,
                None,
            )
            .await?;
        tx.commit().await?;
        self.sandbox_view(id).await
    }

    /// Makes the member's sandbox from the current phase of a game they hold a power in, with
    /// that game's variant, options and rulebook, in one transaction. Only the position is
    /// copied: no orders, and the variant's secret draws (where Atlantis lies) are drawn anew,
    /// so practising reveals nothing of the real game. The game itself is only read.
    pub async fn sandbox_start_from(&self, user: &str, game: GameId) -> Result<SandboxView> {
        let mut tx = self.write().await?;
        let g = self.game(&mut tx, game).await?;
        if g.sandbox {
            return Err(refused(format!(
                "game {game} is a sandbox; start one from a game you play in, or from a variant"
            )));
        }
        if g.status != "running" {
            return Err(refused(format!(
                "game {game} is {}, not being played; a sandbox starts from the current phase of a running game you play in, or from a variant's start",
                g.status
            )));
        }
        lookup::power_held(&mut tx, game, user).await.map_err(|_| {
            refused(format!(
                "you hold no power in game {game}; a sandbox starts from the current phase of a game you play in, or from a variant's start"
            ))
        })?;
        let position = load_position(&mut tx, &g.variant, game, g.seq.unwrap_or(0)).await?;
        let rulebook: String = sqlx::query_scalar("SELECT rulebook FROM games WHERE id = $1")
            .bind(game)
            .fetch_one(&mut *tx)
            .await?;
        let settings = Settings {
            variant_options: g.settings.variant_options.clone(),
            ..Settings::default()
        };
        let id = self
            .make_sandbox(
                &mut tx,
                user,
                &g.variant.id,
                &rulebook,
                &settings,
                Some(&position),
            )
            .await?;
        tx.commit().await?;
        self.sandbox_view(id).await
    }

    /// Writes a new sandbox of `user` (refused if they have one) running from `position`, or
    /// from the variant's start; returns its id. The caller commits.
    async fn make_sandbox(
        &self,
        tx: &mut sqlx::AnyConnection,
        user: &str,
        variant: &str,
        rulebook: &str,
        settings: &Settings,
        position: Option<&Position>,
    ) -> Result<GameId> {
        let rules = crate::Variant::builtin(variant).map_err(refused)?;
        let now = self.now();
        let seed = now;
        let hidden = secrets::draw_all(variant, seed);
        if let Some(id) =
            sqlx::query_scalar::<_, i64>("SELECT id FROM games WHERE sandbox_owner = $1")
                .bind(user)
                .fetch_optional(&mut *tx)
                .await?
        {
            return Err(refused(format!(
                "you already have a sandbox (game {id}); `/sandbox end` removes it before you start another"
            )));
        }
        let id: GameId = sqlx::query(
            "INSERT INTO games (guild_id, channel_id, variant, rulebook, settings, status, seed, created_at, hidden, map_fingerprint, sandbox_owner, used_at) VALUES (NULL, NULL, $1, $2, $3, 'forming', $4, $5, $6, $7, $8, $9) RETURNING id",
        )
        .bind(variant)
        .bind(rulebook)
        .bind(serde_json::to_string(settings).unwrap_or_default())
        .bind(seed)
        .bind(now)
        .bind(secrets::column(&hidden))
        .bind(rules.map_fingerprint.clone())
        .bind(user)
        .bind(now)
        .fetch_one(&mut *tx)
        .await?
        .get::<i64, _>("id");
        let g = self.game(&mut *tx, id).await?;
        let position = match position {
            Some(p) => p.clone(),
            None => g.variant.initial_position(),
        };
        insert_phase(&mut *tx, &g.variant, id, 0, &position).await?;
        sqlx::query("UPDATE games SET status = 'running', current_seq = 0 WHERE id = $1")
            .bind(id)
            .execute(&mut *tx)
            .await?;
        Ok(id)
    }

    /// Where the sandbox stands.
    pub async fn sandbox_view(&self, id: GameId) -> Result<SandboxView> {
        let mut conn = self.pool.acquire().await?;
        let g = self.game(&mut conn, id).await?;
        let seq = g.seq.unwrap_or(0);
        let position = load_position(&mut conn, &g.variant, id, seq).await?;
        Ok(SandboxView {
            game: id,
            variant: g.variant.id.clone(),
            phase: g.variant.calendar.name(position.phase),
            seq,
            finished: g.status == "finished",
        })
    }

    /// The owner's orders for `power` in the sandbox's current phase, as `/orders submit`
    /// takes a player's, and the sandbox marked used, in one transaction.
    pub async fn sandbox_submit(
        &self,
        user: &str,
        power: &str,
        texts: &[String],
    ) -> Result<(GameId, String, SubmitReport)> {
        let id = self.own_sandbox(user).await?;
        let mut tx = self.write_game(id).await?;
        let g = self.game(&mut tx, id).await?;
        let v = &g.variant;
        let Some(p) = v.power_by_name(power) else {
            return Err(refused(format!(
                "{} is not a power of {}; say one of {}",
                text::quote(power),
                v.name,
                (0..v.powers.len())
                    .map(|p| v.display_name(crate::unit::PowerId(p as u8)))
                    .collect::<Vec<_>>()
                    .join(", ")
            )));
        };
        let name = v.power_name(p).to_string();
        let shown = v.display_name(p).to_string();
        let report = self
            .submit_in(&mut tx, id, user, Seat::Power(&name), texts)
            .await?;
        touch(&mut tx, id, self.now()).await?;
        tx.commit().await?;
        Ok((id, shown, report))
    }

    /// Adjudicates the sandbox's current phase now, in one transaction (missing orders hold, as
    /// at a deadline). Returns the sandbox and the phase adjudicated.
    pub async fn sandbox_adjudicate(&self, user: &str) -> Result<(GameId, i64, PhaseReport)> {
        let id = self.own_sandbox(user).await?;
        let view = self.sandbox_view(id).await?;
        if view.finished {
            return Err(refused(
                "your sandbox game is over; `/sandbox back` steps back into it, `/sandbox end` removes it",
            ));
        }
        match self.adjudicate(id, view.seq).await? {
            Some(report) => Ok((id, view.seq, report)),
            None => Err(refused(
                "your sandbox moved on while this was asked; `/sandbox show` says where it is",
            )),
        }
    }

    /// Takes the sandbox back one phase (the moderators' rollback), in one transaction.
    pub async fn sandbox_back(&self, user: &str) -> Result<(GameId, String)> {
        let id = self.own_sandbox(user).await?;
        let mut tx = self.write_game(id).await?;
        let name = self.rollback_in(&mut tx, id, user).await?;
        touch(&mut tx, id, self.now()).await?;
        tx.commit().await?;
        Ok((id, name))
    }

    /// Removes the member's sandbox.
    pub async fn sandbox_end(&self, user: &str) -> Result<GameId> {
        let id = self.own_sandbox(user).await?;
        let mut tx = self.write_game(id).await?;
        remove(&mut tx, id).await?;
        tx.commit().await?;
        Ok(id)
    }

    /// Removes every sandbox unused for [`SANDBOX_LIFETIME`], each in its own transaction
    /// that checks again it is unused (its owner may touch it meanwhile). Returns their owners.
    pub async fn remove_unused_sandboxes(&self) -> Result<Vec<(GameId, String)>> {
        let before = self.now() - SANDBOX_LIFETIME;
        let stale: Vec<(i64, String)> = sqlx::query(
            "SELECT id, sandbox_owner FROM games WHERE sandbox_owner IS NOT NULL AND used_at < $1 ORDER BY id",
        )
        .bind(before)
        .fetch_all(&self.pool)
        .await?
        .iter()
        .map(|r| (r.get("id"), r.get("sandbox_owner")))
        .collect();
        let mut removed = Vec::new();
        for (id, owner) in stale {
            let mut tx = self.write_game(id).await?;
            let still: Option<i64> = sqlx::query_scalar(
                "SELECT id FROM games WHERE id = $1 AND sandbox_owner IS NOT NULL AND used_at < $2",
            )
            .bind(id)
            .bind(before)
            .fetch_optional(&mut *tx)
            .await?;
            if still.is_some() {
                remove(&mut tx, id).await?;
                tx.commit().await?;
                removed.push((id, owner));
            }
        }
        Ok(removed)
    }
}

async fn touch(tx: &mut sqlx::AnyConnection, id: GameId, now: Timestamp) -> Result<()> {
    sqlx::query("UPDATE games SET used_at = $1 WHERE id = $2")
        .bind(now)
        .bind(id)
        .execute(&mut *tx)
        .await?;
    Ok(())
}

async fn remove(tx: &mut sqlx::AnyConnection, id: GameId) -> Result<()> {
    for delete in REMOVE {
        sqlx::query(delete).bind(id).execute(&mut *tx).await?;
    }
    sqlx::query("DELETE FROM games WHERE id = $1 AND sandbox_owner IS NOT NULL")
        .bind(id)
        .execute(&mut *tx)
        .await?;
    Ok(())
}
