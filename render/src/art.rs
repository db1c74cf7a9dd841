//! Map art: a variant's SVG board, read once, with its provinces, anchors and
//! pre-drawn layers.

use std::collections::HashMap;

use resvg::tiny_skia::{self, Pixmap};

use crate::error::Error;
use crate::fonts;

pub mod cache;

pub(crate) use crate::outline::inside;
/// A point in the art's own coordinates (its viewBox units).
pub use crate::outline::Point;

#[derive(Debug, Clone)]
pub(crate) struct Province {
    pub id: String,
    /// Outline in art coordinates, for filling.
    pub path: tiny_skia::Path,
    /// The `d` attributes as written, for SVG output.
    pub d: Vec<String>,
    /// Flattened closed rings, for point tests.
    pub rings: Vec<Vec<Point>>,
    pub unit: Option<Point>,
    pub coasts: Vec<(String, Point)>,
    /// More places for units, in a province that holds several (`unit-<p>-2`, ...), by number.
    pub slots: Vec<(u32, Point)>,
    pub sc: Option<Point>,
}

/// A province's name as the art draws it: where, in which style, and pre-drawn so that a
/// render only copies it to the place the label pass chose.
pub(crate) struct ArtLabel {
    /// Index into `MapArt::provinces`.
    pub province: usize,
    pub text: String,
    /// The art's spot: the text's `x`, `y` (the middle of its baseline).
    pub spot: Point,
    /// The element's own attributes other than `id`, `x` and `y`, as written.
    pub attrs: String,
    /// The drawn text with its halo, relative to `spot` (art units).
    pub extent: crate::outline::Bounds,
    /// The label drawn at its spot, and the pixel where that picture's corner lies.
    pub sprite: Pixmap,
    pub sprite_at: (i32, i32),
    /// Whether its province is too small to hold it (see `outline::too_small`).
    pub small: bool,
    /// The box round its province.
    pub area: crate::outline::Bounds,
}

/// A parsed board. Build it once per variant and share it; rendering only
/// reads it.
pub struct MapArt {
    pub(crate) width: u32,
    pub(crate) height: u32,
    /// Art units to pixels.
    pub(crate) to_px: tiny_skia::Transform,
    /// `<svg ...>` start tag (with namespaces and viewBox) for derived documents.
    pub(crate) header: String,
    /// Shared definitions (`defs`, `style`), needed by both layers.
    pub(crate) defs: String,
    /// Source of the layers drawn below and above the owners' colours.
    pub(crate) under_src: String,
    pub(crate) over_src: String,
    pub(crate) provinces: Vec<Province>,
    pub(crate) index: HashMap<String, usize>,
    pub(crate) legend: Option<(f32, f32, f32, f32)>,
    /// Province labels, taken out of the art's upper layer so that each render places them
    /// (see `draw::labels`).
    pub(crate) labels: Vec<ArtLabel>,
    /// The start tag of the art's `<g id="labels">` (its shared text style), for SVG output.
    pub(crate) labels_tag: String,
    /// Text the art draws and keeps in place (coast names, rivers, titles): labels must not
    /// sit on it.
    pub(crate) fixed_text: Vec<crate::outline::Obstacle>,
    /// The two layers, already rasterised: opaque below (kept as runs of one colour), and
    /// above only the pixels it draws.
    pub(crate) under: Runs,
    pub(crate) over: Layer,
    /// Each province's anti-aliased coverage, rasterised once, so that filling it in an
    /// owner's colour is a blend of the pixels it covers.
    pub(crate) cover: Vec<Coverage>,
    /// The overlay's pieces made so far (see `crate::pieces`).
    pub(crate) pieces: crate::pieces::Made,
}

/// Where a shape covers the picture and how much: runs of covered pixels (start pixel
/// index, length, with [`FULL`] set for a run covered entirely) and the coverage of the
/// other runs' pixels, 1..=255, one byte per pixel in run order. A province's inside is
/// nearly all of it, and keeping no byte per pixel there holds a map's coverage in a tenth
/// of the memory.
#[derive(Default)]
pub(crate) struct Coverage {
    runs: Vec<(u32, u32)>,
    alpha: Vec<u8>,
}

/// Marks a [`Coverage`] run whose pixels are all fully covered.
const FULL: u32 = 1 << 31;
/// Fully covered stretches shorter than this stay in the partly covered run around them: a
/// run costs eight bytes.
const MIN_FULL: usize = 8;

/// An opaque picture kept as runs of one colour, row after row: a board's lower layer is
/// flat areas with anti-aliased edges, some 200,000 runs at 1300x1000, which take a fifth of
/// the memory of the pixels. Restoring it is a fill per run.
pub(crate) enum Runs {
    /// Each run is `index << 12 | (length - 1)` into `colours`.
    Packed {
        width: u32,
        height: u32,
        colours: Vec<tiny_skia::PremultipliedColorU8>,
        runs: Vec<u32>,
    },
    /// A picture of more colours than the packing can number (a photograph, not a board).
    Pixels(Pixmap),
}

