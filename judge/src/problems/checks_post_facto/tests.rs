//! checks_post_facto's tests: the checker rule by rule, the generator's games, the hard games and the shrinker.

use super::generator::*;
use super::{check, picture};
use super::{generate, turned, HARD_GAMES};
use crate::rng::Rng;

/// An answer (two boards side by side) turned as [`turned`] turns a game:
/// rows and cells in reverse order, colours swapped.
fn turned_answer(answer: &str) -> String {
    let swap = |c: char| match c {
        'w' => 'b',
        'b' => 'w',
        'W' => 'B',
        'B' => 'W',
        c => c,
    };
    let mut rows: Vec<String> = answer
        .lines()
        .map(|row| {
            let boards: Vec<String> = row
                .split(' ')
                .map(|board| board.chars().rev().map(swap).collect())
                .collect();
            boards.join(" ")
        })
        .collect();
    rows.reverse();
    rows.join("\n") + "\n"
}

#[test]
fn a_turned_hard_game_is_as_legal_as_the_game() {
    let answers = [
        include_str!("../../../../samples/checks_post_facto/13-hundred-moves-most-search.out"),
        include_str!("../../../../samples/checks_post_facto/14-deepest-blocker-search.out"),
        include_str!("../../../../samples/checks_post_facto/15-deepest-blocker-search-2.out"),
    ];
    for (game, answer) in HARD_GAMES.iter().zip(answers) {
        assert_eq!(check(game, answer, answer), Ok(()));
        let (game_turned, answer_turned) = (turned(game), turned_answer(answer));
        assert_ne!(&game_turned, game);
        assert_eq!(
            check(&game_turned, "", &answer_turned),
            Ok(()),
            "{}",
            game_turned
        );
        // The sample's answer itself does not fit the turned game.
        assert!(check(&game_turned, "", answer).is_err());
        assert_eq!(&turned(&game_turned), game);
    }
    assert_eq!(turned("B 2\n1-5\n30x23x14\n"), "W 2\n32-28\n3x10x19\n");
}

#[test]
fn about_one_case_in_twenty_is_a_hard_game() {
    let hard: Vec<String> = HARD_GAMES
        .iter()
        .flat_map(|game| [game.to_string(), turned(game)])
        .collect();
    let drawn = (0..1000)
        .filter(|&case| hard.contains(&generate(&mut Rng::for_case(3, case))))
        .count();
    assert!((25..=80).contains(&drawn), "{} hard games of 1000", drawn);
}

const SAMPLE1_IN: &str = "W 3\n21-17\n13x22x31x24\n19x28\n";
const SAMPLE1_OUT: &str = "\
-b-.-.-. -b-.-.-.
.-.-.-.- .-.-.-.-
-.-.-.-. -.-.-.-.
B-.-w-.- .-.-w-.-
-.-.-W-. -.-.-.-.
w-.-.-.- .-.-.-.-
-.-w-w-. -.-.-.-W
.-.-.-.- .-.-.-.-
";
const SAMPLE2_IN: &str = "B 5\n2-7\n9x2\n32-27\n2x11x18\n5-9\n";
const SAMPLE2_OUT: &str = "\
-.-b-.-W -.-.-.-W
b-b-.-.- .-.-.-.-
-w-.-.-. -b-.-.-.
B-w-b-.- B-w-.-.-
-.-.-.-. -.-W-.-.
.-.-.-.- .-.-.-.-
-.-.-.-. -.-.-B-.
.-.-.-B- .-.-.-.-
";

/// An empty answer (both boards empty dark cells).
fn empty_answer() -> String {
    let mut s = String::new();
    for row in 0..8 {
        let half: String = (0..8)
            .map(|col| if (row + col) % 2 == 0 { '-' } else { '.' })
            .collect();
        s.push_str(&format!("{} {}\n", half, half));
    }
    s
}

