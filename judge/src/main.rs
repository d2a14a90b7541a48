//! The judge: runs every solution over its samples and says AC, WA, RE, TLE or
//! MLE, with each test's wall time, CPU time and peak memory.
//!
//! `cargo run -p judge` builds the five solutions in release mode, runs each
//! `samples/<problem>/<name>.in` under the problem's time limit (on CPU time)
//! and memory limit, checks the output against `<name>.out` (or `<name>.ans`)
//! with the problem's checker, and prints one line per test, a summary per
//! problem, and last `N passed, M failed` (or, with `--json`, one JSON object
//! per test).
//! The exit status is 0 only when every test passed and at least one ran.
//! `--help` lists the options; the README explains them with examples.

mod build;
mod export;
mod lines;
mod options;
mod os;
mod problems;
mod report;
mod rng;
mod run;
#[cfg(test)]
mod statements;
mod stress;
mod suite;
// The supervisor is built only where the sys room's numbers are checked.
#[cfg(all(
    target_os = "linux",
    any(target_arch = "x86_64", target_arch = "aarch64")
))]
mod supervise;
mod sys;
mod verdict;

use options::{parse_args, Options, USAGE};
use report::{say, warn};
use std::env;
use std::process;

fn main() {
    #[cfg(all(
        target_os = "linux",
        any(target_arch = "x86_64", target_arch = "aarch64")
    ))]
    if env::args_os()
        .nth(1)
        .is_some_and(|mode| mode == supervise::MODE)
    {
        supervise::serve();
    }
    report::refuse_closed_stdout();
    let args: Vec<String> = env::args().skip(1).collect();
    let options = match parse_args(&args) {
        Ok(Some(options)) => options,
        Ok(None) => {
            say(USAGE);
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
    if let Some(dir) = &options.export {
        if let Err(why) = export::export(dir, &options.problems) {
            warn(&format!("judge: {}", why));
            process::exit(2);
        }
        return;
    }
    if options.stress.is_some() || options.generate.is_some() {
        let status = stress_or_generate(&options);
        os::hold_if_interrupted();
        process::exit(status);
    }
    let result = suite::judge(&options);
    os::hold_if_interrupted();
    match result {
        Ok(true) => {}
        Ok(false) => process::exit(1),
        Err(why) => {
            warn(&format!("judge: {}", why));
            process::exit(2);
        }
    }
}

/// `--stress` or `--generate`: the exit status.
fn stress_or_generate(options: &Options) -> i32 {
    let request = stress::Request {
        problem: options.problems[0],
        cmd: options.cmd.as_deref(),
        cases: options.stress.or(options.generate).expect("one of them"),
        seed: options.seed,
        save: options.save.as_deref(),
        time_limit_ms: options.time_limit_ms,
        memory_limit_mb: options.memory_limit_mb,
    };
    let done = match options.stress {
        Some(_) => stress::stress(&request),
        None => stress::generate(&request).map(|()| true),
    };
    match done {
        Ok(true) => 0,
        Ok(false) => 1,
        Err(why) => {
            warn(&format!("judge: {}", why));
            2
        }
    }
}
