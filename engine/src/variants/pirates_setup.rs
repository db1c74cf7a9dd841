//! Pirates of the Caribbean's setup phase, "Fall 1680 Adjustments" (rules 3-6): the colonial
//! grants, Spain's builds, the privateers' selections of neutral island centres, and the
//! Pirates' fleets.
//!
//! What each power does is data (`setup =` in `variant.toml`); the orders are
//! - `F atg grant buccaneers`: a power that grants to the privateers gives one of its island
//!   home centres, with the fleet on it, to each privateer;
//! - `hav grant pirates` (twice) and `build A ctg` (seven times: 3 armies, 4 fleets): the power
//!   that grants to the Pirates;
//! - `tor select 1` (up to three, priorities 1-3): a privateer's list of neutral island
//!   centres.
//!
//! A power that does not order what it must gets the rulebook's default (see ARCHITECTURE.md,
//! "Pirates: setup"): grants in alphabetical order of the centres' names, no builds waived
//! silently but simply missing, an empty selection list.

use crate::judge::{build_location, Adjudication, Cause, OrderResult, Submitted};
use crate::map::{Location, ProvinceId};
use crate::order::{Order, Term, UnitRef};
use crate::position::Position;
use crate::reason::{RuleReason, Said, Subject};
use crate::rulebook::RuleContext;
use crate::unit::{PowerId, Unit, UnitKind};
use crate::variant::Variant;

use super::pirates_powers::{power_kind, PowerKind};

/// Rule 3: the power that grants to the Pirates builds this many armies and fleets in the
/// centres it keeps.
const GRANTOR_ARMIES: usize = 3;
const GRANTOR_FLEETS: usize = 4;
/// Rule 4: it grants this many centres to the Pirates.
const CENTRES_TO_PIRATES: usize = 2;
/// Rule 5: a privateer's selection list is this long.
const PRIORITIES: u32 = 3;

/// What a power does in the setup, from `setup =` in `variant.toml`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Role {
    GrantToPrivateers,
    GrantToPirates,
    Select,
    Nothing,
}

fn role(variant: &Variant, power: PowerId) -> Role {
    match variant.powers[power.0 as usize].setup.as_str() {
        "grant-to-privateers" => Role::GrantToPrivateers,
        "grant-to-pirates" => Role::GrantToPirates,
        "select" => Role::Select,
        _ => Role::Nothing,
    }
}

fn powers_of(variant: &Variant, kind: PowerKind) -> Vec<PowerId> {
    (0..variant.powers.len())
        .map(|p| PowerId(p as u8))
        .filter(|&p| power_kind(variant, p) == kind)
        .collect()
}

/// Rules 4-5: "island-based": an island space, or part of one of the four big islands.
fn island_based(variant: &Variant, p: ProvinceId) -> bool {
    let map = &variant.map;
    Some(map.province(p).terrain) == map.terrain_id("island")
        || map.has_tag(p, map.tag("big-island"))
}

fn alphabetical(variant: &Variant, mut provinces: Vec<ProvinceId>) -> Vec<ProvinceId> {
    variant.map.sort_alphabetically(&mut provinces);
    provinces
}

/// The centres a power that grants to the privateers may give: its island home centres that it
/// owns, with its own fleet on them.
fn grantable_to_privateers(
    variant: &Variant,
    position: &Position,
    power: PowerId,
) -> Vec<ProvinceId> {
    let v = variant
        .map
        .supply_centers()
        .filter(|&p| position.owns_home_centre(power, p) && island_based(variant, p))
        .filter(|&p| {
            position
                .unit_at(p)
                .is_some_and(|u| u.power == power && u.kind == UnitKind::FLEET)
        })
        .collect();
    alphabetical(variant, v)
}

/// The centres the power that grants to the Pirates may give or build in: its owned home
/// centres with no unit on them. A unit only gets there by a moderator's board edit, and the
/// fleet the Pirates start with (or the build) could not stand beside it.
fn free_home_centres(variant: &Variant, position: &Position, power: PowerId) -> Vec<ProvinceId> {
    let v = variant
        .map
        .supply_centers()
        .filter(|&p| position.owns_home_centre(power, p) && position.is_empty(p))
        .collect();
    alphabetical(variant, v)
}

