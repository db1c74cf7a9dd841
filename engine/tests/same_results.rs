//! Replays recorded games and checks the engine still judges every phase exactly as it did
//! when they were recorded: the same verdict and reason for every order, the same dislodged
//! units with the same retreats, the same position after.
//!
//! `engine/tests/data/phases.jsonl` holds one game a line: seeded random games of every
//! built-in variant from their starts, and from the busiest boards each can reach (a fleet on
//! every sea space, armies waiting to be convoyed), with random orders that are legal or not
//! and convoy plans across many fleets. It was recorded before the convoy search was
//! rewritten; `record` writes it again (it must come out unchanged).

mod common;

use common::{busiest_board, busy_board, random_orders, Rng};
use engine::case::{position_json, read_position};
use engine::judge::{adjudicate, Adjudication, Submitted};
use engine::parse::parse_order;
use engine::phase::PhaseKind;
use engine::position::Position;
use engine::Rules;
use engine::Variant;
use serde_json::{json, Value};

const FIXTURE: &str = "tests/data/phases.jsonl";

/// FNV-1a: a stable digest of the position after a phase, so the fixture stays small.
fn digest(v: &Rules, p: &Position) -> String {
    let text = serde_json::to_string(&older_form(position_json(v, p))).expect("json");
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= b as u64;
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}")
}

/// The position written as when the fixture was recorded: a variant's state was then a list
/// of `marks`, each a province, a power and a count, where it is now `tokens` of declared
/// kinds. Of the variants recorded only Maharajah keeps state, its counts toward earned home
/// centres, so each counting token is written back as the mark it was; the digest then
/// checks the same state as before.
fn older_form(mut doc: Value) -> Value {
    let Some(obj) = doc.as_object_mut() else {
        return doc;
    };
    if let Some(tokens) = obj.remove("tokens") {
        let marks: Vec<Value> = tokens
            .as_array()
            .into_iter()
            .flatten()
            .map(|t| {
                assert!(
                    t.get("count").is_some() && t.get("power").is_some(),
                    "the fixture recorded no state of this form: {t}"
                );
                json!({"province": t["province"], "power": t["power"], "count": t["count"]})
            })
            .collect();
        obj.insert("marks".into(), Value::Array(marks));
    }
    doc
}

/// What the judge made of a phase, in the fixture's words.
fn outcome(v: &Rules, adj: &Adjudication) -> Value {
    let results: Vec<String> = adj
        .results
        .iter()
        .map(|r| {
            let reason = r.reason(v);
            if reason.is_empty() {
                r.verdict.word().to_string()
            } else {
                format!("{}: {}", r.verdict.word(), reason)
            }
        })
        .collect();
    let dislodged: Vec<String> = adj
        .dislodged
        .iter()
        .map(|d| {
            let retreats: Vec<String> =
                d.retreats.iter().map(|l| v.map.location_name(*l)).collect();
            format!(
                "{} {} from {}{}{} to [{}]",
                v.power_name(d.dislodged.unit.power),
                v.unit_text(&d.dislodged.unit),
                v.map.province(d.dislodged.attacker_from).id,
                if d.dislodged.attacker_came_by_convoy {
                    " by convoy"
                } else {
                    ""
                },
                if d.dislodged.attacked_along_other_coast {
                    " along the other coast"
                } else {
                    ""
                },
                retreats.join(" ")
            )
        })
        .collect();
    json!({
        "results": results,
        "dislodged": dislodged,
        "after": digest(v, &adj.after),
    })
}

fn read_orders(v: &Rules, orders: &Value) -> Vec<Submitted> {
    let grammar = v.grammar();
    orders
        .as_array()
        .expect("orders")
        .iter()
        .map(|o| {
            let power = v
                .power_by_name(o[0].as_str().expect("power"))
                .expect("a power");
            let text = o[1].as_str().expect("order text");
            Submitted {
                power,
                order: Ok(parse_order(&grammar, text).expect(text)),
            }
        })
        .collect()
}

