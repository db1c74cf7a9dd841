//! `parley render`: a position (case-shaped JSON on stdin, orders and results optional) drawn
//! as a PNG map, or as the SVG document the PNG is rasterised from.

use super::{read_stdin, written_as, CliError, PaletteArg, VariantArg};
use engine::case::{parse_case, read_case_with, CaseInput};
use engine::judge::Verdict;
use engine::order::Order;
use engine::unit::PowerId;
use parley::picture::{art_for, png, retreats_of, scene};
use serde_json::Value;
use std::path::PathBuf;

/// Draws a position read on stdin: the case format of `parley adjudicate` (variant, phase,
/// units, supply_centers, dislodged, orders), with optional `results` (as `parley adjudicate`
/// writes them, one per order) to draw how each order went.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Where to write the map (PNG, or SVG with --svg)
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    /// Write the SVG document instead of the PNG (for web pages, or to compare renderers)
    #[arg(long)]
    pub svg: bool,
    /// Draw with this variant; a case that names another `variant` is refused
    #[command(flatten)]
    pub variant: VariantArg,
    #[command(flatten)]
    pub palette: PaletteArg,
}

pub fn run(args: Args) -> Result<(), CliError> {
    if args.svg {
        written_as(&args.out, "svg", "--out", "an SVG document (--svg)")?;
    } else {
        written_as(&args.out, "png", "--out", "a PNG map")?;
    }
    super::cache_art();
    let variant = args
        .variant
        .variant
        .as_deref()
        .map(engine::Variant::builtin)
        .transpose()
        .map_err(CliError::usage)?;
    let text = read_stdin("a position (case JSON)")?;
    let value = parse_case(&text).map_err(|e| {
        CliError::usage(format!(
            "stdin: {e}; expected a position with phase, units and optionally supply_centers, dislodged, orders, results"
        ))
    })?;
    let input = read_case_with(&value, variant, &["results"]).map_err(|e| CliError::usage(e.0))?;
    let v = &input.variant;
    let orders = drawn_orders(&input, &value["results"]).map_err(CliError::usage)?;
    let sc = scene(
        v,
        &input.position,
        &orders,
        &retreats_of(v, &input.position),
        args.palette.palette.into(),
    );
    let out = args.out.display();
    let bytes = if args.svg {
        let art = art_for(&v.id)
            .ok_or_else(|| CliError::usage(format!("variant '{}' has no map art yet", v.id)))?;
        ::render::render_svg(art, &sc)
            .map_err(|e| CliError::failed(e.to_string()))?
            .into_bytes()
    } else {
        png(&v.id, &sc).map_err(CliError::usage)?
    };
    std::fs::write(&args.out, &bytes)
        .map_err(|e| CliError::failed(format!("cannot write {out}: {e}")))?;
    super::print_out(&format!("wrote {out} ({} bytes)", bytes.len()))
}

/// The orders to draw, each with how it went. Without `results` every order is drawn as
/// ordered; with them, each result must be for one of the orders (by its text as written,
/// and its power if named), one per order, with a result word the adjudicator writes: a
/// result that matches nothing is a mistake in the input, not a success to draw.
fn drawn_orders(
    input: &CaseInput,
    results: &Value,
) -> Result<Vec<(PowerId, Order, Verdict)>, String> {
    let v = &input.variant;
    let mut verdicts: Vec<Option<Verdict>> = vec![None; input.orders.len()];
    match results {
        Value::Null => verdicts.iter_mut().for_each(|r| *r = Some(Verdict::Succeeds)),
        Value::Array(list) => {
            if list.len() != input.orders.len() {
                return Err(format!(
                    "field `results`: {} results for {} orders; give one result per order, as parley adjudicate writes them",
                    list.len(),
                    input.orders.len()
                ));
            }
            let words = [Verdict::Succeeds, Verdict::Fails, Verdict::Illegal].map(Verdict::word);
            for (i, r) in list.iter().enumerate() {
                let f = format!("results[{i}]");
                let obj = r.as_object().ok_or_else(|| {
                    format!("field `{f}`: expected an object {{power, order, result}}")
                })?;
                if let Some(k) = obj
                    .keys()
                    .find(|k| !["power", "order", "result", "reason"].contains(&k.as_str()))
                {
                    return Err(format!(
                        "field `{f}.{k}`: unknown field; accepted here: power, order, result, reason"
                    ));
                }
                let order = obj
                    .get("order")
                    .and_then(Value::as_str)
                    .ok_or_else(|| format!("field `{f}.order`: missing; expected the order's text"))?;
                let power = match obj.get("power") {
                    None | Some(Value::Null) => None,
                    Some(p) => Some(p.as_str().and_then(|n| v.power_by_name(n)).ok_or_else(
                        || format!("field `{f}.power`: {p} is not a power of {}", v.name),
                    )?),
                };
                let word = obj.get("result").and_then(Value::as_str).unwrap_or("");
                let verdict = Verdict::from_word(word).ok_or_else(|| {
                    format!(
                        "field `{f}.result`: '{word}' is not a result; expected one of: {}",
                        words.join(", ")
                    )
                })?;
                let slot = input
                    .orders
                    .iter()
                    .enumerate()
                    .position(|(j, (p, text, _))| {
                        verdicts[j].is_none()
                            && text.trim() == order.trim()
                            && power.is_none_or(|w| w == *p)
                    })
                    .ok_or_else(|| {
                        format!(
                            "field `{f}.order`: '{order}' is not one of the orders (or already has a result); each result is for one order given under `orders`"
                        )
                    })?;
                verdicts[slot] = Some(verdict);
            }
        }
        _ => {
            return Err(
                "field `results`: expected a list of {power, order, result}, as parley adjudicate writes it".into(),
            )
        }
    }
    input
        .orders
        .iter()
        .zip(verdicts)
        .map(|((p, text, s), verdict)| {
            let order = s.order.clone().map_err(|e| {
                format!(
                    "field `orders.{}`: cannot draw '{text}': {e}",
                    v.power_name(*p)
                )
            })?;
            Ok((*p, order, verdict.unwrap_or(Verdict::Succeeds)))
        })
        .collect()
}
