//! Pirates of the Caribbean, rules 7-9: island convoys, null-strength landbridges and river
//! convoys, each as a Spring 1681 movement on the real board through `engine::case`.
//!
//! Rule numbers are those of `/work/shared/rules/pirates-of-the-caribbean.txt`; the readings
//! are written out in `maps/pirates/NOTES.md`, "Movement rulings". The main cases are also
//! run through the `parley` binary (`bot/tests/pirates_cli.rs`).
//!
//! The board around the Windward Islands, which most landbridge cases use: Dominica (`dom`),
//! Martinique (`mtq`), Ste Lucia (`slu`), St Vincent (`svi`) are island spaces joined in a row
//! by landbridges (`dom-mtq`, `mtq-slu`, `slu-svi`), and each touches the Grenada Basin (`grb`)
//! and the Windward Atlantic (`wat`). On the Mississippi, Mississippi Delta (`mdl`), Canada
//! (`can`) and Nouvelle France (`nfr`) are river-convoy provinces joined by the river
//! (`mdl-can`, `can-nfr`); only the Delta touches the sea (the Northern Gulf, `ngm`).

use engine::case::{read_case, run_case};
use engine::Variant;
use serde_json::{json, Value};

/// Adjudicates a Spring 1681 movement on the Pirates board, then the steps in `then`.
fn adjudicate_then(units: Value, orders: Value, then: Value) -> Value {
    let case = json!({
        "variant": "pirates",
        "phase": "Spring 1681 movement",
        "units": units,
        "orders": orders,
        "then": then,
    });
    let input = read_case(&case, None).unwrap_or_else(|e| panic!("case reads: {e}"));
    run_case(&input).unwrap_or_else(|e| panic!("case runs: {e}"))
}

fn adjudicate(units: Value, orders: Value) -> Value {
    adjudicate_then(units, orders, Value::Null)
}

/// The verdict on an order ("succeeds", "fails", "illegal"), with its reason.
fn result(out: &Value, order: &str) -> (String, String) {
    let r = out["results"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|r| r["order"] == order)
        .unwrap_or_else(|| panic!("no result for {order}: {out:#}"));
    (
        r["result"].as_str().unwrap_or("").to_string(),
        r["reason"].as_str().unwrap_or("").to_string(),
    )
}

/// Asserts each order's verdict.
fn verdicts(out: &Value, want: &[(&str, &str)]) {
    for (order, verdict) in want {
        let (got, reason) = result(out, order);
        assert_eq!(
            &got, verdict,
            "{order}: expected {verdict}, got {got} ({reason})"
        );
    }
}

/// The board after: "Power: A xxx", sorted.
fn board(out: &Value) -> Vec<String> {
    let mut v: Vec<String> = out["units"]
        .as_object()
        .into_iter()
        .flatten()
        .flat_map(|(p, list)| {
            list.as_array()
                .into_iter()
                .flatten()
                .map(move |u| format!("{p}: {}", u.as_str().unwrap_or("")))
        })
        .collect();
    v.sort();
    v
}

fn assert_board(out: &Value, want: &[&str]) {
    let mut want: Vec<String> = want.iter().map(|s| s.to_string()).collect();
    want.sort();
    assert_eq!(board(out), want);
}

/// The dislodged units: (unit, attacker's province, retreats).
fn dislodged(out: &Value) -> Vec<(String, String, Vec<String>)> {
    out["dislodged"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|d| {
            let mut retreats: Vec<String> = d["retreats"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|r| r.as_str().map(str::to_string))
                .collect();
            retreats.sort();
            (
                format!(
                    "{} {}",
                    d["power"].as_str().unwrap_or(""),
                    d["unit"].as_str().unwrap_or("")
                ),
                d["attacker_from"].as_str().unwrap_or("").to_string(),
                retreats,
            )
        })
        .collect()
}

fn d(unit: &str, from: &str, retreats: &[&str]) -> (String, String, Vec<String>) {
    (
        unit.to_string(),
        from.to_string(),
        retreats.iter().map(|s| s.to_string()).collect(),
    )
}

// ---------------------------------------------------------------- the data the rules read

