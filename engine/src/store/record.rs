//! Typed phase records: what the store keeps of each accepted order and each adjudicated
//! phase, the export's JSON shape made from them, and reading what an older release stored.
//!
//! Orders and results are stored as the engine's own types (serde), so the way from
//! adjudication to the posted map never reads text again. A release before these records
//! stored order texts and a results document of names and words; such rows are read here
//! (once: `Games::open` and `Games::import` write them back typed, see `upgrade`).

use crate::judge::{Adjudication, DislodgedReport, OrderResult, RemovalCause, Verdict};
use crate::map::Location;
use crate::order::Order;
use crate::parse::{parse_location, parse_order, parse_unit};
use crate::position::{Dislodged, Position};
use crate::unit::{PowerId, Unit, UnitKind};
use crate::vote::{Decision, How, Tally};
use crate::Rules;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

/// An accepted order: the order itself, and its text as the player was shown it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Accepted {
    pub order: Order,
    /// For display only: the order's canonical text when it was accepted.
    pub text: String,
}

/// One element of a stored submission: typed, or an older release's text.
#[derive(Deserialize)]
#[serde(untagged)]
enum StoredOrder {
    Typed(Accepted),
    Text(String),
}

/// A submission's orders as the `submissions.orders` column holds them.
pub fn submission_json(orders: &[Accepted]) -> String {
    serde_json::to_string(orders).unwrap_or_else(|_| "[]".into())
}

/// Reads a stored submission. Texts an older release stored are read with the variant's
/// grammar; one that no longer reads (the map's names changed) is left out with a warning,
/// as it would have been illegal when adjudicated.
pub fn read_submission(v: &Rules, stored: &str) -> Result<Vec<Accepted>, String> {
    let list: Vec<StoredOrder> = serde_json::from_str(stored)
        .map_err(|e| format!("a stored submission is not a list of orders: {e}"))?;
    Ok(list
        .into_iter()
        .filter_map(|o| match o {
            StoredOrder::Typed(a) if !a.order.is_unread() => Some(a),
            // A variant order an older release stored as words: read again from its text,
            // as the rulebook reads it now.
            StoredOrder::Typed(a) => Some(match parse_order(&v.grammar(), &a.text) {
                Ok(order) => Accepted {
                    order,
                    text: a.text,
                },
                Err(_) => a,
            }),
            StoredOrder::Text(text) => match parse_order(&v.grammar(), &text) {
                Ok(order) => Some(Accepted { order, text }),
                Err(e) => {
                    tracing::warn!("stored order '{text}' no longer reads: {}", e.message);
                    None
                }
            },
        })
        .collect())
}

/// One order of an adjudicated phase.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct OrderRecord {
    pub power: PowerId,
    /// The order as adjudicated; `None` only for an order an older release stored whose text
    /// no longer reads.
    pub order: Option<Order>,
    /// For display only: the order's text as the players saw it.
    pub text: String,
    pub result: OrderResult,
    /// The reason as an older release worded it, kept where its typed cause could not be
    /// recovered (see [`PhaseRecord::from_stored`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub words: Option<String>,
}

impl OrderRecord {
    /// Why the order did not succeed, in a player's words; empty when it succeeded.
    pub fn reason(&self, v: &Rules) -> String {
        match &self.words {
            Some(w) => w.clone(),
            None => self.result.reason(v),
        }
    }
}

/// An adjudicated phase: every order with its typed result, who was dislodged and where each
/// may retreat, the adjustments, the voted orders and how they were decided, and the position
/// after it.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct PhaseRecord {
    pub orders: Vec<OrderRecord>,
    pub dislodged: Vec<DislodgedReport>,
    pub built: Vec<Unit>,
    pub removed: Vec<(Unit, RemovalCause)>,
    pub disbanded: Vec<Unit>,
    /// Dislodged units the rules moved without a retreat order of theirs (Atlantica II's
    /// right-hand rule, a retreat list written with the moves), with where each went.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub retreated: Vec<(Unit, Location)>,
    /// The orders of powers ordered by vote, as decided (never who voted what).
    pub votes: Vec<Decision>,
    /// The position after the phase (the next phase's, before any phase settled on the spot).
    pub after: Position,
}

