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
    let (ok, id, stderr) = parley(
        &["import", "--create", file.to_str().expect("utf8")],
        Some(&other),
    );
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

/// The numbers of the numbered files with extension `ext` in `dir`, sorted.
fn numbers(dir: &std::path::Path, ext: &str) -> Vec<usize> {
    let mut n: Vec<usize> = std::fs::read_dir(dir)
        .expect("dir")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(ext))
        .filter_map(|name| name.get(..3)?.parse().ok())
        .collect();
    n.sort();
    n
}

#[test]
fn demo_checks_its_arguments_first_and_keeps_to_an_empty_folder() {
    let dir = tempfile::tempdir().expect("tmp");
    let out = dir.path().join("demo");
    let out_s = out.to_str().expect("utf8");
    let (ok, stdout, stderr) = parley(&["demo", "--years", "4", "--out", out_s], None);
    assert!(ok, "{stderr}");
    // The game's id, as export wants it.
    assert!(stdout.contains("Game: 1 (parley export 1"), "{stdout}");
    // One report per phase played, numbered from 000 without a gap, and a map beside each.
    let played: usize = stdout
        .split("Played ")
        .nth(1)
        .and_then(|s| s.split(' ').next())
        .and_then(|n| n.parse().ok())
        .expect("phase count");
    let txt = numbers(&out, ".txt");
    assert_eq!(txt, (0..played).collect::<Vec<_>>(), "{stdout}");
    assert_eq!(numbers(&out, ".png"), txt);

    // The database is one file: nothing beside it, and a copy of it alone holds the game.
    for extra in ["demo.db-wal", "demo.db-shm"] {
        assert!(!out.join(extra).exists(), "{extra} left beside demo.db");
    }
    let copy = dir.path().join("copy.db");
    std::fs::copy(out.join("demo.db"), &copy).expect("copy");
    let (ok, exported, stderr) = parley(&["export", "1"], Some(&copy));
    assert!(ok, "{stderr}");
    let doc: serde_json::Value = serde_json::from_str(&exported).expect("json");
    assert_eq!(
        doc["phases"].as_array().map(Vec::len),
        Some(played + 1),
        "every phase played, and the one now waiting, are in the copied file"
    );

    // An unknown variant is refused before anything is touched.
    let before = numbers(&out, ".txt");
    let (ok, _, stderr) = parley(&["demo", "--variant", "narnia", "--out", out_s], None);
    assert!(!ok && stderr.contains("narnia"), "{stderr}");
    assert_eq!(numbers(&out, ".txt"), before);
    assert!(out.join("demo.db").exists(), "the earlier demo was deleted");

    // A folder with files in it is refused, naming the way out...
    let (ok, _, stderr) = parley(&["demo", "--years", "1", "--out", out_s], None);
    assert!(!ok, "wrote into a folder with files");
    assert!(
        stderr.contains("is not empty") && stderr.contains("--force"),
        "{stderr}"
    );
    assert_eq!(numbers(&out, ".txt"), before);
    // ... and with --force the earlier demo's files go, and only they.
    std::fs::write(out.join("my notes.txt"), "mine").expect("write");
    let (ok, stdout, stderr) = parley(&["demo", "--years", "1", "--force", "--out", out_s], None);
    assert!(ok, "{stderr}");
    assert!(stdout.contains("Game: 1 "), "a fresh database: {stdout}");
    let now = numbers(&out, ".txt");
    assert!(now.len() < before.len(), "earlier reports removed: {now:?}");
    assert_eq!(now, (0..now.len()).collect::<Vec<_>>());
    assert_eq!(
        std::fs::read_to_string(out.join("my notes.txt")).expect("kept"),
        "mine"
    );
}
