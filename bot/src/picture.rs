//! Turns an engine position (and optionally its orders and their results) into the renderer's
//! `Scene`, and draws it on the variant's map art.

use engine::judge::{Cause, DislodgedReport, OrderResult, Verdict};
use engine::map::{Location as EngineLocation, ProvinceId};
use engine::order::{Order, UnitRef};
use engine::position::Position;
use engine::rulebook::{MapMark, MarkColour, Marking, SpecialOrder};
use engine::store::PhaseRecord;
use engine::unit::{PowerId, UnitKind};
use engine::Rules;
use render::art::cache::ArtCache;
use render::scene::{
    Claim, Location, Order as Draw, OrderMark, Outcome, Owner, PowerStyle, ScCount, ScMarker,
    UnitKey, UnitMark,
};
use render::{MapArt, Palette, Scene};
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

/// The map art of a variant, parsed on its first use and kept; `None` for a variant with no
/// art yet. The art lives with the variant in the engine's registry (`engine::variants::art`).
///
/// Nothing is parsed at start: an idle bot holds no art, and every variant's art held at once
/// would be most of its memory. The first map of a variant waits for the parse (about 0.1 s
/// for Standard's, 0.2 s for Latin American's, release build on the shared 2-core machine);
/// maps of the same variant drawn meanwhile wait for that one parse, other variants' maps do
/// not wait at all.
pub fn art_for(variant: &str) -> Option<&'static MapArt> {
    type Cell = std::sync::Arc<OnceLock<Option<&'static MapArt>>>;
    static PARSED: OnceLock<Mutex<HashMap<String, Cell>>> = OnceLock::new();
    let svg = engine::variants::art(variant)?;
    let cell: Cell = PARSED
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .entry(variant.to_string())
        .or_default()
        .clone();
    // Parsed outside the map's lock, once: a second caller for the same variant waits here.
    *cell.get_or_init(|| {
        let art = match DISK_CACHE.get() {
            Some(cache) => cache.art(variant, svg),
            None => MapArt::from_svg(svg),
        };
        art.ok().map(|a| &*Box::leak(Box::new(a)))
    })
}

/// Where a short-lived process keeps the art it parses, for the next run (see
/// [`cache_art_on_disk`]).
static DISK_CACHE: OnceLock<ArtCache> = OnceLock::new();

/// Makes [`art_for`] read each variant's art from `cache` and store it there when it has to
/// parse it: a command that draws one map (`parley render`, `parley adjudicate --map`)
/// spends most of its time parsing and rasterising the art otherwise. The bot parses each art
/// once and keeps it, and does not call this. Only the first call counts.
pub fn cache_art_on_disk(cache: ArtCache) {
    let _ = DISK_CACHE.set(cache);
}

/// The variants a game can be created for in Discord: every one the engine runs whose map has
/// art, since each phase's results are posted with its map.
pub fn playable_variants() -> Vec<&'static str> {
    engine::variants::ids()
        .into_iter()
        .filter(|id| engine::variants::art(id).is_some())
        .collect()
}

fn location(v: &Rules, l: EngineLocation) -> Location {
    let name = v.map.location_name(l);
    match name.split_once('/') {
        Some((p, c)) => Location::with_coast(p, c),
        None => Location::new(name),
    }
}

/// The symbol a unit kind is drawn with, by the letter its variant declares (a table of the
/// render crate's symbols, not of variants); any other kind is drawn with its own letter.
fn kind(k: UnitKind) -> render::scene::UnitKind {
    match k.letter() {
        "A" => render::scene::UnitKind::Army,
        "F" => render::scene::UnitKind::Fleet,
        "R" => render::scene::UnitKind::RiverFlotilla,
        "A/F" => render::scene::UnitKind::ArmyFleet,
        other => render::scene::UnitKind::Other(other.to_string()),
    }
}

/// The unit kinds beyond armies and fleets among `kinds` (the units and new units a scene
/// shows), each once with its declared name, for the legend.
fn unit_keys(kinds: impl IntoIterator<Item = UnitKind>) -> Vec<UnitKey> {
    let mut keys: Vec<UnitKey> = Vec::new();
    for k in kinds {
        if matches!(k.letter(), "A" | "F") || keys.iter().any(|key| key.kind == kind(k)) {
            continue;
        }
        keys.push(UnitKey {
            kind: kind(k),
            name: k.name().to_string(),
        });
    }
    keys
}

