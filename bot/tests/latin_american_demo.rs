//! A thirty-year demo of Latin American Diplomacy plays the variant's own pieces: fleets turn
//! into river flotillas and back, anchor markers are left and carried, and a canal is built.
//! Every phase keeps the board's invariants, and the game exports and imports back to the
//! same file (markers and canal builds included).

use std::process::Command;
use std::sync::Arc;

use engine::store::clock::ManualClock;
use engine::store::Games;
use engine::token::TokenValue;
use engine::unit::UnitKind;
use parley::demo::{run, DemoOptions};

fn parley(args: &[&str], db: &std::path::Path) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_parley"))
        .args(args)
        .env("DATABASE_URL", format!("sqlite://{}", db.display()))
        .output()
        .expect("parley runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn thirty_years_convert_carry_markers_build_a_canal_and_keep_the_invariants() {
    let dir = tempfile::tempdir().expect("tmp");
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime");
    let (history, database, game) = rt.block_on(async {
        let summary = run(&DemoOptions {
            variant: "latin-american".into(),
            years: 30,
            seed: 1,
            out: dir.path().join("demo"),
            force: false,
            palette: render::Palette::Default,
            progress: None,
            before_commit: None,
        })
        .await
        .expect("the demo plays");
        let games = Games::open(
            &format!("sqlite://{}", summary.database.display()),
            Arc::new(ManualClock::at(1_900_000_000)),
        )
        .await
        .expect("the demo's database");
        let history = games.history(summary.game).await.expect("history");
        (history, summary.database, summary.game)
    });
    // The game ends after 1917 D (rule C): 27 years, retreat phases only where one is due.
    assert!(history.len() > 60, "{} phases", history.len());

    let v = engine::Variant::builtin("latin-american").expect("variant");
    let map = &v.map;
    let coastal = |p: engine::map::ProvinceId| {
        let t = &map.terrain(p).name;
        t == "coast" || t == "desert"
    };
    let canal_cost = |p: engine::map::ProvinceId| {
        map.tags_of(p)
            .iter()
            .find_map(|t| t.strip_prefix("canal-")?.parse::<u32>().ok())
    };
    let (mut to_flotilla, mut to_fleet, mut carried, mut canal_builds) = (0, 0, 0, 0);
    let mut problems = Vec::new();
    for phase in &history {
        let p = &phase.position;
        let ctx = v.context(p);
        let name = &phase.name;
        for (i, u) in p.units.iter().enumerate() {
            let here = u.location.province;
            if !v.book.holds_many(&ctx, here)
                && p.units[..i].iter().any(|o| o.location.province == here)
            {
                problems.push(format!("{name}: two units in {}", map.province(here).id));
            }
            if !v.book.can_stand(&ctx, u.kind, u.location) {
                problems.push(format!("{name}: {} cannot stand there", v.unit_text(u)));
            }
        }
        for t in &p.tokens {
            let at = map.location_name(t.at);
            match (t.kind.name(), t.value) {
                ("anchor", TokenValue::Standing) if !coastal(t.at.province) => problems.push(
                    format!("{name}: an anchor stands at {at}, no coastal province"),
                ),
                ("anchor", TokenValue::Carried) => {
                    carried += 1;
                    let fleet = p.units.iter().any(|u| {
                        u.kind == UnitKind::FLEET && u.location == t.at && Some(u.power) == t.power
                    });
                    if !fleet {
                        problems.push(format!("{name}: an anchor carried at {at} by no fleet"));
                    }
                }
                ("canal", TokenValue::Count(n))
                    if canal_cost(t.at.province).is_none_or(|cost| n > cost) =>
                {
                    problems.push(format!("{name}: {n} builds on the canal at {at}"))
                }
                _ => {}
            }
        }
        let Some(record) = &phase.record else {
            continue;
        };
        for o in &record.orders {
            let ok = o.result.verdict == engine::outcome::Verdict::Succeeds;
            let text = o.text.to_lowercase();
            if ok && text.contains("convert to f") {
                to_fleet += 1;
            }
            if ok && text.contains("canal") {
                canal_builds += 1;
            }
        }
        // A fleet that went up a river or converted where it stood left its ships.
        let before = p
            .tokens
            .iter()
            .filter(|t| t.kind.name() == "anchor")
            .count();
        let after = record
            .after
            .tokens
            .iter()
            .filter(|t| t.kind.name() == "anchor")
            .count();
        let flotillas =
            |units: &[engine::unit::Unit]| units.iter().filter(|u| u.kind.letter() == "R").count();
        if after > before && flotillas(&record.after.units) > flotillas(&p.units) {
            to_flotilla += 1;
        }
    }
    assert!(problems.is_empty(), "{problems:#?}");
    assert!(
        to_flotilla > 0,
        "no fleet became a flotilla in thirty years"
    );
    assert!(to_fleet > 0, "no flotilla became a fleet in thirty years");
    assert!(carried > 0, "no anchor marker was ever carried");
    assert!(canal_builds > 0, "no canal build in thirty years");

    // The game, markers and canal builds with it, exports and imports back the same.
    let (ok, exported, stderr) = parley(&["export", &game.to_string()], &database);
    assert!(ok, "{stderr}");
    assert!(
        exported.contains("\"anchor\"") && exported.contains("\"canal\""),
        "the export keeps the markers and the canal"
    );
    let file = dir.path().join("game.json");
    std::fs::write(&file, &exported).expect("write");
    let other = dir.path().join("other.db");
    let (ok, id, stderr) = parley(
        &["import", "--create", file.to_str().expect("utf8")],
        &other,
    );
    assert!(ok, "{stderr}");
    let (ok, again, stderr) = parley(&["export", id.trim()], &other);
    assert!(ok, "{stderr}");
    assert_eq!(again, exported, "import then export gives the same file");
}
