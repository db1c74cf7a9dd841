//! Latin American Diplomacy's attack orders (rule 5.F.i) in the legal-order lists that the
//! demo, the vote and autocomplete draw on: each power with a fleet beside another power's in
//! an ocean is offered the attacks the rules allow, written the way players write them, and
//! every attack offered reads back as itself and is accepted by the judge.

mod common;

use common::legal_texts;
use engine::case::read_case;
use engine::judge::check_submission;
use engine::legal::legal_orders;
use engine::order::Order;
use engine::parse::parse_order;
use serde_json::json;

/// Rule 5.F.i's oceans with fleets of several powers: the rules' Examples 3 and 5 on one board.
fn board() -> engine::case::CaseInput {
    let case = json!({
        "variant": "latin-american",
        "phase": "C 1891 movement",
        "units": {
            "Brazil": ["F eao"],
            "France": ["F mao", "F gbs"],
            "Chile": ["F pbs", "F pbs"],
            "Peru": ["F pbs"]
        },
        "orders": {}
    });
    read_case(&case, None).expect("the board reads")
}

#[test]
fn attacks_are_offered_where_the_rules_allow_them() {
    let input = board();
    let france = legal_texts(&input, "France");
    for want in ["F mao - eao AT brazil", "F gbs S mao - eao AT brazil"] {
        assert!(
            france.contains(&want.to_string()),
            "{want} not in {france:#?}"
        );
    }
    let chile = legal_texts(&input, "Chile");
    for want in ["F pbs at peru", "F pbs S pbs AT peru"] {
        assert!(
            chile.contains(&want.to_string()),
            "{want} not in {chile:#?}"
        );
    }
    assert!(legal_texts(&input, "Peru").contains(&"F pbs at chile".to_string()));
    // An attack names another power with a unit in that ocean, never one's own.
    assert!(!chile.iter().any(|t| t.ends_with("chile")), "{chile:#?}");
    assert!(!france.iter().any(|t| t.contains("AT peru")), "{france:#?}");
    // Brazil's fleet may attack France's in the ocean beside its own.
    let brazil = legal_texts(&input, "Brazil");
    assert!(
        brazil.iter().any(|t| t.contains("AT france")),
        "{brazil:#?}"
    );
}

#[test]
fn every_attack_offered_reads_back_and_is_accepted() {
    let input = board();
    let v = &input.variant;
    let mut attacks = 0;
    for (i, _) in v.powers.iter().enumerate() {
        let power = engine::unit::PowerId(i as u8);
        for (_, orders) in legal_orders(v, &input.position, power) {
            for order in orders.iter().filter(|o| matches!(o, Order::Special { .. })) {
                attacks += 1;
                let text = order.to_text(v);
                let again = parse_order(&v.grammar(), &text)
                    .unwrap_or_else(|e| panic!("{text} does not read back: {e:?}"));
                assert_eq!(&again, order, "{text} reads back as another order");
                check_submission(v, &input.position, power, order)
                    .unwrap_or_else(|why| panic!("{text} offered but refused: {why}"));
            }
        }
    }
    assert!(attacks >= 8, "only {attacks} attacks offered");
}