/// Rule 5: the centres a privateer may select: neutral island-based centres, empty, since the
/// privateer's fleet starts there.
fn selectable(variant: &Variant, position: &Position) -> Vec<ProvinceId> {
    let v = variant
        .map
        .supply_centers()
        .filter(|&p| {
            position.owners[p.0 as usize].is_none()
                && island_based(variant, p)
                && position.is_empty(p)
        })
        .collect();
    alphabetical(variant, v)
}

/// A setup order refused or failed by one of the setup's own rules.
fn setup_refusal<const N: usize>(reason: SetupReason, about: [Subject; N]) -> Cause {
    Cause::Rule(RuleReason::new(reason, about))
}

fn province_ref(p: ProvinceId) -> UnitRef {
    UnitRef {
        kind: None,
        province: p,
        coast: None,
    }
}

/// The setup's own orders, as read once from a player's words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum SetupOrder {
    /// `F tor grant english`: the centre goes to this power (rules 3-5).
    Grant { to: PowerId },
    /// `nev select 2`: a privateer's selection of a neutral island, with its priority (rule 4).
    Select { priority: u32 },
}

impl SetupOrder {
    /// Reads the words after `verb`: a power's name after `grant`, a number after `select`.
    pub(super) fn read(variant: &Variant, verb: &str, words: &[String]) -> Option<SetupOrder> {
        match (verb, words) {
            ("grant", _) => variant
                .power_by_name(&words.join(" "))
                .map(|to| SetupOrder::Grant { to }),
            ("select", [n]) => n
                .parse()
                .ok()
                .map(|priority| SetupOrder::Select { priority }),
            _ => None,
        }
    }

    /// The order's terms, as stored.
    pub(super) fn terms(self) -> Vec<Term> {
        match self {
            SetupOrder::Grant { to } => vec![Term::Power(to)],
            SetupOrder::Select { priority } => vec![Term::Number(priority)],
        }
    }

    /// The setup order a special order's terms hold, if they read.
    pub(super) fn of(verb: &str, args: &[Term]) -> Option<SetupOrder> {
        match (verb, args) {
            ("grant", [Term::Power(to)]) => Some(SetupOrder::Grant { to: *to }),
            ("select", [Term::Number(n)]) => Some(SetupOrder::Select { priority: *n }),
            _ => None,
        }
    }

    fn order(self, unit: UnitRef) -> Order {
        let verb = match self {
            SetupOrder::Grant { .. } => "grant",
            SetupOrder::Select { .. } => "select",
        };
        Order::Special {
            unit: Some(unit),
            verb: verb.into(),
            args: self.terms(),
        }
    }
}

/// What one submitted order asks for, once checked on its own and against the same power's
/// earlier orders.
#[derive(Clone, Copy, Debug)]
enum Asked {
    GrantToPrivateer {
        from: PowerId,
        centre: ProvinceId,
        to: PowerId,
    },
    GrantToPirates {
        from: PowerId,
        centre: ProvinceId,
    },
    Build {
        power: PowerId,
        kind: UnitKind,
        at: Location,
    },
    Select {
        power: PowerId,
        centre: ProvinceId,
        priority: u32,
    },
}

