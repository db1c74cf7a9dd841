//! Army/Fleet combined operations, the A/F rules shared by Davis's Abstraction option and
//! Atlantica II (rule 8 of both, with Fred C. Davis's clarification of 8b): the `A/F` unit
//! kind, boarding, landing, rations and the A/F's removals.
//!
//! A rulebook that plays these rules keeps an [`AfRules`] and calls it from its hooks (each
//! method's documentation names the hook). What the rules leave open, and how each rule is
//! played, is written in ARCHITECTURE.md ("Army/Fleet units").

use crate::judge::{Cause, OrderResult, Verdict};
use crate::map::{Location, Map, ProvinceId};
use crate::order::{Order, Target, Term};
use crate::reason::{RuleReason, Said, Subject};
use crate::rulebook::{AfterLanding, Landing, RuleContext, Settled, SpecialAct, SpecialOrder};
use crate::token::{Token, TokenDecl, TokenKind, TokenShape, TokenValue};
use crate::unit::{PowerId, Unit, UnitKind, UnitKindDecl, WATER};

/// An army aboard a fleet: moves, attacks, supports and defends as one fleet, never convoys
/// nor is convoyed, and stands only at sea or in a box ([`AfRules::can_stand`]).
pub static ARMY_FLEET: UnitKindDecl = UnitKindDecl {
    letter: "A/F",
    name: "army/fleet",
    aliases: &["af", "a/f", "army-fleet", "armyfleet"],
    class: &WATER,
    convoyed: false,
    convoys: false,
};

/// The A/F kind.
pub const A_F: UnitKind = UnitKind(&ARMY_FLEET);

/// Rule 8c's count of an A/F's moves at sea so far, one token per A/F, kept for its power
/// where it stands (in a box, the n-th highest for the n-th of that power's A/Fs there).
pub static RATIONS_DECL: TokenDecl = TokenDecl {
    name: "rations",
    shape: TokenShape::Count,
    owned: true,
    on_coasts: false,
};

/// The rations token kind.
pub const RATIONS_TOKEN: TokenKind = TokenKind(&RATIONS_DECL);

/// An older release's mark of an A/F's moves at sea, as its token.
pub fn rations_of_mark(province: ProvinceId, power: PowerId, count: u32) -> Token {
    Token::owned(RATIONS_TOKEN, province, power, TokenValue::Count(count))
}

/// The unit kinds of a variant with A/F units: army, fleet and A/F.
pub const AF_KINDS: &[UnitKind] = &[UnitKind::ARMY, UnitKind::FLEET, A_F];

/// The verbs of the A/F orders: boarding (`A lab boards F gsl`), landing in its long form
/// (`A/F gsl lands nfl then S`, `A/F gsl lands nfl then - nao`), and `-` for a move then a
/// landing (`A/F nao - mao - por`, read so by the parser when "-" is a verb).
pub const VERBS: &[&str] = &[
    "-",
    "board",
    "boards",
    "embark",
    "embarks",
    "land",
    "lands",
    "disembark",
    "disembarks",
];

const BOARD_VERBS: &[&str] = &["board", "boards", "embark", "embarks"];

/// Rule 8c: an army may spend five consecutive moves at sea; still aboard after the fifth,
/// it is annihilated.
pub const RATIONS: u32 = 5;

crate::rule_reasons! {
    /// Why the A/F rules refuse or fail an order, or what they add to its result.
    pub enum AfReason for "army/fleet", worded by af_words {
        /// About the sea named: an A/F's first leg goes to a sea.
        NotASea = "not-a-sea",
        AlreadyCarries = "already-carries",
        /// About the landing place, then where from.
        FrozenLanding = "frozen-landing",
        /// About the fleet's province.
        NobodyToLand = "nobody-to-land",
        OnlyAfLands = "only-af-lands",
        OnlyArmyBoards = "only-army-boards",
        /// The reasons below are about the fleet's sea, unless they say otherwise.
        NoFleetToBoard = "no-fleet-to-board",
        NotYourFleet = "not-your-fleet",
        AfAlreadyCarries = "af-already-carries",
        NotAFleet = "not-a-fleet",
        /// About the army's province, then the sea.
        NotBeside = "not-beside",
        FrozenBoarding = "frozen-boarding",
        NeedsArmy = "needs-army",
        FleetDefended = "fleet-defended",
        FleetTookAnother = "fleet-took-another",
        FleetSupported = "fleet-supported",
        FleetConvoyed = "fleet-convoyed",
        /// About the sea, then where the fleet was ordered.
        FleetMovedAshore = "fleet-moved-ashore",
        CouldNotBoard = "could-not-board",
        FleetDislodged = "fleet-dislodged",
        ArmyDislodged = "army-dislodged",
        FleetBlockedDefending = "fleet-blocked-defending",
        ArmyGone = "army-gone",
        FleetGone = "fleet-gone",
        NoProvinceNamed = "no-province-named",
        /// About the player's words.
        NoSuchProvince = "no-such-province",
        /// About the player's word after `then`.
        BadAfterThen = "bad-after-then",
        /// About the sea the fleet moved on to.
        MovedOn = "moved-on",
        /// About the sea the fleet was to move on to.
        MoveOnFailed = "move-on-failed",
        OutOfRations = "out-of-rations",
        /// For `/game status`: about the sea, the power, and the moves made at sea.
        MovesAtSea = "moves-at-sea",
    }
}

