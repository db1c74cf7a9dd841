//! A game's settings: when its phases end, how far moderators may stretch it, and what happens
//! to a power that has not ordered by the deadline.

use super::clock::Timestamp;
use super::text::quote;
use crate::phase::PhaseKind;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// How long each kind of phase lasts, and how far moderators may stretch a game.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
#[serde(default)]
pub struct Settings {
    pub movement_secs: i64,
    pub retreat_secs: i64,
    pub adjustment_secs: i64,
    /// When set, every phase ends at a fixed time of day instead of after its length.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub daily: Option<DailyDeadline>,
    /// The most extension, in total, a game may be given.
    pub max_extension_secs: i64,
    pub nmr: NmrPolicy,
    /// The variant's own options the game sets (Davis's `high-ocean-box`); the others keep
    /// their defaults. An option that is not yet available is refused when the game is made.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub variant_options: BTreeMap<String, bool>,
    /// Civil disorder, who may join, and how the game is scored (see `community.rs`); left
    /// out of the stored JSON when nothing is chosen, so older games read the same.
    #[serde(skip_serializing_if = "super::community::GameCommunity::is_default")]
    pub community: super::community::GameCommunity,
    /// Who may talk to whom through the bot (see [`PressRule`]); written only when not `full`,
    /// so games made before it read and export as they did.
    #[serde(skip_serializing_if = "PressRule::is_full")]
    pub press: PressRule,
    /// Players are known by their power only, until the game ends.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub anonymous: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            movement_secs: 48 * 3600,
            retreat_secs: 24 * 3600,
            adjustment_secs: 24 * 3600,
            daily: None,
            max_extension_secs: 7 * 24 * 3600,
            nmr: NmrPolicy::Hold,
            variant_options: BTreeMap::new(),
            community: Default::default(),
            press: PressRule::Full,
            anonymous: false,
        }
    }
}

/// Phases end at `time` (24-hour `HH:MM`) in `timezone` (an IANA name such as
/// `Europe/London`): the first such moment at least `min_phase_secs` after the phase began, so
/// a phase that starts at 19:55 for a 20:00 deadline still gets a day.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct DailyDeadline {
    pub time: String,
    pub timezone: String,
    #[serde(default = "DailyDeadline::default_min_phase_secs")]
    pub min_phase_secs: i64,
}

impl DailyDeadline {
    fn default_min_phase_secs() -> i64 {
        12 * 3600
    }

    pub fn new(time: &str, timezone: &str) -> Result<DailyDeadline, String> {
        let d = DailyDeadline {
            time: time.trim().to_string(),
            timezone: timezone.trim().to_string(),
            min_phase_secs: Self::default_min_phase_secs(),
        };
        d.check()?;
        Ok(d)
    }

    fn hour_minute(&self) -> Result<(i8, i8), String> {
        let bad = || {
            format!(
                "'{}' is not a time of day; write it as HH:MM on the 24-hour clock, such as 20:00",
                quote(&self.time)
            )
        };
        let (h, m) = self.time.split_once(':').ok_or_else(bad)?;
        let h: i8 = h.parse().map_err(|_| bad())?;
        let m: i8 = m.parse().map_err(|_| bad())?;
        if !(0..24).contains(&h) || !(0..60).contains(&m) {
            return Err(bad());
        }
        Ok((h, m))
    }

    fn zone(&self) -> Result<jiff::tz::TimeZone, String> {
        jiff::tz::TimeZone::get(&self.timezone).map_err(|_| {
            format!(
                "'{}' is not a timezone I know; use an IANA name such as Europe/London, America/New_York or UTC",
                quote(&self.timezone)
            )
        })
    }

    pub fn check(&self) -> Result<(), String> {
        self.hour_minute()?;
        self.zone()?;
        if !(0..=7 * 24 * 3600).contains(&self.min_phase_secs) {
            return Err("the shortest phase must be between 0 and 7 days".into());
        }
        Ok(())
    }

    /// The first `time` in `timezone` at or after `earliest`.
    fn next_at_or_after(&self, earliest: Timestamp) -> Result<Timestamp, String> {
        let (h, m) = self.hour_minute()?;
        let tz = self.zone()?;
        let start = jiff::Timestamp::from_second(earliest)
            .map_err(|e| e.to_string())?
            .to_zoned(tz.clone());
        let mut day = start.date();
        // A daylight-saving gap can swallow the time on one day; two tries always find it.
        for _ in 0..3 {
            let at = day
                .at(h, m, 0, 0)
                .to_zoned(tz.clone())
                .map_err(|e| e.to_string())?
                .timestamp()
                .as_second();
            if at >= earliest {
                return Ok(at);
            }
            day = day.tomorrow().map_err(|e| e.to_string())?;
        }
        Err(format!(
            "no {} found in {} after {earliest}",
            self.time, self.timezone
        ))
    }
}