/// `answer` with square `sq` of the before board (`after == false`) or the after
/// board set to `c`. Written with its own square arithmetic on purpose.
fn with_square(answer: &str, after: bool, sq: usize, c: char) -> String {
    let row = (sq - 1) / 4;
    let col = 2 * ((sq - 1) % 4) + (1 - row % 2);
    let mut lines: Vec<Vec<char>> = answer.lines().map(|l| l.chars().collect()).collect();
    assert!(lines[row][col + if after { 9 } else { 0 }] != '-');
    lines[row][col + if after { 9 } else { 0 }] = c;
    let mut s = String::new();
    for l in lines {
        s.extend(l);
        s.push('\n');
    }
    s
}

/// Sets squares on both boards.
fn with_both(answer: &str, sq: usize, c: char) -> String {
    with_square(&with_square(answer, false, sq, c), true, sq, c)
}

fn rejects(input: &str, output: &str, needles: &[&str]) {
    match check(input, "", output) {
        Ok(()) => panic!("accepted but should not be:\n{}\n{}", input, output),
        Err(e) => {
            for n in needles {
                assert!(e.contains(n), "message {:?} lacks {:?}", e, n);
            }
        }
    }
}

#[test]
fn a_rejected_move_comes_with_the_board_before_it() {
    // Sample 1's answer with the white man on 21 gone: move 1 (21-17) fails.
    let answer = with_square(SAMPLE1_OUT, false, 21, '.');
    let why = check(SAMPLE1_IN, "", &answer).unwrap_err();
    let lines: Vec<&str> = why.lines().collect();
    assert!(lines[0].starts_with("move 1 (21-17): "), "{}", why);
    assert_eq!(lines[1], "the board before that move, White to play:");
    assert_eq!(lines[2], "  -b-.-.-.    1-4");
    assert_eq!(lines[5], "  B-.-w-.-   13-16");
    assert_eq!(lines[7], "  .-.-.-.-   21-24");
    assert_eq!(lines.len(), 10, "{}", why);
}

#[test]
fn picture_numbers_the_squares_and_brackets_the_moves() {
    let board = picture(SAMPLE1_IN).unwrap();
    let lines: Vec<&str> = board.lines().collect();
    assert_eq!(lines[0], "  -   1   -   2   -   3   -   4");
    assert_eq!(lines[3], "[13]  -  14   -  15   -  16   -");
    assert_eq!(lines[4], "  - [17]  -  18   - [19]  -  20");
    assert_eq!(lines[5], "[21]  - [22]  -  23   - [24]  -");
    assert!(picture("W 2\n1-5\n").is_none(), "one move short");
}

#[test]
fn contest_samples_accepted() {
    assert_eq!(check(SAMPLE1_IN, SAMPLE1_OUT, SAMPLE1_OUT), Ok(()));
    assert_eq!(check(SAMPLE2_IN, SAMPLE2_OUT, SAMPLE2_OUT), Ok(()));
}

#[test]
fn a_huge_move_count_is_not_trusted() {
    // Reserving room for this many moves asked for terabytes and aborted.
    let why = check("B 55555555523\n9-13\n", "", SAMPLE1_OUT).unwrap_err();
    assert_eq!(why, "bad input: expected 55555555523 moves, found 1");
    assert!(check("W 18446744073709551615\n", "", SAMPLE1_OUT).is_err());
}

#[test]
fn squares_with_leading_zeros_are_not_in_the_notation() {
    // The solution rejects these inputs too, so both agree.
    for input in [
        "B 1\n09-13\n",
        "B 1\n9-013\n",
        "W 1\n021-17\n",
        "B 1\n9-005\n",
    ] {
        let why = check(input, "", SAMPLE1_OUT).unwrap_err();
        assert!(why.contains("not in the notation"), "{}: {}", input, why);
    }
    assert!(super::parse_square("9").is_some() && super::parse_square("32").is_some());
    assert!(super::parse_square("0").is_none() && super::parse_square("05").is_none());
}

