//! Checker for solitaire_chess.
//!
//! Many puzzles have several solutions, so the program's answer is not compared with the
//! sample's `.out`; it is replayed on the input board instead. The checker reads the board
//! itself and checks every move against the rules: the from-square holds a piece, the
//! to-square holds another piece, the mover's kind can go there (with nothing in between
//! for queens, rooks and bishops), and exactly one piece is left at the end. `0`
//! (unsolvable) is only believed when the sample's answer is `0` too, and `[]` only for a
//! board with a single piece. The move rules are written here independently of the
//! reference solution, by walking the board square by square.
//!
//! The answer is one line without whitespace, as the output format says. Like every
//! checker here, this one tolerates CRLF, blanks at the end of the line, blank lines at
//! the end and a missing final newline; a second line or a space inside is wrong.

pub mod figure;

use super::{Package, Problem};

mod failing;
pub use failing::FAILING;

pub mod wrong_outputs;

mod read;
use read::{read_board, read_moves, Grid, Step, KINDS};

use crate::rng::Rng;

/// All the judge knows of solitaire_chess, for the table of problems.
pub const PROBLEM: Problem = Problem {
    name: "solitaire_chess",
    checker: check,
    picture,
    figure: figure::draw,
    generate,
    shrink,
    size,
    time_limit_ms: super::TIME_LIMIT_MS,
    memory_limit_mb: super::MEMORY_LIMIT_MB,
    canonical,
    package: Package {
        short_name: "solitairechess",
        title: "Solitaire Chess",
        source: "Code golf challenge \"Solitaire Chess\"",
        uuid: "1a692754-49c3-4dd3-894d-54b49e1d02c4",
        output_validator: Some(wrong_outputs::WRONG_OUTPUTS),
        failing: FAILING,
    },
};

/// Accepts `output` as an answer to `input`, or says why not.
/// `expected` is the sample's reference answer (one valid answer among many).
pub fn check(input: &str, expected: &str, output: &str) -> Result<(), String> {
    let grid = read_board(input).map_err(|e| format!("sample input: {}", e))?;
    let pieces = count_pieces(&grid);
    let expected_says_unsolvable = squeeze(expected) == "0";
    let answer = answer_line(output)?;
    if answer == "0" {
        return judge_zero(&grid, pieces, expected, expected_says_unsolvable);
    }
    let moves = read_moves(answer)?;
    if moves.is_empty() && pieces != 1 {
        return Err(format!(
            "output [] (no moves) is only right for a single piece; the board has {}",
            pieces
        ));
    }
    match replay(grid, &moves) {
        Ok(()) if expected_says_unsolvable => Err(
            "the output is a valid solution, yet the sample's answer says 0 (unsolvable): \
             the sample's .out is wrong"
                .to_string(),
        ),
        Ok(()) => Ok(()),
        Err(why) if expected_says_unsolvable => {
            Err(format!("the board has no solution (expected 0); {}", why))
        }
        Err(why) => Err(why),
    }
}

/// The program printed `0` (no solution).
fn judge_zero(
    grid: &Grid,
    pieces: usize,
    expected: &str,
    expected_says_unsolvable: bool,
) -> Result<(), String> {
    if pieces == 1 {
        return Err("output 0, but the board has a single piece: the answer is []".to_string());
    }
    if expected_says_unsolvable {
        return Ok(());
    }
    // The sample claims a solution; say whether that claim itself holds up.
    let claim = read_moves(&squeeze(expected)).and_then(|moves| replay(*grid, &moves));
    match claim {
        Ok(()) => Err(format!(
            "output 0 (unsolvable), but the board can be solved, e.g. {}",
            expected.trim()
        )),
        Err(why) => Err(format!(
            "output 0 (unsolvable), the sample says solvable, but its answer fails too: {}",
            why
        )),
    }
}

/// The answer: one line without whitespace. As every checker of this judge
/// does, it tolerates CRLF, blanks at the end of the line, blank lines at the
/// end of the output and a missing final newline; a second line or a space
/// inside the answer is wrong, as the output format says.
fn answer_line(output: &str) -> Result<&str, String> {
    // Trailing blanks and blank lines go; the text is never split into a
    // vector of lines (64 MiB of newlines would make a gigabyte of them).
    let text = output.trim_end_matches([' ', '\t', '\r', '\n']);
    if text.is_empty() {
        return Err("empty output".to_string());
    }
    if text.contains('\n') {
        return Err(format!(
            "the answer is one line; the output has {} lines",
            text.split('\n').count()
        ));
    }
    if let Some(at) = text.find(char::is_whitespace) {
        return Err(format!(
            "whitespace at character {} of the answer: it holds no spaces",
            text[..at].chars().count() + 1
        ));
    }
    Ok(text)
}

