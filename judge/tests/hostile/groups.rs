//! Round 4, found by the adversary after the merge: a sandboxed program
//! stayed in its warden's process group, which is the supervisor's (outside
//! the program's PID namespace), so `kill(0, SIGSTOP)` stopped the
//! supervisor of a judge run as a normal user (ERR at the judge's
//! patience, every test), and `kill(0, SIGKILL)` ended it. A program now
//! has a session and a group of its own, sandboxed or not.

use super::*;

/// Ignores SIGUSR1, checks that it leads a group of its own (else exits 3
/// saying whose group it is in), signals its whole group (exits 4 if that
/// fails), then prints the answer.
const SIGNAL_ITS_GROUP: &str = r#"
int main(int argc, char **argv) {
    signal(SIGUSR1, SIG_IGN);
    pid_t me = getpid(), group = getpgid(0);
    if (group != me) {
        fprintf(stderr, "in the group %d, not its own (%d)\n", group, me);
        return 3;
    }
    if (kill(0, SIGUSR1) != 0) {
        perror("kill");
        return 4;
    }
    print_answer(argv[1]);
    return 0;
}
"#;

/// On 5d0b823, sandboxed: the program was in the group 0 (one outside its
/// namespace), RE with "in the group 0, not its own", as root and as a
/// normal user; as a normal user the signal reached the supervisor (ERR).
/// Now its group is its own: AC on two tests, sandboxed and not.
#[test]
fn a_program_signalling_its_group_reaches_only_itself() {
    accepted_on_tests_of_one_slot("own-group", SIGNAL_ITS_GROUP, 2);
}
