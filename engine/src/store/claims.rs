//! Claims: which bot process is working on a game's due phase, its results posts and its
//! reminders, and until when. Several processes may share one database; a game is worked on
//! by the one process holding an unexpired claim on it, so its phase is adjudicated, posted
//! and reminded by one process only. A claim is a lease: a process that dies mid-work leaves
//! its claims to expire and another process takes the games over (each adjudication is one
//! transaction, so nothing it left is half-done).

use super::*;

/// A bot process as it names itself in claims, and how long its claims last.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Claimant {
    /// Unique among the processes sharing a database (host, process id and start).
    pub name: String,
    /// Seconds a claim lasts unless renewed; a dead process's games wait this long.
    pub lease_secs: i64,
}

impl Claimant {
    /// This host's process for `role` (the shard range it runs): `host/role`. A process
    /// restarted in the same role on the same host takes its dead self's claims back at once,
    /// while a process elsewhere waits for them to expire. Two live processes must not share
    /// a name; a host that runs two in one role names them (`PARLEY_PROCESS_NAME`).
    pub fn on_this_host(role: &str, lease_secs: i64) -> Claimant {
        let host = std::env::var("HOSTNAME")
            .ok()
            .or_else(|| std::fs::read_to_string("/etc/hostname").ok())
            .map(|h| h.trim().to_string())
            .filter(|h| !h.is_empty())
            .unwrap_or_else(|| "localhost".into());
        Claimant {
            name: format!("{host}/{role}"),
            lease_secs,
        }
    }
}

impl Games {
    /// Claims (or renews this process's claim on) a game for `who.lease_secs` from now.
    /// `false` when another process holds an unexpired claim: leave the game to it.
    pub async fn claim(&self, id: GameId, who: &Claimant) -> Result<bool> {
        let now = self.now();
        let claimed = self
            .write_one(
                sqlx::query(
                    "UPDATE games SET claimed_by = $1, claimed_until = $2 WHERE id = $3 AND (claimed_by IS NULL OR claimed_by = $1 OR claimed_until IS NULL OR claimed_until <= $4)",
                )
                .bind(&who.name)
                .bind(now + who.lease_secs.max(1))
                .bind(id)
                .bind(now),
            )
            .await?
            .rows_affected();
        Ok(claimed == 1)
    }

    /// Hands a game back, if this process holds it.
    pub async fn release(&self, id: GameId, who: &Claimant) -> Result<()> {
        self.write_one(
            sqlx::query(
                "UPDATE games SET claimed_by = NULL, claimed_until = NULL WHERE id = $1 AND claimed_by = $2",
            )
            .bind(id)
            .bind(&who.name),
        )
        .await?;
        Ok(())
    }

    /// Hands back every game this process holds (a clean stop), so other processes need not
    /// wait for the leases to run out.
    pub async fn release_all(&self, who: &Claimant) -> Result<u64> {
        Ok(self
            .write_one(
                sqlx::query(
                    "UPDATE games SET claimed_by = NULL, claimed_until = NULL WHERE claimed_by = $1",
                )
                .bind(&who.name),
            )
            .await?
            .rows_affected())
    }

    /// Who holds an unexpired claim on a game at the clock's now, if anyone (for `/mod` status
    /// and tests).
    pub async fn claimed_by(&self, id: GameId) -> Result<Option<String>> {
        let now = self.now();
        Ok(sqlx::query_scalar(
            "SELECT claimed_by FROM games WHERE id = $1 AND claimed_by IS NOT NULL AND claimed_until > $2",
        )
        .bind(id)
        .bind(now)
        .fetch_optional(&self.pool)
        .await?
        .flatten())
    }

    /// Whether phase `seq`'s reminders are still to be sent (read after claiming the game: the
    /// process that held it before may have sent them).
    pub async fn reminders_unsent(&self, id: GameId, seq: i64) -> Result<bool> {
        let reminded: Option<Option<i64>> =
            sqlx::query_scalar("SELECT reminded_seq FROM games WHERE id = $1")
                .bind(id)
                .fetch_optional(&self.pool)
                .await?;
        Ok(matches!(reminded, Some(r) if r != Some(seq)))
    }
}
