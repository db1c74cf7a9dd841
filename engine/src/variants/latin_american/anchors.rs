//! Fleets and river flotillas changing into each other, and the anchor markers that record
//! where a fleet left its ships ("Converting fleets to river flotillas", "Anchor markers and
//! converting river flotillas to fleets").
//!
//! A fleet that sails from a coastal province up a river into an upland province arrives as a
//! flotilla (`arrives_as`); one that converts anywhere else spends its turn on it (`F amp
//! convert to R`). Either way an [`ANCHOR_TOKEN`] is left standing where the fleet stood. A
//! flotilla becomes a fleet again by taking an anchor's ships on the coast the anchor stands
//! on, moving in (`R tri - guy/sc convert to F`), crossing banks to it, or (a reading: the
//! rules are silent) standing on it already. A fleet captures an anchor (`capture`), carries
//! it as it moves, releases it in a coastal province (`release`) or sinks it (`sink`).
//!
//! Readings where the rules are silent are written in `maps/latin-american/NOTES.md`: a fleet
//! converts only in a coastal province (the anchor has to be left in one); a carrier that is
//! dislodged, disbanded or goes up a river drops the ships it carries where it stood (sunk,
//! at sea; the option `lost-ships-stay`); a flotilla on an anchor's coast converts there (the
//! option `convert-where-it-stands`); a carried marker is on the carrier's power, so the fleet
//! carrying it is known in an ocean that holds many.

use super::causes::{note, LatinAmericanCause};
use super::flotilla::{FLOTILLA, RIVER};
use super::LatinAmericanRules;
use crate::map::{Location, ProvinceId};
use crate::order::{Order, Term, UnitRef};
use crate::outcome::{OrderResult, Verdict};
use crate::phase::PhaseKind;
use crate::position::Position;
use crate::rulebook::{
    Arrow, Glyph, MapMark, MarkColour, Marking, OrderHelp, RuleContext, Settled, SpecialAct,
    SpecialOrder, Stroke, VariantOption,
};
use crate::token::{Token, TokenDecl, TokenKind, TokenShape, TokenValue};
use crate::unit::{PowerId, Unit, UnitKind};

/// An anchor marker: the ships a fleet left behind, standing on the coast where it left
/// them, or carried by the fleet that captured them (then kept on the carrier's power).
pub static ANCHOR_DECL: TokenDecl = TokenDecl {
    name: "anchor",
    shape: TokenShape::Marker,
    owned: false,
    on_coasts: true,
};

pub const ANCHOR_TOKEN: TokenKind = TokenKind(&ANCHOR_DECL);

/// The verbs of the anchor orders, each with the other spellings players use.
pub(super) const VERBS: &[&str] = &[
    "convert", "converts", "capture", "captures", "release", "releases", "sink", "sinks",
    "scuttle", "destroy",
];

/// The option letting a flotilla already on an anchor marker's coast convert there.
pub(super) const CONVERT_WHERE_IT_STANDS: &str = "convert-where-it-stands";
/// The option keeping a lost carrier's ships on the board.
pub(super) const LOST_SHIPS_STAY: &str = "lost-ships-stay";

/// The readings of the anchor rules the text leaves open, as named options (ARCHITECTURE.md,
/// "Rulebook options").
pub(super) const OPTIONS: &[VariantOption] = &[
    VariantOption {
        name: CONVERT_WHERE_IT_STANDS,
        about: "a river flotilla already on the coast of an anchor marker may take its ships \
                and become a fleet where it stands, taking its turn (the rules describe the \
                change only as the flotilla enters; off: it must leave and come back)",
        default: true,
        available: true,
    },
    VariantOption {
        name: LOST_SHIPS_STAY,
        about: "the ships a fleet carries stay as a standing anchor marker where it was when \
                the fleet is dislodged, disbanded or removed in a coastal province (the rules \
                are silent; off: they are lost with the fleet)",
        default: true,
        available: true,
    },
];

/// The sign of an anchor on the map.
const ANCHOR_SIGN: &str = "\u{2693}";

