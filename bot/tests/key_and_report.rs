//! The map's key and the text report agree: on every phase of a demo of each variant with map
//! art that counted centres, each power's count in the key of the phase's map (read from the
//! drawn SVG) is the count in the phase's report (read from its text), by the names players
//! read.

use std::collections::BTreeMap;
use std::sync::Arc;

use engine::store::clock::ManualClock;
use engine::store::Games;
use parley::demo::{run, DemoOptions};
use parley::{picture, report};
use render::Palette;

const COUNTED: &str = "\nSupply centres, counted after this phase:\n";

/// Each power's name and centre count in the legend of a drawn map.
fn key_counts(svg: &str) -> BTreeMap<String, usize> {
    let start = svg.find("<g id=\"legend\">").expect("a legend");
    let end = svg[start..]
        .find("<g id=\"key\">")
        .map_or(svg.len(), |e| start + e);
    let mut out = BTreeMap::new();
    for row in svg[start..end].split("<g").skip(1) {
        let texts: Vec<&str> = row
            .split("<text")
            .skip(1)
            .filter_map(|t| Some(t.split_once('>')?.1.split_once("</text>")?.0))
            .collect();
        if let [name, count, _units] = texts.as_slice() {
            if let Ok(n) = count.parse::<usize>() {
                out.insert(name.replace("&amp;", "&"), n);
            }
        }
    }
    out
}

/// Each power's name and count in a report's centre table, if it has one.
fn report_counts(text: &str) -> Option<BTreeMap<String, usize>> {
    let at = text.find(COUNTED)? + COUNTED.len();
    let mut out = BTreeMap::new();
    for line in text[at..].lines().take_while(|l| !l.trim().is_empty()) {
        let words: Vec<&str> = line.split_whitespace().collect();
        let i = words.iter().position(|w| w.parse::<usize>().is_ok())?;
        out.insert(words[..i].join(" "), words[i].parse().ok()?);
    }
    Some(out)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_counted_phase_of_every_variant_has_the_key_agreeing_with_the_report() {
    for variant in [
        "standard",
        "davis",
        "maharajah",
        "atlantica",
        "pirates",
        "latin-american",
    ] {
        let dir = tempfile::tempdir().expect("tmp");
        let summary = run(&DemoOptions {
            variant: variant.to_string(),
            years: 4,
            seed: 27,
            out: dir.path().join(variant),
            force: false,
            palette: Palette::Default,
            progress: None,
            before_commit: None,
        })
        .await
        .unwrap_or_else(|e| panic!("{variant} demo: {e}"));
        let games = Games::open(
            &format!("sqlite://{}", summary.database.display()),
            Arc::new(ManualClock::at(1_900_000_000)),
        )
        .await
        .expect("the demo's database");
        let history = games.history(summary.game).await.expect("history");
        let art = picture::art_for(variant).expect("art");
        let mut counted = 0;
        for phase in &history {
            let Some(record) = phase.record.as_ref() else {
                continue;
            };
            let text = report::results_text(
                &phase.variant,
                &phase.name,
                &phase.position,
                record,
                "-",
                None,
            );
            let Some(table) = report_counts(&text) else {
                continue;
            };
            counted += 1;
            let scene = picture::phase_scene(
                &phase.variant,
                &phase.position,
                Some(record),
                &phase.retreats,
                Palette::Default,
            );
            let svg = render::render_svg(art, &scene).expect("svg");
            let key = key_counts(&svg);
            assert!(!key.is_empty(), "{variant} {}: no key rows", phase.name);
            // Every power the report counts, by the same name and count; every other power in
            // the key has none.
            for (name, n) in &key {
                assert_eq!(
                    table.get(name).copied().unwrap_or(0),
                    *n,
                    "{variant} {}: {name} in the key and in the report\n{text}",
                    phase.name
                );
            }
            for name in table.keys() {
                assert!(
                    key.contains_key(name),
                    "{variant} {}: {name} not in the key",
                    phase.name
                );
            }
        }
        assert!(counted >= 3, "{variant}: {counted} counted phases");
    }
}
