//! The overlay's repeated pieces made once per art, not once per map: each text of the
//! overlay, each unit's symbol and each circle is cut out of the document the render parses
//! and drawn from a copy kept on the art.
//!
//! usvg lays out and shapes every `<text>` it parses (a shaper built per text, then every
//! glyph outlined): on the busy Standard board that was two thirds of the overlay's parse.
//! The same few texts come back map after map (unit letters, the key's words, most legend
//! lines), and a text's outlines do not depend on where it stands, so a text here is keyed
//! by its words, its own attributes and what it inherits, with its position left out.
//! A unit's symbol (shadow, token, letter) is the same for every unit of a kind and power, and
//! centre markers, rings and dots come in a few sizes and colours: each such shape, and each
//! text, is parsed once and rasterised once for each fraction of a pixel it stands at (a
//! province's places and the legend's lines are fixed, so the fractions recur), then copied
//! into place: tiny-skia's anti-aliased fill costs as much for a glyph or a small shape as a
//! copy of many pixels.
//! [`prepare`] replaces each piece with an empty group at its place (an id of [`TEXT`] or
//! [`SHAPE`] and a number); [`draw`] and the label pass find those groups and use the copy.
//! The SVG output ([`crate::render_svg`]) keeps the overlay as written.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use resvg::tiny_skia::{self, Pixmap, Transform};
use resvg::usvg;

use crate::error::Error;

/// The id prefixes of the stand-in groups in the parsed overlay.
const TEXT: &str = "parley-text-";
const SHAPE: &str = "parley-shape-";

/// How many pieces an art keeps before starting afresh: a game's legend lines (phase
/// titles, counts) are new now and then, and a long-running bot must not grow without end.
const KEEP: usize = 4096;
/// How many fractions of a pixel a piece is kept rasterised at; beyond that its raster is made
/// for the one map and not kept.
const SPRITES: usize = 32;

/// A text or a shape (a unit's symbol, a circle) parsed, and rasterised at the fractions of a
/// pixel it stood at.
pub(crate) struct Piece {
    tree: usvg::Tree,
    sprites: Mutex<Vec<(SpriteKey, Arc<Sprite>)>>,
}

/// The linear part of the transform to pixels, and the fraction of a pixel the origin falls
/// on, bit for bit.
type SpriteKey = [u32; 6];

struct Sprite {
    pixmap: Pixmap,
    /// Where its corner lies from the whole pixel the origin falls in.
    at: (i32, i32),
    /// Whether it is kept, and so counts against [`BUDGET`].
    counted: bool,
}

/// How many bytes the rasters of all arts' pieces may hold together; past that a piece not
/// yet rasterised at its fraction is rasterised for the one map and not kept. A new phase title, or a legend line's
/// count, is a new text: without a bound a long-running bot would keep every one it drew.
const BUDGET: usize = 8 << 20;
static SPRITE_BYTES: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

impl Drop for Sprite {
    fn drop(&mut self) {
        if !self.counted {
            return;
        }
        SPRITE_BYTES.fetch_sub(
            self.pixmap.data().len(),
            std::sync::atomic::Ordering::Relaxed,
        );
    }
}

/// The pieces already made for one art, by key (see the module's notes).
#[derive(Default)]
pub(crate) struct Made {
    shaped: Mutex<HashMap<String, Arc<Piece>>>,
    shapes: Mutex<HashMap<String, Arc<Piece>>>,
}

/// The pieces a parsed overlay's stand-ins hold the place of, by number.
#[derive(Default)]
pub(crate) struct Pieces {
    texts: Vec<Arc<Piece>>,
    shapes: Vec<Arc<Piece>>,
}

/// The overlay document with its pieces cut out, and the pieces.
pub(crate) struct Prepared {
    pub doc: String,
    pub pieces: Pieces,
}

/// The shaped text a stand-in group holds the place of, if `g` is one.
pub(crate) fn stand_in<'a>(g: &usvg::Group, pieces: &'a Pieces) -> Option<&'a usvg::Text> {
    let n: usize = g.id().strip_prefix(TEXT)?.parse().ok()?;
    first_text(pieces.texts.get(n)?.tree.root())
}

/// The shape (a unit's symbol, a circle) a stand-in group holds the place of, if `g` is one:
/// its parsed tree, drawn at the origin of `g`'s coordinates.
pub(crate) fn shape_stand_in<'a>(g: &usvg::Group, pieces: &'a Pieces) -> Option<&'a usvg::Group> {
    let n: usize = g.id().strip_prefix(SHAPE)?.parse().ok()?;
    Some(pieces.shapes.get(n)?.tree.root())
}

