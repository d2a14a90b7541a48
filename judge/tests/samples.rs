//! Judges every sample of every problem, so that `cargo test --workspace`
//! fails on any regression in any solution.

use std::process::Command;

#[test]
fn every_solution_passes_every_sample() {
    let out = Command::new(env!("CARGO_BIN_EXE_judge"))
        .output()
        .expect("the judge runs");
    let report = String::from_utf8_lossy(&out.stdout);
    let problems: String = report
        .lines()
        .filter(|line| !line.starts_with("  AC "))
        .map(|line| format!("{}\n", line))
        .collect();
    assert!(
        out.status.success(),
        "the judge failed ({}):\n{}{}",
        out.status,
        problems,
        String::from_utf8_lossy(&out.stderr)
    );
}
