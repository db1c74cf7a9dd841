//! Every legal order for a unit or a power in the current phase: drives random play in
//! `parley demo` and the bot's autocomplete.
//!
//! Candidates are generated from the map and each is put through the judge's own checks (a
//! `Checker`, which answers as [`crate::judge::check_submission`] does), so the list can never
//! disagree with what the judge accepts. One checker serves a whole power's list, so what it
//! learns of the board's convoy routes is worked out once.

use crate::judge::Checker;
use crate::map::{Location, ProvinceId};
use crate::order::{Order, Target, UnitRef};
use crate::phase::PhaseKind;
use crate::position::Position;
use crate::rules::Rules;
use crate::unit::{PowerId, Unit, UnitKind};

pub(crate) fn unit_ref(u: &Unit) -> UnitRef {
    UnitRef {
        kind: Some(u.kind),
        province: u.location.province,
        coast: u.location.coast,
    }
}

/// Each place a unit could be told to go: every coast of every province, once.
fn targets(variant: &Rules, kind: UnitKind) -> Vec<Target> {
    let mut out = Vec::new();
    for p in variant.map.province_ids() {
        if variant.map.has_coasts_for(kind.class(), p) {
            for c in variant.map.coasts_for(kind.class(), p) {
                out.push(Target {
                    province: p,
                    coast: Some(c),
                });
            }
        } else {
            out.push(Target {
                province: p,
                coast: None,
            });
        }
    }
    out
}

fn accepted(judge: &Checker, power: PowerId, order: Order) -> Option<Order> {
    judge.accepts(power, &order).then_some(order)
}

/// The order if the position's unit number `unit`, which it names, may be given it.
fn accepted_for(judge: &Checker, unit: usize, order: Order) -> Option<Order> {
    judge.accepts_for(unit, &order).then_some(order)
}

/// The moves a unit (the position's unit number `index`) may make, by land or sea or
/// (armies) by convoy, and to another coast of its own province where the rulebook lets it
/// cross within (a river flotilla changing banks); the judge refuses that to any other.
fn moves(variant: &Rules, judge: &Checker, index: usize, u: &Unit) -> Vec<Order> {
    let map = &variant.map;
    let here = u.location.province;
    targets(variant, u.kind)
        .into_iter()
        .filter(|t| {
            if t.province == here {
                t.coast.is_some() && t.coast != u.location.coast
            } else {
                u.kind.convoyed() || map.any_border(here, t.province)
            }
        })
        .filter_map(|to| {
            accepted_for(
                judge,
                index,
                Order::Move {
                    unit: unit_ref(u),
                    to,
                    via_convoy: false,
                },
            )
        })
        .collect()
}

/// Every legal movement-phase order for the unit at `at` (where several units stand, the
/// first; see [`unit_movement_orders`]).
pub fn movement_orders(variant: &Rules, position: &Position, at: ProvinceId) -> Vec<Order> {
    match position.unit_at(at) {
        Some(u) => unit_movement_orders(variant, position, u),
        None => Vec::new(),
    }
}

/// Every legal movement-phase order for one unit. Orders name units by province; in a
/// province that holds many, the judge gives each order to one of the power's units there
/// without an order, so units alike in kind and power have the same list.
pub fn unit_movement_orders(variant: &Rules, position: &Position, u: &Unit) -> Vec<Order> {
    movement_orders_checked(variant, position, &Checker::new(variant, position), u)
}

