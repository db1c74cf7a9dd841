//! The games service against a real SQLite file: lifecycle, deadlines from an injected clock,
//! per-order feedback, idempotent adjudication, injected failures, draws and rollback, export and
//! import, and Davis's options. (A SIGKILLed process is `bot/tests/crash.rs`.)

use engine::store::clock::ManualClock;
use engine::store::{FailPoint, GameError, Settings};

mod store_common;
use store_common::*;

on_both_backends! {
async fn a_game_from_forming_to_its_second_year() {
    let dir = tempfile::tempdir().expect("tmp");
    let (games, clock) = fresh(&dir).await;
    let id = games
        .create(Some("g"), Some("c1"), "standard", Settings::default(), 42)
        .await
        .expect("create");
    assert!(
        matches!(games.create(Some("g"), Some("c1"), "standard", Settings::default(), 1).await, Err(GameError::Refused(m)) if m.contains("one game per channel"))
    );
    let err = games
        .join(id, "u0", Some("Narnia"))
        .await
        .unwrap_err()
        .to_string();
    assert!(err.contains("Narnia") && err.contains("Austria"), "{err}");
    for i in 0..7 {
        games
            .join(
                id,
                &format!("u{i}"),
                if i == 0 { Some("france") } else { None },
            )
            .await
            .expect("join");
    }
    assert!(games
        .join(id, "u8", None)
        .await
        .unwrap_err()
        .to_string()
        .contains("full"));
    let assigned = games.start(id).await.expect("start");
    assert_eq!(assigned.len(), 7);
    assert!(
        assigned.contains(&("u0".to_string(), "France".to_string())),
        "preference honoured: {assigned:?}"
    );

    // Per-order feedback: accepted, refused with a reason, and what is still missing.
    let fr = games.power_of(id, "u0").await.expect("power");
    assert_eq!(fr, "France");
    let report = games
        .submit(
            id,
            "u0",
            &s(&["A Paris to Burgundy", "F lon - eng", "A mar - spa"]),
        )
        .await
        .expect("submit");
    assert_eq!(report.feedback[0].accepted.as_deref(), Some("A par - bur"));
    assert!(report.feedback[1]
        .reason
        .as_deref()
        .unwrap_or("")
        .contains("belongs to England"));
    assert_eq!(report.current, s(&["A par - bur", "A mar - spa"]));
    assert_eq!(report.missing, s(&["F bre"]));
    // A later order for the same unit replaces the earlier one; nothing else is lost.
    let report = games
        .submit(id, "u0", &s(&["A par - pic"]))
        .await
        .expect("resubmit");
    assert_eq!(report.current, s(&["A mar - spa", "A par - pic"]));

    // Not due before the deadline; due after it.
    assert!(games
        .due(clock.now_for_test())
        .await
        .expect("due")
        .is_empty());
    clock.advance(48 * 3600);
    let due = games.due(clock.now_for_test()).await.expect("due");
    assert_eq!(due, vec![(id, 0)]);
    let report = games
        .adjudicate(id, 0)
        .await
        .expect("adjudicate")
        .expect("advanced");
    assert_eq!(report.phase, "Spring 1901 movement");
    assert_eq!(
        report.next_phase, "Fall 1901 movement",
        "the empty retreat phase is skipped"
    );
    // Running it again for the same phase does nothing.
    assert!(games.adjudicate(id, 0).await.expect("again").is_none());
    let (seq, v, pos) = games.current(id).await.expect("current");
    assert_eq!(seq, 1);
    assert!(pos
        .unit_at(v.map.province_by_id("pic").expect("pic"))
        .is_some());
    assert!(pos
        .unit_at(v.map.province_by_id("spa").expect("spa"))
        .is_some());

    // Fall: France takes Spain; the Winter adjustment has a build, so it is played.
    let report = games
        .adjudicate(id, 1)
        .await
        .expect("fall")
        .expect("advanced");
    assert_eq!(report.next_phase, "Winter 1901 adjustment");
    assert_eq!(games.owing(id).await.expect("owing"), s(&["France"]));
    let r = games
        .submit(id, "u0", &s(&["build F mar"]))
        .await
        .expect("build");
    assert!(r.missing.is_empty(), "{:?}", r.missing);
    let report = games
        .adjudicate(id, 2)
        .await
        .expect("winter")
        .expect("advanced");
    let (_, v, _) = games.current(id).await.expect("game");
    let built: Vec<String> = report.record.built.iter().map(|u| v.unit_text(u)).collect();
    assert_eq!(built, ["F mar"]);
    assert_eq!(report.next_phase, "Spring 1902 movement");
}
}

