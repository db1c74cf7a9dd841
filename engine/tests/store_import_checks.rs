//! `Games::import` checks a whole exported game before inserting anything: a real game is
//! played for a few phases (a move, a dislodgement and its retreat, a build), exported, and
//! imported again in dozens of tampered versions. Each is refused with a reason that names
//! the field, the database is left exactly as it was, and the untampered file still imports
//! and plays on.

mod store_common;
use engine::store::{GameError, Games, Settings};
use serde_json::{json, Value};
use sqlx::Row;
use store_common::*;

/// Standard, played to Spring 1902: Germany is dislodged from Burgundy in Fall 1901, retreats
/// to the Ruhr, and builds in Kiel for Denmark. Phases: 0 Spring 1901 movement, 1 Fall 1901
/// movement, 2 Fall 1901 retreat, 3 Winter 1901 adjustment, 4 Spring 1902 movement (current,
/// with an order, a ready mark and a draw vote).
async fn played(games: &Games) -> i64 {
    let id = started(games).await;
    let orders = |games: &Games, power: &'static str, list: &'static [&'static str]| {
        let games = games.clone();
        async move {
            let r = games.submit(id, power, &s(list)).await.expect("submit");
            assert!(
                r.feedback.iter().all(|f| f.accepted.is_some()),
                "{power}: {:?}",
                r.feedback
            );
        }
    };
    orders(
        games,
        "germany",
        &["A mun - bur", "F kie - den", "A ber - kie"],
    )
    .await;
    orders(games, "france", &["A par - pic"]).await;
    games.adjudicate(id, 0).await.expect("adj").expect("done");
    orders(games, "france", &["A mar - bur", "A pic S A mar - bur"]).await;
    games.adjudicate(id, 1).await.expect("adj").expect("done");
    orders(games, "germany", &["A bur - ruh"]).await;
    games.adjudicate(id, 2).await.expect("adj").expect("done");
    orders(games, "germany", &["build F ber"]).await;
    let r = games.adjudicate(id, 3).await.expect("adj").expect("done");
    assert_eq!(r.next_phase, "Spring 1902 movement");
    orders(games, "england", &["F lon - nth"]).await;
    games.ready(id, "england").await.expect("ready");
    games.vote_draw(id, "italy", false).await.expect("vote");
    games.extend(id, 60, "mod").await.expect("extend");
    id
}

/// Rows in every table, to see that a refused import left nothing behind.
async fn rows() -> Vec<(String, i64)> {
    let pool = sqlx::AnyPool::connect(&database_url()).await.expect("db");
    let mut out = Vec::new();
    for (t, sql) in [
        ("games", "SELECT COUNT(*) AS n FROM games"),
        ("players", "SELECT COUNT(*) AS n FROM players"),
        ("phases", "SELECT COUNT(*) AS n FROM phases"),
        ("submissions", "SELECT COUNT(*) AS n FROM submissions"),
        ("ready", "SELECT COUNT(*) AS n FROM ready"),
        ("votes", "SELECT COUNT(*) AS n FROM votes"),
        ("ballots", "SELECT COUNT(*) AS n FROM ballots"),
        ("audit", "SELECT COUNT(*) AS n FROM audit"),
    ] {
        let n: i64 = sqlx::query(sql)
            .fetch_one(&pool)
            .await
            .expect("count")
            .get("n");
        out.push((t.to_string(), n));
    }
    pool.close().await;
    out
}

type Tamper = (&'static str, Box<dyn Fn(&mut Value)>, &'static str);

fn tamper(what: &'static str, f: impl Fn(&mut Value) + 'static, reason: &'static str) -> Tamper {
    (what, Box::new(f), reason)
}

/// Every province of Standard that is land and empty in the current position, to crowd.
fn empty_land(doc: &Value) -> Vec<String> {
    let v = engine::Variant::builtin("standard").expect("standard");
    let pos =
        engine::case::read_position(v.clone(), &doc["phases"][4]["position"]).expect("position");
    v.map
        .provinces
        .iter()
        .enumerate()
        .filter(|(i, _)| {
            let p = engine::map::ProvinceId(*i as u16);
            v.map
                .admits(&engine::map::LAND, engine::map::Location::province(p))
                && pos.is_empty(p)
        })
        .map(|(_, p)| p.id.clone())
        .collect()
}

