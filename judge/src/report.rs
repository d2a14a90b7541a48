//! Printing the report: a table for people, or one JSON object per test for
//! programs. Every line goes through [`say`], which never panics.

use crate::options::Options;
use crate::suite::{limits_for, Baseline, Judged, Suite};
use crate::verdict;
use std::io::{IsTerminal, Write};

/// Prints one line on stdout. When the reader has gone (`judge | head -2`),
/// the judge stops quietly: it kills the programs under test and exits with
/// 141, the status a shell reports for a program killed by SIGPIPE. Any other
/// failure to write (a full disk, `> /dev/full`) stops it the same way, with
/// one line on stderr and exit status 1.
pub fn say(line: &str) {
    crate::os::hold_if_interrupted();
    let mut out = std::io::stdout().lock();
    if let Err(e) = writeln!(out, "{}", line).and_then(|_| out.flush()) {
        crate::os::stop_everything();
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(141);
        }
        warn(&format!("judge: cannot write the report: {}", e));
        std::process::exit(1);
    }
}

/// Prints a line that holds something the program wrote (its output, its
/// stderr, a reason quoting them), after `indent`, with control characters
/// escaped: a program cannot move the cursor or write over the report.
pub fn say_detail(indent: &str, line: &str) {
    say(&format!("{}{}", indent, escape_controls(line)));
}

/// Stops the judge before it starts when its standard output was closed
/// (`judge >&-`): the report would be lost. Rust's runtime reopens a closed
/// descriptor 1 as `/dev/null` for reading and writing, which a shell's
/// `> /dev/null` (write only) never gives, so that is what is looked for.
pub fn refuse_closed_stdout() {
    #[cfg(target_os = "linux")]
    {
        let on_null = std::fs::read_link("/proc/self/fd/1")
            .is_ok_and(|target| target == std::path::Path::new("/dev/null"));
        let info = std::fs::read_to_string("/proc/self/fdinfo/1").unwrap_or_default();
        if on_null && opened_read_write(&info) {
            warn("judge: standard output is closed: the report would be lost");
            std::process::exit(1);
        }
    }
}

/// Whether the `flags:` line of a `/proc/self/fdinfo/N` text (octal) says the
/// descriptor was opened for reading and writing (`O_RDWR`).
#[cfg_attr(not(target_os = "linux"), allow(dead_code))]
fn opened_read_write(fdinfo: &str) -> bool {
    fdinfo
        .lines()
        .find_map(|line| line.strip_prefix("flags:"))
        .and_then(|flags| u32::from_str_radix(flags.trim(), 8).ok())
        .is_some_and(|flags| flags & 3 == 2)
}

/// Prints one line on stderr; a closed stderr is ignored.
pub fn warn(line: &str) {
    let _ = writeln!(std::io::stderr(), "{}", line);
}

/// `n` and a plural noun, the noun made singular when `n` is 1: `3 tests`,
/// `1 test`, `1 process` (a noun ending in `sses` loses `es`, any other its
/// final `s`).
pub fn counted(n: usize, plural: &str) -> String {
    let noun = match (n, plural.strip_suffix("sses")) {
        (1, Some(stem)) => format!("{}ss", stem),
        (1, None) => plural.strip_suffix('s').unwrap_or(plural).to_string(),
        _ => plural.to_string(),
    };
    format!("{} {}", n, noun)
}

/// Verdicts are coloured only on a terminal, and never when `NO_COLOR` is set
/// to anything (see no-color.org).
pub fn colour_wanted() -> bool {
    let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    std::io::stdout().is_terminal() && !no_color
}

/// The verdict, padded to the column's width, in its colour if `colour`.
pub fn verdict_cell(verdict: &str, colour: bool) -> String {
    let cell = format!("{:<4}", verdict);
    if !colour {
        return cell;
    }
    let code = match verdict {
        "AC" => "32",          // green
        "TLE" | "MLE" => "33", // yellow
        _ => "31",             // red
    };
    format!("\x1b[1;{}m{}\x1b[0m", code, cell)
}