#[test]
fn millions_of_trailing_blank_lines_are_walked_not_collected() {
    let padded = format!("{}{}", SAMPLE1_OUT, "\r\n".repeat(2_000_000));
    assert_eq!(check(SAMPLE1_IN, "", &padded), Ok(()));
    let long_line = format!("{}{}\n", SAMPLE1_OUT, "x".repeat(1_000_000));
    rejects(SAMPLE1_IN, &long_line, &["expected 8 lines, got 9"]);
    let wide = SAMPLE1_OUT.replacen('\n', &format!("{}\n", "-".repeat(1_000_000)), 1);
    let why = check(SAMPLE1_IN, "", &wide).unwrap_err();
    assert!(why.starts_with("line 1: expected 17 characters"), "{}", why);
    assert!(why.len() < 300, "{}", why.len());
}

#[test]
fn tolerated_line_ends() {
    let crlf = SAMPLE1_OUT.replace('\n', "\r\n");
    assert_eq!(check(SAMPLE1_IN, "", &crlf), Ok(()));
    assert_eq!(check(SAMPLE1_IN, "", SAMPLE1_OUT.trim_end()), Ok(()));
    assert_eq!(
        check(SAMPLE1_IN, "", &format!("{}\n\n", SAMPLE1_OUT)),
        Ok(())
    );
    assert_eq!(check(SAMPLE1_IN, "", &format!("{}\r\n\r\n", crlf)), Ok(()));
    let crlf_in = SAMPLE1_IN.replace('\n', "\r\n");
    assert_eq!(check(&crlf_in, "", SAMPLE1_OUT), Ok(()));
    assert_eq!(check(SAMPLE1_IN.trim_end(), "", SAMPLE1_OUT), Ok(()));
    let trailing_blanks = SAMPLE1_OUT.replace('\n', " \t\n") + "  \n";
    assert_eq!(check(SAMPLE1_IN, "", &trailing_blanks), Ok(()));
}

#[test]
fn extra_piece_forcing_a_jump_before_a_simple_move() {
    // A black man on 10 lets the white man on 15 jump 15x6, so 21-17 is illegal.
    let out = with_both(SAMPLE1_OUT, 10, 'b');
    rejects(
        SAMPLE1_IN,
        &out,
        &["move 1 (21-17)", "White must jump", "15x6"],
    );
}

#[test]
fn missing_captured_piece() {
    // Without the white man on 26 the hop 22x31 jumps over nothing.
    let out = with_both(SAMPLE1_OUT, 26, '.');
    rejects(
        SAMPLE1_IN,
        &out,
        &["move 2 (13x22x31x24)", "22x31", "jumped square 26"],
    );
}

#[test]
fn man_on_its_far_row() {
    let black = with_both(SAMPLE1_OUT, 30, 'b');
    rejects(SAMPLE1_IN, &black, &["black man on square 30", "promoted"]);
    let white = with_both(SAMPLE1_OUT, 3, 'w');
    rejects(SAMPLE1_IN, &white, &["white man on square 3", "promoted"]);
    // Kings there are fine.
    let kings = with_both(&with_both(SAMPLE1_OUT, 30, 'B'), 3, 'W');
    assert_eq!(check(SAMPLE1_IN, "", &kings), Ok(()));
}

#[test]
fn wrong_after_board() {
    let out = with_square(SAMPLE1_OUT, true, 28, 'w');
    rejects(
        SAMPLE1_IN,
        &out,
        &["square 28 holds a white king", "shows a white man"],
    );
    let out = with_square(SAMPLE2_OUT, true, 1, 'b');
    rejects(
        SAMPLE2_IN,
        &out,
        &["square 1 holds nothing", "shows a black man"],
    );
    // The captured piece left on the after board.
    let out = with_square(SAMPLE1_OUT, true, 24, 'B');
    rejects(SAMPLE1_IN, &out, &["square 24 holds nothing"]);
}

