//! `parley demo`: a whole game played with random legal orders through the games service,
//! phase by phase, with a readable report of each phase.

use engine::judge::{Submitted, Verdict};
use engine::legal::legal_orders;
use engine::order::Order;
use engine::phase::PhaseKind;
use engine::position::Position;
use engine::rulebook::Controller;
use engine::store::clock::ManualClock;
use engine::store::rng::Rng;
use engine::store::{Games, Result, Settings};
use engine::unit::PowerId;
use engine::Rules;
use engine::Variant;
use std::path::PathBuf;
use std::sync::Arc;

/// Told each phase's name as it is adjudicated.
pub type Progress = Box<dyn Fn(&str) + Send + Sync>;

pub struct DemoOptions {
    pub variant: String,
    pub years: i32,
    pub seed: u64,
    pub out: PathBuf,
    /// Write into a folder that already holds files, replacing an earlier demo's own files
    /// there (its database, reports and maps) and leaving anything else alone.
    pub force: bool,
    /// The colours of the maps.
    pub palette: render::Palette,
    /// Called with each phase's name as it is adjudicated (progress for the command line).
    pub progress: Option<Progress>,
    /// Run inside each adjudication just before it commits (crash tests).
    pub before_commit: Option<engine::store::CommitHook>,
}

/// What the demo did.
pub struct DemoSummary {
    pub game: i64,
    pub phases: usize,
    pub reports: Vec<PathBuf>,
    pub database: PathBuf,
    pub outcome: String,
}

/// Picks one order for a unit from its legal orders: mostly moves, some supports, few holds;
/// where the variant offers orders of its own (a search, a placement), those in one case of
/// ten. A list of orders for no unit (a placement) gives one of them.
fn pick(rng: &mut Rng, orders: &[Order]) -> Option<Order> {
    let of = |f: fn(&Order) -> bool| orders.iter().filter(|o| f(o)).cloned().collect::<Vec<_>>();
    let moves = of(|o| matches!(o, Order::Move { .. } | Order::Retreat { .. }));
    let supports = of(|o| {
        matches!(
            o,
            Order::SupportHold { .. } | Order::SupportMove { .. } | Order::Convoy { .. }
        )
    });
    let special = of(|o| matches!(o, Order::Special { .. }));
    let roll = rng.below(100);
    let pool = if roll < 60 && !moves.is_empty() {
        moves
    } else if roll < 90 && !supports.is_empty() {
        supports
    } else if roll >= 90 && !special.is_empty() {
        special
    } else {
        orders.to_vec()
    };
    (!pool.is_empty()).then(|| pool[rng.below(pool.len())].clone())
}

/// Random adjustment orders: as many distinct builds or disbands as are due.
fn pick_adjustments(rng: &mut Rng, orders: &[Order], due: i64) -> Vec<Order> {
    let mut builds: Vec<Order> = orders
        .iter()
        .filter(|o| matches!(o, Order::Build { .. }))
        .cloned()
        .collect();
    let mut disbands: Vec<Order> = orders
        .iter()
        .filter(|o| matches!(o, Order::Disband { .. }))
        .cloned()
        .collect();
    rng.shuffle(&mut builds);
    rng.shuffle(&mut disbands);
    let mut out: Vec<Order> = Vec::new();
    if due > 0 {
        for b in builds {
            let p = b.unit().map(|u| u.province);
            if out.len() as i64 >= due || out.iter().any(|o| o.unit().map(|u| u.province) == p) {
                continue;
            }
            out.push(b);
        }
    } else {
        out.extend(disbands.into_iter().take((-due) as usize));
    }
    out
}

/// The demo's user id for a power's player.
fn player(v: &Rules, power: PowerId) -> String {
    format!("player-{}", v.power_name(power).to_lowercase())
}

/// Random setup orders that go together: each candidate, in random order, is kept if the judge
/// accepts it beside those already kept.
fn pick_setup(
    rng: &mut Rng,
    v: &Rules,
    position: &Position,
    power: PowerId,
    lists: &[(Option<engine::map::Location>, Vec<Order>)],
) -> Vec<Order> {
    let mut candidates: Vec<Order> = lists.iter().flat_map(|(_, o)| o.clone()).collect();
    rng.shuffle(&mut candidates);
    let mut kept: Vec<Order> = Vec::new();
    for c in candidates {
        let mut trial: Vec<Submitted> = kept
            .iter()
            .map(|o| Submitted {
                power,
                order: Ok(o.clone()),
            })
            .collect();
        trial.push(Submitted {
            power,
            order: Ok(c.clone()),
        });
        let adj = engine::adjudicate(v, position, &trial);
        if adj
            .results
            .last()
            .is_some_and(|r| r.verdict != Verdict::Illegal)
        {
            kept.push(c);
        }
    }
    kept
}

