//! Variants: a map, its powers and calendar, and the ruleset it is played under by default.
//!
//! A [`Variant`] is immutable data, loaded and checked once and shared (`Arc`) by every game
//! of it. What a game plays is a [`crate::rules::Rules`]: a variant, the game's
//! [`Ruleset`] and the rulebook built for that ruleset. The data of every built-in variant is
//! embedded from `maps/<id>/` at build time (see [`crate::variants`], the registry);
//! [`Variant::load`] reads the same files from any other folder.

use crate::map::{
    parse_clockwise, parse_map_files_with, Map, MapError, MapFiles, Movement, Vocabulary,
};
use crate::phase::{Calendar, CalendarSpec, Phase};
use crate::position::Position;
use crate::rulebook::{Edition, Ruleset, VariantOption};
use crate::unit::{movement_words, PowerId, Unit, UnitKind};
use serde::Deserialize;

#[derive(Clone, Debug)]
pub struct PowerInfo {
    /// The power's identity: what games store, export and match orders and seats by.
    pub name: String,
    /// How players read the power's name, where it differs from `name` (Atlantica II's
    /// `CSA` is shown as "C.S.A."): `variant.toml`'s optional `display`. Only for what
    /// players read, through [`Variant::display_name`]; never stored.
    pub display: Option<String>,
    pub adjective: String,
    /// The power's kind in its variant's own words (Pirates: `colonial`, `privateer`,
    /// `mercenary`), for the rulebook to read; empty where a variant has one kind of power.
    pub kind: String,
    /// What the power does in the setup phase, in its rulebook's words (Pirates:
    /// `grant-to-privateers`, `grant-to-pirates`, `select`); empty for nothing.
    pub setup: String,
}

#[derive(Debug)]
pub struct Variant {
    pub id: String,
    pub name: String,
    pub description: String,
    pub map: Map,
    pub powers: Vec<PowerInfo>,
    pub victory_centers: usize,
    /// Centres two allied powers must own together to win together (Atlantica II's rule 2:
    /// 30), at the end of a movement that counts centres or of the adjustment after it;
    /// `None` where the variant has no alliance victory. `variant.toml`:
    /// `alliance_victory_centers = 30`.
    pub alliance_victory_centers: Option<usize>,
    pub calendar: Calendar,
    /// The rules the variant is played under unless a game chooses others: the edition and
    /// options its `variant.toml` names, every variant option at its default.
    pub ruleset: Ruleset,
    /// The variant's own options (from its registry entry), for checking a game's choices.
    pub variant_options: &'static [VariantOption],
    /// Its unit kinds, as its registry entry declares them.
    pub unit_kinds: Vec<UnitKind>,
    /// A digest of how the variant numbers provinces, coasts, powers and unit kinds, which a
    /// stored game keeps to be read only against the same numbering (see
    /// [`Variant::numbering_digest`]).
    pub map_fingerprint: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct VariantSpec {
    id: String,
    name: String,
    #[serde(default)]
    description: String,
    victory_centers: usize,
    #[serde(default)]
    alliance_victory_centers: Option<usize>,
    rulebook: String,
    #[serde(default)]
    options: Option<toml::Table>,
    calendar: CalendarSpec,
    powers: Vec<PowerSpec>,
    /// Terrains, province tags and border kinds beyond (or replacing) the shared ones of
    /// `maps/vocabulary.toml`.
    #[serde(default)]
    vocabulary: Option<Vocabulary>,
}

/// The `id` a `variant.toml` declares, read before the rest so the matching rulebook can check it.
pub fn declared_id(variant_toml: &str) -> Option<String> {
    #[derive(Deserialize)]
    struct IdOnly {
        id: String,
    }
    toml::from_str::<IdOnly>(variant_toml).ok().map(|s| s.id)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PowerSpec {
    name: String,
    #[serde(default)]
    display: Option<String>,
    adjective: String,
    #[serde(default)]
    kind: String,
    #[serde(default)]
    setup: String,
}

/// The text of one variant's data files.
pub struct VariantFiles<'a> {
    pub dir: &'a str,
    pub variant_toml: &'a str,
    pub provinces: &'a str,
    pub borders: &'a str,
    pub units: &'a str,
    /// `clockwise.txt`, each province's neighbours in clockwise order, for a variant whose
    /// rules need a sense of left and right (Atlantica II's right-hand retreat rule); `None`
    /// for one without.
    pub clockwise: Option<&'a str>,
}

fn err(file: String, line: usize, message: impl Into<String>) -> Vec<MapError> {
    vec![MapError {
        file,
        line,
        message: message.into(),
    }]
}

impl crate::order::OrderNames for Variant {
    fn map(&self) -> &Map {
        &self.map
    }

