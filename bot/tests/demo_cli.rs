//! README's "try it" command: `parley demo` plays ten years of Standard on a fresh database, and
//! the game it leaves exports, imports and exports again to the same document.

use std::process::Command;

fn parley(args: &[&str], db: Option<&std::path::Path>) -> (bool, String, String) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_parley"));
    cmd.args(args);
    if let Some(db) = db {
        cmd.env("DATABASE_URL", format!("sqlite://{}", db.display()));
    }
    let out = cmd.output().expect("parley runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn demo_plays_ten_years_and_its_game_round_trips() {
    let dir = tempfile::tempdir().expect("tmp");
    let out = dir.path().join("demo");
    let (ok, stdout, stderr) = parley(
        &[
            "demo",
            "--years",
            "10",
            "--seed",
            "1901",
            "--out",
            out.to_str().expect("utf8"),
        ],
        None,
    );
    assert!(ok, "{stderr}");
    assert!(
        stdout.contains("Spring 1901 movement") && stdout.contains("Fall 1910 movement"),
        "{stdout}"
    );
    let reports: Vec<_> = std::fs::read_dir(&out)
        .expect("out")
        .filter_map(|e| e.ok())
        .filter(|e| e.path().extension().is_some_and(|x| x == "txt"))
        .collect();
    assert!(
        reports.len() >= 30,
        "one report per phase: {}",
        reports.len()
    );
    let first =
        std::fs::read_to_string(out.join("000 Spring 1901 movement.txt")).expect("first report");
    assert!(
        first.contains("Spring 1901 movement") && first.contains("Next: "),
        "{first}"
    );

    let db = out.join("demo.db");
    let (ok, exported, stderr) = parley(&["export", "1"], Some(&db));
    assert!(ok, "{stderr}");
    let file = dir.path().join("game.json");
    std::fs::write(&file, &exported).expect("write");
    let other = dir.path().join("other.db");
    let (ok, id, stderr) = parley(&["import", file.to_str().expect("utf8")], Some(&other));
    assert!(ok, "{stderr}");
    let (ok, again, stderr) = parley(&["export", id.trim()], Some(&other));
    assert!(ok, "{stderr}");
    assert_eq!(again, exported, "import then export gives the same file");

    let (ok, _, stderr) = parley(&["export", "99"], Some(&db));
    assert!(!ok && stderr.contains("no game 99"), "{stderr}");
}

#[test]
fn davis_demo_plays_on_its_own_board_with_a_map_per_phase() {
    let dir = tempfile::tempdir().expect("tmp");
    let out = dir.path().join("davis");
    let (ok, stdout, stderr) = parley(
        &[
            "demo",
            "--variant",
            "davis",
            "--years",
            "3",
            "--out",
            out.to_str().expect("utf8"),
        ],
        None,
    );
    assert!(ok, "{stderr}");
    assert!(
        stdout.contains("Fall 1903 movement") && stdout.contains("of davis"),
        "{stdout}"
    );
    let first =
        std::fs::read_to_string(out.join("000 Spring 1901 movement.txt")).expect("first report");
    // Davis rule 3: Austria's fleet starts in Zara and Italy's in Rome.
    assert!(
        first.contains("F zar") && first.contains("F rom"),
        "{first}"
    );
    let pngs: Vec<_> = std::fs::read_dir(&out)
        .expect("out")
        .filter_map(|e| e.ok())
        .filter(|e| e.path().extension().is_some_and(|x| x == "png"))
        .collect();
    assert!(pngs.len() >= 9, "a map per phase: {}", pngs.len());
    let png = std::fs::read(out.join("000 Spring 1901 movement.png")).expect("png");
    let w = u32::from_be_bytes(png[16..20].try_into().expect("w"));
    let h = u32::from_be_bytes(png[20..24].try_into().expect("h"));
    assert_eq!((w, h), (1480, 1070), "drawn on the Davis board");
}
