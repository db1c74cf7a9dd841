//! A phase's results as text people read: the demo's report files and the file attached to
//! each results post in a game channel. Read from the phase's typed record.
//!
//! Each order's line is composed here, not taken whole from [`Cause::words`]: the order, then
//! its verdict, then its cause, separated plainly, so that no cause nests parentheses inside
//! another. `Cause::words` stays as it is (recorded games and the DATC cases check it word for
//! word); the causes whose words nest or name a unit only by where it came from are worded
//! again here from their typed fields.

use engine::judge::{Cause, DislodgedReport};
use engine::map::{Location, ProvinceId};
use engine::position::Position;
use engine::store::{OrderRecord, Outcome, PhaseRecord};
use engine::unit::{PowerId, Unit};
use engine::vote::How;
use engine::Rules;

/// Every order of the phase grouped by power with its result (and the cause when it did not
/// succeed), then dislodgements with who dislodged each unit and where it may retreat,
/// builds, removals and disbands, votes, the supply centres when the phase closed a count,
/// how the game ended when it did (`ending`), and the next phase. `before` is the position
/// the phase was played from.
pub fn results_text(
    v: &Rules,
    phase: &str,
    before: &Position,
    record: &PhaseRecord,
    next: &str,
    ending: Option<&Outcome>,
) -> String {
    let mut text = format!("{phase}\n{}\n\n", "=".repeat(phase.chars().count()));
    let mut powers: Vec<_> = record.orders.iter().map(|o| o.power).collect();
    powers.dedup();
    for power in powers {
        text += &format!("{}:\n", v.display_name(power));
        for o in record.orders.iter().filter(|o| o.power == power) {
            text += &format!("  {}\n", order_line(v, o));
        }
    }
    let dislodged = dislodged_lines(v, before, record);
    if !dislodged.is_empty() {
        text += "\nDislodged:\n";
        for line in dislodged {
            text += &format!("  {line}\n");
        }
    }
    let lists = [
        ("Built", units(v, record.built.iter())),
        ("Removed", units(v, record.removed.iter().map(|(u, _)| u))),
        ("Disbanded", units(v, record.disbanded.iter())),
        ("Retreated by the rules", retreated(v, record)),
    ];
    for (title, items) in lists {
        if !items.is_empty() {
            text += &format!("\n{title}: {}\n", items.join(", "));
        }
    }
    let votes = vote_lines(v, record);
    if !votes.is_empty() {
        text += "\nDecided by vote:\n";
        for line in votes {
            text += &format!("  {line}\n");
        }
    }
    if let Some(centres) = centre_changes(v, before, record) {
        text += "\nSupply centres, counted after this phase:\n";
        let width = centres
            .iter()
            .map(|c| v.display_name(c.power).chars().count())
            .max()
            .unwrap_or(0);
        for c in &centres {
            text += &format!(
                "  {:<width$} {:>2}  {}\n",
                v.display_name(c.power),
                c.count,
                c.change_words(v)
            );
        }
    }
    if let Some(outcome) = ending {
        text += &format!(
            "\nThe game is over: {}.\n",
            ending_words(v, record, outcome)
        );
    }
    text += &format!("\nNext: {next}\n");
    text
}

/// An order's line: its text, its verdict and, when it did not succeed, why
/// (`A par - bur                  fails: bounced in Burgundy against Germany A mun`).
pub fn order_line(v: &Rules, o: &OrderRecord) -> String {
    let verdict = o.result.verdict.word();
    let why = reason(v, o);
    if why.is_empty() {
        format!("{:<28} {verdict}", o.text)
    } else {
        format!("{:<28} {verdict}: {why}", o.text)
    }
}

/// Why an order did not succeed, as a report words it; empty when it succeeded. A record
/// from an older release keeps the words it was stored with.
pub fn reason(v: &Rules, o: &OrderRecord) -> String {
    if let Some(words) = &o.words {
        return words.clone();
    }
    let mut words: Vec<String> = o.result.cause.iter().map(|c| cause_text(v, c)).collect();
    words.extend(o.result.notes.iter().map(|n| n.words(v)));
    words.join("; ")
}

