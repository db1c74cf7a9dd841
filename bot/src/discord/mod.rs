//! The Discord bot (`parley bot`): poise slash commands on serenity, a scheduler that closes
//! phases and posts results, and a clean stop on SIGTERM or Ctrl-C.
//!
//! - `commands.rs`: what Discord sees of the game, orders, vote, alliance and mod commands;
//!   each calls its function in `actions.rs`.
//! - `actions.rs`: the command logic on the games service, testable without Discord.
//! - `caller.rs`: who called a command, the game they mean, and the answer they get.
//! - `reply.rs`: plumbing every slash command shares (context, caller, sending the answer).
//! - `press.rs` / `press_commands.rs`: press between powers and its thread worker / its
//!   slash commands.
//! - `community.rs` / `community_commands.rs`: profiles, the leaderboard, open seats and their
//!   claims / their slash commands.
//! - `sandbox.rs` / `sandbox_commands.rs`: a member's private practice game / its slash
//!   commands.
//! - `civil_disorder.rs`: the results post's lines about powers fallen into civil disorder.
//! - `posts.rs`: messages the bot posts by itself (results with the map PNG, reminders).
//! - `scheduler.rs`: deadlines, early adjudication, reminders, catching up after downtime.
//! - `config.rs`: environment variables.
//! - `vote_alias.rs`: the vote command's aliases, named after the powers ruled by vote.

pub mod actions;
pub mod caller;
pub mod civil_disorder;
mod commands;
pub mod community;
mod community_commands;
pub mod config;
pub mod posts;
pub mod press;
mod press_commands;
mod reply;
pub mod sandbox;
mod sandbox_commands;
pub mod scheduler;
pub mod vote_alias;

use config::Config;
use engine::store::Games;
use poise::serenity_prelude as serenity;
use posts::{Post, Poster, Sent};
use std::sync::Arc;

pub type Error = Box<dyn std::error::Error + Send + Sync>;

/// What every command can reach.
pub struct Data {
    pub games: Games,
    pub poster: Arc<dyn Poster>,
    /// Makes the games' press threads on Discord what the games say (shared with the
    /// scheduler, so one process never works on a thread twice at once).
    pub press: Arc<press::PressWorker>,
}

/// Posts through Discord's REST API.
pub struct DiscordPoster {
    pub http: Arc<serenity::Http>,
}

fn message(post: Post) -> serenity::CreateMessage {
    let mut m = serenity::CreateMessage::new().content(post.text);
    if let Some(nonce) = post.nonce {
        m = m.nonce(serenity::Nonce::String(nonce)).enforce_nonce(true);
    }
    for (name, bytes) in post.files {
        m = m.add_file(serenity::CreateAttachment::bytes(bytes, name));
    }
    m
}

fn id(s: &str) -> Result<u64, String> {
    s.parse()
        .ok()
        .filter(|n| *n != 0)
        .ok_or_else(|| format!("'{s}' is not a Discord id"))
}

impl Poster for DiscordPoster {
    fn to_channel<'a>(&'a self, channel: &'a str, post: Post) -> Sent<'a> {
        Box::pin(async move {
            serenity::ChannelId::new(id(channel)?)
                .send_message(&self.http, message(post))
                .await
                .map(|_| ())
                .map_err(|e| e.to_string())
        })
    }

    fn to_user<'a>(&'a self, user: &'a str, post: Post) -> Sent<'a> {
        Box::pin(async move {
            let dm = serenity::UserId::new(id(user)?)
                .create_dm_channel(&self.http)
                .await
                .map_err(|e| e.to_string())?;
            dm.send_message(&self.http, message(post))
                .await
                .map(|_| ())
                .map_err(|e| e.to_string())
        })
    }
}

