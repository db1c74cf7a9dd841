//! Latin American Diplomacy through the real binary: `parley demo --variant latin-american`
//! plays the opening 1890 D and ten years with random legal orders, names every phase as the
//! rules do (`1891 A movement (March-June)`) and draws each one; `parley variants` lists it.

use std::path::Path;
use std::process::Command;

/// The months each phase letter stands for (rule 8).
const MONTHS: [(&str, &str); 4] = [
    ("A", "March-June"),
    ("B", "June-September"),
    ("C", "September-December"),
    ("D", "December-March"),
];

/// Whether `name` is a phase named the rules' way: year, letter, kind, months.
fn named_the_rules_way(name: &str) -> bool {
    let words: Vec<&str> = name.splitn(4, ' ').collect();
    let [year, letter, kind, months] = words[..] else {
        return false;
    };
    year.len() == 4
        && year.chars().all(|c| c.is_ascii_digit())
        && ["movement", "retreat", "adjustment"].contains(&kind)
        && MONTHS
            .iter()
            .any(|(l, m)| *l == letter && months == format!("({m})"))
}

/// The picture's size, once the whole PNG has been decoded.
fn decoded_size(png: &Path) -> (u32, u32) {
    let bytes = std::fs::read(png).unwrap_or_else(|e| panic!("{}: {e}", png.display()));
    let mut dec = png::Decoder::new(std::io::Cursor::new(bytes));
    dec.set_transformations(png::Transformations::EXPAND);
    let mut reader = dec.read_info().expect("PNG header");
    let mut buf = vec![0; reader.output_buffer_size().expect("size")];
    let info = reader.next_frame(&mut buf).expect("PNG data");
    (info.width, info.height)
}

#[test]
fn the_demo_plays_1890_d_and_ten_years_and_draws_every_phase() {
    let dir = tempfile::tempdir().expect("tmp");
    let out = dir.path().join("latin-american");
    let run = Command::new(env!("CARGO_BIN_EXE_parley"))
        .args([
            "demo",
            "--variant",
            "latin-american",
            "--years",
            "10",
            "--seed",
            "1890",
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

    // The phases played, as the demo lists them: the opening build, then A, C and D of each
    // year (B and D retreats when a unit was dislodged), named the rules' way.
    let played: Vec<&str> = stdout
        .lines()
        .filter(|l| l.starts_with("  "))
        .map(str::trim)
        .filter(|l| l.starts_with(|c: char| c.is_ascii_digit()))
        .collect();
    assert_eq!(
        played.first(),
        Some(&"1890 D adjustment (December-March)"),
        "{stdout}"
    );
    assert_eq!(
        played.get(1),
        Some(&"1891 A movement (March-June)"),
        "{stdout}"
    );
    for name in &played {
        assert!(named_the_rules_way(name), "{name}: {stdout}");
    }
    for phase in [
        "1891 C movement (September-December)",
        "1891 D adjustment (December-March)",
        "1895 A movement (March-June)",
        "1900 A movement (March-June)",
        "1900 C movement (September-December)",
        "1900 D adjustment (December-March)",
    ] {
        assert!(played.contains(&phase), "no {phase}: {stdout}");
    }
    // Ten years after the opening, no more.
    assert!(!played.iter().any(|p| p.starts_with("1901")), "{stdout}");
    assert!(
        !stdout.contains("Spring") && !stdout.contains("Fall"),
        "{stdout}"
    );

    // A report and a real map for every phase, numbered in order.
    let mut reports: Vec<String> = std::fs::read_dir(&out)
        .expect("out")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|f| f.ends_with(".txt"))
        .collect();
    reports.sort();
    assert_eq!(reports.len(), played.len(), "{reports:?}");
    for (i, (report, phase)) in reports.iter().zip(&played).enumerate() {
        assert_eq!(report, &format!("{i:03} {phase}.txt"));
        let text = std::fs::read_to_string(out.join(report)).expect("report");
        assert!(text.starts_with(phase), "{report}: {text}");
        let map = out.join(report.replace(".txt", ".png"));
        let png = std::fs::read(&map).unwrap_or_else(|e| panic!("{}: {e}", map.display()));
        assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"), "{report}");
    }
    // The first and the last map decode whole into a picture of the continent (taller than
    // wide, as the map is drawn).
    for report in [reports.first(), reports.last()].into_iter().flatten() {
        let (w, h) = decoded_size(&out.join(report.replace(".txt", ".png")));
        assert!(w >= 800 && h > w, "{report}: {w}x{h}");
    }

    // The opening: powers with a capital build their extra unit (rule 7.A.i).
    let opening = std::fs::read_to_string(out.join(&reports[0])).expect("report");
    assert!(opening.contains("\nBuilt: "), "{opening}");
    assert!(
        opening.contains("Next: 1891 A movement (March-June)"),
        "{opening}"
    );
}

#[test]
fn parley_variants_lists_latin_american_diplomacy() {
    let run = Command::new(env!("CARGO_BIN_EXE_parley"))
        .arg("variants")
        .output()
        .expect("parley runs");
    assert!(run.status.success());
    let stdout = String::from_utf8_lossy(&run.stdout);
    let entry = stdout
        .split("\n\n")
        .flat_map(|b| b.split_inclusive('\n'))
        .skip_while(|l| !l.starts_with("latin-american "))
        .take(3)
        .collect::<String>();
    assert!(entry.contains("Latin American Diplomacy"), "{stdout}");
    for power in [
        "Argentina",
        "Brazil",
        "Britain",
        "Bolivia",
        "Chile",
        "Colombia",
        "France",
        "Mexico",
        "Peru",
        "Spain",
        "Venezuela",
    ] {
        assert!(entry.contains(power), "{power}: {entry}");
    }
    // 71 centres as the rules count them (rule 12.B): the eight capitals count twice.
    assert!(entry.contains("71 supply centres, 36 to win"), "{entry}");
    assert!(entry.contains("1890 D adjustment"), "{entry}");
}
