//! Orders: how each kind of order is drawn, and how its outcome (succeeded, failed, illegal)
//! changes the drawing.

use std::fmt::Write;

use super::geometry::{
    arrow, bend_control, cross, head_size, mid_point, octagon, quad_point, Head, Line,
};
use super::marks::{unit_symbol, UNIT_RADIUS};
use super::placement::target_at;
use super::{f, Ctx, CROSS, CROSS_RGB, ILLEGAL, ILLEGAL_RGB, INK};
use crate::art::Point;
use crate::error::Error;
use crate::palette::Rgb;
use crate::scene::{Location, Order, OrderMark, Outcome, Scene, UnitKind};

/// Every order of the scene, in three layers from the bottom: supports and convoys (so they
/// run under the arrows they point at), holds, then moves, retreats, builds and disbands.
pub(super) fn orders(ctx: &Ctx, scene: &Scene, out: &mut String) -> Result<(), Error> {
    *out += "<g id=\"orders\">\n";
    let mut layers: [String; 3] = Default::default();
    for (i, o) in scene.orders.iter().enumerate() {
        order(ctx, scene, i, o, &mut layers)?;
    }
    for l in &layers {
        *out += l;
    }
    *out += "</g>\n";
    Ok(())
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

/// Draws one order: finds where its unit (and what it points at) is drawn, then draws it by
/// kind in the layer it belongs to.
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
            hold(mid, at, colour, o.outcome);
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
            support_hold(low, from, at, colour, o.outcome);
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
            let helped = Helped {
                from: a,
                to: b,
                bend: bend_of(scene, from, to, convoy),
                drawn,
            };
            support_move_or_convoy(low, me, &helped, convoy, colour, o.outcome);
        }
        Order::Build { at, unit_kind } => {
            let pos = ctx.anchor(at, &context("build"))?;
            build(high, pos, unit_kind, colour, o.outcome);
        }
        Order::Disband { unit } => {
            let at = own_at(unit, false, "disband")?;
            disband(high, at, o.outcome);
        }
        Order::Probe { unit, area } => {
            let from = own_at(unit, false, "search")?;
            let to = ctx.anchor_from(area, from, &context("search"))?;
            probe(high, from, to, colour, o.outcome);
        }
        Order::Place { at, unit_kind } => {
            let pos = ctx.anchor(at, &context("placement"))?;
            place(high, pos, unit_kind, colour, o.outcome);
        }
        Order::Board { unit, onto } => {
            let from = own_at(unit, false, "boarding")?;
            let to = ctx.unit_at(onto, false, &context("boarding"))?;
            let line = styled(
                Line {
                    dash: Some("6 3.5"),
                    width: 3.0,
                    colour,
                    casing: 5.2,
                    cap: "butt",
                },
                o.outcome,
            );
            let c = arrow(
                high,
                from,
                to,
                MOVE_BEND,
                (UNIT_RADIUS, UNIT_RADIUS + 2.0),
                &line,
                Head::Solid,
            );
            if o.outcome == Outcome::Failed {
                cross(high, quad_point(from, c, to, 0.5), 5.0);
            }
        }
        Order::Land { unit, to } => {
            let from = own_at(unit, false, "landing")?;
            let dest = ctx.anchor_from(to, from, &context("landing"))?;
            let line = styled(
                Line {
                    dash: Some("10 3 2 3"),
                    width: 3.4,
                    colour,
                    casing: 6.0,
                    cap: "butt",
                },
                o.outcome,
            );
            let c = arrow(
                high,
                from,
                dest,
                MOVE_BEND,
                (UNIT_RADIUS, 9.0),
                &line,
                Head::Solid,
            );
            if o.outcome == Outcome::Failed {
                cross(high, quad_point(from, c, dest, 0.55), 5.5);
            }
        }
        Order::Act { unit } => {
            let at = own_at(unit, false, "order")?;
            let line = styled(
                Line {
                    dash: Some("5 3"),
                    width: 2.8,
                    colour,
                    casing: 5.0,
                    cap: "butt",
                },
                o.outcome,
            );
            ring(mid, at, 19.0, &line);
            if o.outcome == Outcome::Failed {
                cross(mid, (at.0 + 14.0, at.1 - 14.0), 4.5);
            }
        }
    }
    Ok(())
}

