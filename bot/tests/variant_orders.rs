//! A variant's own orders and map marks in the bot, on Frostmark (`tests/data/frostmark/`,
//! rulebook in `tests/frostmark/mod.rs`): its `survey` offered by autocomplete in movement
//! phases, explained in the start DM and `/game status`, drawn on the map with the frozen Ice
//! Sea shaded and the flotilla keyed, and played by `parley demo`; and its canal drawn in
//! shapes no built-in variant uses, with no line of `render` or `bot` written for it.

mod common;
mod frostmark;
use common::*;

use engine::order::Order;
use engine::store::Orderer;
use engine::unit::{MoveClass, Unit, UnitKind, UnitKindDecl};
use engine::{Variant, Verdict};
use parley::discord::actions::{self, CreateArgs};
use serde_json::json;

fn frostmark() -> std::sync::Arc<engine::Rules> {
    frostmark::register();
    Variant::builtin("frostmark").expect("frostmark")
}

/// A Frostmark position read as a case gives it.
fn position(
    v: &std::sync::Arc<engine::Rules>,
    json: serde_json::Value,
) -> engine::position::Position {
    engine::case::read_position(v.clone(), &json).expect("position")
}

#[test]
fn legal_orders_offer_the_survey_in_every_movement_phase_beside_the_flotillas_moves() {
    let v = frostmark();
    for phase in ["Spring 1901 movement", "Fall 1901 movement"] {
        let p = position(
            &v,
            json!({"phase": phase, "units": {"North": ["A dal", "F fjo"], "South": ["R mil", "A lak"]}}),
        );
        let south = v.power_by_name("South").expect("South");
        let lists = engine::legal::legal_orders(&v, &p, south);
        let (at, flotilla) = lists
            .iter()
            .find(|(at, _)| at.is_some_and(|l| v.map.province(l.province).id == "mil"))
            .expect("the flotilla's list");
        assert!(at.is_some());
        let texts: Vec<String> = flotilla.iter().map(|o| o.to_text(&*v)).collect();
        assert!(
            texts.contains(&"R mil survey".to_string()),
            "{phase}: {texts:?}"
        );
        assert!(
            texts.contains(&"R mil - hil".to_string()),
            "{phase}: {texts:?}"
        );
        // The army's list has no survey: only flotillas survey, and the list is the rulebook's.
        let all: Vec<String> = lists
            .iter()
            .flat_map(|(_, o)| o.iter().map(|o| o.to_text(&*v)))
            .collect();
        assert_eq!(
            all.iter().filter(|t| t.ends_with("survey")).count(),
            1,
            "{all:?}"
        );
        // Every order listed is one the judge accepts.
        for o in lists.iter().flat_map(|(_, o)| o) {
            assert!(
                engine::check_submission(&v, &p, south, o).is_ok(),
                "{} is listed but refused",
                o.to_text(&*v)
            );
        }
        // The North has no flotilla, and so no survey.
        let north = v.power_by_name("North").expect("North");
        assert!(engine::legal::legal_orders(&v, &p, north)
            .iter()
            .flat_map(|(_, o)| o)
            .all(|o| !matches!(o, Order::Special { .. })));
    }
}

/// A Frostmark game created, joined and started through the bot's actions in channel `c`.
async fn started_frostmark(games: &engine::store::Games) -> (i64, actions::Answer) {
    frostmark::register();
    let args = CreateArgs {
        variant: "frostmark".into(),
        ..CreateArgs::default()
    };
    actions::game_create(games, &in_channel("host", "c", true), &args)
        .await
        .expect("create");
    for p in ["North", "South"] {
        actions::game_join(games, &in_channel(&p.to_lowercase(), "c", false), Some(p))
            .await
            .expect("join");
    }
    let start = actions::game_start(games, &in_channel("north", "c", false))
        .await
        .expect("start");
    let id = games.game_in_channel("c").await.unwrap().expect("game");
    (id, start)
}

