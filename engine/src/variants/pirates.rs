//! Pirates of the Caribbean's rulebook (Steph Mabie, lc03): three kinds of power, the setup
//! phase, islands, landbridges, rivers, and the Pirates ordered by vote.
//!
//! The board is data in `maps/pirates/`: island spaces by terrain, the four big islands by
//! `tags=big-island`, landbridges and rivers by border kind, river fleets by
//! `tags=river-convoy`, each power's kind by `kind=` in `variant.toml`. This file holds only
//! the rules, and names no province. Rule numbers are those of the rules text.

use super::pirates_setup::SetupOrder;
use super::{builtin_entry, VariantEntry};
use crate::judge::{Adjudication, Submitted};
use crate::map::{Border, BorderKind, Location, Map, ProvinceId, ProvinceTag, TerrainId};
use crate::order::{Order, Term};
use crate::rulebook::{
    AdjustmentHooks, DrawingHooks, GeographyHooks, OrderHooks, SecretHooks, StateHooks,
    StrengthHooks,
};
use crate::rulebook::{
    Controller, ConvoyAttack, Glyph, MapMark, MarkColour, Marking, RuleContext, Ruleset,
    SpecialOrder, StandardRules, Stroke, VariantRules,
};
use crate::unit::{PowerId, Unit, UnitKind, STANDARD_KINDS};
use crate::variant::Variant;

pub const ENTRY: VariantEntry = VariantEntry {
    reasons: &[crate::reason::Wording::of::<
        super::pirates_setup::SetupReason,
    >()],
    ..builtin_entry!("pirates", &[], STANDARD_KINDS, rulebook)
};

fn rulebook(variant: &Variant, _: &Ruleset) -> Box<dyn VariantRules> {
    let map = &variant.map;
    Box::new(PiratesRules {
        island: map.terrain_id("island"),
        river_convoy: map.tag("river-convoy"),
        landbridge: map.border_kind("landbridge"),
    })
}

use super::pirates_powers::{power_kind, PowerKind};

/// Pirates' rules, with the map words they ask about looked up once.
#[derive(Debug)]
pub struct PiratesRules {
    /// Rule 7's island spaces.
    island: Option<TerrainId>,
    /// Rule 9's river provinces (`tags=river-convoy`).
    river_convoy: ProvinceTag,
    /// Rule 8's landbridges (`kind=landbridge`).
    landbridge: BorderKind,
}

impl GeographyHooks for PiratesRules {
    // ---- Rules 7-9: islands, landbridges, rivers.

    /// Rule 7: a fleet on an island space may convoy, alone or in a chain with fleets at sea.
    /// Rule 9: so may a fleet on a river (the `river-convoy` provinces). The four big islands
    /// are coast, not island spaces, and convoy no more than any coast.
    fn can_convoy_at(&self, ctx: &RuleContext, at: Location) -> bool {
        let map = ctx.map();
        StandardRules.can_convoy_at(ctx, at)
            || Some(map.province(at.province).terrain) == self.island
            || self.on_river(map, at.province)
    }

    /// Rule 8: an army may not retreat across a landbridge.
    fn may_retreat(&self, _ctx: &RuleContext, unit: &Unit, border: &Border) -> bool {
        !self.army_over_landbridge(unit, Some(border))
    }
}

impl StrengthHooks for PiratesRules {
    /// Rule 8: an army crossing a landbridge moves at null strength (0 before supports). A
    /// convoyed move crosses no border (`border` is `None`) and has full strength; fleets are
    /// not affected.
    fn move_base_strength(&self, _ctx: &RuleContext, unit: &Unit, border: Option<&Border>) -> u32 {
        if self.army_over_landbridge(unit, border) {
            0
        } else {
            1
        }
    }

    /// Rule 8: an army may not support across a landbridge, to hold or to move.
    fn may_support(
        &self,
        _ctx: &RuleContext,
        supporter: &Unit,
        _supported_from: ProvinceId,
        _into: ProvinceId,
        border: &Border,
    ) -> bool {
        !self.army_over_landbridge(supporter, Some(border))
    }

    /// Rule 9: another power's fleet ordered against a fleet convoying on a river disrupts the
    /// convoy whether or not it dislodges it; an army must dislodge it (the resolver's
    /// default). Unlike Maharajah's clarification 5, the rule has no exception for an
    /// attacking fleet that is itself attacked. Fleets at sea and on islands convoy as in
    /// Standard.
    fn attack_disrupts_convoy(&self, ctx: &RuleContext, attack: &ConvoyAttack) -> bool {
        attack.attacker.kind == UnitKind::FLEET
            && self.on_river(ctx.map(), attack.fleet.location.province)
    }
}

