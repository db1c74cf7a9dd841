//! A game the service cannot read or draw is set aside with a notice in its channel and never
//! panics a scheduler worker: a stored record naming a power the variant does not have, and a
//! panic while a game's results are worded or drawn, each set the game aside; the scheduler
//! ticks on and other games are posted.

mod common;
use common::*;

use parley::discord::posts::{Post, Poster, Sent};
use parley::discord::scheduler::Scheduler;
use std::sync::{Arc, Mutex};

/// Every post, by where it went; a results post to `panic_in` panics, as drawing a map of
/// data the engine cannot handle would.
#[derive(Default)]
struct Sink {
    sent: Mutex<Vec<(String, Post)>>,
    panic_in: Option<String>,
}

impl Poster for Sink {
    fn to_channel<'a>(&'a self, channel: &'a str, post: Post) -> Sent<'a> {
        if self.panic_in.as_deref() == Some(channel) && post.text.contains("has been adjudicated") {
            panic!("index out of bounds: the len is 7 but the index is 99");
        }
        self.sent.lock().unwrap().push((channel.to_string(), post));
        Box::pin(async { Ok(()) })
    }
    fn to_user<'a>(&'a self, user: &'a str, post: Post) -> Sent<'a> {
        self.sent
            .lock()
            .unwrap()
            .push((format!("user:{user}"), post));
        Box::pin(async { Ok(()) })
    }
}

impl Sink {
    fn in_channel(&self, channel: &str, what: &str) -> Vec<String> {
        self.sent
            .lock()
            .unwrap()
            .iter()
            .filter(|(to, p)| to == channel && p.text.contains(what))
            .map(|(_, p)| p.text.clone())
            .collect()
    }
}

on_both_backends! {
async fn a_stored_record_naming_power_99_sets_its_game_aside_and_others_go_on() {
    let dir = tempfile::tempdir().unwrap();
    let (games, _clock) = fresh(&dir).await;
    let bad = started_with(&games, "bad", Default::default()).await;
    let good = started_with(&games, "good", Default::default()).await;
    for id in [bad, good] {
        games
            .submit(id, "germany", &s(&["A mun - bur"]))
            .await
            .unwrap();
        games.adjudicate(id, 0).await.unwrap().unwrap();
    }
    // The stored record of the bad game's first phase names power 99.
    sqlx::any::install_default_drivers();
    let pool = sqlx::AnyPool::connect(&database_url()).await.unwrap();
    let stored: String =
        sqlx::query_scalar("SELECT results FROM phases WHERE game_id = $1 AND seq = 0")
            .bind(bad)
            .fetch_one(&pool)
            .await
            .unwrap();
    let mut record: serde_json::Value = serde_json::from_str(&stored).unwrap();
    record["orders"][0]["power"] = 99.into();
    sqlx::query("UPDATE phases SET results = $1 WHERE game_id = $2 AND seq = 0")
        .bind(record.to_string())
        .bind(bad)
        .execute(&pool)
        .await
        .unwrap();
    pool.close().await;

    let sink = Arc::new(Sink::default());
    let scheduler = Scheduler::new(games.clone(), sink.clone(), 0);
    let tick = scheduler.tick().await;
    assert_eq!(tick.broken, 1, "{tick:?}");
    assert_eq!(tick.posted, 1, "{tick:?}");
    let told = sink.in_channel("bad", "stuck");
    assert_eq!(told.len(), 1, "{told:?}");
    assert!(told[0].contains("99 is not a power of Standard"), "{}", told[0]);
    assert_eq!(sink.in_channel("good", "has been adjudicated").len(), 1);
    // Told once; the scheduler ticks on.
    let tick = scheduler.tick().await;
    assert_eq!(tick.broken, 1, "{tick:?}");
    assert_eq!(sink.in_channel("bad", "stuck").len(), 1);
    // The export of that game is a refusal naming the fault, not a panic.
    let err = games.export(bad).await.unwrap_err().to_string();
    assert!(err.contains("orders[0].power: 99 is not a power"), "{err}");
}
}

#[tokio::test]
async fn a_panic_while_posting_a_game_sets_it_aside_instead_of_retrying_for_ever() {
    let dir = tempfile::tempdir().unwrap();
    let (games, _clock) = fresh(&dir).await;
    let bad = started_with(&games, "bad", Default::default()).await;
    let good = started_with(&games, "good", Default::default()).await;
    for id in [bad, good] {
        games.adjudicate(id, 0).await.unwrap().unwrap();
    }
    let sink = Arc::new(Sink {
        panic_in: Some("bad".into()),
        ..Sink::default()
    });
    let scheduler = Scheduler::new(games.clone(), sink.clone(), 0);
    let tick = scheduler.tick().await;
    assert_eq!(tick.broken, 1, "{tick:?}");
    let told = sink.in_channel("bad", "stuck");
    assert_eq!(told.len(), 1, "{told:?}");
    assert!(
        told[0].contains("could not be worded or drawn") && told[0].contains("index is 99"),
        "{}",
        told[0]
    );
    assert_eq!(sink.in_channel("good", "has been adjudicated").len(), 1);
    // The claim was handed back and the scheduler still runs: the next tick tells nobody again.
    scheduler.tick().await;
    assert_eq!(sink.in_channel("bad", "stuck").len(), 1);
}
