//! Every solution, built in release mode, run under a 64 MiB address-space
//! limit (`ulimit -v`) on large inputs: a valid sample padded with blank
//! lines to exactly 1 MiB, the most a solution reads (the right answer);
//! one byte more (refused); garbage of three kinds, 1 MiB of it (refused
//! for what it holds) and 30 MB of it (refused for its size, having read no
//! more than 1 MiB and a byte). Each run must give the right answer, or a
//! one-line error with a non-zero exit status; never a backtrace or an
//! abort ("memory allocation failed").
#![cfg(unix)]

mod common;

use common::TempDir;
use judge::rng::Rng;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The problems, from the judge's one table.
fn problems() -> Vec<&'static str> {
    judge::problems::PROBLEMS.iter().map(|p| p.name).collect()
}

/// The limit, in KiB as `ulimit -v` takes it.
const LIMIT_KIB: u64 = 64 * 1024;

/// The most input a solution reads: 1 MiB, as every statement says.
const MOST: usize = 1 << 20;

/// The size of the inputs refused for their size alone.
const BIG: usize = 30_000_000;

fn workspace_root() -> PathBuf {
    judge::workspace::root()
}

/// Builds every solution with `cargo build --release` (the judge's own
/// build, honouring CARGO_TARGET_DIR) and returns the executables in the
/// order of `problems()`.
fn release_binaries() -> Vec<PathBuf> {
    let names = problems();
    judge::build::cargo_release(&judge::workspace::root(), &names, true)
        .into_iter()
        .zip(&names)
        .map(|(built, name)| built.unwrap_or_else(|why| panic!("{}: {}", name, why)))
        .collect()
}

/// The first sample of `problem` (its input), in name order.
fn first_sample(problem: &str) -> Vec<u8> {
    let dir = workspace_root().join("samples").join(problem);
    let mut inputs: Vec<PathBuf> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {}", dir.display(), e))
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension() == Some(std::ffi::OsStr::new("in")))
        .collect();
    inputs.sort();
    fs::read(&inputs[0]).unwrap()
}

/// `head`, then `filler` as often as it fits whole, then LFs up to `size`
/// bytes (a filler cut short could end in a lone CR, which is an error).
fn padded(head: &[u8], filler: &[u8], size: usize) -> Vec<u8> {
    let mut bytes = head.to_vec();
    if !bytes.ends_with(b"\n") {
        bytes.push(b'\n');
    }
    while bytes.len() + filler.len() <= size {
        bytes.extend_from_slice(filler);
    }
    bytes.resize(size, b'\n');
    bytes
}

/// `size` bytes, each drawn by `pick` from 8 random bits.
fn random_bytes(rng: &mut Rng, size: usize, pick: impl Fn(u8) -> u8) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(size + 8);
    while bytes.len() < size {
        for byte in rng.next().to_le_bytes().iter() {
            bytes.push(pick(*byte));
        }
    }
    bytes.truncate(size);
    bytes
}

/// The three kinds of garbage, by name: random bytes (not UTF-8 at once),
/// short lines of random printable words, and one line of digits and spaces
/// (what a token reader meets as numbers), each `size` bytes long.
fn garbage(size: usize) -> Vec<(String, Vec<u8>)> {
    const WORDS: &[u8; 64] = b"\n      abcdefghijklmnopqrstuvwxyz0123456789.-xWBbw.....---xxx:::";
    let mut rng = Rng(0x6A4B_A6E5_2026);
    let random = random_bytes(&mut rng, size, |b| b);
    let words = random_bytes(&mut rng, size, |b| WORDS[(b % 64) as usize]);
    let digits = random_bytes(&mut rng, size, |b| match b % 4 {
        0 => b' ',
        n => b'0' + n,
    });
    let named = [
        ("random bytes", random),
        ("words", words),
        ("digits", digits),
    ];
    named
        .into_iter()
        .map(|(name, bytes)| (format!("{} bytes of {}", size, name), bytes))
        .collect()
}

struct Run {
    code: Option<i32>,
    stdout: Vec<u8>,
    stderr: String,
}

