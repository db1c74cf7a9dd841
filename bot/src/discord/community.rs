//! The server's community commands: `/profile`, `/leaderboard`, `/game seats`, `/game claim`,
//! `/mod scoring`, `/mod claims`, `/mod approve`, `/mod refuse` and giving up a seat, apart from Discord (the slash commands are in
//! `community_commands.rs`).

use super::caller::{which_game, Answer, Caller, Outcome};
use super::civil_disorder::substitute_ping;
use super::posts::Post;
use engine::store::{GameError, GameId, Games, Scoring, SeatClaim};
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
    let pending: Vec<String> = games
        .pending_claims(id)
        .await?
        .iter()
        .map(|c| format!("<@{}> for {}", c.user, v.display_of(&c.power)))
        .collect();
    let waiting = if pending.is_empty() {
        String::new()
    } else {
        format!(" Claims waiting for a moderator: {}.", pending.join(", "))
    };
    Ok(Answer::public(format!(
        "Open seats in game {id}: {}. Take one with `/game claim power:{}`{}.{waiting}",
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

/// `/game claim`: take an open seat, or ask the moderators for it where they approve claims.
pub async fn claim(games: &Games, caller: &Caller, power: &str) -> Outcome {
    let guild = server(caller)?;
    let id = which_game(games, caller, None).await?;
    let claimed = games.claim_seat(id, &caller.user, power).await?;
    let info = games.info(id).await?;
    let v = Variant::builtin(&info.variant).map_err(GameError::Refused)?;
    let power = match claimed {
        SeatClaim::Taken(power) => power,
        SeatClaim::Pending(power) => {
            let ping = games
                .moderator_role(guild)
                .await?
                .map(|r| format!(" <@&{r}>"))
                .unwrap_or_default();
            let shown = v.display_of(&power);
            return Ok(Answer::public(format!(
                "<@{user}> claims **{shown}** in game {id}; the seat is theirs once a moderator approves.{ping} `/mod approve member:@them` gives it, `/mod refuse member:@them` does not.",
                user = caller.user
            )));
        }
    };
    let (said, told) = seat_taken(&info, &v, id, &caller.user, &power);
    let mut answer = Answer::public(said);
    answer.announce.push(told);
    Ok(answer)
}

/// The channel's words and the new player's message when `user` takes `power`.
fn seat_taken(
    info: &engine::store::GameInfo,
    v: &Variant,
    id: GameId,
    user: &str,
    power: &str,
) -> (String, (String, Post)) {
    let shown = v.display_of(power).to_string();
    let said = format!("<@{user}> takes over **{shown}** in game {id}.");
    let due = info
        .deadline
        .map(|d| format!(" Orders are due {}.", super::posts::when(d)))
        .unwrap_or_default();
    let told = (
        format!("user:{user}"),
        Post::text(format!(
            "You now play **{shown}** in game {id}. Order here with `/orders submit`; `/orders show` lists your units.{due}"
        )),
    );
    (said, told)
}

fn moderators_only(caller: &Caller, what: &str) -> Result<(), GameError> {
    if caller.moderator {
        Ok(())
    } else {
        Err(GameError::Refused(format!(
            "only moderators {what}: it needs the Manage Server permission or the server's moderator role"
        )))
    }
}

/// `/mod claims`: whether claims of open seats in this server wait for a moderator.
pub async fn set_claims(games: &Games, caller: &Caller, approval: bool) -> Outcome {
    let guild = server(caller)?;
    moderators_only(caller, "choose how seats are claimed")?;
    games.set_claims_need_approval(guild, approval).await?;
    Ok(Answer::private(if approval {
        "From now on a claim of an open seat here waits for a moderator: `/mod approve` gives the seat, `/mod refuse` does not."
    } else {
        "From now on a member who claims an open seat here takes it at once."
    }))
}

/// `/mod approve`: a pending claim takes its seat (named by its member, or by its power
/// when one member claims it).
pub async fn approve(
    games: &Games,
    caller: &Caller,
    member: Option<&str>,
    power: Option<&str>,
) -> Outcome {
    server(caller)?;
    moderators_only(caller, "approve claims")?;
    let id = which_game(games, caller, None).await?;
    let claim = games.approve_claim(id, member, power, &caller.user).await?;
    let info = games.info(id).await?;
    let v = Variant::builtin(&info.variant).map_err(GameError::Refused)?;
    let (said, told) = seat_taken(&info, &v, id, &claim.user, &claim.power);
    let mut answer = Answer::private("Done.");
    answer.announce.push((
        caller.channel.clone(),
        Post::text(format!("🛡️ <@{}> approves the claim: {said}", caller.user)),
    ));
    answer.announce.push(told);
    Ok(answer)
}

/// `/mod refuse`: a pending claim is dropped; the seat stays open.
pub async fn refuse(
    games: &Games,
    caller: &Caller,
    member: Option<&str>,
    power: Option<&str>,
) -> Outcome {
    server(caller)?;
    moderators_only(caller, "refuse claims")?;
    let id = which_game(games, caller, None).await?;
    let claim = games.refuse_claim(id, member, power, &caller.user).await?;
    let info = games.info(id).await?;
    let v = Variant::builtin(&info.variant).map_err(GameError::Refused)?;
    let shown = v.display_of(&claim.power);
    let mut answer = Answer::private("Done.");
    answer.announce.push((
        caller.channel.clone(),
        Post::text(format!(
            "🛡️ <@{}> refuses <@{}>'s claim of **{shown}** in game {id}; the seat stays open.",
            caller.user, claim.user
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
