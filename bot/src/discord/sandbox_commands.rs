//! The `/sandbox` slash commands as Discord sees them; each calls its function in `sandbox.rs`.

use super::reply::{answer, caller, suggest, Ctx};
use super::sandbox;
use super::Error;
use poise::serenity_prelude as serenity;

/// Practise alone: a private game where you order every power and adjudicate when you like.
#[poise::command(
    slash_command,
    rename = "sandbox",
    subcommands(
        "sandbox_start",
        "sandbox_order",
        "sandbox_adjudicate",
        "sandbox_back",
        "sandbox_show",
        "sandbox_end"
    ),
    subcommand_required
)]
pub async fn sandbox(_ctx: Ctx<'_>) -> Result<(), Error> {
    Ok(())
}

async fn ac_variant(_ctx: Ctx<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let partial = partial.to_lowercase();
    suggest(
        crate::picture::playable_variants()
            .into_iter()
            .filter(|v| v.contains(partial.as_str()))
            .map(|v| v.to_string()),
    )
}

/// The powers of the caller's sandbox.
async fn ac_power(ctx: Ctx<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let games = &ctx.data().games;
    let user = ctx.author().id.to_string();
    let mut names = Vec::new();
    if let Ok(Some(id)) = games.sandbox_of(&user).await {
        if let Ok((_, v, _)) = games.current(id).await {
            names = (0..v.powers.len())
                .map(|p| v.display_name(engine::unit::PowerId(p as u8)).to_string())
                .collect();
        }
    }
    let partial = partial.trim().to_lowercase();
    suggest(
        names
            .into_iter()
            .filter(|n| n.to_lowercase().starts_with(&partial)),
    )
}

/// Start a sandbox from a variant's first phase or a game you play in (one at a time).
#[poise::command(slash_command, rename = "start")]
async fn sandbox_start(
    ctx: Ctx<'_>,
    #[description = "Which variant, to start from its first phase"]
    #[autocomplete = "ac_variant"]
    variant: Option<String>,
    #[description = "Or a game you play in, to start from its current phase"] game: Option<i64>,
) -> Result<(), Error> {
    let c = caller(ctx).await;
    let games = &ctx.data().games;
    let outcome = match (variant, game) {
        (None, Some(game)) => sandbox::start_from(games, &c, game).await,
        (Some(variant), None) => sandbox::start(games, &c, &variant).await,
        _ => super::caller::refused(
            "give either `variant` (to start from its first phase) or `game` (to start from the current phase of a game you play in)",
        ),
    };
    answer(ctx, outcome).await
}

/// Order one power of your sandbox.
#[poise::command(slash_command, rename = "order")]
async fn sandbox_order(
    ctx: Ctx<'_>,
    #[description = "The power, such as France"]
    #[autocomplete = "ac_power"]
    power: String,
    #[description = "Its orders, separated by ; such as A par - bur; F bre - mao"] orders: String,
) -> Result<(), Error> {
    let c = caller(ctx).await;
    answer(
        ctx,
        sandbox::order(&ctx.data().games, &c, &power, &orders).await,
    )
    .await
}

/// Resolve your sandbox's current phase now and see the results and map.
#[poise::command(slash_command, rename = "adjudicate")]
async fn sandbox_adjudicate(ctx: Ctx<'_>) -> Result<(), Error> {
    let c = caller(ctx).await;
    answer(ctx, sandbox::adjudicate(&ctx.data().games, &c).await).await
}

/// Undo your sandbox's last adjudicated phase.
#[poise::command(slash_command, rename = "back")]
async fn sandbox_back(ctx: Ctx<'_>) -> Result<(), Error> {
    let c = caller(ctx).await;
    answer(ctx, sandbox::back(&ctx.data().games, &c).await).await
}

/// Where your sandbox is, with its map.
#[poise::command(slash_command, rename = "show")]
async fn sandbox_show(ctx: Ctx<'_>) -> Result<(), Error> {
    let c = caller(ctx).await;
    answer(ctx, sandbox::show(&ctx.data().games, &c).await).await
}

/// Remove your sandbox.
#[poise::command(slash_command, rename = "end")]
async fn sandbox_end(ctx: Ctx<'_>) -> Result<(), Error> {
    let c = caller(ctx).await;
    answer(ctx, sandbox::end(&ctx.data().games, &c).await).await
}
