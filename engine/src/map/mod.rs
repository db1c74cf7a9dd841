//! The board: provinces, their coasts and terrain, and the borders between them.
//!
//! A [`Map`] is pure geography, loaded from the data files under `maps/<variant>/` by
//! [`load`]. It knows nothing of units' owners or of rules; the rulebook asks it questions
//! such as "which borders leave this coast" and decides what they mean.

mod load;
mod names;

pub use load::{
    parse_map_files, parse_map_files_with, MapError, MapFiles, Movement, STANDARD_MOVEMENT,
};
pub use names::{alphabetical_key, normalise, NameError, NameLookup};

use serde::{Deserialize, Serialize};
use std::fmt;

/// Index of a province in its [`Map`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct ProvinceId(pub u16);

/// Index of a coast within its province's list of coasts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct CoastId(pub u8);

/// Where a unit stands: a province, and for a fleet in a split-coast province, the coast.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Location {
    pub province: ProvinceId,
    pub coast: Option<CoastId>,
}

impl Location {
    pub fn province(province: ProvinceId) -> Self {
        Location {
            province,
            coast: None,
        }
    }
}

/// What a province is made of; it decides which unit kinds may stand there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Terrain {
    /// Inland: armies only.
    Land,
    /// Land with a shore: armies, and fleets along the shore.
    Coast,
    /// Water: fleets only, one unit at a time.
    Sea,
    /// Open water that may hold many fleets at once (Latin American Diplomacy).
    Ocean,
    /// Inland water (Latin American Diplomacy).
    Lake,
    /// Both land and sea at once (Pirates of the Caribbean, Latin American Diplomacy).
    Island,
    /// Impassable to fleets (Latin American Diplomacy's Graham Land).
    Glacier,
    /// A box that holds any number of units (Davis's High Ocean Box, Atlantica's canal boxes).
    Box,
}

impl Terrain {
    pub const ALL: [(&'static str, Terrain); 8] = [
        ("land", Terrain::Land),
        ("coast", Terrain::Coast),
        ("sea", Terrain::Sea),
        ("ocean", Terrain::Ocean),
        ("lake", Terrain::Lake),
        ("island", Terrain::Island),
        ("glacier", Terrain::Glacier),
        ("box", Terrain::Box),
    ];

    pub fn name(self) -> &'static str {
        Terrain::ALL
            .iter()
            .find(|(_, t)| *t == self)
            .map(|(n, _)| *n)
            .unwrap_or("?")
    }

    /// Whether armies can stand here.
    pub fn is_land(self) -> bool {
        matches!(
            self,
            Terrain::Land | Terrain::Coast | Terrain::Island | Terrain::Glacier
        )
    }

    /// Whether this is open water with no land in it, where a fleet may convoy.
    pub fn is_water(self) -> bool {
        matches!(
            self,
            Terrain::Sea | Terrain::Ocean | Terrain::Lake | Terrain::Box
        )
    }

    /// Whether fleets can stand here.
    pub fn takes_fleets(self) -> bool {
        !matches!(self, Terrain::Land | Terrain::Glacier)
    }
}

/// A way of moving, which borders grant or refuse (`borders.txt` names the classes that may
/// cross each border) and which terrains admit or refuse.
#[derive(Debug)]
pub struct MoveClass {
    /// The word `borders.txt` uses for it (`land`, `water`, `river`).
    pub name: &'static str,
    /// The terrains a unit moving by this class may stand on.
    pub terrains: &'static [Terrain],
    /// Whether a unit moving by this class stands on one coast of a province that has several
    /// (and so names the coast it moves to), as fleets do.
    pub coasts: bool,
}

/// Moving over land: armies.
pub static LAND: MoveClass = MoveClass {
    name: "land",
    terrains: &[
        Terrain::Land,
        Terrain::Coast,
        Terrain::Island,
        Terrain::Glacier,
    ],
    coasts: false,
};

/// Moving over water and along shores: fleets.
pub static WATER: MoveClass = MoveClass {
    name: "water",
    terrains: &[
        Terrain::Coast,
        Terrain::Sea,
        Terrain::Ocean,
        Terrain::Lake,
        Terrain::Island,
        Terrain::Box,
    ],
    coasts: true,
};

