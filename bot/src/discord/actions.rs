//! What each slash command does, apart from Discord: who called it and with what in, an answer
//! (and posts for the game channel) out. The poise commands in `commands.rs` only translate.

pub use super::caller::{game_to_read, which_game, Answer, Caller, Outcome};
use super::caller::{numbered_orders, refused};
use super::posts::{self, when, Post};
use super::vote_alias;
use crate::text::{discord_len, elide, elide_quotes, quote};
use engine::rulebook::Controller;
use engine::store::settings::{duration, parse_duration};
use engine::store::{
    AllianceChange, BoardEdit, DailyDeadline, GameError, GameId, Games, NmrPolicy, Orderer,
    PressRule, RulebookChoice, Settings, SubmitReport,
};
use engine::Rules;
use engine::Variant;

/// Arguments of `/game create`, as typed.
#[derive(Debug, Clone, Default)]
pub struct CreateArgs {
    pub variant: String,
    pub movement: Option<String>,
    pub retreat: Option<String>,
    pub adjustment: Option<String>,
    pub daily_time: Option<String>,
    pub timezone: Option<String>,
    pub nmr: Option<String>,
    pub max_extension: Option<String>,
    pub edition: Option<String>,
    pub options: Option<String>,
    pub seed: Option<u64>,
    /// Civil disorder, who may join, reliability in the status (#29).
    pub community: engine::store::GameCommunity,
    /// The press rule (`full` unless given).
    pub press: Option<String>,
    /// Players known by their power only until the end.
    pub anonymous: bool,
}

fn in_server(caller: &Caller) -> std::result::Result<&str, GameError> {
    match &caller.guild {
        Some(g) => Ok(g),
        None => refused("use this in the server channel of the game, not in a direct message"),
    }
}

/// `/game list`: in a server channel, the channel's games; in a direct message, the caller's.
pub async fn game_list(games: &Games, caller: &Caller) -> Outcome {
    let (list, whose) = match &caller.guild {
        Some(_) => (
            games.games_in_channel(&caller.channel).await?,
            "this channel",
        ),
        None => (games.games_played_by(&caller.user).await?, "you"),
    };
    if list.is_empty() {
        return Ok(Answer::private(match caller.guild {
            Some(_) => "No game has been played in this channel yet; /game create starts one.",
            None => "You have not joined any game yet; /game join in a game's channel.",
        }));
    }
    let mut text = format!("Games of {whose}:\n");
    for g in list.iter().take(20) {
        let name = Variant::builtin(&g.variant)
            .map(|v| v.name.clone())
            .unwrap_or_else(|_| g.variant.clone());
        let phase = g
            .phase
            .as_deref()
            .map(|p| format!(", {p}"))
            .unwrap_or_default();
        text += &format!("- Game {}: {name}, {}{phase}\n", g.id, g.status);
    }
    if list.len() > 20 {
        text += &format!("- and {} older games\n", list.len() - 20);
    }
    text += "`/game status game:<id>` (or map, history) shows any of them, finished ones too.";
    Ok(Answer::public(text))
}

/// `/game create`: a forming game in this channel.
pub async fn game_create(games: &Games, caller: &Caller, args: &CreateArgs) -> Outcome {
    let guild = in_server(caller)?;
    let variant = args.variant.trim().to_lowercase();
    // Built-in variants and any registered in this process.
    let runnable = crate::picture::playable_variants();
    if !runnable.contains(&variant.as_str()) {
        if engine::variants::entry(&variant).is_some() {
            // A variant still being built (Latin American Diplomacy): its map has no art to
            // post after each phase yet, so a game of it could not be followed in Discord.
            return refused(format!(
                "'{}' cannot be played in Discord yet: it has no map to post after each phase. Its board can be tried with `parley adjudicate --variant {variant}`; choose one of {}",
                quote(&args.variant),
                runnable.join(", ")
            ));
        }
        return refused(format!(
            "'{}' is not a variant I can run; choose one of {}",
            quote(&args.variant),
            runnable.join(", ")
        ));
    }
    let mut settings = Settings::default();
    let secs = |t: &Option<String>, default: i64| match t {
        Some(t) => parse_duration(t).map_err(GameError::Refused),
        None => Ok(default),
    };
    settings.movement_secs = secs(&args.movement, settings.movement_secs)?;
    settings.retreat_secs = secs(&args.retreat, settings.retreat_secs)?;
    settings.adjustment_secs = secs(&args.adjustment, settings.adjustment_secs)?;
    settings.max_extension_secs = secs(&args.max_extension, settings.max_extension_secs)?;
    settings.daily = match (&args.daily_time, &args.timezone) {
        (Some(t), tz) => Some(
            DailyDeadline::new(t, tz.as_deref().unwrap_or("UTC")).map_err(GameError::Refused)?,
        ),
        (None, Some(_)) => {
            return refused("a timezone goes with a daily deadline time; give daily_time too")
        }
        (None, None) => None,
    };
    if let Some(n) = &args.nmr {
        settings.nmr = NmrPolicy::parse(n).map_err(GameError::Refused)?;
    }
    settings.community = args.community.clone();
    settings.community.scoring = Some(games.server_scoring(guild).await?);
    settings.community.check()?;
    if let Some(p) = &args.press {
        settings.press = PressRule::parse(p).map_err(GameError::Refused)?;
    }
    settings.anonymous = args.anonymous;
    let choice = RulebookChoice {
        edition: args.edition.clone(),
        options: match &args.options {
            Some(o) => RulebookChoice::parse_options(o)?,
            None => Default::default(),
        },
    };
    // A variant with secrets drawn from the seed (Atlantica II's Lost Atlantis) gets a seed
    // nobody can guess; the creation time would let anyone draw the secret again.
    let secret = engine::variants::entry(&variant).is_some_and(|e| !e.hidden_draws.is_empty());
    let seed = args.seed.unwrap_or_else(|| {
        if secret {
            engine::store::rng::unpredictable_seed()
        } else {
            games.now() as u64
        }
    });
    let id = games
        .create_with(
            Some(guild),
            Some(&caller.channel),
            &variant,
            settings,
            &choice,
            seed,
        )
        .await?;
    let info = games.info(id).await?;
    let v = Variant::builtin(&variant).map_err(GameError::Refused)?;
    Ok(Answer::public(format!(
        "Game {id} created here: **{}** ({}; {}). {} players needed: join with `/game join`, then `/game start`.\n{}",
        info.variant_name,
        info.rulebook,
        info.settings.describe(),
        seats(&v),
        press_line(&info.settings)
    )))
}

