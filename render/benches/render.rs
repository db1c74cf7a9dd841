//! Benchmark: the Standard map with 34 units and 34 orders, scene to PNG bytes.
//!
//! Issue #30 (a map in 10 ms), release build on the 2-core machine shared with other builds,
//! 29 November 2026. Before: the art's upper layer drawn with tiny-skia's image draw (its float
//! sampling pipeline over the whole picture) and each owned province filled as a path. After:
//! the upper layer's drawn pixels blended in place, each province's coverage rasterised once
//! with the art, each colour run looked up once while quantising. Medians, old and new binaries
//! run in turn in the same sitting:
//!
//! | sitting (two runs each) | png (scene to bytes) | pixmap only   | encode only  |
//! |--------------------------|----------------------|---------------|--------------|
//! | quiet, before            | 42.5 / 38.9 ms       | 25.5 / 23.9   | 10.4 / 10.3  |
//! | quiet, after             | 31.1 / 29.8 ms       | 16.9 / 15.8   | 9.7 / 9.6    |
//! | loaded, before           | 58.3 / 63.1 ms       | 39.8 / 39.2   |              |
//! | loaded, after            | 53.0 / 50.6 ms       | 26.5 / 26.3   |              |
//!
//! png's `zlib-rs` feature (flate2's zlib-rs backend instead of miniz_oxide) was tried, not
//! kept: png 31.7 -> 27.8 ms, encode 10.3 -> 8.7 ms, the file 220 -> 232 KB.
//!
//! Second step, same day: the overlay's repeated pieces made once per art (render/src/pieces.rs):
//! texts shaped once instead of by usvg per map, and texts, unit symbols and circles rasterised
//! once per fraction of a pixel and copied into place. The first sitting below was on a loaded machine
//! (load average 5.5-6.6 on the two cores, other builds running), the old binary (commit
//! 55b60a9) and the new one run in turn, two runs each, medians; later a quieter sitting the
//! same way:
//!
//! | sitting (two runs each) | png (scene to bytes) | pixmap only   | encode only  |
//! |--------------------------|----------------------|---------------|--------------|
//! | loaded, before           | 51.5 / 52.2 ms       | 27.6 / 27.5   | 15.7 / 15.4  |
//! | loaded, after            | 31.1 / 25.7 ms       | 14.6 / 12.4   | 15.0 / 14.1  |
//! | quieter (load 2.5), before | 32.5 / 31.8 ms     | 17.2 / 17.1   | 10.1 / 10.2  |
//! | quieter (load 2.5), after  | 19.2 / 19.5 ms     | 9.2 / 9.6     | 9.4 / 10.1   |
//!
//! (The quieter pair is the branch's last commit; the loaded one an earlier commit of the same
//! work whose drawing differs only in pieces painted with a paint server, of which this scene
//! has none.)
//!
//! Of the drawing that is left (release, quiet moments of the same day): building the overlay
//! about 1 ms, usvg's parse of what is not a piece (arrows, octagons, crosses) about 2 ms,
//! label placement 0.8 ms, copying and painting the art 3 ms, the orders' arrows 2 ms.
//!
//! What is left: the encode (counting colours, median cut and mapping about 5 ms, deflate at
//! level 1 with miniz_oxide about 4.5 ms, quiet) is now half the time; the palette is still
//! built per map. Rewriting the colour count's run scan with 128-bit compares did not help.

use criterion::{black_box, criterion_group, criterion_main, Criterion};

#[path = "../tests/common/mod.rs"]
mod common;

fn bench(c: &mut Criterion) {
    let art = common::standard_art();
    let scene = common::standard_scene(render::Palette::Default);
    assert_eq!(scene.units.len(), 34);
    assert_eq!(scene.orders.len(), 34);
    let png = render::render_png(art, &scene).expect("render");
    eprintln!("standard sample PNG: {} bytes", png.len());

    c.bench_function("standard_34_units_34_orders_png", |b| {
        b.iter(|| render::render_png(black_box(art), black_box(&scene)).expect("render"))
    });
    c.bench_function("standard_34_units_34_orders_pixmap_only", |b| {
        b.iter(|| render::render_pixmap(black_box(art), black_box(&scene)).expect("render"))
    });
    let pm = render::render_pixmap(art, &scene).expect("render");
    c.bench_function("standard_34_units_34_orders_count_colours", |b| {
        b.iter(|| {
            let mut counts = render::encode::Counts::default();
            counts.add_pixels(black_box(pm.data()));
            counts
        })
    });
    let mut counts = render::encode::Counts::default();
    counts.add_pixels(pm.data());
    c.bench_function("standard_34_units_34_orders_palette", |b| {
        b.iter(|| render::encode::palette(black_box(&counts), 256))
    });
    c.bench_function("standard_34_units_34_orders_quantise_only", |b| {
        b.iter(|| render::encode::quantise(black_box(&pm), 256))
    });
    c.bench_function("standard_34_units_34_orders_encode_only", |b| {
        b.iter(|| render::encode_png(black_box(&pm)).expect("encode"))
    });
    c.bench_function("standard_map_art_parse", |b| {
        b.iter(|| render::MapArt::from_svg(black_box(common::STANDARD_MAP_SVG)).expect("art"))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
