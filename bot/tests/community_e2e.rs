//! End to end, the server's community of games (#29) through the real `parley bot` and the
//! fake Discord: a player who misses two movement phases falls into civil disorder, a
//! substitute claims the seat and the game goes on, `/profile` shows both records, a game
//! that requires reliability refuses the player who missed, with the numbers; and games that end
//! in a draw, a solo by centres and a concession are scored and rated as worked out by hand.

mod common;
mod fake_discord;

use common::*;

use fake_discord::harness::{reply_to, spawn_bot, stop, use_database, LIMIT};
use fake_discord::{FakeDiscord, Invoker, Sent, MODERATOR};
use serde_json::{json, Value};

const CHANNEL: u64 = 940_000_000_000_000_001;
const OTHER: u64 = 940_000_000_000_000_002;
const THIRD: u64 = 940_000_000_000_000_003;
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

/// One Elo match, worked out by hand: the new ratings of `a` and `b` after `a` scores `sa`
/// (1 a win, 0.5 a draw, 0 a loss) with factor `k`.
fn elo_by_hand(a: f64, b: f64, sa: f64, k: f64) -> (f64, f64) {
    let ea = 1.0 / (1.0 + 10f64.powf((b - a) / 400.0));
    (a + k * (sa - ea), b + k * ((1.0 - sa) - (1.0 - ea)))
}

/// One game's Elo round worked out by hand from the ratings `before`: `winner` beats each of
/// the others, who draw among themselves; every pair is one match with factor `k`.
fn elo_round_by_hand(players: &[u64], before: &[f64], winner: u64, k: f64) -> Vec<f64> {
    let mut after = before.to_vec();
    for a in 0..players.len() {
        for b in a + 1..players.len() {
            let sa = if players[a] == winner {
                1.0
            } else if players[b] == winner {
                0.0
            } else {
                0.5
            };
            let (na, nb) = elo_by_hand(before[a], before[b], sa, k);
            after[a] += na - before[a];
            after[b] += nb - before[b];
        }
    }
    after
}

/// Creates a Standard game in `channel`, seats `players` on the seven powers, starts it, has
/// everyone hold through Spring 1901 and waits for its results. Returns the clock after.
async fn play_spring(
    fake: &FakeDiscord,
    clock: &std::path::Path,
    now: i64,
    channel: u64,
    players: &[u64],
    game: u64,
) -> i64 {
    std::fs::write(clock, now.to_string()).unwrap();
    let r = run(
        fake,
        &Invoker::in_channel(HOST, channel, MODERATOR),
        "game",
        "create",
        json!([{"name": "variant", "type": 3, "value": "standard"},
               {"name": "movement", "type": 3, "value": "48h"}]),
    )
    .await;
    assert!(r.content.contains(&format!("Game {game} created")), "{r:?}");
    for (p, (power, _)) in players.iter().zip(POWERS) {
        let r = run(
            fake,
            &Invoker::in_channel(*p, channel, "0"),
            "game",
            "join",
            json!([{"name": "power", "type": 3, "value": power}]),
        )
        .await;
        assert!(r.content.contains(&format!("joins game {game}")), "{r:?}");
    }
    let r = run(
        fake,
        &Invoker::in_channel(players[0], channel, "0"),
        "game",
        "start",
        json!([]),
    )
    .await;
    assert!(r.content.contains("has begun"), "{r:?}");
    for (p, (_, order)) in players.iter().zip(POWERS) {
        let r = run(fake, &Invoker::dm(*p), "orders", "submit",
            json!([{"name": "order", "type": 3, "value": order}, {"name": "game", "type": 4, "value": game}])).await;
        assert!(r.content.contains("accepted"), "{}", r.content);
    }
    let after = now + 48 * 3600 + 60;
    std::fs::write(clock, after.to_string()).unwrap();
    fake.wait_for(
        "Spring 1901's results",
        LIMIT,
        channel_post(channel, "**Spring 1901 movement** has been adjudicated"),
    )
    .await;
    after
}

