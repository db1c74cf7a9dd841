//! Discord shards end to end, with the real `parley bot` against the fake Discord, which
//! delivers each interaction only on the shard Discord would use: `(server >> 22) % total`,
//! direct messages on shard 0. One process running both shards of two plays a game in a
//! server on each shard, ordered by DM; two processes (shard 0 of 2 and shard 1 of 2) on one
//! SQLite file each serve their own shard, a DM waits while shard 0's process is down and is
//! answered when it is back (real Discord would fail it after 3 s; what matters is that it never
//! goes to another shard), and the orders given through one process are the ones the other
//! finds. A `PARLEY_SHARDS` that makes no sense stops the bot at once, naming the variable.

mod common;
mod fake_discord;

use common::*;

use fake_discord::harness::{reply_to, spawn_bot_with, stop, use_database, LIMIT};
use fake_discord::{guild_on_shard, FakeDiscord, Invoker, Sent, MODERATOR};
use serde_json::json;
use std::collections::HashMap;
use std::path::Path;
use std::sync::{Arc, Mutex};
use tokio::io::{AsyncBufReadExt, BufReader};

const HOST: u64 = 800_000_000_000_000_000;
const T0: i64 = 2_000_000_000;

/// A game's server, channel and seven players.
struct Table {
    guild: u64,
    channel: u64,
    players: Vec<u64>,
}

impl Table {
    /// A table in a server on `shard` of 2; `n` keeps tables' channels and players apart.
    fn on_shard(shard: u32, n: u64) -> Table {
        Table {
            guild: guild_on_shard(shard, 2, n),
            channel: 932_000_000_000_000_000 + n,
            players: (1..=7)
                .map(|p| 830_000_000_000_000_000 + n * 100 + p)
                .collect(),
        }
    }

    fn at(&self, user: u64, permissions: &'static str) -> Invoker {
        Invoker::in_server(self.guild, user, self.channel, permissions)
    }
}

/// Opening moves for a power: England orders all its units (so its orders are complete), the
/// others one each.
fn moves_for(power: &str) -> &'static [&'static str] {
    match power {
        "Austria" => &["A vie - gal"],
        "England" => &["F lon - nth", "F edi - nwg", "A lvp - yor"],
        "France" => &["A par - bur"],
        "Germany" => &["A ber - kie"],
        "Italy" => &["A rom - apu"],
        "Russia" => &["A mos - ukr"],
        "Turkey" => &["A con - bul"],
        other => panic!("not a Standard power: {other}"),
    }
}

fn spawn(dir: &Path, fake: &FakeDiscord, clock: &Path, shards: &str) -> tokio::process::Child {
    spawn_bot_with(
        dir,
        &fake.base(),
        clock,
        &[("PARLEY_TICK_MS", "100"), ("PARLEY_SHARDS", shards)],
        false,
    )
}

/// Starts the bot with its log read, line by line, into the list returned (read all along, so
/// the pipe never fills).
fn spawn_logged(
    dir: &Path,
    fake: &FakeDiscord,
    clock: &Path,
    shards: &str,
) -> (tokio::process::Child, Arc<Mutex<Vec<String>>>) {
    let mut bot = spawn_bot_with(
        dir,
        &fake.base(),
        clock,
        &[("PARLEY_TICK_MS", "100"), ("PARLEY_SHARDS", shards)],
        true,
    );
    let log = Arc::new(Mutex::new(Vec::new()));
    let mut lines = BufReader::new(bot.stdout.take().unwrap()).lines();
    let into = log.clone();
    tokio::spawn(async move {
        while let Ok(Some(line)) = lines.next_line().await {
            into.lock().unwrap().push(line);
        }
    });
    (bot, log)
}

/// Sends a command and waits for its reply; also returns the shard it went on.
async fn ask(
    fake: &FakeDiscord,
    from: &Invoker,
    name: &str,
    sub: &str,
    options: serde_json::Value,
) -> (Sent, u32) {
    let id = fake.command(from, name, sub, options);
    let r = fake
        .wait_for(&format!("the reply to /{name} {sub}"), LIMIT, reply_to(id))
        .await;
    let shard = fake
        .shard_of_interaction(id)
        .expect("an answered interaction was delivered");
    (r, shard)
}

