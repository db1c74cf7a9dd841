//! Latin American Diplomacy's board as its rules state it: twelve powers and 71 centres (capitals
//! twice), the provinces of each kind the rules list, the multi-coast provinces and river banks,
//! the Greater and Chilean Andes, the non-traversable corners and the special crossings, and the
//! adjacencies the rules' worked examples need.

use engine::map::{Location, Map, ProvinceId, LAND, WATER};
use engine::Rules;
use engine::Variant;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

const RIVERS: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../maps/latin-american/rivers.txt"
));

fn la() -> Arc<Rules> {
    Variant::builtin("latin-american").unwrap_or_else(|e| panic!("{e}"))
}

fn id(map: &Map, s: &str) -> ProvinceId {
    map.province_by_id(s)
        .unwrap_or_else(|| panic!("no province {s}"))
}

/// `gua/nc` or `gua` as a location.
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
    map.border_for(&LAND, at(map, a), at(map, b)).is_some()
}

fn fleet(map: &Map, a: &str, b: &str) -> bool {
    map.border_for(&WATER, at(map, a), at(map, b)).is_some()
}

fn terrain(map: &Map, p: ProvinceId) -> &str {
    map.terrain(p).name.as_str()
}

fn of_terrain(map: &Map, t: &str) -> BTreeSet<String> {
    map.province_ids()
        .filter(|&p| terrain(map, p) == t)
        .map(|p| map.province(p).id.clone())
        .collect()
}

fn set(list: &[&str]) -> BTreeSet<String> {
    list.iter().map(|s| s.to_string()).collect()
}

fn neighbours(map: &Map, p: &str) -> BTreeSet<String> {
    map.neighbours(id(map, p))
        .map(|q| map.province(q).id.clone())
        .collect()
}

/// The kinds of the border between two provinces (every line between them together).
fn kinds(map: &Map, a: &str, b: &str) -> BTreeSet<String> {
    let (pa, pb) = (id(map, a), id(map, b));
    let borders: Vec<_> = map
        .province(pa)
        .borders
        .iter()
        .filter(|x| x.to.province == pb)
        .collect();
    assert!(!borders.is_empty(), "{a} and {b} do not border");
    map.border_kind_names
        .iter()
        .filter(|k| {
            let kind = map.border_kind(k);
            borders.iter().any(|x| x.kinds.contains(kind))
        })
        .cloned()
        .collect()
}

fn tagged(map: &Map, tag: &str) -> BTreeSet<String> {
    let t = map.tag(tag);
    map.province_ids()
        .filter(|&p| map.has_tag(p, t))
        .map(|p| map.province(p).id.clone())
        .collect()
}

#[test]
fn twelve_powers_and_71_centres_with_capitals_counted_twice() {
    let v = la();
    let m = &v.map;
    let names: Vec<&str> = v.powers.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "Argentina",
            "Brazil",
            "Britain",
            "Bolivia",
            "Chile",
            "Colombia",
            "France",
            "Mexico",
            "Peru",
            "Spain",
            "USA",
            "Venezuela"
        ]
    );
    let centres: BTreeSet<String> = m
        .supply_centers()
        .map(|p| m.province(p).id.clone())
        .collect();
    assert_eq!(centres.len(), 63, "centre provinces");
    let capitals = tagged(m, "capital");
    assert_eq!(
        capitals,
        set(&["bue", "rio", "lpz", "stg", "bog", "mcy", "lim", "car"])
    );
    assert!(capitals.is_subset(&centres));
    let counted = centres.len() + capitals.len();
    assert_eq!(counted, 71, "rule 7: 16 + 35 + 9 + 11");
    let homes: Vec<&str> = m
        .provinces
        .iter()
        .filter(|p| p.home_of.is_some() && !capitals.contains(&p.id))
        .map(|p| p.id.as_str())
        .collect();
    assert_eq!(homes.len(), 35, "home centres: {homes:?}");
    let outposts = tagged(m, "outpost");
    assert_eq!(outposts.len(), 9);
    assert!(outposts.is_subset(&centres));
    let inactive: BTreeSet<String> = tagged(m, "territory-holland")
        .union(&tagged(m, "territory-portugal"))
        .cloned()
        .collect();
    assert_eq!(inactive.intersection(&outposts).count(), 4);
    for o in &outposts {
        assert!(m.province(id(m, o)).home_of.is_none(), "{o}");
    }
    let neutral: Vec<&String> = centres
        .iter()
        .filter(|c| m.province(id(m, c)).home_of.is_none() && !outposts.contains(*c))
        .collect();
    assert_eq!(neutral.len(), 11, "{neutral:?}");
    for named in ["gua", "hon"] {
        assert!(neutral.contains(&&named.to_string()), "rule 5.B: {named}");
    }
    // Rule 12.B: 36 of 71, a majority, counted the same way.
    assert_eq!(v.victory_centers, 36);
    assert!(2 * v.victory_centers > counted);
    // Nobody owns an outpost or a neutral centre at the start.
    let start = v.initial_position();
    for p in 0..v.powers.len() {
        for c in start.centres_of(engine::unit::PowerId(p as u8)) {
            assert!(m.province(c).home_of.is_some(), "{}", m.province(c).id);
        }
    }
}

