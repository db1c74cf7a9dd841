//! Plan: reads a movement phase's orders into what each unit does (a checked order per unit,
//! holding by default), then matches supports and convoys to the moves they name.

use super::super::route::LazyRoutes;
use super::super::submission::{claim, Roster};
use super::check::{check_order, Checked};
use crate::map::{Location, ProvinceId};
use crate::order::{Order, Target, UnitRef};
use crate::outcome::{Cause, OrderResult, Submitted};
use crate::rulebook::{AfterLanding, ConvoyIntent, Landing, SpecialAct, SpecialOrder};
use crate::rules::Rules;
use crate::unit::{PowerId, Unit, UnitKind};

/// What a unit actually does once its order has been checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Act {
    Hold,
    Move {
        to: Location,
        by_convoy: bool,
        /// Strength before supports going by land (or by sea, for a fleet), and going by
        /// convoy: they differ across Pirates' landbridges (null strength by land, full by
        /// convoy), and whether an adjacent army goes by convoy is settled only later.
        base: u32,
        convoy_base: u32,
    },
    SupportHold {
        of: usize,
    },
    SupportMove {
        of: usize,
        into: ProvinceId,
    },
    /// A support that names a unit not doing what it says: it helps no one.
    SupportVoid {
        into: Option<ProvinceId>,
    },
    Convoy {
        army: ProvinceId,
        to: ProvinceId,
    },
    /// The unit leaves its province at the start of the move, by its rulebook's order (an
    /// army boarding a fleet, a fleet sailing for Atlantis): it defends nothing there. With
    /// `stays_if_fails`, it leaves only if that unit's move succeeds, and otherwise holds
    /// there (it may be supported to hold, and dislodged). Its decision is whether it left.
    Leave {
        stays_if_fails: Option<usize>,
    },
    /// An attack on `power`'s units inside the province that holds many units where the unit
    /// stands ([`crate::rulebook::SpecialAct::AttacksWithin`]). Its decision is whether its
    /// side won that fight.
    AttackWithin {
        power: PowerId,
        disband_margin: Option<u32>,
    },
}

/// A unit put ashore this phase, resolved as a unit of its own (appended after the board's
/// units) that moves from its carrier's province.
#[derive(Clone, Copy, Debug)]
pub(super) struct Rider {
    /// The carrier, by unit index.
    pub carrier: usize,
    pub landing: Landing,
    /// Where the carrier moves first, landing the unit from there if it gets there.
    pub sail: Option<(Location, u32)>,
}

/// A convoy order: the fleet (by unit index), the army's province and where it goes.
pub(super) type ConvoyOrder = (usize, ProvinceId, ProvinceId);

/// What the orders of a movement phase ask of each unit, before anything is decided.
pub(super) struct Plan {
    /// For each submitted order: its result when it was refused before resolution (illegal).
    pub results: Vec<Option<OrderResult>>,
    /// For each submitted order that stands: the unit it is for.
    pub ordered_unit: Vec<Option<usize>>,
    /// What each unit does.
    pub acts: Vec<Act>,
    /// For a support that helps no one: why.
    pub void_support: Vec<Option<Cause>>,
    pub convoy_orders: Vec<ConvoyOrder>,
    /// Adjacent armies meant to go by convoy that, under the fallback rule, move by land if
    /// their convoy route is broken; deciding that needs a resolution of its own.
    pub fallback_candidates: Vec<usize>,
    /// Which provinces hold many units (by the rulebook's `holds_many`).
    pub many: Vec<bool>,
    /// The variant's own orders that were accepted, for its rulebook to adjudicate.
    pub specials: Vec<SpecialOrder>,
    /// The units being put ashore: unit `units.len() + k` of the acts is `riders[k]`'s.
    pub riders: Vec<Rider>,
    /// The board's units followed by the riders', as the resolver sees them.
    pub units: Vec<Unit>,
    /// For each unit: the unit whose decision its act waits for (see the resolver); empty
    /// when no act depends on another.
    pub needs: Vec<Option<usize>>,
    /// For each unit of the board: the kind it becomes if its move is made
    /// ([`crate::rulebook::VariantRules::arrives_as`]); empty when none changes.
    pub becomes: Vec<Option<UnitKind>>,
    /// For each unit of the board: the power its move into a province that holds many
    /// attacks there, and the rulebook's disband margin ([`SpecialAct::AttacksInto`]); empty
    /// when no move attacks.
    pub attack_on: Vec<Option<(PowerId, Option<u32>)>>,
}

