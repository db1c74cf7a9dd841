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

type Key = (GameId, i64, Orderer);
type Cell = Arc<OnceCell<Arc<Vec<String>>>>;

/// The lists computed so far; a game keeps only its current phase's.
#[derive(Clone, Default)]
pub struct SuggestionCache {
    lists: Arc<Mutex<HashMap<Key, Cell>>>,
}

impl SuggestionCache {
    fn cell(&self, key: Key) -> Cell {
        let mut lists = self.lists.lock().unwrap_or_else(|e| e.into_inner());
        lists.retain(|(game, seq, _), _| *game != key.0 || *seq == key.1);
        lists.entry(key).or_default().clone()
    }
}

impl Games {
    /// The legal orders (as text) of `who` in the game's current phase. Computed at most once
    /// per phase: the work runs in a task of its own, so a caller that stops waiting (an
    /// autocomplete answered with what was ready) leaves it to finish for the next keystroke.
    pub async fn legal_order_texts(&self, id: GameId, who: Orderer) -> Result<Arc<Vec<String>>> {
        let seq: Option<i64> = sqlx::query_scalar("SELECT current_seq FROM games WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await?
            .flatten();
        let seq = seq.ok_or_else(|| refused("the game has not started"))?;
        let cell = self.suggestions.cell((id, seq, who.clone()));
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
            .map(|o| o.to_text(&v.map))
            .collect(),
        Orderer::Conditional(name) => v
            .power_by_name(&name)
            .map(|p| crate::legal::conditional_orders(v, position, p))
            .unwrap_or_default()
            .into_iter()
            .map(|o| o.to_text(&v.map))
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
                            .map(|o| o.to_text(&v.map)),
                    );
                }
            }
            out
        }
    }
}
