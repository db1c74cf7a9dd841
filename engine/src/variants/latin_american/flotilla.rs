//! The river flotilla (rule 6): the unit kind `R`, which moves by the map's `river` class
//! (declared in `maps/latin-american/variant.toml`: along rivers, over seas, oceans, lakes and
//! islands), and the limits rule 6 puts on its strength and its supports.

use crate::unit::{MoveClass, UnitKind, UnitKindDecl};

/// The flotilla's way of moving, by name: what it is (its banks, where it may stand, that it
/// follows the fleets' waters) is the map's data.
pub static RIVER: MoveClass = MoveClass { name: "river" };

/// Rule 6: "The River Flotilla (R)".
pub static RIVER_FLOTILLA: UnitKindDecl = UnitKindDecl {
    letter: "R",
    name: "river flotilla",
    aliases: &["flotilla", "rf"],
    class: &RIVER,
    convoyed: false,
    convoys: false,
};

/// The flotilla kind.
pub const FLOTILLA: UnitKind = UnitKind(&RIVER_FLOTILLA);

/// Latin American Diplomacy's unit kinds: army, fleet and river flotilla.
pub const KINDS: &[UnitKind] = &[UnitKind::ARMY, UnitKind::FLEET, FLOTILLA];

use super::causes::LatinAmericanCause;
use crate::map::{Border, BorderKind, Map, ProvinceId, TerrainId};
use crate::order::Order;
use crate::outcome::Verdict;
use crate::phase::PhaseKind;
use crate::rulebook::{OrderHelp, RuleContext, Settled};
use crate::unit::Unit;

/// What rule 6 asks of the map, looked up once.
#[derive(Debug)]
pub(super) struct FlotillaRules {
    coast: Option<TerrainId>,
    desert: Option<TerrainId>,
    sea: Option<TerrainId>,
    ocean: Option<TerrainId>,
    island: Option<TerrainId>,
    mountain_border: BorderKind,
}

impl FlotillaRules {
    pub(super) fn new(map: &Map) -> Self {
        FlotillaRules {
            coast: map.terrain_id("coast"),
            desert: map.terrain_id("desert"),
            sea: map.terrain_id("sea"),
            ocean: map.terrain_id("ocean"),
            island: map.terrain_id("island"),
            mountain_border: map.border_kind("mountain"),
        }
    }

    fn is(map: &Map, p: ProvinceId, t: Option<TerrainId>) -> bool {
        t.is_some_and(|t| map.province(p).terrain == t)
    }

    /// A sea or an ocean province.
    pub(super) fn at_sea(&self, map: &Map, p: ProvinceId) -> bool {
        Self::is(map, p, self.sea) || Self::is(map, p, self.ocean)
    }

    /// An island province.
    pub(super) fn island(&self, map: &Map, p: ProvinceId) -> bool {
        Self::is(map, p, self.island)
    }

    /// A coastal province (CP: the coast, and the deserts, all on the Pacific coast).
    pub(super) fn coastal(&self, map: &Map, p: ProvinceId) -> bool {
        Self::is(map, p, self.coast) || Self::is(map, p, self.desert)
    }

    /// Rule 6.B.ii: any ocean, or a sea not directly adjacent to a coastal province: where a
    /// flotilla has attack strength zero and cannot support.
    pub(super) fn open_water(&self, map: &Map, p: ProvinceId) -> bool {
        Self::is(map, p, self.ocean)
            || (Self::is(map, p, self.sea) && !map.neighbours(p).any(|n| self.coastal(map, n)))
    }

    /// Rule 6.B.ii: the strength a flotilla's move brings before supports: zero out of or into
    /// open water.
    pub(super) fn move_strength(&self, map: &Map, unit: &Unit, border: Option<&Border>) -> u32 {
        let into_open = border.is_some_and(|b| self.open_water(map, b.to.province));
        u32::from(!(into_open || self.open_water(map, unit.location.province)))
    }

    /// Rule 6.B.ii: a flotilla in open water holds with its supports alone.
    pub(super) fn hold_strength(&self, map: &Map, unit: &Unit) -> u32 {
        u32::from(!self.open_water(map, unit.location.province))
    }

    /// Rules 6.B.ii, 6.B.iii and 6.E: why a flotilla may not give this support.
    /// `supported_from == into` for a support to hold.
    pub(super) fn support_refusal(
        &self,
        ctx: &RuleContext,
        supporter: &Unit,
        supported_from: ProvinceId,
        into: ProvinceId,
        border: &Border,
    ) -> Option<LatinAmericanCause> {
        let map = ctx.map();
        let here = supporter.location.province;
        if self.open_water(map, here) {
            return Some(LatinAmericanCause::FlotillaAtOpenSea { at: here });
        }
        if self.at_sea(map, into) {
            return Some(LatinAmericanCause::FlotillaSupportAtSea { at: into });
        }
        if border.kinds.contains(self.mountain_border) {
            return Some(LatinAmericanCause::FlotillaSupportOverMountains { from: here, into });
        }
        let island = |p| Self::is(map, p, self.island);
        if island(here) && !(supported_from == into && island(into)) {
            return Some(LatinAmericanCause::FlotillaIslandSupport { from: here, into });
        }
        None
    }
}

/// Rule 6.B.iv: each flotilla ordered to another bank, shore or coast of its province (judged as
/// a hold, `crosses_within`) stands there once the phase is settled, unless it was dislodged.
pub(super) fn cross_banks(ctx: &RuleContext, settled: &mut Settled) {
    for (s, result) in settled.orders.iter().zip(settled.results.iter()) {
        let Ok(Order::Move { unit, to, .. }) = &s.order else {
            continue;
        };
        if unit.province != to.province || result.verdict == Verdict::Illegal {
            continue;
        }
        let target = to.location();
        if let Some(u) = settled.after.units.iter_mut().find(|u| {
            u.power == s.power && u.kind == FLOTILLA && u.location.province == unit.province
        }) {
            if ctx.map().admits(&RIVER, target) {
                u.location = target;
            }
        }
    }
}

/// The flotilla's orders in the order help: moving along a river, crossing banks, and where it
/// is built.
pub(super) fn help(ctx: &RuleContext) -> Vec<OrderHelp> {
    let kind = ctx.step().kind;
    vec![
        OrderHelp::new(
            "R rbr - guy/rb",
            "a river flotilla moves along a river, naming the bank it reaches (also written \
             [rib], (river bank), /nwb); at sea it moves as a fleet (rule 6.B)",
            kind == PhaseKind::Movement,
        ),
        OrderHelp::new(
            "R cui/eb - cui/sb",
            "a river flotilla crosses to another bank, shore or coast of its province: it takes \
             the turn and is supported as a hold (rule 6.B.iv)",
            kind == PhaseKind::Movement,
        ),
        OrderHelp::new(
            "R lpz/rb B",
            "build a river flotilla on a home or capital centre where a river, lake or sea \
             reaches it, naming its bank or shore (rule 6.A)",
            kind == PhaseKind::Adjustment,
        ),
    ]
}
