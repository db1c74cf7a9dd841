//! The label placement pass: puts each province's name where nothing the overlay draws covers it.
//!
//! The obstacles are read from the finished overlay itself (the usvg tree the render parses
//! anyway), not registered by the stages that draw them: every visible path, text and image
//! is one, outside the groups named in [`BACKGROUND`]. So a mark added to any stage later is
//! avoided without touching this file. The art's own fixed text (coast names, rivers, titles)
//! is an obstacle too, and so is every label already placed.
//!
//! Each label first tries the art's spot, then spots near it inside its own province, nearest
//! first; where none is free it sits on a small opaque plate at the nearest spot that covers
//! no other label. Obstacles sit in a coarse grid, so a test costs a few shape checks.

use std::sync::OnceLock;

use resvg::tiny_skia::{self, PathSegment, Pixmap, Transform};
use resvg::usvg;

use crate::art::{inside, MapArt, Point};

/// Overlay groups (by id) that are backgrounds rather than marks: a label may sit on them.
/// The shading stage's hatch fills whole provinces, under everything else.
pub const BACKGROUND: &[&str] = &["shading"];

/// How far a label keeps from anything it must not touch (art units).
const CLEARANCE: f32 = 1.0;
/// How far from the art's spot a label may move (art units), and in what steps.
const REACH: i32 = 60;
const STEP: i32 = 3;
/// How far from the art's spot a plate may go (art units, sideways).
const PLATE_REACH: i32 = 30;
/// Grid cell size (art units).
const CELL: f32 = 40.0;
/// The plate's margin round the text's halo, and its colours.
const PLATE_MARGIN: f32 = 1.0;
const PLATE_FILL: &str = "#fbf8ee";
const PLATE_EDGE: &str = "#6b6b6b";

/// An axis-aligned box in the art's coordinates.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Bounds {
    pub x0: f32,
    pub y0: f32,
    pub x1: f32,
    pub y1: f32,
}

impl Bounds {
    /// Whether the two boxes share any area.
    pub fn intersects(&self, o: &Bounds) -> bool {
        self.x0 < o.x1 && o.x0 < self.x1 && self.y0 < o.y1 && o.y0 < self.y1
    }

    pub fn centre(&self) -> Point {
        ((self.x0 + self.x1) / 2.0, (self.y0 + self.y1) / 2.0)
    }

    pub fn corners(&self) -> [Point; 4] {
        [
            (self.x0, self.y0),
            (self.x1, self.y0),
            (self.x0, self.y1),
            (self.x1, self.y1),
        ]
    }

    fn grow(&self, d: f32) -> Bounds {
        Bounds {
            x0: self.x0 - d,
            y0: self.y0 - d,
            x1: self.x1 + d,
            y1: self.y1 + d,
        }
    }

    pub(crate) fn shift(&self, (dx, dy): Point) -> Bounds {
        Bounds {
            x0: self.x0 + dx,
            y0: self.y0 + dy,
            x1: self.x1 + dx,
            y1: self.y1 + dy,
        }
    }

    fn around(points: impl Iterator<Item = Point>, pad: f32) -> Option<Bounds> {
        let mut b: Option<Bounds> = None;
        for (x, y) in points {
            let e = b.get_or_insert(Bounds {
                x0: x,
                y0: y,
                x1: x,
                y1: y,
            });
            e.x0 = e.x0.min(x);
            e.y0 = e.y0.min(y);
            e.x1 = e.x1.max(x);
            e.y1 = e.y1.max(y);
        }
        b.map(|b| b.grow(pad))
    }
}

/// What an obstacle is, for a test's messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ObstacleKind {
    /// Anything the overlay draws: centres, units, orders and their marks, the legend.
    Mark,
    /// Text the art keeps in place (coast names, rivers, titles).
    ArtText,
    /// A province label already placed.
    Label,
}

#[derive(Debug, Clone)]
enum Shape {
    Rect,
    /// Polylines stroked `half` to each side.
    Stroke {
        lines: Vec<Vec<Point>>,
        half: f32,
    },
    /// Closed rings filled (even-odd) and stroked `pad` round their edge.
    Fill {
        rings: Vec<Vec<Point>>,
        pad: f32,
    },
}

/// Something a label must not overlap, with its real outline (a thin diagonal arrow does not
/// block its whole bounding box).
#[derive(Debug, Clone)]
pub struct Obstacle {
    pub kind: ObstacleKind,
    /// The box round the whole shape.
    pub bounds: Bounds,
    shape: Shape,
}

