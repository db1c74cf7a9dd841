//! Alliance victory in the games service (Atlantica II, rule 2, as a generic variant setting):
//! declaring, accepting and withdrawing alliances, and two allies winning together with
//! `alliance_victory_centers` at the end of a counting move or its builds, never after a
//! move that does not count, never with only one agreeing, and never over a lone winner.
//! Played on `secretland` (Standard's board, 12 to win alone, 16 for two allies).

mod store_common;
use store_common::*;

mod secretland;

use engine::store::{AllianceChange, BoardEdit, GameError, Games, Outcome, Settings};
use serde_json::json;

/// A started secretland game; each player's user id is their power in lower case.
async fn started(games: &Games, channel: &str) -> i64 {
    secretland::register();
    let id = games
        .create(
            Some("guild"),
            Some(channel),
            secretland::ID,
            Settings::default(),
            7,
        )
        .await
        .unwrap();
    fill_and_start(games, id).await;
    id
}

fn refusal<T: std::fmt::Debug>(r: Result<T, GameError>) -> String {
    match r {
        Err(GameError::Refused(m)) => m,
        other => panic!("expected a refusal, got {other:?}"),
    }
}

fn change(kind: &str, power: &str, partner: &str) -> AllianceChange {
    let (power, partner) = (power.to_string(), partner.to_string());
    match kind {
        "proposed" => AllianceChange::Proposed { power, partner },
        "declared" => AllianceChange::Declared { power, partner },
        "ended" => AllianceChange::Ended { power, partner },
        "withdrawn" => AllianceChange::ProposalWithdrawn { power, partner },
        "declined" => AllianceChange::Declined { power, partner },
        _ => unreachable!(),
    }
}

async fn own(games: &Games, id: i64, power: &str, centres: &[&str]) {
    for c in centres {
        games
            .edit_board(
                id,
                &BoardEdit::SetOwner {
                    province: c.to_string(),
                    power: Some(power.to_string()),
                },
                "moderator",
            )
            .await
            .expect("set owner");
    }
}

/// Adjudicates the current phase (everyone holds); returns the outcome if the game ended.
async fn next_phase(games: &Games, id: i64) -> Option<Outcome> {
    let (seq, _, _) = games.current(id).await.unwrap();
    games
        .adjudicate(id, seq)
        .await
        .unwrap()
        .expect("the phase was due")
        .outcome
}

async fn phase_name(games: &Games, id: i64) -> String {
    games.info(id).await.unwrap().phase.unwrap()
}