/// A cause in a report's words: the units involved named with their power, and no clause in
/// parentheses inside another. Causes worded plainly already keep [`Cause::words`].
pub fn cause_text(v: &Rules, cause: &Cause) -> String {
    match cause {
        Cause::Dislodged { by } => format!("dislodged by {}", power_unit(v, by)),
        Cause::Bounced {
            at,
            rivals,
            defender,
            dislodged_by,
        } => {
            let mut s = format!("bounced in {}", province(v, *at));
            let rivals: Vec<String> = rivals.iter().map(|u| power_unit(v, u)).collect();
            match defender {
                Some(d) => {
                    s += &format!(", held by {}", power_unit(v, d));
                    if !rivals.is_empty() {
                        s += &format!("; {} also ordered there", and_list(&rivals));
                    }
                }
                None if !rivals.is_empty() => s += &format!(" against {}", and_list(&rivals)),
                None => {}
            }
            if let Some(by) = dislodged_by {
                s += &format!("; dislodged by {}", power_unit(v, by));
            }
            s
        }
        Cause::SupportCut {
            dislodged_by: Some(by),
            ..
        } => format!("support cut, dislodged by {}", power_unit(v, by)),
        Cause::SupportCut { by, .. } if !by.is_empty() => {
            let by: Vec<String> = by.iter().map(|u| power_unit(v, u)).collect();
            format!("support cut by {}", and_list(&by))
        }
        Cause::MoveToOwnProvince { at } => format!(
            "a unit cannot move to its own province, {}",
            province(v, *at)
        ),
        Cause::ArmyToCoast { to: Some(to) } => {
            format!("an army cannot move to a coast, as {} is", location(v, *to))
        }
        Cause::SupportIntoOwnProvince { at } => format!(
            "a unit cannot support a move into its own province, {}",
            province(v, *at)
        ),
        other => other.words(v),
    }
}

/// One line per unit the phase dislodged: the unit, the unit that dislodged it (and how it
/// came, when by convoy) and where it may retreat
/// (`France A par, dislodged by Germany A bur; may retreat to pic or gas`).
pub fn dislodged_lines(v: &Rules, before: &Position, record: &PhaseRecord) -> Vec<String> {
    record
        .dislodged
        .iter()
        .map(|d| {
            let by = match attacker(before, d) {
                Some(a) => power_unit(v, &a),
                None => format!("the unit from {}", province(v, d.dislodged.attacker_from)),
            };
            let convoyed = if d.dislodged.attacker_came_by_convoy {
                " by convoy"
            } else {
                ""
            };
            let go = if d.retreats.is_empty() {
                "nowhere to retreat, so it is disbanded".to_string()
            } else {
                let to: Vec<String> = d.retreats.iter().map(|l| location(v, *l)).collect();
                format!("may retreat to {}", or_list(&to))
            };
            format!(
                "{}, dislodged by {by}{convoyed}; {go}",
                power_unit(v, &d.dislodged.unit)
            )
        })
        .collect()
}

/// The unit that dislodged `d`: as the record keeps it, or, for a record kept before it did,
/// the one unit that stood where the attack came from.
fn attacker(before: &Position, d: &DislodgedReport) -> Option<Unit> {
    d.attacker.or_else(|| {
        let mut there = before
            .units
            .iter()
            .filter(|u| u.location.province == d.dislodged.attacker_from);
        match (there.next(), there.next()) {
            (Some(u), None) => Some(*u),
            _ => None,
        }
    })
}

/// One power's supply centres after a count: how many it has, and which it gained and lost
/// since the phase began.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CentreChange {
    pub power: PowerId,
    /// The centres it has now, as its builds are reckoned.
    pub count: usize,
    pub gained: Vec<ProvinceId>,
    pub lost: Vec<ProvinceId>,
    /// The names the rules gave centres among these that the map does not mark (Atlantis).
    pub names: Vec<(ProvinceId, String)>,
}

