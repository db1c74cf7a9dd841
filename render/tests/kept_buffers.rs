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

    let want_busy = fresh(standard, &busy);
    let want_start = fresh(standard, &start);
    let want_small = fresh(small, &empty);
    let want_textured = fresh(textured, &empty);
    assert_ne!(want_busy, want_start, "the two Standard scenes differ");

    std::thread::spawn(move || {
        for _ in 0..2 {
            assert_eq!(
                render::render_png(standard, &busy).expect("busy"),
                want_busy
            );
            assert_eq!(
                render::render_png(small, &empty).expect("small"),
                want_small
            );
            assert_eq!(
                render::render_png(textured, &empty).expect("textured"),
                want_textured
            );
            assert_eq!(
                render::render_png(standard, &start).expect("start"),
                want_start
            );
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