on_both_backends! {
async fn alliances_are_proposed_accepted_and_withdrawn_by_their_rules() {
    let dir = tempfile::tempdir().unwrap();
    let (games, _clock) = fresh(&dir).await;
    let id = started(&games, "chan").await;

    // Who may ally with whom.
    let m = refusal(games.propose_alliance(id, "france", "France").await);
    assert!(m.contains("an alliance is between two powers"), "{m}");
    let m = refusal(games.propose_alliance(id, "france", "Narnia").await);
    assert!(
        m.contains("'Narnia' is not a power of Standard")
            && m.contains("Austria, England, Germany"),
        "{m}"
    );
    let m = refusal(games.propose_alliance(id, "spectator", "France").await);
    assert!(m.contains("you hold no power"), "{m}");
    let m = refusal(games.accept_alliance(id, "england", "France").await);
    assert!(
        m.contains("France has not proposed an alliance to you; nobody has"),
        "{m}"
    );
    let m = refusal(games.withdraw_alliance(id, "england").await);
    assert!(m.contains("no alliance and no proposal"), "{m}");

    // France proposes, England accepts: allied.
    assert_eq!(
        games
            .propose_alliance(id, "france", "england")
            .await
            .unwrap(),
        [change("proposed", "France", "England")]
    );
    let m = refusal(games.propose_alliance(id, "france", "England").await);
    assert!(m.contains("already proposed an alliance to England"), "{m}");
    assert_eq!(
        games
            .accept_alliance(id, "england", "France")
            .await
            .unwrap(),
        [change("declared", "England", "France")]
    );
    let view = games.alliance_view(id, "france").await.unwrap();
    assert_eq!(view.allied.as_deref(), Some("England"));
    assert_eq!(view.needed, 16);

    // One alliance per power, and no more than two powers in one.
    let m = refusal(games.propose_alliance(id, "germany", "France").await);
    assert!(
        m.contains("France is allied with England; no more than two powers"),
        "{m}"
    );
    let m = refusal(games.propose_alliance(id, "france", "Germany").await);
    assert!(
        m.contains("you are allied with England; a power has one alliance at a time"),
        "{m}"
    );

    // One proposal at a time: a second takes the first back; the first cannot be accepted.
    games
        .propose_alliance(id, "germany", "Italy")
        .await
        .unwrap();
    assert_eq!(
        games
            .propose_alliance(id, "germany", "Russia")
            .await
            .unwrap(),
        [
            change("withdrawn", "Germany", "Italy"),
            change("proposed", "Germany", "Russia")
        ]
    );
    let m = refusal(games.accept_alliance(id, "italy", "Germany").await);
    assert!(
        m.contains("Germany has not proposed an alliance to you"),
        "{m}"
    );
    // Turkey proposes to Russia too; Russia answering Germany's proposal with its own
    // accepts it, and Turkey's proposal to Russia ends.
    games
        .propose_alliance(id, "turkey", "Russia")
        .await
        .unwrap();
    assert_eq!(
        games.alliance_view(id, "russia").await.unwrap().proposed_by,
        ["Germany", "Turkey"]
    );
    assert_eq!(
        games
            .propose_alliance(id, "russia", "Germany")
            .await
            .unwrap(),
        [
            change("declared", "Russia", "Germany"),
            change("declined", "Russia", "Turkey")
        ]
    );
    // Withdrawing ends the alliance; the other may ally again.
    assert_eq!(
        games.withdraw_alliance(id, "england").await.unwrap(),
        [change("ended", "England", "France")]
    );
    games
        .propose_alliance(id, "turkey", "England")
        .await
        .unwrap();
    assert_eq!(
        games.withdraw_alliance(id, "england").await.unwrap(),
        [change("declined", "England", "Turkey")]
    );

    // Both powers must still be in the game, with a player.
    for at in ["vie", "bud", "tri"] {
        games
            .edit_board(id, &BoardEdit::RemoveUnit { at: at.into() }, "moderator")
            .await
            .unwrap();
        games
            .edit_board(
                id,
                &BoardEdit::SetOwner {
                    province: at.into(),
                    power: None,
                },
                "moderator",
            )
            .await
            .unwrap();
    }
    let m = refusal(games.propose_alliance(id, "italy", "Austria").await);
    assert!(m.contains("Austria is out of the game"), "{m}");
    games.remove_player(id, "italy", "moderator").await.unwrap();
    let m = refusal(games.propose_alliance(id, "turkey", "Italy").await);
    assert!(m.contains("nobody plays Italy"), "{m}");

    // The export carries every declaration, and an import keeps them.
    let export = games.export(id).await.unwrap();
    let rows = export["alliances"].as_array().unwrap();
    assert_eq!(rows.len(), 5);
    assert_eq!(rows[0]["proposer"], "France");
    assert!(rows[0]["accepted_at"].is_i64() && rows[0]["ended_at"].is_i64());
    let mut doc = export.clone();
    doc["channel"] = json!("copy");
    let copy = games.import(&doc).await.unwrap();
    assert_eq!(
        games
            .alliance_view(copy, "russia")
            .await
            .unwrap()
            .allied
            .as_deref(),
        Some("Germany")
    );
    // A file with a power in two alliances at once is refused.
    let mut bad = doc.clone();
    bad["channel"] = json!("bad");
    bad["alliances"] = json!([
        {"proposer": "France", "partner": "England", "proposed_at": 1, "accepted_at": 2, "ended_at": null},
        {"proposer": "Germany", "partner": "France", "proposed_at": 1, "accepted_at": 2, "ended_at": null}
    ]);
    let m = refusal(games.import(&bad).await);
    assert!(
        m.contains("alliances[1]: France is in two declared alliances at once"),
        "{m}"
    );

    // Standard has no alliance victory; a game not started has no alliances.
    let standard = store_common::started_with(&games, "std", Settings::default()).await;
    let m = refusal(games.propose_alliance(standard, "france", "England").await);
    assert!(m.contains("Standard has no alliance victory"), "{m}");
    let forming = games
        .create(
            Some("guild"),
            Some("forming"),
            secretland::ID,
            Settings::default(),
            1,
        )
        .await
        .unwrap();
    games.join(forming, "france", Some("France")).await.unwrap();
    let m = refusal(games.propose_alliance(forming, "france", "England").await);
    assert!(m.contains("has not started"), "{m}");
}
}