/// Every reason of the A/F rules in a player's words.
fn af_words(reason: AfReason, s: &Said) -> String {
    use AfReason::*;
    match reason {
        MovesAtSea => format!(
            "{}'s A/F in {} has made {} of its army's {RATIONS} moves at sea (rule 8c)",
            s.power(1),
            s.province(0),
            s.number(2)
        ),
        NotASea => format!(
            "an A/F moves only by sea before it lands; {} is no sea",
            s.province(0)
        ),
        AlreadyCarries => "an A/F already carries an army; it lands it (A/F <sea> - <coast>) \
                           before another may board (rule 8f)"
            .into(),
        FrozenLanding => format!(
            "no army may land in {} from {} now (frozen, rule 12e)",
            s.province(0),
            s.province(1)
        ),
        NobodyToLand => format!(
            "no army of yours stands on a coast beside {} to board it, so it has nobody to \
             land (the piggyback: A <coast> boards F <sea>, with F <sea> - <sea> - <coast>)",
            s.province(0)
        ),
        OnlyAfLands => {
            "only an A/F lands an army (A/F <sea> - <coast>, or A/F <sea> - <sea> - <coast>)".into()
        }
        OnlyArmyBoards => "only an army boards a fleet (A <coast> boards F <sea>)".into(),
        NoFleetToBoard => format!("there is no fleet in {} to board", s.province(0)),
        NotYourFleet => format!(
            "an army boards only a fleet of its own power; the fleet in {} is not yours \
             (rule 8j)",
            s.province(0)
        ),
        AfAlreadyCarries => format!(
            "the A/F in {} already carries an army (rule 8f)",
            s.province(0)
        ),
        NotAFleet => format!("the unit in {} is no fleet", s.province(0)),
        NotBeside => format!(
            "the army in {} cannot board the fleet in {}: it must be on a coast beside the \
             fleet's sea",
            s.province(0),
            s.province(1)
        ),
        FrozenBoarding => format!(
            "no army may board in {} now (frozen, rule 12e)",
            s.province(0)
        ),
        NeedsArmy => "a boarding needs an army".into(),
        FleetDefended => format!(
            "another power attacked the fleet in {}, which had to defend its sea, so the army \
             could not board (rule 8b)",
            s.province(0)
        ),
        FleetTookAnother => format!(
            "the fleet in {} already took another army aboard (rule 8f)",
            s.province(0)
        ),
        FleetSupported => format!(
            "the fleet in {} was ordered to support, so the army could not board (rule 8b)",
            s.province(0)
        ),
        FleetConvoyed => format!(
            "the fleet in {} was ordered to convoy, so the army could not board (rule 8b)",
            s.province(0)
        ),
        FleetMovedAshore => format!(
            "the fleet in {} was ordered to {}, where no army/fleet may stand, so the army \
             could not board",
            s.province(0),
            s.province(1)
        ),
        CouldNotBoard => format!("the army could not board the fleet in {}", s.province(0)),
        FleetDislodged => format!("the fleet in {} was dislodged", s.province(0)),
        ArmyDislodged => "the army stayed to board, and was dislodged".into(),
        FleetBlockedDefending => format!(
            "the fleet in {} was blocked while another power attacked its sea, so it had to \
             defend it and the army could not board (rule 8b and the clarification)",
            s.province(0)
        ),
        ArmyGone => "the army is no longer there".into(),
        FleetGone => format!("the fleet from {} is no longer there", s.province(0)),
        NoProvinceNamed => "the order names no province".into(),
        NoSuchProvince => format!("'{}' is no province", s.quote(0)),
        BadAfterThen => format!(
            "'{}' after 'then'; expected S (support the landing), H, or - and a sea",
            s.quote(0)
        ),
        MovedOn => format!(
            "the army is ashore; the fleet moved on to {} (rule 8g)",
            s.province(0)
        ),
        MoveOnFailed => format!(
            "the army is ashore; the fleet's move on to {} failed and it stays where it landed \
             the army",
            s.province(0)
        ),
        OutOfRations => format!(
            "the army aboard ran out of rations after {RATIONS} moves at sea and is lost; the \
             fleet sails on alone (rule 8c)"
        ),
    }
}

/// The A/F rules' `reason`, about `about`.
fn refuse<const N: usize>(reason: AfReason, about: [Subject; N]) -> Cause {
    Cause::Rule(RuleReason::new(reason, about))
}

/// The A/F rules, for a rulebook to call from its hooks. `closed` arguments are the
/// variant's own "no boarding or landing here now" (Atlantica's frozen places, rule 12e):
/// given the army's land province or the fleet's sea, true when no army may embark or land
/// there this phase.
#[derive(Clone, Copy, Debug)]
pub struct AfRules {
    /// Whether an A/F's rations are renewed in a box (Atlantica rule 11c: the count begins
    /// again when it moves out of a canal box). Davis's High Ocean Box is no canal: off.
    pub boxes_renew_rations: bool,
}

impl AfRules {
    /// For `can_stand`: an A/F stands only where a fleet may and the terrain is open water
    /// (convoys) or a box (holds many); `None` for other kinds (ask the default).
    pub fn can_stand(&self, ctx: &RuleContext, kind: UnitKind, at: Location) -> Option<bool> {
        (kind == A_F).then(|| {
            let t = ctx.map().terrain(at.province);
            (t.convoys || t.holds_many) && ctx.map().admits(kind.class(), at)
        })
    }

    /// For `can_support_into`: an A/F supports in or into a province like a fleet (rule 8,
    /// "it may support another unit in or into a land province"); `None` for other kinds.
    pub fn can_support_into(
        &self,
        ctx: &RuleContext,
        kind: UnitKind,
        at: Location,
    ) -> Option<bool> {
        (kind == A_F).then(|| ctx.map().admits(kind.class(), at))
    }

