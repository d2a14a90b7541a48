//! Round 4 (issue 38, points 1-4): a program holds nothing outside its
//! cell that it could change (its input and output are the test's own), a
//! test whose files cannot be made is never judged on the last one's
//! output, no process of the judge is the program's to change, and the
//! time a test makes itself wait is never counted in its favour.
//!
//! Each test says what it did on the judge of f83a163.

use super::*;
use std::os::unix::fs::MetadataExt;

/// What of a file its owner may change: its bytes, mode, owner, size and
/// modification time.
fn file_state(path: &Path) -> (Vec<u8>, u32, u32, u64, i64, i64) {
    let meta = fs::metadata(path).unwrap();
    (
        fs::read(path).unwrap(),
        meta.mode(),
        meta.uid(),
        meta.len(),
        meta.mtime(),
        meta.mtime_nsec(),
    )
}

/// Reopens its standard input for writing through `/proc/self/fd/0` and
/// writes a game of its own there (an empty board), then tries every change
/// a descriptor allows (`fchmod`, `ftruncate`, `futimens`, `fallocate`, an
/// extended attribute, a lock), on both standard input and what it
/// reopened, and prints the answer. It says on standard error what worked.
const REWRITE_INPUT: &str = r#"
#include <sys/file.h>
#include <sys/xattr.h>
static void try(const char *what, int result) {
    fprintf(stderr, "%s: %s\n", what, result < 0 ? strerror(errno) : "done");
}
static void change(int fd) {
    struct timespec times[2] = {{0, 0}, {0, 0}};
    try("fchmod", fchmod(fd, 0666));
    try("futimens", futimens(fd, times));
    try("fsetxattr", fsetxattr(fd, "user.judge", "x", 1, 0));
    try("flock", flock(fd, LOCK_EX | LOCK_NB));
    try("fallocate", fallocate(fd, 0, 0, 1 << 20));
    try("ftruncate", ftruncate(fd, 1));
}
int main(int argc, char **argv) {
    int fd = open("/proc/self/fd/0", O_WRONLY | O_TRUNC);
    try("reopen for writing", fd);
    if (fd >= 0) {
        try("write", (int)write(fd, "0\n", 2));
        change(fd);
    }
    change(0);
    print_answer(argv[1]);
    return 0;
}
"#;

/// On the judge of f83a163, run as a normal user, sandboxed: the reopen
/// worked and the user's `t.in` became "0"; unsandboxed too. Now the input
/// is a sealed copy in memory: the user's files are as they were, and each
/// of three tests of one slot is judged on its own input.
#[test]
fn a_program_cannot_change_the_users_input_through_its_stdin() {
    for sandbox_off in [false, true] {
        let mut hostile = Hostile::new("rewrite-input");
        hostile.sandbox_off = sandbox_off;
        hostile.copy_the_test(3);
        let exe = hostile.compile_c("rewrite_input", REWRITE_INPUT);
        let inputs: Vec<PathBuf> = ["t", "t2", "t3"]
            .iter()
            .map(|t| hostile.dir.join(format!("tests/{}.in", t)))
            .collect();
        let before: Vec<_> = inputs.iter().map(|p| file_state(p)).collect();
        let run = hostile.judge_in_one_slot(&format!("{} {}", exe, hostile.answer()));
        let after: Vec<_> = inputs.iter().map(|p| file_state(p)).collect();
        assert_eq!(
            before, after,
            "sandbox off: {}: the inputs changed\n{}",
            sandbox_off, run
        );
        assert_eq!(verdicts(&run), vec!["AC"; 3], "{}", run);
    }
}

/// Makes its standard output read-only (`fchmod(1, 0444)`), takes a lock on
/// it and leaves an attribute, after burning 50 ms of CPU time and
/// printing the answer.
const READ_ONLY_OUT: &str = r#"
#include <sys/file.h>
#include <sys/xattr.h>
int main(int argc, char **argv) {
    burn_ms(50);
    print_answer(argv[1]);
    fchmod(1, 0444);
    flock(1, LOCK_EX);
    fsetxattr(1, "user.judge", "x", 1, 0);
    return 0;
}
"#;