/// The text with all whitespace removed (for the sample's own answer, which
/// is ours and read leniently).
fn squeeze(text: &str) -> String {
    text.chars().filter(|c| !c.is_whitespace()).collect()
}

fn count_pieces(grid: &Grid) -> usize {
    grid.iter().flatten().filter(|cell| cell.is_some()).count()
}

fn piece_name(c: char) -> &'static str {
    match c {
        'K' => "king",
        'Q' => "queen",
        'R' => "rook",
        'B' => "bishop",
        'N' => "knight",
        _ => "pawn",
    }
}

/// A square as `--arrows` names it: `1,2` (x, then y).
fn show(square: (i64, i64)) -> String {
    format!("{},{}", square.0, square.1)
}

/// Plays the moves on the board; fails on the first illegal one, or if more than one
/// piece is left at the end.
fn replay(mut grid: Grid, moves: &[Step]) -> Result<(), String> {
    for (i, &(from, to)) in moves.iter().enumerate() {
        // In the notation `--arrows` takes: `move 1 3,0-1,1`.
        let label = format!("move {} {}-{}", i + 1, show(from), show(to));
        for sq in [from, to] {
            if !(0..4).contains(&sq.0) || !(0..4).contains(&sq.1) {
                return Err(format!("{}: {} is off the board", label, show(sq)));
            }
        }
        let mover = match grid[from.0 as usize][from.1 as usize] {
            Some(c) => c,
            None => return Err(format!("{}: no piece on {}", label, show(from))),
        };
        if from == to {
            return Err(format!("{}: a piece cannot capture itself", label));
        }
        if grid[to.0 as usize][to.1 as usize].is_none() {
            return Err(format!(
                "{}: {} is empty; every move must capture a piece",
                label,
                show(to)
            ));
        }
        obeys_movement(&grid, mover, from, to).map_err(|why| format!("{}: {}", label, why))?;
        grid[to.0 as usize][to.1 as usize] = Some(mover);
        grid[from.0 as usize][from.1 as usize] = None;
    }
    let left: Vec<String> = (0..4)
        .flat_map(|x| (0..4).map(move |y| (x, y)))
        .filter(|&(x, y)| grid[x as usize][y as usize].is_some())
        .map(show)
        .collect();
    if left.len() == 1 {
        Ok(())
    } else {
        Err(format!(
            "after {} moves {} pieces remain ({}); exactly one must",
            moves.len(),
            left.len(),
            left.join(" ")
        ))
    }
}

/// Whether the piece `mover` can go from `from` to `to` by its own movement rule.
fn obeys_movement(
    grid: &Grid,
    mover: char,
    from: (i64, i64),
    to: (i64, i64),
) -> Result<(), String> {
    let (dx, dy) = (to.0 - from.0, to.1 - from.1);
    let (ax, ay) = (dx.abs(), dy.abs());
    let straight = dx == 0 || dy == 0;
    let diagonal = ax == ay;
    let reachable = match mover {
        'K' => ax <= 1 && ay <= 1,
        'N' => (ax == 1 && ay == 2) || (ax == 2 && ay == 1),
        // The solitaire pawn captures one square diagonally, in any of the four directions.
        'P' => ax == 1 && ay == 1,
        'R' => straight,
        'B' => diagonal,
        _ => straight || diagonal, // queen
    };
    if !reachable {
        return Err(format!("{} cannot reach {}", piece_name(mover), show(to)));
    }
    if matches!(mover, 'Q' | 'R' | 'B') {
        // Sliders: every square strictly between must be empty.
        let (sx, sy) = (dx.signum(), dy.signum());
        let (mut x, mut y) = (from.0 + sx, from.1 + sy);
        while (x, y) != to {
            if grid[x as usize][y as usize].is_some() {
                return Err(format!(
                    "{}'s path to {} is blocked at {}",
                    piece_name(mover),
                    show(to),
                    show((x, y))
                ));
            }
            x += sx;
            y += sy;
        }
    }
    Ok(())
}

