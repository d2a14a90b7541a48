//! From a finished run to a verdict, in this order:
//!
//! 1. More than 64 MiB of output: WA (cut off).
//! 2. Killed by the supervisor as the test's resident memory (all its
//!    processes together) passed the limit: MLE.
//! 3. CPU time (all the test's processes) over the limit: TLE (cpu), however
//!    the run ended (the supervisor kills a test whose CPU time passes the
//!    limit, looking every 10 ms).
//! 4. Still idle at the wall-clock safety net (2 × limit + 1 s not spent on a
//!    CPU or waiting for one): TLE (wall).
//! 5. Ended, but idle (sleeping, waiting for input) for longer than the whole
//!    limit, i.e. wall time > limit + CPU time + time spent waiting for a CPU:
//!    TLE (wall). A busy machine makes no TLE (wall): waiting for a CPU is
//!    not idling. Where the OS gives no CPU time, wall time > limit is TLE
//!    (wall).
//! 6. A non-zero exit or a signal: MLE when the program ran out of memory (see
//!    [`ran_out_of_memory`]), otherwise RE.
//! 7. Peak memory over the limit (a peak between two looks): MLE.
//! 8. Output that is not UTF-8 text: WA, naming the first byte that is not
//!    (every answer is ASCII, and no checker passes a byte it does not
//!    expect; so a flood of such bytes is not made three times larger as
//!    text, U+FFFD each, to be compared).
//! 9. Otherwise the checker says AC or WA.
//!
//! Every verdict but AC comes with the end of the program's stderr and the
//! input board drawn with the problem's own coordinates.
//!
//! What the reasons and the stderr quote of the program is bounded here, for
//! every checker and every report (table, JSON, `--stress`): at most
//! `REASON_LINES` lines and `REASONS_BUDGET` bytes of reasons, each line cut
//! after `REASON_BOUND` bytes, and 5 lines of stderr, each cut after
//! `LINE_BOUND` bytes, saying how much was left out (`text::bounded`).
//!
//! Then, if the run left processes running, they were killed and a line says
//! so; a test that would have been AC becomes RE, since a submission that
//! leaves work running after it exits is broken.

use crate::problems::{Checker, Picture};
use crate::run::{self, End, Limits, Outcome};
use crate::text::{bounded, counted, cut, mib, ms, LINE_BOUND, REASON_BOUND};
use std::process::ExitStatus;
use std::time::Duration;

/// The verdict on one run and the lines that explain it.
pub fn decide(
    problem: (Checker, Picture),
    input: &[u8],
    answer: &[u8],
    outcome: &Outcome,
    limits: &Limits,
) -> (&'static str, Vec<String>) {
    let (checker, picture) = problem;
    let (verdict, reasons) = verdict(checker, input, answer, outcome, limits);
    let mut details = bounded(reasons.iter().flat_map(|why| why.lines()), REASON_BOUND);
    let verdict = match verdict {
        "AC" if !outcome.leftovers.is_empty() => "RE",
        verdict => verdict,
    };
    if verdict != "AC" {
        let stderr = String::from_utf8_lossy(&outcome.stderr_tail);
        let tail: Vec<&str> = stderr.lines().collect();
        for line in &tail[tail.len().saturating_sub(5)..] {
            details.push(format!("stderr: {}", cut(line, LINE_BOUND)));
        }
    }
    let n = outcome.leftovers.len();
    if n > 0 {
        let mut names = outcome.leftovers[..n.min(5)].join(", ");
        if n > 5 {
            names += ", ...";
        }
        details.push(format!(
            "left {} running; killed: {}",
            counted(n, "processes"),
            names
        ));
    }
    if verdict != "AC" {
        if let Some(board) = picture(&String::from_utf8_lossy(input)) {
            details.push("the input board:".to_string());
            details.extend(board.lines().map(|line| format!("  {}", line)));
        }
    }
    (verdict, details)
}

