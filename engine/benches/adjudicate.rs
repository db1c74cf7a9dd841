//! Adjudication speed: every DATC movement case, and a full 34-unit Standard movement phase.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use engine::case::read_case;
use engine::judge::Submitted;
use engine::phase::PhaseKind;
use engine::{adjudicate, Variant};
use serde_json::Value;

fn inputs(
    text: &str,
) -> Vec<(
    std::sync::Arc<Variant>,
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
}

criterion_group!(benches, bench);
criterion_main!(benches);
