//! Why Latin American Diplomacy's rules refuse an order or decide an outcome: one typed cause
//! per rule, stored as the core's typed reason and worded here and nowhere else.

use crate::map::{Location, ProvinceId};
use crate::outcome::Cause;
use crate::reason::{RuleReason, Said, Subject};
use crate::unit::PowerId;
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
    /// Rule 7.A.ii: in a year ending in 0 or 5, one build off the home centres; `at` is the
    /// second such build, `first` the one already made.
    OneBuildOffCentres { at: ProvinceId, first: ProvinceId },
    /// Rule 7.A.i: in the opening 1890 D only powers with a capital on the map build.
    OpeningBuildWithoutCapital { power: PowerId },
    /// Rule 6.B.ii: a flotilla in an ocean, or in a sea no coastal province borders, offers
    /// no support.
    FlotillaAtOpenSea { at: ProvinceId },
    /// Rule 6.E: a flotilla supports no unit in a sea or an ocean.
    FlotillaSupportAtSea { at: ProvinceId },
    /// Rule 6.E: a flotilla never supports across a mountainous border.
    FlotillaSupportOverMountains { from: ProvinceId, into: ProvinceId },
    /// Rules 6.B.iii and 6.E: a flotilla on an island supports only units in other island
    /// provinces, and only to hold.
    FlotillaIslandSupport { from: ProvinceId, into: ProvinceId },
    /// Building canals: a canal is ordered in a D phase, in place of a build.
    CanalOnlyInBuildPhase,
    /// Building canals: canals are dug through Panama, Miskito Coast and Leon only.
    CanalNoSite { at: ProvinceId },
    /// Building canals: this canal is finished.
    CanalFinished { at: ProvinceId },
    /// Building canals: the power controlling the province needs a unit holding there.
    CanalNeedsUnit { at: ProvinceId },
    /// Building canals: a contribution counts only when the controller builds there too.
    CanalContributionAlone { at: ProvinceId },
    /// Building canals: the builds ordered this phase went past the canal's cost.
    CanalBeyondCost { at: ProvinceId },
    /// Building canals (a note on a build that counted): builds spent of the cost.
    CanalProgress {
        at: ProvinceId,
        spent: u32,
        cost: u32,
    },
    /// Anchor markers: an anchor order this rulebook does not read.
    AnchorUnreadable { written: String },
    /// Anchor markers: anchor orders are given in movement phases.
    AnchorOutsideMovement,
    /// Converting fleets: a fleet converts by moving up a river (a plain move) or where it
    /// stands, never in a move of another kind.
    ConvertByMoving,
    /// Converting: an army has no ships.
    ArmyHasNoShips,
    /// Converting: the unit is already of the kind the order names.
    ConvertToOwnKind,
    /// Anchor markers: a release or a sink is made where the fleet stands.
    AnchorOrderStays,
    /// Anchor markers, with the option `convert-where-it-stands` off: a flotilla converts
    /// only as it enters the anchor's coast.
    ConvertOnEntering,
    /// Anchor markers: only fleets capture, release or sink ships.
    OnlyFleetsHandleShips,
    /// Converting: the change is made in a coastal province, where the ships are left.
    ConvertAwayFromCoast { at: ProvinceId },
    /// Converting: no river reaches the fleet's coast, so no flotilla could stand there.
    NoFlotillaHere { at: ProvinceId },
    /// Anchor markers: no anchor marker stands there (on that coast).
    NoAnchorThere { at: Location },
    /// Anchor markers: a fleet carries one anchor marker at a time.
    AlreadyCarrying,
    /// Anchor markers: the unit cannot move there.
    AnchorCannotReach { from: ProvinceId, to: ProvinceId },
    /// Anchor markers: the fleet carries no anchor marker.
    NothingCarried,
    /// Anchor markers: carried ships are released in a coastal province.
    ReleaseAwayFromCoast { at: ProvinceId },
    /// Anchor markers: no anchor marker to sink, carried or in the province.
    NoAnchorToSink { at: ProvinceId },
    /// A note: the fleet became a river flotilla, its ships left as an anchor marker.
    BecameFlotilla { at: Location },
    /// A note: the flotilla took the anchor marker's ships and became a fleet.
    BecameFleet { at: Location },
    /// For `/game status`: an anchor marker standing.
    AnchorStanding { at: Location },
    /// For `/game status`: an anchor marker carried by `power`'s fleet.
    AnchorCarried { at: Location, power: PowerId },
}

