//! The renderer's vocabulary for what a variant draws (arrows, rings, symbols, patterns; see
//! [`crate::scene::Mark`]): each shape drawn on the map and as a sample in the key, whatever
//! order or state of the board it stands for.

use std::fmt::Write;

use super::figure::{MarkKind, MarkShape, Pen, Pending};
use super::geometry::{arrow, Curve, Head as ArrowHead, Line};
use super::strokes::{along, corners, outcome_mark, ring, styled, MOVE_BEND};
use super::symbol::{unit_symbol, UNIT_RADIUS};
use super::{esc, f, Ctx, ILLEGAL, INK};
use crate::art::Point;
use crate::error::Error;
use crate::palette::Rgb;
use crate::scene::{Glyph, Head, Location, Mark, MarkColour, Outcome, Pattern, Scene, Stroke};

/// How far a ring stands from the unit or place it goes round.
pub(super) const RING_RADIUS: f32 = 19.0;
/// Half the widest ring's stroke, for arrows keeping their heads off it.
pub(super) const RING_HALF: f32 = 2.5;

const WATER: Rgb = Rgb(0x6f, 0xa8, 0xdc);
const INK_RGB: Rgb = Rgb(0x16, 0x16, 0x16);

/// The colour a mark is drawn in.
pub(super) fn colour(ctx: &Ctx, c: &MarkColour, context: &str) -> Result<Rgb, Error> {
    match c {
        MarkColour::Power(p) => ctx.colour(p, context),
        MarkColour::Ink => Ok(INK_RGB),
        MarkColour::Water => Ok(WATER),
    }
}

/// An arrow's line in each stroke.
fn arrow_line(s: Stroke, colour: Rgb) -> Line {
    let (dash, width, casing, cap) = match s {
        Stroke::Solid => (None, 3.4, 6.0, "round"),
        Stroke::Dashed => (Some("6 3.5"), 3.0, 5.2, "butt"),
        Stroke::Dotted => (Some("0.1 6"), 3.4, 5.6, "round"),
        Stroke::DashDotted => (Some("10 3 2 3"), 3.4, 6.0, "butt"),
        Stroke::Fine => (Some("1 4"), 2.2, 4.0, "round"),
    };
    Line {
        dash,
        width,
        colour,
        casing,
        cap,
    }
}

/// A ring's line in each stroke.
fn ring_line(s: Stroke, colour: Rgb) -> Line {
    let (dash, width, casing, cap) = match s {
        Stroke::Solid => (None, 3.6, 6.2, "round"),
        Stroke::Dashed => (Some("5 3"), 2.8, 5.0, "butt"),
        Stroke::Dotted => (Some("0.1 5"), 3.4, 5.6, "round"),
        Stroke::DashDotted => (Some("9 3 2 3"), 2.8, 5.0, "butt"),
        Stroke::Fine => (Some("1 4"), 2.0, 3.6, "round"),
    };
    Line {
        dash,
        width,
        colour,
        casing,
        cap,
    }
}

fn head(h: Head) -> ArrowHead {
    match h {
        Head::Solid => ArrowHead::Solid,
        Head::Open => ArrowHead::Open,
        Head::None => ArrowHead::None,
    }
}

/// Where a mark's shapes stand, for the unit (or place) `unit` an order is for, drawn at
/// `own` when the scene placed that unit.
pub(super) struct Origin<'a> {
    pub(super) unit: Option<&'a Location>,
    pub(super) own: Option<Point>,
}

impl Origin<'_> {
    /// Where the unit at `at` is drawn (its place when none stands there).
    fn unit_at(&self, ctx: &Ctx, at: &Location, context: &str) -> Result<Point, Error> {
        match (self.unit, self.own) {
            (Some(u), Some(p)) if u.province == at.province => Ok(p),
            _ => ctx.unit_at(at, false, context),
        }
    }
}

