//! Pirates of the Caribbean in the games service: seven players and nobody holding the
//! Pirates, the setup as the players' orders, and the secret vote on the Pirates' orders from
//! ballot to results.

mod common;
use common::{fresh, s};
use engine::store::clock::Clock;
use engine::store::{GameError, Games, Settings};

const PLAYERS: [&str; 7] = [
    "Denmark",
    "England",
    "France",
    "Holland",
    "Spain",
    "Buccaneers",
    "Corsairs",
];

/// A phase's results as the export writes them: names and words.
fn results(report: &engine::store::PhaseReport) -> serde_json::Value {
    report
        .record
        .to_json(&engine::Variant::builtin("pirates").expect("pirates"))
}

fn user(power: &str) -> String {
    power.to_lowercase()
}

async fn pirates_game(games: &Games) -> i64 {
    let id = games
        .create(
            Some("guild"),
            Some("caribbean"),
            "pirates",
            Settings::default(),
            3,
        )
        .await
        .expect("create");
    for p in PLAYERS {
        games.join(id, &user(p), Some(p)).await.expect("join");
    }
    id
}

/// Plays the setup with fixed orders: the Pirates get Havana, Veragua and (by a clash)
/// Tortuga.
async fn play_setup(games: &Games, id: i64) {
    let orders: [(&str, &[&str]); 6] = [
        (
            "England",
            &["F atg grant buccaneers", "F ber grant corsairs"],
        ),
        (
            "France",
            &["F mtq grant buccaneers", "F grn grant corsairs"],
        ),
        (
            "Holland",
            &["F tob grant buccaneers", "F cur grant corsairs"],
        ),
        (
            "Spain",
            &[
                "hav grant pirates",
                "ver grant pirates",
                "build A ctg",
                "build A guax",
                "build A nic",
                "build F his",
                "build F prc",
                "build F rdh",
                "build F sgo",
            ],
        ),
        ("Buccaneers", &["tor select 1", "jam select 2"]),
        ("Corsairs", &["tor select 1", "cay select 2"]),
    ];
    for (p, list) in orders {
        let list: Vec<&str> = list.to_vec();
        let r = games.submit(id, &user(p), &s(&list)).await.expect("submit");
        assert!(
            r.feedback.iter().all(|f| f.accepted.is_some()),
            "{p}: {:?}",
            r.feedback
        );
    }
    let report = games
        .adjudicate(id, 0)
        .await
        .expect("adjudicate")
        .expect("adjudicated");
    assert_eq!(report.next_phase, "Spring 1681 movement");
}

fn refused(e: GameError) -> String {
    match e {
        GameError::Refused(m) => m,
        other => panic!("expected a refusal, got {other:?}"),
    }
}

#[tokio::test]
async fn seven_players_start_a_game_and_nobody_may_hold_the_pirates() {
    let dir = tempfile::tempdir().unwrap();
    let (games, _) = fresh(&dir).await;
    let id = games
        .create(Some("guild"), Some("c"), "pirates", Settings::default(), 3)
        .await
        .unwrap();
    let e = refused(
        games
            .join(id, "someone", Some("Pirates"))
            .await
            .unwrap_err(),
    );
    assert!(e.contains("not a power a player can hold"), "{e}");
    assert!(
        e.contains("Buccaneers, Corsairs") && !e.contains("Pirates;"),
        "{e}"
    );
    for p in &PLAYERS[..6] {
        games.join(id, &user(p), Some(p)).await.unwrap();
    }
    let e = refused(games.start(id).await.unwrap_err());
    assert!(e.contains("needs 7 players; 6 have joined"), "{e}");
    games.join(id, "corsairs", None).await.unwrap();
    let e = refused(games.join(id, "eighth", None).await.unwrap_err());
    assert!(e.contains("full (7 players)"), "{e}");
    let seats = games.start(id).await.unwrap();
    assert!(seats.iter().all(|(_, p)| p != "Pirates"), "{seats:?}");
    assert_eq!(
        games.info(id).await.unwrap().phase.as_deref(),
        Some("Fall 1680 setup")
    );
}