/// The game's press rule and anonymity in a sentence, for `/game create` and `/game status`.
fn press_line(settings: &Settings) -> String {
    let mut line = format!("Press: {}.", settings.press.words());
    if settings.anonymous {
        line += " Anonymous: players are known by their power only, until the game ends.";
    }
    line
}

/// How many players a game of the variant needs: one per power a player holds (a power
/// ordered by everyone's vote takes no seat).
fn seats(v: &Rules) -> usize {
    v.powers_ordered_by(Controller::Player).len()
}

/// `/game join`.
pub async fn game_join(games: &Games, caller: &Caller, power: Option<&str>) -> Outcome {
    in_server(caller)?;
    let id = which_game(games, caller, None).await?;
    games.may_take_part(id, &caller.user).await?;
    games.join(id, &caller.user, power).await?;
    let info = games.info(id).await?;
    let v = Variant::builtin(&info.variant).map_err(GameError::Refused)?;
    let wish = power
        .map(|p| format!(", hoping for {}", quote(p)))
        .unwrap_or_default();
    if info.settings.anonymous {
        // Who joins an anonymous game is nobody's business: the caller alone is told.
        return Ok(Answer::private(format!(
            "You join game {id}{wish} ({} of {}). The game is anonymous: the others learn your power's name, never who you are, until it ends.",
            info.players.len(),
            seats(&v)
        )));
    }
    Ok(Answer::public(format!(
        "<@{}> joins game {id}{wish} ({} of {}).",
        caller.user,
        info.players.len(),
        seats(&v)
    )))
}

/// `/game leave` (before the start).
pub async fn game_leave(games: &Games, caller: &Caller) -> Outcome {
    let id = which_game(games, caller, None).await?;
    if games.status(id).await? != "forming" {
        return super::community::give_up(games, caller, id).await;
    }
    games.leave(id, &caller.user).await?;
    Ok(Answer::public(format!(
        "<@{}> leaves game {id}.",
        caller.user
    )))
}

/// `/game start`: by a player of the game or a moderator, once it is full.
pub async fn game_start(games: &Games, caller: &Caller) -> Outcome {
    in_server(caller)?;
    let id = which_game(games, caller, None).await?;
    let info = games.info(id).await?;
    if !caller.moderator && !info.players.iter().any(|(u, _)| *u == caller.user) {
        return refused("only a player of this game or a moderator can start it");
    }
    let assigned = games.start(id).await?;
    let info = games.info(id).await?;
    let (_, v, position) = games.current(id).await?;
    let mut text = format!("Game {id} has begun: **{}**.\n", info.variant_name);
    if info.settings.anonymous {
        text += "The game is anonymous: each player has been told their power by direct message, and who plays whom is revealed when the game ends.\n";
    } else {
        for (user, power) in &assigned {
            text += &format!("<@{user}>: {}\n", v.display_of(power));
        }
    }
    if let (Some(phase), Some(deadline)) = (&info.phase, info.deadline) {
        text += &format!(
            "**{phase}**: send your orders to me in a direct message with `/orders submit` by {}.",
            when(deadline)
        );
    }
    let mut answer = Answer::public(text);
    let setup = v.calendar.kind(position.phase) == engine::phase::PhaseKind::Setup;
    let voted: Vec<&str> = engine::vote::voted_powers(&v)
        .into_iter()
        .map(|p| v.display_name(p))
        .collect();
    // Every order of the variant's own, whether usable now or later in the game.
    let help = crate::text::order_help(
        "This variant has orders of its own (`/orders submit` suggests them when you may give them):",
        &v.book.order_help(&v.context(&position)),
    );
    for (user, power) in assigned {
        let mut dm = format!(
            "You play **{}** in game {id}. Order here with `/orders submit`; `/orders show` lists your units.",
            v.display_of(&power)
        );
        if let (Some(phase), Some(deadline)) = (&info.phase, info.deadline) {
            dm += &format!(" Orders for **{phase}** are due {}.", when(deadline));
        }
        let gives_setup = v
            .power_by_name(&power)
            .is_some_and(|p| !v.book.special_orders(&v.context(&position), p).is_empty());
        if setup && gives_setup {
            dm += " The game opens with its setup: `/orders submit` suggests the setup orders you may give.";
        } else if setup {
            dm += " You give no orders in the setup.";
        }
        if !voted.is_empty() {
            dm += &format!(
                " Every phase you also vote, in secret, on the orders of the {}: `/vote order`{}.",
                voted.join(", "),
                alias_hint(&voted)
            );
        }
        if info.settings.anonymous
            && info
                .settings
                .press
                .private_open_in(engine::phase::PhaseKind::Movement)
        {
            dm += " Players are anonymous: write to another power with `/press send to:<power> message:...` here; it reaches them as from your power, and their answers reach you the same way.";
        }
        if let Some(help) = &help {
            dm += "\n\n";
            dm += help;
        }
        answer
            .announce
            .push((format!("user:{user}"), Post::text(dm)));
    }
    Ok(answer)
}

