//! Latin American Diplomacy (Michael Zmolek): its registry entry and its rulebook, one module
//! per group of rules.
//!
//! The board (provinces and their kinds, the Greater and Chilean Andes, rainforest borders,
//! rivers, capitals, outposts and each power's territory) is data in `maps/latin-american/`.
//! The rules live here: the terrain of rule 5 (`terrain`), the ocean provinces and their
//! attack orders of rule 5.F (`oceans`), the supply centres of rule 7 (`builds`), the river
//! flotilla of rule 6 (`flotilla`), fleets and flotillas converting with their anchor markers
//! (`anchors`) and the canals (`canals`); their refusals are worded in `causes`.

mod anchors;
mod builds;
mod canals;
mod causes;
mod flotilla;
mod oceans;
mod terrain;

pub use causes::LatinAmericanCause;

use super::VariantEntry;
use crate::map::{Border, BorderKind, Location, ProvinceId, ProvinceTag, TerrainId};
use crate::order::{Order, Term};
use crate::outcome::{Cause, OrderResult};
use crate::position::Position;
use crate::rulebook::{
    AdjustmentHooks, DrawingHooks, GeographyHooks, OrderHooks, SecretHooks, StateHooks,
    StrengthHooks,
};
use crate::rulebook::{
    Marking, OrderHelp, RuleContext, Ruleset, Settled, SpecialAct, SpecialOrder, StandardRules,
    VariantRules,
};
use crate::token::{Token, TokenKind, TokenValue};
use crate::unit::PowerId;
use crate::unit::{Unit, UnitKind};
use crate::variant::{Variant, VariantFiles};
use causes::cause;

/// The map's files, embedded from `maps/latin-american/` at build time.
macro_rules! map_file {
    ($name:literal) => {
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../maps/latin-american/",
            $name
        ))
    };
}

pub const ENTRY: VariantEntry = VariantEntry {
    id: "latin-american",
    files: VariantFiles {
        dir: "maps/latin-american",
        variant_toml: map_file!("variant.toml"),
        provinces: map_file!("provinces.txt"),
        borders: map_file!("borders.txt"),
        units: map_file!("units.txt"),
        clockwise: None,
    },
    art: Some(map_file!("map.svg")),
    options: anchors::OPTIONS,
    unit_kinds: flotilla::KINDS,
    hidden_draws: &[],
    rulebook,
    reasons: &[crate::reason::Wording::of::<causes::LatinAmericanReason>()],
};

/// The rulebook of one game, with the map's names it asks about looked up once.
pub fn rulebook(variant: &Variant, ruleset: &Ruleset) -> Box<dyn VariantRules> {
    let map = &variant.map;
    Box::new(LatinAmericanRules {
        mountain: map.terrain_id("mountain"),
        rainforest: map.terrain_id("rainforest"),
        swamp: map.terrain_id("swamp"),
        desert: map.terrain_id("desert"),
        glacier: map.terrain_id("glacier"),
        lake: map.terrain_id("lake"),
        mountain_border: map.border_kind("mountain"),
        rainforest_border: map.border_kind("rainforest"),
        greater_andes: map.border_kind("greater-andes"),
        chilean_andes: map.border_kind("chilean-andes"),
        capital: map.tag("capital"),
        outpost: map.tag("outpost"),
        antofagasta: map.province_by_id("ant"),
        canal_costs: [4, 2, 1]
            .into_iter()
            .map(|cost| (map.tag(&format!("canal-{cost}")), cost))
            .collect(),
        bolivia: variant.power_by_name("Bolivia"),
        flotilla: flotilla::FlotillaRules::new(map),
        convert_where_it_stands: ruleset
            .variant_option(anchors::OPTIONS, anchors::CONVERT_WHERE_IT_STANDS),
        lost_ships_stay: ruleset.variant_option(anchors::OPTIONS, anchors::LOST_SHIPS_STAY),
    })
}

