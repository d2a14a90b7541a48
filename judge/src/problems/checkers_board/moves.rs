//! checkers_board's moves listed one by one, read plainly from the statement,
//! so that a wrong count is explained: which moves each side has.
//!
//! Deliberately naive (every piece, every forward diagonal, looked at cell by
//! cell) and written from `checkers_board/README.md` alone, not from the
//! solution: the cross-checks below hold the two to the same counts.

use std::fmt;

/// A cell: (row, column), row 0 the top, column 0 the left.
type Cell = (usize, usize);

/// The board as `input::read` gives it: `board[row][column]` is `B`, `W` or `.`.
type Board = [[u8; 8]; 8];

/// The two sides, with what the rules say of each.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Side {
    Black,
    White,
}

impl Side {
    /// The side's name as the statement writes it.
    fn name(self) -> &'static str {
        match self {
            Side::Black => "Black",
            Side::White => "White",
        }
    }

    /// The side's pieces on the board.
    fn piece(self) -> u8 {
        match self {
            Side::Black => b'B',
            Side::White => b'W',
        }
    }

    fn enemy(self) -> u8 {
        match self {
            Side::Black => b'W',
            Side::White => b'B',
        }
    }

    /// The rule "Black moves down the board (to higher rows), White moves up
    /// (to lower rows)": the row step of every move, slide or jump.
    fn forward(self) -> i64 {
        match self {
            Side::Black => 1,
            Side::White => -1,
        }
    }
}

/// One move: a slide (`over` is `None`) or a single jump over `over`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Move {
    from: Cell,
    over: Option<Cell>,
    to: Cell,
}

/// In the notation `--arrows` takes, squares as `row,column`: a slide
/// `2,2-1,3`, a jump `1,1x3,3` (over the square between).
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        let joint = if self.over.is_some() { 'x' } else { '-' };
        let (from, to) = (self.from, self.to);
        write!(f, "{},{}{}{},{}", from.0, from.1, joint, to.0, to.1)
    }
}

/// A side's moves as the rules count them, and the slides that do not count
/// because the side has a jump.
#[derive(Debug)]
pub struct SideMoves {
    pub side: Side,
    pub moves: Vec<Move>,
    pub slides_dropped: usize,
}

/// Every move of `side`: its jumps if it has any ("jumping is compulsory"),
/// otherwise its slides. Pieces in reading order, left diagonal first.
pub fn side_moves(board: &Board, side: Side) -> SideMoves {
    let mut slides = Vec::new();
    let mut jumps = Vec::new();
    for row in 0..8 {
        for col in 0..8 {
            if board[row][col] != side.piece() {
                continue;
            }
            for col_step in [-1, 1] {
                let from = (row, col);
                if let Some(slide) = slide(board, side, from, col_step) {
                    slides.push(slide);
                }
                if let Some(jump) = jump(board, side, from, col_step) {
                    jumps.push(jump);
                }
            }
        }
    }
    if jumps.is_empty() {
        SideMoves {
            side,
            moves: slides,
            slides_dropped: 0,
        }
    } else {
        SideMoves {
            side,
            moves: jumps,
            slides_dropped: slides.len(),
        }
    }
}

/// "A slide moves a piece one cell diagonally forward onto a vacant cell."
fn slide(board: &Board, side: Side, from: Cell, col_step: i64) -> Option<Move> {
    let to = step(from, side.forward(), col_step)?;
    (board[to.0][to.1] == b'.').then_some(Move {
        from,
        over: None,
        to,
    })
}

/// "A jump moves a piece over a diagonally adjacent enemy piece, forward,
/// onto the vacant cell right behind it. That cell must be on the board."
fn jump(board: &Board, side: Side, from: Cell, col_step: i64) -> Option<Move> {
    let over = step(from, side.forward(), col_step)?;
    let to = step(over, side.forward(), col_step)?;
    (board[over.0][over.1] == side.enemy() && board[to.0][to.1] == b'.').then_some(Move {
        from,
        over: Some(over),
        to,
    })
}

/// The cell one diagonal step away, if it is on the board.
fn step(cell: Cell, row_step: i64, col_step: i64) -> Option<Cell> {
    let row = cell.0 as i64 + row_step;
    let col = cell.1 as i64 + col_step;
    let on_board = (0..8).contains(&row) && (0..8).contains(&col);
    on_board.then_some((row as usize, col as usize))
}

/// Both sides' moves on the board of `input`; `None` when it is not a board.
pub fn both_sides(input: &str) -> Option<[SideMoves; 2]> {
    let board = super::input::read(&super::input::canonical(input))?;
    Some([
        side_moves(&board, Side::Black),
        side_moves(&board, Side::White),
    ])
}

/// At most this many moves of a side are listed.
const SHOWN: usize = 20;