/// `/game status`: the phase, the deadline, who has ordered (never what).
pub async fn game_status(games: &Games, caller: &Caller, named: Option<GameId>) -> Outcome {
    let id = game_to_read(games, caller, named).await?;
    let info = games.info(id).await?;
    let mut text = format!(
        "Game {id}: **{}**, {} ({}; {}).\n{}\n",
        info.variant_name,
        info.status,
        info.rulebook,
        info.settings.describe(),
        press_line(&info.settings)
    );
    match info.status.as_str() {
        "forming" => {
            let v = Variant::builtin(&info.variant).map_err(GameError::Refused)?;
            text += &format!(
                "{} of {} players have joined.",
                info.players.len(),
                seats(&v)
            );
        }
        "finished" => {
            if let Some(phase) = &info.phase {
                text += &format!("It ended in **{phase}**. ");
            }
            let v = Variant::builtin(&info.variant).ok();
            text += &format!(
                "Outcome: {}.",
                outcome_words(info.outcome.as_ref(), v.as_deref().map(|r| &**r))
            );
            text += &super::community::scores_line(games, id, v.as_deref().map(|r| &**r)).await?;
        }
        _ => {
            if let Some(phase) = &info.phase {
                text += &format!("**{phase}**");
            }
            if let Some(d) = info.deadline {
                text += &format!(", orders due {}", when(d));
            }
            text += ".\n";
            let owing = games.owing(id).await?;
            let mut ordered = Vec::new();
            let mut waiting = Vec::new();
            let shown = Variant::builtin(&info.variant).ok();
            let show = |p: &str| {
                shown
                    .as_ref()
                    .map_or(p.to_string(), |v| v.display_of(p).to_string())
            };
            for (user, power) in &info.players {
                let Some(power) = power else { continue };
                // The seat's reliability, when the game's creator asked for it; never in an
                // anonymous game, where it could tell who sits there.
                let mut seat = show(power);
                if info.settings.community.show_reliability && !info.settings.anonymous {
                    if let Some(g) = &info.guild {
                        let r = games.profile(g, user).await?.reliability();
                        seat += &format!(" [{r:.0}% reliable]");
                    }
                }
                if owing.contains(power) && info.settings.anonymous {
                    waiting.push(seat);
                } else if owing.contains(power) {
                    waiting.push(format!("{seat} (<@{user}>)"));
                } else {
                    ordered.push(seat);
                }
            }
            if !ordered.is_empty() {
                text += &format!("Orders complete: {}.\n", ordered.join(", "));
            }
            if !waiting.is_empty() {
                text += &format!("Still ordering: {}.\n", waiting.join(", "));
            }
            if !info.vacant.is_empty() {
                text += &format!("Vacant (no player): {}.\n", info.vacant.join(", "));
            }
            if let Ok(v) = engine::Variant::builtin(&info.variant) {
                if let Some(n) = v.alliance_victory_centers {
                    text += &format!(
                        "{} centres win alone; two allied powers owning {n} together at the end of a counting move or its builds win together (declare with /alliance in a direct message).\n",
                        v.victory_centers
                    );
                }
                for p in engine::vote::voted_powers(&v) {
                    text += &format!(
                        "{} are ordered by everyone's secret vote: /vote order in a direct message.\n",
                        v.display_name(p)
                    );
                }
            }
            // The variant's own orders that may be given in this phase. A game that cannot be
            // loaded still has its status shown, without them.
            if let Ok((_, v, position)) = games.current(id).await {
                // The variant's state beyond units and centres, in its own words.
                for state in v.book.state_words(&v.context(&position)) {
                    text += &format!("{}.\n", crate::text::as_sentence(&state.words(&v.variant)));
                }
                let now: Vec<_> = v
                    .book
                    .order_help(&v.context(&position))
                    .into_iter()
                    .filter(|h| h.now)
                    .collect();
                if let Some(help) =
                    crate::text::order_help("Orders of this variant you may give now:", &now)
                {
                    text += &help;
                    text.push('\n');
                }
            }
        }
    }
    Ok(Answer::public(text.trim_end().to_string()))
}

/// A finished game's outcome as the stored record says it.
fn outcome_words(outcome: Option<&serde_json::Value>, v: Option<&Variant>) -> String {
    let Some(o) = outcome else {
        return "none recorded".into();
    };
    match (engine::store::Outcome::read(o), v) {
        (Some(typed), Some(v)) => typed.words_for(v),
        (Some(typed), None) => typed.words(),
        (None, _) => o.to_string(),
    }
}

/// `/game map`: the current phase, or a past one by name.
pub async fn game_map(
    games: &Games,
    caller: &Caller,
    named: Option<GameId>,
    phase: Option<&str>,
) -> Outcome {
    let id = game_to_read(games, caller, named).await?;
    let phases = games.phase_names(id).await?;
    let seq = match phase {
        None => match phases.last() {
            Some((seq, _)) => *seq,
            None => return refused("the game has not started, so there is no map yet"),
        },
        Some(want) => {
            let want = want.trim().to_lowercase();
            match phases.iter().find(|(_, n)| n.to_lowercase() == want) {
                Some((seq, _)) => *seq,
                None => {
                    let names: Vec<&str> = phases.iter().map(|(_, n)| n.as_str()).collect();
                    return refused(format!(
                        "game {id} has no phase '{}'; its phases are: {}",
                        quote(&want),
                        names.join(", ")
                    ));
                }
            }
        }
    };
    Ok(Answer {
        reply: posts::phase_map(games, id, seq).await?,
        ..Answer::default()
    })
}

/// `/game map animate:true`: every phase so far as one animated GIF (see [`crate::history`]).
pub async fn game_map_animated(games: &Games, caller: &Caller, named: Option<GameId>) -> Outcome {
    let id = game_to_read(games, caller, named).await?;
    let history =
        crate::history::render_history(games, id, crate::history::HistoryOptions::default())
            .await?;
    Ok(Answer {
        reply: Post {
            text: format!(
                "**Game {id}**, {} phase(s) up to {}",
                history.frames, history.last_phase
            ),
            files: vec![(format!("game-{id}-history.gif"), history.gif)],
            nonce: None,
        },
        ..Answer::default()
    })
}

/// `/game history`: every phase with a line on how it went; the full text as a file.
pub async fn game_history(games: &Games, caller: &Caller, named: Option<GameId>) -> Outcome {
    let id = game_to_read(games, caller, named).await?;
    let history = games.history(id).await?;
    if history.is_empty() {
        return refused("the game has not started, so it has no history yet");
    }
    let info = games.info(id).await?;
    let won = info
        .outcome
        .as_ref()
        .and_then(engine::store::Outcome::read)
        .filter(|o| info.status == "finished" && o.winners().is_some());
    let mut summary = format!("Game {id}, {} phase(s):\n", history.len());
    let mut full = String::new();
    for (i, phase) in history.iter().enumerate() {
        let name = &phase.name;
        let Some(record) = &phase.record else {
            summary += &format!("- {name}: being played\n");
            continue;
        };
        let rows = record.orders.len();
        let failed = record.not_succeeded();
        summary += &format!("- {name}: {rows} order(s), {failed} did not succeed\n");
        let next = history.get(i + 1).map_or("", |h| h.name.as_str());
        // A game won by centres ended with its last adjudicated phase.
        let ending = won.as_ref().filter(|_| i + 2 == history.len());
        full += &crate::report::results_text(
            &phase.variant,
            name,
            &phase.position,
            record,
            next,
            ending,
        );
        full += "\n";
    }
    // Discord caps a message at 2000 characters; the whole story is in the file.
    if summary.len() > 1800 {
        let end = summary.floor_char_boundary(1800);
        let cut = summary[..end].rfind('\n').unwrap_or(end);
        summary.truncate(cut);
        summary += "\n…";
    }
    if info.status == "finished" {
        let v = Variant::builtin(&info.variant).ok();
        let line = format!(
            "Outcome: {}.\n",
            outcome_words(info.outcome.as_ref(), v.as_deref().map(|r| &**r))
        );
        summary += &line;
        full += &line;
    }
    let mut answer = Answer::public(summary);
    answer
        .reply
        .files
        .push((format!("game-{id}-history.txt"), full.into_bytes()));
    Ok(answer)
}