/// The variant's own orders the claims accepted (for units on the board, and units a
/// placement puts there), in the order given.
fn special_orders(
    units: &[Unit],
    orders: &[Submitted],
    accepted: &[Option<(usize, Checked)>],
    placed: &[Option<Unit>],
) -> Vec<SpecialOrder> {
    let mut specials: Vec<SpecialOrder> = accepted
        .iter()
        .enumerate()
        .filter_map(|(k, c)| match (c, &orders[k].order) {
            (Some((u, Checked::Special)), Ok(Order::Special { verb, args, .. })) => {
                Some(SpecialOrder {
                    index: k,
                    power: orders[k].power,
                    unit: Some(units[*u]),
                    verb: verb.clone(),
                    args: args.clone(),
                })
            }
            _ => None,
        })
        .chain(
            placed
                .iter()
                .enumerate()
                .filter_map(|(k, p)| match (p, &orders[k].order) {
                    (Some(unit), Ok(Order::Special { verb, args, .. })) => Some(SpecialOrder {
                        index: k,
                        power: orders[k].power,
                        unit: Some(*unit),
                        verb: verb.clone(),
                        args: args.clone(),
                    }),
                    _ => None,
                }),
        )
        .collect();
    specials.sort_by_key(|s| s.index);
    specials
}

/// Reads the orders of a movement phase into the plan, step by step: each order is given to
/// its unit and checked; the rulebook's own orders become acts; units put ashore join as
/// units of their own; moves learn whether they go by convoy; supports find the units they
/// name.
pub(super) fn plan(
    variant: &Rules,
    units: &[Unit],
    routes: &LazyRoutes,
    orders: &[Submitted],
) -> Plan {
    let n_board = units.len();
    let claims = claim(
        routes.ctx(),
        Roster::Board(units),
        orders,
        |_| Ok(()),
        |u, order| check_order(variant, units, routes, u, order),
    );
    // What each unit does before supports and convoys are matched.
    let mut checked: Vec<Checked> = claims.per_unit(Checked::Hold);
    let mut results = claims.results;
    let specials = special_orders(units, orders, &claims.accepted, &claims.placed);
    let leaving = special_acts(variant, routes, units, orders, &claims.accepted, &specials);
    let mut accepted = claims.accepted;
    let attack_on = standard_special_acts(
        variant,
        routes,
        units,
        &specials,
        &leaving,
        &accepted,
        &mut checked,
    );
    refuse_unboarded_landings(units, &leaving, &mut accepted, &mut results, &mut checked);
    let ashore = Ashore::add(variant, routes, units, &mut checked);
    let all = &ashore.units;
    let becomes = arrivals(variant, routes, &all[..n_board], &checked);
    let (mut acts, convoy_orders, fallback_candidates) = moves(variant, all, &checked);
    let specials = resolver_special_acts(specials, &leaving, &accepted, all, n_board, &mut acts);
    let many: Vec<bool> = variant
        .map
        .province_ids()
        .map(|p| variant.book.holds_many(routes.ctx(), p))
        .collect();
    let void_support = match_supports(all, &checked, &ashore.carrier_of, &many, &mut acts);
    // The order of a landing is the landed unit's: its result is the landing's.
    let rider_of = |u: usize| {
        ashore
            .riders
            .iter()
            .position(|r| r.carrier == u)
            .map(|k| n_board + k)
    };
    let ordered_unit = accepted
        .iter()
        .map(|c| {
            c.as_ref().map(|(u, checked)| match checked {
                Checked::Land { .. } => rider_of(*u).unwrap_or(*u),
                _ => *u,
            })
        })
        .collect();
    Plan {
        riders: ashore.riders,
        units: ashore.units,
        specials,
        needs: ashore.needs,
        becomes,
        attack_on,
        results,
        ordered_unit,
        acts,
        void_support,
        convoy_orders,
        fallback_candidates,
        many,
    }
}