#[tokio::test]
async fn setup_orders_are_owed_by_the_powers_that_give_them() {
    let dir = tempfile::tempdir().unwrap();
    let (games, _) = fresh(&dir).await;
    let id = pirates_game(&games).await;
    games.start(id).await.unwrap();
    let mut owing = games.owing(id).await.unwrap();
    owing.sort();
    assert_eq!(
        owing,
        [
            "Buccaneers",
            "Corsairs",
            "England",
            "France",
            "Holland",
            "Spain"
        ]
    );
    // A refused setup order says what would be accepted.
    let r = games
        .submit(id, "england", &s(&["A vir grant buccaneers"]))
        .await
        .unwrap();
    let reason = r.feedback[0].reason.clone().unwrap_or_default();
    assert!(reason.contains("may grant: atg"), "{reason}");
    // Nobody votes in the setup, so nobody is reminded to.
    assert!(games.voters_yet_to_vote(id).await.unwrap().is_empty());
    let e = refused(
        games
            .vote_order(id, "denmark", "F hav H")
            .await
            .unwrap_err(),
    );
    assert!(e.contains("no orders in the setup"), "{e}");
}

#[tokio::test]
async fn votes_are_secret_changeable_and_decide_the_pirates_orders() {
    let dir = tempfile::tempdir().unwrap();
    let (games, _) = fresh(&dir).await;
    let id = pirates_game(&games).await;
    games.start(id).await.unwrap();
    play_setup(&games, id).await;

    // Every voter is yet to vote (the reminders go to them).
    assert_eq!(games.voters_yet_to_vote(id).await.unwrap().len(), 7);

    // The Pirates are nobody's: no orders for them, and they owe none.
    assert!(!games
        .owing(id)
        .await
        .unwrap()
        .contains(&"Pirates".to_string()));
    let r = games
        .submit(id, "england", &s(&["F hav - fls"]))
        .await
        .unwrap();
    assert!(r.feedback[0].accepted.is_none());

    // A vote must be a legal order for a Pirate unit.
    let e = refused(
        games
            .vote_order(id, "england", "F ele - npr")
            .await
            .unwrap_err(),
    );
    assert!(e.contains("the units to vote on are: "), "{e}");
    assert!(e.contains("F hav"), "{e}");
    let e = refused(
        games
            .vote_order(id, "england", "F hav - ctg")
            .await
            .unwrap_err(),
    );
    assert!(!e.is_empty());
    let autocomplete = games.votable_orders(id).await.unwrap();
    assert!(
        autocomplete.contains(&"F hav - fls".to_string()),
        "{autocomplete:?}"
    );

    // England, France, Holland and Denmark (4 of 7 powers, 18 of 33 centres) vote F hav - fls;
    // Spain first agrees, then changes its mind to a hold.
    for p in ["England", "France", "Holland", "Spain"] {
        let r = games.vote_order(id, &user(p), "F hav - fls").await.unwrap();
        assert_eq!(r.cast.as_deref(), Some("F hav - fls"));
    }
    let r = games.vote_order(id, "spain", "F hav H").await.unwrap();
    assert_eq!(
        r.current,
        ["F hav H"],
        "a later vote for a unit replaces the earlier"
    );
    games
        .vote_order(id, "denmark", "F hav - fls")
        .await
        .unwrap();
    // The Corsairs vote on Tortuga, alone: not carried.
    games
        .vote_order(id, "corsairs", "F tor - win")
        .await
        .unwrap();
    // A voter sees only its own votes.
    assert_eq!(
        games.votes_of(id, "denmark").await.unwrap().current,
        ["F hav - fls"]
    );
    assert_eq!(
        games.votes_of(id, "buccaneers").await.unwrap().current,
        Vec::<String>::new()
    );
    // Withdrawn votes are gone.
    games.vote_order(id, "buccaneers", "F ver H").await.unwrap();
    assert!(games
        .clear_votes(id, "buccaneers")
        .await
        .unwrap()
        .current
        .is_empty());

    let report = games.adjudicate(id, 1).await.unwrap().expect("adjudicated");
    let doc = results(&report);
    let votes = doc["votes"].as_array().expect("votes in the results");
    let find = |unit: &str| {
        votes
            .iter()
            .find(|v| v["order"].as_str().unwrap_or("").starts_with(unit))
            .unwrap_or_else(|| panic!("{unit}: {votes:?}"))
    };
    let hav = find("F hav");
    assert_eq!(hav["order"], "F hav - fls");
    assert_eq!(hav["how"], "carried");
    assert_eq!(
        (hav["powers_for"].as_u64(), hav["voters"].as_u64()),
        (Some(4), Some(7))
    );
    assert_eq!(
        (hav["centres_for"].as_u64(), hav["owned_centres"].as_u64()),
        (Some(18), Some(33))
    );
    let tor = find("F tor");
    assert_eq!(
        (tor["order"].as_str(), tor["how"].as_str()),
        (Some("F tor H"), Some("default"))
    );
    assert_eq!(tor["leading"], "F tor - win");
    // Nothing in the results says who voted what.
    let text = serde_json::to_string(&report.record).unwrap() + &results(&report).to_string();
    assert!(
        !text.contains("denmark") && !text.contains("\"voter\""),
        "{text}"
    );
    // The Pirates' carried move was played: their fleet is in the Straits of Florida.
    let (_, v, position) = games.current(id).await.unwrap();
    let fls = v.map.province_by_id("fls").unwrap();
    assert_eq!(
        position.unit_at(fls).map(|u| v.power_name(u.power)),
        Some("Pirates")
    );
    // The results text tells the channel how each order was decided.
    let played = games.phase(id, 1).await.unwrap().position;
    let body = parley::report::results_text(
        &v,
        "Spring 1681 movement",
        &played,
        &report.record,
        "next",
        None,
    );
    assert!(
        body.contains("Pirates F hav - fls: carried (4 of 7 powers, 18 of 33 centres)"),
        "{body}"
    );
    assert!(
        body.contains("Pirates F tor H: not carried, so the default; most votes: F tor - win, with 1 of 7 powers (no majority) and 4 of 33 centres (no majority)"),
        "{body}"
    );

    // A rollback keeps the ballots of the phase played again and drops those of the phase
    // undone.
    games.vote_order(id, "england", "F fls H").await.unwrap();
    games.rollback(id, "moderator").await.unwrap();
    assert_eq!(
        games.votes_of(id, "england").await.unwrap().current,
        ["F hav - fls"]
    );
    games
        .adjudicate(id, 1)
        .await
        .unwrap()
        .expect("played again");
    assert!(games
        .votes_of(id, "england")
        .await
        .unwrap()
        .current
        .is_empty());
}

