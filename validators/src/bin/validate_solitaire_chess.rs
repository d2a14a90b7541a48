//! Input validator for solitaire_chess (Kattis problem package format).
//!
//! Reads one test input on standard input; exits 42 when it is valid, 43 with
//! one line on standard error when it is not.
//!
//! Canonical means the board as the statement's examples show it:
//! - four lines, the top row first, each ended by LF (a final newline, no CR,
//!   nothing after the fourth row);
//! - each line the row's four squares from left to right, separated by
//!   single spaces (`. B . .`, 7 characters): a piece `K`, `Q`, `R`, `B`,
//!   `N`, `P`, or `.` for an empty square;
//! - not the compact `.B..` rows nor the one-line form, no other mark for an
//!   empty square (`0`, `b`, ...), no blank at either end of a line, although
//!   the statement tolerates all of these.
//!
//! Only printable ASCII and LF: no byte-order mark, no tab, no blank line.
//! Any number of pieces from 0 to 16 is valid: the statement defines the
//! answers for no piece (`0`) and one piece (`[]`).
//!
//! One file, std only: it compiles alone with `rustc` (editions 2015 to 2021).

use std::io::Read;
use std::process;

fn main() {
    let mut input = Vec::new();
    if let Err(e) = std::io::stdin().read_to_end(&mut input) {
        eprintln!("solitaire_chess: cannot read standard input: {}", e);
        process::exit(43);
    }
    match validate(&input) {
        Ok(()) => process::exit(42),
        Err(why) => {
            eprintln!("solitaire_chess: invalid input: {}", why);
            process::exit(43);
        }
    }
}

/// Accepts a canonical input, or says what is wrong with it.
fn validate(input: &[u8]) -> Result<(), String> {
    let lines = canonical_lines(input)?;
    if lines.len() != 4 {
        return Err(format!(
            "expected 4 lines (the board rows), found {}",
            lines.len()
        ));
    }
    for (i, line) in lines.iter().enumerate() {
        check_row(line).map_err(|why| format!("line {}: {}", i + 1, why))?;
    }
    Ok(())
}

/// One row: four squares, single spaces between them.
fn check_row(line: &str) -> Result<(), String> {
    let squares: Vec<&str> = line.split(' ').collect();
    if squares.len() != 4 || squares.iter().any(|s| s.len() != 1) {
        return Err(format!(
            "a row is 4 squares separated by single spaces, like \". B . .\", found {:?}",
            line
        ));
    }
    match squares.iter().find(|s| !"KQRBNP.".contains(**s)) {
        Some(s) => Err(format!(
            "a square is one of K Q R B N P or . (empty), found {:?}",
            s
        )),
        None => Ok(()),
    }
}

/// The lines of a canonical text: only printable ASCII and LF, and the text
/// ends with LF. No line is dropped, so a blank line stays a line.
fn canonical_lines(input: &[u8]) -> Result<Vec<&str>, String> {
    if input.is_empty() {
        return Err("the input is empty".to_string());
    }
    let mut line = 1;
    for &b in input {
        if b == b'\n' {
            line += 1;
        } else if !(b' '..=b'~').contains(&b) {
            return Err(format!("line {}: {}", line, unexpected_byte(b)));
        }
    }
    if input[input.len() - 1] != b'\n' {
        return Err("the last line does not end with a newline".to_string());
    }
    let text = std::str::from_utf8(&input[..input.len() - 1]).expect("ASCII");
    Ok(text.split('\n').collect())
}

/// A byte a canonical input never holds, in words.
fn unexpected_byte(b: u8) -> String {
    match b {
        b'\r' => "a carriage return (CR): line ends are LF only".to_string(),
        b'\t' => "a tab".to_string(),
        0xEF => "byte 0xEF (a UTF-8 byte-order mark?): the input is ASCII".to_string(),
        _ => format!("byte 0x{:02X}: only printable ASCII and LF", b),
    }
}

#[cfg(test)]
mod tests {
    use super::validate;

    const GOOD: &str = ". . . .\n. B . .\nR P . .\n. . . N\n";

    fn rejects(input: &str, needle: &str) {
        match validate(input.as_bytes()) {
            Ok(()) => panic!("accepted {:?}", input),
            Err(why) => assert!(
                why.contains(needle),
                "{:?}: {:?} lacks {:?}",
                input,
                why,
                needle
            ),
        }
    }

    #[test]
    fn accepts_canonical_inputs() {
        assert_eq!(validate(GOOD.as_bytes()), Ok(()));
        let empty = ". . . .\n".repeat(4);
        assert_eq!(validate(empty.as_bytes()), Ok(()));
        assert_eq!(validate(b". . . .\n. . Q .\n. . . .\n. . . .\n"), Ok(()));
        assert_eq!(validate(b"K Q R B\nN P K Q\nR B N P\nP P P P\n"), Ok(()));
    }

    #[test]
    fn rejects_each_layout_defect() {
        rejects("", "empty");
        rejects(&GOOD.replace('\n', "\r\n"), "carriage return");
        rejects(&GOOD[..GOOD.len() - 1], "does not end with a newline");
        rejects(&format!("\u{feff}{}", GOOD), "byte-order mark");
        rejects("....\n.B..\nRP..\n...N\n", "line 1: a row is 4 squares");
        rejects(".....B..RP.....N\n", "found 1");
        rejects(&format!("{}\n", GOOD), "found 5");
        rejects(". . . .\n\n. B . .\nR P . .\n. . . N\n", "found 5");
        rejects(". . . .\n. B . .\nR P . .\n", "found 3");
        rejects(
            ". . . .\n. B . .\nR P . . \n. . . N\n",
            "line 3: a row is 4 squares",
        );
        rejects(
            ". . . .\n. B . .\n R P . .\n. . . N\n",
            "line 3: a row is 4 squares",
        );
        rejects(
            ". . . .\n. B . .\nR  P . .\n. . . N\n",
            "line 3: a row is 4 squares",
        );
        rejects(
            ". . . .\n. B . .\nR P .\n. . . N\n",
            "line 3: a row is 4 squares",
        );
        rejects(
            ". . . .\n. B . .\nR P . . .\n. . . N\n",
            "line 3: a row is 4 squares",
        );
        rejects(". . . .\n. B . .\nR P .\t.\n. . . N\n", "tab");
    }

    #[test]
    fn rejects_each_content_defect() {
        rejects(
            "0 0 0 0\n. B . .\nR P . .\n. . . N\n",
            "line 1: a square is one of",
        );
        rejects(
            ". . . .\n. b . .\nR P . .\n. . . N\n",
            "line 2: a square is one of K Q R B N P or . (empty), found \"b\"",
        );
        rejects(". . . .\n. B . .\nR P . .\n. . . X\n", "found \"X\"");
        rejects(
            ". . . .\n. B . .\nR P . .\n. . .N\n",
            "line 4: a row is 4 squares",
        );
    }
}
