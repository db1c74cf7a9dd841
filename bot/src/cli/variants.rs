//! `parley variants`: the built-in variants and their vital numbers.

use super::CliError;
use engine::rules::Rules;
use engine::token::{Token, TokenShape, TokenValue};
use engine::unit::PowerId;
use engine::variant::{Variant, VariantFiles};
use engine::variants::{check_files, ids};
use serde_json::json;
use std::path::PathBuf;

/// Lists the built-in variants, or checks a variant's data files.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Print the list as JSON
    #[arg(long, conflicts_with = "check")]
    pub json: bool,
    /// Check the data files of a variant in DIR (variant.toml, provinces.txt, borders.txt,
    /// units.txt) and report every problem by file and line
    #[arg(long, value_name = "DIR")]
    pub check: Option<PathBuf>,
}

/// How many supply centres a game of this variant can have at once, as its rulebook counts
/// them. A rulebook may make a province a centre only once something has happened there
/// (Atlantica II's Atlantis, a centre once found, which the map cannot flag since nobody knows
/// where it is): the rulebook is asked about a board where every province bears a token of
/// each kind it keeps, so whatever could be found has been. Each centre counts as many times as the rulebook counts
/// it for the power holding it.
fn centres_in_play(v: &Rules) -> usize {
    let mut board = v.initial_position();
    board.tokens = v
        .book
        .token_kinds()
        .iter()
        .flat_map(|&kind| {
            v.map.province_ids().map(move |province| Token {
                kind,
                at: engine::map::Location::province(province),
                power: kind.owned().then_some(PowerId(0)),
                value: match kind.shape() {
                    TokenShape::Count => TokenValue::Count(1),
                    TokenShape::From => TokenValue::From(province),
                    TokenShape::Flag | TokenShape::Marker => TokenValue::Standing,
                },
            })
        })
        .collect();
    let centres: Vec<_> = {
        let ctx = v.context(&board);
        v.map
            .province_ids()
            .filter(|&p| v.book.is_supply_centre(&ctx, p))
            .collect()
    };
    // Counted as the rulebook counts a power's centres, since victory is measured in the
    // same units: Latin American Diplomacy's capitals count twice (rule 7.A.i), so its 63
    // centre provinces are 71 centres, of which 36 win.
    for &p in &centres {
        if let Some(owner) = board.owners.get_mut(p.0 as usize) {
            *owner = Some(PowerId(0));
        }
    }
    v.book.supply(&v.context(&board), PowerId(0))
}

/// `parley variants --check DIR`: loads a variant's data files from a folder and reports every
/// problem with its file and line, for whoever is drawing up a new map.
fn check(dir: &std::path::Path) -> Result<(), CliError> {
    let dir = &dir.display().to_string();
    let read = |name: &str| {
        std::fs::read_to_string(format!("{dir}/{name}"))
            .map_err(|e| CliError::usage(format!("cannot read {dir}/{name}: {e}")))
    };
    let (toml, provinces, borders, units) = (
        read("variant.toml")?,
        read("provinces.txt")?,
        read("borders.txt")?,
        read("units.txt")?,
    );
    // Only a variant whose rules need a sense of left and right has one.
    let clockwise = std::fs::read_to_string(format!("{dir}/clockwise.txt")).ok();
    let files = VariantFiles {
        dir,
        variant_toml: &toml,
        provinces: &provinces,
        borders: &borders,
        units: &units,
        clockwise: clockwise.as_deref(),
    };
    // A registered variant's data is checked with its own rulebook (tags and kinds of power
    // mean something only to the rulebook that reads them); a map not yet registered is checked
    // with the default rulebook until it has one of its own.
    match check_files(&files) {
        Ok(v) => super::print_out(&format!(
            "{dir}: ok: {} provinces, {} supply centres, {} powers, {} starting units",
            v.map.provinces.len(),
            v.map.supply_centers().count(),
            v.powers.len(),
            v.map.starting_units.len()
        )),
        Err(errs) => {
            let lines: Vec<String> = errs.iter().map(|e| e.to_string()).collect();
            Err(CliError::failed(format!(
                "{} problems:\n{}",
                errs.len(),
                lines.join("\n")
            )))
        }
    }
}

pub fn run(args: Args) -> Result<(), CliError> {
    if let Some(dir) = &args.check {
        return check(dir);
    }
    let as_json = args.json;
    let mut rows = Vec::new();
    for id in ids() {
        let v = Variant::builtin(id).map_err(CliError::failed)?;
        let powers: Vec<&str> = v.powers.iter().map(|p| p.name.as_str()).collect();
        let options: Vec<_> = v
            .option_values()
            .into_iter()
            .map(|(o, on)| {
                json!({
                    "name": o.name,
                    "about": o.about,
                    "default": o.default,
                    "on": on,
                    "available": o.available,
                })
            })
            .collect();
        rows.push(json!({
            "id": v.id,
            "name": v.name,
            "powers": powers,
            "supply_centers": centres_in_play(&v),
            "victory_centers": v.victory_centers,
            "alliance_victory_centers": v.alliance_victory_centers,
            "first_phase": v.calendar.name(v.calendar.first_phase()),
            "rulebook": v.edition().name(),
            "options": options,
        }));
    }
    if as_json {
        return super::print_out(&serde_json::to_string_pretty(&rows).unwrap_or_default());
    }
    let mut text = String::new();
    for r in &rows {
        // Two allies who may win together (Atlantica II, rule 2) need their own number.
        let allied = match r["alliance_victory_centers"].as_u64() {
            Some(n) => format!(" ({n} for two allies together)"),
            None => String::new(),
        };
        text += &format!(
            "{:<16} {}\n  powers: {}\n  {} supply centres, {} to win{allied}; first phase {}; rulebook {}\n",
            r["id"].as_str().unwrap_or(""),
            r["name"].as_str().unwrap_or(""),
            r["powers"].as_array().map(|a| a.iter().filter_map(|p| p.as_str()).collect::<Vec<_>>().join(", ")).unwrap_or_default(),
            r["supply_centers"],
            r["victory_centers"],
            r["first_phase"].as_str().unwrap_or(""),
            r["rulebook"].as_str().unwrap_or(""),
        );
        for o in r["options"].as_array().into_iter().flatten() {
            let state = if o["available"] == true {
                format!(
                    "{} by default",
                    if o["default"] == true { "on" } else { "off" }
                )
            } else {
                "not yet available".to_string()
            };
            text += &format!(
                "  option {} ({state}): {}\n",
                o["name"].as_str().unwrap_or(""),
                o["about"].as_str().unwrap_or("")
            );
        }
    }
    super::print_out(text.trim_end())
}
