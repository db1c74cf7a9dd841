//! The extension points a variant implements to change the rules, with Standard's answers as
//! the defaults.
//!
//! Each method names the rule it exists for and when the judge asks it. Every hook is given a
//! [`RuleContext`]: the variant, the game's ruleset, the rulebook and the position being
//! judged, so a rule may depend on the phase (a sea frozen in winter), on the units and marks
//! on the board, or on the variant's options.

use crate::judge::{Adjudication, Cause, OrderResult, Submitted};
use crate::map::{Border, Location, Map, ProvinceId};
use crate::order::{Order, Target};
use crate::phase::{CalendarStep, Phase};
use crate::position::{Mark, Position};
use crate::rulebook::{Options, Ruleset};
use crate::unit::{PowerId, Unit, UnitKind};
use crate::variant::Variant;

/// Who gives a power's orders.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Controller {
    /// A player.
    Player,
    /// The other surviving players, by vote (Pirates of the Caribbean's Pirates).
    Vote,
}

/// How a variant's rulebook is made for one game: from the variant's data (so it can look up
/// the names it cares about, such as a border kind or a terrain, once) and the game's
/// [`Ruleset`] (so it knows the variant's own options). Each registry entry names one.
pub type Rulebook = fn(&Variant, &Ruleset) -> Box<dyn VariantRules>;

/// What a hook is told about the game it rules on: the variant (map, powers, calendar), the
/// game's ruleset, the rulebook itself (so a rule may ask another, and code a rulebook calls
/// may ask its hooks), and the position being judged (its phase, units, owners, homes and
/// marks). In a movement phase it is the position before the moves; when the resolver asks
/// where a dislodged unit may retreat, the board after them.
#[derive(Clone, Copy)]
pub struct RuleContext<'a> {
    pub variant: &'a Variant,
    pub ruleset: &'a Ruleset,
    pub book: &'a dyn VariantRules,
    pub position: &'a Position,
}

impl<'a> RuleContext<'a> {
    pub fn map(&self) -> &'a Map {
        &self.variant.map
    }

    pub fn options(&self) -> &'a Options {
        &self.ruleset.options
    }

    pub fn phase(&self) -> Phase {
        self.position.phase
    }

    /// The calendar step of the position's phase: its season and kind.
    pub fn step(&self) -> &'a CalendarStep {
        self.variant.calendar.step(self.position.phase)
    }

    /// The same game at another position (the board after a movement, when asking where a
    /// dislodged unit may retreat).
    pub fn at(&self, position: &'a Position) -> RuleContext<'a> {
        RuleContext { position, ..*self }
    }
}

