//! Typed outcomes: what the judge makes of a phase's orders (a verdict for each, the position
//! after, who was dislodged, built, removed), why an order failed or was illegal, naming the
//! units, provinces and powers involved as values, and the one place that puts a cause into a
//! player's words. Below both the judge and the rulebook, whose hooks answer in these types.

use crate::map::{Location, ProvinceId};
use crate::order::Order;
use crate::position::{Dislodged, Position};
use crate::reason::{Names, RuleReason};
use crate::unit::{PowerId, Unit, UnitKind};
use crate::variant::Variant;
use serde::{Deserialize, Serialize};

/// One order as a power submitted it: understood, or not.
#[derive(Clone, Debug)]
pub struct Submitted {
    pub power: PowerId,
    pub order: Result<Order, String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    Succeeds,
    Fails,
    /// The order cannot be carried out as written; the unit acts as if it had no order.
    Illegal,
}

impl Verdict {
    pub fn word(self) -> &'static str {
        match self {
            Verdict::Succeeds => "succeeds",
            Verdict::Fails => "fails",
            Verdict::Illegal => "illegal",
        }
    }

    /// Reads back what [`Verdict::word`] writes.
    pub fn from_word(word: &str) -> Option<Verdict> {
        [Verdict::Succeeds, Verdict::Fails, Verdict::Illegal]
            .into_iter()
            .find(|v| v.word() == word)
    }
}

/// What became of one order: its verdict and, unless it succeeded, why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OrderResult {
    pub verdict: Verdict,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cause: Option<Cause>,
    /// What a variant's rule adds to the result whatever the verdict (an A/F's army lost to
    /// its rations, where a landed A/F's fleet went next), read after the cause.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<RuleReason>,
}

impl OrderResult {
    /// Why, in a player's words ("bounced in Munich", "there is no unit in Paris"), then any
    /// notes; empty for an order that succeeded with nothing to add.
    pub fn reason(&self, variant: &Variant) -> String {
        let mut words: Vec<String> = self.cause.iter().map(|c| c.words(variant)).collect();
        words.extend(self.notes.iter().map(|n| n.words(variant)));
        words.join("; ")
    }

    pub fn ok() -> Self {
        OrderResult {
            verdict: Verdict::Succeeds,
            cause: None,
            notes: Vec::new(),
        }
    }
    pub fn fails(cause: Cause) -> Self {
        OrderResult {
            verdict: Verdict::Fails,
            cause: Some(cause),
            notes: Vec::new(),
        }
    }
    pub fn illegal(cause: Cause) -> Self {
        OrderResult {
            verdict: Verdict::Illegal,
            cause: Some(cause),
            notes: Vec::new(),
        }
    }
}

/// A unit dislodged this movement phase, with where it may go.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DislodgedReport {
    pub dislodged: Dislodged,
    pub retreats: Vec<Location>,
    /// The unit that dislodged it, as it stood when the phase began (an A/F's landing names
    /// the A/F, as its results do), so a report can say who attacked. `None` in records kept
    /// before it was, and for a unit a rulebook's own order dislodged.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attacker: Option<Unit>,
}

/// Why a unit left the board in an adjustment phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RemovalCause {
    Order,
    CivilDisorder,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Adjudication {
    /// One per submitted order, in the same order.
    pub results: Vec<OrderResult>,
    /// The position after the phase, already at the next phase.
    pub after: Position,
    pub dislodged: Vec<DislodgedReport>,
    pub built: Vec<Unit>,
    pub removed: Vec<(Unit, RemovalCause)>,
    /// Units lost in a retreat phase (no order, no legal retreat, or a retreat standoff).
    pub disbanded: Vec<Unit>,
    /// The provinces a unit came into during the phase (moves that succeeded, retreats,
    /// builds). Every other unit in `after` is the unit that stood there before the phase.
    pub arrivals: Vec<ProvinceId>,
    /// Dislodged units the rules moved without a retreat order carried out: by the rulebook's
    /// default ([`crate::rulebook::VariantRules::default_retreats`], Atlantica II's right-hand
    /// rule) or by a conditional order written with the moves (its retreat list), with where
    /// each went, so players can be told.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub retreated: Vec<(Unit, Location)>,
}

