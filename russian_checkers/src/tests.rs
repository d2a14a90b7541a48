use super::*;

/// The position in `bytes`, read as the program reads standard input.
fn read_position(bytes: &[u8]) -> Result<(Board, Side), String> {
    read_input(&mut &bytes[..]).and_then(|text| parse_position(&text))
}

// --- reading lines ---

/// Every line of `text` as `lines` hands it out, checking the numbering.
fn lines_of(text: &str) -> Vec<&str> {
    lines(text)
        .enumerate()
        .map(|(at, (number, line))| {
            assert_eq!(number, at + 1);
            line
        })
        .collect()
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
}

#[test]
fn a_byte_order_mark_at_the_start_is_skipped() {
    let read = |bytes: &[u8]| read_input(&mut &bytes[..]).unwrap();
    assert_eq!(read(b"\xEF\xBB\xBFab\n"), "ab\n");
    // Only at the start: elsewhere it is a character like any other.
    assert_eq!(read(b"a\xEF\xBB\xBF\n"), "a\u{FEFF}\n");
    assert_eq!(read(b"a\n\xEF\xBB\xBFb"), "a\n\u{FEFF}b");
}

#[test]
fn a_byte_that_is_not_utf8_is_reported_on_its_line() {
    let why = read_input(&mut &b"ok\nok\nbad\xFF\n"[..]).unwrap_err();
    assert_eq!(why, "line 3: expected UTF-8 text, found the byte 0xFF");
    // A character cut short by the end of the input is on its line too.
    let why = read_input(&mut &b"\xEF\xBB\xBFok\n\xC3"[..]).unwrap_err();
    assert!(why.starts_with("line 2: "), "{}", why);
}

#[test]
fn blanks_inside_a_line_count_however_many() {
    let text = format!("a{}b   ", " ".repeat(1000));
    assert_eq!(lines_of(&text), vec![format!("a{}b", " ".repeat(1000))]);
    // Only trailing: a line of nothing but blanks is empty.
    assert_eq!(lines_of(&" \t".repeat(1000)), vec![""]);
}

#[test]
fn long_offending_text_is_cut() {
    let long = "x".repeat(1_000_000);
    assert_eq!(shown(&long), format!("{:?}...", "x".repeat(20)));
    assert_eq!(shown(&"x".repeat(20)), format!("{:?}", "x".repeat(20)));
    // Cut after 20 characters, not bytes: 'é' is two bytes.
    assert_eq!(shown(&"é".repeat(30)), format!("{:?}...", "é".repeat(20)));
}

#[test]
fn control_characters_in_offending_text_are_escaped() {
    assert_eq!(shown("a\tb\r"), "\"a\\tb\\r\"");
}

/// Builds the input text of a position from a list like "Wa1 bd4" (piece
/// letter, then square), plus the turn word.
fn position_text(pieces: &str, turn: &str) -> String {
    let mut rows = vec![vec![b'.'; 8]; 8];
    for token in pieces.split_whitespace() {
        let t = token.as_bytes();
        let file = (t[1] - b'a') as usize;
        let rank = (t[2] - b'1') as usize;
        rows[7 - rank][file] = t[0];
    }
    let mut text = String::new();
    for row in rows {
        text.push_str(std::str::from_utf8(&row).unwrap());
        text.push('\n');
    }
    text.push_str(turn);
    text.push('\n');
    text
}

/// The legal moves of the position described as in `position_text`.
fn moves_of(pieces: &str, turn: &str) -> Vec<String> {
    let (board, side) = parse_position(&position_text(pieces, turn)).unwrap();
    legal_moves(&board, side)
}

fn assert_moves(pieces: &str, turn: &str, expected: &[&str]) {
    let got = moves_of(pieces, turn);
    assert_eq!(got, expected, "position {} {}", pieces, turn);
}

// --- one small position per rule, answers worked out by hand ---

#[test]
fn empty_board_has_no_moves() {
    assert_moves("", "WHITE", &[]);
    assert_moves("", "BLACK", &[]);
}

#[test]
fn white_men_step_forward_only() {
    assert_moves("we3 wa3", "WHITE", &["a3-b4", "e3-d4", "e3-f4"]);
}

#[test]
fn black_men_step_down_the_board() {
    assert_moves("bd6 bh6", "BLACK", &["d6-c5", "d6-e5", "h6-g5"]);
}

