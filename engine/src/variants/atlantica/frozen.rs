//! Atlantica II rule 12, the frozen regions: from January to April the provinces tagged
//! `frozen` and the north coasts of those tagged `frozen-nc` are closed to fleets, and a fleet
//! in Karelia lies on its south coast.

use super::reasons::{refuse, AtlanticaReason};
use super::AtlanticaRules;
use crate::judge::Cause;
use crate::map::{Border, Location, ProvinceId, WATER};
use crate::rulebook::RuleContext;
use crate::unit::{Unit, UnitKind};

/// The months of the frozen period (rule 12a: "January through April, inclusive"), as the
/// calendar's steps name them.
const FROZEN_MONTHS: [&str; 4] = ["January", "February", "March", "April"];

/// Whether units of this kind move by water (fleets, and the A/F that moves as one): the
/// units the ice holds.
pub(super) fn by_water(kind: UnitKind) -> bool {
    kind.class().name == WATER.name
}

impl AtlanticaRules {
    /// Whether the position's phase (a month's movement, its retreats or its adjustment) falls
    /// in the frozen period.
    pub fn frozen_period(&self, ctx: &RuleContext) -> bool {
        FROZEN_MONTHS.contains(&ctx.step().season.as_str())
    }

    /// Whether `at` is frozen for fleets now (rule 12a): a province tagged `frozen`, or the
    /// north coast of one tagged `frozen-nc`, in January to April. A location without a coast
    /// in a `frozen-nc` province (an army in Montreal) is not frozen. The A/F rules ask it too
    /// (rule 12e: no embarking or landing in a frozen place).
    pub fn frozen_at(&self, ctx: &RuleContext, at: Location) -> bool {
        if !self.frozen_period(ctx) {
            return false;
        }
        let map = ctx.map();
        if map.has_tag(at.province, self.frozen) {
            return true;
        }
        map.has_tag(at.province, self.frozen_nc)
            && at.coast.is_some()
            && at.coast == map.coast_id(at.province, "nc")
    }

    /// Rules 12b-12d for a unit of `kind` crossing `border`: a fleet may not move, support or
    /// retreat out of a frozen place, nor into one; and Karelia's fleet, on the south coast,
    /// has no way to Norway (nor one from Norway: its northern shore is ice).
    pub(super) fn ice_closes(&self, ctx: &RuleContext, kind: UnitKind, border: &Border) -> bool {
        if !by_water(kind) || !self.frozen_period(ctx) {
            return false;
        }
        let from = Location {
            province: border.from,
            coast: border.from_coast,
        };
        if self.frozen_at(ctx, from) || self.frozen_at(ctx, border.to) {
            return true;
        }
        let (a, b) = (Some(border.from), Some(border.to.province));
        (a, b) == (self.karelia, self.norway) || (a, b) == (self.norway, self.karelia)
    }

    /// Rules 12b-12c: a fleet frozen in does not defend its province against an army, nor a
    /// fleet frozen on a north coast against a fleet coming to the province's south coast.
    pub(super) fn frozen_defenceless(
        &self,
        ctx: &RuleContext,
        defender: &Unit,
        attacker: &Unit,
        to: Location,
    ) -> bool {
        by_water(defender.kind)
            && self.frozen_at(ctx, defender.location)
            && (!by_water(attacker.kind) || to.coast != defender.location.coast)
    }

    /// Why the ice keeps `unit` from reaching `to` in the frozen months, if it does: the
    /// words for a refused move or support (rules 12b-12d).
    pub(super) fn ice_refusal(
        &self,
        ctx: &RuleContext,
        unit: &Unit,
        to: ProvinceId,
    ) -> Option<Cause> {
        if !by_water(unit.kind) || !self.frozen_period(ctx) {
            return None;
        }
        let map = ctx.map();
        let ways: Vec<&Border> = map
            .borders_into(unit.kind.class(), unit.location, to)
            .collect();
        if ways.is_empty() {
            return None;
        }
        let here = unit.location.province;
        let cause = if self.frozen_at(ctx, unit.location) {
            refuse(AtlanticaReason::FrozenIn, [(*unit).into()])
        } else if [Some(here), Some(to)] == [self.karelia, self.norway]
            || [Some(here), Some(to)] == [self.norway, self.karelia]
        {
            refuse(AtlanticaReason::KareliaNorway, [])
        } else if ways.iter().all(|b| self.frozen_at(ctx, b.to)) {
            refuse(AtlanticaReason::FrozenForFleets, [ways[0].to.into()])
        } else {
            return None;
        };
        Some(cause)
    }
}
