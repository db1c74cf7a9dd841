//! The board: provinces, their coasts and terrain, and the borders between them.
//!
//! A [`Map`] is pure geography, loaded from the data files under `maps/<variant>/` by
//! [`load`]. It knows nothing of units' owners or of rules; the rulebook asks it questions
//! such as "which borders leave this coast" and decides what they mean.

mod clockwise;
mod load;
mod names;
mod vocabulary;

pub use clockwise::parse_clockwise;
pub use load::{
    parse_map_files, parse_map_files_with, MapError, MapFiles, Movement, STANDARD_MOVEMENT,
};
pub use names::{alphabetical_key, normalise, NameError, NameLookup};
pub use vocabulary::{ClassDecl, TagDecl, TerrainDecl, Vocabulary};

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

/// Index of a terrain in its [`Map`]'s declared terrains ([`Map::terrains`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TerrainId(pub u8);

/// What a province is made of, as the variant's vocabulary declares it
/// ([`Vocabulary`]): the facts about it the core rules need.
#[derive(Clone, Debug)]
pub struct Terrain {
    /// The word `provinces.txt` uses for it (`land`, `coast`, `sea`, `glacier`).
    pub name: String,
    /// The movement classes that may stand here.
    pub admits: Classes,
    /// Whether a fleet here may convoy (open water): the default of the rulebook's
    /// `can_convoy_at`.
    pub convoys: bool,
    /// Whether a convoyed army may embark or land here: the default of `can_convoy_to`.
    pub lands: bool,
    /// Whether it holds any number of units at once: the default of `holds_many`.
    pub holds_many: bool,
}

/// A way of moving, as a unit kind names it: which borders grant or refuse it (`borders.txt`
/// names the classes that may cross each border), which terrains admit it (each terrain's
/// `stand` list), and whether it moves along coasts (the vocabulary's `[[classes]]`) are the
/// map's data, asked of the [`Map`] by this name.
#[derive(Debug)]
pub struct MoveClass {
    /// The word `borders.txt` and the vocabulary use for it (`land`, `water`, `river`).
    pub name: &'static str,
}

/// Moving over land: armies.
pub static LAND: MoveClass = MoveClass { name: "land" };

/// Moving over water and along shores: fleets.
pub static WATER: MoveClass = MoveClass { name: "water" };

/// A province tag, as a rulebook holds it: looked up by name once ([`Map::tag`]); a name the
/// variant does not declare gives a tag no province carries.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ProvinceTag(u64);

/// The tags a province carries (`tags=...` in `provinces.txt`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ProvinceTags(u64);

impl ProvinceTags {
    pub fn contains(self, tag: ProvinceTag) -> bool {
        self.0 & tag.0 != 0
    }
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
}

/// A border kind, as a rulebook holds it: looked up by name once ([`Map::border_kind`]); a
/// name the variant does not declare gives a kind no border has.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct BorderKind(u64);

/// The set of [`BorderKind`]s a border carries; plain borders have none.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct BorderKinds(u64);

impl BorderKinds {
    pub fn contains(self, kind: BorderKind) -> bool {
        self.0 & kind.0 != 0
    }
    pub fn is_plain(self) -> bool {
        self.0 == 0
    }
}

/// The most province tags, and the most border kinds, one variant may declare.
pub const MAX_DECLARED: usize = 64;

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
    /// The province the border leaves from (a rule that closes borders out of a place, such
    /// as a frozen sea, needs to know it).
    pub from: ProvinceId,
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
    pub terrain: TerrainId,
    pub supply_center: bool,
    /// The name of the power whose home centre this is at the start.
    pub home_of: Option<String>,
    /// The name of the power that owns this centre at the start without it being a home
    /// centre (`owner=` in `provinces.txt`): a centre given away at the start, never a build
    /// site for its owner (Atlantica II's gift centres).
    pub owner: Option<String>,
    /// Split coasts (`nc`, `sc`), empty for a province with one shore or none: every
    /// designation of every class that moves along coasts (a flotilla's river banks too).
    pub coasts: Vec<String>,
    /// For each of [`Province::coasts`], the classes that stand on it (`coasts=` gives a
    /// designation to every class that moves along coasts, `coasts-<class>=` to that one).
    pub coast_classes: Vec<Classes>,
    /// The classes that may stand here: those its terrain admits, and a class that stands on
    /// its routes wherever one of its own borders reaches.
    pub stands: Classes,
    pub aliases: Vec<String>,
    /// Special qualities the rulebook may ask about (`tags=river-convoy`).
    pub tags: ProvinceTags,
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
    /// The classes that move along coasts (declared `coasts = true` in the vocabulary).
    pub coast_classes: Classes,
    /// The terrains the variant declares; a province's [`TerrainId`] indexes this list.
    pub terrains: Vec<Terrain>,
    /// The province tags the variant declares, in order: the n-th is bit n of [`ProvinceTags`].
    pub tag_names: Vec<String>,
    /// The border kinds the variant declares, in order: the n-th is bit n of [`BorderKinds`].
    pub border_kind_names: Vec<String>,
    /// Each province's neighbours in clockwise order around it on the map, indexed by
    /// province, from the variant's optional `clockwise.txt`; empty when it has none.
    pub clockwise: Vec<Vec<ProvinceId>>,
    /// Each province's place when all are sorted by full name as players read them (case and
    /// accents folded, see [`alphabetical_key`]), indexed by province; ties keep map order.
    /// Computed once at load: lists shown in alphabetical order sort by it without
    /// normalising names again (the Pirates setup does so on every adjudication).
    pub alphabetical: Vec<u32>,
}

