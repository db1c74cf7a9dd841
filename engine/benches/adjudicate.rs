//! Adjudication speed: every DATC movement case, a 34-unit Standard midgame phase, Standard's
//! opening, and Pirates of the Caribbean's setup and vote.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use engine::case::read_case;
use engine::judge::Submitted;
use engine::phase::PhaseKind;
use engine::{adjudicate, Rules, Variant};
use serde_json::Value;

fn inputs(
    text: &str,
) -> Vec<(
    std::sync::Arc<Rules>,
    engine::position::Position,
    Vec<Submitted>,
)> {
    let v: Value = serde_json::from_str(text).expect("json");
    let cases: Vec<Value> = match v.get("cases") {
        Some(c) => c.as_array().expect("cases").clone(),
        None => vec![v],
    };
    cases
        .iter()
        .map(|c| read_case(c, None).expect("case reads"))
        .filter(|i| i.variant.calendar.kind(i.position.phase) == PhaseKind::Movement)
        .map(|i| {
            (
                i.variant.clone(),
                i.position.clone(),
                i.orders.iter().map(|(_, _, s)| s.clone()).collect(),
            )
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let datc = inputs(include_str!("../tests/data/datc.json"));
    c.bench_function(&format!("datc: all {} movement cases", datc.len()), |b| {
        b.iter(|| {
            for (v, p, o) in &datc {
                black_box(adjudicate(v, p, o));
            }
        })
    });
    let phase = inputs(include_str!("data/standard-34.json"));
    let (v, p, o) = &phase[0];
    assert_eq!(p.units.len(), 34);
    assert_eq!(o.len(), 34);
    c.bench_function("standard: movement phase, 34 units, 34 orders", |b| {
        b.iter(|| black_box(adjudicate(v, p, o)))
    });
    // Spring 1901 with a typical opening: two standoffs (Galicia, Burgundy, the Black Sea) and
    // a supported move, the board most games adjudicate first.
    let opening = inputs(include_str!("data/standard-opening.json"));
    let (v, p, o) = &opening[0];
    assert_eq!(o.len(), 22);
    c.bench_function("standard: opening, 22 units, 22 orders", |b| {
        b.iter(|| black_box(adjudicate(v, p, o)))
    });
}

/// The Pirates' setup with every power's orders, then the vote on the Pirate units with every
/// voter sending a ballot for each.
fn pirates(c: &mut Criterion) {
    let v = Variant::builtin("pirates").expect("pirates");
    let grammar = v.grammar();
    let order = |power: &str, text: &str| Submitted {
        power: v.power_by_name(power).expect(power),
        order: Ok(engine::parse::parse_order(&grammar, text).expect(text)),
    };
    let mut setup = vec![
        order("England", "F atg grant buccaneers"),
        order("England", "F ber grant corsairs"),
        order("France", "F mtq grant buccaneers"),
        order("France", "F grn grant corsairs"),
        order("Holland", "F tob grant buccaneers"),
        order("Holland", "F cur grant corsairs"),
        order("Spain", "hav grant pirates"),
        order("Spain", "ver grant pirates"),
        order("Buccaneers", "tor select 1"),
        order("Buccaneers", "jam select 2"),
        order("Buccaneers", "roa select 3"),
        order("Corsairs", "tor select 1"),
        order("Corsairs", "jam select 2"),
        order("Corsairs", "cay select 3"),
    ];
    for b in [
        "A ctg", "A guax", "A nic", "F his", "F prc", "F rdh", "F sgo",
    ] {
        setup.push(order("Spain", &format!("build {b}")));
    }
    let start = v.initial_position();
    c.bench_function("pirates: setup phase, 21 orders", |b| {
        b.iter(|| black_box(adjudicate(&v, &start, &setup)))
    });
    let after = adjudicate(&v, &start, &setup).after;
    let pirates = v.power_by_name("Pirates").expect("Pirates");
    let mut ballots = Vec::new();
    for voter in engine::vote::voters(&v, &after) {
        for u in after.units.iter().filter(|u| u.power == pirates) {
            let text = format!("{} H", v.unit_text(u));
            let o = engine::parse::parse_order(&grammar, &text).expect("hold");
            ballots.push((voter.power, o));
        }
    }
    c.bench_function(
        &format!("pirates: vote on {} ballots", ballots.len()),
        |b| b.iter(|| black_box(engine::vote::decide(&v, &after, &ballots))),
    );
}

criterion_group!(benches, bench, pirates);
criterion_main!(benches);
