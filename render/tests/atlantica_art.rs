//! Checks maps/atlantica/map.svg against the Atlantica II data files: one shape and anchors per
//! province, coast anchors for the split coasts, room for many units in the two boxes, the six
//! Atlantis areas drawn as numbered dotted circles where their three seas meet, the frozen
//! provinces marked, a title; and that the start and a crowded position render with no unit,
//! centre marker or label covering another.

mod map_files;
use map_files::{assert_provinces_drawn, lines};

use std::collections::BTreeSet;

use render::usvg::{self, Node};
use render::{Location, MapArt, Order, OrderMark, PowerStyle, ScMarker, Scene, UnitKind, UnitMark};

const SVG: &str = include_str!("../../maps/atlantica/map.svg");
const PROVINCES: &str = include_str!("../../maps/atlantica/provinces.txt");
const BORDERS: &str = include_str!("../../maps/atlantica/borders.txt");
const UNITS: &str = include_str!("../../maps/atlantica/units.txt");

const POWERS: [&str; 7] = [
    "England", "France", "Germany", "Italy", "Canada", "CSA", "USA",
];

fn art() -> MapArt {
    MapArt::from_svg(SVG).expect("atlantica art parses")
}

fn doc() -> roxmltree::Document<'static> {
    roxmltree::Document::parse(SVG).expect("svg")
}

fn terrain(id: &str) -> String {
    lines(PROVINCES)
        .into_iter()
        .find(|p| p[0] == id)
        .map(|p| p[1].clone())
        .unwrap_or_else(|| panic!("{id} is not in provinces.txt"))
}

/// The provinces a province borders, coasts dropped.
fn neighbours(id: &str) -> BTreeSet<String> {
    let strip = |s: &str| s.split('/').next().unwrap_or(s).to_string();
    lines(BORDERS)
        .into_iter()
        .filter_map(|b| {
            let (a, c) = (strip(&b[0]), strip(&b[1]));
            if a == id {
                Some(c)
            } else if c == id {
                Some(a)
            } else {
                None
            }
        })
        .collect()
}

#[test]
fn every_province_has_one_shape_and_anchors_inside_it() {
    let art = art();
    assert_provinces_drawn(&art, PROVINCES, 115, 45);
    assert_eq!((art.width(), art.height()), (1300, 1000));
    // Exactly one element carries each province id.
    let doc = doc();
    for p in lines(PROVINCES) {
        let n = doc
            .descendants()
            .filter(|n| n.attribute("id") == Some(p[0].as_str()))
            .count();
        assert_eq!(n, 1, "{} is used by {n} elements", p[0]);
    }
}

#[test]
fn the_split_coasts_have_anchors_on_their_province() {
    let art = art();
    let mut seen = 0;
    for p in lines(PROVINCES) {
        let want: Vec<&str> = p
            .iter()
            .find_map(|t| t.strip_prefix("coasts="))
            .map(|c| c.split(',').collect())
            .unwrap_or_default();
        let mut drawn = art.coasts(&p[0]);
        drawn.sort();
        let mut sorted = want.clone();
        sorted.sort();
        assert_eq!(drawn, sorted, "coast anchors of {}", p[0]);
        for c in want {
            seen += 1;
            let pt = art.unit_anchor(&p[0], Some(c)).unwrap();
            let d = art.distance_to(&p[0], pt).unwrap();
            assert!(d <= 4.0, "{}/{c} is {d} px off the province", p[0]);
        }
    }
    assert_eq!(seen, 6, "spa, mon and nyk have two coasts each");
}

#[test]
fn each_box_has_room_for_several_units_inside_it() {
    let art = art();
    let boxes: Vec<String> = lines(PROVINCES)
        .into_iter()
        .filter(|p| p[1] == "box")
        .map(|p| p[0].clone())
        .collect();
    assert_eq!(boxes, ["ppb", "sib"]);
    for b in &boxes {
        let places = art.unit_places(b);
        assert!(places.len() >= 5, "{b} has {} places", places.len());
        for (i, p) in places.iter().enumerate() {
            assert!(art.contains(b, *p), "place {} of {b} is outside it", i + 1);
            for q in &places[i + 1..] {
                let d = (p.0 - q.0).hypot(p.1 - q.1);
                assert!(d >= 26.0, "two places of {b} are {d} px apart");
            }
        }
    }
}

/// The circle drawn round an area (`<circle id="ar3-frame">`): middle and radius.
fn area_frame(doc: &roxmltree::Document, id: &str) -> (f32, f32, f32, String) {
    let n = doc
        .descendants()
        .find(|n| n.attribute("id") == Some(&format!("{id}-frame")))
        .unwrap_or_else(|| panic!("no {id}-frame"));
    assert_eq!(n.tag_name().name(), "circle", "{id}-frame");
    let num = |a: &str| n.attribute(a).expect(a).parse::<f32>().expect(a);
    (
        num("cx"),
        num("cy"),
        num("r"),
        n.attribute("stroke-dasharray").unwrap_or("").to_string(),
    )
}