/// Latin American Diplomacy's rules.
#[derive(Debug)]
pub struct LatinAmericanRules {
    /// Rule 5.C.ii: the seven provinces with only mountainous borders.
    mountain: Option<TerrainId>,
    /// Rule 5.D.ii: the thirteen provinces with only rainforest borders.
    rainforest: Option<TerrainId>,
    /// The three swampy provinces.
    swamp: Option<TerrainId>,
    /// The three desert provinces.
    desert: Option<TerrainId>,
    /// Graham Land.
    glacier: Option<TerrainId>,
    /// Lago de Nicaragua and Lago Titicaca.
    lake: Option<TerrainId>,
    /// Rule 5.C.i: every mountainous border.
    mountain_border: BorderKind,
    /// Rule 5.D.i: every rainforest border.
    rainforest_border: BorderKind,
    /// Rule 5.C.iii and iv.
    greater_andes: BorderKind,
    chilean_andes: BorderKind,
    /// Rule 7.A: the capital centres, each counted twice.
    capital: ProvinceTag,
    /// Rule 7.C: the outpost centres.
    outpost: ProvinceTag,
    /// Rule 7.B: Antofagasta, a home centre of Bolivia's too once Bolivia regains it.
    antofagasta: Option<ProvinceId>,
    bolivia: Option<PowerId>,
    /// Building canals: the tag marking each canal's province (`canal-4` ...), with its cost
    /// in builds.
    canal_costs: Vec<(ProvinceTag, u32)>,
    /// Rule 6: the river flotilla's strength and supports.
    flotilla: flotilla::FlotillaRules,
    /// The option `convert-where-it-stands` (see `anchors::OPTIONS`).
    convert_where_it_stands: bool,
    /// The option `lost-ships-stay` (see `anchors::OPTIONS`).
    lost_ships_stay: bool,
}

/// The variant's own verbs: attacks in the oceans, canals, and the anchor orders.
static VERBS: std::sync::LazyLock<Vec<&'static str>> =
    std::sync::LazyLock::new(|| [oceans::VERBS, &[canals::VERB], anchors::VERBS].concat());

impl GeographyHooks for LatinAmericanRules {
    fn can_stand(&self, ctx: &RuleContext, kind: UnitKind, at: Location) -> bool {
        self.stand_refusal(ctx, kind, at.province).is_none()
            && StandardRules.can_stand(ctx, kind, at)
    }

    fn why_unreachable(&self, ctx: &RuleContext, unit: &Unit, to: ProvinceId) -> Option<Cause> {
        self.unreachable(ctx, unit, to).map(cause)
    }

    fn porous(&self, ctx: &RuleContext, province: ProvinceId) -> bool {
        self.canal_open(ctx, province)
    }

    fn arrives_as(&self, ctx: &RuleContext, unit: &Unit, to: ProvinceId) -> Option<UnitKind> {
        self.fleet_upriver(ctx, unit, to)
    }

    fn crosses_within(&self, ctx: &RuleContext, unit: &Unit, to: Location) -> bool {
        // Rule 6.B.iv: a flotilla crosses to another bank, shore or coast of its province.
        unit.kind == flotilla::FLOTILLA
            && to.province == unit.location.province
            && to.coast != unit.location.coast
            && ctx.book.can_stand(ctx, unit.kind, to)
    }

    fn check_move(&self, ctx: &RuleContext, unit: &Unit, to: ProvinceId) -> Result<(), Cause> {
        match self.move_refusal(ctx, unit, to) {
            Some(c) => Err(cause(c)),
            None => Ok(()),
        }
    }

    fn may_retreat(&self, _ctx: &RuleContext, _unit: &Unit, border: &Border) -> bool {
        self.retreat_refusal(border).is_none()
    }

    fn why_may_not_retreat(
        &self,
        _ctx: &RuleContext,
        _unit: &Unit,
        border: &Border,
    ) -> Option<Cause> {
        self.retreat_refusal(border).map(cause)
    }
}

impl StrengthHooks for LatinAmericanRules {
    fn move_base_strength(&self, ctx: &RuleContext, unit: &Unit, border: Option<&Border>) -> u32 {
        let base = self.base_strength(border);
        if unit.kind == flotilla::FLOTILLA {
            return base.min(self.flotilla.move_strength(ctx.map(), unit, border));
        }
        base
    }

    fn hold_base_strength(&self, ctx: &RuleContext, unit: &Unit) -> u32 {
        if unit.kind == flotilla::FLOTILLA {
            return self.flotilla.hold_strength(ctx.map(), unit);
        }
        1
    }

    fn support_crossing(&self, _ctx: &RuleContext, supporter: &Unit, _: &Border) -> Option<bool> {
        // Rule 6.E: across any border of its province, even where it cannot travel; a
        // mountainous border is refused by `may_support`, with its reason.
        (supporter.kind == flotilla::FLOTILLA).then_some(true)
    }

    fn can_support_into(&self, ctx: &RuleContext, kind: UnitKind, at: Location) -> bool {
        kind == flotilla::FLOTILLA || ctx.book.can_stand(ctx, kind, at)
    }

    fn crossing_needs_support(
        &self,
        ctx: &RuleContext,
        unit: &Unit,
        to: ProvinceId,
    ) -> Option<Cause> {
        if unit.kind != UnitKind::ARMY {
            return None;
        }
        let border =
            ctx.map()
                .border_for(unit.kind.class(), unit.location, Location::province(to))?;
        self.crossing_refusal(ctx, unit, border).map(cause)
    }