/// What each unit with a special order does with its province at the start of the move,
/// asked of the rulebook with every order the phase accepted (a boarding stands or falls by
/// its carrier's order). One act per special order, in the same order.
fn special_acts(
    variant: &Rules,
    routes: &LazyRoutes,
    units: &[Unit],
    orders: &[Submitted],
    accepted: &[Option<(usize, Checked)>],
    specials: &[SpecialOrder],
) -> Vec<SpecialAct> {
    if specials.is_empty() {
        return Vec::new();
    }
    let ordered: Vec<(Unit, &Order)> = accepted
        .iter()
        .enumerate()
        .filter_map(|(k, c)| {
            let (u, _) = c.as_ref()?;
            Some((units[*u], orders[k].order.as_ref().ok()?))
        })
        .collect();
    variant.book.special_acts(routes.ctx(), specials, &ordered)
}

/// Special orders that are standard acts in a variant's words: an attack into a province
/// that holds many is a move of the resolution, and a support of it a support
/// (`SpecialAct::AttacksInto`, `SupportsMove`). Returns, for each unit, the power such a move
/// attacks and the disband margin (empty when no move attacks).
fn standard_special_acts(
    variant: &Rules,
    routes: &LazyRoutes,
    units: &[Unit],
    specials: &[SpecialOrder],
    leaving: &[SpecialAct],
    accepted: &[Option<(usize, Checked)>],
    checked: &mut [Checked],
) -> Vec<Option<(PowerId, Option<u32>)>> {
    let mut attack_on: Vec<Option<(PowerId, Option<u32>)>> = Vec::new();
    for (sp, l) in specials.iter().zip(leaving) {
        let Some(u) = accepted[sp.index].as_ref().map(|(u, _)| *u) else {
            continue;
        };
        match *l {
            SpecialAct::AttacksInto {
                to,
                power,
                disband_margin,
            } => {
                checked[u] = move_by_border(variant, routes, &units[u], to);
                if attack_on.is_empty() {
                    attack_on = vec![None; units.len()];
                }
                attack_on[u] = Some((power, disband_margin));
            }
            SpecialAct::MovesThen { to } => {
                checked[u] = move_by_border(variant, routes, &units[u], to);
            }
            SpecialAct::SupportsMove { supported, to } => {
                checked[u] = Checked::SupportMove {
                    target: UnitRef {
                        kind: None,
                        province: supported,
                        coast: None,
                    },
                    to: Target {
                        province: to.province,
                        coast: to.coast,
                    },
                };
            }
            _ => {}
        }
    }
    attack_on
}

/// A special order's move into `to`, across the border its unit's kind crosses there (the
/// rulebook checked the border when it accepted the order).
fn move_by_border(variant: &Rules, routes: &LazyRoutes, unit: &Unit, to: Location) -> Checked {
    let border = variant.map.border_for(unit.kind.class(), unit.location, to);
    Checked::plain_move(
        to,
        variant.book.move_base_strength(routes.ctx(), unit, border),
    )
}

