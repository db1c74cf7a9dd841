//! The bot's command logic and scheduler on the games service, without Discord: where each
//! command may be used, what it answers, what the channel hears, and what the scheduler posts.

mod common;
use common::*;

use engine::store::{GameError, Games};
use parley::discord::actions::{self, CreateArgs};
use parley::discord::posts::{Post, Poster, Sent};
use parley::discord::scheduler::{Scheduler, Tick};
use std::sync::{Arc, Mutex};

fn refusal(r: actions::Outcome) -> String {
    match r {
        Err(GameError::Refused(m)) => m,
        other => panic!("expected a refusal, got {other:?}"),
    }
}

/// Remembers every post, by where it went; while `down`, channel posts fail.
#[derive(Default)]
struct Recorder(Mutex<Vec<(String, Post)>>, std::sync::atomic::AtomicBool);

impl Recorder {
    fn set_down(&self, down: bool) {
        self.1.store(down, std::sync::atomic::Ordering::SeqCst);
    }
}

impl Poster for Recorder {
    fn to_channel<'a>(&'a self, channel: &'a str, post: Post) -> Sent<'a> {
        if self.1.load(std::sync::atomic::Ordering::SeqCst) {
            return Box::pin(async { Err("Discord is unreachable".to_string()) });
        }
        self.0.lock().unwrap().push((channel.to_string(), post));
        Box::pin(async { Ok(()) })
    }
    fn to_user<'a>(&'a self, user: &'a str, post: Post) -> Sent<'a> {
        self.0.lock().unwrap().push((format!("user:{user}"), post));
        Box::pin(async { Ok(()) })
    }
}

async fn create_and_start(games: &Games, channel: &str) -> i64 {
    let args = CreateArgs {
        variant: "standard".into(),
        ..CreateArgs::default()
    };
    let a = actions::game_create(games, &in_channel("host", channel, true), &args)
        .await
        .unwrap();
    assert!(a.reply.text.contains("created here"), "{}", a.reply.text);
    for p in POWERS {
        let user = p.to_lowercase();
        actions::game_join(games, &in_channel(&user, channel, false), Some(p))
            .await
            .unwrap();
    }
    let a = actions::game_start(games, &in_channel("france", channel, false))
        .await
        .unwrap();
    assert!(
        a.reply.text.contains("<@france>: France"),
        "{}",
        a.reply.text
    );
    // Each player hears their power in a DM.
    assert_eq!(
        a.announce
            .iter()
            .filter(|(to, p)| to.starts_with("user:") && p.text.starts_with("You play"))
            .count(),
        7
    );
    games.game_in_channel(channel).await.unwrap().unwrap()
}