/// Why an order did not succeed. A move that failed names every unit it met, a support that
/// was cut names the units that cut it, an illegal order names what made it so.
///
/// Units are named as they stood when the phase began; a unit in a cause that is not on the
/// map it is read against (a stored record read with the wrong variant) is named by its number,
/// never a panic.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "cause", rename_all = "snake_case")]
pub enum Cause {
    // What became of legal orders in a movement phase.
    /// The unit was dislodged by `by` (a hold, or a convoy whose fleet was dislodged).
    Dislodged { by: Unit },
    /// A move that did not get in: `rivals` are the other units ordered into `at` (all of
    /// them, in a standoff), `defender` the unit that stood there and stayed, if one did;
    /// `dislodged_by` the unit that dislodged the mover, if one did.
    Bounced {
        at: ProvinceId,
        rivals: Vec<Unit>,
        defender: Option<Unit>,
        dislodged_by: Option<Unit>,
    },
    /// An army's convoy did not carry it: `fleets` are the fleets ordered to convoy it that
    /// did not stay to do it (dislodged, disrupted or caught in a paradox); empty when no
    /// chain of fleets was ordered.
    ConvoyBroken { fleets: Vec<Unit> },
    /// A support that was cut by `by` (attacks on the supporter), and dislodged by
    /// `dislodged_by` if it was.
    SupportCut {
        by: Vec<Unit>,
        dislodged_by: Option<Unit>,
    },
    /// A hold support for `unit`, which moved instead.
    SupportedDidNotHold { unit: Unit },
    /// A move support for `unit`, which did not make the move supported.
    SupportedDidNotMove { unit: Unit },
    /// A support for a unit in `at`, where there is none.
    NoUnitToSupport { at: ProvinceId },
    /// A move support for a unit in `at`, a province that holds many, none of which made it.
    NoUnitMadeMove { at: ProvinceId },
    /// A move support for a unit in `at` where units of several `powers` made that move.
    SupportAmbiguous {
        at: ProvinceId,
        powers: Vec<PowerId>,
    },
    /// A convoy of an army in `army` to `to`, where no army was ordered to make that move.
    NoArmyToConvoy { army: ProvinceId, to: ProvinceId },
    /// A convoying fleet in a paradox, failed by the Szykman rule.
    ConvoyParadox,
    /// A convoying fleet that attacks by `by` kept from convoying without dislodging it.
    ConvoyDisrupted { by: Vec<Unit> },

    // Retreats and adjustments that were legal but could not be carried out.
    /// A retreat to `at`, where `with` retreated too: all are disbanded.
    RetreatClash { at: ProvinceId, with: Vec<Unit> },
    /// More build orders than builds due, under the rule that ignores them all.
    ExcessBuilds,
    /// More removal orders than removals due, under the rule that ignores them all.
    ExcessRemovals,
    /// A second build in `at`.
    AlreadyBuilt { at: ProvinceId },
    /// A build or waive after all the builds due were used.
    BuildsUsed,
    /// A removal of `unit`, already removed.
    AlreadyRemoved { unit: Unit },
    /// A removal after all the removals due were ordered.
    RemovalsUsed,

    // Illegal orders: not understood, or for no unit the power may order.
    /// The order could not be read; `message` is the parser's.
    Unparsed { message: String },
    /// The order names no unit.
    NamesNoUnit,
    /// No unit stands in `at`.
    NoUnit { at: ProvinceId },
    /// In a province that holds many: `power` has no unit (of `kind`, if named) in `at`.
    NoOwnUnit {
        power: PowerId,
        kind: Option<UnitKind>,
        at: ProvinceId,
    },
    /// In a province that holds many: `power` has units of several kinds in `at` with no
    /// order, and the order names no kind; `example` is one of them.
    WhichKind {
        power: PowerId,
        at: ProvinceId,
        example: UnitKind,
    },
    /// An order that puts a new unit on the board (the rulebook's `special_places`) named
    /// no kind of unit.
    PlacesWhichKind { at: ProvinceId, verb: String },
    /// In a province that holds many: every unit of `power` (of `kind`, if named) in `at`
    /// already has an order.
    AllOrdered {
        power: PowerId,
        kind: Option<UnitKind>,
        at: ProvinceId,
    },
    /// `unit` is another power's, not `power`'s.
    NotYours { unit: Unit, power: PowerId },
    /// The order named a `named` where `unit` stands.
    WrongKind { unit: Unit, named: UnitKind },
    /// The order named `named`, another coast than the one `unit` is on.
    WrongCoast { unit: Unit, named: Location },
    /// `unit` already has an order.
    AlreadyOrdered { unit: Unit },
    /// No unit was dislodged from `at`.
    NoDislodgedUnit { at: ProvinceId },
    /// The dislodged `unit` is another power's.
    DislodgedNotYours { unit: Unit },
    /// The order named another kind than the dislodged `unit`.
    DislodgedIs { unit: Unit },
    /// A disband of `unit`, another power's.
    DisbandNotYours { unit: Unit },
    /// A disband naming another kind than `unit`.
    DisbandWrongKind { unit: Unit },

