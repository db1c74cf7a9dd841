//! The command-line subcommands, one module each.

pub mod adjudicate;
pub mod bot;
pub mod demo;
pub mod history;
pub mod render;
pub mod render_history;
pub mod variants;

/// A failed command: what to tell the user, and the exit code.
#[derive(Debug)]
pub struct CliError {
    pub message: String,
    pub code: u8,
}

impl CliError {
    /// Bad input or arguments: exit code 2.
    pub fn usage(message: impl Into<String>) -> Self {
        CliError {
            message: message.into(),
            code: 2,
        }
    }
}

/// Takes `--name VALUE` out of the arguments.
pub fn take_value(args: &mut Vec<String>, name: &str) -> Result<Option<String>, CliError> {
    let Some(i) = args.iter().position(|a| a == name) else {
        return Ok(None);
    };
    if i + 1 >= args.len() {
        return Err(CliError::usage(format!("{name} needs a value")));
    }
    let v = args.remove(i + 1);
    args.remove(i);
    Ok(Some(v))
}

/// Takes a `--flag` out of the arguments.
pub fn take_flag(args: &mut Vec<String>, name: &str) -> bool {
    match args.iter().position(|a| a == name) {
        Some(i) => {
            args.remove(i);
            true
        }
        None => false,
    }
}

/// Fails on anything left over.
pub fn no_more(args: &[String], accepted: &str) -> Result<(), CliError> {
    match args.first() {
        None => Ok(()),
        Some(a) => Err(CliError::usage(format!(
            "unexpected argument '{a}'; accepted: {accepted}"
        ))),
    }
}

/// Writes to stdout; a reader that went away (`parley ... | head`) is not an error.
pub fn print_out(text: &str) -> Result<(), CliError> {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    match writeln!(out, "{text}").and_then(|_| out.flush()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(CliError {
            message: format!("could not write: {e}"),
            code: 1,
        }),
        _ => Ok(()),
    }
}

/// The games database named by DATABASE_URL (default `sqlite://parley.db`).
pub fn database_url() -> String {
    std::env::var("DATABASE_URL").unwrap_or_else(|_| "sqlite://parley.db".to_string())
}

/// A runtime for the commands that talk to the database.
pub fn runtime() -> Result<tokio::runtime::Runtime, CliError> {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| CliError {
            message: format!("cannot start the async runtime: {e}"),
            code: 1,
        })
}

impl From<engine::store::GameError> for CliError {
    fn from(e: engine::store::GameError) -> Self {
        let code = if matches!(
            e,
            engine::store::GameError::Refused(_) | engine::store::GameError::NotFound(_)
        ) {
            2
        } else {
            1
        };
        CliError {
            message: e.to_string(),
            code,
        }
    }
}
