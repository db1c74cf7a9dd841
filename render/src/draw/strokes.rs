//! The strokes order drawings share, whoever draws them (the standard orders, a rulebook's
//! marks): an outcome's line style and mark, rings round units, and the spots a mark may take.

use std::fmt::Write;

use super::figure::{MarkShape, Pen, Pending};
use super::geometry::{quad_point, Line};
use super::{f, ILLEGAL_RGB, INK};
use crate::art::Point;
use crate::palette::Rgb;
use crate::scene::Outcome;

/// Line styles for an outcome, given the style of a successful order.
pub(super) fn styled(base: Line, outcome: Outcome) -> Line {
    match outcome {
        Outcome::Succeeded => base,
        // Failed orders keep their shape but are washed out.
        Outcome::Failed | Outcome::Void => Line {
            colour: base.colour.mix(Rgb::WHITE, 0.55),
            casing: base.casing.min(base.width + 1.6),
            ..base
        },
        Outcome::Illegal => Line {
            dash: Some("0.1 5.5"),
            width: 3.0,
            colour: ILLEGAL_RGB,
            casing: 0.0,
            cap: "round",
        },
    }
}

/// How far a move's arrow bows out from the straight line, as a share of its length.
pub(super) const MOVE_BEND: f32 = 0.12;

/// What an order's outcome adds on its drawing: a failed order a red cross of radius `r`, an
/// illegal or void one a "no entry" sign, a successful one nothing. It takes the first of
/// `spots` that leaves other orders' arrowheads, units and lines in view, once all are drawn
/// (see `orders::place_marks`).
pub(super) fn outcome_mark(out: &mut Pen, spots: Vec<Point>, r: f32, outcome: Outcome) {
    if outcome != Outcome::Succeeded {
        out.pending.push(Pending {
            order: None,
            spots,
            r,
            outcome,
            label: None,
        });
    }
}

/// Spots along a curve for a mark, from parameter `t` outwards, kept off its ends.
pub(super) fn along(from: Point, c: Point, to: Point, t: f32) -> Vec<Point> {
    [0.0, -0.1, 0.1, -0.2, 0.2, -0.3, 0.3]
        .into_iter()
        .map(|d| (t + d).clamp(0.2, 0.8))
        .map(|t| quad_point(from, c, to, t))
        .collect()
}

/// The four corners round `at`, the one at (`dx`, `dy`) first, for a mark beside a unit.
pub(super) fn corners(at: Point, dx: f32, dy: f32) -> Vec<Point> {
    [(dx, dy), (-dx, dy), (dx, -dy), (-dx, -dy)]
        .into_iter()
        .map(|(x, y)| (at.0 + x, at.1 + y))
        .collect()
}

/// A circle of radius `r` round `at`, stroked as `line`.
pub(super) fn ring(out: &mut Pen, at: Point, r: f32, line: &Line) {
    out.fig
        .marks
        .push(MarkShape::ring(at, r, line.casing.max(line.width) / 2.0));
    let dash = line
        .dash
        .map(|d| format!(" stroke-dasharray=\"{d}\""))
        .unwrap_or_default();
    if line.casing > 0.0 {
        let _ = writeln!(
            out,
            "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"none\" stroke=\"{INK}\" stroke-width=\"{}\"{dash}/>",
            f(at.0),
            f(at.1),
            f(r),
            f(line.casing)
        );
    }
    let _ = writeln!(
        out,
        "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"{}\" stroke-linecap=\"{}\"{dash}/>",
        f(at.0),
        f(at.1),
        f(r),
        line.colour.hex(),
        f(line.width),
        line.cap
    );
}
