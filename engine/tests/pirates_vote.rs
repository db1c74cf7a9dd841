//! Pirates of the Caribbean, rule 6: the Pirates' orders decided by the vote of the surviving
//! powers, on positions after a real setup.

use engine::judge::{adjudicate, Submitted};
use engine::order::Order;
use engine::parse::parse_order;
use engine::position::{Dislodged, Position};
use engine::unit::PowerId;
use engine::vote::{decide, voters, How};
use engine::Rules;
use engine::Variant;
use std::sync::Arc;

fn pirates() -> Arc<Rules> {
    Variant::builtin("pirates").expect("pirates is built in")
}

fn power(v: &Rules, name: &str) -> PowerId {
    v.power_by_name(name).unwrap_or_else(|| panic!("{name}"))
}

fn order(v: &Rules, text: &str) -> Order {
    parse_order(&v.grammar(), text).expect(text)
}

/// The position after a setup in which the Pirates get Havana and Veragua (from Spain) and
/// Tortuga (a clash), at Spring 1681.
fn after_setup(v: &Rules) -> Position {
    let list = [
        ("Spain", "hav grant pirates"),
        ("Spain", "ver grant pirates"),
        ("Spain", "build A ctg"),
        ("Spain", "build A guax"),
        ("Spain", "build A nic"),
        ("Spain", "build F his"),
        ("Spain", "build F prc"),
        ("Spain", "build F rdh"),
        ("Spain", "build F sgo"),
        ("Buccaneers", "tor select 1"),
        ("Buccaneers", "jam select 2"),
        ("Corsairs", "tor select 1"),
        ("Corsairs", "cay select 2"),
    ];
    let subs: Vec<Submitted> = list
        .iter()
        .map(|(p, o)| Submitted {
            power: power(v, p),
            order: Ok(order(v, o)),
        })
        .collect();
    adjudicate(v, &v.initial_position(), &subs).after
}

fn ballots(v: &Rules, list: &[(&str, &str)]) -> Vec<(PowerId, Order)> {
    list.iter()
        .map(|(p, o)| (power(v, p), order(v, o)))
        .collect()
}

const COLONIALS_AND_PRIVATEERS: [&str; 7] = [
    "Denmark",
    "England",
    "France",
    "Holland",
    "Spain",
    "Buccaneers",
    "Corsairs",
];

/// The same ballot from every voter.
fn everyone(v: &Rules, order: &str) -> Vec<(PowerId, Order)> {
    let list: Vec<(&str, &str)> = COLONIALS_AND_PRIVATEERS
        .iter()
        .map(|p| (*p, order))
        .collect();
    ballots(v, &list)
}

fn decision_for<'a>(
    v: &Rules,
    ds: &'a [engine::vote::Decision],
    unit: &str,
) -> &'a engine::vote::Decision {
    ds.iter()
        .find(|d| d.order.to_text(&*v).starts_with(unit))
        .unwrap_or_else(|| panic!("no decision for {unit}"))
}

#[test]
fn every_surviving_player_power_votes_and_the_pirates_do_not() {
    let v = pirates();
    let pos = after_setup(&v);
    let vs = voters(&v, &pos);
    let names: Vec<&str> = vs.iter().map(|x| v.power_name(x.power)).collect();
    assert_eq!(names, COLONIALS_AND_PRIVATEERS);
    // Denmark 3; England, France, Holland 5 each after their grants; Spain 7; each privateer
    // three grants and its selection. The Pirates' three and the unowned neutrals do not count.
    let owned: usize = vs.iter().map(|x| x.centres).sum();
    assert_eq!(owned, 3 + 5 + 5 + 5 + 7 + 4 + 4);
}

#[test]
fn a_unanimous_order_is_carried() {
    let v = pirates();
    let pos = after_setup(&v);
    let ds = decide(&v, &pos, &everyone(&v, "F hav - fls"));
    let d = decision_for(&v, &ds, "F hav");
    assert_eq!(d.how, How::Carried);
    assert_eq!(d.order.to_text(&*v), "F hav - fls");
    // The other Pirate units, with no votes, hold.
    let tor = decision_for(&v, &ds, "F tor");
    assert_eq!(
        (tor.how, tor.order.to_text(&*v)),
        (How::Default, "F tor H".into())
    );
}

