//! checkers_pos's moves listed one by one, read plainly from the statement,
//! so that a wrong count is explained: which moves the side has.
//!
//! Deliberately naive (every jump chain followed to its end, one board copy
//! per ending, no memory of positions already searched) and written from
//! `checkers_pos/README.md` alone, not from the solution: the cross-checks
//! below hold the two to the same counts.

use std::collections::BTreeMap;

/// What stands on each square: `board[square]` for squares 1 to 32 (index 0
/// unused), `None` when vacant.
type Board = [Option<Side>; 33];

/// The two sides.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub enum Side {
    Black,
    Red,
}

impl Side {
    /// The side's name as the statement writes it.
    fn name(self) -> &'static str {
        match self {
            Side::Black => "Black",
            Side::Red => "Red",
        }
    }

    fn enemy(self) -> Side {
        match self {
            Side::Black => Side::Red,
            Side::Red => Side::Black,
        }
    }
}

/// The four diagonals: (row step, column step). "Each piece, of either
/// colour, may move or jump along all four diagonals."
const DIAGONALS: [(i64, i64); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// The square one diagonal step from `square`, if there is one.
fn neighbour(square: usize, (row_step, col_step): (i64, i64)) -> Option<usize> {
    let (row, col) = super::squares::cell(square);
    super::squares::square_at(row as i64 + row_step, col as i64 + col_step)
}

/// One move: the squares the piece stands on, from its start to its end
/// (`18-14` for a simple move, `10-17-26-19-10` for a jump chain), and how
/// many chains end in the same final position (they are one move).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Move {
    pub path: Vec<usize>,
    pub chains: usize,
}

/// The path in the statement's notation, and the other chains to the same
/// position when there are any.
impl std::fmt::Display for Move {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        let squares: Vec<String> = self.path.iter().map(usize::to_string).collect();
        write!(f, "{}", squares.join("-"))?;
        if self.chains > 1 {
            write!(f, " ({} chains, one final position)", self.chains)?;
        }
        Ok(())
    }
}

/// A side's moves as the rules count them, and the simple moves that do not
/// count because the side has a jump.
#[derive(Debug)]
pub struct SideMoves {
    pub side: Side,
    pub moves: Vec<Move>,
    pub simple_dropped: usize,
}

/// Every move of `side`: its jump moves, one per final position, if it has
/// any ("only its jump moves count"), otherwise its simple moves.
pub fn side_moves(board: &Board, side: Side) -> SideMoves {
    let simple = simple_moves(board, side);
    let mut endings = BTreeMap::new();
    for from in 1..=32 {
        if board[from] == Some(side) {
            let mut path = vec![from];
            follow_chains(&mut board.clone(), side, &mut path, &mut endings);
        }
    }
    if endings.is_empty() {
        return SideMoves {
            side,
            moves: simple,
            simple_dropped: 0,
        };
    }
    let mut moves: Vec<Move> = endings.into_values().collect();
    moves.sort_by(|a, b| a.path.cmp(&b.path));
    SideMoves {
        side,
        moves,
        simple_dropped: simple.len(),
    }
}

/// "A simple move takes a piece one square diagonally onto a vacant square."
fn simple_moves(board: &Board, side: Side) -> Vec<Move> {
    let mut moves = Vec::new();
    for from in 1..=32 {
        if board[from] != Some(side) {
            continue;
        }
        for diagonal in DIAGONALS {
            if let Some(to) = neighbour(from, diagonal).filter(|&to| board[to].is_none()) {
                moves.push(Move {
                    path: vec![from, to],
                    chains: 1,
                });
            }
        }
    }
    moves.sort_by(|a, b| a.path.cmp(&b.path));
    moves
}

/// Follows every jump chain of the piece at the end of `path` on `board`
/// (the chain so far played on it): "if the same piece can jump again, it
/// must", so a chain ends only where the piece has no jump left, and each
/// ending is recorded under its final board, keeping the smallest path.
fn follow_chains(
    board: &mut Board,
    side: Side,
    path: &mut Vec<usize>,
    endings: &mut BTreeMap<Board, Move>,
) {
    let at = *path.last().expect("a path starts with its piece");
    let mut jumped = false;
    for diagonal in DIAGONALS {
        let Some(over) = neighbour(at, diagonal) else {
            continue;
        };
        let Some(to) = neighbour(over, diagonal) else {
            continue;
        };
        // "Over a diagonally adjacent enemy piece onto the vacant square
        // right behind it"; the enemy "leaves the board at once".
        if board[over] != Some(side.enemy()) || board[to].is_some() {
            continue;
        }
        jumped = true;
        let before = *board;
        board[at] = None;
        board[over] = None;
        board[to] = Some(side);
        path.push(to);
        follow_chains(board, side, path, endings);
        path.pop();
        *board = before;
    }
    if !jumped && path.len() > 1 {
        let ending = endings.entry(*board).or_insert_with(|| Move {
            path: path.clone(),
            chains: 0,
        });
        ending.chains += 1;
        if *path < ending.path {
            ending.path = path.clone();
        }
    }
}

