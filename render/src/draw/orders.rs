//! Orders: how each kind of order is drawn, and how its outcome (succeeded, failed, illegal)
//! changes the drawing.

use std::fmt::Write;

use super::figure::{dist, ArrowShape, MarkKind, MarkShape, Pen, Pending, END_REACH};
use super::geometry::{
    arrow, arrow_exact, bend_control, clear_bend, cross, cubic_at, cubic_part, cubic_tangent,
    first_beyond, head_at, head_size, last_beyond, mid_point, no_entry, octagon, pieces_path,
    pieces_points, quad_point, spline_at, spline_pieces, spline_points, stroke, unit_vec,
    units_crossed, Curve, Head, Line,
};
use super::pathfind;
use super::placement::target_at;
use super::strokes::{along, corners, outcome_mark, ring, styled, MOVE_BEND};
use super::symbol::{unit_symbol, UNIT_RADIUS};
use super::vocabulary;
use super::{f, Ctx, CROSS, CROSS_RGB, ILLEGAL, INK};
use crate::art::Point;
use crate::error::Error;
use crate::palette::Rgb;
use crate::scene::{Location, Mark, Order, OrderMark, Outcome, Scene, UnitKind};

/// Every order of the scene, in three layers from the bottom: supports and convoys (so they
/// run under the arrows they point at), holds, then moves, retreats, builds and disbands.
pub(super) fn orders(ctx: &Ctx, scene: &Scene, out: &mut Pen) -> Result<(), Error> {
    out.svg += "<g id=\"orders\">\n";
    let mut layers: [String; 3] = Default::default();
    for (i, o) in scene.orders.iter().enumerate() {
        // Each order in a group of its own, named by kind and unit, so that what an order
        // drew can be found again (by tests, by a pass that keeps labels clear).
        let mut own: [Pen; 3] = std::array::from_fn(|_| Pen::new(out.avoid));
        order(ctx, scene, i, o, &mut own)?;
        for (layer, mut drawn) in layers.iter_mut().zip(own) {
            if !drawn.svg.is_empty() {
                let (kind, unit) = order_name(&o.order);
                let _ = writeln!(
                    layer,
                    "<g class=\"order-{kind}\" data-unit=\"{}\">",
                    super::esc(&unit.to_string())
                );
                *layer += &drawn.svg;
                *layer += "</g>\n";
            }
            drawn.svg.clear();
            out.absorb(drawn, Some(i));
        }
    }
    for l in &layers {
        out.svg += l;
    }
    out.svg += "</g>\n";
    Ok(())
}

/// A convoy as drawn: the army's way through the fleets that carry it, with the orders it
/// is made of.
pub(super) struct Route {
    /// The army's province and its destination's.
    pub(super) from: String,
    pub(super) to: String,
    /// Where the army is drawn, each convoying fleet in the order the army passes them, and
    /// the destination.
    pub(super) points: Vec<Point>,
    /// The army's move among the scene's orders, if the scene draws it.
    pub(super) mover: Option<usize>,
    /// The way drawn: `points` with a bend point put in any leg that would run over a unit
    /// it does not join.
    pub(super) path: Vec<Point>,
    /// The convoy orders, one per fleet in `points[1..]`, in the same order.
    pub(super) fleets: Vec<usize>,
}

impl Ctx<'_> {
    /// The convoy route of the move from `from` to `to`, if the scene convoys it.
    pub(super) fn route(&self, from: &str, to: &str) -> Option<&Route> {
        self.routes.iter().find(|r| r.from == from && r.to == to)
    }
}

/// Every convoy of the scene as a route: for each army a fleet is ordered to convoy, the
/// army, its convoying fleets (from the army onwards, each time the nearest fleet not yet
/// passed) and the destination.
pub(super) fn plan_routes(ctx: &Ctx, scene: &Scene) -> Result<Vec<Route>, Error> {
    let mut routes: Vec<Route> = Vec::new();
    for (i, o) in scene.orders.iter().enumerate() {
        let Order::Convoy { from, to, .. } = &o.order else {
            continue;
        };
        match routes
            .iter_mut()
            .find(|r| r.from == from.province && r.to == to.province)
        {
            Some(r) => r.fleets.push(i),
            None => routes.push(Route {
                from: from.province.clone(),
                to: to.province.clone(),
                points: Vec::new(),
                path: Vec::new(),
                mover: None,
                fleets: vec![i],
            }),
        }
    }
    for r in &mut routes {
        r.mover = scene.orders.iter().position(|o| {
            matches!(&o.order, Order::Move { unit, to, .. }
                if unit.province == r.from && to.province == r.to)
        });
        let context = format!("convoy of {} to {}", r.from, r.to);
        let (army, dest) = match r.mover.map(|m| &scene.orders[m].order) {
            Some(Order::Move { unit, to, .. }) => (unit.clone(), to.clone()),
            _ => match &scene.orders[r.fleets[0]].order {
                Order::Convoy { from, to, .. } => (from.clone(), to.clone()),
                _ => unreachable!("routes are made of convoys"),
            },
        };
        let army_at = match r
            .mover
            .and_then(|m| ctx.order_units.get(m).copied().flatten())
        {
            Some(p) => p,
            None => target_at(ctx, scene, &army, Some(&dest), &context)?,
        };
        let mut fleets: Vec<(usize, Point)> = Vec::new();
        for &j in &r.fleets {
            let Order::Convoy { unit, .. } = &scene.orders[j].order else {
                continue;
            };
            let at = match ctx.order_units.get(j).copied().flatten() {
                Some(p) => p,
                None => ctx.unit_at(unit, false, &context)?,
            };
            fleets.push((j, at));
        }
        let mut here = army_at;
        let mut chain = Vec::new();
        while !fleets.is_empty() {
            let d = |p: &Point| (p.0 - here.0).hypot(p.1 - here.1);
            let k = (0..fleets.len())
                .min_by(|&a, &b| d(&fleets[a].1).total_cmp(&d(&fleets[b].1)))
                .expect("not empty");
            let (j, at) = fleets.remove(k);
            chain.push((j, at));
            here = at;
        }
        let dest_at = ctx.anchor_from(&dest, here, &context)?;
        r.fleets = chain.iter().map(|(j, _)| *j).collect();
        r.points = std::iter::once(army_at)
            .chain(chain.iter().map(|(_, p)| *p))
            .chain(std::iter::once(dest_at))
            .collect();
        r.path = detour(&ctx.avoid.units, &r.points);
    }
    Ok(routes)
}

