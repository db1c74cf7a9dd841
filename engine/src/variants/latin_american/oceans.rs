//! Rule 5.F.i: ocean provinces hold any number of fleets, which fight there only when an
//! order names a power to attack (`AT`): in place (`F pbs AT Chile`), moving in (`F ptr - epr
//! AT Peru`), or supporting either (`F pbs S F pbs AT Peru`, `F gal S F ptr - epr AT Peru`).
//!
//! The resolver settles them in the one resolution ([`SpecialAct::AttacksWithin`],
//! [`SpecialAct::AttacksInto`], [`SpecialAct::SupportsMove`]); a fleet beaten by three or more
//! is disbanded rather than dislodged.

use super::causes::LatinAmericanCause;
use super::LatinAmericanRules;
use crate::map::{Location, ProvinceId};
use crate::order::{Order, Term, UnitRef};
use crate::phase::PhaseKind;
use crate::rulebook::{OrderHelp, RuleContext, SpecialAct};
use crate::unit::{PowerId, Unit};
use crate::variant::Variant;

/// The verbs of an attack order (`AT` as the rules write it).
pub const VERBS: &[&str] = &["at", "attack", "attacks"];

/// "Your attack must have an attack strength 3 greater than the opposing power's fleet" to
/// disband it.
pub const DISBAND_MARGIN: u32 = 3;

/// How the attack orders are written, for the start DM and `/orders help`.
pub(super) fn help(ctx: &RuleContext) -> Vec<OrderHelp> {
    let movement = ctx.step().kind == PhaseKind::Movement;
    vec![
        OrderHelp::new(
            "F pbs AT Chile",
            "in an ocean (which holds any number of fleets) your fleet attacks the named \
             power's fleets there; without AT, fleets in an ocean never fight (rule 5.F.i)",
            movement,
        ),
        OrderHelp::new(
            "F ptr - epr AT Peru",
            "your fleet sails into the ocean and attacks the named power's fleets there; a \
             fleet beaten by three or more is disbanded, otherwise it retreats",
            movement,
        ),
        OrderHelp::new(
            "F gal S F ptr - epr AT Peru",
            "support an attack: repeat its AT (a fleet in the same ocean joins an attack made \
             there with `F pbs S F pbs AT Chile`)",
            movement,
        ),
    ]
}

/// What an attack order asks, as its words say it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Attack {
    /// The fleet attacks where it stands.
    Within,
    /// It moves into this ocean, attacking.
    Into(ProvinceId),
    /// It joins the attack made within its own ocean (a support of it).
    SupportWithin,
    /// It supports the attacking move of the fleet in the first province into the second.
    SupportInto(ProvinceId, ProvinceId),
}

/// Reads the words after `AT`: the power attacked, by its name.
pub(super) fn read_attack_words(variant: &Variant, words: &[String]) -> Option<Vec<Term>> {
    variant
        .power_by_name(&words.join(" "))
        .map(|p| vec![Term::Power(p)])
}

impl LatinAmericanRules {
    /// Reads and checks an attack order of `unit`: what it asks and the power it attacks, or
    /// why it is refused.
    pub(super) fn read_attack(
        &self,
        ctx: &RuleContext,
        unit: &Unit,
        args: &[Term],
    ) -> Result<(Attack, PowerId), LatinAmericanCause> {
        let here = unit.location.province;
        let (attack, power_terms) = match args {
            [dash, Term::Location(to), rest @ ..] if dash.is_word("-") => {
                (Attack::Into(to.province), rest)
            }
            [s, Term::Province(of), dash, Term::Province(to), rest @ ..]
                if s.is_word("s") && dash.is_word("-") =>
            {
                (Attack::SupportInto(*of, *to), rest)
            }
            [s, Term::Province(of), rest @ ..] if s.is_word("s") => {
                if *of != here {
                    return Err(LatinAmericanCause::SupportWithinFromOutside { at: *of });
                }
                (Attack::SupportWithin, rest)
            }
            rest => (Attack::Within, rest),
        };
        let power = match power_terms {
            [Term::Power(p)] => *p,
            _ => {
                let written: Vec<String> =
                    power_terms.iter().map(|t| t.text(ctx.variant)).collect();
                return Err(LatinAmericanCause::AttackNamesNoPower {
                    written: written.join(" "),
                });
            }
        };
        if power == unit.power {
            return Err(LatinAmericanCause::AttackOnOwnPower);
        }
        if ctx.step().kind != PhaseKind::Movement {
            return Err(LatinAmericanCause::AttackOutsideMovement);
        }
        let ocean = |p: ProvinceId| ctx.book.holds_many(ctx, p);
        let reaches = |to: ProvinceId| {
            ctx.map().province(here).borders.iter().any(|b| {
                b.to.province == to
                    && b.from_coast == unit.location.coast
                    && ctx.book.can_cross(ctx, unit.kind, b)
                    && ctx.book.can_stand(ctx, unit.kind, b.to)
            })
        };
        match attack {
            Attack::Within | Attack::SupportWithin if !ocean(here) => {
                Err(LatinAmericanCause::AttackOutsideOcean { at: here })
            }
            Attack::Into(to) | Attack::SupportInto(_, to) if !ocean(to) => {
                Err(LatinAmericanCause::AttackOutsideOcean { at: to })
            }
            Attack::Into(to) if !reaches(to) => {
                Err(LatinAmericanCause::AttackCannotReach { from: here, to })
            }
            Attack::SupportInto(_, to) if to != here && !reaches(to) => {
                Err(LatinAmericanCause::AttackCannotReach { from: here, to })
            }
            _ => Ok((attack, power)),
        }
    }

