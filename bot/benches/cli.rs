//! The command line as a whole process (issue #30, point 5): `parley adjudicate` on a 34-unit
//! Standard midgame and `parley render` of the same position to PNG, each started, fed its
//! case on stdin and waited for, as a user's shell does; `parley --version` beside them is the
//! floor of starting the binary at all.
//!
//! `PARLEY_BENCH_BASELINE=/path/to/an/older/parley` benchmarks that binary too, in the same
//! sitting, under `baseline/...`.
//!
//! `render_midgame_png` keeps the map art cache in a temporary folder, filled by the warm-up, so
//! it times the usual run (the art read back from `render::art::cache`); `_uncached` turns the
//! cache off (`PARLEY_CACHE_DIR=`), the first map of a variant.
//!
//! Issue #30, point 5, second pass, 29 November 2026, release builds on the 2-core machine
//! shared with two other builders (load average 3 to 6, so criterion's own figures moved by half
//! between groups: the table is from the two binaries and the `diplomacy` crate's CLI run in
//! turn, one after the other, 300 times each for `--version` and adjudicate, 60 for render, 30
//! uncached; medians (minimum)). Before: main (5ac21f7); after: this branch.
//!
//! | whole process                          | before          | after          |
//! |----------------------------------------|-----------------|----------------|
//! | `parley --version`                     | 1.34 ms (1.16)  | 1.28 ms (1.12) |
//! | `parley adjudicate < midgame.json`     | 2.74 ms (2.03)  | 2.48 ms (1.92) |
//! | `parley render --out x.png`            | 105.3 ms (99.5) | 33.6 ms (31.6) |
//! | `parley render`, art not cached        | 102.7 ms (99.5) | 100.4 ms (97.1)|
//!
//! The `diplomacy` crate (TedDriggs/diplomacy 588758e, its `runtest` CLI built in release in a
//! scratch folder) on the same 34 orders, converted to its JSON format with no expected results,
//! in the same loop: 1.73 ms (1.38). Parley's adjudicate is 0.75 ms (1.4x) slower as a process.
//!
//! Render: the art is read back from the cache (2.4 MB for Standard, 11 M instructions, checked
//! and summed as it is read) instead of parsed and rasterised (about 70 ms); the fonts are no
//! longer copied at start (2.5 MB, some 600 page faults). 215 M instructions a run now, 200 M of
//! them `render_png` itself (drawing 121 M, encoding 79 M), the part issue #30 point 1 works on.
//! Inkscape (507 ms in the issue, not installed here) is 15x this render; 20x needs 25 ms.
//!
//! Adjudicate (callgrind, exact): 4.2 M instructions, 2.7 M of them loading Standard's variant
//! (its four text files and the shared vocabulary, parsed and checked: borders 0.94 M, provinces
//! 0.87 M, the TOML files 0.6 M, malloc and free a fifth of all), reading the case 0.33 M,
//! adjudicating and writing 0.36 M, the loader 0.3 M. The crate builds its map in code; matching
//! it needs the variant parsed at build time, not at every start. `--version`'s floor is the
//! loader and clap; the binary is already linked at a fixed address (`bot/build.rs`).
//!
//! Third pass, 29 November 2026, 17:29 UTC, nothing else running, each binary in turn (400
//! rounds for adjudicate, 80 for render; medians, minimum in brackets). Before: 528134a; after:
//! c916cca (fat LTO and one codegen unit; map files tokenised without copying each word; the
//! embedded fonts without the legacy `kern` table that harfrust indexed for every text usvg
//! shaped, 10.7 M of render's 227 M instructions; a fresh picture's pages mapped in one
//! `madvise`, 3,677 page faults down to 1,634):
//!
//! | whole process                      | before          | after           | crate's CLI     |
//! |------------------------------------|-----------------|-----------------|-----------------|
//! | `parley adjudicate < midgame.json` | 2.25 ms (1.80)  | 1.92 ms (1.58)  | 1.52 ms (1.30)  |
//! | `parley render --out x.png`        | 36.9 ms (33.1)  | 33.3 ms (30.0)  |                 |
//! | `parley --version`                 |                 | 1.17 ms (1.01)  |                 |
//!
//! Instructions (callgrind): adjudicate 4.23 M -> 3.77 M (the crate's CLI: 4.31 M), render
//! 227 M -> 206 M. Parley now runs fewer instructions than the crate's CLI and is still 0.4 ms
//! slower: its 31 MB binary (the crate's is 1.4 MB) and its heap take some 270 page faults to
//! the crate's 114, and on this virtual machine a fault costs one to several microseconds.
//! Inkscape's 507 ms is 15x this render; 20x needs 25 ms.
//!
//! First pass (79d314c before, medians of the same kind): `--version` 1.42 -> 1.33 ms,
//! adjudicate 2.81 -> 2.21 ms (lines split without a look at every character, names hashed with
//! FxHash), render 124 -> 117 ms.

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