    // Illegal orders: not an order of this phase.
    /// A retreat in a movement phase.
    RetreatOutOfPhase,
    /// A disband in a movement phase.
    DisbandOutOfPhase,
    /// A build or waive outside an adjustment phase.
    BuildOutOfPhase,
    /// Something other than a retreat or disband in a retreat phase.
    NotARetreatOrder,
    /// Something other than a build, disband or waive in an adjustment phase.
    NotAnAdjustmentOrder,
    /// A setup order in a variant with no setup orders.
    NoSetupOrders,
    /// A special order `verb` the variant does not have.
    UnknownVerb { verb: String },

    // Illegal orders: moves and retreats that cannot be made.
    /// A move from `at` to `at`.
    MoveToOwnProvince { at: ProvinceId },
    /// An attack within a province that holds many units (`AT` a power) that did not outnumber
    /// the attacked power's units still there: `strength` against `defenders`.
    HeldOffWithin {
        at: ProvinceId,
        power: PowerId,
        strength: u32,
        defenders: u32,
    },
    /// Beaten within its province, by the margin its rulebook sets, and disbanded, with no
    /// retreat; `by` is one of the units that attacked it.
    DisbandedWithin { by: Unit },
    /// A carrier ordered to put ashore a unit that goes aboard this same move, when no unit
    /// boards it (the piggyback of A/F rule 8 without its boarding order).
    NothingAboard { carrier: Unit },
    /// An army ordered to a coast (`to`, when the order said which).
    ArmyToCoast { to: Option<Location> },
    /// An army in `from` that neither borders `to` nor has a convoy route there.
    NoBorderNorConvoy { from: ProvinceId, to: ProvinceId },
    /// An army in `from` that does not border `to`.
    NoBorder { from: ProvinceId, to: ProvinceId },
    /// A `kind` at `from` cannot reach `to` (the province, or the coast when one is named).
    CannotReach {
        kind: UnitKind,
        from: Location,
        to: Location,
    },
    /// A move to `at`, which has several coasts `unit` could reach, without saying which.
    CoastNeeded {
        at: ProvinceId,
        coasts: Vec<Location>,
    },
    /// A convoy asked for `unit`, which is not an army.
    OnlyArmiesConvoyed { unit: Unit },
    /// `unit` cannot retreat to `to`; `options` are where it may go.
    CannotRetreat {
        unit: Unit,
        to: Location,
        options: Vec<Location>,
    },

    // Illegal orders: supports and convoys that cannot be given.
    /// A unit ordered to support itself.
    SupportsItself,
    /// `unit` supports another in its own province, where there is none.
    NoOtherUnitToSupport { unit: Unit },
    /// A hold support into `at`, where nothing is dislodged.
    HoldSupportNeedless { at: ProvinceId },
    /// A move support into `at`, where nothing is kept out.
    MoveSupportNeedless { at: ProvinceId },
    /// A support of a move into the supporter's own province `at`.
    SupportIntoOwnProvince { at: ProvinceId },
    /// `unit` cannot reach `at`, so cannot support there.
    CannotReachToSupport { unit: Unit, at: ProvinceId },
    /// The rulebook does not let `unit` support into `at`.
    MayNotSupportInto { unit: Unit, at: ProvinceId },
    /// A supported move from a province to itself.
    SupportedMoveGoesNowhere,
    /// The supported `unit` could not move to `to`.
    SupportedCannotMove { unit: Unit, to: ProvinceId },
    /// `unit` cannot convoy where it stands (or is not a fleet).
    CannotConvoy { unit: Unit },
    /// A convoy order naming a unit of another kind than army.
    ConvoysOnlyArmies,
    /// A convoy of `unit`, which is not an army.
    NotAnArmy { unit: Unit },
    /// No chain of fleets through `via` could carry an army from `from` to `to`.
    NoConvoyRoute {
        via: ProvinceId,
        from: ProvinceId,
        to: ProvinceId,
    },

