//! The legend: the phase's title and, per power, its colour, centres and units.

use std::collections::HashMap;
use std::fmt::Write;

use super::figure::Pen;
use super::geometry::{arrow, cross, no_entry, octagon, Head, Line};
use super::symbol::unit_symbol;
use super::vocabulary;
use super::{esc, f, Ctx, ILLEGAL, INK};
use crate::art::Point;
use crate::palette::Rgb;
use crate::scene::{Mark, Order, Outcome, Scene};

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
    let extra_keys = scene.unit_keys.len();
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
            esc(p.shown()),
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
    // The unit kinds keyed, one row each, after the powers (and earned homes).
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
    *out += "</g>\n";
    symbol_key(ctx, scene, (lx, ly, lw), height, out);
}

/// A symbol of the map's key: what kind of mark, and so how it is drawn and named.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Symbol {
    Move,
    Support,
    SupportHold,
    Convoy,
    Hold,
    Build,
    Disband,
    Failed,
    Illegal,
    Void,
    Dislodged,
    RetreatOption,
    RuledRetreat,
}

impl Symbol {
    /// The word the key gives it.
    pub(super) fn word(self) -> &'static str {
        match self {
            Symbol::Move => "move",
            Symbol::Support => "support",
            Symbol::SupportHold => "support to hold",
            Symbol::Convoy => "convoy",
            Symbol::Hold => "hold",
            Symbol::Build => "build",
            Symbol::Disband => "disband",
            Symbol::Failed => "failed",
            Symbol::Illegal => "illegal",
            Symbol::Void => "void",
            Symbol::Dislodged => "dislodged",
            Symbol::RetreatOption => "may retreat",
            Symbol::RuledRetreat => "rules' retreat",
        }
    }
}

/// One entry of the key: a symbol of the renderer's own, or a variant's mark in its words.
#[derive(Clone, Copy, Debug)]
pub(super) enum Entry<'a> {
    Fixed(Symbol),
    Mark { word: &'a str, mark: &'a Mark },
}

impl Entry<'_> {
    pub(super) fn word(&self) -> &str {
        match self {
            Entry::Fixed(s) => s.word(),
            Entry::Mark { word, .. } => word,
        }
    }
}

/// What the scene's key lists, each once, in its order: the standard orders' kinds, the
/// marks of the variant's orders and of the board (in the words their rules give them, in
/// the order they first appear), the rules' retreats, then how orders turned out, then
/// dislodged units. A picture keys only what it shows.
pub(super) fn symbols<'a>(scene: &'a Scene) -> Vec<Entry<'a>> {
    let mut seen: Vec<Symbol> = Vec::new();
    let mut marked: Vec<Entry<'a>> = Vec::new();
    let mut mark = |entry: Option<(&'a str, &'a Mark)>| {
        if let Some((word, mark)) = entry {
            if !marked.iter().any(|e| e.word() == word) {
                marked.push(Entry::Mark { word, mark });
            }
        }
    };
    for o in &scene.orders {
        let symbol = match &o.order {
            Order::Move { .. } | Order::Retreat { .. } => Some(Symbol::Move),
            Order::SupportMove { .. } => Some(Symbol::Support),
            Order::SupportHold { .. } => Some(Symbol::SupportHold),
            Order::Convoy { .. } => Some(Symbol::Convoy),
            Order::Hold { .. } => Some(Symbol::Hold),
            Order::Build { .. } => Some(Symbol::Build),
            Order::Disband { .. } => Some(Symbol::Disband),
            Order::RuledRetreat { .. } => Some(Symbol::RuledRetreat),
            Order::Marked { key, marks, .. } => {
                mark(key.as_deref().zip(marks.first()));
                None
            }
        };
        seen.extend(symbol);
        match o.outcome {
            Outcome::Succeeded => {}
            Outcome::Failed => seen.push(Symbol::Failed),
            Outcome::Illegal => seen.push(Symbol::Illegal),
            Outcome::Void => seen.push(Symbol::Void),
        }
    }
    for (key, m) in vocabulary::state(scene) {
        mark(key.map(|k| (k, m)));
    }
    let dislodged = || {
        scene
            .units
            .iter()
            .filter(|u| u.dislodged || u.dislodged_by.is_some())
    };
    if dislodged().next().is_some() {
        seen.push(Symbol::Dislodged);
    }
    if dislodged().any(|u| !u.retreats.is_empty()) {
        seen.push(Symbol::RetreatOption);
    }
    let first = [
        Symbol::Move,
        Symbol::Support,
        Symbol::SupportHold,
        Symbol::Convoy,
        Symbol::Hold,
        Symbol::Build,
        Symbol::Disband,
    ];
    let last = [
        Symbol::RuledRetreat,
        Symbol::Failed,
        Symbol::Illegal,
        Symbol::Void,
        Symbol::Dislodged,
        Symbol::RetreatOption,
    ];
    first
        .into_iter()
        .filter(|s| seen.contains(s))
        .map(Entry::Fixed)
        .chain(marked)
        .chain(
            last.into_iter()
                .filter(|s| seen.contains(s))
                .map(Entry::Fixed),
        )
        .collect()
}

