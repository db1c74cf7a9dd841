//! Rulebooks: the named choices where editions of the rules and the DATC differ, the edition
//! presets, and the extension points through which a variant changes the rules.
//!
//! [`Options`] are plain values, one field per choice, so a game can store them and a test can
//! name the one it depends on. [`VariantRules`] is what a variant implements to switch on or
//! implement its special rules: six traits of hooks grouped by concern, each hook with Standard's
//! answer as its default. The core resolver calls them and never tests a variant's name.

mod drawing;
mod hooks;

pub use drawing::{Arrow, Glyph, Head, MapMark, MarkColour, Marking, Pattern, Stroke};
pub use hooks::{
    AdjustmentHooks, AfterLanding, CivilDisorderRemoval, Controller, ConvoyAttack, DrawingHooks,
    GeographyHooks, Landing, OrderHelp, OrderHooks, RuleContext, Rulebook, SecretHooks, Settled,
    SpecialAct, SpecialOrder, StandardRules, StateHooks, StrengthHooks, VariantRules,
};

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A switch a variant's own rules offer (Davis's High Ocean Box and Abstraction A/F rules),
/// set per game before it starts. The list is part of the variant's registry entry; the values
/// a game chose are in its [`Ruleset`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VariantOption {
    /// The name games and cases use (`high-ocean-box`).
    pub name: &'static str,
    /// What it switches, with the rule it comes from, for listings and error messages.
    pub about: &'static str,
    pub default: bool,
    /// `false` for an option the engine cannot play yet: it may only be left at its default,
    /// and asking for anything else is refused by name.
    pub available: bool,
}

/// A secret a variant's rules draw at random when a game is created and keep from the players
/// until play reveals it (Atlantica II's Lost Atlantis: which of six areas it is). The games
/// service draws each one from the game's seeded random source, keeps it out of every post,
/// map, DM and export, and shows it to moderators; a case gives it in its `hidden` field.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HiddenDraw {
    /// The name games and cases use (`atlantis-area`).
    pub name: &'static str,
    /// What it decides, for moderators and error messages.
    pub about: &'static str,
    /// The draw is a number from 1 to `faces` (a die of that many faces).
    pub faces: u32,
}

/// The rules one game is played under: an edition's options (changed one by one where the
/// variant or the game's creator says so) and the values of the variant's own options. A
/// plain value: a game stores it and the engine builds the game's [`crate::rules::Rules`]
/// from it. A variant's own default is [`crate::Variant::ruleset`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct Ruleset {
    pub edition: Edition,
    pub options: Options,
    /// The variant's own options this game sets (`high-ocean-box`); one not named here has its
    /// default ([`VariantOption::default`]).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub variant_options: BTreeMap<String, bool>,
    /// The game's secret draws ([`HiddenDraw`]), by name. Never serialised: a stored or
    /// exported ruleset must not reveal them; the games service keeps them apart and puts
    /// them back when it builds the game's rules.
    #[serde(skip)]
    pub hidden: BTreeMap<String, u32>,
}

impl Ruleset {
    /// An edition's rules with its own options and every variant option at its default.
    pub fn edition(edition: Edition) -> Ruleset {
        Ruleset {
            edition,
            options: edition.options(),
            variant_options: BTreeMap::new(),
            hidden: BTreeMap::new(),
        }
    }

    /// The value of one of the variant's own options in this ruleset: the one set, or else
    /// the option's default from `listed` (the variant's options); `false` for an option not
    /// listed.
    pub fn variant_option(&self, listed: &[VariantOption], name: &str) -> bool {
        match self.variant_options.get(name) {
            Some(on) => *on,
            None => listed.iter().any(|o| o.name == name && o.default),
        }
    }

    /// The game's secret draw of this name, if it has one.
    pub fn hidden(&self, name: &str) -> Option<u32> {
        self.hidden.get(name).copied()
    }
}

/// When an army ordered to an adjacent province travels by convoy (DATC 4.A.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ConvoyIntent {
    /// 1971: any matching convoy order carries the army, whoever gives it ("kidnapping").
    Kidnapping,
    /// 2000 and 2023 (the DATC preference): only when the order says `via convoy`, or when a
    /// fleet of the army's own power orders a matching convoy.
    ViaConvoyOrOwnFleet,
    /// Only when the order says `via convoy`.
    ViaConvoyOnly,
}

/// How a convoy with several routes is disrupted (DATC 4.A.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ConvoyDisruption {
    /// Disrupted only when every route is broken (2000, 2023, the DATC preference).
    AllRoutes,
    /// Disrupted when any ordered convoying fleet is dislodged (1971, 1982).
    AnyFleet,
}

/// What happens when the orders have no consistent resolution (DATC 4.A.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ParadoxRule {
    /// The convoys in the paradox fail and their armies stay (the DATC preference).
    Szykman,
    /// Every unit whose order is part of the paradox holds.
    AllHold,
}

