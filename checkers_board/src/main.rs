//! CheckersBoard (TopCoder TCCC06 Qual 3): count every move available on a
//! checkers board when we do not know whose turn it is.
//!
//! The rules of this variant:
//! - Only plain men, no kings. Pieces stand on the dark squares; the top-left
//!   cell of the board is dark, so cell (row, col) is playable when row + col
//!   is even.
//! - Black starts at the top and moves down (towards higher rows); White moves
//!   up. Both slides and jumps go forward only, one square diagonally for a
//!   slide, two for a jump over an adjacent enemy piece onto a vacant square.
//! - A jump is a single jump: no chains.
//! - Jumping is compulsory: if a side has any jump anywhere, only its jumps are
//!   moves; otherwise its slides are.
//! - The answer is the number of moves of Black plus the number of moves of
//!   White.
//!
//! Input: 8 lines, row 0 (the top) first. Each holds up to 8 characters: `B`,
//! `W`, and `.` or a space for a vacant square. A shorter line is padded with
//! vacant squares (editors strip trailing spaces); spaces after column 8 and
//! blank lines after row 8 are ignored. CRLF line ends and a UTF-8
//! byte-order mark at the start are fine.
//! Output: the total number of moves, on one line.
//! Bad input (bytes that are not UTF-8, a wrong number of rows, an unknown
//! character, a piece on a light square, more than 12 pieces of one colour)
//! prints one line on stderr, naming the line, what was expected and what was
//! found, and exits with status 1. So does an answer that cannot be written.
//!
//! Approach: look at every piece, its two forward diagonals, and test the slide
//! and the jump in each. Cost: constant, at most 24 pieces times 2 directions.

use std::io::{self, Read, Write};

