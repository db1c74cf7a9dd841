//! The map art kept on disk (`render::art::cache`): a map drawn from the cached art is the map
//! drawn from the art parsed afresh, byte for byte; another art text misses the cache; a
//! damaged or truncated file is never used and is rebuilt. Every cache lives in a temporary
//! folder.

mod common;

use render::art::cache::{ArtCache, Miss};
use render::{MapArt, Owner, Palette, PowerStyle, Scene, UnitKind, UnitMark};

/// Every built-in art, by variant id.
const ARTS: [(&str, &str); 6] = [
    ("standard", include_str!("../../maps/standard/map.svg")),
    ("davis", include_str!("../../maps/davis/map.svg")),
    ("pirates", include_str!("../../maps/pirates/map.svg")),
    ("maharajah", include_str!("../../maps/maharajah/map.svg")),
    ("atlantica", include_str!("../../maps/atlantica/map.svg")),
    (
        "latin-american",
        include_str!("../../maps/latin-american/map.svg"),
    ),
];

/// A busy scene on any art: every other province owned (its coverage painted), a unit on
/// every third (pieces and labels moved off them), the legend and the key drawn.
fn busy_scene(art: &MapArt) -> Scene {
    let ids: Vec<&str> = art.province_ids().collect();
    Scene {
        title: "Spring 1901 movement".into(),
        palette: Palette::Default,
        powers: vec![PowerStyle::new("Blue", 0), PowerStyle::new("Red", 1)],
        owners: ids
            .iter()
            .step_by(2)
            .enumerate()
            .map(|(i, p)| Owner {
                province: p.to_string(),
                power: ["Blue", "Red"][i % 2].into(),
            })
            .collect(),
        units: ids
            .iter()
            .step_by(3)
            .map(|p| UnitMark::new("Red", UnitKind::Army, *p))
            .collect(),
        ..Scene::default()
    }
}

/// The PNG and the SVG document of the scene on `art`.
fn drawn(art: &MapArt, scene: &Scene) -> (Vec<u8>, String) {
    (
        render::render_png(art, scene).expect("png"),
        render::render_svg(art, scene).expect("svg"),
    )
}

#[test]
fn a_map_from_the_cached_art_is_the_map_from_the_parsed_art() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let cache = ArtCache::new(dir.path());
    for (name, svg) in ARTS {
        let fresh = MapArt::from_svg(svg).expect("art parses");
        assert!(
            matches!(cache.load(name, svg), Err(Miss::Absent)),
            "{name}: an empty cache holds nothing"
        );
        let stored = cache.art(name, svg).expect("art");
        assert!(cache.path(name).is_file(), "{name}: the art is stored");
        let cached = cache.load(name, svg).expect("the stored art is read back");
        let scenes = [busy_scene(&fresh), Scene::default()];
        for scene in &scenes {
            let want = drawn(&fresh, scene);
            assert!(
                drawn(&cached, scene) == want,
                "{name}: the cached art draws another map"
            );
            assert!(
                drawn(&stored, scene) == want,
                "{name}: the art parsed while storing draws another map"
            );
        }
        // Neither has PartialEq; their Debug text prints every number to the bit.
        let layout = |art: &MapArt| format!("{:?}", render::layout(art, &scenes[0]));
        assert_eq!(
            layout(&cached),
            layout(&fresh),
            "{name}: labels placed elsewhere"
        );
        assert_eq!(
            format!("{:?}", cached.labels()),
            format!("{:?}", fresh.labels()),
            "{name}: the art's labels"
        );
        assert_eq!(cached.legend_area(), fresh.legend_area(), "{name}: legend");
        for id in fresh.province_ids() {
            assert_eq!(cached.unit_places(id), fresh.unit_places(id), "{name} {id}");
            assert_eq!(cached.coasts(id), fresh.coasts(id), "{name} {id}");
            assert_eq!(cached.sc_anchor(id), fresh.sc_anchor(id), "{name} {id}");
        }
    }
}

