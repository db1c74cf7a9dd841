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
//!
//! Third sitting (issue #30 points 1 and 4, 29 November 2026, 10:53-11:08 UTC): the art kept
//! compact (lower layer as runs of one colour, coverage without bytes for fully covered pixels)
//! and the indexed PNG written directly (one miniz_oxide call at level 1, chunks by hand,
//! instead of png's writer, whose flate2 layer cleared a 32 KB buffer for every row). The
//! machine was busy throughout (load average 6-7 on the two cores, three other builds), so
//! every figure here moves by a third between runs. Criterion, old (commit 79d314c) and new
//! binaries in turn, two runs each, medians in ms:
//!
//! | binary | png          | pixmap only | count colours | palette   | quantise only | encode only | art parse     |
//! |--------|--------------|-------------|---------------|-----------|---------------|-------------|---------------|
//! | old    | 72.9 / 39.0  | 21.4 / 18.7 | 6.84 / 5.55   | 1.11/1.21 | 9.61 / 10.3   | 12.5 / 20.0 | 85.5 / 122.7  |
//! | new    | 34.7 / 36.6  | 16.7 / 19.2 | 5.95 / 5.89   | 1.26/1.26 | 11.3 / 11.2   | 18.4 / 19.1 | 139.6 / 152.2 |
//!
//! Steadier under that load: the fastest and the median of 60 runs each (a plain timing loop
//! over the same scene, old and new in turn, three runs each, 11:07-11:08, load 6.3):
//!
//! | binary | png fastest / median | pixmap fastest / median | encode fastest / median | quantise fastest / median |
//! |--------|----------------------|-------------------------|-------------------------|---------------------------|
//! | old    | 30.8-42.7 / 35.6-47.9 | 12.1-13.9 / 16.4-17.0  | 12.8-17.5 / 17.9-19.4   | 5.1-8.3 / 9.2-9.3         |
//! | new    | 33.9-41.7 / 44.7-46.7 | 8.1-12.5 / 16.4-16.6   | 12.7-14.5 / 16.8-16.9   | 5.2-5.3 / 9.3-10.1        |
//!
//! What that shows: the encode's median 1.5-2.5 ms less (the direct deflate; the file is 218,563
//! -> 218,655 bytes, the same pixels), the drawing unchanged within the noise (filling the lower
//! layer from its runs costs what copying it did), the art's parse a few ms more (about 5 % of
//! its profile is building the runs; once per variant and process). The 10 ms map is not
//! reached: from the earlier quiet sitting's 19 ms, about 1 ms is gone.
//!
//! Not done, and why: a palette built once per variant and set of power colours. Per map it
//! would save the median cut (about 1 ms loaded) and the nearest-entry search for each distinct
//! colour (part of the 2.4 ms that quantising spends past counting), but not the pass over
//! every pixel (about 4 ms loaded), which looking each run's colour up in a fixed palette costs
//! as much as counting it does. `render_png` and `encode_png` must also stay one function of
//! the pixels (`render/tests/encode.rs` asserts they give the same bytes), so a palette held by
//! the art would need its own path and a picture of every power's colours over the art to be
//! cut from. Tried and left: a deflate that matches only runs and the row above (and rows
//! shifted by up to three pixels): 280-330 KB against level 1's 218 KB, and no faster; the Up
//! and Sub filters before level 1: 263 and 240 KB, slower.
//!
//! Memory (`cargo run --release -p render --example art_memory`): one process holding all six
//! arts, each drawn once, 111.8 -> 38.0 MiB resident; drawing one map peaks at 23.1 MiB
//! (Standard's art held) and 43.6 MiB (Latin American's, 1800x2200). `parley bot` idle with a
//! game of each variant in play: 126 -> 34 MB (ARCHITECTURE.md, "Maps and the renderer").

//! Fourth sitting (issue #30 point 1, 29 November 2026, 13:55-14:00 UTC, other builders paused
//! while measuring): each thread keeps its large buffers for its next map (render/src/scratch.rs:
//! the picture, the colour runs, the PNG rows written with their filter bytes in place, deflate's
//! tables, and the stream deflated straight into the IDAT chunk). A fresh 5 MB picture and the
//! encode's blocks were faulted in and cleared by the kernel on every map. Criterion medians in
//! ms, old (5ac21f7) and new binaries in turn, two runs each; the files are byte-identical:
//!
//! | binary | png          | pixmap only | encode only |
//! |--------|--------------|-------------|-------------|
//! | old    | 20.2 / 19.8  | 9.4 / 9.1   | 9.7 / 8.8   |
//! | new    | 18.5 / 18.6  | 9.9 / 9.8   | 9.4 / 9.2   |
//!
//! (pixmap only never gives its picture back, so it still takes a fresh one each time.) The
//! fastest of 40 maps in a plain loop, same sitting: png 20.6 / 20.4 ms before, 18.3 / 17.8
//! after; run with glibc told to keep all its memory (`MALLOC_TRIM_THRESHOLD_` and
//! `MALLOC_MMAP_THRESHOLD_` at 1 GiB) the old binary gave 17.4 ms, which is what the kept
//! buffers recover. The 10 ms map is not reached: what is left is the overlay (usvg's parse of
//! the arrows, tiny-skia's anti-aliased fills, label placement, about 6 ms), the art's copy and
//! paint (about 2.5 ms), counting and mapping the colours (about 4.5 ms) and deflate (3.4 ms).
//!
//! Fourth step, 29 November 2026, 17:29-17:31 UTC, nothing else running: release builds with fat
//! LTO and one codegen unit (the workspace's new release profile), the fonts without their
//! legacy `kern` table (render/build.rs; it matters for the first map of a process, not here,
//! where the overlay's texts are pieces kept on the art) and fresh buffers mapped in one
//! `madvise`. Criterion medians of `standard_34_units_34_orders_png`, the session-18 binary
//! (528134a) and the new one (c916cca) in turn, five runs each; the files are byte-identical:
//! before 17.60, 18.52, 18.16, 18.37, 19.16 ms (median 18.37); after 17.16, 18.04, 17.23,
//! 17.94, 19.43 ms (median 17.94). LTO alone, measured beside them: 17.62, 17.69, 18.95 ms.
//! Still not the 10 ms map.

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
