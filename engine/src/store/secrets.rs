//! A game's secret draws ([`crate::rulebook::HiddenDraw`], Atlantica II's Lost Atlantis): drawn
//! from the game's seed when it is created, kept in `games.hidden` apart from the rulebook,
//! put back into the ruleset whenever the game's rules are built, shown to moderators only,
//! and exported once the rulebook says play has revealed them.
//!
//! Each draw has a random stream of its own (`Rng::stream(seed, "hidden:<name>")`), so power
//! assignment is what it was before secrets existed and one draw never shifts another.

use super::rulebook::Hidden;
use super::*;
use crate::rulebook::HiddenDraw;

/// The secret draws a variant's registry entry declares (none for an unknown variant).
pub(super) fn declared(variant: &str) -> &'static [HiddenDraw] {
    crate::variants::entry(variant).map_or(&[], |e| e.hidden_draws)
}

/// One draw's value from the game's seed: 1 to `faces`.
fn draw_one(seed: i64, draw: &HiddenDraw) -> u32 {
    let mut rng = Rng::stream(seed as u64, &format!("hidden:{}", draw.name));
    1 + rng.below(draw.faces.max(1) as usize) as u32
}

/// Every secret the variant declares, drawn from the seed.
pub(super) fn draw_all(variant: &str, seed: i64) -> Hidden {
    declared(variant)
        .iter()
        .map(|d| (d.name.to_string(), draw_one(seed, d)))
        .collect()
}

/// The game's secrets as stored, each declared draw the column lacks (a row written before
/// the variant declared it) or holds out of range drawn from the seed, so every load of the
/// game gives the same values; names the variant no longer declares are dropped.
pub(super) fn stored(variant: &str, seed: i64, text: Option<String>) -> Hidden {
    let kept: Hidden = text
        .and_then(|t| serde_json::from_str(&t).ok())
        .unwrap_or_default();
    declared(variant)
        .iter()
        .map(|d| {
            let value = kept
                .get(d.name)
                .copied()
                .filter(|v| (1..=d.faces).contains(v))
                .unwrap_or_else(|| draw_one(seed, d));
            (d.name.to_string(), value)
        })
        .collect()
}

/// The column's text: `None` for a variant with no secrets.
pub(super) fn column(hidden: &Hidden) -> Option<String> {
    if hidden.is_empty() {
        None
    } else {
        serde_json::to_string(hidden).ok()
    }
}

/// The values play has revealed at `position` (all of them), and whether any is still secret.
pub(super) fn revealed(v: &Rules, position: Option<&Position>) -> (Hidden, bool) {
    let mut out = Hidden::new();
    let mut secret = false;
    for (name, value) in &v.ruleset.hidden {
        if position.is_some_and(|p| v.revealed(p, name)) {
            out.insert(name.clone(), *value);
        } else {
            secret = true;
        }
    }
    (out, secret)
}

/// Reads the `hidden` field of a game file: each name one the variant declares, each value
/// from 1 to its faces. The field says where a value is wrong and what would be accepted.
pub(super) fn read_file_field(variant: &str, field: &Value) -> std::result::Result<Hidden, String> {
    let declared = declared(variant);
    let mut out = Hidden::new();
    let obj = match field {
        Value::Null => return Ok(out),
        Value::Object(m) => m,
        x => {
            return Err(format!(
                "hidden: expected an object of secret draw name to number, such as {{\"atlantis-area\": 3}}, found {x}"
            ))
        }
    };
    for (name, value) in obj {
        let Some(d) = declared.iter().find(|d| d.name == name) else {
            let names: Vec<&str> = declared.iter().map(|d| d.name).collect();
            return Err(format!(
                "hidden.{name}: {}",
                if names.is_empty() {
                    format!("variant '{variant}' draws no secrets")
                } else {
                    format!(
                        "not a secret of this variant; expected one of {}",
                        names.join(", ")
                    )
                }
            ));
        };
        let n = value
            .as_u64()
            .filter(|n| (1..=u64::from(d.faces)).contains(n))
            .ok_or_else(|| {
                format!(
                    "hidden.{name}: {value} is not a draw of this secret; expected a whole number from 1 to {}",
                    d.faces
                )
            })?;
        out.insert(name.clone(), n as u32);
    }
    Ok(out)
}

/// A secret draw as a moderator sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Secret {
    /// The draw's name (`atlantis-area`).
    pub name: String,
    /// What it decides.
    pub about: String,
    /// Its value, 1 to `faces`.
    pub value: u32,
    pub faces: u32,
    /// Whether play has made it public (the export then carries it).
    pub revealed: bool,
}

impl Games {
    /// The game's secret draws with their values, for a moderator. Looking is recorded in the
    /// game's audit (`view-secrets`, naming no value), so the players can know a moderator
    /// has seen them.
    pub async fn secrets(&self, id: GameId, actor: &str) -> Result<Vec<Secret>> {
        let mut tx = self.write_game(id).await?;
        let g = self.game(&mut tx, id).await?;
        let v = g.variant;
        let position = match g.seq {
            Some(seq) => Some(load_position(&mut tx, &v, id, seq).await?),
            None => None,
        };
        let out: Vec<Secret> = declared(&v.id)
            .iter()
            .filter_map(|d| {
                Some(Secret {
                    name: d.name.to_string(),
                    about: d.about.to_string(),
                    value: v.ruleset.hidden(d.name)?,
                    faces: d.faces,
                    revealed: position.as_ref().is_some_and(|p| v.revealed(p, d.name)),
                })
            })
            .collect();
        if out.is_empty() {
            return Err(refused(format!(
                "{} draws no secrets, so there is nothing to show",
                v.name
            )));
        }
        let names: Vec<&str> = out.iter().map(|s| s.name.as_str()).collect();
        audit(
            &mut tx,
            id,
            self.now(),
            actor,
            "view-secrets",
            &names.join(", "),
        )
        .await?;
        tx.commit().await?;
        Ok(out)
    }
}
