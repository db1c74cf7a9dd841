//! Turns a scene into SVG overlay elements: centres, units, orders and the legend.

use std::collections::HashMap;
use std::fmt::Write;

use crate::art::{MapArt, Point};
use crate::error::Error;
use crate::palette::Rgb;
use crate::scene::{Location, Order, OrderMark, Outcome, Scene, UnitKind, UnitMark};

/// What a scene adds to the art: province fills below the borders and
/// everything else above them.
pub(crate) struct Overlay {
    /// (province index, fill colour) for owned provinces.
    pub fills: Vec<(usize, Rgb)>,
    /// SVG elements drawn over the art's upper layer.
    pub over: String,
}

const INK: &str = "#161616";
const ILLEGAL: &str = "#e0001b";
const ILLEGAL_RGB: Rgb = Rgb(0xe0, 0x00, 0x1b);
const CROSS: &str = "#c4001a";
const CROSS_RGB: Rgb = Rgb(0xc4, 0x00, 0x1a);
/// Where a dislodged unit is drawn, relative to the province's unit anchor.
const DISLODGED_OFFSET: Point = (17.0, 13.0);
/// Roughly how far from its anchor a unit symbol reaches.
const UNIT_RADIUS: f32 = 14.0;
/// Where units beyond a province's places stand, round each place in turn.
const FAN: [Point; 8] = [
    (38.0, 0.0),
    (-38.0, 0.0),
    (0.0, 30.0),
    (0.0, -30.0),
    (38.0, 30.0),
    (-38.0, 30.0),
    (38.0, -30.0),
    (-38.0, -30.0),
];

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

fn f(v: f32) -> String {
    let r = (v * 10.0).round() / 10.0;
    if r == r.trunc() {
        format!("{}", r as i64)
    } else {
        format!("{r:.1}")
    }
}

struct Ctx<'a> {
    art: &'a MapArt,
    colours: HashMap<&'a str, Rgb>,
    /// Units by province: (mark, drawn position).
    units: HashMap<&'a str, Vec<(&'a UnitMark, Point)>>,
    /// For each order of the scene, the position of the unit it is drawn from (see
    /// [`assign_orders`]).
    order_units: Vec<Option<Point>>,
}

impl<'a> Ctx<'a> {
    fn colour(&self, power: &str, context: &str) -> Result<Rgb, Error> {
        self.colours
            .get(power)
            .copied()
            .ok_or_else(|| Error::UnknownPower {
                power: power.to_string(),
                context: context.to_string(),
            })
    }

    /// The anchor for a location: its coast's anchor, or the province's.
    fn anchor(&self, loc: &Location, context: &str) -> Result<Point, Error> {
        if !self.art.has_province(&loc.province) {
            return Err(Error::UnknownProvince {
                province: loc.province.clone(),
                context: context.to_string(),
            });
        }
        match &loc.coast {
            Some(c) => {
                self.art
                    .unit_anchor(&loc.province, Some(c))
                    .ok_or_else(|| Error::UnknownCoast {
                        province: loc.province.clone(),
                        coast: c.clone(),
                        context: context.to_string(),
                    })
            }
            None => Ok(self
                .art
                .unit_anchor(&loc.province, None)
                .expect("every province has a unit anchor")),
        }
    }

    /// The anchor for a destination `loc` as seen from `from`: in a province with several
    /// places for units, the place nearest `from`.
    fn anchor_from(&self, loc: &Location, from: Point, context: &str) -> Result<Point, Error> {
        let anchor = self.anchor(loc, context)?;
        if loc.coast.is_some() {
            return Ok(anchor);
        }
        let d = |p: &Point| (p.0 - from.0).hypot(p.1 - from.1);
        Ok(self
            .art
            .unit_places(&loc.province)
            .into_iter()
            .min_by(|a, b| d(a).total_cmp(&d(b)))
            .unwrap_or(anchor))
    }

