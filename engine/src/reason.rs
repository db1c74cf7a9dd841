//! A variant rule's reasons, typed: why one of a rulebook's own rules refused or failed an
//! order. A reason is stored as the rule's name, the reason's key and what it is about
//! (provinces, units, powers, numbers, a player's own words quoted back), and is put into
//! words by that rule's one wording function, declared with the variant. The core stores and
//! shows reasons without knowing any rule.

use crate::map::{Location, ProvinceId};
use crate::unit::{PowerId, Unit};
use crate::variant::Variant;
use serde::{Deserialize, Serialize};
use std::sync::{OnceLock, RwLock};

/// One thing a reason is about, as a value: worded when the reason is shown, so a stored
/// reason follows the variant's names (and a game's anonymous display names).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Subject {
    Province(ProvinceId),
    Location(Location),
    Unit(Unit),
    Power(PowerId),
    Number(i64),
    /// What the player wrote, quoted back ("'Atlantis' is no province").
    Quote(String),
}

impl From<ProvinceId> for Subject {
    fn from(p: ProvinceId) -> Self {
        Subject::Province(p)
    }
}

impl From<Location> for Subject {
    fn from(l: Location) -> Self {
        Subject::Location(l)
    }
}

impl From<Unit> for Subject {
    fn from(u: Unit) -> Self {
        Subject::Unit(u)
    }
}

impl From<PowerId> for Subject {
    fn from(p: PowerId) -> Self {
        Subject::Power(p)
    }
}

/// A reason of a variant's own rule: `rule` names the rule (`army/fleet`, `lost-atlantis`),
/// `reason` is the rule's key for why (`no-fleet-to-board`), `about` what it concerns, in the
/// order the rule's wording reads them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RuleReason {
    pub rule: String,
    pub reason: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub about: Vec<Subject>,
}

impl RuleReason {
    pub fn new<R: Reasons>(reason: R, about: impl IntoIterator<Item = Subject>) -> Self {
        RuleReason {
            rule: R::RULE.to_string(),
            reason: reason.key().to_string(),
            about: about.into_iter().collect(),
        }
    }

    /// Whether this is `reason` of its rule.
    pub fn is<R: Reasons>(&self, reason: R) -> bool {
        self.rule == R::RULE && self.reason == reason.key()
    }

    /// The reason in a player's words, by its rule's declared wording; a reason no wording
    /// knows (a record of a rule since removed) is named by its rule and key, never a panic.
    pub fn words(&self, variant: &Variant) -> String {
        let said = Said {
            names: Names(variant),
            about: &self.about,
        };
        let wordings = wordings().read().unwrap_or_else(|e| e.into_inner());
        wordings
            .iter()
            .filter(|w| w.rule == self.rule)
            .find_map(|w| (w.words)(&self.reason, &said))
            .unwrap_or_else(|| format!("refused by the {} rule ({})", self.rule, self.reason))
    }
}

/// One rule's reasons: an enum a rulebook declares with [`crate::rule_reasons!`], worded in
/// one function.
pub trait Reasons: Copy + 'static {
    /// The rule's name, stored with each reason.
    const RULE: &'static str;
    /// The reason's stored key.
    fn key(self) -> &'static str;
    /// The reason a stored key names.
    fn from_key(key: &str) -> Option<Self>;
    /// The reason in a player's words, reading what it is about from `said`.
    fn words(self, said: &Said) -> String;
}

