//! Listing one power's legal orders on the busiest boards each variant can reach, and
//! adjudicating a busy Pirates board full of convoys.

#[path = "../tests/common/mod.rs"]
mod common;

use common::{busiest_board, random_movement_orders, sea_board, Rng};
use criterion::{black_box, criterion_group, criterion_main, Criterion};
use engine::legal::legal_orders;
use engine::unit::PowerId;
use engine::{adjudicate, Rules, Variant};

/// The power with the most units on the board.
fn busiest_power(v: &Rules, p: &engine::position::Position) -> PowerId {
    (0..v.powers.len())
        .map(|i| PowerId(i as u8))
        .max_by_key(|&pw| p.units.iter().filter(|u| u.power == pw).count())
        .expect("a power")
}

fn legal(c: &mut Criterion) {
    let mut group = c.benchmark_group("legal_orders");
    group.sample_size(10);
    for id in engine::variants::BUILTIN {
        let v = Variant::builtin(id).expect(id);
        let board = busiest_board(&v, 7000);
        let power = busiest_power(&v, &board);
        group.bench_function(
            format!("{id}: busiest board, {} units", board.units.len()),
            |b| b.iter(|| black_box(legal_orders(&v, &board, power))),
        );
    }
    let v = Variant::builtin("pirates").expect("pirates");
    let board = sea_board(&v, 8001, 26);
    let power = busiest_power(&v, &board);
    group.bench_function(
        format!("pirates: a fleet on every sea, {} units", board.units.len()),
        |b| b.iter(|| black_box(legal_orders(&v, &board, power))),
    );
    group.finish();

    // Convoy plans across the sea: many convoy orders, most of them checked for a chain.
    let orders = random_movement_orders(&v, &board, &mut Rng(3));
    let convoys = orders
        .iter()
        .filter(|s| matches!(s.order, Ok(engine::order::Order::Convoy { .. })))
        .count();
    c.bench_function(
        &format!(
            "pirates: adjudicate a fleet on every sea, {} units, {convoys} convoy orders",
            board.units.len()
        ),
        |b| b.iter(|| black_box(adjudicate(&v, &board, &orders))),
    );
}

criterion_group!(benches, legal);
criterion_main!(benches);