fn movement_orders_checked(
    variant: &Rules,
    position: &Position,
    judge: &Checker,
    u: &Unit,
) -> Vec<Order> {
    let u = *u;
    // The first unit alike to `u`: the one the judge gives an order naming `u` to.
    let Some(index) = position.units.iter().position(|x| *x == u) else {
        return Vec::new();
    };
    let at = u.location.province;
    let me = unit_ref(&u);
    let mut out = vec![Order::Hold { unit: me }];
    out.extend(moves(variant, judge, index, &u));
    let map = &variant.map;
    let reach: Vec<ProvinceId> = map.neighbours(at).collect();
    // Units alike (kind, place) need their supports listed once.
    let mut others: Vec<&Unit> = Vec::new();
    for other in &position.units {
        if others
            .iter()
            .any(|o| o.kind == other.kind && o.location == other.location)
        {
            continue;
        }
        others.push(other);
    }
    let beside = position.units_at(at).count() > 1;
    for other in others {
        // A unit may support another beside it only where several stand (the judge has the
        // last word on each candidate).
        if other.location.province == at && !beside {
            continue;
        }
        let supported = unit_ref(other);
        if reach.contains(&other.location.province) {
            if let Some(o) = accepted_for(
                judge,
                index,
                Order::SupportHold {
                    unit: me,
                    supported,
                },
            ) {
                out.push(o);
            }
        }
        if other.location.province == at {
            // Supports beside it: only moves out to a neighbour.
            for &p in &reach {
                let to = Target {
                    province: p,
                    coast: None,
                };
                if let Some(o) = accepted_for(
                    judge,
                    index,
                    Order::SupportMove {
                        unit: me,
                        supported,
                        to,
                    },
                ) {
                    out.push(o);
                }
            }
            continue;
        }
        // Support into a neighbour the other unit could also reach.
        for &p in &reach {
            if p == other.location.province
                || !(map.any_border(other.location.province, p) || other.kind.convoyed())
            {
                continue;
            }
            let to = Target {
                province: p,
                coast: None,
            };
            if let Some(o) = accepted_for(
                judge,
                index,
                Order::SupportMove {
                    unit: me,
                    supported,
                    to,
                },
            ) {
                out.push(o);
            }
        }
    }
    if u.kind.convoys() {
        let mut kinds: Vec<(UnitKind, Vec<Target>)> = Vec::new();
        for army in position.units.iter().filter(|a| a.kind.convoyed()) {
            let reaches = judge.convoy_reaches(army.location.province);
            let i = match kinds.iter().position(|(k, _)| *k == army.kind) {
                Some(i) => i,
                None => {
                    kinds.push((army.kind, targets(variant, army.kind)));
                    kinds.len() - 1
                }
            };
            let army = unit_ref(army);
            let to = kinds[i].1.iter().filter(|t| reaches[t.province.0 as usize]);
            out.extend(
                judge
                    .convoy_destinations(index, &army, to)
                    .into_iter()
                    .map(|to| Order::Convoy { unit: me, army, to }),
            );
        }
    }
    out
}

/// Every legal order for the dislodged unit that stood at `at`.
pub fn retreat_orders(variant: &Rules, position: &Position, at: ProvinceId) -> Vec<Order> {
    let Some(d) = position
        .dislodged
        .iter()
        .find(|d| d.unit.location.province == at)
    else {
        return Vec::new();
    };
    let me = unit_ref(&d.unit);
    let mut out = vec![Order::Disband { unit: me }];
    let legal = crate::judge::retreat_options(variant, position, d);
    out.extend(legal.into_iter().map(|l: Location| Order::Retreat {
        unit: me,
        to: Target {
            province: l.province,
            coast: l.coast,
        },
    }));
    out
}

/// Every legal adjustment order for a power: its builds (and waive) or its disbands.
pub fn adjustment_orders(variant: &Rules, position: &Position, power: PowerId) -> Vec<Order> {
    let judge = &Checker::new(variant, position);
    let mut out = Vec::new();
    for p in variant.book.build_sites(&variant.context(position), power) {
        for kind in &variant.unit_kinds {
            for t in targets(variant, *kind)
                .into_iter()
                .filter(|t| t.province == p)
            {
                let unit = UnitRef {
                    kind: Some(*kind),
                    province: p,
                    coast: t.coast,
                };
                if let Some(o) = accepted(judge, power, Order::Build { unit }) {
                    out.push(o);
                }
            }
        }
    }
    if !out.is_empty() {
        out.push(Order::Waive);
    }
    for u in position.units.iter().filter(|u| u.power == power) {
        if let Some(o) = accepted(judge, power, Order::Disband { unit: unit_ref(u) }) {
            out.push(o);
        }
    }
    out
}

