//! Atlantica II rule 9, retreats and removals: Just's right-hand rule for a dislodged unit
//! whose owner ordered no retreat, conditional retreat lists written with the moves, no
//! disbanding while a retreat is open, and the least-harm choice of removals nobody ordered.
//!
//! Orientation (9a): a province's neighbours are listed clockwise around it in the map's
//! `clockwise.txt`, as seen from above with north up. A dislodged unit faces the province its
//! attacker came from; the province "immediately to the right of the front" is the next one
//! clockwise after the attacker's, the first to the left the one before it, and so on
//! outwards, alternating right and left. Supports do not move the front.

use super::reasons::{refuse, AtlanticaReason};
use crate::judge::{
    by_removal_distance, retreat_options_in, settle_preferences, Cause, OrderResult,
};
use crate::map::{Location, Map, ProvinceId};
use crate::order::Term;
use crate::phase::PhaseKind;
use crate::position::Dislodged;
use crate::reason::{RuleReason, Subject};
use crate::rulebook::{CivilDisorderRemoval, RuleContext, Settled, SpecialOrder};
use crate::unit::Unit;
use std::collections::VecDeque;

/// The verb of a conditional retreat list: `A par if dislodged bur gas`.
pub const IF_DISLODGED: &str = "if";

/// The conditional verbs of rule 9a, for `VariantRules::conditional_verbs`.
pub const CONDITIONAL_VERBS: &[&str] = &[IF_DISLODGED];

/// The places a conditional retreat list names, in order of preference, read from the order's
/// words after its verb: `dislodged` (required), then optionally `retreat`, `r` or `to`, then
/// provinces (ids, names or aliases, a name of several words written out; a coast as
/// `spa/nc` or `spa (nc)`), separated by spaces, commas or `then`/`or`.
pub fn read_list(map: &Map, args: &[String]) -> Result<Vec<Location>, Cause> {
    read_words(map, args)
}

/// A retreat list's terms, as stored: the keyword `dislodged`, then the places.
pub fn list_terms(list: Vec<Location>) -> Vec<Term> {
    std::iter::once(Term::Word(LIST_WORD.into()))
        .chain(list.into_iter().map(Term::Location))
        .collect()
}

/// The places a retreat list's terms name, best first; `None` if they are not a list.
pub fn list_of(args: &[Term]) -> Option<Vec<Location>> {
    let (first, places) = args.split_first()?;
    if !first.is_word(LIST_WORD) {
        return None;
    }
    places
        .iter()
        .map(|t| match t {
            Term::Location(l) => Some(*l),
            _ => None,
        })
        .collect()
}

/// The list a conditional order's terms hold, or why its words hold none.
fn typed_list(ctx: &RuleContext, args: &[Term]) -> Result<Vec<Location>, Cause> {
    match list_of(args) {
        Some(list) => Ok(list),
        None => read_words(
            ctx.map(),
            &args.iter().map(|a| a.text(ctx.variant)).collect::<Vec<_>>(),
        ),
    }
}

/// The word a retreat list begins with after its verb.
pub const LIST_WORD: &str = "dislodged";

fn read_words(map: &Map, args: &[String]) -> Result<Vec<Location>, Cause> {
    let words: Vec<&str> = args
        .iter()
        .map(|w| w.as_str())
        .filter(|w| !w.is_empty() && *w != "-")
        .collect();
    let Some((&first, rest)) = words.split_first() else {
        return Err(refuse(AtlanticaReason::ListNeedsDislodged, []));
    };
    if first != LIST_WORD {
        return Err(refuse(
            AtlanticaReason::ListNotUnderstood,
            [Subject::Quote(first.to_string())],
        ));
    }
    let mut i = rest
        .iter()
        .take_while(|w| matches!(**w, "retreat" | "retreats" | "r" | "to"))
        .count();
    let mut out: Vec<Location> = Vec::new();
    while i < rest.len() {
        if matches!(rest[i], "then" | "or" | "and") {
            i += 1;
            continue;
        }
        // The longest run of words that names a province.
        let found = (1..=4.min(rest.len() - i)).rev().find_map(|n| {
            let name = rest[i..i + n].join(" ");
            map.province_by_id(&name)
                .or_else(|| map.lookup().exact(&name))
                .map(|p| (p, n))
        });
        let Some((p, n)) = found else {
            return Err(refuse(
                AtlanticaReason::ListNotProvince,
                [Subject::Quote(rest[i].to_string())],
            ));
        };
        i += n;
        let mut loc = Location::province(p);
        // A coast: `/nc`, `(nc)`.
        let slash = rest.get(i) == Some(&"/");
        let open = rest.get(i) == Some(&"(");
        if slash || open {
            let word = rest.get(i + 1).copied().unwrap_or("");
            let Some(c) = coast_word(word).and_then(|c| map.coast_id(p, c)) else {
                return Err(refuse(
                    AtlanticaReason::ListNotCoast,
                    [Subject::Quote(word.to_string()), p.into()],
                ));
            };
            loc.coast = Some(c);
            i += 2;
            if open && rest.get(i) == Some(&")") {
                i += 1;
            }
        }
        if out.iter().any(|l| l.province == p) {
            return Err(refuse(AtlanticaReason::ListTwice, [p.into()]));
        }
        out.push(loc);
    }
    if out.is_empty() {
        return Err(refuse(AtlanticaReason::ListEmpty, []));
    }
    Ok(out)
}

