//! Rewriting what an older release stored (order texts, results documents of names and words)
//! as typed records, once: when a database is opened, and when a game file is imported.
//!
//! Done in Rust rather than a SQL migration because reading the old rows takes the engine:
//! the variant's grammar for the texts, and an adjudication to recover each order's cause.
//! Each game is rewritten in one transaction, so it is wholly old or wholly new.

use super::*;

/// Rows an older release wrote: a results document starts with `results`, a typed record
/// with `orders`; old submissions are lists of strings.
const OLD_PHASES: &str = "results IS NOT NULL AND results NOT LIKE '{\"orders\":%'";
const OLD_SUBMISSIONS: &str = "orders LIKE '[\"%'";

impl Games {
    /// Rewrites every game that still has rows in an older release's form. A game that cannot
    /// be read is left as it was, with a warning: it reads on the fly, or is reported broken
    /// by the scheduler like any game that cannot be loaded.
    pub(super) async fn upgrade_all(&self) -> Result<()> {
        self.record_map_fingerprints().await?;
        let sql = format!(
            "SELECT game_id FROM phases WHERE {OLD_PHASES} UNION SELECT game_id FROM submissions WHERE {OLD_SUBMISSIONS} ORDER BY game_id"
        );
        let ids: Vec<GameId> = sqlx::query_scalar(sqlx::AssertSqlSafe(sql))
            .fetch_all(&self.pool)
            .await?;
        for id in ids {
            let mut tx = self.write_game(id).await?;
            match upgrade_game(self, &mut tx, id).await {
                Ok(()) => tx.commit().await?,
                Err(GameError::Db(e)) => return Err(GameError::Db(e)),
                Err(e) => tracing::warn!(game = id, "kept as an older release stored it: {e}"),
            }
        }
        Ok(())
    }
}

impl Games {
    /// Records this release's map fingerprint for every game stored before games kept one:
    /// they were played under the numbering the database holds, which is this release's
    /// unless a map file changed in between, and nothing can tell that afterwards.
    async fn record_map_fingerprints(&self) -> Result<()> {
        let rows = sqlx::query("SELECT id, variant FROM games WHERE map_fingerprint IS NULL")
            .fetch_all(&self.pool)
            .await?;
        for row in rows {
            let (id, variant): (GameId, String) = (row.get("id"), row.get("variant"));
            // A game of a variant this release lacks stays unread and unmarked.
            let Ok(v) = crate::Variant::builtin(&variant) else {
                continue;
            };
            sqlx::query(
                "UPDATE games SET map_fingerprint = $1 WHERE id = $2 AND map_fingerprint IS NULL",
            )
            .bind(&v.map_fingerprint)
            .bind(id)
            .execute(&self.pool)
            .await?;
        }
        Ok(())
    }
}

/// Rewrites one game's old rows as typed records, inside the caller's transaction.
pub(super) async fn upgrade_game(
    games: &Games,
    conn: &mut sqlx::AnyConnection,
    id: GameId,
) -> Result<()> {
    let v = games.game(conn, id).await?.variant;
    let sql =
        format!("SELECT seq, results FROM phases WHERE game_id = $1 AND {OLD_PHASES} ORDER BY seq");
    let rows = sqlx::query(sqlx::AssertSqlSafe(sql))
        .bind(id)
        .fetch_all(&mut *conn)
        .await?;
    for row in rows {
        let seq: i64 = row.get("seq");
        let stored: String = row.get("results");
        let position = load_position(conn, &v, id, seq).await?;
        let next = load_position(conn, &v, id, seq + 1).await.ok();
        let record = PhaseRecord::from_stored(&v, &position, &stored, next)
            .map_err(|e| refused(format!("phase {seq}: {e}")))?;
        let text = serde_json::to_string(&record)
            .map_err(|e| refused(format!("phase {seq}: the record could not be written: {e}")))?;
        sqlx::query("UPDATE phases SET results = $1 WHERE game_id = $2 AND seq = $3")
            .bind(text)
            .bind(id)
            .bind(seq)
            .execute(&mut *conn)
            .await?;
    }
    let sql =
        format!("SELECT id, seq, orders FROM submissions WHERE game_id = $1 AND {OLD_SUBMISSIONS}");
    let rows = sqlx::query(sqlx::AssertSqlSafe(sql))
        .bind(id)
        .fetch_all(&mut *conn)
        .await?;
    for row in rows {
        let stored: String = row.get("orders");
        let orders = record::read_submission(&v, &stored)
            .map_err(|e| refused(format!("phase {}: {e}", row.get::<i64, _>("seq"))))?;
        sqlx::query("UPDATE submissions SET orders = $1 WHERE id = $2")
            .bind(record::submission_json(&orders))
            .bind(row.get::<i64, _>("id"))
            .execute(&mut *conn)
            .await?;
    }
    Ok(())
}