/// How an order's coasts are read (DATC 4.B.1-4.B.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CoastLeniency {
    /// A missing coast is filled in when only one can be reached, a wrong coast for the unit's
    /// own position and a coast on an army are ignored (the DATC preference).
    Lenient,
    /// A missing destination coast, a wrong own coast or an army with a coast makes the order
    /// illegal.
    Strict,
}

/// Which units civil disorder removes when a power owes removals and did not order them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RemovalRule {
    /// 2023: furthest from the nearest owned supply centre, counting steps through land and sea
    /// for every unit; ties: fleets first, then alphabetical by province name (the DATC preference).
    FurthestFromOwnedCentre,
    /// Before 2023: furthest from the nearest home centre, each unit counting the steps it could
    /// take itself (armies over land, fleets over water); ties as above.
    FurthestFromHomeByOwnPath,
}

/// What an adjustment does with more build or disband orders than the power is due
/// (DATC 4.D.4 and 4.D.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ExcessAdjustments {
    /// Orders are taken one at a time, in the order given, until the due number is used
    /// (the DATC preference).
    FirstInOrder,
    /// If a power orders more than it is due, none of its build or disband orders count.
    IgnoreAll,
}

/// Every rule choice the adjudicator supports. Editions are presets of these values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", default, deny_unknown_fields)]
pub struct Options {
    pub convoy_intent: ConvoyIntent,
    /// Whether an army whose convoy fails may still move by land when its destination is
    /// adjacent (the DATC before v3.0; v3.0 and the 2023 rules say no).
    pub failed_convoy_falls_back_to_land: bool,
    pub convoy_disruption: ConvoyDisruption,
    pub paradox: ParadoxRule,
    pub coasts: CoastLeniency,
    pub removal: RemovalRule,
    pub excess_adjustments: ExcessAdjustments,
    /// Whether a unit dislodged by a convoyed army may retreat to where that army came from
    /// (2023, DATC 4.A.5); earlier rules forbid retreating to the attacker's origin always.
    pub retreat_to_convoy_origin: bool,
    /// Whether two fleets may swap places along the coasts of one split-coast province and its
    /// neighbour (`F spa/nc - por` with `F por - spa/sc`): Davis's coastal crawl.
    pub coastal_crawl: bool,
}

impl Default for Options {
    fn default() -> Self {
        Edition::Datc.options()
    }
}

/// Named editions of the rules, each a preset of [`Options`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Edition {
    #[serde(rename = "1971")]
    Y1971,
    #[serde(rename = "1982")]
    Y1982,
    #[serde(rename = "2000")]
    Y2000,
    #[serde(rename = "2023")]
    Y2023,
    /// The DATC v3.0 preferences, Standard's default. Its options are the 2023 preset's (which
    /// already uses the Szykman paradox rule); it stays a name of its own so a game can say it
    /// follows the DATC.
    #[serde(rename = "datc")]
    Datc,
}

impl Edition {
    pub const ALL: [Edition; 5] = [
        Edition::Y1971,
        Edition::Y1982,
        Edition::Y2000,
        Edition::Y2023,
        Edition::Datc,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Edition::Y1971 => "1971",
            Edition::Y1982 => "1982",
            Edition::Y2000 => "2000",
            Edition::Y2023 => "2023",
            Edition::Datc => "datc",
        }
    }

    /// Reads an edition name; `1999` is the name Pirates of the Caribbean uses for 2000.
    pub fn parse(s: &str) -> Option<Edition> {
        let s = s.trim().to_lowercase();
        let s = s.trim_start_matches("rulebook").trim();
        Some(match s {
            "1971" => Edition::Y1971,
            "1982" => Edition::Y1982,
            "1999" | "2000" | "1999/2000" => Edition::Y2000,
            "2023" => Edition::Y2023,
            "datc" | "datc3" | "datc-3.0" => Edition::Datc,
            _ => return None,
        })
    }

    pub fn options(self) -> Options {
        let modern = Options {
            convoy_intent: ConvoyIntent::ViaConvoyOrOwnFleet,
            failed_convoy_falls_back_to_land: false,
            convoy_disruption: ConvoyDisruption::AllRoutes,
            paradox: ParadoxRule::Szykman,
            coasts: CoastLeniency::Lenient,
            removal: RemovalRule::FurthestFromOwnedCentre,
            excess_adjustments: ExcessAdjustments::FirstInOrder,
            retreat_to_convoy_origin: true,
            coastal_crawl: false,
        };
        let old = Options {
            failed_convoy_falls_back_to_land: true,
            removal: RemovalRule::FurthestFromHomeByOwnPath,
            retreat_to_convoy_origin: false,
            ..modern
        };
        match self {
            Edition::Datc | Edition::Y2023 => modern,
            Edition::Y2000 => old,
            Edition::Y1982 => Options {
                convoy_disruption: ConvoyDisruption::AnyFleet,
                coasts: CoastLeniency::Strict,
                ..old
            },
            Edition::Y1971 => Options {
                convoy_intent: ConvoyIntent::Kidnapping,
                convoy_disruption: ConvoyDisruption::AnyFleet,
                coasts: CoastLeniency::Strict,
                ..old
            },
        }
    }
}