fn first_text(g: &usvg::Group) -> Option<&usvg::Text> {
    g.children().iter().find_map(|n| match n {
        usvg::Node::Text(t) => Some(t.as_ref()),
        usvg::Node::Group(g) => first_text(g),
        _ => None,
    })
}

/// What an element inherits, as the start tags of its groups (without their transforms, which
/// the stand-in carries); `None` where a copy would lose its context (a group with opacity, a
/// filter, a clip or a mask, styles, a class when the art has a style sheet (`sheet`), whose
/// selectors might not match the copy, or anything but groups).
fn inherited(n: roxmltree::Node, sheet: bool) -> Option<String> {
    let mut key = String::new();
    let ancestors: Vec<_> = n.ancestors().skip(1).filter(|n| n.is_element()).collect();
    // The outermost is the document's root, which the cached copy shares (the art's header).
    for g in ancestors.iter().rev().skip(1) {
        if g.tag_name().name() != "g" {
            return None;
        }
        key += "<g";
        for a in g.attributes() {
            match a.name() {
                "transform" => {}
                "opacity" | "filter" | "clip-path" | "mask" | "style" => return None,
                "class" if sheet => return None,
                _ => key += &attr(&a)?,
            }
        }
        key += ">";
    }
    // Closed after the piece, when the key is parsed (see `parse_piece`).
    key += PIECE;
    Some(key)
}

/// Where the inherited groups end and the piece begins in a key.
const PIECE: &str = "<!--piece-->";

/// A unit's symbol as a piece: its group's key (what it inherits, then its content) and its
/// transform. Only the groups directly in `<g id="units">`, each one unit's symbol.
fn unit_key<'a>(src: &str, g: roxmltree::Node<'a, 'a>, sheet: bool) -> Option<(String, &'a str)> {
    let parent = g.parent_element()?;
    if g.tag_name().name() != "g" || parent.attribute("id") != Some("units") {
        return None;
    }
    let transform = g.attribute("transform")?;
    if g.attributes().count() != 1 {
        return None;
    }
    if g.descendants().any(|d| {
        d.is_element()
            && [
                "opacity",
                "filter",
                "clip-path",
                "mask",
                "style",
                "class",
                "id",
            ]
            .iter()
            .any(|a| d.attribute(*a).is_some())
    }) {
        return None;
    }
    let mut key = inherited(g, sheet)?;
    key += "<g>";
    if let (Some(first), Some(last)) = (g.first_child(), g.last_child()) {
        let inner = &src[first.range().start..last.range().end];
        if inner.contains("url(") {
            return None;
        }
        key += inner;
    }
    key += "</g>";
    Some((key, transform))
}

/// A circle as a piece: its key (what it inherits, then the circle at the origin) and its
/// centre. Centre markers, rings and dots recur map after map in the same few sizes and colours.
fn circle_key<'a>(g: roxmltree::Node<'a, 'a>, sheet: bool) -> Option<(String, (&'a str, &'a str))> {
    let x = plain_number(g.attribute("cx"))?;
    let y = plain_number(g.attribute("cy"))?;
    let mut key = inherited(g, sheet)?;
    key += "<circle";
    for a in g.attributes() {
        match a.name() {
            "cx" | "cy" => {}
            "transform" | "id" | "style" | "opacity" | "filter" | "clip-path" | "mask" => {
                return None
            }
            "class" if sheet => return None,
            _ => key += &attr(&a)?,
        }
    }
    key += "/>";
    Some((key, (x, y)))
}

const XML_NS: &str = "http://www.w3.org/XML/1998/namespace";

/// An attribute written back as SVG text; `None` for a namespace this does not rewrite, or a
/// paint server (`url(#...)`): a pattern's tiles stand still in user space, so a piece moved
/// to the origin would show them shifted.
fn attr(a: &roxmltree::Attribute) -> Option<String> {
    if a.value().contains("url(") {
        return None;
    }
    let name = match a.namespace() {
        None => a.name().to_string(),
        Some(XML_NS) => format!("xml:{}", a.name()),
        Some(_) => return None,
    };
    Some(format!(" {name}=\"{}\"", crate::xml::esc(a.value())))
}

/// A single number, as a text's `x` or `y` that moves it whole.
fn plain_number(v: Option<&str>) -> Option<&str> {
    let v = v.unwrap_or("0").trim();
    v.parse::<f32>().ok().map(|_| v)
}

