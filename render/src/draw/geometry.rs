//! Geometry of the overlay: curves, arrows, crosses and octagons, and how their lines are
//! stroked.

use std::fmt::Write;

use super::figure::{dist, ArrowShape, Avoid, HeadShape, MarkShape, Pen, END_REACH};
use super::{f, CROSS, INK};
use crate::art::Point;
use crate::outline::Bounds;
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

/// An arrow as drawn: the control point of its full curve, so callers can find points along
/// it (arrows with the same ends and bend share one curve).
#[derive(Clone, Copy)]
pub(super) struct Curve {
    pub(super) c: Point,
}

/// Where an arrow's shaft starts and its tip lies, as parameters of its full curve (bent by
/// `bend`), with the curve's chord length: the shaft leaves `from` at `gaps.0` and the tip
/// stops `gaps.1` short of `to`, measured as distances, so a bent arrow has the room a
/// straight one has. When the two ends leave too little room for a shaft and head, the tip
/// goes on to just past the point where they fit (so that its head is never hidden under the
/// token it leaves); the returned flag says so.
fn span(
    from: Point,
    to: Point,
    bend: f32,
    gaps: (f32, f32),
    line: &Line,
    head: Head,
) -> (f32, f32, f32, bool) {
    let len = dist(from, to).max(1e-3);
    let c = bend_control(from, to, bend);
    let (head_len, _) = head_size(line.width);
    let need = if head == Head::None {
        4.0
    } else {
        head_len + 3.0
    };
    let at = |t: f32| quad_point(from, c, to, t);
    // The parameter where `far` turns true, between `lo` (false) and `hi` (true).
    let edge = |far: &dyn Fn(f32) -> bool, mut lo: f32, mut hi: f32| {
        for _ in 0..24 {
            let m = (lo + hi) / 2.0;
            if far(m) {
                hi = m;
            } else {
                lo = m;
            }
        }
        hi
    };
    const N: usize = 48;
    let step = 1.0 / N as f32;
    let t0 = match (0..=N).find(|&k| dist(at(k as f32 * step), from) >= gaps.0) {
        Some(0) | None => 0.0,
        Some(k) => edge(
            &|t| dist(at(t), from) >= gaps.0,
            (k - 1) as f32 * step,
            k as f32 * step,
        ),
    };
    let tip = match (0..=N)
        .rev()
        .find(|&k| dist(at(k as f32 * step), to) >= gaps.1)
    {
        Some(N) => 1.0,
        None => 0.0,
        Some(k) => {
            1.0 - edge(
                &|u| dist(at(1.0 - u), to) >= gaps.1,
                1.0 - (k + 1) as f32 * step,
                1.0 - k as f32 * step,
            )
        }
    };
    // The length of the curve from the shaft's start to the tip.
    let walk = |a: f32, b: f32| {
        (0..16)
            .map(|i| {
                let (p, q) = (
                    a + (b - a) * i as f32 / 16.0,
                    a + (b - a) * (i + 1) as f32 / 16.0,
                );
                dist(at(p), at(q))
            })
            .sum::<f32>()
    };
    if tip > t0 && walk(t0, tip) >= need {
        return (len, t0, tip, false);
    }
    // Too short: the tip goes as far along as a shaft and head need.
    let mut t = t0;
    while t < 1.0 && walk(t0, t) < need {
        t += step / 4.0;
    }
    (len, t0, t.min(1.0), true)
}

/// Points along the curve from parameter `t0` to `t1`, close enough to it for measuring.
fn samples(from: Point, c: Point, to: Point, t0: f32, t1: f32) -> Vec<Point> {
    const N: usize = 12;
    (0..=N)
        .map(|i| quad_point(from, c, to, t0 + (t1 - t0) * i as f32 / N as f32))
        .collect()
}

/// How far past its stroke a line is kept from a unit symbol when choosing its bend: the
/// curve is measured at a dozen points, and drawn (and measured again) at others.
const CLEAR: f32 = 1.0;