impl CentreChange {
    /// `gained bel, spa; lost mar`, or `no change`.
    pub fn change_words(&self, v: &Rules) -> String {
        let ids = |list: &[ProvinceId]| {
            list.iter()
                .map(|&p| self.centre(v, p))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let mut parts = Vec::new();
        if !self.gained.is_empty() {
            parts.push(format!("gained {}", ids(&self.gained)));
        }
        if !self.lost.is_empty() {
            parts.push(format!("lost {}", ids(&self.lost)));
        }
        if parts.is_empty() {
            "no change".into()
        } else {
            parts.join("; ")
        }
    }

    /// A centre as the lists write it: its id, with the name the rules gave it beside for a
    /// centre the map does not mark (`ar3 (Atlantis)`).
    fn centre(&self, v: &Rules, p: ProvinceId) -> String {
        match self.names.iter().find(|(c, _)| *c == p) {
            Some((_, name)) => format!("{} ({name})", province_id(v, p)),
            None => province_id(v, p),
        }
    }

    /// `France 6 (+bel +spa -mar)`, for a one-line summary.
    pub fn short(&self, v: &Rules) -> String {
        let mut marks: Vec<String> = self
            .gained
            .iter()
            .map(|&p| format!("+{}", self.centre(v, p)))
            .collect();
        marks.extend(self.lost.iter().map(|&p| format!("-{}", self.centre(v, p))));
        format!(
            "{} {} ({})",
            v.display_name(self.power),
            self.count,
            marks.join(" ")
        )
    }
}

/// The supply centres after a phase that closed a count (the calendar's counting move, or the
/// retreats after it): every power that owns a centre or lost its last one, in the variant's
/// order, with its count and what changed hands. `None` for a phase that counted nothing:
/// which phases count is the calendar's business, so a monthly calendar with several counts a
/// year gets a list after each.
pub fn centre_changes(
    v: &Rules,
    before: &Position,
    record: &PhaseRecord,
) -> Option<Vec<CentreChange>> {
    let after = &record.after;
    let cal = &v.calendar;
    let counted = !before.phase.setup
        && cal.ends_centre_count(before.phase)
        && cal.kind(after.phase) != engine::phase::PhaseKind::Retreat;
    // A rule of the variant's own may hand over a centre at another time; that is told too.
    if !counted && before.owners == after.owners {
        return None;
    }
    let owner = |p: &Position, c: ProvinceId| p.owners.get(c.0 as usize).copied().flatten();
    // The map's centres and any the rules made during the game (Atlantis once found), as the
    // position before or after the phase has them.
    let (ctx_before, ctx_after) = (v.context(before), v.context(after));
    let centres: Vec<ProvinceId> = v
        .map
        .province_ids()
        .filter(|&c| {
            v.map.province(c).supply_center
                || v.book.is_supply_centre(&ctx_before, c)
                || v.book.is_supply_centre(&ctx_after, c)
        })
        .collect();
    let name = |c: ProvinceId| {
        v.book
            .centre_name(&ctx_after, c)
            .or_else(|| v.book.centre_name(&ctx_before, c))
            .map(|n| (c, n))
    };
    let changes = (0..v.powers.len())
        .map(|i| PowerId(i as u8))
        .filter_map(|power| {
            let mut gained = Vec::new();
            let mut lost = Vec::new();
            let mut had = false;
            for &c in &centres {
                let (was, now) = (owner(before, c), owner(after, c));
                had |= was == Some(power) || now == Some(power);
                if was != Some(power) && now == Some(power) {
                    gained.push(c);
                } else if was == Some(power) && now != Some(power) {
                    lost.push(c);
                }
            }
            let names = gained
                .iter()
                .chain(&lost)
                .filter_map(|&c| name(c))
                .collect();
            had.then(|| CentreChange {
                power,
                count: v.supply(after, power),
                gained,
                lost,
                names,
            })
        })
        .collect();
    Some(changes)
}

/// How the game ended, for its last report: `France wins with 18 centres`, or the allies'
/// `Canada and USA win together with 31 centres`.
pub fn ending_words(v: &Rules, record: &PhaseRecord, outcome: &Outcome) -> String {
    match outcome {
        Outcome::Victory(name) => match v.power_by_name(name) {
            Some(p) => format!(
                "{} wins with {} centres",
                v.display_name(p),
                v.supply(&record.after, p)
            ),
            None => outcome.words(),
        },
        _ => outcome.words(),
    }
}

/// `a`, `a or b`, `a, b or c`.
fn or_list(items: &[String]) -> String {
    joined(items, "or")
}

/// `a`, `a and b`, `a, b and c`.
fn and_list(items: &[String]) -> String {
    joined(items, "and")
}

fn joined(items: &[String], word: &str) -> String {
    match items.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} {word} {last}", rest.join(", ")),
        None => String::new(),
    }
}

