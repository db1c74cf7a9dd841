//! A stored game is read only against the map numbering it was stored under (issue 24,
//! "stored games survive map edits"): typed records name provinces and powers by number, so a
//! map file whose provinces were reordered must not move a stored game's units. The game is
//! refused with a message that says what to do; an edit that keeps every number (an alias, a
//! border) reads on; a game stored before games kept a fingerprint is given this map's.

mod store_common;
use engine::store::{GameError, Games};
use engine::variant::VariantFiles;
use engine::variants::VariantEntry;
use std::sync::{Arc, Once};
use store_common::*;

const STANDARD_TOML: &str = include_str!("../../maps/standard/variant.toml");
const PROVINCES: &str = include_str!("../../maps/standard/provinces.txt");
const BORDERS: &str = include_str!("../../maps/standard/borders.txt");
const UNITS: &str = include_str!("../../maps/standard/units.txt");

fn leak(s: String) -> &'static str {
    Box::leak(s.into_boxed_str())
}

fn register(id: &'static str, provinces: String) {
    engine::variants::register(VariantEntry {
        id,
        files: VariantFiles {
            dir: "tests/fingerprint",
            variant_toml: leak(
                STANDARD_TOML.replace("id = \"standard\"", &format!("id = \"{id}\"")),
            ),
            provinces: leak(provinces),
            borders: BORDERS,
            units: UNITS,
            clockwise: None,
        },
        art: Some(include_str!("../../maps/standard/map.svg")),
        options: &[],
        unit_kinds: engine::unit::STANDARD_KINDS,
        hidden_draws: &[],
        rulebook: engine::variants::standard_rulebook,
        reasons: &[],
    })
    .expect("registers");
}

/// Standard's provinces with the lines of London and Liverpool swapped: the same map, every
/// fact the same, but two provinces numbered the other way round.
fn reordered() -> String {
    let lines: Vec<&str> = PROVINCES.lines().collect();
    let at = |id: &str| {
        lines
            .iter()
            .position(|l| l.split_whitespace().next() == Some(id))
            .unwrap_or_else(|| panic!("{id} in provinces.txt"))
    };
    let (a, b) = (at("lon"), at("lvp"));
    let mut out: Vec<&str> = lines.clone();
    out.swap(a, b);
    out.join("\n")
}

/// Standard's provinces with one more alias for London: nothing renumbered.
fn with_an_alias() -> String {
    let line = PROVINCES
        .lines()
        .find(|l| l.split_whitespace().next() == Some("lon"))
        .expect("London");
    let edited = if line.contains("aliases=") {
        line.replacen("aliases=", "aliases=londinium,", 1)
    } else {
        format!("{line} aliases=londinium")
    };
    PROVINCES.replacen(line, &edited, 1)
}

fn register_all() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        register("fp-reordered", reordered());
        register("fp-alias", with_an_alias());
    });
}

async fn fingerprint(url: &str, id: i64) -> Option<String> {
    let pool = sqlx::AnyPool::connect(url).await.expect("db");
    let out = sqlx::query_scalar("SELECT map_fingerprint FROM games WHERE id = $1")
        .bind(id)
        .fetch_one(&pool)
        .await
        .expect("raw read");
    pool.close().await;
    out
}

#[test]
fn the_fingerprint_follows_the_numbering_and_nothing_else() {
    register_all();
    let standard = engine::Variant::builtin("standard").expect("standard");
    let alias = engine::Variant::builtin("fp-alias").expect("fp-alias");
    let moved = engine::Variant::builtin("fp-reordered").expect("fp-reordered");
    assert_eq!(standard.map_fingerprint, alias.map_fingerprint);
    assert_ne!(standard.map_fingerprint, moved.map_fingerprint);
    for v in ["davis", "maharajah", "pirates", "atlantica"] {
        let other = engine::Variant::builtin(v).expect("built in");
        assert_ne!(standard.map_fingerprint, other.map_fingerprint, "{v}");
    }
}

on_both_backends! {
async fn a_game_stored_under_another_numbering_is_refused_not_moved() {
    register_all();
    let dir = tempfile::tempdir().expect("dir");
    let (games, _clock) = fresh(&dir).await;
    let url = database_url();
    let id = started(&games).await;
    let (_, _, before) = games.current(id).await.expect("reads");

    // The release that reads it now has London and Liverpool the other way round.
    raw(&url, "UPDATE games SET variant = 'fp-reordered' WHERE id = $1", id).await;
    let err = games.current(id).await.expect_err("a renumbered map is refused");
    assert!(matches!(err, GameError::MapChanged { game, .. } if game == id), "{err:?}");
    let words = err.to_string();
    for part in [&format!("game {id}"), "another map", "parley export", "parley import"] {
        assert!(words.contains(part), "{part:?} in {words}");
    }
    assert!(games.export(id).await.is_err(), "nothing is read under the wrong numbering");

    // A map edit that keeps every number reads the game as it was.
    raw(&url, "UPDATE games SET variant = 'fp-alias' WHERE id = $1", id).await;
    let (_, _, after) = games.current(id).await.expect("an alias moves nothing");
    assert_eq!(before.units, after.units);
}
}

on_both_backends! {
async fn a_game_stored_before_fingerprints_is_given_this_maps_on_opening() {
    let dir = tempfile::tempdir().expect("dir");
    let (games, clock) = fresh(&dir).await;
    let url = database_url();
    let id = started(&games).await;
    let standard = engine::Variant::builtin("standard").expect("standard");
    assert_eq!(fingerprint(&url, id).await, Some(standard.map_fingerprint.clone()));

    raw(&url, "UPDATE games SET map_fingerprint = NULL WHERE id = $1", id).await;
    games.close().await.expect("closes");
    let games = Games::open(&url, Arc::new(clock)).await.expect("reopens");
    assert_eq!(fingerprint(&url, id).await, Some(standard.map_fingerprint.clone()));
    games.current(id).await.expect("reads");
}
}

on_both_backends! {
async fn an_imported_game_is_stored_under_this_maps_numbering() {
    let dir = tempfile::tempdir().expect("dir");
    let (games, _clock) = fresh(&dir).await;
    let url = database_url();
    let id = started(&games).await;
    let mut doc = games.export(id).await.expect("export");
    doc["channel"] = serde_json::Value::Null;
    let copy = games.import(&doc).await.expect("import");
    let standard = engine::Variant::builtin("standard").expect("standard");
    assert_eq!(fingerprint(&url, copy).await, Some(standard.map_fingerprint.clone()));
}
}