/// How the map draws one of the variant's own orders, as its rulebook says
/// (`DrawingHooks::order_marks`); `None` for one it does not draw. A unit it shows appearing
/// is added to `shown`, the kinds the legend keys.
fn special_mark(
    v: &Rules,
    position: &Position,
    index: usize,
    power: PowerId,
    order: &Order,
    shown: &mut Vec<UnitKind>,
) -> Option<Draw> {
    let Order::Special { unit, verb, args } = order else {
        return None;
    };
    let unit = unit.and_then(|r| {
        position
            .units
            .iter()
            .chain(position.dislodged.iter().map(|d| &d.unit))
            .find(|u| u.location.province == r.province && u.power == power)
            .copied()
            // A unit the order puts on the board (a placement) is not there yet: the judge
            // hands the rulebook the unit it would place, and so does the picture.
            .or_else(|| {
                let kind = r.kind.filter(|_| v.book.special_places(verb))?;
                Some(engine::unit::Unit {
                    power,
                    kind,
                    location: r.location(),
                })
            })
            // An order that names a place rather than a unit of the power's (a centre granted
            // or selected in a setup): the rulebook reads the place from the unit it is given.
            .or_else(|| {
                r.kind.is_none().then(|| engine::unit::Unit {
                    power,
                    kind: UnitKind::ARMY,
                    location: r.location(),
                })
            })
    });
    let special = SpecialOrder {
        index,
        power,
        unit,
        verb: verb.clone(),
        args: args.clone(),
    };
    let drawn = v.book.order_marks(&v.context(position), &special)?;
    let drawn = marking(v, drawn, shown);
    // Named by its unit; an order for no unit by where its first mark stands.
    let at = match (unit, drawn.marks.first()) {
        (Some(u), _) => location(v, u.location),
        (None, Some(render::Mark::Arrow { from: at, .. }))
        | (None, Some(render::Mark::Ring { at, .. }))
        | (None, Some(render::Mark::Symbol { at, .. }))
        | (None, Some(render::Mark::Pattern { at, .. })) => at.clone(),
        (None, None) => return None,
    };
    Some(Draw::Marked {
        unit: at,
        key: drawn.key,
        marks: drawn.marks,
    })
}

/// A rulebook's marks in the renderer's vocabulary, one for one: places by name, powers by
/// their stored name. A unit a mark shows appearing is added to `shown`.
fn marking(v: &Rules, m: Marking, shown: &mut Vec<UnitKind>) -> render::Marking {
    use render::scene::{Glyph as G, Head as H, Mark as M, Pattern as P, Stroke as S};
    let colour = |c: MarkColour| match c {
        MarkColour::Power(p) => render::MarkColour::Power(v.power_name(p).to_string()),
        MarkColour::Ink => render::MarkColour::Ink,
        MarkColour::Water => render::MarkColour::Water,
    };
    let stroke = |s: engine::rulebook::Stroke| match s {
        engine::rulebook::Stroke::Solid => S::Solid,
        engine::rulebook::Stroke::Dashed => S::Dashed,
        engine::rulebook::Stroke::Dotted => S::Dotted,
        engine::rulebook::Stroke::DashDotted => S::DashDotted,
        engine::rulebook::Stroke::Fine => S::Fine,
    };
    let glyph = |g: engine::rulebook::Glyph| match g {
        engine::rulebook::Glyph::Question => G::Question,
        engine::rulebook::Glyph::Plus => G::Plus,
        engine::rulebook::Glyph::Flag => G::Flag,
        engine::rulebook::Glyph::Number(n) => G::Number(n),
        engine::rulebook::Glyph::Text(t) => G::Text(t),
    };
    let marks = m
        .marks
        .into_iter()
        .map(|mark| match mark {
            MapMark::Arrow(a) => M::Arrow {
                from: location(v, a.from),
                to: location(v, a.to),
                to_unit: a.to_unit,
                line: stroke(a.line),
                head: match a.head {
                    engine::rulebook::Head::Solid => H::Solid,
                    engine::rulebook::Head::Open => H::Open,
                    engine::rulebook::Head::None => H::None,
                },
                tip: a.tip.map(glyph),
                label: a.label.map(glyph),
                colour: colour(a.colour),
            },
            MapMark::Ring {
                at,
                line,
                colour: c,
                badge,
                unit,
            } => {
                shown.extend(unit);
                M::Ring {
                    at: location(v, at),
                    line: stroke(line),
                    colour: colour(c),
                    badge: badge.map(glyph),
                    unit: unit.map(kind),
                }
            }
            MapMark::Symbol {
                at,
                glyph: g,
                colour: c,
            } => M::Symbol {
                at: location(v, at),
                glyph: glyph(g),
                colour: colour(c),
            },
            MapMark::Pattern {
                at,
                pattern,
                colour: c,
            } => M::Pattern {
                at: location(v, at),
                pattern: match pattern {
                    engine::rulebook::Pattern::Hatch => P::Hatch,
                    engine::rulebook::Pattern::Dots => P::Dots,
                },
                colour: colour(c),
            },
        })
        .collect();
    render::Marking { key: m.key, marks }
}

