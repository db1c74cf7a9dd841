//! Shared setup for the games-service tests: a fresh SQLite file and a started game.
#![allow(dead_code)]

use engine::store::clock::ManualClock;
use engine::store::{Games, Settings};
use std::sync::Arc;

pub const T0: i64 = 2_000_000_000;

pub const POWERS: [&str; 7] = [
    "Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey",
];

pub async fn fresh(dir: &tempfile::TempDir) -> (Games, ManualClock) {
    let clock = ManualClock::at(T0);
    let url = format!("sqlite://{}", dir.path().join("games.db").display());
    (
        Games::open(&url, Arc::new(clock.clone()))
            .await
            .expect("opens"),
        clock,
    )
}

/// A started Standard game with one player per power, each holding the power they asked for
/// (the user id is the power's name in lower case).
pub async fn started(games: &Games) -> i64 {
    started_with(games, "chan", Settings::default()).await
}

pub async fn started_with(games: &Games, channel: &str, settings: Settings) -> i64 {
    let id = games
        .create(Some("guild"), Some(channel), "standard", settings, 7)
        .await
        .expect("create");
    fill_and_start(games, id).await;
    id
}

/// Seats one player per power of Standard's seven (Davis has the same) and starts the game.
pub async fn fill_and_start(games: &Games, id: i64) {
    for p in POWERS {
        games
            .join(id, &p.to_lowercase(), Some(p))
            .await
            .expect("join");
    }
    games.start(id).await.expect("start");
}

pub fn s(v: &[&str]) -> Vec<String> {
    v.iter().map(|x| x.to_string()).collect()
}
