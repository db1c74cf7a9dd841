//! The slash commands as Discord sees them (names, descriptions, choices, autocomplete). Each
//! one builds a [`Caller`], calls its function in `actions.rs`, and sends the answer.

use super::actions::{self, Caller, CreateArgs, Outcome};
use super::reply::{answer, caller, manage_server, suggest, Ctx};
use super::vote_alias::{self, VoteAlias};
use super::{Data, Error};
use crate::text;
use engine::store::{BoardEdit, GameError, GameId};
use poise::serenity_prelude as serenity;

/// Every command the bot registers: its own, then the vote command's aliases named after
/// the powers ruled by vote (see [`vote_alias`]).
pub fn all() -> Vec<poise::Command<Data, Error>> {
    let mut commands = own();
    commands.extend(vote_alias::builtin().iter().map(ballots_alias));
    commands
}

/// The commands that are not aliases; their names are [`vote_alias::OTHER_COMMANDS`].
fn own() -> Vec<poise::Command<Data, Error>> {
    let mut own = vec![
        game(),
        orders(),
        vote(),
        alliance(),
        moderate(),
        super::press_commands::press(),
        super::sandbox_commands::sandbox(),
    ];
    own.extend(super::community_commands::commands());
    own
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

async fn ac_game(ctx: Ctx<'_>, _partial: &str) -> serenity::CreateAutocompleteResponse {
    let user = ctx.author().id.to_string();
    let games = ctx.data().games.games_of(&user).await.unwrap_or_default();
    let choices = games
        .into_iter()
        .take(text::CHOICES)
        .map(|(id, variant, power)| {
            serenity::AutocompleteChoice::new(
                text::fit_choice(&format!(
                    "Game {id}: {variant}, {}",
                    power.unwrap_or_else(|| "not started".into())
                )),
                id,
            )
        })
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

/// Every power of the channel's game (units and centres may belong to any of them).
async fn ac_power(ctx: Ctx<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    powers_matching(ctx, partial, false).await
}

/// The powers a player may hold: not those ordered by vote.
async fn ac_seat(ctx: Ctx<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    powers_matching(ctx, partial, true).await
}

async fn powers_matching(
    ctx: Ctx<'_>,
    partial: &str,
    seats_only: bool,
) -> serenity::CreateAutocompleteResponse {
    let games = &ctx.data().games;
    let channel = ctx.channel_id().to_string();
    let mut names = Vec::new();
    if let Ok(Some(id)) = games.game_in_channel(&channel).await {
        if let Ok(info) = games.info(id).await {
            if let Ok(v) = engine::Variant::builtin(&info.variant) {
                let ids = if seats_only {
                    v.powers_ordered_by(engine::rulebook::Controller::Player)
                } else {
                    (0..v.powers.len())
                        .map(|p| engine::unit::PowerId(p as u8))
                        .collect()
                };
                names = ids
                    .into_iter()
                    .map(|p| v.display_name(p).to_string())
                    .collect();
            }
        }
    }
    let partial = partial.trim().to_lowercase();
    suggest(
        names
            .into_iter()
            .filter(|n| n.to_lowercase().starts_with(&partial)),
    )
}

async fn ac_phase(ctx: Ctx<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let c = caller(ctx).await;
    let games = &ctx.data().games;
    let mut names = Vec::new();
    if let Ok(id) = actions::which_game(games, &c, None).await {
        names = games
            .phase_names(id)
            .await
            .unwrap_or_default()
            .into_iter()
            .rev()
            .map(|(_, n)| n)
            .collect();
    }
    let partial = partial.to_lowercase();
    suggest(
        names
            .into_iter()
            .filter(|n| n.to_lowercase().contains(&partial)),
    )
}

async fn ac_vote_order(ctx: Ctx<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let user = ctx.author().id.to_string();
    suggest(actions::vote_suggestions(&ctx.data().games, &user, None, partial).await)
}

async fn ac_order(ctx: Ctx<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let user = ctx.author().id.to_string();
    suggest(actions::order_suggestions(&ctx.data().games, &user, None, partial).await)
}

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum NmrChoice {
    #[name = "hold: missing orders hold at the deadline"]
    Hold,
    #[name = "wait: wait one day, once per phase, for missing orders"]
    Wait,
}

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum PressChoice {
    #[name = "full: private conversations and the game channel"]
    Full,
    #[name = "public: the game channel only"]
    Public,
    #[name = "rulebook: private press closed in retreats and adjustments"]
    Rulebook,
    #[name = "none: gunboat, no conversations"]
    None,
}

impl PressChoice {
    fn name(self) -> &'static str {
        match self {
            PressChoice::Full => "full",
            PressChoice::Public => "public",
            PressChoice::Rulebook => "rulebook",
            PressChoice::None => "none",
        }
    }
}

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum EditionChoice {
    #[name = "datc"]
    Datc,
    #[name = "2023"]
    Y2023,
    #[name = "2000"]
    Y2000,
    #[name = "1982"]
    Y1982,
    #[name = "1971"]
    Y1971,
}

/// Create, join and follow games.
#[poise::command(
    slash_command,
    subcommands(
        "game_create",
        "game_join",
        "game_leave",
        "game_start",
        "game_status",
        "game_map",
        "game_history",
        "game_list",
        "super::community_commands::game_seats",
        "super::community_commands::game_claim"
    ),
    subcommand_required
)]
pub async fn game(_ctx: Ctx<'_>) -> Result<(), Error> {
    Ok(())
}

