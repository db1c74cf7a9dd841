//! Several schedulers on one database, as several bot processes run them: each due game is
//! adjudicated and posted by one of them, reminders go out once, and a game claimed by a
//! process that died is taken over when the claim's lease runs out.

mod common;
use common::*;

use engine::store::{Claimant, Games, Settings};
use parley::discord::posts::{Post, Poster, Sent};
use parley::discord::scheduler::Scheduler;
use std::sync::{Arc, Mutex};

/// Every post a scheduler sent, by where it went.
#[derive(Default)]
struct Sink(Mutex<Vec<(String, Post)>>);

impl Poster for Sink {
    fn to_channel<'a>(&'a self, channel: &'a str, post: Post) -> Sent<'a> {
        self.0.lock().unwrap().push((channel.to_string(), post));
        Box::pin(async { Ok(()) })
    }
    fn to_user<'a>(&'a self, user: &'a str, post: Post) -> Sent<'a> {
        self.0.lock().unwrap().push((format!("user:{user}"), post));
        Box::pin(async { Ok(()) })
    }
}

impl Sink {
    fn results_in(&self, channel: &str) -> usize {
        self.0
            .lock()
            .unwrap()
            .iter()
            .filter(|(to, p)| to == channel && p.text.contains("has been adjudicated"))
            .count()
    }
    fn reminders(&self) -> Vec<String> {
        self.0
            .lock()
            .unwrap()
            .iter()
            .filter(|(_, p)| p.text.starts_with("Reminder"))
            .map(|(to, _)| to.clone())
            .collect()
    }
}

fn process(name: &str) -> Claimant {
    Claimant {
        name: name.into(),
        lease_secs: 60,
    }
}

/// A second handle on the same database, as a second process opens it.
async fn second_process(clock: &engine::store::clock::ManualClock) -> Games {
    Games::open(&database_url(), Arc::new(clock.clone()))
        .await
        .unwrap()
}

on_both_backends! {
async fn two_processes_share_the_due_games_and_each_is_adjudicated_and_posted_once() {
    let dir = tempfile::tempdir().unwrap();
    let (games, clock) = fresh(&dir).await;
    let other = second_process(&clock).await;
    let channels: Vec<String> = (0..8).map(|n| format!("c{n}")).collect();
    let mut ids = Vec::new();
    for ch in &channels {
        ids.push(started_with(&games, ch, Settings::default()).await);
    }
    let (sink_one, sink_two) = (Arc::new(Sink::default()), Arc::new(Sink::default()));
    let one = Scheduler::new(games.clone(), sink_one.clone(), 0).with_claimant(process("one"));
    let two = Scheduler::new(other.clone(), sink_two.clone(), 0).with_claimant(process("two"));

    // Every deadline passes in the same second; both processes tick at once, twice.
    let deadline = games.info(ids[0]).await.unwrap().deadline.unwrap();
    clock.set(deadline);
    let (a, b) = tokio::join!(one.tick(), two.tick());
    let (c, d) = tokio::join!(one.tick(), two.tick());
    assert_eq!(
        a.adjudicated + b.adjudicated + c.adjudicated + d.adjudicated,
        8,
        "each game adjudicated once: {a:?} {b:?} {c:?} {d:?}"
    );
    assert_eq!(a.posted + b.posted + c.posted + d.posted, 8);
    for ch in &channels {
        assert_eq!(
            sink_one.results_in(ch) + sink_two.results_in(ch),
            1,
            "one results post in {ch}"
        );
    }
    for id in &ids {
        assert_eq!(
            games.info(*id).await.unwrap().phase.as_deref(),
            Some("Fall 1901 movement")
        );
        assert_eq!(
            games.claimed_by(*id).await.unwrap(),
            None,
            "claims handed back"
        );
    }
}
}

on_both_backends! {
async fn a_dead_process_claim_is_taken_over_when_its_lease_runs_out() {
    let dir = tempfile::tempdir().unwrap();
    let (games, clock) = fresh(&dir).await;
    let id = started(&games).await;
    let deadline = games.info(id).await.unwrap().deadline.unwrap();
    clock.set(deadline);
    // A process claimed the due game and died before adjudicating it.
    assert!(games.claim(id, &process("dead")).await.unwrap());
    let sink = Arc::new(Sink::default());
    let alive = Scheduler::new(games.clone(), sink.clone(), 0).with_claimant(process("alive"));
    let t = alive.tick().await;
    assert_eq!((t.due, t.elsewhere, t.adjudicated), (1, 1, 0), "{t:?}");
    assert_eq!(games.claimed_by(id).await.unwrap().as_deref(), Some("dead"));
    assert_eq!(sink.results_in("chan"), 0);

    // Its lease (60 s) runs out: the live process adjudicates and posts.
    clock.set(deadline + 60);
    let t = alive.tick().await;
    assert_eq!((t.adjudicated, t.posted), (1, 1), "{t:?}");
    assert_eq!(sink.results_in("chan"), 1);
    assert_eq!(
        games.info(id).await.unwrap().phase.as_deref(),
        Some("Fall 1901 movement")
    );
}
}