trait Now {
    fn now_for_test(&self) -> i64;
}
impl Now for ManualClock {
    fn now_for_test(&self) -> i64 {
        use engine::store::clock::Clock;
        self.now()
    }
}

on_both_backends! {
async fn ready_players_bring_the_phase_forward_and_deadlines_move_only_within_bounds() {
    let dir = tempfile::tempdir().expect("tmp");
    let (games, clock) = fresh(&dir).await;
    let id = started(&games).await;
    assert_eq!(games.owing(id).await.expect("owing").len(), 7);
    for p in ["austria", "england", "france", "germany", "italy", "russia"] {
        games.ready(id, p).await.expect("ready");
    }
    assert!(
        games.due(T0).await.expect("due").is_empty(),
        "one power is not ready yet"
    );
    games.ready(id, "turkey").await.expect("ready");
    assert_eq!(games.due(T0).await.expect("due"), vec![(id, 0)]);

    let new = games.extend(id, 3600, "mod").await.expect("extend");
    assert_eq!(new, T0 + 48 * 3600 + 3600);
    let err = games
        .extend(id, 30 * 24 * 3600, "mod")
        .await
        .unwrap_err()
        .to_string();
    // Said in days and hours, as the moderator wrote it (it once said "2588400 more seconds").
    assert!(
        err.contains("30d is more than the 6d 23h of extension this game has left (1h of 7d used)"),
        "{err}"
    );

    games.pause(id, "mod").await.expect("pause");
    clock.advance(100 * 24 * 3600);
    assert!(
        games
            .due(clock.now_for_test())
            .await
            .expect("due")
            .is_empty(),
        "paused games are never due"
    );
    assert!(games.submit(id, "france", &s(&["A par H"])).await.is_err());
    games.resume(id, "mod").await.expect("resume");
    // The time that was left when paused (49 hours) is given back in full.
    let doc = games.export(id).await.expect("export");
    assert_eq!(doc["deadline_at"], clock.now_for_test() + 49 * 3600);
    // Everyone is still ready, so it is due at once.
    assert_eq!(
        games.due(clock.now_for_test()).await.expect("due"),
        vec![(id, 0)]
    );
}
}

on_both_backends! {
async fn an_injected_failure_at_any_step_leaves_the_game_before_the_phase() {
    let dir = tempfile::tempdir().expect("tmp");
    let (games, _clock) = fresh(&dir).await;
    let id = started(&games).await;
    games
        .submit(id, "france", &s(&["A par - bur"]))
        .await
        .expect("submit");
    let before = games.export(id).await.expect("export");
    for point in [
        FailPoint::AfterResults,
        FailPoint::AfterNextPhase,
        FailPoint::BeforeCommit,
    ] {
        games.inject_failure(Some(point));
        assert!(matches!(
            games.adjudicate(id, 0).await,
            Err(GameError::Injected(_))
        ));
        assert_eq!(
            games.export(id).await.expect("export"),
            before,
            "{point:?} left a trace"
        );
    }
    games.inject_failure(None);
    assert!(games.adjudicate(id, 0).await.expect("ok").is_some());
    assert_eq!(games.current(id).await.expect("current").0, 1);
}
}

