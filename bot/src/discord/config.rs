//! The bot's configuration, from the environment (and `.env`); `.env.example` lists it all.

use engine::store::clock::{Clock, FileClock, SystemClock};
use std::sync::Arc;
use std::time::Duration;

#[derive(Clone)]
pub struct Config {
    pub token: String,
    pub database_url: String,
    /// Base URL of Discord's REST API (a fake Discord in tests); `None` for the real one.
    pub api_base: Option<String>,
    /// Register commands in this server only (they appear at once), instead of globally.
    pub guild: Option<u64>,
    pub tick: Duration,
    pub remind_before_secs: i64,
    /// How long this process's claim on a game lasts unless renewed (`PARLEY_LEASE_SECS`):
    /// when a process dies, the games it was working on wait this long for another.
    pub lease_secs: i64,
    /// How this process names itself in its claims (`PARLEY_PROCESS_NAME`; by default the host
    /// and the shards it runs, so a restart takes its own claims back).
    pub process_name: Option<String>,
    pub clock: Arc<dyn Clock>,
}

impl Config {
    /// Reads the environment; the error names the variable that is missing or wrong.
    pub fn from_env() -> Result<Config, String> {
        let var = |k: &str| std::env::var(k).ok().filter(|v| !v.trim().is_empty());
        let token = var("DISCORD_TOKEN").ok_or(
            "DISCORD_TOKEN is not set: put your bot's token in the environment or in .env (see .env.example)",
        )?;
        let number = |k: &str, default: u64| -> Result<u64, String> {
            match var(k) {
                None => Ok(default),
                Some(v) => v
                    .trim()
                    .parse()
                    .map_err(|_| format!("{k}={v} is not a whole number")),
            }
        };
        let guild = match var("PARLEY_GUILD_ID") {
            None => None,
            Some(g) => Some(
                g.trim()
                    .parse()
                    .map_err(|_| format!("PARLEY_GUILD_ID={g} is not a server id"))?,
            ),
        };
        let clock: Arc<dyn Clock> = match var("PARLEY_CLOCK_FILE") {
            Some(path) => Arc::new(FileClock(path.into())),
            None => Arc::new(SystemClock),
        };
        Ok(Config {
            token,
            database_url: var("DATABASE_URL").unwrap_or_else(|| "sqlite://parley.db".into()),
            api_base: var("DISCORD_API_BASE").map(|b| b.trim_end_matches('/').to_string()),
            guild,
            tick: Duration::from_millis(number("PARLEY_TICK_MS", 10_000)?.max(10)),
            remind_before_secs: number("PARLEY_REMIND_HOURS", 6)? as i64 * 3600,
            lease_secs: number("PARLEY_LEASE_SECS", super::scheduler::LEASE_SECS as u64)?
                .clamp(5, 3600) as i64,
            process_name: var("PARLEY_PROCESS_NAME").map(|n| n.trim().to_string()),
            clock,
        })
    }
}
