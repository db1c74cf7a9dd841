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
//! 8.0 ms before, 5.6 ms after.
//!
//! Measured again 29 November 2026 (branch speed-legal3: cliques that cut a fleet off from
//! both ends, pieces of chains found before, `within_chains` only before a survey, one call
//! per army for a fleet's convoy destinations), release builds, the same sitting, before
//! (main at 5ac21f7) and after run in turn, under a load of 4 to 5 from other builds.
//! Instructions (callgrind, exact whatever the load) for each power's list on the Latin
//! American busiest board, less loading the variant and building the board:
//!
//! | power | before | after |
//! | --- | --- | --- |
//! | Argentina | 400M | 151M |
//! | Brazil (slowest before) | 434M | 145M |
//! | Britain | 327M | 112M |
//! | Bolivia (slowest after) | 418M | 157M |
//! | Chile | 186M | 95M |
//! | Colombia | 201M | 95M |
//! | France | 385M | 120M |
//! | Mexico | 197M | 97M |
//! | Peru | 222M | 63M |
//! | Spain | 335M | 120M |
//! | USA | 263M | 132M |
//! | Venezuela | 383M | 141M |
//!
//! Best of 5 lists, every power of every board the bench lists (slowest power, its time):
//!
//! | board | before | after |
//! | --- | --- | --- |
//! | standard busiest | 0.87 ms | 0.79 ms |
//! | davis busiest | 1.36 ms | 1.13 ms |
//! | maharajah busiest | 1.17 ms | 0.81 ms |
//! | pirates busiest | 8.59 ms | 4.00 ms |
//! | pirates, a fleet on every sea | 2.32 ms | 1.66 ms |
//! | atlantica busiest | 1.25 ms | 1.16 ms |
//! | latin-american busiest | 42.96 ms (Brazil) | 15.22 ms (Bolivia) |
//! | latin-american, a fleet on every sea | 14.61 ms | 5.34 ms |
//!
//! Criterion means under a load of about 5 (one earlier sitting, after = this branch with 16
//! chains kept per fleet rather than 48, up to 7% more instructions a list): latin-american
//! busiest 73.3 -> 30.3 ms, its sea board 25.2 -> 9.4 ms, pirates busiest 8.9 -> 5.9 ms;
//! `legal_orders_every_power` slowest 75.8 ms (Bolivia) -> 26.4 ms (Brazil). Later sittings
//! were disturbed by load spikes (one list of the same binary from 10 to 40 ms). The Pirates
//! adjudication bench is unchanged (54 us after, 72 us before in one sitting): the cliques and
//! kept chains serve only listing.
//!
//! The merged code in a quiet moment (main after merging speed-legal3, 14:43 UTC, nothing else
//! running), criterion means with `--measurement-time 3`: standard 0.87 ms, davis 0.91,
//! maharajah 0.80, pirates busiest 3.91, atlantica 1.19, latin-american busiest 14.40, its sea
//! board 5.11, pirates sea board 1.43; every power on the latin-american busiest board 6.2
//! (Peru) to 16.6 ms (Bolivia), every list under 20 ms; the Pirates adjudication 30.5 us.

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