/// The verdict and its reasons, as the checker wrote them (a reason may
/// hold several lines): the caller bounds them.
fn verdict(
    checker: Checker,
    input: &[u8],
    answer: &[u8],
    outcome: &Outcome,
    limits: &Limits,
) -> (&'static str, Vec<String>) {
    let status = match &outcome.end {
        End::OutputLimit => {
            let why = format!("output cut off: more than {} MiB", run::OUTPUT_LIMIT >> 20);
            return ("WA", vec![why]);
        }
        End::MemoryLimit => {
            let why = format!(
                "killed once the test's resident memory (all its processes together) \
                 passed the {} limit",
                limits.memory_bytes.map_or("–".to_string(), limit_text)
            );
            return ("MLE", vec![why]);
        }
        End::ProcessLimit => {
            let why = format!(
                "killed once it had more than {} processes and threads at once \
                 (--max-processes)",
                limits.processes
            );
            return ("RE", vec![why]);
        }
        End::DescriptorLimit(bound) => {
            let why = format!(
                "killed once its processes held more than {} descriptors at once, \
                 all together",
                bound
            );
            return ("RE", vec![why]);
        }
        End::WallNet(status) | End::CpuLimit(status) | End::Exited(status) => status,
    };
    if let Some(why) = cpu_over(outcome, limits, status).or_else(|| idle_over(outcome, limits)) {
        return ("TLE", vec![why]);
    }
    if !status.success() {
        let mut details = vec![run::describe_status(status)];
        if let Some(why) = ran_out_of_memory(outcome, limits) {
            details.push(why);
            return ("MLE", details);
        }
        return ("RE", details);
    }
    let peak_kib = outcome.usage.map(|u| u.max_rss_kib);
    if let (Some(peak), Some(limit)) = (peak_kib, limits.memory_bytes) {
        if peak * 1024 > limit {
            let why = format!(
                "peak memory {}, over the {} limit",
                mib(peak),
                limit_text(limit)
            );
            return ("MLE", vec![why]);
        }
    }
    let output = match std::str::from_utf8(&outcome.stdout) {
        Ok(text) => text,
        Err(e) => return ("WA", vec![not_text(&outcome.stdout, e.valid_up_to())]),
    };
    let input = String::from_utf8_lossy(input);
    let answer = String::from_utf8_lossy(answer);
    match checker(&input, &answer, output) {
        Ok(()) => ("AC", Vec::new()),
        Err(why) => ("WA", vec![why]),
    }
}

/// Rule 8: where the output stops being UTF-8 text (`at`, a byte offset):
/// `line 2: byte 0xFF (the 4th of the line) is not UTF-8 text`.
fn not_text(output: &[u8], at: usize) -> String {
    let line_start = output[..at]
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    let line = output[..at].iter().filter(|&&b| b == b'\n').count() + 1;
    format!(
        "line {}: byte 0x{:02X} (the {} of the line) is not UTF-8 text; the answer is plain text",
        line,
        output[at],
        ordinal(at - line_start + 1)
    )
}

/// `1st`, `2nd`, `3rd`, `4th`, ..., `11th`, `12th`, `13th`, `21st`, ...
fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{}{}", n, suffix)
}

/// Rule 3, TLE (cpu): why, when the CPU time of the test is over the limit.
fn cpu_over(outcome: &Outcome, limits: &Limits, status: &ExitStatus) -> Option<String> {
    let limit = limits.time;
    let cpu = outcome.usage.map(|u| u.cpu).filter(|&cpu| cpu > limit)?;
    let mut why = format!(
        "TLE (cpu): {} of CPU time, over the {} limit",
        ms(cpu),
        ms(limit)
    );
    if matches!(outcome.end, End::WallNet(_)) {
        why += &format!(
            "; killed at the wall-clock safety net, {}",
            ms(outcome.wall)
        );
    } else if matches!(outcome.end, End::CpuLimit(_)) {
        why += "; killed once past it";
    } else if signal_of(status) == Some(SIGXCPU) {
        why += "; stopped by the CPU-time backstop (SIGXCPU)";
    }
    Some(why)
}

/// More standard error than a pipe holds (64 KiB): a program that wrote it
/// spent time off the CPU waiting for the judge to read it.
const STDERR_FLOOD: u64 = 64 << 10;

