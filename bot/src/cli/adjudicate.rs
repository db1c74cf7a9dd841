//! `parley adjudicate`: one DATC-shaped case on stdin, its result as JSON on stdout.

use super::{no_more, take_value, CliError};
use engine::case::{read_case, run_case};
use engine::Variant;
use std::io::Read;

pub fn run(args: &[String]) -> Result<(), CliError> {
    let mut args = args.to_vec();
    let variant = take_value(&mut args, "--variant")?;
    no_more(&args, "--variant ID")?;
    let variant = match variant {
        Some(id) => Some(Variant::builtin(&id).map_err(CliError::usage)?),
        None => None,
    };
    let mut text = String::new();
    std::io::stdin()
        .read_to_string(&mut text)
        .map_err(|e| CliError::usage(format!("could not read stdin: {e}")))?;
    let value: serde_json::Value = serde_json::from_str(&text).map_err(|e| {
        CliError::usage(format!("stdin is not valid JSON ({e}); expected one case object with fields variant, phase, units, orders"))
    })?;
    let input = read_case(&value, variant).map_err(|e| CliError::usage(e.0))?;
    let out = run_case(&input).map_err(|e| CliError::usage(e.0))?;
    let text = serde_json::to_string_pretty(&out).map_err(|e| CliError {
        message: e.to_string(),
        code: 1,
    })?;
    super::print_out(&text)
}