impl PhaseRecord {
    /// The record of an adjudication of `orders` (each with its power, in the order given to
    /// the judge), of which the last `decisions.len()` were decided by vote.
    pub fn new(
        orders: Vec<(PowerId, Accepted)>,
        decisions: Vec<Decision>,
        adj: Adjudication,
    ) -> PhaseRecord {
        PhaseRecord {
            orders: orders
                .into_iter()
                .zip(adj.results)
                .map(|((power, a), result)| OrderRecord {
                    power,
                    order: Some(a.order),
                    text: a.text,
                    result,
                    words: None,
                })
                .collect(),
            dislodged: adj.dislodged,
            built: adj.built,
            removed: adj.removed,
            disbanded: adj.disbanded,
            retreated: adj.retreated,
            votes: decisions,
            after: adj.after,
        }
    }

    /// How many orders did not succeed.
    pub fn not_succeeded(&self) -> usize {
        self.orders
            .iter()
            .filter(|o| o.result.verdict != Verdict::Succeeds)
            .count()
    }

    /// The results document of `parley export` (format `parley-game-1`): names and words,
    /// readable without the engine, the same shape every release has written.
    pub fn to_json(&self, v: &Rules) -> Value {
        let mut doc = json!({
            "results": self.orders.iter().map(|o| json!({
                "power": v.power_name(o.power),
                "order": o.text,
                "result": o.result.verdict.word(),
                "reason": o.reason(v),
            })).collect::<Vec<_>>(),
        });
        doc["dislodged"] = dislodged_json(v, &self.dislodged);
        doc["built"] = units_json(v, self.built.iter());
        doc["removed"] = units_json(v, self.removed.iter().map(|(u, _)| u));
        doc["disbanded"] = units_json(v, self.disbanded.iter());
        if !self.votes.is_empty() {
            doc["votes"] = self
                .votes
                .iter()
                .map(|d| {
                    let mut j = json!({
                        "power": v.power_name(d.power),
                        "order": d.order.to_text(v),
                        "how": d.how.word(),
                    });
                    if let Some(t) = &d.tally {
                        j["leading"] = json!(t.leading);
                        j["powers_for"] = json!(t.powers_for);
                        j["voters"] = json!(t.voters);
                        j["centres_for"] = json!(t.centres_for);
                        j["owned_centres"] = json!(t.owned_centres);
                    }
                    j
                })
                .collect();
        }
        doc
    }

    /// Reads a stored record: typed, or an older release's results document, which is
    /// rebuilt by adjudicating its orders again on `position` (the phase's own). Each order
    /// whose verdict and words the engine gives again takes its typed cause; any other keeps
    /// the stored verdict and words. The unit lists are the engine's when they read the same
    /// as the stored ones, else read from the stored names. `next` is the next phase's stored
    /// position, the position after (the new adjudication's when there is none).
    pub fn from_stored(
        v: &Rules,
        position: &Position,
        stored: &str,
        next: Option<Position>,
    ) -> Result<PhaseRecord, String> {
        if is_typed(stored) {
            let mut record = read_typed(stored)?;
            record.read_words_again(v);
            return Ok(record);
        }
        let doc: Value = serde_json::from_str(stored)
            .map_err(|e| format!("stored results are not JSON: {e}"))?;
        PhaseRecord::from_document(v, position, &doc, next)
    }
}

impl PhaseRecord {
    /// Reads again from its text each variant order an older release stored as words
    /// ([`Order::is_unread`]), so its map marks and rulebook see it typed; one whose text no
    /// longer reads (or never did) stays as it was.
    pub fn read_words_again(&mut self, v: &Rules) {
        for o in &mut self.orders {
            if o.order.as_ref().is_some_and(Order::is_unread) {
                if let Ok(order) = parse_order(&v.grammar(), &o.text) {
                    o.order = Some(order);
                }
            }
        }
    }