/// What a test off the CPU (and not waiting for one) was doing: `idle`, or,
/// when it wrote a flood to its stderr, waiting for that to be read, which
/// is not idling.
fn off_cpu(outcome: &Outcome) -> String {
    match outcome.stderr_bytes > STDERR_FLOOD {
        true => format!(
            "blocked writing to its stderr ({} written; the judge reads it all and \
             keeps the end), not idle",
            mib(outcome.stderr_bytes / 1024)
        ),
        false => "idle".to_string(),
    }
}

/// Rules 4 and 5, TLE (wall): why, when the test was idle for too long.
/// Time off the CPU that was spent waiting for one (a busy machine) is not
/// idling, as long as it lasted in wall time: where the supervisor
/// measures it, the idle time is the time none of the test's processes was
/// on a CPU or waiting for one (`supervise/idle.rs`); elsewhere, the wall
/// time less the CPU time.
fn idle_over(outcome: &Outcome, limits: &Limits) -> Option<String> {
    let limit = limits.time;
    let cpu = outcome.usage.map(|u| u.cpu);
    let waited = outcome.waited;
    let busy_note = match waited >= Duration::from_millis(100) {
        true => format!(" ({} more waiting for a CPU, not counted)", ms(waited)),
        false => String::new(),
    };
    if matches!(outcome.end, End::WallNet(_)) {
        return Some(at_the_net(outcome, limits) + &busy_note);
    }
    let idle = match (outcome.idle, cpu) {
        (Some(idle), _) => idle,
        (None, Some(cpu)) => outcome.wall.saturating_sub(cpu + waited),
        (None, None) if outcome.wall > limit => {
            return Some(format!(
                "TLE (wall): {} of wall time, over the {} limit (no CPU time on this system)",
                ms(outcome.wall),
                ms(limit)
            ))
        }
        (None, None) => return None,
    };
    (idle > limit).then(|| {
        format!(
            "TLE (wall): {} of wall time, {} of it with no process on a CPU nor waiting for \
             one: {} for longer than the {} limit{}",
            ms(outcome.wall),
            ms(idle),
            off_cpu(outcome),
            ms(limit),
            busy_note
        )
    })
}

/// Why a test stopped at the wall-clock safety net: idle past it, or
/// (idle less) still running at the supervisor's bound on its wall time.
fn at_the_net(outcome: &Outcome, limits: &Limits) -> String {
    let cpu = outcome.usage.map(|u| u.cpu);
    let idle = outcome.idle.filter(|idle| *idle <= limits.wall_net());
    let (mut why, doing) = match idle {
        Some(idle) => (
            format!(
                "TLE (wall): still running at the judge's bound on wall time, {}, idle for {} \
                 of it: its processes kept waiting for a CPU",
                ms(outcome.wall),
                ms(idle)
            ),
            String::new(),
        ),
        None => (
            format!(
                "TLE (wall): still running at the wall-clock safety net ({} = 2 x limit + 1 s \
                 idle)",
                ms(limits.wall_net()),
            ),
            format!(": {}", off_cpu(outcome)),
        ),
    };
    why += &match cpu {
        Some(cpu) => format!(" after {} of CPU time{}", ms(cpu), doing),
        None => " (no CPU time on this system)".to_string(),
    };
    why
}

/// Whether the shell said it could not start the program: exit status 126
/// (found but not executable) or 127 (not found), with the shell's message.
/// No input is to blame then: the suite reports it once, not once per test,
/// and `--stress` does not shrink.
pub fn could_not_start(outcome: &Outcome) -> bool {
    let code = match &outcome.end {
        End::Exited(status) => status.code(),
        _ => None,
    };
    let stderr = String::from_utf8_lossy(&outcome.stderr_tail);
    matches!(code, Some(126) | Some(127))
        && [
            "not found",
            "Permission denied",
            "No such file",
            "cannot execute",
            "Exec format error",
            "Is a directory",
        ]
        .iter()
        .any(|message| stderr.contains(message))
}

