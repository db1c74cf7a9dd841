//! Turns a scene into SVG overlay elements: centres, units, orders and the legend.
//!
//! [`build`] runs the stages in drawing order; each stage lives in its own module:
//! [`placement`] decides where every unit stands, [`marks`] draws centres and units,
//! [`orders`] draws each order by kind and outcome from the shapes in [`geometry`], and
//! [`legend`] draws the key. Once the overlay is parsed, [`labels`] places the province labels
//! clear of everything it draws (see `crate::layout`).

pub(crate) mod figure;
mod geometry;
pub(crate) mod labels;
mod legend;
mod marks;
mod orders;
mod pathfind;
mod placement;
mod strokes;
mod symbol;
mod vocabulary;

use std::collections::HashMap;

use crate::art::{MapArt, Point};
use crate::error::Error;
use crate::palette::Rgb;
use crate::scene::{Scene, UnitMark};

/// What a scene adds to the art: province fills below the borders and
/// everything else above them.
pub(crate) struct Overlay {
    /// (province index, fill colour) for owned provinces.
    pub fills: Vec<(usize, Rgb)>,
    /// SVG elements drawn over the art's upper layer.
    pub over: String,
    /// Where its units, arrows, arrowheads and marks are.
    pub figure: figure::Figure,
}

const INK: &str = "#161616";
const ILLEGAL: &str = "#e0001b";
const ILLEGAL_RGB: Rgb = Rgb(0xe0, 0x00, 0x1b);
const CROSS: &str = "#c4001a";
const CROSS_RGB: Rgb = Rgb(0xc4, 0x00, 0x1a);

pub(crate) use crate::xml::esc;

/// A coordinate or length as SVG text: to a tenth, without a trailing ".0", so that the
/// overlay stays small and the same scene always gives the same bytes.
fn f(v: f32) -> String {
    let r = (v * 10.0).round() / 10.0;
    if r == r.trunc() {
        format!("{}", r as i64)
    } else {
        format!("{r:.1}")
    }
}

/// What every stage needs: the art, the powers' colours, and (once placed) where each unit
/// and each order's unit is drawn.
struct Ctx<'a> {
    art: &'a MapArt,
    colours: HashMap<&'a str, Rgb>,
    /// Units by province: (mark, drawn position).
    units: HashMap<&'a str, Vec<(&'a UnitMark, Point)>>,
    /// For each order of the scene, the position of the unit it is drawn from (see
    /// [`placement::place_units`]).
    order_units: Vec<Option<Point>>,
    /// The scene's convoys, each the army's way through its fleets (see [`orders::Route`]).
    routes: Vec<orders::Route>,
    /// Every unit's symbol as placed, in the scene's order, and the rings orders draw round
    /// them: what arrows go round.
    avoid: figure::Avoid,
}

impl<'a> Ctx<'a> {
    /// How far short of the place `to` an arrow's tip stops: outside a unit standing there or
    /// beside it and any ring round them, else near the place itself.
    fn end_gap(&self, to: Point) -> f32 {
        let rings = self
            .avoid
            .rings
            .iter()
            .map(|(c, r, half)| (figure::dist(*c, to), r + half))
            // A ring round a unit standing near the place (the province's unit, beside the
            // coast a fleet moves to) as much as one round the place itself.
            .filter(|(d, reach)| *d < reach.max(2.0 * figure::END_REACH))
            .map(|(d, reach)| d + reach + 2.0);
        let units = self
            .avoid
            .units
            .iter()
            .filter(|u| !u.dislodged)
            .map(|u| figure::dist(u.at, to))
            .filter(|d| *d < 2.0 * figure::END_REACH)
            .map(|d| d + symbol::UNIT_RADIUS + 3.0);
        rings.chain(units).fold(9.0, f32::max)
    }

