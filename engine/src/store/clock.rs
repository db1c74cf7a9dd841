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
/// test move the real `parley bot` process's time forward without waiting. A test rewrites
/// the file in place, so a read may catch it empty or half-written: the clock then keeps the
/// last time it read (a clock that jumped back to the system's time for an instant would
/// expire every claim and deadline at once). It reads the system clock only until the file
/// first holds a time.
#[derive(Debug, Clone)]
pub struct FileClock {
    path: std::path::PathBuf,
    last: Arc<AtomicI64>,
}

impl FileClock {
    pub fn new(path: impl Into<std::path::PathBuf>) -> FileClock {
        FileClock {
            path: path.into(),
            last: Arc::new(AtomicI64::new(i64::MIN)),
        }
    }
}

impl Clock for FileClock {
    fn now(&self) -> Timestamp {
        let read = std::fs::read_to_string(&self.path)
            .ok()
            .and_then(|s| s.trim().parse().ok());
        match read {
            Some(t) => {
                self.last.store(t, Ordering::SeqCst);
                t
            }
            None => match self.last.load(Ordering::SeqCst) {
                i64::MIN => SystemClock.now(),
                last => last,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_caught_mid_write_keeps_the_last_time_read() {
        let dir = std::env::temp_dir().join(format!("parley-clock-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("now");
        let clock = FileClock::new(&file);
        assert!(
            clock.now() > 1_700_000_000,
            "no file yet: the system's time"
        );
        std::fs::write(&file, "2000000000").unwrap();
        assert_eq!(clock.now(), 2_000_000_000);
        std::fs::write(&file, "").unwrap();
        assert_eq!(
            clock.now(),
            2_000_000_000,
            "an empty file is a write under way"
        );
        std::fs::write(&file, "2000000100\n").unwrap();
        assert_eq!(clock.now(), 2_000_000_100);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