#[test]
fn only_the_side_to_move_moves() {
    // White could take b4 (a3:c5), but it is Black's turn, and b4 can't
    // jump a3 (the board ends behind it).
    assert_moves("wa3 bb4", "BLACK", &["b4-c3"]);
    assert_moves("wa3 bb4", "WHITE", &["a3:c5"]);
}

#[test]
fn blocked_men_have_no_moves() {
    // a7 is blocked by b8 with no room behind it; h4 faces g5 backed by f6.
    assert_moves("wa7 bb8 wh4 bg5 bf6", "WHITE", &[]);
}

#[test]
fn men_capture_backwards() {
    assert_moves("wd4 bc3", "WHITE", &["d4:b2"]);
    assert_moves("bd4 we5", "BLACK", &["d4:f6"]);
}

#[test]
fn capture_is_compulsory_for_the_whole_side() {
    // The king on h6 and the man on g3 could move, but c3 can capture.
    assert_moves("Wh6 wg3 wc3 bd4", "WHITE", &["c3:e5"]);
}

#[test]
fn capture_chain_goes_on_while_possible() {
    assert_moves(
        "wa1 bb2 bd4 bd6 bf6",
        "WHITE",
        &["a1:c3:e5:c7", "a1:c3:e5:g7"],
    );
}

#[test]
fn captured_piece_cannot_be_jumped_twice() {
    // The original statement's c3:e5:g3:e5:c7 would jump f4 twice.
    assert_moves("wc3 bd4 bf4 bd6", "WHITE", &["c3:e5:c7", "c3:e5:g3"]);
    // Example 4: after d4:h8 the king faces the jumped g7 again.
    assert_moves("Wd4 bg7 bb2", "WHITE", &["d4:a1", "d4:h8"]);
}

#[test]
fn captured_piece_blocks_the_kings_path() {
    // After c5:a7 the ray back down the diagonal meets the jumped b6,
    // which still stands there, so f2 is out of reach (and vice versa).
    assert_moves("Wc5 bb6 bf2", "WHITE", &["c5:a7", "c5:g1"]);
}

#[test]
fn man_may_land_on_its_own_start_square() {
    assert_moves(
        "wd2 bc3 be3 bc5 be5",
        "WHITE",
        &["d2:b4:d6:f4:d2", "d2:f4:d6:b4:d2"],
    );
}

#[test]
fn king_may_pass_over_its_own_start_square() {
    assert_moves("Wc3 bb2 bb4 bb6 bd6", "WHITE", &["c3:a1", "c3:a5:c7:e5:a1"]);
}

#[test]
fn king_may_land_on_its_own_start_square() {
    assert_moves(
        "Wh4 bc7 bg5 bg3 bd2",
        "WHITE",
        &["h4:d8:a5:e1:h4", "h4:e1:a5:d8:h4"],
    );
}

#[test]
fn man_crowned_mid_capture_goes_on_as_king() {
    assert_moves("wb6 bc7 Bg5", "WHITE", &["b6:d8:h4"]);
    assert_moves("bg3 wf2 Wb4", "BLACK", &["g3:e1:a5"]);
}

#[test]
fn man_crowned_with_nothing_left_stops() {
    assert_moves("wb6 bc7", "WHITE", &["b6:d8"]);
}

#[test]
fn crowned_man_obeys_the_kings_stopping_rule() {
    // After b6:d8 the new king jumps f6 and must stop on g5 (not h4),
    // since only from g5 can it take d2.
    assert_moves("wb6 bc7 bf6 bd2", "WHITE", &["b6:d8:g5:c1"]);
}

#[test]
fn kings_fly_on_simple_moves() {
    let moves = moves_of("Wd4", "WHITE");
    assert_eq!(moves.len(), 13);
    assert!(moves.contains(&"d4-h8".to_string()));
    assert!(moves.contains(&"d4-a1".to_string()));
    assert!(moves.contains(&"d4-g1".to_string()));
    assert!(moves.contains(&"d4-a7".to_string()));
}

#[test]
fn king_simple_moves_stop_at_any_piece() {
    assert_moves(
        "Wd4 wf6 bb2 Ba1 bf2 Bg1",
        "WHITE",
        &[
            "d4-a7", "d4-b6", "d4-c3", "d4-c5", "d4-e3", "d4-e5", "f6-e7", "f6-g7",
        ],
    );
}