    fn power_name(&self, power: PowerId) -> Option<&str> {
        self.powers.get(power.0 as usize).map(|p| p.name.as_str())
    }
}

impl Variant {
    /// A digest of how this variant numbers what typed records store: each province's index,
    /// id and coasts, each power's index and name, each unit kind's letter. A stored game
    /// keeps the digest it was created under; when a map file is edited so that these
    /// numbers move (a province inserted or reordered, a power renamed), the digest changes
    /// and the store refuses to read the game's records against the new numbering rather than
    /// move its units silently. Edits that keep every number (borders, names shown to
    /// players, aliases, tags, the art) keep the digest.
    fn numbering_digest(&self) -> String {
        use sha2::{Digest, Sha256};
        use std::fmt::Write;
        let mut layout = String::new();
        for (i, p) in self.map.provinces.iter().enumerate() {
            let _ = writeln!(layout, "province {i} {} {}", p.id, p.coasts.join(","));
        }
        for (i, p) in self.powers.iter().enumerate() {
            let _ = writeln!(layout, "power {i} {}", p.name);
        }
        for (i, k) in self.unit_kinds.iter().enumerate() {
            let _ = writeln!(layout, "kind {i} {}", k.letter());
        }
        let digest = Sha256::digest(layout.as_bytes());
        digest[..8].iter().fold(String::new(), |mut hex, b| {
            let _ = write!(hex, "{b:02x}");
            hex
        })
    }

    /// Loads and checks a variant's data from its files' text; every problem is reported.
    /// What only its rulebook can judge (where units may stand) is checked by
    /// [`crate::rules::Rules::check_data`].
    pub fn load(
        files: &VariantFiles,
        variant_options: &'static [VariantOption],
        unit_kinds: &[UnitKind],
    ) -> Result<Variant, Vec<MapError>> {
        let (variant, errs) = Variant::read(files, variant_options, unit_kinds)?;
        if errs.is_empty() {
            Ok(variant)
        } else {
            Err(errs)
        }
    }

