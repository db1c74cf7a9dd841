//! Shared setup for the bot's tests: a fresh games database and a started game (the engine's
//! store helpers), and who is calling a command.
#![allow(dead_code)]

use parley::discord::actions::Caller;

// The games-service helpers are the engine's own test helpers, shared rather than copied.
#[path = "../../../engine/tests/store_common/mod.rs"]
mod store_common;
pub use store_common::*;

/// A command in a server channel of the server "guild".
pub fn in_channel(user: &str, channel: &str, moderator: bool) -> Caller {
    Caller {
        user: user.into(),
        guild: Some("guild".into()),
        channel: channel.into(),
        moderator,
    }
}

/// A command in the user's direct messages with the bot.
pub fn dm(user: &str) -> Caller {
    Caller {
        user: user.into(),
        guild: None,
        channel: format!("dm-{user}"),
        moderator: false,
    }
}