#[test]
fn the_board_has_the_islands_landbridges_and_rivers_the_rules_read() {
    let v = Variant::builtin("pirates").expect("pirates is built in");
    let map = &v.map;
    let islands = map
        .province_ids()
        .filter(|&p| Some(map.province(p).terrain) == map.terrain_id("island"))
        .count();
    assert_eq!(islands, 35);
    let count = |kind: &str| {
        let kind = map.border_kind(kind);
        map.province_ids()
            .flat_map(|p| map.province(p).borders.iter().map(move |b| (p, b)))
            .filter(|(p, b)| *p < b.to.province && b.kinds.contains(kind))
            .count()
    };
    assert_eq!(count("landbridge"), 25);
    assert_eq!(count("river"), 3);
    let river: Vec<&str> = map
        .province_ids()
        .filter(|&p| map.has_tag(p, map.tag("river-convoy")))
        .map(|p| map.province(p).id.as_str())
        .collect();
    assert_eq!(river, ["mdl", "can", "nfr", "nan", "got"]);
    // Every landbridge joins an island space to an island space or to land (rule 8), and
    // carries both armies and fleets.
    for p in map.province_ids() {
        for b in &map.province(p).borders {
            if b.kinds.contains(map.border_kind("landbridge")) {
                let ends = [map.province(p).terrain, map.province(b.to.province).terrain];
                assert!(
                    ends.iter().any(|t| Some(*t) == map.terrain_id("island")),
                    "{}",
                    map.province(p).id
                );
                assert!(b.classes == engine::map::Classes(0b11));
            }
        }
    }
}

// ---------------------------------------------------------------- rule 8: landbridges

#[test]
fn rule_8_a_null_strength_army_enters_an_empty_island() {
    let out = adjudicate(
        json!({"France": ["A mtq"]}),
        json!({"France": ["A mtq - slu"]}),
    );
    verdicts(&out, &[("A mtq - slu", "succeeds")]);
    assert_board(&out, &["France: A slu"]);
}

#[test]
fn rule_8_a_null_strength_army_follows_a_unit_out() {
    let out = adjudicate(
        json!({"France": ["A mtq"], "Holland": ["F slu"]}),
        json!({"France": ["A mtq - slu"], "Holland": ["F slu - svi"]}),
    );
    verdicts(
        &out,
        &[("A mtq - slu", "succeeds"), ("F slu - svi", "succeeds")],
    );
    assert_board(&out, &["France: A slu", "Holland: F svi"]);
}

#[test]
fn rule_8_unsupported_it_bounces_off_a_holding_unit() {
    let out = adjudicate(
        json!({"France": ["A mtq"], "Holland": ["F slu"]}),
        json!({"France": ["A mtq - slu"]}),
    );
    let (verdict, reason) = result(&out, "A mtq - slu");
    assert_eq!(verdict, "fails");
    assert!(reason.contains("bounced in Ste Lucia"), "{reason}");
    assert_board(&out, &["France: A mtq", "Holland: F slu"]);
}

#[test]
fn rule_8_one_support_is_not_enough_against_an_unsupported_unit() {
    let out = adjudicate(
        json!({"France": ["A mtq", "F grb"], "Holland": ["F slu"]}),
        json!({"France": ["A mtq - slu", "F grb S A mtq - slu"]}),
    );
    verdicts(
        &out,
        &[
            ("A mtq - slu", "fails"),
            ("F grb S A mtq - slu", "succeeds"),
        ],
    );
    assert!(dislodged(&out).is_empty());
    assert_board(&out, &["France: A mtq", "France: F grb", "Holland: F slu"]);
}

#[test]
fn rule_8_two_supports_dislodge_an_unsupported_unit() {
    // The rule's own example. The fleet may retreat across the landbridge to St Vincent:
    // fleets are not affected by landbridges.
    let out = adjudicate(
        json!({"France": ["A mtq", "F grb", "F wat"], "Holland": ["F slu"]}),
        json!({"France": ["A mtq - slu", "F grb S A mtq - slu", "F wat S A mtq - slu"]}),
    );
    verdicts(&out, &[("A mtq - slu", "succeeds")]);
    assert_eq!(dislodged(&out), [d("Holland F slu", "mtq", &["svi"])]);
    assert_board(&out, &["France: A slu", "France: F grb", "France: F wat"]);
}