async fn on_error(error: poise::FrameworkError<'_, Data, Error>) {
    match error {
        poise::FrameworkError::Command { error, ctx, .. } => {
            tracing::error!(command = %ctx.command().qualified_name, "command failed: {error}");
            // Discord refusing our reply comes after the command did its work, so "nothing
            // was changed" would be untrue then.
            let text = if error.downcast_ref::<serenity::Error>().is_some() {
                "My answer could not be delivered, but what you asked may have been done: `/orders show` or `/game status` shows where things stand."
            } else {
                "Something went wrong on my side; nothing was changed."
            };
            let _ = ctx
                .send(poise::CreateReply::default().content(text).ephemeral(true))
                .await;
        }
        poise::FrameworkError::ArgumentParse {
            ctx, input, error, ..
        } => {
            let what = input.as_deref().map(crate::text::quote).unwrap_or_default();
            let _ = ctx
                .send(
                    poise::CreateReply::default()
                        .content(crate::text::fit_message(&format!(
                            "⛔ I could not read the option `{what}`: {error}"
                        )))
                        .ephemeral(true),
                )
                .await;
        }
        other => {
            if let Err(e) = poise::builtins::on_error(other).await {
                tracing::error!("error while handling an error: {e}");
            }
        }
    }
}

/// Runs the bot until SIGTERM or Ctrl-C, connected to Discord or not. A phase being
/// adjudicated when the signal comes is finished (each is one transaction), or, if that takes
/// too long, abandoned and rolled back, before the process exits.
pub async fn run(config: Config) -> Result<(), Error> {
    let stop_signal = shutdown_signal();
    let games = Games::open(&config.database_url, config.clock.clone())
        .await
        .map_err(|e| {
            format!(
                "cannot open the games database {} (DATABASE_URL): {e}; for PostgreSQL, the \
                 server must run and the database exist (createdb)",
                engine::store::mask_password(&config.database_url)
            )
        })?;
    tracing::info!("games database open; connecting to Discord");
    let mut http = serenity::HttpBuilder::new(&config.token);
    if let Some(base) = &config.api_base {
        http = http.proxy(base.clone()).ratelimiter_disabled(true);
    }
    let http = http.build();
    // The press worker's own client (the framework's is made later, inside the client).
    let mut press_http = serenity::HttpBuilder::new(&config.token);
    if let Some(base) = &config.api_base {
        press_http = press_http.proxy(base.clone()).ratelimiter_disabled(true);
    }
    let press = Arc::new(press::PressWorker::new(
        games.clone(),
        Arc::new(press_http.build()),
        config.claimant(),
    ));
    let for_setup = press.clone();
    let guild = config.guild;
    let for_commands = games.clone();
    let framework = poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands: commands::all(),
            on_error: |e| Box::pin(on_error(e)),
            event_handler: |_framework, event| Box::pin(on_event(event)),
            ..Default::default()
        })
        .setup(move |ctx, ready, framework| {
            Box::pin(async move {
                let commands = &framework.options().commands;
                match guild {
                    Some(g) => {
                        poise::builtins::register_in_guild(ctx, commands, serenity::GuildId::new(g))
                            .await?
                    }
                    None => poise::builtins::register_globally(ctx, commands).await?,
                }
                tracing::info!(user = %ready.user.name, "connected; commands registered");
                Ok(Data {
                    games: for_commands,
                    poster: Arc::new(DiscordPoster {
                        http: ctx.http.clone(),
                    }),
                    press: for_setup,
                })
            })
        })
        .build();
    let intents = serenity::GatewayIntents::non_privileged();
    let mut client = serenity::ClientBuilder::new_with_http(http, intents)
        .framework(framework)
        .await?;

    let (stop_tx, stop_rx) = tokio::sync::watch::channel(false);
    let claimant = config.claimant();
    tracing::info!(process = %claimant.name, lease_secs = claimant.lease_secs, "claiming games as");
    let to_close = games.clone();
    let scheduler = scheduler::Scheduler::new(
        games,
        Arc::new(DiscordPoster {
            http: client.http.clone(),
        }),
        config.remind_before_secs,
    )
    .with_claimant(claimant)
    .with_health_file(config.health_file.clone())
    .with_press(press);
    let mut scheduler_task = tokio::spawn(scheduler.run(config.tick, stop_rx));
    let shards = client.shard_manager.clone();
    match config.shards {
        Some(range) => tracing::info!("this process runs {range} (PARLEY_SHARDS={})", range.spec()),
        None => {
            tracing::info!("this process runs Discord's one unsharded connection (shard 0 of 1)")
        }
    }
    // Serenity keeps retrying an unreachable gateway for ever, so the signal must end the
    // client itself, not just ask its shards to close.
    let result = tokio::select! {
        r = start(&mut client, config.shards) => r.map_err(Error::from),
        _ = stop_signal => {
            tracing::info!("stopping: finishing the current work");
            if tokio::time::timeout(SHARDS_CLOSE, shards.shutdown_all()).await.is_err() {
                tracing::warn!("the gateway did not close in time; leaving it");
            }
            Ok(())
        }
    };
    // Let the scheduler finish the tick it is in, within bounds: a tick cut short leaves an
    // open transaction, which rolls back, and an unrecorded post, which the next start sends
    // again with the same nonce.
    let _ = stop_tx.send(true);
    if tokio::time::timeout(SCHEDULER_FINISH, &mut scheduler_task)
        .await
        .is_err()
    {
        tracing::warn!("the scheduler's tick did not finish in time; abandoning it");
        scheduler_task.abort();
    }
    // A SQLite database is left as one file a host can copy or back up alone: the
    // write-ahead log folded in once the connections still in use are handed back.
    match tokio::time::timeout(DATABASE_CLOSE, to_close.close()).await {
        Ok(Ok(())) => tracing::info!("games database closed"),
        Ok(Err(e)) => tracing::warn!("the games database was not closed cleanly: {e}"),
        Err(_) => tracing::warn!("the games database was still in use; left open"),
    }
    tracing::info!("stopped");
    result
}