fn coast_word(w: &str) -> Option<&'static str> {
    Some(match w {
        "nc" | "n" | "north" => "nc",
        "sc" | "s" | "south" => "sc",
        "ec" | "e" | "east" => "ec",
        "wc" | "w" | "west" => "wc",
        _ => return None,
    })
}

/// 9a: a conditional retreat list is written with the moves of a movement phase, for the
/// player's own unit, and names only places the unit could ever retreat to (a neighbour it
/// may move to); whether each is open is known only once the moves are settled.
pub fn check_list(ctx: &RuleContext, unit: &Unit, args: &[Term]) -> Result<(), Cause> {
    let map = ctx.map();
    if ctx.variant.calendar.kind(ctx.phase()) != PhaseKind::Movement {
        return Err(refuse(AtlanticaReason::ListWithMoves, [(*unit).into()]));
    }
    let list = typed_list(ctx, args)?;
    for loc in list {
        let reach = map
            .province(unit.location.province)
            .borders
            .iter()
            .any(|b| {
                b.to.province == loc.province
                    && (loc.coast.is_none() || b.to.coast == loc.coast)
                    && (!map.moves_along_coasts(unit.kind.class())
                        || b.from_coast == unit.location.coast)
                    && ctx.book.can_cross(ctx, unit.kind, b)
                    && ctx.book.can_stand(ctx, unit.kind, b.to)
            });
        if !reach {
            return Err(refuse(
                AtlanticaReason::ListNeverReachable,
                [(*unit).into(), loc.into()],
            ));
        }
    }
    Ok(())
}

/// 9a: the conditional retreat lists of a movement phase, once its moves are settled. Each
/// dislodged unit with a list retreats at once to the first place on it that is a legal
/// retreat; where several go for one place, they stand off there and each tries its next
/// place ([`settle_preferences`]). A unit none of whose places is open stays dislodged for
/// the retreat phase, where its owner may order it and the right-hand rule moves it if not.
pub fn settle_lists(
    ctx: &RuleContext,
    orders: &[SpecialOrder],
    settled: &mut Settled,
) -> Vec<OrderResult> {
    // For each order: the dislodged unit it is for (index in `dislodged`), and its list
    // cut down to the unit's legal retreats.
    let dislodged: Vec<Dislodged> = settled.after.dislodged.clone();
    let mut lists: Vec<Vec<Location>> = Vec::new();
    let mut whose: Vec<(usize, usize)> = Vec::new(); // (order, dislodged)
    let mut results: Vec<Option<OrderResult>> = vec![None; orders.len()];
    for (k, o) in orders.iter().enumerate() {
        let Some(unit) = o.unit else {
            results[k] = Some(OrderResult::fails(refuse(AtlanticaReason::ListNoUnit, [])));
            continue;
        };
        let Some(d) = dislodged.iter().position(|d| d.unit == unit) else {
            results[k] = Some(OrderResult::fails(refuse(
                AtlanticaReason::ListNotNeeded,
                [unit.into()],
            )));
            continue;
        };
        let listed = typed_list(ctx, &o.args).unwrap_or_default();
        let legal = retreat_options_in(&ctx.at(settled.after), &dislodged[d]);
        let usable: Vec<Location> = listed
            .iter()
            .flat_map(|l| {
                legal
                    .iter()
                    .filter(|o| {
                        o.province == l.province && (l.coast.is_none() || o.coast == l.coast)
                    })
                    .copied()
                    .collect::<Vec<_>>()
            })
            .collect();
        lists.push(usable);
        whose.push((k, d));
    }
    let many = |p: ProvinceId| ctx.book.holds_many(ctx, p);
    let placed = settle_preferences(&lists, |_| true, many);
    let mut gone: Vec<usize> = Vec::new();
    for ((k, d), to) in whose.into_iter().zip(placed) {
        let unit = dislodged[d].unit;
        results[k] = Some(match to {
            Some(loc) => {
                settled.after.units.push(Unit {
                    location: loc,
                    ..unit
                });
                settled.arrivals.push(loc.province);
                gone.push(d);
                OrderResult::ok()
            }
            None => OrderResult::fails(refuse(AtlanticaReason::ListNoneOpen, [unit.into()])),
        });
    }
    settled.after.dislodged = dislodged
        .into_iter()
        .enumerate()
        .filter(|(i, _)| !gone.contains(i))
        .map(|(_, d)| d)
        .collect();
    results
        .into_iter()
        .map(|r| r.unwrap_or_else(|| OrderResult::fails(Cause::NotAdjudicated)))
        .collect()
}

