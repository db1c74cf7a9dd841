//! Secret draws in the games service (issue 15, Lost Atlantis's keeping): a variant's draws
//! are made from the game's seed when it is created, reach the game's rules, stay out of
//! everything the service gives players and out of the export until play reveals them, are
//! shown to moderators, and an export without them imports as a game that plays on.

mod store_common;
use store_common::*;

mod secretland;

use engine::store::{GameError, Games, Orderer, Settings};
use serde_json::{json, Value};

const MODERATOR: &str = "moderator";

async fn create(games: &Games, channel: &str, seed: u64) -> i64 {
    secretland::register();
    games
        .create(
            Some("guild"),
            Some(channel),
            secretland::ID,
            Settings::default(),
            seed,
        )
        .await
        .expect("create")
}

/// Seven players who ask for no power, so the seed assigns them.
async fn seat_by_seed(games: &Games, id: i64) -> Vec<(String, String)> {
    for p in POWERS {
        games
            .join(id, &format!("u-{}", p.to_lowercase()), None)
            .await
            .expect("join");
    }
    games.start(id).await.expect("start")
}

/// The value of a secret draw, as a moderator sees it.
async fn secret(games: &Games, id: i64, name: &str) -> (u32, bool) {
    let s = games.secrets(id, MODERATOR).await.expect("secrets");
    let d = s
        .iter()
        .find(|d| d.name == name)
        .expect("the draw is listed");
    (d.value, d.revealed)
}

/// Adjudicates phases (everyone holding) until the game is in `year`.
async fn play_to(games: &Games, id: i64, year: i32) {
    loop {
        let (seq, _, position) = games.current(id).await.expect("current");
        if position.phase.year >= year {
            return;
        }
        games
            .adjudicate(id, seq)
            .await
            .expect("adjudicates")
            .expect("the phase was due");
    }
}

/// Every text the service gives players about a game: status, the current orders and legal
/// orders of every power, each phase's position and record, the phase names.
async fn player_visible(games: &Games, id: i64) -> String {
    let mut all = String::new();
    let info = games.info(id).await.expect("info");
    all += &serde_json::to_string(&info).unwrap();
    for p in POWERS {
        let user = format!("u-{}", p.to_lowercase());
        if let Ok(power) = games.power_of(id, &user).await {
            if let Ok(r) = games.orders_of(id, &user).await {
                all += &serde_json::to_string(&r).unwrap();
            }
            if let Ok(list) = games
                .legal_order_texts(id, Orderer::Power(power.clone()))
                .await
            {
                all += &list.join("\n");
            }
        }
    }
    for view in games.history(id).await.expect("history") {
        all += &view.name;
        all += &engine::case::position_json(&view.variant, &view.position).to_string();
        if let Some(r) = &view.record {
            all += &r.to_json(&view.variant).to_string();
            all += &serde_json::to_string(r).unwrap();
        }
    }
    for (_, name) in games.phase_names(id).await.expect("names") {
        all += &name;
    }
    all
}

on_both_backends! {
async fn secrets_are_drawn_from_the_seed_and_reach_the_rules_without_moving_the_seats() {
    let dir = tempfile::tempdir().unwrap();
    let (games, _clock) = fresh(&dir).await;
    let a = create(&games, "a", 4242).await;
    let b = create(&games, "b", 4242).await;
    let c = create(&games, "c", 4243).await;
    let (ta, _) = secret(&games, a, "treasure").await;
    let (tb, _) = secret(&games, b, "treasure").await;
    let (tc, _) = secret(&games, c, "treasure").await;
    assert_eq!(ta, tb, "the same seed draws the same secret");
    assert_ne!(ta, tc, "another seed draws another secret");
    assert!((1..=1_000_000).contains(&ta));
    let (area, revealed) = secret(&games, a, "area").await;
    assert!((1..=6).contains(&area) && !revealed);

    // The draws do not take numbers from the seats' sequence: a Standard game with the same
    // seed and the same players seats them the same way.
    let seats = seat_by_seed(&games, a).await;
    let standard = games
        .create(
            Some("guild"),
            Some("s"),
            "standard",
            Settings::default(),
            4242,
        )
        .await
        .unwrap();
    assert_eq!(seat_by_seed(&games, standard).await, seats);

    // The game's rules carry its values; another game's rules carry its own.
    let (_, rules, _) = games.current(a).await.unwrap();
    assert_eq!(rules.ruleset.hidden("treasure"), Some(ta));
    assert_eq!(rules.ruleset.hidden("area"), Some(area));
    seat_by_seed(&games, c).await;
    let (_, other, _) = games.current(c).await.unwrap();
    assert_eq!(other.ruleset.hidden("treasure"), Some(tc));
    // Debug output (logs) names the draws, never their values.
    let debug = format!("{rules:?}");
    assert!(
        debug.contains("treasure") && !debug.contains(&ta.to_string()),
        "{debug}"
    );

    // A game of a variant with no secrets has none to show.
    let e = games.secrets(standard, MODERATOR).await.unwrap_err();
    assert!(e.to_string().contains("draws no secrets"), "{e}");
}
}