#[test]
fn wrong_colour_mover() {
    let input = SAMPLE1_IN.replacen('W', "B", 1);
    rejects(
        &input,
        SAMPLE1_OUT,
        &["move 1 (21-17)", "Black is to move", "white man"],
    );
    // The moves alternate: a second move by the same side is refused.
    rejects(
        "W 2\n21-17\n17-14\n",
        &empty_answer(),
        &["move 1 (21-17)", "holds nothing"],
    );
    let start = with_square(&empty_answer(), false, 21, 'w');
    let end = with_square(&start, true, 14, 'w');
    rejects(
        "W 2\n21-17\n17-14\n",
        &end,
        &["move 2 (17-14)", "Black is to move"],
    );
}

#[test]
fn jump_not_taken_to_completion() {
    // With 15 empty, the black king landing on 24 could go on over 19 to 15.
    let out = with_both(SAMPLE1_OUT, 15, '.');
    rejects(
        SAMPLE1_IN,
        &out,
        &["move 2 (13x22x31x24)", "piece on 24 can still jump: 24x15"],
    );
}

#[test]
fn promotion_ends_the_turn() {
    // Black man on 22 jumps 26 and lands on 31, the bottom row: promoted, turn over,
    // although as a king it could jump 27 next.
    let start = with_both(&with_both(&empty_answer(), 26, 'w'), 27, 'w');
    let before = with_square(&start, false, 22, 'b');
    let done = with_square(&with_square(&before, true, 26, '.'), true, 31, 'B');
    assert_eq!(check("B 1\n22x31\n", "", &done), Ok(()));
    // Going on after the promotion is illegal.
    let more = with_square(&with_square(&done, true, 31, '.'), true, 27, '.');
    let more = with_square(&more, true, 24, 'B');
    rejects(
        "B 1\n22x31x24\n",
        &more,
        &["promoted on 31", "ends the turn"],
    );
    // A man reaching the far row by a simple move becomes a king.
    let simple = with_square(&with_square(&empty_answer(), false, 6, 'w'), true, 2, 'W');
    assert_eq!(check("W 1\n6-2\n", "", &simple), Ok(()));
    let unpromoted = with_square(&simple, true, 2, 'w');
    rejects("W 1\n6-2\n", &unpromoted, &["square 2 holds a white king"]);
}

#[test]
fn men_go_forward_only() {
    let back = with_square(&with_square(&empty_answer(), false, 17, 'w'), true, 21, 'w');
    rejects(
        "W 1\n17-21\n",
        &back,
        &["move 1 (17-21)", "white man cannot move backwards"],
    );
    let king = with_square(&with_square(&empty_answer(), false, 17, 'W'), true, 21, 'W');
    assert_eq!(check("W 1\n17-21\n", "", &king), Ok(()));
    // A black man jumping up the board.
    let out = with_square(
        &with_square(&empty_answer(), false, 22, 'b'),
        false,
        18,
        'w',
    );
    let out = with_square(&out, true, 15, 'b');
    rejects("B 1\n22x15\n", &out, &["black man cannot jump backwards"]);
}

#[test]
fn simple_and_jump_geometry() {
    let start = with_square(&empty_answer(), false, 21, 'W');
    // Not neighbours.
    rejects(
        "W 1\n21-14\n",
        &with_square(&start, true, 14, 'W'),
        &["not diagonal neighbours"],
    );
    // Target occupied.
    let blocked = with_both(&start, 17, 'b');
    rejects(
        "W 1\n21-17\n",
        &blocked,
        &["target square 17 holds a black man"],
    );
    // A jump of one step.
    rejects(
        "W 1\n21x17\n",
        &with_square(&start, true, 17, 'W'),
        &["21x17 is not a jump"],
    );
    // Jumping an own piece.
    let own = with_both(&start, 17, 'w');
    rejects(
        "W 1\n21x14\n",
        &with_square(&own, true, 14, 'W'),
        &["holds a white man, not an enemy"],
    );
    // Landing occupied.
    let land = with_both(&with_both(&start, 17, 'b'), 14, 'b');
    rejects(
        "W 1\n21x14\n",
        &land,
        &["landing square 14 holds a black man"],
    );
}

