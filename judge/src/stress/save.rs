//! Showing and saving a failing case: the report of the input, our answer,
//! the program's and why it failed; `NAME.in` + `.out` (+ `.yours`,
//! `.stderr`) files, each whole; the claim of a folder, and the folder
//! check of `--generate`.

use super::case::{Case, Output, KEPT};
use crate::files::write_whole_or_say;
use crate::problems::Problem;
use crate::text::{quoted_text, say, say_detail, warn};
use std::fs;
use std::path::{Path, PathBuf};

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
    let quoting = |title: &str, output: &Output| {
        indented(title, &quoted_text(&output.text()).join("\n"));
        if output.whole().is_none() {
            say_detail(
                "  ",
                &format!(
                    "({} bytes in all; the judge kept the first {})",
                    output.len(),
                    KEPT
                ),
            );
        }
    };
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

/// Writes `NAME.in` and `NAME.out` (our answer) into `dir`, each whole or
/// not at all; for a failing case also the program's own answer,
/// `NAME.yours` (what it wrote before it was stopped, if it was: its bytes
/// as they were; not written, and a note says so, past the [`KEPT`] bytes
/// a case keeps), and the end of its standard error, `NAME.stderr`, so
/// that `--draw NAME.in --answer NAME.yours` shows it without running it
/// again. The files a case may have are [`EXTENSIONS`].
pub fn save(dir: &Path, name: &str, case: &Case) -> Result<(), String> {
    let mut files = vec![("out", case.answer.as_bytes())];
    if let Some(failure) = &case.failure {
        let yours = case.given.as_ref().unwrap_or(&failure.output);
        match yours.whole() {
            Some(bytes) => files.push(("yours", bytes)),
            None => {
                // Not one left from an earlier case of that name either.
                let _ = fs::remove_file(dir.join(format!("{}.yours", name)));
                warn(&format!(
                    "judge: note: {}.yours is not written: the program wrote {} bytes, more than \
                 the {} the judge keeps; run it on {}.in to see them",
                    dir.join(name).display(),
                    yours.len(),
                    KEPT,
                    name
                ))
            }
        }
        files.push(("stderr", failure.stderr.as_bytes()));
    }
    // The input last: a case is listed (by its `.in`) only once it is whole.
    files.push(("in", case.input.as_bytes()));
    for (ext, bytes) in files {
        let path = dir.join(format!("{}.{}", name, ext));
        write_whole_or_say(&path, bytes)?;
    }
    Ok(())
}

/// The extensions of a saved case's files.
pub const EXTENSIONS: [&str; 4] = ["in", "out", "yours", "stderr"];

/// The mark of a folder that one run of `--generate` or `--stress --save`
/// writes into: `DIR/.judge-claim`, holding the run's pid and what it is.
/// Two runs never write into one folder at once (the second stops before it
/// writes anything); the mark goes when the run ends, on Ctrl-C too, and
/// one a judge killed outright left is named and removed by the next run.
pub struct Claim(PathBuf);

const CLAIM: &str = ".judge-claim";

impl Claim {
    /// Claims `dir` (made if missing) for the run described by `what`.
    pub fn take(dir: &Path, what: &str) -> Result<Claim, String> {
        fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {}", dir.display(), e))?;
        let path = dir.join(CLAIM);
        // The mark is written whole under another name, then linked to its
        // own: a run never reads a mark half written.
        let ours = dir.join(format!(".judge-claim-{}", std::process::id()));
        let text = format!("{}\n{}\n", std::process::id(), what);
        write_whole_or_say(&ours, text.as_bytes())?;
        let claimed = Self::link(&ours, &path, dir);
        let _ = fs::remove_file(&ours);
        claimed?;
        crate::os::remove_on_signal(&path);
        Ok(Claim(path))
    }

    fn link(ours: &Path, path: &Path, dir: &Path) -> Result<(), String> {
        for _ in 0..2 {
            match fs::hard_link(ours, path) {
                Ok(()) => return Ok(()),
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
                Err(e) => return Err(format!("cannot write {}: {}", path.display(), e)),
            }
            let found = fs::read_to_string(path).unwrap_or_default();
            let mut lines = found.lines();
            let pid = lines.next().and_then(|pid| pid.parse::<u32>().ok());
            let their = lines.next().unwrap_or("a run");
            match pid {
                Some(pid) if crate::os::process_alive(pid) => {
                    return Err(format!(
                        "{} is being written by another judge ({}, pid {}): wait for it to \
                         end or choose another folder",
                        dir.display(),
                        their,
                        pid
                    ))
                }
                _ => {
                    warn(&format!(
                        "judge: {} was being written by a judge that ended before it finished ({}, pid {}): \
                         what it wrote there may be incomplete",
                        dir.display(),
                        their,
                        pid.map_or("unknown".to_string(), |pid| pid.to_string())
                    ));
                    let _ = fs::remove_file(path);
                }
            }
        }
        Err(format!("cannot claim {}", dir.display()))
    }
}

impl Drop for Claim {
    fn drop(&mut self) {
        let _ = fs::remove_file(&self.0);
        crate::os::forget_on_signal(&self.0);
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A folder is claimed by one run at a time; the mark of a run no longer
    /// running is taken over; the mark goes when the claim does.
    #[test]
    fn a_folder_is_claimed_by_one_run_at_a_time() {
        let dir = std::env::temp_dir().join(format!("judge-claim-{}", std::process::id()));
        let mark = dir.join(CLAIM);
        let first = Claim::take(&dir, "--generate 5 --seed 1").unwrap();
        let held = fs::read_to_string(&mark).unwrap();
        // This process runs: a second claim is refused, the mark kept.
        let second = Claim::take(&dir, "--stress --seed 2").err();
        let kept = fs::read_to_string(&mark).unwrap();
        drop(first);
        let released = mark.exists();
        // The mark of a run killed outright (a pid no longer running).
        fs::write(&mark, format!("{}\n--stress --seed 3\n", u32::MAX - 1)).unwrap();
        let taken_over = Claim::take(&dir, "--stress --seed 4").map(|claim| {
            let now = fs::read_to_string(&mark).unwrap();
            drop(claim);
            now
        });
        let listed: Vec<_> = fs::read_dir(&dir).unwrap().flatten().collect();
        let _ = fs::remove_dir_all(&dir);
        let pid = std::process::id();
        assert_eq!(held, format!("{}\n--generate 5 --seed 1\n", pid));
        let why = second.unwrap();
        assert!(
            why.contains(&format!(
                "is being written by another judge (--generate 5 --seed 1, pid {})",
                pid
            )),
            "{}",
            why
        );
        assert_eq!(kept, held);
        assert!(!released);
        assert_eq!(taken_over.unwrap(), format!("{}\n--stress --seed 4\n", pid));
        assert!(listed.is_empty(), "{:?}", listed);
    }
}
