//! Tests of the solution in `main.rs`: the input as the statement allows
//! it, the rules one small game at a time, and random legal games played
//! by a naive second player; each answer checked by an independent referee.

use super::*;

/// The answer to `bytes`, read as the program reads standard input.
fn run(bytes: &[u8]) -> Result<String, String> {
    read_input(&mut &bytes[..]).and_then(|input| answer_to(&input))
}

/// The answer to `text`, read as the program reads standard input.
fn answer(text: &str) -> Result<String, String> {
    run(text.as_bytes())
}

/// The contest's first sample.
const CANONICAL: &str = "W 3\n21-17\n13x22x31x24\n19x28\n";

/// A CR is part of a line end only right before a LF; anywhere else it is a
/// character that no line may hold.
#[test]
fn a_cr_not_before_a_lf_is_an_error() {
    let expected = answer(CANONICAL).unwrap();
    let good = format!("{}\r\n \r\n\t\r\n\r\n", CANONICAL);
    assert_eq!(answer(&good), Ok(expected));
    let bad = [
        (format!("{}\r\n \r\n\r\r\n\r\n", CANONICAL), 7),
        ("W\r1\n21-17\n".to_string(), 1),
        ("W 1\r\r\n21-17\n".to_string(), 1),
        ("W 1\n21-\r17\n".to_string(), 2),
        ("W 1\n21-17\r \n".to_string(), 2),
        ("W 1\n21-17\n\r \n".to_string(), 3),
    ];
    for (input, line) in bad.iter() {
        let why = answer(input).unwrap_err();
        assert!(
            why.starts_with(&format!("line {}: ", line)),
            "{:?}: {}",
            input,
            why
        );
    }
}

/// No LF follows a CR that ends the input, so it ends no line: it is an
/// error on the last line like a CR anywhere else.
#[test]
fn a_cr_as_the_very_last_byte_is_an_error() {
    assert_eq!(
        answer("W 1\n21-17\r").unwrap_err(),
        "line 2: expected a move such as `9-13` or `9x18x25`, found \"21-17\\r\""
    );
    assert_eq!(
        answer("W 1\n21-17\n\r").unwrap_err(),
        "line 3: expected end of input after 1 moves, found \"\\r\""
    );
    assert_eq!(
        answer("W 1\n21-17\n\n \t\r").unwrap_err(),
        "line 4: expected end of input after 1 moves, found \"\\r\""
    );
    assert!(answer("W 1\r")
        .unwrap_err()
        .starts_with("line 1: expected `B n`"));
}

/// The contest's first sample padded with blank lines (`filler`, then LFs)
/// to `bytes` bytes in all.
fn padded(filler: &str, bytes: usize) -> String {
    let mut text = CANONICAL.to_string();
    while text.len() + filler.len() <= bytes {
        text.push_str(filler);
    }
    while text.len() < bytes {
        text.push('\n');
    }
    text
}

#[test]
fn an_input_of_exactly_one_mib_is_read() {
    let expected = answer(CANONICAL).unwrap();
    for filler in ["\n", "\r\n", " \t\r\n"].iter() {
        let text = padded(filler, 1 << 20);
        assert_eq!(text.len(), MAX_INPUT);
        assert_eq!(answer(&text), Ok(expected.clone()), "{:?}", filler);
        // The byte-order mark counts: it is input.
        let with_mark = format!("\u{FEFF}{}", padded(filler, MAX_INPUT - 3));
        assert_eq!(with_mark.len(), MAX_INPUT);
        assert_eq!(answer(&with_mark), Ok(expected.clone()));
    }
}

#[test]
fn one_byte_more_is_refused_in_one_line() {
    let refused = "expected at most 1048576 bytes of input, found more";
    for filler in ["\n", "\r\n", " \t\r\n"].iter() {
        let text = padded(filler, MAX_INPUT + 1);
        assert_eq!(answer(&text), Err(refused.to_string()), "{:?}", filler);
    }
    // Refused before anything in it is looked at, valid or not.
    let mut garbage = vec![0xFF; 4 << 20];
    garbage[..4].copy_from_slice(b"W 1\n");
    assert_eq!(run(&garbage), Err(refused.to_string()));
}

