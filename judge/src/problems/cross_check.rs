//! What the problems' cross-checks share (tests only): a problem's samples,
//! and our solution's answers to many inputs, built once by Cargo and run by
//! the judge's own runner.

use crate::{build, run, workspace};
use std::path::PathBuf;
use std::process::Command;
use std::time::Duration;

/// Every sample of `problem`: its path, input and answer.
pub fn samples(problem: &str) -> Vec<(PathBuf, String, String)> {
    let dir = workspace::Files::of(&workspace::root(), problem).samples;
    let mut found = Vec::new();
    for entry in std::fs::read_dir(dir).expect("the samples folder") {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "in") {
            let input = std::fs::read_to_string(&path).unwrap();
            let answer = std::fs::read_to_string(path.with_extension("out")).unwrap();
            found.push((path, input, answer));
        }
    }
    found
}

/// Our solution's answer to each input, one run each.
pub fn solution_answers(problem: &str, inputs: &[String]) -> Vec<String> {
    let exe = build::cargo_release(&workspace::root(), &[problem], true)
        .remove(0)
        .unwrap_or_else(|why| panic!("cannot build {}: {}", problem, why));
    let limits = run::Limits {
        time: Duration::from_secs(10),
        memory_bytes: None,
        processes: run::MAX_PROCESSES,
    };
    inputs
        .iter()
        .map(|input| {
            let outcome = run::run(&mut Command::new(&exe), input.as_bytes(), &limits)
                .expect("the solution runs");
            assert!(
                matches!(&outcome.end, run::End::Exited(status) if status.success()),
                "{} fails on\n{}",
                problem,
                input
            );
            String::from_utf8(outcome.stdout).unwrap()
        })
        .collect()
}