#[test]
fn king_captures_at_a_distance_and_lands_anywhere_beyond() {
    assert_moves("Wa1 bd4", "WHITE", &["a1:e5", "a1:f6", "a1:g7", "a1:h8"]);
}

#[test]
fn king_must_stop_where_another_capture_is_possible() {
    assert_moves("Wb8 bc7 bb2", "WHITE", &["b8:e5:a1"]);
    // The original statement's king picture: several stopping squares continue.
    assert_moves(
        "Wa1 bd4 bd6 be7",
        "WHITE",
        &["a1:e5:b8", "a1:e5:c7", "a1:f6:d8"],
    );
}

#[test]
fn king_cannot_jump_two_pieces_in_a_row() {
    assert_moves("Wa1 bc3 bd4", "WHITE", &["a1-b2"]);
}

#[test]
fn king_cannot_jump_its_own_piece() {
    assert_moves("Wa1 wc3 be5", "WHITE", &["a1-b2", "c3-b4", "c3-d4"]);
}

#[test]
fn black_king_must_go_on_capturing() {
    // Example 1 of the statement.
    assert_moves("Bh8 wg7 Wh4 Wd2 Wf2", "BLACK", &["h8:c3:e1:g3", "h8:d4:g1"]);
}

#[test]
fn answer_is_rendered_with_count_first() {
    assert_eq!(
        answer_to(&position_text("", "WHITE")),
        Ok("0\n".to_string())
    );
    assert_eq!(
        answer_to(&position_text("wa3 wc3", "WHITE")),
        Ok("3\na3-b4\nc3-b4\nc3-d4\n".to_string())
    );
}

// --- input handling ---

fn example_text() -> String {
    position_text("wc3 bd4 bf4 bd6", "WHITE")
}

#[test]
fn accepts_crlf_trailing_spaces_and_no_final_newline() {
    let plain = parse_position(&example_text()).unwrap();
    let crlf = example_text().replace('\n', "\r\n");
    assert_eq!(parse_position(&crlf).unwrap(), plain);
    let spaced = example_text().replace('\n', "  \n");
    assert_eq!(parse_position(&spaced).unwrap(), plain);
    let unterminated = example_text().trim_end().to_string();
    assert_eq!(parse_position(&unterminated).unwrap(), plain);
    let extra_blank = example_text() + "\n\n";
    assert_eq!(parse_position(&extra_blank).unwrap(), plain);
}

/// A CR is part of the line end right before a LF, and a character (so an
/// error) anywhere else: before another CR, or as the very last byte.
#[test]
fn a_cr_not_before_a_lf_is_an_error() {
    let canonical = example_text();
    let expected = parse_position(&canonical).unwrap();
    let good = format!("{}\r\n \r\n\t\r\n\r\n", canonical);
    assert_eq!(parse_position(&good), Ok(expected));
    let bad = format!("{}\r\n \r\n\r\r\n\r\n", canonical);
    let why = parse_position(&bad).unwrap_err();
    assert_eq!(
        why,
        "line 12: expected nothing after the turn line, found \"\\r\""
    );
    let why = parse_position(&with_line(3, "..\r.....")).unwrap_err();
    assert!(why.starts_with("line 4: expected "), "{}", why);
}

#[test]
fn a_cr_as_the_very_last_byte_is_an_error() {
    let why = parse_position(&(example_text() + "\r")).unwrap_err();
    assert_eq!(
        why,
        "line 10: expected nothing after the turn line, found \"\\r\""
    );
    let why = parse_position(&(example_text().trim_end().to_string() + "\r")).unwrap_err();
    assert_eq!(why, "line 9: expected WHITE or BLACK, found \"WHITE\\r\"");
}

