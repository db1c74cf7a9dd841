//! Loading map data: every problem is reported with its file and line.

use engine::map::{parse_map_files, MapFiles};
use engine::variant::VariantFiles;

const PROVINCES: &str = "\
# a tiny test board
lon coast \"London\" sc home=England
wal coast \"Wales\"
eng sea \"English Channel\" aliases=channel
spa coast \"Spain\" sc coasts=nc,sc
";

fn load(provinces: &str, borders: &str, units: &str) -> Result<(), Vec<String>> {
    parse_map_files(&MapFiles {
        provinces: ("provinces.txt", provinces),
        borders: ("borders.txt", borders),
        units: ("units.txt", units),
    })
    .map(|_| ())
    .map_err(|errs| errs.iter().map(|e| e.to_string()).collect())
}

#[test]
fn a_good_board_loads() {
    let borders = "lon wal army fleet\nlon eng fleet\nwal eng fleet\neng spa/nc fleet\neng spa/sc fleet\nwal spa army\n";
    assert_eq!(load(PROVINCES, borders, "England F lon\n"), Ok(()));
}

#[test]
fn every_problem_is_reported_with_file_and_line() {
    let provinces = format!("{PROVINCES}xxx swamp \"Swamp\"\nlon land \"Londinium\"\n");
    let borders = "\
lon wal army fleet
lon eng fleet
lon narnia army
eng spa fleet
wal eng army
eng spa/nc fleet
lon wal army
";
    let errs = load(&provinces, borders, "England F lon/nc\n").unwrap_err();
    let has = |needle: &str| errs.iter().any(|e| e.contains(needle));
    assert!(has("provinces.txt:6: unknown terrain 'swamp'"), "{errs:#?}");
    assert!(
        has("provinces.txt:7: province id 'lon' is used twice"),
        "{errs:#?}"
    );
    assert!(has("borders.txt:3: unknown province 'narnia'"), "{errs:#?}");
    assert!(
        has("borders.txt:4: fleet border at spa must name one of its coasts (nc, sc)"),
        "{errs:#?}"
    );
    assert!(has("borders.txt:5: army border at eng"), "{errs:#?}");
    assert!(
        has("borders.txt:7: border lon wal already given on line 1"),
        "{errs:#?}"
    );
    assert!(has("units.txt:1: lon has no coast 'nc'"), "{errs:#?}");
}

#[test]
fn variant_files_are_checked_too() {
    let borders = "lon wal army fleet\nlon eng fleet\nwal eng fleet\neng spa/nc fleet\neng spa/sc fleet\nwal spa army\n";
    let toml = "id = \"t\"\nname = \"T\"\nvictory_centers = 99\nrulebook = \"1971\"\n[calendar]\nfirst_year = 1901\nsteps = [[\"Spring\", \"movement\"]]\n[[powers]]\nname = \"England\"\nadjective = \"English\"\n";
    let files = VariantFiles {
        dir: "maps/t",
        variant_toml: toml,
        provinces: PROVINCES,
        borders,
        units: "France A wal\nEngland A eng\n",
        clockwise: None,
    };
    let errs: Vec<String> = engine::variants::check_files(&files)
        .unwrap_err()
        .iter()
        .map(|e| e.to_string())
        .collect();
    let has = |needle: &str| errs.iter().any(|e| e.contains(needle));
    assert!(has("units.txt:1: 'France' is not a power"), "{errs:#?}");
    assert!(
        has("units.txt:2: an army cannot stand at eng")
            || has("units.txt:2: an army cannot stand at eng"),
        "{errs:#?}"
    );
    assert!(has("victory_centers 99"), "{errs:#?}");

    let bad_toml =
        "id = \"t\"\nname = \"T\"\nvictory_centers = 1\nrulebook = \"1971\"\nmystery = 3\n";
    let files = VariantFiles {
        dir: "maps/t",
        variant_toml: bad_toml,
        provinces: PROVINCES,
        borders,
        units: "",
        clockwise: None,
    };
    let errs: Vec<String> = engine::variants::check_files(&files)
        .unwrap_err()
        .iter()
        .map(|e| e.to_string())
        .collect();
    assert!(errs[0].starts_with("maps/t/variant.toml:5:"), "{errs:#?}");
}

/// The boards drawn up for variants whose rulebooks are still being written load cleanly now,
/// so their data stays correct until they are switched on.
#[test]
fn davis_and_maharajah_boards_load() {
    macro_rules! files {
        ($id:literal) => {
            VariantFiles {
                dir: concat!("maps/", $id),
                variant_toml: include_str!(concat!("../../maps/", $id, "/variant.toml")),
                provinces: include_str!(concat!("../../maps/", $id, "/provinces.txt")),
                borders: include_str!(concat!("../../maps/", $id, "/borders.txt")),
                units: include_str!(concat!("../../maps/", $id, "/units.txt")),
                clockwise: None,
            }
        };
    }
    let show = |e: Vec<engine::map::MapError>| {
        e.iter()
            .map(|x| x.to_string())
            .collect::<Vec<_>>()
            .join("\n")
    };
    let davis = engine::variants::check_files(&files!("davis"))
        .map_err(show)
        .expect("davis loads");
    assert_eq!(davis.map.supply_centers().count(), 35);
    assert_eq!(davis.victory_centers, 18);
    assert!(
        davis.options().coastal_crawl,
        "Davis plays with the coastal crawl"
    );
    assert_eq!(davis.edition(), engine::rulebook::Edition::Y1971);
    let maharajah = engine::variants::check_files(&files!("maharajah"))
        .map_err(show)
        .expect("maharajah loads");
    assert_eq!(maharajah.map.provinces.len(), 77);
    assert_eq!(maharajah.map.supply_centers().count(), 37);
    assert_eq!(maharajah.victory_centers, 19);
    assert_eq!(
        maharajah.calendar.name(maharajah.calendar.first_phase()),
        "Spring 1501 movement"
    );
}