/// The input in the canonical form of the problem package (what
/// `validators/src/bin/validate_solitaire_chess.rs` accepts): four rows of four
/// squares separated by single spaces, `.` for every empty square whatever
/// mark the input used, LF line ends. A tolerated variant of a valid input
/// (compact rows, one line, CRLF, a byte-order mark) becomes valid; an input
/// without 16 squares stays invalid.
pub fn canonical(input: &str) -> String {
    let text = input.strip_prefix('\u{feff}').unwrap_or(input);
    let squares: Vec<String> = text
        .chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| if KINDS.contains(&c) { c } else { '.' }.to_string())
        .collect();
    let rows: Vec<String> = squares.chunks(4).map(|row| row.join(" ")).collect();
    super::lf_lines(&rows)
}

/// The input board with its `[x,y]` coordinates: x the column from the left, y
/// the row from the bottom, empty squares as `.`; `None` when the input does
/// not hold 16 squares.
pub fn picture(input: &str) -> Option<String> {
    let grid = read_board(input).ok()?;
    let mut text = String::new();
    for y in (0..4).rev() {
        text += &format!("y={} ", y);
        for column in &grid {
            text.push(' ');
            text.push(column[y].unwrap_or('.'));
        }
        text.push('\n');
    }
    text += "  x= 0 1 2 3\n";
    Some(text)
}

/// One case in this many is a hard board (see [`hard_board`]).
const HARD_ONE_IN: u64 = 20;

/// A random valid input. One in [`HARD_ONE_IN`] is a hard board, so that a
/// program too slow for the hardest samples gets TLE here too. The others
/// hold 2 to 16 pieces of every kind, mostly few: half of them drawn at
/// random (most are unsolvable once there are more than a few pieces), the
/// other half built backwards from one piece by undoing captures, so they are
/// solvable however many pieces they hold.
pub fn generate(rng: &mut Rng) -> String {
    if rng.below(HARD_ONE_IN) == 0 {
        return render(&hard_board(rng));
    }
    let pieces = match rng.below(10) {
        0..=4 => rng.between(2, 5),
        5..=7 => rng.between(2, 9),
        _ => rng.between(2, 16),
    } as usize;
    let grid = if rng.chance(50) {
        random_board(rng, pieces)
    } else {
        solvable_board(rng, pieces)
    };
    render(&grid)
}

/// The boards that need the most search found so far, by the hill-climbs of
/// the solitaire_chess hardness benchmark (samples 28 and 29 are the first
/// two); one a line, `#` starts a comment.
const HARD_BOARDS: &str = include_str!("../../../../solitaire_chess/hard_boards.txt");

fn hard_boards() -> impl Iterator<Item = &'static str> {
    HARD_BOARDS
        .lines()
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
}

/// One of the hard boards, under one of the board's 8 symmetries.
fn hard_board(rng: &mut Rng) -> Grid {
    let boards: Vec<&str> = hard_boards().collect();
    let grid = read_board(rng.pick(&boards)).expect("hard_boards.txt holds boards");
    symmetric(&grid, rng.below(8))
}

/// The board turned or mirrored by symmetry `which` (see [`turn`]).
fn symmetric(grid: &Grid, which: u64) -> Grid {
    let mut turned: Grid = [[None; 4]; 4];
    for (x, column) in grid.iter().enumerate() {
        for (y, &cell) in column.iter().enumerate() {
            let (a, b) = turn(which, (x, y));
            turned[a][b] = cell;
        }
    }
    turned
}

/// Where symmetry `which` (0 to 7) takes square `[x,y]`: mirrored left to
/// right if bit 0 is set, top to bottom if bit 1 is, then x and y swapped if
/// bit 2 is; together the 8 symmetries of the square. Every piece moves the
/// same way under each (the pawn captures diagonally in all four
/// directions), so a turned board keeps its solutions, turned, and its
/// difficulty.
fn turn(which: u64, (x, y): (usize, usize)) -> (usize, usize) {
    let x = if which & 1 != 0 { 3 - x } else { x };
    let y = if which & 2 != 0 { 3 - y } else { y };
    if which & 4 != 0 {
        (y, x)
    } else {
        (x, y)
    }
}

