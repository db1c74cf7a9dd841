//! Davis Diplomacy's rulebook: the High Ocean Box (an option, on by default) and its support
//! rule, Archangel's fleet builds, and the Abstraction A/F rules of rule 6 (the option
//! `abstraction`, off by default), played by the shared [`super::af`] module.
//!
//! The board itself (Zara and Croatia, Archangel, Siberia, Persia, Morocco, the new seas, the
//! direct passages, the Box as a province of terrain `box`) is data in `maps/davis/`; that the
//! Box holds any number of units is the core's `holds_many` rule for that terrain. The coastal
//! crawl is the rulebook option `coastal_crawl`, switched on in `maps/davis/variant.toml`.

use super::af::{AfOrder, AfRules, AF_KINDS};
use super::{builtin_entry, VariantEntry};
use crate::judge::{Cause, OrderResult};
use crate::map::{Border, Location, ProvinceId, TerrainId};
use crate::order::{Order, Term};
use crate::position::Position;
use crate::rulebook::{
    AdjustmentHooks, DrawingHooks, GeographyHooks, OrderHooks, SecretHooks, StateHooks,
    StrengthHooks,
};
use crate::rulebook::{
    Landing, RuleContext, Ruleset, Settled, SpecialAct, SpecialOrder, StandardRules, VariantOption,
    VariantRules,
};
use crate::token::{Token, TokenKind};
use crate::unit::{PowerId, Unit, UnitKind};
use crate::variant::Variant;

pub const ENTRY: VariantEntry = VariantEntry {
    reasons: &[crate::reason::Wording::of::<super::af::AfReason>()],
    ..builtin_entry!("davis", OPTIONS, AF_KINDS, rulebook)
};

fn rulebook(variant: &Variant, ruleset: &Ruleset) -> Box<dyn VariantRules> {
    Box::new(DavisRules {
        high_ocean_box: ruleset.variant_option(OPTIONS, HIGH_OCEAN_BOX),
        the_box: variant.map.terrain_id(BOX),
        // The High Ocean Box is no canal: an A/F's rations run on there.
        af: ruleset
            .variant_option(OPTIONS, ABSTRACTION)
            .then_some(AfRules {
                boxes_renew_rations: false,
            }),
    })
}

/// Davis has no place closed to boarding or landing.
fn never_closed(_: Location) -> bool {
    false
}

/// The terrain of the High Ocean Box.
const BOX: &str = "box";

/// The port Russia may build fleets in while it holds St Petersburg, and that centre.
const ARCHANGEL: &str = "arc";
const ST_PETERSBURG: &str = "stp";

const HIGH_OCEAN_BOX: &str = "high-ocean-box";
const ABSTRACTION: &str = "abstraction";

const OPTIONS: &[VariantOption] = &[
    VariantOption {
        name: HIGH_OCEAN_BOX,
        about: "the High Ocean Box of Davis rule 5; when off, no unit may enter it",
        default: true,
        available: true,
    },
    VariantOption {
        name: ABSTRACTION,
        about: "the Abstraction A/F rules of Davis rule 6: armies board fleets of their own \
                power and ride at sea as A/F units for up to five moves",
        default: false,
        available: true,
    },
];

#[derive(Debug)]
pub struct DavisRules {
    high_ocean_box: bool,
    /// The A/F rules, when the `abstraction` option is on.
    af: Option<AfRules>,
    /// The Box's terrain, looked up once.
    the_box: Option<TerrainId>,
}

impl DavisRules {
    fn in_box(&self, ctx: &RuleContext, p: ProvinceId) -> bool {
        Some(ctx.map().province(p).terrain) == self.the_box
    }
}

impl GeographyHooks for DavisRules {
    /// Without the High Ocean Box option the Box is off the board: nothing may stand there,
    /// so nothing moves, retreats or supports into it. An A/F stands only at sea (and in the
    /// Box), and only where the `abstraction` option is on.
    fn can_stand(&self, ctx: &RuleContext, kind: UnitKind, at: Location) -> bool {
        if !self.high_ocean_box && self.in_box(ctx, at.province) {
            return false;
        }
        if kind == super::af::A_F {
            return self
                .af
                .and_then(|af| af.can_stand(ctx, kind, at))
                .unwrap_or(false);
        }
        StandardRules.can_stand(ctx, kind, at)
    }
}

impl StrengthHooks for DavisRules {
    fn can_support_into(&self, ctx: &RuleContext, kind: UnitKind, at: Location) -> bool {
        match self.af.and_then(|af| af.can_support_into(ctx, kind, at)) {
            Some(yes) => yes && (self.high_ocean_box || !self.in_box(ctx, at.province)),
            None => self.can_stand(ctx, kind, at),
        }
    }

    /// Rule 5c: a fleet in the High Ocean Box may support only another unit in the Box moving
    /// out of it to an ordinary space; it may not support a move between two ordinary spaces,
    /// nor a hold. Supports from ordinary spaces are unrestricted (into the Box, out of it, or
    /// between ordinary spaces).
    fn may_support(
        &self,
        ctx: &RuleContext,
        supporter: &Unit,
        supported_from: ProvinceId,
        into: ProvinceId,
        _border: &Border,
    ) -> bool {
        let here = supporter.location.province;
        if !self.in_box(ctx, here) {
            return true;
        }
        supported_from == here && into != here
    }
}

