//! Shapes read from SVG geometry: boxes, a province's outline, and the obstacles a label must
//! keep off, flattened from usvg paths and text. The art reads its fixed text and province
//! outlines through it; the label pass ([`crate::draw`]'s `labels`) places labels with it.

use resvg::tiny_skia::{self, PathSegment, Transform};
use resvg::usvg;

/// A point in the art's coordinates.
pub type Point = (f32, f32);

/// Even-odd point-in-polygon over all rings.
pub(crate) fn inside(rings: &[Vec<Point>], (x, y): Point) -> bool {
    let mut c = false;
    for ring in rings {
        for w in ring.windows(2) {
            let ((xi, yi), (xj, yj)) = (w[0], w[1]);
            if (yi > y) != (yj > y) && x < (xj - xi) * (y - yi) / (yj - yi) + xi {
                c = !c;
            }
        }
    }
    c
}

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

    pub(crate) fn grow(&self, d: f32) -> Bounds {
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
pub(crate) enum Shape {
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
    pub(crate) shape: Shape,
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

pub(crate) fn map(t: &Transform, (x, y): Point) -> Point {
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
/// `at` is the transform from the text's own coordinates to the picture's.
fn text_obstacle(
    text: &usvg::Text,
    at: Transform,
    from_px: &Transform,
    kind: ObstacleKind,
) -> Option<Obstacle> {
    let b = text.bounding_box();
    let t = at.post_concat(*from_px);
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
/// in `skip`; `from_px` takes the tree's canvas to the art's coordinates, and a stand-in of
/// `pieces` gives its piece's shapes.
pub(crate) fn collect(
    group: &usvg::Group,
    pieces: &crate::pieces::Pieces,
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
                // A piece's copy stands at the origin, its stand-in where the piece is.
                if let Some(text) = crate::pieces::stand_in(g, pieces) {
                    out.extend(text_obstacle(text, g.abs_transform(), from_px, kind));
                } else if let Some(unit) = crate::pieces::shape_stand_in(g, pieces) {
                    let none = crate::pieces::Pieces::default();
                    let to_art = g.abs_transform().post_concat(*from_px);
                    collect(unit, &none, &to_art, kind, skip, texts_only, out);
                } else if !skip.contains(&g.id()) {
                    collect(g, pieces, from_px, kind, skip, texts_only, out);
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
            usvg::Node::Text(t) => out.extend(text_obstacle(t, t.abs_transform(), from_px, kind)),
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
        &crate::pieces::Pieces::default(),
        &from_px,
        ObstacleKind::ArtText,
        &[],
        true,
        &mut all,
    );
    all
}
