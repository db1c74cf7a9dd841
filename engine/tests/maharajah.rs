//! Maharajah: the map data's river facts, the province-tag loader, the scenario cases of
//! `tests/data/maharajah.json` through `engine::case`, and the variant state in position JSON.

use engine::case::{differences, position_json, read_case, read_position, run_case};
use engine::map::{parse_map_files, MapFiles};
use engine::token::{Token, TokenKind, TokenValue};
use engine::Rules;
use engine::Variant;
use serde_json::Value;

fn maharajah() -> std::sync::Arc<Rules> {
    Variant::builtin("maharajah").expect("maharajah is built in")
}

#[test]
fn the_variant_is_built_in_with_its_calendar_and_victory_count() {
    assert!(engine::variants::BUILTIN.contains(&"maharajah"));
    let v = maharajah();
    assert_eq!(v.map.provinces.len(), 77);
    assert_eq!(v.map.supply_centers().count(), 37);
    assert_eq!(v.powers.len(), 7);
    // Rule 1: a majority of the 37 centres.
    assert_eq!(v.victory_centers, 19);
    // Rules 4 and 5: first year 1501, and the adjustment is the Monsoon.
    let first = v.calendar.first_phase();
    assert_eq!(v.calendar.name(first), "Spring 1501 movement");
    let monsoon = v
        .calendar
        .parse("Monsoon 1501")
        .expect("Monsoon is a phase");
    assert_eq!(v.calendar.name(monsoon), "Monsoon 1501 adjustment");
}

#[test]
fn river_data_matches_the_rules() {
    let v = maharajah();
    let map = &v.map;
    let id = |s: &str| map.province_by_id(s).unwrap_or_else(|| panic!("{s}"));
    let river: Vec<&str> = map
        .province_ids()
        .filter(|&p| map.has_tag(p, map.tag("river-convoy")))
        .map(|p| map.province(p).id.as_str())
        .collect();
    // The reference notes' list of river-convoy provinces.
    assert_eq!(
        river,
        [
            "agr", "ass", "ava", "awa", "ben", "bik", "bng", "jsl", "kab", "lah", "mul", "muz",
            "ori", "peg", "pes", "sbp", "sin"
        ]
    );
    let fleet_kind = |a: &str, b: &str| {
        map.province(id(a))
            .borders
            .iter()
            .find(|x| x.to.province == id(b) && map.carries_convoys(x))
            .map(|x| x.kinds.contains(map.border_kind("river")))
    };
    // Rule 2's fixed borders: Bengal's river neighbours, Pegu by coast only.
    for n in ["ass", "ben", "muz", "ori", "sbp"] {
        assert_eq!(
            fleet_kind("bng", n),
            Some(true),
            "bng-{n} is a river border"
        );
    }
    assert_eq!(
        fleet_kind("bng", "peg"),
        Some(false),
        "bng-peg is a coast border"
    );
    // Clarification 2: no fleet move between Assam and Ava or between Agra and Lahore.
    assert_eq!(fleet_kind("ass", "ava"), None);
    assert_eq!(fleet_kind("agr", "lah"), None);
    let rivers = map
        .province_ids()
        .flat_map(|p| map.province(p).borders.iter().map(move |b| (p, b)))
        .filter(|(p, b)| *p < b.to.province && b.kinds.contains(map.border_kind("river")))
        .count();
    assert_eq!(rivers, 25);
}

#[test]
fn province_tags_are_checked_with_file_and_line() {
    let load = |provinces: &str| {
        parse_map_files(&MapFiles {
            provinces: ("provinces.txt", provinces),
            borders: ("borders.txt", "a b army fleet\nb s fleet\na s fleet\n"),
            units: ("units.txt", ""),
        })
        .map(|m| {
            m.province_ids()
                .map(|p| m.tags_of(p).join(","))
                .collect::<Vec<_>>()
        })
        .map_err(|e| e.iter().map(|x| x.to_string()).collect::<Vec<_>>())
    };
    let good = load("a coast \"A\" tags=river-convoy\nb coast \"B\"\ns sea \"S\"\n");
    assert_eq!(
        good,
        Ok(vec![
            "river-convoy".to_string(),
            String::new(),
            String::new()
        ])
    );
    let errs = load(
        "a coast \"A\" tags=river-convoy,ford\nb coast \"B\" tags=river-convoy,river-convoy\ns sea \"S\" tags=river-convoy\n",
    )
    .unwrap_err();
    let has = |needle: &str| errs.iter().any(|e| e.contains(needle));
    assert!(
        has("provinces.txt:1: unknown tag 'ford'; expected one of river-convoy, big-island"),
        "{errs:#?}"
    );
    assert!(
        has("provinces.txt:2: tag 'river-convoy' is given twice"),
        "{errs:#?}"
    );
    assert!(
        has("provinces.txt:3: s is tagged river-convoy but is sea"),
        "{errs:#?}"
    );
}

