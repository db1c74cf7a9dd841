//! What `parley adjudicate` does with a case in process, step by step: the text parsed (strict
//! JSON, duplicate keys refused), the case read into a typed position and orders, and the
//! adjudication written back as the result JSON; beside it the adjudication alone.
//!
//! Measured 29 November 2026 (branch speed-legal), one sitting, release build, the shared
//! 2-core machine under a load of 5 to 8; the best of many runs, before (main at 79d314c) and
//! after: reading the case 33.9 µs before, 22.0 µs after (the parser joins no words and
//! formats no field names unless it must, names hash by FNV-1a); parsing the text 6.0 µs;
//! adjudicating alone 9.1 µs; adjudicating and writing the result 29.3 µs before, 31.0 µs
//! after (unchanged: noise); the whole case, text to result, 71.9 µs before, 61.2 µs after.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use engine::case::{parse_case, read_case, run_case};
use engine::judge::Submitted;

const MIDGAME: &str = include_str!("data/standard-34.json");

fn reading(c: &mut Criterion) {
    let mut group = c.benchmark_group("case reading");
    group.bench_function("standard midgame: parse the text", |b| {
        b.iter(|| black_box(parse_case(MIDGAME).expect("parses")))
    });
    let value = parse_case(MIDGAME).expect("parses");
    group.bench_function("standard midgame: read the case", |b| {
        b.iter(|| black_box(read_case(&value, None).expect("reads")))
    });
    let input = read_case(&value, None).expect("reads");
    group.bench_function("standard midgame: adjudicate and write the result", |b| {
        b.iter(|| black_box(run_case(&input).expect("runs")))
    });
    let orders: Vec<Submitted> = input.orders.iter().map(|(_, _, s)| s.clone()).collect();
    group.bench_function("standard midgame: adjudicate alone", |b| {
        b.iter(|| black_box(engine::adjudicate(&input.variant, &input.position, &orders)))
    });
    group.bench_function("standard midgame: the whole case, text to result", |b| {
        b.iter(|| {
            let value = parse_case(MIDGAME).expect("parses");
            let input = read_case(&value, None).expect("reads");
            black_box(run_case(&input).expect("runs"))
        })
    });
    group.finish();
}

criterion_group!(benches, reading);
criterion_main!(benches);
