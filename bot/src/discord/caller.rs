//! A command apart from Discord: who called it ([`Caller`]), the game they mean
//! ([`which_game`]), and what comes back to them ([`Answer`]).

use super::posts::Post;
use engine::store::{GameError, GameId, Games};

/// Who invoked a command, and where.
#[derive(Debug, Clone)]
pub struct Caller {
    pub user: String,
    /// The server, or `None` in a direct message.
    pub guild: Option<String>,
    pub channel: String,
    /// Holds Manage Server or the server's moderator role.
    pub moderator: bool,
}

/// The reply to a command, and anything to post in a game channel because of it.
#[derive(Debug, Clone, Default)]
pub struct Answer {
    pub reply: Post,
    /// Only the caller sees the reply.
    pub private: bool,
    /// (channel, post) to send after replying.
    pub announce: Vec<(String, Post)>,
}

impl Answer {
    pub fn public(text: impl Into<String>) -> Answer {
        Answer {
            reply: Post::text(text),
            ..Answer::default()
        }
    }
    pub fn private(text: impl Into<String>) -> Answer {
        Answer {
            reply: Post::text(text),
            private: true,
            ..Answer::default()
        }
    }
}

pub type Outcome = std::result::Result<Answer, GameError>;

pub(super) fn refused<T>(m: impl Into<String>) -> std::result::Result<T, GameError> {
    Err(GameError::Refused(m.into()))
}
/// The game a command is about: the channel's game in a server; in a direct message the
/// caller's only game, or the one they named.
pub async fn which_game(
    games: &Games,
    caller: &Caller,
    named: Option<GameId>,
) -> std::result::Result<GameId, GameError> {
    if caller.guild.is_some() {
        if let Some(id) = games.game_in_channel(&caller.channel).await? {
            return Ok(id);
        }
        if let Some(id) = named {
            return Ok(id);
        }
        return refused("there is no game in this channel; /game create starts one here");
    }
    let mine = games.games_of(&caller.user).await?;
    let list = || {
        mine.iter()
            .map(|(id, v, p)| format!("{id} ({v}, {})", p.as_deref().unwrap_or("not started")))
            .collect::<Vec<_>>()
            .join(", ")
    };
    match (named, mine.len()) {
        (Some(id), _) if mine.iter().any(|(g, _, _)| *g == id) => Ok(id),
        (Some(id), 0) => refused(format!("you do not play in game {id}, nor in any other")),
        (Some(id), _) => refused(format!(
            "you do not play in game {id}; your games are {}",
            list()
        )),
        (None, 0) => refused("you are not in any game; join one with /game join in its channel"),
        (None, 1) => Ok(mine[0].0),
        (None, _) => refused(format!(
            "you play in several games: {}; say which with the game option",
            list()
        )),
    }
}

/// The game a command that only reads is about (`/game status`, `map`, `history`). Like
/// [`which_game`], but a finished game stays readable by anyone who can see it: in a server
/// channel the game named (if played in this server), else the channel's unfinished game,
/// else its latest one; in a direct message any game the caller plays or played in.
pub async fn game_to_read(
    games: &Games,
    caller: &Caller,
    named: Option<GameId>,
) -> std::result::Result<GameId, GameError> {
    if let Some(guild) = &caller.guild {
        if let Some(id) = named {
            return match games.guild_of(id).await {
                Ok(Some(g)) if g == *guild => Ok(id),
                Ok(_) | Err(GameError::NotFound(_)) => refused(format!(
                    "game {id} is not played in this server; /game list shows this channel's games"
                )),
                Err(e) => Err(e),
            };
        }
        if let Some(id) = games.game_in_channel(&caller.channel).await? {
            return Ok(id);
        }
        return match games.games_in_channel(&caller.channel).await?.first() {
            Some(latest) => Ok(latest.id),
            None => refused("there is no game in this channel; /game create starts one here"),
        };
    }
    let played = games.games_played_by(&caller.user).await?;
    match named {
        Some(id) if played.iter().any(|g| g.id == id) => Ok(id),
        Some(_) => which_game(games, caller, named).await,
        None => match which_game(games, caller, None).await {
            Err(_) if played.len() == 1 => Ok(played[0].id),
            other => other,
        },
    }
}

/// The orders in a message, one a line or separated by `;`, each with the line it was on so
/// refusals can say where to look; refused when there are none.
pub(super) fn numbered_orders(
    text: &str,
) -> std::result::Result<(Vec<usize>, Vec<String>), GameError> {
    let (numbers, orders): (Vec<usize>, Vec<String>) = text
        .lines()
        .enumerate()
        .flat_map(|(n, l)| l.split(';').map(move |o| (n + 1, o.trim().to_string())))
        .filter(|(_, o)| !o.is_empty())
        .unzip();
    if orders.is_empty() {
        return refused("no orders given; write one per line, such as `A par - bur`");
    }
    Ok((numbers, orders))
}
