//! Latin American Diplomacy's board as its rules state it: twelve powers and 71 centres (capitals
//! twice), the provinces of each kind the rules list, the multi-coast provinces and river banks,
//! the Greater and Chilean Andes, the non-traversable corners and the special crossings, and the
//! adjacencies the rules' worked examples need.

use engine::map::{Location, Map, MoveClass, ProvinceId, LAND, WATER};
use engine::Rules;
use engine::Variant;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

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
        .province_ids()
        .filter(|&p| m.has_coasts_for(&WATER, p))
        .map(|p| m.province(p).id.clone())
        .collect();
    assert_eq!(
        split,
        set(&["cam", "cri", "gua", "hon", "pan", "scl", "leo", "mqc"])
    );
    // La Paz's fleet stands on the lake shore (rule 5.H: F La Paz [ls]); Puno borders the lake.
    assert!(fleet(m, "lpz", "ltt") && fleet(m, "pun", "ltt"));
    assert!(!fleet(m, "leo/sc", "lnc") && !fleet(m, "mqc/sc", "lnc"));
}

/// The river flotilla's way of moving, declared in the variant's data (`[[vocabulary.classes]]`).
static RIVER: MoveClass = MoveClass { name: "river" };

fn flotilla(map: &Map, a: &str, b: &str) -> bool {
    map.border_for(&RIVER, at(map, a), at(map, b)).is_some()
}

/// The banks, shores and coasts a flotilla names in each province that has several for it.
fn banks(map: &Map) -> BTreeMap<String, Vec<String>> {
    map.province_ids()
        .filter(|&p| map.has_coasts_for(&RIVER, p))
        .map(|p| {
            let prov = map.province(p);
            let names = map
                .coasts_for(&RIVER, p)
                .map(|c| prov.coasts[c.0 as usize].clone())
                .collect();
            (prov.id.clone(), names)
        })
        .collect()
}

#[test]
fn the_river_banks_are_the_ones_the_rules_list_and_every_river_reaches_its_banks() {
    let v = la();
    let m = &v.map;
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
        // Panama, Costa Rica, ...: the fleets' split coasts are the flotilla's too.
        ("cam", &["nc", "sc"]),
        ("cri", &["nc", "sc"]),
        ("gua", &["nc", "sc"]),
        ("hon", &["nc", "sc"]),
        ("pan", &["nc", "sc"]),
        ("scl", &["nc", "sc"]),
        ("leo", &["ls", "sc"]),
        ("mqc", &["ls", "sc"]),
    ];
    let got: BTreeMap<String, Vec<String>> = want
        .iter()
        .map(|(p, b)| (p.to_string(), b.iter().map(|s| s.to_string()).collect()))
        .collect();
    assert_eq!(banks(m), got);
    // A fleet names none of the river banks: Guyana, Cuiaba and La Paz are one place for it.
    for p in ["guy", "cui", "lpz", "ama", "mis"] {
        assert!(!m.has_coasts_for(&WATER, id(m, p)), "{p}");
    }
    // Every river border between two provinces carries a flotilla's route, and every bank is
    // reached by one; the routes along a river bank are river borders.
    let bank = |l: Location| {
        l.coast
            .map(|c| m.province(l.province).coasts[c.0 as usize].clone())
            .filter(|c| c != "sc" && c != "ls")
    };
    let mut reached: BTreeSet<String> = BTreeSet::new();
    for p in m.province_ids() {
        let a = m.province(p).id.clone();
        for b in neighbours(m, &a) {
            let (pa, pb) = (id(m, &a), id(m, &b));
            let routes: Vec<_> = m
                .province(pa)
                .borders
                .iter()
                .filter(|x| x.to.province == pb && m.crosses(&RIVER, x))
                .collect();
            if kinds(m, &a, &b).contains("river") && m.terrain(pa).name != "sea" {
                assert!(!routes.is_empty(), "{a}-{b}: a river and no flotilla route");
            }
            for r in routes {
                let from = Location {
                    province: pa,
                    coast: r.from_coast,
                };
                if let Some(k) = bank(from) {
                    reached.insert(format!("{a}/{k}"));
                    assert!(kinds(m, &a, &b).contains("river"), "{a}/{k}-{b}");
                }
            }
        }
    }
    for (p, names) in &banks(m) {
        for k in names.iter().filter(|b| *b == "rb" || b.ends_with('b')) {
            assert!(reached.contains(&format!("{p}/{k}")), "{p}/{k}");
        }
    }
    // The South Bank of Amazonas borders only on Cuiaba (rule 5.B's note).
    let south: BTreeSet<String> = m
        .province(id(m, "ama"))
        .borders
        .iter()
        .filter(|b| m.crosses(&RIVER, b) && b.from_coast == at(m, "ama/sb").coast)
        .map(|b| m.province(b.to.province).id.clone())
        .collect();
    assert_eq!(south, set(&["cui"]));
    // The worked examples: R Rio Branco - Guyana [rib]; R Para - Cuiaba [nwb]; R Meta - Vaupes
    // [nb]; F Amapa - Para up the river; R Rondonia - Amazonas; R Guyana [rib] - Para refused.
    assert!(flotilla(m, "rbr", "guy/rb"));
    assert!(flotilla(m, "par", "cui/nwb"));
    assert!(flotilla(m, "met/sb", "vau/nb"));
    assert!(flotilla(m, "par", "amp"));
    assert!(flotilla(m, "ron", "ama/nb"));
    assert!(army(m, "guy", "par") && !flotilla(m, "guy/rb", "par"));
    assert!(!flotilla(m, "guy/sc", "par"));
    // Rule 5.J.4.v: San Pedro and Tarija, by the river.
    assert!(flotilla(m, "spd/wb", "tja"));
    // Rule 6.B.ii: at sea from a river mouth and round the coast; never into land with no river,
    // and fleets never up a river.
    let to_sea = |from: &str| {
        let l = at(m, from);
        m.province(l.province).borders.iter().any(|b| {
            m.crosses(&RIVER, b)
                && b.from_coast == l.coast
                && ["sea", "ocean"].contains(&m.terrain(b.to.province).name.as_str())
        })
    };
    assert!(to_sea("guy/sc") && !to_sea("guy/rb") && to_sea("nol"));
    assert!(flotilla(m, "lpz/ls", "ltt") && !flotilla(m, "lpz/rb", "ltt"));
    assert!(!flotilla(m, "ltt", "pun"), "Puno has no river");
    assert!(!fleet(m, "rbr", "guy") && !fleet(m, "par", "amp"));
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
