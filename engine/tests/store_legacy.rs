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

async fn raw(url: &str, sql: &str, id: i64) {
    let pool = sqlx::AnyPool::connect(url).await.expect("db");
    sqlx::query(sqlx::AssertSqlSafe(sql.to_string()))
        .bind(id)
        .execute(&pool)
        .await
        .expect("raw write");
    pool.close().await;
}

async fn column(url: &str, sql: &str, id: i64) -> Vec<String> {
    let pool = sqlx::AnyPool::connect(url).await.expect("db");
    let out = sqlx::query_scalar(sqlx::AssertSqlSafe(sql.to_string()))
        .bind(id)
        .fetch_all(&pool)
        .await
        .expect("raw read");
    pool.close().await;
    out
}

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
