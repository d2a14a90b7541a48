//! Progress on stderr while the stress cases run: when a line is due, and
//! what it says; the rate of cases per second it shows (and the report
//! after the run).

use crate::text::warn;
use std::io::{IsTerminal, Write};
use std::time::{Duration, Instant};

/// The longest wait for a case's result before the progress is looked at
/// anyway (a slow program).
pub const PROGRESS_TICK: Duration = Duration::from_millis(200);

/// On a terminal, the progress line is rewritten this often.
const TERMINAL_EVERY: Duration = PROGRESS_TICK;

/// Without a terminal, a progress line this often.
const PROGRESS_EVERY: Duration = Duration::from_secs(10);

/// Whether a progress line is due, `since_last` after the last one (or the
/// start): on a terminal every [`TERMINAL_EVERY`], otherwise every
/// [`PROGRESS_EVERY`]. It is asked after every case and every
/// [`PROGRESS_TICK`] without one, so that neither a fast program (results
/// every few milliseconds) nor a slow one keeps the line from coming.
pub fn due(terminal: bool, since_last: Duration) -> bool {
    since_last
        >= match terminal {
            true => TERMINAL_EVERY,
            false => PROGRESS_EVERY,
        }
}

/// A rate of cases per second as the report shows it.
pub fn rate_text(rate: f64) -> String {
    let shown = format!("{:.0}", rate);
    let unit = if shown == "1" { "case/s" } else { "cases/s" };
    format!("{} {}", shown, unit)
}

/// The progress line: on a terminal, the text rewritten in place (blanks
/// at its end wipe a longer line before it); otherwise a line of its own,
/// with the time elapsed.
pub fn line(terminal: bool, (done, cases): (usize, usize), elapsed: Duration, seed: u64) -> String {
    let rate = rate_text(done as f64 / elapsed.as_secs_f64().max(1e-9));
    match terminal {
        true => format!("\r{} of {} cases, {}, seed {}   ", done, cases, rate, seed),
        false => format!(
            "judge: {} of {} cases, {}, {} s elapsed, seed {}",
            done,
            cases,
            rate,
            elapsed.as_secs(),
            seed
        ),
    }
}

/// Progress on stderr while the cases run: on a terminal one line rewritten
/// in place five times a second; otherwise (stderr redirected to a file or a
/// pipe, where `\r` would pile up) a line of its own every
/// [`PROGRESS_EVERY`], so that a long run is seen to be alive.
pub struct Progress {
    terminal: bool,
    started: Instant,
    last_line: Instant,
}

impl Progress {
    pub fn new() -> Progress {
        Progress {
            terminal: std::io::stderr().is_terminal(),
            started: Instant::now(),
            last_line: Instant::now(),
        }
    }

    /// Shows how far the run is (`done` of `cases`) if a line is due.
    pub fn show(&mut self, done: usize, cases: usize, seed: u64) {
        if !due(self.terminal, self.last_line.elapsed()) {
            return;
        }
        self.last_line = Instant::now();
        let text = line(self.terminal, (done, cases), self.started.elapsed(), seed);
        if self.terminal {
            let mut stderr = std::io::stderr();
            let _ = write!(stderr, "{}", text);
            let _ = stderr.flush();
        } else {
            warn(&text);
        }
    }

    /// Wipes the terminal's progress line before the report.
    pub fn clear(&self) {
        if self.terminal {
            let _ = write!(std::io::stderr(), "\r{:60}\r", "");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{due, line};
    use std::time::Duration;

    #[test]
    fn a_line_is_due_five_times_a_second_on_a_terminal_and_every_10_s_otherwise() {
        let ms = Duration::from_millis;
        assert!(!due(true, ms(199)));
        assert!(due(true, ms(200)));
        // However long the wait: a fast program's results come every few
        // milliseconds, and the line must come all the same.
        assert!(due(true, ms(10_000)));
        assert!(!due(false, ms(200)));
        assert!(!due(false, ms(9_999)));
        assert!(due(false, ms(10_000)));
    }

    #[test]
    fn the_line_says_cases_rate_and_seed() {
        let secs = Duration::from_secs;
        assert_eq!(
            line(true, (600, 30_000), secs(3), 7),
            "\r600 of 30000 cases, 200 cases/s, seed 7   "
        );
        assert_eq!(
            line(false, (220, 5000), secs(10), 3),
            "judge: 220 of 5000 cases, 22 cases/s, 10 s elapsed, seed 3"
        );
    }
}