    /// For `may_build`: nobody builds an A/F.
    pub fn may_build(&self, kind: UnitKind) -> bool {
        kind != A_F
    }

    /// For `units_counted`: an A/F is two units, an army and a fleet.
    pub fn units_counted(&self, unit: &Unit) -> usize {
        if unit.kind == A_F {
            2
        } else {
            1
        }
    }

    /// For `removal_leaves`: rule 8i, civil disorder removes an A/F's army and leaves its
    /// fleet; a player removes the army alone by naming it (`A nth D`, `disband A nth`), and
    /// the whole A/F, two units, by naming the A/F.
    pub fn removal_leaves(
        &self,
        unit: &Unit,
        named: Option<UnitKind>,
    ) -> Option<(UnitKind, UnitKind)> {
        (unit.kind == A_F && named.is_none_or(|k| k == UnitKind::ARMY))
            .then_some((UnitKind::FLEET, UnitKind::ARMY))
    }

    /// For `landing`: `A/F gsl - nfl` (a move of an A/F to a province it may not stand in)
    /// and `A/F gsl lands nfl [then S | then - nao]` put the army ashore (rule 8, 8g).
    pub fn landing(
        &self,
        ctx: &RuleContext,
        unit: &Unit,
        order: &Order,
        closed: &dyn Fn(Location) -> bool,
    ) -> Option<Result<Landing, Cause>> {
        // The piggyback (rule 8's first sentence): a fleet an army boards in this move sails
        // to another sea and lands the army there, `F gcd - can - mor`.
        let boards = match order {
            Order::Special { verb, .. } if verb == "-" && unit.kind == UnitKind::FLEET => true,
            _ if unit.kind == A_F => false,
            _ => return None,
        };
        let (to, then, sails_to) = match order {
            Order::Move { to, via_convoy, .. } => {
                if ctx.book.can_stand(ctx, A_F, to.location()) || *via_convoy {
                    return None;
                }
                (to.province, AfterLanding::Hold, None)
            }
            Order::Special { verb, args, .. } if verb == "-" => {
                let (sea, land) = match AfOrder::typed(ctx, verb, args) {
                    Ok(AfOrder::SailThenLand { sea, to }) => (sea, to),
                    Ok(_) => return None,
                    Err(e) => return Some(Err(e)),
                };
                let target = Target {
                    province: sea,
                    coast: None,
                };
                if !ctx.book.can_stand(ctx, A_F, target.location()) {
                    return Some(Err(refuse(AfReason::NotASea, [sea.into()])));
                }
                (land, AfterLanding::Hold, Some(target))
            }
            Order::Special { verb, args, .. } if !BOARD_VERBS.contains(&verb.as_str()) => {
                if !VERBS.contains(&verb.as_str()) {
                    return None;
                }
                match AfOrder::typed(ctx, verb, args) {
                    Ok(AfOrder::Land { to, then }) => (to, then, None),
                    Ok(_) => return None,
                    Err(e) => return Some(Err(e)),
                }
            }
            Order::Special { .. } => return Some(Err(refuse(AfReason::AlreadyCarries, []))),
            _ => return None,
        };
        let from = sails_to.map_or(unit.location, |t| t.location());
        if closed(from) || closed(Location::province(to)) {
            return Some(Err(refuse(
                AfReason::FrozenLanding,
                [to.into(), from.province.into()],
            )));
        }
        if boards && !self.may_be_boarded(ctx, unit, closed) {
            return Some(Err(refuse(
                AfReason::NobodyToLand,
                [unit.location.province.into()],
            )));
        }
        Some(Ok(Landing {
            sails_to,
            carried: Unit {
                kind: UnitKind::ARMY,
                ..*unit
            },
            to,
            carrier_after: UnitKind::FLEET,
            then,
            boards,
        }))
    }

    /// Whether some army of the fleet's power could board it this move.
    fn may_be_boarded(
        &self,
        ctx: &RuleContext,
        fleet: &Unit,
        closed: &dyn Fn(Location) -> bool,
    ) -> bool {
        let sea = Term::Province(fleet.location.province);
        ctx.position.units.iter().any(|a| {
            a.kind == UnitKind::ARMY
                && a.power == fleet.power
                && self
                    .boarding_fleet(
                        ctx,
                        fleet.power,
                        Some(a),
                        BOARD_VERBS[0],
                        std::slice::from_ref(&sea),
                        closed,
                    )
                    .is_ok()
        })
    }

    /// For `special_acts`: an army boarding a fleet leaves its province at the start of the
    /// move (8f: "all boardings must be made at the beginning of turns"), unless the boarding
    /// fails there and then: the fleet supports or convoys, or holds while another power's
    /// unit is ordered into its sea, which it must defend (8b), or sails into a coastal
    /// province, where no A/F stands. A fleet that moves to another sea takes the army along
    /// (8a, and the clarification: even if a fleet of another power enters the sea behind
    /// it); if its move is stopped, the A/F stays intact in its sea (8a), unless another
    /// power's unit attacked that sea: then the fleet had to defend it, the army never
    /// boarded (8b, "busy defending the original sea space"), and it holds its province.
    /// `None` for an order that is not a boarding.
    pub fn leaving(
        &self,
        ctx: &RuleContext,
        orders: &[SpecialOrder],
        ordered: &[(Unit, &Order)],
    ) -> Vec<Option<SpecialAct>> {
        let mut taken: Vec<Unit> = Vec::new();
        orders
            .iter()
            .map(|o| {
                if !BOARD_VERBS.contains(&o.verb.as_str()) {
                    return None;
                }
                let fleet = self
                    .boarding_fleet(ctx, o.power, o.unit.as_ref(), &o.verb, &o.args, &|_| false)
                    .ok()?;
                Some(self.boarding_leaves(ctx, &fleet, ordered, &mut taken))
            })
            .collect()
    }