on_both_backends! {
async fn draw_needs_every_surviving_power_and_rollback_undoes_a_phase() {
    let dir = tempfile::tempdir().expect("tmp");
    let (games, _clock) = fresh(&dir).await;
    let id = started(&games).await;
    games
        .submit(id, "france", &s(&["A par - bur"]))
        .await
        .expect("submit");
    games
        .adjudicate(id, 0)
        .await
        .expect("adj")
        .expect("advanced");
    let name = games.rollback(id, "mod").await.expect("rollback");
    assert_eq!(name, "Spring 1901 movement");
    let (seq, v, pos) = games.current(id).await.expect("current");
    assert_eq!(seq, 0);
    assert!(pos
        .unit_at(v.map.province_by_id("par").expect("par"))
        .is_some());

    for p in ["austria", "england", "france", "germany", "italy", "russia"] {
        assert_eq!(games.vote_draw(id, p, true).await.expect("vote"), None);
    }
    let outcome = games.vote_draw(id, "turkey", true).await.expect("vote");
    assert!(outcome.expect("draw").starts_with("draw between Austria"));
    assert_eq!(games.status(id).await.expect("status"), "finished");
}
}

on_both_backends! {
async fn export_then_import_then_export_gives_the_same_document() {
    let dir = tempfile::tempdir().expect("tmp");
    let (games, _clock) = fresh(&dir).await;
    let id = started(&games).await;
    games
        .submit(id, "germany", &s(&["A mun - bur", "F kie - den"]))
        .await
        .expect("submit");
    games.adjudicate(id, 0).await.expect("adj");
    games.extend(id, 60, "mod").await.expect("extend");
    let first = games.export(id).await.expect("export");
    let mut copy = first.clone();
    copy["channel"] = serde_json::Value::Null;
    let id2 = games.import(&copy).await.expect("import");
    let second = games.export(id2).await.expect("export");
    assert_eq!(second, copy);
    let bad = serde_json::json!({"format": "parley-game-1", "variant": "standard", "rulebook": {}, "settings": {}, "status": "running", "phases": [{"seq": 0, "name": "x", "position": {"phase": "Spring 1901 movement", "units": {"France": ["A atlantis"]}}}]});
    let err = games.import(&bad).await.unwrap_err().to_string();
    assert!(err.contains("phases[0].position"), "{err}");
}
}

on_both_backends! {
async fn davis_options_are_checked_and_orders_for_fleets_in_the_box_count_once_each() {
    let dir = tempfile::tempdir().expect("tmp");
    let (games, _clock) = fresh(&dir).await;
    let with = |name: &str, on: bool| Settings {
        variant_options: [(name.to_string(), on)].into_iter().collect(),
        ..Settings::default()
    };
    // Davis rule 6, the Abstraction A/F rules, may be switched on.
    let af = games
        .create(None, None, "davis", with("abstraction", true), 1)
        .await
        .expect("a Davis game with the abstraction option");
    assert_eq!(
        games
            .info(af)
            .await
            .unwrap()
            .settings
            .variant_options
            .get("abstraction"),
        Some(&true)
    );
    let err = games
        .create(None, None, "davis", with("atlantis", true), 1)
        .await
        .unwrap_err()
        .to_string();
    assert!(err.contains("high-ocean-box"), "{err}");

    // The Box is on by default; a game may switch it off.
    let off = games
        .create(None, Some("off"), "davis", with("high-ocean-box", false), 1)
        .await
        .expect("create");
    fill_and_start(&games, off).await;
    let (_, v, _) = games.current(off).await.expect("current");
    assert_eq!(v.id, "davis");
    assert!(v
        .option_values()
        .iter()
        .any(|(o, on)| o.name == "high-ocean-box" && !on));

    // A Davis game whose English fleets stand in the Box (written into an exported game).
    let id = games
        .create(None, Some("box"), "davis", Settings::default(), 1)
        .await
        .expect("create");
    fill_and_start(&games, id).await;
    let mut doc = games.export(id).await.expect("export");
    doc["channel"] = serde_json::Value::Null;
    doc["phases"][0]["position"]["units"]["England"] =
        serde_json::json!(["F hio", "F hio", "A lvp"]);
    let id = games.import(&doc).await.expect("import");

    let r = games
        .submit(id, "england", &s(&["F hio - nao", "F hio - mao"]))
        .await
        .expect("submit");
    assert_eq!(r.current, s(&["F hio - nao", "F hio - mao"]));
    assert_eq!(r.missing, s(&["A lvp"]));
    // Two fleets there: a third order pushes out the oldest, not the other one.
    let r = games
        .submit(id, "england", &s(&["F hio - sao"]))
        .await
        .expect("submit");
    assert_eq!(r.current, s(&["F hio - mao", "F hio - sao"]));
    let r = games
        .submit(id, "germany", &s(&["F hio - nao"]))
        .await
        .expect("submit");
    assert!(
        r.feedback[0]
            .reason
            .as_deref()
            .is_some_and(|w| w.contains("no German unit")),
        "{:?}",
        r.feedback
    );
    games.adjudicate(id, 0).await.expect("adj");
    let (_, v, pos) = games.current(id).await.expect("current");
    let england = v.power_by_name("England").expect("England");
    let mut mine: Vec<String> = pos
        .units
        .iter()
        .filter(|u| u.power == england)
        .map(|u| v.unit_text(u))
        .collect();
    mine.sort();
    assert_eq!(mine, s(&["A lvp", "F mao", "F sao"]));
}
}

