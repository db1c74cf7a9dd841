//! What Atlantica II's rulebook offers and shows players through the bot's hooks: the legal
//! lists (placements in January 1870, searches from February, boardings), the help for every
//! form, the frozen shading, how its orders are drawn, and the hidden areas. None of it may
//! differ with where Atlantis is before it is found.

use engine::case::{read_case, CaseInput};
use engine::legal::legal_orders;
use engine::map::Location;
use engine::order::Order;
use engine::parse::parse_order;
use engine::rulebook::{
    Arrow, Glyph, Head, MapMark, MarkColour, Marking, Pattern, SpecialOrder, Stroke,
};
use serde_json::{json, Value};

fn case(phase: &str, area: u32, units: Value, tokens: Value) -> CaseInput {
    let c = json!({"variant": "atlantica", "phase": phase,
        "hidden": {"atlantis-area": area, "coin-seed": 7},
        "units": units, "tokens": tokens, "orders": {}});
    read_case(&c, None).expect("reads")
}

/// Every legal order of `power`, as text.
fn legal(input: &CaseInput, power: &str) -> Vec<String> {
    let v = &input.variant;
    let p = v.power_by_name(power).expect(power);
    legal_orders(v, &input.position, p)
        .iter()
        .flat_map(|(_, orders)| orders.iter().map(|o| o.to_text(&*v)))
        .collect()
}

fn units() -> Value {
    json!({"France": ["F nao", "A bre", "F mao", "F mar"], "England": ["F lon", "F edi"]})
}

#[test]
fn january_1870_lists_placements_and_no_searches() {
    let input = case("January 1870 movement", 3, units(), json!([]));
    let france = legal(&input, "France");
    for wanted in ["F sao place", "F grb place", "A bre boards F mao"] {
        assert!(france.iter().any(|t| t == wanted), "{wanted}: {france:?}");
    }
    assert!(!france.iter().any(|t| t.contains("search")), "{france:?}");
    // Rule 5b: not the North Sea, nor next to the homeland (Brest is French).
    assert!(!france.iter().any(|t| t == "F nth place"), "{france:?}");
    assert!(!france.iter().any(|t| t == "F eng place"), "{france:?}");
    // Every listed placement is accepted when submitted.
    let v = &input.variant;
    let fr = v.power_by_name("France").unwrap();
    for t in france.iter().filter(|t| t.ends_with(" place")) {
        let order = parse_order(&v.grammar(), t).expect(t);
        let checked = engine::judge::check_submission(v, &input.position, fr, &order);
        assert!(checked.is_ok(), "{t} refused: {checked:?}");
    }
}

#[test]
fn from_february_searches_are_listed_and_never_depend_on_the_secret() {
    let lists: Vec<Vec<String>> = (1..=6)
        .map(|area| {
            legal(
                &case("February 1870 movement", area, units(), json!([])),
                "France",
            )
        })
        .collect();
    for wanted in [
        "F nao search 1",
        "F nao search 2",
        "F nao search 3",
        "F mao search 5",
    ] {
        assert!(
            lists[0].iter().any(|t| t == wanted),
            "{wanted}: {:?}",
            lists[0]
        );
    }
    assert!(
        !lists[0].iter().any(|t| t.ends_with(" place")),
        "{:?}",
        lists[0]
    );
    for l in &lists[1..] {
        assert_eq!(l, &lists[0], "the lists differ with the secret");
    }
    // Help, the board's marks, hidden areas: the same whatever the secret.
    let shown = |area| {
        let input = case("February 1870 movement", area, units(), json!([]));
        let v = &input.variant;
        let ctx = v.context(&input.position);
        (
            v.book.order_help(&ctx),
            v.book.state_marks(&ctx),
            v.book.hidden_provinces(&ctx),
        )
    };
    let first = shown(1);
    for area in 2..=6 {
        assert_eq!(shown(area), first);
    }
    assert_eq!(
        first.2.len(),
        6,
        "all six areas hidden before Atlantis is found"
    );
}