    fn boarding_leaves(
        &self,
        ctx: &RuleContext,
        fleet: &Unit,
        ordered: &[(Unit, &Order)],
        taken: &mut Vec<Unit>,
    ) -> SpecialAct {
        // 8f: a fleet takes one army; the first boarding order given has it.
        if taken.contains(fleet) {
            return SpecialAct::Holds;
        }
        let sea = fleet.location.province;
        let attacked = ordered.iter().any(|(u, order)| {
            u.power != fleet.power && matches!(order, Order::Move { to, .. } if to.province == sea)
        });
        let order = ordered.iter().find(|(u, _)| u == fleet).map(|(_, o)| *o);
        let sails_to = match order {
            Some(Order::SupportHold { .. } | Order::SupportMove { .. } | Order::Convoy { .. }) => {
                return SpecialAct::Holds
            }
            Some(Order::Move { to, .. }) => Some(to.location()),
            Some(o @ Order::Special { .. }) => match self.landing(ctx, fleet, o, &|_| false) {
                Some(Ok(l)) => l.sails_to.map(|t| t.location()),
                _ => None,
            },
            _ => None,
        };
        let boards = match sails_to {
            // Into a coastal province: the A/F could not stand there, so no boarding.
            Some(to) if !ctx.book.can_stand(ctx, A_F, to) => return SpecialAct::Holds,
            Some(_) => SpecialAct::Boards {
                carrier: *fleet,
                unless_carrier_fails: attacked,
            },
            None if attacked => return SpecialAct::Holds,
            None => SpecialAct::Boards {
                carrier: *fleet,
                unless_carrier_fails: false,
            },
        };
        taken.push(*fleet);
        boards
    }

    /// For `check_special`: `A lab boards F gsl` (also `board gsl`, `embarks gsl`): an army
    /// boards a fleet of its own power (8j) in a sea beside its coast, one that carries no
    /// army yet (8f). `None` for a verb that is not a boarding (the landing verbs are read
    /// by [`AfRules::landing`] first).
    pub fn check_special(
        &self,
        ctx: &RuleContext,
        power: PowerId,
        unit: Option<&Unit>,
        verb: &str,
        args: &[Term],
        closed: &dyn Fn(Location) -> bool,
    ) -> Option<Result<(), Cause>> {
        if !VERBS.contains(&verb) {
            return None;
        }
        if !BOARD_VERBS.contains(&verb) {
            // A landing verb reaches here only for a unit that is no A/F.
            return Some(Err(refuse(AfReason::OnlyAfLands, [])));
        }
        Some(
            self.boarding_fleet(ctx, power, unit, verb, args, closed)
                .map(|_| ()),
        )
    }

    /// The fleet a boarding order names, if the order is legal.
    fn boarding_fleet(
        &self,
        ctx: &RuleContext,
        power: PowerId,
        unit: Option<&Unit>,
        verb: &str,
        args: &[Term],
        closed: &dyn Fn(Location) -> bool,
    ) -> Result<Unit, Cause> {
        let Some(army) = unit.filter(|u| u.kind == UnitKind::ARMY) else {
            return Err(refuse(AfReason::OnlyArmyBoards, []));
        };
        let AfOrder::Board { sea } = AfOrder::typed(ctx, verb, args)? else {
            return Err(refuse(AfReason::OnlyArmyBoards, []));
        };
        let Some(fleet) = ctx.position.unit_at(sea).copied() else {
            return Err(refuse(AfReason::NoFleetToBoard, [sea.into()]));
        };
        if fleet.power != power {
            return Err(refuse(AfReason::NotYourFleet, [sea.into()]));
        }
        if fleet.kind == A_F {
            return Err(refuse(AfReason::AfAlreadyCarries, [sea.into()]));
        }
        if fleet.kind != UnitKind::FLEET {
            return Err(refuse(AfReason::NotAFleet, [sea.into()]));
        }
        if !ctx.book.can_stand(ctx, A_F, fleet.location)
            || !ctx
                .book
                .convoy_lands(ctx, fleet.location, army.location.province)
        {
            return Err(refuse(
                AfReason::NotBeside,
                [army.location.province.into(), sea.into()],
            ));
        }
        if closed(army.location) || closed(fleet.location) {
            return Err(refuse(AfReason::FrozenBoarding, [sea.into()]));
        }
        Ok(fleet)
    }

    /// For `adjudicate_special`: settles every boarding among `orders` (one answer per order,
    /// `None` for an order that is not a boarding, for the rulebook to answer), and, in a
    /// movement phase, counts every A/F's rations (8c) and annihilates the army of an A/F
    /// that has used them up. Call it after every movement phase (the judge calls
    /// `adjudicate_special` then even without special orders) and after retreats and
    /// adjustments with special orders.
    pub fn adjudicate_special(
        &self,
        ctx: &RuleContext,
        orders: &[SpecialOrder],
        settled: &mut Settled,
    ) -> Vec<Option<OrderResult>> {
        let movement = ctx.step().kind == crate::phase::PhaseKind::Movement;
        if movement {
            self.note_moves_on(ctx, settled);
            self.count_rations(ctx, settled);
        }
        let mut taken = Vec::new();
        orders
            .iter()
            .map(|o| {
                BOARD_VERBS
                    .contains(&o.verb.as_str())
                    .then(|| self.board(ctx, o, settled, &mut taken))
            })
            .collect()
    }