/// A game's press: the conversations between powers the bot opens for players.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq, Default)]
#[serde(rename_all = "kebab-case")]
pub enum PressRule {
    /// Private conversations between any powers, and the game channel.
    #[default]
    Full,
    /// Only the game channel: no private conversations.
    Public,
    /// Private conversations in movement phases only: closed in retreats and adjustments.
    Rulebook,
    /// No conversations at all (gunboat).
    None,
}

impl PressRule {
    pub const NAMES: [&'static str; 4] = ["full", "public", "rulebook", "none"];

    /// Reads `full`, `public`, `rulebook` or `none` (also `gunboat`, `no`).
    pub fn parse(s: &str) -> Result<PressRule, String> {
        match s.trim().to_lowercase().as_str() {
            "full" => Ok(PressRule::Full),
            "public" => Ok(PressRule::Public),
            "rulebook" => Ok(PressRule::Rulebook),
            "none" | "no" | "gunboat" => Ok(PressRule::None),
            _ => Err(format!(
                "'{}' is not a press rule; use full (private and public), public (the game channel only), rulebook (private press closed in retreats and adjustments) or none (gunboat)",
                quote(s)
            )),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            PressRule::Full => "full",
            PressRule::Public => "public",
            PressRule::Rulebook => "rulebook",
            PressRule::None => "none",
        }
    }

    fn is_full(&self) -> bool {
        *self == PressRule::Full
    }

    /// Whether private press is open in a phase of this kind.
    pub fn private_open_in(self, kind: PhaseKind) -> bool {
        match self {
            PressRule::Full => true,
            PressRule::Rulebook => !matches!(kind, PhaseKind::Retreat | PhaseKind::Adjustment),
            PressRule::Public | PressRule::None => false,
        }
    }

    /// The rule in words, for `/game create` and `/game status`.
    pub fn words(self) -> &'static str {
        match self {
            PressRule::Full => {
                "full press (private conversations between powers, and this channel)"
            }
            PressRule::Public => "public press (this channel only; no private conversations)",
            PressRule::Rulebook => "rulebook press (private conversations in movement phases only)",
            PressRule::None => "no press (gunboat: no conversations)",
        }
    }
}

/// What happens at the deadline to a power that still owes orders.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum NmrPolicy {
    /// Adjudicate anyway: its units hold, it does not retreat, builds are skipped and removals
    /// chosen by the rules' civil-disorder order.
    Hold,
    /// Give the phase one extra period of `secs` (counted against the game's extension
    /// allowance while any is left), then adjudicate as `Hold`.
    WaitOnce { secs: i64 },
}

impl NmrPolicy {
    /// Reads `hold`, or `wait` (one day) / `wait:DURATION` such as `wait:12h` (a bare number
    /// is seconds, as this was first written).
    pub fn parse(s: &str) -> Result<NmrPolicy, String> {
        let s = s.trim().to_lowercase();
        match s.split_once(':') {
            None if s == "hold" => Ok(NmrPolicy::Hold),
            None if s == "wait" => Ok(NmrPolicy::WaitOnce { secs: 24 * 3600 }),
            Some(("wait", n)) => {
                let secs = match n.trim().parse::<i64>() {
                    Ok(secs) => secs,
                    Err(_) => parse_duration(n)?,
                };
                if secs > 0 {
                    Ok(NmrPolicy::WaitOnce { secs })
                } else {
                    Err(format!("'{}' is no wait at all; give a duration such as 12h", quote(n)))
                }
            }
            _ => Err(format!(
                "'{}' is not an NMR policy; use hold (units of a missing power hold) or wait / wait:12h (wait once for it)",
                quote(&s)
            )),
        }
    }
}

