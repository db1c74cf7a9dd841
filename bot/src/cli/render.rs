//! `parley render`: a position (case-shaped JSON on stdin, orders and results optional) to PNG.

use super::{no_more, take_value, CliError};
use engine::case::read_case;
use engine::judge::Verdict;
use parley::picture::{png, retreats_of, scene};
use render::Palette;
use std::io::Read;

pub fn run(args: &[String]) -> Result<(), CliError> {
    let mut args = args.to_vec();
    let out = take_value(&mut args, "--out")?
        .ok_or_else(|| CliError::usage("--out FILE.png is required"))?;
    let palette = match take_value(&mut args, "--palette")?.as_deref() {
        None | Some("default") => Palette::Default,
        Some("colour-blind") | Some("color-blind") | Some("colourblind") => Palette::ColourBlind,
        Some(other) => {
            return Err(CliError::usage(format!(
                "--palette '{other}': expected default or colour-blind"
            )))
        }
    };
    no_more(&args, "--out FILE.png, --palette default|colour-blind")?;
    let mut text = String::new();
    std::io::stdin()
        .read_to_string(&mut text)
        .map_err(|e| CliError::usage(format!("could not read stdin: {e}")))?;
    let value: serde_json::Value = serde_json::from_str(&text).map_err(|e| CliError::usage(format!("stdin is not valid JSON ({e}); expected a position with phase, units and optionally supply_centers, dislodged, orders, results")))?;
    let input = read_case(&value, None).map_err(|e| CliError::usage(e.0))?;
    let v = &input.variant;
    // Results, when given, line up with the orders as `parley adjudicate` writes them.
    let verdict = |i: usize| {
        value["results"][i]["result"]
            .as_str()
            .and_then(Verdict::from_word)
            .unwrap_or(Verdict::Succeeds)
    };
    let orders: Vec<_> = input
        .orders
        .iter()
        .enumerate()
        .filter_map(|(i, (p, _, s))| s.order.as_ref().ok().map(|o| (*p, o.clone(), verdict(i))))
        .collect();
    let sc = scene(
        v,
        &input.position,
        &orders,
        &retreats_of(v, &input.position),
        palette,
    );
    let bytes = png(&v.id, &sc).map_err(|e| CliError {
        message: e,
        code: 1,
    })?;
    std::fs::write(&out, &bytes).map_err(|e| CliError {
        message: format!("cannot write {out}: {e}"),
        code: 1,
    })?;
    super::print_out(&format!("wrote {out} ({} bytes)", bytes.len()))
}
