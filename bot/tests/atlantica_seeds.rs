//! Twenty-year Atlantica demos with seeds 1 to 10 through the real binary: each completes,
//! draws every phase it plays (a map beside each report), and `parley render-history` draws
//! the whole game. Seed 3 retreats a C.S.A. unit by the rules, which once stopped the demo.
//!
//! Slow in a debug build (measured on a shared 2-core machine: about 2 minutes of demo and
//! 1.5 minutes of `render-history` per seed, so about half an hour for the ten), hence
//! ignored by default: `cargo test -p parley --test atlantica_seeds -- --ignored`.
//! `phase_picture` keeps the fault itself covered in a fast test.

use std::path::Path;
use std::process::Command;
use std::time::Instant;

fn parley(args: &[&str], extra: &[&Path]) -> String {
    let run = Command::new(env!("CARGO_BIN_EXE_parley"))
        .args(args)
        .args(extra)
        .output()
        .expect("parley runs");
    let stdout = String::from_utf8_lossy(&run.stdout).into_owned();
    assert!(
        run.status.success(),
        "parley {args:?} {extra:?}: {}\n{stdout}{}",
        run.status,
        String::from_utf8_lossy(&run.stderr)
    );
    stdout
}

/// One seed: the demo, a map for each report, and the game's animation.
fn seed(seed: u64, dir: &Path) {
    let out = dir.join(format!("seed-{seed}"));
    let s = seed.to_string();
    parley(
        &[
            "demo",
            "--variant",
            "atlantica",
            "--years",
            "20",
            "--seed",
            &s,
            "--out",
        ],
        &[&out],
    );
    let files: Vec<String> = std::fs::read_dir(&out)
        .expect("out")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    let reports = files.iter().filter(|f| f.ends_with(".txt")).count();
    let maps = files.iter().filter(|f| f.ends_with(".png")).count();
    assert!(reports >= 36, "seed {seed}: only {reports} phases");
    assert_eq!(maps, reports, "seed {seed}: every phase is drawn");
    let database = format!("sqlite://{}", out.join("demo.db").display());
    let gif = out.join("history.gif");
    let wrote = parley(
        &[
            "render-history",
            "1",
            "--width",
            "400",
            "--database",
            &database,
            "--out",
        ],
        &[&gif],
    );
    assert!(wrote.contains("frames"), "seed {seed}: {wrote}");
    // One frame per phase at least (a frame for the position before each phase).
    let frames: usize = wrote
        .split_whitespace()
        .find(|w| w.starts_with('('))
        .and_then(|w| w.trim_start_matches('(').parse().ok())
        .unwrap_or(0);
    assert!(
        frames >= reports,
        "seed {seed}: {frames} frames for {reports} phases"
    );
}

#[test]
#[ignore = "about half an hour in a debug build; run with --ignored"]
fn twenty_years_of_atlantica_with_seeds_1_to_10_are_drawn() {
    let dir = tempfile::tempdir().expect("tmp");
    for s in 1..=10 {
        let start = Instant::now();
        seed(s, dir.path());
        eprintln!("seed {s}: {:.0?}", start.elapsed());
    }
}