impl OrderHooks for DavisRules {
    fn special_verbs(&self) -> &'static [&'static str] {
        if self.af.is_some() {
            super::af::VERBS
        } else {
            &[]
        }
    }

    fn read_special(&self, variant: &Variant, verb: &str, words: &[String]) -> Option<Vec<Term>> {
        self.af?;
        AfOrder::read(&variant.map, verb, words)
    }

    fn landing(
        &self,
        ctx: &RuleContext,
        unit: &Unit,
        order: &Order,
    ) -> Option<Result<Landing, Cause>> {
        self.af?.landing(ctx, unit, order, &never_closed)
    }

    fn check_special(
        &self,
        ctx: &RuleContext,
        power: PowerId,
        unit: Option<&Unit>,
        verb: &str,
        args: &[Term],
    ) -> Result<(), Cause> {
        match self
            .af
            .and_then(|af| af.check_special(ctx, power, unit, verb, args, &never_closed))
        {
            Some(answer) => answer,
            None => StandardRules.check_special(ctx, power, unit, verb, args),
        }
    }

    fn special_acts(
        &self,
        ctx: &RuleContext,
        orders: &[SpecialOrder],
        ordered: &[(Unit, &Order)],
    ) -> Vec<SpecialAct> {
        match self.af {
            Some(af) => af
                .leaving(ctx, orders, ordered)
                .into_iter()
                .map(|l| l.unwrap_or(SpecialAct::Holds))
                .collect(),
            None => vec![SpecialAct::Holds; orders.len()],
        }
    }

    fn adjudicate_special(
        &self,
        ctx: &RuleContext,
        orders: &[SpecialOrder],
        settled: &mut Settled,
    ) -> Vec<OrderResult> {
        let Some(af) = self.af else {
            return StandardRules.adjudicate_special(ctx, orders, settled);
        };
        af.adjudicate_special(ctx, orders, settled)
            .into_iter()
            .map(|r| r.unwrap_or_else(|| OrderResult::fails(Cause::NotAdjudicated)))
            .collect()
    }

    fn after_phase(&self, ctx: &RuleContext, arrivals: &[ProvinceId], after: &mut Position) {
        if let Some(af) = self.af {
            af.after_phase(ctx, arrivals, after);
        }
    }
}

impl AdjustmentHooks for DavisRules {
    fn units_counted(&self, _ctx: &RuleContext, unit: &Unit) -> usize {
        self.af.map_or(1, |af| af.units_counted(unit))
    }

    fn removal_leaves(
        &self,
        _ctx: &RuleContext,
        unit: &Unit,
        named: Option<UnitKind>,
    ) -> Option<(UnitKind, UnitKind)> {
        self.af?.removal_leaves(unit, named)
    }

    /// Rule 4b: Archangel is a build site for fleets of St Petersburg's home power while that
    /// power owns St Petersburg, beside the usual home centres.
    fn build_sites(&self, ctx: &RuleContext, power: PowerId) -> Vec<ProvinceId> {
        let mut sites = StandardRules.build_sites(ctx, power);
        let (variant, position) = (ctx.variant, ctx.position);
        let (Some(arc), Some(stp)) = (
            variant.map.province_by_id(ARCHANGEL),
            variant.map.province_by_id(ST_PETERSBURG),
        ) else {
            return sites;
        };
        if position.owns_home_centre(power, stp) && position.is_empty(arc) {
            sites.push(arc);
        }
        sites
    }

    fn may_build(
        &self,
        ctx: &RuleContext,
        _power: PowerId,
        kind: UnitKind,
        province: ProvinceId,
    ) -> bool {
        // Nobody builds an A/F: it is formed at sea (rule 6).
        kind != super::af::A_F
            && (ctx.map().province(province).id != ARCHANGEL || kind == UnitKind::FLEET)
    }
}

impl SecretHooks for DavisRules {}

impl StateHooks for DavisRules {
    /// Rule 8c's rations of each A/F, with the Abstraction option.
    fn token_kinds(&self) -> &'static [TokenKind] {
        if self.af.is_some() {
            &[super::af::RATIONS_TOKEN]
        } else {
            &[]
        }
    }

    /// An older release kept only the A/Fs' rations as marks.
    fn token_of_mark(
        &self,
        _ctx: &RuleContext,
        province: ProvinceId,
        power: PowerId,
        count: u32,
    ) -> Option<Token> {
        self.af
            .map(|_| super::af::rations_of_mark(province, power, count))
    }
}

impl DrawingHooks for DavisRules {
    /// With Abstraction: each A/F's moves at sea so far (rule 8c).
    fn state_words(&self, ctx: &RuleContext) -> Vec<crate::reason::RuleReason> {
        AfRules::rations_words(ctx)
    }
}
