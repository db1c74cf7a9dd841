//! `parley games`: the games in the database, one line each, with the id `export` needs.

use super::{runtime, with_games, CliError, DatabaseArg};

/// Lists every game in the database: id, variant, phase and state.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Print the list as JSON
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub database: DatabaseArg,
}

pub fn run(args: Args) -> Result<(), CliError> {
    let url = args.database.url();
    let list = runtime()?.block_on(async {
        with_games(
            &url,
            false,
            |games| async move { Ok(games.all_games().await?) },
        )
        .await
    })?;
    if args.json {
        return super::print_out(&serde_json::to_string_pretty(&list).unwrap_or_default());
    }
    if list.is_empty() {
        return super::print_out("no games yet");
    }
    let mut rows = vec![[
        "ID".to_string(),
        "VARIANT".to_string(),
        "PHASE".to_string(),
        "STATE".to_string(),
    ]];
    for g in &list {
        rows.push([
            g.id.to_string(),
            g.variant.clone(),
            g.phase.clone().unwrap_or_else(|| "-".into()),
            g.status.clone(),
        ]);
    }
    let width = |c: usize| rows.iter().map(|r| r[c].chars().count()).max().unwrap_or(0);
    let (w0, w1, w2) = (width(0), width(1), width(2));
    let text: Vec<String> = rows
        .iter()
        .map(|r| format!("{:>w0$}  {:<w1$}  {:<w2$}  {}", r[0], r[1], r[2], r[3]))
        .collect();
    super::print_out(&text.join("\n"))
}