fn random_board(rng: &mut Rng, pieces: usize) -> Grid {
    let mut grid: Grid = [[None; 4]; 4];
    let mut placed = 0;
    while placed < pieces {
        let (x, y) = (rng.below(4) as usize, rng.below(4) as usize);
        if grid[x][y].is_none() {
            grid[x][y] = Some(rng.pick(&KINDS));
            placed += 1;
        }
    }
    grid
}

/// A board with a solution: one piece, then captures undone one by one. The
/// piece that made the capture steps back to a square it could have come
/// from, and a piece of a random kind reappears where it stood. Fewer pieces
/// than asked when no capture can be undone.
fn solvable_board(rng: &mut Rng, pieces: usize) -> Grid {
    let mut grid: Grid = [[None; 4]; 4];
    let (x, y) = (rng.below(4) as usize, rng.below(4) as usize);
    grid[x][y] = Some(rng.pick(&KINDS));
    let mut count = 1;
    let mut tries = 0;
    while count < pieces && tries < 200 {
        tries += 1;
        let taker = (rng.below(4) as i64, rng.below(4) as i64);
        let back = (rng.below(4) as i64, rng.below(4) as i64);
        let Some(mover) = grid[taker.0 as usize][taker.1 as usize] else {
            continue;
        };
        if grid[back.0 as usize][back.1 as usize].is_some() {
            continue;
        }
        let mut before = grid;
        before[back.0 as usize][back.1 as usize] = Some(mover);
        before[taker.0 as usize][taker.1 as usize] = Some(rng.pick(&KINDS));
        if obeys_movement(&before, mover, back, taker).is_ok() {
            grid = before;
            count += 1;
        }
    }
    grid
}

/// The board in the input format: four rows of four, top row first, `.` empty.
fn render(grid: &Grid) -> String {
    let mut text = String::new();
    for y in (0..4).rev() {
        for column in grid {
            text.push(column[y].unwrap_or('.'));
        }
        text.push('\n');
    }
    text
}

/// Kinds whose moves are a part of this kind's (a queen's include the rook's,
/// the bishop's and the king's); anything may become a pawn, the weakest.
fn weaker_kinds(kind: char) -> &'static [char] {
    match kind {
        'Q' => &['R', 'B', 'K', 'P'],
        'P' => &[],
        _ => &['P'],
    }
}

/// Smaller inputs for the shrinker: each piece removed, then each piece made
/// a weaker kind.
pub fn shrink(input: &str) -> Vec<String> {
    let Ok(grid) = read_board(input) else {
        return Vec::new();
    };
    let squares = (0..4).flat_map(|y| (0..4).map(move |x| (x, 3 - y)));
    let occupied: Vec<(usize, usize)> = squares.filter(|&(x, y)| grid[x][y].is_some()).collect();
    let mut smaller = Vec::new();
    for &(x, y) in &occupied {
        let mut fewer = grid;
        fewer[x][y] = None;
        smaller.push(render(&fewer));
    }
    for &(x, y) in &occupied {
        for &kind in weaker_kinds(grid[x][y].expect("occupied")) {
            let mut weaker = grid;
            weaker[x][y] = Some(kind);
            smaller.push(render(&weaker));
        }
    }
    smaller
}

/// How big an input is: its number of pieces.
pub fn size(input: &str) -> (usize, &'static str) {
    (
        read_board(input).map_or(0, |grid| count_pieces(&grid)),
        "pieces",
    )
}

#[cfg(test)]
mod tests {
    use super::{check, picture};
    use super::{generate, hard_boards, read_board, render, symmetric, turn};
    use crate::rng::Rng;
    use std::collections::HashSet;

    #[test]
    fn the_eight_symmetries_are_distinct_and_keep_the_solutions() {
        let board = read_board(SEED_2).unwrap();
        let solution = [((3, 0), (1, 1)), ((0, 1), (1, 1)), ((1, 1), (1, 2))];
        let mut images = HashSet::new();
        for which in 0..8 {
            let image = render(&symmetric(&board, which));
            let moves: Vec<String> = solution
                .iter()
                .map(|&(from, to)| {
                    let ((a, b), (c, d)) = (turn(which, from), turn(which, to));
                    format!("[[{},{}],[{},{}]]", a, b, c, d)
                })
                .collect();
            let answer = format!("[{}]", moves.join(","));
            assert_eq!(check(&image, &answer, &answer), Ok(()), "{}", image);
            images.insert(image);
        }
        assert_eq!(images.len(), 8);
        // Mirrored left to right: the knight goes from [3,0] to [0,0].
        assert_eq!(render(&symmetric(&board, 1)), "....\n..B.\n..PR\nN...\n");
    }

