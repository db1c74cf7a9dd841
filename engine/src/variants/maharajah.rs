//! Maharajah's rulebook (David Cohen, version 2.0): river convoys and earned home centres.
//!
//! The board is data in `maps/maharajah/`: which fleet borders follow a river (`kind=river`
//! in `borders.txt`) and which provinces lie on a navigable river (`tags=river-convoy` in
//! `provinces.txt`). This file holds only the rules, and names no province.
//!
//! Rule 2 and its clarifications (numbered as in the rules text):
//! - A fleet in a river province may convoy (`can_convoy_at`).
//! - Clarification 1: a convoy may start or end only in a province that borders a water
//!   province, or borders or contains a river (`can_convoy_to`).
//! - Clarifications 2 and 4: a fleet on a river takes an army aboard, or puts it ashore, only
//!   across a river border (`convoy_lands`); a fleet at sea as in Standard. Steps between two
//!   fleets of a chain follow any fleet border, so chains may mix river and sea fleets
//!   (clarification 3).
//! - Rule 2 and clarification 5: a fleet attacking a convoying fleet in a river province
//!   breaks the convoy even if the attack fails, unless the attacking fleet is itself attacked;
//!   an army must dislodge (`attack_disrupts_convoy`).
//!
//! Rule 3, additional home centres (`after_phase`): a unit that stands on a supply centre
//! from the start of a year's first movement turn until the year's adjustment (Monsoon) is
//! over, without moving, makes it a home centre of its power. The progress is kept as an
//! [`EARNING_TOKEN`] for each centre with a unit on it that is not already that power's
//! home: the number of the year's movement turns the same unit has stood through (0 until a
//! year starts with it there). Builds follow from `Position::homes` through the standard
//! `build_sites`.

use super::{builtin_entry, VariantEntry};
use crate::map::{BorderKind, Location, Map, ProvinceId, ProvinceTag, LAND};
use crate::phase::PhaseKind;
use crate::position::Position;
use crate::rulebook::{
    AdjustmentHooks, DrawingHooks, GeographyHooks, OrderHooks, SecretHooks, StateHooks,
    StrengthHooks,
};
use crate::rulebook::{ConvoyAttack, RuleContext, Ruleset, StandardRules, VariantRules};
use crate::token::{Token, TokenDecl, TokenKind, TokenShape, TokenValue};
use crate::unit::{PowerId, UnitKind, STANDARD_KINDS};
use crate::variant::Variant;

/// Rule 3's progress: how many of the year's movement turns a power's unit has stood on a
/// centre that is not yet its power's home.
pub static EARNING_DECL: TokenDecl = TokenDecl {
    name: "earning",
    shape: TokenShape::Count,
    owned: true,
    on_coasts: false,
};

pub const EARNING_TOKEN: TokenKind = TokenKind(&EARNING_DECL);

pub const ENTRY: VariantEntry = builtin_entry!("maharajah", &[], STANDARD_KINDS, rulebook);

fn rulebook(variant: &Variant, _: &Ruleset) -> Box<dyn VariantRules> {
    Box::new(MaharajahRules {
        river_convoy: variant.map.tag("river-convoy"),
        river: variant.map.border_kind("river"),
    })
}

/// Maharajah's rules, with the map words they ask about looked up once.
#[derive(Debug)]
pub struct MaharajahRules {
    /// `tags=river-convoy`: a river province, where fleets convoy.
    river_convoy: ProvinceTag,
    /// `kind=river`: a border along a river.
    river: BorderKind,
}

impl MaharajahRules {
    /// Whether a fleet in this province is on a river rather than at sea.
    fn on_river(&self, map: &Map, p: ProvinceId) -> bool {
        !map.terrain(p).convoys && map.has_tag(p, self.river_convoy)
    }
}

impl GeographyHooks for MaharajahRules {
    /// Rule 2: fleets in river provinces may convoy, as well as fleets at sea.
    fn can_convoy_at(&self, ctx: &RuleContext, at: Location) -> bool {
        StandardRules.can_convoy_at(ctx, at) || self.on_river(ctx.map(), at.province)
    }

    /// Clarification 1: the ends of a convoy are land that borders a water province, or that
    /// borders or contains a river. Inland provinces next to a river province (Kandahar,
    /// Jaipur, Warangal) cannot be either end.
    fn can_convoy_to(&self, ctx: &RuleContext, province: ProvinceId) -> bool {
        let map = ctx.map();
        let p = map.province(province);
        if !map.admits(&LAND, Location::province(province)) {
            return false;
        }
        let borders_water = p.borders.iter().any(|b| map.terrain(b.to.province).convoys);
        let river = map.has_tag(province, self.river_convoy)
            || p.borders.iter().any(|b| b.kinds.contains(self.river));
        borders_water || river
    }

