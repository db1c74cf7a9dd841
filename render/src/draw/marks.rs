//! Supply centre markers and unit symbols: what stands on the board before any order is drawn.

use std::collections::HashMap;
use std::fmt::Write;

use super::geometry::{arrow, Head, Line};
use super::placement::dislodged_at;
use super::{f, Ctx, ILLEGAL, INK};
use crate::art::Point;
use crate::error::Error;
use crate::palette::Rgb;
use crate::scene::{Scene, UnitKind};

/// Roughly how far from its anchor a unit symbol reaches.
pub(super) const UNIT_RADIUS: f32 = 14.0;

pub(super) fn supply_centres(ctx: &Ctx, scene: &Scene, out: &mut String) -> Result<(), Error> {
    let mut marks = HashMap::new();
    for m in &scene.supply_centres {
        if !ctx.art.has_province(&m.province) {
            return Err(Error::UnknownProvince {
                province: m.province.clone(),
                context: "supply centre".into(),
            });
        }
        if ctx.art.sc_anchor(&m.province).is_none() {
            return Err(Error::UnknownProvince {
                province: m.province.clone(),
                context: "supply centre (the art has no centre there)".into(),
            });
        }
        marks.insert(m.province.as_str(), m);
    }
    *out += "<g id=\"centres\">\n";
    for p in ctx.art.supply_centres() {
        let (x, y) = ctx.art.sc_anchor(p).expect("centre");
        let m = marks.get(p);
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

/// Draws a unit symbol centred on `at`. The outline tells the kind apart
/// without colour; the letter repeats it.
pub(super) fn unit_symbol(out: &mut String, kind: UnitKind, at: Point, colour: Rgb, scale: f32) {
    let (shape, letter, size) = match kind {
        UnitKind::Army => ("<circle r=\"12.5\"/>", "A", 14.0),
        UnitKind::Fleet => ("<path d=\"M-17.5-7.5H17.5L11 8.5H-11Z\"/>", "F", 14.0),
        UnitKind::RiverFlotilla => ("<path d=\"M0-13.5L17 0L0 13.5L-17 0Z\"/>", "R", 13.0),
        UnitKind::ArmyFleet => ("<path d=\"M-9-12.5H9L17 0L9 12.5H-9L-17 0Z\"/>", "AF", 12.0),
    };
    let transform = if scale == 1.0 {
        format!("translate({} {})", f(at.0), f(at.1))
    } else {
        format!("translate({} {}) scale({scale})", f(at.0), f(at.1))
    };
    let _ = writeln!(
        out,
        "<g transform=\"{transform}\">\
         <g transform=\"translate(1.6 1.8)\" fill=\"#000000\" fill-opacity=\"0.35\">{shape}</g>\
         <g fill=\"{}\" stroke=\"{INK}\" stroke-width=\"1.7\">{shape}</g>\
         <text y=\"{}\" font-size=\"{size}\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"{}\">{letter}</text></g>",
        colour.hex(),
        f(size * 0.36),
        colour.text_on().hex(),
    );
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
        .filter(|(u, _)| !u.dislodged)
    {
        let c = ctx.colour(&u.power, "unit")?;
        unit_symbol(out, u.kind, *pos, c, 1.0);
    }
    *out += "</g>\n";
    Ok(())
}

/// The dislodged units, drawn last so that no order hides them: each smaller, in a red
/// dashed ring, with thin dotted arrows to its retreat options.
pub(super) fn dislodged_units(ctx: &Ctx, scene: &Scene, out: &mut String) -> Result<(), Error> {
    *out += "<g id=\"dislodged\">\n";
    for u in scene.units.iter().filter(|u| u.dislodged) {
        let c = ctx.colour(&u.power, "unit")?;
        let pos = dislodged_at(ctx.anchor(&u.location, "unit")?);
        for r in &u.retreats {
            let to = ctx.anchor_from(r, pos, "retreat option")?;
            let line = Line {
                dash: Some("2 4"),
                width: 1.8,
                colour: c,
                casing: 3.6,
                cap: "round",
            };
            arrow(out, pos, to, 0.0, (UNIT_RADIUS, 6.0), &line, Head::Open);
        }
        let _ = writeln!(
            out,
            "<circle cx=\"{}\" cy=\"{}\" r=\"16\" fill=\"#ffffff\" fill-opacity=\"0.55\" stroke=\"{ILLEGAL}\" stroke-width=\"2.4\" stroke-dasharray=\"4 2.5\"/>",
            f(pos.0),
            f(pos.1)
        );
        unit_symbol(out, u.kind, pos, c, 0.85);
    }
    *out += "</g>\n";
    Ok(())
}