/// How an order is drawn for how it went: a legal order that could do nothing (it supports
/// or convoys a move or hold that was not made) is void, which the map marks apart from an
/// order that was tried and failed.
pub fn outcome(result: &OrderResult) -> Outcome {
    match result.verdict {
        Verdict::Succeeds => Outcome::Succeeded,
        Verdict::Illegal => Outcome::Illegal,
        Verdict::Fails => match result.cause {
            Some(
                Cause::SupportedDidNotHold { .. }
                | Cause::SupportedDidNotMove { .. }
                | Cause::NoUnitToSupport { .. }
                | Cause::NoUnitMadeMove { .. }
                | Cause::NoArmyToConvoy { .. },
            ) => Outcome::Void,
            _ => Outcome::Failed,
        },
    }
}

/// Builds the scene for a position; `orders` are drawn with their verdicts, and each
/// dislodged unit with the retreats `retreats` gives it.
pub fn scene(
    v: &Rules,
    position: &Position,
    orders: &[(PowerId, Order, Verdict)],
    retreats: &[DislodgedReport],
    palette: Palette,
) -> Scene {
    let orders: Vec<(PowerId, Order, Outcome)> = orders
        .iter()
        .map(|(p, o, verdict)| {
            let outcome = match verdict {
                Verdict::Succeeds => Outcome::Succeeded,
                Verdict::Fails => Outcome::Failed,
                Verdict::Illegal => Outcome::Illegal,
            };
            (*p, o.clone(), outcome)
        })
        .collect();
    scene_drawn(v, position, &orders, retreats, palette)
}

