//! What players type, however long or wrong, on the command logic without Discord: every
//! reply fits Discord's 2000 characters and quotes input briefly, a long submission keeps its
//! good orders and says which lines were refused, adjustment orders add up, autocomplete
//! meets builds as players start them, durations read and print as people write them, and the
//! Pirates take no seat.

mod common;
use common::*;

use engine::store::{BoardEdit, GameError, Games};
use parley::discord::actions::{self, CreateArgs};
use parley::text::{discord_len, MESSAGE_LIMIT};

/// The refusal, checked to be short and to quote at most a little of `typed`.
fn short_refusal(r: actions::Outcome, typed: &str) -> String {
    let m = match r {
        Err(GameError::Refused(m)) => m,
        other => panic!("expected a refusal, got {other:?}"),
    };
    assert!(m.chars().count() < 600, "{} characters: {m}", m.len());
    if typed.chars().count() > 60 {
        let long_part: String = typed.chars().take(60).collect();
        assert!(!m.contains(&long_part), "quotes too much: {m}");
    }
    m
}

/// The reply text, checked to fit in one Discord message.
fn fitting(r: actions::Outcome) -> String {
    let text = r.expect("an answer").reply.text;
    assert!(
        discord_len(&text) <= MESSAGE_LIMIT,
        "{} characters: {text}",
        discord_len(&text)
    );
    text
}

async fn standard_game(games: &Games, channel: &str) -> i64 {
    let args = CreateArgs {
        variant: "standard".into(),
        ..CreateArgs::default()
    };
    actions::game_create(games, &in_channel("host", channel, true), &args)
        .await
        .unwrap();
    for p in POWERS {
        actions::game_join(
            games,
            &in_channel(&p.to_lowercase(), channel, false),
            Some(p),
        )
        .await
        .unwrap();
    }
    actions::game_start(games, &in_channel("host", channel, true))
        .await
        .unwrap();
    games.game_in_channel(channel).await.unwrap().unwrap()
}

#[tokio::test]
async fn long_input_gets_a_short_refusal_that_quotes_only_its_start() {
    let dir = tempfile::tempdir().unwrap();
    let (games, _) = fresh(&dir).await;
    let huge = format!("A par - {}", "bur".repeat(1700));

    // Where nothing was kept, the refusal itself is short.
    let args = CreateArgs {
        variant: huge.clone(),
        ..CreateArgs::default()
    };
    let m = short_refusal(
        actions::game_create(&games, &in_channel("h", "c", true), &args).await,
        &huge,
    );
    assert!(m.contains("'A par - burburbur") && m.contains("…'"), "{m}");
    for bad in [
        CreateArgs {
            variant: "standard".into(),
            movement: Some(huge.clone()),
            ..CreateArgs::default()
        },
        CreateArgs {
            variant: "standard".into(),
            daily_time: Some("20:00".into()),
            timezone: Some(huge.clone()),
            ..CreateArgs::default()
        },
        CreateArgs {
            variant: "standard".into(),
            options: Some(huge.clone()),
            ..CreateArgs::default()
        },
    ] {
        short_refusal(
            actions::game_create(&games, &in_channel("h", "c", true), &bad).await,
            &huge,
        );
    }

    let id = standard_game(&games, "c").await;
    let long_power = "Austria-Hungary ".repeat(200);
    let m = short_refusal(
        actions::game_join(&games, &in_channel("late", "c", false), Some(&long_power)).await,
        &long_power,
    );
    assert!(m.contains("already started"), "{m}");
    let m = short_refusal(
        actions::mod_deadline(&games, &in_channel("host", "c", true), &huge).await,
        &huge,
    );
    assert!(m.contains("2026-11-22 20:00"), "{m}");
    short_refusal(
        actions::mod_replace(&games, &in_channel("host", "c", true), &long_power, "x").await,
        &long_power,
    );
    short_refusal(
        actions::game_map(&games, &in_channel("x", "c", false), None, Some(&huge)).await,
        &huge,
    );
    short_refusal(
        actions::vote_concede(&games, &dm("england"), Some(id), Some(&long_power)).await,
        &long_power,
    );

    // A 5000-character order is refused by its length, quoting only its start.
    let text = fitting(actions::orders_submit(&games, &dm("england"), None, &huge).await);
    assert!(
        text.contains("❌ `A par - burburburburburburburburburburbu…` refused: 5108 characters is too long for an order; one is at most 150"),
        "{text}"
    );
    assert!(text.contains("you have no orders in yet"), "{text}");
    // Just under the limit, the parser's own complaint is shortened too.
    let long_but_allowed = format!("A lon - {}", "x".repeat(140));
    let text =
        fitting(actions::orders_submit(&games, &dm("england"), None, &long_but_allowed).await);
    assert!(!text.contains(&"x".repeat(60)), "{text}");
}

