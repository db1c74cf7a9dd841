//! Atlantica II's board as players see it: its centres, the adjacencies its rules state or
//! forbid, the starting units and gift centres, the frozen spaces, the Atlantis areas and the
//! monthly calendar.

use engine::map::{Location, Map, ProvinceId, LAND, WATER};
use engine::Rules;
use engine::Variant;
use std::sync::Arc;

fn atlantica() -> Arc<Rules> {
    Variant::builtin("atlantica").unwrap_or_else(|e| panic!("{e}"))
}

fn id(map: &Map, s: &str) -> ProvinceId {
    map.province_by_id(s)
        .unwrap_or_else(|| panic!("no province {s}"))
}

/// `spa/sc` or `spa` as a location.
fn at(map: &Map, s: &str) -> Location {
    let (p, c) = match s.split_once('/') {
        Some((p, c)) => (p, Some(c)),
        None => (s, None),
    };
    let province = id(map, p);
    Location {
        province,
        coast: c.map(|c| {
            map.coast_id(province, c)
                .unwrap_or_else(|| panic!("{p} has no coast {c}"))
        }),
    }
}

fn army(map: &Map, a: &str, b: &str) -> bool {
    let there = map.border_for(&LAND, at(map, a), at(map, b)).is_some();
    let back = map.border_for(&LAND, at(map, b), at(map, a)).is_some();
    assert_eq!(there, back, "{a}-{b} for armies one way only");
    there
}

fn fleet(map: &Map, a: &str, b: &str) -> bool {
    let there = map.border_for(&WATER, at(map, a), at(map, b)).is_some();
    let back = map.border_for(&WATER, at(map, b), at(map, a)).is_some();
    assert_eq!(there, back, "{a}-{b} for fleets one way only");
    there
}

fn ids(map: &Map, list: impl Iterator<Item = ProvinceId>) -> Vec<String> {
    let mut v: Vec<String> = list.map(|p| map.province(p).id.clone()).collect();
    v.sort();
    v
}

