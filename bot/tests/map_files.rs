//! Maps small enough for a phone: every phase of a demo of each variant with map art is a PNG
//! of at most 300 KB (more for a board larger than Pirates', in proportion to its area), and the busiest of them, decoded, is the full-colour picture to the eye
//! (text as dark as drawn, edges within a few levels).

use engine::store::clock::ManualClock;
use engine::store::Games;
use parley::demo::{run, DemoOptions};
use std::sync::Arc;

const MAX_BYTES: usize = 300_000;
/// The largest board held to `MAX_BYTES` (Pirates, 1500 x 1300 px).
const MAX_BYTES_AREA: u64 = 1500 * 1300;

/// The most a phase's PNG of a `w` x `h` board may weigh: `MAX_BYTES`, or as many bytes per pixel
/// for a larger board. Latin American's 1800 x 2200 board (254 provinces, from the Gulf of Mexico
/// to Graham Land) needs the room: its bare art is 280 KB as a PNG (254 KB even without the
/// sea's waves), before a single unit is drawn, so no lighter drawing of the same board fits
/// 300 KB.
fn max_bytes(w: u32, h: u32) -> usize {
    let area = u64::from(w) * u64::from(h);
    MAX_BYTES.max((MAX_BYTES as u64 * area / MAX_BYTES_AREA) as usize)
}

fn decode_png(bytes: &[u8]) -> (u32, u32, Vec<[u8; 3]>) {
    let mut dec = png::Decoder::new(std::io::Cursor::new(bytes));
    dec.set_transformations(png::Transformations::EXPAND);
    let mut reader = dec.read_info().expect("PNG header");
    let mut buf = vec![0; reader.output_buffer_size().expect("size")];
    let info = reader.next_frame(&mut buf).expect("PNG data");
    let px = buf[..info.buffer_size()]
        .chunks_exact(3)
        .map(|c| [c[0], c[1], c[2]])
        .collect();
    (info.width, info.height, px)
}

fn distance(a: [u8; 3], b: [u8; 3]) -> f64 {
    (0..3)
        .map(|i| (a[i] as f64 - b[i] as f64).powi(2))
        .sum::<f64>()
        .sqrt()
}

fn luma(c: [u8; 3]) -> f64 {
    0.299 * c[0] as f64 + 0.587 * c[1] as f64 + 0.114 * c[2] as f64
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_phase_of_every_variant_is_a_small_png_that_looks_the_same() {
    for variant in [
        "standard",
        "davis",
        "maharajah",
        "atlantica",
        "pirates",
        "latin-american",
    ] {
        let dir = tempfile::tempdir().expect("tmp");
        let out = dir.path().join(variant);
        let summary = run(&DemoOptions {
            variant: variant.to_string(),
            years: 3,
            seed: 16,
            out: out.clone(),
            force: false,
            palette: render::Palette::Default,
            progress: None,
            before_commit: None,
        })
        .await
        .unwrap_or_else(|e| panic!("{variant} demo: {e}"));

        // Every phase's file, not only a chosen one.
        let mut maps: Vec<(String, Vec<u8>)> = std::fs::read_dir(&out)
            .expect("demo folder")
            .filter_map(|e| e.ok())
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "png"))
            .map(|p| {
                let name = p.file_name().unwrap().to_string_lossy().into_owned();
                (name, std::fs::read(&p).expect("map"))
            })
            .collect();
        maps.sort();
        assert!(maps.len() >= 9, "{variant}: {} maps", maps.len());
        let art = parley::picture::drawn_art(variant).expect("art");
        let most = max_bytes(art.width(), art.height());
        for (name, png) in &maps {
            assert!(
                png.len() <= most,
                "{variant} {name} is {} bytes; at most {most}",
                png.len()
            );
        }

        // The busiest phase (most orders), drawn again in full colour, against its file.
        let games = Games::open(
            &format!("sqlite://{}", summary.database.display()),
            Arc::new(ManualClock::at(1_900_000_000)),
        )
        .await
        .expect("demo database");
        let history = games.history(summary.game).await.expect("history");
        let (seq, busiest) = history
            .iter()
            .enumerate()
            .filter(|(_, p)| p.record.is_some())
            .max_by_key(|(_, p)| p.record.as_ref().map_or(0, |r| r.orders.len()))
            .expect("a played phase");
        let file = maps
            .iter()
            .find(|(n, _)| n.starts_with(&format!("{seq:03} ")))
            .unwrap_or_else(|| panic!("{variant}: no file for phase {seq}"));
        let v = &busiest.variant;
        let scene = parley::picture::phase_scene(
            v,
            &busiest.position,
            busiest.record.as_ref(),
            &busiest.retreats,
            render::Palette::Default,
        );
        let art = parley::picture::drawn_art(&v.id).expect("art");
        let pm = render::render_pixmap(art, &scene).expect("render");
        let want: Vec<[u8; 3]> = pm
            .pixels()
            .iter()
            .map(|p| {
                let c = p.demultiply();
                [c.red(), c.green(), c.blue()]
            })
            .collect();
        let (w, h, got) = decode_png(&file.1);
        assert_eq!((w, h), (pm.width(), pm.height()), "{variant}");
        let mut d: Vec<f64> = want
            .iter()
            .zip(&got)
            .map(|(a, b)| distance(*a, *b))
            .collect();
        let mean = d.iter().sum::<f64>() / d.len() as f64;
        d.sort_by(f64::total_cmp);
        let p99 = d[d.len() * 99 / 100];
        eprintln!(
            "{variant}: {} maps, largest {} bytes; busiest {} ({} bytes): mean {mean:.2}, p99 {p99:.1}",
            maps.len(),
            maps.iter().map(|m| m.1.len()).max().unwrap_or(0),
            file.0,
            file.1.len()
        );
        // A mean of one level in 441 is far below what an eye sees; the 99th percentile and the
        // text check below catch a visible loss where it would show.
        assert!(
            mean < 1.5,
            "{variant} {}: mean difference {mean:.2}",
            file.0
        );
        assert!(p99 < 14.0, "{variant} {}: 99th percentile {p99:.1}", file.0);
        let mut dark: Vec<f64> = want
            .iter()
            .zip(&got)
            .filter(|(a, _)| luma(**a) < 64.0)
            .map(|(a, b)| (luma(*a) - luma(*b)).abs())
            .collect();
        dark.sort_by(f64::total_cmp);
        let (dark999, worst) = (dark[dark.len() * 999 / 1000], dark[dark.len() - 1]);
        eprintln!(
            "{variant}: {} text pixels, lightness change p99.9 {dark999:.1}, worst {worst:.1}",
            dark.len()
        );
        assert!(
            dark999 < 16.0,
            "{variant} {}: text pixels' lightness moved by {dark999:.1} (p99.9)",
            file.0
        );
        assert!(
            worst < 40.0,
            "{variant} {}: a text pixel's lightness moved by {worst:.1}",
            file.0
        );
    }
}