/// On the judge of f83a163, run as a normal user: every test of the slot
/// after the first could not make `out` again, and was judged AC on the
/// first one's output, with all its figures 0: the program never ran.
/// Now each test gets a new `out`: each one ran (its CPU time is there).
#[test]
fn an_output_made_read_only_does_not_stand_for_the_next_tests() {
    for sandbox_off in [false, true] {
        let mut hostile = Hostile::new("read-only-out");
        hostile.sandbox_off = sandbox_off;
        hostile.copy_the_test(3);
        let exe = hostile.compile_c("read_only_out", READ_ONLY_OUT);
        let run = hostile.judge_in_one_slot(&format!("{} {}", exe, hostile.answer()));
        let tests = json::parse_json_lines(&run.stdout);
        assert_eq!(tests.len(), 3, "{}", run);
        for test in &tests {
            assert_eq!(test["verdict"], "AC", "{}", run);
            assert!(
                number(test, "cpu_ms") >= 30.0,
                "sandbox off: {}: a test that did not run was judged\n{}",
                sandbox_off,
                run
            );
        }
    }
}

/// Prints the answer, then takes every permission away from its standard
/// output (`fchmod(1, 0)`), saying on standard error whether that worked.
const CLOSED_OUT: &str = r#"
int main(int argc, char **argv) {
    print_answer(argv[1]);
    fprintf(stderr, "fchmod: %s\n", fchmod(1, 0) == 0 ? "done" : strerror(errno));
    return 0;
}
"#;

/// Found by the adversary after round 4's merge: on 5d0b823, run as a
/// normal user, the judge could not open an output of mode 0 and took it
/// for an empty one (WA, "got end of output"). Now it gives its own file
/// its permissions back and reads it: AC, sandboxed and not.
#[test]
fn an_output_closed_by_its_program_is_still_read() {
    accepted_on_tests_of_one_slot("closed-out", CLOSED_OUT, 2);
}

/// First checks what it inherited from the warden (its descriptors' and
/// stack's limits, its niceness, its scheduling policy, its CPUs, its
/// `oom_score_adj`), against what a test starts with, and says WA
/// ("inherited ...") if one was changed; then tries to change each of them
/// in process `argv[2]` (1, the warden, sandboxed; its parent, the
/// supervisor, unsandboxed, where its `/proc` is not tried: a program is
/// the judge's user then) and says WA ("changed ...") if one worked; else
/// prints the answer.
const CHANGE_THE_WARDEN: &str = r#"
#include <sched.h>
#include <sys/resource.h>
#include <sys/syscall.h>
static int bad = 0;
static void said(const char *what) { printf("%s\n", what); bad = 1; }
int main(int argc, char **argv) {
    pid_t target = strcmp(argv[2], "parent") == 0 ? getppid() : atoi(argv[2]);
    struct rlimit r;
    getrlimit(RLIMIT_NOFILE, &r);
    if (r.rlim_cur < 1024) said("inherited nofile");
    getrlimit(RLIMIT_STACK, &r);
    if (r.rlim_cur != RLIM_INFINITY && r.rlim_cur < (8 << 20)) said("inherited stack");
    if (getpriority(PRIO_PROCESS, 0) > 0) said("inherited niceness");
    if (sched_getscheduler(0) != SCHED_OTHER) said("inherited scheduler");
    cpu_set_t cpus;
    sched_getaffinity(0, sizeof cpus, &cpus);
    if (CPU_COUNT(&cpus) < sysconf(_SC_NPROCESSORS_ONLN)) said("inherited affinity");
    char adj[32] = "";
    FILE *f = fopen("/proc/self/oom_score_adj", "r");
    if (f) { if (!fgets(adj, sizeof adj, f)) adj[0] = 0; fclose(f); }
    if (atoi(adj) >= 500) said("inherited oom_score_adj");

    struct rlimit low = {16, 16};
    if (prlimit(target, RLIMIT_NOFILE, &low, NULL) == 0) said("changed nofile");
    struct rlimit stack = {64 << 10, 64 << 10};
    if (prlimit(target, RLIMIT_STACK, &stack, NULL) == 0) said("changed stack");
    if (setpriority(PRIO_PROCESS, target, 19) == 0) said("changed niceness");
    struct sched_param p = {0};
    if (sched_setscheduler(target, SCHED_IDLE, &p) == 0) said("changed scheduler");
    CPU_ZERO(&cpus);
    CPU_SET(0, &cpus);
    if (sched_setaffinity(target, sizeof cpus, &cpus) == 0) said("changed affinity");
    if (syscall(SYS_ioprio_set, 1, target, 7 << 13) == 0) said("changed io priority");
    /* Unsandboxed, the supervisor's /proc is the user's: not tried. */
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/oom_score_adj", target);
    f = target == 1 ? fopen(path, "w") : NULL;
    if (f && fputs("1000", f) >= 0 && fclose(f) == 0) said("changed oom_score_adj");
    if (!bad) print_answer(argv[1]);
    return 0;
}
"#;

