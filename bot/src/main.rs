//! `parley`: the one binary. Runs the Discord bot and the command-line tools around the engine.

mod cli;

use std::process::ExitCode;

const USAGE: &str = "\
parley: Diplomacy and its variants, adjudicated.

Usage: parley <command> [options]

Commands:
  bot                         run the Discord bot (DISCORD_TOKEN and more from the environment or
                              .env; see .env.example)
  adjudicate [--variant ID]   read one case (DATC-shaped JSON) on stdin, write the result as JSON
  variants [--json]           list the variants: powers, supply centres, victory count, first phase
  variants --check DIR        check a variant's data files in DIR; report every problem by file and line
  demo [--variant ID] [--years N] [--seed S] [--out DIR]
                              play a game with random legal orders into a fresh SQLite file in DIR
                              (default ./parley-demo) and write a report of every phase
  render --out FILE.png [--palette default|colour-blind]
                              draw a position (case-shaped JSON on stdin: phase, units, supply_centers,
                              dislodged; orders and results optional) as a PNG map
  export GAME                 print a game's whole history as JSON (database: DATABASE_URL)
  import FILE                 load a game exported by `parley export`; prints its new id
  render-history GAME --out FILE.gif [--width PIXELS]
                              draw every phase of a game as one animated GIF (database: DATABASE_URL)
  help                        show this text

DATABASE_URL (default sqlite://parley.db) names the games database for export and import.
";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(cmd) = args.first() else {
        eprint!("{USAGE}");
        return ExitCode::from(2);
    };
    let rest = &args[1..];
    let result = match cmd.as_str() {
        "adjudicate" => cli::adjudicate::run(rest),
        "demo" => cli::demo::run(rest),
        "render" => cli::render::run(rest),
        "export" => cli::history::export(rest),
        "import" => cli::history::import(rest),
        "render-history" => cli::render_history::run(rest),
        "variants" => cli::variants::run(rest),
        "help" | "--help" | "-h" => {
            print!("{USAGE}");
            Ok(())
        }
        "bot" => cli::bot::run(rest),
        other => Err(cli::CliError::usage(format!(
            "unknown command '{other}'; expected bot, adjudicate, variants, demo, render, render-history, export, import or help"
        ))),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("parley: {}", e.message);
            ExitCode::from(e.code)
        }
    }
}