    /// Reads a variant's files: the variant, with the problems that do not stop it from being
    /// built (powers named in the map that do not exist, unknown starting unit kinds, an
    /// unreachable victory count), so that a check can go on to report more; or, when the
    /// files cannot be read into a variant at all, those problems alone.
    pub(crate) fn read(
        files: &VariantFiles,
        variant_options: &'static [VariantOption],
        unit_kinds: &[UnitKind],
    ) -> Result<(Variant, Vec<MapError>), Vec<MapError>> {
        let vfile = format!("{}/variant.toml", files.dir);
        let spec: VariantSpec = toml::from_str(files.variant_toml).map_err(|e| {
            let line = e
                .span()
                .map(|s| files.variant_toml[..s.start].matches('\n').count() + 1)
                .unwrap_or(0);
            err(vfile.clone(), line, e.message().to_string())
        })?;
        let calendar = spec
            .calendar
            .build()
            .map_err(|e| err(vfile.clone(), 0, e))?;
        let edition = Edition::parse(&spec.rulebook).ok_or_else(|| {
            err(
                vfile.clone(),
                0,
                format!(
                    "unknown rulebook '{}'; expected 1971, 1982, 2000, 2023 or datc",
                    spec.rulebook
                ),
            )
        })?;
        let options = match spec.options {
            None => edition.options(),
            Some(table) => {
                // Options given in variant.toml override the edition's, field by field.
                let mut base = toml::Table::try_from(edition.options())
                    .map_err(|e| err(vfile.clone(), 0, e.to_string()))?;
                base.extend(table);
                base.try_into().map_err(|e: toml::de::Error| {
                    err(vfile.clone(), 0, format!("[options]: {}", e.message()))
                })?
            }
        };
        let pfile = format!("{}/provinces.txt", files.dir);
        let bfile = format!("{}/borders.txt", files.dir);
        let ufile = format!("{}/units.txt", files.dir);
        let (words, convoying) = movement_words(unit_kinds);
        let vocabulary = match spec.vocabulary {
            None => Vocabulary::standard().clone(),
            Some(mut own) => {
                own.mark(&vfile);
                Vocabulary::standard().extended(&own)
            }
        };
        let map = parse_map_files_with(
            &MapFiles {
                provinces: (&pfile, files.provinces),
                borders: (&bfile, files.borders),
                units: (&ufile, files.units),
            },
            Movement {
                words: &words,
                convoying: &convoying,
            },
            &vocabulary,
        )?;
        let mut map = map;
        if let Some(text) = files.clockwise {
            map.clockwise = parse_clockwise(&format!("{}/clockwise.txt", files.dir), text, &map)?;
        }
        let powers: Vec<PowerInfo> = spec
            .powers
            .into_iter()
            .map(|p| PowerInfo {
                name: p.name,
                display: p.display.filter(|d| !d.trim().is_empty()),
                adjective: p.adjective,
                kind: p.kind,
                setup: p.setup,
            })
            .collect();
        let mut v = Variant {
            id: spec.id,
            name: spec.name,
            description: spec.description,
            map,
            powers,
            victory_centers: spec.victory_centers,
            alliance_victory_centers: spec.alliance_victory_centers,
            calendar,
            ruleset: Ruleset {
                edition,
                options,
                variant_options: Default::default(),
                hidden: Default::default(),
            },
            variant_options,
            unit_kinds: unit_kinds.to_vec(),
            map_fingerprint: String::new(),
        };
        v.map_fingerprint = v.numbering_digest();
        let errs = v.check(&pfile, &ufile);
        Ok((v, errs))
    }

    /// Checks what the map files alone cannot: that powers named in them exist, that starting
    /// units are of kinds the variant has, and that the victory count can be reached.
    fn check(&self, pfile: &str, ufile: &str) -> Vec<MapError> {
        let mut errs = Vec::new();
        for p in &self.map.provinces {
            if let Some(h) = &p.home_of {
                if self.power_by_name(h).is_none() {
                    errs.push(MapError {
                        file: pfile.to_string(),
                        line: p.line,
                        message: format!(
                            "{} is a home centre of '{h}', which is not a power of this variant",
                            p.id
                        ),
                    });
                }
            }
            if let Some(o) = &p.owner {
                if self.power_by_name(o).is_none() {
                    let names: Vec<&str> = self.powers.iter().map(|p| p.name.as_str()).collect();
                    errs.push(MapError {
                        file: pfile.to_string(),
                        line: p.line,
                        message: format!(
                            "{} is owned at the start by '{o}', which is not a power of this variant; expected one of {}",
                            p.id,
                            names.join(", ")
                        ),
                    });
                }
            }
        }
        for u in &self.map.starting_units {
            let mut e = |m: String| {
                errs.push(MapError {
                    file: ufile.to_string(),
                    line: u.line,
                    message: m,
                })
            };
            let Some(_) = self.power_by_name(&u.power) else {
                e(format!("'{}' is not a power of this variant", u.power));
                continue;
            };
            if self.unit_kind_by_letter(&u.kind).is_none() {
                e(format!("'{}' is not a unit kind of this variant", u.kind));
            }
        }
        let centres = self.map.supply_centers().count();
        if self.victory_centers == 0 || self.victory_centers > centres {
            errs.push(MapError {
                file: format!("{}/variant.toml", self.dir_hint()),
                line: 0,
                message: format!(
                    "victory_centers {} must be between 1 and the {centres} supply centres",
                    self.victory_centers
                ),
            });
        }
        if let Some(n) = self.alliance_victory_centers {
            if n == 0 || n > centres {
                errs.push(MapError {
                    file: format!("{}/variant.toml", self.dir_hint()),
                    line: 0,
                    message: format!(
                        "alliance_victory_centers {n} must be between 1 and the {centres} supply centres"
                    ),
                });
            }
        }
        errs
    }

