//! Orders: submitting them, marking ready, and what each power still owes.

use super::*;
use crate::judge::adjustment_due;
use crate::map::ProvinceId;
use crate::order::Order;

impl Games {
    /// Submits orders for the user's power in the current phase. Each order is checked now;
    /// accepted ones replace earlier orders for the same unit (in an adjustment, for the same
    /// site) and otherwise add to them. Partial sets are fine; in an adjustment, orders beyond
    /// the builds or removals due are refused.
    pub async fn submit(&self, id: GameId, user: &str, texts: &[String]) -> Result<SubmitReport> {
        let mut tx = self.write_game(id).await?;
        let report = self
            .submit_in(&mut tx, id, user, Seat::Player(user), texts)
            .await?;
        tx.commit().await?;
        Ok(report)
    }

    /// [`Games::submit`] for the power `seat` says, inside the caller's transaction (a
    /// sandbox's owner orders every power).
    pub(super) async fn submit_in(
        &self,
        tx: &mut sqlx::AnyConnection,
        id: GameId,
        user: &str,
        seat: Seat<'_>,
        texts: &[String],
    ) -> Result<SubmitReport> {
        let (g, seq, power_name, power, position) = ordering(self, &mut *tx, id, seat).await?;
        let v = &g.variant;
        let adjustment = v.calendar.kind(position.phase) == PhaseKind::Adjustment;
        // In an adjustment the orders given so far count against the builds or removals due.
        // The orders in force, each line accepted below placed among them as it is.
        let mut standing = current_orders(&mut *tx, v, &position, id, seq, power).await?;
        let due = adjustment_due(v, &position, power).max(0) as usize;
        // What the power has in force, for the rules that limit orders beside one another
        // (one placement per power), with each line accepted below added as it is.
        let mut beside: Vec<Order> = standing.iter().map(|(_, a)| a.order.clone()).collect();
        let mut feedback = Vec::new();
        let mut accepted = Vec::new();
        for text in texts.iter().map(|t| t.trim()).filter(|t| !t.is_empty()) {
            let length = text.chars().count();
            let checked = if length > super::text::MAX_ORDER_CHARS {
                Err(format!(
                    "{length} characters is too long for an order; one is at most {}, such as `A par - bur`",
                    super::text::MAX_ORDER_CHARS
                ))
            } else {
                parse_order(&v.grammar(), text)
                    .map_err(|e| e.message)
                    .and_then(|order| {
                        let text = check_submission(v, &position, power, &order)?;
                        crate::judge::check_beside(v, &position, power, &order, &beside)?;
                        Ok(Accepted { order, text })
                    })
            };
            let mut replaced = None;
            let checked = match checked {
                Ok(a) => {
                    let key = order_key(v, &a.order);
                    let replacing = replaces(v, &position, power, &standing, key);
                    if adjustment && !replacing && standing.len() >= due {
                        Err(beyond_due(v, &position, power, due, &standing))
                    } else {
                        // Orders given beside a unit's own (conditional retreats) take no
                        // unit's place.
                        let conditional = is_conditional(v, &a.order);
                        let sharing = key.map_or(0, |k| own_units_in(&position, power, k));
                        if replacing && sharing > 1 && !adjustment && !conditional {
                            replaced = standing
                                .iter()
                                .find(|(k, _)| *k == key)
                                .map(|(_, old)| (old.text.clone(), sharing));
                        }
                        if !conditional {
                            place(v, &position, power, &mut standing, key, a.clone());
                        }
                        Ok(a)
                    }
                }
                other => other,
            };
            match checked {
                Ok(a) => {
                    beside.push(a.order.clone());
                    feedback.push(OrderFeedback {
                        text: text.to_string(),
                        accepted: Some(a.text.clone()),
                        reason: None,
                        replaced,
                    });
                    accepted.push(a);
                }
                Err(reason) => feedback.push(OrderFeedback {
                    text: text.to_string(),
                    accepted: None,
                    reason: Some(reason),
                    replaced: None,
                }),
            }
        }
        if !accepted.is_empty() {
            sqlx::query("INSERT INTO submissions (game_id, seq, power, user_id, orders, submitted_at) VALUES ($1, $2, $3, $4, $5, $6)")
                .bind(id)
                .bind(seq)
                .bind(&power_name)
                .bind(user)
                .bind(record::submission_json(&accepted))
                .bind(self.now())
                .execute(&mut *tx)
                .await?;
        }
        let current = current_orders(&mut *tx, v, &position, id, seq, power).await?;
        let missing = missing_orders(v, &position, power, &current);
        Ok(SubmitReport {
            feedback,
            current: current.iter().map(|o| o.1.text.clone()).collect(),
            missing,
        })
    }

