//! `parley import FILE`: loads a game written by `parley export` as a new game.

use super::{runtime, with_games, CliError, DatabaseArg};
use std::path::PathBuf;

/// Loads a game written by `parley export` into the database and prints its new id.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The file `parley export` wrote
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// Create the database if it does not exist yet (otherwise a missing database is an error,
    /// so that a mistyped DATABASE_URL does not start an empty one)
    #[arg(long)]
    pub create: bool,
    #[command(flatten)]
    pub database: DatabaseArg,
}

pub fn run(args: Args) -> Result<(), CliError> {
    let file = args.file.display();
    let text = std::fs::read_to_string(&args.file)
        .map_err(|e| CliError::usage(format!("cannot read {file}: {e}")))?;
    // Read as the case reader reads a case: a key written twice in one object is refused,
    // where a plain JSON reader would keep the last one without a word.
    let doc = engine::case::parse_case(&text).map_err(|e| {
        let e = e.to_string();
        if e.starts_with("not valid JSON") {
            CliError::usage(format!(
                "{file} is {e}; expected a file written by parley export"
            ))
        } else {
            CliError::usage(format!("the game file is refused: {e}"))
        }
    })?;
    let url = args.database.url();
    let id = runtime()?.block_on(async {
        with_games(&url, args.create, |games| async move {
            Ok(games.import(&doc).await?)
        })
        .await
    })?;
    super::print_out(&id.to_string())
}
