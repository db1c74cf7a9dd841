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