    #[test]
    fn about_one_case_in_twenty_is_a_hard_board_turned() {
        let mut images = HashSet::new();
        for board in hard_boards() {
            let grid = read_board(board).unwrap();
            images.extend((0..8).map(|w| render(&symmetric(&grid, w))));
        }
        let hard = (0..2000)
            .filter(|&case| images.contains(&generate(&mut Rng::for_case(3, case))))
            .count();
        assert!((60..=140).contains(&hard), "{} hard boards of 2000", hard);
    }

    const SEED_2: &str = ". . . .\n. B . .\nR P . .\n. . . N\n";

    fn rejects(input: &str, expected: &str, output: &str, needle: &str) {
        match check(input, expected, output) {
            Ok(()) => panic!("accepted {:?} on {:?}", output, input),
            Err(msg) => assert!(msg.contains(needle), "message {:?} lacks {:?}", msg, needle),
        }
    }

    #[test]
    fn draws_the_board_with_x_and_y() {
        let want = "y=3  . . . .\ny=2  . B . .\ny=1  R P . .\ny=0  . . . N\n  x= 0 1 2 3\n";
        assert_eq!(picture(SEED_2).unwrap(), want);
        assert!(picture("KQ").is_none());
    }

    #[test]
    fn accepts_seed_answers_on_one_line_without_spaces() {
        let cases = [
            ("...N.....R....B.", "[[[2,0], [1,1]], [[1,1], [3,3]]]"),
            (SEED_2, "[[[3,0], [1,1]], [[0,1], [1,1]], [[1,1], [1,2]]]"),
            (
                "...N...RRBB.NPP.",
                "[[[2,1], [3,2]], [[1,1], [3,3]], [[3,2], [1,0]], [[3,3], [0,0]], \
                 [[0,1], [0,0]], [[0,0], [1,0]], [[1,0], [2,0]]]",
            ),
            (
                "P....R..R.R..R..",
                "[[[0,3], [1,2]], [[1,2], [2,1]], [[2,1], [1,0]], [[1,0], [0,1]]]",
            ),
            (
                ".P.NK.....B...RQ",
                "[[[3,0], [2,0]], [[2,0], [2,1]], [[3,3], [2,1]], [[2,1], [1,3]], [[0,2], [1,3]]]",
            ),
        ];
        for (board, spaced) in cases {
            let tight: String = spaced.chars().filter(|c| *c != ' ').collect();
            assert_eq!(check(board, spaced, &tight), Ok(()), "{}", board);
            // The sample's own answer is read leniently; the program's is not.
            assert_eq!(
                check(board, spaced, spaced),
                Err("whitespace at character 9 of the answer: it holds no spaces".to_string())
            );
        }
    }

    #[test]
    fn tolerates_line_ends_and_trailing_blanks_like_every_checker() {
        let board = "...N.....R....B.";
        let answer = "[[[2,0],[1,1]],[[1,1],[3,3]]]";
        for output in [
            format!("{}\r\n", answer),
            format!("{} \t\n\n\r\n", answer),
            answer.to_string(),
        ] {
            assert_eq!(check(board, answer, &output), Ok(()), "{:?}", output);
        }
    }

    #[test]
    fn rejects_an_answer_spread_over_lines_or_indented() {
        let board = "...N.....R....B.";
        let answer = "[[[2,0],[1,1]],[[1,1],[3,3]]]";
        let split = "[[[2,0],[1,1]],\n[[1,1],[3,3]]]\n";
        assert_eq!(
            check(board, answer, split),
            Err("the answer is one line; the output has 2 lines".to_string())
        );
        let after_blank = format!("\n{}\n", answer);
        assert!(check(board, answer, &after_blank).is_err());
        assert_eq!(
            check(board, answer, &format!(" {}", answer)),
            Err("whitespace at character 1 of the answer: it holds no spaces".to_string())
        );
        assert_eq!(
            check(board, answer, " \n\n"),
            Err("empty output".to_string())
        );
    }

