//! What a variant adds to the picture, drawn on Standard's art: unit kinds beyond army and
//! fleet with their own symbols and legend rows, patterns over provinces and coasts, hidden
//! provinces, and a variant's own orders in the renderer's vocabulary (arrows with a tip or a
//! head, rings with a badge or a new unit), each keyed in the variant's words.

mod common;

use common::standard_art;
use render::{
    Glyph, Head, Mark, MarkColour, Marking, Order, OrderMark, Outcome, Owner, Palette, Pattern,
    PowerStyle, ScMarker, Scene, Stroke, UnitKey, UnitKind, UnitMark,
};

/// Ice over `at`, as Atlantica's rulebook draws a frozen place.
fn ice(at: &str) -> Mark {
    Mark::Pattern {
        at: at.into(),
        pattern: Pattern::Hatch,
        colour: MarkColour::Water,
    }
}

/// An arrow in `power`'s colour, solid-headed, with no tip or label.
fn arrow(power: &str, from: &str, to: &str, line: Stroke) -> Mark {
    Mark::Arrow {
        from: from.into(),
        to: to.into(),
        to_unit: false,
        line,
        head: Head::Solid,
        tip: None,
        label: None,
        colour: MarkColour::Power(power.into()),
    }
}

/// A variant's order for `unit`, keyed `key`.
fn marked(power: &str, unit: &str, key: &str, marks: Vec<Mark>) -> OrderMark {
    OrderMark::new(
        power,
        Order::Marked {
            unit: unit.into(),
            key: Some(key.into()),
            marks,
        },
    )
}

/// A search as Atlantica draws it: a dotted arrow ending in "?".
fn search(power: &str, unit: &str, area: &str) -> OrderMark {
    let mut a = arrow(power, unit, area, Stroke::Dotted);
    if let Mark::Arrow { head, tip, .. } = &mut a {
        *head = Head::Open;
        *tip = Some(Glyph::Question);
    }
    marked(power, unit, "search", vec![a])
}

/// A coordinate as the overlay writes it: to a tenth, without a trailing ".0".
fn f(v: f32) -> String {
    let r = (v * 10.0).round() / 10.0;
    if r == r.trunc() {
        format!("{}", r as i64)
    } else {
        format!("{r:.1}")
    }
}

fn scene() -> Scene {
    Scene {
        title: "January 1870 movement".into(),
        palette: Palette::Default,
        powers: vec![PowerStyle::new("England", 1), PowerStyle::new("France", 2)],
        ..Scene::default()
    }
}

#[test]
fn every_declared_kind_has_its_own_symbol_and_legend_row() {
    let art = standard_art();
    let mut s = scene();
    s.units = vec![
        UnitMark::new("England", UnitKind::ArmyFleet, "nth"),
        UnitMark::new("England", UnitKind::Other("Z".into()), "yor"),
        UnitMark::new("France", UnitKind::Fleet, "mao"),
    ];
    s.unit_keys = vec![
        UnitKey {
            kind: UnitKind::ArmyFleet,
            name: "army/fleet".into(),
        },
        UnitKey {
            kind: UnitKind::Other("Z".into()),
            name: "zeppelin".into(),
        },
    ];
    let svg = render::render_svg(art, &s).expect("draws");
    // The A/F: a fleet's hull with an army's disc, on the board and in the key.
    assert_eq!(
        svg.matches("class=\"unit-army-fleet\"").count(),
        2,
        "board and key"
    );
    assert!(svg.contains(">army/fleet</text>"));
    // Any other kind: its letter on a rounded square.
    assert_eq!(svg.matches("class=\"unit-other\"").count(), 2);
    assert!(svg.contains(">Z</text>") && svg.contains(">zeppelin</text>"));
    // Fleets need no key.
    assert_eq!(svg.matches("class=\"key-unit\"").count(), 2);
    render::render_png(art, &s).expect("rasterises");
    // A scene round-trips through JSON with its new kinds.
    let json = serde_json::to_string(&s).expect("json");
    let back: Scene = serde_json::from_str(&json).expect("reads");
    assert_eq!(back, s);
}

