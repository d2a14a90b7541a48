//! Progress on stderr while the stress cases run.

use super::rate_text;
use crate::text::warn;
use std::io::{IsTerminal, Write};
use std::time::{Duration, Instant};

/// How often the progress is looked at.
pub const PROGRESS_TICK: Duration = Duration::from_millis(200);

/// Without a terminal, a progress line this often.
const PROGRESS_EVERY: Duration = Duration::from_secs(10);

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

    pub fn show(&mut self, done: usize, cases: usize, seed: u64) {
        let elapsed = self.started.elapsed();
        let rate = rate_text(done as f64 / elapsed.as_secs_f64().max(1e-9));
        if self.terminal {
            let mut stderr = std::io::stderr();
            let line = format!("{} of {} cases, {}, seed {}   ", done, cases, rate, seed);
            let _ = write!(stderr, "\r{}", line);
            let _ = stderr.flush();
        } else if self.last_line.elapsed() >= PROGRESS_EVERY {
            self.last_line = Instant::now();
            warn(&format!(
                "judge: {} of {} cases, {}, {} s elapsed, seed {}",
                done,
                cases,
                rate,
                elapsed.as_secs(),
                seed
            ));
        }
    }

    /// Wipes the terminal's progress line before the report.
    pub fn clear(&self) {
        if self.terminal {
            let _ = write!(std::io::stderr(), "\r{:60}\r", "");
        }
    }
}