/// England and France own 8 centres each (16 together, 12 needed alone): their homes and
/// five neutral centres apiece, none occupied.
async fn sixteen_together(games: &Games, id: i64) {
    own(games, id, "England", &["nwy", "swe", "den", "hol", "bel"]).await;
    own(games, id, "France", &["spa", "por", "tun", "gre", "ser"]).await;
}

on_both_backends! {
async fn two_allies_with_sixteen_win_together_after_a_counting_move_only() {
    let dir = tempfile::tempdir().unwrap();
    let (games, _clock) = fresh(&dir).await;
    let id = started(&games, "chan").await;
    sixteen_together(&games, id).await;
    games
        .propose_alliance(id, "france", "England")
        .await
        .unwrap();
    games
        .accept_alliance(id, "england", "France")
        .await
        .unwrap();

    // A spring move does not count centres: the game goes on.
    assert_eq!(next_phase(&games, id).await, None);
    assert_eq!(phase_name(&games, id).await, "Fall 1901 movement");
    // The fall move counts: they win together.
    let outcome = next_phase(&games, id).await;
    assert_eq!(
        outcome,
        Some(Outcome::Alliance {
            powers: ["England".into(), "France".into()],
            centres: 16
        })
    );
    let info = games.info(id).await.unwrap();
    assert_eq!(info.status, "finished");
    assert_eq!(
        info.outcome.unwrap(),
        json!({"alliance": {"powers": ["England", "France"], "centres": 16}})
    );
    let export = games.export(id).await.unwrap();
    assert_eq!(export["outcome"]["alliance"]["centres"], 16);
    let mut doc = export.clone();
    doc["channel"] = json!("copy");
    let copy = games.import(&doc).await.unwrap();
    assert_eq!(
        Outcome::read(&games.info(copy).await.unwrap().outcome.unwrap())
            .unwrap()
            .words(),
        "England and France win together with 16 centres"
    );
}
}

/// Plays Spring 1901 with France's army leaving Paris, so France has a home to build in and
/// Winter 1901 is a phase of its own (not settled on the spot).
async fn spring_with_a_free_home(games: &Games, id: i64) {
    games
        .submit(id, "france", &s(&["A par - bur"]))
        .await
        .unwrap();
    assert_eq!(next_phase(games, id).await, None);
}

on_both_backends! {
async fn a_proposal_nobody_accepted_wins_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let (games, _clock) = fresh(&dir).await;
    let id = started(&games, "chan").await;
    spring_with_a_free_home(&games, id).await;
    sixteen_together(&games, id).await;
    games
        .propose_alliance(id, "france", "England")
        .await
        .unwrap();
    assert_eq!(next_phase(&games, id).await, None);
    assert_eq!(phase_name(&games, id).await, "Winter 1901 adjustment");
    // A withdrawn alliance wins nothing either.
    games
        .accept_alliance(id, "england", "France")
        .await
        .unwrap();
    games.withdraw_alliance(id, "france").await.unwrap();
    assert_eq!(next_phase(&games, id).await, None);
    assert_eq!(games.info(id).await.unwrap().status, "running");
}
}