#[test]
fn once_atlantis_is_found_no_search_is_listed_and_five_areas_are_hidden() {
    let input = case(
        "May 1870 movement",
        3,
        json!({"France": ["F nao"]}),
        json!([{"kind": "atlantis", "province": "ar3", "power": "France"}]),
    );
    let france = legal(&input, "France");
    assert!(!france.iter().any(|t| t.contains("search")), "{france:?}");
    let v = &input.variant;
    let hidden = v.book.hidden_provinces(&v.context(&input.position));
    let ids: Vec<&str> = hidden
        .iter()
        .map(|p| v.map.province(*p).id.as_str())
        .collect();
    assert_eq!(ids, ["ar1", "ar2", "ar4", "ar5", "ar6"]);
}

#[test]
fn help_lists_every_form_usable_now_as_the_month_allows() {
    let now = |phase: &str| {
        let input = case(phase, 2, units(), json!([]));
        let v = &input.variant;
        v.book
            .order_help(&v.context(&input.position))
            .into_iter()
            .map(|h| (h.form, h.now))
            .collect::<Vec<_>>()
    };
    let jan = now("January 1870 movement");
    let forms: Vec<&str> = jan.iter().map(|(f, _)| f.as_str()).collect();
    for f in [
        "F nao place",
        "F nao search 3",
        "A lab boards F gsl",
        "A/F gsl - nfl",
        "A/F nao - mao - por",
        "A/F gsl lands nfl then S",
        "F cad - can - mor",
        "A par if dislodged bur gas",
    ] {
        assert!(forms.contains(&f), "{f}: {forms:?}");
    }
    let usable = |list: &[(String, bool)], form: &str| list.iter().any(|(f, n)| f == form && *n);
    assert!(usable(&jan, "F nao place") && !usable(&jan, "F nao search 3"));
    let feb = now("February 1870 movement");
    assert!(!usable(&feb, "F nao place") && usable(&feb, "F nao search 3"));
    // Every form parses as an order of the variant.
    let input = case("January 1870 movement", 2, units(), json!([]));
    for f in forms {
        parse_order(&input.variant.grammar(), f).unwrap_or_else(|e| panic!("{f}: {e:?}"));
    }
}

#[test]
fn the_frozen_places_are_hatched_january_to_april_only() {
    let shading = |phase: &str| {
        let input = case(phase, 2, units(), json!([]));
        let v = &input.variant;
        v.book
            .state_marks(&v.context(&input.position))
            .into_iter()
            .flat_map(|m| {
                assert_eq!(m.key.as_deref(), Some("frozen"));
                m.marks
            })
            .map(|m| match m {
                MapMark::Pattern {
                    at,
                    pattern: Pattern::Hatch,
                    colour: MarkColour::Water,
                } => v.map.location_name(at),
                other => panic!("frozen drawn as {other:?}"),
            })
            .collect::<Vec<String>>()
    };
    let april = shading("April 1870 movement");
    for p in ["hud", "dav", "lak", "bar", "mon/nc", "nyk/nc"] {
        assert!(april.iter().any(|s| s == p), "{p}: {april:?}");
    }
    assert!(!april.iter().any(|s| s == "mon" || s == "nao"), "{april:?}");
    assert!(shading("May 1870 movement").is_empty());
}