/// How many unit symbols the smooth way through `path` runs over, besides those at `ends`.
fn route_crossings(units: &[super::figure::UnitShape], path: &[Point], ends: &[Point]) -> usize {
    const HALF: f32 = 4.5;
    let joins = |u: &super::figure::UnitShape| {
        ends.iter()
            .any(|p| super::figure::dist(*p, u.at) < super::figure::END_REACH)
    };
    let pts = spline_points(path);
    units
        .iter()
        .filter(|u| !joins(u))
        .filter(|u| pts.windows(2).any(|w| u.crossed_by(w[0], w[1], HALF + 2.0)))
        .count()
}

/// `points` with bend points put beside any leg whose drawn curve runs over a unit symbol it
/// does not join: for each leg in turn, the nearest bend that clears every unit along the
/// whole smooth way (as [`spline`] draws it, which swings wider than the legs), else the one
/// over fewest; further passes (three in all) may bend a leg again.
fn detour(units: &[super::figure::UnitShape], points: &[Point]) -> Vec<Point> {
    let crossed = |path: &[Point]| route_crossings(units, path, points);
    let mut path = points.to_vec();
    let mut now = route_crossings(units, &path, points);
    for _pass in 0..3 {
        let mut k = 0;
        while now > 0 && k + 1 < path.len() {
            let (a, b) = (path[k], path[k + 1]);
            let (dx, dy) = unit_vec(a, b);
            let side = (-dy, dx);
            // Beside the middle first, nearest first; then further along either way, and
            // further out, as a long leg past a crowded coast needs.
            let bends = [
                30.0f32, -30.0, 55.0, -55.0, 80.0, -80.0, 110.0, -110.0, 150.0, -150.0, 200.0,
                -200.0,
            ]
            .into_iter()
            .flat_map(|k| [0.5f32, 0.35, 0.65, 0.2, 0.8, 0.1, 0.9].map(|t| (t, k)))
            .map(|(t, k)| {
                let m = lerp(a, b, t);
                (m.0 + side.0 * k, m.1 + side.1 * k)
            });
            let mut best: Option<(usize, Point)> = None;
            for p in bends {
                let mut tried = path.clone();
                tried.insert(k + 1, p);
                let n = crossed(&tried);
                if n < best.map_or(now, |b| b.0) {
                    best = Some((n, p));
                    if n == 0 {
                        break;
                    }
                }
            }
            match best {
                Some((n, p)) => {
                    path.insert(k + 1, p);
                    now = n;
                    k += 2;
                }
                None => k += 1,
            }
        }
    }
    if now > 0 {
        // No bend beside a leg clears it (a long way past a crowded coast, units packed
        // round the goal): the shortest way round every symbol, leg by leg.
        let mut round = vec![points[0]];
        for w in points.windows(2) {
            round.extend(pathfind::way_round(
                units,
                points,
                w[0],
                w[1],
                ROUND_CLEARANCE,
            ));
            round.push(w[1]);
        }
        if crossed(&round) < now {
            path = round;
        }
    }
    path
}

/// How far from a unit symbol a way found round it keeps its centre line: a little more than
/// [`route_crossings`] asks, so that the curve through its corners still clears.
const ROUND_CLEARANCE: f32 = 8.0;

/// The rings the scene's orders will draw round units, each its centre, radius and half its
/// stroke, so that arrows drawn before them can keep their heads off them.
pub(super) fn rings(ctx: &Ctx, scene: &Scene) -> Result<Vec<(Point, f32, f32)>, Error> {
    let mut out = Vec::new();
    for (i, o) in scene.orders.iter().enumerate() {
        let own = |unit: &Location| match ctx.order_units.get(i).copied().flatten() {
            Some(p) => Ok(p),
            None => ctx.unit_at(unit, false, "ring"),
        };
        match &o.order {
            Order::Hold { unit } => out.push((own(unit)?, 17.5, 2.8)),
            Order::Disband { unit } => out.push((own(unit)?, 17.0, 2.8)),
            Order::SupportHold { target, .. } => {
                out.push((target_at(ctx, scene, target, None, "ring")?, 17.5, 2.3))
            }
            Order::Build { at, .. } => out.push((ctx.anchor(at, "ring")?, 19.0, 2.2)),
            Order::Marked { unit, marks, .. } => {
                let origin = vocabulary::Origin {
                    unit: Some(unit),
                    own: ctx.order_units.get(i).copied().flatten(),
                };
                for m in marks {
                    if let Mark::Ring { at, unit: new, .. } = m {
                        let at = vocabulary::ring_at(ctx, &origin, at, new.is_some(), "ring")?;
                        out.push((at, vocabulary::RING_RADIUS, vocabulary::RING_HALF));
                    }
                }
            }
            _ => {}
        }
    }
    for r in &ctx.routes {
        for p in &r.points[1..r.points.len() - 1] {
            out.push((*p, 22.0, 3.3));
        }
    }
    Ok(out)
}

/// The convoys, under the units so that each fleet stands on the army's way: a ring of dots
/// round each convoying fleet, and the army's arrow bending through every fleet that carries
/// it (a thin dashed sketch when the army was not ordered to go).
pub(super) fn convoys(ctx: &Ctx, scene: &Scene, out: &mut Pen) -> Result<(), Error> {
    if ctx.routes.is_empty() {
        return Ok(());
    }
    out.svg += "<g id=\"convoys\">\n";
    for r in &ctx.routes {
        let _ = writeln!(
            out,
            "<g class=\"convoy\" data-from=\"{}\" data-to=\"{}\">",
            super::esc(&r.from),
            super::esc(&r.to)
        );
        for (k, &j) in r.fleets.iter().enumerate() {
            let o = &scene.orders[j];
            let colour = ctx.colour(&o.power, &format!("convoy order of {}", o.power))?;
            let at = r.points[k + 1];
            let line = styled(
                Line {
                    dash: Some("0.1 5.4"),
                    width: 4.2,
                    colour,
                    casing: 6.6,
                    cap: "round",
                },
                o.outcome,
            );
            let _ = write!(out, "<g class=\"convoying\">");
            let mut own = Pen::new(out.avoid);
            ring(&mut own, at, 22.0, &line);
            outcome_mark(&mut own, corners(at, 16.0, -16.0), 4.5, o.outcome);
            out.absorb(own, Some(j));
            let _ = writeln!(out, "</g>");
        }
        let dest = r.points[r.points.len() - 1];
        match r.mover {
            Some(m) => {
                let o = &scene.orders[m];
                let colour = ctx.colour(&o.power, &format!("move order of {}", o.power))?;
                let mut own = Pen::new(out.avoid);
                route_arrow(
                    &mut own,
                    &r.path,
                    &r.points,
                    colour,
                    o.outcome,
                    (ctx.start_gap(r.points[0]), ctx.end_gap(dest)),
                );
                out.absorb(own, Some(m));
            }
            None => {
                let o = &scene.orders[r.fleets[0]];
                let colour = ctx.colour(&o.power, &format!("convoy order of {}", o.power))?;
                let ghost = Line {
                    dash: Some("3 3"),
                    width: 1.6,
                    colour: colour.mix(Rgb::WHITE, 0.2),
                    casing: 0.0,
                    cap: "butt",
                };
                let mut own = Pen::new(out.avoid);
                route_line(
                    &mut own,
                    &r.points,
                    &r.path,
                    &ghost,
                    Head::Open,
                    (ctx.start_gap(r.points[0]), ctx.end_gap(dest)),
                );
                out.absorb(own, Some(r.fleets[0]));
            }
        }
        out.svg += "</g>\n";
    }
    out.svg += "</g>\n";
    Ok(())
}