/// What a shaped copy of the text stands for, and where the text goes: its key, its position
/// as written, and its own `transform` if any. `None` for a text whose glyphs would not simply
/// move with it (positions per glyph, turned glyphs, a text path) or that sits where a copy
/// would lose its context (inside a group with opacity, a filter, a clip or a mask, or in
/// anything but groups).
fn text_key<'a>(
    src: &str,
    t: roxmltree::Node<'a, 'a>,
    sheet: bool,
) -> Option<(String, (&'a str, &'a str), Option<&'a str>)> {
    let x = plain_number(t.attribute("x"))?;
    let y = plain_number(t.attribute("y"))?;
    for a in ["dx", "dy", "rotate", "textLength", "lengthAdjust"] {
        if t.attribute(a).is_some() {
            return None;
        }
    }
    for d in t.descendants().skip(1).filter(|n| n.is_element()) {
        if d.tag_name().name() != "tspan" {
            return None;
        }
        for a in ["x", "y", "dx", "dy", "rotate", "textLength", "lengthAdjust"] {
            if d.attribute(a).is_some() {
                return None;
            }
        }
    }
    let mut key = inherited(t, sheet)?;
    key += "<text";
    for a in t.attributes() {
        match a.name() {
            "x" | "y" | "transform" | "id" => {}
            "style" => return None,
            "class" if sheet => return None,
            _ => key += &attr(&a)?,
        }
    }
    key += ">";
    if let (Some(first), Some(last)) = (t.first_child(), t.last_child()) {
        let inner = &src[first.range().start..last.range().end];
        if inner.contains("url(") {
            return None;
        }
        key += inner;
    }
    key += "</text>";
    Some((key, (x, y), t.attribute("transform")))
}

impl Made {
    /// The shaped copy of a text (`key`: ancestors' groups without their transforms, then the
    /// text at the origin): the cached one, or a new one.
    fn shaped(&self, header: &str, defs: &str, key: &str) -> Result<Arc<Piece>, Error> {
        made(&self.shaped, header, defs, key)
    }

    /// A shape (a unit's symbol, a circle) parsed at the origin: the cached one, or a new one.
    fn shape(&self, header: &str, defs: &str, key: &str) -> Result<Arc<Piece>, Error> {
        made(&self.shapes, header, defs, key)
    }
}

fn made(
    map: &Mutex<HashMap<String, Arc<Piece>>>,
    header: &str,
    defs: &str,
    key: &str,
) -> Result<Arc<Piece>, Error> {
    if let Some(t) = lock(map).get(key) {
        return Ok(t.clone());
    }
    // Without the art's viewBox, so that the piece's own coordinates are its tree's.
    let header = match header.find(" viewBox=\"") {
        Some(i) => {
            let end = header[i + 10..]
                .find('"')
                .map_or(header.len(), |j| i + 11 + j);
            format!("{}{}", &header[..i], &header[end..])
        }
        None => header.to_string(),
    };
    let piece = Arc::new(Piece {
        tree: parse_piece(&header, defs, key)?,
        sprites: Mutex::new(Vec::new()),
    });
    let mut map = lock(map);
    if map.len() >= KEEP {
        map.clear();
    }
    map.insert(key.to_string(), piece.clone());
    Ok(piece)
}

