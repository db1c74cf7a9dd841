//! Checks maps/pirates/map.svg against the variant's data files: one shape per province,
//! anchors inside their provinces, a marker for each of the 60 centres, a causeway for every
//! landbridge and a river for every river border (and for no other), and that the board renders
//! with every label drawn as glyphs, and that no unit, centre marker or label covers another.

mod map_files;
use map_files::{assert_provinces_drawn, lines};

use std::collections::BTreeSet;

use render::usvg::{self, Node};
use render::MapArt;

const SVG: &str = include_str!("../../maps/pirates/map.svg");
const PROVINCES: &str = include_str!("../../maps/pirates/provinces.txt");
const BORDERS: &str = include_str!("../../maps/pirates/borders.txt");
const UNITS: &str = include_str!("../../maps/pirates/units.txt");

fn art() -> MapArt {
    MapArt::from_svg(SVG).expect("pirates art parses")
}

/// The borders of one kind, as sorted "a-b" pairs.
fn borders_of_kind(kind: &str) -> BTreeSet<String> {
    let tag = format!("kind={kind}");
    lines(BORDERS)
        .into_iter()
        .filter(|b| b.contains(&tag))
        .map(|b| {
            let mut pair = [b[0].clone(), b[1].clone()];
            pair.sort();
            pair.join("-")
        })
        .collect()
}

/// The identified paths in a top-level group, and the group's place among the top-level elements.
fn group_paths<'a>(doc: &'a roxmltree::Document<'a>, id: &str) -> Vec<roxmltree::Node<'a, 'a>> {
    let group = doc
        .root_element()
        .children()
        .find(|n| n.attribute("id") == Some(id))
        .unwrap_or_else(|| panic!("a top-level {id} group"));
    group
        .descendants()
        .filter(|n| n.has_tag_name("path") && n.attribute("id").is_some())
        .collect()
}

fn top_level_position(doc: &roxmltree::Document, id: &str) -> usize {
    doc.root_element()
        .children()
        .filter_map(|n| n.attribute("id"))
        .position(|t| t == id)
        .unwrap_or_else(|| panic!("no top-level {id}"))
}

#[test]
fn every_province_has_one_shape_and_anchors_inside_it() {
    assert_provinces_drawn(&art(), PROVINCES, 112, 60);
}

#[test]
fn every_landbridge_is_drawn_as_a_causeway_between_its_two_provinces() {
    let art = art();
    let bridges = borders_of_kind("landbridge");
    assert_eq!(bridges.len(), 25);
    let doc = roxmltree::Document::parse(SVG).expect("svg");
    let mut drawn = BTreeSet::new();
    for n in group_paths(&doc, "landbridges") {
        let id = n.attribute("id").unwrap();
        let pair = id
            .strip_prefix("landbridge-")
            .expect("landbridge ids start with landbridge-");
        // A straight causeway "M x y L x y" from one province to the other.
        let d = n.attribute("d").expect("d");
        let nums: Vec<f32> = d
            .split(['M', 'L', ' '])
            .filter(|s| !s.is_empty())
            .map(|s| s.parse().expect("a number"))
            .collect();
        assert_eq!(nums.len(), 4, "{id}: {d}");
        let (a, b) = pair.split_once('-').expect("a-b");
        let (p, q) = ((nums[0], nums[1]), (nums[2], nums[3]));
        let joins = (art.contains(a, p) && art.contains(b, q))
            || (art.contains(b, p) && art.contains(a, q));
        assert!(joins, "{id} does not run from {a} to {b}");
        assert!(drawn.insert(pair.to_string()), "{id} twice");
    }
    assert_eq!(drawn, bridges);
    // Drawn above the owners' colours.
    assert!(top_level_position(&doc, "landbridges") > top_level_position(&doc, "provinces"));
}

