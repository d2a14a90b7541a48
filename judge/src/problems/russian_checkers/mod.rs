//! russian_checkers: every legal move of the side to play in Russian draughts.
//!
//! The input is 8 rows of `.wWbB` (rank 8 first, file a first) and `WHITE` or
//! `BLACK`; the answer is the count of moves, then the moves in byte order.
//! There is one right answer, so it is compared line by line; when it differs,
//! the report also lists the moves missing from the output and the extra ones.

pub mod figure;

use super::{Package, Problem};

mod board;
mod failing;
use board::{is_dark, read};
pub use failing::FAILING;

use crate::rng::Rng;
use std::collections::{BTreeMap, BTreeSet};

/// All the judge knows of russian_checkers, for the table of problems.
pub const PROBLEM: Problem = Problem {
    name: "russian_checkers",
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
        short_name: "russiancheckers",
        title: "Russian Checkers",
        source: "TopCoder, problem \"RussianCheckers\"",
        uuid: "e8c4a4af-db8e-4029-94d2-537ad3e12a21",
        output_validator: None,
        failing: FAILING,
    },
};

/// Accepts `output` when it matches `expected` line by line; otherwise says
/// where it first differs, then which of the side to play's moves are
/// missing, which are extra (not its moves) and which are repeated.
pub fn check(input: &str, expected: &str, output: &str) -> Result<(), String> {
    let Err(first_difference) = crate::lines::check(input, expected, output) else {
        return Ok(());
    };
    let mut why = vec![first_difference];
    // Listing needs the moves in memory: not for a flood of output.
    let printed = moves(output).count();
    if printed > MAX_LISTED {
        why.push(format!(
            "{} moves printed: too many to list the missing and the extra ones",
            printed
        ));
        return Err(why.join("\n"));
    }
    let want: Vec<&str> = moves(expected).collect();
    let got: Vec<&str> = moves(output).collect();
    let missing = minus(&want, &got);
    let extra = minus(&got, &want);
    let side = side_to_play(input).unwrap_or("the side to play");
    if !missing.is_empty() {
        why.push(listed(
            &format!("missing {} of {}'s moves", missing.len(), side),
            &missing,
        ));
    }
    // An extra move is either not a move of the side at all, or a right one
    // printed more than once (`repeated`).
    let legal: BTreeSet<&str> = want.iter().copied().collect();
    let (repeated, wrong): (Vec<&str>, Vec<&str>) = extra.iter().partition(|m| legal.contains(*m));
    if !wrong.is_empty() {
        why.push(listed(
            &format!("extra {}, not {}'s moves", wrong.len(), side),
            &wrong,
        ));
    }
    if !repeated.is_empty() {
        why.push(listed(&format!("repeated {}", repeated.len()), &repeated));
    }
    if missing.is_empty() && extra.is_empty() && want != got {
        why.push("the same moves in another order: they go in byte order".to_string());
    }
    Err(why.join("\n"))
}

/// The side to play as the statement names it, from the input's turn line
/// (line 9); `None` when the input has no such line.
fn side_to_play(input: &str) -> Option<&'static str> {
    match super::tidy_lines(input).get(8).copied()? {
        "WHITE" => Some("White"),
        "BLACK" => Some("Black"),
        _ => None,
    }
}

/// The most moves of an output that are compared one by one.
const MAX_LISTED: usize = 100_000;

/// The move lines of an answer (after the count line), as compared: line
/// ends and trailing blanks dropped, blank lines skipped.
fn moves(text: &str) -> impl Iterator<Item = &str> {
    text.lines()
        .skip(1)
        .map(|line| line.trim_end_matches([' ', '\t', '\r']))
        .filter(|line| !line.is_empty())
}

/// The moves of `a` not matched by one in `b`, each as often as it is
/// missing (a move printed twice is one extra), in byte order.
fn minus<'a>(a: &[&'a str], b: &[&str]) -> Vec<&'a str> {
    let mut left: BTreeMap<&str, i64> = BTreeMap::new();
    for m in b {
        *left.entry(m).or_default() += 1;
    }
    let mut sorted = a.to_vec();
    sorted.sort_unstable();
    sorted
        .into_iter()
        .filter(|m| {
            let n = left.entry(m).or_default();
            *n -= 1;
            *n < 0
        })
        .collect()
}

/// `missing 3 of White's moves: a3-b4 c3-d4 e3-f4`, at most 20 moves shown,
/// each cut after 60 bytes (an extra "move" may be a line of 64 MiB).
fn listed(what: &str, moves: &[&str]) -> String {
    const SHOWN: usize = 20;
    let shown: Vec<String> = moves[..moves.len().min(SHOWN)]
        .iter()
        .map(|m| crate::text::cut(m, 60))
        .collect();
    let mut text = format!("{}: {}", what, shown.join(" "));
    if moves.len() > SHOWN {
        text += &format!(" ... ({} more)", moves.len() - SHOWN);
    }
    text
}

