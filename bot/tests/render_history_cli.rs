//! `parley render-history GAME` through the real binary: a two-year demo becomes one animated
//! GIF with a frame per phase (the current one last, held longer), frames scaled to the
//! asked width; a missing database or game is refused saying what was wrong.

use std::path::Path;
use std::process::Command;

fn parley(args: &[&str], db: &Path) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_parley"))
        .args(args)
        .env("DATABASE_URL", format!("sqlite://{}", db.display()))
        // The map art the command caches stays in the build's folder, not the user's.
        .env(
            "PARLEY_CACHE_DIR",
            concat!(env!("CARGO_TARGET_TMPDIR"), "/parley-cache"),
        )
        .output()
        .expect("parley runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Each frame's delay and the picture shown after it.
fn frames(gif: &[u8]) -> (u16, u16, Vec<u16>) {
    let mut opts = gif::DecodeOptions::new();
    opts.set_color_output(gif::ColorOutput::RGBA);
    let mut dec = opts.read_info(gif).expect("GIF header");
    let (w, h) = (dec.width(), dec.height());
    let mut delays = Vec::new();
    while let Some(f) = dec.read_next_frame().expect("GIF frame") {
        assert!(
            f.left + f.width <= w && f.top + f.height <= h,
            "frame inside"
        );
        delays.push(f.delay);
    }
    (w, h, delays)
}

#[test]
fn a_demo_game_becomes_one_animation_with_a_frame_per_phase() {
    let dir = tempfile::tempdir().expect("tmp");
    let out = dir.path().join("demo");
    let db = out.join("demo.db");
    let (ok, _, stderr) = parley(
        &[
            "demo",
            "--years",
            "2",
            "--seed",
            "16",
            "--out",
            out.to_str().expect("utf8"),
        ],
        &db,
    );
    assert!(ok, "{stderr}");
    let played = std::fs::read_dir(&out)
        .expect("demo folder")
        .filter_map(|e| e.ok())
        .filter(|e| e.path().extension().is_some_and(|x| x == "txt"))
        .count();
    assert!(played >= 5, "{played} phases played");

    let gif = dir.path().join("history.gif");
    let (ok, stdout, stderr) = parley(
        &["render-history", "1", "--out", gif.to_str().expect("utf8")],
        &db,
    );
    assert!(ok, "{stderr}");
    let bytes = std::fs::read(&gif).expect("the GIF was written");
    assert!(bytes.starts_with(b"GIF89a"));
    let (w, h, delays) = frames(&bytes);
    // Every played phase and the one being played now (Spring 1903).
    assert_eq!(delays.len(), played + 1, "{stdout}");
    assert!(
        stdout.contains(&format!("{} frames up to Spring 1903 movement", played + 1)),
        "{stdout}"
    );
    assert_eq!((w, h), (800, 615), "the bot's width, the map's shape");
    assert!(delays[..played].iter().all(|d| *d == 150), "{delays:?}");
    assert_eq!(delays[played], 500, "the last phase is held longer");
    assert!(
        bytes.len() < 2_000_000,
        "two years come to {} bytes",
        bytes.len()
    );

    let small = dir.path().join("small.gif");
    let (ok, _, stderr) = parley(
        &[
            "render-history",
            "1",
            "--out",
            small.to_str().expect("utf8"),
            "--width",
            "400",
        ],
        &db,
    );
    assert!(ok, "{stderr}");
    let (w, _, delays) = frames(&std::fs::read(&small).expect("small GIF"));
    assert_eq!((w, delays.len()), (400, played + 1));

    // What goes wrong is said, and nothing is written or created.
    let (ok, _, stderr) = parley(
        &["render-history", "7", "--out", gif.to_str().expect("utf8")],
        &db,
    );
    assert!(!ok && stderr.contains("no game 7"), "{stderr}");
    let missing = dir.path().join("nowhere.db");
    let (ok, _, stderr) = parley(
        &["render-history", "1", "--out", gif.to_str().expect("utf8")],
        &missing,
    );
    assert!(!ok && stderr.contains("no games database"), "{stderr}");
    assert!(!missing.exists(), "no empty database was created");
    let (ok, _, stderr) = parley(&["render-history", "1"], &db);
    assert!(
        !ok && stderr.contains("required") && stderr.contains("--out <FILE.gif>"),
        "{stderr}"
    );
    let (ok, _, stderr) = parley(
        &[
            "render-history",
            "one",
            "--out",
            gif.to_str().expect("utf8"),
        ],
        &db,
    );
    assert!(
        !ok && stderr.contains("invalid value 'one' for '<GAME>'"),
        "{stderr}"
    );
}