on_both_backends! {
async fn a_secret_is_in_no_player_text_nor_export_until_play_reveals_it() {
    let dir = tempfile::tempdir().unwrap();
    let (games, _clock) = fresh(&dir).await;
    let id = create(&games, "chan", 1870).await;
    seat_by_seed(&games, id).await;
    let (treasure, _) = secret(&games, id, "treasure").await;
    let (area, _) = secret(&games, id, "area").await;
    let needle = treasure.to_string();
    assert!(
        needle.len() >= 5,
        "the test needs a distinctive number; seed 1870 drew {treasure}"
    );
    // A moderator's look is recorded by name, never by value.
    let audit = games.export(id).await.unwrap()["audit"].to_string();
    assert!(audit.contains("view-secrets"), "{audit}");

    // Play a spring with some orders, and look everywhere a player could.
    games
        .submit(id, "u-france", &s(&["A par - bur", "F bre - mao"]))
        .await
        .ok();
    games.adjudicate(id, 0).await.unwrap().expect("adjudicated");
    let seen = player_visible(&games, id).await;
    assert!(
        !seen.contains(&needle),
        "the secret {needle} shows to players"
    );

    let export = games.export(id).await.unwrap();
    let text = export.to_string();
    assert!(
        !text.contains(&needle),
        "the export carries the secret {needle}"
    );
    assert!(export.get("hidden").is_none(), "{}", export["hidden"]);
    assert_eq!(
        export["seed"],
        Value::Null,
        "the seed would let anyone draw the secret again"
    );

    // 1902: the rulebook reveals the treasure (not yet the area); the export carries it, and
    // still no seed, from which the area could be drawn.
    play_to(&games, id, 1902).await;
    assert_eq!(secret(&games, id, "treasure").await, (treasure, true));
    assert_eq!(secret(&games, id, "area").await, (area, false));
    let export = games.export(id).await.unwrap();
    assert_eq!(export["hidden"], json!({"treasure": treasure}));
    assert_eq!(export["seed"], Value::Null);

    // 1903: everything is revealed; the seed is exported again.
    play_to(&games, id, 1903).await;
    let export = games.export(id).await.unwrap();
    assert_eq!(
        export["hidden"],
        json!({"treasure": treasure, "area": area})
    );
    assert_eq!(export["seed"], json!(1870));
    // Imported, it plays with the same secrets.
    let copy = games.import(&with_channel(&export, "copy")).await.unwrap();
    assert_eq!(secret(&games, copy, "treasure").await.0, treasure);
    assert_eq!(secret(&games, copy, "area").await.0, area);
}
}

fn with_channel(doc: &Value, channel: &str) -> Value {
    let mut doc = doc.clone();
    doc["channel"] = json!(channel);
    doc
}

