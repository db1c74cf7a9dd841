//! Orders refused at submit time, with a reason the player can act on.

use engine::check_submission;
use engine::parse::parse_order;
use engine::unit::PowerId;
use engine::Variant;

fn check(power: &str, text: &str) -> Result<String, String> {
    let v = Variant::builtin("standard").expect("standard");
    let pos = v.initial_position();
    let order = parse_order(&v.grammar(), text).map_err(|e| e.message)?;
    let p: PowerId = v.power_by_name(power).expect("power");
    check_submission(&v, &pos, p, &order)
}

#[test]
fn orders_for_missing_or_foreign_units_are_refused_with_the_reason() {
    assert_eq!(check("France", "A par - bur"), Ok("A par - bur".into()));
    assert_eq!(check("France", "paris to picardy"), Ok("par - pic".into()));

    let e = check("France", "A bur - par").unwrap_err();
    assert!(e.contains("no unit in Burgundy"), "{e}");

    let e = check("France", "F lon - eng").unwrap_err();
    assert!(e.contains("belongs to England"), "{e}");

    let e = check("France", "F par - bur").unwrap_err();
    assert!(e.contains("is an army, not a fleet"), "{e}");

    let e = check("France", "A par - mun").unwrap_err();
    assert!(e.contains("Paris does not border Munich"), "{e}");

    let e = check("Russia", "F stp/sc - bar").unwrap_err();
    assert!(e.contains("cannot reach Barents Sea"), "{e}");

    let e = check("France", "A par R bur").unwrap_err();
    assert!(e.contains("retreat phase"), "{e}");
}

#[test]
fn the_standard_opening_position() {
    let v = Variant::builtin("standard").expect("standard");
    let pos = v.initial_position();
    assert_eq!(pos.units.len(), 22);
    assert_eq!(v.map.supply_centers().count(), 34);
    let russia = v.power_by_name("russia").expect("Russia");
    assert_eq!(pos.units.iter().filter(|u| u.power == russia).count(), 4);
    assert_eq!(pos.centres_of(russia).count(), 4);
    assert_eq!(v.calendar.name(pos.phase), "Spring 1901 movement");
}