on_both_backends! {multi_thread;
async fn a_draw_and_a_solo_are_scored_and_rated_as_computed_by_hand() {
    let dir = tempfile::tempdir().unwrap();
    use_database(dir.path(), &fresh_url(&dir).await);
    let clock = dir.path().join("now");
    std::fs::write(&clock, T0.to_string()).unwrap();
    let fake = FakeDiscord::start().await;
    let bot = spawn_bot(dir.path(), &fake, &clock);
    fake.wait_ready(LIMIT).await;
    let players: Vec<u64> = (1..=7).map(|i| 842_000_000_000_000_000 + i).collect();
    let (france, russia) = (players[2], players[5]);
    let host = Invoker::in_channel(HOST, CHANNEL, MODERATOR);

    // Game 1, scored by sum-of-squares, ends in a draw of all seven after Spring 1901.
    let r = run(&fake, &host, "mod", "scoring", json!([{"name": "system", "type": 4, "value": 1}])).await;
    assert!(r.content.contains("scored by sum-of-squares"), "{r:?}");
    let now = play_spring(&fake, &clock, T0, CHANNEL, &players, 1).await;
    for p in &players {
        let r = run(&fake, &Invoker::dm(*p), "vote", "draw",
            json!([{"name": "yes", "type": 5, "value": true}, {"name": "game", "type": 4, "value": 1}])).await;
        assert!(!r.content.contains("not"), "{}", r.content);
    }
    let r = run(&fake, &Invoker::in_channel(HOST, CHANNEL, "0"), "game", "status", json!([])).await;
    // Centres after Spring 1901: Russia 4, the others 3 each; the sum of squares is 70.
    // Russia 100 × 16 / 70 = 22.86, each other power 100 × 9 / 70 = 12.86.
    assert!(r.content.contains("Scores (sum-of-squares): Russia 22.86, Austria 12.86, England 12.86"), "{}", r.content);

    // Every pair of the seven is one Elo match with K = 32 / 6: Russia beats each other
    // member; the others draw among themselves.
    let k = 32.0 / 6.0;
    let (mut r_russia, mut r_other) = (1000.0, 1000.0);
    for _ in 0..6 {
        let (a, _) = elo_by_hand(1000.0, 1000.0, 1.0, k);
        r_russia += a - 1000.0;
    }
    r_other += elo_by_hand(1000.0, 1000.0, 0.0, k).0 - 1000.0;
    assert!((r_russia - 1016.0).abs() < 1e-9 && (r_other - 997.3333).abs() < 1e-3);
    let board = run_top(&fake, &Invoker::in_channel(HOST, CHANNEL, "0"), "leaderboard").await;
    assert!(board.content.contains(&format!("1. <@{russia}> {r_russia:.1} (1 game)")), "{}", board.content);
    assert!(board.content.contains(&format!("<@{france}> {r_other:.1} (1 game)")), "{}", board.content);

    // Game 2, scored by draw-size, ends in France's solo by centres. After Spring 1901 a
    // moderator gives France the twelve neutral centres and Italy's three (taking Italy's
    // armies and fleet off the board), so France holds 18 when Fall 1901 is adjudicated at
    // its deadline and the engine's own victory check ends the game.
    let r = run(&fake, &host, "mod", "scoring", json!([{"name": "system", "type": 4, "value": 0}])).await;
    assert!(r.content.contains("scored by draw-size"), "{r:?}");
    let now = play_spring(&fake, &clock, now + 3600, OTHER, &players, 2).await;
    let host2 = Invoker::in_channel(HOST, OTHER, MODERATOR);
    for at in ["rom", "ven", "nap"] {
        let r = run(&fake, &host2, "mod", "remove-unit", json!([{"name": "at", "type": 3, "value": at}])).await;
        assert_eq!(r.content, "Done.", "{at}");
    }
    let centres = ["nor", "swe", "den", "hol", "bel", "spa", "por", "tun", "ser", "rum", "bul", "gre", "rom", "ven", "nap"];
    for centre in centres {
        let r = run(&fake, &host2, "mod", "set-owner",
            json!([{"name": "centre", "type": 3, "value": centre}, {"name": "power", "type": 3, "value": "France"}])).await;
        assert_eq!(r.content, "Done.", "{centre}");
    }
    // Each edit is told in the channel.
    let edits = fake
        .wait_for("the 18 board edits told in game 2's channel", LIMIT, |sent: &[Sent]| {
            let told: Vec<String> = sent
                .iter()
                .filter(|s| s.to == format!("channel:{OTHER}") && s.content.contains("edited the board"))
                .map(|s| s.content.clone())
                .collect();
            (told.len() == 18).then_some(told)
        })
        .await;
    assert_eq!(edits.iter().filter(|e| e.contains(": removed Italy")).count(), 3, "{edits:?}");
    assert_eq!(edits.iter().filter(|e| e.contains("now owned by France")).count(), 15, "{edits:?}");
    // Not yet over: a board edit does not end a game; the adjudication does.
    let r = run(&fake, &Invoker::in_channel(HOST, OTHER, "0"), "game", "status", json!([])).await;
    assert!(!r.content.contains("Scores ("), "{}", r.content);
    std::fs::write(&clock, (now + 48 * 3600 + 60).to_string()).unwrap();
    let fall = fake
        .wait_for("Fall 1901's results in game 2", LIMIT, channel_post(OTHER, "**Fall 1901 movement** has been adjudicated"))
        .await;
    assert!(fall.content.contains("**The game is over: France wins.**"), "{}", fall.content);
    let r = run(&fake, &Invoker::in_channel(HOST, OTHER, "0"), "game", "status", json!([])).await;
    assert!(r.content.contains("Scores (draw-size): France 100.00."), "{}", r.content);

    // From the ratings after game 1: France beats all six; the other six draw among
    // themselves (Russia, rated higher, loses a little to each).
    let before: Vec<f64> = players.iter().map(|p| if *p == russia { r_russia } else { r_other }).collect();
    let after = elo_round_by_hand(&players, &before, france, k);
    let board = run_top(&fake, &Invoker::in_channel(HOST, CHANNEL, "0"), "leaderboard").await;
    let lines: Vec<&str> = board.content.lines().collect();
    assert!(lines[1].starts_with(&format!("1. <@{france}> {:.1} (2 games)", after[2])), "{}", board.content);
    for (p, r) in players.iter().zip(&after) {
        assert!(board.content.contains(&format!("<@{p}> {r:.1} (2 games)")), "{p}: {}", board.content);
    }

    // Game 3, in a third channel, is conceded to France by the six others: a solo too,
    // scored and rated like game 2.
    play_spring(&fake, &clock, now + 49 * 3600, THIRD, &players, 3).await;
    for p in players.iter().filter(|p| **p != france) {
        let r = run(&fake, &Invoker::dm(*p), "vote", "concede",
            json!([{"name": "to", "type": 3, "value": "France"}, {"name": "game", "type": 4, "value": 3}])).await;
        assert!(!r.private || !r.content.contains("cannot"), "{}", r.content);
    }
    let r = run(&fake, &Invoker::in_channel(HOST, THIRD, "0"), "game", "status", json!([])).await;
    assert!(r.content.contains("Scores (draw-size): France 100.00."), "{}", r.content);
    let last = elo_round_by_hand(&players, &after, france, k);
    let board = run_top(&fake, &Invoker::in_channel(HOST, CHANNEL, "0"), "leaderboard").await;
    for (p, r) in players.iter().zip(&last) {
        assert!(board.content.contains(&format!("<@{p}> {r:.1} (3 games)")), "{p}: {}", board.content);
    }

    stop(bot).await;
    assert!(fake.unexpected().is_empty(), "{:?}", fake.unexpected());
}
}

