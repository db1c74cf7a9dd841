//! Command plumbing shared by every slash command: the poise context ([`Ctx`]), the
//! [`Caller`] it stands for, and sending an [`Answer`] back (fitted to Discord's limits,
//! scrubbed of names in an anonymous game) with its announcements.

use super::caller::{Answer, Caller, Outcome};
use super::posts::Post;
use super::{Data, Error};
use crate::text;
use engine::store::GameError;
use poise::serenity_prelude as serenity;
use poise::CreateReply;

pub(super) type Ctx<'a> = poise::Context<'a, Data, Error>;

pub(super) async fn caller(ctx: Ctx<'_>) -> Caller {
    let user = ctx.author().id.to_string();
    let guild = ctx.guild_id().map(|g| g.to_string());
    let member = match ctx {
        poise::Context::Application(a) => a.interaction.member.clone(),
        poise::Context::Prefix(_) => None,
    };
    let mut moderator = member
        .as_ref()
        .and_then(|m| m.permissions)
        .is_some_and(|p| p.manage_guild());
    if let (Some(m), Some(g)) = (&member, &guild) {
        if let Ok(Some(role)) = ctx.data().games.moderator_role(g).await {
            moderator |= m.roles.iter().any(|r| r.to_string() == role);
        }
    }
    Caller {
        user,
        guild,
        channel: ctx.channel_id().to_string(),
        moderator,
    }
}

pub(super) fn manage_server(ctx: Ctx<'_>) -> bool {
    match ctx {
        poise::Context::Application(a) => a
            .interaction
            .member
            .as_ref()
            .and_then(|m| m.permissions)
            .is_some_and(|p| p.manage_guild()),
        poise::Context::Prefix(_) => false,
    }
}

/// Every reply goes through here, so none is longer than Discord accepts.
fn reply(post: Post, private: bool) -> CreateReply {
    let mut r = CreateReply::default()
        .content(text::fit_message(&post.text))
        .ephemeral(private);
    for (name, bytes) in post.files {
        r = r.attachment(serenity::CreateAttachment::bytes(bytes, name));
    }
    r
}

/// Sends an action's answer: the reply (private refusals say why), then its announcements.
pub(super) async fn answer(ctx: Ctx<'_>, out: Outcome) -> Result<(), Error> {
    // An anonymous game's players are never named in what the bot says (press.rs).
    let out = match out {
        Ok(a) => Ok(anonymised(ctx, a).await),
        e => e,
    };
    match out {
        Ok(a) => {
            ctx.send(reply(a.reply, a.private)).await?;
            for (target, mut post) in a.announce {
                post.text = text::fit_message(&post.text);
                let poster = &ctx.data().poster;
                let sent = match target.strip_prefix("user:") {
                    Some(user) => poster.to_user(user, post).await,
                    None => poster.to_channel(&target, post).await,
                };
                if let Err(e) = sent {
                    tracing::warn!("cannot deliver an announcement to {target}: {e}");
                }
            }
        }
        Err(GameError::Db(e)) => {
            tracing::error!(command = %ctx.command().qualified_name, "database error: {e}");
            ctx.send(reply(
                Post::text("Something went wrong on my side and nothing was changed. Please try again in a moment."),
                true,
            ))
            .await?;
        }
        Err(e) => {
            // A refusal may quote what the player typed, however long; a short quote is enough.
            let why = text::elide_quotes(&e.to_string());
            ctx.send(reply(Post::text(format!("⛔ {why}")), true))
                .await?;
        }
    }
    Ok(())
}

/// In an anonymous game, the answer with every player mention in its public reply and
/// channel posts replaced by the player's power (DMs to one player are theirs to read).
async fn anonymised(ctx: Ctx<'_>, mut a: Answer) -> Answer {
    let games = &ctx.data().games;
    let c = caller(ctx).await;
    let Some(id) = super::press::anonymous_game(games, &c).await else {
        return a;
    };
    if !a.private {
        a.reply.text = super::press::scrub(games, id, &a.reply.text).await;
    }
    for (target, post) in &mut a.announce {
        if !target.starts_with("user:") {
            post.text = super::press::scrub(games, id, &post.text).await;
        }
    }
    a
}

/// An autocomplete answer of plain names, at most the 25 Discord shows. A name too long to be
/// a choice's value could not be sent back as one, so it is left out rather than cut.
pub(super) fn suggest(
    names: impl IntoIterator<Item = String>,
) -> serenity::CreateAutocompleteResponse {
    let choices = names
        .into_iter()
        .filter(|n| !n.is_empty() && text::discord_len(n) <= text::CHOICE_LIMIT)
        .take(text::CHOICES)
        .map(serenity::AutocompleteChoice::from)
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}
