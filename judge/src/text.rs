//! Text for people: printing a line of the report (`say`), a warning
//! (`warn`), a line that holds what a program wrote (escaped), what a report
//! quotes of a program's output cut to a bound (`cut`, `bounded`), and
//! counted nouns. Every line the judge prints goes through here.

use std::io::Write;

/// The most bytes of one line a report quotes from what a program wrote
/// (its output, its stderr), a control character counted as its escape
/// (`\u{1b}`, 6 bytes): the rest is cut, saying how much.
pub const LINE_BOUND: usize = 200;

/// The most bytes of one line of reasons (a checker's own list of moves
/// runs to several hundred), counted as `LINE_BOUND` counts.
pub const REASON_BOUND: usize = 1024;

/// The most lines of a test's reasons (the checker's, the exit status's), or
/// of a text quoted whole (an answer under `--stress`, an output under
/// `--verbose`)...
pub const REASON_LINES: usize = 16;

/// ... and the most bytes of them together: with the 5 lines of stderr and
/// the board, a failure's report is a few KiB at most (under 6), whatever
/// the program wrote.
pub const REASONS_BUDGET: usize = 4 << 10;

/// Prints one line on stdout. When the reader has gone (`judge | head -2`),
/// the run ends quietly: the programs under test are stopped and the judge
/// exits with 141, the status a shell reports for a program killed by
/// SIGPIPE. Any other failure to write (a full disk, `> /dev/full`) ends it
/// the same way, with one line on stderr and exit status 1: a report that
/// cannot be written is the end of the run, wherever it happens.
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

/// Prints one line on stderr; a closed stderr is ignored.
pub fn warn(line: &str) {
    let _ = writeln!(std::io::stderr(), "{}", line);
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

/// `"a"`, or `"a" or "b"`.
pub fn quoted_list(words: &[String]) -> String {
    let quoted: Vec<String> = words.iter().map(|w| format!("{:?}", w)).collect();
    quoted.join(" or ")
}

/// A line of a program's output made safe for a terminal: control
/// characters other than tab, and the characters that turn or break the
/// lines around them (the line and paragraph separators, the marks and
/// overrides of text direction), are shown escaped (`\u{1b}`, `\u{202e}`),
/// as in a WA line.
pub fn escape_controls(line: &str) -> String {
    line.chars()
        .map(|c| match c {
            c if unsafe_for_a_terminal(c) => c.escape_default().to_string(),
            c => c.to_string(),
        })
        .collect()
}

/// Whether `c` would act on a terminal (or on the lines shown around it)
/// rather than show: see [`escape_controls`].
fn unsafe_for_a_terminal(c: char) -> bool {
    let turns = matches!(
        c,
        '\u{061c}' | '\u{200e}' | '\u{200f}' | '\u{2028}' | '\u{2029}'
    ) || ('\u{202a}'..='\u{202e}').contains(&c)
        || ('\u{2066}'..='\u{2069}').contains(&c);
    (c.is_control() && c != '\t') || turns
}

/// A name as the system gives it (a file's, an argument), shown: each byte
/// that is not part of UTF-8 text as `\xFF`, the rest as it is. Two names
/// that differ in such bytes are shown differently.
pub fn escaped(name: &std::ffi::OsStr) -> String {
    if let Some(text) = name.to_str() {
        return text.to_string();
    }
    use std::os::unix::ffi::OsStrExt;
    let mut bytes = name.as_bytes();
    let mut shown = String::new();
    loop {
        match std::str::from_utf8(bytes) {
            Ok(text) => return shown + text,
            Err(e) => {
                let (good, rest) = bytes.split_at(e.valid_up_to());
                shown += std::str::from_utf8(good).unwrap_or_default();
                let bad = e.error_len().unwrap_or(rest.len());
                for byte in &rest[..bad] {
                    shown += &format!("\\x{:02X}", byte);
                }
                bytes = &rest[bad..];
            }
        }
    }
}

/// `line` cut after `at_most` bytes (a control character counted as its
/// escape, 6 bytes; never inside a character), then how many bytes were
/// left out: `xxxx... (1048376 more bytes)`. Looks at no more of `line`
/// than it keeps.
pub fn cut(line: &str, at_most: usize) -> String {
    let mut width = 0;
    for (at, c) in line.char_indices() {
        width += match unsafe_for_a_terminal(c) {
            true => 6,
            false => c.len_utf8(),
        };
        if width > at_most {
            return format!("{}... ({} more bytes)", &line[..at], line.len() - at);
        }
    }
    line.to_string()
}

/// The first lines of `lines`, each cut after `line_bound` bytes (see
/// [`cut`]), as many as `REASON_LINES` and `REASONS_BUDGET` bytes allow,
/// then a line saying how many were left out: what a report quotes of a
/// text however long it is.
pub fn bounded<'a>(lines: impl Iterator<Item = &'a str>, line_bound: usize) -> Vec<String> {
    let mut lines = lines.peekable();
    let mut kept = Vec::new();
    let mut bytes = 0;
    while kept.len() < REASON_LINES && bytes < REASONS_BUDGET {
        let Some(line) = lines.next() else { break };
        let line = cut(line, line_bound.min(REASONS_BUDGET - bytes));
        bytes += line.len();
        kept.push(line);
    }
    if lines.peek().is_some() {
        let (count, bytes) = lines.fold((0, 0), |(n, b), line| (n + 1, b + line.len() + 1));
        kept.push(format!(
            "... ({}, {} bytes, not shown)",
            counted(count, "more lines"),
            bytes
        ));
    }
    kept
}

