//! The embedded fonts and the SVG parsing options that use them.
//!
//! Text is drawn only with the DejaVu faces compiled into the binary (`build.rs`
//! prepares them). resvg is built without its system-font support, and every
//! generic family name maps to DejaVu Sans, because a family that resolves to
//! nothing makes resvg drop the text without any error.

use std::sync::{Arc, OnceLock};

use resvg::usvg::{self, fontdb};

/// The family name to use in SVG produced for this crate.
pub const FAMILY: &str = "DejaVu Sans";

/// The DejaVu Sans faces as `build.rs` writes them: the crate's files without their legacy
/// `kern` table, which shaping never applies (their `GPOS` table kerns) but harfrust indexes
/// for every run of text.
pub const FACES: [&[u8]; 4] = [
    include_bytes!(concat!(env!("OUT_DIR"), "/DejaVuSans.ttf")),
    include_bytes!(concat!(env!("OUT_DIR"), "/DejaVuSans-Bold.ttf")),
    include_bytes!(concat!(env!("OUT_DIR"), "/DejaVuSans-Oblique.ttf")),
    include_bytes!(concat!(env!("OUT_DIR"), "/DejaVuSans-BoldOblique.ttf")),
];

/// The shared font database, loaded on first use.
pub fn database() -> Arc<fontdb::Database> {
    static DB: OnceLock<Arc<fontdb::Database>> = OnceLock::new();
    DB.get_or_init(|| {
        let mut db = fontdb::Database::new();
        // The faces are read where the binary holds them: a copy would be 2.5 MB more memory
        // and, in a short-lived `parley render`, some 600 more page faults.
        for face in FACES {
            db.load_font_source(fontdb::Source::Binary(Arc::new(face)));
        }
        db.set_sans_serif_family(FAMILY);
        db.set_serif_family(FAMILY);
        db.set_monospace_family(FAMILY);
        db.set_cursive_family(FAMILY);
        db.set_fantasy_family(FAMILY);
        Arc::new(db)
    })
    .clone()
}

/// usvg options that resolve every font to the embedded DejaVu Sans. Use these
/// to parse SVG produced by [`crate::render_svg`].
pub fn options() -> usvg::Options<'static> {
    usvg::Options {
        font_family: FAMILY.to_string(),
        fontdb: database(),
        ..usvg::Options::default()
    }
}

/// Parses an SVG document with the bundled fonts (the art, a piece of the overlay, a map).
pub(crate) fn parse_svg(svg: &str) -> Result<usvg::Tree, crate::error::Error> {
    usvg::Tree::from_str(svg, &options()).map_err(|e| crate::error::Error::Svg(e.to_string()))
}