/// How many refused orders a reply lists one by one; the others are counted by line.
const REFUSALS_SHOWN: usize = 8;
/// How many accepted orders a reply lists one by one; the whole current set follows anyway.
const ACCEPTED_SHOWN: usize = 10;
/// Room kept for the line counting the refusals not listed.
const MORE_ROOM: usize = 200;
/// The most of one refusal's reason a reply repeats.
const REASON_CHARS: usize = 160;

/// The reply to `/orders submit`, `show` and `clear`: what happened to each order given, the
/// whole current set, and the units still without orders. `lines` holds the line each order
/// was on; orders from more than one line are labelled with it. Refusals are listed only as
/// far as the message has room, so the summary and the current orders are never cut.
pub fn orders_reply(id: GameId, report: &SubmitReport, lines: &[usize]) -> String {
    let given = report.feedback.len();
    let label = |i: usize| match lines.get(i) {
        Some(n) if given > 1 => format!("line {n}: "),
        _ => String::new(),
    };
    let kept: Vec<usize> = (0..given)
        .filter(|&i| report.feedback[i].accepted.is_some())
        .collect();
    let refused: Vec<usize> = (0..given)
        .filter(|&i| report.feedback[i].reason.is_some())
        .collect();
    let mut head = String::new();
    if given > 1 && !refused.is_empty() {
        head += &if kept.is_empty() {
            format!("None of your {given} orders was kept; your orders are as they were.\n")
        } else {
            format!(
                "{} of your {given} orders kept; {} refused.\n",
                kept.len(),
                refused.len()
            )
        };
    }
    for (shown, &i) in kept.iter().enumerate() {
        if shown == ACCEPTED_SHOWN {
            head += &format!(
                "✅ {} more accepted (listed in your orders below)\n",
                kept.len() - shown
            );
            break;
        }
        let f = &report.feedback[i];
        let canon = f.accepted.as_deref().unwrap_or_default();
        head += &format!("✅ {}`{}` accepted as `{canon}`", label(i), quote(&f.text));
        if let Some((old, sharing)) = &f.replaced {
            // Alike units share a province (fleets in an ocean): say which order went.
            head += &format!(
                ", in place of `{}` (your {sharing} units there take your latest {sharing} orders for it; send that order again to keep it)",
                quote(old)
            );
        }
        head += "\n";
    }
    let mut tail = String::new();
    if report.current.is_empty() {
        tail += &format!("Game {id}: you have no orders in yet.\n");
    } else {
        tail += &format!("Game {id}, your orders now:\n");
        for o in &report.current {
            tail += &format!("• `{o}`\n");
        }
    }
    if report.missing.is_empty() {
        tail += "Nothing is missing. `/orders ready` tells the others you are done.";
    } else {
        tail += &format!("Still without orders: {}.", report.missing.join(", "));
    }
    let mut room = crate::text::MESSAGE_LIMIT
        .saturating_sub(discord_len(&head) + discord_len(&tail) + MORE_ROOM);
    let mut middle = String::new();
    for (shown, &i) in refused.iter().enumerate() {
        let f = &report.feedback[i];
        let why = elide(
            &elide_quotes(f.reason.as_deref().unwrap_or_default()),
            REASON_CHARS,
        );
        let line = format!("❌ {}`{}` refused: {why}\n", label(i), quote(&f.text));
        if shown == REFUSALS_SHOWN || discord_len(&line) > room {
            let rest: Vec<usize> = refused[shown..]
                .iter()
                .filter_map(|&k| lines.get(k).copied())
                .collect();
            middle += &format!(
                "❌ {} more refused ({}); nothing from them was kept\n",
                refused.len() - shown,
                line_ranges(&rest)
            );
            break;
        }
        room -= discord_len(&line);
        middle += &line;
    }
    head + &middle + &tail
}

/// Line numbers as people read them: `lines 9-12, 15, 17-41`, itself kept short.
fn line_ranges(lines: &[usize]) -> String {
    let mut runs: Vec<(usize, usize)> = Vec::new();
    for &n in lines {
        match runs.last_mut() {
            Some((_, end)) if n == *end || n == *end + 1 => *end = n,
            _ => runs.push((n, n)),
        }
    }
    let parts: Vec<String> = runs
        .iter()
        .map(|&(a, b)| {
            if a == b {
                a.to_string()
            } else {
                format!("{a}-{b}")
            }
        })
        .collect();
    let word = if lines.len() == 1 { "line" } else { "lines" };
    format!("{word} {}", elide(&parts.join(", "), 120))
}

fn in_dm(caller: &Caller) -> std::result::Result<(), GameError> {
    if caller.guild.is_some() {
        return refused("orders are private: send them to me in a direct message");
    }
    Ok(())
}

/// `/orders submit`: one or many orders (one per line).
pub async fn orders_submit(
    games: &Games,
    caller: &Caller,
    named: Option<GameId>,
    text: &str,
) -> Outcome {
    in_dm(caller)?;
    let id = which_game(games, caller, named).await?;
    let (numbers, orders) = numbered_orders(text)?;
    let report = games.submit(id, &caller.user, &orders).await?;
    Ok(Answer::private(orders_reply(id, &report, &numbers)))
}

/// `/orders show`.
pub async fn orders_show(games: &Games, caller: &Caller, named: Option<GameId>) -> Outcome {
    in_dm(caller)?;
    let id = which_game(games, caller, named).await?;
    let report = games.orders_of(id, &caller.user).await?;
    Ok(Answer::private(orders_reply(id, &report, &[])))
}

/// `/orders clear`.
pub async fn orders_clear(games: &Games, caller: &Caller, named: Option<GameId>) -> Outcome {
    in_dm(caller)?;
    let id = which_game(games, caller, named).await?;
    let report = games.clear_orders(id, &caller.user).await?;
    Ok(Answer::private(orders_reply(id, &report, &[])))
}

/// `/orders ready`.
pub async fn orders_ready(games: &Games, caller: &Caller, named: Option<GameId>) -> Outcome {
    let id = which_game(games, caller, named).await?;
    games.ready(id, &caller.user).await?;
    let report = games.orders_of(id, &caller.user).await?;
    let mut text = format!(
        "You are marked ready in game {id}; the phase is adjudicated early once everyone is."
    );
    if !report.missing.is_empty() {
        text += &format!(
            " Note: still without orders: {} (they will hold).",
            report.missing.join(", ")
        );
    }
    Ok(Answer::private(text))
}

