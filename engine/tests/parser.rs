//! The forgiving parser: what players type, and the errors they get back.

use engine::order::Order;
use engine::parse::parse_order;
use engine::unit::UnitKind;
use engine::Variant;

fn canonical(text: &str) -> String {
    let v = Variant::builtin("standard").expect("standard loads");
    match parse_order(&v.grammar(), text) {
        Ok(o) => o.to_text(&*v),
        Err(e) => format!("ERROR: {e}"),
    }
}

fn error(text: &str) -> String {
    let v = Variant::builtin("standard").expect("standard loads");
    parse_order(&v.grammar(), text).expect_err(text).message
}

#[test]
fn moves_in_every_spelling() {
    for text in [
        "A par - bur",
        "a par -> bur",
        "A Paris to Burgundy",
        "army paris moves to burgundy",
        "A PAR   M   BUR",
        "par-bur",
        "Par => Burg",
        "A par move to burgundy",
    ] {
        let want = if text.starts_with("par") || text.starts_with("Par") {
            "par - bur"
        } else {
            "A par - bur"
        };
        assert_eq!(canonical(text), want, "{text}");
    }
    assert_eq!(
        canonical("A lon - bel via convoy"),
        "A lon - bel via convoy"
    );
    assert_eq!(
        canonical("A London - Belgium by convoy"),
        "A lon - bel via convoy"
    );
}

#[test]
fn names_by_id_full_name_alias_and_unique_prefix() {
    assert_eq!(canonical("F north sea - norwegian sea"), "F nth - nwg");
    assert_eq!(canonical("F Mid-Atlantic Ocean - Brest"), "F mao - bre");
    assert_eq!(canonical("F mid atlantic - iri"), "F mao - iri");
    assert_eq!(canonical("A St. Petersburg - Moscow"), "A stp - mos");
    assert_eq!(canonical("F Gulf of Lyon h"), "F lyo H");
    assert_eq!(canonical("A Lond H"), "A lon H");
    assert_eq!(canonical("F eng C A lon - bre"), "F eng C A lon - bre");
}

#[test]
fn coasts_in_every_spelling() {
    for text in [
        "F mao - spa/nc",
        "F mao - spa(nc)",
        "F mao - spa (nc)",
        "F mao - spa nc",
        "F mao - spain north coast",
        "F mao - Spain (north coast)",
        "F mao - spa/north",
    ] {
        assert_eq!(canonical(text), "F mao - spa/nc", "{text}");
    }
    assert_eq!(canonical("F stp/sc - bot"), "F stp/sc - bot");
    assert_eq!(canonical("F bul ec - bla"), "F bul/ec - bla");
}

#[test]
fn supports_convoys_and_the_rest() {
    assert_eq!(canonical("A mun S A par - bur"), "A mun S A par - bur");
    assert_eq!(canonical("A tyrolia supports A venice"), "A tyr S A ven");
    assert_eq!(canonical("A tyr S A ven H"), "A tyr S A ven");
    assert_eq!(canonical("F spa/nc S F mao"), "F spa/nc S F mao");
    assert_eq!(
        canonical("F nth convoys A lon - nwy"),
        "F nth C A lon - nwy"
    );
    assert_eq!(canonical("A mar R gas"), "A mar R gas");
    assert_eq!(canonical("A mar retreats to gascony"), "A mar R gas");
    assert_eq!(canonical("A par D"), "A par D");
    assert_eq!(canonical("disband F nth"), "F nth D");
    assert_eq!(canonical("build A par"), "A par B");
    assert_eq!(canonical("B F stp/nc"), "F stp/nc B");
    assert_eq!(canonical("F stp nc B"), "F stp/nc B");
    assert_eq!(canonical("waive"), "waive");
    let v = Variant::builtin("standard").expect("standard");
    let o = parse_order(&v.grammar(), "build fleet kiel").expect("parses");
    assert!(matches!(o, Order::Build { unit } if unit.kind == Some(UnitKind::FLEET)));
}

#[test]
fn errors_quote_what_was_not_understood_and_say_what_would_be() {
    let e = error("A par xyzzy bur");
    assert!(
        e.contains("'xyzzy bur'") && e.contains("H (hold)") && e.contains("- (move)"),
        "{e}"
    );

    let e = error("A atlantis - bur");
    assert!(e.contains("'atlantis'") && e.contains("a province"), "{e}");

    let e = error("F north - ska");
    assert!(
        e.contains("'north'")
            && e.contains("North Sea (nth)")
            && e.contains("North Atlantic Ocean (nao)"),
        "{e}"
    );
    assert_eq!(
        canonical("F nor - ska"),
        "F nwy - ska",
        "'nor' is Norway's common alias"
    );

    let e = error("F mao - spa/ec");
    assert!(e.contains("no coast 'ec'") && e.contains("nc, sc"), "{e}");

    let e = error("F mao - por/nc");
    assert!(e.contains("Portugal has no separate coasts"), "{e}");

    let e = error("A par");
    assert!(e.contains("gives it no order"), "{e}");

    let e = error("A par - bur please");
    assert!(e.contains("'please' at the end"), "{e}");

    let e = error("");
    assert!(e.contains("empty order"), "{e}");
}
