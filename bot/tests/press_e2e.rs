//! Press through the real `parley bot` and the fake Discord, on both backends: a full-press
//! game's private threads (a refused permission named, opened, reused, a seat replaced, locked
//! and kept at the end with every player in), rulebook press locked across a retreat and
//! reopened, a gunboat game with no conversations, an anonymous game whose posts and DMs never
//! name a player before the reveal, and a bot SIGKILLed while Discord made a thread.

mod common;
mod fake_discord;

use common::*;

use fake_discord::harness::{reply_to, signal, spawn_bot, stop, use_database, LIMIT};
use fake_discord::{FakeDiscord, Invoker, Sent, MODERATOR};
use serde_json::{json, Value};
use std::path::Path;

const CHANNEL: u64 = 931_000_000_000_000_001;
const T0: i64 = 2_000_000_000;
const HOST: u64 = 800_000_000_000_000_000;
const POWERS: [&str; 7] = [
    "Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey",
];

fn player(i: usize) -> u64 {
    811_000_000_000_000_000 + i as u64
}

fn of(power: &str) -> u64 {
    player(POWERS.iter().position(|p| *p == power).unwrap())
}

fn channel(user: u64) -> Invoker {
    Invoker::in_channel(user, CHANNEL, "0")
}

async fn ask(fake: &FakeDiscord, from: &Invoker, name: &str, sub: &str, options: Value) -> Sent {
    let id = fake.command(from, name, sub, options);
    fake.wait_for(&format!("/{name} {sub}'s reply"), LIMIT, reply_to(id))
        .await
}

/// Creates a Standard game with `options` (the press choice, anonymity), seats the seven
/// players, each on the power of its index, and starts it.
async fn started(fake: &FakeDiscord, options: Value) -> Sent {
    let mut opts = vec![json!({"name": "variant", "type": 3, "value": "standard"})];
    opts.extend(options.as_array().unwrap().iter().cloned());
    let created = ask(
        fake,
        &Invoker::in_channel(HOST, CHANNEL, MODERATOR),
        "game",
        "create",
        Value::Array(opts),
    )
    .await;
    assert!(created.content.contains("created"), "{created:?}");
    for (i, p) in POWERS.iter().enumerate() {
        let r = ask(
            fake,
            &channel(player(i)),
            "game",
            "join",
            json!([{"name": "power", "type": 3, "value": p}]),
        )
        .await;
        assert!(r.content.contains("join"), "{r:?}");
    }
    let started = ask(fake, &channel(player(0)), "game", "start", json!([])).await;
    assert!(started.content.contains("has begun"), "{started:?}");
    started
}

fn press(index: u64) -> Value {
    json!({"name": "press", "type": 4, "value": index})
}

async fn bot_for(dir: &Path, fake: &FakeDiscord) -> tokio::process::Child {
    let clock = dir.join("now");
    if !clock.exists() {
        std::fs::write(&clock, T0.to_string()).unwrap();
    }
    let bot = spawn_bot(dir, fake, &clock);
    fake.wait_ready(LIMIT).await;
    bot
}

/// Every player votes for a draw, by DM: the game ends.
async fn draw(fake: &FakeDiscord, players: &[u64]) {
    for p in players {
        let r = ask(
            fake,
            &Invoker::dm(*p),
            "vote",
            "draw",
            json!([{"name": "yes", "type": 5, "value": true}]),
        )
        .await;
        assert!(r.content.contains("recorded"), "{r:?}");
    }
}

