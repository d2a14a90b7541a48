//! Wrong outputs, made on purpose: for holding an output validator (a
//! problem with more than one right answer) to the judge's checker on
//! thousands of outputs, right ones and wrong ones. Each such problem says
//! how to make its own (`WrongOutputs` in its folder); the ways any text can
//! go wrong are here.

use crate::rng::Rng;

/// How to make the (input, output) pairs of a problem's cross-check of its
/// output validator against its checker.
pub struct WrongOutputs {
    /// How many generated inputs (made canonical).
    pub inputs: u64,
    /// Inputs made on purpose, beside the generated ones.
    pub extra_inputs: fn(&mut Rng) -> Vec<String>,
    /// Outputs made from a right answer (`input`, `answer`): some right,
    /// most wrong.
    pub outputs: fn(&str, &str, &mut Rng) -> Vec<String>,
    /// Other inputs with an output each, from one input and its right answer
    /// (a game changed so that the answer no longer fits it).
    pub other_inputs: fn(&str, &str, &mut Rng) -> Vec<(String, String)>,
}

/// The output with its whitespace varied: the tolerated variants (CRLF,
/// blanks at line ends, blank lines at the end, no final newline) and some
/// that are not (a leading blank, a blank line first, a tab inside).
pub fn whitespace_variants(output: &str) -> Vec<String> {
    vec![
        output.replace('\n', "\r\n"),
        output.replace('\n', " \t\n"),
        format!("{}\n \n\r\n", output),
        output.trim_end().to_string(),
        format!(" {}", output),
        format!("\n{}", output),
        output.replacen(',', ", ", 1),
        output.replacen(' ', "\t", 1),
        output.replacen('\n', "\n\n", 1),
    ]
}

/// The output cut, with junk put in, or replaced: mostly wrong.
pub fn text_mutants(output: &str, rng: &mut Rng) -> Vec<String> {
    const JUNK: [&str; 12] = [
        " ", "x", "0", "[", "]", ",", "\t", "-", "b", "é", "\u{a0}", "\u{b}",
    ];
    let chars: Vec<char> = output.chars().collect();
    let cut = rng.below(chars.len() as u64) as usize;
    let at = rng.below(chars.len() as u64 + 1) as usize;
    let junk = rng.pick(&JUNK);
    let with_junk: String =
        chars[..at].iter().collect::<String>() + junk + &chars[at..].iter().collect::<String>();
    vec![
        chars[..cut].iter().collect(),
        with_junk,
        String::new(),
        format!("{}{}", output, output),
        format!("{}{}\n", output, junk),
    ]
}

/// No inputs beyond the generated ones.
pub fn no_extra_inputs(_: &mut Rng) -> Vec<String> {
    Vec::new()
}

/// No other inputs.
pub fn no_other_inputs(_: &str, _: &str, _: &mut Rng) -> Vec<(String, String)> {
    Vec::new()
}
