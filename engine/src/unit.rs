//! Units: what kind they are, who owns them and where they stand.

use crate::map::Location;
use serde::{Deserialize, Serialize};

/// Index of a power in its variant's list of powers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct PowerId(pub u8);

/// The kinds of unit. Standard has armies and fleets; the others are extension points the
/// variants switch on through their rulebook ([`crate::rulebook::VariantRules::unit_kinds`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum UnitKind {
    Army,
    Fleet,
    /// Latin American Diplomacy's River Flotilla (`R`): moves along rivers and seas.
    RiverFlotilla,
    /// An army embarked on a fleet (Atlantica II, Davis's Abstraction option): `A/F`.
    ArmyFleet,
}

impl UnitKind {
    /// The letter used in orders: `A`, `F`, `R`, `A/F`.
    pub fn letter(self) -> &'static str {
        match self {
            UnitKind::Army => "A",
            UnitKind::Fleet => "F",
            UnitKind::RiverFlotilla => "R",
            UnitKind::ArmyFleet => "A/F",
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            UnitKind::Army => "army",
            UnitKind::Fleet => "fleet",
            UnitKind::RiverFlotilla => "river flotilla",
            UnitKind::ArmyFleet => "army/fleet",
        }
    }

    /// Whether the unit moves on water (and so needs a coast in split-coast provinces).
    pub fn is_naval(self) -> bool {
        !matches!(self, UnitKind::Army)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Unit {
    pub power: PowerId,
    pub kind: UnitKind,
    pub location: Location,
}