/// `Germany A mun`. Ids from another map (a record read with the wrong variant) are named by
/// number, never a panic, as `Cause::words` does.
fn power_unit(v: &Rules, u: &Unit) -> String {
    let power = v
        .powers
        .get(u.power.0 as usize)
        .map_or("an unknown power", |_| v.power_name(u.power));
    format!("{power} {} {}", u.kind.letter(), location(v, u.location))
}

fn location(v: &Rules, l: Location) -> String {
    match v.map.provinces.get(l.province.0 as usize) {
        Some(p) if l.coast.is_none_or(|c| (c.0 as usize) < p.coasts.len()) => {
            v.map.location_name(l)
        }
        _ => format!("province #{}", l.province.0),
    }
}

fn province(v: &Rules, p: ProvinceId) -> String {
    v.map
        .provinces
        .get(p.0 as usize)
        .map_or_else(|| format!("province #{}", p.0), |x| x.name.clone())
}

fn province_id(v: &Rules, p: ProvinceId) -> String {
    v.map
        .provinces
        .get(p.0 as usize)
        .map_or_else(|| format!("#{}", p.0), |x| x.id.clone())
}

/// Dislodged units the rules moved with no retreat order of theirs (Atlantica II's right-hand
/// rule, a retreat list written with the moves): `A bur to swi`.
pub fn retreated(v: &Rules, record: &PhaseRecord) -> Vec<String> {
    record
        .retreated
        .iter()
        .map(|(u, to)| format!("{} to {}", v.unit_text(u), v.map.location_name(*to)))
        .collect()
}

/// How each order of a power ordered by vote was decided: the order, and whether the vote
/// carried it with the counts behind it, or why the default applied. Never who voted what.
pub fn vote_lines(v: &Rules, record: &PhaseRecord) -> Vec<String> {
    record
        .votes
        .iter()
        .map(|d| {
            let count =
                |f: fn(&engine::vote::Tally<String>) -> usize| d.tally.as_ref().map_or(0, f);
            // "4 of 7 powers", with whether that is a majority when it matters.
            let part = |n: usize, of: usize, what: &str, say_majority: bool| {
                let verdict = match (say_majority, 2 * n > of) {
                    (false, _) => "",
                    (true, true) => " (a majority)",
                    (true, false) => " (no majority)",
                };
                format!("{n} of {of} {what}{verdict}")
            };
            let powers = |say| part(count(|t| t.powers_for), count(|t| t.voters), "powers", say);
            let centres = |say| {
                part(
                    count(|t| t.centres_for),
                    count(|t| t.owned_centres),
                    "centres",
                    say,
                )
            };
            let how = match d.how {
                How::Carried => format!("carried ({}, {})", powers(false), centres(false)),
                How::NoChoice => "no choice to vote on".to_string(),
                // The counts' verdicts are in parentheses already, so the leading order and
                // its counts follow plainly rather than in parentheses of their own.
                How::Default => match d.tally.as_ref().and_then(|t| t.leading.as_deref()) {
                    Some(lead) => format!(
                        "not carried, so the default; most votes: {lead}, with {} and {}",
                        powers(true),
                        centres(true)
                    ),
                    None => "no votes, so the default".to_string(),
                },
            };
            format!(
                "{} {}: {how}",
                v.display_name(d.power),
                d.order.to_text(&*v)
            )
        })
        .collect()
}