    /// Where the unit an order refers to is drawn. Prefers a unit standing in
    /// the province (so "stp" finds a fleet drawn on "stp/sc"); `dislodged`
    /// asks for the dislodged one.
    fn unit_at(&self, loc: &Location, dislodged: bool, context: &str) -> Result<Point, Error> {
        let anchor = self.anchor(loc, context)?;
        if let Some(list) = self.units.get(loc.province.as_str()) {
            if let Some((_, pos)) = list
                .iter()
                .find(|(u, _)| u.dislodged == dislodged)
                .or_else(|| list.first())
            {
                return Ok(*pos);
            }
        }
        Ok(if dislodged {
            (anchor.0 + DISLODGED_OFFSET.0, anchor.1 + DISLODGED_OFFSET.1)
        } else {
            anchor
        })
    }
}

pub(crate) fn build(art: &MapArt, scene: &Scene) -> Result<Overlay, Error> {
    let mut colours = HashMap::new();
    for p in &scene.powers {
        colours.insert(
            p.name.as_str(),
            scene.power_colour(&p.name).expect("listed power"),
        );
    }
    let mut ctx = Ctx {
        art,
        colours,
        units: HashMap::new(),
        order_units: Vec::new(),
    };

    let mut fills = Vec::new();
    for o in &scene.owners {
        let idx = *art
            .index
            .get(&o.province)
            .ok_or_else(|| Error::UnknownProvince {
                province: o.province.clone(),
                context: "owner".into(),
            })?;
        fills.push((
            idx,
            ctx.colour(&o.power, &format!("owner of {}", o.province))?
                .territory(),
        ));
    }

    // Which unit each order is for, where a province holds several, and so where each of
    // those units would like to stand: near where its order points.
    let order_unit = assign_orders(scene);
    let mut aim: Vec<Option<Point>> = vec![None; scene.units.len()];
    for (o, u) in scene.orders.iter().zip(&order_unit) {
        if let Some(u) = *u {
            aim[u] = aim[u].or_else(|| order_aim(art, &o.order));
        }
    }
    let mut unit_pos: Vec<Point> = Vec::with_capacity(scene.units.len());
    for u in &scene.units {
        let context = format!("unit {}", u.location);
        let anchor = ctx.anchor(&u.location, &context)?;
        ctx.colour(&u.power, &context)?;
        for r in &u.retreats {
            ctx.anchor(r, &format!("retreat of {}", u.location))?;
        }
        unit_pos.push(if u.dislodged {
            (anchor.0 + DISLODGED_OFFSET.0, anchor.1 + DISLODGED_OFFSET.1)
        } else {
            anchor
        });
    }
    place_standing(art, scene, &aim, &mut unit_pos);
    for (u, pos) in scene.units.iter().zip(&unit_pos) {
        ctx.units
            .entry(u.location.province.as_str())
            .or_default()
            .push((u, *pos));
    }
    ctx.order_units = order_unit.iter().map(|u| u.map(|u| unit_pos[u])).collect();

    let mut out = String::with_capacity(64 * 1024);
    out += "<g id=\"overlay\" stroke-linejoin=\"round\">\n";
    supply_centres(&ctx, scene, &mut out)?;

    out += "<g id=\"units\">\n";
    for (u, pos) in scene
        .units
        .iter()
        .zip(&unit_pos)
        .filter(|(u, _)| !u.dislodged)
    {
        let c = ctx.colour(&u.power, "unit")?;
        unit_symbol(&mut out, u.kind, *pos, c, 1.0);
    }
    out += "</g>\n";

    out += "<g id=\"orders\">\n";
    // Lines that point at other orders go below the arrows they point at.
    let mut layers: [String; 3] = Default::default();
    for (i, o) in scene.orders.iter().enumerate() {
        order(&ctx, scene, i, o, &mut layers)?;
    }
    for l in &layers {
        out += l;
    }
    out += "</g>\n";

    out += "<g id=\"dislodged\">\n";
    for u in scene.units.iter().filter(|u| u.dislodged) {
        let c = ctx.colour(&u.power, "unit")?;
        let anchor = ctx.anchor(&u.location, "unit")?;
        let pos = (anchor.0 + DISLODGED_OFFSET.0, anchor.1 + DISLODGED_OFFSET.1);
        for r in &u.retreats {
            let to = ctx.anchor_from(r, pos, "retreat option")?;
            let line = Line {
                dash: Some("2 4"),
                width: 1.8,
                colour: c,
                casing: 3.6,
                cap: "round",
            };
            arrow(
                &mut out,
                pos,
                to,
                0.0,
                (UNIT_RADIUS, 6.0),
                &line,
                Head::Open,
            );
        }
        let _ = writeln!(
            out,
            "<circle cx=\"{}\" cy=\"{}\" r=\"16\" fill=\"#ffffff\" fill-opacity=\"0.55\" stroke=\"{ILLEGAL}\" stroke-width=\"2.4\" stroke-dasharray=\"4 2.5\"/>",
            f(pos.0),
            f(pos.1)
        );
        unit_symbol(&mut out, u.kind, pos, c, 0.85);
    }
    out += "</g>\n";

    legend(&ctx, scene, &mut out);
    out += "</g>\n";
    Ok(Overlay { fills, over: out })
}