/// One row of the table: verdict, wall, CPU, memory, test name (last, so
/// that it may hold spaces).
pub fn row(
    verdict: &str,
    wall_ms: Option<f64>,
    cpu_ms: Option<f64>,
    memory_kib: Option<u64>,
    test: &str,
    colour: bool,
) -> String {
    format!(
        "  {}{:>11}{:>11}{:>11}  {}",
        verdict_cell(verdict, colour),
        wall_ms.map_or("–".to_string(), |ms| format!("{:.1} ms", ms)),
        cpu_ms.map_or("–".to_string(), |ms| format!("{:.1} ms", ms)),
        memory_kib.map_or("–".to_string(), |kib| format!(
            "{:.1} MiB",
            kib as f64 / 1024.0
        )),
        test
    )
}

/// The header over the rows.
pub fn header() -> String {
    format!(
        "  {:<4}{:>11}{:>11}{:>11}  {}",
        "", "wall", "cpu", "memory", "test"
    )
}

/// A value in a JSON object.
pub enum Json<'a> {
    Str(&'a str),
    /// A number of milliseconds, to a tenth.
    Ms(Option<f64>),
    Int(Option<u64>),
    Null,
}

/// One JSON object on one line, the fields in the order given.
pub fn json_object(fields: &[(&str, Json)]) -> String {
    let members: Vec<String> = fields
        .iter()
        .map(|(key, value)| {
            let value = match value {
                Json::Str(s) => json_string(s),
                Json::Ms(Some(ms)) => format!("{:.1}", ms),
                Json::Int(Some(n)) => n.to_string(),
                Json::Ms(None) | Json::Int(None) | Json::Null => "null".to_string(),
            };
            format!("{}:{}", json_string(key), value)
        })
        .collect();
    format!("{{{}}}", members.join(","))
}

