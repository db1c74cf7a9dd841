//! The server's community commands: `/profile`, `/leaderboard`, `/game seats`, `/game claim`,
//! `/mod scoring` and giving up a seat, apart from Discord (the slash commands are in
//! `community_commands.rs`).

use super::caller::{which_game, Answer, Caller, Outcome};
use super::civil_disorder::substitute_ping;
use super::posts::Post;
use engine::store::{GameError, GameId, Games, Scoring};
use engine::Variant;

fn server(caller: &Caller) -> Result<&str, GameError> {
    caller.guild.as_deref().ok_or_else(|| {
        GameError::Refused("use this in a server: records and ratings are kept per server".into())
    })
}

/// A member's record in a line: `12 games (9 finished, 1 abandoned); 40 of 42 movement
/// phases ordered (95%)`.
pub fn record_line(p: &engine::store::Profile) -> String {
    format!(
        "{} games ({} finished, {} abandoned); {} of {} movement phases ordered ({:.0}% reliability)",
        p.played,
        p.finished,
        p.abandoned,
        p.ordered,
        p.ordered + p.missed,
        p.reliability()
    )
}

/// `/profile`: a member's record in this server.
pub async fn profile_of(games: &Games, caller: &Caller, member: Option<&str>) -> Outcome {
    let guild = server(caller)?;
    let user = member.unwrap_or(&caller.user);
    let p = games.profile(guild, user).await?;
    Ok(Answer::public(format!("<@{user}>: {}.", record_line(&p))))
}

/// `/leaderboard`: the server's members by rating.
pub async fn leaderboard_of(games: &Games, caller: &Caller) -> Outcome {
    let guild = server(caller)?;
    let board = games.leaderboard(guild).await?;
    if board.is_empty() {
        return Ok(Answer::public(
            "No finished game here has two rated members yet, so there is no leaderboard.",
        ));
    }
    let mut text = String::from("Leaderboard (Elo over finished games):\n");
    for (i, r) in board.iter().take(25).enumerate() {
        text += &format!(
            "{}. <@{}> {:.1} ({} game{})\n",
            i + 1,
            r.user,
            r.rating,
            r.games,
            if r.games == 1 { "" } else { "s" }
        );
    }
    Ok(Answer::public(text.trim_end().to_string()))
}

/// `/game seats`: the open seats of the channel's game.
pub async fn seats_of(games: &Games, caller: &Caller) -> Outcome {
    let id = which_game(games, caller, None).await?;
    let info = games.info(id).await?;
    let v = Variant::builtin(&info.variant).map_err(GameError::Refused)?;
    if info.vacant.is_empty() {
        return Ok(Answer::public(format!("Game {id} has no open seat.")));
    }
    let names: Vec<&str> = info.vacant.iter().map(|p| v.display_of(p)).collect();
    Ok(Answer::public(format!(
        "Open seats in game {id}: {}. Take one with `/game claim power:{}`{}.",
        names.join(", "),
        names[0],
        requirement_words(&info.settings.community)
    )))
}

fn requirement_words(c: &engine::store::GameCommunity) -> String {
    let mut out = Vec::new();
    if let Some(r) = c.min_reliability {
        out.push(format!("{r}% reliability"));
    }
    if let Some(f) = c.min_finished {
        out.push(format!("{f} finished games"));
    }
    if out.is_empty() {
        String::new()
    } else {
        format!(" (needs {})", out.join(" and "))
    }
}

/// `/game claim`: take an open seat.
pub async fn claim(games: &Games, caller: &Caller, power: &str) -> Outcome {
    server(caller)?;
    let id = which_game(games, caller, None).await?;
    let power = games.claim_seat(id, &caller.user, power).await?;
    let info = games.info(id).await?;
    let v = Variant::builtin(&info.variant).map_err(GameError::Refused)?;
    let shown = v.display_of(&power).to_string();
    let mut answer = Answer::public(format!(
        "<@{}> takes over **{shown}** in game {id}.",
        caller.user
    ));
    let due = info
        .deadline
        .map(|d| format!(" Orders are due {}.", super::posts::when(d)))
        .unwrap_or_default();
    answer.announce.push((
        format!("user:{}", caller.user),
        Post::text(format!(
            "You now play **{shown}** in game {id}. Order here with `/orders submit`; `/orders show` lists your units.{due}"
        )),
    ));
    Ok(answer)
}

/// `/game leave` in a running game: the seat opens and is advertised.
pub async fn give_up(games: &Games, caller: &Caller, id: GameId) -> Outcome {
    let power = games.give_up_seat(id, &caller.user).await?;
    let info = games.info(id).await?;
    let v = Variant::builtin(&info.variant).map_err(GameError::Refused)?;
    let ping = match &info.guild {
        Some(g) => substitute_ping(games, g).await?,
        None => String::new(),
    };
    // An anonymous game never says who held a power, not even as they leave it.
    let who = if info.settings.anonymous {
        "Its player".to_string()
    } else {
        format!("<@{}>", caller.user)
    };
    Ok(Answer::public(format!(
        "{who} gives up **{}** in game {id}: the seat is open.{ping} `/game claim power:{}` takes it.",
        v.display_of(&power),
        v.display_of(&power)
    )))
}

/// A finished game's scores for `/game status`: each power that scored, best first, under
/// the system the game was created with (empty for a game that is not finished).
pub async fn scores_line(
    games: &Games,
    id: GameId,
    v: Option<&Variant>,
) -> Result<String, GameError> {
    let Some((system, scores)) = games.scores(id).await? else {
        return Ok(String::new());
    };
    let mut list: Vec<(String, f64)> = scores.into_iter().collect();
    list.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    let words: Vec<String> = list
        .iter()
        .filter(|(_, s)| *s > 0.0)
        .map(|(p, s)| {
            let name = v.map_or(p.as_str(), |v| v.display_of(p));
            format!("{name} {s:.2}")
        })
        .collect();
    let words = if words.is_empty() {
        "nobody scores".to_string()
    } else {
        words.join(", ")
    };
    Ok(format!("\nScores ({}): {words}.", system.name()))
}

/// `/mod scoring`: the server's scoring system for games created from now on.
pub async fn set_scoring(games: &Games, caller: &Caller, system: &str) -> Outcome {
    let guild = server(caller)?;
    if !caller.moderator {
        return Err(GameError::Refused(
            "only moderators choose the server's scoring system".into(),
        ));
    }
    let s = Scoring::parse(system)?;
    games.set_server_scoring(guild, s).await?;
    Ok(Answer::private(format!(
        "Games created here from now on are scored by {}.",
        s.name()
    )))
}
