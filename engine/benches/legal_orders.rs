//! Listing one power's legal orders on the busiest boards each variant can reach, and
//! adjudicating a busy Pirates board full of convoys.
//!
//! Measured 29 November 2026 (branch speed-legal), one sitting, release build, on the shared
//! 2-core machine under a load of 5 to 8 (other builds), so criterion's means here ran about
//! twice the quiet figures; the numbers below are the best single list of many, before (main
//! at 79d314c) and after, with the same boards and the busiest power (most units):
//!
//! | board | before | after |
//! | --- | --- | --- |
//! | standard busiest, 71 units | 0.96 ms | 0.83 ms |
//! | davis busiest, 79 units | 1.21 ms | 1.04 ms |
//! | maharajah busiest, 70 units | 1.23 ms | 1.11 ms |
//! | pirates busiest, 107 units | 6.5 ms | 5.3 ms |
//! | pirates, a fleet on every sea, 60 units | 2.16 ms | 2.04 ms |
//! | atlantica busiest, 95 units | 1.39 ms | 1.23 ms |
//! | latin-american busiest, 226 units | 47.1 ms | 36.8 ms |
//! | latin-american, a fleet on every sea, 130 units | 16.6 ms | 14.1 ms |
//!
//! Slowest power (CPU time, mean of 3): Latin American busiest board 100 ms before (the
//! twelfth power), 43 ms after; its sea board 41 ms before, 15 ms after; Pirates busiest
//! 8.0 ms before, 5.6 ms after. The Latin American busiest board is still above the 20 ms of
//! issue #30: most of what is left is proving, by a survey of chains, that a fleet lies on no
//! chain between two shores though ways reach it from both (see `judge::route`).

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
    // A fleet on every sea: the Latin American board's oceans make the longest chains.
    for id in ["latin-american", "pirates"] {
        let v = Variant::builtin(id).expect(id);
        let board = sea_board(&v, 8001, 26);
        let power = busiest_power(&v, &board);
        group.bench_function(
            format!("{id}: a fleet on every sea, {} units", board.units.len()),
            |b| b.iter(|| black_box(legal_orders(&v, &board, power))),
        );
    }
    group.finish();
    // Every power's list on the Latin American busiest board: the busiest power (above) is
    // not the slowest, as the time goes on its fleets' convoys, and the slowest is what a
    // player waits for.
    let mut group = c.benchmark_group("legal_orders_every_power");
    group
        .sample_size(10)
        .warm_up_time(std::time::Duration::from_secs(1))
        .measurement_time(std::time::Duration::from_secs(2));
    let v = Variant::builtin("latin-american").expect("latin-american");
    let board = busiest_board(&v, 7000);
    for (i, info) in v.powers.iter().enumerate() {
        group.bench_function(
            format!(
                "latin-american: busiest board, {} units, {}",
                board.units.len(),
                info.name
            ),
            |b| b.iter(|| black_box(legal_orders(&v, &board, PowerId(i as u8)))),
        );
    }
    group.finish();
    let v = Variant::builtin("pirates").expect("pirates");
    let board = sea_board(&v, 8001, 26);

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