on_both_backends! {
/// Atlantica II's retreat list (rule 9a) is written beside the unit's move: the service keeps
/// both, a later list replaces the earlier one, a new move keeps the list, and the list does not
/// count as the unit's order.
async fn a_retreat_list_stands_beside_the_units_order() {
    let dir = tempfile::tempdir().expect("tmp");
    let (games, _clock) = fresh(&dir).await;
    let id = games
        .create(Some("g"), Some("c1"), "atlantica", Settings::default(), 7)
        .await
        .expect("create");
    for p in [
        "England", "France", "Germany", "Italy", "Canada", "CSA", "USA",
    ] {
        games
            .join(id, &p.to_lowercase(), Some(p))
            .await
            .expect("join");
    }
    games.start(id).await.expect("start");
    let report = games
        .submit(id, "france", &s(&["A par if dislodged pic", "A par - bur"]))
        .await
        .expect("submit");
    assert!(
        report.feedback.iter().all(|f| f.reason.is_none()),
        "{:?}",
        report.feedback
    );
    assert!(
        !report.missing.iter().any(|m| m.contains("par")),
        "{:?}",
        report.missing
    );
    let report = games
        .submit(
            id,
            "france",
            &s(&["A par if dislodged gas, pic", "A par H"]),
        )
        .await
        .expect("submit");
    let current = report.current.join(" | ");
    assert!(current.contains("A par H"), "{current}");
    assert!(!current.contains("A par - bur"), "{current}");
    assert!(current.contains("if dislodged gas"), "{current}");
    assert_eq!(current.matches("if dislodged").count(), 1, "{current}");
    // A list alone leaves the unit's order owed.
    let report = games
        .submit(id, "germany", &s(&["A mun if dislodged ber"]))
        .await
        .expect("submit");
    assert!(
        report.missing.iter().any(|m| m.contains("mun")),
        "{:?}",
        report.missing
    );
    // A list out of the movement's reach is refused with the reason.
    let report = games
        .submit(id, "germany", &s(&["A mun if dislodged lon"]))
        .await
        .expect("submit");
    let why = report.feedback[0].reason.clone().unwrap_or_default();
    assert!(why.contains("could never retreat to lon"), "{why}");
}
}

on_both_backends! {
/// Two services on one database (two bot processes) closing the same phase at once: one
/// adjudicates it, the other finds it done; many submissions from both land, none lost.
async fn two_services_on_one_database_adjudicate_a_phase_once() {
    let dir = tempfile::tempdir().expect("tmp");
    let (one, clock) = fresh(&dir).await;
    let other = engine::store::Games::open(&database_url(), std::sync::Arc::new(clock.clone()))
        .await
        .expect("a second service");
    let ids = [started(&one).await, started_with(&one, "chan2", Settings::default()).await];
    let mut writes = Vec::new();
    for (n, power) in POWERS.iter().enumerate() {
        for id in ids {
            let games = if n % 2 == 0 { one.clone() } else { other.clone() };
            let user = power.to_lowercase();
            writes.push(tokio::spawn(async move {
                games.ready(id, &user).await.expect("ready");
            }));
        }
    }
    for w in writes {
        w.await.expect("joined");
    }
    for id in ids {
        let (a, b) = tokio::join!(one.adjudicate(id, 0), other.adjudicate(id, 0));
        let played = [a.expect("one"), b.expect("other")]
            .into_iter()
            .filter(|r| r.is_some())
            .count();
        assert_eq!(played, 1, "game {id}: adjudicated by exactly one service");
        assert_eq!(one.phase_names(id).await.expect("phases").len(), 2, "game {id}");
        assert_eq!(one.current(id).await.expect("current").0, 1);
    }
}
}