#[tokio::test]
async fn a_phase_only_the_vote_decides_ends_early_once_every_voter_is_ready() {
    let dir = tempfile::tempdir().unwrap();
    let (games, clock) = fresh(&dir).await;
    let id = pirates_game(&games).await;
    games.start(id).await.unwrap();
    play_setup(&games, id).await;
    // Spring 1681: the vote sends the Pirates' Havana fleet to sea, and a moderator removes
    // their Tortuga fleet; every other unit holds.
    for p in ["England", "France", "Holland", "Denmark"] {
        games.vote_order(id, &user(p), "F hav - fls").await.unwrap();
    }
    games
        .edit_board(
            id,
            &engine::store::BoardEdit::RemoveUnit { at: "tor".into() },
            "moderator",
        )
        .await
        .unwrap();
    games.adjudicate(id, 1).await.unwrap().expect("Spring");
    games.adjudicate(id, 2).await.unwrap().expect("Fall");
    // Winter 1681: only the Pirates adjust: one build, two free centres (Havana, Tortuga), so
    // the vote has a choice and the phase is not skipped.
    let info = games.info(id).await.unwrap();
    assert_eq!(info.phase.as_deref(), Some("Winter 1681 adjustment"));
    assert!(games.owing(id).await.unwrap().is_empty());
    let now = clock.now();
    assert!(
        games.due(now).await.unwrap().is_empty(),
        "not due before anyone is ready"
    );
    for p in &PLAYERS[..6] {
        games.ready(id, &user(p)).await.unwrap();
    }
    assert!(
        games.due(now).await.unwrap().is_empty(),
        "one voter is not ready"
    );
    games
        .vote_order(id, "corsairs", "build F tor")
        .await
        .unwrap();
    games.ready(id, "corsairs").await.unwrap();
    assert_eq!(games.due(now).await.unwrap(), [(id, 3)]);
    let report = games.adjudicate(id, 3).await.unwrap().expect("Winter");
    // One vote of seven carries nothing: the build goes to Havana, first alphabetically.
    let doc = results(&report);
    let votes = doc["votes"].as_array().unwrap();
    assert_eq!(votes.len(), 1, "{votes:?}");
    assert_eq!(votes[0]["order"], "F hav B");
    assert_eq!(votes[0]["how"], "default");
}

/// Where a unit stands in the current phase, as "Power K".
async fn unit_in(games: &Games, id: i64, at: &str) -> Option<String> {
    let (_, v, pos) = games.current(id).await.expect("the game loads");
    let p = v.map.province_by_id(at).expect(at);
    pos.unit_at(p)
        .map(|u| format!("{} {}", v.power_name(u.power), u.kind.letter()))
}

