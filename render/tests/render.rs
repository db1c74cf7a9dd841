//! Renders the sample Standard position and checks the picture and the errors.

mod common;

use common::{standard_art, standard_scene};
use render::{Error, Location, Order, OrderMark, Palette, Rgb, Scene, UnitKind, UnitMark};

fn decode(png_bytes: &[u8]) -> (u32, u32, Vec<u8>) {
    // Maps are indexed PNGs (see render/src/encode.rs); the palette is expanded to RGB here.
    let mut decoder = png::Decoder::new(std::io::Cursor::new(png_bytes));
    decoder.set_transformations(png::Transformations::EXPAND);
    let mut reader = decoder.read_info().expect("PNG header");
    assert_eq!(reader.info().color_type, png::ColorType::Indexed);
    let mut buf = vec![0; reader.output_buffer_size().expect("size")];
    let info = reader.next_frame(&mut buf).expect("PNG data");
    assert_eq!(info.color_type, png::ColorType::Rgb);
    assert_eq!(info.bit_depth, png::BitDepth::Eight);
    buf.truncate(info.buffer_size());
    (info.width, info.height, buf)
}

fn pixel(img: &(u32, u32, Vec<u8>), (x, y): (f32, f32)) -> Rgb {
    let (w, _, data) = img;
    let i = ((y as u32 * w + x as u32) * 3) as usize;
    Rgb(data[i], data[i + 1], data[i + 2])
}

fn write_artifact(name: &str, bytes: &[u8]) {
    // Kept for looking at; tests never read it back.
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"));
    std::fs::write(dir.join(name), bytes).expect("write artifact");
}

#[test]
fn sample_position_renders_to_a_valid_png() {
    let art = standard_art();
    let scene = standard_scene(Palette::Default);
    let png_bytes = render::render_png(art, &scene).expect("render");
    write_artifact("standard-sample.png", &png_bytes);
    assert!(
        png_bytes.len() < 1_500_000,
        "PNG is {} bytes",
        png_bytes.len()
    );
    let img = decode(&png_bytes);
    assert_eq!((img.0, img.1), (art.width(), art.height()));
    assert_eq!((img.0, img.1), (1300, 1000));

    // Owned provinces without units show the owner's territory colour at their anchor
    // (unless the label pass moved a label onto it).
    let layout = render::layout(art, &scene).expect("layout");
    let mut seen = 0;
    for (province, slot) in [("vie", 0), ("kie", 3), ("sil", 3)] {
        let anchor = art.unit_anchor(province, None).unwrap();
        let clear = |(x, y): (f32, f32)| {
            layout.labels.iter().all(|l| {
                !(l.bounds.x0 - 2.0 <= x
                    && x <= l.bounds.x1 + 2.0
                    && l.bounds.y0 - 2.0 <= y
                    && y <= l.bounds.y1 + 2.0)
            })
        };
        if !clear(anchor) {
            continue;
        }
        seen += 1;
        let at = art.to_pixel(anchor);
        assert_eq!(
            pixel(&img, at),
            Palette::Default.colour(slot).territory(),
            "{province}"
        );
    }
    assert!(seen >= 2, "labels cover most owned anchors");
    // An unowned land province keeps the art's colour, which is none of those.
    let boh = pixel(&img, art.to_pixel(art.unit_anchor("boh", None).unwrap()));
    assert!((0..7).all(|s| Palette::Default.colour(s).territory() != boh));

    // Units are drawn on their anchors in their power's colour: beside the
    // letter, inside the symbol.
    for (province, slot) in [("bud", 0), ("mos", 5), ("par", 2)] {
        let (x, y) = art.to_pixel(art.unit_anchor(province, None).unwrap());
        assert_eq!(
            pixel(&img, (x - 8.0, y)),
            Palette::Default.colour(slot),
            "unit in {province}"
        );
    }
    // A fleet on a split coast stands on that coast's anchor.
    // (Its move to the Gulf of Bothnia leaves to the left, so look right of the letter.)
    let (x, y) = art.to_pixel(art.unit_anchor("stp", Some("sc")).unwrap());
    assert_eq!(
        pixel(&img, (x + 9.0, y - 3.0)),
        Palette::Default.colour(5),
        "fleet on stp/sc"
    );
}

#[test]
fn opening_position_renders() {
    let art = standard_art();
    let png_bytes = render::render_png(art, &common::standard_start(Palette::Default)).unwrap();
    write_artifact("standard-start.png", &png_bytes);
    let img = decode(&png_bytes);
    // Neutral Belgium keeps the plain land colour; Paris is French.
    let bel = pixel(&img, art.to_pixel(art.unit_anchor("bel", None).unwrap()));
    let bur = pixel(&img, art.to_pixel(art.unit_anchor("bur", None).unwrap()));
    assert_eq!(bel, bur, "unowned provinces share the art's land colour");
    let (x, y) = art.to_pixel(art.sc_anchor("par").unwrap());
    assert_eq!(
        pixel(&img, (x + 2.0, y)),
        Palette::Default.colour(2),
        "Paris's centre is French"
    );
}

#[test]
fn svg_output_matches_the_fast_path() {
    let art = standard_art();
    let scene = standard_scene(Palette::Default);
    let fast = render::render_pixmap(art, &scene).unwrap();
    let svg = render::render_svg(art, &scene).unwrap();
    let tree = render::usvg::Tree::from_str(&svg, &render::fonts::options()).unwrap();
    let mut slow = render::tiny_skia::Pixmap::new(art.width(), art.height()).unwrap();
    slow.fill(render::tiny_skia::Color::WHITE);
    resvg_render(&tree, &mut slow);
    let total: u64 = fast
        .data()
        .iter()
        .zip(slow.data())
        .map(|(a, b)| (*a as i32 - *b as i32).unsigned_abs() as u64)
        .sum();
    let mean = total as f64 / fast.data().len() as f64;
    assert!(mean < 0.2, "mean channel difference {mean}");
}

