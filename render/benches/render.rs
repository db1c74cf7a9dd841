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
//! What is left: the overlay's SVG is still parsed (usvg shapes every text anew) and
//! rasterised per map, and deflate at level 1 (miniz_oxide) takes about 5 ms of the encode.

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