    /// Rule 8g: a landing whose fleet was ordered to move on (`A/F gsl lands nfl then - grb`)
    /// says, in its result, what became of the fleet: whether it reached the sea it sailed
    /// for once the army was ashore, or stayed (8d: a failed landing keeps the A/F whole).
    fn note_moves_on(&self, ctx: &RuleContext, settled: &mut Settled) {
        let mut notes: Vec<(usize, RuleReason)> = Vec::new();
        for (k, s) in settled.orders.iter().enumerate() {
            let Ok(order) = &s.order else { continue };
            let Some(at) = order.unit() else { continue };
            let Some(carrier) = ctx.position.units.iter().find(|u| {
                u.kind == A_F && u.power == s.power && u.location.province == at.province
            }) else {
                continue;
            };
            let Some(Ok(landing)) = self.landing(ctx, carrier, order, &|_| false) else {
                continue;
            };
            let AfterLanding::MoveTo(to) = landing.then else {
                continue;
            };
            if settled.results[k].verdict != Verdict::Succeeds {
                continue;
            }
            let arrived = settled
                .after
                .units_at(to.province)
                .any(|u| u.power == s.power && u.kind == landing.carrier_after);
            let reason = if arrived {
                AfReason::MovedOn
            } else {
                AfReason::MoveOnFailed
            };
            notes.push((k, RuleReason::new(reason, [to.province.into()])));
        }
        for (k, reason) in notes {
            settled.results[k].notes.push(reason);
        }
    }

    /// For `after_phase`: carries a retreating A/F's rations with it, and drops the count
    /// of an A/F that is gone (removed, disbanded, or no longer an A/F).
    pub fn after_phase(
        &self,
        ctx: &RuleContext,
        arrivals: &[ProvinceId],
        after: &mut crate::position::Position,
    ) {
        let map = ctx.map();
        let rations = |t: &Token, p: ProvinceId, power: PowerId| t.is(RATIONS_TOKEN, p, power);
        for d in &ctx.position.dislodged {
            if d.unit.kind != A_F {
                continue;
            }
            let from = d.unit.location.province;
            let Some(k) = after
                .tokens
                .iter()
                .position(|t| rations(t, from, d.unit.power))
            else {
                continue;
            };
            let went = arrivals.iter().copied().find(|&p| {
                map.neighbours(from).any(|n| n == p)
                    && after
                        .units_at(p)
                        .any(|u| u.kind == A_F && u.power == d.unit.power)
                    && !after.tokens.iter().any(|t| rations(t, p, d.unit.power))
            });
            match went {
                Some(p) if !self.renews(ctx, p) => after.tokens[k].at = Location::province(p),
                _ => {
                    after.tokens.remove(k);
                }
            }
        }
        // A count stays while an A/F of its power is there: as many counts as A/Fs (in a box,
        // the highest; which of several alike A/Fs was removed cannot be told).
        Token::sort(&mut after.tokens);
        let mut seen: Vec<(ProvinceId, PowerId)> = Vec::new();
        let keep: Vec<bool> = after
            .tokens
            .iter()
            .map(|t| {
                let (Some(power), true) = (t.power, t.kind == RATIONS_TOKEN) else {
                    return true;
                };
                let p = t.province();
                let afs = after
                    .units_at(p)
                    .chain(after.dislodged.iter().map(|d| &d.unit))
                    .filter(|u| u.kind == A_F && u.power == power && u.location.province == p)
                    .count();
                let before = seen.iter().filter(|s| **s == (p, power)).count();
                seen.push((p, power));
                before < afs
            })
            .collect();
        let mut i = 0;
        after.tokens.retain(|_| {
            i += 1;
            keep[i - 1]
        });
    }

    /// For `state_words`: each A/F's moves at sea so far, as `/game status` tells them.
    pub fn rations_words(ctx: &RuleContext) -> Vec<RuleReason> {
        ctx.position
            .tokens
            .iter()
            .filter(|t| t.kind == RATIONS_TOKEN)
            .filter_map(|t| {
                Some(RuleReason::new(
                    AfReason::MovesAtSea,
                    [
                        t.province().into(),
                        Subject::Power(t.power?),
                        Subject::Number(i64::from(t.count())),
                    ],
                ))
            })
            .collect()
    }

    fn renews(&self, ctx: &RuleContext, p: ProvinceId) -> bool {
        self.boxes_renew_rations && ctx.book.holds_many(ctx, p)
    }