#[test]
fn the_six_areas_are_numbered_dotted_circles_where_their_three_seas_meet() {
    let art = art();
    let doc = doc();
    let areas: Vec<String> = lines(PROVINCES)
        .into_iter()
        .filter(|p| p[1] == "area")
        .map(|p| p[0].clone())
        .collect();
    assert_eq!(areas, ["ar1", "ar2", "ar3", "ar4", "ar5", "ar6"]);
    for (i, id) in areas.iter().enumerate() {
        let (cx, cy, r, dash) = area_frame(&doc, id);
        assert!((10.0..=22.0).contains(&r), "{id}: radius {r}");
        assert!(!dash.is_empty(), "{id}: the circle is not dotted");
        // The area's shape is the disc: its middle is inside, a point past the rim is not.
        assert!(art.contains(id, (cx, cy)), "{id}: middle outside its shape");
        assert!(
            !art.contains(id, (cx + r + 3.0, cy)),
            "{id}: larger than its circle"
        );
        let unit = art.unit_anchor(id, None).unwrap();
        assert!(
            (unit.0 - cx).hypot(unit.1 - cy) < 3.0,
            "{id}: unit off the middle"
        );
        // Its label is its number, next to the circle.
        let label = doc
            .descendants()
            .find(|n| n.attribute("id") == Some(&format!("label-{id}")))
            .unwrap_or_else(|| panic!("no label-{id}"));
        assert_eq!(label.text(), Some((i + 1).to_string().as_str()), "{id}");
        // Every sea it borders comes up to the circle, and only seas do.
        let seas = neighbours(id);
        assert_eq!(seas.len(), 3, "{id} borders {seas:?}");
        for s in &seas {
            assert_eq!(terrain(s), "sea", "{id} borders {s}");
            let d = art.distance_to(s, (cx, cy)).unwrap();
            assert!(d <= r + 2.0, "{s} is {d} px from the middle of {id}");
        }
    }
}