/// The key to the symbols the map shows, in a box of its own below the legend (above it
/// when the art has no room below): two columns of a small drawing and its word.
fn symbol_key(
    ctx: &Ctx,
    scene: &Scene,
    (lx, ly, lw): (f32, f32, f32),
    legend_h: f32,
    out: &mut String,
) {
    let symbols = symbols(scene);
    if symbols.is_empty() {
        return;
    }
    let (row_h, pad, gap) = (19.0, 6.0, 6.0);
    let rows = symbols.len().div_ceil(2);
    let h = rows as f32 * row_h + 2.0 * pad;
    let to_px = ctx.art.to_px;
    let bottom = (ctx.art.height() as f32 - to_px.ty) / to_px.sy.max(1e-3);
    // Below the legend where the art has room; else above it, or beside it to the left,
    // whichever covers no province (a key over a playable space hides its units and labels).
    let (lx, y) = if ly + legend_h + gap + h <= bottom - 2.0 {
        (lx, ly + legend_h + gap)
    } else {
        let above = (lx, (ly - gap - h).max(2.0));
        let beside = (lx - gap - lw, ly + legend_h - h);
        let clear = |(x, y): (f32, f32)| {
            x >= 0.0
                && !ctx.art.any_province_in(&crate::Bounds {
                    x0: x,
                    y0: y,
                    x1: x + lw,
                    y1: y + h,
                })
        };
        [above, beside]
            .into_iter()
            .find(|p| clear(*p))
            .unwrap_or(above)
    };
    let _ = writeln!(
        out,
        "<g id=\"key\"><rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"6\" fill=\"#ffffff\" fill-opacity=\"0.93\" stroke=\"#333333\" stroke-width=\"1.2\"/>",
        f(lx),
        f(y),
        f(lw),
        f(h)
    );
    let col_w = (lw - 2.0 * pad) / 2.0;
    for (i, s) in symbols.iter().enumerate() {
        let x = lx + pad + col_w * (i % 2) as f32;
        let cy = y + pad + row_h * ((i / 2) as f32 + 0.5);
        let _ = write!(
            out,
            "<g class=\"key-symbol\" data-symbol=\"{}\">",
            esc(s.word())
        );
        let mut pen = Pen::new(&super::figure::NOTHING);
        match s {
            Entry::Fixed(s) => glyph(&mut pen, *s, (x + 16.0, cy)),
            Entry::Mark { mark, .. } => {
                vocabulary::sample(&mut pen, mark, (x + 16.0, cy), Rgb(0x9c, 0xa3, 0xab))
            }
        }
        *out += &pen.svg;
        let _ = writeln!(
            out,
            "<text x=\"{}\" y=\"{}\" font-size=\"11\" fill=\"{INK}\">{}</text></g>",
            f(x + 36.0),
            f(cy + 4.0),
            esc(s.word())
        );
    }
    *out += "</g>\n";
}