/// Create a game in this channel (the channel becomes the game's channel).
#[poise::command(slash_command, guild_only, rename = "create")]
#[allow(clippy::too_many_arguments)]
async fn game_create(
    ctx: Ctx<'_>,
    #[description = "Which variant"]
    #[autocomplete = "ac_variant"]
    variant: String,
    #[description = "Movement phase length, such as 48h or 2d (default 48h)"] movement: Option<
        String,
    >,
    #[description = "Retreat phase length (default 24h)"] retreat: Option<String>,
    #[description = "Adjustment phase length (default 24h)"] adjustment: Option<String>,
    #[description = "Instead of lengths: every phase ends at this time of day, HH:MM"]
    daily_time: Option<String>,
    #[description = "Timezone for the daily time, such as Europe/London (default UTC)"]
    timezone: Option<String>,
    #[description = "What happens to missing orders at the deadline"] nmr: Option<NmrChoice>,
    #[description = "Most total extension moderators may give (default 7d)"] max_extension: Option<
        String,
    >,
    #[description = "Rulebook edition (default: the variant's own)"] edition: Option<EditionChoice>,
    #[description = "Rule options, such as coastal-crawl=true paradox=szykman"] options: Option<
        String,
    >,
    #[description = "Civil disorder after this many missed movement phases in a row (2 if on)"]
    civil_disorder: Option<i64>,
    #[description = "Least reliability (% of movement phases ordered) to join"]
    min_reliability: Option<i64>,
    #[description = "Least number of finished games to join"] min_finished: Option<i64>,
    #[description = "Show each seat's reliability in /game status"] show_reliability: Option<bool>,
    #[description = "Press between powers (default full)"] press: Option<PressChoice>,
    #[description = "Players known by their power only until the end"] anonymous: Option<bool>,
) -> Result<(), Error> {
    let c = caller(ctx).await;
    let args = CreateArgs {
        variant,
        movement,
        retreat,
        adjustment,
        daily_time,
        timezone,
        nmr: nmr.map(|n| match n {
            NmrChoice::Hold => "hold".to_string(),
            NmrChoice::Wait => "wait".to_string(),
        }),
        max_extension,
        edition: edition.map(|e| {
            match e {
                EditionChoice::Datc => "datc",
                EditionChoice::Y2023 => "2023",
                EditionChoice::Y2000 => "2000",
                EditionChoice::Y1982 => "1982",
                EditionChoice::Y1971 => "1971",
            }
            .to_string()
        }),
        options,
        seed: None,
        community: engine::store::GameCommunity {
            civil_disorder_after: civil_disorder,
            min_reliability,
            min_finished,
            show_reliability: show_reliability.unwrap_or(false),
            scoring: None,
        },
        press: press.map(|p| p.name().to_string()),
        anonymous: anonymous.unwrap_or(false),
    };
    answer(
        ctx,
        actions::game_create(&ctx.data().games, &c, &args).await,
    )
    .await
}