impl Obstacle {
    /// Whether the shape reaches into the box.
    pub fn covers(&self, b: &Bounds) -> bool {
        if !self.bounds.intersects(b) {
            return false;
        }
        match &self.shape {
            Shape::Rect => true,
            Shape::Stroke { lines, half } => {
                let g = b.grow(*half);
                lines.iter().any(|l| match l.as_slice() {
                    [p] => g.x0 <= p.0 && p.0 <= g.x1 && g.y0 <= p.1 && p.1 <= g.y1,
                    _ => l.windows(2).any(|w| segment_hits(&g, w[0], w[1])),
                })
            }
            Shape::Fill { rings, pad } => {
                let g = b.grow(*pad);
                rings
                    .iter()
                    .any(|r| r.windows(2).any(|w| segment_hits(&g, w[0], w[1])))
                    || inside(rings, g.centre())
            }
        }
    }
}

/// Where one province's label went.
#[derive(Debug, Clone)]
pub struct PlacedLabel {
    pub province: String,
    pub text: String,
    /// Where the text is drawn (the middle of its baseline).
    pub at: Point,
    /// The art's own spot for it.
    pub spot: Point,
    /// The drawn text with its halo (and plate, if any).
    pub bounds: Bounds,
    /// Whether it sits on an opaque plate, drawn over whatever is beneath.
    pub plated: bool,
}

/// The geometry of a rendered scene: where every province label went, and the obstacles they
/// were kept off. Tests measure overlaps from it; see [`crate::layout`].
#[derive(Debug, Clone)]
pub struct Layout {
    /// One per province label of the art, in the art's order.
    pub labels: Vec<PlacedLabel>,
    /// Everything the overlay draws and the art's fixed text.
    pub obstacles: Vec<Obstacle>,
}

/// How a label's box sits in its province, best first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Fit {
    /// The whole box is inside.
    Whole,
    /// Its centre is inside (its ends may reach over a coast or border).
    Centre,
    /// Beside a province too small to hold a unit and its label (an islet, an area drawn as
    /// a small circle), within [`BESIDE`] of its outline.
    Beside,
    /// Anywhere else: not a place for this label.
    Outside,
}

/// How near a label must be to a province too small to hold it.
pub const BESIDE: f32 = 12.0;

/// Whether a province is too small to hold a label of this size beside a unit: narrower or
/// lower than the label, or less than three times the area of the label and a unit token.
pub(crate) fn too_small(rings: &[Vec<Point>], label: &Bounds) -> bool {
    let Some(b) = Bounds::around(rings.iter().flatten().copied(), 0.0) else {
        return true;
    };
    let (w, h) = (b.x1 - b.x0, b.y1 - b.y0);
    let (lw, lh) = (label.x1 - label.x0, label.y1 - label.y0);
    w < lw || h < lh || w * h < 3.0 * (lw * lh + 28.0 * 28.0)
}

/// The box round a province's rings.
pub(crate) fn area(rings: &[Vec<Point>]) -> Bounds {
    Bounds::around(rings.iter().flatten().copied(), 0.0).unwrap_or(Bounds {
        x0: 0.0,
        y0: 0.0,
        x1: 0.0,
        y1: 0.0,
    })
}

/// How the box `b` sits in the province with these rings and this `area` (see [`area`];
/// `small`: see [`too_small`]).
pub(crate) fn fit(rings: &[Vec<Point>], area: &Bounds, small: bool, b: &Bounds) -> Fit {
    // Most spots tried lie well away from a province: the box round it settles those
    // without walking its outline.
    let near = if small { b.grow(BESIDE) } else { *b };
    if !near.intersects(area) {
        return Fit::Outside;
    }
    if inside(rings, b.centre()) {
        if b.corners().iter().all(|p| inside(rings, *p)) {
            return Fit::Whole;
        }
        return Fit::Centre;
    }
    if small {
        let g = b.grow(BESIDE);
        if rings
            .iter()
            .flatten()
            .any(|&(x, y)| g.x0 <= x && x <= g.x1 && g.y0 <= y && y <= g.y1)
        {
            return Fit::Beside;
        }
    }
    Fit::Outside
}