/// Where a ring goes: round the unit there, or, for a unit that appears, its place.
pub(super) fn ring_at(
    ctx: &Ctx,
    origin: &Origin,
    at: &Location,
    appears: bool,
    context: &str,
) -> Result<Point, Error> {
    if appears {
        ctx.anchor(at, context)
    } else {
        origin.unit_at(ctx, at, context)
    }
}

/// Where a symbol stands: up and to the left of the province's unit place, beyond a unit
/// there.
fn symbol_at(ctx: &Ctx, at: &Location, context: &str) -> Result<Point, Error> {
    let (x, y) = ctx.anchor(at, context)?;
    let d = 24.0 / std::f32::consts::SQRT_2;
    // Upper left, as the key shows it, where that covers no arrowhead (of the first drawing)
    // and no unit; else the spot round the place that covers fewest: a marker that stays
    // for years (an anchor) must not hide the heads of the moves into its province.
    let spots = [
        (-d, -d),
        (d, -d),
        (-d, d),
        (d, d),
        (0.0, -24.0),
        (-24.0, 0.0),
        (24.0, 0.0),
        (0.0, 24.0),
    ];
    let score = |p: Point| {
        let m = MarkShape::boxed(MarkKind::Badge, p, 10.5);
        let heads = ctx.avoid.heads.iter().filter(|h| m.covers(h)).count();
        let units = ctx
            .avoid
            .units
            .iter()
            .filter(|u| u.touches_disc(p, 10.5))
            .count();
        heads * 1000 + units * 10
    };
    Ok(spots
        .iter()
        .map(|(dx, dy)| (x + dx, y + dy))
        .enumerate()
        .min_by_key(|(k, p)| (score(*p), *k))
        .map_or((x - d, y - d), |(_, p)| p))
}