fn scenario_cases() -> Vec<Value> {
    let data: Value = serde_json::from_str(include_str!("data/maharajah.json")).expect("json");
    data["cases"].as_array().expect("cases").clone()
}

#[test]
fn every_scenario_case() {
    let cases = scenario_cases();
    assert!(cases.len() >= 20, "{} cases", cases.len());
    let mut problems = Vec::new();
    for case in &cases {
        let id = case["id"].as_str().unwrap_or("?");
        assert!(
            case["rule"].as_str().is_some_and(|r| !r.is_empty()),
            "{id} names its rule"
        );
        let input = match read_case(case, None) {
            Ok(i) => i,
            Err(e) => {
                problems.push(format!("{id}: {e}"));
                continue;
            }
        };
        match run_case(&input) {
            Ok(got) => problems.extend(differences(id, &got, case)),
            Err(e) => problems.push(format!("{id}: {e}")),
        }
    }
    assert!(
        problems.is_empty(),
        "{} problems:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

#[test]
fn position_json_carries_homes_and_tokens_and_standard_has_no_tokens() {
    let v = maharajah();
    let mut p = v.initial_position();
    let kas = v.map.province_by_id("kas").expect("kas");
    let jab = v.map.province_by_id("jab").expect("jab");
    let delhi = v.power_by_name("Delhi").expect("Delhi");
    p.homes[jab.0 as usize] = Some(delhi);
    p.tokens.push(Token::owned(
        TokenKind::by_name("earning").expect("Maharajah keeps earning tokens"),
        kas,
        delhi,
        TokenValue::Count(2),
    ));
    let doc = position_json(&v, &p);
    assert_eq!(
        doc["tokens"],
        serde_json::json!([{"kind": "earning", "province": "kas", "power": "Delhi", "count": 2}])
    );
    let back = read_position(v.clone(), &doc).expect("reads back");
    assert_eq!(back, p);
    // A game stored by an older release kept the same progress as a mark with no kind: it
    // reads as the same token.
    let mut old = doc.clone();
    let obj = old.as_object_mut().unwrap();
    obj.remove("tokens");
    obj.insert(
        "marks".into(),
        serde_json::json!([{"province": "kas", "power": "Delhi", "count": 2}]),
    );
    assert_eq!(
        read_position(v.clone(), &old).expect("reads the old form"),
        p
    );
    // A token of a kind Maharajah does not keep is refused, naming the kinds it keeps.
    let mut stray = doc.clone();
    stray["tokens"] = serde_json::json!([{"kind": "canal", "province": "kas", "count": 2}]);
    let err = read_position(v.clone(), &stray).unwrap_err().to_string();
    assert!(
        err.contains("tokens[0].kind") && err.contains("earning"),
        "{err}"
    );

    let standard = Variant::builtin("standard").expect("standard");
    let doc = position_json(&standard, &standard.initial_position());
    assert!(doc.get("tokens").is_none(), "{doc}");
    assert_eq!(
        doc.as_object()
            .map(|o| o.keys().cloned().collect::<Vec<_>>()),
        Some(
            [
                "variant",
                "phase",
                "units",
                "supply_centers",
                "dislodged",
                "contested",
                "homes"
            ]
            .map(String::from)
            .to_vec()
        )
    );
}

#[test]
fn the_starting_position_has_no_tokens_and_the_first_year_converts_nothing() {
    // Every starting unit stands on its own home centre: nothing to earn.
    let v = maharajah();
    let start = v.initial_position();
    let adj = engine::adjudicate(&v, &start, &[]);
    assert!(adj.after.tokens.is_empty());
    assert_eq!(adj.after.homes, start.homes);
}
