//! A game's life outside its phases: creating it, players joining and leaving, starting it.

use super::*;

impl Games {
    /// Creates a game in the forming state, with the variant's own rulebook.
    pub async fn create(
        &self,
        guild: Option<&str>,
        channel: Option<&str>,
        variant: &str,
        settings: Settings,
        seed: u64,
    ) -> Result<GameId> {
        let choice = RulebookChoice::default();
        self.create_with(guild, channel, variant, settings, &choice, seed)
            .await
    }

    /// Creates a game in the forming state, played under the chosen rulebook. The variant's
    /// secret draws (Atlantica II's Lost Atlantis) are made now, from the seed's own streams,
    /// and kept apart from the rulebook.
    pub async fn create_with(
        &self,
        guild: Option<&str>,
        channel: Option<&str>,
        variant: &str,
        settings: Settings,
        choice: &RulebookChoice,
        seed: u64,
    ) -> Result<GameId> {
        let mut settings = settings;
        settings.check().map_err(refused)?;
        let resolved = rulebook::resolve(variant, choice, &settings.variant_options)?;
        settings.variant_options = resolved.variant_options;
        let rulebook = resolved.stored;
        let mut tx = self.write().await?;
        if let Some(ch) = channel {
            let taken: Option<i64> = sqlx::query_scalar(
                "SELECT id FROM games WHERE channel_id = $1 AND status <> 'finished'",
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
        let hidden = secrets::draw_all(variant, seed as i64);
        let fingerprint = crate::Variant::builtin(variant)
            .map_err(refused)?
            .map_fingerprint
            .clone();
        let id = sqlx::query(
            "INSERT INTO games (guild_id, channel_id, variant, rulebook, settings, status, seed, created_at, hidden, map_fingerprint) VALUES ($1, $2, $3, $4, $5, 'forming', $6, $7, $8, $9) RETURNING id",
        )
        .bind(guild)
        .bind(channel)
        .bind(variant)
        .bind(rulebook.to_string())
        .bind(serde_json::to_string(&settings).unwrap_or_default())
        .bind(seed as i64)
        .bind(self.now())
        .bind(secrets::column(&hidden))
        .bind(fingerprint)
        .fetch_one(&mut *tx)
        .await?
        .get::<i64, _>("id");
        tx.commit().await?;
        Ok(id)
    }

    pub async fn join(&self, id: GameId, user: &str, preference: Option<&str>) -> Result<()> {
        let mut tx = self.write_game(id).await?;
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
                    .filter(|pid| player_powers(&g.variant).contains(pid))
                    .map(|pid| g.variant.power_name(pid).to_string())
                    .ok_or_else(|| {
                        refused(format!(
                            "'{}' is not a power a player can hold in {}; the powers are {}",
                            super::text::quote(p),
                            g.variant.name,
                            power_list(&g.variant)
                        ))
                    })?,
            ),
            None => None,
        };
        let count: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM players WHERE game_id = $1")
            .bind(id)
            .fetch_one(&mut *tx)
            .await?;
        let seats = player_powers(&g.variant).len();
        if count as usize >= seats {
            return Err(refused(format!("the game is full ({seats} players)")));
        }
        let done = sqlx::query("INSERT INTO players (game_id, user_id, preference, joined_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING")
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
        let mut tx = self.write_game(id).await?;
        let g = self.game(&mut tx, id).await?;
        if g.status != "forming" {
            return Err(refused(
                "the game has started; ask a moderator to replace you",
            ));
        }
        let done = sqlx::query("DELETE FROM players WHERE game_id = $1 AND user_id = $2")
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
        let mut tx = self.write_game(id).await?;
        let g = self.game(&mut tx, id).await?;
        if g.status != "forming" {
            return Err(refused("the game has already started"));
        }
        let rows = sqlx::query(
            "SELECT user_id, preference FROM players WHERE game_id = $1 ORDER BY joined_at, user_id",
        )
        .bind(id)
        .fetch_all(&mut *tx)
        .await?;
        let n = player_powers(&g.variant).len();
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
        let mut free: Vec<String> = player_powers(&g.variant)
            .into_iter()
            .map(|p| g.variant.power_name(p).to_string())
            .collect();
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
            sqlx::query("UPDATE players SET power = $1 WHERE game_id = $2 AND user_id = $3")
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
        let deadline = g
            .settings
            .deadline(g.variant.calendar.kind(position.phase), now);
        sqlx::query(
            "UPDATE games SET status = 'running', current_seq = 0, deadline_at = $1, posted_seq = -1 WHERE id = $2",
        )
        .bind(deadline)
        .bind(id)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        out.sort();
        Ok(out)
    }
}
