//! Phases nobody has anything to decide in (`settled::nothing_to_decide`): a retreat phase with
//! no dislodged unit, or in which no dislodged unit has a legal retreat; an adjustment with
//! nothing due. `parley adjudicate` skips such a retreat phase after a movement.

use engine::case::{read_case, run_case};
use engine::settled::nothing_to_decide;
use engine::Rules;
use engine::Variant;
use serde_json::{json, Value};

/// Fall 1901: Germany dislodges A Brest from Paris with every other neighbour of Brest held.
/// With `free_gascony`, Gascony is left open for the retreat.
fn brest_case(free_gascony: bool) -> Value {
    let mut germany = vec!["A par", "A pic", "F mao", "F eng"];
    if !free_gascony {
        germany.push("A gas");
    }
    json!({
        "phase": "Fall 1901 movement",
        "units": {"France": ["A bre", "A bur"], "Germany": germany},
        "supply_centers": {"France": ["bre", "par"], "Germany": ["ber"]},
        "orders": {"Germany": ["A par - bre", "A pic S A par - bre"], "France": ["A bur H"]},
    })
}

fn run(case: &Value) -> Value {
    run_case(&read_case(case, None).expect("case reads")).expect("case runs")
}

fn position_after(case: &Value) -> (std::sync::Arc<Rules>, engine::position::Position) {
    let input = read_case(case, None).expect("case reads");
    let subs: Vec<_> = input.orders.iter().map(|(_, _, s)| s.clone()).collect();
    let adj = engine::adjudicate(&input.variant, &input.position, &subs);
    (input.variant.clone(), adj.after)
}

#[test]
fn a_retreat_phase_is_decided_only_when_some_dislodged_unit_can_retreat() {
    let (v, trapped) = position_after(&brest_case(false));
    assert_eq!(v.calendar.name(trapped.phase), "Fall 1901 retreat");
    assert_eq!(trapped.dislodged.len(), 1);
    assert!(nothing_to_decide(&v, &trapped));

    let (v, open) = position_after(&brest_case(true));
    assert_eq!(open.dislodged.len(), 1);
    assert!(!nothing_to_decide(&v, &open));

    // One unit with nowhere to go beside one that can retreat (from Kiel): the phase waits.
    let mut both = trapped.clone();
    let mut kiel = trapped.dislodged[0];
    kiel.unit.location = engine::map::Location::province(v.map.province_by_id("kie").unwrap());
    kiel.attacker_from = v.map.province_by_id("ber").unwrap();
    both.dislodged.push(kiel);
    assert!(!nothing_to_decide(&v, &both));

    // No dislodged unit at all.
    let mut none = trapped.clone();
    none.dislodged.clear();
    assert!(nothing_to_decide(&v, &none));
}

#[test]
fn adjustments_wait_only_when_something_is_due_and_movements_always_wait() {
    let v = Variant::builtin("standard").expect("standard");
    let start = v.initial_position();
    assert!(!nothing_to_decide(&v, &start), "a movement always waits");
    let mut winter = start.clone();
    winter.phase = v.calendar.parse("Winter 1901 adjustment").expect("phase");
    assert!(
        nothing_to_decide(&v, &winter),
        "every power has its centres' worth"
    );
    let london = v.map.province_by_id("lon").expect("lon");
    winter.units.retain(|u| u.location.province != london);
    assert!(!nothing_to_decide(&v, &winter), "England has a build due");
}

#[test]
fn adjudicate_skips_a_retreat_phase_where_no_unit_can_retreat() {
    let out = run(&brest_case(false));
    assert_eq!(out["next_phase"], "Winter 1901 adjustment");
    assert_eq!(
        out["dislodged"],
        json!([{"power": "France", "unit": "A bre", "attacker_from": "par", "via_convoy": false,
                "along_other_coast": false, "retreats": []}])
    );
    assert_eq!(
        out["disbanded"],
        json!([{"power": "France", "unit": "A bre"}])
    );
    // The board after the skipped retreat: the year's centres are counted.
    assert_eq!(out["units"]["France"], json!(["A bur"]));
    assert_eq!(
        out["supply_centers"],
        json!({"France": ["par"], "Germany": ["ber", "bre"]})
    );
    assert_eq!(out["winner"], Value::Null);
}

#[test]
fn adjudicate_keeps_a_retreat_phase_someone_decides_or_the_case_plays() {
    // Gascony is open: the retreat phase comes next, as before, with no `disbanded`.
    let out = run(&brest_case(true));
    assert_eq!(out["next_phase"], "Fall 1901 retreat");
    assert_eq!(out["dislodged"][0]["retreats"], json!(["gas"]));
    assert!(out.get("disbanded").is_none());
    assert_eq!(out["supply_centers"]["France"], json!(["bre", "par"]));

    // A case that goes on with the retreat phase itself plays it as written.
    let mut case = brest_case(false);
    case["then"] = json!([{"phase": "Fall 1901 retreat", "orders": {"France": ["A bre D"]}}]);
    let out = run(&case);
    assert_eq!(out["next_phase"], "Fall 1901 retreat");
    assert!(out.get("disbanded").is_none());
    assert_eq!(out["then"][0]["results"][0]["result"], "succeeds");
    assert_eq!(
        out["then"][0]["disbanded"],
        json!([{"power": "France", "unit": "A bre"}])
    );
    assert_eq!(out["then"][0]["next_phase"], "Winter 1901 adjustment");

    // A case that goes on past it starts from the board after the skip.
    let mut case = brest_case(false);
    case["then"] = json!([{"phase": "Winter 1901 adjustment", "orders": {"Germany": ["A gas D"]}}]);
    let out = run(&case);
    assert_eq!(out["next_phase"], "Winter 1901 adjustment");
    assert_eq!(out["then"][0]["phase"], "Winter 1901 adjustment");
    assert_eq!(
        out["then"][0]["removed"][0],
        json!({"power": "Germany", "unit": "A gas", "by": "order"})
    );
}
