//! The scheduler: closes the phases that are due (at the deadline, or the moment everyone is
//! ready), posts the results and map of every adjudicated phase not yet posted (including
//! those a moderator adjudicated, or from before a crash), and reminds players who still owe
//! orders. On start its first tick catches up on every deadline that passed while the bot was
//! down. A game that cannot be loaded or adjudicated is set aside and its channel told; every
//! other game runs on.
//!
//! Several processes may run schedulers on one database: each game is worked on only by the
//! process that claims it ([`Claimant`], a lease), and every tick logs one health line.

use super::posts::{self, nonce, when, Once, Post, Poster};
use engine::store::{Claimant, Closing, GameError, GameId, Games};
use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};
use std::time::Duration;

pub struct Scheduler {
    games: Games,
    poster: Arc<dyn Poster>,
    /// How long before a deadline players who still owe orders get a reminder.
    remind_before_secs: i64,
    /// This process, as it names itself when it claims a game.
    claimant: Claimant,
    /// Broken games whose channel has been told, by (game, phase): told once, not every tick.
    told_broken: Mutex<HashSet<(GameId, Option<i64>)>>,
    /// Written after every tick, for a health check (`PARLEY_HEALTH_FILE`).
    health_file: Option<std::path::PathBuf>,
    /// Mends the games' press threads each tick (none in tests without Discord).
    press: Option<Arc<super::press::PressWorker>>,
}

/// What one tick did, for logs and tests.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Tick {
    /// Games found due (deadline passed or everyone ready), this process's or not.
    pub due: usize,
    /// Due games or unposted results left to the process that holds their claim.
    pub elsewhere: usize,
    pub adjudicated: usize,
    pub waited: usize,
    /// Results posts sent.
    pub posted: usize,
    pub reminded: usize,
    /// Games set aside this tick because they cannot be loaded or adjudicated.
    pub broken: usize,
}

/// How long a claim on a game lasts unless renewed, by default: far longer than adjudicating
/// and posting one game takes, and short enough that a dead process's games are taken over
/// well inside Discord's few minutes of nonce memory (a post repeated by the taker is dropped).
pub const LEASE_SECS: i64 = 60;

impl Scheduler {
    pub fn new(games: Games, poster: Arc<dyn Poster>, remind_before_secs: i64) -> Scheduler {
        Scheduler {
            games,
            poster,
            remind_before_secs,
            claimant: Claimant::on_this_host("scheduler", LEASE_SECS),
            told_broken: Mutex::new(HashSet::new()),
            health_file: None,
            press: None,
        }
    }

    /// The same scheduler, writing the time of each tick into `file` (a health check reads
    /// its age).
    pub fn with_health_file(mut self, file: Option<std::path::PathBuf>) -> Scheduler {
        self.health_file = file;
        self
    }

    /// The same scheduler, claiming games as `claimant`.
    pub fn with_claimant(mut self, claimant: Claimant) -> Scheduler {
        self.claimant = claimant;
        self
    }

    /// The same scheduler, mending press threads at each tick (locking and reopening them
    /// with the phases, moving seats, locking them at the end, finishing what a crash left).
    pub fn with_press(mut self, press: Arc<super::press::PressWorker>) -> Scheduler {
        self.press = Some(press);
        self
    }

    /// Claims a game for this process; a database error counts as "not ours" (tried again at
    /// the next tick) so that a hiccup never makes two processes work on one game.
    async fn claim(&self, id: GameId) -> bool {
        match self.games.claim(id, &self.claimant).await {
            Ok(mine) => mine,
            Err(e) => {
                tracing::error!(game = id, "cannot claim the game: {e}");
                false
            }
        }
    }

    async fn release(&self, id: GameId) {
        if let Err(e) = self.games.release(id, &self.claimant).await {
            tracing::warn!(
                game = id,
                "cannot hand the game back (its claim will expire): {e}"
            );
        }
    }

    /// Hands back every game this process holds, at a clean stop.
    pub async fn release_all(&self) {
        match self.games.release_all(&self.claimant).await {
            Ok(n) if n > 0 => tracing::info!(games = n, "claims handed back"),
            Ok(_) => {}
            Err(e) => tracing::warn!("cannot hand claims back (they will expire): {e}"),
        }
    }

    /// One tick, waiting for its posts to be sent (tests count them).
    pub async fn tick(&self) -> Tick {
        let mut posting = Posting::default();
        let mut done = self.tick_into(&mut posting).await;
        while let Some(joined) = posting.tasks.join_next_with_id().await {
            self.posted(joined, &mut posting, &mut done).await;
        }
        done
    }

