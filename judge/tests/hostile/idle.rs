//! Programs that sleep yet try not to be called idle (`supervise/idle.rs`).
//! A test is idle while none of its threads is on a CPU or waiting for one;
//! a look every 10 ms reads the threads' states. On the judge of 2616a90,
//! which counted each thread's own time on a CPU and waiting for one
//! (`/proc/PID/schedstat`) between two looks, both programs below built up
//! waiting in a crowd of runnable threads, then let it show under a name
//! the looks had not seen with it: AC after sleeping 5 s under a 1 s limit
//! (5.2 s of wall time, 0.3 s of CPU), sandboxed and not. Found by an
//! adversarial helper; now each is `TLE (wall)` at the safety net.

use super::*;

/// Starts `argv[2]` threads that spin together for 150 ms (each waits for
/// a CPU most of that time) and then block, each on its own pipe; `main`
/// then sleeps 5 s, letting the oldest blocked thread exit every 55 ms, so
/// that a thread the looks never read (past the first 32) comes into view
/// with all its waiting; then prints the answer `argv[1]`.
const HIDDEN_THREADS: &str = r#"
static volatile double crowd_until;
static int (*pipes)[2];

static void *crowd(void *arg) {
    int *p = arg;
    char c;
    while (crowd_until == 0) usleep(1000);
    while (wall() < crowd_until) {}
    (void)!read(p[0], &c, 1);
    return NULL;
}

int main(int argc, char **argv) {
    if (argc < 3) return 2;
    int n = atoi(argv[2]);
    pipes = calloc(n, sizeof *pipes);
    for (int i = 0; i < n; i++) {
        pthread_t t;
        if (pipe(pipes[i]) != 0 || pthread_create(&t, NULL, crowd, pipes[i]) != 0) return 3;
    }
    crowd_until = wall() + 0.15;
    while (wall() < crowd_until) usleep(1000);
    fprintf(stderr, "the crowd of %d threads is blocked\n", n);
    double until = wall() + 5;
    for (int i = 0; wall() < until; i++) {
        usleep(55000);
        if (i < n) (void)!write(pipes[i][1], "x", 1);
    }
    print_answer(argv[1]);
    return 0;
}
"#;

/// Forks `argv[2]` processes, each a sleeping leader and one thread; the
/// threads spin together for 150 ms, then wait on one pipe; `main` then
/// sleeps 5 s, releasing one thread every 55 ms, which `exec`s the program
/// again (as `argv[0] wait`, which sleeps): the thread takes its leader's
/// pid, and its waiting shows under a pid the looks had seen with less.
/// Then prints the answer `argv[1]`.
const EXEC_FROM_A_THREAD: &str = r#"
static volatile double *crowd_until;
static int gate[2];
static char *self;

static void *crowd(void *arg) {
    char c;
    (void)arg;
    while (*crowd_until == 0) usleep(1000);
    while (wall() < *crowd_until) {}
    if (read(gate[0], &c, 1) != 1) _exit(0);
    execl(self, self, "wait", (char *)NULL);
    _exit(4);
}

int main(int argc, char **argv) {
    if (argc == 2 && strcmp(argv[1], "wait") == 0) {
        pause();
        return 0;
    }
    if (argc < 3) return 2;
    int n = atoi(argv[2]);
    pid_t *children = calloc(n, sizeof *children);
    self = argv[0];
    crowd_until = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (crowd_until == MAP_FAILED || pipe(gate) != 0) return 3;
    for (int i = 0; i < n; i++) {
        pid_t pid = children[i] = fork();
        if (pid < 0) return 3;
        if (pid == 0) {
            pthread_t t;
            if (pthread_create(&t, NULL, crowd, NULL) != 0) _exit(3);
            for (;;) pause();
        }
    }
    *crowd_until = wall() + 0.15;
    while (wall() < *crowd_until) usleep(1000);
    fprintf(stderr, "the %d threads wait to exec\n", n);
    double until = wall() + 5;
    for (int i = 0; wall() < until; i++) {
        usleep(55000);
        if (i < n) (void)!write(gate[1], "x", 1);
    }
    print_answer(argv[1]);
    for (int i = 0; i < n; i++) kill(children[i], SIGKILL);
    while (wait(NULL) > 0) {}
    return 0;
}
"#;

/// `TLE (wall)` well before its 5 s of sleep end (the safety net is at 3 s
/// of idle time for a 1 s limit), sandboxed and not, for `source` run as
/// `PROGRAM ANSWER COUNT`; its stderr shows it got past `ran` (the crowd is
/// made).
fn stopped_at_the_net(name: &str, source: &str, count: &str, ran: &str) {
    for sandbox_off in [false, true] {
        let mut hostile = Hostile::new(name);
        hostile.sandbox_off = sandbox_off;
        let exe = hostile.compile_c(name, source);
        let cmd = format!("{} {} {} {}", exe, hostile.answer(), count, hostile.mark);
        let (run, object) = hostile.judge_json(&cmd, &["--time-limit", "1000"]);
        kill_marked(&hostile.mark);
        let said = format!("sandbox off: {}\n{}", sandbox_off, run);
        assert_eq!(object["verdict"], "TLE", "{}", said);
        let message = &object["message"];
        assert!(message.starts_with("TLE (wall): "), "{}", said);
        assert!(message.contains(ran), "{}", said);
        assert!(number(&object, "wall_ms") < 4500.0, "{}", said);
    }
}

#[test]
fn threads_that_come_into_view_bring_no_busy_time() {
    stopped_at_the_net(
        "hidden-threads",
        HIDDEN_THREADS,
        "240",
        "the crowd of 240 threads is blocked",
    );
}

#[test]
fn a_thread_that_execs_brings_no_busy_time() {
    let source = format!("#include <sys/mman.h>\n{}", EXEC_FROM_A_THREAD);
    stopped_at_the_net(
        "exec-thread",
        &source,
        "120",
        "the 120 threads wait to exec",
    );
}
