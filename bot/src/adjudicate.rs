//! `parley adjudicate` as a library function: one DATC-shaped case in, its result as JSON
//! out. The command line reads the case from stdin and prints what this returns; tests call it
//! in-process, so that a variant registered at run time (`engine::variants::register`) can be
//! adjudicated exactly as the command does.

use engine::case::{read_case, run_case};
use engine::Variant;

/// Adjudicates the case in `input` (JSON text) and returns the result as pretty JSON. `variant`
/// overrides the case's own `variant` field, as `--variant ID` does. The error is the message
/// for the user: bad input, an unknown variant, a case that does not fit its variant.
pub fn adjudicate_case(variant: Option<&str>, input: &str) -> Result<String, String> {
    let variant = variant.map(Variant::builtin).transpose()?;
    let value = engine::case::parse_case(input).map_err(|e| {
        format!("stdin: {e}; expected one case object with fields variant, phase, units, orders")
    })?;
    let case = read_case(&value, variant).map_err(|e| e.0)?;
    let out = run_case(&case).map_err(|e| e.0)?;
    serde_json::to_string_pretty(&out).map_err(|e| e.to_string())
}