/// A JSON string literal: quotes, backslashes and control characters escaped.
pub fn json_string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 || c == '\u{7f}' => {
                out.push_str(&format!("\\u{:04x}", c as u32));
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Reports one suite, taking its verdicts from `results`, as a table or as
/// JSON lines; returns how many tests passed and how many failed.
pub fn report_suite(
    suite: &Suite,
    baseline: Option<&Baseline>,
    results: &mut impl Iterator<Item = Judged>,
    options: &Options,
    colour: bool,
) -> (usize, usize) {
    let limits = limits_for(suite.problem, options);
    let table = !options.json;
    if table {
        say(&format!(
            "{}  (limits: {} of CPU time, {} MiB of memory)",
            suite.title,
            verdict::ms(limits.time),
            limits.memory_bytes.unwrap_or(0) >> 20
        ));
    }
    if let Err(why) = &suite.program {
        let judged = Judged::failed("CE", why.lines().map(String::from).collect());
        if table {
            let not_run = counted(suite.tests.len(), "tests");
            say(&format!("  CE    {} not run", not_run));
            for line in &judged.details {
                say_detail("        ", line);
            }
        } else {
            for test in suite.tests.iter() {
                json_line(suite, Some(&test.name), &judged);
            }
            if suite.tests.is_empty() {
                json_line(suite, None, &judged);
            }
        }
        return (0, suite.tests.len().max(1));
    }
    if suite.tests.is_empty() {
        // Without a filter, a problem with no tests has lost its samples.
        if !options.test_filters.is_empty() {
            let filters = quoted_list(&options.test_filters);
            if table {
                say(&format!("  no test name contains {}", filters));
            } else {
                // No object to print, but a silent run would tell CI nothing.
                warn(&format!(
                    "judge: {}: no test name contains {}",
                    suite.problem.name, filters
                ));
            }
            return (0, 0);
        }
        if table {
            say("  ERR   no tests found");
        } else {
            json_line(
                suite,
                None,
                &Judged::failed("ERR", vec!["no tests found".into()]),
            );
        }
        return (0, 1);
    }
    if let (Some(b), false) = (baseline, table) {
        use Json;
        say(&json_object(&[
            ("problem", Json::Str(suite.problem.name)),
            ("program", Json::Str(&suite.title)),
            ("startup_runs", Json::Int(Some(options.repeat as u64))),
            ("wall_ms", Json::Ms(b.wall_ms)),
            ("cpu_ms", Json::Ms(b.cpu_ms)),
            ("memory_kib", Json::Int(b.memory_kib)),
        ]));
    } else if let Some(b) = baseline {
        say(&format!(
            "  start-up: {} wall, {} CPU, {} memory: the program on an empty input \
             (median of {} runs); the times below are medians of {} runs too",
            b.wall_ms
                .map_or("–".to_string(), |ms| format!("{:.1} ms", ms)),
            b.cpu_ms
                .map_or("–".to_string(), |ms| format!("{:.1} ms", ms)),
            b.memory_kib.map_or("–".to_string(), verdict::mib),
            options.repeat,
            options.repeat
        ));
    }
    if table {
        say(&header());
    }
    let mut records = Records::default();
    let mut failed = 0;
    for (done, test) in suite.tests.iter().enumerate() {
        let judged = results.next().expect("one verdict per test");
        if let (Some(why), true) = (&judged.not_started, table) {
            // One line for the rest of the suite, not one per test.
            let left = suite.tests.len() - done;
            results.take(left - 1).for_each(drop);
            say_detail(
                "  RE    ",
                &format!(
                    "could not be started: {} ({} failed)",
                    why.replace('\n', " / "),
                    counted(left, "tests")
                ),
            );
            return (done - failed, failed + left);
        }
        if table {
            report_test(&test.name, &judged, colour);
        } else {
            json_line(suite, Some(&test.name), &judged);
        }
        if judged.verdict != "AC" {
            failed += 1;
        }
        records.note(&test.name, &judged);
    }
    let total = suite.tests.len();
    if !table {
        // The objects say it all.
    } else if failed == 0 {
        let passed = match total {
            1 => "the 1 test passed".to_string(),
            n => format!("all {} passed", n),
        };
        say(&format!("  = {}{}", passed, records));
    } else {
        say(&format!("  = {} of {} FAILED", failed, total));
    }
    (total - failed, failed)
}

/// One row of the table, the reasons under it, and with `--verbose` the
/// input and output.
fn report_test(name: &str, judged: &Judged, colour: bool) {
    say(&row(
        judged.verdict,
        judged.wall_ms,
        judged.cpu_ms,
        judged.memory_kib,
        name,
        colour,
    ));
    for line in &judged.details {
        say_detail("        ", line);
    }
    if let Some(shown) = &judged.shown {
        show_verbose(shown);
    }
}

/// `--json`: one test's object.
fn json_line(suite: &Suite, test: Option<&str>, judged: &Judged) {
    use Json;
    say(&json_object(&[
        ("problem", Json::Str(suite.problem.name)),
        ("program", Json::Str(&suite.title)),
        ("test", test.map_or(Json::Null, Json::Str)),
        ("verdict", Json::Str(judged.verdict)),
        ("wall_ms", Json::Ms(judged.wall_ms)),
        ("cpu_ms", Json::Ms(judged.cpu_ms)),
        ("memory_kib", Json::Int(judged.memory_kib)),
        ("message", Json::Str(&judged.details.join("\n"))),
    ]))
}

/// A suite's slowest test (by CPU time, which the limit judges, or by wall
/// time where there is no CPU time) and its test using the most memory.
#[derive(Default)]
struct Records {
    slowest: Option<(f64, &'static str, String)>,
    biggest: Option<(u64, String)>,
}

impl Records {
    fn note(&mut self, name: &str, judged: &Judged) {
        let time = match (judged.cpu_ms, judged.wall_ms) {
            (Some(ms), _) => Some((ms, "CPU")),
            (None, Some(ms)) => Some((ms, "wall")),
            _ => None,
        };
        if let Some((ms, what)) = time {
            if self
                .slowest
                .as_ref()
                .map_or(true, |(most, _, _)| ms >= *most)
            {
                self.slowest = Some((ms, what, name.to_string()));
            }
        }
        if let Some(kib) = judged.memory_kib {
            if self.biggest.as_ref().map_or(true, |(most, _)| kib >= *most) {
                self.biggest = Some((kib, name.to_string()));
            }
        }
    }
}

/// `, slowest 1.8 ms CPU (name), most memory 2.0 MiB (name)`.
impl std::fmt::Display for Records {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        if let Some((ms, what, name)) = &self.slowest {
            write!(f, ", slowest {:.1} ms {} ({})", ms, what, name)?;
        }
        if let Some((kib, name)) = &self.biggest {
            write!(f, ", most memory {} ({})", verdict::mib(*kib), name)?;
        }
        Ok(())
    }
}

/// `"a"`, or `"a" or "b"`.
fn quoted_list(words: &[String]) -> String {
    let quoted: Vec<String> = words.iter().map(|w| format!("{:?}", w)).collect();
    quoted.join(" or ")
}

/// A line of a program's output made safe for a terminal: control
/// characters other than tab are shown escaped (`\u{1b}`), as in a WA line.
pub fn escape_controls(line: &str) -> String {
    line.chars()
        .map(|c| match c {
            '\t' => c.to_string(),
            c if c.is_control() => c.escape_default().to_string(),
            c => c.to_string(),
        })
        .collect()
}

/// `--verbose`: the input, the output and the end of stderr, whole, marked off.
fn show_verbose([input, output, stderr]: &[Vec<u8>; 3]) {
    for (what, text) in [("input", input), ("output", output), ("stderr", stderr)] {
        if what == "stderr" && text.is_empty() {
            continue;
        }
        say(&format!("        {}:", what));
        for line in String::from_utf8_lossy(text).lines() {
            say_detail("        | ", line);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verbose_lines_show_control_characters_escaped() {
        assert_eq!(escape_controls("\u{1b}[31mred\tx"), "\\u{1b}[31mred\tx");
        assert_eq!(escape_controls("a\rb ç"), "a\\rb ç");
    }

    #[test]
    fn counts_are_singular_for_one() {
        assert_eq!(counted(1, "tests"), "1 test");
        assert_eq!(counted(0, "tests"), "0 tests");
        assert_eq!(counted(2, "smaller candidates"), "2 smaller candidates");
        assert_eq!(counted(1, "processes"), "1 process");
        assert_eq!(counted(3, "processes"), "3 processes");
    }

    #[test]
    fn read_write_flags_mark_a_closed_stdout() {
        // Rust's runtime reopens a closed stdout O_RDWR (flags end in 2);
        // a shell's `> /dev/null` opens it O_WRONLY (1), a pipe too.
        assert!(opened_read_write("pos:\t0\nflags:\t0100002\nmnt_id:\t1\n"));
        assert!(!opened_read_write("pos:\t0\nflags:\t0100001\nmnt_id:\t1\n"));
        assert!(!opened_read_write("flags:\t01\n"));
        assert!(!opened_read_write(""));
    }

    #[test]
    fn json_strings_are_escaped() {
        assert_eq!(json_string("a\"b\\c\nd\u{1}"), r#""a\"b\\c\nd\u0001""#);
        assert_eq!(json_string("ç–"), "\"ç–\"");
    }

    #[test]
    fn json_objects_keep_the_order_and_write_null() {
        let line = json_object(&[
            ("test", Json::Str("01")),
            ("wall_ms", Json::Ms(Some(1.25))),
            ("cpu_ms", Json::Ms(None)),
            ("memory_kib", Json::Int(Some(2048))),
        ]);
        assert_eq!(
            line,
            r#"{"test":"01","wall_ms":1.2,"cpu_ms":null,"memory_kib":2048}"#
        );
    }

    #[test]
    fn rows_line_up_and_colour_only_the_verdict() {
        let plain = row("AC", Some(1.0), None, Some(2048), "t", false);
        assert_eq!(plain, "  AC       1.0 ms          –    2.0 MiB  t");
        let coloured = row("AC", Some(1.0), None, Some(2048), "t", true);
        assert_eq!(
            coloured.replace("\x1b[1;32m", "").replace("\x1b[0m", ""),
            plain
        );
    }
}