/// The lines that explain a wrong total, after `first_difference` (what the
/// line-by-line check says): the right total split by side, then each
/// side's moves. Only `first_difference` when the output is not one number,
/// when it is the right number, or when the board cannot be read.
pub fn explained(first_difference: String, input: &str, expected: &str, output: &str) -> String {
    let (Some(want), Some(given)) = (one_number(expected), one_number(output)) else {
        return first_difference;
    };
    if want == given {
        return first_difference;
    }
    let Some(sides) = both_sides(input) else {
        return first_difference;
    };
    let [black, white] = &sides;
    let mut lines = vec![first_difference];
    let total = black.moves.len() + white.moves.len();
    if total as u64 != want {
        lines.push(format!(
            "(the judge's own move list counts {}, not the expected {}: not listed)",
            total, want
        ));
        return lines.join("\n");
    }
    lines.push(format!(
        "{}, not {}: {} {} + {} {}",
        crate::text::counted(total, "moves"),
        given,
        black.side.name(),
        black.moves.len(),
        white.side.name(),
        white.moves.len()
    ));
    lines.push(side_line(black));
    lines.push(side_line(white));
    lines.join("\n")
}

/// `White has 3 moves: 2,2-1,3; ...`, saying when a jump took the
/// side's slides away.
fn side_line(side: &SideMoves) -> String {
    let mut line = format!(
        "{} has {}",
        side.side.name(),
        crate::text::counted(side.moves.len(), "moves")
    );
    line += &crate::text::must_jump_note(side.slides_dropped, "slides");
    if !side.moves.is_empty() {
        line += &format!(": {}", crate::text::listed(&side.moves, "; ", SHOWN));
    }
    line
}

/// The number an answer holds when it is exactly one number (blanks and line
/// ends around it allowed); `None` otherwise.
fn one_number(text: &str) -> Option<u64> {
    let mut tokens = text.split_whitespace();
    let number = tokens.next()?.parse().ok()?;
    tokens.next().is_none().then_some(number)
}

#[cfg(test)]
mod tests {
    use super::{both_sides, explained, Side, SideMoves};
    use crate::problems::checkers_board::{check, generate};
    use crate::problems::cross_check;
    use crate::rng::Rng;

    /// The side's moves on the board of `rows` (row 0 first), as listed.
    fn listed(rows: &str, side: Side) -> Vec<String> {
        let [black, white] = both_sides(rows).expect("a board");
        let moves = if side == Side::Black { black } else { white };
        moves.moves.iter().map(ToString::to_string).collect()
    }

    fn side_of(rows: &str, side: Side) -> SideMoves {
        let [black, white] = both_sides(rows).expect("a board");
        if side == Side::Black {
            black
        } else {
            white
        }
    }

    #[test]
    fn black_slides_down_and_white_slides_up_never_back() {
        let rows = "\n\n\n..B\n.....W\n";
        assert_eq!(listed(rows, Side::Black), ["3,2-4,1", "3,2-4,3"]);
        assert_eq!(listed(rows, Side::White), ["4,5-3,4", "4,5-3,6"]);
    }

    #[test]
    fn a_slide_needs_a_vacant_cell_on_the_board() {
        // Black (0, 0) has only (1, 1); White (7, 7) only (6, 6), and both
        // are taken by the side's own men, which slide on.
        let rows = "B\n.B\n\n\n\n\n......W\n.......W\n";
        assert_eq!(listed(rows, Side::Black), ["1,1-2,0", "1,1-2,2"]);
        assert_eq!(listed(rows, Side::White), ["6,6-5,5", "6,6-5,7"]);
    }

    #[test]
    fn a_jump_goes_forward_over_an_adjacent_enemy_onto_a_vacant_cell() {
        // Black (2, 2) jumps White 3,3-4,4; White (3, 3) cannot
        // jump back: (1, 1) behind Black is taken by Black.
        let rows = "\n.B\n..B\n...W\n";
        assert_eq!(listed(rows, Side::Black), ["2,2x4,4"]);
        assert_eq!(listed(rows, Side::White), ["3,3-2,4"]);
        // The landing cell taken: no jump.
        let rows = "\n\n..B\n...W\n....W\n";
        assert_eq!(listed(rows, Side::Black), ["2,2-3,1"]);
    }

    #[test]
    fn a_jump_must_land_on_the_board() {
        let rows = "\n\n\n\n\n.B\nW\n";
        assert_eq!(listed(rows, Side::Black), ["5,1-6,2"]);
        assert_eq!(listed(rows, Side::White), ["6,0x4,2"]);
    }

    #[test]
    fn a_piece_of_ones_own_side_is_not_jumped() {
        let rows = "\n\n..B\n...B\n";
        assert_eq!(listed(rows, Side::Black), ["2,2-3,1", "3,3-4,2", "3,3-4,4"]);
    }

