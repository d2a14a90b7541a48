//! The junk Kattis' `verifyproblem` (problemtools) feeds every input validator,
//! fed to ours: each validator must reject it.
//!
//! `verifyproblem` runs two kinds of junk through the input validators and
//! warns when no validator rejects one:
//! - junk files: an empty file, 1024 random bytes, the ASCII characters 32 up
//!   to 126, 200 random characters of Python's `string.printable`;
//! - modifications of each test input (the first one a modification applies
//!   to): one or more spaces added after every whitespace character, a space
//!   after every newline, every newline doubled (or repeated 2 to 5 times),
//!   ten zeros put before every integer (regex `(^|[^.]\b)([0-9]+)\b`), ten
//!   zeros put after the decimals of every real number (`\.[0-9]+\b`), and
//!   200 random printable characters appended.
//!
//! Each modification is applied here to every sample input that is canonical
//! as it is (the samples the validator accepts), and must be rejected: in the
//! canonical formats every one of them breaks the layout or a number.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

/// Every problem of the judge's table with its validator's binary, which
/// Cargo builds beside this test's own folder (`target/<profile>/`) before
/// it runs the test. A problem without one fails the test.
fn validators() -> Vec<(&'static str, String)> {
    let test = std::env::current_exe().expect("the test's own path");
    let profile = test
        .parent()
        .and_then(Path::parent)
        .expect("the test runs from target/<profile>/deps");
    judge::problems::PROBLEMS
        .iter()
        .map(|problem| {
            let name = judge::workspace::input_validator_name(problem.name);
            let exe = profile.join(format!("{}{}", name, std::env::consts::EXE_SUFFIX));
            assert!(
                exe.is_file(),
                "{}: no validator {}",
                problem.name,
                exe.display()
            );
            (problem.name, exe.to_string_lossy().into_owned())
        })
        .collect()
}

/// Runs a validator on `input`: its exit status (42 valid, 43 invalid).
fn validator_status(exe: &str, input: &[u8]) -> i32 {
    let mut child = Command::new(exe)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("start the validator");
    // A validator may stop reading early (a bad first byte): a broken pipe is fine.
    let _ = child.stdin.take().unwrap().write_all(input);
    let status = child.wait().expect("wait for the validator");
    status.code().expect("the validator exits, not killed")
}

/// splitmix64, for reproducible junk.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Python's `string.printable`: digits, letters, punctuation, then whitespace.
const PRINTABLE: &str = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ\
                         !\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~ \t\n\r\x0b\x0c";

fn random_printable(rng: &mut Rng, len: usize) -> String {
    let chars: Vec<char> = PRINTABLE.chars().collect();
    (0..len).map(|_| chars[rng.below(chars.len())]).collect()
}

/// The junk files of `verifyproblem`.
fn junk_files(rng: &mut Rng) -> Vec<(&'static str, Vec<u8>)> {
    vec![
        ("an empty file", Vec::new()),
        (
            "1024 random bytes",
            (0..1024).map(|_| rng.next() as u8).collect(),
        ),
        ("the ASCII characters 32 up to 126", (32..127).collect()),
        (
            "200 random printable characters",
            random_printable(rng, 200).into_bytes(),
        ),
    ]
}

/// Python's `\s` on ASCII text.
fn is_space(c: char) -> bool {
    matches!(
        c,
        ' ' | '\t' | '\n' | '\r' | '\x0b' | '\x0c' | '\x1c'..='\x1f'
    )
}

/// Python's `\w` on ASCII text (the side of a `\b`).
fn is_word(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// `re.sub(r'\s', lambda m: m.group(0) + spaces, text)`, the number of spaces
/// drawn by `count` for each match.
fn spaces_after_whitespace(text: &str, mut count: impl FnMut() -> usize) -> String {
    let mut out = String::new();
    for c in text.chars() {
        out.push(c);
        if is_space(c) {
            out += &" ".repeat(count());
        }
    }
    out
}

/// `re.sub('\n', lambda m: '\n' * count(), text)`.
fn repeat_newlines(text: &str, mut count: impl FnMut() -> usize) -> String {
    let mut out = String::new();
    for c in text.chars() {
        if c == '\n' {
            out += &"\n".repeat(count());
        } else {
            out.push(c);
        }
    }
    out
}

/// The maximal runs of `digit` characters as (start, end) character indices.
fn runs(chars: &[char], digit: impl Fn(char) -> bool) -> Vec<(usize, usize)> {
    let mut found = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        if digit(chars[i]) {
            let start = i;
            while i < chars.len() && digit(chars[i]) {
                i += 1;
            }
            found.push((start, i));
        } else {
            i += 1;
        }
    }
    found
}

/// `re.sub(r'(^|[^.]\b)([0-9]+)\b', r'\g<1>0000000000\g<2>', text)`: a whole
/// run of digits, at the start of the text or after a character that is
/// neither a word character nor `.`, and not followed by a word character,
/// gets ten zeros in front. `None` when the pattern matches nowhere.
fn leading_zeros(text: &str) -> Option<String> {
    let chars: Vec<char> = text.chars().collect();
    let integers: Vec<usize> = runs(&chars, |c| c.is_ascii_digit())
        .into_iter()
        .filter(|&(start, end)| {
            let before_ok = start == 0 || (chars[start - 1] != '.' && !is_word(chars[start - 1]));
            let after_ok = end == chars.len() || !is_word(chars[end]);
            before_ok && after_ok
        })
        .map(|(start, _)| start)
        .collect();
    if integers.is_empty() {
        return None;
    }
    let mut out = String::new();
    for (i, &c) in chars.iter().enumerate() {
        if integers.contains(&i) {
            out += "0000000000";
        }
        out.push(c);
    }
    Some(out)
}