/// What an anchor order asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum AnchorOrder {
    /// A fleet becomes a flotilla where it stands, leaving its ships.
    ToFlotilla,
    /// A flotilla takes the ships of the anchor at `to` (where it stands, or where it moves
    /// or crosses to) and becomes a fleet there.
    ToFleet { to: Location },
    /// A fleet takes the ships of the anchor at `to` (where it stands or where it moves).
    Capture { to: Location },
    /// A fleet leaves the ships it carries where it stands.
    Release,
    /// A fleet sinks the ships it carries, or an anchor in its province.
    Sink,
}

impl AnchorOrder {
    /// Where the order moves its unit (another province), if it does.
    fn moves_to(self, unit: &Unit) -> Option<Location> {
        match self {
            AnchorOrder::ToFleet { to } | AnchorOrder::Capture { to }
                if to.province != unit.location.province =>
            {
                Some(to)
            }
            _ => None,
        }
    }
}

/// Words an anchor order may add after its verb, none of which changes what it asks.
const FILLER: &[&str] = &[
    "to",
    "into",
    "a",
    "an",
    "the",
    "ships",
    "ship",
    "additional",
    "anchor",
    "anchors",
    "marker",
    "markers",
    "its",
    "of",
];

/// The anchors standing at exactly `at`.
fn standing_at(position: &Position, at: Location) -> impl Iterator<Item = &Token> + '_ {
    position.tokens.iter().filter(move |t| stands_at(t, at))
}

/// Whether `t` is an anchor marker standing at exactly `at`.
fn stands_at(t: &Token, at: Location) -> bool {
    t.kind == ANCHOR_TOKEN && t.value == TokenValue::Standing && t.at == at
}

/// The anchor `unit` carries, if it carries one.
fn carried_by<'p>(position: &'p Position, unit: &Unit) -> Option<&'p Token> {
    position.tokens.iter().find(|t| carried_with(t, unit))
}

/// Whether `t` is the anchor marker `unit` carries (a fleet carries at most one).
fn carried_with(t: &Token, unit: &Unit) -> bool {
    t.kind == ANCHOR_TOKEN
        && t.value == TokenValue::Carried
        && t.at == unit.location
        && t.power == Some(unit.power)
}

/// Reads the words after an anchor order's verb: the kind a conversion makes (`to F`, `to
/// river flotilla`) and the words that change nothing (`anchor`, `the ships`), kept as
/// written; `None` for any other word.
pub(super) fn read_words(words: &[String]) -> Option<Vec<Term>> {
    let mut terms = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let w = words[i].to_lowercase();
        match w.as_str() {
            "f" | "fleet" => terms.push(Term::Kind(UnitKind::FLEET)),
            "r" | "flotilla" | "rf" => terms.push(Term::Kind(FLOTILLA)),
            "river" if words.get(i + 1).is_some_and(|n| n == "flotilla") => {
                terms.push(Term::Kind(FLOTILLA));
                i += 1;
            }
            w if FILLER.contains(&w) => terms.push(Term::Word(w.to_string())),
            _ => return None,
        }
        i += 1;
    }
    Some(terms)
}

/// Where a fleet standing at `fleet` leaves its ships, and where a flotilla changing there
/// stands: the same place where the flotilla may stand on it, else the bank the sea reaches
/// (a province's first river coast, `coasts-river=` in the map), else the fleet's own place
/// (ships released where no river runs).
pub(super) fn ships_place(ctx: &RuleContext, fleet: Location) -> Location {
    let map = ctx.map();
    if map.admits(&RIVER, fleet) {
        return fleet;
    }
    map.coasts_for(&RIVER, fleet.province)
        .next()
        .map_or(fleet, |c| Location {
            province: fleet.province,
            coast: Some(c),
        })
}

/// Where a fleet stands that takes the ships at `ships`: the same place, or the province as
/// a whole where the fleet names no coast; `None` where no fleet may stand.
fn fleet_place(ctx: &RuleContext, ships: Location) -> Option<Location> {
    let class = UnitKind::FLEET.class();
    let map = ctx.map();
    [ships, Location::province(ships.province)]
        .into_iter()
        .find(|&at| map.admits(class, at) && ctx.book.can_stand(ctx, UnitKind::FLEET, at))
}

impl LatinAmericanRules {
    /// A coastal province: where anchors stand and fleets convert.
    fn anchorage(&self, ctx: &RuleContext, p: ProvinceId) -> bool {
        self.flotilla.coastal(ctx.map(), p)
    }

