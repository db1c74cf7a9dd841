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
        .with_env_filter(log_filter(std::env::var("RUST_LOG").ok().as_deref()))
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

/// The log filter for `RUST_LOG` (unset: information, and only warnings from the Discord
/// libraries). Unless `RUST_LOG` names serenity, serenity logs warnings only: its HTTP client
/// opens an INFO span for every request holding the whole request, attachments included,
/// written out byte by byte, so that under `RUST_LOG=info` a results post's map cost more to
/// log than to draw (a burst of a thousand games spent a third of the bot's time there).
fn log_filter(spec: Option<&str>) -> tracing_subscriber::EnvFilter {
    use tracing_subscriber::EnvFilter;
    let spec = spec.map(str::trim).filter(|s| !s.is_empty());
    let filter = spec
        .and_then(|s| EnvFilter::try_new(s).ok())
        .unwrap_or_else(|| EnvFilter::new("info,serenity=warn,poise=warn"));
    match "serenity=warn".parse() {
        Ok(quiet) if !spec.is_some_and(|s| s.contains("serenity")) => filter.add_directive(quiet),
        _ => filter,
    }
}

#[cfg(test)]
mod tests {
    use super::log_filter;

    #[test]
    fn serenity_logs_warnings_only_unless_named() {
        for spec in [
            Some("info"),
            Some("debug,parley=trace"),
            None,
            Some("not a filter!"),
        ] {
            let filter = log_filter(spec).to_string();
            assert!(filter.contains("serenity=warn"), "{spec:?}: {filter}");
        }
        let named = log_filter(Some("info,serenity=debug")).to_string();
        assert!(named.contains("serenity=debug"), "{named}");
        assert!(!named.contains("serenity=warn"), "{named}");
    }
}
