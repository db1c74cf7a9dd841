//! The community records (#29) in the store, on both backends: attendance and departures
//! travel with the game's export and import back identical, an import with bad community data
//! is refused naming the field, and a rollback leaves no stale attendance or civil disorder.

mod store_common;
use engine::store::{GameCommunity, GameError, Settings};
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
