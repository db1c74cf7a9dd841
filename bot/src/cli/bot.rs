//! `parley bot`: reads the configuration (environment and `.env`), sets up logging, and runs
//! the Discord bot until SIGTERM or Ctrl-C.

use super::{no_more, CliError};
use parley::discord::config::Config;

pub fn run(args: &[String]) -> Result<(), CliError> {
    no_more(
        args,
        "nothing; configure the bot with environment variables (see .env.example)",
    )?;
    // A missing .env is fine: the environment alone may hold the settings.
    let _ = dotenvy::dotenv();
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| "info,serenity=warn,poise=warn".into()),
        )
        .init();
    let config = Config::from_env().map_err(CliError::usage)?;
    let runtime = tokio::runtime::Runtime::new()
        .map_err(|e| CliError::usage(format!("cannot start the async runtime: {e}")))?;
    runtime
        .block_on(parley::discord::run(config))
        .map_err(|e| CliError {
            message: format!("the bot stopped: {e}"),
            code: 1,
        })
}
