//! The extension points a variant implements to change the rules, with Standard's answers as
//! the defaults.
//!
//! Each method names the rule it exists for and when the judge asks it. Every hook is given a
//! [`RuleContext`]: the variant, the game's ruleset, the rulebook and the position being
//! judged, so a rule may depend on the phase (a sea frozen in winter), on the units and marks
//! on the board, or on the variant's options.

use crate::map::{Border, Location, Map, ProvinceId};
use crate::order::{Order, Target, Term};
use crate::outcome::{Adjudication, Cause, OrderResult, Submitted};
use crate::phase::{CalendarStep, Phase};
use crate::position::{Dislodged, Position};
use crate::reason::RuleReason;
use crate::rulebook::{Marking, Options, Ruleset};
use crate::token::{Token, TokenKind};
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
///
/// The hooks are grouped by concern, one trait each, every hook with Standard's answer as its
/// default: [`GeographyHooks`], [`StrengthHooks`], [`OrderHooks`], [`AdjustmentHooks`],
/// [`SecretHooks`], [`StateHooks`] and [`DrawingHooks`]. A rulebook implements all seven (an
/// empty `impl` keeps every default of a group) and is a `VariantRules` by that alone.
pub trait VariantRules:
    GeographyHooks
    + StrengthHooks
    + OrderHooks
    + AdjustmentHooks
    + SecretHooks
    + StateHooks
    + DrawingHooks
    + Send
    + Sync
    + std::fmt::Debug
{
}

impl<T> VariantRules for T where
    T: GeographyHooks
        + StrengthHooks
        + OrderHooks
        + AdjustmentHooks
        + SecretHooks
        + StateHooks
        + DrawingHooks
        + Send
        + Sync
        + std::fmt::Debug
{
}

/// Where units may stand, go, retreat and be convoyed, and what a province holds: the map's rules.
pub trait GeographyHooks {
    /// Whether a unit of this kind may stand at this location. Asked of every move's and
    /// retreat's destination, of builds, of every unit a case or import places, and of the
    /// variant's starting units.
    fn can_stand(&self, ctx: &RuleContext, kind: UnitKind, at: Location) -> bool {
        ctx.map().admits(kind.class(), at)
    }

    /// Whether `unit` may move to `to`, another coast of the province it stands in (Latin
    /// American Diplomacy's river flotilla crossing from one bank, shore or coast to another,
    /// rule 6.B.iv). Such a move takes the turn and is judged as a hold: supports of it are
    /// supports to hold, and the rulebook puts the unit on its new coast once the phase is
    /// settled (`adjudicate_special`) unless it was dislodged. Standard: a move to one's own
    /// province is refused. Asked when such a move, or a support of it, is checked.
    fn crosses_within(&self, _ctx: &RuleContext, _unit: &Unit, _to: Location) -> bool {
        false
    }

    /// Whether the coasts of `province` all join, so that a unit using coasts leaves it by
    /// any of them and enters it without naming one (Latin American Diplomacy: a province
    /// through which a canal is finished). Standard: none.
    fn porous(&self, _ctx: &RuleContext, _province: ProvinceId) -> bool {
        false
    }

    /// Whether a unit of this kind may cross this border (moves, retreats, and reaching a
    /// province to support into it).
    fn can_cross(&self, ctx: &RuleContext, kind: UnitKind, border: &Border) -> bool {
        ctx.map().crosses(kind.class(), border)
    }

    /// The rulebook's reason that `unit` cannot reach `to` when the map has a way there that
    /// one of the rulebook's own rules closes (Atlantica II rule 12: a fleet frozen in, a sea
    /// frozen over), so the refusal names that rule instead of saying the way does not exist.
    /// `None` (Standard) keeps the core's words. Asked only after a move or a support has been
    /// refused because `can_cross`/`can_stand` left no way to `to`.
    fn why_unreachable(&self, _ctx: &RuleContext, _unit: &Unit, _to: ProvinceId) -> Option<Cause> {
        None
    }

    /// Whether this unit may be ordered to move to `to` at all, by a rule about the unit
    /// rather than the map (Latin American Diplomacy, rule 5.D.ii: an army that entered a
    /// rainforest province may next move only back where it came from, which the rulebook
    /// remembers in the position's marks). The error is the reason the move is refused.
    /// Asked of every move in a movement phase (not of retreats), before its route is
    /// checked. Standard: every move may be ordered.
    fn check_move(&self, _ctx: &RuleContext, _unit: &Unit, _to: ProvinceId) -> Result<(), Cause> {
        Ok(())
    }

