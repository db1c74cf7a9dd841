//! Units: what kind they are, who owns them and where they stand; and the declarations a
//! variant makes of its unit kinds and of the ways they move.
//!
//! The core knows no unit kind by name. A variant's registry entry lists its kinds, each a
//! [`UnitKindDecl`] (letter, name, the [`MoveClass`] it moves by, whether it convoys or is
//! convoyed); borders in `borders.txt` say which classes may cross them, and each terrain of
//! the variant's vocabulary (`maps/vocabulary.toml`, `[vocabulary]` in `variant.toml`) says
//! which classes may stand on it. Standard's army and fleet, moving by land
//! and by water, are the default declaration ([`STANDARD_KINDS`]); a variant adds a kind (the
//! River Flotilla, the A/F) by declaring it, with no change to the core.

pub use crate::map::{MoveClass, LAND, WATER};

use crate::map::{Location, MoveClass as Class};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::{OnceLock, RwLock};

/// Index of a power in its variant's list of powers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct PowerId(pub u8);

/// One kind of unit as a variant declares it.
#[derive(Debug)]
pub struct UnitKindDecl {
    /// The letter orders use (`A`, `F`, `R`, `A/F`).
    pub letter: &'static str,
    /// Its name in messages and orders (`army`, `river flotilla`).
    pub name: &'static str,
    /// Other words players may write for it (`flotilla`, `af`).
    pub aliases: &'static [&'static str],
    /// How it moves.
    pub class: &'static Class,
    /// Whether a convoy may carry it (armies).
    pub convoyed: bool,
    /// Whether it may convoy (fleets).
    pub convoys: bool,
}

pub static ARMY: UnitKindDecl = UnitKindDecl {
    letter: "A",
    name: "army",
    aliases: &[],
    class: &LAND,
    convoyed: true,
    convoys: false,
};

pub static FLEET: UnitKindDecl = UnitKindDecl {
    letter: "F",
    name: "fleet",
    aliases: &[],
    class: &WATER,
    convoyed: false,
    convoys: true,
};

/// Standard's unit kinds, the default declaration: armies and fleets.
pub const STANDARD_KINDS: &[UnitKind] = &[UnitKind::ARMY, UnitKind::FLEET];

/// The words `borders.txt` may use for these kinds' movement classes (each class's name, then
/// each kind's name for its class), and the classes of the kinds that convoy: what the map
/// loader needs of a variant's kinds.
pub fn movement_words(
    kinds: &[UnitKind],
) -> (Vec<(&'static str, &'static Class)>, Vec<&'static Class>) {
    let mut words: Vec<(&'static str, &'static Class)> = Vec::new();
    for k in kinds {
        if !words.iter().any(|(_, c)| c.name == k.class().name) {
            words.push((k.class().name, k.class()));
        }
    }
    for k in kinds {
        if !words.iter().any(|(w, _)| *w == k.name()) {
            words.push((k.name(), k.class()));
        }
    }
    let convoying = kinds
        .iter()
        .filter(|k| k.convoys())
        .map(|k| k.class())
        .collect();
    (words, convoying)
}

