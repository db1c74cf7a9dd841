//! Atlantica II rule 5, the high-seas fleets: each power's extra fleet, placed with the
//! January 1870 orders (`F nao place`, `place F nao`), and the coin toss when two are placed
//! in one space.
//!
//! A power's homeland, which its fleet's space may not touch (rule 5b1), is its home centres
//! and every province that is not a supply centre, lies on land, and borders one of its home
//! centres and no other power's home centre (England: London, Liverpool, Edinburgh and Clyde,
//! Wales, Yorkshire). Gift centres are centres, so never part of it (rule 5b1's exception).

use super::reasons::{refuse, AtlanticaReason};
use super::AtlanticaRules;
use crate::judge::{Cause, OrderResult, Verdict};
use crate::map::{Location, ProvinceId, LAND};
use crate::order::{Order, Term};
use crate::phase::PhaseKind;
use crate::reason::{RuleReason, Subject};
use crate::rulebook::{RuleContext, Settled, SpecialOrder};
use crate::unit::{PowerId, Unit, UnitKind};

/// The placement verb.
pub(super) const PLACE: &str = "place";

/// Rule 5b2: no fleet may be placed in these.
pub(super) const NO_PLACEMENT: [&str; 7] = ["azo", "hel", "lak", "lis", "myr", "nth", "ska"];

