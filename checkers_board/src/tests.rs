use super::*;

/// The board in `bytes`, read as the program reads standard input.
fn parse_bytes(bytes: &[u8]) -> Result<Board, String> {
    read_input(&mut &bytes[..]).and_then(|text| read_board(&text))
}

/// The board in `text`, read as the program reads standard input.
fn parse_board(text: &str) -> Result<Board, String> {
    parse_bytes(text.as_bytes())
}

const CANONICAL: &str =
    "B.......\n........\n........\n........\n........\n........\n........\n.W......\n";

/// A CR is a line end only right before a LF; a CR before another CR is not.
#[test]
fn a_cr_is_a_line_end_only_right_before_a_lf() {
    let expected = parse_board(CANONICAL).unwrap();
    let good = format!("{}\r\n \r\n\t\r\n\r\n", CANONICAL);
    assert_eq!(parse_board(&good), Ok(expected));
    let bad = format!("{}\r\n \r\n\r\r\n\r\n", CANONICAL);
    assert_eq!(
        parse_board(&bad).unwrap_err(),
        "line 11: expected nothing after the 8 board rows, found \"\\r\""
    );
}

#[test]
fn a_cr_not_before_a_lf_is_an_error() {
    assert_eq!(
        parse_board("B\r.\n").unwrap_err(),
        "line 1: expected 'B', 'W', '.' or a space, found '\\r' in column 2"
    );
    // Trailing blanks after it do not make it a line end.
    assert_eq!(
        parse_board("\n.B\r \t\r\n").unwrap_err(),
        "line 2: expected 'B', 'W', '.' or a space, found '\\r' in column 3"
    );
    assert_eq!(
        parse_board(&format!("{}\r\r\n", CANONICAL)).unwrap_err(),
        "line 9: expected nothing after the 8 board rows, found \"\\r\""
    );
}

#[test]
fn a_cr_as_the_very_last_byte_is_an_error() {
    assert_eq!(
        parse_board("B\r").unwrap_err(),
        "line 1: expected 'B', 'W', '.' or a space, found '\\r' in column 2"
    );
    assert_eq!(
        parse_board(&format!("{}\r", CANONICAL)).unwrap_err(),
        "line 9: expected nothing after the 8 board rows, found \"\\r\""
    );
    assert_eq!(
        parse_board(&format!("{}\n \t\r", CANONICAL)).unwrap_err(),
        "line 10: expected nothing after the 8 board rows, found \" \\t\\r\""
    );
}

/// `CANONICAL` padded with `filler` (blank lines) to exactly `MAX_INPUT`
/// bytes.
fn padded(filler: &str) -> String {
    let room = MAX_INPUT - CANONICAL.len();
    assert_eq!(room % filler.len(), 0);
    format!("{}{}", CANONICAL, filler.repeat(room / filler.len()))
}

#[test]
fn an_input_of_exactly_one_mebibyte_is_read() {
    for filler in ["\n", "\r\n", " \t\r\n"].iter() {
        let input = padded(filler);
        assert_eq!(input.len(), 1 << 20);
        assert_eq!(parse_board(&input), parse_board(CANONICAL));
        assert_eq!(
            answer_to(&read_input(&mut input.as_bytes()).unwrap()).unwrap(),
            "3\n"
        );
    }
    // A byte deep in the blank end: its line is named, shown with the
    // blanks before it.
    let mut input = padded("\r\n");
    let tail = "\r\n \t x y \r\n\n";
    input.truncate(MAX_INPUT - tail.len());
    input.push_str(tail);
    assert_eq!(input.len(), MAX_INPUT);
    let line = 8 + (MAX_INPUT - CANONICAL.len() - tail.len()) / 2 + 2;
    assert_eq!(
        parse_board(&input).unwrap_err(),
        format!(
            "line {}: expected nothing after the 8 board rows, found \" \\t x y\"",
            line
        )
    );
}

#[test]
fn one_byte_more_than_one_mebibyte_is_refused() {
    for filler in ["\n", "\r\n", " \t\r\n"].iter() {
        let input = padded(filler) + "\n";
        let why = parse_board(&input).unwrap_err();
        assert_eq!(why, "expected at most 1048576 bytes of input, found more");
        assert!(!why.contains('\n'));
    }
}

