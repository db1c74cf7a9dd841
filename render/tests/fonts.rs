//! The embedded faces draw text exactly as DejaVu Sans itself does: `build.rs` leaves out their
//! legacy `kern` table, which shaping never applies because `GPOS` kerns, so every glyph of a
//! label, in each weight and slant, lands on the same pixels as with the crate's own files.

use render::tiny_skia::{Pixmap, Transform};
use render::usvg::{self, fontdb};
use std::sync::Arc;

/// Names and words a map writes, chosen for their kerning pairs (AV, To, Ty, Wa, Yo, LT, "r.")
/// and accents, in the sizes labels and legends use.
const LINES: &[&str] = &[
    "AVALON Tyrrhenian Sea Yorkshire Wales",
    "Tortuga Tobago LYA Vera Cruz Panamá",
    "Ta Te To Tr Tu Tw Ty Va Ve Vo Wa We Wo Ya Yo",
    "F Bre → Eng, A Par S A Bur – Mar (dislodged)",
    "Río de la Plata São Paulo Québec Ærø Łódź",
    "1901 Spring Movement: 17/18 centres, 3 to build",
];

fn svg() -> String {
    let mut text = String::new();
    let mut y = 20;
    for (i, line) in LINES.iter().enumerate() {
        for (weight, style) in [
            ("normal", "normal"),
            ("bold", "normal"),
            ("normal", "italic"),
            ("bold", "italic"),
        ] {
            let size = 9 + 3 * (i % 4);
            text.push_str(&format!(
                "<text x=\"6\" y=\"{y}\" font-family=\"DejaVu Sans\" font-size=\"{size}\" \
                 font-weight=\"{weight}\" font-style=\"{style}\">{line}</text>"
            ));
            y += size + 6;
        }
    }
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"560\" height=\"{}\">\
         <rect width=\"100%\" height=\"100%\" fill=\"white\"/>{text}</svg>",
        y + 10
    )
}

fn draw(faces: &[&'static [u8]]) -> Pixmap {
    let mut db = fontdb::Database::new();
    for face in faces {
        db.load_font_source(fontdb::Source::Binary(Arc::new(*face)));
    }
    let options = usvg::Options {
        font_family: "DejaVu Sans".into(),
        fontdb: Arc::new(db),
        ..usvg::Options::default()
    };
    let tree = usvg::Tree::from_str(&svg(), &options).expect("the test's SVG parses");
    let size = tree.size().to_int_size();
    let mut pixmap = Pixmap::new(size.width(), size.height()).expect("a pixmap");
    resvg::render(&tree, Transform::identity(), &mut pixmap.as_mut());
    pixmap
}

fn has_table(font: &[u8], tag: &[u8; 4]) -> bool {
    let tables = u16::from_be_bytes([font[4], font[5]]) as usize;
    font[12..12 + 16 * tables]
        .chunks_exact(16)
        .any(|r| &r[..4] == tag)
}

#[test]
fn labels_draw_the_same_with_the_embedded_faces_as_with_dejavus_own() {
    let original = [
        dejavu::sans::regular(),
        dejavu::sans::bold(),
        dejavu::sans::oblique(),
        dejavu::sans::bold_oblique(),
    ];
    for (ours, theirs) in render::fonts::FACES.iter().zip(original) {
        assert!(
            has_table(theirs, b"kern"),
            "DejaVu's own face has a kern table"
        );
        assert!(!has_table(ours, b"kern"), "the embedded face has none");
        assert!(
            has_table(ours, b"GPOS"),
            "the embedded face still kerns by GPOS"
        );
        assert_eq!(ours.len(), theirs.len(), "every table stays at its offset");
    }
    let want = draw(&original);
    let got = draw(&render::fonts::FACES);
    // The text really was drawn: a third of the rows carry ink.
    let ink = want.data().chunks_exact(4).filter(|p| p[0] < 128).count();
    assert!(
        ink > 20_000,
        "only {ink} dark pixels: the text was not drawn"
    );
    let differ = want
        .data()
        .chunks_exact(4)
        .zip(got.data().chunks_exact(4))
        .filter(|(a, b)| a != b)
        .count();
    assert_eq!(differ, 0, "{differ} pixels differ between the two faces");
}

#[test]
fn kerning_still_moves_glyphs() {
    // "AV" kerned is narrower than an "A" and a "V" side by side: the GPOS kerning the
    // embedded faces keep is applied (usvg ignores `font-kerning`, so the pair is measured
    // against its letters).
    let width_of = |text: &str| {
        let svg = format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"600\" height=\"60\">\
             <text x=\"0\" y=\"40\" font-size=\"40\">{text}</text></svg>"
        );
        let tree = usvg::Tree::from_str(&svg, &render::fonts::options()).expect("parses");
        tree.root().abs_bounding_box().width()
    };
    for (pair, first, second) in [("AV", "A", "V"), ("To", "T", "o"), ("Ya", "Y", "a")] {
        let (kerned, apart) = (width_of(pair), width_of(first) + width_of(second));
        assert!(
            kerned < apart - 1.0,
            "{pair} is {kerned:.1} wide, its letters {apart:.1}: the faces no longer kern"
        );
    }
}
