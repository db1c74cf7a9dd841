//! End to end, Atlantica II through Discord: the real `parley bot` against the fake Discord,
//! its clock a file the test moves forward. A moderator creates the game, seven players join
//! and start; in January 1870 the high-seas fleets are placed by DM (two in one sea: a coin
//! toss); in February a fleet searches an area that is not Atlantis and an army boards a
//! fleet; in March the A/F lands and a fleet finds Atlantis. Until then no message a player
//! can see names the area Atlantis is in.

mod common;
mod fake_discord;

use common::*;

use fake_discord::harness::{reply_to, spawn_bot, stop, use_database, LIMIT};
use fake_discord::{FakeDiscord, Invoker, Sent, MODERATOR};
use serde_json::json;
use std::path::Path;

const CHANNEL: u64 = 930_000_000_000_000_070;
const T0: i64 = 2_000_000_000;
/// A month's deadline is 48 hours; each step moves the clock past it.
const STEP: i64 = 49 * 3600;
const POWERS: [&str; 7] = [
    "England", "France", "Germany", "Italy", "Canada", "CSA", "USA",
];

fn player(i: usize) -> u64 {
    870_000_000_000_000_000 + i as u64
}

fn set_clock(clock: &Path, step: i64) {
    std::fs::write(clock, (T0 + step * STEP).to_string()).unwrap();
}

/// The results post of `phase` in the game channel.
async fn results(fake: &FakeDiscord, phase: &str) -> Sent {
    let needle = format!("**{phase}** has been adjudicated");
    fake.wait_for(&needle.clone(), LIMIT, move |sent| {
        sent.iter()
            .find(|s| s.to == format!("channel:{CHANNEL}") && s.content.contains(&needle))
            .cloned()
    })
    .await
}

/// The results file attached to a results post.
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
        "a PNG map attached"
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

/// Orders typed by DM into `/orders submit`'s box; every line must be accepted.
async fn order(fake: &FakeDiscord, who: u64, lines: &[&str]) {
    let id = fake
        .submit_in_box(&Invoker::dm(who), &lines.join("\n"), LIMIT)
        .await;
    let r = fake
        .wait_for("the orders' reply", LIMIT, reply_to(id))
        .await;
    for l in lines {
        assert!(
            r.content
                .to_lowercase()
                .contains(&format!("accepted as `{}`", l.to_lowercase())),
            "{l} not accepted: {}",
            r.content
        );
    }
}

/// The autocomplete choices `/orders submit` offers `who` for what they typed.
async fn choices(fake: &FakeDiscord, who: u64, typed: &str) -> Vec<String> {
    let id = fake.autocomplete(&Invoker::dm(who), "orders", "submit", "order", typed);
    fake.choices(id, LIMIT).await
}

/// Everything a player (or the channel) could read so far: every message and reply, their
/// attached text files, autocomplete answers; all but the moderator's `/mod secrets` reply.
fn seen_by_players(fake: &FakeDiscord, secret_reply: &str) -> String {
    let mut all = String::new();
    for s in fake.sent().iter().filter(|s| s.to != secret_reply) {
        all += &s.content;
        all += "\n";
        all += &s.payload.to_string();
        all += "\n";
        for (name, bytes) in &s.files {
            if name.ends_with(".txt") {
                all += &String::from_utf8_lossy(bytes);
            }
        }
    }
    all
}

/// Whether `text` names area `n`: "Area 3" or the id `ar3` as a word.
fn names_area(text: &str, n: u32) -> bool {
    let lower = text.to_lowercase();
    lower.contains(&format!("area {n}"))
        || lower
            .split(|c: char| !c.is_ascii_alphanumeric())
            .any(|w| w == format!("ar{n}"))
}