/// On the judge of f83a163, run as a normal user, sandboxed: every call on
/// the warden worked (the program and the warden share their uid), and the
/// next tests of the slot inherited a warden's limits of 16 descriptors,
/// niceness 19, `SCHED_IDLE` and one CPU: WA "changed ..." then
/// "inherited ...". As root, and now as a normal user: each is refused.
/// Unsandboxed, on the supervisor (the program's parent): refused by the
/// filter (unsandboxed a program is the judge's user, docs/sandbox.md).
#[test]
fn a_program_cannot_change_the_warden_or_the_supervisor() {
    for sandbox_off in [false, true] {
        let mut hostile = Hostile::new("change-warden");
        hostile.sandbox_off = sandbox_off;
        hostile.copy_the_test(3);
        let exe = hostile.compile_c("change_warden", CHANGE_THE_WARDEN);
        let target = if sandbox_off { "parent" } else { "1" };
        let run = hostile.judge_in_one_slot(&format!("{} {} {}", exe, hostile.answer(), target));
        assert_eq!(
            verdicts(&run),
            vec!["AC"; 3],
            "sandbox off: {}\n{}",
            sandbox_off,
            run
        );
    }
}

/// 200 processes made runnable at once, twice (a few hundred ms of CPU
/// time on 2 cores in all, and far more run delay summed over them than
/// wall time), then every process sleeps 30 s, and the program prints the
/// answer.
const PILE_UP: &str = r#"
int main(int argc, char **argv) {
    for (int round = 0; round < 2; round++) {
        pid_t kids[200];
        for (int i = 0; i < 200; i++) {
            kids[i] = fork();
            if (kids[i] == 0) { usleep(50000); burn_ms(1); if (round == 1) sleep(30); _exit(0); }
        }
        if (round == 0) for (int i = 0; i < 200; i++) waitpid(kids[i], NULL, 0);
    }
    sleep(30);
    print_answer(argv[1]);
    return 0;
}
"#;

/// On the judge of f83a163: the sum of the run delay of the 200 processes
/// paid for their sleep, which went on until the judge gave up on the
/// supervisor (ERR after 28 s) or, for a shorter sleep, AC after 17 s
/// idle. Now idle time is the time none of the test's processes was on a
/// CPU or waiting for one: TLE (wall) at the net (5 s of idle time for a
/// 2 s limit), a few seconds into the sleep, and never later than the
/// bound on wall time (14 s).
#[test]
fn processes_that_wait_together_do_not_buy_idle_time() {
    for sandbox_off in [false, true] {
        let mut hostile = Hostile::new("pile-up");
        hostile.sandbox_off = sandbox_off;
        let exe = hostile.compile_c("pile_up", PILE_UP);
        let cmd = format!("{} {}", exe, hostile.answer());
        let (run, test) = hostile.judge_json(&cmd, &["--time-limit", "2000"]);
        assert_eq!(
            test["verdict"], "TLE",
            "sandbox off: {}\n{}",
            sandbox_off, run
        );
        assert!(run.stdout.contains("TLE (wall)"), "{}", run);
        assert!(
            run.took < Duration::from_secs(20),
            "sandbox off: {}: not stopped in time\n{}",
            sandbox_off,
            run
        );
        assert_no_survivors(&hostile, "after the run");
    }
}