#[test]
fn frozen_provinces_are_hatched_above_the_owners_colours_and_frozen_coasts_starred() {
    let doc = doc();
    let top: Vec<&str> = doc
        .root_element()
        .children()
        .filter_map(|n| n.attribute("id"))
        .collect();
    let at = |id: &str| top.iter().position(|t| *t == id).unwrap_or(usize::MAX);
    assert!(at("frozen") > at("provinces") && at("frozen") < at("labels"));
    let group = doc
        .descendants()
        .find(|n| n.attribute("id") == Some("frozen"))
        .unwrap();
    let hatched: BTreeSet<String> = group
        .children()
        .filter_map(|n| n.attribute("id"))
        .map(|id| id.strip_prefix("frozen-").expect("frozen-<id>").to_string())
        .collect();
    let frozen: BTreeSet<String> = lines(PROVINCES)
        .into_iter()
        .filter(|p| p.iter().any(|t| t == "tags=frozen"))
        .map(|p| p[0].clone())
        .collect();
    assert_eq!(hatched, frozen);
    for id in [
        "hud", "ung", "dav", "grn", "arc", "bar", "ont", "tor", "lak",
    ] {
        assert!(frozen.contains(id), "{id} is frozen (rule 12a)");
    }
    // The frozen north coasts are labelled NC*, explained in the key under the title.
    let texts: Vec<&str> = doc
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .filter_map(|n| n.text())
        .collect();
    assert_eq!(texts.iter().filter(|t| **t == "NC*").count(), 2);
    assert!(texts.contains(&"ATLANTICA II"));
    assert!(texts.iter().any(|t| t.contains("frozen Jan-Apr")));
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

fn powers() -> Vec<PowerStyle> {
    POWERS
        .iter()
        .enumerate()
        .map(|(i, p)| PowerStyle::new(*p, i))
        .collect()
}

/// The starting position (units.txt) with every centre marked, as a scene.
fn start() -> Scene {
    let mut scene = Scene {
        title: "January 1870 movement".into(),
        powers: powers(),
        ..Scene::default()
    };
    for u in lines(UNITS) {
        let kind = match u[1].as_str() {
            "A" => UnitKind::Army,
            _ => UnitKind::Fleet,
        };
        scene
            .units
            .push(UnitMark::new(u[0].as_str(), kind, u[2].as_str()));
    }
    assert_eq!(scene.units.len(), 22);
    for p in lines(PROVINCES) {
        if !p.iter().any(|t| t == "sc") {
            continue;
        }
        let get = |k: &str| p.iter().find_map(|t| t.strip_prefix(k)).map(str::to_string);
        let home = get("home=");
        let owner = get("owner=").or_else(|| home.clone());
        scene
            .supply_centres
            .push(ScMarker::new(p[0].as_str(), owner, home));
    }
    scene
}

/// The positions of the unit symbols drawn, in scene order.
fn unit_positions(svg: &str) -> Vec<(f32, f32)> {
    let units = &svg[svg.find("<g id=\"units\">").expect("units")..];
    let units = &units[..units.find("</g>\n<g id=\"orders\">").expect("end of units")];
    units
        .split("<g transform=\"translate(")
        .skip(1)
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
fn the_start_renders_with_every_label_in_glyphs() {
    let art = art();
    let scene = start();
    let svg = render::render_svg(&art, &scene).expect("renders");
    let tree = usvg::Tree::from_str(&svg, &render::fonts::options()).unwrap();
    let (texts, inked) = count_glyphs(tree.root());
    assert!(texts > 115 + 22, "only {texts} text nodes");
    assert_eq!(inked, texts, "{} text nodes drew no glyphs", texts - inked);
    // Canada's fleet stands on Montreal's south coast, the U.S.A.'s on New York's.
    let pos = unit_positions(&svg);
    assert_eq!(pos.len(), 22);
    let at = |p: &str, c: &str| art.unit_anchor(p, Some(c)).unwrap();
    assert!(pos.contains(&at("mon", "sc")) && pos.contains(&at("nyk", "sc")));
    let png = render::render_png(&art, &scene).expect("renders");
    assert!(png.len() > 10_000);
    if let Ok(out) = std::env::var("ATLANTICA_PNG") {
        std::fs::write(out, png).expect("writes the PNG");
    }
}

#[test]
fn a_crowded_position_renders_with_every_unit_apart() {
    let art = art();
    let mut scene = Scene {
        title: "September 1872 movement".into(),
        powers: powers(),
        ..Scene::default()
    };
    // A unit in every province a unit may stand in, a fleet in Atlantis (found in Area 3),
    // and six units in each box, each moving somewhere.
    let mut n = 0;
    for p in lines(PROVINCES) {
        let (id, terrain) = (p[0].as_str(), p[1].as_str());
        let power = POWERS[n % POWERS.len()];
        n += 1;
        match terrain {
            "area" if id != "ar3" => continue,
            "box" => {
                for (k, to) in neighbours(id).iter().cycle().take(6).enumerate() {
                    let power = POWERS[(n + k) % POWERS.len()];
                    scene.units.push(UnitMark::new(power, UnitKind::Fleet, id));
                    scene.orders.push(OrderMark::new(
                        power,
                        Order::Move {
                            unit: Location::new(id),
                            to: Location::new(to.as_str()),
                            via_convoy: false,
                        },
                    ));
                }
            }
            "sea" | "lake" | "area" => scene.units.push(UnitMark::new(power, UnitKind::Fleet, id)),
            _ => scene.units.push(UnitMark::new(power, UnitKind::Army, id)),
        }
    }
    let svg = render::render_svg(&art, &scene).expect("renders");
    let pos = unit_positions(&svg);
    assert_eq!(pos.len(), scene.units.len());
    for (i, p) in pos.iter().enumerate() {
        for q in &pos[i + 1..] {
            let d = (p.0 - q.0).hypot(p.1 - q.1);
            assert!(d >= 20.0, "units at {p:?} and {q:?} are {d} px apart");
        }
    }
    let png = render::render_png(&art, &scene).expect("renders");
    if let Ok(out) = std::env::var("ATLANTICA_BUSY_PNG") {
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
/// radius 12.5, a fleet a hull 35 wide and 16 high, each with an outline and a shadow).
fn unit_footprint((x, y): (f32, f32)) -> [Shape; 3] {
    [
        Shape::Disc(x, y, 13.4),
        Shape::Disc(x + 1.6, y + 1.8, 12.5),
        Shape::Rect(x - 18.4, y - 8.4, x + 19.1, y + 10.3),
    ]
}

/// A home centre's marker with its ring, with a pixel to spare.
const SC_MARK: f32 = 12.5;

/// Tight boxes of the art's province labels (and the title's), from their glyph outlines.
fn label_boxes() -> Vec<(String, Shape)> {
    let tree = usvg::Tree::from_str(SVG, &render::fonts::options()).unwrap();
    let ids: Vec<String> = doc()
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .filter_map(|n| n.attribute("id"))
        .filter(|id| id.starts_with("label-"))
        .map(str::to_string)
        .collect();
    assert_eq!(ids.len(), 115);
    ids.into_iter()
        .map(|id| {
            let Some(Node::Text(t)) = tree.node_by_id(&id) else {
                panic!("{id} is not text")
            };
            let b = t.flattened().abs_bounding_box();
            (id, Shape::Rect(b.left(), b.top(), b.right(), b.bottom()))
        })
        .collect()
}

#[test]
fn no_unit_centre_marker_or_label_covers_another() {
    let art = art();
    // Every place a unit may be drawn: each province's anchor, each coast's, each box place.
    let mut places: Vec<(String, (f32, f32))> = Vec::new();
    for p in art.province_ids() {
        places.push((p.to_string(), art.unit_anchor(p, None).unwrap()));
        for c in art.coasts(p) {
            places.push((format!("{p}/{c}"), art.unit_anchor(p, Some(c)).unwrap()));
        }
        for (i, pt) in art.unit_places(p).into_iter().enumerate().skip(1) {
            places.push((format!("{p}#{}", i + 1), pt));
        }
    }
    let units: Vec<(String, [Shape; 3])> = places
        .into_iter()
        .map(|(p, pt)| (p, unit_footprint(pt)))
        .collect();
    let centres: Vec<(&str, Shape)> = art
        .supply_centres()
        .map(|p| {
            let (x, y) = art.sc_anchor(p).unwrap();
            (p, Shape::Disc(x, y, SC_MARK))
        })
        .collect();
    let labels = label_boxes();
    // The coasts of one province are never held at once, nor with the province's own anchor.
    let same = |a: &str, b: &str| a.split('/').next() == b.split('/').next();
    let mut clashes = Vec::new();
    for (i, (p, u)) in units.iter().enumerate() {
        for (q, c) in &centres {
            if u.iter().any(|s| s.overlaps(*c)) {
                clashes.push(format!("a unit in {p} covers the centre marker of {q}"));
            }
        }
        for (q, v) in &units[i + 1..] {
            if !same(p, q) && u.iter().any(|s| v.iter().any(|t| s.overlaps(*t))) {
                clashes.push(format!("units in {p} and {q} overlap"));
            }
        }
        for (l, b) in &labels {
            if u.iter().any(|s| s.overlaps(*b)) {
                clashes.push(format!("a unit in {p} covers {l}"));
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
                clashes.push(format!("the centre marker of {p} covers {l}"));
            }
        }
    }
    assert!(
        clashes.is_empty(),
        "{}\n{} clashes",
        clashes.join("\n"),
        clashes.len()
    );
}

/// Not a check: renders the SVG named by PREVIEW_SVG to PREVIEW_PNG, for looking at the art
/// while it is being made (`cargo test -p render --test atlantica_art preview -- --ignored`).
#[test]
#[ignore]
fn preview() {
    let svg = std::fs::read_to_string(std::env::var("PREVIEW_SVG").expect("PREVIEW_SVG")).unwrap();
    let art = MapArt::from_svg(&svg).expect("parses");
    let png = render::render_png(&art, &Scene::default()).expect("renders");
    std::fs::write(std::env::var("PREVIEW_PNG").expect("PREVIEW_PNG"), png).unwrap();
}

/// The key to the symbols goes where it hides no playable space: the legend's box sits low on
/// the map, so the key cannot go under it, and above it lies the Suez-Indian Box.
#[test]
fn the_key_covers_no_province() {
    use render::Outcome;
    let art = art();
    let mut scene = start();
    let outcomes = [
        Outcome::Succeeded,
        Outcome::Failed,
        Outcome::Illegal,
        Outcome::Void,
    ];
    scene.orders = scene
        .units
        .iter()
        .enumerate()
        .map(|(i, u)| {
            OrderMark::new(
                u.power.as_str(),
                Order::Hold {
                    unit: u.location.clone(),
                },
            )
            .with_outcome(outcomes[i % 4])
        })
        .collect();
    let svg = render::render_svg(&art, &scene).expect("renders");
    let doc = roxmltree::Document::parse(&svg).expect("svg");
    let key = doc
        .descendants()
        .find(|n| n.attribute("id") == Some("key"))
        .expect("a key");
    let rect = key.children().find(|n| n.has_tag_name("rect")).unwrap();
    let v = |a: &str| rect.attribute(a).unwrap().parse::<f32>().unwrap();
    let (x, y, w, h) = (v("x"), v("y"), v("width"), v("height"));
    assert!(h > 40.0, "a key of several rows: {h}");
    for i in 0..=20 {
        for j in 0..=10 {
            let p = (x + w * i as f32 / 20.0, y + h * j as f32 / 10.0);
            for id in art.province_ids() {
                assert!(!art.contains(id, p), "the key covers {id} at {p:?}");
            }
        }
    }
}
