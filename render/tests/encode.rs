//! The small PNG and the animation: the busy Standard board (34 units, 34 orders) decodes to a
//! picture a player cannot tell from the full-colour one, in a file under 300 KB; a picture
//! of few colours comes back exact; the GIF of several phases decodes to one frame each,
//! showing each phase's colours.

mod common;

use render::encode::{quantise, scaled, Animation};
use render::tiny_skia::{Pixmap, PremultipliedColorU8};
use render::Palette;

fn decode_png(bytes: &[u8]) -> (u32, u32, Vec<[u8; 3]>) {
    let mut dec = png::Decoder::new(std::io::Cursor::new(bytes));
    dec.set_transformations(png::Transformations::EXPAND);
    let mut reader = dec.read_info().expect("PNG header");
    let mut buf = vec![0; reader.output_buffer_size().expect("size")];
    let info = reader.next_frame(&mut buf).expect("PNG data");
    assert_eq!(
        info.color_type,
        png::ColorType::Rgb,
        "palette expands to RGB"
    );
    let px = buf[..info.buffer_size()]
        .chunks_exact(3)
        .map(|c| [c[0], c[1], c[2]])
        .collect();
    (info.width, info.height, px)
}

fn rgb(pm: &Pixmap) -> Vec<[u8; 3]> {
    pm.pixels()
        .iter()
        .map(|p| {
            let c = p.demultiply();
            [c.red(), c.green(), c.blue()]
        })
        .collect()
}

fn distance(a: [u8; 3], b: [u8; 3]) -> f64 {
    (0..3)
        .map(|i| (a[i] as f64 - b[i] as f64).powi(2))
        .sum::<f64>()
        .sqrt()
}

fn luma(c: [u8; 3]) -> f64 {
    0.299 * c[0] as f64 + 0.587 * c[1] as f64 + 0.114 * c[2] as f64
}

#[test]
fn the_busy_standard_board_is_small_and_looks_the_same() {
    let art = common::standard_art();
    let scene = common::standard_scene(Palette::Default);
    let pm = render::render_pixmap(art, &scene).expect("render");
    let png = render::encode_png(&pm).expect("encode");
    assert!(
        png.len() <= 300_000,
        "the busy Standard map is {} bytes; at most 300 KB",
        png.len()
    );
    assert_eq!(png, render::render_png(art, &scene).expect("render_png"));

    let (w, h, got) = decode_png(&png);
    assert_eq!((w, h), (pm.width(), pm.height()));
    let want = rgb(&pm);
    let mut d: Vec<f64> = want
        .iter()
        .zip(&got)
        .map(|(a, b)| distance(*a, *b))
        .collect();
    let mean = d.iter().sum::<f64>() / d.len() as f64;
    d.sort_by(f64::total_cmp);
    let p99 = d[d.len() * 99 / 100];
    let p999 = d[d.len() * 999 / 1000];
    eprintln!(
        "{} bytes; colour difference: mean {mean:.2}, p99 {p99:.1}, p99.9 {p999:.1}",
        png.len()
    );
    assert!(mean < 1.0, "mean colour difference {mean:.2}");
    assert!(p99 < 12.0, "99th percentile colour difference {p99:.1}");
    assert!(p999 < 24.0, "99.9th percentile colour difference {p999:.1}");
    // Text and outlines are the dark pixels: they stay as dark as they were, within a few
    // levels (the odd edge pixel within a tenth), so no letter thins or blurs.
    let mut dark: Vec<f64> = want
        .iter()
        .zip(&got)
        .filter(|(a, _)| luma(**a) < 64.0)
        .map(|(a, b)| (luma(*a) - luma(*b)).abs())
        .collect();
    assert!(dark.len() > 10_000, "the map has text: {}", dark.len());
    dark.sort_by(f64::total_cmp);
    let (dark999, worst) = (dark[dark.len() * 999 / 1000], dark[dark.len() - 1]);
    eprintln!(
        "text pixels: {}, lightness change p99.9 {dark999:.1}, worst {worst:.1}",
        dark.len()
    );
    assert!(
        dark999 < 12.0,
        "text pixels' lightness moved by {dark999:.1} (p99.9)"
    );
    assert!(worst < 24.0, "a text pixel's lightness moved by {worst:.1}");
    // The flat colours (sea, land, each power's shade) come back exactly.
    let mut counts = std::collections::HashMap::new();
    for c in &want {
        *counts.entry(*c).or_insert(0usize) += 1;
    }
    for (c, n) in counts.iter().filter(|(_, n)| **n >= 2_000) {
        let exact = want.iter().zip(&got).filter(|(a, b)| *a == c && *b == c);
        assert_eq!(exact.count(), *n, "flat colour {c:?} ({n} pixels) shifted");
    }
}