impl OrderHooks for PiratesRules {
    // ---- Rules 4-6: the three kinds of power, their builds, the vote, the setup phase.

    /// The setup's grants and selections (`pirates_setup`).
    fn special_verbs(&self) -> &'static [&'static str] {
        &["grant", "select"]
    }

    fn read_special(&self, variant: &Variant, verb: &str, words: &[String]) -> Option<Vec<Term>> {
        SetupOrder::read(variant, verb, words).map(SetupOrder::terms)
    }

    /// Rules 3-6: the Fall 1680 setup (`pirates_setup`).
    fn adjudicate_setup(&self, ctx: &RuleContext, orders: &[Submitted]) -> Option<Adjudication> {
        Some(super::pirates_setup::adjudicate(ctx, orders))
    }

    /// Rules 3-6: the setup's grants and selections; the Pirates have no orders of their own
    /// after it.
    fn special_orders(&self, ctx: &RuleContext, power: PowerId) -> Vec<Order> {
        if ctx.step().kind != crate::phase::PhaseKind::Setup {
            return Vec::new();
        }
        super::pirates_setup::legal_orders(ctx, power)
    }

    /// Rule 6: the Pirates are ordered by the vote of the surviving powers.
    fn controller(&self, variant: &Variant, power: PowerId) -> Controller {
        match power_kind(variant, power) {
            PowerKind::Mercenary => Controller::Vote,
            _ => Controller::Player,
        }
    }
}

impl AdjustmentHooks for PiratesRules {
    /// Rules 4-6: colonials in their owned, empty home centres (the default, which includes a
    /// centre granted away and won back); privateers and the Pirates in any owned, empty
    /// centre.
    fn build_sites(&self, ctx: &RuleContext, power: PowerId) -> Vec<ProvinceId> {
        let position = ctx.position;
        match power_kind(ctx.variant, power) {
            PowerKind::Colonial => StandardRules.build_sites(ctx, power),
            PowerKind::Privateer | PowerKind::Mercenary => position
                .centres_of(power)
                .filter(|&p| position.is_empty(p))
                .collect(),
        }
    }

    /// Rule 6: the Pirates build only fleets.
    fn may_build(
        &self,
        ctx: &RuleContext,
        power: PowerId,
        kind: UnitKind,
        _province: ProvinceId,
    ) -> bool {
        power_kind(ctx.variant, power) != PowerKind::Mercenary || kind == UnitKind::FLEET
    }
}

impl SecretHooks for PiratesRules {}

impl StateHooks for PiratesRules {}

impl DrawingHooks for PiratesRules {
    /// Rules 3-5 on the setup map: a grant rings the centre in the colour of the power it goes
    /// to under its flag, a privateer's selection rings it with its priority as a badge.
    fn order_marks(&self, _ctx: &RuleContext, order: &SpecialOrder) -> Option<Marking> {
        let at = order.unit?.location;
        match SetupOrder::of(&order.verb, &order.args)? {
            SetupOrder::Grant { to } => {
                let ring = MapMark::Ring {
                    at,
                    line: Stroke::Solid,
                    colour: MarkColour::Power(to),
                    badge: Some(Glyph::Flag),
                    unit: None,
                };
                Some(Marking::keyed("granted", vec![ring]))
            }
            SetupOrder::Select { priority } => {
                let ring = MapMark::Ring {
                    at,
                    line: Stroke::Dashed,
                    colour: MarkColour::Power(order.power),
                    badge: Some(Glyph::Number(priority)),
                    unit: None,
                };
                Some(Marking::keyed("selected", vec![ring]))
            }
        }
    }
}

impl PiratesRules {
    /// Rule 8: whether this is an army crossing a landbridge (by land, not by convoy).
    fn army_over_landbridge(&self, unit: &Unit, border: Option<&Border>) -> bool {
        unit.kind == UnitKind::ARMY && border.is_some_and(|b| b.kinds.contains(self.landbridge))
    }

    /// Rule 9: whether a fleet in this province is on a river (where it may convoy, and where
    /// a failed fleet attack disrupts its convoy) rather than at sea.
    fn on_river(&self, map: &Map, p: ProvinceId) -> bool {
        !map.terrain(p).convoys && map.has_tag(p, self.river_convoy)
    }
}