/// [`scene`] with each order's outcome as drawn.
fn scene_drawn(
    v: &Rules,
    position: &Position,
    orders: &[(PowerId, Order, Outcome)],
    retreats: &[DislodgedReport],
    palette: Palette,
) -> Scene {
    // The scene names each power by its stored name, the one every record uses, so that
    // units, orders and owners match the power list exactly; players read the display name,
    // which only the legend writes.
    let power = |p: PowerId| v.power_name(p).to_string();
    let mut s = Scene {
        title: v.calendar.name(position.phase),
        palette,
        ..Scene::default()
    };
    s.powers = (0..v.powers.len())
        .map(|i| {
            let p = PowerId(i as u8);
            PowerStyle::new(power(p), i).labelled(v.display_name(p))
        })
        .collect();
    let ctx = v.context(position);
    // What the rules hide is left out here as well as by the renderer, so that no scene
    // (a JSON file, a test) ever carries it.
    let hidden = v.book.hidden_provinces(&ctx);
    s.hidden = hidden
        .iter()
        .map(|p| v.map.province(*p).id.clone())
        .collect();
    // Marks in hidden provinces are left out by the renderer as well.
    let mut state_units = Vec::new();
    s.marks = v
        .book
        .state_marks(&ctx)
        .into_iter()
        .map(|m| marking(v, m, &mut state_units))
        .collect();
    // Every centre the rules count now: the map's, and a province the rules made a centre
    // during the game (Atlantis once found), drawn with the name the rules give it, so that
    // the key counts what the report counts.
    let centres: Vec<ProvinceId> = v
        .map
        .province_ids()
        .filter(|p| v.map.province(*p).supply_center || v.book.is_supply_centre(&ctx, *p))
        .filter(|p| !hidden.contains(p))
        .collect();
    for c in centres {
        let owner = position.owners[c.0 as usize].map(power);
        let id = v.map.province(c).id.clone();
        if let Some(o) = &owner {
            s.owners.push(Owner {
                province: id.clone(),
                power: o.clone(),
            });
        }
        let home = position.homes[c.0 as usize];
        let mut marker = ScMarker::new(id, owner, home.map(power));
        // A home centre the map did not give: earned during the game.
        marker.earned = home.is_some()
            && v.map
                .province(c)
                .home_of
                .as_deref()
                .and_then(|h| v.power_by_name(h))
                != home;
        marker.name = v.book.centre_name(&ctx, c);
        marker.claim = position
            .tokens
            .iter()
            .filter(|t| t.at.province == c)
            .find_map(|t| {
                let (done, needed) = v.book.token_progress(&v.variant, t)?;
                Some(Claim {
                    power: power(t.power?),
                    done,
                    needed,
                })
            });
        s.supply_centres.push(marker);
    }
    // Every kind drawn, for the legend's keys.
    let mut shown: Vec<UnitKind> = position
        .units
        .iter()
        .chain(position.dislodged.iter().map(|d| &d.unit))
        .map(|u| u.kind)
        .chain(state_units)
        .collect();
    for u in &position.units {
        s.units.push(UnitMark::new(
            power(u.power),
            kind(u.kind),
            location(v, u.location),
        ));
    }
    for d in &position.dislodged {
        let mut m = UnitMark::new(
            power(d.unit.power),
            kind(d.unit.kind),
            location(v, d.unit.location),
        );
        m.dislodged = true;
        m.retreats = retreats
            .iter()
            .find(|r| r.dislodged.unit == d.unit)
            .into_iter()
            .flat_map(|r| &r.retreats)
            .map(|l| location(v, *l))
            .collect();
        s.units.push(m);
    }
    // A unit named without its coast is drawn where it really stands.
    let at = |r: &UnitRef| {
        let real = position
            .units
            .iter()
            .chain(position.dislodged.iter().map(|d| &d.unit))
            .find(|u| u.location.province == r.province);
        location(v, real.map(|u| u.location).unwrap_or(r.location()))
    };
    for (index, (p, o, outcome)) in orders.iter().enumerate() {
        let draw = match o {
            Order::Hold { unit } => Draw::Hold { unit: at(unit) },
            Order::Move {
                unit,
                to,
                via_convoy,
            } => Draw::Move {
                unit: at(unit),
                to: location(v, to.location()),
                via_convoy: *via_convoy,
            },
            Order::SupportHold { unit, supported } => Draw::SupportHold {
                unit: at(unit),
                target: at(supported),
            },
            Order::SupportMove {
                unit,
                supported,
                to,
            } => Draw::SupportMove {
                unit: at(unit),
                from: at(supported),
                to: location(v, to.location()),
            },
            Order::Convoy { unit, army, to } => Draw::Convoy {
                unit: at(unit),
                from: at(army),
                to: location(v, to.location()),
            },
            Order::Retreat { unit, to } => Draw::Retreat {
                unit: at(unit),
                to: location(v, to.location()),
            },
            Order::Build { unit } => {
                shown.extend(unit.kind);
                Draw::Build {
                    at: location(v, unit.location()),
                    unit_kind: unit.kind.map_or(render::scene::UnitKind::Army, kind),
                }
            }
            Order::Disband { unit } => Draw::Disband { unit: at(unit) },
            Order::Special { .. } => match special_mark(v, position, index, *p, o, &mut shown) {
                Some(d) => d,
                None => continue,
            },
            Order::Waive => continue,
        };
        s.orders
            .push(OrderMark::new(power(*p), draw).with_outcome(*outcome));
    }
    s.unit_keys = unit_keys(shown);
    s
}

/// Draws a scene as PNG bytes on the variant's art.
pub fn png(variant: &str, scene: &Scene) -> Result<Vec<u8>, String> {
    render::render_png(drawn_art(variant)?, scene).map_err(|e| e.to_string())
}

