//! Reads a map from its line-per-fact data files and checks it, reporting every problem
//! with its file and line: the variant's movement and vocabulary resolved once (`reading`),
//! then `provinces.txt`, `borders.txt` and `units.txt`, one module each.

mod borders;
mod provinces;
mod reading;
mod units;

pub use reading::MapError;

use super::{Map, MoveClass, Province, Vocabulary, LAND, WATER};
use reading::Errors;

/// The text of a map's data files, with the names used in error messages.
pub struct MapFiles<'a> {
    pub provinces: (&'a str, &'a str),
    pub borders: (&'a str, &'a str),
    pub units: (&'a str, &'a str),
}

/// What `borders.txt` may name: the words for the variant's movement classes (a class's own
/// name, or the name of a unit kind that moves by it) and the classes convoying units move by.
/// The variant builds it from its unit kinds (`crate::unit::movement_words`).
#[derive(Clone, Copy, Debug)]
pub struct Movement<'a> {
    pub words: &'a [(&'a str, &'static MoveClass)],
    pub convoying: &'a [&'static MoveClass],
}

/// Standard's movement: armies by land, fleets by water, as `crate::unit::STANDARD_KINDS`
/// declares them.
pub const STANDARD_MOVEMENT: Movement<'static> = Movement {
    words: &[
        ("land", &LAND),
        ("water", &WATER),
        ("army", &LAND),
        ("fleet", &WATER),
    ],
    convoying: &[&WATER],
};

/// Parses and checks a whole map of Standard's unit kinds and the shared vocabulary (see
/// [`parse_map_files_with`]).
pub fn parse_map_files(files: &MapFiles) -> Result<Map, Vec<MapError>> {
    parse_map_files_with(files, STANDARD_MOVEMENT, Vocabulary::standard())
}

/// Parses and checks a whole map for a variant with these movement classes: `borders.txt`
/// names the classes that may cross each border by one of `movement.words` (`land`, `water`,
/// `river`, `army`, `fleet`), and `provinces.txt` and `borders.txt` use the terrains, tags and
/// border kinds `vocabulary` declares. On failure returns every problem found, not just the
/// first.
pub fn parse_map_files_with(
    files: &MapFiles,
    movement: Movement,
    vocabulary: &Vocabulary,
) -> Result<Map, Vec<MapError>> {
    let mut errs = Errors(Vec::new());
    let r = reading::resolve(movement, vocabulary, &mut errs);
    let (mut provinces, names) = provinces::read(files.provinces, &r, &mut errs);
    borders::read(files.borders, &r, &mut provinces, &names, &mut errs);
    borders::follow(&r, &mut provinces);
    borders::check_every_place_has_one(files.provinces.0, &provinces, &mut errs);
    let starting_units = units::read(files.units, &provinces, &names, &mut errs);
    if !errs.0.is_empty() {
        return Err(errs.0);
    }
    Ok(Map {
        alphabetical: alphabetical_ranks(&provinces),
        provinces,
        starting_units,
        names,
        classes: r.classes,
        convoy_classes: r.convoy_classes,
        coast_classes: r.coast_classes,
        terrains: r.terrains,
        tag_names: r.tag_names,
        border_kind_names: r.border_kind_names,
        clockwise: Vec::new(),
    })
}

/// Each province's rank by [`super::alphabetical_key`] of its full name, ties in map order.
fn alphabetical_ranks(provinces: &[Province]) -> Vec<u32> {
    let mut order: Vec<usize> = (0..provinces.len()).collect();
    order.sort_by_cached_key(|&i| super::alphabetical_key(&provinces[i].name));
    let mut rank = vec![0; provinces.len()];
    for (r, i) in order.into_iter().enumerate() {
        rank[i] = r as u32;
    }
    rank
}
