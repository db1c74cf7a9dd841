//! The scheduler: closes the phases that are due (at the deadline, or the moment everyone is
//! ready), posts the results and map of every adjudicated phase not yet posted (including
//! those a moderator adjudicated, or from before a crash), and reminds players who still owe
//! orders. On start its first tick catches up on every deadline that passed while the bot was
//! down. A game that cannot be loaded or adjudicated is set aside and its channel told; every
//! other game runs on.

use super::posts::{self, when, Post, Poster};
use engine::store::{Closing, GameError, GameId, Games};
use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};
use std::time::Duration;

pub struct Scheduler {
    games: Games,
    poster: Arc<dyn Poster>,
    /// How long before a deadline players who still owe orders get a reminder.
    remind_before_secs: i64,
    /// Broken games whose channel has been told, by (game, phase): told once, not every tick.
    told_broken: Mutex<HashSet<(GameId, Option<i64>)>>,
}

/// What one tick did, for logs and tests.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Tick {
    pub adjudicated: usize,
    pub waited: usize,
    /// Results posts sent.
    pub posted: usize,
    pub reminded: usize,
    /// Games set aside this tick because they cannot be loaded or adjudicated.
    pub broken: usize,
}

impl Scheduler {
    pub fn new(games: Games, poster: Arc<dyn Poster>, remind_before_secs: i64) -> Scheduler {
        Scheduler {
            games,
            poster,
            remind_before_secs,
            told_broken: Mutex::new(HashSet::new()),
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
            done.broken += 1;
            self.set_aside(broken.game, broken.seq, &broken.problem)
                .await;
        }
        // Each game's results are posted (its map drawn on a blocking thread) as soon as it is
        // adjudicated, while the next game is adjudicated: games side by side.
        for (id, seq) in due.due {
            let closing = match self.games.close_phase(id, seq).await {
                Ok(c) => c,
                // A database hiccup is not the game's fault: try again next tick.
                Err(GameError::Db(e)) => {
                    tracing::error!(game = id, seq, "adjudication failed: {e}");
                    continue;
                }
                Err(e) => {
                    done.broken += 1;
                    self.set_aside(id, Some(seq), &e.to_string()).await;
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
        }
        match self.games.unposted().await {
            Ok(pending) => {
                for (id, _) in pending {
                    self.start_posting(posting, id);
                }
            }
            Err(e) => tracing::error!("cannot list unposted results: {e}"),
        }
        self.remind(now, &mut done).await;
        done
    }

    fn start_posting(&self, posting: &mut Posting, id: GameId) {
        if posting.games.values().any(|g| *g == id) {
            return;
        }
        let games = self.games.clone();
        let poster = self.poster.clone();
        let task = posting
            .tasks
            .spawn(async move { post_game(&games, &*poster, id).await });
        posting.games.insert(task.id(), id);
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
                {
                    self.start_posting(posting, id);
                }
            }
            Ok(Err(Unposted::Broken(seq, problem))) => {
                done.broken += 1;
                self.set_aside(id, Some(seq), &problem).await;
            }
            Ok(Err(Unposted::Later(seq, why))) => {
                tracing::error!(game = id, seq, "cannot post results, will retry: {why}")
            }
            Err(e) => tracing::error!(game = id, "a results post failed: {e}"),
        }
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
        self.to_game_channel(id, Post::text(text)).await;
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

    async fn remind(&self, now: i64, done: &mut Tick) {
        let due = match self.games.reminders_due(now, self.remind_before_secs).await {
            Ok(d) => d,
            Err(e) => {
                tracing::error!("cannot list reminders: {e}");
                return;
            }
        };
        for (id, seq, users) in due {
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
                match self.poster.to_user(&user, Post::text(text)).await {
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
                match self.poster.to_user(&user, Post::text(text)).await {
                    Ok(()) => done.reminded += 1,
                    Err(e) => tracing::warn!(game = id, user, "cannot DM a vote reminder: {e}"),
                }
            }
            if let Err(e) = self.games.mark_reminded(id, seq).await {
                tracing::error!(game = id, "cannot record reminders: {e}");
            }
        }
    }

    /// Ticks every `every`, and at once whenever a change may have made a game due (the last
    /// player ready), until `stop` changes. A tick under way is finished first; the caller
    /// bounds how long it waits for that.
    pub async fn run(self, every: Duration, stop: tokio::sync::watch::Receiver<bool>) {
        let mut stop = stop;
        let mut interval = tokio::time::interval(every);
        interval.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        // Posts run beside the ticks: a game whose map is being drawn holds up no other
        // game's adjudication. Posts still under way at a stop are dropped unrecorded and sent
        // again (with the same nonce) at the next start.
        let mut posting = Posting::default();
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
                    if t != Tick::default() {
                        tracing::info!(
                            adjudicated = t.adjudicated,
                            waited = t.waited,
                            reminded = t.reminded,
                            broken = t.broken,
                            "tick"
                        );
                    }
                }
                Wake::Posted(joined) => {
                    let mut t = Tick::default();
                    self.posted(joined, &mut posting, &mut t).await;
                    if t.posted > 0 {
                        tracing::info!(posted = t.posted, "results posted");
                    }
                }
                Wake::Stop => break,
            }
        }
    }
}

/// The games whose results are being posted, by the task posting them.
#[derive(Default)]
struct Posting {
    games: HashMap<tokio::task::Id, GameId>,
    tasks: tokio::task::JoinSet<Result<usize, Unposted>>,
}

/// Why a game's results could not all be posted this tick.
enum Unposted {
    /// Discord or the database failed: the same phase is tried again next tick.
    Later(i64, String),
    /// The phase cannot be read back: the game is set aside.
    Broken(i64, String),
}

/// Posts one game's unposted phases in order, recording each as it goes; returns how many
/// posts were sent.
async fn post_game(games: &Games, poster: &dyn Poster, id: GameId) -> Result<usize, Unposted> {
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
