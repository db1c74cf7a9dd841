//! Latin American Diplomacy's calendar (rule 8): phases A, B, C and D named year first as the
//! rules write them, with their months; the game opens with 1890 D; a case's phase is read in
//! the rules' order ("1891A", "1891 A", "1891 A movement") as well as the engine's usual one.

use engine::phase::PhaseKind;
use engine::{Rules, Variant};
use std::sync::Arc;

fn variant() -> Arc<Rules> {
    Variant::builtin("latin-american").unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn phases_are_named_year_first_with_their_months() {
    let v = variant();
    let cal = &v.calendar;
    let first = cal.first_phase();
    assert_eq!(cal.name(first), "1890 D adjustment (December-March)");
    assert_eq!(cal.kind(first), PhaseKind::Adjustment);
    let a = cal.next(first);
    assert_eq!(cal.name(a), "1891 A movement (March-June)");
    let names: Vec<String> = std::iter::successors(Some(a), |&p| Some(cal.next(p)))
        .take(5)
        .map(|p| cal.name(p))
        .collect();
    assert_eq!(
        names,
        [
            "1891 A movement (March-June)",
            "1891 B retreat (June-September)",
            "1891 C movement (September-December)",
            "1891 D retreat (December-March)",
            "1891 D adjustment (December-March)",
        ]
    );
}

#[test]
fn a_phase_is_read_as_the_rules_write_it() {
    let v = variant();
    let cal = &v.calendar;
    let a = cal.parse("A 1891 movement").expect("the engine's order");
    for text in [
        "1891A",
        "1891 A",
        "1891 A movement",
        "1891 a Movement",
        "1891 A movement (March-June)",
    ] {
        assert_eq!(cal.parse(text), Ok(a), "{text}");
    }
    let c = cal.parse("1891C").expect("1891C");
    assert_eq!(cal.name(c), "1891 C movement (September-December)");
    // The D phase is the retreat, then the builds: named by kind when it matters.
    let d_build = cal.parse("1891 D adjustment").expect("1891 D adjustment");
    assert_eq!(cal.kind(d_build), PhaseKind::Adjustment);
    assert_eq!(
        cal.kind(cal.parse("1891D").expect("1891D")),
        PhaseKind::Retreat
    );
    assert_eq!(cal.parse("1890 D"), Ok(cal.first_phase()));
    let err = cal.parse("1891 E").expect_err("no E phase");
    assert!(err.contains("1890 D adjustment"), "{err}");
}

#[test]
fn other_calendars_keep_their_names() {
    let v = Variant::builtin("standard").unwrap_or_else(|e| panic!("{e}"));
    let cal = &v.calendar;
    let first = cal.first_phase();
    assert_eq!(cal.name(first), "Spring 1901 movement");
    assert_eq!(cal.parse("1901 Spring movement"), Ok(first));
    assert_eq!(cal.parse("Spring 1901"), Ok(first));
}