/// Where the k-th unit standing in a province is drawn when its places are all taken:
/// round the places in turn, further out each time round.
fn fan(places: &[Point], k: usize) -> Point {
    let base = places[k % places.len()];
    let ring = (k / places.len()).saturating_sub(1);
    let (dx, dy) = FAN[ring % FAN.len()];
    let scale = (1 + ring / FAN.len()) as f32;
    (base.0 + dx * scale, base.1 + dy * scale)
}

/// Spreads the units standing (not dislodged, not on a coast) in a province with several
/// places over them: first those whose order points somewhere, each to the free place
/// nearest where it points, then the rest to the free places in order; once the places are
/// taken, the others fan out round them. Elsewhere a second unit (which only a province
/// that holds many has) fans out round the anchor.
fn place_standing(art: &MapArt, scene: &Scene, aim: &[Option<Point>], pos: &mut [Point]) {
    let mut by_province: HashMap<&str, Vec<usize>> = HashMap::new();
    for (i, u) in scene.units.iter().enumerate() {
        if !u.dislodged && u.location.coast.is_none() {
            by_province
                .entry(u.location.province.as_str())
                .or_default()
                .push(i);
        }
    }
    for (province, units) in by_province {
        let places = art.unit_places(province);
        if places.is_empty() || (places.len() < 2 && units.len() < 2) {
            continue;
        }
        let mut free: Vec<bool> = vec![true; places.len()];
        let mut extra = places.len();
        let (aimed, rest): (Vec<usize>, Vec<usize>) =
            units.iter().partition(|&&i| aim[i].is_some());
        for i in aimed.into_iter().chain(rest) {
            let dist = |k: usize| match aim[i] {
                Some(a) => (places[k].0 - a.0).hypot(places[k].1 - a.1),
                None => k as f32,
            };
            let best = (0..places.len())
                .filter(|&k| free[k])
                .min_by(|&a, &b| dist(a).total_cmp(&dist(b)));
            pos[i] = match best {
                Some(k) => {
                    free[k] = false;
                    places[k]
                }
                None => {
                    extra += 1;
                    fan(&places, extra - 1)
                }
            };
        }
    }
}

/// Where an order points, for placing its unit: the place it moves, supports or convoys to.
fn order_aim(art: &MapArt, order: &Order) -> Option<Point> {
    let to = match order {
        Order::Move { to, .. }
        | Order::SupportMove { to, .. }
        | Order::Convoy { to, .. }
        | Order::Retreat { to, .. } => to,
        Order::SupportHold { target, .. } => target,
        Order::Hold { .. } | Order::Disband { .. } | Order::Build { .. } => return None,
    };
    art.unit_anchor(&to.province, to.coast.as_deref())
        .or_else(|| art.unit_anchor(&to.province, None))
}

/// The unit each order is for (an index into the scene's units): one in the order's
/// province of the ordering power that no earlier order took (a retreat takes a dislodged
/// one), else any not taken, else the first. `None` where the province holds no such unit,
/// so the usual lookup applies.
fn assign_orders(scene: &Scene) -> Vec<Option<usize>> {
    let mut taken = vec![false; scene.units.len()];
    scene
        .orders
        .iter()
        .map(|o| {
            let (loc, dislodged) = match &o.order {
                Order::Hold { unit }
                | Order::Move { unit, .. }
                | Order::SupportHold { unit, .. }
                | Order::SupportMove { unit, .. }
                | Order::Convoy { unit, .. }
                | Order::Disband { unit } => (unit, false),
                Order::Retreat { unit, .. } => (unit, true),
                Order::Build { .. } => return None,
            };
            let here: Vec<usize> = (0..scene.units.len())
                .filter(|&i| {
                    scene.units[i].location.province == loc.province
                        && scene.units[i].dislodged == dislodged
                })
                .collect();
            let pick = here
                .iter()
                .copied()
                .find(|&i| !taken[i] && scene.units[i].power == o.power)
                .or_else(|| here.iter().copied().find(|&i| !taken[i]))
                .or_else(|| here.first().copied())?;
            taken[pick] = true;
            Some(pick)
        })
        .collect()
}

