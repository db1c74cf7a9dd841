//! Rule 7: the supply centres. A capital supports two units (but takes one build, as any
//! province); in the opening 1890 D a power with a capital builds on any space of its
//! territory; in the D phases of years ending in 0 and 5 a power holding its capital (the
//! imperial powers always: theirs are off the map) may build on the spaces it held at the
//! start; outposts are built on only then; and Bolivia may use Antofagasta as a home centre.

use super::causes::LatinAmericanCause;
use super::LatinAmericanRules;
use crate::map::ProvinceId;
use crate::phase::PhaseKind;
use crate::rulebook::RuleContext;
use crate::unit::{PowerId, Unit};

impl LatinAmericanRules {
    /// The capital centre of `power`, if it has one on the map.
    pub(super) fn capital_of(&self, ctx: &RuleContext, power: PowerId) -> Option<ProvinceId> {
        let name = ctx.variant.power_name(power);
        ctx.map().province_ids().find(|&p| {
            ctx.map().has_tag(p, self.capital)
                && ctx.map().province(p).home_of.as_deref() == Some(name)
        })
    }

    /// Rule 7.A.i: every centre counts one, a capital two.
    pub(super) fn centres_counted(&self, ctx: &RuleContext, power: PowerId) -> usize {
        ctx.position
            .centres_of(power)
            .map(|p| {
                if ctx.map().has_tag(p, self.capital) {
                    2
                } else {
                    1
                }
            })
            .sum()
    }

    /// Whether `p` is a space of `power`'s territory at the start (`territory-<power>`).
    fn territory_of(&self, ctx: &RuleContext, power: PowerId, p: ProvinceId) -> bool {
        let tag = format!("territory-{}", ctx.variant.power_name(power).to_lowercase());
        ctx.map().has_tag(p, ctx.map().tag(&tag))
    }

    /// Rule 7.A.ii: the D phases of years ending in 0 and 5 (not the opening 1890 D, which
    /// has its own rule).
    fn territory_year(&self, ctx: &RuleContext) -> bool {
        let phase = ctx.phase();
        !phase.setup && ctx.step().kind == PhaseKind::Adjustment && phase.year % 5 == 0
    }

    /// Rule 7.A.i: in the opening 1890 D only the powers with a capital on the map build (the
    /// imperial powers' capitals are off it), so a build from another is refused naming
    /// that rule rather than the bare count.
    pub(super) fn opening_build_without_capital(
        &self,
        ctx: &RuleContext,
        power: PowerId,
    ) -> Option<LatinAmericanCause> {
        (ctx.phase().setup && self.capital_of(ctx, power).is_none())
            .then_some(LatinAmericanCause::OpeningBuildWithoutCapital { power })
    }

    /// Rule 7.A.ii: "ONE build" a year on a province held at the start that is not a home
    /// centre of the power's (an outpost counts, as it is built on under the same rule): a
    /// second such build this phase is refused, naming the first. Bolivia's Antofagasta,
    /// regained, is a home centre (rule 7.B), not such a build.
    pub(super) fn second_build_off_centres(
        &self,
        ctx: &RuleContext,
        power: PowerId,
        at: ProvinceId,
        built: &[Unit],
    ) -> Option<LatinAmericanCause> {
        if !self.territory_year(ctx) {
            return None;
        }
        let home = |p: ProvinceId| {
            ctx.position.owns_home_centre(power, p)
                || (Some(p) == self.antofagasta && Some(power) == self.bolivia)
        };
        if home(at) {
            return None;
        }
        built
            .iter()
            .map(|u| u.location.province)
            .find(|&p| !home(p))
            .map(|first| LatinAmericanCause::OneBuildOffCentres { at, first })
    }

    /// Where `power` may build this adjustment, beyond its owned empty home centres.
    pub(super) fn extra_build_sites(&self, ctx: &RuleContext, power: PowerId) -> Vec<ProvinceId> {
        let position = ctx.position;
        let map = ctx.map();
        let mut sites = Vec::new();
        // Rule 7.B: Antofagasta, regained by Bolivia, is a home centre of Bolivia's too.
        if let (Some(ant), Some(bolivia)) = (self.antofagasta, self.bolivia) {
            if power == bolivia
                && position.owners[ant.0 as usize] == Some(power)
                && position.is_empty(ant)
            {
                sites.push(ant);
            }
        }
        let opening = ctx.phase().setup && ctx.step().kind == PhaseKind::Adjustment;
        if opening {
            // Rule 7.A.i, 1890 D: a power with a capital builds on any space of its territory.
            if self.capital_of(ctx, power).is_some() {
                sites.extend(
                    map.province_ids()
                        .filter(|&p| self.territory_of(ctx, power, p) && position.is_empty(p)),
                );
            }
        } else if self.territory_year(ctx) {
            // Rule 7.A.ii: only while the power holds its capital (the imperial powers have
            // none on the map, so always).
            let holds_capital = self
                .capital_of(ctx, power)
                .is_none_or(|c| position.owners[c.0 as usize] == Some(power));
            if holds_capital {
                sites.extend(map.province_ids().filter(|&p| {
                    if !self.territory_of(ctx, power, p) || !position.is_empty(p) {
                        return false;
                    }
                    let owner = position.owners[p.0 as usize];
                    if !map.province(p).supply_center {
                        return true;
                    }
                    if map.has_tag(p, self.outpost) {
                        // Rule 7.C: so long as no other power controls it.
                        owner.is_none_or(|o| o == power)
                    } else {
                        owner == Some(power)
                    }
                }));
            }
        }
        sites
    }
}