/// The bend nearest the one asked for at which the arrow passes over no unit symbol but the
/// ones at its ends (its own unit, its goal) and its head lands on no ring round another unit;
/// the one doing least of that when none is clear.
pub(super) fn clear_bend(
    avoid: &Avoid,
    from: Point,
    to: Point,
    bend: f32,
    gaps: (f32, f32),
    line: &Line,
    head: Head,
) -> f32 {
    if avoid.units.is_empty() {
        return bend;
    }
    let half = line.width.max(line.casing) / 2.0 + CLEAR;
    let t_of = |b: f32| span(from, to, b, gaps, line, head);
    let near_end = |p: Point| dist(p, from) < END_REACH || dist(p, to) < END_REACH;
    let (head_len, head_w) = head_size(line.width);
    let cost = |b: f32| {
        let c = bend_control(from, to, b);
        let (_, t0, t_tip, cramped) = t_of(b);
        let pts = samples(from, c, to, t0, t_tip);
        let crossed = crossed_on(avoid, &pts, half, &near_end);
        let ringed = if head == Head::None {
            0
        } else {
            let tip = quad_point(from, c, to, t_tip);
            let dir = unit_vec((0.0, 0.0), quad_tangent(from, c, to, t_tip));
            let shape = head_shape(tip, dir, head_len, head_w);
            avoid
                .rings
                .iter()
                .filter(|(rc, _, _)| dist(*rc, from) >= END_REACH)
                .filter(|(rc, r, h)| MarkShape::ring(*rc, *r, *h).covers(&shape))
                .count()
        };
        crossed * 4 + ringed * 2 + usize::from(cramped)
    };
    let base = if bend == 0.0 { 0.15 } else { bend };
    let coarse = [
        bend,
        -bend,
        0.0,
        base * 2.0,
        -base * 2.0,
        base * 3.0,
        -base * 3.0,
        base * 4.0,
        -base * 4.0,
        base * 5.0,
        -base * 5.0,
    ];
    let mut best = (usize::MAX, bend);
    for b in coarse {
        let n = cost(b);
        if n == 0 {
            return b;
        }
        if n < best.0 {
            best = (n, b);
        }
    }
    if best.0 < 4 {
        // Over no unit: only a ring or a short shaft left, which finer bends do not mend.
        return best.1;
    }
    // Still over a unit: every bend out to six times the one asked for each way in small
    // steps, nearest it first, so that a long arrow finds the narrow gap between the units
    // along its way.
    const STEPS: usize = 24;
    let fine = (1..=STEPS).flat_map(|k| {
        let d = base.abs() * 6.0 * k as f32 / STEPS as f32;
        [bend + d, bend - d]
    });
    for b in fine {
        let n = cost(b);
        if n < best.0 {
            best = (n, b);
            if n == 0 {
                break;
            }
        }
    }
    best.1
}

/// How many unit symbols the polyline `pts`, stroked `half` to each side, runs over, leaving
/// out those `joined` says it joins.
fn crossed_on(avoid: &Avoid, pts: &[Point], half: f32, joined: &dyn Fn(Point) -> bool) -> usize {
    let mut area = Bounds {
        x0: f32::MAX,
        y0: f32::MAX,
        x1: f32::MIN,
        y1: f32::MIN,
    };
    for p in pts {
        area.x0 = area.x0.min(p.0);
        area.y0 = area.y0.min(p.1);
        area.x1 = area.x1.max(p.0);
        area.y1 = area.y1.max(p.1);
    }
    let area = area.grow(half + 1.0);
    avoid
        .units
        .iter()
        .filter(|u| u.bounds.intersects(&area) && !joined(u.at))
        .filter(|u| pts.windows(2).any(|w| u.crossed_by(w[0], w[1], half)))
        .count()
}

/// How many unit symbols the arrow from `from` to `to` bent by `bend` runs over, besides the
/// ones at its ends.
pub(super) fn units_crossed(
    avoid: &Avoid,
    from: Point,
    to: Point,
    bend: f32,
    gaps: (f32, f32),
    line: &Line,
    head: Head,
) -> usize {
    let half = line.width.max(line.casing) / 2.0 + CLEAR;
    let (_, t0, t_tip, _) = span(from, to, bend, gaps, line, head);
    let pts = samples(from, bend_control(from, to, bend), to, t0, t_tip);
    let near_end = |p: Point| dist(p, from) < END_REACH || dist(p, to) < END_REACH;
    crossed_on(avoid, &pts, half, &near_end)
}

/// The triangle of a head of this size with its tip at `tip`, pointing along `dir`.
fn head_shape(tip: Point, dir: Point, head_len: f32, head_w: f32) -> HeadShape {
    let base = (tip.0 - dir.0 * head_len, tip.1 - dir.1 * head_len);
    let (px, py) = (-dir.1 * head_w / 2.0, dir.0 * head_w / 2.0);
    let points = [(base.0 + px, base.1 + py), tip, (base.0 - px, base.1 - py)];
    let xs = points.map(|p| p.0);
    let ys = points.map(|p| p.1);
    let lo = |v: [f32; 3]| v.into_iter().fold(f32::MAX, f32::min);
    let hi = |v: [f32; 3]| v.into_iter().fold(f32::MIN, f32::max);
    HeadShape {
        order: None,
        squeezed: None,
        points,
        bounds: Bounds {
            x0: lo(xs),
            y0: lo(ys),
            x1: hi(xs),
            y1: hi(ys),
        },
    }
}