/// Strokes a route through `points` (unit, fleets, destination) as `line`: from `start` out
/// of the first unit (its token's edge, or outside a ring round it, as a bent arrow starts),
/// exactly through each fleet's place, to an arrowhead `end` short of the destination; the
/// curve is the one [`spline_pieces`] draws through `points`, cut at both ends, so that what
/// is drawn is what [`detour`] measured. Returns spots on its last leg, for marks, and how
/// far short of the destination its tip stops.
fn route_line(
    out: &mut Pen,
    ends: &[Point],
    points: &[Point],
    line: &Line,
    head: Head,
    (start, end): (f32, f32),
) -> (Vec<Point>, f32) {
    let n = points.len();
    let mut pieces = spline_pieces(points);
    let m = pieces.len();
    let leg = (points[n - 1].0 - points[n - 2].0).hypot(points[n - 1].1 - points[n - 2].1);
    let (head_len, _) = head_size(line.width);
    // The head stays clear of the last fleet's token, and of the convoy's ring round it,
    // however short the last leg.
    let last_reach = match n {
        2 => UNIT_RADIUS,
        _ => out
            .avoid
            .rings
            .iter()
            .filter(|(c, _, _)| dist(*c, points[n - 2]) < END_REACH)
            .map(|(_, r, half)| r + half + 2.0)
            .fold(UNIT_RADIUS, f32::max),
    };
    let gap = match head {
        Head::None => end.min(leg - UNIT_RADIUS),
        _ => end.min(leg - last_reach - head_len),
    }
    .max(0.0);
    let t0 = first_beyond(&pieces[0], 0.0, 1.0, points[0], start);
    let lo = if m == 1 { t0 } else { 0.0 };
    let t_tip = last_beyond(&pieces[m - 1], lo, 1.0, points[n - 1], gap);
    let tip = cubic_at(&pieces[m - 1], t_tip);
    let chord = unit_vec(points[n - 2], points[n - 1]);
    let dir = match cubic_tangent(&pieces[m - 1], t_tip) {
        (0.0, 0.0) => chord,
        d => unit_vec((0.0, 0.0), d),
    };
    let cut = if head == Head::None {
        0.0
    } else {
        head_len * 0.6
    };
    let t_stop = last_beyond(&pieces[m - 1], lo, t_tip, tip, cut);
    let spots = [0.5f32, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8]
        .map(|t| cubic_at(&pieces[m - 1], lo + (t_tip - lo) * t))
        .to_vec();
    pieces[m - 1] = cubic_part(&pieces[m - 1], 0.0, t_stop);
    // The first piece's cut is taken after the last's, which may be the same piece.
    pieces[0] = if m == 1 {
        cubic_part(&pieces[0], (t0 / t_stop.max(1e-3)).min(1.0), 1.0)
    } else {
        cubic_part(&pieces[0], t0, 1.0)
    };
    stroke(out, &pieces_path(&pieces), line);
    out.fig.arrows.push(ArrowShape {
        order: None,
        line: pieces_points(&pieces),
        half: line.width.max(line.casing) / 2.0,
        ends: ends.to_vec(),
    });
    head_at(out, tip, dir, line, head);
    if gap < end && head != Head::None {
        if let Some(h) = out.fig.heads.last_mut() {
            h.squeezed = Some((points[n - 2], points[n - 1]));
        }
    }
    (spots, gap)
}

/// A move along `points` (a convoy's route, or a move bent round units through bend points),
/// drawn by outcome as `move_arrow` draws a move; `ends` are the places it joins.
fn route_arrow(
    out: &mut Pen,
    points: &[Point],
    ends: &[Point],
    colour: Rgb,
    outcome: Outcome,
    gaps: (f32, f32),
) {
    match outcome {
        Outcome::Succeeded => {
            let line = Line {
                dash: None,
                width: 3.6,
                colour,
                casing: 6.4,
                cap: "round",
            };
            route_line(out, ends, points, &line, Head::Solid, gaps);
        }
        Outcome::Failed | Outcome::Void => {
            let edge = Line {
                dash: None,
                width: 6.0,
                colour,
                casing: 7.8,
                cap: "round",
            };
            let (mark, gap) = route_line(out, ends, points, &edge, Head::Hollow, gaps);
            let core = Line {
                dash: None,
                width: 2.2,
                colour: Rgb::WHITE,
                casing: 0.0,
                cap: "round",
            };
            // The white core stops where the hollow head begins.
            let (head_len, _) = head_size(edge.width);
            let inner = (gaps.0, gap + head_len * 0.5 + 2.0);
            route_line(out, ends, points, &core, Head::None, inner);
            // One arrow on the map (the core inside the edge): one shape in the figure.
            out.fig.arrows.pop();
            outcome_mark(out, mark, 5.5, outcome);
        }
        Outcome::Illegal => {
            let line = styled(
                Line {
                    dash: None,
                    width: 3.0,
                    colour,
                    casing: 0.0,
                    cap: "round",
                },
                outcome,
            );
            let (mark, _) = route_line(out, ends, points, &line, Head::Open, gaps);
            outcome_mark(out, mark, 5.0, outcome);
        }
    }
}

