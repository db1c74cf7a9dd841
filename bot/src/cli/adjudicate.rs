//! `parley adjudicate`: one DATC-shaped case on stdin, its result as JSON on stdout (the work
//! is [`parley::adjudicate::adjudicate_case`]).

use super::{read_stdin, CliError, VariantArg};

/// Reads one case (the format of `engine::case`) on stdin and writes its result as JSON.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Adjudicate with this variant instead of the case's own `variant` field
    #[command(flatten)]
    pub variant: VariantArg,
}

pub fn run(args: Args) -> Result<(), CliError> {
    let text = read_stdin("a case (JSON)")?;
    let out = parley::adjudicate::adjudicate_case(args.variant.variant.as_deref(), &text)
        .map_err(CliError::usage)?;
    super::print_out(&out)
}
