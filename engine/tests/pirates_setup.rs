//! Pirates of the Caribbean: the calendar, the kinds of power and their builds, and the
//! Fall 1680 setup (rules 3-6): grants, Spain's builds, the privateers' selections and their
//! conflicts, the Pirates' fleets.

use engine::judge::{adjudicate, check_submission, Adjudication, Submitted, Verdict};
use engine::legal::legal_orders;
use engine::parse::parse_order;
use engine::position::Position;
use engine::rulebook::Controller;
use engine::unit::PowerId;
use engine::Rules;
use engine::Variant;
use std::sync::Arc;

fn pirates() -> Arc<Rules> {
    Variant::builtin("pirates").expect("pirates is built in")
}

fn power(v: &Rules, name: &str) -> PowerId {
    v.power_by_name(name).unwrap_or_else(|| panic!("{name}"))
}

fn orders(v: &Rules, list: &[(&str, &str)]) -> Vec<Submitted> {
    list.iter()
        .map(|(p, o)| Submitted {
            power: power(v, p),
            order: parse_order(&v.grammar(), o).map_err(|e| e.to_string()),
        })
        .collect()
}

/// A complete, ordinary set of setup orders, with the privateers' lists given.
fn full_setup(v: &Rules, buccaneers: &[&str], corsairs: &[&str]) -> Vec<Submitted> {
    let mut list: Vec<(&str, String)> = vec![
        ("England", "F atg grant buccaneers".into()),
        ("England", "F ber grant corsairs".into()),
        ("France", "F mtq grant buccaneers".into()),
        ("France", "F grn grant corsairs".into()),
        ("Holland", "F tob grant buccaneers".into()),
        ("Holland", "F cur grant corsairs".into()),
        ("Spain", "hav grant pirates".into()),
        ("Spain", "ver grant pirates".into()),
        ("Spain", "build A ctg".into()),
        ("Spain", "build A guax".into()),
        ("Spain", "build A nic".into()),
        ("Spain", "build F his".into()),
        ("Spain", "build F prc".into()),
        ("Spain", "build F rdh".into()),
        ("Spain", "build F sgo".into()),
    ];
    for (i, c) in buccaneers.iter().enumerate() {
        list.push(("Buccaneers", format!("{c} select {}", i + 1)));
    }
    for (i, c) in corsairs.iter().enumerate() {
        list.push(("Corsairs", format!("{c} select {}", i + 1)));
    }
    let refs: Vec<(&str, &str)> = list.iter().map(|(p, o)| (*p, o.as_str())).collect();
    orders(v, &refs)
}

fn owner(v: &Rules, pos: &Position, id: &str) -> Option<String> {
    let p = v.map.province_by_id(id).unwrap_or_else(|| panic!("{id}"));
    pos.owners[p.0 as usize].map(|o| v.power_name(o).to_string())
}

fn unit(v: &Rules, pos: &Position, id: &str) -> Option<String> {
    let p = v.map.province_by_id(id).unwrap_or_else(|| panic!("{id}"));
    pos.unit_at(p)
        .map(|u| format!("{} {}", v.power_name(u.power), u.kind.letter()))
}

fn run(v: &Rules, subs: &[Submitted]) -> Adjudication {
    adjudicate(v, &v.initial_position(), subs)
}

fn assert_all_succeed(v: &Rules, subs: &[Submitted], adj: &Adjudication) {
    for (s, r) in subs.iter().zip(&adj.results) {
        assert_eq!(
            r.verdict,
            Verdict::Succeeds,
            "{} {:?}: {}",
            v.power_name(s.power),
            s.order,
            r.reason(v)
        );
    }
}

#[test]
fn the_setup_is_fall_1680_and_the_first_move_spring_1681() {
    let v = pirates();
    let first = v.calendar.first_phase();
    assert_eq!(v.calendar.name(first), "Fall 1680 setup");
    // Rule 4's own name for it.
    assert_eq!(v.calendar.parse("Fall 1680 Adjustments"), Ok(first));
    let next = v.calendar.next(first);
    assert_eq!(v.calendar.name(next), "Spring 1681 movement");
    assert_eq!(v.victory_centers, 25);
    assert_eq!(v.map.supply_centers().count(), 60);
}

