//! Legal-order lists on busy boards of every variant must stay what they were when recorded
//! (`engine/tests/data/legal_lists.jsonl`, written by the engine that checked each candidate
//! order by adjudicating it alone): the same units, each with the same set of orders
//! (compared by size and digest).

mod common;

use common::{busiest_board, busy_board, random_orders, sea_board, Rng};
use engine::case::{position_json, read_position};
use engine::legal::legal_orders;
use engine::position::Position;
use engine::unit::PowerId;
use engine::Rules;
use engine::Variant;
use serde_json::{json, Value};
use std::collections::BTreeSet;

const FIXTURE: &str = "tests/data/legal_lists.jsonl";

/// The boards: each variant's start and busiest board, half-full Pirates boards, and the
/// retreat and adjustment phases that follow random orders on them.
fn boards() -> Vec<(std::sync::Arc<Rules>, Position)> {
    let mut out = Vec::new();
    for id in engine::variants::BUILTIN {
        let v = Variant::builtin(id).expect(id);
        let mut boards = vec![v.initial_position(), busiest_board(&v, 7000)];
        if *id == "pirates" {
            boards.push(busy_board(&v, 8000, 55));
            boards.push(sea_board(&v, 8001, 26));
            boards.push(sea_board(&v, 8002, 26));
        }
        // The phases after random movements on the busiest board, up to a retreat and an
        // adjustment.
        let mut rng = Rng(5);
        let mut p = busiest_board(&v, 7001);
        let mut kinds = Vec::new();
        for _ in 0..30 {
            let orders = random_orders(&v, &p, &mut rng);
            p = engine::adjudicate(&v, &p, &orders).after;
            let kind = v.calendar.kind(p.phase);
            if !kinds.contains(&kind) && kind != engine::phase::PhaseKind::Movement {
                kinds.push(kind);
                boards.push(p.clone());
            }
        }
        out.extend(boards.into_iter().map(|b| (v.clone(), b)));
    }
    out
}

/// FNV-1a of a sorted set of order texts: the fixture keeps each list's digest and size, as
/// the lists in full would take many megabytes.
fn digest(orders: &BTreeSet<String>) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for o in orders {
        for b in o.bytes().chain([b'\n']) {
            h ^= b as u64;
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
    }
    format!("{h:016x}")
}

/// Each power's lists: per unit (or none), how many orders and their digest.
fn lists(v: &Rules, p: &Position) -> Value {
    (0..v.powers.len())
        .map(|i| {
            let lists: Vec<Value> = legal_orders(v, p, PowerId(i as u8))
                .into_iter()
                .map(|(at, orders)| {
                    let set: BTreeSet<String> = orders.iter().map(|o| o.to_text(&*v)).collect();
                    json!([at.map(|l| v.map.location_name(l)), set.len(), digest(&set)])
                })
                .collect();
            Value::Array(lists)
        })
        .collect()
}

/// Writes the fixture again: `cargo test --release -p engine --test legal_lists -- --ignored`.
#[test]
#[ignore]
fn record() {
    let mut text = String::new();
    for (v, board) in boards() {
        let t = std::time::Instant::now();
        let line = json!({
            "variant": v.id,
            "position": position_json(&v, &board),
            "lists": lists(&v, &board),
        });
        eprintln!(
            "{} {} units {}: {:?}",
            v.id,
            v.calendar.name(board.phase),
            board.units.len(),
            t.elapsed()
        );
        text.push_str(&format!("{line}\n"));
    }
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(FIXTURE);
    std::fs::write(path, text).expect("write the fixture");
}

#[test]
fn legal_orders_are_the_recorded_sets() {
    let text =
        std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(FIXTURE))
            .expect("fixture");
    let mut boards = 0;
    for (n, line) in text.lines().enumerate() {
        let rec: Value = serde_json::from_str(line).expect("a JSON line");
        let v = Variant::builtin(rec["variant"].as_str().expect("variant")).expect("variant");
        let board = read_position(v.clone(), &rec["position"]).expect("position");
        let got = lists(&v, &board);
        // The position read back lists each power's units by place, so compare by place.
        let by_place = |lists: &Value| {
            let mut l = lists.as_array().expect("lists").clone();
            l.sort_by_key(|x| x[0].to_string());
            l
        };
        for (i, want) in rec["lists"].as_array().expect("powers").iter().enumerate() {
            assert_eq!(
                by_place(&got[i]),
                by_place(want),
                "line {} ({} {}): {}'s lists ([unit, how many orders, digest])",
                n + 1,
                v.id,
                v.calendar.name(board.phase),
                v.powers[i].name
            );
        }
        boards += 1;
    }
    assert!(boards >= 10, "only {boards} boards");
}