#[test]
fn the_starting_units_stand_on_their_home_centres_and_match_the_centres_after_1890_d() {
    let v = la();
    let m = &v.map;
    let mut units: BTreeMap<&str, Vec<String>> = BTreeMap::new();
    for u in &m.starting_units {
        let p = m.province(u.location.province);
        assert_eq!(
            p.home_of.as_deref(),
            Some(u.power.as_str()),
            "{} {} stands on a home centre of its own",
            u.power,
            p.id
        );
        units.entry(u.power.as_str()).or_default().push(format!(
            "{} {}",
            u.kind,
            m.location_name(u.location)
        ));
    }
    let want: &[(&str, &[&str])] = &[
        ("Argentina", &["A tuc", "A cor", "F bue"]),
        ("Brazil", &["A rio", "A rec", "F bhi", "F sao"]),
        ("Britain", &["A guy", "F bhm", "F jam", "F tri", "F efa"]),
        ("Bolivia", &["A lpz", "A cbb", "A chq"]),
        ("Chile", &["A stg", "A ant", "F con"]),
        ("Colombia", &["A bog", "A med", "F pan/sc"]),
        ("France", &["A fgu", "F mtq", "F gdp", "F dak"]),
        ("Mexico", &["A mcy", "A gdl", "A slp", "F mer"]),
        ("Peru", &["A lim", "A cuz", "F tru"]),
        ("Spain", &["A hab", "F sdc", "F pri", "F can"]),
        ("USA", &["A atl", "A hou", "F jac", "F nol"]),
        ("Venezuela", &["A car", "A bqt", "F mcb"]),
    ];
    assert_eq!(m.starting_units.len(), 43);
    let capitals = tagged(m, "capital");
    for (power, list) in want {
        let listed: Vec<String> = list.iter().map(|s| s.to_string()).collect();
        assert_eq!(units[power], listed, "{power}");
        // Centres counted as the rules count them: a capital twice.
        let centres: usize = m
            .provinces
            .iter()
            .filter(|p| p.home_of.as_deref() == Some(*power))
            .map(|p| if capitals.contains(&p.id) { 2 } else { 1 })
            .sum();
        let has_capital = m
            .provinces
            .iter()
            .any(|p| p.home_of.as_deref() == Some(*power) && capitals.contains(&p.id));
        // Rule 7.A.i: in 1890 D each power with a capital builds one unit.
        let after_1890_d = list.len() + usize::from(has_capital);
        assert_eq!(centres, after_1890_d, "{power}");
    }
}

