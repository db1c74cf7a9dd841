//! How a game ended, typed: the JSON `games.outcome` holds and the export carries
//! (`{"victory": "France"}`, `{"alliance": {"powers": ["Canada", "USA"], "centres": 31}}`,
//! `{"draw": [...]}`, `{"concession": "France"}`), and its words for players.

use crate::rules::Victory;
use crate::Rules;
use serde::{Deserialize, Serialize};
use serde_json::Value;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Outcome {
    /// One power won alone by centres.
    Victory(String),
    /// Two powers that had declared an alliance won together by centres (Atlantica II, rule
    /// 2), owning `centres` between them.
    Alliance { powers: [String; 2], centres: usize },
    /// Every surviving power voted for a draw.
    Draw(Vec<String>),
    /// The others conceded the game to this power.
    Concession(String),
}

impl Outcome {
    /// Reads a stored or exported outcome; `None` for anything else.
    pub fn read(v: &Value) -> Option<Outcome> {
        serde_json::from_value(v.clone()).ok()
    }

    pub fn to_json(&self) -> Value {
        serde_json::to_value(self).unwrap_or(Value::Null)
    }

    /// The game's end by centres, in power names.
    pub fn of_victory(rules: &Rules, victory: &Victory) -> Outcome {
        match *victory {
            Victory::Alone { power, .. } => Outcome::Victory(rules.power_name(power).to_string()),
            Victory::Together { powers, centres } => Outcome::Alliance {
                powers: powers.map(|p| rules.power_name(p).to_string()),
                centres,
            },
        }
    }

    /// Who won by centres, as one name or two joined by "and"; `None` for a draw or a
    /// concession.
    pub fn winners(&self) -> Option<String> {
        match self {
            Outcome::Victory(p) => Some(p.clone()),
            Outcome::Alliance { powers, .. } => Some(format!("{} and {}", powers[0], powers[1])),
            _ => None,
        }
    }

    /// The outcome as a sentence's core: "France wins", "Canada and USA win together with 31
    /// centres", "a draw between ...", "the game was conceded to France".
    pub fn words(&self) -> String {
        self.words_naming(|p| p.to_string())
    }

    /// [`Outcome::words`] with each power named as players read it
    /// ([`crate::variant::Variant::display_name`]: "C.S.A." for the stored `CSA`).
    pub fn words_for(&self, v: &crate::variant::Variant) -> String {
        self.words_naming(|p| v.display_of(p).to_string())
    }

    fn words_naming(&self, name: impl Fn(&str) -> String) -> String {
        match self {
            Outcome::Victory(p) => format!("{} wins", name(p)),
            Outcome::Alliance { powers, centres } => format!(
                "{} and {} win together with {centres} centres",
                name(&powers[0]),
                name(&powers[1])
            ),
            Outcome::Draw(powers) => format!(
                "a draw between {}",
                powers
                    .iter()
                    .map(|p| name(p))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            Outcome::Concession(p) => format!("the game was conceded to {}", name(p)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn every_stored_shape_reads_and_writes_back() {
        for v in [
            json!({"victory": "France"}),
            json!({"alliance": {"powers": ["Canada", "USA"], "centres": 31}}),
            json!({"draw": ["Austria", "France"]}),
            json!({"concession": "Italy"}),
        ] {
            let o = Outcome::read(&v).expect("reads");
            assert_eq!(o.to_json(), v);
        }
        let o = Outcome::read(&json!({"alliance": {"powers": ["Canada", "USA"], "centres": 31}}))
            .unwrap();
        assert_eq!(o.words(), "Canada and USA win together with 31 centres");
        assert_eq!(o.winners().as_deref(), Some("Canada and USA"));
        assert_eq!(Outcome::read(&json!({"nonsense": 1})), None);
    }
}