/// Declares an enum of a rule's reasons, each with its stored key, and its [`Reasons`] impl
/// worded by the function named after `worded by`:
///
/// ```ignore
/// rule_reasons! {
///     /// Why a survey is refused.
///     pub enum SurveyReason for "survey", worded by survey_words {
///         /// Only a fleet surveys.
///         NotAFleet = "not-a-fleet",
///     }
/// }
/// ```
#[macro_export]
macro_rules! rule_reasons {
    ($(#[$m:meta])* $vis:vis enum $name:ident for $rule:literal, worded by $words:path {
        $($(#[$vm:meta])* $variant:ident = $key:literal),* $(,)?
    }) => {
        $(#[$m])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        $vis enum $name { $($(#[$vm])* $variant),* }

        impl $crate::reason::Reasons for $name {
            const RULE: &'static str = $rule;
            fn key(self) -> &'static str {
                match self { $($name::$variant => $key),* }
            }
            fn from_key(key: &str) -> Option<Self> {
                match key { $($key => Some($name::$variant),)* _ => None }
            }
            fn words(self, said: &$crate::reason::Said) -> String {
                $words(self, said)
            }
        }
    };
}

/// What a reason is about, for its wording: each read by its place in the list, worded with
/// the variant's names. A subject missing or of another sort reads as "?" rather than panic.
pub struct Said<'a> {
    names: Names<'a>,
    about: &'a [Subject],
}

impl Said<'_> {
    /// How many subjects the reason has.
    pub fn len(&self) -> usize {
        self.about.len()
    }

    /// Whether the reason is about nothing.
    pub fn is_empty(&self) -> bool {
        self.about.is_empty()
    }

    /// The variant the reason is worded for.
    pub fn variant(&self) -> &Variant {
        self.names.0
    }

    /// The province of subject `i` (of a province, location or unit), by name.
    pub fn province(&self, i: usize) -> String {
        match self.about.get(i) {
            Some(Subject::Province(p)) => self.names.province(*p).into_owned(),
            Some(Subject::Location(l)) => self.names.province(l.province).into_owned(),
            Some(Subject::Unit(u)) => self.names.province(u.location.province).into_owned(),
            _ => "?".into(),
        }
    }

    /// Subject `i` as a place, as orders write it: "spa/nc".
    pub fn location(&self, i: usize) -> String {
        match self.about.get(i) {
            Some(Subject::Location(l)) => self.names.location(*l),
            Some(Subject::Unit(u)) => self.names.location(u.location),
            Some(Subject::Province(p)) => self.names.province_id(*p).to_string(),
            _ => "?".into(),
        }
    }

    /// Subject `i` as a place by name, with its coast: "Montreal (nc)".
    pub fn place_name(&self, i: usize) -> String {
        let at = match self.about.get(i) {
            Some(Subject::Location(l)) => *l,
            Some(Subject::Unit(u)) => u.location,
            Some(Subject::Province(p)) => Location::province(*p),
            _ => return "?".into(),
        };
        let name = self.names.province(at.province);
        let coast = at.coast.and_then(|c| {
            let p = self.names.0.map.provinces.get(at.province.0 as usize)?;
            p.coasts.get(c.0 as usize)
        });
        match coast {
            Some(c) => format!("{name} ({c})"),
            None => name.into_owned(),
        }
    }

    /// Subject `i` as a unit ("F Gulf of Cadiz").
    pub fn unit(&self, i: usize) -> String {
        match self.about.get(i) {
            Some(Subject::Unit(u)) => self.names.unit(u),
            _ => "?".into(),
        }
    }

    /// The kind of the unit that is subject `i`, by name ("army").
    pub fn kind(&self, i: usize) -> &str {
        match self.about.get(i) {
            Some(Subject::Unit(u)) => u.kind.name(),
            _ => "?",
        }
    }

    /// The adjective of the power of subject `i` (a unit's or a power's): "English".
    pub fn adjective(&self, i: usize) -> &str {
        match self.about.get(i) {
            Some(Subject::Unit(u)) => self.names.adjective(u.power),
            Some(Subject::Power(p)) => self.names.adjective(*p),
            _ => "?",
        }
    }

    /// The letter of the unit that is subject `i` ("F").
    pub fn letter(&self, i: usize) -> &str {
        match self.about.get(i) {
            Some(Subject::Unit(u)) => u.kind.letter(),
            _ => "?",
        }
    }

    /// The id of the province of subject `i` ("nao"), as orders write it.
    pub fn province_id(&self, i: usize) -> &str {
        match self.about.get(i) {
            Some(Subject::Province(p)) => self.names.province_id(*p),
            Some(Subject::Location(l)) => self.names.province_id(l.province),
            Some(Subject::Unit(u)) => self.names.province_id(u.location.province),
            _ => "?",
        }
    }

    /// Subject `i` as a power, by its display name.
    pub fn power(&self, i: usize) -> String {
        match self.about.get(i) {
            Some(Subject::Power(p)) => self.names.power(*p).to_string(),
            Some(Subject::Unit(u)) => self.names.power(u.power).to_string(),
            _ => "?".into(),
        }
    }

    /// Subject `i` as a number.
    pub fn number(&self, i: usize) -> i64 {
        match self.about.get(i) {
            Some(Subject::Number(n)) => *n,
            _ => 0,
        }
    }

    /// Subject `i` as the player's own words.
    pub fn quote(&self, i: usize) -> &str {
        match self.about.get(i) {
            Some(Subject::Quote(q)) => q,
            _ => "?",
        }
    }
}

/// How one rule's reasons are worded: what a variant declares for each rule its rulebook
/// uses ([`crate::variants::VariantEntry::reasons`]).
#[derive(Clone, Copy)]
pub struct Wording {
    rule: &'static str,
    words: fn(&str, &Said) -> Option<String>,
}

