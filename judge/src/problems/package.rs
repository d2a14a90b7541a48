//! The problem package's validators (`validators/`) held to the judge.
//!
//! - Input validators (`validators/src/bin/<problem>.rs`, compiled here alone
//!   with `rustc`): every sample in canonical form, and every input the
//!   problem's generator draws (made canonical), is accepted; a sample is
//!   accepted as it is exactly when it is canonical already.
//! - Output validators (`validators/output/<problem>.cpp`, compiled with
//!   `g++`, so the test is `#[ignore]`d: `cargo test -p judge -- --ignored
//!   output_validator`): on thousands of (input, output) pairs, right answers
//!   of our solutions and mutated ones, the validator's verdict is the
//!   checker's.

use super::{checkers_board, checkers_pos, checks_post_facto, russian_checkers, solitaire_chess};
use crate::rng::Rng;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// What the tests need of a problem.
struct Problem {
    name: &'static str,
    canonical: fn(&str) -> String,
    generate: fn(&mut Rng) -> String,
}

const PROBLEMS: [Problem; 5] = [
    Problem {
        name: "russian_checkers",
        canonical: russian_checkers::canonical,
        generate: russian_checkers::generate,
    },
    Problem {
        name: "checkers_board",
        canonical: checkers_board::canonical,
        generate: checkers_board::generate,
    },
    Problem {
        name: "checkers_pos",
        canonical: checkers_pos::canonical,
        generate: checkers_pos::generate,
    },
    Problem {
        name: "solitaire_chess",
        canonical: solitaire_chess::canonical,
        generate: solitaire_chess::generate,
    },
    Problem {
        name: "checks_post_facto",
        canonical: checks_post_facto::canonical,
        generate: checks_post_facto::generate,
    },
];

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// A fresh folder for this test's files.
fn scratch(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("judge-{}-{}", tag, std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create a temporary folder");
    dir
}

/// Runs `exe args` with `stdin`: its exit code and stderr. A program that
/// dies of a signal fails the test.
fn run(exe: &Path, args: &[&Path], stdin: &[u8]) -> (i32, String) {
    let mut child = Command::new(exe)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {}: {}", exe.display(), e));
    // A validator may stop reading early: a broken pipe is its right.
    let _ = child.stdin.take().unwrap().write_all(stdin);
    let out = child.wait_with_output().expect("wait for the program");
    let code = out
        .status
        .code()
        .unwrap_or_else(|| panic!("{} was killed: {}", exe.display(), out.status));
    (code, String::from_utf8_lossy(&out.stderr).into_owned())
}

/// Compiles one file with `command` (`rustc ...` or `g++ ...`) into `exe`.
fn compile(mut command: Command, exe: &Path) -> PathBuf {
    let out = command.output().expect("run the compiler");
    assert!(
        out.status.success(),
        "{:?} failed:\n{}",
        command,
        String::from_utf8_lossy(&out.stderr)
    );
    exe.to_path_buf()
}

/// `validators/src/bin/<name>.rs` compiled alone with rustc, as the package
/// format compiles an input validator.
fn input_validator(dir: &Path, name: &str) -> PathBuf {
    let src = workspace()
        .join("validators")
        .join("src")
        .join("bin")
        .join(format!("{}.rs", name));
    let exe = dir.join(format!("input-{}", name));
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_string());
    let mut command = Command::new(rustc);
    command.arg("--edition=2021").arg("-o").arg(&exe).arg(src);
    compile(command, &exe)
}

fn samples(problem: &str) -> Vec<(String, String, String)> {
    let dir = workspace().join("samples").join(problem);
    let mut found = Vec::new();
    for entry in std::fs::read_dir(&dir).expect("the samples folder") {
        let path = entry.unwrap().path();
        if path.extension() == Some(std::ffi::OsStr::new("in")) {
            let name = path.file_stem().unwrap().to_string_lossy().into_owned();
            let input = std::fs::read_to_string(&path).unwrap();
            let answer = std::fs::read_to_string(path.with_extension("out")).unwrap();
            found.push((name, input, answer));
        }
    }
    found.sort();
    found
}

