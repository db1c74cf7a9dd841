//! Development helper: rasterises an SVG file to PNG with the crate's embedded
//! fonts, optionally cropping a region and zooming in on it.
//!
//! `cargo run --example svg2png -- in.svg out.png [x y w h zoom]`
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let svg = std::fs::read(&args[1]).expect("read svg");
    let mut opt = resvg::usvg::Options::default();
    let mut db = resvg::usvg::fontdb::Database::new();
    db.load_font_data(dejavu::sans::regular().to_vec());
    db.load_font_data(dejavu::sans::bold().to_vec());
    db.set_sans_serif_family("DejaVu Sans");
    opt.fontdb = std::sync::Arc::new(db);
    opt.font_family = "DejaVu Sans".into();
    let tree = resvg::usvg::Tree::from_data(&svg, &opt).expect("parse");
    let size = tree.size().to_int_size();
    let crop: Vec<f32> = args[3..]
        .iter()
        .map(|a| a.parse().expect("number"))
        .collect();
    let (x, y, w, h, zoom) = if crop.len() == 5 {
        (crop[0], crop[1], crop[2], crop[3], crop[4])
    } else {
        (0.0, 0.0, size.width() as f32, size.height() as f32, 1.0)
    };
    let mut pm =
        resvg::tiny_skia::Pixmap::new((w * zoom) as u32, (h * zoom) as u32).expect("pixmap");
    let t = resvg::tiny_skia::Transform::from_row(zoom, 0.0, 0.0, zoom, -x * zoom, -y * zoom);
    resvg::render(&tree, t, &mut pm.as_mut());
    pm.save_png(&args[2]).expect("save");
}