/// The statement's Input section, case by case: each variant it
/// tolerates reads as the canonical input, each input it rejects fails
/// on the line it names.
#[test]
fn the_statement_input_section_holds() {
    let canonical = example_text();
    let plain = parse_position(&canonical).unwrap();
    let tolerated = [
        canonical.replace('\n', "\r\n"),
        canonical.trim_end().to_string(),
        canonical.replace('\n', " \t\n"),
        canonical.replace('\n', "\t \r\n"),
        canonical.clone() + "\n \n\t\r\n",
        format!("\u{FEFF}{}", canonical),
    ];
    for text in tolerated.iter() {
        assert_eq!(read_position(text.as_bytes()), Ok(plain), "{:?}", text);
    }
    let board_line = "........";
    let rejected: Vec<(Vec<u8>, usize)> = vec![
        // Bytes that are not UTF-8.
        ([canonical.as_bytes(), &b"\xFF\n"[..]].concat(), 10),
        (
            [
                &canonical.as_bytes()[..30],
                b"\xC3",
                &canonical.as_bytes()[31..],
            ]
            .concat(),
            4,
        ),
        // Fewer than 8 board lines, or no turn line.
        (
            format!("{}\nWHITE\n", [board_line; 7].join("\n")).into_bytes(),
            8,
        ),
        (
            canonical
                .lines()
                .take(8)
                .collect::<Vec<_>>()
                .join("\n")
                .into_bytes(),
            9,
        ),
        // A board line not exactly 8 characters from `.wWbB`.
        (with_line(0, ".......").into_bytes(), 1),
        (with_line(0, " ........").into_bytes(), 1),
        (with_line(0, ".......x").into_bytes(), 1),
        (with_line(0, "........\r ").into_bytes(), 1),
        (with_line(0, "........\x0C").into_bytes(), 1),
        (with_line(1, "\u{FEFF}........").into_bytes(), 2),
        (canonical.replacen('\n', "\r\r\n", 1).into_bytes(), 1),
        // A piece on a light square; a man on its crowning rank.
        (with_line(0, "w.......").into_bytes(), 1),
        (with_line(0, ".w......").into_bytes(), 1),
        (with_line(7, "b.......").into_bytes(), 8),
        // A turn line other than WHITE or BLACK.
        (with_line(8, "white").into_bytes(), 9),
        (with_line(8, " WHITE").into_bytes(), 9),
        (with_line(8, "WHITE\r\t").into_bytes(), 9),
        ((canonical.trim_end().to_string() + "\r").into_bytes(), 9),
        (with_line(8, board_line).into_bytes(), 9),
        // Anything but blank lines after the turn line.
        ((canonical.clone() + "\nx\n").into_bytes(), 11),
        ((canonical.clone() + "\x0C\n").into_bytes(), 10),
        ((canonical.clone() + "\r\r\n").into_bytes(), 10),
        ((canonical.clone() + "\r").into_bytes(), 10),
    ];
    for (bytes, line) in rejected.iter() {
        let why = read_position(bytes).expect_err(&format!("accepted {:?}", bytes));
        assert!(
            why.starts_with(&format!("line {}: expected ", line)),
            "{:?} for {:?}",
            why,
            String::from_utf8_lossy(bytes)
        );
    }
}

/// Replaces line `index` (0-based) of the example input.
fn with_line(index: usize, replacement: &str) -> String {
    let mut lines: Vec<String> = example_text().lines().map(String::from).collect();
    lines[index] = replacement.to_string();
    lines.join("\n") + "\n"
}

fn assert_error_names_line(text: &str, line: usize) {
    match parse_position(text) {
        Ok(_) => panic!("accepted malformed input {:?}", text),
        Err(message) => {
            let prefix = format!("line {}:", line);
            assert!(message.starts_with(&prefix), "{:?} for {:?}", message, text);
            assert!(!message.contains('\n'));
        }
    }
}

#[test]
fn rejects_a_missing_row() {
    // Seven rows: the turn word arrives on line 8, where a row belongs.
    let text = position_text("", "WHITE");
    let seven_rows: Vec<&str> = text.lines().skip(1).collect();
    assert_error_names_line(&(seven_rows.join("\n") + "\n"), 8);
}

#[test]
fn rejects_an_extra_row() {
    // Nine rows: line 9 holds a row where the turn word belongs.
    let text = String::from("........\n") + &position_text("", "WHITE");
    assert_error_names_line(&text, 9);
}

#[test]
fn rejects_rows_of_the_wrong_length() {
    assert_error_names_line(&with_line(2, "......."), 3);
    assert_error_names_line(&with_line(4, "........."), 5);
    assert_error_names_line(&with_line(0, ""), 1);
}