/// Draws `marks` for an order (or for the board, `outcome` succeeded): arrows and symbols in
/// `high`, rings in `mid` (a ring holding a new unit in `high`), patterns in `low`.
pub(super) fn draw(
    ctx: &Ctx,
    origin: &Origin,
    marks: &[Mark],
    outcome: Outcome,
    [low, mid, high]: [&mut Pen; 3],
    context: &str,
) -> Result<(), Error> {
    for m in marks {
        match m {
            Mark::Arrow {
                from,
                to,
                to_unit,
                line,
                head: h,
                tip,
                label,
                colour: c,
            } => {
                let c = colour(ctx, c, context)?;
                let a = origin.unit_at(ctx, from, context)?;
                let (b, gap) = if *to_unit {
                    {
                        // Outside any ring round the unit it points at (a convoy, a hold).
                        let b = ctx.unit_at(to, false, context)?;
                        (b, ctx.end_gap(b).max(UNIT_RADIUS + 2.0))
                    }
                } else {
                    let gap = match (tip, line) {
                        (Some(_), _) => 13.0,
                        (None, Stroke::Fine) => 8.0,
                        (None, _) => 9.0,
                    };
                    (ctx.anchor_from(to, a, context)?, gap)
                };
                let line = styled(arrow_line(*line, c), outcome);
                let Curve { c: bend, .. } =
                    arrow(high, a, b, MOVE_BEND, (UNIT_RADIUS, gap), &line, head(*h));
                if let Some(g) = tip {
                    high.fig
                        .marks
                        .push(MarkShape::boxed(MarkKind::Badge, b, 10.8));
                    let ink = if outcome == Outcome::Illegal {
                        crate::draw::ILLEGAL_RGB
                    } else {
                        line.colour
                    };
                    let _ = write!(high, "<g class=\"mark-tip\">");
                    glyph(high, g, b, 10.0, ink);
                    let _ = writeln!(high, "</g>");
                }
                let t = match label {
                    Some(g) => {
                        // The label waits, as an outcome mark does, for a spot clear of heads.
                        high.pending.push(Pending {
                            order: None,
                            spots: along(a, bend, b, 0.6),
                            r: 5.25,
                            outcome: Outcome::Succeeded,
                            label: Some((glyph_text(g), line.colour)),
                        });
                        0.35
                    }
                    None => 0.5,
                };
                outcome_mark(high, along(a, bend, b, t), 5.0, outcome);
            }
            Mark::Ring {
                at,
                line,
                colour: c,
                badge,
                unit,
            } => {
                let c = colour(ctx, c, context)?;
                let pos = ring_at(ctx, origin, at, unit.is_some(), context)?;
                let out: &mut Pen = if unit.is_some() { high } else { mid };
                match unit {
                    Some(kind) => {
                        // A unit that appears: it stands on the ring, in the colour of its
                        // power, washed out when the order did not place it.
                        let unit_colour = if outcome == Outcome::Succeeded {
                            c
                        } else {
                            c.mix(Rgb::WHITE, 0.55)
                        };
                        let edge = if outcome == Outcome::Illegal {
                            ILLEGAL
                        } else {
                            INK
                        };
                        let dash = ring_line(*line, c)
                            .dash
                            .map(|d| format!(" stroke-dasharray=\"{d}\""))
                            .unwrap_or_default();
                        let _ = writeln!(
                            out,
                            "<circle cx=\"{x}\" cy=\"{y}\" r=\"19\" fill=\"#ffffff\" fill-opacity=\"0.6\" stroke=\"{edge}\" stroke-width=\"4.4\"{dash} stroke-linecap=\"round\"/>",
                            x = f(pos.0),
                            y = f(pos.1)
                        );
                        out.fig.marks.push(MarkShape::ring(pos, RING_RADIUS, 2.2));
                        unit_symbol(out, kind, pos, unit_colour, 1.0);
                    }
                    None => ring(out, pos, RING_RADIUS, &styled(ring_line(*line, c), outcome)),
                }
                if let Some(g) = badge {
                    let ink = styled(ring_line(*line, c), outcome).colour;
                    let at = (pos.0 + 15.0, pos.1 - 15.0);
                    out.fig
                        .marks
                        .push(MarkShape::boxed(MarkKind::Badge, at, 8.5));
                    let _ = write!(out, "<g class=\"mark-badge\">");
                    glyph(out, g, at, 8.0, ink);
                    let _ = writeln!(out, "</g>");
                }
                outcome_mark(out, corners(pos, -15.0, -15.0), 4.5, outcome);
            }
            Mark::Symbol {
                at,
                glyph: g,
                colour: c,
            } => {
                let c = colour(ctx, c, context)?;
                let pos = symbol_at(ctx, at, context)?;
                high.fig
                    .marks
                    .push(MarkShape::boxed(MarkKind::Badge, pos, 10.5));
                let _ = write!(
                    high,
                    "<g class=\"mark-symbol\" data-province=\"{}\">",
                    esc(&at.to_string())
                );
                glyph(high, g, pos, 10.0, c);
                let _ = writeln!(high, "</g>");
                outcome_mark(high, corners(pos, 10.0, 10.0), 4.5, outcome);
            }
            Mark::Pattern {
                at,
                pattern,
                colour: c,
            } => {
                let c = colour(ctx, c, context)?;
                pattern_over(ctx, low, at, *pattern, c, context)?;
            }
        }
    }
    Ok(())
}

/// A glyph's text as a label along an arrow writes it.
fn glyph_text(g: &Glyph) -> String {
    match g {
        Glyph::Question => "?".into(),
        Glyph::Plus => "+".into(),
        Glyph::Flag => "\u{2691}".into(),
        Glyph::Number(n) => n.to_string(),
        Glyph::Text(t) => t.chars().take(6).collect(),
    }
}

