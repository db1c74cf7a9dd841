//! Memory of the boards: parses each built-in variant's art in turn (or only the one named)
//! and draws an empty map of it, printing the process's resident and peak memory after each
//! step (Linux, /proc/self/status; the peak is reset before each map, so a map's line gives
//! the most drawing it took). Run from the workspace root:
//! `cargo run --release -p render --example art_memory [variant]`.

fn memory() -> String {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let kib = |key: &str| {
        status
            .lines()
            .find(|l| l.starts_with(key))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|v| v.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    format!(
        "resident {:.1} MiB, peak {:.1} MiB",
        kib("VmRSS:") / 1024.0,
        kib("VmHWM:") / 1024.0
    )
}

fn main() {
    let ids = [
        "standard",
        "davis",
        "pirates",
        "maharajah",
        "atlantica",
        "latin-american",
    ];
    let only = std::env::args().nth(1);
    println!("start: {}", memory());
    let mut kept = Vec::new();
    for id in ids {
        if only.as_deref().is_some_and(|o| o != id) {
            continue;
        }
        let svg = std::fs::read_to_string(format!("maps/{id}/map.svg")).expect("run from the root");
        let started = std::time::Instant::now();
        let art = render::MapArt::from_svg(&svg).expect("art");
        let took = started.elapsed();
        drop(svg);
        println!("{id}: art parsed in {took:.0?}: {}", memory());
        // Writing 5 resets the peak to the present (Linux 4.0 and later).
        let _ = std::fs::write("/proc/self/clear_refs", "5");
        let scene = render::Scene {
            title: "Spring 1901 movement".into(),
            ..Default::default()
        };
        let png = render::render_png(&art, &scene).expect("render");
        println!("{id}: map drawn ({} bytes): {}", png.len(), memory());
        kept.push(art);
    }
}