#[test]
fn only_the_pirates_are_ordered_by_vote() {
    let v = pirates();
    for p in 0..v.powers.len() {
        let p = PowerId(p as u8);
        let expected = if v.power_name(p) == "Pirates" {
            Controller::Vote
        } else {
            Controller::Player
        };
        assert_eq!(v.controller(p), expected, "{}", v.power_name(p));
    }
}

#[test]
fn a_full_setup_grants_selects_builds_and_fleets_the_pirates() {
    let v = pirates();
    let subs = full_setup(&v, &["tor", "jam", "roa"], &["cay", "jam", "brb"]);
    let adj = run(&v, &subs);
    assert_all_succeed(&v, &subs[..15], &adj);
    let after = &adj.after;
    assert_eq!(v.calendar.name(after.phase), "Spring 1681 movement");
    // Rule 4: the granted centres and their fleets change hands.
    for (c, p) in [
        ("atg", "Buccaneers"),
        ("ber", "Corsairs"),
        ("mtq", "Buccaneers"),
        ("grn", "Corsairs"),
        ("tob", "Buccaneers"),
        ("cur", "Corsairs"),
    ] {
        assert_eq!(owner(&v, after, c).as_deref(), Some(p), "{c}");
        assert_eq!(unit(&v, after, c), Some(format!("{p} F")), "{c}");
    }
    // A granted centre is still its colonial's home centre (rule 4: built in once regained).
    let atg = v.map.province_by_id("atg").unwrap();
    assert_eq!(after.homes[atg.0 as usize], Some(power(&v, "England")));
    // Rule 5: unique first choices are assigned, with a fleet.
    assert_eq!(owner(&v, after, "tor").as_deref(), Some("Buccaneers"));
    assert_eq!(unit(&v, after, "tor").as_deref(), Some("Buccaneers F"));
    assert_eq!(owner(&v, after, "cay").as_deref(), Some("Corsairs"));
    // The second choices are not needed.
    assert_eq!(owner(&v, after, "jam"), None);
    // Rules 3 and 6: Spain's two centres go to the Pirates, each with a fleet; its seven
    // builds stand in the others.
    for c in ["hav", "ver"] {
        assert_eq!(owner(&v, after, c).as_deref(), Some("Pirates"));
        assert_eq!(unit(&v, after, c).as_deref(), Some("Pirates F"));
    }
    assert_eq!(unit(&v, after, "ctg").as_deref(), Some("Spain A"));
    assert_eq!(unit(&v, after, "sgo").as_deref(), Some("Spain F"));
    let count = |name: &str| after.centres_of(power(&v, name)).count();
    assert_eq!(count("Buccaneers"), 4);
    assert_eq!(count("Corsairs"), 4);
    assert_eq!(count("Pirates"), 2);
    assert_eq!(count("Spain"), 7);
    assert_eq!(count("Denmark"), 3);
    // Every unit stands on a centre its power owns.
    for u in &after.units {
        assert_eq!(
            after.owners[u.location.province.0 as usize],
            Some(u.power),
            "{:?}",
            u
        );
    }
}

#[test]
fn same_priority_duplicates_go_to_the_pirates_and_the_lists_go_on() {
    let v = pirates();
    // (tor, jam, roa) against (tor, jam, cay): both first and second choices clash.
    let subs = full_setup(&v, &["tor", "jam", "roa"], &["tor", "jam", "cay"]);
    let adj = run(&v, &subs);
    let after = &adj.after;
    assert_eq!(owner(&v, after, "tor").as_deref(), Some("Pirates"));
    assert_eq!(owner(&v, after, "jam").as_deref(), Some("Pirates"));
    assert_eq!(unit(&v, after, "jam").as_deref(), Some("Pirates F"));
    assert_eq!(owner(&v, after, "roa").as_deref(), Some("Buccaneers"));
    assert_eq!(owner(&v, after, "cay").as_deref(), Some("Corsairs"));
    assert_eq!(after.centres_of(power(&v, "Pirates")).count(), 4);
    let clash = &adj.results[15];
    assert_eq!(clash.verdict, Verdict::Fails);
    assert!(
        clash.reason(&v).contains("Corsairs also chose Tortuga"),
        "{}",
        clash.reason(&v)
    );
}

