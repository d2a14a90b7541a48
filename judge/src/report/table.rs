//! The report as a table for people: a title per suite, one row per test
//! (verdict, wall time, CPU time, peak memory, name) with the reasons under
//! a failure, a summary line per suite and `N passed, M failed` last.

use super::Reporter;
use crate::model::{none_picked, Baseline, Judged, Suite};
use crate::text::{
    counted, cut, escape_controls, mib, ms, quoted_text, say, say_detail, REASON_BOUND,
};
use std::io::IsTerminal;

/// The table, and what it keeps of the suite under way.
pub struct TableReporter {
    colour: bool,
    verbose: bool,
    records: Records,
    /// How many tests of the suite have been reported.
    seen: usize,
    /// The program could not be started: said once for the rest of the suite.
    not_started: bool,
    /// The last failure shown in full, and the tests since that failed the
    /// same way (shown as one line when the run of them ends).
    repeated: Option<(Failure, Vec<String>)>,
}

/// A failure as the table compares it with the one before: the verdict and
/// the reasons up to the board (times and boards differ from test to test).
#[derive(PartialEq)]
struct Failure {
    verdict: &'static str,
    reasons: Vec<String>,
}

impl Failure {
    fn of(judged: &Judged) -> Failure {
        Failure {
            verdict: judged.verdict,
            reasons: judged
                .details
                .iter()
                .take_while(|line| *line != "the input board:")
                .filter(|line| !line.starts_with("TLE ") && !line.starts_with("left "))
                .cloned()
                .collect(),
        }
    }
}

impl TableReporter {
    /// Verdicts in colour on a terminal, unless `NO_COLOR` is set to
    /// anything (see no-color.org); `verbose` shows every input and output.
    pub fn new(verbose: bool) -> TableReporter {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        TableReporter {
            colour: std::io::stdout().is_terminal() && !no_color,
            verbose,
            records: Records::default(),
            seen: 0,
            not_started: false,
            repeated: None,
        }
    }

    /// One row of the table, the reasons under it, and with `--verbose` the
    /// input and output.
    fn show(&self, name: &str, judged: &Judged) {
        say(&row(
            judged.verdict,
            judged.wall_ms,
            judged.cpu_ms,
            judged.memory_kib,
            name,
            self.colour,
        ));
        for line in &judged.details {
            say_detail("        ", line);
        }
        if let Some(shown) = &judged.shown {
            show_verbose(shown);
        }
    }

    /// Ends a run of tests that failed as the one before them did.
    fn end_repeats(&mut self) {
        if let Some((failure, names)) = self.repeated.take() {
            let n = names.len();
            if n > 0 {
                let shown: Vec<&str> = names.iter().take(3).map(String::as_str).collect();
                let more = if n > 3 { ", ..." } else { "" };
                say_detail(
                    &format!("  {}  ", verdict_cell(failure.verdict, self.colour)),
                    &format!(
                        "the same on the next {}: {}{}",
                        counted(n, "tests"),
                        shown.join(", "),
                        more
                    ),
                );
            }
        }
    }
}

impl Reporter for TableReporter {
    fn start(&mut self, suite: &Suite) {
        self.records = Records::default();
        self.seen = 0;
        self.not_started = false;
        self.repeated = None;
        say(&format!(
            "{}  (limits: {} of CPU time, {} MiB of memory)",
            suite.title,
            ms(suite.limits.time),
            suite.limits.memory_bytes.unwrap_or(0) >> 20
        ));
    }

    fn not_built(&mut self, suite: &Suite, judged: &Judged) {
        say(&format!(
            "  CE    {} not run",
            counted(suite.tests.len(), "tests")
        ));
        for line in &judged.details {
            say_detail("        ", line);
        }
    }

    fn no_tests(&mut self, _: &Suite, filters: &[String], error: Option<&Judged>) {
        match error {
            Some(_) => say("  ERR   no tests found"),
            None => say(&format!("  {}", none_picked(filters))),
        }
    }

