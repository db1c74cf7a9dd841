//! What a variant adds to the picture, drawn on Standard's art: unit kinds beyond army and
//! fleet with their own symbols and legend rows, shaded provinces and coasts, hidden
//! provinces, and a variant's own orders (search, placement, boarding, landing, an order
//! carried out in place).

mod common;

use common::standard_art;
use render::{
    Order, OrderMark, Outcome, Owner, Palette, PowerStyle, ScMarker, Scene, Shade, Shading,
    UnitKey, UnitKind, UnitMark,
};

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
    s.shading = vec![
        Shade {
            location: "bar".into(),
            shading: Shading::Frozen,
        },
        Shade {
            location: "stp/nc".into(),
            shading: Shading::Frozen,
        },
    ];
    let svg = render::render_svg(art, &s).expect("draws");
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"));
    std::fs::write(
        dir.join("frozen.png"),
        render::render_png(art, &s).expect("rasterises"),
    )
    .expect("write artifact");
    assert!(svg.contains("<path class=\"shade-frozen\" data-province=\"bar\""));
    assert!(svg.contains("<circle class=\"shade-frozen\" data-province=\"stp/nc\""));
    assert!(
        !svg.contains("data-province=\"stp\""),
        "only the north coast of St Petersburg"
    );
    assert_eq!(svg.matches(">frozen</text>").count(), 1, "keyed once");
    render::render_png(art, &s).expect("rasterises");
    // An unknown province is an error that names it.
    s.shading[0].location = "atlantis".into();
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
    s.shading = vec![Shade {
        location: "lon".into(),
        shading: Shading::Frozen,
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
        !hidden.contains("shade-frozen"),
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
    s.orders = vec![
        OrderMark::new(
            "England",
            Order::Probe {
                unit: "nao".into(),
                area: "nwg".into(),
            },
        ),
        OrderMark::new(
            "England",
            Order::Board {
                unit: "yor".into(),
                onto: "nth".into(),
            },
        )
        .with_outcome(Outcome::Failed),
        OrderMark::new(
            "France",
            Order::Land {
                unit: "eng".into(),
                to: "lon".into(),
            },
        ),
        OrderMark::new(
            "France",
            Order::Place {
                at: "wes".into(),
                unit_kind: UnitKind::Fleet,
            },
        ),
        OrderMark::new("France", Order::Act { unit: "mao".into() }).with_outcome(Outcome::Illegal),
    ];
    let svg = render::render_svg(art, &s).expect("draws");
    // The search ends in a "?".
    assert!(svg.contains("<g class=\"probe\">") && svg.contains(">?</text>"));
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
    let png = render::render_png(art, &s).expect("rasterises");
    // Kept for looking at; tests never read it back.
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"));
    std::fs::write(dir.join("variant-orders.png"), png).expect("write artifact");
    // An order naming a province the art lacks is an error that says which order.
    s.orders.push(OrderMark::new(
        "England",
        Order::Probe {
            unit: "nao".into(),
            area: "ar3".into(),
        },
    ));
    match render::render_svg(art, &s) {
        Err(render::Error::UnknownProvince { province, context }) => {
            assert_eq!(province, "ar3");
            assert!(context.contains("search"), "{context}");
        }
        other => panic!("expected an unknown province, got {other:?}"),
    }
}