/// Both sides' moves in the position of `input`; `None` when it is not two
/// valid lists.
pub fn both_sides(input: &str) -> Option<[SideMoves; 2]> {
    let (black, red) = super::input::read(&super::input::canonical(input))?;
    let mut board: Board = [None; 33];
    for (side, squares) in [(Side::Black, black), (Side::Red, red)] {
        for square in squares {
            if !(1..=32).contains(&square) || board[square].is_some() {
                return None;
            }
            board[square] = Some(side);
        }
    }
    Some([
        side_moves(&board, Side::Black),
        side_moves(&board, Side::Red),
    ])
}

/// At most this many moves of a side are listed.
const SHOWN: usize = 20;

/// The lines that explain a wrong answer, after `first_difference` (what the
/// line-by-line check says): for each side whose count differs, its right
/// count, the count given, and its moves. Only `first_difference` when the
/// output is not two numbers or the position cannot be read.
pub fn explained(first_difference: String, input: &str, expected: &str, output: &str) -> String {
    let (Some(want), Some(given)) = (two_numbers(expected), two_numbers(output)) else {
        return first_difference;
    };
    let Some(sides) = both_sides(input) else {
        return first_difference;
    };
    let mut lines = vec![first_difference];
    for ((side, want), given) in sides.iter().zip(want).zip(given) {
        if want == given {
            continue;
        }
        if side.moves.len() as u64 != want {
            lines.push(format!(
                "(the judge's own move list counts {} for {}, not the expected {}: not listed)",
                side.moves.len(),
                side.side.name(),
                want
            ));
        } else {
            lines.push(side_line(side, given));
        }
    }
    lines.join("\n")
}

/// `Black has 2 moves, not 1: 14-7, 15-6`, saying when a jump took the
/// side's simple moves away.
fn side_line(side: &SideMoves, given: u64) -> String {
    let mut line = format!(
        "{} has {}, not {}",
        side.side.name(),
        crate::text::counted(side.moves.len(), "moves"),
        given
    );
    line += &crate::text::must_jump_note(side.simple_dropped, "simple moves");
    if !side.moves.is_empty() {
        line += &format!(": {}", crate::text::listed(&side.moves, ", ", SHOWN));
    }
    line
}

/// The two numbers an answer holds when it is exactly two numbers (any
/// blanks and line ends around them); `None` otherwise.
fn two_numbers(text: &str) -> Option<[u64; 2]> {
    let mut tokens = text.split_whitespace().map(str::parse::<u64>);
    let numbers = [tokens.next()?.ok()?, tokens.next()?.ok()?];
    tokens.next().is_none().then_some(numbers)
}

#[cfg(test)]
mod tests {
    use super::{both_sides, explained, Side, SideMoves};
    use crate::problems::checkers_pos::{check, generate};
    use crate::problems::cross_check;
    use crate::rng::Rng;

    fn side_of(input: &str, side: Side) -> SideMoves {
        let [black, red] = both_sides(input).expect("a position");
        if side == Side::Black {
            black
        } else {
            red
        }
    }

    /// The side's moves in the position of `input`, as listed.
    fn listed(input: &str, side: Side) -> Vec<String> {
        let moves = side_of(input, side).moves;
        moves.iter().map(ToString::to_string).collect()
    }

    #[test]
    fn a_simple_move_goes_one_square_along_any_diagonal_onto_a_vacant_square() {
        // Black 18 goes every way; Red 4, in the corner, only to 8.
        let input = "1 18\n1 4\n";
        assert_eq!(
            listed(input, Side::Black),
            ["18-14", "18-15", "18-22", "18-23"]
        );
        assert_eq!(listed(input, Side::Red), ["4-8"]);
        // Taken squares, by either side, block it: Red 8 is in the way.
        let input = "1 4\n1 8\n";
        assert!(listed(input, Side::Black).iter().all(|m| m != "4-8"));
    }

    #[test]
    fn a_jump_goes_over_an_adjacent_enemy_onto_the_vacant_square_behind_it() {
        // Black 4 jumps Red 8 onto 11; Red 8 cannot jump back: behind 4 is
        // off the board, so Red's moves are simple ones.
        let input = "1 4\n1 8\n";
        assert_eq!(listed(input, Side::Black), ["4-11"]);
        assert_eq!(listed(input, Side::Red), ["8-3", "8-11", "8-12"]);
        // 11 taken: no jump for Black, so no move at all (8 is taken too).
        let input = "1 4\n2 8 11\n";
        assert!(listed(input, Side::Black).is_empty());
    }

    #[test]
    fn a_piece_of_ones_own_side_is_not_jumped() {
        let input = "2 4 8\n0\n";
        assert_eq!(listed(input, Side::Black), ["8-3", "8-11", "8-12"]);
    }

    #[test]
    fn a_captured_piece_leaves_at_once_and_is_not_jumped_again() {
        // Black 18 jumps Red 22 onto 25; 22 is vacant then, so Black does
        // not jump back onto 18 (which it left vacant) for ever.
        let input = "1 18\n1 22\n";
        assert_eq!(listed(input, Side::Black), ["18-25"]);
        assert_eq!(listed(input, Side::Red), ["22-15"]);
    }