#[test]
fn the_same_centre_at_different_priorities_is_no_clash() {
    let v = pirates();
    let subs = full_setup(&v, &["tor", "jam"], &["jam", "tor"]);
    let adj = run(&v, &subs);
    assert_eq!(owner(&v, &adj.after, "tor").as_deref(), Some("Buccaneers"));
    assert_eq!(owner(&v, &adj.after, "jam").as_deref(), Some("Corsairs"));
    assert_eq!(adj.after.centres_of(power(&v, "Pirates")).count(), 2);
}

#[test]
fn three_clashes_give_the_pirates_five_centres_and_the_privateers_three() {
    let v = pirates();
    let subs = full_setup(&v, &["tor", "jam", "roa"], &["tor", "jam", "roa"]);
    let adj = run(&v, &subs);
    assert_eq!(adj.after.centres_of(power(&v, "Pirates")).count(), 5);
    assert_eq!(adj.after.centres_of(power(&v, "Buccaneers")).count(), 3);
    assert_eq!(adj.after.centres_of(power(&v, "Corsairs")).count(), 3);
}

#[test]
fn a_privateer_without_a_list_starts_with_three_centres() {
    let v = pirates();
    let subs = full_setup(&v, &[], &["brb"]);
    let adj = run(&v, &subs);
    assert_eq!(adj.after.centres_of(power(&v, "Buccaneers")).count(), 3);
    assert_eq!(owner(&v, &adj.after, "brb").as_deref(), Some("Corsairs"));
}

#[test]
fn missing_grants_are_made_alphabetically() {
    let v = pirates();
    // Nobody orders anything.
    let adj = run(&v, &[]);
    let after = &adj.after;
    // England's island centres with fleets, alphabetically: Antigua, Barbuda, ...
    assert_eq!(owner(&v, after, "atg").as_deref(), Some("Buccaneers"));
    assert_eq!(owner(&v, after, "bbu").as_deref(), Some("Corsairs"));
    // Spain's first two centres alphabetically go to the Pirates; no Spanish builds.
    assert_eq!(owner(&v, after, "ctg").as_deref(), Some("Pirates"));
    assert_eq!(owner(&v, after, "guax").as_deref(), Some("Pirates"));
    assert_eq!(unit(&v, after, "ctg").as_deref(), Some("Pirates F"));
    let spain = power(&v, "Spain");
    assert_eq!(after.units.iter().filter(|u| u.power == spain).count(), 0);
    assert_eq!(after.centres_of(power(&v, "Buccaneers")).count(), 3);
}

#[test]
fn bad_setup_orders_are_refused_with_what_is_accepted() {
    let v = pirates();
    let start = v.initial_position();
    let refused = |p: &str, o: &str| {
        let order = parse_order(&v.grammar(), o).expect(o);
        check_submission(&v, &start, power(&v, p), &order).expect_err(o)
    };
    // A mainland centre, or one with no fleet, cannot be granted to a privateer.
    let e = refused("England", "A vir grant buccaneers");
    assert!(e.contains("may grant: atg"), "{e}");
    // Grants go to the privateers, not to another colonial.
    let e = refused("England", "F atg grant france");
    assert!(e.contains("Buccaneers or Corsairs"), "{e}");
    // Denmark has no setup orders.
    let e = refused("Denmark", "F stc grant buccaneers");
    assert!(e.contains("Denmark gives no setup orders"), "{e}");
    // A privateer selects neutral island centres only.
    let e = refused("Buccaneers", "ctg select 1");
    assert!(e.contains("not a neutral island centre"), "{e}");
    let e = refused("Buccaneers", "tor select 4");
    assert!(e.contains("1 to 3"), "{e}");
    // Movement orders are not setup orders.
    let e = refused("England", "F atg - bbu");
    assert!(e.contains("not a setup order"), "{e}");
}