#[test]
fn chain_through_its_own_start_square() {
    // White king on 14 circles over 18, 19, 11, 10 back to 14.
    let mut out = with_square(&empty_answer(), false, 14, 'W');
    for sq in [18, 19, 11, 10] {
        out = with_square(&out, false, sq, 'b');
    }
    out = with_square(&out, true, 14, 'W');
    assert_eq!(check("W 1\n14x23x16x7x14\n", "", &out), Ok(()));
}

#[test]
fn malformed_board_lines() {
    let lines: Vec<&str> = SAMPLE1_OUT.lines().collect();
    let rebuild = |i: usize, new: &str| -> String {
        let mut v: Vec<String> = lines.iter().map(|s| s.to_string()).collect();
        v[i] = new.to_string();
        v.join("\n") + "\n"
    };
    let cases: Vec<(String, &str)> = vec![
        (
            rebuild(2, "-.-.-.-.-.-.-.-."),
            "line 3: expected 17 characters",
        ),
        (
            rebuild(2, "-.-.-.-.  -.-.-.-."),
            "line 3: expected 17 characters",
        ),
        (rebuild(2, "-.-.-.-.\t-.-.-.-."), "line 3: expected a space"),
        (
            rebuild(2, " -.-.-.-. -.-.-.-."),
            "line 3: expected 17 characters",
        ),
        (
            rebuild(2, "-.-.-.-. -.-.-.-x"),
            "line 3, after board, cell 8",
        ),
        (
            rebuild(2, "-.-.-x-. -.-.-.-."),
            "line 3, before board, cell 6 (square 11)",
        ),
        (
            rebuild(2, "..-.-.-. -.-.-.-."),
            "line 3, before board, cell 1: a light cell",
        ),
        (
            rebuild(2, "-.-.-.-. -.-.-.-é"),
            "line 3, after board, cell 8",
        ),
        (rebuild(2, "-.-.-.-.é-.-.-.-."), "line 3: expected a space"),
        (format!("\n{}", SAMPLE1_OUT), "expected 8 lines, got 9"),
        (lines[..7].join("\n"), "expected 8 lines, got 7"),
        (format!("{}x\n", SAMPLE1_OUT), "expected 8 lines, got 9"),
        (String::new(), "expected 8 lines, got 0"),
        ("\n\n\n".to_string(), "expected 8 lines, got 0"),
        ("\r".to_string(), "expected 8 lines, got 0"),
    ];
    for (out, needle) in cases {
        rejects(SAMPLE1_IN, &out, &[needle]);
    }
}

#[test]
fn garbage_never_panics() {
    let mut rng = Rng(7);
    let alphabet: Vec<char> = "-.bwBW \n\r\txé0".chars().collect();
    for _ in 0..3000 {
        let len = rng.below(200) as usize;
        let mut s: String = (0..len)
            .map(|_| alphabet[rng.below(alphabet.len() as u64) as usize])
            .collect();
        if rng.below(2) == 0 {
            // Mostly-valid: perturb a real answer.
            let mut chars: Vec<char> = SAMPLE2_OUT.chars().collect();
            for _ in 0..1 + rng.below(3) {
                let i = rng.below(chars.len() as u64) as usize;
                chars[i] = alphabet[rng.below(alphabet.len() as u64) as usize];
            }
            s = chars.into_iter().collect();
        }
        let _ = check(SAMPLE2_IN, "", &s);
        let _ = check(&s, "", SAMPLE2_OUT);
    }
    for bad_input in [
        "",
        "W",
        "W 0",
        "X 1\n1-5",
        "W 2\n21-17",
        "W 1\n21-17\n5-9",
        "W 1\n33-28",
        "W 1\n0-5",
        "W 1\n21-",
        "W 1\n21x",
        "W 1\n21-17-14",
        "W 1\n21x17-14",
        "W 1\n+1-5",
        "W 1\n21",
        "W 1\n021-17",
        "W -1\n1-5",
    ] {
        match check(bad_input, "", SAMPLE1_OUT) {
            Err(e) => assert!(e.starts_with("bad input: "), "{:?} -> {}", bad_input, e),
            Ok(()) => panic!("accepted bad input {:?}", bad_input),
        }
    }
}

