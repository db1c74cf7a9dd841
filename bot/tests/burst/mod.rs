//! The burst harness: many games due in the same second, played by one or more real
//! `parley bot` processes against the fake Discord, and the checks that every phase was
//! adjudicated once, posted once and kept its players' orders. Shared by
//! `tests/scale_e2e.rs` and `benches/burst.rs`; the test crate or bench that includes it must
//! also declare `mod common;` and `mod fake_discord;` at its root.
#![allow(dead_code)]

use crate::common::{POWERS, T0};
use crate::fake_discord::harness::{signal, spawn_bot_with};
use crate::fake_discord::{FakeDiscord, Invoker, Sent};
use engine::store::clock::ManualClock;
use engine::store::{GameId, Games, Settings};
use engine::Verdict;
use serde_json::json;
use std::collections::{BTreeMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::sync::Notify;

/// The phase every game is in when the burst starts.
pub const FIRST_PHASE: &str = "Spring 1901 movement";

/// Orders the players send by DM once the bots run, one per (power, order): moves that
/// succeed when everybody else holds (by NMR), so the results are known in advance. Each is
/// checked after the burst by the unit it leaves in the province named third.
pub const DM_ORDERS: [(&str, &str, &str); 2] = [
    ("Austria", "A vie - gal", "gal"),
    ("Turkey", "F ank - bla", "bla"),
];

/// The phase the games are in after the burst: nobody is dislodged by `DM_ORDERS`, so there
/// is no Spring retreat and the games go straight to the Fall moves.
pub const NEXT_PHASE: &str = "Fall 1901 movement";

/// What a process logs once it has connected and registered its commands.
const READY_LINE: &str = "connected; commands registered";

/// How long the harness waits for any one step (a process to be ready, the orders' replies,
/// the burst's posts) before failing with what it saw. Generous: a debug binary draws a PNG
/// per post on a shared two-core machine.
pub const STEP_LIMIT: Duration = Duration::from_secs(900);

/// The server of game `g`: odd games on shard 1 of 2, even ones on shard 0 (Discord sends a
/// server's events to shard `(server id >> 22) % shards`).
pub fn guild_of(g: usize) -> u64 {
    (1_000_000 + g as u64) << 22
}

/// The channel of game `g`.
pub fn channel_of(g: usize) -> u64 {
    932_000_000_000_000_000 + g as u64
}

/// The Discord user who plays power `p` (an index into `POWERS`) in game `g`: everybody plays
/// one game only, so a DM order needs no game number.
pub fn player_of(g: usize, p: usize) -> u64 {
    850_000_000_000_000_000 + (g as u64) * 10 + p as u64
}

/// When a process starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Start {
    /// With the others, before the orders are sent.
    AtOnce,
    /// Once the killed process is dead (a restart, or a replacement).
    AfterKill,
}

/// One `parley bot` process of a burst: its extra environment (`PARLEY_SHARDS`, ...; later
/// entries win over the harness's own `DATABASE_URL`, `PARLEY_CLOCK_FILE` and
/// `PARLEY_TICK_MS=100`).
#[derive(Debug, Clone)]
pub struct ProcessSpec {
    pub env: Vec<(String, String)>,
    pub start: Start,
}

impl ProcessSpec {
    /// A process running every shard, started with the others.
    pub fn all_shards() -> ProcessSpec {
        ProcessSpec {
            env: Vec::new(),
            start: Start::AtOnce,
        }
    }

    /// A process running shard `index` of `count` (`PARLEY_SHARDS=index/count`).
    pub fn shard(index: u32, count: u32) -> ProcessSpec {
        ProcessSpec::all_shards().with("PARLEY_SHARDS", &format!("{index}/{count}"))
    }

    pub fn with(mut self, key: &str, value: &str) -> ProcessSpec {
        self.env.push((key.into(), value.into()));
        self
    }

    pub fn after_kill(mut self) -> ProcessSpec {
        self.start = Start::AfterKill;
        self
    }
}