/// What the common languages print when an allocation fails, in lower case:
/// Rust, C++, Python, Java, Go and the C library's ENOMEM message; and what
/// the dynamic loader prints when the limit is too small to even map the
/// program's libraries (`--memory-limit 1`), which is the same failure.
const OUT_OF_MEMORY: &[&str] = &[
    "memory allocation of",
    "bad_alloc",
    "memoryerror",
    "outofmemory",
    "out of memory",
    "cannot allocate memory",
    "failed to map segment",
];

/// Why a failed run counts as out of memory, if it does: under a memory
/// limit, its stderr says an allocation failed, or its peak memory reached
/// 90 % of the limit. (A program may limit itself, say a JVM's heap, and die
/// of a failed allocation before its resident memory reaches the limit,
/// hence the stderr rule; the peak rule catches a C program dying of a null
/// pointer.)
pub fn ran_out_of_memory(outcome: &Outcome, limits: &Limits) -> Option<String> {
    let limit = limits.memory_bytes?;
    let stderr = String::from_utf8_lossy(&outcome.stderr_tail);
    // ASCII lower case keeps every byte where it was, so `at` fits both.
    let lower = stderr.to_ascii_lowercase();
    for pattern in OUT_OF_MEMORY {
        if let Some(at) = lower.find(pattern) {
            return Some(format!(
                "MLE: an allocation failed under the {} limit (stderr says \"{}\")",
                limit_text(limit),
                &stderr[at..at + pattern.len()]
            ));
        }
    }
    let peak = outcome.usage?.max_rss_kib;
    if peak * 1024 >= limit / 10 * 9 {
        return Some(format!(
            "MLE: peak memory {}, at the {} limit",
            mib(peak),
            limit_text(limit)
        ));
    }
    None
}

/// Whether the run was stopped before it finished, at a limit (time,
/// memory, output, the CPU-time backstop), rather than ending on its own:
/// what it printed by then is no answer.
pub fn stopped(outcome: &Outcome) -> bool {
    match &outcome.end {
        End::Exited(status) => signal_of(status) == Some(SIGXCPU),
        _ => true,
    }
}

/// The signal of the CPU-time backstop (`RLIMIT_CPU`).
const SIGXCPU: i32 = 24;

fn signal_of(status: &ExitStatus) -> Option<i32> {
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        status.signal()
    }
    #[cfg(not(unix))]
    {
        let _ = status;
        None
    }
}