on_both_backends! {
async fn reminders_go_out_once_whichever_process_sends_them() {
    let dir = tempfile::tempdir().unwrap();
    let (games, clock) = fresh(&dir).await;
    let other = second_process(&clock).await;
    let id = started(&games).await;
    let (sink_one, sink_two) = (Arc::new(Sink::default()), Arc::new(Sink::default()));
    let one =
        Scheduler::new(games.clone(), sink_one.clone(), 6 * 3600).with_claimant(process("one"));
    let two =
        Scheduler::new(other.clone(), sink_two.clone(), 6 * 3600).with_claimant(process("two"));
    let deadline = games.info(id).await.unwrap().deadline.unwrap();
    clock.set(deadline - 3600);
    for _ in 0..3 {
        tokio::join!(one.tick(), two.tick());
    }
    let mut sent = sink_one.reminders();
    sent.extend(sink_two.reminders());
    sent.sort();
    let mut players: Vec<String> = POWERS
        .iter()
        .map(|p| format!("user:{}", p.to_lowercase()))
        .collect();
    players.sort();
    assert_eq!(sent, players, "one reminder per player");
}
}

on_both_backends! {
async fn claims_are_exclusive_renewable_and_handed_back() {
    let dir = tempfile::tempdir().unwrap();
    let (games, clock) = fresh(&dir).await;
    let id = started(&games).await;
    let (one, two) = (process("one"), process("two"));
    assert!(games.claim(id, &one).await.unwrap());
    assert!(!games.claim(id, &two).await.unwrap(), "held by one");
    clock.set(T0 + 50);
    assert!(
        games.claim(id, &one).await.unwrap(),
        "renewed by its holder"
    );
    clock.set(T0 + 100);
    assert!(
        !games.claim(id, &two).await.unwrap(),
        "the renewal counts from T0 + 50"
    );
    games.release(id, &two).await.unwrap();
    assert_eq!(
        games.claimed_by(id).await.unwrap().as_deref(),
        Some("one"),
        "only the holder hands back"
    );
    assert_eq!(games.release_all(&one).await.unwrap(), 1);
    assert!(games.claim(id, &two).await.unwrap());
    assert_eq!(games.claimed_by(id).await.unwrap().as_deref(), Some("two"));
}
}

on_both_backends! {
async fn a_broken_game_is_told_once_however_many_processes_find_it() {
    let dir = tempfile::tempdir().unwrap();
    let (games, clock) = fresh(&dir).await;
    let other = second_process(&clock).await;
    let id = started(&games).await;
    sqlx::any::install_default_drivers();
    let pool = sqlx::AnyPool::connect(&database_url()).await.unwrap();
    sqlx::query("UPDATE phases SET position = '{\"phase\": \"Spring 1901 movement\", \"units\": {\"Narnia\": [\"A xyz\"]}}' WHERE game_id = $1")
        .bind(id)
        .execute(&pool)
        .await
        .unwrap();
    pool.close().await;
    let deadline = games.info(id).await.unwrap().deadline.unwrap();
    clock.set(deadline);
    let (sink_one, sink_two) = (Arc::new(Sink::default()), Arc::new(Sink::default()));
    let one = Scheduler::new(games.clone(), sink_one.clone(), 0).with_claimant(process("one"));
    let two = Scheduler::new(other.clone(), sink_two.clone(), 0).with_claimant(process("two"));
    for _ in 0..3 {
        tokio::join!(one.tick(), two.tick());
    }
    let mut told: Vec<Post> = Vec::new();
    for sink in [&sink_one, &sink_two] {
        told.extend(
            sink.0
                .lock()
                .unwrap()
                .iter()
                .filter(|(_, p)| p.text.contains("stuck"))
                .map(|(_, p)| p.clone()),
        );
    }
    // Each process tells it at most once; Discord keeps one of the two, as they share a nonce.
    assert!((1..=2).contains(&told.len()), "{told:?}");
    let nonces: std::collections::HashSet<_> = told.iter().map(|p| p.nonce.clone()).collect();
    assert_eq!(nonces.len(), 1, "{told:?}");
    assert!(told[0].nonce.is_some());
}
}
