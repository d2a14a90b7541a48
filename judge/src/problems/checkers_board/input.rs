//! The input of checkers_board as the rules read it (a board of rows), and
//! its canonical form.

use crate::problems::{lf_lines, tidy_lines};

/// The input in the canonical form of the problem package (what
/// `validators/src/bin/validate_checkers_board.rs` accepts): eight rows of eight
/// cells, `.` for every vacant cell (spaces, short rows and missing rows
/// filled in), LF line ends, no byte-order mark. A tolerated variant of a
/// valid input becomes valid; an invalid one stays invalid.
pub fn canonical(input: &str) -> String {
    let mut rows: Vec<String> = tidy_lines(input)
        .iter()
        .map(|row| format!("{:.<8}", row.replace(' ', ".")))
        .collect();
    while rows.len() < 8 {
        rows.push(".".repeat(8));
    }
    lf_lines(&rows)
}

/// The board of an input as the rules read it: rows are lines, blanks at a
/// line's end are ignored, short rows and missing rows are vacant, a space is
/// a vacant square (`.` here). `None` when a row is longer than 8 squares.
pub(super) fn read(input: &str) -> Option<[[u8; 8]; 8]> {
    let mut board = [[b'.'; 8]; 8];
    for (row, line) in board.iter_mut().zip(input.lines()) {
        let line = line.trim_end_matches(['\r', ' ', '\t']).as_bytes();
        if line.len() > 8 {
            return None;
        }
        for (square, &c) in row.iter_mut().zip(line) {
            *square = if c == b' ' { b'.' } else { c };
        }
    }
    Some(board)
}
