//! Phases and calendars: which season of which year, and what kind of orders it takes.
//!
//! A calendar is data (`[calendar]` in `variant.toml`): the steps of one year in order, each a
//! season name and a phase kind. Standard's year is Spring movement, Spring retreat, Fall
//! movement, Fall retreat, Winter adjustment; a variant may use months with quarterly builds,
//! lettered phases, a "Monsoon" adjustment, or setup steps that come once before the first move.

use serde::{Deserialize, Serialize};
use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PhaseKind {
    Movement,
    Retreat,
    Adjustment,
    /// Once, before the first move: grants, selections and placements (Pirates; Atlantica II and
    /// Latin American Diplomacy will need one too). What a setup phase takes is the variant
    /// rulebook's business.
    Setup,
}

impl PhaseKind {
    pub fn word(self) -> &'static str {
        match self {
            PhaseKind::Movement => "movement",
            PhaseKind::Retreat => "retreat",
            PhaseKind::Adjustment => "adjustment",
            PhaseKind::Setup => "setup",
        }
    }

    fn parse(s: &str) -> Option<Self> {
        Some(match s.to_lowercase().as_str() {
            "movement" | "moves" | "move" | "orders" => PhaseKind::Movement,
            "retreat" | "retreats" => PhaseKind::Retreat,
            "adjustment" | "adjustments" | "build" | "builds" => PhaseKind::Adjustment,
            "setup" => PhaseKind::Setup,
            _ => return None,
        })
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CalendarStep {
    pub season: String,
    pub kind: PhaseKind,
    /// Whether supply centres change hands once this movement step (and the retreats after
    /// it) are over. `variant.toml` marks such steps with a third word, `count`
    /// (`["January", "movement", "count"]`); a calendar that marks none counts after the last
    /// movement step of the year, as Standard does.
    pub counts: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Calendar {
    /// The year of the first movement phase.
    pub first_year: i32,
    /// The year the setup steps are dated: `first_year`, or the year before when the setup is
    /// the previous autumn (Pirates' "Fall 1680 Adjustments" before Spring 1681).
    pub setup_year: i32,
    /// Steps that happen once, in `setup_year`, before the yearly cycle starts.
    pub setup: Vec<CalendarStep>,
    pub steps: Vec<CalendarStep>,
    /// Whether phases are named year first, as Latin American Diplomacy's rules write them
    /// ("1891 A movement"); `variant.toml`'s `year_first`. Either order is read.
    pub year_first: bool,
    /// The months each season spans, shown after its name ("1891 A movement (March-June)");
    /// `variant.toml`'s `[calendar.months]`, by season. Empty for most calendars.
    pub months: Vec<(String, String)>,
    /// The last year played: once it is over and nobody has won, the game ends in a draw of
    /// every surviving power (Latin American Diplomacy: after 1917 D). `variant.toml`'s
    /// `last_year`; `None` (most variants) plays on until someone wins.
    pub last_year: Option<i32>,
}

/// The calendar as `variant.toml` writes it: each step a season, a phase kind and, for a
/// movement step after which centres change hands, the word `count`.
#[derive(Deserialize)]
pub(crate) struct CalendarSpec {
    first_year: i32,
    setup_year: Option<i32>,
    #[serde(default)]
    setup: Vec<Vec<String>>,
    steps: Vec<Vec<String>>,
    #[serde(default)]
    year_first: bool,
    #[serde(default)]
    months: std::collections::BTreeMap<String, String>,
    #[serde(default)]
    last_year: Option<i32>,
}

impl CalendarSpec {
    pub(crate) fn build(self) -> Result<Calendar, String> {
        let conv = |v: Vec<Vec<String>>| -> Result<Vec<CalendarStep>, String> {
            v.into_iter()
                .map(|words| {
                    let (season, kind, counts) = match words.as_slice() {
                        [season, kind] => (season, kind, false),
                        [season, kind, c] if c == "count" => (season, kind, true),
                        _ => {
                            return Err(format!(
                                "calendar step {words:?}: expected [season, kind] or [season, kind, \"count\"]"
                            ))
                        }
                    };
                    let kind = PhaseKind::parse(kind).ok_or_else(|| {
                        format!("calendar step '{season} {kind}': kind must be movement, retreat, adjustment or setup")
                    })?;
                    if counts && kind != PhaseKind::Movement {
                        return Err(format!(
                            "calendar step '{season} {kind}': only a movement step may count centres"
                        ));
                    }
                    Ok(CalendarStep {
                        season: season.clone(),
                        kind,
                        counts,
                    })
                })
                .collect()
        };
        let setup_year = self.setup_year.unwrap_or(self.first_year);
        if !(self.first_year - 1..=self.first_year).contains(&setup_year) {
            return Err(format!(
                "calendar setup_year {setup_year} must be first_year ({}) or the year before",
                self.first_year
            ));
        }
        if let Some(last) = self.last_year.filter(|&y| y < self.first_year) {
            return Err(format!(
                "calendar last_year {last} comes before first_year ({})",
                self.first_year
            ));
        }
        let mut cal = Calendar {
            first_year: self.first_year,
            setup_year,
            setup: conv(self.setup)?,
            steps: conv(self.steps)?,
            year_first: self.year_first,
            months: self.months.into_iter().collect(),
            last_year: self.last_year,
        };
        if let Some((season, _)) = cal.months.iter().find(|(season, _)| {
            !cal.steps
                .iter()
                .chain(&cal.setup)
                .any(|s| &s.season == season)
        }) {
            return Err(format!(
                "calendar months for '{season}': no step of the calendar has that season"
            ));
        }
        if cal.setup.iter().any(|s| s.counts) {
            return Err("a setup step cannot count centres".into());
        }
        let Some(last) = cal
            .steps
            .iter()
            .rposition(|s| s.kind == PhaseKind::Movement)
        else {
            return Err("the calendar has no movement step".into());
        };
        if !cal.steps.iter().any(|s| s.counts) {
            cal.steps[last].counts = true;
        }
        Ok(cal)
    }
}

/// The last year a phase may be dated. No game lasts this long; the bound keeps years read
/// from files (and `next` after them) far from overflow, and keeps names four digits wide.
pub const LAST_YEAR: i32 = 9999;

/// A point in a game's calendar.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Phase {
    pub year: i32,
    /// Index into the calendar's steps, or into its setup steps when `setup` is true.
    pub step: usize,
    pub setup: bool,
}

impl Calendar {
    pub fn step(&self, phase: Phase) -> &CalendarStep {
        if phase.setup {
            &self.setup[phase.step]
        } else {
            &self.steps[phase.step]
        }
    }

    pub fn kind(&self, phase: Phase) -> PhaseKind {
        self.step(phase).kind
    }

    pub fn first_phase(&self) -> Phase {
        if self.setup.is_empty() {
            Phase {
                year: self.first_year,
                step: 0,
                setup: false,
            }
        } else {
            Phase {
                year: self.setup_year,
                step: 0,
                setup: true,
            }
        }
    }

    /// The step after this one, whether or not it will have anything to decide.
    pub fn next(&self, phase: Phase) -> Phase {
        if phase.setup {
            if phase.step + 1 < self.setup.len() {
                return Phase {
                    step: phase.step + 1,
                    ..phase
                };
            }
            return Phase {
                year: self.first_year,
                step: 0,
                setup: false,
            };
        }
        if phase.step + 1 < self.steps.len() {
            Phase {
                step: phase.step + 1,
                ..phase
            }
        } else {
            Phase {
                year: phase.year + 1,
                step: 0,
                setup: false,
            }
        }
    }

    /// The next step of the given kind, skipping others (a movement phase with no dislodgement
    /// goes straight on to the next movement or adjustment).
    pub fn next_of(&self, phase: Phase, wanted: impl Fn(PhaseKind) -> bool) -> Phase {
        let mut p = self.next(phase);
        for _ in 0..=self.steps.len() + self.setup.len() {
            if wanted(self.kind(p)) {
                return p;
            }
            p = self.next(p);
        }
        p
    }

    /// Whether this is the last movement phase of its year (where centres change hands).
    pub fn is_last_movement_of_year(&self, phase: Phase) -> bool {
        !phase.setup
            && self.kind(phase) == PhaseKind::Movement
            && !self.steps[phase.step + 1..]
                .iter()
                .any(|s| s.kind == PhaseKind::Movement)
    }

    /// Whether `phase` comes after the last year of a calendar that has one: the game that
    /// reaches it is over (a draw, unless somebody has won).
    pub fn past_last_year(&self, phase: Phase) -> bool {
        self.last_year.is_some_and(|last| phase.year > last)
    }

    /// Whether supply centres change hands once this phase is over: at the end of a movement
    /// step that counts ([`CalendarStep::counts`]; by default the year's last), or of the
    /// retreat step that follows it.
    pub fn ends_centre_count(&self, phase: Phase) -> bool {
        if phase.setup {
            return false;
        }
        match self.kind(phase) {
            PhaseKind::Movement => self.steps[phase.step].counts,
            PhaseKind::Retreat => self.steps[..phase.step]
                .iter()
                .rev()
                .find(|s| s.kind == PhaseKind::Movement)
                .is_some_and(|m| m.counts),
            _ => false,
        }
    }

    /// "Spring 1901 movement"; year first where the calendar says so, with the season's
    /// months where it gives them: "1891 A movement (March-June)".
    pub fn name(&self, phase: Phase) -> String {
        let s = self.step(phase);
        let name = if self.year_first {
            format!("{} {} {}", phase.year, s.season, s.kind.word())
        } else {
            format!("{} {} {}", s.season, phase.year, s.kind.word())
        };
        match self.months.iter().find(|(season, _)| *season == s.season) {
            Some((_, months)) => format!("{name} ({months})"),
            None => name,
        }
    }

    /// Reads "Spring 1901 movement" (any case; the kind may be omitted when the season has one),
    /// or year first: "1901 Spring movement", "1891 A", "1891A"; a closing "(March-June)", as
    /// names with months end, is left out.
    pub fn parse(&self, text: &str) -> Result<Phase, String> {
        let bare = match text.trim_end().strip_suffix(')') {
            Some(head) => head.rsplit_once('(').map_or(text, |(name, _)| name),
            None => text,
        };
        // "1891A": the year and the season written together.
        let mut split: Vec<&str> = Vec::new();
        for w in bare.split_whitespace() {
            let digits = w.bytes().take_while(u8::is_ascii_digit).count();
            if digits > 0 && digits < w.len() && w.as_bytes()[digits].is_ascii_alphabetic() {
                split.extend([&w[..digits], &w[digits..]]);
            } else {
                split.push(w);
            }
        }
        // Year first: the season after it.
        let words: Vec<&str> = match split.as_slice() {
            [year, season, rest @ ..] if year.bytes().all(|b| b.is_ascii_digit()) => {
                let mut w = vec![*season, *year];
                w.extend(rest);
                w
            }
            _ => split,
        };
        let expected = || {
            let eg = self.name(self.first_phase());
            format!("a phase such as '{eg}' (season, year, then movement, retreat or adjustment)")
        };
        // A word of digits is the year even when it is too long for a number, so an absurd
        // year is refused as out of range rather than as missing.
        let is_year = |w: &str| {
            let digits = w.strip_prefix(['-', '+']).unwrap_or(w);
            !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
        };
        let year_at = words
            .iter()
            .position(|w| is_year(w))
            .ok_or_else(|| format!("phase '{text}' has no year; expected {}", expected()))?;
        let year: i32 = words[year_at]
            .parse()
            .map_err(|_| format!("phase '{text}': {}", self.year_range()))?;
        let season = words[..year_at].join(" ").to_lowercase();
        let kind = match &words[year_at + 1..] {
            [] => None,
            [k] => Some(PhaseKind::parse(k).ok_or_else(|| {
                format!(
                    "phase '{text}': unknown phase kind '{k}'; expected {}",
                    expected()
                )
            })?),
            _ => {
                return Err(format!(
                    "phase '{text}' not understood; expected {}",
                    expected()
                ))
            }
        };
        let matches = |s: &CalendarStep| {
            s.season.to_lowercase() == season && kind.is_none_or(|k| k == s.kind)
        };
        // A setup step in a year of its own may also be called by the kind of orders it
        // takes: Pirates' rules name their setup "Fall 1680 Adjustments".
        let own_year = self.setup_year != self.first_year;
        let matches_setup = |s: &CalendarStep| {
            matches(s)
                || (own_year
                    && s.season.to_lowercase() == season
                    && kind == Some(PhaseKind::Adjustment))
        };
        if year == self.setup_year {
            if let Some(i) = self.setup.iter().position(matches_setup) {
                return Ok(Phase {
                    year,
                    step: i,
                    setup: true,
                });
            }
        }
        match self.steps.iter().position(matches) {
            Some(i) => {
                let phase = Phase {
                    year,
                    step: i,
                    setup: false,
                };
                self.check_year(phase)
                    .map_err(|e| format!("phase '{text}': {e}"))?;
                Ok(phase)
            }
            None => Err(format!(
                "phase '{text}' is not in this variant's calendar; expected {}",
                expected()
            )),
        }
    }

    /// Refuses a phase dated outside the game's years: a setup step in any year but the setup
    /// year, a yearly step before the first year or after [`LAST_YEAR`]. Years come from
    /// case files and imported games, and an unchecked one would overflow `next`.
    pub fn check_year(&self, phase: Phase) -> Result<(), String> {
        let fits = if phase.setup {
            phase.year == self.setup_year
        } else {
            (self.first_year..=LAST_YEAR).contains(&phase.year)
        };
        if fits {
            Ok(())
        } else {
            Err(format!(
                "the year {} is out of range; {}",
                phase.year,
                self.year_range()
            ))
        }
    }

    fn year_range(&self) -> String {
        let setup = if self.setup.is_empty() {
            String::new()
        } else {
            format!(" (the setup in {})", self.setup_year)
        };
        format!("years run from {} to {LAST_YEAR}{setup}", self.first_year)
    }
}

impl fmt::Display for PhaseKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

#[cfg(test)]
mod tests {
    use super::{CalendarSpec, Phase};
    use crate::Variant;

    fn calendar(steps: &str) -> Result<super::Calendar, String> {
        let text = format!("first_year = 1901\nsteps = {steps}\n");
        toml::from_str::<CalendarSpec>(&text)
            .map_err(|e| e.to_string())?
            .build()
    }

    #[test]
    fn centres_change_hands_after_the_steps_marked_count() {
        let at = |step| Phase {
            year: 1901,
            step,
            setup: false,
        };
        // Unmarked: after the year's last movement step and its retreats, as in Standard.
        let standard = calendar(
            r#"[["Spring", "movement"], ["Spring", "retreat"], ["Fall", "movement"], ["Fall", "retreat"], ["Winter", "adjustment"]]"#,
        )
        .expect("standard calendar");
        let counts: Vec<bool> = (0..5).map(|s| standard.ends_centre_count(at(s))).collect();
        assert_eq!(counts, [false, false, true, true, false]);
        // Marked: after every marked movement step (Atlantica counts four times a year).
        let quarterly = calendar(
            r#"[["January", "movement", "count"], ["January", "retreat"], ["April", "movement", "count"], ["April", "retreat"], ["May", "movement"], ["May", "adjustment"]]"#,
        )
        .expect("quarterly calendar");
        let counts: Vec<bool> = (0..6).map(|s| quarterly.ends_centre_count(at(s))).collect();
        assert_eq!(counts, [true, true, true, true, false, false]);
        let e =
            calendar(r#"[["Spring", "movement"], ["Winter", "adjustment", "count"]]"#).unwrap_err();
        assert!(e.contains("only a movement step may count centres"), "{e}");
        let e = calendar(r#"[["Spring", "movement", "tally"]]"#).unwrap_err();
        assert!(e.contains("expected [season, kind]"), "{e}");
    }

    #[test]
    fn years_are_read_only_within_the_games_range() {
        let cal = &Variant::builtin("standard").expect("standard").calendar;
        assert!(cal.parse("Spring 1901 movement").is_ok());
        assert!(cal.parse("Winter 9999 adjustment").is_ok());
        for (text, said) in [
            ("Spring 10000 movement", "the year 10000 is out of range"),
            ("Spring 1900 movement", "the year 1900 is out of range"),
            ("Spring -4 movement", "the year -4 is out of range"),
            (
                "Spring 2147483647 movement",
                "the year 2147483647 is out of range",
            ),
            ("Spring 2147483648 movement", "years run from 1901 to 9999"),
            ("Spring 0000000000000000000001901 movement", ""),
        ] {
            match cal.parse(text) {
                Err(e) => assert!(e.contains(said), "{text}: {e}"),
                // Leading zeros are still the year 1901.
                Ok(p) => assert_eq!((text, p.year), (text, 1901)),
            }
        }
        // The last phase of the last year still has a next phase: no overflow.
        let last = cal.parse("Winter 9999 adjustment").expect("last");
        assert_eq!(cal.name(cal.next(last)), "Spring 10000 movement");
        assert!(cal.check_year(cal.next(last)).is_err());

        let pirates = &Variant::builtin("pirates").expect("pirates").calendar;
        assert!(pirates.parse("Fall 1680 setup").is_ok());
        let e = pirates.parse("Spring 1680 movement").unwrap_err();
        assert!(
            e.contains("years run from 1681 to 9999 (the setup in 1680)"),
            "{e}"
        );
    }
}