#[test]
fn the_provinces_of_each_kind_are_the_ones_the_rules_list() {
    let v = la();
    let m = &v.map;
    // Rule 5.C.ii.
    assert_eq!(
        of_terrain(m, "mountain"),
        set(&["mcy", "bqt", "aya", "cbb", "pot", "cdy", "juj"])
    );
    // Rule 5.I.
    assert_eq!(of_terrain(m, "desert"), set(&["ant", "atc", "tar"]));
    assert!(army(m, "tar", "ant") && army(m, "ant", "atc"));
    // Rule 5.D.ii.
    assert_eq!(
        of_terrain(m, "rainforest"),
        set(&[
            "vic", "vau", "avz", "rbr", "cah", "tig", "lor", "acr", "ama", "jap", "man", "par",
            "cgr"
        ])
    );
    // Rule 5.E.
    assert_eq!(of_terrain(m, "swamp"), set(&["for", "boq", "spd"]));
    // Rule 5.H.
    assert_eq!(of_terrain(m, "glacier"), set(&["grl"]));
    assert_eq!(of_terrain(m, "lake"), set(&["lnc", "ltt"]));
    for sea in ["lmc", "ldp", "tdc", "sgm"] {
        assert_eq!(terrain(m, id(m, sea)), "sea", "{sea} is a sea province");
    }
    // Rule 5.G: islands without a water barrier, islands of several provinces and Guadalajara
    // are coastal provinces.
    for coast in [
        "jam", "iwe", "mgs", "tdf", "hai", "dom", "hab", "scl", "cam", "sdc", "gdl",
    ] {
        assert_eq!(terrain(m, id(m, coast)), "coast", "{coast}");
    }
    assert!(fleet(m, "gdl", "mat"), "rule 5.J.4.iii");
    for island in [
        "pri", "bhm", "ber", "tri", "bar", "gdp", "mtq", "stm", "stc", "ubr", "vir", "cur", "can",
        "cvi", "gal", "isf", "wfa", "efa", "mjo", "lba",
    ] {
        let p = id(m, island);
        assert_eq!(terrain(m, p), "island", "{island}");
        assert!(m.terrain(p).convoys, "a fleet on {island} may convoy");
    }
    // Rule 5.F: the oceans the rules name hold any number of fleets; seas hold one.
    for ocean in [
        "eao", "mao", "gbs", "pbs", "epr", "mat", "ctr", "agb", "sse", "btr", "ptr", "chr",
    ] {
        let p = id(m, ocean);
        assert_eq!(terrain(m, p), "ocean", "{ocean}");
        assert!(m.terrain(p).holds_many, "{ocean}");
    }
    assert!(!m.terrain(id(m, "fcr")).holds_many);
    // Every land province is coastal or upland (rule 5, "Summary of provinces"): the uplands
    // touch no water.
    for p in m.province_ids() {
        let t = terrain(m, p);
        if ["upland", "mountain", "rainforest", "swamp"].contains(&t) {
            assert!(
                m.neighbours(p)
                    .all(|q| !["sea", "ocean", "lake"].contains(&terrain(m, q))),
                "{} is upland but touches water",
                m.province(p).id
            );
        }
    }
}

#[test]
fn mountain_and_rainforest_provinces_have_only_such_borders() {
    let v = la();
    let m = &v.map;
    for p in of_terrain(m, "mountain") {
        for q in neighbours(m, &p) {
            assert!(kinds(m, &p, &q).contains("mountain"), "{p}-{q}");
        }
    }
    for p in of_terrain(m, "rainforest") {
        for q in neighbours(m, &p) {
            assert!(kinds(m, &p, &q).contains("rainforest"), "{p}-{q}");
        }
    }
    // Rule 5.C.ii's note: La Paz and Puno each have one border that is not mountainous, the lake.
    for p in ["lpz", "pun"] {
        let plain: Vec<String> = neighbours(m, p)
            .into_iter()
            .filter(|q| !kinds(m, p, q).contains("mountain"))
            .collect();
        assert_eq!(plain, ["ltt"], "{p}");
    }
}

