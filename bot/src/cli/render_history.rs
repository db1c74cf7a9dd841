//! `parley render-history GAME --out FILE.gif`: a game's phases as one animated GIF, the
//! picture `/game map animate:true` posts.

use super::{database_url, no_more, runtime, take_value, CliError};
use engine::store::clock::SystemClock;
use engine::store::{GameId, Games};
use parley::history::{render_history, HistoryOptions};
use std::path::PathBuf;
use std::sync::Arc;

/// What `parley render-history` was asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RenderHistory {
    pub game: GameId,
    pub out: PathBuf,
    /// Frame width in pixels; `None` for the bot's (800).
    pub width: Option<u32>,
    /// The games database, a `sqlite://` URL.
    pub database: String,
}

/// Writes the animation and says what it holds.
pub fn render_history_file(args: &RenderHistory) -> Result<String, CliError> {
    refuse_missing_database(&args.database)?;
    let options = HistoryOptions {
        width: args.width.unwrap_or(HistoryOptions::default().width),
        ..HistoryOptions::default()
    };
    let history = runtime()?.block_on(async {
        let games = Games::open(&args.database, Arc::new(SystemClock)).await?;
        render_history(&games, args.game, options).await
    })?;
    std::fs::write(&args.out, &history.gif).map_err(|e| CliError {
        message: format!("cannot write {}: {e}", args.out.display()),
        code: 1,
    })?;
    Ok(format!(
        "wrote {} ({} frames up to {}, {} bytes)",
        args.out.display(),
        history.frames,
        history.last_phase,
        history.gif.len()
    ))
}

/// Opening a database that is not there would create an empty one and then report "no game":
/// say instead which file is missing.
fn refuse_missing_database(url: &str) -> Result<(), CliError> {
    let Some(rest) = url
        .strip_prefix("sqlite://")
        .or_else(|| url.strip_prefix("sqlite:"))
    else {
        return Ok(());
    };
    let path = rest.split('?').next().unwrap_or_default();
    if path.is_empty() || path == ":memory:" || std::path::Path::new(path).exists() {
        return Ok(());
    }
    Err(CliError::usage(format!(
        "there is no games database at {path}; set DATABASE_URL (in the environment or .env) to \
         the sqlite:// file the bot or `parley demo` wrote"
    )))
}

/// Hand-parsed arguments: `GAME --out FILE [--width PIXELS]`.
pub fn run(args: &[String]) -> Result<(), CliError> {
    const USAGE: &str = "usage: parley render-history GAME --out FILE.gif [--width PIXELS]";
    let mut args = args.to_vec();
    let out = take_value(&mut args, "--out")?
        .ok_or_else(|| CliError::usage(format!("--out FILE.gif is required; {USAGE}")))?;
    let width = take_value(&mut args, "--width")?
        .map(|w| match w.parse::<u32>() {
            Ok(n) if (100..=4000).contains(&n) => Ok(n),
            _ => Err(CliError::usage(format!(
                "--width '{w}': expected a number of pixels from 100 to 4000"
            ))),
        })
        .transpose()?;
    let Some(game) = args.first().cloned() else {
        return Err(CliError::usage(USAGE));
    };
    no_more(&args[1..], "GAME, --out FILE.gif, --width PIXELS")?;
    let game: GameId = game
        .parse()
        .map_err(|_| CliError::usage(format!("'{game}' is not a game id; expected a number")))?;
    // Like the bot, a .env file may name the database.
    let _ = dotenvy::dotenv();
    let said = render_history_file(&RenderHistory {
        game,
        out: out.into(),
        width,
        database: database_url(),
    })?;
    super::print_out(&said)
}