/// `Power unit` for each unit of one of a record's lists.
pub fn units<'a>(v: &Rules, list: impl Iterator<Item = &'a Unit>) -> Vec<String> {
    list.map(|u| format!("{} {}", v.display_name(u.power), v.unit_text(u)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::judge::Submitted;
    use engine::map::Location;
    use engine::parse::parse_order;
    use engine::store::Accepted;
    use engine::unit::UnitKind;
    use engine::Variant;
    use std::sync::Arc;

    fn variant(id: &str) -> Arc<Rules> {
        Variant::builtin(id).expect("a built-in variant")
    }

    /// The record of `orders` (power, text) played on `position`.
    fn play(v: &Rules, position: &Position, orders: &[(&str, &str)]) -> PhaseRecord {
        let grammar = v.grammar();
        let mut accepted = Vec::new();
        let mut subs = Vec::new();
        for (power, text) in orders {
            let power = v.power_by_name(power).expect("power");
            let order = parse_order(&grammar, text).expect("order");
            subs.push(Submitted {
                power,
                order: Ok(order.clone()),
            });
            accepted.push((
                power,
                Accepted {
                    order,
                    text: text.to_string(),
                },
            ));
        }
        let adj = engine::adjudicate(v, position, &subs);
        PhaseRecord::new(accepted, Vec::new(), adj)
    }

    fn army(v: &Rules, power: &str, at: &str) -> Unit {
        Unit {
            power: v.power_by_name(power).expect("power"),
            kind: UnitKind::ARMY,
            location: Location {
                province: v.map.province_by_id(at).expect("province"),
                coast: None,
            },
        }
    }

    fn at(v: &Rules, position: &Position, phase: &str) -> Position {
        Position {
            phase: v.calendar.parse(phase).expect("phase"),
            ..position.clone()
        }
    }

    #[test]
    fn a_dislodged_line_names_its_attacker_and_where_it_may_retreat() {
        let v = variant("standard");
        let start = Position {
            units: vec![
                army(&v, "France", "par"),
                army(&v, "Germany", "bur"),
                army(&v, "Germany", "pic"),
            ],
            ..v.initial_position()
        };
        let record = play(
            &v,
            &start,
            &[
                ("France", "A par H"),
                ("Germany", "A bur - par"),
                ("Germany", "A pic S A bur - par"),
            ],
        );
        // The judge keeps the attacker as it stood.
        assert_eq!(
            record.dislodged[0].attacker,
            Some(army(&v, "Germany", "bur"))
        );
        let text = results_text(&v, "Spring 1901 movement", &start, &record, "next", None);
        let line = "France A par, dislodged by Germany A bur; may retreat to bre or gas";
        assert!(text.contains(&format!("Dislodged:\n  {line}\n")), "{text}");
        assert!(
            text.contains("  A par H                      fails: dislodged by Germany A bur\n"),
            "{text}"
        );
        // A record kept before the attacker was: the unit that stood where the attack came
        // from is named all the same.
        let mut old = record.clone();
        old.dislodged[0].attacker = None;
        assert_eq!(dislodged_lines(&v, &start, &old), [line]);
        // With nowhere to go, the line says so.
        old.dislodged[0].retreats.clear();
        assert_eq!(
            dislodged_lines(&v, &start, &old),
            ["France A par, dislodged by Germany A bur; nowhere to retreat, so it is disbanded"]
        );
    }

    #[test]
    fn a_result_line_is_order_verdict_and_cause_with_no_nested_parentheses() {
        let v = variant("standard");
        let start = v.initial_position();
        let record = play(
            &v,
            &start,
            &[
                ("Germany", "A mun - bur"),
                ("France", "A par - bur"),
                ("Italy", "A ven - tri"),
            ],
        );
        let text = results_text(&v, "Spring 1901 movement", &start, &record, "next", None);
        assert!(
            text.contains(
                "  A par - bur                  fails: bounced in Burgundy against Germany A mun\n"
            ),
            "{text}"
        );
        assert!(
            text.contains(
                "  A ven - tri                  fails: bounced in Trieste, held by Austria F tri\n"
            ),
            "{text}"
        );
        // The words the recorded games check are not the report's.
        assert_eq!(
            record.orders[1].reason(&v),
            "bounced in Burgundy (also ordered there: A mun)"
        );
        for line in text.lines() {
            let depth = line.chars().try_fold(0i32, |d, c| {
                let d = d + i32::from(c == '(') - i32::from(c == ')');
                (d <= 1).then_some(d)
            });
            assert!(depth.is_some(), "nested parentheses: {line}");
        }
    }

    #[test]
    fn a_years_count_lists_each_powers_centres_gained_and_lost() {
        let v = variant("standard");
        let orders = [
            ("Germany", "F kie - den"),
            ("Italy", "A ven - tyr"),
            ("Austria", "F tri - ven"),
        ];
        let fall = at(&v, &v.initial_position(), "Fall 1901 movement");
        let record = play(&v, &fall, &orders);
        let text = results_text(&v, "Fall 1901 movement", &fall, &record, "next", None);
        for line in [
            "Supply centres, counted after this phase:",
            "  Austria  4  gained ven",
            "  France   3  no change",
            "  Germany  4  gained den",
            "  Italy    2  lost ven",
            "  Russia   4  no change",
        ] {
            assert!(text.contains(&format!("{line}\n")), "{line}: {text}");
        }
        // Spring counts nothing in Standard.
        let spring = v.initial_position();
        let record = play(&v, &spring, &orders);
        assert_eq!(centre_changes(&v, &spring, &record), None);
        let text = results_text(&v, "Spring 1901 movement", &spring, &record, "next", None);
        assert!(!text.contains("Supply centres"), "{text}");
    }

    #[test]
    fn the_calendar_says_when_centres_are_counted_not_the_variants_name() {
        // Atlantica counts after March, June, September and December, not after each month.
        let v = variant("atlantica");
        let start = v.initial_position();
        for (phase, counts) in [
            ("January 1870 movement", false),
            ("February 1870 movement", false),
            ("March 1870 movement", true),
            ("June 1870 movement", true),
            ("November 1870 movement", false),
            ("December 1870 movement", true),
        ] {
            let position = at(&v, &start, phase);
            let record = play(&v, &position, &[]);
            let centres = centre_changes(&v, &position, &record);
            assert_eq!(centres.is_some(), counts, "{phase}");
            if let Some(centres) = centres {
                assert_eq!(centres.len(), v.powers.len(), "{phase}: {centres:?}");
            }
        }
    }

    #[test]
    fn the_centre_table_names_a_power_as_players_read_it() {
        // Atlantica stores the Confederacy as `CSA` and shows it as `C.S.A.` (rule 3).
        let v = variant("atlantica");
        let change = CentreChange {
            power: v.power_by_name("CSA").expect("CSA"),
            count: 5,
            gained: Vec::new(),
            lost: Vec::new(),
            names: Vec::new(),
        };
        let line = change.short(&v);
        assert!(line.starts_with("C.S.A. 5"), "{line}");
    }

    #[test]
    fn the_last_report_says_who_won_alone_or_together() {
        let v = variant("standard");
        let start = at(&v, &v.initial_position(), "Fall 1901 movement");
        let record = play(&v, &start, &[]);
        let alone = Outcome::Victory("France".into());
        let text = results_text(&v, "Fall 1901 movement", &start, &record, "x", Some(&alone));
        assert!(
            text.contains("\nThe game is over: France wins with 3 centres.\n"),
            "{text}"
        );
        let together = Outcome::Alliance {
            powers: ["England".into(), "France".into()],
            centres: 16,
        };
        let text = results_text(
            &v,
            "Fall 1901 movement",
            &start,
            &record,
            "x",
            Some(&together),
        );
        assert!(
            text.contains("\nThe game is over: England and France win together with 16 centres.\n"),
            "{text}"
        );
        let text = results_text(&v, "Fall 1901 movement", &start, &record, "x", None);
        assert!(!text.contains("game is over"), "{text}");
    }
}
