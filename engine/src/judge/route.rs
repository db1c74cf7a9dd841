//! Where a unit can go: adjacency by unit kind, destination coasts, and convoy routes.

use crate::map::{Border, Location, ProvinceId};
use crate::order::Target;
use crate::rulebook::CoastLeniency;
use crate::unit::{Unit, UnitKind};
use crate::variant::Variant;

/// The border a unit would cross to reach `to` (any coast of it), if it can.
pub(super) fn border_into<'v>(
    variant: &'v Variant,
    unit: &Unit,
    to: ProvinceId,
) -> Option<&'v Border> {
    let map = &variant.map;
    map.province(unit.location.province)
        .borders
        .iter()
        .find(|b| {
            b.to.province == to
                && (unit.kind == UnitKind::Army || b.from_coast == unit.location.coast)
                && variant.rules.can_cross(map, unit.kind, b)
                && variant.rules.can_stand(map, unit.kind, b.to)
        })
}

/// Checks a move's destination for a unit moving without convoy and settles its coast.
/// Returns the exact location the unit would end in, or why it cannot go there.
pub(super) fn destination(variant: &Variant, unit: &Unit, to: Target) -> Result<Location, String> {
    let map = &variant.map;
    let strict = variant.options.coasts == CoastLeniency::Strict;
    let dest = map.province(to.province);
    let from_name = &map.province(unit.location.province).name;
    if unit.kind == UnitKind::Army {
        if to.coast.is_some() && strict {
            return Err(format!(
                "an army cannot move to a coast ({})",
                map.location_name(to.location())
            ));
        }
        return match border_into(variant, unit, to.province) {
            Some(_) => Ok(Location::province(to.province)),
            None => Err(format!(
                "{from_name} does not border {} for an army",
                dest.name
            )),
        };
    }
    let reachable: Vec<&Border> = map
        .province(unit.location.province)
        .borders
        .iter()
        .filter(|b| {
            b.to.province == to.province
                && b.from_coast == unit.location.coast
                && variant.rules.can_cross(map, unit.kind, b)
                && variant.rules.can_stand(map, unit.kind, b.to)
        })
        .collect();
    if reachable.is_empty() {
        return Err(format!(
            "{} cannot reach {} from {}",
            unit.kind.name(),
            dest.name,
            map.location_name(unit.location)
        ));
    }
    match to.coast {
        Some(c) => match reachable.iter().find(|b| b.to.coast == Some(c)) {
            Some(b) => Ok(b.to),
            None if dest.coasts.is_empty() => Ok(reachable[0].to),
            None => Err(format!(
                "{} cannot reach {} from {}",
                unit.kind.name(),
                map.location_name(to.location()),
                map.location_name(unit.location)
            )),
        },
        None if dest.coasts.is_empty() => Ok(reachable[0].to),
        None if reachable.len() == 1 && !strict => Ok(reachable[0].to),
        None => {
            let coasts: Vec<String> = reachable.iter().map(|b| map.location_name(b.to)).collect();
            Err(format!(
                "{} has more than one coast; say which: {}",
                dest.name,
                coasts.join(" or ")
            ))
        }
    }
}

/// Where a convoy may pass through now: for each province, the fleet standing there if it is
/// able to convoy there.
fn convoy_waters(
    variant: &Variant,
    units: &[Unit],
    avoid: Option<ProvinceId>,
) -> Vec<Option<Location>> {
    let map = &variant.map;
    let mut out = vec![None; map.provinces.len()];
    for u in units {
        let p = u.location.province;
        if u.kind == UnitKind::Fleet
            && Some(p) != avoid
            && variant.rules.can_convoy_at(map, u.location)
        {
            out[p.0 as usize] = Some(u.location);
        }
    }
    out
}

/// Whether two convoying fleets are next to each other: a fleet border joins their provinces.
pub(super) fn fleets_link(variant: &Variant, a: ProvinceId, b: ProvinceId) -> bool {
    variant
        .map
        .province(a)
        .borders
        .iter()
        .any(|x| x.fleet && x.to.province == b)
}

