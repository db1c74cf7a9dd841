//! Ballots for a power nobody plays (Pirates of the Caribbean's Pirates): each surviving power
//! votes, secretly, an order for each of its units; the tally is made when the phase is
//! adjudicated (`crate::vote::decide`).

use super::*;

/// A voter's ballots in force this phase, as canonical orders.
#[derive(Debug, Clone, Serialize)]
pub struct BallotReport {
    /// The order just cast, when one was.
    pub cast: Option<String>,
    pub current: Vec<String>,
}

impl Games {
    /// Casts (or replaces) the user's power's ballot for one unit of the voted power; the
    /// order is checked now, as the voted power's order. Ballots stay secret until the
    /// adjudication, which shows only how each order was decided.
    pub async fn vote_order(&self, id: GameId, user: &str, text: &str) -> Result<BallotReport> {
        let mut tx = self.write_game(id).await?;
        let (voter, g, seq, position) = self.ballot_box(&mut tx, id, user).await?;
        let v = &g.variant;
        let order = parse_order(&v.grammar(), text).map_err(|e| refused(e.message))?;
        let subject = order
            .unit()
            .map(|u| u.province)
            .ok_or_else(|| refused("name the unit (or the build site) the vote is for"))?;
        let canon = voted_power_order(v, &position, &order)?;
        sqlx::query("INSERT INTO ballots (game_id, seq, voter, subject, order_text, user_id, cast_at) VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (game_id, seq, voter, subject) DO UPDATE SET order_text = excluded.order_text, user_id = excluded.user_id, cast_at = excluded.cast_at")
            .bind(id)
            .bind(seq)
            .bind(&voter)
            .bind(&v.map.province(subject).id)
            .bind(&canon)
            .bind(user)
            .bind(self.now())
            .execute(&mut *tx)
            .await?;
        let current = self.ballots_of(&mut tx, id, seq, &voter).await?;
        tx.commit().await?;
        Ok(BallotReport {
            cast: Some(canon),
            current,
        })
    }

    /// The user's power's ballots this phase.
    pub async fn votes_of(&self, id: GameId, user: &str) -> Result<BallotReport> {
        let mut tx = self.write_game(id).await?;
        let (voter, _, seq, _) = self.ballot_box(&mut tx, id, user).await?;
        let current = self.ballots_of(&mut tx, id, seq, &voter).await?;
        Ok(BallotReport {
            cast: None,
            current,
        })
    }

    /// Withdraws every ballot the user's power has cast this phase.
    pub async fn clear_votes(&self, id: GameId, user: &str) -> Result<BallotReport> {
        let mut tx = self.write_game(id).await?;
        let (voter, _, seq, _) = self.ballot_box(&mut tx, id, user).await?;
        sqlx::query("DELETE FROM ballots WHERE game_id = $1 AND seq = $2 AND voter = $3")
            .bind(id)
            .bind(seq)
            .bind(&voter)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(BallotReport {
            cast: None,
            current: Vec::new(),
        })
    }

    /// The orders a voter may vote for this phase: every legal order of every unit of the
    /// voted power (or its builds and disbands), for autocomplete.
    pub async fn votable_orders(&self, id: GameId) -> Result<Vec<String>> {
        Ok(self
            .legal_order_texts(id, suggestions::Orderer::Vote)
            .await?
            .to_vec())
    }

    /// Users whose power may vote on an open choice this phase (a Pirate unit to order, or
    /// builds with more sites than are due) and has cast no ballot yet, for reminders.
    pub async fn voters_yet_to_vote(&self, id: GameId) -> Result<Vec<String>> {
        let (seq, v, position) = self.current(id).await?;
        if !crate::vote::has_open_choice(&v, &position) {
            return Ok(Vec::new());
        }
        let voted: Vec<String> = sqlx::query_scalar(
            "SELECT DISTINCT voter FROM ballots WHERE game_id = $1 AND seq = $2",
        )
        .bind(id)
        .bind(seq)
        .fetch_all(&self.pool)
        .await?;
        let mut out = Vec::new();
        for voter in crate::vote::voters(&v, &position) {
            let power = v.power_name(voter.power);
            if voted.iter().any(|p| p == power) {
                continue;
            }
            if let Some(user) = self.player_of(id, power).await? {
                out.push(user);
            }
        }
        Ok(out)
    }

