//! Atlantica II rule 5, the high-seas fleets: each power's extra fleet, placed with the
//! January 1870 orders (`F nao place`, `place F nao`), and the coin toss when two are placed
//! in one space.
//!
//! A power's homeland, which its fleet's space may not touch (rule 5b1), is its home centres
//! and every province that is not a supply centre, lies on land, and borders one of its home
//! centres and no other power's home centre (England: London, Liverpool, Edinburgh and Clyde,
//! Wales, Yorkshire). Gift centres are centres, so never part of it (rule 5b1's exception).

use super::{variant_rule, AtlanticaRules};
use crate::judge::{Cause, OrderResult, Verdict};
use crate::map::{Location, ProvinceId, LAND};
use crate::order::Order;
use crate::phase::PhaseKind;
use crate::rulebook::{RuleContext, Settled, SpecialOrder};
use crate::unit::{PowerId, Unit, UnitKind};

/// The placement verb.
pub(super) const PLACE: &str = "place";

/// Rule 5b2: no fleet may be placed in these.
pub(super) const NO_PLACEMENT: [&str; 7] = ["azo", "hel", "lak", "lis", "myr", "nth", "ska"];

fn placement_rule(words: String) -> Cause {
    variant_rule("high-seas-fleets", words)
}

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
            Some(first) => Err(placement_rule(format!(
                "{} places one high-seas fleet only (rule 5a) and has already ordered `{}`; \
                 to place it elsewhere, start again with `/orders clear`",
                ctx.variant.display_name(power),
                first.to_text(ctx.map())
            ))),
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
    ) -> Option<String> {
        let map = ctx.map();
        let name = &map.province(at).name;
        let boxed = map.terrain(at).holds_many;
        let sea = !map.admits(&LAND, Location::province(at))
            && map.admits(UnitKind::FLEET.class(), Location::province(at));
        if (!sea && !boxed) || self.is_area(at) {
            return Some(format!(
                "{name} is not a sea space or a canal box; a high-seas fleet is placed at sea \
                 (rule 5b)"
            ));
        }
        if self.no_placement.contains(&Some(at)) {
            return Some(format!(
                "no fleet may be placed in {name} (rule 5b2: the Azores, Helgoland Bight, Lake \
                 Ontario, Long Island Sound, Myrtle Beach, the North Sea and the Skagerrak)"
            ));
        }
        let homeland = self.homeland(ctx, power);
        if let Some(b) = map
            .province(at)
            .borders
            .iter()
            .find(|b| homeland.contains(&b.to.province))
        {
            return Some(format!(
                "{name} touches {}, part of {}'s homeland (rule 5b1)",
                map.province(b.to.province).name,
                ctx.variant.display_name(power)
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
        args: &[String],
    ) -> Result<(), Cause> {
        let Some(unit) = unit else {
            return Err(placement_rule(
                "say which fleet to place: \"F nao place\"".into(),
            ));
        };
        if !self.is_first_month(ctx) {
            return Err(placement_rule(
                "the high-seas fleets are placed only with the January 1870 orders (rule 5c)"
                    .into(),
            ));
        }
        if unit.kind != UnitKind::FLEET {
            return Err(placement_rule(format!(
                "the high-seas unit is a fleet, not an {}: write \"F {} place\"",
                unit.kind.name(),
                ctx.map().province(unit.location.province).id
            )));
        }
        if !args.iter().all(|a| a.trim().is_empty()) {
            return Err(placement_rule(format!(
                "a placement says only where: \"F {} place\" (got \"{}\" after it)",
                ctx.map().province(unit.location.province).id,
                args.join(" ")
            )));
        }
        let at = unit.location.province;
        if let Some(why) = self.placement_space_refusal(ctx, power, at) {
            return Err(placement_rule(why));
        }
        if !ctx.map().terrain(at).holds_many {
            if let Some(there) = ctx.position.unit_at(at) {
                return Err(placement_rule(format!(
                    "{} is taken: {} {} stands there",
                    ctx.map().province(at).name,
                    ctx.variant.display_name(there.power),
                    there.kind.letter()
                )));
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
                let first = orders[j]
                    .unit
                    .map(|u| map.province(u.location.province).name.clone());
                results[i] = Some(OrderResult::illegal(placement_rule(format!(
                    "{} places one high-seas fleet only, and placed it in {} (rule 5a)",
                    ctx.variant.display_name(o.power),
                    first.unwrap_or_default()
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
        let mut losers: Vec<(usize, String)> = Vec::new();
        for &space in &spaces {
            let mut claim: Vec<usize> = counted
                .iter()
                .copied()
                .filter(|&i| orders[i].unit.map(|u| u.location.province) == Some(space))
                .collect();
            claim.sort_by_key(|&i| orders[i].power);
            let name = &map.province(space).name;
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
                let why = format!(
                    "{} {} moved into {name} this month",
                    ctx.variant.display_name(there.power),
                    there.kind.letter()
                );
                losers.extend(claim.into_iter().map(|i| (i, why.clone())));
                continue;
            }
            let winner = claim[(coin(seed, space, 0) % claim.len() as u64) as usize];
            self.put(settled, orders[winner]);
            let others: Vec<String> = claim
                .iter()
                .filter(|&&i| i != winner)
                .map(|&i| ctx.variant.display_name(orders[i].power).to_string())
                .collect();
            results[winner] = Some(if others.is_empty() {
                OrderResult::ok()
            } else {
                OrderResult {
                    verdict: Verdict::Succeeds,
                    cause: Some(placement_rule(format!(
                        "won the coin toss for {name} against {}",
                        others.join(" and ")
                    ))),
                }
            });
            let winner_name = ctx.variant.display_name(orders[winner].power).to_string();
            losers.extend(
                claim
                    .into_iter()
                    .filter(|&i| i != winner)
                    .map(|i| (i, format!("lost the coin toss for {name} to {winner_name}"))),
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
            results[i] = Some(OrderResult::fails(placement_rule(if free.is_empty() {
                format!(
                    "{why}; no free sea space next to it where it could be placed, so the fleet \
                     is lost"
                )
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
                format!("{why}; placed in {} instead", map.province(to).name)
            })));
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
