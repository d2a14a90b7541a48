//! How a `--cmd "COMMAND"` becomes the program and arguments to start.

use std::ffi::OsString;
use std::path::Path;

/// The program and arguments that run `--cmd "python3 sol.py"`. A simple
/// command without quotes is split into its words and run as it is, with no
/// shell in between (as `exec CMD` would): starting a shell too would cost
/// as much again as starting the program. A simple command with quotes runs
/// as `sh -c "exec CMD"`, so the program still takes the shell's place; any
/// other command runs as a shell script.
pub fn shell_command(cmd: &str) -> Vec<OsString> {
    if cfg!(windows) {
        return vec!["cmd".into(), "/C".into(), cmd.into()];
    }
    if is_simple_command(cmd) && !cmd.contains(['\'', '"']) {
        return cmd.split_whitespace().map(OsString::from).collect();
    }
    let script = match is_simple_command(cmd) {
        true => format!("exec {}", cmd),
        false => cmd.to_string(),
    };
    // The shell by its full name: no search along PATH for every test.
    let sh = match Path::new("/bin/sh").is_file() {
        true => "/bin/sh",
        false => "sh",
    };
    vec![sh.into(), "-c".into(), script.into()]
}

/// Whether `exec CMD` runs the same thing as `CMD`: one command with its
/// arguments, no operator, redirection or expansion, not starting with a
/// variable assignment, a reserved word or a builtin that has no program of
/// its own (`exec exit 3` would look for a program called `exit`).
fn is_simple_command(cmd: &str) -> bool {
    const NOT_PROGRAMS: &[&str] = &[
        "!", ".", ":", "alias", "bg", "break", "case", "cd", "command", "continue", "do", "done",
        "elif", "else", "esac", "eval", "exec", "exit", "export", "fg", "fi", "for", "function",
        "getopts", "hash", "if", "jobs", "local", "read", "readonly", "return", "set", "shift",
        "source", "then", "time", "times", "trap", "type", "ulimit", "umask", "unalias", "unset",
        "until", "wait", "while",
    ];
    let plain = |c: char| c.is_ascii_alphanumeric() || " \t_./+-,:@%='\"".contains(c);
    match cmd.split_whitespace().next() {
        Some(first) => {
            cmd.chars().all(plain) && !first.contains('=') && !NOT_PROGRAMS.contains(&first)
        }
        None => false,
    }
}

/// `text` quoted for a POSIX shell, unless it needs no quotes.
pub fn shell_quote(text: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "-_./=:,+@%".contains(c);
    if !text.is_empty() && text.chars().all(plain) {
        text.to_string()
    } else {
        format!("'{}'", text.replace('\'', "'\\''"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quotes_commands_for_the_shell() {
        assert_eq!(shell_quote("./a.out"), "./a.out");
        assert_eq!(shell_quote("python3 my.py"), "'python3 my.py'");
        assert_eq!(shell_quote("it's"), "'it'\\''s'");
    }

    #[test]
    fn a_simple_command_replaces_the_shell() {
        if cfg!(windows) {
            return;
        }
        let argv = |cmd: &str| -> Vec<String> {
            shell_command(cmd)
                .into_iter()
                .map(|a| a.into_string().unwrap())
                .collect()
        };
        let script = |cmd: &str| argv(cmd)[2].clone();
        assert_eq!(argv("./a.out"), ["./a.out"]);
        assert_eq!(
            argv("python3  my_solution.py\t-v"),
            ["python3", "my_solution.py", "-v"]
        );
        assert_eq!(
            script("python3 -c 'while 1: pass'"),
            "exec python3 -c 'while 1: pass'"
        );
        for compound in [
            "read a b; echo $((a + b))",
            "echo 15 && sleep 1",
            "cat | sort",
            "./a.out < x",
            "X=1 ./a.out",
            "exit 3",
            "while :; do :; done",
            "sleep 30 &",
            "echo ~",
        ] {
            assert_eq!(script(compound), compound);
        }
    }
}
