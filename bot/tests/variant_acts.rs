//! The resolver's variant acts, proved on Frostmark (`tests/data/frostmark/`, rulebook in
//! `tests/frostmark/mod.rs`) through `parley adjudicate`'s library entry point: the rulebook
//! only says what its orders are (`F wat at South` is an attack within Warm Water, a sea
//! that holds many fleets), and the judge settles them with the standard orders in one
//! resolution. Also: a fleet that becomes a river flotilla on entering a river province and
//! leaves an anchor marker that a later move picks up, and a canal dug over several years
//! that opens the Dale to fleets when finished, kept in a stored game through export and
//! import.

mod common;
mod frostmark;
use common::*;
use frostmark::{register, units_of, CANAL_DIGS, DIGS};
use parley::discord::actions::{self, CreateArgs};
use serde_json::{json, Value};

fn adjudicate(case: Value) -> Value {
    register();
    let out = parley::adjudicate::adjudicate_case(None, &case.to_string())
        .unwrap_or_else(|e| panic!("parley adjudicate refused the case: {e}"));
    serde_json::from_str(&out).expect("parley adjudicate writes JSON")
}

/// Every result of the order written `order`, in the order given.
fn results_of<'a>(out: &'a Value, order: &str) -> Vec<(&'a str, &'a str)> {
    out["results"]
        .as_array()
        .expect("results")
        .iter()
        .filter(|r| r["order"] == order)
        .map(|r| {
            (
                r["result"].as_str().unwrap_or(""),
                r["reason"].as_str().unwrap_or(""),
            )
        })
        .collect()
}

fn fall(units: Value, orders: Value) -> Value {
    adjudicate(json!({
        "variant": "frostmark",
        "phase": "Fall 1901 movement",
        "units": units,
        "orders": orders,
    }))
}

#[test]
fn fleets_named_by_no_attack_share_the_sea() {
    let out = fall(
        json!({"North": ["F wat"], "South": ["F wat"]}),
        json!({"North": ["F wat H"], "South": ["F wat H"]}),
    );
    assert_eq!(units_of(&out, "North"), ["F wat"], "{out:#}");
    assert_eq!(units_of(&out, "South"), ["F wat"], "{out:#}");
    assert_eq!(out["dislodged"], json!([]), "{out:#}");
}

#[test]
fn a_one_against_one_attack_within_the_sea_cuts_a_support_and_is_held_off() {
    let units = json!({"North": ["F fjo", "F wat"], "South": ["F ice", "F wat"]});
    // Without the attack, the supported fleet takes the Fjord.
    let quiet = fall(
        units.clone(),
        json!({"North": ["F fjo H", "F wat H"], "South": ["F ice - fjo", "F wat S F ice - fjo"]}),
    );
    assert_eq!(
        results_of(&quiet, "F ice - fjo"),
        [("succeeds", "")],
        "{quiet:#}"
    );
    // The Northern fleet attacks the Southern ones in Warm Water: 1 against 1 beats nobody,
    // but the Southern fleet there had to fight and gives no support.
    let out = fall(
        units,
        json!({"North": ["F fjo H", "F wat at South"], "South": ["F ice - fjo", "F wat S F ice - fjo"]}),
    );
    let (verdict, reason) = results_of(&out, "F wat at South")[0];
    assert_eq!(verdict, "fails", "{out:#}");
    assert!(reason.contains("held off (1 against 1)"), "{reason}");
    assert_eq!(
        results_of(&out, "F wat S F ice - fjo")[0].0,
        "fails",
        "{out:#}"
    );
    assert_eq!(results_of(&out, "F ice - fjo")[0].0, "fails", "{out:#}");
    assert_eq!(units_of(&out, "North"), ["F fjo", "F wat"], "{out:#}");
    assert_eq!(out["dislodged"], json!([]), "{out:#}");
}

