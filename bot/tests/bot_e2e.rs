//! End to end: the real `parley bot` process against a fake Discord on loopback. A moderator
//! creates a game, seven players join, the game starts, players order by DM, the deadline
//! passes (the bot's clock is a file the test moves forward), and the bot posts the results
//! with a PNG map to the game channel. Then SIGTERM stops it cleanly. A second game plays
//! Pirates of the Caribbean's secret vote on the Pirates' orders, from autocomplete to the
//! tally in the results post.

mod common;
mod fake_discord;

use common::*;

use fake_discord::harness::{reply_to, spawn_bot, stop, use_database, LIMIT};
use fake_discord::{FakeDiscord, Invoker, Sent, MODERATOR};
use serde_json::json;

const CHANNEL: u64 = 930_000_000_000_000_001;
const T0: i64 = 2_000_000_000;

on_both_backends! {multi_thread;
async fn a_game_is_created_joined_started_ordered_and_adjudicated_through_discord() {
    let dir = tempfile::tempdir().unwrap();
    use_database(dir.path(), &fresh_url(&dir).await);
    let clock = dir.path().join("now");
    std::fs::write(&clock, T0.to_string()).unwrap();
    let fake = FakeDiscord::start().await;
    let bot = spawn_bot(dir.path(), &fake, &clock);
    fake.wait_ready(LIMIT).await;

    // A moderator creates the game in the channel.
    let host = 800_000_000_000_000_000u64;
    let id = fake.command(
        &Invoker::in_channel(host, CHANNEL, MODERATOR),
        "game",
        "create",
        json!([{"name": "variant", "type": 3, "value": "standard"}, {"name": "movement", "type": 3, "value": "48h"}]),
    );
    let created = fake
        .wait_for("/game create's reply", LIMIT, reply_to(id))
        .await;
    assert!(
        created.content.contains("Game 1 created") && !created.private,
        "{created:?}"
    );

    // A command in the wrong place is refused privately, with the reason.
    let id = fake.command(&Invoker::dm(host), "game", "join", json!([]));
    let refused = fake.wait_for("a DM /game join", LIMIT, reply_to(id)).await;
    assert!(refused.private, "{refused:?}");

    // Seven players join (England asks for England), then the game starts.
    let players: Vec<u64> = (1..=7).map(|i| 810_000_000_000_000_000 + i).collect();
    for (i, p) in players.iter().enumerate() {
        let opts = if i == 0 {
            json!([{"name": "power", "type": 3, "value": "England"}])
        } else {
            json!([])
        };
        let id = fake.command(&Invoker::in_channel(*p, CHANNEL, "0"), "game", "join", opts);
        let r = fake
            .wait_for("/game join's reply", LIMIT, reply_to(id))
            .await;
        assert!(r.content.contains("joins game 1"), "{r:?}");
    }
    let id = fake.command(
        &Invoker::in_channel(players[3], CHANNEL, "0"),
        "game",
        "start",
        json!([]),
    );
    let started = fake
        .wait_for("/game start's reply", LIMIT, reply_to(id))
        .await;
    assert!(started.content.contains("has begun"), "{started:?}");
    assert!(
        started
            .content
            .contains(&format!("<@{}>: England", players[0])),
        "{}",
        started.content
    );
    // Every player is told their power in a DM (channel 7<user id>).
    fake.wait_for("seven power DMs", LIMIT, |sent| {
        let n = sent
            .iter()
            .filter(|s| s.to.starts_with("channel:7") && s.content.starts_with("You play"))
            .count();
        (n == 7).then_some(())
    })
    .await;

    // England orders by DM: one good order, then one refused with its reason.
    let england = players[0];
    let id = fake.command(
        &Invoker::dm(england),
        "orders",
        "submit",
        json!([{"name": "order", "type": 3, "value": "F lon - nth"}]),
    );
    let r = fake
        .wait_for("/orders submit's reply", LIMIT, reply_to(id))
        .await;
    assert!(
        r.content.contains("accepted as `F lon - nth`"),
        "{}",
        r.content
    );
    assert!(r.content.contains("Still without orders"), "{}", r.content);
    let id = fake.command(
        &Invoker::dm(england),
        "orders",
        "submit",
        json!([{"name": "order", "type": 3, "value": "A lvp - mun"}]),
    );
    let r = fake
        .wait_for("a refused order's reply", LIMIT, reply_to(id))
        .await;
    assert!(r.content.contains("refused"), "{}", r.content);
    assert!(r.content.contains("• `F lon - nth`"), "{}", r.content);

    // Many orders at once: `/orders submit` with no order opens a text box.
    let id = fake.command(&Invoker::dm(england), "orders", "submit", json!([]));
    let modal = fake
        .wait_for("the orders modal", LIMIT, |sent| {
            sent.iter()
                .find(|s| s.to == format!("interaction:{id}") && s.kind == Some(9))
                .cloned()
        })
        .await;
    let custom_id = modal.payload["custom_id"].as_str().unwrap().to_string();
    let field = modal.payload["components"][0]["components"][0]["custom_id"]
        .as_str()
        .unwrap()
        .to_string();
    fake.modal_submit(
        &Invoker::dm(england),
        &custom_id,
        &[(&field, "A lvp - yor\nF edi - nwg")],
    );
    let r = fake
        .wait_for("the modal's orders", LIMIT, reply_to(id))
        .await;
    assert!(
        r.content.contains("accepted as `A lvp - yor`"),
        "{}",
        r.content
    );
    assert!(
        r.content.contains("accepted as `F edi - nwg`"),
        "{}",
        r.content
    );
    assert!(r.content.contains("Nothing is missing"), "{}", r.content);

    // Orders are private: the same command in the game channel is refused.
    let id = fake.command(
        &Invoker::in_channel(england, CHANNEL, "0"),
        "orders",
        "submit",
        json!([{"name": "order", "type": 3, "value": "F lon - nth"}]),
    );
    let r = fake
        .wait_for("an order in public", LIMIT, reply_to(id))
        .await;
    assert!(r.private && r.content.contains("direct message"), "{r:?}");

    // The deadline passes: the scheduler adjudicates and posts results with the map.
    std::fs::write(&clock, (T0 + 49 * 3600).to_string()).unwrap();
    let posted = fake
        .wait_for("the results post", LIMIT, |sent| {
            sent.iter()
                .find(|s| s.to == format!("channel:{CHANNEL}") && s.content.contains("adjudicated"))
                .cloned()
        })
        .await;
    assert!(
        posted.content.contains("Spring 1901 movement"),
        "{}",
        posted.content
    );
    assert!(
        posted.content.contains("Fall 1901 movement"),
        "{}",
        posted.content
    );
    let (name, png) = posted
        .files
        .iter()
        .find(|(n, _)| n.ends_with(".png"))
        .expect("a PNG map attached");
    assert_eq!(name, "spring-1901-movement.png");
    assert!(png.starts_with(b"\x89PNG\r\n\x1a\n") && png.len() > 10_000);
    let (_, text) = posted
        .files
        .iter()
        .find(|(n, _)| n.ends_with(".txt"))
        .expect("the results as text");
    let text = String::from_utf8_lossy(text);
    assert!(text.contains("F lon - nth"), "{text}");

    // /game status now shows the next phase and who still owes orders.
    let id = fake.command(
        &Invoker::in_channel(host, CHANNEL, "0"),
        "game",
        "status",
        json!([]),
    );
    let r = fake
        .wait_for("/game status's reply", LIMIT, reply_to(id))
        .await;
    assert!(r.content.contains("Fall 1901 movement"), "{}", r.content);
    assert!(r.content.contains("Still ordering"), "{}", r.content);

    // SIGTERM: the bot stops by itself, successfully.
    stop(bot).await;
    assert!(fake.unexpected().is_empty(), "{:?}", fake.unexpected());
}
}

