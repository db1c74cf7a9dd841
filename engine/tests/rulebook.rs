//! Rulebook options change outcomes exactly where the DATC says editions differ.

use engine::case::{read_case, run_case};
use engine::rulebook::{Edition, ExcessAdjustments, Options};
use engine::Variant;
use serde_json::{json, Value};

fn datc_case(id: &str) -> Value {
    let v: Value = serde_json::from_str(include_str!("data/datc.json")).expect("json");
    v["cases"]
        .as_array()
        .expect("cases")
        .iter()
        .find(|c| c["id"] == id)
        .expect("case")
        .clone()
}

fn run(case: &Value, edition: Edition, options: Options) -> Value {
    let v = Variant::builtin_with_options("standard", edition, options).expect("variant");
    run_case(&read_case(case, Some(v)).expect("reads")).expect("runs")
}

fn results(out: &Value) -> Vec<String> {
    out["results"]
        .as_array()
        .expect("results")
        .iter()
        .map(|r| r["result"].as_str().unwrap_or("").to_string())
        .collect()
}

#[test]
fn kidnapping_1971_carries_an_army_by_a_foreign_convoy() {
    // 6.G.7: England's fleet convoys Russia's adjacent army. Under the DATC preference the army
    // goes by land and bounces; under 1971 any matching convoy carries it, so the two swap.
    let case = datc_case("6.G.7");
    let datc = run(&case, Edition::Datc, Edition::Datc.options());
    assert_eq!(datc["units"]["Russia"], json!(["F bot", "A swe"]));
    let old = run(&case, Edition::Y1971, Edition::Y1971.options());
    assert_eq!(old["units"]["Russia"], json!(["F bot", "A nwy"]));
    assert_eq!(old["units"]["England"], json!(["F ska", "F swe"]));
}

#[test]
fn strict_coasts_refuse_a_missing_coast() {
    let case = datc_case("6.B.2");
    assert_eq!(
        results(&run(&case, Edition::Datc, Edition::Datc.options())),
        ["succeeds"]
    );
    assert_eq!(
        results(&run(&case, Edition::Y1982, Edition::Y1982.options())),
        ["illegal"]
    );
}

#[test]
fn any_fleet_disruption_breaks_a_multi_route_convoy() {
    let case = datc_case("6.F.9");
    let datc = run(&case, Edition::Datc, Edition::Datc.options());
    assert_eq!(results(&datc)[2], "succeeds");
    let opts = Options {
        convoy_disruption: engine::rulebook::ConvoyDisruption::AnyFleet,
        ..Edition::Datc.options()
    };
    assert_eq!(results(&run(&case, Edition::Datc, opts))[2], "fails");
}

#[test]
fn failed_convoy_falls_back_to_land_before_v3() {
    // 6.G.8: the army ordered via convoy has no fleet left; v3.0 says it stays, 2000 lets it walk.
    let case = datc_case("6.G.8");
    assert_eq!(
        results(&run(&case, Edition::Datc, Edition::Datc.options()))[0],
        "fails"
    );
    let old = run(&case, Edition::Y2000, Edition::Y2000.options());
    assert_eq!(old["units"]["France"], json!(["A hol"]));
}

#[test]
fn retreat_to_a_convoyed_attackers_origin_only_from_2023() {
    let case = datc_case("6.H.11");
    let new = run(&case, Edition::Datc, Edition::Datc.options());
    assert_eq!(results(&new["then"][0]), ["succeeds"]);
    let old = run(&case, Edition::Y2000, Edition::Y2000.options());
    assert_eq!(results(&old["then"][0]), ["illegal"]);
    assert_eq!(
        old["then"][0]["disbanded"],
        json!([{"power": "Italy", "unit": "A mar"}])
    );
}

#[test]
fn excess_builds_ignore_all_refuses_every_build() {
    let case = datc_case("6.I.1");
    let opts = Options {
        excess_adjustments: ExcessAdjustments::IgnoreAll,
        ..Edition::Datc.options()
    };
    let out = run(&case, Edition::Datc, opts);
    assert_eq!(out["built"], json!([]));
}

#[test]
fn coastal_crawl_lets_fleets_pass_along_split_coasts() {
    let case = json!({
        "phase": "Spring 1901 movement",
        "units": {"France": ["F spa/nc"], "England": ["F por"]},
        "orders": {"France": ["F spa/nc - por"], "England": ["F por - spa/sc"]}
    });
    let datc = run(&case, Edition::Datc, Edition::Datc.options());
    assert_eq!(results(&datc), ["fails", "fails"]);
    let crawl = Options {
        coastal_crawl: true,
        ..Edition::Y1971.options()
    };
    let out = run(&case, Edition::Y1971, crawl);
    assert_eq!(results(&out), ["succeeds", "succeeds"]);
    assert_eq!(out["units"]["France"], json!(["F por"]));
    assert_eq!(out["units"]["England"], json!(["F spa/sc"]));
}

#[test]
fn editions_parse_by_name() {
    assert_eq!(Edition::parse("1999"), Some(Edition::Y2000));
    assert_eq!(Edition::parse("1971"), Some(Edition::Y1971));
    assert_eq!(Edition::parse("datc"), Some(Edition::Datc));
    assert_eq!(Edition::parse("1066"), None);
}
