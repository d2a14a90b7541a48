//! `--export DIR`: one problem package per problem, `DIR/<short name>/`, in
//! the legacy ICPC/Kattis problem package format (problemtools'
//! `verifyproblem` checks it; DOMjudge and Kattis import it).
//!
//! Everything in a package comes from the repository, copied or computed,
//! never written twice:
//! - `problem.yaml`: the problem's facts from its row in `problems/mod.rs`,
//!   the rights owner from `LICENSE-MIT`'s copyright line;
//! - `problem_statement/`: `<problem>/README.md` through `pandoc` into
//!   `problem.en.tex`, and the figures it shows converted (see
//!   `statement.rs`, which also says which lines only the repository needs);
//! - `data/sample`: the samples whose name holds "seed" (the original
//!   statement's examples); `data/secret`: the other samples, then
//!   `GENERATED` random inputs from the problem's generator with a fixed
//!   seed; each input in canonical form, an input equal to an earlier one
//!   left out; every answer (`.ans`) is our solution's output;
//! - `.timelimit`: our solution's slowest CPU time on that data, times
//!   `TIME_MULTIPLIER`, rounded up to whole seconds;
//! - `input_validators/`: `validators/src/bin/validate_<problem>.rs`;
//!   `output_validators/`: `validators/output/<problem>.cpp`, for the
//!   problems with several right answers;
//! - `submissions/accepted/`: `<problem>/src/main.rs`; `wrong_answer/` and
//!   `time_limit_exceeded/`: the same file with the changes of each of the
//!   problem's `FAILING` submissions applied (see [`failing_source`]).

use crate::problems::{Failing, Problem};
use crate::rng::Rng;
use crate::run::{self, End};
use crate::{model, workspace};
use std::collections::HashSet;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// How many random inputs each package's secret data gets, and their seed.
const GENERATED: u64 = 40;
const SEED: u64 = 2019;

/// The time limit is our slowest run times this (the format's default
/// `time_multiplier`, which verifyproblem applies too), and a program is
/// only "too slow" past the limit times `TIME_SAFETY_MARGIN`.
const TIME_MULTIPLIER: f64 = 5.0;
const TIME_SAFETY_MARGIN: f64 = 2.0;

/// The first line of every `problem.yaml` written here: a folder holding a
/// `problem.yaml` that starts with it may be replaced by a new export.
const MARK: &str = "# Written by `cargo run -p judge -- --export`: do not edit, export again.";