    /// Whether a dislodged unit may retreat across this border (no retreats over mountains or
    /// landbridges).
    fn may_retreat(&self, _ctx: &RuleContext, _unit: &Unit, _border: &Border) -> bool {
        true
    }

    /// Why a retreat across `border`, which [`GeographyHooks::may_retreat`] closed, is refused,
    /// in the words of the variant's rule ("no unit may retreat across a mountainous border");
    /// `None` keeps the core's words. Asked only when a retreat order names a place the unit
    /// cannot retreat to and a border there was closed by `may_retreat`.
    fn why_may_not_retreat(
        &self,
        _ctx: &RuleContext,
        _unit: &Unit,
        _border: &Border,
    ) -> Option<Cause> {
        None
    }

    /// Whether this province holds any number of units at once (Davis's High Ocean Box, canal
    /// boxes). In such a province a move in always succeeds and dislodges no one, nobody is
    /// stood off, its units neither block nor attack each other, a move in does not cut their
    /// supports or break their convoys, and a retreat may end there beside other units.
    /// By default, the terrains the vocabulary declares `holds_many` (the box).
    fn holds_many(&self, ctx: &RuleContext, province: ProvinceId) -> bool {
        ctx.map().terrain(province).holds_many
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

    /// Whether one convoy may pass through two or more fleets. `Err` is the reason a convoy
    /// that only such a chain could make is refused (Atlantica II rule 7, the Fast Ferry: an
    /// ordinary convoy crosses one sea space only). When it errs, two convoying fleets never
    /// join one route, and an army's move or a fleet's convoy order that only a longer chain
    /// could carry is refused with this reason. Standard: chains of any length. Asked when
    /// a board's convoy routes are built and when a convoy is refused.
    fn convoy_chains(&self, _ctx: &RuleContext) -> Result<(), Cause> {
        Ok(())
    }

    /// The kind `unit` becomes if its move into `to` is made, `None` if it stays what it is
    /// (Latin American Diplomacy: a fleet sailing up a river arrives as a river flotilla). The
    /// move is checked as a move of either kind (the route of one, standing there as the
    /// new one); the judge changes the kind when the move is made and lists it in
    /// [`Settled::arrived_as`] for the rulebook's own bookkeeping. Standard: never.
    fn arrives_as(&self, _ctx: &RuleContext, _unit: &Unit, _to: ProvinceId) -> Option<UnitKind> {
        None
    }
}

/// Strength and support: how hard a move hits, who may support whom, who defends, what breaks a convoy.
pub trait StrengthHooks {
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

    /// Why a support [`StrengthHooks::may_support`] refused is refused, in the words of the
    /// variant's rule (Latin American Diplomacy: "an army may not support across a rainforest
    /// border"); `None` keeps the core's words. Asked only after `may_support` said no.
    fn why_may_not_support(
        &self,
        _ctx: &RuleContext,
        _supporter: &Unit,
        _supported_from: ProvinceId,
        _into: ProvinceId,
        _border: &Border,
    ) -> Option<Cause> {
        None
    }

    /// Whether `unit`'s move into `to` is made only if it is supported (Latin American
    /// Diplomacy, rule 5.C.iv: in the A phase no army crosses the Chilean Andes unless
    /// supported). `Some(why)`: unless at least one support of it is given (not cut), the
    /// unit never crosses: its move fails for `why`, and, like an army whose convoy failed,
    /// it attacks, stands off and cuts nothing. `None` (Standard): every move crosses. Asked
    /// once per move that does not go by convoy, when the moves are resolved; given the
    /// province rather than the border so that a rulebook with no such crossing (every other)
    /// costs the resolver no border lookup per move.
    fn crossing_needs_support(
        &self,
        _ctx: &RuleContext,
        _unit: &Unit,
        _to: ProvinceId,
    ) -> Option<Cause> {
        None
    }

    /// Whether the unit `defender`, standing in its province and not moving, defends it
    /// against `attacker`'s move into `to` (Atlantica II rule 12: a fleet frozen in does not
    /// defend its province against an army, nor a fleet frozen on a north coast against a fleet
    /// coming to the south coast). When it does not, its hold strength against that move is 0,
    /// so any move of strength 1 or more dislodges it (other moves into the province still
    /// stand the attacker off). Standard: every unit defends. Asked by the resolver for each
    /// move into a province whose unit stays.
    fn defends(
        &self,
        _ctx: &RuleContext,
        _defender: &Unit,
        _attacker: &Unit,
        _to: Location,
    ) -> bool {
        true
    }