#[test]
fn the_standard_sample_draws_the_same_from_the_cache() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let cache = ArtCache::new(dir.path());
    let svg = common::STANDARD_MAP_SVG;
    cache.art("standard", svg).expect("art");
    let cached = cache.load("standard", svg).expect("cached art");
    for palette in [Palette::Default, Palette::ColourBlind] {
        let scene = common::standard_scene(palette);
        assert!(
            drawn(&cached, &scene) == drawn(common::standard_art(), &scene),
            "{palette:?}: the cached art draws another map"
        );
    }
}

#[test]
fn another_art_text_misses_the_cache() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let cache = ArtCache::new(dir.path());
    let svg = common::STANDARD_MAP_SVG;
    cache.art("standard", svg).expect("art");
    // The art redrawn: the sea in another colour.
    let sea = svg
        .find("#")
        .map(|i| &svg[i..i + 7])
        .expect("the art names a colour");
    let changed = svg.replacen(sea, "#123456", 1);
    assert_ne!(changed, svg);
    assert!(
        matches!(cache.load("standard", &changed), Err(Miss::Stale)),
        "a changed art is not read from the cache"
    );
    let rebuilt = cache.art("standard", &changed).expect("art");
    let scene = busy_scene(&rebuilt);
    let want = drawn(&MapArt::from_svg(&changed).expect("art"), &scene);
    assert!(drawn(&rebuilt, &scene) == want, "the changed art is drawn");
    assert!(
        drawn(
            &cache.load("standard", &changed).expect("now cached"),
            &scene
        ) == want,
        "the changed art replaced the old one in the cache"
    );
    assert!(
        matches!(cache.load("standard", svg), Err(Miss::Stale)),
        "one file per art name: the old art is gone"
    );
}

#[test]
fn a_damaged_cache_file_is_never_used_and_is_rebuilt() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let cache = ArtCache::new(dir.path());
    let (name, svg) = ("maharajah", ARTS[3].1);
    let fresh = MapArt::from_svg(svg).expect("art");
    let scene = busy_scene(&fresh);
    let want = drawn(&fresh, &scene);
    cache.art(name, svg).expect("art");
    let path = cache.path(name);
    let good = std::fs::read(&path).expect("cache file");
    let n = good.len();
    let mut damaged: Vec<(String, Vec<u8>)> =
        [0, 5, 8, 16, 40, svg.len() + 30, n / 2, n - 4, n - 1]
            .iter()
            .map(|&k| (format!("cut at {k} of {n} bytes"), good[..k].to_vec()))
            .collect();
    for at in [n / 3, n / 2, 2 * n / 3, n - 2] {
        let mut b = good.clone();
        b[at] ^= 0x5a;
        damaged.push((format!("byte {at} of {n} changed"), b));
    }
    damaged.push((
        "another program's file".into(),
        b"\x89PNG\r\n\x1a\n".repeat(99),
    ));
    let mut longer = good.clone();
    longer.extend_from_slice(b"more");
    damaged.push(("bytes added at the end".into(), longer));
    for (what, bytes) in damaged {
        std::fs::write(&path, &bytes).expect("write the damaged file");
        assert!(
            cache.load(name, svg).is_err(),
            "{what}: a damaged file is not used"
        );
        let art = cache.art(name, svg).expect("the art is parsed again");
        assert!(
            drawn(&art, &scene) == want,
            "{what}: the map is drawn right"
        );
        assert_eq!(
            std::fs::read(&path).expect("cache file"),
            good,
            "{what}: the file is rewritten whole"
        );
    }
}

#[test]
fn a_cache_that_cannot_be_written_still_gives_the_art() {
    let dir = tempfile::tempdir().expect("temporary folder");
    // The cache's folder is a file: nothing can be stored under it.
    let blocked = dir.path().join("not-a-folder");
    std::fs::write(&blocked, "x").expect("write");
    let cache = ArtCache::new(&blocked);
    let svg = ARTS[3].1;
    let art = cache.art("maharajah", svg).expect("the art is parsed");
    let scene = busy_scene(&art);
    assert!(drawn(&art, &scene) == drawn(&MapArt::from_svg(svg).expect("art"), &scene));
    assert!(cache.store("maharajah", svg, &art).is_err());
}
