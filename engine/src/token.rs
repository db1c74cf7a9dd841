//! A variant's own state on the board: tokens, each of a kind its rulebook declares (an A/F's
//! moves at sea, Atlantis found, a canal's builds, an anchor marker), kept with the position.
//!
//! The core knows no token kind by name, as it knows no unit kind: a rulebook lists its kinds
//! ([`crate::rulebook::StateHooks::token_kinds`]), each a [`TokenDecl`] saying what a token of
//! that kind holds ([`TokenShape`]) and whether it is kept for a power. The position stores
//! them, the case format and the store read and write them by the kind's name, and reading
//! checks each against its variant's declarations, so a stored or imported game never holds
//! state its rules cannot read.

use crate::map::{Location, ProvinceId};
use crate::unit::PowerId;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::sync::{OnceLock, RwLock};

/// What a token of a kind holds beside its place and power.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TokenShape {
    /// A number that grows or falls from phase to phase ([`TokenValue::Count`]).
    Count,
    /// The province the power's unit here came from ([`TokenValue::From`]).
    From,
    /// Nothing more: that it is there is the fact ([`TokenValue::Standing`]).
    Flag,
    /// A marker that stands in a place or is carried by the unit there
    /// ([`TokenValue::Standing`] or [`TokenValue::Carried`]).
    Marker,
}

/// One kind of token as a rulebook declares it.
#[derive(Debug)]
pub struct TokenDecl {
    /// Its name in files (`rations`, `atlantis`, `canal`, `anchor`): lower case, no spaces.
    pub name: &'static str,
    /// What it holds.
    pub shape: TokenShape,
    /// Whether each token is kept for a power (an A/F's count is its power's; an anchor
    /// marker belongs to no power).
    pub owned: bool,
    /// Whether it may stand on one coast of a province (an anchor on a river bank) rather
    /// than on the province as a whole.
    pub on_coasts: bool,
}

/// A token kind: a reference to its declaration. Two kinds are the same when their names are.
#[derive(Clone, Copy)]
pub struct TokenKind(pub &'static TokenDecl);

impl TokenKind {
    pub fn name(self) -> &'static str {
        self.0.name
    }

    pub fn shape(self) -> TokenShape {
        self.0.shape
    }

    pub fn owned(self) -> bool {
        self.0.owned
    }

    /// The declared kind with this name, if some variant declares one.
    pub fn by_name(name: &str) -> Option<TokenKind> {
        let list = declared().read().unwrap_or_else(|e| e.into_inner());
        list.iter().find(|d| d.name == name).map(|d| TokenKind(d))
    }
}

impl PartialEq for TokenKind {
    fn eq(&self, other: &TokenKind) -> bool {
        std::ptr::eq(self.0, other.0) || self.0.name == other.0.name
    }
}

impl Eq for TokenKind {}

impl PartialOrd for TokenKind {
    fn partial_cmp(&self, other: &TokenKind) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for TokenKind {
    fn cmp(&self, other: &TokenKind) -> std::cmp::Ordering {
        self.0.name.cmp(other.0.name)
    }
}

impl fmt::Debug for TokenKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0.name)
    }
}

/// Every token kind some variant declares, so a stored position can be read back by name.
fn declared() -> &'static RwLock<Vec<&'static TokenDecl>> {
    static DECLARED: OnceLock<RwLock<Vec<&'static TokenDecl>>> = OnceLock::new();
    DECLARED.get_or_init(|| RwLock::new(Vec::new()))
}

/// Makes these kinds known to [`TokenKind::by_name`]. Two variants that give one name to
/// different kinds are read as the first declared.
pub fn declare(kinds: &[TokenKind]) {
    {
        let list = declared().read().unwrap_or_else(|e| e.into_inner());
        if kinds
            .iter()
            .all(|k| list.iter().any(|d| d.name == k.name()))
        {
            return;
        }
    }
    let mut list = declared().write().unwrap_or_else(|e| e.into_inner());
    for k in kinds {
        if !list.iter().any(|d| d.name == k.name()) {
            list.push(k.0);
        }
    }
}

impl Serialize for TokenKind {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.0.name)
    }
}

impl<'de> Deserialize<'de> for TokenKind {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<TokenKind, D::Error> {
        let name = String::deserialize(d)?;
        TokenKind::by_name(&name)
            .ok_or_else(|| serde::de::Error::custom(format!("'{name}' is not a declared token")))
    }
}

/// What one token holds, by its kind's [`TokenShape`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum TokenValue {
    Count(u32),
    From(ProvinceId),
    /// A flag, or a marker standing in its place.
    Standing,
    /// A marker carried by the unit at the token's place.
    Carried,
}

impl TokenValue {
    /// Whether a token of this shape may hold this value.
    pub fn fits(self, shape: TokenShape) -> bool {
        matches!(
            (shape, self),
            (TokenShape::Count, TokenValue::Count(_))
                | (TokenShape::From, TokenValue::From(_))
                | (TokenShape::Flag, TokenValue::Standing)
                | (
                    TokenShape::Marker,
                    TokenValue::Standing | TokenValue::Carried
                )
        )
    }
}

/// One piece of a variant's state on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Token {
    pub kind: TokenKind,
    /// Where it is: a province, or one coast of it for a kind kept on coasts.
    pub at: Location,
    /// The power it is kept for; `None` for a kind that belongs to no power.
    pub power: Option<PowerId>,
    pub value: TokenValue,
}

impl Token {
    /// A token kept for `power` on a whole province.
    pub fn owned(kind: TokenKind, province: ProvinceId, power: PowerId, value: TokenValue) -> Self {
        Token {
            kind,
            at: Location::province(province),
            power: Some(power),
            value,
        }
    }

    /// A token of a kind that belongs to no power, on a whole province.
    pub fn unowned(kind: TokenKind, province: ProvinceId, value: TokenValue) -> Self {
        Token {
            kind,
            at: Location::province(province),
            power: None,
            value,
        }
    }

    pub fn province(&self) -> ProvinceId {
        self.at.province
    }

    /// The number a counting token holds; 0 for any other.
    pub fn count(&self) -> u32 {
        match self.value {
            TokenValue::Count(n) => n,
            _ => 0,
        }
    }

    /// Whether this is a token of `kind` kept for `power` in `province`.
    pub fn is(&self, kind: TokenKind, province: ProvinceId, power: PowerId) -> bool {
        self.kind == kind && self.at.province == province && self.power == Some(power)
    }

    /// The order positions keep tokens in: by province, kind and power, the highest count
    /// first (so several of one power's A/Fs in one box pair with their counts in order).
    pub fn sort(tokens: &mut [Token]) {
        tokens.sort_by(|a, b| {
            (a.at.province, a.kind, a.power, a.at.coast)
                .cmp(&(b.at.province, b.kind, b.power, b.at.coast))
                .then_with(|| b.count().cmp(&a.count()))
                .then_with(|| a.value.cmp(&b.value))
        });
    }
}