    /// One tick: adjudicates what is due and starts posting every unposted phase into
    /// `posting`, without waiting for the posts (a game already being posted is left to it).
    async fn tick_into(&self, posting: &mut Posting) -> Tick {
        let mut done = Tick::default();
        let now = self.games.now();
        let due = match self.games.due_games(now).await {
            Ok(d) => d,
            Err(e) => {
                tracing::error!("cannot list due games: {e}");
                return done;
            }
        };
        for broken in &due.broken {
            if !self.claim(broken.game).await {
                continue;
            }
            done.broken += 1;
            self.set_aside(broken.game, broken.seq, &broken.problem)
                .await;
            self.release_unless_posting(posting, broken.game).await;
        }
        done.due = due.due.len();
        // Each game's results are posted (its map drawn on a blocking thread) as soon as it is
        // adjudicated, while the next game is adjudicated: games side by side.
        for (id, seq) in due.due {
            // A game this process is posting is already claimed by it, and renewed.
            if !self.claim(id).await {
                done.elsewhere += 1;
                continue;
            }
            // On a task of its own, so that a panic while adjudicating (a game whose data the
            // engine cannot handle) sets this game aside instead of ending the scheduler.
            let adjudicating = {
                let games = self.games.clone();
                tokio::spawn(async move { games.close_phase(id, seq).await })
            };
            let closing = match adjudicating.await {
                Ok(closed) => closed,
                Err(e) if e.is_panic() => Err(GameError::Refused(format!(
                    "adjudicating it failed ({})",
                    panic_words(e)
                ))),
                Err(e) => {
                    tracing::error!(game = id, seq, "adjudication was cut short: {e}");
                    self.release_unless_posting(posting, id).await;
                    continue;
                }
            };
            let closing = match closing {
                Ok(c) => c,
                // A database hiccup is not the game's fault: try again next tick.
                Err(GameError::Db(e)) => {
                    tracing::error!(game = id, seq, "adjudication failed: {e}");
                    self.release_unless_posting(posting, id).await;
                    continue;
                }
                Err(e) => {
                    done.broken += 1;
                    self.set_aside(id, Some(seq), &e.to_string()).await;
                    self.release_unless_posting(posting, id).await;
                    continue;
                }
            };
            let post = match closing {
                Closing::Adjudicated(report) => {
                    done.adjudicated += 1;
                    tracing::info!(game = id, phase = %report.phase, "adjudicated");
                    self.start_posting(posting, id);
                    None
                }
                Closing::Waiting { until, owing } => {
                    done.waited += 1;
                    Some(Post::text(format!(
                        "The deadline has passed without orders from {}. As this game's rules allow, they have until {} before their units hold.",
                        owing.join(", "),
                        when(until)
                    )))
                }
                Closing::Nothing => None,
            };
            if let Some(post) = post {
                self.to_game_channel(id, post).await;
            }
            self.release_unless_posting(posting, id).await;
        }
        match self.games.unposted().await {
            Ok(pending) => {
                let mut games: Vec<GameId> = pending.into_iter().map(|(id, _)| id).collect();
                games.dedup();
                for id in games {
                    if posting.holds(id) {
                        continue;
                    }
                    if self.claim(id).await {
                        self.start_posting(posting, id);
                    } else {
                        done.elsewhere += 1;
                    }
                }
            }
            Err(e) => tracing::error!("cannot list unposted results: {e}"),
        }
        self.remind(now, posting, &mut done).await;
        if let Some(press) = &self.press {
            press.tick().await;
        }
        self.remove_unused_sandboxes().await;
        done
    }

    /// Removes the sandboxes nobody used for a week, telling each owner by DM.
    async fn remove_unused_sandboxes(&self) {
        let removed = match self.games.remove_unused_sandboxes().await {
            Ok(r) => r,
            Err(e) => {
                tracing::error!("cannot remove unused sandboxes: {e}");
                return;
            }
        };
        for (id, owner) in removed {
            tracing::info!(game = id, "removed an unused sandbox");
            let note = Post::text(
                "Your sandbox was removed after a week unused. `/sandbox start` makes a new one.",
            );
            if let Err(e) = self.poster.to_user(&owner, note).await {
                tracing::warn!(game = id, "cannot tell the owner of a removed sandbox: {e}");
            }
        }
    }

