//! How orders and their outcomes read on the map: convoys through their fleets, illegal and
//! void orders marked, short moves with a visible head, head-to-head moves side by side,
//! units dislodged on a movement map, retreat lists, and the key to the symbols.

mod common;

use common::standard_art;
use render::{
    Glyph, Head, Location, Mark, MarkColour, Order, OrderMark, Outcome, PowerStyle, Scene, Stroke,
    UnitKind, UnitMark,
};

/// The overlay SVG for `scene` on the Standard art.
fn svg(scene: &Scene) -> String {
    render::render_svg(standard_art(), scene).expect("render")
}

fn scene(units: Vec<UnitMark>, orders: Vec<OrderMark>) -> Scene {
    Scene {
        title: "Spring 1901 movement".into(),
        powers: common::POWERS
            .iter()
            .enumerate()
            .map(|(i, p)| PowerStyle::new(*p, i))
            .collect(),
        units,
        orders,
        ..Scene::default()
    }
}

fn anchor(p: &str) -> (f32, f32) {
    standard_art().unit_anchor(p, None).expect(p)
}

fn dist(a: (f32, f32), b: (f32, f32)) -> f32 {
    (a.0 - b.0).hypot(a.1 - b.1)
}

/// Every number pair in a path's data or a polygon's points, in order.
fn pairs(d: &str) -> Vec<(f32, f32)> {
    let nums: Vec<f32> = d
        .split(|c: char| !(c.is_ascii_digit() || c == '.' || c == '-'))
        .filter(|s| !s.is_empty())
        .map(|s| s.parse().expect("number"))
        .collect();
    nums.chunks(2).map(|c| (c[0], c[1])).collect()
}

/// The first element with this class (and, if given, this `data-unit`).
fn group<'a>(
    doc: &'a roxmltree::Document,
    class: &str,
    unit: Option<&str>,
) -> roxmltree::Node<'a, 'a> {
    doc.descendants()
        .find(|n| {
            n.attribute("class") == Some(class)
                && unit.is_none_or(|u| n.attribute("data-unit") == Some(u))
        })
        .unwrap_or_else(|| panic!("no {class} for {unit:?}"))
}

fn mv(power: &str, unit: &str, to: &str) -> OrderMark {
    OrderMark::new(
        power,
        Order::Move {
            unit: unit.into(),
            to: to.into(),
            via_convoy: false,
        },
    )
}

#[test]
fn a_convoy_is_the_armys_way_through_each_of_its_fleets_in_turn() {
    use UnitKind::*;
    let convoy = |fleet: &str| {
        OrderMark::new(
            "England",
            Order::Convoy {
                unit: fleet.into(),
                from: "lon".into(),
                to: "tun".into(),
            },
        )
    };
    let s = scene(
        vec![
            UnitMark::new("England", Army, "lon"),
            UnitMark::new("England", Fleet, "eng"),
            UnitMark::new("England", Fleet, "mao"),
            UnitMark::new("England", Fleet, "wes"),
        ],
        // Given out of order: the drawing finds the way from the army.
        vec![
            convoy("wes"),
            OrderMark::new(
                "England",
                Order::Move {
                    unit: "lon".into(),
                    to: "tun".into(),
                    via_convoy: true,
                },
            ),
            convoy("eng"),
            convoy("mao"),
        ],
    );
    let text = svg(&s);
    let doc = roxmltree::Document::parse(&text).expect("svg");
    let route = doc
        .descendants()
        .find(|n| n.attribute("class") == Some("convoy"))
        .expect("a convoy route");
    assert_eq!(route.attribute("data-from"), Some("lon"));
    assert_eq!(route.attribute("data-to"), Some("tun"));
    // The army's arrow: the route's path with a solid head after it.
    let path = route
        .children()
        .rfind(|n| n.has_tag_name("path"))
        .expect("the army's path");
    let points = pairs(path.attribute("d").unwrap());
    let at = |p: &str| {
        let a = anchor(p);
        points
            .iter()
            .position(|q| dist(*q, a) < 0.11)
            .unwrap_or_else(|| panic!("the path does not pass through {p} at {a:?}: {points:?}"))
    };
    let (eng, mao, wes) = (at("eng"), at("mao"), at("wes"));
    assert!(eng < mao && mao < wes, "fleets out of order");
    // It starts at the edge of the army's token, not under it, and ends in a head near Tunis.
    assert!((dist(points[0], anchor("lon")) - 14.0).abs() < 0.2);
    let head = route
        .children()
        .find(|n| n.has_tag_name("polygon"))
        .expect("an arrowhead");
    let tip = pairs(head.attribute("points").unwrap())[1];
    assert!(dist(tip, anchor("tun")) < 12.0, "tip {tip:?}");
    // Each fleet shows that it convoys: a ring round it.
    let rings: Vec<(f32, f32)> = route
        .children()
        .filter(|n| n.attribute("class") == Some("convoying"))
        .map(|g| {
            let c = g.children().find(|n| n.has_tag_name("circle")).unwrap();
            let num = |a: &str| c.attribute(a).unwrap().parse::<f32>().unwrap();
            assert!(num("r") > 17.5, "the ring clears the fleet's hull");
            (num("cx"), num("cy"))
        })
        .collect();
    assert_eq!(rings.len(), 3);
    for p in ["eng", "mao", "wes"] {
        assert!(rings.iter().any(|r| dist(*r, anchor(p)) < 0.11), "{p}");
    }
    // The route is drawn under the units, so each fleet stands on it.
    let convoys = text.find("<g id=\"convoys\">").unwrap();
    assert!(convoys < text.find("<g id=\"units\">").unwrap());
    // The key names moves and convoys.
    let keys: Vec<&str> = doc
        .descendants()
        .filter_map(|n| n.attribute("data-symbol"))
        .collect();
    assert_eq!(keys, ["move", "convoy"]);
}