/// Hashes a packed colour with one multiply: the default hasher cost a fifth of parsing the
/// art here, over a few hundred thousand runs.
#[derive(Default)]
struct ColourHash(u64);

impl std::hash::Hasher for ColourHash {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 = (self.0 << 8 | *b as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }

    fn write_u32(&mut self, v: u32) {
        self.0 = (v as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

const RUN_BITS: u32 = 12;
const MAX_RUN: usize = 1 << RUN_BITS;
const MAX_COLOURS: usize = 1 << (32 - RUN_BITS);

impl Runs {
    pub(crate) fn of(pm: Pixmap) -> Runs {
        let px = pm.pixels();
        let mut colours = Vec::new();
        let mut index: HashMap<u32, u32, std::hash::BuildHasherDefault<ColourHash>> =
            HashMap::default();
        let mut runs = Vec::new();
        let mut start = 0;
        while start < px.len() {
            let c = px[start];
            let mut end = start + 1;
            while end < px.len() && end - start < MAX_RUN && px[end] == c {
                end += 1;
            }
            let key = u32::from_ne_bytes([c.red(), c.green(), c.blue(), c.alpha()]);
            let next = colours.len() as u32;
            let i = *index.entry(key).or_insert(next);
            if i == next {
                if colours.len() == MAX_COLOURS {
                    return Runs::Pixels(pm);
                }
                colours.push(c);
            }
            runs.push(i << RUN_BITS | (end - start - 1) as u32);
            start = end;
        }
        runs.shrink_to_fit();
        colours.shrink_to_fit();
        Runs::Packed {
            width: pm.width(),
            height: pm.height(),
            colours,
            runs,
        }
    }

    /// The picture, drawn afresh.
    pub(crate) fn pixmap(&self) -> Pixmap {
        match self {
            Runs::Pixels(pm) => pm.clone(),
            Runs::Packed {
                width,
                height,
                colours,
                runs,
            } => {
                // Every pixel is written below, so a kept buffer's old contents do not matter
                // and one of the right size is not even cleared.
                let mut data = crate::scratch::pixels();
                let len = *width as usize * *height as usize * 4;
                let more = len.saturating_sub(data.len());
                crate::scratch::reserve_mapped(&mut data, more);
                data.resize(len, 0);
                // Both come from a picture of this size, which tiny-skia made.
                let mut pm = tiny_skia::IntSize::from_wh(*width, *height)
                    .and_then(|size| Pixmap::from_vec(data, size))
                    .unwrap_or_else(|| unreachable!("the art's lower layer was {width}x{height}"));
                let px = pm.pixels_mut();
                let mut at = 0;
                for &r in runs {
                    let len = (r as usize & (MAX_RUN - 1)) + 1;
                    px[at..at + len].fill(colours[(r >> RUN_BITS) as usize]);
                    at += len;
                }
                pm
            }
        }
    }
}

impl Coverage {
    /// The shape's coverage drawn as tiny-skia fills it (anti-aliased), in a picture `width`
    /// x `height`. Empty where the shape lies outside the picture.
    fn of(
        path: &tiny_skia::Path,
        rule: tiny_skia::FillRule,
        to_px: tiny_skia::Transform,
        width: u32,
        height: u32,
    ) -> Coverage {
        let mut out = Coverage::default();
        let Some(b) = path.clone().transform(to_px).map(|p| p.bounds()) else {
            return out;
        };
        let x0 = (b.left().floor() as i64 - 1).clamp(0, width as i64) as u32;
        let y0 = (b.top().floor() as i64 - 1).clamp(0, height as i64) as u32;
        let x1 = (b.right().ceil() as i64 + 1).clamp(0, width as i64) as u32;
        let y1 = (b.bottom().ceil() as i64 + 1).clamp(0, height as i64) as u32;
        let Some(mut mask) = tiny_skia::Mask::new(x1 - x0, y1 - y0) else {
            return out;
        };
        // An integer shift of the same scan conversion: the coverage is the full picture's.
        mask.fill_path(
            path,
            rule,
            true,
            to_px.post_translate(-(x0 as f32), -(y0 as f32)),
        );
        let mw = mask.width() as usize;
        for (y, row) in mask.data().chunks_exact(mw).enumerate() {
            let mut x = 0;
            while x < mw {
                if row[x] == 0 {
                    x += 1;
                    continue;
                }
                let start = x;
                while x < mw && row[x] != 0 {
                    x += 1;
                }
                let at = (y0 as usize + y) * width as usize + x0 as usize;
                out.push(at, &row[start..x], start);
            }
        }
        out.runs.shrink_to_fit();
        out.alpha.shrink_to_fit();
        out
    }

    /// Adds the covered stretch `cov` of a row, which starts at pixel `row_at + x`: its
    /// fully covered parts of at least [`MIN_FULL`] pixels as full runs, the rest with their
    /// coverage.
    fn push(&mut self, row_at: usize, cov: &[u8], x: usize) {
        let mut i = 0;
        while i < cov.len() {
            let start = i;
            // A partly covered stretch ends where a long enough fully covered one begins.
            loop {
                while i < cov.len() && cov[i] != 255 {
                    i += 1;
                }
                let full = cov[i..].iter().take_while(|&&a| a == 255).count();
                if i == cov.len() || full >= MIN_FULL || i + full == cov.len() && full > 0 {
                    break;
                }
                i += full;
            }
            if i > start {
                self.runs
                    .push(((row_at + x + start) as u32, (i - start) as u32));
                self.alpha.extend_from_slice(&cov[start..i]);
            }
            let full = cov[i..].iter().take_while(|&&a| a == 255).count();
            if full > 0 {
                self.runs
                    .push(((row_at + x + i) as u32, full as u32 | FULL));
                i += full;
            }
        }
    }

    /// Paints the covered pixels of an opaque picture in an opaque colour, each by its
    /// coverage (source-over, rounded as tiny-skia's fill rounds).
    pub(crate) fn paint(&self, pm: &mut Pixmap, rgb: (u8, u8, u8)) {
        let c = [rgb.0 as u32, rgb.1 as u32, rgb.2 as u32, 255];
        let solid = tiny_skia::PremultipliedColorU8::from_rgba(rgb.0, rgb.1, rgb.2, 255);
        let mut alpha = self.alpha.iter();
        for &(at, len) in &self.runs {
            if len & FULL != 0 {
                let len = len & !FULL;
                if let Some(solid) = solid {
                    pm.pixels_mut()[at as usize..(at + len) as usize].fill(solid);
                }
                continue;
            }
            let data = pm.data_mut();
            let px = &mut data[at as usize * 4..(at + len) as usize * 4];
            for (d, &a) in px.chunks_exact_mut(4).zip(alpha.by_ref()) {
                if a == 255 {
                    d.copy_from_slice(&[rgb.0, rgb.1, rgb.2, 255]);
                    continue;
                }
                let (a, keep) = (a as u32, 255 - a as u32);
                for i in 0..4 {
                    let t = c[i] * a + d[i] as u32 * keep + 128;
                    d[i] = ((t + (t >> 8)) >> 8) as u8;
                }
            }
        }
    }
}

impl std::fmt::Debug for MapArt {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MapArt")
            .field("width", &self.width)
            .field("height", &self.height)
            .field("provinces", &self.provinces.len())
            .finish()
    }
}

fn structure(msg: impl Into<String>) -> Error {
    Error::Structure(msg.into())
}

fn escape_attr(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('"', "&quot;")
}

fn attr_f32(node: roxmltree::Node, name: &str) -> Option<f32> {
    node.attribute(name).and_then(|v| {
        let v = v.trim();
        let v = v.strip_suffix("px").unwrap_or(v);
        v.parse().ok()
    })
}

impl MapArt {
    /// Reads map art from SVG text. Fails if it is not SVG or breaks the
    /// structure described in the crate docs.
    pub fn from_svg(svg: &str) -> Result<MapArt, Error> {
        let doc = roxmltree::Document::parse(svg).map_err(|e| Error::Svg(e.to_string()))?;
        let root = doc.root_element();
        if root.tag_name().name() != "svg" {
            return Err(Error::Svg("the root element is not <svg>".into()));
        }

        // Derived documents repeat the root's namespaces and attributes.
        let mut header = String::from("<svg");
        for ns in root.namespaces() {
            match ns.name() {
                Some(prefix) => header += &format!(" xmlns:{prefix}=\"{}\"", escape_attr(ns.uri())),
                None => header += &format!(" xmlns=\"{}\"", escape_attr(ns.uri())),
            }
        }
        for a in root.attributes() {
            if a.namespace().is_none() {
                header += &format!(" {}=\"{}\"", a.name(), escape_attr(a.value()));
            }
        }
        header.push('>');

        let mut defs = String::new();
        let mut under_src = String::new();
        let mut over_nodes = Vec::new();
        let mut provinces_node = None;
        for child in root.children().filter(|n| n.is_element()) {
            let text = &svg[child.range()];
            let name = child.tag_name().name();
            if name == "defs" || name == "style" {
                defs += text;
                defs.push('\n');
            } else if provinces_node.is_none() {
                under_src += text;
                under_src.push('\n');
                if child.attribute("id") == Some("provinces") {
                    provinces_node = Some(child);
                }
            } else if child.attribute("id") != Some("anchors") {
                over_nodes.push(child);
            }
        }
        let provinces_node = provinces_node
            .ok_or_else(|| structure("no <g id=\"provinces\"> directly inside the root <svg>"))?;

        let mut provinces = Vec::new();
        let mut index = HashMap::new();
        for node in provinces_node
            .descendants()
            .skip(1)
            .filter(|n| n.is_element())
        {
            let Some(id) = node.attribute("id") else {
                continue;
            };
            // A province is an identified element with no identified element
            // inside it; identified groups above that only organise the art.
            if node
                .descendants()
                .skip(1)
                .any(|d| d.is_element() && d.attribute("id").is_some())
            {
                continue;
            }
            for a in node.ancestors().take_while(|a| *a != root) {
                if a.attribute("transform").is_some() {
                    return Err(structure(format!(
                        "province {id:?}: transforms on provinces or their groups are not supported"
                    )));
                }
            }
            let mut ds = Vec::new();
            for p in node.descendants().filter(|n| n.is_element()) {
                match p.tag_name().name() {
                    "path" => {
                        if p.attribute("transform").is_some() {
                            return Err(structure(format!(
                                "province {id:?}: path has a transform"
                            )));
                        }
                        ds.push(p.attribute("d").unwrap_or_default().to_string());
                    }
                    "g" | "title" | "desc" => {}
                    other => {
                        return Err(structure(format!(
                            "province {id:?}: <{other}> is not supported; use <path>"
                        )))
                    }
                }
            }
            let (path, rings) =
                outline(&ds).ok_or_else(|| structure(format!("province {id:?} has no outline")))?;
            if index.insert(id.to_string(), provinces.len()).is_some() {
                return Err(structure(format!("province {id:?} appears twice")));
            }
            provinces.push(Province {
                id: id.to_string(),
                path,
                d: ds,
                rings,
                unit: None,
                coasts: Vec::new(),
                slots: Vec::new(),
                sc: None,
            });
        }
        if provinces.is_empty() {
            return Err(structure("<g id=\"provinces\"> holds no provinces"));
        }

        let mut legend = None;
        for node in root.descendants().filter(|n| n.is_element()) {
            let Some(id) = node.attribute("id") else {
                continue;
            };
            if id == "legend" {
                let r = (
                    attr_f32(node, "x").unwrap_or(0.0),
                    attr_f32(node, "y").unwrap_or(0.0),
                    attr_f32(node, "width").unwrap_or(0.0),
                    attr_f32(node, "height").unwrap_or(0.0),
                );
                legend = Some(r);
                continue;
            }
            let (kind, rest) = if let Some(rest) = id.strip_prefix("unit-") {
                ("unit", rest)
            } else if let Some(rest) = id.strip_prefix("sc-") {
                ("sc", rest)
            } else {
                continue;
            };
            let pt = (
                attr_f32(node, "cx")
                    .or_else(|| attr_f32(node, "x"))
                    .unwrap_or(0.0),
                attr_f32(node, "cy")
                    .or_else(|| attr_f32(node, "y"))
                    .unwrap_or(0.0),
            );
            let (prov, coast) = match index.get(rest) {
                Some(_) => (rest, None),
                None => match rest.rsplit_once('-') {
                    Some((p, c)) if kind == "unit" && index.contains_key(p) => (p, Some(c)),
                    _ => return Err(structure(format!("anchor {id:?} names no province"))),
                },
            };
            let p = &mut provinces[index[prov]];
            match (kind, coast) {
                ("unit", None) => p.unit = Some(pt),
                // A number is not a coast: the n-th place for units (n >= 2).
                ("unit", Some(c)) => match c.parse::<u32>() {
                    Ok(n) if n >= 2 => p.slots.push((n, pt)),
                    Ok(_) => return Err(structure(format!("anchor {id:?}: places count from 2"))),
                    Err(_) => p.coasts.push((c.to_string(), pt)),
                },
                _ => p.sc = Some(pt),
            }
        }
        for p in &mut provinces {
            p.slots.sort_by_key(|(n, _)| *n);
        }
        if let Some(p) = provinces.iter().find(|p| p.unit.is_none()) {
            return Err(structure(format!(
                "province {:?} has no unit anchor (unit-{})",
                p.id, p.id
            )));
        }

        // The upper layer without its province labels, which each render places itself.
        let mut over_src = String::new();
        let mut labels_tag = String::from("<g>");
        let mut found = Vec::new();
        for child in &over_nodes {
            let text = &svg[child.range()];
            if child.attribute("id") != Some("labels") {
                over_src += text;
                over_src.push('\n');
                continue;
            }
            let tag_end = text.find('>').map_or(text.len(), |i| i + 1);
            labels_tag = text[..tag_end].to_string();
            over_src += &labels_tag;
            over_src.push('\n');
            for t in child.children().filter(|n| n.is_element()) {
                let Some(prov) = t.attribute("id").and_then(|id| id.strip_prefix("label-")) else {
                    over_src += &svg[t.range()];
                    over_src.push('\n');
                    continue;
                };
                let Some(&idx) = index.get(prov) else {
                    return Err(structure(format!(
                        "label {:?} names no province",
                        t.attribute("id").unwrap_or_default()
                    )));
                };
                if t.tag_name().name() != "text" {
                    return Err(structure(format!("label-{prov}: use <text>")));
                }
                if t.attribute("transform").is_some() {
                    return Err(structure(format!(
                        "label-{prov}: a province label is placed by the renderer and may not have a transform"
                    )));
                }
                let (Some(x), Some(y)) = (attr_f32(t, "x"), attr_f32(t, "y")) else {
                    return Err(structure(format!("label-{prov} needs numeric x and y")));
                };
                let mut attrs = String::new();
                for a in t.attributes() {
                    if a.namespace().is_none() && !matches!(a.name(), "id" | "x" | "y") {
                        attrs += &format!(" {}=\"{}\"", a.name(), escape_attr(a.value()));
                    }
                }
                let words: String = t
                    .descendants()
                    .filter(|n| n.is_text())
                    .filter_map(|n| n.text())
                    .collect();
                found.push((idx, words.trim().to_string(), (x, y), attrs));
            }
            over_src += "</g>\n";
        }

        // Art units to pixels: the viewBox (if any) stretched over width x height.
        let under_tree = fonts::parse_svg(&format!("{header}{defs}{under_src}</svg>"))?;
        let size = under_tree.size().to_int_size();
        let (width, height) = (size.width(), size.height());
        let to_px = match root.attribute("viewBox") {
            Some(vb) => {
                let v: Vec<f32> = vb
                    .split(|c: char| c == ',' || c.is_whitespace())
                    .filter(|s| !s.is_empty())
                    .filter_map(|s| s.parse().ok())
                    .collect();
                if v.len() != 4 || v[2] <= 0.0 || v[3] <= 0.0 {
                    return Err(structure(format!("bad viewBox {vb:?}")));
                }
                let (sx, sy) = (width as f32 / v[2], height as f32 / v[3]);
                tiny_skia::Transform::from_row(sx, 0.0, 0.0, sy, -v[0] * sx, -v[1] * sy)
            }
            None => tiny_skia::Transform::identity(),
        };

        let mut under =
            Pixmap::new(width, height).ok_or_else(|| structure("the art has no size"))?;
        under.fill(tiny_skia::Color::WHITE);
        resvg::render(
            &under_tree,
            tiny_skia::Transform::identity(),
            &mut under.as_mut(),
        );
        let mut over =
            Pixmap::new(width, height).ok_or_else(|| structure("the art has no size"))?;
        let over_tree = fonts::parse_svg(&format!("{header}{defs}{over_src}</svg>"))?;
        resvg::render(
            &over_tree,
            tiny_skia::Transform::identity(),
            &mut over.as_mut(),
        );

        let from_px = to_px.invert().unwrap_or_default();
        let fixed_text = crate::outline::fixed_text(&over_tree, from_px);
        let mut labels = Vec::with_capacity(found.len());
        for (province, text, spot, attrs) in found {
            let doc = format!(
                "{header}{defs}{labels_tag}<text x=\"{}\" y=\"{}\"{attrs}>{}</text></g></svg>",
                spot.0,
                spot.1,
                crate::xml::esc(&text)
            );
            let tree = fonts::parse_svg(&doc)?;
            let bb = tree.root().abs_stroke_bounding_box();
            let (px0, py0) = (bb.left().floor() as i32 - 1, bb.top().floor() as i32 - 1);
            let (w, h) = (
                (bb.right().ceil() as i32 - px0 + 1).max(1) as u32,
                (bb.bottom().ceil() as i32 - py0 + 1).max(1) as u32,
            );
            let mut sprite = Pixmap::new(w, h).ok_or_else(|| structure("a label has no size"))?;
            resvg::render(
                &tree,
                tiny_skia::Transform::from_translate(-px0 as f32, -py0 as f32),
                &mut sprite.as_mut(),
            );
            let mut corners = [
                tiny_skia::Point::from_xy(bb.left(), bb.top()),
                tiny_skia::Point::from_xy(bb.right(), bb.bottom()),
            ];
            from_px.map_points(&mut corners);
            let extent = crate::outline::Bounds {
                x0: corners[0].x.min(corners[1].x) - spot.0,
                y0: corners[0].y.min(corners[1].y) - spot.1,
                x1: corners[0].x.max(corners[1].x) - spot.0,
                y1: corners[0].y.max(corners[1].y) - spot.1,
            };
            let small = crate::outline::too_small(&provinces[province].rings, &extent);
            labels.push(ArtLabel {
                small,
                area: crate::outline::area(&provinces[province].rings),
                province,
                text,
                spot,
                attrs,
                extent,
                sprite,
                sprite_at: (px0, py0),
            });
        }

        let over = Layer::of(&over);
        let cover = provinces
            .iter()
            .map(|p| Coverage::of(&p.path, tiny_skia::FillRule::EvenOdd, to_px, width, height))
            .collect();
        Ok(MapArt {
            pieces: crate::pieces::Made::default(),
            cover,
            width,
            height,
            to_px,
            header,
            defs,
            under_src,
            over_src,
            provinces,
            index,
            legend,
            labels,
            labels_tag,
            fixed_text,
            under: Runs::of(under),
            over,
        })
    }

    /// Output image width in pixels.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Output image height in pixels.
    pub fn height(&self) -> u32 {
        self.height
    }

    /// Province ids in document order.
    pub fn province_ids(&self) -> impl Iterator<Item = &str> {
        self.provinces.iter().map(|p| p.id.as_str())
    }

    pub fn has_province(&self, id: &str) -> bool {
        self.index.contains_key(id)
    }

    pub(crate) fn province(&self, id: &str) -> Option<&Province> {
        self.index.get(id).map(|&i| &self.provinces[i])
    }

    /// Where a unit stands: on the coast's own anchor if one is given.
    pub fn unit_anchor(&self, province: &str, coast: Option<&str>) -> Option<Point> {
        let p = self.province(province)?;
        match coast {
            None => p.unit,
            Some(c) => p.coasts.iter().find(|(n, _)| n == c).map(|(_, pt)| *pt),
        }
    }

    /// Where several units in one province stand (a province that holds many, such as
    /// Davis's High Ocean Box): the unit anchor, then `unit-<p>-2`, `unit-<p>-3`, ... in order.
    /// Just the unit anchor for an ordinary province.
    pub fn unit_places(&self, province: &str) -> Vec<Point> {
        let Some(p) = self.province(province) else {
            return Vec::new();
        };
        p.unit
            .into_iter()
            .chain(p.slots.iter().map(|(_, pt)| *pt))
            .collect()
    }

    /// Coasts with their own unit anchor, e.g. ["nc", "sc"] for Spain.
    pub fn coasts(&self, province: &str) -> Vec<&str> {
        self.province(province)
            .map(|p| p.coasts.iter().map(|(c, _)| c.as_str()).collect())
            .unwrap_or_default()
    }

    /// Where the supply-centre marker goes; `None` if the province is not a centre.
    pub fn sc_anchor(&self, province: &str) -> Option<Point> {
        self.province(province)?.sc
    }

    /// Provinces that have a supply-centre anchor.
    pub fn supply_centres(&self) -> impl Iterator<Item = &str> {
        self.provinces
            .iter()
            .filter(|p| p.sc.is_some())
            .map(|p| p.id.as_str())
    }

    /// Whether a point (art coordinates) lies inside the province's outline.
    pub fn contains(&self, province: &str, pt: Point) -> bool {
        self.province(province)
            .is_some_and(|p| inside(&p.rings, pt))
    }

    /// Whether any province (a playable space) reaches into the box: a corner or a point of a
    /// grid over it lies inside a province's outline.
    pub(crate) fn any_province_in(&self, b: &crate::Bounds) -> bool {
        const STEP: f32 = 8.0;
        let (nx, ny) = (
            ((b.x1 - b.x0) / STEP).ceil().max(1.0) as usize,
            ((b.y1 - b.y0) / STEP).ceil().max(1.0) as usize,
        );
        self.provinces.iter().any(|p| {
            if !crate::outline::area(&p.rings).intersects(b) {
                return false;
            }
            (0..=nx).any(|i| {
                (0..=ny).any(|j| {
                    let x = b.x0 + (b.x1 - b.x0) * i as f32 / nx as f32;
                    let y = b.y0 + (b.y1 - b.y0) * j as f32 / ny as f32;
                    inside(&p.rings, (x, y))
                })
            })
        })
    }

    /// Distance from a point to the province: 0 inside, else to the nearest edge.
    pub fn distance_to(&self, province: &str, pt: Point) -> Option<f32> {
        let p = self.province(province)?;
        if inside(&p.rings, pt) {
            return Some(0.0);
        }
        let mut best = f32::INFINITY;
        for ring in &p.rings {
            for w in ring.windows(2) {
                best = best.min(segment_distance(pt, w[0], w[1]));
            }
        }
        Some(best)
    }

    /// Every province label the art draws, at the art's own spot (before any render moves it),
    /// in the art's order.
    pub fn labels(&self) -> Vec<crate::PlacedLabel> {
        self.labels
            .iter()
            .map(|l| crate::PlacedLabel {
                province: self.provinces[l.province].id.clone(),
                text: l.text.clone(),
                at: l.spot,
                spot: l.spot,
                bounds: l.extent.shift(l.spot),
                plated: false,
            })
            .collect()
    }

    /// How a label's box would sit in its province: wholly inside, with its centre inside,
    /// beside a province too small to hold it, or outside. `None` for a province the
    /// art has no label for.
    pub fn label_fit(&self, province: &str, b: &crate::Bounds) -> Option<crate::Fit> {
        let l = self
            .labels
            .iter()
            .find(|l| self.provinces[l.province].id == province)?;
        Some(crate::outline::fit(
            &self.provinces[l.province].rings,
            &l.area,
            l.small,
            b,
        ))
    }

    /// The box the legend goes in (x, y, width, height), if the art has one.
    pub fn legend_area(&self) -> Option<(f32, f32, f32, f32)> {
        self.legend
    }

    /// Converts art coordinates to pixel coordinates of the rendered image.
    pub fn to_pixel(&self, pt: Point) -> Point {
        let mut p = [tiny_skia::Point::from_xy(pt.0, pt.1)];
        self.to_px.map_points(&mut p);
        (p[0].x, p[0].y)
    }
}

/// A transparent picture kept as the runs of pixels it draws, so that a render lays it on with
/// a plain blend of those pixels alone and the art holds no full-size copy of its empty parts.
pub(crate) struct Layer {
    /// Pixel-index ranges, row by row.
    spans: Vec<std::ops::Range<usize>>,
    /// Their pixels, premultiplied RGBA, in span order.
    pixels: Vec<u8>,
}

impl Layer {
    /// The runs of pixels that are not fully transparent.
    pub(crate) fn of(pm: &Pixmap) -> Layer {
        let w = pm.width() as usize;
        let mut spans = Vec::new();
        let mut pixels = Vec::new();
        for (y, row) in pm.pixels().chunks_exact(w).enumerate() {
            let mut x = 0;
            while x < w {
                if row[x].alpha() == 0 {
                    x += 1;
                    continue;
                }
                let start = x;
                while x < w && row[x].alpha() != 0 {
                    x += 1;
                }
                spans.push(y * w + start..y * w + x);
                pixels.extend_from_slice(&pm.data()[(y * w + start) * 4..(y * w + x) * 4]);
            }
        }
        spans.shrink_to_fit();
        pixels.shrink_to_fit();
        Layer { spans, pixels }
    }
}

/// Lays the layer over the same pixels of `dst` (source-over, both premultiplied, the layer
/// cut from a picture of `dst`'s size): a pixel-aligned copy, where tiny-skia's image draw
/// would run its float sampling pipeline over the whole picture.
pub(crate) fn lay_over(dst: &mut Pixmap, layer: &Layer) {
    let d = dst.data_mut();
    let mut s = layer.pixels.chunks_exact(4);
    for span in &layer.spans {
        for (d, s) in d[span.start * 4..span.end * 4]
            .chunks_exact_mut(4)
            .zip(s.by_ref())
        {
            let keep = 255 - s[3] as u32;
            if keep == 0 {
                d.copy_from_slice(s);
                continue;
            }
            for i in 0..4 {
                // d * keep / 255, rounded, as tiny-skia's float pipeline rounds it.
                let t = d[i] as u32 * keep + 128;
                d[i] = (s[i] as u32 + ((t + (t >> 8)) >> 8)) as u8;
            }
        }
    }
}

/// Builds a fillable path and flattened rings from SVG path data.
fn outline(ds: &[String]) -> Option<(tiny_skia::Path, Vec<Vec<Point>>)> {
    let mut pb = tiny_skia::PathBuilder::new();
    let mut rings: Vec<Vec<Point>> = Vec::new();
    let mut cur: Vec<Point> = Vec::new();
    let close = |cur: &mut Vec<Point>, rings: &mut Vec<Vec<Point>>| {
        if cur.len() >= 3 {
            let first = cur[0];
            cur.push(first);
            rings.push(std::mem::take(cur));
        } else {
            cur.clear();
        }
    };
    for d in ds {
        for seg in svgtypes::SimplifyingPathParser::from(d.as_str()) {
            let Ok(seg) = seg else { break };
            let last = cur.last().copied().unwrap_or((0.0, 0.0));
            match seg {
                svgtypes::SimplePathSegment::MoveTo { x, y } => {
                    close(&mut cur, &mut rings);
                    pb.move_to(x as f32, y as f32);
                    cur.push((x as f32, y as f32));
                }
                svgtypes::SimplePathSegment::LineTo { x, y } => {
                    pb.line_to(x as f32, y as f32);
                    cur.push((x as f32, y as f32));
                }
                svgtypes::SimplePathSegment::CurveTo {
                    x1,
                    y1,
                    x2,
                    y2,
                    x,
                    y,
                } => {
                    let (x1, y1, x2, y2, x, y) = (
                        x1 as f32, y1 as f32, x2 as f32, y2 as f32, x as f32, y as f32,
                    );
                    pb.cubic_to(x1, y1, x2, y2, x, y);
                    for i in 1..=8 {
                        let t = i as f32 / 8.0;
                        let u = 1.0 - t;
                        let bx = u * u * u * last.0
                            + 3.0 * u * u * t * x1
                            + 3.0 * u * t * t * x2
                            + t * t * t * x;
                        let by = u * u * u * last.1
                            + 3.0 * u * u * t * y1
                            + 3.0 * u * t * t * y2
                            + t * t * t * y;
                        cur.push((bx, by));
                    }
                }
                svgtypes::SimplePathSegment::Quadratic { x1, y1, x, y } => {
                    let (x1, y1, x, y) = (x1 as f32, y1 as f32, x as f32, y as f32);
                    pb.quad_to(x1, y1, x, y);
                    for i in 1..=8 {
                        let t = i as f32 / 8.0;
                        let u = 1.0 - t;
                        cur.push((
                            u * u * last.0 + 2.0 * u * t * x1 + t * t * x,
                            u * u * last.1 + 2.0 * u * t * y1 + t * t * y,
                        ));
                    }
                }
                svgtypes::SimplePathSegment::ClosePath => {
                    pb.close();
                    let start = cur.first().copied();
                    close(&mut cur, &mut rings);
                    // A path may continue from the closed subpath's start.
                    if let Some(s) = start {
                        cur.push(s);
                    }
                }
            }
        }
        close(&mut cur, &mut rings);
    }
    let path = pb.finish()?;
    Some((path, rings))
}

fn segment_distance(p: Point, a: Point, b: Point) -> f32 {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len2 = dx * dx + dy * dy;
    let t = if len2 > 0.0 {
        (((p.0 - a.0) * dx + (p.1 - a.1) * dy) / len2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    let (qx, qy) = (a.0 + t * dx, a.1 + t * dy);
    ((p.0 - qx).powi(2) + (p.1 - qy).powi(2)).sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The blend gives what tiny-skia's own image draw gives, within a level of rounding.
    #[test]
    fn laying_the_upper_layer_over_matches_an_image_draw() {
        let (w, h) = (37, 23);
        let mut under = Pixmap::new(w, h).expect("pixmap");
        let mut over = Pixmap::new(w, h).expect("pixmap");
        for (i, p) in under.pixels_mut().iter_mut().enumerate() {
            let i = i as u32;
            *p = tiny_skia::PremultipliedColorU8::from_rgba(
                (i * 7) as u8,
                (i * 13) as u8,
                (i * 29) as u8,
                255,
            )
            .expect("opaque");
        }
        for (i, p) in over.pixels_mut().iter_mut().enumerate() {
            let i = i as u32;
            // Transparent, translucent and opaque pixels, in runs of different lengths.
            let a = [0u8, 0, 255, 128, 1, 254, 0, 77][(i % 8) as usize];
            let c = tiny_skia::ColorU8::from_rgba((i * 11) as u8, (i * 3) as u8, 200, a);
            *p = c.premultiply();
        }
        let mut want = under.clone();
        want.draw_pixmap(
            0,
            0,
            over.as_ref(),
            &tiny_skia::PixmapPaint::default(),
            tiny_skia::Transform::identity(),
            None,
        );
        let mut got = under.clone();
        lay_over(&mut got, &Layer::of(&over));
        for (i, (a, b)) in want.data().iter().zip(got.data()).enumerate() {
            assert!(a.abs_diff(*b) <= 1, "byte {i}: {a} against {b}");
        }
    }

    /// The lower layer kept as runs comes back pixel for pixel: runs longer than one packed
    /// run holds, runs across rows, single pixels, and translucent colours.
    #[test]
    fn a_picture_kept_as_runs_comes_back_exact() {
        let (w, h) = (5000, 7);
        let mut pm = Pixmap::new(w, h).expect("pixmap");
        for (i, p) in pm.pixels_mut().iter_mut().enumerate() {
            let (r, a) = match i {
                0..=9_000 => (10, 255),
                9_001..=9_003 => ((i % 7) as u8 * 30, 255),
                _ if i % 997 == 0 => (40, 128),
                _ => ((i / 3000) as u8, 255),
            };
            *p = tiny_skia::ColorU8::from_rgba(r, 200, 30, a).premultiply();
        }
        let runs = Runs::of(pm.clone());
        assert!(matches!(runs, Runs::Packed { .. }));
        assert!(runs.pixmap() == pm);
    }

    /// A province painted from its stored coverage looks as tiny-skia's own fill draws it.
    #[test]
    fn painting_a_stored_coverage_matches_a_fill() {
        let (w, h) = (60, 45);
        let mut pb = tiny_skia::PathBuilder::new();
        pb.push_circle(20.3, 18.7, 13.2);
        pb.push_rect(tiny_skia::Rect::from_xywh(25.5, 10.25, 40.0, 20.0).expect("rect"));
        let path = pb.finish().expect("path");
        let to_px = tiny_skia::Transform::from_row(1.1, 0.0, 0.0, 0.9, -2.0, 3.5);
        let mut under = Pixmap::new(w, h).expect("pixmap");
        under.fill(tiny_skia::Color::from_rgba8(200, 220, 240, 255));
        let mut want = under.clone();
        let mut paint = tiny_skia::Paint::default();
        paint.set_color_rgba8(180, 40, 90, 255);
        paint.anti_alias = true;
        want.fill_path(&path, &paint, tiny_skia::FillRule::EvenOdd, to_px, None);
        let mut got = under.clone();
        Coverage::of(&path, tiny_skia::FillRule::EvenOdd, to_px, w, h)
            .paint(&mut got, (180, 40, 90));
        let changed = want
            .data()
            .iter()
            .zip(under.data())
            .filter(|(a, b)| a != b)
            .count();
        assert!(changed > 1000, "the shape covers pixels: {changed}");
        for (i, (a, b)) in want.data().iter().zip(got.data()).enumerate() {
            assert!(a.abs_diff(*b) <= 1, "byte {i}: {a} against {b}");
        }
    }
}