/// 9a and 9b, Just's right-hand rule: the legal retreats `options` of the dislodged unit `d`
/// in the order the rule tries them: the neighbour immediately right of the front with its
/// attacker (clockwise after the attacker's province), then the first on the left, then the
/// next on the right, and so on. An attacker that came from further away (by convoy) is
/// faced through the neighbour nearest its origin (the first clockwise among equals). On a
/// map without clockwise data the options keep their order.
pub fn right_hand_order(ctx: &RuleContext, d: &Dislodged, options: &[Location]) -> Vec<Location> {
    let map = ctx.map();
    let here = d.unit.location.province;
    let ring = match map.clockwise(here) {
        Some(r) if !r.is_empty() => r,
        _ => return options.to_vec(),
    };
    let n = ring.len();
    let front = ring
        .iter()
        .position(|&p| p == d.attacker_from)
        .unwrap_or_else(|| nearest(map, ring, d.attacker_from));
    let mut order: Vec<ProvinceId> = Vec::with_capacity(n);
    for k in 1..n {
        for i in [(front + k) % n, (front + n - k) % n] {
            if !order.contains(&ring[i]) && i != front {
                order.push(ring[i]);
            }
        }
    }
    // The attacker's own province comes last, where the rules allow a retreat there at all.
    order.push(ring[front]);
    order
        .iter()
        .flat_map(|p| options.iter().filter(move |o| o.province == *p).copied())
        .collect()
}

/// The place in `ring` nearest to `origin` (by any borders), the first among equals.
fn nearest(map: &Map, ring: &[ProvinceId], origin: ProvinceId) -> usize {
    let mut dist = vec![u32::MAX; map.provinces.len()];
    dist[origin.0 as usize] = 0;
    let mut queue = VecDeque::from([origin]);
    while let Some(p) = queue.pop_front() {
        for q in map.neighbours(p) {
            if dist[q.0 as usize] == u32::MAX {
                dist[q.0 as usize] = dist[p.0 as usize] + 1;
                queue.push_back(q);
            }
        }
    }
    (0..ring.len())
        .min_by_key(|&i| dist[ring[i].0 as usize])
        .unwrap_or(0)
}

/// 9c: a unit with a legal retreat may not be ordered disbanded (or off the board).
pub fn refuse_disband(d: &Dislodged, options: &[Location]) -> Result<(), Cause> {
    if options.is_empty() {
        return Ok(());
    }
    Err(Cause::Rule(RuleReason::new(
        AtlanticaReason::MayStillRetreat,
        std::iter::once(d.unit.into()).chain(options.iter().map(|l| Subject::from(*l))),
    )))
}

