//! Checks maps/standard/map.svg against the engine's province list.

mod common;

use std::collections::BTreeSet;

use render::MapArt;

struct ProvinceLine {
    id: String,
    sc: bool,
    coasts: Vec<String>,
}

/// Reads maps/standard/provinces.txt: the first token of each line is the id;
/// a bare `sc` token marks a supply centre and `coasts=a,b` lists split coasts.
fn provinces_txt() -> Vec<ProvinceLine> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../maps/standard/provinces.txt"
    );
    let text = std::fs::read_to_string(path).expect("maps/standard/provinces.txt");
    let mut out = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        // Quoted names may hold spaces; drop them before splitting.
        let mut unquoted = String::new();
        let mut in_quotes = false;
        for ch in line.chars() {
            if ch == '"' {
                in_quotes = !in_quotes;
                unquoted.push(' ');
            } else if !in_quotes {
                unquoted.push(ch);
            }
        }
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
    MapArt::from_svg(common::STANDARD_MAP_SVG).expect("standard art parses")
}

#[test]
fn every_province_has_exactly_one_shape_and_every_shape_is_a_province() {
    let expected: BTreeSet<String> = provinces_txt().into_iter().map(|p| p.id).collect();
    assert_eq!(expected.len(), 75);
    let art = art();
    let drawn: Vec<&str> = art.province_ids().collect();
    let drawn_set: BTreeSet<String> = drawn.iter().map(|s| s.to_string()).collect();
    assert_eq!(drawn.len(), drawn_set.len(), "a province is drawn twice");
    let missing: Vec<_> = expected.difference(&drawn_set).collect();
    let extra: Vec<_> = drawn_set.difference(&expected).collect();
    assert!(missing.is_empty(), "provinces without a shape: {missing:?}");
    assert!(extra.is_empty(), "shapes that are not provinces: {extra:?}");

    // Exactly one element in the whole document carries each province id.
    let doc = roxmltree::Document::parse(common::STANDARD_MAP_SVG).unwrap();
    for id in &expected {
        let n = doc
            .descendants()
            .filter(|n| n.attribute("id") == Some(id.as_str()))
            .count();
        assert_eq!(n, 1, "{id} is used by {n} elements");
    }
    // Decoration is named so it cannot be taken for a province.
    let decoration = doc
        .descendants()
        .filter_map(|n| n.attribute("id"))
        .filter(|i| i.starts_with("impassable-"));
    assert!(decoration.count() >= 1, "Switzerland is drawn");
}

#[test]
fn unit_anchors_lie_inside_their_provinces() {
    let art = art();
    for p in provinces_txt() {
        let pt = art
            .unit_anchor(&p.id, None)
            .unwrap_or_else(|| panic!("no unit anchor for {}", p.id));
        assert!(
            art.contains(&p.id, pt),
            "unit anchor of {} at {pt:?} is outside it",
            p.id
        );
    }
}

#[test]
fn split_coasts_have_their_own_anchors_on_the_province() {
    let art = art();
    let mut seen = 0;
    for p in provinces_txt() {
        let mut drawn = art.coasts(&p.id);
        drawn.sort();
        let mut want: Vec<&str> = p.coasts.iter().map(String::as_str).collect();
        want.sort();
        assert_eq!(drawn, want, "coast anchors of {}", p.id);
        for c in &p.coasts {
            seen += 1;
            let pt = art.unit_anchor(&p.id, Some(c)).unwrap();
            let d = art.distance_to(&p.id, pt).unwrap();
            assert!(
                d <= 4.0,
                "{}/{c} anchor at {pt:?} is {d} px from the province",
                p.id
            );
        }
    }
    assert_eq!(seen, 6, "bul, spa and stp have two coasts each");
}

#[test]
fn every_supply_centre_has_a_marker_anchor_inside_it() {
    let art = art();
    let list = provinces_txt();
    assert_eq!(list.iter().filter(|p| p.sc).count(), 34);
    for p in &list {
        match (p.sc, art.sc_anchor(&p.id)) {
            (true, Some(pt)) => assert!(
                art.contains(&p.id, pt),
                "centre anchor of {} is outside it",
                p.id
            ),
            (true, None) => panic!("{} is a supply centre without sc-{}", p.id, p.id),
            (false, Some(_)) => panic!("{} is not a supply centre but has sc-{}", p.id, p.id),
            (false, None) => {}
        }
    }
}

#[test]
fn seas_and_land_are_drawn_in_different_colours() {
    let art = art();
    let pm = render::render_pixmap(&art, &render::Scene::default()).unwrap();
    let at = |id: &str| {
        let (x, y) = art.to_pixel(art.unit_anchor(id, None).unwrap());
        pm.pixel(x as u32, y as u32).unwrap().demultiply()
    };
    let (sea, land) = (at("nth"), at("mun"));
    assert_ne!(
        (sea.red(), sea.green(), sea.blue()),
        (land.red(), land.green(), land.blue())
    );
    assert!(sea.blue() > sea.red(), "seas are blue");
}

#[test]
fn broken_art_is_rejected_with_a_message() {
    let no_group = r#"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><path id="a" d="M0 0H5V5Z"/></svg>"#;
    let e = MapArt::from_svg(no_group).unwrap_err();
    assert!(e.to_string().contains("provinces"), "{e}");
    let no_anchor = r#"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><g id="provinces"><path id="a" d="M0 0H5V5Z"/></g></svg>"#;
    let e = MapArt::from_svg(no_anchor).unwrap_err();
    assert!(e.to_string().contains("unit-a"), "{e}");
    assert!(MapArt::from_svg("not svg").is_err());
}
