//! Bursts of games due in the same second, played by real `parley bot` processes against the
//! fake Discord (the harness is `tests/burst/mod.rs`): every phase adjudicated once, posted
//! once, every order sent by DM kept, also when a process is SIGKILLed in the middle.

mod burst;
mod common;
mod fake_discord;

use burst::{adjudicated_line, check_all, health_line, Burst, Health, Kill, ProcessSpec};
use common::*;

/// The burst the issue asks for: this many games due in the same second.
const GAMES: usize = 200;

on_both_backends! {multi_thread;
async fn one_process_adjudicates_and_posts_two_hundred_games_due_in_the_same_second() {
    let dir = tempfile::tempdir().unwrap();
    let burst = Burst::prepare(dir.path(), &fresh_url(&dir).await, GAMES).await;
    let outcome = burst.run_until_reported(&[ProcessSpec::all_shards()]).await;
    eprintln!("one process: {}", outcome.summary(GAMES));
    assert_eq!(outcome.adjudicated.len(), GAMES);
    check_all(&burst, &outcome).await;
    // The health lines add up to what the process did: every adjudication and every results
    // post counted once, and the burst seen due.
    let total = |f: fn(&Health) -> usize| outcome.health.iter().map(|(_, h)| f(h)).sum::<usize>();
    assert_eq!(total(|h| h.adjudicated), GAMES, "{:?}", outcome.health);
    assert_eq!(total(|h| h.posted), GAMES, "{:?}", outcome.health);
    assert!(
        outcome.health.iter().any(|(_, h)| h.due > 0),
        "no tick saw a game due: {:?}",
        outcome.health
    );
}
}

on_both_backends! {multi_thread;
async fn a_process_killed_mid_burst_leaves_the_rest_to_its_restart_and_nothing_is_lost_or_doubled()
{
    let dir = tempfile::tempdir().unwrap();
    let burst = Burst::prepare(dir.path(), &fresh_url(&dir).await, GAMES).await;
    let outcome = burst
        .run(
            &[
                ProcessSpec::all_shards(),
                ProcessSpec::all_shards().after_kill(),
            ],
            Some(Kill::new(0, GAMES / 3)),
        )
        .await;
    eprintln!("killed and restarted: {}", outcome.summary(GAMES));
    assert_eq!(outcome.killed, vec![0]);
    let by_first = outcome
        .adjudicated
        .iter()
        .filter(|a| a.process == 0)
        .count();
    let by_restart = outcome
        .adjudicated
        .iter()
        .filter(|a| a.process == 1)
        .count();
    assert!(
        (GAMES / 3..GAMES).contains(&by_first),
        "the first process adjudicated {by_first} games before it was killed"
    );
    assert!(by_restart > 0, "the restarted process adjudicated nothing");
    check_all(&burst, &outcome).await;
}
}

on_both_backends! {multi_thread;
async fn two_shard_processes_on_one_database_share_a_burst_and_survive_one_being_killed() {
    let dir = tempfile::tempdir().unwrap();
    let burst = Burst::prepare(dir.path(), &fresh_url(&dir).await, GAMES).await;
    let outcome = burst
        .run(
            &[ProcessSpec::shard(0, 2), ProcessSpec::shard(1, 2)],
            Some(Kill::new(1, 20)),
        )
        .await;
    eprintln!(
        "two shard processes, one killed: {}",
        outcome.summary(GAMES)
    );
    assert_eq!(outcome.killed, vec![1]);
    assert!(
        outcome.adjudicated_by(0) > 0,
        "the surviving process adjudicated nothing"
    );
    check_all(&burst, &outcome).await;
}
}

#[test]
fn the_harness_reads_the_game_and_phase_of_an_adjudicated_log_line() {
    let line = "2026-11-25T01:00:00.123456Z  INFO parley::discord::scheduler: adjudicated game=12 phase=Spring 1901 movement";
    assert_eq!(
        adjudicated_line(line),
        Some((12, "Spring 1901 movement".to_string()))
    );
    let reordered = "INFO x: adjudicated phase=Fall 1901 movement game=3 process=1";
    assert_eq!(
        adjudicated_line(reordered),
        Some((3, "Fall 1901 movement".to_string()))
    );
    // A tick's health line counts adjudications; it is not one.
    assert_eq!(
        adjudicated_line("INFO x: tick adjudicated=3 waited=0"),
        None
    );
}

#[test]
fn the_harness_reads_a_health_line() {
    let line = "2026-11-25T01:00:00Z  INFO parley::discord::scheduler: tick due=12 adjudicated=7 posted=6 posting=1 elsewhere=5 waited=0 reminded=0 broken=0";
    assert_eq!(
        health_line(line),
        Some(Health {
            due: 12,
            adjudicated: 7,
            posted: 6
        })
    );
    assert_eq!(
        health_line("INFO x: scheduler stopped posted=3 posting=0").map(|h| h.posted),
        Some(3)
    );
    assert_eq!(
        health_line("INFO x: adjudicated game=3 phase=Fall 1901 movement"),
        None
    );
}

on_both_backends! {multi_thread;
async fn two_shard_processes_on_one_database_post_each_phase_once_when_none_dies() {
    let dir = tempfile::tempdir().unwrap();
    let burst = Burst::prepare(dir.path(), &fresh_url(&dir).await, GAMES).await;
    let outcome = burst
        .run(&[ProcessSpec::shard(0, 2), ProcessSpec::shard(1, 2)], None)
        .await;
    eprintln!("two shard processes: {}", outcome.summary(GAMES));
    assert!(outcome.adjudicated_by(0) > 0 && outcome.adjudicated_by(1) > 0);
    check_all(&burst, &outcome).await;
}
}