/// Kill one process in the middle of the burst.
#[derive(Debug, Clone, Copy)]
pub struct Kill {
    /// Which process (an index into the specs given to [`Burst::run`]).
    pub process: usize,
    /// SIGKILL it the moment it has logged this many `adjudicated` lines.
    pub after_adjudicated: usize,
    /// Then move the shared clock on this far, so that the dead process's claims on games
    /// expire for the survivors (the lease length).
    pub lease_secs: i64,
}

impl Kill {
    pub fn new(process: usize, after_adjudicated: usize) -> Kill {
        Kill {
            process,
            after_adjudicated,
            lease_secs: 120,
        }
    }
}

/// One `adjudicated` line of a process's log.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Adjudicated {
    pub process: usize,
    pub game: GameId,
    pub phase: String,
    /// When the harness read the line.
    pub at: Instant,
}

/// The results posts of one (channel, phase) that reached the fake.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Posts {
    /// Posted to the channel.
    pub accepted: usize,
    /// Repeats that Discord's nonce check dropped (a post sent again after a crash).
    pub dropped: usize,
}

/// What happened in a burst.
#[derive(Debug)]
pub struct Outcome {
    /// Results posts by (channel, phase).
    pub posts: BTreeMap<(u64, String), Posts>,
    /// Every process's `adjudicated` lines, in the order each process logged them.
    pub adjudicated: Vec<Adjudicated>,
    /// The processes SIGKILLed (indices into the specs).
    pub killed: Vec<usize>,
    /// From the clock's move past the deadline to the last results post reaching the fake.
    pub elapsed: Duration,
    /// From the clock's move to the last `adjudicated` line read: the rest of `elapsed` is
    /// posting (drawing the maps, sending them).
    pub adjudicated_within: Duration,
    /// Calls to the fake it does not fake.
    pub unexpected: Vec<String>,
    /// Every process's health lines (one per tick, and one at a clean stop), by process index.
    pub health: Vec<(usize, Health)>,
    /// The log lines that name a game or warn, by process index.
    pub told: Vec<(usize, String)>,
}

/// What one health line of a process's log counts (`tick due=.. adjudicated=.. posted=..`;
/// at a stop, `scheduler stopped posted=..`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Health {
    pub due: usize,
    pub adjudicated: usize,
    pub posted: usize,
}

/// The counts of a health line, or `None` for any other line.
pub fn health_line(line: &str) -> Option<Health> {
    let fields = line
        .split_once(": tick ")
        .or_else(|| line.split_once(": scheduler stopped "))?
        .1;
    let mut health = Health::default();
    for word in fields.split_whitespace() {
        let Some((key, value)) = word.split_once('=') else {
            continue;
        };
        let Ok(n) = value.parse() else { continue };
        match key {
            "due" => health.due = n,
            "adjudicated" => health.adjudicated = n,
            "posted" => health.posted = n,
            _ => {}
        }
    }
    Some(health)
}

impl Outcome {
    /// How many `adjudicated` lines each process logged, by process index.
    pub fn adjudicated_by(&self, process: usize) -> usize {
        self.adjudicated
            .iter()
            .filter(|a| a.process == process)
            .count()
    }

    /// Results posts Discord's nonce check dropped, over every channel.
    pub fn repeats_dropped(&self) -> usize {
        self.posts.values().map(|p| p.dropped).sum()
    }

    /// One line for a test's or a benchmark's output.
    pub fn summary(&self, games: usize) -> String {
        let processes = self
            .adjudicated
            .iter()
            .map(|a| a.process + 1)
            .max()
            .unwrap_or(0);
        let by: Vec<String> = (0..processes)
            .map(|p| format!("process {p}: {}", self.adjudicated_by(p)))
            .collect();
        format!(
            "{games} games adjudicated and posted {:.2?} after the deadline ({:.1} games/s; the last adjudication logged after {:.2?}); adjudications logged by {}; killed {:?}; repeats dropped {}",
            self.elapsed,
            games as f64 / self.elapsed.as_secs_f64().max(1e-9),
            self.adjudicated_within,
            by.join(", "),
            self.killed,
            self.repeats_dropped()
        )
    }
}

