//! How long a test was idle: the time during which none of its threads was
//! on a CPU or waiting for one. Waiting for a CPU is not idling (a busy
//! machine is not a slow program); sleeping, or waiting for input, is.
//!
//! At each look (every 10 ms, give or take 2 ms at random: `watch.rs`'s
//! `next_tick`) the supervisor reads the state of the
//! test's threads. If one is on a CPU or waiting for one (state `R`), the
//! span since the last look counts busy. If none is, the span counts busy
//! for the CPU time the whole test used in it (a thread that ran for part
//! of the span and then slept), never for more than the span, and the
//! rest is idle.
//!
//! Why a state and not each thread's own figures of time on a CPU and
//! waiting (`/proc/PID/schedstat`): those figures belong to a task, and a
//! test can move them between the looks' names for tasks. Threads beyond
//! those a look reads, which come into view when others exit, and a thread
//! that `exec`s and takes its leader's pid, each brought their whole past
//! waiting with them: a program that slept 5 s under a 1 s limit got AC
//! that way (`judge/tests/hostile/idle.rs`).
//! Sums of waits are no better (200 processes made runnable at once on 2
//! cores pile up more waiting than wall time for a few milliseconds of
//! CPU). A state shows only the present: to be found runnable at every
//! look a test must keep a thread runnable all along, which on a machine
//! with no other load means running, and costs CPU time that the limit
//! bounds. What a look cannot see (a thread runnable only between two
//! looks, threads past the first 32 of a process) is not counted busy:
//! never in the test's favour.

use std::time::{Duration, Instant};

/// The clock of a test's idle time, advanced at each look.
pub struct IdleClock {
    /// When the last span ended.
    last: Instant,
    /// The test's whole CPU time then.
    last_cpu: Duration,
    idle: Duration,
}

impl Default for IdleClock {
    fn default() -> IdleClock {
        IdleClock::new(Instant::now())
    }
}

impl IdleClock {
    /// A clock for a test whose program started at `start`.
    pub fn new(start: Instant) -> IdleClock {
        IdleClock {
            last: start,
            last_cpu: Duration::ZERO,
            idle: Duration::ZERO,
        }
    }

    /// A look at `now`: the test's whole CPU time so far, and whether one of
    /// its threads is on a CPU or waiting for one.
    pub fn look(&mut self, now: Instant, cpu: Duration, runnable: bool) {
        self.advance(now, cpu, runnable);
    }

    /// The last span, to the test's end at `now`, with its whole CPU time.
    pub fn end(&mut self, now: Instant, cpu: Duration) {
        self.advance(now, cpu, false);
    }

    fn advance(&mut self, now: Instant, cpu: Duration, runnable: bool) {
        let span = now.saturating_duration_since(self.last);
        let busy = match runnable {
            true => span,
            false => cpu.saturating_sub(self.last_cpu).min(span),
        };
        self.idle += span - busy;
        self.last = now.max(self.last);
        self.last_cpu = self.last_cpu.max(cpu);
    }

    /// The idle time so far.
    pub fn idle(&self) -> Duration {
        self.idle
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MS: Duration = Duration::from_millis(1);

    #[test]
    fn a_test_found_runnable_is_busy_whatever_its_cpu_time() {
        let start = Instant::now();
        let mut clock = IdleClock::new(start);
        // 10 ms spans: 2 ms on the CPU, 8 waiting for it.
        for i in 1..=100u32 {
            clock.look(start + MS * 10 * i, MS * 2 * i, true);
        }
        assert_eq!(clock.idle(), Duration::ZERO);
        // Then it sleeps for 50 ms and ends.
        clock.look(start + MS * 1050, MS * 200, false);
        clock.end(start + MS * 1060, MS * 200);
        assert_eq!(clock.idle(), MS * 60);
    }

    #[test]
    fn a_test_found_asleep_is_busy_for_its_cpu_time_up_to_the_span() {
        let start = Instant::now();
        let mut clock = IdleClock::new(start);
        // Ran 4 ms of a 10 ms span, then slept.
        clock.look(start + MS * 10, MS * 4, false);
        assert_eq!(clock.idle(), MS * 6);
        // Two threads on two CPUs, 20 ms of CPU, then asleep at the look:
        // busy for the span, no more.
        clock.look(start + MS * 20, MS * 24, false);
        assert_eq!(clock.idle(), MS * 6);
        // Asleep 100 ms; the end counts the same way.
        clock.look(start + MS * 120, MS * 24, false);
        clock.end(start + MS * 125, MS * 26);
        assert_eq!(clock.idle(), MS * 109);
    }
}