impl Wording {
    pub const fn of<R: Reasons>() -> Wording {
        Wording {
            rule: R::RULE,
            words: words_of::<R>,
        }
    }
}

impl std::fmt::Debug for Wording {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Wording({})", self.rule)
    }
}

fn words_of<R: Reasons>(key: &str, said: &Said) -> Option<String> {
    R::from_key(key).map(|r| r.words(said))
}

fn wordings() -> &'static RwLock<Vec<Wording>> {
    static WORDINGS: OnceLock<RwLock<Vec<Wording>>> = OnceLock::new();
    WORDINGS.get_or_init(Default::default)
}

/// Makes rules' wordings known for the rest of the process; a rule declared again (the A/F
/// rules, shared by two variants) is kept once.
pub fn declare(list: &[Wording]) {
    let mut wordings = wordings().write().unwrap_or_else(|e| e.into_inner());
    for w in list {
        if !wordings
            .iter()
            .any(|k| k.rule == w.rule && k.words as usize == w.words as usize)
        {
            wordings.push(*w);
        }
    }
}

/// Names from a variant that never panic on an id from elsewhere.
pub(crate) struct Names<'v>(pub(crate) &'v Variant);

impl Names<'_> {
    pub(crate) fn province(&self, p: ProvinceId) -> std::borrow::Cow<'_, str> {
        match self.0.map.provinces.get(p.0 as usize) {
            Some(x) => x.name.as_str().into(),
            None => format!("province #{}", p.0).into(),
        }
    }

    pub(crate) fn province_id(&self, p: ProvinceId) -> &str {
        self.0
            .map
            .provinces
            .get(p.0 as usize)
            .map_or("?", |x| x.id.as_str())
    }

    pub(crate) fn location(&self, l: Location) -> String {
        let map = &self.0.map;
        match map.provinces.get(l.province.0 as usize) {
            Some(p) if l.coast.is_none_or(|c| (c.0 as usize) < p.coasts.len()) => {
                map.location_name(l)
            }
            _ => format!("province #{}", l.province.0),
        }
    }

    pub(crate) fn unit(&self, u: &Unit) -> String {
        format!("{} {}", u.kind.letter(), self.location(u.location))
    }

    pub(crate) fn power(&self, p: PowerId) -> &str {
        if (p.0 as usize) < self.0.powers.len() {
            self.0.display_name(p)
        } else {
            "an unknown power"
        }
    }

    pub(crate) fn adjective(&self, p: PowerId) -> &str {
        self.0
            .powers
            .get(p.0 as usize)
            .map_or("unknown", |x| x.adjective.as_str())
    }

    pub(crate) fn dislodged_by(&self, by: &Unit) -> String {
        format!(
            "dislodged by the unit from {}",
            self.province(by.location.province)
        )
    }
}

#[cfg(test)]
mod tests {
    use crate::outcome::Cause;
    use crate::variants::af::AfReason;
    use crate::Variant;

    #[test]
    fn a_stored_reason_reads_back_and_is_worded_by_its_rule() {
        let davis = Variant::builtin("davis").expect("davis");
        let sea = davis.map.province_by_id("mao").expect("mao");
        let cause = Cause::Rule(super::RuleReason::new(
            AfReason::NoFleetToBoard,
            [sea.into()],
        ));
        let stored = serde_json::to_string(&cause).expect("serialises");
        assert!(stored.contains("no-fleet-to-board"), "{stored}");
        let back: Cause = serde_json::from_str(&stored).expect("reads back");
        assert_eq!(back, cause);
        assert_eq!(
            back.words(&davis),
            "there is no fleet in Mid-Atlantic Ocean to board"
        );
    }

    #[test]
    fn a_reason_stored_in_words_by_an_older_release_still_reads() {
        let davis = Variant::builtin("davis").expect("davis");
        let old =
            r#"{"cause":"variant_rule","rule":"army/fleet","words":"the army is no longer there"}"#;
        let cause: Cause = serde_json::from_str(old).expect("an old record reads");
        assert_eq!(cause.words(&davis), "the army is no longer there");
    }

    #[test]
    fn a_reason_no_wording_knows_is_named_not_a_panic() {
        let davis = Variant::builtin("davis").expect("davis");
        let cause = Cause::Rule(super::RuleReason {
            rule: "gone".into(),
            reason: "removed-rule".into(),
            about: vec![super::Subject::Number(3)],
        });
        assert_eq!(
            cause.words(&davis),
            "refused by the gone rule (removed-rule)"
        );
    }
}