/// Many Standard games due in the same second, in a database of their own.
pub struct Burst {
    pub dir: PathBuf,
    pub url: String,
    pub games: Vec<GameId>,
    /// The deadline all the games share.
    pub deadline: i64,
    pub clock: PathBuf,
    pub fake: FakeDiscord,
}

impl Burst {
    /// Creates `games` started Standard games in the database at `url` through the games
    /// service, game `g` in channel `channel_of(g)` of server `guild_of(g)`, power `p` played
    /// by `player_of(g, p)`, every deadline in the same second; and a fake Discord for the
    /// bots to come.
    pub async fn prepare(dir: &Path, url: &str, games: usize) -> Burst {
        let store = Games::open(url, Arc::new(ManualClock::at(T0)))
            .await
            .unwrap_or_else(|e| panic!("cannot open the games database {url}: {e}"));
        let mut ids = Vec::with_capacity(games);
        for g in 0..games {
            let id = store
                .create(
                    Some(&guild_of(g).to_string()),
                    Some(&channel_of(g).to_string()),
                    "standard",
                    Settings::default(),
                    g as u64,
                )
                .await
                .expect("a game is created");
            for (p, power) in POWERS.iter().enumerate() {
                store
                    .join(id, &player_of(g, p).to_string(), Some(power))
                    .await
                    .expect("a player joins");
            }
            store.start(id).await.expect("a game starts");
            ids.push(id);
        }
        let mut deadlines = HashSet::new();
        for id in &ids {
            let info = store.info(*id).await.expect("a game's info");
            assert_eq!(info.phase.as_deref(), Some(FIRST_PHASE));
            deadlines.insert(info.deadline.expect("a running game has a deadline"));
        }
        assert_eq!(deadlines.len(), 1, "every game is due in the same second");
        let deadline = deadlines.into_iter().next().unwrap_or(T0);
        drop(store);
        let clock = dir.join("now");
        std::fs::write(&clock, T0.to_string()).expect("the clock file is written");
        Burst {
            dir: dir.to_path_buf(),
            url: url.to_string(),
            games: ids,
            deadline,
            clock,
            fake: FakeDiscord::start().await,
        }
    }

    /// Starts one `parley bot` per spec (those marked [`Start::AfterKill`] once the killed
    /// one is dead), waits until each is connected, sends every `DM_ORDERS` order by DM, moves
    /// the shared clock past the deadline, and waits until every game's results post has
    /// reached the fake; then stops the survivors with SIGTERM.
    pub async fn run(&self, processes: &[ProcessSpec], kill: Option<Kill>) -> Outcome {
        self.run_with(processes, kill, false).await
    }

    /// [`Burst::run`], and before the stop, waits until the processes' health lines have
    /// counted every results post (a post finished during a tick is counted by the next
    /// tick's line).
    pub async fn run_until_reported(&self, processes: &[ProcessSpec]) -> Outcome {
        self.run_with(processes, None, true).await
    }