/// A landing of a unit that boards in the same move needs that boarding: one not ordered, or
/// refused, leaves the carrier nobody to land. Not illegal (the order alone is a fine order,
/// and the boarding may be given in another line): it fails, and the carrier holds.
fn refuse_unboarded_landings(
    units: &[Unit],
    leaving: &[SpecialAct],
    accepted: &mut [Option<(usize, Checked)>],
    results: &mut [Option<OrderResult>],
    checked: &mut [Checked],
) {
    let boarded = |carrier: &Unit| {
        leaving
            .iter()
            .any(|l| matches!(l, SpecialAct::Boards { carrier: c, .. } if c == carrier))
    };
    for k in 0..accepted.len() {
        let Some((u, Checked::Land { landing, .. })) = accepted[k] else {
            continue;
        };
        if landing.boards && !boarded(&units[u]) {
            results[k] = Some(OrderResult::fails(Cause::NothingAboard {
                carrier: units[u],
            }));
            checked[u] = Checked::Hold;
            accepted[k] = None;
        }
    }
}

/// The units being put ashore this phase, added after the board's units.
struct Ashore {
    /// The landings, in the order their units were added.
    riders: Vec<Rider>,
    /// The board's units followed by the units put ashore.
    units: Vec<Unit>,
    /// For each unit: its carrier, if it is being put ashore.
    carrier_of: Vec<Option<usize>>,
    /// For each unit: the unit whose decision its act waits for; empty when none waits.
    needs: Vec<Option<usize>>,
}

impl Ashore {
    /// Each landing adds the unit put ashore as a unit of its own, moving from its carrier's
    /// province (or from the sea the carrier sails to, if that move is made); the carrier
    /// holds, supports the landing, sails first, or moves on once the landing is made.
    fn add(
        variant: &Rules,
        routes: &LazyRoutes,
        units: &[Unit],
        checked: &mut Vec<Checked>,
    ) -> Ashore {
        let n = units.len();
        let mut ashore = Ashore {
            riders: Vec::new(),
            units: units.to_vec(),
            carrier_of: vec![None; n],
            needs: Vec::new(),
        };
        for u in 0..n {
            let Checked::Land {
                landing,
                then_move,
                sail,
            } = checked[u]
            else {
                continue;
            };
            if ashore.needs.is_empty() {
                ashore.needs = vec![None; n];
            }
            let rider = ashore.units.len();
            ashore.riders.push(Rider {
                carrier: u,
                landing,
                sail,
            });
            let from = sail.map_or(units[u].location.province, |(at, _)| at.province);
            let landed = Unit {
                location: Location::province(from),
                ..landing.carried
            };
            ashore.units.push(landed);
            ashore.carrier_of.push(Some(u));
            // Put ashore from the carrier, the landing crosses no border of its own.
            let base = variant.book.move_base_strength(routes.ctx(), &landed, None);
            checked.push(Checked::plain_move(Location::province(landing.to), base));
            ashore.needs.push(sail.map(|_| u));
            checked[u] = match (sail, landing.then, then_move) {
                (Some((to, base)), _, _) => Checked::plain_move(to, base),
                (None, AfterLanding::SupportLanding, _) => Checked::Land {
                    landing,
                    then_move: None,
                    sail: None,
                },
                (None, AfterLanding::MoveTo(_), Some((to, base))) => {
                    ashore.needs[u] = Some(rider);
                    Checked::plain_move(to, base)
                }
                _ => Checked::Hold,
            };
        }
        ashore
    }
}

/// What each unit on the board becomes if its move is made (the rulebook's `arrives_as`);
/// empty when none changes.
fn arrivals(
    variant: &Rules,
    routes: &LazyRoutes,
    board: &[Unit],
    checked: &[Checked],
) -> Vec<Option<UnitKind>> {
    let mut becomes: Vec<Option<UnitKind>> = Vec::new();
    for (u, unit) in board.iter().enumerate() {
        if let Checked::Move { to, .. } = checked[u] {
            if let Some(kind) = variant.book.arrives_as(routes.ctx(), unit, to.province) {
                if becomes.is_empty() {
                    becomes = vec![None; board.len()];
                }
                becomes[u] = Some(kind);
            }
        }
    }
    becomes
}

