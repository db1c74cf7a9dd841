//! Alliances two powers declare for an alliance victory (Atlantica II, rule 2; any variant
//! whose `variant.toml` sets `alliance_victory_centers`): one power proposes, the other
//! accepts, either withdraws. A power has at most one alliance at a time and at most one
//! proposal of its own outstanding; both powers must still be in the game. Every change is
//! one transaction; rows are kept when they end, for the export.

use super::*;

/// What a command did to the game's alliances, for the players to be told: each change names
/// the power that acted and the other power concerned.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AllianceChange {
    /// `power` proposed an alliance to `partner`.
    Proposed { power: String, partner: String },
    /// `power` accepted `partner`'s proposal: they are allied.
    Declared { power: String, partner: String },
    /// `power` ended its alliance with `partner`.
    Ended { power: String, partner: String },
    /// `power` took back its proposal to `partner`.
    ProposalWithdrawn { power: String, partner: String },
    /// `power` turned down `partner`'s proposal.
    Declined { power: String, partner: String },
}

impl AllianceChange {
    /// The other power concerned, who is told.
    pub fn partner(&self) -> &str {
        match self {
            AllianceChange::Proposed { partner, .. }
            | AllianceChange::Declared { partner, .. }
            | AllianceChange::Ended { partner, .. }
            | AllianceChange::ProposalWithdrawn { partner, .. }
            | AllianceChange::Declined { partner, .. } => partner,
        }
    }
}

/// One power's alliances as it sees them.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct AllianceView {
    pub power: String,
    /// The power it is allied with.
    pub allied: Option<String>,
    /// The power it has proposed to, waiting for an answer.
    pub proposed_to: Option<String>,
    /// The powers that have proposed to it.
    pub proposed_by: Vec<String>,
    /// The other powers it could propose to (in the game, holding no alliance).
    pub free: Vec<String>,
    /// The centres two allies need together to win.
    pub needed: usize,
}

/// An open row: (id, proposer, partner, accepted).
type OpenRow = (i64, String, String, bool);

async fn open_rows(conn: &mut sqlx::AnyConnection, id: GameId) -> Result<Vec<OpenRow>> {
    let rows = sqlx::query(
        "SELECT id, proposer, partner, accepted_at FROM alliances WHERE game_id = $1 AND ended_at IS NULL ORDER BY id",
    )
    .bind(id)
    .fetch_all(&mut *conn)
    .await?;
    Ok(rows
        .iter()
        .map(|r| {
            (
                r.get("id"),
                r.get("proposer"),
                r.get("partner"),
                r.get::<Option<i64>, _>("accepted_at").is_some(),
            )
        })
        .collect())
}

/// The declared alliances of a game, as pairs of powers (for the victory check).
pub(super) async fn declared(
    conn: &mut sqlx::AnyConnection,
    v: &Rules,
    id: GameId,
) -> Result<Vec<(PowerId, PowerId)>> {
    Ok(open_rows(conn, id)
        .await?
        .into_iter()
        .filter(|r| r.3)
        .filter_map(|(_, a, b, _)| Some((v.power_by_name(&a)?, v.power_by_name(&b)?)))
        .collect())
}

fn allied_with<'a>(rows: &'a [OpenRow], power: &str) -> Option<&'a str> {
    rows.iter().filter(|r| r.3).find_map(|(_, a, b, _)| {
        if a == power {
            Some(b.as_str())
        } else if b == power {
            Some(a.as_str())
        } else {
            None
        }
    })
}

/// What every alliance command needs: the game running (or paused) with an alliance victory,
/// the caller's power, the powers still in the game, and the open rows.
struct Context {
    v: Arc<Rules>,
    power: String,
    /// The powers a player holds and that still have a unit or a centre.
    in_game: Vec<String>,
    /// The powers a player holds now.
    held: Vec<String>,
    rows: Vec<OpenRow>,
    needed: usize,
}

impl Games {
    async fn alliance_context(
        &self,
        tx: &mut sqlx::AnyConnection,
        id: GameId,
        user: &str,
    ) -> Result<Context> {
        let g = self.game(tx, id).await?;
        let v = &g.variant;
        let Some(needed) = v.alliance_victory_centers else {
            return Err(refused(format!(
                "{} has no alliance victory, so there are no alliances to declare",
                v.name
            )));
        };
        if g.status != "running" && g.status != "paused" {
            return Err(refused(match g.status.as_str() {
                "forming" => {
                    "the game has not started; alliances are declared once it has".to_string()
                }
                s => format!("the game is {s}; alliances no longer count"),
            }));
        }
        let power = lookup::power_held(tx, id, user).await?;
        let seq = g.seq.ok_or_else(|| refused("the game has not started"))?;
        let position = load_position(tx, v, id, seq).await?;
        let in_game = surviving_powers(v, &position);
        let held: Vec<String> = sqlx::query_scalar(
            "SELECT power FROM players WHERE game_id = $1 AND power IS NOT NULL",
        )
        .bind(id)
        .fetch_all(&mut *tx)
        .await?;
        let rows = open_rows(tx, id).await?;
        Ok(Context {
            v: v.clone(),
            power,
            in_game,
            held,
            rows,
            needed,
        })
    }