    /// Clarifications 2 and 4: a fleet in a river province carries an army directly only
    /// from or to a province it borders by river (Bengal: Assam, Benares, Muzaffarpur, Orissa,
    /// Sambalpur; not Pegu, a coast neighbour).
    fn convoy_lands(&self, ctx: &RuleContext, fleet: Location, end: ProvinceId) -> bool {
        let map = ctx.map();
        if !self.on_river(map, fleet.province) {
            return StandardRules.convoy_lands(ctx, fleet, end);
        }
        map.province(fleet.province)
            .borders
            .iter()
            .any(|b| map.carries_convoys(b) && b.to.province == end && b.kinds.contains(self.river))
    }
}

impl StrengthHooks for MaharajahRules {
    /// Rule 2: a fleet's attack on a convoying fleet in a river province disrupts the convoy
    /// whether or not it succeeds; an army's attack must dislodge. Clarification 5: a fleet that
    /// is itself attacked lacks this power (F Benares, attacked by the very army F Sambalpur
    /// convoys, does not disrupt the convoy).
    fn attack_disrupts_convoy(&self, ctx: &RuleContext, attack: &ConvoyAttack) -> bool {
        attack.attacker.kind == UnitKind::FLEET
            && self.on_river(ctx.map(), attack.fleet.location.province)
            && !attack.attacker_attacked
    }
}

impl OrderHooks for MaharajahRules {
    /// Rule 3: counts how long each unit has stood on a centre and converts the centre to a
    /// home centre of the unit's power once the same unit has stood there for a whole year.
    fn after_phase(&self, ctx: &RuleContext, arrivals: &[ProvinceId], after: &mut Position) {
        let (variant, before) = (ctx.variant, ctx.position);
        let phase = before.phase;
        let kind = variant.calendar.kind(phase);
        // Which movement turn of the year this was (0 for Spring, 1 for Fall).
        let movement_index = (!phase.setup).then(|| movements_before(variant, phase.step));
        let movements = movements_per_year(variant);
        let mut marks: Vec<Token> = Vec::new();
        for c in variant.map.supply_centers() {
            let Some(unit) = after.unit_at(c).copied() else {
                continue;
            };
            let i = c.0 as usize;
            if after.homes[i] == Some(unit.power) {
                continue;
            }
            if arrivals.contains(&c) {
                // A unit came in this phase: a different unit, starting afresh.
                marks.push(Token::owned(
                    EARNING_TOKEN,
                    c,
                    unit.power,
                    TokenValue::Count(0),
                ));
                continue;
            }
            // The same unit stood here through the phase.
            let held = before
                .token_of(EARNING_TOKEN, c, unit.power)
                .map_or(0, Token::count);
            let count = match (kind, movement_index) {
                // A movement turn counts if the unit has stood through every earlier one of
                // the year, that is, since before the year's first. A unit that came during
                // the year waits for the next one.
                (PhaseKind::Movement, Some(m)) if held == m || m == 0 => m + 1,
                (PhaseKind::Movement, Some(_)) => 0,
                (PhaseKind::Adjustment, _) if held == movements => {
                    after.homes[i] = Some(unit.power);
                    continue;
                }
                // An adjustment ends the year: a unit that came after it began waits for the
                // next one.
                (PhaseKind::Adjustment, _) => 0,
                _ => held,
            };
            marks.push(Token::owned(
                EARNING_TOKEN,
                c,
                unit.power,
                TokenValue::Count(count),
            ));
        }
        after.tokens = marks;
    }
}

impl AdjustmentHooks for MaharajahRules {}

impl SecretHooks for MaharajahRules {}

impl StateHooks for MaharajahRules {
    fn token_kinds(&self) -> &'static [TokenKind] {
        &[EARNING_TOKEN]
    }

    /// An older release kept only rule 3's progress as marks.
    fn token_of_mark(
        &self,
        _ctx: &RuleContext,
        province: ProvinceId,
        power: PowerId,
        count: u32,
    ) -> Option<Token> {
        Some(Token::owned(
            EARNING_TOKEN,
            province,
            power,
            TokenValue::Count(count),
        ))
    }
}

impl DrawingHooks for MaharajahRules {
    /// Rule 3 on the map: a unit that has stood through Spring (1) or Spring and Fall (2) of
    /// the three turns of a year.
    fn token_progress(&self, variant: &Variant, token: &Token) -> Option<(u32, u32)> {
        (token.kind == EARNING_TOKEN && token.count() > 0)
            .then_some((token.count(), movements_per_year(variant) + 1))
    }
}

/// How many movement turns come before step `step` of the year.
fn movements_before(variant: &Variant, step: usize) -> u32 {
    variant.calendar.steps[..step]
        .iter()
        .filter(|s| s.kind == PhaseKind::Movement)
        .count() as u32
}

/// How many movement turns a year has (Spring and Fall).
fn movements_per_year(variant: &Variant) -> u32 {
    movements_before(variant, variant.calendar.steps.len())
}
