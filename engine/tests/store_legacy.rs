//! A database written by the release before typed records (order texts in `submissions`,
//! results documents of names and words in `phases`) opens, reads, exports and plays on.
//!
//! The schema did not change, so the old database is today's tables holding the old JSON,
//! written here by hand as that release wrote it.

mod store_common;
use engine::judge::{Cause, Verdict};
use engine::store::Games;
use serde_json::{json, Value};
use std::sync::Arc;
use store_common::*;

/// Phase 0 as the old release stored it; France's second order has its reason in words this
/// engine no longer gives, as a result from an older wording would.
const OLD_RESULTS: &str = r#"{"results":[{"power":"France","order":"A par - bur","result":"fails","reason":"bounced in Burgundy (also ordered there: A mar)"},{"power":"France","order":"A mar - bur","result":"fails","reason":"bounced with A par"},{"power":"France","order":"F bre - mao","result":"succeeds","reason":""}],"dislodged":[],"built":[],"removed":[],"disbanded":[]}"#;

on_both_backends! {
async fn an_old_database_opens_reads_exports_and_plays_on() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (games, clock) = fresh(&dir).await;
    let url = database_url();
    let id = started(&games).await;
    let orders = s(&["A par - bur", "A mar - bur", "F bre - mao"]);
    games.submit(id, "france", &orders).await.expect("submit");
    games
        .adjudicate(id, 0)
        .await
        .expect("spring")
        .expect("played");
    // An order for the phase being played, not yet adjudicated.
    games
        .submit(id, "france", &s(&["F mao - por"]))
        .await
        .expect("submit fall");
    drop(games);

    // Rewrite the rows in the old release's form.
    let old_phase =
        format!("UPDATE phases SET results = '{OLD_RESULTS}' WHERE game_id = $1 AND seq = 0");
    raw(&url, &old_phase, id).await;
    raw(&url, r#"UPDATE submissions SET orders = '["A par - bur","A mar - bur","F bre - mao"]' WHERE game_id = $1 AND seq = 0"#, id).await;
    raw(
        &url,
        r#"UPDATE submissions SET orders = '["F mao - por"]' WHERE game_id = $1 AND seq = 1"#,
        id,
    )
    .await;
    let stored = column(
        &url,
        "SELECT results FROM phases WHERE game_id = $1 AND seq = 0",
        id,
    )
    .await;
    assert_eq!(stored, [OLD_RESULTS], "the old form is what is stored");

    // Opening rewrites them typed, in place.
    let games = Games::open(&url, Arc::new(clock.clone()))
        .await
        .expect("reopens");
    let results = column(
        &url,
        "SELECT results FROM phases WHERE game_id = $1 AND results IS NOT NULL",
        id,
    )
    .await;
    assert!(
        results.iter().all(|r| r.starts_with(r#"{"orders":"#)),
        "{results:?}"
    );
    let subs = column(&url, "SELECT orders FROM submissions WHERE game_id = $1", id).await;
    assert!(
        subs.iter().all(|o| o.starts_with(r#"[{"order":"#)),
        "{subs:?}"
    );

    // The record: causes recovered where the engine says the same, old words kept elsewhere.
    let phase = games.phase(id, 0).await.expect("phase 0");
    let record = phase.record.expect("adjudicated");
    let v = &phase.variant;
    assert_eq!(record.orders.len(), 3);
    assert!(matches!(
        record.orders[0].result.cause,
        Some(Cause::Bounced { .. })
    ));
    assert_eq!(record.orders[0].words, None);
    assert_eq!(record.orders[1].result.verdict, Verdict::Fails);
    assert_eq!(record.orders[1].reason(v), "bounced with A par");
    assert_eq!(record.orders[2].result.verdict, Verdict::Succeeds);
    assert!(record.orders.iter().all(|o| o.order.is_some()));
    assert_eq!(
        record.after,
        games.phase(id, 1).await.expect("phase 1").position
    );

    // The export is the old document, word for word.
    let doc = games.export(id).await.expect("export");
    let old: Value = serde_json::from_str(OLD_RESULTS).expect("json");
    assert_eq!(doc["phases"][0]["results"], old);
    assert_eq!(
        doc["phases"][0]["submissions"][0]["orders"],
        json!(["A par - bur", "A mar - bur", "F bre - mao"])
    );
    assert_eq!(
        doc["phases"][1]["submissions"][0]["orders"],
        json!(["F mao - por"])
    );

    // The order given under the old release is in force and is played.
    let report = games
        .orders_of(id, "france")
        .await
        .expect("orders of France");
    assert_eq!(report.current, ["F mao - por"]);
    let fall = games
        .adjudicate(id, 1)
        .await
        .expect("fall")
        .expect("played");
    let por = fall
        .record
        .orders
        .iter()
        .find(|o| o.text == "F mao - por")
        .expect("the old order");
    assert_eq!(por.result.verdict, Verdict::Succeeds);

    // And the old document imports (as typed rows) and exports again unchanged.
    let mut file = doc.clone();
    file["channel"] = Value::Null;
    let again = games.import(&file).await.expect("imports");
    let copy = games.export(again).await.expect("exports");
    assert_eq!(copy["phases"], file["phases"]);
}
}

/// SHA-384 of each SQLite migration as the SQLite-only release shipped it in `migrations/`:
/// sqlx refuses to open a database whose applied migration changed, so these files are
/// never edited (they moved to `migrations/sqlite/` unchanged).
const RELEASED: [(i64, &str); 5] = [
    (1, "914dff3f99d8f8a322940b62b4b727a48b0e01ed8ebc7c90ec46b2d26d9e9f0d90dfccc6ed4c716e45f8377e186df456"),
    (2, "aac79649452a9c29e3a05df129576bc65461011a0ca7d7de2e0e9abcdbc1a4518961f3f2fa8cf85cbd0949eb93ce86bf"),
    (3, "96ac4374402c5e95050f185e3f1db0444c28f8dc39a11033ec734e485c21705282c9cc391ce8a0323dfc0c547dfa38ee"),
    (4, "db659ee586bf385bad80c0b62decd010ba006f57d557c18d8184fd870082fe6502844f28708c32e8e29fef2f87e90d09"),
    (5, "621bff66341360b9e583d458536e61c8e2bc94bc1026c152a4f8fabe8f256bec7fcb426e22c5a700f797728788cd6977"),
];

#[tokio::test]
async fn a_parley_db_from_the_sqlite_only_release_opens_and_plays_on() {
    let migrator = sqlx::migrate!("../migrations/sqlite");
    for (version, sum) in RELEASED {
        let m = migrator
            .iter()
            .find(|m| m.version == version)
            .expect("a released migration is still there");
        let hex: String = m.checksum.iter().map(|b| format!("{b:02x}")).collect();
        assert_eq!(hex, sum, "migration {version} was edited after its release");
    }

    // The database as that release made it: its own SQLite options, its migrations, a game
    // written with its `?` placeholders.
    let dir = tempfile::tempdir().expect("tempdir");
    let url = format!("sqlite://{}", dir.path().join("parley.db").display());
    let opts: sqlx::sqlite::SqliteConnectOptions = url.parse().expect("url");
    let opts = opts
        .create_if_missing(true)
        .journal_mode(sqlx::sqlite::SqliteJournalMode::Wal);
    let pool = sqlx::SqlitePool::connect_with(opts).await.expect("db");
    migrator.run(&pool).await.expect("the release's migrations");
    sqlx::query("INSERT INTO games (guild_id, channel_id, variant, rulebook, settings, status, seed, created_at) VALUES (?, ?, 'standard', '{}', '{}', 'forming', 7, ?)")
        .bind("guild")
        .bind("chan")
        .bind(T0)
        .execute(&pool)
        .await
        .expect("a game");
    pool.close().await;

    let clock = engine::store::clock::ManualClock::at(T0);
    let games = Games::open(&url, Arc::new(clock)).await.expect("opens");
    fill_and_start(&games, 1).await;
    let doc = games.export(1).await.expect("exports");
    assert_eq!(doc["status"], "running");
    assert_eq!(doc["channel"], "chan");
    let next = games
        .create(
            Some("guild"),
            Some("other"),
            "standard",
            Default::default(),
            8,
        )
        .await
        .expect("a new game");
    assert_eq!(next, 2, "ids go on after the old rows");
}
