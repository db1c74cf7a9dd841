//! Rule 5's terrain: mountainous borders and provinces, the Greater and Chilean Andes,
//! rainforest borders and provinces, swamps, deserts, the glacier and the lakes.
//!
//! Each function answers one question a hook asks and returns the typed cause of a refusal,
//! so the hook and its words come from one place.

use super::causes::LatinAmericanCause;
use super::LatinAmericanRules;
use crate::map::{Border, ProvinceId};
use crate::order::Order;
use crate::outcome::{OrderResult, Submitted, Verdict};
use crate::phase::PhaseKind;
use crate::position::Position;
use crate::rulebook::RuleContext;
use crate::token::{Token, TokenDecl, TokenKind, TokenShape, TokenValue};
use crate::unit::{Unit, UnitKind};

impl LatinAmericanRules {
    fn is(&self, ctx: &RuleContext, p: ProvinceId, terrain: Option<crate::map::TerrainId>) -> bool {
        terrain.is_some_and(|t| ctx.map().province(p).terrain == t)
    }

    pub(super) fn in_mountain(&self, ctx: &RuleContext, p: ProvinceId) -> bool {
        self.is(ctx, p, self.mountain)
    }

    pub(super) fn in_rainforest(&self, ctx: &RuleContext, p: ProvinceId) -> bool {
        self.is(ctx, p, self.rainforest)
    }

    pub(super) fn in_swamp(&self, ctx: &RuleContext, p: ProvinceId) -> bool {
        self.is(ctx, p, self.swamp)
    }

    pub(super) fn in_desert(&self, ctx: &RuleContext, p: ProvinceId) -> bool {
        self.is(ctx, p, self.desert)
    }

    pub(super) fn on_glacier(&self, ctx: &RuleContext, p: ProvinceId) -> bool {
        self.is(ctx, p, self.glacier)
    }

    pub(super) fn on_lake(&self, ctx: &RuleContext, p: ProvinceId) -> bool {
        self.is(ctx, p, self.lake)
    }

    /// Rule 5.C.i: no retreat across a mountainous border.
    pub(super) fn retreat_refusal(&self, border: &Border) -> Option<LatinAmericanCause> {
        border.kinds.contains(self.mountain_border).then_some(
            LatinAmericanCause::RetreatOverMountains {
                from: border.from,
                to: border.to.province,
            },
        )
    }

    /// Rule 5.C.iii: a unit crossing the Greater Andes attacks with its supports only.
    pub(super) fn base_strength(&self, border: Option<&Border>) -> u32 {
        match border {
            Some(b) if b.kinds.contains(self.greater_andes) => 0,
            _ => 1,
        }
    }

    /// Rule 5.C.iv: in the A phase (the first movement of the year) an army crosses the
    /// Chilean Andes only if supported.
    pub(super) fn crossing_refusal(
        &self,
        ctx: &RuleContext,
        unit: &Unit,
        border: &Border,
    ) -> Option<LatinAmericanCause> {
        let first_movement = ctx.step().kind == PhaseKind::Movement
            && ctx
                .variant
                .calendar
                .steps
                .iter()
                .position(|s| s.kind == PhaseKind::Movement)
                == Some(ctx.phase().step)
            && !ctx.phase().setup;
        (first_movement && unit.kind == UnitKind::ARMY && border.kinds.contains(self.chilean_andes))
            .then_some(LatinAmericanCause::ChileanAndesUnsupported {
                from: border.from,
                to: border.to.province,
            })
    }

    /// The terrain rules on supports: mountain provinces (5.C.ii), rainforest borders
    /// (5.D.i), swamps and deserts. `supported_from == into` for a support to hold.
    pub(super) fn support_refusal(
        &self,
        ctx: &RuleContext,
        supporter: &Unit,
        supported_from: ProvinceId,
        into: ProvinceId,
        border: &Border,
    ) -> Option<LatinAmericanCause> {
        let here = supporter.location.province;
        let army = supporter.kind == UnitKind::ARMY;
        if self.in_mountain(ctx, here) {
            return Some(LatinAmericanCause::MountainProvinceSupport { at: here });
        }
        if army && self.in_swamp(ctx, here) {
            return Some(LatinAmericanCause::SwampArmySupport { at: here });
        }
        if army && border.kinds.contains(self.rainforest_border) {
            return Some(LatinAmericanCause::RainforestSupport { from: here, into });
        }
        if self.in_desert(ctx, here) && self.in_desert(ctx, into) {
            return Some(LatinAmericanCause::DesertSupport { from: here, into });
        }
        let held = supported_from == into;
        if held && self.in_swamp(ctx, into) && self.army_at(ctx.position, into) {
            return Some(LatinAmericanCause::SwampHoldSupport { at: into });
        }
        None
    }

    fn army_at(&self, position: &Position, p: ProvinceId) -> bool {
        position.units_at(p).any(|u| u.kind == UnitKind::ARMY)
    }

    /// Swampy provinces: an army in a swamp defends with strength one.
    pub(super) fn may_be_held(&self, ctx: &RuleContext, unit: &Unit) -> bool {
        !(unit.kind == UnitKind::ARMY && self.in_swamp(ctx, unit.location.province))
    }