#[test]
fn the_greater_andes_contain_the_chilean_andes() {
    let v = la();
    let m = &v.map;
    let chile = tagged(m, "territory-chile");
    let argentina = tagged(m, "territory-argentina");
    for p in m.province_ids() {
        let a = m.province(p).id.clone();
        for b in neighbours(m, &a) {
            let k = kinds(m, &a, &b);
            if k.contains("greater-andes") {
                assert!(k.contains("mountain"), "{a}-{b}");
            }
            if k.contains("chilean-andes") {
                assert!(k.contains("greater-andes"), "{a}-{b}");
                let across = (chile.contains(&a) && argentina.contains(&b))
                    || (argentina.contains(&a) && chile.contains(&b));
                assert!(
                    across,
                    "{a}-{b}: the Chilean Andes part Chile and Argentina"
                );
            }
        }
    }
    // Rule 5.C.iii: from Piura/Cajamarca south to Aisen/Santa Cruz; the worked example crosses
    // it from Ayacucho to Lima.
    for (a, b) in [("piu", "caj"), ("aya", "lim"), ("ais", "scr")] {
        assert!(kinds(m, a, b).contains("greater-andes"), "{a}-{b}");
    }
    assert!(!kinds(m, "aya", "lim").contains("chilean-andes"));
    // Rule 5.C.iv: from Atacama/Catamarca south to Aisen/Santa Cruz; the examples cross it
    // from San Juan into Atacama.
    for (a, b) in [
        ("atc", "cat"),
        ("sju", "atc"),
        ("ais", "scr"),
        ("stg", "men"),
    ] {
        assert!(kinds(m, a, b).contains("chilean-andes"), "{a}-{b}");
    }
    // Mexico City and Barquisimeto are mountain provinces outside the Andes.
    assert!(!kinds(m, "mcy", "gto").contains("greater-andes"));
    assert!(!kinds(m, "bqt", "car").contains("greater-andes"));
}

#[test]
fn the_multi_coast_provinces_open_to_the_waters_the_rules_list() {
    let v = la();
    let m = &v.map;
    let waters = |loc: &str| -> BTreeSet<String> {
        let l = at(m, loc);
        m.province(l.province)
            .borders
            .iter()
            .filter(|b| b.from_coast == l.coast)
            .filter(|b| ["sea", "ocean", "lake"].contains(&terrain(m, b.to.province)))
            .map(|b| m.province(b.to.province).id.clone())
            .collect()
    };
    // Rule 5.B, "Provinces with multiple sea coasts".
    let listed: &[(&str, &[&str])] = &[
        ("cam/nc", &["bbk"]),
        ("cam/sc", &["jar"]),
        ("cri/nc", &["bpg", "gmq"]),
        ("cri/sc", &["gfo", "crg", "gch"]),
        ("gua/nc", &["goh"]),
        ("gua/sc", &["gte", "gtb"]),
        ("hon/nc", &["goh", "wcs", "ips"]),
        ("hon/sc", &["gfo"]),
        ("pan/nc", &["gmq", "gdd"]),
        ("pan/sc", &["gch", "gpn"]),
        ("scl/nc", &["fch", "bbk"]),
        ("scl/sc", &["ijv", "jar"]),
        // Lake shores and sea coasts: Leon and Miskito Coast.
        ("leo/ls", &["lnc"]),
        ("leo/sc", &["gfo"]),
        ("mqc/ls", &["lnc"]),
        ("mqc/sc", &["ips", "bpg"]),
    ];
    for (loc, want) in listed {
        assert_eq!(waters(loc), set(want), "{loc}");
    }
    let split: BTreeSet<String> = m
        .provinces
        .iter()
        .filter(|p| !p.coasts.is_empty())
        .map(|p| p.id.clone())
        .collect();
    assert_eq!(
        split,
        set(&["cam", "cri", "gua", "hon", "pan", "scl", "leo", "mqc"])
    );
    // La Paz's fleet stands on the lake shore (rule 5.H: F La Paz [ls]); Puno borders the lake.
    assert!(fleet(m, "lpz", "ltt") && fleet(m, "pun", "ltt"));
    assert!(!fleet(m, "leo/sc", "lnc") && !fleet(m, "mqc/sc", "lnc"));
}

/// rivers.txt: the banks of each province that has several, and the river links.
struct Rivers {
    banks: BTreeMap<String, Vec<String>>,
    links: Vec<(String, String)>,
}

fn rivers() -> Rivers {
    let mut r = Rivers {
        banks: BTreeMap::new(),
        links: Vec::new(),
    };
    for (n, line) in RIVERS.lines().enumerate() {
        let t: Vec<&str> = line.split_whitespace().collect();
        match t.as_slice() {
            [] => {}
            [first, ..] if first.starts_with('#') => {}
            ["banks", p, banks @ ..] => {
                r.banks
                    .insert(p.to_string(), banks.iter().map(|s| s.to_string()).collect());
            }
            ["river", a, b] => r.links.push((a.to_string(), b.to_string())),
            _ => panic!("rivers.txt line {}: {line}", n + 1),
        }
    }
    r
}