/// A memory limit given in bytes: `256 MiB`.
fn limit_text(bytes: u64) -> String {
    match bytes % (1 << 20) {
        0 => format!("{} MiB", bytes >> 20),
        _ => mib(bytes / 1024),
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use crate::os::Usage;
    use std::os::unix::process::ExitStatusExt;
    use std::process::ExitStatus;

    fn outcome(end: End, wall_ms: u64, cpu_ms: u64, rss_kib: u64, stderr: &str) -> Outcome {
        Outcome {
            wall: Duration::from_millis(wall_ms),
            waited: Duration::ZERO,
            idle: None,
            usage: Some(Usage {
                cpu: Duration::from_millis(cpu_ms),
                max_rss_kib: rss_kib,
            }),
            end,
            stdout: b"15\n".to_vec(),
            stderr_tail: stderr.as_bytes().to_vec(),
            stderr_bytes: stderr.len() as u64,
            leftovers: Vec::new(),
            sandboxed: true,
        }
    }

    fn exit(code: i32) -> End {
        End::Exited(ExitStatus::from_raw(code << 8))
    }

    fn signal(sig: i32) -> End {
        End::Exited(ExitStatus::from_raw(sig))
    }

    const LIMITS: Limits = Limits {
        time: Duration::from_millis(1000),
        memory_bytes: Some(256 << 20),
        processes: run::MAX_PROCESSES,
    };

    fn judge(o: &Outcome) -> (&'static str, Vec<String>) {
        decide(
            (crate::lines::check, |_| None),
            b"7 8\n",
            b"15\n",
            o,
            &LIMITS,
        )
    }

    #[test]
    fn a_right_answer_in_time_is_accepted() {
        assert_eq!(judge(&outcome(exit(0), 900, 800, 2000, "")).0, "AC");
    }

    #[test]
    fn output_that_is_not_utf8_is_wrong_and_the_byte_is_named() {
        for (stdout, why) in [
            (&b"15\xff\n"[..], "line 1: byte 0xFF (the 3rd of the line)"),
            (b"15\n\n ab\xc3(", "line 3: byte 0xC3 (the 4th of the line)"),
            (b"\x80", "line 1: byte 0x80 (the 1st of the line)"),
        ] {
            let o = Outcome {
                stdout: stdout.to_vec(),
                ..outcome(exit(0), 900, 800, 2000, "")
            };
            let (v, d) = judge(&o);
            assert_eq!(v, "WA");
            assert!(d[0].starts_with(why), "{:?}", d);
        }
        // UTF-8 that is not ASCII goes to the checker, which says why.
        let o = Outcome {
            stdout: "15\u{e9}\n".as_bytes().to_vec(),
            ..outcome(exit(0), 900, 800, 2000, "")
        };
        let (v, d) = judge(&o);
        assert_eq!(v, "WA");
        assert!(d[0].contains("15\u{e9}"), "{:?}", d);
        let words: Vec<String> = [1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111]
            .map(ordinal)
            .into();
        assert_eq!(
            words,
            [
                "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st",
                "111th"
            ]
        );
    }

    #[test]
    fn cpu_time_over_the_limit_is_tle_even_with_a_right_answer() {
        let (v, d) = judge(&outcome(exit(0), 1600, 1500, 2000, ""));
        assert_eq!(v, "TLE");
        assert!(
            d[0].starts_with("TLE (cpu): 1500 ms of CPU time"),
            "{:?}",
            d
        );
    }

    #[test]
    fn waiting_on_a_busy_machine_is_not_tle_but_idling_is() {
        // 1.9 s of wall time for 0.95 s of CPU: off the CPU less than the limit.
        assert_eq!(judge(&outcome(exit(0), 1900, 950, 2000, "")).0, "AC");
        let (v, d) = judge(&outcome(exit(0), 1500, 5, 2000, ""));
        assert_eq!(v, "TLE");
        assert!(
            d[0].starts_with("TLE (wall): 1500 ms of wall time"),
            "{:?}",
            d
        );
    }

    #[test]
    fn a_program_blocked_writing_a_flood_to_its_stderr_is_not_called_idle() {
        let killed = End::WallNet(ExitStatus::from_raw(9));
        let (_, d) = judge(&outcome(killed, 3000, 10, 2000, ""));
        assert!(d[0].ends_with("of CPU time: idle"), "{:?}", d);
        for end in [End::WallNet(ExitStatus::from_raw(9)), exit(0)] {
            let flood = Outcome {
                stderr_bytes: 300 << 20,
                ..outcome(end, 3000, 10, 2000, "x")
            };
            let (v, d) = judge(&flood);
            assert_eq!(v, "TLE");
            assert!(
                d[0].contains("blocked writing to its stderr (300.0 MiB written")
                    && !d[0].contains(": idle"),
                "{:?}",
                d
            );
        }
    }

    #[test]
    fn the_measured_idle_time_decides_and_the_bound_on_wall_time_says_so() {
        let with_idle = |end: End, wall_ms: u64, idle_ms: u64| Outcome {
            idle: Some(Duration::from_millis(idle_ms)),
            ..outcome(end, wall_ms, 100, 2000, "")
        };
        // 5 s of wall time, 0.9 s of it idle: the rest was waiting.
        assert_eq!(judge(&with_idle(exit(0), 5000, 900)).0, "AC");
        let (v, d) = judge(&with_idle(exit(0), 1500, 1100));
        assert_eq!(v, "TLE");
        assert!(d[0].contains("1100 ms of it with no process"), "{:?}", d);
        let killed = || End::WallNet(ExitStatus::from_raw(9));
        let (v, d) = judge(&with_idle(killed(), 8000, 2000));
        assert_eq!(v, "TLE");
        assert!(d[0].contains("the judge's bound on wall time"), "{:?}", d);
        let (_, d) = judge(&with_idle(killed(), 3200, 3100));
        assert!(d[0].contains("wall-clock safety net"), "{:?}", d);
    }

    #[test]
    fn the_wall_net_is_tle_wall_unless_cpu_was_over() {
        let killed = End::WallNet(ExitStatus::from_raw(9));
        let (v, d) = judge(&outcome(killed, 3000, 10, 2000, ""));
        assert_eq!(v, "TLE");
        assert!(d[0].starts_with("TLE (wall): still running"), "{:?}", d);
        let killed = End::WallNet(ExitStatus::from_raw(9));
        let (_, d) = judge(&outcome(killed, 3000, 1200, 2000, ""));
        assert!(d[0].starts_with("TLE (cpu)"), "{:?}", d);
    }

    #[test]
    fn an_allocation_failure_is_mle_whatever_the_language() {
        for said in [
            "memory allocation of 1073741824 bytes failed",
            "terminate called after throwing an instance of 'std::bad_alloc'",
            "Traceback (most recent call last):\nMemoryError",
            "Exception in thread \"main\" java.lang.OutOfMemoryError: Java heap space",
            "fatal error: runtime: out of memory",
            // The loader, when the limit is too small to start the program at all.
            "sh: 1: ./a.out: error while loading shared libraries: libc.so.6: \
             failed to map segment from shared object",
        ] {
            let (v, d) = judge(&outcome(signal(6), 10, 5, 3000, said));
            assert_eq!(v, "MLE", "{}", said);
            assert!(
                d[1].contains("allocation failed under the 256 MiB limit"),
                "{:?}",
                d
            );
        }
    }

    #[test]
    fn a_crash_at_the_limit_is_mle_and_below_it_re() {
        let (v, _) = judge(&outcome(signal(11), 10, 5, 250 << 10, ""));
        assert_eq!(v, "MLE");
        let (v, d) = judge(&outcome(signal(11), 10, 5, 100 << 10, ""));
        assert_eq!(v, "RE");
        assert_eq!(d[0], "killed by signal 11 (SIGSEGV)");
    }

    #[test]
    fn an_allocation_message_from_a_program_that_succeeds_is_not_mle() {
        let o = outcome(exit(0), 10, 5, 3000, "MemoryError (caught)");
        assert_eq!(judge(&o).0, "AC");
    }

    #[test]
    fn stderr_is_shown_on_every_failure() {
        let mut o = outcome(exit(0), 10, 5, 3000, "a\nb\nc\nd\ne\nlast words");
        o.stdout = b"16\n".to_vec();
        let (v, d) = judge(&o);
        assert_eq!(v, "WA");
        assert_eq!(d.last().unwrap(), "stderr: last words");
        assert!(
            !d.iter().any(|l| l == "stderr: a"),
            "only the tail: {:?}",
            d
        );
    }

    #[test]
    fn every_failure_but_no_success_shows_the_board() {
        let judge = |o: &Outcome| {
            decide(
                (crate::lines::check, |input| {
                    Some(format!("board of {}", input))
                }),
                b"7 8",
                b"15\n",
                o,
                &LIMITS,
            )
        };
        let wrong = Outcome {
            stdout: b"16\n".to_vec(),
            ..outcome(exit(0), 10, 5, 3000, "")
        };
        for o in [
            outcome(exit(3), 10, 5, 3000, "oops"),
            outcome(exit(0), 1600, 1500, 2000, ""),
            outcome(
                signal(6),
                10,
                5,
                3000,
                "memory allocation of 8 bytes failed",
            ),
            wrong,
        ] {
            let (v, d) = judge(&o);
            assert_eq!(
                d[d.len() - 2..],
                ["the input board:", "  board of 7 8"],
                "{}",
                v
            );
        }
        assert_eq!(judge(&outcome(exit(0), 10, 5, 3000, "")), ("AC", vec![]));
    }

    #[test]
    fn leftovers_turn_ac_into_re_and_are_named() {
        let mut o = outcome(exit(0), 10, 5, 3000, "");
        o.leftovers = vec!["sleep (pid 42)".to_string()];
        let (v, d) = judge(&o);
        assert_eq!(v, "RE");
        assert_eq!(d, ["left 1 process running; killed: sleep (pid 42)"]);
    }
}
