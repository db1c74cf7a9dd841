//! Atlantica II rule 6, Lost Atlantis: the search order, its judgement, and Atlantis once found.
//!
//! Which of the six areas is Atlantis is the game's hidden draw `atlantis-area` (1-6 for
//! `ar1`..`ar6`), read from the ruleset only when a search is judged: no check of an order,
//! and nothing written into the position before Atlantis is found, depends on it. Once found,
//! the position keeps an [`ATLANTIS_TOKEN`] on the area (`power`: the first power whose fleet
//! found it); every rule below reads "found" from that token alone.

use super::frozen::by_water;
use super::reasons::{refuse, AtlanticaReason};
use super::AtlanticaRules;
use crate::judge::{Cause, OrderResult, Verdict};
use crate::map::{Location, ProvinceId, LAND};
use crate::order::Term;
use crate::phase::PhaseKind;
use crate::position::Position;
use crate::reason::Subject;
use crate::rulebook::{RuleContext, Settled, SpecialOrder};
use crate::token::{Token, TokenDecl, TokenKind, TokenShape, TokenValue};
use crate::unit::{PowerId, Unit, UnitKind};

/// Atlantis found: a flag on the area that was Atlantis, kept for the first power whose fleet
/// found it (rule 6d).
pub static ATLANTIS_DECL: TokenDecl = TokenDecl {
    name: "atlantis",
    shape: TokenShape::Flag,
    owned: true,
    on_coasts: false,
};

/// The Atlantis-found token kind.
pub const ATLANTIS_TOKEN: TokenKind = TokenKind(&ATLANTIS_DECL);

/// The search verbs: `F nao search 3`, `F North Atlantic searching for Atlantis in Area 3`.
pub(super) const SEARCH_VERBS: [&str; 2] = ["search", "searching"];

/// Words a search order may carry around its area's number.
const FILLER: [&str; 5] = ["for", "atlantis", "in", "area", "the"];

impl AtlanticaRules {
    /// The area Atlantis was found in, if it has been (the token on it).
    pub fn atlantis(&self, position: &Position) -> Option<ProvinceId> {
        position
            .tokens
            .iter()
            .find(|t| t.kind == ATLANTIS_TOKEN)
            .map(Token::province)
    }

    /// Whether `p` is one of the six numbered areas.
    pub(super) fn is_area(&self, p: ProvinceId) -> bool {
        self.areas.contains(&Some(p))
    }

    /// Rule 6d: until Atlantis is found nobody stands in a numbered area; then Atlantis is
    /// an ordinary province where fleets and armies may stand, like an island, and the other
    /// areas are gone.
    pub(super) fn area_admits(&self, ctx: &RuleContext, p: ProvinceId) -> bool {
        self.atlantis(ctx.position) == Some(p)
    }

    /// The area number a search order's terms name, or why its words name none.
    fn area_number(&self, ctx: &RuleContext, args: &[Term]) -> Result<usize, Cause> {
        match args {
            [Term::Number(n)] => Ok(*n as usize),
            _ => searched_area(&args.iter().map(|a| a.text(ctx.variant)).collect::<Vec<_>>()),
        }
    }

    /// Rule 6b: whether this search order may be given. Nothing here depends on where
    /// Atlantis is.
    pub(super) fn check_search(
        &self,
        ctx: &RuleContext,
        unit: Option<&Unit>,
        args: &[Term],
    ) -> Result<(), Cause> {
        let Some(unit) = unit else {
            return Err(refuse(AtlanticaReason::SearchNeedsUnit, []));
        };
        if unit.kind != UnitKind::FLEET {
            return Err(refuse(AtlanticaReason::SearchByFleet, [(*unit).into()]));
        }
        if ctx.step().kind != PhaseKind::Movement {
            return Err(refuse(AtlanticaReason::SearchIsMove, []));
        }
        if self.is_first_month(ctx) {
            return Err(refuse(AtlanticaReason::SearchNotYet, []));
        }
        if let Some(found) = self.atlantis(ctx.position) {
            return Err(refuse(AtlanticaReason::AtlantisFound, [found.into()]));
        }
        let n = self.area_number(ctx, args)?;
        let Some(area) = self.areas[n - 1] else {
            return Err(refuse(
                AtlanticaReason::NoSuchArea,
                [Subject::Number(n as i64)],
            ));
        };
        let map = ctx.map();
        let here = unit.location.province;
        let at_sea = !map.admits(&LAND, Location::province(here))
            && !map.terrain(here).holds_many
            && !self.is_area(here);
        let next_to = map
            .province(here)
            .borders
            .iter()
            .any(|b| b.to.province == area);
        if !at_sea || !next_to {
            return Err(refuse(
                AtlanticaReason::SearchNotBeside,
                [here.into(), Subject::Number(n as i64)],
            ));
        }
        if ctx.ruleset.hidden(super::ATLANTIS_AREA).is_none() {
            return Err(refuse(AtlanticaReason::NoAtlantisDrawn, []));
        }
        Ok(())
    }