/// Each unit's act with its move settled: which armies go by convoy (the rulebook's
/// convoy-intent choice), with the convoy orders given and, under the fallback rule, the
/// adjacent armies meant to go by convoy that move by land if their convoy is broken. Every
/// other unit holds until its support or convoy is matched.
fn moves(
    variant: &Rules,
    units: &[Unit],
    checked: &[Checked],
) -> (Vec<Act>, Vec<ConvoyOrder>, Vec<usize>) {
    let convoy_orders: Vec<ConvoyOrder> = checked
        .iter()
        .enumerate()
        .filter_map(|(f, c)| match c {
            Checked::Convoy { army, to } => Some((f, *army, *to)),
            _ => None,
        })
        .collect();
    let fallback = variant.options().failed_convoy_falls_back_to_land;
    let intends_convoy = |u: usize, via_convoy: bool, to: ProvinceId| {
        let matching = convoy_orders
            .iter()
            .filter(|f| f.1 == units[u].location.province && f.2 == to);
        via_convoy
            || match variant.options().convoy_intent {
                ConvoyIntent::ViaConvoyOnly => false,
                ConvoyIntent::ViaConvoyOrOwnFleet => {
                    matching.clone().any(|f| units[f.0].power == units[u].power)
                }
                ConvoyIntent::Kidnapping => matching.clone().next().is_some(),
            }
    };
    let mut acts: Vec<Act> = vec![Act::Hold; units.len()];
    let mut fallback_candidates: Vec<usize> = Vec::new();
    for (u, c) in checked.iter().enumerate() {
        if let Checked::Move {
            to,
            needs_convoy,
            via_convoy,
            base,
            convoy_base,
        } = *c
        {
            let intends = intends_convoy(u, via_convoy, to.province);
            if fallback && intends && !needs_convoy {
                fallback_candidates.push(u);
            }
            let by_convoy = needs_convoy || (intends && !fallback);
            acts[u] = Act::Move {
                to,
                by_convoy,
                base,
                convoy_base,
            };
        }
    }
    (acts, convoy_orders, fallback_candidates)
}

/// Special orders the resolver settles itself (leaving at the start of the move, an attack
/// within a province that holds many) become their acts; returns the special orders left for
/// the rulebook to adjudicate after the resolution.
fn resolver_special_acts(
    specials: Vec<SpecialOrder>,
    leaving: &[SpecialAct],
    accepted: &[Option<(usize, Checked)>],
    units: &[Unit],
    n_board: usize,
    acts: &mut [Act],
) -> Vec<SpecialOrder> {
    let mut judged = vec![false; specials.len()];
    for (i, (s, l)) in specials.iter().zip(leaving).enumerate() {
        // The unit the claims gave the order to (several alike may share a province).
        let Some(u) = accepted[s.index].as_ref().map(|(u, _)| *u) else {
            continue;
        };
        acts[u] = match *l {
            // Made a move above; its rulebook finishes the order once the move is settled.
            SpecialAct::Holds | SpecialAct::MovesThen { .. } => continue,
            // Made a move or a support above, and explained as one.
            SpecialAct::AttacksInto { .. } | SpecialAct::SupportsMove { .. } => {
                judged[i] = true;
                continue;
            }
            SpecialAct::Leaves => Act::Leave {
                stays_if_fails: None,
            },
            SpecialAct::Boards {
                carrier,
                unless_carrier_fails,
            } => Act::Leave {
                stays_if_fails: unless_carrier_fails
                    .then(|| units[..n_board].iter().position(|y| *y == carrier))
                    .flatten(),
            },
            SpecialAct::AttacksWithin {
                power,
                disband_margin,
            } => {
                judged[i] = true;
                Act::AttackWithin {
                    power,
                    disband_margin,
                }
            }
        };
    }
    let mut judged = judged.into_iter();
    specials
        .into_iter()
        .filter(|_| !judged.next().unwrap_or(false))
        .collect()
}

