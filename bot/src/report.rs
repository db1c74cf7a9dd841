//! A phase's results as text people read: the demo's report files and the file attached to
//! each results post in a game channel. Read from the phase's typed record.

use engine::store::PhaseRecord;
use engine::unit::Unit;
use engine::vote::How;
use engine::Rules;

/// Every order of the phase grouped by power with its result (and the reason when it did not
/// succeed), then dislodgements, builds, removals and disbands, and the next phase.
pub fn results_text(v: &Rules, phase: &str, record: &PhaseRecord, next: &str) -> String {
    let mut text = format!("{phase}\n{}\n\n", "=".repeat(phase.chars().count()));
    let mut powers: Vec<_> = record.orders.iter().map(|o| o.power).collect();
    powers.dedup();
    for power in powers {
        text += &format!("{}:\n", v.display_name(power));
        for o in record.orders.iter().filter(|o| o.power == power) {
            let result = o.result.verdict.word();
            let why = o.reason(v);
            let outcome = if why.is_empty() {
                result.to_string()
            } else {
                format!("{result} ({why})")
            };
            text += &format!("  {:<28} {outcome}\n", o.text);
        }
    }
    let lists = [
        (
            "Dislodged",
            units(v, record.dislodged.iter().map(|d| &d.dislodged.unit)),
        ),
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
    text += &format!("\nNext: {next}\n");
    text
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
                How::Default => match d.tally.as_ref().and_then(|t| t.leading.as_deref()) {
                    Some(lead) => format!(
                        "not carried, so the default (most votes: {lead} with {}, {})",
                        powers(true),
                        centres(true)
                    ),
                    None => "no votes, so the default".to_string(),
                },
            };
            format!(
                "{} {}: {how}",
                v.display_name(d.power),
                d.order.to_text(&v.map)
            )
        })
        .collect()
}

/// `Power unit` for each unit of one of a record's lists.
pub fn units<'a>(v: &Rules, list: impl Iterator<Item = &'a Unit>) -> Vec<String> {
    list.map(|u| format!("{} {}", v.display_name(u.power), v.unit_text(u)))
        .collect()
}