#[tokio::test]
async fn many_bad_lines_are_listed_by_line_and_the_good_ones_kept() {
    let dir = tempfile::tempdir().unwrap();
    let (games, _) = fresh(&dir).await;
    standard_game(&games, "c").await;

    // Eighty lines, none an order: none kept, the first few listed, the rest counted.
    let bad: Vec<String> = (1..=80)
        .map(|i| format!("A xyz{i} - somewhere far beyond the map number {i}"))
        .collect();
    let text = fitting(actions::orders_submit(&games, &dm("england"), None, &bad.join("\n")).await);
    assert!(
        text.starts_with("None of your 80 orders was kept; your orders are as they were."),
        "{text}"
    );
    assert!(text.contains("❌ line 1: `A xyz1 - "), "{text}");
    assert!(text.contains("❌ line 8: `A xyz8 - "), "{text}");
    assert!(!text.contains("line 9:"), "{text}");
    assert!(
        text.contains("❌ 72 more refused (lines 9-80); nothing from them was kept"),
        "{text}"
    );
    assert!(text.contains("you have no orders in yet"), "{text}");

    // One good order among forty bad ones: it is kept, and the reply says so.
    let mut lines = vec!["F lon - nth".to_string()];
    lines.extend((2..=41).map(|i| format!("{} garbage on line {i}", "?".repeat(30))));
    let text =
        fitting(actions::orders_submit(&games, &dm("england"), None, &lines.join("\n")).await);
    assert!(
        text.starts_with("1 of your 41 orders kept; 40 refused."),
        "{text}"
    );
    assert!(
        text.contains("✅ line 1: `F lon - nth` accepted as `F lon - nth`"),
        "{text}"
    );
    assert!(text.contains("❌ line 2: `"), "{text}");
    assert!(text.contains("more refused (lines "), "{text}");
    assert!(text.contains("• `F lon - nth`"), "{text}");
    let shown = actions::orders_show(&games, &dm("england"), None)
        .await
        .unwrap()
        .reply
        .text;
    assert!(shown.contains("• `F lon - nth`"), "{shown}");

    // Blank lines and `;` keep the line numbers true to the box.
    let text = fitting(
        actions::orders_submit(
            &games,
            &dm("england"),
            None,
            "A lvp - yor\n\nF edi - nwg; A lvp - mun",
        )
        .await,
    );
    assert!(
        text.starts_with("2 of your 3 orders kept; 1 refused."),
        "{text}"
    );
    assert!(text.contains("✅ line 3: `F edi - nwg`"), "{text}");
    assert!(text.contains("❌ line 3: `A lvp - mun` refused"), "{text}");
}