    fn dir_hint(&self) -> String {
        format!("maps/{}", self.id)
    }

    /// The power a player names, by its name or adjective, in any case and with or without
    /// the dots and spaces of an abbreviation ("C.S.A." for `CSA`, "u.s.a." for `USA`).
    pub fn power_by_name(&self, name: &str) -> Option<PowerId> {
        // Compared letter by letter, without allocating: orders name powers often.
        fn loose(s: &str) -> impl Iterator<Item = char> + '_ {
            s.chars()
                .filter(|c| !matches!(c, '.' | ' '))
                .flat_map(char::to_lowercase)
        }
        // Most names are written as stored; only the rest are compared loosely.
        if let Some(i) = self
            .powers
            .iter()
            .position(|p| p.name.eq_ignore_ascii_case(name))
        {
            return Some(PowerId(i as u8));
        }
        self.powers
            .iter()
            .position(|p| {
                loose(&p.name).eq(loose(name))
                    || loose(&p.adjective).eq(loose(name))
                    || p.display
                        .as_deref()
                        .is_some_and(|d| loose(d).eq(loose(name)))
            })
            .map(|i| PowerId(i as u8))
    }

    /// The power's stored name: its identity in games, exports, cases and seats. What players
    /// read is [`Variant::display_name`].
    pub fn power_name(&self, p: PowerId) -> &str {
        &self.powers[p.0 as usize].name
    }

    /// The one way a power is named to players (results, DMs, status, the map's legend,
    /// reports, reasons): its `display` name from `variant.toml`, else its name.
    pub fn display_name(&self, p: PowerId) -> &str {
        let info = &self.powers[p.0 as usize];
        info.display.as_deref().unwrap_or(&info.name)
    }

    /// [`Variant::display_name`] of a power given by a stored name (a player's seat, an
    /// outcome); a name the variant does not know is shown as it is.
    pub fn display_of<'a>(&'a self, stored: &'a str) -> &'a str {
        self.power_by_name(stored)
            .map_or(stored, |p| self.display_name(p))
    }

    /// A unit as orders write it: `A par`, `F spa/nc`.
    pub fn unit_text(&self, unit: &Unit) -> String {
        format!(
            "{} {}",
            unit.kind.letter(),
            self.map.location_name(unit.location)
        )
    }

    pub fn unit_kind_by_letter(&self, s: &str) -> Option<UnitKind> {
        self.unit_kinds.iter().copied().find(|k| k.is_called(s))
    }

    /// The position a new game starts from.
    pub fn initial_position(&self) -> Position {
        let n = self.map.provinces.len();
        let mut homes = vec![None; n];
        let mut owners = vec![None; n];
        for (i, p) in self.map.provinces.iter().enumerate() {
            if let Some(h) = p.home_of.as_deref().and_then(|h| self.power_by_name(h)) {
                homes[i] = Some(h);
                owners[i] = Some(h);
            }
            // A centre given at the start (`owner=`) is owned but is no home: never a build site.
            if let Some(o) = p.owner.as_deref().and_then(|o| self.power_by_name(o)) {
                owners[i] = Some(o);
            }
        }
        let units = self
            .map
            .starting_units
            .iter()
            .filter_map(|u| {
                Some(Unit {
                    power: self.power_by_name(&u.power)?,
                    kind: self.unit_kind_by_letter(&u.kind)?,
                    location: u.location,
                })
            })
            .collect();
        Position {
            phase: self.calendar.first_phase(),
            units,
            dislodged: Vec::new(),
            contested: Vec::new(),
            owners,
            homes,
            tokens: Vec::new(),
        }
    }

    /// An empty board at the given phase, with the map's home centres but no owners.
    pub fn empty_position(&self, phase: Phase) -> Position {
        let mut p = self.initial_position();
        p.phase = phase;
        p.units.clear();
        p.owners.iter_mut().for_each(|o| *o = None);
        p
    }
}
