//! Latin American Diplomacy's anchor markers outside the judge: the orders offered to fleets
//! and flotillas (autocomplete, the demo, the vote), their texts reading back as themselves,
//! and the markers as `/game status` words them.

mod common;

use common::{legal_texts, state_words};
use engine::case::read_case;
use engine::judge::check_submission;
use engine::parse::parse_order;
use serde_json::json;

/// 1891 A: an anchor marker stands at Guyana's sea bank; Britain's flotilla in Trinidad could
/// take it, Brazil's fleet in Amapa could go up the river or convert, France's fleet in French
/// Guiana carries another.
fn board() -> engine::case::CaseInput {
    let case = json!({
        "variant": "latin-american",
        "phase": "1891 A movement",
        "units": {"Britain": ["R tri"], "Brazil": ["F amp"], "France": ["F fgu"]},
        "tokens": [
            {"kind": "anchor", "province": "guy/sc"},
            {"kind": "anchor", "province": "fgu", "power": "France", "carried": true}
        ],
        "orders": {}
    });
    read_case(&case, None).expect("the board reads")
}

#[test]
fn fleets_and_flotillas_are_offered_their_changes_and_the_markers() {
    let input = board();
    let v = &input.variant;
    let britain = legal_texts(&input, "Britain");
    assert!(
        britain.contains(&"R tri - guy/sc CONVERT to F".to_string()),
        "{britain:?}"
    );
    let brazil = legal_texts(&input, "Brazil");
    for o in ["F amp - par", "F amp convert to R"] {
        assert!(brazil.contains(&o.to_string()), "{o}: {brazil:?}");
    }
    // Amapa has no marker to capture, and the fleet carries none to release or sink.
    assert!(
        !brazil
            .iter()
            .any(|t| t.contains("capture") || t.contains("release") || t.contains("sink")),
        "{brazil:?}"
    );
    let france = legal_texts(&input, "France");
    for o in ["F fgu release anchor", "F fgu sink anchor"] {
        assert!(france.contains(&o.to_string()), "{o}: {france:?}");
    }
    // Every offered order reads back as itself and is accepted alone.
    for (power, list) in [("Britain", britain), ("Brazil", brazil), ("France", france)] {
        let p = v.power_by_name(power).expect("a power");
        for t in list.iter().filter(|t| {
            let t = t.to_lowercase();
            t.contains("convert") || t.contains("anchor")
        }) {
            let order = parse_order(&v.grammar(), t).expect("an offered order reads");
            assert_eq!(order.to_text(v), *t);
            assert_eq!(
                check_submission(v, &input.position, p, &order).as_deref(),
                Ok(t.as_str())
            );
        }
    }
}

#[test]
fn players_spellings_of_the_anchor_orders_read() {
    let input = board();
    let v = &input.variant;
    let france = v.power_by_name("France").expect("France");
    for written in [
        "F fgu release anchor marker",
        "F French Guiana release ships",
        "F fgu sink additional ships",
        "F fgu scuttle anchor",
    ] {
        let order = parse_order(&v.grammar(), written).expect("reads");
        assert!(
            check_submission(v, &input.position, france, &order).is_ok(),
            "{written}"
        );
    }
    let britain = v.power_by_name("Britain").expect("Britain");
    let order =
        parse_order(&v.grammar(), "R tri - guy/sc convert to river flotilla").expect("reads");
    let refused = check_submission(v, &input.position, britain, &order).unwrap_err();
    assert!(refused.contains("already is of that kind"), "{refused}");
}

#[test]
fn game_status_words_each_marker() {
    let input = board();
    let words = state_words(&input);
    assert!(
        words
            .iter()
            .any(|w| w.contains("an anchor marker stands at Guyana (sc)")),
        "{words:?}"
    );
    assert!(
        words.iter().any(|w| w
            .contains("an anchor marker is carried by the French fleet at French Guiana")),
        "{words:?}"
    );
}