#[test]
fn placements_searches_and_boardings_are_drawn() {
    let input = case("February 1870 movement", 4, units(), json!([]));
    let v = &input.variant;
    let ctx = v.context(&input.position);
    let fr = v.power_by_name("France").unwrap();
    let loc = |s: &str| Location::province(v.map.province_by_id(s).unwrap());
    let unit = |s: &str| {
        input
            .position
            .unit_at(v.map.province_by_id(s).unwrap())
            .copied()
    };
    let mark = |text: &str, placed: Option<engine::unit::Unit>| {
        let Ok(Order::Special {
            unit: r,
            verb,
            args,
        }) = parse_order(&v.grammar(), text)
        else {
            panic!("{text} is no special order");
        };
        let unit = placed.or_else(|| unit(&v.map.province(r.unwrap().province).id));
        v.book.order_marks(
            &ctx,
            &SpecialOrder {
                index: 0,
                power: fr,
                unit,
                verb,
                args,
            },
        )
    };
    let own = MarkColour::Power(fr);
    // A search: a dotted arrow to the area, ending in "?".
    assert_eq!(
        mark("F nao search 2", None),
        Some(Marking::keyed(
            "search",
            vec![Arrow {
                head: Head::Open,
                tip: Some(Glyph::Question),
                ..Arrow::new(loc("nao"), loc("ar2"), Stroke::Dotted, own)
            }
            .into()]
        ))
    );
    // A boarding: a dashed arrow from the army to the fleet itself.
    assert_eq!(
        mark("A bre boards F mao", None),
        Some(Marking::keyed(
            "boards",
            vec![Arrow {
                to_unit: true,
                ..Arrow::new(loc("bre"), loc("mao"), Stroke::Dashed, own)
            }
            .into()]
        ))
    );
    let placed = engine::unit::Unit {
        power: fr,
        kind: engine::unit::UnitKind::FLEET,
        location: loc("sao"),
    };
    assert_eq!(
        mark("F sao place", Some(placed)),
        Some(Marking::keyed(
            "placed",
            vec![MapMark::Ring {
                at: loc("sao"),
                line: Stroke::Dotted,
                colour: own,
                badge: Some(Glyph::Plus),
                unit: Some(engine::unit::UnitKind::FLEET),
            }]
        ))
    );
}

#[test]
fn a_stored_af_reads_back_as_the_built_in_kind() {
    // A game's stored record writes its units' kinds by letter. Every read of a stored game
    // finds its variant in the registry first (the store loads the game's rules before its
    // records), and the registry's first use declares every built-in variant's kinds: no
    // variant need have been loaded, nor any registered.
    assert!(engine::variants::entry("no-such-variant").is_none());
    let kind: engine::unit::UnitKind = serde_json::from_str("\"A/F\"").expect("A/F is declared");
    assert_eq!(kind.name(), "army/fleet");
}

#[test]
fn retreat_lists_are_offered_apart_and_every_one_is_accepted() {
    let input = case("February 1870 movement", 2, units(), json!([]));
    let v = &input.variant;
    let fr = v.power_by_name("France").unwrap();
    let lists: Vec<String> = engine::legal::conditional_orders(v, &input.position, fr)
        .iter()
        .map(|o| o.to_text(&*v))
        .collect();
    // Brest's army: Paris, Picardy, Gascony clockwise from the ring's first place, then the
    // other rotations, the same anticlockwise, and each place alone.
    let brest: Vec<&String> = lists.iter().filter(|l| l.starts_with("A bre ")).collect();
    assert_eq!(brest.len(), 9, "{brest:?}");
    for l in &lists {
        assert!(l.contains(" if dislodged "), "{l}");
        let order = parse_order(&v.grammar(), l).expect(l);
        let checked = engine::judge::check_submission(v, &input.position, fr, &order);
        assert!(checked.is_ok(), "{l} refused: {checked:?}");
        // No numbered area is a place to retreat to before Atlantis is found.
        assert!(!l.split(' ').any(|w| w.starts_with("ar")), "{l}");
    }
    // They never join the ordinary lists (the demo and votes draw from those).
    assert!(!legal(&input, "France").iter().any(|t| t.contains(" if ")));
    // Outside a movement phase there are none.
    let adj = case("March 1870 adjustment", 2, units(), json!([]));
    assert!(engine::legal::conditional_orders(&adj.variant, &adj.position, fr).is_empty());
}