    /// Starts posting a game this process has claimed (the claim is handed back when the
    /// posting ends).
    fn start_posting(&self, posting: &mut Posting, id: GameId) {
        if posting.holds(id) {
            return;
        }
        let games = self.games.clone();
        let poster = self.poster.clone();
        let claimant = self.claimant.clone();
        let task = posting
            .tasks
            .spawn(async move { post_game(&games, &*poster, &claimant, id).await });
        posting.games.insert(task.id(), id);
    }

    /// Hands a claimed game back, unless its results are being posted (the posting hands it
    /// back when done).
    async fn release_unless_posting(&self, posting: &Posting, id: GameId) {
        if !posting.holds(id) {
            self.release(id).await;
        }
    }

    /// Takes note of one game's finished posting.
    async fn posted(
        &self,
        joined: Result<(tokio::task::Id, Result<usize, Unposted>), tokio::task::JoinError>,
        posting: &mut Posting,
        done: &mut Tick,
    ) {
        let (task, outcome) = match joined {
            Ok((task, outcome)) => (task, Ok(outcome)),
            Err(e) => (e.id(), Err(e)),
        };
        let Some(id) = posting.games.remove(&task) else {
            return;
        };
        match outcome {
            Ok(Ok(posted)) => {
                done.posted += posted;
                // A phase adjudicated while this game's posting was finishing found it still
                // under way and left it to it: post that one now rather than at the next tick.
                if self
                    .games
                    .unposted_of(id)
                    .await
                    .is_ok_and(|seqs| !seqs.is_empty())
                    && self.claim(id).await
                {
                    self.start_posting(posting, id);
                    return;
                }
            }
            Ok(Err(Unposted::Elsewhere)) => {
                tracing::warn!(
                    game = id,
                    "the game's claim passed to another process while posting; left to it"
                );
                return;
            }
            Ok(Err(Unposted::Broken(seq, problem))) => {
                done.broken += 1;
                self.set_aside(id, Some(seq), &problem).await;
            }
            Ok(Err(Unposted::Later(seq, why))) => {
                tracing::error!(game = id, seq, "cannot post results, will retry: {why}")
            }
            // A panic while the results were worded or drawn (data the engine cannot handle):
            // the game is set aside like one whose phase cannot be read, never retried as if
            // Discord had failed.
            Err(e) if e.is_panic() => {
                let seq = self
                    .games
                    .unposted_of(id)
                    .await
                    .ok()
                    .and_then(|seqs| seqs.first().copied());
                done.broken += 1;
                let why = format!(
                    "its results could not be worded or drawn ({})",
                    panic_words(e)
                );
                self.set_aside(id, seq, &why).await;
            }
            Err(e) => tracing::error!(game = id, "a results post failed: {e}"),
        }
        self.release(id).await;
    }

    /// Tells a broken game's channel (once per phase) what is wrong and what a moderator can
    /// do; the game is left as it is for them.
    async fn set_aside(&self, id: GameId, seq: Option<i64>, problem: &str) {
        let first = self
            .told_broken
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert((id, seq));
        if !first {
            tracing::debug!(game = id, ?seq, "game still set aside: {problem}");
            return;
        }
        tracing::error!(game = id, ?seq, "game set aside: {problem}");
        let moderators = match self.games.moderators_of(id).await {
            Ok(Some(role)) => format!("<@&{role}>: "),
            _ => "Moderators: ".to_string(),
        };
        // The problem may quote stored data at length; the log has it whole.
        let mut problem = problem.to_string();
        if problem.len() > 300 {
            problem.truncate(problem.floor_char_boundary(300));
            problem += "…";
        }
        let text = format!(
            "⚠️ Game {id} is stuck and I have set it aside: {problem}. Every other game goes on. {moderators}`/mod rollback` takes the game back one phase; if that does not help, the bot's host must fix or re-import the game (`parley export {id}`)."
        );
        // Each process remembers only what it told, so another process that claims the game
        // later tells it again: the nonce (per game, phase and rollback) makes Discord drop
        // that repeat.
        let replay = self.games.rollbacks(id).await.unwrap_or(0);
        let told = nonce(Once::SetAside, id, seq.unwrap_or(-1), replay);
        self.to_game_channel(id, Post::text(text).once(told)).await;
    }

    async fn to_game_channel(&self, id: GameId, post: Post) {
        let channel = match self.games.channel_of(id).await {
            Ok(Some(c)) => c,
            Ok(None) => return,
            Err(e) => {
                tracing::error!(game = id, "cannot read the game's channel: {e}");
                return;
            }
        };
        if let Err(e) = self.poster.to_channel(&channel, post).await {
            tracing::error!(game = id, "cannot post to the game channel: {e}");
        }
    }

