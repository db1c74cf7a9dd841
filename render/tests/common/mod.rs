//! A sample Standard position shared by the tests and the benchmark.
#![allow(dead_code)]

use std::sync::OnceLock;

use render::{
    Location, MapArt, Order, OrderMark, Outcome, Owner, Palette, PowerStyle, ScMarker, Scene,
    UnitKind, UnitMark,
};

pub const POWERS: [&str; 7] = [
    "Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey",
];

/// Standard's art as the engine's registry ships it (`maps/standard/map.svg`); the renderer
/// itself names no variant.
pub const STANDARD_MAP_SVG: &str = include_str!("../../../maps/standard/map.svg");

/// The Standard art, parsed once per test binary.
pub fn standard_art() -> &'static MapArt {
    static ART: OnceLock<MapArt> = OnceLock::new();
    ART.get_or_init(|| MapArt::from_svg(STANDARD_MAP_SVG).expect("standard art"))
}

const HOME: [(&str, &str); 22] = [
    ("bud", "Austria"),
    ("tri", "Austria"),
    ("vie", "Austria"),
    ("edi", "England"),
    ("lon", "England"),
    ("lvp", "England"),
    ("bre", "France"),
    ("mar", "France"),
    ("par", "France"),
    ("ber", "Germany"),
    ("kie", "Germany"),
    ("mun", "Germany"),
    ("nap", "Italy"),
    ("rom", "Italy"),
    ("ven", "Italy"),
    ("mos", "Russia"),
    ("sev", "Russia"),
    ("stp", "Russia"),
    ("war", "Russia"),
    ("ank", "Turkey"),
    ("con", "Turkey"),
    ("smy", "Turkey"),
];

/// Centre owners in the sample: home centres stay home except where listed,
/// neutrals as given; Greece stays neutral.
const CENTRES: [(&str, Option<&str>); 12] = [
    ("bel", Some("France")),
    ("bul", Some("Turkey")),
    ("den", Some("Germany")),
    ("gre", None),
    ("hol", Some("Germany")),
    ("nwy", Some("England")),
    ("por", Some("France")),
    ("rum", Some("Russia")),
    ("ser", Some("Austria")),
    ("spa", Some("France")),
    ("swe", Some("Russia")),
    ("tun", Some("Italy")),
];

fn mv(power: &str, unit: &str, to: &str, outcome: Outcome) -> OrderMark {
    OrderMark::new(
        power,
        Order::Move {
            unit: unit.into(),
            to: to.into(),
            via_convoy: false,
        },
    )
    .with_outcome(outcome)
}

fn u(power: &str, kind: UnitKind, at: &str) -> UnitMark {
    UnitMark::new(power, kind, at)
}

