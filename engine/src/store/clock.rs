//! Where the time comes from: the system clock in production, a hand-set one in tests.

use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;

/// Seconds since the Unix epoch.
pub type Timestamp = i64;

pub trait Clock: Send + Sync {
    fn now(&self) -> Timestamp;
}

#[derive(Debug, Default, Clone, Copy)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> Timestamp {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_secs() as i64)
            .unwrap_or(0)
    }
}

/// A clock that only moves when told to; shared by clones.
#[derive(Debug, Clone, Default)]
pub struct ManualClock(Arc<AtomicI64>);

impl ManualClock {
    pub fn at(t: Timestamp) -> Self {
        ManualClock(Arc::new(AtomicI64::new(t)))
    }
    pub fn set(&self, t: Timestamp) {
        self.0.store(t, Ordering::SeqCst);
    }
    pub fn advance(&self, secs: i64) {
        self.0.fetch_add(secs, Ordering::SeqCst);
    }
}

impl Clock for ManualClock {
    fn now(&self) -> Timestamp {
        self.0.load(Ordering::SeqCst)
    }
}

/// A clock read from a file holding Unix seconds, re-read on every call: lets an end-to-end
/// test move the real `parley bot` process's time forward without waiting. Falls back to the
/// system clock while the file is missing or unreadable.
#[derive(Debug, Clone)]
pub struct FileClock(pub std::path::PathBuf);

impl Clock for FileClock {
    fn now(&self) -> Timestamp {
        std::fs::read_to_string(&self.0)
            .ok()
            .and_then(|s| s.trim().parse().ok())
            .unwrap_or_else(|| SystemClock.now())
    }
}
