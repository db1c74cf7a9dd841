//! Checks maps/maharajah/map.svg against the variant's data files: one shape per province,
//! anchors inside their provinces, a marker for each of the 37 centres, and a river drawn for
//! every river border and for no other.

mod map_files;
use map_files::{assert_provinces_drawn, lines};

use std::collections::BTreeSet;

use render::MapArt;

const SVG: &str = include_str!("../../maps/maharajah/map.svg");
const PROVINCES: &str = include_str!("../../maps/maharajah/provinces.txt");
const BORDERS: &str = include_str!("../../maps/maharajah/borders.txt");

fn art() -> MapArt {
    MapArt::from_svg(SVG).expect("maharajah art parses")
}

#[test]
fn every_province_has_one_shape_and_anchors_inside_it() {
    assert_provinces_drawn(&art(), PROVINCES, 77, 37);
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
