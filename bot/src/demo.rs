//! `parley demo`: a whole game played with random legal orders through the games service,
//! phase by phase, with a readable report of each phase.

use crate::games::clock::ManualClock;
use crate::games::rng::Rng;
use crate::games::{Games, Result, Settings};
use engine::legal::legal_orders;
use engine::order::Order;
use engine::phase::PhaseKind;
use engine::unit::PowerId;
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
    /// Called with each phase's name as it is adjudicated (progress for the command line).
    pub progress: Option<Progress>,
    /// Run inside each adjudication just before it commits (crash tests).
    pub before_commit: Option<crate::games::CommitHook>,
}

/// What the demo did.
pub struct DemoSummary {
    pub game: i64,
    pub phases: usize,
    pub reports: Vec<PathBuf>,
    pub database: PathBuf,
    pub outcome: String,
}

/// Picks one order for a unit from its legal orders: mostly moves, some supports, few holds.
fn pick(rng: &mut Rng, orders: &[Order]) -> Option<Order> {
    let of = |f: fn(&Order) -> bool| orders.iter().filter(|o| f(o)).cloned().collect::<Vec<_>>();
    let moves = of(|o| matches!(o, Order::Move { .. } | Order::Retreat { .. }));
    let supports = of(|o| {
        matches!(
            o,
            Order::SupportHold { .. } | Order::SupportMove { .. } | Order::Convoy { .. }
        )
    });
    let roll = rng.below(100);
    let pool = if roll < 60 && !moves.is_empty() {
        moves
    } else if roll < 90 && !supports.is_empty() {
        supports
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

/// Plays the demo game. The database is a fresh file `demo.db` in `out`.
pub async fn run(opts: &DemoOptions) -> Result<DemoSummary> {
    let io = |e: std::io::Error| {
        crate::games::GameError::Refused(format!("cannot write to {}: {e}", opts.out.display()))
    };
    std::fs::create_dir_all(&opts.out).map_err(io)?;
    let db = opts.out.join("demo.db");
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", db.display()));
    }
    let clock = ManualClock::at(1_900_000_000);
    let games = Games::open(
        &format!("sqlite://{}", db.display()),
        Arc::new(clock.clone()),
    )
    .await?;
    let variant = Variant::builtin(&opts.variant).map_err(crate::games::GameError::Refused)?;
    games.on_before_commit(opts.before_commit.clone());
    let id = games
        .create(None, None, &opts.variant, Settings::default(), opts.seed)
        .await?;
    for p in &variant.powers {
        games
            .join(
                id,
                &format!("player-{}", p.name.to_lowercase()),
                Some(&p.name),
            )
            .await?;
    }
    games.start(id).await?;
    let mut rng = Rng::new(opts.seed ^ 0xD1B5_4A32_D192_ED03);
    let last_year = variant.calendar.first_year + opts.years - 1;
    let mut reports = Vec::new();
    let mut outcome = String::from("still running");
    loop {
        let (seq, v, position) = games.current(id).await?;
        if position.phase.year > last_year {
            break;
        }
        let phase = v.calendar.name(position.phase);
        for p in 0..v.powers.len() {
            let power = PowerId(p as u8);
            let name = v.power_name(power).to_string();
            let lists = legal_orders(&v, &position, power);
            let chosen: Vec<Order> = if v.calendar.kind(position.phase) == PhaseKind::Adjustment {
                let supply = v.rules.supply(&v, &position, power) as i64;
                let units = position.units.iter().filter(|u| u.power == power).count() as i64;
                lists
                    .iter()
                    .flat_map(|(_, o)| pick_adjustments(&mut rng, o, supply - units))
                    .collect()
            } else {
                lists
                    .iter()
                    .filter_map(|(_, o)| pick(&mut rng, o))
                    .collect()
            };
            let texts: Vec<String> = chosen.iter().map(|o| o.to_text(&v.map)).collect();
            if !texts.is_empty() {
                games
                    .submit(id, &format!("player-{}", name.to_lowercase()), &texts)
                    .await?;
            }
        }
        clock.advance(3600);
        let Some(report) = games.adjudicate(id, seq).await? else {
            break;
        };
        let path = opts.out.join(format!("{:03} {}.txt", seq, phase));
        std::fs::write(
            &path,
            crate::report::results_text(&phase, &report.results, &report.next_phase),
        )
        .map_err(io)?;
        if crate::picture::art_for(&v.id).is_some() {
            let png = crate::picture::phase_png(&v, &position, &report.results)
                .map_err(crate::games::GameError::Refused)?;
            std::fs::write(opts.out.join(format!("{seq:03} {phase}.png")), png).map_err(io)?;
        }
        reports.push(path);
        if let Some(progress) = &opts.progress {
            progress(&phase);
        }
        if let Some(winner) = report.finished {
            outcome = format!("{winner} wins");
            break;
        }
    }
    Ok(DemoSummary {
        game: id,
        phases: reports.len(),
        reports,
        database: db,
        outcome,
    })
}