/// Draws an arrow from `from` to `to`, trimmed by `gaps` at each end, bent as little as it can
/// be from `bend` and still pass no unit symbol of the pen's it does not join.
pub(super) fn arrow(
    out: &mut Pen,
    from: Point,
    to: Point,
    bend: f32,
    gaps: (f32, f32),
    line: &Line,
    head: Head,
) -> Curve {
    let bend = clear_bend(out.avoid, from, to, bend, gaps, line, head);
    arrow_exact(out, from, to, bend, gaps, line, head)
}

/// Draws a (possibly curved) arrow from `from` to `to` with exactly this `bend`, trimmed by
/// `gaps` at each end, and records its shaft and head.
pub(super) fn arrow_exact(
    out: &mut Pen,
    from: Point,
    to: Point,
    bend: f32,
    gaps: (f32, f32),
    line: &Line,
    head: Head,
) -> Curve {
    let c = bend_control(from, to, bend);
    let (len, t0, t_tip, cramped) = span(from, to, bend, gaps, line, head);
    let (head_len, _) = head_size(line.width);
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
    out.fig.arrows.push(ArrowShape {
        order: None,
        line: samples(from, c, to, t0, t1),
        half: line.width.max(line.casing) / 2.0,
        ends: vec![from, to],
    });
    head_at(out, tip, dir, line, head);
    if cramped && head != Head::None {
        if let Some(h) = out.fig.heads.last_mut() {
            h.squeezed = Some((from, to));
        }
    }
    Curve { c }
}