#[test]
fn two_against_one_within_the_sea_makes_the_loser_retreat() {
    let out = fall(
        json!({"North": ["F wat", "F wat"], "South": ["F wat", "A lak"]}),
        json!({"North": ["F wat at South", "F wat at South"], "South": ["F wat H"]}),
    );
    assert_eq!(
        results_of(&out, "F wat at South"),
        [("succeeds", ""), ("succeeds", "")],
        "{out:#}"
    );
    assert_eq!(results_of(&out, "F wat H")[0].0, "fails", "{out:#}");
    let dislodged = out["dislodged"].as_array().expect("dislodged");
    assert_eq!(dislodged.len(), 1, "{out:#}");
    assert_eq!(dislodged[0]["unit"], "F wat", "{out:#}");
    assert_eq!(dislodged[0]["power"], "South", "{out:#}");
    // It may retreat to any sea or coast beside it not occupied (the Lakeside holds an army).
    let mut retreats: Vec<&str> = dislodged[0]["retreats"]
        .as_array()
        .expect("retreats")
        .iter()
        .filter_map(Value::as_str)
        .collect();
    retreats.sort();
    assert_eq!(retreats, ["fjo", "ice"], "{out:#}");
    assert_eq!(units_of(&out, "North"), ["F wat", "F wat"]);
    assert_eq!(units_of(&out, "South"), ["A lak"]);
    assert_eq!(out["next_phase"], "Fall 1901 retreat", "{out:#}");
}

#[test]
fn four_against_one_within_the_sea_disbands_the_loser() {
    let out = fall(
        json!({"North": ["F wat", "F wat", "F wat", "F wat"], "South": ["F wat", "A lak"]}),
        json!({"North": ["F wat at South", "F wat at South", "F wat at South", "F wat at South"], "South": ["F wat H"]}),
    );
    let (verdict, reason) = results_of(&out, "F wat H")[0];
    assert_eq!(verdict, "fails", "{out:#}");
    assert!(reason.contains("disbanded"), "{reason}");
    assert_eq!(out["dislodged"], json!([]), "{out:#}");
    assert_eq!(
        out["disbanded"],
        json!([{"power": "South", "unit": "F wat"}]),
        "{out:#}"
    );
    assert_eq!(units_of(&out, "South"), ["A lak"]);
    assert_eq!(units_of(&out, "North").len(), 4);
    // Three against one is only a defeat: the loser retreats.
    let three = fall(
        json!({"North": ["F wat", "F wat", "F wat"], "South": ["F wat"]}),
        json!({"North": ["F wat at South", "F wat at South", "F wat at South"], "South": ["F wat H"]}),
    );
    assert_eq!(
        three["dislodged"].as_array().map(Vec::len),
        Some(1),
        "{three:#}"
    );
}

#[test]
fn a_unit_that_sails_away_is_not_beaten_and_an_attack_on_nobody_fails() {
    let out = fall(
        json!({"North": ["F wat"], "South": ["F wat"]}),
        json!({"North": ["F wat at South"], "South": ["F wat - ice"]}),
    );
    assert_eq!(results_of(&out, "F wat - ice")[0].0, "succeeds", "{out:#}");
    let (verdict, reason) = results_of(&out, "F wat at South")[0];
    assert_eq!(verdict, "fails");
    assert!(reason.contains("no Southern unit"), "{reason}");
    // Only where many may stand, and never on one's own power.
    let refused = fall(
        json!({"North": ["F fjo", "F wat"]}),
        json!({"North": ["F fjo at South", "F wat at North"]}),
    );
    assert_eq!(
        results_of(&refused, "F fjo at South")[0].0,
        "illegal",
        "{refused:#}"
    );
    assert_eq!(
        results_of(&refused, "F wat at North")[0].0,
        "illegal",
        "{refused:#}"
    );
}

#[test]
fn a_fleet_up_the_river_becomes_a_flotilla_and_its_anchor_is_picked_up_later() {
    let up = fall(
        json!({"South": ["F lak"]}),
        json!({"South": ["F lak - mil"]}),
    );
    assert_eq!(results_of(&up, "F lak - mil")[0].0, "succeeds", "{up:#}");
    assert_eq!(units_of(&up, "South"), ["R mil"], "{up:#}");
    assert_eq!(
        up["tokens"],
        json!([{"kind": "mooring", "province": "lak", "power": "South"}]),
        "{up:#}"
    );
    // An army walks up the same way, and stays an army.
    let army = fall(
        json!({"South": ["A lak", "F fjo"]}),
        json!({"South": ["A lak - mil", "F fjo - hil"]}),
    );
    assert_eq!(
        results_of(&army, "A lak - mil")[0].0,
        "succeeds",
        "{army:#}"
    );
    // Next year the flotilla sails back down and picks its anchor up: a fleet again.
    let down = adjudicate(json!({
        "variant": "frostmark",
        "phase": "Spring 1902 movement",
        "units": up["units"],
        "tokens": up["tokens"],
        "orders": {"South": ["R mil - lak"]},
    }));
    assert_eq!(
        results_of(&down, "R mil - lak")[0].0,
        "succeeds",
        "{down:#}"
    );
    assert_eq!(units_of(&down, "South"), ["F lak"], "{down:#}");
    assert_eq!(down["tokens"], json!([]), "{down:#}");
    // Without an anchor there, the flotilla stays a flotilla.
    let stays = adjudicate(json!({
        "variant": "frostmark",
        "phase": "Spring 1902 movement",
        "units": {"South": ["R mil"]},
        "orders": {"South": ["R mil - lak"]},
    }));
    assert_eq!(units_of(&stays, "South"), ["R lak"], "{stays:#}");
}