#[test]
fn rivers_are_drawn_exactly_on_the_river_borders() {
    let river_borders = borders_of_kind("river");
    assert_eq!(river_borders.len(), 3);
    let doc = roxmltree::Document::parse(SVG).expect("svg");
    let mut drawn = BTreeSet::new();
    let mut mouths = BTreeSet::new();
    for n in group_paths(&doc, "rivers") {
        let id = n.attribute("id").unwrap();
        let rest = id
            .strip_prefix("river-")
            .expect("river ids start with river-");
        if let Some(m) = rest.strip_prefix("mouth-") {
            mouths.insert(m.to_string());
        } else {
            // river-<a>-<b>-<n>: the pair of provinces the river joins.
            let parts: Vec<&str> = rest.split('-').collect();
            drawn.insert(format!("{}-{}", parts[0], parts[1]));
        }
    }
    assert_eq!(drawn, river_borders);
    // The Mississippi and the Orinoco reach the sea through their delta provinces.
    assert_eq!(
        mouths,
        BTreeSet::from(["mdl".to_string(), "nan".to_string()])
    );
    assert!(top_level_position(&doc, "rivers") > top_level_position(&doc, "provinces"));
}

/// (text nodes, text nodes that produced at least one non-empty glyph path)
fn count_glyphs(g: &usvg::Group) -> (usize, usize) {
    let mut total = (0, 0);
    for n in g.children() {
        match n {
            Node::Group(g) => {
                let (a, b) = count_glyphs(g);
                total.0 += a;
                total.1 += b;
            }
            Node::Text(t) => {
                total.0 += 1;
                if has_ink(t.flattened()) {
                    total.1 += 1;
                }
            }
            _ => {}
        }
    }
    total
}

fn has_ink(g: &usvg::Group) -> bool {
    g.children().iter().any(|n| match n {
        Node::Path(p) => !p.data().is_empty() && p.data().bounds().width() > 0.5,
        Node::Group(g) => has_ink(g),
        _ => false,
    })
}

/// The starting position (units.txt) as a scene.
fn start() -> render::Scene {
    let powers = ["Denmark", "England", "France", "Holland", "Spain"];
    let mut scene = render::Scene {
        title: "Fall 1680 setup".into(),
        powers: powers
            .iter()
            .enumerate()
            .map(|(i, p)| render::PowerStyle::new(*p, i))
            .collect(),
        ..render::Scene::default()
    };
    for u in lines(UNITS) {
        let kind = match u[1].as_str() {
            "A" => render::UnitKind::Army,
            _ => render::UnitKind::Fleet,
        };
        scene
            .units
            .push(render::UnitMark::new(u[0].as_str(), kind, u[2].as_str()));
    }
    assert_eq!(scene.units.len(), 24);
    scene
}

#[test]
fn the_start_renders_on_the_art_with_every_label_in_glyphs() {
    let art = art();
    let scene = start();
    let svg = render::render_svg(&art, &scene).expect("renders");
    let tree = usvg::Tree::from_str(&svg, &render::fonts::options()).unwrap();
    let (texts, inked) = count_glyphs(tree.root());
    // 112 province labels, two river names, unit letters and the legend.
    assert!(texts > 112 + 24, "only {texts} text nodes");
    assert_eq!(inked, texts, "{} text nodes drew no glyphs", texts - inked);
    let png = render::render_png(&art, &scene).expect("renders");
    assert!(png.len() > 10_000);
    assert_eq!((art.width(), art.height()), (1500, 1300));
    if let Ok(out) = std::env::var("PIRATES_PNG") {
        std::fs::write(out, png).expect("writes the PNG");
    }
}

/// A shape the renderer draws round an anchor, in art coordinates.
#[derive(Clone, Copy, Debug)]
enum Shape {
    Disc(f32, f32, f32),
    /// x0, y0, x1, y1
    Rect(f32, f32, f32, f32),
}

impl Shape {
    fn overlaps(self, other: Shape) -> bool {
        use Shape::*;
        match (self, other) {
            (Disc(x, y, r), Disc(u, v, s)) => (x - u).hypot(y - v) < r + s,
            (Rect(x0, y0, x1, y1), Rect(u0, v0, u1, v1)) => {
                x0 < u1 && u0 < x1 && y0 < v1 && v0 < y1
            }
            (Disc(x, y, r), Rect(x0, y0, x1, y1)) | (Rect(x0, y0, x1, y1), Disc(x, y, r)) => {
                let dx = (x0 - x).max(0.0).max(x - x1);
                let dy = (y0 - y).max(0.0).max(y - y1);
                dx.hypot(dy) < r
            }
        }
    }
}

