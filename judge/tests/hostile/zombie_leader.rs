//! Processes whose main thread has exited (`pthread_exit` in `main`) while
//! another thread of theirs runs on and holds memory, memfds or
//! descriptors (the fifth adversarial round). The leader is then a zombie:
//! `/proc/PID/stat` shows no resident memory and `/proc/PID/{status,fd,
//! maps,map_files}` show nothing, while the process's memory and
//! descriptors, which its threads share, are all there. The looks read such
//! a process through a live thread of it (`supervise/procs.rs`).
//!
//! On the judge of main at 1059563 (`JUDGE_UNDER_TEST`), as root,
//! sandboxed and not: each of the three is AC (see each test).

use super::*;

/// Holds something in processes whose leader has exited (each holder
/// thread starts once its leader is gone), all at once, for a second, then prints the right answer. Arguments: the answer's path, a
/// mode, a count of processes (0: the program itself holds, its own leader
/// exited), and an amount for each:
/// - `memory`: that many MiB, touched;
/// - `memfds`: that many memfds of 60 MiB, written, never mapped, open;
/// - `mapped`: the same, each mapped (not touched) and its descriptor
///   closed: only the mapping holds it;
/// - `descriptors`: that many pipes (two descriptors each).
const ZOMBIE_LEADERS: &str = r#"
#include <sys/mman.h>
static const char *mode;
static long amount;
static int ready, release;
static const char *answer;
static pthread_t leader;

static void hold(void) {
    if (!strcmp(mode, "memory")) {
        if (mmap(0, amount << 20, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0) == MAP_FAILED) {
            perror("mmap"); exit(1);
        }
    } else if (!strcmp(mode, "descriptors")) {
        for (long i = 0; i < amount; i++) {
            int p[2];
            if (pipe(p)) { perror("pipe"); exit(1); }
        }
    } else {
        static char chunk[1 << 20];
        memset(chunk, 1, sizeof chunk);
        for (long i = 0; i < amount; i++) {
            int fd = memfd_create("held", 0);
            if (fd < 0) { perror("memfd_create"); exit(1); }
            for (int mb = 0; mb < 60; mb++) {
                if (write(fd, chunk, sizeof chunk) != sizeof chunk) { perror("write"); exit(1); }
            }
            if (!strcmp(mode, "mapped")) {
                if (mmap(0, 60 << 20, PROT_READ, MAP_SHARED, fd, 0) == MAP_FAILED) {
                    perror("mmap"); exit(1);
                }
                close(fd);
            }
        }
    }
}

/* The thread that outlives its process's leader: holds, says so, waits
   for the word to let go (the end of the release pipe), and ends its
   process. */
static void *holder(void *alone) {
    /* The leader's exit clears its tid (glibc's join waits for that), then
       its memory and descriptors go: a moment more. */
    pthread_join(leader, 0);
    struct timespec moment = { 0, 20 * 1000 * 1000 };
    nanosleep(&moment, 0);
    hold();
    if (alone) {
        struct timespec second = { 1, 0 };
        nanosleep(&second, 0);
        fprintf(stderr, "held, leader exited\n");
        print_answer(answer);
        exit(0);
    }
    char c;
    if (write(ready, "x", 1) != 1) exit(1);
    if (read(release, &c, 1) < 0) exit(1);
    exit(0);
}

int main(int argc, char **argv) {
    if (argc != 5) { fprintf(stderr, "usage\n"); return 2; }
    answer = argv[1]; mode = argv[2];
    int n = atoi(argv[3]);
    amount = atol(argv[4]);
    pthread_t t;
    leader = pthread_self();
    if (n == 0) {
        if (pthread_create(&t, 0, holder, (void *)1)) { fprintf(stderr, "pthread_create\n"); return 1; }
        pthread_exit(0);
    }
    int ready_pipe[2], release_pipe[2];
    if (pipe(ready_pipe) || pipe(release_pipe)) { perror("pipe"); return 1; }
    ready = ready_pipe[1];
    release = release_pipe[0];
    for (int i = 0; i < n; i++) {
        pid_t child = fork();
        if (child < 0) { perror("fork"); return 1; }
        if (child == 0) {
            close(release_pipe[1]);
            leader = pthread_self();
            if (pthread_create(&t, 0, holder, 0)) { fprintf(stderr, "pthread_create\n"); _exit(1); }
            pthread_exit(0);
        }
    }
    close(ready_pipe[1]);
    close(release_pipe[0]);
    char c;
    for (int i = 0; i < n; i++) {
        if (read(ready_pipe[0], &c, 1) != 1) { fprintf(stderr, "a holder failed\n"); return 1; }
    }
    /* All of them hold at once: a second for the looks to see it. */
    struct timespec second = { 1, 0 };
    nanosleep(&second, 0);
    fprintf(stderr, "all %d held, their leaders exited\n", n);
    close(release_pipe[1]);
    while (wait(0) > 0) {}
    print_answer(argv[1]);
    return 0;
}
"#;