fn tampers(doc: &Value) -> Vec<Tamper> {
    let crowd = empty_land(doc);
    let first_unit = doc["phases"][4]["position"]["units"]["England"][0].clone();
    vec![
        tamper("not an object", |d| *d = json!([1, 2]), "JSON object"),
        tamper("format", |d| d["format"] = json!("parley-game-0"), "format: expected \"parley-game-1\""),
        tamper("unknown variant", |d| d["variant"] = json!("atlantis"), "variant: unknown variant 'atlantis'"),
        tamper("variant a number", |d| d["variant"] = json!(7), "variant: expected a string"),
        tamper("settings of the wrong type", |d| d["settings"]["movement_secs"] = json!("soon"), "settings: "),
        tamper("settings out of range", |d| d["settings"]["movement_secs"] = json!(5), "settings: a movement phase of 5s"),
        tamper("unknown edition", |d| d["rulebook"]["edition"] = json!("1066"), "rulebook.edition: \"1066\" is not a rulebook edition"),
        tamper("bad rulebook option", |d| d["rulebook"]["options"]["paradox"] = json!("coin"), "rulebook: "),
        tamper("rulebook not an object", |d| d["rulebook"] = json!("datc"), "rulebook: expected an object"),
        tamper("unknown variant option", |d| d["settings"]["variant_options"] = json!({"atlantis": true}), "settings.variant_options: "),
        tamper("unknown status", |d| d["status"] = json!("won"), "status: 'won' is not a game status"),
        tamper("forming with phases", |d| d["status"] = json!("forming"), "players[0].power: the game is forming"),
        tamper("seed not a number", |d| d["seed"] = json!("abc"), "seed: \"abc\" is not a whole number"),
        tamper("created_at a fraction", |d| d["created_at"] = json!(1.5), "created_at: 1.5 is not a whole number"),
        tamper("negative extension", |d| d["extended_secs"] = json!(-60), "extended_secs: must not be negative"),
        tamper("current phase 999", |d| d["current_seq"] = json!(999), "current_seq: the current phase must be the last one, 4; found 999"),
        tamper("current phase not the last", |d| d["current_seq"] = json!(2), "current_seq: the current phase must be the last one, 4; found 2"),
        tamper("no current phase", |d| d["current_seq"] = Value::Null, "current_seq: the current phase must be the last one"),
        tamper("posted beyond the phases", |d| d["posted_seq"] = json!(999), "posted_seq: 999 is not a phase of this game"),
        tamper("reminded before the first phase", |d| d["reminded_seq"] = json!(-3), "reminded_seq: -3 is not a phase of this game"),
        tamper("no phases", |d| d["phases"] = json!([]), "phases: a game that has started has at least its first phase"),
        tamper("phases not a list", |d| d["phases"] = json!({"0": 1}), "phases: expected a list"),
        tamper("a gap in the phases", |d| { d["phases"].as_array_mut().unwrap().remove(2); }, "phases[2].seq: phases are numbered 0, 1, 2, ... in order; expected 2, found 3"),
        tamper("phases numbered from 1", |d| { for (i, p) in d["phases"].as_array_mut().unwrap().iter_mut().enumerate() { p["seq"] = json!(i + 1); } }, "phases[0].seq: phases are numbered 0, 1, 2, ... in order; expected 0, found 1"),
        tamper("seq a string", |d| d["phases"][1]["seq"] = json!("1"), "phases[1].seq: \"1\" is not a whole number"),
        tamper("phases out of order", |d| {
            let a = d["phases"].as_array_mut().unwrap();
            a.swap(1, 2);
            a[1]["seq"] = json!(1);
            a[2]["seq"] = json!(2);
        }, "phases[2].position.phase: Fall 1901 movement cannot follow Fall 1901 retreat (phases[1])"),
        tamper("a phase played twice", |d| {
            let again = d["phases"][1].clone();
            let a = d["phases"].as_array_mut().unwrap();
            a.insert(2, again);
            for (i, p) in a.iter_mut().enumerate() { p["seq"] = json!(i); }
            d["current_seq"] = json!(5);
        }, "phases[2].position.phase: Fall 1901 movement cannot follow Fall 1901 movement (phases[1])"),
        tamper("a year skipped", |d| {
            d["phases"][4]["position"]["phase"] = json!("Spring 1903 movement");
            d["phases"][4]["name"] = json!("Spring 1903 movement");
        }, "phases[4].position.phase: Spring 1903 movement cannot follow Winter 1901 adjustment (phases[3])"),
        tamper("a game that starts in the Fall", |d| {
            d["phases"][0]["position"]["phase"] = json!("Fall 1901 movement");
            d["phases"][0]["name"] = json!("Fall 1901 movement");
        }, "phases[0].position.phase: a game starts at Spring 1901 movement, not at Fall 1901 movement"),
        tamper("name not the position's phase", |d| d["phases"][1]["name"] = json!("Fall 1905 movement"), "phases[1].name: 'Fall 1905 movement' is not its position's phase, 'Fall 1901 movement'"),
        tamper("name missing", |d| d["phases"][1]["name"] = Value::Null, "phases[1].name: expected a string"),
        tamper("year 99999", |d| d["phases"][4]["position"]["phase"] = json!("Spring 99999 movement"), "phases[4].position.phase: phase 'Spring 99999 movement': the year 99999 is out of range; years run from 1901 to 9999"),
        tamper("year beyond i32", |d| d["phases"][4]["position"]["phase"] = json!("Spring 99999999999 movement"), "phases[4].position.phase: phase 'Spring 99999999999 movement': years run from 1901 to 9999"),
        tamper("year before the first", |d| d["phases"][0]["position"]["phase"] = json!("Spring 1850 movement"), "phases[0].position.phase: phase 'Spring 1850 movement': the year 1850 is out of range"),
        tamper("negative year", |d| d["phases"][0]["position"]["phase"] = json!("Spring -5 movement"), "phases[0].position.phase: phase 'Spring -5 movement': the year -5 is out of range"),
        tamper("position not an object", |d| d["phases"][3]["position"] = json!("board"), "phases[3].position: a position must be a JSON object"),
        tamper("position of another variant", |d| d["phases"][0]["position"]["variant"] = json!("davis"), "phases[0].position.variant: \"davis\" is not the game's variant"),
        tamper("two units in one province", move |d| {
            d["phases"][4]["position"]["units"]["France"].as_array_mut().unwrap().push(first_unit.clone());
        }, "phases[4].position.units.France["),
        tamper("a fleet inland", |d| {
            d["phases"][4]["position"]["units"]["France"].as_array_mut().unwrap().push(json!("F gal"));
        }, "phases[4].position.units.France[3]: a fleet cannot stand at gal"),
        tamper("a unit nowhere", |d| d["phases"][3]["position"]["units"]["Italy"] = json!(["A atlantis"]), "phases[3].position.units.Italy[0]: "),
        tamper("units of no power", |d| d["phases"][4]["position"]["units"]["Atlantis"] = json!(["A bur"]), "phases[4].position.units.Atlantis: 'Atlantis' is not a power of Standard"),
        tamper("twenty units on five centres", move |d| {
            let list: Vec<Value> = crowd.iter().take(16).map(|p| json!(format!("A {p}"))).collect();
            let u = d["phases"][4]["position"]["units"]["England"].as_array_mut().unwrap();
            u.extend(list);
        }, "phases[4].position.units.England: 19 units on 3 supply centres in Spring 1902 movement"),
        tamper("two owners of a centre", |d| {
            d["phases"][4]["position"]["supply_centers"]["Italy"].as_array_mut().unwrap().push(json!("ber"));
        }, "phases[4].position.supply_centers.Italy[3]: Berlin is already listed for Germany"),
        tamper("a centre that is none", |d| {
            d["phases"][2]["position"]["supply_centers"]["France"].as_array_mut().unwrap().push(json!("bur"));
        }, "phases[2].position.supply_centers.France[3]: Burgundy is not a supply centre"),
        tamper("two homes for a centre", |d| {
            d["phases"][0]["position"]["homes"]["Turkey"].as_array_mut().unwrap().push(json!("mun"));
        }, "phases[0].position.homes.Turkey[3]: Munich is already listed for Germany"),
        tamper("dislodged outside a retreat", |d| {
            d["phases"][4]["position"]["dislodged"] = json!([{"power": "Germany", "unit": "A mun", "attacker_from": "bur"}]);
        }, "phases[4].position.dislodged: dislodged units and contested provinces belong to a retreat phase"),
        tamper("results missing for a played phase", |d| d["phases"][1]["results"] = Value::Null, "phases[1].results: Fall 1901 movement was played (a later phase follows) but has no results"),
        tamper("results for the current phase", |d| d["phases"][4]["results"] = json!({"results": []}), "phases[4].results: Spring 1902 movement is the current phase and cannot have results yet"),
        tamper("adjudicated at a string", |d| d["phases"][0]["adjudicated_at"] = json!("yesterday"), "phases[0].adjudicated_at: "),
        tamper("a player of no power", |d| d["players"][0]["power"] = json!("Atlantis"), "players[0].power: 'Atlantis' is not a power of Standard; a player holds one of Austria, England"),
        tamper("two players of one power", |d| d["players"][1]["power"] = d["players"][0]["power"].clone(), "players[1].power: Austria is already held by players[0]"),
        tamper("a power in lower case", |d| d["players"][2]["power"] = json!("france"), "players[2].power: write the power as the game stores it: 'France'"),
        tamper("a player with no power", |d| d["players"][3]["power"] = Value::Null, "players[3].power: the game has started, so every player holds a power"),
        tamper("a user twice", |d| d["players"][1]["user"] = d["players"][0]["user"].clone(), "players[1].user: austria is listed twice"),
        tamper("an empty user", |d| d["players"][1]["user"] = json!(""), "players[1].user: must not be empty"),
        tamper("an eighth player", |d| { d["players"].as_array_mut().unwrap().push(json!({"user": "eight", "power": null, "joined_at": 0})); }, "players: Standard has 7 seats; the file lists 8 players"),
        tamper("a preference of no power", |d| d["players"][0]["preference"] = json!("Prussia"), "players[0].preference: 'Prussia' is not a power of Standard"),
        tamper("orders of no power", |d| d["phases"][4]["submissions"][0]["power"] = json!("Prussia"), "phases[4].submissions[0].power: 'Prussia' is not a power"),
        tamper("orders not a list", |d| d["phases"][4]["submissions"][0]["orders"] = json!("F lon - nth"), "phases[4].submissions[0].orders: expected a list"),
        tamper("an order not a string", |d| d["phases"][4]["submissions"][0]["orders"] = json!([7]), "phases[4].submissions[0].orders[0]: expected a string"),
        tamper("ready twice", |d| { d["phases"][4]["ready"].as_array_mut().unwrap().push(json!("England")); }, "phases[4].ready[1]: England is marked ready twice"),
        tamper("ready of no power", |d| d["phases"][4]["ready"] = json!(["Prussia"]), "phases[4].ready[0]: 'Prussia' is not a power"),
        tamper("an unknown vote", |d| d["phases"][4]["votes"][0]["kind"] = json!("surrender"), "phases[4].votes[0].kind: 'surrender' is not a vote; expected draw or concede"),
        tamper("two draw votes", |d| { let again = d["phases"][4]["votes"][0].clone(); d["phases"][4]["votes"].as_array_mut().unwrap().push(again); }, "phases[4].votes[1]: Italy has two draw votes in this phase"),
        tamper("a concession to nobody", |d| d["phases"][4]["votes"][0]["kind"] = json!("concede"), "phases[4].votes[0].target: a concession names the power it concedes to"),
        tamper("a ballot on no province", |d| d["phases"][4]["ballots"] = json!([{"voter": "France", "subject": "xyz", "order": "F xyz H", "user_id": "france", "cast_at": 0}]), "phases[4].ballots[0].subject: 'xyz' is not a province id of Standard"),
        tamper("an audit row without an actor", |d| d["audit"][0]["actor"] = Value::Null, "audit[0].actor: expected a string"),
        tamper("the channel of an unfinished game", |d| d["channel"] = json!("chan"), "channel: channel chan already has an unfinished game"),
    ]
}

