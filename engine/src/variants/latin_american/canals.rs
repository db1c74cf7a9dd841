//! "Building canals": the Panama canal and the two sections of the Nicaragua canal, paid for
//! over the years with builds given up (`Build Panama Canal` in a D phase), and the porous
//! province a finished canal makes (its coasts join: no coast is named going in, and a fleet
//! there leaves by any of them).
//!
//! A canal's progress is kept on the board as a [`CANAL_TOKEN`] on its province: the builds
//! spent so far. It belongs to the canal, not to a power: a new controller carries on from it (the rules: the builds given up are "subtracted from the
//! number needed to complete the Canal").

use super::causes::{note, LatinAmericanCause};
use super::LatinAmericanRules;
use crate::map::{Location, ProvinceId};
use crate::order::{Order, Term, UnitRef};
use crate::outcome::OrderResult;
use crate::phase::PhaseKind;
use crate::position::Position;
use crate::rulebook::{
    Glyph, MapMark, MarkColour, Marking, OrderHelp, Pattern, RuleContext, SpecialOrder,
};
use crate::token::{Token, TokenDecl, TokenKind, TokenShape, TokenValue};
use crate::unit::{PowerId, Unit};

/// A canal's builds so far, on its province; it belongs to no power.
pub static CANAL_DECL: TokenDecl = TokenDecl {
    name: "canal",
    shape: TokenShape::Count,
    owned: false,
    on_coasts: false,
};

pub const CANAL_TOKEN: TokenKind = TokenKind(&CANAL_DECL);

/// The verb of a canal order: `Build Panama Canal` is read as `pan canal`.
pub(super) const VERB: &str = "canal";

impl LatinAmericanRules {
    /// What a canal through `p` costs in builds given up, if one may be dug there.
    pub(super) fn canal_cost(&self, ctx: &RuleContext, p: ProvinceId) -> Option<u32> {
        self.canal_costs
            .iter()
            .find(|(tag, _)| ctx.map().has_tag(p, *tag))
            .map(|(_, cost)| *cost)
    }

    /// The builds spent so far on the canal through `p`.
    fn canal_spent(position: &Position, p: ProvinceId) -> u32 {
        position
            .tokens_at(CANAL_TOKEN, p)
            .next()
            .map_or(0, Token::count)
    }

    /// Whether the canal through `p` is finished: its province is porous.
    pub(super) fn canal_open(&self, ctx: &RuleContext, p: ProvinceId) -> bool {
        self.canal_cost(ctx, p)
            .is_some_and(|cost| Self::canal_spent(ctx.position, p) >= cost)
    }

    /// Who controls a canal's province: the owner of its centre (Panama, Leon), or else the
    /// power whose unit stands there (Miskito Coast).
    fn canal_controller(ctx: &RuleContext, p: ProvinceId) -> Option<PowerId> {
        if ctx.map().province(p).supply_center {
            ctx.position.owners[p.0 as usize]
        } else {
            ctx.position.unit_at(p).map(|u| u.power)
        }
    }

    /// The province a canal order names: the power's unit there, or the place given first.
    fn canal_site(unit: Option<&Unit>, args: &[Term]) -> Option<ProvinceId> {
        unit.map(|u| u.location.province).or(match args.first() {
            Some(Term::Province(p)) => Some(*p),
            _ => None,
        })
    }

    /// Whether `power` may order a build on the canal named: in a D phase, at a canal's
    /// province, not finished, and by the controller only with a unit holding there (others
    /// contribute; whether that counts is settled with the phase).
    pub(super) fn check_canal(
        &self,
        ctx: &RuleContext,
        power: PowerId,
        unit: Option<&Unit>,
        args: &[Term],
    ) -> Result<(), LatinAmericanCause> {
        if ctx.step().kind != PhaseKind::Adjustment {
            return Err(LatinAmericanCause::CanalOnlyInBuildPhase);
        }
        let Some(at) = Self::canal_site(unit, args) else {
            return Err(LatinAmericanCause::CanalOnlyInBuildPhase);
        };
        if self.canal_cost(ctx, at).is_none() {
            return Err(LatinAmericanCause::CanalNoSite { at });
        }
        if self.canal_open(ctx, at) {
            return Err(LatinAmericanCause::CanalFinished { at });
        }
        let holds = ctx.position.units_at(at).any(|u| u.power == power);
        if Self::canal_controller(ctx, at) == Some(power) && !holds {
            return Err(LatinAmericanCause::CanalNeedsUnit { at });
        }
        Ok(())
    }

