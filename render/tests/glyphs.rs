//! Text must come out as glyphs: resvg silently skips text whose font it cannot find.

mod common;

use render::usvg::{self, Node};
use render::Palette;

/// (text nodes, text nodes that produced at least one non-empty glyph path)
fn count_glyphs(g: &usvg::Group) -> (usize, usize) {
    let mut total = (0, 0);
    for n in g.children() {
        match n {
            Node::Group(g) => {
                let (a, b) = count_glyphs(g);
                total.0 += a;
                total.1 += b;
            }
            Node::Text(t) => {
                total.0 += 1;
                if has_ink(t.flattened()) {
                    total.1 += 1;
                }
            }
            _ => {}
        }
    }
    total
}

fn has_ink(g: &usvg::Group) -> bool {
    g.children().iter().any(|n| match n {
        Node::Path(p) => !p.data().is_empty() && p.data().bounds().width() > 0.5,
        Node::Group(g) => has_ink(g),
        _ => false,
    })
}

#[test]
fn every_label_and_legend_line_is_drawn_with_embedded_glyphs() {
    let art = common::standard_art();
    let svg = render::render_svg(art, &common::standard_scene(Palette::Default)).unwrap();
    let tree = usvg::Tree::from_str(&svg, &render::fonts::options()).unwrap();
    let (texts, inked) = count_glyphs(tree.root());
    // 75 province labels, split-coast labels, unit letters and the legend.
    assert!(texts > 75 + 34 + 7, "only {texts} text nodes");
    assert_eq!(inked, texts, "{} text nodes drew no glyphs", texts - inked);
}

#[test]
fn without_the_embedded_fonts_there_would_be_no_glyphs() {
    // Guards the test above: with no fonts loaded the same SVG parses but
    // draws no text, which is the failure the embedded fonts prevent.
    let art = common::standard_art();
    let svg = render::render_svg(art, &common::standard_scene(Palette::Default)).unwrap();
    let bare = usvg::Options::default();
    let tree = usvg::Tree::from_str(&svg, &bare).unwrap();
    let (_, inked) = count_glyphs(tree.root());
    assert_eq!(inked, 0);
}
