//! End to end, what players type, through the real `parley bot` against the fake Discord: a
//! 5000-character order, eighty bad lines in the orders box, one good order among forty bad
//! ones, a very long power name; a second build in an adjustment; autocomplete on `b`; the
//! Pirates' seats. Every reply fits in one Discord message (2000 characters) and none is the
//! generic "Something went wrong".

mod common;
mod fake_discord;

use common::*;

use fake_discord::harness::{spawn_bot, stop, use_database};
use fake_discord::{FakeDiscord, Invoker, Sent, MODERATOR};
use serde_json::{json, Value};
use std::time::Duration;

const CHANNEL: u64 = 940_000_000_000_000_001;
const PIRATE_CHANNEL: u64 = 940_000_000_000_000_002;
const T0: i64 = 2_000_000_000;
const LIMIT: Duration = Duration::from_secs(60);
const HOST: u64 = 800_000_000_000_000_000;
const POWERS: [&str; 7] = [
    "Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey",
];

fn player(i: usize) -> u64 {
    830_000_000_000_000_001 + i as u64
}

fn string_option(name: &str, value: &str) -> Value {
    json!([{"name": name, "type": 3, "value": value}])
}

/// A reply Discord would take and that is not the bot's own failure.
fn sound(s: &Sent) {
    let len = s.content.encode_utf16().count();
    assert!(len <= 2000, "{len} characters sent to {}", s.to);
    for generic in ["Something went wrong", "could not be delivered"] {
        assert!(!s.content.contains(generic), "{}", s.content);
    }
}

struct Table {
    fake: FakeDiscord,
    bot: tokio::process::Child,
    clock: std::path::PathBuf,
    _dir: tempfile::TempDir,
}

impl Table {
    async fn open() -> Table {
        let dir = tempfile::tempdir().unwrap();
        use_database(dir.path(), &fresh_url(&dir).await);
        let clock = dir.path().join("now");
        std::fs::write(&clock, T0.to_string()).unwrap();
        let fake = FakeDiscord::start().await;
        let bot = spawn_bot(dir.path(), &fake, &clock);
        fake.wait_ready(LIMIT).await;
        Table {
            fake,
            bot,
            clock,
            _dir: dir,
        }
    }

    /// Sends a command and returns its (checked) reply.
    async fn ask(&self, from: Invoker, name: &str, sub: &str, options: Value) -> Sent {
        let id = self.fake.command(&from, name, sub, options);
        let r = self.fake.reply(id, LIMIT).await;
        sound(&r);
        r
    }

    async fn order(&self, power: usize, order: &str) -> String {
        self.ask(
            Invoker::dm(player(power)),
            "orders",
            "submit",
            string_option("order", order),
        )
        .await
        .content
    }

    async fn order_in_box(&self, power: usize, text: &str) -> String {
        let id = self
            .fake
            .submit_in_box(&Invoker::dm(player(power)), text, LIMIT)
            .await;
        let r = self.fake.reply(id, LIMIT).await;
        sound(&r);
        r.content
    }

    /// A Standard game in [`CHANNEL`], each player holding the power of their index.
    async fn standard_game(&self) {
        let r = self
            .ask(
                Invoker::in_channel(HOST, CHANNEL, MODERATOR),
                "game",
                "create",
                string_option("variant", "standard"),
            )
            .await;
        assert!(r.content.contains("7 players needed"), "{}", r.content);
        for (i, power) in POWERS.iter().enumerate() {
            let r = self
                .ask(
                    Invoker::in_channel(player(i), CHANNEL, "0"),
                    "game",
                    "join",
                    string_option("power", power),
                )
                .await;
            assert!(r.content.contains("joins game"), "{}", r.content);
        }
        let r = self
            .ask(
                Invoker::in_channel(HOST, CHANNEL, MODERATOR),
                "game",
                "start",
                json!([]),
            )
            .await;
        assert!(r.content.contains("has begun"), "{}", r.content);
    }

    /// Moves the bot's clock past the deadline and waits for `phase`'s results post.
    async fn pass_deadline(&self, at: i64, phase: &str) {
        std::fs::write(&self.clock, at.to_string()).unwrap();
        let wanted = format!("**{phase}** has been adjudicated");
        let post = self
            .fake
            .wait_for(&wanted, LIMIT, |sent| {
                sent.iter()
                    .find(|s| s.to == format!("channel:{CHANNEL}") && s.content.contains(&wanted))
                    .cloned()
            })
            .await;
        assert!(
            post.files.iter().any(|(name, _)| name.ends_with(".png")),
            "the results come with the map"
        );
    }

    /// Stops the bot; everything it sent was sound.
    async fn close(self) {
        stop(self.bot).await;
        for s in self.fake.sent() {
            sound(&s);
        }
        assert!(
            self.fake.unexpected().is_empty(),
            "{:?}",
            self.fake.unexpected()
        );
    }
}

