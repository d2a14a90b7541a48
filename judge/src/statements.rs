//! What the statements must say, and must not: each problem's `README.md`
//! has a `## Limits` section naming its time limit (CPU time) and its memory
//! limit, which must be the judge's own (`PROBLEMS`); and its package
//! statement, rendered, speaks to contestants only (no word of this
//! repository's program, judge or test files).

use std::fs;

/// The two figures a statement's `## Limits` section states.
#[derive(Debug, PartialEq, Eq)]
struct StatedLimits {
    time_limit_ms: u64,
    memory_limit_mb: u64,
}

/// The lines of the section headed `## <title>`, up to the next `## ` heading.
fn section<'a>(statement: &'a str, title: &str) -> Result<Vec<&'a str>, String> {
    let heading = format!("## {}", title);
    let mut lines = statement
        .lines()
        .skip_while(|line| line.trim_end() != heading);
    if lines.next().is_none() {
        return Err(format!("no `{}` section", heading));
    }
    Ok(lines.take_while(|line| !line.starts_with("## ")).collect())
}

/// The number between `before` and `after` on the one line of `lines` that
/// starts with `before`; an error when there is no such line, or several.
fn stated_number(lines: &[&str], before: &str, after: &str) -> Result<u64, String> {
    let stated: Vec<&str> = lines
        .iter()
        .filter_map(|line| line.strip_prefix(before))
        .collect();
    if stated.len() != 1 {
        return Err(format!(
            "expected one line `{}N{}`, found {}",
            before,
            after,
            stated.len()
        ));
    }
    stated[0]
        .strip_suffix(after)
        .and_then(|number| number.parse().ok())
        .ok_or_else(|| {
            format!(
                "expected `{}N{}`, found `{}{}`",
                before, after, before, stated[0]
            )
        })
}

/// What a statement's `## Limits` section says, in the form every statement
/// uses:
///
/// ```text
/// - Time limit: 1000 ms of CPU time per test.
/// - Memory limit: 256 MiB.
/// ```
fn stated_limits(statement: &str) -> Result<StatedLimits, String> {
    let limits = section(statement, "Limits")?;
    Ok(StatedLimits {
        time_limit_ms: stated_number(&limits, "- Time limit: ", " ms of CPU time per test.")?,
        memory_limit_mb: stated_number(&limits, "- Memory limit: ", " MiB.")?,
    })
}

#[test]
fn every_statement_states_the_judges_limits() {
    for problem in crate::problems::PROBLEMS {
        let path = crate::workspace::root()
            .join(problem.name)
            .join("README.md");
        let statement = fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("cannot read {}: {}", path.display(), e));
        let stated =
            stated_limits(&statement).unwrap_or_else(|why| panic!("{}: {}", path.display(), why));
        let judged = StatedLimits {
            time_limit_ms: problem.time_limit_ms,
            memory_limit_mb: problem.memory_limit_mb,
        };
        assert_eq!(stated, judged, "{} (left: stated)", path.display());
        // No second, possibly stale, figure elsewhere in the statement.
        for word in ["Time limit:", "Memory limit:"].iter() {
            assert_eq!(
                statement.matches(word).count(),
                1,
                "{} names \"{}\" more than once",
                path.display(),
                word
            );
        }
    }
}

#[test]
fn every_problem_folder_is_one_the_judge_knows() {
    // A problem added to the workspace gets its limits in PROBLEMS, and so
    // in the test above.
    let mut folders = Vec::new();
    for entry in fs::read_dir(crate::workspace::root()).expect("the workspace is readable") {
        let path = entry.expect("a readable entry").path();
        if path.join("README.md").is_file() && path.join("src").join("main.rs").is_file() {
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            if name != "judge" {
                folders.push(name);
            }
        }
    }
    folders.sort();
    let mut known: Vec<String> = crate::problems::PROBLEMS
        .iter()
        .map(|p| p.name.to_string())
        .collect();
    known.sort();
    assert_eq!(folders, known);
}

#[test]
fn limits_are_read_from_their_own_section_only() {
    let good = "# p\n\n## Limits\n\n- Time limit: 1500 ms of CPU time per test.\n- Memory limit: 64 MiB.\n\n## Next\n";
    assert_eq!(
        stated_limits(good),
        Ok(StatedLimits {
            time_limit_ms: 1500,
            memory_limit_mb: 64
        })
    );
    let outside =
        "- Time limit: 1500 ms of CPU time per test.\n## Limits\n\n- Memory limit: 64 MiB.\n";
    assert!(stated_limits(outside).unwrap_err().contains("found 0"));
    let twice = good.replace(
        "- Memory",
        "- Time limit: 9 ms of CPU time per test.\n- Memory",
    );
    assert!(stated_limits(&twice).unwrap_err().contains("found 2"));
    let other_unit = good.replace("64 MiB.", "64 MB.");
    assert!(stated_limits(&other_unit).is_err());
    assert!(stated_limits("# p\n\nno limits\n").is_err());
}

