//! What Atlantica II's rulebook tells the bot and the map for players: the orders of its own a
//! power may give now (placements, searches, boardings), what every form looks like, the
//! frozen places the map hatches, how its orders are drawn, and the numbered areas the map hides.
//!
//! Nothing here reads the game's secret draws: before Atlantis is found every list is the same
//! whichever area it is, so no list, help line or picture can give it away.

use super::{atlantis::SEARCH_VERBS, placement::PLACE, retreats, AtlanticaRules};
use crate::map::{Location, ProvinceId, LAND};
use crate::order::{Order, Term, UnitRef};
use crate::phase::PhaseKind;
use crate::rulebook::{
    Arrow, Glyph, Head, MapMark, MarkColour, Marking, OrderHelp, OrderHooks, Pattern, RuleContext,
    SpecialOrder, Stroke,
};
use crate::unit::{PowerId, Unit, UnitKind};
use crate::variants::af::AfOrder;

/// The verb the lists write boardings with (any of the A/F boarding verbs is accepted).
const BOARDS: &str = "boards";

fn order(kind: UnitKind, at: Location, verb: &str, args: Vec<Term>) -> Order {
    Order::Special {
        unit: Some(UnitRef {
            kind: Some(kind),
            province: at.province,
            coast: at.coast,
        }),
        verb: verb.to_string(),
        args,
    }
}

impl AtlanticaRules {
    /// Rule 5: a placement for every space the power's fleet may be placed in now (January
    /// 1870 only), each one `check_special` accepts.
    pub(super) fn placements(&self, ctx: &RuleContext, power: PowerId) -> Vec<Order> {
        if !self.is_first_month(ctx) {
            return Vec::new();
        }
        let map = ctx.map();
        map.province_ids()
            .filter(|&p| map.terrain(p).holds_many || !map.admits(&LAND, Location::province(p)))
            .filter_map(|p| {
                let unit = Unit {
                    power,
                    kind: UnitKind::FLEET,
                    location: Location::province(p),
                };
                self.check_special(ctx, power, Some(&unit), PLACE, &[])
                    .ok()
                    .map(|()| order(UnitKind::FLEET, unit.location, PLACE, Vec::new()))
            })
            .collect()
    }

    /// Rule 6b: a search of every area next to each of the power's fleets, from February
    /// 1870 until Atlantis is found. The same whatever area Atlantis is.
    pub(super) fn searches(&self, ctx: &RuleContext, power: PowerId) -> Vec<Order> {
        if self.is_first_month(ctx) || self.atlantis(ctx.position).is_some() {
            return Vec::new();
        }
        let mut out = Vec::new();
        for u in ctx.position.units.iter().filter(|u| u.power == power) {
            for (i, area) in self.areas.iter().enumerate() {
                let Some(area) = *area else { continue };
                let next_to = ctx
                    .map()
                    .province(u.location.province)
                    .borders
                    .iter()
                    .any(|b| b.to.province == area);
                let args = vec![Term::Number(i as u32 + 1)];
                if next_to
                    && self
                        .check_special(ctx, power, Some(u), SEARCH_VERBS[0], &args)
                        .is_ok()
                {
                    out.push(order(u.kind, u.location, SEARCH_VERBS[0], args));
                }
            }
        }
        out
    }

    /// Rule 8a: each of the power's armies may board each of its fleets beside its coast,
    /// where the ice allows (12e).
    pub(super) fn boardings(&self, ctx: &RuleContext, power: PowerId) -> Vec<Order> {
        let map = ctx.map();
        let own = |k: UnitKind| {
            ctx.position
                .units
                .iter()
                .filter(move |u| u.power == power && u.kind == k)
        };
        let mut out = Vec::new();
        for army in own(UnitKind::ARMY) {
            for fleet in own(UnitKind::FLEET) {
                let beside = map
                    .province(army.location.province)
                    .borders
                    .iter()
                    .any(|b| b.to.province == fleet.location.province);
                if !beside {
                    continue;
                }
                // As the parser reads "A bre boards F mao".
                let args = vec![
                    Term::Kind(UnitKind::FLEET),
                    Term::Province(fleet.location.province),
                ];
                if self
                    .check_special(ctx, power, Some(army), BOARDS, &args)
                    .is_ok()
                {
                    out.push(order(army.kind, army.location, BOARDS, args));
                }
            }
        }
        out
    }