/// A busy position: 34 units of every kind, one of them dislodged, and 34
/// orders covering every order kind and outcome.
pub fn standard_scene(palette: Palette) -> Scene {
    use Outcome::*;
    use UnitKind::*;
    let powers = POWERS
        .iter()
        .enumerate()
        .map(|(i, p)| PowerStyle::new(*p, i))
        .collect();

    let mut supply_centres = Vec::new();
    let mut owners = Vec::new();
    for (p, home) in HOME {
        supply_centres.push(ScMarker::new(p, Some(home.into()), Some(home.into())));
        owners.push(Owner {
            province: p.into(),
            power: home.into(),
        });
    }
    for (p, owner) in CENTRES {
        supply_centres.push(ScMarker::new(p, owner.map(Into::into), None));
        if let Some(o) = owner {
            owners.push(Owner {
                province: p.into(),
                power: o.into(),
            });
        }
    }
    for (p, o) in [
        ("sil", "Germany"),
        ("ruh", "Germany"),
        ("gal", "Austria"),
        ("ukr", "Russia"),
        ("pic", "France"),
    ] {
        owners.push(Owner {
            province: p.into(),
            power: o.into(),
        });
    }

    let mut war = u("Russia", Army, "war");
    war.dislodged = true;
    war.retreats = vec![Location::new("lvn"), Location::new("pru")];
    let units = vec![
        u("Austria", Army, "bud"),
        u("Austria", Army, "gal"),
        u("Austria", Army, "ser"),
        u("Austria", Fleet, "alb"),
        u("Austria", Fleet, "tri"),
        u("England", Fleet, "nth"),
        u("England", Army, "yor"),
        u("England", Fleet, "nwg"),
        u("England", Fleet, "lon"),
        u("England", RiverFlotilla, "iri"),
        u("France", Army, "par"),
        u("France", Army, "pic"),
        u("France", Fleet, "mao"),
        u("France", Fleet, "spa/nc"),
        u("France", Fleet, "wes"),
        u("Germany", Army, "mun"),
        u("Germany", Army, "ruh"),
        u("Germany", Fleet, "den"),
        u("Germany", Army, "ber"),
        u("Germany", Fleet, "hol"),
        u("Italy", Army, "ven"),
        u("Italy", Fleet, "ion"),
        u("Italy", Army, "apu"),
        u("Italy", Fleet, "tys"),
        u("Italy", Army, "pie"),
        u("Russia", Fleet, "stp/sc"),
        u("Russia", Army, "mos"),
        war,
        u("Russia", Army, "ukr"),
        u("Russia", Fleet, "sev"),
        u("Turkey", Army, "bul"),
        u("Turkey", Fleet, "bla"),
        u("Turkey", ArmyFleet, "con"),
        u("Turkey", Army, "arm"),
    ];

    let orders = vec![
        OrderMark::new("Austria", Order::Hold { unit: "bud".into() }),
        mv("Austria", "gal", "war", Succeeded),
        OrderMark::new(
            "Austria",
            Order::SupportHold {
                unit: "ser".into(),
                target: "bud".into(),
            },
        ),
        mv("Austria", "alb", "gre", Failed),
        mv("Austria", "tri", "adr", Succeeded),
        OrderMark::new(
            "England",
            Order::Convoy {
                unit: "nth".into(),
                from: "yor".into(),
                to: "nwy".into(),
            },
        ),
        OrderMark::new(
            "England",
            Order::Move {
                unit: "yor".into(),
                to: "nwy".into(),
                via_convoy: true,
            },
        ),
        mv("England", "nwg", "bar", Succeeded),
        mv("England", "lon", "eng", Succeeded),
        OrderMark::new("England", Order::Hold { unit: "iri".into() }),
        mv("France", "par", "bur", Failed),
        OrderMark::new(
            "France",
            Order::SupportMove {
                unit: "pic".into(),
                from: "par".into(),
                to: "bur".into(),
            },
        ),
        mv("France", "mao", "por", Succeeded),
        OrderMark::new(
            "France",
            Order::Disband {
                unit: "spa/nc".into(),
            },
        ),
        mv("France", "wes", "naf", Succeeded),
        mv("Germany", "mun", "bur", Failed),
        OrderMark::new(
            "Germany",
            Order::SupportMove {
                unit: "ruh".into(),
                from: "mun".into(),
                to: "bur".into(),
            },
        ),
        mv("Germany", "den", "ska", Succeeded),
        mv("Germany", "ber", "sil", Succeeded),
        mv("Germany", "hol", "ruh", Illegal),
        mv("Italy", "ven", "tri", Succeeded),
        OrderMark::new(
            "Italy",
            Order::Convoy {
                unit: "ion".into(),
                from: "apu".into(),
                to: "gre".into(),
            },
        )
        .with_outcome(Failed),
        OrderMark::new(
            "Italy",
            Order::Move {
                unit: "apu".into(),
                to: "gre".into(),
                via_convoy: true,
            },
        )
        .with_outcome(Failed),
        mv("Italy", "tys", "lyo", Succeeded),
        mv("Italy", "pie", "mar", Succeeded),
        mv("Russia", "stp/sc", "bot", Succeeded),
        OrderMark::new(
            "Russia",
            Order::SupportHold {
                unit: "mos".into(),
                target: "war".into(),
            },
        )
        .with_outcome(Failed),
        OrderMark::new(
            "Russia",
            Order::Retreat {
                unit: "war".into(),
                to: "lvn".into(),
            },
        ),
        mv("Russia", "ukr", "rum", Failed),
        OrderMark::new(
            "Russia",
            Order::SupportMove {
                unit: "sev".into(),
                from: "ukr".into(),
                to: "rum".into(),
            },
        ),
        mv("Turkey", "bul", "rum", Failed),
        OrderMark::new(
            "Turkey",
            Order::SupportMove {
                unit: "bla".into(),
                from: "bul".into(),
                to: "rum".into(),
            },
        )
        .with_outcome(Illegal),
        mv("Turkey", "arm", "sev", Failed),
        OrderMark::new(
            "Turkey",
            Order::Build {
                at: "smy".into(),
                unit_kind: Fleet,
            },
        ),
    ];

    Scene {
        title: "Fall 1903 movement".into(),
        palette,
        powers,
        owners,
        supply_centres,
        units,
        orders,
        sc_counts: Vec::new(),
        ..Scene::default()
    }
}

/// The opening position, Spring 1901, with no orders.
pub fn standard_start(palette: Palette) -> Scene {
    use UnitKind::*;
    let powers = POWERS
        .iter()
        .enumerate()
        .map(|(i, p)| PowerStyle::new(*p, i))
        .collect();
    let mut supply_centres = Vec::new();
    let mut owners = Vec::new();
    for (p, home) in HOME {
        supply_centres.push(ScMarker::new(p, Some(home.into()), Some(home.into())));
        owners.push(Owner {
            province: p.into(),
            power: home.into(),
        });
    }
    for (p, _) in CENTRES {
        supply_centres.push(ScMarker::new(p, None, None));
    }
    let units = [
        ("Austria", Army, "bud"),
        ("Austria", Fleet, "tri"),
        ("Austria", Army, "vie"),
        ("England", Fleet, "edi"),
        ("England", Fleet, "lon"),
        ("England", Army, "lvp"),
        ("France", Fleet, "bre"),
        ("France", Army, "mar"),
        ("France", Army, "par"),
        ("Germany", Fleet, "kie"),
        ("Germany", Army, "ber"),
        ("Germany", Army, "mun"),
        ("Italy", Fleet, "nap"),
        ("Italy", Army, "rom"),
        ("Italy", Army, "ven"),
        ("Russia", Army, "mos"),
        ("Russia", Fleet, "sev"),
        ("Russia", Fleet, "stp/sc"),
        ("Russia", Army, "war"),
        ("Turkey", Fleet, "ank"),
        ("Turkey", Army, "con"),
        ("Turkey", Army, "smy"),
    ]
    .into_iter()
    .map(|(p, k, at)| u(p, k, at))
    .collect();
    Scene {
        title: "Spring 1901 movement".into(),
        palette,
        powers,
        owners,
        supply_centres,
        units,
        orders: Vec::new(),
        sc_counts: Vec::new(),
        ..Scene::default()
    }
}
