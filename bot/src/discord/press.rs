//! Press between powers on Discord: what `/press open`, `list` and `send` do, and the worker that
//! makes each game's private threads what the game says they should be (members, locked or
//! open, locked for good at the end) exactly once, however often it is asked and whichever
//! process asks.
//!
//! Exactly once: the store records a conversation before Discord is asked for its thread;
//! each step Discord has done is recorded as it is done, and what should be is worked out
//! from the game, so a restart redoes only what was not recorded. Adding or removing a member
//! twice is harmless on Discord (PUT and DELETE); making a thread is not, so a conversation
//! whose thread is not recorded first looks for it among the channel's active threads by its
//! name. Work on one conversation is claimed in the database (a lease, like a game's) and, in
//! one process, held in a set, so two workers never make the same thread.

use super::caller::{which_game, Answer, Caller, Outcome};
use super::posts::Post;
use super::Data;
use engine::store::{Claimant, GameError, GameId, Games, PressPlan, ThreadPlan};
use poise::serenity_prelude as serenity;
use std::collections::HashSet;
use std::sync::{Arc, Mutex};

/// How long a refused step (a missing permission) waits before it is tried again.
const RETRY_SECS: i64 = 300;

/// A step Discord refused, and why, as a server's admin reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// Discord answered 403: the server has not given the bot this permission.
    Permission(&'static str),
    /// Anything else (Discord unreachable, an unexpected answer).
    Failed(String),
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refusal::Permission(p) => write!(
                f,
                "Discord refused: this server has not given me the **{p}** permission in the game's channel; a server admin can grant it (Server Settings > Roles, or the channel's permissions) and I will try again"
            ),
            Refusal::Failed(e) => write!(f, "Discord did not answer as expected ({e}); I will try again shortly"),
        }
    }
}

/// A serenity error as a [`Refusal`], naming `permission` when Discord answered 403.
fn refusal(e: serenity::Error, permission: &'static str) -> Refusal {
    if let serenity::Error::Http(h) = &e {
        if h.status_code().map(|s| s.as_u16()) == Some(403) {
            return Refusal::Permission(permission);
        }
    }
    Refusal::Failed(e.to_string())
}

fn snowflake(s: &str) -> Result<u64, Refusal> {
    s.parse()
        .ok()
        .filter(|n| *n != 0)
        .ok_or_else(|| Refusal::Failed(format!("'{s}' is not a Discord id")))
}

/// Makes games' threads on Discord what the games say, once.
pub struct PressWorker {
    games: Games,
    http: Arc<serenity::Http>,
    claimant: Claimant,
    /// Conversations this process is working on now.
    busy: Mutex<HashSet<i64>>,
    /// Told each time a conversation leaves `busy`, for a player's command that waits on it.
    freed: tokio::sync::Notify,
    /// Why conversations the scheduler's round tried first were forgotten (Discord refused
    /// the thread), kept for the player's command waiting on the same one to answer with.
    forgotten: Mutex<std::collections::HashMap<i64, Refusal>>,
}

/// Takes a conversation out of the busy set however the work ends.
struct Busy<'a>(&'a PressWorker, i64);

impl Drop for Busy<'_> {
    fn drop(&mut self) {
        self.0
            .busy
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(&self.1);
        self.0.freed.notify_waiters();
    }
}

impl PressWorker {
    pub fn new(games: Games, http: Arc<serenity::Http>, claimant: Claimant) -> PressWorker {
        PressWorker {
            games,
            http,
            claimant,
            busy: Mutex::new(HashSet::new()),
            freed: tokio::sync::Notify::new(),
            forgotten: Mutex::new(std::collections::HashMap::new()),
        }
    }

    /// One pass over every game with a conversation not yet settled, and every anonymous game
    /// over whose players are still to be revealed (the scheduler's tick).
    pub async fn tick(&self) {
        match self.games.press_games().await {
            Ok(ids) => {
                for id in ids {
                    if let Err(e) = self.mend(id, None).await {
                        tracing::warn!(game = id, "press threads not mended: {e}");
                    }
                }
            }
            Err(e) => tracing::error!("cannot list games with press: {e}"),
        }
        self.reveal().await;
    }