#[tokio::test]
async fn a_centre_a_moderator_filled_cannot_be_selected_built_in_or_granted() {
    let dir = tempfile::tempdir().unwrap();
    let (games, _) = fresh(&dir).await;
    let id = pirates_game(&games).await;
    games.start(id).await.unwrap();
    for (power, unit) in [("Denmark", "F tor"), ("England", "A ctg")] {
        games
            .edit_board(
                id,
                &engine::store::BoardEdit::AddUnit {
                    power: power.into(),
                    unit: unit.into(),
                },
                "mod",
            )
            .await
            .expect("add-unit");
    }
    let reason = |r: engine::store::SubmitReport| r.feedback[0].reason.clone().unwrap_or_default();
    let r = games
        .submit(id, "buccaneers", &s(&["tor select 1"]))
        .await
        .unwrap();
    let e = reason(r);
    assert!(e.contains("Tortuga has the Danish F tor on it"), "{e}");
    assert!(e.contains("may select:") && e.contains("jam"), "{e}");
    for order in ["build A ctg", "ctg grant pirates"] {
        let r = games.submit(id, "spain", &s(&[order])).await.unwrap();
        let e = reason(r);
        assert!(
            e.contains("Cartagena has the English A ctg on it"),
            "{order}: {e}"
        );
        assert!(e.contains("guax"), "{order}: {e}");
    }
    // A second unit on an occupied province is refused by the board edit itself.
    let e = refused(
        games
            .edit_board(
                id,
                &engine::store::BoardEdit::AddUnit {
                    power: "Holland".into(),
                    unit: "F tor".into(),
                },
                "mod",
            )
            .await
            .unwrap_err(),
    );
    assert!(e.contains("Tortuga already has a unit"), "{e}");
}

#[tokio::test]
async fn a_unit_added_after_a_selection_voids_it_and_the_game_still_loads() {
    let dir = tempfile::tempdir().unwrap();
    let (games, _) = fresh(&dir).await;
    let id = pirates_game(&games).await;
    games.start(id).await.unwrap();
    let r = games
        .submit(id, "buccaneers", &s(&["tor select 1", "jam select 2"]))
        .await
        .unwrap();
    assert!(r.feedback.iter().all(|f| f.accepted.is_some()), "{r:?}");
    let r = games
        .submit(id, "spain", &s(&["build A ctg"]))
        .await
        .unwrap();
    assert!(r.feedback[0].accepted.is_some(), "{r:?}");
    // The measured failure: a moderator's fleet on the free centre a privateer selected.
    for (power, unit) in [("Denmark", "F tor"), ("Holland", "F ctg")] {
        games
            .edit_board(
                id,
                &engine::store::BoardEdit::AddUnit {
                    power: power.into(),
                    unit: unit.into(),
                },
                "mod",
            )
            .await
            .expect("add-unit");
    }
    let report = games
        .adjudicate(id, 0)
        .await
        .expect("adjudicate")
        .expect("adjudicated");
    assert_eq!(report.next_phase, "Spring 1681 movement");
    let doc = results(&report);
    let results = doc["results"].as_array().unwrap();
    let tor = results
        .iter()
        .find(|r| r["order"] == "tor select 1")
        .expect("tor select 1");
    // Void, judged on the board at the deadline as at submission, with the reason.
    assert_eq!(tor["result"], "illegal", "{tor}");
    assert!(
        tor["reason"]
            .as_str()
            .unwrap()
            .contains("Tortuga has the Danish F tor on it"),
        "{tor}"
    );
    // The game loads and plays on: the Danish fleet stays alone in Tortuga, the Buccaneers
    // took their second choice, and nothing was built beside the Dutch fleet.
    assert_eq!(
        unit_in(&games, id, "tor").await.as_deref(),
        Some("Denmark F")
    );
    assert_eq!(
        unit_in(&games, id, "jam").await.as_deref(),
        Some("Buccaneers F")
    );
    assert_eq!(
        unit_in(&games, id, "ctg").await.as_deref(),
        Some("Holland F")
    );
    let r = games
        .submit(id, "denmark", &s(&["F tor H"]))
        .await
        .expect("orders in Spring 1681");
    assert!(r.feedback[0].accepted.is_some(), "{r:?}");
}