/// Join the game in this channel.
#[poise::command(slash_command, guild_only, rename = "join")]
async fn game_join(
    ctx: Ctx<'_>,
    #[description = "The power you would like to play"]
    #[autocomplete = "ac_seat"]
    power: Option<String>,
) -> Result<(), Error> {
    let c = caller(ctx).await;
    answer(
        ctx,
        actions::game_join(&ctx.data().games, &c, power.as_deref()).await,
    )
    .await
}

/// Leave the game in this channel (once it runs, your seat opens for a substitute).
#[poise::command(slash_command, guild_only, rename = "leave")]
async fn game_leave(ctx: Ctx<'_>) -> Result<(), Error> {
    let c = caller(ctx).await;
    answer(ctx, actions::game_leave(&ctx.data().games, &c).await).await
}

/// Start the game in this channel once every power has a player.
#[poise::command(slash_command, guild_only, rename = "start")]
async fn game_start(ctx: Ctx<'_>) -> Result<(), Error> {
    let c = caller(ctx).await;
    answer(ctx, actions::game_start(&ctx.data().games, &c).await).await
}

/// The phase, its deadline and who has ordered (never what).
#[poise::command(slash_command, rename = "status")]
async fn game_status(
    ctx: Ctx<'_>,
    #[description = "Which of your games (in a direct message)"]
    #[autocomplete = "ac_game"]
    game: Option<GameId>,
) -> Result<(), Error> {
    let c = caller(ctx).await;
    answer(ctx, actions::game_status(&ctx.data().games, &c, game).await).await
}

/// The map of the current phase, or of a past one, or the whole game so far animated.
#[poise::command(slash_command, rename = "map")]
async fn game_map(
    ctx: Ctx<'_>,
    #[description = "A past phase, such as Fall 1901 movement"]
    #[autocomplete = "ac_phase"]
    phase: Option<String>,
    #[description = "Which of your games (in a direct message)"]
    #[autocomplete = "ac_game"]
    game: Option<GameId>,
    #[description = "Every phase so far as one animated picture"] animate: Option<bool>,
) -> Result<(), Error> {
    ctx.defer().await?;
    let c = caller(ctx).await;
    let games = &ctx.data().games;
    let outcome = match (animate.unwrap_or(false), phase) {
        (true, Some(_)) => Err(GameError::Refused(
            "animate shows every phase so far; leave out phase, or leave out animate for one \
             phase's map"
                .into(),
        )),
        (true, None) => actions::game_map_animated(games, &c, game).await,
        (false, phase) => actions::game_map(games, &c, game, phase.as_deref()).await,
    };
    answer(ctx, outcome).await
}

/// Every phase so far, with the full results as a file.
#[poise::command(slash_command, rename = "history")]
async fn game_history(
    ctx: Ctx<'_>,
    #[description = "Which of your games (in a direct message)"]
    #[autocomplete = "ac_game"]
    game: Option<GameId>,
) -> Result<(), Error> {
    let c = caller(ctx).await;
    answer(
        ctx,
        actions::game_history(&ctx.data().games, &c, game).await,
    )
    .await
}

/// This channel's games (or, in a direct message, yours), finished ones too.
#[poise::command(slash_command, rename = "list")]
async fn game_list(ctx: Ctx<'_>) -> Result<(), Error> {
    let c = caller(ctx).await;
    answer(ctx, actions::game_list(&ctx.data().games, &c).await).await
}

/// Give, see and withdraw your orders (in a direct message).
#[poise::command(
    slash_command,
    subcommands("orders_submit", "orders_show", "orders_clear", "orders_ready"),
    subcommand_required
)]
pub async fn orders(_ctx: Ctx<'_>) -> Result<(), Error> {
    Ok(())
}

#[derive(Debug, poise::Modal)]
#[name = "Orders"]
struct OrdersModal {
    #[name = "One order per line"]
    #[placeholder = "A par - bur\nF bre - mao\nA mar s A par - bur"]
    #[paragraph]
    #[max_length = 4000]
    orders: String,
}