/// Where the unit a support or convoy names is drawn: in a province with several units,
/// the one whose order in the scene matches (a move to `to`, or for a hold support any order
/// but a move); else the usual lookup.
fn target_at(
    ctx: &Ctx,
    scene: &Scene,
    unit: &Location,
    to: Option<&Location>,
    context: &str,
) -> Result<Point, Error> {
    let several = ctx
        .units
        .get(unit.province.as_str())
        .is_some_and(|l| l.iter().filter(|(u, _)| !u.dislodged).count() > 1);
    if several {
        let found = scene.orders.iter().enumerate().find_map(|(i, o)| {
            let matches = match (&o.order, to) {
                (Order::Move { unit: u, to: t, .. }, Some(to)) => {
                    u.province == unit.province && t.province == to.province
                }
                (Order::Hold { unit: u }, None)
                | (Order::SupportHold { unit: u, .. }, None)
                | (Order::SupportMove { unit: u, .. }, None)
                | (Order::Convoy { unit: u, .. }, None) => u.province == unit.province,
                _ => false,
            };
            if matches {
                ctx.order_units.get(i).copied().flatten()
            } else {
                None
            }
        });
        if let Some(p) = found {
            return Ok(p);
        }
    }
    ctx.unit_at(unit, false, context)
}

fn supply_centres(ctx: &Ctx, scene: &Scene, out: &mut String) -> Result<(), Error> {
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
fn unit_symbol(out: &mut String, kind: UnitKind, at: Point, colour: Rgb, scale: f32) {
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

struct Line {
    dash: Option<&'static str>,
    width: f32,
    colour: Rgb,
    /// Width of the dark edge drawn under the line; 0 for none.
    casing: f32,
    cap: &'static str,
}

#[derive(Clone, Copy, PartialEq)]
enum Head {
    None,
    Solid,
    Hollow,
    Open,
}

fn quad_point(a: Point, c: Point, b: Point, t: f32) -> Point {
    let u = 1.0 - t;
    (
        u * u * a.0 + 2.0 * u * t * c.0 + t * t * b.0,
        u * u * a.1 + 2.0 * u * t * c.1 + t * t * b.1,
    )
}

/// Control point of a gentle curve from `a` to `b`, bending to the left of
/// travel so that opposite moves between two provinces do not overlap.
fn bend_control(a: Point, b: Point, bend: f32) -> Point {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    ((a.0 + b.0) / 2.0 + dy * bend, (a.1 + b.1) / 2.0 - dx * bend)
}

fn unit_vec(a: Point, b: Point) -> Point {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len = (dx * dx + dy * dy).sqrt().max(1e-3);
    (dx / len, dy / len)
}

fn quad_tangent(a: Point, c: Point, b: Point, t: f32) -> Point {
    let u = 1.0 - t;
    (
        2.0 * (u * (c.0 - a.0) + t * (b.0 - c.0)),
        2.0 * (u * (c.1 - a.1) + t * (b.1 - c.1)),
    )
}

fn head_size(width: f32) -> (f32, f32) {
    let w = width.min(3.6);
    (7.0 + w * 2.2, 5.0 + w * 2.2)
}

/// Draws a (possibly curved) arrow from `from` to `to`, trimmed by `gaps` at
/// each end. Returns the full curve's control point so callers can find
/// points along it; arrows with the same ends and bend share one curve.
fn arrow(
    out: &mut String,
    from: Point,
    to: Point,
    bend: f32,
    gaps: (f32, f32),
    line: &Line,
    head: Head,
) -> Point {
    let c = bend_control(from, to, bend);
    let len = ((to.0 - from.0).powi(2) + (to.1 - from.1).powi(2))
        .sqrt()
        .max(1e-3);
    let (g0, g1) = if gaps.0 + gaps.1 + 8.0 > len {
        let s = (len - 8.0).max(0.0) / (gaps.0 + gaps.1).max(1e-3);
        (gaps.0 * s, gaps.1 * s)
    } else {
        gaps
    };
    let (head_len, head_w) = head_size(line.width);
    let t0 = g0 / len;
    let t_tip = 1.0 - g1 / len;
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
    if head != Head::None {
        let base = (tip.0 - dir.0 * head_len, tip.1 - dir.1 * head_len);
        let (px, py) = (-dir.1 * head_w / 2.0, dir.0 * head_w / 2.0);
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
    c
}

fn cross(out: &mut String, at: Point, r: f32) {
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

/// Line styles for an outcome, given the style of a successful order.
fn styled(base: Line, outcome: Outcome) -> Line {
    match outcome {
        Outcome::Succeeded => base,
        // Failed orders keep their shape but are washed out.
        Outcome::Failed => Line {
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

const MOVE_BEND: f32 = 0.12;
/// Convoyed moves bow out further, which sets them apart from moves over land.
const CONVOY_BEND: f32 = 0.22;

/// The bend of the move from `from` to `to`, as drawn (or as it would be).
fn bend_of(scene: &Scene, from: &Location, to: &Location, convoyed: bool) -> f32 {
    let via = scene.orders.iter().find_map(|x| match &x.order {
        Order::Move {
            unit,
            to: t,
            via_convoy,
        } if unit.province == from.province && t.province == to.province => Some(*via_convoy),
        _ => None,
    });
    if via.unwrap_or(convoyed) {
        CONVOY_BEND
    } else {
        MOVE_BEND
    }
}

fn order(
    ctx: &Ctx,
    scene: &Scene,
    index: usize,
    o: &OrderMark,
    layers: &mut [String; 3],
) -> Result<(), Error> {
    let colour = ctx.colour(&o.power, "order")?;
    let [low, mid, high] = layers;
    let context = |what: &str| format!("{what} order of {}", o.power);
    // The ordering unit: its own place where the province holds several.
    let own = ctx.order_units.get(index).copied().flatten();
    let own_at = |unit: &Location, dislodged: bool, what: &str| match own {
        Some(p) => Ok(p),
        None => ctx.unit_at(unit, dislodged, &context(what)),
    };
    match &o.order {
        Order::Hold { unit } => {
            let at = own_at(unit, false, "hold")?;
            let line = styled(
                Line {
                    dash: None,
                    width: 3.2,
                    colour,
                    casing: 5.6,
                    cap: "round",
                },
                o.outcome,
            );
            octagon(mid, at, 17.5, &line);
            if o.outcome == Outcome::Failed {
                cross(mid, (at.0 + 14.0, at.1 - 14.0), 4.5);
            }
        }
        Order::Move {
            unit,
            to,
            via_convoy,
        } => {
            let from = own_at(unit, false, "move")?;
            let dest = ctx.anchor_from(to, from, &context("move"))?;
            let bend = if *via_convoy { CONVOY_BEND } else { MOVE_BEND };
            move_arrow(high, from, dest, bend, colour, o.outcome);
        }
        Order::Retreat { unit, to } => {
            let from = own_at(unit, true, "retreat")?;
            let dest = ctx.anchor_from(to, from, &context("retreat"))?;
            move_arrow(high, from, dest, MOVE_BEND, colour, o.outcome);
        }
        Order::SupportHold { unit, target } => {
            let from = own_at(unit, false, "support")?;
            let at = target_at(ctx, scene, target, None, &context("support"))?;
            let line = styled(
                Line {
                    dash: Some("7 4.5"),
                    width: 2.6,
                    colour,
                    casing: 4.6,
                    cap: "butt",
                },
                o.outcome,
            );
            arrow(low, from, at, 0.0, (UNIT_RADIUS, 18.0), &line, Head::None);
            let ring = Line { dash: None, ..line };
            let _ = writeln!(
                low,
                "<circle cx=\"{}\" cy=\"{}\" r=\"17.5\" fill=\"none\" stroke=\"{INK}\" stroke-width=\"{}\"/>\
                 <circle cx=\"{}\" cy=\"{}\" r=\"17.5\" fill=\"none\" stroke=\"{}\" stroke-width=\"{}\"/>",
                f(at.0),
                f(at.1),
                f(ring.casing),
                f(at.0),
                f(at.1),
                ring.colour.hex(),
                f(ring.width)
            );
            if o.outcome == Outcome::Failed {
                cross(low, mid_point(from, at), 5.0);
            }
        }
        Order::SupportMove { unit, from, to } | Order::Convoy { unit, from, to } => {
            let convoy = matches!(o.order, Order::Convoy { .. });
            let what = if convoy { "convoy" } else { "support" };
            let me = own_at(unit, false, what)?;
            let a = target_at(ctx, scene, from, Some(to), &context(what))?;
            let b = ctx.anchor_from(to, a, &context(what))?;
            // Point at the move being helped; if no such move is drawn, sketch it.
            let drawn = scene.orders.iter().any(|x| match &x.order {
                Order::Move { unit: u, to: t, .. } => {
                    u.province == from.province && t.province == to.province
                }
                _ => false,
            });
            let bend = bend_of(scene, from, to, convoy);
            if !drawn {
                let ghost = Line {
                    dash: Some("3 3"),
                    width: 1.6,
                    colour: colour.mix(Rgb::WHITE, 0.2),
                    casing: 0.0,
                    cap: "butt",
                };
                arrow(low, a, b, bend, (UNIT_RADIUS, 10.0), &ghost, Head::Open);
            }
            let c = bend_control(a, b, bend);
            let target = quad_point(a, c, b, if convoy { 0.5 } else { 0.62 });
            let base = if convoy {
                Line {
                    dash: Some("0.1 6"),
                    width: 3.4,
                    colour,
                    casing: 5.6,
                    cap: "round",
                }
            } else {
                Line {
                    dash: Some("7 4.5"),
                    width: 2.6,
                    colour,
                    casing: 4.6,
                    cap: "butt",
                }
            };
            let line = styled(base, o.outcome);
            arrow(low, me, target, 0.0, (UNIT_RADIUS, 4.0), &line, Head::None);
            let r = if convoy { 5.5 } else { 4.5 };
            let fill = if convoy {
                "#ffffff".to_string()
            } else {
                line.colour.hex()
            };
            let _ = writeln!(
                low,
                "<circle cx=\"{}\" cy=\"{}\" r=\"{r}\" fill=\"{fill}\" stroke=\"{}\" stroke-width=\"2\"/>",
                f(target.0),
                f(target.1),
                if convoy { line.colour.hex() } else { INK.to_string() }
            );
            if o.outcome == Outcome::Failed {
                cross(low, mid_point(me, target), 5.0);
            }
        }
        Order::Build { at, unit_kind } => {
            let pos = ctx.anchor(at, &context("build"))?;
            let ring_colour = if o.outcome == Outcome::Succeeded {
                colour
            } else {
                colour.mix(Rgb::WHITE, 0.55)
            };
            let dash = if o.outcome == Outcome::Illegal {
                ILLEGAL
            } else {
                INK
            };
            let _ = writeln!(
                high,
                "<circle cx=\"{x}\" cy=\"{y}\" r=\"19\" fill=\"#ffffff\" fill-opacity=\"0.6\" stroke=\"{dash}\" stroke-width=\"4.4\" stroke-dasharray=\"5 3\"/>\
                 <circle cx=\"{x}\" cy=\"{y}\" r=\"19\" fill=\"none\" stroke=\"{}\" stroke-width=\"2.4\" stroke-dasharray=\"5 3\"/>",
                ring_colour.hex(),
                x = f(pos.0),
                y = f(pos.1)
            );
            unit_symbol(high, *unit_kind, pos, ring_colour, 1.0);
            // A "+" badge says this unit is new.
            let (bx, by) = (pos.0 + 15.0, pos.1 - 15.0);
            let _ = writeln!(
                high,
                "<circle cx=\"{x}\" cy=\"{y}\" r=\"7\" fill=\"#ffffff\" stroke=\"{INK}\" stroke-width=\"1.5\"/>\
                 <path d=\"M{} {y}H{}M{x} {}V{}\" stroke=\"{INK}\" stroke-width=\"2.2\"/>",
                f(bx - 4.0),
                f(bx + 4.0),
                f(by - 4.0),
                f(by + 4.0),
                x = f(bx),
                y = f(by)
            );
            if o.outcome == Outcome::Failed {
                cross(high, (pos.0 - 15.0, pos.1 - 15.0), 4.5);
            }
        }
        Order::Disband { unit } => {
            let at = own_at(unit, false, "disband")?;
            // A red ring struck through, leaving the unit itself visible.
            let (ring, width) = match o.outcome {
                Outcome::Succeeded => (CROSS.to_string(), 3.2),
                Outcome::Failed => (CROSS_RGB.mix(Rgb::WHITE, 0.5).hex(), 2.6),
                Outcome::Illegal => (ILLEGAL.to_string(), 2.6),
            };
            let dash = if o.outcome == Outcome::Illegal {
                " stroke-dasharray=\"0.1 5\" stroke-linecap=\"round\""
            } else {
                ""
            };
            let r = 17.0;
            let k = r * std::f32::consts::FRAC_1_SQRT_2;
            let _ = writeln!(
                high,
                "<g fill=\"none\"{dash}><circle cx=\"{x}\" cy=\"{y}\" r=\"{r}\" stroke=\"#ffffff\" stroke-width=\"{}\"/>\
                 <path d=\"M{} {}L{} {}\" stroke=\"#ffffff\" stroke-width=\"{}\"/>\
                 <circle cx=\"{x}\" cy=\"{y}\" r=\"{r}\" stroke=\"{ring}\" stroke-width=\"{}\"/>\
                 <path d=\"M{} {}L{} {}\" stroke=\"{ring}\" stroke-width=\"{}\"/></g>",
                f(width + 2.4),
                f(at.0 - k),
                f(at.1 - k),
                f(at.0 + k),
                f(at.1 + k),
                f(width + 2.4),
                f(width),
                f(at.0 - k),
                f(at.1 - k),
                f(at.0 + k),
                f(at.1 + k),
                f(width),
                x = f(at.0),
                y = f(at.1)
            );
        }
    }
    Ok(())
}

fn mid_point(a: Point, b: Point) -> Point {
    ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0)
}

fn move_arrow(out: &mut String, from: Point, to: Point, bend: f32, colour: Rgb, outcome: Outcome) {
    match outcome {
        Outcome::Succeeded => {
            let line = Line {
                dash: None,
                width: 3.6,
                colour,
                casing: 6.4,
                cap: "round",
            };
            arrow(out, from, to, bend, (UNIT_RADIUS, 9.0), &line, Head::Solid);
        }
        Outcome::Failed => {
            // Hollow: a coloured edge round a white core, and a cross.
            let edge = Line {
                dash: None,
                width: 6.0,
                colour,
                casing: 7.8,
                cap: "round",
            };
            let c = arrow(out, from, to, bend, (UNIT_RADIUS, 9.0), &edge, Head::Hollow);
            let core = Line {
                dash: None,
                width: 2.2,
                colour: Rgb::WHITE,
                casing: 0.0,
                cap: "round",
            };
            let (head_len, _) = head_size(edge.width);
            arrow(
                out,
                from,
                to,
                bend,
                (UNIT_RADIUS + 1.5, 9.0 + head_len + 1.0),
                &core,
                Head::None,
            );
            cross(out, quad_point(from, c, to, 0.55), 5.5);
        }
        Outcome::Illegal => {
            let line = styled(
                Line {
                    dash: None,
                    width: 3.0,
                    colour,
                    casing: 0.0,
                    cap: "round",
                },
                outcome,
            );
            arrow(out, from, to, bend, (UNIT_RADIUS, 9.0), &line, Head::Open);
        }
    }
}

fn octagon(out: &mut String, at: Point, r: f32, line: &Line) {
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

fn legend(ctx: &Ctx, scene: &Scene, out: &mut String) {
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
    let rows = scene.powers.len() as f32 + if key { 1.0 } else { 0.0 };
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
    *out += "</g>\n";
}
