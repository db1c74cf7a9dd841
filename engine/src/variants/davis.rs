//! Davis Diplomacy's rulebook: the High Ocean Box (an option, on by default) and its support
//! rule, and Archangel's fleet builds.
//!
//! The board itself (Zara and Croatia, Archangel, Siberia, Persia, Morocco, the new seas, the
//! direct passages, the Box as a province of terrain `box`) is data in `maps/davis/`; that the
//! Box holds any number of units is the core's `holds_many` rule for that terrain. The coastal
//! crawl is the rulebook option `coastal_crawl`, switched on in `maps/davis/variant.toml`.

use super::{builtin_entry, VariantEntry};
use crate::map::{Border, Location, ProvinceId, TerrainId};
use crate::rulebook::{RuleContext, Ruleset, StandardRules, VariantOption, VariantRules};
use crate::unit::{PowerId, Unit, UnitKind, STANDARD_KINDS};
use crate::variant::Variant;

pub const ENTRY: VariantEntry = builtin_entry!("davis", OPTIONS, STANDARD_KINDS, rulebook);

fn rulebook(variant: &Variant, ruleset: &Ruleset) -> Box<dyn VariantRules> {
    Box::new(DavisRules {
        high_ocean_box: ruleset.variant_option(OPTIONS, HIGH_OCEAN_BOX),
        the_box: variant.map.terrain_id(BOX),
    })
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
        about: "the Abstraction A/F rules of Davis rule 6, which need A/F units; Parley does \
                not have them yet",
        default: false,
        available: false,
    },
];

#[derive(Debug)]
pub struct DavisRules {
    high_ocean_box: bool,
    /// The Box's terrain, looked up once.
    the_box: Option<TerrainId>,
}

impl DavisRules {
    fn in_box(&self, ctx: &RuleContext, p: ProvinceId) -> bool {
        Some(ctx.map().province(p).terrain) == self.the_box
    }
}

impl VariantRules for DavisRules {
    /// Without the High Ocean Box option the Box is off the board: nothing may stand there,
    /// so nothing moves, retreats or supports into it.
    fn can_stand(&self, ctx: &RuleContext, kind: UnitKind, at: Location) -> bool {
        if !self.high_ocean_box && self.in_box(ctx, at.province) {
            return false;
        }
        StandardRules.can_stand(ctx, kind, at)
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
        ctx.map().province(province).id != ARCHANGEL || kind == UnitKind::FLEET
    }
}
