//! Each solution is one file, as an online judge takes it, so the pieces of
//! input and output the solutions share are copies on purpose. This test
//! holds the copies together, as validators/tests/copies.rs holds the
//! validators': each shared item, its doc comment and attributes included,
//! must be the same text in every solution (but for the problem's own name,
//! in `main`'s message), so that a fix to one copy reaches the others. It
//! also holds the shape every solution is written in: the algorithm right
//! after the header, then the part marked "Input and output", where every
//! copy lives; the tests in a file of their own; the whole small enough for
//! every online judge, and its input and output part short.

use std::fs;
use std::path::Path;

/// The problems, from the judge's one table.
fn problems() -> Vec<&'static str> {
    judge::problems::PROBLEMS.iter().map(|p| p.name).collect()
}

/// The items every solution holds a copy of, each named by its first line
/// as written: the input read whole and checked (at most 1 MiB, UTF-8, a
/// byte-order mark dropped), its lines as the statements define them, the
/// quoting of offending input in a message, and `main`.
const COPIES: &[&str] = &[
    "const MAX_INPUT: usize",
    "fn read_input(",
    "fn lines(",
    "fn shown(",
    "fn main(",
];

/// The most bytes a solution file may have: UVa takes 40 KB, SPOJ 50,000,
/// Codeforces 65,536.
const MOST_BYTES: usize = 40_000;

/// The most lines its input and output part may have: about 77 are the
/// shared copies, the rest the problem's own reading, one statement a line.
const MOST_IO_LINES: usize = 160;

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

#[test]
fn the_shared_items_are_the_same_in_every_solution() {
    let sources: Vec<(&str, String)> = problems().into_iter().map(|p| (p, source_of(p))).collect();
    let (first, first_source) = &sources[0];
    for item in COPIES {
        let reference = copy_of(first_source, item, first);
        for (problem, source) in &sources[1..] {
            assert_eq!(
                copy_of(source, item, problem),
                reference,
                "`{}` of {} differs from {}'s: change every copy",
                item,
                problem,
                first
            );
        }
    }
}