/// Whether the convoying fleet at `fleet` may take an army from `end` or land it there.
pub(super) fn convoy_lands(variant: &Variant, fleet: Location, end: ProvinceId) -> bool {
    variant.rules.convoy_lands(&variant.map, fleet, end)
}

/// Whether the fleets on the board (less any in `avoid`) could carry an army from `from` to
/// `to`: both ends take convoys and a chain of convoying fleets links them, its first fleet
/// able to take the army from `from` and its last able to land it at `to`.
pub(super) fn convoy_route_exists(
    variant: &Variant,
    units: &[Unit],
    from: ProvinceId,
    to: ProvinceId,
    avoid: Option<ProvinceId>,
) -> bool {
    let map = &variant.map;
    if from == to
        || !variant.rules.can_convoy_to(map, from)
        || !variant.rules.can_convoy_to(map, to)
    {
        return false;
    }
    let waters = convoy_waters(variant, units, avoid);
    let mut seen = vec![false; waters.len()];
    let mut stack: Vec<ProvinceId> = Vec::new();
    for (i, w) in waters.iter().enumerate() {
        if let Some(loc) = w {
            if convoy_lands(variant, *loc, from) {
                seen[i] = true;
                stack.push(loc.province);
            }
        }
    }
    while let Some(w) = stack.pop() {
        if let Some(loc) = waters[w.0 as usize] {
            if convoy_lands(variant, loc, to) {
                return true;
            }
        }
        for b in map.province(w).borders.iter().filter(|b| b.fleet) {
            let q = b.to.province;
            if waters[q.0 as usize].is_some() && !seen[q.0 as usize] {
                seen[q.0 as usize] = true;
                stack.push(q);
            }
        }
    }
    false
}

/// Whether the fleet in `via` is needed by some route from `from` to `to`: it lies on a chain
/// of fleets with no shortcut (no fleet in it could be left out). A convoy order from a fleet
/// no route needs is illegal (DATC 6.F.12, 6.G.19).
pub(super) fn on_convoy_route(
    variant: &Variant,
    units: &[Unit],
    from: ProvinceId,
    to: ProvinceId,
    via: ProvinceId,
) -> bool {
    if !convoy_route_exists(variant, units, from, to, None) {
        return false;
    }
    let waters = convoy_waters(variant, units, None);
    if waters[via.0 as usize].is_none() {
        return false;
    }
    let starts: Vec<ProvinceId> = waters
        .iter()
        .flatten()
        .filter(|loc| convoy_lands(variant, **loc, from))
        .map(|loc| loc.province)
        .collect();
    let mut path = Vec::new();
    starts
        .iter()
        .any(|&w| chordless(variant, &waters, from, to, via, w, &mut path))
}

/// Depth-first search for a chordless chain from the water `w` to `to` through `via`.
fn chordless(
    variant: &Variant,
    waters: &[Option<Location>],
    from: ProvinceId,
    to: ProvinceId,
    via: ProvinceId,
    w: ProvinceId,
    path: &mut Vec<ProvinceId>,
) -> bool {
    if path.contains(&w) {
        return false;
    }
    let Some(here) = waters[w.0 as usize] else {
        return false;
    };
    // Only the first fleet may take the army from the origin, and no earlier fleet may be
    // next to `w`.
    if !path.is_empty() && convoy_lands(variant, here, from) {
        return false;
    }
    if path.len() >= 2
        && path[..path.len() - 1]
            .iter()
            .any(|&e| fleets_link(variant, e, w))
    {
        return false;
    }
    path.push(w);
    let found = if convoy_lands(variant, here, to) {
        path.contains(&via)
    } else {
        let next: Vec<ProvinceId> = variant
            .map
            .province(w)
            .borders
            .iter()
            .filter(|b| b.fleet && waters[b.to.province.0 as usize].is_some())
            .map(|b| b.to.province)
            .collect();
        next.into_iter()
            .any(|q| chordless(variant, waters, from, to, via, q, path))
    };
    path.pop();
    found
}