async fn game_channel(games: &Games, id: GameId) -> std::result::Result<Option<String>, GameError> {
    Ok(games.info(id).await?.channel)
}

/// `/vote draw`: secret; the channel hears only a result.
pub async fn vote_draw(
    games: &Games,
    caller: &Caller,
    named: Option<GameId>,
    yes: bool,
) -> Outcome {
    let id = which_game(games, caller, named).await?;
    let outcome = games.vote_draw(id, &caller.user, yes).await?;
    let mut answer = Answer::private(format!(
        "Your draw vote ({}) is recorded in secret for this phase.",
        if yes { "yes" } else { "no" }
    ));
    if let (Some(o), Some(ch)) = (outcome, game_channel(games, id).await?) {
        answer
            .announce
            .push((ch, Post::text(format!("**Game {id} ends in a {o}.**"))));
    }
    Ok(answer)
}

/// The same command under the voted powers' own names, as the welcome says it after
/// `/vote order`: " (or `/<alias> vote`)", or nothing where no alias was registered.
fn alias_hint(voted: &[&str]) -> String {
    let aliases: Vec<String> = voted
        .iter()
        .filter_map(|p| vote_alias::alias_for(p))
        .map(|a| format!("`/{a} vote`"))
        .collect();
    if aliases.is_empty() {
        String::new()
    } else {
        format!(" (or {})", aliases.join(", "))
    }
}

/// The names of the powers of a game's variant that are ordered by vote, as the texts about
/// ballots name them ("the" and the powers' names from the variant).
async fn voted_names(games: &Games, id: GameId) -> Result<String, GameError> {
    let info = games.info(id).await?;
    let v = Variant::builtin(&info.variant).map_err(GameError::Refused)?;
    Ok(engine::vote::voted_names(&v))
}

/// A voter's ballots for the powers ordered by vote (`voted`, as [`voted_names`] gives them),
/// as a private reply.
fn ballots_reply(id: GameId, voted: &str, report: &engine::store::BallotReport) -> String {
    let mut text = String::new();
    if let Some(cast) = &report.cast {
        text += &format!("Your vote for `{cast}` is recorded in secret (game {id}).\n");
    }
    if report.current.is_empty() {
        text += &format!("You have no votes for {voted} this phase. A unit you do not vote on gets your abstention, which counts against every order.");
    } else {
        text += &format!(
            "Your votes for {voted} this phase (you may change any of them until the deadline):\n"
        );
        for o in &report.current {
            text += &format!("- `{o}`\n");
        }
    }
    text
}

/// `/vote order` (or `vote` under a voted power's name): a secret ballot for the order of one
/// unit of a power ordered by vote, in DM.
pub async fn vote_order(
    games: &Games,
    caller: &Caller,
    named: Option<GameId>,
    order: &str,
) -> Outcome {
    in_dm(caller)?;
    let id = which_game(games, caller, named).await?;
    let order = order.trim();
    if order.is_empty() {
        return refused("give the order you vote for, such as `F hav - fls`");
    }
    if order.chars().count() > crate::text::MAX_ORDER_CHARS {
        return refused(format!(
            "`{}` is {} characters long; an order is at most {}, such as `F hav - fls`",
            quote(order),
            order.chars().count(),
            crate::text::MAX_ORDER_CHARS
        ));
    }
    // Named before the ballot is cast, so that an answer that fails has cast nothing.
    let voted = voted_names(games, id).await?;
    let report = games.vote_order(id, &caller.user, order).await?;
    Ok(Answer::private(ballots_reply(id, &voted, &report)))
}

/// `/vote ballots` (or `votes` under a voted power's name): the caller's own ballots this
/// phase.
pub async fn vote_ballots(games: &Games, caller: &Caller, named: Option<GameId>) -> Outcome {
    in_dm(caller)?;
    let id = which_game(games, caller, named).await?;
    let voted = voted_names(games, id).await?;
    let report = games.votes_of(id, &caller.user).await?;
    Ok(Answer::private(ballots_reply(id, &voted, &report)))
}

/// `/vote withdraw` (or `clear` under a voted power's name): withdraws the caller's ballots
/// this phase.
pub async fn vote_withdraw(games: &Games, caller: &Caller, named: Option<GameId>) -> Outcome {
    in_dm(caller)?;
    let id = which_game(games, caller, named).await?;
    let voted = voted_names(games, id).await?;
    let report = games.clear_votes(id, &caller.user).await?;
    Ok(Answer::private(ballots_reply(id, &voted, &report)))
}

/// Autocomplete for `/vote order`: the legal orders of the voted powers' units that start with
/// what was typed (with nothing typed, one per unit).
pub async fn vote_suggestions(
    games: &Games,
    user: &str,
    named: Option<GameId>,
    typed: &str,
) -> Vec<String> {
    let Some(id) = suggestion_game(games, user, named).await else {
        return Vec::new();
    };
    let Ok(Ok(all)) = tokio::time::timeout(
        SUGGESTIONS_WITHIN,
        games.legal_order_texts(id, Orderer::Vote),
    )
    .await
    else {
        return Vec::new();
    };
    narrow(all.to_vec(), typed)
}

/// `/vote concede`: secret; the channel hears only a result.
pub async fn vote_concede(
    games: &Games,
    caller: &Caller,
    named: Option<GameId>,
    to: Option<&str>,
) -> Outcome {
    let id = which_game(games, caller, named).await?;
    let outcome = games.vote_concede(id, &caller.user, to).await?;
    let mut answer = Answer::private(match to {
        Some(p) => format!("Your vote to concede to {p} is recorded in secret for this phase."),
        None => "Your concession vote is withdrawn.".to_string(),
    });
    if let (Some(o), Some(ch)) = (outcome, game_channel(games, id).await?) {
        answer
            .announce
            .push((ch, Post::text(format!("**Game {id} is over: {o}.**"))));
    }
    Ok(answer)
}

/// A moderator action in a server channel: the channel's game.
async fn moderated(games: &Games, caller: &Caller) -> std::result::Result<GameId, GameError> {
    in_server(caller)?;
    if !caller.moderator {
        return refused(
            "this is a moderator command: it needs the Manage Server permission or the server's moderator role",
        );
    }
    which_game(games, caller, None).await
}

