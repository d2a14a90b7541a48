//! The command line: the options, their checks, and `--help`.

use crate::problems::{Problem, PROBLEMS};
use crate::text::escaped;
use std::ffi::{OsStr, OsString};
use std::os::unix::ffi::OsStrExt;
use std::path::PathBuf;

/// `--help`: the usage text, with the problems of the table.
pub fn usage() -> String {
    let names: Vec<&str> = PROBLEMS.iter().map(|p| p.name).collect();
    USAGE.replace("{problems}", &wrapped(&names, 78, "          "))
}

/// Words joined by spaces into lines of at most `width` characters, every
/// line after the first starting with `indent`.
fn wrapped(words: &[&str], width: usize, indent: &str) -> String {
    let mut text = String::new();
    let mut line_len = "Problems: ".len();
    for (i, word) in words.iter().enumerate() {
        if i > 0 && line_len + 1 + word.len() > width {
            text += &format!("\n{}", indent);
            line_len = indent.len();
        } else if i > 0 {
            text.push(' ');
            line_len += 1;
        }
        text += word;
        line_len += word.len();
    }
    text
}

const USAGE: &str = "\
Usage: cargo run -p judge -- [OPTIONS] [PROBLEM...]

Builds the solutions (release), runs every samples/<problem>/*.in, checks the
output against the .out (or .ans) beside it, and reports per test the verdict
(AC WA RE TLE MLE, or CE and ERR when a program or a test is broken), the
wall time, the CPU time and the peak memory. Exit status 0 only if every test
passed and at least one ran.

Problems: {problems} (default: all)

Options:
  --test NAME        only the tests whose name contains NAME; a number NAME
                     (digits only) picks the tests numbered so, by the first
                     number of their file name: 5 picks 05-x, 5-x and
                     gen-05-x, not 15-x nor 23-hard-5-pieces; may be given
                     again, and a test matching any of them runs
  --cmd \"COMMAND\"    judge COMMAND (any language, run as the shell would run
                     it; a simple command without quotes with no shell in
                     between) instead of our solution; needs exactly one
                     PROBLEM
  --env NAME=VALUE   give the program under test this variable; may be given
                     again (it gets PATH, the locale and a HOME of its own,
                     nothing else of the judge's environment)
  --as-written       with --cmd, judge the program on the samples as written
                     (CRLF, blanks, short rows: the layouts our solutions
                     tolerate), not as the judges' data gives them
  --show PATH        let the program under test see PATH too, read-only (the
                     sandbox shows it the system, PATH, what its command
                     names and its program's folder); may be given again;
                     never the tests' folders nor the workspace
  --tests DIR        take the tests from DIR (searched recursively for .in
                     files) instead of samples/; needs exactly one PROBLEM
  --standalone       compile each <problem>/src/main.rs alone with plain
                     rustc -O under editions 2015 (no --edition), 2018 and 2021,
                     as an online judge does, and judge those binaries
  --time-limit MS    time limit per test in milliseconds of CPU time, all the
                     test's processes together (default: the problem's, 1000):
                     TLE (cpu) past it; TLE (wall) for a program idle (neither
                     on a CPU nor waiting for one) for longer than MS, and one
                     still idle after 2 x MS + 1000 ms is killed
  --memory-limit MB  memory limit per test in MiB (default: the problem's, 256),
                     on the test's resident memory, all its processes together
  --max-processes N  at most N processes and threads at once per test
                     (default: 256): a test with more is killed, RE
  -j N               run N tests at a time (default: the number of cores)
  --repeat N         run each test N times, one test at a time, and report the
                     median times, beside the time the program takes to start
                     on an empty input: a benchmark with steady figures
  --json             print one JSON object per test and line instead of the
                     table: problem, program, test, verdict, wall_ms,
                     cpu_ms, memory_kib, message (null where not measured),
                     sandboxed;
                     with --repeat, first an object with startup_runs
  --verbose          print each test's whole input and output
  --save-outputs DIR keep each program's output as DIR/<problem>/<test>.out
                     (and its stderr as .err when there is any), each file
                     whole or none; an output not saved fails the run;
                     refused where it would write beside a test's .in
  --stress N         stress test the --cmd program: run it on up to N random
                     valid inputs beside our solution, stop at the first
                     failure, shrink it to the smallest failing input and
                     report it with the command that replays it; needs
                     --cmd and exactly one PROBLEM; exit status 1 if found
  --generate N       write N random tests with our answers (needs --save and
                     exactly one PROBLEM)
  --seed S           the seed of --stress and --generate (default: from the
                     clock, printed); the same seed gives the same inputs
  --export DIR       write a problem package (legacy ICPC/Kattis format) of
                     each PROBLEM into DIR/<short name>/: statement (needs
                     pandoc), data with our answers, validators, submissions
  --figures          draw each PROBLEM's statement figures, listed in
                     <problem>/figures/figures.txt, into <problem>/figures/
  --draw FILE        print PROBLEM's board for the input FILE as SVG; with
                     --answer FILE, the answer's moves too (as arrows, or
                     the board after them); with --arrows \"PATHS\", more
                     arrows in the problem's move notation (c3-d4 e5:c7).
                     With no PROBLEM named, the one whose folder holds FILE
                     (samples/PROBLEM/), else the only one that reads it
  --rustc PATH       with --standalone, compile with this rustc too (an older
                     one, say), and judge those binaries as well
  --save DIR         with --stress, write the failing case into DIR as
                     NAME-original.in and NAME-shrunk.in, each with our answer
                     in .out, for --tests DIR; with --generate, where to
                     write the tests (a folder holding no case-* files yet)
  --                 the end of the options: PROBLEM names follow
  -h, --help         this text

Every option but --test, --env and --show is given at most once.

Colours: verdicts are coloured on a terminal unless NO_COLOR is set.";

#[derive(Default)]
pub struct Options {
    pub problems: Vec<&'static Problem>,
    pub test_filters: Vec<String>,
    pub cmd: Option<OsString>,
    /// The variables of `--env`, for the program under test.
    pub env: Vec<(OsString, OsString)>,
    /// What `--show` adds to the program's view.
    pub show: Vec<PathBuf>,
    pub tests_dir: Option<PathBuf>,
    /// `--as-written`: a `--cmd` program meets the samples as written.
    pub as_written: bool,
    pub standalone: bool,
    pub time_limit_ms: Option<u64>,
    pub memory_limit_mb: Option<u64>,
    pub max_processes: Option<u64>,
    pub jobs: Option<usize>,
    pub repeat: usize,
    pub json: bool,
    pub verbose: bool,
    pub save_outputs: Option<PathBuf>,
    pub stress: Option<usize>,
    pub generate: Option<usize>,
    pub seed: Option<u64>,
    pub save: Option<PathBuf>,
    pub export: Option<PathBuf>,
    pub rustc: Option<PathBuf>,
    pub figures: bool,
    pub draw: Option<PathBuf>,
    pub answer: Option<PathBuf>,
    pub arrows: Option<String>,
}

/// The most tests run at a time.
pub const MAX_JOBS: usize = 256;

/// A file or folder from the command line that exists: its full path,
/// resolved.
fn existing(flag: &str, text: &OsStr) -> Result<PathBuf, String> {
    PathBuf::from(text)
        .canonicalize()
        .map_err(|e| format!("{} {}: {}", flag, escaped(text), e))
}

/// A count from the command line: a whole number from 1 to `max`.
fn count(flag: &str, text: &str, max: u64) -> Result<u64, String> {
    text.parse::<u64>()
        .ok()
        .filter(|&n| (1..=max).contains(&n))
        .ok_or_else(|| format!("{} wants a number from 1 to {}, got {:?}", flag, max, text))
}

/// The options, or `None` for `--help`. An argument is taken as the system
/// gives it: a path or a command that is not UTF-8 is used as it is, and
/// shown with its other bytes escaped (`text::escaped`).
pub fn parse_args(args: &[OsString]) -> Result<Option<Options>, String> {
    let mut options = Options {
        repeat: 1,
        ..Options::default()
    };
    let mut args = args.iter();
    let mut given: Vec<String> = Vec::new();
    let mut options_ended = false;
    while let Some(arg) = args.next() {
        let shown = escaped(arg);
        let (flag, inline) = match split_inline(arg) {
            _ if options_ended => (String::new(), None),
            Some((flag, value)) if flag.starts_with("--") => (flag, Some(value)),
            _ => (shown.clone(), None),
        };
        let flag = flag.as_str();
        // Every option but --test takes one value: a second one is a mistake,
        // not a silent replacement of the first.
        if flag.starts_with('-') && !["--test", "--env", "--show", "--"].contains(&flag) {
            if given.iter().any(|g| g == flag) {
                return Err(format!("{} is given twice", flag));
            }
            given.push(flag.to_string());
        }
        let mut value = |name: &str| {
            inline
                .clone()
                .or_else(|| args.next().cloned())
                .ok_or_else(|| format!("{} needs a value", name))
        };
        let switch = matches!(
            flag,
            "-h" | "--help"
                | "--standalone"
                | "--json"
                | "--verbose"
                | "--figures"
                | "--as-written"
        );
        if switch && inline.is_some() {
            return Err(format!("{} takes no value", flag));
        }
        match flag {
            "-h" | "--help" => return Ok(None),
            "--" => options_ended = true,
            _ if flag.starts_with('-') => set_option(&mut options, (flag, &shown), &mut value)?,
            _ => {
                let problem = find_problem(&shown, &options)?;
                if !options.problems.iter().any(|p| p.name == problem.name) {
                    options.problems.push(problem);
                }
            }
        }
    }
    check_combinations(&options)?;
    if options.problems.is_empty() {
        options.problems = PROBLEMS.iter().collect();
    }
    Ok(Some(options))
}

/// `--flag=value` as the flag (shown) and the value (as given), split at
/// the first `=`; `None` without one.
fn split_inline(arg: &OsStr) -> Option<(String, OsString)> {
    let bytes = arg.as_bytes();
    let at = bytes.iter().position(|&b| b == b'=')?;
    let flag = escaped(OsStr::from_bytes(&bytes[..at]));
    Some((flag, OsStr::from_bytes(&bytes[at + 1..]).to_os_string()))
}

/// An option's value that is text (a count, a filter, a seed): the bytes
/// that are not UTF-8 escaped, as a test's name shows them.
fn text(value: OsString) -> String {
    escaped(&value)
}

/// Sets the option `flag` (one that starts with `-`, given as `arg`),
/// taking its value from `value` where it has one.
fn set_option(
    options: &mut Options,
    (flag, arg): (&str, &str),
    value: &mut dyn FnMut(&str) -> Result<OsString, String>,
) -> Result<(), String> {
    match flag {
        "--test" => options.test_filters.push(text(value(flag)?)),
        "--cmd" => {
            let cmd = value(flag)?;
            if escaped(&cmd).trim().is_empty() {
                return Err("--cmd needs a command to run".to_string());
            }
            options.cmd = Some(cmd);
        }
        "--env" => options.env.push(crate::environment::parse(&value(flag)?)?),
        "--show" => options.show.push(existing(flag, &value(flag)?)?),
        "--tests" => options.tests_dir = Some(PathBuf::from(value(flag)?)),
        "--standalone" => options.standalone = true,
        "--as-written" => options.as_written = true,
        "--json" => options.json = true,
        "--verbose" => options.verbose = true,
        "--save-outputs" => options.save_outputs = Some(PathBuf::from(value(flag)?)),
        "--repeat" => options.repeat = count(flag, &text(value(flag)?), 1_000_000)? as usize,
        "-j" | "--jobs" => {
            options.jobs = Some(count(flag, &text(value(flag)?), MAX_JOBS as u64)? as usize)
        }
        "--time-limit" => {
            options.time_limit_ms = Some(count(flag, &text(value(flag)?), 3_600_000)?)
        }
        "--memory-limit" => {
            options.memory_limit_mb = Some(count(flag, &text(value(flag)?), 1 << 20)?)
        }
        "--max-processes" => {
            options.max_processes = Some(count(flag, &text(value(flag)?), 1 << 16)?)
        }
        "--stress" => {
            options.stress = Some(count(flag, &text(value(flag)?), u32::MAX as u64)? as usize)
        }
        "--generate" => {
            options.generate = Some(count(flag, &text(value(flag)?), u32::MAX as u64)? as usize)
        }
        "--seed" => {
            let seed = text(value(flag)?);
            options.seed = Some(
                seed.parse::<u64>()
                    .map_err(|_| format!("--seed wants a whole number, got {:?}", seed))?,
            );
        }
        "--save" => options.save = Some(PathBuf::from(value(flag)?)),
        "--export" => options.export = Some(PathBuf::from(value(flag)?)),
        "--rustc" => options.rustc = Some(PathBuf::from(value(flag)?)),
        "--figures" => options.figures = true,
        "--draw" => options.draw = Some(PathBuf::from(value(flag)?)),
        "--answer" => options.answer = Some(PathBuf::from(value(flag)?)),
        "--arrows" => options.arrows = Some(text(value(flag)?)),
        _ => return Err(unknown_option(flag, arg)),
    }
    Ok(())
}

/// Every option, as `--help` names it (`--jobs` and `-h` are other names of
/// `-j` and `--help`).
pub const OPTIONS: &[&str] = &[
    "--test",
    "--cmd",
    "--env",
    "--show",
    "--tests",
    "--as-written",
    "--standalone",
    "--time-limit",
    "--memory-limit",
    "--max-processes",
    "-j",
    "--repeat",
    "--json",
    "--verbose",
    "--save-outputs",
    "--stress",
    "--generate",
    "--seed",
    "--save",
    "--export",
    "--rustc",
    "--figures",
    "--draw",
    "--answer",
    "--arrows",
    "--help",
];

/// The refusal of an unknown option `flag` (given as `arg`, its value
/// after a `=` too): the one meant, if it is a slip for one, else every
/// option.
fn unknown_option(flag: &str, arg: &str) -> String {
    match meant(flag, OPTIONS.iter().copied()) {
        Some(option) => format!("unknown option {} (did you mean {}?)", arg, option),
        None => format!("unknown option {} (options: {})", arg, OPTIONS.join(" ")),
    }
}

/// The options that need or refuse each other.
fn check_combinations(options: &Options) -> Result<(), String> {
    let one_problem = options.problems.len() == 1;
    check_stress_options(options, one_problem)?;
    check_export_options(options)?;
    check_figure_options(options)?;
    if options.rustc.is_some() && !options.standalone {
        return Err("--rustc goes with --standalone".to_string());
    }
    if options.cmd.is_some() && !one_problem {
        return Err("--cmd needs exactly one PROBLEM".to_string());
    }
    if !options.show.is_empty() && options.cmd.is_none() {
        return Err("--show needs --cmd \"COMMAND\" (the program that sees it)".to_string());
    }
    if options.tests_dir.is_some() && !one_problem {
        return Err("--tests needs exactly one PROBLEM".to_string());
    }
    if options.as_written && (options.cmd.is_none() || options.tests_dir.is_some()) {
        return Err(
            "--as-written goes with --cmd on the samples (--tests DIR runs as written)".into(),
        );
    }
    if options.cmd.is_some() && options.standalone {
        return Err("--cmd and --standalone do not go together".to_string());
    }
    if options.json && options.verbose {
        return Err("--json and --verbose do not go together".to_string());
    }
    if options.repeat > 1 && options.jobs.is_some_and(|j| j > 1) {
        return Err("--repeat runs one test at a time: -j does not go with it".to_string());
    }
    Ok(())
}

/// The problem called `name`, or a refusal that says which one was meant
/// (a near miss, or the package's short name) and, after `--cmd`, that the
/// command takes one quoted argument.
fn find_problem(name: &str, options: &Options) -> Result<&'static Problem, String> {
    if let Some(problem) = PROBLEMS.iter().find(|p| p.name == name) {
        return Ok(problem);
    }
    let why = format!("unknown problem {:?}", name);
    let short = PROBLEMS
        .iter()
        .find(|p| plain(name) == p.package.short_name)
        .map(|p| p.name);
    if let Some(problem) = short.or_else(|| meant(name, PROBLEMS.iter().map(|p| p.name))) {
        return Err(format!("{} (did you mean {}?)", why, problem));
    }
    if let Some(cmd) = &options.cmd {
        return Err(format!(
            "{}: --cmd takes the whole command as one argument; quote it: --cmd \"{} {}\"",
            why,
            escaped(cmd),
            name
        ));
    }
    let known: Vec<&str> = PROBLEMS.iter().map(|p| p.name).collect();
    Err(format!("{} (known: {})", why, known.join(", ")))
}

/// A name without what a slip of the keyboard changes most: in lower case,
/// without `-`, `_` and blanks.
fn plain(name: &str) -> String {
    name.to_ascii_lowercase().replace(['-', '_', ' '], "")
}

/// The one of `names` (a problem's, an option's) that `given` is a slip
/// for, the closest if several are: the same but for case, `-`, `_` and
/// blanks, or, for a name longer than three letters, one letter added,
/// dropped, changed or two letters swapped.
fn meant<'a>(given: &str, names: impl Iterator<Item = &'a str>) -> Option<&'a str> {
    let given = plain(given);
    names
        .filter_map(|name| {
            let wanted = plain(name);
            let distance = edit_distance(&given, &wanted);
            let slip = distance == 0 || (distance == 1 && wanted.len() > 3);
            slip.then_some((distance, name))
        })
        .min_by_key(|&(distance, _)| distance)
        .map(|(_, name)| name)
}

/// The Damerau-Levenshtein distance with adjacent swaps (optimal string
/// alignment) between `a` and `b`.
fn edit_distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let mut d = vec![vec![0; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let change = usize::from(a[i - 1] != b[j - 1]);
            d[i][j] = (d[i - 1][j] + 1)
                .min(d[i][j - 1] + 1)
                .min(d[i - 1][j - 1] + change);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d[i][j] = d[i][j].min(d[i - 2][j - 2] + 1);
            }
        }
    }
    d[a.len()][b.len()]
}

/// What `--stress` and `--generate` go with, and what they need.
fn check_stress_options(options: &Options, one_problem: bool) -> Result<(), String> {
    let mode = match (options.stress, options.generate) {
        (Some(_), Some(_)) => return Err("--stress and --generate do not go together".to_string()),
        (Some(_), None) => "--stress",
        (None, Some(_)) => "--generate",
        (None, None) => {
            if options.seed.is_some() || options.save.is_some() {
                return Err("--seed and --save go with --stress or --generate".to_string());
            }
            return Ok(());
        }
    };
    if !one_problem {
        return Err(format!("{} needs exactly one PROBLEM", mode));
    }
    if mode == "--stress" && options.cmd.is_none() {
        return Err("--stress needs --cmd \"COMMAND\" (the program to test)".to_string());
    }
    if mode == "--generate" && options.save.is_none() {
        return Err("--generate needs --save DIR (where to write the tests)".to_string());
    }
    if mode == "--generate" && options.cmd.is_some() {
        return Err("--generate writes our answers; it takes no --cmd".to_string());
    }
    let others = [
        ("--test", !options.test_filters.is_empty()),
        ("--tests", options.tests_dir.is_some()),
        ("--as-written", options.as_written),
        ("--standalone", options.standalone),
        ("--repeat", options.repeat > 1),
        // The reports of --stress and --generate are text only.
        ("--json", options.json),
        ("--verbose", options.verbose),
        ("--save-outputs", options.save_outputs.is_some()),
        ("-j", options.jobs.is_some()),
    ];
    if let Some((other, _)) = others.iter().find(|(_, given)| *given) {
        return Err(format!("{} and {} do not go together", mode, other));
    }
    Ok(())
}

/// `--export` writes packages: it judges nothing, so it takes no other option.
fn check_export_options(options: &Options) -> Result<(), String> {
    if options.export.is_none() {
        return Ok(());
    }
    let mut others = judging_options(options);
    others.extend([
        ("--seed", options.seed.is_some()),
        ("--save", options.save.is_some()),
    ]);
    match others.iter().find(|(_, given)| *given) {
        Some((other, _)) => Err(format!("--export and {} do not go together", other)),
        None => Ok(()),
    }
}

/// The options that judge, each with whether it was given: the modes that
/// judge nothing (`--export`, `--figures`, `--draw`) refuse them.
fn judging_options(options: &Options) -> Vec<(&'static str, bool)> {
    vec![
        ("--test", !options.test_filters.is_empty()),
        ("--cmd", options.cmd.is_some()),
        ("--show", !options.show.is_empty()),
        ("--tests", options.tests_dir.is_some()),
        ("--as-written", options.as_written),
        ("--standalone", options.standalone),
        ("--time-limit", options.time_limit_ms.is_some()),
        ("--memory-limit", options.memory_limit_mb.is_some()),
        ("--max-processes", options.max_processes.is_some()),
        ("-j", options.jobs.is_some()),
        ("--repeat", options.repeat > 1),
        ("--json", options.json),
        ("--verbose", options.verbose),
        ("--save-outputs", options.save_outputs.is_some()),
        ("--stress", options.stress.is_some()),
        ("--generate", options.generate.is_some()),
    ]
}

/// `--figures` and `--draw` draw boards: they judge nothing, so they take
/// no judging option; `--answer` and `--arrows` go with `--draw`, which
/// takes one PROBLEM or infers it (`svg_figures::draw_inferred`).
fn check_figure_options(options: &Options) -> Result<(), String> {
    let drawing = if options.figures {
        "--figures"
    } else if options.draw.is_some() {
        "--draw"
    } else {
        if options.answer.is_some() || options.arrows.is_some() {
            return Err("--answer and --arrows go with --draw".to_string());
        }
        return Ok(());
    };
    if options.draw.is_some() && options.problems.len() > 1 {
        return Err("--draw takes one PROBLEM, or none to infer it from FILE".to_string());
    }
    let mut others = vec![
        ("--draw", options.figures && options.draw.is_some()),
        ("--answer", options.figures && options.answer.is_some()),
        ("--arrows", options.figures && options.arrows.is_some()),
        ("--export", options.export.is_some()),
    ];
    others.extend(judging_options(options));
    match others.iter().find(|(_, given)| *given) {
        Some((other, _)) => Err(format!("{} and {} do not go together", drawing, other)),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(list: &[&str]) -> Result<Option<Options>, String> {
        let list: Vec<OsString> = list.iter().map(OsString::from).collect();
        parse_args(&list)
    }

    #[test]
    fn no_arguments_means_every_problem() {
        let options = args(&[]).unwrap().unwrap();
        assert_eq!(options.problems.len(), PROBLEMS.len());
    }

    #[test]
    fn show_is_repeated_resolved_existing_and_needs_cmd() {
        let cmd = ["checkers_pos", "--cmd", "true"];
        let a = args(&[&cmd[..], &["--show", "/usr/../usr", "--show=/etc"]].concat());
        let a = a.unwrap().unwrap();
        assert_eq!(a.show, [PathBuf::from("/usr"), PathBuf::from("/etc")]);
        let missing = args(&[&cmd[..], &["--show", "/no/such/path"]].concat());
        assert!(missing.err().unwrap().starts_with("--show /no/such/path: "));
        let alone = args(&["checkers_pos", "--show", "/usr"]);
        assert!(alone.err().unwrap().contains("--show needs --cmd"));
    }

    #[test]
    fn options_take_their_value_either_way() {
        let a = args(&[
            "checkers_pos",
            "--test",
            "04",
            "--time-limit=500",
            "--repeat",
            "9",
        ])
        .unwrap()
        .unwrap();
        assert_eq!(a.problems.len(), 1);
        assert_eq!(a.test_filters, ["04"]);
        assert_eq!(a.time_limit_ms, Some(500));
        assert_eq!(a.repeat, 9);
    }

    #[test]
    fn test_filters_add_up() {
        let a = args(&["checkers_pos", "--test", "03", "--test=05"])
            .unwrap()
            .unwrap();
        assert_eq!(a.test_filters, ["03", "05"]);
    }

    #[test]
    fn new_options_are_read() {
        let a = args(&[
            "-j",
            "3",
            "--memory-limit",
            "64",
            "--json",
            "--save-outputs=out",
        ])
        .unwrap()
        .unwrap();
        assert_eq!(a.jobs, Some(3));
        assert_eq!(a.memory_limit_mb, Some(64));
        assert!(a.json && !a.verbose);
        assert_eq!(a.save_outputs, Some(PathBuf::from("out")));
        assert!(args(&["--verbose"]).unwrap().unwrap().verbose);
    }

    #[test]
    fn an_option_given_twice_is_an_error_but_test_adds_up() {
        let twice = args(&["checkers_pos", "--cmd", "a", "--cmd", "b"]);
        assert_eq!(twice.err().as_deref(), Some("--cmd is given twice"));
        assert!(args(&["--time-limit", "5", "--time-limit=6"]).is_err());
        assert!(args(&["--json", "--json"]).is_err());
        let two_filters = args(&["--test", "03", "--test", "05"]).unwrap().unwrap();
        assert_eq!(two_filters.test_filters, ["03", "05"]);
    }

    #[test]
    fn a_double_dash_ends_the_options() {
        let a = args(&["--", "checkers_pos"]).unwrap().unwrap();
        assert_eq!(a.problems.len(), 1);
        assert_eq!(a.problems[0].name, "checkers_pos");
        let after = args(&["--", "--json"]).err().unwrap();
        assert!(after.contains("unknown problem \"--json\""), "{}", after);
    }

    #[test]
    fn rejects_what_it_cannot_do() {
        assert!(args(&["chess"]).is_err());
        assert!(args(&["--frobnicate"]).is_err());
        assert!(args(&["--time-limit", "soon"]).is_err());
        assert!(args(&["--repeat", "0"]).is_err());
        assert!(args(&["--test"]).is_err());
        assert!(args(&["--cmd", "cat"]).is_err(), "--cmd without a problem");
        assert!(args(&["--tests", "x", "checkers_pos", "checkers_board"]).is_err());
        assert!(args(&["checkers_pos", "--cmd", "cat", "--standalone"]).is_err());
        assert!(args(&["--help"]).unwrap().is_none());
        assert!(args(&["--standalone=no"]).is_err());
        assert!(args(&["checkers_pos", "--cmd", " "]).is_err());
        assert!(args(&["-j", "0"]).is_err());
        assert!(args(&["--memory-limit", "lots"]).is_err());
        assert!(args(&["--repeat", "3", "-j", "2"]).is_err());
        assert!(args(&["--json", "--verbose"]).is_err());
        assert!(args(&["--json=yes"]).is_err());
        // --as-written is for a --cmd program on the samples.
        assert!(args(&["--as-written"]).is_err());
        assert!(args(&["checkers_pos", "--as-written", "--cmd", "c", "--tests", "t"]).is_err());
        let a = args(&["checkers_pos", "--as-written", "--cmd", "c"]).unwrap();
        assert!(a.unwrap().as_written);
    }

    #[test]
    fn export_takes_a_folder_and_problems_but_no_judging_option() {
        let a = args(&["--export", "out", "checkers_pos"]).unwrap().unwrap();
        assert_eq!(a.export, Some(PathBuf::from("out")));
        assert_eq!(a.problems.len(), 1);
        assert_eq!(
            args(&["--export", "out", "--json"]).err().as_deref(),
            Some("--export and --json do not go together")
        );
        assert!(args(&["--export"]).is_err());
    }

    #[test]
    fn a_near_miss_names_the_problem_meant() {
        for slip in [
            "checkers-pos",
            "checkerspos",
            "Checkers_Pos",
            "checker_pos",
            "chekcers_pos",
        ] {
            let why = args(&[slip]).err().unwrap();
            assert!(
                why.ends_with("(did you mean checkers_pos?)"),
                "{}: {}",
                slip,
                why
            );
        }
        let far = args(&["chess"]).err().unwrap();
        assert!(far.contains("(known: russian_checkers, "), "{}", far);
    }

    #[test]
    fn a_mistyped_option_names_the_option_meant() {
        for (slip, option) in [
            ("--stres", "--stress"),
            ("--Stress", "--stress"),
            ("-stress", "--stress"),
            ("--time_limit", "--time-limit"),
            ("--tset", "--test"),
            ("--save-output=out", "--save-outputs"),
            ("--jsno", "--json"),
            ("--figure", "--figures"),
        ] {
            let why = args(&[slip]).err().unwrap();
            let said = format!("unknown option {} (did you mean {}?)", slip, option);
            assert!(why.starts_with(&said), "{}: {}", slip, why);
        }
        // Far from every option: all of them are listed.
        let why = args(&["--frobnicate"]).err().unwrap();
        assert!(!why.contains("did you mean"), "{}", why);
        assert!(why.contains("(options: --test --cmd "), "{}", why);
        // A letter off a one-letter option is no slip of it.
        assert!(!args(&["-k"]).err().unwrap().contains("did you mean"));
    }

    /// The list the refusal shows and suggests from is the options that are
    /// read: none of them is unknown.
    #[test]
    fn every_option_listed_is_read() {
        for option in OPTIONS {
            let why = args(&[option, "1"]).err().unwrap_or_default();
            assert!(!why.contains("unknown option"), "{}: {}", option, why);
        }
    }

    #[test]
    fn a_command_in_pieces_is_told_to_quote_it() {
        let why = args(&["checkers_pos", "--cmd", "python3", "x.py"])
            .err()
            .unwrap();
        assert!(
            why.contains(
                "--cmd takes the whole command as one argument; quote it: --cmd \"python3 x.py\""
            ),
            "{}",
            why
        );
    }

    #[test]
    fn the_usage_lists_every_problem() {
        let text = usage();
        for problem in PROBLEMS {
            assert!(text.contains(problem.name), "{} is missing", problem.name);
        }
        assert!(text.lines().all(|line| line.len() <= 80));
    }

    #[test]
    fn draw_takes_one_problem_and_figures_takes_any() {
        let a = args(&[
            "checkers_pos",
            "--draw",
            "a.in",
            "--answer=a.out",
            "--arrows",
            "1-5",
        ])
        .unwrap()
        .unwrap();
        assert_eq!(a.draw, Some(PathBuf::from("a.in")));
        assert_eq!(a.answer, Some(PathBuf::from("a.out")));
        assert_eq!(a.arrows.as_deref(), Some("1-5"));
        assert!(args(&["--figures"]).unwrap().unwrap().figures);
        // No PROBLEM named: every one is a candidate, FILE tells which.
        let inferred = args(&["--draw", "a.in"]).unwrap().unwrap();
        assert_eq!(inferred.problems.len(), PROBLEMS.len());
        assert_eq!(
            args(&["checkers_pos", "checkers_board", "--draw", "a.in"])
                .err()
                .as_deref(),
            Some("--draw takes one PROBLEM, or none to infer it from FILE")
        );
        assert_eq!(
            args(&["checkers_pos", "--answer", "a.out"])
                .err()
                .as_deref(),
            Some("--answer and --arrows go with --draw")
        );
        assert!(args(&["--figures", "--json"]).is_err());
        assert!(args(&["checkers_pos", "--figures", "--draw", "a.in"]).is_err());
    }

    #[test]
    fn rustc_goes_with_standalone() {
        let a = args(&["--standalone", "--rustc", "/usr/bin/rustc"])
            .unwrap()
            .unwrap();
        assert_eq!(a.rustc, Some(PathBuf::from("/usr/bin/rustc")));
        assert!(args(&["--rustc", "/usr/bin/rustc"]).is_err());
    }
}
