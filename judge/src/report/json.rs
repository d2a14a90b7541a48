//! `--json`: one object per test and line (problem, program, test, verdict,
//! wall_ms, cpu_ms, memory_kib, message), for programs to read.

use super::Reporter;
use crate::json::{object, Json};
use crate::model::{none_picked, Baseline, Judged, Suite};
use crate::text::{say, warn};

#[derive(Default)]
pub struct JsonReporter;

impl JsonReporter {
    fn line(&self, suite: &Suite, test: Option<&str>, judged: &Judged) {
        say(&object(&[
            ("problem", Json::Str(suite.problem.name)),
            ("program", Json::Str(&suite.title)),
            ("test", test.map_or(Json::Null, Json::Str)),
            ("verdict", Json::Str(judged.verdict)),
            ("wall_ms", Json::Ms(judged.wall_ms)),
            ("cpu_ms", Json::Ms(judged.cpu_ms)),
            ("memory_kib", Json::Int(judged.memory_kib)),
            ("message", Json::Str(&judged.details.join("\n"))),
            ("sandboxed", Json::Bool(judged.sandboxed)),
        ]))
    }
}

impl Reporter for JsonReporter {
    fn start(&mut self, _: &Suite) {}

    fn not_built(&mut self, suite: &Suite, judged: &Judged) {
        for test in suite.tests.iter() {
            self.line(suite, Some(&test.name), judged);
        }
        if suite.tests.is_empty() {
            self.line(suite, None, judged);
        }
    }

    fn no_tests(&mut self, suite: &Suite, filters: &[String], error: Option<&Judged>) {
        match error {
            Some(judged) => self.line(suite, None, judged),
            // No object to print, but a silent run would tell CI nothing.
            None => warn(&format!(
                "judge: {}: {}",
                suite.problem.name,
                none_picked(filters)
            )),
        }
    }

    fn tests_start(&mut self, suite: &Suite, baseline: Option<&Baseline>) {
        if let Some(b) = baseline {
            say(&object(&[
                ("problem", Json::Str(suite.problem.name)),
                ("program", Json::Str(&suite.title)),
                ("startup_runs", Json::Int(Some(b.runs as u64))),
                ("wall_ms", Json::Ms(b.wall_ms)),
                ("cpu_ms", Json::Ms(b.cpu_ms)),
                ("memory_kib", Json::Int(b.memory_kib)),
            ]));
        }
    }

    fn test(&mut self, suite: &Suite, test: &str, judged: &Judged) {
        self.line(suite, Some(test), judged);
    }

    // The objects say it all.
    fn end(&mut self, _: &Suite, _: usize, _: usize) {}

    fn total(&mut self, _: usize, _: usize) {}
}
