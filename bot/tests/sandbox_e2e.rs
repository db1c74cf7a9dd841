//! End to end, the sandbox (#29) through the real `parley bot` and the fake Discord: a member
//! starts one in a DM, orders several powers, adjudicates two phases and sees the results and
//! map each time, steps back twice; all of it private, none of it touching their real game,
//! their record or the leaderboard; and a sandbox left a week unused is removed.

mod common;
mod fake_discord;

use common::*;

use fake_discord::harness::{reply_to, spawn_bot, stop, use_database, LIMIT};
use fake_discord::{FakeDiscord, Invoker, Sent, MODERATOR};
use serde_json::{json, Value};

const CHANNEL: u64 = 950_000_000_000_000_001;
const T0: i64 = 2_000_000_000;
const HOST: u64 = 850_000_000_000_000_000;
const POWERS: [&str; 7] = [
    "Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey",
];

async fn run(fake: &FakeDiscord, from: &Invoker, name: &str, sub: &str, options: Value) -> Sent {
    let id = fake.command(from, name, sub, options);
    fake.wait_for(&format!("/{name} {sub}"), LIMIT, reply_to(id))
        .await
}

async fn top(fake: &FakeDiscord, from: &Invoker, name: &str) -> Sent {
    let id = fake.command_top(from, name, json!([]));
    fake.wait_for(&format!("/{name}"), LIMIT, reply_to(id))
        .await
}

async fn order(fake: &FakeDiscord, from: &Invoker, power: &str, orders: &str) -> Sent {
    run(
        fake,
        from,
        "sandbox",
        "order",
        json!([
            {"name": "power", "type": 3, "value": power},
            {"name": "orders", "type": 3, "value": orders},
        ]),
    )
    .await
}

/// The reply carries a map: a PNG among its files.
fn is_png(s: &Sent) -> bool {
    s.files
        .iter()
        .any(|(name, bytes)| name.ends_with(".png") && bytes.starts_with(b"\x89PNG"))
}

