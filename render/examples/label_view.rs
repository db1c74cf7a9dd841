//! Development helper: writes a variant's art with no position drawn as SVG, to look at its labels.
//!
//! `cargo run --example label_view -- VARIANT out.svg`
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let svg = std::fs::read_to_string(format!("maps/{}/map.svg", args[1])).expect("art");
    let art = render::MapArt::from_svg(&svg).expect("parse");
    let scene = render::Scene {
        title: args[1].clone(),
        ..render::Scene::default()
    };
    std::fs::write(&args[2], render::render_svg(&art, &scene).expect("svg")).expect("write");
}