/// The input in the canonical form of the problem package (what
/// `validators/src/bin/validate_russian_checkers.rs` accepts): LF line ends, no
/// byte-order mark, no trailing blanks, no blank lines after the turn. A
/// tolerated variant of a valid input becomes valid; an invalid one stays
/// invalid.
pub fn canonical(input: &str) -> String {
    super::lf_lines(&super::tidy_lines(input))
}

/// The input board with files a–h and ranks 1–8, light squares left blank,
/// and the side to move; `None` when the input is not a board.
pub fn picture(input: &str) -> Option<String> {
    let (board, white_to_move) = read(input)?;
    let mut text = String::new();
    for (row, squares) in board.iter().enumerate() {
        text += &format!("{} ", 8 - row);
        for (file, &c) in squares.iter().enumerate() {
            text.push(' ');
            text.push(if c == b'.' && !is_dark(row, file) {
                ' '
            } else {
                char::from(c)
            });
        }
        text.push('\n');
    }
    text += "   a b c d e f g h\n";
    text += if white_to_move {
        "WHITE to move\n"
    } else {
        "BLACK to move\n"
    };
    Some(text)
}

/// A random valid input: a board of `.wWbB` (no man on its crowning rank)
/// and the side to move. Three kinds of board, sizes mixed from a few
/// pieces to a crowded board (more than 12 a side is allowed, as TopCoder's
/// statement allows it):
/// - anything: random density, random share of kings and of each colour;
/// - king hunts: one or two kings of the side to move among scattered
///   enemies with room behind them, for long branching king chains;
/// - crowning: men of the side to move two or three ranks from the far edge
///   among enemies, for men crowned in the middle of a capture.
pub fn generate(rng: &mut Rng) -> String {
    let white_to_move = rng.chance(50);
    let mover = if white_to_move { b'w' } else { b'b' };
    let enemy = if white_to_move { b'b' } else { b'w' };
    // board[row][file], row 0 = rank 8.
    let mut board = [[b'.'; 8]; 8];
    let dark: Vec<(usize, usize)> = (0..8)
        .flat_map(|row| (0..8).map(move |file| (row, file)))
        .filter(|&(row, file)| is_dark(row, file))
        .collect();
    match rng.below(10) {
        0..=5 => {
            let fill = rng.pick(&[6, 12, 25, 45, 70, 90]);
            let kings = rng.pick(&[0, 0, 10, 30, 60]);
            let white_share = rng.between(25, 75);
            for &(row, file) in &dark {
                if rng.chance(fill) {
                    let man = if rng.chance(white_share) { b'w' } else { b'b' };
                    board[row][file] = if rng.chance(kings) {
                        man.to_ascii_uppercase()
                    } else {
                        man
                    };
                }
            }
        }
        6..=7 => {
            for _ in 0..rng.between(1, 2) {
                let (row, file) = rng.pick(&dark);
                board[row][file] = mover.to_ascii_uppercase();
            }
            let fill = rng.between(15, 40);
            for &(row, file) in &dark {
                if board[row][file] == b'.' && rng.chance(fill) {
                    board[row][file] = if rng.chance(20) {
                        enemy.to_ascii_uppercase()
                    } else {
                        enemy
                    };
                }
            }
        }
        _ => {
            // The far edge is rank 8 (row 0) for White, rank 1 (row 7) for Black.
            let near_far: &[usize] = if white_to_move { &[1, 2] } else { &[5, 6] };
            for &(row, file) in &dark {
                if near_far.contains(&row) && rng.chance(40) {
                    board[row][file] = mover;
                } else if rng.chance(25) {
                    board[row][file] = if rng.chance(15) {
                        enemy.to_ascii_uppercase()
                    } else {
                        enemy
                    };
                }
            }
        }
    }
    crown_men_on_the_last_rank(&mut board);
    render(&board, white_to_move)
}

/// A man on its crowning rank cannot be in a valid input: make it a king.
fn crown_men_on_the_last_rank(board: &mut [[u8; 8]; 8]) {
    for square in board[0].iter_mut().filter(|square| **square == b'w') {
        *square = b'W';
    }
    for square in board[7].iter_mut().filter(|square| **square == b'b') {
        *square = b'B';
    }
}

fn render(board: &[[u8; 8]; 8], white_to_move: bool) -> String {
    let mut text = String::new();
    for row in board {
        text += std::str::from_utf8(row).expect("ASCII board");
        text.push('\n');
    }
    text += if white_to_move { "WHITE\n" } else { "BLACK\n" };
    text
}

/// Smaller inputs for the shrinker: each piece removed, then each king made a
/// man (unless it stands where a man cannot).
pub fn shrink(input: &str) -> Vec<String> {
    let Some((board, white)) = read(input) else {
        return Vec::new();
    };
    let mut smaller = Vec::new();
    for row in 0..8 {
        for file in 0..8 {
            if board[row][file] != b'.' {
                let mut fewer = board;
                fewer[row][file] = b'.';
                smaller.push(render(&fewer, white));
            }
        }
    }
    for row in 0..8 {
        for file in 0..8 {
            let piece = board[row][file];
            let crowning_row = if piece == b'W' { 0 } else { 7 };
            if piece.is_ascii_uppercase() && row != crowning_row {
                let mut weaker = board;
                weaker[row][file] = piece.to_ascii_lowercase();
                smaller.push(render(&weaker, white));
            }
        }
    }
    smaller
}

