//! `parley demo --variant atlantica`: the January 1870 opening and three years of monthly
//! moves with quarterly builds, played with random legal orders (the variant's own orders
//! included, as its rulebook offers them) and drawn phase by phase.

use std::process::Command;

#[test]
fn the_demo_plays_three_years_of_months_and_draws_each_phase() {
    let dir = tempfile::tempdir().expect("tmp");
    let out = dir.path().join("atlantica");
    let run = Command::new(env!("CARGO_BIN_EXE_parley"))
        .args([
            "demo",
            "--variant",
            "atlantica",
            "--years",
            "3",
            "--seed",
            "1870",
        ])
        .arg("--out")
        .arg(&out)
        .output()
        .expect("parley runs");
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert!(
        run.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&run.stderr)
    );
    // Every month is a move, the first in January 1870; builds follow March and December.
    for phase in [
        "January 1870 movement",
        "February 1870 movement",
        "March 1870 adjustment",
        "July 1871 movement",
        "December 1872 movement",
    ] {
        assert!(stdout.contains(phase), "no {phase}: {stdout}");
    }
    assert!(!stdout.contains("1873"), "three years only: {stdout}");
    let files: Vec<String> = std::fs::read_dir(&out)
        .expect("out")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    let reports = files.iter().filter(|f| f.ends_with(".txt")).count();
    let maps = files.iter().filter(|f| f.ends_with(".png")).count();
    assert!(
        reports >= 36,
        "a report for each of the 36 moves at least: {reports}"
    );
    assert_eq!(maps, reports, "each phase is drawn");
    let first = std::fs::read_to_string(out.join("000 January 1870 movement.txt")).expect("report");
    assert!(first.contains("Next: "), "{first}");
}