/// Every reference answer in `samples/checks_post_facto/` must itself pass.
#[test]
fn sample_answers_pass_checker() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join("samples")
        .join("checks_post_facto");
    let mut seen = 0;
    for entry in std::fs::read_dir(&dir).expect("samples directory") {
        let path = entry.unwrap().path();
        if path.extension().map_or(true, |e| e != "in") {
            continue;
        }
        let input = std::fs::read_to_string(&path).unwrap();
        let answer = std::fs::read_to_string(path.with_extension("out"))
            .unwrap_or_else(|_| panic!("{} has no .out", path.display()));
        if let Err(e) = check(&input, &answer, &answer) {
            panic!("{}: its .out is rejected: {}", path.display(), e);
        }
        seen += 1;
    }
    println!("{} sample answers accepted", seen);
}

/// The answer made of the game's true start and end.
fn true_answer(game: &Game) -> String {
    let mut s = String::new();
    for r in 0..8 {
        s.push_str(std::str::from_utf8(&game.start[r]).unwrap());
        s.push(' ');
        s.push_str(std::str::from_utf8(&game.end[r]).unwrap());
        s.push('\n');
    }
    s
}

#[test]
#[ignore = "long (13 s on a busy 2-core machine): CI runs it, as does \
            cargo test --workspace -- --include-ignored"]
fn generated_games_true_positions_accepted() {
    let mut rng = Rng(0x5EED_C0DE);
    let (mut moves, mut captures, mut multi, mut full) = (0, 0, 0, 0);
    let games = 4000;
    for _ in 0..games {
        let game = random_game(&mut rng);
        let answer = true_answer(&game);
        if let Err(e) = check(&game.input, "", &answer) {
            panic!("true positions rejected: {}\n{}\n{}", e, game.input, answer);
        }
        moves += game.moves;
        captures += game.captures;
        multi += game.multi_jumps;
        if game.moves == 100 {
            full += 1;
        }
    }
    println!(
        "{} games, {} moves ({} games of 100 moves), {} captures, {} multi-jump moves",
        games, moves, full, captures, multi
    );
}

// ---- The checker against a second, naive judge ----------------------------------------
//
// The naive judge replays a move list with the generator's own move generation: each
// move must be one of the side's legal moves (all full jump chains when a jump exists,
// else the simple moves), found by its notation. It shares nothing with the checker.

fn naive_accepts(input: &str, start: &Grid, end: &Grid) -> bool {
    for (r, row) in start.iter().enumerate() {
        for (c, &x) in row.iter().enumerate() {
            // A man on its far row would have been promoted already.
            if dark(r, c) && reaches_far_row(x, r) {
                return false;
            }
        }
    }
    let mut lines = input.lines();
    let mut black = lines.next().unwrap().starts_with('B');
    let mut g = *start;
    for text in lines {
        let moves = legal_moves(&g, black);
        match moves.iter().find(|m| m.notation() == text) {
            Some(m) => g = apply(&g, m).0,
            None => return false,
        }
        black = !black;
    }
    g == *end
}

/// Sets a random dark cell of `g` to a random dark-cell symbol; returns the cell.
fn scribble(rng: &mut Rng, g: &mut Grid) -> (usize, usize) {
    let r = rng.below(8) as usize;
    let c = 2 * rng.below(4) as usize + (1 - r % 2);
    g[r][c] = b".bwBW"[rng.below(5) as usize];
    (r, c)
}

#[test]
#[ignore = "long (12 s on a busy 2-core machine): CI runs it, as does \
            cargo test --workspace -- --include-ignored"]
