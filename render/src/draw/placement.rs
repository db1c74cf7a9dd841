//! Placement: where each unit is drawn (its anchor, a coast, one of a province's places, or
//! fanned out round them) and which drawn unit each order and each support's target stands for.

use std::collections::HashMap;

use super::figure::UnitShape;
use super::Ctx;
use crate::art::{MapArt, Point};
use crate::error::Error;
use crate::scene::{Location, Order, Scene};

/// How near the line to a coast a unit of the province stands for an arrow to meet it first:
/// a symbol's half width and a wide arrow's.
const ON_WAY: f32 = 22.0;
/// Where a dislodged unit is drawn, relative to the province's unit anchor.
const DISLODGED_OFFSET: Point = (17.0, 13.0);
/// Where units beyond a province's places stand, round each place in turn.
const FAN: [Point; 8] = [
    (38.0, 0.0),
    (-38.0, 0.0),
    (0.0, 30.0),
    (0.0, -30.0),
    (38.0, 30.0),
    (-38.0, 30.0),
    (38.0, -30.0),
    (-38.0, -30.0),
];

impl Ctx<'_> {
    /// The anchor for a location: its coast's anchor, or the province's.
    pub(super) fn anchor(&self, loc: &Location, context: &str) -> Result<Point, Error> {
        if !self.art.has_province(&loc.province) {
            return Err(Error::UnknownProvince {
                province: loc.province.clone(),
                context: context.to_string(),
            });
        }
        match &loc.coast {
            // A coast the art gives no place of its own (a river flotilla's bank in a
            // province drawn with one place): the unit stands at the province's anchor.
            Some(_) if self.art.coasts(&loc.province).is_empty() => Ok(self
                .art
                .unit_anchor(&loc.province, None)
                .expect("every province has a unit anchor")),
            Some(c) => {
                self.art
                    .unit_anchor(&loc.province, Some(c))
                    .ok_or_else(|| Error::UnknownCoast {
                        province: loc.province.clone(),
                        coast: c.clone(),
                        context: context.to_string(),
                    })
            }
            None => Ok(self
                .art
                .unit_anchor(&loc.province, None)
                .expect("every province has a unit anchor")),
        }
    }

    /// The anchor for a destination `loc` as seen from `from`: in a province with several
    /// places for units, the place nearest `from`, or a unit standing nearer (one of many
    /// drawn round the places), so that the arrow ends at the first unit it meets there
    /// rather than passing it.
    pub(super) fn anchor_from(
        &self,
        loc: &Location,
        from: Point,
        context: &str,
    ) -> Result<Point, Error> {
        let anchor = self.anchor(loc, context)?;
        let d = |p: &Point| (p.0 - from.0).hypot(p.1 - from.1);
        if loc.coast.is_some() {
            let standing = self
                .units
                .get(loc.province.as_str())
                .into_iter()
                .flatten()
                .filter(|(u, _)| !u.dislodged && u.dislodged_by.is_none())
                .map(|(_, p)| *p);
            // A coast beyond a unit standing in the province, on the way to it: the arrow
            // stops at that unit, not past it with its head on the unit's rings.
            let on_way = standing
                .filter(|p| d(p) > 1.0 && d(p) < d(&anchor))
                .filter(|p| super::figure::segment_distance(*p, from, anchor) < ON_WAY)
                .min_by(|a, b| d(a).total_cmp(&d(b)));
            return Ok(on_way.unwrap_or_else(|| self.off_rings(&loc.province, from, anchor)));
        }
        let standing = self
            .units
            .get(loc.province.as_str())
            .into_iter()
            .flatten()
            .filter(|(u, _)| !u.dislodged && u.dislodged_by.is_none() && u.location.coast.is_none())
            .map(|(_, p)| *p);
        Ok(self
            .art
            .unit_places(&loc.province)
            .into_iter()
            .chain(standing)
            // The unit leaving is not where it goes.
            .filter(|p| d(p) > 1.0)
            .min_by(|a, b| d(a).total_cmp(&d(b)))
            .map(|p| self.off_rings(&loc.province, from, p))
            .unwrap_or(anchor))
    }

    /// `goal`, or, where no unit stands there and a ring round a unit nearby (a neighbour's
    /// hold, convoy or support) comes so near it that the head of an arrow from `from` would
    /// lie on the ring, the nearest point of its province round it where the head has room.
    fn off_rings(&self, province: &str, from: Point, goal: Point) -> Point {
        use super::figure::{dist, END_REACH};
        if self
            .avoid
            .units
            .iter()
            .any(|u| dist(u.at, goal) < END_REACH)
        {
            return goal;
        }
        // The tip stops short of the goal and the head runs back from it towards `from`.
        let room = |p: Point| {
            let u = super::geometry::unit_vec(p, from);
            self.avoid.rings.iter().all(|(c, r, half)| {
                let reach = r + half;
                dist(*c, p) >= reach + 4.0
                    && [9.0f32, 14.0, 19.0, 24.0]
                        .iter()
                        .all(|s| dist(*c, (p.0 + u.0 * s, p.1 + u.1 * s)) >= reach + 1.0)
            })
        };
        if room(goal) {
            return goal;
        }
        let near = |p: &Point| dist(*p, from);
        (1..=10)
            .find_map(|k| {
                let d = k as f32 * 6.0;
                (0..16)
                    .map(|a| {
                        let a = a as f32 * std::f32::consts::PI / 8.0;
                        (goal.0 + d * a.cos(), goal.1 + d * a.sin())
                    })
                    .filter(|p| self.art.contains(province, *p) && room(*p))
                    .filter(|p| !self.avoid.units.iter().any(|u| u.touches_disc(*p, 4.0)))
                    .min_by(|a, b| near(a).total_cmp(&near(b)))
            })
            .unwrap_or(goal)
    }

    /// Where the unit an order refers to is drawn. Prefers a unit standing in
    /// the province (so "stp" finds a fleet drawn on "stp/sc"); `dislodged`
    /// asks for the dislodged one.
    pub(super) fn unit_at(
        &self,
        loc: &Location,
        dislodged: bool,
        context: &str,
    ) -> Result<Point, Error> {
        let anchor = self.anchor(loc, context)?;
        if let Some(list) = self.units.get(loc.province.as_str()) {
            if let Some((_, pos)) = list
                .iter()
                .find(|(u, _)| (u.dislodged || u.dislodged_by.is_some()) == dislodged)
                .or_else(|| list.first())
            {
                return Ok(*pos);
            }
        }
        Ok(if dislodged {
            dislodged_at(anchor)
        } else {
            anchor
        })
    }
}