    /// Settles a D phase's canal orders (each already accepted in place of a build): per
    /// canal, the controller's builds count, and the others' only if the controller built
    /// there too; the builds spent are kept on the board. Results in the orders' order.
    pub(super) fn settle_canals(
        &self,
        ctx: &RuleContext,
        orders: &[SpecialOrder],
        after: &mut Position,
    ) -> Vec<OrderResult> {
        let site = |o: &SpecialOrder| Self::canal_site(o.unit.as_ref(), &o.args);
        let mut results = vec![OrderResult::ok(); orders.len()];
        let mut sites: Vec<ProvinceId> = orders.iter().filter_map(site).collect();
        sites.sort();
        sites.dedup();
        for at in sites {
            let Some(cost) = self.canal_cost(ctx, at) else {
                continue;
            };
            let controller = Self::canal_controller(ctx, at);
            let here: Vec<usize> = (0..orders.len())
                .filter(|&i| site(&orders[i]) == Some(at))
                .collect();
            let builds = here.iter().any(|&i| Some(orders[i].power) == controller);
            let mut spent = Self::canal_spent(ctx.position, at);
            // The controller's builds first, then the others' in the order given.
            let mut ordered = here.clone();
            ordered.sort_by_key(|&i| Some(orders[i].power) != controller);
            for i in ordered {
                results[i] = if !builds {
                    OrderResult::fails(super::cause(LatinAmericanCause::CanalContributionAlone {
                        at,
                    }))
                } else if spent >= cost {
                    OrderResult::fails(super::cause(LatinAmericanCause::CanalBeyondCost { at }))
                } else {
                    spent += 1;
                    let mut ok = OrderResult::ok();
                    ok.notes
                        .push(note(LatinAmericanCause::CanalProgress { at, spent, cost }));
                    ok
                };
            }
            if builds {
                after
                    .tokens
                    .retain(|t| !(t.kind == CANAL_TOKEN && t.province() == at));
                after
                    .tokens
                    .push(Token::unowned(CANAL_TOKEN, at, TokenValue::Count(spent)));
                Token::sort(&mut after.tokens);
            }
        }
        results
    }

    /// The canal orders a power may give now: on each unfinished canal whose province it
    /// holds with a unit, in a D phase with a build due (a contribution elsewhere is written
    /// by hand).
    pub(super) fn canal_orders(&self, ctx: &RuleContext, power: PowerId) -> Vec<Order> {
        let units = ctx
            .position
            .units
            .iter()
            .filter(|u| u.power == power)
            .count();
        if ctx.step().kind != PhaseKind::Adjustment || self.centres_counted(ctx, power) <= units {
            return Vec::new();
        }
        let mut out = Vec::new();
        for u in ctx.position.units.iter().filter(|u| u.power == power) {
            let at = u.location.province;
            if self.check_canal(ctx, power, Some(u), &[]).is_ok()
                && !out
                    .iter()
                    .any(|o: &Order| o.unit().is_some_and(|r| r.province == at))
            {
                out.push(Order::Special {
                    unit: Some(UnitRef {
                        kind: None,
                        province: at,
                        coast: None,
                    }),
                    verb: VERB.into(),
                    args: Vec::new(),
                });
            }
        }
        out
    }

    /// Each canal begun, as a count of builds on its province ("2/4"), and each finished
    /// one dotted as water.
    pub(super) fn canal_marks(&self, ctx: &RuleContext) -> Vec<Marking> {
        let mut out = Vec::new();
        for p in ctx.map().province_ids() {
            let Some(cost) = self.canal_cost(ctx, p) else {
                continue;
            };
            let spent = Self::canal_spent(ctx.position, p);
            let at = Location::province(p);
            if spent >= cost {
                out.push(Marking::keyed(
                    "canal open",
                    vec![MapMark::Pattern {
                        at,
                        pattern: Pattern::Dots,
                        colour: MarkColour::Water,
                    }],
                ));
            } else if spent > 0 {
                out.push(Marking::keyed(
                    "canal builds",
                    vec![MapMark::Symbol {
                        at,
                        glyph: Glyph::Text(format!("{spent}/{cost}")),
                        colour: MarkColour::Ink,
                    }],
                ));
            }
        }
        out
    }
}

impl LatinAmericanRules {
    /// Each canal begun, with its builds so far (or finished), for `/game status`.
    pub(super) fn canal_words(&self, ctx: &RuleContext) -> Vec<crate::reason::RuleReason> {
        ctx.map()
            .province_ids()
            .filter_map(|at| {
                let cost = self.canal_cost(ctx, at)?;
                let spent = Self::canal_spent(ctx.position, at).min(cost);
                (spent > 0).then(|| note(LatinAmericanCause::CanalProgress { at, spent, cost }))
            })
            .collect()
    }
}

/// How a canal order is written and what it does, for players.
pub(super) fn help(ctx: &RuleContext) -> OrderHelp {
    OrderHelp::new(
        "Build Panama Canal",
        "in a D phase, give up a build to the canal through Panama (four builds in all; \
         Miskito Coast two, Leon one): the power controlling it needs a unit holding there, \
         and others' builds count only when it builds too; a finished canal opens the next \
         A phase",
        ctx.step().kind == PhaseKind::Adjustment,
    )
}
