//! The command line as a whole process (issue #30, point 5): `parley adjudicate` on a 34-unit
//! Standard midgame and `parley render` of the same position to PNG, each started, fed its
//! case on stdin and waited for, as a user's shell does; `parley --version` beside them is the
//! floor of starting the binary at all.
//!
//! `PARLEY_BENCH_BASELINE=/path/to/an/older/parley` benchmarks that binary too, in the same
//! sitting, under `baseline/...`.
//!
//! NUMBERS (filled in below).

use criterion::{criterion_group, criterion_main, Criterion};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

/// The 34-unit Standard midgame the engine's adjudication bench uses.
const MIDGAME: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../engine/benches/data/standard-34.json"
);

/// Runs `bin args...` with `stdin` (a file) and waits; a failure is no measurement.
fn run(bin: &Path, args: &[&str], stdin: Option<&str>, env: &[(&str, &Path)]) {
    let mut cmd = Command::new(bin);
    cmd.args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .stdin(match stdin {
            Some(f) => Stdio::from(std::fs::File::open(f).expect("the case file opens")),
            None => Stdio::null(),
        });
    for (k, v) in env {
        cmd.env(k, v);
    }
    let out = cmd.output().expect("the binary starts");
    assert!(
        out.status.success(),
        "{} {args:?} failed: {}",
        bin.display(),
        String::from_utf8_lossy(&out.stderr)
    );
}

fn bench_binary(c: &mut Criterion, name: &str, bin: &Path) {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let png = dir.path().join("midgame.png");
    let png = png.to_str().expect("a UTF-8 path");
    let cache = dir.path().join("cache");
    let mut group = c.benchmark_group(name);
    group
        .sample_size(100)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(5));
    group.bench_function("version", |b| {
        b.iter(|| run(bin, &["--version"], None, &[]))
    });
    group.bench_function("adjudicate_midgame", |b| {
        b.iter(|| run(bin, &["adjudicate"], Some(MIDGAME), &[]))
    });
    // The art cache in a folder of the bench's own: the first run fills it, every timed run
    // finds it ready, as a user's second render does.
    let env = [("XDG_CACHE_HOME", cache.as_path())];
    group.bench_function("render_midgame_png", |b| {
        b.iter(|| run(bin, &["render", "--out", png], Some(MIDGAME), &env))
    });
    group.finish();
}

fn bench(c: &mut Criterion) {
    bench_binary(c, "cli", Path::new(env!("CARGO_BIN_EXE_parley")));
    if let Some(old) = std::env::var_os("PARLEY_BENCH_BASELINE") {
        bench_binary(c, "baseline", &PathBuf::from(old));
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
