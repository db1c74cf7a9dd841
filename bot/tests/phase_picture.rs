//! The map of a played phase reads its record: a unit the phase dislodged is pushed out by
//! its attacker, a support of a move nobody made is void (not merely failed), and a retreat
//! list written with the moves is drawn with its places in order.

use engine::judge::{adjudicate, Submitted};
use engine::parse::parse_order;
use engine::store::{Accepted, PhaseRecord};
use engine::{Rules, Variant};
use render::{Location, Order as Draw, Outcome, Palette};
use serde_json::json;
use std::sync::Arc;

/// The record of `orders` (power, text) adjudicated from the position `json`.
fn played(
    v: &Arc<Rules>,
    json: serde_json::Value,
    orders: &[(&str, &str)],
) -> (engine::position::Position, PhaseRecord) {
    let position = engine::case::read_position(v.clone(), &json).expect("position");
    let submitted: Vec<Submitted> = orders
        .iter()
        .map(|(p, o)| Submitted {
            power: v.power_by_name(p).expect(p),
            order: parse_order(&v.grammar(), o).map_err(|e| e.to_string()),
        })
        .collect();
    let adj = adjudicate(v, &position, &submitted);
    let accepted = submitted
        .into_iter()
        .zip(orders)
        .map(|(s, (_, text))| {
            (
                s.power,
                Accepted {
                    order: s.order.expect("orders parse"),
                    text: text.to_string(),
                },
            )
        })
        .collect();
    (position, PhaseRecord::new(accepted, Vec::new(), adj))
}

#[test]
fn the_movement_map_pushes_out_the_dislodged_unit_and_marks_a_void_support() {
    let v = Variant::builtin("standard").expect("standard");
    let (position, record) = played(
        &v,
        json!({"phase": "Spring 1901 movement", "units": {
            "Austria": ["A boh", "A tyr"],
            "Germany": ["A mun"],
            "France": ["A bur", "A mar"]
        }}),
        &[
            ("Austria", "A boh - mun"),
            ("Austria", "A tyr S A boh - mun"),
            ("Germany", "A mun H"),
            ("France", "A bur S A mar - gas"),
            ("France", "A mar H"),
        ],
    );
    let scene = parley::picture::phase_scene(&v, &position, Some(&record), &[], Palette::Default);
    let mun = scene
        .units
        .iter()
        .find(|u| u.location.province == "mun")
        .expect("Munich's army");
    assert_eq!(mun.dislodged_by, Some(Location::new("boh")));
    assert!(
        !mun.dislodged,
        "it is drawn on the movement map, not as a retreat"
    );
    let outcome = |unit: &str| {
        scene
            .orders
            .iter()
            .find(|o| match &o.order {
                Draw::SupportMove { unit: u, .. }
                | Draw::Hold { unit: u }
                | Draw::Move { unit: u, .. } => u.province == unit,
                _ => false,
            })
            .map(|o| o.outcome)
            .expect(unit)
    };
    assert_eq!(outcome("bur"), Outcome::Void);
    assert_eq!(outcome("mun"), Outcome::Failed);
    assert_eq!(outcome("boh"), Outcome::Succeeded);
    // Drawn: the pushed-out army tied to Bohemia, and the void support's grey mark.
    let svg = render::render_svg(parley::picture::art_for("standard").expect("art"), &scene)
        .expect("draws");
    assert!(svg.contains("class=\"dislodged\" data-province=\"mun\" data-by=\"boh\""));
    assert!(svg.contains("class=\"void-mark\""));
    // The plain scene, from verdicts only, cannot tell a void support from a failed one.
    let plain: Vec<_> = record
        .orders
        .iter()
        .map(|o| (o.power, o.order.clone().unwrap(), o.result.verdict))
        .collect();
    let plain = parley::picture::scene(&v, &position, &plain, &[], Palette::Default);
    assert!(plain.orders.iter().all(|o| o.outcome != Outcome::Void));
}

