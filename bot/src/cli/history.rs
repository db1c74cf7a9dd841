//! `parley export GAME` and `parley import FILE`: a game's complete history as JSON.

use super::{database_url, no_more, runtime, CliError};
use engine::store::clock::SystemClock;
use engine::store::Games;
use std::sync::Arc;

pub fn export(args: &[String]) -> Result<(), CliError> {
    let [game] = args else {
        return Err(CliError::usage("usage: parley export GAME (a game id)"));
    };
    let id: i64 = game
        .parse()
        .map_err(|_| CliError::usage(format!("'{game}' is not a game id; expected a number")))?;
    let doc = runtime()?.block_on(async {
        let games = Games::open(&database_url(), Arc::new(SystemClock)).await?;
        games.export(id).await
    })?;
    super::print_out(&serde_json::to_string_pretty(&doc).unwrap_or_default())
}

pub fn import(args: &[String]) -> Result<(), CliError> {
    let Some(file) = args.first() else {
        return Err(CliError::usage(
            "usage: parley import FILE (written by parley export)",
        ));
    };
    no_more(&args[1..], "FILE")?;
    let text = std::fs::read_to_string(file)
        .map_err(|e| CliError::usage(format!("cannot read {file}: {e}")))?;
    let doc: serde_json::Value = serde_json::from_str(&text)
        .map_err(|e| CliError::usage(format!("{file} is not valid JSON: {e}")))?;
    let id = runtime()?.block_on(async {
        let games = Games::open(&database_url(), Arc::new(SystemClock)).await?;
        games.import(&doc).await
    })?;
    super::print_out(&id.to_string())
}