/// A retreat the rules made: a dash-dotted arrow from the dislodged unit with a small square
/// at its foot, so that it reads apart from a retreat its owner ordered.
fn ruled_retreat(out: &mut Pen, from: Point, to: Point, colour: Rgb, outcome: Outcome) {
    let line = styled(
        Line {
            dash: Some("9 3 2 3"),
            width: 3.2,
            colour,
            casing: 5.6,
            cap: "butt",
        },
        outcome,
    );
    let Curve { c, .. } = arrow(
        out,
        from,
        to,
        MOVE_BEND,
        (UNIT_RADIUS, 9.0),
        &line,
        Head::Solid,
    );
    let foot = quad_point(
        from,
        c,
        to,
        (UNIT_RADIUS + 2.0) / (to.0 - from.0).hypot(to.1 - from.1).max(1.0),
    );
    out.fig
        .marks
        .push(MarkShape::boxed(MarkKind::Badge, foot, 5.0));
    let _ = writeln!(
        out,
        "<rect class=\"ruled-retreat\" x=\"{}\" y=\"{}\" width=\"8\" height=\"8\" fill=\"#ffffff\" stroke=\"{INK}\" stroke-width=\"1.8\"/>",
        f(foot.0 - 4.0),
        f(foot.1 - 4.0)
    );
    outcome_mark(out, along(from, c, to, 0.55), 5.0, outcome);
}

/// An order's kind as a word, and the unit or place it is for. A variant's order is named
/// by its key word ("search" gives `order-search`).
fn order_name(o: &Order) -> (String, &Location) {
    let (kind, unit) = match o {
        Order::Hold { unit } => ("hold", unit),
        Order::Move { unit, .. } => ("move", unit),
        Order::SupportHold { unit, .. } | Order::SupportMove { unit, .. } => ("support", unit),
        Order::Convoy { unit, .. } => ("convoy", unit),
        Order::Retreat { unit, .. } => ("retreat", unit),
        Order::Build { at, .. } => ("build", at),
        Order::Disband { unit } => ("disband", unit),
        Order::RuledRetreat { unit, .. } => ("ruled-retreat", unit),
        Order::Marked { unit, key, .. } => {
            let word = key.as_deref().unwrap_or("mark");
            let slug: String = word
                .chars()
                .map(|c| {
                    if c.is_alphanumeric() {
                        c.to_ascii_lowercase()
                    } else {
                        '-'
                    }
                })
                .collect();
            return (slug, unit);
        }
    };
    (kind.to_string(), unit)
}

/// How far to each side of the line between two provinces a head-to-head pair's arrows run.
const SIDE_BY_SIDE: f32 = 8.0;
/// Convoyed moves bow out further, which sets them apart from moves over land.
const CONVOY_BEND: f32 = 0.22;

/// The bend of the move from `from` to `to`, as drawn (or as it would be).
fn bend_of(scene: &Scene, from: &Location, to: &Location, convoyed: bool) -> f32 {
    let via = scene.orders.iter().find_map(|x| match &x.order {
        Order::Move {
            unit,
            to: t,
            via_convoy,
        } if unit.province == from.province && t.province == to.province => Some(*via_convoy),
        _ => None,
    });
    if via.unwrap_or(convoyed) {
        CONVOY_BEND
    } else {
        MOVE_BEND
    }
}

/// The line a move from `unit` (drawn at `a`) to `to` (at `b`) is drawn along: a gentle bend,
/// or, when the scene also moves a unit the other way between the same two provinces (a
/// head-to-head), a straight arrow shifted to the right of travel, so the two run side by
/// side instead of on top of each other.
fn move_line(
    scene: &Scene,
    unit: &Location,
    to: &Location,
    a: Point,
    b: Point,
    convoyed: bool,
) -> (Point, Point, f32) {
    // A support names a move the other way too: its sketch of that move would lie on this one.
    let head_to_head = scene.orders.iter().any(|x| match &x.order {
        Order::Move { unit: u, to: t, .. } | Order::SupportMove { from: u, to: t, .. } => {
            u.province == to.province && t.province == unit.province
        }
        _ => false,
    });
    if head_to_head {
        let (dx, dy) = unit_vec(a, b);
        let side = (-dy * SIDE_BY_SIDE, dx * SIDE_BY_SIDE);
        let shift = |p: Point| (p.0 + side.0, p.1 + side.1);
        return (shift(a), shift(b), 0.0);
    }
    (a, b, bend_of(scene, unit, to, convoyed))
}

/// The widest a move is drawn (a failed one): moves are routed as that, whatever their
/// outcome.
const WIDEST_MOVE: Line = Line {
    dash: None,
    width: 6.0,
    colour: Rgb::WHITE,
    casing: 7.8,
    cap: "round",
};

/// The bend a move from `a` to `b` is drawn with: the nearest to `bend` that takes it round
/// the units on its way.
fn move_bend(ctx: &Ctx, a: Point, b: Point, bend: f32) -> f32 {
    clear_bend(
        &ctx.avoid,
        a,
        b,
        bend,
        (ctx.start_gap(a), ctx.end_gap(b)),
        &WIDEST_MOVE,
        Head::Hollow,
    )
}

/// How a move is drawn: with one bend, or, when no single bend takes it round the units on
/// its way (a long move past a crowded coast), smoothly through bend points beside them, as a
/// convoy's route is. A support finds the move it helps along the same way.
enum Way {
    Bent(f32),
    Through(Vec<Point>),
}

fn move_way(ctx: &Ctx, a: Point, b: Point, bend: f32) -> Way {
    let bend = move_bend(ctx, a, b, bend);
    let gaps = (ctx.start_gap(a), ctx.end_gap(b));
    let over = units_crossed(&ctx.avoid, a, b, bend, gaps, &WIDEST_MOVE, Head::Hollow);
    if over == 0 {
        return Way::Bent(bend);
    }
    let path = detour(&ctx.avoid.units, &[a, b]);
    if path.len() > 2 && route_crossings(&ctx.avoid.units, &path, &[a, b]) < over {
        Way::Through(path)
    } else {
        Way::Bent(bend)
    }
}

/// A point on the shaft of a move drawn through bend points, a little past half way, where a
/// support's dot sits.
fn through_point(path: &[Point]) -> Point {
    let pts = spline_points(path);
    pts[(pts.len() * 11 / 20).min(pts.len() - 1)]
}

