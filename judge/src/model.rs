//! What the judge works on and what it finds: a test, a suite (a program and
//! the tests it is judged on), the verdict on one test, the limits. Plain
//! data, shared by the judging, the reporting and the stress test, and how
//! the tests in a folder are found.

use crate::problems::Problem;
use crate::run::Limits;
use crate::text::{escaped, quoted_list};
use std::ffi::OsString;
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

/// One test: an input and the reference answer beside it.
pub struct Test {
    /// The name shown: the input's path under the tests' folder without
    /// `.in`, its bytes that are not UTF-8 escaped (`text::escaped`).
    pub name: String,
    /// The same as the system has it, for `--save-outputs` to write under.
    pub stem: PathBuf,
    pub input: PathBuf,
    pub answer: Option<PathBuf>,
    /// Why this cannot be a test, seen when the tests were looked for: what
    /// the `.in` is when it is no regular file (a named pipe, a device, a
    /// link to a folder or to itself), or why a folder could not be read.
    pub broken: Option<String>,
}

/// The largest test input (and answer) the judge takes: far more than any
/// test needs (the largest here, a hostile test's, is 280 MB). A larger one
/// is an ERR, not read.
pub const INPUT_LIMIT: u64 = 512 << 20;

/// A program to judge on one problem's tests, or why there is none.
pub struct Suite {
    pub problem: &'static Problem,
    pub title: String,
    /// Where `--save-outputs` puts this program's outputs, under its folder.
    pub key: String,
    pub program: Result<Vec<OsString>, String>,
    pub tests: Arc<Vec<Test>>,
    pub limits: Limits,
}

/// The verdict on one test, with its figures (`None`: not measured).
pub struct Judged {
    pub verdict: &'static str,
    pub wall_ms: Option<f64>,
    pub cpu_ms: Option<f64>,
    pub memory_kib: Option<u64>,
    pub details: Vec<String>,
    /// For `--verbose`: the input, the output and the end of stderr.
    pub shown: Option<[Vec<u8>; 3]>,
    /// The system's or the shell's words when the program could not be
    /// started at all (see `verdict::could_not_start`): no test is to blame.
    pub not_started: Option<String>,
    /// Whether the test ran in the sandbox (`None`: it did not run).
    pub sandboxed: Option<bool>,
    /// Whether `--save-outputs` could not save its output (the details say
    /// why): the run then fails, whatever the verdict.
    pub not_saved: bool,
}

impl Judged {
    pub fn failed(verdict: &'static str, details: Vec<String>) -> Judged {
        Judged {
            verdict,
            wall_ms: None,
            cpu_ms: None,
            memory_kib: None,
            details,
            shown: None,
            not_started: None,
            sandboxed: None,
            not_saved: false,
        }
    }

    pub fn passed(&self) -> bool {
        self.verdict == "AC"
    }
}

/// What starting the program costs here, to read benchmark figures against.
pub struct Baseline {
    pub wall_ms: Option<f64>,
    pub cpu_ms: Option<f64>,
    pub memory_kib: Option<u64>,
    /// How many runs the medians are of.
    pub runs: usize,
}

/// A problem's limits, or those given instead (milliseconds, MiB, a
/// number of processes and threads).
pub fn limits(problem: &Problem, ms: Option<u64>, mb: Option<u64>, procs: Option<u64>) -> Limits {
    let ms = ms.unwrap_or(problem.time_limit_ms);
    let mb = mb.unwrap_or(problem.memory_limit_mb);
    Limits {
        time: Duration::from_millis(ms),
        memory_bytes: Some(mb << 20),
        processes: procs.unwrap_or(crate::run::MAX_PROCESSES),
    }
}

/// Every `.in` file under `dir` (recursively, sorted), with its `.out` or `.ans`.
/// With filters, only the tests one of them picks (see [`picks`]). An
/// `.in` that is no regular file, and a folder that cannot be read, are
/// tests too, broken ones: they fail, saying what they are.
pub fn find_tests(dir: &Path, filters: &[String]) -> Result<Vec<Test>, String> {
    let mut found = Vec::new();
    collect_inputs(dir, &mut found)
        .map_err(|e| format!("cannot read tests in {}: {}", escaped(dir.as_os_str()), e))?;
    found.sort_by(|a, b| a.0.cmp(&b.0));
    let mut tests = Vec::new();
    for (input, broken) in found {
        // A folder that could not be read keeps its whole name.
        let stem = match input.extension().is_some_and(|e| e == "in") {
            true => input.with_extension(""),
            false => input.clone(),
        };
        let stem = stem.strip_prefix(dir).unwrap_or(&stem).to_path_buf();
        let name = escaped(stem.as_os_str());
        if !filters.is_empty() && !filters.iter().any(|f| picks(f, &name)) {
            continue;
        }
        // An answer that is there but no regular file is found too: reading
        // it says what it is.
        let answer = ["out", "ans"]
            .iter()
            .map(|ext| input.with_extension(ext))
            .find(|path| fs::symlink_metadata(path).is_ok());
        tests.push(Test {
            name,
            stem,
            input,
            answer,
            broken,
        });
    }
    Ok(tests)
}