on_both_backends! {
async fn every_tampered_export_is_refused_naming_the_field_and_nothing_is_stored() {
    let dir = tempfile::tempdir().expect("tmp");
    let (games, _clock) = fresh(&dir).await;
    let id = played(&games).await;
    let mut doc = games.export(id).await.expect("export");
    assert_eq!(doc["phases"].as_array().unwrap().len(), 5, "{doc}");
    // The original game still runs in "chan"; the copies go to no channel.
    doc["channel"] = Value::Null;
    let before = rows().await;
    let list = tampers(&doc);
    assert!(list.len() >= 60, "{} cases", list.len());
    let mut wrong = Vec::new();
    for (what, change, reason) in list {
        let mut bad = doc.clone();
        change(&mut bad);
        assert_ne!(bad, doc, "{what}: the tamper changed nothing");
        match games.import(&bad).await {
            Err(GameError::Refused(err)) => {
                if !err.contains(reason) {
                    wrong.push(format!("{what}: expected '{reason}' in: {err}"));
                }
                for raw in ["database", "SQLITE", "constraint", "sqlx"] {
                    assert!(!err.contains(raw), "{what}: raw database text: {err}");
                }
            }
            Err(other) => wrong.push(format!("{what}: not a refusal: {other}")),
            Ok(new) => wrong.push(format!("{what}: imported as game {new}")),
        }
        assert_eq!(rows().await, before, "{what}: the database changed");
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));

    // The untampered file imports and plays on.
    let copy = games
        .import(&doc)
        .await
        .expect("the untampered export imports");
    assert_eq!(games.export(copy).await.expect("export"), doc);
    let r = games
        .submit(copy, "france", &s(&["A bur - mun"]))
        .await
        .expect("submit");
    assert!(r.feedback[0].accepted.is_some(), "{r:?}");
    let report = games
        .adjudicate(copy, 4)
        .await
        .expect("adjudicate")
        .expect("adjudicated");
    assert_eq!(report.next_phase, "Fall 1902 movement");
}
}