/// Creates, fills and starts a Standard game at `table`, checking every command went on
/// `shard`; returns each player's power.
async fn start_game(fake: &FakeDiscord, table: &Table, shard: u32) -> HashMap<u64, String> {
    let (r, on) = ask(
        fake,
        &table.at(HOST, MODERATOR),
        "game",
        "create",
        json!([{"name": "variant", "type": 3, "value": "standard"}, {"name": "movement", "type": 3, "value": "48h"}]),
    )
    .await;
    assert!(r.content.contains("created here"), "{}", r.content);
    assert_eq!(on, shard, "/game create in server {}", table.guild);
    for p in &table.players {
        let (r, on) = ask(fake, &table.at(*p, "0"), "game", "join", json!([])).await;
        assert!(r.content.contains("joins game"), "{}", r.content);
        assert_eq!(on, shard);
    }
    let (r, on) = ask(
        fake,
        &table.at(table.players[0], "0"),
        "game",
        "start",
        json!([]),
    )
    .await;
    assert!(r.content.contains("has begun"), "{}", r.content);
    assert_eq!(on, shard);
    let powers: HashMap<u64, String> = r
        .content
        .lines()
        .filter_map(|l| {
            let (who, power) = l.strip_prefix("<@")?.split_once(">: ")?;
            Some((who.parse().ok()?, power.trim().to_string()))
        })
        .collect();
    assert_eq!(powers.len(), 7, "{}", r.content);
    powers
}

/// Every player of `table` orders a move by DM, which Discord sends on shard 0.
async fn order_by_dm(fake: &FakeDiscord, table: &Table, powers: &HashMap<u64, String>) {
    for p in &table.players {
        for order in moves_for(&powers[p]) {
            let (r, on) = ask(
                fake,
                &Invoker::dm(*p),
                "orders",
                "submit",
                json!([{"name": "order", "type": 3, "value": order}]),
            )
            .await;
            assert!(
                r.content.contains(&format!("accepted as `{order}`")),
                "{}",
                r.content
            );
            assert_eq!(on, 0, "a DM goes on shard 0");
        }
    }
}

/// Waits for the Spring 1901 results in `table`'s channel and checks every DM order is in
/// them.
async fn results(fake: &FakeDiscord, table: &Table, powers: &HashMap<u64, String>) {
    let to = format!("channel:{}", table.channel);
    let post = fake
        .wait_for(&format!("the results in {to}"), LIMIT, |sent| {
            sent.iter()
                .find(|s| {
                    s.to == to
                        && s.content
                            .contains("**Spring 1901 movement** has been adjudicated")
                })
                .cloned()
        })
        .await;
    let (_, text) = post
        .files
        .iter()
        .find(|(n, _)| n.ends_with(".txt"))
        .expect("the results as text");
    let text = String::from_utf8_lossy(text);
    for p in &table.players {
        for order in moves_for(&powers[p]) {
            assert!(text.contains(order), "{order} missing from:\n{text}");
        }
    }
}

fn clock_at(dir: &Path, at: i64) -> std::path::PathBuf {
    let clock = dir.join("now");
    std::fs::write(&clock, at.to_string()).unwrap();
    clock
}

on_both_backends! {multi_thread;
async fn one_process_runs_both_shards_and_plays_a_game_on_each() {
    let dir = tempfile::tempdir().unwrap();
    use_database(dir.path(), &fresh_url(&dir).await);
    let clock = clock_at(dir.path(), T0);
    let fake = FakeDiscord::start().await;
    let (bot, log) = spawn_logged(dir.path(), &fake, &clock, "0-1/2");
    fake.wait_for_shards(&[0, 1], 2, LIMIT).await;
    assert_eq!(fake.connected_shards(), vec![(0, 2), (1, 2)]);

    let first = Table::on_shard(0, 1);
    let second = Table::on_shard(1, 2);
    let first_powers = start_game(&fake, &first, 0).await;
    let second_powers = start_game(&fake, &second, 1).await;
    order_by_dm(&fake, &first, &first_powers).await;
    order_by_dm(&fake, &second, &second_powers).await;
    // Anyone may read a game in its server: the answer comes on that server's shard.
    let (r, on) = ask(
        &fake,
        &second.at(HOST + 1, "0"),
        "game",
        "status",
        json!([]),
    )
    .await;
    assert!(r.content.contains("Spring 1901 movement"), "{}", r.content);
    assert_eq!(on, 1);

    std::fs::write(&clock, (T0 + 49 * 3600).to_string()).unwrap();
    results(&fake, &first, &first_powers).await;
    results(&fake, &second, &second_powers).await;
    assert!(fake.undelivered().is_empty());
    assert!(fake.unexpected().is_empty(), "{:?}", fake.unexpected());
    stop(bot).await;
    assert_eq!(fake.identified_shards(), vec![(0, 2), (1, 2)]);
    // The host reads in the log which shards the process runs, and sees each connect.
    let log = log.lock().unwrap().join("\n");
    for line in [
        "this process runs shards 0-1 of 2",
        "shard 0 of 2 connected",
        "shard 1 of 2 connected",
    ] {
        assert!(log.contains(line), "{line:?} not in the log:\n{log}");
    }
}
}