    /// Rule 8c (and 11c): every A/F still carrying its army after a move has spent one more
    /// move at sea; after the fifth its army is annihilated and the fleet goes on alone.
    /// Each A/F has its own count, also where several of one power share a box: the n-th
    /// of them (in the board's order, as the judge gives orders to units alike) has the n-th
    /// highest count and takes the n-th order naming the box.
    fn count_rations(&self, ctx: &RuleContext, settled: &mut Settled) {
        let before = ctx.position;
        let mut counts: Vec<Token> = Vec::new();
        let mut stale: Vec<(ProvinceId, PowerId)> = Vec::new();
        // A/F places of `after` already taken by an A/F counted, one entry each.
        let mut claimed: Vec<(ProvinceId, PowerId)> = Vec::new();
        for (i, u) in before.units.iter().enumerate() {
            if u.kind != A_F {
                continue;
            }
            let here = u.location.province;
            let nth = before.units[..i]
                .iter()
                .filter(|x| x.kind == A_F && x.power == u.power && x.location.province == here)
                .count();
            let had = counts_at(before, here, u.power)
                .get(nth)
                .copied()
                .unwrap_or(0);
            stale.push((here, u.power));
            let dislodged = settled.after.dislodged.iter().any(|d| d.unit == *u);
            let order = nth_order_of(settled, u, nth);
            let now = if dislodged {
                Some(here)
            } else {
                // Landed: the A/F is a fleet now, and its count ends.
                let landed = order.is_some_and(|(k, o)| {
                    settled.results[k].verdict == Verdict::Succeeds
                        && matches!(self.landing(ctx, u, o, &|_| false), Some(Ok(_)))
                });
                let moved_to = order.and_then(|(k, o)| match o {
                    Order::Move { to, .. } if settled.results[k].verdict == Verdict::Succeeds => {
                        Some(to.province)
                    }
                    // Moved, then failed to land (or never reached the sea it sailed for).
                    Order::Special { verb, args, .. } if verb == "-" => {
                        match AfOrder::of(verb, args)? {
                            AfOrder::SailThenLand { sea, .. } => Some(sea),
                            _ => None,
                        }
                    }
                    _ => None,
                });
                let free = |p: ProvinceId| {
                    let there = settled
                        .after
                        .units_at(p)
                        .filter(|x| x.kind == A_F && x.power == u.power)
                        .count();
                    there > claimed.iter().filter(|c| **c == (p, u.power)).count()
                };
                if landed {
                    None
                } else {
                    [moved_to, Some(here)]
                        .into_iter()
                        .flatten()
                        .find(|&p| free(p))
                }
            };
            let order_k = order.map(|(k, _)| k);
            let Some(p) = now else { continue };
            if !dislodged {
                claimed.push((p, u.power));
            }
            let count = if self.renews(ctx, p) { 0 } else { had + 1 };
            if count >= RATIONS {
                starve(settled, p, u.power, dislodged);
                // Players read it in the A/F's own order's result (an A/F given no order
                // has no line: the board shows the fleet alone).
                if let Some(k) = order_k {
                    settled.results[k]
                        .notes
                        .push(RuleReason::new(AfReason::OutOfRations, []));
                }
                continue;
            }
            if count > 0 {
                counts.push(Token::owned(
                    RATIONS_TOKEN,
                    p,
                    u.power,
                    TokenValue::Count(count),
                ));
            }
        }
        settled.after.tokens.retain(|t| {
            !(t.kind == RATIONS_TOKEN
                && t.power
                    .is_some_and(|power| stale.contains(&(t.province(), power))))
        });
        settled.after.tokens.extend(counts);
        Token::sort(&mut settled.after.tokens);
    }

    /// Rules 8a, 8b, 8f and the clarification: where the army went aboard, from what the
    /// fleet was ordered to do and what became of it. The resolver already took the army out
    /// of its province at the start of the move where the boarding stood
    /// ([`AfRules::leaving`], asked again here with the same orders); an army that stayed
    /// held its province meanwhile.
    fn board(
        &self,
        ctx: &RuleContext,
        o: &SpecialOrder,
        settled: &mut Settled,
        taken: &mut Vec<Unit>,
    ) -> OrderResult {
        let Some(army) = o.unit else {
            return OrderResult::illegal(refuse(AfReason::NeedsArmy, []));
        };
        let fleet =
            match self.boarding_fleet(ctx, o.power, Some(&army), &o.verb, &o.args, &|_| false) {
                Ok(f) => f,
                Err(e) => return OrderResult::illegal(e),
            };
        let sea = fleet.location.province;
        let fails = |reason: AfReason| OrderResult::fails(refuse(reason, [sea.into()]));
        let already_taken = taken.contains(&fleet);
        let ordered = ordered_units(ctx, settled);
        let leaving = self.boarding_leaves(ctx, &fleet, &ordered, taken);
        let order = order_of(settled, &fleet);
        let attacked = ordered.iter().any(|(u, order)| {
            u.power != fleet.power
                && matches!(order, Order::Move { to, .. } if to.province == fleet.location.province)
        });
        let defends = || fails(AfReason::FleetDefended);
        let unless_carrier_fails = match leaving {
            SpecialAct::Boards {
                unless_carrier_fails,
                ..
            } => unless_carrier_fails,
            _ => {
                return if already_taken {
                    fails(AfReason::FleetTookAnother)
                } else {
                    match order {
                        Some((_, Order::SupportHold { .. } | Order::SupportMove { .. })) => {
                            fails(AfReason::FleetSupported)
                        }
                        Some((_, Order::Convoy { .. })) => fails(AfReason::FleetConvoyed),
                        Some((_, Order::Move { to, .. })) => OrderResult::fails(refuse(
                            AfReason::FleetMovedAshore,
                            [sea.into(), to.province.into()],
                        )),
                        _ if attacked => defends(),
                        _ => fails(AfReason::CouldNotBoard),
                    }
                };
            }
        };
        // Where the fleet went: its move, if it was made (a piggyback's sea leg included).
        let moved_to = settled
            .moves
            .iter()
            .find(|(u, _, made)| *u == fleet && *made)
            .map(|(_, to, _)| to.province);
        if moved_to.is_none() && unless_carrier_fails {
            // The fleet's move was stopped while another power attacked its sea: it stayed to
            // defend it, and the army never left its province.
            if settled.after.dislodged.iter().any(|d| d.unit == fleet) {
                return fails(AfReason::FleetDislodged);
            }
            if settled.after.dislodged.iter().any(|d| d.unit == army) {
                return fails(AfReason::ArmyDislodged);
            }
            return fails(AfReason::FleetBlockedDefending);
        }
        let formed_at = moved_to.unwrap_or(fleet.location.province);
        // The piggyback: the landing from the second sea was made, so the army is ashore
        // and the fleet a fleet again (8: "and may then also disembark the Army").
        let landed = order.is_some_and(|(k, o)| {
            matches!(o, Order::Special { verb, .. } if verb == "-")
                && settled.results[k].verdict == Verdict::Succeeds
        });
        drop(ordered);
        let after = &mut *settled.after;
        // The army left its province at the start of the move: take it off the board (a unit
        // of another power may have moved in behind it).
        let Some(a) = after.units.iter().position(|u| *u == army) else {
            return fails(AfReason::ArmyGone);
        };
        after.units.remove(a);
        if landed {
            return OrderResult::ok();
        }
        let Some(f) = after.units.iter().position(|u| {
            u.power == o.power && u.kind == UnitKind::FLEET && u.location.province == formed_at
        }) else {
            return fails(AfReason::FleetGone);
        };
        after.units[f].kind = A_F;
        // The boarding move is the first of the army's moves at sea (8c).
        let count = if self.renews(ctx, formed_at) { 0 } else { 1 };
        // At sea the new A/F is the power's only unit there; in a box the others keep theirs.
        if !ctx.book.holds_many(ctx, formed_at) {
            after
                .tokens
                .retain(|t| !t.is(RATIONS_TOKEN, formed_at, o.power));
        }
        if count > 0 {
            after.tokens.push(Token::owned(
                RATIONS_TOKEN,
                formed_at,
                o.power,
                TokenValue::Count(count),
            ));
            Token::sort(&mut after.tokens);
        }
        OrderResult::ok()
    }
}

