//! Frostmark's rulebook (`tests/data/frostmark/`), shared by the tests that register it: a
//! variant defined only in test data, played with no change to the engine. A third unit kind
//! that moves where only its class may, a sea frozen in Spring (and shaded on the map then),
//! an order of its own (`survey`) offered in every movement phase, explained for players and
//! drawn on the map, a canal's digs counted on the map in shapes no built-in variant uses; and, through the resolver's variant acts with no line of the judge
//! written for it, Warm Water as a sea that holds many fleets, where units fight only when an
//! order attacks another power there (`F wat at South`).
#![allow(dead_code)]

use engine::judge::{Cause, OrderResult};
use engine::map::{Border, Location, ProvinceId};
use engine::order::{Order, Term, UnitRef};
use engine::phase::PhaseKind;
use engine::reason::{RuleReason, Said, Subject, Wording};
use engine::rulebook::{
    AdjustmentHooks, DrawingHooks, GeographyHooks, OrderHooks, SecretHooks, StateHooks,
    StrengthHooks,
};
use engine::rulebook::{
    Glyph, MapMark, MarkColour, Marking, OrderHelp, Pattern, RuleContext, Ruleset, Settled,
    SpecialAct, SpecialOrder, StandardRules, Stroke, VariantRules,
};
use engine::token::{Token, TokenDecl, TokenKind, TokenShape, TokenValue};
use engine::unit::{MoveClass, PowerId, Unit, UnitKind, UnitKindDecl};
use engine::variant::Variant;
use std::sync::Once;

/// Moving along rivers, over land and shores (the terrains that admit it are declared in
/// the variant's `variant.toml`).
static RIVER: MoveClass = MoveClass { name: "river" };

pub static FLOTILLA: UnitKindDecl = UnitKindDecl {
    letter: "R",
    name: "river flotilla",
    aliases: &["flotilla"],
    class: &RIVER,
    convoyed: false,
    convoys: false,
};

const KINDS: &[UnitKind] = &[UnitKind::ARMY, UnitKind::FLEET, UnitKind(&FLOTILLA)];

/// Frostmark's rules: the Ice Sea freezes in Spring, and a river flotilla may survey the
/// province it stands in, which marks it for its power unless the flotilla is dislodged.
#[derive(Debug)]
struct FrostRules {
    ice: Option<ProvinceId>,
    /// Warm Water holds any number of fleets; they fight there only when ordered to.
    warm: Option<ProvinceId>,
    /// Where the canal is dug, a dig a move, and carries fleets once finished.
    dale: Option<ProvinceId>,
}

/// Beaten by this many more units than it had, a unit in Warm Water is disbanded rather than
/// dislodged.
pub const DISBAND_MARGIN: u32 = 3;

const ATTACK_VERBS: &[&str] = &["at", "attacks"];

/// An anchor marker: where a fleet that sailed up a river left its ships, kept for the
/// fleet's power. Named `mooring` in files, as Latin American Diplomacy's own anchor marker
/// (which belongs to no power) is `anchor`, and token names are one registry.
static ANCHOR_DECL: TokenDecl = TokenDecl {
    name: "mooring",
    shape: TokenShape::Marker,
    owned: true,
    on_coasts: false,
};
pub const ANCHOR: TokenKind = TokenKind(&ANCHOR_DECL);

/// A province a power's flotilla surveyed.
static SURVEY_DECL: TokenDecl = TokenDecl {
    name: "survey",
    shape: TokenShape::Flag,
    owned: true,
    on_coasts: false,
};
pub const SURVEYED: TokenKind = TokenKind(&SURVEY_DECL);

/// The canal's digs so far, on the Dale; they belong to no power.
static DIGS_DECL: TokenDecl = TokenDecl {
    name: "digs",
    shape: TokenShape::Count,
    owned: false,
    on_coasts: false,
};
pub const DIGS: TokenKind = TokenKind(&DIGS_DECL);

/// Digs that open the canal through the Dale to fleets.
pub const CANAL_DIGS: u32 = 3;

fn rulebook(variant: &Variant, _: &Ruleset) -> Box<dyn VariantRules> {
    Box::new(FrostRules {
        ice: variant.map.province_by_id("ice"),
        warm: variant.map.province_by_id("wat"),
        dale: variant.map.province_by_id("dal"),
    })
}

engine::rule_reasons! {
    /// Why Frostmark's own orders (attacks in Warm Water, surveys, digging the canal) are
    /// refused or fail.
    pub enum FrostReason for "frostmark", worded by frost_words {
        /// About the player's words.
        NoSuchPower = "no-such-power",
        AttackNeedsUnit = "attack-needs-unit",
        AttackOnlyInWarmWater = "attack-only-in-warm-water",
        AttackOwnPower = "attack-own-power",
        CanalFinished = "canal-finished",
        DigOnlyInDale = "dig-only-in-dale",
        SurveyOnlyFlotilla = "survey-only-flotilla",
        SurveyNeedsFlotilla = "survey-needs-flotilla",
        DiggersDislodged = "diggers-dislodged",
        /// About the province surveyed.
        SurveyCut = "survey-cut",
    }
}