/// Runs `binary` on the file `input`, limited to `limit_kib` of address space
/// when given.
fn run(binary: &Path, input: &Path, limit_kib: Option<u64>) -> Run {
    let mut cmd = match limit_kib {
        Some(kib) => {
            let mut cmd = Command::new("sh");
            cmd.arg("-c")
                .arg(format!("ulimit -v {}; exec \"$0\"", kib))
                .arg(binary);
            cmd
        }
        None => Command::new(binary),
    };
    let out = cmd
        .stdin(fs::File::open(input).unwrap())
        .output()
        .expect("the solution runs");
    Run {
        code: out.status.code(),
        stdout: out.stdout,
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// What is wrong with a run that should give `want` or a one-line error.
fn problem_with(run: &Run, want: Option<&[u8]>) -> Option<String> {
    let broke = run.stderr.contains("panicked")
        || run.stderr.contains("memory allocation")
        || run.stderr.contains("backtrace");
    if broke {
        return Some(format!("crashed: {}", first_lines(&run.stderr)));
    }
    match run.code {
        None => Some(format!("killed by a signal: {}", first_lines(&run.stderr))),
        Some(0) => match want {
            Some(want) if run.stdout == want && run.stderr.is_empty() => None,
            Some(_) => Some(format!(
                "a different answer: {:?}",
                first_lines(&String::from_utf8_lossy(&run.stdout))
            )),
            None => Some("accepted garbage".to_string()),
        },
        Some(code) => {
            let one_line = run.stderr.ends_with('\n') && run.stderr.matches('\n').count() == 1;
            if !one_line {
                Some(format!(
                    "exit status {} without a one-line error: {:?}",
                    code,
                    first_lines(&run.stderr)
                ))
            } else if want.is_some() {
                Some(format!("rejected a valid input: {}", run.stderr.trim_end()))
            } else {
                None
            }
        }
    }
}

fn first_lines(text: &str) -> String {
    text.lines().take(3).collect::<Vec<_>>().join(" | ")
}

#[test]
fn every_solution_stays_within_64_mib_on_large_inputs() {
    let binaries = release_binaries();
    let dir = TempDir::new("memory-limit");

    let mut failures = Vec::new();
    let write = |name: &str, bytes: &[u8]| {
        let path = dir.join(name);
        fs::write(&path, bytes).unwrap();
        path
    };
    let mut kinds = garbage(MOST);
    kinds.extend(garbage(BIG));
    let garbage: Vec<(String, PathBuf)> = kinds
        .into_iter()
        .enumerate()
        .map(|(at, (name, bytes))| (name, write(&format!("garbage-{}", at), &bytes)))
        .collect();

    for (problem, binary) in problems().iter().zip(&binaries) {
        let sample = first_sample(problem);
        let plain = write(&format!("{}.in", problem), &sample);
        let want = run(binary, &plain, None);
        assert_eq!(want.code, Some(0), "{} fails its own sample", problem);
        // Blank lines of every kind: LF, CRLF, and blanks before the end.
        let blank = b"\n\n\n\r\n \t\n\t\r\n\n";
        let most = write("most.in", &padded(&sample, blank, MOST));
        let got = run(binary, &most, Some(LIMIT_KIB));
        if let Some(why) = problem_with(&got, Some(&want.stdout)) {
            failures.push(format!(
                "{}, sample + blank lines to 1 MiB: {}",
                problem, why
            ));
        }
        let over = write("over.in", &padded(&sample, blank, MOST + 1));
        let got = run(binary, &over, Some(LIMIT_KIB));
        if let Some(why) = problem_with(&got, None) {
            failures.push(format!("{}, 1 MiB and a byte: {}", problem, why));
        }
        for (name, input) in &garbage {
            let got = run(binary, input, Some(LIMIT_KIB));
            if let Some(why) = problem_with(&got, None) {
                failures.push(format!("{}, {}: {}", problem, name, why));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "under a {} KiB address-space limit:\n{}",
        LIMIT_KIB,
        failures.join("\n")
    );
}

/// A run that exited with `code` after writing `stdout` and `stderr`.
fn fake(code: Option<i32>, stdout: &str, stderr: &str) -> Run {
    Run {
        code,
        stdout: stdout.as_bytes().to_vec(),
        stderr: stderr.to_string(),
    }
}

#[test]
fn only_the_right_answer_or_a_one_line_error_passes() {
    let want: Option<&[u8]> = Some(b"3\n");
    assert_eq!(problem_with(&fake(Some(0), "3\n", ""), want), None);
    assert_eq!(
        problem_with(&fake(Some(1), "", "p: line 1: bad\n"), None),
        None
    );
    // What the old solutions did on 30 MB of blank lines under the limit.
    let abort = "memory allocation of 402653184 bytes failed\n";
    assert!(problem_with(&fake(None, "", abort), want).is_some());
    let panic =
        "thread 'main' panicked at src/main.rs:3:5:\nno\nnote: run with `RUST_BACKTRACE=1`\n";
    assert!(problem_with(&fake(Some(101), "", panic), want).is_some());
    // A wrong answer, a rejected valid input, accepted garbage, two lines.
    assert!(problem_with(&fake(Some(0), "4\n", ""), want).is_some());
    assert!(problem_with(&fake(Some(1), "", "p: line 9: bad\n"), want).is_some());
    assert!(problem_with(&fake(Some(0), "0\n", ""), None).is_some());
    assert!(problem_with(&fake(Some(1), "", "p: one\ntwo\n"), None).is_some());
    assert!(problem_with(&fake(Some(1), "", ""), None).is_some());
}

/// The judge's limit on a test whose output is 16 MiB of blank lines: the
/// output itself, the judge's threads, and room to spare. Collecting the
/// lines (16 bytes each, twice while the vector grows) took 1.1 GB for 64 MiB
/// of them, and 384 MiB for these 16.
const JUDGE_LIMIT_KIB: u64 = 160 * 1024;

#[test]
#[ignore = "long (21 s on a busy 2-core machine): CI runs it, as does \
            cargo test --workspace -- --include-ignored"]
fn the_judge_checks_16_mib_of_blank_lines_within_its_limit() {
    let dir = TempDir::new("memory-limit-judge");
    // A quarter of the judge's 64 MiB cut-off keeps the test quick with a
    // debug build of the judge.
    let blank_lines = format!("head -c {} /dev/zero | tr '\\0' '\\n'", 16 << 20);
    let sample = workspace_root().join("samples").join("checks_post_facto");
    let answer = sample.join("01-seed-contest-sample-1.out");
    // The judge runs from a folder of its own holding a copy of the answer
    // to print: the sandbox shows a program its working folder, never the
    // samples.
    let own = dir.join("program");
    fs::create_dir_all(&own).unwrap();
    fs::copy(&answer, own.join("answer")).unwrap();
    let cases = [
        // The line-by-line comparison of single-answer problems.
        (
            "checkers_pos",
            "sum",
            "7 8\n".to_string(),
            "15\n".to_string(),
            format!("echo 15; {}", blank_lines),
        ),
        // A checker that reads the answer's lines itself.
        (
            "checks_post_facto",
            "first",
            fs::read_to_string(sample.join("01-seed-contest-sample-1.in")).unwrap(),
            fs::read_to_string(&answer).unwrap(),
            format!("cat answer; {}", blank_lines),
        ),
    ];
    for (problem, name, input, expected, cmd) in cases.iter() {
        let tests = dir.join(problem);
        fs::create_dir_all(&tests).unwrap();
        fs::write(tests.join(format!("{}.in", name)), input).unwrap();
        fs::write(tests.join(format!("{}.out", name)), expected).unwrap();
        // One malloc arena: glibc otherwise reserves 64 MiB of address space
        // for each thread that allocates, which makes the limit a lottery.
        let out = Command::new("sh")
            .current_dir(&own)
            .env("MALLOC_ARENA_MAX", "1")
            .arg("-c")
            .arg(format!("ulimit -v {}; exec \"$0\" \"$@\"", JUDGE_LIMIT_KIB))
            .arg(env!("CARGO_BIN_EXE_judge"))
            .arg(problem)
            .arg("--tests")
            .arg(&tests)
            .arg("--cmd")
            .arg(cmd)
            .output()
            .expect("the judge runs");
        let report = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success() && report.contains("AC"),
            "{}: the judge failed ({}):\n{}{}",
            problem,
            out.status,
            report,
            String::from_utf8_lossy(&out.stderr)
        );
    }
}