/// A glyph on a disc of radius `r` at `at`: a number on a disc in `colour`, a "+" in ink on
/// white, a flag a pennant in `colour` on a pole rising from `at`, any other sign in `colour`
/// on white.
pub(super) fn glyph(out: &mut Pen, g: &Glyph, at: Point, r: f32, colour: Rgb) {
    let (x, y) = (f(at.0), f(at.1));
    match g {
        Glyph::Flag => {
            let (px, py) = (at.0 - 1.0, at.1 + 1.0);
            let _ = write!(
                out,
                "<path d=\"M{} {}V{}\" stroke=\"{INK}\" stroke-width=\"2\"/>\
                 <path d=\"M{} {}L{} {}L{} {}Z\" fill=\"{}\" stroke=\"{INK}\" stroke-width=\"1.4\"/>",
                f(px),
                f(py),
                f(py - 22.0),
                f(px),
                f(py - 22.0),
                f(px + 15.0),
                f(py - 17.0),
                f(px),
                f(py - 12.0),
                colour.hex()
            );
        }
        Glyph::Plus => {
            let k = r * 0.57;
            let _ = write!(
                out,
                "<circle cx=\"{x}\" cy=\"{y}\" r=\"{}\" fill=\"#ffffff\" stroke=\"{INK}\" stroke-width=\"1.5\"/>\
                 <path d=\"M{} {y}H{}M{x} {}V{}\" stroke=\"{INK}\" stroke-width=\"2.2\"/>",
                f(r * 0.875),
                f(at.0 - k),
                f(at.0 + k),
                f(at.1 - k),
                f(at.1 + k),
            );
        }
        Glyph::Number(n) => {
            let size = r * 1.4;
            let _ = write!(
                out,
                "<circle cx=\"{x}\" cy=\"{y}\" r=\"{}\" fill=\"{}\" stroke=\"{INK}\" stroke-width=\"1.6\"/>\
                 <text x=\"{x}\" y=\"{}\" font-size=\"{}\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"{}\">{n}</text>",
                f(r * 1.06),
                colour.hex(),
                f(at.1 + size * 0.36),
                f(size),
                colour.text_on().hex()
            );
        }
        Glyph::Question | Glyph::Text(_) => {
            let text = glyph_text(g);
            let n = text.chars().count().max(1) as f32;
            let size = (r * 1.5).min(2.6 * r / (0.62 * n)).max(6.0);
            // A word wider than the disc gets a rounded plate instead.
            let half_w = (0.31 * size * n + 3.0).max(r);
            let _ = write!(
                out,
                "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"{r}\" fill=\"#ffffff\" stroke=\"{INK}\" stroke-width=\"1.6\"/>\
                 <text x=\"{x}\" y=\"{}\" font-size=\"{}\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"{}\">{}</text>",
                f(at.0 - half_w),
                f(at.1 - r),
                f(2.0 * half_w),
                f(2.0 * r),
                f(at.1 + size * 0.36),
                f(size),
                colour.hex(),
                esc(&text)
            );
        }
    }
}

/// A pattern's id and its definition, in `colour` over a pale tint of it.
pub(super) fn pattern_def(pattern: Pattern, colour: Rgb, id: &str) -> String {
    let tint = colour.mix(Rgb::WHITE, 0.85).hex();
    match pattern {
        Pattern::Hatch => format!(
            "<pattern id=\"{id}\" patternUnits=\"userSpaceOnUse\" width=\"9\" height=\"9\" patternTransform=\"rotate(45)\">\
             <rect width=\"9\" height=\"9\" fill=\"{tint}\" fill-opacity=\"0.45\"/>\
             <rect width=\"2\" height=\"9\" fill=\"{}\" fill-opacity=\"0.6\"/></pattern>",
            colour.hex()
        ),
        Pattern::Dots => format!(
            "<pattern id=\"{id}\" patternUnits=\"userSpaceOnUse\" width=\"8\" height=\"8\">\
             <rect width=\"8\" height=\"8\" fill=\"{tint}\" fill-opacity=\"0.45\"/>\
             <circle cx=\"4\" cy=\"4\" r=\"1.7\" fill=\"{}\" fill-opacity=\"0.7\"/></pattern>",
            colour.hex()
        ),
    }
}