    /// Checks every number the record holds against the variant it is read with: each power,
    /// province and coast is one the variant has, and the position after it is one the game
    /// could load. A typed record names things by number; one that names power 99 or province
    /// 9999 (a hand-made game file, a record read with the wrong variant) would make every
    /// reader that names them fail. On a problem, the field (`orders[2].power`) and what is
    /// wrong with it.
    pub fn check(&self, v: &Rules) -> Result<(), (String, String)> {
        let value = serde_json::to_value(self)
            .map_err(|e| (String::new(), format!("the record cannot be read: {e}")))?;
        check_numbers(v, &value, "")?;
        check_after(v, &self.after).map_err(|(f, m)| (format!("after.{f}"), m))
    }
}

/// The keys under which a record's serialised form holds a power's number, a list of them,
/// a province's number, or a list of them. A typed record keeps ids nowhere else; the test
/// of this module names power 99 and province 9999 in each kind of place to prove it.
const POWER_KEYS: [&str; 1] = ["power"];
const POWER_LISTS: [&str; 3] = ["powers", "owners", "homes"];
const PROVINCE_KEYS: [&str; 5] = ["province", "at", "army", "to", "attacker_from"];
const PROVINCE_LISTS: [&str; 1] = ["contested"];

fn field(path: &str, key: &str) -> String {
    if path.is_empty() {
        key.to_string()
    } else {
        format!("{path}.{key}")
    }
}

fn power_number(v: &Rules, n: &Value, path: &str) -> Result<(), (String, String)> {
    let count = v.powers.len();
    match n.as_u64() {
        Some(p) if (p as usize) < count => Ok(()),
        _ => Err((
            path.to_string(),
            format!(
                "{n} is not a power of {}: its {count} powers are numbered 0 to {}",
                v.name,
                count - 1
            ),
        )),
    }
}

fn province_number(v: &Rules, n: &Value, path: &str) -> Result<(), (String, String)> {
    let count = v.map.provinces.len();
    match n.as_u64() {
        Some(p) if (p as usize) < count => Ok(()),
        _ => Err((
            path.to_string(),
            format!(
                "{n} is not a province of {}: its {count} provinces are numbered 0 to {}",
                v.name,
                count - 1
            ),
        )),
    }
}

fn check_numbers(v: &Rules, value: &Value, path: &str) -> Result<(), (String, String)> {
    match value {
        Value::Array(items) => {
            for (i, x) in items.iter().enumerate() {
                check_numbers(v, x, &format!("{path}[{i}]"))?;
            }
        }
        Value::Object(map) => {
            for (k, x) in map {
                let here = field(path, k);
                let key = k.as_str();
                match x {
                    Value::Number(_) if POWER_KEYS.contains(&key) => power_number(v, x, &here)?,
                    Value::Number(_) if PROVINCE_KEYS.contains(&key) => {
                        province_number(v, x, &here)?
                    }
                    Value::Array(xs) if POWER_LISTS.contains(&key) => {
                        for (i, n) in xs.iter().enumerate().filter(|(_, n)| !n.is_null()) {
                            power_number(v, n, &format!("{here}[{i}]"))?;
                        }
                    }
                    Value::Array(xs) if PROVINCE_LISTS.contains(&key) => {
                        for (i, n) in xs.iter().enumerate() {
                            province_number(v, n, &format!("{here}[{i}]"))?;
                        }
                    }
                    _ => check_numbers(v, x, &here)?,
                }
            }
            // A location: its coast is one of its province's (checked above).
            if let (Some(p), Some(c)) = (
                map.get("province").and_then(Value::as_u64),
                map.get("coast").filter(|c| !c.is_null()),
            ) {
                let coasts = v.map.provinces[p as usize].coasts.len();
                if c.as_u64().is_none_or(|c| c as usize >= coasts) {
                    return Err((
                        field(path, "coast"),
                        format!(
                            "{c} is not a coast of {}, which has {}",
                            v.map.provinces[p as usize].name,
                            match coasts {
                                0 => "none".to_string(),
                                n => format!("{n}, numbered 0 to {}", n - 1),
                            }
                        ),
                    ));
                }
            }
        }
        _ => {}
    }
    Ok(())
}