    /// The strength a unit that does not move holds its province with before supports: 1, or
    /// 0 for Latin American Diplomacy's river flotilla in an ocean or in a sea no coastal
    /// province borders (rule 6.B.ii: "it can be supported to hold ... its attack strength
    /// equals the number of supporting units"). Asked by the resolver for each hold strength.
    fn hold_base_strength(&self, _ctx: &RuleContext, _unit: &Unit) -> u32 {
        1
    }

    /// Whether `supporter` may reach across `border` to support into the province beyond,
    /// given the supporter's own coast and its kind's borders; `None` keeps the core's answer
    /// (it leaves by its coast and its class crosses the border, `can_cross`). Latin American
    /// Diplomacy's river flotilla supports across any border of its province but a
    /// mountainous one, "even to provinces where they cannot travel" (rule 6.E). Asked when
    /// each support is checked, for each border into the supported province.
    fn support_crossing(
        &self,
        _ctx: &RuleContext,
        _supporter: &Unit,
        _border: &Border,
    ) -> Option<bool> {
        None
    }

    /// Whether this unit may be supported to hold (a rule that caps hold support, such as swamps, says no). Asked by the
    /// resolver for the hold strength of a unit that does not move.
    fn may_receive_hold_support(&self, _ctx: &RuleContext, _unit: &Unit) -> bool {
        true
    }

    /// Whether a unit of this kind reaches `at` to support a unit in or into it. Standard:
    /// where it could stand. (Rule 8 of Abstraction and Atlantica II: an A/F, which stands
    /// only at sea, supports into coastal land like a fleet.) Asked when each support is
    /// checked, after `can_cross` for the border.
    fn can_support_into(&self, ctx: &RuleContext, kind: UnitKind, at: Location) -> bool {
        ctx.book.can_stand(ctx, kind, at)
    }

    /// Whether this failed attack still breaks the convoy of the fleet it was aimed at
    /// (Maharajah's and Pirates' river convoys). A successful attack always does, by
    /// dislodging the fleet; the resolver asks only about attacks by another power's units.
    fn attack_disrupts_convoy(&self, _ctx: &RuleContext, _attack: &ConvoyAttack) -> bool {
        false
    }
}

/// The variant's own orders and who gives them: verbs, checks, the acts they become in the resolution, setup and retreat rules, and what happens after a phase.
pub trait OrderHooks {
    /// Order verbs beyond the standard set (Pirates' `grant` and `select`; a variant's own
    /// orders such as boarding or building a canal), parsed as [`crate::order::Order::Special`].
    /// Listing `-` makes the parser read a move with a second leg (`A/F nao - mao - por`,
    /// Abstraction's move then landing) as the special order `-` with the first destination's
    /// id, `-`, and the words after it.
    fn special_verbs(&self) -> &'static [&'static str] {
        &[]
    }

    /// Reads the words a player wrote after one of the rulebook's verbs (special or
    /// conditional) into the order's typed terms ([`Term`]), once, when the order is parsed:
    /// a province, a place with its bank, a power, a unit kind, a number, or one of the
    /// rulebook's keywords. The order is stored, judged, listed, drawn and written back from
    /// those terms. `None` when the words do not read: the order keeps them as written
    /// ([`Term::Written`]) and [`VariantRules::check_special`] refuses it, quoting them.
    /// Standard: no verb reads.
    fn read_special(
        &self,
        _variant: &Variant,
        _verb: &str,
        _words: &[String],
    ) -> Option<Vec<Term>> {
        None
    }

    /// The variant's own orders ([`Order::Special`], and in a setup phase every setup order)
    /// this power may give in this position, asked in every phase: Pirates' grants and
    /// selections in its setup; a placement, a search or a boarding in a movement phase. They
    /// feed the legal-order lists (`legal::legal_orders`: an order naming one of the power's
    /// units joins that unit's list, the others are listed for the power as a whole), so
    /// autocomplete, the demo's random play and the vote's choices offer them. List only
    /// orders the rulebook's own checks accept ([`VariantRules::check_special`],
    /// [`VariantRules::adjudicate_setup`]): the lists take them as they are. Standard: none.
    fn special_orders(&self, _ctx: &RuleContext, _power: PowerId) -> Vec<Order> {
        Vec::new()
    }