/// Where each of the scene's units is drawn (in the scene's order), after checking that
/// its province, power and retreats are known. Records in `ctx` the units by province and
/// which drawn unit each order is for.
pub(super) fn place_units<'a>(ctx: &mut Ctx<'a>, scene: &'a Scene) -> Result<Vec<Point>, Error> {
    // Which unit each order is for, where a province holds several, and so where each of
    // those units would like to stand: near where its order points.
    let order_unit = assign_orders(scene);
    let mut aim: Vec<Option<Point>> = vec![None; scene.units.len()];
    for (o, u) in scene.orders.iter().zip(&order_unit) {
        if let Some(u) = *u {
            aim[u] = aim[u].or_else(|| order_aim(ctx.art, &o.order));
        }
    }
    let mut unit_pos: Vec<Point> = Vec::with_capacity(scene.units.len());
    for u in &scene.units {
        let context = format!("unit {}", u.location);
        let anchor = ctx.anchor(&u.location, &context)?;
        ctx.colour(&u.power, &context)?;
        for r in &u.retreats {
            ctx.anchor(r, &format!("retreat of {}", u.location))?;
        }
        let pos = match &u.dislodged_by {
            _ if u.dislodged => dislodged_at(anchor),
            Some(by) => displaced_at(anchor, ctx.anchor(by, &format!("attacker of {context}"))?),
            None => anchor,
        };
        unit_pos.push(pos);
    }
    place_standing(ctx.art, scene, &aim, &mut unit_pos);
    place_dislodged(ctx, scene, &mut unit_pos)?;
    ctx.avoid.units = scene
        .units
        .iter()
        .zip(&unit_pos)
        .map(|(u, p)| {
            let dislodged = u.dislodged || u.dislodged_by.is_some();
            let (bounds, radius) =
                UnitShape::of(&u.kind, *p, if dislodged { DISLODGED_SCALE } else { 1.0 });
            UnitShape {
                province: u.location.province.clone(),
                power: u.power.clone(),
                at: *p,
                bounds,
                radius,
                dislodged,
            }
        })
        .collect();
    for (u, pos) in scene.units.iter().zip(&unit_pos) {
        ctx.units
            .entry(u.location.province.as_str())
            .or_default()
            .push((u, *pos));
    }
    ctx.order_units = order_unit.iter().map(|u| u.map(|u| unit_pos[u])).collect();
    Ok(unit_pos)
}