#[test]
fn a_picture_of_few_colours_comes_back_exact() {
    let mut pm = Pixmap::new(40, 30).expect("pixmap");
    let colours = [[10, 20, 30], [200, 100, 50], [255, 255, 255]];
    for (i, p) in pm.pixels_mut().iter_mut().enumerate() {
        let [r, g, b] = colours[(i / 7) % 3];
        *p = PremultipliedColorU8::from_rgba(r, g, b, 255).expect("opaque");
    }
    let img = quantise(&pm, 256);
    assert_eq!(img.palette.0.len(), 3);
    let png = render::encode_png(&pm).expect("encode");
    assert_eq!(decode_png(&png).2, rgb(&pm));
}

fn decode_gif(bytes: &[u8]) -> Vec<(u16, Vec<u8>)> {
    let mut opts = gif::DecodeOptions::new();
    opts.set_color_output(gif::ColorOutput::RGBA);
    let mut dec = opts.read_info(bytes).expect("GIF header");
    let mut screen = vec![0u8; dec.width() as usize * dec.height() as usize * 4];
    let width = dec.width() as usize;
    let mut frames = Vec::new();
    while let Some(f) = dec.read_next_frame().expect("GIF frame") {
        // Composite the frame over what is shown, as a viewer does with `Keep`.
        for y in 0..f.height as usize {
            for x in 0..f.width as usize {
                let s = (y * f.width as usize + x) * 4;
                if f.buffer[s + 3] == 0 {
                    continue;
                }
                let d = ((y + f.top as usize) * width + x + f.left as usize) * 4;
                screen[d..d + 4].copy_from_slice(&f.buffer[s..s + 4]);
            }
        }
        frames.push((f.delay, screen.clone()));
    }
    frames
}

#[test]
fn an_animation_decodes_to_one_frame_per_phase_showing_each() {
    let art = common::standard_art();
    let busy =
        render::render_pixmap(art, &common::standard_scene(Palette::Default)).expect("render");
    let start =
        render::render_pixmap(art, &common::standard_start(Palette::Default)).expect("render");
    let busy = scaled(&busy, 650).expect("scale");
    let start = scaled(&start, 650).expect("scale");
    assert_eq!((busy.width(), busy.height()), (650, 500));
    let mut anim = Animation::new(650, 500).expect("animation");
    for (pm, delay) in [(&start, 150), (&busy, 150), (&busy, 150), (&start, 500)] {
        anim.add(pm, delay).expect("frame");
    }
    assert_eq!(anim.frames(), 4);
    let gif = anim.finish().expect("gif");
    assert!(gif.starts_with(b"GIF89a"));
    let frames = decode_gif(&gif);
    let delays: Vec<u16> = frames.iter().map(|f| f.0).collect();
    assert_eq!(
        delays,
        [150, 150, 150, 500],
        "the last phase is held longer"
    );
    for (i, want) in [&start, &busy, &busy, &start].into_iter().enumerate() {
        let want = rgb(want);
        let shown = &frames[i].1;
        let mean = want
            .iter()
            .zip(shown.chunks_exact(4))
            .map(|(a, b)| distance(*a, [b[0], b[1], b[2]]))
            .sum::<f64>()
            / want.len() as f64;
        assert!(mean < 1.5, "frame {i} differs from its phase by {mean:.2}");
    }
    // An unchanged phase costs almost nothing: the repeat adds a few bytes, not a picture.
    let mut once = Animation::new(650, 500).expect("animation");
    once.add(&busy, 150).expect("frame");
    let one = once.finish().expect("gif").len();
    let mut twice = Animation::new(650, 500).expect("animation");
    twice.add(&busy, 150).expect("frame");
    twice.add(&busy, 150).expect("frame");
    assert!(twice.finish().expect("gif").len() < one + 200);
}

#[test]
fn an_animation_refuses_frames_of_another_size() {
    let mut anim = Animation::new(20, 10).expect("animation");
    let wrong = Pixmap::new(10, 10).expect("pixmap");
    let e = anim.add(&wrong, 100).expect_err("wrong size");
    assert!(e.to_string().contains("10x10"), "{e}");
    assert!(Animation::new(0, 10).is_err());
    assert!(Animation::new(20, 10).expect("animation").finish().is_err());
}
