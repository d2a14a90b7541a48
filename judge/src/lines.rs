//! The checker for problems with exactly one right answer: line by line.
//!
//! Tolerated: CRLF or LF line ends, spaces and tabs at the end of a line, blank
//! lines at the end of the output, a missing final newline. Everything else
//! counts, leading and inner spaces included.

/// Accepts `output` when it matches `expected` line by line (see the module doc).
pub fn check(_input: &str, expected: &str, output: &str) -> Result<(), String> {
    let want = significant_lines(expected);
    let got = significant_lines(output);
    if want == got {
        return Ok(());
    }
    let at = want
        .iter()
        .zip(&got)
        .position(|(w, g)| w != g)
        .unwrap_or_else(|| want.len().min(got.len()));
    let mut why = format!(
        "line {}: expected {}, got {}",
        at + 1,
        shown(want.get(at)),
        shown(got.get(at))
    );
    if want.len() != got.len() {
        why += &format!(
            " ({} line{} expected, {} given)",
            want.len(),
            plural(want.len()),
            got.len()
        );
    }
    if expected.split_whitespace().eq(output.split_whitespace()) {
        why += "; would match if whitespace were ignored";
    }
    Err(why)
}

/// The lines that count: line ends and trailing blanks removed, trailing empty
/// lines dropped.
fn significant_lines(text: &str) -> Vec<&str> {
    let mut lines: Vec<&str> = text
        .split('\n')
        .map(|line| line.trim_end_matches([' ', '\t', '\r']))
        .collect();
    while lines.last() == Some(&"") {
        lines.pop();
    }
    lines
}

/// A line as the report shows it: quoted, cut when long, or `end of output`.
fn shown(line: Option<&&str>) -> String {
    const MAX: usize = 80;
    match line {
        None => "end of output".to_string(),
        Some(line) if line.chars().count() > MAX => {
            let cut: String = line.chars().take(MAX).collect();
            format!("{:?}...", cut)
        }
        Some(line) => format!("{:?}", line),
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
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
    fn cuts_long_lines_in_the_report() {
        let long = "x".repeat(500);
        let why = check("", "short\n", &long).unwrap_err();
        assert!(why.len() < 200, "{}", why);
        assert!(why.contains("..."));
    }
}