on_both_backends! {multi_thread;
async fn atlantica_is_placed_searched_boarded_and_landed_through_discord() {
    let dir = tempfile::tempdir().unwrap();
    use_database(dir.path(), &fresh_url(&dir).await);
    let clock = dir.path().join("now");
    set_clock(&clock, 0);
    let fake = FakeDiscord::start().await;
    let bot = spawn_bot(dir.path(), &fake, &clock);
    fake.wait_ready(LIMIT).await;

    let host = 800_000_000_000_000_070u64;
    let moderator = Invoker::in_channel(host, CHANNEL, MODERATOR);
    let id = fake.command(
        &moderator,
        "game",
        "create",
        json!([{"name": "variant", "type": 3, "value": "atlantica"},
               {"name": "movement", "type": 3, "value": "48h"}]),
    );
    let created = fake.wait_for("/game create", LIMIT, reply_to(id)).await;
    assert!(created.content.contains("Game 1 created"), "{created:?}");

    for (i, power) in POWERS.iter().enumerate() {
        let id = fake.command(
            &Invoker::in_channel(player(i), CHANNEL, "0"),
            "game",
            "join",
            json!([{"name": "power", "type": 3, "value": power}]),
        );
        let r = fake.wait_for("/game join", LIMIT, reply_to(id)).await;
        assert!(r.content.contains("joins game 1"), "{r:?}");
    }
    let id = fake.command(&moderator, "game", "start", json!([]));
    let started = fake.wait_for("/game start", LIMIT, reply_to(id)).await;
    assert!(started.content.contains("has begun"), "{started:?}");
    // The powers stored as CSA and USA are named as players read them (rule 3).
    assert!(
        started.content.contains(": C.S.A.") && started.content.contains(": U.S.A."),
        "{}",
        started.content
    );
    let usa_welcome = fake
        .wait_for("the U.S.A.'s welcome", LIMIT, |sent| {
            sent.iter()
                .find(|s| {
                    s.to == format!("channel:7{}", player(6)) && s.content.starts_with("You play")
                })
                .cloned()
        })
        .await;
    assert!(
        usa_welcome.content.starts_with("You play **U.S.A.**"),
        "{}",
        usa_welcome.content
    );
    let (england, france, germany, italy) = (player(0), player(1), player(2), player(3));

    // Each player's welcome explains the variant's own orders.
    let welcome = fake
        .wait_for("France's welcome", LIMIT, |sent| {
            sent.iter()
                .find(|s| s.to == format!("channel:7{france}") && s.content.starts_with("You play"))
                .cloned()
        })
        .await;
    for form in [
        "F nao place",
        "F nao search 3",
        "A lab boards F gsl",
        "A/F gsl - nfl",
    ] {
        assert!(
            welcome.content.contains(form),
            "{form}: {}",
            welcome.content
        );
    }

    // The moderator alone learns where Atlantis is.
    let id = fake.command(&moderator, "mod", "secrets", json!([]));
    let secrets = fake.wait_for("/mod secrets", LIMIT, reply_to(id)).await;
    assert!(secrets.private, "{secrets:?}");
    let secret_reply = format!("interaction:{id}");
    let line = secrets
        .content
        .lines()
        .find(|l| l.contains("atlantis-area"))
        .unwrap_or_else(|| panic!("{}", secrets.content));
    let real: u32 = line
        .split("**")
        .nth(1)
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{line}"));
    assert!((1..=6).contains(&real), "{line}");
    // Drawn afresh each run: which fleet finds it depends on it (shown with --nocapture).
    eprintln!("Atlantis is in Area {real}");
    // The North Atlantic is next to areas 1-3, the South Atlantic to 4-6.
    let wrong = [1, 2, 3].into_iter().find(|&n| n != real).unwrap();

    // January 1870: autocomplete offers placements and no search.
    let offered = choices(&fake, france, "F nao").await;
    assert!(offered.iter().any(|c| c == "F nao place"), "{offered:?}");
    let offered = choices(&fake, france, "F nao s").await;
    assert!(!offered.iter().any(|c| c.contains("search")), "{offered:?}");
    order(
        &fake,
        france,
        &["F nao place", "F bre - mao", "A par - bre"],
    )
    .await;
    order(&fake, italy, &["F sao place"]).await;
    // France has placed its fleet: no other placement is offered, and one is refused now.
    let offered = choices(&fake, france, "F ").await;
    assert!(
        !offered
            .iter()
            .any(|c| c.ends_with(" place") && c != "F nao place"),
        "{offered:?}"
    );
    let offered = choices(&fake, france, "place").await;
    assert_eq!(offered, ["F nao place"], "{offered:?}");
    let id = fake.command(
        &Invoker::dm(france),
        "orders",
        "submit",
        json!([{"name": "order", "type": 3, "value": "F sao place"}]),
    );
    let r = fake
        .wait_for("a second placement", LIMIT, reply_to(id))
        .await;
    assert!(
        r.content.contains("refused")
            && r.content.contains("one high-seas fleet only")
            && r.content.contains("F nao place"),
        "{}",
        r.content
    );
    // England and Germany place in the same sea: a coin toss.
    order(&fake, england, &["F wes place"]).await;
    order(&fake, germany, &["F wes place"]).await;
    // A placement in the North Sea is refused with the rule.
    let id = fake.command(
        &Invoker::dm(england),
        "orders",
        "submit",
        json!([{"name": "order", "type": 3, "value": "F nth place"}]),
    );
    let r = fake
        .wait_for("a refused placement", LIMIT, reply_to(id))
        .await;
    assert!(
        r.content.contains("refused") && r.content.contains("5b2"),
        "{}",
        r.content
    );

    set_clock(&clock, 1);
    let jan = results_file(&results(&fake, "January 1870 movement").await);
    assert!(line_of(&jan, "F nao place").contains("succeeds"), "{jan}");
    assert!(line_of(&jan, "F sao place").contains("succeeds"), "{jan}");
    assert!(jan.contains("coin toss for Western Med"), "{jan}");
    assert!(line_of(&jan, "F bre - mao").contains("succeeds"), "{jan}");

    // February: searches are offered, for every area next to the fleet whatever the secret.
    let offered = choices(&fake, france, "F nao search").await;
    for n in 1..=3 {
        assert!(
            offered.iter().any(|c| c == &format!("F nao search {n}")),
            "{offered:?}"
        );
    }
    let offered = choices(&fake, france, "A bre b").await;
    // The fleet's letter as players write it (rule 8), not as the parser lower-cases words.
    assert!(
        offered.iter().any(|c| c == "A bre boards F mao"),
        "{offered:?}"
    );
    let search_wrong = format!("F nao search {wrong}");
    order(
        &fake,
        france,
        &["A bre boards F mao", "F mao H", search_wrong.as_str()],
    )
    .await;
    // Written with a lower-case letter, it is read back as players write units.
    let id = fake
        .submit_in_box(&Invoker::dm(france), "a bre boards f mao", LIMIT)
        .await;
    let r = fake
        .wait_for("the orders' reply", LIMIT, reply_to(id))
        .await;
    assert!(
        r.content.contains("accepted as `A bre boards F mao`"),
        "{}",
        r.content
    );
    set_clock(&clock, 2);
    let feb = results_file(&results(&fake, "February 1870 movement").await);
    assert!(
        line_of(&feb, "A bre boards F mao").contains("succeeds"),
        "{feb}"
    );
    assert!(line_of(&feb, &search_wrong).contains("succeeds"), "{feb}");

    // The A/F is offered its landing; nothing so far has named Atlantis's area.
    let offered = choices(&fake, france, "A/F mao - g").await;
    assert!(offered.iter().any(|c| c == "A/F mao - gas"), "{offered:?}");
    let seen = seen_by_players(&fake, &secret_reply);
    assert!(
        !names_area(&seen, real),
        "Area {real} shown before it is found"
    );
    // The channel hears that the moderator looked at the draws, by name, never their values.
    let looked = fake
        .sent()
        .into_iter()
        .find(|s| s.to == format!("channel:{CHANNEL}") && s.content.contains("atlantis-area"))
        .expect("the channel is told a moderator looked");
    assert!(
        looked.content.contains("looked at") && !looked.content.contains(&format!("**{real}**")),
        "{}",
        looked.content
    );

    // March: the A/F lands in Gascony, and a fleet next to the real area searches it.
    order(&fake, france, &["A/F mao - gas"]).await;
    let (finder, fleet) = if real <= 3 {
        (france, "nao")
    } else {
        (italy, "sao")
    };
    let search_real = format!("F {fleet} search {real}");
    order(&fake, finder, &[search_real.as_str()]).await;
    set_clock(&clock, 3);
    let mar = results_file(&results(&fake, "March 1870 movement").await);
    assert!(line_of(&mar, "A/F mao - gas").contains("succeeds"), "{mar}");
    assert!(
        line_of(&mar, &search_real).contains("found Atlantis in Area"),
        "{mar}"
    );

    // On to April (the March builds pass with nobody ordering them).
    set_clock(&clock, 4);
    let status = loop {
        let id = fake.command(&moderator, "game", "status", json!([]));
        let r = fake.wait_for("/game status", LIMIT, reply_to(id)).await;
        if r.content.contains("April 1870 movement") {
            break r;
        }
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    };
    assert!(status.content.contains("April 1870"), "{}", status.content);

    // The units stand where the rules put them: the army in Gascony, the fleet left in the
    // Mid-Atlantic, no A/F; no search is offered any more.
    let offered = choices(&fake, france, "A gas").await;
    assert!(
        !offered.is_empty()
            && offered
                .iter()
                .all(|c| c.starts_with("A gas") && !c.contains(" if ")),
        "{offered:?}"
    );
    // Retreat lists (rule 9a) are offered once "A gas if" is typed: first every place the
    // army could retreat to, clockwise round Gascony, then the variations.
    let lists = choices(&fake, france, "A gas if").await;
    assert_eq!(
        lists.first().map(String::as_str),
        Some("A gas if dislodged par bur mar spa bre"),
        "{lists:?}"
    );
    assert!(
        lists.len() == 15
            && lists.iter().all(|c| c.starts_with("A gas if dislodged "))
            && lists.contains(&"A gas if dislodged spa".to_string()),
        "{lists:?}"
    );
    let narrowed = choices(&fake, france, "a gas if dislodged spa").await;
    assert_eq!(
        narrowed,
        [
            "A gas if dislodged spa bre par bur mar",
            "A gas if dislodged spa mar bur par bre",
            "A gas if dislodged spa",
        ],
        "{narrowed:?}"
    );
    order(
        &fake,
        france,
        &["A gas H", "A gas if dislodged spa bre par bur mar"],
    )
    .await;
    let offered = choices(&fake, france, "F mao -").await;
    assert!(!offered.is_empty(), "{offered:?}");
    assert!(choices(&fake, france, "A/F").await.is_empty());
    let offered = choices(&fake, italy, "F sao search").await;
    assert!(!offered.iter().any(|c| c.contains("search")), "{offered:?}");

    stop(bot).await;
    assert!(fake.unexpected().is_empty(), "{:?}", fake.unexpected());
}
}