    #[test]
    fn accepts_a_different_valid_solution() {
        // Example 3 of the original statement: its printed answer is invalid; this one is checked by hand.
        let board = ".NR.B...N..B..P.";
        let ours = "[[[2,0],[3,1]],[[0,1],[1,3]],[[2,3],[1,3]],[[0,2],[1,3]],[[1,3],[3,1]]]";
        assert_eq!(check(board, ours, ours), Ok(()));
        let seeds = "[[[2,0],[3,1]],[[0,1],[1,3]],[[0,2],[1,3]],[[2,3],[1,3]],[[3,1],[1,3]]]";
        rejects(board, ours, seeds, "move 5 3,1-1,3: pawn cannot reach 1,3");
    }

    #[test]
    fn rejects_a_move_the_piece_type_cannot_make() {
        // Example 2 of the original statement: bishop [1,2], rook [0,1], pawn [1,1], knight [3,0].
        rejects(
            SEED_2,
            "",
            "[[[0,1],[1,2]]]",
            "move 1 0,1-1,2: rook cannot reach 1,2",
        );
        rejects(
            SEED_2,
            "",
            "[[[1,1],[0,1]]]",
            "move 1 1,1-0,1: pawn cannot reach 0,1",
        );
        rejects(
            SEED_2,
            "",
            "[[[3,0],[1,2]]]",
            "move 1 3,0-1,2: knight cannot reach 1,2",
        );
        // The captor keeps its kind: [0,1] now holds the bishop, which cannot take [3,0].
        rejects(
            SEED_2,
            "",
            "[[[1,2],[0,1]],[[0,1],[3,0]]]",
            "move 2 0,1-3,0: bishop cannot reach 3,0",
        );
        // A king two squares away, a bishop along a line, a pawn two squares diagonally.
        rejects(
            "....\n....\nK.P.\n....",
            "",
            "[[[0,1],[2,1]]]",
            "king cannot reach 2,1",
        );
        rejects(
            "....\n....\nB.P.\n....",
            "",
            "[[[0,1],[2,1]]]",
            "bishop cannot reach 2,1",
        );
        rejects(
            "....\n..P.\n....\nP...",
            "",
            "[[[0,0],[2,2]]]",
            "pawn cannot reach 2,2",
        );
        // The same moves by pieces that may make them are fine.
        assert_eq!(
            check("....\n....\nQ.P.\n....", "", "[[[0,1],[2,1]]]"),
            Ok(())
        );
        assert_eq!(
            check("....\n..B.\n....\nP...", "", "[[[0,0],[2,2]]]"),
            Err("move 1 0,0-2,2: pawn cannot reach 2,2".to_string())
        );
        assert_eq!(
            check("....\n..P.\n....\nB...", "", "[[[0,0],[2,2]]]"),
            Ok(())
        );
        assert_eq!(
            check("....\n..P.\n....\nN...", "", "[[[0,0],[2,2]]]"),
            Err("move 1 0,0-2,2: knight cannot reach 2,2".to_string())
        );
        assert_eq!(
            check("....\n..P.\nN...\n....", "", "[[[0,1],[2,2]]]"),
            Ok(())
        );
    }

    #[test]
    fn rejects_a_blocked_slider() {
        // Rook on [0,0], pawn on [1,0], knight on [3,0]: the rook cannot jump the pawn.
        rejects(
            "............RP.N",
            "",
            "[[[0,0],[3,0]],[[3,0],[1,0]]]",
            "move 1 0,0-3,0: rook's path to 3,0 is blocked at 1,0",
        );
        // Queen along a diagonal, bishop along a diagonal.
        rejects(
            "...R..K..Q......",
            "",
            "[[[1,1],[3,3]]]",
            "queen's path to 3,3 is blocked at 2,2",
        );
        rejects(
            "B....P....B.....",
            "",
            "[[[0,3],[2,1]]]",
            "bishop's path to 2,1 is blocked at 1,2",
        );
    }