/// Every surviving power votes on each unit of a power ordered by vote. So that some votes
/// carry, each unit has a favourite order that a voter picks three times in five; otherwise it
/// picks any legal order, or abstains.
async fn vote_at_random(
    games: &Games,
    id: i64,
    rng: &mut Rng,
    v: &Rules,
    position: &Position,
) -> Result<()> {
    let voters = engine::vote::voters(v, position);
    for voted in engine::vote::voted_powers(v) {
        let kind = v.calendar.kind(position.phase);
        if kind == PhaseKind::Setup {
            continue;
        }
        for (_, orders) in legal_orders(v, position, voted) {
            // In an adjustment the list is of sites (or units): a favourite site, the rest by
            // chance.
            let options: Vec<&Order> = orders
                .iter()
                .filter(|o| !matches!(o, Order::Waive))
                .collect();
            if options.is_empty() {
                continue;
            }
            let favourite = options[rng.below(options.len())];
            for voter in &voters {
                let roll = rng.below(100);
                let ballot = if roll < 60 {
                    favourite
                } else if roll < 90 {
                    options[rng.below(options.len())]
                } else {
                    continue;
                };
                games
                    .vote_order(id, &player(v, voter.power), &ballot.to_text(v))
                    .await?;
            }
        }
    }
    Ok(())
}

/// Whether a file name is one the demo writes: its database (and SQLite's files beside it),
/// or a numbered report or map (`007 Fall 1903 movement.txt`).
fn is_demo_file(name: &str) -> bool {
    if ["demo.db", "demo.db-wal", "demo.db-shm", "demo.db-journal"].contains(&name) {
        return true;
    }
    let numbered = name.len() > 4
        && name.as_bytes()[..3].iter().all(u8::is_ascii_digit)
        && name.as_bytes()[3] == b' ';
    numbered && (name.ends_with(".txt") || name.ends_with(".png"))
}

/// Makes `out` ready for a demo: created if missing; if it holds files, refused unless
/// `force`, which removes the files an earlier demo wrote there (and nothing else), so no
/// report of the earlier run is taken for one of this run.
fn prepare_folder(out: &std::path::Path, force: bool) -> Result<()> {
    let refuse = |msg: String| engine::store::GameError::Refused(msg);
    let io = |e: std::io::Error| refuse(format!("cannot use the folder {}: {e}", out.display()));
    if out.exists() && !out.is_dir() {
        return Err(refuse(format!(
            "{} is a file; --out needs a folder (new or empty)",
            out.display()
        )));
    }
    std::fs::create_dir_all(out).map_err(io)?;
    let names: Vec<String> = std::fs::read_dir(out)
        .map_err(io)?
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    if names.is_empty() {
        return Ok(());
    }
    if !force {
        return Err(refuse(format!(
            "{} is not empty ({} files, such as '{}'); choose a new or empty folder with --out, or pass --force to replace an earlier demo's files there",
            out.display(),
            names.len(),
            names.iter().min().map(String::as_str).unwrap_or("")
        )));
    }
    for name in names.iter().filter(|n| is_demo_file(n)) {
        std::fs::remove_file(out.join(name)).map_err(io)?;
    }
    Ok(())
}

/// Plays the demo game. The database is a fresh file `demo.db` in `out`, left closed as one
/// self-contained file. Every argument is checked before any file is touched.
pub async fn run(opts: &DemoOptions) -> Result<DemoSummary> {
    let variant = Variant::builtin(&opts.variant).map_err(engine::store::GameError::Refused)?;
    if !(1..=200).contains(&opts.years) {
        return Err(engine::store::GameError::Refused(format!(
            "{} years: expected a number of years from 1 to 200",
            opts.years
        )));
    }
    prepare_folder(&opts.out, opts.force)?;
    let db = opts.out.join("demo.db");
    let clock = ManualClock::at(1_900_000_000);
    let games = Games::open(
        &format!("sqlite://{}", db.display()),
        Arc::new(clock.clone()),
    )
    .await?;
    games.on_before_commit(opts.before_commit.clone());
    let played = play(opts, &games, &clock, &variant).await;
    // Closed even after a failure, so that what was played can be opened from the file alone.
    games.close_into_one_file().await?;
    let (game, reports, outcome) = played?;
    Ok(DemoSummary {
        game,
        phases: reports.len(),
        reports,
        database: db,
        outcome,
    })
}

