//! Draws a Diplomacy position onto a variant's map art and rasterises it to PNG.
//!
//! The crate knows nothing about the rules engine. A caller describes what to
//! show in a [`Scene`] (owners, centres, units, orders and their outcomes,
//! legend text) and draws it on a [`MapArt`]:
//!
//! ```no_run
//! use render::{MapArt, Scene, PowerStyle, UnitMark, UnitKind, Order, OrderMark};
//!
//! # let svg = std::fs::read_to_string("../maps/standard/map.svg").unwrap_or_default();
//! // The engine's variant registry owns each variant's art; parse it once per variant.
//! let art = MapArt::from_svg(&svg)?;
//! let scene = Scene {
//!     title: "Spring 1901 movement".into(),
//!     powers: vec![PowerStyle::new("England", 1)],
//!     units: vec![UnitMark::new("England", UnitKind::Fleet, "lon")],
//!     orders: vec![OrderMark::new("England", Order::Move { unit: "lon".into(), to: "nth".into(), via_convoy: false })],
//!     ..Scene::default()
//! };
//! let png: Vec<u8> = render::render_png(&art, &scene)?;
//! # Ok::<(), render::Error>(())
//! ```
//!
//! # Map art structure
//!
//! Map art is an SVG file drawn for the variant (`maps/<variant>/map.svg`).
//! The renderer relies on this structure:
//!
//! - A group `<g id="provinces">` directly inside the root `<svg>`. Inside it,
//!   every province is exactly one element, a `<path>` or a `<g>` of paths,
//!   whose `id` is the province id used by the engine (`<path id="lon" .../>`).
//!   Groups inside it that contain identified elements (such as
//!   `<g id="seas">`) only organise the art and are not provinces. Province
//!   elements and their groups carry no `transform`.
//! - Top-level elements up to and including `provinces` form the lower layer;
//!   owners' colours are painted over it. Top-level elements after it (borders,
//!   labels) are drawn above the owners' colours. `<defs>` and `<style>` are
//!   shared by both.
//! - Invisible anchor points, usually `<circle r="0">` inside
//!   `<g id="anchors">`, without transforms:
//!   `unit-<province>` where a unit stands (required for every province),
//!   `unit-<province>-<coast>` for each coast of a split-coast province
//!   (`unit-stp-nc`), and `sc-<province>` for each supply centre's marker.
//!   A province that may hold several units at once (Davis's High Ocean Box)
//!   may add numbered places `unit-<province>-2`, `unit-<province>-3`, ...
//!   (a number is never a coast).
//! - Province labels, `<text id="label-<province>" x y>` (the middle of the
//!   baseline) inside `<g id="labels">`, whose attributes give their shared
//!   style. The renderer takes them out of the upper layer and places them on
//!   each render (see "Labels" below); other text in that group (coast names,
//!   rivers) stays where the art draws it. A label's spot must lie in its
//!   province ([`MapArt::label_fit`]) and carry no `transform`.
//! - Optionally `<rect id="legend">`, the box the legend is drawn in.
//! - Decoration that is not a province (Switzerland, Ireland) uses ids that
//!   start with `impassable-` and lives outside `provinces`.
//!
//! # What the picture shows
//!
//! - Owned provinces in a light shade of the owner's colour.
//! - Supply centres as small discs in the owner's colour (white with a dot
//!   when unowned); home centres also get a ring in the home power's colour,
//!   so neutral and home centres differ even after a capture. A home centre
//!   earned during the game has a second, outer ring; a power on its way to
//!   earning one shows pips in an arc over the marker, filled for each turn
//!   done.
//! - Units in their power's colour, with a shape and letter per kind: army a
//!   circle "A", fleet a hull "F", river flotilla a diamond "R", army/fleet a
//!   hull "F" carrying a small army disc "A", any other kind a rounded square
//!   with its letter; the legend keys the kinds the scene names in
//!   `unit_keys`. Several units in one province stand on its numbered places
//!   in turn, and beyond those fan out round them; each order is drawn from a
//!   unit of the ordering power there, one unit per order. A dislodged unit is drawn smaller, inside a red dashed
//!   ring, beside the province's unit where neither covers the other (tied to
//!   its place by a short red line), with thin dotted arrows to its retreat
//!   options. Arrows bend round units they do not join and stop outside the
//!   rings round the unit they reach; outcome marks are placed last, off other
//!   orders' arrowheads ([`figure`] gives the geometry for tests).
//! - Orders in the ordering power's colour: a move is a solid arrow starting at
//!   its token's edge (head-to-head moves run side by side); a support is a
//!   dashed line ending in a ring round the held unit or a dot on the
//!   supported move; a convoyed move is one arrow bending through each fleet
//!   that carries it, each convoying fleet ringed with dots; a hold is an octagon round
//!   the unit; a build is the new unit in a dashed ring with a "+"; a disband
//!   is a red ring struck through; a retreat is an arrow from the dislodged
//!   unit. Moves helped by a support or convoy but not themselves in the scene
//!   are sketched as thin dashed arrows.
//! - A variant's own orders (`Order::Marked`) and its state on the board
//!   (`Scene::marks`) in the renderer's vocabulary ([`Mark`]), which names no
//!   variant: an arrow (solid, dashed, dotted, dash-dotted or fine; with a
//!   glyph at its tip, such as a search's "?", or a numbered label along it),
//!   a ring round a unit or place (with a badge: "+", a number, a flag; or a
//!   new unit inside it), a symbol on a disc beside a province's unit place,
//!   and a pattern (hatch or dots) over a province or a coast. Each group is
//!   keyed in the key box by the word its rules give it, with a small sample.
//! - Hidden provinces (`Scene::hidden`) keep only what the art draws: no
//!   owner's colour, centre marker or mark.
//! - Failed orders are washed out (moves hollow) with a red cross; illegal
//!   orders are red dotted lines with a red "no entry" sign, void ones (a
//!   support of a move not made) washed out with a grey one. A unit dislodged
//!   during a movement phase is pushed out of its province away from its
//!   attacker, in a red dashed ring tied to where the attack arrives. A
//!   retreat the rules made is a dash-dotted arrow with a square at its foot.
//! - A key to the symbols the picture shows, in a box below the legend.
//! - A legend with the caller's phase title and, per power, centres and units.
//!
//! # Labels
//!
//! Province labels are drawn last, each where nothing else the overlay draws
//! covers it: at the art's spot if that is clear, else at the nearest clear
//! spot inside the province, else on a small opaque plate. The obstacles are
//! read from the finished overlay's own shapes, so any mark a stage draws is
//! avoided; [`layout`] gives the placed labels and the obstacles for tests.
//!
//! # Rendering
//!
//! [`MapArt::from_svg`] parses the art once and rasterises its two layers and
//! each province's coverage, kept compact (the lower layer as runs of one
//! colour, the upper as the runs of pixels it draws, full coverage without a
//! byte per pixel). A render ([`render_pixmap`], [`render_png`]) fills the
//! lower layer from its runs, paints owned provinces through their coverage,
//! blends the upper layer's drawn pixels on top (all pixel-aligned, no image
//! draw) and then draws an overlay SVG with centres, units, orders and the
//! legend; its texts, unit symbols and circles are not parsed per map but made
//! once per art and copied into place (see `pieces`). [`render_svg`] produces
//! the same picture as one SVG document. The Standard board (1300x1000) with 34
//! units and 34 orders renders to PNG in about 19 ms in a release build (32 ms
//! before the pieces), 9.5 ms of it drawing and as much encoding
//! (render/benches/render.rs has the figures).
//!
//! Text uses DejaVu Sans compiled into the binary (see [`fonts`]); no system
//! font is ever looked up.