on_both_backends! {multi_thread;
async fn full_press_threads_are_opened_reused_moved_with_a_seat_and_locked_at_the_end() {
    let dir = tempfile::tempdir().unwrap();
    use_database(dir.path(), &fresh_url(&dir).await);
    let fake = FakeDiscord::start().await;
    let bot = bot_for(dir.path(), &fake).await;
    let started = started(&fake, json!([press(0)])).await;
    assert!(started.content.contains(&format!("<@{}>", of("France"))), "{}", started.content);

    // The server has not granted Create Private Threads: the answer names it, and nothing
    // is left half-made.
    fake.deny_threads(true);
    let r = ask(&fake, &channel(of("France")), "press", "open", json!([{"name": "with", "type": 3, "value": "Italy"}])).await;
    assert!(r.private && r.content.contains("Create Private Threads"), "{r:?}");
    assert!(fake.threads().is_empty());
    fake.deny_threads(false);

    // France opens a conversation with Italy and England: one private thread, named by the
    // powers, with exactly their players; Italy asking for the same set gets the same one.
    let r = ask(&fake, &channel(of("France")), "press", "open", json!([{"name": "with", "type": 3, "value": "italy, England"}])).await;
    assert!(r.private && r.content.contains("Opened <#"), "{r:?}");
    let threads = fake.threads();
    assert_eq!(threads.len(), 1, "{threads:?}");
    let t = &threads[0];
    assert_eq!((t.name.as_str(), t.kind, t.invitable, t.parent), ("England - France - Italy", 12, false, CHANNEL));
    let mut members = t.members.clone();
    members.sort();
    assert_eq!(members, [of("England"), of("France"), of("Italy")]);
    let r = ask(&fake, &channel(of("Italy")), "press", "open", json!([{"name": "with", "type": 3, "value": "France England"}])).await;
    assert!(r.content.contains("already have a conversation") && r.content.contains(&t.id.to_string()), "{r:?}");
    assert_eq!(fake.threads().len(), 1);
    // The thread's first message says who talks there.
    assert!(fake.sent().iter().any(|s| s.to == format!("channel:{}", t.id) && s.content.contains("England, France, Italy")));
    // A power that is not in the game is refused by name; autocomplete offers the powers.
    let r = ask(&fake, &channel(of("France")), "press", "open", json!([{"name": "with", "type": 3, "value": "Narnia"}])).await;
    assert!(r.private && r.content.contains("Narnia") && r.content.contains("Austria"), "{r:?}");
    let id = fake.autocomplete(&channel(of("France")), "press", "open", "with", "Italy Ru");
    assert_eq!(fake.choices(id, LIMIT).await, ["Italy Russia"]);

    // /press list shows the caller's conversations.
    let r = ask(&fake, &Invoker::dm(of("England")), "press", "list", json!([])).await;
    assert!(r.content.contains(&format!("<#{}>", t.id)) && r.content.contains("open"), "{r:?}");
    let r = ask(&fake, &Invoker::dm(of("Russia")), "press", "list", json!([])).await;
    assert!(r.content.contains("no conversation"), "{r:?}");

    // England's own orders, drawn on the board, for England alone.
    let r = ask(&fake, &Invoker::dm(of("England")), "orders", "submit", json!([
        {"name": "order", "type": 3, "value": "F lon - nth"}, {"name": "picture", "type": 5, "value": true}])).await;
    assert!(r.files.iter().any(|(n, b)| n.ends_with(".png") && b.starts_with(b"\x89PNG")), "{r:?}");
    let r = ask(&fake, &Invoker::dm(of("England")), "orders", "show", json!([{"name": "picture", "type": 5, "value": true}])).await;
    let png = r.files.iter().find(|(n, _)| n.ends_with(".png")).expect("a picture");
    assert!(png.1.starts_with(b"\x89PNG") && r.content.contains("F lon - nth"), "{}", r.content);

    // France's seat changes hands: the old player leaves the thread, the new one joins.
    let newcomer = 812_000_000_000_000_009u64;
    let r = ask(&fake, &Invoker::in_channel(HOST, CHANNEL, MODERATOR), "mod", "replace", json!([
        {"name": "power", "type": 3, "value": "France"},
        {"name": "player", "type": 6, "value": newcomer.to_string()},
    ])).await;
    assert!(r.content.contains("Done"), "{r:?}");
    fake.wait_for_threads("France's new player in the thread", LIMIT, |ts| {
        (ts[0].members.contains(&newcomer) && !ts[0].members.contains(&of("France"))).then_some(())
    }).await;

    // The game ends in a draw: the thread is locked and archived, every player in it.
    let mut players: Vec<u64> = (0..7).map(player).filter(|p| *p != of("France")).collect();
    players.push(newcomer);
    draw(&fake, &players).await;
    let last = fake.wait_for_threads("the thread locked at the end", LIMIT, |ts| {
        (ts[0].locked && ts[0].archived).then(|| ts[0].clone())
    }).await;
    let mut everyone = players.clone();
    everyone.sort();
    let mut members = last.members.clone();
    members.sort();
    assert_eq!(members, everyone);
    assert_eq!(fake.threads().len(), 1);
    // Finished: nothing new opens.
    let r = ask(&fake, &channel(of("Italy")), "press", "open", json!([{"name": "with", "type": 3, "value": "Austria"}])).await;
    assert!(r.private && r.content.contains("no game"), "{r:?}");

    stop(bot).await;
    assert!(fake.unexpected().is_empty(), "{:?}", fake.unexpected());
}
}

