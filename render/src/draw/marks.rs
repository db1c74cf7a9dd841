//! Supply centre markers and unit symbols: what stands on the board before any order is drawn.

use std::collections::HashMap;
use std::fmt::Write;

use super::figure::Pen;
use super::geometry::{Head, Line};
use super::placement::DISLODGED_SCALE;
use super::symbol::{unit_symbol, UNIT_RADIUS};
use super::{f, Ctx, ILLEGAL, INK};
use crate::art::Point;
use crate::error::Error;
use crate::palette::Rgb;
use crate::scene::Scene;

/// How far from a unit's place a centre marker the art does not draw stands, and a caption
/// under it begins: beyond a unit's symbol (about 13 across its middle).
const UNIT_CLEAR: f32 = 24.0;

/// Where a centre's marker stands: the art's centre anchor, else (a centre the rules made
/// during the game) up and to the right of the province's unit place, beyond a unit there.
fn centre_point(ctx: &Ctx, province: &str) -> Option<Point> {
    if let Some(p) = ctx.art.sc_anchor(province) {
        return Some(p);
    }
    let (x, y) = ctx.art.unit_anchor(province, None)?;
    let d = UNIT_CLEAR / std::f32::consts::SQRT_2;
    Some((x + d, y - d))
}

pub(super) fn supply_centres(ctx: &Ctx, scene: &Scene, out: &mut String) -> Result<(), Error> {
    let mut marks = HashMap::new();
    for m in scene
        .supply_centres
        .iter()
        .filter(|m| !scene.hidden.contains(&m.province))
    {
        if !ctx.art.has_province(&m.province) {
            return Err(Error::UnknownProvince {
                province: m.province.clone(),
                context: "supply centre".into(),
            });
        }
        if centre_point(ctx, &m.province).is_none() {
            return Err(Error::UnknownProvince {
                province: m.province.clone(),
                context: "supply centre (the art has no centre there)".into(),
            });
        }
        marks.insert(m.province.as_str(), m);
    }
    *out += "<g id=\"centres\">\n";
    // The art's centres, then the centres the rules made that the art does not draw.
    let extra = scene
        .supply_centres
        .iter()
        .filter(|m| !scene.hidden.contains(&m.province))
        .map(|m| m.province.as_str())
        .filter(|p| ctx.art.sc_anchor(p).is_none());
    for p in ctx
        .art
        .supply_centres()
        .filter(|p| !scene.hidden.iter().any(|h| h == p))
        .chain(extra)
    {
        let (x, y) = centre_point(ctx, p).expect("centre");
        let m = marks.get(p);
        if let Some(name) = m.and_then(|m| m.name.as_deref()) {
            // Under the unit's place, clear of a unit standing there.
            let (ux, uy) = ctx.art.unit_anchor(p, None).unwrap_or((x, y));
            let _ = writeln!(
                out,
                "<text class=\"centre-name\" data-province=\"{}\" x=\"{}\" y=\"{}\" font-size=\"12\" font-weight=\"bold\" font-style=\"italic\" text-anchor=\"middle\" fill=\"{INK}\" stroke=\"#ffffff\" stroke-width=\"3\" paint-order=\"stroke\">{}</text>",
                super::esc(p),
                f(ux),
                f(uy + UNIT_CLEAR + 12.0),
                super::esc(name)
            );
        }
        let owner = match m.and_then(|m| m.owner.as_deref()) {
            Some(o) => Some(ctx.colour(o, &format!("owner of centre {p}"))?),
            None => None,
        };
        let home = match m.and_then(|m| m.home_of.as_deref()) {
            Some(h) => Some(ctx.colour(h, &format!("home power of centre {p}"))?),
            None => None,
        };
        let (cx, cy) = (x, y);
        let (x, y) = (f(x), f(y));
        if let (Some(h), true) = (home, m.is_some_and(|m| m.earned)) {
            // An earned home centre: a second ring outside the home ring.
            let _ = writeln!(
                out,
                "<circle cx=\"{x}\" cy=\"{y}\" r=\"12.8\" fill=\"none\" stroke=\"{INK}\" stroke-width=\"3.6\"/>\
                 <circle cx=\"{x}\" cy=\"{y}\" r=\"12.8\" fill=\"none\" stroke=\"{}\" stroke-width=\"1.8\"/>",
                h.hex()
            );
        }
        if let Some(h) = home {
            // Home centres get a ring in the home power's colour, kept even when captured.
            let _ = writeln!(
                out,
                "<circle cx=\"{x}\" cy=\"{y}\" r=\"9.2\" fill=\"#ffffff\" stroke=\"{INK}\" stroke-width=\"4.6\"/>\
                 <circle cx=\"{x}\" cy=\"{y}\" r=\"9.2\" fill=\"#ffffff\" stroke=\"{}\" stroke-width=\"2.6\"/>",
                h.hex()
            );
        }
        let fill = owner
            .map(|c| c.hex())
            .unwrap_or_else(|| "#fbf8ef".to_string());
        let _ = writeln!(
            out,
            "<circle cx=\"{x}\" cy=\"{y}\" r=\"5.6\" fill=\"{fill}\" stroke=\"{INK}\" stroke-width=\"1.4\"/>"
        );
        if owner.is_none() {
            // An unowned centre shows a dot so it reads as a centre, not a hole.
            let _ = writeln!(
                out,
                "<circle cx=\"{x}\" cy=\"{y}\" r=\"1.6\" fill=\"{INK}\"/>"
            );
        }
        if let Some(c) = m.and_then(|m| m.claim.as_ref()) {
            let colour = ctx.colour(&c.power, &format!("claim on centre {p}"))?;
            claim_pips(out, (cx, cy), c.done, c.needed, colour);
        }
    }
    *out += "</g>\n";
    Ok(())
}

