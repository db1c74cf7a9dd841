//! Development helper: renders the test suite's sample position to a PNG file.
//!
//! `cargo run --release --example sample -- out.png [default|colour-blind|start] [out.svg]`
#[path = "../tests/common/mod.rs"]
mod common;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let palette = if args.get(2).map(String::as_str) == Some("colour-blind") {
        render::Palette::ColourBlind
    } else {
        render::Palette::Default
    };
    let scene = if args.get(2).map(String::as_str) == Some("start") {
        common::standard_start(palette)
    } else {
        common::standard_scene(palette)
    };
    let art = common::standard_art();
    let t = std::time::Instant::now();
    let png = render::render_png(art, &scene).expect("render");
    eprintln!("rendered in {:?}, {} bytes", t.elapsed(), png.len());
    std::fs::write(&args[1], png).expect("write");
    if let Some(svg_out) = args.get(3) {
        std::fs::write(svg_out, render::render_svg(art, &scene).expect("svg")).expect("write");
    }
}
