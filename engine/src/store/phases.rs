//! Phases: which games are due, and adjudicating one phase in one transaction.

use super::*;

/// What [`Games::due_games`] found.
#[derive(Debug, Default)]
pub struct DueGames {
    pub due: Vec<(GameId, i64)>,
    pub broken: Vec<BrokenGame>,
}

/// A running game that cannot be loaded, and why.
#[derive(Debug)]
pub struct BrokenGame {
    pub game: GameId,
    pub seq: Option<i64>,
    pub problem: String,
}

/// What closing a due phase did.
#[derive(Debug)]
pub enum Closing {
    Adjudicated(Box<PhaseReport>),
    /// The NMR policy gave missing powers until `until`.
    Waiting {
        until: Timestamp,
        owing: Vec<String>,
    },
    /// Not due, or already adjudicated by someone else.
    Nothing,
}

impl Games {
    /// Running games due for adjudication at `now`: past their deadline, or with every power
    /// that has something to decide marked ready. Returns (game, phase number); a game that
    /// cannot be loaded is left out (see [`Games::due_games`]).
    pub async fn due(&self, now: Timestamp) -> Result<Vec<(GameId, i64)>> {
        Ok(self.due_games(now).await?.due)
    }

    /// Running games due at `now`, and apart from them the running games found unable to
    /// load, each with its problem: one broken game must not hide every other game's deadline.
    /// A game is loaded here only when someone in it is ready; one nobody touches is found
    /// broken when its deadline comes and closing it fails.
    pub async fn due_games(&self, now: Timestamp) -> Result<DueGames> {
        // A game before its deadline can be due only if someone is ready; counting the ready
        // rows here spares loading every running game's board at every tick.
        let rows = sqlx::query(
            "SELECT g.id, g.current_seq, g.deadline_at, (SELECT COUNT(*) FROM ready r WHERE r.game_id = g.id AND r.seq = g.current_seq) AS ready FROM games g WHERE g.status = 'running' AND g.sandbox_owner IS NULL ORDER BY g.id",
        )
        .fetch_all(&self.pool)
        .await?;
        let mut out = DueGames::default();
        for r in rows {
            let (id, seq, deadline, ready): (i64, Option<i64>, Option<i64>, i64) = (
                r.get("id"),
                r.get("current_seq"),
                r.get("deadline_at"),
                r.get("ready"),
            );
            let Some(seq) = seq else {
                out.broken.push(BrokenGame {
                    game: id,
                    seq: None,
                    problem: "it is running but has no current phase".into(),
                });
                continue;
            };
            if deadline.is_some_and(|d| d <= now) {
                out.due.push((id, seq));
                continue;
            }
            if ready == 0 {
                continue;
            }
            match self.all_ready(id, seq).await {
                Ok(true) => out.due.push((id, seq)),
                Ok(false) => {}
                Err(GameError::Db(e)) => return Err(GameError::Db(e)),
                Err(e) => out.broken.push(BrokenGame {
                    game: id,
                    seq: Some(seq),
                    problem: e.to_string(),
                }),
            }
        }
        Ok(out)
    }

