//! End to end, Latin American Diplomacy through Discord: the real `parley bot` against the
//! fake Discord, its clock a file the test moves forward. A moderator creates the game and
//! twelve players join (the join list stays within Discord's 25 choices) and start; in the
//! opening 1890 D Chile and Peru build their extra unit; in 1891 A Spain attacks France in
//! an ocean (`AT`) and bounces, while a Spanish and a British fleet share another ocean; in
//! 1891 C Spain's supported attack there beats the British fleet, which retreats in 1891 D;
//! in 1892 A Spain's two fleets in that ocean are ordered one after the other.

mod common;
mod fake_discord;

use common::*;

use fake_discord::harness::{reply_to, spawn_bot, stop, use_database, LIMIT};
use fake_discord::{FakeDiscord, Invoker, Sent, MODERATOR};
use serde_json::json;
use std::path::Path;

const CHANNEL: u64 = 930_000_000_000_000_090;
const T0: i64 = 2_000_000_000;
/// Every deadline is at most 48 hours; each step moves the clock past it.
const STEP: i64 = 49 * 3600;
/// The twelve powers as players read them (the United States is stored as USA).
const POWERS: [&str; 12] = [
    "Argentina",
    "Brazil",
    "Britain",
    "Bolivia",
    "Chile",
    "Colombia",
    "France",
    "Mexico",
    "Peru",
    "Spain",
    "United States",
    "Venezuela",
];
/// Discord shows at most this many choices in a list.
const DISCORD_CHOICES: usize = 25;

fn player(i: usize) -> u64 {
    870_000_000_000_000_100 + i as u64
}

fn player_of(power: &str) -> u64 {
    player(POWERS.iter().position(|p| *p == power).expect(power))
}

fn set_clock(clock: &Path, step: i64) {
    std::fs::write(clock, (T0 + step * STEP).to_string()).unwrap();
}

/// The results post in the game channel of the phase whose name starts with `phase`.
async fn results(fake: &FakeDiscord, phase: &str) -> Sent {
    let needle = format!("**{phase}");
    fake.wait_for(&needle.clone(), LIMIT, move |sent| {
        sent.iter()
            .find(|s| {
                s.to == format!("channel:{CHANNEL}")
                    && s.content.starts_with(&needle)
                    && s.content.contains("has been adjudicated")
            })
            .cloned()
    })
    .await
}

/// The results file attached to a results post, once it is checked that the map PNG is
/// attached too.
fn results_file(post: &Sent) -> String {
    let (_, text) = post
        .files
        .iter()
        .find(|(n, _)| n.ends_with(".txt"))
        .expect("the results as text");
    assert!(
        post.files
            .iter()
            .any(|(n, png)| n.ends_with(".png") && png.starts_with(b"\x89PNG\r\n\x1a\n")),
        "a PNG map attached: {:?}",
        post.files.iter().map(|(n, _)| n).collect::<Vec<_>>()
    );
    String::from_utf8_lossy(text).into_owned()
}

/// The line of the results file for `order` (compared without case), with its result.
fn line_of<'a>(text: &'a str, order: &str) -> &'a str {
    text.lines()
        .find(|l| {
            l.trim_start()
                .to_lowercase()
                .starts_with(&order.to_lowercase())
        })
        .unwrap_or_else(|| panic!("no line for {order} in:\n{text}"))
}

/// Orders typed by DM into `/orders submit`'s box; every line must be accepted, as written
/// or, for an attack, as the engine writes it back ([`as_the_engine_writes`]).
async fn order(fake: &FakeDiscord, who: u64, lines: &[&str]) {
    let id = fake
        .submit_in_box(&Invoker::dm(who), &lines.join("\n"), LIMIT)
        .await;
    let r = fake
        .wait_for("the orders' reply", LIMIT, reply_to(id))
        .await;
    let reply = r.content.to_lowercase();
    for l in lines {
        assert!(
            [l.to_string(), as_the_engine_writes(l)]
                .iter()
                .any(|form| reply.contains(&format!("accepted as `{}`", form.to_lowercase()))),
            "{l} not accepted: {}",
            r.content
        );
    }
}

/// Spain's attack on France's fleet as both enter the Middle Atlantic Ocean, as the rules
/// write it (rule 5.F.i).
const AT_WRITTEN: &str = "F can - mao AT France";

/// An attack order (`F wwp - prt AT Britain`, `F prt S F wwp - prt AT Britain`) as the
/// engine writes it back: the supported unit named by its province alone, as the parser keeps
/// it (`F prt S wwp - prt AT britain`); any other order as written.
fn as_the_engine_writes(order: &str) -> String {
    let Some((left, power)) = order.split_once(" AT ") else {
        return order.to_string();
    };
    let words: Vec<&str> = left.split(' ').collect();
    let rest: Vec<&str> = words[2..]
        .iter()
        .copied()
        .filter(|w| *w != "A" && *w != "F")
        .collect();
    format!("{} {} AT {}", words[..2].join(" "), rest.join(" "), power)
}

