//! `parley export GAME`: a game's complete history as JSON, for `parley import`.

use super::{open_games, runtime, CliError, DatabaseArg};

/// Prints a game's whole history as JSON (`parley games` lists the ids).
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The game's id, as `parley games` lists it
    #[arg(value_name = "GAME", value_parser = game_id)]
    pub game: i64,
    #[command(flatten)]
    pub database: DatabaseArg,
}

pub fn run(args: Args) -> Result<(), CliError> {
    let url = args.database.url();
    let doc = runtime()?.block_on(async {
        let games = open_games(&url, false).await?;
        Ok::<_, CliError>(games.export(args.game).await?)
    })?;
    super::print_out(&serde_json::to_string_pretty(&doc).unwrap_or_default())
}

/// A game id: a whole number, as `parley games` lists them.
fn game_id(s: &str) -> Result<i64, String> {
    s.trim()
        .parse()
        .map_err(|_| "expected a game id, a whole number (`parley games` lists them)".to_string())
}