    // Illegal orders: builds and removals that cannot be made.
    /// `power` has no builds due.
    NoBuildsDue { power: PowerId },
    /// `power` has no builds due to waive.
    NoBuildsToWaive { power: PowerId },
    /// `power` has no removals due.
    NoRemovalsDue { power: PowerId },
    /// `at` is not a centre where `power` may build now; `sites` are where it may.
    NotABuildSite {
        at: ProvinceId,
        power: PowerId,
        sites: Vec<ProvinceId>,
    },
    /// A build in `at` that names no unit kind.
    BuildNeedsKind { at: ProvinceId },
    /// An army built on a coast of `at`.
    ArmyBuiltOnCoast { at: ProvinceId },
    /// A fleet built in `at`, which has several coasts, without saying which.
    BuildNeedsCoast { at: ProvinceId },
    /// A `kind` cannot be built in `at`.
    CannotBuild { kind: UnitKind, at: ProvinceId },

    /// A rule of the variant's own refused or failed the order, for the reason it gives
    /// (worded by the rule's own wording). The core knows nothing of the rule.
    Rule(RuleReason),
    /// A variant rule's reason as records made before reasons were typed stored it: already
    /// in words. Read back from old records only; nothing makes one now.
    #[serde(rename = "variant_rule")]
    Recorded { rule: String, words: String },
    /// The judge gave the order no result (never expected).
    NotAdjudicated,
}

/// How many of the other units ordered into a province a bounce's words name; the rest are
/// counted.
pub const NAMED_RIVALS: usize = 3;

