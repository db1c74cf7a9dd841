//! `parley`: the one binary. Runs the Discord bot and the command-line tools around the engine.

mod cli;

use std::process::ExitCode;

const USAGE: &str = "\
parley: Diplomacy and its variants, adjudicated.

Usage: parley <command> [options]

Commands:
  adjudicate [--variant ID]   read one case (DATC-shaped JSON) on stdin, write the result as JSON
  variants [--json]           list the variants: powers, supply centres, victory count, first phase
  variants --check DIR        check a variant's data files in DIR; report every problem by file and line
  help                        show this text

Coming with later work (not available in this build): bot, demo, render, export, import.
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
        "variants" => cli::variants::run(rest),
        "help" | "--help" | "-h" => {
            print!("{USAGE}");
            Ok(())
        }
        "bot" | "demo" | "render" | "export" | "import" => Err(cli::CliError::usage(format!(
            "`parley {cmd}` is not available in this build yet; available: adjudicate, variants"
        ))),
        other => Err(cli::CliError::usage(format!(
            "unknown command '{other}'; expected adjudicate, variants or help"
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