/// The statement's Input section, case by case: each variant it
/// tolerates gets the canonical input's answer, each input it rejects
/// fails on the line it names.
#[test]
fn the_statement_input_section_holds() {
    let canonical = "W 3\n21-17\n13x22x31x24\n19x28\n";
    let expected = answer(canonical).unwrap();
    let tolerated = [
        canonical.replace('\n', "\r\n"),
        canonical.trim_end().to_string(),
        canonical.replace('\n', " \t\n"),
        canonical.replace('\n', "\t \r\n"),
        canonical.replace("\n", "\n \t"),
        format!(" \t{}", canonical),
        canonical.replace(
            "\n",
            &format!("{}\n{}", " ".repeat(1000), "\t".repeat(1000)),
        ),
        format!("{}\n \n\t\r\n", canonical),
        format!("\u{FEFF}{}", canonical),
        format!("\u{FEFF} \t{}", canonical),
    ];
    for text in tolerated.iter() {
        assert_eq!(answer(text), Ok(expected.clone()), "{:?}", text);
    }
    let rejected: Vec<(Vec<u8>, usize)> = vec![
        // Bytes that are not UTF-8; a byte-order mark not at the very start.
        (b"W 1\n21-17\n\xFF\n".to_vec(), 3),
        (b" \xEF\xBB\xBFB 1\n18-14\n".to_vec(), 1),
        (b"\xEF\xBB\xBF\xEF\xBB\xBFB 1\n18-14\n".to_vec(), 1),
        // A first line other than `B n` or `W n`, 1 <= n <= 100.
        (b"b 1\n18-14\n".to_vec(), 1),
        (b"B1\n18-14\n".to_vec(), 1),
        (b"B  1\n18-14\n".to_vec(), 1),
        (b"B\t1\n18-14\n".to_vec(), 1),
        (b"B 01\n18-14\n".to_vec(), 1),
        (b"B +1\n18-14\n".to_vec(), 1),
        (b"B 0\n".to_vec(), 1),
        (b"B 101\n".to_vec(), 1),
        (b"B\n18-14\n".to_vec(), 1),
        (b"B 1\x0C\n18-14\n".to_vec(), 1),
        // Fewer than n moves, a blank line among them, a line after them.
        (b"B 2\n18-14\n".to_vec(), 3),
        (b"B 2\n18-14\n\n9-13\n".to_vec(), 3),
        (b"B 1\n18-14\n9-13\n".to_vec(), 3),
        (b"B 1\n18-14\n\n\x0C\n".to_vec(), 4),
        (b"B 1\n18-14\n\r\r\n".to_vec(), 3),
        (b"B 1\n18-14\n\r".to_vec(), 3),
        // A move not in the notation, or a square outside 1 to 32.
        (b"B 1\n18 -14\n".to_vec(), 2),
        (b"B 1\n18-14-10\n".to_vec(), 2),
        (b"B 1\n9x18-27\n".to_vec(), 2),
        (b"B 1\n9X18\n".to_vec(), 2),
        (b"B 1\n05-9\n".to_vec(), 2),
        (b"B 1\n+5-9\n".to_vec(), 2),
        (b"B 1\n33-29\n".to_vec(), 2),
        (b"B 1\n18-14\r \n".to_vec(), 2),
        (b"B 1\n18-14\r".to_vec(), 2),
        (b"B 1\r\r\n18-14\n".to_vec(), 1),
        (b"B 1\n\x0C18-14\n".to_vec(), 2),
        ("B 1\n18-14\u{A0}\n".as_bytes().to_vec(), 2),
        // Steps that are not diagonal.
        (b"B 1\n18-19\n".to_vec(), 2),
        (b"B 1\n18x26\n".to_vec(), 2),
        // A move list that no starting position explains.
        (b"B 2\n18-22\n18-23\n".to_vec(), 3),
    ];
    for (bytes, line) in rejected.iter() {
        let why = run(bytes).expect_err(&format!("accepted {:?}", bytes));
        assert!(
            why.starts_with(&format!("line {}: ", line)),
            "{:?} for {:?}",
            why,
            String::from_utf8_lossy(bytes)
        );
    }
}

// --- reading lines ---

/// Every line of `text` as `lines` hands it out, its number checked.
fn lines_of(text: &str) -> Vec<&str> {
    let numbered = lines(text).enumerate();
    numbered
        .map(|(at, (number, line))| {
            assert_eq!(number, at + 1);
            line
        })
        .collect()
}

/// The whole of `bytes` as the program reads it.
fn input_of(bytes: &[u8]) -> Result<String, String> {
    read_input(&mut &bytes[..])
}

#[test]
fn lines_lose_their_ends_and_the_blanks_at_either_end() {
    assert_eq!(lines_of(""), Vec::<&str>::new());
    assert_eq!(lines_of("\n"), vec![""]);
    assert_eq!(
        lines_of("a b \t\r\n \tc\r\n\nd"),
        vec!["a b", " \tc", "", "d"]
    );
    assert_eq!(lines_of("a\rb\r\r\n"), vec!["a\rb\r"]);
    // The blanks that start a line go as the game is read.
    assert_eq!(answer(" \tW 1\n\t 21-17 \n \n"), answer("W 1\n21-17\n"));
}

#[test]
fn a_byte_order_mark_at_the_start_is_skipped() {
    assert_eq!(input_of(b"\xEF\xBB\xBFab\n"), Ok("ab\n".to_string()));
    // Only at the start, and only one: elsewhere it is a character like any other.
    assert_eq!(input_of(b"a\xEF\xBB\xBF\n"), Ok("a\u{FEFF}\n".to_string()));
    assert_eq!(
        input_of(b"a\n\xEF\xBB\xBFb"),
        Ok("a\n\u{FEFF}b".to_string())
    );
    assert_eq!(
        input_of(b"\xEF\xBB\xBF\xEF\xBB\xBFab"),
        Ok("\u{FEFF}ab".to_string())
    );
}