on_both_backends! {multi_thread;
async fn a_sandbox_is_private_practice_that_never_touches_a_real_game_and_expires() {
    let dir = tempfile::tempdir().unwrap();
    use_database(dir.path(), &fresh_url(&dir).await);
    let clock = dir.path().join("now");
    std::fs::write(&clock, T0.to_string()).unwrap();
    let fake = FakeDiscord::start().await;
    let bot = spawn_bot(dir.path(), &fake, &clock);
    fake.wait_ready(LIMIT).await;

    // A real game the sandbox's owner plays in.
    let r = run(&fake, &Invoker::in_channel(HOST, CHANNEL, MODERATOR), "game", "create",
        json!([{"name": "variant", "type": 3, "value": "standard"}])).await;
    assert!(r.content.contains("Game 1 created"), "{r:?}");
    let players: Vec<u64> = (1..=7).map(|i| 851_000_000_000_000_000 + i).collect();
    for (p, power) in players.iter().zip(POWERS) {
        let r = run(&fake, &Invoker::in_channel(*p, CHANNEL, "0"), "game", "join",
            json!([{"name": "power", "type": 3, "value": power}])).await;
        assert!(r.content.contains("joins game 1"), "{r:?}");
    }
    let r = run(&fake, &Invoker::in_channel(players[0], CHANNEL, "0"), "game", "start", json!([])).await;
    assert!(r.content.contains("has begun"), "{r:?}");
    let me = Invoker::dm(players[2]);
    let r = run(&fake, &me, "orders", "submit", json!([{"name": "order", "type": 3, "value": "A par - bur"}])).await;
    assert!(r.content.contains("accepted"), "{}", r.content);
    let status = |fake: &FakeDiscord| {
        let fake = fake.clone();
        async move {
            run(&fake, &Invoker::in_channel(HOST, CHANNEL, "0"), "game", "status", json!([])).await.content
        }
    };
    let real_before = status(&fake).await;
    let real_orders_before = run(&fake, &me, "orders", "show", json!([])).await.content;

    // Nothing to do before a sandbox exists, and a wrong variant is named with the choices.
    let r = run(&fake, &me, "sandbox", "adjudicate", json!([])).await;
    assert!(r.private && r.content.contains("you have no sandbox"), "{r:?}");
    let r = run(&fake, &me, "sandbox", "start", json!([{"name": "variant", "type": 3, "value": "narnia"}])).await;
    assert!(r.private && r.content.contains("narnia") && r.content.contains("standard"), "{r:?}");

    // Start: private, at the first phase, with the map.
    let r = run(&fake, &me, "sandbox", "start", json!([{"name": "variant", "type": 3, "value": "standard"}])).await;
    assert!(r.private && r.content.contains("**Spring 1901 movement**"), "{r:?}");
    assert!(is_png(&r), "the start shows the map: {:?}", r.files.len());
    let r = run(&fake, &me, "sandbox", "start", json!([{"name": "variant", "type": 3, "value": "standard"}])).await;
    assert!(r.private && r.content.contains("you already have a sandbox"), "{r:?}");

    // The owner orders any power; a power the variant lacks is named with the real ones.
    let r = order(&fake, &me, "France", "A par - bur; F bre - mao; A mar - spa").await;
    assert!(r.private && r.content.contains("**France**") && r.content.matches("accepted").count() == 3, "{}", r.content);
    let r = order(&fake, &me, "germany", "A mun - bur").await;
    assert!(r.content.contains("**Germany**") && r.content.contains("accepted"), "{}", r.content);
    let r = order(&fake, &me, "Narnia", "A par H").await;
    assert!(r.private && r.content.contains("Narnia") && r.content.contains("Austria"), "{r:?}");
    let r = order(&fake, &me, "Italy", "A par - bur").await;
    assert!(r.content.contains("refused: the army in Paris belongs to France, not Italy"), "{}", r.content);

    // Adjudicate at once: Paris and Munich bounce in Burgundy, the rest moves.
    let r = run(&fake, &me, "sandbox", "adjudicate", json!([])).await;
    assert!(r.private && r.content.contains("**Spring 1901 movement** has been adjudicated"), "{}", r.content);
    assert!(r.content.contains("Fall 1901 movement"), "{}", r.content);
    assert!(is_png(&r), "the results carry the map: {:?}", r.files.iter().map(|f| &f.0).collect::<Vec<_>>());
    let r = order(&fake, &me, "France", "F mao - por").await;
    assert!(r.content.contains("accepted"), "{}", r.content);
    let r = run(&fake, &me, "sandbox", "adjudicate", json!([])).await;
    assert!(r.content.contains("**Fall 1901 movement** has been adjudicated"), "{}", r.content);
    assert!(r.content.contains("Winter 1901"), "France builds for Spain and Portugal: {}", r.content);
    assert!(is_png(&r));

    // Step back twice, to the start; a third step has nowhere to go.
    let r = run(&fake, &me, "sandbox", "back", json!([])).await;
    assert!(r.private && r.content.contains("back at **Fall 1901 movement**"), "{}", r.content);
    assert!(is_png(&r));
    let r = run(&fake, &me, "sandbox", "back", json!([])).await;
    assert!(r.content.contains("back at **Spring 1901 movement**"), "{}", r.content);
    let r = run(&fake, &me, "sandbox", "back", json!([])).await;
    assert!(r.private && r.content.contains("nothing to step back from"), "{r:?}");
    let r = run(&fake, &me, "sandbox", "show", json!([])).await;
    assert!(r.content.contains("**Spring 1901 movement**"), "{}", r.content);

    // Another member sees none of it.
    let r = run(&fake, &Invoker::dm(players[3]), "sandbox", "show", json!([])).await;
    assert!(r.content.contains("you have no sandbox"), "{r:?}");

    // The real game, the owner's orders in it, their record and the leaderboard are untouched,
    // and the channel never heard of the sandbox.
    assert_eq!(status(&fake).await, real_before);
    assert_eq!(run(&fake, &me, "orders", "show", json!([])).await.content, real_orders_before);
    let profile = top(&fake, &Invoker::in_channel(players[2], CHANNEL, "0"), "profile").await;
    assert!(profile.content.contains("1 games (0 finished, 0 abandoned); 0 of 0 movement phases"), "{}", profile.content);
    let board = top(&fake, &Invoker::in_channel(HOST, CHANNEL, "0"), "leaderboard").await;
    assert!(board.content.contains("no leaderboard"), "{}", board.content);
    let r = run(&fake, &Invoker::in_channel(HOST, CHANNEL, "0"), "game", "list", json!([])).await;
    assert!(!r.content.contains("Game 2"), "{}", r.content);
    assert!(
        fake.sent().iter().all(|s| !(s.to.starts_with("channel:") && s.content.contains("Sandbox"))),
        "nothing of the sandbox in a channel"
    );

    // Used a day later it stays; unused for a week after that it is removed, and its owner told.
    std::fs::write(&clock, (T0 + 24 * 3600).to_string()).unwrap();
    let r = run(&fake, &me, "sandbox", "show", json!([])).await;
    assert!(r.content.contains("Spring 1901"), "{}", r.content);
    let r = order(&fake, &me, "England", "F lon - nth").await;
    assert!(r.content.contains("accepted"), "{}", r.content);
    std::fs::write(&clock, (T0 + 24 * 3600 + 6 * 24 * 3600).to_string()).unwrap();
    let r = run(&fake, &me, "sandbox", "show", json!([])).await;
    assert!(r.content.contains("Spring 1901"), "six days unused is not a week: {}", r.content);
    std::fs::write(&clock, (T0 + 24 * 3600 + 7 * 24 * 3600 + 60).to_string()).unwrap();
    fake.wait_for("the removal note", LIMIT, |sent: &[Sent]| {
        sent.iter().find(|s| s.content.contains("Your sandbox was removed after a week unused")).cloned()
    })
    .await;
    let r = run(&fake, &me, "sandbox", "show", json!([])).await;
    assert!(r.content.contains("you have no sandbox"), "{r:?}");
    let r = run(&fake, &me, "sandbox", "start", json!([{"name": "variant", "type": 3, "value": "standard"}])).await;
    assert!(r.content.contains("**Spring 1901 movement**"), "a new one may be started: {r:?}");

    // From a game the member plays in: its current phase (a week on, the game has moved to
    // Fall), copied; nothing done in the sandbox reaches the game.
    let r = run(&fake, &me, "sandbox", "end", json!([])).await;
    assert!(r.private, "{r:?}");
    let real_now = status(&fake).await;
    let real_orders_now = run(&fake, &me, "orders", "show", json!([])).await.content;
    assert!(real_now.contains("Fall 1901 movement"), "{real_now}");
    let r = run(&fake, &me, "sandbox", "start", json!([])).await;
    assert!(r.private && r.content.contains("either `variant`") && r.content.contains("`game`"), "{r:?}");
    let r = run(&fake, &Invoker::dm(HOST), "sandbox", "start", json!([{"name": "game", "type": 4, "value": 1}])).await;
    assert!(r.private && r.content.contains("you hold no power in game 1"), "{r:?}");
    let r = run(&fake, &me, "sandbox", "start", json!([{"name": "game", "type": 4, "value": 1}])).await;
    assert!(r.private && r.content.contains("**Fall 1901 movement**, copied from game 1"), "{r:?}");
    assert!(is_png(&r));
    let r = order(&fake, &me, "France", "F bre - mao").await;
    assert!(r.content.contains("accepted"), "{}", r.content);
    let r = run(&fake, &me, "sandbox", "adjudicate", json!([])).await;
    assert!(r.content.contains("**Fall 1901 movement** has been adjudicated"), "{}", r.content);
    assert_eq!(status(&fake).await, real_now);
    assert_eq!(run(&fake, &me, "orders", "show", json!([])).await.content, real_orders_now);

    stop(bot).await;
    assert!(fake.unexpected().is_empty(), "{:?}", fake.unexpected());
}
}