/// The position after a phase: a phase of the calendar, a table entry for every province, and
/// a board the game could load.
fn check_after(v: &Rules, after: &Position) -> Result<(), (String, String)> {
    let cal = &v.calendar;
    let steps = if after.phase.setup {
        cal.setup.len()
    } else {
        cal.steps.len()
    };
    if after.phase.step >= steps {
        return Err((
            "phase.step".into(),
            format!(
                "{} is not a step of {}'s calendar, which has {steps}",
                after.phase.step, v.name
            ),
        ));
    }
    let provinces = v.map.provinces.len();
    for (key, table) in [("owners", &after.owners), ("homes", &after.homes)] {
        if table.len() != provinces {
            return Err((
                key.into(),
                format!(
                    "lists {} provinces; {} has {provinces}",
                    table.len(),
                    v.name
                ),
            ));
        }
    }
    crate::case::check_position(v, after).map_err(|e| (String::new(), e.to_string()))
}

/// Whether a stored results column holds a typed record (serde writes `orders` first), not an
/// older release's document (which starts with `results`).
pub fn is_typed(stored: &str) -> bool {
    stored.starts_with("{\"orders\":")
}

/// Reads a typed record.
pub fn read_typed(stored: &str) -> Result<PhaseRecord, String> {
    serde_json::from_str(stored).map_err(|e| format!("stored phase record does not read: {e}"))
}

impl PhaseRecord {
    /// An export's (or an older release's) results document as a record (see
    /// [`PhaseRecord::from_stored`]).
    pub fn from_document(
        v: &Rules,
        position: &Position,
        doc: &Value,
        next: Option<Position>,
    ) -> Result<PhaseRecord, String> {
        legacy(v, position, doc, next)
    }
}

fn legacy(
    v: &Rules,
    position: &Position,
    doc: &Value,
    next: Option<Position>,
) -> Result<PhaseRecord, String> {
    let rows = doc["results"]
        .as_array()
        .ok_or("stored results have no list of results")?;
    let mut stored = Vec::with_capacity(rows.len());
    for r in rows {
        let name = r["power"].as_str().unwrap_or("");
        let power = v
            .power_by_name(name)
            .ok_or_else(|| format!("stored results name an unknown power '{name}'"))?;
        let text = r["order"].as_str().unwrap_or("").to_string();
        let verdict = r["result"]
            .as_str()
            .and_then(Verdict::from_word)
            .ok_or_else(|| format!("stored result of '{text}' has no verdict"))?;
        let reason = r["reason"].as_str().unwrap_or("").to_string();
        let order = parse_order(&v.grammar(), &text).ok();
        stored.push((power, order, text, verdict, reason));
    }
    let subs: Vec<crate::judge::Submitted> = stored
        .iter()
        .map(|(power, order, text, ..)| crate::judge::Submitted {
            power: *power,
            order: order.clone().ok_or_else(|| text.clone()),
        })
        .collect();
    let again = crate::adjudicate(v, position, &subs);
    let orders = stored
        .into_iter()
        .zip(again.results.iter())
        .map(|((power, order, text, verdict, reason), fresh)| {
            let same = fresh.verdict == verdict && fresh.reason(v) == reason;
            OrderRecord {
                power,
                order,
                text,
                result: if same {
                    fresh.clone()
                } else {
                    OrderResult {
                        verdict,
                        cause: None,
                        notes: Vec::new(),
                    }
                },
                words: (!same && !reason.is_empty()).then_some(reason),
            }
        })
        .collect();
    let same_list = |key: &str, fresh: Value| doc.get(key).unwrap_or(&json!([])) == &fresh;
    let dislodged = if same_list("dislodged", dislodged_json(v, &again.dislodged)) {
        again.dislodged
    } else {
        stored_dislodged(v, doc)?
    };
    let built = if same_list("built", units_json(v, again.built.iter())) {
        again.built
    } else {
        stored_units(v, doc, "built")?
    };
    let removed = if same_list(
        "removed",
        units_json(v, again.removed.iter().map(|(u, _)| u)),
    ) {
        again.removed
    } else {
        stored_units(v, doc, "removed")?
            .into_iter()
            .map(|u| (u, RemovalCause::Order))
            .collect()
    };
    let disbanded = if same_list("disbanded", units_json(v, again.disbanded.iter())) {
        again.disbanded
    } else {
        stored_units(v, doc, "disbanded")?
    };
    let votes = doc["votes"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|d| stored_decision(v, d))
        .collect::<Result<_, _>>()?;
    Ok(PhaseRecord {
        orders,
        dislodged,
        built,
        removed,
        disbanded,
        retreated: again.retreated,
        votes,
        after: next.unwrap_or(again.after),
    })
}