impl Settings {
    /// Refuses settings no game could run with, saying which value is wrong.
    pub fn check(&self) -> Result<(), String> {
        for (name, secs) in [
            ("movement", self.movement_secs),
            ("retreat", self.retreat_secs),
            ("adjustment", self.adjustment_secs),
        ] {
            if !(60..=30 * 24 * 3600).contains(&secs) {
                return Err(format!(
                    "a {name} phase of {} is out of range; use between 1 minute and 30 days",
                    duration(secs)
                ));
            }
        }
        if !(0..=60 * 24 * 3600).contains(&self.max_extension_secs) {
            return Err("the total extension allowance must be between 0 and 60 days".into());
        }
        if let NmrPolicy::WaitOnce { secs } = self.nmr {
            if !(1..=30 * 24 * 3600).contains(&secs) {
                return Err("an NMR wait must be between 1 second and 30 days".into());
            }
        }
        // The community options (#29) too, so an imported file is held to what /game create
        // accepts.
        self.community.check().map_err(|e| match e {
            super::GameError::Refused(m) => m,
            e => e.to_string(),
        })?;
        match &self.daily {
            Some(d) => d.check(),
            None => Ok(()),
        }
    }

    pub fn length(&self, kind: PhaseKind) -> i64 {
        match kind {
            PhaseKind::Movement | PhaseKind::Setup => self.movement_secs,
            PhaseKind::Retreat => self.retreat_secs,
            PhaseKind::Adjustment => self.adjustment_secs,
        }
    }

    /// When a phase of this kind that begins at `start` ends.
    pub fn deadline(&self, kind: PhaseKind, start: Timestamp) -> Timestamp {
        match &self.daily {
            Some(d) => d
                .next_at_or_after(start + d.min_phase_secs)
                // Settings are checked when stored; a failure here means a corrupt row, and a
                // phase length is a safer answer than none.
                .unwrap_or(start + self.length(kind)),
            None => start + self.length(kind),
        }
    }

    /// A line for `/game status`: how phases are timed.
    pub fn describe(&self) -> String {
        let timing = match &self.daily {
            Some(d) => format!("phases end daily at {} {}", d.time, d.timezone),
            None => format!(
                "movement {}, retreats {}, adjustments {}",
                duration(self.movement_secs),
                duration(self.retreat_secs),
                duration(self.adjustment_secs)
            ),
        };
        let nmr = match self.nmr {
            NmrPolicy::Hold => "missing orders hold".to_string(),
            NmrPolicy::WaitOnce { secs } => {
                format!("waits {} once for missing orders", duration(secs))
            }
        };
        format!("{timing}; {nmr}{}", self.community.describe())
    }
}

/// A duration as people write it: `90000` → `1d 1h`, `5400` → `1h 30m`, `90` → `1m 30s`.
/// Seconds are shown only under an hour, where they can matter.
pub fn duration(secs: i64) -> String {
    let secs = secs.max(0);
    let (d, h, m, s) = (
        secs / 86400,
        secs % 86400 / 3600,
        secs % 3600 / 60,
        secs % 60,
    );
    let s = if secs < 3600 { s } else { 0 };
    let parts: Vec<String> = [(d, "d"), (h, "h"), (m, "m"), (s, "s")]
        .iter()
        .filter(|(n, _)| *n > 0)
        .map(|(n, u)| format!("{n}{u}"))
        .collect();
    if parts.is_empty() {
        "0m".to_string()
    } else {
        parts.join(" ")
    }
}

/// The longest duration read: a year is already more than any game setting allows, and
/// anything longer would overflow deadlines.
const LONGEST: i64 = 366 * 86400;

/// Reads a duration as people write it: `48h`, `2d`, `90m`, `1d 12h`, `1d12h`, `1.5h`,
/// `2 days`, `1 day, 6 hours`, `1 week`. Each number needs its unit: a bare `48` could be
/// hours or minutes.
pub fn parse_duration(text: &str) -> Result<i64, String> {
    let bad = |why: &str| {
        format!(
            "'{}' is not a duration{why}; write it like 48h, 2d, 90m, 1d 12h, 1.5h or 2 days",
            quote(text)
        )
    };
    let lower = text.trim().to_lowercase();
    let mut rest = lower.as_str();
    let mut total = 0f64;
    let mut any = false;
    loop {
        rest = rest.trim_start_matches(|c: char| c.is_whitespace() || c == ',');
        if let Some(after) = rest.strip_prefix("and ") {
            rest = after;
            continue;
        }
        if rest.is_empty() {
            break;
        }
        let digits = rest
            .find(|c: char| !(c.is_ascii_digit() || c == '.'))
            .unwrap_or(rest.len());
        let typed = quote(&rest[..digits]);
        let number: f64 = match rest[..digits].parse() {
            Ok(n) if digits > 0 => n,
            _ => return Err(bad("")),
        };
        rest = rest[digits..].trim_start();
        let letters = rest
            .find(|c: char| !c.is_alphabetic())
            .unwrap_or(rest.len());
        let scale = match &rest[..letters] {
            "s" | "sec" | "secs" | "second" | "seconds" => 1,
            "m" | "min" | "mins" | "minute" | "minutes" => 60,
            "h" | "hr" | "hrs" | "hour" | "hours" => 3600,
            "d" | "day" | "days" => 86400,
            "w" | "wk" | "wks" | "week" | "weeks" => 7 * 86400,
            "" => {
                return Err(bad(&format!(
                    ": {typed} needs a unit, such as {typed}h for hours or {typed}m for minutes"
                )))
            }
            _ => return Err(bad("")),
        };
        rest = &rest[letters..];
        total += number * scale as f64;
        any = true;
        if total > LONGEST as f64 {
            return Err(format!(
                "'{}' is longer than a year; no deadline needs that",
                quote(text)
            ));
        }
    }
    if !any {
        return Err(bad(""));
    }
    Ok(total.round() as i64)
}