    /// Brings a game's threads on Discord to its plan. With `only`, just that conversation,
    /// and its refusal is returned (for the command that opened it); others are logged.
    pub async fn mend(&self, id: GameId, only: Option<i64>) -> Result<Option<Refusal>, GameError> {
        let plan = self.games.press_plan(id).await?;
        let now = self.games.now();
        let mut answer = None;
        for t in &plan.threads {
            if only.is_some_and(|r| r != t.thread.row) || !t.pending() {
                continue;
            }
            if only.is_none() && t.thread.retry_at.is_some_and(|at| at > now) {
                continue;
            }
            let row = t.thread.row;
            if !self.take(row, only.is_some()).await {
                continue;
            }
            let _busy = Busy(self, row);
            if !self.games.claim_press(row, &self.claimant).await? {
                continue;
            }
            // Read again under the claim: the process that held it before may have done it.
            let fresh = self.games.press_plan(id).await?;
            let Some(t) = fresh.threads.iter().find(|p| p.thread.row == row) else {
                continue;
            };
            let done = self.carry_out(&fresh, t).await;
            let _ = self.games.release_press(row, &self.claimant).await;
            if let Err(refused) = done {
                tracing::warn!(game = id, row, "press thread: {refused}");
                if only == Some(row) {
                    answer = Some(refused.clone());
                }
                // A thread never made leaves nothing behind: forgotten, so asking again
                // starts afresh. Any other step is tried again later.
                let made = self.games.press_thread(row).await?.and_then(|t| t.thread);
                if made.is_none() && matches!(refused, Refusal::Permission(_)) {
                    if only != Some(row) {
                        let mut forgotten =
                            self.forgotten.lock().unwrap_or_else(|e| e.into_inner());
                        // Only a command racing this round reads it back; keep it bounded.
                        if forgotten.len() > 1000 {
                            forgotten.clear();
                        }
                        forgotten.insert(row, refused.clone());
                    }
                    self.games.press_forget(row).await?;
                } else {
                    let wait = match refused {
                        Refusal::Permission(_) => RETRY_SECS,
                        Refusal::Failed(_) => 10,
                    };
                    self.games
                        .press_problem(row, &refused.to_string(), now + wait)
                        .await?;
                }
            }
        }
        if let Some(row) = only {
            // The scheduler's round may have tried this conversation first and forgotten it
            // when Discord refused the thread: answer with its refusal, not "being made".
            if answer.is_none() && self.games.press_thread(row).await?.is_none() {
                answer = self
                    .forgotten
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .remove(&row);
            }
        }
        Ok(answer)
    }

    /// Marks conversation `row` busy for this process. Another task working on it (the
    /// scheduler's round) makes the background skip it, but a player's command waits for that
    /// work to end and then looks again, so its answer shows the thread made rather than
    /// "being made".
    async fn take(&self, row: i64, wait: bool) -> bool {
        loop {
            let freed = self.freed.notified();
            if self
                .busy
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .insert(row)
            {
                return true;
            }
            if !wait {
                return false;
            }
            freed.await;
        }
    }