fn pattern_name(p: Pattern) -> &'static str {
    match p {
        Pattern::Hatch => "hatch",
        Pattern::Dots => "dots",
    }
}

/// The id of a pattern in a colour: one definition serves every province it covers.
fn pattern_id(p: Pattern, colour: Rgb) -> String {
    format!("pattern-{}-{}", pattern_name(p), &colour.hex()[1..])
}

/// A province (a coast: a disc at its anchor) covered with `pattern`.
fn pattern_over(
    ctx: &Ctx,
    out: &mut Pen,
    at: &Location,
    pattern: Pattern,
    colour: Rgb,
    context: &str,
) -> Result<(), Error> {
    let id = pattern_id(pattern, colour);
    let class = format!("pattern-{}", pattern_name(pattern));
    let province = ctx
        .art
        .province(&at.province)
        .ok_or_else(|| Error::UnknownProvince {
            province: at.province.clone(),
            context: context.to_string(),
        })?;
    let _ = write!(out, "<defs>{}</defs>", pattern_def(pattern, colour, &id));
    match &at.coast {
        None => {
            let _ = writeln!(
                out,
                "<path class=\"{class}\" data-province=\"{}\" d=\"{}\" fill=\"url(#{id})\" fill-rule=\"evenodd\" stroke=\"{}\" stroke-width=\"1.2\" stroke-opacity=\"0.8\"/>",
                esc(&province.id),
                province.d.join(" "),
                colour.hex()
            );
        }
        Some(_) => {
            let (x, y) = ctx.anchor(at, context)?;
            let _ = writeln!(
                out,
                "<circle class=\"{class}\" data-province=\"{}\" cx=\"{}\" cy=\"{}\" r=\"18\" fill=\"url(#{id})\" stroke=\"{}\" stroke-width=\"1.6\" stroke-dasharray=\"3 2\"/>",
                esc(&at.to_string()),
                f(x),
                f(y),
                colour.hex()
            );
        }
    }
    Ok(())
}

/// Whether a mark stands in a hidden province (the picture leaves such marks out).
fn hidden(scene: &Scene, m: &Mark) -> bool {
    let h = |l: &Location| scene.hidden.contains(&l.province);
    match m {
        Mark::Arrow { from, to, .. } => h(from) || h(to),
        Mark::Ring { at, .. } | Mark::Symbol { at, .. } | Mark::Pattern { at, .. } => h(at),
    }
}

/// The marks of the board's state, outside hidden provinces, each with the word its group
/// is keyed by.
pub(super) fn state(scene: &Scene) -> impl Iterator<Item = (Option<&str>, &Mark)> {
    scene.marks.iter().flat_map(move |g| {
        g.marks
            .iter()
            .filter(move |m| !hidden(scene, m))
            .map(move |m| (g.key.as_deref(), m))
    })
}

/// The board's state: patterns under everything else the overlay draws (into `under`), the
/// other marks over the units (into `over`).
pub(super) fn board(
    ctx: &Ctx,
    scene: &Scene,
    under: &mut Pen,
    over: &mut Pen,
) -> Result<(), Error> {
    let origin = Origin {
        unit: None,
        own: None,
    };
    let mut mid = Pen::new(over.avoid);
    let mut high = Pen::new(over.avoid);
    let mut low = Pen::new(under.avoid);
    for (key, m) in state(scene) {
        let context = format!("mark {}", key.unwrap_or("of the board"));
        draw(
            ctx,
            &origin,
            std::slice::from_ref(m),
            Outcome::Succeeded,
            [&mut low, &mut mid, &mut high],
            &context,
        )?;
    }
    if !low.svg.is_empty() {
        // A background a label may sit on (see `labels::BACKGROUND`).
        under.svg += "<g id=\"patterns\">\n";
        under.svg += &low.svg;
        under.svg += "</g>\n";
    }
    if !mid.svg.is_empty() || !high.svg.is_empty() {
        over.svg += "<g id=\"board-marks\">\n";
        over.svg += &mid.svg;
        over.svg += &high.svg;
        over.svg += "</g>\n";
    }
    over.fig.append(std::mem::take(&mut mid.fig));
    over.fig.append(std::mem::take(&mut high.fig));
    Ok(())
}