#[test]
fn rule_8_against_a_supported_holder_two_supports_tie_and_three_dislodge() {
    // Nueva Andalusia to Trinidad is a landbridge; Trinidad's other neighbours are three seas
    // and Tobago, which supports it to hold (strength 2).
    let units = json!({
        "Spain": ["A nan", "F gal", "F gop", "F wcs"],
        "Holland": ["F tri", "F tob"],
    });
    let two = adjudicate(
        units.clone(),
        json!({
            "Spain": ["A nan - tri", "F gal S A nan - tri", "F gop S A nan - tri"],
            "Holland": ["F tob S F tri"],
        }),
    );
    verdicts(
        &two,
        &[("A nan - tri", "fails"), ("F tob S F tri", "succeeds")],
    );
    let three = adjudicate(
        units,
        json!({
            "Spain": [
                "A nan - tri",
                "F gal S A nan - tri",
                "F gop S A nan - tri",
                "F wcs S A nan - tri",
            ],
            "Holland": ["F tob S F tri"],
        }),
    );
    verdicts(&three, &[("A nan - tri", "succeeds")]);
    assert_eq!(dislodged(&three).len(), 1);
    assert_eq!(dislodged(&three)[0].0, "Holland F tri");
}

#[test]
fn rule_8_a_fleet_crossing_a_landbridge_has_full_strength() {
    let out = adjudicate(
        json!({"France": ["F mtq", "F grb"], "Holland": ["F slu"]}),
        json!({"France": ["F mtq - slu", "F grb S F mtq - slu"]}),
    );
    verdicts(&out, &[("F mtq - slu", "succeeds")]);
    assert_eq!(
        dislodged(&out),
        [d("Holland F slu", "mtq", &["svi", "wat"])]
    );
}

#[test]
fn rule_8_two_null_strength_armies_stand_off_in_an_empty_space() {
    // A stand-off like any other: Ste Lucia is left contested, so Holland's fleet dislodged
    // from the Grenada Basin may not retreat there.
    let out = adjudicate(
        json!({"France": ["A mtq"], "Holland": ["A svi", "F grb"], "England": ["F ccs", "F spm"]}),
        json!({
            "France": ["A mtq - slu"],
            "Holland": ["A svi - slu"],
            "England": ["F ccs - grb", "F spm S F ccs - grb"],
        }),
    );
    verdicts(&out, &[("A mtq - slu", "fails"), ("A svi - slu", "fails")]);
    assert_eq!(out["contested"], json!(["slu"]));
    assert_eq!(
        dislodged(&out),
        [d(
            "Holland F grb",
            "ccs",
            &["ave", "dom", "gal", "grn", "wat"]
        )]
    );
}

#[test]
fn rule_8_a_rival_of_strength_one_beats_a_null_strength_army() {
    let out = adjudicate(
        json!({"France": ["A mtq"], "Holland": ["F grb"]}),
        json!({"France": ["A mtq - slu"], "Holland": ["F grb - slu"]}),
    );
    verdicts(
        &out,
        &[("A mtq - slu", "fails"), ("F grb - slu", "succeeds")],
    );
    assert_board(&out, &["France: A mtq", "Holland: F slu"]);
}

#[test]
fn rule_8_a_supported_null_strength_army_stands_off_with_a_rival_of_strength_one() {
    let out = adjudicate(
        json!({"France": ["A mtq", "F wat"], "Holland": ["F grb"]}),
        json!({"France": ["A mtq - slu", "F wat S A mtq - slu"], "Holland": ["F grb - slu"]}),
    );
    verdicts(&out, &[("A mtq - slu", "fails"), ("F grb - slu", "fails")]);
}

#[test]
fn rule_8_rivals_that_fail_still_keep_a_null_strength_army_out() {
    let out = adjudicate(
        json!({"France": ["A mtq"], "Holland": ["F grb"], "England": ["F wat"]}),
        json!({"France": ["A mtq - slu"], "Holland": ["F grb - slu"], "England": ["F wat - slu"]}),
    );
    verdicts(
        &out,
        &[
            ("A mtq - slu", "fails"),
            ("F grb - slu", "fails"),
            ("F wat - slu", "fails"),
        ],
    );
}