on_both_backends! {
async fn an_alliance_declared_in_the_builds_after_a_count_wins_at_their_end() {
    let dir = tempfile::tempdir().unwrap();
    let (games, _clock) = fresh(&dir).await;
    let id = started(&games, "chan").await;
    spring_with_a_free_home(&games, id).await;
    sixteen_together(&games, id).await;
    assert_eq!(next_phase(&games, id).await, None);
    assert_eq!(phase_name(&games, id).await, "Winter 1901 adjustment");
    games
        .propose_alliance(id, "england", "France")
        .await
        .unwrap();
    games
        .accept_alliance(id, "france", "England")
        .await
        .unwrap();
    let outcome = next_phase(&games, id).await.expect("the game ends");
    assert_eq!(
        outcome.words(),
        "England and France win together with 16 centres"
    );
}
}

on_both_backends! {
async fn a_lone_winner_wins_alone_even_beside_an_alliance() {
    let dir = tempfile::tempdir().unwrap();
    let (games, _clock) = fresh(&dir).await;
    let id = started(&games, "chan").await;
    // Centres given now count for a lone winner at once; the test gives them in the fall.
    assert_eq!(next_phase(&games, id).await, None);
    // France 3 + 9 = 12, enough alone; with England's 3 the alliance has 15 < 16, but give
    // England two more so the alliance would win too.
    own(
        &games,
        id,
        "France",
        &[
            "spa", "por", "tun", "gre", "ser", "bel", "hol", "rum", "bul",
        ],
    )
    .await;
    own(&games, id, "England", &["nwy", "swe"]).await;
    games
        .propose_alliance(id, "france", "England")
        .await
        .unwrap();
    games
        .accept_alliance(id, "england", "France")
        .await
        .unwrap();
    let report_outcome = next_phase(&games, id).await;
    assert_eq!(report_outcome, Some(Outcome::Victory("France".into())));
    assert_eq!(
        games.info(id).await.unwrap().outcome.unwrap(),
        json!({"victory": "France"})
    );
}
}

on_both_backends! {
/// Atlantica II's own setting (rule 2): Canada and the U.S.A., allied, owning 30 of the 46
/// centres (15 each, far from 24 alone) win together at the end of March 1870, the first
/// "Fall" move, and not after January or February.
async fn in_atlantica_two_allies_with_thirty_win_together_after_march() {
    let dir = tempfile::tempdir().unwrap();
    let (games, _clock) = fresh(&dir).await;
    let v = engine::Variant::builtin("atlantica").unwrap();
    assert_eq!(v.alliance_victory_centers, Some(30));
    let id = games
        .create(
            Some("guild"),
            Some("chan"),
            "atlantica",
            Settings::default(),
            1870,
        )
        .await
        .unwrap();
    for p in &v.powers {
        games
            .join(id, &p.name.to_lowercase(), Some(&p.name))
            .await
            .unwrap();
    }
    games.start(id).await.unwrap();
    games.propose_alliance(id, "usa", "Canada").await.unwrap();
    games.accept_alliance(id, "canada", "USA").await.unwrap();

    // Centres nobody stands on go to Canada, then the U.S.A., until each owns 15.
    let start = v.initial_position();
    let mut held: Vec<usize> = ["Canada", "USA"]
        .iter()
        .map(|n| start.centres_of(v.power_by_name(n).unwrap()).count())
        .collect();
    for (i, p) in v.map.provinces.iter().enumerate() {
        let here = engine::map::ProvinceId(i as u16);
        if !p.supply_center || start.unit_at(here).is_some() {
            continue;
        }
        let owner = start.owners[i].map(|o| v.power_name(o).to_string());
        let Some(k) = (0..2).find(|&k| held[k] < 15) else {
            break;
        };
        let name = ["Canada", "USA"][k];
        if owner.as_deref() == Some(name) {
            continue;
        }
        if owner.as_deref() == Some(["Canada", "USA"][1 - k]) {
            continue;
        }
        own(&games, id, name, &[p.id.as_str()]).await;
        held[k] += 1;
    }
    assert_eq!(held, [15, 15]);

    assert_eq!(next_phase(&games, id).await, None);
    assert_eq!(phase_name(&games, id).await, "February 1870 movement");
    assert_eq!(next_phase(&games, id).await, None);
    assert_eq!(phase_name(&games, id).await, "March 1870 movement");
    let outcome = next_phase(&games, id).await.expect("March counts");
    assert_eq!(
        outcome.words(),
        "Canada and USA win together with 30 centres"
    );
}
}
