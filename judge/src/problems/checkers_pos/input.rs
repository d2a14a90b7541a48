//! The input of checkers_pos as the rules read it (two lists of squares),
//! and its canonical form.

use crate::problems::lf_lines;

/// The input in the canonical form of the problem package (what
/// `validators/src/bin/validate_checkers_pos.rs` accepts): Black's count and squares
/// on line 1, Red's on line 2, single spaces between the numbers, LF line
/// ends. A tolerated variant of a valid input becomes valid; an invalid one
/// stays invalid (tokens after Red's list go on a third line).
pub fn canonical(input: &str) -> String {
    let text = input.strip_prefix('\u{feff}').unwrap_or(input);
    let mut tokens = text.split_whitespace();
    let mut lines = Vec::new();
    for _ in 0..2 {
        let Some(count) = tokens.next() else { break };
        let squares = count.parse::<usize>().map_or(0, |n| n.min(32));
        let list: Vec<&str> = std::iter::once(count)
            .chain(tokens.by_ref().take(squares))
            .collect();
        lines.push(list.join(" "));
    }
    let rest: Vec<&str> = tokens.collect();
    if !rest.is_empty() {
        lines.push(rest.join(" "));
    }
    lf_lines(&lines)
}

/// The two lists of a valid input; `None` otherwise.
pub(super) fn read(input: &str) -> Option<(Vec<usize>, Vec<usize>)> {
    let mut tokens = input.split_whitespace().map(|t| t.parse::<usize>().ok());
    let mut lists = [Vec::new(), Vec::new()];
    for list in lists.iter_mut() {
        let count = tokens.next()??;
        for _ in 0..count.min(32) {
            list.push(tokens.next()??);
        }
    }
    let [black, red] = lists;
    Some((black, red))
}
