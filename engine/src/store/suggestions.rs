//! Legal-order lists for autocomplete: computed once per game, phase and power, on a blocking
//! thread, and shared by every keystroke after that.
//!
//! Discord drops an autocomplete answer after 3 s and sends one request per keystroke, so
//! the list must never be computed inline on the async threads, nor again for each letter.

use super::*;
use std::collections::HashMap;
use tokio::sync::OnceCell;

/// Whose orders a list holds.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Orderer {
    /// One power's own units (or adjustments), by the power's name as the players table holds
    /// it: a keystroke that finds its list ready needs nothing loaded but the game's phase.
    Power(String),
    /// Every power ordered by vote (the Pirates): what a voter may vote for.
    Vote,
    /// One power's conditional orders (Atlantica's retreat lists), by the power's name: kept
    /// apart from its orders, since autocomplete offers them only once the typed text reaches
    /// a unit and the conditional verb (`legal::conditional_orders`).
    Conditional(String),
}

/// A game's board as the lists were computed from it: the phase number, and the audit id of
/// the last moderator edit of the board (0 if none), which changes the board within a phase.
type Board = (i64, i64);
type Key = (GameId, Board, Orderer);
type Cell = Arc<OnceCell<Arc<Vec<String>>>>;

/// The lists computed so far; a game keeps only its current board's.
#[derive(Clone, Default)]
pub struct SuggestionCache {
    lists: Arc<Mutex<HashMap<Key, Cell>>>,
}

impl SuggestionCache {
    fn cell(&self, key: Key) -> Cell {
        let mut lists = self.lists.lock().unwrap_or_else(|e| e.into_inner());
        lists.retain(|(game, board, _), _| *game != key.0 || *board == key.1);
        lists.entry(key).or_default().clone()
    }
}

impl Games {
    /// The legal orders (as text) of `who` in the game's current phase. Computed at most once
    /// per board (a phase, until a moderator edits it): the work runs in a task of its own, so
    /// a caller that stops waiting (an autocomplete answered with what was ready) leaves it to
    /// finish for the next keystroke. The board is read from the database, not remembered, so
    /// an edit made through another process is seen too.
    pub async fn legal_order_texts(&self, id: GameId, who: Orderer) -> Result<Arc<Vec<String>>> {
        let row = sqlx::query(
            "SELECT g.current_seq, (SELECT COALESCE(MAX(a.id), 0) FROM audit a WHERE a.game_id = g.id AND a.action = 'edit-board') AS edit FROM games g WHERE g.id = $1",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await?;
        let seq: Option<i64> = row.as_ref().and_then(|r| r.get("current_seq"));
        let seq = seq.ok_or_else(|| refused("the game has not started"))?;
        let edit: i64 = row.map_or(0, |r| r.get("edit"));
        let cell = self.suggestions.cell((id, (seq, edit), who.clone()));
        if let Some(list) = cell.get() {
            return Ok(list.clone());
        }
        let games = self.clone();
        let work = tokio::spawn(async move {
            cell.get_or_try_init(|| async {
                let (variant, position) = {
                    let mut conn = games.pool.acquire().await?;
                    let g = games.game(&mut conn, id).await?;
                    let position = load_position(&mut conn, &g.variant, id, seq).await?;
                    (g.variant, position)
                };
                let list =
                    tokio::task::spawn_blocking(move || legal_texts(&variant, &position, who))
                        .await
                        .map_err(|e| refused(format!("listing the legal orders failed: {e}")))?;
                Ok::<_, GameError>(Arc::new(list))
            })
            .await
            .cloned()
        });
        work.await
            .map_err(|e| refused(format!("listing the legal orders failed: {e}")))?
    }
}

fn legal_texts(v: &Rules, position: &Position, who: Orderer) -> Vec<String> {
    match who {
        Orderer::Power(name) => v
            .power_by_name(&name)
            .map(|p| crate::legal::legal_orders(v, position, p))
            .unwrap_or_default()
            .into_iter()
            .flat_map(|(_, orders)| orders)
            .map(|o| o.to_text(v))
            .collect(),
        Orderer::Conditional(name) => v
            .power_by_name(&name)
            .map(|p| crate::legal::conditional_orders(v, position, p))
            .unwrap_or_default()
            .into_iter()
            .map(|o| o.to_text(v))
            .collect(),
        Orderer::Vote => {
            if v.calendar.kind(position.phase) == PhaseKind::Setup {
                return Vec::new();
            }
            let mut out = Vec::new();
            for p in crate::vote::voted_powers(v) {
                for (_, list) in crate::legal::legal_orders(v, position, p) {
                    // Every build due is used (rule 6), so a waive is never on the ballot.
                    out.extend(
                        list.iter()
                            .filter(|o| !matches!(o, crate::order::Order::Waive))
                            .map(|o| o.to_text(v)),
                    );
                }
            }
            out
        }
    }
}
