use super::*;

/// The answer to `bytes` as standard input, or the one-line error.
fn answer_of(bytes: &[u8]) -> Result<String, String> {
    read_input(&mut &bytes[..]).and_then(|text| answer_to(&text))
}

/// The error for `input`, which must be rejected.
fn error_of(input: &str) -> String {
    answer_of(input.as_bytes()).expect_err("input should be rejected")
}

/// The answer to the canonical input `1 18` / `3 4 8 11`.
const CANONICAL: &str = "4 5\n";

/// The statement's Input section, case by case: each variant it
/// tolerates reads as the canonical input, each input it rejects fails
/// on the line it names.
#[test]
fn the_statement_input_section_holds() {
    let tolerated = [
        "1 18\n3 4 8 11\n",
        "1 18 3 4 8 11\n",
        "1\n18\n\n3\n4\n8\n11\n",
        "  1\t\t18  \n\n\t3 4 8 11\t\n\n\n",
        "1 18\r\n3 4 8 11\r\n",
        "1 18 \r\n\r\n3 4 8 11\t\r\n",
        "1 18\n3 4 8 11",
        "\u{FEFF}1 18\n3 4 8 11\n",
        "\u{FEFF}\n1 18\n3 4 8 11\n",
    ];
    for text in tolerated.iter() {
        assert_eq!(
            answer_of(text.as_bytes()),
            Ok(CANONICAL.to_string()),
            "{:?}",
            text
        );
    }
    assert!(answer_of(b"0\n0\n").is_ok());
    let rejected: Vec<(Vec<u8>, usize)> = vec![
        // Bytes that are not UTF-8.
        (b"1 18\n3 4 8 \xFF11\n".to_vec(), 2),
        // A token that is not a number in the statement's form.
        (b"1 +18\n0\n".to_vec(), 1),
        (b"1 018\n0\n".to_vec(), 1),
        (b"-1\n0\n".to_vec(), 1),
        (b"00\n0\n".to_vec(), 1),
        (b"0\n-0\n".to_vec(), 2),
        (b"1 1.0\n0\n".to_vec(), 1),
        (b"1 x\n0\n".to_vec(), 1),
        (b"1\x0B18\n0\n".to_vec(), 1),
        (b"1 18\x0C\n0\n".to_vec(), 1),
        ("1\u{A0}18\n0\n".as_bytes().to_vec(), 1),
        (b"1 18\n\xEF\xBB\xBF0\n".to_vec(), 2),
        // A CR that is not right before a LF.
        (b"1 18\r0\n".to_vec(), 1),
        (b"1 18\r\r\n0\n".to_vec(), 1),
        (b"1 18\n0\r".to_vec(), 2),
        // A count outside 0 to 12, a square outside 1 to 32.
        (b"13 1 2 3 4 5 6 7 8 9 10 11 12 13\n0\n".to_vec(), 1),
        (b"1 18\n13\n".to_vec(), 2),
        (b"1 0\n0\n".to_vec(), 1),
        (b"1 33\n0\n".to_vec(), 1),
        // A square listed twice, or by both colours.
        (b"2 5 5\n0\n".to_vec(), 1),
        (b"1 5\n1 5\n".to_vec(), 2),
        // Input that ends early; anything after Red's list.
        (b"2 5\n".to_vec(), 1),
        (b"1 5\n".to_vec(), 1),
        (b"1 5\n1\n".to_vec(), 2),
        (b"1 5\n0\n7\n".to_vec(), 3),
    ];
    for (bytes, line) in rejected.iter() {
        let why = answer_of(bytes).expect_err(&format!("accepted {:?}", bytes));
        assert!(
            why.starts_with(&format!("line {}: expected ", line)),
            "{:?} for {:?}",
            why,
            String::from_utf8_lossy(bytes)
        );
    }
}

// ---- reading the input ----

/// A valid input padded with blank lines (`filler` over and over) to
/// exactly `size` bytes.
fn padded(filler: &str, size: usize) -> Vec<u8> {
    let mut bytes = b"1 18\n3 4 8 11\n".to_vec();
    while bytes.len() < size {
        let room = size - bytes.len();
        bytes.extend(filler.bytes().take(room));
    }
    bytes
}