#[test]
fn a_byte_that_is_not_utf8_is_reported_on_its_line() {
    let why = input_of(b"ok\nok\nbad\xFF\n").unwrap_err();
    assert_eq!(why, "line 3: expected UTF-8 text, found the byte 0xFF");
    // A character cut short by the end of the input is on its line too.
    let why = input_of(b"\xEF\xBB\xBFok\n\xC3").unwrap_err();
    assert_eq!(why, "line 2: expected UTF-8 text, found the byte 0xC3");
}

#[test]
fn blanks_inside_a_line_count_however_many() {
    // Inside a line they are part of it: here they make the move wrong.
    let inside = format!("W 1\n21-{}17\n", " ".repeat(10_000));
    assert_eq!(
        answer(&inside).unwrap_err(),
        format!(
            "line 2: expected a move such as `9-13` or `9x18x25`, found {:?}...",
            format!("21-{}", " ".repeat(17))
        )
    );
    // At either end of a line they go, however many, and a line of nothing
    // else is blank.
    let padded = format!("{b}W 1{b}\n{b}21-17{b}\n{b}\n", b = " \t".repeat(5_000));
    assert_eq!(answer(&padded), answer("W 1\n21-17\n"));
}

#[test]
fn long_offending_text_is_cut() {
    let long = "x".repeat(1_000_000);
    assert_eq!(shown(&long), format!("{:?}...", "x".repeat(20)));
    assert_eq!(shown(&"x".repeat(20)), format!("{:?}", "x".repeat(20)));
}

#[test]
fn control_characters_in_offending_text_are_escaped() {
    assert_eq!(shown("a\tb\r"), "\"a\\tb\\r\"");
}

// ---- An independent referee: replays the moves on the printed "before" board, cell by cell,
// and compares with the printed "after" board. It shares nothing with the solver.

type Grid = Vec<Vec<char>>;

/// The dark cells in reading order: square k is entry k - 1.
fn dark_cells() -> Vec<(i32, i32)> {
    let mut cells = Vec::new();
    for r in 0..8 {
        for c in 0..8 {
            if (r + c) % 2 == 1 {
                cells.push((r, c));
            }
        }
    }
    cells
}

fn is_black(ch: char) -> bool {
    ch == 'b' || ch == 'B'
}

fn is_white(ch: char) -> bool {
    ch == 'w' || ch == 'W'
}

fn owned_by(ch: char, black: bool) -> bool {
    if black {
        is_black(ch)
    } else {
        is_white(ch)
    }
}

fn get(grid: &Grid, r: i32, c: i32) -> Option<char> {
    if (0..8).contains(&r) && (0..8).contains(&c) {
        Some(grid[r as usize][c as usize])
    } else {
        None
    }
}

/// Row directions the piece may move in.
fn row_dirs(ch: char) -> Vec<i32> {
    match ch {
        'b' => vec![1],
        'w' => vec![-1],
        _ => vec![1, -1],
    }
}

fn can_capture_from(grid: &Grid, r: i32, c: i32) -> bool {
    let me = grid[r as usize][c as usize];
    for dr in row_dirs(me) {
        for dc in [-1, 1].iter() {
            let victim = get(grid, r + dr, c + dc);
            let landing = get(grid, r + 2 * dr, c + 2 * dc);
            if let (Some(v), Some('.')) = (victim, landing) {
                if owned_by(v, !is_black(me)) {
                    return true;
                }
            }
        }
    }
    false
}

fn side_can_capture(grid: &Grid, black: bool) -> bool {
    dark_cells()
        .into_iter()
        .any(|(r, c)| owned_by(grid[r as usize][c as usize], black) && can_capture_from(grid, r, c))
}

fn crowned(ch: char, r: i32) -> bool {
    (ch == 'b' && r == 7) || (ch == 'w' && r == 0)
}

fn split_boards(output: &str) -> Result<(Grid, Grid), String> {
    let lines: Vec<&str> = output.lines().collect();
    if lines.len() != 8 || !output.ends_with('\n') {
        return Err(format!("expected 8 newline-ended lines, got {:?}", output));
    }
    let (mut before, mut after) = (Vec::new(), Vec::new());
    for (r, line) in lines.iter().enumerate() {
        let chars: Vec<char> = line.chars().collect();
        if chars.len() != 17 || chars[8] != ' ' {
            return Err(format!("row {} is not two boards: {:?}", r, line));
        }
        for (c, &ch) in chars.iter().enumerate() {
            if c == 8 {
                continue;
            }
            let dark = (r + c % 9) % 2 == 1;
            let ok = if dark {
                ".bwBW".contains(ch)
            } else {
                ch == '-'
            };
            if !ok {
                return Err(format!("row {} cell {}: bad {:?}", r, c, ch));
            }
        }
        before.push(chars[..8].to_vec());
        after.push(chars[9..].to_vec());
    }
    if before[7].contains(&'b') || before[0].contains(&'w') {
        return Err("a man starts on its far row".to_string());
    }
    Ok((before, after))
}

