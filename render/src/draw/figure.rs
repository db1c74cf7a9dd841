//! The overlay as geometry: where each unit symbol, arrow, arrowhead and order mark is drawn,
//! recorded while it is drawn, so that arrows can be routed round units, marks kept off
//! arrowheads, and tests can measure what would hide what (see `crate::figure`).

use std::fmt;

use crate::art::Point;
use crate::outline::Bounds;
use crate::scene::UnitKind;

/// A unit symbol as drawn: its box, and for a round symbol (an army) its radius.
#[derive(Debug, Clone, PartialEq)]
pub struct UnitShape {
    pub province: String,
    pub power: String,
    /// Where the symbol is centred.
    pub at: Point,
    /// The box round the symbol's outline.
    pub bounds: Bounds,
    /// For a disc, its radius (the box is then its square).
    pub radius: Option<f32>,
    /// Drawn as a dislodged unit (smaller, in its ring).
    pub dislodged: bool,
}

impl UnitShape {
    /// The shape of a `kind` symbol drawn at `at` at `scale`.
    pub(crate) fn of(kind: &UnitKind, at: Point, scale: f32) -> (Bounds, Option<f32>) {
        // Half the outline's stroke (1.7) beyond each path.
        let e = 0.85;
        let (x0, y0, x1, y1, round) = match kind {
            UnitKind::Army => (-12.5, -12.5, 12.5, 12.5, Some(12.5 + e)),
            UnitKind::Fleet => (-17.5, -7.5, 17.5, 8.5, None),
            UnitKind::RiverFlotilla => (-17.0, -13.5, 17.0, 13.5, None),
            UnitKind::ArmyFleet => (-17.5, -18.25, 17.5, 13.5, None),
            UnitKind::Other(_) => (-15.0, -12.0, 15.0, 12.0, None),
        };
        (
            Bounds {
                x0: at.0 + (x0 - e) * scale,
                y0: at.1 + (y0 - e) * scale,
                x1: at.0 + (x1 + e) * scale,
                y1: at.1 + (y1 + e) * scale,
            },
            round.map(|r| r * scale),
        )
    }

    /// Whether the two symbols share any area (more than a hair).
    pub fn overlaps(&self, o: &UnitShape) -> bool {
        match (self.radius, o.radius) {
            (Some(a), Some(b)) => dist(self.at, o.at) < a + b - 0.5,
            (Some(r), None) => box_distance(&o.bounds, self.at) < r - 0.5,
            (None, Some(r)) => box_distance(&self.bounds, o.at) < r - 0.5,
            (None, None) => shrink(&self.bounds).intersects(&shrink(&o.bounds)),
        }
    }

    /// Whether a disc of radius `r` at `c` reaches into the symbol.
    pub fn touches_disc(&self, c: Point, r: f32) -> bool {
        match self.radius {
            Some(own) => dist(self.at, c) < own + r,
            None => box_distance(&self.bounds, c) < r,
        }
    }

    /// Whether the segment from `a` to `b`, stroked `half` to each side, crosses the symbol.
    pub fn crossed_by(&self, a: Point, b: Point, half: f32) -> bool {
        match self.radius {
            Some(r) => segment_distance(self.at, a, b) < r + half,
            None => segment_hits_box(&self.bounds.grow(half), a, b),
        }
    }
}

fn shrink(b: &Bounds) -> Bounds {
    b.grow(-0.25)
}

pub(crate) fn dist(a: Point, b: Point) -> f32 {
    (a.0 - b.0).hypot(a.1 - b.1)
}

/// How far `p` is from the box (0 inside it).
fn box_distance(b: &Bounds, p: Point) -> f32 {
    let dx = (b.x0 - p.0).max(p.0 - b.x1).max(0.0);
    let dy = (b.y0 - p.1).max(p.1 - b.y1).max(0.0);
    dx.hypot(dy)
}