/// A symbol drawn small, centred on `c` and about 30 wide, in a neutral grey.
fn glyph(out: &mut Pen, s: Symbol, c: Point) {
    let grey = Rgb(0x9c, 0xa3, 0xab);
    let (l, r) = ((c.0 - 15.0, c.1), (c.0 + 15.0, c.1));
    let line = |dash: Option<&'static str>, width: f32, casing: f32, cap: &'static str| Line {
        dash,
        width,
        colour: grey,
        casing,
        cap,
    };
    let circle = |out: &mut Pen, r: f32, stroke: &str, width: f32, dash: &str, fill: &str| {
        let _ = write!(
            out,
            "<circle cx=\"{}\" cy=\"{}\" r=\"{r}\" fill=\"{fill}\" stroke=\"{stroke}\" stroke-width=\"{width}\"{dash}/>",
            f(c.0),
            f(c.1)
        );
    };
    match s {
        Symbol::Move => {
            arrow(
                out,
                l,
                r,
                0.0,
                (0.0, 0.0),
                &line(None, 3.0, 5.2, "round"),
                Head::Solid,
            );
        }
        Symbol::Support => {
            arrow(
                out,
                l,
                (r.0 - 5.0, r.1),
                0.0,
                (0.0, 0.0),
                &line(Some("5 3"), 2.4, 4.2, "butt"),
                Head::None,
            );
            let _ = write!(
                out,
                "<circle cx=\"{}\" cy=\"{}\" r=\"3.8\" fill=\"{}\" stroke=\"{INK}\" stroke-width=\"1.6\"/>",
                f(r.0 - 3.0),
                f(r.1),
                grey.hex()
            );
        }
        Symbol::SupportHold => {
            // As on the map: a dashed line ending in a ring round the unit held.
            arrow(
                out,
                l,
                (r.0 - 12.0, r.1),
                0.0,
                (0.0, 0.0),
                &line(Some("5 3"), 2.4, 4.2, "butt"),
                Head::None,
            );
            let (x, y) = (f(r.0 - 6.0), f(r.1));
            let _ = write!(
                out,
                "<circle cx=\"{x}\" cy=\"{y}\" r=\"6\" fill=\"none\" stroke=\"{INK}\" stroke-width=\"3.6\"/>\
                 <circle cx=\"{x}\" cy=\"{y}\" r=\"6\" fill=\"none\" stroke=\"{}\" stroke-width=\"2\"/>",
                grey.hex()
            );
        }
        Symbol::RetreatOption => {
            // As on the map: a thin dotted arrow from a dislodged unit to where it may go.
            arrow(
                out,
                l,
                r,
                0.0,
                (0.0, 0.0),
                &line(Some("2 4"), 1.8, 3.6, "round"),
                Head::Open,
            );
        }
        Symbol::Convoy => {
            circle(
                out,
                7.5,
                INK,
                5.0,
                " stroke-dasharray=\"0.1 4\" stroke-linecap=\"round\"",
                "none",
            );
            circle(
                out,
                7.5,
                &grey.hex(),
                3.2,
                " stroke-dasharray=\"0.1 4\" stroke-linecap=\"round\"",
                "none",
            );
        }
        Symbol::Hold => octagon(out, c, 7.5, &line(None, 2.6, 4.6, "round")),
        Symbol::Build => {
            circle(out, 7.5, INK, 1.5, "", "#ffffff");
            let _ = write!(
                out,
                "<path d=\"M{} {y}H{}M{x} {}V{}\" stroke=\"{INK}\" stroke-width=\"2.2\"/>",
                f(c.0 - 4.5),
                f(c.0 + 4.5),
                f(c.1 - 4.5),
                f(c.1 + 4.5),
                x = f(c.0),
                y = f(c.1)
            );
        }
        Symbol::Disband => {
            let k = 7.5 * std::f32::consts::FRAC_1_SQRT_2;
            circle(out, 7.5, super::CROSS, 2.6, "", "none");
            let _ = write!(
                out,
                "<path d=\"M{} {}L{} {}\" stroke=\"{}\" stroke-width=\"2.6\"/>",
                f(c.0 - k),
                f(c.1 - k),
                f(c.0 + k),
                f(c.1 + k),
                super::CROSS
            );
        }
        Symbol::Failed => cross(out, c, 5.0),
        Symbol::Illegal => no_entry(out, c, false),
        Symbol::Void => no_entry(out, c, true),
        Symbol::Dislodged => circle(
            out,
            7.5,
            ILLEGAL,
            2.2,
            " stroke-dasharray=\"3.5 2\"",
            "#ffffff",
        ),
        Symbol::RuledRetreat => {
            arrow(
                out,
                l,
                r,
                0.0,
                (0.0, 0.0),
                &line(Some("7 2.5 2 2.5"), 2.8, 5.0, "butt"),
                Head::Solid,
            );
            let _ = write!(
                out,
                "<rect x=\"{}\" y=\"{}\" width=\"7\" height=\"7\" fill=\"#ffffff\" stroke=\"{INK}\" stroke-width=\"1.6\"/>",
                f(l.0 - 1.0),
                f(l.1 - 3.5)
            );
        }
    }
}
