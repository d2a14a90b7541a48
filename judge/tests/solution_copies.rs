//! Each solution is one file, as an online judge takes it, so the pieces of
//! input and output the solutions share are copies on purpose. This test
//! holds the copies together, as validators/tests/copies.rs holds the
//! validators': each shared item, its doc comment and attributes included,
//! must be the same text in every solution that holds it (but for the
//! problem's own name, in `main`'s message), so that a fix to one copy
//! reaches the others. It also holds the order every solution is written in:
//! the algorithm right after the header, then the part marked "Input and
//! output", which is where every copy lives.

use std::fs;
use std::path::Path;

/// The problems, from the judge's one table.
fn problems() -> Vec<&'static str> {
    judge::problems::PROBLEMS.iter().map(|p| p.name).collect()
}

/// Some items and the solutions that must each hold a copy of them. An item
/// is named by its first line as written (indented for one inside an `impl`);
/// every item so starting counts, so both `#[cfg]` twins of a function are
/// held.
struct Copies {
    items: &'static [&'static str],
    /// The problems whose solution holds the items; `EVERY` for all.
    holders: &'static [&'static str],
}

const EVERY: &[&str] = &[];

const COPIES: &[Copies] = &[
    // Answers are written, and a closed standard output is told, alike.
    Copies {
        items: &[
            "fn write_answer(",
            "fn stdout_is_closed(",
            "fn opened_read_write(",
        ],
        holders: EVERY,
    },
    // solitaire_chess reads its input byte by byte and checks its standard
    // output before its search; checkers_pos reads tokens, not lines, but
    // decodes them as the line readers do.
    Copies {
        items: &["fn utf8_text(", "fn shown(", "fn main("],
        holders: &[
            "russian_checkers",
            "checkers_board",
            "checkers_pos",
            "checks_post_facto",
        ],
    },
    // The line reader's parts that checks_post_facto's variant shares: it
    // also drops the blanks that start a line, and its `LineBuilder` takes
    // the byte-order mark.
    Copies {
        items: &[
            "const LINE_CAP: usize",
            "fn keep(",
            "struct LineReader<R> {",
            "    fn new(input: R) -> LineReader<R> {",
            "    fn read_into(",
            "    fn finish(",
        ],
        holders: &["russian_checkers", "checkers_board", "checks_post_facto"],
    },
    // The whole line reader, the same in both board readers.
    Copies {
        items: &[
            "fn is_trailing_blank(",
            "struct Line {",
            "struct LineBuilder {",
            "impl LineBuilder {",
            "impl<R: BufRead> LineReader<R> {",
        ],
        holders: &["russian_checkers", "checkers_board"],
    },
];

/// The line that starts the input and output part of every solution.
const INPUT_AND_OUTPUT: &str = "// Input and output: ";

/// Where (0-based line) and what every item of `source` starting with the
/// line `first` is: its doc comment and attributes, then its lines up to the
/// closing brace at its own indentation (or its one line, when that ends
/// with `;` or `}`),
/// the problem's own name taken out. Empty when there is none.
fn items(source: &str, first: &str, problem: &str) -> Vec<(usize, String)> {
    let lines: Vec<&str> = source.lines().collect();
    let indent = &first[..first.len() - first.trim_start().len()];
    let closing = format!("{}}}", indent);
    let mut found = Vec::new();
    for (at, line) in lines.iter().enumerate() {
        if !line.starts_with(first) {
            continue;
        }
        let mut start = at;
        while start > 0 && is_doc_or_attribute(lines[start - 1]) {
            start -= 1;
        }
        let end = if line.ends_with(';') || line.ends_with('}') {
            at
        } else {
            let end = lines[at..].iter().position(|&l| l == closing);
            let end = end.unwrap_or_else(|| panic!("{}: `{}` never closes", problem, first));
            at + end
        };
        let text = lines[start..=end].join("\n").replace(problem, "PROBLEM");
        found.push((start, text));
    }
    found
}

fn is_doc_or_attribute(line: &str) -> bool {
    let line = line.trim_start();
    line.starts_with("///") || line.starts_with("#[")
}

/// The text of every item of `source` starting with the line `first`, which
/// must be there: a solution that should hold a copy and does not is an
/// error, not a copy fewer to compare.
fn copy_of(source: &str, first: &str, problem: &str) -> String {
    let found = items(source, first, problem);
    assert!(
        !found.is_empty(),
        "{}/src/main.rs has no item starting `{}`: it should hold a copy \
         (or take it off COPIES in judge/tests/solution_copies.rs)",
        problem,
        first.trim_start()
    );
    let texts: Vec<String> = found.into_iter().map(|(_, text)| text).collect();
    texts.join("\n")
}