#[test]
fn tokens_are_split_by_blanks_and_line_ends() {
    assert!(error_of("").starts_with("line 1: expected the number of black pieces"));
    assert!(error_of(" \n\r\n\t").starts_with("line 1: expected the number of black pieces"));
    assert_eq!(
        answer_of(b"  1\n18 3\t4\r\n8\t\n\n11  "),
        Ok(CANONICAL.to_string())
    );
    // Other whitespace is part of a token, a token is quoted whole.
    assert_eq!(
        error_of("1\n18\n3 4\n8\x0b11\n"),
        "line 4: expected red square 2 of 3 (1 to 32), found \"8\\u{b}11\", \
         not a number"
    );
    assert_eq!(
        error_of("1 \x0c18\n0\n"),
        "line 1: expected black square 1 of 1 (1 to 32), found \"\\u{c}18\", not a number"
    );
    assert_eq!(
        error_of("1 18\u{a0}\n0\n"),
        "line 1: expected black square 1 of 1 (1 to 32), found \"18\\u{a0}\", not a number"
    );
}

#[test]
fn a_carriage_return_must_start_a_crlf_line_end() {
    assert_eq!(
        answer_of(b"1\r\n18\r\n3 4 8 11\r\n"),
        Ok(CANONICAL.to_string())
    );
    // A CR anywhere else stays in its token, which then is not a number.
    for (input, line, found) in [
        (&b"1\r18\n0\n"[..], 1, "\"1\\r18\", not a number"),
        (b"1\n18\r\r\n0\n", 2, "\"18\\r\", not a number"),
        (b"1 18 \r \n0\n", 1, "\"\\r\", not a number"),
        (b"1 18\n0\n\r", 3, "\"\\r\""),
        (b"1\r\n18 \r\r\n3 4 8 11\r\n", 2, "\"\\r\", not a number"),
    ]
    .iter()
    {
        let why = answer_of(input).unwrap_err();
        let expected = format!("line {}: expected ", line);
        assert!(why.starts_with(&expected), "{}", why);
        assert!(why.ends_with(&format!(", found {}", found)), "{}", why);
    }
}

#[test]
fn a_cr_not_before_a_lf_is_an_error() {
    for input in [
        &b"1 18\r3 4 8 11\n"[..],
        b"1 18\n3 4 8 11\r \n",
        b"1 18\n3 4 8 11\n\r\r\n",
        b"\r1 18\n3 4 8 11\n",
    ]
    .iter()
    {
        let why = answer_of(input).unwrap_err();
        assert!(why.contains("\\r"), "{}", why);
    }
}

#[test]
fn a_cr_as_the_very_last_byte_is_an_error() {
    assert_eq!(answer_of(b"1 18\n3 4 8 11\r\n"), Ok(CANONICAL.to_string()));
    assert_eq!(
        answer_of(b"1 18\n3 4 8 11\r").unwrap_err(),
        "line 2: expected red square 3 of 3 (1 to 32), found \"11\\r\", not a number"
    );
    assert_eq!(
        answer_of(b"1 18\n3 4 8 11\n\r").unwrap_err(),
        "line 3: expected the end of input after the red list, found \"\\r\""
    );
}

#[test]
fn a_byte_order_mark_at_the_start_is_skipped() {
    assert_eq!(
        answer_of(b"\xEF\xBB\xBF1 18 3 4 8 11"),
        Ok(CANONICAL.to_string())
    );
    assert_eq!(
        answer_of(b"\xEF\xBB\xBF\n1 18 3 4 8 11"),
        Ok(CANONICAL.to_string())
    );
    // Only at the start: elsewhere it is a character like any other.
    assert_eq!(
        error_of("1 \u{FEFF}18\n0\n"),
        "line 1: expected black square 1 of 1 (1 to 32), found \"\\u{feff}18\", not a number"
    );
    assert_eq!(
        error_of(" \u{FEFF}"),
        "line 1: expected the number of black pieces (0 to 12), found \"\\u{feff}\", not a number"
    );
}

#[test]
fn a_byte_that_is_not_utf8_is_reported_on_its_line() {
    let why = answer_of(b"1\n2\n3 bad\xFF\n").unwrap_err();
    assert_eq!(why, "line 3: expected UTF-8 text, found the byte 0xFF");
    // A character cut short by the end of the input is on its line too.
    let why = answer_of(b"\xEF\xBB\xBF1\n\xC3").unwrap_err();
    assert!(why.starts_with("line 2: "), "{}", why);
}

#[test]
fn an_input_of_one_mib_is_read() {
    for filler in ["\n", "\r\n", " \t\r\n"].iter() {
        let input = padded(filler, MAX_INPUT);
        assert_eq!(input.len(), 1 << 20);
        assert_eq!(answer_of(&input), Ok(CANONICAL.to_string()), "{:?}", filler);
    }
}

