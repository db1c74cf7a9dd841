//! Orders as players write them: which unit, and what it is told to do.
//!
//! An [`Order`] is what the parser understood, before it is checked against the board. It
//! names units by where they stand (and optionally their kind); the judge finds the units and
//! decides whether the order is legal.

use crate::map::{CoastId, Location, Map, ProvinceId};
use crate::unit::{PowerId, UnitKind};
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
    /// An order only some variant understands (Pirates' `grant` and `select` in its setup;
    /// Atlantica II's placement, search, boarding and landing; Latin American Diplomacy's
    /// attack in an ocean, canal and anchor orders). The parser accepts the verbs the variant's
    /// rulebook lists ([`crate::rulebook::VariantRules::special_verbs`]) and hands the words
    /// after the verb to the rulebook's reader ([`crate::rulebook::VariantRules::read_special`])
    /// once: `args` are what it read, typed. The rulebook judges them (`adjudicate_setup`, or
    /// `check_special` and `adjudicate_special` in other phases).
    Special {
        unit: Option<UnitRef>,
        verb: String,
        #[serde(deserialize_with = "stored_terms")]
        args: Vec<Term>,
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

    /// Whether this is a variant's own order with words its rulebook has not read (stored by
    /// a release before orders were typed, or refused as unreadable).
    pub fn is_unread(&self) -> bool {
        matches!(self, Order::Special { args, .. } if args.iter().any(|a| matches!(a, Term::Written(_))))
    }

    /// The order in its canonical short form: `A lon - nth`, `F mao S A par - bre`.
    pub fn to_text(&self, names: &(impl OrderNames + ?Sized)) -> String {
        let map = names.map();
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
                let words: Vec<String> = args.iter().map(|a| a.text(names)).collect();
                // A verb read after a complete move or support (`F ptr - epr AT Peru`) is
                // written back there, as the player wrote it.
                let before = match args.as_slice() {
                    [dash, _, ..] if dash.is_word("-") && verb != "-" => 2,
                    [s, _, dash, _, ..] if s.is_word("s") && dash.is_word("-") => 4,
                    [s, _, ..] if s.is_word("s") => 2,
                    _ => 0,
                };
                if before > 0 {
                    let rest = words[before..].join(" ");
                    let standard = match args[0].is_word("s") {
                        true => format!("S {}", words[1..before].join(" ")),
                        false => words[..before].join(" "),
                    };
                    return format!("{s} {standard} {} {rest}", verb.to_uppercase())
                        .trim_end()
                        .to_string();
                }
                for w in std::iter::once(verb).chain(&words) {
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

/// What writing an order out needs: the map's names, and the powers' names a variant's own
/// order may name (`AT Peru`). The variant (and its [`crate::Rules`]) provides them.
pub trait OrderNames {
    fn map(&self) -> &Map;
    fn power_name(&self, power: PowerId) -> Option<&str>;
}

impl<T: OrderNames + ?Sized> OrderNames for std::sync::Arc<T> {
    fn map(&self) -> &Map {
        (**self).map()
    }

    fn power_name(&self, power: PowerId) -> Option<&str> {
        (**self).power_name(power)
    }
}

/// One thing a variant's own order names ([`Order::Special`]), as its rulebook read it from
/// the player's words when the order was parsed: judged, listed, drawn and written back from
/// these values, never from the words again.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Term {
    /// One of the rulebook's own keywords, which shapes the order (`-`, `s`, `then`, `if`).
    Word(String),
    Province(ProvinceId),
    /// A place with its coast or bank, where the order names one.
    Location(Location),
    Power(PowerId),
    Kind(UnitKind),
    Number(u32),
    /// A word the rulebook could not read, kept as the player wrote it so the order's
    /// refusal quotes it. An order stored before orders were typed reads back with every
    /// word so, and is read again from its text ([`crate::store::record`]).
    Written(String),
}

impl Term {
    /// Whether this is the keyword `w`.
    pub fn is_word(&self, w: &str) -> bool {
        matches!(self, Term::Word(x) if x == w)
    }

    /// The term as an order's text writes it: a province by its id, a place with its coast,
    /// a power by its name in lower case (as the parser keeps a player's words), a unit kind
    /// by its letter.
    pub fn text(&self, names: &(impl OrderNames + ?Sized)) -> String {
        match self {
            Term::Word(w) | Term::Written(w) => w.clone(),
            Term::Province(p) => names.map().province(*p).id.clone(),
            Term::Location(l) => names.map().location_name(*l),
            Term::Power(p) => names
                .power_name(*p)
                .map_or_else(|| format!("power {}", p.0), str::to_lowercase),
            Term::Kind(k) => k.letter().to_string(),
            Term::Number(n) => n.to_string(),
        }
    }
}

/// A term as stored: typed, or a plain word an older release stored (read as written).
#[derive(Deserialize)]
#[serde(untagged)]
enum StoredTerm {
    Typed(Term),
    Word(String),
}

/// A variant order's terms as stored, typed or in an older release's words.
fn stored_terms<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<Term>, D::Error> {
    Ok(Vec::<StoredTerm>::deserialize(d)?
        .into_iter()
        .map(|t| match t {
            StoredTerm::Typed(t) => t,
            StoredTerm::Word(w) => Term::Written(w),
        })
        .collect())
}