#[test]
fn a_huge_row_is_quoted_cut_short() {
    let message = parse_position(&with_line(1, &"x".repeat(1_000_000))).unwrap_err();
    assert_eq!(
        message,
        "line 2: expected rank 7 of the board as 8 characters from .wWbB, \
         found \"xxxxxxxxxxxxxxxxxxxx\"... (1000000 characters)"
    );
}

#[test]
fn a_bad_character_is_shown_escaped() {
    let message = parse_position(&with_line(3, "...\u{7}....")).unwrap_err();
    assert_eq!(
        message,
        "line 4: expected one of .wWbB at d5, found '\\u{7}'"
    );
}

#[test]
fn rejects_unknown_characters() {
    assert_error_names_line(&with_line(1, "...x...."), 2);
    assert_error_names_line(&with_line(7, "o......."), 8);
    assert_error_names_line(&with_line(3, "é......."), 4);
}

#[test]
fn rejects_a_piece_on_a_light_square() {
    // a8 is light (rank 8 + file a = odd).
    assert_error_names_line(&with_line(0, "b......."), 1);
    assert_error_names_line(&with_line(7, ".W......"), 8);
}

#[test]
fn rejects_men_on_their_crowning_rank() {
    assert_error_names_line(&with_line(0, ".w......"), 1);
    assert_error_names_line(&with_line(7, "b......."), 8);
    // Kings there are fine, and so are men on the opposite edge.
    assert!(parse_position(&with_line(0, ".W.b....")).is_ok());
    assert!(parse_position(&with_line(7, "B.w.....")).is_ok());
}

#[test]
fn rejects_a_bad_turn_word() {
    assert_error_names_line(&with_line(8, "white"), 9);
    assert_error_names_line(&with_line(8, "RED"), 9);
    assert_error_names_line(&with_line(8, ""), 9);
    let text = example_text();
    let no_turn: Vec<&str> = text.lines().take(8).collect();
    assert_error_names_line(&no_turn.join("\n"), 9);
}

#[test]
fn rejects_text_after_the_turn() {
    assert_error_names_line(&(example_text() + "\nWHITE\n"), 11);
}

#[test]
fn rejects_bytes_that_are_not_text() {
    let bytes = with_line(1, "b.......").into_bytes();
    let mut broken = bytes.clone();
    broken[10] = 0xFF;
    let message = read_position(&broken).unwrap_err();
    assert_eq!(message, "line 2: expected UTF-8 text, found the byte 0xFF");
    assert!(read_position(&bytes).is_ok());
}

/// A valid input padded with `filler` to exactly `size` bytes.
fn padded(filler: &str, size: usize) -> Vec<u8> {
    let mut text = example_text();
    while text.len() + filler.len() <= size {
        text.push_str(filler);
    }
    text.push_str(&"\n".repeat(size - text.len()));
    text.into_bytes()
}

#[test]
fn an_input_of_exactly_the_limit_is_read() {
    let want = parse_position(&example_text()).unwrap();
    for filler in ["\n", "\r\n", " \t\r\n"].iter() {
        let input = padded(filler, MAX_INPUT);
        assert_eq!(input.len(), 1 << 20);
        assert_eq!(read_position(&input), Ok(want));
    }
}

#[test]
fn one_byte_over_the_limit_is_refused_in_one_line() {
    for filler in ["\n", "\r\n", " \t\r\n"].iter() {
        let input = padded(filler, MAX_INPUT + 1);
        assert_eq!(
            read_position(&input).unwrap_err(),
            "expected at most 1048576 bytes of input, found more"
        );
    }
}

#[test]
fn text_deep_in_the_blank_end_is_found_on_its_line() {
    let text = example_text() + &"\r\n".repeat(100_000) + "\r\n \t x y \r\n\n";
    assert_eq!(
        read_position(text.as_bytes()).unwrap_err(),
        format!(
            "line {}: expected nothing after the turn line, found \" \\t x y\"",
            9 + 100_000 + 2
        )
    );
}