/// A few rounds of SplitMix64: the coin of one toss, from the game's `coin-seed` and the
/// space tossed for, so each space's toss is its own and none depends on the orders' sequence.
fn coin(seed: u64, space: ProvinceId, round: u64) -> u64 {
    let mut z = seed
        .wrapping_add(0x9E37_79B9_7F4A_7C15u64.wrapping_mul(u64::from(space.0) + 1))
        .wrapping_add(round.wrapping_mul(0xD1B5_4A32_D192_ED03));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl AtlanticaRules {
    /// Rule 5a: one high-seas fleet per power. A placement beside another of the power's
    /// placements in force (of another space) is refused when it is submitted; one of the
    /// same space only repeats it.
    pub(super) fn check_one_placement(
        &self,
        ctx: &RuleContext,
        power: PowerId,
        order: &Order,
        standing: &[Order],
    ) -> Result<(), Cause> {
        let placed_at = |o: &Order| match o {
            Order::Special {
                unit: Some(u),
                verb,
                ..
            } if verb == PLACE => Some(u.province),
            _ => None,
        };
        let Some(here) = placed_at(order) else {
            return Ok(());
        };
        match standing
            .iter()
            .find(|o| placed_at(o).is_some_and(|p| p != here))
        {
            Some(first) => Err(refuse(
                AtlanticaReason::OnePlacement,
                [power.into(), Subject::Quote(first.to_text(ctx.variant))],
            )),
            None => Ok(()),
        }
    }

    /// Whether the position is the first month's movement (January 1870), when the
    /// high-seas fleets are placed and no search may be made.
    pub(super) fn is_first_month(&self, ctx: &RuleContext) -> bool {
        let phase = ctx.phase();
        !phase.setup
            && phase.year == ctx.variant.calendar.first_year
            && ctx.step().season == "January"
            && ctx.step().kind == PhaseKind::Movement
    }

    /// The provinces of `power`'s homeland (see the module's documentation).
    pub fn homeland(&self, ctx: &RuleContext, power: PowerId) -> Vec<ProvinceId> {
        let map = ctx.map();
        let homes = &ctx.position.homes;
        let home_of = |p: ProvinceId| homes.get(p.0 as usize).copied().flatten();
        map.province_ids()
            .filter(|&p| {
                if home_of(p) == Some(power) {
                    return true;
                }
                let prov = map.province(p);
                if prov.supply_center || !map.admits(&LAND, Location::province(p)) {
                    return false;
                }
                let near: Vec<Option<PowerId>> = map.neighbours(p).map(home_of).collect();
                near.contains(&Some(power)) && near.iter().all(|h| h.is_none() || *h == Some(power))
            })
            .collect()
    }

    /// Rules 5b1-5b2 for the space itself: a sea space or canal box, none of the seven
    /// forbidden, touching no province of the power's homeland.
    fn placement_space_refusal(
        &self,
        ctx: &RuleContext,
        power: PowerId,
        at: ProvinceId,
    ) -> Option<Cause> {
        let map = ctx.map();
        let boxed = map.terrain(at).holds_many;
        let sea = !map.admits(&LAND, Location::province(at))
            && map.admits(UnitKind::FLEET.class(), Location::province(at));
        if (!sea && !boxed) || self.is_area(at) {
            return Some(refuse(AtlanticaReason::PlacementNotSea, [at.into()]));
        }
        if self.no_placement.contains(&Some(at)) {
            return Some(refuse(AtlanticaReason::PlacementForbidden, [at.into()]));
        }
        let homeland = self.homeland(ctx, power);
        if let Some(b) = map
            .province(at)
            .borders
            .iter()
            .find(|b| homeland.contains(&b.to.province))
        {
            return Some(refuse(
                AtlanticaReason::PlacementTouchesHome,
                [at.into(), b.to.province.into(), power.into()],
            ));
        }
        None
    }

    /// Rule 5: whether `unit` (not yet on the board) may be placed now.
    pub(super) fn check_placement(
        &self,
        ctx: &RuleContext,
        power: PowerId,
        unit: Option<&Unit>,
        args: &[Term],
    ) -> Result<(), Cause> {
        let Some(unit) = unit else {
            return Err(refuse(AtlanticaReason::PlacementNeedsUnit, []));
        };
        if !self.is_first_month(ctx) {
            return Err(refuse(AtlanticaReason::PlacementNotNow, []));
        }
        if unit.kind != UnitKind::FLEET {
            return Err(refuse(AtlanticaReason::PlacementNotFleet, [(*unit).into()]));
        }
        if !args.is_empty() {
            let words: Vec<String> = args.iter().map(|a| a.text(ctx.variant)).collect();
            return Err(refuse(
                AtlanticaReason::PlacementWordsAfter,
                [(*unit).into(), Subject::Quote(words.join(" "))],
            ));
        }
        let at = unit.location.province;
        if let Some(why) = self.placement_space_refusal(ctx, power, at) {
            return Err(why);
        }
        if !ctx.map().terrain(at).holds_many {
            if let Some(there) = ctx.position.unit_at(at) {
                return Err(refuse(
                    AtlanticaReason::PlacementTaken,
                    [at.into(), (*there).into()],
                ));
            }
        }
        Ok(())
    }

    /// Rule 5c: places the accepted fleets on the board the moves left. One per power (a
    /// later order of the same power is refused). Where several are placed in one space a
    /// coin toss seeded by the game's `coin-seed` picks the one that stays (a toss among the
    /// claimants, listed by power); a fleet placed where a unit moved in this month loses the
    /// space to it, as a toss's loser does. A loser goes to a free adjacent space where its
    /// power could have placed it (the toss picks among several), else it is lost.
    pub(super) fn judge_placements(
        &self,
        ctx: &RuleContext,
        orders: &[&SpecialOrder],
        settled: &mut Settled,
    ) -> Vec<OrderResult> {
        let map = ctx.map();
        let seed = u64::from(ctx.ruleset.hidden(super::COIN_SEED).unwrap_or(0));
        let mut results: Vec<Option<OrderResult>> = vec![None; orders.len()];
        // The first placement of each power counts.
        let mut counted: Vec<usize> = Vec::new();
        for (i, o) in orders.iter().enumerate() {
            if o.unit.is_none() {
                results[i] = Some(OrderResult::illegal(Cause::NotAdjudicated));
            } else if let Some(&j) = counted.iter().find(|&&j| orders[j].power == o.power) {
                let first = orders[j].unit.map(|u| Subject::from(u.location.province));
                results[i] = Some(OrderResult::illegal(Cause::Rule(RuleReason::new(
                    AtlanticaReason::OnlyOnePlaced,
                    std::iter::once(o.power.into()).chain(first),
                ))));
            } else {
                counted.push(i);
            }
        }
        let mut spaces: Vec<ProvinceId> = counted
            .iter()
            .filter_map(|&i| orders[i].unit.map(|u| u.location.province))
            .collect();
        spaces.sort();
        spaces.dedup();
        // Losers, with why they lost their space.
        let mut losers: Vec<(usize, Cause)> = Vec::new();
        for &space in &spaces {
            let mut claim: Vec<usize> = counted
                .iter()
                .copied()
                .filter(|&i| orders[i].unit.map(|u| u.location.province) == Some(space))
                .collect();
            claim.sort_by_key(|&i| orders[i].power);
            if map.terrain(space).holds_many {
                for i in claim {
                    self.put(settled, orders[i]);
                    results[i] = Some(OrderResult::ok());
                }
                continue;
            }
            if let Some(there) = settled
                .after
                .units
                .iter()
                .find(|u| u.location.province == space)
            {
                let why = refuse(
                    AtlanticaReason::MovedInThisMonth,
                    [space.into(), (*there).into()],
                );
                losers.extend(claim.into_iter().map(|i| (i, why.clone())));
                continue;
            }
            let winner = claim[(coin(seed, space, 0) % claim.len() as u64) as usize];
            self.put(settled, orders[winner]);
            let others: Vec<Subject> = claim
                .iter()
                .filter(|&&i| i != winner)
                .map(|&i| orders[i].power.into())
                .collect();
            results[winner] = Some(if others.is_empty() {
                OrderResult::ok()
            } else {
                OrderResult {
                    verdict: Verdict::Succeeds,
                    cause: Some(Cause::Rule(RuleReason::new(
                        AtlanticaReason::WonToss,
                        std::iter::once(space.into()).chain(others),
                    ))),
                    notes: Vec::new(),
                }
            });
            let lost = refuse(
                AtlanticaReason::LostToss,
                [space.into(), orders[winner].power.into()],
            );
            losers.extend(
                claim
                    .into_iter()
                    .filter(|&i| i != winner)
                    .map(|i| (i, lost.clone())),
            );
        }
        for (i, why) in losers {
            let o = orders[i];
            let Some(unit) = o.unit else { continue };
            let space = unit.location.province;
            let free: Vec<ProvinceId> = map
                .neighbours(space)
                .filter(|&p| {
                    self.placement_space_refusal(ctx, o.power, p).is_none()
                        && !settled.after.contested.contains(&p)
                        && (map.terrain(p).holds_many
                            || !settled.after.units.iter().any(|u| u.location.province == p))
                })
                .collect();
            let then = if free.is_empty() {
                RuleReason::new(AtlanticaReason::FleetLost, [])
            } else {
                let to = free[(coin(seed, space, 1 + i as u64) % free.len() as u64) as usize];
                self.put(
                    settled,
                    &SpecialOrder {
                        unit: Some(Unit {
                            location: Location::province(to),
                            ..unit
                        }),
                        ..o.clone()
                    },
                );
                RuleReason::new(AtlanticaReason::PlacedInstead, [to.into()])
            };
            let mut result = OrderResult::fails(why);
            result.notes.push(then);
            results[i] = Some(result);
        }
        results
            .into_iter()
            .map(|r| r.unwrap_or_else(|| OrderResult::illegal(Cause::NotAdjudicated)))
            .collect()
    }

    fn put(&self, settled: &mut Settled, order: &SpecialOrder) {
        if let Some(unit) = order.unit {
            settled.after.units.push(unit);
            settled.arrivals.push(unit.location.province);
        }
    }
}
