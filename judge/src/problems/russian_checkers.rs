//! russian_checkers: every legal move of the side to play in Russian draughts.
//!
//! The input is 8 rows of `.wWbB` (rank 8 first, file a first) and `WHITE` or
//! `BLACK`; the answer is the count of moves, then the moves in byte order.
//! There is one right answer, so it is compared line by line.

/// Accepts `output` when it matches `expected` line by line.
pub fn check(input: &str, expected: &str, output: &str) -> Result<(), String> {
    crate::lines::check(input, expected, output)
}

/// The input board with files a–h and ranks 1–8, light squares left blank,
/// and the side to move; `None` when the input is not a board.
pub fn picture(input: &str) -> Option<String> {
    let mut lines = input.lines().map(|line| line.trim_end());
    let rows: Vec<Vec<char>> = lines
        .by_ref()
        .take(8)
        .map(|l| l.chars().collect())
        .collect();
    if rows.len() != 8 || rows.iter().any(|row| row.len() != 8) {
        return None;
    }
    let mut text = String::new();
    for (i, row) in rows.iter().enumerate() {
        let rank = 8 - i;
        text += &format!("{} ", rank);
        for (file, &c) in row.iter().enumerate() {
            // a1 is dark: a square is dark when its file index and rank add up to an odd number.
            let dark = (file + rank) % 2 == 1;
            text.push(' ');
            text.push(if c == '.' && !dark { ' ' } else { c });
        }
        text.push('\n');
    }
    text += "   a b c d e f g h\n";
    if let Some(side) = lines.find(|line| !line.is_empty()) {
        text += &format!("{} to move\n", side);
    }
    Some(text)
}

#[cfg(test)]
mod tests {
    use super::picture;

    #[test]
    fn draws_files_ranks_and_the_side_to_move() {
        let input = "........\n........\n...b....\n........\n...b.b..\n..w.....\n........\n........\nWHITE\n";
        let want = [
            "8    .   .   .   .",
            "7  .   .   .   .",
            "6    .   b   .   .",
            "5  .   .   .   .",
            "4    .   b   b   .",
            "3  .   w   .   .",
            "2    .   .   .   .",
            "1  .   .   .   .",
            "   a b c d e f g h",
            "WHITE to move",
        ];
        let got = picture(input).unwrap();
        let trimmed: Vec<&str> = got.lines().map(str::trim_end).collect();
        assert_eq!(trimmed, want, "\n{}", got);
    }

    #[test]
    fn no_picture_of_a_broken_board() {
        assert!(picture("").is_none());
        assert!(picture("........\n").is_none());
        assert!(picture(&"....\n".repeat(8)).is_none());
    }
}
