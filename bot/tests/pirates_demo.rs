//! Pirates of the Caribbean through the product: `parley demo --variant pirates` plays the
//! Fall 1680 setup and ten years, with random votes deciding the Pirates' orders, draws every
//! phase on the Pirates board, and the game (ballots included) survives export and import.

use std::process::Command;

#[test]
fn a_pirates_demo_plays_the_setup_and_ten_years_with_votes() {
    let dir = tempfile::tempdir().expect("tmp");
    let out = dir.path().join("demo");
    let run = Command::new(env!("CARGO_BIN_EXE_parley"))
        .args(["demo", "--variant", "pirates", "--seed", "1680"])
        .arg("--out")
        .arg(&out)
        .output()
        .expect("parley runs");
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    assert!(
        stdout.contains("Fall 1680 setup")
            && stdout.contains("Spring 1681 movement")
            && stdout.contains("Winter 1690 adjustment"),
        "{stdout}"
    );
    let read = |name: &str| {
        std::fs::read_to_string(out.join(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
    };

    // The setup: three grants each way, Spain's builds, the selections, the Pirates' fleets.
    let setup = read("000 Fall 1680 setup.txt");
    assert_eq!(setup.matches("grant buccaneers").count(), 3, "{setup}");
    assert_eq!(setup.matches("grant corsairs").count(), 3, "{setup}");
    assert_eq!(setup.matches("grant pirates").count(), 2, "{setup}");
    assert!(setup.contains("select 1"), "{setup}");
    assert!(!setup.contains("illegal"), "{setup}");
    assert!(
        setup.contains("Pirates F"),
        "the Pirates get fleets: {setup}"
    );

    // Every later phase with Pirate units shows how their orders were decided, and over ten
    // years some were carried and some fell back to the default.
    let mut reports: Vec<String> = std::fs::read_dir(&out)
        .expect("out")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|f| f.ends_with(".txt"))
        .collect();
    reports.sort();
    assert!(reports.len() >= 31, "{reports:?}");
    // One map per phase, on the Pirates board.
    for r in &reports {
        let png = std::fs::read(out.join(r.replace(".txt", ".png"))).expect("a map per phase");
        assert!(png.starts_with(b"\x89PNG"), "{r}");
    }
    let all: String = reports.iter().map(|f| read(f)).collect();
    assert!(all.contains("Decided by vote:"), "no vote section");
    assert!(all.contains(": carried ("), "no order carried in ten years");
    assert!(all.contains("so the default"), "no default in ten years");
    // The vote section gives each Pirate order and its counts, never a voter's name.
    for report in &reports {
        let text = read(report);
        let Some((_, votes)) = text.split_once("Decided by vote:\n") else {
            continue;
        };
        for line in votes.lines().take_while(|l| !l.is_empty()) {
            assert!(line.starts_with("  Pirates "), "{report}: {line}");
            for power in [
                "Denmark",
                "England",
                "France",
                "Holland",
                "Spain",
                "Buccaneers",
                "Corsairs",
            ] {
                assert!(!line.contains(power), "{report}: {line}");
            }
        }
    }

    // Export carries the ballots; import gives back the same game.
    let parley = |args: &[&str], db: &std::path::Path| {
        let o = Command::new(env!("CARGO_BIN_EXE_parley"))
            .args(args)
            .env("DATABASE_URL", format!("sqlite://{}", db.display()))
            .output()
            .expect("parley runs");
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        String::from_utf8_lossy(&o.stdout).into_owned()
    };
    let exported = parley(&["export", "1"], &out.join("demo.db"));
    assert!(exported.contains("\"ballots\""), "ballots are exported");
    assert!(exported.contains("\"subject\""), "some ballot was cast");
    let file = dir.path().join("game.json");
    std::fs::write(&file, &exported).expect("write");
    let other = dir.path().join("other.db");
    let id = parley(
        &["import", "--create", file.to_str().expect("utf8")],
        &other,
    );
    assert_eq!(parley(&["export", id.trim()], &other), exported);
}
