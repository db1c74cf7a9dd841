//! A randomized check on the resolver: random games of every built-in variant, where each
//! movement phase is adjudicated with its orders in several different sequences. The outcome
//! must not depend on the sequence (the judge's guesses and cycle handling are sequence-free),
//! every order must get one result, and no province may end up with two units where the
//! variant does not allow it. The games are seeded, so a failure can be replayed.

use engine::judge::{adjudicate, Adjudication, Submitted, Verdict};
use engine::legal::legal_orders;
use engine::order::Order;
use engine::phase::PhaseKind;
use engine::position::Position;
use engine::unit::PowerId;
use engine::Rules;
use engine::Variant;

/// SplitMix64: enough randomness for choosing orders, with no dependency.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) % n as u64) as usize
    }

    fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }
}

/// Random orders for every power: moves more often than not, so units meet.
fn random_orders(v: &Rules, position: &Position, rng: &mut Rng) -> Vec<Submitted> {
    let mut out = Vec::new();
    for p in 0..v.powers.len() {
        let power = PowerId(p as u8);
        let lists = legal_orders(v, position, power);
        let adjustment = v.calendar.kind(position.phase) == PhaseKind::Adjustment;
        for (_, orders) in lists {
            if orders.is_empty() {
                continue;
            }
            let moves: Vec<&Order> = orders
                .iter()
                .filter(|o| matches!(o, Order::Move { .. }))
                .collect();
            let pick = if !adjustment && !moves.is_empty() && rng.below(3) > 0 {
                moves[rng.below(moves.len())].clone()
            } else {
                orders[rng.below(orders.len())].clone()
            };
            out.push(Submitted {
                power,
                order: Ok(pick),
            });
        }
    }
    out
}

/// The outcome in a form that does not depend on the orders' sequence.
fn outcome(v: &Rules, subs: &[Submitted], adj: &Adjudication) -> (Vec<String>, Vec<String>) {
    let mut results: Vec<String> = subs
        .iter()
        .zip(&adj.results)
        .map(|(s, r)| {
            let text = s.order.as_ref().map(|o| o.to_text(&*v)).unwrap_or_default();
            format!("{} {text}: {}", v.power_name(s.power), r.verdict.word())
        })
        .collect();
    results.sort();
    let mut board: Vec<String> = adj
        .after
        .units
        .iter()
        .map(|u| format!("{} {}", v.power_name(u.power), v.unit_text(u)))
        .chain(
            adj.after
                .dislodged
                .iter()
                .map(|d| format!("dislodged {}", v.unit_text(&d.unit))),
        )
        .collect();
    board.sort();
    (results, board)
}

fn check_variant(id: &str, seed: u64, phases: usize) {
    let v = Variant::builtin(id).expect(id);
    let mut rng = Rng(seed);
    let mut position = v.initial_position();
    let mut checked = 0;
    for _ in 0..phases {
        let kind = v.calendar.kind(position.phase);
        let subs = if kind == PhaseKind::Setup {
            Vec::new()
        } else {
            random_orders(&v, &position, &mut rng)
        };
        let adj = adjudicate(&v, &position, &subs);
        let name = v.calendar.name(position.phase);
        assert_eq!(adj.results.len(), subs.len(), "{id} {name}");
        for p in v.map.province_ids() {
            let here = adj.after.units_at(p).count();
            assert!(
                here <= 1 || v.book.holds_many(&v.context(&adj.after), p),
                "{id} seed {seed} {name}: {here} units in {}",
                v.map.province(p).id
            );
        }
        if kind == PhaseKind::Movement {
            let first = outcome(&v, &subs, &adj);
            for _ in 0..3 {
                let mut shuffled = subs.clone();
                rng.shuffle(&mut shuffled);
                let again = adjudicate(&v, &position, &shuffled);
                assert_eq!(
                    outcome(&v, &shuffled, &again),
                    first,
                    "{id} seed {seed} {name}: the outcome depends on the orders' sequence"
                );
            }
            // A move that succeeded put its unit where it was going.
            for (s, r) in subs.iter().zip(&adj.results) {
                if let (Ok(Order::Move { to, .. }), Verdict::Succeeds) = (&s.order, r.verdict) {
                    assert!(
                        adj.after.units_at(to.province).any(|u| u.power == s.power),
                        "{id} seed {seed} {name}: a successful move did not arrive"
                    );
                }
            }
            checked += 1;
        }
        position = adj.after;
    }
    assert!(checked > 0, "{id}: no movement phase was checked");
}

#[test]
fn standard_outcomes_do_not_depend_on_the_orders_sequence() {
    check_variant("standard", 1901, 16);
}

#[test]
fn every_other_variant_too() {
    for id in engine::variants::BUILTIN
        .iter()
        .filter(|id| **id != "standard")
    {
        check_variant(id, 1066, 10);
    }
}

/// The same over many seeds, for a deeper search when the resolver changes:
/// `cargo test --release -p engine --test order_independence -- --ignored`.
#[test]
#[ignore]
fn many_seeds() {
    for seed in 0..40 {
        for id in engine::variants::BUILTIN {
            check_variant(id, seed, 30);
        }
    }
}