/// A circle of radius `r` round `at`, stroked as `line`.
fn ring(out: &mut String, at: Point, r: f32, line: &Line) {
    let dash = line
        .dash
        .map(|d| format!(" stroke-dasharray=\"{d}\""))
        .unwrap_or_default();
    if line.casing > 0.0 {
        let _ = writeln!(
            out,
            "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"none\" stroke=\"{INK}\" stroke-width=\"{}\"{dash}/>",
            f(at.0),
            f(at.1),
            f(r),
            f(line.casing)
        );
    }
    let _ = writeln!(
        out,
        "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"{}\" stroke-linecap=\"{}\"{dash}/>",
        f(at.0),
        f(at.1),
        f(r),
        line.colour.hex(),
        f(line.width),
        line.cap
    );
}

/// A search: a dotted arrow from the unit at `from` towards the area at `to`, ending in a
/// "?" on a white disc where the area is.
fn probe(out: &mut String, from: Point, to: Point, colour: Rgb, outcome: Outcome) {
    let line = styled(
        Line {
            dash: Some("0.1 6"),
            width: 3.4,
            colour,
            casing: 5.6,
            cap: "round",
        },
        outcome,
    );
    let c = arrow(
        out,
        from,
        to,
        MOVE_BEND,
        (UNIT_RADIUS, 13.0),
        &line,
        Head::Open,
    );
    let ink = if outcome == Outcome::Illegal {
        ILLEGAL.to_string()
    } else {
        line.colour.hex()
    };
    let _ = writeln!(
        out,
        "<g class=\"probe\"><circle cx=\"{x}\" cy=\"{y}\" r=\"10\" fill=\"#ffffff\" stroke=\"{INK}\" stroke-width=\"1.6\"/>\
         <text x=\"{x}\" y=\"{}\" font-size=\"15\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"{ink}\">?</text></g>",
        f(to.1 + 5.4),
        x = f(to.0),
        y = f(to.1)
    );
    if outcome == Outcome::Failed {
        cross(out, quad_point(from, c, to, 0.5), 5.0);
    }
}

/// A placement: the new unit at `pos` on a dotted ring, with a "+" badge.
fn place(out: &mut String, pos: Point, unit_kind: &UnitKind, colour: Rgb, outcome: Outcome) {
    let ring_colour = if outcome == Outcome::Succeeded {
        colour
    } else {
        colour.mix(Rgb::WHITE, 0.55)
    };
    let edge = if outcome == Outcome::Illegal {
        ILLEGAL
    } else {
        INK
    };
    let _ = writeln!(
        out,
        "<circle cx=\"{x}\" cy=\"{y}\" r=\"19\" fill=\"#ffffff\" fill-opacity=\"0.6\" stroke=\"{edge}\" stroke-width=\"4.4\" stroke-dasharray=\"0.1 5\" stroke-linecap=\"round\"/>",
        x = f(pos.0),
        y = f(pos.1)
    );
    unit_symbol(out, unit_kind, pos, ring_colour, 1.0);
    plus_badge(out, pos);
    if outcome == Outcome::Failed {
        cross(out, (pos.0 - 15.0, pos.1 - 15.0), 4.5);
    }
}

/// The "+" badge of a new unit, up and to the right of `pos`.
fn plus_badge(out: &mut String, pos: Point) {
    let (bx, by) = (pos.0 + 15.0, pos.1 - 15.0);
    let _ = writeln!(
        out,
        "<circle cx=\"{x}\" cy=\"{y}\" r=\"7\" fill=\"#ffffff\" stroke=\"{INK}\" stroke-width=\"1.5\"/>\
         <path d=\"M{} {y}H{}M{x} {}V{}\" stroke=\"{INK}\" stroke-width=\"2.2\"/>",
        f(bx - 4.0),
        f(bx + 4.0),
        f(by - 4.0),
        f(by + 4.0),
        x = f(bx),
        y = f(by)
    );
}

/// A hold: an octagon round the unit at `at`.
fn hold(out: &mut String, at: Point, colour: Rgb, outcome: Outcome) {
    let line = styled(
        Line {
            dash: None,
            width: 3.2,
            colour,
            casing: 5.6,
            cap: "round",
        },
        outcome,
    );
    octagon(out, at, 17.5, &line);
    if outcome == Outcome::Failed {
        cross(out, (at.0 + 14.0, at.1 - 14.0), 4.5);
    }
}

