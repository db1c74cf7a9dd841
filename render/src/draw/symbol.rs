//! A unit's symbol: the outline that tells its kind apart without colour, with its letter.

use std::fmt::Write;

use super::{f, INK};
use crate::art::Point;
use crate::palette::Rgb;
use crate::scene::UnitKind;

/// Roughly how far from its anchor a unit symbol reaches.
pub(super) const UNIT_RADIUS: f32 = 14.0;

/// Draws a unit symbol centred on `at`. The outline tells the kind apart
/// without colour; the letter repeats it.
pub(super) fn unit_symbol(
    out: &mut impl Write,
    kind: &UnitKind,
    at: Point,
    colour: Rgb,
    scale: f32,
) {
    let transform = if scale == 1.0 {
        format!("translate({} {})", f(at.0), f(at.1))
    } else {
        format!("translate({} {}) scale({scale})", f(at.0), f(at.1))
    };
    let token = |out: &mut dyn Write, shape: &str, letter: &str, size: f32, dy: f32| {
        let _ = write!(
            out,
            "<g transform=\"translate(1.6 1.8)\" fill=\"#000000\" fill-opacity=\"0.35\">{shape}</g>\
             <g fill=\"{}\" stroke=\"{INK}\" stroke-width=\"1.7\">{shape}</g>\
             <text y=\"{}\" font-size=\"{}\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"{}\">{}</text>",
            colour.hex(),
            f(dy + size * 0.36),
            f(size),
            colour.text_on().hex(),
            super::esc(letter),
        );
    };
    let _ = write!(out, "<g transform=\"{transform}\">");
    match kind {
        UnitKind::Army => token(out, "<circle r=\"12.5\"/>", "A", 14.0, 0.0),
        UnitKind::Fleet => token(out, FLEET_HULL, "F", 14.0, 0.0),
        UnitKind::RiverFlotilla => token(
            out,
            "<path d=\"M0-13.5L17 0L0 13.5L-17 0Z\"/>",
            "R",
            13.0,
            0.0,
        ),
        UnitKind::ArmyFleet => {
            // A fleet's hull with an army's disc riding on its deck: the army aboard.
            let _ = write!(
                out,
                "<g class=\"unit-army-fleet\"><g transform=\"translate(0 5)\">"
            );
            token(out, FLEET_HULL, "F", 12.0, 0.0);
            let _ = write!(out, "</g><g transform=\"translate(0 -9.5) scale(0.7)\">");
            token(out, "<circle r=\"12.5\"/>", "A", 14.0, 0.0);
            let _ = write!(out, "</g></g>");
        }
        UnitKind::Other(letter) => {
            let n = letter.chars().count().max(1) as f32;
            let size = (14.0f32).min(30.0 / (0.68 * n)).max(7.0);
            let shape = "<rect x=\"-15\" y=\"-12\" width=\"30\" height=\"24\" rx=\"6\"/>";
            let _ = write!(out, "<g class=\"unit-other\">");
            token(out, shape, letter, size, 0.0);
            let _ = write!(out, "</g>");
        }
    }
    let _ = writeln!(out, "</g>");
}

/// A fleet's hull, centred on the origin.
const FLEET_HULL: &str = "<path d=\"M-17.5-7.5H17.5L11 8.5H-11Z\"/>";
