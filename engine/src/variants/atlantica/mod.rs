//! Atlantica II (Fred C. Davis, Jr., 1973): the Atlantic world of 1870, its registry entry and
//! its rulebook, organised by the rule of the variant each part implements.
//!
//! The board (Europe, North Africa, the Atlantic, North America and the Caribbean, the six
//! numbered areas, the two canal boxes, the frozen tags) is data in `maps/atlantica/`; the
//! calendar (a move a month, builds after March, June, September and December, centres
//! changing hands after those months' moves) is its `variant.toml`. The rules live here: the
//! high-seas fleets (`placement`), Lost Atlantis (`atlantis`), the frozen regions (`frozen`),
//! the Fast Ferry and the boxes (below).

mod atlantis;
mod frozen;
mod placement;
mod players;
mod reasons;
mod retreats;

use super::af::{AfOrder, AfRules, AF_KINDS};
use super::{builtin_entry, VariantEntry};
use crate::judge::{Cause, OrderResult};
use crate::map::{Border, Location, ProvinceId, ProvinceTag};
use crate::order::{Order, Term};
use crate::phase::PhaseKind;
use crate::position::{Dislodged, Position};
use crate::reason::Wording;
use crate::rulebook::{
    AdjustmentHooks, DrawingHooks, GeographyHooks, OrderHooks, SecretHooks, StateHooks,
    StrengthHooks,
};
use crate::rulebook::{
    CivilDisorderRemoval, HiddenDraw, Marking, OrderHelp, RuleContext, Ruleset, Settled,
    SpecialOrder, StandardRules, VariantRules,
};
use crate::rulebook::{Landing, SpecialAct};
use crate::token::{Token, TokenKind, TokenValue};
use crate::unit::{PowerId, Unit, UnitKind};
use crate::variant::{Variant, VariantFiles};
use reasons::AtlanticaReason;

/// The entry `builtin_entry!` makes, with the clockwise rings the right-hand rule needs (9a)
/// and the secrets the game draws.
const BASE: VariantEntry = builtin_entry!("atlantica", &[], AF_KINDS, rulebook);

pub const ENTRY: VariantEntry = VariantEntry {
    files: VariantFiles {
        clockwise: Some(include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../maps/atlantica/clockwise.txt"
        ))),
        ..BASE.files
    },
    hidden_draws: HIDDEN_DRAWS,
    reasons: &[
        Wording::of::<AtlanticaReason>(),
        Wording::of::<super::af::AfReason>(),
    ],
    ..BASE
};

/// The names of Atlantica's secret draws.
const ATLANTIS_AREA: &str = "atlantis-area";
const COIN_SEED: &str = "coin-seed";

/// The secrets an Atlantica game draws when it is created.
pub const HIDDEN_DRAWS: &[HiddenDraw] = &[
    HiddenDraw {
        name: ATLANTIS_AREA,
        about: "which numbered area is Lost Atlantis (rule 6a: the GM's die)",
        faces: 6,
    },
    HiddenDraw {
        name: COIN_SEED,
        about: "the seed of the coin tosses between high-seas fleets placed in one space in \
                January 1870 (rule 5c)",
        faces: 1_000_000,
    },
];

pub fn rulebook(variant: &Variant, _ruleset: &Ruleset) -> Box<dyn VariantRules> {
    let map = &variant.map;
    let id = |s: &str| map.province_by_id(s);
    Box::new(AtlanticaRules {
        frozen: map.tag("frozen"),
        frozen_nc: map.tag("frozen-nc"),
        karelia: id("kar"),
        norway: id("nwy"),
        areas: ["ar1", "ar2", "ar3", "ar4", "ar5", "ar6"].map(id),
        no_placement: placement::NO_PLACEMENT.map(id),
        af: AfRules {
            boxes_renew_rations: true,
        },
    })
}

/// The verbs of Atlantica's own orders: placement (rule 5), search (rule 6) and the A/F
/// orders of rule 8 (`af::VERBS`: boarding, the long landing form, and `-` for a move then a
/// landing).
fn verbs() -> &'static [&'static str] {
    static VERBS: std::sync::OnceLock<Vec<&'static str>> = std::sync::OnceLock::new();
    VERBS.get_or_init(|| {
        [placement::PLACE]
            .into_iter()
            .chain(atlantis::SEARCH_VERBS.iter().copied())
            .chain(super::af::VERBS.iter().copied())
            .collect()
    })
}