    /// Whether every power that has something to decide, and a player to decide it, is ready.
    async fn all_ready(&self, id: GameId, seq: i64) -> Result<bool> {
        let mut conn = self.pool.acquire().await?;
        let g = self.game(&mut conn, id).await?;
        let v = g.variant;
        let position = load_position(&mut conn, &v, id, seq).await?;
        drop(conn);
        let ready: Vec<String> =
            sqlx::query_scalar("SELECT power FROM ready WHERE game_id = $1 AND seq = $2")
                .bind(id)
                .bind(seq)
                .fetch_all(&self.pool)
                .await?;
        let held: Vec<String> = sqlx::query_scalar(
            "SELECT power FROM players WHERE game_id = $1 AND power IS NOT NULL",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?;
        // Where a vote has a choice to make (the Pirates' orders), every voter is deciding too,
        // so a phase where only the Pirates have something to decide can still end early.
        let vote_open = crate::vote::has_open_choice(&v, &position);
        let voters: Vec<PowerId> = crate::vote::voters(&v, &position)
            .iter()
            .map(|x| x.power)
            .collect();
        let deciding: Vec<String> = (0..v.powers.len())
            .map(|p| PowerId(p as u8))
            .filter(|&p| {
                !missing_orders(&v, &position, p, &[]).is_empty()
                    || (vote_open && voters.contains(&p))
            })
            .map(|p| v.power_name(p).to_string())
            .filter(|p| held.contains(p))
            .collect();
        Ok(!deciding.is_empty() && deciding.iter().all(|p| ready.contains(p)))
    }

    /// What the scheduler does with a game [`Games::due`] listed: adjudicates it, unless the
    /// game's NMR policy says to wait once for powers that still owe orders at the deadline.
    pub async fn close_phase(&self, id: GameId, seq: i64) -> Result<Closing> {
        let g = {
            let mut conn = self.pool.acquire().await?;
            self.game(&mut conn, id).await?
        };
        if g.status != "running" || g.seq != Some(seq) {
            return Ok(Closing::Nothing);
        }
        let past_deadline = g.deadline.is_some_and(|d| d <= self.now());
        // Past the deadline, whether everyone is ready matters only to a game that waits once
        // for missing orders; not reading the board again for every other game saves a burst
        // of due games half its reads before their adjudications.
        let everyone_ready =
            if past_deadline && !matches!(g.settings.nmr, NmrPolicy::WaitOnce { .. }) {
                false
            } else {
                self.all_ready(id, seq).await?
            };
        if !everyone_ready && !past_deadline {
            return Ok(Closing::Nothing);
        }
        if let NmrPolicy::WaitOnce { secs } = g.settings.nmr {
            let owing = self.owing(id).await?;
            if !everyone_ready && !owing.is_empty() && g.nmr_waited_seq != Some(seq) {
                let until = self.now() + secs;
                let mut tx = self.write_game(id).await?;
                let done = sqlx::query("UPDATE games SET deadline_at = $1, nmr_waited_seq = $2 WHERE id = $3 AND current_seq = $4 AND status = 'running'")
                    .bind(until)
                    .bind(seq)
                    .bind(id)
                    .bind(seq)
                    .execute(&mut *tx)
                    .await?;
                if done.rows_affected() == 1 {
                    audit(
                        &mut tx,
                        id,
                        self.now(),
                        "parley",
                        "nmr-wait",
                        &owing.join(", "),
                    )
                    .await?;
                }
                tx.commit().await?;
                return Ok(Closing::Waiting { until, owing });
            }
        }
        Ok(match self.adjudicate(id, seq).await? {
            Some(report) => Closing::Adjudicated(Box::new(report)),
            None => Closing::Nothing,
        })
    }

    /// Running games whose deadline is less than `ahead` seconds away and whose players have
    /// not been reminded this phase: (game, phase number, users who still owe orders).
    pub async fn reminders_due(
        &self,
        now: Timestamp,
        ahead: i64,
    ) -> Result<Vec<(GameId, i64, Vec<String>)>> {
        let rows = sqlx::query(
            "SELECT id, current_seq FROM games WHERE status = 'running' AND deadline_at IS NOT NULL AND deadline_at > $1 AND deadline_at <= $2 AND (reminded_seq IS NULL OR reminded_seq <> current_seq) ORDER BY id",
        )
        .bind(now)
        .bind(now + ahead)
        .fetch_all(&self.pool)
        .await?;
        let mut out = Vec::new();
        for r in rows {
            let (id, seq): (GameId, i64) = (r.get("id"), r.get("current_seq"));
            let mut users = Vec::new();
            let owing = match self.owing(id).await {
                Ok(o) => o,
                Err(GameError::Db(e)) => return Err(GameError::Db(e)),
                // A broken game is reported by the scheduler's adjudication pass.
                Err(e) => {
                    tracing::warn!(game = id, "no reminders: {e}");
                    continue;
                }
            };
            for power in owing {
                if let Some(u) = self.player_of(id, &power).await? {
                    users.push(u);
                }
            }
            out.push((id, seq, users));
        }
        Ok(out)
    }

    /// Adjudicated phases whose results have not been posted yet, oldest first, for games
    /// with a channel: (game, phase number).
    pub async fn unposted(&self) -> Result<Vec<(GameId, i64)>> {
        let rows = sqlx::query(
            "SELECT p.game_id, p.seq FROM phases p JOIN games g ON g.id = p.game_id WHERE g.channel_id IS NOT NULL AND g.posted_seq IS NOT NULL AND p.seq > g.posted_seq AND p.results IS NOT NULL ORDER BY p.game_id, p.seq",
        )
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .iter()
            .map(|r| (r.get("game_id"), r.get("seq")))
            .collect())
    }

