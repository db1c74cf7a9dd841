//! `parley bot`: reads the configuration (environment and `.env`), sets up logging, and runs
//! the Discord bot until SIGTERM or Ctrl-C.

use super::CliError;
use parley::discord::config::Config;

/// The bot takes no arguments: it is configured by environment variables (see .env.example).
#[derive(clap::Args, Debug)]
pub struct Args {}

pub fn run(_args: Args) -> Result<(), CliError> {
    // A missing .env is fine: the environment alone may hold the settings.
    let _ = dotenvy::dotenv();
    // Colour only for a person at a terminal: under Docker or systemd the log goes to a file
    // or a journal, where colour codes are noise (NO_COLOR turns it off at a terminal too).
    use std::io::IsTerminal;
    let colour = std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none();
    tracing_subscriber::fmt()
        .with_ansi(colour)
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| "info,serenity=warn,poise=warn".into()),
        )
        .init();
    let config = Config::from_env().map_err(CliError::usage)?;
    let runtime = tokio::runtime::Runtime::new()
        .map_err(|e| CliError::failed(format!("cannot start the async runtime: {e}")))?;
    let result = runtime.block_on(parley::discord::run(config));
    // Work still in flight (a command's reply, a map being drawn) must not hold the process
    // past the stop it was asked for; its transactions roll back.
    runtime.shutdown_timeout(std::time::Duration::from_millis(500));
    result.map_err(|e| CliError::failed(format!("the bot stopped: {e}")))
}