/// Shows the orders text box and waits (up to an hour) for it. Unlike poise's
/// `Modal::execute`, it listens for the answer before showing the box, so an answer that
/// arrives at once is not missed.
async fn ask_for_orders(
    actx: poise::ApplicationContext<'_, Data, Error>,
) -> Result<Option<String>, Error> {
    use poise::futures_util::StreamExt as _;
    use poise::Modal as _;
    let custom_id = actx.interaction.id.to_string();
    let sctx = actx.serenity_context();
    let wanted = custom_id.clone();
    let mut answers = Box::pin(
        serenity::ModalInteractionCollector::new(&sctx.shard)
            .filter(move |m| m.data.custom_id == wanted)
            .timeout(std::time::Duration::from_secs(3600))
            .stream(),
    );
    actx.interaction
        .create_response(sctx, OrdersModal::create(None, custom_id))
        .await?;
    actx.has_sent_initial_response
        .store(true, std::sync::atomic::Ordering::SeqCst);
    let Some(answer) = answers.next().await else {
        return Ok(None);
    };
    answer
        .create_response(sctx, serenity::CreateInteractionResponse::Acknowledge)
        .await?;
    Ok(Some(OrdersModal::parse(answer.data.clone())?.orders))
}

/// Give one order, or leave it empty to type many at once.
#[poise::command(slash_command, rename = "submit")]
async fn orders_submit(
    actx: poise::ApplicationContext<'_, Data, Error>,
    #[description = "One order, such as A par - bur (leave empty to type many)"]
    #[autocomplete = "ac_order"]
    order: Option<String>,
    #[description = "Which of your games"]
    #[autocomplete = "ac_game"]
    game: Option<GameId>,
    #[description = "Attach a map of the board with your orders drawn (only you see it)"]
    picture: Option<bool>,
) -> Result<(), Error> {
    let ctx = poise::Context::Application(actx);
    let c = caller(ctx).await;
    let text = match order {
        Some(o) => o,
        // Slash options cannot hold line breaks, so many orders go through a text box.
        None => match ask_for_orders(actx).await? {
            Some(text) => text,
            None => return Ok(()),
        },
    };
    let mut out = actions::orders_submit(&ctx.data().games, &c, game, &text).await;
    if picture.unwrap_or(false) {
        with_own_orders(ctx, &c, game, &mut out).await;
    }
    answer(ctx, out).await
}

/// Attaches the caller's own orders drawn on the board to an orders reply.
async fn with_own_orders(ctx: Ctx<'_>, c: &Caller, game: Option<GameId>, out: &mut Outcome) {
    let games = &ctx.data().games;
    let Ok(a) = out else { return };
    let Ok(id) = actions::which_game(games, c, game).await else {
        return;
    };
    match super::press::own_orders_picture(games, id, &c.user).await {
        Ok(file) => a.reply.files.push(file),
        Err(e) => a.reply.text += &format!("\n(No picture: {e}.)"),
    }
}

/// Your current orders and the units still without one.
#[poise::command(slash_command, rename = "show")]
async fn orders_show(
    ctx: Ctx<'_>,
    #[description = "Which of your games"]
    #[autocomplete = "ac_game"]
    game: Option<GameId>,
    #[description = "Attach a map of the board with your orders drawn (only you see it)"]
    picture: Option<bool>,
) -> Result<(), Error> {
    let c = caller(ctx).await;
    let games = &ctx.data().games;
    let mut out = actions::orders_show(games, &c, game).await;
    if picture.unwrap_or(false) {
        with_own_orders(ctx, &c, game, &mut out).await;
    }
    answer(ctx, out).await
}

/// Withdraw all your orders for this phase.
#[poise::command(slash_command, rename = "clear")]
async fn orders_clear(
    ctx: Ctx<'_>,
    #[description = "Which of your games"]
    #[autocomplete = "ac_game"]
    game: Option<GameId>,
) -> Result<(), Error> {
    let c = caller(ctx).await;
    answer(
        ctx,
        actions::orders_clear(&ctx.data().games, &c, game).await,
    )
    .await
}