/// Plays Standard to Winter 1901 with France owed three builds (Paris, Marseilles and Brest
/// vacant; Spain, Portugal and Belgium taken).
async fn france_to_build(games: &Games) -> i64 {
    let id = standard_game(games, "w").await;
    games
        .submit(
            id,
            "france",
            &s(&["A par - bur", "A mar - spa", "F bre - mao"]),
        )
        .await
        .unwrap();
    games.adjudicate(id, 0).await.unwrap().unwrap();
    games
        .submit(id, "france", &s(&["A bur - bel", "F mao - por"]))
        .await
        .unwrap();
    let r = games.adjudicate(id, 1).await.unwrap().unwrap();
    assert_eq!(r.next_phase, "Winter 1901 adjustment");
    id
}

#[tokio::test]
async fn builds_add_up_within_a_phase_until_cleared_and_no_more_than_due() {
    let dir = tempfile::tempdir().unwrap();
    let (games, _) = fresh(&dir).await;
    let id = france_to_build(&games).await;
    let submit = |order: &'static str| {
        let games = games.clone();
        async move { fitting(actions::orders_submit(&games, &dm("france"), Some(id), order).await) }
    };
    let text = submit("build A par").await;
    assert!(
        text.contains("Still without orders: 2 more build"),
        "{text}"
    );
    // A second build adds to the first (it once replaced it).
    let text = submit("build F bre").await;
    assert!(
        text.contains("• `A par B`\n• `F bre B`\nStill without orders: 1 more build"),
        "{text}"
    );
    // A second order for the same site replaces that site's order.
    let text = submit("F bre - mao; build A bre").await;
    assert!(text.contains("• `A par B`\n• `A bre B`\nStill"), "{text}");
    let text = submit("A mar B").await;
    assert!(text.contains("Nothing is missing"), "{text}");
    // More than the three due: refused, saying what is already ordered and how to change it.
    let text = submit("waive").await;
    assert!(
        text.contains("❌ `waive` refused: France is due 3 builds and has ordered 3: A par B, A bre B, A mar B; an order for a site already ordered replaces its order, and `/orders clear` starts again"),
        "{text}"
    );
    assert!(text.contains("• `A mar B`"), "{text}");
    let text = fitting(actions::orders_clear(&games, &dm("france"), Some(id)).await);
    assert!(text.contains("you have no orders in yet"), "{text}");
    // Waives add up too: each gives up one build.
    let text = submit("waive\nwaive\nbuild A mar").await;
    assert!(
        text.contains("• `waive`\n• `waive`\n• `A mar B`\nNothing is missing"),
        "{text}"
    );

    // The builds the service stores are the ones adjudicated.
    let r = games.adjudicate(id, 2).await.unwrap().unwrap();
    let (_, v, _) = games.current(id).await.unwrap();
    let built: Vec<String> = r.record.built.iter().map(|u| v.unit_text(u)).collect();
    assert_eq!(built, ["A mar"]);
}

#[tokio::test]
async fn autocomplete_meets_builds_removals_and_waives_as_players_start_them() {
    let dir = tempfile::tempdir().unwrap();
    let (games, _) = fresh(&dir).await;
    let id = france_to_build(&games).await;
    // Germany loses Kiel on paper, so it owes a removal.
    actions::mod_board(
        &games,
        &in_channel("host", "w", true),
        &BoardEdit::SetOwner {
            province: "kie".into(),
            power: Some("France".into()),
        },
    )
    .await
    .unwrap();
    let offered = |user: &'static str, typed: &'static str| {
        let games = games.clone();
        async move { actions::order_suggestions(&games, user, Some(id), typed).await }
    };
    for typed in [
        "b",
        "B",
        "build",
        "build a",
        "build A p",
        "b par",
        "A par",
        "a PAR b",
    ] {
        let got = offered("france", typed).await;
        assert!(
            !got.is_empty() && got.iter().all(|o| o.ends_with(" B")),
            "{typed}: {got:?}"
        );
        assert!(got.len() <= 25, "{typed}: {got:?}");
    }
    assert!(offered("france", "build a")
        .await
        .iter()
        .all(|o| o.starts_with("A ")));
    assert!(offered("france", "build f")
        .await
        .contains(&"F bre B".to_string()));
    assert_eq!(offered("france", "w").await, vec!["waive".to_string()]);
    assert_eq!(offered("france", "waive").await, vec!["waive".to_string()]);
    for typed in [
        "d",
        "disband",
        "remove",
        "remove f",
        "disband F kie",
        "F kie",
    ] {
        let got = offered("germany", typed).await;
        assert!(
            !got.is_empty() && got.iter().all(|o| o.ends_with(" D")),
            "{typed}: {got:?}"
        );
    }
    assert_eq!(
        offered("germany", "remove f").await,
        vec!["F kie D".to_string()]
    );
    assert!(offered("germany", "b").await.is_empty());
}