/// A support to hold: a dashed line from the supporter at `from` ending in a ring round the
/// held unit at `at`.
fn support_hold(out: &mut String, from: Point, at: Point, colour: Rgb, outcome: Outcome) {
    let line = styled(
        Line {
            dash: Some("7 4.5"),
            width: 2.6,
            colour,
            casing: 4.6,
            cap: "butt",
        },
        outcome,
    );
    arrow(out, from, at, 0.0, (UNIT_RADIUS, 18.0), &line, Head::None);
    let ring = Line { dash: None, ..line };
    let _ = writeln!(
        out,
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
    if outcome == Outcome::Failed {
        cross(out, mid_point(from, at), 5.0);
    }
}

/// The move a support or convoy helps, as drawn (or as it would be drawn).
struct Helped {
    from: Point,
    to: Point,
    bend: f32,
    /// Whether the scene draws that move itself; if not, it is sketched.
    drawn: bool,
}

/// A support to move (a dashed line ending in a dot) or a convoy (a dotted line ending in an
/// open circle), from the unit at `me` to a point on the helped move.
fn support_move_or_convoy(
    out: &mut String,
    me: Point,
    helped: &Helped,
    convoy: bool,
    colour: Rgb,
    outcome: Outcome,
) {
    let (a, b, bend) = (helped.from, helped.to, helped.bend);
    if !helped.drawn {
        let ghost = Line {
            dash: Some("3 3"),
            width: 1.6,
            colour: colour.mix(Rgb::WHITE, 0.2),
            casing: 0.0,
            cap: "butt",
        };
        arrow(out, a, b, bend, (UNIT_RADIUS, 10.0), &ghost, Head::Open);
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
    let line = styled(base, outcome);
    arrow(out, me, target, 0.0, (UNIT_RADIUS, 4.0), &line, Head::None);
    let r = if convoy { 5.5 } else { 4.5 };
    let fill = if convoy {
        "#ffffff".to_string()
    } else {
        line.colour.hex()
    };
    let _ =
        writeln!(
        out,
        "<circle cx=\"{}\" cy=\"{}\" r=\"{r}\" fill=\"{fill}\" stroke=\"{}\" stroke-width=\"2\"/>",
        f(target.0),
        f(target.1),
        if convoy { line.colour.hex() } else { INK.to_string() }
    );
    if outcome == Outcome::Failed {
        cross(out, mid_point(me, target), 5.0);
    }
}

/// A build: the new unit at `pos` in a dashed ring, with a "+" badge.
fn build(out: &mut String, pos: Point, unit_kind: &UnitKind, colour: Rgb, outcome: Outcome) {
    let ring_colour = if outcome == Outcome::Succeeded {
        colour
    } else {
        colour.mix(Rgb::WHITE, 0.55)
    };
    let dash = if outcome == Outcome::Illegal {
        ILLEGAL
    } else {
        INK
    };
    let _ = writeln!(
        out,
        "<circle cx=\"{x}\" cy=\"{y}\" r=\"19\" fill=\"#ffffff\" fill-opacity=\"0.6\" stroke=\"{dash}\" stroke-width=\"4.4\" stroke-dasharray=\"5 3\"/>\
         <circle cx=\"{x}\" cy=\"{y}\" r=\"19\" fill=\"none\" stroke=\"{}\" stroke-width=\"2.4\" stroke-dasharray=\"5 3\"/>",
        ring_colour.hex(),
        x = f(pos.0),
        y = f(pos.1)
    );
    unit_symbol(out, unit_kind, pos, ring_colour, 1.0);
    // A "+" badge says this unit is new.
    plus_badge(out, pos);
    if outcome == Outcome::Failed {
        cross(out, (pos.0 - 15.0, pos.1 - 15.0), 4.5);
    }
}

/// A disband: a red ring struck through over the unit at `at`, leaving the unit visible.
fn disband(out: &mut String, at: Point, outcome: Outcome) {
    let (ring, width) = match outcome {
        Outcome::Succeeded => (CROSS.to_string(), 3.2),
        Outcome::Failed => (CROSS_RGB.mix(Rgb::WHITE, 0.5).hex(), 2.6),
        Outcome::Illegal => (ILLEGAL.to_string(), 2.6),
    };
    let dash = if outcome == Outcome::Illegal {
        " stroke-dasharray=\"0.1 5\" stroke-linecap=\"round\""
    } else {
        ""
    };
    let r = 17.0;
    let k = r * std::f32::consts::FRAC_1_SQRT_2;
    let _ = writeln!(
        out,
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

/// A move or retreat: a solid arrow; hollow with a cross when it failed.
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
