//! `parley adjudicate`: one DATC-shaped case on stdin, its result as JSON on stdout (the work
//! is [`parley::adjudicate::adjudicate_case`]).

use super::{no_more, take_value, CliError};
use std::io::Read;

pub fn run(args: &[String]) -> Result<(), CliError> {
    let mut args = args.to_vec();
    let variant = take_value(&mut args, "--variant")?;
    no_more(&args, "--variant ID")?;
    let mut text = String::new();
    std::io::stdin()
        .read_to_string(&mut text)
        .map_err(|e| CliError::usage(format!("could not read stdin: {e}")))?;
    let out =
        parley::adjudicate::adjudicate_case(variant.as_deref(), &text).map_err(CliError::usage)?;
    super::print_out(&out)
}
