//! Davis Diplomacy in the engine: the starting position, legal orders for fleets in the High
//! Ocean Box, and adjustments with alike units there. The special rules' scenarios run through
//! the `parley adjudicate` binary in `bot/tests/davis_cli.rs`.

use engine::case::{read_case, run_case};
use engine::legal::legal_orders;
use engine::parse::parse_order;
use engine::Rules;
use engine::Variant;
use serde_json::{json, Value};

fn davis() -> std::sync::Arc<Rules> {
    Variant::builtin("davis").expect("davis")
}

#[test]
fn the_starting_position_has_the_new_fleets_and_no_trieste() {
    // Davis rules 2, 3 and 4a.
    let v = davis();
    let pos = v.initial_position();
    assert_eq!(pos.units.len(), 22);
    assert_eq!(v.map.supply_centers().count(), 35);
    assert_eq!(v.victory_centers, 18);
    assert!(v.map.province_by_id("tri").is_none());
    let of = |power: &str| {
        let p = v.power_by_name(power).expect("power");
        let mut units: Vec<String> = pos
            .units
            .iter()
            .filter(|u| u.power == p)
            .map(|u| v.unit_text(u))
            .collect();
        units.sort();
        units
    };
    assert_eq!(of("Austria"), ["A bud", "A vie", "F zar"]);
    assert_eq!(of("Italy"), ["A nap", "A ven", "F rom"]);
    assert_eq!(of("Russia"), ["A mos", "A war", "F sev", "F stp"]);
    let zar = v.map.province_by_id("zar").expect("zar");
    let austria = v.power_by_name("Austria").expect("Austria");
    assert!(pos.owns_home_centre(austria, zar));
    let mor = v.map.province_by_id("mor").expect("mor");
    assert!(v.map.province(mor).supply_center && pos.owners[mor.0 as usize].is_none());
}

#[test]
fn fleets_alike_in_the_box_get_the_same_legal_orders_and_each_can_be_ordered() {
    let case = json!({
        "variant": "davis", "phase": "Spring 1901 movement",
        "units": {"England": ["F hio", "F hio"], "France": ["F hio", "F mao"]}
    });
    let input = read_case(&case, None).expect("reads");
    let v = &input.variant;
    let england = v.power_by_name("England").expect("England");
    let lists = legal_orders(v, &input.position, england);
    assert_eq!(lists.len(), 2);
    assert_eq!(lists[0].1, lists[1].1);
    let texts: Vec<String> = lists[0].1.iter().map(|o| o.to_text(&*v)).collect();
    for want in [
        "F hio H",
        "F hio - nao",
        "F hio - mao",
        "F hio - sms",
        "F hio S F hio - mao",
        "F hio S F hio - ion",
    ] {
        assert!(texts.contains(&want.to_string()), "{want} not in {texts:?}");
    }
    // Rule 5c: never a support from the Box for a move between ordinary spaces, nor a hold.
    assert!(!texts
        .iter()
        .any(|t| t == "F hio S F mao - nao" || t == "F hio S F mao"));
    assert!(!texts
        .iter()
        .any(|t| t.starts_with("F hio S F hio") && !t.contains(" - ")));

    // France's fleet in MAO may support a fleet in the Box out to NAO (rule 5c).
    let france = v.power_by_name("France").expect("France");
    let french = legal_orders(v, &input.position, france);
    let mao: Vec<String> = french
        .iter()
        .find(|(at, _)| at.map(|l| v.map.location_name(l)) == Some("mao".into()))
        .expect("mao listed")
        .1
        .iter()
        .map(|o| o.to_text(&*v))
        .collect();
    assert!(mao.contains(&"F mao S F hio - nao".to_string()), "{mao:?}");
    assert!(mao.contains(&"F mao - hio".to_string()), "{mao:?}");

    // Each of England's fleets takes one order; the check refuses a power with none there.
    let order = parse_order(&v.grammar(), "F hio - nao").expect("parses");
    assert!(engine::check_submission(v, &input.position, england, &order).is_ok());
    let germany = v.power_by_name("Germany").expect("Germany");
    let err = engine::check_submission(v, &input.position, germany, &order).unwrap_err();
    assert!(err.contains("no German unit"), "{err}");
}

fn run(case: Value) -> Value {
    run_case(&read_case(&case, None).expect("reads")).expect("runs")
}

