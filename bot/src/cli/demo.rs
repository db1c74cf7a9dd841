//! `parley demo`: a random game from start to finish, on a fresh database, with a report per phase.

use super::{no_more, runtime, take_value, CliError};
use parley::demo::{run as play, DemoOptions};
use std::path::PathBuf;

pub fn run(args: &[String]) -> Result<(), CliError> {
    let mut args = args.to_vec();
    // Without --variant, the first of the engine's built-in variants.
    let variant = match take_value(&mut args, "--variant")? {
        Some(v) => v,
        None => engine::variants::BUILTIN
            .first()
            .ok_or_else(|| {
                CliError::usage("--variant ID is required: the engine has no built-in variant")
            })?
            .to_string(),
    };
    let years = take_value(&mut args, "--years")?.unwrap_or_else(|| "10".into());
    let seed = take_value(&mut args, "--seed")?.unwrap_or_else(|| "1901".into());
    let out = take_value(&mut args, "--out")?.unwrap_or_else(|| "parley-demo".into());
    no_more(&args, "--variant ID, --years N, --seed S, --out DIR")?;
    let years: i32 = years
        .parse()
        .ok()
        .filter(|y| (1..=200).contains(y))
        .ok_or_else(|| {
            CliError::usage(format!(
                "--years '{years}': expected a number of years from 1 to 200"
            ))
        })?;
    let seed: u64 = seed
        .parse()
        .map_err(|_| CliError::usage(format!("--seed '{seed}': expected a whole number")))?;
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
        years,
        seed,
        out: PathBuf::from(out),
        progress: Some(progress),
        before_commit,
    };
    let summary = runtime()?.block_on(play(&opts))?;
    super::print_out(&format!(
        "Played {} phases of {} (seed {}): {}.\nReports: {}/\nDatabase: {}",
        summary.phases,
        opts.variant,
        opts.seed,
        summary.outcome,
        opts.out.display(),
        summary.database.display()
    ))
}