#[test]
fn illegal_and_void_orders_carry_their_own_marks() {
    use UnitKind::*;
    let s = scene(
        vec![
            UnitMark::new("France", Army, "par"),
            UnitMark::new("France", Army, "pic"),
            UnitMark::new("France", Army, "mar"),
            UnitMark::new("France", Army, "bre"),
        ],
        vec![
            // Paris does not border Munich: illegal.
            OrderMark::new(
                "France",
                Order::SupportMove {
                    unit: "par".into(),
                    from: "mar".into(),
                    to: "mun".into(),
                },
            )
            .with_outcome(Outcome::Illegal),
            // A support for a move Brest did not make: void.
            OrderMark::new(
                "France",
                Order::SupportMove {
                    unit: "pic".into(),
                    from: "bre".into(),
                    to: "par".into(),
                },
            )
            .with_outcome(Outcome::Void),
            mv("France", "mar", "bur").with_outcome(Outcome::Failed),
        ],
    );
    let text = svg(&s);
    let doc = roxmltree::Document::parse(&text).expect("svg");
    let mark = |class: &str, unit: &str| {
        // Outcome marks are drawn over all orders, each in a group named after its order.
        let g = group(&doc, "order-support-mark", Some(unit));
        let marks: Vec<_> = g
            .descendants()
            .filter(|n| n.attribute("class") == Some(class))
            .collect();
        assert_eq!(marks.len(), 1, "{unit}: one {class}");
        let c = marks[0]
            .children()
            .find(|n| n.has_tag_name("circle"))
            .unwrap();
        (
            c.attribute("cx").unwrap().parse::<f32>().unwrap(),
            c.attribute("cy").unwrap().parse::<f32>().unwrap(),
        )
    };
    // Each mark sits on its support's line, between the supporter and what it supports.
    let m = mark("illegal-mark", "par");
    assert!(dist(m, anchor("par")) < dist(anchor("par"), anchor("mun")));
    assert!(dist(m, anchor("par")) > 14.0);
    let v = mark("void-mark", "pic");
    assert!(dist(v, anchor("pic")) > 14.0);
    assert!(dist(v, anchor("pic")) < dist(anchor("pic"), anchor("par")) + 14.0);
    // One of each among the orders (the key draws its own), and the failed move has none.
    let orders =
        &text[text.find("<g id=\"orders\">").unwrap()..text.find("<g id=\"legend\">").unwrap()];
    assert_eq!(orders.matches("class=\"illegal-mark\"").count(), 1);
    assert_eq!(orders.matches("class=\"void-mark\"").count(), 1);
    let failed = group(&doc, "order-move", Some("mar"));
    assert!(!failed
        .descendants()
        .any(|n| n.attribute("class").is_some_and(|c| c.ends_with("-mark"))));
    let keys: Vec<&str> = doc
        .descendants()
        .filter_map(|n| n.attribute("data-symbol"))
        .collect();
    assert_eq!(keys, ["move", "support", "failed", "illegal", "void"]);
}

