//! Checks maps/davis/map.svg against the Davis province list, and draws several units in the
//! High Ocean Box: one province in two parts, with a place for each unit.

use std::collections::BTreeSet;

use render::{Location, MapArt, Order, OrderMark, PowerStyle, Scene, UnitKind, UnitMark};

const SVG: &str = include_str!("../../maps/davis/map.svg");

struct ProvinceLine {
    id: String,
    sc: bool,
    coasts: Vec<String>,
}

/// maps/davis/provinces.txt: id first, `sc` for a centre, `coasts=a,b` for split coasts.
fn provinces_txt() -> Vec<ProvinceLine> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../maps/davis/provinces.txt");
    let text = std::fs::read_to_string(path).expect("maps/davis/provinces.txt");
    let mut out = Vec::new();
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        // Quoted names may hold spaces; drop them before splitting.
        let unquoted: String = line
            .split('"')
            .enumerate()
            .filter(|(i, _)| i % 2 == 0)
            .map(|(_, s)| s)
            .collect::<Vec<_>>()
            .join(" ");
        let mut tokens = unquoted.split_whitespace();
        let id = tokens.next().expect("id").to_string();
        let rest: Vec<&str> = tokens.collect();
        out.push(ProvinceLine {
            id,
            sc: rest.contains(&"sc"),
            coasts: rest
                .iter()
                .find_map(|t| t.strip_prefix("coasts="))
                .map(|c| c.split(',').map(str::to_string).collect())
                .unwrap_or_default(),
        });
    }
    out
}

fn art() -> MapArt {
    MapArt::from_svg(SVG).expect("davis art parses")
}

#[test]
fn every_davis_province_has_one_shape_and_its_anchors_inside_it() {
    let list = provinces_txt();
    assert_eq!(list.len(), 86);
    let art = art();
    let expected: BTreeSet<&str> = list.iter().map(|p| p.id.as_str()).collect();
    let drawn: BTreeSet<&str> = art.province_ids().collect();
    assert_eq!(drawn, expected);
    let doc = roxmltree::Document::parse(SVG).unwrap();
    for p in &list {
        let n = doc
            .descendants()
            .filter(|n| n.attribute("id") == Some(p.id.as_str()))
            .count();
        assert_eq!(n, 1, "{} is used by {n} elements", p.id);
        let unit = art.unit_anchor(&p.id, None).expect("unit anchor");
        assert!(art.contains(&p.id, unit), "unit anchor of {} outside", p.id);
        for pt in art.unit_places(&p.id) {
            assert!(art.contains(&p.id, pt), "a place of {} is outside", p.id);
        }
        let mut coasts = art.coasts(&p.id);
        coasts.sort();
        assert_eq!(coasts, p.coasts, "coast anchors of {}", p.id);
        for c in &p.coasts {
            let pt = art.unit_anchor(&p.id, Some(c)).unwrap();
            assert!(art.distance_to(&p.id, pt).unwrap() <= 4.0, "{}/{c}", p.id);
        }
        match (p.sc, art.sc_anchor(&p.id)) {
            (true, Some(pt)) => assert!(art.contains(&p.id, pt), "centre of {}", p.id),
            (false, None) => {}
            (sc, a) => panic!("{}: centre {sc}, anchor {a:?}", p.id),
        }
    }
    assert_eq!(list.iter().filter(|p| p.sc).count(), 35);
    // Trieste and North Africa are gone; St Petersburg has one coast.
    assert!(!art.has_province("tri") && !art.has_province("naf"));
    assert!(art.coasts("stp").is_empty());
}

#[test]
fn the_high_ocean_box_is_one_province_in_two_parts_with_room_for_many() {
    let art = art();
    let places = art.unit_places("hio");
    assert!(places.len() >= 8, "{} places", places.len());
    // A part on the west edge and one on the south edge, not joined: the point half way
    // between a west place and a south place is not in the Box.
    let west = places
        .iter()
        .find(|p| p.0 < 60.0)
        .expect("a place on the west edge");
    let south = places
        .iter()
        .find(|p| p.1 > art.height() as f32 - 80.0 && p.0 > 300.0)
        .expect("a place on the south edge");
    let mid = ((west.0 + south.0) / 2.0, (west.1 + south.1) / 2.0);
    assert!(!art.contains("hio", mid));
    let doc = roxmltree::Document::parse(SVG).unwrap();
    let hio = doc
        .descendants()
        .find(|n| n.attribute("id") == Some("hio"))
        .expect("hio");
    assert_eq!(hio.tag_name().name(), "path");
    let d = hio.attribute("d").unwrap_or("");
    assert!(
        d.matches('M').count() >= 2,
        "one path with a subpath per part"
    );
}

