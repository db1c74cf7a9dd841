//! The position to draw: plain data the caller fills in, independent of the engine.

use serde::{Deserialize, Serialize};

use crate::palette::{Palette, Rgb};

/// Everything drawn on top of the map art for one image.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Scene {
    /// Heading of the legend, in the caller's words ("Spring 1901 movement", "Monsoon 1501").
    pub title: String,
    /// Which colour set the game uses.
    pub palette: Palette,
    /// The powers in legend order, with their colours.
    pub powers: Vec<PowerStyle>,
    /// Provinces shaded in a power's colour (owned centres and controlled land).
    pub owners: Vec<Owner>,
    /// Supply centres with their owner and home power. Centres the art has but
    /// the scene leaves out are drawn as unowned neutrals.
    pub supply_centres: Vec<ScMarker>,
    pub units: Vec<UnitMark>,
    pub orders: Vec<OrderMark>,
    /// Centre counts for the legend. When empty they are counted from `supply_centres`.
    pub sc_counts: Vec<ScCount>,
    /// Unit kinds keyed in the legend with their names, beside armies and fleets, which every
    /// player knows (a river flotilla, an army aboard a fleet).
    pub unit_keys: Vec<UnitKey>,
    /// What a variant's rules show of the board beyond units and centres (a sea frozen for
    /// now, a counter that grows over the years), in the renderer's vocabulary, each group
    /// keyed in the legend in the variant's words.
    pub marks: Vec<Marking>,
    /// Provinces drawn only as the art draws them: no owner's colour, no centre marker and no
    /// mark, even where the art has a centre anchor (a secret province not yet found).
    pub hidden: Vec<String>,
}

/// A unit kind and its name, for the legend.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnitKey {
    pub kind: UnitKind,
    /// The kind's name in the caller's words ("army/fleet").
    pub name: String,
}

/// Marks of a variant's state on the board, with the word the legend keys them by.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Marking {
    /// What the key calls them ("frozen"); not keyed when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub key: Option<String>,
    pub marks: Vec<Mark>,
}

/// The renderer's vocabulary for what a variant draws: an arrow between places, a ring round
/// a unit or place, a symbol at a place, a pattern over a province. A variant's new mark is
/// made of these, so it needs no new drawing code.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "shape", rename_all = "snake_case")]
pub enum Mark {
    /// An arrow from the unit at `from` (or the place, with none there) to `to`.
    Arrow {
        from: Location,
        to: Location,
        /// The arrow ends at the unit standing at `to` rather than at the place.
        #[serde(default)]
        to_unit: bool,
        line: Stroke,
        head: Head,
        /// A glyph on a disc where the arrow ends (a "?" for a search).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        tip: Option<Glyph>,
        /// A glyph on a small disc along the arrow (a retreat list's rank).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        label: Option<Glyph>,
        colour: MarkColour,
    },
    /// A ring round the unit at `at` (or the place), with a badge at its upper right and,
    /// for a unit that appears, that unit inside it.
    Ring {
        at: Location,
        line: Stroke,
        colour: MarkColour,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        badge: Option<Glyph>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
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

/// A small sign drawn on a disc.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Glyph {
    Question,
    Plus,
    /// A pennant flying from a pole, in the mark's colour.
    Flag,
    Number(u32),
    /// A short word or count ("2/3"); a long one is cut at six characters.
    Text(String),
}

/// How a mark's line is stroked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stroke {
    Solid,
    Dashed,
    Dotted,
    DashDotted,
    /// Thin and finely dotted: a choice, not an act.
    Fine,
}

/// The end of an arrow.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Head {
    Solid,
    Open,
    None,
}

/// What covers a province.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Pattern {
    /// Diagonal stripes over a pale tint.
    Hatch,
    /// A grid of dots over a pale tint.
    Dots,
}

/// The colour of a mark.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MarkColour {
    /// The colour of the power with this name.
    Power(String),
    /// The map's dark ink.
    Ink,
    /// Pale water blue (ice, a flood).
    Water,
}