    /// An upland province: land no sea reaches, which a fleet enters only up a river, as a
    /// flotilla.
    fn upland(&self, ctx: &RuleContext, p: ProvinceId) -> bool {
        let map = ctx.map();
        !self.flotilla.coastal(map, p)
            && !self.flotilla.at_sea(map, p)
            && !self.flotilla.island(map, p)
            && !self.on_lake(ctx, p)
            && !self.on_glacier(ctx, p)
    }

    /// Converting fleets to river flotillas: the kind a fleet becomes by sailing up a river
    /// from a coastal province into an upland one, the one move in which the change costs no
    /// turn.
    pub(super) fn fleet_upriver(
        &self,
        ctx: &RuleContext,
        unit: &Unit,
        to: ProvinceId,
    ) -> Option<UnitKind> {
        (unit.kind == UnitKind::FLEET
            && self.anchorage(ctx, unit.location.province)
            && self.upland(ctx, to))
        .then_some(FLOTILLA)
    }

    /// Reads and checks an anchor order of `unit`: what it asks, or why it is refused.
    pub(super) fn read_anchor_order(
        &self,
        ctx: &RuleContext,
        unit: &Unit,
        verb: &str,
        args: &[Term],
    ) -> Result<AnchorOrder, LatinAmericanCause> {
        let written = || LatinAmericanCause::AnchorUnreadable {
            written: std::iter::once(verb.to_string())
                .chain(args.iter().map(|a| a.text(ctx.variant)))
                .collect::<Vec<_>>()
                .join(" "),
        };
        let (to, words) = match args {
            [dash, Term::Location(to), rest @ ..] if dash.is_word("-") => (Some(*to), rest),
            rest => (None, rest),
        };
        let mut kind: Option<UnitKind> = None;
        for w in words {
            match w {
                Term::Kind(k) => kind = Some(*k),
                Term::Word(_) => {}
                _ => return Err(written()),
            }
        }
        if ctx.step().kind != PhaseKind::Movement {
            return Err(LatinAmericanCause::AnchorOutsideMovement);
        }
        let here = unit.location;
        let order = match verb {
            "convert" | "converts" => {
                if unit.kind == UnitKind::FLEET && kind.is_none_or(|k| k == FLOTILLA) {
                    if to.is_some() {
                        return Err(LatinAmericanCause::ConvertByMoving);
                    }
                    AnchorOrder::ToFlotilla
                } else if unit.kind == FLOTILLA && kind.is_none_or(|k| k == UnitKind::FLEET) {
                    // A province named without its bank: the one the sea reaches.
                    let to = to.map_or(here, |t| ships_place(ctx, t));
                    AnchorOrder::ToFleet { to }
                } else if unit.kind == UnitKind::ARMY {
                    return Err(LatinAmericanCause::ArmyHasNoShips);
                } else {
                    return Err(LatinAmericanCause::ConvertToOwnKind);
                }
            }
            _ if kind.is_some() => return Err(written()),
            "capture" | "captures" => AnchorOrder::Capture {
                to: to.unwrap_or(here),
            },
            "release" | "releases" if to.is_none() => AnchorOrder::Release,
            "sink" | "sinks" | "scuttle" | "destroy" if to.is_none() => AnchorOrder::Sink,
            _ => return Err(LatinAmericanCause::AnchorOrderStays),
        };
        self.check_anchor_order(ctx, unit, order).map(|()| order)
    }