/// Runs `ZOMBIE_LEADERS` with `args` (after the answer's path) under
/// `--memory-limit limit`, sandboxed and not, and holds each run to
/// `verdict` with `why` in its message.
fn held_by_zombie_leaders(what: &str, args: &str, limit: &str, verdict: &str, why: &str) {
    for sandbox_off in [false, true] {
        let mut hostile = Hostile::new(what);
        hostile.sandbox_off = sandbox_off;
        let exe = hostile.compile_c("zombie_leaders", ZOMBIE_LEADERS);
        let (run, test) = hostile.judge_json(
            &format!("{} {} {}", exe, hostile.answer(), args),
            &["--memory-limit", limit, "--time-limit", "10000"],
        );
        assert_no_survivors(&hostile, "after the run");
        assert_eq!(
            test["verdict"], verdict,
            "sandbox off: {}\n{}",
            sandbox_off, run
        );
        assert!(
            test["message"].contains(why),
            "sandbox off: {}\n{}",
            sandbox_off,
            run
        );
    }
}

/// Five processes, each of whose threads holds 40 MiB (200 MiB) after its
/// leader exited, under 64 MiB: `MLE`. On the judge of 1059563: AC at
/// about 42 MiB (the largest one's peak, once reaped), sandboxed and not.
#[test]
fn memory_held_by_threads_whose_leader_exited_counts() {
    held_by_zombie_leaders(
        "zombie-memory",
        "memory 5 40",
        "64",
        "MLE",
        "passed the 64 MiB limit",
    );
}

/// The program's own thread, its leader exited, writes five memfds of
/// 60 MiB (300 MiB, never mapped) and holds them open; then, the judge run
/// as root, two processes so hold three each mapped, their descriptors
/// closed (360 MiB), under 256 MiB: `MLE` each. On the judge of 1059563:
/// AC at 2.5 MiB, sandboxed and not. A memfd that only a mapping holds is
/// found through `/proc/PID/map_files`, whose links only a process with
/// `CAP_CHECKPOINT_RESTORE` in the machine's first user namespace may
/// follow: run as a normal user, the judge does not see one, whatever its
/// leader (360 MiB held by processes whose leaders live: AC at 58 MiB,
/// sandboxed and not, on 1059563 as after; docs/sandbox.md, "Left to do").
#[test]
fn memfds_held_by_threads_whose_leader_exited_count() {
    held_by_zombie_leaders(
        "zombie-memfds",
        "memfds 0 5",
        "256",
        "MLE",
        "passed the 256 MiB limit",
    );
    // SAFETY: geteuid takes nothing and cannot fail.
    if unsafe { judge::sys::linux::geteuid() } == 0 {
        held_by_zombie_leaders(
            "zombie-mapped",
            "mapped 2 3",
            "256",
            "MLE",
            "passed the 256 MiB limit",
        );
    }
}

/// Four processes, each of whose threads holds 300 pipes (2 400
/// descriptors in all, each process under its 1 024) after its leader
/// exited: `RE` at the bound of 2 048 descriptors at once. On the judge of
/// 1059563: AC, sandboxed and not.
#[test]
fn descriptors_held_by_threads_whose_leader_exited_count() {
    held_by_zombie_leaders(
        "zombie-descriptors",
        "descriptors 4 300",
        "256",
        "RE",
        "more than 2048 descriptors at once",
    );
}
