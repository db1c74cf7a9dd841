//! The community's slash commands as Discord sees them: `/profile`, `/leaderboard`,
//! `/game seats`, `/game claim`, `/mod scoring`, `/mod claims`, `/mod approve` and `/mod refuse`; each calls its function in `community.rs`.

use super::community::{
    approve, claim, leaderboard_of, profile_of, refuse, seats_of, set_claims, set_scoring,
};
use super::reply::{answer, caller, Ctx};
use super::{Data, Error};
use poise::serenity_prelude as serenity;

/// The top-level commands of this module (beside `/game` and `/mod`'s subcommands).
pub fn commands() -> Vec<poise::Command<Data, Error>> {
    vec![profile(), leaderboard()]
}

/// A member's record in this server: games, and movement phases ordered and missed.
#[poise::command(slash_command, guild_only)]
pub async fn profile(
    ctx: Ctx<'_>,
    #[description = "Whose record (default: yours)"] member: Option<serenity::User>,
) -> Result<(), Error> {
    let c = caller(ctx).await;
    let member = member.map(|m| m.id.to_string());
    answer(
        ctx,
        profile_of(&ctx.data().games, &c, member.as_deref()).await,
    )
    .await
}

/// This server's members ranked by rating over their finished games.
#[poise::command(slash_command, guild_only)]
pub async fn leaderboard(ctx: Ctx<'_>) -> Result<(), Error> {
    let c = caller(ctx).await;
    answer(ctx, leaderboard_of(&ctx.data().games, &c).await).await
}

/// The open seats of the game in this channel.
#[poise::command(slash_command, guild_only, rename = "seats")]
pub async fn game_seats(ctx: Ctx<'_>) -> Result<(), Error> {
    let c = caller(ctx).await;
    answer(ctx, seats_of(&ctx.data().games, &c).await).await
}

/// Take an open seat in the game in this channel.
#[poise::command(slash_command, guild_only, rename = "claim")]
pub async fn game_claim(
    ctx: Ctx<'_>,
    #[description = "The open power, such as Italy"] power: String,
) -> Result<(), Error> {
    let c = caller(ctx).await;
    answer(ctx, claim(&ctx.data().games, &c, &power).await).await
}

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum ScoringChoice {
    #[name = "draw-size"]
    DrawSize,
    #[name = "sum-of-squares"]
    SumOfSquares,
    #[name = "solo-only"]
    SoloOnly,
}

/// Choose how games created here from now on are scored.
#[poise::command(slash_command, guild_only, rename = "scoring")]
pub async fn mod_scoring(
    ctx: Ctx<'_>,
    #[description = "The scoring system"] system: ScoringChoice,
) -> Result<(), Error> {
    let c = caller(ctx).await;
    let name = match system {
        ScoringChoice::DrawSize => "draw-size",
        ScoringChoice::SumOfSquares => "sum-of-squares",
        ScoringChoice::SoloOnly => "solo-only",
    };
    answer(ctx, set_scoring(&ctx.data().games, &c, name).await).await
}

/// Choose whether a claim of an open seat here waits for a moderator's approval.
#[poise::command(slash_command, guild_only, rename = "claims")]
pub async fn mod_claims(
    ctx: Ctx<'_>,
    #[description = "true: a moderator approves each claim; false: a claim takes the seat at once"]
    approval: bool,
) -> Result<(), Error> {
    let c = caller(ctx).await;
    answer(ctx, set_claims(&ctx.data().games, &c, approval).await).await
}

/// Give a pending claim its seat in the game in this channel.
#[poise::command(slash_command, guild_only, rename = "approve")]
pub async fn mod_approve(
    ctx: Ctx<'_>,
    #[description = "Whose claim"] member: Option<serenity::User>,
    #[description = "Or the power claimed, when one member claims it"] power: Option<String>,
) -> Result<(), Error> {
    let c = caller(ctx).await;
    let member = member.map(|m| m.id.to_string());
    let done = approve(&ctx.data().games, &c, member.as_deref(), power.as_deref()).await;
    answer(ctx, done).await
}

/// Turn a pending claim down; the seat stays open.
#[poise::command(slash_command, guild_only, rename = "refuse")]
pub async fn mod_refuse(
    ctx: Ctx<'_>,
    #[description = "Whose claim"] member: Option<serenity::User>,
    #[description = "Or the power claimed, when one member claims it"] power: Option<String>,
) -> Result<(), Error> {
    let c = caller(ctx).await;
    let member = member.map(|m| m.id.to_string());
    let done = refuse(&ctx.data().games, &c, member.as_deref(), power.as_deref()).await;
    answer(ctx, done).await
}
