//! Secret votes to end a game: draws and concessions.

use super::*;

impl Games {
    /// The voter's power, the game and its current phase, refusing games that are not on.
    async fn voter(
        &self,
        tx: &mut sqlx::AnyConnection,
        id: GameId,
        user: &str,
    ) -> Result<(String, GameRow, i64)> {
        let power = super::lookup::power_held(tx, id, user).await?;
        let g = self.game(tx, id).await?;
        if g.status != "running" && g.status != "paused" {
            return Err(refused(format!(
                "the game is {}; votes are taken while it is on",
                g.status
            )));
        }
        let seq = g.seq.unwrap_or(0);
        Ok((power, g, seq))
    }

    /// Casts a secret draw vote; when every surviving power votes yes, the game ends in a draw.
    pub async fn vote_draw(&self, id: GameId, user: &str, yes: bool) -> Result<Option<String>> {
        let mut tx = self.write_game(id).await?;
        let (power, g, seq) = self.voter(&mut tx, id, user).await?;
        sqlx::query("INSERT INTO votes (game_id, seq, power, kind, yes, cast_at) VALUES ($1, $2, $3, 'draw', $4, $5) ON CONFLICT (game_id, seq, power, kind) DO UPDATE SET yes = excluded.yes, cast_at = excluded.cast_at")
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
            "SELECT power FROM votes WHERE game_id = $1 AND seq = $2 AND kind = 'draw' AND yes = 1",
        )
        .bind(id)
        .bind(seq)
        .fetch_all(&mut *tx)
        .await?;
        let outcome = if surviving.iter().all(|p| yes_votes.contains(p)) {
            let text = format!("draw between {}", surviving.join(", "));
            sqlx::query("UPDATE games SET status = 'finished', deadline_at = NULL, outcome = $1 WHERE id = $2").bind(json!({"draw": surviving}).to_string()).bind(id).execute(&mut *tx).await?;
            Some(text)
        } else {
            None
        };
        tx.commit().await?;
        Ok(outcome)
    }

    /// Casts (or, with `to = None`, withdraws) a secret vote to concede the game to a power.
    /// When every other surviving power has voted to concede to the same power, that power
    /// wins. Returns the outcome text when the game ends.
    pub async fn vote_concede(
        &self,
        id: GameId,
        user: &str,
        to: Option<&str>,
    ) -> Result<Option<String>> {
        let mut tx = self.write_game(id).await?;
        let (power, g, seq) = self.voter(&mut tx, id, user).await?;
        let position = load_position(&mut tx, &g.variant, id, seq).await?;
        let surviving = surviving_powers(&g.variant, &position);
        let target = match to {
            None => None,
            Some(name) => {
                let pid = g.variant.power_by_name(name).ok_or_else(|| {
                    refused(format!(
                        "'{}' is not a power; the powers are {}",
                        super::text::quote(name),
                        power_list(&g.variant)
                    ))
                })?;
                let name = g.variant.power_name(pid).to_string();
                if name == power {
                    return Err(refused(
                        "you cannot concede to yourself; the others concede to you",
                    ));
                }
                if !surviving.contains(&name) {
                    return Err(refused(format!(
                        "{name} is out of the game; concede to one of {}",
                        surviving.join(", ")
                    )));
                }
                Some(name)
            }
        };
        sqlx::query("INSERT INTO votes (game_id, seq, power, kind, yes, cast_at, target) VALUES ($1, $2, $3, 'concede', $4, $5, $6) ON CONFLICT (game_id, seq, power, kind) DO UPDATE SET yes = excluded.yes, cast_at = excluded.cast_at, target = excluded.target")
            .bind(id)
            .bind(seq)
            .bind(&power)
            .bind(target.is_some() as i64)
            .bind(self.now())
            .bind(&target)
            .execute(&mut *tx)
            .await?;
        let mut outcome = None;
        if let Some(winner) = &target {
            let conceding: Vec<String> = sqlx::query_scalar(
                "SELECT power FROM votes WHERE game_id = $1 AND seq = $2 AND kind = 'concede' AND yes = 1 AND target = $3",
            )
            .bind(id)
            .bind(seq)
            .bind(winner)
            .fetch_all(&mut *tx)
            .await?;
            if surviving
                .iter()
                .filter(|p| *p != winner)
                .all(|p| conceding.contains(p))
            {
                sqlx::query("UPDATE games SET status = 'finished', deadline_at = NULL, outcome = $1 WHERE id = $2")
                    .bind(json!({"concession": winner}).to_string())
                    .bind(id)
                    .execute(&mut *tx)
                    .await?;
                outcome = Some(format!("the game is conceded to {winner}"));
            }
        }
        tx.commit().await?;
        Ok(outcome)
    }
}