#[test]
fn a_short_move_shows_its_head_clear_of_its_own_token() {
    let s = scene(
        vec![UnitMark::new("Italy", UnitKind::Fleet, "nap")],
        vec![mv("Italy", "nap", "apu")],
    );
    let text = svg(&s);
    let doc = roxmltree::Document::parse(&text).expect("svg");
    let g = group(&doc, "order-move", Some("nap"));
    let path = g.children().find(|n| n.has_tag_name("path")).unwrap();
    let start = pairs(path.attribute("d").unwrap())[0];
    assert!(
        (dist(start, anchor("nap")) - 14.0).abs() < 0.2,
        "starts at the token's edge"
    );
    let head = g.children().find(|n| n.has_tag_name("polygon")).unwrap();
    let pts = pairs(head.attribute("points").unwrap());
    let tip = pts[1];
    // The whole head is outside the fleet's token (about 14 from its anchor).
    assert!(dist(tip, anchor("nap")) > 28.0, "tip {tip:?}");
    let base = ((pts[0].0 + pts[2].0) / 2.0, (pts[0].1 + pts[2].1) / 2.0);
    assert!(dist(base, anchor("nap")) > 14.0, "head base {base:?}");
}

#[test]
fn head_to_head_moves_run_side_by_side() {
    use UnitKind::*;
    let s = scene(
        vec![
            UnitMark::new("Germany", Army, "ber"),
            UnitMark::new("Russia", Army, "pru"),
        ],
        vec![
            mv("Germany", "ber", "pru").with_outcome(Outcome::Failed),
            mv("Russia", "pru", "ber").with_outcome(Outcome::Failed),
        ],
    );
    let text = svg(&s);
    let doc = roxmltree::Document::parse(&text).expect("svg");
    let line = |unit: &str| {
        let g = group(&doc, "order-move", Some(unit));
        let p = g.children().find(|n| n.has_tag_name("path")).unwrap();
        let pts = pairs(p.attribute("d").unwrap());
        (pts[0], *pts.last().unwrap())
    };
    let (a0, a1) = line("ber");
    let (b0, b1) = line("pru");
    // Samples along each arrow stay apart: more than the 7.8-wide hollow arrows need.
    for t in [0.0, 0.25, 0.5, 0.75, 1.0] {
        let p = (a0.0 + (a1.0 - a0.0) * t, a0.1 + (a1.1 - a0.1) * t);
        // The nearest point of the other arrow's segment.
        let (dx, dy) = (b1.0 - b0.0, b1.1 - b0.1);
        let u = (((p.0 - b0.0) * dx + (p.1 - b0.1) * dy) / (dx * dx + dy * dy)).clamp(0.0, 1.0);
        let q = (b0.0 + dx * u, b0.1 + dy * u);
        assert!(
            dist(p, q) > 12.0,
            "at {t}: {p:?} is {} from the other arrow",
            dist(p, q)
        );
    }
}

#[test]
fn a_unit_dislodged_on_the_movement_map_is_pushed_out_by_its_attacker() {
    use UnitKind::*;
    let mut mun = UnitMark::new("Germany", Army, "mun");
    mun.dislodged_by = Some(Location::new("boh"));
    let s = scene(
        vec![
            UnitMark::new("Austria", Army, "boh"),
            UnitMark::new("Austria", Army, "tyr"),
            mun,
        ],
        vec![
            mv("Austria", "boh", "mun"),
            OrderMark::new(
                "Austria",
                Order::SupportMove {
                    unit: "tyr".into(),
                    from: "boh".into(),
                    to: "mun".into(),
                },
            ),
        ],
    );
    let text = svg(&s);
    let doc = roxmltree::Document::parse(&text).expect("svg");
    let g = doc
        .descendants()
        .find(|n| n.attribute("class") == Some("dislodged"))
        .expect("a dislodged mark");
    assert_eq!(g.attribute("data-province"), Some("mun"));
    assert_eq!(g.attribute("data-by"), Some("boh"));
    let ring = g
        .children()
        .find(|n| n.has_tag_name("circle"))
        .expect("its ring");
    assert_eq!(ring.attribute("stroke-dasharray"), Some("4 2.5"));
    let c = (
        ring.attribute("cx").unwrap().parse::<f32>().unwrap(),
        ring.attribute("cy").unwrap().parse::<f32>().unwrap(),
    );
    // Pushed on, away from Bohemia: further from it than Munich's own place is.
    assert!(dist(c, anchor("boh")) > dist(anchor("mun"), anchor("boh")) + 20.0);
    // Tied by a line from Munich's place, where the attack arrives, to the ring.
    let tie = g.children().find(|n| n.has_tag_name("path")).unwrap();
    let tie = pairs(tie.attribute("d").unwrap());
    assert!(dist(tie[0], anchor("mun")) < 0.11);
    assert!((dist(tie[1], c) - 16.0).abs() < 0.2);
    // The attack's arrow points at Munich's place.
    let attack = group(&doc, "order-move", Some("boh"));
    let head = attack
        .children()
        .find(|n| n.has_tag_name("polygon"))
        .unwrap();
    let tip = pairs(head.attribute("points").unwrap())[1];
    assert!(dist(tip, anchor("mun")) < 10.0);
    // Not also drawn standing in Munich.
    let units = doc
        .descendants()
        .find(|n| n.attribute("id") == Some("units"))
        .unwrap();
    assert_eq!(units.children().filter(|n| n.is_element()).count(), 2);
    let keys: Vec<&str> = doc
        .descendants()
        .filter_map(|n| n.attribute("data-symbol"))
        .collect();
    assert_eq!(keys, ["move", "support", "dislodged"]);
}

