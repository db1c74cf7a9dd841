//! A variant's data declares its own terrains, province tags and border kinds beside the shared
//! ones of `maps/vocabulary.toml`; a word it does not declare is refused with its file, line
//! and the words that are declared.

use engine::map::{Location, MapError, LAND, WATER};
use engine::variant::VariantFiles;

const TOML: &str = r#"id = "tundra"
name = "Tundra"
victory_centers = 2
rulebook = "1971"

[vocabulary]
border_kinds = ["ford"]

[[vocabulary.terrains]]
name = "ice"
stand = ["army"]

[[vocabulary.tags]]
name = "thaws"
on = ["ice"]

[calendar]
first_year = 1901
steps = [["Spring", "movement"], ["Fall", "movement"], ["Winter", "adjustment"]]

[[powers]]
name = "England"
adjective = "English"
"#;

const PROVINCES: &str = "lon coast \"London\" sc home=England
wal land \"Wales\" sc
eng sea \"English Channel\"
gla ice \"Glacier\" tags=thaws
";

const BORDERS: &str = "lon wal army
lon eng fleet
wal gla army kind=ford
gla lon army kind=mountain
";

fn check(
    toml: &str,
    provinces: &str,
    borders: &str,
    units: &str,
) -> Result<engine::Rules, Vec<String>> {
    engine::variants::check_files(&VariantFiles {
        dir: "maps/tundra",
        variant_toml: toml,
        provinces,
        borders,
        units,
        clockwise: None,
    })
    .map_err(|e: Vec<MapError>| e.iter().map(|x| x.to_string()).collect())
}

#[test]
fn a_variant_declares_a_terrain_a_tag_and_a_border_kind() {
    let rules = check(TOML, PROVINCES, BORDERS, "England A gla\n").expect("tundra loads");
    let map = &rules.map;
    let id = |s: &str| map.province_by_id(s).expect(s);
    let gla = id("gla");
    let ice = map.terrain(gla);
    assert_eq!(ice.name, "ice");
    assert!(
        map.admits(&LAND, Location::province(gla)),
        "armies stand on ice"
    );
    assert!(
        !map.admits(&WATER, Location::province(gla)),
        "fleets do not"
    );
    assert!(!ice.convoys && !ice.lands && !ice.holds_many);
    assert!(map.has_tag(gla, map.tag("thaws")));
    assert!(!map.has_tag(id("wal"), map.tag("thaws")));
    assert!(!map.has_tag(gla, map.tag("never-declared")));
    let border = |a: &str, b: &str| {
        map.province(id(a))
            .borders
            .iter()
            .find(|x| x.to.province == id(b))
            .expect("a border")
            .kinds
    };
    assert!(border("wal", "gla").contains(map.border_kind("ford")));
    assert!(border("gla", "wal").contains(map.border_kind("ford")));
    assert!(!border("wal", "gla").contains(map.border_kind("mountain")));
    assert!(border("lon", "gla").contains(map.border_kind("mountain")));
    assert!(border("lon", "wal").is_plain());
    // The shared words are still there, and a standard terrain keeps its properties.
    assert!(map.terrain(id("eng")).convoys);
    assert!(map.terrain(id("lon")).lands);
}

#[test]
fn undeclared_words_are_refused_with_file_line_and_the_declared_names() {
    let provinces =
        PROVINCES.replace("wal land", "wal swamp") + "mar coast \"Marsh\" tags=frozen\n";
    let borders = BORDERS.replace("kind=ford", "kind=bridge") + "eng gla fleet\n";
    let errs = check(TOML, &provinces, &borders, "").unwrap_err();
    let has = |needle: &str| errs.iter().any(|e| e.contains(needle));
    assert!(
        has("maps/tundra/provinces.txt:2: unknown terrain 'swamp'; expected one of land, coast, sea, ocean, lake, island, glacier, box, ice"),
        "{errs:#?}"
    );
    assert!(
        has("maps/tundra/provinces.txt:5: unknown tag 'frozen'; expected one of river-convoy, big-island, thaws"),
        "{errs:#?}"
    );
    assert!(
        has("maps/tundra/borders.txt:3: unknown border kind 'bridge'; expected plain, river, mountain, rainforest, landbridge, direct-passage, canal, ford"),
        "{errs:#?}"
    );
    assert!(
        has("maps/tundra/borders.txt:5: fleet border at gla: units moving by water cannot stand"),
        "{errs:#?}"
    );
    // The variant's own words are checked against the vocabulary too.
    let toml = TOML
        .replace("stand = [\"army\"]", "stand = [\"hovercraft\"]")
        .replace("on = [\"ice\"]", "on = [\"permafrost\"]");
    let errs = check(&toml, PROVINCES, BORDERS, "").unwrap_err();
    let has = |needle: &str| errs.iter().any(|e| e.contains(needle));
    assert!(
        has("maps/tundra/variant.toml: terrain ice lets 'hovercraft' stand there"),
        "{errs:#?}"
    );
    assert!(
        has("maps/tundra/variant.toml: tag thaws is declared for terrain 'permafrost'"),
        "{errs:#?}"
    );
    // A tag given to a terrain it is not declared for.
    let errs = check(
        TOML,
        &PROVINCES.replace("wal land \"Wales\" sc", "wal land \"Wales\" sc tags=thaws"),
        BORDERS,
        "",
    )
    .unwrap_err();
    assert!(
        errs.iter().any(|e| e.contains(
            "maps/tundra/provinces.txt:2: wal is tagged thaws but is land (thaws is declared for ice in maps/tundra/variant.toml)"
        )),
        "{errs:#?}"
    );
}

#[test]
fn tags_and_border_kinds_are_not_limited_to_eight() {
    let kinds: Vec<String> = (0..40).map(|i| format!("\"k{i}\"")).collect();
    let toml = TOML.replace(
        "border_kinds = [\"ford\"]",
        &format!("border_kinds = [\"ford\", {}]", kinds.join(", ")),
    );
    let borders = BORDERS.replace("kind=mountain", "kind=k39,mountain");
    let rules = check(&toml, PROVINCES, &borders, "").expect("loads");
    let map = &rules.map;
    let lon = map.province_by_id("lon").expect("lon");
    let gla = map.province_by_id("gla").expect("gla");
    let b = map
        .province(gla)
        .borders
        .iter()
        .find(|b| b.to.province == lon)
        .expect("border");
    assert!(b.kinds.contains(map.border_kind("k39")));
    assert!(b.kinds.contains(map.border_kind("mountain")));
    assert!(!b.kinds.contains(map.border_kind("k38")));

    let too_many: Vec<String> = (0..70).map(|i| format!("\"k{i}\"")).collect();
    let toml = TOML.replace(
        "border_kinds = [\"ford\"]",
        &format!("border_kinds = [{}]", too_many.join(", ")),
    );
    let errs = check(&toml, PROVINCES, BORDERS, "").unwrap_err();
    assert!(
        errs.iter()
            .any(|e| e.contains("border kinds are declared; a variant may declare at most 64")),
        "{errs:#?}"
    );
}