#[test]
fn the_river_banks_are_the_ones_the_rules_list_and_every_river_reaches_its_banks() {
    let v = la();
    let m = &v.map;
    let r = rivers();
    let want: &[(&str, &[&str])] = &[
        ("vic", &["nb", "sb"]),
        ("met", &["nb", "sb"]),
        ("avz", &["nb", "sb"]),
        ("ama", &["nb", "sb"]),
        ("tig", &["nb", "sb"]),
        ("jap", &["nb", "sb"]),
        ("crr", &["eb", "wb"]),
        ("spd", &["eb", "wb"]),
        ("cgr", &["eb", "wb"]),
        ("goi", &["eb", "wb"]),
        ("vau", &["nb", "cb", "sb"]),
        ("cui", &["wb", "nwb", "neb", "eb", "sb"]),
        ("mis", &["sc", "rb"]),
        ("car", &["sc", "rb"]),
        ("gur", &["sc", "rb"]),
        ("guy", &["sc", "rb"]),
        ("mar", &["sc", "rb"]),
        ("sao", &["sc", "rb"]),
        ("prn", &["sc", "rb"]),
        ("sca", &["sc", "rb"]),
        ("rgs", &["sc", "rb"]),
        ("lpz", &["ls", "rb"]),
    ];
    let got: BTreeMap<String, Vec<String>> = want
        .iter()
        .map(|(p, b)| (p.to_string(), b.iter().map(|s| s.to_string()).collect()))
        .collect();
    assert_eq!(r.banks, got);
    // Twelve with several river banks, nine with a river bank and a sea coast (rule 5.B).
    let river_only = r
        .banks
        .values()
        .filter(|b| !b.contains(&"sc".to_string()))
        .count();
    assert_eq!(river_only, 13, "twelve, and La Paz");
    let split = |s: &str| -> (String, Option<String>) {
        match s.split_once('/') {
            Some((p, b)) => (p.to_string(), Some(b.to_string())),
            None => (s.to_string(), None),
        }
    };
    let mut reached: BTreeSet<String> = BTreeSet::new();
    let mut linked: BTreeSet<(String, String)> = BTreeSet::new();
    for (a, b) in &r.links {
        for end in [a, b] {
            let (p, bank) = split(end);
            assert!(
                m.province_by_id(&p).is_some(),
                "rivers.txt: no province {p}"
            );
            match (r.banks.get(&p), &bank) {
                (Some(banks), Some(bank)) => {
                    assert!(banks.contains(bank), "{end}: {p} has no bank {bank}");
                    assert!(
                        bank != "sc" && bank != "ls",
                        "{end}: a river reaches a bank"
                    );
                    reached.insert(end.clone());
                }
                (Some(_), None) => panic!("{end}: {p} needs a bank in {a} {b}"),
                (None, Some(_)) => panic!("{end}: {p} has no banks"),
                (None, None) => {}
            }
        }
        let (pa, pb) = (split(a).0, split(b).0);
        assert!(
            kinds(m, &pa, &pb).contains("river"),
            "rivers.txt links {a} {b}: their border is no river"
        );
        linked.insert((pa.clone().min(pb.clone()), pa.max(pb)));
    }
    // Every river border carries a link, and every bank is reached by a river.
    for p in m.province_ids() {
        let a = m.province(p).id.clone();
        for b in neighbours(m, &a) {
            if a < b && kinds(m, &a, &b).contains("river") {
                assert!(linked.contains(&(a.clone(), b.clone())), "{a}-{b}");
            }
        }
    }
    for (p, banks) in &r.banks {
        for bank in banks.iter().filter(|b| *b != "sc" && *b != "ls") {
            assert!(reached.contains(&format!("{p}/{bank}")), "{p}/{bank}");
        }
    }
    // The South Bank of Amazonas borders only on Cuiaba (rule 5.B's note).
    let south: Vec<&(String, String)> = r
        .links
        .iter()
        .filter(|(a, b)| a == "ama/sb" || b == "ama/sb")
        .collect();
    assert_eq!(south.len(), 1);
    assert!(south[0].0.starts_with("cui") || south[0].1.starts_with("cui"));
    // The worked examples: R Rio Branco - Guyana [rib]; R Para - Cuiaba [nwb]; R Meta - Vaupes
    // [nb]; F Amapa - Para up the river; R Rondonia - Amazonas; R Guyana [rib] - Para refused.
    let has = |a: &str, b: &str| {
        r.links
            .iter()
            .any(|(x, y)| (x == a && y == b) || (x == b && y == a))
    };
    assert!(has("rbr", "guy/rb"));
    assert!(has("par", "cui/nwb"));
    assert!(has("met/sb", "vau/nb"));
    assert!(has("par", "amp"));
    assert!(has("ron", "ama/nb"));
    assert!(army(m, "guy", "par") && !kinds(m, "guy", "par").contains("river"));
    // Rule 5.J.4.v: San Pedro and Tarija, by the river.
    assert!(has("spd/wb", "tja"));
}

