//! The command line composes, through the real binary: `parley adjudicate --map` draws the
//! case it adjudicated in one command; a misspelt province, unit kind or power in an order
//! gets a "did you mean"; a `--variant` that contradicts the case and an output file named
//! for another format are refused; a demo writes a report and a map for every phase played,
//! those the game settled at once included.

mod cli;
use cli::parley;

use serde_json::Value;

/// Turkey takes Armenia from Russia with support: a failed hold, a dislodged fleet.
const CASE: &str = r#"{"variant": "standard", "phase": "Fall 1901 movement",
    "units": {"Turkey": ["A ank", "A smy"], "Russia": ["F arm"]},
    "orders": {"Turkey": ["A ank - arm", "A smy S A ank - arm"], "Russia": ["F arm H"]}}"#;

#[test]
fn adjudicate_draws_the_case_it_adjudicated_in_one_command() {
    let dir = tempfile::tempdir().expect("tmp");
    let map = dir.path().join("armenia.png");
    let (code, out, err) = parley(&["adjudicate", "--map", map.to_str().expect("utf8")], CASE);
    assert_eq!(code, 0, "{err}");
    // Standard output is the result alone, as without --map, for a pipe.
    let (plain_code, plain, _) = parley(&["adjudicate"], CASE);
    assert_eq!(plain_code, 0);
    assert_eq!(out, plain);
    let result: Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(result["dislodged"][0]["unit"], "F arm", "{result}");
    assert!(
        err.contains("wrote") && err.contains("armenia.png"),
        "{err}"
    );
    let png = std::fs::read(&map).expect("the map");
    assert!(png.starts_with(b"\x89PNG\r\n\x1a\n") && png.len() > 10_000);
    // The map is not the bare position: the same board without orders draws differently.
    let bare = dir.path().join("bare.png");
    let (code, _, err) = parley(
        &["render", "--out", bare.to_str().expect("utf8")],
        r#"{"variant": "standard", "phase": "Fall 1901 movement",
            "units": {"Turkey": ["A ank", "A smy"], "Russia": ["F arm"]}}"#,
    );
    assert_eq!(code, 0, "{err}");
    assert_ne!(std::fs::read(&bare).expect("bare"), png);

    // A map named for another format is refused before anything is read or written.
    let svg = dir.path().join("armenia.svg");
    let (code, out, err) = parley(&["adjudicate", "--map", svg.to_str().expect("utf8")], CASE);
    assert_eq!(code, 2, "{out}");
    assert!(
        err.contains("--map") && err.contains("armenia.png"),
        "{err}"
    );
    assert!(!svg.exists());
}

#[test]
fn a_misspelt_province_unit_or_power_in_an_order_gets_a_did_you_mean() {
    let reason = |order: &str| {
        let case = format!(
            r#"{{"phase": "Spring 1901 movement", "units": {{"France": ["A par"]}},
                "orders": {{"France": ["{order}"]}}}}"#
        );
        let (code, out, err) = parley(&["adjudicate"], &case);
        assert_eq!(code, 0, "{err}");
        let result: Value = serde_json::from_str(&out).expect("JSON");
        result["results"][0]["reason"]
            .as_str()
            .expect("a reason")
            .to_string()
    };
    let r = reason("A prais - bur");
    assert!(
        r.contains("'prais'") && r.contains("did you mean Paris (par)?"),
        "{r}"
    );
    let r = reason("A par - burgandy");
    assert!(r.contains("did you mean Burgundy (bur)?"), "{r}");
    let r = reason("Fleat bre - mao");
    assert!(r.contains("did you mean fleet?"), "{r}");
    // Nothing near: no guess.
    let r = reason("A par - xq");
    assert!(!r.contains("did you mean"), "{r}");

    let (code, _, err) = parley(
        &["adjudicate"],
        r#"{"phase": "Spring 1901 movement", "units": {"Frnace": ["A par"]}}"#,
    );
    assert_eq!(code, 2);
    assert!(
        err.contains("'Frnace' is not a power") && err.contains("did you mean France?"),
        "{err}"
    );
}

#[test]
fn a_variant_that_contradicts_the_case_and_a_file_named_for_another_format_are_refused() {
    let dir = tempfile::tempdir().expect("tmp");
    let (code, out, err) = parley(&["adjudicate", "--variant", "pirates"], CASE);
    assert_eq!(code, 2, "{out}");
    assert!(
        err.contains("field `variant`")
            && err.contains("\"standard\"")
            && err.contains("\"pirates\" was asked for"),
        "{err}"
    );
    // The same variant twice, or only one of the two, is fine.
    let (code, _, err) = parley(&["adjudicate", "--variant", "standard"], CASE);
    assert_eq!(code, 0, "{err}");
    let png = dir.path().join("x.png");
    let (code, _, err) = parley(
        &[
            "render",
            "--variant",
            "pirates",
            "--out",
            png.to_str().expect("utf8"),
        ],
        CASE,
    );
    assert_eq!(code, 2);
    assert!(err.contains("\"pirates\" was asked for"), "{err}");
    assert!(!png.exists());

    let position = r#"{"phase": "Spring 1901 movement", "units": {"France": ["A par"]}}"#;
    let svg = dir.path().join("x.svg");
    let (code, _, err) = parley(&["render", "--out", svg.to_str().expect("utf8")], position);
    assert_eq!(code, 2);
    assert!(err.contains("--svg") && err.contains("x.png"), "{err}");
    assert!(!svg.exists(), "no PNG written into x.svg");
    let (code, _, err) = parley(
        &["render", "--svg", "--out", png.to_str().expect("utf8")],
        position,
    );
    assert_eq!(code, 2);
    assert!(err.contains("x.svg"), "{err}");
    let gif = dir.path().join("h.png");
    let (code, _, err) = parley(
        &["render-history", "1", "--out", gif.to_str().expect("utf8")],
        "",
    );
    assert_eq!(code, 2);
    assert!(err.contains("h.gif"), "{err}");
    // Without an extension, or with the right one, the file is written.
    let (code, _, err) = parley(
        &["render", "--svg", "--out", svg.to_str().expect("utf8")],
        position,
    );
    assert_eq!(code, 0, "{err}");
    let bare = dir.path().join("map");
    let (code, _, err) = parley(&["render", "--out", bare.to_str().expect("utf8")], position);
    assert_eq!(code, 0, "{err}");
}

