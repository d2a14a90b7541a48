//! checkers_board: how many single-step and single-jump moves both sides have.
//!
//! The input is 8 rows of `W`, `B` and `.` or a space (row 0, the top, first);
//! the answer is one number, compared line by line.

/// Accepts `output` when it matches `expected` line by line.
pub fn check(input: &str, expected: &str, output: &str) -> Result<(), String> {
    crate::lines::check(input, expected, output)
}

/// The input board with TopCoder's row and column indices (row 0 at the top,
/// the top-left cell dark), vacant squares as `.` and light cells blank;
/// `None` when the input is not a board.
pub fn picture(input: &str) -> Option<String> {
    let rows: Vec<Vec<char>> = input
        .lines()
        .take(8)
        .map(|line| line.trim_end_matches(['\r', ' ', '\t']).chars().collect())
        .collect();
    if rows.is_empty() || rows.iter().any(|row| row.len() > 8) {
        return None;
    }
    let mut text = String::from("   0 1 2 3 4 5 6 7\n");
    for row in 0..8 {
        text += &format!("{} ", row);
        for col in 0..8 {
            let c = rows
                .get(row)
                .and_then(|r| r.get(col))
                .copied()
                .unwrap_or('.');
            let dark = (row + col) % 2 == 0;
            let shown = match c {
                ' ' | '.' if dark => '.',
                ' ' | '.' => ' ',
                other => other,
            };
            text.push(' ');
            text.push(shown);
        }
        text.push('\n');
    }
    Some(text)
}

#[cfg(test)]
mod tests {
    use super::picture;

    #[test]
    fn draws_row_and_column_indices_with_vacant_padding() {
        let got = picture("B\n\n\n\n\n\n\n.W\n").unwrap();
        let lines: Vec<&str> = got.lines().map(str::trim_end).collect();
        assert_eq!(lines[0], "   0 1 2 3 4 5 6 7");
        assert_eq!(lines[1], "0  B   .   .   .");
        assert_eq!(lines[2], "1    .   .   .   .");
        assert_eq!(lines[8], "7    W   .   .   .");
        assert_eq!(lines.len(), 9);
    }

    #[test]
    fn no_picture_of_a_broken_board() {
        assert!(picture("").is_none());
        assert!(picture("BBBBBBBBB\n").is_none());
    }
}
