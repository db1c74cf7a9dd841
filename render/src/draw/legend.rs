//! The legend: the phase's title and, per power, its colour, centres and units.

use std::collections::HashMap;
use std::fmt::Write;

use super::marks::{shading_pattern, shadings, unit_symbol};
use super::{esc, f, Ctx, INK};
use crate::palette::Rgb;
use crate::scene::Scene;
use crate::scene::Shading;

pub(super) fn legend(ctx: &Ctx, scene: &Scene, out: &mut String) {
    let (lx, ly, lw, lh) = ctx.art.legend_area().unwrap_or((10.0, 10.0, 240.0, 320.0));
    let pad = 10.0;
    // Centre counts: given, or counted from the markers.
    let mut counts: HashMap<&str, usize> = HashMap::new();
    if scene.sc_counts.is_empty() {
        for m in &scene.supply_centres {
            if let Some(o) = &m.owner {
                *counts.entry(o.as_str()).or_default() += 1;
            }
        }
    } else {
        for c in &scene.sc_counts {
            counts.insert(c.power.as_str(), c.count);
        }
    }
    let mut units: HashMap<&str, usize> = HashMap::new();
    for u in &scene.units {
        *units.entry(u.power.as_str()).or_default() += 1;
    }

    // Size the title to fit the box; DejaVu Sans Bold averages about 0.64 em per character.
    let chars = scene.title.chars().count().max(1) as f32;
    let title_size = (19.0f32).min((lw - 2.0 * pad) / (0.64 * chars)).max(10.0);
    // A key row for earned home centres, when the scene has any or a claim on one.
    let key = scene
        .supply_centres
        .iter()
        .any(|m| m.earned || m.claim.is_some());
    let shadings = shadings(scene);
    let extra_keys = scene.unit_keys.len() + shadings.len();
    let rows = scene.powers.len() as f32 + if key { 1.0 } else { 0.0 } + extra_keys as f32;
    let head = pad + title_size + 22.0;
    let row_h = if rows > 0.0 {
        ((lh - head - pad) / rows).min(24.0)
    } else {
        24.0
    };
    let text_size = (row_h * 0.66).min(15.0);
    let height = head + rows * row_h + pad * 0.6;
    let _ = writeln!(
        out,
        "<g id=\"legend\"><rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"6\" fill=\"#ffffff\" fill-opacity=\"0.93\" stroke=\"#333333\" stroke-width=\"1.2\"/>",
        f(lx),
        f(ly),
        f(lw),
        f(height)
    );
    let _ = writeln!(
        out,
        "<text x=\"{}\" y=\"{}\" font-size=\"{}\" font-weight=\"bold\" fill=\"{INK}\">{}</text>",
        f(lx + pad),
        f(ly + pad + title_size * 0.8),
        f(title_size),
        esc(&scene.title)
    );
    let sc_x = lx + lw - 62.0;
    let units_x = lx + lw - pad;
    let hy = ly + pad + title_size + 14.0;
    let _ = writeln!(
        out,
        "<text y=\"{}\" font-size=\"11\" fill=\"#555555\" text-anchor=\"end\"><tspan x=\"{}\">centres</tspan><tspan x=\"{}\">units</tspan></text>",
        f(hy),
        f(sc_x),
        f(units_x)
    );
    for (i, p) in scene.powers.iter().enumerate() {
        let c = ctx.colours[p.name.as_str()];
        let cy = ly + head + row_h * (i as f32 + 0.5);
        let base = cy + text_size * 0.36;
        let n = counts.get(p.name.as_str()).copied().unwrap_or(0);
        let u = units.get(p.name.as_str()).copied().unwrap_or(0);
        let dim = if n == 0 && u == 0 {
            " opacity=\"0.5\""
        } else {
            ""
        };
        let _ = writeln!(
            out,
            "<g{dim}><rect x=\"{}\" y=\"{}\" width=\"16\" height=\"{}\" rx=\"3\" fill=\"{}\" stroke=\"{INK}\" stroke-width=\"1.2\"/>\
             <text x=\"{}\" y=\"{}\" font-size=\"{}\" fill=\"{INK}\">{}</text>\
             <text x=\"{}\" y=\"{}\" font-size=\"{}\" font-weight=\"bold\" fill=\"{INK}\" text-anchor=\"end\">{n}</text>\
             <text x=\"{}\" y=\"{}\" font-size=\"{}\" fill=\"#444444\" text-anchor=\"end\">{u}</text></g>",
            f(lx + pad),
            f(cy - text_size * 0.55),
            f(text_size * 1.1),
            c.hex(),
            f(lx + pad + 24.0),
            f(base),
            f(text_size),
            esc(&p.name),
            f(sc_x),
            f(base),
            f(text_size),
            f(units_x),
            f(base),
            f(text_size),
        );
    }
    if key {
        let cy = ly + head + row_h * (scene.powers.len() as f32 + 0.5);
        let base = cy + text_size * 0.3;
        let small = text_size * 0.85;
        let x = lx + pad + 8.0;
        let _ = writeln!(
            out,
            "<g><circle cx=\"{}\" cy=\"{}\" r=\"7.5\" fill=\"none\" stroke=\"{INK}\" stroke-width=\"1.4\"/>\
             <circle cx=\"{}\" cy=\"{}\" r=\"4.5\" fill=\"#ffffff\" stroke=\"{INK}\" stroke-width=\"1.8\"/>\
             <text x=\"{}\" y=\"{}\" font-size=\"{}\" fill=\"{INK}\">earned home</text></g>",
            f(x),
            f(cy),
            f(x),
            f(cy),
            f(x + 13.0),
            f(base),
            f(small)
        );
        let px = lx + lw * 0.55;
        for i in 0..3 {
            let fill = if i == 0 { INK } else { "#ffffff" };
            let _ = writeln!(
                out,
                "<circle cx=\"{}\" cy=\"{}\" r=\"3.1\" fill=\"{fill}\" stroke=\"{INK}\" stroke-width=\"1.2\"/>",
                f(px + 7.5 * i as f32),
                f(cy)
            );
        }
        let _ = writeln!(
            out,
            "<text x=\"{}\" y=\"{}\" font-size=\"{}\" fill=\"{INK}\">earning</text>",
            f(px + 22.0),
            f(base),
            f(small)
        );
    }
    // The unit kinds and shadings keyed, one row each, after the powers (and earned homes).
    let first = scene.powers.len() + usize::from(key);
    let small = text_size * 0.85;
    for (i, k) in scene.unit_keys.iter().enumerate() {
        let cy = ly + head + row_h * ((first + i) as f32 + 0.5);
        let x = lx + pad + 12.0;
        let scale = (row_h / 30.0).min(0.8);
        let _ = write!(out, "<g class=\"key-unit\">");
        unit_symbol(out, &k.kind, (x, cy), Rgb(0xd8, 0xd8, 0xd8), scale);
        let _ = writeln!(
            out,
            "<text x=\"{}\" y=\"{}\" font-size=\"{}\" fill=\"{INK}\">{}</text></g>",
            f(lx + pad + 30.0),
            f(cy + small * 0.36),
            f(small),
            esc(&k.name)
        );
    }
    for (i, k) in shadings.iter().enumerate() {
        let cy = ly + head + row_h * ((first + scene.unit_keys.len() + i) as f32 + 0.5);
        // The key's swatch has its own copy of the pattern, so the legend stands alone.
        let (id, pattern) = shading_pattern(*k);
        let key_id = format!("{id}-key");
        let swatch = pattern.replacen(&format!("id=\"{id}\""), &format!("id=\"{key_id}\""), 1);
        let word = match k {
            Shading::Frozen => "frozen",
        };
        let _ = writeln!(
            out,
            "<g class=\"key-shading\"><defs>{swatch}</defs><rect x=\"{}\" y=\"{}\" width=\"22\" height=\"{}\" rx=\"3\" fill=\"url(#{key_id})\" stroke=\"#6fa8dc\" stroke-width=\"1.2\"/>\
             <text x=\"{}\" y=\"{}\" font-size=\"{}\" fill=\"{INK}\">{word}</text></g>",
            f(lx + pad),
            f(cy - text_size * 0.55),
            f(text_size * 1.1),
            f(lx + pad + 30.0),
            f(cy + small * 0.36),
            f(small),
        );
    }
    *out += "</g>\n";
}