    async fn run_with(
        &self,
        processes: &[ProcessSpec],
        kill: Option<Kill>,
        until_reported: bool,
    ) -> Outcome {
        if let Some(k) = kill {
            assert!(
                k.process < processes.len() && processes[k.process].start == Start::AtOnce,
                "the process to kill ({}) must be one started at once",
                k.process
            );
        }
        let logs = Logs::default();
        let mut running: Vec<Option<tokio::process::Child>> =
            processes.iter().map(|_| None).collect();
        for (i, spec) in processes.iter().enumerate() {
            if spec.start == Start::AtOnce {
                running[i] = Some(self.spawn(i, spec, &logs));
            }
        }
        for (i, spec) in processes.iter().enumerate() {
            if spec.start == Start::AtOnce {
                logs.wait(&format!("process {i} to connect"), |l| {
                    l.ready.contains(&i).then_some(())
                })
                .await;
            }
        }
        self.send_orders().await;

        // The burst: every game is due at once.
        let started = Instant::now();
        std::fs::write(&self.clock, (self.deadline + 1).to_string()).expect("the clock moves");
        let mut killed = Vec::new();
        if let Some(k) = kill {
            logs.wait(
                &format!(
                    "process {} to adjudicate {} games",
                    k.process, k.after_adjudicated
                ),
                |l| {
                    (l.adjudicated
                        .iter()
                        .filter(|a| a.process == k.process)
                        .count()
                        >= k.after_adjudicated)
                        .then_some(())
                },
            )
            .await;
            let mut victim = running[k.process].take().expect("the process to kill runs");
            signal(&victim, 9);
            victim.wait().await.expect("the killed process is reaped");
            killed.push(k.process);
            std::fs::write(&self.clock, (self.deadline + 1 + k.lease_secs).to_string())
                .expect("the clock moves past the lease");
            for (i, spec) in processes.iter().enumerate() {
                if spec.start == Start::AfterKill {
                    running[i] = Some(self.spawn(i, spec, &logs));
                    logs.wait(&format!("process {i} to connect"), |l| {
                        l.ready.contains(&i).then_some(())
                    })
                    .await;
                }
            }
        }

        let channels: Vec<String> = (0..self.games.len())
            .map(|g| format!("channel:{}", channel_of(g)))
            .collect();
        let needle = format!("**{FIRST_PHASE}** has been adjudicated");
        let last = self
            .fake
            .wait_for("every game's results post", STEP_LIMIT, |sent| {
                let mut posted = HashSet::new();
                let mut last = started;
                for s in sent {
                    if s.content.contains(&needle) && posted.insert(s.to.as_str()) {
                        last = last.max(s.at);
                    }
                }
                channels
                    .iter()
                    .all(|c| posted.contains(c.as_str()))
                    .then_some(last)
            })
            .await;
        let elapsed = last.saturating_duration_since(started);
        if until_reported {
            let games = self.games.len();
            logs.wait("health lines counting every results post", |l| {
                (l.health.iter().map(|(_, h)| h.posted).sum::<usize>() >= games).then_some(())
            })
            .await;
        }

        for (i, child) in running.iter_mut().enumerate() {
            if let Some(mut child) = child.take() {
                signal(&child, 15);
                let status = tokio::time::timeout(Duration::from_secs(60), child.wait())
                    .await
                    .unwrap_or_else(|_| panic!("process {i} still runs 60 s after SIGTERM"))
                    .expect("a process is reaped");
                assert!(status.success(), "process {i} exited with {status:?}");
            }
        }
        // Every line written before the exits is read before the readers finish.
        logs.wait("every log to be read to its end", |l| {
            (l.closed == l.started).then_some(())
        })
        .await;
        let adjudicated = logs.state.lock().unwrap().adjudicated.clone();
        let health = logs.state.lock().unwrap().health.clone();
        let told = std::mem::take(&mut logs.state.lock().unwrap().told);
        let adjudicated_within = adjudicated
            .iter()
            .map(|a| a.at.saturating_duration_since(started))
            .max()
            .unwrap_or_default();
        Outcome {
            adjudicated_within,
            posts: results_posts(&self.fake.sent()),
            adjudicated,
            killed,
            elapsed,
            unexpected: self.fake.unexpected(),
            health,
            told,
        }
    }

    /// The games service on the burst's database, to read the games back.
    pub async fn open(&self) -> Games {
        Games::open(&self.url, Arc::new(ManualClock::at(self.deadline + 1)))
            .await
            .expect("the games database opens again")
    }

