//! The map's vocabulary, in which a rulebook says how its own orders and its state on the
//! board are drawn: an arrow between places, a ring round a unit or place, a symbol at a
//! place, a pattern over a province, each group keyed in the variant's words.
//!
//! The renderer knows these shapes and nothing of any variant, so a variant's new mark is a
//! rulebook's choice of shapes, with no edit in `render` or `bot` (`bot::picture` hands them
//! over one for one).

use crate::map::Location;
use crate::unit::{PowerId, UnitKind};

/// Marks drawn for one order or one part of the board, with the word the map's key gives them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Marking {
    /// What the key calls them ("search", "frozen"); not keyed when `None`.
    pub key: Option<String>,
    pub marks: Vec<MapMark>,
}

impl Marking {
    /// `marks`, keyed as `key`.
    pub fn keyed(key: impl Into<String>, marks: Vec<MapMark>) -> Self {
        Marking {
            key: Some(key.into()),
            marks,
        }
    }
}

/// One shape on the map.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MapMark {
    Arrow(Arrow),
    /// A ring round the unit at `at` (or the place, with none there).
    Ring {
        at: Location,
        line: Stroke,
        colour: MarkColour,
        /// A glyph at the ring's upper right.
        badge: Option<Glyph>,
        /// A unit that appears here (a placement), drawn inside the ring.
        unit: Option<UnitKind>,
    },
    /// A glyph on a disc beside the province's unit place, clear of a unit standing there.
    Symbol {
        at: Location,
        glyph: Glyph,
        colour: MarkColour,
    },
    /// The province (a coast: a disc at its anchor) covered with a pattern.
    Pattern {
        at: Location,
        pattern: Pattern,
        colour: MarkColour,
    },
}

impl MapMark {
    /// A plain ring round the unit at `at`.
    pub fn ring(at: Location, line: Stroke, colour: MarkColour) -> Self {
        MapMark::Ring {
            at,
            line,
            colour,
            badge: None,
            unit: None,
        }
    }
}

/// An arrow from the unit at `from` (or the place, with none there) to `to`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Arrow {
    pub from: Location,
    pub to: Location,
    /// Ends at the unit standing at `to` (a boarding) rather than at the place.
    pub to_unit: bool,
    pub line: Stroke,
    pub head: Head,
    /// A glyph on a disc where the arrow ends (a search's "?").
    pub tip: Option<Glyph>,
    /// A glyph on a small disc along the arrow (a rank among choices).
    pub label: Option<Glyph>,
    pub colour: MarkColour,
}

impl Arrow {
    /// A solid-headed arrow with no tip or label, ending at the place `to`.
    pub fn new(from: Location, to: Location, line: Stroke, colour: MarkColour) -> Self {
        Arrow {
            from,
            to,
            to_unit: false,
            line,
            head: Head::Solid,
            tip: None,
            label: None,
            colour,
        }
    }
}

impl From<Arrow> for MapMark {
    fn from(a: Arrow) -> Self {
        MapMark::Arrow(a)
    }
}

/// A small sign on a disc.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Glyph {
    Question,
    Plus,
    /// A pennant on a pole, in the mark's colour.
    Flag,
    Number(u32),
    /// A short word or count ("2/3"); the map shows its first six characters.
    Text(String),
}

/// How a line is stroked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stroke {
    Solid,
    Dashed,
    Dotted,
    DashDotted,
    /// Thin and finely dotted: a choice rather than an act.
    Fine,
}

/// The end of an arrow.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Head {
    Solid,
    Open,
    None,
}

/// What covers a province.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pattern {
    /// Diagonal stripes over a pale tint.
    Hatch,
    /// Dots over a pale tint.
    Dots,
}

/// The colour of a mark.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MarkColour {
    Power(PowerId),
    /// The map's dark ink.
    Ink,
    /// Pale water blue (ice, a flood).
    Water,
}