    /// Whether `unit` may give `order` on this board.
    fn check_anchor_order(
        &self,
        ctx: &RuleContext,
        unit: &Unit,
        order: AnchorOrder,
    ) -> Result<(), LatinAmericanCause> {
        let position = ctx.position;
        let here = unit.location.province;
        let fleet = unit.kind == UnitKind::FLEET;
        if !fleet && !matches!(order, AnchorOrder::ToFleet { .. }) {
            return Err(LatinAmericanCause::OnlyFleetsHandleShips);
        }
        match order {
            AnchorOrder::ToFlotilla => {
                if !self.anchorage(ctx, here) {
                    return Err(LatinAmericanCause::ConvertAwayFromCoast { at: here });
                }
                if !ctx.map().admits(&RIVER, ships_place(ctx, unit.location)) {
                    return Err(LatinAmericanCause::NoFlotillaHere { at: here });
                }
            }
            AnchorOrder::ToFleet { to } | AnchorOrder::Capture { to } => {
                if !self.anchorage(ctx, to.province) {
                    return Err(LatinAmericanCause::ConvertAwayFromCoast { at: to.province });
                }
                let ships = if fleet { ships_place(ctx, to) } else { to };
                if standing_at(position, ships).next().is_none() {
                    return Err(LatinAmericanCause::NoAnchorThere { at: ships });
                }
                if fleet && carried_by(position, unit).is_some() {
                    return Err(LatinAmericanCause::AlreadyCarrying);
                }
                if !fleet && fleet_place(ctx, to).is_none() {
                    return Err(LatinAmericanCause::NoAnchorThere { at: to });
                }
                if !fleet && to == unit.location && !self.convert_where_it_stands {
                    return Err(LatinAmericanCause::ConvertOnEntering);
                }
                if to.province == here {
                    // A flotilla may cross to the anchor's bank; a fleet never changes coast.
                    let crosses = !fleet && to.coast != unit.location.coast;
                    if to != unit.location && !crosses {
                        return Err(LatinAmericanCause::NoAnchorThere { at: to });
                    }
                    if crosses && !ctx.book.crosses_within(ctx, unit, to) {
                        return Err(LatinAmericanCause::NoAnchorThere { at: to });
                    }
                } else if !self.reaches(ctx, unit, to) {
                    return Err(LatinAmericanCause::AnchorCannotReach {
                        from: here,
                        to: to.province,
                    });
                }
            }
            AnchorOrder::Release => {
                if carried_by(position, unit).is_none() {
                    return Err(LatinAmericanCause::NothingCarried);
                }
                if !self.anchorage(ctx, here) {
                    return Err(LatinAmericanCause::ReleaseAwayFromCoast { at: here });
                }
            }
            AnchorOrder::Sink => {
                let in_province = position.tokens.iter().any(|t| {
                    t.kind == ANCHOR_TOKEN
                        && t.value == TokenValue::Standing
                        && t.at.province == here
                });
                if carried_by(position, unit).is_none() && !in_province {
                    return Err(LatinAmericanCause::NoAnchorToSink { at: here });
                }
            }
        }
        Ok(())
    }

    /// Whether `unit` may move from where it stands to `to`, as its own kind.
    fn reaches(&self, ctx: &RuleContext, unit: &Unit, to: Location) -> bool {
        ctx.map()
            .province(unit.location.province)
            .borders
            .iter()
            .any(|b| {
                b.to.province == to.province
                    && b.from_coast == unit.location.coast
                    && (to.coast.is_none() || b.to.coast == to.coast || b.to.coast.is_none())
                    && ctx.book.can_cross(ctx, unit.kind, b)
                    && ctx.book.can_stand(ctx, unit.kind, to)
            })
            && self.move_refusal(ctx, unit, to.province).is_none()
    }

    /// What the resolver does with an accepted anchor order: a move into another province
    /// is made as a move; everything else holds.
    pub(super) fn anchor_act(&self, unit: &Unit, order: AnchorOrder) -> SpecialAct {
        match order.moves_to(unit) {
            Some(to) => SpecialAct::MovesThen { to },
            None => SpecialAct::Holds,
        }
    }