/// Each solution reads algorithm first: every copy it holds (`main` among
/// them) comes after its one "Input and output" marker, and no input
/// handling comes before it.
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
        for item in COPIES {
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
        // What reads the input: `read_*` and `parse_*` functions.
        for (at, line) in lines[..marker].iter().enumerate() {
            let reads = line.starts_with("fn read_") || line.starts_with("fn parse_");
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

/// How a solution file is made up, by lines: its header (the `//!` lines
/// that open it), its algorithm (up to the input and output marker), its
/// input and output part (from the marker to the end, the line that names
/// the tests' file left out), and whether it holds tests itself.
#[derive(Debug, PartialEq)]
struct Shape {
    bytes: usize,
    header: usize,
    algorithm: usize,
    input_output: usize,
    inline_tests: bool,
}

fn shape_of(source: &str) -> Shape {
    let lines: Vec<&str> = source.lines().collect();
    let header = lines.iter().take_while(|l| l.starts_with("//!")).count();
    let marker = lines
        .iter()
        .position(|l| l.starts_with(INPUT_AND_OUTPUT))
        .unwrap_or(lines.len());
    // The marker's own rule line, above it, belongs to the part it opens.
    let start = if marker > 0 && lines[marker - 1].starts_with("// ====") {
        marker - 1
    } else {
        marker
    };
    let tests_file = ["#[cfg(test)]", "mod tests;"];
    let input_output = lines[start..]
        .iter()
        .filter(|l| !tests_file.contains(&l.trim()))
        .count();
    let inline_tests = lines
        .iter()
        .any(|l| l.trim() == "#[test]" || l.trim_start().starts_with("mod tests {"));
    Shape {
        bytes: source.len(),
        header,
        algorithm: start - header,
        input_output,
        inline_tests,
    }
}

/// What is wrong with a solution of this shape, if anything.
fn shape_faults(shape: &Shape) -> Vec<String> {
    let mut faults = Vec::new();
    if shape.bytes > MOST_BYTES {
        faults.push(format!(
            "{} bytes, over the {} every online judge takes",
            shape.bytes, MOST_BYTES
        ));
    }
    if shape.inline_tests {
        faults.push("holds tests: they belong in src/tests.rs".to_string());
    }
    if shape.input_output > MOST_IO_LINES {
        faults.push(format!(
            "an input and output part of {} lines, over {}",
            shape.input_output, MOST_IO_LINES
        ));
    }
    if shape.input_output >= shape.header + shape.algorithm {
        faults.push(format!(
            "an input and output part of {} lines, not shorter than the {} of the rest",
            shape.input_output,
            shape.header + shape.algorithm
        ));
    }
    faults
}

#[test]
fn every_solution_fits_every_judge_and_keeps_its_input_and_output_short() {
    let mut faults = Vec::new();
    for problem in problems() {
        let shape = shape_of(&source_of(problem));
        for fault in shape_faults(&shape) {
            faults.push(format!("{}/src/main.rs: {}", problem, fault));
        }
    }
    assert!(faults.is_empty(), "{}", faults.join("\n"));
}

#[test]
fn a_solution_too_long_or_holding_its_tests_is_told() {
    let io: String = (0..10).map(|i| format!("io line {}\n", i)).collect();
    let algorithm: String = (0..20).map(|i| format!("algorithm {}\n", i)).collect();
    let good = format!(
        "//! Header.\n{}// ====\n{}a\n{}#[cfg(test)]\nmod tests;\n",
        algorithm, INPUT_AND_OUTPUT, io
    );
    let shape = shape_of(&good);
    assert_eq!(
        (shape.header, shape.algorithm, shape.input_output),
        (1, 20, 12)
    );
    assert!(shape_faults(&shape).is_empty(), "{:?}", shape);
    let inline = good.replace("mod tests;", "mod tests {\n    #[test]\n    fn t() {}\n}");
    assert_eq!(shape_faults(&shape_of(&inline)).len(), 1);
    let long_io: String = (0..MOST_IO_LINES + 1)
        .map(|i| format!("io {}\n", i))
        .collect();
    let long = good.replace(&io, &long_io);
    let faults = shape_faults(&shape_of(&long));
    assert!(
        faults
            .iter()
            .any(|f| f.contains(&format!("over {}", MOST_IO_LINES))),
        "{:?}",
        faults
    );
    assert!(
        faults.iter().any(|f| f.contains("not shorter")),
        "{:?}",
        faults
    );
    let big = good.replace("Header.", &"h".repeat(MOST_BYTES));
    assert_eq!(shape_faults(&shape_of(&big)).len(), 1);
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

/// The row of docs/solution-layout.md's size table for a solution of this shape.
fn size_row(problem: &str, shape: &Shape) -> String {
    let bytes = match shape.bytes {
        0..=999 => shape.bytes.to_string(),
        _ => format!("{},{:03}", shape.bytes / 1000, shape.bytes % 1000),
    };
    format!(
        "| `{}` | {} | {} | {} | {} |",
        problem, bytes, shape.header, shape.algorithm, shape.input_output
    )
}

/// The table of sizes in docs/solution-layout.md is what the files are now:
/// one row a problem, each as `size_row` writes it.
#[test]
fn the_size_table_in_the_docs_is_true() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/solution-layout.md");
    let doc = fs::read_to_string(&path).expect("docs/solution-layout.md");
    let rows: Vec<&str> = doc.lines().filter(|l| l.starts_with("| `")).collect();
    let wanted: Vec<String> = problems()
        .iter()
        .map(|problem| size_row(problem, &shape_of(&source_of(problem))))
        .collect();
    assert_eq!(
        rows,
        wanted,
        "docs/solution-layout.md's size table should read:\n{}",
        wanted.join("\n")
    );
}

#[test]
fn a_size_row_writes_thousands_as_the_table_does() {
    let mut shape = shape_of("//! Header.\nfn a() {}\n");
    assert_eq!(size_row("alpha", &shape), "| `alpha` | 22 | 1 | 1 | 0 |");
    shape.bytes = 38_007;
    assert_eq!(
        size_row("alpha", &shape),
        "| `alpha` | 38,007 | 1 | 1 | 0 |"
    );
}
