//! checkers_pos: how many distinct moves each side has when jump chains are
//! compulsory.
//!
//! The input is `k` and the `k` black squares, then `m` and the `m` red
//! squares (1–32); the answer is the two counts on one line, compared line by
//! line.

/// Accepts `output` when it matches `expected` line by line.
pub fn check(input: &str, expected: &str, output: &str) -> Result<(), String> {
    crate::lines::check(input, expected, output)
}

/// Row (0 = bottom) and column (0 = left) of square 1–32: square 1 is in the
/// bottom row, second column from the right, and the numbers run right to left
/// along a row, then continue one row up.
fn cell(square: usize) -> (usize, usize) {
    let k = square - 1;
    let row = k / 4;
    let rightmost = if row % 2 == 0 { 6 } else { 7 };
    (row, rightmost - 2 * (k % 4))
}

/// The input board drawn with the square numbers: an empty dark square shows
/// its number, a piece shows `b` (black) or `r` (red) just before it; light
/// cells are blank. `None` when the input is not two square lists.
pub fn picture(input: &str) -> Option<String> {
    let mut tokens = input.split_whitespace().map(|t| t.parse::<usize>().ok());
    let mut board = [[None::<char>; 8]; 8];
    for colour in ['b', 'r'] {
        let count = tokens.next()??;
        if count > 32 {
            return None;
        }
        for _ in 0..count {
            let square = tokens.next()??;
            if !(1..=32).contains(&square) {
                return None;
            }
            let (row, col) = cell(square);
            board[row][col] = Some(colour);
        }
    }
    let mut numbers = [[0; 8]; 8];
    for square in 1..=32 {
        let (row, col) = cell(square);
        numbers[row][col] = square;
    }
    let mut text = String::new();
    for row in (0..8).rev() {
        for col in 0..8 {
            text += &match (numbers[row][col], board[row][col]) {
                (0, _) => "    ".to_string(),
                (n, Some(colour)) => format!("{}{:<3}", colour, n),
                (n, None) => format!(" {:<3}", n),
            };
        }
        text = text.trim_end().to_string() + "\n";
    }
    text += "(b = black, r = red, before the square's number)\n";
    Some(text)
}

#[cfg(test)]
mod tests {
    use super::picture;

    #[test]
    fn numbers_the_squares_and_marks_the_pieces() {
        // Sample: black on 18, red on 4, 8 and 11.
        let got = picture("1 18\n3 4 8 11\n").unwrap();
        let lines: Vec<&str> = got.lines().collect();
        // Top row: squares 32..29 on columns 1, 3, 5, 7.
        assert_eq!(lines[0], "     32      31      30      29");
        // Row 4 from the bottom: 20..17 on columns 0, 2, 4, 6.
        assert_eq!(lines[3], " 20      19     b18      17");
        // Row 2 from the bottom: 12..9 on columns 0, 2, 4, 6.
        assert_eq!(lines[5], " 12     r11      10      9");
        // Row 1 from the bottom: 8..5 on columns 1, 3, 5, 7.
        assert_eq!(lines[6], "    r8       7       6       5");
        // Bottom row: 4..1 on columns 0, 2, 4, 6.
        assert_eq!(lines[7], "r4       3       2       1");
    }

    #[test]
    fn no_picture_of_broken_lists() {
        assert!(picture("").is_none());
        assert!(picture("1 33\n0\n").is_none());
        assert!(picture("2 1\n0\n").is_none());
        assert!(picture("x\n").is_none());
    }
}