/// Writes the packages of `problems` into `dir`, and says what it wrote.
pub fn export(dir: &Path, problems: &[&'static Problem]) -> Result<(), String> {
    // Named first: the scratch folders that judges killed outright left
    // are swept at once.
    let scratch = crate::os::Scratch::new("mutants");
    for problem in problems {
        remove_left_by_stopped_exports(&dir.join(problem.package.short_name));
    }
    let root = workspace::root();
    let sources: Vec<Sources> = problems
        .iter()
        .map(|problem| Sources::find(&root, problem))
        .collect::<Result<_, _>>()?;
    pandoc_version()?;
    crate::statement::rsvg_convert_version()?;
    let owner = rights_owner(&read(&root.join("LICENSE-MIT"))?)?;
    crate::text::warn("judge: building the solutions (cargo build --release)...");
    let names: Vec<&str> = problems.iter().map(|p| p.name).collect();
    let built = crate::build::cargo_release(&root, &names, true);
    let mut missed = Vec::new();
    for ((problem, sources), exe) in problems.iter().zip(&sources).zip(built) {
        let exe = exe.map_err(|why| format!("{}: {}", problem.name, why))?;
        let dest = dir.join(problem.package.short_name);
        let place = Place::claim(&dest).map_err(|why| format!("{}: {}", problem.name, why))?;
        let written = write_package(problem, sources, &owner, &exe, &place.partial)
            .map_err(|why| format!("{}: {}", problem.name, why))?;
        crate::text::say(&format!(
            "{}: {} ({} sample, {} secret tests; slowest {:.1} ms CPU, time limit {} s)",
            problem.name,
            dest.display(),
            written.samples,
            written.secret,
            written.slowest_ms,
            written.time_limit_s
        ));
        // How many secret tests reject each mutant (judge/src/mutants.rs).
        let rows = crate::mutants::measure(problem, &place.partial, scratch.path());
        let _ = fs::remove_dir_all(scratch.path());
        let rows = rows.map_err(|why| format!("{}: {}", problem.name, why))?;
        // Whole, and only now, the package takes its place.
        place
            .fill()
            .map_err(|why| format!("{}: {}", problem.name, why))?;
        for line in crate::mutants::table(&rows) {
            crate::text::say(&line);
        }
        missed.extend(
            rows.iter()
                .filter_map(|row| row.miss())
                .map(|why| format!("{}: {}", problem.name, why)),
        );
    }
    if !missed.is_empty() {
        return Err(format!(
            "the test data misses the goal ({}):\n{}",
            crate::mutants::GOAL,
            missed.join("\n")
        ));
    }
    Ok(())
}

/// The repository files a package is made from; all must exist.
struct Sources {
    readme: PathBuf,
    solution: PathBuf,
    samples: PathBuf,
    input_validator: PathBuf,
    output_validator: Option<PathBuf>,
}

impl Sources {
    fn find(root: &Path, problem: &Problem) -> Result<Sources, String> {
        let files = workspace::Files::of(root, problem.name);
        let custom = problem.package.custom_validation();
        let sources = Sources {
            readme: files.statement,
            solution: files.solution,
            samples: files.samples,
            input_validator: files.input_validator,
            output_validator: custom.then_some(files.output_validator),
        };
        let needed = [
            (Some(&sources.readme), "statement"),
            (Some(&sources.solution), "solution"),
            (Some(&sources.input_validator), "input validator"),
            (sources.output_validator.as_ref(), "output validator"),
        ];
        for (path, what) in needed {
            if let Some(path) = path.filter(|path| !path.is_file()) {
                return Err(format!(
                    "{}: the {} {} is missing",
                    problem.name,
                    what,
                    path.display()
                ));
            }
        }
        Ok(sources)
    }
}

/// What went into one package.
struct Written {
    samples: usize,
    secret: usize,
    slowest_ms: f64,
    time_limit_s: u64,
}

fn write_package(
    problem: &Problem,
    sources: &Sources,
    owner: &str,
    exe: &Path,
    dest: &Path,
) -> Result<Written, String> {
    let cases = test_cases(problem, &sources.samples)?;
    let mut slowest_ms: f64 = 0.0;
    for case in &cases {
        let (answer, cpu_ms) = our_answer(problem, exe, &case.input)
            .map_err(|why| format!("test {}: {}", case.name, why))?;
        slowest_ms = slowest_ms.max(cpu_ms);
        let group = dest
            .join("data")
            .join(if case.sample { "sample" } else { "secret" });
        write(&group.join(format!("{}.in", case.name)), &case.input)?;
        write(&group.join(format!("{}.ans", case.name)), &answer)?;
    }
    let time_limit_s = ((slowest_ms / 1000.0 * TIME_MULTIPLIER).ceil() as u64).max(1);
    // The statement states the judge's limit: the package must be judged
    // under the same one.
    if time_limit_s * 1000 != problem.time_limit_ms {
        return Err(format!(
            "the package's time limit would be {} s (our slowest run, {:.1} ms, times {}, \
             rounded up), but the statement and the judge say {} ms: change the limit in \
             judge/src/problems/mod.rs and the problem's README",
            time_limit_s, slowest_ms, TIME_MULTIPLIER, problem.time_limit_ms
        ));
    }
    write(&dest.join("problem.yaml"), &problem_yaml(problem, owner))?;
    write(&dest.join(".timelimit"), &format!("{}\n", time_limit_s))?;
    let readme = read(&sources.readme)?;
    let figures = sources.readme.with_file_name("figures");
    let statement = dest.join("problem_statement");
    crate::statement::write(problem.package.title, &readme, &figures, &statement)?;
    copy(
        &sources.input_validator,
        &dest
            .join("input_validators")
            .join(format!("{}.rs", problem.name)),
    )?;
    if let Some(validator) = &sources.output_validator {
        let to = dest
            .join("output_validators")
            .join(format!("{}.cpp", problem.name));
        copy(validator, &to)?;
    }
    let submissions = dest.join("submissions");
    copy(
        &sources.solution,
        &submissions
            .join("accepted")
            .join(format!("{}.rs", problem.name)),
    )?;
    let solution = read(&sources.solution)?;
    for failing in problem.package.failing {
        let source = failing_source(&solution, problem.name, failing)?;
        let file = submissions
            .join(failing.verdict)
            .join(format!("{}.rs", failing.name));
        write(&file, &source)?;
    }
    let samples = cases.iter().filter(|case| case.sample).count();
    Ok(Written {
        samples,
        secret: cases.len() - samples,
        slowest_ms,
        time_limit_s,
    })
}

/// Where a package goes, `DIR/<short name>`, and the folder beside it where
/// it is built first, `DIR/.<short name>.partial-<pid>`: the package is
/// renamed into place only once it is whole, so a stop (Ctrl-C, a full
/// disk, `kill -9`) leaves no folder that looks like a package, and two
/// exports into one folder each build their own (the one that finishes
/// last is the one left).
struct Place {
    dest: PathBuf,
    partial: PathBuf,
}

impl Place {
    /// Checks that `dest` is free or an earlier export's package, and makes
    /// the folder the package is built in.
    fn claim(dest: &Path) -> Result<Place, String> {
        refuse_foreign(dest)?;
        let parent = dest.parent().unwrap_or(Path::new("."));
        fs::create_dir_all(parent)
            .map_err(|e| format!("cannot create {}: {}", parent.display(), e))?;
        let partial = beside(dest, "partial", std::process::id());
        let _ = fs::remove_dir_all(&partial);
        fs::create_dir(&partial)
            .map_err(|e| format!("cannot create {}: {}", partial.display(), e))?;
        crate::os::remove_on_signal(&partial);
        Ok(Place {
            dest: dest.to_path_buf(),
            partial,
        })
    }

    /// Renames the whole package into place; an earlier export's package
    /// there is first moved aside, then removed.
    fn fill(self) -> Result<(), String> {
        let aside = beside(&self.dest, "old", std::process::id());
        // Another export may put its package in place between two renames
        // of ours: it is moved aside in turn.
        for _ in 0..10 {
            if !self.dest.exists() {
                match fs::rename(&self.partial, &self.dest) {
                    Ok(()) => break,
                    Err(_) if self.dest.exists() => continue,
                    Err(e) => {
                        return Err(format!("cannot rename {}: {}", self.partial.display(), e))
                    }
                }
            }
            refuse_foreign(&self.dest)?;
            let _ = fs::remove_dir_all(&aside);
            if let Err(e) = fs::rename(&self.dest, &aside) {
                if self.dest.exists() {
                    return Err(format!("cannot move {} aside: {}", self.dest.display(), e));
                }
            }
        }
        let _ = fs::remove_dir_all(&aside);
        if self.partial.exists() {
            return Err(format!("cannot put {} in place", self.dest.display()));
        }
        crate::os::forget_on_signal(&self.partial);
        Ok(())
    }
}

impl Drop for Place {
    /// A package not put in place (an error stopped it) is removed.
    fn drop(&mut self) {
        if self.partial.exists() {
            let _ = fs::remove_dir_all(&self.partial);
            crate::os::forget_on_signal(&self.partial);
        }
    }
}

/// `DIR/.<name>.<what>-<pid>` for `dest` = `DIR/<name>`.
fn beside(dest: &Path, what: &str, pid: u32) -> PathBuf {
    let name = dest.file_name().unwrap_or_default().to_string_lossy();
    dest.with_file_name(format!(".{}.{}-{}", name, what, pid))
}

/// Removes what exports stopped before they finished (killed outright) left
/// beside `dest`, and says so.
fn remove_left_by_stopped_exports(dest: &Path) {
    for (left, pid) in left_by_stopped_exports(dest) {
        match fs::remove_dir_all(&left) {
            Ok(()) => crate::text::warn(&format!(
                "judge: removed {}, left by an --export (pid {}) stopped before it finished",
                left.display(),
                pid
            )),
            Err(e) => crate::text::warn(&format!(
                "judge: cannot remove {}, left by a stopped --export: {}",
                left.display(),
                e
            )),
        }
    }
}

/// The folders beside `dest` that exports no longer running left (a
/// package being built, or an earlier one moved aside), with their pids.
fn left_by_stopped_exports(dest: &Path) -> Vec<(PathBuf, u32)> {
    let name = dest.file_name().unwrap_or_default().to_string_lossy();
    let prefix = format!(".{}.", name);
    let parent = dest.parent().unwrap_or(Path::new("."));
    let mut left = Vec::new();
    for entry in fs::read_dir(parent).into_iter().flatten().flatten() {
        let file = entry.file_name().to_string_lossy().into_owned();
        let Some(rest) = file.strip_prefix(&prefix) else {
            continue;
        };
        let pid = ["partial-", "old-"]
            .iter()
            .find_map(|what| rest.strip_prefix(what)?.parse::<u32>().ok());
        if let Some(pid) = pid.filter(|&pid| !crate::os::process_alive(pid)) {
            left.push((entry.path(), pid));
        }
    }
    left.sort();
    left
}

/// A package from an earlier export may be replaced; anything else in the
/// way is left alone, and the export stops.
fn refuse_foreign(dest: &Path) -> Result<(), String> {
    if !dest.exists() {
        return Ok(());
    }
    let yaml = fs::read_to_string(dest.join("problem.yaml")).unwrap_or_default();
    if !yaml.starts_with(MARK) {
        return Err(format!(
            "{} exists and is not a package written by --export: remove it or choose another folder",
            dest.display()
        ));
    }
    Ok(())
}

/// One test of a package.
struct Case {
    sample: bool,
    name: String,
    input: String,
}

/// The samples (the original statement's examples first), then the random
/// inputs, each in canonical form; an input equal to an earlier one is left
/// out (the samples that differ only in layout become one).
fn test_cases(problem: &Problem, samples: &Path) -> Result<Vec<Case>, String> {
    let tests = model::find_tests(samples, &[])?;
    let (seeds, others): (Vec<_>, Vec<_>) = tests.iter().partition(|t| t.name.contains("seed"));
    let mut cases = Vec::new();
    let mut seen = HashSet::new();
    for test in seeds.iter().chain(&others) {
        let input = (problem.canonical)(&read(&test.input)?);
        if seen.insert(input.clone()) {
            cases.push(Case {
                sample: test.name.contains("seed"),
                name: test.name.clone(),
                input,
            });
        }
    }
    for i in 0..GENERATED {
        let input = (problem.canonical)(&(problem.generate)(&mut Rng::for_case(SEED, i)));
        if seen.insert(input.clone()) {
            cases.push(Case {
                sample: false,
                name: format!("random-{:03}", i + 1),
                input,
            });
        }
    }
    Ok(cases)
}

/// Our solution's answer to `input`, checked by the problem's checker, and
/// the CPU time it took (milliseconds).
fn our_answer(problem: &Problem, exe: &Path, input: &str) -> Result<(String, f64), String> {
    let limits = model::limits(problem, None, None, None);
    let outcome = run::run(&mut Command::new(exe), input.as_bytes(), &limits)
        .map_err(|e| format!("cannot run {}: {}", exe.display(), e))?;
    let stderr = String::from_utf8_lossy(&outcome.stderr_tail);
    let answer = String::from_utf8_lossy(&outcome.stdout).into_owned();
    match outcome.end {
        End::Exited(status) if status.success() => {}
        _ => return Err(format!("our solution failed: {}", stderr.trim())),
    }
    (problem.checker)(input, &answer, &answer)
        .map_err(|why| format!("our answer does not pass the checker: {}", why))?;
    let cpu_ms = outcome
        .usage
        .map_or(outcome.wall, |usage| usage.cpu)
        .as_secs_f64()
        * 1000.0;
    Ok((answer, cpu_ms))
}

/// Who holds the rights: the holder the MIT license's `Copyright (c) YEAR
/// HOLDER` line names.
fn rights_owner(license: &str) -> Result<String, String> {
    license
        .lines()
        .find_map(|line| line.strip_prefix("Copyright (c) "))
        .and_then(|rest| rest.split_once(' '))
        .map(|(_year, holder)| holder.trim().to_string())
        .ok_or_else(|| "LICENSE-MIT has no line `Copyright (c) YEAR HOLDER`".to_string())
}

/// `problem.yaml` in the legacy format.
fn problem_yaml(problem: &Problem, owner: &str) -> String {
    let facts = &problem.package;
    let mut yaml = format!(
        "{mark}
# From the problem's row in judge/src/problems/mod.rs.
problem_format_version: legacy
name: {name}
uuid: {uuid}
source: {source}
# This package, like the repository it comes from, may be used under the MIT
# license or the Apache License 2.0, at your option (LICENSE-MIT and
# LICENSE-APACHE there). The format has no value for either, and `permission`
# is the one that names the rights owner as the one to ask.
license: permission
rights_owner: {owner}
limits:
  memory: {memory}
  # The most a submission may write, in MiB: the judge's own cut-off; the
  # output validators read any output in bounded memory.
  output: {output}
  # The time limit: the slowest accepted submission's time times
  # time_multiplier (also written, in whole seconds, to .timelimit); past
  # time_safety_margin times the limit, a submission is surely too slow.
  time_multiplier: {multiplier}
  time_safety_margin: {margin}
",
        mark = MARK,
        name = yaml_string(facts.title),
        uuid = facts.uuid,
        source = yaml_string(facts.source),
        owner = yaml_string(owner),
        memory = problem.memory_limit_mb,
        output = run::OUTPUT_LIMIT >> 20,
        multiplier = TIME_MULTIPLIER,
        margin = TIME_SAFETY_MARGIN,
    );
    if facts.custom_validation() {
        yaml += "# Several answers can be right: output_validators/ replays the answer.\n";
        yaml += "validation: custom\n";
    }
    yaml
}

/// A YAML single-quoted string (a quote inside is written twice).
fn yaml_string(text: &str) -> String {
    format!("'{}'", text.replace('\'', "''"))
}

/// Pandoc's version, or a clear error when it is not installed.
fn pandoc_version() -> Result<String, String> {
    let out = crate::os::output(Command::new("pandoc").arg("--version").stdin(Stdio::null()))
        .map_err(|e| {
            format!(
                "--export needs pandoc to write each statement in LaTeX ({}): \
                 install it (Debian: apt-get install pandoc)",
                e
            )
        })?;
    let text = String::from_utf8_lossy(&out.stdout);
    Ok(text.lines().next().unwrap_or("pandoc").to_string())
}

fn read(path: &Path) -> Result<String, String> {
    fs::read_to_string(path).map_err(|e| format!("cannot read {}: {}", path.display(), e))
}

fn write(path: &Path, text: &str) -> Result<(), String> {
    crate::files::write_whole_or_say(path, text.as_bytes())
}

fn copy(from: &Path, to: &Path) -> Result<(), String> {
    write(to, &read(from)?)
}

/// Copies every file under `from` to the same place under `to`.
/// A failing submission's source: `solution` with each of its changes made
/// (each text must occur exactly once, so that a change to the solution
/// shows here instead of quietly testing something else) and a header that
/// says what is wrong on purpose.
pub fn failing_source(solution: &str, problem: &str, failing: &Failing) -> Result<String, String> {
    let mut source = solution.to_string();
    for (text, replacement) in failing.changes {
        let found = source.matches(text).count();
        if found != 1 {
            return Err(format!(
                "{}: the failing submission {} changes a text that {}/src/main.rs holds {} \
                 times, not once: update its FAILING entry in judge/src/problems/{}/failing.rs\n{}",
                problem, failing.name, problem, found, problem, text
            ));
        }
        source = source.replacen(text, replacement, 1);
    }
    let (what, why) = match failing.verdict {
        "time_limit_exceeded" => ("TOO SLOW ON PURPOSE", "Why"),
        _ => ("WRONG ANSWER ON PURPOSE", "Rule broken"),
    };
    Ok(format!(
        "// {}: a submission of the problem package that must fail.\n\
         // {}: {}.\n\
         // Written by `cargo run -p judge -- --export` from {}/src/main.rs, changed where a\n\
         // `BROKEN` comment says.\n\n{}",
        what, why, failing.why, problem, source
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problems::PROBLEMS;

    #[test]
    fn every_failing_submission_applies_to_the_solution_as_it_is() {
        let root = workspace::root();
        for problem in PROBLEMS {
            let solution = read(&root.join(problem.name).join("src").join("main.rs")).unwrap();
            assert!(problem.package.failing.len() >= 2, "{}", problem.name);
            for failing in problem.package.failing {
                let source = failing_source(&solution, problem.name, failing)
                    .unwrap_or_else(|why| panic!("{}", why));
                assert_ne!(source.matches("BROKEN").count(), 0, "{}", failing.name);
                assert!(
                    ["wrong_answer", "time_limit_exceeded"].contains(&failing.verdict),
                    "{}",
                    failing.name
                );
            }
        }
    }

    #[test]
    fn a_change_whose_text_is_gone_or_doubled_is_an_error() {
        let failing = Failing {
            name: "broken",
            verdict: "wrong_answer",
            why: "why",
            changes: &[("a + b", "a - b // BROKEN")],
        };
        let made = failing_source("fn f() { a + b }", "p", &failing).unwrap();
        assert!(made.contains("fn f() { a - b // BROKEN }"), "{}", made);
        assert!(made.starts_with("// WRONG ANSWER ON PURPOSE"), "{}", made);
        for solution in ["fn f() { a * b }", "a + b; a + b"] {
            let why = failing_source(solution, "p", &failing).unwrap_err();
            assert!(why.contains("update its FAILING entry"), "{}", why);
        }
    }

    #[test]
    fn the_rights_owner_is_the_holder_in_the_mit_license() {
        let license = read(&workspace::root().join("LICENSE-MIT")).unwrap();
        let owner = rights_owner(&license).unwrap();
        assert!(!owner.is_empty() && !owner.starts_with("20"), "{}", owner);
        assert!(rights_owner("MIT License\n").is_err());
    }

    #[test]
    fn a_missing_validator_is_named() {
        let root = std::env::temp_dir().join(format!("judge-export-{}", std::process::id()));
        let solitaire = PROBLEMS
            .iter()
            .find(|p| p.name == "solitaire_chess")
            .unwrap();
        let file = |path: &str| {
            let path = root.join(path);
            fs::create_dir_all(path.parent().unwrap()).unwrap();
            fs::write(path, "x").unwrap();
        };
        file("solitaire_chess/README.md");
        file("solitaire_chess/src/main.rs");
        let no_input_validator = Sources::find(&root, solitaire).err();
        file("validators/src/bin/validate_solitaire_chess.rs");
        let no_output_validator = Sources::find(&root, solitaire).err();
        file("validators/output/solitaire_chess.cpp");
        let all_there = Sources::find(&root, solitaire).is_ok();
        let _ = fs::remove_dir_all(&root);
        let why = no_input_validator.unwrap();
        assert!(why.contains("the input validator"), "{}", why);
        assert!(why.ends_with("validators/src/bin/validate_solitaire_chess.rs is missing"));
        let why = no_output_validator.unwrap();
        assert!(why.ends_with("validators/output/solitaire_chess.cpp is missing"));
        assert!(all_there);
    }

    /// Two packages built beside one place: each whole in its own folder,
    /// the last put in place wins, and nothing else is left; a folder that
    /// is not a package stops it; what a dead export left is found.
    #[test]
    fn a_package_takes_its_place_only_whole() {
        let root = std::env::temp_dir().join(format!("judge-place-{}", std::process::id()));
        let dest = root.join("pkg");
        let package = |place: &Place, text: &str| {
            let yaml = format!("{}\n{}\n", MARK, text);
            fs::write(place.partial.join("problem.yaml"), yaml).unwrap();
        };
        let first = Place::claim(&dest).unwrap();
        package(&first, "first");
        let in_place_early = dest.exists();
        // A second export of this process, built in another folder.
        let second = Place {
            dest: dest.clone(),
            partial: beside(&dest, "partial", u32::MAX - 2),
        };
        fs::create_dir(&second.partial).unwrap();
        package(&second, "second");
        first.fill().unwrap();
        second.fill().unwrap();
        let yaml = fs::read_to_string(dest.join("problem.yaml")).unwrap();
        let mut left: Vec<_> = fs::read_dir(&root)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        left.sort();
        // What a stopped export (of a pid no longer running) left.
        fs::create_dir(beside(&dest, "partial", u32::MAX - 1)).unwrap();
        fs::create_dir(beside(&dest, "old", std::process::id())).unwrap();
        let found = left_by_stopped_exports(&dest);
        let foreign = root.join("foreign");
        fs::create_dir_all(&foreign).unwrap();
        let refused = Place::claim(&foreign).err();
        let _ = fs::remove_dir_all(&root);
        assert!(!in_place_early);
        assert!(yaml.ends_with("second\n"), "{}", yaml);
        assert_eq!(left, ["pkg"]);
        assert_eq!(
            found,
            [(beside(&dest, "partial", u32::MAX - 1), u32::MAX - 1)]
        );
        assert!(refused
            .unwrap()
            .contains("is not a package written by --export"));
    }

    #[test]
    fn package_facts_are_valid_and_distinct() {
        let mut seen = HashSet::new();
        for p in PROBLEMS {
            let facts = &p.package;
            let short = facts.short_name;
            assert!(
                !short.is_empty()
                    && short
                        .bytes()
                        .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit()),
                "{}: a short name is [a-z0-9]+",
                p.name
            );
            let uuid = facts.uuid.as_bytes();
            let groups: Vec<usize> = facts.uuid.split('-').map(str::len).collect();
            assert_eq!(groups, [8, 4, 4, 4, 12], "{}: uuid", p.name);
            assert!(uuid.iter().all(|b| b.is_ascii_hexdigit() || *b == b'-'));
            assert!(seen.insert(short) && seen.insert(facts.uuid), "{}", p.name);
        }
    }

    #[test]
    fn problem_yaml_names_the_facts_and_custom_validation() {
        let solitaire = PROBLEMS
            .iter()
            .find(|p| p.name == "solitaire_chess")
            .unwrap();
        let yaml = problem_yaml(solitaire, "Us");
        assert!(yaml.starts_with(MARK));
        assert!(yaml.contains("\nname: 'Solitaire Chess'\n"), "{}", yaml);
        assert!(yaml.contains("\nvalidation: custom\n"), "{}", yaml);
        assert!(yaml.contains("\n  memory: 256\n"), "{}", yaml);
        assert!(yaml.contains("\n  output: 64\n"), "{}", yaml);
        let board = PROBLEMS
            .iter()
            .find(|p| p.name == "checkers_board")
            .unwrap();
        assert!(yaml.contains("\nrights_owner: 'Us'\n"), "{}", yaml);
        assert!(!problem_yaml(board, "Us").contains("validation:"));
        assert_eq!(yaml_string("it's"), "'it''s'");
    }
}
