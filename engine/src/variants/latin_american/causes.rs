//! Why Latin American Diplomacy's rules refuse an order or decide an outcome: one typed cause
//! per rule, worded here and nowhere else.

use crate::map::ProvinceId;
use crate::outcome::Cause;
use crate::variant::Variant;
use serde::{Deserialize, Serialize};

/// A refusal or outcome of one of the variant's own rules, named for the rule.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum LatinAmericanCause {
    /// Rule 5.C.i: no retreat across a mountainous border.
    RetreatOverMountains { from: ProvinceId, to: ProvinceId },
    /// Rule 5.C.ii: a unit in a mountain province offers no support.
    MountainProvinceSupport { at: ProvinceId },
    /// Rule 5.C.iv: in the A phase an army crosses the Chilean Andes only if supported.
    ChileanAndesUnsupported { from: ProvinceId, to: ProvinceId },
    /// Rule 5.D.i: no army supports across a rainforest border.
    RainforestSupport { from: ProvinceId, into: ProvinceId },
    /// Rule 5.D.ii: an army that entered a rainforest province moves next only back.
    RainforestReturnOnly { at: ProvinceId, back: ProvinceId },
    /// Swampy provinces: an army in a swamp offers no support.
    SwampArmySupport { at: ProvinceId },
    /// Swampy provinces: an army in a swamp is never supported to hold.
    SwampHoldSupport { at: ProvinceId },
    /// Desert provinces: no support from one desert into or to hold in the next.
    DesertSupport { from: ProvinceId, into: ProvinceId },
    /// Glacier provinces: no fleet on Graham Land.
    GlacierNoFleet { at: ProvinceId },
    /// Lake provinces: fleets only.
    LakeForFleetsOnly { at: ProvinceId },
    /// Rule 5.F.i: an attack order names no power ("AT" and a power's name).
    AttackNamesNoPower { written: String },
    /// Rule 5.F.i: an attack is made in or into an ocean province only.
    AttackOutsideOcean { at: ProvinceId },
    /// Rule 5.F.i: a power does not attack its own fleets.
    AttackOnOwnPower,
    /// Rule 5.F.i: an attack order this rulebook does not read.
    AttackUnreadable { written: String },
    /// Rule 5.F.i: attacks are ordered in movement phases.
    AttackOutsideMovement,
    /// Rule 5.F.i: the attacking fleet (or its supporter) cannot reach that ocean.
    AttackCannotReach { from: ProvinceId, to: ProvinceId },
    /// Rule 5.F.i: only fleets in an ocean join an attack made within it.
    SupportWithinFromOutside { at: ProvinceId },
}

impl LatinAmericanCause {
    /// A short name for the rule, kept with the cause for tools that group refusals.
    pub fn rule(&self) -> &'static str {
        use LatinAmericanCause::*;
        match self {
            RetreatOverMountains { .. } => "mountainous-border",
            MountainProvinceSupport { .. } => "mountain-province",
            ChileanAndesUnsupported { .. } => "chilean-andes",
            RainforestSupport { .. } => "rainforest-border",
            RainforestReturnOnly { .. } => "rainforest-province",
            SwampArmySupport { .. } | SwampHoldSupport { .. } => "swamp",
            DesertSupport { .. } => "desert",
            GlacierNoFleet { .. } => "glacier",
            LakeForFleetsOnly { .. } => "lake",
            AttackNamesNoPower { .. }
            | AttackOutsideOcean { .. }
            | AttackOnOwnPower
            | AttackUnreadable { .. }
            | AttackOutsideMovement
            | AttackCannotReach { .. }
            | SupportWithinFromOutside { .. } => "ocean-attack",
        }
    }

    /// The cause in a player's words, naming the rule.
    pub fn words(&self, variant: &Variant) -> String {
        use LatinAmericanCause::*;
        let name = |p: &ProvinceId| {
            variant
                .map
                .provinces
                .get(p.0 as usize)
                .map_or_else(|| p.to_string(), |x| x.name.clone())
        };
        match self {
            RetreatOverMountains { from, to } => format!(
                "no unit may retreat across a mountainous border (rule 5.C.i), and {} lies over \
                 the mountains from {}",
                name(to),
                name(from)
            ),
            MountainProvinceSupport { at } => format!(
                "{} is a mountain province: no unit there may offer support (rule 5.C.ii)",
                name(at)
            ),
            ChileanAndesUnsupported { from, to } => format!(
                "did not cross the Chilean Andes from {} to {}: in the A phase no army crosses \
                 them unless supported (rule 5.C.iv)",
                name(from),
                name(to)
            ),
            RainforestSupport { from, into } => format!(
                "no army may support across a rainforest border (rule 5.D.i), and {} borders {} \
                 through rainforest",
                name(from),
                name(into)
            ),
            RainforestReturnOnly { at, back } => format!(
                "an army that has entered a rainforest province may move on the next turn only \
                 back where it came from (rule 5.D.ii): from {} only to {}",
                name(at),
                name(back)
            ),
            SwampArmySupport { at } => format!(
                "{} is a swampy province: no army there may offer support (swampy provinces rule)",
                name(at)
            ),
            SwampHoldSupport { at } => format!(
                "an army in a swampy province may not be supported to hold ({}: swampy provinces \
                 rule; it may be supported to move out)",
                name(at)
            ),
            DesertSupport { from, into } => format!(
                "no unit in a desert province may support a unit into, or to hold in, an adjacent \
                 desert province (desert provinces rule): {} and {} are both desert",
                name(from),
                name(into)
            ),
            GlacierNoFleet { at } => format!(
                "{} is a glacier: no fleet or river flotilla may enter it (glacier provinces rule)",
                name(at)
            ),
            LakeForFleetsOnly { at } => format!(
                "{} is a lake: lake provinces are for fleets and river flotillas, not armies \
                 (lake provinces rule)",
                name(at)
            ),
            AttackNamesNoPower { written } => format!(
                "'{written}' is no power; an attack names the power whose fleets it attacks, \
                 such as \"F pbs AT Peru\" or \"F ptr - epr AT Peru\" (rule 5.F.i)"
            ),
            AttackOutsideOcean { at } => format!(
                "{} is no ocean province: fleets attack a power by name only in an ocean, where \
                 many fleets may share the water (rule 5.F.i)",
                name(at)
            ),
            AttackOnOwnPower => "a power does not attack its own fleets (rule 5.F.i)".to_string(),
            AttackOutsideMovement => {
                "fleets attack in movement phases only (rule 5.F.i)".to_string()
            }
            AttackCannotReach { from, to } => format!(
                "a fleet in {} cannot reach {} to attack there or support an attack (rule 5.F.i)",
                name(from),
                name(to)
            ),
            SupportWithinFromOutside { at } => format!(
                "an attack made within {} is joined only by fleets in {} itself; from outside, \
                 support a fleet moving in to attack (rule 5.F.i)",
                name(at),
                name(at)
            ),
            AttackUnreadable { written } => format!(
                "'{written}' is not an attack order; write \"F pbs AT Peru\" (attack where the \
                 fleet stands), \"F ptr - epr AT Peru\" (move and attack) or \"F gal S F ptr - \
                 epr AT Peru\" (support it) (rule 5.F.i)"
            ),
        }
    }
}

/// The core's cause for one of the variant's: the one place a [`LatinAmericanCause`] becomes a
/// [`Cause`], worded now (the typed cause will be carried as it is once the core has room
/// for a variant's own causes).
pub fn cause(c: LatinAmericanCause, variant: &Variant) -> Cause {
    Cause::VariantRule {
        rule: c.rule().to_string(),
        words: c.words(variant),
    }
}