#[tokio::test]
async fn commands_are_used_where_they_belong_and_refusals_say_why() {
    let dir = tempfile::tempdir().unwrap();
    let (games, _) = fresh(&dir).await;
    let args = CreateArgs {
        variant: "monopoly".into(),
        ..CreateArgs::default()
    };
    let m = refusal(actions::game_create(&games, &in_channel("h", "c", true), &args).await);
    assert!(m.contains("monopoly") && m.contains("standard"), "{m}");
    // Every variant the engine runs has map art now, so every one is offered in Discord,
    // Latin American Diplomacy (whose art came last) included.
    let offered = parley::picture::playable_variants();
    assert!(offered.contains(&"latin-american"), "{offered:?}");
    assert_eq!(offered, engine::variants::ids());
    let args = CreateArgs {
        variant: "latin-american".into(),
        ..CreateArgs::default()
    };
    let made = actions::game_create(&games, &in_channel("h", "la", true), &args).await;
    assert!(made.is_ok(), "latin-american is refused");
    assert!(games.game_in_channel("la").await.unwrap().is_some());
    assert!(games.game_in_channel("c").await.unwrap().is_none());
    let args = CreateArgs {
        variant: "standard".into(),
        ..CreateArgs::default()
    };
    let m = refusal(actions::game_create(&games, &dm("h"), &args).await);
    assert!(m.contains("server channel"), "{m}");
    let args = CreateArgs {
        variant: "standard".into(),
        movement: Some("forever".into()),
        ..CreateArgs::default()
    };
    let m = refusal(actions::game_create(&games, &in_channel("h", "c", true), &args).await);
    assert!(m.contains("'forever'") && m.contains("48h"), "{m}");

    let id = create_and_start(&games, "c").await;
    // Orders only in a DM; there the only game is the default.
    let m = refusal(
        actions::orders_submit(
            &games,
            &in_channel("england", "c", false),
            None,
            "F lon - nth",
        )
        .await,
    );
    assert!(m.contains("direct message"), "{m}");
    let a = actions::orders_submit(&games, &dm("england"), None, "F lon - nth\nA lvp - mun")
        .await
        .unwrap();
    assert!(a.private);
    // Orders from several lines are labelled with their line (deliberately new).
    assert!(
        a.reply.text.contains("✅ line 1: `F lon - nth` accepted"),
        "{}",
        a.reply.text
    );
    assert!(
        a.reply.text.contains("❌ line 2: `A lvp - mun` refused"),
        "{}",
        a.reply.text
    );
    assert!(
        a.reply.text.contains("Still without orders: F edi, A lvp"),
        "{}",
        a.reply.text
    );

    // Status shows who has ordered, never what.
    actions::orders_submit(&games, &dm("england"), None, "A lvp h; F edi h")
        .await
        .unwrap();
    let s = actions::game_status(&games, &in_channel("x", "c", false), None)
        .await
        .unwrap()
        .reply
        .text;
    assert!(s.contains("Orders complete: England"), "{s}");
    assert!(!s.contains("nth") && !s.contains("lvp"), "{s}");

    // Not a moderator: refused; a moderator's action is audited in the channel.
    let m = refusal(actions::mod_extend(&games, &in_channel("italy", "c", false), "1d").await);
    assert!(m.contains("Manage Server"), "{m}");
    let a = actions::mod_extend(&games, &in_channel("host", "c", true), "1d")
        .await
        .unwrap();
    assert!(a.private);
    let (to, audit) = &a.announce[0];
    assert_eq!(to, "c");
    assert!(
        audit.text.contains("<@host>: extended the deadline by 1d"),
        "{}",
        audit.text
    );

    // A second game for England: a DM must now say which game.
    create_and_start(&games, "c2").await;
    let m = refusal(actions::orders_show(&games, &dm("england"), None).await);
    assert!(
        m.contains("several games") && m.contains(&id.to_string()),
        "{m}"
    );
    let a = actions::orders_show(&games, &dm("england"), Some(id))
        .await
        .unwrap();
    assert!(a.reply.text.contains("`F lon - nth`"), "{}", a.reply.text);
    let m = refusal(actions::orders_show(&games, &dm("england"), Some(999)).await);
    assert!(m.contains("do not play in game 999"), "{m}");
}

#[tokio::test]
async fn the_channel_hears_only_the_outcome_of_secret_votes() {
    let dir = tempfile::tempdir().unwrap();
    let (games, _) = fresh(&dir).await;
    let id = create_and_start(&games, "v").await;
    for (i, p) in POWERS.iter().enumerate() {
        let a = actions::vote_draw(&games, &dm(&p.to_lowercase()), Some(id), true)
            .await
            .unwrap();
        assert!(a.private);
        if i + 1 < POWERS.len() {
            assert!(a.announce.is_empty(), "announced after {} votes", i + 1);
        } else {
            let (to, post) = &a.announce[0];
            assert_eq!(to, "v");
            assert!(post.text.contains("ends in a draw"), "{}", post.text);
        }
    }
}