/// A retreat list as Atlantica's rulebook draws it: fine arrows, numbered best first.
fn retreat_list(power: &str, unit: &str, to: &[&str]) -> OrderMark {
    let marks = to
        .iter()
        .zip(1..)
        .map(|(t, rank)| Mark::Arrow {
            from: unit.into(),
            to: (*t).into(),
            to_unit: false,
            line: Stroke::Fine,
            head: Head::Open,
            tip: None,
            label: Some(Glyph::Number(rank)),
            colour: MarkColour::Power(power.into()),
        })
        .collect();
    OrderMark::new(
        power,
        Order::Marked {
            unit: unit.into(),
            key: Some("if dislodged".into()),
            marks,
        },
    )
}

#[test]
fn a_retreat_list_is_numbered_and_a_retreat_the_rules_made_has_its_own_arrow() {
    use UnitKind::*;
    let mut par = UnitMark::new("France", Army, "par");
    par.dislodged_by = Some(Location::new("pic"));
    let s = scene(
        vec![UnitMark::new("England", Army, "pic"), par],
        vec![
            mv("England", "pic", "par"),
            retreat_list("France", "par", &["bur", "gas"]),
            OrderMark::new(
                "France",
                Order::RuledRetreat {
                    unit: "par".into(),
                    to: "bur".into(),
                },
            ),
        ],
    );
    let text = svg(&s);
    let doc = roxmltree::Document::parse(&text).expect("svg");
    // Each rank is placed like an outcome mark, in a group of its own named after its order.
    let ranks: Vec<&str> = doc
        .descendants()
        .filter(|n| {
            n.attribute("class") == Some("order-if-dislodged-mark")
                && n.attribute("data-unit") == Some("par")
        })
        .flat_map(|g| g.descendants())
        .filter(|n| n.attribute("class") == Some("mark-label"))
        .map(|g| {
            g.children()
                .find(|n| n.has_tag_name("text"))
                .unwrap()
                .text()
                .unwrap()
        })
        .collect();
    assert_eq!(ranks, ["1", "2"]);
    let ruled = group(&doc, "order-ruled-retreat", Some("par"));
    assert!(ruled
        .children()
        .any(|n| n.attribute("class") == Some("ruled-retreat")));
    // It leaves from the dislodged unit, pushed out of Paris.
    let d = ruled.children().find(|n| n.has_tag_name("path")).unwrap();
    let start = pairs(d.attribute("d").unwrap())[0];
    assert!(dist(start, anchor("par")) > 14.0);
    let keys: Vec<&str> = doc
        .descendants()
        .filter_map(|n| n.attribute("data-symbol"))
        .collect();
    assert_eq!(
        keys,
        ["move", "if dislodged", "rules' retreat", "dislodged"]
    );
}

#[test]
fn a_position_without_orders_has_no_key() {
    let s = scene(vec![UnitMark::new("Italy", UnitKind::Fleet, "nap")], vec![]);
    assert!(!svg(&s).contains("<g id=\"key\">"));
}