on_both_backends! {
async fn an_export_without_its_secrets_imports_as_a_game_that_plays_on() {
    let dir = tempfile::tempdir().unwrap();
    let (games, _clock) = fresh(&dir).await;
    let id = create(&games, "chan", 99).await;
    seat_by_seed(&games, id).await;
    games
        .submit(id, "u-germany", &s(&["A mun - bur"]))
        .await
        .ok();
    games.adjudicate(id, 0).await.unwrap().unwrap();
    let export = games.export(id).await.unwrap();
    assert_eq!(export["seed"], Value::Null);

    let copy = games.import(&with_channel(&export, "copy")).await.unwrap();
    // Fresh draws, within their faces, and the rules have them.
    let (t, _) = secret(&games, copy, "treasure").await;
    let (a, _) = secret(&games, copy, "area").await;
    assert!((1..=1_000_000).contains(&t) && (1..=6).contains(&a));
    let (seq, rules, _) = games.current(copy).await.unwrap();
    assert_eq!(rules.ruleset.hidden("treasure"), Some(t));
    // The copy is played on: orders are taken and the phase is adjudicated.
    let user = games
        .player_of(copy, "France")
        .await
        .unwrap()
        .expect("a player");
    let report = games
        .submit(copy, &user, &s(&["A par - bur"]))
        .await
        .unwrap();
    assert_eq!(report.feedback[0].accepted.as_deref(), Some("A par - bur"));
    let done = games
        .adjudicate(copy, seq)
        .await
        .unwrap()
        .expect("adjudicated");
    assert_eq!(done.phase, "Fall 1901 movement");

    // Importing the same file again draws again: the copies need not agree, and nobody can
    // tell the original's secret from them.
    let again = games.import(&with_channel(&export, "again")).await.unwrap();
    let (t2, _) = secret(&games, again, "treasure").await;
    assert!((1..=1_000_000).contains(&t2));
}
}

on_both_backends! {
async fn a_game_file_with_wrong_secrets_is_refused_naming_the_field() {
    let dir = tempfile::tempdir().unwrap();
    let (games, _clock) = fresh(&dir).await;
    let id = create(&games, "chan", 5).await;
    seat_by_seed(&games, id).await;
    let export = with_channel(&games.export(id).await.unwrap(), "copy");
    for (hidden, words) in [
        (
            json!({"nope": 1}),
            "hidden.nope: not a secret of this variant; expected one of treasure, area",
        ),
        (
            json!({"area": 7}),
            "hidden.area: 7 is not a draw of this secret; expected a whole number from 1 to 6",
        ),
        (json!({"area": "three"}), "hidden.area"),
        (json!([1, 2]), "hidden: expected an object"),
    ] {
        let mut doc = export.clone();
        doc["hidden"] = hidden;
        match games.import(&doc).await {
            Err(GameError::Refused(m)) => assert!(m.contains(words), "{m}"),
            other => panic!("expected a refusal, got {other:?}"),
        }
    }
    // A Standard game's file with secrets is refused too.
    let standard = games
        .create(
            Some("guild"),
            Some("std"),
            "standard",
            Settings::default(),
            5,
        )
        .await
        .unwrap();
    let mut doc = games.export(standard).await.unwrap();
    doc["channel"] = json!("std2");
    doc["hidden"] = json!({"area": 1});
    let e = games.import(&doc).await.unwrap_err().to_string();
    assert!(e.contains("variant 'standard' draws no secrets"), "{e}");
}
}

on_both_backends! {
async fn a_moderators_export_with_its_secrets_imports_with_the_same_secrets() {
    let dir = tempfile::tempdir().unwrap();
    let (games, _clock) = fresh(&dir).await;
    let id = create(&games, "chan", 4242).await;
    seat_by_seed(&games, id).await;
    games.adjudicate(id, 0).await.unwrap().unwrap();
    let (treasure, revealed) = secret(&games, id, "treasure").await;
    let (area, _) = secret(&games, id, "area").await;
    assert!(!revealed, "1901: nothing revealed yet");
    // The ordinary export withholds them; the moderator's keeps every draw and the seed.
    let plain = games.export(id).await.unwrap();
    assert!(plain.get("hidden").is_none(), "{}", plain["hidden"]);
    let kept = games
        .export_with(id, engine::store::Secrets::Keep)
        .await
        .unwrap();
    assert_eq!(kept["hidden"], json!({"area": area, "treasure": treasure}));
    assert_eq!(kept["seed"], json!(4242));
    // Moved to another channel, the game keeps its secrets and plays on.
    let copy = games.import(&with_channel(&kept, "moved")).await.unwrap();
    assert_eq!(secret(&games, copy, "treasure").await, (treasure, false));
    assert_eq!(secret(&games, copy, "area").await, (area, false));
    let (_, rules, _) = games.current(copy).await.unwrap();
    assert_eq!(rules.ruleset.hidden("area"), Some(area));
}
}
