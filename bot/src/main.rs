//! `parley`: the one binary. Runs the Discord bot and the command-line tools around the engine.
//!
//! The command line is declared with clap's derive: one [`Command`] enum, one variant per
//! subcommand holding that subcommand's arguments (declared beside its code in `cli/<name>.rs`),
//! and one arm in `main` calling `cli::<name>::run(args)`.

mod cli;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// Diplomacy and its variants, adjudicated: a Discord bot and the tools around its engine.
#[derive(Parser)]
#[command(
    name = "parley",
    version,
    propagate_version = true,
    arg_required_else_help = true,
    after_help = "Settings come from the environment or a .env file in the working directory \
                  (see .env.example); DATABASE_URL names the games database (default \
                  sqlite://parley.db)."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Run the Discord bot (DISCORD_TOKEN and more from the environment or .env)
    Bot(cli::bot::Args),
    /// Play a game with random legal orders and write a report and a map of every phase
    Demo(cli::demo::Args),
    /// Read one case (DATC-shaped JSON) on stdin and write its result as JSON
    Adjudicate(cli::adjudicate::Args),
    /// Draw a position (case-shaped JSON on stdin) as a PNG or SVG map
    Render(cli::render::Args),
    /// List the variants (powers, supply centres, victory), or check a variant's data files
    Variants(cli::variants::Args),
    /// List the games in the database: id, variant, phase and state
    Games(cli::games::Args),
    /// Print a game's whole history as JSON
    Export(cli::export::Args),
    /// Load a game written by `parley export`; prints its new id
    Import(cli::import::Args),
    /// Draw every phase of a game as one animated GIF (what `/game map animate:true` posts)
    RenderHistory(cli::render_history::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Bot(args) => cli::bot::run(args),
        Command::Demo(args) => cli::demo::run(args),
        Command::Adjudicate(args) => cli::adjudicate::run(args),
        Command::Render(args) => cli::render::run(args),
        Command::Variants(args) => cli::variants::run(args),
        Command::Games(args) => cli::games::run(args),
        Command::Export(args) => cli::export::run(args),
        Command::Import(args) => cli::import::run(args),
        Command::RenderHistory(args) => cli::render_history::run(args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            // The same shape as clap's own errors.
            eprintln!("error: {}", e.message);
            ExitCode::from(e.code)
        }
    }
}
