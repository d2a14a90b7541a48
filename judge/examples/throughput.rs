//! How close `--stress` comes to the fastest a machine can go: a benchmark,
//! not a test (issue 18).
//!
//! ```text
//! cargo run --release -p judge --example throughput [ROUNDS] [SECONDS] [CASES]
//! ```
//!
//! Each case of `--stress` starts two programs (ours and the one under test),
//! so the limit in cases per second is half the rate at which this machine
//! starts and waits for a small program. The benchmark measures ROUNDS times
//! (default 7):
//!
//! - **the limit**: one plain loop per core, each starting our release
//!   `checkers_pos` on a small input with `std::process::Command` and waiting
//!   for it, for SECONDS (default 2); the total rate, halved;
//! - **the judge**: `judge checkers_pos --stress CASES --cmd
//!   target/release/checkers_pos` (default 1000 cases), whose rate is the one
//!   it prints ("no failure in N cases (R cases/s)"; its build step is not in
//!   it), with every program in its sandbox (issue 23);
//! - **the judge unsandboxed**: the same with `JUDGE_NO_SANDBOX=1`.
//!
//! A shared machine's speed drifts from second to second, so each round
//! brackets each judge run between two measures of the limit (limit,
//! sandboxed, limit, unsandboxed, limit) and divides the judge's rate by the
//! mean of the two around it: a ratio measured side by side. It prints each
//! round, then the median ratios, and what the sandbox costs per program run
//! (from the median rates). It builds the release judge and `checkers_pos`
//! first (`cargo build --release -p judge -p checkers_pos`).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

/// println! that ends the program quietly when standard output is closed.
macro_rules! say {
    ($($arg:tt)*) => {
        if writeln!(std::io::stdout(), $($arg)*).is_err() {
            std::process::exit(0);
        }
    };
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |i: usize, default: u64| -> u64 {
        match args.get(i) {
            None => default,
            Some(text) => text.parse().ok().filter(|&n| n > 0).unwrap_or_else(|| {
                fail(&format!(
                    "expected a positive number, got {:?} (usage: throughput [ROUNDS] [SECONDS] [CASES])",
                    text
                ))
            }),
        }
    };
    let rounds = number(0, 7) as usize;
    let seconds = Duration::from_secs(number(1, 2));
    let cases = number(2, 1000);

    build();
    let release = target_dir().join("release");
    let solution = release.join("checkers_pos");
    let judge = release.join("judge");
    let input = small_input();
    let cores = thread::available_parallelism().map_or(1, |n| n.get());
    let limit = || spawn_rate(&solution, &input, cores, seconds) / 2.0;
    say!(
        "{} rounds of: the limit ({} plain loop(s) for {} s), judge --stress {} sandboxed, \
         the limit, the same unsandboxed, the limit",
        rounds,
        cores,
        seconds.as_secs(),
        cases
    );

    let (mut limits, mut judged, mut unsandboxed) = (Vec::new(), Vec::new(), Vec::new());
    let (mut judged_ratios, mut unsandboxed_ratios) = (Vec::new(), Vec::new());
    for round in 1..=rounds {
        let before = limit();
        let stress = stress_rate(&judge, &solution, cases, round as u64, true);
        let between = limit();
        let plain = stress_rate(&judge, &solution, cases, round as u64, false);
        let after = limit();
        let (sandboxed_ratio, plain_ratio) =
            (stress / mean(before, between), plain / mean(between, after));
        say!(
            "round {}: limit {:.0}, sandboxed {:.0} ({:.0} %), limit {:.0}, unsandboxed {:.0} \
             ({:.0} %), limit {:.0} cases/s",
            round,
            before,
            stress,
            100.0 * sandboxed_ratio,
            between,
            plain,
            100.0 * plain_ratio,
            after
        );
        limits.extend([before, between, after]);
        judged.push(stress);
        unsandboxed.push(plain);
        judged_ratios.push(sandboxed_ratio);
        unsandboxed_ratios.push(plain_ratio);
    }
    let (limit, stress) = (median(&mut limits), median(&mut judged));
    let plain = median(&mut unsandboxed);
    say!(
        "median: judge --stress sandboxed at {:.0} % of the limit, unsandboxed at {:.0} % \
         (ratios side by side); rates: limit {:.0} cases/s (plain start and wait, {} loop(s), \
         halved), sandboxed {:.0}, unsandboxed {:.0}",
        100.0 * median(&mut judged_ratios),
        100.0 * median(&mut unsandboxed_ratios),
        limit,
        cores,
        stress,
        plain
    );
    // A case is two program runs, `cores` at a time.
    let cost_ms = (1.0 / stress - 1.0 / plain) * 1000.0 * cores as f64 / 2.0;
    say!("the sandbox costs {:.2} ms per program run", cost_ms);
}

