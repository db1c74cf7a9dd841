//! The community records (#29) in the store, on both backends: attendance and departures
//! travel with the game's export and import back identical, an import with bad community data
//! is refused naming the field, a rollback leaves no stale attendance or civil disorder, and
//! where moderators approve claims a claim waits for them and is approved or refused once.

mod store_common;
use engine::store::{GameCommunity, GameError, PendingClaim, SeatClaim, Settings};
use serde_json::{json, Value};
use store_common::*;

const HOLDS: [(&str, &str); 7] = [
    ("austria", "A vie H"),
    ("england", "F lon H"),
    ("france", "A par H"),
    ("germany", "A ber H"),
    ("italy", "A rom H"),
    ("russia", "A mos H"),
    ("turkey", "A con H"),
];

/// A Standard game that puts a power into civil disorder after one missed movement phase.
fn quick_disorder() -> Settings {
    Settings {
        community: GameCommunity {
            civil_disorder_after: Some(1),
            ..GameCommunity::default()
        },
        ..Settings::default()
    }
}

async fn all_hold_but(games: &engine::store::Games, id: i64, missing: &str) {
    for (user, order) in HOLDS {
        if user != missing {
            games.submit(id, user, &s(&[order])).await.expect("submit");
        }
    }
}

/// A change that spoils a good file.
type Spoil = Box<dyn Fn(&mut Value)>;

fn refusal(r: Result<i64, GameError>) -> String {
    match r {
        Err(GameError::Refused(m)) => m,
        other => panic!("expected a refusal, got {other:?}"),
    }
}

on_both_backends! {
async fn attendance_and_departures_export_and_import_back_identical() {
    let dir = tempfile::tempdir().unwrap();
    let (games, _) = fresh(&dir).await;
    let id = started_with(&games, "chan", quick_disorder()).await;
    all_hold_but(&games, id, "italy").await;
    games.adjudicate(id, 0).await.expect("adjudicates");
    games.claim_seat(id, "substitute", "Italy").await.expect("claims");

    let doc = games.export(id).await.unwrap();
    let attendance = doc["attendance"].as_array().expect("attendance written");
    assert_eq!(attendance.len(), 7);
    assert!(attendance.contains(&json!({"seq": 0, "power": "Italy", "user": "italy", "ordered": false})));
    assert!(attendance.contains(&json!({"seq": 0, "power": "France", "user": "france", "ordered": true})));
    let departures = doc["departures"].as_array().expect("departures written");
    assert_eq!(departures.len(), 1);
    assert_eq!(departures[0]["reason"], "civil-disorder");
    assert_eq!(departures[0]["user"], "italy");
    assert_eq!(departures[0]["claimed_by"], "substitute");
    assert_eq!(doc["settings"]["community"]["civil_disorder_after"], 1);

    let mut moved = doc.clone();
    moved["channel"] = Value::Null;
    let again = games.import(&moved).await.expect("imports");
    let back = games.export(again).await.unwrap();
    assert_eq!(back, moved, "an export imports back identical");
    // The imported game's records count for its members like the original's.
    let p = games.profile("guild", "italy").await.unwrap();
    assert_eq!((p.ordered, p.missed, p.abandoned), (0, 2, 2));

    // A game without community records writes neither field, as before.
    let plain = started_with(&games, "plain", Settings::default()).await;
    let doc = games.export(plain).await.unwrap();
    assert!(doc.get("attendance").is_none() && doc.get("departures").is_none());
}
}

on_both_backends! {
async fn an_import_with_bad_community_data_is_refused_naming_the_field() {
    let dir = tempfile::tempdir().unwrap();
    let (games, _) = fresh(&dir).await;
    let id = started_with(&games, "chan", quick_disorder()).await;
    all_hold_but(&games, id, "italy").await;
    games.adjudicate(id, 0).await.expect("adjudicates");
    let mut doc = games.export(id).await.unwrap();
    doc["channel"] = Value::Null;
    let cases: Vec<(Spoil, &str)> = vec![
        (Box::new(|d| d["attendance"][0]["seq"] = json!(1)), "attendance[0].seq: 1 is not a played movement phase"),
        (Box::new(|d| d["attendance"][1]["power"] = json!("Atlantis")), "attendance[1].power"),
        (Box::new(|d| d["attendance"][2]["ordered"] = json!("yes")), "attendance[2].ordered: expected true or false"),
        (Box::new(|d| d["attendance"][3] = d["attendance"][4].clone()), "second attendance row"),
        (Box::new(|d| d["departures"][0]["reason"] = json!("bored")), "departures[0].reason: 'bored' is not a reason a seat opens; expected civil-disorder or left"),
        (Box::new(|d| d["departures"][0]["claimed_by"] = json!("someone")), "claimed_by and claimed_at go together"),
        (Box::new(|d| d["departures"][0]["seq"] = json!(9)), "departures[0].seq: 9 is not a phase of this game"),
        (Box::new(|d| d["settings"]["community"]["civil_disorder_after"] = json!(99)), "settings: civil disorder comes after 1 to 20 missed movement phases in a row, not 99"),
        (Box::new(|d| d["settings"]["community"]["scoring"] = json!("ghost")), "settings: unknown variant `ghost`"),
    ];
    for (spoil, says) in cases {
        let mut bad = doc.clone();
        spoil(&mut bad);
        let m = refusal(games.import(&bad).await);
        assert!(m.contains("the game file is refused") && m.contains(says), "{says}: {m}");
    }
    // Nothing was inserted by the refusals; the good file still imports.
    games.import(&doc).await.expect("the unspoilt file imports");
}
}