    /// `power` proposes an alliance to `partner`. Refused when either is allied already (say
    /// with whom), when `partner` is out of the game or has no player, or is the caller. A
    /// proposal the caller had made to a third power is taken back (one at a time); if
    /// `partner` had already proposed to the caller, this accepts it.
    pub async fn propose_alliance(
        &self,
        id: GameId,
        user: &str,
        partner: &str,
    ) -> Result<Vec<AllianceChange>> {
        let mut tx = self.write_game(id).await?;
        let c = self.alliance_context(&mut tx, id, user).await?;
        let partner = alliance_partner(&c, partner)?;
        if let Some(other) = c
            .rows
            .iter()
            .find(|r| !r.3 && r.1 == partner && r.2 == c.power)
            .map(|r| r.0)
        {
            let changes = accept_row(&mut tx, &c, other, &partner, self.now()).await?;
            tx.commit().await?;
            return Ok(changes);
        }
        let mut changes = Vec::new();
        for (row, _, to, _) in c.rows.iter().filter(|r| !r.3 && r.1 == c.power) {
            if *to == partner {
                return Err(refused(format!(
                    "you have already proposed an alliance to {partner}; it is theirs to accept with /alliance accept"
                )));
            }
            end_row(&mut tx, *row, self.now()).await?;
            changes.push(AllianceChange::ProposalWithdrawn {
                power: c.power.clone(),
                partner: to.clone(),
            });
        }
        sqlx::query(
            "INSERT INTO alliances (game_id, proposer, partner, proposed_at) VALUES ($1, $2, $3, $4)",
        )
        .bind(id)
        .bind(&c.power)
        .bind(&partner)
        .bind(self.now())
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        changes.push(AllianceChange::Proposed {
            power: c.power,
            partner,
        });
        Ok(changes)
    }

    /// The caller's power accepts `proposer`'s proposal: the two are allied from now on.
    pub async fn accept_alliance(
        &self,
        id: GameId,
        user: &str,
        proposer: &str,
    ) -> Result<Vec<AllianceChange>> {
        let mut tx = self.write_game(id).await?;
        let c = self.alliance_context(&mut tx, id, user).await?;
        let proposer = alliance_partner(&c, proposer)?;
        let Some(row) = c
            .rows
            .iter()
            .find(|r| !r.3 && r.1 == proposer && r.2 == c.power)
            .map(|r| r.0)
        else {
            let from: Vec<&str> = c
                .rows
                .iter()
                .filter(|r| !r.3 && r.2 == c.power)
                .map(|r| r.1.as_str())
                .collect();
            return Err(refused(if from.is_empty() {
                format!("{proposer} has not proposed an alliance to you; nobody has. You may propose one with /alliance propose")
            } else {
                format!(
                    "{proposer} has not proposed an alliance to you; {} has",
                    from.join(" and ")
                )
            }));
        };
        let changes = accept_row(&mut tx, &c, row, &proposer, self.now()).await?;
        tx.commit().await?;
        Ok(changes)
    }

    /// Ends the caller's alliance; with none, takes back its proposal and turns down any made
    /// to it. Refused when there is nothing to withdraw.
    pub async fn withdraw_alliance(&self, id: GameId, user: &str) -> Result<Vec<AllianceChange>> {
        let mut tx = self.write_game(id).await?;
        let c = self.alliance_context(&mut tx, id, user).await?;
        let mut changes = Vec::new();
        for (row, from, to, accepted) in &c.rows {
            let change = match (*accepted, *from == c.power, *to == c.power) {
                (true, true, _) => AllianceChange::Ended {
                    power: c.power.clone(),
                    partner: to.clone(),
                },
                (true, _, true) => AllianceChange::Ended {
                    power: c.power.clone(),
                    partner: from.clone(),
                },
                (false, true, _) => AllianceChange::ProposalWithdrawn {
                    power: c.power.clone(),
                    partner: to.clone(),
                },
                (false, _, true) => AllianceChange::Declined {
                    power: c.power.clone(),
                    partner: from.clone(),
                },
                _ => continue,
            };
            end_row(&mut tx, *row, self.now()).await?;
            changes.push(change);
        }
        if changes.is_empty() {
            return Err(refused(
                "you have no alliance and no proposal to withdraw; /alliance propose offers one",
            ));
        }
        tx.commit().await?;
        Ok(changes)
    }