    /// Whether `order`, checked alone and accepted, may stand beside the power's other orders
    /// in force this phase (`standing`: what it already gave, and earlier lines of the same
    /// submission): Atlantica II's one placement per power. Asked by the games service when an
    /// order is submitted (a refusal is the reason given) and when autocomplete is offered
    /// (`judge::check_beside`), so an order the power can no longer add is neither accepted nor
    /// listed. An order for the same unit as a standing one replaces it and should pass.
    /// Standard: every order may stand beside the others.
    fn check_beside(
        &self,
        _ctx: &RuleContext,
        _power: PowerId,
        _order: &Order,
        _standing: &[Order],
    ) -> Result<(), Cause> {
        Ok(())
    }

    /// Whether this verb of the rulebook's own ([`VariantRules::special_verbs`]) puts a new
    /// unit on the board, so its order names a unit that is not there yet (Atlantica II rule
    /// 5: `F nao place`, the January 1870 high-seas fleets). In a movement phase, such an
    /// order naming a province where the ordering power has no unit is handed to
    /// [`VariantRules::check_special`] and [`VariantRules::adjudicate_special`] with `unit`
    /// the unit the order would place (of the kind it names, not on the board); it is refused
    /// when it names no kind. Standard: no verb does.
    fn special_places(&self, _verb: &str) -> bool {
        false
    }

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
        _args: &[Term],
    ) -> Result<(), Cause> {
        Err(Cause::UnknownVerb {
            verb: verb.to_string(),
        })
    }

    /// For each accepted special order of a movement phase (in the order given), the act the
    /// resolver settles it as, together with the standard orders, in one resolution:
    /// - [`SpecialAct::Holds`]: the unit holds while the moves are resolved (the default);
    ///   [`VariantRules::adjudicate_special`] then says what the order did.
    /// - [`SpecialAct::Leaves`]: it leaves its province at the start of the move (Atlantica II
    ///   rule 6c: a lone fleet searching the area that is Atlantis "is not affected by
    ///   attacks" on the sea it leaves).
    /// - [`SpecialAct::Boards`]: it goes aboard a carrier at the start of the move (rule 8f of
    ///   Abstraction and Atlantica II: "all boardings must be made at the beginning of
    ///   turns"), for good or only if the carrier's move is made.
    /// - [`SpecialAct::AttacksWithin`]: it attacks another power's units in the province that
    ///   holds many units it stands in (Latin American Diplomacy's `AT Peru` in an ocean).
    ///
    /// A unit that leaves defends nothing: a move into its province meets no defender, and it
    /// is never dislodged; it is still on the board when `adjudicate_special` is asked, for the
    /// rulebook to take where it went. An attack within a province is judged by the resolver
    /// alone (its result is the judge's, and `adjudicate_special` does not see it).
    /// `ordered` is every order the phase accepted, with its unit (the orders of carriers,
    /// which decide whether a boarding stands). Standard: every unit holds.
    fn special_acts(
        &self,
        _ctx: &RuleContext,
        orders: &[SpecialOrder],
        _ordered: &[(Unit, &Order)],
    ) -> Vec<SpecialAct> {
        vec![SpecialAct::Holds; orders.len()]
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

    /// Order verbs given beside a unit's own order in a movement phase rather than instead of
    /// it: standing instructions that take effect only if something happens to the unit
    /// (Atlantica II's conditional retreat lists, rule 9a: `A par if dislodged bur gas` is
    /// written with the army's move). Parsed as [`crate::order::Order::Special`] like
    /// [`VariantRules::special_verbs`]. The judge gives such an order to its unit without
    /// counting it as the unit's order (one of them per unit), asks
    /// [`VariantRules::check_conditional`] about it, and hands the accepted ones to
    /// [`VariantRules::adjudicate_conditional`] once the moves and the special orders are
    /// settled. Standard has none.
    fn conditional_verbs(&self) -> &'static [&'static str] {
        &[]
    }

    /// Conditional orders ([`VariantRules::conditional_verbs`]) to offer the power's units in
    /// this position, each one [`VariantRules::check_conditional`] accepts. They are kept apart
    /// from the legal-order lists (`legal::conditional_orders`, not `legal_orders`): the demo
    /// and the vote never give them, and autocomplete shows a unit's only once the typed text
    /// reaches the unit and the verb (`A par if`), so they never crowd its ordinary orders.
    /// Standard: none.
    fn conditional_orders(&self, _ctx: &RuleContext, _power: PowerId) -> Vec<Order> {
        Vec::new()
    }

    /// Checks a conditional order ([`VariantRules::conditional_verbs`]) for `unit`, the
    /// ordering power's own unit on the board, when it is submitted and when the phase is
    /// adjudicated; the error is the reason it is illegal. In a retreat or adjustment phase
    /// such an order is always refused, with this hook's reason if it gives one.
    fn check_conditional(
        &self,
        _ctx: &RuleContext,
        _unit: &Unit,
        verb: &str,
        _args: &[Term],
    ) -> Result<(), Cause> {
        Err(Cause::UnknownVerb {
            verb: verb.to_string(),
        })
    }

    /// Adjudicates the conditional orders ([`VariantRules::conditional_verbs`]) of a movement
    /// phase on the board its moves and special orders left: one result per order, in the
    /// same order. `settled.after.dislodged` holds the units dislodged (their retreats depend
    /// on `settled.after.contested`); the rulebook may retreat some of them at once (take them
    /// out of `dislodged`, put them on the board and list the province in
    /// `settled.arrivals`). Those still dislodged get the retreat phase. Called only when the
    /// phase has accepted conditional orders.
    fn adjudicate_conditional(
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

    /// Adjudicates a setup phase (Pirates' grants and selections): one result per order and
    /// the position after it. `None`: the variant takes no setup orders, and every one is
    /// refused as such.
    fn adjudicate_setup(&self, _ctx: &RuleContext, _orders: &[Submitted]) -> Option<Adjudication> {
        None
    }

    /// Called once a phase has been adjudicated, to update variant state kept in the position
    /// (`Position::homes`, `Position::marks`: Maharajah's earned home centres). `ctx` is at
    /// the position before the phase; `arrivals` are the provinces a unit came into during the
    /// phase (a move, a retreat or a build); every other unit in `after` is the same unit that
    /// stood there before.
    fn after_phase(&self, _ctx: &RuleContext, _arrivals: &[ProvinceId], _after: &mut Position) {}

    /// Who orders this power; fixed for the whole game.
    fn controller(&self, _variant: &Variant, _power: PowerId) -> Controller {
        Controller::Player
    }

    /// Where a dislodged unit goes when its owner's retreat order did not take it anywhere
    /// (none was given, it was illegal, or it clashed with another unit's): the places to try
    /// in order of preference, each one of `options` (its legal retreats). Empty: the unit is
    /// disbanded (Standard). Atlantica II's right-hand rule (9a, 9b) lists the unit's legal
    /// retreats from the right of its attacker outwards. The retreat judge asks it at the end
    /// of a retreat phase, after the ordered retreats are settled; a place an ordered retreat
    /// reached or clashed over is closed, and where two units fall back to one place both
    /// stand off there and try their next places (see [`crate::judge::settle_preferences`]).
    fn default_retreats(
        &self,
        _ctx: &RuleContext,
        _dislodged: &Dislodged,
        _options: &[Location],
    ) -> Vec<Location> {
        Vec::new()
    }

    /// Whether the owner of a dislodged unit may order it disbanded in a retreat phase, given
    /// its legal retreats `options`; the error is the reason it may not. Standard: always.
    /// (Atlantica II, 9c: not while it has a legal retreat.) Asked when the disband order is
    /// submitted and when the phase is adjudicated.
    fn may_disband_dislodged(
        &self,
        _ctx: &RuleContext,
        _dislodged: &Dislodged,
        _options: &[Location],
    ) -> Result<(), Cause> {
        Ok(())
    }
}

