//! The alliance commands and the moderators' view of secret draws, on the games service
//! without Discord: `/alliance` only in a DM, the other power told by DM, autocomplete of
//! the powers, the results post, status and history of an alliance victory; `/mod secrets`
//! for moderators only; and a secret draw's value in no text a player is given.

mod common;
use common::*;

#[path = "../../engine/tests/secretland/mod.rs"]
mod secretland;

use engine::store::{BoardEdit, GameError, Games, Settings};
use parley::discord::actions::{self, Answer};
use parley::discord::posts;

fn refusal(r: actions::Outcome) -> String {
    match r {
        Err(GameError::Refused(m)) => m,
        other => panic!("expected a refusal, got {other:?}"),
    }
}

/// Everything an answer shows: its reply, its files' text, its announcements.
fn texts(a: &Answer) -> String {
    let mut all = a.reply.text.clone();
    for (_, bytes) in &a.reply.files {
        all += &String::from_utf8_lossy(bytes);
    }
    for (to, p) in &a.announce {
        all += &format!("\n[{to}] {}", p.text);
    }
    all
}

async fn secretland_game(games: &Games) -> (i64, String) {
    secretland::register();
    let id = games
        .create(
            Some("guild"),
            Some("chan"),
            secretland::ID,
            Settings::default(),
            1870,
        )
        .await
        .unwrap();
    for p in POWERS {
        games.join(id, &p.to_lowercase(), Some(p)).await.unwrap();
    }
    let start = actions::game_start(games, &in_channel("france", "chan", false))
        .await
        .unwrap();
    (id, texts(&start))
}

#[tokio::test]
async fn allies_declare_in_dms_and_win_together_in_the_results() {
    let dir = tempfile::tempdir().unwrap();
    let (games, _clock) = fresh(&dir).await;
    let (id, _) = secretland_game(&games).await;

    // Only in a DM, with the reason.
    let m = refusal(
        actions::alliance_propose(
            &games,
            &in_channel("france", "chan", false),
            None,
            "England",
        )
        .await,
    );
    assert!(m.contains("direct message"), "{m}");

    // Autocomplete offers the other powers, then the proposer to the one proposed to.
    let offered = actions::alliance_suggestions(&games, "france", None, false, "").await;
    assert_eq!(
        offered,
        ["Austria", "England", "Germany", "Italy", "Russia", "Turkey"]
    );
    assert_eq!(
        actions::alliance_suggestions(&games, "france", None, false, "en").await,
        ["England"]
    );
    let a = actions::alliance_propose(&games, &dm("france"), None, "england")
        .await
        .unwrap();
    assert!(a.private);
    assert!(
        a.reply
            .text
            .contains("France proposes an alliance to England"),
        "{}",
        a.reply.text
    );
    let (to, told) = &a.announce[0];
    assert_eq!(to, "user:england");
    assert!(
        told.text.contains("/alliance accept power:France") && told.text.contains("16 centres"),
        "{}",
        told.text
    );
    assert_eq!(
        actions::alliance_suggestions(&games, "england", None, true, "").await,
        ["France"]
    );
    let a = actions::alliance_accept(&games, &dm("england"), None, "France")
        .await
        .unwrap();
    assert!(
        a.reply.text.contains("England and France are allied"),
        "{}",
        a.reply.text
    );
    assert_eq!(a.announce[0].0, "user:france");
    // Allied powers are no longer offered to others.
    let offered = actions::alliance_suggestions(&games, "germany", None, false, "").await;
    assert_eq!(offered, ["Austria", "Italy", "Russia", "Turkey"]);
    let shown = actions::alliance_show(&games, &dm("france"), None)
        .await
        .unwrap();
    assert!(
        shown.reply.text.contains("allied with **England**"),
        "{}",
        shown.reply.text
    );

    // The status says how an alliance wins, never who is allied.
    let status = actions::game_status(&games, &in_channel("italy", "chan", false), None)
        .await
        .unwrap();
    assert!(
        status
            .reply
            .text
            .contains("two allied powers owning 16 together"),
        "{}",
        status.reply.text
    );
    assert!(!status.reply.text.contains("England and France"));

    // Sixteen centres between them at the end of the fall move: they win together.
    let moderator = in_channel("mod", "chan", true);
    for (power, centres) in [
        ("England", ["nwy", "swe", "den", "hol", "bel"]),
        ("France", ["spa", "por", "tun", "gre", "ser"]),
    ] {
        for c in centres {
            let edit = BoardEdit::SetOwner {
                province: c.into(),
                power: Some(power.into()),
            };
            actions::mod_board(&games, &moderator, &edit).await.unwrap();
        }
    }
    games.adjudicate(id, 0).await.unwrap().unwrap();
    let fall = games.adjudicate(id, 1).await.unwrap().unwrap();
    assert_eq!(fall.finished.as_deref(), Some("England and France"));
    let post = posts::phase_results(&games, id, 1).await.unwrap().unwrap();
    assert!(
        post.text
            .contains("**The game is over: England and France win together** with 16 centres."),
        "{}",
        post.text
    );
    // The results file ends the game the same way, after the year's count.
    let (_, file) = post
        .files
        .iter()
        .find(|(n, _)| n.ends_with(".txt"))
        .expect("the results as text");
    let file = String::from_utf8_lossy(file);
    for told in [
        "Supply centres, counted after this phase:",
        "  England  8  no change",
        "  France   8  no change",
        "The game is over: England and France win together with 16 centres.",
    ] {
        assert!(file.contains(told), "{told}: {file}");
    }
    assert!(
        post.text.contains("Centres: no centre changed hands."),
        "{}",
        post.text
    );
    let status = actions::game_status(&games, &in_channel("italy", "chan", false), None)
        .await
        .unwrap();
    assert!(
        status
            .reply
            .text
            .contains("Outcome: England and France win together with 16 centres."),
        "{}",
        status.reply.text
    );
    let history = actions::game_history(&games, &in_channel("italy", "chan", false), None)
        .await
        .unwrap();
    assert!(
        texts(&history)
            .contains("The game is over: England and France win together with 16 centres."),
        "{}",
        texts(&history)
    );
    assert!(
        texts(&history).contains("Outcome: England and France win together with 16 centres."),
        "{}",
        history.reply.text
    );
    // Alliances no longer change once the game is over (orders neither).
    let m = refusal(actions::alliance_withdraw(&games, &dm("france"), Some(id)).await);
    assert!(m.contains("you do not play in game"), "{m}");
}