/// The mark of an order that could not count: a "no entry" road sign (a disc with a white
/// bar across it), red for an illegal order, grey for a void one. Unlike a failed order's
/// cross or a disband's struck ring, it says the order was never in play.
pub(super) fn no_entry(out: &mut impl Write, at: Point, void: bool) {
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
/// long leg beside a short one does not swing the curve out wide. One piece per leg, each its
/// start, two handles and end.
pub(super) fn spline_pieces(points: &[Point]) -> Vec<[Point; 4]> {
    let at = |i: isize| points[i.clamp(0, points.len() as isize - 1) as usize];
    (0..points.len().saturating_sub(1) as isize)
        .map(|i| {
            let (p0, p1, p2, p3) = (at(i - 1), at(i), at(i + 1), at(i + 2));
            let leg = (p2.0 - p1.0).hypot(p2.1 - p1.1) / 3.0;
            let (t1, t2) = (unit_vec(p0, p2), unit_vec(p1, p3));
            let c1 = (p1.0 + t1.0 * leg, p1.1 + t1.1 * leg);
            let c2 = (p2.0 - t2.0 * leg, p2.1 - t2.1 * leg);
            [p1, c1, c2, p2]
        })
        .collect()
}

/// The point at `t` (0 to 1) of a cubic piece.
pub(super) fn cubic_at(p: &[Point; 4], t: f32) -> Point {
    let u = 1.0 - t;
    let w = [u * u * u, 3.0 * u * u * t, 3.0 * u * t * t, t * t * t];
    (
        w[0] * p[0].0 + w[1] * p[1].0 + w[2] * p[2].0 + w[3] * p[3].0,
        w[0] * p[0].1 + w[1] * p[1].1 + w[2] * p[2].1 + w[3] * p[3].1,
    )
}

/// The direction a cubic piece runs at `t`.
pub(super) fn cubic_tangent(p: &[Point; 4], t: f32) -> Point {
    let u = 1.0 - t;
    let w = [
        -3.0 * u * u,
        3.0 * u * u - 6.0 * u * t,
        6.0 * u * t - 3.0 * t * t,
        3.0 * t * t,
    ];
    (
        w[0] * p[0].0 + w[1] * p[1].0 + w[2] * p[2].0 + w[3] * p[3].0,
        w[0] * p[0].1 + w[1] * p[1].1 + w[2] * p[2].1 + w[3] * p[3].1,
    )
}

/// The part of a cubic piece from `t0` to `t1`, as a cubic of its own (de Casteljau).
pub(super) fn cubic_part(p: &[Point; 4], t0: f32, t1: f32) -> [Point; 4] {
    let lerp = |a: Point, b: Point, t: f32| (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t);
    // From t0 on: the second half of a split at t0.
    let split_after = |q: &[Point; 4], t: f32| {
        let (a, b, c) = (
            lerp(q[0], q[1], t),
            lerp(q[1], q[2], t),
            lerp(q[2], q[3], t),
        );
        let (d, e) = (lerp(a, b, t), lerp(b, c, t));
        [lerp(d, e, t), e, c, q[3]]
    };
    let split_before = |q: &[Point; 4], t: f32| {
        let (a, b, c) = (
            lerp(q[0], q[1], t),
            lerp(q[1], q[2], t),
            lerp(q[2], q[3], t),
        );
        let (d, e) = (lerp(a, b, t), lerp(b, c, t));
        [q[0], a, d, lerp(d, e, t)]
    };
    let tail = split_after(p, t0);
    if t0 >= 1.0 {
        return tail;
    }
    split_before(&tail, ((t1 - t0) / (1.0 - t0)).clamp(0.0, 1.0))
}

/// The path data of the pieces as drawn.
pub(super) fn pieces_path(pieces: &[[Point; 4]]) -> String {
    let mut d = String::new();
    if let Some(first) = pieces.first() {
        let _ = write!(d, "M{} {}", f(first[0].0), f(first[0].1));
    }
    for p in pieces {
        let _ = write!(
            d,
            "C{} {} {} {} {} {}",
            f(p[1].0),
            f(p[1].1),
            f(p[2].0),
            f(p[2].1),
            f(p[3].0),
            f(p[3].1)
        );
    }
    d
}

/// Points along the pieces, close enough to them for measuring.
pub(super) fn pieces_points(pieces: &[[Point; 4]]) -> Vec<Point> {
    let mut out: Vec<Point> = pieces.first().map(|p| p[0]).into_iter().collect();
    for p in pieces {
        out.extend((1..=8).map(|k| cubic_at(p, k as f32 / 8.0)));
    }
    out
}

/// Points along the path [`spline_pieces`] draws through `points`, close enough to it for
/// measuring.
pub(super) fn spline_points(points: &[Point]) -> Vec<Point> {
    pieces_points(&spline_pieces(points))
}

/// The point at `t` (0 to 1) of the piece of the path [`spline_pieces`] draws through `points`
/// that runs from `points[i]` to `points[i + 1]`.
pub(super) fn spline_at(points: &[Point], i: usize, t: f32) -> Point {
    cubic_at(&spline_pieces(points)[i], t)
}

/// The last parameter in `lo..=hi` of the piece at which it stands at least `d` from `centre`
/// (walking back from `hi`), or `lo` when it never does.
pub(super) fn last_beyond(p: &[Point; 4], lo: f32, hi: f32, centre: Point, d: f32) -> f32 {
    let far = |t: f32| dist(cubic_at(p, t), centre) >= d;
    if far(hi) {
        return hi;
    }
    const N: usize = 64;
    let step = (hi - lo) / N as f32;
    let Some(k) = (1..=N).find(|&k| far(hi - step * k as f32)) else {
        return lo;
    };
    // Between hi - step * k (far) and one step nearer hi (near).
    let (mut a, mut b) = (hi - step * k as f32, hi - step * (k - 1) as f32);
    for _ in 0..20 {
        let m = (a + b) / 2.0;
        if far(m) {
            a = m;
        } else {
            b = m;
        }
    }
    a
}

/// The first parameter in `lo..=hi` of the piece at which it stands at least `d` from
/// `centre` (walking on from `lo`), or `hi` when it never does.
pub(super) fn first_beyond(p: &[Point; 4], lo: f32, hi: f32, centre: Point, d: f32) -> f32 {
    let flipped = [p[3], p[2], p[1], p[0]];
    1.0 - last_beyond(&flipped, 1.0 - hi, 1.0 - lo, centre, d)
}

/// Strokes path data `d` as `line` (its casing first).
pub(super) fn stroke(out: &mut impl Write, d: &str, line: &Line) {
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
pub(super) fn head_at(out: &mut Pen, tip: Point, dir: Point, line: &Line, head: Head) {
    let (head_len, head_w) = head_size(line.width);
    let base = (tip.0 - dir.0 * head_len, tip.1 - dir.1 * head_len);
    let (px, py) = (-dir.1 * head_w / 2.0, dir.0 * head_w / 2.0);
    if head != Head::None {
        out.fig.heads.push(head_shape(tip, dir, head_len, head_w));
    }
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

pub(super) fn cross(out: &mut impl Write, at: Point, r: f32) {
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

pub(super) fn octagon(out: &mut impl Write, at: Point, r: f32, line: &Line) {
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
