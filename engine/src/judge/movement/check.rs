//! Checking one order of a movement phase on its own: whether its unit can do what it says
//! (the border or convoy route a move needs, a support's reach, a landing's shore), and what
//! it then asks of the unit, before supports and convoys are matched in the plan.

use super::super::route::{
    border_into, convoy_lands, destination, support_border_into, LazyRoutes,
};
use super::super::submission::{find_unit, placing};
use crate::map::{Location, ProvinceId};
use crate::order::{Order, Target, UnitRef};
use crate::outcome::Cause;
use crate::rulebook::RuleContext;
use crate::rulebook::{AfterLanding, Landing};
use crate::rules::Rules;
use crate::unit::{PowerId, Unit};

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

impl Checked {
    /// A move that is not convoyed, with the strength of the way it goes.
    pub(super) fn plain_move(to: Location, base: u32) -> Checked {
        Checked::Move {
            to,
            needs_convoy: false,
            via_convoy: false,
            base,
            convoy_base: base,
        }
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

/// Whether the unit `u` may be given `order`, which names it: [`accepts`] for a caller that
/// knows the unit already.
pub(in crate::judge) fn accepts_unit(
    variant: &Rules,
    units: &[Unit],
    routes: &LazyRoutes,
    u: usize,
    order: &Order,
) -> bool {
    check_order(variant, units, routes, u, order).is_ok()
}

pub(super) fn check_order(
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
                if to.coast.is_some() && rules.crosses_within(ctx, unit, to.location()) {
                    return Ok(Checked::Hold);
                }
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
                Ok(Checked::plain_move(
                    dest,
                    rules.move_base_strength(ctx, unit, border),
                ))
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
                        // A crossing to another coast of its province is supported as a hold.
                        let crosses = to.coast.is_some()
                            && units.iter().enumerate().any(|(x, t)| {
                                x != u
                                    && t.location.province == supported.province
                                    && rules.crosses_within(ctx, t, to.location())
                            });
                        if crosses {
                            return Ok(Checked::SupportHold { target: *supported });
                        }
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
            may_convoy(ctx, units, unit, army)?;
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

/// Whether `unit` may convoy `army` somewhere: the checks of a convoy order that do not
/// depend on its destination (a list of legal orders makes them once per army, then asks
/// [`super::super::route::Routes::needs`] for each destination).
pub(in crate::judge) fn may_convoy(
    ctx: &RuleContext,
    units: &[Unit],
    unit: &Unit,
    army: &UnitRef,
) -> Result<(), Cause> {
    if !unit.kind.convoys() || !ctx.book.can_convoy_at(ctx, unit.location) {
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
    Ok(())
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