/// Centres, builds and removals: what counts as a centre, how many units it supports, where a power builds, what civil disorder removes.
pub trait AdjustmentHooks {
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

    /// Whether an adjustment order with this rulebook verb is given in place of a build, so
    /// that it uses one of the builds due (Latin American Diplomacy's `Build Panama Canal`).
    /// Such orders add up as waives do rather than replacing one another.
    fn spends_build(&self, _verb: &str) -> bool {
        false
    }

    /// Why this build may not be made, given the builds of the same power already accepted
    /// this phase (`built`, in the order given): Latin American Diplomacy allows one build a
    /// year off the home centres (rule 7.A.ii). `None`, the default, lets it stand.
    fn refuse_build(
        &self,
        _ctx: &RuleContext,
        _power: PowerId,
        _at: ProvinceId,
        _built: &[Unit],
    ) -> Option<Cause> {
        None
    }

    /// Why `power` has no build this adjustment, where its rules say more than the count
    /// (Latin American Diplomacy's opening 1890 D builds only for powers with a capital on
    /// the map, rule 7.A.i). `None`, the default, refuses with the plain count.
    fn no_builds_due(&self, _ctx: &RuleContext, _power: PowerId) -> Option<Cause> {
        None
    }

    /// Whether `province` is a supply centre in this position, so that it may have an owner
    /// (and a home power). Standard: the map's `sc` flag. Atlantica II (rule 6d): Atlantis,
    /// which the map cannot mark since nobody knows where it is, becomes one once found.
    /// Asked when a position is checked before it is stored or read back.
    fn is_supply_centre(&self, ctx: &RuleContext, province: ProvinceId) -> bool {
        ctx.map().province(province).supply_center
    }