/// The audit line every moderator action posts in the game channel.
fn audited(caller: &Caller, line: String) -> Answer {
    let mut a = Answer::private("Done.");
    a.announce.push((
        caller.channel.clone(),
        Post::text(format!("🛡️ <@{}>: {line}", caller.user)),
    ));
    a
}

/// `/mod adjudicate`: adjudicates the current phase now.
pub async fn mod_adjudicate(games: &Games, caller: &Caller) -> Outcome {
    let id = moderated(games, caller).await?;
    let info = games.info(id).await?;
    let seq = match (info.status.as_str(), info.seq) {
        ("running", Some(seq)) => seq,
        (status, _) => {
            return refused(format!(
                "the game is {status}; only a running game is adjudicated"
            ))
        }
    };
    let Some(report) = games.adjudicate(id, seq).await? else {
        return refused("that phase has just been adjudicated");
    };
    // The scheduler posts the results and map at its next tick, as for any other phase.
    Ok(audited(
        caller,
        format!(
            "adjudicated {} early; the results follow in a moment",
            report.phase
        ),
    ))
}

pub async fn mod_extend(games: &Games, caller: &Caller, by: &str) -> Outcome {
    let id = moderated(games, caller).await?;
    let secs = parse_duration(by).map_err(GameError::Refused)?;
    let until = games.extend(id, secs, &caller.user).await?;
    Ok(audited(
        caller,
        format!(
            "extended the deadline by {} to {}",
            duration(secs),
            when(until)
        ),
    ))
}

pub async fn mod_pause(games: &Games, caller: &Caller) -> Outcome {
    let id = moderated(games, caller).await?;
    games.pause(id, &caller.user).await?;
    Ok(audited(
        caller,
        "paused the game; the clock is stopped".into(),
    ))
}

pub async fn mod_resume(games: &Games, caller: &Caller) -> Outcome {
    let id = moderated(games, caller).await?;
    games.resume(id, &caller.user).await?;
    let d = games.info(id).await?.deadline;
    Ok(audited(
        caller,
        format!(
            "resumed the game; orders due {}",
            d.map(when).unwrap_or_default()
        ),
    ))
}

/// `/mod deadline`: `in` a duration from now, or `at` a date and time (`2026-11-22 20:00`) in
/// the game's daily timezone or UTC.
pub async fn mod_deadline(games: &Games, caller: &Caller, when_text: &str) -> Outcome {
    let id = moderated(games, caller).await?;
    let info = games.info(id).await?;
    let at = match parse_duration(when_text) {
        Ok(secs) => games.now() + secs,
        Err(_) => {
            let tz = info
                .settings
                .daily
                .as_ref()
                .map_or("UTC".to_string(), |d| d.timezone.clone());
            let bad = || {
                GameError::Refused(format!(
                    "'{}' is neither a duration (12h, 1d 6h, 2 days) nor a date and time such as 2026-11-22 20:00 ({tz})",
                    quote(when_text)
                ))
            };
            let dt: jiff::civil::DateTime = when_text.trim().parse().map_err(|_| bad())?;
            dt.in_tz(&tz).map_err(|_| bad())?.timestamp().as_second()
        }
    };
    games.set_deadline(id, at, &caller.user).await?;
    Ok(audited(caller, format!("set the deadline to {}", when(at))))
}

pub async fn mod_replace(games: &Games, caller: &Caller, power: &str, user: &str) -> Outcome {
    let id = moderated(games, caller).await?;
    let old = games.replace(id, power, user, &caller.user).await?;
    let line = match old {
        Some(o) => format!("<@{user}> replaces <@{o}> as {power}"),
        None => format!("<@{user}> takes over the vacant {power}"),
    };
    let mut a = audited(caller, line);
    a.announce.push((
        format!("user:{user}"),
        Post::text(format!(
            "You now play **{power}** in game {id}. `/orders show` lists your units."
        )),
    ));
    Ok(a)
}

pub async fn mod_remove(games: &Games, caller: &Caller, user: &str) -> Outcome {
    let id = moderated(games, caller).await?;
    let power = games.remove_player(id, user, &caller.user).await?;
    Ok(audited(
        caller,
        match power {
            Some(p) => format!("removed <@{user}>; {p} is vacant until replaced"),
            None => format!("removed <@{user}> from the game"),
        },
    ))
}

pub async fn mod_rollback(games: &Games, caller: &Caller) -> Outcome {
    let id = moderated(games, caller).await?;
    let phase = games.rollback(id, &caller.user).await?;
    let due = games
        .info(id)
        .await?
        .deadline
        .map(|d| format!(", due {}", when(d)))
        .unwrap_or_default();
    Ok(audited(
        caller,
        format!("rolled the game back to **{phase}**; orders for it can be given again{due}"),
    ))
}

pub async fn mod_board(games: &Games, caller: &Caller, edit: &BoardEdit) -> Outcome {
    let id = moderated(games, caller).await?;
    let line = games.edit_board(id, edit, &caller.user).await?;
    Ok(audited(caller, format!("edited the board: {line}")))
}

/// `/mod secrets`: the game's secret draws with their values, for the moderator alone; the
/// channel is told that a moderator looked (never what they saw).
pub async fn mod_secrets(games: &Games, caller: &Caller) -> Outcome {
    let id = moderated(games, caller).await?;
    let info = games.info(id).await?;
    let secrets = match games.secrets(id, &caller.user).await {
        // An anonymous game's secret is who plays whom, whether or not it draws any.
        Err(GameError::Refused(_)) if info.settings.anonymous => Vec::new(),
        other => other?,
    };
    let mut text = String::new();
    if info.settings.anonymous {
        text += &format!("Who plays whom in anonymous game {id} (only you see this):\n");
        let v = Variant::builtin(&info.variant).ok();
        for (user, power) in &info.players {
            let shown = match (power, &v) {
                (Some(p), Some(v)) => v.display_of(p).to_string(),
                (Some(p), None) => p.clone(),
                (None, _) => "no power yet".to_string(),
            };
            text += &format!("- {shown}: <@{user}>\n");
        }
        if secrets.is_empty() {
            let mut a = audited(caller, "looked at who plays whom".to_string());
            a.reply = Post::text(text.trim_end().to_string());
            return Ok(a);
        }
    }
    text += &format!("Secret draws of game {id} (only you see this):\n");
    for s in &secrets {
        text += &format!(
            "- {} ({}): **{}** of 1-{}, {}\n",
            s.name,
            s.about,
            s.value,
            s.faces,
            if s.revealed {
                "revealed in play"
            } else {
                "still secret"
            }
        );
    }
    let names: Vec<&str> = secrets.iter().map(|s| s.name.as_str()).collect();
    let mut a = audited(
        caller,
        format!("looked at the game's secret draws ({})", names.join(", ")),
    );
    a.reply = Post::text(text.trim_end().to_string());
    Ok(a)
}