/// The positions of the unit symbols drawn, in scene order.
fn unit_positions(svg: &str) -> Vec<(f32, f32)> {
    let units = &svg[svg.find("<g id=\"units\">").expect("units")..];
    let units = &units[..units.find("</g>\n<g id=\"orders\">").expect("end of units")];
    units
        .split("<g transform=\"translate(")
        .skip(1)
        // Each symbol's shadow is a group inside it, offset by (1.6, 1.8).
        .filter(|s| !s.starts_with("1.6 1.8)"))
        .map(|s| {
            let xy: Vec<f32> = s[..s.find(')').unwrap()]
                .split(' ')
                .take(2)
                .map(|v| v.parse().unwrap())
                .collect();
            (xy[0], xy[1])
        })
        .collect()
}

#[test]
fn several_units_in_the_box_each_get_a_place_near_where_their_orders_point() {
    let art = art();
    let mut scene = Scene {
        title: "Spring 1905 movement".into(),
        powers: ["England", "France", "Italy", "Turkey"]
            .iter()
            .enumerate()
            .map(|(i, p)| PowerStyle::new(*p, i))
            .collect(),
        ..Scene::default()
    };
    for p in ["England", "England", "France", "Italy", "Turkey"] {
        scene.units.push(UnitMark::new(p, UnitKind::Fleet, "hio"));
    }
    // Ten more than the Box has places: they fan out round them.
    for _ in 0..10 {
        scene
            .units
            .push(UnitMark::new("France", UnitKind::Fleet, "hio"));
    }
    let mv = |power: &str, to: &str| {
        OrderMark::new(
            power,
            Order::Move {
                unit: Location::new("hio"),
                to: Location::new(to),
                via_convoy: false,
            },
        )
    };
    scene.orders.push(mv("Italy", "ion"));
    scene.orders.push(mv("England", "nao"));
    scene.orders.push(OrderMark::new(
        "England",
        Order::SupportMove {
            unit: Location::new("hio"),
            from: Location::new("hio"),
            to: Location::new("nao"),
        },
    ));
    let svg = render::render_svg(&art, &scene).expect("renders");
    let pos = unit_positions(&svg);
    assert_eq!(pos.len(), 15);
    let distinct: BTreeSet<(i32, i32)> = pos
        .iter()
        .map(|p| (p.0.round() as i32, p.1.round() as i32))
        .collect();
    assert_eq!(distinct.len(), 15, "every unit stands apart: {pos:?}");
    // Every place of the Box is used before any unit fans out.
    let places = art.unit_places("hio");
    assert_eq!(
        pos.iter().filter(|p| places.contains(p)).count(),
        places.len(),
        "{pos:?}"
    );
    // Italy's fleet, ordered to the Ionian Sea, stands in the southern part; England's,
    // ordered to the North Atlantic, in the western one.
    let italy = pos[3];
    let england = pos[0];
    assert!(italy.1 > art.height() as f32 - 80.0, "{italy:?}");
    assert!(england.0 < 60.0, "{england:?}");
    assert!(render::render_png(&art, &scene).is_ok());
}

#[test]
fn a_lone_unit_in_the_box_stands_in_the_part_nearest_its_order() {
    let art = art();
    let mut scene = Scene {
        powers: vec![PowerStyle::new("England", 1)],
        ..Scene::default()
    };
    scene
        .units
        .push(UnitMark::new("England", UnitKind::Fleet, "hio"));
    scene.orders.push(OrderMark::new(
        "England",
        Order::Move {
            unit: Location::new("hio"),
            to: Location::new("sms"),
            via_convoy: false,
        },
    ));
    let svg = render::render_svg(&art, &scene).expect("renders");
    let pos = unit_positions(&svg);
    assert!(pos[0].1 > art.height() as f32 - 80.0, "{pos:?}");
    // With no order it stands on the Box's unit anchor.
    scene.orders.clear();
    let svg = render::render_svg(&art, &scene).expect("renders");
    assert_eq!(
        unit_positions(&svg)[0],
        art.unit_anchor("hio", None).expect("anchor")
    );
}