on_both_backends! {multi_thread;
async fn long_and_bad_input_gets_short_true_answers_through_discord() {
    let table = Table::open().await;
    table.standard_game().await;

    // A very long power name: refused privately, quoting only its start.
    let long_power = "Austria-Hungary ".repeat(200);
    let r = table
        .ask(
            Invoker::in_channel(player(9), CHANNEL, "0"),
            "game",
            "join",
            string_option("power", &long_power),
        )
        .await;
    assert!(r.private && r.content.starts_with("⛔"), "{r:?}");

    // A 5000-character order.
    let huge = format!("A lon - {}", "x".repeat(4992));
    let r = table.order(1, &huge).await;
    assert!(
        r.contains("refused: 5000 characters is too long for an order; one is at most 150"),
        "{r}"
    );
    assert!(
        r.contains("`A lon - xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…`"),
        "{r}"
    );

    // Eighty bad lines in the box: nothing kept, and the reply says so.
    let bad: Vec<String> = (1..=80)
        .map(|i| format!("A nowhere{i} - beyond the edge of the map, line {i}"))
        .collect();
    let r = table.order_in_box(1, &bad.join("\n")).await;
    assert!(
        r.starts_with("None of your 80 orders was kept; your orders are as they were."),
        "{r}"
    );
    assert!(r.contains("❌ line 1: `A nowhere1 - "), "{r}");
    assert!(r.contains("more refused (lines "), "{r}");
    assert!(r.contains("-80); nothing from them was kept"), "{r}");

    // One good order and forty bad lines: the good one is kept, and the reply says so.
    let mut lines = vec!["F lon - nth".to_string()];
    lines.extend((2..=41).map(|i| format!("F lon - the moon, line {i}")));
    let r = table.order_in_box(1, &lines.join("\n")).await;
    assert!(
        r.starts_with("1 of your 41 orders kept; 40 refused."),
        "{r}"
    );
    assert!(
        r.contains("✅ line 1: `F lon - nth` accepted as `F lon - nth`"),
        "{r}"
    );
    assert!(
        r.contains("❌ line 2: `F lon - the moon, line 2` refused"),
        "{r}"
    );
    assert!(r.contains("• `F lon - nth`"), "{r}");
    let r = table
        .ask(Invoker::dm(player(1)), "orders", "show", json!([]))
        .await;
    assert!(r.content.contains("• `F lon - nth`"), "{}", r.content);

    // Pirates of the Caribbean: seven seats, and the Pirates are not one of them.
    let r = table
        .ask(
            Invoker::in_channel(HOST, PIRATE_CHANNEL, MODERATOR),
            "game",
            "create",
            string_option("variant", "pirates"),
        )
        .await;
    assert!(r.content.contains("7 players needed"), "{}", r.content);
    let id = table.fake.autocomplete(
        &Invoker::in_channel(player(20), PIRATE_CHANNEL, "0"),
        "game",
        "join",
        "power",
        "",
    );
    let offered = table.fake.choices(id, LIMIT).await;
    assert_eq!(
        offered,
        [
            "Denmark",
            "England",
            "France",
            "Holland",
            "Spain",
            "Buccaneers",
            "Corsairs"
        ],
        "every seat and no Pirates"
    );
    let r = table
        .ask(
            Invoker::in_channel(player(20), PIRATE_CHANNEL, "0"),
            "game",
            "join",
            string_option("power", "Pirates"),
        )
        .await;
    assert!(
        r.content.contains("not a power a player can hold"),
        "{}",
        r.content
    );
    let r = table
        .ask(
            Invoker::in_channel(player(20), PIRATE_CHANNEL, "0"),
            "game",
            "join",
            string_option("power", "Spain"),
        )
        .await;
    assert!(r.content.contains("(1 of 7)"), "{}", r.content);
    let r = table
        .ask(
            Invoker::in_channel(player(20), PIRATE_CHANNEL, "0"),
            "game",
            "status",
            json!([]),
        )
        .await;
    assert!(
        r.content.contains("1 of 7 players have joined"),
        "{}",
        r.content
    );

    table.close().await;
}
}

on_both_backends! {multi_thread;
async fn builds_add_up_and_autocomplete_offers_them_on_b_through_discord() {
    let table = Table::open().await;
    table.standard_game().await;
    let france = 2;

    // France takes Spain, Portugal and Belgium and leaves Paris, Marseilles and Brest empty.
    let r = table
        .order_in_box(france, "A par - bur\nA mar - spa\nF bre - mao")
        .await;
    assert!(r.contains("Nothing is missing"), "{r}");
    table
        .pass_deadline(T0 + 49 * 3600, "Spring 1901 movement")
        .await;
    let r = table
        .order_in_box(france, "A bur - bel\nF mao - por\nA spa h")
        .await;
    assert!(r.contains("Nothing is missing"), "{r}");
    table
        .pass_deadline(T0 + 98 * 3600, "Fall 1901 movement")
        .await;

    // Autocomplete meets the builds as players start them.
    for typed in ["b", "build", "build a", "A par"] {
        let id = table.fake.autocomplete(
            &Invoker::dm(player(france)),
            "orders",
            "submit",
            "order",
            typed,
        );
        let offered = table.fake.choices(id, LIMIT).await;
        assert!(
            !offered.is_empty() && offered.iter().all(|o| o.ends_with(" B")),
            "{typed}: {offered:?}"
        );
    }

    // A second build adds to the first.
    let r = table.order(france, "build A par").await;
    assert!(r.contains("Still without orders: 2 more build"), "{r}");
    let r = table.order(france, "build F bre").await;
    assert!(
        r.contains("• `A par B`\n• `F bre B`\nStill without orders: 1 more build"),
        "{r}"
    );
    let r = table.order(france, "b A mar").await;
    assert!(r.contains("Nothing is missing"), "{r}");
    let r = table.order(france, "waive").await;
    assert!(
        r.contains("France is due 3 builds and has ordered 3"),
        "{r}"
    );

    // Extensions are spoken of in days and hours.
    let r = table
        .ask(
            Invoker::in_channel(HOST, CHANNEL, MODERATOR),
            "mod",
            "extend",
            string_option("by", "6d12h"),
        )
        .await;
    assert!(r.private, "{r:?}");
    let r = table
        .ask(
            Invoker::in_channel(HOST, CHANNEL, MODERATOR),
            "mod",
            "extend",
            string_option("by", "1 day"),
        )
        .await;
    assert_eq!(
        r.content,
        "⛔ 1d is more than the 12h of extension this game has left (6d 12h of 7d used)"
    );

    table.close().await;
}
}