fn lerp(a: Point, b: Point, t: f32) -> Point {
    (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t)
}

/// Draws one order: finds where its unit (and what it points at) is drawn, then draws it by
/// kind in the layer it belongs to.
fn order(
    ctx: &Ctx,
    scene: &Scene,
    index: usize,
    o: &OrderMark,
    layers: &mut [Pen; 3],
) -> Result<(), Error> {
    let colour = ctx.colour(&o.power, "order")?;
    let [low, mid, high] = layers;
    let context = |what: &str| format!("{what} order of {}", o.power);
    // The ordering unit: its own place where the province holds several.
    let own = ctx.order_units.get(index).copied().flatten();
    let own_at = |unit: &Location, dislodged: bool, what: &str| match own {
        Some(p) => Ok(p),
        None => ctx.unit_at(unit, dislodged, &context(what)),
    };
    match &o.order {
        Order::Hold { unit } => {
            let at = own_at(unit, false, "hold")?;
            hold(mid, at, colour, o.outcome);
        }
        Order::Move {
            unit,
            to,
            via_convoy,
        } => {
            if ctx.route(&unit.province, &to.province).is_some() {
                // Drawn with its convoy, under the units (see `convoys`).
                return Ok(());
            }
            let from = own_at(unit, false, "move")?;
            let dest = ctx.anchor_from(to, from, &context("move"))?;
            let (from, dest, bend) = move_line(scene, unit, to, from, dest, *via_convoy);
            let gaps = (ctx.start_gap(from), ctx.end_gap(dest));
            match move_way(ctx, from, dest, bend) {
                Way::Bent(bend) => move_arrow(high, from, dest, bend, colour, o.outcome, gaps),
                Way::Through(path) => {
                    route_arrow(high, &path, &[from, dest], colour, o.outcome, gaps)
                }
            }
        }
        Order::Retreat { unit, to } => {
            let from = own_at(unit, true, "retreat")?;
            let dest = ctx.anchor_from(to, from, &context("retreat"))?;
            let gaps = (ctx.start_gap(from), ctx.end_gap(dest));
            match move_way(ctx, from, dest, MOVE_BEND) {
                Way::Bent(bend) => move_arrow(high, from, dest, bend, colour, o.outcome, gaps),
                Way::Through(path) => {
                    route_arrow(high, &path, &[from, dest], colour, o.outcome, gaps)
                }
            }
        }
        Order::RuledRetreat { unit, to } => {
            let from = ctx.unit_at(unit, true, &context("retreat"))?;
            let dest = ctx.anchor_from(to, from, &context("retreat"))?;
            ruled_retreat(high, from, dest, colour, o.outcome);
        }
        Order::SupportHold { unit, target } => {
            let from = own_at(unit, false, "support")?;
            let at = target_at(ctx, scene, target, None, &context("support"))?;
            support_hold(low, from, at, colour, o.outcome);
        }
        Order::SupportMove { unit, from, to } => {
            let me = own_at(unit, false, "support")?;
            let a = target_at(ctx, scene, from, Some(to), &context("support"))?;
            let b = ctx.anchor_from(to, a, &context("support"))?;
            // Point at the move being helped; if no such move is drawn, sketch it.
            let drawn = scene.orders.iter().any(|x| match &x.order {
                Order::Move { unit: u, to: t, .. } => {
                    u.province == from.province && t.province == to.province
                }
                _ => false,
            });
            let target = match ctx.route(&from.province, &to.province) {
                // A convoyed move: its last leg, from the last fleet to the coast.
                Some(r) => {
                    // A little past half way along it, else further back towards the fleet
                    // or on towards the coast, short of the head.
                    let n = r.path.len();
                    let spots = [0.55f32, 0.48, 0.62, 0.4, 0.7, 0.32, 0.25, 0.18, 0.76]
                        .map(|t| spline_at(&r.path, n - 2, t));
                    dot_spot(ctx, index, me, spots)
                        .unwrap_or_else(|| lerp(r.path[n - 2], r.path[n - 1], 0.55))
                }
                None => {
                    let (a, b, bend) = move_line(scene, from, to, a, b, false);
                    let bend = match move_way(ctx, a, b, bend) {
                        Way::Bent(bend) => bend,
                        Way::Through(path) => {
                            if !drawn {
                                let ghost = ghost_line(colour);
                                route_line(
                                    low,
                                    &[a, b],
                                    &path,
                                    &ghost,
                                    Head::Open,
                                    (ctx.start_gap(a), ctx.end_gap(b)),
                                );
                            }
                            let target = through_point(&path);
                            support_move(low, me, target, colour, o.outcome);
                            return Ok(());
                        }
                    };
                    if !drawn {
                        ghost_move(low, a, b, bend, colour, (ctx.start_gap(a), ctx.end_gap(b)));
                    }
                    // On the move's shaft, short of its head and of other heads at its goal.
                    let len = (b.0 - a.0).hypot(b.1 - a.1).max(1.0);
                    let (head_len, _) = head_size(6.0);
                    let t0 = (UNIT_RADIUS + 6.0) / len;
                    let t1 = (len - ctx.end_gap(b) - head_len - 12.0) / len;
                    let t = if t1 > t0 { 0.62f32.clamp(t0, t1) } else { t0 };
                    let c = bend_control(a, b, bend);
                    let step = 8.0 / len;
                    // On a move too short for a dot between its unit and its head, the dot
                    // may sit on the rim of the helped unit, the unit it helps, rather than
                    // on a head.
                    let rim = (UNIT_RADIUS * 0.7 / len).min(t0);
                    // From the usual spot back towards the helped unit, then on towards the
                    // head, then on the helped unit's rim: the first spot clear of every
                    // arrowhead, else the one covering fewest.
                    let along_shaft = (0..12)
                        .map(|k| t - step * k as f32)
                        .take_while(|s| *s >= t0)
                        .chain((1..8).map(|k| t + step * k as f32).take_while(|s| *s <= t1))
                        .chain((0..4).map(|k| t0 - (t0 - rim) * k as f32 / 3.0))
                        .map(|s| quad_point(a, c, b, s));
                    // Then round the helped unit's rim, either side of where its move
                    // leaves it: a short move's head may fill its whole shaft.
                    let leave = unit_vec(a, quad_point(a, c, b, t0));
                    let round_rim = [0.45f32, -0.45, 0.9, -0.9, 1.35, -1.35].map(|turn| {
                        let (sin, cos) = turn.sin_cos();
                        let d = (leave.0 * cos - leave.1 * sin, leave.0 * sin + leave.1 * cos);
                        let r = UNIT_RADIUS * 0.7;
                        (a.0 + d.0 * r, a.1 + d.1 * r)
                    });
                    dot_spot(ctx, index, me, along_shaft.chain(round_rim))
                        .unwrap_or_else(|| quad_point(a, c, b, t))
                }
            };
            support_move(low, me, target, colour, o.outcome);
        }
        Order::Convoy { .. } => {
            // Drawn as a ring round the fleet on the convoy's route (see `convoys`).
        }
        Order::Build { at, unit_kind } => {
            let pos = ctx.anchor(at, &context("build"))?;
            build(high, pos, unit_kind, colour, o.outcome);
        }
        Order::Disband { unit } => {
            let at = own_at(unit, false, "disband")?;
            disband(high, at, o.outcome);
        }
        Order::Marked { unit, key, marks } => {
            let origin = vocabulary::Origin {
                unit: Some(unit),
                own,
            };
            let what = key.as_deref().unwrap_or("marked");
            vocabulary::draw(
                ctx,
                &origin,
                marks,
                o.outcome,
                [low, mid, high],
                &context(what),
            )?;
        }
    }
    Ok(())
}

