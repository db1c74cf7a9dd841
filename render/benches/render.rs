//! Benchmark: the Standard map with 34 units and 34 orders, scene to PNG bytes.

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
