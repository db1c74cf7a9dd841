//! The press slash commands as Discord sees them: `/press open`, `list` and `send`; each calls
//! its function in `press.rs`.

use super::caller::which_game;
use super::press::{list, open, send};
use super::reply::{answer, caller, suggest, Ctx};
use super::Error;
use engine::store::GameId;
use poise::serenity_prelude as serenity;

/// Talk to other powers: private threads, or messages relayed under your power's name.
#[poise::command(
    slash_command,
    rename = "press",
    subcommands("press_open", "press_list", "press_send"),
    subcommand_required
)]
pub async fn press(_ctx: Ctx<'_>) -> Result<(), Error> {
    Ok(())
}

/// The powers of the game the command is about, matching the last word typed, with
/// the words before it kept (so `France It` offers `France Italy`).
async fn ac_powers(ctx: Ctx<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let c = caller(ctx).await;
    let games = &ctx.data().games;
    let mut names = Vec::new();
    if let Ok(id) = which_game(games, &c, None).await {
        if let Ok((_, v, _)) = games.current(id).await {
            names = v
                .powers_ordered_by(engine::rulebook::Controller::Player)
                .into_iter()
                .map(|p| v.display_name(p).to_string())
                .collect();
        }
    }
    let (before, last) = match partial.trim_end().rsplit_once(' ') {
        Some((b, l)) if !partial.ends_with(' ') => (format!("{b} "), l.to_lowercase()),
        _ if partial.ends_with(' ') => (partial.to_string(), String::new()),
        _ => (String::new(), partial.trim().to_lowercase()),
    };
    suggest(
        names
            .into_iter()
            .filter(|n| n.to_lowercase().starts_with(&last))
            .filter(|n| !before.split_whitespace().any(|w| w.eq_ignore_ascii_case(n)))
            .map(|n| format!("{before}{n}")),
    )
}

/// Open a private thread with the players of other powers (in the game's channel).
#[poise::command(slash_command, rename = "open")]
async fn press_open(
    ctx: Ctx<'_>,
    #[description = "The powers to talk to, such as France Italy"]
    #[autocomplete = "ac_powers"]
    with: String,
) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    let c = caller(ctx).await;
    answer(ctx, open(ctx.data(), &c, &with).await).await
}

/// The conversations you are in.
#[poise::command(slash_command, rename = "list")]
async fn press_list(
    ctx: Ctx<'_>,
    #[description = "Which of your games"] game: Option<GameId>,
) -> Result<(), Error> {
    let c = caller(ctx).await;
    answer(ctx, list(&ctx.data().games, &c, game).await).await
}

/// Send words to another power's player, under your power's name (in a direct message).
#[poise::command(slash_command, rename = "send")]
async fn press_send(
    ctx: Ctx<'_>,
    #[description = "The power to write to, such as Italy"]
    #[autocomplete = "ac_powers"]
    to: String,
    #[description = "What to say (at most 2000 characters with your power's name)"] message: String,
    #[description = "Which of your games"] game: Option<GameId>,
) -> Result<(), Error> {
    let c = caller(ctx).await;
    let nonce = match ctx {
        poise::Context::Application(a) => format!("s{}", a.interaction.id),
        poise::Context::Prefix(p) => format!("s{}", p.msg.id),
    };
    // Discord takes nonces of at most 25 characters.
    let nonce: String = nonce.chars().take(25).collect();
    answer(
        ctx,
        send(&ctx.data().games, &c, game, &to, &message, nonce).await,
    )
    .await
}