/// Which orders each role gives, for error messages.
fn what_roles_order(variant: &Variant) -> String {
    let names = |r: Role| {
        (0..variant.powers.len())
            .map(|p| PowerId(p as u8))
            .filter(|&p| role(variant, p) == r)
            .map(|p| variant.power_name(p).to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    format!(
        "in the setup {} each grant an island centre and its fleet to each privateer (\"F atg grant buccaneers\"), {} grants two centres to the Pirates and builds 3 armies and 4 fleets (\"hav grant pirates\", \"build A ctg\"), and {} each select up to three neutral island centres by priority (\"tor select 1\")",
        names(Role::GrantToPrivateers),
        names(Role::GrantToPirates),
        names(Role::Select)
    )
}

/// Checks one order against the position and the power's orders accepted before it.
fn check(
    ctx: &RuleContext,
    power: PowerId,
    order: &Order,
    earlier: &[Asked],
) -> Result<Asked, Cause> {
    let (variant, position) = (ctx.variant, ctx.position);
    // A refusal about the power and `more`, then the centres it may use instead.
    let refuse_with = |reason: SetupReason, more: &[Subject], may: &[ProvinceId]| {
        Cause::Rule(RuleReason::new(
            reason,
            std::iter::once(power.into())
                .chain(more.iter().cloned())
                .chain(may.iter().map(|&p| Subject::from(p))),
        ))
    };
    let refuse = |reason: SetupReason, more: &[Subject]| refuse_with(reason, more, &[]);
    // The unit on a centre, if one stands there, as "Tortuga has the English F tor on it" reads it.
    let standing = |p: ProvinceId| position.unit_at(p).map(|u| Subject::from(*u));
    match (role(variant, power), order) {
        (Role::Nothing, _) => Err(refuse(SetupReason::GivesNothing, &[])),
        (
            r @ (Role::GrantToPrivateers | Role::GrantToPirates),
            Order::Special { unit, verb, args },
        ) if verb == "grant" => {
            let Some(centre) = unit.map(|u| u.province) else {
                return Err(refuse(SetupReason::SayWhichGrant, &[]));
            };
            let to_name = args
                .iter()
                .map(|a| a.text(variant))
                .collect::<Vec<_>>()
                .join(" ");
            let to = match SetupOrder::of(verb, args) {
                Some(SetupOrder::Grant { to }) => Some(to),
                _ => None,
            };
            if r == Role::GrantToPrivateers {
                let privateers = powers_of(variant, PowerKind::Privateer);
                let Some(to) = to.filter(|t| privateers.contains(t)) else {
                    let mut more = vec![Subject::Quote(to_name)];
                    more.extend(privateers.iter().map(|&p| Subject::from(p)));
                    return Err(refuse(SetupReason::GrantToPrivateer, &more));
                };
                let may = grantable_to_privateers(variant, position, power);
                if !may.contains(&centre) {
                    return Err(refuse_with(
                        SetupReason::NotIslandHome,
                        &[centre.into()],
                        &may,
                    ));
                }
                for e in earlier {
                    if let Asked::GrantToPrivateer {
                        centre: c, to: t, ..
                    } = *e
                    {
                        if t == to {
                            return Err(refuse(
                                SetupReason::OnePerPrivateer,
                                &[c.into(), to.into()],
                            ));
                        }
                        if c == centre {
                            return Err(refuse(
                                SetupReason::AlreadyGrantsTo,
                                &[c.into(), t.into()],
                            ));
                        }
                    }
                }
                return Ok(Asked::GrantToPrivateer {
                    from: power,
                    centre,
                    to,
                });
            }
            let pirates = powers_of(variant, PowerKind::Mercenary);
            if !to.is_some_and(|t| pirates.contains(&t)) {
                return Err(refuse(
                    SetupReason::GrantToPirates,
                    &[Subject::Quote(to_name)],
                ));
            }
            let may = free_home_centres(variant, position, power);
            if !may.contains(&centre) {
                if let Some(unit) =
                    standing(centre).filter(|_| position.owns_home_centre(power, centre))
                {
                    return Err(refuse_with(SetupReason::GrantOccupied, &[unit], &may));
                }
                return Err(refuse_with(
                    SetupReason::NotCentreToGrant,
                    &[centre.into()],
                    &may,
                ));
            }
            let granted: Vec<ProvinceId> = earlier
                .iter()
                .filter_map(|e| match *e {
                    Asked::GrantToPirates { centre, .. } => Some(centre),
                    _ => None,
                })
                .collect();
            if granted.contains(&centre) {
                return Err(refuse(
                    SetupReason::AlreadyGrantsToPirates,
                    &[centre.into()],
                ));
            }
            if granted.len() >= CENTRES_TO_PIRATES {
                return Err(refuse_with(SetupReason::GrantsExactly, &[], &granted));
            }
            if earlier
                .iter()
                .any(|e| matches!(*e, Asked::Build { at, .. } if at.province == centre))
            {
                return Err(refuse(SetupReason::BuildsNoGrant, &[centre.into()]));
            }
            Ok(Asked::GrantToPirates {
                from: power,
                centre,
            })
        }
        (Role::GrantToPirates, Order::Build { unit }) => {
            let (kind, at) = build_location(ctx, *unit)?;
            let may = free_home_centres(variant, position, power);
            if !may.contains(&at.province) {
                if let Some(unit) =
                    standing(at.province).filter(|_| position.owns_home_centre(power, at.province))
                {
                    return Err(refuse_with(SetupReason::BuildOccupied, &[unit], &may));
                }
                return Err(refuse_with(
                    SetupReason::NotCentreToBuild,
                    &[at.province.into()],
                    &may,
                ));
            }
            let built = Subject::from(Unit {
                power,
                kind,
                location: at,
            });
            if !ctx.book.can_stand(ctx, kind, at) {
                return Err(refuse(SetupReason::CannotStand, &[built]));
            }
            let mut same_kind = 0;
            for e in earlier {
                match *e {
                    Asked::Build { at: a, .. } if a.province == at.province => {
                        return Err(refuse(SetupReason::AlreadyBuilds, &[at.province.into()]));
                    }
                    Asked::GrantToPirates { centre, .. } if centre == at.province => {
                        return Err(refuse(SetupReason::GrantsNoBuild, &[centre.into()]));
                    }
                    Asked::Build { kind: k, .. } if k == kind => same_kind += 1,
                    _ => {}
                }
            }
            if same_kind >= allowed_builds(kind) {
                return Err(refuse(SetupReason::BuildsQuota, &[built]));
            }
            Ok(Asked::Build { power, kind, at })
        }
        (Role::Select, Order::Special { unit, verb, args }) if verb == "select" => {
            let Some(centre) = unit.map(|u| u.province) else {
                return Err(refuse(SetupReason::SayWhichSelect, &[]));
            };
            let priority = match SetupOrder::of(verb, args) {
                Some(SetupOrder::Select { priority }) => {
                    Some(priority).filter(|n| (1..=PRIORITIES).contains(n))
                }
                _ => None,
            }
            .ok_or_else(|| refuse(SetupReason::SelectPriority, &[centre.into()]))?;
            let may = selectable(variant, position);
            if !may.contains(&centre) {
                if let Some(unit) = standing(centre).filter(|_| {
                    position.owners[centre.0 as usize].is_none() && island_based(variant, centre)
                }) {
                    return Err(refuse_with(SetupReason::SelectOccupied, &[unit], &may));
                }
                return Err(refuse_with(
                    SetupReason::NotNeutralIsland,
                    &[centre.into()],
                    &may,
                ));
            }
            for e in earlier {
                if let Asked::Select {
                    centre: c,
                    priority: n,
                    ..
                } = *e
                {
                    if c == centre || n == priority {
                        return Err(refuse(
                            SetupReason::AlreadySelects,
                            &[c.into(), Subject::Number(n.into())],
                        ));
                    }
                }
            }
            Ok(Asked::Select {
                power,
                centre,
                priority,
            })
        }
        _ => Err(refuse(
            SetupReason::NotSetupOrder,
            &[Subject::Quote(order.to_text(variant))],
        )),
    }
}

/// How many units of `kind` the power granting to the Pirates builds.
fn allowed_builds(kind: UnitKind) -> usize {
    if kind == UnitKind::ARMY {
        GRANTOR_ARMIES
    } else {
        GRANTOR_FLEETS
    }
}

/// Adjudicates the setup phase.
pub(crate) fn adjudicate(ctx: &RuleContext, orders: &[Submitted]) -> Adjudication {
    let (variant, position) = (ctx.variant, ctx.position);
    let mut results: Vec<OrderResult> = Vec::with_capacity(orders.len());
    // Accepted orders, with the index of the order they came from.
    let mut asked: Vec<(usize, Asked)> = Vec::new();
    for (i, sub) in orders.iter().enumerate() {
        let earlier: Vec<Asked> = asked
            .iter()
            .filter(|(k, _)| orders[*k].power == sub.power)
            .map(|(_, a)| *a)
            .collect();
        let checked = match &sub.order {
            Err(e) => Err(Cause::Unparsed { message: e.clone() }),
            Ok(o) => check(ctx, sub.power, o, &earlier),
        };
        match checked {
            Ok(a) => {
                asked.push((i, a));
                results.push(OrderResult::ok());
            }
            Err(e) => results.push(OrderResult::illegal(e)),
        }
    }

    let mut after = position.clone();
    after.phase = variant.calendar.next(position.phase);
    let mut built: Vec<Unit> = Vec::new();
    let powers = (0..variant.powers.len()).map(|p| PowerId(p as u8));

    // Rule 4: the grants, with the compulsory ones a power left out made for it.
    let mut grants: Vec<(ProvinceId, PowerId)> = Vec::new();
    for power in powers.clone() {
        match role(variant, power) {
            Role::GrantToPrivateers => {
                let mut mine: Vec<(ProvinceId, PowerId)> = asked
                    .iter()
                    .filter_map(|(_, a)| match *a {
                        Asked::GrantToPrivateer { from, centre, to } if from == power => {
                            Some((centre, to))
                        }
                        _ => None,
                    })
                    .collect();
                let left: Vec<ProvinceId> = grantable_to_privateers(variant, position, power)
                    .into_iter()
                    .filter(|c| !mine.iter().any(|(m, _)| m == c))
                    .collect();
                let mut left = left.into_iter();
                for privateer in powers_of(variant, PowerKind::Privateer) {
                    if !mine.iter().any(|(_, to)| *to == privateer) {
                        if let Some(c) = left.next() {
                            mine.push((c, privateer));
                        }
                    }
                }
                grants.extend(mine);
            }
            Role::GrantToPirates => {
                let mut mine: Vec<ProvinceId> = asked
                    .iter()
                    .filter_map(|(_, a)| match *a {
                        Asked::GrantToPirates { from, centre, .. } if from == power => Some(centre),
                        _ => None,
                    })
                    .collect();
                let building: Vec<ProvinceId> = asked
                    .iter()
                    .filter_map(|(_, a)| match *a {
                        Asked::Build { power: p, at, .. } if p == power => Some(at.province),
                        _ => None,
                    })
                    .collect();
                let home = free_home_centres(variant, position, power);
                // Prefer centres the power is not building in; a power that ordered builds
                // everywhere loses its alphabetically first builds instead.
                let (spare, built_on): (Vec<ProvinceId>, Vec<ProvinceId>) =
                    home.iter().partition(|c| !building.contains(c));
                for c in spare.into_iter().chain(built_on) {
                    if mine.len() >= CENTRES_TO_PIRATES {
                        break;
                    }
                    if !mine.contains(&c) {
                        mine.push(c);
                    }
                }
                let pirates = powers_of(variant, PowerKind::Mercenary);
                if let Some(&to) = pirates.first() {
                    grants.extend(mine.into_iter().map(|c| (c, to)));
                }
            }
            _ => {}
        }
    }
    for &(centre, to) in &grants {
        after.owners[centre.0 as usize] = Some(to);
        for u in after.units.iter_mut() {
            if u.location.province == centre {
                u.power = to;
            }
        }
    }

    // Spain's builds, in the centres it keeps.
    for (i, a) in &asked {
        if let Asked::Build { power, kind, at } = *a {
            if grants.iter().any(|(c, _)| *c == at.province) {
                results[*i] = OrderResult::fails(setup_refusal(
                    SetupReason::WentToPirates,
                    [at.province.into(), power.into()],
                ));
                continue;
            }
            // Checked against the board at the deadline above; this guards the invariant
            // that no setup order puts a unit where one stands, whatever placed it there.
            if let Some(there) = after.unit_at(at.province) {
                results[*i] =
                    OrderResult::fails(setup_refusal(SetupReason::NothingBuilt, [(*there).into()]));
                continue;
            }
            let unit = Unit {
                power,
                kind,
                location: at,
            };
            after.units.push(unit);
            built.push(unit);
        }
    }

    // Rule 5: the selections, priority by priority. Both privateers always reach the same
    // priority together (a clash strikes the centre from both lists), so at each priority
    // every privateer still without a centre takes its choice unless the other named the
    // same centre, which then goes to the Pirates.
    let pirates = powers_of(variant, PowerKind::Mercenary).first().copied();
    let mut chosen: Vec<PowerId> = Vec::new();
    let mut taken: Vec<ProvinceId> = Vec::new();
    for priority in 1..=PRIORITIES {
        let at_priority: Vec<(usize, PowerId, ProvinceId)> = asked
            .iter()
            .filter_map(|(i, a)| match *a {
                Asked::Select {
                    power,
                    centre,
                    priority: n,
                } if n == priority => Some((*i, power, centre)),
                _ => None,
            })
            .collect();
        let mut struck: Vec<ProvinceId> = Vec::new();
        for &(i, power, centre) in &at_priority {
            if chosen.contains(&power) {
                results[i] =
                    OrderResult::fails(setup_refusal(SetupReason::HaveTheirCentre, [power.into()]));
                continue;
            }
            if taken.contains(&centre) {
                results[i] =
                    OrderResult::fails(setup_refusal(SetupReason::GivenOut, [centre.into()]));
                continue;
            }
            if let Some(there) = after.unit_at(centre) {
                results[i] = OrderResult::fails(setup_refusal(
                    SetupReason::NextChoiceTaken,
                    [(*there).into(), power.into()],
                ));
                continue;
            }
            let rivals: Vec<PowerId> = at_priority
                .iter()
                .filter(|&&(_, p, c)| c == centre && p != power && !chosen.contains(&p))
                .map(|&(_, p, _)| p)
                .collect();
            if !rivals.is_empty() {
                results[i] = OrderResult::fails(Cause::Rule(RuleReason::new(
                    SetupReason::AlsoChose,
                    [centre.into(), Subject::Number(priority.into())]
                        .into_iter()
                        .chain(rivals.iter().map(|&p| Subject::from(p))),
                )));
                if !struck.contains(&centre) {
                    struck.push(centre);
                }
                continue;
            }
            chosen.push(power);
            taken.push(centre);
            after.owners[centre.0 as usize] = Some(power);
            let unit = Unit {
                power,
                kind: UnitKind::FLEET,
                location: Location {
                    province: centre,
                    coast: None,
                },
            };
            after.units.push(unit);
            built.push(unit);
        }
        for c in struck {
            taken.push(c);
            if let Some(p) = pirates {
                after.owners[c.0 as usize] = Some(p);
            }
        }
    }

    // Rule 6: a Pirate fleet in each Pirate centre.
    if let Some(p) = pirates {
        for c in variant.map.supply_centers() {
            let at = Location {
                province: c,
                coast: None,
            };
            if after.owners[c.0 as usize] == Some(p)
                && after.is_empty(c)
                && ctx.book.can_stand(ctx, UnitKind::FLEET, at)
            {
                let unit = Unit {
                    power: p,
                    kind: UnitKind::FLEET,
                    location: at,
                };
                after.units.push(unit);
                built.push(unit);
            }
        }
    }

    let arrivals = built.iter().map(|u| u.location.province).collect();
    Adjudication {
        results,
        after,
        dislodged: Vec::new(),
        built,
        removed: Vec::new(),
        disbanded: Vec::new(),
        arrivals,
        retreated: Vec::new(),
    }
}

/// Every setup order this power may give, for autocomplete and the demo.
pub(crate) fn legal_orders(ctx: &RuleContext, power: PowerId) -> Vec<Order> {
    let (variant, position) = (ctx.variant, ctx.position);
    let mut out = Vec::new();
    match role(variant, power) {
        Role::GrantToPrivateers => {
            for c in grantable_to_privateers(variant, position, power) {
                for p in powers_of(variant, PowerKind::Privateer) {
                    out.push(SetupOrder::Grant { to: p }.order(UnitRef {
                        kind: Some(UnitKind::FLEET),
                        ..province_ref(c)
                    }));
                }
            }
        }
        Role::GrantToPirates => {
            let home = free_home_centres(variant, position, power);
            for &c in &home {
                for p in powers_of(variant, PowerKind::Mercenary) {
                    out.push(SetupOrder::Grant { to: p }.order(province_ref(c)));
                }
            }
            for &c in &home {
                for kind in [UnitKind::ARMY, UnitKind::FLEET] {
                    let at = Location {
                        province: c,
                        coast: None,
                    };
                    if ctx.book.can_stand(ctx, kind, at) {
                        out.push(Order::Build {
                            unit: UnitRef {
                                kind: Some(kind),
                                ..province_ref(c)
                            },
                        });
                    }
                }
            }
        }
        Role::Select => {
            for priority in 1..=PRIORITIES {
                for c in selectable(variant, position) {
                    out.push(SetupOrder::Select { priority }.order(province_ref(c)));
                }
            }
        }
        Role::Nothing => {}
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_power_has_a_known_role() {
        let v = Variant::builtin("pirates").unwrap();
        for p in 0..v.powers.len() {
            let p = PowerId(p as u8);
            let expected_nothing = matches!(v.power_name(p), "Denmark" | "Pirates");
            assert_eq!(
                role(&v, p) == Role::Nothing,
                expected_nothing,
                "{}",
                v.power_name(p)
            );
        }
    }
}

crate::rule_reasons! {
    /// Why an order of the Pirates setup (rules 3-6) is refused or fails. Most are about the
    /// ordering power first; a list of centres it may use instead comes last.
    pub enum SetupReason for "pirates-setup", worded by setup_words {
        GivesNothing = "gives-nothing",
        SayWhichGrant = "say-which-grant",
        /// Then the power named, then each privateer.
        GrantToPrivateer = "grant-to-privateer",
        /// Then the centre, then the centres it may grant.
        NotIslandHome = "not-island-home",
        /// Then the centre already granted, then the privateer.
        OnePerPrivateer = "one-per-privateer",
        /// Then the centre, then the privateer it goes to.
        AlreadyGrantsTo = "already-grants-to",
        /// Then the power named.
        GrantToPirates = "grant-to-pirates",
        /// Then the unit on the centre, then the centres it may grant.
        GrantOccupied = "grant-occupied",
        /// Then the centre, then the centres it may grant.
        NotCentreToGrant = "not-centre-to-grant",
        AlreadyGrantsToPirates = "already-grants-to-pirates",
        /// Then the centres already granted.
        GrantsExactly = "grants-exactly",
        BuildsNoGrant = "builds-no-grant",
        /// Then the unit on the centre, then the centres it may build in.
        BuildOccupied = "build-occupied",
        /// Then the centre, then the centres it may build in.
        NotCentreToBuild = "not-centre-to-build",
        /// Then the unit asked for.
        CannotStand = "cannot-stand",
        AlreadyBuilds = "already-builds",
        GrantsNoBuild = "grants-no-build",
        /// Then a unit of the kind asked for.
        BuildsQuota = "builds-quota",
        SayWhichSelect = "say-which-select",
        SelectPriority = "select-priority",
        /// Then the unit on the centre, then the centres it may select.
        SelectOccupied = "select-occupied",
        /// Then the centre, then the centres it may select.
        NotNeutralIsland = "not-neutral-island",
        /// Then the centre, then its priority.
        AlreadySelects = "already-selects",
        /// Then the order as written.
        NotSetupOrder = "not-setup-order",
        /// About the centre, then the power that granted too few.
        WentToPirates = "went-to-pirates",
        /// About the unit standing there.
        NothingBuilt = "nothing-built",
        /// About the power.
        HaveTheirCentre = "have-their-centre",
        /// About the centre.
        GivenOut = "given-out",
        /// About the unit standing there, then the selecting power.
        NextChoiceTaken = "next-choice-taken",
        /// About the centre, its priority, then each rival.
        AlsoChose = "also-chose",
    }
}

/// The Pirates setup's reasons in a player's words.
fn setup_words(reason: SetupReason, s: &Said) -> String {
    use SetupReason::*;
    let v = s.variant();
    // The power's name as the setup's rules write it ("the Buccaneers").
    let power = |i: usize| s.power(i);
    // Subject `i` on as a list of province ids, "none" when empty.
    let ids_from = |i: usize| {
        let ids: Vec<&str> = (i..s.len()).map(|k| s.province_id(k)).collect();
        if ids.is_empty() {
            "none".to_string()
        } else {
            ids.join(", ")
        }
    };
    let names_from = |i: usize, sep: &str| {
        (i..s.len())
            .map(|k| s.power(k))
            .collect::<Vec<_>>()
            .join(sep)
    };
    // "Tortuga has the English F tor on it".
    let occupied = |i: usize| {
        format!(
            "{} has the {} {} on it",
            s.province(i),
            s.adjective(i),
            s.unit(i)
        )
    };
    match reason {
        GivesNothing => format!(
            "{} gives no setup orders; {}",
            power(0),
            what_roles_order(v)
        ),
        SayWhichGrant => "say which centre to grant".into(),
        GrantToPrivateer => format!(
            "{} grants to a privateer ({}), not '{}'",
            power(0),
            names_from(2, " or "),
            s.quote(1)
        ),
        NotIslandHome => format!(
            "{} is not an island home centre of {} with its fleet on it; {} may grant: {}",
            s.province(1),
            power(0),
            power(0),
            ids_from(2)
        ),
        OnePerPrivateer => format!(
            "{} already grants {} to the {}; each privateer gets one centre",
            power(0),
            s.province(1),
            power(2)
        ),
        AlreadyGrantsTo => format!(
            "{} already grants {} to the {}",
            power(0),
            s.province(1),
            power(2)
        ),
        GrantToPirates => format!(
            "{} grants its centres to the Pirates, not '{}'",
            power(0),
            s.quote(1)
        ),
        GrantOccupied => format!(
            "{}, and the Pirates' fleet could not start beside it; {} may grant: {}",
            occupied(1),
            power(0),
            ids_from(2)
        ),
        NotCentreToGrant => format!(
            "{} is not a centre of {}; it may grant: {}",
            s.province(1),
            power(0),
            ids_from(2)
        ),
        AlreadyGrantsToPirates => format!(
            "{} already grants {} to the Pirates",
            power(0),
            s.province(1)
        ),
        GrantsExactly => format!(
            "{} grants exactly {CENTRES_TO_PIRATES} centres to the Pirates and already grants {}",
            power(0),
            ids_from(1)
        ),
        BuildsNoGrant => format!(
            "{} already builds in {}; it cannot also grant it",
            power(0),
            s.province(1)
        ),
        BuildOccupied => format!(
            "{}; {} builds only in an empty centre: {}",
            occupied(1),
            power(0),
            ids_from(2)
        ),
        NotCentreToBuild => format!(
            "{} is not a centre of {}; it builds in: {}",
            s.province(1),
            power(0),
            ids_from(2)
        ),
        CannotStand => format!("a {} cannot stand in {}", s.kind(1), s.province(1)),
        AlreadyBuilds => format!("{} already builds in {}", power(0), s.province(1)),
        GrantsNoBuild => format!(
            "{} grants {} to the Pirates; it cannot also build there",
            power(0),
            s.province(1)
        ),
        BuildsQuota => {
            let kind = UnitKind::by_letter(s.letter(1)).unwrap_or(UnitKind::ARMY);
            format!(
                "{} builds {GRANTOR_ARMIES} armies and {GRANTOR_FLEETS} fleets, and already \
                 builds {} {}s",
                power(0),
                allowed_builds(kind),
                s.kind(1)
            )
        }
        SayWhichSelect => "say which centre to select".into(),
        SelectPriority => format!(
            "give the priority after select, 1 to {PRIORITIES}: \"{} select 1\"",
            s.province_id(1)
        ),
        SelectOccupied => format!(
            "{}, and the {}' fleet could not start beside it; {} may select: {}",
            occupied(1),
            power(0),
            power(0),
            ids_from(2)
        ),
        NotNeutralIsland => format!(
            "{} is not a neutral island centre; {} may select: {}",
            s.province(1),
            power(0),
            ids_from(2)
        ),
        AlreadySelects => format!(
            "{} already selects {} at priority {}",
            power(0),
            s.province(1),
            s.number(2)
        ),
        NotSetupOrder => format!(
            "{} is not a setup order for {}; {}",
            s.quote(1),
            power(0),
            what_roles_order(v)
        ),
        WentToPirates => format!(
            "{} went to the Pirates, since {} granted too few centres itself",
            s.province(0),
            power(1)
        ),
        NothingBuilt => format!("{}; nothing is built there", occupied(0)),
        HaveTheirCentre => format!("not needed: the {} already have their centre", power(0)),
        GivenOut => format!("{} was already given out", s.province(0)),
        NextChoiceTaken => format!("{}; the {}' next choice is taken", occupied(0), power(1)),
        AlsoChose => format!(
            "the {} also chose {} at priority {}; it goes to the Pirates",
            names_from(2, " and "),
            s.province(0),
            s.number(1)
        ),
    }
}