#[test]
fn shaded_provinces_and_coasts_are_hatched_and_keyed() {
    let art = standard_art();
    let mut s = scene();
    s.marks = vec![Marking {
        key: Some("frozen".into()),
        marks: vec![ice("bar"), ice("stp/nc")],
    }];
    let svg = render::render_svg(art, &s).expect("draws");
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"));
    std::fs::write(
        dir.join("frozen.png"),
        render::render_png(art, &s).expect("rasterises"),
    )
    .expect("write artifact");
    assert!(svg.contains("<path class=\"pattern-hatch\" data-province=\"bar\""));
    assert!(svg.contains("<circle class=\"pattern-hatch\" data-province=\"stp/nc\""));
    assert!(
        !svg.contains("data-province=\"stp\""),
        "only the north coast of St Petersburg"
    );
    assert_eq!(svg.matches(">frozen</text>").count(), 1, "keyed once");
    render::render_png(art, &s).expect("rasterises");
    // An unknown province is an error that names it.
    s.marks[0].marks[0] = ice("atlantis");
    match render::render_svg(art, &s) {
        Err(render::Error::UnknownProvince { province, .. }) => assert_eq!(province, "atlantis"),
        other => panic!("expected an unknown province, got {other:?}"),
    }
}

#[test]
fn hidden_provinces_show_only_their_art() {
    let art = standard_art();
    let mut s = scene();
    s.owners = vec![Owner {
        province: "lon".into(),
        power: "England".into(),
    }];
    s.supply_centres = vec![ScMarker::new("lon", Some("England".into()), None)];
    s.marks = vec![Marking {
        key: Some("frozen".into()),
        marks: vec![ice("lon")],
    }];
    let shown = render::render_svg(art, &s).expect("draws");
    s.hidden = vec!["lon".into()];
    let hidden = render::render_svg(art, &s).expect("draws");
    let (x, y) = art.sc_anchor("lon").expect("London is a centre");
    let marker = format!("<circle cx=\"{}\" cy=\"{}\" r=\"5.6\"", f(x), f(y));
    let marker_at = |svg: &str| svg.contains(&marker);
    assert!(marker_at(&shown), "London's marker is drawn when shown");
    assert!(
        !marker_at(&hidden),
        "no centre marker for a hidden province"
    );
    assert!(
        !hidden.contains("pattern-hatch"),
        "no shading on a hidden province"
    );
    // No owner's fill: the hidden picture has fewer owner paths.
    let owner_paths = |svg: &str| {
        let owners = &svg[svg.find("<g id=\"owners\"").expect("owners")..];
        owners[..owners.find("</g>").expect("end")]
            .matches("<path")
            .count()
    };
    assert_eq!(owner_paths(&shown), 1);
    assert_eq!(owner_paths(&hidden), 0);
    // The legend counts what the scene says (the caller leaves hidden things out of it).
    render::render_png(art, &s).expect("rasterises");
}

#[test]
fn a_variants_own_orders_are_drawn_by_kind() {
    let art = standard_art();
    let mut s = scene();
    s.units = vec![
        UnitMark::new("England", UnitKind::Fleet, "nao"),
        UnitMark::new("England", UnitKind::Army, "yor"),
        UnitMark::new("England", UnitKind::Fleet, "nth"),
        UnitMark::new("France", UnitKind::ArmyFleet, "eng"),
        UnitMark::new("France", UnitKind::Fleet, "mao"),
    ];
    let mut board = arrow("England", "yor", "nth", Stroke::Dashed);
    if let Mark::Arrow { to_unit, .. } = &mut board {
        *to_unit = true;
    }
    s.orders = vec![
        search("England", "nao", "nwg"),
        marked("England", "yor", "boards", vec![board]).with_outcome(Outcome::Failed),
        marked(
            "France",
            "eng",
            "lands",
            vec![arrow("France", "eng", "lon", Stroke::DashDotted)],
        ),
        marked(
            "France",
            "wes",
            "placed",
            vec![Mark::Ring {
                at: "wes".into(),
                line: Stroke::Dotted,
                colour: MarkColour::Power("France".into()),
                badge: Some(Glyph::Plus),
                unit: Some(UnitKind::Fleet),
            }],
        ),
        marked(
            "France",
            "mao",
            "acts",
            vec![Mark::Ring {
                at: "mao".into(),
                line: Stroke::Dashed,
                colour: MarkColour::Power("France".into()),
                badge: None,
                unit: None,
            }],
        )
        .with_outcome(Outcome::Illegal),
    ];
    let svg = render::render_svg(art, &s).expect("draws");
    // The search ends in a "?".
    assert!(svg.contains("<g class=\"mark-tip\">") && svg.contains(">?</text>"));
    // The boarding is a dashed arrow; failed, it is crossed.
    assert!(svg.contains("stroke-dasharray=\"6 3.5\""));
    // The landing is dash-dotted.
    assert!(svg.contains("stroke-dasharray=\"10 3 2 3\""));
    // The placement shows the new fleet with a "+" on a dotted ring.
    assert!(svg.contains("stroke-dasharray=\"0.1 5\" stroke-linecap=\"round\"/>"));
    // The order in place is a dashed ring, red dotted when illegal.
    assert!(svg.contains(
        "r=\"19\" fill=\"none\" stroke=\"#e0001b\" stroke-width=\"3\" stroke-linecap=\"round\""
    ));
    // Each is keyed in the variant's own words, with a sample of its shape.
    for word in ["search", "boards", "lands", "placed", "acts"] {
        assert!(
            svg.contains(&format!("data-symbol=\"{word}\"")),
            "{word} keyed"
        );
    }
    // A scene with such orders round-trips through JSON.
    let json = serde_json::to_string(&s).expect("json");
    assert_eq!(serde_json::from_str::<Scene>(&json).expect("reads"), s);
    let png = render::render_png(art, &s).expect("rasterises");
    // Kept for looking at; tests never read it back.
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"));
    std::fs::write(dir.join("variant-orders.png"), png).expect("write artifact");
    // An order naming a province the art lacks is an error that says which order.
    s.orders.push(search("England", "nao", "ar3"));
    match render::render_svg(art, &s) {
        Err(render::Error::UnknownProvince { province, context }) => {
            assert_eq!(province, "ar3");
            assert!(context.contains("search"), "{context}");
        }
        other => panic!("expected an unknown province, got {other:?}"),
    }
}