on_both_backends! {
async fn a_rollback_leaves_no_stale_attendance_or_civil_disorder() {
    let dir = tempfile::tempdir().unwrap();
    let (games, _) = fresh(&dir).await;
    let id = started_with(&games, "chan", quick_disorder()).await;
    all_hold_but(&games, id, "italy").await;
    games.adjudicate(id, 0).await.expect("adjudicates");
    assert_eq!(games.departures(id).await.unwrap().len(), 1);
    assert_eq!(games.profile("guild", "italy").await.unwrap().missed, 1);

    games.rollback(id, "host").await.expect("rolls back");
    // Italy's player has the seat again and no missed phase; nothing says they left.
    assert!(games.departures(id).await.unwrap().is_empty());
    let p = games.profile("guild", "italy").await.unwrap();
    assert_eq!((p.ordered, p.missed, p.abandoned), (0, 0, 0));
    assert_eq!(games.export(id).await.unwrap().get("attendance"), None);

    // Played again, with Italy ordering this time: recorded once, nobody falls.
    games.submit(id, "italy", &s(&["A rom H"])).await.expect("Italy orders");
    games.adjudicate(id, 0).await.expect("adjudicates again");
    assert!(games.departures(id).await.unwrap().is_empty());
    let p = games.profile("guild", "italy").await.unwrap();
    assert_eq!((p.ordered, p.missed), (1, 0));
}
}

fn refused_with<T: std::fmt::Debug>(r: Result<T, GameError>) -> String {
    match r {
        Err(GameError::Refused(m)) => m,
        other => panic!("expected a refusal, got {other:?}"),
    }
}

on_both_backends! {
async fn where_moderators_approve_claims_a_claim_waits_and_is_approved_or_refused_once() {
    let dir = tempfile::tempdir().unwrap();
    let (games, _) = fresh(&dir).await;
    let id = started_with(&games, "chan", Settings::default()).await;
    assert!(!games.claims_need_approval("guild").await.unwrap());
    games.set_claims_need_approval("guild", true).await.unwrap();
    assert!(games.claims_need_approval("guild").await.unwrap());
    // The server's other choices are kept beside it.
    games.set_server_scoring("guild", engine::store::Scoring::SoloOnly).await.unwrap();
    assert!(games.claims_need_approval("guild").await.unwrap());
    assert!(!games.claims_need_approval("elsewhere").await.unwrap());

    games.give_up_seat(id, "italy").await.expect("leaves");
    assert_eq!(
        games.claim_seat(id, "sub", "Italy").await.unwrap(),
        SeatClaim::Pending("Italy".into())
    );
    // Asking again for another seat changes the claim; Italy is the only open one.
    let msg = refused_with(games.claim_seat(id, "sub", "France").await);
    assert!(msg.contains("France is not open"), "{msg}");
    assert_eq!(games.info(id).await.unwrap().vacant, vec!["Italy".to_string()]);
    let sub = PendingClaim { user: "sub".into(), power: "Italy".into() };
    assert_eq!(games.pending_claims(id).await.unwrap(), vec![sub.clone()]);

    // Refused: gone, the seat still open.
    assert_eq!(games.refuse_claim(id, None, Some("italy"), "mod").await.unwrap(), sub);
    assert!(games.pending_claims(id).await.unwrap().is_empty());
    let msg = refused_with(games.approve_claim(id, Some("sub"), None, "mod").await);
    assert_eq!(msg, "game 1 has no pending claim");

    // Claimed again and approved: the seat is taken, the claim gone, the departure filled.
    games.claim_seat(id, "sub", "Italy").await.unwrap();
    games.claim_seat(id, "other", "Italy").await.unwrap();
    let msg = refused_with(games.approve_claim(id, None, None, "mod").await);
    assert!(msg.starts_with("2 claims are pending"), "{msg}");
    assert_eq!(games.approve_claim(id, Some("sub"), None, "mod").await.unwrap(), sub);
    assert!(games.info(id).await.unwrap().vacant.is_empty());
    let departures = games.departures(id).await.unwrap();
    assert_eq!(departures[0].claimed_by.as_deref(), Some("sub"));
    // The other claim is stale now: approving it is refused and changes nothing.
    let msg = refused_with(games.approve_claim(id, Some("other"), None, "mod").await);
    assert!(msg.contains("Italy has been taken meanwhile by <@sub>"), "{msg}");
    assert_eq!(games.pending_claims(id).await.unwrap().len(), 1);
    let msg = refused_with(games.claim_seat(id, "sub", "Italy").await);
    assert!(msg.contains("you already play in game 1"), "{msg}");

    // A seat filled by /mod replace meanwhile makes a pending claim stale too.
    games.give_up_seat(id, "france").await.unwrap();
    games.claim_seat(id, "third", "France").await.unwrap();
    games.replace(id, "France", "fourth", "mod").await.unwrap();
    let msg = refused_with(games.approve_claim(id, None, Some("France"), "mod").await);
    assert!(msg.contains("France has been taken meanwhile by <@fourth>"), "{msg}");
}
}