/// How much smaller a dislodged unit is drawn than one standing.
pub(super) const DISLODGED_SCALE: f32 = 0.85;
/// How far from a dislodged unit's place its ring reaches (radius 16, half its stroke).
pub(super) const DISLODGED_RING: f32 = 17.2;

/// Moves each dislodged unit whose ring would cover another unit's symbol to the nearest
/// spot round its province's place where it covers none: beside the unit that took its place,
/// both in full view. The first spots tried keep its direction from the place (away from its
/// attacker on a movement map).
fn place_dislodged(ctx: &Ctx, scene: &Scene, pos: &mut [Point]) -> Result<(), Error> {
    let standing = |u: &crate::scene::UnitMark| !u.dislodged && u.dislodged_by.is_none();
    let mut taken: Vec<UnitShape> = scene
        .units
        .iter()
        .zip(pos.iter())
        .filter(|(u, _)| standing(u))
        .map(|(u, p)| {
            let (bounds, radius) = UnitShape::of(&u.kind, *p, 1.0);
            UnitShape {
                province: String::new(),
                power: String::new(),
                at: *p,
                bounds,
                radius,
                dislodged: false,
            }
        })
        .collect();
    for (i, u) in scene.units.iter().enumerate() {
        if standing(u) {
            continue;
        }
        let anchor = ctx.anchor(&u.location, "dislodged unit")?;
        let want = pos[i];
        let clear = |p: Point| {
            let (bounds, radius) = UnitShape::of(&u.kind, p, DISLODGED_SCALE);
            let symbol = UnitShape {
                province: String::new(),
                power: String::new(),
                at: p,
                bounds: bounds.grow(1.0),
                radius: radius.map(|r| r + 1.0),
                dislodged: true,
            };
            !taken
                .iter()
                .any(|s| s.touches_disc(p, DISLODGED_RING + 1.0) || s.overlaps(&symbol))
        };
        if !clear(want) {
            let (dx, dy) = (want.0 - anchor.0, want.1 - anchor.1);
            let start = if dx.hypot(dy) < 1e-3 {
                DISLODGED_OFFSET.1.atan2(DISLODGED_OFFSET.0)
            } else {
                dy.atan2(dx)
            };
            let step = std::f32::consts::PI / 8.0;
            let spot = [32.0f32, 38.0, 46.0, 56.0, 68.0].into_iter().find_map(|d| {
                (0..16).find_map(|k| {
                    // 0, +1, -1, +2, -2, ... steps from the wanted direction.
                    let turn = ((k + 1) / 2) as f32 * if k % 2 == 1 { 1.0 } else { -1.0 };
                    let a = start + turn * step;
                    let p = (anchor.0 + d * a.cos(), anchor.1 + d * a.sin());
                    clear(p).then_some(p)
                })
            });
            if let Some(p) = spot {
                pos[i] = p;
            }
        }
        let at = pos[i];
        taken.push(UnitShape {
            province: String::new(),
            power: String::new(),
            at,
            bounds: crate::outline::Bounds {
                x0: at.0 - DISLODGED_RING,
                y0: at.1 - DISLODGED_RING,
                x1: at.0 + DISLODGED_RING,
                y1: at.1 + DISLODGED_RING,
            },
            radius: Some(DISLODGED_RING),
            dislodged: true,
        });
    }
    Ok(())
}

/// Where a dislodged unit is drawn, given its province's unit anchor.
pub(super) fn dislodged_at(anchor: Point) -> Point {
    (anchor.0 + DISLODGED_OFFSET.0, anchor.1 + DISLODGED_OFFSET.1)
}

/// How far a unit dislodged on a movement map is pushed from its anchor.
const DISPLACED: f32 = 25.0;

/// Where a unit dislodged during a movement phase is drawn: pushed from its anchor straight
/// on, away from where its attacker came from, so that the attack's arrow points at it.
pub(super) fn displaced_at(anchor: Point, attacker: Point) -> Point {
    let (dx, dy) = (anchor.0 - attacker.0, anchor.1 - attacker.1);
    let len = dx.hypot(dy);
    if len < 1e-3 {
        return dislodged_at(anchor);
    }
    (
        anchor.0 + dx / len * DISPLACED,
        anchor.1 + dy / len * DISPLACED,
    )
}