    /// The Discord steps one conversation still needs, each recorded once done.
    async fn carry_out(&self, plan: &PressPlan, t: &ThreadPlan) -> Result<(), Refusal> {
        let db = |e: GameError| Refusal::Failed(e.to_string());
        let row = t.thread.row;
        let channel = plan
            .channel
            .as_deref()
            .ok_or_else(|| Refusal::Failed("the game has no channel".into()))?;
        let channel = serenity::ChannelId::new(snowflake(channel)?);
        let thread = match &t.thread.thread {
            Some(th) => serenity::ChannelId::new(snowflake(th)?),
            None => {
                let made = match self.find(plan, channel, &t.thread.name).await? {
                    Some(found) => found,
                    None => {
                        let builder = serenity::CreateThread::new(t.thread.name.clone())
                            .kind(serenity::ChannelType::PrivateThread)
                            .invitable(false)
                            .auto_archive_duration(serenity::AutoArchiveDuration::OneWeek);
                        channel
                            .create_thread(&*self.http, builder)
                            .await
                            .map_err(|e| refusal(e, "Create Private Threads"))?
                            .id
                    }
                };
                self.games
                    .press_thread_made(row, &made.to_string())
                    .await
                    .map_err(db)?;
                let intro = format!(
                    "Game {}: a private conversation between {}. Only their players (and the server's moderators) read it; it is locked and kept when the game ends.",
                    plan.game,
                    t.thread.powers.join(", ")
                );
                // The nonce makes Discord drop the same first message sent again after a
                // crash between sending it and anything later being recorded.
                let message = serenity::CreateMessage::new()
                    .content(intro)
                    .nonce(serenity::Nonce::String(format!("p{row}")))
                    .enforce_nonce(true);
                made.send_message(&*self.http, message)
                    .await
                    .map_err(|e| refusal(e, "Send Messages in Threads"))?;
                made
            }
        };
        let adding: Vec<&String> = t.members.difference(&t.thread.members).collect();
        let removing: Vec<&String> = t.thread.members.difference(&t.members).collect();
        let mut archived = t.thread.archived;
        let mut locked = t.thread.locked;
        if archived && !(adding.is_empty() && removing.is_empty()) {
            // An archived thread takes no new members: open it first.
            thread
                .edit_thread(&*self.http, serenity::EditThread::new().archived(false))
                .await
                .map_err(|e| refusal(e, "Manage Threads"))?;
            archived = false;
            self.games
                .press_state(row, locked, archived, false)
                .await
                .map_err(db)?;
        }
        for user in adding {
            let id = serenity::UserId::new(snowflake(user)?);
            thread
                .add_thread_member(&*self.http, id)
                .await
                .map_err(|e| refusal(e, "Manage Threads"))?;
            self.games.press_member(row, user, true).await.map_err(db)?;
        }
        for user in removing {
            let id = serenity::UserId::new(snowflake(user)?);
            thread
                .remove_thread_member(&*self.http, id)
                .await
                .map_err(|e| refusal(e, "Manage Threads"))?;
            self.games
                .press_member(row, user, false)
                .await
                .map_err(db)?;
        }
        if locked != t.locked || archived != t.archived || (t.last && !t.thread.settled) {
            if locked != t.locked || archived != t.archived {
                thread
                    .edit_thread(
                        &*self.http,
                        serenity::EditThread::new()
                            .locked(t.locked)
                            .archived(t.archived),
                    )
                    .await
                    .map_err(|e| refusal(e, "Manage Threads"))?;
            }
            locked = t.locked;
            archived = t.archived;
            self.games
                .press_state(row, locked, archived, t.last)
                .await
                .map_err(db)?;
        }
        Ok(())
    }

    /// A thread of `channel` named `name` that no conversation has recorded: one this bot made
    /// before it could record it (it died in between).
    async fn find(
        &self,
        plan: &PressPlan,
        channel: serenity::ChannelId,
        name: &str,
    ) -> Result<Option<serenity::ChannelId>, Refusal> {
        let Some(guild) = &plan.guild else {
            return Ok(None);
        };
        let guild = serenity::GuildId::new(snowflake(guild)?);
        let active = guild
            .get_active_threads(&*self.http)
            .await
            .map_err(|e| refusal(e, "Manage Threads"))?;
        for t in active.threads {
            if t.parent_id == Some(channel) && t.name == name {
                let known = self
                    .games
                    .press_thread_known(&t.id.to_string())
                    .await
                    .map_err(|e| Refusal::Failed(e.to_string()))?;
                if !known {
                    tracing::info!(thread = %t.id, name, "found a thread made before a restart");
                    return Ok(Some(t.id));
                }
            }
        }
        Ok(None)
    }

