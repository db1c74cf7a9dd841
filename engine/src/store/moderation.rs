//! What moderators do to a game: pause, resume, extend or set the deadline, replace or remove
//! players, roll back a phase and edit the board. Each action leaves an audit row.

use super::*;

impl Games {
    /// Pauses a running game, keeping the time that was left.
    pub async fn pause(&self, id: GameId, actor: &str) -> Result<()> {
        let mut tx = self.write_game(id).await?;
        let g = self.game(&mut tx, id).await?;
        if g.status != "running" {
            return Err(refused(format!("the game is {}, not running", g.status)));
        }
        let deadline: Option<i64> =
            sqlx::query_scalar("SELECT deadline_at FROM games WHERE id = $1")
                .bind(id)
                .fetch_one(&mut *tx)
                .await?;
        let left = deadline.map(|d| (d - self.now()).max(0));
        sqlx::query(
            "UPDATE games SET status = 'paused', paused_left = $1, deadline_at = NULL WHERE id = $2",
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
        let mut tx = self.write_game(id).await?;
        let g = self.game(&mut tx, id).await?;
        if g.status != "paused" {
            return Err(refused(format!("the game is {}, not paused", g.status)));
        }
        sqlx::query("UPDATE games SET status = 'running', deadline_at = $1 + COALESCE(paused_left, 0), paused_left = NULL WHERE id = $2")
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
            return Err(refused(
                "an extension must be longer than nothing, such as 12h or 1d",
            ));
        }
        let mut tx = self.write_game(id).await?;
        let g = self.game(&mut tx, id).await?;
        if g.status != "running" {
            return Err(refused(format!(
                "the game is {}; only a running game's deadline can be extended",
                g.status
            )));
        }
        let row = sqlx::query("SELECT deadline_at, extended_secs FROM games WHERE id = $1")
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
            let asked = settings::duration(secs);
            return Err(refused(if allowed > 0 {
                format!(
                    "{asked} is more than the {} of extension this game has left ({} of {} used)",
                    settings::duration(allowed),
                    settings::duration(used),
                    settings::duration(g.settings.max_extension_secs)
                )
            } else {
                format!(
                    "this game has used all of its {} of extension; {asked} more is not allowed",
                    settings::duration(g.settings.max_extension_secs)
                )
            }));
        }
        let new = deadline + secs;
        sqlx::query(
            "UPDATE games SET deadline_at = $1, extended_secs = extended_secs + $2 WHERE id = $3",
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
            &settings::duration(secs),
        )
        .await?;
        tx.commit().await?;
        Ok(new)
    }

    /// A moderator takes the game back one phase: the last adjudication is undone and its
    /// orders can be given again.
    pub async fn rollback(&self, id: GameId, actor: &str) -> Result<String> {
        let mut tx = self.write_game(id).await?;
        let name = self.rollback_in(&mut tx, id, actor).await?;
        tx.commit().await?;
        Ok(name)
    }

    /// [`Games::rollback`] inside the caller's transaction (a sandbox's step back is one too).
    pub(super) async fn rollback_in(
        &self,
        tx: &mut sqlx::AnyConnection,
        id: GameId,
        actor: &str,
    ) -> Result<String> {
        let g = self.game(&mut *tx, id).await?;
        let seq = g.seq.ok_or_else(|| refused("the game has not started"))?;
        // Go back past phases that were skipped because nobody had anything to decide.
        let mut back = seq - 1;
        while back > 0 {
            let pos = load_position(&mut *tx, &g.variant, id, back).await?;
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
        // Orders and ballots stay for the phase played again and go for the phases undone;
        // readiness goes for the phase played again too.
        for delete in [
            "DELETE FROM submissions WHERE game_id = $1 AND seq > $2",
            "DELETE FROM ready WHERE game_id = $1 AND seq >= $2",
            "DELETE FROM ballots WHERE game_id = $1 AND seq > $2",
            "DELETE FROM phases WHERE game_id = $1 AND seq > $2",
        ] {
            sqlx::query(delete)
                .bind(id)
                .bind(back)
                .execute(&mut *tx)
                .await?;
        }
        super::community::undo_from(&mut *tx, id, back).await?;
        sqlx::query(
            "UPDATE phases SET results = NULL, adjudicated_at = NULL WHERE game_id = $1 AND seq = $2",
        )
        .bind(id)
        .bind(back)
        .execute(&mut *tx)
        .await?;
        let pos = load_position(&mut *tx, &g.variant, id, back).await?;
        // A sandbox has no deadlines: its owner adjudicates when they like.
        let deadline = (!g.sandbox).then(|| {
            g.settings
                .deadline(g.variant.calendar.kind(pos.phase), self.now())
        });
        sqlx::query("UPDATE games SET current_seq = $1, status = 'running', outcome = NULL, deadline_at = $2, nmr_waited_seq = NULL, reminded_seq = NULL, posted_seq = CASE WHEN posted_seq IS NULL OR posted_seq > $3 THEN $4 ELSE posted_seq END WHERE id = $5").bind(back).bind(deadline).bind(back - 1).bind(back - 1).bind(id).execute(&mut *tx).await?;
        let name = g.variant.calendar.name(pos.phase);
        audit(&mut *tx, id, self.now(), actor, "rollback", &name).await?;
        Ok(name)
    }

    /// Sets the current phase's deadline to `at` (a moderator's explicit choice: it does not
    /// count against the extension allowance, but it must be in the future).
    pub async fn set_deadline(&self, id: GameId, at: Timestamp, actor: &str) -> Result<()> {
        let mut tx = self.write_game(id).await?;
        let g = self.game(&mut tx, id).await?;
        if g.status != "running" {
            return Err(refused(format!(
                "the game is {}; only a running game has a deadline",
                g.status
            )));
        }
        if at <= self.now() {
            return Err(refused("the new deadline must be in the future"));
        }
        sqlx::query("UPDATE games SET deadline_at = $1 WHERE id = $2")
            .bind(at)
            .bind(id)
            .execute(&mut *tx)
            .await?;
        audit(
            &mut tx,
            id,
            self.now(),
            actor,
            "set-deadline",
            &at.to_string(),
        )
        .await?;
        tx.commit().await?;
        Ok(())
    }

    /// Gives `power` to `user`: replaces whoever held it, or fills it if it was vacant.
    /// Returns the previous player, if any.
    pub async fn replace(
        &self,
        id: GameId,
        power: &str,
        user: &str,
        actor: &str,
    ) -> Result<Option<String>> {
        let mut tx = self.write_game(id).await?;
        let g = self.game(&mut tx, id).await?;
        if g.status == "forming" || g.status == "finished" {
            return Err(refused(format!(
                "the game is {}; players are replaced only once it has started and until it ends",
                g.status
            )));
        }
        let pid = player_power(&g.variant, power)?;
        let power = g.variant.power_name(pid).to_string();
        let already: Option<Option<String>> =
            sqlx::query_scalar("SELECT power FROM players WHERE game_id = $1 AND user_id = $2")
                .bind(id)
                .bind(user)
                .fetch_optional(&mut *tx)
                .await?;
        if let Some(held) = already {
            return Err(refused(format!(
                "that user already plays {} in this game",
                held.unwrap_or_else(|| "in".into())
            )));
        }
        let old: Option<String> =
            sqlx::query_scalar("SELECT user_id FROM players WHERE game_id = $1 AND power = $2")
                .bind(id)
                .bind(&power)
                .fetch_optional(&mut *tx)
                .await?;
        sqlx::query("DELETE FROM players WHERE game_id = $1 AND power = $2")
            .bind(id)
            .bind(&power)
            .execute(&mut *tx)
            .await?;
        sqlx::query(
            "INSERT INTO players (game_id, user_id, power, joined_at) VALUES ($1, $2, $3, $4)",
        )
        .bind(id)
        .bind(user)
        .bind(&power)
        .bind(self.now())
        .execute(&mut *tx)
        .await?;
        let detail = match &old {
            Some(o) => format!("{power}: {o} -> {user}"),
            None => format!("{power}: vacant -> {user}"),
        };
        audit(&mut tx, id, self.now(), actor, "replace", &detail).await?;
        tx.commit().await?;
        Ok(old)
    }

    /// Takes a player out of the game. Before the start they simply leave; after it their
    /// power stays on the board, vacant, ordered by nobody until a moderator fills it.
    /// Returns the power they held.
    pub async fn remove_player(
        &self,
        id: GameId,
        user: &str,
        actor: &str,
    ) -> Result<Option<String>> {
        let mut tx = self.write_game(id).await?;
        let g = self.game(&mut tx, id).await?;
        if g.status == "finished" {
            return Err(refused("the game has finished"));
        }
        let held: Option<Option<String>> =
            sqlx::query_scalar("SELECT power FROM players WHERE game_id = $1 AND user_id = $2")
                .bind(id)
                .bind(user)
                .fetch_optional(&mut *tx)
                .await?;
        let Some(power) = held else {
            return Err(refused("that user is not in this game"));
        };
        sqlx::query("DELETE FROM players WHERE game_id = $1 AND user_id = $2")
            .bind(id)
            .bind(user)
            .execute(&mut *tx)
            .await?;
        let detail = match &power {
            Some(p) => format!("{user} ({p} is now vacant)"),
            None => user.to_string(),
        };
        audit(&mut tx, id, self.now(), actor, "remove", &detail).await?;
        tx.commit().await?;
        Ok(power)
    }

    /// Changes the board of the current phase. Orders already given stay stored; any that no
    /// longer fit the board are reported as illegal when the phase is adjudicated.
    /// Returns the audit line.
    pub async fn edit_board(&self, id: GameId, edit: &BoardEdit, actor: &str) -> Result<String> {
        let mut tx = self.write_game(id).await?;
        let g = self.game(&mut tx, id).await?;
        if g.status != "running" && g.status != "paused" {
            return Err(refused(format!(
                "the game is {}; the board can be edited while it runs or is paused",
                g.status
            )));
        }
        let seq = g.seq.unwrap_or(0);
        let v = &g.variant;
        let mut position = load_position(&mut tx, v, id, seq).await?;
        let grammar = v.grammar();
        let detail = match edit {
            BoardEdit::AddUnit { power, unit } => {
                let pid = v.power_by_name(power).ok_or_else(|| {
                    refused(format!(
                        "'{}' is not a power; the powers are {}",
                        super::text::quote(power),
                        power_list(v)
                    ))
                })?;
                let u = parse_unit(&grammar, unit).map_err(|e| refused(e.message))?;
                let kind = u.kind.ok_or_else(|| {
                    refused(format!(
                        "say which kind of unit to add, such as \"A {unit}\" or \"F {unit}\""
                    ))
                })?;
                let at = u.location();
                if !v.book.can_stand(&v.context(&position), kind, at) {
                    return Err(refused(format!(
                        "{} {} cannot stand in {}",
                        v.powers[pid.0 as usize].adjective,
                        kind.name(),
                        v.map.location_name(at)
                    )));
                }
                if position.unit_at(at.province).is_some()
                    && !v.book.holds_many(&v.context(&position), at.province)
                {
                    return Err(refused(format!(
                        "{} already has a unit; remove it first",
                        v.map.province(at.province).name
                    )));
                }
                let new = crate::unit::Unit {
                    power: pid,
                    kind,
                    location: at,
                };
                position.units.push(new);
                format!("added {} {}", v.power_name(pid), v.unit_text(&new))
            }
            BoardEdit::RemoveUnit { at } => {
                let t = parse_location(&grammar, at).map_err(|e| refused(e.message))?;
                let i = position
                    .units
                    .iter()
                    .position(|u| u.location.province == t.province)
                    .ok_or_else(|| {
                        refused(format!(
                            "there is no unit in {}",
                            v.map.province(t.province).name
                        ))
                    })?;
                let gone = position.units.remove(i);
                format!(
                    "removed {} {}",
                    v.power_name(gone.power),
                    v.unit_text(&gone)
                )
            }
            BoardEdit::SetOwner { province, power } => {
                let t = parse_location(&grammar, province).map_err(|e| refused(e.message))?;
                // A centre as the rulebook counts them (Atlantica: Atlantis once found).
                if !v.book.is_supply_centre(&v.context(&position), t.province) {
                    return Err(refused(format!(
                        "{} is not a supply centre; only centres have owners",
                        v.map.province(t.province).name
                    )));
                }
                let owner = match power {
                    None => None,
                    Some(name) => Some(v.power_by_name(name).ok_or_else(|| {
                        refused(format!(
                            "'{}' is not a power; the powers are {}",
                            super::text::quote(name),
                            power_list(v)
                        ))
                    })?),
                };
                position.owners[t.province.0 as usize] = owner;
                format!(
                    "{} now owned by {}",
                    v.map.province(t.province).name,
                    owner.map_or("nobody", |o| v.power_name(o))
                )
            }
        };
        // The edit's own checks come first with their own words; this one catches whatever
        // they miss, so a board edit can never leave a game that no longer loads.
        crate::case::check_position(v, &position).map_err(|e| {
            refused(format!(
                "that edit would leave a board the game cannot be played from ({e}); nothing was changed"
            ))
        })?;
        sqlx::query("UPDATE phases SET position = $1 WHERE game_id = $2 AND seq = $3")
            .bind(position_json(v, &position).to_string())
            .bind(id)
            .bind(seq)
            .execute(&mut *tx)
            .await?;
        audit(&mut tx, id, self.now(), actor, "edit-board", &detail).await?;
        tx.commit().await?;
        Ok(detail)
    }
}

/// One change a moderator makes to the board. Units and provinces are written as players
/// write them (`F stp/sc`, `Spain`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BoardEdit {
    AddUnit {
        power: String,
        unit: String,
    },
    RemoveUnit {
        at: String,
    },
    SetOwner {
        province: String,
        power: Option<String>,
    },
}