/// Where the k-th unit standing in a province is drawn when its places are all taken:
/// round the places in turn, further out each time round.
fn fan(places: &[Point], k: usize) -> Point {
    let base = places[k % places.len()];
    let ring = (k / places.len()).saturating_sub(1);
    let (dx, dy) = FAN[ring % FAN.len()];
    let scale = (1 + ring / FAN.len()) as f32;
    (base.0 + dx * scale, base.1 + dy * scale)
}

/// Spreads the units standing (not dislodged, not on a coast) in a province with several
/// places over them: first those whose order points somewhere, each to the free place
/// nearest where it points, then the rest to the free places in order; once the places are
/// taken, the others fan out round them. Elsewhere a second unit (which only a province
/// that holds many has) fans out round the anchor.
fn place_standing(art: &MapArt, scene: &Scene, aim: &[Option<Point>], pos: &mut [Point]) {
    let mut by_province: HashMap<&str, Vec<usize>> = HashMap::new();
    for (i, u) in scene.units.iter().enumerate() {
        if !u.dislodged && u.dislodged_by.is_none() && u.location.coast.is_none() {
            by_province
                .entry(u.location.province.as_str())
                .or_default()
                .push(i);
        }
    }
    for (province, units) in by_province {
        let places = art.unit_places(province);
        if places.is_empty() || (places.len() < 2 && units.len() < 2) {
            continue;
        }
        let (aimed, rest): (Vec<usize>, Vec<usize>) =
            units.iter().partition(|&&i| aim[i].is_some());
        if units.len() > places.len() {
            crowd(
                art,
                province,
                &places,
                aimed.into_iter().chain(rest),
                aim,
                pos,
            );
            continue;
        }
        let mut free: Vec<bool> = vec![true; places.len()];
        let mut extra = places.len();
        for i in aimed.into_iter().chain(rest) {
            let dist = |k: usize| match aim[i] {
                Some(a) => (places[k].0 - a.0).hypot(places[k].1 - a.1),
                None => k as f32,
            };
            let best = (0..places.len())
                .filter(|&k| free[k])
                .min_by(|&a, &b| dist(a).total_cmp(&dist(b)));
            pos[i] = match best {
                Some(k) => {
                    free[k] = false;
                    places[k]
                }
                None => {
                    extra += 1;
                    fan(&places, extra - 1)
                }
            };
        }
    }
}

/// How near a unit's way out to another unit of its crowd counts as passing it: a symbol's
/// half width and a wide arrow's, with a little room.
const PASSING: f32 = 30.0;

/// Places the units of a province that holds more than its places (`units`, those whose order
/// points somewhere first): each at the spot, among the places and the ring of spots round
/// them, that keeps it inside the province, keeps its way out (the line to where its order
/// points) clear of the units placed before, and stands off their ways out; nearest the places
/// and its aim among the spots that do.
fn crowd(
    art: &MapArt,
    province: &str,
    places: &[Point],
    units: impl Iterator<Item = usize>,
    aim: &[Option<Point>],
    pos: &mut [Point],
) {
    use super::figure::{dist, segment_distance};
    let spots: Vec<Point> = (0..places.len() * (1 + FAN.len()))
        .map(|k| {
            if k < places.len() {
                places[k]
            } else {
                fan(places, k)
            }
        })
        .collect();
    let inside = |p: Point| {
        [
            (0.0, 0.0),
            (-14.0, -12.0),
            (14.0, -12.0),
            (-14.0, 12.0),
            (14.0, 12.0),
        ]
        .iter()
        .all(|(dx, dy)| art.contains(province, (p.0 + dx, p.1 + dy)))
    };
    let mut taken: Vec<(Point, Option<Point>)> = Vec::new();
    for i in units {
        let cost = |k: usize| {
            let p = spots[k];
            let mut c = (k / places.len()) as f32 * 5.0;
            if let Some(a) = aim[i] {
                c += dist(p, a) / 10.0;
                c += 100.0
                    * taken
                        .iter()
                        .filter(|(q, _)| segment_distance(*q, p, a) < PASSING)
                        .count() as f32;
            }
            c += 100.0
                * taken
                    .iter()
                    .filter_map(|(q, their)| their.map(|t| (q, t)))
                    .filter(|(q, t)| segment_distance(p, **q, *t) < PASSING)
                    .count() as f32;
            if !inside(p) {
                c += 1000.0;
            }
            c
        };
        let free =
            (0..spots.len()).filter(|&k| !taken.iter().any(|(q, _)| dist(*q, spots[k]) < 1.0));
        let Some(k) = free.min_by(|&a, &b| cost(a).total_cmp(&cost(b))) else {
            continue;
        };
        pos[i] = spots[k];
        taken.push((spots[k], aim[i]));
    }
}