#[test]
fn most_powers_with_a_minority_of_centres_is_not_enough() {
    let v = pirates();
    let pos = after_setup(&v);
    // Denmark (3), the Buccaneers (4), the Corsairs (4) and England (5): 4 of 7 powers but 16
    // of 33 centres.
    let b = ballots(
        &v,
        &[
            ("Denmark", "F hav - fls"),
            ("Buccaneers", "F hav - fls"),
            ("Corsairs", "F hav - fls"),
            ("England", "F hav - fls"),
        ],
    );
    let d = decide(&v, &pos, &b);
    let d = decision_for(&v, &d, "F hav");
    let t = d.tally.as_ref().unwrap();
    assert!(t.has_power_majority() && !t.has_centre_majority());
    assert_eq!(
        (d.how, d.order.to_text(&*v)),
        (How::Default, "F hav H".into())
    );
}

#[test]
fn a_majority_of_centres_from_a_minority_of_powers_is_not_enough() {
    let v = pirates();
    let pos = after_setup(&v);
    // Spain, England, France: 17 of 33 centres, 3 of 7 powers.
    let b = ballots(
        &v,
        &[
            ("Spain", "F hav - fls"),
            ("England", "F hav - fls"),
            ("France", "F hav - fls"),
        ],
    );
    let ds = decide(&v, &pos, &b);
    let t = decision_for(&v, &ds, "F hav").tally.clone().unwrap();
    assert!(!t.has_power_majority() && t.has_centre_majority());
    assert_eq!(decision_for(&v, &ds, "F hav").how, How::Default);
}

#[test]
fn both_majorities_carry_and_abstentions_count_against() {
    let v = pirates();
    let pos = after_setup(&v);
    // England, France, Holland, Denmark: 4 of 7 powers, 18 of 33 centres.
    let yes = ballots(
        &v,
        &[
            ("England", "F hav - fls"),
            ("France", "F hav - fls"),
            ("Holland", "F hav - fls"),
            ("Denmark", "F hav - fls"),
        ],
    );
    assert_eq!(
        decision_for(&v, &decide(&v, &pos, &yes), "F hav").how,
        How::Carried
    );
    // Without Denmark, three votes of seven: the four who did not vote count against.
    let fewer = &yes[..3];
    assert_eq!(
        decision_for(&v, &decide(&v, &pos, fewer), "F hav").how,
        How::Default
    );
}

#[test]
fn a_split_vote_and_a_changed_vote() {
    let v = pirates();
    let pos = after_setup(&v);
    let split = ballots(
        &v,
        &[
            ("England", "F hav - fls"),
            ("France", "F hav - fls"),
            ("Holland", "F hav - fls"),
            ("Denmark", "F hav S F his"),
            ("Spain", "F hav S F his"),
            ("Buccaneers", "F hav S F his"),
        ],
    );
    let ds = decide(&v, &pos, &split);
    assert_eq!(decision_for(&v, &ds, "F hav").how, How::Default);
    // Spain changes its mind: the last ballot counts, and the move now has 4 powers and 22
    // centres.
    let mut changed = split.clone();
    changed.push((power(&v, "Spain"), order(&v, "F hav - fls")));
    let ds = decide(&v, &pos, &changed);
    assert_eq!(decision_for(&v, &ds, "F hav").how, How::Carried);
}

#[test]
fn a_carried_order_that_is_illegal_leaves_the_unit_holding() {
    let v = pirates();
    let pos = after_setup(&v);
    let ds = decide(&v, &pos, &everyone(&v, "F hav - ctg"));
    let subs: Vec<Submitted> = ds
        .iter()
        .map(|d| Submitted {
            power: d.power,
            order: Ok(d.order.clone()),
        })
        .collect();
    let adj = adjudicate(&v, &pos, &subs);
    let hav = v.map.province_by_id("hav").unwrap();
    assert!(adj.after.units.iter().any(|u| u.location.province == hav));
}