/// A mark drawn small in the key, centred on `c` and about 30 wide, in `grey`.
pub(super) fn sample(out: &mut Pen, m: &Mark, c: Point, grey: Rgb) {
    let (l, r) = ((c.0 - 15.0, c.1), (c.0 + 15.0, c.1));
    match m {
        Mark::Arrow {
            line,
            head: h,
            tip,
            label,
            ..
        } => {
            let mut line = arrow_line(*line, grey);
            line.width *= 0.8;
            line.casing *= 0.8;
            let end = if tip.is_some() { (r.0 - 9.0, r.1) } else { r };
            arrow(out, l, end, 0.0, (0.0, 0.0), &line, head(*h));
            if let Some(g) = tip {
                glyph(out, g, (r.0 - 3.5, r.1), 5.5, INK_RGB);
            }
            if let Some(g) = label {
                glyph(out, &small(g), (c.0, c.1 - 6.0), 5.0, grey);
            }
        }
        Mark::Ring {
            line, badge, unit, ..
        } => {
            // A ring holding a new unit is drawn in ink, as on the map.
            let line = ring_line(*line, if unit.is_some() { INK_RGB } else { grey });
            let _ = write!(
                out,
                "<circle cx=\"{}\" cy=\"{}\" r=\"7.5\" fill=\"none\" stroke=\"{INK}\" stroke-width=\"{}\"{}/>\
                 <circle cx=\"{}\" cy=\"{}\" r=\"7.5\" fill=\"none\" stroke=\"{}\" stroke-width=\"{}\"{}/>",
                f(c.0),
                f(c.1),
                f(line.casing * 0.7),
                line.dash
                    .map(|d| format!(" stroke-dasharray=\"{d}\""))
                    .unwrap_or_default(),
                f(c.0),
                f(c.1),
                grey.hex(),
                f(line.width * 0.7),
                line.dash
                    .map(|d| format!(" stroke-dasharray=\"{d}\""))
                    .unwrap_or_default(),
            );
            if let Some(g) = badge {
                // Scaled down whole, so a flag's pole stays inside the key's row.
                let (at, scale) = match g {
                    Glyph::Flag => ((c.0 + 6.0, c.1 + 3.0), 0.5),
                    _ => ((c.0 + 8.0, c.1 - 6.0), 0.6),
                };
                let _ = write!(
                    out,
                    "<g transform=\"translate({} {}) scale({scale})\">",
                    f(at.0),
                    f(at.1)
                );
                glyph(out, &small(g), (0.0, 0.0), 8.0, grey);
                let _ = write!(out, "</g>");
            }
        }
        Mark::Symbol { glyph: g, .. } => glyph(out, g, c, 7.5, INK_RGB),
        Mark::Pattern {
            pattern, colour, ..
        } => {
            // The sample has its own copy of the pattern, so the key stands alone.
            let rgb = match colour {
                MarkColour::Water => WATER,
                _ => grey,
            };
            let id = format!("{}-key", pattern_id(*pattern, rgb));
            let _ = write!(
                out,
                "<defs>{}</defs><rect x=\"{}\" y=\"{}\" width=\"22\" height=\"14\" rx=\"3\" fill=\"url(#{id})\" stroke=\"{}\" stroke-width=\"1.2\"/>",
                pattern_def(*pattern, rgb, &id),
                f(c.0 - 11.0),
                f(c.1 - 7.0),
                rgb.hex()
            );
        }
    }
}

/// A badge's glyph as the key draws it: a flag stays a flag, a number reads "1".
fn small(g: &Glyph) -> Glyph {
    match g {
        Glyph::Number(_) => Glyph::Number(1),
        other => other.clone(),
    }
}