/// The statement's Input section, case by case: each variant it
/// tolerates reads as the canonical input, each input it rejects fails
/// on the line it names.
#[test]
fn the_statement_input_section_holds() {
    let canonical = CANONICAL;
    let expected = parse_board(canonical).unwrap();
    assert_eq!(answer_to(canonical), Ok("3\n".to_string()));
    let tolerated = [
        canonical.replace('.', " "),
        canonical.replace('\n', " \t\n"),
        "B\n\n\n\n\n\n\n W\n".to_string(),
        "B\n\n\n\n\n\n\n.W".to_string(),
        format!("{}\n \n\t\r\n", canonical),
        canonical.replace('\n', "\r\n"),
        canonical.replace('\n', " \r\n"),
        canonical.trim_end().to_string(),
        format!("\u{FEFF}{}", canonical),
    ];
    for text in tolerated.iter() {
        assert_eq!(parse_board(text), Ok(expected), "{:?}", text);
    }
    // Missing rows are vacant: an empty input is an empty board.
    assert_eq!(parse_board("B\n"), parse_board("B......."));
    assert_eq!(total_moves(&parse_board("").unwrap()), 0);
    let rejected: Vec<(Vec<u8>, usize)> = vec![
        // Bytes that are not UTF-8.
        (b"B.......\n\xFF\n".to_vec(), 2),
        // A character other than `B`, `W`, `.` and space.
        (b"b\n".to_vec(), 1),
        (b"B\t.\n".to_vec(), 1),
        (b"B\r.\n".to_vec(), 1),
        (b"B\r \n".to_vec(), 1),
        (b"B\r\r\n".to_vec(), 1),
        (b"B\r".to_vec(), 1),
        (b"B\x0C\n".to_vec(), 1),
        ("B\u{A0}\n".as_bytes().to_vec(), 1),
        (b"B\n\xEF\xBB\xBF\n".to_vec(), 2),
        // A row with more than 8 cells.
        (b"B........\n".to_vec(), 1),
        (b"B.......  x\n".to_vec(), 1),
        // A line after row 8 that is not blank.
        ([canonical.as_bytes(), b"x\n"].concat(), 9),
        ([canonical.as_bytes(), b"\n\x0C\n"].concat(), 10),
        ([canonical.as_bytes(), b"\r\r\n"].concat(), 9),
        ([canonical.as_bytes(), b"\r"].concat(), 9),
        // A piece on a light cell.
        (b".B\n".to_vec(), 1),
        // More than 12 pieces of one colour.
        (b"B.B.B.B.\n.B.B.B.B\nB.B.B.B.\n.B\n".to_vec(), 4),
        (b"\n\n\n\nW.W.W.W.\n.W.W.W.W\nW.W.W.W.\n.W\n".to_vec(), 8),
    ];
    for (bytes, line) in rejected.iter() {
        let why = parse_bytes(bytes).expect_err(&format!("accepted {:?}", bytes));
        assert!(
            why.starts_with(&format!("line {}: expected ", line)),
            "{:?} for {:?}",
            why,
            String::from_utf8_lossy(bytes)
        );
    }
}

// --- reading the input ---

/// The lines of `text` as `lines` returns them, without their numbers.
fn lines_of(text: &str) -> Vec<&str> {
    lines(text).map(|(_, line)| line).collect()
}

#[test]
fn lines_lose_their_ends_and_trailing_blanks_only() {
    assert_eq!(lines_of(""), Vec::<&str>::new());
    assert_eq!(lines_of("\n"), vec![""]);
    assert_eq!(
        lines_of("a b \t\r\n \tc\r\n\nd"),
        vec!["a b", " \tc", "", "d"]
    );
    assert_eq!(lines_of("a\rb\r\r\n"), vec!["a\rb\r"]);
    let numbers: Vec<usize> = lines("a\n\nb").map(|(number, _)| number).collect();
    assert_eq!(numbers, vec![1, 2, 3]);
}