#[tokio::test]
async fn a_secret_reaches_moderators_and_no_player_text() {
    let dir = tempfile::tempdir().unwrap();
    let (games, _clock) = fresh(&dir).await;
    let (id, start) = secretland_game(&games).await;

    // Moderators only, in the game's channel.
    let m = refusal(actions::mod_secrets(&games, &in_channel("france", "chan", false)).await);
    assert!(m.contains("moderator command"), "{m}");
    let m = refusal(actions::mod_secrets(&games, &dm("france")).await);
    assert!(m.contains("server channel"), "{m}");
    let seen = actions::mod_secrets(&games, &in_channel("mod", "chan", true))
        .await
        .unwrap();
    assert!(seen.private);
    let value = games
        .secrets(id, "test")
        .await
        .unwrap()
        .into_iter()
        .find(|s| s.name == "treasure")
        .unwrap()
        .value;
    let needle = value.to_string();
    assert!(needle.len() >= 5, "seed 1870 drew {value}");
    assert!(
        seen.reply.text.contains(&format!(
            "treasure (the number of the buried treasure): **{value}** of 1-1000000, still secret"
        )),
        "{}",
        seen.reply.text
    );
    // The channel hears that a moderator looked, not what they saw.
    let (to, line) = &seen.announce[0];
    assert_eq!(to, "chan");
    assert!(
        line.text
            .contains("looked at the game's secret draws (treasure, area)"),
        "{}",
        line.text
    );
    assert!(!line.text.contains(&needle));

    // Everything the players are given: the start and its DMs, orders and their replies,
    // status, the results post with its text file, the map post's text, history.
    let mut seen_by_players = start;
    for (user, orders) in [
        ("france", "A par - bur\nF bre - mao"),
        ("germany", "A mun - bur"),
    ] {
        let a = actions::orders_submit(&games, &dm(user), None, orders)
            .await
            .unwrap();
        seen_by_players += &texts(&a);
        seen_by_players += &texts(&actions::orders_show(&games, &dm(user), None).await.unwrap());
    }
    seen_by_players += &actions::order_suggestions(&games, "italy", None, "")
        .await
        .join("\n");
    games.adjudicate(id, 0).await.unwrap().unwrap();
    let post = posts::phase_results(&games, id, 0).await.unwrap().unwrap();
    seen_by_players += &post.text;
    for (name, bytes) in &post.files {
        if name.ends_with(".txt") {
            seen_by_players += &String::from_utf8_lossy(bytes);
        }
    }
    for a in [
        actions::game_status(&games, &in_channel("italy", "chan", false), None).await,
        actions::game_history(&games, &in_channel("italy", "chan", false), None).await,
        actions::game_list(&games, &in_channel("italy", "chan", false)).await,
        actions::game_map(&games, &in_channel("italy", "chan", false), None, None).await,
    ] {
        let mut a = a.unwrap();
        a.reply.files.retain(|(n, _)| n.ends_with(".txt"));
        seen_by_players += &texts(&a);
    }
    assert!(seen_by_players.contains("Spring 1901 movement"));
    assert!(
        !seen_by_players.contains(&needle),
        "the secret {needle} shows to players"
    );
}
