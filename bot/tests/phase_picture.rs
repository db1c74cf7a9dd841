//! The map of a played phase reads its record: a unit the phase dislodged is pushed out by
//! its attacker, a support of a move nobody made is void (not merely failed), and a retreat
//! list written with the moves is drawn with its places in order.

use engine::judge::{adjudicate, Submitted};
use engine::parse::parse_order;
use engine::store::{Accepted, PhaseRecord};
use engine::{Rules, Variant};
use render::{Glyph, Location, Mark, MarkColour, Order as Draw, Outcome, Palette, Stroke};
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
    // The rulebook draws the list as fine arrows numbered best first, keyed "if dislodged".
    let (unit, marks) = scene
        .orders
        .iter()
        .find_map(|o| match &o.order {
            Draw::Marked { unit, key, marks } if key.as_deref() == Some("if dislodged") => {
                Some((unit.clone(), marks.clone()))
            }
            _ => None,
        })
        .expect("the retreat list is drawn");
    assert_eq!(unit, Location::new("bur"));
    let arrows: Vec<(Location, Location, Option<Glyph>)> = marks
        .into_iter()
        .filter_map(|m| match m {
            Mark::Arrow {
                from,
                to,
                label,
                line: Stroke::Fine,
                ..
            } => Some((from, to, label)),
            _ => None,
        })
        .collect();
    let bur = Location::new("bur");
    assert_eq!(
        arrows,
        [
            (bur.clone(), Location::new("pic"), Some(Glyph::Number(1))),
            (bur, Location::new("gas"), Some(Glyph::Number(2)))
        ]
    );
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
    assert!(svg.contains("class=\"order-if-dislodged\" data-unit=\"bur\""));
    assert!(svg.contains("data-symbol=\"if dislodged\""));
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
            // A grant rings the centre in the receiving power's colour under its flag.
            Draw::Marked { unit, key, marks } if key.as_deref() == Some("granted") => {
                match &marks[..] {
                    [Mark::Ring {
                        colour: MarkColour::Power(to),
                        badge: Some(Glyph::Flag),
                        ..
                    }] => Some((unit.province.clone(), to.clone())),
                    other => panic!("a grant drawn as {other:?}"),
                }
            }
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
            // A selection rings the centre with its rank as a badge.
            Draw::Marked { unit, key, marks } if key.as_deref() == Some("selected") => {
                match &marks[..] {
                    [Mark::Ring {
                        badge: Some(Glyph::Number(rank)),
                        ..
                    }] => Some((o.power.clone(), unit.province.clone(), *rank)),
                    other => panic!("a selection drawn as {other:?}"),
                }
            }
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
    assert_eq!(svg.matches("class=\"order-granted\"").count(), 3);
    assert_eq!(svg.matches("class=\"order-selected\"").count(), 3);
    assert!(svg.contains("data-symbol=\"granted\"") && svg.contains("data-symbol=\"selected\""));
    std::fs::write(
        std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("pirates-setup.png"),
        parley::picture::png("pirates", &scene).expect("png"),
    )
    .expect("write");
}