on_both_backends! {multi_thread;
async fn rulebook_press_closes_threads_in_a_retreat_and_reopens_them_for_the_next_move() {
    let dir = tempfile::tempdir().unwrap();
    use_database(dir.path(), &fresh_url(&dir).await);
    let fake = FakeDiscord::start().await;
    let bot = bot_for(dir.path(), &fake).await;
    started(&fake, json!([press(2)])).await;
    let r = ask(&fake, &channel(HOST), "game", "status", json!([])).await;
    assert!(r.content.contains("rulebook press"), "{}", r.content);
    let r = ask(&fake, &channel(of("Italy")), "press", "open", json!([{"name": "with", "type": 3, "value": "Austria"}])).await;
    assert!(r.content.contains("Opened"), "{r:?}");

    // Austria dislodges Italy's army in Venice, so the game has a retreat phase.
    ask(&fake, &Invoker::in_channel(HOST, CHANNEL, MODERATOR), "mod", "add-unit", json!([
        {"name": "power", "type": 3, "value": "Austria"},
        {"name": "unit", "type": 3, "value": "A tyr"},
    ])).await;
    for order in ["A tyr - ven", "F tri S A tyr - ven"] {
        let r = ask(&fake, &Invoker::dm(of("Austria")), "orders", "submit", json!([{"name": "order", "type": 3, "value": order}])).await;
        assert!(r.content.contains("accepted"), "{r:?}");
    }
    let clock = dir.path().join("now");
    std::fs::write(&clock, (T0 + 49 * 3600).to_string()).unwrap();
    fake.wait_for("the retreat announced", LIMIT, |sent| {
        sent.iter().find(|s| s.to == format!("channel:{CHANNEL}") && s.content.contains("Spring 1901 retreat")).cloned()
    }).await;
    fake.wait_for_threads("the thread locked for the retreat", LIMIT, |ts| {
        (ts[0].locked && !ts[0].archived).then_some(())
    }).await;
    let r = ask(&fake, &channel(of("Italy")), "press", "open", json!([{"name": "with", "type": 3, "value": "Turkey"}])).await;
    assert!(r.private && r.content.contains("retreat phases"), "{r:?}");
    let r = ask(&fake, &Invoker::dm(of("Italy")), "press", "send", json!([
        {"name": "to", "type": 3, "value": "Austria"}, {"name": "message", "type": 3, "value": "why?"}])).await;
    assert!(r.private && r.content.contains("rulebook press"), "{r:?}");

    // The retreat's deadline passes: Fall's movement reopens the thread.
    std::fs::write(&clock, (T0 + 74 * 3600).to_string()).unwrap();
    fake.wait_for_threads("the thread reopened for the move", LIMIT, |ts| {
        (!ts[0].locked).then_some(())
    }).await;
    assert_eq!(fake.threads().len(), 1);
    stop(bot).await;
    assert!(fake.unexpected().is_empty(), "{:?}", fake.unexpected());
}
}

on_both_backends! {multi_thread;
async fn a_gunboat_game_opens_no_conversation_and_says_why() {
    let dir = tempfile::tempdir().unwrap();
    use_database(dir.path(), &fresh_url(&dir).await);
    let fake = FakeDiscord::start().await;
    let bot = bot_for(dir.path(), &fake).await;
    started(&fake, json!([press(3), {"name": "anonymous", "type": 5, "value": true}])).await;
    let r = ask(&fake, &channel(HOST), "game", "status", json!([])).await;
    assert!(r.content.contains("gunboat") && r.content.contains("Anonymous"), "{}", r.content);
    let r = ask(&fake, &channel(of("France")), "press", "open", json!([{"name": "with", "type": 3, "value": "Italy"}])).await;
    assert!(r.private && r.content.contains("without press (gunboat)"), "{r:?}");
    let r = ask(&fake, &Invoker::dm(of("France")), "press", "send", json!([
        {"name": "to", "type": 3, "value": "Italy"}, {"name": "message", "type": 3, "value": "hi"}])).await;
    assert!(r.private && r.content.contains("without press (gunboat)"), "{r:?}");
    assert!(fake.threads().is_empty());
    assert!(!fake.sent().iter().any(|s| s.to == format!("channel:7{}", of("Italy")) && s.content.contains("hi")));
    stop(bot).await;
    assert!(fake.unexpected().is_empty(), "{:?}", fake.unexpected());
}
}

/// Whether `text` names player `p` (their id, or their user name, which holds the id).
fn names(text: &str, p: u64) -> bool {
    text.contains(&p.to_string())
}

