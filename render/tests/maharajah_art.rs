//! Checks maps/maharajah/map.svg against the variant's data files: one shape per province,
//! anchors inside their provinces, a marker for each of the 37 centres, and a river drawn for
//! every river border and for no other.

use std::collections::BTreeSet;

use render::MapArt;

const SVG: &str = include_str!("../../maps/maharajah/map.svg");
const PROVINCES: &str = include_str!("../../maps/maharajah/provinces.txt");
const BORDERS: &str = include_str!("../../maps/maharajah/borders.txt");

/// Data lines of a map file, with quoted names dropped (they may hold spaces).
fn lines(text: &str) -> Vec<Vec<String>> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let mut unquoted = String::new();
            let mut quoted = false;
            for ch in l.chars() {
                if ch == '"' {
                    quoted = !quoted;
                    unquoted.push(' ');
                } else if !quoted {
                    unquoted.push(ch);
                }
            }
            unquoted.split_whitespace().map(str::to_string).collect()
        })
        .collect()
}

fn art() -> MapArt {
    MapArt::from_svg(SVG).expect("maharajah art parses")
}

#[test]
fn every_province_has_one_shape_and_anchors_inside_it() {
    let art = art();
    let provinces = lines(PROVINCES);
    assert_eq!(provinces.len(), 77);
    let expected: BTreeSet<&str> = provinces.iter().map(|p| p[0].as_str()).collect();
    let drawn: BTreeSet<&str> = art.province_ids().collect();
    assert_eq!(drawn, expected);
    let mut centres = 0;
    for p in &provinces {
        let id = p[0].as_str();
        let unit = art
            .unit_anchor(id, None)
            .unwrap_or_else(|| panic!("no unit anchor for {id}"));
        assert!(art.contains(id, unit), "unit anchor of {id} is outside it");
        let sc = p.iter().any(|t| t == "sc");
        match art.sc_anchor(id) {
            Some(pt) => {
                assert!(sc, "{id} is not a centre but has sc-{id}");
                assert!(art.contains(id, pt), "centre anchor of {id} is outside it");
                centres += 1;
            }
            None => assert!(!sc, "{id} is a centre without sc-{id}"),
        }
    }
    assert_eq!(centres, 37);
    assert!(art.legend_area().is_some());
}

#[test]
fn rivers_are_drawn_exactly_on_the_river_borders() {
    let river_borders: BTreeSet<String> = lines(BORDERS)
        .into_iter()
        .filter(|b| b.iter().any(|t| t == "kind=river"))
        .map(|b| {
            let mut pair = [b[0].clone(), b[1].clone()];
            pair.sort();
            pair.join("-")
        })
        .collect();
    assert_eq!(river_borders.len(), 25);
    let doc = roxmltree::Document::parse(SVG).expect("svg");
    let group = doc
        .descendants()
        .find(|n| n.attribute("id") == Some("rivers"))
        .expect("a rivers group");
    let mut drawn = BTreeSet::new();
    let mut mouths = BTreeSet::new();
    for n in group.descendants().filter(|n| n.has_tag_name("path")) {
        let Some(id) = n.attribute("id") else {
            continue;
        };
        let rest = id
            .strip_prefix("river-")
            .expect("river ids start with river-");
        if let Some(m) = rest.strip_prefix("mouth-") {
            mouths.insert(m.to_string());
        } else {
            // river-<a>-<b>-<n>: the pair of provinces the river divides.
            let parts: Vec<&str> = rest.split('-').collect();
            drawn.insert(format!("{}-{}", parts[0], parts[1]));
        }
    }
    assert_eq!(drawn, river_borders);
    // The Indus and the Ganges reach the sea through Sind and Bengal.
    assert!(
        mouths.contains("sin") && mouths.contains("bng"),
        "{mouths:?}"
    );
    // The rivers are drawn above the owners' colours: after the provinces group.
    let top: Vec<&str> = doc
        .root_element()
        .children()
        .filter_map(|n| n.attribute("id"))
        .collect();
    let at = |id: &str| top.iter().position(|t| *t == id).expect(id);
    assert!(at("rivers") > at("provinces"), "{top:?}");
}

#[test]
fn the_start_renders_on_the_art() {
    let art = art();
    let mut scene = render::Scene {
        title: "Spring 1501 movement".into(),
        powers: vec![render::PowerStyle::new("Delhi", 0)],
        ..render::Scene::default()
    };
    scene.units.push(render::UnitMark::new(
        "Delhi",
        render::UnitKind::Fleet,
        "ben",
    ));
    let png = render::render_png(&art, &scene).expect("renders");
    assert!(png.len() > 10_000);
    assert_eq!((art.width(), art.height()), (1300, 1150));
}