/// The variant's map art, or an error naming the variants that have one.
pub fn drawn_art(variant: &str) -> Result<&'static MapArt, String> {
    art_for(variant).ok_or_else(|| {
        let drawn: Vec<&str> = engine::variants::BUILTIN
            .iter()
            .copied()
            .filter(|id| engine::variants::art(id).is_some())
            .collect();
        format!(
            "variant '{variant}' has no map art yet; maps exist for: {}",
            drawn.join(", ")
        )
    })
}

/// Where the dislodged units of a position with no record may retreat, as the judge says (a
/// position given on the command line).
pub fn retreats_of(v: &Rules, position: &Position) -> Vec<DislodgedReport> {
    position
        .dislodged
        .iter()
        .map(|d| DislodgedReport {
            dislodged: *d,
            retreats: engine::judge::retreat_options(v, position, d),
            attacker: None,
        })
        .collect()
}

/// The scene of a phase's map: the position it started from, with every order of its record
/// (`None` for a phase not yet played) drawn with how it went, a unit the phase dislodged
/// pushed out by its attacker, the retreats the rules made, and the dislodged units of the
/// position with their retreats.
pub fn phase_scene(
    v: &Rules,
    position: &Position,
    record: Option<&PhaseRecord>,
    retreats: &[DislodgedReport],
    palette: Palette,
) -> Scene {
    // Outcomes from the full results, so that a void support reads apart from a failed one.
    let drawn: Vec<_> = record
        .into_iter()
        .flat_map(|r| &r.orders)
        .filter_map(|o| Some((o.power, o.order.clone()?, outcome(&o.result))))
        .collect();
    let mut s = scene_drawn(v, position, &drawn, retreats, palette);
    let Some(record) = record else {
        return s;
    };
    // On a phase that counted centres, the key gives the counts its report gives: after the
    // count, as builds are reckoned (a centre found during the phase included).
    if let Some(changes) = crate::report::centre_changes(v, position, record) {
        s.sc_counts = changes
            .iter()
            .map(|c| ScCount {
                power: v.power_name(c.power).to_string(),
                count: c.count,
            })
            .collect();
    }
    // A unit the phase dislodged stood here when the orders were given: drawn pushed out,
    // tied to the move that dislodged it.
    for d in &record.dislodged {
        let by = Location::new(v.map.province(d.dislodged.attacker_from).id.clone());
        let at = location(v, d.dislodged.unit.location);
        let power = v.power_name(d.dislodged.unit.power);
        if let Some(u) = s.units.iter_mut().find(|u| {
            !u.dislodged && u.dislodged_by.is_none() && u.location == at && u.power == power
        }) {
            u.dislodged_by = Some(by);
        }
    }
    // A unit a retreat list took away with the moves was dislodged too, though it has no
    // retreat to come: by the move that succeeded into its province.
    for (unit, _) in &record.retreated {
        let at = location(v, unit.location);
        let power = v.power_name(unit.power);
        let attacker = record.orders.iter().find_map(|o| match &o.order {
            Some(Order::Move { unit: from, to, .. })
                if to.province == unit.location.province
                    && o.result.verdict == Verdict::Succeeds =>
            {
                Some(Location::new(v.map.province(from.province).id.clone()))
            }
            _ => None,
        });
        if let (Some(by), Some(u)) = (
            attacker,
            s.units.iter_mut().find(|u| {
                !u.dislodged && u.dislodged_by.is_none() && u.location == at && u.power == power
            }),
        ) {
            u.dislodged_by = Some(by);
        }
    }
    // What the rules moved without an order of the owner (a retreat list, a right-hand rule).
    for (unit, to) in &record.retreated {
        s.orders.push(
            OrderMark::new(
                v.power_name(unit.power),
                Draw::RuledRetreat {
                    unit: location(v, unit.location),
                    to: location(v, *to),
                },
            )
            .with_outcome(Outcome::Succeeded),
        );
    }
    s
}

/// A phase's map as PNG: [`phase_scene`] drawn on the variant's art.
pub fn phase_png(
    v: &Rules,
    position: &Position,
    record: Option<&PhaseRecord>,
    retreats: &[DislodgedReport],
) -> Result<Vec<u8>, String> {
    let scene = phase_scene(v, position, record, retreats, Palette::Default);
    png(&v.id, &scene)
}