fn sorted(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

const AREAS: [&str; 6] = ["ar1", "ar2", "ar3", "ar4", "ar5", "ar6"];

#[test]
fn the_variant_is_built_in_with_its_powers_and_victory_count() {
    assert!(engine::variants::BUILTIN.contains(&"atlantica"));
    let v = atlantica();
    assert_eq!(v.name, "Atlantica II");
    let powers: Vec<&str> = v.powers.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(
        powers,
        ["England", "France", "Germany", "Italy", "Canada", "CSA", "USA"]
    );
    // Rule 2: 24 of the 46 centres win alone.
    assert_eq!(v.victory_centers, 24);
    // Rule 13.
    assert!(v.ruleset.options.coastal_crawl);
}

#[test]
fn forty_five_centres_in_the_data_and_atlantis_make_the_rules_forty_six() {
    let v = atlantica();
    let map = &v.map;
    let centres = ids(map, map.supply_centers());
    assert_eq!(centres.len(), 45, "{centres:?}");
    for a in AREAS {
        assert!(
            !map.province(id(map, a)).supply_center,
            "{a} is found in play"
        );
    }
    let home = |power: &str| {
        ids(
            map,
            map.province_ids()
                .filter(|&p| map.province(p).home_of.as_deref() == Some(power)),
        )
    };
    // Rule 3 and the breakdown: Europe 12 home, America 10 home.
    assert_eq!(home("England"), sorted(&["edi", "lon", "lvp"]));
    assert_eq!(home("France"), sorted(&["bre", "mar", "par"]));
    assert_eq!(home("Germany"), sorted(&["ber", "kie", "mun"]));
    assert_eq!(home("Italy"), sorted(&["nap", "rom", "ven"]));
    assert_eq!(home("Canada"), sorted(&["hal", "mon", "tor"]));
    assert_eq!(home("CSA"), sorted(&["cha", "jac", "ric"]));
    assert_eq!(home("USA"), sorted(&["bos", "chi", "nyk", "phi"]));
    // The neutrals, gifts included.
    let europe_neutral = [
        "bel", "den", "hol", "ire", "mor", "nwy", "por", "spa", "swe", "tun", "vie",
    ];
    let america_neutral = ["cub", "lou", "mdl", "nfl", "ohi", "pei"];
    let mid_ocean = ["azo", "grn", "his", "ice", "mau", "pur"];
    assert_eq!(europe_neutral.len(), 11);
    assert_eq!(america_neutral.len(), 6);
    assert_eq!(mid_ocean.len() + 1, 7, "with Atlantis");
    let neutral = ids(
        map,
        map.supply_centers()
            .filter(|&p| map.province(p).home_of.is_none()),
    );
    let mut expected: Vec<&str> = europe_neutral.to_vec();
    expected.extend(america_neutral);
    expected.extend(mid_ocean);
    assert_eq!(neutral, sorted(&expected));
    // Greece and Manitoba (now part of Ontario) are centres no longer.
    assert!(!map.province(id(map, "gre")).supply_center);
    assert!(!map.province(id(map, "ont")).supply_center);
}

#[test]
fn the_starting_units_of_rule_3() {
    let v = atlantica();
    let start = v.initial_position();
    let mut units: Vec<String> = start
        .units
        .iter()
        .map(|u| format!("{} {}", v.power_name(u.power), v.unit_text(u)))
        .collect();
    units.sort();
    let mut want = vec![
        "England F edi",
        "England F lvp",
        "England F lon",
        "France F bre",
        "France F mar",
        "France A par",
        "Germany F ber",
        "Germany F kie",
        "Germany A mun",
        "Italy F nap",
        "Italy F rom",
        "Italy A ven",
        "Canada F hal",
        "Canada F mon/sc",
        "Canada A tor",
        "CSA F cha",
        "CSA F jac",
        "CSA A ric",
        "USA F bos",
        "USA F nyk/sc",
        "USA A chi",
        "USA A phi",
    ];
    want.sort();
    assert_eq!(units, want);
    assert_eq!(v.calendar.name(start.phase), "January 1870 movement");
}

#[test]
fn gift_centres_are_owned_at_the_start_but_are_no_home_centres() {
    let v = atlantica();
    let map = &v.map;
    let start = v.initial_position();
    // Rule 5a.
    for (power, gift) in [
        ("England", "ire"),
        ("France", "spa"),
        ("Germany", "den"),
        ("Italy", "tun"),
        ("Canada", "pei"),
        ("CSA", "lou"),
        ("USA", "pur"),
    ] {
        let p = id(map, gift);
        let owner = v.power_by_name(power).expect(power);
        assert_eq!(start.owners[p.0 as usize], Some(owner), "{gift}");
        assert_eq!(start.homes[p.0 as usize], None, "{gift} is no build site");
        assert_eq!(map.province(p).owner.as_deref(), Some(power));
    }
    // Each power starts with its homes and its one gift: England, France, Germany, Italy,
    // Canada, the C.S.A. four centres each, the U.S.A. five.
    for (power, n) in [
        ("England", 4),
        ("France", 4),
        ("Germany", 4),
        ("Italy", 4),
        ("Canada", 4),
        ("CSA", 4),
        ("USA", 5),
    ] {
        let p = v.power_by_name(power).expect(power);
        assert_eq!(start.centres_of(p).count(), n, "{power}");
    }
}

#[test]
fn an_owner_that_is_not_a_power_is_refused_naming_the_line() {
    let files = &engine::variants::entry("atlantica").expect("entry").files;
    let provinces = files.provinces.replace("owner=England", "owner=Scotland");
    let bad = engine::variant::VariantFiles {
        provinces: &provinces,
        ..*files
    };
    let errs = engine::variants::check_files(&bad).expect_err("refused");
    let text: Vec<String> = errs.iter().map(|e| e.to_string()).collect();
    let text = text.join("\n");
    assert!(text.contains("provinces.txt:"), "{text}");
    assert!(text.contains("'Scotland'"), "{text}");
    assert!(text.contains("England, France"), "{text}");
}

#[test]
fn europe_as_the_rules_change_it() {
    let v = atlantica();
    let map = &v.map;
    let names = map.lookup();
    // Bothnia is part of the Baltic, the Eastern Mediterranean part of the Ionian.
    assert_eq!(names.resolve("Gulf of Bothnia"), Ok(id(map, "bal")));
    assert_eq!(names.resolve("Eastern Med"), Ok(id(map, "ion")));
    assert!(fleet(map, "bal", "fin"));
    assert!(fleet(map, "ion", "lib"));
    // Rule 10a: Karelia's canal, as through Kiel; Norway touches Karelia.
    assert!(!map.has_coasts(id(map, "kar")));
    assert!(fleet(map, "bal", "kar") && fleet(map, "kar", "bar"));
    assert!(army(map, "nwy", "kar") && fleet(map, "nwy", "kar"));
    // Finland has one coast, on the Baltic.
    assert!(!map.has_coasts(id(map, "fin")));
    assert!(!fleet(map, "fin", "bar"));
    // The Gulf of Cadiz, between the Mid-Atlantic, Portugal, Spain and the Canaries.
    let cad = ids(map, map.neighbours(id(map, "cad")));
    assert_eq!(cad, sorted(&["can", "mao", "por", "spa"]));
    assert!(fleet(map, "cad", "spa/sc"));
    // Rule 10e: Naples-Sicily and Spain-Morocco for armies and fleets; the sea moves across
    // them stay.
    assert!(army(map, "nap", "sic") && fleet(map, "nap", "sic"));
    assert!(army(map, "spa", "mor") && fleet(map, "spa/sc", "mor"));
    assert!(!fleet(map, "spa/nc", "mor"));
    assert!(fleet(map, "ion", "tys"));
    assert!(fleet(map, "wes", "can"));
    // Rule 14: Switzerland is passable.
    for n in ["mar", "bur", "mun", "tyr", "pie"] {
        assert!(army(map, "swi", n), "swi-{n}");
    }
    // Rule 11a: the Suez-Indian box adjoins the Ionian and Libya, the Panama-Pacific box the
    // Caribbean and the Gulf of Darien, and each box the other (the fast passage between the
    // Caribbean and the Mediterranean).
    assert_eq!(
        ids(map, map.neighbours(id(map, "sib"))),
        sorted(&["ion", "lib", "ppb"])
    );
    assert_eq!(
        ids(map, map.neighbours(id(map, "ppb"))),
        sorted(&["car", "gda", "sib"])
    );
    assert!(fleet(map, "ppb", "sib"));
    for b in ["sib", "ppb"] {
        assert!(map.terrain(id(map, b)).holds_many, "{b}");
        assert_eq!(map.terrain(id(map, b)).name, "box");
    }
}

#[test]
fn the_american_adjacencies_rules_10_and_15_state() {
    let v = atlantica();
    let map = &v.map;
    // 10b-c: up the St Lawrence by either shore, into Lake Ontario from either.
    assert!(fleet(map, "gsl", "mon/sc") && fleet(map, "gsl", "gsp"));
    assert!(fleet(map, "mon/sc", "lak") && fleet(map, "gsp", "lak"));
    assert!(fleet(map, "lak", "nyk/nc") && fleet(map, "lak", "tor"));
    assert!(!fleet(map, "lak", "nyk/sc"));
    assert!(!fleet(map, "mon/nc", "lak"));
    // ... but never between Montreal and New York.
    assert!(!map.any_border(id(map, "mon"), id(map, "nyk")));
    // 10e: Ohio-Wisconsin for armies across Lake Michigan.
    assert!(army(map, "ohi", "wis"));
    // 15a.
    assert!(fleet(map, "chb", "phi"));
    assert!(fleet(map, "lab", "gsl"));
    assert!(fleet(map, "ung", "dav"));
    assert!(army(map, "tor", "gsp") && fleet(map, "tor", "gsp"));
    // Montreal's two coasts: the north on Hudson Bay, the south on the river.
    assert!(fleet(map, "mon/nc", "hud") && !fleet(map, "mon/sc", "hud"));
    assert!(fleet(map, "nyk/sc", "lis"));
}

#[test]
fn the_moves_rules_10_and_15_forbid() {
    let v = atlantica();
    let map = &v.map;
    // 10f: Lake Erie lies between Philadelphia and Toronto.
    assert!(!army(map, "phi", "tor"));
    // 15b: Halifax with Cape Breton is solid; no fleet from Grand Banks to the Strait.
    assert!(!map.any_border(id(map, "grb"), id(map, "nus")));
    assert!(fleet(map, "grb", "hal") && fleet(map, "hal", "nus"));
    // 10d: no fleet above Lake Ontario. The provinces on the upper lakes have no fleet
    // borders, and Lake Ontario is the only lake.
    for p in ["chi", "ohi", "wis"] {
        let p = id(map, p);
        assert!(
            map.province(p)
                .borders
                .iter()
                .all(|b| !b.classes.contains(map.class_bits(&WATER))),
            "{}",
            map.province(p).id
        );
    }
    let lakes = ids(
        map,
        map.province_ids()
            .filter(|&p| map.terrain(p).name == "lake"),
    );
    assert_eq!(lakes, ["lak"]);
    assert!(!fleet(map, "ohi", "wis"));
    // Ontario's only water is Hudson Bay.
    let ont = id(map, "ont");
    let ont_water: Vec<String> = ids(
        map,
        map.province(ont)
            .borders
            .iter()
            .filter(|b| b.classes.contains(map.class_bits(&WATER)))
            .map(|b| b.to.province),
    );
    assert_eq!(ont_water, sorted(&["hud", "mon"]));
}

#[test]
fn frozen_tags_mark_exactly_the_spaces_of_rule_12a() {
    let v = atlantica();
    let map = &v.map;
    let tagged = |t: &str| {
        ids(
            map,
            map.province_ids().filter(|&p| map.has_tag(p, map.tag(t))),
        )
    };
    assert_eq!(
        tagged("frozen"),
        sorted(&["arc", "bar", "dav", "grn", "hud", "lak", "ont", "tor", "ung"])
    );
    assert_eq!(tagged("frozen-nc"), sorted(&["mon", "nyk"]));
    for p in ["mon", "nyk"] {
        assert_eq!(map.province(id(map, p)).coasts, ["nc", "sc"], "{p}");
    }
}

#[test]
fn every_atlantis_area_is_where_three_waters_meet() {
    let v = atlantica();
    let map = &v.map;
    for a in AREAS {
        let p = id(map, a);
        assert_eq!(map.terrain(p).name, "area");
        let n: Vec<ProvinceId> = map.neighbours(p).collect();
        assert_eq!(n.len(), 3, "{a}");
        for &w in &n {
            let t = map.terrain(w);
            assert!(
                t.convoys && !t.holds_many,
                "{a} touches {} which is open sea",
                map.province(w).id
            );
            assert!(fleet(map, a, &map.province(w).id));
        }
        // The three waters meet there, so each touches the other two.
        for (i, &x) in n.iter().enumerate() {
            for &y in &n[i + 1..] {
                assert!(
                    map.any_border(x, y),
                    "{a}: {} and {} do not meet",
                    map.province(x).id,
                    map.province(y).id
                );
            }
        }
    }
    assert_eq!(map.lookup().resolve("Area 3"), Ok(id(map, "ar3")));
}

#[test]
fn a_move_every_month_and_builds_each_quarter() {
    let v = atlantica();
    let cal = &v.calendar;
    let mut phase = cal.first_phase();
    let mut moves = Vec::new();
    let mut builds = Vec::new();
    let mut counted = Vec::new();
    for _ in 0..40 {
        let name = cal.name(phase);
        if name.ends_with("1871 movement") {
            break;
        }
        match cal.kind(phase) {
            engine::phase::PhaseKind::Movement => {
                moves.push(name.clone());
                if cal.ends_centre_count(phase) {
                    counted.push(name.clone());
                }
            }
            engine::phase::PhaseKind::Adjustment => builds.push(name.clone()),
            _ => {}
        }
        phase = cal.next(phase);
    }
    assert_eq!(moves.len(), 12, "{moves:?}");
    assert_eq!(moves[0], "January 1870 movement");
    assert_eq!(moves[11], "December 1870 movement");
    assert_eq!(
        builds,
        [
            "March 1870 adjustment",
            "June 1870 adjustment",
            "September 1870 adjustment",
            "December 1870 adjustment"
        ]
    );
    assert_eq!(
        counted,
        [
            "March 1870 movement",
            "June 1870 movement",
            "September 1870 movement",
            "December 1870 movement"
        ]
    );
}

#[test]
fn the_map_abbreviations_of_rule_16_name_their_provinces() {
    let v = atlantica();
    let map = &v.map;
    for (written, p) in [
        ("Ch Bay", "chb"),
        ("Dk", "den"),
        ("Hisp.", "his"),
        ("La.", "lou"),
        ("L.I.S.", "lis"),
        ("Md.", "mdl"),
        ("N.F.L.", "nfl"),
        ("NFL", "nfl"),
        ("Newfoundland", "nfl"),
        ("N.J.", "nje"),
        ("P.E.I.", "pei"),
        ("P.R.", "pur"),
        ("X", "nus"),
        ("Gulf of St. Lawrence", "gsl"),
        ("Canary Islands", "can"),
    ] {
        assert_eq!(map.lookup().resolve(written), Ok(id(map, p)), "{written}");
    }
}

/// Players write the American powers as the rules do, with dots.
#[test]
fn the_american_powers_are_understood_with_their_dots() {
    let rules = engine::Variant::builtin("atlantica").expect("atlantica loads");
    let csa = rules.power_by_name("CSA").expect("CSA");
    let usa = rules.power_by_name("USA").expect("USA");
    assert_eq!(rules.power_by_name("C.S.A."), Some(csa));
    assert_eq!(rules.power_by_name("u.s.a."), Some(usa));
    assert_eq!(rules.power_by_name(" U. S. A. "), Some(usa));
    assert_eq!(rules.power_by_name("U.K."), None);
}