/// The start of `text` as a report quotes it (a whole output or answer):
/// its first lines, each cut after `LINE_BOUND` bytes (see [`bounded`]).
pub fn quoted_text(text: &str) -> Vec<String> {
    bounded(text.lines(), LINE_BOUND)
}

/// At most `at_most` of `items`, joined by `separator`, then `and N more`
/// for the rest: a list of moves in a report.
pub fn listed<T: std::fmt::Display>(items: &[T], separator: &str, at_most: usize) -> String {
    let shown: Vec<String> = items.iter().take(at_most).map(T::to_string).collect();
    let mut text = shown.join(separator);
    if items.len() > at_most {
        text += &format!(" and {} more", items.len() - at_most);
    }
    text
}

/// ` (it must jump: its 3 slides do not count)`: why a side's count leaves
/// out `dropped` moves of the kind `plural`; empty when none.
pub fn must_jump_note(dropped: usize, plural: &str) -> String {
    match dropped {
        0 => String::new(),
        1 => format!(" (it must jump: its {} does not count)", counted(1, plural)),
        n => format!(" (it must jump: its {} do not count)", counted(n, plural)),
    }
}

/// A duration in whole milliseconds: `1500 ms`.
pub fn ms(time: std::time::Duration) -> String {
    format!("{:.0} ms", time.as_secs_f64() * 1000.0)
}

/// KiB as MiB to a tenth: `2.5 MiB`.
pub fn mib(kib: u64) -> String {
    format!("{:.1} MiB", kib as f64 / 1024.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_shown_escaped() {
        assert_eq!(escape_controls("\u{1b}[31mred\tx"), "\\u{1b}[31mred\tx");
        assert_eq!(escape_controls("a\rb ç"), "a\\rb ç");
    }

    #[test]
    fn bytes_that_are_not_utf8_are_shown_escaped_and_apart() {
        use std::os::unix::ffi::OsStrExt;
        let shown = |bytes: &[u8]| escaped(std::ffi::OsStr::from_bytes(bytes));
        assert_eq!(shown(b"plain \xc3\xa7"), "plain ç");
        assert_eq!(shown(b"a\xff"), "a\\xFF");
        assert_ne!(shown(b"a\xfe"), shown(b"a\xff"));
        // A sequence cut short, then text again.
        assert_eq!(shown(b"\xe2\x82x\xc3\xa7"), "\\xE2\\x82xç");
    }

    #[test]
    fn long_lines_and_texts_are_cut_saying_how_much() {
        assert_eq!(cut("short", 10), "short");
        assert_eq!(cut(&"x".repeat(25), 10), "xxxxxxxxxx... (15 more bytes)");
        // Never inside a character; an escape counts its width.
        assert_eq!(cut("éééé", 5), "éé... (4 more bytes)");
        assert_eq!(cut("ab\u{1b}cd", 7), "ab... (3 more bytes)");
        // A budget for all the lines: of 6 lines of 1000 bytes, 4 and a cut.
        let wide = format!("{}\n", "w".repeat(1000)).repeat(6);
        let lines = bounded(wide.lines(), REASON_BOUND);
        assert_eq!(lines.len(), 6, "{:?}", lines);
        assert!(lines[4].ends_with(&format!("w... ({} more bytes)", 1000 - 96)));
        assert_eq!(lines[5], "... (1 more line, 1001 bytes, not shown)");
        let long = "y".repeat(1 << 20);
        let quoted = quoted_text(&long);
        assert_eq!(quoted.len(), 1, "{:?}", quoted);
        assert!(quoted[0].ends_with(&format!("y... ({} more bytes)", (1 << 20) - LINE_BOUND)));
        let lines = "z\n".repeat(REASON_LINES + 5);
        assert_eq!(
            quoted_text(&lines).last().unwrap(),
            "... (5 more lines, 10 bytes, not shown)"
        );
        assert_eq!(quoted_text("1\n2\n"), ["1", "2"]);
    }

    #[test]
    fn lists_are_cut_and_notes_agree_in_number() {
        assert_eq!(listed(&[1, 2, 3], "; ", 2), "1; 2 and 1 more");
        assert_eq!(listed(&[1, 2], ", ", 2), "1, 2");
        assert_eq!(must_jump_note(0, "slides"), "");
        assert_eq!(
            must_jump_note(1, "slides"),
            " (it must jump: its 1 slide does not count)"
        );
        assert_eq!(
            must_jump_note(2, "simple moves"),
            " (it must jump: its 2 simple moves do not count)"
        );
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
    fn what_turns_the_lines_around_it_is_escaped_too() {
        assert_eq!(escape_controls("a\tb\u{1b}[2J"), "a\tb\\u{1b}[2J");
        assert_eq!(escape_controls("1 \u{202e}2 3"), "1 \\u{202e}2 3");
        assert_eq!(
            escape_controls("x\u{2028}y\u{2066}"),
            "x\\u{2028}y\\u{2066}"
        );
        assert_eq!(escape_controls("é ✓"), "é ✓");
    }
}
