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

use burst::{check_all, scratch_url, Burst, ProcessSpec};
use criterion::{criterion_group, criterion_main, Criterion, SamplingMode, Throughput};
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

    /// A fresh database in `dir`, or why this backend cannot be benchmarked yet.
    fn url(self, dir: &std::path::Path) -> Result<String, &'static str> {
        match self {
            Backend::Sqlite => Ok(scratch_url(dir)),
            Backend::Postgres => Err("PostgreSQL is not a backend yet"),
        }
    }
}

/// The processes of a group, or why they cannot run yet.
fn processes(count: usize) -> Result<Vec<ProcessSpec>, &'static str> {
    match count {
        1 => Ok(vec![ProcessSpec::all_shards()]),
        // Two processes on one database need the claims that keep them from both
        // adjudicating a game.
        _ => Err("two processes need shards and claims on due games"),
    }
}

fn games() -> usize {
    std::env::var("PARLEY_BENCH_GAMES")
        .ok()
        .and_then(|g| g.trim().parse().ok())
        .filter(|g| *g > 0)
        .unwrap_or(200)
}

fn bench_burst(c: &mut Criterion) {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a runtime");
    let games = games();
    for backend in [Backend::Sqlite, Backend::Postgres] {
        for count in [1, 2] {
            let id = format!(
                "burst/{}/{count}-process{}",
                backend.name(),
                if count == 1 { "" } else { "es" }
            );
            let probe = tempfile::tempdir().expect("a temporary folder");
            let specs = match (backend.url(probe.path()), processes(count)) {
                (Ok(_), Ok(specs)) => specs,
                (Err(why), _) | (_, Err(why)) => {
                    eprintln!("{id}: skipped, {why}");
                    continue;
                }
            };
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
                        total += runtime.block_on(async {
                            let dir = tempfile::tempdir().expect("a temporary folder");
                            let url = backend.url(dir.path()).expect("checked above");
                            let burst = Burst::prepare(dir.path(), &url, games).await;
                            let outcome = burst.run(&specs, None).await;
                            // A fast burst that lost games would be no result.
                            check_all(&burst, &outcome).await;
                            if !told {
                                eprintln!("{id}: {}", outcome.summary(games));
                                told = true;
                            }
                            outcome.elapsed
                        });
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
