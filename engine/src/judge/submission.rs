//! The submission front end the phase judges share: what becomes of an order before the phase's
//! own rules look at it (a parse error, the unit it is for, the wrong power, a second order for
//! one unit) and what a unit does when it has no order.

use super::{OrderResult, Submitted};
use crate::order::Order;
use crate::position::Dislodged;
use crate::rulebook::CoastLeniency;
use crate::rulebook::RuleContext;
use crate::unit::{PowerId, Unit};
use crate::variant::Variant;

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
        .map_err(|e| OrderResult::illegal(e.clone()))
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
    phase_orders: impl Fn(&Order) -> Result<(), String>,
    mut check: impl FnMut(usize, &Order) -> Result<C, String>,
) -> Claims<C> {
    let variant = ctx.variant;
    let mut claims = Claims {
        results: (0..orders.len()).map(|_| None).collect(),
        accepted: (0..orders.len()).map(|_| None).collect(),
        order_of: vec![None; roster.len()],
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
        let found = match roster {
            Roster::Board(units) => find_unit(ctx, units, sub.power, order, |u| {
                claims.order_of[u].is_some()
            }),
            Roster::Dislodged(ds) => find_dislodged(variant, ds, sub.power, order),
        };
        let u = match found {
            Ok(u) => u,
            Err(e) => {
                claims.results[k] = Some(OrderResult::illegal(e));
                continue;
            }
        };
        if claims.order_of[u].is_some() {
            claims.results[k] = Some(OrderResult::illegal(format!(
                "{} already has an order",
                variant.unit_text(roster.unit(u))
            )));
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

/// Finds the dislodged unit a retreat order is for and checks it belongs to the power ordering it.
fn find_dislodged(
    variant: &Variant,
    dislodged: &[Dislodged],
    power: PowerId,
    order: &Order,
) -> Result<usize, String> {
    let map = &variant.map;
    let Some(r) = order.unit() else {
        return Err("the order names no unit".into());
    };
    let Some(i) = dislodged
        .iter()
        .position(|d| d.unit.location.province == r.province)
    else {
        return Err(format!(
            "no unit was dislodged from {}",
            map.province(r.province).name
        ));
    };
    let d = &dislodged[i];
    if d.unit.power != power {
        return Err(format!(
            "the dislodged unit in {} belongs to {}",
            map.province(r.province).name,
            variant.power_name(d.unit.power)
        ));
    }
    if r.kind.is_some_and(|k| k != d.unit.kind) {
        return Err(format!(
            "the dislodged unit is {}",
            variant.unit_text(&d.unit)
        ));
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
) -> Result<usize, String> {
    let variant = ctx.variant;
    let map = &variant.map;
    let Some(r) = order.unit() else {
        return Err("the order names no unit".into());
    };
    let name = &map.province(r.province).name;
    let Some(i) = units.iter().position(|u| u.location.province == r.province) else {
        return Err(format!("there is no unit in {name}"));
    };
    if ctx.book.holds_many(ctx, r.province) {
        let adj = &variant.powers[power.0 as usize].adjective;
        let mine: Vec<usize> = (0..units.len())
            .filter(|&k| units[k].location.province == r.province && units[k].power == power)
            .collect();
        if mine.is_empty() {
            return Err(format!("there is no {adj} unit in {name}"));
        }
        let of_kind: Vec<usize> = mine
            .iter()
            .copied()
            .filter(|&k| r.kind.is_none_or(|want| want == units[k].kind))
            .collect();
        let what = r.kind.map_or("unit", |k| k.name());
        if of_kind.is_empty() {
            return Err(format!("there is no {adj} {what} in {name}"));
        }
        let free: Vec<usize> = of_kind.into_iter().filter(|&k| !has_order(k)).collect();
        if r.kind.is_none() && free.iter().any(|&k| units[k].kind != units[free[0]].kind) {
            return Err(format!(
                "there are {adj} units of more than one kind in {name}; say which, such as \"{} {}\"",
                units[free[0]].kind.letter(),
                map.province(r.province).id
            ));
        }
        return free
            .first()
            .copied()
            .ok_or_else(|| format!("every {adj} {what} in {name} already has an order"));
    }
    let u = &units[i];
    if u.power != power {
        return Err(format!(
            "the {} in {name} belongs to {}, not {}",
            u.kind.name(),
            variant.power_name(u.power),
            variant.power_name(power)
        ));
    }
    if let Some(k) = r.kind {
        if k != u.kind {
            return Err(format!(
                "the unit in {name} is {} {}, not {} {}",
                article(u.kind.name()),
                u.kind.name(),
                article(k.name()),
                k.name()
            ));
        }
    }
    if let (Some(c), Some(uc)) = (r.coast, u.location.coast) {
        if c != uc && ctx.options().coasts == CoastLeniency::Strict {
            return Err(format!(
                "the fleet is on {}, not {}",
                map.location_name(u.location),
                map.location_name(r.location())
            ));
        }
    }
    Ok(i)
}

fn article(word: &str) -> &'static str {
    if word.starts_with(['a', 'e', 'i', 'o', 'u']) {
        "an"
    } else {
        "a"
    }
}