#[test]
fn a_retreat_needs_a_majority_or_the_unit_disbands() {
    let v = pirates();
    let mut pos = after_setup(&v);
    pos.phase = v.calendar.parse("Spring 1681 retreat").unwrap();
    let hav = v.map.province_by_id("hav").unwrap();
    let i = pos
        .units
        .iter()
        .position(|u| u.location.province == hav)
        .unwrap();
    let unit = pos.units.remove(i);
    pos.dislodged.push(Dislodged {
        unit,
        attacker_from: v.map.province_by_id("cub").unwrap(),
        attacker_came_by_convoy: false,
        attacked_along_other_coast: false,
    });
    let none = decide(&v, &pos, &[]);
    assert_eq!(none.len(), 1);
    assert_eq!(
        (none[0].how, none[0].order.to_text(&*v)),
        (How::Default, "F hav D".into())
    );
    let ds = decide(&v, &pos, &everyone(&v, "F hav R fls"));
    assert_eq!(
        (ds[0].how, ds[0].order.to_text(&*v)),
        (How::Carried, "F hav R fls".into())
    );
}

/// The position after the setup at Winter 1681, with the Pirate units in `free` removed.
fn pirates_with_builds(v: &Rules, free: &[&str]) -> Position {
    let mut pos = after_setup(v);
    pos.phase = v.calendar.parse("Winter 1681 adjustment").unwrap();
    for id in free {
        let p = v.map.province_by_id(id).unwrap();
        pos.units.retain(|u| u.location.province != p);
    }
    pos
}

#[test]
fn builds_without_a_choice_are_made_without_a_vote() {
    let v = pirates();
    // Havana emptied: one build due, one free site.
    let pos = pirates_with_builds(&v, &["hav"]);
    let ds = decide(&v, &pos, &[]);
    assert_eq!(ds.len(), 1);
    assert_eq!(
        (ds[0].how, ds[0].order.to_text(&*v)),
        (How::NoChoice, "F hav B".into())
    );
}

#[test]
fn builds_with_a_choice_follow_the_vote_then_the_alphabet() {
    let v = pirates();
    // The fleet of Havana is at sea and Tortuga's is gone: three centres, two units, one build
    // due and two free sites, Havana and Tortuga.
    let mut pos = pirates_with_builds(&v, &["tor"]);
    let hav = v.map.province_by_id("hav").unwrap();
    let fls = v.map.province_by_id("fls").unwrap();
    for u in pos.units.iter_mut() {
        if u.location.province == hav {
            u.location.province = fls;
        }
    }
    let none = decide(&v, &pos, &[]);
    assert_eq!(none.len(), 1);
    assert_eq!(
        (none[0].how, none[0].order.to_text(&*v)),
        (How::Default, "F hav B".into())
    );
    // Everyone votes for Tortuga: it is built instead.
    let ds = decide(&v, &pos, &everyone(&v, "build F tor"));
    assert_eq!(
        (ds[0].how, ds[0].order.to_text(&*v)),
        (How::Carried, "F tor B".into())
    );
    // The build goes through the judge.
    let subs: Vec<Submitted> = ds
        .iter()
        .map(|d| Submitted {
            power: d.power,
            order: Ok(d.order.clone()),
        })
        .collect();
    let adj = adjudicate(&v, &pos, &subs);
    assert_eq!(adj.built.len(), 1);
}

#[test]
fn disbands_with_a_choice_follow_the_vote_then_the_alphabet() {
    let v = pirates();
    let mut pos = after_setup(&v);
    pos.phase = v.calendar.parse("Winter 1681 adjustment").unwrap();
    // The Pirates lose Havana's centre but keep the fleet: three units, two centres.
    let hav = v.map.province_by_id("hav").unwrap();
    pos.owners[hav.0 as usize] = Some(power(&v, "Spain"));
    let none = decide(&v, &pos, &[]);
    assert_eq!(none.len(), 1);
    // Alphabetically first of Havana, Tortuga, Veragua.
    assert_eq!(
        (none[0].how, none[0].order.to_text(&*v)),
        (How::Default, "F hav D".into())
    );
    let ds = decide(&v, &pos, &everyone(&v, "F ver D"));
    assert_eq!(
        (ds[0].how, ds[0].order.to_text(&*v)),
        (How::Carried, "F ver D".into())
    );
}