crate::rule_reasons! {
    /// The stored keys of [`LatinAmericanCause`], each about the provinces (or the player's
    /// words) its cause names, in the order the cause lists them.
    pub enum LatinAmericanReason for "latin-american", worded by words {
        RetreatOverMountains = "retreat-over-mountains",
        MountainProvinceSupport = "mountain-province-support",
        ChileanAndesUnsupported = "chilean-andes-unsupported",
        RainforestSupport = "rainforest-support",
        RainforestReturnOnly = "rainforest-return-only",
        SwampArmySupport = "swamp-army-support",
        SwampHoldSupport = "swamp-hold-support",
        DesertSupport = "desert-support",
        GlacierNoFleet = "glacier-no-fleet",
        LakeForFleetsOnly = "lake-for-fleets-only",
        AttackNamesNoPower = "attack-names-no-power",
        AttackOutsideOcean = "attack-outside-ocean",
        AttackOnOwnPower = "attack-on-own-power",
        AttackUnreadable = "attack-unreadable",
        AttackOutsideMovement = "attack-outside-movement",
        AttackCannotReach = "attack-cannot-reach",
        SupportWithinFromOutside = "support-within-from-outside",
        OneBuildOffCentres = "one-build-off-centres",
        OpeningBuildWithoutCapital = "opening-build-without-capital",
        FlotillaAtOpenSea = "flotilla-at-open-sea",
        FlotillaSupportAtSea = "flotilla-support-at-sea",
        FlotillaSupportOverMountains = "flotilla-support-over-mountains",
        FlotillaIslandSupport = "flotilla-island-support",
        CanalOnlyInBuildPhase = "canal-only-in-build-phase",
        CanalNoSite = "canal-no-site",
        CanalFinished = "canal-finished",
        CanalNeedsUnit = "canal-needs-unit",
        CanalContributionAlone = "canal-contribution-alone",
        CanalBeyondCost = "canal-beyond-cost",
        CanalProgress = "canal-progress",
        AnchorUnreadable = "anchor-unreadable",
        AnchorOutsideMovement = "anchor-outside-movement",
        ConvertByMoving = "convert-by-moving",
        ArmyHasNoShips = "army-has-no-ships",
        ConvertToOwnKind = "convert-to-own-kind",
        AnchorOrderStays = "anchor-order-stays",
        ConvertOnEntering = "convert-on-entering",
        OnlyFleetsHandleShips = "only-fleets-handle-ships",
        ConvertAwayFromCoast = "convert-away-from-coast",
        NoFlotillaHere = "no-flotilla-here",
        NoAnchorThere = "no-anchor-there",
        AlreadyCarrying = "already-carrying",
        AnchorCannotReach = "anchor-cannot-reach",
        NothingCarried = "nothing-carried",
        ReleaseAwayFromCoast = "release-away-from-coast",
        NoAnchorToSink = "no-anchor-to-sink",
        BecameFlotilla = "became-flotilla",
        BecameFleet = "became-fleet",
        AnchorStanding = "anchor-standing",
        AnchorCarried = "anchor-carried",
    }
}

