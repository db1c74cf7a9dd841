//! Settings and moderation against a real SQLite file: daily deadlines in a timezone, the NMR
//! policy, rulebook choices, replacing and removing players, board edits and concessions.

mod store_common;
use store_common::*;

use engine::store::clock::Clock;
use engine::store::{
    BoardEdit, Closing, DailyDeadline, GameError, NmrPolicy, RulebookChoice, Settings,
};

fn refused(r: Result<impl std::fmt::Debug, GameError>) -> String {
    match r {
        Err(GameError::Refused(m)) => m,
        other => panic!("expected a refusal, got {other:?}"),
    }
}

on_both_backends! {
async fn a_daily_deadline_falls_at_the_local_time_of_day() {
    let dir = tempfile::tempdir().unwrap();
    let (games, clock) = fresh(&dir).await;
    // T0 is 2033-05-18 03:33:20 UTC; New York is on daylight time (UTC-4) then.
    let settings = Settings {
        daily: Some(DailyDeadline::new("21:30", "America/New_York").unwrap()),
        ..Settings::default()
    };
    let id = started_with(&games, "daily", settings).await;
    let info = games.info(id).await.unwrap();
    // Start + 12 h = 15:33 UTC = 11:33 in New York; the next 21:30 there is 01:30 UTC next day.
    let day_start = T0 - (T0 % 86400);
    assert_eq!(info.deadline, Some(day_start + 86400 + 3600 + 1800));
    assert!(info.settings.describe().contains("21:30 America/New_York"));

    // After adjudication the next phase again ends at 21:30 New York time.
    clock.set(info.deadline.unwrap());
    let due = games.due(clock.now()).await.unwrap();
    assert_eq!(due, vec![(id, 0)]);
    games.close_phase(id, 0).await.unwrap();
    let next = games.info(id).await.unwrap().deadline.unwrap();
    assert_eq!((next - (day_start + 3600 + 1800)) % 86400, 0);
    assert!(next - info.deadline.unwrap() >= 12 * 3600);

    let bad = Settings {
        daily: Some(DailyDeadline {
            time: "8pm".into(),
            timezone: "UTC".into(),
            min_phase_secs: 0,
        }),
        ..Settings::default()
    };
    let msg = refused(games.create(None, None, "standard", bad, 1).await);
    assert!(msg.contains("'8pm'") && msg.contains("HH:MM"), "{msg}");
}
}

on_both_backends! {
async fn wait_once_gives_missing_powers_one_more_period_then_they_hold() {
    let dir = tempfile::tempdir().unwrap();
    let (games, clock) = fresh(&dir).await;
    let settings = Settings {
        nmr: NmrPolicy::WaitOnce { secs: 3600 },
        ..Settings::default()
    };
    let id = started_with(&games, "nmr", settings).await;
    for p in POWERS.iter().filter(|p| **p != "Turkey") {
        let user = p.to_lowercase();
        let (_, v, pos) = games.current(id).await.unwrap();
        let power = v.power_by_name(p).unwrap();
        let orders: Vec<String> = pos
            .units
            .iter()
            .filter(|u| u.power == power)
            .map(|u| format!("{} hold", v.unit_text(u)))
            .collect();
        games.submit(id, &user, &orders).await.unwrap();
    }
    let deadline = games.info(id).await.unwrap().deadline.unwrap();
    clock.set(deadline);
    match games.close_phase(id, 0).await.unwrap() {
        Closing::Waiting { until, owing } => {
            assert_eq!(until, deadline + 3600);
            assert_eq!(owing, vec!["Turkey".to_string()]);
        }
        other => panic!("expected a wait, got {other:?}"),
    }
    assert_eq!(
        games.info(id).await.unwrap().phase.unwrap(),
        "Spring 1901 movement"
    );
    // Not due again until the wait is over; then Turkey's units hold.
    assert!(games.due(deadline + 1800).await.unwrap().is_empty());
    clock.set(deadline + 3600);
    match games.close_phase(id, 0).await.unwrap() {
        Closing::Adjudicated(r) => assert_eq!(r.next_phase, "Fall 1901 movement"),
        other => panic!("expected adjudication, got {other:?}"),
    }
    // The wait is once per phase: Fall 1901 waits again, but only once.
    let d2 = games.info(id).await.unwrap().deadline.unwrap();
    clock.set(d2);
    assert!(matches!(
        games.close_phase(id, 1).await.unwrap(),
        Closing::Waiting { .. }
    ));
    clock.set(d2 + 3600);
    assert!(matches!(
        games.close_phase(id, 1).await.unwrap(),
        Closing::Adjudicated(_)
    ));
}
}