/// Every order of the phase that the judge did not refuse, with the unit it was for (the
/// first of its power and kind in the province it names).
fn ordered_units<'s>(ctx: &RuleContext, settled: &'s Settled) -> Vec<(Unit, &'s Order)> {
    settled
        .orders
        .iter()
        .enumerate()
        .filter_map(|(k, s)| {
            let order = s.order.as_ref().ok()?;
            if settled.results[k].verdict == Verdict::Illegal {
                return None;
            }
            let r = order.unit()?;
            let unit = ctx.position.units.iter().find(|u| {
                u.power == s.power
                    && u.location.province == r.province
                    && r.kind.is_none_or(|k| k == u.kind)
            })?;
            Some((*unit, order))
        })
        .collect()
}

/// The army of the A/F of `power` in `p` has used its rations: the A/F becomes a fleet.
fn starve(settled: &mut Settled, p: ProvinceId, power: PowerId, dislodged: bool) {
    if dislodged {
        if let Some(d) =
            settled.after.dislodged.iter_mut().find(|d| {
                d.unit.kind == A_F && d.unit.power == power && d.unit.location.province == p
            })
        {
            d.unit.kind = UnitKind::FLEET;
        }
    } else if let Some(u) = settled
        .after
        .units
        .iter_mut()
        .find(|u| u.kind == A_F && u.power == power && u.location.province == p)
    {
        u.kind = UnitKind::FLEET;
    }
}

/// The order that counted for `unit` this phase (its first not refused as illegal), with its
/// place among the phase's orders.
fn order_of<'s>(settled: &'s Settled, unit: &Unit) -> Option<(usize, &'s Order)> {
    nth_order_of(settled, unit, 0)
}

/// The `nth` order (from 0) that counted for a unit like `unit` in its province: where several
/// units of one power and kind share a box, the judge gives the first order to the first of
/// them, the next to the next.
fn nth_order_of<'s>(settled: &'s Settled, unit: &Unit, nth: usize) -> Option<(usize, &'s Order)> {
    settled
        .orders
        .iter()
        .enumerate()
        .filter_map(|(k, s)| {
            let order = s.order.as_ref().ok()?;
            (s.power == unit.power
                && order.unit().is_some_and(|r| {
                    r.province == unit.location.province && r.kind.is_none_or(|k| k == unit.kind)
                })
                && settled.results[k].verdict != Verdict::Illegal)
                .then_some((k, order))
        })
        .nth(nth)
}

/// The counts of moves at sea of `power`'s A/Fs in `p`, highest first: one per A/F.
fn counts_at(position: &crate::position::Position, p: ProvinceId, power: PowerId) -> Vec<u32> {
    let mut out: Vec<u32> = position
        .tokens
        .iter()
        .filter(|t| t.is(RATIONS_TOKEN, p, power))
        .map(Token::count)
        .collect();
    out.sort_unstable_by(|a, b| b.cmp(a));
    out
}

/// An A/F order of rule 8, as read once from a player's words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AfOrder {
    /// `A lab boards F gsl`: the army boards the fleet in this sea.
    Board { sea: ProvinceId },
    /// `F gcd - can - mor`: the fleet (boarded this move, or an A/F) sails to `sea`, then
    /// lands the army at `to`.
    SailThenLand { sea: ProvinceId, to: ProvinceId },
    /// `A/F gsl lands nfl then S`: the army lands at `to`, and the fleet then does `then`.
    Land { to: ProvinceId, then: AfterLanding },
}

