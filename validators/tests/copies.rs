//! Each input validator is one file, as a problem package needs, so the few
//! functions they share are copies on purpose. This test holds the copies
//! together: `main` (but for the problem's name in its messages), the
//! reading of canonical lines and the naming of a bad byte must stay the same
//! text in all five, so that a fix to one reaches the others.

use std::fs;

/// The functions every validator has a copy of.
const SHARED: [&str; 3] = ["main", "canonical_lines", "unexpected_byte"];

/// The text of `fn NAME` in `source`, up to its closing brace at the start
/// of a line, with the problem's own name taken out.
fn function(source: &str, name: &str, problem: &str) -> String {
    let start = format!("fn {}(", name);
    let mut lines = source.lines().skip_while(|line| !line.starts_with(&start));
    let mut text = String::new();
    for line in lines.by_ref() {
        text.push_str(line);
        text.push('\n');
        if line == "}" {
            return text.replace(problem, "PROBLEM");
        }
    }
    panic!("{}: no `fn {}` ending with a `}}` line", problem, name)
}

#[test]
fn the_shared_functions_are_the_same_in_every_validator() {
    let root = judge::workspace::root();
    let sources: Vec<(&str, String)> = judge::problems::PROBLEMS
        .iter()
        .map(|p| {
            let path = judge::workspace::Files::of(&root, p.name).input_validator;
            let source = fs::read_to_string(&path)
                .unwrap_or_else(|e| panic!("{}: {}: {}", p.name, path.display(), e));
            (p.name, source)
        })
        .collect();
    for name in SHARED {
        let (first, first_source) = &sources[0];
        let reference = function(first_source, name, first);
        for (problem, source) in &sources[1..] {
            assert_eq!(
                function(source, name, problem),
                reference,
                "`fn {}` of {} differs from {}'s: change every copy",
                name,
                problem,
                first
            );
        }
    }
}

#[test]
fn a_changed_copy_is_told_apart() {
    let alpha = "fn main() {\n    run(\"alpha\");\n}\n";
    let beta = "fn main() {\n    run(\"beta\");\n}\n";
    let beta_changed = "fn main() {\n    run(\"beta\");\n    more();\n}\n";
    assert_eq!(
        function(alpha, "main", "alpha"),
        function(beta, "main", "beta")
    );
    assert_ne!(
        function(alpha, "main", "alpha"),
        function(beta_changed, "main", "beta")
    );
}
