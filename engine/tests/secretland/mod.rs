//! A test variant with secrets and an alliance victory, registered at run time: Standard's
//! board under the id `secretland`, 12 centres to win alone and 16 for two allies
//! (`alliance_victory_centers`), and two secret draws its rulebook reveals by the calendar:
//! `treasure` (a number up to a million, distinctive enough to search every text for) from
//! 1902, `area` (a die of six) from 1903.
#![allow(dead_code)]

use engine::rulebook::{
    AdjustmentHooks, DrawingHooks, GeographyHooks, OrderHooks, SecretHooks, StateHooks,
    StrengthHooks,
};
use engine::rulebook::{HiddenDraw, RuleContext, Ruleset, VariantRules};
use engine::variant::{Variant, VariantFiles};
use engine::variants::VariantEntry;
use std::sync::Once;

pub const ID: &str = "secretland";

pub const DRAWS: &[HiddenDraw] = &[
    HiddenDraw {
        name: "treasure",
        about: "the number of the buried treasure",
        faces: 1_000_000,
    },
    HiddenDraw {
        name: "area",
        about: "which of six areas hides the island",
        faces: 6,
    },
];

#[derive(Debug)]
struct SecretRules;

impl GeographyHooks for SecretRules {}

impl StrengthHooks for SecretRules {}

impl OrderHooks for SecretRules {}

impl AdjustmentHooks for SecretRules {}

impl StateHooks for SecretRules {}

impl SecretHooks for SecretRules {
    fn revealed(&self, ctx: &RuleContext, draw: &str) -> bool {
        match draw {
            "treasure" => ctx.phase().year >= 1902,
            "area" => ctx.phase().year >= 1903,
            _ => false,
        }
    }
}

impl DrawingHooks for SecretRules {}

fn rulebook(_: &Variant, _: &Ruleset) -> Box<dyn VariantRules> {
    Box::new(SecretRules)
}

fn leak(s: String) -> &'static str {
    Box::leak(s.into_boxed_str())
}

/// Registers `secretland` once per process.
pub fn register() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let toml = include_str!("../../../maps/standard/variant.toml")
            .replace("id = \"standard\"", &format!("id = \"{ID}\""))
            .replace(
                "victory_centers = 18",
                "victory_centers = 12\nalliance_victory_centers = 16",
            );
        assert!(toml.contains("alliance_victory_centers = 16"));
        engine::variants::register(VariantEntry {
            id: ID,
            files: VariantFiles {
                dir: "tests/secretland",
                variant_toml: leak(toml),
                provinces: include_str!("../../../maps/standard/provinces.txt"),
                borders: include_str!("../../../maps/standard/borders.txt"),
                units: include_str!("../../../maps/standard/units.txt"),
                clockwise: None,
            },
            art: Some(include_str!("../../../maps/standard/map.svg")),
            options: &[],
            unit_kinds: engine::unit::STANDARD_KINDS,
            hidden_draws: DRAWS,
            rulebook,
            reasons: &[],
        })
        .expect("secretland registers");
    });
}