/// Frostmark's reasons in a player's words.
fn frost_words(reason: FrostReason, s: &Said) -> String {
    use FrostReason::*;
    match reason {
        NoSuchPower => format!(
            "'{}' is no power; write the power to attack, F wat at South",
            s.quote(0)
        ),
        AttackNeedsUnit => "an attack needs a unit".into(),
        AttackOnlyInWarmWater => "only units in Warm Water attack a power where they stand".into(),
        AttackOwnPower => "a unit does not attack its own power".into(),
        CanalFinished => "the canal through the Dale is finished".into(),
        DigOnlyInDale => "only an army in the Dale digs the canal".into(),
        SurveyOnlyFlotilla => "only a river flotilla may survey".into(),
        SurveyNeedsFlotilla => "a survey needs a flotilla".into(),
        DiggersDislodged => "the diggers were dislodged".into(),
        SurveyCut => format!(
            "the survey of {} was cut short: the flotilla was dislodged",
            s.province(0)
        ),
    }
}

/// Frostmark's wordings, declared when it registers.
pub const REASONS: &[Wording] = &[Wording::of::<FrostReason>()];

fn survey_rule(reason: FrostReason) -> Cause {
    Cause::Rule(RuleReason::new(reason, []))
}

/// Whether `power` has an anchor marker in `p`.
fn anchor_at(ctx: &RuleContext, p: ProvinceId, power: PowerId) -> bool {
    ctx.position.token_of(ANCHOR, p, power).is_some()
}

impl FrostRules {
    /// The canal's digs so far, counted on the Dale.
    fn digs(&self, position: &engine::position::Position) -> u32 {
        let Some(dale) = self.dale else { return 0 };
        position
            .tokens_at(DIGS, dale)
            .map(Token::count)
            .max()
            .unwrap_or(0)
    }

    fn canal_open(&self, ctx: &RuleContext, p: ProvinceId) -> bool {
        Some(p) == self.dale && self.digs(ctx.position) >= CANAL_DIGS
    }

    /// The power an attack order names, `None` for another verb.
    fn attacked_power(
        &self,
        ctx: &RuleContext,
        unit: Option<&Unit>,
        verb: &str,
        args: &[Term],
    ) -> Option<Result<PowerId, Cause>> {
        if !ATTACK_VERBS.contains(&verb) {
            return None;
        }
        let [Term::Power(power)] = args else {
            let name: Vec<String> = args.iter().map(|a| a.text(ctx.variant)).collect();
            return Some(Err(Cause::Rule(RuleReason::new(
                FrostReason::NoSuchPower,
                [Subject::Quote(name.join(" "))],
            ))));
        };
        let power = *power;
        let Some(unit) = unit else {
            return Some(Err(survey_rule(FrostReason::AttackNeedsUnit)));
        };
        if Some(unit.location.province) != self.warm {
            return Some(Err(survey_rule(FrostReason::AttackOnlyInWarmWater)));
        }
        if unit.power == power {
            return Some(Err(survey_rule(FrostReason::AttackOwnPower)));
        }
        Some(Ok(power))
    }

    fn frozen(&self, ctx: &RuleContext, at: ProvinceId) -> bool {
        Some(at) == self.ice && ctx.step().season == "Spring"
    }
}

impl GeographyHooks for FrostRules {
    /// A fleet sailing up a river into a land province arrives as a river flotilla; a
    /// flotilla coming back to its power's anchor marker arrives as a fleet again.
    fn arrives_as(&self, ctx: &RuleContext, unit: &Unit, to: ProvinceId) -> Option<UnitKind> {
        let flotilla = UnitKind(&FLOTILLA);
        if unit.kind == UnitKind::FLEET
            && ctx.map().terrain(to).name == "land"
            && !self.canal_open(ctx, to)
        {
            return Some(flotilla);
        }
        (unit.kind == flotilla && anchor_at(ctx, to, unit.power)).then_some(UnitKind::FLEET)
    }

    /// Once dug out, the canal through the Dale carries fleets.
    fn can_stand(&self, ctx: &RuleContext, kind: UnitKind, at: Location) -> bool {
        (kind == UnitKind::FLEET && self.canal_open(ctx, at.province))
            || StandardRules.can_stand(ctx, kind, at)
    }