#[test]
fn blanks_inside_a_line_stay_trailing_ones_go() {
    let text = format!("a{}b   ", " ".repeat(1000));
    assert_eq!(lines(&text).next(), Some((1, &text[..1002])));
    // Only trailing: a line of nothing but blanks is empty.
    let blank = " \t".repeat(1000);
    assert_eq!(lines(&blank).collect::<Vec<_>>(), vec![(1, "")]);
}

/// `bytes` as `read_input` returns them.
fn input_of(bytes: &[u8]) -> Result<String, String> {
    read_input(&mut &bytes[..])
}

#[test]
fn a_byte_order_mark_at_the_start_is_skipped() {
    assert_eq!(input_of(b"\xEF\xBB\xBFab\n").unwrap(), "ab\n");
    // Only at the start: elsewhere it is a character like any other.
    assert_eq!(input_of(b"a\xEF\xBB\xBF\n").unwrap(), "a\u{FEFF}\n");
    assert_eq!(input_of(b"a\n\xEF\xBB\xBFb").unwrap(), "a\n\u{FEFF}b");
    assert!(parse_bytes(b"B\n\xEF\xBB\xBF\n")
        .unwrap_err()
        .starts_with("line 2: "));
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
    let dots = "B.......\n........\n........\n........\n........\n........\n........\n.W......\n";
    let spaces = "B       \n        \n        \n        \n        \n        \n        \n W      ";
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

/// The example board with a black man top left and a white man at (7, 1).
fn example() -> Board {
    parse_board("B.......\n........\n........\n........\n........\n........\n........\n.W......\n")
        .unwrap()
}

#[test]
fn trailing_spaces_and_tabs_end_any_line() {
    let tabbed = "B.......\t \n \t\n\t\n\n\n\n\n.W\t\t\r\n \t\r\n\t\n";
    assert_eq!(parse_board(tabbed).unwrap(), example());
}

#[test]
fn a_short_row_is_padded_with_vacant_squares() {
    let short = "B\n\n\n\n\n\n\n.W\n";
    assert_eq!(parse_board(short).unwrap(), example());
    let mut board = [[Cell::Vacant; SIZE]; SIZE];
    board[0][2] = Cell::Black;
    assert_eq!(parse_board("  B\n").unwrap(), board);
}

#[test]
fn rows_missing_at_the_end_are_vacant() {
    // Row 8 blank, its spaces stripped by an editor, no final newline:
    // the file holds 7 lines.
    let full = "B B B B \n W W W W\n\n\n\n\n\n        \n";
    let stripped = "B B B B\n W W W W\n\n\n\n\n\n";
    assert_eq!(parse_board(stripped).unwrap(), parse_board(full).unwrap());
    assert_eq!(
        parse_board("B B B B\n W W W W").unwrap(),
        parse_board(full).unwrap()
    );
    // One line of board, and none at all.
    let mut board = [[Cell::Vacant; SIZE]; SIZE];
    board[0][0] = Cell::Black;
    assert_eq!(parse_board("B").unwrap(), board);
    assert_eq!(parse_board("").unwrap(), [[Cell::Vacant; SIZE]; SIZE]);
    assert_eq!(total_moves(&parse_board("").unwrap()), 0);
}

#[test]
fn lines_after_row_eight_must_be_blank() {
    assert_eq!(
        parse_board(&"\n".repeat(30)).unwrap(),
        [[Cell::Vacant; SIZE]; SIZE]
    );
    assert!(parse_board("\n\n\n\n\n\n\n\n \t \r\n\t\n  ").is_ok());
    let nine = "B\n\n\n\n\n\n\n\n.B\n";
    assert_eq!(
        error_of(nine),
        "line 9: expected nothing after the 8 board rows, found \".B\""
    );
    let eleventh = "B\n\n\n\n\n\n\n\n\n \n.B\n";
    assert_eq!(
        error_of(eleventh),
        "line 11: expected nothing after the 8 board rows, found \".B\""
    );
    let tab_inside = "\n\n\n\n\n\n\n\n \t.\n";
    assert_eq!(
        error_of(tab_inside),
        "line 9: expected nothing after the 8 board rows, found \" \\t.\""
    );
}

#[test]
fn a_tab_inside_a_row_is_an_error() {
    assert_eq!(
        error_of("B\t.\n"),
        "line 1: expected 'B', 'W', '.' or a space, found '\\t' in column 2"
    );
    assert_eq!(
        error_of("\n\tB\n"),
        "line 2: expected 'B', 'W', '.' or a space, found '\\t' in column 1"
    );
    assert_eq!(
        error_of("B.......\tB\n"),
        "line 1: expected at most 8 squares, found '\\t' in column 9"
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
        error_of("B.......\u{7}\n"),
        "line 1: expected at most 8 squares, found '\\u{7}' in column 9"
    );
    assert_eq!(
        error_of("B..\u{1b}\n\n\n\n\n\n\n\n"),
        "line 1: expected 'B', 'W', '.' or a space, found '\\u{1b}' in column 4"
    );
}

#[test]
fn parser_rejects_unknown_character() {
    let input = "B.......\n........\n..x.....\n........\n........\n........\n........\n........\n";
    let err = error_of(input);
    assert!(
        err.starts_with("line 3:") && err.contains("'x'") && err.contains("column 3"),
        "{}",
        err
    );
    // Lower-case piece letters are not pieces here.
    assert!(error_of("b\n\n\n\n\n\n\n\n").starts_with("line 1:"));
    // A tab is not a vacant square.
    assert!(error_of("B\t.\n\n\n\n\n\n\n\n").starts_with("line 1:"));
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
    assert_eq!(
        err,
        "line 1: expected at most 8 squares, found 'B' in column 9"
    );
    assert!(parse_board("B....... \n\n\n\n\n\n\n\n").is_ok());
    // Spaces after column 8 are trailing only if nothing follows them.
    let err = error_of("B.......   W\n");
    assert_eq!(
        err,
        "line 1: expected at most 8 squares, found 'W' in column 12"
    );
    let far = format!("B.......{}W\n", " ".repeat(1_000_000));
    assert_eq!(
        error_of(&far),
        "line 1: expected at most 8 squares, found 'W' in column 1000009"
    );
}

#[test]
fn megabytes_of_garbage_are_one_short_error() {
    let garbage = "garbage ".repeat(MAX_INPUT / 8);
    assert_eq!(
        parse_board(&garbage).unwrap_err(),
        "line 1: expected 'B', 'W', '.' or a space, found 'g' in column 1"
    );
    let zeros = format!("{}{}", "\n".repeat(8), "\n\0".repeat((MAX_INPUT - 8) / 2));
    assert_eq!(
        parse_board(&zeros).unwrap_err(),
        "line 10: expected nothing after the 8 board rows, found \"\\0\""
    );
    // More than `MAX_INPUT` bytes: one line, whatever they hold.
    assert_eq!(
        parse_board(&"garbage ".repeat(500_000)).unwrap_err(),
        "expected at most 1048576 bytes of input, found more"
    );
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

/// A board typed below a blank line is shifted down a row, as the rule for
/// rows says (a blank line is a vacant row): the message says so, not only
/// that a piece stands on a light square.
#[test]
fn a_board_below_blank_lines_is_told_shifted() {
    assert_eq!(
        error_of("\nB.......\n........\n"),
        "line 2: expected pieces on dark squares only (row + column even), found 'B' \
         on the light square in column 1 (line 1 is blank, and a blank line is a vacant \
         row: row 0 is line 1, not line 2)"
    );
    // Two blank lines keep the colours of the squares: the ninth line is the error.
    let two = format!("\n\n{}", CANONICAL);
    assert_eq!(
        error_of(&two),
        "line 9: expected nothing after the 8 board rows, found \"........\" (lines 1 to 2 \
         are blank, and a blank line is a vacant row: row 0 is line 1, not line 3)"
    );
    // Without a blank line on top, no such note; nor when all 8 rows are blank.
    assert!(!error_of(".B\n").contains("blank"));
    assert!(!error_of(&format!("{}B\n", "\n".repeat(8))).contains("blank"));
}
