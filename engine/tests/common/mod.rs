//! Helpers shared by the engine's tests and benchmarks: a seeded random source, random
//! orders drawn from the map, and the busiest boards each variant can reach.
#![allow(dead_code)]

use engine::judge::Submitted;
use engine::legal::legal_orders;
use engine::map::{CoastId, Location, ProvinceId};
use engine::order::{Order, Target, UnitRef};
use engine::phase::PhaseKind;
use engine::position::Position;
use engine::unit::{PowerId, Unit, UnitKind};
use engine::Rules;

/// SplitMix64: enough randomness for choosing orders, with no dependency.
pub struct Rng(pub u64);

impl Rng {
    pub fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) % n.max(1) as u64) as usize
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> Option<&'a T> {
        if items.is_empty() {
            None
        } else {
            Some(&items[self.below(items.len())])
        }
    }
}

pub fn unit_ref(u: &Unit) -> UnitRef {
    UnitRef {
        kind: Some(u.kind),
        province: u.location.province,
        coast: u.location.coast,
    }
}

fn target(p: ProvinceId) -> Target {
    Target {
        province: p,
        coast: None,
    }
}

/// Provinces within `hops` steps of `from` over any border.
fn near(v: &Rules, from: ProvinceId, hops: usize) -> Vec<ProvinceId> {
    let mut seen = vec![from];
    let mut frontier = vec![from];
    for _ in 0..hops {
        let mut next = Vec::new();
        for p in frontier {
            for q in v.map.neighbours(p) {
                if !seen.contains(&q) {
                    seen.push(q);
                    next.push(q);
                }
            }
        }
        frontier = next;
    }
    seen.retain(|&p| p != from);
    seen
}

/// One random order for a unit in a movement phase, legal or not: holds, moves (by land,
/// by sea, by convoy), supports of neighbours, convoys of armies nearby.
fn random_unit_order(v: &Rules, position: &Position, u: &Unit, rng: &mut Rng) -> Order {
    let map = &v.map;
    let me = unit_ref(u);
    let here = u.location.province;
    let nb: Vec<ProvinceId> = map.neighbours(here).collect();
    let roll = rng.below(100);
    if roll < 6 || nb.is_empty() {
        return Order::Hold { unit: me };
    }
    if roll < 50 {
        let borders: Vec<_> = map
            .province(here)
            .borders
            .iter()
            .filter(|b| u.kind == UnitKind::ARMY || b.from_coast == u.location.coast)
            .collect();
        if let Some(b) = rng.pick(&borders) {
            let coast = if u.kind == UnitKind::ARMY || rng.below(3) == 0 {
                None
            } else {
                b.to.coast
            };
            return Order::Move {
                unit: me,
                to: Target {
                    province: b.to.province,
                    coast,
                },
                via_convoy: false,
            };
        }
    }
    if roll < 60 {
        let far = near(v, here, 4);
        let to = *rng.pick(&far).unwrap_or(&nb[0]);
        return Order::Move {
            unit: me,
            to: target(to),
            via_convoy: u.kind == UnitKind::ARMY && rng.below(2) == 0,
        };
    }
    if roll < 70 {
        let others: Vec<&Unit> = nb.iter().flat_map(|&p| position.units_at(p)).collect();
        if let Some(o) = rng.pick(&others) {
            return Order::SupportHold {
                unit: me,
                supported: unit_ref(o),
            };
        }
    }
    if roll < 86 {
        let into = *rng.pick(&nb).expect("neighbours");
        let mut movers: Vec<&Unit> = map
            .neighbours(into)
            .flat_map(|p| position.units_at(p))
            .filter(|o| o.location.province != here)
            .collect();
        // Now and then an army further off, as if convoyed.
        if rng.below(4) == 0 {
            movers.extend(
                position
                    .units
                    .iter()
                    .filter(|o| o.kind == UnitKind::ARMY && o.location.province != here),
            );
        }
        if let Some(o) = rng.pick(&movers) {
            let supported = UnitRef {
                kind: if rng.below(5) == 0 {
                    None
                } else {
                    Some(o.kind)
                },
                ..unit_ref(o)
            };
            return Order::SupportMove {
                unit: me,
                supported,
                to: target(into),
            };
        }
    }
    if u.kind != UnitKind::ARMY {
        let armies: Vec<&Unit> = near(v, here, 3)
            .into_iter()
            .flat_map(|p| position.units_at(p))
            .filter(|a| a.kind == UnitKind::ARMY)
            .collect();
        if let Some(a) = rng.pick(&armies) {
            let ends = near(v, a.location.province, 4);
            if let Some(&to) = rng.pick(&ends) {
                return Order::Convoy {
                    unit: me,
                    army: unit_ref(a),
                    to: target(to),
                };
            }
        }
    }
    Order::Hold { unit: me }
}