#[test]
fn rule_8_a_rival_whose_convoy_is_broken_does_not_keep_a_null_strength_army_out() {
    // Holland's army has no route once F grb is dislodged: no prevent strength at all, so the
    // null-strength army (0) enters.
    let out = adjudicate(
        json!({"France": ["A mtq"], "Holland": ["A dom", "F grb"], "England": ["F wat", "F gal"]}),
        json!({
            "France": ["A mtq - slu"],
            "Holland": ["A dom - slu", "F grb C A dom - slu"],
            "England": ["F wat - grb", "F gal S F wat - grb"],
        }),
    );
    verdicts(
        &out,
        &[
            ("A mtq - slu", "succeeds"),
            ("A dom - slu", "fails"),
            ("F wat - grb", "succeeds"),
        ],
    );
    assert_board(
        &out,
        &[
            "England: F gal",
            "England: F grb",
            "France: A slu",
            "Holland: A dom",
        ],
    );
}

#[test]
fn rule_8_a_rival_that_lost_its_head_to_head_does_not_keep_a_null_strength_army_out() {
    // England's F slu beats Holland's F grb head to head and leaves Ste Lucia; Holland's fleet
    // lost its battle, so it prevents nothing, and the null-strength army enters.
    let out = adjudicate(
        json!({"France": ["A mtq"], "Holland": ["F grb"], "England": ["F slu", "F wat"]}),
        json!({
            "France": ["A mtq - slu"],
            "Holland": ["F grb - slu"],
            "England": ["F slu - grb", "F wat S F slu - grb"],
        }),
    );
    verdicts(
        &out,
        &[
            ("A mtq - slu", "succeeds"),
            ("F grb - slu", "fails"),
            ("F slu - grb", "succeeds"),
        ],
    );
    assert_eq!(dislodged(&out).len(), 1);
    assert_board(&out, &["England: F grb", "England: F wat", "France: A slu"]);
}

#[test]
fn rule_8_two_null_strength_armies_bounce_head_to_head() {
    let out = adjudicate(
        json!({"France": ["A mtq"], "Holland": ["A slu"]}),
        json!({"France": ["A mtq - slu"], "Holland": ["A slu - mtq"]}),
    );
    verdicts(&out, &[("A mtq - slu", "fails"), ("A slu - mtq", "fails")]);
    assert!(dislodged(&out).is_empty());
}

#[test]
fn rule_8_a_fleet_beats_a_null_strength_army_head_to_head() {
    // The army's move is its defence in a head-to-head battle: 0 against the fleet's 1. An
    // army on an island space has nowhere to retreat (its land neighbours are all across
    // landbridges, and the sea takes no army).
    let out = adjudicate(
        json!({"France": ["A mtq"], "Holland": ["F slu"]}),
        json!({"France": ["A mtq - slu"], "Holland": ["F slu - mtq"]}),
    );
    verdicts(
        &out,
        &[("A mtq - slu", "fails"), ("F slu - mtq", "succeeds")],
    );
    assert_eq!(dislodged(&out), [d("France A mtq", "slu", &[])]);
}

#[test]
fn rule_8_a_null_strength_attack_still_cuts_support() {
    // A mtq - slu bounces off F slu, but it is an attack: F slu's support is cut and England's
    // F svi is not dislodged.
    let out = adjudicate(
        json!({"France": ["A mtq"], "Holland": ["F slu", "F wat"], "England": ["F svi"]}),
        json!({"France": ["A mtq - slu"], "Holland": ["F wat - svi", "F slu S F wat - svi"]}),
    );
    verdicts(
        &out,
        &[
            ("A mtq - slu", "fails"),
            ("F slu S F wat - svi", "fails"),
            ("F wat - svi", "fails"),
        ],
    );
    assert!(dislodged(&out).is_empty());
}

#[test]
fn rule_8_convoyed_across_a_landbridge_an_army_has_full_strength() {
    // The same attack as the two-support case with one support less: by convoy the army has
    // strength 1 and one support dislodges.
    let out = adjudicate(
        json!({"France": ["A mtq", "F grb", "F wat"], "Holland": ["F slu"]}),
        json!({"France": ["A mtq - slu via convoy", "F grb C A mtq - slu", "F wat S A mtq - slu"]}),
    );
    verdicts(
        &out,
        &[
            ("A mtq - slu via convoy", "succeeds"),
            ("F grb C A mtq - slu", "succeeds"),
        ],
    );
    let dl = &out["dislodged"][0];
    assert_eq!(dl["unit"], "F slu");
    assert_eq!(dl["via_convoy"], true);
    // 1999/2000 rules: no retreat to the convoyed attacker's origin.
    assert_eq!(dislodged(&out), [d("Holland F slu", "mtq", &["svi"])]);
}