/// Creates the game, plays it to the end or to the last year, and writes a report (and a map
/// where the variant has art) per phase, numbered from 000 without gaps. Returns the game's
/// id, the reports, and how it ended.
async fn play(
    opts: &DemoOptions,
    games: &Games,
    clock: &ManualClock,
    variant: &Rules,
) -> Result<(i64, Vec<PathBuf>, String)> {
    let io = |e: std::io::Error| {
        engine::store::GameError::Refused(format!("cannot write to {}: {e}", opts.out.display()))
    };
    let id = games
        .create(None, None, &opts.variant, Settings::default(), opts.seed)
        .await?;
    for p in variant.powers_ordered_by(Controller::Player) {
        games
            .join(id, &player(variant, p), Some(variant.power_name(p)))
            .await?;
    }
    games.start(id).await?;
    let mut rng = Rng::new(opts.seed ^ 0xD1B5_4A32_D192_ED03);
    let last_year = variant.calendar.first_year + opts.years - 1;
    let mut reports = Vec::new();
    let mut outcome = String::from("still running");
    // Where the units dislodged by the phase before may retreat, as its record says.
    let mut retreats: Vec<engine::judge::DislodgedReport> = Vec::new();
    loop {
        let (seq, v, position) = games.current(id).await?;
        if position.phase.year > last_year {
            break;
        }
        let phase = v.calendar.name(position.phase);
        for power in v.powers_ordered_by(Controller::Player) {
            let lists = legal_orders(&v, &position, power);
            let kind = v.calendar.kind(position.phase);
            let chosen: Vec<Order> = if kind == PhaseKind::Setup {
                pick_setup(&mut rng, &v, &position, power, &lists)
            } else if kind == PhaseKind::Adjustment {
                let supply = v.supply(&position, power) as i64;
                let units = position.units.iter().filter(|u| u.power == power).count() as i64;
                let mut due = supply - units;
                let mut chosen = Vec::new();
                // The variant's own orders given in place of a build, one time in
                // three that there is one; the rng is asked only then, so other variants
                // play as before.
                let instead: Vec<&Order> = lists
                    .iter()
                    .flat_map(|(_, o)| o)
                    .filter(|o| matches!(o, Order::Special { .. }))
                    .collect();
                if due > 0 && !instead.is_empty() && rng.below(3) == 0 {
                    chosen.push(instead[rng.below(instead.len())].clone());
                    due -= 1;
                }
                chosen.extend(
                    lists
                        .iter()
                        .flat_map(|(_, o)| pick_adjustments(&mut rng, o, due)),
                );
                chosen
            } else {
                lists
                    .iter()
                    .filter_map(|(_, o)| pick(&mut rng, o))
                    .collect()
            };
            let texts: Vec<String> = chosen.iter().map(|o| o.to_text(&*v)).collect();
            if !texts.is_empty() {
                games.submit(id, &player(&v, power), &texts).await?;
            }
        }
        vote_at_random(games, id, &mut rng, &v, &position).await?;
        clock.advance(3600);
        let Some(report) = games.adjudicate(id, seq).await? else {
            break;
        };
        // The phase played, then each phase behind it that nobody had to decide (a retreat
        // with no retreat possible, an adjustment with nothing due): the game settled those
        // at once, and each gets its report and map too, as the results post tells them.
        let last_seq = games.phase_names(id).await?.last().map_or(seq, |p| p.0);
        let mut told = vec![(phase.clone(), position, report.record.clone(), retreats)];
        for settled in seq + 1..last_seq {
            let view = games.phase(id, settled).await?;
            let record = view.record.ok_or_else(|| {
                engine::store::GameError::Refused(format!("{} has no results", view.name))
            })?;
            told.push((view.name, view.position, record, view.retreats));
        }
        let count = told.len();
        let mut names: Vec<String> = told.iter().skip(1).map(|t| t.0.clone()).collect();
        names.push(report.next_phase.clone());
        for (i, ((name, at, record, drawn_retreats), next)) in told.iter().zip(&names).enumerate() {
            let last = i + 1 == count;
            // Numbered by report, not by the game's phase sequence, from 000 without gaps.
            let number = reports.len();
            let path = opts.out.join(format!("{number:03} {name}.txt"));
            std::fs::write(
                &path,
                crate::report::results_text(
                    &v,
                    name,
                    at,
                    record,
                    next,
                    if last { report.outcome.as_ref() } else { None },
                ),
            )
            .map_err(io)?;
            if crate::picture::art_for(&v.id).is_some() {
                // The picture the bot posts for the phase: void orders, dislodgements and the
                // retreats the rules made, drawn from the record.
                let scene =
                    crate::picture::phase_scene(&v, at, Some(record), drawn_retreats, opts.palette);
                let png = crate::picture::png(&v.id, &scene)
                    .map_err(engine::store::GameError::Refused)?;
                std::fs::write(opts.out.join(format!("{number:03} {name}.png")), png)
                    .map_err(io)?;
            }
            reports.push(path);
        }
        retreats = told
            .last()
            .map(|t| t.2.dislodged.clone())
            .unwrap_or_default();
        if let Some(progress) = &opts.progress {
            progress(&phase);
        }
        if let Some(ended) = &report.outcome {
            // Two allies win together, not "A and B wins"; a calendar that runs out draws.
            outcome = ended.words();
            break;
        }
    }
    Ok((id, reports, outcome))
}