#[tokio::test]
async fn the_scheduler_catches_up_posts_results_with_maps_and_reminds_once() {
    let dir = tempfile::tempdir().unwrap();
    let (games, clock) = fresh(&dir).await;
    let a = create_and_start(&games, "a").await;
    let b = create_and_start(&games, "b").await;
    let recorder = Arc::new(Recorder::default());
    let scheduler = Scheduler::new(games.clone(), recorder.clone(), 6 * 3600);
    assert_eq!(scheduler.tick().await, Tick::default());

    // Five hours before the deadline: reminders for everyone who owes orders, once.
    actions::orders_submit(&games, &dm("italy"), Some(a), "A ven h; A rom h; F nap h")
        .await
        .unwrap();
    let deadline = games.info(a).await.unwrap().deadline.unwrap();
    clock.set(deadline - 5 * 3600);
    let t = scheduler.tick().await;
    assert_eq!(t.reminded, 13, "6 players in game a, 7 in game b");
    assert_eq!(scheduler.tick().await.reminded, 0);
    assert!(recorder
        .0
        .lock()
        .unwrap()
        .iter()
        .all(|(to, p)| to.starts_with("user:") && p.text.contains("Reminder")));

    // The bot was down past both deadlines: one tick adjudicates both and posts each map.
    clock.set(deadline + 3 * 3600);
    let t = scheduler.tick().await;
    assert_eq!((t.adjudicated, t.posted), (2, 2));
    let posts = recorder.0.lock().unwrap().clone();
    for channel in ["a", "b"] {
        let (_, post) = posts
            .iter()
            .find(|(to, _)| to == channel)
            .expect("a results post");
        assert!(post
            .text
            .contains("**Spring 1901 movement** has been adjudicated"));
        assert!(post.text.contains("<t:"), "deadline as a Discord timestamp");
        let (name, png) = &post.files[0];
        assert_eq!(name, "spring-1901-movement.png");
        assert!(png.starts_with(b"\x89PNG"));
        assert!(post.files[1].0.ends_with(".txt"));
    }
    assert_eq!(
        games.info(b).await.unwrap().phase.as_deref(),
        Some("Fall 1901 movement")
    );
}

#[tokio::test]
async fn results_are_posted_once_even_when_discord_fails_or_a_moderator_adjudicates() {
    let dir = tempfile::tempdir().unwrap();
    let (games, clock) = fresh(&dir).await;
    let id = create_and_start(&games, "m").await;
    let recorder = Arc::new(Recorder::default());
    let scheduler = Scheduler::new(games.clone(), recorder.clone(), 0);
    // A moderator adjudicates early: the audit line now, the results at the next tick.
    let a = actions::mod_adjudicate(&games, &in_channel("host", "m", true))
        .await
        .unwrap();
    assert!(a.announce[0]
        .1
        .text
        .contains("adjudicated Spring 1901 movement early"));
    // Discord is down at that tick: nothing is lost, the post waits.
    recorder.set_down(true);
    let t = scheduler.tick().await;
    assert_eq!(t.posted, 0);
    recorder.set_down(false);
    let t = scheduler.tick().await;
    assert_eq!(t.posted, 1);
    assert_eq!(scheduler.tick().await.posted, 0, "posted once");
    let posts = recorder.0.lock().unwrap().clone();
    assert_eq!(posts.len(), 1);
    assert!(posts[0]
        .1
        .text
        .contains("**Spring 1901 movement** has been adjudicated"));
    assert!(posts[0]
        .1
        .text
        .contains("Next: **Fall 1901 movement**, orders due <t:"));

    // A phase skipped on the spot (a retreat nobody had to make) gets no post of its own.
    let deadline = games.info(id).await.unwrap().deadline.unwrap();
    clock.set(deadline);
    let t = scheduler.tick().await;
    assert_eq!((t.adjudicated, t.posted), (1, 1));
    let posts = recorder.0.lock().unwrap().clone();
    assert!(posts[1]
        .1
        .text
        .contains("**Fall 1901 movement** has been adjudicated"));
}