    /// Names every seat in the channel of each anonymous game that is over, once its results
    /// are posted; the post's nonce and the record keep it to one.
    async fn reveal(&self) {
        let due = match self.games.reveals_due().await {
            Ok(d) => d,
            Err(e) => {
                tracing::error!("cannot list reveals: {e}");
                return;
            }
        };
        for id in due {
            if !self.games.unposted_of(id).await.is_ok_and(|s| s.is_empty()) {
                continue;
            }
            let (Ok(info), Ok(Some(channel))) =
                (self.games.info(id).await, self.games.channel_of(id).await)
            else {
                continue;
            };
            let v = engine::Variant::builtin(&info.variant).ok();
            let mut text = format!("**Game {id} is over.** The players were:\n");
            for (user, power) in &info.players {
                let Some(power) = power else { continue };
                let shown = v
                    .as_ref()
                    .map_or(power.clone(), |v| v.display_of(power).to_string());
                text += &format!("- {shown}: <@{user}>\n");
            }
            let message = serenity::CreateMessage::new()
                .content(crate::text::fit_message(&text))
                .nonce(serenity::Nonce::String(format!("a{id}")))
                .enforce_nonce(true);
            let Ok(ch) = snowflake(&channel) else {
                continue;
            };
            match serenity::ChannelId::new(ch)
                .send_message(&*self.http, message)
                .await
            {
                Ok(_) => {
                    if let Err(e) = self.games.press_notice_told(id, "reveal").await {
                        tracing::error!(game = id, "cannot record the reveal: {e}");
                    }
                }
                Err(e) => tracing::warn!(game = id, "cannot post the reveal: {e}"),
            }
        }
    }
}

/// `/press open`: records the conversation (refused as the game's press says), then has the
/// thread made and its members added before answering.
pub async fn open(data: &Data, caller: &Caller, with: &str) -> Outcome {
    let games = &data.games;
    if caller.guild.is_none() {
        return Err(GameError::Refused(
            "open conversations in the game's channel on the server: the thread is made there"
                .into(),
        ));
    }
    let id = which_game(games, caller, None).await?;
    let opened = games.open_press(id, &caller.user, with).await?;
    let row = opened.thread.row;
    if let Some(refused) = data.press.mend(id, Some(row)).await? {
        return Ok(Answer::private(format!(
            "I could not open **{}**: {refused}.",
            opened.thread.name
        )));
    }
    let thread = games.press_thread(row).await?;
    let link = thread
        .and_then(|t| t.thread)
        .map(|t| format!("<#{t}>"))
        .unwrap_or_else(|| format!("**{}** (being made)", opened.thread.name));
    Ok(Answer::private(if opened.new {
        format!(
            "Opened {link}: a private thread with the players of {}.",
            opened.thread.powers.join(", ")
        )
    } else {
        format!(
            "{} already have a conversation: {link}.",
            opened.thread.powers.join(", ")
        )
    }))
}

/// `/press list`: the conversations the caller is in (every one, once the game is over).
pub async fn list(games: &Games, caller: &Caller, named: Option<GameId>) -> Outcome {
    let id = which_game(games, caller, named).await?;
    let info = games.info(id).await?;
    let mine = games.power_of(id, &caller.user).await.ok();
    let over = info.status == "finished";
    let threads: Vec<_> = games
        .press_threads(id)
        .await?
        .into_iter()
        .filter(|t| over || mine.as_ref().is_some_and(|p| t.powers.contains(p)))
        .collect();
    let mut text = format!(
        "Game {id} has {}.\n",
        info.settings.press.words().trim_end_matches('.')
    );
    if threads.is_empty() {
        text += "You are in no conversation yet; `/press open with:<powers>` in the game's channel opens one.";
    }
    for t in threads {
        let state = if t.settled || (over && t.locked) {
            "locked, kept to read"
        } else if t.locked {
            "closed until the next movement phase"
        } else {
            "open"
        };
        let at = t
            .thread
            .map(|th| format!("<#{th}>"))
            .unwrap_or_else(|| format!("**{}** (being made)", t.name));
        text += &format!("- {at}: {} ({state})\n", t.powers.join(", "));
    }
    Ok(Answer::private(text.trim_end().to_string()))
}

/// Discord's longest message.
const MESSAGE_LIMIT: usize = crate::text::MESSAGE_LIMIT;