#[test]
fn one_byte_more_than_one_mib_is_refused_in_one_line() {
    let input = padded("\n", MAX_INPUT + 1);
    let why = answer_of(&input).unwrap_err();
    assert_eq!(why, "expected at most 1048576 bytes of input, found more");
    assert!(!why.contains('\n'));
}

#[test]
fn a_megabyte_of_garbage_is_one_short_error() {
    let garbage = "garbage".repeat(100_000);
    assert_eq!(
        error_of(&garbage),
        "line 1: expected the number of black pieces (0 to 12), found \"garbagegarbagegarbag\"..., \
         not a number"
    );
    let zeros = format!("0\n0\n{}", "\n\u{0}".repeat(300_000));
    assert_eq!(
        error_of(&zeros),
        "line 4: expected the end of input after the red list, found \"\\0\""
    );
}

#[test]
fn a_long_number_is_not_read_as_its_start() {
    let zeros = format!("1 {}5\n0\n", "0".repeat(128));
    assert_eq!(
        error_of(&zeros),
        "line 1: expected black square 1 of 1 (1 to 32), found \"00000000000000000000\"... \
         (a number has no sign and no leading zeros)"
    );
    let big = format!("1 {}\n0\n", "9".repeat(30));
    assert!(error_of(&big).ends_with("found \"99999999999999999999\"..., outside 1 to 32"));
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

fn position(black: &[usize], red: &[usize]) -> Position {
    let mut pos = Position { black: 0, red: 0 };
    for &s in black {
        pos.black |= square_bit(s);
    }
    for &s in red {
        pos.red |= square_bit(s);
    }
    pos
}

fn counts(black: &[usize], red: &[usize]) -> (usize, usize) {
    let pos = position(black, red);
    (
        moves_of_side(&pos, Side::Black),
        moves_of_side(&pos, Side::Red),
    )
}

// ---- numbering ----

#[test]
fn numbering_matches_the_diagram() {
    // Corners and row starts of the original statement's diagram, (row from bottom, column).
    assert_eq!(square_to_cell(1), (0, 6));
    assert_eq!(square_to_cell(4), (0, 0));
    assert_eq!(square_to_cell(5), (1, 7));
    assert_eq!(square_to_cell(8), (1, 1));
    assert_eq!(square_to_cell(9), (2, 6));
    assert_eq!(square_to_cell(12), (2, 0));
    assert_eq!(square_to_cell(29), (7, 7));
    assert_eq!(square_to_cell(32), (7, 1));
    for s in 1..=SQUARES {
        let (r, c) = square_to_cell(s);
        assert_eq!(cell_to_square(r, c), Some(s));
    }
    assert_eq!(cell_to_square(0, 1), None);
    assert_eq!(cell_to_square(-1, 0), None);
    assert_eq!(cell_to_square(8, 7), None);
}

#[test]
fn neighbours_from_the_seed() {
    // Example 1: 18 slides to 14, 15, 22, 23.
    let mut around: Vec<usize> = DIAGONALS
        .iter()
        .filter_map(|&d| diagonal_step(18, d, 1))
        .collect();
    around.sort();
    assert_eq!(around, vec![14, 15, 22, 23]);
    // Example 2: red 11 jumps to 18 over 15.
    assert_eq!(diagonal_step(11, (1, 1), 2), Some(18));
    assert_eq!(diagonal_step(11, (1, 1), 1), Some(15));
}

// ---- rules, one small position each ----

#[test]
fn slides_go_all_four_ways() {
    assert_eq!(counts(&[18], &[]), (4, 0));
    assert_eq!(counts(&[], &[18]), (0, 4));
}

#[test]
fn slides_stop_at_edges_and_pieces() {
    // Corner square 4 has one neighbour (8); edge square 12 has two.
    assert_eq!(counts(&[4], &[]), (1, 0));
    assert_eq!(counts(&[12], &[]), (2, 0));
    // Square 29 is the top-right corner.
    assert_eq!(counts(&[29], &[]), (1, 0));
    // An own piece on 14 takes one of 18's slides; 14 itself has 3 free.
    assert_eq!(counts(&[14, 18], &[]), (6, 0));
}

#[test]
fn jumps_go_all_four_ways() {
    // Red men on 14, 15, 22, 23 around black 18, landings 9, 11, 25, 27 free.
    let pos = position(&[18], &[14, 15, 22, 23]);
    assert_eq!(jump_move_outcomes(&pos, Side::Black).len(), 4);
}

// Cells (row from bottom, column) used below: 5 (1,7), 9 (2,6), 11 (2,2),
// 14 (3,5), 15 (3,3), 18 (4,4), 22 (5,5), 23 (5,3).

#[test]
fn jump_needs_a_vacant_landing() {
    // Black 18 over red 14 would land on 9, which black holds: black only
    // slides (18: 15, 22, 23; 9: 5, 6, 13). Red 14 jumps 18 onto 23 or 9
    // onto 5.
    assert_eq!(counts(&[18, 9], &[14]), (6, 2));
}

#[test]
fn jump_cannot_leave_the_board() {
    // Black 5 jumps red 9 onto 14; red 9 over black 5 would land on column 8,
    // so red slides to 6, 13 and 14.
    assert_eq!(counts(&[5], &[9]), (1, 3));
}

#[test]
fn cannot_jump_own_piece() {
    assert_eq!(
        jump_move_outcomes(&position(&[18, 14], &[]), Side::Black).len(),
        0
    );
}

#[test]
fn chain_must_continue_and_is_one_move() {
    // Black 1 (0,6) over red 6 (1,5) to 10 (2,4), then over red 15 (3,3) to
    // 19 (4,2): one move; stopping on 10 is not a move.
    let pos = position(&[1], &[6, 15]);
    let endings = jump_move_outcomes(&pos, Side::Black);
    assert_eq!(endings.len(), 1);
    assert!(endings.contains(&position(&[19], &[])));
}

#[test]
fn captured_piece_leaves_at_once() {
    // Black 18 jumps red 14 onto 9. Were 14 still there, black could jump it
    // again back onto the vacated 18; it is gone, so the move ends on 9.
    let endings = jump_move_outcomes(&position(&[18], &[14]), Side::Black);
    assert_eq!(
        endings.into_iter().collect::<Vec<_>>(),
        vec![position(&[9], &[])]
    );
}

#[test]
fn chain_may_return_to_its_start() {
    // Seed example 3: red 10 circles round 14, 15, 22, 23 both ways.
    let endings = jump_move_outcomes(&position(&[14, 15, 22, 23], &[10]), Side::Red);
    assert_eq!(
        endings.into_iter().collect::<Vec<_>>(),
        vec![position(&[], &[10])]
    );
}

#[test]
fn chain_branches_ending_differently_count_separately() {
    // Black 18 can go over 14 onto 9 or over 15 onto 11: two positions.
    assert_eq!(counts(&[18], &[14, 15]).0, 2);
}

#[test]
fn remerging_chains_count_by_final_position() {
    // Red 3 goes round the diamond 3-10-19-12 either way (blacks 7, 15, 16,
    // 8 between the corners). Reaching 19 it may also jump 24 onto 28.
    // Four chains: 3-10-19-28 and 3-12-19-28 leave different blacks behind;
    // 3-10-19-12-3 and 3-12-19-10-3 both leave only 24. Three positions.
    let endings = jump_move_outcomes(&position(&[7, 8, 15, 16, 24], &[3]), Side::Red);
    assert_eq!(endings.len(), 3);
    assert!(endings.contains(&position(&[8, 16], &[28])));
    assert!(endings.contains(&position(&[7, 15], &[28])));
    assert!(endings.contains(&position(&[24], &[3])));
}

#[test]
fn jumps_forbid_slides_per_side() {
    // Seed example 2: red jumps 11-18 and may not slide; black cannot jump.
    assert_eq!(counts(&[15], &[4, 8, 11]), (3, 1));
    // A far-away black piece with free slides does not add to black's jump.
    assert_eq!(counts(&[18, 29], &[14]).0, 1);
}

#[test]
fn seed_examples() {
    assert_eq!(counts(&[18], &[4, 8, 11]), (4, 5));
    assert_eq!(counts(&[15], &[4, 8, 11]), (3, 1));
    assert_eq!(counts(&[14, 15, 22, 23], &[10]), (2, 1));
    assert_eq!(counts(&[6, 7, 8, 14, 15, 16, 22, 23, 24], &[4]), (35, 4));
}

// ---- parser ----

#[test]
fn parser_reads_tokens_anywhere() {
    for input in [
        "1 18\n3 4 8 11\n",
        "1 18\r\n3 4 8 11",
        "  1\n18 3\t4 8\n\n11  \n\n",
    ]
    .iter()
    {
        assert_eq!(answer_to(input), Ok(CANONICAL.to_string()));
    }
    assert_eq!(answer_to("0\n0\n"), Ok("0 0\n".to_string()));
}

#[test]
fn parser_rejects_non_numbers() {
    let err = error_of("1 18\n3 4 x 11\n");
    assert!(
        err.starts_with("line 2:") && err.contains("\"x\""),
        "{}",
        err
    );
    assert!(error_of("one 18\n0\n").starts_with("line 1:"));
    assert!(error_of("1 18.0\n0\n").contains("\"18.0\""));
}

#[test]
fn errors_say_what_was_expected_and_quote_what_was_found() {
    assert_eq!(
        error_of("0\n1 33\n"),
        "line 2: expected red square 1 of 1 (1 to 32), found \"33\", outside 1 to 32"
    );
    assert_eq!(
        error_of("13 1\n0\n"),
        "line 1: expected the number of black pieces (0 to 12), found \"13\", more than 12"
    );
    // Input "13" alone, and a token that is not a number at all: each says why.
    assert_eq!(
        error_of("13"),
        "line 1: expected the number of black pieces (0 to 12), found \"13\", more than 12"
    );
    assert_eq!(
        error_of("1\nx\n0\n"),
        "line 2: expected black square 1 of 1 (1 to 32), found \"x\", not a number"
    );
}

#[test]
fn a_huge_token_is_quoted_cut_short() {
    let input = format!("1\n{}\n0\n", "7".repeat(1_000_000));
    let err = error_of(&input);
    assert!(
        err.starts_with(
            "line 2: expected black square 1 of 1 (1 to 32), found \"77777777777777777777\"..."
        ),
        "{}",
        err
    );
    assert!(err.len() < 200, "{}", err);
}

#[test]
fn parser_rejects_out_of_range_squares() {
    let err = error_of("1 33\n0\n");
    assert!(err.starts_with("line 1:") && err.contains("33"), "{}", err);
    assert!(error_of("1 0\n0\n").contains("outside"));
    assert!(error_of("0\n1 -5\n").starts_with("line 2:"));
}

#[test]
fn parser_rejects_duplicates_and_shared_squares() {
    let err = error_of("2 18 18\n0\n");
    assert!(
        err.starts_with("line 1:") && err.contains("twice"),
        "{}",
        err
    );
    let err = error_of("1 18\n2 4 18\n");
    assert!(
        err.starts_with("line 2:") && err.contains("other colour"),
        "{}",
        err
    );
}

#[test]
fn parser_rejects_too_many_pieces() {
    let twelve = "12 1 2 3 4 5 6 7 8 9 10 11 12\n0\n";
    assert!(answer_to(twelve).is_ok());
    let err = error_of("13 1 2 3 4 5 6 7 8 9 10 11 12 13\n0\n");
    assert!(err.starts_with("line 1:") && err.contains("13"), "{}", err);
    assert!(error_of("0\n-1\n").starts_with("line 2:"));
}

#[test]
fn parser_rejects_counts_that_do_not_match() {
    // Too few red squares: the input ends.
    let err = error_of("1 18\n3 4 8\n");
    assert!(
        err.starts_with("line 2:") && err.contains("ended"),
        "{}",
        err
    );
    // Too many: a leftover token.
    let err = error_of("1 18\n2 4 8 11\n");
    assert!(
        err.starts_with("line 2:") && err.contains("\"11\""),
        "{}",
        err
    );
    // The black count is larger than its list: the red count is read as a
    // square and the red list is then missing.
    let err = error_of("2 18\n0\n");
    assert!(
        err.starts_with("line 2:") && err.contains("black square 2 of 2"),
        "{}",
        err
    );
    let err = error_of("2 18\nx\n");
    assert!(
        err.starts_with("line 2:") && err.contains("black square 2 of 2"),
        "{}",
        err
    );
    // No hint when the count and the bad square share a line.
    assert!(!error_of("2 18 40\n0\n").contains("count"));
    assert!(error_of("").contains("ended"));
    assert!(error_of("1 18\n").contains("red"));
}

// ---- cross-check against a naive implementation ----

/// xorshift64*: a tiny fixed-seed generator for reproducible positions.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Naive: an 8x8 grid of labels built by walking the diagram top row first,
/// left to right, handing out 32, 31, ... to the dark cells (in the top row
/// the dark cells are the odd columns).
fn naive_labels() -> [[usize; 8]; 8] {
    let mut labels = [[0; 8]; 8];
    let mut next = 32;
    for (top_row, line) in labels.iter_mut().enumerate() {
        for (col, cell) in line.iter_mut().enumerate() {
            if (top_row + col) % 2 == 1 {
                *cell = next;
                next -= 1;
            }
        }
    }
    labels
}

/// Naive count for one side: grid of chars, every chain enumerated with an
/// explicit stack and no memory, final boards compared as strings.
fn naive_side(black: &[usize], red: &[usize], me: char) -> usize {
    let labels = naive_labels();
    let mut grid = [['.'; 8]; 8];
    for r in 0..8 {
        for c in 0..8 {
            if black.contains(&labels[r][c]) {
                grid[r][c] = 'b';
            }
            if red.contains(&labels[r][c]) {
                grid[r][c] = 'r';
            }
        }
    }
    let foe = if me == 'b' { 'r' } else { 'b' };
    let inside = |r: i32, c: i32| (0..8).contains(&r) && (0..8).contains(&c);
    let mut finals: Vec<String> = Vec::new();
    let mut slides = 0;
    for r in 0..8i32 {
        for c in 0..8i32 {
            if grid[r as usize][c as usize] != me {
                continue;
            }
            for &(dr, dc) in &[(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                if inside(r + dr, c + dc) && grid[(r + dr) as usize][(c + dc) as usize] == '.' {
                    slides += 1;
                }
            }
            // (board, row, col, jumps made so far)
            let mut stack = vec![(grid, r, c, 0)];
            while let Some((g, pr, pc, made)) = stack.pop() {
                let mut went_on = false;
                for &(dr, dc) in &[(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                    let (mr, mc, lr, lc) = (pr + dr, pc + dc, pr + 2 * dr, pc + 2 * dc);
                    if inside(lr, lc)
                        && g[mr as usize][mc as usize] == foe
                        && g[lr as usize][lc as usize] == '.'
                    {
                        let mut h = g;
                        h[pr as usize][pc as usize] = '.';
                        h[mr as usize][mc as usize] = '.';
                        h[lr as usize][lc as usize] = me;
                        stack.push((h, lr, lc, made + 1));
                        went_on = true;
                    }
                }
                if !went_on && made > 0 {
                    finals.push(g.iter().flat_map(|row| row.iter()).collect());
                }
            }
        }
    }
    finals.sort();
    finals.dedup();
    if finals.is_empty() {
        slides
    } else {
        finals.len()
    }
}

/// `n` distinct random squares not in `avoid`.
fn random_squares(rng: &mut Rng, n: usize, avoid: &[usize]) -> Vec<usize> {
    let mut chosen = Vec::new();
    while chosen.len() < n {
        let s = 1 + rng.below(32);
        if !chosen.contains(&s) && !avoid.contains(&s) {
            chosen.push(s);
        }
    }
    chosen
}

fn as_input(black: &[usize], red: &[usize]) -> String {
    let list = |v: &[usize]| {
        let mut parts = vec![v.len().to_string()];
        parts.extend(v.iter().map(|s| s.to_string()));
        parts.join(" ")
    };
    format!("{}\n{}\n", list(black), list(red))
}

#[test]
fn real_matches_naive_on_random_positions() {
    let mut rng = Rng(0x5EED_C4EC_4E25);
    let mut long_chains = 0;
    for round in 0..12_000 {
        // Alternate plain random positions with lopsided ones (few movers
        // among many enemies), which give long chains.
        let (nb, nr) = if round % 2 == 0 {
            (rng.below(13), rng.below(13))
        } else {
            (1 + rng.below(3), 6 + rng.below(7))
        };
        let black = random_squares(&mut rng, nb, &[]);
        let red = random_squares(&mut rng, nr, &black);
        let pos = position(&black, &red);
        let real = answer_to(&as_input(&black, &red)).expect("generated input is valid");
        let naive = (naive_side(&black, &red, 'b'), naive_side(&black, &red, 'r'));
        let naive = format!("{} {}\n", naive.0, naive.1);
        assert_eq!(real, naive, "black {:?} red {:?}", black, red);
        let captured = jump_move_outcomes(&pos, Side::Black)
            .iter()
            .map(|end| (pos.red & !end.red).count_ones())
            .max()
            .unwrap_or(0);
        if captured >= 3 {
            long_chains += 1;
        }
    }
    // The generator must reach multi-jump chains, not only single jumps.
    assert!(
        long_chains > 500,
        "only {} positions had 3+ captures",
        long_chains
    );
}