fn source_of(problem: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join(problem)
        .join("src")
        .join("main.rs");
    fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {}", path.display(), e))
}

fn holders(copies: &Copies) -> Vec<&'static str> {
    if copies.holders.is_empty() {
        problems()
    } else {
        copies.holders.to_vec()
    }
}

#[test]
fn the_shared_items_are_the_same_in_every_solution_that_holds_them() {
    for copies in COPIES {
        let holders = holders(copies);
        for holder in &holders {
            assert!(problems().contains(holder), "{} is no problem", holder);
        }
        let sources: Vec<(&str, String)> = holders.iter().map(|&p| (p, source_of(p))).collect();
        let (first, first_source) = &sources[0];
        for item in copies.items {
            let reference = copy_of(first_source, item, first);
            for (problem, source) in &sources[1..] {
                assert_eq!(
                    copy_of(source, item, problem),
                    reference,
                    "`{}` of {} differs from {}'s: change every copy",
                    item.trim_start(),
                    problem,
                    first
                );
            }
        }
    }
}

/// Each solution reads algorithm first: its one "Input and output" marker
/// comes before its tests, every copy it holds and its `main` come after
/// the marker, and no input handling comes before it.
#[test]
fn every_solution_has_its_input_and_output_last() {
    for problem in problems() {
        let source = source_of(problem);
        let lines: Vec<&str> = source.lines().collect();
        let marked: Vec<usize> = (0..lines.len())
            .filter(|&at| lines[at].starts_with(INPUT_AND_OUTPUT))
            .collect();
        assert_eq!(
            marked.len(),
            1,
            "{}: one `{}` line",
            problem,
            INPUT_AND_OUTPUT
        );
        let marker = marked[0];
        let tests = lines.iter().position(|&l| l == "mod tests {");
        assert!(
            tests.map_or(true, |tests| marker < tests),
            "{}: input and output come before the tests",
            problem
        );
        let mut held = vec!["fn main("];
        for copies in COPIES.iter().filter(|c| holders(c).contains(&problem)) {
            held.extend(copies.items.iter());
        }
        for item in held {
            for (at, _) in items(&source, item, problem) {
                assert!(
                    at > marker,
                    "{}: `{}` (line {}) belongs after the input and output marker (line {})",
                    problem,
                    item.trim_start(),
                    at + 1,
                    marker + 1
                );
            }
        }
        // What reads the input: a line or token reader, or `read_*` functions.
        for (at, line) in lines[..marker].iter().enumerate() {
            let reads = line.starts_with("fn read_")
                || line.starts_with("struct LineReader")
                || line.starts_with("struct TokenReader")
                || line.starts_with("struct BoardReader");
            assert!(
                !reads,
                "{}: line {}, `{}`, reads input before the input and output marker",
                problem,
                at + 1,
                line
            );
        }
    }
}

#[test]
fn a_changed_copy_is_told_apart() {
    let alpha = "/// Runs.\nfn main() {\n    run(\"alpha\");\n}\n";
    let beta = "/// Runs.\nfn main() {\n    run(\"beta\");\n}\n";
    let beta_changed = "/// Runs.\nfn main() {\n    run(\"beta\");\n    more();\n}\n";
    let beta_redocumented = "/// Runs it.\nfn main() {\n    run(\"beta\");\n}\n";
    let main = |source, problem| copy_of(source, "fn main(", problem);
    assert_eq!(main(alpha, "alpha"), main(beta, "beta"));
    assert_ne!(main(alpha, "alpha"), main(beta_changed, "beta"));
    assert_ne!(main(alpha, "alpha"), main(beta_redocumented, "beta"));
}

#[test]
fn an_item_inside_an_impl_ends_at_its_own_closing_brace() {
    let source = "impl A {\n    fn f() {\n        if x {\n        }\n    }\n    fn g() {}\n}\n";
    let found = items(source, "    fn f(", "zeta");
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].1, "    fn f() {\n        if x {\n        }\n    }");
    let consts = items(
        "/// Cap.\nconst CAP: usize = 1;\nfn f() {}\n",
        "const CAP",
        "zeta",
    );
    assert_eq!(consts, [(0, "/// Cap.\nconst CAP: usize = 1;".to_string())]);
}

#[test]
#[should_panic(expected = "should hold a copy")]
fn a_missing_copy_fails_loudly() {
    copy_of("fn main() {\n}\n", "fn utf8_text(", "alpha");
}