    /// How many units this power's centres support (a rule where some centres count twice would say so here).
    fn supply(&self, ctx: &RuleContext, power: PowerId) -> usize {
        ctx.position.centres_of(power).count()
    }

    /// How many units this unit counts as against its power's supply centres (an A/F is an
    /// army and a fleet: two). Asked by the adjustment judge and `adjustment_due`.
    fn units_counted(&self, _ctx: &RuleContext, _unit: &Unit) -> usize {
        1
    }

    /// Which units civil disorder removes from `power`, which owes `owed` removals it did not
    /// order: `candidates` are the indices in `ctx.position.units` of its units not already
    /// removed. Returns at most `owed` removals, each a candidate; the judge ignores the rest.
    /// `None` (Standard) leaves it to the standard rule, the rulebook's `removal` option,
    /// furthest from home first ([`crate::judge::by_removal_distance`], which a rulebook may
    /// also call). Atlantica II (9d) removes the unit whose loss harms its power least; a
    /// removal may leave part of a unit on the board ([`CivilDisorderRemoval::leaves`]: the
    /// fleet of an A/F whose army is removed, 8i).
    fn civil_disorder(
        &self,
        _ctx: &RuleContext,
        _power: PowerId,
        _owed: usize,
        _candidates: &[usize],
    ) -> Option<Vec<CivilDisorderRemoval>> {
        None
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
}

/// The game's secrets: when a secret draw is revealed, and what stays off the players' map until then.
pub trait SecretHooks {
    /// Whether play has made the game's secret draw `draw` (a [`crate::rulebook::HiddenDraw`]
    /// of the registry entry; its value is `ctx.ruleset.hidden(draw)`) public at this
    /// position. Until it is, the games service keeps the value out of every export (with the
    /// game's seed, from which it could be drawn again) and shows it to moderators only;
    /// from then on the export carries it. For Atlantica II's Lost Atlantis (rule 6): the
    /// area is public once a search has found it, which the rulebook records in the position
    /// (a mark, say), so this hook only reads the position. Asked by the store on the
    /// current position when a game is exported and when moderators list the secrets.
    /// Standard has no secrets: nothing is ever revealed.
    fn revealed(&self, _ctx: &RuleContext, _draw: &str) -> bool {
        false
    }

    /// Provinces the map must not show as provinces in this position: no owner's colour, no
    /// supply centre marker, no mark, whatever the art holds for them (the art draws them
    /// as the rules describe them to players, such as a numbered dotted circle). A province
    /// whose place or nature is a secret is listed here until the rules reveal it, and so are
    /// those that no longer exist: the answer must not depend on an unrevealed secret of
    /// [`Ruleset::hidden`]. Standard: none.
    fn hidden_provinces(&self, _ctx: &RuleContext) -> Vec<ProvinceId> {
        Vec::new()
    }
}

/// The variant's own state on the board: the kinds of [`Token`] its rules keep.
pub trait StateHooks {
    /// The kinds of token the rules keep in a position (an A/F's moves at sea, a canal's
    /// builds). Reading a position refuses a token of any other kind. Standard: none.
    fn token_kinds(&self) -> &'static [TokenKind] {
        &[]
    }

    /// What an older release's mark meant: it stored every piece of a variant's state as
    /// one kind of record (a province, a power and a count), which each rulebook read its
    /// own way. `None` refuses the mark as state this variant never kept. Standard: none.
    fn token_of_mark(
        &self,
        _ctx: &RuleContext,
        _province: ProvinceId,
        _power: PowerId,
        _count: u32,
    ) -> Option<Token> {
        None
    }
}

/// How the variant is shown and explained to players: order help, the marks of its state
/// and of its orders on the map, progress of its marks, centre names.
pub trait DrawingHooks {
    /// What the variant's own orders look like and mean, for players: the game's start DM
    /// lists every entry, `/game status` those with `now` set. Phase-aware (a placement
    /// order usable in the first move only is `now` then and only then). Never let an entry
    /// depend on a secret of [`Ruleset::hidden`] the rules have not revealed. Standard: none.
    fn order_help(&self, _ctx: &RuleContext) -> Vec<OrderHelp> {
        Vec::new()
    }