    fn spawn(&self, i: usize, spec: &ProcessSpec, logs: &Logs) -> tokio::process::Child {
        let mut env: Vec<(&str, &str)> = vec![
            ("DATABASE_URL", &self.url),
            ("PARLEY_TICK_MS", "100"),
            // The log is read by the harness: plain text, no colours.
            ("NO_COLOR", "1"),
        ];
        env.extend(spec.env.iter().map(|(k, v)| (k.as_str(), v.as_str())));
        let mut child = spawn_bot_with(&self.dir, &self.fake.base(), &self.clock, &env, true);
        logs.read(i, child.stdout.take().expect("the log is piped"));
        child
    }

    /// Every player of `DM_ORDERS` sends their order by DM, all at once; each must be
    /// accepted.
    async fn send_orders(&self) {
        let mut ids = Vec::new();
        for g in 0..self.games.len() {
            for (power, order, _) in DM_ORDERS {
                let p = POWERS.iter().position(|x| *x == power).expect("a power");
                let id = self.fake.command(
                    &Invoker::dm(player_of(g, p)),
                    "orders",
                    "submit",
                    json!([{"name": "order", "type": 3, "value": order}]),
                );
                ids.push((id, g, order));
            }
        }
        let wanted: Vec<String> = ids
            .iter()
            .map(|(id, _, _)| format!("interaction:{id}"))
            .collect();
        let replies = self
            .fake
            .wait_for("the replies to every DM order", STEP_LIMIT, |sent| {
                let by_to: BTreeMap<&str, &Sent> = sent
                    .iter()
                    .filter(|s| matches!(s.kind, None | Some(4)))
                    .map(|s| (s.to.as_str(), s))
                    .collect();
                wanted
                    .iter()
                    .map(|w| by_to.get(w.as_str()).map(|s| s.content.clone()))
                    .collect::<Option<Vec<String>>>()
            })
            .await;
        for ((_, g, order), reply) in ids.iter().zip(replies) {
            assert!(
                reply.contains("accepted"),
                "game {g}: the order {order} was not accepted: {reply}"
            );
        }
    }
}

/// The results posts in what the fake received, by (channel, phase).
fn results_posts(sent: &[Sent]) -> BTreeMap<(u64, String), Posts> {
    let mut out: BTreeMap<(u64, String), Posts> = BTreeMap::new();
    for s in sent {
        let (channel, accepted) = if let Some(c) = s.to.strip_prefix("channel:") {
            (c, true)
        } else if let Some(c) = s.to.strip_prefix("dropped:") {
            (c, false)
        } else {
            continue;
        };
        let Some(phase) = results_phase(&s.content) else {
            continue;
        };
        let Ok(channel) = channel.parse() else {
            continue;
        };
        let entry = out.entry((channel, phase)).or_default();
        if accepted {
            entry.accepted += 1;
        } else {
            entry.dropped += 1;
        }
    }
    out
}

/// The phase a results post is about (`**Spring 1901 movement** has been adjudicated`).
fn results_phase(content: &str) -> Option<String> {
    let (before, _) = content.split_once("** has been adjudicated")?;
    let (_, phase) = before.rsplit_once("**")?;
    Some(phase.to_string())
}

/// The processes' logs as far as read: who is connected and what each adjudicated.
#[derive(Default)]
struct LogState {
    ready: HashSet<usize>,
    adjudicated: Vec<Adjudicated>,
    health: Vec<(usize, Health)>,
    /// Every line that names a game (`game=N`) or warns, by process, to explain a failed check.
    told: Vec<(usize, String)>,
    started: usize,
    closed: usize,
}

#[derive(Clone, Default)]
struct Logs {
    state: Arc<Mutex<LogState>>,
    changed: Arc<Notify>,
}