fn mean(a: f64, b: f64) -> f64 {
    (a + b) / 2.0
}

/// One line on stderr and exit status 2.
fn fail(why: &str) -> ! {
    eprintln!("throughput: {}", why);
    std::process::exit(2);
}

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn target_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| workspace().join("target"))
}

/// Builds the release judge and `checkers_pos` (quietly when all is built).
fn build() {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
    let built = Command::new(cargo)
        .args([
            "build",
            "--release",
            "-q",
            "-p",
            "judge",
            "-p",
            "checkers_pos",
        ])
        .current_dir(workspace())
        .status();
    if !built.is_ok_and(|s| s.success()) {
        fail("the build failed: run cargo build --release -p judge -p checkers_pos");
    }
}

/// The first sample of `checkers_pos`: a small input.
fn small_input() -> Vec<u8> {
    let dir = workspace().join("samples").join("checkers_pos");
    let mut inputs: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| fail(&format!("cannot read {}: {}", dir.display(), e)))
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .collect();
    inputs.sort();
    let first = inputs
        .first()
        .unwrap_or_else(|| fail(&format!("no .in file in {}", dir.display())));
    std::fs::read(first).unwrap_or_else(|e| fail(&format!("{}: {}", first.display(), e)))
}

/// Programs started and waited for per second: `loops` threads, each
/// starting `program` on `input` again and again for `span`.
fn spawn_rate(program: &Path, input: &[u8], loops: usize, span: Duration) -> f64 {
    let start = Instant::now();
    let handles: Vec<_> = (0..loops)
        .map(|_| {
            let (program, input) = (program.to_path_buf(), input.to_vec());
            thread::spawn(move || {
                let mut runs = 0u64;
                while start.elapsed() < span {
                    run_once(&program, &input);
                    runs += 1;
                }
                runs
            })
        })
        .collect();
    let runs: u64 = handles.into_iter().map(|h| h.join().unwrap()).sum();
    runs as f64 / start.elapsed().as_secs_f64()
}

fn run_once(program: &Path, input: &[u8]) {
    let mut child = Command::new(program)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| fail(&format!("{}: {}", program.display(), e)));
    let written = child.stdin.take().unwrap().write_all(input);
    let out = child.wait_with_output().unwrap();
    if written.is_err() || !out.status.success() || out.stdout.is_empty() {
        fail(&format!("{} failed on the sample input", program.display()));
    }
}

/// The rate `judge --stress` prints for `cases` cases of our own solution
/// judged against itself, with or without the sandbox.
fn stress_rate(judge: &Path, solution: &Path, cases: u64, seed: u64, sandboxed: bool) -> f64 {
    let mut cmd = Command::new(judge);
    if !sandboxed {
        cmd.env("JUDGE_NO_SANDBOX", "1");
    }
    let out = cmd
        .args(["checkers_pos", "--stress", &cases.to_string()])
        .args(["--seed", &seed.to_string(), "--cmd"])
        .arg(solution)
        .current_dir(workspace())
        .stderr(Stdio::null())
        .output()
        .unwrap_or_else(|e| fail(&format!("{}: {}", judge.display(), e)));
    let text = String::from_utf8_lossy(&out.stdout);
    // "no failure in 300 cases (74 cases/s), seed 1"
    text.lines()
        .find_map(|line| {
            let rest = line.strip_prefix("no failure in ")?;
            let open = rest.find('(')?;
            rest[open + 1..].split_whitespace().next()?.parse().ok()
        })
        .unwrap_or_else(|| fail(&format!("no rate in the judge's report:\n{}", text)))
}

fn median(values: &mut [f64]) -> f64 {
    values.sort_by(|a, b| a.partial_cmp(b).unwrap());
    values[values.len() / 2]
}
