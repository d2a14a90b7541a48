//! One file per problem: everything the judge knows about that problem (its
//! checker and its board picture) lives in `problems/<problem>.rs`, and the
//! table in `main.rs` names those parts.

pub mod checkers_board;
pub mod checkers_pos;
pub mod checks_post_facto;
pub mod russian_checkers;
pub mod solitaire_chess;

#[cfg(test)]
mod package;

/// The lines of an input as the solutions read them: without a leading
/// byte-order mark, each without its line end and trailing blanks, and
/// without the blank lines at the end. The start of each problem's
/// `canonical`.
#[cfg_attr(not(test), allow(dead_code))] // for the problem package export
pub fn tidy_lines(input: &str) -> Vec<&str> {
    let text = input.strip_prefix('\u{feff}').unwrap_or(input);
    crate::lines::lines(text)
        .take(crate::lines::significant_len(text))
        .collect()
}

/// Each line followed by LF.
#[cfg_attr(not(test), allow(dead_code))] // for the problem package export
pub fn lf_lines<S: AsRef<str>>(lines: &[S]) -> String {
    lines
        .iter()
        .map(|line| format!("{}\n", line.as_ref()))
        .collect()
}