    /// One game's adjudicated phases whose results have not been posted yet, oldest first.
    pub async fn unposted_of(&self, id: GameId) -> Result<Vec<i64>> {
        Ok(sqlx::query_scalar(
            "SELECT p.seq FROM phases p JOIN games g ON g.id = p.game_id WHERE g.id = $1 AND g.channel_id IS NOT NULL AND g.posted_seq IS NOT NULL AND p.seq > g.posted_seq AND p.results IS NOT NULL ORDER BY p.seq",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?)
    }

    /// Records that phase `seq`'s results are in the channel (never moves backwards).
    pub async fn mark_posted(&self, id: GameId, seq: i64) -> Result<()> {
        self.write_one(
            sqlx::query("UPDATE games SET posted_seq = $1 WHERE id = $2 AND posted_seq < $3")
                .bind(seq)
                .bind(id)
                .bind(seq),
        )
        .await?;
        Ok(())
    }

    /// Records that phase `seq`'s reminders went out.
    pub async fn mark_reminded(&self, id: GameId, seq: i64) -> Result<()> {
        self.write_one(
            sqlx::query("UPDATE games SET reminded_seq = $1 WHERE id = $2")
                .bind(seq)
                .bind(id),
        )
        .await?;
        Ok(())
    }

    /// Adjudicates phase `seq` of a game, in one transaction. If the game is no longer at that
    /// phase (it was adjudicated already), does nothing and returns `None`.
    pub async fn adjudicate(&self, id: GameId, seq: i64) -> Result<Option<PhaseReport>> {
        let mut tx = self.write_game(id).await?;
        let g = self.game(&mut tx, id).await?;
        if g.status != "running" || g.seq != Some(seq) {
            return Ok(None);
        }
        let v = g.variant.clone();
        let position = load_position(&mut tx, &v, id, seq).await?;
        let orders: Vec<(PowerId, Accepted)> = all_current_orders(&mut tx, &v, &position, id, seq)
            .await?
            .into_iter()
            .enumerate()
            .flat_map(|(p, standing)| {
                standing
                    .into_iter()
                    .map(move |(_, a)| (PowerId(p as u8), a))
            })
            .collect();
        let ordered: Vec<PowerId> = orders.iter().map(|(p, _)| *p).collect();
        let ballots = ballots(&mut tx, &v, id, seq).await?;
        let decisions = crate::vote::decide(&v, &position, &ballots);
        let record = adjudicate_with(&v, &position, orders, decisions);
        let now = self.now();
        record_results(&mut tx, id, seq, &record, now).await?;
        // Who ordered and who missed, once per phase, in this transaction (#29); a sandbox
        // is practice, never part of anyone's record.
        if !g.sandbox {
            super::community::record_phase(
                &mut tx,
                &v,
                id,
                seq,
                &position,
                &ordered,
                &g.settings,
                now,
            )
            .await?;
        }
        self.fail_point(FailPoint::AfterResults, "after writing results")?;

        // Phases with nothing to decide are adjudicated on the spot, with no orders. Declared
        // alliances may win only if one of the phases adjudicated here closed a count.
        let mut next = record.after.clone();
        let mut next_seq = seq + 1;
        let mut counted = v.alliance_count_after(position.phase, next.phase);
        while needs_nothing(&v, &next) {
            insert_phase(&mut tx, &v, id, next_seq, &next).await?;
            let decisions = crate::vote::decide(&v, &next, &[]);
            let skipped = adjudicate_with(&v, &next, Vec::new(), decisions);
            record_results(&mut tx, id, next_seq, &skipped, now).await?;
            counted |= v.alliance_count_after(next.phase, skipped.after.phase);
            next = skipped.after;
            next_seq += 1;
        }
        insert_phase(&mut tx, &v, id, next_seq, &next).await?;
        self.fail_point(FailPoint::AfterNextPhase, "after writing the next phase")?;

        let alliances = if counted && v.alliance_victory_centers.is_some() {
            super::alliances::declared(&mut tx, &v, id).await?
        } else {
            Vec::new()
        };
        // Nobody has won when the calendar's last year is over (Latin American Diplomacy,
        // after 1917 D): the game ends in a draw of every power still in it.
        let outcome = v
            .victory(&next, &alliances)
            .map(|w| Outcome::of_victory(&v, &w))
            .or_else(|| {
                v.calendar
                    .past_last_year(next.phase)
                    .then(|| Outcome::Draw(surviving_powers(&v, &next)))
            });
        let finished = outcome.as_ref().and_then(Outcome::winners);
        let over = outcome.is_some();
        let deadline = g.settings.deadline(v.calendar.kind(next.phase), now);
        let updated = sqlx::query(
            "UPDATE games SET current_seq = $1, deadline_at = $2, status = $3, outcome = $4, used_at = CASE WHEN sandbox_owner IS NULL THEN used_at ELSE $5 END WHERE id = $6 AND current_seq = $7",
        )
        .bind(next_seq)
        .bind(if over || g.sandbox {
            None
        } else {
            Some(deadline)
        })
        .bind(if over { "finished" } else { "running" })
        .bind(outcome.as_ref().map(|o| o.to_json().to_string()))
        .bind(now)
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
        // The scheduler posts the results; wake it rather than leave them to its next tick.
        self.may_be_due();
        Ok(Some(PhaseReport {
            game: id,
            phase: v.calendar.name(position.phase),
            record,
            next_phase: v.calendar.name(next.phase),
            finished,
            outcome,
        }))
    }
}

/// Adjudicates the players' orders with the voted powers' orders added, and the phase's record
/// of both. Every order goes to the judge as the typed order it was accepted as.
fn adjudicate_with(
    v: &Rules,
    position: &Position,
    mut orders: Vec<(PowerId, Accepted)>,
    decisions: Vec<crate::vote::Decision>,
) -> PhaseRecord {
    orders.extend(decisions.iter().map(|d| {
        (
            d.power,
            Accepted {
                order: d.order.clone(),
                text: d.order.to_text(v),
            },
        )
    }));
    let subs: Vec<Submitted> = orders
        .iter()
        .map(|(p, a)| Submitted {
            power: *p,
            order: Ok(a.order.clone()),
        })
        .collect();
    let adj = adjudicate(v, position, &subs);
    PhaseRecord::new(orders, decisions, adj)
}

/// The players' surviving powers (the powers a draw needs; never one ordered by vote).
pub(super) fn surviving_powers(v: &Rules, position: &Position) -> Vec<String> {
    v.surviving(position)
        .into_iter()
        .map(|p| v.power_name(p).to_string())
        .collect()
}