/// Two processes started together on a new SQLite file both open it: sqlx takes no lock around
/// SQLite migrations, so the one that loses the race to create the tables must try again
/// rather than fail with "table games already exists".
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn services_opening_a_new_sqlite_file_at_the_same_moment_both_open_it() {
    let dir = tempfile::tempdir().expect("tmp");
    for round in 0..8 {
        let url = format!(
            "sqlite://{}",
            dir.path().join(format!("new{round}.db")).display()
        );
        let clock = std::sync::Arc::new(ManualClock::at(T0));
        let (a, b) = tokio::join!(
            engine::store::Games::open(&url, clock.clone()),
            engine::store::Games::open(&url, clock.clone())
        );
        let (a, b) = (a.expect("the first opens"), b.expect("the second opens"));
        let id = a
            .create(Some("g"), Some("c"), "standard", Settings::default(), 7)
            .await
            .expect("create");
        assert!(b.info(id).await.is_ok(), "round {round}: one database");
    }
}

/// A started Latin American game whose first phase is rewritten to `phase`, as if it had been
/// played that far (a hand edit of the stored position).
async fn latin_american_at(games: &engine::store::Games, channel: &str, phase: &str) -> i64 {
    let id = games
        .create(
            Some("g"),
            Some(channel),
            "latin-american",
            Settings::default(),
            7,
        )
        .await
        .expect("create");
    let v = engine::Variant::builtin("latin-american").unwrap();
    for (i, p) in v.powers.iter().enumerate() {
        games
            .join(id, &format!("u{i}-{channel}"), Some(&p.name))
            .await
            .expect("join");
    }
    games.start(id).await.expect("start");
    let url = database_url();
    let stored = column(&url, "SELECT position FROM phases WHERE game_id = $1", id).await;
    let mut position: serde_json::Value = serde_json::from_str(&stored[0]).unwrap();
    position["phase"] = serde_json::json!(phase);
    let sql = format!(
        "UPDATE phases SET position = '{}', name = '{phase} (December-March)' WHERE game_id = $1",
        position.to_string().replace('\'', "''")
    );
    raw(&url, &sql, id).await;
    id
}

on_both_backends! {
/// Latin American Diplomacy ends after 1917 D, its calendar's last year (rule C): with nobody
/// at 36 centres the game is over as a draw of the powers still in it, with no next deadline.
/// The year before, it goes on.
async fn a_game_whose_last_year_is_over_ends_in_a_draw() {
    let dir = tempfile::tempdir().expect("tmp");
    let (games, _clock) = fresh(&dir).await;
    let v = engine::Variant::builtin("latin-american").unwrap();

    let going_on = latin_american_at(&games, "la1", "1916 D adjustment").await;
    let (seq, _, _) = games.current(going_on).await.unwrap();
    let report = games.adjudicate(going_on, seq).await.unwrap().expect("adjudicated");
    assert_eq!(report.outcome, None);
    assert!(report.next_phase.starts_with("1917 A"), "{}", report.next_phase);
    assert_eq!(games.info(going_on).await.unwrap().status, "running");

    let last = latin_american_at(&games, "la2", "1917 D adjustment").await;
    let (seq, _, _) = games.current(last).await.unwrap();
    let report = games.adjudicate(last, seq).await.unwrap().expect("adjudicated");
    let everyone: Vec<String> = v.powers.iter().map(|p| p.name.clone()).collect();
    assert_eq!(report.outcome, Some(engine::store::Outcome::Draw(everyone)));
    assert!(report.next_phase.starts_with("1918 A"), "{}", report.next_phase);
    let info = games.info(last).await.unwrap();
    assert_eq!((info.status.as_str(), info.deadline), ("finished", None));
}
}