    fn may_support(
        &self,
        ctx: &RuleContext,
        supporter: &Unit,
        supported_from: ProvinceId,
        into: ProvinceId,
        border: &Border,
    ) -> bool {
        self.why_may_not_support(ctx, supporter, supported_from, into, border)
            .is_none()
    }

    fn why_may_not_support(
        &self,
        ctx: &RuleContext,
        supporter: &Unit,
        supported_from: ProvinceId,
        into: ProvinceId,
        border: &Border,
    ) -> Option<Cause> {
        let flotilla = (supporter.kind == flotilla::FLOTILLA)
            .then(|| {
                self.flotilla
                    .support_refusal(ctx, supporter, supported_from, into, border)
            })
            .flatten();
        flotilla
            .or_else(|| self.support_refusal(ctx, supporter, supported_from, into, border))
            .map(cause)
    }

    fn may_receive_hold_support(&self, ctx: &RuleContext, unit: &Unit) -> bool {
        self.may_be_held(ctx, unit)
    }
}

impl OrderHooks for LatinAmericanRules {
    fn special_verbs(&self) -> &'static [&'static str] {
        VERBS.as_slice()
    }

    /// An attack names a power; an anchor order the kind a conversion makes; a canal order
    /// nothing, or the canal's province when given in place of a build elsewhere.
    fn read_special(&self, variant: &Variant, verb: &str, words: &[String]) -> Option<Vec<Term>> {
        if oceans::VERBS.contains(&verb) {
            return oceans::read_attack_words(variant, words);
        }
        if anchors::VERBS.contains(&verb) {
            return anchors::read_words(words);
        }
        if verb == canals::VERB && words.is_empty() {
            return Some(Vec::new());
        }
        None
    }

    fn special_orders(&self, ctx: &RuleContext, power: PowerId) -> Vec<Order> {
        let mut orders = self.attack_orders(ctx, power);
        orders.extend(self.anchor_orders(ctx, power));
        orders.extend(self.canal_orders(ctx, power));
        orders
    }

    fn check_special(
        &self,
        ctx: &RuleContext,
        power: PowerId,
        unit: Option<&Unit>,
        verb: &str,
        args: &[Term],
    ) -> Result<(), Cause> {
        let written = || {
            args.iter()
                .map(|a| a.text(ctx.variant))
                .collect::<Vec<_>>()
                .join(" ")
        };
        if verb == canals::VERB {
            return self.check_canal(ctx, power, unit, args).map_err(cause);
        }
        if anchors::VERBS.contains(&verb) {
            let Some(unit) = unit else {
                return Err(cause(LatinAmericanCause::AnchorUnreadable {
                    written: written(),
                }));
            };
            return self
                .read_anchor_order(ctx, unit, verb, args)
                .map(|_| ())
                .map_err(cause);
        }
        if !oceans::VERBS.contains(&verb) {
            return Err(Cause::UnknownVerb {
                verb: verb.to_string(),
            });
        }
        let Some(unit) = unit else {
            return Err(cause(LatinAmericanCause::AttackUnreadable {
                written: written(),
            }));
        };
        self.read_attack(ctx, unit, args).map(|_| ()).map_err(cause)
    }

    fn special_acts(
        &self,
        ctx: &RuleContext,
        orders: &[SpecialOrder],
        _ordered: &[(Unit, &Order)],
    ) -> Vec<SpecialAct> {
        orders
            .iter()
            .map(|o| {
                let Some(unit) = o.unit.as_ref() else {
                    return SpecialAct::Holds;
                };
                if anchors::VERBS.contains(&o.verb.as_str()) {
                    return match self.read_anchor_order(ctx, unit, &o.verb, &o.args) {
                        Ok(order) => self.anchor_act(unit, order),
                        Err(_) => SpecialAct::Holds,
                    };
                }
                match self.read_attack(ctx, unit, &o.args) {
                    Ok((attack, power)) => self.attack_act(attack, power),
                    Err(_) => SpecialAct::Holds,
                }
            })
            .collect()
    }

    fn adjudicate_special(
        &self,
        ctx: &RuleContext,
        orders: &[SpecialOrder],
        settled: &mut Settled,
    ) -> Vec<OrderResult> {
        // Each anchor order's result, by its place among the phase's orders.
        let mut anchored: Vec<(usize, OrderResult)> = Vec::new();
        if ctx.step().kind == crate::phase::PhaseKind::Movement {
            self.note_rainforest_moves(ctx, settled.orders, settled.results, settled.after);
            flotilla::cross_banks(ctx, settled);
            let read: Vec<(SpecialOrder, anchors::AnchorOrder)> = orders
                .iter()
                .filter(|o| anchors::VERBS.contains(&o.verb.as_str()))
                .filter_map(|o| {
                    let unit = o.unit.as_ref()?;
                    let order = self.read_anchor_order(ctx, unit, &o.verb, &o.args).ok()?;
                    Some((o.clone(), order))
                })
                .collect();
            let answers = self.settle_anchors(ctx, &read, settled);
            anchored = read.iter().map(|(o, _)| o.index).zip(answers).collect();
        }
        let canal: Vec<SpecialOrder> = orders
            .iter()
            .filter(|o| o.verb == canals::VERB)
            .cloned()
            .collect();
        let mut settled_canals = self.settle_canals(ctx, &canal, settled.after).into_iter();
        orders
            .iter()
            .map(|o| match o.verb.as_str() {
                canals::VERB => settled_canals.next().expect("one result per canal order"),
                _ => anchored
                    .iter()
                    .find(|(i, _)| *i == o.index)
                    .map(|(_, r)| r.clone())
                    .unwrap_or_else(|| OrderResult::fails(Cause::NotAdjudicated)),
            })
            .collect()
    }

    fn after_phase(&self, ctx: &RuleContext, arrivals: &[ProvinceId], after: &mut Position) {
        self.note_rainforest_retreats(ctx, arrivals, after);
        self.drop_lost_ships(ctx, after);
    }
}