#[test]
fn the_canal_grows_a_dig_a_move_and_opens_the_dale_to_fleets_when_finished() {
    let mut units = json!({"North": ["A dal", "F fjo"]});
    let mut tokens = json!([]);
    let phases = [
        "Spring 1901 movement",
        "Fall 1901 movement",
        "Spring 1902 movement",
    ];
    for (k, phase) in phases.iter().enumerate() {
        // Before it is finished, no fleet may enter the Dale.
        let out = adjudicate(json!({
            "variant": "frostmark",
            "phase": phase,
            "units": units,
            "tokens": tokens,
            "orders": {"North": ["A dal dig", "F fjo - dal"]},
        }));
        assert_eq!(results_of(&out, "A dal dig")[0].0, "succeeds", "{out:#}");
        assert_eq!(
            results_of(&out, "F fjo - dal")[0].0,
            "illegal",
            "{phase}: {out:#}"
        );
        assert_eq!(
            out["tokens"],
            json!([{"kind": "digs", "province": "dal", "count": k as u32 + 1}]),
            "{out:#}"
        );
        units = out["units"].clone();
        tokens = out["tokens"].clone();
    }
    // Finished (three digs over two years): the fleet sails into the Dale as a fleet, no
    // flotilla needed.
    let open = adjudicate(json!({
        "variant": "frostmark",
        "phase": "Fall 1902 movement",
        "units": {"North": ["A hil", "F fjo"]},
        "tokens": tokens,
        "orders": {"North": ["F fjo - dal"]},
    }));
    assert_eq!(
        results_of(&open, "F fjo - dal")[0].0,
        "succeeds",
        "{open:#}"
    );
    assert_eq!(units_of(&open, "North"), ["A hil", "F dal"], "{open:#}");
    assert_eq!(CANAL_DIGS, 3);
}

/// The canal's counter is part of the stored position: a game exported and imported back is
/// the same game, counter included.
#[tokio::test]
async fn a_stored_game_keeps_the_canal_counter_through_export_and_import() {
    register();
    let dir = tempfile::tempdir().unwrap();
    let (games, _clock) = fresh(&dir).await;
    let args = CreateArgs {
        variant: "frostmark".into(),
        ..CreateArgs::default()
    };
    actions::game_create(&games, &in_channel("host", "c", true), &args)
        .await
        .expect("create");
    for p in ["North", "South"] {
        actions::game_join(&games, &in_channel(&p.to_lowercase(), "c", false), Some(p))
            .await
            .expect("join");
    }
    actions::game_start(&games, &in_channel("north", "c", false))
        .await
        .expect("start");
    let id = games.game_in_channel("c").await.unwrap().expect("game");
    games
        .submit(id, "north", &["A dal dig".to_string()])
        .await
        .expect("dig accepted");
    games.adjudicate(id, 0).await.unwrap().expect("adjudicated");
    let (_, _, position) = games.current(id).await.unwrap();
    assert!(
        position
            .tokens
            .iter()
            .any(|t| t.kind == DIGS && t.count() == 1),
        "one dig recorded: {:?}",
        position.tokens
    );
    let exported = games.export(id).await.expect("export");
    let other = tempfile::tempdir().unwrap();
    let (again, _) = fresh(&other).await;
    let copy = again.import(&exported).await.expect("import");
    let (_, _, copied) = again.current(copy).await.unwrap();
    assert_eq!(copied.tokens, position.tokens);
    let mut back = again.export(copy).await.expect("export again");
    let mut first = exported.clone();
    // The ids are the databases' own; everything else is the game.
    for doc in [&mut first, &mut back] {
        if let Some(o) = doc.as_object_mut() {
            o.remove("id");
            o.remove("exported_at");
        }
    }
    assert_eq!(first, back);
}