/// A unit kind: a reference to its declaration. Two kinds are the same when their letters are.
#[derive(Clone, Copy)]
pub struct UnitKind(pub &'static UnitKindDecl);

impl UnitKind {
    /// Standard's army. Rulebooks of variants built on the default declaration may name it;
    /// the core does not.
    pub const ARMY: UnitKind = UnitKind(&ARMY);
    /// Standard's fleet (see [`UnitKind::ARMY`]).
    pub const FLEET: UnitKind = UnitKind(&FLEET);

    /// The letter used in orders: `A`, `F`, `R`, `A/F`.
    pub fn letter(self) -> &'static str {
        self.0.letter
    }

    pub fn name(self) -> &'static str {
        self.0.name
    }

    /// Its name with "a" or "an" before it, as a sentence names one such unit ("an army",
    /// "a fleet", "an army/fleet").
    pub fn with_article(self) -> String {
        let name = self.0.name;
        let an = name.starts_with(['a', 'e', 'i', 'o', 'u', 'A', 'E', 'I', 'O', 'U']);
        format!("{} {name}", if an { "an" } else { "a" })
    }

    /// How it moves.
    pub fn class(self) -> &'static Class {
        self.0.class
    }

    /// Whether a convoy may carry it.
    pub fn convoyed(self) -> bool {
        self.0.convoyed
    }

    /// Whether it may convoy.
    pub fn convoys(self) -> bool {
        self.0.convoys
    }

    /// Whether `word` names this kind: its letter, name or an alias, in any case.
    pub fn is_called(self, word: &str) -> bool {
        self.0.letter.eq_ignore_ascii_case(word)
            || self.0.name.eq_ignore_ascii_case(word)
            || self.0.aliases.iter().any(|a| a.eq_ignore_ascii_case(word))
    }

    /// [`UnitKind::is_called`] for the two words `first` and `second` written with a space
    /// between ("river flotilla"), without joining them: the parser asks at every unit.
    pub fn is_called_words(self, first: &str, second: &str) -> bool {
        let two = |name: &str| {
            name.len() == first.len() + 1 + second.len()
                && name.as_bytes()[first.len()] == b' '
                && name[..first.len()].eq_ignore_ascii_case(first)
                && name[first.len() + 1..].eq_ignore_ascii_case(second)
        };
        two(self.0.letter) || two(self.0.name) || self.0.aliases.iter().any(|a| two(a))
    }
}

impl PartialEq for UnitKind {
    fn eq(&self, other: &UnitKind) -> bool {
        std::ptr::eq(self.0, other.0) || self.0.letter == other.0.letter
    }
}

impl Eq for UnitKind {}

impl Hash for UnitKind {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.0.letter.hash(state);
    }
}

impl PartialOrd for UnitKind {
    fn partial_cmp(&self, other: &UnitKind) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for UnitKind {
    fn cmp(&self, other: &UnitKind) -> std::cmp::Ordering {
        self.0.letter.cmp(other.0.letter)
    }
}

/// Every unit kind some variant declares, so that a stored unit (its kind written as its
/// letter) can be read back without knowing its variant: Standard's kinds, and those
/// [`declare`]d by the registry (every built-in variant's on its first use, each registered
/// one as it registers).
fn declared() -> &'static RwLock<Vec<&'static UnitKindDecl>> {
    static DECLARED: OnceLock<RwLock<Vec<&'static UnitKindDecl>>> = OnceLock::new();
    DECLARED.get_or_init(|| RwLock::new(vec![&ARMY, &FLEET]))
}

/// Makes these kinds known to [`UnitKind::by_letter`] (and so to reading stored units). Two
/// variants that give one letter to different kinds are read as the first declared.
pub fn declare(kinds: &[UnitKind]) {
    let mut list = declared().write().unwrap_or_else(|e| e.into_inner());
    for k in kinds {
        if !list.iter().any(|d| d.letter == k.letter()) {
            list.push(k.0);
        }
    }
}

impl UnitKind {
    /// The declared kind with this letter, if any variant declares one.
    pub fn by_letter(letter: &str) -> Option<UnitKind> {
        let list = declared().read().unwrap_or_else(|e| e.into_inner());
        list.iter()
            .find(|d| d.letter.eq_ignore_ascii_case(letter))
            .map(|d| UnitKind(d))
    }
}

impl Serialize for UnitKind {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.0.letter)
    }
}

impl<'de> Deserialize<'de> for UnitKind {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<UnitKind, D::Error> {
        let letter = String::deserialize(d)?;
        UnitKind::by_letter(&letter).ok_or_else(|| {
            serde::de::Error::custom(format!("'{letter}' is not a declared unit kind"))
        })
    }
}

impl fmt::Debug for UnitKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0.name)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Unit {
    pub power: PowerId,
    pub kind: UnitKind,
    pub location: Location,
}