const SIZE: usize = 8;
const MAX_PIECES_PER_COLOUR: usize = 12;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Cell {
    Vacant,
    Black,
    White,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Side {
    Black,
    White,
}

type Board = [[Cell; SIZE]; SIZE];

/// Rule: the top-left cell is dark and colours alternate, so a cell is dark
/// (playable) exactly when its row and column add up to an even number.
fn is_dark_square(row: usize, col: usize) -> bool {
    (row + col) % 2 == 0
}

/// Rule: Black moves down the board (row grows), White moves up.
fn forward_step(side: Side) -> isize {
    match side {
        Side::Black => 1,
        Side::White => -1,
    }
}

fn own_cell(side: Side) -> Cell {
    match side {
        Side::Black => Cell::Black,
        Side::White => Cell::White,
    }
}

fn enemy_cell(side: Side) -> Cell {
    match side {
        Side::Black => Cell::White,
        Side::White => Cell::Black,
    }
}

/// The cell `steps` diagonal steps from (row, col) in the side's forward
/// direction, to the left (`sideways` = -1) or right (+1); None off the board.
fn forward_cell(
    row: usize,
    col: usize,
    side: Side,
    sideways: isize,
    steps: isize,
) -> Option<(usize, usize)> {
    let r = row as isize + forward_step(side) * steps;
    let c = col as isize + sideways * steps;
    if r < 0 || c < 0 || r >= SIZE as isize || c >= SIZE as isize {
        None
    } else {
        Some((r as usize, c as usize))
    }
}

/// Every cell holding a piece of `side`.
fn pieces_of(board: &Board, side: Side) -> Vec<(usize, usize)> {
    let mut found = Vec::new();
    for (row, line) in board.iter().enumerate() {
        for (col, &cell) in line.iter().enumerate() {
            if cell == own_cell(side) {
                found.push((row, col));
            }
        }
    }
    found
}

/// Rule: a slide goes one square diagonally forward onto a vacant square.
fn count_slides(board: &Board, side: Side) -> usize {
    let mut slides = 0;
    for (row, col) in pieces_of(board, side) {
        for &sideways in &[-1, 1] {
            if let Some((r, c)) = forward_cell(row, col, side, sideways, 1) {
                if board[r][c] == Cell::Vacant {
                    slides += 1;
                }
            }
        }
    }
    slides
}

/// Rule: a jump goes forward over a diagonally adjacent enemy piece onto the
/// vacant square straight beyond it, which must be on the board. One jump only.
fn count_jumps(board: &Board, side: Side) -> usize {
    let mut jumps = 0;
    for (row, col) in pieces_of(board, side) {
        for &sideways in &[-1, 1] {
            let over = forward_cell(row, col, side, sideways, 1);
            let landing = forward_cell(row, col, side, sideways, 2);
            if let (Some((orow, ocol)), Some((lrow, lcol))) = (over, landing) {
                if board[orow][ocol] == enemy_cell(side) && board[lrow][lcol] == Cell::Vacant {
                    jumps += 1;
                }
            }
        }
    }
    jumps
}

/// Rule: jumping is compulsory, so a side that has any jump may only jump;
/// otherwise each of its slides is a move.
fn moves_of_side(board: &Board, side: Side) -> usize {
    let jumps = count_jumps(board, side);
    if jumps > 0 {
        jumps
    } else {
        count_slides(board, side)
    }
}

/// Rule: nobody knows whose turn it is, so the moves of both sides are added.
fn total_moves(board: &Board) -> usize {
    moves_of_side(board, Side::Black) + moves_of_side(board, Side::White)
}

/// Reads the 8 rows. Errors name the 1-based line (and column) at fault.
fn parse_board(input: &str) -> Result<Board, String> {
    let lines: Vec<&str> = input
        .lines()
        .map(|line| line.strip_suffix('\r').unwrap_or(line))
        .collect();
    if lines.len() < SIZE {
        return Err(format!(
            "line {}: expected {} board rows, found {}",
            lines.len() + 1,
            SIZE,
            lines.len()
        ));
    }
    // Blank lines after the last row are tolerated, nothing else.
    if let Some(extra) = (SIZE..lines.len()).find(|&i| !lines[i].trim().is_empty()) {
        return Err(format!(
            "line {}: expected nothing after the {} board rows, found {}",
            extra + 1,
            SIZE,
            shown(lines[extra])
        ));
    }

    let mut board = [[Cell::Vacant; SIZE]; SIZE];
    let mut black_count = 0;
    let mut white_count = 0;
    for (row, text) in lines.iter().take(SIZE).enumerate() {
        let line = row + 1;
        for (col, ch) in text.chars().enumerate() {
            if col >= SIZE {
                // Only trailing spaces may follow the eighth column.
                if ch == ' ' {
                    continue;
                }
                return Err(format!(
                    "line {}: expected at most {} squares, found {:?} in column {}",
                    line,
                    SIZE,
                    ch,
                    col + 1
                ));
            }
            let cell = match ch {
                '.' | ' ' => Cell::Vacant,
                'B' => Cell::Black,
                'W' => Cell::White,
                _ => {
                    return Err(format!(
                        "line {}: expected 'B', 'W', '.' or a space, found {:?} in column {}",
                        line,
                        ch,
                        col + 1
                    ))
                }
            };
            if cell == Cell::Vacant {
                continue;
            }
            if !is_dark_square(row, col) {
                return Err(format!(
                    "line {}: expected pieces on dark squares only (row + column even), found {:?} on the light square in column {}",
                    line,
                    ch,
                    col + 1
                ));
            }
            let count = if cell == Cell::Black {
                &mut black_count
            } else {
                &mut white_count
            };
            *count += 1;
            if *count > MAX_PIECES_PER_COLOUR {
                return Err(format!(
                    "line {}: expected at most {} pieces of a colour, found a 13th {:?}",
                    line, MAX_PIECES_PER_COLOUR, ch
                ));
            }
            board[row][col] = cell;
        }
    }
    Ok(board)
}

/// Offending input as a message quotes it: escaped by `{:?}` (a tab shows as
/// `\t`), and cut after 20 characters so that a huge line is not echoed whole.
fn shown(text: &str) -> String {
    const MAX: usize = 20;
    if text.chars().count() > MAX {
        let cut: String = text.chars().take(MAX).collect();
        format!("{:?}...", cut)
    } else {
        format!("{:?}", text)
    }
}

/// All of standard input, as text (see `decode_input`).
fn read_input() -> Result<String, String> {
    let mut bytes = Vec::new();
    io::stdin()
        .read_to_end(&mut bytes)
        .map_err(|e| format!("cannot read standard input: {}", e))?;
    decode_input(bytes)
}

/// The raw input as text. A byte-order mark at the very start (Windows editors
/// add one) is skipped. The first byte that is not UTF-8 is reported with its
/// line: one more than the newlines before it.
fn decode_input(mut bytes: Vec<u8>) -> Result<String, String> {
    if bytes.starts_with(b"\xEF\xBB\xBF") {
        bytes.drain(..3);
    }
    String::from_utf8(bytes).map_err(|e| {
        let bad = e.utf8_error().valid_up_to();
        let line = 1 + e.as_bytes()[..bad].iter().filter(|&&b| b == b'\n').count();
        format!(
            "line {}: expected UTF-8 text, found the non-UTF-8 byte 0x{:02X}",
            line,
            e.as_bytes()[bad]
        )
    })
}

/// Writes the whole answer at once; a failure (a full disk, a closed pipe)
/// is reported, not ignored.
fn write_answer(out: &mut dyn Write, answer: &str) -> io::Result<()> {
    out.write_all(answer.as_bytes())?;
    out.flush()
}

fn main() {
    let answer = read_input()
        .and_then(|input| parse_board(&input).map(|board| format!("{}\n", total_moves(&board))));
    let written = answer.and_then(|answer| {
        let stdout = io::stdout();
        let mut out = stdout.lock();
        write_answer(&mut out, &answer).map_err(|e| format!("cannot write the answer: {}", e))
    });
    if let Err(message) = written {
        eprintln!("checkers_board: {}", message);
        std::process::exit(1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_byte_order_mark_at_the_start_is_skipped() {
        let text = super::decode_input(b"\xEF\xBB\xBFab\n".to_vec()).unwrap();
        assert_eq!(text, "ab\n");
        // Only at the start: elsewhere it is a character like any other.
        let text = super::decode_input(b"a\xEF\xBB\xBF\n".to_vec()).unwrap();
        assert_eq!(text, "a\u{FEFF}\n");
    }

    #[test]
    fn a_byte_that_is_not_utf8_is_reported_on_its_line() {
        let why = super::decode_input(b"ok\nok\nbad\xFF\n".to_vec()).unwrap_err();
        assert_eq!(
            why,
            "line 3: expected UTF-8 text, found the non-UTF-8 byte 0xFF"
        );
        // A character cut short by the end of the input is on its line too.
        let why = super::decode_input(b"\xEF\xBB\xBFok\n\xC3".to_vec()).unwrap_err();
        assert!(why.starts_with("line 2: "), "{}", why);
    }

    #[test]
    fn long_offending_text_is_cut() {
        let long = "x".repeat(1_000_000);
        assert_eq!(super::shown(&long), format!("{:?}...", "x".repeat(20)));
        assert_eq!(
            super::shown(&"x".repeat(20)),
            format!("{:?}", "x".repeat(20))
        );
    }

    #[test]
    fn control_characters_in_offending_text_are_escaped() {
        assert_eq!(super::shown("a\tb\r"), "\"a\\tb\\r\"");
    }
    #[test]
    fn a_failed_write_is_an_error() {
        use std::io::{self, Write};
        struct Full;
        impl Write for Full {
            fn write(&mut self, _: &[u8]) -> io::Result<usize> {
                Err(io::Error::new(io::ErrorKind::Other, "disk full"))
            }
            fn flush(&mut self) -> io::Result<()> {
                Ok(())
            }
        }
        assert!(super::write_answer(&mut Full, "1\n").is_err());
        let mut sink = Vec::new();
        super::write_answer(&mut sink, "1\n").unwrap();
        assert_eq!(sink, b"1\n");
    }

    #[test]
    fn a_failed_flush_is_an_error() {
        use std::io::{self, Write};
        /// Takes every byte, then cannot deliver them.
        struct Unflushable;
        impl Write for Unflushable {
            fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
                Ok(bytes.len())
            }
            fn flush(&mut self) -> io::Result<()> {
                Err(io::Error::new(io::ErrorKind::Other, "broken pipe"))
            }
        }
        assert!(super::write_answer(&mut Unflushable, "1\n").is_err());
    }

    fn moves(rows: &[&str]) -> usize {
        total_moves(&parse_board(&rows.join("\n")).expect("valid board"))
    }

    fn side_moves(rows: &[&str], side: Side) -> usize {
        moves_of_side(&parse_board(&rows.join("\n")).expect("valid board"), side)
    }

    const EMPTY: &str = "........";

    // ---- rules, one small position each ----

    #[test]
    fn black_slides_down_only() {
        // Black man in the middle: two slides down, none up.
        let rows = [EMPTY, EMPTY, EMPTY, EMPTY, "....B...", EMPTY, EMPTY, EMPTY];
        assert_eq!(side_moves(&rows, Side::Black), 2);
        // Own men block slides. (4,4): both lower squares are Black, so 0 even
        // though both upper squares are free; (5,3): 1; (5,5): 1; (6,2): 2; (6,6): 2.
        let rows = [
            EMPTY, EMPTY, EMPTY, EMPTY, "....B...", "...B.B..", "..B...B.", EMPTY,
        ];
        assert_eq!(side_moves(&rows, Side::Black), 6);
    }

    #[test]
    fn white_slides_up_only() {
        let rows = [EMPTY, EMPTY, EMPTY, "...W....", EMPTY, EMPTY, EMPTY, EMPTY];
        assert_eq!(side_moves(&rows, Side::White), 2);
        // White on the top row has nowhere forward to go.
        let rows = ["W.......", EMPTY, EMPTY, EMPTY, EMPTY, EMPTY, EMPTY, EMPTY];
        assert_eq!(side_moves(&rows, Side::White), 0);
    }

    #[test]
    fn black_on_bottom_row_cannot_move() {
        let rows = [EMPTY, EMPTY, EMPTY, EMPTY, EMPTY, EMPTY, EMPTY, ".B.B...."];
        assert_eq!(moves(&rows), 0);
    }

    #[test]
    fn slide_at_side_edge_has_one_direction() {
        let rows = [EMPTY, EMPTY, "B.......", EMPTY, EMPTY, EMPTY, EMPTY, EMPTY];
        assert_eq!(moves(&rows), 1);
    }

    #[test]
    fn jump_needs_enemy_and_vacant_landing() {
        // Black jumps the white man below-right of it.
        let rows = [
            EMPTY, EMPTY, "..B.....", "...W....", EMPTY, EMPTY, EMPTY, EMPTY,
        ];
        assert_eq!(
            count_jumps(&parse_board(&rows.join("\n")).unwrap(), Side::Black),
            1
        );
        // The landing square is taken: no jump.
        let rows = [
            EMPTY, EMPTY, "..B.....", "...W....", "....W...", EMPTY, EMPTY, EMPTY,
        ];
        assert_eq!(
            count_jumps(&parse_board(&rows.join("\n")).unwrap(), Side::Black),
            0
        );
        // Own piece in between: no jump.
        let rows = [
            EMPTY, EMPTY, "..B.....", "...B....", EMPTY, EMPTY, EMPTY, EMPTY,
        ];
        assert_eq!(
            count_jumps(&parse_board(&rows.join("\n")).unwrap(), Side::Black),
            0
        );
    }

    #[test]
    fn jump_blocked_by_board_edge() {
        // Black at (5,1), white at (6,0): the landing would be column -1.
        let rows = [
            EMPTY, EMPTY, EMPTY, EMPTY, EMPTY, ".B......", "W.......", EMPTY,
        ];
        let board = parse_board(&rows.join("\n")).unwrap();
        assert_eq!(count_jumps(&board, Side::Black), 0);
        // So Black only slides to (6,2), while White jumps up-right from (6,0)
        // over (5,1) onto the vacant (4,2).
        assert_eq!(count_slides(&board, Side::Black), 1);
        assert_eq!(count_jumps(&board, Side::White), 1);
        assert_eq!(total_moves(&board), 2);
    }

    #[test]
    fn jumps_only_forward() {
        // Black (4,4) has White (3,3) up-left of it with (2,2) free, but that
        // jump would go backwards; White jumping (4,4) onto (5,5) would go
        // downwards. Neither is a move, so each side has its 2 slides.
        let rows = [
            EMPTY, EMPTY, EMPTY, "...W....", "....B...", EMPTY, EMPTY, EMPTY,
        ];
        let board = parse_board(&rows.join("\n")).unwrap();
        assert_eq!(count_jumps(&board, Side::Black), 0);
        assert_eq!(count_jumps(&board, Side::White), 0);
        assert_eq!(total_moves(&board), 4);
    }

    #[test]
    fn a_jump_forbids_every_slide_of_that_side() {
        // Black (2,2) can jump (3,3); black (0,6) has two slides which no longer count.
        let rows = [
            "......B.", EMPTY, "..B.....", "...W....", EMPTY, EMPTY, EMPTY, EMPTY,
        ];
        assert_eq!(side_moves(&rows, Side::Black), 1);
    }

    #[test]
    fn side_with_jumps_next_to_side_without() {
        // Black (1,1) jumps white (2,2) to (3,3). White (2,2): up-left (1,1) is
        // Black, beyond is (0,0) taken by Black: no jump; up-right (1,3) free: slide.
        let rows = [
            "B.......", ".B......", "..W.....", EMPTY, EMPTY, EMPTY, EMPTY, EMPTY,
        ];
        let board = parse_board(&rows.join("\n")).unwrap();
        // Black: (1,1) jumps to (3,3) -> jumps exist, so only 1 move.
        assert_eq!(moves_of_side(&board, Side::Black), 1);
        // White: one slide to (1,3).
        assert_eq!(moves_of_side(&board, Side::White), 1);
        assert_eq!(total_moves(&board), 2);
    }

    #[test]
    fn seed_examples() {
        let e0 = [
            "B       ", "        ", "        ", "        ", "        ", "        ", "        ",
            " W      ",
        ];
        assert_eq!(moves(&e0), 3);
        let e1 = [
            "B B     ", " W      ", "        ", "        ", "        ", "        ", "        ",
            "        ",
        ];
        assert_eq!(moves(&e1), 2);
        let e2 = [
            "B B B B ", " B B B B", "B B B B ", "        ", "        ", " W W W W", "W W W W ",
            " W W W W",
        ];
        assert_eq!(moves(&e2), 14);
        let e3 = [
            "B B B B ", " W W W W", "W W W W ", "        ", "        ", "        ", "        ",
            "        ",
        ];
        assert_eq!(moves(&e3), 0);
        let e4 = [
            "    B B ", "   B B W", "    B W ", "     W W", "      W ", "       W", "        ",
            "        ",
        ];
        assert_eq!(moves(&e4), 2);
    }

    // ---- parser ----

    #[test]
    fn parser_accepts_spaces_dots_padding_crlf() {
        let dots =
            "B.......\n........\n........\n........\n........\n........\n........\n.W......\n";
        let spaces =
            "B       \n        \n        \n        \n        \n        \n        \n W      ";
        let stripped = "B\r\n\r\n\r\n\r\n\r\n\r\n\r\n W\r\n";
        let expected = parse_board(dots).unwrap();
        assert_eq!(parse_board(spaces).unwrap(), expected);
        assert_eq!(parse_board(stripped).unwrap(), expected);
        // Trailing spaces after column 8 and blank lines after row 8.
        let trailing = "B.......   \n\n\n\n\n\n\n.W......  \n\n  \n";
        assert_eq!(parse_board(trailing).unwrap(), expected);
        assert_eq!(total_moves(&expected), 3);
    }

    fn error_of(input: &str) -> String {
        parse_board(input).expect_err("input should be rejected")
    }

    #[test]
    fn parser_rejects_wrong_row_count() {
        let seven = "B\n\n\n\n\n\n\n";
        assert!(error_of(seven).contains("found 7"), "{}", error_of(seven));
        let nine = "B\n\n\n\n\n\n\n\n.B\n";
        assert!(error_of(nine).starts_with("line 9:"), "{}", error_of(nine));
        assert!(error_of("").contains("found 0"));
        let eleventh = "B\n\n\n\n\n\n\n\n\n \n.B\n";
        assert_eq!(
            error_of(eleventh),
            "line 11: expected nothing after the 8 board rows, found \".B\""
        );
    }

    #[test]
    fn a_huge_extra_line_is_quoted_cut_short() {
        let input = format!("{}{}\n", "\n".repeat(8), "x".repeat(1_000_000));
        assert_eq!(
            error_of(&input),
            "line 9: expected nothing after the 8 board rows, found \"xxxxxxxxxxxxxxxxxxxx\"..."
        );
    }

    #[test]
    fn a_control_character_is_shown_escaped() {
        assert_eq!(
            error_of("B.......\t\n\n\n\n\n\n\n\n"),
            "line 1: expected at most 8 squares, found '\\t' in column 9"
        );
        assert_eq!(
            error_of("B..\u{1b}\n\n\n\n\n\n\n\n"),
            "line 1: expected 'B', 'W', '.' or a space, found '\\u{1b}' in column 4"
        );
    }

    #[test]
    fn parser_rejects_unknown_character() {
        let input =
            "B.......\n........\n..x.....\n........\n........\n........\n........\n........\n";
        let err = error_of(input);
        assert!(
            err.starts_with("line 3:") && err.contains("'x'") && err.contains("column 3"),
            "{}",
            err
        );
        // Lower-case piece letters are not pieces here.
        assert!(error_of("b\n\n\n\n\n\n\n\n").starts_with("line 1:"));
        // A tab is not a vacant square.
        assert!(error_of("B\t\n\n\n\n\n\n\n\n").starts_with("line 1:"));
    }

    #[test]
    fn parser_rejects_piece_on_light_square() {
        let err = error_of(".B\n\n\n\n\n\n\n\n");
        assert!(
            err.starts_with("line 1:") && err.contains("light square"),
            "{}",
            err
        );
        let err = error_of("\n\n\nW\n\n\n\n\n");
        assert!(
            err.starts_with("line 4:") && err.contains("light square"),
            "{}",
            err
        );
    }

    #[test]
    fn parser_rejects_thirteen_of_a_colour() {
        let twelve = "B.B.B.B.\n.B.B.B.B\nB.B.B.B.\n\n\n\n\n\n";
        assert!(parse_board(twelve).is_ok());
        let thirteen = "B.B.B.B.\n.B.B.B.B\nB.B.B.B.\n.B\n\n\n\n\n";
        let err = error_of(thirteen);
        assert!(
            err.starts_with("line 4:") && err.contains("13th"),
            "{}",
            err
        );
        let whites = "\n\n\n\nW.W.W.W.\n.W.W.W.W\nW.W.W.W.\n.W.W.W.W\n";
        assert!(error_of(whites).starts_with("line 8:"));
    }

    #[test]
    fn parser_rejects_long_row() {
        let err = error_of("B.......B\n\n\n\n\n\n\n\n");
        assert!(
            err.starts_with("line 1:") && err.contains("column 9"),
            "{}",
            err
        );
        assert!(parse_board("B....... \n\n\n\n\n\n\n\n").is_ok());
    }

    #[test]
    fn empty_board_has_no_moves() {
        assert_eq!(moves(&[EMPTY; 8]), 0);
    }

    // ---- cross-check against a naive implementation ----

    /// splitmix64: a tiny fixed-seed generator for reproducible positions.
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

    /// A random legal position as text rows: up to 12 men of each colour on
    /// random dark squares.
    fn random_rows(rng: &mut Rng) -> Vec<String> {
        let mut grid = vec![vec!['.'; 8]; 8];
        let black = rng.below(13);
        let white = rng.below(13);
        for &(letter, wanted) in &[('B', black), ('W', white)] {
            let mut placed = 0;
            while placed < wanted {
                let r = rng.below(8);
                let c = rng.below(8);
                if (r + c) % 2 == 0 && grid[r][c] == '.' {
                    grid[r][c] = letter;
                    placed += 1;
                }
            }
        }
        grid.into_iter()
            .map(|row| row.into_iter().collect())
            .collect()
    }

    /// Naive count: try every (from, to) pair of cells and decide from the
    /// definitions alone whether it is a slide or a jump of the piece on `from`.
    fn naive_count(rows: &[String]) -> usize {
        let g: Vec<Vec<char>> = rows.iter().map(|r| r.chars().collect()).collect();
        let mut total = 0;
        for &(me, enemy, down) in &[('B', 'W', 1i32), ('W', 'B', -1i32)] {
            let mut slides = 0;
            let mut jumps = 0;
            for fr in 0..8i32 {
                for fc in 0..8i32 {
                    if g[fr as usize][fc as usize] != me {
                        continue;
                    }
                    for tr in 0..8i32 {
                        for tc in 0..8i32 {
                            if g[tr as usize][tc as usize] != '.' {
                                continue;
                            }
                            let dr = tr - fr;
                            let dc = tc - fc;
                            if dr == down && dc.abs() == 1 {
                                slides += 1;
                            }
                            if dr == 2 * down && dc.abs() == 2 {
                                let mid = g[(fr + dr / 2) as usize][(fc + dc / 2) as usize];
                                if mid == enemy {
                                    jumps += 1;
                                }
                            }
                        }
                    }
                }
            }
            total += if jumps > 0 { jumps } else { slides };
        }
        total
    }

    #[test]
    fn real_matches_naive_on_random_positions() {
        let mut rng = Rng(0x00C0_FFEE_2006);
        let mut with_jumps = 0;
        for _ in 0..20_000 {
            let rows = random_rows(&mut rng);
            let board = parse_board(&rows.join("\n")).expect("generated board is valid");
            let real = total_moves(&board);
            assert_eq!(real, naive_count(&rows), "position:\n{}", rows.join("\n"));
            if count_jumps(&board, Side::Black) + count_jumps(&board, Side::White) > 0 {
                with_jumps += 1;
            }
        }
        // The generator must exercise the compulsory-jump rule, not just slides.
        assert!(
            with_jumps > 5_000,
            "only {} positions had jumps",
            with_jumps
        );
    }
}