fn units_json<'a>(v: &Rules, units: impl Iterator<Item = &'a Unit>) -> Value {
    units
        .map(|u| json!({"power": v.power_name(u.power), "unit": v.unit_text(u)}))
        .collect()
}

fn dislodged_json(v: &Rules, dislodged: &[DislodgedReport]) -> Value {
    dislodged
        .iter()
        .map(|d| {
            json!({
                "power": v.power_name(d.dislodged.unit.power),
                "unit": v.unit_text(&d.dislodged.unit),
                "attacker_from": v.map.province(d.dislodged.attacker_from).id,
                "retreats": d.retreats.iter().map(|l| v.map.location_name(*l)).collect::<Vec<_>>(),
            })
        })
        .collect()
}

/// A unit as a stored results document names it: `{"power": "France", "unit": "A par"}`.
fn stored_unit(v: &Rules, u: &Value) -> Result<Unit, String> {
    let name = u["power"].as_str().unwrap_or("");
    let power = v
        .power_by_name(name)
        .ok_or_else(|| format!("stored results name an unknown power '{name}'"))?;
    let text = u["unit"].as_str().unwrap_or("");
    let r = parse_unit(&v.grammar(), text)
        .map_err(|e| format!("stored unit '{text}' does not read: {}", e.message))?;
    Ok(Unit {
        power,
        kind: r.kind.unwrap_or(UnitKind::ARMY),
        location: r.location(),
    })
}

fn stored_units(v: &Rules, doc: &Value, key: &str) -> Result<Vec<Unit>, String> {
    doc[key]
        .as_array()
        .into_iter()
        .flatten()
        .map(|u| stored_unit(v, u))
        .collect()
}

fn stored_dislodged(v: &Rules, doc: &Value) -> Result<Vec<DislodgedReport>, String> {
    doc["dislodged"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|d| {
            let unit = stored_unit(v, d)?;
            let from = d["attacker_from"].as_str().unwrap_or("");
            let attacker_from = v
                .map
                .province_by_id(from)
                .ok_or_else(|| format!("stored results name an unknown province '{from}'"))?;
            let retreats = d["retreats"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|l| {
                    let name = l.as_str().unwrap_or("");
                    parse_location(&v.grammar(), name)
                        .map(|t| t.location())
                        .map_err(|e| {
                            format!("stored retreat '{name}' does not read: {}", e.message)
                        })
                })
                .collect::<Result<_, _>>()?;
            Ok(DislodgedReport {
                dislodged: Dislodged {
                    unit,
                    attacker_from,
                    attacker_came_by_convoy: false,
                    attacked_along_other_coast: false,
                },
                retreats,
                attacker: None,
            })
        })
        .collect()
}