    /// Finishes the anchor orders of a movement phase on the board its moves left, and keeps
    /// every anchor where the rules put it: ships left by fleets gone up a river, carried
    /// ships following their fleets. One result per order of `orders`, which are all anchor
    /// orders, each read again by [`Self::read_anchor_order`] before the phase.
    pub(super) fn settle_anchors(
        &self,
        ctx: &RuleContext,
        orders: &[(SpecialOrder, AnchorOrder)],
        settled: &mut Settled,
    ) -> Vec<OrderResult> {
        let after = &mut *settled.after;
        // Fleets gone up a river: their ships stay where they sailed from.
        for (was, now) in settled.arrived_as {
            if was.kind == UnitKind::FLEET && now.kind == FLOTILLA {
                drop_carried(ctx, after, was);
                after.tokens.push(Token {
                    kind: ANCHOR_TOKEN,
                    at: ships_place(ctx, was.location),
                    power: None,
                    value: TokenValue::Standing,
                });
            }
        }
        // Carried ships go where their fleet went.
        for (s, r) in settled.orders.iter().zip(settled.results.iter()) {
            if r.verdict != Verdict::Succeeds {
                continue;
            }
            let from = match &s.order {
                Ok(Order::Move { unit, .. }) => unit.province,
                Ok(Order::Special {
                    unit: Some(unit), ..
                }) => unit.province,
                _ => continue,
            };
            let carried = after.tokens.iter().position(|t| {
                t.kind == ANCHOR_TOKEN
                    && t.value == TokenValue::Carried
                    && t.at.province == from
                    && t.power == Some(s.power)
            });
            if let (Some(k), Some(dest)) = (carried, moved_to(s, after)) {
                after.tokens[k].at = dest;
            }
        }
        let mut results = Vec::new();
        for (o, order) in orders {
            let Some(unit) = o.unit else {
                results.push(OrderResult::fails(crate::outcome::Cause::NotAdjudicated));
                continue;
            };
            let given = settled.results[o.index].clone();
            // Where the unit now stands: moved in, or still where it was (not dislodged).
            let now = match order.moves_to(&unit) {
                Some(to) if given.verdict == Verdict::Succeeds => {
                    after.units.iter().position(|u| {
                        u.power == unit.power
                            && u.kind == unit.kind
                            && u.location.province == to.province
                    })
                }
                Some(_) => None,
                None => after.units.iter().position(|u| *u == unit),
            };
            let Some(k) = now else {
                results.push(given);
                continue;
            };
            results.push(carry_out(ctx, after, k, *order, given));
        }
        Token::sort(&mut after.tokens);
        results
    }
}

/// Does what an anchor order asks of the unit `k` of `after`, which is where the order
/// wanted it; `given` is the result the resolution gave the order.
fn carry_out(
    ctx: &RuleContext,
    after: &mut Position,
    k: usize,
    order: AnchorOrder,
    given: OrderResult,
) -> OrderResult {
    let unit = after.units[k];
    let standing_index =
        |after: &Position, at: Location| after.tokens.iter().position(|t| stands_at(t, at));
    let mut ok = given;
    match order {
        AnchorOrder::ToFlotilla => {
            let place = ships_place(ctx, unit.location);
            drop_carried(ctx, after, &unit);
            after.tokens.push(Token {
                kind: ANCHOR_TOKEN,
                at: place,
                power: None,
                value: TokenValue::Standing,
            });
            after.units[k].kind = FLOTILLA;
            after.units[k].location = place;
            ok.notes
                .push(note(LatinAmericanCause::BecameFlotilla { at: place }));
        }
        AnchorOrder::ToFleet { to } => {
            let (Some(t), Some(place)) = (standing_index(after, to), fleet_place(ctx, to)) else {
                return OrderResult::fails(super::cause(LatinAmericanCause::NoAnchorThere {
                    at: to,
                }));
            };
            after.tokens.remove(t);
            after.units[k].kind = UnitKind::FLEET;
            after.units[k].location = place;
            ok.notes
                .push(note(LatinAmericanCause::BecameFleet { at: to }));
        }
        AnchorOrder::Capture { to } => {
            let ships = ships_place(ctx, to);
            let Some(t) = standing_index(after, ships) else {
                return OrderResult::fails(super::cause(LatinAmericanCause::NoAnchorThere {
                    at: ships,
                }));
            };
            after.tokens[t].value = TokenValue::Carried;
            after.tokens[t].power = Some(unit.power);
            after.tokens[t].at = unit.location;
        }
        AnchorOrder::Release => drop_carried(ctx, after, &unit),
        AnchorOrder::Sink => {
            let t = carried_index(after, &unit).or_else(|| {
                let here = unit.location.province;
                let standing = |t: &Token| {
                    t.kind == ANCHOR_TOKEN
                        && t.value == TokenValue::Standing
                        && t.at.province == here
                };
                // The anchor where the fleet's own ships would stand first.
                let own = ships_place(ctx, unit.location);
                after
                    .tokens
                    .iter()
                    .position(|t| standing(t) && t.at == own)
                    .or_else(|| after.tokens.iter().position(standing))
            });
            if let Some(t) = t {
                after.tokens.remove(t);
            }
        }
    }
    ok
}

