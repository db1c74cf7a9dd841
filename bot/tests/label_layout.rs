//! Legible maps over a long game: on every phase of a 20-year demo of each variant with map art,
//! the scene the bot posts leaves every province label inside its province and uncovered by
//! units, orders, marks, the legend or another label, measured from the scene's geometry
//! (`render::layout`), not by eye.

use std::sync::Arc;

use engine::store::clock::ManualClock;
use engine::store::Games;
use parley::demo::{run, DemoOptions};
use parley::picture;
use render::{Fit, Palette};

/// Plays the demo and checks the labels of every phase it played; returns (phases, labels
/// that moved off the art's spot, labels on a plate) for the message.
fn check(variant: &str, seed: u64) -> (usize, usize, usize) {
    let dir = tempfile::tempdir().expect("tmp");
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime");
    rt.block_on(async {
        let summary = run(&DemoOptions {
            variant: variant.into(),
            years: 20,
            seed,
            out: dir.path().join("demo"),
            force: false,
            palette: render::Palette::Default,
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
        assert!(history.len() >= 40, "{variant}: {} phases", history.len());
        let art = picture::art_for(variant).expect("art");
        let (mut moved, mut plated) = (0, 0);
        let mut problems = Vec::new();
        for phase in &history {
            // The scene `picture::phase_png` draws and the bot posts.
            let scene = picture::phase_scene(
                &phase.variant,
                &phase.position,
                phase.record.as_ref(),
                &phase.retreats,
                Palette::Default,
            );
            let layout = render::layout(art, &scene)
                .unwrap_or_else(|e| panic!("{variant} {}: {e}", phase.name));
            for (i, l) in layout.labels.iter().enumerate() {
                moved += usize::from(l.at != l.spot);
                plated += usize::from(l.plated);
                if art.label_fit(&l.province, &l.bounds) == Some(Fit::Outside) {
                    problems.push(format!("{}: {} outside its province", phase.name, l.text));
                }
                for o in &layout.labels[i + 1..] {
                    if l.bounds.intersects(&o.bounds) {
                        problems.push(format!("{}: {} on {}", phase.name, l.text, o.text));
                    }
                }
                // A plated label is drawn over what is beneath it: nothing covers it.
                if !l.plated {
                    for o in layout.obstacles.iter().filter(|o| o.covers(&l.bounds)) {
                        problems.push(format!(
                            "{}: {} under {:?} at {:?}",
                            phase.name, l.text, o.kind, o.bounds
                        ));
                    }
                }
            }
        }
        assert!(problems.is_empty(), "{variant}: {problems:#?}");
        (history.len(), moved, plated)
    })
}

fn variant(id: &str, seed: u64) {
    let (phases, moved, plated) = check(id, seed);
    // Busy phases do cover the art's spots, so the pass has work to do.
    assert!(moved > 0, "{id}: no label ever moved in {phases} phases");
    eprintln!("{id}: {phases} phases, {moved} labels moved, {plated} on plates");
}

#[test]
fn standard_labels_stay_clear_for_twenty_years() {
    variant("standard", 1901);
}

#[test]
fn davis_labels_stay_clear_for_twenty_years() {
    variant("davis", 1901);
}

#[test]
fn maharajah_labels_stay_clear_for_twenty_years() {
    variant("maharajah", 1492);
}

#[test]
fn atlantica_labels_stay_clear_for_twenty_years() {
    variant("atlantica", 1870);
}

#[test]
fn pirates_labels_stay_clear_for_twenty_years() {
    variant("pirates", 1680);
}