/// The first line of `text` that shows `order`, in either form, in backquotes or at the
/// start of a line (compared without case).
fn shown<'a>(text: &'a str, order: &str) -> Option<&'a str> {
    let forms = [
        order.to_lowercase(),
        as_the_engine_writes(order).to_lowercase(),
    ];
    text.lines().find(|l| {
        let l = l.to_lowercase();
        forms
            .iter()
            .any(|f| l.contains(&format!("`{f}`")) || l.trim_start().starts_with(f.as_str()))
    })
}

/// One order given with `/orders submit order:...`; the reply.
async fn one_order(fake: &FakeDiscord, who: u64, text: &str) -> Sent {
    let id = fake.command(
        &Invoker::dm(who),
        "orders",
        "submit",
        json!([{"name": "order", "type": 3, "value": text}]),
    );
    fake.wait_for("the order's reply", LIMIT, reply_to(id))
        .await
}

/// Asks `/game status` until the game is in the phase whose name starts with `phase`.
async fn wait_phase(fake: &FakeDiscord, moderator: &Invoker, phase: &str) {
    loop {
        let id = fake.command(moderator, "game", "status", json!([]));
        let r = fake.wait_for("/game status", LIMIT, reply_to(id)).await;
        if r.content.contains(&format!("**{phase}")) {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    }
}

/// The autocomplete choices `/orders submit` offers `who` for what they typed. The list of
/// legal orders may not be ready on the first keystroke (the bot then answers with nothing
/// and keeps computing), so a few keystrokes are tried before an empty answer is believed.
async fn choices(fake: &FakeDiscord, who: u64, typed: &str) -> Vec<String> {
    let mut offered = Vec::new();
    for _ in 0..20 {
        let id = fake.autocomplete(&Invoker::dm(who), "orders", "submit", "order", typed);
        offered = fake.choices(id, LIMIT).await;
        if !offered.is_empty() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(250)).await;
    }
    offered
}

