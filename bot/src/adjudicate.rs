//! `parley adjudicate` as a library function: one DATC-shaped case in, its result as JSON
//! out, and on request the map of the case as it was adjudicated. The command line reads the
//! case from stdin and prints what this returns; tests call it in-process, so that a variant
//! registered at run time (`engine::variants::register`) can be adjudicated exactly as the
//! command does.

use engine::case::{read_case, run_case, CaseInput};
use engine::store::{OrderRecord, PhaseRecord};
use engine::Variant;

/// Adjudicates the case in `input` (JSON text) and returns the result as pretty JSON. `variant`
/// overrides the case's own `variant` field, as `--variant ID` does. The error is the message
/// for the user: bad input, an unknown variant, a case that does not fit its variant.
pub fn adjudicate_case(variant: Option<&str>, input: &str) -> Result<String, String> {
    let case = read(variant, input)?;
    let out = run_case(&case).map_err(|e| e.0)?;
    serde_json::to_string_pretty(&out).map_err(|e| e.to_string())
}

/// [`adjudicate_case`], with the map of the case's first step as it was adjudicated (PNG):
/// the position it starts from, every order drawn with how it went, dislodged units pushed
/// out by their attackers, as the bot posts a phase's map.
pub fn adjudicate_case_with_map(
    variant: Option<&str>,
    input: &str,
    palette: render::Palette,
) -> Result<(String, Vec<u8>), String> {
    let case = read(variant, input)?;
    let out = run_case(&case).map_err(|e| e.0)?;
    let text = serde_json::to_string_pretty(&out).map_err(|e| e.to_string())?;
    Ok((text, case_png(&case, palette)?))
}

fn read(variant: Option<&str>, input: &str) -> Result<CaseInput, String> {
    let variant = variant.map(Variant::builtin).transpose()?;
    let value = engine::case::parse_case(input).map_err(|e| {
        format!("stdin: {e}; expected one case object with fields variant, phase, units, orders")
    })?;
    read_case(&value, variant).map_err(|e| e.0)
}

/// The map of a case's first step: adjudicated again here as the step's record (the same
/// judge `run_case` calls, on the same orders), and drawn as the bot draws a phase.
fn case_png(case: &CaseInput, palette: render::Palette) -> Result<Vec<u8>, String> {
    let v = &case.variant;
    let subs: Vec<_> = case.orders.iter().map(|(_, _, s)| s.clone()).collect();
    let adj = engine::adjudicate(v, &case.position, &subs);
    let record = PhaseRecord {
        orders: case
            .orders
            .iter()
            .zip(&adj.results)
            .map(|((power, text, s), result)| OrderRecord {
                power: *power,
                order: s.order.clone().ok(),
                text: text.clone(),
                result: result.clone(),
                words: None,
            })
            .collect(),
        dislodged: adj.dislodged,
        built: adj.built,
        removed: adj.removed,
        disbanded: adj.disbanded,
        retreated: adj.retreated,
        votes: Vec::new(),
        after: adj.after,
    };
    let retreats = crate::picture::retreats_of(v, &case.position);
    let scene = crate::picture::phase_scene(v, &case.position, Some(&record), &retreats, palette);
    crate::picture::png(&v.id, &scene)
}
