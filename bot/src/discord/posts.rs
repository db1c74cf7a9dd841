//! The messages Parley posts on its own: a phase's results with its map, NMR waits, game
//! outcomes and deadline reminders. Built here, sent by a [`Poster`].

use crate::games::{GameId, Games, Result};
use std::future::Future;
use std::pin::Pin;

/// A message: text and attached files (name, bytes).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Post {
    pub text: String,
    pub files: Vec<(String, Vec<u8>)>,
}

impl Post {
    pub fn text(text: impl Into<String>) -> Post {
        Post {
            text: text.into(),
            files: Vec::new(),
        }
    }
}

pub type Sent<'a> = Pin<Box<dyn Future<Output = std::result::Result<(), String>> + Send + 'a>>;

/// Where posts go: Discord in the bot, a recording list in tests.
pub trait Poster: Send + Sync {
    /// Posts in a channel (a game's channel).
    fn to_channel<'a>(&'a self, channel: &'a str, post: Post) -> Sent<'a>;
    /// Sends a direct message to a user.
    fn to_user<'a>(&'a self, user: &'a str, post: Post) -> Sent<'a>;
}

/// A Discord timestamp that each reader sees in their own timezone, with "in 5 hours".
pub fn when(at: i64) -> String {
    format!("<t:{at}:F> (<t:{at}:R>)")
}

/// Whether an adjudicated phase is worth a post: every movement phase is; a retreat or
/// adjustment phase only if something was ordered or happened (one nobody had to decide was
/// skipped on the spot).
fn worth_posting(
    variant: &engine::Variant,
    position: &engine::position::Position,
    results: &serde_json::Value,
) -> bool {
    variant.calendar.kind(position.phase) == engine::phase::PhaseKind::Movement
        || ["results", "dislodged", "built", "removed", "disbanded"]
            .iter()
            .any(|k| results[k].as_array().is_some_and(|a| !a.is_empty()))
}

/// The results post for adjudicated phase `seq` of a game: a summary with the next deadline
/// (or the outcome), the map PNG and the full results as text; `None` for a phase not worth
/// a post (a retreat or adjustment skipped on the spot).
pub async fn phase_results(games: &Games, game: GameId, seq: i64) -> Result<Option<Post>> {
    let (variant, name, position, results) = games.phase(game, seq).await?;
    if !worth_posting(&variant, &position, &results) {
        return Ok(None);
    }
    let info = games.info(game).await?;
    let phases = games.phase_names(game).await?;
    let next = phases
        .iter()
        .find(|(s, _)| *s == seq + 1)
        .map(|(_, n)| n.clone())
        .unwrap_or_default();
    let last = phases.last().map(|(s, _)| *s) == Some(seq + 1);
    let mut text = format!("**{name}** has been adjudicated.");
    let failed = crate::report::not_succeeded(&results);
    let dislodged = crate::report::units(&results, "dislodged");
    if failed > 0 {
        text += &format!(" {failed} order(s) did not succeed.");
    }
    if !dislodged.is_empty() {
        text += &format!(" Dislodged: {}.", dislodged.join(", "));
    }
    let built = crate::report::units(&results, "built");
    if !built.is_empty() {
        text += &format!(" Built: {}.", built.join(", "));
    }
    // The vote's outcome is what the players most want to see, so it goes in the message
    // itself; a long list is cut short (the results file has it all).
    let votes = crate::report::vote_lines(&results);
    const SHOWN: usize = 8;
    if !votes.is_empty() {
        text += "\nDecided by vote:";
        for line in votes.iter().take(SHOWN) {
            text += &format!("\n- {line}");
        }
        if votes.len() > SHOWN {
            text += &format!("\n- and {} more in the results file", votes.len() - SHOWN);
        }
    }
    match (&info.outcome, info.deadline) {
        (Some(outcome), _) if last && outcome.get("victory").is_some() => {
            text += &format!(
                "\n**The game is over: {} wins.**",
                outcome["victory"].as_str().unwrap_or("?")
            )
        }
        (_, Some(deadline)) if last => {
            text += &format!("\nNext: **{next}**, orders due {}.", when(deadline))
        }
        _ => text += &format!("\nNext: **{next}**."),
    }
    let body = crate::report::results_text(&name, &results, &next);
    // Discord caps a message at 2000 characters; the results file has everything.
    if text.len() > 1900 {
        let cut = text[..text.floor_char_boundary(1900)]
            .rfind('\n')
            .unwrap_or(0);
        text.truncate(cut);
        text += "\n…";
    }
    let mut post = Post::text(text);
    post.files
        .push((format!("{}.txt", file_stem(&name)), body.into_bytes()));
    match draw(variant, position, results).await {
        Ok(png) => post
            .files
            .insert(0, (format!("{}.png", file_stem(&name)), png)),
        Err(e) => tracing::warn!(game, "no map for {name}: {e}"),
    }
    Ok(Some(post))
}

/// The map of a phase as it stood (with its orders if it has been played).
pub async fn phase_map(games: &Games, game: GameId, seq: i64) -> Result<Post> {
    let (variant, name, position, results) = games.phase(game, seq).await?;
    let png = draw(variant, position, results)
        .await
        .map_err(crate::games::GameError::Refused)?;
    Ok(Post {
        text: format!("**{name}**"),
        files: vec![(format!("{}.png", file_stem(&name)), png)],
    })
}

/// A phase's map as PNG bytes, drawn off the async threads (rasterising takes tens of ms).
async fn draw(
    variant: std::sync::Arc<engine::Variant>,
    position: engine::position::Position,
    results: serde_json::Value,
) -> std::result::Result<Vec<u8>, String> {
    tokio::task::spawn_blocking(move || crate::picture::phase_png(&variant, &position, &results))
        .await
        .map_err(|e| format!("drawing the map failed: {e}"))?
}

/// `Spring 1901 movement` → `spring-1901-movement`.
fn file_stem(name: &str) -> String {
    name.to_lowercase().replace(' ', "-")
}
