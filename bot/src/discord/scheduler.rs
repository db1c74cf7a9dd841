//! The scheduler: on every tick it closes the phases that are due (at the deadline, or once
//! everyone is ready), posts the results and map of every adjudicated phase not yet posted
//! (including those a moderator adjudicated, or from before a crash), and reminds players who
//! still owe orders. On start its first tick catches up on every deadline that passed while
//! the bot was down.

use super::posts::{self, when, Post, Poster};
use crate::games::{Closing, Games};
use std::sync::Arc;
use std::time::Duration;

pub struct Scheduler {
    pub games: Games,
    pub poster: Arc<dyn Poster>,
    /// How long before a deadline players who still owe orders get a reminder.
    pub remind_before_secs: i64,
}

/// What one tick did, for logs and tests.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Tick {
    pub adjudicated: usize,
    pub waited: usize,
    /// Results posts sent.
    pub posted: usize,
    pub reminded: usize,
}

impl Scheduler {
    pub async fn tick(&self) -> Tick {
        let mut done = Tick::default();
        let now = self.games.now();
        let due = match self.games.due(now).await {
            Ok(d) => d,
            Err(e) => {
                tracing::error!("cannot list due games: {e}");
                return done;
            }
        };
        for (id, seq) in due {
            let closing = match self.games.close_phase(id, seq).await {
                Ok(c) => c,
                Err(e) => {
                    tracing::error!(game = id, seq, "adjudication failed: {e}");
                    continue;
                }
            };
            let channel = match self.games.info(id).await {
                Ok(info) => info.channel,
                Err(e) => {
                    tracing::error!(game = id, "cannot read game: {e}");
                    None
                }
            };
            let post = match closing {
                Closing::Adjudicated(report) => {
                    done.adjudicated += 1;
                    tracing::info!(game = id, phase = %report.phase, "adjudicated");
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
            if let (Some(post), Some(channel)) = (post, channel) {
                if let Err(e) = self.poster.to_channel(&channel, post).await {
                    tracing::error!(game = id, "cannot post to the game channel: {e}");
                }
            }
        }
        self.post_results(&mut done).await;
        self.remind(now, &mut done).await;
        done
    }

    /// Posts every adjudicated phase not posted yet, oldest first; a game whose post fails is
    /// retried from that phase at the next tick, so nothing is skipped.
    async fn post_results(&self, done: &mut Tick) {
        let pending = match self.games.unposted().await {
            Ok(p) => p,
            Err(e) => {
                tracing::error!("cannot list unposted results: {e}");
                return;
            }
        };
        let mut failed: Vec<i64> = Vec::new();
        for (id, seq) in pending {
            if failed.contains(&id) {
                continue;
            }
            let channel = match self.games.info(id).await {
                Ok(info) => info.channel,
                Err(_) => None,
            };
            let Some(channel) = channel else { continue };
            let sent = match posts::phase_results(&self.games, id, seq).await {
                Ok(Some(post)) => self.poster.to_channel(&channel, post).await.map(|()| true),
                Ok(None) => Ok(false),
                Err(e) => Err(e.to_string()),
            };
            match sent {
                Ok(true) => done.posted += 1,
                Ok(false) => {}
                Err(e) => {
                    tracing::error!(game = id, seq, "cannot post results, will retry: {e}");
                    failed.push(id);
                    continue;
                }
            }
            if let Err(e) = self.games.mark_posted(id, seq).await {
                tracing::error!(game = id, seq, "cannot record a post: {e}");
                failed.push(id);
            }
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
            let deadline = self.games.info(id).await.ok().and_then(|i| i.deadline);
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
                    "Reminder: in game {id} the Pirates' orders are decided by vote, and you have not voted yet. The phase ends {}. Vote with `/pirates vote`; a unit you do not vote on counts your abstention against every order.",
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

    /// Ticks every `every` until `stop` resolves.
    pub async fn run(self, every: Duration, stop: tokio::sync::watch::Receiver<bool>) {
        let mut stop = stop;
        let mut interval = tokio::time::interval(every);
        interval.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tokio::select! {
                _ = interval.tick() => {
                    self.tick().await;
                }
                _ = stop.changed() => break,
            }
        }
    }
}
