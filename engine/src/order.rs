//! Orders as players write them: which unit, and what it is told to do.
//!
//! An [`Order`] is what the parser understood, before it is checked against the board. It
//! names units by where they stand (and optionally their kind); the judge finds the units and
//! decides whether the order is legal.

use crate::map::{CoastId, Location, Map, ProvinceId};
use crate::unit::UnitKind;
use serde::{Deserialize, Serialize};

/// A unit as an order names it: its province, and optionally its kind and coast.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct UnitRef {
    pub kind: Option<UnitKind>,
    pub province: ProvinceId,
    pub coast: Option<CoastId>,
}

impl UnitRef {
    pub fn location(&self) -> Location {
        Location {
            province: self.province,
            coast: self.coast,
        }
    }
}

/// A destination: a province, and a coast if the order names one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Target {
    pub province: ProvinceId,
    pub coast: Option<CoastId>,
}

impl Target {
    pub fn location(&self) -> Location {
        Location {
            province: self.province,
            coast: self.coast,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Order {
    Hold {
        unit: UnitRef,
    },
    Move {
        unit: UnitRef,
        to: Target,
        via_convoy: bool,
    },
    SupportHold {
        unit: UnitRef,
        supported: UnitRef,
    },
    SupportMove {
        unit: UnitRef,
        supported: UnitRef,
        to: Target,
    },
    Convoy {
        unit: UnitRef,
        army: UnitRef,
        to: Target,
    },
    Retreat {
        unit: UnitRef,
        to: Target,
    },
    Disband {
        unit: UnitRef,
    },
    Build {
        unit: UnitRef,
    },
    /// Give up one build this adjustment.
    Waive,
    /// An order only some variant understands (Pirates' `grant` and `select` in its setup; the
    /// kind of order attack in an ocean, board, disembark, search for Atlantis, build a canal or
    /// capture an anchor would be). The parser accepts the verbs the variant's rulebook lists
    /// ([`crate::rulebook::VariantRules::special_verbs`]); the rulebook judges them
    /// (`adjudicate_setup`, or `check_special` and `adjudicate_special` in other phases).
    Special {
        unit: Option<UnitRef>,
        verb: String,
        args: Vec<String>,
    },
}

impl Order {
    /// The unit the order is for (none for a waive).
    pub fn unit(&self) -> Option<UnitRef> {
        match self {
            Order::Hold { unit }
            | Order::Move { unit, .. }
            | Order::SupportHold { unit, .. }
            | Order::SupportMove { unit, .. }
            | Order::Convoy { unit, .. }
            | Order::Retreat { unit, .. }
            | Order::Disband { unit }
            | Order::Build { unit } => Some(*unit),
            Order::Waive => None,
            Order::Special { unit, .. } => *unit,
        }
    }

    /// The order in its canonical short form: `A lon - nth`, `F mao S A par - bre`.
    pub fn to_text(&self, map: &Map) -> String {
        let u = |r: &UnitRef| {
            let loc = map.location_name(r.location());
            match r.kind {
                Some(k) => format!("{} {loc}", k.letter()),
                None => loc,
            }
        };
        let t = |t: &Target| map.location_name(t.location());
        match self {
            Order::Hold { unit } => format!("{} H", u(unit)),
            Order::Move {
                unit,
                to,
                via_convoy,
            } => {
                format!(
                    "{} - {}{}",
                    u(unit),
                    t(to),
                    if *via_convoy { " via convoy" } else { "" }
                )
            }
            Order::SupportHold { unit, supported } => format!("{} S {}", u(unit), u(supported)),
            Order::SupportMove {
                unit,
                supported,
                to,
            } => {
                format!("{} S {} - {}", u(unit), u(supported), t(to))
            }
            Order::Convoy { unit, army, to } => format!("{} C {} - {}", u(unit), u(army), t(to)),
            Order::Retreat { unit, to } => format!("{} R {}", u(unit), t(to)),
            Order::Disband { unit } => format!("{} D", u(unit)),
            Order::Build { unit } => format!("{} B", u(unit)),
            Order::Waive => "waive".to_string(),
            Order::Special { unit, verb, args } => {
                let mut s = unit.as_ref().map(u).unwrap_or_default();
                // A verb read after a complete move or support (`F ptr - epr AT peru`) is
                // written back there, as the player wrote it.
                let before = match args.as_slice() {
                    [dash, ..] if dash == "-" && verb != "-" && args.len() >= 2 => 2,
                    [s, _, dash, _, ..] if s == "s" && dash == "-" => 4,
                    [s, ..] if s == "s" && args.len() >= 2 => 2,
                    _ => 0,
                };
                if before > 0 {
                    let rest = args[before..].join(" ");
                    let standard = match args[0].as_str() {
                        "s" => format!("S {}", args[1..before].join(" ")),
                        _ => args[..before].join(" "),
                    };
                    return format!("{s} {standard} {} {rest}", verb.to_uppercase())
                        .trim_end()
                        .to_string();
                }
                for w in std::iter::once(verb).chain(args) {
                    if !s.is_empty() {
                        s.push(' ');
                    }
                    s.push_str(w);
                }
                s
            }
        }
    }
}