    fn tests_start(&mut self, _: &Suite, baseline: Option<&Baseline>) {
        if let Some(b) = baseline {
            say(&format!(
                "  start-up: {} wall, {} CPU, {} memory: the program on an empty input \
                 (median of {} runs); the times below are medians of {} runs too",
                b.wall_ms
                    .map_or("–".to_string(), |ms| format!("{:.1} ms", ms)),
                b.cpu_ms
                    .map_or("–".to_string(), |ms| format!("{:.1} ms", ms)),
                b.memory_kib.map_or("–".to_string(), mib),
                b.runs,
                b.runs
            ));
        }
        say(&header());
    }

    fn test(&mut self, suite: &Suite, test: &str, judged: &Judged) {
        // A name is shown on one line, as the JSON shows it: `a\nb`.
        let test = &escape_controls(test);
        self.seen += 1;
        if self.not_started {
            return;
        }
        if let Some(why) = &judged.not_started {
            // One line for the rest of the suite, not one per test.
            self.end_repeats();
            self.not_started = true;
            let left = suite.tests.len() - (self.seen - 1);
            say_detail(
                "  RE    ",
                &format!(
                    "could not be started: {} ({} failed)",
                    cut(&why.replace('\n', " / "), REASON_BOUND),
                    counted(left, "tests")
                ),
            );
            return;
        }
        self.records.note(test, judged);
        if judged.passed() || self.verbose {
            self.end_repeats();
            self.show(test, judged);
            return;
        }
        let failure = Failure::of(judged);
        match &mut self.repeated {
            Some((last, names)) if *last == failure => names.push(test.to_string()),
            _ => {
                self.end_repeats();
                self.show(test, judged);
                self.repeated = Some((failure, Vec::new()));
            }
        }
    }

    fn end(&mut self, _: &Suite, passed: usize, failed: usize) {
        self.end_repeats();
        if self.not_started {
            return;
        }
        if failed == 0 {
            say(&format!("  = {}{}", all_passed(passed), self.records));
        } else {
            say(&format!("  = {} of {} FAILED", failed, passed + failed));
        }
    }

    fn not_saved(&mut self, count: usize, dir: &std::path::Path) {
        say(&super::not_saved_line(count, dir));
    }

    fn total(&mut self, passed: usize, failed: usize) {
        say(&format!("{} passed, {} failed", passed, failed));
    }
}

/// A suite's summary when no test failed: `1 test passed`, `all 3 passed`.
fn all_passed(passed: usize) -> String {
    match passed {
        1 => format!("{} passed", counted(1, "tests")),
        n => format!("all {} passed", n),
    }
}

/// The verdict, padded to the column's width, in its colour if `colour`.
pub fn verdict_cell(verdict: &str, colour: bool) -> String {
    let cell = format!("{:<4}", verdict);
    if !colour {
        return cell;
    }
    let code = match verdict {
        "AC" => "32",          // green
        "TLE" | "MLE" => "33", // yellow
        _ => "31",             // red
    };
    format!("\x1b[1;{}m{}\x1b[0m", code, cell)
}

/// One row of the table: verdict, wall, CPU, memory, test name (last, so
/// that it may hold spaces).
fn row(
    verdict: &str,
    wall_ms: Option<f64>,
    cpu_ms: Option<f64>,
    memory_kib: Option<u64>,
    test: &str,
    colour: bool,
) -> String {
    format!(
        "  {}{:>11}{:>11}{:>11}  {}",
        verdict_cell(verdict, colour),
        wall_ms.map_or("–".to_string(), |ms| format!("{:.1} ms", ms)),
        cpu_ms.map_or("–".to_string(), |ms| format!("{:.1} ms", ms)),
        memory_kib.map_or("–".to_string(), mib),
        test
    )
}