#[test]
fn an_atlantica_retreat_list_is_drawn_with_the_moves_and_the_retreat_it_made() {
    let v = Variant::builtin("atlantica").expect("atlantica");
    let (position, record) = played(
        &v,
        json!({"phase": "April 1870 movement", "units": {
            "France": ["A bur"],
            "Germany": ["A mun", "A ruh"]
        }}),
        &[
            ("France", "A bur if dislodged retreat pic, gas"),
            ("France", "A bur H"),
            ("Germany", "A mun - bur"),
            ("Germany", "A ruh S A mun - bur"),
        ],
    );
    assert_eq!(record.retreated.len(), 1, "the list took the army away");
    let scene = parley::picture::phase_scene(&v, &position, Some(&record), &[], Palette::Default);
    let list = scene
        .orders
        .iter()
        .find_map(|o| match &o.order {
            Draw::RetreatList { unit, to } => Some((unit.clone(), to.clone())),
            _ => None,
        })
        .expect("the retreat list is drawn");
    assert_eq!(list.0, Location::new("bur"));
    assert_eq!(list.1, [Location::new("pic"), Location::new("gas")]);
    let ruled = scene
        .orders
        .iter()
        .find_map(|o| match &o.order {
            Draw::RuledRetreat { unit, to } => Some((unit.clone(), to.clone())),
            _ => None,
        })
        .expect("the retreat the rules made is drawn");
    assert_eq!(ruled, (Location::new("bur"), Location::new("pic")));
    let bur = scene
        .units
        .iter()
        .find(|u| u.location.province == "bur")
        .expect("Burgundy's army");
    assert_eq!(bur.dislodged_by, Some(Location::new("mun")));
    let svg = render::render_svg(parley::picture::art_for("atlantica").expect("art"), &scene)
        .expect("draws");
    assert!(svg.contains("class=\"order-retreat-list\" data-unit=\"bur\""));
    assert!(svg.contains("class=\"order-ruled-retreat\" data-unit=\"bur\""));
}

#[test]
fn the_pirates_setup_map_shows_the_grants_and_the_selections() {
    let v = Variant::builtin("pirates").expect("pirates");
    let position = v.initial_position();
    let orders: Vec<(&str, &str)> = vec![
        ("England", "F atg grant buccaneers"),
        ("England", "F ber grant corsairs"),
        ("Spain", "hav grant pirates"),
        ("Buccaneers", "tor select 1"),
        ("Buccaneers", "jam select 2"),
        ("Corsairs", "cay select 1"),
    ];
    let submitted: Vec<Submitted> = orders
        .iter()
        .map(|(p, o)| Submitted {
            power: v.power_by_name(p).expect(p),
            order: parse_order(&v.grammar(), o).map_err(|e| e.to_string()),
        })
        .collect();
    let adj = adjudicate(&v, &position, &submitted);
    let accepted = submitted
        .into_iter()
        .zip(&orders)
        .map(|(s, (_, text))| {
            (
                s.power,
                Accepted {
                    order: s.order.expect("orders parse"),
                    text: text.to_string(),
                },
            )
        })
        .collect();
    let record = PhaseRecord::new(accepted, Vec::new(), adj);
    let scene = parley::picture::phase_scene(&v, &position, Some(&record), &[], Palette::Default);
    let grants: Vec<(String, String)> = scene
        .orders
        .iter()
        .filter_map(|o| match &o.order {
            Draw::Grant { at, to } => Some((at.province.clone(), to.clone())),
            _ => None,
        })
        .collect();
    assert_eq!(
        grants,
        [
            ("atg".to_string(), "Buccaneers".to_string()),
            ("ber".to_string(), "Corsairs".to_string()),
            ("hav".to_string(), "Pirates".to_string())
        ]
    );
    let selections: Vec<(String, String, u32)> = scene
        .orders
        .iter()
        .filter_map(|o| match &o.order {
            Draw::Select { at, rank } => Some((o.power.clone(), at.province.clone(), *rank)),
            _ => None,
        })
        .collect();
    assert_eq!(
        selections,
        [
            ("Buccaneers".to_string(), "tor".to_string(), 1),
            ("Buccaneers".to_string(), "jam".to_string(), 2),
            ("Corsairs".to_string(), "cay".to_string(), 1)
        ]
    );
    let svg = render::render_svg(parley::picture::art_for("pirates").expect("art"), &scene)
        .expect("draws");
    assert_eq!(svg.matches("class=\"order-grant\"").count(), 3);
    assert_eq!(svg.matches("class=\"order-select\"").count(), 3);
    assert!(svg.contains("data-symbol=\"granted\"") && svg.contains("data-symbol=\"selected\""));
    std::fs::write(
        std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("pirates-setup.png"),
        parley::picture::png("pirates", &scene).expect("png"),
    )
    .expect("write");
}