#[tokio::test]
async fn autocomplete_the_start_dm_and_status_tell_of_the_variants_own_orders() {
    let dir = tempfile::tempdir().unwrap();
    let (games, clock) = fresh(&dir).await;
    let (id, start) = started_frostmark(&games).await;

    // Each player's DM explains the survey, within Discord's limit.
    let dms: Vec<&String> = start
        .announce
        .iter()
        .filter(|(to, _)| to.starts_with("user:"))
        .map(|(_, p)| &p.text)
        .collect();
    assert_eq!(dms.len(), 2);
    for dm in dms {
        assert!(
            dm.contains("`R mil survey` — your river flotilla surveys"),
            "{dm}"
        );
        assert!(parley::text::discord_len(dm) <= parley::text::MESSAGE_LIMIT);
    }

    // Autocomplete offers the survey to the South, whose flotilla may give it.
    let south = games
        .legal_order_texts(id, Orderer::Power("South".into()))
        .await
        .expect("list");
    assert!(south.contains(&"R mil survey".to_string()), "{south:?}");
    let north = games
        .legal_order_texts(id, Orderer::Power("North".into()))
        .await
        .expect("list");
    assert!(!north.iter().any(|o| o.contains("survey")), "{north:?}");
    // What the player sees as they type: the order as written, or begun with its verb.
    for typed in ["R mil su", "survey", "SURVEY r"] {
        let offered = actions::order_suggestions(&games, "south", None, typed).await;
        assert_eq!(offered, ["R mil survey"], "typed {typed:?}");
    }

    // Status names it while it may be given: in the movement phase.
    let status = |games: engine::store::Games| async move {
        actions::game_status(&games, &in_channel("x", "c", false), None)
            .await
            .expect("status")
            .reply
            .text
    };
    let s = status(games.clone()).await;
    assert!(
        s.contains("Orders of this variant you may give now:"),
        "{s}"
    );
    assert!(s.contains("`R mil survey`"), "{s}");

    // The South surveys; the phase is adjudicated and the next is a movement phase again
    // (Spring's retreat needs no orders), where it is still offered.
    actions::orders_submit(&games, &dm("south"), None, "R mil survey")
        .await
        .expect("submit");
    clock.advance(7 * 24 * 3600);
    let seq = games.current(id).await.unwrap().0;
    let report = games
        .adjudicate(id, seq)
        .await
        .unwrap()
        .expect("adjudicated");
    let survey = report
        .record
        .orders
        .iter()
        .find(|o| o.text == "R mil survey")
        .expect("the survey's record");
    assert_eq!(survey.result.verdict, Verdict::Succeeds);
    let s = status(games.clone()).await;
    assert!(s.contains("Fall 1901 movement"), "{s}");
    assert!(s.contains("`R mil survey`"), "{s}");
}

/// An army aboard a fleet, declared as a variant would declare it (Atlantica's A/F), for the
/// picture's symbol and key.
static PIGGYBACK: MoveClass = MoveClass { name: "piggyback" };
static ARMY_FLEET: UnitKindDecl = UnitKindDecl {
    letter: "A/F",
    name: "army/fleet",
    aliases: &[],
    class: &PIGGYBACK,
    convoyed: false,
    convoys: false,
};

#[test]
fn the_map_shades_the_frozen_sea_keys_the_kinds_and_draws_the_survey() {
    let v = frostmark();
    let art = parley::picture::art_for("frostmark").expect("frostmark has test art");
    let spring = position(
        &v,
        json!({
            "phase": "Spring 1901 movement",
            "units": {"North": ["A dal", "F fjo"], "South": ["R mil", "A lak"]},
            "supply_centers": {"North": ["hil", "fjo"], "South": ["lak", "mil"]},
        }),
    );
    let south = v.power_by_name("South").expect("South");
    let survey = engine::parse::parse_order(&v.grammar(), "R mil survey").expect("reads");
    let orders = vec![(south, survey, Verdict::Succeeds)];
    let scene = parley::picture::scene(&v, &spring, &orders, &[], render::Palette::Default);
    let svg = render::render_svg(art, &scene).expect("draws");
    // The Ice Sea is shaded frozen, and the legend keys the shading.
    assert!(
        svg.contains("class=\"pattern-hatch\" data-province=\"ice\""),
        "no frozen Ice Sea"
    );
    assert!(
        !svg.contains("data-province=\"wat\""),
        "only the Ice Sea freezes"
    );
    assert!(
        svg.contains(">frozen</text>"),
        "the legend keys the frozen shading"
    );
    // The flotilla has its own symbol and its row in the legend; armies and fleets have none.
    assert!(svg.contains(">R</text>"), "the flotilla's symbol");
    assert!(
        svg.contains(">river flotilla</text>"),
        "the flotilla is keyed"
    );
    assert!(!svg.contains(">army</text>") && !svg.contains(">fleet</text>"));
    // The survey is drawn as a dashed ring round the flotilla, keyed in the rulebook's word.
    assert_eq!(
        scene.orders[0].order,
        render::Order::Marked {
            unit: "mil".into(),
            key: Some("surveys".into()),
            marks: vec![render::Mark::Ring {
                at: "mil".into(),
                line: render::Stroke::Dashed,
                colour: render::MarkColour::Power("South".into()),
                badge: None,
                unit: None,
            }],
        }
    );
    assert!(svg.contains("data-symbol=\"surveys\""));
    parley::picture::phase_png(&v, &spring, None, &[]).expect("the PNG renders");

    // In Fall the sea has thawed: nothing shaded, no key.
    let fall = position(
        &v,
        json!({"phase": "Fall 1901 movement", "units": {"North": ["F ice"]}}),
    );
    let scene = parley::picture::scene(&v, &fall, &[], &[], render::Palette::Default);
    assert!(scene.marks.is_empty());
    let svg = render::render_svg(art, &scene).expect("draws");
    assert!(!svg.contains("pattern-hatch") && !svg.contains(">frozen</text>"));

    // A declared A/F kind is drawn as a fleet carrying an army, and keyed by its name.
    engine::unit::declare(&[UnitKind(&ARMY_FLEET)]);
    let mut aboard = fall.clone();
    aboard.units[0] = Unit {
        kind: UnitKind(&ARMY_FLEET),
        ..aboard.units[0]
    };
    let scene = parley::picture::scene(&v, &aboard, &[], &[], render::Palette::Default);
    assert_eq!(scene.units[0].kind, render::UnitKind::ArmyFleet);
    let svg = render::render_svg(art, &scene).expect("draws");
    assert!(svg.contains("class=\"unit-army-fleet\""), "the A/F symbol");
    assert!(svg.contains(">army/fleet</text>"), "the A/F is keyed");
}