/// A special quality of a province beyond its terrain, written `tags=...` in `provinces.txt`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ProvinceTag {
    /// A fleet here may convoy as if it were at sea (Maharajah's river provinces).
    RiverConvoy,
    /// Part of a big island that the rules treat as ordinary coast, yet as an island where
    /// "island-based" centres are meant (Pirates' Cuba, Hispaniola, Jamaica, Porto Rico).
    BigIsland,
}

impl ProvinceTag {
    pub const ALL: [(&'static str, ProvinceTag); 2] = [
        ("river-convoy", ProvinceTag::RiverConvoy),
        ("big-island", ProvinceTag::BigIsland),
    ];

    pub fn name(self) -> &'static str {
        ProvinceTag::ALL
            .iter()
            .find(|(_, t)| *t == self)
            .map(|(n, _)| *n)
            .unwrap_or("?")
    }
}

/// A special quality of a border; plain borders have none.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BorderKind {
    River,
    Mountain,
    Rainforest,
    Landbridge,
    DirectPassage,
    Canal,
}

impl BorderKind {
    pub const ALL: [(&'static str, BorderKind); 6] = [
        ("river", BorderKind::River),
        ("mountain", BorderKind::Mountain),
        ("rainforest", BorderKind::Rainforest),
        ("landbridge", BorderKind::Landbridge),
        ("direct-passage", BorderKind::DirectPassage),
        ("canal", BorderKind::Canal),
    ];

    fn bit(self) -> u8 {
        1 << (self as u8)
    }
}

/// The set of [`BorderKind`]s a border carries.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct BorderKinds(u8);

impl BorderKinds {
    pub fn contains(self, kind: BorderKind) -> bool {
        self.0 & kind.bit() != 0
    }
    pub fn insert(&mut self, kind: BorderKind) {
        self.0 |= kind.bit();
    }
    pub fn is_plain(self) -> bool {
        self.0 == 0
    }
}

/// A set of the movement classes of one map, by their place in [`Map::classes`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Classes(pub u32);

impl Classes {
    pub fn contains(self, other: Classes) -> bool {
        self.0 & other.0 != 0
    }
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
}

/// One side of a border as seen from a province: where it leads and who may cross it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Border {
    /// The coast of this province the border leaves from (borders of split provinces for
    /// units that move along coasts).
    pub from_coast: Option<CoastId>,
    pub to: Location,
    /// The movement classes that may cross it (`army`, `fleet`, or class names, in
    /// `borders.txt`).
    pub classes: Classes,
    pub kinds: BorderKinds,
}

#[derive(Clone, Debug)]
pub struct Province {
    /// The short lower-case id used in orders and data files (`lon`, `stp`).
    pub id: String,
    pub name: String,
    pub terrain: Terrain,
    pub supply_center: bool,
    /// Index into the variant's powers of the power whose home centre this is at the start.
    pub home_of: Option<String>,
    /// Split coasts (`nc`, `sc`), empty for a province with one shore or none.
    pub coasts: Vec<String>,
    pub aliases: Vec<String>,
    /// Special qualities the rulebook may ask about (`tags=river-convoy`).
    pub tags: Vec<ProvinceTag>,
    pub borders: Vec<Border>,
    /// The line of `provinces.txt` that defines it, for error messages.
    pub line: usize,
}

/// A starting unit as the data file gives it; the variant turns it into a real unit.
#[derive(Clone, Debug)]
pub struct StartingUnit {
    pub power: String,
    pub kind: String,
    pub location: Location,
    pub line: usize,
}

/// The geography of one variant.
#[derive(Clone, Debug)]
pub struct Map {
    pub provinces: Vec<Province>,
    pub starting_units: Vec<StartingUnit>,
    pub(crate) names: NameLookup,
    /// The movement classes of the variant's unit kinds, each once; a border's [`Classes`]
    /// index this list.
    pub classes: Vec<&'static MoveClass>,
    /// The classes of the kinds that convoy: the borders a chain of convoying units follows.
    pub convoy_classes: Classes,
}

impl Map {
    /// The set holding this class (empty if the map's units have no such class).
    pub fn class_bits(&self, class: &MoveClass) -> Classes {
        match self.classes.iter().position(|c| std::ptr::eq(*c, class)) {
            Some(i) => Classes(1 << i),
            None => Classes(0),
        }
    }

