//! Latin American Diplomacy's canals outside the judge: the canal order offered to a power
//! that may build one (autocomplete, the demo), its text reading back as itself, and the
//! canals' progress as `/game status` words it.

mod common;

use common::state_words;
use engine::case::read_case;
use engine::judge::check_submission;
use engine::legal::legal_orders;
use engine::parse::parse_order;
use serde_json::json;

/// 1895 D: Colombia holds Panama with an army and has builds due; the Panama canal has three
/// of its four builds and Leon's section is finished.
fn board() -> engine::case::CaseInput {
    let case = json!({
        "variant": "latin-american",
        "phase": "1895 D adjustment",
        "units": {"Colombia": ["A pan"], "Peru": ["A lim"]},
        "supply_centers": {"Colombia": ["pan", "bog", "med"], "Peru": ["lim"]},
        "tokens": [
            {"kind": "canal", "province": "pan", "count": 3},
            {"kind": "canal", "province": "leo", "count": 1}
        ],
        "orders": {}
    });
    read_case(&case, None).expect("the board reads")
}

#[test]
fn a_power_holding_a_canal_with_a_build_due_is_offered_it_and_it_reads_back() {
    let input = board();
    let v = &input.variant;
    let texts = |power: &str| -> Vec<String> {
        let p = v.power_by_name(power).expect("a power");
        legal_orders(v, &input.position, p)
            .into_iter()
            .flat_map(|(_, orders)| orders)
            .map(|o| o.to_text(&*v))
            .collect()
    };
    let colombia = texts("Colombia");
    assert!(colombia.contains(&"pan canal".to_string()), "{colombia:?}");
    // Peru has no build due (one centre, one unit) and no unit on a canal.
    assert!(!texts("Peru").iter().any(|t| t.contains("canal")));
    let p = v.power_by_name("Colombia").expect("Colombia");
    for written in ["pan canal", "Build Panama Canal", "build canal panama"] {
        let order = parse_order(&v.grammar(), written).expect("a canal order reads");
        assert_eq!(order.to_text(v), "pan canal", "{written}");
        assert_eq!(
            check_submission(v, &input.position, p, &order).as_deref(),
            Ok("pan canal"),
            "{written}"
        );
    }
}

#[test]
fn game_status_words_each_canal_begun() {
    let input = board();
    let words = state_words(&input);
    assert_eq!(words.len(), 2, "{words:?}");
    assert!(
        words
            .iter()
            .any(|w| w.contains("the canal through Panama has 3 of its 4 builds")),
        "{words:?}"
    );
    assert!(
        words
            .iter()
            .any(|w| w.contains("the canal through Leon is finished")),
        "{words:?}"
    );
}
