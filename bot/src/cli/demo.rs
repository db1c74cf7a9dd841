//! `parley demo`: a random game from start to finish, on a fresh database, with a report (and
//! a map) per phase.

use super::{runtime, CliError, PaletteArg, VariantArg};
use parley::demo::{run as play, DemoOptions};
use std::path::PathBuf;

/// Plays a game with random legal orders into a fresh SQLite file `demo.db` in the output
/// folder, and writes a report and a map of every phase there, numbered from 000.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The variant to play [default: standard, the first built-in variant]
    #[command(flatten)]
    pub variant: VariantArg,
    /// How many years to play (the game may end sooner with a winner)
    #[arg(long, value_name = "N", default_value_t = 10,
          value_parser = clap::value_parser!(i32).range(1..=200))]
    pub years: i32,
    /// The seed of the random orders: the same seed plays the same game
    #[arg(long, value_name = "S", default_value_t = 1901)]
    pub seed: u64,
    /// The folder to write into; it must be new or empty (see --force)
    #[arg(long, value_name = "DIR", default_value = "parley-demo")]
    pub out: PathBuf,
    /// Write into a folder that holds files: an earlier demo's files there (demo.db, numbered
    /// reports and maps) are removed first; other files are left alone
    #[arg(long)]
    pub force: bool,
    #[command(flatten)]
    pub palette: PaletteArg,
}

pub fn run(args: Args) -> Result<(), CliError> {
    // Without --variant, the first of the engine's built-in variants.
    let variant = match args.variant.variant {
        Some(v) => v,
        None => engine::variants::BUILTIN
            .first()
            .ok_or_else(|| {
                CliError::usage("--variant ID is required: the engine has no built-in variant")
            })?
            .to_string(),
    };
    // PARLEY_DEMO_STALL_AT=N stops inside the adjudication of phase N, before it commits, and
    // waits for stdin to close: the crash-safety test kills the process there.
    let stall: Option<i64> = std::env::var("PARLEY_DEMO_STALL_AT")
        .ok()
        .and_then(|s| s.parse().ok());
    let before_commit: Option<engine::store::CommitHook> = stall.map(|at| {
        std::sync::Arc::new(move |_game: i64, seq: i64| {
            if seq == at {
                println!("stalled before committing phase {seq}");
                let mut sink = String::new();
                let _ = std::io::Read::read_to_string(&mut std::io::stdin(), &mut sink);
            }
        }) as engine::store::CommitHook
    });
    let progress: parley::demo::Progress = Box::new(|phase: &str| println!("  {phase}"));
    let opts = DemoOptions {
        variant,
        years: args.years,
        seed: args.seed,
        out: args.out,
        force: args.force,
        palette: args.palette.palette.into(),
        progress: Some(progress),
        before_commit,
    };
    let summary = runtime()?.block_on(play(&opts))?;
    super::print_out(&format!(
        "Played {} phases of {} (seed {}): {}.\nGame: {} (parley export {} --database sqlite://{})\nReports: {}/\nDatabase: {}",
        summary.phases,
        opts.variant,
        opts.seed,
        summary.outcome,
        summary.game,
        summary.game,
        summary.database.display(),
        opts.out.display(),
        summary.database.display()
    ))
}
