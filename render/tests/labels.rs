//! Province labels: every art's spots lie in their own provinces, and a render places each
//! label where no mark, the legend or another label covers it (measured with `render::layout`).

mod common;

use render::{Fit, Layout, MapArt, ObstacleKind, Palette};

const VARIANTS: [&str; 6] = [
    "standard",
    "davis",
    "maharajah",
    "atlantica",
    "pirates",
    "latin-american",
];

fn art(id: &str) -> MapArt {
    let path = format!("{}/../maps/{id}/map.svg", env!("CARGO_MANIFEST_DIR"));
    let svg = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    MapArt::from_svg(&svg).unwrap_or_else(|e| panic!("{id}: {e}"))
}

/// What a player would see wrong in a layout: a label outside its province, two labels on
/// each other, or a label under a mark.
fn problems(art: &MapArt, layout: &Layout) -> Vec<String> {
    let mut out = Vec::new();
    for (i, l) in layout.labels.iter().enumerate() {
        if art.label_fit(&l.province, &l.bounds) == Some(Fit::Outside) {
            out.push(format!("{} at {:?} is outside its province", l.text, l.at));
        }
        for o in &layout.labels[i + 1..] {
            if l.bounds.intersects(&o.bounds) {
                out.push(format!("{} and {} overlap", l.text, o.text));
            }
        }
        // A plated label is drawn over whatever is beneath it, so nothing covers it.
        if l.plated {
            continue;
        }
        for o in &layout.obstacles {
            if o.covers(&l.bounds) {
                out.push(format!(
                    "{} at {:?} is under {:?} {:?}",
                    l.text, l.at, o.kind, o.bounds
                ));
            }
        }
    }
    out
}

#[test]
fn every_art_label_lies_in_its_own_province_clear_of_the_others() {
    for id in VARIANTS {
        let art = art(id);
        let labels = art.labels();
        assert!(labels.len() >= 70, "{id}: {} labels", labels.len());
        for (i, l) in labels.iter().enumerate() {
            let fit = art.label_fit(&l.province, &l.bounds).expect("a label");
            assert_ne!(fit, Fit::Outside, "{id}: {} at {:?}", l.text, l.at);
            for o in &labels[i + 1..] {
                assert!(
                    !l.bounds.intersects(&o.bounds),
                    "{id}: {} and {} overlap",
                    l.text,
                    o.text
                );
            }
        }
        // Many labels sit wholly inside: only islets, small areas and coasts need less.
        let whole = labels
            .iter()
            .filter(|l| art.label_fit(&l.province, &l.bounds) == Some(Fit::Whole))
            .count();
        assert!(
            whole * 3 > labels.len(),
            "{id}: {whole} of {} whole",
            labels.len()
        );
    }
}

#[test]
fn the_fixed_spots_that_players_misread_are_in_their_provinces() {
    let standard = art("standard");
    let at = |art: &MapArt, p: &str| {
        art.labels()
            .into_iter()
            .find(|l| l.province == p)
            .unwrap_or_else(|| panic!("no label {p}"))
    };
    // ROM no longer reaches over the border into Apulia.
    let rom = at(&standard, "rom");
    let (_, cy) = rom.bounds.centre();
    for p in rom
        .bounds
        .corners()
        .into_iter()
        .chain([(rom.bounds.x0, cy), (rom.bounds.x1, cy)])
    {
        assert!(
            !standard.contains("apu", p),
            "{rom:?} reaches {p:?} in Apulia"
        );
    }
    assert_eq!(standard.label_fit("rom", &rom.bounds), Some(Fit::Centre));
    let davis = art("davis");
    for p in ["kie", "mun"] {
        let l = at(&davis, p);
        assert_eq!(davis.label_fit(p, &l.bounds), Some(Fit::Whole), "{l:?}");
    }
}

#[test]
fn a_busy_phase_moves_covered_labels_off_every_mark() {
    let art = common::standard_art();
    let scene = common::standard_scene(Palette::Default);
    let layout = render::layout(art, &scene).expect("layout");
    assert_eq!(layout.labels.len(), art.labels().len());
    // At the art's own spots, units, arrows and crosses cover several labels.
    let spots = art.labels();
    let covered_at_spots: Vec<&str> = spots
        .iter()
        .filter(|l| layout.obstacles.iter().any(|o| o.covers(&l.bounds)))
        .map(|l| l.text.as_str())
        .collect();
    assert!(covered_at_spots.len() >= 3, "{covered_at_spots:?}");
    let moved = layout.labels.iter().filter(|l| l.at != l.spot).count();
    assert!(moved >= covered_at_spots.len(), "{moved} moved");
    let problems = problems(art, &layout);
    assert!(problems.is_empty(), "{problems:#?}");
    // The legend and unit letters are among the obstacles, read from the overlay itself.
    assert!(layout
        .obstacles
        .iter()
        .any(|o| o.kind == ObstacleKind::Mark));
    let legend = art.legend_area().expect("legend box");
    assert!(layout
        .obstacles
        .iter()
        .any(|o| o.bounds.x0 <= legend.0 + 1.0 && o.bounds.y0 <= legend.1 + 1.0));
}

#[test]
fn labels_are_drawn_once_by_the_overlay_and_not_by_the_art() {
    let art = common::standard_art();
    let scene = common::standard_scene(Palette::Default);
    let svg = render::render_svg(art, &scene).expect("svg");
    assert_eq!(svg.matches("id=\"label-par\"").count(), 1, "PAR drawn once");
    let layers = svg.split("id=\"province-labels\"").collect::<Vec<_>>();
    assert_eq!(layers.len(), 2, "one group of placed labels");
    assert!(
        !layers[0].contains("id=\"label-"),
        "no label left in the art's layer"
    );
    let layout = render::layout(art, &scene).expect("layout");
    let par = layout
        .labels
        .iter()
        .find(|l| l.province == "par")
        .expect("PAR");
    let drawn = format!(
        "<text id=\"label-par\" x=\"{}\"",
        (par.at.0 * 10.0).round() / 10.0
    );
    assert!(svg.contains(&drawn), "{drawn}");
}

#[test]
fn every_variant_start_has_no_covered_label() {
    // Not a phase: the bare board with only its legend. Every label keeps the art's spot or
    // moves off the legend.
    for id in VARIANTS {
        let art = art(id);
        let layout = render::layout(&art, &render::Scene::default()).expect("layout");
        let problems = problems(&art, &layout);
        assert!(problems.is_empty(), "{id}: {problems:#?}");
    }
}