#[test]
fn spain_builds_three_armies_and_four_fleets_and_grants_two() {
    let v = pirates();
    let subs = orders(
        &v,
        &[
            ("Spain", "hav grant pirates"),
            ("Spain", "ver grant pirates"),
            ("Spain", "sgo grant pirates"),
            ("Spain", "build A ctg"),
            ("Spain", "build A guax"),
            ("Spain", "build A nic"),
            ("Spain", "build A his"),
            ("Spain", "build F hav"),
            ("Buccaneers", "tor select 1"),
            ("Buccaneers", "tor select 2"),
            ("Buccaneers", "jam select 1"),
        ],
    );
    let adj = run(&v, &subs);
    let verdicts: Vec<Verdict> = adj.results.iter().map(|r| r.verdict).collect();
    use Verdict::*;
    assert_eq!(
        verdicts,
        [
            Succeeds, Succeeds, Illegal, Succeeds, Succeeds, Succeeds, Illegal, Illegal, Succeeds,
            Illegal, Illegal
        ]
    );
    assert!(
        adj.results[2].reason(&v).contains("exactly 2"),
        "{}",
        adj.results[2].reason(&v)
    );
    assert!(
        adj.results[6].reason(&v).contains("3 armies"),
        "{}",
        adj.results[6].reason(&v)
    );
    assert!(
        adj.results[7].reason(&v).contains("grants Havana"),
        "{}",
        adj.results[7].reason(&v)
    );
    assert!(adj.results[9]
        .reason(&v)
        .contains("already selects Tortuga"));
    assert!(adj.results[10].reason(&v).contains("at priority 1"));
}

#[test]
fn setup_orders_are_offered_to_the_powers_that_give_them() {
    let v = pirates();
    let start = v.initial_position();
    let count = |p: &str| {
        legal_orders(&v, &start, power(&v, p))
            .into_iter()
            .map(|(_, o)| o.len())
            .sum::<usize>()
    };
    assert_eq!(count("Denmark"), 0);
    assert_eq!(count("Pirates"), 0);
    assert!(count("England") >= 4);
    assert!(count("Spain") >= 9 + 9);
    assert!(count("Buccaneers") >= 3 * 10);
    // Every order offered is accepted on its own.
    for p in ["England", "Spain", "Buccaneers"] {
        for (_, list) in legal_orders(&v, &start, power(&v, p)) {
            for o in list {
                let text = o.to_text(&*v);
                let reparsed = parse_order(&v.grammar(), &text).expect(&text);
                check_submission(&v, &start, power(&v, p), &reparsed)
                    .unwrap_or_else(|e| panic!("{text}: {e}"));
            }
        }
    }
}

#[test]
fn builds_follow_the_kinds_of_power() {
    let v = pirates();
    let subs = full_setup(&v, &["tor"], &["cay"]);
    let mut pos = run(&v, &subs).after;
    // Move on to a Winter adjustment with the units as they are, some centres emptied.
    pos.phase = v.calendar.parse("Winter 1681 adjustment").unwrap();
    let clear = |pos: &mut Position, id: &str| {
        let p = v.map.province_by_id(id).unwrap();
        pos.units.retain(|u| u.location.province != p);
    };
    // The Pirates lose their fleet in Havana, the Buccaneers theirs in Tortuga and in Antigua
    // (England's grant).
    // England loses Barbuda's fleet, so it has a build due.
    // Holland loses its army in landlocked Guiana.
    for id in ["hav", "tor", "atg", "bbu", "gui"] {
        clear(&mut pos, id);
    }
    let try_build = |p: &str, o: &str| {
        let order = parse_order(&v.grammar(), o).expect(o);
        check_submission(&v, &pos, power(&v, p), &order)
    };
    // Rule 6: the Pirates build only fleets, in any owned centre.
    assert!(try_build("Pirates", "build F hav").is_ok());
    let e = try_build("Pirates", "build A hav").unwrap_err();
    assert!(e.contains("army cannot be built"), "{e}");
    // Rule 5: privateers build in any owned, empty centre, granted ones included.
    assert!(try_build("Buccaneers", "build A tor").is_ok());
    assert!(try_build("Buccaneers", "build F atg").is_ok());
    // Rule 4: a colonial builds only in its home centres it owns; Antigua is the
    // Buccaneers' now.
    let e = try_build("England", "build F atg").unwrap_err();
    assert!(e.contains("not a centre where England may build"), "{e}");
    // Rule 4: no fleet in landlocked Guiana; an army is fine.
    assert!(try_build("Holland", "build F gui").is_err());
    assert!(try_build("Holland", "build A gui").is_ok());
}