on_both_backends! {
async fn a_game_with_a_board_edit_may_leave_a_power_more_units_than_centres() {
    let dir = tempfile::tempdir().expect("tmp");
    let (games, _clock) = fresh(&dir).await;
    let id = started(&games).await;
    games
        .edit_board(
            id,
            &engine::store::BoardEdit::AddUnit {
                power: "England".into(),
                unit: "A yor".into(),
            },
            "mod",
        )
        .await
        .expect("add-unit");
    let mut doc = games.export(id).await.expect("export");
    doc["channel"] = Value::Null;
    let copy = games
        .import(&doc)
        .await
        .expect("a moderator's surplus imports");
    assert_eq!(games.export(copy).await.expect("export"), doc);
    // The same surplus with no board edit on record is refused.
    doc["audit"] = json!([]);
    let err = games.import(&doc).await.unwrap_err().to_string();
    assert!(
        err.contains("phases[0].position.units.England: 4 units on 3 supply centres"),
        "{err}"
    );
}
}

on_both_backends! {
async fn pirates_exports_are_checked_against_their_own_calendar_and_powers() {
    let dir = tempfile::tempdir().expect("tmp");
    let (games, _clock) = fresh(&dir).await;
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
    for p in [
        "Denmark",
        "England",
        "France",
        "Holland",
        "Spain",
        "Buccaneers",
        "Corsairs",
    ] {
        games
            .join(id, &p.to_lowercase(), Some(p))
            .await
            .expect("join");
    }
    games.start(id).await.expect("start");
    let mut doc = games.export(id).await.expect("export");
    doc["channel"] = Value::Null;
    let before = rows().await;
    let cases: Vec<Tamper> = vec![
        tamper("a player of the Pirates", |d| d["players"][0]["power"] = json!("Pirates"), "players[0].power: Pirates are ordered by vote and no player holds them"),
        tamper("a setup in the wrong year", |d| d["phases"][0]["position"]["phase"] = json!("Fall 1681 setup"), "phases[0].position.phase: phase 'Fall 1681 setup' is not in this variant's calendar"),
        tamper("a move before the first year", |d| {
            d["phases"][0]["position"]["phase"] = json!("Spring 1680 movement");
            d["phases"][0]["name"] = json!("Spring 1680 movement");
        }, "phases[0].position.phase: phase 'Spring 1680 movement': the year 1680 is out of range; years run from 1681 to 9999 (the setup in 1680)"),
        tamper("a fleet on a centre with another unit", |d| {
            d["phases"][0]["position"]["units"]["Holland"].as_array_mut().unwrap().push(json!("A atg"));
        }, "phases[0].position.units.Holland[7]: Antigua already holds F atg"),
        tamper("a ballot of the Pirates", |d| d["phases"][0]["ballots"] = json!([{"voter": "Pirates", "subject": "hav", "order": "F hav H", "user_id": "x", "cast_at": 0}]), "phases[0].ballots[0].voter: Pirates are ordered by vote"),
    ];
    for (what, change, reason) in cases {
        let mut bad = doc.clone();
        change(&mut bad);
        let err = games.import(&bad).await.unwrap_err().to_string();
        assert!(
            err.contains(reason),
            "{what}: expected '{reason}' in: {err}"
        );
        assert_eq!(rows().await, before, "{what}: the database changed");
    }
    games
        .import(&doc)
        .await
        .expect("the untampered export imports");
}
}