/// The extension points of a variant's rules. Every method has Standard's answer as its
/// default; a variant overrides the ones its rules change. The judge calls them at the places
/// each method's documentation names and never looks at which variant it is playing.
pub trait VariantRules: Send + Sync + std::fmt::Debug {
    /// Order verbs beyond the standard set (Pirates' `grant` and `select`; a variant's own
    /// orders such as boarding or building a canal), parsed as [`crate::order::Order::Special`].
    /// Listing `-` makes the parser read a move with a second leg (`A/F nao - mao - por`,
    /// Abstraction's move then landing) as the special order `-` with the first destination's
    /// id, `-`, and the words after it.
    fn special_verbs(&self) -> &'static [&'static str] {
        &[]
    }

    /// Whether a unit of this kind may stand at this location. Asked of every move's and
    /// retreat's destination, of builds, of every unit a case or import places, and of the
    /// variant's starting units.
    fn can_stand(&self, ctx: &RuleContext, kind: UnitKind, at: Location) -> bool {
        ctx.map().admits(kind.class(), at)
    }

    /// Whether a unit of this kind may cross this border (moves, retreats, and reaching a
    /// province to support into it).
    fn can_cross(&self, ctx: &RuleContext, kind: UnitKind, border: &Border) -> bool {
        ctx.map().crosses(kind.class(), border)
    }

    /// Strength a move brings before supports: 1, or 0 across Pirates' landbridges (null
    /// strength; a rule of zero-strength borders would use the same hook). `border` is the border
    /// crossed, `None` for an army going by convoy. A move of strength 0 still enters an empty
    /// province: the resolver ranks "no opposition" below 0 (`NO_STRENGTH` in
    /// `judge/movement/resolve.rs`). Asked when each move is checked.
    fn move_base_strength(
        &self,
        _ctx: &RuleContext,
        _unit: &Unit,
        _border: Option<&Border>,
    ) -> u32 {
        1
    }

    /// Whether this unit may support the unit in `supported_from` to hold there or to move into
    /// `into`, reaching `into` across `border` (Davis's High Ocean Box, Pirates' landbridges;
    /// terrain rules that forbid supports across some borders). For a hold support `supported_from == into`. Asked when each
    /// support is checked.
    fn may_support(
        &self,
        _ctx: &RuleContext,
        _supporter: &Unit,
        _supported_from: ProvinceId,
        _into: ProvinceId,
        _border: &Border,
    ) -> bool {
        true
    }

    /// Whether this unit may be supported to hold (a rule that caps hold support, such as swamps, says no). Asked by the
    /// resolver for the hold strength of a unit that does not move.
    fn may_receive_hold_support(&self, _ctx: &RuleContext, _unit: &Unit) -> bool {
        true
    }

    /// Whether a dislodged unit may retreat across this border (no retreats over mountains or
    /// landbridges).
    fn may_retreat(&self, _ctx: &RuleContext, _unit: &Unit, _border: &Border) -> bool {
        true
    }

    /// Whether a fleet here may convoy (Standard: open water only, the terrains the
    /// vocabulary declares `convoys`; variants add islands and rivers).
    fn can_convoy_at(&self, ctx: &RuleContext, at: Location) -> bool {
        ctx.map().terrain(at.province).convoys
    }

    /// Whether an army may be convoyed from or to this province (the terrains the vocabulary
    /// declares `lands`: coast and island).
    fn can_convoy_to(&self, ctx: &RuleContext, province: ProvinceId) -> bool {
        ctx.map().terrain(province).lands
    }

    /// Whether a convoying fleet at `fleet` may take an army aboard from `end`, or put it
    /// ashore there: the first and last steps of a convoy. Standard: any fleet border.
    /// (Maharajah: a fleet on a river only across a river border.) Steps between two
    /// convoying fleets always follow fleet borders.
    fn convoy_lands(&self, ctx: &RuleContext, fleet: Location, end: ProvinceId) -> bool {
        ctx.map()
            .province(fleet.province)
            .borders
            .iter()
            .any(|b| ctx.map().carries_convoys(b) && b.to.province == end)
    }

    /// Whether this failed attack still breaks the convoy of the fleet it was aimed at
    /// (Maharajah's and Pirates' river convoys). A successful attack always does, by
    /// dislodging the fleet; the resolver asks only about attacks by another power's units.
    fn attack_disrupts_convoy(&self, _ctx: &RuleContext, _attack: &ConvoyAttack) -> bool {
        false
    }

    /// Whether this province holds any number of units at once (Davis's High Ocean Box, canal
    /// boxes). In such a province a move in always succeeds and dislodges no one, nobody is
    /// stood off, its units neither block nor attack each other, a move in does not cut their
    /// supports or break their convoys, and a retreat may end there beside other units.
    /// By default, the terrains the vocabulary declares `holds_many` (the box).
    fn holds_many(&self, ctx: &RuleContext, province: ProvinceId) -> bool {
        ctx.map().terrain(province).holds_many
    }

    /// Where this power may build this adjustment: by default, its home centres that it owns
    /// and that are empty.
    fn build_sites(&self, ctx: &RuleContext, power: PowerId) -> Vec<ProvinceId> {
        let position = ctx.position;
        ctx.map()
            .supply_centers()
            .filter(|&p| position.owns_home_centre(power, p) && position.is_empty(p))
            .collect()
    }

    /// Whether this power may build a unit of this kind in this province (Davis: only fleets
    /// in Archangel; Pirates: the Pirates build only fleets).
    fn may_build(
        &self,
        _ctx: &RuleContext,
        _power: PowerId,
        _kind: UnitKind,
        _province: ProvinceId,
    ) -> bool {
        true
    }

    /// How many units this power's centres support (a rule where some centres count twice would say so here).
    fn supply(&self, ctx: &RuleContext, power: PowerId) -> usize {
        ctx.position.centres_of(power).count()
    }

    /// Who orders this power; fixed for the whole game.
    fn controller(&self, _variant: &Variant, _power: PowerId) -> Controller {
        Controller::Player
    }

    /// Adjudicates a setup phase (Pirates' grants and selections): one result per order and
    /// the position after it. `None`: the variant takes no setup orders, and every one is
    /// refused as such.
    fn adjudicate_setup(&self, _ctx: &RuleContext, _orders: &[Submitted]) -> Option<Adjudication> {
        None
    }

    /// The setup orders this power may give in this position, for autocomplete and the demo.
    fn setup_orders(&self, _ctx: &RuleContext, _power: PowerId) -> Vec<Order> {
        Vec::new()
    }

    /// Called once a phase has been adjudicated, to update variant state kept in the position
    /// (`Position::homes`, `Position::marks`: Maharajah's earned home centres). `ctx` is at
    /// the position before the phase; `arrivals` are the provinces a unit came into during the
    /// phase (a move, a retreat or a build); every other unit in `after` is the same unit that
    /// stood there before.
    fn after_phase(&self, _ctx: &RuleContext, _arrivals: &[ProvinceId], _after: &mut Position) {}

    /// Checks one of the variant's own orders ([`Order::Special`]: board, land, search, attack
    /// in an ocean, build a canal, capture an anchor) given in a movement, retreat or
    /// adjustment phase. The judge asks it when the order is submitted, when legal orders are
    /// listed, and again when the phase is adjudicated, after it has found the unit the order
    /// is for (`unit`: on the board in a movement phase, among the dislodged in a retreat
    /// phase, the unit in the named province if any in an adjustment; the ordering power's
    /// own, else the order is refused before this is asked). `Ok` accepts it; the error is the
    /// reason it is illegal. Setup phases have [`VariantRules::adjudicate_setup`] instead.
    ///
    /// While the standard orders are resolved, a unit with an accepted special order holds in
    /// a movement phase (it may be supported to hold, and dislodged), waits in a retreat phase
    /// and stays in an adjustment; [`VariantRules::adjudicate_special`] then decides what the
    /// order does. By default a variant has no orders of its own.
    fn check_special(
        &self,
        _ctx: &RuleContext,
        _power: PowerId,
        _unit: Option<&Unit>,
        verb: &str,
        _args: &[String],
    ) -> Result<(), Cause> {
        Err(Cause::UnknownVerb {
            verb: verb.to_string(),
        })
    }

    /// Adjudicates the special orders of a movement, retreat or adjustment phase once its
    /// standard orders are settled: one result per order in `orders`, in the same order. `ctx`
    /// is at the position before the phase; `settled` is the board the standard rules left
    /// (moves made, dislodged units in `settled.after.dislodged`, builds and removals done),
    /// not yet advanced to the next phase: the rulebook may change it (move, add or remove
    /// units, dislodge more, change owners and marks) and must list in `settled.arrivals` any
    /// province a unit came into. Centres change hands and the phase advances after this, so a
    /// rulebook's fight inside a province that holds many units can dislodge the loser into
    /// the retreat phase. In a retreat phase `settled.after.dislodged` holds the dislodged
    /// units these orders are for: the rulebook takes out of it a unit it keeps (and puts it
    /// on the board); one left there is disbanded. Called after every movement phase (with
    /// no orders when it had none, so a rulebook can keep state that follows its units' moves,
    /// reading `settled.orders` and `settled.results`), and after a retreat or adjustment
    /// phase that has accepted special orders.
    fn adjudicate_special(
        &self,
        _ctx: &RuleContext,
        orders: &[SpecialOrder],
        _settled: &mut Settled,
    ) -> Vec<OrderResult> {
        orders
            .iter()
            .map(|_| OrderResult::fails(Cause::NotAdjudicated))
            .collect()
    }

    /// Whether this order tells a unit that carries another to put it ashore (Abstraction's
    /// and Atlantica II's A/F landing its army, rule 8): `None` for an ordinary order, which
    /// is checked as usual; `Some(Err)` for a landing that may not be made, with the reason.
    /// Asked in a movement phase of every move and special order, before its own checks.
    ///
    /// A landing is resolved as a move of the carried unit from the carrier's province (its
    /// attack may be supported, bounce, dislodge and cut supports, but it is never a
    /// head-to-head battle, as for a convoyed army) while the carrier stays and defends its
    /// province, or supports the landing, or moves on if the landing succeeds
    /// ([`AfterLanding`]). If the landing succeeds the carried unit stands ashore and the
    /// carrier becomes [`Landing::carrier_after`]; if it fails, the carrier is whole again
    /// and keeps its kind.
    fn landing(
        &self,
        _ctx: &RuleContext,
        _unit: &Unit,
        _order: &Order,
    ) -> Option<Result<Landing, Cause>> {
        None
    }

    /// Whether a unit of this kind reaches `at` to support a unit in or into it. Standard:
    /// where it could stand. (Rule 8 of Abstraction and Atlantica II: an A/F, which stands
    /// only at sea, supports into coastal land like a fleet.) Asked when each support is
    /// checked, after `can_cross` for the border.
    fn can_support_into(&self, ctx: &RuleContext, kind: UnitKind, at: Location) -> bool {
        self.can_stand(ctx, kind, at)
    }

    /// How many units this unit counts as against its power's supply centres (an A/F is an
    /// army and a fleet: two). Asked by the adjustment judge and `adjustment_due`.
    fn units_counted(&self, _ctx: &RuleContext, _unit: &Unit) -> usize {
        1
    }

    /// What a removal takes of this unit: `None` takes the whole unit (Standard); `Some((stays,
    /// goes))` removes only a part of kind `goes` and leaves the unit on the board as `stays`,
    /// one unit fewer. `named` is the kind a player's removal order names when it is not the
    /// unit's own (`A nth D` for the A/F in the North Sea), `None` when civil disorder's rule
    /// picked the unit. (Rule 8i: the army of an A/F is removed, not the whole A/F.) Asked by
    /// the adjustment judge.
    fn removal_leaves(
        &self,
        _ctx: &RuleContext,
        _unit: &Unit,
        _named: Option<UnitKind>,
    ) -> Option<(UnitKind, UnitKind)> {
        None
    }

    /// How far the progress a mark of `after_phase` records has got, as (turns done, turns
    /// needed), for pictures; `None` for a mark not worth drawing (Maharajah: a conversion
    /// needs Spring, Fall and the Monsoon; one not begun is not drawn).
    fn mark_progress(&self, _variant: &Variant, _mark: &Mark) -> Option<(u32, u32)> {
        None
    }
}