/// 9d: the removals a power owes but did not order, chosen to harm it least. A unit's
/// value to its power ([`harm`]), least first: a unit off the supply centres that guards
/// none; one off the centres beside one of its power's centres that an enemy unit could
/// enter next move (it can retake or cover it); a unit on a centre no enemy unit could enter;
/// last, one on a centre an enemy unit beside it could take at once. Among equals, the core's
/// distance rule ([`by_removal_distance`]) decides. Rule 8i (an A/F's army before whole
/// units) goes before this: a rulebook takes its own removals first and hands the remaining
/// candidates and count here.
pub fn least_harm(
    ctx: &RuleContext,
    owed: usize,
    candidates: &[usize],
) -> Vec<CivilDisorderRemoval> {
    let mut ranked = by_removal_distance(ctx, candidates);
    // A stable sort keeps the distance rule's order among units of equal harm.
    ranked.sort_by_key(|&i| harm(ctx, &ctx.position.units[i]));
    ranked
        .into_iter()
        .take(owed)
        .map(CivilDisorderRemoval::whole)
        .collect()
}

/// How much removing `unit` costs its power, from 0 to 3 (see [`least_harm`]).
fn harm(ctx: &RuleContext, unit: &Unit) -> u8 {
    let map = ctx.map();
    let p = unit.location.province;
    if map.province(p).supply_center {
        return if enemy_could_enter(ctx, unit, p) {
            3
        } else {
            2
        };
    }
    let guards = map.province(p).borders.iter().any(|b| {
        let c = b.to.province;
        map.province(c).supply_center
            && ctx.position.owners[c.0 as usize] == Some(unit.power)
            && may_move(ctx, unit, b)
            && enemy_could_enter(ctx, unit, c)
    });
    u8::from(guards)
}

/// Whether `unit` may move across the border `b` (its own coast, its kind's borders).
fn may_move(ctx: &RuleContext, unit: &Unit, b: &crate::map::Border) -> bool {
    (!ctx.map().moves_along_coasts(unit.kind.class()) || b.from_coast == unit.location.coast)
        && ctx.book.can_cross(ctx, unit.kind, b)
        && ctx.book.can_stand(ctx, unit.kind, b.to)
}

/// Whether a unit of another power than `unit`'s could move into `centre` next move.
fn enemy_could_enter(ctx: &RuleContext, unit: &Unit, centre: ProvinceId) -> bool {
    ctx.position.units.iter().any(|v| {
        v.power != unit.power
            && ctx
                .map()
                .province(v.location.province)
                .borders
                .iter()
                .any(|b| b.to.province == centre && may_move(ctx, v, b))
    })
}

#[cfg(test)]
mod tests {
    //! Rule 9 on Standard's board with a few provinces' clockwise rings written here, before
    //! Atlantica's own map: the scenario cases on Atlantica's board are in
    //! `bot/tests/atlantica_retreats.rs`.
    use super::*;
    use crate::judge::{adjudicate, Adjudication, RemovalCause, Submitted, Verdict};
    use crate::parse::{parse_order, parse_unit};
    use crate::position::Position;
    use crate::rulebook::{
        AdjustmentHooks, DrawingHooks, GeographyHooks, OrderHooks, Ruleset, SecretHooks,
        StateHooks, StrengthHooks,
    };
    use crate::rules::Rules;
    use crate::variant::Variant;
    use std::sync::Arc;

    #[derive(Debug)]
    struct Rule9;

    impl GeographyHooks for Rule9 {}

    impl StrengthHooks for Rule9 {}

    impl OrderHooks for Rule9 {
        fn conditional_verbs(&self) -> &'static [&'static str] {
            CONDITIONAL_VERBS
        }

        fn check_conditional(
            &self,
            ctx: &RuleContext,
            unit: &Unit,
            _verb: &str,
            args: &[Term],
        ) -> Result<(), Cause> {
            check_list(ctx, unit, args)
        }

        fn adjudicate_conditional(
            &self,
            ctx: &RuleContext,
            orders: &[SpecialOrder],
            settled: &mut Settled,
        ) -> Vec<OrderResult> {
            settle_lists(ctx, orders, settled)
        }

        fn default_retreats(
            &self,
            ctx: &RuleContext,
            d: &Dislodged,
            options: &[Location],
        ) -> Vec<Location> {
            right_hand_order(ctx, d, options)
        }

