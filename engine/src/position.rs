//! A position: everything on the board at one phase of a game.

use crate::map::ProvinceId;
use crate::phase::Phase;
use crate::token::{Token, TokenKind};
use crate::unit::{PowerId, Unit};
use serde::{Deserialize, Serialize};

/// A unit pushed out of its province, waiting to retreat or be disbanded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Dislodged {
    pub unit: Unit,
    /// Where the unit that dislodged it came from; it may not retreat there (unless the
    /// attacker came by convoy and the rulebook allows it).
    pub attacker_from: ProvinceId,
    pub attacker_came_by_convoy: bool,
    /// The attacker came in along another coast of this province (the coastal crawl); the unit
    /// may then retreat to where the attacker came from, if the rulebook allows the crawl.
    pub attacked_along_other_coast: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Position {
    pub phase: Phase,
    pub units: Vec<Unit>,
    /// Non-empty only in a retreat phase.
    pub dislodged: Vec<Dislodged>,
    /// Provinces left empty by a standoff in the movement before; no retreat may go there.
    pub contested: Vec<ProvinceId>,
    /// Owner of each province, indexed by province; only supply centres matter.
    pub owners: Vec<Option<PowerId>>,
    /// Whose home centre each province is, indexed by province. Starts from the map; a variant
    /// may change it during the game (Maharajah's earned home centres).
    pub homes: Vec<Option<PowerId>>,
    /// The variant's own state on the board (an A/F's moves at sea, a canal's builds), in
    /// [`Token::sort`]'s order; empty in Standard.
    pub tokens: Vec<Token>,
}

impl Position {
    /// The unit in a province; where several may stand (the variant's `holds_many`), the first.
    pub fn unit_at(&self, province: ProvinceId) -> Option<&Unit> {
        self.units.iter().find(|u| u.location.province == province)
    }

    /// Every unit in a province: one at most, except where the variant's `holds_many` allows
    /// several.
    pub fn units_at(&self, province: ProvinceId) -> impl Iterator<Item = &Unit> + '_ {
        self.units
            .iter()
            .filter(move |u| u.location.province == province)
    }

    /// Whether no unit stands in the province.
    pub fn is_empty(&self, province: ProvinceId) -> bool {
        self.unit_at(province).is_none()
    }

    /// Whether `province` is a home centre of `power` that `power` owns.
    pub fn owns_home_centre(&self, power: PowerId, province: ProvinceId) -> bool {
        let i = province.0 as usize;
        self.homes[i] == Some(power) && self.owners[i] == Some(power)
    }

    /// The tokens of `kind` in `province`.
    pub fn tokens_at(
        &self,
        kind: TokenKind,
        province: ProvinceId,
    ) -> impl Iterator<Item = &Token> + '_ {
        self.tokens
            .iter()
            .filter(move |t| t.kind == kind && t.at.province == province)
    }

    /// The token of `kind` kept for `power` in `province`, if there is one.
    pub fn token_of(
        &self,
        kind: TokenKind,
        province: ProvinceId,
        power: PowerId,
    ) -> Option<&Token> {
        self.tokens.iter().find(|t| t.is(kind, province, power))
    }

    pub fn centres_of(&self, power: PowerId) -> impl Iterator<Item = ProvinceId> + '_ {
        self.owners
            .iter()
            .enumerate()
            .filter(move |(_, o)| **o == Some(power))
            .map(|(i, _)| ProvinceId(i as u16))
    }
}