#[test]
fn the_non_traversable_corners_are_no_borders() {
    let v = la();
    let m = &v.map;
    // Rule 5.J.2, both ways.
    for (a, b) in [
        ("ver", "chp"),
        ("tab", "oax"),
        ("cdy", "cat"),
        ("sla", "atc"),
        ("stg", "sju"),
        ("coq", "men"),
        ("car", "bov"),
        ("gur", "apu"),
        ("zac", "gto"),
        ("bue", "uru"),
        // Rule 5.J.4.vi.
        ("mcb", "gov"),
    ] {
        assert!(!m.any_border(id(m, a), id(m, b)), "{a}-{b}");
        assert!(!m.any_border(id(m, b), id(m, a)), "{b}-{a}");
    }
    // ... while the other two of each corner do border.
    for (a, b) in [
        ("ver", "tab"),
        ("oax", "chp"),
        ("cdy", "sla"),
        ("cat", "atc"),
        ("coq", "sju"),
        ("stg", "men"),
        ("car", "apu"),
        ("gur", "bov"),
        ("gdl", "slp"),
    ] {
        assert!(army(m, a, b), "{a}-{b}");
    }
    // Rule 5.J.4.vii.
    assert!(fleet(m, "gov", "scs"));
}

#[test]
fn the_special_crossings() {
    let v = la();
    let m = &v.map;
    // Rule 5.J.3.i: the Falklands, closed while Falkland Sound is occupied.
    assert!(army(m, "wfa", "efa") && fleet(m, "wfa", "efa"));
    assert!(kinds(m, "wfa", "efa").contains("sound-crossing"));
    assert_eq!(tagged(m, "sound"), set(&["fsd"]));
    assert!(fleet(m, "fsd", "wfa") && fleet(m, "fsd", "efa"));
    // Rule 5.J.3.ii-iv: armies across water.
    for (a, b) in [
        ("tri", "gur"),
        ("tri", "mon"),
        ("mjo", "par"),
        ("mjo", "amp"),
        ("mjo", "bel"),
        ("iwe", "ais"),
        ("iwe", "pta"),
    ] {
        assert!(army(m, a, b), "{a}-{b}");
        assert!(kinds(m, a, b).contains("direct-passage"), "{a}-{b}");
    }
    // Other islands: no army border, except the two joined by land.
    assert!(!army(m, "tri", "guy") && fleet(m, "tri", "guy"));
    assert!(army(m, "stm", "stc") && army(m, "mgs", "tdf"));
    // Rule 5.J.4.i: St Maarten & St Barthelemy's neighbours.
    assert_eq!(neighbours(m, "stm"), set(&["stc", "ubr", "vir"]));
    assert!(!army(m, "stm", "ubr") && !army(m, "stm", "vir"));
    // Rule 5.J.4.iv.
    assert_eq!(neighbours(m, "pta"), set(&["ais", "iwe", "scr", "bgr"]));
    assert_eq!(neighbours(m, "iwe"), set(&["ais", "gpe", "pta", "chr"]));
    assert!(fleet(m, "ais", "chr"));
    // Rule 5.J.4.v.
    assert!(army(m, "spd", "tja"));
    // Rule 5.L: the Larsen Ice Shelf.
    assert!(!m.any_border(id(m, "grl"), id(m, "wed")));
}