on_both_backends! {multi_thread;
async fn where_moderators_approve_claims_a_claim_waits_until_one_does() {
    let dir = tempfile::tempdir().unwrap();
    use_database(dir.path(), &fresh_url(&dir).await);
    let clock = dir.path().join("now");
    std::fs::write(&clock, T0.to_string()).unwrap();
    let fake = FakeDiscord::start().await;
    let bot = spawn_bot(dir.path(), &fake, &clock);
    fake.wait_ready(LIMIT).await;
    let host = Invoker::in_channel(HOST, CHANNEL, MODERATOR);
    let players: Vec<u64> = (1..=7).map(|i| 843_000_000_000_000_000 + i).collect();
    let italy = players[4];
    let (first, second) = (843_000_000_000_000_100u64, 843_000_000_000_000_101u64);
    let member = |u: u64| json!({"name": "member", "type": 6, "value": u.to_string()});

    // Only a moderator chooses; the choice is the server's.
    let r = run(&fake, &Invoker::in_channel(first, CHANNEL, "0"), "mod", "claims",
        json!([{"name": "approval", "type": 5, "value": true}])).await;
    assert!(r.private && r.content.contains("only moderators"), "{r:?}");
    let r = run(&fake, &host, "mod", "claims", json!([{"name": "approval", "type": 5, "value": true}])).await;
    assert!(r.content.contains("waits for a moderator"), "{r:?}");

    let r = run(&fake, &host, "game", "create", json!([{"name": "variant", "type": 3, "value": "standard"}])).await;
    assert!(r.content.contains("Game 1 created"), "{r:?}");
    for (p, (power, _)) in players.iter().zip(POWERS) {
        let r = run(&fake, &Invoker::in_channel(*p, CHANNEL, "0"), "game", "join",
            json!([{"name": "power", "type": 3, "value": power}])).await;
        assert!(r.content.contains("joins game 1"), "{r:?}");
    }
    let r = run(&fake, &Invoker::in_channel(players[0], CHANNEL, "0"), "game", "start", json!([])).await;
    assert!(r.content.contains("has begun"), "{r:?}");
    let r = run(&fake, &Invoker::in_channel(italy, CHANNEL, "0"), "game", "leave", json!([])).await;
    assert!(r.content.contains("gives up **Italy**"), "{r:?}");
    let r = run(&fake, &host, "mod", "approve", json!([])).await;
    assert!(r.private && r.content.contains("game 1 has no pending claim"), "{r:?}");

    // Two members claim Italy: both wait, the seat stays open and neither may order.
    let r = run(&fake, &Invoker::in_channel(first, CHANNEL, "0"), "game", "claim",
        json!([{"name": "power", "type": 3, "value": "Italy"}])).await;
    assert!(r.content.contains(&format!("<@{first}> claims **Italy** in game 1; the seat is theirs once a moderator approves")), "{r:?}");
    let r = run(&fake, &Invoker::in_channel(second, CHANNEL, "0"), "game", "claim",
        json!([{"name": "power", "type": 3, "value": "italy"}])).await;
    assert!(r.content.contains(&format!("<@{second}> claims **Italy**")), "{r:?}");
    let r = run(&fake, &Invoker::in_channel(HOST, CHANNEL, "0"), "game", "seats", json!([])).await;
    assert!(
        r.content.contains("Open seats in game 1: Italy")
            && r.content.contains(&format!("Claims waiting for a moderator: <@{first}> for Italy, <@{second}> for Italy.")),
        "{}",
        r.content
    );
    let r = run(&fake, &Invoker::dm(first), "orders", "submit", json!([{"name": "order", "type": 3, "value": "A rom H"}])).await;
    assert!(r.private && !r.content.contains("accepted"), "{r:?}");

    // Naming the power is not enough when two claim it; a refused claim is gone.
    let r = run(&fake, &host, "mod", "approve", json!([{"name": "power", "type": 3, "value": "Italy"}])).await;
    assert!(r.private && r.content.contains("2 claims are pending") && r.content.contains("name the member"), "{r:?}");
    let r = run(&fake, &host, "mod", "refuse", json!([member(second)])).await;
    assert_eq!(r.content, "Done.");
    fake.wait_for("the refusal told", LIMIT, channel_post(CHANNEL, "'s claim of **Italy** in game 1; the seat stays open")).await;
    let r = run(&fake, &host, "mod", "approve", json!([member(second)])).await;
    assert!(r.private && r.content.contains(&format!("<@{second}> has no pending claim in game 1")), "{r:?}");

    // The second asks again; the moderator approves the first, and the second's claim is stale.
    let r = run(&fake, &Invoker::in_channel(second, CHANNEL, "0"), "game", "claim",
        json!([{"name": "power", "type": 3, "value": "Italy"}])).await;
    assert!(r.content.contains("claims **Italy**"), "{r:?}");
    let r = run(&fake, &host, "mod", "approve", json!([member(first)])).await;
    assert_eq!(r.content, "Done.");
    let told = fake.wait_for("the approval told", LIMIT, channel_post(CHANNEL, "approves the claim")).await;
    assert!(told.content.contains(&format!("<@{first}> takes over **Italy** in game 1.")), "{}", told.content);
    // A DM channel is the member's id with a 7 in front.
    fake.wait_for("the new player's message", LIMIT, |sent: &[Sent]| {
        sent.iter().find(|s| s.to == format!("channel:7{first}") && s.content.contains("You now play **Italy**")).cloned()
    }).await;
    let r = run(&fake, &host, "mod", "approve", json!([member(second)])).await;
    assert!(
        r.private && r.content.contains(&format!("Italy has been taken meanwhile by <@{first}>; refuse <@{second}>'s claim with /mod refuse")),
        "{r:?}"
    );
    let r = run(&fake, &Invoker::dm(first), "orders", "submit", json!([{"name": "order", "type": 3, "value": "A rom H"}])).await;
    assert!(r.content.contains("accepted"), "{r:?}");
    let r = run(&fake, &Invoker::in_channel(HOST, CHANNEL, "0"), "game", "seats", json!([])).await;
    assert!(r.content.contains("Game 1 has no open seat"), "{}", r.content);

    // Turned off again, a claim takes the seat at once.
    let r = run(&fake, &host, "mod", "claims", json!([{"name": "approval", "type": 5, "value": false}])).await;
    assert!(r.content.contains("takes it at once"), "{r:?}");
    let r = run(&fake, &Invoker::in_channel(first, CHANNEL, "0"), "game", "leave", json!([])).await;
    assert!(r.content.contains("gives up **Italy**"), "{r:?}");
    let r = run(&fake, &Invoker::in_channel(italy, CHANNEL, "0"), "game", "claim",
        json!([{"name": "power", "type": 3, "value": "Italy"}])).await;
    assert!(r.content.contains(&format!("<@{italy}> takes over **Italy**")), "{r:?}");

    stop(bot).await;
    assert!(fake.unexpected().is_empty(), "{:?}", fake.unexpected());
}
}