impl LatinAmericanRules {
    /// After every phase: ships whose carrier is no longer where they are (dislodged,
    /// disbanded, removed) are dropped where they were: left standing in a coastal province,
    /// sunk at sea.
    pub(super) fn drop_lost_ships(&self, ctx: &RuleContext, after: &mut Position) {
        let mut k = 0;
        while k < after.tokens.len() {
            let t = after.tokens[k];
            let carried = t.kind == ANCHOR_TOKEN && t.value == TokenValue::Carried;
            let carrier = after.units.iter().any(|u| {
                u.kind == UnitKind::FLEET && u.location == t.at && Some(u.power) == t.power
            });
            if carried && !carrier {
                if self.lost_ships_stay && self.anchorage(ctx, t.at.province) {
                    after.tokens[k].value = TokenValue::Standing;
                    after.tokens[k].power = None;
                    after.tokens[k].at = ships_place(ctx, t.at);
                } else {
                    after.tokens.remove(k);
                    continue;
                }
            }
            k += 1;
        }
        Token::sort(&mut after.tokens);
    }

    /// The anchor orders `power` may give this movement phase: each fleet converting where it
    /// may, capturing, releasing or sinking ships; each flotilla taking an anchor's ships
    /// where it stands, crosses or moves to. Each is put through the check the judge makes.
    pub(super) fn anchor_orders(&self, ctx: &RuleContext, power: PowerId) -> Vec<Order> {
        if ctx.step().kind != PhaseKind::Movement {
            return Vec::new();
        }
        let anchors: Vec<Location> = ctx
            .position
            .tokens
            .iter()
            .filter(|t| t.kind == ANCHOR_TOKEN && t.value == TokenValue::Standing)
            .map(|t| t.at)
            .collect();
        let mut out = Vec::new();
        for u in ctx.position.units.iter().filter(|u| u.power == power) {
            let unit = UnitRef {
                kind: Some(u.kind),
                province: u.location.province,
                coast: u.location.coast,
            };
            let word = |w: &str| Term::Word(w.into());
            let mut candidates: Vec<(&str, Vec<Term>)> = Vec::new();
            if u.kind == UnitKind::FLEET {
                candidates.push(("convert", vec![word("to"), Term::Kind(FLOTILLA)]));
                candidates.push(("release", vec![word("anchor")]));
                candidates.push(("sink", vec![word("anchor")]));
            }
            for a in &anchors {
                let (verb, what, at) = if u.kind == UnitKind::FLEET {
                    match fleet_place(ctx, *a) {
                        Some(at) => ("capture", vec![word("anchor")], at),
                        None => continue,
                    }
                } else {
                    ("convert", vec![word("to"), Term::Kind(UnitKind::FLEET)], *a)
                };
                if at == u.location {
                    candidates.push((verb, what));
                } else {
                    candidates.push((verb, [vec![word("-"), Term::Location(at)], what].concat()));
                }
            }
            for (verb, args) in candidates {
                if self.read_anchor_order(ctx, u, verb, &args).is_ok() {
                    let order = Order::Special {
                        unit: Some(unit),
                        verb: verb.to_string(),
                        args,
                    };
                    if !out.contains(&order) {
                        out.push(order);
                    }
                }
            }
        }
        out
    }

    /// Every anchor on the map: standing ones in ink, carried ones beside their fleet in its
    /// power's colour.
    pub(super) fn anchor_marks(&self, ctx: &RuleContext) -> Vec<Marking> {
        let mut out = Vec::new();
        for t in ctx
            .position
            .tokens
            .iter()
            .filter(|t| t.kind == ANCHOR_TOKEN)
        {
            let (key, colour) = match (t.value, t.power) {
                (TokenValue::Carried, Some(p)) => {
                    ("anchor carried by a fleet", MarkColour::Power(p))
                }
                _ => ("anchor marker", MarkColour::Ink),
            };
            out.push(Marking::keyed(
                key,
                vec![MapMark::Symbol {
                    at: t.at,
                    glyph: Glyph::Text(ANCHOR_SIGN.into()),
                    colour,
                }],
            ));
        }
        out
    }