/// What the file at `path` is when it is no regular file (the words of a
/// test's ERR), `None` for a regular file. A link is followed, and said.
pub fn not_regular(path: &Path) -> Option<String> {
    let linked = fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink());
    let link = |what: &str| match linked {
        true => format!(
            "{} is a link to {} ({}), not a regular file",
            escaped(path.as_os_str()),
            what,
            escaped(fs::read_link(path).unwrap_or_default().as_os_str())
        ),
        false => format!(
            "{} is {}, not a regular file",
            escaped(path.as_os_str()),
            what
        ),
    };
    let meta = match fs::metadata(path) {
        Ok(meta) => meta,
        // A loop of links, or a link to nothing: the system's words say which.
        Err(e) if linked => {
            return Some(format!(
                "{} is a link that cannot be followed: {}",
                escaped(path.as_os_str()),
                e
            ))
        }
        Err(e) => {
            return Some(format!(
                "cannot look at {}: {}",
                escaped(path.as_os_str()),
                e
            ))
        }
    };
    kind_of(&meta).map(link)
}

/// What a file is, in words, when it is no regular file.
fn kind_of(meta: &fs::Metadata) -> Option<&'static str> {
    use std::os::unix::fs::FileTypeExt;
    let kind = meta.file_type();
    let what = match () {
        _ if kind.is_file() => return None,
        _ if kind.is_dir() => "a folder",
        _ if kind.is_fifo() => "a named pipe (FIFO)",
        _ if kind.is_char_device() => "a character device",
        _ if kind.is_block_device() => "a block device",
        _ if kind.is_socket() => "a socket",
        _ => "something else",
    };
    Some(what)
}

