//! The one pool of worker threads: everything the judge runs in parallel
//! (the suite's tests, stress cases, shrink candidates, generated tests)
//! is a numbered job handed to it, and its results come back in job order.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::Arc;
use std::thread::{self, JoinHandle};
use std::time::Duration;

/// The number of cores the judge may use.
pub fn cores() -> usize {
    thread::available_parallelism().map_or(1, |n| n.get())
}

/// Jobs `0..count` run by `workers` threads, each job as soon as a worker is
/// free, in order of their numbers; the results in job order. No new job
/// starts once the judge is stopping (a signal) or the pool is dropped; the
/// drop waits for the jobs under way, so that nothing runs on behind it.
pub struct Ordered<T> {
    results: Receiver<(usize, T)>,
    waiting: HashMap<usize, T>,
    want: usize,
    stop: Arc<AtomicBool>,
    finished: Arc<AtomicUsize>,
    workers: Vec<JoinHandle<()>>,
}

/// What [`Ordered::next_within`] found.
pub enum Next<T> {
    /// The next result in job order.
    Ready(T),
    /// Not yet: the wait ran out.
    Pending,
    /// Every job has given its result (or the rest will never run).
    Done,
}

pub fn ordered<T, F>(count: usize, workers: usize, job: F) -> Ordered<T>
where
    T: Send + 'static,
    F: Fn(usize) -> T + Send + Sync + 'static,
{
    let job = Arc::new(job);
    let next = Arc::new(AtomicUsize::new(0));
    let stop = Arc::new(AtomicBool::new(false));
    let finished = Arc::new(AtomicUsize::new(0));
    let (tx, results) = mpsc::channel();
    let workers = (0..workers.clamp(1, count.max(1)))
        .map(|_| {
            let (job, next, stop, finished, tx) = (
                job.clone(),
                next.clone(),
                stop.clone(),
                finished.clone(),
                tx.clone(),
            );
            thread::spawn(move || loop {
                if stop.load(Ordering::SeqCst) || crate::os::stopping() {
                    break;
                }
                let i = next.fetch_add(1, Ordering::SeqCst);
                if i >= count {
                    break;
                }
                let result = job(i);
                finished.fetch_add(1, Ordering::SeqCst);
                if tx.send((i, result)).is_err() {
                    break;
                }
            })
        })
        .collect();
    Ordered {
        results,
        waiting: HashMap::new(),
        want: 0,
        stop,
        finished,
        workers,
    }
}

impl<T> Ordered<T> {
    /// The next result in job order, waiting at most `wait` for it.
    pub fn next_within(&mut self, wait: Duration) -> Next<T> {
        loop {
            if let Some(result) = self.waiting.remove(&self.want) {
                self.want += 1;
                return Next::Ready(result);
            }
            match self.results.recv_timeout(wait) {
                Ok((i, result)) => {
                    self.waiting.insert(i, result);
                }
                Err(RecvTimeoutError::Timeout) => return Next::Pending,
                Err(RecvTimeoutError::Disconnected) => return Next::Done,
            }
        }
    }

    /// How many jobs have finished so far, in any order.
    pub fn finished(&self) -> usize {
        self.finished.load(Ordering::SeqCst)
    }

    /// Starts no new job and waits for those under way; returns how many
    /// jobs finished in all.
    pub fn stop(mut self) -> usize {
        self.halt();
        self.finished()
    }

    fn halt(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        for worker in self.workers.drain(..) {
            let _ = worker.join();
        }
    }
}

impl<T> Iterator for Ordered<T> {
    type Item = T;

    fn next(&mut self) -> Option<T> {
        loop {
            match self.next_within(Duration::from_secs(3600)) {
                Next::Ready(result) => return Some(result),
                Next::Pending => continue,
                Next::Done => return None,
            }
        }
    }
}

impl<T> Drop for Ordered<T> {
    fn drop(&mut self) {
        self.halt();
    }
}

/// Runs `job` on every item, `workers` at a time; the results in the items'
/// order.
pub fn map<I, T, F>(items: Vec<I>, workers: usize, job: F) -> Vec<T>
where
    I: Send + Sync + 'static,
    T: Send + 'static,
    F: Fn(&I) -> T + Send + Sync + 'static,
{
    let count = items.len();
    let items = Arc::new(items);
    ordered(count, workers, move |i| job(&items[i])).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    #[test]
    fn results_come_in_job_order_whatever_order_they_finish_in() {
        // Early jobs take longest, so they finish last.
        let results: Vec<usize> = ordered(8, 4, |i| {
            thread::sleep(Duration::from_millis(8 * (8 - i as u64)));
            i * 10
        })
        .collect();
        assert_eq!(results, [0, 10, 20, 30, 40, 50, 60, 70]);
    }

    #[test]
    fn a_stopped_pool_starts_no_new_job_and_waits_for_those_under_way() {
        let started = Arc::new(Mutex::new(Vec::new()));
        let seen = started.clone();
        let mut pool = ordered(1000, 2, move |i| {
            seen.lock().unwrap().push(i);
            thread::sleep(Duration::from_millis(5));
            i
        });
        assert!(matches!(
            pool.next_within(Duration::from_secs(5)),
            Next::Ready(0)
        ));
        let finished = pool.stop();
        let started = started.lock().unwrap().len();
        assert_eq!(finished, started, "every job started has finished");
        assert!(started < 100, "{} jobs started after the stop", started);
    }

    #[test]
    fn map_keeps_the_items_order() {
        assert_eq!(map(vec![3, 1, 2], 2, |x| x * 2), [6, 2, 4]);
    }
}
