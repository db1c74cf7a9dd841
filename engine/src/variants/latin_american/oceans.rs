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
use crate::phase::PhaseKind;
use crate::rulebook::{RuleContext, SpecialAct};
use crate::unit::{PowerId, Unit};

/// The verbs of an attack order (`AT` as the rules write it).
pub const VERBS: &[&str] = &["at", "attack", "attacks"];

/// "Your attack must have an attack strength 3 greater than the opposing power's fleet" to
/// disband it.
pub const DISBAND_MARGIN: u32 = 3;

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

impl LatinAmericanRules {
    /// Reads and checks an attack order of `unit`: what it asks and the power it attacks, or
    /// why it is refused.
    pub(super) fn read_attack(
        &self,
        ctx: &RuleContext,
        unit: &Unit,
        args: &[String],
    ) -> Result<(Attack, PowerId), LatinAmericanCause> {
        let written = args.join(" ");
        let unreadable = || LatinAmericanCause::AttackUnreadable {
            written: written.clone(),
        };
        let province = |id: &str| ctx.map().province_by_id(id).ok_or_else(unreadable);
        let here = unit.location.province;
        let (attack, power_words) = match args {
            [dash, to, rest @ ..] if dash == "-" => (Attack::Into(province(to)?), rest),
            [s, of, dash, to, rest @ ..] if s == "s" && dash == "-" => {
                (Attack::SupportInto(province(of)?, province(to)?), rest)
            }
            [s, of, rest @ ..] if s == "s" => {
                if province(of)? != here {
                    return Err(LatinAmericanCause::SupportWithinFromOutside { at: province(of)? });
                }
                (Attack::SupportWithin, rest)
            }
            rest => (Attack::Within, rest),
        };
        let name = power_words.join(" ");
        let power = ctx
            .variant
            .power_by_name(&name)
            .ok_or(LatinAmericanCause::AttackNamesNoPower { written: name })?;
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
