//! Press between powers: the conversations a game's players open (one per set of powers), what
//! Discord should have for each (members, locked or not) worked out from the game, and what it
//! has been seen to have, so the bot mends the difference exactly once across restarts.
//!
//! The store never talks to Discord. It records a conversation before the bot asks Discord for
//! the thread, records each thing Discord has done as it is done, and answers "what should
//! be" from the game itself (its players, its phase, whether it is over), so nothing a seat
//! change or a phase change asks of a thread can be lost: it is a difference until mended.

use super::settings::PressRule;
use super::*;
use sqlx::AssertSqlSafe;
use std::collections::BTreeSet;

/// One conversation between a set of powers, as recorded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PressThread {
    /// The row's id (the bot's nonce for its first message, the claim's key).
    pub row: i64,
    pub game: GameId,
    /// The powers' names, in the variant's order.
    pub powers: Vec<String>,
    /// The thread's name on Discord (`France - Italy`).
    pub name: String,
    /// Discord's id of the thread, once made.
    pub thread: Option<String>,
    /// As Discord has it.
    pub locked: bool,
    pub archived: bool,
    /// Locked for good at the game's end, with every player in.
    pub settled: bool,
    /// The members Discord has (added by the bot and not removed).
    pub members: BTreeSet<String>,
    /// Not to be tried again before this time (Discord refused: `problem` says why).
    pub retry_at: Option<Timestamp>,
    pub problem: Option<String>,
}

/// What Discord should have for a thread, from the game as it is now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ThreadPlan {
    pub thread: PressThread,
    /// Who should be in it: the players of its powers, or every player once the game is over.
    pub members: BTreeSet<String>,
    /// Closed to writing: in a phase the press rule closes, or for good at the end.
    pub locked: bool,
    /// Archived: only at the end (an archived thread takes no new members).
    pub archived: bool,
    /// The game is over: once this plan is carried out the thread is settled.
    pub last: bool,
}

impl ThreadPlan {
    /// Whether Discord still differs from the plan.
    pub fn pending(&self) -> bool {
        let t = &self.thread;
        t.thread.is_none()
            || t.members != self.members
            || t.locked != self.locked
            || t.archived != self.archived
            || (self.last && !t.settled)
    }
}

/// A game's press as the bot needs it to mend its threads.
#[derive(Debug, Clone)]
pub struct PressPlan {
    pub game: GameId,
    pub guild: Option<String>,
    pub channel: Option<String>,
    pub threads: Vec<ThreadPlan>,
}

/// What `/press open` found: a conversation made now, or the one the same powers already have.
#[derive(Debug, Clone)]
pub struct Opened {
    pub thread: PressThread,
    pub new: bool,
}

/// Discord's longest channel (thread) name.
const NAME_LIMIT: usize = 100;