#[test]
fn rule_8_an_army_its_own_fleet_convoys_goes_by_convoy_at_full_strength() {
    // No "via convoy", but the 1999/2000 rules send an adjacent army by its own power's convoy
    // when the convoy works: it goes by convoy, so at full strength.
    let out = adjudicate(
        json!({"France": ["A mtq", "F grb", "F wat"], "Holland": ["F slu"]}),
        json!({"France": ["A mtq - slu", "F grb C A mtq - slu", "F wat S A mtq - slu"]}),
    );
    verdicts(&out, &[("A mtq - slu", "succeeds")]);
    assert_eq!(out["dislodged"][0]["via_convoy"], true);
}

#[test]
fn rule_8_when_its_convoy_fails_the_army_crosses_by_land_at_null_strength() {
    // The convoying fleet is dislodged; the army falls back to the landbridge (the 1999/2000
    // rules) and moves at null strength, so one support is not enough.
    let out = adjudicate(
        json!({"France": ["A mtq", "F grb", "F wat"], "Holland": ["F slu"], "England": ["F ccs", "F spm"]}),
        json!({
            "France": ["A mtq - slu", "F grb C A mtq - slu", "F wat S A mtq - slu"],
            "England": ["F ccs - grb", "F spm S F ccs - grb"],
        }),
    );
    verdicts(
        &out,
        &[
            ("A mtq - slu", "fails"),
            ("F ccs - grb", "succeeds"),
            ("F wat S A mtq - slu", "succeeds"),
        ],
    );
    let (_, reason) = result(&out, "A mtq - slu");
    assert!(reason.contains("bounced in Ste Lucia"), "{reason}");
}

#[test]
fn rule_8_an_army_may_not_support_across_a_landbridge() {
    // A svi's support would be the second one; it is illegal, so the attack fails.
    let out = adjudicate(
        json!({"France": ["A mtq", "F grb", "A svi"], "Holland": ["F slu", "A dom"]}),
        json!({
            "France": ["A mtq - slu", "F grb S A mtq - slu", "A svi S A mtq - slu"],
            "Holland": ["A dom S A mtq"],
        }),
    );
    let (verdict, reason) = result(&out, "A svi S A mtq - slu");
    assert_eq!(verdict, "illegal");
    assert!(
        reason.contains("may not support into Ste Lucia"),
        "{reason}"
    );
    // Nor to hold.
    let (verdict, _) = result(&out, "A dom S A mtq");
    assert_eq!(verdict, "illegal");
    verdicts(&out, &[("A mtq - slu", "fails")]);
}

#[test]
fn rule_8_a_fleet_may_support_across_a_landbridge() {
    let out = adjudicate(
        json!({"France": ["A mtq", "F grb", "F svi"], "Holland": ["F slu"]}),
        json!({"France": ["A mtq - slu", "F grb S A mtq - slu", "F svi S A mtq - slu"]}),
    );
    verdicts(
        &out,
        &[
            ("F svi S A mtq - slu", "succeeds"),
            ("A mtq - slu", "succeeds"),
        ],
    );
    assert_eq!(dislodged(&out), [d("Holland F slu", "mtq", &["wat"])]);
}

#[test]
fn rule_8_an_army_may_support_over_an_ordinary_border_of_a_big_island() {
    let out = adjudicate(
        json!({"Spain": ["A hav", "A cub"], "England": ["F fls", "F bat"]}),
        json!({"Spain": ["A cub S A hav"], "England": ["F fls - hav", "F bat S F fls - hav"]}),
    );
    verdicts(
        &out,
        &[("A cub S A hav", "succeeds"), ("F fls - hav", "fails")],
    );
}

#[test]
fn rule_8_an_army_may_support_a_landbridge_crossing_from_an_ordinary_border() {
    // A Cuba reaches Havana overland, so it may support A Isle of Pines across its landbridge;
    // with F Gulf of Batabano's support too, the null-strength move has 2 and dislodges.
    let out = adjudicate(
        json!({"England": ["A pin", "A cub", "F bat"], "Spain": ["A hav"]}),
        json!({"England": ["A pin - hav", "A cub S A pin - hav", "F bat S A pin - hav"]}),
    );
    verdicts(
        &out,
        &[
            ("A cub S A pin - hav", "succeeds"),
            ("A pin - hav", "succeeds"),
        ],
    );
    assert_eq!(dislodged(&out), [d("Spain A hav", "pin", &[])]);
}