#[test]
fn megabytes_of_garbage_are_one_short_error() {
    let garbage = "garbage ".repeat(500_000);
    assert_eq!(
        read_position(garbage.as_bytes()).unwrap_err(),
        "expected at most 1048576 bytes of input, found more"
    );
    let message = read_position(&garbage.as_bytes()[..1_000_000]).unwrap_err();
    assert_eq!(
        message,
        "line 1: expected rank 8 of the board as 8 characters from .wWbB, \
         found \"garbage garbage garb\"... (999999 characters)"
    );
    let text = example_text() + &"\n\x00".repeat(400_000);
    assert_eq!(
        read_position(text.as_bytes()).unwrap_err(),
        "line 11: expected nothing after the turn line, found \"\\0\""
    );
}

#[test]
fn rejects_empty_input() {
    assert_error_names_line("", 1);
}

// --- a naive second implementation, for the cross-check ---
//
// It works on the text rows themselves (row 0 = rank 8), physically moves
// the piece on a fresh copy of the grid for every jump, and marks each
// jumped piece with 'x' (which is neither empty nor an enemy). Whether a
// king's landing square "allows a further capture" is read off the full
// recursion from that square, not from a separate look-ahead.

type Grid = Vec<Vec<u8>>;

fn naive_is_enemy(cell: u8, white: bool) -> bool {
    if white {
        cell == b'b' || cell == b'B'
    } else {
        cell == b'w' || cell == b'W'
    }
}

fn naive_is_mine(cell: u8, white: bool) -> bool {
    if white {
        cell == b'w' || cell == b'W'
    } else {
        cell == b'b' || cell == b'B'
    }
}

fn naive_on_board(r: i32, c: i32) -> bool {
    (0..8).contains(&r) && (0..8).contains(&c)
}

fn naive_name(r: i32, c: i32) -> String {
    format!("{}{}", (b'a' + c as u8) as char, 8 - r)
}

/// All ways to continue capturing with the piece on (r, c); each is the
/// list of further landing squares. `vec![vec![]]` means "must stop".
fn naive_continuations(g: &Grid, r: i32, c: i32, white: bool) -> Vec<Vec<(i32, i32)>> {
    let piece = g[r as usize][c as usize];
    let king = piece == b'W' || piece == b'B';
    let mut all = Vec::new();
    for &(dr, dc) in &[(-1, -1), (-1, 1), (1, -1), (1, 1)] {
        if king {
            let mut k = 1;
            while naive_on_board(r + k * dr, c + k * dc)
                && g[(r + k * dr) as usize][(c + k * dc) as usize] == b'.'
            {
                k += 1;
            }
            let (vr, vc) = (r + k * dr, c + k * dc);
            if !naive_on_board(vr, vc) || !naive_is_enemy(g[vr as usize][vc as usize], white) {
                continue;
            }
            let mut options = Vec::new();
            let mut j = 1;
            while naive_on_board(vr + j * dr, vc + j * dc)
                && g[(vr + j * dr) as usize][(vc + j * dc) as usize] == b'.'
            {
                let (lr, lc) = (vr + j * dr, vc + j * dc);
                let mut g2 = g.clone();
                g2[r as usize][c as usize] = b'.';
                g2[vr as usize][vc as usize] = b'x';
                g2[lr as usize][lc as usize] = piece;
                options.push(((lr, lc), naive_continuations(&g2, lr, lc, white)));
                j += 1;
            }
            let goes_on = |tails: &Vec<Vec<(i32, i32)>>| tails.iter().any(|t| !t.is_empty());
            let some_go_on = options.iter().any(|o| goes_on(&o.1));
            for (landing, tails) in options {
                if some_go_on && !goes_on(&tails) {
                    continue;
                }
                for tail in tails {
                    let mut chain = vec![landing];
                    chain.extend(tail);
                    all.push(chain);
                }
            }
        } else {
            let (vr, vc, lr, lc) = (r + dr, c + dc, r + 2 * dr, c + 2 * dc);
            if !naive_on_board(lr, lc)
                || !naive_is_enemy(g[vr as usize][vc as usize], white)
                || g[lr as usize][lc as usize] != b'.'
            {
                continue;
            }
            let mut g2 = g.clone();
            g2[r as usize][c as usize] = b'.';
            g2[vr as usize][vc as usize] = b'x';
            let far_row = if white { 0 } else { 7 };
            g2[lr as usize][lc as usize] = if lr == far_row {
                piece.to_ascii_uppercase()
            } else {
                piece
            };
            for tail in naive_continuations(&g2, lr, lc, white) {
                let mut chain = vec![(lr, lc)];
                chain.extend(tail);
                all.push(chain);
            }
        }
    }
    if all.is_empty() {
        all.push(Vec::new());
    }
    all
}