#[tokio::test]
async fn durations_read_and_print_as_people_write_them() {
    let dir = tempfile::tempdir().unwrap();
    let (games, _) = fresh(&dir).await;
    let args = CreateArgs {
        variant: "standard".into(),
        movement: Some("1d6h".into()),
        retreat: Some("90m".into()),
        adjustment: Some("1.5h".into()),
        max_extension: Some("2 days".into()),
        ..CreateArgs::default()
    };
    let text = fitting(actions::game_create(&games, &in_channel("h", "d", true), &args).await);
    assert!(
        text.contains("movement 1d 6h, retreats 1h 30m, adjustments 1h 30m"),
        "{text}"
    );
    for p in POWERS {
        actions::game_join(&games, &in_channel(&p.to_lowercase(), "d", false), Some(p))
            .await
            .unwrap();
    }
    actions::game_start(&games, &in_channel("host", "d", true))
        .await
        .unwrap();
    let host = in_channel("host", "d", true);
    let a = actions::mod_extend(&games, &host, "1 day, 12 hours")
        .await
        .unwrap();
    assert!(
        a.announce[0]
            .1
            .text
            .contains("extended the deadline by 1d 12h"),
        "{}",
        a.announce[0].1.text
    );
    // The extension refusal speaks in days and hours, never in seconds.
    let m = short_refusal(actions::mod_extend(&games, &host, "6d 12h").await, "");
    assert_eq!(
        m,
        "6d 12h is more than the 12h of extension this game has left (1d 12h of 2d used)"
    );
    let m = short_refusal(actions::mod_extend(&games, &host, "48").await, "");
    assert!(m.contains("48 needs a unit, such as 48h"), "{m}");
    let m = short_refusal(actions::mod_extend(&games, &host, "soon").await, "");
    assert!(m.contains("48h, 2d, 90m, 1d 12h, 1.5h or 2 days"), "{m}");
    let a = actions::mod_deadline(&games, &host, "2 days")
        .await
        .unwrap();
    assert!(a.announce[0].1.text.contains("set the deadline"), "{a:?}");
}

#[tokio::test]
async fn the_pirates_take_no_seat() {
    let dir = tempfile::tempdir().unwrap();
    let (games, _) = fresh(&dir).await;
    let args = CreateArgs {
        variant: "pirates".into(),
        ..CreateArgs::default()
    };
    let text = fitting(actions::game_create(&games, &in_channel("h", "p", true), &args).await);
    assert!(text.contains("7 players needed"), "{text}");
    let text =
        fitting(actions::game_join(&games, &in_channel("a", "p", false), Some("Spain")).await);
    assert!(text.contains("(1 of 7)"), "{text}");
    let text = fitting(actions::game_status(&games, &in_channel("a", "p", false), None).await);
    assert!(text.contains("1 of 7 players have joined"), "{text}");
    let m = short_refusal(
        actions::game_join(&games, &in_channel("b", "p", false), Some("Pirates")).await,
        "",
    );
    assert!(m.contains("not a power a player can hold"), "{m}");
    assert!(
        m.contains("Corsairs") && !m.contains("Pirates;") && !m.contains(", Pirates"),
        "{m}"
    );
}