/// Where an order points, for placing its unit: the place it moves, supports or convoys to.
fn order_aim(art: &MapArt, order: &Order) -> Option<Point> {
    let to = match order {
        Order::Move { to, .. }
        | Order::SupportMove { to, .. }
        | Order::Convoy { to, .. }
        | Order::Retreat { to, .. } => to,
        Order::SupportHold { target, .. } => target,
        Order::RuledRetreat { to, .. } => to,
        // A variant's order points where its first arrow goes.
        Order::Marked { marks, .. } => marks.iter().find_map(|m| match m {
            crate::scene::Mark::Arrow { to, .. } => Some(to),
            _ => None,
        })?,
        Order::Hold { .. } | Order::Disband { .. } | Order::Build { .. } => return None,
    };
    art.unit_anchor(&to.province, to.coast.as_deref())
        .or_else(|| art.unit_anchor(&to.province, None))
}

/// The unit each order is for (an index into the scene's units): one in the order's
/// province of the ordering power that no earlier order took (a retreat takes a dislodged
/// one), else any not taken, else the first. `None` where the province holds no such unit,
/// so the usual lookup applies.
fn assign_orders(scene: &Scene) -> Vec<Option<usize>> {
    let mut taken = vec![false; scene.units.len()];
    scene
        .orders
        .iter()
        .map(|o| {
            let (loc, dislodged) = match &o.order {
                Order::Hold { unit }
                | Order::Move { unit, .. }
                | Order::SupportHold { unit, .. }
                | Order::SupportMove { unit, .. }
                | Order::Convoy { unit, .. }
                | Order::Disband { unit }
                | Order::Marked { unit, .. } => (unit, false),
                Order::Retreat { unit, .. } => (unit, true),
                // Drawn from wherever the dislodged unit is shown, standing or not.
                Order::RuledRetreat { .. } => return None,
                Order::Build { .. } => return None,
            };
            let here: Vec<usize> = (0..scene.units.len())
                .filter(|&i| {
                    scene.units[i].location.province == loc.province
                        && scene.units[i].dislodged == dislodged
                })
                .collect();
            let pick = here
                .iter()
                .copied()
                .find(|&i| !taken[i] && scene.units[i].power == o.power)
                .or_else(|| here.iter().copied().find(|&i| !taken[i]))
                .or_else(|| here.first().copied())?;
            taken[pick] = true;
            Some(pick)
        })
        .collect()
}

/// Where the unit a support or convoy names is drawn: in a province with several units,
/// the one whose order in the scene matches (a move to `to`, or for a hold support any order
/// but a move); else the usual lookup.
pub(super) fn target_at(
    ctx: &Ctx,
    scene: &Scene,
    unit: &Location,
    to: Option<&Location>,
    context: &str,
) -> Result<Point, Error> {
    let several = ctx
        .units
        .get(unit.province.as_str())
        .is_some_and(|l| l.iter().filter(|(u, _)| !u.dislodged).count() > 1);
    if several {
        let found = scene.orders.iter().enumerate().find_map(|(i, o)| {
            let matches = match (&o.order, to) {
                (Order::Move { unit: u, to: t, .. }, Some(to)) => {
                    u.province == unit.province && t.province == to.province
                }
                (Order::Hold { unit: u }, None)
                | (Order::SupportHold { unit: u, .. }, None)
                | (Order::SupportMove { unit: u, .. }, None)
                | (Order::Convoy { unit: u, .. }, None) => u.province == unit.province,
                _ => false,
            };
            if matches {
                ctx.order_units.get(i).copied().flatten()
            } else {
                None
            }
        });
        if let Some(p) = found {
            return Ok(p);
        }
    }
    ctx.unit_at(unit, false, context)
}
