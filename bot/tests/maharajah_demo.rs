//! Maharajah through the product: `parley demo --variant maharajah` plays and draws its phases,
//! and the picture of a position shows earned home centres and conversions under way.

use engine::token::{Token, TokenKind, TokenValue};
use engine::Variant;
use std::process::Command;

#[test]
fn a_maharajah_demo_plays_and_draws_every_phase() {
    let dir = tempfile::tempdir().expect("tmp");
    let out = dir.path().join("demo");
    let run = Command::new(env!("CARGO_BIN_EXE_parley"))
        .args([
            "demo",
            "--variant",
            "maharajah",
            "--years",
            "2",
            "--seed",
            "1501",
        ])
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
        stdout.contains("Spring 1501 movement")
            && stdout.contains("Monsoon 1501 adjustment")
            && stdout.contains("Fall 1502 movement"),
        "{stdout}"
    );
    let files: Vec<String> = std::fs::read_dir(&out)
        .expect("out")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    let reports = files.iter().filter(|f| f.ends_with(".txt")).count();
    let pictures = files.iter().filter(|f| f.ends_with(".png")).count();
    assert!(reports >= 5, "{files:?}");
    assert_eq!(pictures, reports, "one picture per phase: {files:?}");
    let first = std::fs::read(out.join("000 Spring 1501 movement.png")).expect("first picture");
    assert!(first.starts_with(b"\x89PNG"));

    // The stored positions carry the conversions under way, and survive export and import.
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
    assert!(
        exported.contains("\"kind\":\"earning\"") || exported.contains("\"kind\": \"earning\""),
        "a unit stood on a centre"
    );
    let file = dir.path().join("game.json");
    std::fs::write(&file, &exported).expect("write");
    let other = dir.path().join("other.db");
    let id = parley(
        &["import", "--create", file.to_str().expect("utf8")],
        &other,
    );
    assert_eq!(parley(&["export", id.trim()], &other), exported);
}

#[test]
fn the_picture_shows_earned_homes_and_conversions_under_way() {
    let v = Variant::builtin("maharajah").expect("maharajah");
    let mut p = v.initial_position();
    let id = |s: &str| v.map.province_by_id(s).expect(s);
    let delhi = v.power_by_name("Delhi").expect("Delhi");
    let gondwana = v.power_by_name("Gondwana").expect("Gondwana");
    // Delhi has earned Gondwana's Jabalpur; Gondwana is a year's Spring into Kashmir.
    p.homes[id("jab").0 as usize] = Some(delhi);
    p.tokens.push(Token::owned(
        TokenKind::by_name("earning").expect("Maharajah keeps earning tokens"),
        id("kas"),
        gondwana,
        TokenValue::Count(1),
    ));
    // A conversion not yet begun is not drawn.
    p.tokens.push(Token::owned(
        TokenKind::by_name("earning").expect("Maharajah keeps earning tokens"),
        id("her"),
        gondwana,
        TokenValue::Count(0),
    ));
    let scene = parley::picture::scene(&v, &p, &[], &[], render::Palette::Default);
    let marker = |c: &str| {
        scene
            .supply_centres
            .iter()
            .find(|m| m.province == c)
            .unwrap_or_else(|| panic!("{c}"))
    };
    assert!(marker("jab").earned);
    assert_eq!(marker("jab").home_of.as_deref(), Some("Delhi"));
    assert!(!marker("agr").earned, "a home the map gives is not earned");
    let claim = marker("kas").claim.as_ref().expect("a claim on Kashmir");
    assert_eq!(
        (claim.power.as_str(), claim.done, claim.needed),
        ("Gondwana", 1, 3)
    );
    assert!(marker("her").claim.is_none());
    let png = parley::picture::png("maharajah", &scene).expect("draws");
    assert!(png.starts_with(b"\x89PNG"));
}