/// Progress towards a home centre: `needed` pips in an arc over the marker at `at`, the first
/// `done` filled in the claiming power's colour, the rest white.
fn claim_pips(out: &mut String, at: Point, done: u32, needed: u32, colour: Rgb) {
    let n = needed.clamp(1, 8);
    let step = 0.5f32;
    let first = -std::f32::consts::FRAC_PI_2 - step * (n - 1) as f32 / 2.0;
    for i in 0..n {
        let a = first + step * i as f32;
        let (px, py) = (at.0 + 14.5 * a.cos(), at.1 + 14.5 * a.sin());
        let fill = if i < done {
            colour.hex()
        } else {
            "#ffffff".to_string()
        };
        let _ = writeln!(
            out,
            "<circle cx=\"{}\" cy=\"{}\" r=\"3.1\" fill=\"{fill}\" stroke=\"{INK}\" stroke-width=\"1.2\"/>",
            f(px),
            f(py)
        );
    }
}

/// The units standing in their provinces, at the places `placement` gave them.
pub(super) fn standing_units(
    ctx: &Ctx,
    scene: &Scene,
    unit_pos: &[Point],
    out: &mut String,
) -> Result<(), Error> {
    *out += "<g id=\"units\">\n";
    for (u, pos) in scene
        .units
        .iter()
        .zip(unit_pos)
        .filter(|(u, _)| !u.dislodged && u.dislodged_by.is_none())
    {
        let c = ctx.colour(&u.power, "unit")?;
        unit_symbol(out, &u.kind, *pos, c, 1.0);
    }
    *out += "</g>\n";
    Ok(())
}

/// The dislodged units, drawn last so that no order hides them: each smaller, in a red
/// dashed ring beside the unit that took its place (see `placement`), tied to its province's
/// place by a short red line, with thin dotted arrows to its retreat options. On a movement
/// map a unit its attacker dislodged stands pushed out of its province, so the line ties it to
/// the point the attack arrives at.
pub(super) fn dislodged_units(
    ctx: &Ctx,
    scene: &Scene,
    unit_pos: &[Point],
    out: &mut Pen,
) -> Result<(), Error> {
    out.svg += "<g id=\"dislodged\">\n";
    for (i, (u, pos)) in scene
        .units
        .iter()
        .zip(unit_pos)
        .enumerate()
        .filter(|(_, (u, _))| u.dislodged || u.dislodged_by.is_some())
    {
        let c = ctx.colour(&u.power, "unit")?;
        let pos = *pos;
        for r in &u.retreats {
            let to = ctx.anchor_from(r, pos, "retreat option")?;
            let line = Line {
                dash: Some("2 4"),
                width: 1.8,
                colour: c,
                casing: 3.6,
                cap: "round",
            };
            super::orders::line_round(out, pos, to, 0.0, (UNIT_RADIUS, 6.0), &line, Head::Open);
        }
        let by = match &u.dislodged_by {
            Some(by) => format!(" data-by=\"{}\"", super::esc(&by.to_string())),
            None => String::new(),
        };
        let _ = write!(
            out,
            "<g class=\"dislodged\" data-province=\"{}\"{by}>",
            super::esc(&u.location.to_string())
        );
        // The tie: from the edge of the unit standing on the province's place (or from the
        // place, where the attack arrives) to the ring.
        let anchor = ctx.anchor(&u.location, "unit")?;
        let (dx, dy) = (pos.0 - anchor.0, pos.1 - anchor.1);
        let len = dx.hypot(dy).max(1e-3);
        let (ux, uy) = (dx / len, dy / len);
        let from = ctx
            .avoid
            .units
            .iter()
            .enumerate()
            .find(|(j, s)| *j != i && !s.dislodged && super::figure::dist(s.at, anchor) < 1.0)
            .map(|(_, s)| {
                let (hx, hy) = (
                    (s.bounds.x1 - s.bounds.x0) / 2.0,
                    (s.bounds.y1 - s.bounds.y0) / 2.0,
                );
                let edge = match s.radius {
                    Some(r) => r,
                    None => (hx / ux.abs().max(1e-3)).min(hy / uy.abs().max(1e-3)),
                };
                edge + 1.0
            })
            .unwrap_or(0.0);
        let start = (anchor.0 + ux * from, anchor.1 + uy * from);
        let end = (pos.0 - ux * 16.0, pos.1 - uy * 16.0);
        if len - 16.0 > from + 2.0 {
            let _ = write!(
                out,
                "<path class=\"tie\" d=\"M{} {}L{} {}\" stroke=\"#ffffff\" stroke-width=\"4.4\" stroke-linecap=\"round\"/>\
                 <path d=\"M{} {}L{} {}\" stroke=\"{ILLEGAL}\" stroke-width=\"2.4\" stroke-linecap=\"round\"/>",
                f(start.0),
                f(start.1),
                f(end.0),
                f(end.1),
                f(start.0),
                f(start.1),
                f(end.0),
                f(end.1)
            );
        }
        let _ = write!(
            out,
            "<circle cx=\"{}\" cy=\"{}\" r=\"16\" fill=\"#ffffff\" fill-opacity=\"0.55\" stroke=\"{ILLEGAL}\" stroke-width=\"2.4\" stroke-dasharray=\"4 2.5\"/>",
            f(pos.0),
            f(pos.1)
        );
        unit_symbol(out, &u.kind, pos, c, DISLODGED_SCALE);
        out.svg += "</g>\n";
    }
    out.svg += "</g>\n";
    Ok(())
}
