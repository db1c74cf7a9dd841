//! The submission front end the phase judges share: what becomes of an order before the phase's
//! own rules look at it (a parse error, the unit it is for, the wrong power, a second order for
//! one unit) and what a unit does when it has no order.

use crate::order::{Order, Term};
use crate::outcome::{Cause, OrderResult, Submitted};
use crate::phase::PhaseKind;
use crate::position::Dislodged;
use crate::rulebook::CoastLeniency;
use crate::rulebook::RuleContext;
use crate::unit::{PowerId, Unit};

/// The units a phase's orders are given to.
#[derive(Clone, Copy)]
pub(super) enum Roster<'a> {
    /// The units on the board (movement).
    Board(&'a [Unit]),
    /// The units dislodged in the movement before (retreat).
    Dislodged(&'a [Dislodged]),
}

impl Roster<'_> {
    fn len(&self) -> usize {
        match self {
            Roster::Board(units) => units.len(),
            Roster::Dislodged(ds) => ds.len(),
        }
    }

    fn unit(&self, i: usize) -> &Unit {
        match self {
            Roster::Board(units) => &units[i],
            Roster::Dislodged(ds) => &ds[i].unit,
        }
    }
}

/// The order itself, or the result of an order the bot could not understand: illegal, with the
/// parser's message.
pub(super) fn understood(sub: &Submitted) -> Result<&Order, OrderResult> {
    sub.order
        .as_ref()
        .map_err(|e| OrderResult::illegal(Cause::Unparsed { message: e.clone() }))
}

/// What the front end made of a phase's orders.
pub(super) struct Claims<C> {
    /// For each submitted order: its result, if the front end or the phase's check refused it.
    pub results: Vec<Option<OrderResult>>,
    /// For each submitted order let through: the unit it is for (an index into the roster) and
    /// what the phase's check made of it.
    pub accepted: Vec<Option<(usize, C)>>,
    /// For each unit of the roster: the index of the order it was given, if any.
    pub order_of: Vec<Option<usize>>,
    /// For each accepted order that puts a new unit on the board (the rulebook's
    /// `special_places`): that unit. Such an order is for no unit of the roster.
    pub placed: Vec<Option<Unit>>,
}

impl<C: Copy> Claims<C> {
    /// What each unit of the roster does: its accepted order, or `default` for a unit without
    /// one (in movement it holds; in a retreat it disbands).
    pub(super) fn per_unit(&self, default: C) -> Vec<C> {
        let mut plan = vec![default; self.order_of.len()];
        for (u, c) in self.accepted.iter().flatten() {
            plan[*u] = *c;
        }
        plan
    }
}

/// Takes a phase's orders in the order given and gives each to its unit. An order is refused
/// (illegal) when it was not understood, when `phase_orders` says the phase has no such order,
/// when it is for no unit of the roster or for another power's, when its unit already has an
/// order, or when `check` refuses it; a refused order leaves its unit free for a later one.
pub(super) fn claim<C>(
    ctx: &RuleContext,
    roster: Roster,
    orders: &[Submitted],
    phase_orders: impl Fn(&Order) -> Result<(), Cause>,
    mut check: impl FnMut(usize, &Order) -> Result<C, Cause>,
) -> Claims<C> {
    let mut claims = Claims {
        results: (0..orders.len()).map(|_| None).collect(),
        accepted: (0..orders.len()).map(|_| None).collect(),
        order_of: vec![None; roster.len()],
        placed: vec![None; orders.len()],
    };
    for (k, sub) in orders.iter().enumerate() {
        let order = match understood(sub) {
            Ok(o) => o,
            Err(r) => {
                claims.results[k] = Some(r);
                continue;
            }
        };
        if let Err(e) = phase_orders(order) {
            claims.results[k] = Some(OrderResult::illegal(e));
            continue;
        }
        if let (Roster::Board(_), Order::Special { verb, args, .. }) = (roster, order) {
            if ctx.book.special_places(verb) {
                claims.results[k] = match placing(sub.power, order) {
                    Ok(unit) => {
                        match ctx
                            .book
                            .check_special(ctx, sub.power, Some(&unit), verb, args)
                        {
                            Ok(()) => {
                                claims.placed[k] = Some(unit);
                                None
                            }
                            Err(e) => Some(OrderResult::illegal(e)),
                        }
                    }
                    Err(e) => Some(OrderResult::illegal(e)),
                };
                continue;
            }
        }
        let found = match roster {
            Roster::Board(units) => find_unit(ctx, units, sub.power, order, |u| {
                claims.order_of[u].is_some()
            }),
            Roster::Dislodged(ds) => find_dislodged(ds, sub.power, order),
        };
        let u = match found {
            Ok(u) => u,
            Err(e) => {
                claims.results[k] = Some(OrderResult::illegal(e));
                continue;
            }
        };
        if claims.order_of[u].is_some() {
            claims.results[k] = Some(OrderResult::illegal(Cause::AlreadyOrdered {
                unit: *roster.unit(u),
            }));
            continue;
        }
        match check(u, order) {
            Ok(c) => {
                claims.order_of[u] = Some(k);
                claims.accepted[k] = Some((u, c));
            }
            Err(e) => claims.results[k] = Some(OrderResult::illegal(e)),
        }
    }
    claims
}

