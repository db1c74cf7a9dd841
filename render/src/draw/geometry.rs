//! Geometry of the overlay: curves, arrows, crosses and octagons, and how their lines are
//! stroked.

use std::fmt::Write;

use super::{f, CROSS, INK};
use crate::art::Point;
use crate::palette::Rgb;

/// How a line is stroked.
pub(super) struct Line {
    pub(super) dash: Option<&'static str>,
    pub(super) width: f32,
    pub(super) colour: Rgb,
    /// Width of the dark edge drawn under the line; 0 for none.
    pub(super) casing: f32,
    pub(super) cap: &'static str,
}

/// The head at the end of an arrow.
#[derive(Clone, Copy, PartialEq)]
pub(super) enum Head {
    None,
    Solid,
    Hollow,
    Open,
}

pub(super) fn quad_point(a: Point, c: Point, b: Point, t: f32) -> Point {
    let u = 1.0 - t;
    (
        u * u * a.0 + 2.0 * u * t * c.0 + t * t * b.0,
        u * u * a.1 + 2.0 * u * t * c.1 + t * t * b.1,
    )
}

/// Control point of a gentle curve from `a` to `b`, bending to the left of
/// travel so that opposite moves between two provinces do not overlap.
pub(super) fn bend_control(a: Point, b: Point, bend: f32) -> Point {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    ((a.0 + b.0) / 2.0 + dy * bend, (a.1 + b.1) / 2.0 - dx * bend)
}

pub(super) fn unit_vec(a: Point, b: Point) -> Point {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len = (dx * dx + dy * dy).sqrt().max(1e-3);
    (dx / len, dy / len)
}

pub(super) fn quad_tangent(a: Point, c: Point, b: Point, t: f32) -> Point {
    let u = 1.0 - t;
    (
        2.0 * (u * (c.0 - a.0) + t * (b.0 - c.0)),
        2.0 * (u * (c.1 - a.1) + t * (b.1 - c.1)),
    )
}

pub(super) fn head_size(width: f32) -> (f32, f32) {
    let w = width.min(3.6);
    (7.0 + w * 2.2, 5.0 + w * 2.2)
}

pub(super) fn mid_point(a: Point, b: Point) -> Point {
    ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0)
}

/// Draws a (possibly curved) arrow from `from` to `to`, trimmed by `gaps` at
/// each end. Returns the full curve's control point so callers can find
/// points along it; arrows with the same ends and bend share one curve.
pub(super) fn arrow(
    out: &mut String,
    from: Point,
    to: Point,
    bend: f32,
    gaps: (f32, f32),
    line: &Line,
    head: Head,
) -> Point {
    let c = bend_control(from, to, bend);
    let len = ((to.0 - from.0).powi(2) + (to.1 - from.1).powi(2))
        .sqrt()
        .max(1e-3);
    let (head_len, _) = head_size(line.width);
    // The arrow always starts at the edge of its unit's token. A move too short to fit a
    // shaft and head between the two tokens ends at (or, if need be, just past) the
    // destination, so that its head is never hidden under the token it leaves.
    let g0 = gaps.0;
    let shortest = g0
        + if head == Head::None {
            4.0
        } else {
            head_len + 3.0
        };
    let reach = (len - gaps.1).max(shortest);
    let t0 = g0 / len;
    let t_tip = reach / len;
    let tip = quad_point(from, c, to, t_tip);
    let dir = unit_vec((0.0, 0.0), quad_tangent(from, c, to, t_tip));
    // The shaft stops inside the head so its end does not poke through the tip.
    let t1 = if head == Head::None {
        t_tip
    } else {
        (t_tip - head_len * 0.6 / len).max(t0)
    };
    let a = quad_point(from, c, to, t0);
    let e = quad_point(from, c, to, t1);
    let d0 = quad_tangent(from, c, to, t0);
    let ctrl = (a.0 + (t1 - t0) / 2.0 * d0.0, a.1 + (t1 - t0) / 2.0 * d0.1);
    let d = if bend == 0.0 {
        format!("M{} {}L{} {}", f(a.0), f(a.1), f(e.0), f(e.1))
    } else {
        format!(
            "M{} {}Q{} {} {} {}",
            f(a.0),
            f(a.1),
            f(ctrl.0),
            f(ctrl.1),
            f(e.0),
            f(e.1)
        )
    };
    stroke(out, &d, line);
    head_at(out, tip, dir, line, head);
    c
}

/// The mark of an order that could not count: a "no entry" road sign (a disc with a white
/// bar across it), red for an illegal order, grey for a void one. Unlike a failed order's
/// cross or a disband's struck ring, it says the order was never in play.
pub(super) fn no_entry(out: &mut String, at: Point, void: bool) {
    let (class, ink) = if void {
        ("void-mark", "#6b6b6b")
    } else {
        ("illegal-mark", CROSS)
    };
    let _ = writeln!(
        out,
        "<g class=\"{class}\"><circle cx=\"{x}\" cy=\"{y}\" r=\"7.5\" fill=\"{ink}\" stroke=\"#ffffff\" stroke-width=\"1.6\"/>\
         <rect x=\"{}\" y=\"{}\" width=\"9\" height=\"3\" fill=\"#ffffff\"/></g>",
        f(at.0 - 4.5),
        f(at.1 - 1.5),
        x = f(at.0),
        y = f(at.1)
    );
}