/// A test's file read whole, at most [`INPUT_LIMIT`] bytes: a file that is
/// no regular file (or has become one since the tests were found) or is
/// larger is refused before it is read, and nothing waits on a named pipe.
pub fn read_test_file(path: &Path) -> Result<Vec<u8>, String> {
    use std::io::Read;
    use std::os::unix::fs::OpenOptionsExt;
    #[cfg(supervised)]
    let flags = crate::sys::linux::O_NONBLOCK;
    #[cfg(not(supervised))]
    let flags = 0;
    if let Some(why) = not_regular(path) {
        return Err(why);
    }
    let cannot = |e: std::io::Error| format!("cannot read {}: {}", escaped(path.as_os_str()), e);
    let file = fs::OpenOptions::new()
        .read(true)
        .custom_flags(flags)
        .open(path)
        .map_err(cannot)?;
    let meta = file.metadata().map_err(cannot)?;
    if let Some(what) = kind_of(&meta) {
        return Err(format!(
            "{} is {}, not a regular file",
            escaped(path.as_os_str()),
            what
        ));
    }
    let too_big = || {
        format!(
            "{} is larger than the {} MiB a test's file may be: not read",
            escaped(path.as_os_str()),
            INPUT_LIMIT >> 20
        )
    };
    if meta.len() > INPUT_LIMIT {
        return Err(too_big());
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    file.take(INPUT_LIMIT + 1)
        .read_to_end(&mut bytes)
        .map_err(cannot)?;
    match bytes.len() as u64 > INPUT_LIMIT {
        true => Err(too_big()),
        false => Ok(bytes),
    }
}

/// Whether the filter of `--test` picks the test called `name`. A number
/// (digits only) picks the tests whose file name's first number has its
/// value: `5` picks `05-x`, `5-x` and `gen-05-x`, not `15-x` nor
/// `23-hard-5-pieces`. Any other text picks the names that contain it.
pub fn picks(filter: &str, name: &str) -> bool {
    if !is_number(filter) {
        return name.contains(filter);
    }
    let value = |digits: &str| digits.trim_start_matches('0').to_string();
    number_of(name).is_some_and(|first| value(&first) == value(filter))
}

/// The digits of the first number in the file name of the test `name`.
fn number_of(name: &str) -> Option<String> {
    let file = Path::new(name)
        .file_name()
        .map_or(name.into(), |file| file.to_string_lossy());
    let first: String = file
        .chars()
        .skip_while(|c| !c.is_ascii_digit())
        .take_while(char::is_ascii_digit)
        .collect();
    (!first.is_empty()).then_some(first)
}

/// The numbers of the tests called `names`, as runs (`1-26`, `1-5, 9`),
/// for a `--test` that picked none; the names of those without a number.
pub fn numbers_of(names: &[&str]) -> String {
    let mut numbers: Vec<u64> = names
        .iter()
        .filter_map(|name| number_of(name)?.parse().ok())
        .collect();
    numbers.sort_unstable();
    numbers.dedup();
    let mut runs: Vec<String> = Vec::new();
    let mut i = 0;
    while i < numbers.len() {
        let mut j = i;
        while j + 1 < numbers.len() && numbers[j + 1] == numbers[j] + 1 {
            j += 1;
        }
        runs.push(match i == j {
            true => numbers[i].to_string(),
            false => format!("{}-{}", numbers[i], numbers[j]),
        });
        i = j + 1;
    }
    let unnumbered: Vec<&str> = names
        .iter()
        .copied()
        .filter(|name| number_of(name).is_none())
        .collect();
    if !unnumbered.is_empty() {
        runs.push(crate::text::listed(&unnumbered, ", ", 5));
    }
    match runs.is_empty() {
        true => "none".to_string(),
        false => runs.join(", "),
    }
}

/// Whether a filter of `--test` is a test's number: digits only.
fn is_number(filter: &str) -> bool {
    !filter.is_empty() && filter.bytes().all(|b| b.is_ascii_digit())
}

/// What the report says when the filters of `--test` picked no test.
pub fn none_picked(filters: &[String]) -> String {
    let (numbers, texts): (Vec<String>, Vec<String>) =
        filters.iter().cloned().partition(|f| is_number(f));
    let mut said = Vec::new();
    if !numbers.is_empty() {
        said.push(format!("no test is numbered {}", numbers.join(" or ")));
    }
    if !texts.is_empty() {
        said.push(format!("no test name contains {}", quoted_list(&texts)));
    }
    said.join(", and ")
}

/// The `.in` files under `dir`, each with why it is no test when it cannot
/// be one; a folder below `dir` that cannot be read is one of those.
fn collect_inputs(dir: &Path, found: &mut Vec<(PathBuf, Option<String>)>) -> std::io::Result<()> {
    for entry in fs::read_dir(dir)? {
        let entry = entry?;
        let path = entry.path();
        // Linked folders are not followed: a link to `..` would never end.
        if entry.file_type()?.is_dir() {
            if let Err(e) = collect_inputs(&path, found) {
                let why = format!(
                    "cannot read the folder {}: {}",
                    escaped(path.as_os_str()),
                    e
                );
                found.push((path, Some(why)));
            }
        } else if path.extension().is_some_and(|e| e == "in") {
            let broken = unfit_input(&path);
            found.push((path, broken));
        }
    }
    Ok(())
}

/// Why the file at `path` cannot be a test's input, if it cannot: it is no
/// regular file ([`not_regular`]), or one larger than [`INPUT_LIMIT`].
/// Nothing of it is read.
pub fn unfit_input(path: &Path) -> Option<String> {
    if let Some(why) = not_regular(path) {
        return Some(why);
    }
    let len = fs::metadata(path).map_or(0, |m| m.len());
    (len > INPUT_LIMIT).then(|| {
        format!(
            "{} is {} MiB, more than the {} MiB a test's file may be: not read",
            escaped(path.as_os_str()),
            len >> 20,
            INPUT_LIMIT >> 20
        )
    })
}

#[cfg(test)]
mod tests {
    use super::{none_picked, numbers_of, picks};

    #[test]
    fn the_tests_numbers_are_said_as_runs() {
        assert_eq!(
            numbers_of(&["01-a", "02-b", "03-c", "07-d", "x"]),
            "1-3, 7, x"
        );
        assert_eq!(numbers_of(&["g/10-a", "11-b", "09"]), "9-11");
        assert_eq!(numbers_of(&[]), "none");
    }

    #[test]
    fn a_number_picks_the_tests_numbered_so_and_other_text_any_name_containing_it() {
        let names = [
            "05-x",
            "5-y",
            "15-z",
            "25-w",
            "23-hard-5-pieces",
            "gen-05-moves",
            "secret/005-deep",
            "samples/15-no",
            "case-0005",
            "seed",
        ];
        let picked = |filter: &str| -> Vec<&str> {
            names.iter().copied().filter(|n| picks(filter, n)).collect()
        };
        let fives = [
            "05-x",
            "5-y",
            "gen-05-moves",
            "secret/005-deep",
            "case-0005",
        ];
        assert_eq!(picked("5"), fives);
        assert_eq!(picked("05"), fives);
        assert_eq!(picked("15"), ["15-z", "samples/15-no"]);
        assert_eq!(picked("0"), Vec::<&str>::new());
        // Not all digits: a part of the name, as before.
        assert_eq!(picked("5-"), names[..8]);
        assert_eq!(picked("see"), ["seed"]);
        assert_eq!(picked("hard-5"), ["23-hard-5-pieces"]);
    }

    #[test]
    fn the_report_of_no_test_picked_says_how_each_filter_picks() {
        let filters =
            |list: &[&str]| -> Vec<String> { list.iter().map(|f| f.to_string()).collect() };
        assert_eq!(
            none_picked(&filters(&["zzz"])),
            "no test name contains \"zzz\""
        );
        assert_eq!(
            none_picked(&filters(&["15", "zzz", "07"])),
            "no test is numbered 15 or 07, and no test name contains \"zzz\""
        );
    }
}