    /// What the map shows of the variant's state in this position beyond units and centres
    /// (seas frozen this month, a counter growing over the years), in the map's vocabulary,
    /// each group keyed in the variant's words. Never let it depend on a secret of
    /// [`Ruleset::hidden`] the rules have not revealed. Standard: nothing.
    fn state_marks(&self, _ctx: &RuleContext) -> Vec<Marking> {
        Vec::new()
    }

    /// How the map draws one of the variant's own orders (a search, a placement, a boarding,
    /// a landing), in the map's vocabulary with the word its key gives it; `None` draws
    /// nothing for it. `ctx` is at the position the order was given in. Standard has no such
    /// orders: none.
    fn order_marks(&self, _ctx: &RuleContext, _order: &SpecialOrder) -> Option<Marking> {
        None
    }

    /// How far the progress a token records on a centre has got, as (turns done, turns
    /// needed), drawn on the centre's marker; `None` for a token not drawn so (Maharajah: a
    /// conversion needs Spring, Fall and the Monsoon; one not begun is not drawn).
    fn token_progress(&self, _variant: &Variant, _token: &Token) -> Option<(u32, u32)> {
        None
    }

    /// What players call a supply centre the map does not mark as one but the rules made one
    /// during the game (Atlantica II: the area found to be "Atlantis"), for the map's marker and
    /// the report's centres gained and lost; `None` for every other province.
    fn centre_name(&self, _ctx: &RuleContext, _province: ProvinceId) -> Option<String> {
        None
    }

    /// What `/game status` tells players of the variant's state beyond units and centres (a
    /// canal's builds so far), as reasons worded by the variant's own wording. Never let it
    /// depend on a secret of [`Ruleset::hidden`] the rules have not revealed. Standard: none.
    fn state_words(&self, _ctx: &RuleContext) -> Vec<RuleReason> {
        Vec::new()
    }
}

/// One of a variant's own orders explained for players ([`VariantRules::order_help`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OrderHelp {
    /// How it is written, as an example a player could type: `F nao place`.
    pub form: String,
    /// What it does, in one line: `place your extra fleet (January 1870 only)`.
    pub meaning: String,
    /// Whether it may be given in the position's phase.
    pub now: bool,
}

impl OrderHelp {
    pub fn new(form: impl Into<String>, meaning: impl Into<String>, now: bool) -> Self {
        OrderHelp {
            form: form.into(),
            meaning: meaning.into(),
            now,
        }
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
    /// What the order names, as the rulebook read it ([`VariantRules::read_special`]).
    pub args: Vec<Term>,
}

/// One unit civil disorder removes, as [`VariantRules::civil_disorder`] chooses it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CivilDisorderRemoval {
    /// The unit's index in the adjustment's position.
    pub index: usize,
    /// What stays on the board in its place, if only part of it goes (an A/F's fleet when its
    /// army is removed); `None`: the whole unit goes.
    pub leaves: Option<Unit>,
}

impl CivilDisorderRemoval {
    /// The whole unit at `index` is removed.
    pub fn whole(index: usize) -> Self {
        CivilDisorderRemoval {
            index,
            leaves: None,
        }
    }
}

/// The board a phase's standard orders left, for [`VariantRules::adjudicate_special`] to
/// finish.
#[derive(Debug)]
pub struct Settled<'a> {
    /// The position after the standard orders, still at the phase being adjudicated.
    pub after: &'a mut Position,
    /// The provinces a unit came into during the phase.
    pub arrivals: &'a mut Vec<ProvinceId>,
    /// In a movement phase, every move the standard orders made an attempt at (legal moves,
    /// whether or not they got in): the unit as it stood, where it was ordered, and whether
    /// it got there (Abstraction's boarding: where the fleet took the army). A rule
    /// that depends on whether a unit was attacked (Atlantica II: a searching fleet that is
    /// attacked turns to face its attacker) reads it. Empty in other phases, and in a movement
    /// phase with no special orders (the resolver does not list them for nobody).
    pub moves: &'a [(Unit, Location, bool)],
    /// In a movement phase, each unit whose kind changed as its move was made
    /// ([`VariantRules::arrives_as`]): the unit as it stood, and the unit as it arrived.
    pub arrived_as: &'a [(Unit, Unit)],
    /// Every order of the phase as submitted, in the order given.
    pub orders: &'a [Submitted],
    /// What the judge made of each order of `orders` (same order), before this call: the
    /// standard orders' results, and a stand-in for each special order. Rules that depend on
    /// another unit's order and its fate read them here (Abstraction's boarding: whether the
    /// fleet held, supported or moved, and who blocked it).
    /// A rulebook may add to a standard order's result what its own rules did to the unit
    /// (an A/F's army lost for want of rations, the fleet that moved on after a landing):
    /// the verdict must stay as the judge gave it.
    pub results: &'a mut [OrderResult],
}