on_both_backends! {multi_thread;
async fn two_processes_each_serve_their_shard_of_one_database() {
    let dir = tempfile::tempdir().unwrap();
    use_database(dir.path(), &fresh_url(&dir).await);
    let clock = clock_at(dir.path(), T0);
    let fake = FakeDiscord::start().await;
    // The second process starts once the first's shard is connected, so each shard's
    // connection is seen to come from its own process.
    let zero = spawn(dir.path(), &fake, &clock, "0/2");
    fake.wait_for_shards(&[0], 2, LIMIT).await;
    let one = spawn(dir.path(), &fake, &clock, "1/2");
    fake.wait_for_shards(&[0, 1], 2, LIMIT).await;
    assert_eq!(fake.connected_shards(), vec![(0, 2), (1, 2)]);

    // A game in a server on each shard; every player orders by DM, so the second game is
    // set up by the process of shard 1 and ordered through the process of shard 0.
    let first = Table::on_shard(0, 3);
    let second = Table::on_shard(1, 4);
    let first_powers = start_game(&fake, &first, 0).await;
    let second_powers = start_game(&fake, &second, 1).await;
    order_by_dm(&fake, &first, &first_powers).await;
    order_by_dm(&fake, &second, &second_powers).await;

    // The process of shard 0 stops: a DM now waits for shard 0 and goes nowhere else, while
    // the second game's server is still served by the process of shard 1, which sees the
    // orders given through the other process.
    stop(zero).await;
    fake.wait_for_shard_gone(0, LIMIT).await;
    assert_eq!(fake.connected_shards(), vec![(1, 2)]);
    let england = second_powers
        .iter()
        .find(|(_, p)| *p == "England")
        .map(|(u, _)| *u)
        .unwrap();
    let waiting = fake.command(&Invoker::dm(england), "orders", "show", json!([]));
    let (r, on) = ask(
        &fake,
        &second.at(HOST + 1, "0"),
        "game",
        "status",
        json!([]),
    )
    .await;
    assert_eq!(on, 1);
    assert!(r.content.contains("Spring 1901 movement"), "{}", r.content);
    assert!(
        r.content.contains("Orders complete: England"),
        "England's orders, given through the other process, are complete: {}",
        r.content
    );
    assert_eq!(fake.undelivered(), vec![waiting]);
    assert!(reply_to(waiting)(&fake.sent()).is_none());

    // Shard 0 is back: the waiting DM is delivered there and answered from the database.
    let zero = spawn(dir.path(), &fake, &clock, "0/2");
    let r = fake
        .wait_for("the DM that waited for shard 0", LIMIT, reply_to(waiting))
        .await;
    assert_eq!(fake.shard_of_interaction(waiting), Some(0));
    for order in moves_for("England") {
        assert!(r.content.contains(order), "{}", r.content);
    }

    // Both games reach their deadline with both processes running; which process
    // adjudicates and posts is not this test's concern, only that each game's results hold
    // every order given.
    std::fs::write(&clock, (T0 + 49 * 3600).to_string()).unwrap();
    results(&fake, &first, &first_powers).await;
    results(&fake, &second, &second_powers).await;
    assert!(fake.unexpected().is_empty(), "{:?}", fake.unexpected());
    stop(zero).await;
    stop(one).await;
    assert_eq!(fake.identified_shards(), vec![(0, 2), (1, 2), (0, 2)]);
}
}

#[test]
fn a_bad_shard_range_stops_the_bot_and_names_the_variable() {
    let dir = tempfile::tempdir().unwrap();
    for (value, why) in [
        ("2-1/4", "runs backwards"),
        ("2/2", "there is no shard 2 among 2"),
        ("0/0", "at least 1"),
        ("two/4", "'two' is not a whole number"),
        ("1", "no '/'"),
    ] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_parley"))
            .arg("bot")
            .current_dir(dir.path())
            .env("DISCORD_TOKEN", "fake-token")
            .env("DISCORD_API_BASE", "http://127.0.0.1:9")
            .env(
                "DATABASE_URL",
                format!("sqlite://{}", dir.path().join("bot.db").display()),
            )
            .env("PARLEY_SHARDS", value)
            .output()
            .expect("parley runs");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{value}: {:?}", out.status);
        assert!(
            err.contains(&format!("PARLEY_SHARDS={value} is not a shard range")),
            "{value}: {err}"
        );
        assert!(err.contains(why), "{value}: {err}");
        assert!(err.contains("such as 0-1/4"), "{value}: {err}");
    }
    assert!(
        !dir.path().join("bot.db").exists(),
        "nothing is opened before the settings are read"
    );
}