/// How big an input is: its number of pieces.
pub fn size(input: &str) -> (usize, &'static str) {
    let pieces = input
        .lines()
        .take(8)
        .flat_map(str::bytes)
        .filter(|b| b"wWbB".contains(b))
        .count();
    (pieces, "pieces")
}

#[cfg(test)]
mod tests {
    use super::{check, picture};

    #[test]
    fn a_right_answer_passes() {
        assert!(check("", "2\na3-b4\nc3-d4\n", "2\r\na3-b4\r\nc3-d4").is_ok());
    }

    /// White men on a3, c3 and e3 (the moves below need not be theirs:
    /// the checker compares with the expected answer, not with the board).
    const WHITE_TO_PLAY: &str =
        "........\n........\n........\n........\n........\nw.w.w...\n........\n........\nWHITE\n";

    #[test]
    fn names_the_missing_and_the_extra_moves_and_whose_they_are() {
        let why = check(
            WHITE_TO_PLAY,
            "3\na3-b4\nc3-b4\nc3-d4\n",
            "3\na3-b4\nc3-d4\ne3-f4\n",
        )
        .unwrap_err();
        let lines: Vec<&str> = why.lines().collect();
        assert_eq!(
            lines,
            [
                "line 3: expected \"c3-b4\", got \"c3-d4\"",
                "missing 1 of White's moves: c3-b4",
                "extra 1, not White's moves: e3-f4"
            ]
        );
    }

    #[test]
    fn the_side_to_play_is_read_as_the_rules_read_the_input() {
        let black = WHITE_TO_PLAY.replace("WHITE\n", "BLACK \r\n\n");
        let why = check(&format!("\u{feff}{}", black), "1\na3-b4\n", "0\n").unwrap_err();
        assert!(
            why.ends_with("\nmissing 1 of Black's moves: a3-b4"),
            "{}",
            why
        );
        // No turn line (not a valid input): the lists are still given.
        let why = check("", "1\na3-b4\n", "0\n").unwrap_err();
        assert!(
            why.ends_with("\nmissing 1 of the side to play's moves: a3-b4"),
            "{}",
            why
        );
    }

    #[test]
    fn a_short_list_has_only_missing_moves_and_a_repeated_move_is_named_so() {
        let why = check(WHITE_TO_PLAY, "2\na3-b4\nc3-d4\n", "1\na3-b4\n").unwrap_err();
        assert!(
            why.ends_with("\nmissing 1 of White's moves: c3-d4"),
            "{}",
            why
        );
        assert!(!why.contains("extra"), "{}", why);
        let why = check(WHITE_TO_PLAY, "1\na3-b4\n", "2\na3-b4\na3-b4\n").unwrap_err();
        assert!(why.ends_with("\nrepeated 1: a3-b4"), "{}", why);
        assert!(!why.contains("extra"), "{}", why);
    }

    #[test]
    fn the_same_moves_out_of_order_are_named_so() {
        let why = check("", "2\na3-b4\nc3-d4\n", "2\nc3-d4\na3-b4\n").unwrap_err();
        assert!(why.ends_with("\nthe same moves in another order: they go in byte order"));
    }

    #[test]
    fn a_flood_of_moves_is_not_listed() {
        let flood = format!("1\n{}", "x\n".repeat(super::MAX_LISTED + 1));
        let why = check("", "1\na3-b4\n", &flood).unwrap_err();
        assert!(
            why.ends_with(
                "\n100001 moves printed: too many to list the missing and the extra ones"
            ),
            "{}",
            &why[..200]
        );
    }

    #[test]
    fn a_long_extra_line_is_cut() {
        let long = format!("a3-b4{}", "x".repeat(1 << 20));
        let why = check(WHITE_TO_PLAY, "1\na3-b4\n", &format!("1\n{}\n", long)).unwrap_err();
        assert!(why.len() < 500, "{}", &why[..500]);
        assert!(
            why.ends_with(&format!(
                "{}... ({} more bytes)",
                &long[..60],
                long.len() - 60
            )),
            "{}",
            why
        );
    }

    #[test]
    fn long_lists_are_cut() {
        let want: Vec<String> = (0..30).map(|i| format!("m{:02}", i)).collect();
        let expected = format!("30\n{}\n", want.join("\n"));
        let why = check("", &expected, "0\n").unwrap_err();
        assert!(
            why.contains("missing 30 of the side to play's moves: m00 m01"),
            "{}",
            why
        );
        assert!(why.ends_with("m19 ... (10 more)"), "{}", why);
    }

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