    fn holds_many(&self, ctx: &RuleContext, province: ProvinceId) -> bool {
        Some(province) == self.warm || StandardRules.holds_many(ctx, province)
    }

    /// No unit may come into the Ice Sea in Spring: its borders into it are closed. (Not
    /// `can_stand`: a fleet that was there in Fall is frozen in, and stays.)
    fn can_cross(&self, ctx: &RuleContext, kind: UnitKind, border: &Border) -> bool {
        if self.frozen(ctx, border.to.province) {
            return false;
        }
        let canal = kind == UnitKind::FLEET
            && (self.canal_open(ctx, border.from) || self.canal_open(ctx, border.to.province))
            && ctx.map().admits(UnitKind::ARMY.class(), border.to)
            && !matches!(ctx.map().terrain(border.from).name.as_str(), "sea")
            && !matches!(ctx.map().terrain(border.to.province).name.as_str(), "sea");
        canal || StandardRules.can_cross(ctx, kind, border)
    }
}

impl StrengthHooks for FrostRules {}

impl OrderHooks for FrostRules {
    fn special_verbs(&self) -> &'static [&'static str] {
        &["survey", "at", "attacks", "dig"]
    }

    /// `F wat at South`: an attack on the Southern units sharing Warm Water.
    fn special_acts(
        &self,
        ctx: &RuleContext,
        orders: &[SpecialOrder],
        _ordered: &[(Unit, &Order)],
    ) -> Vec<SpecialAct> {
        orders
            .iter()
            .map(
                |o| match self.attacked_power(ctx, o.unit.as_ref(), &o.verb, &o.args) {
                    Some(Ok(power)) => SpecialAct::AttacksWithin {
                        power,
                        disband_margin: Some(DISBAND_MARGIN),
                    },
                    _ => SpecialAct::Holds,
                },
            )
            .collect()
    }

    /// Every flotilla of the power may survey, in every movement phase.
    fn special_orders(&self, ctx: &RuleContext, power: PowerId) -> Vec<Order> {
        if ctx.step().kind != PhaseKind::Movement {
            return Vec::new();
        }
        ctx.position
            .units
            .iter()
            .filter(|u| u.power == power && u.kind == UnitKind(&FLOTILLA))
            .map(|u| Order::Special {
                unit: Some(UnitRef {
                    kind: Some(u.kind),
                    province: u.location.province,
                    coast: None,
                }),
                verb: "survey".into(),
                args: Vec::new(),
            })
            .collect()
    }

    /// An attack names the power attacked; the other verbs name nothing.
    fn read_special(&self, variant: &Variant, verb: &str, words: &[String]) -> Option<Vec<Term>> {
        if ATTACK_VERBS.contains(&verb) {
            return variant
                .power_by_name(&words.join(" "))
                .map(|p| vec![Term::Power(p)]);
        }
        words.is_empty().then(Vec::new)
    }

    fn check_special(
        &self,
        ctx: &RuleContext,
        _power: PowerId,
        unit: Option<&Unit>,
        verb: &str,
        args: &[Term],
    ) -> Result<(), Cause> {
        if let Some(attack) = self.attacked_power(ctx, unit, verb, args) {
            return attack.map(|_| ());
        }
        if verb == "dig" {
            return match unit {
                Some(u) if u.kind == UnitKind::ARMY && Some(u.location.province) == self.dale => {
                    if self.canal_open(ctx, u.location.province) {
                        Err(survey_rule(FrostReason::CanalFinished))
                    } else {
                        Ok(())
                    }
                }
                _ => Err(survey_rule(FrostReason::DigOnlyInDale)),
            };
        }
        match unit {
            Some(u) if u.kind == UnitKind(&FLOTILLA) => Ok(()),
            _ => Err(survey_rule(FrostReason::SurveyOnlyFlotilla)),
        }
    }

    fn adjudicate_special(
        &self,
        _ctx: &RuleContext,
        orders: &[SpecialOrder],
        settled: &mut Settled,
    ) -> Vec<OrderResult> {
        // A fleet gone up a river leaves its anchor where it sailed from; a flotilla back at
        // its anchor picks it up.
        for (before, after) in settled.arrived_as {
            if after.kind == UnitKind(&FLOTILLA) {
                let from = before.location.province;
                if settled.after.token_of(ANCHOR, from, before.power).is_none() {
                    settled.after.tokens.push(Token::owned(
                        ANCHOR,
                        from,
                        before.power,
                        TokenValue::Standing,
                    ));
                    Token::sort(&mut settled.after.tokens);
                }
            } else {
                let at = after.location.province;
                settled
                    .after
                    .tokens
                    .retain(|t| !t.is(ANCHOR, at, after.power));
            }
        }
        orders
            .iter()
            .map(|o| {
                let Some(unit) = o.unit else {
                    return OrderResult::illegal(survey_rule(FrostReason::SurveyNeedsFlotilla));
                };
                let at = unit.location.province;
                if o.verb == "dig" {
                    if settled.after.dislodged.iter().any(|d| d.unit == unit) {
                        return OrderResult::fails(survey_rule(FrostReason::DiggersDislodged));
                    }
                    let digs = self.digs(settled.after) + 1;
                    settled
                        .after
                        .tokens
                        .retain(|t| !(t.kind == DIGS && t.province() == at));
                    settled
                        .after
                        .tokens
                        .push(Token::unowned(DIGS, at, TokenValue::Count(digs)));
                    Token::sort(&mut settled.after.tokens);
                    return OrderResult::ok();
                }
                if settled.after.dislodged.iter().any(|d| d.unit == unit) {
                    return OrderResult::fails(Cause::Rule(RuleReason::new(
                        FrostReason::SurveyCut,
                        [at.into()],
                    )));
                }
                if settled.after.token_of(SURVEYED, at, unit.power).is_none() {
                    settled.after.tokens.push(Token::owned(
                        SURVEYED,
                        at,
                        unit.power,
                        TokenValue::Standing,
                    ));
                    Token::sort(&mut settled.after.tokens);
                }
                OrderResult::ok()
            })
            .collect()
    }
}