impl Logs {
    /// Reads process `i`'s log to its end on a task of its own (an unread pipe would stop
    /// the process).
    fn read(&self, i: usize, out: tokio::process::ChildStdout) {
        self.state.lock().unwrap().started += 1;
        let logs = self.clone();
        tokio::spawn(async move {
            let mut lines = BufReader::new(out).lines();
            while let Ok(Some(line)) = lines.next_line().await {
                let line = strip_colours(&line);
                let mut state = logs.state.lock().unwrap();
                if line.contains(READY_LINE) {
                    state.ready.insert(i);
                }
                if line.contains("game=") || line.contains(" WARN ") || line.contains(" ERROR ") {
                    state.told.push((i, line.clone()));
                }
                if let Some(health) = health_line(&line) {
                    state.health.push((i, health));
                }
                if let Some((game, phase)) = adjudicated_line(&line) {
                    state.adjudicated.push(Adjudicated {
                        process: i,
                        game,
                        phase,
                        at: Instant::now(),
                    });
                }
                drop(state);
                logs.changed.notify_waiters();
            }
            logs.state.lock().unwrap().closed += 1;
            logs.changed.notify_waiters();
        });
    }

    async fn wait<T>(&self, what: &str, check: impl Fn(&LogState) -> Option<T>) -> T {
        let deadline = tokio::time::Instant::now() + STEP_LIMIT;
        loop {
            let notified = self.changed.notified();
            if let Some(t) = check(&self.state.lock().unwrap()) {
                return t;
            }
            if tokio::time::timeout_at(deadline, notified).await.is_err() {
                let state = self.state.lock().unwrap();
                panic!(
                    "timed out waiting for {what}: processes connected {:?}, {} adjudications logged, {} of {} logs closed",
                    state.ready,
                    state.adjudicated.len(),
                    state.closed,
                    state.started
                );
            }
        }
    }
}

