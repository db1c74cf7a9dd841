//! A phase's results as text people read: the demo's report files and the file attached to
//! each results post in a game channel.

use serde_json::Value;

/// Every order of the phase grouped by power with its result (and the reason when it did not
/// succeed), then dislodgements, builds, removals and disbands, and the next phase.
pub fn results_text(phase: &str, results: &Value, next: &str) -> String {
    let mut text = format!("{phase}\n{}\n\n", "=".repeat(phase.chars().count()));
    let rows: Vec<&Value> = results["results"]
        .as_array()
        .into_iter()
        .flatten()
        .collect();
    let mut powers: Vec<&str> = rows.iter().filter_map(|r| r["power"].as_str()).collect();
    powers.dedup();
    for power in powers {
        text += &format!("{power}:\n");
        for r in rows.iter().filter(|r| r["power"] == power) {
            let result = r["result"].as_str().unwrap_or("");
            let outcome = match r["reason"].as_str().filter(|w| !w.is_empty()) {
                Some(why) => format!("{result} ({why})"),
                None => result.to_string(),
            };
            text += &format!("  {:<28} {outcome}\n", r["order"].as_str().unwrap_or(""));
        }
    }
    for (key, title) in [
        ("dislodged", "Dislodged"),
        ("built", "Built"),
        ("removed", "Removed"),
        ("disbanded", "Disbanded"),
    ] {
        let items = units(results, key);
        if !items.is_empty() {
            text += &format!("\n{title}: {}\n", items.join(", "));
        }
    }
    let votes = vote_lines(results);
    if !votes.is_empty() {
        text += "\nDecided by vote:\n";
        for line in votes {
            text += &format!("  {line}\n");
        }
    }
    text += &format!("\nNext: {next}\n");
    text
}

/// How each order of a power ordered by vote was decided: the order, and whether the vote
/// carried it with the counts behind it, or why the default applied. Never who voted what.
pub fn vote_lines(results: &Value) -> Vec<String> {
    results["votes"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|d| {
            let order = d["order"].as_str().unwrap_or("");
            // "4 of 7 powers", with whether that is a majority when it matters.
            let part = |n: &str, of: &str, what: &str, say_majority: bool| {
                let (n, of) = (d[n].as_u64().unwrap_or(0), d[of].as_u64().unwrap_or(0));
                let verdict = match (say_majority, 2 * n > of) {
                    (false, _) => "",
                    (true, true) => " (a majority)",
                    (true, false) => " (no majority)",
                };
                format!("{n} of {of} {what}{verdict}")
            };
            let how = match d["how"].as_str() {
                Some("carried") => format!(
                    "carried ({}, {})",
                    part("powers_for", "voters", "powers", false),
                    part("centres_for", "owned_centres", "centres", false)
                ),
                Some("no choice") => "no choice to vote on".to_string(),
                _ => match d["leading"].as_str() {
                    Some(lead) => format!(
                        "not carried, so the default (most votes: {lead} with {}, {})",
                        part("powers_for", "voters", "powers", true),
                        part("centres_for", "owned_centres", "centres", true)
                    ),
                    None => "no votes, so the default".to_string(),
                },
            };
            format!(
                "{d_power} {order}: {how}",
                d_power = d["power"].as_str().unwrap_or("")
            )
        })
        .collect()
}

/// `Power unit` for each entry of one of the results' unit lists.
pub fn units(results: &Value, key: &str) -> Vec<String> {
    results[key]
        .as_array()
        .into_iter()
        .flatten()
        .map(|d| {
            format!(
                "{} {}",
                d["power"].as_str().unwrap_or(""),
                d["unit"].as_str().unwrap_or("")
            )
        })
        .collect()
}

/// How many orders of the phase did not succeed.
pub fn not_succeeded(results: &Value) -> usize {
    results["results"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|r| r["result"] != "succeeds")
        .count()
}