/// How far a mark of radius `r` reaches from its centre, by outcome.
fn mark_half(r: f32, outcome: Outcome) -> f32 {
    match outcome {
        Outcome::Failed => r + 2.75,
        _ => 8.3,
    }
}

/// Draws the outcome marks, each at the first of its spots that covers no other order's
/// arrowhead, else no unit or earlier mark, else no other line; records each in `fig`.
pub(super) fn place_marks(
    scene: &Scene,
    pending: Vec<Pending>,
    fig: &mut super::figure::Figure,
) -> String {
    let mut out = String::new();
    if pending.is_empty() {
        return out;
    }
    out += "<g id=\"outcome-marks\">\n";
    for p in pending {
        let half = match p.label {
            Some(_) => 8.0,
            None => mark_half(p.r, p.outcome),
        };
        let score = |at: Point| {
            let m = MarkShape::boxed(MarkKind::Outcome, at, half);
            let heads = fig
                .heads
                .iter()
                .filter(|h| h.order != p.order && m.covers(h))
                .count();
            let units = fig
                .units
                .iter()
                .filter(|u| u.touches_disc(at, half))
                .count();
            let marks = fig
                .marks
                .iter()
                .filter(|o| o.kind != MarkKind::Ring && o.bounds.intersects(&m.bounds))
                .count();
            let lines = fig
                .arrows
                .iter()
                .filter(|a| a.order != p.order && crosses_box(a, &m.bounds))
                .count();
            heads * 1000 + (units + marks) * 10 + lines
        };
        let best = |spots: &mut dyn Iterator<Item = Point>| {
            spots
                .enumerate()
                .min_by_key(|(k, at)| (score(*at), *k))
                .map(|(_, at)| at)
        };
        let Some(mut at) = best(&mut p.spots.iter().copied()) else {
            continue;
        };
        if score(at) >= 1000 {
            // Every spot on its line covers another order's arrowhead (moves between
            // neighbours, a head-to-head pair): a spot just beside one, still touching its
            // line, where it covers fewest.
            let spares = [6.0f32, 9.0, 12.0].into_iter().flat_map(|d| {
                p.spots.iter().flat_map(move |s| {
                    (0..8).map(move |k| {
                        let a = k as f32 * std::f32::consts::FRAC_PI_4;
                        (s.0 + d * a.cos(), s.1 + d * a.sin())
                    })
                })
            });
            if let Some(spare) = best(&mut spares.into_iter()) {
                if score(spare) < score(at) {
                    at = spare;
                }
            }
        }
        // Named as its order's own group is, so that what an order drew can be found again.
        if let Some(o) = p.order.and_then(|i| scene.orders.get(i)) {
            let (kind, unit) = order_name(&o.order);
            let _ = write!(
                out,
                "<g class=\"order-{kind}-mark\" data-unit=\"{}\">",
                super::esc(&unit.to_string())
            );
        } else {
            out += "<g>";
        }
        let kind = match &p.label {
            Some((text, colour)) => {
                let _ = writeln!(
                    out,
                    "<g class=\"mark-label\"><circle cx=\"{x}\" cy=\"{y}\" r=\"7\" fill=\"#ffffff\" stroke=\"{}\" stroke-width=\"2\"/>\
                     <text x=\"{x}\" y=\"{}\" font-size=\"10\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"{INK}\">{}</text></g>",
                    colour.hex(),
                    f(at.1 + 3.6),
                    super::esc(text),
                    x = f(at.0),
                    y = f(at.1)
                );
                MarkKind::Badge
            }
            None => {
                match p.outcome {
                    Outcome::Succeeded => {}
                    Outcome::Failed => cross(&mut out, at, p.r),
                    Outcome::Illegal => no_entry(&mut out, at, false),
                    Outcome::Void => no_entry(&mut out, at, true),
                }
                MarkKind::Outcome
            }
        };
        out += "</g>\n";
        let mut m = MarkShape::boxed(kind, at, half);
        m.order = p.order;
        fig.marks.push(m);
    }
    out += "</g>\n";
    out
}

fn crosses_box(a: &ArrowShape, b: &crate::outline::Bounds) -> bool {
    let g = b.grow(a.half);
    a.line.windows(2).any(|w| {
        let mid = mid_point(w[0], w[1]);
        [w[0], mid, w[1]]
            .iter()
            .any(|p| g.x0 <= p.0 && p.0 <= g.x1 && g.y0 <= p.1 && p.1 <= g.y1)
    })
}

/// The "+" badge of a new unit, up and to the right of `pos`.
fn plus_badge(out: &mut Pen, pos: Point) {
    let (bx, by) = (pos.0 + 15.0, pos.1 - 15.0);
    out.fig
        .marks
        .push(MarkShape::boxed(MarkKind::Badge, (bx, by), 7.75));
    let _ = writeln!(
        out,
        "<circle cx=\"{x}\" cy=\"{y}\" r=\"7\" fill=\"#ffffff\" stroke=\"{INK}\" stroke-width=\"1.5\"/>\
         <path d=\"M{} {y}H{}M{x} {}V{}\" stroke=\"{INK}\" stroke-width=\"2.2\"/>",
        f(bx - 4.0),
        f(bx + 4.0),
        f(by - 4.0),
        f(by + 4.0),
        x = f(bx),
        y = f(by)
    );
}