#[test]
fn a_privateer_in_civil_disorder_loses_the_unit_furthest_from_its_centres() {
    let v = pirates();
    let subs = full_setup(&v, &["tor"], &["cay"]);
    let mut pos = run(&v, &subs).after;
    pos.phase = v.calendar.parse("Winter 1681 adjustment").unwrap();
    let id = |s: &str| v.map.province_by_id(s).unwrap();
    // The Buccaneers lose Antigua to England (one removal due), and their Tobago fleet is far
    // away in the Bay of Campeche. They have no home centres, so the distance is counted from
    // the centres they own; the tie-break alone would take Antigua's fleet (alphabetically
    // first).
    pos.owners[id("atg").0 as usize] = Some(power(&v, "England"));
    for u in pos.units.iter_mut() {
        if u.location.province == id("tob") {
            u.location.province = id("boc");
        }
    }
    let adj = adjudicate(&v, &pos, &[]);
    let removed: Vec<String> = adj.removed.iter().map(|(u, _)| v.unit_text(u)).collect();
    assert_eq!(removed, ["F boc"]);
}

/// The setup position with a unit a moderator placed (`/mod add-unit`).
fn with_unit(v: &Rules, power_name: &str, unit_text: &str) -> Position {
    let mut pos = v.initial_position();
    let u = engine::parse::parse_unit(&v.grammar(), unit_text).expect(unit_text);
    pos.units.push(engine::unit::Unit {
        power: power(v, power_name),
        kind: u.kind.expect("a kind"),
        location: u.location(),
    });
    pos
}

/// No province holds two units (Pirates has no province that holds many).
fn assert_one_unit_per_province(v: &Rules, pos: &Position) {
    for (i, u) in pos.units.iter().enumerate() {
        let again = pos.units[i + 1..]
            .iter()
            .find(|o| o.location.province == u.location.province);
        assert!(
            again.is_none(),
            "two units in {}",
            v.map.province(u.location.province).name
        );
    }
    engine::case::check_position(v, pos).expect("the position can be stored");
}

#[test]
fn selecting_an_occupied_centre_is_refused_naming_the_empty_ones() {
    let v = pirates();
    let pos = with_unit(&v, "Denmark", "F tor");
    let order = parse_order(&v.grammar(), "tor select 1").expect("order");
    let e = check_submission(&v, &pos, power(&v, "Buccaneers"), &order).expect_err("occupied");
    assert!(e.contains("Tortuga has the Danish F tor on it"), "{e}");
    assert!(e.contains("may select:") && e.contains("jam"), "{e}");
    assert!(!e.contains("tor,") && !e.ends_with("tor"), "{e}");
    // Nor is Tortuga offered.
    let offered = legal_orders(&v, &pos, power(&v, "Buccaneers"));
    assert!(offered
        .iter()
        .flat_map(|(_, list)| list)
        .all(|o| !o.to_text(&*v).starts_with("tor ")));
}

#[test]
fn building_in_or_granting_an_occupied_centre_is_refused() {
    let v = pirates();
    let pos = with_unit(&v, "England", "A ctg");
    let spain = power(&v, "Spain");
    let refused = |o: &str| {
        let order = parse_order(&v.grammar(), o).expect(o);
        check_submission(&v, &pos, spain, &order).expect_err(o)
    };
    let e = refused("build A ctg");
    assert!(e.contains("Cartagena has the English A ctg on it"), "{e}");
    assert!(e.contains("empty centre: ") && e.contains("guax"), "{e}");
    let e = refused("ctg grant pirates");
    assert!(e.contains("Cartagena has the English A ctg on it"), "{e}");
    assert!(e.contains("may grant: ") && e.contains("guax"), "{e}");
    // The empty centres are still accepted.
    for o in ["build A guax", "guax grant pirates"] {
        let order = parse_order(&v.grammar(), o).expect(o);
        check_submission(&v, &pos, spain, &order).expect(o);
    }
    // Spain's default grants pass over the occupied centre: Guaxaca and the next.
    let adj = adjudicate(&v, &pos, &[]);
    assert_eq!(owner(&v, &adj.after, "ctg").as_deref(), Some("Spain"));
    assert_eq!(unit(&v, &adj.after, "ctg").as_deref(), Some("England A"));
    assert_eq!(owner(&v, &adj.after, "guax").as_deref(), Some("Pirates"));
    assert_eq!(adj.after.centres_of(power(&v, "Pirates")).count(), 2);
    assert_one_unit_per_province(&v, &adj.after);
}