    async fn remind(&self, now: i64, posting: &Posting, done: &mut Tick) {
        let due = match self.games.reminders_due(now, self.remind_before_secs).await {
            Ok(d) => d,
            Err(e) => {
                tracing::error!("cannot list reminders: {e}");
                return;
            }
        };
        for (id, seq, users) in due {
            // Another process may hold the game, or have held it and reminded already.
            if !self.claim(id).await {
                continue;
            }
            if !self.games.reminders_unsent(id, seq).await.unwrap_or(false) {
                self.release_unless_posting(posting, id).await;
                continue;
            }
            // A reminder sent again after a crash (by this process's next start, or by
            // whoever takes its claim over) carries the same nonce, and Discord drops it.
            let replay = self.games.rollbacks(id).await.unwrap_or(0);
            let info = self.games.info(id).await.ok();
            let deadline = info.as_ref().and_then(|i| i.deadline);
            let voted = info
                .and_then(|i| engine::Variant::builtin(&i.variant).ok())
                .map(|v| {
                    engine::vote::voted_powers(&v)
                        .into_iter()
                        .map(|p| v.display_name(p).to_string())
                        .collect::<Vec<_>>()
                        .join(", ")
                })
                .unwrap_or_default();
            for user in users {
                let text = format!(
                    "Reminder: game {id} still needs orders from you, due {}. Send them with `/orders submit`.",
                    deadline.map(when).unwrap_or_default()
                );
                let post = Post::text(text).once(nonce(Once::Reminder, id, seq, replay));
                match self.poster.to_user(&user, post).await {
                    Ok(()) => done.reminded += 1,
                    Err(e) => tracing::warn!(game = id, user, "cannot DM a reminder: {e}"),
                }
            }
            let voters = match self.games.voters_yet_to_vote(id).await {
                Ok(v) => v,
                Err(e) => {
                    tracing::warn!(game = id, "cannot list voters to remind: {e}");
                    Vec::new()
                }
            };
            for user in voters {
                let text = format!(
                    "Reminder: in game {id} the orders of the {voted} are decided by vote, and you have not voted yet. The phase ends {}. Vote with `/vote order`; a unit you do not vote on counts your abstention against every order.",
                    deadline.map(when).unwrap_or_default()
                );
                let post = Post::text(text).once(nonce(Once::VoteReminder, id, seq, replay));
                match self.poster.to_user(&user, post).await {
                    Ok(()) => done.reminded += 1,
                    Err(e) => tracing::warn!(game = id, user, "cannot DM a vote reminder: {e}"),
                }
            }
            if let Err(e) = self.games.mark_reminded(id, seq).await {
                tracing::error!(game = id, "cannot record reminders: {e}");
            }
            self.release_unless_posting(posting, id).await;
        }
    }