#[test]
fn removing_one_of_two_alike_fleets_in_the_box_leaves_the_other() {
    // Ordered: England has one centre and three units, two of them alike in the Box.
    let out = run(json!({
        "variant": "davis", "phase": "Winter 1901 adjustment",
        "units": {"England": ["F hio", "F hio", "A lon"]},
        "supply_centers": {"England": ["lon", "edi"]},
        "orders": {"England": ["F hio D"]}
    }));
    assert_eq!(out["results"][0]["result"], "succeeds");
    assert_eq!(out["units"]["England"], json!(["F hio", "A lon"]));
    // Two disbands for the two fleets there: each removes one.
    let out = run(json!({
        "variant": "davis", "phase": "Winter 1901 adjustment",
        "units": {"England": ["F hio", "F hio", "A lon"]},
        "supply_centers": {"England": ["lon"]},
        "orders": {"England": ["F hio D", "F hio D"]}
    }));
    assert_eq!(out["results"][1]["result"], "succeeds", "{out}");
    assert_eq!(out["units"]["England"], json!(["A lon"]));
    // Civil disorder: two removals owed, both fleets far from home go, one at a time.
    let out = run(json!({
        "variant": "davis", "phase": "Winter 1901 adjustment",
        "units": {"England": ["F hio", "F hio", "F hio", "A lon"]},
        "supply_centers": {"England": ["lon", "edi"]},
        "orders": {}
    }));
    assert_eq!(out["removed"].as_array().map(|a| a.len()), Some(2), "{out}");
    assert_eq!(out["units"]["England"], json!(["F hio", "A lon"]));
}

#[test]
fn an_af_is_offered_moves_at_sea_landings_and_supports_but_no_convoy() {
    // Davis rule 6 (Abstraction 8): the legal orders players are offered for an A/F.
    let case = json!({"variant": "davis", "variant_options": {"abstraction": true},
        "phase": "Spring 1901 movement",
        "units": {"England": ["A/F nth", "A yor"]}, "orders": {}});
    let input = read_case(&case, None).expect("reads");
    let v = &input.variant;
    let england = v.power_by_name("England").expect("England");
    let lists = legal_orders(v, &input.position, england);
    let texts: Vec<String> = lists
        .iter()
        .flat_map(|(_, orders)| orders.iter().map(|o| o.to_text(&*v)))
        .collect();
    for wanted in ["A/F nth - nwg", "A/F nth - bel", "A/F nth S A yor - edi"] {
        assert!(
            texts.iter().any(|t| t == wanted),
            "{wanted} not in {texts:?}"
        );
    }
    assert!(!texts.iter().any(|t| t.contains(" C ")), "{texts:?}");
}

/// Rule 8c's count of moves at sea is part of the board: `/game status` words it for each
/// A/F, and a position written out reads back with it.
#[test]
fn an_af_s_moves_at_sea_are_kept_on_the_board_and_told_in_the_status() {
    let case = json!({"variant": "davis", "variant_options": {"abstraction": true},
        "phase": "Spring 1901 movement",
        "units": {"England": ["A lon", "F nth"]},
        "orders": {"England": ["A lon boards F nth", "F nth - nwg"]}});
    let input = read_case(&case, None).expect("reads");
    let v = input.variant.clone();
    let orders: Vec<_> = input.orders.iter().map(|(_, _, s)| s.clone()).collect();
    let after = engine::adjudicate(&v, &input.position, &orders).after;
    let words: Vec<String> = v
        .book
        .state_words(&v.context(&after))
        .iter()
        .map(|r| r.words(&v.variant))
        .collect();
    assert_eq!(
        words,
        ["England's A/F in Norwegian Sea has made 1 of its army's 5 moves at sea (rule 8c)"],
        "{after:?}"
    );
    let doc = engine::case::position_json(&v, &after);
    assert_eq!(
        doc["tokens"],
        json!([{"kind": "rations", "province": "nwg", "power": "England", "count": 1}])
    );
    assert_eq!(
        engine::case::read_position(v.clone(), &doc).expect("reads back"),
        after
    );
    // Without the option Davis keeps no state, and says which tokens it would keep.
    let standard_davis = davis();
    let err = engine::case::read_position(standard_davis, &doc)
        .unwrap_err()
        .to_string();
    assert!(err.contains("keeps no tokens"), "{err}");
}
