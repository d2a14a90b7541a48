//! How long a test was idle: the time during which none of its processes
//! was on a CPU or waiting for one. Waiting for a CPU is not idling (a busy
//! machine is not a slow program), but only as long as the test's waiting
//! lasted in wall time: the *sum* of every process's run delay is not, for
//! processes that wait for the CPU together wait at once (200 of them made
//! runnable at once on 2 cores pile up more run delay than wall time for a
//! few milliseconds of CPU, and would buy the test any idle time).
//!
//! Between two looks, the test counts as busy for what the busiest of its
//! threads did over that span (its time on a CPU and waiting for one, to
//! the nanosecond: `/proc/TID/schedstat`) or for the CPU time the whole
//! test used (which no parallelism turns into more than it is, and which
//! the time limit bounds), whichever is more, and never for more than the
//! span: the rest of the span is idle. A look reads the
//! clock first and then the processes, so what a thread shows past the
//! span's end it did after the span ended (a look kept waiting for a CPU
//! itself reads late): that is kept for the next span, up to
//! [`CARRY_AT_MOST`]. What a look cannot see (a burst between two looks,
//! threads past the first 32 of a process) is not counted busy: never in
//! the test's favour.

use std::collections::HashMap;
use std::time::{Duration, Instant};

/// The most of one thread's busy time a span passes on to the next (a
/// look's own delay on a busy machine is a few milliseconds).
pub const CARRY_AT_MOST: Duration = Duration::from_millis(50);

/// The clock of a test's idle time, advanced at each look.
pub struct IdleClock {
    /// When the last span ended.
    last: Instant,
    /// The test's whole CPU time then.
    last_cpu: Duration,
    /// Each live thread's busy time (on a CPU or waiting for one) counted
    /// so far, by tid.
    counted: HashMap<i32, Duration>,
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
            counted: HashMap::new(),
            idle: Duration::ZERO,
        }
    }

    /// A look whose span ends at `now`: the test's whole CPU time so far,
    /// and each of its live threads' busy time so far, by tid, read after
    /// `now`.
    pub fn look(&mut self, now: Instant, cpu: Duration, threads: &[(i32, Duration)]) {
        let span = now.saturating_duration_since(self.last);
        let mut busiest = Duration::ZERO;
        let mut counted = HashMap::new();
        for &(tid, busy) in threads {
            // A tid seen with more was another thread's: this one is new.
            let before = self.counted.get(&tid).copied();
            let new = busy - before.filter(|&b| b <= busy).unwrap_or_default();
            busiest = busiest.max(new.min(span));
            // Counted: all of it but what it carries to the next span.
            let carried = new.saturating_sub(span).min(CARRY_AT_MOST);
            counted.insert(tid, busy - carried);
        }
        self.counted = counted;
        self.advance(now, cpu, busiest);
    }

    /// The last span, to the test's end at `now`, with its whole CPU time.
    pub fn end(&mut self, now: Instant, cpu: Duration) {
        self.counted.clear();
        self.advance(now, cpu, Duration::ZERO);
    }

    fn advance(&mut self, now: Instant, cpu: Duration, busiest: Duration) {
        let span = now.saturating_duration_since(self.last);
        let busy = busiest.max(cpu.saturating_sub(self.last_cpu)).min(span);
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
    fn one_process_waiting_for_a_busy_cpu_is_not_idle() {
        let start = Instant::now();
        let mut clock = IdleClock::new(start);
        // 10 ms spans: 2 ms on the CPU and 8 waiting for it, each.
        for i in 1..=100u32 {
            clock.look(start + MS * 10 * i, MS * 2 * i, &[(2, MS * 10 * i)]);
        }
        assert_eq!(clock.idle(), Duration::ZERO);
        // Then it sleeps for 50 ms and ends.
        clock.end(start + MS * 1050, MS * 200);
        assert_eq!(clock.idle(), MS * 50);
    }

    #[test]
    fn processes_that_wait_together_are_not_busy_for_the_sum_of_their_waits() {
        let start = Instant::now();
        let mut clock = IdleClock::new(start);
        // Each span, 200 processes wait 5 ms each at once (a sum of 1 s)
        // and use 10 us of CPU: busy for 5 ms of each 10 ms span.
        for i in 1..=10u32 {
            let processes: Vec<(i32, Duration)> = (2..202).map(|pid| (pid, MS * 5 * i)).collect();
            clock.look(
                start + MS * 10 * i,
                Duration::from_micros(10 * i as u64),
                &processes,
            );
        }
        assert_eq!(clock.idle(), MS * 50);
    }

    #[test]
    fn cpu_time_counts_busy_up_to_the_span_and_a_reused_pid_is_a_new_process() {
        let start = Instant::now();
        let mut clock = IdleClock::new(start);
        // Two threads on two CPUs: 20 ms of CPU in a 10 ms span.
        clock.look(start + MS * 10, MS * 20, &[(2, MS * 20)]);
        assert_eq!(clock.idle(), Duration::ZERO);
        // Pid 2 again, with less: another process, busy 4 ms of 10.
        clock.look(start + MS * 20, MS * 24, &[(2, MS * 4)]);
        assert_eq!(clock.idle(), MS * 6);
    }

    #[test]
    fn a_look_kept_waiting_passes_what_it_missed_to_the_next_span() {
        let start = Instant::now();
        let mut clock = IdleClock::new(start);
        // A thread busy all along (on a CPU for a fifth, waiting the rest);
        // every other look reads it 5 ms after its span ended.
        for i in 1..=100u32 {
            let read_at = MS * 10 * i + MS * 5 * (i % 2);
            clock.look(start + MS * 10 * i, MS * 2 * i, &[(2, read_at)]);
        }
        // What each late look read past its span counted in the next one.
        assert_eq!(clock.idle(), Duration::ZERO);
        // Without the carry, every other span would count 5 ms idle.
        let mut clock = IdleClock::new(start);
        for i in 1..=100u32 {
            let read_at = MS * 10 * i + MS * 5 * (i % 2);
            clock.look(start + MS * 10 * i, MS * 2 * i, &[(2, read_at)]);
            clock.counted.insert(2, read_at);
        }
        assert_eq!(clock.idle(), MS * 5 * 50);
    }

    #[test]
    fn no_more_than_fifty_ms_pass_to_the_next_span() {
        let start = Instant::now();
        let mut clock = IdleClock::new(start);
        // A thread that shows a whole second in a 10 ms span...
        clock.look(start + MS * 10, MS, &[(2, MS * 1000)]);
        assert_eq!(clock.idle(), Duration::ZERO);
        // ...then nothing for 100 ms: busy for 50 of them.
        clock.look(start + MS * 110, MS, &[(2, MS * 1000)]);
        assert_eq!(clock.idle(), MS * 50);
    }
}