#[test]
fn the_worked_examples_adjacencies() {
    let v = la();
    let m = &v.map;
    // Rule 5.C, Chilean Andes examples 1-4: Atacama's neighbours, Catamarca the only one a
    // beaten army there could flee to.
    assert_eq!(
        neighbours(m, "atc"),
        set(&["ant", "cdy", "cat", "lrj", "sju", "coq", "ptt"])
    );
    assert!(fleet(m, "ptt", "atc") && fleet(m, "ctr", "ptt"));
    assert!(army(m, "cdy", "atc"));
    // Greater Andes: A Ayacucho - Lima supported from Huanuco and San Martin; Lima held with
    // Ancash's support.
    for p in ["aya", "hua", "smt", "anc"] {
        assert!(army(m, p, "lim"), "{p}-lim");
    }
    // Rainforest: A Cuiaba - Para; R Rondonia - Amazonas; A Para - Manaus, R Amazonas - Manaus.
    for (a, b) in [
        ("cui", "par"),
        ("ron", "ama"),
        ("par", "man"),
        ("ama", "man"),
    ] {
        assert!(army(m, a, b), "{a}-{b}");
    }
    // Oceans: rule 5.F's examples.
    for (a, b) in [
        ("mao", "eao"),
        ("mao", "cvi"),
        ("eao", "cvi"),
        ("gbs", "eao"),
        ("btr", "sse"),
        ("ber", "sse"),
        ("gal", "epr"),
        ("mat", "epr"),
        ("ptr", "epr"),
        ("agb", "fcr"),
        ("fsd", "fcr"),
        ("wfa", "fcr"),
    ] {
        assert!(fleet(m, a, b), "{a}-{b}");
    }
    // Rule 6.B.ii's example: the Falkland Current touches no coastal province.
    for q in neighbours(m, "fcr") {
        let t = terrain(m, id(m, &q));
        assert!(!["coast", "desert"].contains(&t), "fcr-{q}");
    }
    // Rule 5.G's convoy examples: Surinam - Trinidad & Tobago through the Guiana Basin; Guyana
    // - Barbados convoyed by Trinidad & Tobago; Magdalena - Santiago de Cuba through the South
    // Caribbean Sea and the Windward Passage, which are connected.
    assert!(fleet(m, "gbs", "sur") && fleet(m, "gbs", "tri"));
    assert!(fleet(m, "tri", "guy") && fleet(m, "tri", "bar"));
    assert!(fleet(m, "scs", "mag") && fleet(m, "wwp", "sdc"));
    assert!(fleet(m, "scs", "wwp"), "\"they are\" connected");
    // Rule 7.A.i's example: Chile builds F Islas San Felix, Peru R Loreto.
    assert!(tagged(m, "territory-chile").contains("isf"));
    assert!(tagged(m, "territory-peru").contains("lor"));
    // Rule 7.A.ii: British Honduras belongs to Britain; Amazonas de Venezuela to Venezuela.
    assert!(tagged(m, "territory-britain").contains("bhn"));
    assert!(tagged(m, "territory-venezuela").contains("avz"));
}

#[test]
fn players_may_write_the_names_as_the_rules_spell_them() {
    let v = la();
    let m = &v.map;
    for (name, want) in [
        ("Corientes", "crr"),
        ("Guagajuato", "gto"),
        ("Tobasco", "tab"),
        ("Chiquisaca", "chq"),
        ("Buenos Aries", "bue"),
        ("Golfo de Corcovoda", "gcv"),
        ("Puerto Arenas", "pta"),
        ("Guayana", "guy"),
        ("Golfo de los Misquitos", "gmq"),
        ("Baha Punta Gorda", "bpg"),
        ("Islas de Providence y San Andres", "ips"),
        ("Campo Grandes", "cgr"),
        ("La Rio Ja", "lrj"),
        ("Galapagos Island", "gal"),
        ("Amazonas de Brazil", "ama"),
        ("Trinidad and Tobago", "tri"),
        ("St. Maarten & St. Barthelemy", "stm"),
        ("Santa Cruz de la Sierra", "scb"),
        ("Lake Titicaca", "ltt"),
    ] {
        let got = m
            .lookup()
            .resolve(name)
            .unwrap_or_else(|_| panic!("{name} is not understood"));
        assert_eq!(m.province(got).id, want, "{name}");
    }
}
