//! Input validator for checks_post_facto (Kattis problem package format).
//!
//! Reads one test input on standard input; exits 42 when it is valid, 43 with
//! one line on standard error when it is not.
//!
//! Canonical means the contest's format exactly:
//! - line 1: `c n`, `c` is `B` or `W`, one space, `n` from 1 to 100;
//! - then exactly `n` lines, one move each, each ended by LF (a final
//!   newline, no CR, nothing after the last move), no blank at either end;
//! - a move is `a-b` (simple) or `axb1x...xbk` with k >= 1 (jump), squares
//!   1 to 32 in decimal without sign or leading zeros;
//! - a simple move joins two diagonal neighbours; each hop of a jump goes
//!   exactly two squares along a diagonal (so it passes over a square).
//!
//! Only printable ASCII and LF: no byte-order mark, no tab, no blank line.
//!
//! Not checked: that some starting position explains the moves. The contest
//! promises it ("There is always a valid solution"), but deciding it is the
//! problem itself, a search far beyond a validator. The judge's tests check it
//! for the generated data (the generator plays real games) and our solution
//! finds a position for every test (it reports the moves that contradict
//! each other when none exists).
//!
//! Squares: square k is on row (k - 1) / 4 from the top; the top-left cell is
//! light, so even rows hold their squares in the odd columns.
//!
//! One file, std only: it compiles alone with `rustc` (editions 2015 to 2021).

use std::io::Read;
use std::process;

fn main() {
    let mut input = Vec::new();
    if let Err(e) = std::io::stdin().read_to_end(&mut input) {
        eprintln!("checks_post_facto: cannot read standard input: {}", e);
        process::exit(43);
    }
    match validate(&input) {
        Ok(()) => process::exit(42),
        Err(why) => {
            eprintln!("checks_post_facto: invalid input: {}", why);
            process::exit(43);
        }
    }
}

/// Accepts a canonical input, or says what is wrong with it.
fn validate(input: &[u8]) -> Result<(), String> {
    let lines = canonical_lines(input)?;
    let n = header(lines[0]).map_err(|why| format!("line 1: {}", why))?;
    if lines.len() != n + 1 {
        return Err(format!(
            "the first line announces {} moves, the input has {} lines after it",
            n,
            lines.len() - 1
        ));
    }
    for (i, line) in lines[1..].iter().enumerate() {
        check_move(line).map_err(|why| format!("line {} (move {}): {}", i + 2, i + 1, why))?;
    }
    Ok(())
}

/// `B n` or `W n` with 1 <= n <= 100; returns n.
fn header(line: &str) -> Result<usize, String> {
    let mut parts = line.splitn(2, ' ');
    let side = parts.next().unwrap_or("");
    if side != "B" && side != "W" {
        return Err(format!("expected `B n` or `W n`, found {:?}", line));
    }
    let count = parts.next().unwrap_or("");
    match number(count) {
        Some(n) if (1..=100).contains(&n) => Ok(n),
        _ => Err(format!(
            "the number of moves is 1 to 100 in decimal without leading zeros, found {:?}",
            count
        )),
    }
}

/// A move in the standard notation, with the geometry of each step.
fn check_move(line: &str) -> Result<(), String> {
    let jump = line.contains('x');
    let separator = if jump { 'x' } else { '-' };
    let parts: Vec<&str> = line.split(separator).collect();
    if parts.len() < 2 || (!jump && parts.len() != 2) {
        return Err(format!("expected a-b or axbx...xb, found {:?}", line));
    }
    let mut squares = Vec::new();
    for part in &parts {
        match number(part) {
            Some(sq) if (1..=32).contains(&sq) => squares.push(sq),
            _ => {
                return Err(format!(
                    "expected a square 1 to 32 (no leading zeros), found {:?} in {:?}",
                    part, line
                ))
            }
        }
    }
    let distance = if jump { 2 } else { 1 };
    for pair in squares.windows(2) {
        let (r0, c0) = coords(pair[0]);
        let (r1, c1) = coords(pair[1]);
        if (r1 - r0).abs() != distance || (c1 - c0).abs() != distance {
            let what = if jump {
                "a hop of a jump goes two squares along a diagonal"
            } else {
                "a simple move goes to a diagonal neighbour"
            };
            return Err(format!("{}{}{}: {}", pair[0], separator, pair[1], what));
        }
    }
    Ok(())
}