    /// How an anchor order is drawn: a move as a move's arrow with the anchor at its head, a
    /// change where the unit stands as a ring with the anchor on it.
    pub(super) fn anchor_order_marks(&self, unit: &Unit, order: AnchorOrder) -> Marking {
        let badge = Some(Glyph::Text(ANCHOR_SIGN.into()));
        let colour = MarkColour::Power(unit.power);
        let key = match order {
            AnchorOrder::ToFlotilla | AnchorOrder::ToFleet { .. } => "fleet and flotilla change",
            _ => "ships captured, released or sunk",
        };
        let to = match order {
            AnchorOrder::ToFleet { to } | AnchorOrder::Capture { to } => Some(to),
            _ => None,
        };
        let mark = match to.filter(|to| *to != unit.location) {
            Some(to) => MapMark::Arrow(Arrow {
                label: badge,
                ..Arrow::new(unit.location, to, Stroke::Solid, colour)
            }),
            None => MapMark::Ring {
                at: unit.location,
                line: Stroke::Dashed,
                colour,
                badge,
                unit: None,
            },
        };
        Marking::keyed(key, vec![mark])
    }

    /// Every anchor standing and every one carried, for `/game status`.
    pub(super) fn anchor_words(&self, ctx: &RuleContext) -> Vec<crate::reason::RuleReason> {
        ctx.position
            .tokens
            .iter()
            .filter(|t| t.kind == ANCHOR_TOKEN)
            .map(|t| match (t.value, t.power) {
                (TokenValue::Carried, Some(power)) => {
                    note(LatinAmericanCause::AnchorCarried { at: t.at, power })
                }
                _ => note(LatinAmericanCause::AnchorStanding { at: t.at }),
            })
            .collect()
    }
}

/// Where the unit of a successful move order `s` stands now: a fleet of its power in the
/// province the order moved it to.
fn moved_to(s: &crate::outcome::Submitted, after: &Position) -> Option<Location> {
    let to = match &s.order {
        Ok(Order::Move { to, .. }) => to.province,
        Ok(Order::Special { args, .. }) => match args.as_slice() {
            [dash, Term::Location(to), ..] if dash.is_word("-") => to.province,
            _ => return None,
        },
        _ => return None,
    };
    after
        .units
        .iter()
        .find(|u| u.power == s.power && u.kind == UnitKind::FLEET && u.location.province == to)
        .map(|u| u.location)
}

/// The index of the anchor `unit` carries in `after`.
fn carried_index(after: &Position, unit: &Unit) -> Option<usize> {
    after.tokens.iter().position(|t| carried_with(t, unit))
}

/// The ships `unit` (as it stood) carried are left standing where it stood.
fn drop_carried(ctx: &RuleContext, after: &mut Position, unit: &Unit) {
    if let Some(t) = carried_index(after, unit) {
        after.tokens[t].value = TokenValue::Standing;
        after.tokens[t].power = None;
        after.tokens[t].at = ships_place(ctx, unit.location);
    }
}

/// How the anchor orders are written, for players.
pub(super) fn help(ctx: &RuleContext) -> Vec<OrderHelp> {
    let movement = ctx.step().kind == PhaseKind::Movement;
    vec![
        OrderHelp::new(
            "F amp - par",
            "a fleet sailing from a coastal province up a river into an upland one arrives as \
             a river flotilla and leaves an anchor marker (its ships) where it sailed from",
            movement,
        ),
        OrderHelp::new(
            "F amp convert to R",
            "a fleet in a coastal province becomes a river flotilla where it stands, leaving an \
             anchor marker; it takes the turn",
            movement,
        ),
        OrderHelp::new(
            "R tri - guy/sc convert to F",
            "a river flotilla moving onto the coast where an anchor marker stands (or crossing \
             to it, or standing on it) takes its ships and becomes a fleet",
            movement,
        ),
        OrderHelp::new(
            "F guy capture anchor",
            "a fleet takes the anchor marker on its coast (also when moving in: F tri - guy \
             capture anchor) and carries it, one at a time",
            movement,
        ),
        OrderHelp::new(
            "F guy release anchor",
            "a fleet in a coastal province leaves the anchor marker it carries there",
            movement,
        ),
        OrderHelp::new(
            "F guy sink anchor",
            "a fleet sinks the anchor marker it carries, or one in its province; it takes the \
             turn (armies and flotillas never sink ships)",
            movement,
        ),
    ]
}