    /// How far from the unit at `from` an arrow leaving it starts: outside any ring drawn
    /// round it (a support to hold that it left behind), else at its symbol's edge.
    fn start_gap(&self, from: Point) -> f32 {
        self.avoid
            .rings
            .iter()
            .filter(|(c, _, _)| figure::dist(*c, from) < figure::END_REACH)
            // From a point beside the ring's centre (a head-to-head pair's arrows run to
            // either side) the way out may lead away from the centre: far enough whatever way.
            .map(|(c, r, half)| r + half + 1.0 + figure::dist(*c, from))
            .fold(symbol::UNIT_RADIUS, f32::max)
    }

    fn colour(&self, power: &str, context: &str) -> Result<Rgb, Error> {
        self.colours
            .get(power)
            .copied()
            .ok_or_else(|| Error::UnknownPower {
                power: power.to_string(),
                context: context.to_string(),
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
        routes: Vec::new(),
        avoid: figure::Avoid::default(),
    };

    let mut fills = Vec::new();
    for o in scene
        .owners
        .iter()
        .filter(|o| !scene.hidden.contains(&o.province))
    {
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

    let unit_pos = placement::place_units(&mut ctx, scene)?;
    ctx.routes = orders::plan_routes(&ctx, scene)?;
    ctx.avoid.rings = orders::rings(&ctx, scene)?;

    let mut out = String::with_capacity(64 * 1024);
    out += "<g id=\"overlay\" stroke-linejoin=\"round\">\n";
    // Drawn each into a pen of their own, so that the outcome marks, placed last, know every
    // arrowhead; then laid in drawing order: convoys under the units, orders over them, the
    // marks over the orders, the dislodged units over all.
    let symbols =
        vocabulary::state(scene).any(|(_, m)| matches!(m, crate::scene::Mark::Symbol { .. }));
    if symbols
        || scene
            .orders
            .iter()
            .any(|o| matches!(o.order, crate::scene::Order::SupportMove { .. }))
    {
        // A first drawing, to learn where the arrowheads fall: a support's dot on the move
        // it helps, and a symbol of the board's state, keep off them.
        let mut first = figure::Pen::new(&ctx.avoid);
        orders::convoys(&ctx, scene, &mut first)?;
        orders::orders(&ctx, scene, &mut first)?;
        marks::dislodged_units(&ctx, scene, &unit_pos, &mut first)?;
        let heads = std::mem::take(&mut first.fig.heads);
        drop(first);
        ctx.avoid.heads = heads;
    }
    let mut patterns = figure::Pen::new(&ctx.avoid);
    let mut board = figure::Pen::new(&ctx.avoid);
    vocabulary::board(&ctx, scene, &mut patterns, &mut board)?;
    out += &patterns.svg;
    marks::supply_centres(&ctx, scene, &mut out)?;
    let mut convoys = figure::Pen::new(&ctx.avoid);
    orders::convoys(&ctx, scene, &mut convoys)?;
    let mut drawn = figure::Pen::new(&ctx.avoid);
    orders::orders(&ctx, scene, &mut drawn)?;
    let mut dislodged = figure::Pen::new(&ctx.avoid);
    marks::dislodged_units(&ctx, scene, &unit_pos, &mut dislodged)?;
    let mut fig = figure::Figure {
        units: ctx.avoid.units.clone(),
        ..Default::default()
    };
    let mut pending = std::mem::take(&mut convoys.pending);
    pending.append(&mut drawn.pending);
    pending.append(&mut board.pending);
    fig.append(std::mem::take(&mut convoys.fig));
    fig.append(std::mem::take(&mut drawn.fig));
    fig.append(std::mem::take(&mut dislodged.fig));
    fig.append(std::mem::take(&mut board.fig));
    let placed = orders::place_marks(scene, pending, &mut fig);
    out += &convoys.svg;
    marks::standing_units(&ctx, scene, &unit_pos, &mut out)?;
    out += &board.svg;
    out += &drawn.svg;
    out += &placed;
    out += &dislodged.svg;
    legend::legend(&ctx, scene, &mut out);
    out += "</g>\n";
    Ok(Overlay {
        fills,
        over: out,
        figure: fig,
    })
}