    /// Ticks every `every`, and at once whenever a change may have made a game due (the last
    /// player ready), until `stop` changes. A tick under way is finished first; the caller
    /// bounds how long it waits for that.
    pub async fn run(mut self, every: Duration, stop: tokio::sync::watch::Receiver<bool>) {
        // The scheduler's own writes (claims, adjudications, posted marks) can all be made
        // again after a crash, so they need not wait for the disk (`Games::relaxed`).
        let relaxed = match self.games.relaxed().await {
            Ok(games) => {
                self.games = games;
                true
            }
            Err(e) => {
                tracing::warn!("the scheduler writes with the players' pool: {e}");
                false
            }
        };
        let mut stop = stop;
        let mut interval = tokio::time::interval(every);
        interval.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        // Posts run beside the ticks: a game whose map is being drawn holds up no other
        // game's adjudication. Posts still under way at a stop are dropped unrecorded and sent
        // again (with the same nonce) at the next start.
        let mut posting = Posting::default();
        // Results posts finished since the last health line.
        let mut posted = 0;
        loop {
            enum Wake {
                Tick,
                Posted(Result<(tokio::task::Id, Result<usize, Unposted>), tokio::task::JoinError>),
                Stop,
            }
            let wake = tokio::select! {
                _ = interval.tick() => Wake::Tick,
                _ = self.games.wait_until_may_be_due() => Wake::Tick,
                Some(joined) = posting.tasks.join_next_with_id() => Wake::Posted(joined),
                _ = stop.changed() => Wake::Stop,
            };
            match wake {
                Wake::Tick => {
                    let t = self.tick_into(&mut posting).await;
                    // The health line: one per tick, idle or not, so a host (or a log
                    // alert) sees a live scheduler and its pace.
                    tracing::info!(
                        due = t.due,
                        adjudicated = t.adjudicated,
                        posted = std::mem::take(&mut posted),
                        posting = posting.games.len(),
                        elsewhere = t.elsewhere,
                        waited = t.waited,
                        reminded = t.reminded,
                        broken = t.broken,
                        "tick"
                    );
                    if let Some(file) = &self.health_file {
                        let now = self.games.now().to_string();
                        if let Err(e) = tokio::fs::write(file, now).await {
                            tracing::warn!(file = %file.display(), "cannot write the health file: {e}");
                        }
                    }
                }
                Wake::Posted(joined) => {
                    let mut t = Tick::default();
                    self.posted(joined, &mut posting, &mut t).await;
                    posted += t.posted;
                }
                Wake::Stop => break,
            }
        }
        // The last health line: the posts finished since the last tick's line.
        tracing::info!(posted, posting = posting.games.len(), "scheduler stopped");
        // Posts cut short by the stop are sent again by whoever claims the game next, with
        // the same nonce, so Discord drops a repeat: every claim is handed back at once.
        self.release_all().await;
        // Posts cut short hold connections until they are dropped; the pool is closed
        // after them, so the bot's own close of the database finds it alone.
        drop(posting);
        if relaxed {
            self.games.close_pool().await;
        }
    }
}

/// What a panicked task said, for a set-aside notice (standard error has where it panicked).
fn panic_words(e: tokio::task::JoinError) -> String {
    match e.try_into_panic() {
        Ok(payload) => payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "an internal error".to_string()),
        Err(e) => e.to_string(),
    }
}

/// The games whose results are being posted, by the task posting them.
#[derive(Default)]
struct Posting {
    games: HashMap<tokio::task::Id, GameId>,
    tasks: tokio::task::JoinSet<Result<usize, Unposted>>,
}

impl Posting {
    /// Whether a game's results are being posted (by this process, which holds its claim).
    fn holds(&self, id: GameId) -> bool {
        self.games.values().any(|g| *g == id)
    }
}

/// Why a game's results could not all be posted this tick.
enum Unposted {
    /// Discord or the database failed: the same phase is tried again next tick.
    Later(i64, String),
    /// The phase cannot be read back: the game is set aside.
    Broken(i64, String),
    /// Another process holds the game's claim now (this one's lease ran out).
    Elsewhere,
}

/// Posts one game's unposted phases in order, recording each as it goes; returns how many
/// posts were sent.
async fn post_game(
    games: &Games,
    poster: &dyn Poster,
    claimant: &Claimant,
    id: GameId,
) -> Result<usize, Unposted> {
    let seqs = games
        .unposted_of(id)
        .await
        .map_err(|e| Unposted::Later(-1, e.to_string()))?;
    let Some(channel) = games
        .channel_of(id)
        .await
        .map_err(|e| Unposted::Later(-1, e.to_string()))?
    else {
        return Ok(0);
    };
    let mut posted = 0;
    for seq in seqs {
        // Renewed before each post: a game whose lease ran out (this process stalled) has
        // been taken over, and its taker posts.
        match games.claim(id, claimant).await {
            Ok(true) => {}
            Ok(false) => return Err(Unposted::Elsewhere),
            Err(e) => return Err(Unposted::Later(seq, e.to_string())),
        }
        let started = std::time::Instant::now();
        match posts::phase_results(games, id, seq).await {
            Ok(Some(post)) => {
                let drawn = started.elapsed();
                poster
                    .to_channel(&channel, post)
                    .await
                    .map_err(|e| Unposted::Later(seq, e))?;
                tracing::debug!(game = id, seq, ?drawn, sent = ?started.elapsed(), "results post");
                posted += 1;
            }
            Ok(None) => {}
            Err(GameError::Db(e)) => return Err(Unposted::Later(seq, e.to_string())),
            Err(e) => return Err(Unposted::Broken(seq, e.to_string())),
        }
        // A crash here, after the post and before this record, posts the phase again at the
        // next start; the post's nonce makes Discord drop the repeat.
        games
            .mark_posted(id, seq)
            .await
            .map_err(|e| Unposted::Later(seq, e.to_string()))?;
    }
    Ok(posted)
}