/// Fleets that could pass an army on from `from`: every fleet joined to one next to it by
/// fleet borders, as the order writer sees the board (whether they may convoy is the judge's
/// business).
fn fleet_chain(v: &Rules, position: &Position, from: ProvinceId) -> Vec<usize> {
    let map = &v.map;
    let fleet_at = |p: ProvinceId| {
        position
            .units
            .iter()
            .position(|u| u.location.province == p && u.kind == UnitKind::FLEET)
    };
    let mut reached: Vec<usize> = map.neighbours(from).filter_map(fleet_at).collect();
    let mut i = 0;
    while i < reached.len() {
        let p = position.units[reached[i]].location.province;
        for b in map
            .province(p)
            .borders
            .iter()
            .filter(|b| map.carries_convoys(b))
        {
            if let Some(f) = fleet_at(b.to.province) {
                if !reached.contains(&f) {
                    reached.push(f);
                }
            }
        }
        i += 1;
    }
    reached
}

/// Random movement orders for every unit, plus convoy plans: an army sent by convoy to land
/// beside a fleet of a chain, with most fleets of that chain (of any power) convoying it.
pub fn random_movement_orders(v: &Rules, position: &Position, rng: &mut Rng) -> Vec<Submitted> {
    let mut orders: Vec<Option<Order>> = position
        .units
        .iter()
        .map(|u| Some(random_unit_order(v, position, u, rng)))
        .collect();
    let armies: Vec<usize> = (0..position.units.len())
        .filter(|&i| position.units[i].kind == UnitKind::ARMY)
        .collect();
    let plans = rng.below(2 + position.units.len() / 6);
    for _ in 0..plans {
        let Some(&a) = rng.pick(&armies) else { break };
        let from = position.units[a].location.province;
        let chain = fleet_chain(v, position, from);
        if chain.is_empty() {
            continue;
        }
        let mut ends: Vec<ProvinceId> = chain
            .iter()
            .flat_map(|&f| v.map.neighbours(position.units[f].location.province))
            .filter(|&p| p != from && v.map.admits(&engine::map::LAND, Location::province(p)))
            .collect();
        ends.sort();
        ends.dedup();
        let Some(&to) = rng.pick(&ends) else { continue };
        orders[a] = Some(Order::Move {
            unit: unit_ref(&position.units[a]),
            to: target(to),
            via_convoy: rng.below(5) > 0,
        });
        for &f in &chain {
            if rng.below(10) < 7 {
                orders[f] = Some(Order::Convoy {
                    unit: unit_ref(&position.units[f]),
                    army: unit_ref(&position.units[a]),
                    to: target(to),
                });
            }
        }
    }
    // Attack plans: a unit moves on a neighbour with supports from units beside the target,
    // so that units are dislodged and retreat phases follow.
    let attacks = rng.below(2 + position.units.len() / 5);
    for _ in 0..attacks {
        let a = rng.below(position.units.len());
        let attacker = &position.units[a];
        let nb: Vec<ProvinceId> = v
            .map
            .neighbours(attacker.location.province)
            .filter(|&p| !position.is_empty(p))
            .collect();
        let Some(&into) = rng.pick(&nb) else { continue };
        orders[a] = Some(Order::Move {
            unit: unit_ref(attacker),
            to: target(into),
            via_convoy: false,
        });
        let helpers: Vec<usize> = (0..position.units.len())
            .filter(|&h| {
                h != a
                    && position.units[h].location.province != into
                    && v.map
                        .neighbours(position.units[h].location.province)
                        .any(|p| p == into)
            })
            .collect();
        for _ in 0..1 + rng.below(3) {
            if let Some(&h) = rng.pick(&helpers) {
                orders[h] = Some(Order::SupportMove {
                    unit: unit_ref(&position.units[h]),
                    supported: unit_ref(attacker),
                    to: target(into),
                });
            }
        }
    }
    // Some units are left without orders.
    position
        .units
        .iter()
        .zip(orders)
        .filter(|_| rng.below(20) > 0)
        .filter_map(|(u, o)| {
            Some(Submitted {
                power: u.power,
                order: Ok(o?),
            })
        })
        .collect()
}

