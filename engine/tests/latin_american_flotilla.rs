//! Latin American Diplomacy's river flotilla (rule 6) as players write and are offered it: the
//! rules' spellings of banks, shores and coasts read as the map's designations, the flotilla in
//! the legal-order lists (moves along rivers and out to sea, never to land without a river),
//! and built where it may stand.

use engine::case::read_case;
use engine::legal::legal_orders;
use engine::order::Order;
use engine::parse::parse_order;
use engine::Variant;
use serde_json::json;

/// The place a move order goes to, as the map writes it (`guy/rb`).
fn move_target(text: &str) -> String {
    let v = Variant::builtin("latin-american").expect("the variant");
    match parse_order(&v.grammar(), text) {
        Ok(Order::Move { to, .. }) => v.map.location_name(to.location()),
        other => panic!("{text}: {other:?}"),
    }
}

#[test]
fn the_rules_spellings_of_banks_shores_and_coasts_read() {
    for (text, want) in [
        ("R Rio Branco to Guyana [rib]", "guy/rb"),
        ("R Rio Branco - Guyana (river bank)", "guy/rb"),
        ("R Trinidad & Tobago to Guyana[sec]", "guy/sc"),
        ("R Trinidad & Tobago to Guyana sea coast", "guy/sc"),
        ("R Para to Cuiaba [nwb]", "cui/nwb"),
        ("R Para to Cuiaba (northwest bank)", "cui/nwb"),
        ("R Goias (wb) - Cuiaba/eb", "cui/eb"),
        ("R Meta to Vaupes [nb]", "vau/nb"),
        ("R Vaupes (central bank) - Manaus", "man"),
        ("R Cuiaba [eb] to Cuiaba [sb]", "cui/sb"),
        ("R La Paz [rib] to La Paz [ls]", "lpz/ls"),
        ("R Beni - La Paz lake shore", "lpz/ls"),
        // The fleets' coasts read as before.
        ("F Golfo de Panama - Panama (south coast)", "pan/sc"),
        ("F gdd - pan/nc", "pan/nc"),
        ("F Bahama Bank - Camaguey north coast", "cam/nc"),
    ] {
        assert_eq!(move_target(text), want, "{text}");
    }
}

/// Every order the lists offer to `power`'s unit at `at`, as text.
fn offered(case: serde_json::Value, power: &str, at: &str) -> Vec<String> {
    let input = read_case(&case, None).expect("the board reads");
    let v = &input.variant;
    let p = v.power_by_name(power).expect("a power");
    legal_orders(v, &input.position, p)
        .into_iter()
        .filter(|(l, _)| l.is_some_and(|l| v.map.location_name(l) == at))
        .flat_map(|(_, orders)| orders)
        .map(|o| o.to_text(&*v))
        .collect()
}

#[test]
fn the_lists_offer_the_flotilla_its_rivers_and_the_sea() {
    let case = json!({
        "variant": "latin-american",
        "phase": "A 1891 movement",
        "units": { "Britain": ["R guy/rb", "R tri"] },
        "orders": {}
    });
    let bank = offered(case.clone(), "Britain", "guy/rb");
    assert!(bank.contains(&"R guy/rb - rbr".to_string()), "{bank:?}");
    assert!(!bank.iter().any(|o| o.ends_with("- par")), "{bank:?}");
    assert!(!bank.iter().any(|o| o.ends_with("- sur")), "{bank:?}");
    let island = offered(case, "Britain", "tri");
    assert!(island.contains(&"R tri - guy/sc".to_string()), "{island:?}");
    assert!(!island.iter().any(|o| o.contains("- guy/rb")), "{island:?}");
}

/// Rule 6.B.iv: crossing to another bank of its province is offered to a flotilla (every other
/// bank of Cuiaba, the lake shore of La Paz), never to a fleet changing coasts.
#[test]
fn the_lists_offer_a_flotilla_its_bank_crossings_and_no_fleet_a_coast_change() {
    let case = json!({
        "variant": "latin-american",
        "phase": "A 1891 movement",
        "units": { "Brazil": ["R cui/eb"], "Bolivia": ["R lpz/rb"], "Colombia": ["F pan/nc"] },
        "orders": {}
    });
    let cuiaba = offered(case.clone(), "Brazil", "cui/eb");
    for bank in ["wb", "nwb", "neb", "sb"] {
        let crossing = format!("R cui/eb - cui/{bank}");
        assert!(cuiaba.contains(&crossing), "{crossing}: {cuiaba:?}");
    }
    assert!(
        !cuiaba.contains(&"R cui/eb - cui/eb".to_string()),
        "{cuiaba:?}"
    );
    let la_paz = offered(case.clone(), "Bolivia", "lpz/rb");
    assert!(
        la_paz.contains(&"R lpz/rb - lpz/ls".to_string()),
        "{la_paz:?}"
    );
    let panama = offered(case, "Colombia", "pan/nc");
    assert!(!panama.iter().any(|o| o.contains("- pan/")), "{panama:?}");
}

#[test]
fn a_flotilla_is_built_where_it_may_stand_and_names_its_bank() {
    // Bolivia, its army gone from La Paz, builds there: a capital with a lake shore and a
    // river bank (rule 5.B), so a flotilla built there names one.
    let case = json!({
        "variant": "latin-american",
        "phase": "1891 D adjustment",
        "units": { "Bolivia": ["A pun"] },
        "supply_centers": { "Bolivia": ["lpz", "cbb", "chq"] },
        "orders": {}
    });
    let builds = offered_builds(case, "Bolivia");
    for want in ["R lpz/ls B", "R lpz/rb B", "F lpz B"] {
        assert!(builds.iter().any(|b| b == want), "{want} in {builds:?}");
    }
    // Cochabamba, in the mountains, has no river: no flotilla there.
    assert!(!builds.iter().any(|b| b.contains("R cbb")), "{builds:?}");
    assert!(builds.iter().any(|b| b == "A cbb B"), "{builds:?}");
}

/// The build orders the lists offer a power.
fn offered_builds(case: serde_json::Value, power: &str) -> Vec<String> {
    let input = read_case(&case, None).expect("the board reads");
    let v = &input.variant;
    let p = v.power_by_name(power).expect("a power");
    legal_orders(v, &input.position, p)
        .into_iter()
        .flat_map(|(_, orders)| orders)
        .filter(|o| matches!(o, Order::Build { .. }))
        .map(|o| o.to_text(&*v))
        .collect()
}

#[test]
fn the_order_help_shows_the_flotillas_orders() {
    let case = json!({
        "variant": "latin-american",
        "phase": "A 1891 movement",
        "units": { "Brazil": ["R cui/eb"] },
        "orders": {}
    });
    let input = read_case(&case, None).expect("the board reads");
    let v = &input.variant;
    let help = v.book.order_help(&v.context(&input.position));
    let now: Vec<&str> = help
        .iter()
        .filter(|h| h.now)
        .map(|h| h.form.as_str())
        .collect();
    assert!(now.contains(&"R rbr - guy/rb"), "{now:?}");
    assert!(now.contains(&"R cui/eb - cui/sb"), "{now:?}");
    // Each form offered reads as an order.
    for h in &help {
        assert!(parse_order(&v.grammar(), &h.form).is_ok(), "{}", h.form);
    }
}
