//! Input validator for russian_checkers (Kattis problem package format).
//!
//! Reads one test input on standard input; exits 42 when it is valid, 43 with
//! one line on standard error when it is not.
//!
//! Canonical means exactly the format the statement presents:
//! - nine lines, each ended by LF (a final newline, no CR, nothing after it);
//! - lines 1 to 8: the board, rank 8 first, exactly 8 characters of
//!   `.wWbB`, file a first, no blanks anywhere;
//! - a piece only on a dark square (a1 is dark), a light square is `.`;
//! - no white man `w` on rank 8 and no black man `b` on rank 1 (the original
//!   constraints: such a man would already be a king);
//! - line 9: `WHITE` or `BLACK`.
//!
//! Only printable ASCII and LF: no byte-order mark, no tab, no blank line.
//! Any number of pieces per side is valid (the original allows more than 12,
//! and an empty board).
//!
//! One file, std only: it compiles alone with `rustc` (editions 2015 to 2021).

use std::io::Read;
use std::process;

fn main() {
    let mut input = Vec::new();
    if let Err(e) = std::io::stdin().read_to_end(&mut input) {
        eprintln!("russian_checkers: cannot read standard input: {}", e);
        process::exit(43);
    }
    match validate(&input) {
        Ok(()) => process::exit(42),
        Err(why) => {
            eprintln!("russian_checkers: invalid input: {}", why);
            process::exit(43);
        }
    }
}

/// Accepts a canonical input, or says what is wrong with it.
fn validate(input: &[u8]) -> Result<(), String> {
    let lines = canonical_lines(input)?;
    if lines.len() != 9 {
        return Err(format!(
            "expected 9 lines (8 board rows and the turn), found {}",
            lines.len()
        ));
    }
    for (row, line) in lines[..8].iter().enumerate() {
        check_row(row, line).map_err(|why| format!("line {}: {}", row + 1, why))?;
    }
    if lines[8] != "WHITE" && lines[8] != "BLACK" {
        return Err(format!(
            "line 9: expected WHITE or BLACK, found {:?}",
            lines[8]
        ));
    }
    Ok(())
}

/// One board row; `row` 0 is rank 8. a1 (row 7, file 0) is dark, so a cell is
/// dark exactly when row + file is odd.
fn check_row(row: usize, line: &str) -> Result<(), String> {
    if line.len() != 8 {
        return Err(format!(
            "a board row is 8 characters, found {} in {:?}",
            line.len(),
            line
        ));
    }
    let rank = 8 - row;
    for (file, c) in line.chars().enumerate() {
        let square = format!("{}{}", (b'a' + file as u8) as char, rank);
        if !".wWbB".contains(c) {
            return Err(format!(
                "{}: expected one of . w W b B, found {:?}",
                square, c
            ));
        }
        let dark = (row + file) % 2 == 1;
        if c != '.' && !dark {
            return Err(format!("{}: a piece on a light square", square));
        }
        // A man on its crowning rank would already be a king.
        if (c == 'w' && rank == 8) || (c == 'b' && rank == 1) {
            return Err(format!(
                "{}: a {} man on its crowning rank",
                square,
                if c == 'w' { "white" } else { "black" }
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
        "........\n........\n...b....\n........\n...b.b..\n..w.....\n........\n........\nWHITE\n";

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
        let start = ".b.b.b.b\nb.b.b.b.\n.b.b.b.b\n........\n........\nw.w.w.w.\n.w.w.w.w\nw.w.w.w.\nBLACK\n";
        assert_eq!(validate(start.as_bytes()), Ok(()));
        let empty = "........\n".repeat(8) + "WHITE\n";
        assert_eq!(validate(empty.as_bytes()), Ok(()));
        // Kings may stand on any rank, men anywhere but their crowning rank.
        let kings = ".W.B....\n........\n........\n........\n........\n........\n........\nB.W.b...\nWHITE\n";
        assert_eq!(
            validate(kings.as_bytes()),
            Err("line 8: e1: a black man on its crowning rank".to_string())
        );
        let kings = ".W.B.b..\n........\n........\n........\n........\n........\n........\nB.W.w...\nWHITE\n";
        assert_eq!(validate(kings.as_bytes()), Ok(()));
    }

    #[test]
    fn rejects_each_layout_defect() {
        rejects("", "empty");
        rejects(&GOOD.replace('\n', "\r\n"), "carriage return");
        rejects(&GOOD[..GOOD.len() - 1], "does not end with a newline");
        rejects(&format!("\u{feff}{}", GOOD), "byte-order mark");
        rejects(&GOOD.replace("WHITE", "WHITE "), "line 9");
        rejects(
            &GOOD.replacen("........", "........ ", 1),
            "line 1: a board row is 8",
        );
        rejects(
            &GOOD.replacen("........", " .......", 1),
            "line 1: a8: expected one of",
        );
        rejects(&GOOD.replacen("........", ".......\t", 1), "tab");
        rejects(&format!("{}\n", GOOD), "found 10");
        rejects(&GOOD.replacen("........\n", "", 1), "found 8");
        rejects(&GOOD.replacen("........\n", "........\n\n", 1), "found 10");
        rejects(&GOOD.replacen("........", "....", 1), "found 4");
    }

    #[test]
    fn rejects_each_content_defect() {
        rejects(&GOOD.replace("WHITE", "white"), "expected WHITE or BLACK");
        rejects(&GOOD.replace("WHITE", "W"), "expected WHITE or BLACK");
        rejects(
            &GOOD.replacen("..w.....", "..x.....", 1),
            "c3: expected one of",
        );
        rejects(
            &GOOD.replacen("..w.....", ".w......", 1),
            "b3: a piece on a light square",
        );
        rejects(
            &GOOD.replacen("........", ".w......", 1),
            "b8: a white man on its crowning rank",
        );
        rejects(
            &GOOD.replacen("........\nWHITE", "b.......\nWHITE", 1),
            "a1: a black man",
        );
    }
}