impl LatinAmericanCause {
    /// The cause as the core stores it: its key and what it is about.
    fn reason(self) -> RuleReason {
        use LatinAmericanCause as C;
        use LatinAmericanReason as R;
        let two = |a: ProvinceId, b: ProvinceId| vec![Subject::from(a), Subject::from(b)];
        let (key, about) = match self {
            C::RetreatOverMountains { from, to } => (R::RetreatOverMountains, two(from, to)),
            C::MountainProvinceSupport { at } => (R::MountainProvinceSupport, vec![at.into()]),
            C::ChileanAndesUnsupported { from, to } => (R::ChileanAndesUnsupported, two(from, to)),
            C::RainforestSupport { from, into } => (R::RainforestSupport, two(from, into)),
            C::RainforestReturnOnly { at, back } => (R::RainforestReturnOnly, two(at, back)),
            C::SwampArmySupport { at } => (R::SwampArmySupport, vec![at.into()]),
            C::SwampHoldSupport { at } => (R::SwampHoldSupport, vec![at.into()]),
            C::DesertSupport { from, into } => (R::DesertSupport, two(from, into)),
            C::GlacierNoFleet { at } => (R::GlacierNoFleet, vec![at.into()]),
            C::LakeForFleetsOnly { at } => (R::LakeForFleetsOnly, vec![at.into()]),
            C::AttackNamesNoPower { written } => {
                (R::AttackNamesNoPower, vec![Subject::Quote(written)])
            }
            C::AttackOutsideOcean { at } => (R::AttackOutsideOcean, vec![at.into()]),
            C::AttackOnOwnPower => (R::AttackOnOwnPower, vec![]),
            C::AttackUnreadable { written } => (R::AttackUnreadable, vec![Subject::Quote(written)]),
            C::AttackOutsideMovement => (R::AttackOutsideMovement, vec![]),
            C::AttackCannotReach { from, to } => (R::AttackCannotReach, two(from, to)),
            C::SupportWithinFromOutside { at } => (R::SupportWithinFromOutside, vec![at.into()]),
            C::OneBuildOffCentres { at, first } => (R::OneBuildOffCentres, two(at, first)),
            C::OpeningBuildWithoutCapital { power } => {
                (R::OpeningBuildWithoutCapital, vec![Subject::Power(power)])
            }
            C::FlotillaAtOpenSea { at } => (R::FlotillaAtOpenSea, vec![at.into()]),
            C::FlotillaSupportAtSea { at } => (R::FlotillaSupportAtSea, vec![at.into()]),
            C::FlotillaSupportOverMountains { from, into } => {
                (R::FlotillaSupportOverMountains, two(from, into))
            }
            C::FlotillaIslandSupport { from, into } => (R::FlotillaIslandSupport, two(from, into)),
            C::CanalOnlyInBuildPhase => (R::CanalOnlyInBuildPhase, vec![]),
            C::CanalNoSite { at } => (R::CanalNoSite, vec![at.into()]),
            C::CanalFinished { at } => (R::CanalFinished, vec![at.into()]),
            C::CanalNeedsUnit { at } => (R::CanalNeedsUnit, vec![at.into()]),
            C::CanalContributionAlone { at } => (R::CanalContributionAlone, vec![at.into()]),
            C::CanalBeyondCost { at } => (R::CanalBeyondCost, vec![at.into()]),
            C::CanalProgress { at, spent, cost } => (
                R::CanalProgress,
                vec![
                    at.into(),
                    Subject::Number(spent.into()),
                    Subject::Number(cost.into()),
                ],
            ),
            C::AnchorUnreadable { written } => (R::AnchorUnreadable, vec![Subject::Quote(written)]),
            C::AnchorOutsideMovement => (R::AnchorOutsideMovement, vec![]),
            C::ConvertByMoving => (R::ConvertByMoving, vec![]),
            C::ArmyHasNoShips => (R::ArmyHasNoShips, vec![]),
            C::ConvertToOwnKind => (R::ConvertToOwnKind, vec![]),
            C::AnchorOrderStays => (R::AnchorOrderStays, vec![]),
            C::ConvertOnEntering => (R::ConvertOnEntering, vec![]),
            C::OnlyFleetsHandleShips => (R::OnlyFleetsHandleShips, vec![]),
            C::ConvertAwayFromCoast { at } => (R::ConvertAwayFromCoast, vec![at.into()]),
            C::NoFlotillaHere { at } => (R::NoFlotillaHere, vec![at.into()]),
            C::NoAnchorThere { at } => (R::NoAnchorThere, vec![at.into()]),
            C::AlreadyCarrying => (R::AlreadyCarrying, vec![]),
            C::AnchorCannotReach { from, to } => (R::AnchorCannotReach, two(from, to)),
            C::NothingCarried => (R::NothingCarried, vec![]),
            C::ReleaseAwayFromCoast { at } => (R::ReleaseAwayFromCoast, vec![at.into()]),
            C::NoAnchorToSink { at } => (R::NoAnchorToSink, vec![at.into()]),
            C::BecameFlotilla { at } => (R::BecameFlotilla, vec![at.into()]),
            C::BecameFleet { at } => (R::BecameFleet, vec![at.into()]),
            C::AnchorStanding { at } => (R::AnchorStanding, vec![at.into()]),
            C::AnchorCarried { at, power } => {
                (R::AnchorCarried, vec![at.into(), Subject::Power(power)])
            }
        };
        RuleReason::new(key, about)
    }
}

