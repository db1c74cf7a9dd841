//! Davis Diplomacy's rulebook: the High Ocean Box's support rule and Archangel's fleet builds.
//!
//! The board itself (Zara and Croatia, Archangel, Siberia, Persia, Morocco, the new seas, the
//! direct passages) is data in `maps/davis/`; the coastal crawl is the rulebook option
//! `coastal_crawl`, switched on in `maps/davis/variant.toml`.

use crate::map::{Border, Map, ProvinceId, Terrain};
use crate::position::Position;
use crate::rulebook::{StandardRules, VariantRules};
use crate::unit::{PowerId, Unit, UnitKind};
use crate::variant::Variant;

/// The port Russia may build fleets in while it holds St Petersburg, and that centre.
const ARCHANGEL: &str = "arc";
const ST_PETERSBURG: &str = "stp";

#[derive(Debug, Default)]
pub struct DavisRules;

impl VariantRules for DavisRules {
    /// Rule 5c: a fleet in the High Ocean Box may support only a unit moving out of the Box;
    /// it may not support a move between two ordinary spaces, nor a hold. Supports from
    /// ordinary spaces are unrestricted.
    fn may_support(
        &self,
        map: &Map,
        supporter: &Unit,
        supported_from: ProvinceId,
        into: ProvinceId,
        _border: &Border,
    ) -> bool {
        let here = supporter.location.province;
        if map.province(here).terrain != Terrain::Box {
            return true;
        }
        supported_from == here && into != here
    }

    /// Rule 4b: Archangel is a build site for fleets of St Petersburg's home power while that
    /// power owns St Petersburg, beside the usual home centres.
    fn build_sites(
        &self,
        variant: &Variant,
        position: &Position,
        power: PowerId,
    ) -> Vec<ProvinceId> {
        let mut sites = StandardRules.build_sites(variant, position, power);
        let (Some(arc), Some(stp)) = (
            variant.map.province_by_id(ARCHANGEL),
            variant.map.province_by_id(ST_PETERSBURG),
        ) else {
            return sites;
        };
        if position.owns_home_centre(power, stp) && position.unit_at(arc).is_none() {
            sites.push(arc);
        }
        sites
    }

    fn may_build(&self, variant: &Variant, kind: UnitKind, province: ProvinceId) -> bool {
        variant.map.province(province).id != ARCHANGEL || kind == UnitKind::Fleet
    }
}
