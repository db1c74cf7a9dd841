//! The bot's configuration, from the environment (and `.env`); `.env.example` lists it all.

use engine::store::clock::{Clock, FileClock, SystemClock};
use std::fmt;
use std::str::FromStr;
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
    /// The gateway shards this process runs (`PARLEY_SHARDS`); `None` for one process with
    /// Discord's single unsharded connection.
    pub shards: Option<ShardRange>,
    /// A file the scheduler writes after every tick (`PARLEY_HEALTH_FILE`), for a container's
    /// health check to read its age: a live scheduler keeps it fresh.
    pub health_file: Option<std::path::PathBuf>,
}

impl Config {
    /// How this process names itself when it claims a game: `PARLEY_PROCESS_NAME`, or the host
    /// and the shards it runs.
    pub fn claimant(&self) -> engine::store::Claimant {
        match &self.process_name {
            Some(name) => engine::store::Claimant {
                name: name.clone(),
                lease_secs: self.lease_secs,
            },
            None => engine::store::Claimant::on_this_host(
                &self.shards.map_or("all".to_string(), |r| r.spec()),
                self.lease_secs,
            ),
        }
    }

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
            Some(path) => Arc::new(FileClock::new(path)),
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
            health_file: var("PARLEY_HEALTH_FILE").map(|f| f.trim().into()),
            clock,
            shards: match var("PARLEY_SHARDS") {
                None => None,
                Some(v) => Some(v.parse().map_err(|e: ShardsError| {
                    format!(
                        "PARLEY_SHARDS={} is not a shard range: {e}; write FIRST-LAST/TOTAL or SHARD/TOTAL, such as 0-1/4 (shards 0 and 1 of 4) or 1/2 (shard 1 of 2)",
                        v.trim()
                    )
                })?),
            },
        })
    }
}

/// A contiguous run of Discord gateway shards, `first..=last` out of `total`: what one process
/// connects. Every process of one bot must give the same `total`, and together cover each
/// shard from 0 to `total - 1` exactly once; Discord sends a server's events to shard
/// `(server id >> 22) % total` and direct messages to shard 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShardRange {
    pub first: u32,
    pub last: u32,
    pub total: u32,
}

/// Why a `PARLEY_SHARDS` value is not a shard range.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ShardsError {
    #[error("there is no '/' before the total number of shards")]
    NoTotal,
    #[error("'{0}' is not a whole number")]
    NotANumber(String),
    #[error("a number is missing")]
    Missing,
    #[error("the total number of shards must be at least 1")]
    NoShards,
    #[error(
        "the range {first}-{last} runs backwards (write the lower shard first: {last}-{first})"
    )]
    Backwards { first: u32, last: u32 },
    #[error("there is no shard {shard} among {total} (they are numbered 0 to {})", total - 1)]
    Beyond { shard: u32, total: u32 },
}

impl FromStr for ShardRange {
    type Err = ShardsError;

    /// Reads `FIRST-LAST/TOTAL` (`0-1/4`) or `SHARD/TOTAL` (`1/2`).
    fn from_str(text: &str) -> Result<ShardRange, ShardsError> {
        let number = |s: &str| {
            let s = s.trim();
            if s.is_empty() {
                return Err(ShardsError::Missing);
            }
            s.parse::<u32>()
                .map_err(|_| ShardsError::NotANumber(s.to_string()))
        };
        let (run, total) = text.trim().split_once('/').ok_or(ShardsError::NoTotal)?;
        let (first, last) = match run.split_once('-') {
            Some((first, last)) => (number(first)?, number(last)?),
            None => {
                let only = number(run)?;
                (only, only)
            }
        };
        let total = number(total)?;
        if total == 0 {
            return Err(ShardsError::NoShards);
        }
        if first > last {
            return Err(ShardsError::Backwards { first, last });
        }
        if last >= total {
            return Err(ShardsError::Beyond { shard: last, total });
        }
        Ok(ShardRange { first, last, total })
    }
}

impl ShardRange {
    /// How many shards this process runs.
    pub fn count(&self) -> u32 {
        self.last - self.first + 1
    }

    /// The range as `PARLEY_SHARDS` writes it (`0-1/4`).
    pub fn spec(&self) -> String {
        format!("{}-{}/{}", self.first, self.last, self.total)
    }
}

impl fmt::Display for ShardRange {
    /// "shard 1 of 2", "shards 0-1 of 4": the words the start-up log uses.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.first == self.last {
            write!(f, "shard {} of {}", self.first, self.total)
        } else {
            write!(f, "shards {}-{} of {}", self.first, self.last, self.total)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn range(first: u32, last: u32, total: u32) -> ShardRange {
        ShardRange { first, last, total }
    }

    #[test]
    fn shard_ranges_are_read_in_both_forms() {
        assert_eq!("0-1/4".parse(), Ok(range(0, 1, 4)));
        assert_eq!("1/2".parse(), Ok(range(1, 1, 2)));
        assert_eq!(" 0 - 3 / 4 ".parse(), Ok(range(0, 3, 4)));
        assert_eq!("0/1".parse(), Ok(range(0, 0, 1)));
        assert_eq!(range(0, 1, 4).to_string(), "shards 0-1 of 4");
        assert_eq!(range(1, 1, 2).to_string(), "shard 1 of 2");
        assert_eq!(range(2, 3, 4).count(), 2);
    }

    #[test]
    fn a_bad_shard_range_says_what_is_wrong() {
        let err = |s: &str| s.parse::<ShardRange>().unwrap_err().to_string();
        assert_eq!(
            err("2-1/4"),
            "the range 2-1 runs backwards (write the lower shard first: 1-2)"
        );
        assert_eq!(
            err("0-4/4"),
            "there is no shard 4 among 4 (they are numbered 0 to 3)"
        );
        assert_eq!(
            err("2/2"),
            "there is no shard 2 among 2 (they are numbered 0 to 1)"
        );
        assert_eq!(err("0/0"), "the total number of shards must be at least 1");
        assert_eq!(
            err("0-1"),
            "there is no '/' before the total number of shards"
        );
        assert_eq!(err("a/2"), "'a' is not a whole number");
        assert_eq!(err("0-x/2"), "'x' is not a whole number");
        assert_eq!(err("-1/2"), "a number is missing");
        assert_eq!(err("0-/2"), "a number is missing");
        assert_eq!(err("0/two"), "'two' is not a whole number");
    }
}