/// A smooth path through `points` as cubic Béziers, so that it passes exactly through each
/// point given. At each point the curve runs along the line from the point before to the one
/// after (as a Catmull-Rom spline does), but each handle is a third of its own leg, so that a
/// long leg beside a short one does not swing the curve out wide. Returns the path data.
pub(super) fn spline(points: &[Point]) -> String {
    let mut d = String::new();
    let Some(first) = points.first() else {
        return d;
    };
    let _ = write!(d, "M{} {}", f(first.0), f(first.1));
    let at = |i: isize| points[i.clamp(0, points.len() as isize - 1) as usize];
    for i in 0..points.len().saturating_sub(1) as isize {
        let (p0, p1, p2, p3) = (at(i - 1), at(i), at(i + 1), at(i + 2));
        let leg = (p2.0 - p1.0).hypot(p2.1 - p1.1) / 3.0;
        let (t1, t2) = (unit_vec(p0, p2), unit_vec(p1, p3));
        let c1 = (p1.0 + t1.0 * leg, p1.1 + t1.1 * leg);
        let c2 = (p2.0 - t2.0 * leg, p2.1 - t2.1 * leg);
        let _ = write!(
            d,
            "C{} {} {} {} {} {}",
            f(c1.0),
            f(c1.1),
            f(c2.0),
            f(c2.1),
            f(p2.0),
            f(p2.1)
        );
    }
    d
}

/// Strokes path data `d` as `line` (its casing first).
pub(super) fn stroke(out: &mut String, d: &str, line: &Line) {
    let dash = line
        .dash
        .map(|d| format!(" stroke-dasharray=\"{d}\""))
        .unwrap_or_default();
    if line.casing > 0.0 {
        let _ = writeln!(
            out,
            "<path d=\"{d}\" fill=\"none\" stroke=\"{INK}\" stroke-width=\"{}\" stroke-linecap=\"{}\"{dash}/>",
            f(line.casing),
            line.cap
        );
    }
    let _ = writeln!(
        out,
        "<path d=\"{d}\" fill=\"none\" stroke=\"{}\" stroke-width=\"{}\" stroke-linecap=\"{}\"{dash}/>",
        line.colour.hex(),
        f(line.width),
        line.cap
    );
}

/// An arrowhead of `head`'s kind for a line stroked as `line`, its tip at `tip`, pointing
/// along `dir` (a unit vector).
pub(super) fn head_at(out: &mut String, tip: Point, dir: Point, line: &Line, head: Head) {
    let (head_len, head_w) = head_size(line.width);
    let base = (tip.0 - dir.0 * head_len, tip.1 - dir.1 * head_len);
    let (px, py) = (-dir.1 * head_w / 2.0, dir.0 * head_w / 2.0);
    let pts = format!(
        "{} {} {} {} {} {}",
        f(base.0 + px),
        f(base.1 + py),
        f(tip.0),
        f(tip.1),
        f(base.0 - px),
        f(base.1 - py)
    );
    match head {
        Head::Solid => {
            let _ = writeln!(
                out,
                "<polygon points=\"{pts}\" fill=\"{}\" stroke=\"{INK}\" stroke-width=\"1.3\"/>",
                line.colour.hex()
            );
        }
        Head::Hollow => {
            let _ = writeln!(
                out,
                "<polygon points=\"{pts}\" fill=\"#ffffff\" stroke=\"{INK}\" stroke-width=\"4.2\"/>\
                 <polygon points=\"{pts}\" fill=\"#ffffff\" stroke=\"{}\" stroke-width=\"2.4\"/>",
                line.colour.hex()
            );
        }
        Head::Open => {
            let _ = writeln!(
                out,
                "<polyline points=\"{pts}\" fill=\"none\" stroke=\"{}\" stroke-width=\"{}\" stroke-linecap=\"round\"/>",
                line.colour.hex(),
                f(line.width.max(2.0))
            );
        }
        Head::None => {}
    }
}

pub(super) fn cross(out: &mut String, at: Point, r: f32) {
    let (x, y) = at;
    let d = format!(
        "M{} {}L{} {}M{} {}L{} {}",
        f(x - r),
        f(y - r),
        f(x + r),
        f(y + r),
        f(x - r),
        f(y + r),
        f(x + r),
        f(y - r)
    );
    let _ = writeln!(
        out,
        "<path d=\"{d}\" stroke=\"#ffffff\" stroke-width=\"5.5\" stroke-linecap=\"round\"/>\
         <path d=\"{d}\" stroke=\"{CROSS}\" stroke-width=\"3\" stroke-linecap=\"round\"/>"
    );
}

pub(super) fn octagon(out: &mut String, at: Point, r: f32, line: &Line) {
    let mut d = String::new();
    for i in 0..8 {
        let a = std::f32::consts::PI / 8.0 + i as f32 * std::f32::consts::PI / 4.0;
        let _ = write!(
            d,
            "{}{} {}",
            if i == 0 { 'M' } else { 'L' },
            f(at.0 + r * a.cos()),
            f(at.1 + r * a.sin())
        );
    }
    d.push('Z');
    let dash = line
        .dash
        .map(|d| format!(" stroke-dasharray=\"{d}\""))
        .unwrap_or_default();
    if line.casing > 0.0 {
        let _ = writeln!(
            out,
            "<path d=\"{d}\" fill=\"none\" stroke=\"{INK}\" stroke-width=\"{}\"{dash}/>",
            f(line.casing)
        );
    }
    let _ = writeln!(
        out,
        "<path d=\"{d}\" fill=\"none\" stroke=\"{}\" stroke-width=\"{}\" stroke-linecap=\"{}\"{dash}/>",
        line.colour.hex(),
        f(line.width),
        line.cap
    );
}