    /// The attack orders `power` may give this movement phase, for the legal lists and
    /// autocomplete: each of its units attacking, where it stands or moving into a
    /// neighbouring ocean, each other power with a unit in that ocean; and each of its units
    /// supporting such an attack by a unit of any power beside it. Every one is put through
    /// [`Self::read_attack`], the check the judge makes.
    pub(super) fn attack_orders(&self, ctx: &RuleContext, power: PowerId) -> Vec<Order> {
        if ctx.step().kind != PhaseKind::Movement {
            return Vec::new();
        }
        let map = ctx.map();
        let units = &ctx.position.units;
        // The other powers with a unit in `ocean`, as an order names them.
        let targets = |ocean: ProvinceId, not: PowerId| -> Vec<PowerId> {
            let mut out: Vec<PowerId> = Vec::new();
            for u in units.iter().filter(|u| u.location.province == ocean) {
                if u.power != not && !out.contains(&u.power) {
                    out.push(u.power);
                }
            }
            out
        };
        let mut out = Vec::new();
        let mut done: Vec<(Location, crate::unit::UnitKind)> = Vec::new();
        for u in units.iter().filter(|u| u.power == power) {
            // Units alike (kind, place) have the same orders.
            if done.contains(&(u.location, u.kind)) {
                continue;
            }
            done.push((u.location, u.kind));
            let here = u.location.province;
            let unit = UnitRef {
                kind: Some(u.kind),
                province: here,
                coast: u.location.coast,
            };
            let mut oceans: Vec<ProvinceId> = vec![here];
            for b in &map.province(here).borders {
                if !oceans.contains(&b.to.province) {
                    oceans.push(b.to.province);
                }
            }
            for &ocean in oceans.iter().filter(|&&o| ctx.book.holds_many(ctx, o)) {
                let word = |w: &str| Term::Word(w.into());
                for target in targets(ocean, power) {
                    let name = Term::Power(target);
                    let mut candidates: Vec<Vec<Term>> = Vec::new();
                    if ocean == here {
                        candidates.push(vec![name.clone()]);
                        candidates.push(vec![word("s"), Term::Province(ocean), name.clone()]);
                    } else {
                        let to = Term::Location(Location::province(ocean));
                        candidates.push(vec![word("-"), to, name.clone()]);
                    }
                    // Supports of another unit's attacking move into the ocean.
                    for other in units.iter().filter(|o| {
                        o.location.province != ocean
                            && o.location.province != here
                            && map.any_border(o.location.province, ocean)
                    }) {
                        let args = vec![
                            word("s"),
                            Term::Province(other.location.province),
                            word("-"),
                            Term::Province(ocean),
                            name.clone(),
                        ];
                        if !candidates.contains(&args) {
                            candidates.push(args);
                        }
                    }
                    for args in candidates {
                        if self.read_attack(ctx, u, &args).is_ok() {
                            out.push(Order::Special {
                                unit: Some(unit),
                                verb: VERBS[0].to_string(),
                                args,
                            });
                        }
                    }
                }
            }
        }
        out
    }

    /// What the resolver does with an accepted attack order.
    pub(super) fn attack_act(&self, attack: Attack, power: PowerId) -> SpecialAct {
        match attack {
            Attack::Within | Attack::SupportWithin => SpecialAct::AttacksWithin {
                power,
                disband_margin: Some(DISBAND_MARGIN),
            },
            Attack::Into(to) => SpecialAct::AttacksInto {
                to: Location::province(to),
                power,
                disband_margin: Some(DISBAND_MARGIN),
            },
            Attack::SupportInto(supported, to) => SpecialAct::SupportsMove {
                supported,
                to: Location::province(to),
            },
        }
    }
}
