//! A way round unit symbols for a line that no gentle bend clears: the shortest way over a fine
//! grid that keeps a set distance from every symbol the line does not join, pulled taut into a
//! few corner points for a smooth curve through them.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::figure::{dist, UnitShape, END_REACH};
use crate::art::Point;

/// The grid's step, in the overlay's units: fine enough for the gap between two neighbouring
/// units, coarse enough to search a whole map's width quickly.
const CELL: f32 = 4.0;
/// How far beyond the two ends' box the way may swing.
const MARGIN: f32 = 160.0;
/// What running over a symbol costs, in cells walked: far more than any way round, so that a
/// symbol is crossed only where no way round exists in the searched area.
const OVER: u32 = 400;

/// The corner points (not `a` nor `b`) of the shortest way from `a` to `b` that keeps
/// `clearance` from every symbol in `units` not standing within reach of one of `ends`, or
/// over as few of them as it can; empty when the straight line is already clear.
pub(super) fn way_round(
    units: &[UnitShape],
    ends: &[Point],
    a: Point,
    b: Point,
    clearance: f32,
) -> Vec<Point> {
    let others: Vec<&UnitShape> = units
        .iter()
        .filter(|u| !ends.iter().any(|e| dist(*e, u.at) < END_REACH))
        .collect();
    let clear = |p: Point, q: Point| !others.iter().any(|u| u.crossed_by(p, q, clearance));
    if clear(a, b) {
        return Vec::new();
    }
    let x0 = a.0.min(b.0) - MARGIN;
    let y0 = a.1.min(b.1) - MARGIN;
    let nx = ((a.0.max(b.0) + MARGIN - x0) / CELL).ceil() as usize + 1;
    let ny = ((a.1.max(b.1) + MARGIN - y0) / CELL).ceil() as usize + 1;
    let centre = |i: usize, j: usize| (x0 + i as f32 * CELL, y0 + j as f32 * CELL);
    let cell = |p: Point| {
        let i = ((p.0 - x0) / CELL).round().clamp(0.0, (nx - 1) as f32) as usize;
        let j = ((p.1 - y0) / CELL).round().clamp(0.0, (ny - 1) as f32) as usize;
        (i, j)
    };
    // Which cells lie too near a symbol: a little further than `clearance`, so that the walk
    // round a symbol can be pulled straight between points on it and still keep `clearance`.
    let wide = clearance + 2.0 * CELL;
    let mut blocked = vec![false; nx * ny];
    for u in &others {
        let g = u.bounds.grow(wide + CELL);
        let (i0, j0) = cell((g.x0, g.y0));
        let (i1, j1) = cell((g.x1, g.y1));
        for j in j0..=j1 {
            for i in i0..=i1 {
                if u.touches_disc(centre(i, j), wide) {
                    blocked[j * nx + i] = true;
                }
            }
        }
    }
    let (start, goal) = (cell(a), cell(b));
    let index = |(i, j): (usize, usize)| j * nx + i;
    // Costs in tenths of a cell, so that diagonal steps (14) and straight ones (10) stay whole.
    let guess = |(i, j): (usize, usize)| {
        let (dx, dy) = (i.abs_diff(goal.0) as f32, j.abs_diff(goal.1) as f32);
        (dx.hypot(dy) * 10.0) as u32
    };
    let mut best = vec![u32::MAX; nx * ny];
    let mut came = vec![usize::MAX; nx * ny];
    let mut open = BinaryHeap::new();
    best[index(start)] = 0;
    open.push(Reverse((guess(start), 0u32, index(start))));
    while let Some(Reverse((_, cost, k))) = open.pop() {
        if k == index(goal) {
            break;
        }
        if cost > best[k] {
            continue;
        }
        let (i, j) = (k % nx, k / nx);
        for (di, dj) in [
            (-1i32, 0i32),
            (1, 0),
            (0, -1),
            (0, 1),
            (-1, -1),
            (1, -1),
            (-1, 1),
            (1, 1),
        ] {
            let (ni, nj) = (i as i32 + di, j as i32 + dj);
            if ni < 0 || nj < 0 || ni >= nx as i32 || nj >= ny as i32 {
                continue;
            }
            let n = (ni as usize, nj as usize);
            let step = if di != 0 && dj != 0 { 14 } else { 10 };
            let over = if blocked[index(n)] { OVER * 10 } else { 0 };
            let c = cost + step + over;
            if c < best[index(n)] {
                best[index(n)] = c;
                came[index(n)] = k;
                open.push(Reverse((c + guess(n), c, index(n))));
            }
        }
    }
    if came[index(goal)] == usize::MAX && start != goal {
        return Vec::new();
    }
    let mut cells = vec![index(goal)];
    while let Some(&k) = cells.last() {
        if k == index(start) {
            break;
        }
        cells.push(came[k]);
    }
    cells.reverse();
    let mut walk: Vec<Point> = cells.iter().map(|&k| centre(k % nx, k / nx)).collect();
    walk[0] = a;
    let last = walk.len() - 1;
    walk[last] = b;
    // Pulled taut: from each corner, straight on to the furthest point of the walk in view.
    let mut corners = Vec::new();
    let mut i = 0;
    while i < last {
        // Where no point is in view (the walk runs over a symbol it cannot go round), on to
        // where the walk comes out of it.
        let j = (i + 1..=last)
            .rev()
            .find(|&j| clear(walk[i], walk[j]))
            .or_else(|| (i + 1..=last).find(|&j| !blocked[cells[j]]))
            .unwrap_or(last);
        if j < last {
            corners.push(walk[j]);
        }
        i = j;
    }
    // A corner right by either end turns the line inside the unit's own symbol, where it
    // is not drawn, and leaves the head no straight run in.
    corners.retain(|c| dist(*c, a) > NEAR_END && dist(*c, b) > NEAR_END);
    corners
}

/// How near an end a corner is dropped: about a unit symbol's width.
const NEAR_END: f32 = 24.0;