/// Say you are done: once everyone is, the phase is adjudicated early.
#[poise::command(slash_command, rename = "ready")]
async fn orders_ready(
    ctx: Ctx<'_>,
    #[description = "Which of your games"]
    #[autocomplete = "ac_game"]
    game: Option<GameId>,
) -> Result<(), Error> {
    let c = caller(ctx).await;
    answer(
        ctx,
        actions::orders_ready(&ctx.data().games, &c, game).await,
    )
    .await
}

/// Secret votes: to end the game, and on the orders of a power nobody plays.
#[poise::command(
    slash_command,
    subcommands(
        "vote_draw",
        "vote_concede",
        "vote_order",
        "vote_ballots",
        "vote_withdraw"
    ),
    subcommand_required
)]
pub async fn vote(_ctx: Ctx<'_>) -> Result<(), Error> {
    Ok(())
}

/// Vote for (or against) a draw among the surviving powers; needs every one of them.
#[poise::command(slash_command, rename = "draw")]
async fn vote_draw(
    ctx: Ctx<'_>,
    #[description = "Yes for a draw, no to withdraw"] yes: bool,
    #[description = "Which of your games"]
    #[autocomplete = "ac_game"]
    game: Option<GameId>,
) -> Result<(), Error> {
    let c = caller(ctx).await;
    answer(
        ctx,
        actions::vote_draw(&ctx.data().games, &c, game, yes).await,
    )
    .await
}

/// Vote to concede the game to a power (leave empty to withdraw your vote).
#[poise::command(slash_command, rename = "concede")]
async fn vote_concede(
    ctx: Ctx<'_>,
    #[description = "The power to concede to"] to: Option<String>,
    #[description = "Which of your games"]
    #[autocomplete = "ac_game"]
    game: Option<GameId>,
) -> Result<(), Error> {
    let c = caller(ctx).await;
    answer(
        ctx,
        actions::vote_concede(&ctx.data().games, &c, game, to.as_deref()).await,
    )
    .await
}

/// The same ballots under the name of a power ruled by vote: `/<power> vote`, `votes` and
/// `clear` are `/vote order`, `ballots` and `withdraw`.
fn ballots_alias(alias: &VoteAlias) -> poise::Command<Data, Error> {
    fn renamed(mut c: poise::Command<Data, Error>, name: &str) -> poise::Command<Data, Error> {
        c.name = name.to_string().into();
        c
    }
    let mut group = ballots_group();
    group.name = alias.name.clone().into();
    group.qualified_name = group.name.clone();
    group.identifying_name = format!("ballots_group:{}", alias.name).into();
    let description = format!(
        "Vote in secret, in a DM, on the orders of the {} (as /vote order, ballots, withdraw)",
        alias.power
    );
    if text::discord_len(&description) <= DESCRIPTION_LIMIT {
        group.description = Some(description.into());
    }
    group.subcommand_required = true;
    group.subcommands = vec![
        renamed(vote_order(), "vote"),
        renamed(vote_ballots(), "votes"),
        renamed(vote_withdraw(), "clear"),
    ];
    group
}

/// Discord's longest command description.
const DESCRIPTION_LIMIT: usize = 100;

/// The same as /vote order, ballots and withdraw, under a voted power's name.
#[poise::command(slash_command)]
async fn ballots_group(_ctx: Ctx<'_>) -> Result<(), Error> {
    Ok(())
}

/// Vote an order for one unit of a power nobody plays; a later vote for the unit replaces it.
#[poise::command(slash_command, rename = "order")]
async fn vote_order(
    ctx: Ctx<'_>,
    #[description = "The order you vote for, such as F hav - fls"]
    #[autocomplete = "ac_vote_order"]
    order: String,
    #[description = "Which of your games"]
    #[autocomplete = "ac_game"]
    game: Option<GameId>,
) -> Result<(), Error> {
    let c = caller(ctx).await;
    answer(
        ctx,
        actions::vote_order(&ctx.data().games, &c, game, &order).await,
    )
    .await
}

/// Show your own votes on the orders of the powers nobody plays, this phase.
#[poise::command(slash_command, rename = "ballots")]
async fn vote_ballots(
    ctx: Ctx<'_>,
    #[description = "Which of your games"]
    #[autocomplete = "ac_game"]
    game: Option<GameId>,
) -> Result<(), Error> {
    let c = caller(ctx).await;
    answer(
        ctx,
        actions::vote_ballots(&ctx.data().games, &c, game).await,
    )
    .await
}