impl Map {
    /// Sorts provinces alphabetically by full name (see [`Map::alphabetical`]).
    pub fn sort_alphabetically(&self, provinces: &mut [ProvinceId]) {
        provinces.sort_by_key(|p| self.alphabetical[p.0 as usize]);
    }

    /// The set holding this class (empty if the map's units have no such class).
    pub fn class_bits(&self, class: &MoveClass) -> Classes {
        match self.classes.iter().position(|c| c.name == class.name) {
            Some(i) => Classes(1 << i),
            None => Classes(0),
        }
    }

    /// Whether a unit moving by `class` stands on one coast of a province that has several
    /// for it (the vocabulary's `coasts`).
    pub fn moves_along_coasts(&self, class: &MoveClass) -> bool {
        self.coast_classes.contains(self.class_bits(class))
    }

    /// The coasts of a province a unit moving by `class` stands on, one of which it names
    /// there: empty where it has one shore or none.
    pub fn coasts_for(
        &self,
        class: &MoveClass,
        province: ProvinceId,
    ) -> impl Iterator<Item = CoastId> + '_ {
        let bit = self.class_bits(class);
        self.province(province)
            .coast_classes
            .iter()
            .enumerate()
            .filter(move |(_, c)| c.contains(bit))
            .map(|(i, _)| CoastId(i as u8))
    }

    /// Whether a unit moving by `class` names a coast in this province.
    pub fn has_coasts_for(&self, class: &MoveClass, province: ProvinceId) -> bool {
        self.coasts_for(class, province).next().is_some()
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
        let bit = self.class_bits(class);
        let p = self.province(at.province);
        p.stands.contains(bit)
            && match at.coast {
                None => !self.has_coasts_for(class, at.province),
                Some(c) => p
                    .coast_classes
                    .get(c.0 as usize)
                    .is_some_and(|k| k.contains(bit)),
            }
    }

    pub fn province(&self, id: ProvinceId) -> &Province {
        &self.provinces[id.0 as usize]
    }

    /// The terrain of a province.
    pub fn terrain(&self, id: ProvinceId) -> &Terrain {
        &self.terrains[self.province(id).terrain.0 as usize]
    }

    /// The declared terrain of this name, if the variant declares one.
    pub fn terrain_id(&self, name: &str) -> Option<TerrainId> {
        self.terrains
            .iter()
            .position(|t| t.name == name)
            .map(|i| TerrainId(i as u8))
    }

    /// The declared province tag of this name; one no province carries if it is not declared.
    pub fn tag(&self, name: &str) -> ProvinceTag {
        ProvinceTag(bit_of(&self.tag_names, name))
    }

    /// The declared border kind of this name; one no border has if it is not declared.
    pub fn border_kind(&self, name: &str) -> BorderKind {
        BorderKind(bit_of(&self.border_kind_names, name))
    }

    /// Whether the province carries this tag in `provinces.txt`.
    pub fn has_tag(&self, id: ProvinceId, tag: ProvinceTag) -> bool {
        self.province(id).tags.contains(tag)
    }

    /// The names of the tags a province carries, in declared order.
    pub fn tags_of(&self, id: ProvinceId) -> Vec<&str> {
        let tags = self.province(id).tags;
        self.tag_names
            .iter()
            .enumerate()
            .filter(|(i, _)| tags.0 & (1 << i) != 0)
            .map(|(_, n)| n.as_str())
            .collect()
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
        let coasts = self.moves_along_coasts(class);
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
        let coasts = self.moves_along_coasts(class);
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

    /// The neighbours of a province in clockwise order around it (from `clockwise.txt`);
    /// `None` when the variant has no such data.
    pub fn clockwise(&self, p: ProvinceId) -> Option<&[ProvinceId]> {
        self.clockwise.get(p.0 as usize).map(|r| r.as_slice())
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

/// The bit of a name in a list of declared names, 0 if it is not there.
fn bit_of(names: &[String], name: &str) -> u64 {
    names
        .iter()
        .position(|n| n == name)
        .map_or(0, |i| 1u64 << i)
}

impl fmt::Display for ProvinceId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}
