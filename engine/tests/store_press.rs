//! Press in the store, on both backends: the press rule and anonymity kept in the game's
//! settings through export and import, the rules' refusals, one conversation per set of
//! powers, and the plan that follows seats and the end of the game.

mod store_common;
use engine::store::settings::PressRule;
use engine::store::{GameError, Settings};
use store_common::*;

on_both_backends! {
async fn the_press_rule_and_anonymity_travel_with_the_game() {
    let dir = tempfile::tempdir().unwrap();
    let (games, _) = fresh(&dir).await;
    let settings = Settings {
        press: PressRule::Rulebook,
        anonymous: true,
        ..Settings::default()
    };
    let id = started_with(&games, "chan", settings.clone()).await;
    let doc = games.export(id).await.unwrap();
    assert_eq!(doc["settings"]["press"], "rulebook");
    assert_eq!(doc["settings"]["anonymous"], true);
    let mut moved = doc.clone();
    moved["channel"] = serde_json::Value::Null;
    let again = games.import(&moved).await.unwrap();
    let info = games.info(again).await.unwrap();
    assert_eq!((info.settings.press, info.settings.anonymous), (PressRule::Rulebook, true));
    // A game made without them exports as before: neither field is written.
    let plain = started_with(&games, "other", Settings::default()).await;
    let doc = games.export(plain).await.unwrap();
    assert!(doc["settings"].get("press").is_none() && doc["settings"].get("anonymous").is_none());
    assert!(PressRule::parse("shouting").unwrap_err().contains("full"));
    assert_eq!(PressRule::parse("Gunboat").unwrap(), PressRule::None);
}
}

on_both_backends! {
async fn one_conversation_per_set_of_powers_following_seats_to_the_end() {
    let dir = tempfile::tempdir().unwrap();
    let (games, _) = fresh(&dir).await;
    let id = started(&games).await;
    let opened = games.open_press(id, "france", "Italy England").await.unwrap();
    assert!(opened.new);
    assert_eq!(opened.thread.name, "England - France - Italy");
    assert_eq!(opened.thread.powers, ["England", "France", "Italy"]);
    let again = games.open_press(id, "italy", "france, ENGLAND").await.unwrap();
    assert!(!again.new);
    assert_eq!(again.thread.row, opened.thread.row);
    for (who, with, says) in [
        ("france", "France", "at least one other power"),
        ("france", "Atlantis", "not a power"),
        ("nobody", "Italy", "hold no power"),
    ] {
        match games.open_press(id, who, with).await {
            Err(GameError::Refused(m)) => assert!(m.contains(says), "{m}"),
            other => panic!("{other:?}"),
        }
    }
    let plan = games.press_plan(id).await.unwrap();
    let t = &plan.threads[0];
    assert_eq!(t.members.iter().collect::<Vec<_>>(), ["england", "france", "italy"]);
    assert!(t.pending() && !t.locked && !t.archived);
    // Discord did it all: nothing is pending.
    games.press_thread_made(t.thread.row, "123").await.unwrap();
    for u in ["england", "france", "italy"] {
        games.press_member(t.thread.row, u, true).await.unwrap();
    }
    assert!(!games.press_plan(id).await.unwrap().threads[0].pending());
    // France changes hands: the plan has the new player instead.
    games.replace(id, "France", "newcomer", "host").await.unwrap();
    let t = &games.press_plan(id).await.unwrap().threads[0];
    assert_eq!(t.members.iter().collect::<Vec<_>>(), ["england", "italy", "newcomer"]);
    assert!(t.pending());
}
}

on_both_backends! {
async fn gunboat_and_public_press_open_nothing_and_anonymous_games_no_thread() {
    let dir = tempfile::tempdir().unwrap();
    let (games, _) = fresh(&dir).await;
    for (channel, settings, says) in [
        ("a", Settings { press: PressRule::None, ..Settings::default() }, "gunboat"),
        ("b", Settings { press: PressRule::Public, ..Settings::default() }, "public press"),
        ("c", Settings { anonymous: true, ..Settings::default() }, "/press send"),
    ] {
        let id = started_with(&games, channel, settings).await;
        match games.open_press(id, "france", "Italy").await {
            Err(GameError::Refused(m)) => assert!(m.contains(says), "{m}"),
            other => panic!("{other:?}"),
        }
        assert!(games.press_threads(id).await.unwrap().is_empty());
    }
}
}
