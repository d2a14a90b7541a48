//! The problem package's validators (`validators/`) held to the judge.
//!
//! - Input validators (`validators/src/bin/validate_<problem>.rs`, compiled here alone
//!   with `rustc`): every sample in canonical form, and every input the
//!   problem's generator draws (made canonical), is accepted; a sample is
//!   accepted as it is exactly when it is canonical already.
//! - Output validators (`validators/output/<problem>.cpp`, compiled with
//!   `g++`): on thousands of (input, output) pairs, right answers of our
//!   solutions and mutated ones, the validator's verdict is the checker's;
//!   and on floods of 64 MiB, in a few MiB of memory.
//!   The test is `#[ignore]`d, not for want of `g++` but because it is
//!   slow (about 45 s on a busy 2-core machine) and needs `g++`, which the
//!   default tests do not: CI runs it with the other long tests (`cargo
//!   test --workspace -- --ignored`, in `.ci/run`), and so can you
//!   (`cargo test -p judge --test package -- --ignored output_validator`).

use judge::problems::wrong_outputs::WrongOutputs;
use judge::problems::{checkers_board, checkers_pos, checks_post_facto, solitaire_chess};
use judge::problems::{Checker, Problem, PROBLEMS};
use judge::rng::Rng;
use judge::workspace::{self, Files};

use std::path::{Path, PathBuf};
use std::process::Command;

fn files(problem: &str) -> Files {
    Files::of(&workspace::root(), problem)
}

/// A fresh folder for this test's files.
fn scratch(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("judge-{}-{}", tag, std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create a temporary folder");
    dir
}

/// What a program did: its exit code, standard output and the end of its
/// standard error.
struct Outcome {
    code: i32,
    stdout: String,
    stderr: String,
}

/// Runs `exe args` on `stdin` with the judge's own runner, under generous
/// limits. A program that dies of a signal, or cannot start, fails the test.
fn run(exe: &Path, args: &[&Path], stdin: &[u8]) -> Outcome {
    let (code, outcome) = run_under(exe, args, stdin, None);
    Outcome {
        code: code.unwrap_or_else(|| panic!("{} did not exit by itself", exe.display())),
        stdout: String::from_utf8_lossy(&outcome.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&outcome.stderr_tail).into_owned(),
    }
}

/// Runs `exe args` on `stdin` with the judge's own runner: 20 s, and
/// `memory_bytes` when given. Its exit code (none when a signal ended it),
/// and what the runner saw.
fn run_under(
    exe: &Path,
    args: &[&Path],
    stdin: &[u8],
    memory_bytes: Option<u64>,
) -> (Option<i32>, judge::run::Outcome) {
    let limits = judge::run::Limits {
        time: std::time::Duration::from_secs(20),
        memory_bytes,
        processes: judge::run::MAX_PROCESSES,
    };
    judge::run::use_judge_binary(Path::new(env!("CARGO_BIN_EXE_judge")));
    let mut command = Command::new(exe);
    command.args(args);
    let outcome = judge::run::run(&mut command, stdin, &limits)
        .unwrap_or_else(|e| panic!("cannot start {}: {}", exe.display(), e));
    let code = match &outcome.end {
        judge::run::End::Exited(status) => status.code(),
        _ => None,
    };
    (code, outcome)
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
    let src = files(name).input_validator;
    let exe = dir.join(format!("input-{}", name));
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_string());
    let mut command = Command::new(rustc);
    command.arg("--edition=2021").arg("-o").arg(&exe).arg(src);
    compile(command, &exe)
}

fn samples(problem: &str) -> Vec<(String, String, String)> {
    let dir = files(problem).samples;
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
        .map(|case| problem.draw(&mut Rng::for_case(seed, case)))
        .collect()
}

/// Every input the judge writes or feeds (a stress case, a `--generate`d
/// test, a shrink candidate) is in the judges' own format: the strict input
/// validator accepts it as it is, over thousands of seeds.
#[test]
#[ignore = "long (50 s on a busy 2-core machine): CI runs it, as does \
            cargo test --workspace -- --include-ignored"]
