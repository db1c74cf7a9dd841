//! A variant defined only in test data (`tests/data/frostmark/`) and a rulebook written for the tests,
//! registered at run time and played through `parley adjudicate`'s library entry point, with no
//! change to the engine: a third unit kind that moves where only its class may, a sea that is
//! impassable in Spring only, an order of its own judged in a movement phase, and centres that
//! change hands after every movement step the calendar marks. The rulebook is
//! `tests/frostmark/mod.rs`, shared with the tests of the bot's use of it.

mod frostmark;
use frostmark::{register, units_of};
use serde_json::{json, Value};

/// Runs one case through `parley adjudicate` as the command does.
fn adjudicate(case: Value) -> Value {
    register();
    let out = parley::adjudicate::adjudicate_case(None, &case.to_string())
        .unwrap_or_else(|e| panic!("parley adjudicate refused the case: {e}"));
    serde_json::from_str(&out).expect("parley adjudicate writes JSON")
}

/// The result and reason of the order written `order`.
fn result_of<'a>(out: &'a Value, order: &str) -> (&'a str, &'a str) {
    let r = out["results"]
        .as_array()
        .expect("results")
        .iter()
        .find(|r| r["order"] == order)
        .unwrap_or_else(|| panic!("no result for {order}: {out:#}"));
    (
        r["result"].as_str().unwrap_or(""),
        r["reason"].as_str().unwrap_or(""),
    )
}

#[test]
fn the_flotilla_moves_where_only_its_class_may_and_the_ice_sea_freezes_in_spring() {
    let spring = adjudicate(json!({
        "variant": "frostmark",
        "phase": "Spring 1901 movement",
        "units": {"North": ["A dal", "F fjo"], "South": ["R mil", "A lak"]},
        "supply_centers": {"North": ["hil", "fjo"], "South": ["lak", "mil"]},
        "orders": {
            "North": ["F fjo - ice"],
            "South": ["R mil - hil"],
        },
    }));
    // The river between the Mill and the Highlands carries flotillas only.
    assert_eq!(result_of(&spring, "R mil - hil"), ("succeeds", ""));
    assert_eq!(units_of(&spring, "South"), ["A lak", "R hil"]);
    // The Ice Sea is frozen in Spring: no fleet may enter it.
    let (verdict, reason) = result_of(&spring, "F fjo - ice");
    assert_eq!(verdict, "illegal", "{spring:#}");
    assert!(reason.contains("Ice Sea"), "{reason}");
    assert_eq!(units_of(&spring, "North"), ["A dal", "F fjo"]);
    // Spring is marked "count": the Highlands change hands at once, not only after Fall.
    let owned: Vec<&str> = spring["supply_centers"]["South"]
        .as_array()
        .expect("South's centres")
        .iter()
        .filter_map(Value::as_str)
        .collect();
    assert!(owned.contains(&"hil"), "{spring:#}");
    assert_eq!(spring["next_phase"], "Fall 1901 movement");

    // An army may not take the flotillas' river.
    let army = adjudicate(json!({
        "variant": "frostmark",
        "phase": "Spring 1901 movement",
        "units": {"South": ["A mil"]},
        "orders": {"South": ["A mil - hil"]},
    }));
    assert_eq!(result_of(&army, "A mil - hil").0, "illegal", "{army:#}");
    assert_eq!(units_of(&army, "South"), ["A mil"]);

    // In Fall the sea has thawed.
    let fall = adjudicate(json!({
        "variant": "frostmark",
        "phase": "Fall 1901 movement",
        "units": {"North": ["F fjo"]},
        "orders": {"North": ["F fjo - ice"]},
    }));
    assert_eq!(result_of(&fall, "F fjo - ice"), ("succeeds", ""));
    assert_eq!(units_of(&fall, "North"), ["F ice"]);
}

#[test]
fn a_survey_is_judged_in_the_movement_phase_with_the_moves() {
    // Unopposed, the survey succeeds and marks the Mill for the South.
    let calm = adjudicate(json!({
        "variant": "frostmark",
        "phase": "Spring 1901 movement",
        "units": {"North": ["A dal"], "South": ["R mil"]},
        "orders": {"South": ["R mil survey"]},
    }));
    assert_eq!(result_of(&calm, "R mil survey"), ("succeeds", ""));
    assert_eq!(
        calm["tokens"],
        json!([{"kind": "survey", "province": "mil", "power": "South"}]),
        "{calm:#}"
    );

    // Dislodged by a supported attack, the flotilla's survey fails and marks nothing.
    let raided = adjudicate(json!({
        "variant": "frostmark",
        "phase": "Spring 1901 movement",
        "units": {"North": ["A dal", "A lak"], "South": ["R mil", "A hil"]},
        "orders": {
            "North": ["A dal - mil", "A lak S A dal - mil"],
            "South": ["R mil survey", "A hil survey"],
        },
    }));
    assert_eq!(result_of(&raided, "A dal - mil"), ("succeeds", ""));
    assert_eq!(
        result_of(&raided, "R mil survey"),
        (
            "fails",
            "the survey of Mill was cut short: the flotilla was dislodged"
        )
    );
    // Only flotillas survey: the army's order is refused, and it holds.
    assert_eq!(
        result_of(&raided, "A hil survey"),
        ("illegal", "only a river flotilla may survey")
    );
    assert!(
        raided["tokens"].as_array().is_none_or(Vec::is_empty),
        "{raided:#}"
    );
    let dislodged = raided["dislodged"].as_array().expect("dislodged");
    assert_eq!(dislodged.len(), 1, "{raided:#}");
    assert_eq!(dislodged[0]["unit"], "R mil", "{raided:#}");
}
