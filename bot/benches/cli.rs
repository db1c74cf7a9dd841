//! The command line as a whole process (issue #30, point 5): `parley adjudicate` on a 34-unit
//! Standard midgame and `parley render` of the same position to PNG, each started, fed its
//! case on stdin and waited for, as a user's shell does; `parley --version` beside them is the
//! floor of starting the binary at all.
//!
//! `PARLEY_BENCH_BASELINE=/path/to/an/older/parley` benchmarks that binary too, in the same
//! sitting, under `baseline/...`.
//!
//! Issue #30, point 5, 29 November 2026, release builds on the 2-core machine shared with three
//! other builders (load average 4 to 9 throughout, so single runs vary by half). Before: main
//! (79d314c); after: this branch. Besides this bench, the two binaries were run in turn, 300
//! times each for adjudicate and `--version` and 40 for render, medians (minimum):
//!
//! | whole process                      | before             | after              |
//! |------------------------------------|--------------------|--------------------|
//! | `parley --version`                 | 1.42 ms (1.11)     | 1.33 ms (1.07)     |
//! | `parley adjudicate < midgame.json` | 2.81 ms (1.89)     | 2.21 ms (1.76)     |
//! | `parley render --out x.png`        | 124 ms (94)        | 117 ms (95)        |
//!
//! Instructions (callgrind, exact): adjudicate 4.71 M before, 4.39 M after; loading Standard's
//! data is 2.7 M of them (3.0 M before: lines split without a look at every character, names
//! hashed with FxHash), reading the case 0.5 M, adjudicating and writing the result 0.36 M.
//! Neither command starts the async runtime, sets up logging or Discord, or loads any variant
//! but the one named (so it was already); `--version`'s 0.54 M instructions and 134 page faults
//! are the floor of starting this 45 MB binary.
//!
//! Not met: the `diplomacy` crate's CLI took 1.2 ms (issue #30; not installed here), Parley's
//! adjudicate is still about twice that, most of it loading the variant's text files; and
//! Inkscape (507 ms in the issue; not installed here) over 20 would be 25 ms for render, where
//! 70% of Parley's render is `MapArt::from_svg` (parsing and rasterising the art: 591 M of 852 M
//! instructions). Caching that rasterised art on disk needs the render crate to write and read
//! its `MapArt`, whose layout the map work of the same issue is changing.

use criterion::{criterion_group, criterion_main, Criterion};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

/// The 34-unit Standard midgame the engine's adjudication bench uses.
const MIDGAME: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../engine/benches/data/standard-34.json"
);

/// Runs `bin args...` with `stdin` (a file) and the map art cache in `cache` (an empty path:
/// none), and waits; a failure is no measurement.
fn run(bin: &Path, args: &[&str], stdin: Option<&str>, cache: &Path) {
    let mut cmd = Command::new(bin);
    cmd.args(args)
        .env("PARLEY_CACHE_DIR", cache)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .stdin(match stdin {
            Some(f) => Stdio::from(std::fs::File::open(f).expect("the case file opens")),
            None => Stdio::null(),
        });
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
    // The user's cache is left alone: this one is filled by the first render (the warm-up).
    let cache = dir.path().join("cache");
    let off = Path::new("");
    let mut group = c.benchmark_group(name);
    group
        .sample_size(100)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(5));
    group.bench_function("version", |b| {
        b.iter(|| run(bin, &["--version"], None, off))
    });
    group.bench_function("adjudicate_midgame", |b| {
        b.iter(|| run(bin, &["adjudicate"], Some(MIDGAME), off))
    });
    group.bench_function("render_midgame_png", |b| {
        b.iter(|| run(bin, &["render", "--out", png], Some(MIDGAME), &cache))
    });
    // The first map of a variant (or every map with the cache off): the art parsed.
    group.bench_function("render_midgame_png_uncached", |b| {
        b.iter(|| run(bin, &["render", "--out", png], Some(MIDGAME), off))
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