fn naive_moves(rows: &[String], turn: &str) -> Vec<String> {
    let g: Grid = rows.iter().map(|r| r.as_bytes().to_vec()).collect();
    let white = turn == "WHITE";
    let mut captures = Vec::new();
    let mut simple = Vec::new();
    for r in 0..8 {
        for c in 0..8 {
            let piece = g[r as usize][c as usize];
            if !naive_is_mine(piece, white) {
                continue;
            }
            for chain in naive_continuations(&g, r, c, white) {
                if chain.is_empty() {
                    continue;
                }
                let mut text = naive_name(r, c);
                for (lr, lc) in chain {
                    text.push(':');
                    text.push_str(&naive_name(lr, lc));
                }
                captures.push(text);
            }
            let king = piece == b'W' || piece == b'B';
            let forward = if white { -1 } else { 1 };
            for &(dr, dc) in &[(-1, -1), (-1, 1), (1, -1), (1, 1)] {
                if !king && dr != forward {
                    continue;
                }
                let reach = if king { 7 } else { 1 };
                for k in 1..=reach {
                    let (tr, tc) = (r + k * dr, c + k * dc);
                    if !naive_on_board(tr, tc) || g[tr as usize][tc as usize] != b'.' {
                        break;
                    }
                    simple.push(format!("{}-{}", naive_name(r, c), naive_name(tr, tc)));
                }
            }
        }
    }
    let mut answer = if captures.is_empty() {
        simple
    } else {
        captures
    };
    answer.sort();
    answer.dedup();
    answer
}

// --- random positions from a fixed seed ---

struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in 0..n.
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// A random legal-looking position: density from sparse to crowded,
/// sometimes mostly kings, and extra men one step from being crowned.
fn random_rows(rng: &mut SplitMix) -> Vec<String> {
    let density = 2 + rng.below(80); // percent of dark squares occupied
    let king_share = [0, 10, 30, 60, 90][rng.below(5) as usize];
    let white_share = 20 + rng.below(61);
    let near_crowning = rng.below(3) == 0;
    let mut rows = vec![vec![b'.'; 8]; 8];
    for (row, cells) in rows.iter_mut().enumerate() {
        let rank = 7 - row; // 0 = rank 1
        for (file, cell) in cells.iter_mut().enumerate() {
            if (rank + file) % 2 == 1 {
                continue;
            }
            let white_near = near_crowning && rank == 6;
            let black_near = near_crowning && rank == 1;
            let boost = if white_near || black_near { 40 } else { 0 };
            if rng.below(100) >= density + boost {
                continue;
            }
            let white = if white_near {
                rng.below(4) != 0
            } else if black_near {
                rng.below(4) == 0
            } else {
                rng.below(100) < white_share
            };
            let mut king = rng.below(100) < king_share;
            if (white && rank == 7) || (!white && rank == 0) {
                king = true; // a man cannot stand on its crowning rank
            }
            *cell = match (white, king) {
                (true, false) => b'w',
                (true, true) => b'W',
                (false, false) => b'b',
                (false, true) => b'B',
            };
        }
    }
    rows.into_iter()
        .map(|r| String::from_utf8(r).unwrap())
        .collect()
}

fn real_moves(rows: &[String], turn: &str) -> Vec<String> {
    let text = rows.join("\n") + "\n" + turn + "\n";
    let (board, side) = parse_position(&text).unwrap();
    legal_moves(&board, side)
}