/// A hold: an octagon round the unit at `at`.
fn hold(out: &mut Pen, at: Point, colour: Rgb, outcome: Outcome) {
    let line = styled(
        Line {
            dash: None,
            width: 3.2,
            colour,
            casing: 5.6,
            cap: "round",
        },
        outcome,
    );
    octagon(out, at, 17.5, &line);
    out.fig
        .marks
        .push(MarkShape::ring(at, 17.5, line.casing.max(line.width) / 2.0));
    outcome_mark(out, corners(at, 14.0, -14.0), 4.5, outcome);
}

/// A support to hold: a dashed line from the supporter at `from` ending in a ring round the
/// held unit at `at`.
fn support_hold(out: &mut Pen, from: Point, at: Point, colour: Rgb, outcome: Outcome) {
    let line = styled(
        Line {
            dash: Some("7 4.5"),
            width: 2.6,
            colour,
            casing: 4.6,
            cap: "butt",
        },
        outcome,
    );
    arrow(out, from, at, 0.0, (UNIT_RADIUS, 18.0), &line, Head::None);
    let ring = Line { dash: None, ..line };
    let _ = writeln!(
        out,
        "<circle cx=\"{}\" cy=\"{}\" r=\"17.5\" fill=\"none\" stroke=\"{INK}\" stroke-width=\"{}\"/>\
         <circle cx=\"{}\" cy=\"{}\" r=\"17.5\" fill=\"none\" stroke=\"{}\" stroke-width=\"{}\"/>",
        f(at.0),
        f(at.1),
        f(ring.casing),
        f(at.0),
        f(at.1),
        ring.colour.hex(),
        f(ring.width)
    );
    out.fig
        .marks
        .push(MarkShape::ring(at, 17.5, ring.casing.max(ring.width) / 2.0));
    outcome_mark(out, along(from, mid_point(from, at), at, 0.5), 5.0, outcome);
}

/// A move that a support names but the scene does not draw, sketched as a thin dashed arrow.
fn ghost_move(out: &mut Pen, a: Point, b: Point, bend: f32, colour: Rgb, gaps: (f32, f32)) {
    arrow_exact(out, a, b, bend, gaps, &ghost_line(colour), Head::Open);
}

/// The thin dashed line of a sketched move.
fn ghost_line(colour: Rgb) -> Line {
    Line {
        dash: Some("3 3"),
        width: 1.6,
        colour: colour.mix(Rgb::WHITE, 0.2),
        casing: 0.0,
        cap: "butt",
    }
}

/// A support to move: a dashed line from the unit at `me` ending in a dot at `target`, a
/// point on the helped move.
fn support_move(out: &mut Pen, me: Point, target: Point, colour: Rgb, outcome: Outcome) {
    let line = styled(
        Line {
            dash: Some("7 4.5"),
            width: 2.6,
            colour,
            casing: 4.6,
            cap: "butt",
        },
        outcome,
    );
    let gaps = (UNIT_RADIUS, 4.0);
    let bend = clear_bend(out.avoid, me, target, 0.0, gaps, &line, Head::None);
    let over = units_crossed(out.avoid, me, target, bend, gaps, &line, Head::None);
    // No single bend takes it round the units on its way: through bend points beside them,
    // as a long move goes (see `move_way`).
    let path = match over {
        0 => None,
        _ => Some(detour(&out.avoid.units, &[me, target]))
            .filter(|p| p.len() > 2 && route_crossings(&out.avoid.units, p, &[me, target]) < over),
    };
    let spots = match &path {
        Some(p) => {
            route_line(out, &[me, target], p, &line, Head::None, gaps);
            let pts = spline_points(p);
            [50, 40, 60, 30, 70]
                .map(|k| pts[(pts.len() * k / 100).min(pts.len() - 1)])
                .to_vec()
        }
        None => {
            arrow_exact(out, me, target, bend, gaps, &line, Head::None);
            along(me, bend_control(me, target, bend), target, 0.5)
        }
    };
    let _ = writeln!(
        out,
        "<circle cx=\"{}\" cy=\"{}\" r=\"4.5\" fill=\"{}\" stroke=\"{INK}\" stroke-width=\"2\"/>",
        f(target.0),
        f(target.1),
        line.colour.hex(),
    );
    out.fig
        .marks
        .push(MarkShape::boxed(MarkKind::Badge, target, 5.5));
    outcome_mark(out, spots, 5.0, outcome);
}

/// Where the support `index` of the unit at `me` puts its dot among `spots` (best first): the
/// first on no other order's arrowhead that the support's line reaches over no unit, else the
/// one covering fewest heads, then crossing fewest units.
fn dot_spot(
    ctx: &Ctx,
    index: usize,
    me: Point,
    spots: impl IntoIterator<Item = Point>,
) -> Option<Point> {
    let covered = |p: Point| {
        let m = MarkShape::boxed(MarkKind::Badge, p, 5.5);
        ctx.avoid
            .heads
            .iter()
            .filter(|h| h.order != Some(index) && m.covers(h))
            .count()
    };
    let mut best: Option<((usize, usize), Point)> = None;
    for p in spots {
        let heads = covered(p);
        if best.is_some_and(|(b, _)| b.0 < heads) {
            continue;
        }
        let score = (heads, support_crossings(ctx, me, p));
        if best.is_none_or(|(b, _)| score < b) {
            best = Some((score, p));
        }
        if score == (0, 0) {
            break;
        }
    }
    best.map(|(_, p)| p)
}

/// A line from `a` to `b` (a dislodged unit's retreat option) bent as little as it can be
/// from `bend` to pass no unit symbol it does not join, or, where no single bend does, drawn
/// smoothly through bend points beside them, as a move is.
pub(super) fn line_round(
    out: &mut Pen,
    a: Point,
    b: Point,
    bend: f32,
    gaps: (f32, f32),
    line: &Line,
    head: Head,
) {
    let bend = clear_bend(out.avoid, a, b, bend, gaps, line, head);
    let over = units_crossed(out.avoid, a, b, bend, gaps, line, head);
    let path = match over {
        0 => None,
        _ => Some(detour(&out.avoid.units, &[a, b]))
            .filter(|p| p.len() > 2 && route_crossings(&out.avoid.units, p, &[a, b]) < over),
    };
    match path {
        Some(p) => {
            route_line(out, &[a, b], &p, line, head, gaps);
        }
        None => {
            arrow_exact(out, a, b, bend, gaps, line, head);
        }
    }
}