/// The game an alliance command is about: refused outside a direct message, since the other
/// players are not to see who proposes to whom.
async fn alliance_game(
    games: &Games,
    caller: &Caller,
    named: Option<GameId>,
) -> std::result::Result<GameId, GameError> {
    if caller.guild.is_some() {
        return refused(
            "alliances are declared privately: send /alliance to me in a direct message, where the other players cannot see it",
        );
    }
    which_game(games, caller, named).await
}

/// `/alliance propose`: offers an alliance to another power; its player is told by DM.
pub async fn alliance_propose(
    games: &Games,
    caller: &Caller,
    named: Option<GameId>,
    power: &str,
) -> Outcome {
    let id = alliance_game(games, caller, named).await?;
    let changes = games.propose_alliance(id, &caller.user, power).await?;
    alliance_answer(games, id, &changes).await
}

/// `/alliance accept`: accepts a power's proposal; its player is told by DM.
pub async fn alliance_accept(
    games: &Games,
    caller: &Caller,
    named: Option<GameId>,
    power: &str,
) -> Outcome {
    let id = alliance_game(games, caller, named).await?;
    let changes = games.accept_alliance(id, &caller.user, power).await?;
    alliance_answer(games, id, &changes).await
}

/// `/alliance withdraw`: ends the caller's alliance, or takes back or turns down proposals.
pub async fn alliance_withdraw(games: &Games, caller: &Caller, named: Option<GameId>) -> Outcome {
    let id = alliance_game(games, caller, named).await?;
    let changes = games.withdraw_alliance(id, &caller.user).await?;
    alliance_answer(games, id, &changes).await
}

/// `/alliance show`: the caller's alliance and proposals.
pub async fn alliance_show(games: &Games, caller: &Caller, named: Option<GameId>) -> Outcome {
    let id = alliance_game(games, caller, named).await?;
    let view = games.alliance_view(id, &caller.user).await?;
    let rules = games.current(id).await.ok().map(|(_, v, _)| v);
    let show = |p: &str| {
        rules
            .as_ref()
            .map_or(p.to_string(), |v| v.display_of(p).to_string())
    };
    let mut text = format!("Game {id}, {}: ", show(&view.power));
    text += &match &view.allied {
        Some(a) => format!("allied with **{}**.", show(a)),
        None => "no alliance.".to_string(),
    };
    if let Some(to) = &view.proposed_to {
        text += &format!(
            " You have proposed one to {}, who has not answered.",
            show(to)
        );
    }
    if !view.proposed_by.is_empty() {
        let by: Vec<String> = view.proposed_by.iter().map(|p| show(p)).collect();
        text += &format!(
            " Proposed to you by {}: `/alliance accept power:<name>`.",
            by.join(" and ")
        );
    }
    text += &format!(
        "\nTwo allied powers owning {} centres together at the end of a counting move or its builds win together.",
        view.needed
    );
    Ok(Answer::private(text))
}

/// A change to an alliance in words, naming both powers as players read them (`show`).
fn alliance_words(change: &AllianceChange, show: &dyn Fn(&str) -> String) -> String {
    let named = |power: &str, partner: &str| (show(power), show(partner));
    match change {
        AllianceChange::Proposed { power, partner } => {
            let (power, partner) = named(power, partner);
            format!("{power} proposes an alliance to {partner}")
        }
        AllianceChange::Declared { power, partner } => {
            let (power, partner) = named(power, partner);
            format!("{power} and {partner} are allied")
        }
        AllianceChange::Ended { power, partner } => {
            let (power, partner) = named(power, partner);
            format!("{power} ends its alliance with {partner}")
        }
        AllianceChange::ProposalWithdrawn { power, partner } => {
            let (power, partner) = named(power, partner);
            format!("{power} takes back its proposal of an alliance to {partner}")
        }
        AllianceChange::Declined { power, partner } => {
            let (power, partner) = named(power, partner);
            format!("{power} turns down {partner}'s proposal of an alliance")
        }
    }
}

/// The reply to an alliance command (every change it made) and a DM to each other power's
/// player concerned.
async fn alliance_answer(games: &Games, id: GameId, changes: &[AllianceChange]) -> Outcome {
    let needed = games.alliance_victory_centers(id).await?.unwrap_or(0);
    let win = format!(
        "Allied powers owning {needed} centres together at the end of a counting move or its builds win together."
    );
    let rules = games.current(id).await.ok().map(|(_, v, _)| v);
    let show = |p: &str| {
        rules
            .as_ref()
            .map_or(p.to_string(), |v| v.display_of(p).to_string())
    };
    let mut text = format!("Game {id}:");
    for c in changes {
        text += &format!(" {}.", alliance_words(c, &show));
    }
    if changes
        .iter()
        .any(|c| matches!(c, AllianceChange::Declared { .. }))
    {
        text += &format!(" {win}");
    } else if let Some(AllianceChange::Proposed { partner, .. }) = changes
        .iter()
        .find(|c| matches!(c, AllianceChange::Proposed { .. }))
    {
        text += &format!(" You are allied once {}'s player accepts.", show(partner));
    }
    let mut answer = Answer::private(text);
    for c in changes {
        let Some(user) = games.player_of(id, c.partner()).await? else {
            continue;
        };
        let mut dm = format!("Game {id}: {}.", alliance_words(c, &show));
        match c {
            AllianceChange::Proposed { power, .. } => {
                dm += &format!(
                    " Accept here with `/alliance accept power:{power}`, or turn it down with `/alliance withdraw`. {win}"
                )
            }
            AllianceChange::Declared { .. } => dm += &format!(" {win}"),
            _ => {}
        }
        answer
            .announce
            .push((format!("user:{user}"), Post::text(dm)));
    }
    Ok(answer)
}

/// Autocomplete for `/alliance propose` (`accepting` false: the powers the caller may propose
/// to) and `accept` (true: the powers that proposed to the caller).
pub async fn alliance_suggestions(
    games: &Games,
    user: &str,
    named: Option<GameId>,
    accepting: bool,
    typed: &str,
) -> Vec<String> {
    let Some(id) = suggestion_game(games, user, named).await else {
        return Vec::new();
    };
    let Ok(view) = games.alliance_view(id, user).await else {
        return Vec::new();
    };
    let typed = typed.trim().to_lowercase();
    let names = if accepting {
        view.proposed_by
    } else {
        view.free
    };
    names
        .into_iter()
        .filter(|n| n.to_lowercase().starts_with(&typed))
        .take(crate::text::CHOICES)
        .collect()
}

