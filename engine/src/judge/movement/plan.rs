//! Plan: reads a movement phase's orders into what each unit does (a checked order per unit,
//! holding by default), then matches supports and convoys to the moves they name.

use super::super::route::{
    border_into, convoy_lands, destination, support_border_into, LazyRoutes,
};
use super::super::submission::{claim, find_unit, placing, Roster};
use crate::map::{Location, ProvinceId};
use crate::order::{Order, Target, UnitRef};
use crate::outcome::{Cause, OrderResult, Submitted};
use crate::rulebook::RuleContext;
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

/// A checked order before supports and convoys are matched to what units really do.
#[derive(Clone, Copy, Debug)]
pub(super) enum Checked {
    Hold,
    /// One of the variant's own orders, accepted by its rulebook: the unit holds while the
    /// standard orders are resolved.
    Special,
    Move {
        to: Location,
        needs_convoy: bool,
        via_convoy: bool,
        base: u32,
        convoy_base: u32,
    },
    SupportHold {
        target: UnitRef,
    },
    SupportMove {
        target: UnitRef,
        to: Target,
    },
    Convoy {
        army: ProvinceId,
        to: ProvinceId,
    },
    /// A carrier puts the unit it carries ashore ([`crate::rulebook::VariantRules::landing`]);
    /// `then_move` is where the carrier goes on, and that move's strength, if it does.
    Land {
        landing: Landing,
        then_move: Option<(Location, u32)>,
        sail: Option<(Location, u32)>,
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

/// Reads the orders of a movement phase into the plan.
pub(super) fn plan(
    variant: &Rules,
    units: &[Unit],
    routes: &LazyRoutes,
    orders: &[Submitted],
) -> Plan {
    let map = &variant.map;
    let n = units.len();
    let n_board = n;
    let claims = claim(
        routes.ctx(),
        Roster::Board(units),
        orders,
        |_| Ok(()),
        |u, order| check_order(variant, units, routes, u, order),
    );
    // What each unit does before supports and convoys are matched.
    let mut plan: Vec<Checked> = claims.per_unit(Checked::Hold);
    let mut results = claims.results;
    let specials = special_orders(units, orders, &claims.accepted, &claims.placed);
    // What each unit with a special order does with its province at the start of the move,
    // asked of the rulebook with every order the phase accepted (a boarding stands or falls
    // by its carrier's order).
    let leaving = if specials.is_empty() {
        Vec::new()
    } else {
        let ordered: Vec<(Unit, &Order)> = claims
            .accepted
            .iter()
            .enumerate()
            .filter_map(|(k, c)| {
                let (u, _) = c.as_ref()?;
                Some((units[*u], orders[k].order.as_ref().ok()?))
            })
            .collect();
        variant.book.special_acts(routes.ctx(), &specials, &ordered)
    };
    let boarded = |carrier: &Unit| {
        leaving
            .iter()
            .any(|l| matches!(l, SpecialAct::Boards { carrier: c, .. } if c == carrier))
    };
    // A landing of a unit that boards in the same move needs that boarding (one not
    // ordered, or refused, leaves the carrier nobody to land).
    let unboarded: Vec<(usize, usize)> = claims
        .accepted
        .iter()
        .enumerate()
        .filter_map(|(k, c)| match c {
            Some((u, Checked::Land { landing, .. })) if landing.boards && !boarded(&units[*u]) => {
                Some((k, *u))
            }
            _ => None,
        })
        .collect();
    let mut accepted = claims.accepted;
    // An attack into a province that holds many is a move of the resolution, and a support
    // of it a support (`SpecialAct::AttacksInto`, `SupportsMove`).
    let mut attack_on: Vec<Option<(PowerId, Option<u32>)>> = Vec::new();
    for (sp, l) in specials.iter().zip(&leaving) {
        let Some(u) = accepted[sp.index].as_ref().map(|(u, _)| *u) else {
            continue;
        };
        match *l {
            SpecialAct::AttacksInto {
                to,
                power,
                disband_margin,
            } => {
                let unit = &units[u];
                let border = map.border_for(unit.kind.class(), unit.location, to);
                let base = variant.book.move_base_strength(routes.ctx(), unit, border);
                plan[u] = Checked::Move {
                    to,
                    needs_convoy: false,
                    via_convoy: false,
                    base,
                    convoy_base: base,
                };
                if attack_on.is_empty() {
                    attack_on = vec![None; n];
                }
                attack_on[u] = Some((power, disband_margin));
            }
            SpecialAct::SupportsMove { supported, to } => {
                plan[u] = Checked::SupportMove {
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
    for (k, u) in unboarded {
        // Not illegal: the order alone is a fine order (the boarding may be given in another
        // line), it just has nobody to carry this time, and the carrier holds.
        results[k] = Some(OrderResult::fails(Cause::NothingAboard {
            carrier: units[u],
        }));
        plan[u] = Checked::Hold;
        accepted[k] = None;
    }
    // Each landing adds the unit put ashore as a unit of its own, moving from its carrier's
    // province (or from the sea the carrier sails to, if that move is made); the carrier
    // holds, supports the landing, sails first, or moves on once the landing is made.
    let rules_book = variant;
    let mut riders: Vec<Rider> = Vec::new();
    let mut all_units: Vec<Unit> = units.to_vec();
    let mut carrier_of: Vec<Option<usize>> = vec![None; n];
    let mut needs: Vec<Option<usize>> = Vec::new();
    for u in 0..n {
        if let Checked::Land {
            landing,
            then_move,
            sail,
        } = plan[u]
        {
            if needs.is_empty() {
                needs = vec![None; n];
            }
            let rider = all_units.len();
            riders.push(Rider {
                carrier: u,
                landing,
                sail,
            });
            let from = sail.map_or(units[u].location.province, |(at, _)| at.province);
            all_units.push(Unit {
                location: Location::province(from),
                ..landing.carried
            });
            carrier_of.push(Some(u));
            // Put ashore from the carrier, the landing crosses no border of its own.
            let base = rules_book.book.move_base_strength(
                routes.ctx(),
                all_units.last().expect("rider"),
                None,
            );
            plan.push(Checked::Move {
                to: Location::province(landing.to),
                needs_convoy: false,
                via_convoy: false,
                base,
                convoy_base: base,
            });
            needs.push(sail.map(|_| u));
            plan[u] = match (sail, landing.then, then_move) {
                (Some((to, base)), _, _) => Checked::Move {
                    to,
                    needs_convoy: false,
                    via_convoy: false,
                    base,
                    convoy_base: base,
                },
                (None, AfterLanding::SupportLanding, _) => Checked::Land {
                    landing,
                    then_move: None,
                    sail: None,
                },
                (None, AfterLanding::MoveTo(_), Some((to, base))) => {
                    needs[u] = Some(rider);
                    Checked::Move {
                        to,
                        needs_convoy: false,
                        via_convoy: false,
                        base,
                        convoy_base: base,
                    }
                }
                _ => Checked::Hold,
            };
        }
    }
    let units: &[Unit] = &all_units;
    let n = units.len();
    let unit_in = |p: ProvinceId| units.iter().position(|x| x.location.province == p);

    // Which armies go by convoy: the rulebook's convoy-intent choice.
    let convoy_orders: Vec<ConvoyOrder> = plan
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
    let mut acts: Vec<Act> = vec![Act::Hold; n];
    let mut fallback_candidates: Vec<usize> = Vec::new();
    // What each unit on the board becomes if its move is made (empty when none changes).
    let mut becomes: Vec<Option<UnitKind>> = Vec::new();
    for u in 0..n_board {
        if let Checked::Move { to, .. } = plan[u] {
            if let Some(kind) = variant
                .book
                .arrives_as(routes.ctx(), &units[u], to.province)
            {
                if becomes.is_empty() {
                    becomes = vec![None; n_board];
                }
                becomes[u] = Some(kind);
            }
        }
    }
    for u in 0..n {
        if let Checked::Move {
            to,
            needs_convoy,
            via_convoy,
            base,
            convoy_base,
        } = plan[u]
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

    // Special orders the resolver settles alone, not handed to the rulebook afterwards.
    let mut judged = vec![false; specials.len()];
    for (i, (s, l)) in specials.iter().zip(&leaving).enumerate() {
        // The unit the claims gave the order to (several alike may share a province).
        let Some(u) = accepted[s.index].as_ref().map(|(u, _)| *u) else {
            continue;
        };
        acts[u] = match *l {
            SpecialAct::Holds => continue,
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
    let specials: Vec<SpecialOrder> = specials
        .into_iter()
        .filter(|_| !judged.next().unwrap_or(false))
        .collect();

    let many: Vec<bool> = map
        .province_ids()
        .map(|p| variant.book.holds_many(routes.ctx(), p))
        .collect();
    let mut support_status: Vec<Option<Cause>> = vec![None; n];
    for u in 0..n {
        match plan[u] {
            Checked::SupportHold { target } => {
                let t = unit_in(target.province);
                acts[u] = match t {
                    Some(t)
                        if !matches!(acts[t], Act::Move { .. })
                            && kind_matches(target, &units[t]) =>
                    {
                        Act::SupportHold { of: t }
                    }
                    Some(t) => {
                        support_status[u] = Some(Cause::SupportedDidNotHold { unit: units[t] });
                        Act::SupportVoid { into: None }
                    }
                    None => {
                        support_status[u] = Some(Cause::NoUnitToSupport {
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
                    // A unit put ashore moves from its carrier's province, beside it.
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
                        support_status[u] = Some(why);
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

    // The order of a landing is the landed unit's: its result is the landing's.
    let rider_of = |u: usize| {
        riders
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
        riders,
        units: all_units.clone(),
        specials,
        needs,
        becomes,
        attack_on,
        results,
        ordered_unit,
        acts,
        void_support: support_status,
        convoy_orders,
        fallback_candidates,
        many,
    }
}

/// Whether `order` from `power` would be legal in this movement phase as its only order: the
/// unit is there and the power's, and the order could be carried out (the checks
/// [`adjudicate`] makes before resolving). Cheaper than adjudicating it alone, with the same
/// answer, and `routes` keeps what it learns of convoys for the next question.
pub(in crate::judge) fn accepts(
    variant: &Rules,
    units: &[Unit],
    routes: &LazyRoutes,
    power: PowerId,
    order: &Order,
) -> Result<(), Cause> {
    let ctx = routes.ctx();
    if let Order::Special { verb, args, .. } = order {
        if ctx.book.special_places(verb) {
            let unit = placing(power, order)?;
            return ctx.book.check_special(ctx, power, Some(&unit), verb, args);
        }
    }
    let u = find_unit(ctx, units, power, order, |_| false)?;
    check_order(variant, units, routes, u, order).map(|_| ())
}

fn check_order(
    variant: &Rules,
    units: &[Unit],
    routes: &LazyRoutes,
    u: usize,
    order: &Order,
) -> Result<Checked, Cause> {
    let map = &variant.map;
    let ctx = routes.ctx();
    let rules = ctx.book;
    let unit = &units[u];
    let here = unit.location.province;
    if matches!(order, Order::Move { .. } | Order::Special { .. }) {
        if let Some(landing) = rules.landing(ctx, unit, order) {
            return check_landing(ctx, unit, landing?);
        }
    }
    match order {
        Order::Hold { .. } => Ok(Checked::Hold),
        Order::Move { to, via_convoy, .. } => {
            if to.province == here {
                return Err(Cause::MoveToOwnProvince { at: here });
            }
            rules.check_move(ctx, unit, to.province)?;
            if unit.kind.convoyed() {
                let border = border_into(ctx, unit, to.province);
                // Asked only when the answer matters (no border, or a convoy asked for): a
                // board's convoy routes are built on the first question, and most phases
                // move armies only over land.
                let convoyable = || routes.get().exists(here, to.province, None);
                if to.coast.is_some()
                    && variant.options().coasts == crate::rulebook::CoastLeniency::Strict
                {
                    return Err(Cause::ArmyToCoast { to: None });
                }
                // A convoyed move crosses no border (Pirates: full strength over a landbridge).
                let convoy_base = rules.move_base_strength(ctx, unit, None);
                match border {
                    Some(b) if !*via_convoy || !convoyable() => Ok(Checked::Move {
                        to: Location::province(to.province),
                        needs_convoy: false,
                        via_convoy: false,
                        base: rules.move_base_strength(ctx, unit, Some(b)),
                        convoy_base,
                    }),
                    _ if convoyable() => Ok(Checked::Move {
                        to: Location::province(to.province),
                        needs_convoy: border.is_none(),
                        via_convoy: true,
                        base: border.map_or(convoy_base, |b| {
                            rules.move_base_strength(ctx, unit, Some(b))
                        }),
                        convoy_base,
                    }),
                    _ => Err(routes.chain_refused(here, to.province, None).unwrap_or(
                        Cause::NoBorderNorConvoy {
                            from: here,
                            to: to.province,
                        },
                    )),
                }
            } else {
                if *via_convoy {
                    return Err(Cause::OnlyArmiesConvoyed { unit: *unit });
                }
                let dest = match rules.arrives_as(ctx, unit, to.province) {
                    None => destination(ctx, unit, *to)?,
                    // A unit that changes kind on arrival travels the way of either kind and
                    // must be able to stand there as what it becomes.
                    Some(kind) => {
                        let becomes = Unit { kind, ..*unit };
                        match destination(ctx, &becomes, *to) {
                            Ok(d) => d,
                            Err(why) => match destination(ctx, unit, *to) {
                                Ok(d) if rules.can_stand(ctx, kind, d) => d,
                                _ => return Err(why),
                            },
                        }
                    }
                };
                let border = map.border_for(unit.kind.class(), unit.location, dest);
                let base = rules.move_base_strength(ctx, unit, border);
                Ok(Checked::Move {
                    to: dest,
                    needs_convoy: false,
                    via_convoy: false,
                    base,
                    convoy_base: base,
                })
            }
        }
        Order::SupportHold { supported, .. } | Order::SupportMove { supported, .. } => {
            let into = match order {
                Order::SupportMove { to, .. } => to.province,
                _ => supported.province,
            };
            // Where several units may stand, a unit may support another one beside it.
            let many_here = rules.holds_many(ctx, here);
            let beside = |x: usize| {
                x != u
                    && units[x].location.province == here
                    && supported.kind.is_none_or(|k| k == units[x].kind)
            };
            if supported.province == here {
                if !many_here {
                    return Err(Cause::SupportsItself);
                }
                if !(0..units.len()).any(beside) {
                    return Err(Cause::NoOtherUnitToSupport { unit: *unit });
                }
            }
            // Where many may stand nobody is stood off or dislodged, so support there is
            // pointless; it is refused rather than silently wasted.
            if rules.holds_many(ctx, into) {
                return Err(match order {
                    Order::SupportHold { .. } => Cause::HoldSupportNeedless { at: into },
                    _ => Cause::MoveSupportNeedless { at: into },
                });
            }
            if into == here {
                return Err(Cause::SupportIntoOwnProvince { at: here });
            }
            let Some(border) = support_border_into(ctx, unit, into) else {
                if let Some(why) = rules.why_unreachable(ctx, unit, into) {
                    return Err(why);
                }
                return Err(Cause::CannotReachToSupport {
                    unit: *unit,
                    at: into,
                });
            };
            if !rules.may_support(ctx, unit, supported.province, into, border) {
                return Err(rules
                    .why_may_not_support(ctx, unit, supported.province, into, border)
                    .unwrap_or(Cause::MayNotSupportInto {
                        unit: *unit,
                        at: into,
                    }));
            }
            match order {
                Order::SupportMove { to, .. } => {
                    if to.province == supported.province {
                        return Err(Cause::SupportedMoveGoesNowhere);
                    }
                    // The supported unit, if there, must be able to make the move: by land or
                    // sea, or by a convoy that does not need the supporter itself.
                    if let Some(t) = units.iter().enumerate().find_map(|(x, t)| {
                        (x != u && t.location.province == supported.province).then_some(t)
                    }) {
                        let possible = if t.kind.convoyed() {
                            border_into(ctx, t, to.province).is_some()
                                || routes
                                    .get()
                                    .exists(t.location.province, to.province, Some(here))
                        } else {
                            {
                                let from =
                                    if supported.coast.is_some() && t.location.coast.is_some() {
                                        supported.location()
                                    } else {
                                        t.location
                                    };
                                let probe = Unit {
                                    location: from,
                                    ..*t
                                };
                                destination(ctx, &probe, Target { coast: None, ..*to }).is_ok()
                                    || map
                                        .borders_into(t.kind.class(), from, to.province)
                                        .next()
                                        .is_some()
                            }
                        };
                        if !possible {
                            return Err(Cause::SupportedCannotMove {
                                unit: *t,
                                to: to.province,
                            });
                        }
                    }
                    Ok(Checked::SupportMove {
                        target: *supported,
                        to: *to,
                    })
                }
                _ => Ok(Checked::SupportHold { target: *supported }),
            }
        }
        Order::Convoy { army, to, .. } => {
            if !unit.kind.convoys() || !rules.can_convoy_at(ctx, unit.location) {
                return Err(Cause::CannotConvoy { unit: *unit });
            }
            if army.kind.is_some_and(|k| !k.convoyed()) {
                return Err(Cause::ConvoysOnlyArmies);
            }
            if let Some(a) = units.iter().find(|x| x.location.province == army.province) {
                if !a.kind.convoyed() {
                    return Err(Cause::NotAnArmy { unit: *a });
                }
            }
            if !routes.get().needs(army.province, to.province, here) {
                if let Some(why) = routes.chain_refused(army.province, to.province, None) {
                    return Err(why);
                }
                return Err(Cause::NoConvoyRoute {
                    via: here,
                    from: army.province,
                    to: to.province,
                });
            }
            Ok(Checked::Convoy {
                army: army.province,
                to: to.province,
            })
        }
        Order::Retreat { .. } => Err(Cause::RetreatOutOfPhase),
        Order::Disband { .. } => Err(Cause::DisbandOutOfPhase),
        Order::Build { .. } | Order::Waive => Err(Cause::BuildOutOfPhase),
        Order::Special { verb, args, .. } => {
            rules.check_special(ctx, unit.power, Some(unit), verb, args)?;
            Ok(Checked::Special)
        }
    }
}

/// Checks a landing: the unit put ashore may stand where it lands, which must be across a
/// border that carries armies ashore from where the carrier stands; a carrier that goes on
/// must be able to make that move as what it is once the landing is made.
fn check_landing(ctx: &RuleContext, unit: &Unit, landing: Landing) -> Result<Checked, Cause> {
    let sail = match landing.sails_to {
        Some(target) => {
            let dest = destination(ctx, unit, target)?;
            let border = ctx.map().border_for(unit.kind.class(), unit.location, dest);
            Some((dest, ctx.book.move_base_strength(ctx, unit, border)))
        }
        None => None,
    };
    let from = sail.map_or(unit.location, |(at, _)| at);
    let here = from.province;
    let to = landing.to;
    if to == here {
        return Err(Cause::MoveToOwnProvince { at: here });
    }
    if !convoy_lands(ctx, from, to)
        || !ctx
            .book
            .can_stand(ctx, landing.carried.kind, Location::province(to))
    {
        return Err(Cause::NoBorder { from: here, to });
    }
    let then_move = match landing.then {
        AfterLanding::MoveTo(target) => {
            let after = Unit {
                kind: landing.carrier_after,
                ..*unit
            };
            let dest = destination(ctx, &after, target)?;
            let border = ctx
                .map()
                .border_for(after.kind.class(), after.location, dest);
            Some((dest, ctx.book.move_base_strength(ctx, &after, border)))
        }
        _ => None,
    };
    Ok(Checked::Land {
        landing,
        then_move,
        sail,
    })
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
