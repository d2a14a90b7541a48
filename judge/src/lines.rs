//! The checker for problems with exactly one right answer: line by line.
//!
//! Tolerated: CRLF or LF line ends, spaces and tabs at the end of a line, blank
//! lines at the end of the output, a missing final newline. Everything else
//! counts, leading and inner spaces included.

/// Accepts `output` when it matches `expected` line by line (see the module doc).
///
/// Works in constant memory: the lines are walked, never collected, so an
/// output of 64 MiB of newlines costs nothing beyond the output itself.
pub fn check(_input: &str, expected: &str, output: &str) -> Result<(), String> {
    let want_len = significant_len(expected);
    let got_len = significant_len(output);
    let mut want = lines(expected).take(want_len);
    let mut got = lines(output).take(got_len);
    let mut at = 0;
    let (w, g) = loop {
        match (want.next(), got.next()) {
            (None, None) => return Ok(()),
            (w, g) if w != g => break (w, g),
            _ => at += 1,
        }
    };
    let mut why = format!("line {}: expected {}, got {}", at + 1, shown(w), shown(g));
    if want_len != got_len {
        why += &format!(
            " ({} expected, {} given)",
            crate::text::counted(want_len, "lines"),
            got_len
        );
    }
    if expected.split_whitespace().eq(output.split_whitespace()) {
        why += "; would match if whitespace were ignored";
    }
    Err(why)
}

/// Every line of `text` with its line end and trailing blanks removed.
pub fn lines(text: &str) -> impl Iterator<Item = &str> {
    text.split('\n')
        .map(|line| line.trim_end_matches([' ', '\t', '\r']))
}

/// How many lines count: all of them up to the last one that is not empty
/// (trailing empty lines are dropped).
pub fn significant_len(text: &str) -> usize {
    lines(text)
        .enumerate()
        .filter(|(_, line)| !line.is_empty())
        .last()
        .map_or(0, |(index, _)| index + 1)
}

/// A line as the report shows it: quoted, cut when long, or `end of output`.
fn shown(line: Option<&str>) -> String {
    match line {
        None => "end of output".to_string(),
        Some(line) => quoted(line),
    }
}

/// A line quoted for a report, cut after 80 characters when longer.
pub fn quoted(line: &str) -> String {
    const MAX: usize = 80;
    if line.chars().nth(MAX).is_some() {
        let cut: String = line.chars().take(MAX).collect();
        format!("{:?}...", cut)
    } else {
        format!("{:?}", line)
    }
}

#[cfg(test)]
mod tests {
    use super::check;

    fn accepts(expected: &str, output: &str) -> bool {
        check("", expected, output).is_ok()
    }

    #[test]
    fn identical_answers_match() {
        assert!(accepts(
            "2\nc3:e5:c7\nc3:e5:g3\n",
            "2\nc3:e5:c7\nc3:e5:g3\n"
        ));
    }

    #[test]
    fn line_ends_and_trailing_blanks_do_not_matter() {
        assert!(accepts("2\nab\n", "2\r\nab\r\n"));
        assert!(accepts("2\nab\n", "2  \nab\t\n"));
        assert!(accepts("2\nab\n", "2\nab"));
        assert!(accepts("2\nab\n", "2\nab\n\n\n"));
        assert!(accepts("2\nab\n\n", "2\nab"));
        assert!(accepts("0\n", "0 \r\n \r\n"));
    }

    #[test]
    fn leading_and_inner_spaces_matter() {
        assert!(!accepts("4 5\n", " 4 5\n"));
        assert!(!accepts("4 5\n", "4  5\n"));
        assert!(!accepts("4 5\n", "4\t5\n"));
    }

    #[test]
    fn a_blank_line_inside_the_output_matters() {
        assert!(!accepts("1\n2\n", "1\n\n2\n"));
    }

    #[test]
    fn reports_the_first_differing_line() {
        let why = check("", "2\nc3:e5:c7\nc3:e5:g3\n", "2\nc3:e5:c7\nc3:e5:h2\n").unwrap_err();
        assert_eq!(why, "line 3: expected \"c3:e5:g3\", got \"c3:e5:h2\"");
    }

    #[test]
    fn reports_missing_and_extra_lines() {
        let why = check("", "1\n2\n", "1\n").unwrap_err();
        assert_eq!(
            why,
            "line 2: expected \"2\", got end of output (2 lines expected, 1 given)"
        );
        let why = check("", "1\n", "1\n2\n").unwrap_err();
        assert_eq!(
            why,
            "line 2: expected end of output, got \"2\" (1 line expected, 2 given)"
        );
        let why = check("", "7\n", "").unwrap_err();
        assert!(why.starts_with("line 1: expected \"7\", got end of output"));
    }

    #[test]
    fn says_when_only_whitespace_differs() {
        let why = check("", "4 5\n", "4\n5\n").unwrap_err();
        assert!(
            why.ends_with("would match if whitespace were ignored"),
            "{}",
            why
        );
        let why = check("", "4 5\n", "4 6\n").unwrap_err();
        assert!(!why.contains("whitespace"), "{}", why);
    }

    #[test]
    fn millions_of_blank_lines_at_the_end_are_tolerated() {
        let padded = format!("2\nab\n{}", " \r\n".repeat(1_000_000));
        assert!(accepts("2\nab\n", &padded));
        let why = check("", "2\nab\n", &(padded + "x")).unwrap_err();
        assert_eq!(
            why,
            "line 3: expected end of output, got \"\" (2 lines expected, 1000003 given)"
        );
    }

    #[test]
    fn the_line_count_ignores_only_the_blank_lines_at_the_end() {
        assert_eq!(super::significant_len(""), 0);
        assert_eq!(super::significant_len("\n \r\n\t"), 0);
        assert_eq!(super::significant_len("a"), 1);
        assert_eq!(super::significant_len("\n\na\n\n"), 3);
        assert_eq!(super::significant_len("a\n\nb \r\n\n"), 3);
    }

    #[test]
    fn cuts_long_lines_in_the_report() {
        let long = "x".repeat(500);
        let why = check("", "short\n", &long).unwrap_err();
        assert!(why.len() < 200, "{}", why);
        assert!(why.contains("..."));
    }
}
