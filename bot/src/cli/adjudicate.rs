//! `parley adjudicate`: one DATC-shaped case on stdin, its result as JSON on stdout, and with
//! `--map FILE` the map of the case as it was adjudicated (the work is
//! [`parley::adjudicate::adjudicate_case`]).

use super::{read_stdin, written_as, CliError, PaletteArg, VariantArg};
use std::path::PathBuf;

/// Reads one case (the format of `engine::case`) on stdin and writes its result as JSON.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Adjudicate with this variant; a case that names another `variant` is refused
    #[command(flatten)]
    pub variant: VariantArg,
    /// Also draw the case as it was adjudicated (its position, every order with how it went)
    /// as a PNG map in FILE
    #[arg(long, value_name = "FILE.png")]
    pub map: Option<PathBuf>,
    #[command(flatten)]
    pub palette: PaletteArg,
}

pub fn run(args: Args) -> Result<(), CliError> {
    if let Some(map) = &args.map {
        written_as(map, "png", "--map", "a PNG map")?;
        super::cache_art();
    }
    let text = read_stdin("a case (JSON)")?;
    let variant = args.variant.variant.as_deref();
    let Some(map) = &args.map else {
        let out = parley::adjudicate::adjudicate_case(variant, &text).map_err(CliError::usage)?;
        return super::print_out(&out);
    };
    let (out, png) =
        parley::adjudicate::adjudicate_case_with_map(variant, &text, args.palette.palette.into())
            .map_err(CliError::usage)?;
    std::fs::write(map, &png)
        .map_err(|e| CliError::failed(format!("cannot write {}: {e}", map.display())))?;
    // The result stays alone on stdout, for a pipe; where the map went is said on stderr.
    eprintln!("wrote {} ({} bytes)", map.display(), png.len());
    super::print_out(&out)
}