/// `/mod role`: needs Manage Server itself, since it decides who else moderates.
pub async fn mod_role(
    games: &Games,
    caller: &Caller,
    manage_server: bool,
    role: Option<&str>,
) -> Outcome {
    let guild = in_server(caller)?;
    if !manage_server {
        return refused("only members with the Manage Server permission choose the moderator role");
    }
    games.set_moderator_role(guild, role).await?;
    Ok(Answer::private(match role {
        Some(r) => format!("Members with <@&{r}> may now use moderator commands."),
        None => "Only Manage Server members may use moderator commands now.".into(),
    }))
}

/// `/mod role substitutes:true`: the role pinged when a seat opens.
pub async fn mod_substitute_role(games: &Games, caller: &Caller, role: Option<&str>) -> Outcome {
    let guild = in_server(caller)?;
    if !caller.moderator {
        return refused("only moderators choose the substitute role");
    }
    games.set_substitute_role(guild, role).await?;
    Ok(Answer::private(match role {
        Some(r) => format!("<@&{r}> will be pinged when a seat opens."),
        None => "Nobody will be pinged when a seat opens.".into(),
    }))
}

/// Autocomplete: the caller's units and their legal orders matching what they have typed.
pub async fn order_suggestions(
    games: &Games,
    user: &str,
    named: Option<GameId>,
    typed: &str,
) -> Vec<String> {
    let Some(id) = suggestion_game(games, user, named).await else {
        return Vec::new();
    };
    let Ok(power) = games.power_of(id, user).await else {
        return Vec::new();
    };
    // A list not ready in time is answered with nothing this keystroke; it is still being
    // computed and the next keystroke gets it.
    let Ok(Ok(all)) = tokio::time::timeout(
        SUGGESTIONS_WITHIN,
        games.legal_order_texts(id, Orderer::Power(power.clone())),
    )
    .await
    else {
        return Vec::new();
    };
    // Orders the power's orders in force rule out (a second placement) are not offered.
    let open = games
        .still_open(id, user, &all)
        .await
        .unwrap_or_else(|_| all.to_vec());
    let mut out = narrow(open, typed);
    // Conditional orders (retreat lists) are many per unit: offered only once the typed text
    // names the unit and the verb (`A par if`), after whatever ordinary orders still match.
    if typed.split_whitespace().count() >= 3 && out.len() < crate::text::CHOICES {
        if let Ok(Ok(lists)) = tokio::time::timeout(
            SUGGESTIONS_WITHIN,
            games.legal_order_texts(id, Orderer::Conditional(power)),
        )
        .await
        {
            let room = crate::text::CHOICES - out.len();
            out.extend(conditional_matches(&lists, typed).into_iter().take(room));
        }
    }
    out
}

/// The conditional orders whose unit and verb (their first three words) are the first three
/// words typed, and which begin with what was typed.
fn conditional_matches(lists: &[String], typed: &str) -> Vec<String> {
    let typed = typed
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase();
    let head: Vec<&str> = typed.split(' ').take(3).collect();
    lists
        .iter()
        .filter(|o| {
            let lower = o.to_lowercase();
            lower.split(' ').take(3).eq(head.iter().copied()) && lower.starts_with(&typed)
        })
        .cloned()
        .collect()
}

/// How long an autocomplete waits for a legal-order list: Discord drops answers after 3 s.
const SUGGESTIONS_WITHIN: std::time::Duration = std::time::Duration::from_millis(900);

/// The game an autocomplete in a DM is about: the named one, or the user's only game.
async fn suggestion_game(games: &Games, user: &str, named: Option<GameId>) -> Option<GameId> {
    let caller = Caller {
        user: user.to_string(),
        guild: None,
        channel: String::new(),
        moderator: false,
    };
    which_game(games, &caller, named).await.ok()
}

/// The orders that start with what was typed, at most Discord's 25. Builds and removals
/// match as players begin them (`b`, `build a`, `remove F`), not only as written (`A par B`).
fn narrow(all: Vec<String>, typed: &str) -> Vec<String> {
    let typed = typed.split_whitespace().collect::<Vec<_>>().join(" ");
    let typed = typed.to_lowercase();
    // Units that are alike (several fleets of one power in one ocean) have the same orders;
    // each is offered once, since Discord would show a choice twice and the second pushes a
    // different order out of the 25.
    let mut seen = std::collections::HashSet::new();
    let mut out: Vec<String> = all
        .into_iter()
        .filter(|text| seen.insert(text.clone()))
        .filter(|text| {
            typed.is_empty()
                || spoken_forms(text)
                    .iter()
                    .any(|f| f.to_lowercase().starts_with(&typed))
        })
        .collect();
    // Discord shows at most 25 choices; with nothing typed, one order per unit reads best.
    if typed.is_empty() {
        out.dedup_by(|a, b| a.split(' ').take(2).eq(b.split(' ').take(2)));
    }
    out.truncate(crate::text::CHOICES);
    out
}

/// An order as written (`A par B`) and the ways players start it with its verb (`build A
/// par`, `b par`; `disband`, `remove`, `d` for `D`). The parser reads all of them. A
/// variant's own order (`F nao search 3`, written unit, verb, arguments) may also be begun
/// with its verb (`search`), so typing the verb finds every unit that may give it.
fn spoken_forms(order: &str) -> Vec<String> {
    let mut forms = vec![order.to_string()];
    let words: Vec<&str> = order.split(' ').collect();
    if let [kind, place, verb, rest @ ..] = &words[..] {
        if verb.len() > 1 && verb.chars().all(|c| c.is_ascii_lowercase()) {
            let mut form = format!("{verb} {kind} {place}");
            for w in rest {
                form.push(' ');
                form.push_str(w);
            }
            forms.push(form);
        }
    }
    if let [kind, place, verb] = order.split(' ').collect::<Vec<_>>()[..] {
        let verbs: &[&str] = match verb {
            "B" => &["build", "b"],
            "D" => &["disband", "remove", "d"],
            _ => &[],
        };
        for v in verbs {
            forms.push(format!("{v} {kind} {place}"));
            forms.push(format!("{v} {place}"));
        }
    }
    forms
}