on_both_backends! {
async fn a_rulebook_choice_is_kept_with_the_game_and_bad_ones_say_what_exists() {
    let dir = tempfile::tempdir().unwrap();
    let (games, _) = fresh(&dir).await;
    let choice = RulebookChoice {
        edition: Some("1971".into()),
        options: RulebookChoice::parse_options("coastal-crawl=true").unwrap(),
    };
    let id = games
        .create_with(
            None,
            Some("rb"),
            "standard",
            Settings::default(),
            &choice,
            3,
        )
        .await
        .unwrap();
    let info = games.info(id).await.unwrap();
    assert_eq!(info.rulebook, "1971 rules with coastal-crawl=true");

    let bad = RulebookChoice {
        edition: Some("1066".into()),
        ..RulebookChoice::default()
    };
    let msg = refused(
        games
            .create_with(None, None, "standard", Settings::default(), &bad, 3)
            .await,
    );
    assert!(msg.contains("1066") && msg.contains("1982"), "{msg}");
    let bad = RulebookChoice {
        edition: None,
        options: RulebookChoice::parse_options("fog-of-war=true").unwrap(),
    };
    let msg = refused(
        games
            .create_with(None, None, "standard", Settings::default(), &bad, 3)
            .await,
    );
    assert!(
        msg.contains("fog-of-war") && msg.contains("paradox"),
        "{msg}"
    );
}
}

on_both_backends! {
async fn a_removed_player_leaves_a_vacant_power_that_a_replacement_takes_over() {
    let dir = tempfile::tempdir().unwrap();
    let (games, _) = fresh(&dir).await;
    let id = started(&games).await;
    assert_eq!(
        games.remove_player(id, "italy", "mod").await.unwrap(),
        Some("Italy".into())
    );
    let info = games.info(id).await.unwrap();
    assert_eq!(info.vacant, vec!["Italy".to_string()]);
    assert!(refused(games.submit(id, "italy", &s(&["A ven h"])).await).contains("no power"));
    // Everyone who holds a power is ready: the vacant one does not hold the phase up.
    for p in POWERS.iter().filter(|p| **p != "Italy") {
        games.ready(id, &p.to_lowercase()).await.unwrap();
    }
    assert_eq!(games.due(T0).await.unwrap(), vec![(id, 0)]);

    assert_eq!(
        games.replace(id, "italy", "newcomer", "mod").await.unwrap(),
        None
    );
    assert_eq!(games.power_of(id, "newcomer").await.unwrap(), "Italy");
    let msg = refused(games.replace(id, "France", "newcomer", "mod").await);
    assert!(msg.contains("already plays Italy"), "{msg}");
    assert_eq!(
        games.replace(id, "France", "sub", "mod").await.unwrap(),
        Some("france".into())
    );
    assert!(refused(games.submit(id, "france", &s(&["A par h"])).await).contains("no power"));
    let doc = games.export(id).await.unwrap();
    let actions: Vec<&str> = doc["audit"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["action"].as_str().unwrap())
        .collect();
    assert_eq!(actions, ["remove", "replace", "replace"]);
}
}