    /// The area that is Atlantis, from the game's hidden draw; read only to judge searches.
    fn real_area(&self, ctx: &RuleContext) -> Option<ProvinceId> {
        let n = ctx.ruleset.hidden(super::ATLANTIS_AREA)? as usize;
        self.areas.get(n.checked_sub(1)?).copied().flatten()
    }

    /// The area a search order names, with its number.
    pub(super) fn area_of(&self, o: &SpecialOrder) -> Option<(usize, ProvinceId)> {
        let n = match o.args.as_slice() {
            [Term::Number(n)] => *n as usize,
            _ => return None,
        };
        self.areas[n - 1].map(|a| (n, a))
    }

    /// The searches of the real area among `orders`.
    fn finders<'o>(&self, ctx: &RuleContext, orders: &[&'o SpecialOrder]) -> Vec<&'o SpecialOrder> {
        let real = self.real_area(ctx);
        orders
            .iter()
            .copied()
            .filter(|o| o.unit.is_some() && real.is_some() && self.area_of(o).map(|x| x.1) == real)
            .collect()
    }

    /// Rule 6c: which of the phase's special orders take their fleet out of its sea space
    /// before the moves: a lone search of the real area (the fleet "gives up all claim to its
    /// prior sea space, and is not affected by attacks on same").
    pub(super) fn searchers_leaving(
        &self,
        ctx: &RuleContext,
        orders: &[SpecialOrder],
    ) -> Vec<bool> {
        let searches: Vec<&SpecialOrder> = orders
            .iter()
            .filter(|o| SEARCH_VERBS.contains(&o.verb.as_str()))
            .collect();
        let finders = self.finders(ctx, &searches);
        orders
            .iter()
            .map(|o| finders.len() == 1 && std::ptr::eq(finders[0], o))
            .collect()
    }

    /// Rules 6b-6c: judges the phase's searches on the board the moves left. A lone searcher
    /// of the real area moves into it (giving up its sea space, whatever attacked it there)
    /// and Atlantis is found; several searchers of it find it and stand each other off; a
    /// searcher of another area that was attacked turns to face its attacker and does not
    /// search. One result per order of `orders`, in order.
    pub(super) fn judge_searches(
        &self,
        ctx: &RuleContext,
        orders: &[&SpecialOrder],
        settled: &mut Settled,
    ) -> Vec<OrderResult> {
        let real = self.real_area(ctx);
        let area_of = |o: &SpecialOrder| self.area_of(o);
        let finders = self.finders(ctx, orders);
        let mut results = Vec::new();
        for o in orders {
            let (Some(unit), Some((n, area))) = (o.unit, area_of(o)) else {
                results.push(OrderResult::illegal(Cause::NotAdjudicated));
                continue;
            };
            if Some(area) == real {
                if finders.len() == 1 {
                    // The fleet leaves its sea space for Atlantis, dislodged or not.
                    settled.after.dislodged.retain(|d| d.unit != unit);
                    settled.after.units.retain(|u| *u != unit);
                    settled.after.units.push(Unit {
                        location: Location::province(area),
                        ..unit
                    });
                    settled.arrivals.push(area);
                    results.push(OrderResult {
                        verdict: Verdict::Succeeds,
                        cause: Some(refuse(AtlanticaReason::FoundAtlantis, [area.into()])),
                        notes: Vec::new(),
                    });
                } else {
                    results.push(OrderResult::fails(refuse(
                        AtlanticaReason::FindersStoodOff,
                        [area.into(), Subject::Number(finders.len() as i64)],
                    )));
                }
                continue;
            }
            let attacked =
                settled.moves.iter().any(|(m, to, _)| {
                    to.province == unit.location.province && m.power != unit.power
                }) || settled.after.dislodged.iter().any(|d| d.unit == unit);
            results.push(if attacked {
                OrderResult::fails(refuse(
                    AtlanticaReason::SearchAttacked,
                    [Subject::Number(n as i64)],
                ))
            } else {
                OrderResult {
                    verdict: Verdict::Succeeds,
                    cause: Some(refuse(
                        AtlanticaReason::NothingFound,
                        [Subject::Number(n as i64)],
                    )),
                    notes: Vec::new(),
                }
            });
        }
        if let (Some(area), Some(first)) = (real, finders.first()) {
            settled.after.tokens.push(Token::owned(
                ATLANTIS_TOKEN,
                area,
                first.power,
                TokenValue::Standing,
            ));
            Token::sort(&mut settled.after.tokens);
        }
        results
    }

    /// Atlantis is a supply centre once found (rule 6d): it changes hands with the others,
    /// after a counting month's moves and retreats, to the power whose unit stands in it.
    /// The map does not mark it `sc` (until it is found it is not one), so the core's
    /// change of owners leaves it to this.
    pub(super) fn take_atlantis(&self, ctx: &RuleContext, after: &mut Position) {
        let Some(atlantis) = self.atlantis(after) else {
            return;
        };
        let cal = &ctx.variant.calendar;
        let counted = cal.ends_centre_count(ctx.phase())
            && cal.kind(after.phase) != PhaseKind::Retreat
            && !after.phase.setup;
        if !counted {
            return;
        }
        let holder: Option<PowerId> = after
            .units
            .iter()
            .find(|u| u.location.province == atlantis)
            .map(|u| u.power);
        if let Some(power) = holder {
            after.owners[atlantis.0 as usize] = Some(power);
        }
    }

    /// Whether a unit of this kind may stand in Atlantis: fleets and armies both, as on an
    /// island; nothing else by water but fleets (and A/Fs).
    pub(super) fn stands_in_atlantis(&self, kind: UnitKind) -> bool {
        by_water(kind) || kind.class().name == LAND.name
    }

    /// Why a unit may not enter a numbered area, in words that do not depend on where Atlantis
    /// is: before it is found, the areas are searched, not entered; after, the others are gone.
    pub(super) fn area_refusal(&self, ctx: &RuleContext, to: ProvinceId) -> Option<Cause> {
        if !self.is_area(to) || self.area_admits(ctx, to) {
            return None;
        }
        let n = self
            .areas
            .iter()
            .position(|a| *a == Some(to))
            .map_or(0, |i| i + 1);
        Some(match self.atlantis(ctx.position) {
            Some(found) => refuse(AtlanticaReason::AreaGone, [to.into(), found.into()]),
            None => refuse(
                AtlanticaReason::AreaNotFound,
                [to.into(), Subject::Number(n as i64)],
            ),
        })
    }
}

/// The area number a search order's words name: `3`, `ar3`, `area 3`, with the words of
/// "searching for Atlantis in Area 3" around it.
pub(super) fn searched_area(args: &[String]) -> Result<usize, Cause> {
    let words: Vec<&str> = args
        .iter()
        .map(|a| a.trim())
        .filter(|a| !a.is_empty() && !FILLER.contains(a))
        .collect();
    let n = match words.as_slice() {
        [w] => w
            .strip_prefix("ar")
            .unwrap_or(w)
            .parse::<usize>()
            .ok()
            .filter(|n| (1..=6).contains(n)),
        _ => None,
    };
    n.ok_or_else(|| {
        refuse(
            AtlanticaReason::SearchNeedsArea,
            [Subject::Quote(args.join(" "))],
        )
    })
}