#[test]
fn real_and_naive_agree_on_random_positions() {
    let mut rng = SplitMix(0x5EED_0000_2024);
    let mut captures_seen = 0;
    let mut long_chains = 0;
    let mut crowned_mid_capture = 0;
    for _ in 0..12_000 {
        let rows = random_rows(&mut rng);
        let turn = if rng.below(2) == 0 { "WHITE" } else { "BLACK" };
        let real = real_moves(&rows, turn);
        let naive = naive_moves(&rows, turn);
        assert_eq!(real, naive, "position {:?} {}", rows, turn);
        // The answer is strictly increasing: sorted and free of duplicates.
        assert!(real.windows(2).all(|w| w[0] < w[1]));
        if real.iter().any(|m| m.contains(':')) {
            captures_seen += 1;
        }
        if real.iter().any(|m| m.len() >= 11) {
            long_chains += 1;
        }
        let far = if turn == "WHITE" { '8' } else { '1' };
        if real.iter().any(|m| {
            let landings: Vec<char> = m
                .split(':')
                .skip(1)
                .map(|s| s.as_bytes()[1] as char)
                .collect();
            landings.len() > 1 && landings[..landings.len() - 1].contains(&far)
        }) {
            crowned_mid_capture += 1;
        }
    }
    // The generator must actually reach the interesting cases.
    assert!(captures_seen > 3_000, "captures in {}", captures_seen);
    assert!(long_chains > 300, "chains of 3+ jumps in {}", long_chains);
    assert!(
        crowned_mid_capture > 20,
        "crowned mid-capture in {}",
        crowned_mid_capture
    );
    println!(
        "positions with captures {}, with 3+ jumps {}, crowned mid-capture {}",
        captures_seen, long_chains, crowned_mid_capture
    );
}

/// The position seen from the other side: turned half a circle, colours
/// swapped. Its moves must be the original moves, square by square.
fn turned_around(rows: &[String]) -> Vec<String> {
    rows.iter()
        .rev()
        .map(|row| {
            row.chars()
                .rev()
                .map(|c| match c {
                    'w' => 'b',
                    'W' => 'B',
                    'b' => 'w',
                    'B' => 'W',
                    other => other,
                })
                .collect()
        })
        .collect()
}

fn turned_move(m: &str) -> String {
    m.chars()
        .map(|c| match c {
            'a'..='h' => (b'a' + b'h' - c as u8) as char,
            '1'..='8' => (b'1' + b'8' - c as u8) as char,
            other => other,
        })
        .collect()
}

#[test]
fn both_colours_play_by_the_same_rules() {
    let mut rng = SplitMix(0xC0_10_55);
    for _ in 0..3_000 {
        let rows = random_rows(&mut rng);
        let (turn, other) = if rng.below(2) == 0 {
            ("WHITE", "BLACK")
        } else {
            ("BLACK", "WHITE")
        };
        let mut expected: Vec<String> = real_moves(&rows, turn)
            .iter()
            .map(|m| turned_move(m))
            .collect();
        expected.sort();
        assert_eq!(
            real_moves(&turned_around(&rows), other),
            expected,
            "position {:?} {}",
            rows,
            turn
        );
    }
}

#[test]
fn real_and_naive_agree_on_extreme_positions() {
    // The worst cases kept as samples: most moves, longest chains, most
    // simple moves, a crowded board.
    let positions: &[(&[&str], &str)] = &[
        (
            &[
                ".....B..", "....B.b.", ".B.b...B", "......b.", ".b.B.B..", "B.W.b...", ".b.b.B..",
                "........",
            ],
            "WHITE",
        ),
        (
            &[
                ".W.W....", "W.b.b.b.", "........", "......b.", ".b.B...W", "......B.", ".B.b...W",
                "......W.",
            ],
            "WHITE",
        ),
        (
            &[
                "........", "W.b.b.b.", ".b......", "b...b.b.", ".b.b...b", "......b.", ".b.b.b..",
                "........",
            ],
            "WHITE",
        ),
        (
            &[
                ".W.W.W.W", "W.......", ".......W", "W.......", ".......W", "W.......", ".......W",
                "W.W.W.W.",
            ],
            "WHITE",
        ),
        (
            &[
                ".b...b.W", "W.B.B.b.", "...W...W", "..B.b.B.", ".b...B..", "W...B.B.", ".b.B...W",
                "W.B.W.W.",
            ],
            "WHITE",
        ),
        (
            &[
                ".B......", "B...w.W.", ".W......", "B...W.w.", ".w......", "........", ".w.w.w.B",
                "....B.B.",
            ],
            "BLACK",
        ),
    ];
    for &(rows, turn) in positions {
        let rows: Vec<String> = rows.iter().map(|r| r.to_string()).collect();
        let real = real_moves(&rows, turn);
        assert!(
            real.len() >= 49,
            "an extreme position should have many moves"
        );
        assert_eq!(
            real,
            naive_moves(&rows, turn),
            "position {:?} {}",
            rows,
            turn
        );
    }
}