/// Liang-Barsky: whether the segment a-b passes through the box.
fn segment_hits(b: &Bounds, a: Point, c: Point) -> bool {
    let (dx, dy) = (c.0 - a.0, c.1 - a.1);
    let (mut t0, mut t1) = (0.0f32, 1.0f32);
    for (p, q) in [
        (-dx, a.0 - b.x0),
        (dx, b.x1 - a.0),
        (-dy, a.1 - b.y0),
        (dy, b.y1 - a.1),
    ] {
        if p == 0.0 {
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
            if t0 > t1 {
                return false;
            }
        }
    }
    true
}

fn map(t: &Transform, (x, y): Point) -> Point {
    let mut p = [tiny_skia::Point::from_xy(x, y)];
    t.map_points(&mut p);
    (p[0].x, p[0].y)
}

/// How much a transform scales lengths (the square root of its area scale).
fn scale(t: &Transform) -> f32 {
    (t.sx * t.sy - t.kx * t.ky).abs().sqrt()
}

/// A path's subpaths as polylines in art coordinates (curves in eight steps), and whether
/// each was closed.
fn flatten(path: &tiny_skia::Path, t: &Transform) -> Vec<Vec<Point>> {
    let mut out: Vec<Vec<Point>> = Vec::new();
    let mut cur: Vec<Point> = Vec::new();
    let mut last = (0.0, 0.0);
    let mut start = (0.0, 0.0);
    for seg in path.segments() {
        match seg {
            PathSegment::MoveTo(p) => {
                if !cur.is_empty() {
                    out.push(std::mem::take(&mut cur));
                }
                last = (p.x, p.y);
                start = last;
                cur.push(map(t, last));
            }
            PathSegment::LineTo(p) => {
                last = (p.x, p.y);
                cur.push(map(t, last));
            }
            PathSegment::QuadTo(p1, p) => {
                for i in 1..=8 {
                    let s = i as f32 / 8.0;
                    let u = 1.0 - s;
                    let q = (
                        u * u * last.0 + 2.0 * u * s * p1.x + s * s * p.x,
                        u * u * last.1 + 2.0 * u * s * p1.y + s * s * p.y,
                    );
                    cur.push(map(t, q));
                }
                last = (p.x, p.y);
            }
            PathSegment::CubicTo(p1, p2, p) => {
                for i in 1..=8 {
                    let s = i as f32 / 8.0;
                    let u = 1.0 - s;
                    let q = (
                        u * u * u * last.0
                            + 3.0 * u * u * s * p1.x
                            + 3.0 * u * s * s * p2.x
                            + s * s * s * p.x,
                        u * u * u * last.1
                            + 3.0 * u * u * s * p1.y
                            + 3.0 * u * s * s * p2.y
                            + s * s * s * p.y,
                    );
                    cur.push(map(t, q));
                }
                last = (p.x, p.y);
            }
            PathSegment::Close => {
                cur.push(map(t, start));
                out.push(std::mem::take(&mut cur));
                last = start;
            }
        }
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

/// A text as an obstacle: its box, or for turned text the box's middle line stroked half its
/// height (which covers the turned box).
fn text_obstacle(text: &usvg::Text, from_px: &Transform, kind: ObstacleKind) -> Option<Obstacle> {
    let b = text.bounding_box();
    let t = text.abs_transform().post_concat(*from_px);
    if t.kx == 0.0 && t.ky == 0.0 {
        let pts = [(b.left(), b.top()), (b.right(), b.bottom())];
        let bounds = Bounds::around(pts.iter().map(|p| map(&t, *p)), 0.0)?;
        return Some(Obstacle {
            kind,
            bounds,
            shape: Shape::Rect,
        });
    }
    let mid = (b.top() + b.bottom()) / 2.0;
    let line = vec![map(&t, (b.left(), mid)), map(&t, (b.right(), mid))];
    let half = b.height() / 2.0 * scale(&t);
    Some(Obstacle {
        kind,
        bounds: Bounds::around(line.iter().copied(), half)?,
        shape: Shape::Stroke {
            lines: vec![line],
            half,
        },
    })
}

/// Every visible shape under `group` (only text if `texts_only`), skipping the groups named
/// in `skip`.
fn collect(
    group: &usvg::Group,
    from_px: &Transform,
    kind: ObstacleKind,
    skip: &[&str],
    texts_only: bool,
    out: &mut Vec<Obstacle>,
) {
    if group.opacity().get() == 0.0 {
        return;
    }
    for node in group.children() {
        match node {
            usvg::Node::Group(g) => {
                if !skip.contains(&g.id()) {
                    collect(g, from_px, kind, skip, texts_only, out);
                }
            }
            usvg::Node::Path(p) => {
                if texts_only || !p.is_visible() {
                    continue;
                }
                let filled = p.fill().is_some_and(|f| f.opacity().get() > 0.0);
                let stroke = p.stroke().filter(|s| s.opacity().get() > 0.0);
                if !filled && stroke.is_none() {
                    continue;
                }
                let t = p.abs_transform().post_concat(*from_px);
                let half = stroke.map_or(0.0, |s| s.width().get() / 2.0 * scale(&t));
                let lines = flatten(p.data(), &t);
                let Some(bounds) = Bounds::around(lines.iter().flatten().copied(), half) else {
                    continue;
                };
                let shape = if filled {
                    let rings = lines
                        .into_iter()
                        .filter(|l| l.len() > 1)
                        .map(|mut l| {
                            if l.first() != l.last() {
                                l.push(l[0]);
                            }
                            l
                        })
                        .collect();
                    Shape::Fill { rings, pad: half }
                } else {
                    Shape::Stroke { lines, half }
                };
                out.push(Obstacle {
                    kind,
                    bounds,
                    shape,
                });
            }
            usvg::Node::Text(t) => out.extend(text_obstacle(t, from_px, kind)),
            usvg::Node::Image(_) if texts_only => {}
            usvg::Node::Image(i) => {
                let b = i.abs_bounding_box();
                let pts = [(b.left(), b.top()), (b.right(), b.bottom())];
                if let Some(bounds) = Bounds::around(pts.iter().map(|p| map(from_px, *p)), 0.0) {
                    out.push(Obstacle {
                        kind,
                        bounds,
                        shape: Shape::Rect,
                    });
                }
            }
        }
    }
}

/// The art's fixed text (what stays of its upper layer once the province labels are out).
pub(crate) fn fixed_text(over: &usvg::Tree, from_px: Transform) -> Vec<Obstacle> {
    let mut all = Vec::new();
    collect(
        over.root(),
        &from_px,
        ObstacleKind::ArtText,
        &[],
        true,
        &mut all,
    );
    all
}

/// Obstacles by grid cell, so that a test looks only at what is near.
struct Grid {
    cols: i32,
    rows: i32,
    cells: Vec<Vec<u32>>,
    seen: Vec<u32>,
    stamp: u32,
}

impl Grid {
    fn new(width: f32, height: f32) -> Grid {
        let cols = (width / CELL).ceil().max(1.0) as i32;
        let rows = (height / CELL).ceil().max(1.0) as i32;
        Grid {
            cols,
            rows,
            cells: vec![Vec::new(); (cols * rows) as usize],
            seen: Vec::new(),
            stamp: 0,
        }
    }

    fn span(&self, b: &Bounds) -> (i32, i32, i32, i32) {
        let c = |v: f32, n: i32| ((v / CELL).floor() as i32).clamp(0, n - 1);
        (
            c(b.x0, self.cols),
            c(b.y0, self.rows),
            c(b.x1, self.cols),
            c(b.y1, self.rows),
        )
    }

    fn insert(&mut self, id: u32, b: &Bounds) {
        let (x0, y0, x1, y1) = self.span(b);
        for y in y0..=y1 {
            for x in x0..=x1 {
                self.cells[(y * self.cols + x) as usize].push(id);
            }
        }
        if self.seen.len() <= id as usize {
            self.seen.resize(id as usize + 1, 0);
        }
    }

    /// Calls `hit` once for each obstacle filed near the box until it says stop (true).
    fn any(&mut self, b: &Bounds, mut hit: impl FnMut(u32) -> bool) -> bool {
        self.stamp += 1;
        let (x0, y0, x1, y1) = self.span(b);
        for y in y0..=y1 {
            for x in x0..=x1 {
                for &id in &self.cells[(y * self.cols + x) as usize] {
                    if self.seen[id as usize] != self.stamp {
                        self.seen[id as usize] = self.stamp;
                        if hit(id) {
                            return true;
                        }
                    }
                }
            }
        }
        false
    }
}

/// How far an offset moves a label, squared: sideways moves read more naturally than
/// vertical ones, so a vertical step counts double.
fn distance((dx, dy): (i32, i32)) -> i32 {
    dx * dx + 2 * dy * dy
}

/// Offsets from the art's spot a label may move to, nearest first.
fn offsets() -> &'static [(i32, i32)] {
    static OFFSETS: OnceLock<Vec<(i32, i32)>> = OnceLock::new();
    OFFSETS.get_or_init(|| {
        let mut v = Vec::new();
        for dy in (-REACH..=REACH).step_by(STEP as usize) {
            for dx in (-REACH..=REACH).step_by(STEP as usize) {
                if (dx, dy) != (0, 0) && dx * dx + dy * dy <= REACH * REACH {
                    v.push((dx, dy));
                }
            }
        }
        v.sort_by_key(|&(dx, dy)| (distance((dx, dy)), dy.abs(), dx, dy));
        v
    })
}

/// Places every province label of the art clear of the overlay drawn in `tree` (the overlay
/// document the render parses, in the art's coordinates through `art.to_px`).
pub(crate) fn place(art: &MapArt, tree: &usvg::Tree) -> Layout {
    let from_px = art.to_px.invert().unwrap_or_default();
    let mut obstacles = Vec::with_capacity(256);
    collect(
        tree.root(),
        &from_px,
        ObstacleKind::Mark,
        BACKGROUND,
        false,
        &mut obstacles,
    );
    obstacles.extend(art.fixed_text.iter().cloned());
    let fixed = obstacles.len();

    let (w, h) = (art.width as f32, art.height as f32);
    let corner = map(&from_px, (w, h));
    let mut grid = Grid::new(corner.0.max(1.0), corner.1.max(1.0));
    // Obstacles first, then labels as they are placed (ids past `fixed`).
    let mut all: Vec<Obstacle> = obstacles;
    for (i, o) in all.iter().enumerate() {
        grid.insert(i as u32, &o.bounds);
    }

    let n = art.labels.len();
    let mut placed: Vec<Option<(Point, bool)>> = vec![None; n];
    let free = |grid: &mut Grid, all: &[Obstacle], b: &Bounds| {
        let g = b.grow(CLEARANCE);
        !grid.any(&g, |id| all[id as usize].covers(&g))
    };
    let settle = |grid: &mut Grid, all: &mut Vec<Obstacle>, b: Bounds| {
        grid.insert(all.len() as u32, &b);
        all.push(Obstacle {
            kind: ObstacleKind::Label,
            bounds: b,
            shape: Shape::Rect,
        });
    };

    // The art's spots that are free keep their label.
    for (i, l) in art.labels.iter().enumerate() {
        let b = l.extent.shift(l.spot);
        if free(&mut grid, &all, &b) {
            placed[i] = Some((l.spot, false));
            settle(&mut grid, &mut all, b);
        }
    }
    // The rest move to the nearest free spot in their province: wholly inside if any is,
    // else the best that fits.
    for (i, l) in art.labels.iter().enumerate() {
        if placed[i].is_some() {
            continue;
        }
        let rings = &art.provinces[l.province].rings;
        let mut found: Option<(Fit, Point, Bounds)> = None;
        // Once a spot that fits less well is found, a whole fit is looked for only a little
        // further out: a label far from its spot reads worse than one over a coast.
        let mut limit = i32::MAX;
        for &(dx, dy) in offsets() {
            if distance((dx, dy)) > limit {
                break;
            }
            let at = (l.spot.0 + dx as f32, l.spot.1 + dy as f32);
            let b = l.extent.shift(at);
            if !free(&mut grid, &all, &b) {
                continue;
            }
            let how = fit(rings, &l.area, l.small, &b);
            if how < found.as_ref().map_or(Fit::Outside, |f| f.0) {
                found = Some((how, at, b));
                if how == Fit::Whole {
                    break;
                }
                let reach = (distance((dx, dy)) as f32).sqrt() + 12.0;
                limit = limit.min((reach * reach) as i32);
            }
        }
        if let Some((_, at, b)) = found {
            placed[i] = Some((at, false));
            settle(&mut grid, &mut all, b);
        }
    }
    // Where nothing is free: a plate at the nearest spot in the province that covers no other
    // label, hiding as few marks as may be.
    for (i, l) in art.labels.iter().enumerate() {
        if placed[i].is_some() {
            continue;
        }
        let rings = &art.provinces[l.province].rings;
        let mut best: Option<(usize, Point, Bounds)> = None;
        for &(dx, dy) in std::iter::once(&(0, 0)).chain(offsets().iter()) {
            // A plate goes near the spot or not at all.
            if distance((dx, dy)) > PLATE_REACH * PLATE_REACH {
                break;
            }
            let at = (l.spot.0 + dx as f32, l.spot.1 + dy as f32);
            let b = l.extent.shift(at).grow(PLATE_MARGIN);
            if (dx, dy) != (0, 0)
                && fit(rings, &l.area, l.small, &l.extent.shift(at)) == Fit::Outside
            {
                continue;
            }
            let g = b.grow(CLEARANCE);
            let mut marks = 0;
            let on_label = grid.any(&g, |id| {
                let o = &all[id as usize];
                if !o.covers(&g) {
                    return false;
                }
                if o.kind == ObstacleKind::Label {
                    return true;
                }
                marks += 1;
                false
            });
            if on_label {
                continue;
            }
            if best.as_ref().is_none_or(|(m, _, _)| marks < *m) {
                best = Some((marks, at, b));
                if marks <= 1 {
                    break;
                }
            }
        }
        let (at, b) = best.map_or((l.spot, l.extent.shift(l.spot)), |(_, at, b)| (at, b));
        placed[i] = Some((at, true));
        settle(&mut grid, &mut all, b);
    }

    all.truncate(fixed);
    let labels = art
        .labels
        .iter()
        .zip(placed)
        .map(|(l, p)| {
            let (at, plated) = p.unwrap_or((l.spot, false));
            let b = l.extent.shift(at);
            PlacedLabel {
                province: art.provinces[l.province].id.clone(),
                text: l.text.clone(),
                at,
                spot: l.spot,
                bounds: if plated { b.grow(PLATE_MARGIN) } else { b },
                plated,
            }
        })
        .collect();
    Layout {
        labels,
        obstacles: all,
    }
}

/// The labels as SVG: plates, then the text in the art's own label style.
pub(crate) fn svg(art: &MapArt, layout: &Layout) -> String {
    use std::fmt::Write;
    let mut s = String::with_capacity(art.labels.len() * 120);
    let plates: Vec<_> = layout.labels.iter().filter(|p| p.plated).collect();
    if !plates.is_empty() {
        let _ = writeln!(
            s,
            "<g id=\"label-plates\" fill=\"{PLATE_FILL}\" stroke=\"{PLATE_EDGE}\" stroke-width=\"0.8\">"
        );
        for p in plates {
            let b = p.bounds;
            let _ = writeln!(
                s,
                "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"3\"/>",
                super::f(b.x0),
                super::f(b.y0),
                super::f(b.x1 - b.x0),
                super::f(b.y1 - b.y0)
            );
        }
        s += "</g>\n";
    }
    s += &art
        .labels_tag
        .replacen("id=\"labels\"", "id=\"province-labels\"", 1);
    s.push('\n');
    for (l, p) in art.labels.iter().zip(&layout.labels) {
        let _ = writeln!(
            s,
            "<text id=\"label-{}\" x=\"{}\" y=\"{}\"{}>{}</text>",
            super::esc(&p.province),
            super::f(p.at.0),
            super::f(p.at.1),
            l.attrs,
            super::esc(&l.text)
        );
    }
    s += "</g>\n";
    s
}

/// Draws the labels where the layout put them: each pre-drawn label copied to its place (in
/// whole pixels, as the spots move in whole art units), plates first.
pub(crate) fn draw(art: &MapArt, layout: &Layout, pm: &mut Pixmap) {
    let mut plate = tiny_skia::Paint::default();
    plate.set_color_rgba8(0xfb, 0xf8, 0xee, 255);
    plate.anti_alias = true;
    let mut edge = tiny_skia::Paint::default();
    edge.set_color_rgba8(0x6b, 0x6b, 0x6b, 255);
    edge.anti_alias = true;
    let stroke = tiny_skia::Stroke {
        width: 0.8,
        ..tiny_skia::Stroke::default()
    };
    for p in layout.labels.iter().filter(|p| p.plated) {
        let b = p.bounds;
        if let Some(path) = tiny_skia::Rect::from_ltrb(b.x0, b.y0, b.x1, b.y1)
            .map(tiny_skia::PathBuilder::from_rect)
        {
            pm.fill_path(&path, &plate, tiny_skia::FillRule::Winding, art.to_px, None);
            pm.stroke_path(&path, &edge, &stroke, art.to_px, None);
        }
    }
    for (l, p) in art.labels.iter().zip(&layout.labels) {
        let a = map(&art.to_px, l.spot);
        let b = map(&art.to_px, p.at);
        let (dx, dy) = ((b.0 - a.0).round() as i32, (b.1 - a.1).round() as i32);
        pm.draw_pixmap(
            l.sprite_at.0 + dx,
            l.sprite_at.1 + dy,
            l.sprite.as_ref(),
            &tiny_skia::PixmapPaint::default(),
            Transform::identity(),
            None,
        );
    }
}