    /// Rule 9a: retreat lists to offer each of the power's units (autocomplete shows them only
    /// once the player has typed `A par if`). The places are the neighbours the unit could
    /// ever retreat to, taken clockwise round it as the right-hand rule walks them (the map's
    /// `clockwise.txt`): first the whole ring from each place in turn (the place most
    /// wanted, then the others to its right), then the same anticlockwise, then each place
    /// alone. Whatever the list, only the open places count once the moves are settled.
    pub(super) fn retreat_lists(&self, ctx: &RuleContext, power: PowerId) -> Vec<Order> {
        let map = ctx.map();
        let mut out = Vec::new();
        for u in ctx.position.units.iter().filter(|u| u.power == power) {
            let here = u.location.province;
            let ring: Vec<ProvinceId> = match map.clockwise(here) {
                Some(r) if !r.is_empty() => r.to_vec(),
                _ => map.neighbours(here).collect(),
            };
            let places: Vec<Location> = ring
                .iter()
                .map(|&p| Location::province(p))
                .filter(|&at| retreats::check_list(ctx, u, &retreats::list_terms(vec![at])).is_ok())
                .collect();
            let n = places.len();
            if n == 0 {
                continue;
            }
            let list = |places: Vec<Location>| {
                let args = retreats::list_terms(places);
                order(u.kind, u.location, retreats::IF_DISLODGED, args)
            };
            let mut lists: Vec<Order> = Vec::new();
            for start in 0..n {
                lists.push(list((0..n).map(|k| places[(start + k) % n]).collect()));
            }
            if n > 2 {
                for start in 0..n {
                    lists.push(list((0..n).map(|k| places[(start + n - k) % n]).collect()));
                }
            }
            if n > 1 {
                lists.extend(places.iter().map(|p| list(vec![*p])));
            }
            for l in lists {
                if !out.contains(&l) {
                    out.push(l);
                }
            }
        }
        out
    }

    /// Every form of Atlantica's own orders, `now` as the phase allows.
    pub(super) fn help(&self, ctx: &RuleContext) -> Vec<OrderHelp> {
        let movement = ctx.step().kind == PhaseKind::Movement;
        let first = self.is_first_month(ctx);
        let searching = movement && !first && self.atlantis(ctx.position).is_none();
        vec![
            OrderHelp::new(
                "F nao place",
                "place your high-seas fleet in a sea space or canal box not touching your \
                 homeland (January 1870 only; not in azo, hel, lak, lis, myr, nth or ska)",
                first,
            ),
            OrderHelp::new(
                "F nao search 3",
                "a fleet next to a numbered area searches it for Lost Atlantis (from February \
                 1870 until it is found)",
                searching,
            ),
            OrderHelp::new(
                "A lab boards F gsl",
                "at the start of the move an army boards your fleet in a sea beside it, which \
                 must hold or move (not support, convoy or, holding, be attacked); together \
                 they are an A/F",
                movement,
            ),
            OrderHelp::new(
                "A/F gsl - nfl",
                "an A/F lands its army on a coast beside its sea; the fleet stays",
                movement,
            ),
            OrderHelp::new(
                "A/F nao - mao - por",
                "an A/F sails one sea on, then lands its army if the move succeeds",
                movement,
            ),
            OrderHelp::new(
                "A/F gsl lands nfl then S",
                "an A/F lands its army and supports the landing (or \"then - grb\": moves on \
                 if the landing succeeds)",
                movement,
            ),
            OrderHelp::new(
                "F cad - can - mor",
                "with `A por boards F cad`: the piggyback, boarding, sailing one sea on and \
                 landing in one move",
                movement,
            ),
            OrderHelp::new(
                "A par if dislodged bur gas",
                "beside the unit's order: where it retreats if dislodged, best first (rule \
                 9a); type `A par if` to be offered lists",
                movement,
            ),
        ]
    }