#[test]
fn a_unit_added_after_the_orders_voids_them_and_the_next_choice_is_taken() {
    let v = pirates();
    // The orders were accepted on the empty board; then a moderator put a Danish fleet on
    // Tortuga (the Buccaneers' first choice) and a Dutch one on Cartagena (a Spanish build).
    let subs = full_setup(&v, &["tor", "jam", "roa"], &["cay", "brb"]);
    let start = v.initial_position();
    for s in &subs {
        let o = s.order.clone().expect("parsed");
        check_submission(&v, &start, s.power, &o).expect("accepted when given");
    }
    let mut pos = with_unit(&v, "Denmark", "F tor");
    pos.units.push(engine::unit::Unit {
        power: power(&v, "Holland"),
        kind: engine::unit::UnitKind::FLEET,
        location: engine::map::Location {
            province: v.map.province_by_id("ctg").expect("ctg"),
            coast: None,
        },
    });
    let adj = adjudicate(&v, &pos, &subs);
    assert_one_unit_per_province(&v, &adj.after);
    let result_of = |text: &str| {
        let i = subs
            .iter()
            .position(|s| {
                s.order
                    .as_ref()
                    .is_ok_and(|o| o.to_text(&*v).eq_ignore_ascii_case(text))
            })
            .unwrap_or_else(|| panic!("{text}"));
        &adj.results[i]
    };
    // The selection of Tortuga is void; the Buccaneers' second choice, Jamaica, is theirs.
    let r = result_of("tor select 1");
    assert_ne!(r.verdict, Verdict::Succeeds);
    assert!(
        r.reason(&v).contains("Tortuga has the Danish F tor on it"),
        "{}",
        r.reason(&v)
    );
    assert_eq!(unit(&v, &adj.after, "tor").as_deref(), Some("Denmark F"));
    assert_eq!(owner(&v, &adj.after, "tor"), None);
    assert_eq!(owner(&v, &adj.after, "jam").as_deref(), Some("Buccaneers"));
    assert_eq!(unit(&v, &adj.after, "jam").as_deref(), Some("Buccaneers F"));
    assert_eq!(result_of("jam select 2").verdict, Verdict::Succeeds);
    // Spain's build in Cartagena is void and nothing is built there.
    let r = result_of("A ctg B");
    assert_ne!(r.verdict, Verdict::Succeeds);
    assert!(
        r.reason(&v).contains("Cartagena has the Dutch F ctg on it"),
        "{}",
        r.reason(&v)
    );
    assert_eq!(unit(&v, &adj.after, "ctg").as_deref(), Some("Holland F"));
    assert_eq!(owner(&v, &adj.after, "ctg").as_deref(), Some("Spain"));
}

#[test]
fn a_grant_of_a_centre_occupied_since_is_void_and_the_default_grant_is_made() {
    let v = pirates();
    let subs = orders(
        &v,
        &[
            ("Spain", "ctg grant pirates"),
            ("Spain", "ver grant pirates"),
        ],
    );
    let start = v.initial_position();
    for s in &subs {
        check_submission(&v, &start, s.power, s.order.as_ref().expect("parsed"))
            .expect("accepted when given");
    }
    let pos = with_unit(&v, "France", "A ctg");
    let adj = adjudicate(&v, &pos, &subs);
    assert_one_unit_per_province(&v, &adj.after);
    assert_eq!(adj.results[0].verdict, Verdict::Illegal);
    assert!(
        adj.results[0]
            .reason(&v)
            .contains("Cartagena has the French A ctg on it"),
        "{}",
        adj.results[0].reason(&v)
    );
    assert_eq!(adj.results[1].verdict, Verdict::Succeeds);
    // The French army stays French and Cartagena Spanish; the missing grant is made
    // alphabetically from the empty centres: Guaxaca.
    assert_eq!(unit(&v, &adj.after, "ctg").as_deref(), Some("France A"));
    assert_eq!(owner(&v, &adj.after, "ctg").as_deref(), Some("Spain"));
    assert_eq!(owner(&v, &adj.after, "guax").as_deref(), Some("Pirates"));
    assert_eq!(owner(&v, &adj.after, "ver").as_deref(), Some("Pirates"));
    assert_eq!(unit(&v, &adj.after, "guax").as_deref(), Some("Pirates F"));
}