/// A power's name and how it is coloured.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PowerStyle {
    /// The name every other part of the scene (units, orders, owners) uses for this power:
    /// the stored name, matched exactly.
    pub name: String,
    /// How the legend writes the power for players ("C.S.A." for `CSA`); the name when absent.
    /// Only words use it, so a name shown with dots never has to match one stored without.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
    pub colour: PowerColour,
}

impl PowerStyle {
    /// A power coloured by its slot in the scene's palette.
    pub fn new(name: impl Into<String>, slot: usize) -> Self {
        PowerStyle {
            name: name.into(),
            label: None,
            colour: PowerColour::Slot(slot),
        }
    }

    /// The same power written `label` in the legend.
    pub fn labelled(mut self, label: impl Into<String>) -> Self {
        self.label = Some(label.into());
        self
    }

    /// What the legend writes for the power.
    pub fn shown(&self) -> &str {
        self.label.as_deref().unwrap_or(&self.name)
    }
}

/// Either a slot in the palette (0..12) or a fixed colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum PowerColour {
    Slot(usize),
    Fixed(Rgb),
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Owner {
    pub province: String,
    pub power: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScMarker {
    pub province: String,
    #[serde(default)]
    pub owner: Option<String>,
    /// The power whose home centre this is; `None` for a neutral centre.
    #[serde(default)]
    pub home_of: Option<String>,
    /// The home centre was gained during the game rather than given by the map (Maharajah's
    /// earned home centres): drawn with a second ring in the home power's colour.
    #[serde(default)]
    pub earned: bool,
    /// A power on its way to making this centre its home (Maharajah): drawn as pips in an arc
    /// over the marker, `done` of `needed` filled in that power's colour.
    #[serde(default)]
    pub claim: Option<Claim>,
    /// The centre's name, written beside its marker, for a centre the art does not draw
    /// (Atlantica's Atlantis, once found): such a marker stands on the rim of the province's
    /// unit place, so a unit there leaves it in sight.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
}

impl ScMarker {
    /// A marker with no earned home and no claim.
    pub fn new(
        province: impl Into<String>,
        owner: Option<String>,
        home_of: Option<String>,
    ) -> Self {
        ScMarker {
            province: province.into(),
            owner,
            home_of,
            earned: false,
            claim: None,
            name: None,
        }
    }
}

/// Progress towards a home centre: how many of the turns needed are done.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Claim {
    pub power: String,
    pub done: u32,
    pub needed: u32,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScCount {
    pub power: String,
    pub count: usize,
}

/// A province, optionally with one of its coasts. Written "stp" or "stp/nc" in JSON.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Location {
    pub province: String,
    pub coast: Option<String>,
}

impl Location {
    pub fn new(province: impl Into<String>) -> Self {
        Location {
            province: province.into(),
            coast: None,
        }
    }

    pub fn with_coast(province: impl Into<String>, coast: impl Into<String>) -> Self {
        Location {
            province: province.into(),
            coast: Some(coast.into()),
        }
    }
}

impl From<&str> for Location {
    /// Splits "stp/nc" into province and coast; a plain id has no coast.
    fn from(s: &str) -> Self {
        match s.split_once('/') {
            Some((p, c)) => Location::with_coast(p, c),
            None => Location::new(s),
        }
    }
}

impl TryFrom<String> for Location {
    type Error = String;
    fn try_from(s: String) -> Result<Self, String> {
        if s.is_empty() {
            return Err("empty location".into());
        }
        Ok(Location::from(s.as_str()))
    }
}

impl From<Location> for String {
    fn from(l: Location) -> String {
        l.to_string()
    }
}

impl std::fmt::Display for Location {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.coast {
            Some(c) => write!(f, "{}/{}", self.province, c),
            None => f.write_str(&self.province),
        }
    }
}