/// How many units a support's line from `me` to a dot at `target` runs over, drawn as
/// [`support_move`] draws it (its clearest bend).
fn support_crossings(ctx: &Ctx, me: Point, target: Point) -> usize {
    let line = Line {
        dash: Some("7 4.5"),
        width: 2.6,
        colour: Rgb::WHITE,
        casing: 4.6,
        cap: "butt",
    };
    let gaps = (UNIT_RADIUS, 4.0);
    let bend = clear_bend(&ctx.avoid, me, target, 0.0, gaps, &line, Head::None);
    units_crossed(&ctx.avoid, me, target, bend, gaps, &line, Head::None)
}

/// A build: the new unit at `pos` in a dashed ring, with a "+" badge.
fn build(out: &mut Pen, pos: Point, unit_kind: &UnitKind, colour: Rgb, outcome: Outcome) {
    let ring_colour = if outcome == Outcome::Succeeded {
        colour
    } else {
        colour.mix(Rgb::WHITE, 0.55)
    };
    let dash = if outcome == Outcome::Illegal {
        ILLEGAL
    } else {
        INK
    };
    let _ = writeln!(
        out,
        "<circle cx=\"{x}\" cy=\"{y}\" r=\"19\" fill=\"#ffffff\" fill-opacity=\"0.6\" stroke=\"{dash}\" stroke-width=\"4.4\" stroke-dasharray=\"5 3\"/>\
         <circle cx=\"{x}\" cy=\"{y}\" r=\"19\" fill=\"none\" stroke=\"{}\" stroke-width=\"2.4\" stroke-dasharray=\"5 3\"/>",
        ring_colour.hex(),
        x = f(pos.0),
        y = f(pos.1)
    );
    out.fig.marks.push(MarkShape::ring(pos, 19.0, 2.2));
    unit_symbol(out, unit_kind, pos, ring_colour, 1.0);
    // A "+" badge says this unit is new.
    plus_badge(out, pos);
    outcome_mark(out, corners(pos, -15.0, -15.0), 4.5, outcome);
}

/// A disband: a red ring struck through over the unit at `at`, leaving the unit visible.
fn disband(out: &mut Pen, at: Point, outcome: Outcome) {
    let (ring, width) = match outcome {
        Outcome::Succeeded => (CROSS.to_string(), 3.2),
        Outcome::Failed | Outcome::Void => (CROSS_RGB.mix(Rgb::WHITE, 0.5).hex(), 2.6),
        Outcome::Illegal => (ILLEGAL.to_string(), 2.6),
    };
    let dash = if outcome == Outcome::Illegal {
        " stroke-dasharray=\"0.1 5\" stroke-linecap=\"round\""
    } else {
        ""
    };
    let r = 17.0;
    let k = r * std::f32::consts::FRAC_1_SQRT_2;
    out.fig
        .marks
        .push(MarkShape::ring(at, r, (width + 2.4) / 2.0));
    let _ = writeln!(
        out,
        "<g fill=\"none\"{dash}><circle cx=\"{x}\" cy=\"{y}\" r=\"{r}\" stroke=\"#ffffff\" stroke-width=\"{}\"/>\
         <path d=\"M{} {}L{} {}\" stroke=\"#ffffff\" stroke-width=\"{}\"/>\
         <circle cx=\"{x}\" cy=\"{y}\" r=\"{r}\" stroke=\"{ring}\" stroke-width=\"{}\"/>\
         <path d=\"M{} {}L{} {}\" stroke=\"{ring}\" stroke-width=\"{}\"/></g>",
        f(width + 2.4),
        f(at.0 - k),
        f(at.1 - k),
        f(at.0 + k),
        f(at.1 + k),
        f(width + 2.4),
        f(width),
        f(at.0 - k),
        f(at.1 - k),
        f(at.0 + k),
        f(at.1 + k),
        f(width),
        x = f(at.0),
        y = f(at.1)
    );
    if matches!(outcome, Outcome::Illegal | Outcome::Void) {
        outcome_mark(out, corners(at, 15.0, -15.0), 4.5, outcome);
    }
}

/// A move or retreat: a solid arrow; hollow with a cross when it failed.
#[allow(clippy::too_many_arguments)]
fn move_arrow(
    out: &mut Pen,
    from: Point,
    to: Point,
    bend: f32,
    colour: Rgb,
    outcome: Outcome,
    (start, end): (f32, f32),
) {
    match outcome {
        Outcome::Succeeded => {
            let line = Line {
                dash: None,
                width: 3.6,
                colour,
                casing: 6.4,
                cap: "round",
            };
            arrow_exact(out, from, to, bend, (start, end), &line, Head::Solid);
        }
        Outcome::Failed | Outcome::Void => {
            // Hollow: a coloured edge round a white core, and a cross.
            let edge = Line {
                dash: None,
                width: 6.0,
                colour,
                casing: 7.8,
                cap: "round",
            };
            let Curve { c, .. } =
                arrow_exact(out, from, to, bend, (start, end), &edge, Head::Hollow);
            let core = Line {
                dash: None,
                width: 2.2,
                colour: Rgb::WHITE,
                casing: 0.0,
                cap: "round",
            };
            let (head_len, _) = head_size(edge.width);
            arrow_exact(
                out,
                from,
                to,
                bend,
                (start + 1.5, end + head_len + 1.0),
                &core,
                Head::None,
            );
            // The core lies inside the edge: one arrow on the map, so one shape in the
            // figure (the edge's, the wider), not two that each count the same crossing.
            out.fig.arrows.pop();
            outcome_mark(out, along(from, c, to, 0.55), 5.5, outcome);
        }
        Outcome::Illegal => {
            let line = styled(
                Line {
                    dash: None,
                    width: 3.0,
                    colour,
                    casing: 0.0,
                    cap: "round",
                },
                outcome,
            );
            let Curve { c, .. } = arrow_exact(out, from, to, bend, (start, end), &line, Head::Open);
            outcome_mark(out, along(from, c, to, 0.5), 5.0, outcome);
        }
    }
}