#[test]
fn a_demo_writes_a_report_and_a_map_for_every_phase_played_even_those_settled_at_once() {
    let dir = tempfile::tempdir().expect("tmp");
    let out = dir.path().join("demo");
    let out_s = out.to_str().expect("utf8");
    // Seed 1 over three years of Standard: Fall 1903's retreat phase has nothing to decide
    // (England's fleet in Gascony has nowhere to go) and is settled with the movement.
    let (code, _, err) = parley(&["demo", "--years", "3", "--seed", "1", "--out", out_s], "");
    assert_eq!(code, 0, "{err}");
    let db = format!("sqlite://{}", out.join("demo.db").display());
    let (code, export, err) = parley(&["export", "1", "--database", &db], "");
    assert_eq!(code, 0, "{err}");
    let game: Value = serde_json::from_str(&export).expect("JSON");
    let played: Vec<&Value> = game["phases"]
        .as_array()
        .expect("phases")
        .iter()
        .filter(|p| !p["results"].is_null())
        .collect();
    let settled: Vec<&str> = played
        .iter()
        .filter(|p| p["submissions"].as_array().is_some_and(|s| s.is_empty()))
        .map(|p| p["name"].as_str().expect("name"))
        .collect();
    assert!(!settled.is_empty(), "this game has a phase settled at once");
    let mut files: Vec<String> = std::fs::read_dir(&out)
        .expect("out")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    files.sort();
    for (i, phase) in played.iter().enumerate() {
        let name = phase["name"].as_str().expect("name");
        for ext in ["txt", "png"] {
            let file = format!("{i:03} {name}.{ext}");
            assert!(files.contains(&file), "{file} missing from {files:?}");
        }
    }
    let reports = files.iter().filter(|f| f.ends_with(".txt")).count();
    assert_eq!(reports, played.len(), "{files:?}");
    for name in settled {
        let report = files
            .iter()
            .find(|f| f.ends_with(&format!("{name}.txt")))
            .expect("its report");
        let text = std::fs::read_to_string(out.join(report)).expect("read");
        assert!(text.contains(name), "{text}");
    }
}

/// `parley render` of [`CASE`] with the environment `env` (and no other cache setting); the
/// PNG it wrote.
fn render_with(env: &[(&str, &std::path::Path)], out: &std::path::Path) -> Vec<u8> {
    use std::io::Write;
    let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_parley"));
    cmd.args(["render", "--out", out.to_str().expect("utf8")])
        .env_remove("PARLEY_CACHE_DIR")
        .env_remove("XDG_CACHE_HOME")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped());
    for (k, v) in env {
        cmd.env(k, v);
    }
    let mut child = cmd.spawn().expect("parley starts");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(CASE.as_bytes())
        .expect("write the case");
    let done = child.wait_with_output().expect("parley finishes");
    assert!(
        done.status.success(),
        "{}",
        String::from_utf8_lossy(&done.stderr)
    );
    std::fs::read(out).expect("the map")
}

#[test]
fn render_keeps_the_art_in_the_users_cache_and_rebuilds_a_damaged_one() {
    let dir = tempfile::tempdir().expect("tmp");
    let home = dir.path().join("home");
    std::fs::create_dir(&home).expect("home");
    let png = dir.path().join("map.png");
    let empty = std::path::Path::new("");

    // Off: nothing is written, in the home or anywhere else it could be.
    let uncached = render_with(&[("HOME", &home), ("PARLEY_CACHE_DIR", empty)], &png);
    assert_eq!(
        std::fs::read_dir(&home).expect("home").count(),
        0,
        "PARLEY_CACHE_DIR= (empty) keeps no cache"
    );

    // By default under ~/.cache/parley, one file per variant; the next run reads it and
    // draws the same map, byte for byte.
    let file = home.join(".cache/parley/art-standard.bin");
    assert_eq!(render_with(&[("HOME", &home)], &png), uncached);
    let stored = std::fs::read(&file).expect("the art is cached under ~/.cache/parley");
    assert_eq!(render_with(&[("HOME", &home)], &png), uncached);

    // $XDG_CACHE_HOME and $PARLEY_CACHE_DIR move it.
    let xdg = dir.path().join("xdg");
    assert_eq!(
        render_with(&[("HOME", &home), ("XDG_CACHE_HOME", &xdg)], &png),
        uncached
    );
    assert!(xdg.join("parley/art-standard.bin").is_file());
    let chosen = dir.path().join("chosen");
    assert_eq!(
        render_with(&[("HOME", &home), ("PARLEY_CACHE_DIR", &chosen)], &png),
        uncached
    );
    assert!(chosen.join("art-standard.bin").is_file());

    // A damaged file is not used: the art is parsed again and the file rewritten whole.
    let mut damaged = stored.clone();
    let middle = damaged.len() / 2;
    damaged[middle] ^= 0xff;
    damaged.truncate(damaged.len() - 100);
    std::fs::write(&file, &damaged).expect("damage the cache");
    assert_eq!(render_with(&[("HOME", &home)], &png), uncached);
    assert_eq!(std::fs::read(&file).expect("rewritten"), stored);
}