/// One of the variant's own orders accepted in a movement, retreat or adjustment phase, as
/// [`VariantRules::adjudicate_special`] receives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpecialOrder {
    /// Its place among the phase's submitted orders.
    pub index: usize,
    pub power: PowerId,
    /// The unit it is for, as it stood before the phase (see [`VariantRules::check_special`]).
    pub unit: Option<Unit>,
    pub verb: String,
    pub args: Vec<String>,
}

/// The board a phase's standard orders left, for [`VariantRules::adjudicate_special`] to
/// finish.
#[derive(Debug)]
pub struct Settled<'a> {
    /// The position after the standard orders, still at the phase being adjudicated.
    pub after: &'a mut Position,
    /// The provinces a unit came into during the phase.
    pub arrivals: &'a mut Vec<ProvinceId>,
    /// Every order of the phase as submitted, in the order given.
    pub orders: &'a [Submitted],
    /// What the judge made of each order of `orders` (same order), before this call: the
    /// standard orders' results, and a stand-in for each special order. Rules that depend on
    /// another unit's order and its fate read them here (Abstraction's boarding: whether the
    /// fleet held, supported or moved, and who blocked it).
    pub results: &'a [OrderResult],
}

/// What a landing order asks ([`VariantRules::landing`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Landing {
    /// The unit put ashore, as it will stand: its power and kind (its location is ignored).
    pub carried: Unit,
    /// Where it lands.
    pub to: ProvinceId,
    /// Where the carrier first moves, to put the unit ashore from there, only if that move
    /// succeeds (`A/F nao - mao - por`); `None` to land from where it stands. The phase is
    /// resolved with the unit staying aboard and, if the carrier's move succeeds, again with
    /// the landing, which stands if the carrier's move still succeeds.
    pub sails_to: Option<Target>,
    /// What the carrier is once the unit is ashore (the A/F becomes a fleet).
    pub carrier_after: UnitKind,
    /// What the carrier does in the same phase.
    pub then: AfterLanding,
}

/// What a carrier does once it has put its unit ashore (rule 8g).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AfterLanding {
    /// It stays and holds its province (and defends it).
    Hold,
    /// It supports the landing from its province (its support may be cut).
    SupportLanding,
    /// It moves on, only if the landing succeeds (rule 8d): the phase is resolved with the
    /// carrier holding and, if the landing succeeds, again with it moving; the move stands
    /// if the landing still succeeds.
    MoveTo(Target),
}

/// A move ordered against a convoying fleet, as [`VariantRules::attack_disrupts_convoy`] sees it.
#[derive(Clone, Copy, Debug)]
pub struct ConvoyAttack<'a> {
    /// The unit ordered to move into the fleet's province.
    pub attacker: &'a Unit,
    /// The convoying fleet.
    pub fleet: &'a Unit,
    /// Whether a unit of another power is ordered to move into the attacker's own province
    /// (whether or not that move succeeds or its convoy arrives).
    pub attacker_attacked: bool,
}

/// The rules of Standard Diplomacy: every default above.
#[derive(Debug, Default)]
pub struct StandardRules;

impl VariantRules for StandardRules {}
