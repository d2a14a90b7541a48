//! russian_checkers: every legal move of the side to play in Russian draughts.
//!
//! The input is 8 rows of `.wWbB` (rank 8 first, file a first) and `WHITE` or
//! `BLACK`; the answer is the count of moves, then the moves in byte order.
//! There is one right answer, so it is compared line by line; when it differs,
//! the report also lists the moves missing from the output and the extra ones.

use std::collections::BTreeMap;

/// Accepts `output` when it matches `expected` line by line; otherwise says
/// where it first differs, then which moves are missing and which are extra.
pub fn check(input: &str, expected: &str, output: &str) -> Result<(), String> {
    let Err(first_difference) = crate::lines::check(input, expected, output) else {
        return Ok(());
    };
    let mut why = vec![first_difference];
    let want = moves(expected);
    let got = moves(output);
    let missing = minus(&want, &got);
    let extra = minus(&got, &want);
    if !missing.is_empty() {
        why.push(listed("missing", &missing));
    }
    if !extra.is_empty() {
        why.push(listed("extra", &extra));
    }
    if missing.is_empty() && extra.is_empty() && want != got {
        why.push("the same moves in another order: they go in byte order".to_string());
    }
    Err(why.join("\n"))
}

/// The move lines of an answer (after the count line), as compared: line
/// ends and trailing blanks dropped, blank lines skipped.
fn moves(text: &str) -> Vec<&str> {
    text.lines()
        .skip(1)
        .map(|line| line.trim_end_matches([' ', '\t', '\r']))
        .filter(|line| !line.is_empty())
        .collect()
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

/// `missing 3: a3-b4 c3-d4 e3-f4`, at most 20 moves shown.
fn listed(what: &str, moves: &[&str]) -> String {
    const SHOWN: usize = 20;
    let mut text = format!(
        "{} {}: {}",
        what,
        moves.len(),
        moves[..moves.len().min(SHOWN)].join(" ")
    );
    if moves.len() > SHOWN {
        text += &format!(" ... ({} more)", moves.len() - SHOWN);
    }
    text
}

/// The input board with files a–h and ranks 1–8, light squares left blank,
/// and the side to move; `None` when the input is not a board.
pub fn picture(input: &str) -> Option<String> {
    let mut lines = input.lines().map(|line| line.trim_end());
    let rows: Vec<Vec<char>> = lines
        .by_ref()
        .take(8)
        .map(|l| l.chars().collect())
        .collect();
    if rows.len() != 8 || rows.iter().any(|row| row.len() != 8) {
        return None;
    }
    let mut text = String::new();
    for (i, row) in rows.iter().enumerate() {
        let rank = 8 - i;
        text += &format!("{} ", rank);
        for (file, &c) in row.iter().enumerate() {
            // a1 is dark: a square is dark when its file index and rank add up to an odd number.
            let dark = (file + rank) % 2 == 1;
            text.push(' ');
            text.push(if c == '.' && !dark { ' ' } else { c });
        }
        text.push('\n');
    }
    text += "   a b c d e f g h\n";
    if let Some(side) = lines.find(|line| !line.is_empty()) {
        text += &format!("{} to move\n", side);
    }
    Some(text)
}

#[cfg(test)]
mod tests {
    use super::{check, picture};

    #[test]
    fn a_right_answer_passes() {
        assert!(check("", "2\na3-b4\nc3-d4\n", "2\r\na3-b4\r\nc3-d4").is_ok());
    }

    #[test]
    fn names_the_missing_and_the_extra_moves() {
        let why = check("", "3\na3-b4\nc3-b4\nc3-d4\n", "3\na3-b4\nc3-d4\ne3-f4\n").unwrap_err();
        let lines: Vec<&str> = why.lines().collect();
        assert_eq!(
            lines,
            [
                "line 3: expected \"c3-b4\", got \"c3-d4\"",
                "missing 1: c3-b4",
                "extra 1: e3-f4"
            ]
        );
    }

    #[test]
    fn a_short_list_has_only_missing_moves_and_a_repeated_move_is_extra() {
        let why = check("", "2\na3-b4\nc3-d4\n", "1\na3-b4\n").unwrap_err();
        assert!(why.ends_with("\nmissing 1: c3-d4"), "{}", why);
        assert!(!why.contains("extra"), "{}", why);
        let why = check("", "1\na3-b4\n", "2\na3-b4\na3-b4\n").unwrap_err();
        assert!(why.ends_with("\nextra 1: a3-b4"), "{}", why);
    }

    #[test]
    fn the_same_moves_out_of_order_are_named_so() {
        let why = check("", "2\na3-b4\nc3-d4\n", "2\nc3-d4\na3-b4\n").unwrap_err();
        assert!(why.ends_with("\nthe same moves in another order: they go in byte order"));
    }

    #[test]
    fn long_lists_are_cut() {
        let want: Vec<String> = (0..30).map(|i| format!("m{:02}", i)).collect();
        let expected = format!("30\n{}\n", want.join("\n"));
        let why = check("", &expected, "0\n").unwrap_err();
        assert!(why.contains("missing 30: m00 m01"), "{}", why);
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