on_both_backends! {
async fn board_edits_change_the_current_position_and_refuse_impossible_ones() {
    let dir = tempfile::tempdir().unwrap();
    let (games, _) = fresh(&dir).await;
    let id = started(&games).await;
    let add = |power: &str, unit: &str| BoardEdit::AddUnit {
        power: power.into(),
        unit: unit.into(),
    };
    let line = games
        .edit_board(id, &add("England", "F nao"), "mod")
        .await
        .unwrap();
    assert_eq!(line, "added England F nao");
    let msg = refused(games.edit_board(id, &add("England", "F mun"), "mod").await);
    assert!(msg.contains("cannot stand in mun"), "{msg}");
    let msg = refused(games.edit_board(id, &add("France", "A mar"), "mod").await);
    assert!(msg.contains("already has a unit"), "{msg}");
    let msg = refused(games.edit_board(id, &add("France", "bur"), "mod").await);
    assert!(msg.contains("which kind"), "{msg}");
    games
        .edit_board(id, &BoardEdit::RemoveUnit { at: "mar".into() }, "mod")
        .await
        .unwrap();
    games
        .edit_board(
            id,
            &BoardEdit::SetOwner {
                province: "belgium".into(),
                power: Some("germany".into()),
            },
            "mod",
        )
        .await
        .unwrap();
    let msg = refused(
        games
            .edit_board(
                id,
                &BoardEdit::SetOwner {
                    province: "bur".into(),
                    power: None,
                },
                "mod",
            )
            .await,
    );
    assert!(msg.contains("not a supply centre"), "{msg}");

    let (_, v, pos) = games.current(id).await.unwrap();
    let nao = v.map.province_by_id("nao").unwrap();
    let mar = v.map.province_by_id("mar").unwrap();
    let bel = v.map.province_by_id("bel").unwrap();
    assert!(pos.unit_at(nao).is_some() && pos.unit_at(mar).is_none());
    assert_eq!(pos.owners[bel.0 as usize], v.power_by_name("Germany"));
    // England can order its new fleet.
    let r = games
        .submit(id, "england", &s(&["F nao - iri"]))
        .await
        .unwrap();
    assert!(r.feedback[0].accepted.is_some(), "{:?}", r.feedback);
}
}

on_both_backends! {
async fn concession_needs_every_other_surviving_power_and_frees_the_channel() {
    let dir = tempfile::tempdir().unwrap();
    let (games, _) = fresh(&dir).await;
    let id = started(&games).await;
    let msg = refused(games.vote_concede(id, "france", Some("France")).await);
    assert!(msg.contains("yourself"), "{msg}");
    let others: Vec<&str> = POWERS.iter().copied().filter(|p| *p != "France").collect();
    for (i, p) in others.iter().enumerate() {
        let out = games
            .vote_concede(id, &p.to_lowercase(), Some("france"))
            .await
            .unwrap();
        if i + 1 < others.len() {
            assert_eq!(out, None, "ended after {i} votes");
        } else {
            assert_eq!(out.as_deref(), Some("the game is conceded to France"));
        }
    }
    let info = games.info(id).await.unwrap();
    assert_eq!(info.status, "finished");
    assert_eq!(info.outcome.unwrap()["concession"], "France");
    // The channel can host a new game now that this one is over.
    games
        .create(
            Some("guild"),
            Some("chan"),
            "standard",
            Settings::default(),
            9,
        )
        .await
        .expect("a new game in the same channel");
}
}

on_both_backends! {
async fn reminders_go_once_per_phase_to_players_who_still_owe_orders() {
    let dir = tempfile::tempdir().unwrap();
    let (games, _) = fresh(&dir).await;
    let id = started(&games).await;
    let deadline = games.info(id).await.unwrap().deadline.unwrap();
    assert!(games.reminders_due(T0, 3600).await.unwrap().is_empty());
    games
        .submit(id, "italy", &s(&["A ven h", "A rom h", "F nap h"]))
        .await
        .unwrap();
    let due = games.reminders_due(deadline - 1800, 3600).await.unwrap();
    assert_eq!(due.len(), 1);
    let (gid, seq, users) = &due[0];
    assert_eq!((*gid, *seq), (id, 0));
    assert_eq!(users.len(), 6);
    assert!(!users.contains(&"italy".to_string()));
    games.mark_reminded(id, 0).await.unwrap();
    assert!(games
        .reminders_due(deadline - 1800, 3600)
        .await
        .unwrap()
        .is_empty());
}
}