    /// The voter's power, the game, its phase and position; refuses games not running,
    /// variants with no voted power, and powers that have no vote (eliminated ones).
    async fn ballot_box(
        &self,
        tx: &mut sqlx::AnyConnection,
        id: GameId,
        user: &str,
    ) -> Result<(String, GameRow, i64, Position)> {
        let power = super::lookup::power_held(tx, id, user).await?;
        let g = self.game(tx, id).await?;
        let v = &g.variant;
        if g.status != "running" {
            return Err(refused(format!(
                "the game is {}; votes for {} are taken while it runs",
                g.status,
                crate::vote::voted_names(v)
            )));
        }
        if crate::vote::voted_powers(v).is_empty() {
            return Err(refused(format!(
                "{} has no power ordered by vote; order your own units with /orders",
                v.name
            )));
        }
        let seq = g.seq.unwrap_or(0);
        let position = load_position(tx, v, id, seq).await?;
        let pid = v.power_by_name(&power).unwrap_or(PowerId(0));
        if !crate::vote::voters(v, &position)
            .iter()
            .any(|x| x.power == pid)
        {
            return Err(refused(format!(
                "{power} has no unit and no centre left, so it has no vote"
            )));
        }
        Ok((power, g, seq, position))
    }

    async fn ballots_of(
        &self,
        tx: &mut sqlx::AnyConnection,
        id: GameId,
        seq: i64,
        voter: &str,
    ) -> Result<Vec<String>> {
        Ok(sqlx::query_scalar(
            "SELECT order_text FROM ballots WHERE game_id = $1 AND seq = $2 AND voter = $3 ORDER BY subject",
        )
        .bind(id)
        .bind(seq)
        .bind(voter)
        .fetch_all(&mut *tx)
        .await?)
    }
}

/// Every ballot cast in a phase, as (voter, order), for the tally.
pub(super) async fn ballots(
    conn: &mut sqlx::AnyConnection,
    v: &Rules,
    id: GameId,
    seq: i64,
) -> Result<Vec<(PowerId, crate::order::Order)>> {
    let rows = sqlx::query(
        "SELECT voter, order_text FROM ballots WHERE game_id = $1 AND seq = $2 ORDER BY cast_at, voter",
    )
    .bind(id)
    .bind(seq)
    .fetch_all(&mut *conn)
    .await?;
    Ok(rows
        .iter()
        .filter_map(|r| {
            let voter = v.power_by_name(r.get::<String, _>("voter").as_str())?;
            let order =
                parse_order(&v.grammar(), r.get::<String, _>("order_text").as_str()).ok()?;
            Some((voter, order))
        })
        .collect())
}

/// Checks an order as one of the voted power's: for one of its units (or its builds and
/// disbands) and legal in this position. Returns the canonical text.
fn voted_power_order(
    v: &Rules,
    position: &Position,
    order: &crate::order::Order,
) -> Result<String> {
    let kind = v.calendar.kind(position.phase);
    if kind == PhaseKind::Setup {
        return Err(refused(format!(
            "{} give no orders in the setup; the vote starts with the first movement phase",
            crate::vote::voted_names(v)
        )));
    }
    let voted = crate::vote::voted_powers(v);
    let at = order.unit().map(|u| u.province);
    let units: Vec<&crate::unit::Unit> = match kind {
        PhaseKind::Retreat => position.dislodged.iter().map(|d| &d.unit).collect(),
        _ => position.units.iter().collect(),
    };
    let owner = units
        .iter()
        .find(|u| Some(u.location.province) == at && voted.contains(&u.power))
        .map(|u| u.power);
    let power = match (kind, owner) {
        (_, Some(p)) => p,
        // A build names an empty site.
        (PhaseKind::Adjustment, None) => voted[0],
        (_, None) => {
            let names: Vec<String> = units
                .iter()
                .filter(|u| voted.contains(&u.power))
                .map(|u| v.unit_text(u))
                .collect();
            return Err(refused(format!(
                "that is not an order for a unit of {}; the units to vote on are: {}",
                voted
                    .iter()
                    .map(|&p| v.power_name(p))
                    .collect::<Vec<_>>()
                    .join(", "),
                if names.is_empty() {
                    "none this phase".to_string()
                } else {
                    names.join(", ")
                }
            )));
        }
    };
    check_submission(v, position, power, order).map_err(refused)
}
