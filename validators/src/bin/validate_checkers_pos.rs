//! Input validator for checkers_pos (Kattis problem package format).
//!
//! Reads one test input on standard input; exits 42 when it is valid, 43 with
//! one line on standard error when it is not.
//!
//! Canonical means the layout the statement calls normal:
//! - two lines, each ended by LF (a final newline, no CR, nothing after):
//!   line 1 is Black's list, line 2 Red's;
//! - a list is its count `k` followed by the `k` squares, separated by single
//!   spaces, with no blank at either end; a side with no piece is `0`;
//! - numbers in decimal, without sign or leading zeros;
//! - counts 0 to 12, squares 1 to 32, no square listed twice (within a list
//!   or across the two). The squares of a list may come in any order.
//!
//! Only printable ASCII and LF: no byte-order mark, no tab, no blank line.
//!
//! One file, std only: it compiles alone with `rustc` (editions 2015 to 2021).

use std::io::Read;
use std::process;

fn main() {
    let mut input = Vec::new();
    if let Err(e) = std::io::stdin().read_to_end(&mut input) {
        eprintln!("checkers_pos: cannot read standard input: {}", e);
        process::exit(43);
    }
    match validate(&input) {
        Ok(()) => process::exit(42),
        Err(why) => {
            eprintln!("checkers_pos: invalid input: {}", why);
            process::exit(43);
        }
    }
}

/// At most this many pieces of one colour (the original constraint).
const MAX_PER_COLOUR: usize = 12;

/// Accepts a canonical input, or says what is wrong with it.
fn validate(input: &[u8]) -> Result<(), String> {
    let lines = canonical_lines(input)?;
    if lines.len() != 2 {
        return Err(format!(
            "expected 2 lines (Black's list, then Red's), found {}",
            lines.len()
        ));
    }
    let mut taken = [false; 33];
    for (i, line) in lines.iter().enumerate() {
        check_list(line, &mut taken).map_err(|why| format!("line {}: {}", i + 1, why))?;
    }
    Ok(())
}

/// One list: `k s1 ... sk`. Marks its squares in `taken`, which holds the
/// squares of the lists before it.
fn check_list(line: &str, taken: &mut [bool; 33]) -> Result<(), String> {
    let tokens: Vec<&str> = line.split(' ').collect();
    let count = number(tokens[0], "the count")?;
    if count > MAX_PER_COLOUR {
        return Err(format!(
            "the count is 0 to {}, found {}",
            MAX_PER_COLOUR, count
        ));
    }
    if tokens.len() != count + 1 {
        return Err(format!(
            "expected the count and {} squares, single spaces between, found {} tokens in {:?}",
            count,
            tokens.len(),
            line
        ));
    }
    for token in &tokens[1..] {
        let square = number(token, "a square")?;
        if !(1..=32).contains(&square) {
            return Err(format!("a square is 1 to 32, found {}", square));
        }
        if taken[square] {
            return Err(format!("square {} is listed twice", square));
        }
        taken[square] = true;
    }
    Ok(())
}

/// A number in canonical decimal: digits only, no leading zero (but `0`),
/// small enough to compare with the limits.
fn number(token: &str, what: &str) -> Result<usize, String> {
    let digits = !token.is_empty() && token.bytes().all(|b| b.is_ascii_digit());
    if !digits || (token.len() > 1 && token.starts_with('0')) || token.len() > 3 {
        return Err(format!(
            "{} is a decimal number without sign or leading zeros, found {:?}",
            what, token
        ));
    }
    Ok(token.parse().expect("at most 3 digits"))
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

    const GOOD: &str = "1 18\n3 4 8 11\n";

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
        assert_eq!(validate(b"0\n0\n"), Ok(()));
        assert_eq!(validate(b"2 29 4\n0\n"), Ok(()));
        let full = "12 21 22 23 24 25 26 27 28 29 30 31 32\n12 1 2 3 4 5 6 7 8 9 10 11 12\n";
        assert_eq!(validate(full.as_bytes()), Ok(()));
    }

    #[test]
    fn rejects_each_layout_defect() {
        rejects("", "empty");
        rejects("1 18\r\n3 4 8 11\r\n", "carriage return");
        rejects("1 18\n3 4 8 11", "does not end with a newline");
        rejects("\u{feff}1 18\n3 4 8 11\n", "byte-order mark");
        rejects("1 18 3 4 8 11\n", "found 1");
        rejects("1\n18\n3 4 8 11\n", "found 3");
        rejects("1 18\n3 4 8 11\n\n", "found 3");
        rejects("1  18\n3 4 8 11\n", "found 3 tokens");
        rejects(" 1 18\n3 4 8 11\n", "the count is a decimal number");
        rejects("1 18 \n3 4 8 11\n", "found 3 tokens");
        rejects("1\t18\n3 4 8 11\n", "tab");
        rejects("1 18\n\n", "line 2: the count is a decimal");
    }

    #[test]
    fn rejects_each_content_defect() {
        rejects(
            "1 018\n3 4 8 11\n",
            "a square is a decimal number without sign or leading zeros",
        );
        rejects("01 18\n3 4 8 11\n", "the count is a decimal");
        rejects("+1 18\n3 4 8 11\n", "the count is a decimal");
        rejects("1 -18\n3 4 8 11\n", "a square is a decimal");
        rejects("1 18\n3 4 8 1x\n", "a square is a decimal");
        rejects("1 33\n0\n", "a square is 1 to 32, found 33");
        rejects("1 0\n0\n", "a square is 1 to 32, found 0");
        rejects("1 99999999999\n0\n", "a square is a decimal");
        rejects("2 18\n3 4 8 11\n", "expected the count and 2 squares");
        rejects("1 18 19\n0\n", "expected the count and 1 squares");
        rejects("2 18 18\n0\n", "square 18 is listed twice");
        rejects("1 18\n2 4 18\n", "line 2: square 18 is listed twice");
        let thirteen = "13 1 2 3 4 5 6 7 8 9 10 11 12 13\n0\n";
        rejects(thirteen, "the count is 0 to 12, found 13");
    }
}