/// Withdraw all your votes on the orders of the powers nobody plays, this phase.
#[poise::command(slash_command, rename = "withdraw")]
async fn vote_withdraw(
    ctx: Ctx<'_>,
    #[description = "Which of your games"]
    #[autocomplete = "ac_game"]
    game: Option<GameId>,
) -> Result<(), Error> {
    let c = caller(ctx).await;
    answer(
        ctx,
        actions::vote_withdraw(&ctx.data().games, &c, game).await,
    )
    .await
}

/// Declare an alliance with another power for an alliance victory (in a direct message).
#[poise::command(
    slash_command,
    subcommands(
        "alliance_propose",
        "alliance_accept",
        "alliance_withdraw",
        "alliance_show"
    ),
    subcommand_required
)]
pub async fn alliance(_ctx: Ctx<'_>) -> Result<(), Error> {
    Ok(())
}

async fn ac_alliance_to(ctx: Ctx<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let user = ctx.author().id.to_string();
    suggest(actions::alliance_suggestions(&ctx.data().games, &user, None, false, partial).await)
}

async fn ac_alliance_from(ctx: Ctx<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let user = ctx.author().id.to_string();
    suggest(actions::alliance_suggestions(&ctx.data().games, &user, None, true, partial).await)
}

/// Propose an alliance to another power; its player is told and may accept.
#[poise::command(slash_command, rename = "propose")]
async fn alliance_propose(
    ctx: Ctx<'_>,
    #[description = "The power to ally with"]
    #[autocomplete = "ac_alliance_to"]
    power: String,
    #[description = "Which of your games"]
    #[autocomplete = "ac_game"]
    game: Option<GameId>,
) -> Result<(), Error> {
    let c = caller(ctx).await;
    answer(
        ctx,
        actions::alliance_propose(&ctx.data().games, &c, game, &power).await,
    )
    .await
}

/// Accept the alliance a power proposed to you.
#[poise::command(slash_command, rename = "accept")]
async fn alliance_accept(
    ctx: Ctx<'_>,
    #[description = "The power that proposed"]
    #[autocomplete = "ac_alliance_from"]
    power: String,
    #[description = "Which of your games"]
    #[autocomplete = "ac_game"]
    game: Option<GameId>,
) -> Result<(), Error> {
    let c = caller(ctx).await;
    answer(
        ctx,
        actions::alliance_accept(&ctx.data().games, &c, game, &power).await,
    )
    .await
}

/// End your alliance, or take back or turn down a proposal.
#[poise::command(slash_command, rename = "withdraw")]
async fn alliance_withdraw(
    ctx: Ctx<'_>,
    #[description = "Which of your games"]
    #[autocomplete = "ac_game"]
    game: Option<GameId>,
) -> Result<(), Error> {
    let c = caller(ctx).await;
    answer(
        ctx,
        actions::alliance_withdraw(&ctx.data().games, &c, game).await,
    )
    .await
}

/// Your alliance and the proposals made by or to you.
#[poise::command(slash_command, rename = "show")]
async fn alliance_show(
    ctx: Ctx<'_>,
    #[description = "Which of your games"]
    #[autocomplete = "ac_game"]
    game: Option<GameId>,
) -> Result<(), Error> {
    let c = caller(ctx).await;
    answer(
        ctx,
        actions::alliance_show(&ctx.data().games, &c, game).await,
    )
    .await
}

/// Moderator commands for the game in this channel.
#[poise::command(
    slash_command,
    guild_only,
    rename = "mod",
    subcommands(
        "mod_adjudicate",
        "mod_extend",
        "mod_pause",
        "mod_resume",
        "mod_deadline",
        "mod_replace",
        "mod_remove",
        "mod_rollback",
        "mod_add_unit",
        "mod_remove_unit",
        "mod_set_owner",
        "mod_secrets",
        "mod_role",
        "super::community_commands::mod_scoring",
        "super::community_commands::mod_claims",
        "super::community_commands::mod_approve",
        "super::community_commands::mod_refuse"
    ),
    subcommand_required
)]
pub async fn moderate(_ctx: Ctx<'_>) -> Result<(), Error> {
    Ok(())
}