#[test]
fn rule_8_an_army_may_not_retreat_across_a_landbridge() {
    // A slu's land neighbours are both across landbridges: no retreat, and one ordered there
    // is illegal. A fleet dislodged from the same space may cross (see the two-support case).
    let out = adjudicate_then(
        json!({"France": ["F grb", "F wat"], "Holland": ["A slu"]}),
        json!({"France": ["F grb - slu", "F wat S F grb - slu"]}),
        json!([{"phase": "Spring 1681 retreat", "orders": {"Holland": ["A slu - svi"]}}]),
    );
    assert_eq!(dislodged(&out), [d("Holland A slu", "grb", &[])]);
    let then = &out["then"][0];
    let (verdict, _) = result(then, "A slu - svi");
    assert_eq!(verdict, "illegal");
    assert_board(then, &["France: F slu", "France: F wat"]);
}

#[test]
fn rule_8_a_big_island_army_retreats_overland_but_not_over_its_landbridge() {
    // Havana borders Cuba by land and the Isle of Pines by a landbridge.
    let out = adjudicate(
        json!({"Spain": ["A hav"], "England": ["F fls", "F bat"]}),
        json!({"England": ["F fls - hav", "F bat S F fls - hav"]}),
    );
    assert_eq!(dislodged(&out), [d("Spain A hav", "fls", &["cub"])]);
}

// ---------------------------------------------------------------- rule 7: islands

#[test]
fn rule_7_a_fleet_on_an_island_space_convoys() {
    // Dominica and Ste Lucia do not touch; F Martinique carries the army between them.
    let out = adjudicate(
        json!({"France": ["A dom", "F mtq"]}),
        json!({"France": ["A dom - slu", "F mtq C A dom - slu"]}),
    );
    verdicts(
        &out,
        &[
            ("A dom - slu", "succeeds"),
            ("F mtq C A dom - slu", "succeeds"),
        ],
    );
    assert_board(&out, &["France: A slu", "France: F mtq"]);
}

#[test]
fn rule_7_a_fleet_on_a_big_island_does_not_convoy() {
    // Cuba is coast, not an island space (rule 7).
    let out = adjudicate(
        json!({"Spain": ["A hav", "F cub"]}),
        json!({"Spain": ["A hav - sgo", "F cub C A hav - sgo"]}),
    );
    let (verdict, reason) = result(&out, "F cub C A hav - sgo");
    assert_eq!(verdict, "illegal");
    assert!(reason.contains("cannot convoy"), "{reason}");
    verdicts(&out, &[("A hav - sgo", "illegal")]);
}

#[test]
fn rule_7_a_chain_mixes_island_and_sea_fleets() {
    let out = adjudicate(
        json!({"France": ["A gdl", "F dom", "F grb"]}),
        json!({"France": ["A gdl - svi", "F dom C A gdl - svi", "F grb C A gdl - svi"]}),
    );
    verdicts(
        &out,
        &[
            ("A gdl - svi", "succeeds"),
            ("F dom C A gdl - svi", "succeeds"),
            ("F grb C A gdl - svi", "succeeds"),
        ],
    );
    assert_board(&out, &["France: A svi", "France: F dom", "France: F grb"]);
}

#[test]
fn rule_7_an_island_fleet_dislodged_breaks_the_convoy() {
    let out = adjudicate(
        json!({"France": ["A dom", "F mtq"], "Holland": ["F grb", "F wat"]}),
        json!({
            "France": ["A dom - slu", "F mtq C A dom - slu"],
            "Holland": ["F grb - mtq", "F wat S F grb - mtq"],
        }),
    );
    let (verdict, reason) = result(&out, "A dom - slu");
    assert_eq!(verdict, "fails");
    assert!(reason.contains("no unbroken convoy"), "{reason}");
    verdicts(&out, &[("F grb - mtq", "succeeds")]);
    assert_eq!(dislodged(&out).len(), 1);
    assert_eq!(dislodged(&out)[0].0, "France F mtq");
}