    /// The user's power's current order set and what is still missing, without changing it
    /// (a read: it never waits for writers).
    pub async fn orders_of(&self, id: GameId, user: &str) -> Result<SubmitReport> {
        let mut conn = self.pool.acquire().await?;
        let (g, seq, _, power, position) =
            ordering(self, &mut conn, id, Seat::Player(user)).await?;
        let v = &g.variant;
        let current = current_orders(&mut conn, v, &position, id, seq, power).await?;
        Ok(SubmitReport {
            feedback: Vec::new(),
            missing: missing_orders(v, &position, power, &current),
            current: current.into_iter().map(|o| o.1.text).collect(),
        })
    }

    /// Of `offered` (the user's power's legal-order texts for the current phase), those that
    /// may still be added beside the orders it has in force (`judge::check_beside`: a power
    /// that has placed its high-seas fleet is offered no second placement). A read.
    pub async fn still_open(
        &self,
        id: GameId,
        user: &str,
        offered: &[String],
    ) -> Result<Vec<String>> {
        let mut conn = self.pool.acquire().await?;
        let (g, seq, _, power, position) =
            ordering(self, &mut conn, id, Seat::Player(user)).await?;
        let v = &g.variant;
        let standing: Vec<Order> = current_orders(&mut conn, v, &position, id, seq, power)
            .await?
            .into_iter()
            .map(|(_, a)| a.order)
            .collect();
        if standing.is_empty() {
            return Ok(offered.to_vec());
        }
        let grammar = v.grammar();
        Ok(offered
            .iter()
            .filter(|text| {
                parse_order(&grammar, text).map_or(true, |order| {
                    crate::judge::check_beside(v, &position, power, &order, &standing).is_ok()
                })
            })
            .cloned()
            .collect())
    }

    /// Withdraws every order the user's power has given this phase (and its readiness).
    pub async fn clear_orders(&self, id: GameId, user: &str) -> Result<SubmitReport> {
        let power = self.power_of(id, user).await?;
        let mut tx = self.write_game(id).await?;
        let g = self.game(&mut tx, id).await?;
        if g.status != "running" {
            return Err(refused(format!("the game is {}", g.status)));
        }
        let seq = g.seq.unwrap_or(0);
        // An empty submission marks the point from which earlier ones no longer count.
        sqlx::query("INSERT INTO submissions (game_id, seq, power, user_id, orders, submitted_at) VALUES ($1, $2, $3, $4, '[]', $5)")
            .bind(id)
            .bind(seq)
            .bind(&power)
            .bind(user)
            .bind(self.now())
            .execute(&mut *tx)
            .await?;
        sqlx::query("DELETE FROM ready WHERE game_id = $1 AND seq = $2 AND power = $3")
            .bind(id)
            .bind(seq)
            .bind(&power)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        self.orders_of(id, user).await
    }

    /// Marks the user's power ready: once every power with something to decide is ready, the
    /// phase is adjudicated early.
    pub async fn ready(&self, id: GameId, user: &str) -> Result<()> {
        let power = self.power_of(id, user).await?;
        let mut tx = self.write_game(id).await?;
        let g = self.game(&mut tx, id).await?;
        sqlx::query(
            "INSERT INTO ready (game_id, seq, power) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING",
        )
        .bind(id)
        .bind(g.seq.unwrap_or(0))
        .bind(power)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        self.may_be_due();
        Ok(())
    }

    /// Powers that still owe orders in the current phase (a unit without an order, or an
    /// adjustment not ordered).
    pub async fn owing(&self, id: GameId) -> Result<Vec<String>> {
        let mut conn = self.pool.acquire().await?;
        let g = self.game(&mut conn, id).await?;
        let seq = g.seq.ok_or_else(|| refused("the game has not started"))?;
        let v = &g.variant;
        let position = load_position(&mut conn, v, id, seq).await?;
        let standing = all_current_orders(&mut conn, v, &position, id, seq).await?;
        Ok(owing_in(v, &position, &standing))
    }
}