/// Terminal colour codes removed, in case a process colours its log anyway.
fn strip_colours(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            // ESC [ parameters, ended by a letter.
            for c in chars.by_ref() {
                if c.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// The game and phase of a scheduler's `adjudicated` line
/// (`... INFO parley::discord::scheduler: adjudicated game=12 phase=Spring 1901 movement`);
/// the phase's words run to the next `key=` field or the end.
pub fn adjudicated_line(line: &str) -> Option<(GameId, String)> {
    let (_, fields) = line.split_once(": adjudicated ")?;
    let mut game = None;
    let mut phase: Option<Vec<&str>> = None;
    let mut in_phase = false;
    for word in fields.split_whitespace() {
        match word.split_once('=') {
            Some(("game", v)) => {
                game = v.parse().ok();
                in_phase = false;
            }
            Some(("phase", v)) => {
                phase = Some(vec![v]);
                in_phase = true;
            }
            Some(_) => in_phase = false,
            None if in_phase => phase.iter_mut().for_each(|p| p.push(word)),
            None => {}
        }
    }
    Some((game?, phase?.join(" ")))
}

// ---- Checks, each naming what went wrong ----

/// Every game moved on from `FIRST_PHASE` to `NEXT_PHASE` (read back through the games
/// service), and every order sent by DM was kept: it succeeded, and its unit stands where it
/// went.
pub async fn check_games(burst: &Burst, games: &Games) {
    let mut wrong = Vec::new();
    for (g, id) in burst.games.iter().enumerate() {
        let info = games.info(*id).await.expect("a game's info");
        if info.phase.as_deref() != Some(NEXT_PHASE) || info.status != "running" {
            wrong.push(format!(
                "game {id} is {} in {:?}, not running in {NEXT_PHASE}",
                info.status, info.phase
            ));
            continue;
        }
        let view = games.phase(*id, 0).await.expect("the first phase reads");
        let Some(record) = view.record else {
            wrong.push(format!("game {id}: {FIRST_PHASE} has no results"));
            continue;
        };
        let rules = &view.variant;
        for (power, order, to) in DM_ORDERS {
            let kept = record.orders.iter().find(|o| {
                rules.power_name(o.power) == power && o.result.verdict == Verdict::Succeeds
            });
            let province = rules.map.province_by_id(to).expect("a Standard province");
            let there = record
                .after
                .unit_at(province)
                .map(|u| rules.power_name(u.power));
            if kept.is_none() || there != Some(power) {
                wrong.push(format!(
                    "game {id} (channel {}): {power}'s {order} was not kept ({:?}; {to} holds {there:?})",
                    channel_of(g),
                    record
                        .orders
                        .iter()
                        .filter(|o| rules.power_name(o.power) == power)
                        .map(|o| (&o.text, o.result.verdict))
                        .collect::<Vec<_>>()
                ));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "{} game(s) wrong: {wrong:#?}",
        wrong.len()
    );
}

/// Every game's `FIRST_PHASE` appears in the processes' logs exactly once. A process killed
/// by SIGKILL may have committed one adjudication and died before logging it (at most one:
/// a process adjudicates one game at a time), so each kill excuses one missing line, never a
/// repeated one.
pub fn check_adjudicated_once(burst: &Burst, outcome: &Outcome) {
    let mut seen: BTreeMap<(GameId, &str), Vec<usize>> = BTreeMap::new();
    for a in &outcome.adjudicated {
        seen.entry((a.game, a.phase.as_str()))
            .or_default()
            .push(a.process);
    }
    let twice: Vec<_> = seen.iter().filter(|(_, by)| by.len() > 1).collect();
    assert!(
        twice.is_empty(),
        "phases adjudicated more than once (game, phase) -> processes: {twice:?}"
    );
    let expected: BTreeMap<(GameId, &str), ()> = burst
        .games
        .iter()
        .map(|id| ((*id, FIRST_PHASE), ()))
        .collect();
    let stray: Vec<_> = seen.keys().filter(|k| !expected.contains_key(k)).collect();
    assert!(
        stray.is_empty(),
        "phases adjudicated that the burst did not make due: {stray:?}"
    );
    let missing: Vec<_> = expected.keys().filter(|k| !seen.contains_key(k)).collect();
    assert!(
        missing.len() <= outcome.killed.len(),
        "{} phase(s) never logged as adjudicated ({} process(es) killed): {missing:?}",
        missing.len(),
        outcome.killed.len()
    );
}

/// Every game's channel got exactly one `FIRST_PHASE` results post; repeats dropped by the
/// nonce check are allowed only when a process was killed (a post sent, not yet recorded).
pub fn check_posted_once(burst: &Burst, outcome: &Outcome) {
    let mut wrong = Vec::new();
    for g in 0..burst.games.len() {
        let key = (channel_of(g), FIRST_PHASE.to_string());
        let posts = outcome.posts.get(&key).copied().unwrap_or_default();
        if posts.accepted != 1 {
            wrong.push(format!(
                "channel {}: {} results posts of {FIRST_PHASE}",
                key.0, posts.accepted
            ));
        }
        if posts.dropped > 0 && outcome.killed.is_empty() {
            let needle = format!("game={} ", burst.games[g]);
            let log: Vec<String> = outcome
                .told
                .iter()
                .filter(|(_, l)| l.contains(&needle) || !l.contains("game="))
                .map(|(i, l)| format!("process {i}: {l}"))
                .collect();
            wrong.push(format!(
                "channel {} (game {}): {} repeated posts though no process died; the logs say:\n{}",
                key.0,
                burst.games[g],
                posts.dropped,
                log.join("\n")
            ));
        }
    }
    let stray: Vec<_> = outcome
        .posts
        .keys()
        .filter(|(c, p)| p != FIRST_PHASE || !(0..burst.games.len()).any(|g| channel_of(g) == *c))
        .collect();
    if !stray.is_empty() {
        wrong.push(format!("results posts the burst did not cause: {stray:?}"));
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
    assert!(
        outcome.unexpected.is_empty(),
        "calls the fake Discord does not know: {:?}",
        outcome.unexpected
    );
}

/// All the checks, in the order a reader wants their failures.
pub async fn check_all(burst: &Burst, outcome: &Outcome) {
    check_posted_once(burst, outcome);
    check_adjudicated_once(burst, outcome);
    let games = burst.open().await;
    check_games(burst, &games).await;
}