/// `re.sub(r'\.[0-9]+\b', r'\g<0>0000000000', text)`: ten zeros after the
/// digits that follow a `.`, unless a word character follows them. `None`
/// when the pattern matches nowhere.
fn trailing_zeros(text: &str) -> Option<String> {
    let chars: Vec<char> = text.chars().collect();
    let ends: Vec<usize> = runs(&chars, |c| c.is_ascii_digit())
        .into_iter()
        .filter(|&(start, end)| {
            start > 0 && chars[start - 1] == '.' && (end == chars.len() || !is_word(chars[end]))
        })
        .map(|(_, end)| end)
        .collect();
    if ends.is_empty() {
        return None;
    }
    let mut out = String::new();
    for (i, &c) in chars.iter().enumerate() {
        if ends.contains(&i) {
            out += "0000000000";
        }
        out.push(c);
    }
    if ends.contains(&chars.len()) {
        out += "0000000000";
    }
    Some(out)
}

/// Every modification of `verifyproblem` that applies to `text`: (name,
/// modified text).
fn modifications(text: &str, rng: &mut Rng) -> Vec<(&'static str, String)> {
    let mut all = vec![
        (
            "a space after every whitespace",
            spaces_after_whitespace(text, || 1),
        ),
        (
            "1 to 5 spaces after every whitespace",
            spaces_after_whitespace(text, || 1 + rng.below(5)),
        ),
        ("a space after every newline", text.replace('\n', "\n ")),
        ("every newline doubled", repeat_newlines(text, || 2)),
        (
            "every newline repeated 2 to 5 times",
            repeat_newlines(text, || 2 + rng.below(4)),
        ),
        (
            "200 random printable characters appended",
            format!("{}{}", text, random_printable(rng, 200)),
        ),
    ];
    if let Some(zeros) = leading_zeros(text) {
        all.push(("leading zeros added to integers", zeros));
    }
    if let Some(zeros) = trailing_zeros(text) {
        all.push(("trailing zeros added to decimals", zeros));
    }
    all
}

fn sample_inputs(problem: &str) -> Vec<(String, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join("samples")
        .join(problem);
    let mut inputs: Vec<(String, String)> = std::fs::read_dir(&dir)
        .expect("the samples folder")
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension() == Some(std::ffi::OsStr::new("in")))
        .map(|path| {
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read_to_string(&path).unwrap())
        })
        .collect();
    inputs.sort();
    inputs
}

#[test]
fn every_validator_rejects_the_junk_files() {
    let mut rng = Rng(0x004A_114B);
    let junk = junk_files(&mut rng);
    for (problem, exe) in &validators() {
        for (what, bytes) in &junk {
            assert_eq!(
                validator_status(exe, bytes),
                43,
                "{} accepts {}",
                problem,
                what
            );
        }
    }
}

#[test]
fn every_validator_rejects_every_junk_modification_of_a_valid_input() {
    let mut rng = Rng(0x5EED);
    let (mut canonical, mut rejected) = (0, 0);
    for (problem, exe) in &validators() {
        let mut valid = 0;
        for (name, text) in sample_inputs(problem) {
            if validator_status(exe, text.as_bytes()) != 42 {
                continue; // a tolerated, non-canonical layout: covered by the judge's tests
            }
            valid += 1;
            for (what, modified) in modifications(&text, &mut rng) {
                assert_eq!(
                    validator_status(exe, modified.as_bytes()),
                    43,
                    "{}: {} with {} is accepted:\n{}",
                    problem,
                    name,
                    what,
                    modified
                );
                rejected += 1;
            }
        }
        assert!(valid > 0, "{}: no sample is canonical", problem);
        canonical += valid;
    }
    println!(
        "{} canonical samples, {} junk modifications of them, all rejected",
        canonical, rejected
    );
}

#[test]
fn the_modifications_are_those_of_verifyproblem() {
    let mut rng = Rng(1);
    assert_eq!(spaces_after_whitespace("W 3\n", || 1), "W  3\n ");
    assert_eq!(repeat_newlines("a\nb\n", || 2), "a\n\nb\n\n");
    // Integers get zeros, but not digits glued to letters or after a dot.
    assert_eq!(
        leading_zeros("W 3\n21-17\n13x22\n").unwrap(),
        "W 00000000003\n000000000021-000000000017\n13x22\n"
    );
    assert_eq!(
        leading_zeros("7 a.5 x9 9x"),
        Some("00000000007 a.5 x9 9x".to_string())
    );
    assert_eq!(leading_zeros(". B . .\n"), None);
    assert_eq!(
        trailing_zeros("1.5 2.5x .7"),
        Some("1.50000000000 2.5x .70000000000".to_string())
    );
    assert_eq!(trailing_zeros("........\n"), None);
    let mods = modifications("1 18\n0\n", &mut rng);
    assert_eq!(mods.len(), 7);
    assert!(mods.iter().all(|(_, m)| m != "1 18\n0\n"));
}