/// The game (which must be running), its phase, and the user's power and position: what
/// reading or giving orders starts from.
/// Whose orders a submission is: the power the user holds, or (in a sandbox) a named power.
#[derive(Debug, Clone, Copy)]
pub(super) enum Seat<'a> {
    Player(&'a str),
    Power(&'a str),
}

async fn ordering(
    games: &Games,
    conn: &mut sqlx::AnyConnection,
    id: GameId,
    seat: Seat<'_>,
) -> Result<(GameRow, i64, String, PowerId, Position)> {
    let g = games.game(conn, id).await?;
    if g.status != "running" {
        return Err(refused(format!(
            "the game is {}; orders are taken while it runs",
            g.status
        )));
    }
    let seq = g.seq.unwrap_or(0);
    let power_name = match seat {
        Seat::Player(user) => super::lookup::power_held(conn, id, user).await?,
        Seat::Power(name) => name.to_string(),
    };
    let power = g
        .variant
        .power_by_name(&power_name)
        .ok_or_else(|| refused("unknown power"))?;
    let position = load_position(conn, &g.variant, id, seq).await?;
    Ok((g, seq, power_name, power, position))
}

/// An order in force: the province of the unit or build site it is for (`None` for a waive),
/// and the order.
pub(super) type Standing = (Option<ProvinceId>, Accepted);

/// A power's orders in force for a phase, oldest first: for each unit its latest accepted
/// order; in an adjustment, each site's latest order, up to the builds or removals due.
pub(super) async fn current_orders(
    conn: &mut sqlx::AnyConnection,
    v: &Rules,
    position: &Position,
    id: GameId,
    seq: i64,
    power: PowerId,
) -> Result<Vec<Standing>> {
    let rows: Vec<String> = sqlx::query_scalar(
        "SELECT orders FROM submissions WHERE game_id = $1 AND seq = $2 AND power = $3 ORDER BY id",
    )
    .bind(id)
    .bind(seq)
    .bind(v.power_name(power))
    .fetch_all(&mut *conn)
    .await?;
    let mut submissions = Vec::with_capacity(rows.len());
    for row in rows {
        submissions.push(record::read_submission(v, &row).map_err(refused)?);
    }
    Ok(in_force(v, position, power, submissions))
}

/// Every power's orders in force for a phase (indexed by power), read in one query.
pub(super) async fn all_current_orders(
    conn: &mut sqlx::AnyConnection,
    v: &Rules,
    position: &Position,
    id: GameId,
    seq: i64,
) -> Result<Vec<Vec<Standing>>> {
    let rows = sqlx::query(
        "SELECT power, orders FROM submissions WHERE game_id = $1 AND seq = $2 ORDER BY id",
    )
    .bind(id)
    .bind(seq)
    .fetch_all(&mut *conn)
    .await?;
    let mut by_power: Vec<Vec<Vec<Accepted>>> = vec![Vec::new(); v.powers.len()];
    for row in rows {
        let name: String = row.get("power");
        // A row for a power the variant does not have could never be adjudicated.
        let Some(power) = v.power_by_name(&name) else {
            continue;
        };
        let list = record::read_submission(v, row.get::<&str, _>("orders")).map_err(refused)?;
        by_power[power.0 as usize].push(list);
    }
    Ok(by_power
        .into_iter()
        .enumerate()
        .map(|(p, subs)| in_force(v, position, PowerId(p as u8), subs))
        .collect())
}

/// The orders in force after a power's submissions, oldest first.
fn in_force(
    v: &Rules,
    position: &Position,
    power: PowerId,
    submissions: Vec<Vec<Accepted>>,
) -> Vec<Standing> {
    let mut out: Vec<Standing> = Vec::new();
    // Orders given beside a unit's own order (Atlantica II's conditional retreat lists) replace
    // only an earlier one of their kind for that unit, and cover no unit's order.
    let mut beside: Vec<(ProvinceId, Accepted)> = Vec::new();
    for list in submissions {
        if list.is_empty() {
            out.clear();
            beside.clear();
        }
        for a in list {
            let key = order_key(v, &a.order);
            if let (true, Some(at)) = (is_conditional(v, &a.order), key) {
                beside.retain(|(k, _)| *k != at);
                beside.push((at, a));
                continue;
            }
            place(v, position, power, &mut out, key, a);
        }
    }
    out.extend(beside.into_iter().map(|(_, a)| (None, a)));
    if v.calendar.kind(position.phase) == PhaseKind::Adjustment {
        // Submissions refuse orders beyond those due; rows stored before adjustment orders
        // added up (each replaced the whole set) keep their latest, as they did then.
        let due = adjustment_due(v, position, power).max(0) as usize;
        let over = out.len().saturating_sub(due);
        out.drain(..over);
    }
    out
}

/// The powers that still owe orders, given every power's orders in force.
pub(super) fn owing_in(v: &Rules, position: &Position, standing: &[Vec<Standing>]) -> Vec<String> {
    standing
        .iter()
        .enumerate()
        .map(|(p, current)| (PowerId(p as u8), current))
        .filter(|(power, current)| !missing_orders(v, position, *power, current).is_empty())
        .map(|(power, _)| v.power_name(power).to_string())
        .collect()
}

/// Whether the order is given beside a unit's own order rather than instead of it (a
/// rulebook's conditional verb: Atlantica II's retreat lists).
fn is_conditional(v: &Rules, order: &Order) -> bool {
    matches!(order, Order::Special { verb, .. } if v.book.conditional_verbs().contains(&verb.as_str()))
}

/// The province of the unit (or build site) an order is for; `None` for a waive, and for a
/// rulebook order given in place of a build (each adds, as a waive does).
fn order_key(v: &Rules, order: &Order) -> Option<ProvinceId> {
    match order {
        Order::Special { verb, .. } if v.book.spends_build(verb) => None,
        _ => order.unit().map(|u| u.province),
    }
}

/// Whether an order for `key` takes the place of an earlier one rather than adding to them:
/// once each of the power's units in that province has an order (one for a build site).
/// Every waive adds: each gives up one more build.
fn replaces(
    v: &Rules,
    position: &Position,
    power: PowerId,
    standing: &[Standing],
    key: Option<ProvinceId>,
) -> bool {
    let waive = key.is_none() && v.calendar.kind(position.phase) == PhaseKind::Adjustment;
    let room = key.map_or(0, |k| own_units_in(position, power, k)).max(1);
    !waive && standing.iter().filter(|(k, _)| *k == key).count() >= room
}

/// Adds an order to the standing ones, in place of the oldest for the same unit or site when
/// it [`replaces`] one.
fn place(
    v: &Rules,
    position: &Position,
    power: PowerId,
    standing: &mut Vec<Standing>,
    key: Option<ProvinceId>,
    order: Accepted,
) {
    if replaces(v, position, power, standing, key) {
        if let Some(i) = standing.iter().position(|(k, _)| *k == key) {
            standing.remove(i);
        }
    }
    standing.push((key, order));
}

/// Why an adjustment order beyond those due is refused, and what the player can do instead.
fn beyond_due(
    v: &Rules,
    position: &Position,
    power: PowerId,
    due: usize,
    standing: &[Standing],
) -> String {
    let supply = v.supply(position, power);
    let units = position.units.iter().filter(|u| u.power == power).count();
    let what = if supply > units { "build" } else { "removal" };
    let plural = if due == 1 { "" } else { "s" };
    if standing.is_empty() {
        return format!("{} has no {what}s due", v.display_name(power));
    }
    let list: Vec<&str> = standing.iter().map(|(_, a)| a.text.as_str()).collect();
    format!(
        "{} is due {due} {what}{plural} and has ordered {}: {}; an order for a site already ordered replaces its order, and `/orders clear` starts again",
        v.display_name(power),
        standing.len(),
        list.join(", ")
    )
}

/// How many of the power's units stand in the province (dislodged ones in a retreat phase).
fn own_units_in(position: &Position, power: PowerId, province: ProvinceId) -> usize {
    let units: Vec<&crate::unit::Unit> = if position.dislodged.is_empty() {
        position.units.iter().collect()
    } else {
        position.dislodged.iter().map(|d| &d.unit).collect()
    };
    units
        .into_iter()
        .filter(|u| u.power == power && u.location.province == province)
        .count()
}

/// What a power still has to order: its units without orders, or its adjustments.
pub(super) fn missing_orders(
    v: &Rules,
    position: &Position,
    power: PowerId,
    current: &[Standing],
) -> Vec<String> {
    if v.controller(power) == Controller::Vote {
        // Its orders come from the ballots; nobody owes them.
        return Vec::new();
    }
    match v.calendar.kind(position.phase) {
        PhaseKind::Movement => {
            // Each order covers one unit in its province (several in the High Ocean Box).
            let mut uncovered: Vec<Option<ProvinceId>> = current.iter().map(|(k, _)| *k).collect();
            position
                .units
                .iter()
                .filter(|u| u.power == power)
                .filter(|u| {
                    match uncovered
                        .iter()
                        .position(|k| *k == Some(u.location.province))
                    {
                        Some(i) => {
                            uncovered.remove(i);
                            false
                        }
                        None => true,
                    }
                })
                .map(|u| v.unit_text(u))
                .collect()
        }
        PhaseKind::Retreat => position
            .dislodged
            .iter()
            .filter(|d| d.unit.power == power)
            .filter(|d| {
                !current
                    .iter()
                    .any(|(k, _)| *k == Some(d.unit.location.province))
            })
            .map(|d| v.unit_text(&d.unit))
            .collect(),
        PhaseKind::Adjustment => {
            let due = adjustment_due(v, position, power);
            let given = current.len() as i64;
            if due > given {
                vec![format!("{} more build or removal order(s)", due - given)]
            } else {
                Vec::new()
            }
        }
        PhaseKind::Setup => {
            if current.is_empty()
                && !v
                    .book
                    .special_orders(&v.context(position), power)
                    .is_empty()
            {
                vec!["setup orders (grants, builds or selections)".into()]
            } else {
                Vec::new()
            }
        }
    }
}

/// Whether a phase has nothing for anyone to decide, so it is adjudicated on the spot: the
/// engine's rule (`crate::settled::nothing_to_decide`).
pub(super) fn needs_nothing(v: &Rules, position: &Position) -> bool {
    crate::settled::nothing_to_decide(v, position)
}