/// How far `p` is from the segment `a`-`b`.
pub(crate) fn segment_distance(p: Point, a: Point, b: Point) -> f32 {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let l2 = dx * dx + dy * dy;
    let t = if l2 < 1e-6 {
        0.0
    } else {
        (((p.0 - a.0) * dx + (p.1 - a.1) * dy) / l2).clamp(0.0, 1.0)
    };
    dist(p, (a.0 + dx * t, a.1 + dy * t))
}

fn segment_hits_box(b: &Bounds, a: Point, c: Point) -> bool {
    let inside = |p: Point| b.x0 < p.0 && p.0 < b.x1 && b.y0 < p.1 && p.1 < b.y1;
    if inside(a) || inside(c) {
        return true;
    }
    // Clip the segment to the box (Liang-Barsky).
    let (dx, dy) = (c.0 - a.0, c.1 - a.1);
    let (mut t0, mut t1) = (0.0f32, 1.0f32);
    for (p, q) in [
        (-dx, a.0 - b.x0),
        (dx, b.x1 - a.0),
        (-dy, a.1 - b.y0),
        (dy, b.y1 - a.1),
    ] {
        if p.abs() < 1e-9 {
            if q < 0.0 {
                return false;
            }
        } else {
            let r = q / p;
            if p < 0.0 {
                t0 = t0.max(r);
            } else {
                t1 = t1.min(r);
            }
        }
    }
    t0 < t1
}

/// An arrow's or line's shaft as drawn: a polyline along its curve, and the points it is
/// meant to touch (its unit, its destination, a convoy's fleets), where a unit may stand.
#[derive(Debug, Clone, PartialEq)]
pub struct ArrowShape {
    /// The scene's order it belongs to, if any (a dislodged unit's retreat options have none).
    pub order: Option<usize>,
    pub line: Vec<Point>,
    /// Half the width of its widest stroke.
    pub half: f32,
    /// Where its own unit and its goal are drawn: units there are what it joins.
    pub ends: Vec<Point>,
}

/// How near one of an arrow's ends a unit's centre stands for the arrow to be joining it.
pub const END_REACH: f32 = 12.0;

impl ArrowShape {
    /// Whether the arrow runs over `unit`, a unit it does not join.
    pub fn crosses(&self, unit: &UnitShape) -> bool {
        if self.ends.iter().any(|e| dist(*e, unit.at) < END_REACH) {
            return false;
        }
        self.line
            .windows(2)
            .any(|w| unit.crossed_by(w[0], w[1], self.half))
    }
}

/// An arrowhead as drawn: its triangle.
#[derive(Debug, Clone, PartialEq)]
pub struct HeadShape {
    pub order: Option<usize>,
    pub points: [Point; 3],
    pub bounds: Bounds,
    /// The places the arrow leaves and goes to, when they stand too close for the head to
    /// fit between the edge of its own unit (or a ring round it) and the rings round its
    /// goal (see [`Figure::squeezed`]).
    pub squeezed: Option<(Point, Point)>,
}

/// What an order's mark is, for messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MarkKind {
    /// A failed order's cross, an illegal or void order's "no entry" sign.
    Outcome,
    /// A ring round a unit or place: hold, support to hold, convoy, build, a variant's ring mark.
    Ring,
    /// A small badge or dot: a support's dot, a glyph on a disc ("+", a rank, "?"), a ruled
    /// retreat's square.
    Badge,
}

/// A mark an order draws, as a box or as a ring.
#[derive(Debug, Clone, PartialEq)]
pub struct MarkShape {
    pub order: Option<usize>,
    pub kind: MarkKind,
    pub bounds: Bounds,
    /// For a ring: its centre, radius and half its stroke; only the stroke covers anything.
    pub ring: Option<(Point, f32, f32)>,
}

impl MarkShape {
    pub(crate) fn boxed(kind: MarkKind, at: Point, half: f32) -> Self {
        MarkShape {
            order: None,
            kind,
            bounds: Bounds {
                x0: at.0 - half,
                y0: at.1 - half,
                x1: at.0 + half,
                y1: at.1 + half,
            },
            ring: None,
        }
    }