#[tokio::test]
async fn the_demo_plays_a_registered_variant_with_its_own_orders() {
    frostmark::register();
    let dir = tempfile::tempdir().unwrap();
    let opts = parley::demo::DemoOptions {
        variant: "frostmark".into(),
        years: 10,
        seed: 7,
        out: dir.path().to_path_buf(),
        force: false,
        palette: render::Palette::Default,
        progress: None,
        before_commit: None,
    };
    let summary = parley::demo::run(&opts).await.expect("the demo plays");
    assert!(summary.phases >= 3, "{}", summary.phases);
    let reports: String = summary
        .reports
        .iter()
        .map(|p| std::fs::read_to_string(p).expect("report"))
        .collect();
    assert!(
        reports.contains("survey"),
        "the demo gave a survey: {reports}"
    );
    // Frostmark has art, so every phase has its map.
    let pngs = std::fs::read_dir(dir.path())
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .is_ok_and(|e| e.path().extension().is_some_and(|x| x == "png"))
        })
        .count();
    assert_eq!(pngs, summary.phases);
}

#[test]
fn the_canal_is_drawn_and_keyed_in_the_maps_vocabulary_with_no_line_of_render_or_bot_for_it() {
    let v = frostmark();
    let art = parley::picture::art_for("frostmark").expect("Frostmark has art");
    let dug = |digs: u32| {
        position(
            &v,
            json!({
                "phase": "Fall 1901 movement",
                "units": {"North": ["A dal", "F fjo"]},
                "tokens": [{"kind": "digs", "province": "dal", "count": digs}],
            }),
        )
    };
    let north = v.power_by_name("North").expect("North");
    let dig = engine::parse::parse_order(&v.grammar(), "A dal dig").expect("reads");

    // Two digs of three: a count on the Dale, keyed as the rulebook words it, and the dig
    // order a dash-dotted ring under a "+".
    let scene = parley::picture::scene(
        &v,
        &dug(2),
        &[(north, dig.clone(), Verdict::Succeeds)],
        &[],
        render::Palette::Default,
    );
    assert_eq!(
        scene.marks,
        [render::Marking {
            key: Some("canal dug".into()),
            marks: vec![render::Mark::Symbol {
                at: "dal".into(),
                glyph: render::Glyph::Text("2/3".into()),
                colour: render::MarkColour::Ink,
            }],
        }]
    );
    let svg = render::render_svg(art, &scene).expect("draws");
    // The SVG group a class opens, up to its end.
    let group = |open: &str| -> String {
        let at = svg.find(open).unwrap_or_else(|| panic!("no {open}"));
        let rest = &svg[at..];
        rest[..rest.find("</g>").expect("closed")].to_string()
    };
    assert!(
        group("<g class=\"mark-symbol\" data-province=\"dal\">").contains(">2/3</text>"),
        "the count stands on the Dale and reads 2/3"
    );
    let keyed: Vec<&str> = svg
        .split("data-symbol=\"")
        .skip(1)
        .map(|rest| &rest[..rest.find('"').expect("quoted")])
        .collect();
    assert_eq!(
        keyed,
        ["digs", "canal dug"],
        "the key lists both in the rulebook's words"
    );
    assert!(
        group("<g class=\"order-digs\" data-unit=\"dal\">")
            .contains("stroke-dasharray=\"9 3 2 3\""),
        "the dig is a dash-dotted ring"
    );
    std::fs::write(
        std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("frostmark-canal.png"),
        parley::picture::png("frostmark", &scene).expect("png"),
    )
    .expect("write");

    // Finished, the Dale is dotted over instead, keyed "canal open"; the count is gone.
    let scene = parley::picture::scene(&v, &dug(3), &[], &[], render::Palette::Default);
    let svg = render::render_svg(art, &scene).expect("draws");
    assert!(svg.contains("class=\"pattern-dots\" data-province=\"dal\""));
    assert!(svg.contains("data-symbol=\"canal open\"") && !svg.contains(">2/3</text>"));
    parley::picture::phase_png(&v, &dug(3), None, &[]).expect("the PNG renders");

    // Nothing in the renderer or the bot names the canal: the rulebook chose the shapes.
    for dir in ["../render/src", "src"] {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
        for file in rust_files(&root) {
            let text = std::fs::read_to_string(&file).expect("reads");
            assert!(
                !text.contains("canal"),
                "{} names the canal",
                file.display()
            );
        }
    }
}

/// Every `.rs` file under `dir`.
fn rust_files(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).expect("a source folder") {
        let path = e.expect("entry").path();
        if path.is_dir() {
            out.extend(rust_files(&path));
        } else if path.extension().is_some_and(|x| x == "rs") {
            out.push(path);
        }
    }
    out
}
