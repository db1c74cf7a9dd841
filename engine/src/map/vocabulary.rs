//! The words a variant's map data may use: movement classes, terrains, province tags and
//! border kinds, declared
//! as data (`maps/vocabulary.toml`, extended by a variant's `[vocabulary]` table) rather than
//! fixed in the core.
//!
//! A declaration says what the core rules need of each word (where a terrain admits which
//! movement classes, whether fleets there convoy, ...); what a tag or border kind *means* is
//! up to the rulebook that asks for it by name ([`super::Map::tag`], [`super::Map::border_kind`]).

use serde::Deserialize;
use std::sync::OnceLock;

/// The shared vocabulary, as `maps/vocabulary.toml` declares it.
const STANDARD_TEXT: &str = include_str!("../../../maps/vocabulary.toml");
const STANDARD_FILE: &str = "maps/vocabulary.toml";

/// A set of declared words, in the order declared.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Vocabulary {
    #[serde(default)]
    pub terrains: Vec<TerrainDecl>,
    #[serde(default)]
    pub tags: Vec<TagDecl>,
    #[serde(default)]
    pub border_kinds: Vec<String>,
    /// The movement classes whose facts are data (`land`, `water`, Latin American Diplomacy's
    /// `river`); a class a unit kind moves by that no declaration names moves along no coasts
    /// and only where borders and terrains name it.
    #[serde(default)]
    pub classes: Vec<ClassDecl>,
}

/// One movement class as declared: what the map loader needs to know of a way of moving.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClassDecl {
    pub name: String,
    /// Whether a unit moving by it stands on one coast of a province that has several (and so
    /// names the coast it moves to), as fleets do.
    #[serde(default)]
    pub coasts: bool,
    /// Another class whose every border this one may cross too, where it may stand at both
    /// ends (Latin American Diplomacy's flotillas sail the fleets' waters).
    #[serde(default)]
    pub follows: Option<String>,
    /// Whether it also stands on any province one of its own borders in `borders.txt` reaches,
    /// whatever the terrain (a flotilla on land wherever a river runs).
    #[serde(default)]
    pub stands_on_routes: bool,
    #[serde(skip)]
    pub file: String,
}

/// One terrain as declared.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TerrainDecl {
    pub name: String,
    /// The movement classes, by their `borders.txt` words (`land`, `water`, `army`, ...), that
    /// may stand here.
    pub stand: Vec<String>,
    /// Whether a fleet here may convoy (open water).
    #[serde(default)]
    pub convoys: bool,
    /// Whether a convoyed army may embark or land here.
    #[serde(default)]
    pub lands: bool,
    /// Whether it holds any number of units at once.
    #[serde(default)]
    pub holds_many: bool,
    /// The file that declares it, for error messages.
    #[serde(skip)]
    pub file: String,
}

/// One province tag as declared.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TagDecl {
    pub name: String,
    /// The terrains a province with this tag may have; empty for any.
    #[serde(default)]
    pub on: Vec<String>,
    #[serde(skip)]
    pub file: String,
}

impl Vocabulary {
    /// Reads a vocabulary from TOML text, noting `file` as where each word is declared.
    pub fn parse(text: &str, file: &str) -> Result<Vocabulary, toml::de::Error> {
        let mut v: Vocabulary = toml::from_str(text)?;
        v.mark(file);
        Ok(v)
    }

    /// Notes `file` as where each of these words is declared.
    pub fn mark(&mut self, file: &str) {
        for t in &mut self.terrains {
            t.file = file.to_string();
        }
        for t in &mut self.tags {
            t.file = file.to_string();
        }
        for c in &mut self.classes {
            c.file = file.to_string();
        }
    }

    /// The shared vocabulary of `maps/vocabulary.toml`: Standard's land, coast and sea, and
    /// the terrains, tags and border kinds the built-in maps share.
    pub fn standard() -> &'static Vocabulary {
        static STANDARD: OnceLock<Vocabulary> = OnceLock::new();
        STANDARD.get_or_init(|| {
            // Embedded at build time and checked by this module's tests.
            Vocabulary::parse(STANDARD_TEXT, STANDARD_FILE).unwrap_or_default()
        })
    }

    /// This vocabulary with `more` added: a terrain or tag of the same name replaces this
    /// one's, new words come after.
    pub fn extended(&self, more: &Vocabulary) -> Vocabulary {
        let mut v = self.clone();
        for t in &more.terrains {
            match v.terrains.iter_mut().find(|x| x.name == t.name) {
                Some(x) => *x = t.clone(),
                None => v.terrains.push(t.clone()),
            }
        }
        for t in &more.tags {
            match v.tags.iter_mut().find(|x| x.name == t.name) {
                Some(x) => *x = t.clone(),
                None => v.tags.push(t.clone()),
            }
        }
        for k in &more.border_kinds {
            if !v.border_kinds.contains(k) {
                v.border_kinds.push(k.clone());
            }
        }
        for c in &more.classes {
            match v.classes.iter_mut().find(|x| x.name == c.name) {
                Some(x) => *x = c.clone(),
                None => v.classes.push(c.clone()),
            }
        }
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shared_vocabulary_reads() {
        let v = Vocabulary::parse(STANDARD_TEXT, STANDARD_FILE).expect("maps/vocabulary.toml");
        let names: Vec<_> = v.terrains.iter().map(|t| t.name.as_str()).collect();
        assert_eq!(
            names,
            ["land", "coast", "sea", "ocean", "lake", "island", "glacier", "box"]
        );
        assert_eq!(v.tags.len(), 2);
        assert_eq!(v.border_kinds.len(), 6);
        assert_eq!(Vocabulary::standard().terrains.len(), 8);
        let classes: Vec<_> = v
            .classes
            .iter()
            .map(|c| (c.name.as_str(), c.coasts))
            .collect();
        assert_eq!(classes, [("land", false), ("water", true)]);
    }

    #[test]
    fn a_variant_replaces_and_adds() {
        let more = Vocabulary::parse(
            "border_kinds = [\"canal\", \"ford\"]\n[[terrains]]\nname = \"land\"\nstand = [\"land\", \"river\"]\n[[terrains]]\nname = \"ice\"\nstand = [\"land\"]\n",
            "v.toml",
        )
        .expect("parses");
        let v = Vocabulary::standard().extended(&more);
        assert_eq!(v.terrains[0].stand, ["land", "river"]);
        assert_eq!(v.terrains[0].file, "v.toml");
        assert_eq!(v.terrains.last().map(|t| t.name.as_str()), Some("ice"));
        assert_eq!(v.border_kinds.iter().filter(|k| *k == "canal").count(), 1);
        assert_eq!(v.border_kinds.last().map(String::as_str), Some("ford"));
    }
}