fn referee(input: &str, output: &str) -> Result<(), String> {
    let (mut grid, after) = split_boards(output)?;
    let cells = dark_cells();
    let mut lines = input.lines();
    let mut black = lines.next().unwrap().trim().starts_with('B');
    for (i, text) in lines
        .map(|l| l.trim())
        .filter(|l| !l.is_empty())
        .enumerate()
    {
        let jump = text.contains('x');
        let path: Vec<(i32, i32)> = text
            .split(&['x', '-'][..])
            .map(|t| cells[t.parse::<usize>().unwrap() - 1])
            .collect();
        let (r0, c0) = path[0];
        let mut me = grid[r0 as usize][c0 as usize];
        if !owned_by(me, black) {
            return Err(format!("move {}: not the mover's piece", i + 1));
        }
        if !jump && side_can_capture(&grid, black) {
            return Err(format!(
                "move {}: simple move while a capture exists",
                i + 1
            ));
        }
        grid[r0 as usize][c0 as usize] = '.';
        let (mut r, mut c) = (r0, c0);
        let mut promoted = false;
        for &(nr, nc) in &path[1..] {
            if promoted {
                return Err(format!("move {}: goes on after promotion", i + 1));
            }
            let (dr, dc) = (nr - r, nc - c);
            let size = if jump { 2 } else { 1 };
            if dr.abs() != size || dc.abs() != size || !row_dirs(me).contains(&(dr / size)) {
                return Err(format!("move {}: bad direction or distance", i + 1));
            }
            if get(&grid, nr, nc) != Some('.') {
                return Err(format!("move {}: lands on a full square", i + 1));
            }
            if jump {
                let (mr, mc) = (r + dr / 2, c + dc / 2);
                if !owned_by(grid[mr as usize][mc as usize], !black) {
                    return Err(format!("move {}: nothing to capture", i + 1));
                }
                grid[mr as usize][mc as usize] = '.';
            }
            r = nr;
            c = nc;
            if crowned(me, r) {
                me = me.to_ascii_uppercase();
                promoted = true;
            }
        }
        grid[r as usize][c as usize] = me;
        if jump && !promoted && can_capture_from(&grid, r, c) {
            return Err(format!("move {}: stops while it can still capture", i + 1));
        }
        black = !black;
    }
    if grid != after {
        return Err("the after board differs from the replay".to_string());
    }
    Ok(())
}

/// Solves `input`, insists the referee accepts the answer, and returns the answer.
fn solved(input: &str) -> String {
    let output = answer(input).unwrap_or_else(|e| panic!("{}\n{}", input, e));
    if let Err(e) = referee(input, &output) {
        panic!("invalid answer for\n{}\n{}\n{}", input, output, e);
    }
    output
}

/// The character on square k (1..32) of the before (false) or after (true) board.
fn on_square(output: &str, after: bool, k: usize) -> char {
    let (r, c) = dark_cells()[k - 1];
    let line: Vec<char> = output.lines().nth(r as usize).unwrap().chars().collect();
    line[c as usize + if after { 9 } else { 0 }]
}

// ---- The referee itself must reject bad answers.

fn boards(before: [&str; 8], after: [&str; 8]) -> String {
    let mut out = String::new();
    for r in 0..8 {
        out.push_str(&format!("{} {}\n", before[r], after[r]));
    }
    out
}

const EMPTY_BOARD: [&str; 8] = [
    "-.-.-.-.", ".-.-.-.-", "-.-.-.-.", ".-.-.-.-", "-.-.-.-.", ".-.-.-.-", "-.-.-.-.", ".-.-.-.-",
];

