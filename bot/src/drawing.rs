//! The threads that draw the bot's maps: one per core, taking maps in the order they were
//! asked for, each keeping its render buffers from one map to the next.
//!
//! A burst of due games would otherwise draw every map at once on the runtime's blocking
//! threads, each picture's memory held at the same time and every results post finished only
//! when nearly all are. In turn, the first game's post goes out after one map. The same few
//! threads also keep `render`'s buffers warm: on a blocking thread picked at random, a map
//! mostly found none and faulted five megabytes in afresh. A thread that has drawn nothing
//! for [`IDLE`] lets its buffers go, so a quiet bot holds none.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::OnceLock;
use std::time::Duration;

use crossbeam_channel::{Receiver, RecvTimeoutError, Sender};

/// How long a drawing thread waits for the next map before it frees its buffers.
pub const IDLE: Duration = Duration::from_secs(10);

type Job = Box<dyn FnOnce() + Send>;

/// A fixed set of drawing threads fed from one queue.
pub struct Drawers {
    queue: Sender<Job>,
}

impl Drawers {
    /// Starts `threads` drawing threads (at least one).
    pub fn start(threads: usize, idle: Duration) -> std::io::Result<Drawers> {
        let (queue, jobs) = crossbeam_channel::unbounded::<Job>();
        for n in 0..threads.max(1) {
            let jobs = jobs.clone();
            std::thread::Builder::new()
                .name(format!("parley-draw-{n}"))
                .spawn(move || work(jobs, idle))?;
        }
        Ok(Drawers { queue })
    }

    /// Runs `draw` on a drawing thread once the maps asked for before it have started: its
    /// place in the queue is taken by this call, not when the answer is awaited. A panic while
    /// drawing is an error here; the thread goes on to the next map.
    pub fn draw<T: Send + 'static>(
        &self,
        draw: impl FnOnce() -> T + Send + 'static,
    ) -> impl std::future::Future<Output = Result<T, String>> {
        let (done, result) = tokio::sync::oneshot::channel();
        let queued = self.queue.send(Box::new(move || {
            // The receiver is gone only when the asker gave up; nobody wants the map then.
            let _ = done.send(draw());
        }));
        async move {
            queued.map_err(|_| {
                "drawing the map failed: the drawing threads have stopped".to_string()
            })?;
            result
                .await
                .map_err(|_| "drawing the map failed: the drawing thread panicked".to_string())
        }
    }
}

fn work(jobs: Receiver<Job>, idle: Duration) {
    loop {
        let job = match jobs.recv_timeout(idle) {
            Ok(job) => job,
            Err(RecvTimeoutError::Timeout) => {
                render::let_go_of_buffers();
                match jobs.recv() {
                    Ok(job) => job,
                    Err(_) => return,
                }
            }
            Err(RecvTimeoutError::Disconnected) => return,
        };
        // The job's own result channel carries the failure to its asker.
        let _ = catch_unwind(AssertUnwindSafe(job));
    }
}

/// The bot's drawing threads, one per core, started on first use.
pub fn drawers() -> Result<&'static Drawers, String> {
    static DRAWERS: OnceLock<Drawers> = OnceLock::new();
    if let Some(d) = DRAWERS.get() {
        return Ok(d);
    }
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let started = Drawers::start(cores, IDLE)
        .map_err(|e| format!("drawing the map failed: no drawing thread could start: {e}"))?;
    // Two first maps racing here each start threads; the loser's end when its queue drops.
    Ok(DRAWERS.get_or_init(|| started))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::{Arc, Mutex};

    #[tokio::test]
    async fn maps_start_in_the_order_asked_and_a_panic_fails_only_its_own_map() {
        let drawers = Drawers::start(1, IDLE).expect("a drawing thread");
        let started = Arc::new(Mutex::new(Vec::new()));
        let asks: Vec<_> = (0..5)
            .map(|n| {
                let started = started.clone();
                drawers.draw(move || {
                    started.lock().expect("the list").push(n);
                    if n == 2 {
                        panic!("a broken map");
                    }
                    n * 10
                })
            })
            .collect();
        let mut results = Vec::new();
        for ask in asks {
            results.push(ask.await);
        }
        assert_eq!(*started.lock().expect("the list"), vec![0, 1, 2, 3, 4]);
        assert_eq!(results[0], Ok(0));
        assert_eq!(results[4], Ok(40));
        let err = results[2].clone().expect_err("the panicking map fails");
        assert!(err.contains("drawing the map failed"), "{err}");
    }
}