impl Cause {
    /// The cause in a player's words ("bounced in Munich (also ordered there: A ber)").
    pub fn words(&self, variant: &Variant) -> String {
        let n = Names(variant);
        match self {
            Cause::Dislodged { by } => n.dislodged_by(by),
            Cause::Bounced {
                at,
                rivals,
                dislodged_by,
                ..
            } => {
                let mut s = format!("bounced in {}", n.province(*at));
                if !rivals.is_empty() {
                    // A few by name, then how many more: a province that holds many may have
                    // thousands ordered into it, and each of their reasons would name all the
                    // others.
                    let mut others: Vec<String> = rivals
                        .iter()
                        .take(NAMED_RIVALS)
                        .map(|u| n.unit(u))
                        .collect();
                    if rivals.len() > NAMED_RIVALS {
                        others.push(format!("{} more", rivals.len() - NAMED_RIVALS));
                    }
                    s.push_str(&format!(" (also ordered there: {})", others.join(", ")));
                }
                if let Some(by) = dislodged_by {
                    s.push_str("; ");
                    s.push_str(&n.dislodged_by(by));
                }
                s
            }
            Cause::ConvoyBroken { .. } => "no unbroken convoy carried it".into(),
            Cause::SupportCut {
                dislodged_by: Some(by),
                ..
            } => format!("support cut: {}", n.dislodged_by(by)),
            Cause::SupportCut { .. } => "support cut".into(),
            Cause::SupportedDidNotHold { .. } => "the supported unit did not hold".into(),
            Cause::SupportedDidNotMove { .. } => "the supported unit did not make that move".into(),
            Cause::NoUnitToSupport { .. } => "there is no unit to support there".into(),
            Cause::NoUnitMadeMove { at } => {
                format!("no unit in {} made that move", n.province(*at))
            }
            Cause::SupportAmbiguous { at, powers } => {
                let mut names: Vec<&str> = powers.iter().map(|&p| n.power(p)).collect();
                names.sort_unstable();
                names.dedup();
                format!(
                    "units of {} in {} all made that move, and the support does not say which it is for",
                    names.join(" and "),
                    n.province(*at)
                )
            }
            Cause::NoArmyToConvoy { .. } => "no army was ordered to make that move".into(),
            Cause::ConvoyParadox => {
                "the convoy is part of a paradox and fails (Szykman rule)".into()
            }
            Cause::ConvoyDisrupted { .. } => "the convoy was disrupted".into(),
            Cause::RetreatClash { at, .. } => format!(
                "another unit retreated to {} too; both are disbanded",
                n.province(*at)
            ),
            Cause::ExcessBuilds => "more adjustment orders than builds due: all are ignored".into(),
            Cause::ExcessRemovals => {
                "more adjustment orders than removals due: all are ignored".into()
            }
            Cause::AlreadyBuilt { at } => {
                format!("a unit was already built in {}", n.province(*at))
            }
            Cause::BuildsUsed => "all the builds due have been used".into(),
            Cause::AlreadyRemoved { unit } => format!("{} is already removed", n.unit(unit)),
            Cause::RemovalsUsed => "all the removals due have been ordered".into(),
            Cause::Unparsed { message } => message.clone(),
            Cause::NamesNoUnit => "the order names no unit".into(),
            Cause::NoUnit { at } => format!("there is no unit in {}", n.province(*at)),
            Cause::NoOwnUnit { power, kind, at } => format!(
                "there is no {} {} in {}",
                n.adjective(*power),
                kind.map_or("unit", |k| k.name()),
                n.province(*at)
            ),
            Cause::PlacesWhichKind { at, verb } => format!(
                "say which kind of unit to {verb} in {}, such as \"F {} {verb}\"",
                n.province(*at),
                n.province_id(*at)
            ),
            Cause::WhichKind { power, at, example } => format!(
                "there are {} units of more than one kind in {}; say which, such as \"{} {}\"",
                n.adjective(*power),
                n.province(*at),
                example.letter(),
                n.province_id(*at)
            ),
            Cause::AllOrdered { power, kind, at } => format!(
                "every {} {} in {} already has an order",
                n.adjective(*power),
                kind.map_or("unit", |k| k.name()),
                n.province(*at)
            ),
            Cause::NotYours { unit, power } => format!(
                "the {} in {} belongs to {}, not {}",
                unit.kind.name(),
                n.province(unit.location.province),
                n.power(unit.power),
                n.power(*power)
            ),
            Cause::WrongKind { unit, named } => format!(
                "the unit in {} is {} {}, not {} {}",
                n.province(unit.location.province),
                article(unit.kind.name()),
                unit.kind.name(),
                article(named.name()),
                named.name()
            ),
            Cause::WrongCoast { unit, named } => format!(
                "the fleet is on {}, not {}",
                n.location(unit.location),
                n.location(*named)
            ),
            Cause::AlreadyOrdered { unit } => format!("{} already has an order", n.unit(unit)),
            Cause::NoDislodgedUnit { at } => {
                format!("no unit was dislodged from {}", n.province(*at))
            }
            Cause::DislodgedNotYours { unit } => format!(
                "the dislodged unit in {} belongs to {}",
                n.province(unit.location.province),
                n.power(unit.power)
            ),
            Cause::DislodgedIs { unit } => format!("the dislodged unit is {}", n.unit(unit)),
            Cause::DisbandNotYours { unit } => {
                format!("{} belongs to {}", n.unit(unit), n.power(unit.power))
            }
            Cause::DisbandWrongKind { unit } => format!("the unit there is {}", n.unit(unit)),
            Cause::RetreatOutOfPhase => "retreats are ordered in the retreat phase".into(),
            Cause::DisbandOutOfPhase => {
                "disbands are ordered in the retreat or adjustment phase".into()
            }
            Cause::BuildOutOfPhase => "builds are ordered in the adjustment phase".into(),
            Cause::NotARetreatOrder => {
                "in a retreat phase a dislodged unit may only retreat (R) or disband (D)".into()
            }
            Cause::NotAnAdjustmentOrder => {
                "in an adjustment phase the orders are build (B), disband (D) or waive".into()
            }
            Cause::NoSetupOrders => "this variant has no setup orders".into(),
            Cause::UnknownVerb { verb } => format!("'{verb}' is not an order of this variant"),
            Cause::MoveToOwnProvince { at } => format!(
                "a unit cannot move to its own province ({})",
                n.province(*at)
            ),
            Cause::HeldOffWithin {
                at,
                power,
                strength,
                defenders: 0,
            } => format!(
                "no {} unit stays in {} to attack (strength {strength})",
                n.adjective(*power),
                n.province(*at)
            ),
            Cause::HeldOffWithin {
                at,
                power,
                strength,
                defenders,
            } => format!(
                "the attack on {}'s units in {} was held off ({strength} against {defenders})",
                n.power(*power),
                n.province(*at)
            ),
            Cause::DisbandedWithin { by } => format!(
                "beaten in its own province by {}, too heavily to retreat: disbanded",
                n.unit(by)
            ),
            Cause::NothingAboard { carrier } => format!(
                "no unit boards {} this move, so it has nobody to land; order the boarding \
                 too (for example A <coast> boards {})",
                n.unit(carrier),
                n.unit(carrier)
            ),
            Cause::ArmyToCoast { to: None } => "an army cannot move to a coast".into(),
            Cause::ArmyToCoast { to: Some(to) } => {
                format!("an army cannot move to a coast ({})", n.location(*to))
            }
            Cause::NoBorderNorConvoy { from, to } => format!(
                "{} does not border {} and no convoy could carry an army there",
                n.province(*from),
                n.province(*to)
            ),
            Cause::NoBorder { from, to } => format!(
                "{} does not border {} for an army",
                n.province(*from),
                n.province(*to)
            ),
            Cause::CannotReach { kind, from, to } => {
                let to = match to.coast {
                    Some(_) => n.location(*to),
                    None => n.province(to.province).to_string(),
                };
                format!(
                    "{} cannot reach {to} from {}",
                    kind.name(),
                    n.location(*from)
                )
            }
            Cause::CoastNeeded { at, coasts } => {
                let coasts: Vec<String> = coasts.iter().map(|c| n.location(*c)).collect();
                format!(
                    "{} has more than one coast; say which: {}",
                    n.province(*at),
                    coasts.join(" or ")
                )
            }
            Cause::OnlyArmiesConvoyed { unit } => {
                format!("only armies are convoyed; this is {}", n.unit(unit))
            }
            Cause::CannotRetreat { unit, to, options } => {
                let can = if options.is_empty() {
                    "it has nowhere to go".to_string()
                } else {
                    let names: Vec<String> = options.iter().map(|l| n.location(*l)).collect();
                    format!("it may go to {}", names.join(", "))
                };
                format!(
                    "{} cannot retreat to {}; {can}",
                    n.unit(unit),
                    n.location(*to)
                )
            }
            Cause::SupportsItself => "a unit cannot support itself".into(),
            Cause::NoOtherUnitToSupport { unit } => format!(
                "there is no other unit in {} for {} to support",
                n.province(unit.location.province),
                n.unit(unit)
            ),
            Cause::HoldSupportNeedless { at } => format!(
                "nothing can dislodge a unit in {}, so it cannot be supported to hold",
                n.province(*at)
            ),
            Cause::MoveSupportNeedless { at } => format!(
                "nothing can keep a unit out of {}, so a move there needs no support",
                n.province(*at)
            ),
            Cause::SupportIntoOwnProvince { at } => format!(
                "a unit cannot support a move into its own province ({})",
                n.province(*at)
            ),
            Cause::CannotReachToSupport { unit, at } => format!(
                "{} cannot reach {}, so cannot support there",
                n.unit(unit),
                n.province(*at)
            ),
            Cause::MayNotSupportInto { unit, at } => {
                format!("{} may not support into {}", n.unit(unit), n.province(*at))
            }
            Cause::SupportedMoveGoesNowhere => {
                "a supported move must go to another province".into()
            }
            Cause::SupportedCannotMove { unit, to } => format!(
                "{} cannot move to {}, so the move cannot be supported",
                n.unit(unit),
                n.province(*to)
            ),
            Cause::CannotConvoy { unit } => {
                format!("{} cannot convoy: only fleets at sea convoy", n.unit(unit))
            }
            Cause::ConvoysOnlyArmies => "only armies can be convoyed".into(),
            Cause::NotAnArmy { unit } => {
                format!("{} is not an army, so cannot be convoyed", n.unit(unit))
            }
            Cause::NoConvoyRoute { via, from, to } => format!(
                "no chain of fleets through {} could carry an army from {} to {}",
                n.province(*via),
                n.province(*from),
                n.province(*to)
            ),
            Cause::NoBuildsDue { power } => format!("{} has no builds due", n.power(*power)),
            Cause::NoBuildsToWaive { power } => {
                format!("{} has no builds due to waive", n.power(*power))
            }
            Cause::NoRemovalsDue { power } => {
                format!("{} has no removals due", n.power(*power))
            }
            Cause::NotABuildSite { at, power, sites } => {
                let names: Vec<&str> = sites.iter().map(|s| n.province_id(*s)).collect();
                format!(
                    "{} is not a centre where {} may build now; it may build in: {}",
                    n.province(*at),
                    n.power(*power),
                    if names.is_empty() {
                        "nowhere".into()
                    } else {
                        names.join(", ")
                    }
                )
            }
            Cause::BuildNeedsKind { at } => {
                let kinds: Vec<String> = variant
                    .unit_kinds
                    .iter()
                    .map(|k| format!("{} ({})", k.letter(), k.name()))
                    .collect();
                let kinds = match kinds.split_last() {
                    Some((last, [])) => last.clone(),
                    Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
                    None => String::new(),
                };
                format!("say which unit to build in {}: {kinds}", n.province(*at))
            }
            Cause::ArmyBuiltOnCoast { at } => {
                format!("an army is built in {}, not on a coast", n.province(*at))
            }
            Cause::BuildNeedsCoast { at } => {
                let coasts = variant
                    .map
                    .provinces
                    .get(at.0 as usize)
                    .map_or_else(String::new, |p| p.coasts.join(" or "));
                format!(
                    "say which coast of {} to build the fleet on: {coasts}",
                    n.province(*at)
                )
            }
            Cause::CannotBuild { kind, at } => format!(
                "{} {} cannot be built in {}",
                build_article(*kind),
                kind.name(),
                n.province(*at)
            ),
            Cause::Rule(reason) => reason.words(variant),
            Cause::Recorded { words, .. } => words.clone(),
            Cause::NotAdjudicated => "not adjudicated".into(),
        }
    }
}