/// Plays one seeded random game and writes it as one fixture line.
fn record_game(v: &Rules, start: &Position, seed: u64, movements: usize) -> (Value, usize) {
    let mut rng = Rng(seed);
    let start_json = position_json(v, start);
    let mut position = read_position(Variant::builtin(&v.id).expect("variant"), &start_json)
        .expect("start reads back");
    let mut phases = Vec::new();
    let mut done = 0;
    while done < movements && phases.len() < movements * 3 {
        let kind = v.calendar.kind(position.phase);
        // Orders go through their text, as the replay reads them.
        let orders: Vec<Value> = random_orders(v, &position, &mut rng)
            .into_iter()
            .map(|s| {
                let o = s.order.expect("an order");
                json!([v.power_name(s.power), o.to_text(&*v)])
            })
            .collect();
        let subs = read_orders(v, &Value::Array(orders.clone()));
        let adj = adjudicate(v, &position, &subs);
        let mut phase = outcome(v, &adj);
        phase["orders"] = Value::Array(orders);
        phases.push(phase);
        if kind == PhaseKind::Movement {
            done += 1;
        }
        position = adj.after;
    }
    (
        json!({"variant": v.id, "seed": seed, "start": start_json, "phases": phases}),
        done,
    )
}

/// Writes the fixture again: `cargo test --release -p engine --test same_results -- --ignored`.
#[test]
#[ignore]
fn record() {
    let mut lines = Vec::new();
    let mut movements = 0;
    let plan: [(&str, u64, usize, u64, u64, usize); 4] = [
        // variant, games from the start, movement phases each, busiest boards, half-full
        // boards, movement phases each
        ("standard", 10, 30, 2, 2, 12),
        ("davis", 6, 30, 2, 2, 12),
        ("maharajah", 6, 30, 2, 2, 12),
        ("pirates", 6, 30, 5, 10, 14),
    ];
    for (id, games, each, busy, half, busy_each) in plan {
        let v = Variant::builtin(id).expect(id);
        for seed in 0..games {
            let (line, n) = record_game(&v, &v.initial_position(), 1000 + seed, each);
            movements += n;
            lines.push(line);
        }
        for seed in 0..busy {
            let board = busiest_board(&v, 7000 + seed);
            let (line, n) = record_game(&v, &board, 9000 + seed, busy_each);
            movements += n;
            lines.push(line);
        }
        for seed in 0..half {
            let board = busy_board(&v, 8000 + seed, 55);
            let (line, n) = record_game(&v, &board, 9500 + seed, busy_each);
            movements += n;
            lines.push(line);
        }
        eprintln!("{id}: {movements} movement phases so far");
    }
    assert!(movements >= 1000, "only {movements} movement phases");
    let text: String = lines.iter().map(|l| format!("{l}\n")).collect();
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(FIXTURE);
    std::fs::write(path, text).expect("write the fixture");
}

#[test]
fn every_recorded_phase_comes_out_the_same() {
    let text =
        std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(FIXTURE))
            .expect("fixture");
    let mut movements = 0;
    for (line_no, line) in text.lines().enumerate() {
        let game: Value = serde_json::from_str(line).expect("a JSON line");
        let v = Variant::builtin(game["variant"].as_str().expect("variant")).expect("variant");
        let mut position = read_position(v.clone(), &game["start"]).expect("start");
        for (i, phase) in game["phases"]
            .as_array()
            .expect("phases")
            .iter()
            .enumerate()
        {
            let kind = v.calendar.kind(position.phase);
            let adj = adjudicate(&v, &position, &read_orders(&v, &phase["orders"]));
            let got = outcome(&v, &adj);
            for field in ["results", "dislodged", "after"] {
                assert_eq!(
                    got[field],
                    phase[field],
                    "line {} ({} seed {}), phase {i} ({}): {field} differ",
                    line_no + 1,
                    v.id,
                    game["seed"],
                    v.calendar.name(position.phase)
                );
            }
            if kind == PhaseKind::Movement {
                movements += 1;
            }
            position = adj.after;
        }
    }
    assert!(movements >= 1000, "only {movements} movement phases");
}