/// The unit an order that puts a new unit on the board would place: of the kind it names, for
/// the power giving it, where it names.
pub(super) fn placing(power: PowerId, order: &Order) -> Result<Unit, Cause> {
    let Some(r) = order.unit() else {
        return Err(Cause::NamesNoUnit);
    };
    let Some(kind) = r.kind else {
        let verb = match order {
            Order::Special { verb, .. } => verb.clone(),
            _ => String::new(),
        };
        return Err(Cause::PlacesWhichKind {
            at: r.province,
            verb,
        });
    };
    Ok(Unit {
        power,
        kind,
        location: r.location(),
    })
}

/// Finds the dislodged unit a retreat order is for and checks it belongs to the power ordering it.
fn find_dislodged(dislodged: &[Dislodged], power: PowerId, order: &Order) -> Result<usize, Cause> {
    let Some(r) = order.unit() else {
        return Err(Cause::NamesNoUnit);
    };
    let Some(i) = dislodged
        .iter()
        .position(|d| d.unit.location.province == r.province)
    else {
        return Err(Cause::NoDislodgedUnit { at: r.province });
    };
    let unit = dislodged[i].unit;
    if unit.power != power {
        return Err(Cause::DislodgedNotYours { unit });
    }
    if r.kind.is_some_and(|k| k != unit.kind) {
        return Err(Cause::DislodgedIs { unit });
    }
    Ok(i)
}

/// Finds the unit on the board an order is for and checks it belongs to the power ordering it.
///
/// Where a province may hold several units (`holds_many`), the order is for one of the
/// ordering power's own units there, of the kind it names, that `has_order` says has no order
/// yet; those are alike, so which one does not matter. An order that names no kind where the
/// power has units of several kinds there without orders is refused as ambiguous.
pub(super) fn find_unit(
    ctx: &RuleContext,
    units: &[Unit],
    power: PowerId,
    order: &Order,
    has_order: impl Fn(usize) -> bool,
) -> Result<usize, Cause> {
    let Some(r) = order.unit() else {
        return Err(Cause::NamesNoUnit);
    };
    let at = r.province;
    let Some(i) = units.iter().position(|u| u.location.province == at) else {
        return Err(Cause::NoUnit { at });
    };
    if ctx.book.holds_many(ctx, at) {
        let mine = |k: &usize| units[*k].location.province == at && units[*k].power == power;
        if !(0..units.len()).any(|k| mine(&k)) {
            return Err(Cause::NoOwnUnit {
                power,
                kind: None,
                at,
            });
        }
        let of_kind: Vec<usize> = (0..units.len())
            .filter(mine)
            .filter(|&k| r.kind.is_none_or(|want| want == units[k].kind))
            .collect();
        if of_kind.is_empty() {
            return Err(Cause::NoOwnUnit {
                power,
                kind: r.kind,
                at,
            });
        }
        let free: Vec<usize> = of_kind.into_iter().filter(|&k| !has_order(k)).collect();
        if r.kind.is_none() && free.iter().any(|&k| units[k].kind != units[free[0]].kind) {
            return Err(Cause::WhichKind {
                power,
                at,
                example: units[free[0]].kind,
            });
        }
        return free.first().copied().ok_or(Cause::AllOrdered {
            power,
            kind: r.kind,
            at,
        });
    }
    let u = units[i];
    if u.power != power {
        return Err(Cause::NotYours { unit: u, power });
    }
    if let Some(k) = r.kind {
        if k != u.kind {
            return Err(Cause::WrongKind { unit: u, named: k });
        }
    }
    if let (Some(c), Some(uc)) = (r.coast, u.location.coast) {
        if c != uc && ctx.options().coasts == CoastLeniency::Strict {
            return Err(Cause::WrongCoast {
                unit: u,
                named: r.location(),
            });
        }
    }
    Ok(i)
}

/// Why a conditional order ([`crate::rulebook::VariantRules::conditional_verbs`]) is refused
/// in a retreat or adjustment phase: the rulebook's reason, or that it is no order of this
/// phase.
pub(super) fn conditional_out_of_phase(
    ctx: &RuleContext,
    unit: &Unit,
    verb: &str,
    args: &[Term],
) -> Cause {
    match ctx.book.check_conditional(ctx, unit, verb, args) {
        Err(cause) => cause,
        Ok(()) => match ctx.variant.calendar.kind(ctx.position.phase) {
            PhaseKind::Adjustment => Cause::NotAnAdjustmentOrder,
            _ => Cause::NotARetreatOrder,
        },
    }
}