fn checker_agrees_with_naive_judge_on_mutated_answers() {
    let mut rng = Rng(0xA6EE);
    let (mut valid, mut invalid) = (0, 0);
    for _ in 0..2000 {
        let game = random_game(&mut rng);
        for _ in 0..4 {
            let mut m = game.clone();
            for _ in 0..1 + rng.below(3) {
                match rng.below(4) {
                    0 => {
                        scribble(&mut rng, &mut m.start);
                    }
                    1 => {
                        scribble(&mut rng, &mut m.end);
                    }
                    // The same change on both boards: valid exactly when no move
                    // touches the square and it creates or breaks no compulsory jump.
                    _ => {
                        let (r, c) = scribble(&mut rng, &mut m.start);
                        m.end[r][c] = m.start[r][c];
                    }
                }
            }
            let answer = true_answer(&m);
            let naive = naive_accepts(&m.input, &m.start, &m.end);
            let verdict = check(&m.input, "", &answer);
            assert_eq!(
                verdict.is_ok(),
                naive,
                "checker says {:?}, naive judge says {}\n{}\n{}",
                verdict,
                naive,
                m.input,
                answer
            );
            if naive {
                valid += 1;
            } else {
                invalid += 1;
            }
        }
    }
    println!(
        "mutated answers: {} valid, {} invalid, all agreed",
        valid, invalid
    );
    assert!(valid > 500 && invalid > 500);
}

// ---- The solver against the checker ------------------------------------------------

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Compiles `checks_post_facto/src/main.rs` (or the file named by `CPF_SOLVER_SRC`)
/// with plain `rustc -O`, as a judge would.
fn build_solver(dir: &Path) -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let src = match std::env::var("CPF_SOLVER_SRC") {
        Ok(path) => PathBuf::from(path),
        Err(_) => root.join("checks_post_facto").join("src").join("main.rs"),
    };
    std::fs::create_dir_all(dir).expect("create the temporary directory");
    let exe = dir.join("checks_post_facto");
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_string());
    let out = Command::new(rustc)
        .arg("-O")
        .arg("-o")
        .arg(&exe)
        .arg(&src)
        .output()
        .expect("run rustc");
    assert!(
        out.status.success(),
        "rustc -O {} failed:\n{}",
        src.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    exe
}

/// Runs the solver on `input` with a time limit: its standard output and wall time,
/// or what went wrong.
fn run_solver(exe: &Path, input: &str) -> Result<(String, Duration), String> {
    const LIMIT: Duration = Duration::from_secs(10);
    let started = Instant::now();
    let mut child = Command::new(exe)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start the solver: {}", e))?;
    let mut stdin = child.stdin.take().unwrap();
    // The input is small; a solver that exits without reading it is not our concern.
    let _ = stdin.write_all(input.as_bytes());
    drop(stdin);
    let reader = |mut pipe: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut v = Vec::new();
            let _ = (&mut pipe).take(1 << 20).read_to_end(&mut v);
            v
        })
    };
    let out = reader(Box::new(child.stdout.take().unwrap()));
    let err = reader(Box::new(child.stderr.take().unwrap()));
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) if started.elapsed() > LIMIT => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(format!("no answer within {:?}", LIMIT));
            }
            Ok(None) => std::thread::sleep(Duration::from_micros(50)),
            Err(e) => return Err(format!("waiting for the solver: {}", e)),
        }
    };
    let elapsed = started.elapsed();
    let stdout = String::from_utf8_lossy(&out.join().unwrap()).into_owned();
    let stderr = String::from_utf8_lossy(&err.join().unwrap()).into_owned();
    if !status.success() {
        return Err(format!(
            "the solver failed ({}): {}",
            status,
            stderr.trim_end()
        ));
    }
    Ok((stdout, elapsed))
}

/// The solver's answer to `game` must pass the checker.
fn judge_game(exe: &Path, game: &Game) -> Result<Duration, String> {
    let (answer, time) = run_solver(exe, &game.input)?;
    check(&game.input, "", &answer)
        .map_err(|e| format!("{}\n--- the solver's answer ---\n{}", e, answer))?;
    Ok(time)
}

/// Writes `game` as a judge sample `<dir>/<name>.in` with a valid answer in `.out`.
fn write_sample(dir: &Path, name: &str, game: &Game) {
    std::fs::write(dir.join(format!("{}.in", name)), &game.input).unwrap();
    std::fs::write(dir.join(format!("{}.out", name)), true_answer(game)).unwrap();
}