/// Atlantica II's rules, with the map's names they ask about looked up once.
#[derive(Debug)]
pub struct AtlanticaRules {
    /// Rule 12: the provinces frozen for fleets from January to April.
    frozen: ProvinceTag,
    /// Rule 12: the provinces whose north coast only is frozen (Montreal, New York).
    frozen_nc: ProvinceTag,
    /// Rule 12d: Karelia, whose fleet lies on the south coast in the frozen months, and Norway.
    karelia: Option<ProvinceId>,
    norway: Option<ProvinceId>,
    /// Rule 6: the numbered areas, Area 1 to Area 6.
    areas: [Option<ProvinceId>; 6],
    /// Rule 5b2: the spaces where no high-seas fleet may be placed.
    no_placement: [Option<ProvinceId>; 7],
    /// Rule 8: the A/F units (`af.rs`, shared with Davis's `abstraction`); rations start
    /// again on leaving a canal box (rule 11c).
    af: AfRules,
}

impl AtlanticaRules {
    /// Rule 7, the Fast Ferry: why a convoy through several fleets is refused.
    fn fast_ferry() -> Cause {
        reasons::refuse(AtlanticaReason::FastFerry, [])
    }

    /// Rule 11b: whether `p` is a canal box.
    fn in_box(&self, ctx: &RuleContext, p: ProvinceId) -> bool {
        ctx.map().terrain(p).holds_many
    }
}

impl GeographyHooks for AtlanticaRules {
    // ---- Rule 6: Lost Atlantis

    fn can_stand(&self, ctx: &RuleContext, kind: UnitKind, at: Location) -> bool {
        if let Some(answer) = self.af.can_stand(ctx, kind, at) {
            // Rule 8: an A/F only at sea or in a box; never in Atlantis, which is land.
            return answer && !self.is_area(at.province);
        }
        if self.is_area(at.province) {
            return self.area_admits(ctx, at.province) && self.stands_in_atlantis(kind);
        }
        StandardRules.can_stand(ctx, kind, at)
    }

    fn can_convoy_to(&self, ctx: &RuleContext, province: ProvinceId) -> bool {
        if self.is_area(province) {
            // Like an island: an army reaches Atlantis by convoy once it is found.
            return self.area_admits(ctx, province);
        }
        StandardRules.can_convoy_to(ctx, province)
    }

    fn can_convoy_at(&self, ctx: &RuleContext, at: Location) -> bool {
        // Rule 12: the ice holds a fleet frozen in; Atlantis is land, no sea to convoy on.
        if self.frozen_at(ctx, at) || self.is_area(at.province) {
            return false;
        }
        StandardRules.can_convoy_at(ctx, at)
    }

    // ---- Rule 7: the Fast Ferry

    fn convoy_chains(&self, _ctx: &RuleContext) -> Result<(), Cause> {
        Err(Self::fast_ferry())
    }

    // ---- Rule 12: the frozen regions

    fn can_cross(&self, ctx: &RuleContext, kind: UnitKind, border: &Border) -> bool {
        if self.ice_closes(ctx, kind, border) {
            return false;
        }
        // Rule 6d: the areas not found are gone; the found one is an ordinary province.
        if (self.is_area(border.from) && !self.area_admits(ctx, border.from))
            || (self.is_area(border.to.province) && !self.area_admits(ctx, border.to.province))
        {
            return false;
        }
        StandardRules.can_cross(ctx, kind, border)
    }

    fn why_unreachable(&self, ctx: &RuleContext, unit: &Unit, to: ProvinceId) -> Option<Cause> {
        self.area_refusal(ctx, to)
            .or_else(|| self.ice_refusal(ctx, unit, to))
    }