    /// Whether a unit moving by `class` may cross this border (the default of the rulebook's
    /// `can_cross`).
    pub fn crosses(&self, class: &MoveClass, border: &Border) -> bool {
        border.classes.contains(self.class_bits(class))
    }

    /// Whether a chain of convoying units may follow this border.
    pub fn carries_convoys(&self, border: &Border) -> bool {
        border.classes.contains(self.convoy_classes)
    }

    /// Whether a unit moving by `class` may stand at this location by its class alone: the
    /// terrain admits the class, and the location names a coast exactly when the class moves
    /// along coasts and the province has several (the default of the rulebook's `can_stand`).
    pub fn admits(&self, class: &MoveClass, at: Location) -> bool {
        let p = self.province(at.province);
        class.terrains.contains(&p.terrain)
            && if class.coasts {
                p.coasts.is_empty() == at.coast.is_none()
            } else {
                at.coast.is_none()
            }
    }

    pub fn province(&self, id: ProvinceId) -> &Province {
        &self.provinces[id.0 as usize]
    }

    /// Whether the province carries this tag in `provinces.txt`.
    pub fn has_tag(&self, id: ProvinceId, tag: ProvinceTag) -> bool {
        self.province(id).tags.contains(&tag)
    }

    pub fn province_ids(&self) -> impl Iterator<Item = ProvinceId> {
        (0..self.provinces.len() as u16).map(ProvinceId)
    }

    /// Finds a province by its exact id (`lon`).
    pub fn province_by_id(&self, id: &str) -> Option<ProvinceId> {
        self.names.exact_id(id)
    }

    /// Resolves a name as a player may write it: id, full name, alias or unique prefix.
    pub fn lookup(&self) -> &NameLookup {
        &self.names
    }

    pub fn coast_id(&self, province: ProvinceId, coast: &str) -> Option<CoastId> {
        let c = normalise(coast);
        self.province(province)
            .coasts
            .iter()
            .position(|k| *k == c)
            .map(|i| CoastId(i as u8))
    }

    pub fn has_coasts(&self, province: ProvinceId) -> bool {
        !self.province(province).coasts.is_empty()
    }

    /// `lon`, `spa/nc`.
    pub fn location_name(&self, loc: Location) -> String {
        let p = self.province(loc.province);
        match loc.coast {
            Some(c) => format!("{}/{}", p.id, p.coasts[c.0 as usize]),
            None => p.id.clone(),
        }
    }

    pub fn supply_centers(&self) -> impl Iterator<Item = ProvinceId> + '_ {
        self.province_ids()
            .filter(|&p| self.province(p).supply_center)
    }

    /// The border a unit moving by `class` at `from` would cross to reach `to` (a coast of
    /// `to`, if it names one), by its class alone.
    pub fn border_for(&self, class: &MoveClass, from: Location, to: Location) -> Option<&Border> {
        let coasts = class.coasts;
        let class = self.class_bits(class);
        self.province(from.province).borders.iter().find(|b| {
            b.classes.contains(class)
                && (!coasts || b.from_coast == from.coast)
                && b.to.province == to.province
                && (to.coast.is_none() || b.to.coast == to.coast)
        })
    }

    /// Every border a unit moving by `class` at `from` may cross into province `to`, by its
    /// class alone: one per reachable coast.
    pub fn borders_into(
        &self,
        class: &MoveClass,
        from: Location,
        to: ProvinceId,
    ) -> impl Iterator<Item = &Border> + '_ {
        let coasts = class.coasts;
        let class = self.class_bits(class);
        self.province(from.province)
            .borders
            .iter()
            .filter(move |b| {
                b.classes.contains(class)
                    && (!coasts || b.from_coast == from.coast)
                    && b.to.province == to
            })
    }

    /// Any border, of any class, from any coast of `from` to any coast of `to`.
    pub fn any_border(&self, from: ProvinceId, to: ProvinceId) -> bool {
        self.province(from)
            .borders
            .iter()
            .any(|b| b.to.province == to)
    }

    /// Neighbouring provinces, each once, by any border.
    pub fn neighbours(&self, p: ProvinceId) -> impl Iterator<Item = ProvinceId> + '_ {
        let borders = &self.province(p).borders;
        borders.iter().enumerate().filter_map(move |(i, b)| {
            let first = borders[..i].iter().all(|o| o.to.province != b.to.province);
            first.then_some(b.to.province)
        })
    }
}

impl fmt::Display for ProvinceId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}