    #[test]
    fn a_chain_goes_on_while_the_piece_can_jump() {
        // Black 10 jumps 14 onto 17, then must jump 22 onto 26: one move,
        // and stopping on 17 is not one.
        let input = "1 10\n2 14 22\n";
        assert_eq!(listed(input, Side::Black), ["10-17-26"]);
    }

    #[test]
    fn a_jump_anywhere_takes_away_the_sides_simple_moves_and_only_its_own() {
        // The statement's example: Red 11 must jump Black 15; Black, with
        // no jump, keeps its simple moves.
        let input = "1 15\n3 4 8 11\n";
        let red = side_of(input, Side::Red);
        assert_eq!(listed(input, Side::Red), ["11-18"]);
        assert_eq!(red.simple_dropped, 4);
        assert_eq!(listed(input, Side::Black), ["15-10", "15-18", "15-19"]);
    }

    #[test]
    fn chains_to_the_same_final_position_are_one_move() {
        // The statement's circle: Red 10 round four black pieces either way,
        // back on its own start square (vacant once it left).
        let input = "4 14 15 22 23\n1 10\n";
        assert_eq!(
            listed(input, Side::Red),
            ["10-17-26-19-10 (2 chains, one final position)"]
        );
        assert_eq!(listed(input, Side::Black), ["14-7", "15-6"]);
    }

    #[test]
    fn chains_to_different_final_positions_are_different_moves() {
        // The statement's circle then tail, or tail first.
        let input = "5 6 14 15 22 23\n1 10\n";
        assert_eq!(
            listed(input, Side::Red),
            ["10-1", "10-17-26-19-10-1 (2 chains, one final position)"]
        );
    }

    fn count(input: &str) -> String {
        let [black, red] = both_sides(input).expect("a position");
        format!("{} {}", black.moves.len(), red.moves.len())
    }

    #[test]
    fn every_sample_answer_is_the_number_of_moves_listed() {
        let samples = cross_check::samples("checkers_pos");
        for (path, input, answer) in &samples {
            assert_eq!(count(input), answer.trim(), "{:?}", path);
        }
        assert!(samples.len() >= 15, "only {} samples", samples.len());
    }

    #[test]
    fn the_moves_listed_agree_with_the_solution_on_random_positions() {
        let inputs: Vec<String> = (0..1000)
            .map(|case| generate(&mut Rng::for_case(11, case)))
            .collect();
        let answers = cross_check::solution_answers("checkers_pos", &inputs);
        for (input, answer) in inputs.iter().zip(&answers) {
            assert_eq!(count(input), answer.trim(), "\n{}", input);
        }
    }

    /// The statement's circle: Black 14-7 and 15-6, Red one move.
    const CIRCLE: &str = "4 14 15 22 23\n1 10\n";

    #[test]
    fn a_wrong_count_names_the_side_and_lists_its_moves() {
        let why = check(CIRCLE, "2 1\n", "1 1\n").unwrap_err();
        let lines: Vec<&str> = why.lines().collect();
        assert_eq!(
            lines,
            [
                "line 1: expected \"2 1\", got \"1 1\"",
                "Black has 2 moves, not 1 (it must jump: its 14 simple moves do not count): \
                 14-7, 15-6",
            ]
        );
        let why = check(CIRCLE, "2 1\n", "2 2\n").unwrap_err();
        assert!(
            why.ends_with(
                "\nRed has 1 move, not 2 (it must jump: its 2 simple moves do not count): \
                 10-17-26-19-10 (2 chains, one final position)"
            ),
            "{}",
            why
        );
        let why = check(CIRCLE, "2 1\n", "0 0\n").unwrap_err();
        assert_eq!(why.lines().count(), 3, "{}", why);
    }

    #[test]
    fn an_output_that_is_not_two_numbers_gets_only_the_first_difference() {
        for output in ["2\n", "2 1 0\n", "2 x\n", "", "-1 1\n"] {
            let why = check(CIRCLE, "2 1\n", output).unwrap_err();
            assert_eq!(why.lines().count(), 1, "{}", why);
        }
        // The right numbers, wrongly written: nothing to explain.
        let why = explained("first".to_string(), CIRCLE, "2 1\n", "2\n1\n");
        assert_eq!(why, "first");
    }

    #[test]
    fn an_expected_count_the_move_list_disagrees_with_is_said_and_not_explained() {
        let why = check(CIRCLE, "3 1\n", "1 1\n").unwrap_err();
        assert!(
            why.ends_with(
                "\n(the judge's own move list counts 2 for Black, not the expected 3: not listed)"
            ),
            "{}",
            why
        );
    }

    #[test]
    fn long_lists_are_cut_after_twenty_moves() {
        // Six black pieces, four of them on an edge: 21 simple moves.
        let input = "6 6 8 14 16 27 29\n0\n";
        assert_eq!(side_of(input, Side::Black).moves.len(), 21);
        let why = check(input, "21 0\n", "20 0\n").unwrap_err();
        let black = why.lines().nth(1).unwrap();
        assert!(black.ends_with(" and 1 more"), "{}", black);
        assert_eq!(black.matches('-').count(), 20, "{}", black);
    }
}
