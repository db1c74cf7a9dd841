//! End to end, the server's community of games (#29) through the real `parley bot` and the
//! fake Discord: a player who misses two movement phases falls into civil disorder, a
//! substitute claims the seat and the game goes on, `/profile` shows both records, and a game
//! that requires reliability refuses the player who missed, with the numbers.

mod common;
mod fake_discord;

use common::*;

use fake_discord::harness::{reply_to, spawn_bot, stop, use_database, LIMIT};
use fake_discord::{FakeDiscord, Invoker, Sent, MODERATOR};
use serde_json::{json, Value};

const CHANNEL: u64 = 940_000_000_000_000_001;
const OTHER: u64 = 940_000_000_000_000_002;
const T0: i64 = 2_000_000_000;
const HOST: u64 = 840_000_000_000_000_000;

/// The standard powers, and a unit each holds at the start (ordered to hold).
const POWERS: [(&str, &str); 7] = [
    ("Austria", "A vie H"),
    ("England", "F lon H"),
    ("France", "A par H"),
    ("Germany", "A ber H"),
    ("Italy", "A rom H"),
    ("Russia", "A mos H"),
    ("Turkey", "A con H"),
];

fn channel_post(channel: u64, what: &'static str) -> impl Fn(&[Sent]) -> Option<Sent> {
    move |sent| {
        sent.iter()
            .find(|s| s.to == format!("channel:{channel}") && s.content.contains(what))
            .cloned()
    }
}

async fn run(fake: &FakeDiscord, from: &Invoker, name: &str, sub: &str, options: Value) -> Sent {
    let id = fake.command(from, name, sub, options);
    fake.wait_for(&format!("/{name} {sub}"), LIMIT, reply_to(id))
        .await
}

/// A top-level command without subcommands (`/profile`, `/leaderboard`).
async fn run_top(fake: &FakeDiscord, from: &Invoker, name: &str) -> Sent {
    let id = fake.command_top(from, name, json!([]));
    fake.wait_for(&format!("/{name}"), LIMIT, reply_to(id))
        .await
}