/// Every cause of the variant's own rules in a player's words, naming the rule.
fn words(reason: LatinAmericanReason, s: &Said) -> String {
    use LatinAmericanReason::*;
    let name = |i: usize| s.province(i);
    match reason {
        RetreatOverMountains => format!(
            "no unit may retreat across a mountainous border (rule 5.C.i), and {} lies over the \
             mountains from {}",
            name(1),
            name(0)
        ),
        MountainProvinceSupport => format!(
            "{} is a mountain province: no unit there may offer support (rule 5.C.ii)",
            name(0)
        ),
        ChileanAndesUnsupported => format!(
            "did not cross the Chilean Andes from {} to {}: in the A phase no army crosses them \
             unless supported (rule 5.C.iv)",
            name(0),
            name(1)
        ),
        RainforestSupport => format!(
            "no army may support across a rainforest border (rule 5.D.i), and {} borders {} \
             through rainforest",
            name(0),
            name(1)
        ),
        RainforestReturnOnly => format!(
            "an army that has entered a rainforest province may move on the next turn only back \
             where it came from (rule 5.D.ii): from {} only to {}",
            name(0),
            name(1)
        ),
        SwampArmySupport => format!(
            "{} is a swampy province: no army there may offer support (swampy provinces rule)",
            name(0)
        ),
        SwampHoldSupport => format!(
            "an army in a swampy province may not be supported to hold ({}: swampy provinces \
             rule; it may be supported to move out)",
            name(0)
        ),
        DesertSupport => format!(
            "no unit in a desert province may support a unit into, or to hold in, an adjacent \
             desert province (desert provinces rule): {} and {} are both desert",
            name(0),
            name(1)
        ),
        GlacierNoFleet => format!(
            "{} is a glacier: no fleet or river flotilla may enter it (glacier provinces rule)",
            name(0)
        ),
        LakeForFleetsOnly => format!(
            "{} is a lake: lake provinces are for fleets and river flotillas, not armies (lake \
             provinces rule)",
            name(0)
        ),
        AttackNamesNoPower => format!(
            "'{}' is no power; an attack names the power whose fleets it attacks, such as \"F \
             pbs AT Peru\" or \"F ptr - epr AT Peru\" (rule 5.F.i)",
            s.quote(0)
        ),
        AttackOutsideOcean => format!(
            "{} is no ocean province: fleets attack a power by name only in an ocean, where many \
             fleets may share the water (rule 5.F.i)",
            name(0)
        ),
        AttackOnOwnPower => "a power does not attack its own fleets (rule 5.F.i)".to_string(),
        AttackOutsideMovement => "fleets attack in movement phases only (rule 5.F.i)".to_string(),
        AttackCannotReach => format!(
            "a fleet in {} cannot reach {} to attack there or support an attack (rule 5.F.i)",
            name(0),
            name(1)
        ),
        SupportWithinFromOutside => format!(
            "an attack made within {} is joined only by fleets in {} itself; from outside, \
             support a fleet moving in to attack (rule 5.F.i)",
            name(0),
            name(0)
        ),
        OneBuildOffCentres => format!(
            "in a year ending in 0 or 5 a power makes only one build off its home centres (rule \
             7.A.ii), and it already builds in {}; {} is not one of its home centres",
            name(1),
            name(0)
        ),
        FlotillaAtOpenSea => format!(
            "a river flotilla in {}, an ocean or a sea no coastal province borders, cannot \
             support another unit (rule 6.B.ii)",
            name(0)
        ),
        FlotillaSupportAtSea => format!(
            "a river flotilla may not support a unit in a sea or ocean province such as {} \
             (rule 6.E)",
            name(0)
        ),
        FlotillaSupportOverMountains => format!(
            "a river flotilla never supports across a mountainous border (rule 6.E), and {} \
             borders {} over the mountains",
            name(0),
            name(1)
        ),
        FlotillaIslandSupport => format!(
            "a river flotilla on an island province ({}) supports only units in other island \
             provinces, and only to hold (rule 6.E): not into {}",
            name(0),
            name(1)
        ),
        CanalOnlyInBuildPhase => "a canal is built in a D phase, in place of a build (building \
             canals)"
            .to_string(),
        CanalNoSite => format!(
            "no canal can be dug through {}: canals go through Panama (four builds), Miskito \
             Coast (two) and Leon (one) only (building canals)",
            name(0)
        ),
        CanalFinished => format!(
            "the canal through {} is finished; fleets and flotillas already pass through it \
             (building canals)",
            name(0)
        ),
        CanalNeedsUnit => format!(
            "the power controlling {0} builds its canal only with a unit holding in {0} \
             (building canals)",
            name(0)
        ),
        CanalContributionAlone => format!(
            "a build given to the canal through {} counts only when the power controlling it, \
             with a unit holding there, builds on it in the same phase; this one is lost \
             (building canals)",
            name(0)
        ),
        CanalBeyondCost => format!(
            "the canal through {} was finished by the builds ordered before this one; this \
             one is lost (building canals)",
            name(0)
        ),
        CanalProgress => {
            let (spent, cost) = (s.number(1), s.number(2));
            if spent >= cost {
                format!(
                    "the canal through {} is finished ({spent} of {cost} builds) and opens in \
                     the next A phase: no coast need be named there any more",
                    name(0)
                )
            } else {
                format!(
                    "the canal through {} has {spent} of its {cost} builds",
                    name(0)
                )
            }
        }
        OpeningBuildWithoutCapital => format!(
            "{0} has no build due in 1890 D: the opening build is only for the powers with a \
             capital on the map (rule 7.A.i), and {0}'s capital lies off it",
            s.power(0)
        ),
        AnchorUnreadable => format!(
            "'{}' is not an anchor order; write \"F amp convert to R\", \"R tri - guy/sc convert \
             to F\", \"F guy capture anchor\", \"F guy release anchor\" or \"F guy sink anchor\" \
             (anchor markers)",
            s.quote(0)
        ),
        AnchorOutsideMovement => {
            "fleets and flotillas convert, and ships are captured, released or sunk, in movement \
             phases only (anchor markers)"
                .to_string()
        }
        ConvertByMoving => "a fleet becomes a river flotilla by moving up a river from a coastal \
             province into an upland one (a plain move: F amp - par), or where it stands (F amp \
             convert to R), which takes its turn (converting fleets)"
            .to_string(),
        ArmyHasNoShips => "an army has no ships: only fleets and river flotillas convert \
             (converting fleets)"
            .to_string(),
        ConvertToOwnKind => {
            "the unit already is of that kind: a fleet converts to a river flotilla (R), a \
             flotilla to a fleet (F) (converting fleets)"
                .to_string()
        }
        AnchorOrderStays => "a fleet releases or sinks ships where it stands; give the move \
             and the release in different turns (anchor markers)"
            .to_string(),
        ConvertOnEntering => "in this game a river flotilla takes an anchor marker's ships only \
             as it enters their coast (option convert-where-it-stands is off)"
            .to_string(),
        OnlyFleetsHandleShips => "only a fleet captures, releases or sinks ships; armies and \
             river flotillas never destroy anchor markers (anchor markers)"
            .to_string(),
        ConvertAwayFromCoast => format!(
            "{} is no coastal province: a fleet leaves its ships, and a flotilla takes them, in a \
             coastal province only (converting fleets)",
            name(0)
        ),
        NoFlotillaHere => format!(
            "no river reaches the fleet's coast in {}, so it cannot become a river flotilla there \
             (rule 6.B.ii)",
            name(0)
        ),
        NoAnchorThere => format!(
            "no anchor marker stands at {}: a flotilla takes the ships, and a fleet captures \
             them, only on the coast where they were left (anchor markers)",
            s.place_name(0)
        ),
        AlreadyCarrying => "the fleet already carries an anchor marker, and may not carry more \
             than one at a time (anchor markers)"
            .to_string(),
        AnchorCannotReach => format!(
            "the unit in {} cannot move to {} (anchor markers)",
            name(0),
            name(1)
        ),
        NothingCarried => {
            "the fleet carries no anchor marker to release (anchor markers)".to_string()
        }
        ReleaseAwayFromCoast => format!(
            "{} is no coastal province: a fleet releases an anchor marker only in a coastal \
             province (anchor markers)",
            name(0)
        ),
        NoAnchorToSink => format!(
            "there is no anchor marker in {} and the fleet carries none: nothing to sink \
             (anchor markers)",
            name(0)
        ),
        BecameFlotilla => format!(
            "became a river flotilla at {}; its ships stay there as an anchor marker",
            s.place_name(0)
        ),
        BecameFleet => format!(
            "took the ships of the anchor marker at {} and became a fleet",
            s.place_name(0)
        ),
        AnchorStanding => format!("an anchor marker stands at {}", s.place_name(0)),
        AnchorCarried => format!(
            "an anchor marker is carried by the {} fleet at {}",
            s.adjective(1),
            s.place_name(0)
        ),
        AttackUnreadable => format!(
            "'{}' is not an attack order; write \"F pbs AT Peru\" (attack where the fleet \
             stands), \"F ptr - epr AT Peru\" (move and attack) or \"F gal S F ptr - epr AT \
             Peru\" (support it) (rule 5.F.i)",
            s.quote(0)
        ),
    }
}

/// The core's cause for one of the variant's: the one place a [`LatinAmericanCause`] becomes a
/// [`Cause`].
pub fn cause(c: LatinAmericanCause) -> Cause {
    Cause::Rule(c.reason())
}

/// The cause as a note on a result (what a rule adds whatever the verdict).
pub(super) fn note(c: LatinAmericanCause) -> RuleReason {
    c.reason()
}