/// What a package's statement must not say: it speaks to contestants, not
/// to readers of this repository (its program, its judge, its solution, its
/// test files). Matched in lower case, as whole words.
const REPOSITORY_TALK: &[&str] = &[
    "the program",
    "our program",
    "the judge",
    "judge accepts",
    "the checker",
    "its checker",
    "our solution",
    "the solution",
    "our answer",
    "sample's answer",
    "repository",
    "standard error",
    "tolerates",
];

/// Whether `phrase` occurs in `text` with no letter or digit right before
/// or after it (`the judge` is not in `the judges'`).
fn has_phrase(text: &str, phrase: &str) -> bool {
    let word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric());
    text.match_indices(phrase).any(|(at, _)| {
        !word(text[..at].chars().next_back()) && !word(text[at + phrase.len()..].chars().next())
    })
}

/// The names of a problem's test files, without `.in`: none may appear in
/// its package statement (secret tests are secret; samples are shown, not
/// named).
fn test_names(problem: &str) -> Vec<String> {
    let dir = crate::workspace::root().join("samples").join(problem);
    let mut names = Vec::new();
    for entry in fs::read_dir(&dir).expect("the samples folder is readable") {
        let name = entry.expect("an entry").file_name();
        if let Some(stem) = name.to_string_lossy().strip_suffix(".in") {
            names.push(stem.to_string());
        }
    }
    names
}

/// What in `statement` speaks to the repository's readers: each phrase
/// found and each test file named.
fn repository_talk(statement: &str, tests: &[String]) -> Vec<String> {
    // One space for every run of whitespace: a phrase may span a line end.
    let lower = statement
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase();
    let mut found: Vec<String> = REPOSITORY_TALK
        .iter()
        .filter(|phrase| has_phrase(&lower, phrase))
        .map(|phrase| format!("says {:?}", phrase))
        .collect();
    for test in tests {
        if statement.contains(test.as_str()) {
            found.push(format!("names the test file {}", test));
        }
    }
    found
}

#[test]
fn package_statements_speak_to_contestants_only() {
    let pandoc = std::process::Command::new("pandoc")
        .arg("--version")
        .output()
        .is_ok();
    let mut problems_found = Vec::new();
    for problem in crate::problems::PROBLEMS {
        let path = crate::workspace::root()
            .join(problem.name)
            .join("README.md");
        let readme = fs::read_to_string(&path).expect("a readable statement");
        let markdown = crate::statement::statement_markdown(&readme);
        let figures = path.with_file_name("figures");
        let widths = crate::statement::figure_widths(&markdown, &figures)
            .unwrap_or_else(|why| panic!("{}: {}", problem.name, why));
        // The rendered statement, where pandoc is installed (CI installs it);
        // the markdown it is rendered from everywhere.
        let rendered = if pandoc {
            crate::statement::statement_tex(problem.package.title, &markdown, &widths)
                .unwrap_or_else(|why| panic!("{}: {}", problem.name, why))
        } else {
            eprintln!("pandoc is not installed: checking the statement's markdown only");
            markdown.clone()
        };
        let tests = test_names(problem.name);
        assert!(tests.len() >= 5, "{}: its tests", problem.name);
        let mut found = repository_talk(&markdown, &tests);
        for more in repository_talk(&rendered, &tests) {
            if !found.contains(&more) {
                found.push(more);
            }
        }
        if !found.is_empty() {
            problems_found.push(format!("{}: {}", problem.name, found.join("; ")));
        }
    }
    assert!(
        problems_found.is_empty(),
        "package statements that speak of this repository (mark the passage \
         `<!-- repository only -->` or reword it for contestants):\n{}",
        problems_found.join("\n")
    );
}

#[test]
fn repository_talk_is_found_as_whole_words() {
    let tests = ["15-single-piece".to_string()];
    assert!(repository_talk("The judges' test data is plain.", &tests).is_empty());
    let found = repository_talk(
        "The program prints one. The judge\naccepts it (see 15-single-piece.in).",
        &tests,
    );
    assert_eq!(
        found,
        [
            "says \"the program\"",
            "says \"the judge\"",
            "says \"judge accepts\"",
            "names the test file 15-single-piece"
        ]
    );
    assert!(has_phrase("see the solution.", "the solution"));
    assert!(!has_phrase("see the solutions", "the solution"));
}
