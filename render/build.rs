//! Writes the DejaVu Sans faces the renderer embeds (see `src/fonts.rs`) without their legacy
//! `kern` table.
//!
//! Every face also kerns through its `GPOS` table (the `kern` feature), and a shaper that
//! finds `GPOS` kerning never applies the legacy table, so no glyph moves. But harfrust, under
//! usvg, builds a lookup of that table for every run of text it shapes: 4,300 pairs, some
//! 320,000 instructions each time, about a twentieth of a busy map's whole render.
//! `render/tests/fonts.rs` holds the text drawn with these faces to the original ones, pixel
//! for pixel.

use std::path::PathBuf;

/// One of the dejavu crate's faces.
type Face = fn() -> &'static [u8];

/// The faces `src/fonts.rs` loads, with the file name each is written under.
const FACES: [(&str, Face); 4] = [
    ("DejaVuSans.ttf", dejavu::sans::regular),
    ("DejaVuSans-Bold.ttf", dejavu::sans::bold),
    ("DejaVuSans-Oblique.ttf", dejavu::sans::oblique),
    ("DejaVuSans-BoldOblique.ttf", dejavu::sans::bold_oblique),
];

fn main() {
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    for (name, face) in FACES {
        let font = without_table(face(), *b"kern").unwrap_or_else(|e| panic!("{name}: {e}"));
        std::fs::write(out.join(name), font).unwrap_or_else(|e| panic!("writing {name}: {e}"));
    }
    println!("cargo:rerun-if-changed=build.rs");
}

/// The font with the record of table `tag` taken out of its table directory. The tables keep
/// their places in the file (their offsets count from its start); the directory ends 16 bytes
/// sooner, and its binary-search fields are worked out again for one table fewer.
fn without_table(font: &[u8], tag: [u8; 4]) -> Result<Vec<u8>, String> {
    let u16_at = |at: usize| -> Result<u16, String> {
        font.get(at..at + 2)
            .map(|b| u16::from_be_bytes([b[0], b[1]]))
            .ok_or_else(|| format!("the font ends at byte {} inside its header", font.len()))
    };
    let tables = u16_at(4)? as usize;
    let records = 12..12 + 16 * tables;
    if font.len() < records.end {
        return Err(format!(
            "{tables} table records do not fit in {} bytes",
            font.len()
        ));
    }
    let kept: Vec<&[u8]> = font[records.clone()]
        .chunks_exact(16)
        .filter(|r| r[..4] != tag)
        .collect();
    if kept.len() == tables {
        return Err(format!("no `{}` table", String::from_utf8_lossy(&tag)));
    }
    let n = kept.len() as u16;
    // OpenType's search fields: the largest power of two not above n, times 16; its log2;
    // and the rest.
    let power = 1u16 << (15 - n.leading_zeros());
    let search_range = power * 16;
    let entry_selector = power.trailing_zeros() as u16;
    let range_shift = n * 16 - search_range;
    let mut out = Vec::with_capacity(font.len());
    out.extend_from_slice(&font[..4]);
    for field in [n, search_range, entry_selector, range_shift] {
        out.extend_from_slice(&field.to_be_bytes());
    }
    for record in &kept {
        out.extend_from_slice(record);
    }
    // The freed record's 16 bytes, so that every table stays at its offset.
    out.extend_from_slice(&[0; 16]);
    out.extend_from_slice(&font[records.end..]);
    debug_assert_eq!(out.len(), font.len());
    Ok(out)
}