/// The header over the rows.
fn header() -> String {
    format!(
        "  {:<4}{:>11}{:>11}{:>11}  {}",
        "", "wall", "cpu", "memory", "test"
    )
}

/// A suite's slowest test (by CPU time, which the limit judges, or by wall
/// time where there is no CPU time) and its test using the most memory.
#[derive(Default)]
struct Records {
    slowest: Option<(f64, &'static str, String)>,
    biggest: Option<(u64, String)>,
}

impl Records {
    fn note(&mut self, name: &str, judged: &Judged) {
        let time = match (judged.cpu_ms, judged.wall_ms) {
            (Some(ms), _) => Some((ms, "CPU")),
            (None, Some(ms)) => Some((ms, "wall")),
            _ => None,
        };
        if let Some((ms, what)) = time {
            if self
                .slowest
                .as_ref()
                .map_or(true, |(most, _, _)| ms >= *most)
            {
                self.slowest = Some((ms, what, name.to_string()));
            }
        }
        if let Some(kib) = judged.memory_kib {
            if self.biggest.as_ref().map_or(true, |(most, _)| kib >= *most) {
                self.biggest = Some((kib, name.to_string()));
            }
        }
    }
}

/// `, slowest 1.8 ms CPU (name), most memory 2.0 MiB (name)`.
impl std::fmt::Display for Records {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        if let Some((ms, what, name)) = &self.slowest {
            write!(f, ", slowest {:.1} ms {} ({})", ms, what, name)?;
        }
        if let Some((kib, name)) = &self.biggest {
            write!(f, ", most memory {} ({})", mib(*kib), name)?;
        }
        Ok(())
    }
}

/// `--verbose`: the input, the output and the end of stderr, marked off;
/// what the program wrote up to a bound (`text::quoted_text`: `--save-outputs`
/// keeps it whole).
fn show_verbose([input, output, stderr]: &[Vec<u8>; 3]) {
    say("        input, as the program got it (`$` ends each line, `\\r` is a CR):");
    for line in String::from_utf8_lossy(input).split_inclusive('\n') {
        say_detail("        | ", &line.replace('\n', "$"));
    }
    for (what, text) in [("output", output), ("stderr", stderr)] {
        if what == "stderr" && text.is_empty() {
            continue;
        }
        say(&format!("        {}:", what));
        let text = String::from_utf8_lossy(text);
        let lines = match what {
            "input" => text.lines().map(String::from).collect(),
            _ => quoted_text(&text),
        };
        for line in &lines {
            say_detail("        | ", line);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_line_up_and_colour_only_the_verdict() {
        let plain = row("AC", Some(1.0), None, Some(2048), "t", false);
        assert_eq!(plain, "  AC       1.0 ms          –    2.0 MiB  t");
        let coloured = row("AC", Some(1.0), None, Some(2048), "t", true);
        assert_eq!(
            coloured.replace("\x1b[1;32m", "").replace("\x1b[0m", ""),
            plain
        );
    }

    #[test]
    fn a_single_test_passed_reads_naturally() {
        assert_eq!(all_passed(1), "1 test passed");
        assert_eq!(all_passed(3), "all 3 passed");
    }

    #[test]
    fn failures_alike_but_for_times_and_boards_are_the_same() {
        let judged = |verdict, details: &[&str]| Judged {
            details: details.iter().map(|s| s.to_string()).collect(),
            ..Judged::failed(verdict, Vec::new())
        };
        let a = judged(
            "RE",
            &["exit code 2", "stderr: no file", "the input board:", "  x"],
        );
        let b = judged(
            "RE",
            &["exit code 2", "stderr: no file", "the input board:", "  y"],
        );
        let c = judged("RE", &["exit code 3", "stderr: no file"]);
        let d = judged("WA", &["exit code 2", "stderr: no file"]);
        assert!(Failure::of(&a) == Failure::of(&b));
        assert!(Failure::of(&a) != Failure::of(&c));
        assert!(Failure::of(&c) != Failure::of(&d));
    }
}
