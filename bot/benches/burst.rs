//! The burst as a benchmark: games due in the same second, adjudicated and posted by real
//! `parley bot` processes (the bench profile's build) against the fake Discord; criterion
//! reports games per second. Each iteration prepares a fresh database untimed and times the
//! burst from the clock's move past the deadline to the last results post.
//!
//! `PARLEY_BENCH_GAMES` sets the games per burst (default 200).

#[path = "../tests/burst/mod.rs"]
mod burst;
#[path = "../tests/common/mod.rs"]
mod common;
#[path = "../tests/fake_discord/mod.rs"]
mod fake_discord;

use burst::{check_all, Burst, ProcessSpec};
use criterion::{criterion_group, criterion_main, Criterion, SamplingMode, Throughput};
use engine::store::scratch::{PostgresTests, Scratch};
use std::time::Duration;

/// The database a group runs on.
#[derive(Clone, Copy)]
enum Backend {
    Sqlite,
    Postgres,
}

impl Backend {
    fn name(self) -> &'static str {
        match self {
            Backend::Sqlite => "sqlite",
            Backend::Postgres => "postgres",
        }
    }

    fn store(self) -> engine::store::Backend {
        match self {
            Backend::Sqlite => engine::store::Backend::Sqlite,
            Backend::Postgres => engine::store::Backend::Postgres,
        }
    }

    /// Why this backend cannot be benchmarked here, if it cannot.
    fn unavailable(self) -> Option<&'static str> {
        match (self, PostgresTests::from_env()) {
            (Backend::Postgres, PostgresTests::Run { .. }) | (Backend::Sqlite, _) => None,
            (Backend::Postgres, _) => {
                Some("set PARLEY_TEST_POSTGRES to a PostgreSQL administrator URL to benchmark it")
            }
        }
    }
}

/// The processes of a group: one running every shard, or one per shard of `count`, each
/// claiming the due games it adjudicates and posts.
fn processes(count: u32) -> Vec<ProcessSpec> {
    match count {
        1 => vec![ProcessSpec::all_shards()],
        _ => (0..count).map(|i| ProcessSpec::shard(i, count)).collect(),
    }
}

fn games() -> usize {
    std::env::var("PARLEY_BENCH_GAMES")
        .ok()
        .and_then(|g| g.trim().parse().ok())
        .filter(|g| *g > 0)
        .unwrap_or(200)
}

/// One burst on `backend` by `specs`, checked; its account on stderr under `id` when `tell`.
async fn one_burst(
    backend: Backend,
    specs: &[ProcessSpec],
    games: usize,
    id: &str,
    tell: bool,
) -> Duration {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let scratch = Scratch::new(backend.store(), dir.path())
        .await
        .expect("a scratch database");
    let burst = Burst::prepare(dir.path(), &scratch.url, games).await;
    let outcome = burst.run(specs, None).await;
    // A fast burst that lost games would be no result.
    check_all(&burst, &outcome).await;
    scratch.drop_database().await;
    if tell {
        eprintln!("{id}: {}", outcome.summary(games));
    }
    outcome.elapsed
}

/// `PARLEY_BENCH_ONCE=1`: one burst per group (those whose id contains the bench's filter
/// argument, if one is given), its account printed, without criterion's ten samples: a
/// thousand games' burst is prepared in minutes, and one is the figure the issue asks for.
fn once() -> bool {
    std::env::var("PARLEY_BENCH_ONCE").is_ok_and(|v| !v.is_empty() && v != "0")
}

fn bench_burst(c: &mut Criterion) {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a runtime");
    let games = games();
    let filter = std::env::args()
        .skip(1)
        .find(|a| !a.starts_with('-'))
        .unwrap_or_default();
    for backend in [Backend::Sqlite, Backend::Postgres] {
        for count in [1, 2] {
            let id = format!(
                "burst/{}/{count}-process{}",
                backend.name(),
                if count == 1 { "" } else { "es" }
            );
            if let Some(why) = backend.unavailable() {
                eprintln!("{id}: skipped, {why}");
                continue;
            }
            let specs = processes(count);
            if once() {
                if id.contains(&filter) {
                    runtime.block_on(one_burst(backend, &specs, games, &id, true));
                }
                continue;
            }
            let mut group = c.benchmark_group(&id);
            group
                .sample_size(10)
                .sampling_mode(SamplingMode::Flat)
                .warm_up_time(Duration::from_millis(1))
                .measurement_time(Duration::from_secs(1))
                .throughput(Throughput::Elements(games as u64));
            // One burst's account (who adjudicated, when the last adjudication was logged)
            // beside criterion's numbers.
            let mut told = false;
            group.bench_function(format!("{games}-games"), |b| {
                b.iter_custom(|iters| {
                    let mut total = Duration::ZERO;
                    for _ in 0..iters {
                        total += runtime.block_on(one_burst(backend, &specs, games, &id, !told));
                        told = true;
                    }
                    total
                })
            });
            group.finish();
        }
    }
}

criterion_group!(benches, bench_burst);
criterion_main!(benches);