fn parse_piece(header: &str, defs: &str, key: &str) -> Result<usvg::Tree, Error> {
    let depth = key
        .split(PIECE)
        .next()
        .unwrap_or_default()
        .matches("<g")
        .count();
    let doc = format!("{header}\n{defs}{key}{}</svg>", "</g>".repeat(depth));
    crate::fonts::parse_svg(&doc)
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    // A panic elsewhere while holding the lock leaves the map whole: every entry is inserted
    // in one step.
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl Piece {
    /// The piece rasterised for the transform `t` (its coordinates to the picture's), made now
    /// if it is not kept yet; `None` only for a piece with no size.
    fn sprite(&self, t: Transform) -> Option<Arc<Sprite>> {
        let (fx, fy) = (t.tx - t.tx.floor(), t.ty - t.ty.floor());
        let key = [t.sx, t.ky, t.kx, t.sy, fx, fy].map(f32::to_bits);
        let mut sprites = lock(&self.sprites);
        if let Some((_, s)) = sprites.iter().find(|(k, _)| *k == key) {
            return Some(s.clone());
        }
        let local = Transform::from_row(t.sx, t.ky, t.kx, t.sy, fx, fy);
        let b = self.tree.root().abs_layer_bounding_box().transform(local)?;
        let (x0, y0) = (b.left().floor() as i32 - 2, b.top().floor() as i32 - 2);
        let (w, h) = (
            (b.right().ceil() as i32 - x0 + 2).max(1) as u32,
            (b.bottom().ceil() as i32 - y0 + 2).max(1) as u32,
        );
        let mut pixmap = Pixmap::new(w, h)?;
        draw_group(
            self.tree.root(),
            &Pieces::default(),
            local.post_translate(-x0 as f32, -y0 as f32),
            &mut pixmap,
        );
        // Kept if there is room; either way the piece is drawn through its raster, so that a
        // map looks the same whatever was drawn before it.
        let bytes = pixmap.data().len();
        let taken = SPRITE_BYTES.fetch_add(bytes, std::sync::atomic::Ordering::Relaxed);
        let keep = sprites.len() < SPRITES && taken + bytes <= BUDGET;
        if !keep {
            SPRITE_BYTES.fetch_sub(bytes, std::sync::atomic::Ordering::Relaxed);
        }
        let s = Arc::new(Sprite {
            pixmap,
            at: (x0, y0),
            counted: keep,
        });
        if keep {
            sprites.push((key, s.clone()));
        }
        Some(s)
    }
}

/// Lays a sprite over the picture with its corner at `(x, y)` (source-over, premultiplied,
/// rounded as tiny-skia rounds), clipped to the picture.
fn blit(pm: &mut Pixmap, s: &Pixmap, x: i32, y: i32) {
    let (pw, ph) = (pm.width() as i32, pm.height() as i32);
    let (sw, sh) = (s.width() as i32, s.height() as i32);
    let (x0, x1) = (x.max(0), (x + sw).min(pw));
    if x0 >= x1 {
        return;
    }
    let d = pm.data_mut();
    let src = s.data();
    for sy in 0..sh {
        let py = y + sy;
        if py < 0 || py >= ph {
            continue;
        }
        let row = &src[((sy * sw + x0 - x) * 4) as usize..((sy * sw + x1 - x) * 4) as usize];
        let dst = &mut d[((py * pw + x0) * 4) as usize..((py * pw + x1) * 4) as usize];
        for (d, s) in dst.chunks_exact_mut(4).zip(row.chunks_exact(4)) {
            let keep = 255 - s[3] as u32;
            if keep == 255 {
                continue;
            }
            if keep == 0 {
                d.copy_from_slice(s);
                continue;
            }
            for i in 0..4 {
                let t = d[i] as u32 * keep + 128;
                d[i] = (s[i] as u32 + ((t + (t >> 8)) >> 8)) as u8;
            }
        }
    }
}

/// The overlay document (`header`, `defs`, the overlay's elements) with every text that can
/// be moved whole, every unit's symbol and every circle replaced by a stand-in group at its
/// place.
pub(crate) fn prepare(
    cache: &Made,
    header: &str,
    defs: &str,
    overlay: &str,
) -> Result<Prepared, Error> {
    // Parsed as one document with the overlay's root so that every piece sees its groups.
    let doc = format!("{header}\n{overlay}</svg>\n");
    let xml = roxmltree::Document::parse(&doc).map_err(|e| Error::Svg(e.to_string()))?;
    let mut out = String::with_capacity(doc.len() + defs.len());
    // The art's definitions go right after the root's start tag, as in the document the
    // overlay was parsed from before.
    out += &doc[..=header.len()];
    out += defs;
    let mut at = header.len() + 1;
    let mut pieces = Pieces::default();
    // Class selectors of a style sheet might match an element in place and not its copy.
    let sheet = defs.contains("<style") || header.contains("<style");
    for n in xml.descendants().filter(|n| n.is_element()) {
        let range = n.range();
        if range.start < at {
            continue;
        }
        let stand_in = match n.tag_name().name() {
            "g" => match unit_key(&doc, n, sheet) {
                Some((key, transform)) => {
                    pieces.shapes.push(cache.shape(header, defs, &key)?);
                    format!(
                        "<g id=\"{SHAPE}{}\" transform=\"{}\"/>",
                        pieces.shapes.len() - 1,
                        crate::xml::esc(transform)
                    )
                }
                None => continue,
            },
            "circle" => match circle_key(n, sheet) {
                Some((key, (x, y))) => {
                    pieces.shapes.push(cache.shape(header, defs, &key)?);
                    format!(
                        "<g id=\"{SHAPE}{}\" transform=\"translate({x} {y})\"/>",
                        pieces.shapes.len() - 1
                    )
                }
                None => continue,
            },
            "text" => match text_key(&doc, n, sheet) {
                Some((key, (x, y), transform)) => {
                    pieces.texts.push(cache.shaped(header, defs, &key)?);
                    format!(
                        "<g id=\"{TEXT}{}\" transform=\"{}translate({x} {y})\"/>",
                        pieces.texts.len() - 1,
                        transform
                            .map(|t| format!("{} ", crate::xml::esc(t)))
                            .unwrap_or_default()
                    )
                }
                None => continue,
            },
            _ => continue,
        };
        out += &doc[at..range.start];
        out += &stand_in;
        at = range.end;
    }
    out += &doc[at..];
    Ok(Prepared { doc: out, pieces })
}

/// Draws a parsed overlay (from [`prepare`]) onto the picture as resvg would draw the whole
/// document, each stand-in as its piece.
pub(crate) fn draw(tree: &usvg::Tree, pieces: &Pieces, pm: &mut Pixmap) {
    draw_group(tree.root(), pieces, Transform::identity(), pm);
}

fn draw_group(g: &usvg::Group, pieces: &Pieces, t: Transform, pm: &mut Pixmap) {
    for node in g.children() {
        match node {
            usvg::Node::Group(c) => {
                let inner = t.pre_concat(c.transform());
                let text = c.id().strip_prefix(TEXT).map(|n| (n, &pieces.texts));
                let shape = c.id().strip_prefix(SHAPE).map(|n| (n, &pieces.shapes));
                if let Some((n, all)) = text.or(shape) {
                    let Some(piece) = n.parse::<usize>().ok().and_then(|n| all.get(n)) else {
                        continue;
                    };
                    match piece.sprite(inner) {
                        Some(s) => blit(
                            pm,
                            &s.pixmap,
                            inner.tx.floor() as i32 + s.at.0,
                            inner.ty.floor() as i32 + s.at.1,
                        ),
                        None => draw_group(piece.tree.root(), &Pieces::default(), inner, pm),
                    }
                } else if c.should_isolate() {
                    // Stand-ins never sit in an isolated group (see `inherited`).
                    render_node_at(node, t, pm);
                } else {
                    draw_group(c, pieces, inner, pm);
                }
            }
            _ => render_node_at(node, t, pm),
        }
    }
}

/// resvg's drawing of one node, under the transform `t` of its parent: a path in flat colours
/// drawn here as resvg draws it (resvg's own entry point skips a path without area, such as a
/// straight stroked line), anything else through `resvg::render_node`, whose shift of the
/// node's layer box to the pixmap's corner is undone.
fn render_node_at(node: &usvg::Node, t: Transform, pm: &mut Pixmap) {
    if let usvg::Node::Path(p) = node {
        if draw_path(p, t, pm) {
            return;
        }
    }
    let Some(b) = node.abs_layer_bounding_box() else {
        return;
    };
    resvg::render_node(node, t.pre_translate(b.x(), b.y()), &mut pm.as_mut());
}

/// A path painted in flat colours, as resvg's `path::render` paints it; false (nothing drawn)
/// for any other paint.
fn draw_path(p: &usvg::Path, t: Transform, pm: &mut Pixmap) -> bool {
    let flat = |paint: &usvg::Paint| matches!(paint, usvg::Paint::Color(_));
    if p.fill().is_some_and(|f| !flat(f.paint())) || p.stroke().is_some_and(|s| !flat(s.paint())) {
        return false;
    }
    if !p.is_visible() {
        return true;
    }
    let aa = p.rendering_mode().use_shape_antialiasing();
    let fill = |pm: &mut Pixmap| {
        let Some(f) = p.fill() else { return };
        let b = p.data().bounds();
        // As resvg: a horizontal or vertical line has nothing to fill.
        if b.width() == 0.0 || b.height() == 0.0 {
            return;
        }
        let usvg::Paint::Color(c) = f.paint() else {
            return;
        };
        let mut paint = tiny_skia::Paint::default();
        paint.set_color_rgba8(c.red, c.green, c.blue, f.opacity().to_u8());
        paint.anti_alias = aa;
        let rule = match f.rule() {
            usvg::FillRule::NonZero => tiny_skia::FillRule::Winding,
            usvg::FillRule::EvenOdd => tiny_skia::FillRule::EvenOdd,
        };
        pm.fill_path(p.data(), &paint, rule, t, None);
    };
    let stroke = |pm: &mut Pixmap| {
        let Some(s) = p.stroke() else { return };
        let usvg::Paint::Color(c) = s.paint() else {
            return;
        };
        let mut paint = tiny_skia::Paint::default();
        paint.set_color_rgba8(c.red, c.green, c.blue, s.opacity().to_u8());
        paint.anti_alias = aa;
        pm.stroke_path(p.data(), &paint, &s.to_tiny_skia(), t, None);
    };
    if p.paint_order() == usvg::PaintOrder::FillAndStroke {
        fill(pm);
        stroke(pm);
    } else {
        stroke(pm);
        fill(pm);
    }
    true
}