/// `/press send`: a message to another power's player by DM, under the sender's power's name
/// (`From France: ...`), so anonymous games have press without showing who wrote.
pub async fn send(
    games: &Games,
    caller: &Caller,
    named: Option<GameId>,
    to: &str,
    message: &str,
    nonce: String,
) -> Outcome {
    if caller.guild.is_some() {
        return Err(GameError::Refused(
            "send press to me in a direct message, so nobody in the channel sees who writes to whom"
                .into(),
        ));
    }
    let id = which_game(games, caller, named).await?;
    if let Some(why) = games.press_closed_now(id).await? {
        return Err(GameError::Refused(why));
    }
    let (_, v, _) = games.current(id).await?;
    let mine = games.power_of(id, &caller.user).await?;
    let powers = engine::store::press::read_powers(&v, to)?;
    let [power] = powers[..] else {
        return Err(GameError::Refused(
            "name one power to send to, such as `to:Italy`".into(),
        ));
    };
    let name = v.power_name(power).to_string();
    if name == mine {
        return Err(GameError::Refused("that is your own power".into()));
    }
    let Some(user) = games.player_of(id, &name).await? else {
        return Err(GameError::Refused(format!(
            "nobody plays {} now, so nobody would read it",
            v.display_name(power)
        )));
    };
    let message = message.trim();
    if message.is_empty() {
        return Err(GameError::Refused("the message is empty".into()));
    }
    let text = format!("From {}: {message}", v.display_of(&mine));
    let len = crate::text::discord_len(&text);
    if len > MESSAGE_LIMIT {
        let room = MESSAGE_LIMIT - (len - crate::text::discord_len(message));
        return Err(GameError::Refused(format!(
            "your message is {} characters long; Discord carries at most {MESSAGE_LIMIT} per message, so with `From {}: ` in front yours may have {room}: split it in two",
            crate::text::discord_len(message),
            v.display_of(&mine)
        )));
    }
    let mut answer = Answer::private(format!(
        "Delivered to {} (game {id}); they read it as from {}.",
        v.display_name(power),
        v.display_of(&mine)
    ));
    answer
        .announce
        .push((format!("user:{user}"), Post::text(text).once(nonce)));
    Ok(answer)
}

/// In an anonymous game that is not over, every mention of one of its players in `text`
/// becomes their power's name (or "a player" before powers are given): the last guard that
/// no post names a member.
pub async fn scrub(games: &Games, id: GameId, text: &str) -> String {
    let Ok(info) = games.info(id).await else {
        return text.to_string();
    };
    if !info.settings.anonymous || info.status == "finished" {
        return text.to_string();
    }
    let v = engine::Variant::builtin(&info.variant).ok();
    let mut out = text.to_string();
    for (user, power) in &info.players {
        let shown = match (power, &v) {
            (Some(p), Some(v)) => v.display_of(p).to_string(),
            (Some(p), None) => p.clone(),
            (None, _) => "a player".to_string(),
        };
        for mention in [format!("<@{user}>"), format!("<@!{user}>")] {
            out = out.replace(&mention, &shown);
        }
    }
    out
}

/// The anonymous game a command's answer concerns, if any: the channel's, or in a DM the
/// caller's only game.
pub async fn anonymous_game(games: &Games, caller: &Caller) -> Option<GameId> {
    let id = which_game(games, caller, None).await.ok()?;
    let info = games.info(id).await.ok()?;
    (info.settings.anonymous && info.status != "finished").then_some(id)
}

/// The picture `/orders show picture:true` attaches: the current board with the caller's own
/// orders drawn, as the results map draws orders, for the caller alone.
pub async fn own_orders_picture(
    games: &Games,
    id: GameId,
    user: &str,
) -> Result<(String, Vec<u8>), GameError> {
    let (v, position, power, orders) = games.own_orders_board(id, user).await?;
    let name = v.calendar.name(position.phase);
    let drawers = crate::drawing::drawers().map_err(GameError::Refused)?;
    let png = drawers
        .draw(move || {
            let drawn: Vec<_> = orders
                .into_iter()
                .map(|o| (power, o, engine::judge::Verdict::Succeeds))
                .collect();
            let retreats = crate::picture::retreats_of(&v, &position);
            let scene =
                crate::picture::scene(&v, &position, &drawn, &retreats, render::Palette::Default);
            crate::picture::png(&v.id, &scene)
        })
        .await
        .map_err(GameError::Refused)?
        .map_err(GameError::Refused)?;
    Ok((
        format!("{}-your-orders.png", name.to_lowercase().replace(' ', "-")),
        png,
    ))
}