    pub(crate) fn ring(at: Point, r: f32, half: f32) -> Self {
        let mut m = MarkShape::boxed(MarkKind::Ring, at, r + half);
        m.ring = Some((at, r, half));
        m
    }

    /// Whether the mark covers any part of the arrowhead.
    pub fn covers(&self, head: &HeadShape) -> bool {
        if !self.bounds.intersects(&head.bounds) {
            return false;
        }
        match self.ring {
            None => triangle_hits_box(&head.points, &self.bounds),
            Some((c, r, half)) => {
                // The ring's stroke reaches the triangle if the triangle comes within its
                // outer edge and does not lie wholly inside its inner edge.
                let near = triangle_distance(&head.points, c);
                let far = head
                    .points
                    .iter()
                    .map(|p| dist(*p, c))
                    .fold(0.0f32, f32::max);
                near < r + half && far > r - half
            }
        }
    }
}

fn triangle_distance(t: &[Point; 3], p: Point) -> f32 {
    if in_triangle(t, p) {
        return 0.0;
    }
    (0..3)
        .map(|i| segment_distance(p, t[i], t[(i + 1) % 3]))
        .fold(f32::MAX, f32::min)
}

fn in_triangle(t: &[Point; 3], p: Point) -> bool {
    let s = |a: Point, b: Point| (b.0 - a.0) * (p.1 - a.1) - (b.1 - a.1) * (p.0 - a.0);
    let (d1, d2, d3) = (s(t[0], t[1]), s(t[1], t[2]), s(t[2], t[0]));
    let neg = d1 < 0.0 || d2 < 0.0 || d3 < 0.0;
    let pos = d1 > 0.0 || d2 > 0.0 || d3 > 0.0;
    !(neg && pos)
}

fn triangle_hits_box(t: &[Point; 3], b: &Bounds) -> bool {
    let b = b.grow(-0.25);
    if b.corners().iter().any(|c| in_triangle(t, *c)) {
        return true;
    }
    (0..3).any(|i| segment_hits_box(&b, t[i], t[(i + 1) % 3]))
}

/// Everything of an overlay's geometry that can hide something else.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Figure {
    /// Every unit of the scene, standing or dislodged, where it is drawn.
    pub units: Vec<UnitShape>,
    pub arrows: Vec<ArrowShape>,
    pub heads: Vec<HeadShape>,
    pub marks: Vec<MarkShape>,
}

impl Figure {
    /// The figure's parts drawn for the scene's order `order` (or for none).
    pub(super) fn tag(&mut self, order: Option<usize>) {
        for a in &mut self.arrows {
            a.order = order;
        }
        for h in &mut self.heads {
            h.order = order;
        }
        for m in &mut self.marks {
            m.order = order;
        }
    }

    pub(super) fn append(&mut self, mut o: Figure) {
        self.units.append(&mut o.units);
        self.arrows.append(&mut o.arrows);
        self.heads.append(&mut o.heads);
        self.marks.append(&mut o.marks);
    }

    /// What a player would see hidden: a unit on another, an arrow over a unit it does not
    /// join, a mark on another order's arrowhead; one sentence each.
    pub fn problems(&self) -> Vec<String> {
        let mut out = Vec::new();
        for (i, u) in self.units.iter().enumerate() {
            for o in &self.units[i + 1..] {
                if u.overlaps(o) {
                    out.push(format!(
                        "{} unit in {} ({:?}) on {} unit in {} ({:?})",
                        u.power, u.province, u.at, o.power, o.province, o.at
                    ));
                }
            }
        }
        for a in &self.arrows {
            for u in self.units.iter().filter(|u| a.crosses(u)) {
                out.push(format!(
                    "arrow of order {:?} joining {:?} crosses {} unit in {} ({:?})",
                    a.order, a.ends, u.power, u.province, u.at
                ));
            }
        }
        for m in &self.marks {
            for h in self
                .heads
                .iter()
                .filter(|h| h.order != m.order && m.covers(h) && !m.rings_goal_of(h))
            {
                out.push(format!(
                    "{:?} mark of order {:?} at {:?} covers the arrowhead of order {:?} at {:?}",
                    m.kind,
                    m.order,
                    m.bounds.centre(),
                    h.order,
                    h.points[1]
                ));
            }
        }
        out
    }
}