/// A power with a display name of its own (Atlantica's `CSA`, shown "C.S.A.") retreated by the
/// rules: the scene names it by its stored name everywhere, as the power list does, and the
/// legend alone writes "C.S.A.". (The picture once named the retreat's power `CSA` against a
/// list of display names, and the whole phase could not be drawn.)
#[test]
fn a_retreat_the_rules_made_for_the_csa_is_drawn_and_the_legend_says_c_s_a() {
    let v = Variant::builtin("atlantica").expect("atlantica");
    let (position, record) = played(
        &v,
        json!({"phase": "April 1870 movement", "units": {
            "CSA": ["A wis"],
            "USA": ["A chi", "A ohi"]
        }}),
        &[
            ("CSA", "A wis if dislodged retreat ont"),
            ("CSA", "A wis H"),
            ("USA", "A chi - wis"),
            ("USA", "A ohi S A chi - wis"),
        ],
    );
    assert_eq!(record.retreated.len(), 1, "the list took the army away");
    let scene = parley::picture::phase_scene(&v, &position, Some(&record), &[], Palette::Default);
    let listed: Vec<&str> = scene.powers.iter().map(|p| p.name.as_str()).collect();
    for o in &scene.orders {
        assert!(
            listed.contains(&o.power.as_str()),
            "{o:?} not in {listed:?}"
        );
    }
    for u in &scene.units {
        assert!(
            listed.contains(&u.power.as_str()),
            "{u:?} not in {listed:?}"
        );
    }
    let csa = scene.powers.iter().find(|p| p.name == "CSA").expect("CSA");
    assert_eq!(csa.shown(), "C.S.A.");
    let art = parley::picture::art_for("atlantica").expect("art");
    let svg = render::render_svg(art, &scene).expect("the phase is drawn");
    assert!(svg.contains("class=\"order-ruled-retreat\" data-unit=\"wis\""));
    assert!(svg.contains(">C.S.A.<") && svg.contains(">U.S.A.<"));
    assert!(!svg.contains(">CSA<"), "the legend writes the display name");
    parley::picture::png("atlantica", &scene).expect("png");
}

/// Atlantis, found by a search in a counting month, is drawn on the next map as a centre with
/// its name in the finder's colour; the key counts it as the report does, and the report
/// names it among the centres gained.
#[test]
fn atlantis_once_found_is_a_named_centre_on_the_map_and_in_the_report() {
    let standard = Variant::builtin("atlantica").expect("atlantica");
    let mut ruleset = standard.ruleset.clone();
    ruleset.hidden.insert("atlantis-area".into(), 3);
    let v = Variant::builtin_with_ruleset("atlantica", ruleset).expect("with Atlantis drawn");
    let (position, record) = played(
        &v,
        json!({"phase": "March 1870 movement",
            "units": {"France": ["F nao"], "England": ["F iri"]},
            "supply_centers": {"France": ["bre"], "England": ["lon"]}}),
        &[("France", "F nao search 3"), ("England", "F iri - nao")],
    );
    let france = v.power_by_name("France").expect("France");
    assert_eq!(v.supply(&record.after, france), 2, "Brest and Atlantis");
    // The report names Atlantis among France's gains.
    let changes = parley::report::centre_changes(&v, &position, &record).expect("a count");
    let french = changes.iter().find(|c| c.power == france).expect("France");
    assert_eq!(french.count, 2);
    assert_eq!(french.change_words(&v), "gained ar3 (Atlantis)");
    let text = parley::report::results_text(
        &v,
        "March 1870 movement",
        &position,
        &record,
        "March 1870 adjustment",
        None,
    );
    assert!(text.contains("gained ar3 (Atlantis)"), "{text}");
    // The next map: a centre marker with its name and owner, counted in the key.
    let scene = parley::picture::phase_scene(&v, &record.after, None, &[], Palette::Default);
    assert!(
        !scene.hidden.contains(&"ar3".to_string()),
        "{:?}",
        scene.hidden
    );
    let marker = scene
        .supply_centres
        .iter()
        .find(|m| m.province == "ar3")
        .expect("Atlantis is a centre on the map");
    assert_eq!(marker.owner.as_deref(), Some("France"));
    assert_eq!(marker.name.as_deref(), Some("Atlantis"));
    let key = scene
        .supply_centres
        .iter()
        .filter(|m| m.owner.as_deref() == Some("France"))
        .count();
    assert_eq!(key, 2, "the key counts what the report counts");
    let art = parley::picture::art_for("atlantica").expect("art");
    let svg = render::render_svg(art, &scene).expect("draws");
    assert!(svg.contains("class=\"centre-name\" data-province=\"ar3\""));
    assert!(svg.contains(">Atlantis</text>"));
    std::fs::write(
        std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("atlantis-found.png"),
        parley::picture::png("atlantica", &scene).expect("png"),
    )
    .expect("write");
}
