//! Reporting a suite's results: a table for people (`table.rs`) or one JSON
//! object per test for programs (`json.rs`), both behind [`Reporter`]. The
//! judging (`suite.rs`) decides what passed and failed and tells a reporter;
//! a reporter only presents.

mod json;
mod table;

pub use json::JsonReporter;
pub use table::{verdict_cell, TableReporter};

use crate::model::{Baseline, Judged, Suite};
use crate::text::{counted, escaped, warn};
use std::path::Path;

/// What the report says when outputs could not be saved.
pub fn not_saved_line(count: usize, dir: &Path) -> String {
    format!(
        "{} not saved in {} (--save-outputs): the run fails",
        counted(count, "outputs"),
        escaped(dir.as_os_str())
    )
}

/// What the judging tells a reporter, in this order for each suite:
/// `start`, then `not_built`, `no_tests`, or `tests_start` and one `test` per
/// test; then `end`; after the last suite, `total`.
pub trait Reporter {
    /// A suite starts.
    fn start(&mut self, suite: &Suite);
    /// The program could not be built: every test fails with `judged` (CE).
    fn not_built(&mut self, suite: &Suite, judged: &Judged);
    /// The suite has no tests: none matched `filters`, or, with no filter,
    /// the tests are lost (`error` is then the ERR it counts as).
    fn no_tests(&mut self, suite: &Suite, filters: &[String], error: Option<&Judged>);
    /// The tests are about to be reported; `baseline` is the program's
    /// start-up cost, measured when the runs are repeated.
    fn tests_start(&mut self, suite: &Suite, baseline: Option<&Baseline>);
    /// One test's verdict.
    fn test(&mut self, suite: &Suite, test: &str, judged: &Judged);
    /// The suite is done: how many of its tests passed and failed.
    fn end(&mut self, suite: &Suite, passed: usize, failed: usize);
    /// Before the total: `--save-outputs` could not save `count` outputs in
    /// `dir` (each test's details said why): the run fails.
    fn not_saved(&mut self, count: usize, dir: &Path) {
        warn(&not_saved_line(count, dir));
    }
    /// Every suite is done.
    fn total(&mut self, passed: usize, failed: usize);
}
