//! `parley render-history GAME --out FILE.gif`: a game's phases as one animated GIF, the
//! picture `/game map animate:true` posts.

use super::{runtime, with_games, CliError, DatabaseArg};
use engine::store::GameId;
use parley::history::{render_history, HistoryOptions};
use std::path::PathBuf;

/// Draws every phase of a game as one animated GIF.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The game's id, as `parley games` lists it
    #[arg(value_name = "GAME")]
    pub game: GameId,
    /// Where to write the GIF
    #[arg(long, value_name = "FILE.gif")]
    pub out: PathBuf,
    /// Frame width in pixels (the bot posts 800)
    #[arg(long, value_name = "PIXELS", value_parser = clap::value_parser!(u32).range(100..=4000))]
    pub width: Option<u32>,
    #[command(flatten)]
    pub database: DatabaseArg,
}

pub fn run(args: Args) -> Result<(), CliError> {
    super::written_as(&args.out, "gif", "--out", "an animated GIF")?;
    super::cache_art();
    let url = args.database.url();
    let options = HistoryOptions {
        width: args.width.unwrap_or(HistoryOptions::default().width),
        ..HistoryOptions::default()
    };
    let history = runtime()?.block_on(async {
        with_games(&url, false, |games| async move {
            Ok(render_history(&games, args.game, options).await?)
        })
        .await
    })?;
    std::fs::write(&args.out, &history.gif)
        .map_err(|e| CliError::failed(format!("cannot write {}: {e}", args.out.display())))?;
    super::print_out(&format!(
        "wrote {} ({} frames up to {}, {} bytes)",
        args.out.display(),
        history.frames,
        history.last_phase,
        history.gif.len()
    ))
}