on_both_backends! {multi_thread;
async fn an_anonymous_game_names_powers_never_players_until_the_reveal() {
    let dir = tempfile::tempdir().unwrap();
    use_database(dir.path(), &fresh_url(&dir).await);
    let fake = FakeDiscord::start().await;
    let bot = bot_for(dir.path(), &fake).await;
    started(&fake, json!([{"name": "anonymous", "type": 5, "value": true}])).await;
    let players: Vec<u64> = (0..7).map(player).collect();

    // Threads would show their members: refused, pointing at relayed press.
    let r = ask(&fake, &channel(of("France")), "press", "open", json!([{"name": "with", "type": 3, "value": "Italy"}])).await;
    assert!(r.private && r.content.contains("/press send"), "{r:?}");
    // France writes to Italy: Italy reads it as from France.
    let r = ask(&fake, &Invoker::dm(of("France")), "press", "send", json!([
        {"name": "to", "type": 3, "value": "Italy"}, {"name": "message", "type": 3, "value": "Lepanto?"}])).await;
    assert!(r.private && r.content.contains("Delivered to Italy"), "{r:?}");
    let dm = fake.wait_for("the relayed message", LIMIT, |sent| {
        sent.iter().find(|s| s.to == format!("channel:7{}", of("Italy")) && s.content.contains("Lepanto")).cloned()
    }).await;
    assert_eq!(dm.content, "From France: Lepanto?");
    // Too long for Discord with the name in front: refused, saying how long it may be.
    let long = "x".repeat(1995);
    let r = ask(&fake, &Invoker::dm(of("France")), "press", "send", json!([
        {"name": "to", "type": 3, "value": "Italy"}, {"name": "message", "type": 3, "value": long}])).await;
    assert!(r.private && r.content.contains("1995 characters") && r.content.contains("1987"), "{r:?}");
    // In the channel, a relayed message would show who sends it: refused.
    let r = ask(&fake, &channel(of("France")), "press", "send", json!([
        {"name": "to", "type": 3, "value": "Italy"}, {"name": "message", "type": 3, "value": "hi"}])).await;
    assert!(r.private, "{r:?}");
    // Status, and a moderator's view of who plays whom (for the moderator alone).
    ask(&fake, &channel(HOST), "game", "status", json!([])).await;
    let r = ask(&fake, &Invoker::in_channel(HOST, CHANNEL, MODERATOR), "mod", "secrets", json!([])).await;
    assert!(r.private && players.iter().all(|p| names(&r.content, *p)), "{r:?}");

    draw(&fake, &players).await;
    let reveal = fake.wait_for("the reveal", LIMIT, |sent| {
        sent.iter().position(|s| s.to == format!("channel:{CHANNEL}") && s.content.contains("The players were"))
    }).await;
    let sent = fake.sent();
    let text = &sent[reveal].content;
    for (i, p) in POWERS.iter().enumerate() {
        assert!(text.contains(&format!("{p}: <@{}>", player(i))), "{text}");
    }
    // Before the reveal: no channel post, no public reply, no DM to another player names a
    // player.
    for s in &sent[..reveal] {
        let public = s.to == format!("channel:{CHANNEL}") || (s.to.starts_with("interaction:") && !s.private);
        for p in &players {
            let to_other = s.to.starts_with("channel:7") && s.to != format!("channel:7{p}");
            if public || to_other {
                assert!(!names(&s.content, *p), "{} names {p}: {}", s.to, s.content);
            }
        }
    }
    assert_eq!(sent.iter().filter(|s| s.content.contains("The players were")).count(), 1);
    stop(bot).await;
    assert!(fake.unexpected().is_empty(), "{:?}", fake.unexpected());
}
}

on_both_backends! {multi_thread;
async fn a_bot_killed_while_discord_makes_a_thread_ends_with_one_thread_and_every_member() {
    let dir = tempfile::tempdir().unwrap();
    use_database(dir.path(), &fresh_url(&dir).await);
    let fake = FakeDiscord::start().await;
    let mut bot = bot_for(dir.path(), &fake).await;
    started(&fake, json!([press(0)])).await;

    // Discord makes the thread, and the bot dies before it hears so.
    fake.hold_threads(true);
    fake.command(&channel(of("France")), "press", "open", json!([{"name": "with", "type": 3, "value": "Italy Germany"}]));
    fake.wait_for_threads("the thread made", LIMIT, |ts| (!ts.is_empty()).then_some(())).await;
    signal(&bot, 9);
    bot.wait().await.unwrap();
    fake.hold_threads(false);

    // Started again, it finds the thread it made and adds the members.
    let bot = spawn_bot(dir.path(), &fake, &dir.path().join("now"));
    let t = fake.wait_for_threads("every member in the thread", LIMIT, |ts| {
        (ts[0].members.len() == 3).then(|| ts[0].clone())
    }).await;
    let mut members = t.members.clone();
    members.sort();
    assert_eq!(members, [of("France"), of("Germany"), of("Italy")]);
    assert_eq!(fake.threads().len(), 1, "{:?}", fake.threads());
    // Asking again gives the same thread.
    let r = ask(&fake, &channel(of("Italy")), "press", "open", json!([{"name": "with", "type": 3, "value": "France Germany"}])).await;
    assert!(r.content.contains(&t.id.to_string()), "{r:?}");
    assert_eq!(fake.threads().len(), 1);
    stop(bot).await;
    assert!(fake.unexpected().is_empty(), "{:?}", fake.unexpected());
}
}
