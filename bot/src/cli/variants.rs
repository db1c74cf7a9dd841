//! `parley variants`: the built-in variants and their vital numbers.

use super::{no_more, take_flag, take_value, CliError};
use engine::variant::{Variant, VariantFiles};
use engine::variants::{check_files, ids};
use serde_json::json;

/// `parley variants --check DIR`: loads a variant's data files from a folder and reports every
/// problem with its file and line, for whoever is drawing up a new map.
fn check(dir: &str) -> Result<(), CliError> {
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
            Err(CliError {
                message: format!("{} problems:\n{}", errs.len(), lines.join("\n")),
                code: 1,
            })
        }
    }
}

pub fn run(args: &[String]) -> Result<(), CliError> {
    let mut args = args.to_vec();
    if let Some(dir) = take_value(&mut args, "--check")? {
        no_more(&args, "--check DIR")?;
        return check(&dir);
    }
    let as_json = take_flag(&mut args, "--json");
    no_more(&args, "--json or --check DIR")?;
    let mut rows = Vec::new();
    for id in ids() {
        let v = Variant::builtin(id).map_err(|e| CliError {
            message: e,
            code: 1,
        })?;
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
            "supply_centers": v.map.supply_centers().count(),
            "victory_centers": v.victory_centers,
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