/// The first `count` inputs of `judge PROBLEM --generate --seed SEED`.
fn generated(problem: &Problem, seed: u64, count: u64) -> Vec<String> {
    (0..count)
        .map(|case| (problem.generate)(&mut Rng::for_case(seed, case)))
        .collect()
}

#[test]
fn input_validators_accept_canonical_samples_and_generated_inputs() {
    let dir = scratch("input-validators");
    for problem in &PROBLEMS {
        let exe = input_validator(&dir, problem.name);
        let verdict = |text: &str| run(&exe, &[], text.as_bytes());
        let (mut canonical_already, mut made_canonical) = (0, 0);
        for (name, input, _) in samples(problem.name) {
            let canonical = (problem.canonical)(&input);
            let (code, why) = verdict(&canonical);
            assert_eq!(
                code, 42,
                "{}/{} made canonical: {}",
                problem.name, name, why
            );
            assert_eq!((problem.canonical)(&canonical), canonical, "not idempotent");
            // As it is, a sample passes exactly when it is canonical already.
            let as_is = verdict(&input).0;
            assert_eq!(
                as_is == 42,
                input == canonical,
                "{}/{} as is",
                problem.name,
                name
            );
            if as_is == 42 {
                canonical_already += 1;
            } else {
                made_canonical += 1;
            }
        }
        let mut generated_as_is = 0;
        let inputs = generated(problem, 2019, 100);
        for (case, input) in inputs.iter().enumerate() {
            let canonical = (problem.canonical)(input);
            let (code, why) = verdict(&canonical);
            assert_eq!(
                code,
                42,
                "{} case {}: {}\n{}",
                problem.name,
                case + 1,
                why,
                input
            );
            if *input == canonical {
                generated_as_is += 1;
            }
        }
        println!(
            "{}: {} samples canonical as they are, {} after `canonical`; {} generated inputs \
             accepted, {} of them canonical as generated",
            problem.name,
            canonical_already,
            made_canonical,
            inputs.len(),
            generated_as_is
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn canonical_undoes_every_tolerated_variant() {
    for problem in &PROBLEMS {
        for input in generated(problem, 7, 20) {
            let canonical = (problem.canonical)(&input);
            let variants = [
                format!("\u{feff}{}", input),
                input.replace('\n', "\r\n"),
                input.replace('\n', " \t\n") + "\n \n\n",
                input.trim_end().to_string(),
            ];
            for variant in variants {
                assert_eq!((problem.canonical)(&variant), canonical, "{:?}", variant);
            }
        }
    }
    // The layouts that only some problems tolerate.
    let board = "B.......\n........\n........\n........\n........\n........\n........\n.W......\n";
    assert_eq!(checkers_board::canonical("B\n\n\n\n\n\n\n W"), board);
    assert_eq!(
        checkers_board::canonical("B       \n\n\n\n\n\n\n W\n\n"),
        board
    );
    assert_eq!(
        checkers_pos::canonical("  1\r\n18\r\n3 4\r\n8 11"),
        "1 18\n3 4 8 11\n"
    );
    assert_eq!(checkers_pos::canonical("0 0"), "0\n0\n");
    let seed_2 = ". . . .\n. B . .\nR P . .\n. . . N\n";
    assert_eq!(solitaire_chess::canonical(".....B..RP.....N"), seed_2);
    assert_eq!(
        solitaire_chess::canonical("0000\n0B00\nRP00\n000N\n"),
        seed_2
    );
    assert_eq!(
        solitaire_chess::canonical("....\n.b..\nRP..\n...N"),
        ". . . .\n. . . .\nR P . .\n. . . N\n"
    );
    assert_eq!(
        checks_post_facto::canonical("W  1 \n\t 10x3x12 \n"),
        "W 1\n10x3x12\n"
    );
}