pub mod art;
mod draw;
pub mod encode;
pub mod error;
pub mod fonts;
mod outline;
pub mod palette;
mod pieces;
pub mod scene;
mod scratch;
mod xml;

pub use resvg::{tiny_skia, usvg};

pub use art::{MapArt, Point};
pub use draw::figure::{ArrowShape, Figure, HeadShape, MarkKind, MarkShape, UnitShape};
pub use draw::labels::{Layout, PlacedLabel, BACKGROUND};
pub use error::Error;
pub use outline::{Bounds, Fit, Obstacle, ObstacleKind};
pub use palette::{Palette, Rgb};
pub use scene::{
    Claim, Glyph, Head, Location, Mark, MarkColour, Marking, Order, OrderMark, Outcome, Owner,
    Pattern, PowerColour, PowerStyle, ScCount, ScMarker, Scene, Stroke, UnitKey, UnitKind,
    UnitMark,
};

/// The overlay for a scene, parsed (its repeated pieces made once per art, see [`pieces`]),
/// with the labels placed clear of it.
fn overlay_and_labels(
    art: &MapArt,
    scene: &Scene,
) -> Result<(draw::Overlay, usvg::Tree, pieces::Pieces, Layout), Error> {
    let overlay = draw::build(art, scene)?;
    let prepared = pieces::prepare(&art.pieces, &art.header, &art.defs, &overlay.over)?;
    let tree = fonts::parse_svg(&prepared.doc)?;
    let layout = draw::labels::place(art, &tree, &prepared.pieces);
    Ok((overlay, tree, prepared.pieces, layout))
}