on_both_backends! {
async fn a_variants_own_options_are_chosen_with_the_rulebook_options() {
    let dir = tempfile::tempdir().unwrap();
    let (games, _) = fresh(&dir).await;
    let choice = RulebookChoice {
        edition: None,
        options: RulebookChoice::parse_options("high-ocean-box=false paradox=szykman").unwrap(),
    };
    let id = games
        .create_with(
            None,
            Some("davis"),
            "davis",
            Settings::default(),
            &choice,
            3,
        )
        .await
        .unwrap();
    let info = games.info(id).await.unwrap();
    assert_eq!(
        info.settings.variant_options.get("high-ocean-box"),
        Some(&false)
    );
    assert!(info.rulebook.starts_with("1971 rules"), "{}", info.rulebook);

    // The Abstraction A/F rules are chosen the same way.
    let choice = RulebookChoice {
        edition: None,
        options: RulebookChoice::parse_options("abstraction=true").unwrap(),
    };
    let id = games
        .create_with(None, None, "davis", Settings::default(), &choice, 3)
        .await
        .unwrap();
    let info = games.info(id).await.unwrap();
    assert_eq!(
        info.settings.variant_options.get("abstraction"),
        Some(&true)
    );

    let choice = RulebookChoice {
        edition: None,
        options: RulebookChoice::parse_options("abstraktion=true").unwrap(),
    };
    let msg = refused(
        games
            .create_with(None, None, "davis", Settings::default(), &choice, 3)
            .await,
    );
    assert!(msg.contains("abstraktion"), "{msg}");
}
}

on_both_backends! {
async fn autocomplete_offers_the_board_a_moderator_edited_not_the_one_before() {
    let dir = tempfile::tempdir().unwrap();
    let (games, _) = fresh(&dir).await;
    let id = started(&games).await;
    let england = || engine::store::Orderer::Power("England".into());
    let before = games.legal_order_texts(id, england()).await.unwrap();
    assert!(!before.iter().any(|o| o.starts_with("F nao")), "{before:?}");
    games
        .edit_board(
            id,
            &BoardEdit::AddUnit {
                power: "England".into(),
                unit: "F nao".into(),
            },
            "mod",
        )
        .await
        .unwrap();
    let after = games.legal_order_texts(id, england()).await.unwrap();
    assert!(after.iter().any(|o| o == "F nao H"), "{after:?}");
    games
        .edit_board(id, &BoardEdit::RemoveUnit { at: "lon".into() }, "mod")
        .await
        .unwrap();
    let last = games.legal_order_texts(id, england()).await.unwrap();
    assert!(!last.iter().any(|o| o.starts_with("F lon")), "{last:?}");
}
}

on_both_backends! {
/// A moderator sets owners of the centres the rulebook counts, not only those the map marks:
/// in Atlantica II, Atlantis once found (rule 6d) has an owner a moderator may change, and an
/// area where nothing was found has none.
async fn a_moderator_sets_the_owner_of_atlantis_once_found() {
    let dir = tempfile::tempdir().unwrap();
    let (games, _) = fresh(&dir).await;
    let id = games
        .create(Some("guild"), Some("c1"), "atlantica", Settings::default(), 7)
        .await
        .expect("create");
    for p in ["England", "France", "Germany", "Italy", "Canada", "CSA", "USA"] {
        games.join(id, &p.to_lowercase(), Some(p)).await.expect("join");
    }
    games.start(id).await.expect("start");
    let set = |area: &str| BoardEdit::SetOwner {
        province: area.into(),
        power: Some("France".into()),
    };
    let msg = refused(games.edit_board(id, &set("ar3"), "mod").await);
    assert!(msg.contains("Area 3 is not a supply centre"), "{msg}");

    // The same game with Atlantis found in Area 3 by England (written into its export).
    let mut doc = games.export(id).await.expect("export");
    doc["channel"] = serde_json::Value::Null;
    doc["phases"][0]["position"]["tokens"] =
        serde_json::json!([{"kind": "atlantis", "province": "ar3", "power": "England"}]);
    let found = games.import(&doc).await.expect("import");
    let line = games
        .edit_board(found, &set("ar3"), "mod")
        .await
        .expect("Atlantis is a centre once found");
    assert!(line.contains("now owned by France"), "{line}");
    let (_, v, pos) = games.current(found).await.unwrap();
    let ar3 = v.map.province_by_id("ar3").unwrap();
    assert_eq!(pos.owners[ar3.0 as usize], v.power_by_name("France"));
    let msg = refused(games.edit_board(found, &set("ar4"), "mod").await);
    assert!(msg.contains("not a supply centre"), "{msg}");
}
}