/// Adjudicate the current phase now.
#[poise::command(slash_command, guild_only, rename = "adjudicate")]
async fn mod_adjudicate(ctx: Ctx<'_>) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    let c = caller(ctx).await;
    answer(ctx, actions::mod_adjudicate(&ctx.data().games, &c).await).await
}

/// Push the deadline back (within the game's extension allowance).
#[poise::command(slash_command, guild_only, rename = "extend")]
async fn mod_extend(
    ctx: Ctx<'_>,
    #[description = "By how long, such as 12h or 1d"] by: String,
) -> Result<(), Error> {
    let c = caller(ctx).await;
    answer(ctx, actions::mod_extend(&ctx.data().games, &c, &by).await).await
}

/// Stop the clock.
#[poise::command(slash_command, guild_only, rename = "pause")]
async fn mod_pause(ctx: Ctx<'_>) -> Result<(), Error> {
    let c = caller(ctx).await;
    answer(ctx, actions::mod_pause(&ctx.data().games, &c).await).await
}

/// Restart the clock with the time that was left.
#[poise::command(slash_command, guild_only, rename = "resume")]
async fn mod_resume(ctx: Ctx<'_>) -> Result<(), Error> {
    let c = caller(ctx).await;
    answer(ctx, actions::mod_resume(&ctx.data().games, &c).await).await
}

/// Set the deadline: in a duration from now (12h) or at a date and time (2026-11-22 20:00).
#[poise::command(slash_command, guild_only, rename = "deadline")]
async fn mod_deadline(
    ctx: Ctx<'_>,
    #[description = "12h, 1d 6h, or 2026-11-22 20:00 (game's timezone, else UTC)"] when: String,
) -> Result<(), Error> {
    let c = caller(ctx).await;
    answer(
        ctx,
        actions::mod_deadline(&ctx.data().games, &c, &when).await,
    )
    .await
}

/// Give a power to another player (or fill a vacant one).
#[poise::command(slash_command, guild_only, rename = "replace")]
async fn mod_replace(
    ctx: Ctx<'_>,
    #[description = "The power"]
    #[autocomplete = "ac_seat"]
    power: String,
    #[description = "Its new player"] player: serenity::User,
) -> Result<(), Error> {
    let c = caller(ctx).await;
    let user = player.id.to_string();
    answer(
        ctx,
        actions::mod_replace(&ctx.data().games, &c, &power, &user).await,
    )
    .await?;
    // The seat's conversations follow it: the old player leaves them, the new one joins.
    mend_press(ctx, &c).await;
    Ok(())
}

/// Brings the channel's game's threads up to date now (the scheduler's tick would, later).
async fn mend_press(ctx: Ctx<'_>, c: &Caller) {
    if let Ok(id) = actions::which_game(&ctx.data().games, c, None).await {
        if let Err(e) = ctx.data().press.mend(id, None).await {
            tracing::warn!(game = id, "press threads not mended: {e}");
        }
    }
}

/// Take a player out of the game; their power stays, vacant.
#[poise::command(slash_command, guild_only, rename = "remove")]
async fn mod_remove(
    ctx: Ctx<'_>,
    #[description = "The player"] player: serenity::User,
) -> Result<(), Error> {
    let c = caller(ctx).await;
    let user = player.id.to_string();
    answer(ctx, actions::mod_remove(&ctx.data().games, &c, &user).await).await?;
    mend_press(ctx, &c).await;
    Ok(())
}

/// Undo the last adjudication.
#[poise::command(slash_command, guild_only, rename = "rollback")]
async fn mod_rollback(ctx: Ctx<'_>) -> Result<(), Error> {
    let c = caller(ctx).await;
    answer(ctx, actions::mod_rollback(&ctx.data().games, &c).await).await
}