/// "a" or "an" before a unit kind's name in the words of the movement judge.
fn article(word: &str) -> &'static str {
    if word.starts_with(['a', 'e', 'i', 'o', 'u']) {
        "an"
    } else {
        "a"
    }
}

/// "a" or "an" before a unit kind's name in a refused build.
fn build_article(kind: UnitKind) -> &'static str {
    if kind.name().starts_with(['a', 'e', 'i', 'o', 'u']) {
        "an"
    } else {
        "a"
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::{adjudicate, Adjudication, Submitted, Verdict};
    use crate::parse::parse_order;
    use crate::position::Position;
    use crate::rules::Rules;
    use std::sync::Arc;

    fn standard() -> Arc<Rules> {
        Variant::builtin("standard").expect("standard")
    }

    fn run(v: &Rules, position: &Position, orders: &[(&str, &str)]) -> Adjudication {
        let grammar = v.grammar();
        let subs: Vec<Submitted> = orders
            .iter()
            .map(|(power, text)| Submitted {
                power: v.power_by_name(power).expect("power"),
                order: parse_order(&grammar, text).map_err(|e| e.to_string()),
            })
            .collect();
        adjudicate(v, position, &subs)
    }

    fn unit_at(v: &Rules, position: &Position, id: &str) -> Unit {
        *position
            .unit_at(v.map.province_by_id(id).expect("province"))
            .expect("a unit")
    }

    #[test]
    fn a_standoff_names_every_unit_in_it() {
        let v = standard();
        let start = v.initial_position();
        let adj = run(
            &v,
            &start,
            &[("Germany", "A mun - bur"), ("France", "A par - bur")],
        );
        let bur = v.map.province_by_id("bur").expect("bur");
        assert_eq!(
            adj.results[0].cause,
            Some(Cause::Bounced {
                at: bur,
                rivals: vec![unit_at(&v, &start, "par")],
                defender: None,
                dislodged_by: None,
            })
        );
        assert_eq!(
            adj.results[0].reason(&v),
            "bounced in Burgundy (also ordered there: A par)"
        );
    }

    #[test]
    fn a_crowded_bounce_names_a_few_rivals_then_counts_the_rest() {
        let v = standard();
        let start = v.initial_position();
        let bur = v.map.province_by_id("bur").expect("bur");
        let rivals: Vec<Unit> = ["par", "mun", "mar", "bre", "kie"]
            .iter()
            .map(|p| unit_at(&v, &start, p))
            .collect();
        let cause = Cause::Bounced {
            at: bur,
            rivals: rivals.clone(),
            defender: None,
            dislodged_by: None,
        };
        assert_eq!(
            cause.words(&v),
            "bounced in Burgundy (also ordered there: A par, A mun, A mar, 2 more)"
        );
        // Thousands of rivals: the words stay one short line.
        let crowd = Cause::Bounced {
            at: bur,
            rivals: rivals.iter().copied().cycle().take(4000).collect(),
            defender: None,
            dislodged_by: None,
        };
        let words = crowd.words(&v);
        assert!(
            words.ends_with("A mar, 3997 more)") && words.len() < 100,
            "{words}"
        );
    }

    #[test]
    fn a_cut_support_names_the_unit_that_cut_it() {
        let v = standard();
        let start = v.initial_position();
        let adj = run(
            &v,
            &start,
            &[
                ("Italy", "A ven S A rom - apu"),
                ("Italy", "A rom - apu"),
                ("Austria", "F tri - ven"),
            ],
        );
        assert_eq!(
            adj.results[0].cause,
            Some(Cause::SupportCut {
                by: vec![unit_at(&v, &start, "tri")],
                dislodged_by: None,
            })
        );
        assert_eq!(adj.results[0].reason(&v), "support cut");
    }

    #[test]
    fn an_order_the_parser_refused_keeps_its_message() {
        let v = standard();
        let adj = run(&v, &v.initial_position(), &[("France", "A par jumps")]);
        assert_eq!(adj.results[0].verdict, Verdict::Illegal);
        assert!(matches!(adj.results[0].cause, Some(Cause::Unparsed { .. })));
        assert!(!adj.results[0].reason(&v).is_empty());
    }

    #[test]
    fn an_adjudication_reads_back_from_json_with_ids_as_numbers() {
        let v = standard();
        let start = v.initial_position();
        let adj = run(
            &v,
            &start,
            &[
                ("Germany", "A mun - bur"),
                ("France", "A par - bur"),
                ("England", "F lon - nth"),
                ("Italy", "A ven - vie"),
            ],
        );
        let text = serde_json::to_string(&adj).expect("json");
        let back: Adjudication = serde_json::from_str(&text).expect("reads back");
        assert_eq!(back.results, adj.results);
        assert_eq!(back.after, adj.after);
        assert_eq!(back.arrivals, adj.arrivals);
        let value: serde_json::Value = serde_json::from_str(&text).expect("json");
        let bounced = &value["results"][0];
        assert_eq!(bounced["verdict"], "fails");
        assert_eq!(bounced["cause"]["cause"], "bounced");
        assert!(bounced["cause"]["at"].is_u64());
        assert!(value["results"][2].get("cause").is_none());
    }

    #[test]
    fn words_for_ids_from_another_map_do_not_panic() {
        let v = standard();
        let far = Unit {
            power: PowerId(200),
            kind: UnitKind::FLEET,
            location: Location {
                province: ProvinceId(60_000),
                coast: Some(crate::map::CoastId(9)),
            },
        };
        let cause = Cause::Bounced {
            at: ProvinceId(60_000),
            rivals: vec![far],
            defender: Some(far),
            dislodged_by: Some(far),
        };
        assert_eq!(
            cause.words(&v),
            "bounced in province #60000 (also ordered there: F province #60000); \
             dislodged by the unit from province #60000"
        );
        assert!(Cause::NotYours {
            unit: far,
            power: PowerId(201)
        }
        .words(&v)
        .contains("an unknown power"));
    }
}