    /// Glacier provinces: no fleet (nor, once it exists, river flotilla) stands on the glacier.
    pub(super) fn stand_refusal(
        &self,
        ctx: &RuleContext,
        kind: UnitKind,
        at: ProvinceId,
    ) -> Option<LatinAmericanCause> {
        (kind != UnitKind::ARMY && self.on_glacier(ctx, at))
            .then_some(LatinAmericanCause::GlacierNoFleet { at })
    }

    /// Why a unit cannot reach `to`, where the terrain is the reason: the glacier for fleets,
    /// a lake for armies.
    pub(super) fn unreachable(
        &self,
        ctx: &RuleContext,
        unit: &Unit,
        to: ProvinceId,
    ) -> Option<LatinAmericanCause> {
        if let Some(why) = self.stand_refusal(ctx, unit.kind, to) {
            return Some(why);
        }
        (unit.kind == UnitKind::ARMY && self.on_lake(ctx, to))
            .then_some(LatinAmericanCause::LakeForFleetsOnly { at: to })
    }

    /// Rule 5.D.ii: where the army in a rainforest province came from, if it entered last
    /// turn (the token the rulebook left when it did).
    fn entered_from(&self, position: &Position, unit: &Unit) -> Option<ProvinceId> {
        match position
            .token_of(ENTERED_TOKEN, unit.location.province, unit.power)?
            .value
        {
            TokenValue::From(p) => Some(p),
            _ => None,
        }
    }

    /// Rule 5.D.ii: an army that entered a rainforest province moves next only back. Lake
    /// provinces: no army is ordered onto a lake (said here, where the army's way there is
    /// looked for by land and by convoy, so that the refusal names the lake).
    pub(super) fn move_refusal(
        &self,
        ctx: &RuleContext,
        unit: &Unit,
        to: ProvinceId,
    ) -> Option<LatinAmericanCause> {
        if unit.kind == UnitKind::ARMY && self.on_lake(ctx, to) {
            return Some(LatinAmericanCause::LakeForFleetsOnly { at: to });
        }
        if unit.kind != UnitKind::ARMY || !self.in_rainforest(ctx, unit.location.province) {
            return None;
        }
        let back = self.entered_from(ctx.position, unit)?;
        (back != to).then_some(LatinAmericanCause::RainforestReturnOnly {
            at: unit.location.province,
            back,
        })
    }

    /// After a movement phase: forgets last turn's entries into rainforest provinces (their
    /// turn of restraint is over) and remembers this turn's, from the moves that were made.
    pub(super) fn note_rainforest_moves(
        &self,
        ctx: &RuleContext,
        orders: &[Submitted],
        results: &[OrderResult],
        after: &mut Position,
    ) {
        after.tokens.retain(|t| t.kind != ENTERED_TOKEN);
        for (s, r) in orders.iter().zip(results) {
            let Ok(Order::Move { unit, to, .. }) = &s.order else {
                continue;
            };
            if r.verdict != Verdict::Succeeds || !self.in_rainforest(ctx, to.province) {
                continue;
            }
            let arrived = after.units.iter().any(|u| {
                u.location.province == to.province && u.power == s.power && u.kind == UnitKind::ARMY
            });
            if arrived {
                self.mark_entry(after, to.province, s.power, unit.province);
            }
        }
    }

    /// After a retreat phase: an army that retreated into a rainforest province entered it too.
    pub(super) fn note_rainforest_retreats(
        &self,
        ctx: &RuleContext,
        arrivals: &[ProvinceId],
        after: &mut Position,
    ) {
        if ctx.step().kind != PhaseKind::Retreat {
            return;
        }
        for &p in arrivals {
            if !self.in_rainforest(ctx, p) {
                continue;
            }
            let Some(army) = after
                .units
                .iter()
                .find(|u| u.location.province == p && u.kind == UnitKind::ARMY)
                .copied()
            else {
                continue;
            };
            let from = ctx.position.dislodged.iter().find(|d| {
                d.unit.power == army.power
                    && d.unit.kind == UnitKind::ARMY
                    && ctx
                        .map()
                        .province(d.unit.location.province)
                        .borders
                        .iter()
                        .any(|b| b.to.province == p)
            });
            if let Some(d) = from {
                self.mark_entry(after, p, army.power, d.unit.location.province);
            }
        }
    }

    fn mark_entry(
        &self,
        after: &mut Position,
        at: ProvinceId,
        power: crate::unit::PowerId,
        from: ProvinceId,
    ) {
        after
            .tokens
            .retain(|t| !(t.kind == ENTERED_TOKEN && t.province() == at));
        after.tokens.push(Token::owned(
            ENTERED_TOKEN,
            at,
            power,
            TokenValue::From(from),
        ));
        Token::sort(&mut after.tokens);
    }
}

/// Rule 5.D.ii: an army that entered a rainforest province last turn, and where from (it may
/// move next only back there).
pub static ENTERED_DECL: TokenDecl = TokenDecl {
    name: "entered",
    shape: TokenShape::From,
    owned: true,
    on_coasts: false,
};

pub const ENTERED_TOKEN: TokenKind = TokenKind(&ENTERED_DECL);

/// An older release kept a rainforest entry as a mark whose count was this plus the index of
/// the province its army entered from.
pub const OLD_ENTERED_FROM: u32 = 1_000_000;
