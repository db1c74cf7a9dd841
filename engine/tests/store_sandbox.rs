//! Sandboxes (#29) in the store, on both backends: never due, listed, exported or recorded,
//! while a real game beside them still exports; and removed after a week
//! unused, each owner's own and no one else's.

mod store_common;
use engine::store::{GameError, SANDBOX_LIFETIME};
use store_common::*;

on_both_backends! {
async fn a_sandbox_is_never_due_listed_exported_or_recorded() {
    let dir = tempfile::tempdir().unwrap();
    let (games, clock) = fresh(&dir).await;
    let real = started(&games).await;
    let view = games.sandbox_start("france", "standard").await.expect("starts");
    assert_ne!(view.game, real);
    assert_eq!((view.seq, view.phase.as_str()), (0, "Spring 1901 movement"));

    let (_, shown, report) = games
        .sandbox_submit("france", "Germany", &s(&["A mun - bur", "A par H"]))
        .await
        .expect("any power");
    assert_eq!(shown, "Germany");
    assert_eq!(report.current, vec!["A mun - bur".to_string()]);
    assert!(report.feedback[1].reason.as_deref().unwrap().contains("France"));
    let (_, seq, _) = games.sandbox_adjudicate("france").await.expect("adjudicates");
    assert_eq!(seq, 0);

    // Weeks pass: the real game is due, the sandbox never (it has no deadline).
    clock.advance(6 * 24 * 3600);
    let due: Vec<i64> = games.due(games.now()).await.unwrap().into_iter().map(|d| d.0).collect();
    assert_eq!(due, vec![real]);
    let listed: Vec<i64> = games.all_games().await.unwrap().iter().map(|g| g.id).collect();
    assert_eq!(listed, vec![real]);
    match games.export(view.game).await {
        Err(GameError::Refused(why)) => assert!(why.contains("sandbox"), "{why}"),
        other => panic!("a sandbox was exported: {other:?}"),
    }
    // Nobody's record: the sandbox's owner has only the real game, with nothing played yet.
    let p = games.profile("guild", "france").await.unwrap();
    assert_eq!((p.ordered, p.missed), (0, 0));
    assert!(games.games_of("france").await.unwrap().iter().all(|g| g.0 == real));

    // The real game still exports.
    games.export(real).await.expect("exports");

    // A step back reopens Spring 1901 with no deadline.
    let (_, name) = games.sandbox_back("france").await.expect("steps back");
    assert_eq!(name, "Spring 1901 movement");
    assert_eq!(games.info(view.game).await.unwrap().deadline, None);
}
}

on_both_backends! {
async fn a_sandbox_unused_for_a_week_is_removed_and_only_it() {
    let dir = tempfile::tempdir().unwrap();
    let (games, clock) = fresh(&dir).await;
    let old = games.sandbox_start("england", "standard").await.unwrap().game;
    clock.advance(3 * 24 * 3600);
    let kept = games.sandbox_start("italy", "standard").await.unwrap().game;
    clock.advance(SANDBOX_LIFETIME - 3 * 24 * 3600);
    assert!(games.remove_unused_sandboxes().await.unwrap().is_empty(), "a week to the second is kept");
    clock.advance(1);
    let removed = games.remove_unused_sandboxes().await.unwrap();
    assert_eq!(removed, vec![(old, "england".to_string())]);
    assert_eq!(games.sandbox_of("england").await.unwrap(), None);
    assert!(matches!(games.info(old).await, Err(GameError::NotFound(_))));
    assert_eq!(games.sandbox_of("italy").await.unwrap(), Some(kept));
    // Using it restarts its week.
    games.sandbox_submit("italy", "italy", &s(&["A rom H"])).await.unwrap();
    clock.advance(SANDBOX_LIFETIME - 1);
    assert!(games.remove_unused_sandboxes().await.unwrap().is_empty());
    match games.sandbox_end("england").await {
        Err(GameError::Refused(why)) => assert!(why.contains("no sandbox"), "{why}"),
        other => panic!("{other:?}"),
    }
}
}

on_both_backends! {
/// A player practises from where their game stands: the sandbox starts at the game's current
/// phase and position, takes none of its orders, and what the sandbox does leaves the game as
/// it was. Only a player of a running game may copy it.
async fn a_sandbox_starts_from_the_current_phase_of_a_game_the_member_plays_in() {
    let dir = tempfile::tempdir().unwrap();
    let (games, _clock) = fresh(&dir).await;
    let real = started(&games).await;
    games.submit(real, "france", &s(&["A par - bur"])).await.unwrap();
    let (seq, _, _) = games.current(real).await.unwrap();
    games.adjudicate(real, seq).await.unwrap().expect("due");
    // France's order for Fall, not to be copied.
    games.submit(real, "france", &s(&["A bur - mun"])).await.unwrap();
    let (_, _, before) = games.current(real).await.unwrap();

    let msg = match games.sandbox_start_from("outsider", real).await {
        Err(GameError::Refused(why)) => why,
        other => panic!("an outsider copied a game: {other:?}"),
    };
    assert!(msg.contains("you hold no power in game"), "{msg}");

    let view = games.sandbox_start_from("france", real).await.expect("starts");
    assert_ne!(view.game, real);
    assert_eq!((view.seq, view.phase.as_str()), (0, "Fall 1901 movement"));
    let (_, _, copied) = games.current(view.game).await.unwrap();
    assert_eq!(copied, before);
    // No order came with it: every French unit is still owed one.
    let (_, _, report) = games
        .sandbox_submit("france", "France", &s(&["A bur - mun"]))
        .await
        .expect("orders");
    assert_eq!(report.current, vec!["A bur - mun".to_string()]);

    // Played on in the sandbox, the real game stays where it was, with France's order.
    games.sandbox_adjudicate("france").await.expect("adjudicates");
    let (_, _, after) = games.current(real).await.unwrap();
    assert_eq!(after, before);
    let kept = games.orders_of(real, "france").await.unwrap();
    assert_eq!(kept.current, vec!["A bur - mun".to_string()]);

    // One sandbox at a time; and a sandbox is no game to copy from.
    let msg = match games.sandbox_start_from("france", real).await {
        Err(GameError::Refused(why)) => why,
        other => panic!("a second sandbox: {other:?}"),
    };
    assert!(msg.contains("already have a sandbox"), "{msg}");
}
}