    fn may_retreat(&self, ctx: &RuleContext, unit: &Unit, _border: &Border) -> bool {
        // Rule 12c: a fleet frozen in cannot move, so a dislodged one is annihilated.
        !(frozen::by_water(unit.kind) && self.frozen_at(ctx, unit.location))
    }
}

impl StrengthHooks for AtlanticaRules {
    // ---- Rule 8: army/fleet units (`af.rs`)

    fn can_support_into(&self, ctx: &RuleContext, kind: UnitKind, at: Location) -> bool {
        match self.af.can_support_into(ctx, kind, at) {
            Some(yes) => yes,
            None => self.can_stand(ctx, kind, at),
        }
    }

    // ---- Rule 11: the canal boxes (any number of units: the core's holds_many for terrain
    // `box`; nobody owns them: they are not centres)

    fn may_support(
        &self,
        ctx: &RuleContext,
        supporter: &Unit,
        _supported_from: ProvinceId,
        into: ProvinceId,
        _border: &Border,
    ) -> bool {
        // Rule 11b: no support from inside a box. Rules 12b-12c: none by a fleet frozen in,
        // nor by a fleet into a frozen place (the ice closes those borders already; this
        // keeps the rule whole).
        let iced = frozen::by_water(supporter.kind)
            && (self.frozen_at(ctx, supporter.location)
                || self.frozen_at(ctx, Location::province(into)));
        !self.in_box(ctx, supporter.location.province) && !iced
    }

    fn defends(&self, ctx: &RuleContext, defender: &Unit, attacker: &Unit, to: Location) -> bool {
        !self.frozen_defenceless(ctx, defender, attacker, to)
    }
}

impl OrderHooks for AtlanticaRules {
    // ---- Rules 5 and 6: the rulebook's own orders (placement, search)