/// What a unit symbol covers round its anchor (render's draw/marks.rs: an army is a circle of
/// radius 12.5, a fleet a trapezoid 35 wide and 16 high, each with a 1.7 px outline and a
/// shadow 1.6 px right and 1.8 px down). A unit may be either, so both shapes count.
fn unit_footprint((x, y): (f32, f32)) -> [Shape; 3] {
    [
        Shape::Disc(x, y, 13.4),
        Shape::Disc(x + 1.6, y + 1.8, 12.5),
        Shape::Rect(x - 18.4, y - 8.4, x + 19.1, y + 10.3),
    ]
}

/// What a centre marker covers, with a pixel to spare: a home centre's ring is 9.2 px with a
/// 4.6 px outline. (An earned home centre adds a thin outer ring at 12.8 px, which may touch a
/// unit.)
const SC_MARK: f32 = 12.5;

/// Tight boxes of the art's province labels, from their glyph outlines.
fn label_boxes(art_svg: &str) -> Vec<(String, Shape)> {
    let tree = usvg::Tree::from_str(art_svg, &render::fonts::options()).unwrap();
    let doc = roxmltree::Document::parse(art_svg).expect("svg");
    let ids: Vec<String> = doc
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .filter_map(|n| n.attribute("id"))
        .filter(|id| id.starts_with("label-"))
        .map(str::to_string)
        .collect();
    assert!(ids.len() >= 112, "only {} labels", ids.len());
    ids.into_iter()
        .map(|id| {
            let node = tree.node_by_id(&id).unwrap_or_else(|| panic!("no {id}"));
            let Node::Text(t) = node else {
                panic!("{id} is not text")
            };
            let b = t.flattened().abs_bounding_box();
            let shape = Shape::Rect(b.left(), b.top(), b.right(), b.bottom());
            (id, shape)
        })
        .collect()
}

#[test]
fn no_unit_centre_marker_or_label_covers_another() {
    let art = art();
    let provinces: Vec<String> = art.province_ids().map(str::to_string).collect();
    let units: Vec<(&str, [Shape; 3])> = provinces
        .iter()
        .map(|p| {
            (
                p.as_str(),
                unit_footprint(art.unit_anchor(p, None).unwrap()),
            )
        })
        .collect();
    let centres: Vec<(&str, Shape)> = art
        .supply_centres()
        .map(|p| {
            let (x, y) = art.sc_anchor(p).unwrap();
            (p, Shape::Disc(x, y, SC_MARK))
        })
        .collect();
    let labels = label_boxes(SVG);
    let mut clashes = Vec::new();
    for (i, (p, u)) in units.iter().enumerate() {
        for (q, c) in &centres {
            if u.iter().any(|s| s.overlaps(*c)) {
                clashes.push(format!("unit of {p} covers the centre marker of {q}"));
            }
        }
        for (q, v) in &units[i + 1..] {
            if u.iter().any(|s| v.iter().any(|t| s.overlaps(*t))) {
                clashes.push(format!("units of {p} and {q} overlap"));
            }
        }
        for (l, b) in &labels {
            if u.iter().any(|s| s.overlaps(*b)) {
                clashes.push(format!("unit of {p} covers {l}"));
            }
        }
    }
    for (i, (l, b)) in labels.iter().enumerate() {
        for (m, c) in &labels[i + 1..] {
            if b.overlaps(*c) {
                clashes.push(format!("{l} and {m} overlap"));
            }
        }
    }
    for (p, c) in &centres {
        for (l, b) in &labels {
            if c.overlaps(*b) {
                clashes.push(format!("centre marker of {p} covers {l}"));
            }
        }
    }
    assert!(clashes.is_empty(), "{}", clashes.join("\n"));
}

/// Not a check: renders the SVG named by PREVIEW_SVG to PREVIEW_PNG, for looking at the art
/// while it is being made (`cargo test -p render --test pirates_art preview -- --ignored`).
#[test]
#[ignore]
fn preview() {
    let svg = std::fs::read_to_string(std::env::var("PREVIEW_SVG").expect("PREVIEW_SVG")).unwrap();
    let art = MapArt::from_svg(&svg).expect("parses");
    let png = render::render_png(&art, &render::Scene::default()).expect("renders");
    std::fs::write(std::env::var("PREVIEW_PNG").expect("PREVIEW_PNG"), png).unwrap();
}