fn every_input_the_judge_feeds_is_valid_as_it_is() {
    const SEEDS: u64 = 2000;
    let dir = scratch("fed-inputs");
    for problem in PROBLEMS {
        let exe = input_validator(&dir, problem.name);
        let mut inputs: Vec<String> = (0..SEEDS)
            .map(|seed| problem.draw(&mut Rng::for_case(seed, 0)))
            .collect();
        let smaller: Vec<String> = inputs[..40]
            .iter()
            .flat_map(|i| problem.smaller(i))
            .collect();
        inputs.extend(smaller);
        inputs.sort();
        inputs.dedup();
        let exe = std::sync::Arc::new(exe);
        let verdicts = judge::pool::map(inputs, judge::pool::cores(), move |input: &String| {
            let outcome = run(&exe, &[], input.as_bytes());
            (outcome.code, outcome.stderr, input.clone())
        });
        for (code, why, input) in &verdicts {
            assert_eq!(*code, 42, "{}: {}\n{}", problem.name, why.trim(), input);
        }
        println!(
            "{}: {} inputs fed, all valid as they are",
            problem.name,
            verdicts.len()
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Each input validator compiles alone with plain rustc under every edition
/// a judge may use (checked without code generation: editions differ in
/// what compiles, not in the code).
#[test]
fn input_validators_compile_alone_under_every_edition() {
    let dir = scratch("input-validator-editions");
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_string());
    for problem in PROBLEMS {
        let src = files(problem.name).input_validator;
        for edition in judge::build::EDITIONS {
            let mut command = Command::new(&rustc);
            command.arg("--emit=metadata").arg("--out-dir").arg(&dir);
            if let Some(edition) = edition {
                command.arg(format!("--edition={}", edition));
            }
            command.arg(&src);
            let out = command.output().expect("run rustc");
            assert!(
                out.status.success(),
                "{} under edition {}:\n{}",
                problem.name,
                edition.unwrap_or("2015"),
                String::from_utf8_lossy(&out.stderr)
            );
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn input_validators_accept_canonical_samples_and_generated_inputs() {
    let dir = scratch("input-validators");
    for problem in PROBLEMS {
        let exe = input_validator(&dir, problem.name);
        let verdict = |text: &str| {
            let outcome = run(&exe, &[], text.as_bytes());
            (outcome.code, outcome.stderr)
        };
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
    for problem in PROBLEMS {
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

// ---- Output validators against the checkers ---------------------------------------------

/// `validators/output/<name>.cpp` compiled as the package format compiles it.
fn output_validator(dir: &Path, name: &str) -> PathBuf {
    let src = files(name).output_validator;
    let exe = dir.join(format!("output-{}", name));
    let mut command = Command::new("g++");
    command.args(["-O2", "-std=c++17", "-o"]).arg(&exe).arg(src);
    compile(command, &exe)
}

/// Our solution of `name`, built by Cargo in release mode.
fn solution(name: &str) -> PathBuf {
    judge::build::cargo_release(&workspace::root(), &[name], true)
        .remove(0)
        .unwrap_or_else(|why| panic!("cannot build {}: {}", name, why))
}

/// One (input, answer file, team output) pair to judge both ways.
struct Pair {
    input: String,
    answer: String,
    /// Bytes, not text: junk need not be UTF-8.
    output: Vec<u8>,
}

/// What `verifyproblem` feeds an output validator as a team's output: junk
/// that must not be accepted everywhere, and small files that must not crash
/// it (some of these may be right answers).
fn verifyproblem_junk_outputs(rng: &mut Rng) -> Vec<Vec<u8>> {
    let mut junk: Vec<Vec<u8>> = vec![
        Vec::new(),
        (0..1024).map(|_| rng.next() as u8).collect(),
        (32..127).collect(),
    ];
    let printable = b"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ\
                      !\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~ \t\n\r\x0b\x0c";
    junk.push((0..200).map(|_| rng.pick(printable)).collect());
    for crash in [
        "-1",
        "2147483647",
        "2147483648",
        "9223372036854775808",
        "0",
        "1",
        "1.0",
        "a",
        "2\n-1 1",
        "2\n1",
        "1\n-1 1",
        "1\na",
        "(()",
        "1-",
        "1/0",
        "2\n<",
        "NaN",
        "inf",
        "\0",
    ] {
        junk.push(crash.as_bytes().to_vec());
    }
    junk.push(vec![0x80]);
    junk
}

/// Counts of one problem's comparison.
#[derive(Default)]
struct Tally {
    accepted: usize,
    rejected: usize,
}

/// Judges every pair with the checker and with the output validator; panics
/// at the first disagreement.
fn compare(name: &str, check: Checker, validator: &Path, dir: &Path, pairs: &[Pair]) -> Tally {
    let (input_file, answer_file, feedback) =
        (dir.join("input"), dir.join("answer"), dir.join("feedback"));
    std::fs::create_dir_all(&feedback).unwrap();
    let mut tally = Tally::default();
    let mut written = (String::new(), String::new());
    for pair in pairs {
        if written.0 != pair.input || written.1 != pair.answer {
            std::fs::write(&input_file, &pair.input).unwrap();
            std::fs::write(&answer_file, &pair.answer).unwrap();
            written = (pair.input.clone(), pair.answer.clone());
        }
        // The judge reads a program's output as lossy UTF-8.
        let judge = check(
            &pair.input,
            &pair.answer,
            &String::from_utf8_lossy(&pair.output),
        );
        let outcome = run(
            validator,
            &[&input_file, &answer_file, &feedback],
            &pair.output,
        );
        assert!(
            outcome.code == 42 || outcome.code == 43,
            "{}: the output validator exited {}: {}",
            name,
            outcome.code,
            outcome.stderr
        );
        let message =
            std::fs::read_to_string(feedback.join("judgemessage.txt")).unwrap_or_default();
        assert_eq!(
            outcome.code == 42,
            judge.is_ok(),
            "{}: the checker says {:?}, the output validator {} ({})\n--- input ---\n{}--- output ---\n{:?}",
            name,
            judge,
            outcome.code,
            message.trim_end(),
            pair.input,
            String::from_utf8_lossy(&pair.output)
        );
        if judge.is_ok() {
            tally.accepted += 1;
        } else {
            tally.rejected += 1;
        }
    }
    tally
}

/// The pairs of a problem: `count` generated inputs (made canonical), our
/// solution's answer to each as the answer file, and outputs made from it.
fn pairs_of(problem: &Problem, c: &WrongOutputs) -> Vec<Pair> {
    let (name, outputs, inputs) = (problem.name, c.outputs, c.other_inputs);
    let solver = solution(name);
    let mut rng = Rng(0x0A7A_1DA7);
    let mut all_inputs: Vec<String> = generated(problem, 42, c.inputs);
    all_inputs.extend((c.extra_inputs)(&mut rng));
    let mut pairs = Vec::new();
    for (index, input) in all_inputs.into_iter().enumerate() {
        let solved = run(&solver, &[], input.as_bytes());
        assert_eq!(
            solved.code, 0,
            "{} fails on\n{}{}",
            name, input, solved.stderr
        );
        let answer = solved.stdout;
        let mut texts: Vec<Vec<u8>> = outputs(&input, &answer, &mut rng)
            .into_iter()
            .map(String::into_bytes)
            .collect();
        if index < 3 {
            texts.extend(verifyproblem_junk_outputs(&mut rng));
        }
        for output in texts {
            pairs.push(Pair {
                input: input.clone(),
                answer: answer.clone(),
                output,
            });
        }
        for (other, output) in inputs(&input, &answer, &mut rng) {
            pairs.push(Pair {
                input: other,
                answer: answer.clone(),
                output: output.into_bytes(),
            });
        }
    }
    pairs
}

/// Every problem with an output validator: on thousands of (input, output)
/// pairs, the validator's verdict is the checker's.
#[test]
#[ignore = "long (about 45 s on 2 cores), and it compiles C++ with g++, which the default tests \
            do not ask for: CI runs it, as does cargo test --workspace -- --include-ignored"]
fn output_validators_agree_with_the_checkers() {
    let custom: Vec<(&Problem, &WrongOutputs)> = PROBLEMS
        .iter()
        .filter_map(|p| Some((p, p.package.output_validator.as_ref()?)))
        .collect();
    assert!(!custom.is_empty(), "no problem has an output validator");
    // The problems side by side: most of the time goes to starting processes.
    std::thread::scope(|scope| {
        for &(problem, wrong) in &custom {
            scope.spawn(move || cross_check(problem, wrong));
        }
    });
}

/// One problem's output validator against its checker.
fn cross_check(problem: &Problem, wrong: &WrongOutputs) {
    let name = problem.name;
    let dir = scratch(&format!("output-validator-{}", name));
    let pairs = pairs_of(problem, wrong);
    let validator = output_validator(&dir, name);
    let tally = compare(name, problem.checker, &validator, &dir, &pairs);
    let total = tally.accepted + tally.rejected;
    println!(
        "{}: {} (input, output) pairs, the checker and the output validator agree \
         on all: {} accepted, {} rejected",
        name, total, tally.accepted, tally.rejected
    );
    assert!(
        tally.accepted * 10 >= total,
        "{}: too few right outputs",
        name
    );
    assert!(
        tally.rejected * 3 >= total,
        "{}: too few wrong outputs",
        name
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The memory an output validator may use on any output: a few MiB for the
/// C++ runtime, nothing that grows with the output.
const VALIDATOR_MEMORY: u64 = 16 << 20;

/// The judge's cut-off for a program's output, and the output limit the
/// packages state (`limits: output:` in `problem.yaml`).
const CUT_OFF: usize = 64 << 20;

/// `head`, then `byte` up to `CUT_OFF` bytes in all.
fn flood(head: &[u8], byte: u8) -> Vec<u8> {
    let mut bytes = head.to_vec();
    bytes.resize(CUT_OFF.max(head.len()), byte);
    bytes
}

/// Issue 38.6: each output validator gives a verdict, the checker's, on an
/// output of 64 MiB (a line, newlines, a number, bytes not UTF-8, a right
/// answer followed by blank lines or blanks, a coordinate led by zeros),
/// its resident memory under `VALIDATOR_MEMORY` (killed past it). On
/// f83a163 checks_post_facto's split 64 MiB of newlines into 2.2 GB of
/// lines, and both kept the whole output.
#[test]
#[ignore = "long (about 60 s on a busy 2-core machine: 64 MiB floods through the checkers \
            in a debug build), and it compiles C++ with g++: CI runs it, as does \
            cargo test --workspace -- --include-ignored"]
fn output_validators_give_the_checkers_verdict_on_floods_in_bounded_memory() {
    for problem in PROBLEMS.iter().filter(|p| p.package.custom_validation()) {
        let name = problem.name;
        let dir = scratch(&format!("output-validator-floods-{}", name));
        let validator = output_validator(&dir, name);
        let (_, input, answer) = samples(name).remove(0);
        let (input_file, answer_file, feedback) =
            (dir.join("input"), dir.join("answer"), dir.join("feedback"));
        std::fs::create_dir_all(&feedback).unwrap();
        std::fs::write(&input_file, &input).unwrap();
        std::fs::write(&answer_file, &answer).unwrap();
        let right = answer.trim_end().as_bytes();
        let mut floods = vec![
            ("a line", flood(b"", b'x')),
            ("newlines", flood(b"", b'\n')),
            ("a number", flood(b"", b'9')),
            ("bytes not UTF-8", flood(b"", 0xff)),
            (
                "the answer, then blank lines",
                flood(&[right, b"\n"].concat(), b'\n'),
            ),
            ("the answer, then blanks", flood(right, b' ')),
            (
                "the answer, then a line",
                flood(&[right, b"\n"].concat(), b'x'),
            ),
        ];
        if let Some(rest) = right.strip_prefix(b"[[[") {
            let zeros = flood(b"[[[", b'0');
            floods.push(("a coordinate led by zeros", [&zeros[..], rest].concat()));
        }
        for (what, output) in floods {
            let checker = (problem.checker)(&input, &answer, &String::from_utf8_lossy(&output));
            let args: [&Path; 3] = [&input_file, &answer_file, &feedback];
            let (code, peak_kib) = validator_code(&validator, &args, &output);
            assert!(
                peak_kib.map_or(true, |kib| kib * 1024 <= VALIDATOR_MEMORY),
                "{}, {}: the validator's peak memory {:?} KiB",
                name,
                what,
                peak_kib
            );
            let message =
                std::fs::read_to_string(feedback.join("judgemessage.txt")).unwrap_or_default();
            assert_eq!(
                code,
                Some(if checker.is_ok() { 42 } else { 43 }),
                "{}, {}: the checker says {:.300?}; the validator {}",
                name,
                what,
                checker,
                message.trim_end()
            );
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// The exit code of `exe args` on `stdin` under `VALIDATOR_MEMORY` (`None`
/// when it was killed at the limit or died of a signal), and its peak
/// memory in KiB.
fn validator_code(exe: &Path, args: &[&Path], stdin: &[u8]) -> (Option<i32>, Option<u64>) {
    let (code, outcome) = run_under(exe, args, stdin, Some(VALIDATOR_MEMORY));
    (code, outcome.usage.map(|u| u.max_rss_kib))
}