    /// Rule 12: the frozen provinces and north coasts, January to April, hatched in pale
    /// blue and keyed "frozen".
    pub(super) fn frozen_marks(&self, ctx: &RuleContext) -> Vec<Marking> {
        if !self.frozen_period(ctx) {
            return Vec::new();
        }
        let map = ctx.map();
        let mut frozen = Vec::new();
        for p in map.province_ids() {
            if map.has_tag(p, self.frozen) {
                frozen.push(Location::province(p));
            } else if map.has_tag(p, self.frozen_nc) {
                if let Some(nc) = map.coast_id(p, "nc") {
                    frozen.push(Location {
                        province: p,
                        coast: Some(nc),
                    });
                }
            }
        }
        let marks = frozen
            .into_iter()
            .map(|at| MapMark::Pattern {
                at,
                pattern: Pattern::Hatch,
                colour: MarkColour::Water,
            })
            .collect();
        vec![Marking::keyed("frozen", marks)]
    }

    /// How the map draws a placement (the fleet on a dotted ring with a "+"), a search (a
    /// dotted arrow to the area named, whatever it holds, ending in "?"), a boarding (a dashed
    /// arrow from the army to its fleet), a landing (a dash-dotted arrow to the coast) and a
    /// retreat list written with the moves (fine arrows numbered best first).
    pub(super) fn mark(&self, ctx: &RuleContext, o: &SpecialOrder) -> Option<Marking> {
        let unit = o.unit?;
        let own = MarkColour::Power(o.power);
        let verb = o.verb.as_str();
        if verb == super::retreats::IF_DISLODGED {
            let to = super::retreats::list_of(&o.args)?;
            let marks = to
                .into_iter()
                .zip(1..)
                .map(|(to, rank)| {
                    Arrow {
                        head: Head::Open,
                        label: Some(Glyph::Number(rank)),
                        ..Arrow::new(unit.location, to, Stroke::Fine, own)
                    }
                    .into()
                })
                .collect();
            return Some(Marking::keyed("if dislodged", marks));
        }
        if verb == PLACE {
            let ring = MapMark::Ring {
                at: unit.location,
                line: Stroke::Dotted,
                colour: own,
                badge: Some(Glyph::Plus),
                unit: Some(unit.kind),
            };
            return Some(Marking::keyed("placed", vec![ring]));
        }
        if SEARCH_VERBS.contains(&verb) {
            let (_, area) = self.area_of(o)?;
            let arrow = Arrow {
                head: Head::Open,
                tip: Some(Glyph::Question),
                ..Arrow::new(unit.location, Location::province(area), Stroke::Dotted, own)
            };
            return Some(Marking::keyed("search", vec![arrow.into()]));
        }
        if let Some(AfOrder::Board { sea }) = AfOrder::of(verb, &o.args) {
            let onto = ctx
                .position
                .unit_at(sea)
                .map_or(Location::province(sea), |f| f.location);
            let arrow = Arrow {
                to_unit: true,
                ..Arrow::new(unit.location, onto, Stroke::Dashed, own)
            };
            return Some(Marking::keyed("boards", vec![arrow.into()]));
        }
        let order = Order::Special {
            unit: Some(UnitRef {
                kind: Some(unit.kind),
                province: unit.location.province,
                coast: unit.location.coast,
            }),
            verb: o.verb.clone(),
            args: o.args.clone(),
        };
        match self.landing(ctx, &unit, &order)? {
            Ok(landing) => {
                let from = landing.sails_to.map_or(unit.location, |t| t.location());
                let to = Location::province(landing.to);
                let arrow = Arrow::new(from, to, Stroke::DashDotted, own);
                Some(Marking::keyed("lands", vec![arrow.into()]))
            }
            Err(_) => None,
        }
    }

    /// Rule 6: the six areas until Atlantis is found, then the five that ceased to exist.
    pub(super) fn hidden_areas(&self, ctx: &RuleContext) -> Vec<ProvinceId> {
        let found = self.atlantis(ctx.position);
        self.areas
            .iter()
            .flatten()
            .copied()
            .filter(|&a| Some(a) != found)
            .collect()
    }
}