impl AdjustmentHooks for FrostRules {}

impl SecretHooks for FrostRules {}

impl StateHooks for FrostRules {
    fn token_kinds(&self) -> &'static [TokenKind] {
        &[ANCHOR, SURVEYED, DIGS]
    }
}

impl DrawingHooks for FrostRules {
    fn order_help(&self, ctx: &RuleContext) -> Vec<OrderHelp> {
        vec![OrderHelp::new(
            "R mil survey",
            "your river flotilla surveys the province it stands in (movement phases)",
            ctx.step().kind == PhaseKind::Movement,
        )]
    }

    /// The Ice Sea hatched while frozen; the canal's digs as a count on the Dale ("2/3"),
    /// and once finished the Dale dotted: shapes no built-in variant draws, made of the map's
    /// vocabulary with no line of `render` or `bot` written for them.
    fn state_marks(&self, ctx: &RuleContext) -> Vec<Marking> {
        let mut out = Vec::new();
        if let Some(ice) = self.ice.filter(|&ice| self.frozen(ctx, ice)) {
            out.push(Marking::keyed(
                "frozen",
                vec![MapMark::Pattern {
                    at: Location::province(ice),
                    pattern: Pattern::Hatch,
                    colour: MarkColour::Water,
                }],
            ));
        }
        let digs = self.digs(ctx.position);
        if let (Some(dale), true) = (self.dale, digs > 0) {
            let at = Location::province(dale);
            out.push(if digs >= CANAL_DIGS {
                Marking::keyed(
                    "canal open",
                    vec![MapMark::Pattern {
                        at,
                        pattern: Pattern::Dots,
                        colour: MarkColour::Water,
                    }],
                )
            } else {
                Marking::keyed(
                    "canal dug",
                    vec![MapMark::Symbol {
                        at,
                        glyph: Glyph::Text(format!("{digs}/{CANAL_DIGS}")),
                        colour: MarkColour::Ink,
                    }],
                )
            });
        }
        out
    }

    /// A survey rings the flotilla; a dig rings the diggers dash-dotted under a "+"; an attack
    /// in Warm Water rings the attacker in a fine line.
    fn order_marks(&self, _ctx: &RuleContext, order: &SpecialOrder) -> Option<Marking> {
        let at = order.unit?.location;
        let own = MarkColour::Power(order.power);
        let (key, mark) = match order.verb.as_str() {
            "dig" => (
                "digs",
                MapMark::Ring {
                    at,
                    line: Stroke::DashDotted,
                    colour: own,
                    badge: Some(Glyph::Plus),
                    unit: None,
                },
            ),
            verb if ATTACK_VERBS.contains(&verb) => {
                ("attacks", MapMark::ring(at, Stroke::Fine, own))
            }
            _ => ("surveys", MapMark::ring(at, Stroke::Dashed, own)),
        };
        Some(Marking::keyed(key, vec![mark]))
    }
}

/// Registers Frostmark once per test process.
pub fn register() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/frostmark");
        let id = engine::variants::register_folder(dir, &[], KINDS, rulebook, REASONS)
            .expect("frostmark registers");
        assert_eq!(id, "frostmark");
    });
}

/// The units of one power in `parley adjudicate`'s output, sorted.
pub fn units_of(out: &serde_json::Value, power: &str) -> Vec<String> {
    let mut u: Vec<String> = out["units"][power]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|x| x.as_str().map(str::to_string))
        .collect();
    u.sort();
    u
}