on_both_backends! {multi_thread;
async fn a_player_who_misses_two_moves_falls_into_civil_disorder_and_a_substitute_takes_over() {
    let dir = tempfile::tempdir().unwrap();
    use_database(dir.path(), &fresh_url(&dir).await);
    let clock = dir.path().join("now");
    std::fs::write(&clock, T0.to_string()).unwrap();
    let fake = FakeDiscord::start().await;
    let bot = spawn_bot(dir.path(), &fake, &clock);
    fake.wait_ready(LIMIT).await;

    let r = run(
        &fake,
        &Invoker::in_channel(HOST, CHANNEL, MODERATOR),
        "game",
        "create",
        json!([
            {"name": "variant", "type": 3, "value": "standard"},
            {"name": "movement", "type": 3, "value": "48h"},
            {"name": "civil_disorder", "type": 4, "value": 2},
        ]),
    )
    .await;
    assert!(r.content.contains("Game 1 created"), "{r:?}");
    assert!(
        r.content.contains("civil disorder after 2 missed movement phases"),
        "{}",
        r.content
    );
    let players: Vec<u64> = (1..=7).map(|i| 841_000_000_000_000_000 + i).collect();
    for (p, (power, _)) in players.iter().zip(POWERS) {
        let r = run(
            &fake,
            &Invoker::in_channel(*p, CHANNEL, "0"),
            "game",
            "join",
            json!([{"name": "power", "type": 3, "value": power}]),
        )
        .await;
        assert!(r.content.contains("joins game 1"), "{r:?}");
    }
    let r = run(&fake, &Invoker::in_channel(players[0], CHANNEL, "0"), "game", "start", json!([])).await;
    assert!(r.content.contains("has begun"), "{r:?}");
    let italy = players[4];
    assert!(r.content.contains(&format!("<@{italy}>: Italy")), "{}", r.content);

    // Spring and Fall 1901: everyone but Italy orders one unit to hold.
    let order_all_but_italy = || async {
        for (p, (power, order)) in players.iter().zip(POWERS) {
            if power == "Italy" {
                continue;
            }
            let r = run(
                &fake,
                &Invoker::dm(*p),
                "orders",
                "submit",
                json!([{"name": "order", "type": 3, "value": order}]),
            )
            .await;
            assert!(r.content.contains("accepted"), "{power}: {}", r.content);
        }
    };
    order_all_but_italy().await;
    let spring_due = T0 + 48 * 3600;
    std::fs::write(&clock, (spring_due + 60).to_string()).unwrap();
    let spring = fake
        .wait_for("Spring 1901's results", LIMIT, channel_post(CHANNEL, "**Spring 1901 movement** has been adjudicated"))
        .await;
    assert!(!spring.content.contains("civil disorder"), "{}", spring.content);
    order_all_but_italy().await;
    std::fs::write(&clock, (spring_due + 60 + 49 * 3600).to_string()).unwrap();
    let fall = fake
        .wait_for("Fall 1901's results", LIMIT, channel_post(CHANNEL, "**Fall 1901 movement** has been adjudicated"))
        .await;
    assert!(
        fall.content.contains("**Italy falls into civil disorder**")
            && fall.content.contains(&format!("<@{italy}> missed 2 movement phases in a row")),
        "{}",
        fall.content
    );
    assert!(fall.content.contains("Spring 1902 movement"), "{}", fall.content);

    // The seat is open; the player who missed is no longer in the game.
    let r = run(&fake, &Invoker::in_channel(HOST, CHANNEL, "0"), "game", "seats", json!([])).await;
    assert!(r.content.contains("Open seats in game 1: Italy"), "{}", r.content);
    let r = run(&fake, &Invoker::dm(italy), "orders", "show", json!([])).await;
    assert!(r.private, "{r:?}");

    // A game elsewhere that asks for reliability refuses Italy's player, saying by how much.
    let r = run(
        &fake,
        &Invoker::in_channel(HOST, OTHER, MODERATOR),
        "game",
        "create",
        json!([
            {"name": "variant", "type": 3, "value": "standard"},
            {"name": "min_reliability", "type": 4, "value": 80},
            {"name": "min_finished", "type": 4, "value": 1},
        ]),
    )
    .await;
    assert!(r.content.contains("Game 2 created"), "{r:?}");
    let r = run(&fake, &Invoker::in_channel(italy, OTHER, "0"), "game", "join", json!([])).await;
    assert!(r.private, "{r:?}");
    assert!(
        r.content.contains("a reliability of at least 80% (yours is 0%: 0 of 2 movement phases ordered, 80 points short)"),
        "{}",
        r.content
    );
    assert!(
        r.content.contains("at least 1 finished games (you have 0, 1 short)"),
        "{}",
        r.content
    );
    // France's player ordered both phases: reliable enough, but has finished no game.
    let r = run(&fake, &Invoker::in_channel(players[2], OTHER, "0"), "game", "join", json!([])).await;
    assert!(r.content.contains("1 short") && !r.content.contains("reliability of"), "{}", r.content);

    // A substitute claims Italy and orders; the game goes on.
    let sub = 841_000_000_000_000_100u64;
    let r = run(
        &fake,
        &Invoker::in_channel(sub, CHANNEL, "0"),
        "game",
        "claim",
        json!([{"name": "power", "type": 3, "value": "Italy"}]),
    )
    .await;
    assert!(r.content.contains(&format!("<@{sub}> takes over **Italy**")), "{r:?}");
    let r = run(&fake, &Invoker::in_channel(players[0], CHANNEL, "0"), "game", "claim",
        json!([{"name": "power", "type": 3, "value": "Italy"}])).await;
    assert!(r.private && r.content.contains("already play"), "{r:?}");
    for (p, (_, order)) in players.iter().zip(POWERS) {
        let who = if *p == italy { sub } else { *p };
        let r = run(&fake, &Invoker::dm(who), "orders", "submit",
            json!([{"name": "order", "type": 3, "value": order}])).await;
        assert!(r.content.contains("accepted"), "{}", r.content);
    }
    std::fs::write(&clock, (spring_due + 60 + 49 * 3600 * 2).to_string()).unwrap();
    let next = fake
        .wait_for("Spring 1902's results", LIMIT, channel_post(CHANNEL, "**Spring 1902 movement** has been adjudicated"))
        .await;
    assert!(!next.content.contains("civil disorder"), "{}", next.content);

    // Both records: the missed phases stay with the player who missed them.
    let r = run_top(&fake, &Invoker::in_channel(italy, CHANNEL, "0"), "profile").await;
    assert!(
        r.content.contains("1 games (0 finished, 1 abandoned); 0 of 2 movement phases ordered (0% reliability)"),
        "{}",
        r.content
    );
    let r = run_top(&fake, &Invoker::in_channel(sub, CHANNEL, "0"), "profile").await;
    assert!(
        r.content.contains("1 games (0 finished, 0 abandoned); 1 of 1 movement phases ordered (100% reliability)"),
        "{}",
        r.content
    );
    let r = run_top(&fake, &Invoker::in_channel(players[2], CHANNEL, "0"), "profile").await;
    assert!(r.content.contains("3 of 3 movement phases ordered"), "{}", r.content);

    stop(bot).await;
    assert!(fake.unexpected().is_empty(), "{:?}", fake.unexpected());
}
}
