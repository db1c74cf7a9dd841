//! What `parley demo`'s reports tell a player: the supply centres after every count the
//! calendar makes (Standard's fall, Atlantica's four counting months), who dislodged each unit
//! and where it may go, and result lines with no parentheses nested in others. Reports are
//! found by their title, not their file names.

use std::collections::BTreeMap;
use std::process::Command;

/// Each report the demo wrote, by its title (its first line).
fn demo(variant: &str, years: &str, dir: &std::path::Path) -> BTreeMap<String, String> {
    let out = dir.join(variant);
    let run = Command::new(env!("CARGO_BIN_EXE_parley"))
        .args([
            "demo",
            "--variant",
            variant,
            "--years",
            years,
            "--seed",
            "1901",
        ])
        .arg("--out")
        .arg(&out)
        .output()
        .expect("parley runs");
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    std::fs::read_dir(&out)
        .expect("out")
        .filter_map(|e| e.ok())
        .filter(|e| e.path().extension().is_some_and(|x| x == "txt"))
        .map(|e| {
            let text = std::fs::read_to_string(e.path()).expect("report");
            (text.lines().next().unwrap_or("").to_string(), text)
        })
        .collect()
}

const COUNTED: &str = "\nSupply centres, counted after this phase:\n";

/// The titles of the reports that list the centres.
fn counted(reports: &BTreeMap<String, String>) -> Vec<&str> {
    reports
        .iter()
        .filter(|(_, text)| text.contains(COUNTED))
        .map(|(title, _)| title.as_str())
        .collect()
}

#[test]
fn standard_reports_count_centres_each_fall_and_name_every_attacker() {
    let dir = tempfile::tempdir().expect("tmp");
    let reports = demo("standard", "6", dir.path());
    // One count a year, after the fall's moves or, when units were dislodged, its retreats.
    for year in 1901..=1906 {
        let this_year: Vec<&str> = counted(&reports)
            .into_iter()
            .filter(|t| t.contains(&year.to_string()))
            .collect();
        assert_eq!(this_year.len(), 1, "{year}: {this_year:?}");
        assert!(this_year[0].starts_with("Fall "), "{this_year:?}");
    }
    // Every power still owning a centre is listed with its count, and what changed says
    // which centres.
    let first = &reports[counted(&reports)[0]];
    let section = &first[first.find(COUNTED).expect("counted")..];
    for power in [
        "Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey",
    ] {
        assert!(
            section.contains(&format!("\n  {power} ")),
            "{power}: {section}"
        );
    }
    assert!(
        counted(&reports)
            .iter()
            .any(|t| reports[*t].contains(" gained ")),
        "no centre changed hands in six years"
    );
    let mut dislodged = 0;
    for (title, text) in &reports {
        if let Some(at) = text.find("\nDislodged:\n") {
            for line in text[at + 12..].lines().take_while(|l| l.starts_with("  ")) {
                dislodged += 1;
                let line = line.trim();
                let (unit, rest) = line.split_once(", dislodged by ").expect(line);
                assert_eq!(unit.split(' ').count(), 3, "{title}: {line}");
                let (by, go) = rest.split_once("; ").expect(line);
                assert!(
                    by.split(' ').count() >= 3 && !by.starts_with("the unit from"),
                    "{title}: the attacker is named: {line}"
                );
                assert!(
                    go.starts_with("may retreat to ") || go.starts_with("nowhere to retreat"),
                    "{title}: {line}"
                );
            }
        }
        for line in text.lines() {
            let nested = line
                .chars()
                .try_fold(0i32, |d, c| {
                    let d = d + i32::from(c == '(') - i32::from(c == ')');
                    (d <= 1).then_some(d)
                })
                .is_none();
            assert!(!nested, "{title}: nested parentheses: {line}");
        }
    }
    assert!(dislodged > 0, "six years with no dislodgement");
}

#[test]
fn atlantica_reports_count_centres_after_its_four_counting_months() {
    let dir = tempfile::tempdir().expect("tmp");
    let reports = demo("atlantica", "1", dir.path());
    let months: Vec<&str> = counted(&reports)
        .into_iter()
        .map(|t| t.split(' ').next().unwrap_or(""))
        .collect();
    assert_eq!(
        months,
        ["December", "June", "March", "September"],
        "{:?}",
        counted(&reports)
    );
}