/// What a unit with an accepted special order does with its province at the start of a
/// movement phase ([`VariantRules::special_acts`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SpecialAct {
    /// It stays in its province and holds while the moves are resolved.
    Holds,
    /// It leaves its province at the start of the move, whatever is done to it there.
    Leaves,
    /// It goes aboard `carrier` at the start of the move; with `unless_carrier_fails`, only
    /// if the carrier's move succeeds (otherwise it never left, and holds its province).
    Boards {
        carrier: Unit,
        unless_carrier_fails: bool,
    },
    /// It attacks `power`'s units in its own province, one that holds many units, where
    /// units otherwise never meet. All the units of its power there ordered to attack the
    /// same power fight together, one strength each, against one strength for each of
    /// `power`'s units that stays there. More wins: every one of those units is dislodged,
    /// or, when the attackers outnumber them by `disband_margin` or more, disbanded. Units so
    /// attacked give no support (their support is cut, as by any attack).
    AttacksWithin {
        power: PowerId,
        disband_margin: Option<u32>,
    },
    /// It moves into `to`, a province that holds many units, attacking `power`'s units there
    /// (Latin American Diplomacy: `F ptr - epr AT Peru`). The move is resolved as a move into
    /// an ordinary province against those units alone: their strength is one each plus their
    /// supports to hold; other moves into `to` stand it off only if one of the two attacks
    /// the other's power or both attack the same power (so a move in without an attack is
    /// stood off by an attack on its power, and passes any other). Made against units of
    /// `power` that stay, it dislodges every one of them, or disbands them when it is
    /// `disband_margin` or more stronger; it cuts their supports as any attack does. The
    /// unit's border into `to` is the rulebook's to check ([`VariantRules::check_special`]).
    AttacksInto {
        to: Location,
        power: PowerId,
        disband_margin: Option<u32>,
    },
    /// It moves into `to` as a standard move would (bounced, supported, dislodging and cutting
    /// supports alike), and the rulebook then finishes the order by what the move did
    /// (Latin American Diplomacy: `R tri - guy/sc convert to F`, a flotilla that takes the
    /// ships of an anchor marker as it arrives). Unlike the other moves above, the order goes
    /// on to [`VariantRules::adjudicate_special`], whose `settled.results` hold the move's own
    /// result. The unit's border into `to` is the rulebook's to check.
    MovesThen { to: Location },
    /// It supports the move of the unit in `supported` into `to`, as a standard support of
    /// that move would (an order of the variant's own that repeats the move's attack:
    /// `F gal S F ptr - epr AT Peru`). Its reach is the rulebook's to check.
    SupportsMove { supported: ProvinceId, to: Location },
}

/// What a landing order asks ([`VariantRules::landing`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Landing {
    /// The unit put ashore, as it will stand: its power and kind (its location is ignored).
    pub carried: Unit,
    /// Where it lands.
    pub to: ProvinceId,
    /// Where the carrier first moves, to put the unit ashore from there, only if that move
    /// succeeds (`A/F nao - mao - por`); `None` to land from where it stands. The landing is
    /// a move that the resolver makes only if the carrier's move is made.
    pub sails_to: Option<Target>,
    /// What the carrier is once the unit is ashore (the A/F becomes a fleet).
    pub carrier_after: UnitKind,
    /// The carried unit goes aboard in this same move (the piggyback of rule 8: `A por boards
    /// F gcd` with `F gcd - can - mor`): the landing stands only beside a
    /// [`SpecialAct::Boards`] onto this carrier, and is illegal without one.
    pub boards: bool,
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
    /// It moves on, only if the landing succeeds (rule 8d): a move the resolver makes only if
    /// the landing is made; otherwise the carrier holds its sea.
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

impl GeographyHooks for StandardRules {}
impl StrengthHooks for StandardRules {}
impl OrderHooks for StandardRules {}
impl AdjustmentHooks for StandardRules {}
impl SecretHooks for StandardRules {}
impl StateHooks for StandardRules {}
impl DrawingHooks for StandardRules {}