/// Matches each support to the unit it names, doing what it says (a unit put ashore moves
/// from its carrier's province, beside it), and each convoy order to its act. Returns, for
/// each support that helps no one, why.
fn match_supports(
    units: &[Unit],
    checked: &[Checked],
    carrier_of: &[Option<usize>],
    many: &[bool],
    acts: &mut [Act],
) -> Vec<Option<Cause>> {
    let n = units.len();
    let unit_in = |p: ProvinceId| units.iter().position(|x| x.location.province == p);
    let mut void: Vec<Option<Cause>> = vec![None; n];
    for u in 0..n {
        match checked[u] {
            Checked::SupportHold { target } => {
                acts[u] = match unit_in(target.province) {
                    Some(t)
                        if !matches!(acts[t], Act::Move { .. })
                            && kind_matches(target, &units[t]) =>
                    {
                        Act::SupportHold { of: t }
                    }
                    Some(t) => {
                        void[u] = Some(Cause::SupportedDidNotHold { unit: units[t] });
                        Act::SupportVoid { into: None }
                    }
                    None => {
                        void[u] = Some(Cause::NoUnitToSupport {
                            at: target.province,
                        });
                        Act::SupportVoid { into: None }
                    }
                };
            }
            Checked::SupportMove { target, to } => {
                let makes_move = |t: usize| {
                    t != u
                        && (kind_matches(target, &units[t])
                            || carrier_of[t].is_some_and(|c| kind_matches(target, &units[c])))
                        && matches!(acts[t], Act::Move { to: mt, .. } if mt.province == to.province
                            && (to.coast.is_none() || mt.coast.is_none() || mt.coast == to.coast))
                };
                let picked = if many[target.province.0 as usize] {
                    supported_in_box(units, u, target.province, makes_move)
                } else {
                    let landing = (0..n).find(|&t| {
                        carrier_of[t].is_some()
                            && units[t].location.province == target.province
                            && makes_move(t)
                    });
                    match landing.or(unit_in(target.province)) {
                        Some(t) if makes_move(t) => Ok(t),
                        Some(t) => Err(Cause::SupportedDidNotMove { unit: units[t] }),
                        None => Err(Cause::NoUnitToSupport {
                            at: target.province,
                        }),
                    }
                };
                acts[u] = match picked {
                    Ok(t) => Act::SupportMove {
                        of: t,
                        into: to.province,
                    },
                    Err(why) => {
                        void[u] = Some(why);
                        Act::SupportVoid {
                            into: Some(to.province),
                        }
                    }
                };
            }
            Checked::Convoy { army, to } => acts[u] = Act::Convoy { army, to },
            // A carrier that supports its own landing (rule 8g).
            Checked::Land { landing, .. } => {
                if let Some(r) = carrier_of.iter().position(|c| *c == Some(u)) {
                    acts[u] = Act::SupportMove {
                        of: r,
                        into: landing.to,
                    };
                }
            }
            _ => {}
        }
    }
    void
}

/// Which of the units in a many-unit province a move support is for: the one making the
/// supported move; if several are, one of the supporter's own power's, or else one of a single
/// other power's (alike, so which does not matter). If units of several other powers make the
/// move, the order cannot say which it means and the support is void.
fn supported_in_box(
    units: &[Unit],
    supporter: usize,
    province: ProvinceId,
    makes_move: impl Fn(usize) -> bool,
) -> Result<usize, Cause> {
    let making: Vec<usize> = (0..units.len())
        .filter(|&t| units[t].location.province == province && makes_move(t))
        .collect();
    let Some(&first) = making.first() else {
        return Err(Cause::NoUnitMadeMove { at: province });
    };
    if let Some(&own) = making
        .iter()
        .find(|&&t| units[t].power == units[supporter].power)
    {
        return Ok(own);
    }
    let mut powers: Vec<PowerId> = Vec::new();
    for &t in &making {
        if !powers.contains(&units[t].power) {
            powers.push(units[t].power);
        }
    }
    if powers.len() == 1 {
        return Ok(first);
    }
    Err(Cause::SupportAmbiguous {
        at: province,
        powers,
    })
}

fn kind_matches(r: UnitRef, u: &Unit) -> bool {
    r.kind.is_none_or(|k| k == u.kind)
}