    fn special_verbs(&self) -> &'static [&'static str] {
        verbs()
    }

    /// A placement names nothing more; a search names its area (`3`); a retreat list its
    /// places; the A/F orders as rule 8 writes them.
    fn read_special(&self, variant: &Variant, verb: &str, words: &[String]) -> Option<Vec<Term>> {
        match verb {
            placement::PLACE => words.is_empty().then(Vec::new),
            v if atlantis::SEARCH_VERBS.contains(&v) => atlantis::searched_area(words)
                .ok()
                .map(|n| vec![Term::Number(n as u32)]),
            retreats::IF_DISLODGED => retreats::read_list(&variant.map, words)
                .ok()
                .map(retreats::list_terms),
            _ => AfOrder::read(&variant.map, verb, words),
        }
    }

    fn check_special(
        &self,
        ctx: &RuleContext,
        power: PowerId,
        unit: Option<&Unit>,
        verb: &str,
        args: &[Term],
    ) -> Result<(), Cause> {
        match verb {
            placement::PLACE => self.check_placement(ctx, power, unit, args),
            v if atlantis::SEARCH_VERBS.contains(&v) => self.check_search(ctx, unit, args),
            _ => {
                let closed = |at: Location| self.frozen_at(ctx, at);
                match self.af.check_special(ctx, power, unit, verb, args, &closed) {
                    Some(answer) => answer,
                    None => StandardRules.check_special(ctx, power, unit, verb, args),
                }
            }
        }
    }

    fn adjudicate_special(
        &self,
        ctx: &RuleContext,
        orders: &[SpecialOrder],
        settled: &mut Settled,
    ) -> Vec<OrderResult> {
        let place: Vec<&SpecialOrder> = orders
            .iter()
            .filter(|o| o.verb == placement::PLACE)
            .collect();
        let search: Vec<&SpecialOrder> = orders
            .iter()
            .filter(|o| atlantis::SEARCH_VERBS.contains(&o.verb.as_str()))
            .collect();
        // The A/F rules first: boardings, and the rations of every A/F (after every move).
        let mut carried = self.af.adjudicate_special(ctx, orders, settled).into_iter();
        // Placements next: a searcher cannot be next to a fleet placed this month anyway
        // (no search in January 1870).
        let mut placed = self.judge_placements(ctx, &place, settled).into_iter();
        let mut searched = self.judge_searches(ctx, &search, settled).into_iter();
        orders
            .iter()
            .map(|o| {
                let af = carried.next().flatten();
                let next = if af.is_some() {
                    af
                } else if o.verb == placement::PLACE {
                    placed.next()
                } else if atlantis::SEARCH_VERBS.contains(&o.verb.as_str()) {
                    searched.next()
                } else {
                    None
                };
                next.unwrap_or_else(|| {
                    OrderResult::illegal(Cause::UnknownVerb {
                        verb: o.verb.clone(),
                    })
                })
            })
            .collect()
    }

    /// A lone searcher of the real area leaves for Atlantis (rule 6c); an army boarding a
    /// fleet goes aboard at the start of the move (rule 8f).
    fn special_acts(
        &self,
        ctx: &RuleContext,
        orders: &[SpecialOrder],
        ordered: &[(Unit, &Order)],
    ) -> Vec<SpecialAct> {
        let boarding = self.af.leaving(ctx, orders, ordered);
        self.searchers_leaving(ctx, orders)
            .into_iter()
            .zip(boarding)
            .map(|(searcher_leaves, boards)| match boards {
                Some(l) => l,
                None if searcher_leaves => SpecialAct::Leaves,
                None => SpecialAct::Holds,
            })
            .collect()
    }

    // ---- What players are offered and shown (`players`): never from the secret draws

    /// Placements in January 1870, searches from February until Atlantis is found,
    /// boardings; the A/F's landings are moves, listed with its moves.
    fn special_orders(&self, ctx: &RuleContext, power: PowerId) -> Vec<Order> {
        if ctx.step().kind != PhaseKind::Movement {
            return Vec::new();
        }
        let mut out = self.placements(ctx, power);
        out.extend(self.searches(ctx, power));
        out.extend(self.boardings(ctx, power));
        out
    }

    // ---- Rule 5: the high-seas fleets

    fn check_beside(
        &self,
        ctx: &RuleContext,
        power: PowerId,
        order: &Order,
        standing: &[Order],
    ) -> Result<(), Cause> {
        self.check_one_placement(ctx, power, order, standing)
    }

    fn special_places(&self, verb: &str) -> bool {
        verb == placement::PLACE
    }

    fn after_phase(&self, ctx: &RuleContext, arrivals: &[ProvinceId], after: &mut Position) {
        self.af.after_phase(ctx, arrivals, after);
        self.take_atlantis(ctx, after);
    }

    fn landing(
        &self,
        ctx: &RuleContext,
        unit: &Unit,
        order: &Order,
    ) -> Option<Result<Landing, Cause>> {
        // Rule 12e: no landing in a frozen place, nor from a frozen sea.
        let closed = |at: Location| self.frozen_at(ctx, at);
        self.af.landing(ctx, unit, order, &closed)
    }

    // ---- Rule 9: retreats and removals

    fn conditional_verbs(&self) -> &'static [&'static str] {
        retreats::CONDITIONAL_VERBS
    }

    /// Retreat lists for each unit, offered once the player types `A par if` (`players`).
    fn conditional_orders(&self, ctx: &RuleContext, power: PowerId) -> Vec<Order> {
        self.retreat_lists(ctx, power)
    }

    fn check_conditional(
        &self,
        ctx: &RuleContext,
        unit: &Unit,
        _verb: &str,
        args: &[Term],
    ) -> Result<(), Cause> {
        retreats::check_list(ctx, unit, args)
    }

    fn adjudicate_conditional(
        &self,
        ctx: &RuleContext,
        orders: &[SpecialOrder],
        settled: &mut Settled,
    ) -> Vec<OrderResult> {
        retreats::settle_lists(ctx, orders, settled)
    }

    fn default_retreats(
        &self,
        ctx: &RuleContext,
        dislodged: &Dislodged,
        options: &[Location],
    ) -> Vec<Location> {
        retreats::right_hand_order(ctx, dislodged, options)
    }

    fn may_disband_dislodged(
        &self,
        _ctx: &RuleContext,
        dislodged: &Dislodged,
        options: &[Location],
    ) -> Result<(), Cause> {
        retreats::refuse_disband(dislodged, options)
    }
}