/// Reads the powers a player typed (`France Italy`, `France, Italy`, a name of several words,
/// any case) as the variant's power ids, in the variant's order, without repeats.
pub fn read_powers(v: &Rules, typed: &str) -> Result<Vec<PowerId>> {
    let seats = v.powers_ordered_by(Controller::Player);
    let words: Vec<&str> = typed
        .split(|c: char| c.is_whitespace() || c == ',' || c == ';')
        .filter(|w| !w.is_empty())
        .collect();
    let named = |text: &str| {
        let text = text.to_lowercase();
        (0..v.powers.len()).map(|p| PowerId(p as u8)).find(|p| {
            v.power_name(*p).to_lowercase() == text || v.display_name(*p).to_lowercase() == text
        })
    };
    let names = || {
        seats
            .iter()
            .map(|p| v.display_name(*p).to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut found = Vec::new();
    let mut i = 0;
    while i < words.len() {
        // The longest run of words that names a power, so "Sea Kings" is one power.
        let hit = (i + 1..=words.len())
            .rev()
            .find_map(|j| named(&words[i..j].join(" ")).map(|p| (p, j)));
        match hit {
            Some((p, _)) if !seats.contains(&p) => {
                return Err(refused(format!(
                    "{} is played by no one, so it has no conversations; the powers with players are {}",
                    v.display_name(p),
                    names()
                )))
            }
            Some((p, j)) => {
                if !found.contains(&p) {
                    found.push(p);
                }
                i = j;
            }
            None => {
                return Err(refused(format!(
                    "'{}' is not a power of this game; its powers are {}",
                    text::quote(words[i]),
                    names()
                )))
            }
        }
    }
    found.sort();
    Ok(found)
}

/// A thread's name from its powers: `France - Italy`, cut to Discord's 100 characters.
pub fn thread_name(v: &Rules, powers: &[PowerId]) -> String {
    let full = powers
        .iter()
        .map(|p| v.display_name(*p))
        .collect::<Vec<_>>()
        .join(" - ");
    if full.chars().count() <= NAME_LIMIT {
        return full;
    }
    let mut cut: String = full.chars().take(NAME_LIMIT - 1).collect();
    cut.push('…');
    cut
}

fn thread_of(row: &sqlx::any::AnyRow, members: BTreeSet<String>) -> PressThread {
    let powers: String = row.get("powers");
    PressThread {
        row: row.get("id"),
        game: row.get("game_id"),
        powers: powers.split('|').map(str::to_string).collect(),
        name: row.get("name"),
        thread: row.get("thread_id"),
        locked: row.get::<i64, _>("locked") != 0,
        archived: row.get::<i64, _>("archived") != 0,
        settled: row.get::<i64, _>("settled") != 0,
        members,
        retry_at: row.get("retry_at"),
        problem: row.get("problem"),
    }
}

const THREAD_COLUMNS: &str =
    "id, game_id, powers, name, thread_id, locked, archived, settled, retry_at, problem";

impl Games {
    /// Why private press cannot be used in a game now, if it cannot: the press rule, the
    /// phase (rulebook press), anonymity (a thread shows its members: `threads` true), or the
    /// game not running.
    fn press_closed(g: &GameRow, position: Option<&Position>, threads: bool) -> Option<String> {
        match g.settings.press {
            PressRule::None => {
                return Some(
                    "this game is played without press (gunboat): the bot opens no conversations and relays no messages; the orders do the talking"
                        .into(),
                )
            }
            PressRule::Public => {
                return Some(
                    "this game has public press only: talk to the other powers in the game's channel, where everyone reads it"
                        .into(),
                )
            }
            PressRule::Full | PressRule::Rulebook => {}
        }
        match g.status.as_str() {
            "forming" => return Some(
                "the game has not started yet; conversations open once every power has its player"
                    .into(),
            ),
            "finished" => {
                return Some(
                    "the game is over; its conversations are kept, locked, for everyone to read"
                        .into(),
                )
            }
            _ => {}
        }
        if threads && g.settings.anonymous {
            return Some(
                "players are anonymous in this game and a thread would show who plays which power; send your words with `/press send to:<power> message:...` in a direct message to me instead, and I deliver them under your power's name"
                    .into(),
            );
        }
        if let Some(position) = position {
            let kind = g.variant.calendar.kind(position.phase);
            if !g.settings.press.private_open_in(kind) {
                return Some(format!(
                    "this game has rulebook press: private conversations are closed during {} phases and reopen at the next movement phase",
                    kind.word()
                ));
            }
        }
        None
    }

    /// `/press open`: the conversation between the caller's power and `with` (typed power
    /// names). One transaction: refused as the game's press rule says, or recorded (before
    /// any thread exists on Discord), or the one these powers already have is returned.
    pub async fn open_press(&self, id: GameId, user: &str, with: &str) -> Result<Opened> {
        let mut tx = self.write_game(id).await?;
        let g = self.game(&mut tx, id).await?;
        let position = match g.seq {
            Some(seq) => Some(load_position(&mut tx, &g.variant, id, seq).await?),
            None => None,
        };
        if let Some(why) = Self::press_closed(&g, position.as_ref(), true) {
            return Err(refused(why));
        }
        let v = &g.variant;
        let mine = lookup::power_held(&mut tx, id, user)
            .await
            .map_err(|e| match e {
                GameError::Refused(_) => refused(
                    "only a player of this game opens conversations, and you hold no power in it",
                ),
                other => other,
            })?;
        let mine = v
            .power_by_name(&mine)
            .ok_or_else(|| refused(format!("{mine} is not a power of {}", v.name)))?;
        let mut powers = read_powers(v, with)?;
        if powers.iter().all(|p| *p == mine) {
            return Err(refused(
                "name at least one other power to talk to, such as `with:France Italy`",
            ));
        }
        if !powers.contains(&mine) {
            powers.push(mine);
            powers.sort();
        }
        let key = powers
            .iter()
            .map(|p| v.power_name(*p))
            .collect::<Vec<_>>()
            .join("|");
        let existing = sqlx::query(AssertSqlSafe(format!(
            "SELECT {THREAD_COLUMNS} FROM press_threads WHERE game_id = $1 AND powers = $2"
        )))
        .bind(id)
        .bind(&key)
        .fetch_optional(&mut *tx)
        .await?;
        let (row, new) = match existing {
            Some(row) => (row, false),
            None => {
                let row = sqlx::query(AssertSqlSafe(format!(
                    "INSERT INTO press_threads (game_id, powers, name, opened_by, opened_at) VALUES ($1, $2, $3, $4, $5) RETURNING {THREAD_COLUMNS}"
                )))
                .bind(id)
                .bind(&key)
                .bind(thread_name(v, &powers))
                .bind(user)
                .bind(self.now())
                .fetch_one(&mut *tx)
                .await?;
                (row, true)
            }
        };
        let members = members_of(&mut tx, row.get("id")).await?;
        let thread = thread_of(&row, members);
        tx.commit().await?;
        Ok(Opened { thread, new })
    }

    /// Why private press (a relayed message) cannot be sent in a game now, if it cannot.
    pub async fn press_closed_now(&self, id: GameId) -> Result<Option<String>> {
        let mut conn = self.pool.acquire().await?;
        let g = self.game(&mut conn, id).await?;
        let position = match g.seq {
            Some(seq) => Some(load_position(&mut conn, &g.variant, id, seq).await?),
            None => None,
        };
        Ok(Self::press_closed(&g, position.as_ref(), false))
    }

    /// A game's conversations, oldest first.
    pub async fn press_threads(&self, id: GameId) -> Result<Vec<PressThread>> {
        let mut conn = self.pool.acquire().await?;
        let rows = sqlx::query(AssertSqlSafe(format!(
            "SELECT {THREAD_COLUMNS} FROM press_threads WHERE game_id = $1 ORDER BY id"
        )))
        .bind(id)
        .fetch_all(&mut *conn)
        .await?;
        let mut out = Vec::with_capacity(rows.len());
        for row in &rows {
            let members = members_of(&mut conn, row.get("id")).await?;
            out.push(thread_of(row, members));
        }
        Ok(out)
    }

    /// One conversation by its row.
    pub async fn press_thread(&self, row: i64) -> Result<Option<PressThread>> {
        let mut conn = self.pool.acquire().await?;
        let found = sqlx::query(AssertSqlSafe(format!(
            "SELECT {THREAD_COLUMNS} FROM press_threads WHERE id = $1"
        )))
        .bind(row)
        .fetch_optional(&mut *conn)
        .await?;
        match found {
            Some(r) => {
                let members = members_of(&mut conn, row).await?;
                Ok(Some(thread_of(&r, members)))
            }
            None => Ok(None),
        }
    }

    /// What Discord should have for each of a game's conversations, from the game as it is
    /// now: the players of each thread's powers (every player once the game is over), locked
    /// in a phase the press rule closes, locked and archived at the end.
    pub async fn press_plan(&self, id: GameId) -> Result<PressPlan> {
        let threads = self.press_threads(id).await?;
        let info = self.info(id).await?;
        let mut conn = self.pool.acquire().await?;
        let g = self.game(&mut conn, id).await?;
        let kind = match g.seq {
            Some(seq) => Some(
                g.variant
                    .calendar
                    .kind(load_position(&mut conn, &g.variant, id, seq).await?.phase),
            ),
            None => None,
        };
        drop(conn);
        let over = info.status == "finished";
        let closed = kind.is_some_and(|k| !info.settings.press.private_open_in(k));
        let everyone: BTreeSet<String> = info
            .players
            .iter()
            .filter(|(_, p)| p.is_some())
            .map(|(u, _)| u.clone())
            .collect();
        let plans = threads
            .into_iter()
            .map(|t| {
                let members = if over {
                    everyone.clone()
                } else {
                    info.players
                        .iter()
                        .filter(|(_, p)| p.as_ref().is_some_and(|p| t.powers.contains(p)))
                        .map(|(u, _)| u.clone())
                        .collect()
                };
                ThreadPlan {
                    thread: t,
                    members,
                    locked: over || closed,
                    archived: over,
                    last: over,
                }
            })
            .collect();
        Ok(PressPlan {
            game: id,
            guild: info.guild,
            channel: info.channel,
            threads: plans,
        })
    }

    /// Games with a conversation not yet settled (the bot's tick mends each).
    pub async fn press_games(&self) -> Result<Vec<GameId>> {
        Ok(sqlx::query_scalar(
            "SELECT DISTINCT game_id FROM press_threads WHERE settled = 0 ORDER BY game_id",
        )
        .fetch_all(&self.pool)
        .await?)
    }

    /// Claims a conversation for Discord work, for `who.lease_secs`, as games are claimed:
    /// `false` while another process holds it.
    pub async fn claim_press(&self, row: i64, who: &Claimant) -> Result<bool> {
        let now = self.now();
        Ok(sqlx::query(
            "UPDATE press_threads SET claimed_by = $1, claimed_until = $2 WHERE id = $3 AND (claimed_by IS NULL OR claimed_by = $1 OR claimed_until IS NULL OR claimed_until <= $4)",
        )
        .bind(&who.name)
        .bind(now + who.lease_secs.max(1))
        .bind(row)
        .bind(now)
        .execute(&self.pool)
        .await?
        .rows_affected()
            == 1)
    }

    pub async fn release_press(&self, row: i64, who: &Claimant) -> Result<()> {
        sqlx::query(
            "UPDATE press_threads SET claimed_by = NULL, claimed_until = NULL WHERE id = $1 AND claimed_by = $2",
        )
        .bind(row)
        .bind(&who.name)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Records the Discord thread made (or found again) for a conversation.
    pub async fn press_thread_made(&self, row: i64, thread: &str) -> Result<()> {
        sqlx::query(
            "UPDATE press_threads SET thread_id = $1, problem = NULL, retry_at = NULL WHERE id = $2",
        )
        .bind(thread)
        .bind(row)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Whether a Discord thread is already some conversation's (so it is not adopted twice).
    pub async fn press_thread_known(&self, thread: &str) -> Result<bool> {
        let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM press_threads WHERE thread_id = $1")
            .bind(thread)
            .fetch_one(&self.pool)
            .await?;
        Ok(n > 0)
    }

    /// Forgets a conversation whose thread Discord refused to make (nothing exists there).
    pub async fn press_forget(&self, row: i64) -> Result<()> {
        sqlx::query("DELETE FROM press_threads WHERE id = $1 AND thread_id IS NULL")
            .bind(row)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Records a member Discord has added (`true`) or removed (`false`).
    pub async fn press_member(&self, row: i64, user: &str, added: bool) -> Result<()> {
        let sql = if added {
            match self.backend {
                Backend::Sqlite => {
                    "INSERT OR IGNORE INTO press_members (thread, user_id) VALUES ($1, $2)"
                }
                Backend::Postgres => {
                    "INSERT INTO press_members (thread, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING"
                }
            }
        } else {
            "DELETE FROM press_members WHERE thread = $1 AND user_id = $2"
        };
        sqlx::query(sql)
            .bind(row)
            .bind(user)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Records a thread's state on Discord (and, at the end, that it is settled).
    pub async fn press_state(
        &self,
        row: i64,
        locked: bool,
        archived: bool,
        settled: bool,
    ) -> Result<()> {
        sqlx::query(
            "UPDATE press_threads SET locked = $1, archived = $2, settled = $3, problem = NULL, retry_at = NULL WHERE id = $4",
        )
        .bind(i64::from(locked))
        .bind(i64::from(archived))
        .bind(i64::from(settled))
        .bind(row)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Records Discord's refusal (a permission the server has not given) and when to try again.
    pub async fn press_problem(&self, row: i64, problem: &str, retry_at: Timestamp) -> Result<()> {
        sqlx::query("UPDATE press_threads SET problem = $1, retry_at = $2 WHERE id = $3")
            .bind(problem)
            .bind(retry_at)
            .bind(row)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Anonymous games that are over and whose players have not yet been revealed.
    pub async fn reveals_due(&self) -> Result<Vec<GameId>> {
        // The settings are JSON; `anonymous` is written only when true.
        Ok(sqlx::query_scalar(
            "SELECT id FROM games WHERE status = 'finished' AND settings LIKE '%\"anonymous\":true%' AND id NOT IN (SELECT game_id FROM press_notices WHERE kind = 'reveal') ORDER BY id",
        )
        .fetch_all(&self.pool)
        .await?)
    }

    /// Records that a game's press notice of `kind` has been told.
    pub async fn press_notice_told(&self, id: GameId, kind: &str) -> Result<()> {
        let sql = match self.backend {
            Backend::Sqlite => {
                "INSERT OR IGNORE INTO press_notices (game_id, kind, done_at) VALUES ($1, $2, $3)"
            }
            Backend::Postgres => {
                "INSERT INTO press_notices (game_id, kind, done_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING"
            }
        };
        sqlx::query(sql)
            .bind(id)
            .bind(kind)
            .bind(self.now())
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// The current board and a player's own orders in force, for the picture `/orders show`
    /// attaches (a read).
    pub async fn own_orders_board(
        &self,
        id: GameId,
        user: &str,
    ) -> Result<(Arc<Rules>, Position, PowerId, Vec<crate::order::Order>)> {
        let mut conn = self.pool.acquire().await?;
        let g = self.game(&mut conn, id).await?;
        let seq = g
            .seq
            .ok_or_else(|| refused("the game has not started, so there is no board yet"))?;
        let power = self.power_of(id, user).await?;
        let v = g.variant;
        let power = v
            .power_by_name(&power)
            .ok_or_else(|| refused(format!("{power} is not a power of {}", v.name)))?;
        let position = load_position(&mut conn, &v, id, seq).await?;
        let orders = orders::current_orders(&mut conn, &v, &position, id, seq, power)
            .await?
            .into_iter()
            .map(|(_, a)| a.order)
            .collect();
        Ok((v, position, power, orders))
    }
}

async fn members_of(conn: &mut sqlx::AnyConnection, row: i64) -> Result<BTreeSet<String>> {
    let users: Vec<String> =
        sqlx::query_scalar("SELECT user_id FROM press_members WHERE thread = $1 ORDER BY user_id")
            .bind(row)
            .fetch_all(&mut *conn)
            .await?;
    Ok(users.into_iter().collect())
}
