//! `parley variants`: the built-in variants and their vital numbers.

use super::{no_more, take_flag, CliError};
use engine::variant::{Variant, BUILTIN};
use serde_json::json;

pub fn run(args: &[String]) -> Result<(), CliError> {
    let mut args = args.to_vec();
    let as_json = take_flag(&mut args, "--json");
    no_more(&args, "--json")?;
    let mut rows = Vec::new();
    for id in BUILTIN {
        let v = Variant::builtin(id).map_err(|e| CliError {
            message: e,
            code: 1,
        })?;
        let powers: Vec<&str> = v.powers.iter().map(|p| p.name.as_str()).collect();
        rows.push(json!({
            "id": v.id,
            "name": v.name,
            "powers": powers,
            "supply_centers": v.map.supply_centers().count(),
            "victory_centers": v.victory_centers,
            "first_phase": v.calendar.name(v.calendar.first_phase()),
            "rulebook": v.edition.name(),
        }));
    }
    if as_json {
        return super::print_out(&serde_json::to_string_pretty(&rows).unwrap_or_default());
    }
    let mut text = String::new();
    for r in &rows {
        text += &format!(
            "{:<16} {}\n  powers: {}\n  {} supply centres, {} to win; first phase {}; rulebook {}\n",
            r["id"].as_str().unwrap_or(""),
            r["name"].as_str().unwrap_or(""),
            r["powers"].as_array().map(|a| a.iter().filter_map(|p| p.as_str()).collect::<Vec<_>>().join(", ")).unwrap_or_default(),
            r["supply_centers"],
            r["victory_centers"],
            r["first_phase"].as_str().unwrap_or(""),
            r["rulebook"].as_str().unwrap_or(""),
        );
    }
    super::print_out(text.trim_end())
}
