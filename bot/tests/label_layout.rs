//! Legible maps over a long game: on every phase of a 20-year demo of each variant with map art,
//! the scene the bot posts leaves every province label inside its province and uncovered by
//! units, orders, marks, the legend or another label (`render::layout`), and every unit and
//! mark in view: no unit symbol on another, no arrow over a unit it does not join, no mark on
//! another order's arrowhead (`render::figure`); measured from the scene's geometry, not by eye.
//!
//! Units hidden by units are refused outright. Arrows over units and marks on arrowheads were
//! found on busy phases (long convoy chains, moves between neighbouring islands, oceans that
//! hold many units); each variant's count is held at or under what the renderer gives today,
//! now none on any variant, so that it can only fall (issue #27).

use std::sync::Arc;

use engine::store::clock::ManualClock;
use engine::store::Games;
use parley::demo::{run, DemoOptions};
use parley::picture;
use render::{Fit, Palette};

/// Plays the demo and checks the labels and units of every phase it played; returns (phases,
/// labels that moved off the art's spot, labels on a plate, arrows over units and marks on
/// arrowheads) for the message.
fn check(variant: &str, seed: u64) -> (usize, usize, usize, Vec<String>) {
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
        let (mut moved, mut plated, mut dislodged, mut arrows) = (0, 0, 0, 0);
        // Heads on a ring round an end of a move too short for a head between its units
        // (`render::Figure::squeezed`): no drawing at these sizes avoids them, so they are
        // told apart and not counted.
        let mut squeezed = 0;
        let mut covered = Vec::new();
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
            let figure = render::figure(art, &scene)
                .unwrap_or_else(|e| panic!("{variant} {}: {e}", phase.name));
            dislodged += figure.units.iter().filter(|u| u.dislodged).count();
            arrows += figure.arrows.len();
            squeezed += figure.squeezed().len();
            for p in figure.problems() {
                // A unit on a unit hides it outright; the rest is counted (see the module).
                if p.contains(" unit in ") && !p.contains("crosses") {
                    problems.push(format!("{}: {p}", phase.name));
                } else if std::env::var_os("PARLEY_LAYOUT_LIST").is_some() {
                    // Names the orders the sentence numbers, for work on the placement.
                    let orders: Vec<String> = p
                        .split("order Some(")
                        .skip(1)
                        .filter_map(|s| s.split(')').next()?.parse::<usize>().ok())
                        .filter_map(|i| scene.orders.get(i))
                        .map(|o| format!("{:?} {:?}", o.order, o.outcome))
                        .collect();
                    covered.push(format!("{}: {p} [{}]", phase.name, orders.join("; ")));
                } else {
                    covered.push(format!("{}: {p}", phase.name));
                }
            }
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
        assert!(
            problems.is_empty(),
            "{variant}: {} problems: {problems:#?}",
            problems.len()
        );
        // The demo's phases do dislodge units and draw arrows, so the test measures something.
        assert!(dislodged > 0, "{variant}: no unit dislodged in 20 years");
        assert!(arrows > 100, "{variant}: {arrows} arrows");
        eprintln!("{variant}: {squeezed} heads squeezed between rings");
        (history.len(), moved, plated, covered)
    })
}

// What the renderer still covers over twenty years, per variant (arrows over units, marks on
// arrowheads); lower these as the drawing improves, never raise them.
const COVERED_STANDARD: usize = 0;
const COVERED_DAVIS: usize = 0;
const COVERED_MAHARAJAH: usize = 0;
const COVERED_ATLANTICA: usize = 0;
const COVERED_PIRATES: usize = 0;
const COVERED_LATIN_AMERICAN: usize = 0;

fn variant(id: &str, seed: u64, most_covered: usize) {
    let (phases, moved, plated, covered) = check(id, seed);
    assert!(
        covered.len() <= most_covered,
        "{id}: {} arrows over units or marks on arrowheads, more than {most_covered}: {covered:#?}",
        covered.len()
    );
    // Busy phases do cover the art's spots, so the pass has work to do.
    assert!(moved > 0, "{id}: no label ever moved in {phases} phases");
    eprintln!(
        "{id}: {phases} phases, {moved} labels moved, {plated} on plates, {} covered",
        covered.len()
    );
    // `PARLEY_LAYOUT_LIST=1` lists what is covered, for work on the placement.
    if std::env::var_os("PARLEY_LAYOUT_LIST").is_some() {
        for c in &covered {
            eprintln!("{id}: {c}");
        }
    }
}

#[test]
fn standard_labels_stay_clear_for_twenty_years() {
    variant("standard", 1901, COVERED_STANDARD);
}

#[test]
fn davis_labels_stay_clear_for_twenty_years() {
    variant("davis", 1901, COVERED_DAVIS);
}

#[test]
fn maharajah_labels_stay_clear_for_twenty_years() {
    variant("maharajah", 1492, COVERED_MAHARAJAH);
}

#[test]
fn atlantica_labels_stay_clear_for_twenty_years() {
    variant("atlantica", 1870, COVERED_ATLANTICA);
}

#[test]
fn pirates_labels_stay_clear_for_twenty_years() {
    variant("pirates", 1680, COVERED_PIRATES);
}

#[test]
fn latin_american_labels_stay_clear_for_twenty_years() {
    // A seed whose random play dislodges units (five retreat phases): twelve powers' random
    // supports rarely meet, and seed 1890 has none once flotillas cross banks.
    variant("latin-american", 3, COVERED_LATIN_AMERICAN);
}
