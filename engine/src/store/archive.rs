//! A game's history: the JSON export and import, and the list of phases.

use super::*;

mod checks;

/// What an export writes of a game's secret draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Secrets {
    /// Only the draws play has revealed; while any is secret, no seed either. For a file
    /// anyone may read (the default).
    #[default]
    Withhold,
    /// Every draw and the seed, revealed or not: for a moderator moving a running game to
    /// another server, so that importing it keeps its secrets (an Atlantis still unfound stays
    /// where it was drawn). The file then gives the secrets away to whoever reads it.
    Keep,
}

impl Games {
    /// A game's whole history as one JSON document, its unrevealed secrets withheld.
    pub async fn export(&self, id: GameId) -> Result<Value> {
        self.export_with(id, Secrets::Withhold).await
    }

    /// [`Games::export`], choosing what it writes of the game's secret draws.
    pub async fn export_with(&self, id: GameId, what: Secrets) -> Result<Value> {
        if self.is_sandbox(id).await? {
            return Err(refused(format!(
                "game {id} is a member's private sandbox, not a game to export"
            )));
        }
        let g = sqlx::query("SELECT guild_id, channel_id, variant, rulebook, settings, status, seed, current_seq, deadline_at, extended_secs, paused_left, outcome, created_at, nmr_waited_seq, reminded_seq, posted_seq FROM games WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await?
            .ok_or(GameError::NotFound(id))?;
        let parse = |s: Option<String>| {
            s.and_then(|s| serde_json::from_str::<Value>(&s).ok())
                .unwrap_or(Value::Null)
        };
        let players: Vec<Value> = sqlx::query("SELECT user_id, power, preference, joined_at FROM players WHERE game_id = $1 ORDER BY user_id")
            .bind(id)
            .fetch_all(&self.pool)
            .await?
            .iter()
            .map(|r| json!({"user": r.get::<String, _>("user_id"), "power": r.get::<Option<String>, _>("power"), "preference": r.get::<Option<String>, _>("preference"), "joined_at": r.get::<i64, _>("joined_at")}))
            .collect();
        // The file names everything by name and says why in words, as every release has
        // written it: typed records are the database's business.
        let mut conn = self.pool.acquire().await?;
        let game = self.game(&mut conn, id).await?;
        let v = game.variant;
        // Secret draws play has not revealed stay out of the file, and so does the seed they
        // were drawn from: with it and the code anyone could draw them again. An import draws
        // what the file leaves out afresh (see `checks`).
        let current = match game.seq {
            Some(seq) => Some(load_position(&mut conn, &v, id, seq).await?),
            None => None,
        };
        let (revealed, secret) = match what {
            Secrets::Withhold => secrets::revealed(&v, current.as_ref()),
            Secrets::Keep => (v.ruleset.hidden.clone(), false),
        };
        let mut phases = Vec::new();
        for r in sqlx::query("SELECT seq, name, position, results, adjudicated_at FROM phases WHERE game_id = $1 ORDER BY seq").bind(id).fetch_all(&self.pool).await? {
            let seq: i64 = r.get("seq");
            let mut subs: Vec<Value> = Vec::new();
            for s in sqlx::query("SELECT power, user_id, orders, submitted_at FROM submissions WHERE game_id = $1 AND seq = $2 ORDER BY id")
                .bind(id)
                .bind(seq)
                .fetch_all(&self.pool)
                .await?
            {
                let orders = record::read_submission(&v, s.get::<&str, _>("orders")).map_err(refused)?;
                let texts: Vec<&str> = orders.iter().map(|a| a.text.as_str()).collect();
                subs.push(json!({"power": s.get::<String, _>("power"), "user": s.get::<String, _>("user_id"), "orders": texts, "submitted_at": s.get::<i64, _>("submitted_at")}));
            }
            let results = match r.get::<Option<String>, _>("results") {
                Some(text) => lookup::read_record(&mut conn, &v, id, seq, &text).await?.to_json(&v),
                None => Value::Null,
            };
            let ready: Vec<String> = sqlx::query_scalar("SELECT power FROM ready WHERE game_id = $1 AND seq = $2 ORDER BY power").bind(id).bind(seq).fetch_all(&self.pool).await?;
            let votes: Vec<Value> = sqlx::query("SELECT power, kind, yes, cast_at, target FROM votes WHERE game_id = $1 AND seq = $2 ORDER BY power, kind")
                .bind(id)
                .bind(seq)
                .fetch_all(&self.pool)
                .await?
                .iter()
                .map(|v| json!({"power": v.get::<String, _>("power"), "kind": v.get::<String, _>("kind"), "yes": v.get::<i64, _>("yes") == 1, "cast_at": v.get::<i64, _>("cast_at"), "target": v.get::<Option<String>, _>("target")}))
                .collect();
            let ballots: Vec<Value> = sqlx::query("SELECT voter, subject, order_text, user_id, cast_at FROM ballots WHERE game_id = $1 AND seq = $2 ORDER BY voter, subject")
                .bind(id)
                .bind(seq)
                .fetch_all(&self.pool)
                .await?
                .iter()
                .map(|b| json!({"voter": b.get::<String, _>("voter"), "subject": b.get::<String, _>("subject"), "order": b.get::<String, _>("order_text"), "user_id": b.get::<String, _>("user_id"), "cast_at": b.get::<i64, _>("cast_at")}))
                .collect();
            phases.push(json!({
                "seq": seq,
                "ballots": ballots,
                "name": r.get::<String, _>("name"),
                "position": parse(Some(r.get("position"))),
                "submissions": subs,
                "ready": ready,
                "votes": votes,
                "results": results,
                "adjudicated_at": r.get::<Option<i64>, _>("adjudicated_at"),
            }));
        }
        let audit: Vec<Value> = sqlx::query("SELECT at, actor, action, detail FROM audit WHERE game_id = $1 ORDER BY id")
            .bind(id)
            .fetch_all(&self.pool)
            .await?
            .iter()
            .map(|a| json!({"at": a.get::<i64, _>("at"), "actor": a.get::<String, _>("actor"), "action": a.get::<String, _>("action"), "detail": a.get::<String, _>("detail")}))
            .collect();
        let alliances: Vec<Value> = sqlx::query("SELECT proposer, partner, proposed_at, accepted_at, ended_at FROM alliances WHERE game_id = $1 ORDER BY id")
            .bind(id)
            .fetch_all(&self.pool)
            .await?
            .iter()
            .map(|a| json!({"proposer": a.get::<String, _>("proposer"), "partner": a.get::<String, _>("partner"), "proposed_at": a.get::<i64, _>("proposed_at"), "accepted_at": a.get::<Option<i64>, _>("accepted_at"), "ended_at": a.get::<Option<i64>, _>("ended_at")}))
            .collect();
        let (attendance, departures) = super::community::export_rows(&mut conn, id).await?;
        let mut doc = json!({
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
            "nmr_waited_seq": g.get::<Option<i64>, _>("nmr_waited_seq"),
            "reminded_seq": g.get::<Option<i64>, _>("reminded_seq"),
            "posted_seq": g.get::<Option<i64>, _>("posted_seq"),
            "players": players,
            "phases": phases,
            "audit": audit,
        });
        // Only what a variant with secrets or alliances needs, so other games' files stay as
        // every release has written them.
        if secret {
            doc["seed"] = Value::Null;
        }
        if !revealed.is_empty() {
            doc["hidden"] = json!(revealed);
        }
        if !alliances.is_empty() {
            doc["alliances"] = Value::Array(alliances);
        }
        // The game's share of its server's community records (#29): who ordered each movement
        // phase and who left a seat. Written only when there are some, like the alliances.
        if !attendance.is_empty() {
            doc["attendance"] = Value::Array(attendance);
        }
        if !departures.is_empty() {
            doc["departures"] = Value::Array(departures);
        }
        Ok(doc)
    }

    /// Recreates a game from [`Games::export`]'s document, as a new game; returns its id.
    /// The whole file is checked first (`checks`), so a game that is imported can be loaded
    /// and played on; a refusal names the field, and nothing is inserted.
    pub async fn import(&self, doc: &Value) -> Result<GameId> {
        let checked = checks::check(doc, super::rng::unpredictable_seed() as i64)
            .map_err(|p| refused(format!("the game file is refused: {p}")))?;
        let v = checked.variant;
        let field = |k: &str| &doc[k];
        let variant_id = v.id.as_str();
        let s = |x: &Value| {
            if x.is_null() {
                None
            } else {
                Some(x.to_string())
            }
        };
        let settings = match field("settings") {
            Value::Null => serde_json::to_value(Settings::default()).unwrap_or(Value::Null),
            x => x.clone(),
        };
        let mut tx = self.write().await?;
        // Checked here, in the transaction, so no other game can take the channel between the
        // check and the insert; the database's own refusal would only show its constraint.
        let channel = doc["channel"].as_str();
        if let (Some(c), false) = (channel, doc["status"] == "finished") {
            let taken: Option<i64> = sqlx::query_scalar(
                "SELECT id FROM games WHERE channel_id = $1 AND status <> 'finished'",
            )
            .bind(c)
            .fetch_optional(&mut *tx)
            .await?;
            if let Some(other) = taken {
                return Err(refused(format!(
                    "the game file is refused: channel: channel {c} already has an unfinished game (game {other}); import it with \"channel\": null, or finish that game first"
                )));
            }
        }
        let id = sqlx::query("INSERT INTO games (guild_id, channel_id, variant, rulebook, settings, status, seed, current_seq, deadline_at, extended_secs, paused_left, outcome, created_at, nmr_waited_seq, reminded_seq, posted_seq, hidden, map_fingerprint) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18) RETURNING id")
            .bind(doc["guild"].as_str())
            .bind(doc["channel"].as_str())
            .bind(variant_id)
            .bind(field("rulebook").to_string())
            .bind(settings.to_string())
            .bind(field("status").as_str().unwrap_or("finished"))
            .bind(checked.seed)
            .bind(doc["current_seq"].as_i64())
            .bind(doc["deadline_at"].as_i64())
            .bind(doc["extended_secs"].as_i64().unwrap_or(0))
            .bind(doc["paused_left"].as_i64())
            .bind(s(&doc["outcome"]))
            .bind(doc["created_at"].as_i64().unwrap_or(0))
            .bind(doc["nmr_waited_seq"].as_i64())
            .bind(doc["reminded_seq"].as_i64())
            .bind(doc["posted_seq"].as_i64())
            .bind(secrets::column(&checked.hidden))
            // The file names everything by name, so the game is stored under this map's
            // numbering whatever map the exporting release had.
            .bind(&v.map_fingerprint)
            .fetch_one(&mut *tx)
            .await?
            .get::<i64, _>("id");
        for p in doc["players"].as_array().into_iter().flatten() {
            sqlx::query("INSERT INTO players (game_id, user_id, power, preference, joined_at) VALUES ($1, $2, $3, $4, $5)")
                .bind(id)
                .bind(p["user"].as_str().unwrap_or(""))
                .bind(p["power"].as_str())
                .bind(p["preference"].as_str())
                .bind(p["joined_at"].as_i64().unwrap_or(0))
                .execute(&mut *tx)
                .await?;
        }
        for (i, ph) in doc["phases"].as_array().into_iter().flatten().enumerate() {
            let seq = i as i64;
            sqlx::query("INSERT INTO phases (game_id, seq, name, position, results, adjudicated_at) VALUES ($1, $2, $3, $4, $5, $6)")
                .bind(id)
                .bind(seq)
                .bind(ph["name"].as_str().unwrap_or(""))
                .bind(ph["position"].to_string())
                .bind(s(&ph["results"]))
                .bind(ph["adjudicated_at"].as_i64())
                .execute(&mut *tx)
                .await?;
            for sub in ph["submissions"].as_array().into_iter().flatten() {
                sqlx::query("INSERT INTO submissions (game_id, seq, power, user_id, orders, submitted_at) VALUES ($1, $2, $3, $4, $5, $6)")
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
                sqlx::query("INSERT INTO ready (game_id, seq, power) VALUES ($1, $2, $3)")
                    .bind(id)
                    .bind(seq)
                    .bind(r.as_str().unwrap_or(""))
                    .execute(&mut *tx)
                    .await?;
            }
            for vt in ph["votes"].as_array().into_iter().flatten() {
                sqlx::query("INSERT INTO votes (game_id, seq, power, kind, yes, cast_at, target) VALUES ($1, $2, $3, $4, $5, $6, $7)")
                    .bind(id)
                    .bind(seq)
                    .bind(vt["power"].as_str().unwrap_or(""))
                    .bind(vt["kind"].as_str().unwrap_or("draw"))
                    .bind(vt["yes"].as_bool().unwrap_or(false) as i64)
                    .bind(vt["cast_at"].as_i64().unwrap_or(0))
                    .bind(vt["target"].as_str())
                    .execute(&mut *tx)
                    .await?;
            }
            for b in ph["ballots"].as_array().into_iter().flatten() {
                sqlx::query("INSERT INTO ballots (game_id, seq, voter, subject, order_text, user_id, cast_at) VALUES ($1, $2, $3, $4, $5, $6, $7)")
                    .bind(id)
                    .bind(seq)
                    .bind(b["voter"].as_str().unwrap_or(""))
                    .bind(b["subject"].as_str().unwrap_or(""))
                    .bind(b["order"].as_str().unwrap_or(""))
                    .bind(b["user_id"].as_str().unwrap_or(""))
                    .bind(b["cast_at"].as_i64().unwrap_or(0))
                    .execute(&mut *tx)
                    .await?;
            }
        }
        for a in doc["alliances"].as_array().into_iter().flatten() {
            sqlx::query("INSERT INTO alliances (game_id, proposer, partner, proposed_at, accepted_at, ended_at) VALUES ($1, $2, $3, $4, $5, $6)")
                .bind(id)
                .bind(a["proposer"].as_str().unwrap_or(""))
                .bind(a["partner"].as_str().unwrap_or(""))
                .bind(a["proposed_at"].as_i64().unwrap_or(0))
                .bind(a["accepted_at"].as_i64())
                .bind(a["ended_at"].as_i64())
                .execute(&mut *tx)
                .await?;
        }
        super::community::import_rows(&mut tx, id, doc).await?;
        // The file's names and words become typed records, as the database keeps them.
        upgrade::upgrade_game(self, &mut tx, id)
            .await
            .map_err(|e| match e {
                GameError::Refused(m) => refused(format!("the game file is refused: {m}")),
                e => e,
            })?;
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

    /// Every phase of a game, oldest first (none for a game that does not exist).
    pub async fn history(&self, id: GameId) -> Result<Vec<PhaseView>> {
        let seqs: Vec<i64> =
            sqlx::query_scalar("SELECT seq FROM phases WHERE game_id = $1 ORDER BY seq")
                .bind(id)
                .fetch_all(&self.pool)
                .await?;
        let mut out = Vec::with_capacity(seqs.len());
        for seq in seqs {
            out.push(self.phase(id, seq).await?);
        }
        Ok(out)
    }
}

/// Refuses to store a position the game could not load back (two units in one province, a
/// year out of range, ...): every path that writes a phase goes through here, so a stored
/// game always loads and one bad phase can never stop the scheduler for every game.
pub(super) fn storable(v: &Rules, seq: i64, p: &Position) -> Result<()> {
    crate::case::check_position(v, p).map_err(|e| {
        refused(format!(
            "phase {seq} ({}) was not stored, since the game could not be loaded from it: {e}",
            v.calendar.name(p.phase)
        ))
    })
}