/// Random orders for any phase: movement orders from the map, retreats, builds and removals
/// from the legal lists; none in a setup (its defaults apply).
pub fn random_orders(v: &Rules, position: &Position, rng: &mut Rng) -> Vec<Submitted> {
    match v.calendar.kind(position.phase) {
        PhaseKind::Movement => random_movement_orders(v, position, rng),
        PhaseKind::Setup => Vec::new(),
        PhaseKind::Retreat | PhaseKind::Adjustment => {
            let mut out = Vec::new();
            for p in 0..v.powers.len() {
                let power = PowerId(p as u8);
                for (_, list) in legal_orders(v, position, power) {
                    let picks = if list.iter().any(|o| o.unit().is_none()) {
                        rng.below(4)
                    } else {
                        1
                    };
                    for _ in 0..picks {
                        if let Some(o) = rng.pick(&list) {
                            out.push(Submitted {
                                power,
                                order: Ok(o.clone()),
                            });
                        }
                    }
                }
            }
            out
        }
    }
}

/// Where a unit of `kind` may stand in `p`, on its first coast if it has several.
fn stand_at(v: &Rules, kind: UnitKind, p: ProvinceId) -> Option<Location> {
    let coast = if kind == UnitKind::ARMY || v.map.province(p).coasts.is_empty() {
        None
    } else {
        Some(CoastId(0))
    };
    let at = Location { province: p, coast };
    let start = v.initial_position();
    v.book.can_stand(&v.context(&start), kind, at).then_some(at)
}

/// The busiest board a variant can reach, at its first movement phase after any setup:
/// a fleet on every sea space (and every other space only fleets may take), a unit on every
/// supply centre, armies on every other coast where an army may stand (so each can be
/// convoyed), powers dealt round in turn. Centres are owned by the unit on them.
pub fn busiest_board(v: &Rules, seed: u64) -> Position {
    busy_board(v, seed, 100)
}

/// [`busiest_board`] with only about `keep` in a hundred of its units: a mid-game board, with
/// gaps in the chains of fleets so that many routes go round them.
pub fn busy_board(v: &Rules, seed: u64, keep: usize) -> Position {
    let mut rng = Rng(seed);
    let mut position = v.initial_position();
    while v.calendar.kind(position.phase) != PhaseKind::Movement {
        position = engine::adjudicate(v, &position, &[]).after;
    }
    position.units.clear();
    position.dislodged.clear();
    position.contested.clear();
    let powers = v.powers.len();
    for p in v.map.province_ids() {
        let prov = v.map.province(p);
        let kind = if v.map.terrain(p).convoys {
            UnitKind::FLEET
        } else if prov.supply_center || rng.below(4) > 0 {
            if rng.below(3) == 0 {
                UnitKind::FLEET
            } else {
                UnitKind::ARMY
            }
        } else {
            continue;
        };
        let other = if kind == UnitKind::ARMY {
            UnitKind::FLEET
        } else {
            UnitKind::ARMY
        };
        let Some((kind, at)) = stand_at(v, kind, p)
            .map(|l| (kind, l))
            .or_else(|| stand_at(v, other, p).map(|l| (other, l)))
        else {
            continue;
        };
        let power = PowerId(rng.below(powers) as u8);
        if rng.below(100) >= keep {
            continue;
        }
        position.units.push(Unit {
            power,
            kind,
            location: at,
        });
        if prov.supply_center {
            position.owners[p.0 as usize] = Some(power);
        }
    }
    position
}

/// A mid-game board of the kind that makes convoys costly: a fleet on every sea space and
/// `others` more units, mostly armies on coasts (to be convoyed), on land chosen at random.
pub fn sea_board(v: &Rules, seed: u64, others: usize) -> Position {
    let mut position = busiest_board(v, seed);
    let mut rng = Rng(seed ^ 0x5EA);
    let (mut seas, mut land): (Vec<Unit>, Vec<Unit>) = position
        .units
        .iter()
        .partition(|u| v.map.terrain(u.location.province).convoys);
    let mut kept = Vec::new();
    while kept.len() < others && !land.is_empty() {
        kept.push(land.swap_remove(rng.below(land.len())));
    }
    seas.extend(kept);
    position.units = seas;
    for (i, o) in position.owners.iter_mut().enumerate() {
        let p = ProvinceId(i as u16);
        if o.is_some() && !position.units.iter().any(|u| u.location.province == p) {
            *o = None;
        }
    }
    position
}

/// One power's legal orders on a case's board, as text.
pub fn legal_texts(input: &engine::case::CaseInput, power: &str) -> Vec<String> {
    let v = &input.variant;
    let p = v.power_by_name(power).expect("a power");
    legal_orders(v, &input.position, p)
        .into_iter()
        .flat_map(|(_, orders)| orders)
        .map(|o| o.to_text(&**v))
        .collect()
}

/// What `/game status` says about the rulebook's state on a case's board.
pub fn state_words(input: &engine::case::CaseInput) -> Vec<String> {
    let v = &input.variant;
    v.book
        .state_words(&v.context(&input.position))
        .iter()
        .map(|r| r.words(&v.variant))
        .collect()
}