impl AfOrder {
    /// Reads the words a player wrote after `verb` into the order's terms (the parser gives
    /// the first sea of `-` itself): `None` when they do not read.
    pub fn read(map: &Map, verb: &str, words: &[String]) -> Option<Vec<Term>> {
        if verb == "-" {
            // The words from the second dash on: `- mor`.
            let (dash, land) = words.split_first()?;
            if dash != "-" {
                return None;
            }
            let to = read_province(map, land).ok()?;
            return Some(vec![Term::Word("-".into()), Term::Province(to)]);
        }
        if BOARD_VERBS.contains(&verb) {
            let named = skip_kind(words);
            let sea = read_province(map, named).ok()?;
            let mut terms = Vec::new();
            if named.len() < words.len() {
                terms.push(Term::Kind(UnitKind::FLEET));
            }
            terms.push(Term::Province(sea));
            return Some(terms);
        }
        if !VERBS.contains(&verb) {
            return None;
        }
        let (to, then) = read_landing(map, words).ok()?;
        let mut terms = vec![Term::Province(to)];
        let word = |w: &str| Term::Word(w.into());
        match then {
            AfterLanding::Hold => {}
            AfterLanding::SupportLanding => terms.extend([word("then"), word("s")]),
            AfterLanding::MoveTo(t) => {
                terms.extend([word("then"), word("-"), Term::Province(t.province)])
            }
        }
        Some(terms)
    }

    /// The order these terms hold, if they hold one of `verb`.
    pub fn of(verb: &str, args: &[Term]) -> Option<AfOrder> {
        match (verb, args) {
            ("-", [Term::Province(sea), dash, Term::Province(to)]) if dash.is_word("-") => {
                Some(AfOrder::SailThenLand { sea: *sea, to: *to })
            }
            (v, [Term::Kind(_), Term::Province(sea)] | [Term::Province(sea)])
                if BOARD_VERBS.contains(&v) =>
            {
                Some(AfOrder::Board { sea: *sea })
            }
            (v, [Term::Province(to), rest @ ..]) if VERBS.contains(&v) && v != "-" => {
                let then = match rest {
                    [] => AfterLanding::Hold,
                    [then, s] if then.is_word("then") && s.is_word("s") => {
                        AfterLanding::SupportLanding
                    }
                    [then, dash, Term::Province(p)]
                        if then.is_word("then") && dash.is_word("-") =>
                    {
                        AfterLanding::MoveTo(Target {
                            province: *p,
                            coast: None,
                        })
                    }
                    _ => return None,
                };
                Some(AfOrder::Land { to: *to, then })
            }
            _ => None,
        }
    }

    /// The order `args` hold; where the player's words did not read, why, as the words
    /// themselves say it.
    fn typed(ctx: &RuleContext, verb: &str, args: &[Term]) -> Result<AfOrder, Cause> {
        if let Some(o) = AfOrder::of(verb, args) {
            return Ok(o);
        }
        let words: Vec<String> = args.iter().map(|a| a.text(ctx.variant)).collect();
        read_words(ctx.map(), verb, &words)
    }
}

/// An A/F order from all its words (for `-`, the first sea's too): the order, or why it does
/// not read.
fn read_words(map: &Map, verb: &str, words: &[String]) -> Result<AfOrder, Cause> {
    if verb == "-" {
        let k = words.iter().position(|a| a == "-").unwrap_or(words.len());
        let sea = read_province(map, &words[..k])?;
        let to = read_province(map, words.get(k + 1..).unwrap_or(&[]))?;
        return Ok(AfOrder::SailThenLand { sea, to });
    }
    if BOARD_VERBS.contains(&verb) {
        return Ok(AfOrder::Board {
            sea: read_province(map, skip_kind(words))?,
        });
    }
    let (to, then) = read_landing(map, words)?;
    Ok(AfOrder::Land { to, then })
}

/// The arguments of a boarding without a leading kind (`F gsl`, `fleet gsl`).
fn skip_kind(args: &[String]) -> &[String] {
    match args.first().map(|a| a.as_str()) {
        // The parser writes the letter as the kind does (`F`); older orders stored `f`.
        Some(w) if args.len() > 1 && (w.eq_ignore_ascii_case("f") || w == "fleet") => &args[1..],
        _ => args,
    }
}

/// A province named by the words of an order.
fn read_province(map: &Map, words: &[String]) -> Result<ProvinceId, Cause> {
    let name = words
        .iter()
        .filter(|w| !w.is_empty())
        .cloned()
        .collect::<Vec<_>>()
        .join(" ");
    map.lookup().resolve(&name).map_err(|_| {
        if name.is_empty() {
            refuse(AfReason::NoProvinceNamed, [])
        } else {
            refuse(AfReason::NoSuchProvince, [Subject::Quote(name.clone())])
        }
    })
}

/// `nfl`, `nfl then S`, `nfl then - nao`: where the army lands and what the fleet then does.
fn read_landing(map: &Map, args: &[String]) -> Result<(ProvinceId, AfterLanding), Cause> {
    let split = args.iter().position(|a| a == "then");
    let (place, rest) = match split {
        Some(k) => (&args[..k], &args[k + 1..]),
        None => (args, &args[args.len()..]),
    };
    let place: Vec<String> = place
        .iter()
        .filter(|a| *a != "-" && *a != "in" && *a != "at" && *a != "on")
        .cloned()
        .collect();
    let to = read_province(map, &place)?;
    let then = match rest.first().map(|s| s.as_str()) {
        None => AfterLanding::Hold,
        Some("s" | "support" | "supports") => AfterLanding::SupportLanding,
        Some("h" | "hold" | "holds") => AfterLanding::Hold,
        Some("-" | "move" | "moves" | "to") => {
            let words: Vec<String> = rest[1..]
                .iter()
                .filter(|a| *a != "-" && *a != "to")
                .cloned()
                .collect();
            AfterLanding::MoveTo(Target {
                province: read_province(map, &words)?,
                coast: None,
            })
        }
        Some(other) => {
            return Err(refuse(
                AfReason::BadAfterThen,
                [Subject::Quote(other.to_string())],
            ))
        }
    };
    Ok((to, then))
}