/// Put a unit on the board.
#[poise::command(slash_command, guild_only, rename = "add-unit")]
async fn mod_add_unit(
    ctx: Ctx<'_>,
    #[description = "Whose unit"]
    #[autocomplete = "ac_power"]
    power: String,
    #[description = "The unit, such as F stp/sc or A mun"] unit: String,
) -> Result<(), Error> {
    let c = caller(ctx).await;
    let edit = BoardEdit::AddUnit { power, unit };
    answer(ctx, actions::mod_board(&ctx.data().games, &c, &edit).await).await
}

/// Take a unit off the board.
#[poise::command(slash_command, guild_only, rename = "remove-unit")]
async fn mod_remove_unit(
    ctx: Ctx<'_>,
    #[description = "Where it stands, such as mun"] at: String,
) -> Result<(), Error> {
    let c = caller(ctx).await;
    let edit = BoardEdit::RemoveUnit { at };
    answer(ctx, actions::mod_board(&ctx.data().games, &c, &edit).await).await
}

/// Set who owns a supply centre (leave the power empty for nobody).
#[poise::command(slash_command, guild_only, rename = "set-owner")]
async fn mod_set_owner(
    ctx: Ctx<'_>,
    #[description = "The supply centre"] centre: String,
    #[description = "Its owner"]
    #[autocomplete = "ac_power"]
    power: Option<String>,
) -> Result<(), Error> {
    let c = caller(ctx).await;
    let edit = BoardEdit::SetOwner {
        province: centre,
        power,
    };
    answer(ctx, actions::mod_board(&ctx.data().games, &c, &edit).await).await
}

/// See the game's secret draws (only you see them; the channel hears that you looked).
#[poise::command(slash_command, guild_only, rename = "secrets")]
async fn mod_secrets(ctx: Ctx<'_>) -> Result<(), Error> {
    let c = caller(ctx).await;
    answer(ctx, actions::mod_secrets(&ctx.data().games, &c).await).await
}

/// Choose the role (besides Manage Server) whose members may moderate games here.
#[poise::command(slash_command, guild_only, rename = "role")]
async fn mod_role(
    ctx: Ctx<'_>,
    #[description = "The role; leave empty for Manage Server only"] role: Option<serenity::Role>,
    #[description = "Set the role pinged when a seat opens, instead of the moderators'"]
    substitutes: Option<bool>,
) -> Result<(), Error> {
    let c = caller(ctx).await;
    let role = role.map(|r| r.id.to_string());
    if substitutes == Some(true) {
        let set = actions::mod_substitute_role(&ctx.data().games, &c, role.as_deref()).await;
        return answer(ctx, set).await;
    }
    answer(
        ctx,
        actions::mod_role(&ctx.data().games, &c, manage_server(ctx), role.as_deref()).await,
    )
    .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_alias_takes_a_command_name() {
        let names: Vec<String> = own().iter().map(|c| c.name.to_string()).collect();
        assert_eq!(names, vote_alias::OTHER_COMMANDS);
    }

    #[test]
    fn each_alias_group_is_the_vote_subcommands_renamed() {
        let all = all();
        let vote = all.iter().find(|c| c.name == "vote").expect("/vote");
        let aliases = vote_alias::builtin();
        assert!(!aliases.is_empty());
        for alias in aliases {
            let group = all
                .iter()
                .find(|c| c.name == alias.name.as_str())
                .unwrap_or_else(|| panic!("no /{}", alias.name));
            assert_eq!(group.qualified_name, group.name);
            assert!(group.subcommand_required);
            let description = group.description.as_deref().unwrap_or_default();
            assert!(description.contains(&alias.power), "{description}");
            for (sub, of) in [
                ("vote", "order"),
                ("votes", "ballots"),
                ("clear", "withdraw"),
            ] {
                let a = group
                    .subcommands
                    .iter()
                    .find(|c| c.name == sub)
                    .unwrap_or_else(|| panic!("no /{} {sub}", alias.name));
                let v = vote.subcommands.iter().find(|c| c.name == of).unwrap();
                assert_eq!(a.source_code_name, v.source_code_name);
                let params = |c: &poise::Command<Data, Error>| -> Vec<String> {
                    c.parameters.iter().map(|p| p.name.to_string()).collect()
                };
                assert_eq!(params(a), params(v));
            }
        }
    }
}
