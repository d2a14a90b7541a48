//! Input validator for checkers_board (Kattis problem package format).
//!
//! Reads one test input on standard input; exits 42 when it is valid, 43 with
//! one line on standard error when it is not.
//!
//! Canonical means the board as the statement's examples show it:
//! - eight lines, row 0 (the top) first, each ended by LF (a final newline,
//!   no CR, nothing after row 8);
//! - each line exactly 8 characters of `B`, `W` and `.` (the vacant cell),
//!   column 0 first: no spaces for vacant cells, no short (stripped) rows;
//! - pieces only on dark cells, those with row + column even (the top-left
//!   cell is dark); a light cell is `.`;
//! - at most 12 `B` and at most 12 `W`.
//!
//! Only printable ASCII and LF: no byte-order mark, no tab, no blank line.
//! A board without any piece is valid: the statement defines it (answer 0),
//! although the original contest promised at least one piece.
//!
//! One file, std only: it compiles alone with `rustc` (editions 2015 to 2021).

use std::io::Read;
use std::process;

fn main() {
    let mut input = Vec::new();
    if let Err(e) = std::io::stdin().read_to_end(&mut input) {
        eprintln!("checkers_board: cannot read standard input: {}", e);
        process::exit(43);
    }
    match validate(&input) {
        Ok(()) => process::exit(42),
        Err(why) => {
            eprintln!("checkers_board: invalid input: {}", why);
            process::exit(43);
        }
    }
}

/// At most this many pieces of one colour (the original constraint).
const MAX_PER_COLOUR: usize = 12;

/// Accepts a canonical input, or says what is wrong with it.
fn validate(input: &[u8]) -> Result<(), String> {
    let lines = canonical_lines(input)?;
    if lines.len() != 8 {
        return Err(format!(
            "expected 8 lines (the board rows), found {}",
            lines.len()
        ));
    }
    let (mut black, mut white) = (0, 0);
    for (row, line) in lines.iter().enumerate() {
        if line.len() != 8 {
            return Err(format!(
                "line {}: a row is 8 characters, found {} in {:?}",
                row + 1,
                line.len(),
                line
            ));
        }
        for (col, c) in line.chars().enumerate() {
            let at = format!("line {}, row {} column {}", row + 1, row, col);
            match c {
                '.' => continue,
                'B' => black += 1,
                'W' => white += 1,
                _ => return Err(format!("{}: expected B, W or ., found {:?}", at, c)),
            }
            // The top-left cell is dark: dark cells have row + column even.
            if (row + col) % 2 == 1 {
                return Err(format!("{}: a piece on a light cell", at));
            }
        }
    }
    for (count, colour) in [(black, "B"), (white, "W")].iter() {
        if *count > MAX_PER_COLOUR {
            return Err(format!(
                "{} pieces {}: at most {} of a colour",
                count, colour, MAX_PER_COLOUR
            ));
        }
    }
    Ok(())
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

    const GOOD: &str =
        "B.B.....\n.W......\n........\n........\n........\n........\n........\n........\n";

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
        let start =
            "B.B.B.B.\n.B.B.B.B\nB.B.B.B.\n........\n........\n.W.W.W.W\nW.W.W.W.\n.W.W.W.W\n";
        assert_eq!(validate(start.as_bytes()), Ok(()));
        assert_eq!(validate("........\n".repeat(8).as_bytes()), Ok(()));
    }

    #[test]
    fn rejects_each_layout_defect() {
        rejects("", "empty");
        rejects(&GOOD.replace('\n', "\r\n"), "carriage return");
        rejects(&GOOD[..GOOD.len() - 1], "does not end with a newline");
        rejects(&format!("\u{feff}{}", GOOD), "byte-order mark");
        rejects(
            &GOOD.replacen(".W......", ".W", 1),
            "line 2: a row is 8 characters, found 2",
        );
        rejects(
            &GOOD.replacen(".W......", " W      ", 1),
            "line 2, row 1 column 0: expected B, W or .",
        );
        rejects(&GOOD.replacen("B.B.....", "B.B..... ", 1), "found 9");
        rejects(&GOOD.replacen("B.B.....", "B.B....\t", 1), "tab");
        rejects(&format!("{}\n", GOOD), "found 9");
        rejects(&GOOD.replacen("........\n", "", 1), "found 7");
        rejects(
            &GOOD.replacen("........\n", "\n", 1),
            "line 3: a row is 8 characters, found 0",
        );
    }

    #[test]
    fn rejects_each_content_defect() {
        rejects(
            &GOOD.replacen("B.B", "b.B", 1),
            "line 1, row 0 column 0: expected B, W or .",
        );
        rejects(
            &GOOD.replacen("B.B", "BBB", 1),
            "row 0 column 1: a piece on a light cell",
        );
        let thirteen =
            "B.B.B.B.\n.B.B.B.B\nB.B.B.B.\n.B......\n........\n........\n........\n........\n";
        rejects(thirteen, "13 pieces B");
        let twelve =
            "W.W.W.W.\n.W.W.W.W\nW.W.W.W.\n........\n........\n........\n........\n........\n";
        assert_eq!(validate(twelve.as_bytes()), Ok(()));
        rejects(&twelve.replacen("........", ".W......", 1), "13 pieces W");
    }
}