on_both_backends! {multi_thread;
async fn twelve_players_build_and_fight_in_the_oceans_through_discord() {
    let dir = tempfile::tempdir().unwrap();
    use_database(dir.path(), &fresh_url(&dir).await);
    let clock = dir.path().join("now");
    set_clock(&clock, 0);
    let fake = FakeDiscord::start().await;
    let bot = spawn_bot(dir.path(), &fake, &clock);
    fake.wait_ready(LIMIT).await;

    let host = 800_000_000_000_000_090u64;
    let moderator = Invoker::in_channel(host, CHANNEL, MODERATOR);
    let id = fake.command(
        &moderator,
        "game",
        "create",
        json!([{"name": "variant", "type": 3, "value": "latin-american"},
               {"name": "movement", "type": 3, "value": "48h"}]),
    );
    let created = fake.wait_for("/game create", LIMIT, reply_to(id)).await;
    assert!(created.content.contains("Game 1 created"), "{created:?}");

    // The join list offers all twelve powers, within Discord's 25, by the names players
    // read; typing narrows it.
    let id = fake.autocomplete(
        &Invoker::in_channel(player(0), CHANNEL, "0"),
        "game",
        "join",
        "power",
        "",
    );
    let seats = fake.choices(id, LIMIT).await;
    assert!(seats.len() <= DISCORD_CHOICES, "{seats:?}");
    for power in POWERS {
        assert!(seats.iter().any(|s| s == power), "{power} not offered: {seats:?}");
    }
    let id = fake.autocomplete(
        &Invoker::in_channel(player(0), CHANNEL, "0"),
        "game",
        "join",
        "power",
        "b",
    );
    let mut b = fake.choices(id, LIMIT).await;
    b.sort();
    assert_eq!(b, ["Bolivia", "Brazil", "Britain"], "{b:?}");

    for (i, power) in POWERS.iter().enumerate() {
        let id = fake.command(
            &Invoker::in_channel(player(i), CHANNEL, "0"),
            "game",
            "join",
            json!([{"name": "power", "type": 3, "value": power}]),
        );
        let r = fake.wait_for("/game join", LIMIT, reply_to(id)).await;
        assert!(r.content.contains("joins game 1"), "{power}: {r:?}");
    }
    let id = fake.command(&moderator, "game", "start", json!([]));
    let started = fake.wait_for("/game start", LIMIT, reply_to(id)).await;
    assert!(started.content.contains("has begun"), "{started:?}");
    // Every one of the twelve is seated: the start names each player with their power.
    for (i, power) in POWERS.iter().enumerate() {
        let seat = format!("<@{}>: {power}\n", player(i));
        assert!(
            started.content.contains(&seat),
            "{seat} missing: {}",
            started.content
        );
    }
    // And each of them hears which power they play.
    for (i, power) in POWERS.iter().enumerate() {
        let to = format!("channel:7{}", player(i));
        let welcome = fake
            .wait_for("a welcome", LIMIT, move |sent| {
                sent.iter()
                    .find(|s| s.to == to && s.content.starts_with("You play"))
                    .cloned()
            })
            .await;
        assert!(
            welcome.content.starts_with(&format!("You play **{power}**")),
            "{}",
            welcome.content
        );
        // The variant's own orders are explained: how to attack in an ocean.
        assert!(
            welcome.content.contains("F ptr - epr AT Peru"),
            "no attack order explained: {}",
            welcome.content
        );
    }

    // 1890 D: powers with a capital build one extra unit anywhere in their territory.
    let (chile, peru, spain, france, britain) = (
        player_of("Chile"),
        player_of("Peru"),
        player_of("Spain"),
        player_of("France"),
        player_of("Britain"),
    );
    let offered = choices(&fake, chile, "").await;
    assert!(
        !offered.is_empty() && offered.len() <= DISCORD_CHOICES,
        "{offered:?}"
    );
    // Britain, with no capital in the Americas, has nothing to build, and is told so by
    // the rule.
    let r = one_order(&fake, britain, "A guy B").await;
    assert!(
        r.content.contains("refused")
            && r.content.contains("no build due in 1890 D")
            && r.content.contains("rule 7.A.i"),
        "{}",
        r.content
    );
    order(&fake, chile, &["F isf B"]).await;
    order(&fake, peru, &["A lor B"]).await;
    set_clock(&clock, 1);
    let d = results_file(&results(&fake, "1890 D").await);
    assert!(line_of(&d, "F isf B").contains("succeeds"), "{d}");
    assert!(line_of(&d, "A lor B").contains("succeeds"), "{d}");

    // 1891 A, named the rules' way with its months.
    wait_phase(&fake, &moderator, "1891 A movement (March-June)").await;

    // Autocomplete stays within Discord's 25 for every power, with nothing or a little typed.
    for (i, power) in POWERS.iter().enumerate() {
        for typed in ["", "F", "A"] {
            let offered = choices(&fake, player(i), typed).await;
            assert!(
                offered.len() <= DISCORD_CHOICES,
                "{power}, '{typed}': {} choices",
                offered.len()
            );
        }
    }
    let offered = choices(&fake, spain, "F can").await;
    assert!(
        !offered.is_empty()
            && offered.len() <= DISCORD_CHOICES
            && offered.iter().all(|c| c.starts_with("F can")),
        "{offered:?}"
    );

    // An attack on a power that does not exist is refused, naming what was wrong.
    let r = one_order(&fake, spain, "F can - mao AT Portugal").await;
    assert!(
        r.content.contains("refused")
            && r.content.contains("Portugal")
            && r.content.contains("is no power"),
        "{}",
        r.content
    );

    // A terrain rule's refusal names the rule in words: a lake is for fleets only.
    let r = one_order(&fake, player_of("Bolivia"), "A lpz - ltt").await;
    assert!(
        r.content.contains("refused")
            && r.content.contains("Lago Titicaca is a lake")
            && r.content.contains("not armies"),
        "{}",
        r.content
    );

    // Spain attacks France's fleet as both enter the Middle Atlantic Ocean; Spain and
    // Britain sail into the Puerto Rico Trench with no attack, and share it; Spain's fleet
    // from Santiago de Cuba comes up beside it in the Windward Passage.
    let r = one_order(&fake, spain, AT_WRITTEN).await;
    assert!(
        shown(&r.content, AT_WRITTEN).is_some_and(|l| l.contains("accepted as")),
        "{}",
        r.content
    );
    order(&fake, spain, &["F pri - prt", "F sdc - wwp"]).await;
    order(&fake, france, &["F mtq - mao"]).await;
    order(&fake, britain, &["F bhm - prt"]).await;
    set_clock(&clock, 2);
    let post = results(&fake, "1891 A").await;
    let a = results_file(&post);
    assert!(post.content.contains("2 order(s) did not succeed"), "{}", post.content);
    let attack = shown(&a, AT_WRITTEN).unwrap_or_else(|| panic!("no line for the attack in:\n{a}"));
    assert!(
        attack.contains("fails") && attack.contains("bounced in Middle Atlantic Ocean"),
        "{a}"
    );
    assert!(
        line_of(&a, "F mtq - mao").contains("bounced in Middle Atlantic Ocean"),
        "{a}"
    );
    assert!(line_of(&a, "F pri - prt").contains("succeeds"), "{a}");
    assert!(line_of(&a, "F bhm - prt").contains("succeeds"), "{a}");
    // Both fleets now stand in the Puerto Rico Trench, each ordered by its own power, and
    // the bounced fleets are where they were.
    wait_phase(&fake, &moderator, "1891 C").await;
    for (who, unit) in [
        (spain, "F prt"),
        (britain, "F prt"),
        (spain, "F can"),
        (france, "F mtq"),
    ] {
        let offered = choices(&fake, who, unit).await;
        assert!(
            !offered.is_empty() && offered.iter().all(|c| c.starts_with(unit)),
            "{unit}: {offered:?}"
        );
    }

    // 1891 C: Spain attacks Britain's fleet in the Puerto Rico Trench, moving in from the
    // Windward Passage with the support of its fleet already there: 2 against 1, so the
    // British fleet is beaten but not by three, and retreats (rule 5.F.i).
    order(
        &fake,
        spain,
        &["F wwp - prt AT Britain", "F prt S F wwp - prt AT Britain"],
    )
    .await;
    order(&fake, britain, &["F prt H"]).await;
    set_clock(&clock, 3);
    let post = results(&fake, "1891 C").await;
    let c = results_file(&post);
    assert!(
        post.content.contains("Dislodged: Britain F prt"),
        "{}",
        post.content
    );
    assert!(line_of(&c, "F prt H").contains("dislodged"), "{c}");
    for attack in ["F wwp - prt AT Britain", "F prt S F wwp - prt AT Britain"] {
        let line = shown(&c, attack).unwrap_or_else(|| panic!("no {attack} in:\n{c}"));
        assert!(line.contains("succeeds"), "{c}");
    }

    // 1891 D retreat: Britain is offered the Puerto Rico Trench's neighbours, and goes.
    wait_phase(&fake, &moderator, "1891 D retreat").await;
    let offered = choices(&fake, britain, "F prt").await;
    assert!(
        offered.iter().any(|o| o == "F prt R btr")
            && offered.iter().all(|o| o.starts_with("F prt")),
        "{offered:?}"
    );
    order(&fake, britain, &["F prt R btr"]).await;
    set_clock(&clock, 4);
    let d = results_file(&results(&fake, "1891 D retreat").await);
    assert!(line_of(&d, "F prt R btr").contains("succeeds"), "{d}");

    // 1892 A: Spain has two fleets in the Puerto Rico Trench. They are alike, so each of
    // their orders is offered once (not once per fleet, which would push other orders out
    // of Discord's 25), and each takes one order, in the order they are given.
    wait_phase(&fake, &moderator, "1892 A").await;
    assert_eq!(choices(&fake, spain, "F prt H").await, ["F prt H"]);
    let moves = choices(&fake, spain, "F prt -").await;
    let mut distinct = moves.clone();
    distinct.sort();
    distinct.dedup();
    assert!(
        distinct.len() == moves.len() && moves.iter().any(|m| m == "F prt - mao"),
        "{moves:?}"
    );
    order(&fake, spain, &["F prt - mao"]).await;
    let id = fake
        .submit_in_box(&Invoker::dm(spain), "F prt H", LIMIT)
        .await;
    let r = fake.wait_for("the second fleet's order", LIMIT, reply_to(id)).await;
    assert!(
        r.content.contains("`F prt - mao`")
            && r.content.contains("`F prt H`")
            && r.content.contains("Still without orders: F can, A hab."),
        "{}",
        r.content
    );
    // A third order there takes the place of the oldest, and the reply says which went and
    // how to keep it; sending that order again puts it back.
    let id = fake
        .submit_in_box(&Invoker::dm(spain), "F prt H", LIMIT)
        .await;
    let r = fake.wait_for("a third order in the ocean", LIMIT, reply_to(id)).await;
    assert!(
        r.content.contains("in place of `F prt - mao`")
            && r.content.contains("your 2 units there take your latest 2 orders")
            && !r.content.contains("• `F prt - mao`"),
        "{}",
        r.content
    );
    let id = fake
        .submit_in_box(&Invoker::dm(spain), "F prt - mao", LIMIT)
        .await;
    let r = fake.wait_for("the move sent again", LIMIT, reply_to(id)).await;
    assert!(
        r.content.contains("in place of `F prt H`") && r.content.contains("• `F prt - mao`"),
        "{}",
        r.content
    );
    set_clock(&clock, 5);
    let a92 = results_file(&results(&fake, "1892 A").await);
    assert!(line_of(&a92, "F prt - mao").contains("succeeds"), "{a92}");
    assert!(line_of(&a92, "F prt H").contains("succeeds"), "{a92}");

    stop(bot).await;
    assert!(fake.unexpected().is_empty(), "{:?}", fake.unexpected());
}
}
