//! The overlay's text shaped once per art, not once per map: each text of the overlay is cut
//! out of the document the render parses and drawn from a shaped copy kept on the art.
//!
//! usvg lays out and shapes every `<text>` it parses (a shaper built per text, then every
//! glyph outlined): on the busy Standard board that was two thirds of the overlay's parse.
//! The same few texts come back map after map (unit letters, the key's words, most legend
//! lines), and a text's outlines do not depend on where it stands, so a text here is keyed
//! by its words, its own attributes and what it inherits, with its position left out.
//! [`prepare`] replaces each such text with an empty group at its position (an id of
//! [`PREFIX`] and a number); [`draw`] and the label pass find those groups and use the
//! shaped copy. The SVG output ([`crate::render_svg`]) keeps the text as written.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use resvg::tiny_skia::{self, Pixmap, Transform};
use resvg::usvg;

use crate::error::Error;

/// The id prefix of a text's stand-in group in the parsed overlay.
const PREFIX: &str = "parley-text-";

/// How many shaped texts an art keeps before starting afresh: a game's legend lines (phase
/// titles, counts) are new now and then, and a long-running bot must not grow without end.
const KEEP: usize = 4096;

/// Texts already shaped for one art, by key (see the module's notes).
#[derive(Default)]
pub(crate) struct TextCache {
    shaped: Mutex<HashMap<String, Arc<usvg::Tree>>>,
}

/// The overlay document with its texts cut out, and the shaped text for each stand-in.
pub(crate) struct Prepared {
    pub doc: String,
    pub texts: Vec<Arc<usvg::Tree>>,
}

/// The shaped text a stand-in group holds the place of, if `g` is one.
pub(crate) fn stand_in<'a>(
    g: &usvg::Group,
    texts: &'a [Arc<usvg::Tree>],
) -> Option<&'a usvg::Text> {
    let n: usize = g.id().strip_prefix(PREFIX)?.parse().ok()?;
    first_text(texts.get(n)?.root())
}

fn first_text(g: &usvg::Group) -> Option<&usvg::Text> {
    g.children().iter().find_map(|n| match n {
        usvg::Node::Text(t) => Some(t.as_ref()),
        usvg::Node::Group(g) => first_text(g),
        _ => None,
    })
}

const XML_NS: &str = "http://www.w3.org/XML/1998/namespace";

/// An attribute written back as SVG text; `None` for a namespace this does not rewrite.
fn attr(a: &roxmltree::Attribute) -> Option<String> {
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
    let mut key = String::new();
    let ancestors: Vec<_> = t.ancestors().skip(1).filter(|n| n.is_element()).collect();
    // The outermost is the document's root, which the cached copy shares (the art's header).
    for g in ancestors.iter().rev().skip(1) {
        if g.tag_name().name() != "g" {
            return None;
        }
        key += "<g";
        for a in g.attributes() {
            match a.name() {
                "transform" => {}
                "opacity" | "filter" | "clip-path" | "mask" | "style" | "class" => return None,
                _ => key += &attr(&a)?,
            }
        }
        key += ">";
    }
    key += "<text";
    for a in t.attributes() {
        match a.name() {
            "x" | "y" | "transform" | "id" => {}
            "style" | "class" => return None,
            _ => key += &attr(&a)?,
        }
    }
    key += ">";
    if let (Some(first), Some(last)) = (t.first_child(), t.last_child()) {
        key += &src[first.range().start..last.range().end];
    }
    key += "</text>";
    Some((key, (x, y), t.attribute("transform")))
}

impl TextCache {
    /// The shaped copy of a text: the cached one, or a new one parsed from `key` (ancestors'
    /// groups without their transforms, then the text at the origin).
    fn shaped(&self, header: &str, defs: &str, key: &str) -> Result<Arc<usvg::Tree>, Error> {
        if let Some(t) = self.lock().get(key) {
            return Ok(t.clone());
        }
        let depth = key.matches("<g").count();
        let doc = format!("{header}\n{defs}{key}{}</svg>", "</g>".repeat(depth));
        let tree = Arc::new(crate::art::parse(&doc)?);
        let mut map = self.lock();
        if map.len() >= KEEP {
            map.clear();
        }
        map.insert(key.to_string(), tree.clone());
        Ok(tree)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, Arc<usvg::Tree>>> {
        // A panic elsewhere while holding the lock leaves the map whole: every entry is
        // inserted in one step.
        self.shaped.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// The overlay document (`header`, `defs`, the overlay's elements) with every text that can
/// be moved whole replaced by a stand-in group at its place.
pub(crate) fn prepare(
    cache: &TextCache,
    header: &str,
    defs: &str,
    overlay: &str,
) -> Result<Prepared, Error> {
    // Parsed as one document with the overlay's root so that every text sees its groups.
    let doc = format!("{header}\n{overlay}</svg>\n");
    let xml = roxmltree::Document::parse(&doc).map_err(|e| Error::Svg(e.to_string()))?;
    let mut out = String::with_capacity(doc.len() + defs.len());
    let mut texts = Vec::new();
    let mut at = 0;
    for t in xml
        .descendants()
        .filter(|n| n.is_element() && n.tag_name().name() == "text")
    {
        let range = t.range();
        if range.start < at {
            continue;
        }
        let Some((key, (x, y), transform)) = text_key(&doc, t) else {
            continue;
        };
        let tree = cache.shaped(header, defs, &key)?;
        if at == 0 {
            // The art's definitions go right after the root's start tag, as in the
            // document the overlay was parsed from before.
            out += &doc[..=header.len()];
            out += defs;
            at = header.len() + 1;
        }
        out += &doc[at..range.start];
        out += &format!(
            "<g id=\"{PREFIX}{}\" transform=\"{}translate({x} {y})\"/>",
            texts.len(),
            transform.map(|t| format!("{t} ")).unwrap_or_default()
        );
        texts.push(tree);
        at = range.end;
    }
    if at == 0 {
        out += &doc[..=header.len()];
        out += defs;
        at = header.len() + 1;
    }
    out += &doc[at..];
    Ok(Prepared { doc: out, texts })
}

/// Draws a parsed overlay (from [`prepare`]) onto the picture as resvg would draw the whole
/// document, each stand-in as its shaped text.
pub(crate) fn draw(tree: &usvg::Tree, texts: &[Arc<usvg::Tree>], pm: &mut Pixmap) {
    draw_group(tree.root(), texts, Transform::identity(), pm);
}

fn draw_group(g: &usvg::Group, texts: &[Arc<usvg::Tree>], t: Transform, pm: &mut Pixmap) {
    for node in g.children() {
        match node {
            usvg::Node::Group(c) => {
                if let Some(text) = stand_in(c, texts) {
                    draw_node_at(text.flattened(), t.pre_concat(c.transform()), pm);
                } else if c.should_isolate() {
                    // Stand-ins never sit in an isolated group (see `text_key`).
                    render_node_at(node, t, pm);
                } else {
                    draw_group(c, texts, t.pre_concat(c.transform()), pm);
                }
            }
            _ => render_node_at(node, t, pm),
        }
    }
}

/// Draws the group's children with `t` as the transform above them, exactly as resvg draws
/// the nodes of a text.
fn draw_node_at(g: &usvg::Group, t: Transform, pm: &mut Pixmap) {
    for node in g.children() {
        render_node_at(node, t.pre_concat(g.transform()), pm);
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