/// The first channel post whose text contains `what`.
fn channel_post(what: &'static str) -> impl Fn(&[Sent]) -> Option<Sent> {
    move |sent| {
        sent.iter()
            .find(|s| s.to == format!("channel:{CHANNEL}") && s.content.contains(what))
            .cloned()
    }
}

on_both_backends! {multi_thread;
async fn the_pirates_are_ordered_by_the_players_secret_votes_through_discord() {
    let dir = tempfile::tempdir().unwrap();
    use_database(dir.path(), &fresh_url(&dir).await);
    let clock = dir.path().join("now");
    std::fs::write(&clock, T0.to_string()).unwrap();
    let fake = FakeDiscord::start().await;
    let bot = spawn_bot(dir.path(), &fake, &clock);
    fake.wait_ready(LIMIT).await;

    // The ballots are registered under the voted power's own name too, derived from the
    // variant's data: `/pirates vote|votes|clear`, with the options of `/vote order|ballots|
    // withdraw`.
    let v = engine::Variant::builtin("pirates").unwrap();
    let voted: Vec<&str> = engine::vote::voted_powers(&v)
        .into_iter()
        .map(|p| v.power_name(p))
        .collect();
    assert_eq!(voted, ["Pirates"]);
    let registered = fake.registered_commands();
    let command = |name: &str| {
        registered
            .iter()
            .find(|c| c["name"] == name)
            .unwrap_or_else(|| panic!("/{name} is not registered: {registered:#?}"))
            .clone()
    };
    let sub = |c: &serde_json::Value, name: &str| {
        c["options"]
            .as_array()
            .and_then(|o| o.iter().find(|s| s["name"] == name))
            .unwrap_or_else(|| panic!("no /{} {name}", c["name"]))
            .clone()
    };
    let (alias, vote) = (command("pirates"), command("vote"));
    assert!(
        alias["description"].as_str().unwrap().contains("Pirates"),
        "{alias:#}"
    );
    for (a, of) in [
        ("vote", "order"),
        ("votes", "ballots"),
        ("clear", "withdraw"),
    ] {
        let (a, of) = (sub(&alias, a), sub(&vote, of));
        assert_eq!(a["type"], 1);
        assert_eq!(a["options"], of["options"], "{a:#} vs {of:#}");
        assert_eq!(a["description"], of["description"]);
    }
    // No other alias: the bot's six commands and the one voted power's.
    let mut names: Vec<&str> = registered
        .iter()
        .filter_map(|c| c["name"].as_str())
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "alliance",
            "game",
            "leaderboard",
            "mod",
            "orders",
            "pirates",
            "press",
            "profile",
            "sandbox",
            "vote"
        ]
    );

    let host = 800_000_000_000_000_000u64;
    let id = fake.command(
        &Invoker::in_channel(host, CHANNEL, MODERATOR),
        "game",
        "create",
        json!([{"name": "variant", "type": 3, "value": "pirates"}, {"name": "movement", "type": 3, "value": "48h"}]),
    );
    let created = fake.wait_for("/game create", LIMIT, reply_to(id)).await;
    assert!(created.content.contains("Game 1 created"), "{created:?}");

    // Seven players, one per power a player can hold; nobody may take the Pirates.
    let powers = [
        "Denmark",
        "England",
        "France",
        "Holland",
        "Spain",
        "Buccaneers",
        "Corsairs",
    ];
    let players: Vec<u64> = (1..=7).map(|i| 820_000_000_000_000_000 + i).collect();
    let id = fake.command(
        &Invoker::in_channel(players[0], CHANNEL, "0"),
        "game",
        "join",
        json!([{"name": "power", "type": 3, "value": "Pirates"}]),
    );
    let r = fake
        .wait_for("joining as the Pirates", LIMIT, reply_to(id))
        .await;
    assert!(r.content.contains("not a power a player can hold"), "{r:?}");
    for (p, power) in players.iter().zip(powers) {
        let id = fake.command(
            &Invoker::in_channel(*p, CHANNEL, "0"),
            "game",
            "join",
            json!([{"name": "power", "type": 3, "value": power}]),
        );
        let r = fake.wait_for("/game join", LIMIT, reply_to(id)).await;
        assert!(r.content.contains("joins game 1"), "{r:?}");
    }
    let id = fake.command(
        &Invoker::in_channel(host, CHANNEL, MODERATOR),
        "game",
        "start",
        json!([]),
    );
    let started = fake.wait_for("/game start", LIMIT, reply_to(id)).await;
    assert!(started.content.contains("has begun"), "{started:?}");
    // Each player's welcome names both ways to vote.
    let welcomes = fake
        .wait_for("the players' welcomes", LIMIT, |sent| {
            let w: Vec<Sent> = sent
                .iter()
                .filter(|s| s.content.starts_with("You play"))
                .cloned()
                .collect();
            (w.len() == 7).then_some(w)
        })
        .await;
    for w in &welcomes {
        assert!(
            w.content
                .contains("on the orders of the Pirates: `/vote order` (or `/pirates vote`)."),
            "{}",
            w.content
        );
    }

    // Nobody sends setup orders: at the deadline the compulsory grants are made for them
    // (Spain's alphabetically first centres, Cartagena and Guaxaca, go to the Pirates).
    std::fs::write(&clock, (T0 + 49 * 3600).to_string()).unwrap();
    fake.wait_for(
        "the setup's results",
        LIMIT,
        channel_post("**Fall 1680 setup** has been adjudicated"),
    )
    .await;

    // A vote is private: in the channel it is refused.
    let england = players[1];
    let id = fake.command(
        &Invoker::in_channel(england, CHANNEL, "0"),
        "pirates",
        "vote",
        json!([{"name": "order", "type": 3, "value": "F ctg H"}]),
    );
    let r = fake.wait_for("a vote in public", LIMIT, reply_to(id)).await;
    assert!(r.private && r.content.contains("direct message"), "{r:?}");

    // Autocomplete offers the Pirate fleet's legal orders.
    let id = fake.autocomplete(&Invoker::dm(england), "pirates", "vote", "order", "F ctg -");
    let choices = fake
        .wait_for("vote autocomplete", LIMIT, |sent| {
            sent.iter()
                .find(|s| s.to == format!("interaction:{id}") && s.kind == Some(8))
                .cloned()
        })
        .await;
    let choices: Vec<String> = choices.payload["choices"]
        .as_array()
        .expect("choices")
        .iter()
        .filter_map(|c| c["value"].as_str().map(str::to_string))
        .collect();
    assert!(
        !choices.is_empty() && choices.iter().all(|c| c.starts_with("F ctg - ")),
        "{choices:?}"
    );
    let chosen = choices[0].clone();

    // England, France, Holland and Spain vote for it: 4 of 7 powers with 22 of the 31 owned
    // centres. Spain first votes for something else and then changes its vote.
    let vote = |player: u64, order: &str| {
        fake.command(
            &Invoker::dm(player),
            "pirates",
            "vote",
            json!([{"name": "order", "type": 3, "value": order}]),
        )
    };
    let id = vote(players[4], "F ctg H");
    let r = fake
        .wait_for("Spain's first vote", LIMIT, reply_to(id))
        .await;
    assert!(r.content.contains("recorded in secret"), "{}", r.content);
    assert!(
        r.content.contains("Your votes for the Pirates this phase"),
        "{}",
        r.content
    );
    // The generic command casts the same ballot as `/pirates vote`.
    for p in &players[1..5] {
        let id = fake.command(
            &Invoker::dm(*p),
            "vote",
            "order",
            json!([{"name": "order", "type": 3, "value": chosen}]),
        );
        let r = fake.wait_for("a vote", LIMIT, reply_to(id)).await;
        assert!(r.private, "{r:?}");
        assert!(r.content.contains(&format!("`{chosen}`")), "{}", r.content);
    }
    // Spain sees its one, changed, vote, under either name of the command.
    for (group, sub) in [("pirates", "votes"), ("vote", "ballots")] {
        let id = fake.command(&Invoker::dm(players[4]), group, sub, json!([]));
        let r = fake.wait_for("Spain's ballots", LIMIT, reply_to(id)).await;
        assert!(
            r.content.contains(&format!("- `{chosen}`")) && !r.content.contains("F ctg H"),
            "/{group} {sub}: {}",
            r.content
        );
    }
    // A vote for a unit that is not a Pirate's is refused with the units to vote on.
    let id = vote(players[0], "F stc H");
    let r = fake
        .wait_for("a vote for a Danish unit", LIMIT, reply_to(id))
        .await;
    assert!(
        r.content
            .contains("the units to vote on are: F ctg, F guax"),
        "{}",
        r.content
    );

    // The deadline: the votes are tallied and the post says how each Pirate order was decided.
    std::fs::write(&clock, (T0 + 98 * 3600).to_string()).unwrap();
    let posted = fake
        .wait_for(
            "Spring 1681's results",
            LIMIT,
            channel_post("**Spring 1681 movement** has been adjudicated"),
        )
        .await;
    assert!(
        posted.content.contains("Decided by vote:"),
        "{}",
        posted.content
    );
    assert!(
        posted.content.contains(&format!(
            "Pirates {chosen}: carried (4 of 7 powers, 22 of 31 centres)"
        )),
        "{}",
        posted.content
    );
    assert!(
        posted
            .content
            .contains("Pirates F guax H: no votes, so the default"),
        "{}",
        posted.content
    );
    for p in &players {
        assert!(
            !posted.content.contains(&p.to_string()),
            "no voter is named"
        );
    }

    stop(bot).await;
    assert!(fake.unexpected().is_empty(), "{:?}", fake.unexpected());
}
}