/// The symbol a unit is drawn with. Armies, fleets, river flotillas and armies aboard fleets
/// have shapes of their own; any other kind is drawn as a rounded square with its letter.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum UnitKind {
    Army,
    Fleet,
    /// A unit that travels only along rivers, drawn for any kind declared with the letter `R`
    /// (Latin American Diplomacy's river flotilla and the test variant's; Maharajah has none:
    /// its ordinary fleets sail the rivers).
    RiverFlotilla,
    /// An army aboard a fleet (Davis's and Atlantica's A/F): the fleet's hull carrying an
    /// army's disc.
    ArmyFleet,
    /// Any other kind, by the letter (or short word) its variant declares: drawn as a rounded
    /// square with that letter.
    Other(String),
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnitMark {
    pub power: String,
    pub kind: UnitKind,
    pub location: Location,
    /// Dislodged units are drawn beside the province's unit, with arrows to `retreats`.
    #[serde(default)]
    pub dislodged: bool,
    #[serde(default)]
    pub retreats: Vec<Location>,
    /// On a movement map: this unit stood here when the orders were given and was dislodged
    /// by the unit that moved in from this location. It is drawn pushed out of its province
    /// away from its attacker, in a red broken ring tied to where the attack arrives.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dislodged_by: Option<Location>,
}

impl UnitMark {
    pub fn new(power: impl Into<String>, kind: UnitKind, location: impl Into<Location>) -> Self {
        UnitMark {
            power: power.into(),
            kind,
            location: location.into(),
            dislodged: false,
            retreats: Vec::new(),
            dislodged_by: None,
        }
    }
}

/// An order as drawn, with how it turned out.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct OrderMark {
    /// The power whose colour the order is drawn in.
    pub power: String,
    pub order: Order,
    #[serde(default)]
    pub outcome: Outcome,
}

impl OrderMark {
    pub fn new(power: impl Into<String>, order: Order) -> Self {
        OrderMark {
            power: power.into(),
            order,
            outcome: Outcome::Succeeded,
        }
    }

    pub fn with_outcome(mut self, outcome: Outcome) -> Self {
        self.outcome = outcome;
        self
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Order {
    Hold {
        unit: Location,
    },
    Move {
        unit: Location,
        to: Location,
        #[serde(default)]
        via_convoy: bool,
    },
    SupportHold {
        unit: Location,
        target: Location,
    },
    SupportMove {
        unit: Location,
        from: Location,
        to: Location,
    },
    Convoy {
        unit: Location,
        from: Location,
        to: Location,
    },
    /// A dislodged unit's retreat; drawn from where the dislodged unit is shown.
    Retreat {
        unit: Location,
        to: Location,
    },
    Build {
        at: Location,
        unit_kind: UnitKind,
    },
    /// Removal of a unit, in adjustments or instead of a retreat.
    Disband {
        unit: Location,
    },
    /// One of a variant's own orders, drawn in the renderer's vocabulary as its rules say
    /// (see [`Mark`]), and keyed in their words.
    Marked {
        /// The unit (or place) the order is for: its drawing is named by it, and an arrow
        /// from this province starts at the ordering power's unit there.
        unit: Location,
        /// What the key calls it ("search", "granted"); not keyed when absent.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        key: Option<String>,
        marks: Vec<Mark>,
    },
    /// A dislodged unit the rules moved without an order of its owner (a retreat list or a
    /// right-hand rule applied): a dash-dotted arrow with a small square at its foot.
    RuledRetreat {
        unit: Location,
        to: Location,
    },
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    #[default]
    Succeeded,
    /// Legal but did not happen (bounced, cut, dislodged).
    Failed,
    /// Not a valid order; shown so players see what was written.
    Illegal,
    /// A valid order that could do nothing: it helps a move or hold that was not made (a
    /// support for a move not ordered, a convoy of an army that stayed).
    Void,
}

impl Scene {
    /// The colour of a power by name, if the scene lists it.
    pub fn power_colour(&self, name: &str) -> Option<Rgb> {
        self.powers
            .iter()
            .find(|p| p.name == name)
            .map(|p| match p.colour {
                PowerColour::Slot(i) => self.palette.colour(i),
                PowerColour::Fixed(c) => c,
            })
    }
}
