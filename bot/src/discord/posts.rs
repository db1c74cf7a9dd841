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
    /// Sent with the message for Discord to drop a repeat (`enforce_nonce`): the same nonce
    /// within a few minutes returns the first message instead of posting a second.
    pub nonce: Option<String>,
}

impl Post {
    pub fn text(text: impl Into<String>) -> Post {
        Post {
            text: text.into(),
            ..Post::default()
        }
    }
}

/// The nonce of a phase's results post: one per adjudication of (game, phase), so a post
/// repeated after a crash between sending it and recording it is dropped by Discord, while
/// the same phase played again after a rollback (`replay` counts the game's rollbacks) is
/// posted anew. Discord takes at most 25 characters.
pub fn results_nonce(game: GameId, seq: i64, replay: i64) -> String {
    format!("r{game}.{seq}.{replay}")
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

/// The results post for adjudicated phase `seq` of a game: a summary, the map PNG and the
/// full results as text; then every phase after it that was decided on the spot (a retreat
/// with nowhere to go, an adjustment with nothing due) with what happened in it; last, the
/// phase the game is really in next, with its deadline (or the outcome). `None` for a phase
/// decided on the spot: the post of the phase before it told its story.
pub async fn phase_results(games: &Games, game: GameId, seq: i64) -> Result<Option<Post>> {
    let (variant, name, position, results) = games.phase(game, seq).await?;
    if seq > 0 && crate::games::decided_on_the_spot(&variant, &position) {
        return Ok(None);
    }
    let info = games.info(game).await?;
    let mut text = format!("**{name}** has been adjudicated.");
    let failed = crate::report::not_succeeded(&results);
    let dislodged = crate::report::units(&results, "dislodged");
    if failed > 0 {
        text += &format!(" {failed} order(s) did not succeed.");
    }
    if !dislodged.is_empty() {
        text += &format!(" Dislodged: {}.", dislodged.join(", "));
    }
    text += &happened(&results);
    text += &waived(&variant, &position, &results);
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
    let last_seq = games.phase_names(game).await?.last().map_or(seq, |p| p.0);
    let mut body = String::new();
    let mut story = (name.clone(), results.clone());
    let mut next_seq = seq + 1;
    let next = loop {
        if next_seq > last_seq {
            break None;
        }
        let (v, next_name, next_position, next_results) = games.phase(game, next_seq).await?;
        if next_results.is_null() || !crate::games::decided_on_the_spot(&v, &next_position) {
            break Some(next_name);
        }
        body += &crate::report::results_text(&story.0, &story.1, &next_name);
        body += "\n";
        let what = happened(&next_results);
        text += &format!(
            "\n**{next_name}** needed no orders and was settled at once:{}",
            if what.is_empty() {
                " nothing to do.".to_string()
            } else {
                what
            }
        );
        story = (next_name, next_results);
        next_seq += 1;
    };
    let is_current = info.seq == Some(next_seq);
    let next_name = next.clone().unwrap_or_default();
    match (&info.outcome, info.status.as_str(), info.deadline) {
        (Some(outcome), "finished", _) if is_current && outcome.get("victory").is_some() => {
            text += &format!(
                "\n**The game is over: {} wins.**",
                outcome["victory"].as_str().unwrap_or("?")
            )
        }
        (_, "running", Some(deadline)) if is_current => {
            text += &format!("\nNext: **{next_name}**, orders due {}.", when(deadline))
        }
        (_, "paused", _) if is_current => {
            text += &format!("\nNext: **{next_name}** (the game is paused).")
        }
        _ if next.is_some() => text += &format!("\nNext: **{next_name}**."),
        _ => {}
    }
    body += &crate::report::results_text(&story.0, &story.1, &next_name);
    // Discord caps a message at 2000 characters; the results file has everything.
    if text.len() > 1900 {
        let cut = text[..text.floor_char_boundary(1900)]
            .rfind('\n')
            .unwrap_or(0);
        text.truncate(cut);
        text += "\n…";
    }
    let mut post = Post::text(text);
    post.nonce = Some(results_nonce(game, seq, games.rollbacks(game).await?));
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

/// In an adjustment, the builds a power was due and did not make, as a sentence for a post
/// (a missing build is waived; the results list only what was built).
fn waived(
    variant: &engine::Rules,
    position: &engine::position::Position,
    results: &serde_json::Value,
) -> String {
    if variant.calendar.kind(position.phase) != engine::phase::PhaseKind::Adjustment {
        return String::new();
    }
    let mut unused = Vec::new();
    for power in variant.powers_ordered_by(engine::rulebook::Controller::Player) {
        let units = position.units.iter().filter(|u| u.power == power).count();
        if variant.supply(position, power) <= units {
            continue;
        }
        let name = variant.power_name(power);
        let due = engine::judge::adjustment_due(variant, position, power);
        let built = results["built"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|b| b["power"] == name)
            .count() as i64;
        match due - built {
            n if n <= 0 => {}
            1 => unused.push(format!("{name} 1 build")),
            n => unused.push(format!("{name} {n} builds")),
        }
    }
    if unused.is_empty() {
        String::new()
    } else {
        format!(" Waived: {}.", unused.join(", "))
    }
}

/// What a phase changed beyond its orders, as sentences for a post: units built, removed
/// and disbanded (a dislodged unit with nowhere to go is disbanded).
fn happened(results: &serde_json::Value) -> String {
    let mut text = String::new();
    for (key, label) in [
        ("built", "Built"),
        ("removed", "Removed"),
        ("disbanded", "Disbanded"),
    ] {
        let units = crate::report::units(results, key);
        if !units.is_empty() {
            text += &format!(" {label}: {}.", units.join(", "));
        }
    }
    text
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
        nonce: None,
    })
}

/// A phase's map as PNG bytes, drawn off the async threads (rasterising takes tens of ms).
async fn draw(
    variant: std::sync::Arc<engine::Rules>,
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
