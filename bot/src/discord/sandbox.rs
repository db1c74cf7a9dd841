//! What the `/sandbox` commands do, apart from Discord: a member's private practice game, where
//! they order every power, adjudicate when they like and step back. Every answer is private and
//! carries the map; nothing is said in a channel, and a sandbox is never rated.

use super::actions::orders_reply;
use super::caller::{numbered_orders, refused, Answer, Caller, Outcome};
use super::posts;
use engine::store::{GameError, GameId, Games, SandboxView};

/// An answer for the caller alone, with the map of the sandbox's current phase.
async fn with_map(games: &Games, id: GameId, text: String) -> Outcome {
    let seq = games.sandbox_view(id).await?.seq;
    let mut answer = Answer::private(text);
    answer.reply.files = posts::phase_map(games, id, seq).await?.files;
    Ok(answer)
}

fn variant_words(variants: &[&str]) -> String {
    variants.join(", ")
}

/// `/sandbox start`: a new sandbox at the variant's start.
pub async fn start(games: &Games, caller: &Caller, variant: &str) -> Outcome {
    let playable = crate::picture::playable_variants();
    let variant = variant.trim().to_lowercase();
    if !playable.contains(&variant.as_str()) {
        return refused(format!(
            "there is no variant {}; choose one of {}",
            crate::text::quote(&variant),
            variant_words(&playable)
        ));
    }
    let view = games.sandbox_start(&caller.user, &variant).await?;
    started(games, view, String::new()).await
}

/// `/sandbox start game:`: a sandbox from the current phase of a game the caller plays in.
pub async fn start_from(games: &Games, caller: &Caller, game: i64) -> Outcome {
    let view = games.sandbox_start_from(&caller.user, game).await?;
    started(
        games,
        view,
        format!(", copied from game {game} (the game itself is unchanged)"),
    )
    .await
}

/// What a new sandbox's owner is told, with its map.
async fn started(games: &Games, view: SandboxView, from: String) -> Outcome {
    with_map(
        games,
        view.game,
        format!(
            "Your sandbox ({}) is at **{}**{from}. Only you see it, and it counts for no record or rating. \
             Order any power with `/sandbox order`, then `/sandbox adjudicate`; `/sandbox back` \
             undoes a phase, `/sandbox end` removes it (so does a week unused).",
            view.variant, view.phase
        ),
    )
    .await
}

/// `/sandbox order`: orders for one power, one a line (or separated by `;`).
pub async fn order(games: &Games, caller: &Caller, power: &str, text: &str) -> Outcome {
    let (numbers, orders) = numbered_orders(text)?;
    let (id, shown, report) = games.sandbox_submit(&caller.user, power, &orders).await?;
    Ok(Answer::private(format!(
        "Sandbox, **{shown}**:\n{}",
        orders_reply(id, &report, &numbers)
    )))
}

/// `/sandbox adjudicate`: the current phase resolved now; its results and map.
pub async fn adjudicate(games: &Games, caller: &Caller) -> Outcome {
    let (id, seq, report) = games.sandbox_adjudicate(&caller.user).await?;
    let post = match posts::phase_results(games, id, seq).await? {
        Some(post) => post,
        None => posts::phase_map(games, id, seq).await?,
    };
    let mut answer = Answer::private(format!("Sandbox: {}", post.text));
    answer.reply.files = post.files;
    if report.finished.is_none() {
        answer.reply.text += &format!(
            "\nYour sandbox is now at **{}**: `/sandbox order`, then `/sandbox adjudicate`.",
            report.next_phase
        );
    }
    Ok(answer)
}

/// `/sandbox back`: the last adjudicated phase undone; its orders stand, to change or keep.
pub async fn back(games: &Games, caller: &Caller) -> Outcome {
    let (id, phase) = games
        .sandbox_back(&caller.user)
        .await
        .map_err(|e| match e {
            GameError::Refused(why) if why.contains("nothing to roll back") => GameError::Refused(
                "your sandbox is at its first phase; there is nothing to step back from".into(),
            ),
            other => other,
        })?;
    with_map(
        games,
        id,
        format!(
            "Your sandbox is back at **{phase}**; the orders given for it stand until you change them."
        ),
    )
    .await
}

/// `/sandbox show`: where the sandbox is, with its map.
pub async fn show(games: &Games, caller: &Caller) -> Outcome {
    let Some(id) = games.sandbox_of(&caller.user).await? else {
        return refused("you have no sandbox; `/sandbox start` makes one");
    };
    let view = games.sandbox_view(id).await?;
    let state = if view.finished {
        ", and the game is over"
    } else {
        ""
    };
    with_map(
        games,
        id,
        format!(
            "Your sandbox ({}) is at **{}**{state}.",
            view.variant, view.phase
        ),
    )
    .await
}

/// `/sandbox end`: the sandbox removed.
pub async fn end(games: &Games, caller: &Caller) -> Outcome {
    games.sandbox_end(&caller.user).await?;
    Ok(Answer::private(
        "Your sandbox is removed. `/sandbox start` makes a new one.",
    ))
}