/// Every mark of this file on one map, written to `PREVIEW_PNG` to look at
/// (`cargo test -p render --test order_art preview -- --ignored`).
#[test]
#[ignore]
fn preview() {
    use UnitKind::*;
    let mut mun = UnitMark::new("Germany", Army, "mun");
    mun.dislodged_by = Some(Location::new("boh"));
    let mut par = UnitMark::new("France", Army, "par");
    par.dislodged_by = Some(Location::new("pic"));
    let convoy = |fleet: &str| {
        OrderMark::new(
            "England",
            Order::Convoy {
                unit: fleet.into(),
                from: "lon".into(),
                to: "tun".into(),
            },
        )
    };
    let s = scene(
        vec![
            UnitMark::new("England", Army, "lon"),
            UnitMark::new("England", Fleet, "eng"),
            UnitMark::new("England", Fleet, "mao"),
            UnitMark::new("England", Fleet, "wes"),
            UnitMark::new("Italy", Fleet, "nap"),
            UnitMark::new("Germany", Army, "ber"),
            UnitMark::new("Russia", Army, "pru"),
            UnitMark::new("Austria", Army, "boh"),
            UnitMark::new("Austria", Army, "tyr"),
            mun,
            UnitMark::new("England", Army, "pic"),
            par,
            UnitMark::new("Turkey", Fleet, "bla"),
            UnitMark::new("Turkey", Army, "con"),
        ],
        vec![
            OrderMark::new(
                "England",
                Order::Move {
                    unit: "lon".into(),
                    to: "tun".into(),
                    via_convoy: true,
                },
            )
            .with_outcome(Outcome::Failed),
            convoy("eng"),
            convoy("mao"),
            convoy("wes").with_outcome(Outcome::Failed),
            mv("Italy", "nap", "apu"),
            mv("Germany", "ber", "pru").with_outcome(Outcome::Failed),
            mv("Russia", "pru", "ber").with_outcome(Outcome::Failed),
            mv("Austria", "boh", "mun"),
            OrderMark::new(
                "Austria",
                Order::SupportMove {
                    unit: "tyr".into(),
                    from: "boh".into(),
                    to: "mun".into(),
                },
            ),
            mv("England", "pic", "par"),
            retreat_list("France", "par", &["bur", "gas"]),
            OrderMark::new(
                "Turkey",
                Order::SupportMove {
                    unit: "bla".into(),
                    from: "con".into(),
                    to: "sev".into(),
                },
            )
            .with_outcome(Outcome::Illegal),
            OrderMark::new(
                "Turkey",
                Order::SupportHold {
                    unit: "con".into(),
                    target: "bla".into(),
                },
            )
            .with_outcome(Outcome::Void),
        ],
    );
    let png = render::render_png(standard_art(), &s).expect("renders");
    std::fs::write(std::env::var("PREVIEW_PNG").expect("PREVIEW_PNG"), png).unwrap();
}

#[test]
fn the_key_tells_a_support_to_hold_and_retreat_options_apart() {
    use UnitKind::*;
    // A retreat map: Munich dislodged, free to go to Silesia or Berlin; Kiel supported to hold.
    let mut mun = UnitMark::new("Germany", Army, "mun");
    mun.dislodged = true;
    mun.retreats = vec![Location::new("sil"), Location::new("ber")];
    let s = scene(
        vec![
            UnitMark::new("Germany", Fleet, "kie"),
            UnitMark::new("Germany", Army, "ruh"),
            mun,
        ],
        vec![OrderMark::new(
            "Germany",
            Order::SupportHold {
                unit: "ruh".into(),
                target: "kie".into(),
            },
        )],
    );
    let text = svg(&s);
    let doc = roxmltree::Document::parse(&text).expect("svg");
    let keys: Vec<&str> = doc
        .descendants()
        .filter_map(|n| n.attribute("data-symbol"))
        .collect();
    assert_eq!(keys, ["support to hold", "dislodged", "may retreat"]);
    // Each entry draws the mark the map uses: a ring for the hold, an open dotted arrow for
    // the retreat.
    let entry = |word: &str| {
        doc.descendants()
            .find(|n| n.attribute("data-symbol") == Some(word))
            .unwrap()
    };
    assert!(entry("support to hold")
        .descendants()
        .any(|n| n.has_tag_name("circle") && n.attribute("r") == Some("6")));
    assert!(entry("may retreat")
        .descendants()
        .any(|n| n.attribute("stroke-dasharray") == Some("2 4")));
}