/// Every legal order, unit by unit, for a power in the position's phase. Adjustment orders are
/// listed under no unit (`None`). The variant's own orders
/// ([`crate::rulebook::VariantRules::special_orders`]) join the list of the unit they name, if
/// it is one of the power's units listed; the rest (setup orders, orders that place a unit
/// not yet on the board) are listed under no unit, one list of them.
pub fn legal_orders(
    variant: &Rules,
    position: &Position,
    power: PowerId,
) -> Vec<(Option<Location>, Vec<Order>)> {
    let mut out: Vec<(Option<Location>, Vec<Order>)> = match variant.calendar.kind(position.phase) {
        PhaseKind::Movement => {
            let mut out: Vec<(Option<Location>, Vec<Order>)> = Vec::new();
            let mut done: Vec<&Unit> = Vec::new();
            let judge = Checker::new(variant, position);
            for u in position.units.iter().filter(|u| u.power == power) {
                // A unit alike to one already listed (the High Ocean Box) has the same list.
                let orders = match done.iter().position(|d| *d == u) {
                    Some(i) => out[i].1.clone(),
                    None => movement_orders_checked(variant, position, &judge, u),
                };
                done.push(u);
                out.push((Some(u.location), orders));
            }
            out
        }
        PhaseKind::Retreat => position
            .dislodged
            .iter()
            .filter(|d| d.unit.power == power)
            .map(|d| {
                (
                    Some(d.unit.location),
                    retreat_orders(variant, position, d.unit.location.province),
                )
            })
            .collect(),
        PhaseKind::Adjustment => {
            let orders = adjustment_orders(variant, position, power);
            if orders.is_empty() {
                Vec::new()
            } else {
                vec![(None, orders)]
            }
        }
        PhaseKind::Setup => Vec::new(),
    };
    let special = variant
        .book
        .special_orders(&variant.context(position), power);
    let mut loose = Vec::new();
    for o in special {
        let named = o.unit().and_then(|r| {
            out.iter().position(|(at, _)| {
                at.is_some_and(|l| {
                    l.province == r.province
                        && r.kind.is_none_or(|k| unit_kind_at(position, l) == Some(k))
                })
            })
        });
        match named {
            Some(i) if !out[i].1.contains(&o) => out[i].1.push(o),
            Some(_) => {}
            None => loose.push(o),
        }
    }
    if !loose.is_empty() {
        match out.iter_mut().find(|(at, _)| at.is_none()) {
            Some((_, list)) => list.extend(loose),
            None => out.push((None, loose)),
        }
    }
    out
}

/// The kind of the power's unit (or dislodged unit) listed at `at`.
fn unit_kind_at(position: &Position, at: Location) -> Option<UnitKind> {
    position
        .units
        .iter()
        .chain(position.dislodged.iter().map(|d| &d.unit))
        .find(|u| u.location == at)
        .map(|u| u.kind)
}

/// The conditional orders a power may write beside its units' orders in this phase
/// ([`crate::rulebook::VariantRules::conditional_orders`]: Atlantica II's retreat lists), kept
/// apart from [`legal_orders`] so that random play and votes never give them and autocomplete
/// offers them only when asked. Empty outside a movement phase.
pub fn conditional_orders(variant: &Rules, position: &Position, power: PowerId) -> Vec<Order> {
    if variant.calendar.kind(position.phase) != PhaseKind::Movement {
        return Vec::new();
    }
    variant
        .book
        .conditional_orders(&variant.context(position), power)
}
