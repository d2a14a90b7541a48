//! The problem package's validators (`validators/`) held to the judge.
//!
//! - Input validators (`validators/src/bin/<problem>.rs`, compiled here alone
//!   with `rustc`): every sample in canonical form, and every input the
//!   problem's generator draws (made canonical), is accepted; a sample is
//!   accepted as it is exactly when it is canonical already.
//! - Output validators (`validators/output/<problem>.cpp`, compiled with
//!   `g++`, so the test is `#[ignore]`d: `cargo test -p judge --bin judge --
//!   --ignored output_validator`): on thousands of (input, output) pairs, right answers
//!   of our solutions and mutated ones, the validator's verdict is the
//!   checker's.

use super::{checkers_board, checkers_pos, checks_post_facto, solitaire_chess, Problem, PROBLEMS};
use crate::rng::Rng;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn workspace() -> PathBuf {
    crate::suite::workspace_root()
}

/// A fresh folder for this test's files.
fn scratch(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("judge-{}-{}", tag, std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create a temporary folder");
    dir
}

/// What a program did: its exit code, standard output and standard error.
struct Outcome {
    code: i32,
    stdout: String,
    stderr: String,
}

/// Runs `exe args` with `stdin`. A program that dies of a signal fails the
/// test.
fn run(exe: &Path, args: &[&Path], stdin: &[u8]) -> Outcome {
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
    Outcome {
        code,
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
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

/// Each input validator compiles alone with plain rustc under every edition
/// a judge may use (checked without code generation: editions differ in
/// what compiles, not in the code).
#[test]
fn input_validators_compile_alone_under_every_edition() {
    let dir = scratch("input-validator-editions");
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_string());
    for problem in PROBLEMS {
        let src = workspace()
            .join("validators")
            .join("src")
            .join("bin")
            .join(format!("{}.rs", problem.name));
        for edition in crate::build::EDITIONS {
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
    let src = workspace()
        .join("validators")
        .join("output")
        .join(format!("{}.cpp", name));
    let exe = dir.join(format!("output-{}", name));
    let mut command = Command::new("g++");
    command.args(["-O2", "-std=c++17", "-o"]).arg(&exe).arg(src);
    compile(command, &exe)
}

/// Our solution of `name`, built by Cargo in release mode.
fn solution(name: &str) -> PathBuf {
    crate::build::cargo_release(&workspace(), &[name], true)
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

/// The output with its whitespace varied: the tolerated variants (CRLF,
/// blanks at line ends, blank lines at the end, no final newline) and some
/// that are not (a leading blank, a blank line first, a tab inside).
fn whitespace_variants(output: &str) -> Vec<String> {
    vec![
        output.replace('\n', "\r\n"),
        output.replace('\n', " \t\n"),
        format!("{}\n \n\r\n", output),
        output.trim_end().to_string(),
        format!(" {}", output),
        format!("\n{}", output),
        output.replacen(',', ", ", 1),
        output.replacen(' ', "\t", 1),
        output.replacen('\n', "\n\n", 1),
    ]
}

/// The output cut, with junk put in, or replaced: mostly wrong.
fn text_mutants(output: &str, rng: &mut Rng) -> Vec<String> {
    const JUNK: [&str; 12] = [
        " ", "x", "0", "[", "]", ",", "\t", "-", "b", "é", "\u{a0}", "\u{b}",
    ];
    let chars: Vec<char> = output.chars().collect();
    let cut = rng.below(chars.len() as u64) as usize;
    let at = rng.below(chars.len() as u64 + 1) as usize;
    let junk = rng.pick(&JUNK);
    let with_junk: String =
        chars[..at].iter().collect::<String>() + junk + &chars[at..].iter().collect::<String>();
    vec![
        chars[..cut].iter().collect(),
        with_junk,
        String::new(),
        format!("{}{}", output, output),
        format!("{}{}\n", output, junk),
    ]
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

/// The moves of a solitaire answer, `[from x, from y, to x, to y]` each.
fn solitaire_moves(answer: &str) -> Vec<[String; 4]> {
    let numbers: Vec<String> = answer
        .split(|c: char| !c.is_ascii_digit())
        .filter(|n| !n.is_empty())
        .map(str::to_string)
        .collect();
    numbers
        .chunks(4)
        .filter(|m| m.len() == 4)
        .map(|m| [m[0].clone(), m[1].clone(), m[2].clone(), m[3].clone()])
        .collect()
}

fn solitaire_answer(moves: &[[String; 4]]) -> String {
    let list: Vec<String> = moves
        .iter()
        .map(|m| format!("[[{},{}],[{},{}]]", m[0], m[1], m[2], m[3]))
        .collect();
    format!("[{}]\n", list.join(","))
}

/// Captures drawn at random until one piece is left, each from a piece to
/// another piece whatever their kinds and whatever stands between: every
/// movement rule gets tried, and some of these answers are right.
fn random_captures(input: &str, rng: &mut Rng) -> String {
    let mut pieces = solitaire_pieces(input);
    let mut moves = Vec::new();
    while pieces.len() > 1 {
        let from = rng.below(pieces.len() as u64) as usize;
        let mut to = rng.below(pieces.len() as u64 - 1) as usize;
        if to >= from {
            to += 1;
        }
        let ((fx, fy), (tx, ty)) = (pieces[from], pieces[to]);
        moves.push([fx, fy, tx, ty].map(|v| v.to_string()));
        pieces[to] = pieces[from];
        pieces.remove(from);
    }
    solitaire_answer(&moves)
}

/// Every order of captures, legal or not, that leaves one piece: for boards
/// of at most three pieces (12 orders for three), so that each movement rule
/// and each blocker is tried.
fn every_capture_order(
    pieces: &[(usize, usize)],
    moves: &mut Vec<[String; 4]>,
    out: &mut Vec<String>,
) {
    if pieces.len() <= 1 {
        out.push(solitaire_answer(moves));
        return;
    }
    for from in 0..pieces.len() {
        for to in 0..pieces.len() {
            if from == to {
                continue;
            }
            let ((fx, fy), (tx, ty)) = (pieces[from], pieces[to]);
            moves.push([fx, fy, tx, ty].map(|v| v.to_string()));
            let mut left = pieces.to_vec();
            left[to] = left[from];
            left.remove(from);
            every_capture_order(&left, moves, out);
            moves.pop();
        }
    }
}

/// Boards of three pieces of random kinds, two or three of them on one line
/// (a row, a column or a diagonal), so that pieces stand two squares apart
/// and block each other often: all their capture orders try every rule.
fn small_solitaire_boards(rng: &mut Rng) -> Vec<String> {
    const LINES: [[(i64, i64); 2]; 4] = [
        [(0, 0), (1, 0)],
        [(0, 0), (0, 1)],
        [(0, 0), (1, 1)],
        [(3, 0), (-1, 1)],
    ];
    (0..70)
        .map(|_| {
            let mut grid = [['.'; 4]; 4]; // grid[y][x]
            let [(x0, y0), (dx, dy)] = rng.pick(&LINES);
            // A start and steps along the line that stay on the board.
            let shift = rng.below(4) as i64;
            let (sx, sy) = if dx == 0 {
                (shift, 0)
            } else if dy == 0 {
                (0, shift)
            } else {
                (0, 0)
            };
            let on_line = 2 + rng.below(2) as usize;
            let mut placed = 0;
            for step in 0..4 {
                let (x, y) = (x0 + sx + dx * step, y0 + sy + dy * step);
                if placed < on_line && rng.chance(70) {
                    grid[y as usize][x as usize] = rng.pick(&solitaire_chess::KINDS);
                    placed += 1;
                }
            }
            while placed < 3 {
                let (x, y) = (rng.below(4) as usize, rng.below(4) as usize);
                if grid[y][x] == '.' {
                    grid[y][x] = rng.pick(&solitaire_chess::KINDS);
                    placed += 1;
                }
            }
            let rows: Vec<String> = (0..4)
                .rev()
                .map(|y| {
                    grid[y]
                        .iter()
                        .map(char::to_string)
                        .collect::<Vec<_>>()
                        .join(" ")
                })
                .collect();
            super::lf_lines(&rows)
        })
        .collect()
}

/// (x, y) of every piece of a solitaire input: square i of the input is
/// column i % 4 of row 3 - i / 4.
fn solitaire_pieces(input: &str) -> Vec<(usize, usize)> {
    let squares: Vec<char> = input.chars().filter(|c| !c.is_whitespace()).collect();
    (0..squares.len())
        .filter(|&i| squares[i] != '.')
        .map(|i| (i % 4, 3 - i / 4))
        .collect()
}

/// Right and wrong outputs for a solitaire board whose right answer is `answer`.
fn solitaire_outputs(input: &str, answer: &str, rng: &mut Rng) -> Vec<String> {
    let mut outputs = vec![answer.to_string(), "0\n".to_string(), "[]\n".to_string()];
    match solitaire_pieces(input).len() {
        0 | 1 => {}
        2 | 3 => every_capture_order(&solitaire_pieces(input), &mut Vec::new(), &mut outputs),
        _ => outputs.extend((0..6).map(|_| random_captures(input, rng))),
    }
    outputs.extend(whitespace_variants(answer));
    outputs.extend(text_mutants(answer, rng));
    let moves = solitaire_moves(answer);
    if moves.is_empty() {
        return outputs;
    }
    let n = moves.len();
    let i = rng.below(n as u64) as usize;
    let j = rng.below(n as u64) as usize;
    let mut edits: Vec<Vec<[String; 4]>> = Vec::new();
    let mut dropped = moves.clone();
    dropped.remove(i);
    edits.push(dropped);
    let mut doubled = moves.clone();
    doubled.insert(i, moves[i].clone());
    edits.push(doubled);
    let mut swapped = moves.clone();
    swapped.swap(i, j);
    edits.push(swapped);
    let mut reversed = moves.clone();
    reversed.reverse();
    edits.push(reversed);
    let mut changed = moves.clone();
    changed[i][rng.below(4) as usize] = rng.below(5).to_string();
    edits.push(changed);
    let mut turned = moves.clone();
    turned[i].swap(0, 2);
    turned[i].swap(1, 3);
    edits.push(turned);
    // A leading zero in a coordinate: the judge reads the number.
    let mut padded = moves.clone();
    padded[i][rng.below(4) as usize].insert(0, '0');
    edits.push(padded);
    outputs.extend(edits.iter().map(|m| solitaire_answer(m)));
    outputs
}

/// Right and wrong outputs for a checks_post_facto test whose right answer is `answer`.
fn post_facto_outputs(_input: &str, answer: &str, rng: &mut Rng) -> Vec<String> {
    let mut outputs = vec![answer.to_string()];
    outputs.extend(whitespace_variants(answer));
    outputs.extend(text_mutants(answer, rng));
    let rows: Vec<Vec<u8>> = answer.lines().map(|l| l.as_bytes().to_vec()).collect();
    if rows.len() != 8 || rows.iter().any(|r| r.len() != 17) {
        return outputs;
    }
    let render = |rows: &[Vec<u8>]| -> String {
        rows.iter()
            .map(|r| String::from_utf8_lossy(r).into_owned() + "\n")
            .collect()
    };
    let (i, j) = (rng.below(8) as usize, rng.below(8) as usize);
    let mut edits: Vec<Vec<Vec<u8>>> = Vec::new();
    let mut dropped = rows.clone();
    dropped.remove(i);
    edits.push(dropped);
    let mut doubled = rows.clone();
    doubled.insert(i, rows[i].clone());
    edits.push(doubled);
    let mut swapped = rows.clone();
    swapped.swap(i, j);
    edits.push(swapped);
    // A dark cell of the before board, the after board, or both, set at random:
    // often still right when no move touches the square.
    for boards in [&[0][..], &[9], &[0, 9], &[0, 9]] {
        let mut scribbled = rows.clone();
        let row = rng.below(8) as usize;
        let col = 2 * rng.below(4) as usize + (1 - row % 2);
        let piece = rng.pick(b".bwBW");
        for &offset in boards {
            scribbled[row][offset + col] = piece;
        }
        edits.push(scribbled);
    }
    // A man on its far row on both boards: only the promotion rule rejects it
    // (when no move goes near it).
    let mut unpromoted = rows.clone();
    let (row, man) = if rng.chance(50) { (0, b'w') } else { (7, b'b') };
    let col = 2 * rng.below(4) as usize + (1 - row % 2);
    unpromoted[row][col] = man;
    unpromoted[row][9 + col] = man;
    edits.push(unpromoted);
    // Kings and men exchanged: a man cannot go backwards, is promoted on the far
    // row and stops there; a king can go on.
    let squares: Vec<(usize, usize)> = (0..8)
        .flat_map(|row| (0..4).map(move |k| (row, 2 * k + (1 - row % 2))))
        .collect();
    let kings: Vec<(usize, usize)> = squares
        .iter()
        .copied()
        .filter(|&(row, col)| rows[row][col].is_ascii_uppercase())
        .collect();
    if !kings.is_empty() {
        let mut demoted = rows.clone();
        let (row, col) = kings[rng.below(kings.len() as u64) as usize];
        demoted[row][col] = demoted[row][col].to_ascii_lowercase();
        edits.push(demoted);
    }
    let colour = rng.pick(b"BW");
    let mut all_demoted = rows.clone();
    for row in all_demoted.iter_mut() {
        for cell in row.iter_mut().filter(|cell| **cell == colour) {
            *cell = cell.to_ascii_lowercase();
        }
    }
    edits.push(all_demoted);
    let men: Vec<(usize, usize)> = squares
        .iter()
        .copied()
        .filter(|&(row, col)| rows[row][col].is_ascii_lowercase())
        .collect();
    if !men.is_empty() {
        let mut crowned = rows.clone();
        let (row, col) = men[rng.below(men.len() as u64) as usize];
        crowned[row][col] = crowned[row][col].to_ascii_uppercase();
        edits.push(crowned);
    }
    let mut light = rows.clone();
    light[i][2 * rng.below(4) as usize + i % 2] = b'.';
    edits.push(light);
    let mut glued = rows.clone();
    glued[i][8] = b'-';
    edits.push(glued);
    let mut switched = rows.clone();
    for row in switched.iter_mut() {
        row.rotate_left(9);
        row.rotate_right(1);
    }
    edits.push(switched);
    outputs.extend(edits.iter().map(|rows| render(rows)));
    outputs
}

/// (input, output) pairs for variants of a checks_post_facto input that the
/// input validator still accepts, with `answer` the right answer to `input`:
/// - the other side first, two neighbouring moves swapped, the last move
///   dropped, each with `answer` (usually wrong for them);
/// - the last hop of the last move dropped when it is a multi-hop jump, with
///   `answer`'s after board taken back by that hop in the four ways it can
///   be (the jumper a man or a king, the piece it took a man or a king): the
///   jumper could jump on, so each is wrong.
fn post_facto_inputs(input: &str, answer: &str, rng: &mut Rng) -> Vec<(String, String)> {
    let lines: Vec<&str> = input.lines().collect();
    let moves = &lines[1..];
    let side = &lines[0][..1];
    let render =
        |side: &str, moves: &[&str]| format!("{} {}\n{}\n", side, moves.len(), moves.join("\n"));
    let other = if side == "B" { "W" } else { "B" };
    let mut inputs = vec![render(other, moves)];
    if moves.len() >= 2 {
        let i = rng.below(moves.len() as u64 - 1) as usize;
        let mut swapped = moves.to_vec();
        swapped.swap(i, i + 1);
        inputs.push(render(side, &swapped));
        inputs.push(render(side, &moves[..moves.len() - 1]));
    }
    let mut pairs: Vec<(String, String)> = inputs
        .into_iter()
        .map(|input| (input, answer.to_string()))
        .collect();
    let last = moves[moves.len() - 1];
    let hops: Vec<usize> = last.split('x').filter_map(|sq| sq.parse().ok()).collect();
    if hops.len() >= 3 {
        let shorter = last[..last.rfind('x').unwrap()].to_string();
        let mut fewer = moves.to_vec();
        *fewer.last_mut().unwrap() = &shorter;
        let input = render(side, &fewer);
        for (jumper_king, taken_king) in
            [(false, false), (false, true), (true, false), (true, true)]
        {
            if let Some(output) =
                hop_undone(answer, &hops[hops.len() - 2..], jumper_king, taken_king)
            {
                pairs.push((input.clone(), output));
            }
        }
    }
    pairs
}

/// `answer` with its after board taken back by the hop `from`x`to`: the jumper
/// back on `from` (a king or a man), the piece it took (a king or a man of the
/// other colour) back between. `None` when the answer is not two boards.
fn hop_undone(answer: &str, hop: &[usize], jumper_king: bool, taken_king: bool) -> Option<String> {
    let mut rows: Vec<Vec<u8>> = answer.lines().map(|l| l.as_bytes().to_vec()).collect();
    if rows.len() != 8 || rows.iter().any(|r| r.len() != 17) {
        return None;
    }
    // The after board's cell of a square: row (sq - 1) / 4, light cell first on even rows.
    let cell = |sq: usize| {
        let row = (sq - 1) / 4;
        (row, 9 + 2 * ((sq - 1) % 4) + (1 - row % 2))
    };
    let ((fr, fc), (tr, tc)) = (cell(hop[0]), cell(hop[1]));
    let jumper = rows[tr][tc];
    if jumper == b'.' {
        return None;
    }
    let black = jumper.eq_ignore_ascii_case(&b'b');
    let pick = |king: bool, black: bool| match (king, black) {
        (false, true) => b'b',
        (true, true) => b'B',
        (false, false) => b'w',
        (true, false) => b'W',
    };
    rows[tr][tc] = b'.';
    rows[fr][fc] = pick(jumper_king, black);
    rows[(fr + tr) / 2][(fc + tc) / 2] = pick(taken_king, !black);
    Some(
        rows.iter()
            .map(|r| String::from_utf8_lossy(r).into_owned() + "\n")
            .collect(),
    )
}

/// Counts of one problem's comparison.
#[derive(Default)]
struct Tally {
    accepted: usize,
    rejected: usize,
}

/// Judges every pair with the checker and with the output validator; panics
/// at the first disagreement.
fn compare(
    name: &str,
    check: crate::verdict::Checker,
    validator: &Path,
    dir: &Path,
    pairs: &[Pair],
) -> Tally {
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
fn pairs_of(c: &Comparison) -> Vec<Pair> {
    let (name, outputs, inputs) = (c.name, c.outputs, c.other_inputs);
    let problem = PROBLEMS.iter().find(|p| p.name == name).unwrap();
    let solver = solution(name);
    let mut rng = Rng(0x0A7A_1DA7);
    let mut all_inputs: Vec<String> = generated(problem, 42, c.inputs)
        .iter()
        .map(|input| (problem.canonical)(input))
        .collect();
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

/// One problem of the comparison: how many generated inputs, and how to make
/// outputs (and other inputs) from each.
struct Comparison {
    name: &'static str,
    check: crate::verdict::Checker,
    inputs: u64,
    extra_inputs: fn(&mut Rng) -> Vec<String>,
    outputs: fn(&str, &str, &mut Rng) -> Vec<String>,
    other_inputs: fn(&str, &str, &mut Rng) -> Vec<(String, String)>,
}

fn no_extra_inputs(_: &mut Rng) -> Vec<String> {
    Vec::new()
}

fn no_other_inputs(_: &str, _: &str, _: &mut Rng) -> Vec<(String, String)> {
    Vec::new()
}

#[test]
#[ignore = "needs g++; run with: cargo test -p judge --bin judge -- --ignored output_validator"]
fn output_validators_agree_with_the_checkers() {
    let comparisons = [
        Comparison {
            name: "solitaire_chess",
            check: solitaire_chess::check,
            inputs: 60,
            extra_inputs: small_solitaire_boards,
            outputs: solitaire_outputs,
            other_inputs: no_other_inputs,
        },
        Comparison {
            name: "checks_post_facto",
            check: checks_post_facto::check,
            inputs: 100,
            extra_inputs: no_extra_inputs,
            outputs: post_facto_outputs,
            other_inputs: post_facto_inputs,
        },
    ];
    // The two problems side by side: most of the time goes to starting processes.
    std::thread::scope(|scope| {
        for c in &comparisons {
            scope.spawn(move || {
                let dir = scratch(&format!("output-validator-{}", c.name));
                let pairs = pairs_of(c);
                let validator = output_validator(&dir, c.name);
                let tally = compare(c.name, c.check, &validator, &dir, &pairs);
                let total = tally.accepted + tally.rejected;
                println!(
                    "{}: {} (input, output) pairs, the checker and the output validator agree \
                     on all: {} accepted, {} rejected",
                    c.name, total, tally.accepted, tally.rejected
                );
                assert!(
                    tally.accepted * 10 >= total,
                    "{}: too few right outputs",
                    c.name
                );
                assert!(
                    tally.rejected * 3 >= total,
                    "{}: too few wrong outputs",
                    c.name
                );
                let _ = std::fs::remove_dir_all(&dir);
            });
        }
    });
}