        fn may_disband_dislodged(
            &self,
            _ctx: &RuleContext,
            d: &Dislodged,
            options: &[Location],
        ) -> Result<(), Cause> {
            refuse_disband(d, options)
        }
    }

    impl AdjustmentHooks for Rule9 {
        fn civil_disorder(
            &self,
            ctx: &RuleContext,
            _power: crate::unit::PowerId,
            owed: usize,
            candidates: &[usize],
        ) -> Option<Vec<CivilDisorderRemoval>> {
            Some(least_harm(ctx, owed, candidates))
        }
    }

    impl SecretHooks for Rule9 {}
    impl StateHooks for Rule9 {}

    impl DrawingHooks for Rule9 {}

    /// Standard's board with Burgundy's and Picardy's neighbours clockwise (north up).
    fn rules() -> Rules {
        let entry = crate::variants::entry("standard").unwrap();
        let mut variant = Variant::load(&entry.files, &[], entry.unit_kinds).unwrap();
        let map = &mut variant.map;
        let rings = [
            ("bur", "bel ruh mun mar gas par pic"),
            ("pic", "eng bel bur par bre"),
        ];
        let mut clockwise = vec![Vec::new(); map.provinces.len()];
        for (p, ring) in rings {
            let id = |s: &str| map.province_by_id(s).unwrap();
            clockwise[id(p).0 as usize] = ring.split_whitespace().map(id).collect();
        }
        map.clockwise = clockwise;
        let ruleset: Ruleset = variant.ruleset.clone();
        Rules::new(Arc::new(variant), ruleset, |_, _| Box::new(Rule9)).unwrap()
    }

    fn board(v: &Rules, phase: &str, units: &[(&str, &str)]) -> Position {
        let mut p = v.initial_position();
        p.phase = v.calendar.parse(phase).unwrap();
        p.units = units
            .iter()
            .map(|(power, text)| {
                let r = parse_unit(&v.grammar(), text).unwrap();
                Unit {
                    power: v.power_by_name(power).unwrap(),
                    kind: r.kind.unwrap(),
                    location: r.location(),
                }
            })
            .collect();
        p
    }

    fn run(v: &Rules, position: &Position, orders: &[(&str, &str)]) -> Adjudication {
        let subs: Vec<Submitted> = orders
            .iter()
            .map(|(power, text)| Submitted {
                power: v.power_by_name(power).unwrap(),
                order: parse_order(&v.grammar(), text).map_err(|e| e.to_string()),
            })
            .collect();
        adjudicate(v, position, &subs)
    }

    fn units(v: &Rules, p: &Position) -> Vec<String> {
        let mut out: Vec<String> = p.units.iter().map(|u| v.unit_text(u)).collect();
        out.sort();
        out
    }

    /// A bur is dislodged from Munich (its east): the front faces east, so its right is
    /// Marseilles, its left the Ruhr, then Gascony on the right, Belgium on the left.
    fn dislodged_from_munich(v: &Rules, blockers: &[(&str, &str)]) -> Position {
        let mut units = vec![
            ("France", "A bur"),
            ("Germany", "A mun"),
            ("Germany", "A ruh"),
        ];
        units.extend_from_slice(blockers);
        let start = board(v, "Spring 1901 movement", &units);
        let adj = run(
            v,
            &start,
            &[
                ("Germany", "A mun - bur"),
                ("Germany", "A ruh S A mun - bur"),
            ],
        );
        assert_eq!(adj.after.dislodged.len(), 1, "{:?}", adj.results);
        // The Ruhr's army supported: its place stays taken, the support does not move the front.
        adj.after
    }

    #[test]
    fn the_right_hand_rule_tries_right_then_left_then_further_right() {
        let v = rules();
        // Nothing in the way: Marseilles, immediately right of the front with Munich.
        let after = run(&v, &dislodged_from_munich(&v, &[]), &[]).after;
        assert!(
            units(&v, &after).contains(&"A mar".to_string()),
            "{:?}",
            units(&v, &after)
        );
        // Marseilles taken: the first on the left is the Ruhr, taken too; then Gascony.
        let after = run(&v, &dislodged_from_munich(&v, &[("Italy", "A mar")]), &[]).after;
        assert!(
            units(&v, &after).contains(&"A gas".to_string()),
            "{:?}",
            units(&v, &after)
        );
        // Marseilles and Gascony taken: Belgium, the next on the left.
        let after = run(
            &v,
            &dislodged_from_munich(&v, &[("Italy", "A mar"), ("England", "A gas")]),
            &[],
        )
        .after;
        assert!(
            units(&v, &after).contains(&"A bel".to_string()),
            "{:?}",
            units(&v, &after)
        );
    }

    #[test]
    fn a_disband_is_refused_while_a_retreat_is_open_and_allowed_without_one() {
        let v = rules();
        let pos = dislodged_from_munich(&v, &[]);
        let adj = run(&v, &pos, &[("France", "A bur D")]);
        assert_eq!(adj.results[0].verdict, Verdict::Illegal);
        let why = adj.results[0].reason(&v);
        assert!(
            why.contains("may still retreat") && why.contains("9c"),
            "{why}"
        );
        // The refused disband leaves the unit to the right-hand rule.
        assert!(units(&v, &adj.after).contains(&"A mar".to_string()));
        assert!(adj.disbanded.is_empty());
        // An ordered retreat is carried out.
        let adj = run(&v, &pos, &[("France", "A bur R par")]);
        assert_eq!(adj.results[0].verdict, Verdict::Succeeds);
        assert!(units(&v, &adj.after).contains(&"A par".to_string()));
    }

    #[test]
    fn a_unit_with_no_retreat_is_annihilated() {
        let v = rules();
        let all = [
            ("Italy", "A mar"),
            ("England", "A gas"),
            ("England", "A bel"),
            ("England", "A par"),
            ("England", "A pic"),
        ];
        let pos = dislodged_from_munich(&v, &all);
        let adj = run(&v, &pos, &[]);
        assert_eq!(adj.disbanded.len(), 1);
        assert_eq!(v.unit_text(&adj.disbanded[0]), "A bur");
    }

    #[test]
    fn two_units_falling_back_on_one_place_stand_off_and_go_on() {
        let v = rules();
        // A bur attacked from Gascony (right: Paris) and A pic attacked from Brest (right: the
        // Channel, no place for an army; left: Paris) both fall back on Paris first.
        let start = board(
            &v,
            "Spring 1901 movement",
            &[
                ("France", "A bur"),
                ("France", "A pic"),
                ("Germany", "A gas"),
                ("Germany", "A mar"),
                ("Germany", "A bre"),
                ("England", "F eng"),
            ],
        );
        let adj = run(
            &v,
            &start,
            &[
                ("Germany", "A gas - bur"),
                ("Germany", "A mar S A gas - bur"),
                ("Germany", "A bre - pic"),
                ("England", "F eng S A bre - pic"),
            ],
        );
        assert_eq!(adj.after.dislodged.len(), 2, "{:?}", adj.results);
        // They stand off in Paris; then A bur goes on to Munich (its next on the right, past
        // Marseilles and Picardy, both taken) and A pic to Belgium (its next on the right).
        let after = run(&v, &adj.after, &[]).after;
        let us = units(&v, &after);
        assert!(!us.contains(&"A par".to_string()), "{us:?}");
        assert!(
            us.contains(&"A mun".to_string()) && us.contains(&"A bel".to_string()),
            "{us:?}"
        );
    }

    #[test]
    fn a_list_written_with_the_moves_retreats_at_once() {
        let v = rules();
        let start = board(
            &v,
            "Spring 1901 movement",
            &[
                ("France", "A bur"),
                ("Germany", "A mun"),
                ("Germany", "A ruh"),
            ],
        );
        let adj = run(
            &v,
            &start,
            &[
                ("France", "A bur if dislodged retreat pic, gas"),
                ("France", "A bur H"),
                ("Germany", "A mun - bur"),
                ("Germany", "A ruh S A mun - bur"),
            ],
        );
        assert_eq!(
            adj.results[0].verdict,
            Verdict::Succeeds,
            "{:?}",
            adj.results
        );
        assert_eq!(adj.results[1].verdict, Verdict::Fails);
        // No retreat phase: the army went to Picardy with the moves.
        assert!(adj.dislodged.is_empty());
        assert!(units(&v, &adj.after).contains(&"A pic".to_string()));
        assert_eq!(v.calendar.kind(adj.after.phase), PhaseKind::Movement);
    }

    #[test]
    fn a_list_with_every_place_closed_leaves_the_unit_to_the_retreat_phase() {
        let v = rules();
        let start = board(
            &v,
            "Spring 1901 movement",
            &[
                ("France", "A bur"),
                ("Germany", "A mun"),
                ("Germany", "A ruh"),
                ("England", "A pic"),
            ],
        );
        let adj = run(
            &v,
            &start,
            &[
                ("France", "A bur if dislodged pic"),
                ("Germany", "A mun - bur"),
                ("Germany", "A ruh S A mun - bur"),
            ],
        );
        assert_eq!(adj.results[0].verdict, Verdict::Fails);
        assert!(adj.results[0].reason(&v).contains("none of the places"));
        assert_eq!(adj.after.dislodged.len(), 1);
        // Nobody orders it: the right-hand rule sends it to Marseilles.
        let after = run(&v, &adj.after, &[]).after;
        assert!(units(&v, &after).contains(&"A mar".to_string()));
    }

    #[test]
    fn lists_are_refused_out_of_place() {
        let v = rules();
        let start = board(&v, "Spring 1901 movement", &[("France", "A bur")]);
        for (text, want) in [
            ("A bur if dislodged", "names no place"),
            ("A bur if dislodged lon", "could never retreat to lon"),
            ("A bur if dislodged xyz", "'xyz' is not a province"),
            ("A bur if attacked pic", "'if attacked' is not understood"),
        ] {
            let adj = run(&v, &start, &[("France", text)]);
            assert_eq!(adj.results[0].verdict, Verdict::Illegal, "{text}");
            let why = adj.results[0].reason(&v);
            assert!(why.contains(want), "{text}: {why}");
        }
        // Accepted with a name of several words.
        let adj = run(
            &v,
            &start,
            &[("France", "A bur if dislodged retreat to gascony then paris")],
        );
        assert_eq!(adj.results[0].verdict, Verdict::Fails, "{:?}", adj.results);
        assert!(adj.results[0].reason(&v).contains("not dislodged"));
    }

    #[test]
    fn least_harm_removes_off_centre_units_then_safe_ones() {
        let v = rules();
        // France owns two centres and has three units: one must go.
        let mut pos = board(
            &v,
            "Winter 1901 adjustment",
            &[
                ("France", "F bre"),
                ("France", "A par"),
                ("France", "A bur"),
                ("Germany", "A pic"),
            ],
        );
        let id = |s: &str| v.map.province_by_id(s).unwrap();
        let france = v.power_by_name("France").unwrap();
        pos.owners = vec![None; v.map.provinces.len()];
        pos.owners[id("bre").0 as usize] = Some(france);
        pos.owners[id("par").0 as usize] = Some(france);
        pos.owners[id("mun").0 as usize] = v.power_by_name("Germany");
        let adj = run(&v, &pos, &[]);
        let gone: Vec<String> = adj.removed.iter().map(|(u, _)| v.unit_text(u)).collect();
        assert_eq!(gone, vec!["A bur"]);
        assert_eq!(adj.removed[0].1, RemovalCause::CivilDisorder);
    }

    #[test]
    fn least_harm_keeps_the_units_guarding_centres_an_enemy_could_take() {
        let v = rules();
        // Every French unit stands on a centre; a German army in Burgundy could walk into
        // Paris or Marseilles the moment either is left, but not into Brest. Standard's
        // distance rule would remove the army in Marseilles (furthest from a French centre);
        // the least harm is the fleet in Brest.
        let mut pos = board(
            &v,
            "Winter 1901 adjustment",
            &[
                ("France", "F bre"),
                ("France", "A par"),
                ("France", "A mar"),
                ("Germany", "A bur"),
            ],
        );
        let id = |s: &str| v.map.province_by_id(s).unwrap();
        let france = v.power_by_name("France").unwrap();
        pos.owners = vec![None; v.map.provinces.len()];
        pos.owners[id("bre").0 as usize] = Some(france);
        pos.owners[id("par").0 as usize] = Some(france);
        pos.owners[id("mun").0 as usize] = v.power_by_name("Germany");
        let adj = run(&v, &pos, &[]);
        let gone: Vec<String> = adj.removed.iter().map(|(u, _)| v.unit_text(u)).collect();
        assert_eq!(gone, vec!["F bre"]);
        let standard = Variant::builtin("standard").unwrap();
        let adj = run(&standard, &pos, &[]);
        let gone: Vec<String> = adj.removed.iter().map(|(u, _)| v.unit_text(u)).collect();
        assert_eq!(gone, vec!["A mar"], "Standard's rule differs");
    }
}