fn with_rows(rows: &[(usize, &'static str)]) -> [&'static str; 8] {
    let mut board = EMPTY_BOARD;
    for &(r, text) in rows {
        board[r] = text;
    }
    board
}

#[test]
fn referee_accepts_a_valid_answer_and_rejects_broken_ones() {
    // White man 22 steps to 18.
    let simple = "W 1\n22-18\n";
    let ok = boards(with_rows(&[(5, ".-w-.-.-")]), with_rows(&[(4, "-.-w-.-.")]));
    assert_eq!(referee(simple, &ok), Ok(()));
    // A black man on 17 with 13 empty: White had to capture instead.
    let capture_pending = boards(
        with_rows(&[(4, "-b-.-.-."), (5, ".-w-.-.-")]),
        with_rows(&[(4, "-b-w-.-.")]),
    );
    assert!(referee(simple, &capture_pending).is_err());
    let wrong_after = boards(with_rows(&[(5, ".-w-.-.-")]), with_rows(&[(4, "-.-.-w-.")]));
    assert!(referee(simple, &wrong_after).is_err());
    let man_on_far_row = boards(
        with_rows(&[(0, "-w-.-.-."), (5, ".-w-.-.-")]),
        with_rows(&[(0, "-w-.-.-."), (4, "-.-w-.-.")]),
    );
    assert!(referee(simple, &man_on_far_row).is_err());
    // White man 22 jumps over 18 to 15.
    let jump = "W 1\n22x15\n";
    let ok = boards(
        with_rows(&[(4, "-.-b-.-."), (5, ".-w-.-.-")]),
        with_rows(&[(3, ".-.-w-.-")]),
    );
    assert_eq!(referee(jump, &ok), Ok(()));
    let nothing_captured = boards(with_rows(&[(5, ".-w-.-.-")]), with_rows(&[(3, ".-.-w-.-")]));
    assert!(referee(jump, &nothing_captured).is_err());
    // A black man on 10 with 6 empty: the jump could not stop on 15.
    let stops_early = boards(
        with_rows(&[(2, "-.-b-.-."), (4, "-.-b-.-."), (5, ".-w-.-.-")]),
        with_rows(&[(2, "-.-b-.-."), (3, ".-.-w-.-")]),
    );
    assert!(referee(jump, &stops_early).is_err());
}

// ---- Rules, one small game each.

#[test]
fn contest_samples() {
    solved("W 3\n21-17\n13x22x31x24\n19x28\n");
    solved("B 5\n2-7\n9x2\n32-27\n2x11x18\n5-9\n");
}

#[test]
fn square_numbering_and_directions() {
    // Square 1 is the second cell of the top row, square 5 the first of the second row;
    // a black man steps down (1 -> 6), a white man up (32 -> 28).
    let out = solved("B 2\n1-6\n32-28\n");
    assert_eq!(out.lines().next().unwrap(), "-b-.-.-. -.-.-.-.");
    assert_eq!(on_square(&out, true, 6), 'b');
    assert_eq!(on_square(&out, false, 32), 'w');
    assert_eq!(on_square(&out, true, 28), 'w');
    assert_eq!(on_square(&solved("W 1\n5-1\n"), false, 5), 'w');
}

#[test]
fn a_piece_moving_backwards_was_a_king() {
    let out = solved("B 1\n18-14\n");
    assert_eq!(on_square(&out, false, 18), 'B');
    assert_eq!(on_square(&out, true, 14), 'B');
    let out = solved("W 1\n14x23\n");
    assert_eq!(on_square(&out, false, 14), 'W');
    // A piece moving forwards stays a man.
    assert_eq!(on_square(&solved("B 1\n14-18\n"), false, 14), 'b');
}

#[test]
fn a_man_that_jumps_on_from_its_far_row_was_a_king() {
    // 10x3 reaches the top row, then jumps on: a promoted man would have had to stop.
    let out = solved("W 1\n10x3x12\n");
    assert_eq!(on_square(&out, false, 10), 'W');
}

#[test]
fn compulsory_capture_before_a_simple_move_blocks_the_landing_square() {
    // After 23-18 Black's man on 15 could jump 18 and land on 22 unless 22 is occupied,
    // and the move that follows is made by another black man.
    let out = solved("B 3\n10-15\n23-18\n12-16\n");
    assert_ne!(on_square(&out, false, 22), '.');
}

#[test]
fn compulsory_capture_after_a_jump_blocks_the_landing_square() {
    // Black's jump ends on 17 beside White's man on 22; 26 behind it must be occupied.
    let out = solved("W 2\n25-22\n10x17\n");
    assert_ne!(on_square(&out, false, 26), '.');
}

#[test]
fn a_blocker_on_its_far_row_is_a_king_and_may_have_to_be_white() {
    // White's man on 9 faces Black's man on 6, so 2 (top row) needs a blocker. A black one
    // could jump White's man on 7 into the empty 11 before Black's last move: it must be
    // white, and a white piece on the top row is a king.
    let out = solved("W 4\n14-9\n1-6\n11-7\n6-10\n");
    assert_eq!(on_square(&out, false, 2), 'W');
}

#[test]
fn the_same_game_turned_round_needs_a_black_blocker() {
    // The previous game rotated half a turn with the colours swapped: now only a black
    // king on 31 works, so neither colour can be chosen blindly.
    let out = solved("B 4\n19-24\n32-27\n22-26\n27-23\n");
    assert_eq!(on_square(&out, false, 31), 'B');
}

#[test]
fn a_jump_chain_may_pass_its_own_start_square() {
    let out = solved("W 1\n14x7x16x23x14\n");
    assert_eq!(on_square(&out, false, 14), 'W');
    assert_eq!(on_square(&out, true, 14), 'W');
    for &k in [10, 11, 18, 19].iter() {
        assert!(on_square(&out, false, k) == 'b' || on_square(&out, false, k) == 'B');
        assert_eq!(on_square(&out, true, k), '.');
    }
}

#[test]
fn promotion_ends_the_jump() {
    // 11x2 crowns White's man; as a king it could go on over 6 (black) into the empty 9,
    // but promotion ends the turn, so the man needs no blocker and no king status.
    let out = solved("B 4\n9-14\n30x23\n1-6\n11x2\n");
    assert_eq!(on_square(&out, false, 11), 'w');
    assert_eq!(on_square(&out, true, 2), 'W');
    assert_eq!(on_square(&out, true, 6), 'b');
    assert_eq!(on_square(&out, true, 9), '.');
}

#[test]
fn captured_pieces_leave_at_once() {
    // Black steps onto 17 right after White captured the piece there.
    let out = solved("W 2\n21x14\n13-17\n");
    assert_eq!(on_square(&out, true, 17), 'b');
    assert_eq!(on_square(&out, true, 14), 'w');
}

#[test]
fn every_single_move_of_the_notation_is_answered() {
    let cells = dark_cells();
    for first in ["B", "W"].iter() {
        for a in 1..=32usize {
            for b in 1..=32usize {
                let (ra, ca) = cells[a - 1];
                let (rb, cb) = cells[b - 1];
                let (dr, dc) = ((rb - ra).abs(), (cb - ca).abs());
                if dr == dc && dr == 1 {
                    solved(&format!("{} 1\n{}-{}\n", first, a, b));
                }
                if dr == dc && dr == 2 {
                    solved(&format!("{} 1\n{}x{}\n", first, a, b));
                }
            }
        }
    }
}

#[test]
fn contradictory_moves_are_reported_not_answered() {
    let cases = [
        "W 2\n21-17\n21-17\n", // nothing left on 21 for Black
        "W 2\n22-18\n15-19\n", // Black could capture 18 into the emptied 22
        "W 2\n22-18\n14-18\n", // 18 is occupied
        "B 2\n1-6\n6-10\n",    // the second move is White's, but 6 is black
        "B 1\n9x18x9\n",       // 14 was already captured
        // 2 needs a blocker (9 over 6); a black one could take 7 before 17-21, a white king
        // could take 6 into the emptied 9 before 22-18: only the search finds out.
        "W 7\n14-9\n1-6\n11-7\n17-21\n9-5\n21-25\n22-18\n",
    ];
    for input in cases.iter() {
        let result = answer(input);
        assert!(result.is_err(), "{} gave {:?}", input, result);
        assert!(result.unwrap_err().contains("no solution"));
    }
}

#[test]
fn a_contradictory_move_is_named_with_its_line() {
    assert_eq!(
        answer("W 2\n21-17\n21-17\n").unwrap_err(),
        "line 3: no solution: move 2 has no black piece on 21"
    );
    assert_eq!(
        answer("W 2\n22-18\n15-19\n").unwrap_err(),
        "line 3: no solution: before move 2, black can jump from 15 over 18"
    );
}

#[test]
fn errors_say_what_was_expected_and_quote_what_was_found() {
    assert_eq!(
        answer("W 1\n33-28\n").unwrap_err(),
        "line 2: expected a square number 1-32, found \"33\" in \"33-28\""
    );
    assert_eq!(
        answer("W 1\n22-23\n").unwrap_err(),
        "line 2: expected a diagonal step, found 22 to 23 in \"22-23\""
    );
}

#[test]
fn a_huge_move_is_quoted_cut_short() {
    let input = format!("W 1\n{}\n", "1-".repeat(500_000));
    assert_eq!(
        answer(&input).unwrap_err(),
        "line 2: expected a move such as `9-13` or `9x18x25`, found \"1-1-1-1-1-1-1-1-1-1-\"..."
    );
}

#[test]
fn squares_with_leading_zeros_are_not_in_the_notation() {
    assert_eq!(
        answer("W 1\n22-018\n").unwrap_err(),
        "line 2: expected a square number 1-32 without leading zeros, found \"018\" in \"22-018\""
    );
    assert_eq!(
        answer("B 1\n09-13\n").unwrap_err(),
        "line 2: expected a square number 1-32 without leading zeros, found \"09\" in \"09-13\""
    );
    assert_eq!(
        answer("B 1\n9x18x005\n").unwrap_err(),
        "line 2: expected a square number 1-32 without leading zeros, found \"005\" in \"9x18x005\""
    );
    assert_eq!(
        answer("B 1\n0-5\n").unwrap_err(),
        "line 2: expected a square number 1-32, found \"0\" in \"0-5\""
    );
    assert!(answer("B 1\n9-13\n").is_ok());
}

/// A line deep in the blank end is named by its number, and quoted as a
/// move line is, without the blanks at its ends.
#[test]
fn a_line_after_the_blank_end_is_named() {
    let input = format!("{}{}\r\n \t x y \r\n\n", CANONICAL, "\r\n".repeat(100_000));
    assert_eq!(
        answer(&input).unwrap_err(),
        format!(
            "line {}: expected end of input after 3 moves, found \"x y\"",
            4 + 100_000 + 2
        )
    );
    let input = format!("{}{}z", CANONICAL, " ".repeat(100_000));
    assert_eq!(
        answer(&input).unwrap_err(),
        "line 5: expected end of input after 3 moves, found \"z\""
    );
}

#[test]
fn megabytes_of_garbage_are_one_short_error() {
    let message = answer(&"garbage ".repeat(100_000)).unwrap_err();
    assert_eq!(
        message,
        "line 1: expected `B n` or `W n` with 1 <= n <= 100, found \"garbage garbage garb\"..."
    );
    let message = answer(&format!("W 1\n21-17\n{}", "\n\0".repeat(100_000))).unwrap_err();
    assert_eq!(
        message,
        "line 4: expected end of input after 1 moves, found \"\\0\""
    );
    // More than the input may hold is refused as a whole.
    let message = answer(&"garbage ".repeat(1_000_000)).unwrap_err();
    assert_eq!(
        message,
        "expected at most 1048576 bytes of input, found more"
    );
}

#[test]
fn a_long_line_is_never_read_as_its_start() {
    // Their first 256 bytes would read as a valid header and a valid move.
    let header = format!("W 1{}x\n21-17\n", " ".repeat(256));
    assert!(answer(&header)
        .unwrap_err()
        .starts_with("line 1: expected `B n`"));
    let far = format!("W 1\n21-17{}x\n", " ".repeat(256));
    assert!(answer(&far)
        .unwrap_err()
        .starts_with("line 2: expected a move"));
    let after = format!("W 1\n21-17\n{}x\n", " ".repeat(256));
    assert!(answer(&after)
        .unwrap_err()
        .starts_with("line 3: expected end of input"));
}

// ---- Input format.

#[test]
fn loose_line_endings_are_accepted() {
    let clean = answer("W 3\n21-17\n13x22x31x24\n19x28\n").unwrap();
    for input in [
        "W 3\r\n21-17\r\n13x22x31x24\r\n19x28\r\n",
        "W 3\n21-17\n13x22x31x24\n19x28",
        "W 3  \n21-17 \n13x22x31x24\t\n19x28\n\n",
    ]
    .iter()
    {
        assert_eq!(answer(input).as_ref(), Ok(&clean));
    }
}

#[test]
fn malformed_input_names_its_line() {
    let cases = [
        ("", "line 1"),
        ("X 1\n1-6\n", "line 1"),
        ("W\n1-6\n", "line 1"),
        ("W 0\n", "line 1"),
        ("W 101\n", "line 1"),
        ("W 1 2\n1-6\n", "line 1"),
        ("W +1\n1-6\n", "line 1"),
        ("W 2\n22-18\n", "line 3"),
        ("W 1\n22-18\n9-13\n", "line 3"),
        ("W 2\n22-18\n\n9-13\n", "line 3"),
        ("W 1\n22--18\n", "line 2"),
        ("W 1\n22-\n", "line 2"),
        ("W 1\n22\n", "line 2"),
        ("W 1\na-b\n", "line 2"),
        ("W 1\n22x\n", "line 2"),
        ("W 1\n22-18x15\n", "line 2"),
        ("W 1\n33-28\n", "line 2"),
        ("W 1\n0-5\n", "line 2"),
        ("W 1\n22-23\n", "line 2"),
        ("W 1\n22-14\n", "line 2"),
        ("W 1\n22x18\n", "line 2"),
        ("W 2\n22-18\n9x9\n", "line 3"),
    ];
    for &(input, line) in cases.iter() {
        match answer(input) {
            Ok(out) => panic!("{:?} was accepted:\n{}", input, out),
            Err(e) => {
                assert!(e.starts_with(line), "{:?}: {}", input, e);
                assert!(!e.contains('\n'));
            }
        }
    }
}

// ---- Random games. A second, naive player (on the referee's grid, sharing nothing with the
// solver) plays random legal games from random positions. Each game has an answer, the
// position it was played from, so the solver must find one, and the referee must accept it.

/// The square number (1..32) of a dark cell.
fn square_number(r: i32, c: i32) -> usize {
    dark_cells()
        .iter()
        .position(|&cell| cell == (r, c))
        .unwrap()
        + 1
}

/// Every complete jump chain of `me`, which has jumped its way to (r, c) on `grid` (its start
/// square already empty), written so far as `text`: each goes to `out` with the grid after it.
fn jump_chains(
    grid: &Grid,
    me: char,
    (r, c): (i32, i32),
    text: &str,
    out: &mut Vec<(String, Grid)>,
) {
    let mut jumped = false;
    for dr in row_dirs(me) {
        for dc in [-1, 1] {
            let (over, to) = ((r + dr, c + dc), (r + 2 * dr, c + 2 * dc));
            match (get(grid, over.0, over.1), get(grid, to.0, to.1)) {
                (Some(victim), Some('.')) if owned_by(victim, !is_black(me)) => {
                    jumped = true;
                    let mut after = grid.clone();
                    after[over.0 as usize][over.1 as usize] = '.';
                    let text = format!("{}x{}", text, square_number(to.0, to.1));
                    if crowned(me, to.0) {
                        // Promotion ends the move.
                        after[to.0 as usize][to.1 as usize] = me.to_ascii_uppercase();
                        out.push((text, after));
                    } else {
                        jump_chains(&after, me, to, &text, out);
                    }
                }
                _ => {}
            }
        }
    }
    if !jumped {
        let mut after = grid.clone();
        after[r as usize][c as usize] = me;
        out.push((text.to_string(), after));
    }
}

/// Every legal move of a side on `grid`, in the statement's notation, with the grid after it.
fn naive_legal_moves(grid: &Grid, black: bool) -> Vec<(String, Grid)> {
    let must_jump = side_can_capture(grid, black);
    let mut moves = Vec::new();
    for (r, c) in dark_cells() {
        let me = grid[r as usize][c as usize];
        if !owned_by(me, black) || (must_jump && !can_capture_from(grid, r, c)) {
            continue;
        }
        let mut lifted = grid.clone();
        lifted[r as usize][c as usize] = '.';
        let from = square_number(r, c);
        if must_jump {
            jump_chains(&lifted, me, (r, c), &from.to_string(), &mut moves);
            continue;
        }
        for dr in row_dirs(me) {
            for dc in [-1, 1] {
                if get(grid, r + dr, c + dc) != Some('.') {
                    continue;
                }
                let mut after = lifted.clone();
                let piece = if crowned(me, r + dr) {
                    me.to_ascii_uppercase()
                } else {
                    me
                };
                after[(r + dr) as usize][(c + dc) as usize] = piece;
                let to = square_number(r + dr, c + dc);
                moves.push((format!("{}-{}", from, to), after));
            }
        }
    }
    moves
}

/// A small random generator with a fixed seed (xorshift), so every run plays the same games.
struct Xorshift(u64);

impl Xorshift {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

/// A random position: from sparse to crowded, some kings, no man on its far row.
fn random_grid(rng: &mut Xorshift) -> Grid {
    let mut grid = vec![vec!['-'; 8]; 8];
    let density = 10 + rng.below(70);
    for (r, c) in dark_cells() {
        let piece = match rng.below(100) {
            n if n >= density => '.',
            _ => ['b', 'w', 'B', 'W', 'b', 'w'][rng.below(6) as usize],
        };
        let piece = if crowned(piece, r) {
            piece.to_ascii_uppercase()
        } else {
            piece
        };
        grid[r as usize][c as usize] = piece;
    }
    grid
}

/// A random legal game from `grid`: its input text, and how many of its moves were jumps.
fn random_game(rng: &mut Xorshift, mut grid: Grid) -> Option<(String, usize)> {
    let first_black = rng.below(2) == 0;
    let (mut black, mut moves, mut jumps) = (first_black, Vec::new(), 0);
    for _ in 0..1 + rng.below(40) {
        let mut legal = naive_legal_moves(&grid, black);
        if legal.is_empty() {
            break;
        }
        let (text, after) = legal.swap_remove(rng.below(legal.len() as u64) as usize);
        jumps += usize::from(text.contains('x'));
        moves.push(text);
        grid = after;
        black = !black;
    }
    if moves.is_empty() {
        return None;
    }
    let first = if first_black { 'B' } else { 'W' };
    Some((
        format!("{} {}\n{}\n", first, moves.len(), moves.join("\n")),
        jumps,
    ))
}

#[test]
fn random_legal_games_are_all_explained() {
    let mut rng = Xorshift(0x0C4E_C0C5_2019);
    let (mut games, mut with_jumps, mut chains, mut blockers) = (0, 0, 0, 0);
    while games < 1_500 {
        let grid = random_grid(&mut rng);
        let game = random_game(&mut rng, grid);
        let (input, jumps) = match game {
            Some(game) => game,
            None => continue,
        };
        let output = solved(&input);
        games += 1;
        with_jumps += usize::from(jumps > 0);
        chains += usize::from(input.lines().any(|m| m.matches('x').count() >= 2));
        // A piece the answer has on a square no move touches: a blocker, or one left standing.
        let touched: Vec<usize> = input
            .lines()
            .skip(1)
            .flat_map(|m| m.split(['x', '-']).map(|s| s.parse::<usize>().unwrap()))
            .collect();
        let untouched_piece = (1..=32)
            .filter(|k| !touched.contains(k))
            .any(|k| on_square(&output, false, k) != '.');
        blockers += usize::from(untouched_piece);
    }
    // The generator must reach what makes the problem hard, not only quiet games.
    assert!(with_jumps > 1_000, "games with a jump: {}", with_jumps);
    assert!(chains > 400, "games with a jump chain: {}", chains);
    assert!(
        blockers > 500,
        "answers with a piece on an untouched square: {}",
        blockers
    );
    println!(
        "{} games: {} with a jump, {} with a jump chain, {} need a blocker",
        games, with_jumps, chains, blockers
    );
}