/// Where a render of the scene puts every province label, and what it kept them off: the
/// geometry tests measure overlaps with, without drawing a pixel.
pub fn layout(art: &MapArt, scene: &Scene) -> Result<Layout, Error> {
    Ok(overlay_and_labels(art, scene)?.3)
}

/// Where a render of the scene draws every unit symbol, arrow, arrowhead and order mark: the
/// geometry tests measure what would hide what with, without drawing a pixel.
pub fn figure(art: &MapArt, scene: &Scene) -> Result<Figure, Error> {
    Ok(draw::build(art, scene)?.figure)
}

/// The whole picture as one SVG document: the art with the owners' colours
/// and the overlay spliced in. Parse it with [`fonts::options`] to get the
/// same text rendering as [`render_png`].
pub fn render_svg(art: &MapArt, scene: &Scene) -> Result<String, Error> {
    let (overlay, _, _, layout) = overlay_and_labels(art, scene)?;
    let labels = draw::labels::svg(art, &layout);
    let mut s = String::with_capacity(
        art.under_src.len() + art.over_src.len() + overlay.over.len() + labels.len() + 64 * 1024,
    );
    s += &art.header;
    s.push('\n');
    s += &art.defs;
    s += &art.under_src;
    s += "<g id=\"owners\" fill-rule=\"evenodd\" stroke=\"none\">\n";
    for (idx, colour) in &overlay.fills {
        let p = &art.provinces[*idx];
        s += &format!(
            "<path fill=\"{}\" d=\"{}\"/>\n",
            colour.hex(),
            p.d.join(" ")
        );
    }
    s += "</g>\n";
    s += &art.over_src;
    s += &overlay.over;
    s += &labels;
    s += "</svg>\n";
    Ok(s)
}

/// Draws the scene and returns the image as RGBA pixels (premultiplied, as
/// tiny-skia keeps them).
pub fn render_pixmap(art: &MapArt, scene: &Scene) -> Result<tiny_skia::Pixmap, Error> {
    let (overlay, tree, shaped, layout) = overlay_and_labels(art, scene)?;
    let mut pm = art.under.pixmap();
    for (idx, colour) in &overlay.fills {
        art.cover[*idx].paint(&mut pm, (colour.0, colour.1, colour.2));
    }
    art::lay_over(&mut pm, &art.over);
    pieces::draw(&tree, &shaped, &mut pm);
    draw::labels::draw(art, &layout, &mut pm);
    Ok(pm)
}

/// Draws the scene and encodes it as PNG. The picture's buffer is kept for the thread's next
/// map (see `scratch`).
pub fn render_png(art: &MapArt, scene: &Scene) -> Result<Vec<u8>, Error> {
    let pm = render_pixmap(art, scene)?;
    let png = encode_png(&pm);
    scratch::keep_pixels(pm.take());
    png
}

/// Frees the large buffers this thread kept from the maps it drew (a few MB each; see
/// `scratch`): for a thread that draws maps now and then, when it has drawn none for a while.
pub fn let_go_of_buffers() {
    scratch::let_go();
}

/// Encodes an opaque pixmap as an indexed PNG of at most 256 colours: flat areas exact,
/// anti-aliased edges to the nearest entry, about a quarter of the RGB file's size for the
/// same time (see [`encode`]).
pub fn encode_png(pm: &tiny_skia::Pixmap) -> Result<Vec<u8>, Error> {
    encode::png(pm)
}
