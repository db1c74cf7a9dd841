//! The messages Parley posts on its own: a phase's results with its map, NMR waits, game
//! outcomes and deadline reminders. Built here, sent by a [`Poster`].

use engine::judge::DislodgedReport;
use engine::position::Position;
use engine::store::{GameError, GameId, Games, PhaseRecord, PhaseView, Result};
use engine::Rules;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

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

    /// The same post, sent with `nonce` for Discord to drop a repeat.
    pub fn once(self, nonce: String) -> Post {
        Post {
            nonce: Some(nonce),
            ..self
        }
    }
}

/// A post the bot makes once per adjudication of a game's phase, named in its nonce.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Once {
    /// The phase's results with its map.
    Results,
    /// A player's DM reminder of orders still owed.
    Reminder,
    /// A voter's DM reminder of a vote not yet cast.
    VoteReminder,
    /// The channel told the game is stuck and set aside.
    SetAside,
}

/// The nonce of a post made once per adjudication of (game, phase): a post repeated after a
/// crash between sending it and recording it, or by another process that took the game over,
/// is dropped by Discord, while the same phase played again after a rollback (`replay` counts
/// the game's rollbacks) is posted anew. Discord takes at most 25 characters.
pub fn nonce(what: Once, game: GameId, seq: i64, replay: i64) -> String {
    let kind = match what {
        Once::Results => 'r',
        Once::Reminder => 'm',
        Once::VoteReminder => 'v',
        Once::SetAside => 'b',
    };
    format!("{kind}{game}.{seq}.{replay}")
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
    let PhaseView {
        variant,
        name,
        position,
        record,
        retreats,
    } = games.phase(game, seq).await?;
    if seq > 0 && engine::store::decided_on_the_spot(&variant, &position) {
        return Ok(None);
    }
    let record = record.ok_or_else(|| {
        GameError::Refused(format!(
            "{name} has not been adjudicated, so has no results"
        ))
    })?;
    let v = &*variant;
    let info = games.info(game).await?;
    let mut text = format!("**{name}** has been adjudicated.");
    let failed = record.not_succeeded();
    let dislodged = crate::report::units(v, record.dislodged.iter().map(|d| &d.dislodged.unit));
    if failed > 0 {
        text += &format!(" {failed} order(s) did not succeed.");
    }
    if !dislodged.is_empty() {
        text += &format!(" Dislodged: {}.", dislodged.join(", "));
    }
    text += &happened(v, &record);
    text += &waived(v, &position, &record);
    // The vote's outcome is what the players most want to see, so it goes in the message
    // itself; a long list is cut short (the results file has it all).
    let votes = crate::report::vote_lines(v, &record);
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
    // The phase whose results are told, the position it was played from, and its record.
    let mut story = (name.clone(), position.clone(), record.clone());
    let mut centres = centre_line(v, &position, &record);
    let mut next_seq = seq + 1;
    let next = loop {
        if next_seq > last_seq {
            break None;
        }
        let later = games.phase(game, next_seq).await?;
        let next_record = match later.record {
            Some(r) if engine::store::decided_on_the_spot(&later.variant, &later.position) => r,
            _ => break Some(later.name),
        };
        let next_name = later.name;
        body += &crate::report::results_text(v, &story.0, &story.1, &story.2, &next_name, None);
        body += "\n";
        let what = happened(v, &next_record);
        text += &format!(
            "\n**{next_name}** needed no orders and was settled at once:{}",
            if what.is_empty() {
                " nothing to do.".to_string()
            } else {
                what
            }
        );
        centres = centre_line(v, &later.position, &next_record).or(centres);
        story = (next_name, later.position, next_record);
        next_seq += 1;
    };
    if let Some(line) = centres {
        text += &format!("\n{line}");
    }
    text += &super::civil_disorder::results_lines(games, game, seq).await?;
    let is_current = info.seq == Some(next_seq);
    let next_name = next.clone().unwrap_or_default();
    let won = info
        .outcome
        .as_ref()
        .and_then(engine::store::Outcome::read)
        // Won by centres, or drawn when the calendar ran out (a draw by vote is told when the
        // vote ends it).
        .filter(|o| o.winners().is_some() || matches!(o, engine::store::Outcome::Draw(_)));
    // The last phase told ended the game when the game is over by centres and nothing was
    // played after it.
    let ending = match (&won, info.status.as_str()) {
        (Some(outcome), "finished") if is_current => Some(outcome.clone()),
        _ => None,
    };
    match (won, info.status.as_str(), info.deadline) {
        (Some(engine::store::Outcome::Alliance { powers, centres }), "finished", _)
            if is_current =>
        {
            text += &format!(
                "\n**The game is over: {} and {} win together** with {centres} centres.",
                v.display_of(&powers[0]),
                v.display_of(&powers[1])
            )
        }
        (Some(outcome), "finished", _) if is_current => {
            text += &format!("\n**The game is over: {}.**", outcome.words_for(v))
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
    body +=
        &crate::report::results_text(v, &story.0, &story.1, &story.2, &next_name, ending.as_ref());
    // Discord caps a message at 2000 characters; the results file has everything. Cut where
    // `fit` cuts, not at the last line break whatever it is: the first line alone (the
    // phase, then everything built, removed and dislodged, on a board of twelve powers) may
    // be longer than the limit, and the post must still name its phase.
    text = crate::text::fit(&text, 1900, "\n…");
    let mut post = Post::text(text).once(nonce(
        Once::Results,
        game,
        seq,
        games.rollbacks(game).await?,
    ));
    post.files
        .push((format!("{}.txt", file_stem(&name)), body.into_bytes()));
    match draw(variant, position, Some(record), retreats).await {
        Ok(png) => post
            .files
            .insert(0, (format!("{}.png", file_stem(&name)), png)),
        Err(e) => tracing::warn!(game, "no map for {name}: {e}"),
    }
    Ok(Some(post))
}

/// The supply centres that changed hands, for a post, when the phase closed a count:
/// `Centres: France 6 (+bel -mar), Germany 5 (+den); no change for the others.` (the
/// results file lists every power).
fn centre_line(v: &Rules, before: &Position, record: &PhaseRecord) -> Option<String> {
    let all = crate::report::centre_changes(v, before, record)?;
    let changed: Vec<String> = all
        .iter()
        .filter(|c| !c.gained.is_empty() || !c.lost.is_empty())
        .map(|c| c.short(v))
        .collect();
    Some(if changed.is_empty() {
        "Centres: no centre changed hands.".to_string()
    } else if changed.len() == all.len() {
        format!("Centres: {}.", changed.join(", "))
    } else {
        format!("Centres: {}; no change for the others.", changed.join(", "))
    })
}

/// In an adjustment, the builds a power was due and did not make, as a sentence for a post
/// (a missing build is waived; the results list only what was built).
fn waived(variant: &Rules, position: &Position, record: &PhaseRecord) -> String {
    if variant.calendar.kind(position.phase) != engine::phase::PhaseKind::Adjustment {
        return String::new();
    }
    let mut unused = Vec::new();
    for power in variant.powers_ordered_by(engine::rulebook::Controller::Player) {
        let units = position.units.iter().filter(|u| u.power == power).count();
        if variant.supply(position, power) <= units {
            continue;
        }
        let name = variant.display_name(power);
        let due = engine::judge::adjustment_due(variant, position, power);
        let built = record.built.iter().filter(|u| u.power == power).count() as i64;
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
fn happened(v: &Rules, record: &PhaseRecord) -> String {
    let mut text = String::new();
    for (label, units) in [
        ("Built", crate::report::units(v, record.built.iter())),
        (
            "Removed",
            crate::report::units(v, record.removed.iter().map(|(u, _)| u)),
        ),
        (
            "Disbanded",
            crate::report::units(v, record.disbanded.iter()),
        ),
        (
            "Retreated by the rules",
            crate::report::retreated(v, record),
        ),
    ] {
        if !units.is_empty() {
            text += &format!(" {label}: {}.", units.join(", "));
        }
    }
    text
}

/// The map of a phase as it stood (with its orders if it has been played).
pub async fn phase_map(games: &Games, game: GameId, seq: i64) -> Result<Post> {
    let PhaseView {
        variant,
        name,
        position,
        record,
        retreats,
    } = games.phase(game, seq).await?;
    let png = draw(variant, position, record, retreats)
        .await
        .map_err(GameError::Refused)?;
    Ok(Post {
        text: format!("**{name}**"),
        files: vec![(format!("{}.png", file_stem(&name)), png)],
        nonce: None,
    })
}

/// A phase's map as PNG bytes, drawn off the async threads (rasterising takes tens of ms) by
/// the bot's drawing threads, one map per core at a time, in the order asked (see
/// [`crate::drawing`]).
async fn draw(
    variant: Arc<Rules>,
    position: Position,
    record: Option<PhaseRecord>,
    retreats: Vec<DislodgedReport>,
) -> std::result::Result<Vec<u8>, String> {
    crate::drawing::drawers()?
        .draw(move || crate::picture::phase_png(&variant, &position, record.as_ref(), &retreats))
        .await?
}

/// `Spring 1901 movement` → `spring-1901-movement`.
fn file_stem(name: &str) -> String {
    name.to_lowercase().replace(' ', "-")
}
