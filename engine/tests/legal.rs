//! The legal-order lists agree with the judge and cover what a player could sensibly order.

use engine::legal::{legal_orders, movement_orders};
use engine::Rules;
use engine::Variant;

fn texts(v: &Rules, orders: &[engine::order::Order]) -> Vec<String> {
    orders.iter().map(|o| o.to_text(&*v)).collect()
}

#[test]
fn opening_orders_for_paris_and_the_english_fleets() {
    let v = Variant::builtin("standard").expect("standard");
    let pos = v.initial_position();
    let par = texts(
        &v,
        &movement_orders(&v, &pos, v.map.province_by_id("par").expect("par")),
    );
    for want in [
        "A par H",
        "A par - bur",
        "A par - pic",
        "A par - gas",
        "A par - bre",
        "A par S A mar - bur",
        "A par S F bre",
    ] {
        assert!(
            par.contains(&want.to_string()),
            "{want} missing from {par:?}"
        );
    }
    assert!(
        !par.iter().any(|o| o == "A par - mun" || o == "A par - mar"),
        "{par:?}"
    );

    let nth_fleet = texts(
        &v,
        &movement_orders(&v, &pos, v.map.province_by_id("lon").expect("lon")),
    );
    assert!(nth_fleet.contains(&"F lon - nth".to_string()));
    assert!(nth_fleet.contains(&"F lon - eng".to_string()));
    assert!(
        !nth_fleet.iter().any(|o| o.contains(" C ")),
        "a fleet in port cannot convoy: {nth_fleet:?}"
    );

    // Russia's fleet in St Petersburg's south coast reaches the Gulf of Bothnia only.
    let stp = texts(
        &v,
        &movement_orders(&v, &pos, v.map.province_by_id("stp").expect("stp")),
    );
    assert!(stp.contains(&"F stp/sc - bot".to_string()));
    assert!(!stp.iter().any(|o| o.contains("bar")), "{stp:?}");
}

#[test]
fn every_unit_of_every_power_gets_a_list() {
    let v = Variant::builtin("standard").expect("standard");
    let pos = v.initial_position();
    let mut total = 0;
    for p in 0..v.powers.len() {
        let lists = legal_orders(&v, &pos, engine::unit::PowerId(p as u8));
        assert!(!lists.is_empty());
        for (_, orders) in &lists {
            assert!(orders.len() >= 2, "every unit can at least hold and move");
            total += orders.len();
        }
    }
    assert!(total > 100, "{total}");
}

#[test]
fn positions_round_trip_through_json() {
    use engine::case::{position_json, read_position};
    let v = Variant::builtin("standard").expect("standard");
    let pos = v.initial_position();
    let json = position_json(&v, &pos);
    let back = read_position(v.clone(), &json).expect("reads back");
    assert_eq!(back, pos);
    assert_eq!(json["homes"]["Russia"].as_array().map(|a| a.len()), Some(4));
}