#[test]
fn rule_7_a_failed_fleet_attack_does_not_break_an_island_convoy() {
    // Only river convoys (rule 9) break on a failed fleet attack.
    let out = adjudicate(
        json!({"France": ["A dom", "F mtq"], "Holland": ["F grb"]}),
        json!({"France": ["A dom - slu", "F mtq C A dom - slu"], "Holland": ["F grb - mtq"]}),
    );
    verdicts(
        &out,
        &[("A dom - slu", "succeeds"), ("F grb - mtq", "fails")],
    );
}

// ---------------------------------------------------------------- rule 9: rivers

#[test]
fn rule_9_fleets_move_and_support_along_the_river() {
    let out = adjudicate(
        json!({"France": ["F mdl", "F nfr"], "Spain": ["A can"]}),
        json!({"France": ["F mdl - can", "F nfr S F mdl - can"]}),
    );
    verdicts(
        &out,
        &[
            ("F mdl - can", "succeeds"),
            ("F nfr S F mdl - can", "succeeds"),
        ],
    );
    assert_eq!(
        dislodged(&out),
        [d("Spain A can", "mdl", &["apa", "car", "tej", "vir"])]
    );
}

#[test]
fn rule_9_a_river_fleet_convoys_alone() {
    let out = adjudicate(
        json!({"France": ["A mdl", "F can"]}),
        json!({"France": ["A mdl - nfr", "F can C A mdl - nfr"]}),
    );
    verdicts(
        &out,
        &[
            ("A mdl - nfr", "succeeds"),
            ("F can C A mdl - nfr", "succeeds"),
        ],
    );
    assert_board(&out, &["France: A nfr", "France: F can"]);
}

#[test]
fn rule_9_the_orinoco_fleet_carries_from_the_coast_up_the_river() {
    let out = adjudicate(
        json!({"Spain": ["A vnz", "F nan"]}),
        json!({"Spain": ["A vnz - got", "F nan C A vnz - got"]}),
    );
    verdicts(&out, &[("A vnz - got", "succeeds")]);
}

#[test]
fn rule_9_a_chain_from_the_gulf_up_the_mississippi() {
    let out = adjudicate(
        json!({"France": ["A flo", "F gme", "F ngm", "F mdl", "F can"]}),
        json!({"France": [
            "A flo - nfr",
            "F gme C A flo - nfr",
            "F ngm C A flo - nfr",
            "F mdl C A flo - nfr",
            "F can C A flo - nfr",
        ]}),
    );
    verdicts(&out, &[("A flo - nfr", "succeeds")]);
    assert_board(
        &out,
        &[
            "France: A nfr",
            "France: F can",
            "France: F gme",
            "France: F mdl",
            "France: F ngm",
        ],
    );
}

#[test]
fn rule_9_a_failed_fleet_attack_disrupts_a_river_convoy() {
    let out = adjudicate(
        json!({"France": ["A tej", "F mdl", "F can"], "Spain": ["F ngm"]}),
        json!({
            "France": ["A tej - nfr", "F mdl C A tej - nfr", "F can C A tej - nfr"],
            "Spain": ["F ngm - mdl"],
        }),
    );
    verdicts(
        &out,
        &[
            ("F ngm - mdl", "fails"),
            ("F mdl C A tej - nfr", "fails"),
            ("A tej - nfr", "fails"),
        ],
    );
    let (_, reason) = result(&out, "A tej - nfr");
    assert!(reason.contains("no unbroken convoy"), "{reason}");
    assert!(dislodged(&out).is_empty());
    // Without the attack the same convoy carries the army.
    let out = adjudicate(
        json!({"France": ["A tej", "F mdl", "F can"], "Spain": ["F ngm"]}),
        json!({"France": ["A tej - nfr", "F mdl C A tej - nfr", "F can C A tej - nfr"]}),
    );
    verdicts(&out, &[("A tej - nfr", "succeeds")]);
}

#[test]
fn rule_9_a_fleet_attack_disrupts_even_when_the_attacking_fleet_is_attacked() {
    // Unlike Maharajah's clarification 5, rule 9 makes no exception: Spain's F nfr, which the
    // convoyed army attacks with a support, still breaks the convoy by attacking F can, and so
    // is not dislodged.
    let out = adjudicate(
        json!({"France": ["A mdl", "F can", "A vir"], "Spain": ["F nfr"]}),
        json!({
            "France": ["A mdl - nfr", "F can C A mdl - nfr", "A vir S A mdl - nfr"],
            "Spain": ["F nfr - can"],
        }),
    );
    verdicts(
        &out,
        &[
            ("F nfr - can", "fails"),
            ("F can C A mdl - nfr", "fails"),
            ("A mdl - nfr", "fails"),
        ],
    );
    assert!(dislodged(&out).is_empty());
}