const SOLVER_SEED: u64 = 0xC4EC_5F0C;
const SOLVER_GAMES: usize = 5000;

/// Writes the games of the solver proof as `<CPF_DUMP_DIR>/game-NNNN.in` with their
/// true answers in `.out`, for studying the solver outside the test (run with
/// `--ignored`); without `CPF_DUMP_DIR`, into a folder of its own that it removes.
/// Every game written must read back as a valid sample: its answer accepted by the
/// checker. The `gen-*` samples were picked from these games: the ones on which the
/// solver's blocker search backtracked most, ones on which filling every blocker with
/// one colour fails (for either colour), the 100-move game with the most captures and
/// the one with the most compulsory-capture constraints.
#[test]
#[ignore = "a tool as much as a test (CPF_DUMP_DIR=<folder> keeps the games), and long: \
            CI runs it, as does cargo test --workspace -- --include-ignored"]
fn dump_solver_games() {
    let (dir, keep) = match std::env::var("CPF_DUMP_DIR") {
        Ok(dir) => (PathBuf::from(dir), true),
        Err(_) => (
            std::env::temp_dir().join(format!("cpf-dump-{}", std::process::id())),
            false,
        ),
    };
    std::fs::create_dir_all(&dir).unwrap();
    let mut rng = Rng(SOLVER_SEED);
    for i in 0..SOLVER_GAMES {
        write_sample(&dir, &format!("game-{:04}", i), &random_game(&mut rng));
    }
    for i in 0..SOLVER_GAMES {
        let read = |ext: &str| std::fs::read_to_string(dir.join(format!("game-{:04}.{}", i, ext)));
        let (input, answer) = (read("in").unwrap(), read("out").unwrap());
        if let Err(e) = check(&input, "", &answer) {
            panic!(
                "game {} does not read back: {}\n{}\n{}",
                i, e, input, answer
            );
        }
    }
    if !keep {
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

/// The proof of the solver: 5000 random legal games, every answer checked; prints the
/// first failures in full, and the slowest runs (wall time, mostly process start-up).
/// `CPF_SOLVER_SRC=<file>` tests another solver source instead of the workspace's.
#[test]
#[ignore = "long (25 s on a busy 2-core machine): CI runs it, as does \
            cargo test --workspace -- --include-ignored"]
fn solver_answers_pass_checker() {
    let dir = std::env::temp_dir().join(format!("cpfc-solver-{}", std::process::id()));
    let exe = build_solver(&dir);
    let mut rng = Rng(SOLVER_SEED);
    let games = SOLVER_GAMES;
    let (mut played, mut failures, mut moves, mut captures) = (0, 0, 0, 0);
    let mut total = Duration::ZERO;
    // The slowest games so far, slowest first.
    let mut slowest: Vec<(Duration, Game)> = Vec::new();
    for i in 0..games {
        let game = random_game(&mut rng);
        played += 1;
        moves += game.moves;
        captures += game.captures;
        match judge_game(&exe, &game) {
            Ok(time) => {
                total += time;
                slowest.push((time, game));
                slowest.sort_by_key(|s| std::cmp::Reverse(s.0));
                slowest.truncate(5);
            }
            Err(e) => {
                failures += 1;
                if failures <= 5 {
                    eprintln!(
                        "=== game {} FAILED: {}\n--- input ---\n{}--- a valid answer (the \
                         game's true start and end) ---\n{}",
                        i,
                        e,
                        game.input,
                        true_answer(&game)
                    );
                }
                if failures >= 25 {
                    eprintln!("stopping after {} failures", failures);
                    break;
                }
            }
        }
    }
    println!(
        "{} games ({} moves, {} captures), {} failures; solver time {:?} in all",
        played, moves, captures, failures, total
    );
    for (time, game) in &slowest {
        println!(
            "slow: {:?} for {} moves, {} captures",
            time, game.moves, game.captures
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(
        failures, 0,
        "the solver failed on {} of {} games (the first ones are printed above)",
        failures, played
    );
}
