//! The judge: runs every solution over its samples and says AC, WA, RE, TLE or
//! MLE, with each test's wall time, CPU time and peak memory.
//!
//! `cargo run -p judge` builds the five solutions in release mode, runs each
//! `samples/<problem>/<name>.in` under the problem's time limit (on CPU time)
//! and memory limit, checks the output against `<name>.out` (or `<name>.ans`)
//! with the problem's checker, and prints one line per test, a summary per
//! problem, and last `N passed, M failed` (or, with `--json`, one JSON object
//! per test).
//! The exit status is 0 only when every test passed, at least one ran and
//! every output `--save-outputs` asked for was saved.
//! `--help` lists the options; the README explains them with examples. This
//! file only chooses the mode; the library (`src/lib.rs`) does the work.

use judge::options::{self, Options};
use judge::text::{escaped, say, warn};
use judge::{export, os, stress, suite, svg_figures};
use std::env;
use std::process;

fn main() {
    #[cfg(supervised)]
    if env::args_os()
        .nth(1)
        .is_some_and(|mode| mode == judge::supervise::MODE)
    {
        judge::supervise::serve();
    }
    judge::text::refuse_closed_stdout();
    let args: Vec<std::ffi::OsString> = env::args_os().skip(1).collect();
    let options = match options::parse_args(&args) {
        Ok(Some(options)) => options,
        Ok(None) => {
            say(&options::usage());
            return;
        }
        Err(why) => {
            warn(&format!(
                "judge: {} (cargo run -p judge -- --help lists the options)",
                why
            ));
            process::exit(2);
        }
    };
    os::handle_interrupts();
    judge::environment::pass(options.env.clone());
    let under_test = options.cmd.as_deref().map(judge::command::given_command);
    let tests = suite::tests_folders(&options);
    judge::run::set_view(tests, options.show.clone(), under_test.unwrap_or_default());
    if let Some(cmd) = &options.cmd {
        let passed: Vec<String> = (options.env.iter())
            .map(|(name, _)| name.to_string_lossy().into_owned())
            .collect();
        if let Some(note) =
            judge::command::expansion_note(&escaped(cmd), &passed, |v| env::var(v).ok())
        {
            warn(&note);
        }
    }
    let result = run_mode(&options);
    // After a signal, what failed failed because the judge was stopping: the
    // interruption is reported (with what was done so far), nothing else.
    os::hold_if_interrupted();
    let status = match result {
        Ok(true) => 0,
        Ok(false) => 1,
        Err(why) => {
            warn(&format!("judge: {}", why));
            2
        }
    };
    process::exit(status);
}

/// The mode the options ask for: `Ok(true)` when everything passed.
fn run_mode(options: &Options) -> Result<bool, String> {
    if let Some(dir) = &options.export {
        return export::export(dir, &options.problems).map(|()| true);
    }
    if options.figures || options.draw.is_some() {
        return svg_figures::draw_mode(options).map(|()| true);
    }
    if let Some(cases) = options.stress.or(options.generate) {
        let request = stress::Request {
            problem: options.problems[0],
            cmd: options.cmd.as_deref(),
            cases,
            seed: options.seed,
            save: options.save.as_deref(),
            time_limit_ms: options.time_limit_ms,
            memory_limit_mb: options.memory_limit_mb,
            max_processes: options.max_processes,
        };
        return match options.stress {
            Some(_) => stress::stress(&request),
            None => stress::generate(&request).map(|()| true),
        };
    }
    suite::judge(options)
}
