//! Showing and saving a failing case: the report of the input, our answer,
//! the program's and why it failed; `NAME.in` + `.out` files; the folder
//! check of `--generate`.

use super::case::Case;
use crate::problems::Problem;
use crate::text::{quoted_text, say, say_detail};
use std::fs;
use std::path::Path;

/// Prints the case: a time-out first, then the line saying the program
/// fails it only sometimes (`flaky`), the input, our answer, the program's
/// answer (if it finished), why it failed and the input board.
pub fn report(problem: &Problem, case: &Case, flaky: Option<&str>) {
    let failure = case.failure.as_ref().expect("a failing case");
    for line in failure.time_out.iter().map(String::as_str).chain(flaky) {
        say(line);
    }
    let indented = |title: &str, text: &str| {
        say(&format!("{}:", title));
        if text.trim().is_empty() {
            say("  (nothing)");
        }
        for line in text.lines() {
            say_detail("  ", line);
        }
    };
    // What the program wrote is quoted up to a bound (`text::quoted_text`).
    let quoting = |title: &str, text: &str| indented(title, &quoted_text(text).join("\n"));
    indented("input", &case.input);
    indented("our answer", &case.answer);
    match &case.given {
        Some(given) => quoting("your answer", given),
        None => {
            say("your answer: none (it was stopped before it finished)");
            if !failure.output.is_empty() {
                quoting("its output until then", &failure.output);
            }
        }
    }
    indented(
        &format!("why ({})", failure.verdict),
        &failure.details.join("\n"),
    );
    if let Some(board) = (problem.picture)(&case.input) {
        indented("the input board", &board);
    }
}

/// Writes `NAME.in` and `NAME.out` (our answer) into `dir`.
pub fn save(dir: &Path, name: &str, case: &Case) -> Result<(), String> {
    fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {}", dir.display(), e))?;
    for (ext, text) in [("in", &case.input), ("out", &case.answer)] {
        let path = dir.join(format!("{}.{}", name, ext));
        fs::write(&path, text).map_err(|e| format!("cannot write {}: {}", path.display(), e))?;
    }
    Ok(())
}

/// `--generate` writes into a folder only when it holds no `case-*.in` or
/// `case-*.out` yet: tests of an earlier run (of another seed, or more of
/// them) would otherwise stay behind and mix with the new ones. The judge
/// removes nothing; the user clears the folder or picks another.
pub fn refuse_used_folder(dir: &Path) -> Result<(), String> {
    let entries = match fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(format!("cannot read {}: {}", dir.display(), e)),
    };
    // The one that sorts first is named, whatever order the folder lists.
    let first = entries
        .filter_map(|entry| {
            let name = entry.ok()?.file_name().to_string_lossy().into_owned();
            let ours =
                name.starts_with("case-") && (name.ends_with(".in") || name.ends_with(".out"));
            ours.then_some(name)
        })
        .min();
    match first {
        None => Ok(()),
        Some(name) => Err(format!(
            "{} already holds generated tests ({} ...): remove them or choose another folder",
            dir.display(),
            dir.join(name).display()
        )),
    }
}