impl AdjustmentHooks for LatinAmericanRules {
    fn build_sites(&self, ctx: &RuleContext, power: PowerId) -> Vec<ProvinceId> {
        let mut sites = StandardRules.build_sites(ctx, power);
        for p in self.extra_build_sites(ctx, power) {
            if !sites.contains(&p) {
                sites.push(p);
            }
        }
        sites
    }

    fn spends_build(&self, verb: &str) -> bool {
        verb == canals::VERB
    }

    fn refuse_build(
        &self,
        ctx: &RuleContext,
        power: PowerId,
        at: ProvinceId,
        built: &[Unit],
    ) -> Option<Cause> {
        self.second_build_off_centres(ctx, power, at, built)
            .map(cause)
    }

    fn no_builds_due(&self, ctx: &RuleContext, power: PowerId) -> Option<Cause> {
        self.opening_build_without_capital(ctx, power).map(cause)
    }

    fn supply(&self, ctx: &RuleContext, power: PowerId) -> usize {
        self.centres_counted(ctx, power)
    }
}
impl SecretHooks for LatinAmericanRules {}

impl StateHooks for LatinAmericanRules {
    /// Rule 5.D.ii's rainforest entries, each canal's builds and the anchor markers.
    fn token_kinds(&self) -> &'static [TokenKind] {
        &[
            terrain::ENTERED_TOKEN,
            canals::CANAL_TOKEN,
            anchors::ANCHOR_TOKEN,
        ]
    }

    /// An older release kept both as marks: a rainforest entry with its count raised by
    /// [`terrain::OLD_ENTERED_FROM`], a canal's builds as the count itself.
    fn token_of_mark(
        &self,
        ctx: &RuleContext,
        province: ProvinceId,
        power: PowerId,
        count: u32,
    ) -> Option<Token> {
        if count >= terrain::OLD_ENTERED_FROM {
            let from = ProvinceId(u16::try_from(count - terrain::OLD_ENTERED_FROM).ok()?);
            (usize::from(from.0) < ctx.map().provinces.len()).then(|| {
                Token::owned(
                    terrain::ENTERED_TOKEN,
                    province,
                    power,
                    TokenValue::From(from),
                )
            })
        } else {
            self.canal_cost(ctx, province)
                .map(|_| Token::unowned(canals::CANAL_TOKEN, province, TokenValue::Count(count)))
        }
    }
}
impl DrawingHooks for LatinAmericanRules {
    fn order_help(&self, ctx: &RuleContext) -> Vec<OrderHelp> {
        let mut help = oceans::help(ctx);
        help.extend(flotilla::help(ctx));
        help.extend(anchors::help(ctx));
        help.push(canals::help(ctx));
        help
    }

    fn state_marks(&self, ctx: &RuleContext) -> Vec<Marking> {
        let mut marks = self.canal_marks(ctx);
        marks.extend(self.anchor_marks(ctx));
        marks
    }

    fn state_words(&self, ctx: &RuleContext) -> Vec<crate::reason::RuleReason> {
        let mut words = self.canal_words(ctx);
        words.extend(self.anchor_words(ctx));
        words
    }

    fn order_marks(&self, ctx: &RuleContext, order: &SpecialOrder) -> Option<Marking> {
        if !anchors::VERBS.contains(&order.verb.as_str()) {
            return None;
        }
        let unit = order.unit.as_ref()?;
        let read = self
            .read_anchor_order(ctx, unit, &order.verb, &order.args)
            .ok()?;
        Some(self.anchor_order_marks(unit, read))
    }
}