/// Row (0 = top) and column (0 = left) of square `sq`: even rows begin with a
/// light cell, so their squares stand in the odd columns.
fn coords(sq: usize) -> (i32, i32) {
    let k = sq as i32 - 1;
    let row = k / 4;
    (row, 2 * (k % 4) + if row % 2 == 0 { 1 } else { 0 })
}

/// A number in canonical decimal (digits only, no leading zero), at most 3
/// digits; `None` otherwise.
fn number(token: &str) -> Option<usize> {
    let digits = !token.is_empty() && token.bytes().all(|b| b.is_ascii_digit());
    if !digits || (token.len() > 1 && token.starts_with('0')) || token.len() > 3 {
        return None;
    }
    token.parse().ok()
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

    const GOOD: &str = "W 3\n21-17\n13x22x31x24\n19x28\n";

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
        assert_eq!(validate(b"B 5\n2-7\n9x2\n32-27\n2x11x18\n5-9\n"), Ok(()));
        assert_eq!(validate(b"B 1\n18-14\n"), Ok(()));
        assert_eq!(validate(b"W 1\n10x3x12\n"), Ok(()));
        // Geometry only: an input no position explains is still well formed.
        assert_eq!(validate(b"W 2\n21-17\n21-17\n"), Ok(()));
        let hundred = format!("B 100\n{}", "1-5\n".repeat(100));
        assert_eq!(validate(hundred.as_bytes()), Ok(()));
        // Square 4 is the top row's last, 5 the next row's first: 1, 5 and 8, 12 are neighbours.
        assert_eq!(validate(b"B 2\n4-8\n12-16\n"), Ok(()));
    }

    #[test]
    fn rejects_each_layout_defect() {
        rejects("", "empty");
        rejects(&GOOD.replace('\n', "\r\n"), "carriage return");
        rejects(&GOOD[..GOOD.len() - 1], "does not end with a newline");
        rejects(&format!("\u{feff}{}", GOOD), "byte-order mark");
        rejects(&format!("{}\n", GOOD), "the input has 4 lines after it");
        rejects(
            "W 3\n21-17\n\n13x22x31x24\n19x28\n",
            "the input has 4 lines",
        );
        rejects(
            "W 3\n21-17\n13x22x31x24\n",
            "announces 3 moves, the input has 2",
        );
        rejects(
            "W 3\n 21-17\n13x22x31x24\n19x28\n",
            "line 2 (move 1): expected a square",
        );
        rejects("W 3\n21-17 \n13x22x31x24\n19x28\n", "found \"17 \"");
        rejects(
            "W  3\n21-17\n13x22x31x24\n19x28\n",
            "line 1: the number of moves",
        );
        rejects(
            "W 3 \n21-17\n13x22x31x24\n19x28\n",
            "line 1: the number of moves",
        );
        rejects("W\t3\n21-17\n13x22x31x24\n19x28\n", "tab");
        rejects("W 3\n21-17\n13 x 22x31x24\n19x28\n", "line 3 (move 2)");
    }

    #[test]
    fn rejects_each_content_defect() {
        rejects("X 1\n1-5\n", "expected `B n` or `W n`");
        rejects("b 1\n1-5\n", "expected `B n` or `W n`");
        rejects("B 0\n", "the number of moves is 1 to 100");
        rejects(&format!("B 101\n{}", "1-5\n".repeat(101)), "found \"101\"");
        rejects("B 01\n1-5\n", "found \"01\"");
        rejects("B +1\n1-5\n", "found \"+1\"");
        rejects("B 1\n01-5\n", "found \"01\"");
        rejects("B 1\n1-05\n", "found \"05\"");
        rejects("B 1\n33-28\n", "found \"33\"");
        rejects("B 1\n0-5\n", "found \"0\"");
        rejects("B 1\n1-5-9\n", "expected a-b");
        rejects("B 1\n1x10-19\n", "expected a square");
        rejects("B 1\n1-\n", "expected a square");
        rejects("B 1\n1x\n", "expected a square");
        rejects("B 1\n1\n", "expected a-b");
        rejects(
            "B 1\n1-9\n",
            "1-9: a simple move goes to a diagonal neighbour",
        );
        rejects(
            "B 1\n4-5\n",
            "4-5: a simple move goes to a diagonal neighbour",
        );
        rejects("B 1\n1x5\n", "1x5: a hop of a jump goes two squares");
        rejects("B 1\n1x10x12\n", "10x12: a hop");
        rejects("B 1\n4x13\n", "4x13: a hop");
        rejects("B 1\n18x14\n", "18x14: a hop");
    }
}