impl Figure {
    /// The rings a head cannot keep off, one sentence each: a move between two places so
    /// close that no arrowhead fits between the edge of the unit it leaves (or the ring round
    /// it) and the ring round the unit it goes to (a hold, a support to hold, a convoy), so
    /// its head lies on one of those rings whatever way the arrow bends. Not in [`Figure::problems`]: no drawing at
    /// these sizes avoids it.
    pub fn squeezed(&self) -> Vec<String> {
        let mut out = Vec::new();
        for m in &self.marks {
            for h in self
                .heads
                .iter()
                .filter(|h| h.order != m.order && m.covers(h) && m.rings_goal_of(h))
            {
                out.push(format!(
                    "ring of order {:?} at {:?} round an end of the short arrow of order {:?}",
                    m.order,
                    m.bounds.centre(),
                    h.order
                ));
            }
        }
        out
    }
}

impl MarkShape {
    /// Whether the mark is a ring round either end of a squeezed head (see
    /// [`HeadShape::squeezed`]).
    fn rings_goal_of(&self, head: &HeadShape) -> bool {
        match (self.ring, head.squeezed) {
            (Some((c, r, half)), Some((from, goal))) => {
                dist(c, goal) < r + half || dist(c, from) < END_REACH
            }
            _ => false,
        }
    }
}

/// What an arrow keeps clear of: every unit's symbol, and the rings the scene's orders draw
/// round units (holds, supports to hold, convoys, acts, disbands), known before any is drawn.
#[derive(Default)]
pub(super) struct Avoid {
    pub(super) units: Vec<UnitShape>,
    /// Each ring's centre, radius and half its stroke.
    pub(super) rings: Vec<(Point, f32, f32)>,
    /// The arrowheads the orders draw, from a first drawing, for the marks drawn on lines
    /// (a support's dot) to keep off.
    pub(super) heads: Vec<HeadShape>,
}

/// Nothing to keep clear of (the key's small drawings).
pub(super) static NOTHING: Avoid = Avoid {
    units: Vec::new(),
    rings: Vec::new(),
    heads: Vec::new(),
};

/// Where a stage draws: the SVG text and the geometry of what it drew.
pub(super) struct Pen<'a> {
    pub(super) svg: String,
    pub(super) fig: Figure,
    /// The unit symbols its arrows go round, and the rings its arrowheads keep off.
    pub(super) avoid: &'a Avoid,
    /// Outcome marks still to be placed, each with the spots it may take, best first; placed
    /// once every arrowhead is known (see `super::orders::place_marks`).
    pub(super) pending: Vec<Pending>,
}

/// An outcome mark (or an arrow's label) waiting for its spot.
pub(super) struct Pending {
    pub(super) order: Option<usize>,
    pub(super) spots: Vec<Point>,
    pub(super) r: f32,
    pub(super) outcome: crate::scene::Outcome,
    /// A label along an arrow (a retreat list's rank), written on a disc ringed in this
    /// colour, instead of an outcome sign.
    pub(super) label: Option<(String, crate::palette::Rgb)>,
}

impl<'a> Pen<'a> {
    pub(super) fn new(avoid: &'a Avoid) -> Self {
        Pen {
            svg: String::new(),
            fig: Figure::default(),
            avoid,
            pending: Vec::new(),
        }
    }

    /// Takes in what `own` drew for the scene's order `order`: its text, shapes and marks.
    pub(super) fn absorb(&mut self, mut own: Pen, order: Option<usize>) {
        self.svg += &own.svg;
        own.fig.tag(order);
        self.fig.append(own.fig);
        for mut p in own.pending {
            p.order = order;
            self.pending.push(p);
        }
    }
}

impl fmt::Write for Pen<'_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.svg.push_str(s);
        Ok(())
    }
}