/// Connects the gateway: the one default connection, or this process's range of shards.
async fn start(
    client: &mut serenity::Client,
    shards: Option<config::ShardRange>,
) -> serenity::Result<()> {
    match shards {
        None => client.start().await,
        // Serenity 0.12's range is inclusive of its end (`4..7` starts shards 4 to 7), unlike
        // Rust's `Range`: `first..last` is shards `first` to `last`.
        Some(r) => client.start_shard_range(r.first..r.last, r.total).await,
    }
}

/// Logs each shard as Discord accepts it, so a host can see every shard of the range up.
async fn on_event(event: &serenity::FullEvent) -> Result<(), Error> {
    if let serenity::FullEvent::Ready { data_about_bot } = event {
        match data_about_bot.shard {
            Some(s) => tracing::info!("shard {} of {} connected", s.id, s.total),
            None => tracing::info!("connected (unsharded)"),
        }
    }
    Ok(())
}

/// How long a stop waits for the gateway to close, then for the scheduler's tick, then for
/// the database: together well inside the 5 s a host's service manager is promised.
const SHARDS_CLOSE: std::time::Duration = std::time::Duration::from_millis(1500);
const SCHEDULER_FINISH: std::time::Duration = std::time::Duration::from_millis(2500);
/// How long the stop then waits for the database to close (the write-ahead log folded in).
const DATABASE_CLOSE: std::time::Duration = std::time::Duration::from_millis(800);

/// Listens for SIGTERM and Ctrl-C from the moment it is called, not from its first poll: the
/// client's shards start on other threads, and a signal that arrived between their start and
/// the first poll would otherwise meet no handler and kill the process outright.
fn shutdown_signal() -> impl std::future::Future<Output = ()> {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        let term = signal(SignalKind::terminate());
        let interrupt = signal(SignalKind::interrupt());
        async move {
            match (term, interrupt) {
                (Ok(mut term), Ok(mut interrupt)) => {
                    tokio::select! {
                        _ = term.recv() => {}
                        _ = interrupt.recv() => {}
                    }
                }
                _ => {
                    let _ = tokio::signal::ctrl_c().await;
                }
            }
        }
    }
    #[cfg(not(unix))]
    async {
        let _ = tokio::signal::ctrl_c().await;
    }
}
