//! `parley export GAME`: a game's complete history as JSON, for `parley import`.

use super::{runtime, with_games, CliError, DatabaseArg};
use engine::store::Secrets;

/// Prints a game's whole history as JSON (`parley games` lists the ids).
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The game's id, as `parley games` lists it
    #[arg(value_name = "GAME", value_parser = game_id)]
    pub game: i64,
    /// Also write the game's secret draws (where Lost Atlantis lies) and its seed, to move a
    /// running game to another database; the file then tells anyone who reads it the secret
    #[arg(long)]
    pub with_secrets: bool,
    #[command(flatten)]
    pub database: DatabaseArg,
}

pub fn run(args: Args) -> Result<(), CliError> {
    let url = args.database.url();
    let doc = runtime()?.block_on(async {
        let secrets = if args.with_secrets {
            Secrets::Keep
        } else {
            Secrets::Withhold
        };
        with_games(&url, false, |games| async move {
            Ok(games.export_with(args.game, secrets).await?)
        })
        .await
    })?;
    if args.with_secrets {
        eprintln!("warning: this export holds the game's secret draws; keep it from the players");
    }
    super::print_out(&serde_json::to_string_pretty(&doc).unwrap_or_default())
}

/// A game id: a whole number, as `parley games` lists them.
fn game_id(s: &str) -> Result<i64, String> {
    s.trim()
        .parse()
        .map_err(|_| "expected a game id, a whole number (`parley games` lists them)".to_string())
}