    #[test]
    fn jumps_go_forward_only() {
        // White (2, 2) stands behind Black (3, 3), each with a vacant cell
        // beyond the other: neither may jump backwards, so both slide.
        let rows = "\n\n..W\n...B\n";
        assert_eq!(listed(rows, Side::Black), ["3,3-4,2", "3,3-4,4"]);
        assert_eq!(listed(rows, Side::White), ["2,2-1,1", "2,2-1,3"]);
    }

    #[test]
    fn a_jump_never_continues() {
        // Black (0, 0) jumps 1,1-2,2, and could jump (3, 3) from
        // there in real checkers: here that is not part of the move.
        let rows = "B\n.W\n\n...W\n";
        assert_eq!(listed(rows, Side::Black), ["0,0x2,2"]);
    }

    #[test]
    fn a_jump_anywhere_takes_away_all_the_sides_slides() {
        // Black (0, 6) could slide twice, but Black (0, 0) has a jump.
        let rows = "B.....B\n.W\n";
        let black = side_of(rows, Side::Black);
        assert_eq!(black.moves.len(), 1);
        assert_eq!(black.slides_dropped, 2);
    }

    #[test]
    fn each_side_is_judged_on_its_own() {
        // Black must jump; White, with no jump, still slides.
        let rows = "B.....B.\n.B......\n..W.....\n\n\n\n....W...\n";
        assert_eq!(listed(rows, Side::Black), ["1,1x3,3"]);
        assert_eq!(listed(rows, Side::White), ["2,2-1,3", "6,4-5,3", "6,4-5,5"]);
    }

    fn total(input: &str) -> usize {
        let [black, white] = both_sides(input).expect("a board");
        black.moves.len() + white.moves.len()
    }

    #[test]
    fn every_sample_answer_is_the_number_of_moves_listed() {
        let samples = cross_check::samples("checkers_board");
        for (path, input, answer) in &samples {
            assert_eq!(total(input).to_string(), answer.trim(), "{:?}", path);
        }
        assert!(samples.len() >= 20, "only {} samples", samples.len());
    }

    #[test]
    fn the_moves_listed_agree_with_the_solution_on_random_boards() {
        let inputs: Vec<String> = (0..1000)
            .map(|case| generate(&mut Rng::for_case(11, case)))
            .collect();
        let answers = cross_check::solution_answers("checkers_board", &inputs);
        for (input, answer) in inputs.iter().zip(&answers) {
            assert_eq!(total(input).to_string(), answer.trim(), "\n{}", input);
        }
    }

    /// Sample 18: Black 1 jump (3 slides dropped), White 3 slides.
    const ONE_JUMPS_ONE_SLIDES: &str =
        "B.....B.\n.B......\n..W.....\n........\n........\n........\n....W...\n........\n";

    #[test]
    fn a_wrong_total_is_split_by_side_with_every_move_named() {
        let why = check(ONE_JUMPS_ONE_SLIDES, "4\n", "7\n").unwrap_err();
        let lines: Vec<&str> = why.lines().collect();
        assert_eq!(
            lines,
            [
                "line 1: expected \"4\", got \"7\"",
                "4 moves, not 7: Black 1 + White 3",
                "Black has 1 move (it must jump: its 3 slides do not count): \
                 1,1x3,3",
                "White has 3 moves: 2,2-1,3; 6,4-5,3; 6,4-5,5",
            ]
        );
    }

    #[test]
    fn an_output_that_is_not_one_number_gets_only_the_first_difference() {
        for output in ["4 1\n", "four\n", "", "4\n4\n"] {
            let why = check(ONE_JUMPS_ONE_SLIDES, "4\n", output).unwrap_err();
            assert_eq!(why.lines().count(), 1, "{}", why);
        }
        // The right number, wrongly written: nothing to explain.
        let why = explained("first".to_string(), ONE_JUMPS_ONE_SLIDES, "4\n", " 4\n");
        assert_eq!(why, "first");
    }

    #[test]
    fn an_expected_total_the_move_list_disagrees_with_is_said_and_not_explained() {
        let why = check(ONE_JUMPS_ONE_SLIDES, "5\n", "6\n").unwrap_err();
        assert!(
            why.ends_with("\n(the judge's own move list counts 4, not the expected 5: not listed)"),
            "{}",
            why
        );
    }

    #[test]
    fn long_lists_are_cut_after_twenty_moves() {
        // Twelve black men on rows 0, 2 and 4 with room in front: 21 slides.
        let rows = "B.B.B.B.\n\nB.B.B.B.\n\nB.B.B.B.\n";
        let why = check(rows, "21\n", "20\n").unwrap_err();
        let black = why.lines().nth(2).unwrap();
        assert!(
            black.starts_with("Black has 21 moves: 0,0-1,1; "),
            "{}",
            why
        );
        assert!(black.ends_with(" and 1 more"), "{}", black);
        assert_eq!(black.matches('-').count(), 20, "{}", black);
    }
}