#[test]
fn rule_9_a_failed_army_attack_does_not_disrupt_a_river_convoy() {
    let out = adjudicate(
        json!({"France": ["A mdl", "F can"], "Spain": ["A apa"]}),
        json!({"France": ["A mdl - nfr", "F can C A mdl - nfr"], "Spain": ["A apa - can"]}),
    );
    verdicts(
        &out,
        &[
            ("A apa - can", "fails"),
            ("F can C A mdl - nfr", "succeeds"),
            ("A mdl - nfr", "succeeds"),
        ],
    );
}

#[test]
fn rule_9_an_army_that_dislodges_the_river_fleet_disrupts_the_convoy() {
    let out = adjudicate(
        json!({"France": ["A mdl", "F can"], "Spain": ["A apa", "A tej"]}),
        json!({
            "France": ["A mdl - nfr", "F can C A mdl - nfr"],
            "Spain": ["A apa - can", "A tej S A apa - can"],
        }),
    );
    verdicts(
        &out,
        &[("A apa - can", "succeeds"), ("A mdl - nfr", "fails")],
    );
    assert_eq!(dislodged(&out), [d("France F can", "apa", &["nfr"])]);
}

#[test]
fn rule_9_a_support_from_the_destination_against_the_river_fleet_is_not_cut() {
    // A nfr supports the attack on F can, the river fleet carrying A mdl to Nouvelle France.
    // The convoyed army does not cut that support (rule 9, extending the standard rule), so
    // F can is dislodged and the army does not arrive.
    let out = adjudicate(
        json!({"France": ["A mdl", "F can"], "England": ["A apa", "A nfr"]}),
        json!({
            "France": ["A mdl - nfr", "F can C A mdl - nfr"],
            "England": ["A apa - can", "A nfr S A apa - can"],
        }),
    );
    verdicts(
        &out,
        &[
            ("A nfr S A apa - can", "succeeds"),
            ("A apa - can", "succeeds"),
            ("A mdl - nfr", "fails"),
            ("F can C A mdl - nfr", "fails"),
        ],
    );
    assert_eq!(dislodged(&out), [d("France F can", "apa", &[])]);
    let (_, reason) = result(&out, "F can C A mdl - nfr");
    assert!(
        reason.contains("dislodged by the unit from Apalachee"),
        "{reason}"
    );
    assert_board(&out, &["England: A can", "England: A nfr", "France: A mdl"]);
}

// ---------------------------------------------------------------- the orders offered

#[test]
fn the_legal_orders_offer_no_army_support_across_a_landbridge_and_island_convoys() {
    let case = json!({
        "variant": "pirates",
        "phase": "Spring 1681 movement",
        "units": {"France": ["A mtq", "A svi", "F dom", "F grb"], "Holland": ["F slu"]},
        "orders": {},
    });
    let input = read_case(&case, None).expect("case reads");
    let v = &input.variant;
    let orders = |at: &str| -> Vec<String> {
        let p = v.map.province_by_id(at).expect("province");
        engine::legal::movement_orders(v, &input.position, p)
            .iter()
            .map(|o| o.to_text(&*v))
            .collect()
    };
    let svi = orders("svi");
    assert!(svi.iter().any(|o| o == "A svi - slu"), "{svi:?}");
    assert!(!svi.iter().any(|o| o.contains(" S ")), "{svi:?}");
    let grb = orders("grb");
    assert!(grb.iter().any(|o| o == "F grb S A mtq - slu"), "{grb:?}");
    // F Dominica, on an island space, convoys: alone (Martinique to Guadaloupe, across its two
    // landbridges) and in a chain with the sea fleet (St Vincent by the Grenada Basin).
    let dom = orders("dom");
    for o in ["F dom C A mtq - gdl", "F dom C A svi - gdl"] {
        assert!(dom.iter().any(|x| x == o), "{o} not in {dom:?}");
    }
}