/// The PNG's picture of a variant's marks is the SVG's, pixel for pixel but for a few
/// anti-aliasing samples: new unit kinds (on the board and in the key), a hatched province and
/// coast, a search's "?", rings with a badge or a new unit, an illegal order's sign. The
/// fast path draws repeated pieces from copies made once (see `render/src/pieces.rs`); a
/// piece drawn in the wrong place, or left out, differs by a hundred levels or more.
#[test]
fn the_png_draws_a_variants_marks_as_the_svg_does() {
    let art = standard_art();
    let mut s = scene();
    s.units = vec![
        UnitMark::new("England", UnitKind::ArmyFleet, "nth"),
        UnitMark::new("England", UnitKind::Other("Z".into()), "yor"),
        UnitMark::new("England", UnitKind::Fleet, "nao"),
        UnitMark::new("France", UnitKind::Fleet, "mao"),
    ];
    s.unit_keys = vec![
        UnitKey {
            kind: UnitKind::ArmyFleet,
            name: "army/fleet".into(),
        },
        UnitKey {
            kind: UnitKind::Other("Z".into()),
            name: "zeppelin".into(),
        },
    ];
    s.marks = vec![Marking {
        key: Some("frozen".into()),
        marks: vec![ice("bar"), ice("stp/nc")],
    }];
    s.orders = vec![
        search("England", "nao", "nwg"),
        marked(
            "France",
            "wes",
            "placed",
            vec![Mark::Ring {
                at: "wes".into(),
                line: Stroke::Dotted,
                colour: MarkColour::Power("France".into()),
                badge: Some(Glyph::Plus),
                unit: Some(UnitKind::Fleet),
            }],
        ),
        marked(
            "France",
            "mao",
            "acts",
            vec![Mark::Ring {
                at: "mao".into(),
                line: Stroke::Dashed,
                colour: MarkColour::Power("France".into()),
                badge: None,
                unit: None,
            }],
        )
        .with_outcome(Outcome::Illegal),
    ];
    let fast = render::render_pixmap(art, &s).expect("draws");
    let svg = render::render_svg(art, &s).expect("draws");
    let tree = render::usvg::Tree::from_str(&svg, &render::fonts::options()).expect("parses");
    let mut slow = render::tiny_skia::Pixmap::new(art.width(), art.height()).expect("pixmap");
    slow.fill(render::tiny_skia::Color::WHITE);
    resvg::render(
        &tree,
        render::tiny_skia::Transform::identity(),
        &mut slow.as_mut(),
    );
    let w = art.width() as usize;
    let (at, worst) = fast
        .data()
        .iter()
        .zip(slow.data())
        .enumerate()
        .map(|(i, (a, b))| (i / 4, a.abs_diff(*b)))
        .max_by_key(|(_, d)| *d)
        .expect("pixels");
    assert!(
        worst <= 48,
        "pixel ({}, {}) differs by {worst}",
        at % w,
        at / w
    );
}
