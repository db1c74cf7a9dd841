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

use resvg::tiny_skia::{self, Pixmap, Transform};
use resvg::usvg;

use crate::art::MapArt;
use crate::outline::{collect, fit, map, Bounds, Fit, Obstacle, ObstacleKind, Point, Shape};

/// Overlay groups (by id) that are backgrounds rather than marks: a label may sit on them.
/// The patterns the rules lay over whole provinces (a frozen sea's hatch) lie under
/// everything else.
pub const BACKGROUND: &[&str] = &["patterns"];

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
/// document the render parses, in the art's coordinates through `art.to_px`; its repeated
/// pieces cut out into `pieces`, see `crate::pieces`).
pub(crate) fn place(art: &MapArt, tree: &usvg::Tree, pieces: &crate::pieces::Pieces) -> Layout {
    let from_px = art.to_px.invert().unwrap_or_default();
    let mut obstacles = Vec::with_capacity(256);
    collect(
        tree.root(),
        pieces,
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
