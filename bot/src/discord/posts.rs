//! The messages Parley posts on its own: a phase's results with its map, NMR waits, game
//! outcomes and deadline reminders. Built here, sent by a [`Poster`].

use crate::games::{GameId, Games, PhaseReport, Result};
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

/// The results post for an adjudicated phase: a summary, the map PNG and the full results.
pub async fn phase_results(games: &Games, report: &PhaseReport) -> Result<Post> {
    let (variant, name, position, results) = games.phase(report.game, report.seq).await?;
    let info = games.info(report.game).await?;
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
    match (&report.finished, info.deadline) {
        (Some(winner), _) => text += &format!("\n**The game is over: {winner} wins.**"),
        (None, Some(deadline)) => {
            text += &format!(
                "\nNext: **{}**, orders due {}.",
                report.next_phase,
                when(deadline)
            )
        }
        (None, None) => text += &format!("\nNext: **{}**.", report.next_phase),
    }
    let body = crate::report::results_text(&name, &results, &report.next_phase);
    let mut post = Post::text(text);
    post.files
        .push((format!("{}.txt", file_stem(&name)), body.into_bytes()));
    let png = tokio::task::spawn_blocking(move || {
        crate::picture::phase_png(&variant, &position, &results)
    })
    .await
    .map_err(|e| crate::games::GameError::Refused(format!("drawing the map failed: {e}")))?;
    match png {
        Ok(png) => post
            .files
            .insert(0, (format!("{}.png", file_stem(&name)), png)),
        Err(e) => tracing::warn!(game = report.game, "no map for {name}: {e}"),
    }
    Ok(post)
}

/// The map of a phase as it stood (with its orders if it has been played).
pub async fn phase_map(games: &Games, game: GameId, seq: i64) -> Result<Post> {
    let (variant, name, position, results) = games.phase(game, seq).await?;
    let stem = file_stem(&name);
    let png = tokio::task::spawn_blocking(move || {
        crate::picture::phase_png(&variant, &position, &results)
    })
    .await
    .map_err(|e| crate::games::GameError::Refused(format!("drawing the map failed: {e}")))?
    .map_err(crate::games::GameError::Refused)?;
    Ok(Post {
        text: format!("**{name}**"),
        files: vec![(format!("{stem}.png"), png)],
    })
}

/// `Spring 1901 movement` → `spring-1901-movement`.
fn file_stem(name: &str) -> String {
    name.to_lowercase().replace(' ', "-")
}
