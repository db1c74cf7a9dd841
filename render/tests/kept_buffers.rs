//! Maps drawn one after another on one thread reuse its buffers (the picture, the colour
//! runs, the rows, deflate's tables): each file must still be the one a fresh thread draws,
//! whatever was drawn before it, on a board of another size or at another deflate level.

mod common;

use render::{MapArt, Palette, Scene};

/// The file drawn on a thread of its own, which has drawn nothing before.
fn fresh(art: &'static MapArt, scene: &Scene) -> Vec<u8> {
    let scene = scene.clone();
    std::thread::spawn(move || render::render_png(art, &scene).expect("renders"))
        .join()
        .expect("the drawing thread")
}

#[test]
fn a_map_is_the_same_file_whatever_the_thread_drew_before() {
    let standard = common::standard_art();
    let busy = common::standard_scene(Palette::Default);
    let start = common::standard_start(Palette::ColourBlind);
    // A smaller board: its picture and rows fit in the kept buffers with room to spare.
    static SMALL: std::sync::OnceLock<MapArt> = std::sync::OnceLock::new();
    let small = SMALL.get_or_init(|| {
        MapArt::from_svg(include_str!("../../maps/davis/map.svg")).expect("Davis art")
    });
    // Atlantica's textured art comes near the size target at level 1 and is deflated again
    // at level 6: the thread keeps a deflater for each level.
    static TEXTURED: std::sync::OnceLock<MapArt> = std::sync::OnceLock::new();
    let textured = TEXTURED.get_or_init(|| {
        MapArt::from_svg(include_str!("../../maps/atlantica/map.svg")).expect("Atlantica art")
    });
    let empty = Scene::default();

    // Each map as a fresh thread draws it, in the order the same thread then draws them all.
    let maps: Vec<(&str, &'static MapArt, Scene, Vec<u8>)> = [
        ("busy Standard", standard, busy.clone()),
        ("smaller Davis", small, empty.clone()),
        ("textured Atlantica", textured, empty),
        ("Standard start", standard, start.clone()),
    ]
    .into_iter()
    .map(|(name, art, scene)| {
        let want = fresh(art, &scene);
        (name, art, scene, want)
    })
    .collect();
    assert_ne!(maps[0].3, maps[3].3, "the two Standard scenes differ");

    std::thread::spawn(move || {
        for _ in 0..2 {
            for (name, art, scene, want) in &maps {
                let got = render::render_png(art, scene).expect("renders");
                assert!(
                    got == *want,
                    "{name}: another file than a fresh thread draws"
                );
            }
        }
        // The picture a caller keeps (render_pixmap) is not a buffer the next map writes into.
        let kept = render::render_pixmap(standard, &busy).expect("pixmap");
        let before = kept.data().to_vec();
        render::render_png(standard, &start).expect("start again");
        assert_eq!(
            kept.data(),
            &before[..],
            "a later map drew over a picture already returned"
        );
    })
    .join()
    .expect("the same thread drawing in turn");
}