    /// The caller's power's alliances, proposals, and the powers it could propose to.
    pub async fn alliance_view(&self, id: GameId, user: &str) -> Result<AllianceView> {
        let mut conn = self.pool.acquire().await?;
        let c = self.alliance_context(&mut conn, id, user).await?;
        drop(conn);
        let allied = allied_with(&c.rows, &c.power).map(str::to_string);
        let free = c
            .in_game
            .iter()
            .filter(|p| **p != c.power && c.held.contains(p))
            .filter(|p| allied_with(&c.rows, p).is_none())
            .cloned()
            .collect();
        Ok(AllianceView {
            allied,
            proposed_to: c
                .rows
                .iter()
                .find(|r| !r.3 && r.1 == c.power)
                .map(|r| r.2.clone()),
            proposed_by: c
                .rows
                .iter()
                .filter(|r| !r.3 && r.2 == c.power)
                .map(|r| r.1.clone())
                .collect(),
            free,
            needed: c.needed,
            power: c.power,
        })
    }

    /// The centres two allies need together in this game's variant, if it has an alliance
    /// victory.
    pub async fn alliance_victory_centers(&self, id: GameId) -> Result<Option<usize>> {
        let mut conn = self.pool.acquire().await?;
        Ok(self
            .game(&mut conn, id)
            .await?
            .variant
            .alliance_victory_centers)
    }
}

/// The power named as the other party of an alliance, checked: a power a player holds,
/// not the caller's, still in the game, and allied with nobody (nor is the caller).
fn alliance_partner(c: &Context, named: &str) -> Result<String> {
    let v = &c.v;
    let others = || {
        c.in_game
            .iter()
            .filter(|p| **p != c.power)
            .cloned()
            .collect::<Vec<_>>()
            .join(", ")
    };
    let partner = v
        .power_by_name(named)
        .filter(|p| player_powers(v).contains(p))
        .map(|p| v.power_name(p).to_string())
        .ok_or_else(|| {
            refused(format!(
                "'{}' is not a power of {}; the powers you may ally with are {}",
                super::text::quote(named),
                v.name,
                others()
            ))
        })?;
    if partner == c.power {
        return Err(refused(format!(
            "you play {partner}; an alliance is between two powers. Choose one of {}",
            others()
        )));
    }
    if let Some(mine) = allied_with(&c.rows, &c.power) {
        return Err(refused(format!(
            "you are allied with {mine}; a power has one alliance at a time. /alliance withdraw ends it"
        )));
    }
    if !c.in_game.contains(&partner) {
        return Err(refused(format!(
            "{partner} is out of the game (no unit, no centre); an alliance needs both powers still in it"
        )));
    }
    if !c.held.contains(&partner) {
        return Err(refused(format!(
            "nobody plays {partner} at the moment; an alliance needs its player to agree"
        )));
    }
    if let Some(theirs) = allied_with(&c.rows, &partner) {
        return Err(refused(format!(
            "{partner} is allied with {theirs}; no more than two powers share an alliance victory"
        )));
    }
    Ok(partner)
}

/// Accepts one proposal: the pair is allied, and every other open proposal made by or to
/// either power ends (each power has one alliance at a time).
async fn accept_row(
    tx: &mut Write,
    c: &Context,
    row: i64,
    proposer: &str,
    now: Timestamp,
) -> Result<Vec<AllianceChange>> {
    sqlx::query("UPDATE alliances SET accepted_at = $1 WHERE id = $2")
        .bind(now)
        .bind(row)
        .execute(&mut **tx)
        .await?;
    let mut changes = vec![AllianceChange::Declared {
        power: c.power.clone(),
        partner: proposer.to_string(),
    }];
    for (other, from, to, _) in c.rows.iter().filter(|r| !r.3 && r.0 != row) {
        let pair = [c.power.as_str(), proposer];
        if !pair.contains(&from.as_str()) && !pair.contains(&to.as_str()) {
            continue;
        }
        end_row(tx, *other, now).await?;
        // Only proposals the caller's power made or received concern its player's words;
        // the proposer's own other proposals end silently for them, but their partners hear.
        let change = if pair.contains(&from.as_str()) {
            AllianceChange::ProposalWithdrawn {
                power: from.clone(),
                partner: to.clone(),
            }
        } else {
            AllianceChange::Declined {
                power: to.clone(),
                partner: from.clone(),
            }
        };
        changes.push(change);
    }
    Ok(changes)
}

async fn end_row(conn: &mut sqlx::AnyConnection, row: i64, now: Timestamp) -> Result<()> {
    sqlx::query("UPDATE alliances SET ended_at = $1 WHERE id = $2")
        .bind(now)
        .bind(row)
        .execute(&mut *conn)
        .await?;
    Ok(())
}