    #[test]
    fn rejects_capturing_an_empty_square_or_moving_nothing() {
        rejects(SEED_2, "", "[[[0,1],[2,1]]]", "2,1 is empty");
        rejects(
            SEED_2,
            "",
            "[[[2,2],[1,2]]]",
            "move 1 2,2-1,2: no piece on 2,2",
        );
        rejects(SEED_2, "", "[[[1,1],[1,1]]]", "cannot capture itself");
        rejects(SEED_2, "", "[[[1,1],[4,2]]]", "4,2 is off the board");
        // The captured piece is gone afterwards: capturing it again fails.
        rejects(
            SEED_2,
            "",
            "[[[3,0],[1,1]],[[0,1],[3,0]]]",
            "move 2 0,1-3,0: 3,0 is empty",
        );
    }

    #[test]
    fn rejects_two_pieces_left() {
        rejects(
            SEED_2,
            "",
            "[[[3,0],[1,1]],[[0,1],[1,1]]]",
            "after 2 moves 2 pieces remain (1,1 1,2); exactly one must",
        );
        rejects(
            SEED_2,
            "",
            "[]",
            "only right for a single piece; the board has 4",
        );
    }

    #[test]
    fn zero_and_empty_list_rules() {
        let bishops = "B....B..........";
        let apart = "B...B...........";
        // Two bishops on different colours: unsolvable, so 0 is right only if expected.
        assert_eq!(check(apart, "0\n", "0\n"), Ok(()));
        rejects(apart, "0", "[[[0,3],[0,2]]]", "bishop cannot reach 0,2");
        rejects(apart, "0", "[]", "only right for a single piece");
        // Solvable board: 0 is wrong, and the expected answer proves it.
        rejects(bishops, "[[[0,3],[1,2]]]", "0", "can be solved");
        rejects(bishops, "[[[0,3],[0,2]]]", "0", "its answer fails too");
        // A replayable solution against an expected 0 means the sample is wrong.
        rejects(bishops, "0", "[[[1,2],[0,3]]]", "sample's .out is wrong");
        // One piece: [] and nothing else.
        assert_eq!(check(".....Q..........", "[]", "[]\n"), Ok(()));
        rejects(".....Q..........", "[]", "[ ]", "holds no spaces");
        rejects(".....Q..........", "[]", "0", "single piece");
        // Empty board: unsolvable.
        assert_eq!(check("................", "0", "0"), Ok(()));
        rejects("................", "0", "[]", "the board has 0");
    }

    #[test]
    fn rejects_malformed_lists() {
        let good = "[[[3,0],[1,1]],[[0,1],[1,1]],[[1,1],[1,2]]]";
        for (bad, needle) in [
            ("", "empty output"),
            (
                "[[[3,0],[1,1]],[[0,1],[1,1]],[[1,1],[1,2]]",
                "the end of the output",
            ),
            (
                "[[[3,0],[1,1]],[[0,1],[1,1]],[[1,1],[1,2]]]]",
                "nothing after",
            ),
            ("[[[3,0],[1,1]];[[0,1],[1,1]],[[1,1],[1,2]]]", "found ';'"),
            ("[[[3,0],[1,1],[[0,1],[1,1]],[[1,1],[1,2]]]", "expected ']'"),
            (
                "[[[3,0],[1,1]],[[0,1],[1,1]],[[1,1],[1,2]],]",
                "expected '['",
            ),
            ("[[[3,-1],[1,1]]]", "a coordinate"),
            ("[[[3,0,0],[1,1]]]", "expected ']'"),
            ("[[[x,0],[1,1]]]", "a coordinate"),
            ("3,0;1,1", "expected '['"),
            ("3,0 1,1", "whitespace at character 4"),
            ("[[[99999999999999999999,0],[1,1]]]", "too large"),
        ] {
            rejects(SEED_2, good, bad, needle);
        }
        assert_eq!(check(SEED_2, good, good), Ok(()));
    }

    #[test]
    fn a_coordinate_too_large_is_quoted_cut() {
        let digits = "9".repeat(1 << 20);
        let bad = format!("[[[{},0],[1,1]]]", digits);
        let why = check(SEED_2, "[[[3,0],[1,1]]]", &bad).unwrap_err();
        assert_eq!(
            why,
            format!(
                "malformed answer: coordinate {}... ({} more bytes) is too large",
                &digits[..20],
                digits.len() - 20
            )
        );
    }

    #[test]
    fn rejects_a_bad_sample_input() {
        rejects(
            "...N.....R....B",
            "0",
            "0",
            "sample input: expected 16 squares, found 15",
        );
    }
}