/// Not only on average: no pixel of the PNG's picture strays visibly from the SVG's (a mark
/// left out or drawn elsewhere would show here and hardly move the mean). A piece drawn from
/// a copy made at the origin may flip a few of an edge pixel's 16 anti-aliasing samples (16
/// levels each); a missing mark differs by a hundred levels or more.
#[test]
fn svg_output_and_the_fast_path_agree_at_every_pixel() {
    let art = standard_art();
    let scene = standard_scene(Palette::Default);
    let fast = render::render_pixmap(art, &scene).unwrap();
    let svg = render::render_svg(art, &scene).unwrap();
    let tree = render::usvg::Tree::from_str(&svg, &render::fonts::options()).unwrap();
    let mut slow = render::tiny_skia::Pixmap::new(art.width(), art.height()).unwrap();
    slow.fill(render::tiny_skia::Color::WHITE);
    resvg_render(&tree, &mut slow);
    let w = art.width() as usize;
    let worst = fast
        .data()
        .iter()
        .zip(slow.data())
        .enumerate()
        .max_by_key(|(_, (a, b))| a.abs_diff(**b))
        .map(|(i, (a, b))| (i / 4 % w, i / 4 / w, a.abs_diff(*b)))
        .unwrap();
    assert!(
        worst.2 <= 16,
        "pixel ({}, {}) differs by {}",
        worst.0,
        worst.1,
        worst.2
    );
}

fn resvg_render(tree: &render::usvg::Tree, pm: &mut render::tiny_skia::Pixmap) {
    resvg::render(
        tree,
        render::tiny_skia::Transform::identity(),
        &mut pm.as_mut(),
    );
}

#[test]
fn palettes_differ() {
    for slot in 0..Palette::SLOTS {
        assert_ne!(
            Palette::Default.colour(slot),
            Palette::ColourBlind.colour(slot),
            "slot {slot}"
        );
    }
    for p in [Palette::Default, Palette::ColourBlind] {
        let mut all: Vec<Rgb> = p.colours().to_vec();
        all.sort_by_key(|c| c.hex());
        all.dedup();
        assert_eq!(all.len(), 12, "{p:?} has twelve distinct colours");
    }
    let art = standard_art();
    let a = render::render_pixmap(art, &standard_scene(Palette::Default)).unwrap();
    let b = render::render_pixmap(art, &standard_scene(Palette::ColourBlind)).unwrap();
    let at = art.to_pixel(art.unit_anchor("vie", None).unwrap());
    let px = |pm: &render::tiny_skia::Pixmap| {
        let c = pm.pixel(at.0 as u32, at.1 as u32).unwrap().demultiply();
        Rgb(c.red(), c.green(), c.blue())
    };
    assert_eq!(px(&a), Palette::Default.colour(0).territory());
    assert_eq!(px(&b), Palette::ColourBlind.colour(0).territory());
    assert_ne!(px(&a), px(&b));
}

#[test]
fn unknown_provinces_are_reported_by_name() {
    let art = standard_art();
    let mut scene = standard_scene(Palette::Default);
    scene
        .units
        .push(UnitMark::new("England", UnitKind::Army, "atlantis"));
    match render::render_png(art, &scene) {
        Err(Error::UnknownProvince { province, .. }) => assert_eq!(province, "atlantis"),
        other => panic!("expected an unknown province error, got {other:?}"),
    }

    let mut scene = standard_scene(Palette::Default);
    scene.orders.push(OrderMark::new(
        "France",
        Order::Move {
            unit: "par".into(),
            to: "xyz".into(),
            via_convoy: false,
        },
    ));
    let e = render::render_svg(art, &scene).unwrap_err();
    assert!(e.to_string().contains("\"xyz\""), "{e}");

    let mut scene = standard_scene(Palette::Default);
    scene.units.push(UnitMark::new(
        "Russia",
        UnitKind::Fleet,
        Location::with_coast("stp", "wc"),
    ));
    assert!(matches!(
        render::render_png(art, &scene),
        Err(Error::UnknownCoast { .. })
    ));

    let mut scene = standard_scene(Palette::Default);
    scene
        .units
        .push(UnitMark::new("Atlantis", UnitKind::Army, "lon"));
    assert!(matches!(
        render::render_png(art, &scene),
        Err(Error::UnknownPower { .. })
    ));
}

#[test]
fn scenes_round_trip_through_json() {
    let scene = standard_scene(Palette::ColourBlind);
    let json = serde_json::to_string(&scene).unwrap();
    assert!(
        json.contains("\"stp/sc\""),
        "locations are written as strings"
    );
    let back: Scene = serde_json::from_str(&json).unwrap();
    assert_eq!(back, scene);

    let small: Scene = serde_json::from_str(
        r##"{"title": "Spring 1901 movement", "palette": "colour_blind",
            "powers": [{"name": "England", "colour": 1}, {"name": "Fixed", "colour": "#123456"}],
            "units": [{"power": "England", "kind": "Fleet", "location": "stp/nc"}],
            "orders": [{"power": "England", "order": {"kind": "move", "unit": "stp/nc", "to": "bar"}, "outcome": "failed"}]}"##,
    )
    .unwrap();
    assert_eq!(small.units[0].location, Location::with_coast("stp", "nc"));
    assert_eq!(small.power_colour("Fixed"), Some(Rgb(0x12, 0x34, 0x56)));
    assert!(render::render_png(standard_art(), &small).is_ok());
}