#[cfg(test)]
mod tests {
    use super::*;

    // 2026-03-28 12:00 UTC, the day before British Summer Time starts.
    const SAT_NOON_UTC: Timestamp = 1_774_699_200;

    #[test]
    fn daily_deadline_is_the_next_local_time_after_the_minimum() {
        let d = DailyDeadline::new("20:00", "Europe/London").unwrap();
        let s = Settings {
            daily: Some(d),
            ..Settings::default()
        };
        // Noon + 12 h = midnight, so the 20:00 that day is too early: Sunday 20:00 BST = 19:00 UTC.
        let got = s.deadline(PhaseKind::Movement, SAT_NOON_UTC);
        assert_eq!(got, SAT_NOON_UTC + 86400 + 7 * 3600);
    }

    #[test]
    fn bad_times_and_zones_say_what_is_accepted() {
        let e = DailyDeadline::new("25:00", "UTC").unwrap_err();
        assert!(e.contains("HH:MM"), "{e}");
        let e = DailyDeadline::new("20:00", "Mars/Olympus").unwrap_err();
        assert!(e.contains("Europe/London"), "{e}");
    }

    #[test]
    fn durations_read_and_print() {
        assert_eq!(parse_duration("1d 12h").unwrap(), 129600);
        assert_eq!(parse_duration("90m").unwrap(), 5400);
        assert!(parse_duration("soon").unwrap_err().contains("48h"));
        assert_eq!(duration(90000), "1d 1h");
    }

    #[test]
    fn durations_read_as_people_write_them() {
        for (text, secs) in [
            ("6d 12h", 561_600),
            ("6d12h", 561_600),
            ("1d6h", 108_000),
            ("90m", 5400),
            ("1.5h", 5400),
            ("2 days", 172_800),
            ("1 day, 6 hours", 108_000),
            ("1 day and 6 hours", 108_000),
            ("1 week", 604_800),
            ("45s", 45),
            (" 12H ", 43_200),
        ] {
            assert_eq!(parse_duration(text), Ok(secs), "{text}");
        }
        let e = parse_duration("48").unwrap_err();
        assert!(e.contains("48h") && e.contains("48m"), "{e}");
        let e = parse_duration("2 fortnights").unwrap_err();
        assert!(e.contains("1d 12h") && e.contains("2 days"), "{e}");
        let e = parse_duration("99999999999999d").unwrap_err();
        assert!(e.contains("longer than a year"), "{e}");
        let e = parse_duration(&"9".repeat(5000)).unwrap_err();
        assert!(e.len() < 300, "{e}");
        assert_eq!(duration(561_600), "6d 12h");
        assert_eq!(duration(5400), "1h 30m");
        assert_eq!(duration(90), "1m 30s");
        assert_eq!(duration(0), "0m");
        // What is printed reads back as the same duration.
        for secs in [60, 90, 5400, 86_400, 561_600, 604_800 + 3600] {
            assert_eq!(parse_duration(&duration(secs)), Ok(secs), "{secs}");
        }
    }

    #[test]
    fn nmr_policies_parse() {
        assert_eq!(NmrPolicy::parse("hold").unwrap(), NmrPolicy::Hold);
        assert_eq!(
            NmrPolicy::parse("wait:3600").unwrap(),
            NmrPolicy::WaitOnce { secs: 3600 }
        );
        assert!(NmrPolicy::parse("panic").unwrap_err().contains("hold"));
        assert_eq!(
            NmrPolicy::parse("wait:12h").unwrap(),
            NmrPolicy::WaitOnce { secs: 43_200 }
        );
    }
}