impl AdjustmentHooks for AtlanticaRules {
    /// Rule 6d: Atlantis is a supply centre once found (the map cannot say where).
    fn is_supply_centre(&self, ctx: &RuleContext, province: ProvinceId) -> bool {
        ctx.map().province(province).supply_center || self.atlantis(ctx.position) == Some(province)
    }

    fn units_counted(&self, _ctx: &RuleContext, unit: &Unit) -> usize {
        self.af.units_counted(unit)
    }

    /// Nobody builds an A/F: it is formed at sea by boarding.
    fn may_build(
        &self,
        _ctx: &RuleContext,
        _power: PowerId,
        kind: UnitKind,
        _province: ProvinceId,
    ) -> bool {
        self.af.may_build(kind)
    }

    fn removal_leaves(
        &self,
        _ctx: &RuleContext,
        unit: &Unit,
        named: Option<UnitKind>,
    ) -> Option<(UnitKind, UnitKind)> {
        self.af.removal_leaves(unit, named)
    }

    fn civil_disorder(
        &self,
        ctx: &RuleContext,
        _power: PowerId,
        owed: usize,
        candidates: &[usize],
    ) -> Option<Vec<CivilDisorderRemoval>> {
        Some(retreats::least_harm(ctx, owed, candidates))
    }
}

impl SecretHooks for AtlanticaRules {
    /// Rule 6d: where Atlantis is becomes public once a search finds it (the mark on its
    /// area). The coin seed decides only January 1870's tosses, whose results are published
    /// with that month: public from the phase after.
    fn revealed(&self, ctx: &RuleContext, draw: &str) -> bool {
        match draw {
            ATLANTIS_AREA => self.atlantis(ctx.position).is_some(),
            COIN_SEED => ctx.phase() > ctx.variant.calendar.first_phase(),
            _ => false,
        }
    }

    fn hidden_provinces(&self, ctx: &RuleContext) -> Vec<ProvinceId> {
        self.hidden_areas(ctx)
    }
}

impl StateHooks for AtlanticaRules {
    /// Rule 8c's rations of each A/F, and Atlantis once found (rule 6d).
    fn token_kinds(&self) -> &'static [TokenKind] {
        &[super::af::RATIONS_TOKEN, atlantis::ATLANTIS_TOKEN]
    }

    /// An older release marked Atlantis found on its area and each A/F's rations where it
    /// stood: no A/F stands in an unfound area, so a mark on an area is Atlantis.
    fn token_of_mark(
        &self,
        _ctx: &RuleContext,
        province: ProvinceId,
        power: PowerId,
        count: u32,
    ) -> Option<Token> {
        Some(if self.is_area(province) {
            Token::owned(
                atlantis::ATLANTIS_TOKEN,
                province,
                power,
                TokenValue::Standing,
            )
        } else {
            super::af::rations_of_mark(province, power, count)
        })
    }
}

impl DrawingHooks for AtlanticaRules {
    /// Each A/F's moves at sea so far (rule 8c); Atlantis, once found, is on the map and in
    /// the centre counts.
    fn state_words(&self, ctx: &RuleContext) -> Vec<crate::reason::RuleReason> {
        AfRules::rations_words(ctx)
    }

    /// Rule 6d: the area found is Atlantis from then on.
    fn centre_name(&self, ctx: &RuleContext, province: ProvinceId) -> Option<String> {
        (self.atlantis(ctx.position) == Some(province)).then(|| "Atlantis".to_string())
    }

    fn order_help(&self, ctx: &RuleContext) -> Vec<OrderHelp> {
        self.help(ctx)
    }

    fn state_marks(&self, ctx: &RuleContext) -> Vec<Marking> {
        self.frozen_marks(ctx)
    }

    fn order_marks(&self, ctx: &RuleContext, order: &SpecialOrder) -> Option<Marking> {
        self.mark(ctx, order)
    }
}

#[cfg(test)]
mod tests {
    /// The parser reads the A/F orders only if every A/F verb is among Atlantica's.
    #[test]
    fn every_af_verb_is_an_atlantica_verb() {
        for v in super::super::af::VERBS {
            assert!(super::verbs().contains(v), "{v}");
        }
    }
}