/// A voted order as a stored results document tells it.
fn stored_decision(v: &Rules, d: &Value) -> Result<Decision, String> {
    let name = d["power"].as_str().unwrap_or("");
    let power = v
        .power_by_name(name)
        .ok_or_else(|| format!("stored vote names an unknown power '{name}'"))?;
    let text = d["order"].as_str().unwrap_or("");
    let order = parse_order(&v.grammar(), text)
        .map_err(|e| format!("stored voted order '{text}' does not read: {}", e.message))?;
    let how = match d["how"].as_str() {
        Some("carried") => How::Carried,
        Some("no choice") => How::NoChoice,
        _ => How::Default,
    };
    let count = |k: &str| d[k].as_u64().unwrap_or(0) as usize;
    let tally = d.get("powers_for").map(|_| Tally {
        carried: (how == How::Carried).then(|| text.to_string()),
        leading: d["leading"].as_str().map(str::to_string),
        powers_for: count("powers_for"),
        centres_for: count("centres_for"),
        voters: count("voters"),
        owned_centres: count("owned_centres"),
    });
    Ok(Decision {
        power,
        order,
        how,
        tally,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::order::Term;
    use crate::Variant;

    /// A Pirates grant as a release before typed variant orders stored it: its words as
    /// plain strings. It reads back typed, as the rulebook reads it now, and is stored typed.
    #[test]
    fn a_variant_order_stored_as_words_reads_back_typed() {
        let v = Variant::builtin("pirates").expect("pirates");
        let order = parse_order(&v.grammar(), "tor grant english").expect("reads");
        let Order::Special { args, .. } = &order else {
            panic!("a grant is the rulebook's order: {order:?}");
        };
        let english = v.power_by_name("english").expect("a power");
        assert_eq!(
            args,
            &[Term::Power(english)],
            "the grant names its power, typed"
        );
        let typed = submission_json(&[Accepted {
            order: order.clone(),
            text: order.to_text(&*v),
        }]);
        assert!(typed.contains("\"power\""), "stored typed: {typed}");

        let mut old: Value = serde_json::from_str(&typed).expect("json");
        old[0]["order"]["Special"]["args"] = json!(["english"]);
        let read = read_submission(&v, &old.to_string()).expect("reads");
        assert_eq!(read.len(), 1);
        assert_eq!(read[0].order, order, "read again from its text, typed");
        assert!(!read[0].order.is_unread());
    }

    /// A phase record an older release stored with a grant's words as plain strings: read
    /// again, the grant is typed, so the map draws it and the rulebook reads it.
    #[test]
    fn a_stored_phase_record_reads_its_variant_orders_again() {
        let v = Variant::builtin("pirates").expect("pirates");
        let order = parse_order(&v.grammar(), "tor grant english").expect("reads");
        let text = order.to_text(&*v);
        // Whoever gives it: the record keeps the order whatever its result.
        let grantor = PowerId(0);
        let submitted = [crate::Submitted {
            power: grantor,
            order: Ok(order.clone()),
        }];
        let adj = crate::adjudicate(&v, &v.initial_position(), &submitted);
        let record = PhaseRecord::new(
            vec![(
                grantor,
                Accepted {
                    order: order.clone(),
                    text,
                },
            )],
            Vec::new(),
            adj,
        );
        let mut old: Value = serde_json::to_value(&record).expect("json");
        old["orders"][0]["order"]["Special"]["args"] = json!(["english"]);
        let mut read = read_typed(&old.to_string()).expect("reads");
        assert!(read.orders[0].order.as_ref().is_some_and(Order::is_unread));
        read.read_words_again(&v);
        assert_eq!(read.orders[0].order.as_ref(), Some(&order));
    }

    /// An order whose words its rulebook cannot read keeps them, for the refusal to quote.
    #[test]
    fn unreadable_words_are_kept_as_written() {
        let v = Variant::builtin("pirates").expect("pirates");
        let order = parse_order(&v.grammar(), "tor grant nobody at all").expect("reads");
        assert!(order.is_unread());
        assert_eq!(order.to_text(&*v), "tor grant nobody at all");
    }
}
