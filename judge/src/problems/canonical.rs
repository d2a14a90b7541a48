//! The lines of an input as the solutions read them, and lines written back
//! with LF: the start and the end of each problem's canonical form.

/// The lines of an input as the solutions read them: without a leading
/// byte-order mark, each without its line end and trailing blanks, and
/// without the blank lines at the end. The start of each problem's
/// `canonical`.
pub fn tidy_lines(input: &str) -> Vec<&str> {
    let text = input.strip_prefix('\u{feff}').unwrap_or(input);
    crate::lines::lines(text)
        .take(crate::lines::significant_len(text))
        .collect()
}

/// Each line followed by LF.
pub fn lf_lines<S: AsRef<str>>(lines: &[S]) -> String {
    lines
        .iter()
        .map(|line| format!("{}\n", line.as_ref()))
        .collect()
}
