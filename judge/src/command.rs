//! How a `--cmd "COMMAND"` becomes the program and arguments to start.

use std::ffi::{OsStr, OsString};
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
    vec![shell().into(), "-c".into(), script.into()]
}

/// The program and arguments that run `--cmd` as it was given: one that is
/// not UTF-8 (a program's path in such a folder) runs as a shell script,
/// its bytes as they are; any other as [`shell_command`] says.
pub fn given_command(cmd: &OsStr) -> Vec<OsString> {
    match cmd.to_str() {
        Some(text) => shell_command(text),
        None => vec![shell().into(), "-c".into(), cmd.into()],
    }
}

/// The shell by its full name: no search along PATH for every test.
fn shell() -> &'static str {
    match Path::new("/bin/sh").is_file() {
        true => "/bin/sh",
        false => "sh",
    }
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

/// The words of a shell script, as the shell splits them (quotes removed,
/// a backslash escaping the next character; operators and redirections
/// separate words). Expansions are not done: a word with `$` stays as it
/// is, and names nothing.
pub fn shell_words(script: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut quote: Option<char> = None;
    let mut chars = script.chars();
    let mut started = false;
    while let Some(c) = chars.next() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some('"'), '\\') => word.extend(chars.next()),
            (Some(_), c) => word.push(c),
            (None, '\'' | '"') => (quote, started) = (Some(c), true),
            (None, '\\') => {
                started = true;
                word.extend(chars.next());
            }
            (None, c) if c.is_whitespace() || ";|&()<>".contains(c) => {
                if started || !word.is_empty() {
                    words.push(std::mem::take(&mut word));
                }
                started = false;
            }
            (None, c) => word.push(c),
        }
    }
    if started || !word.is_empty() {
        words.push(word);
    }
    words
}

/// A word to the user when `cmd` expands `~` or a variable of the judge's
/// own environment: the command runs where the program does, whose HOME
/// is its own and whose environment holds only PATH, the locale and what
/// `--env` gives (`passed`), so `python3 ~/sol.py` would look for the
/// script in that HOME. `lookup` reads the judge's environment.
pub fn expansion_note(
    cmd: &str,
    passed: &[String],
    lookup: impl Fn(&str) -> Option<String>,
) -> Option<String> {
    const KEPT: [&str; 2] = ["PATH", "HOME"];
    let tilde = cmd
        .split(|c: char| c.is_whitespace() || "=:;|&(".contains(c))
        .any(|word| word == "~" || word.starts_with("~/"));
    let mut missing: Vec<String> = Vec::new();
    let mut rest = cmd;
    while let Some(at) = rest.find('$') {
        rest = &rest[at + 1..];
        let braced = rest.starts_with('{');
        let name: String = rest[usize::from(braced)..]
            .chars()
            .take_while(|&c| c.is_ascii_alphanumeric() || c == '_')
            .collect();
        let known = KEPT.contains(&name.as_str()) || passed.contains(&name);
        if !name.is_empty() && !known && lookup(&name).is_some() && !missing.contains(&name) {
            missing.push(name);
        }
    }
    if !tilde && missing.is_empty() {
        return None;
    }
    let mut what = Vec::new();
    if tilde {
        what.push("~ is the program's own HOME, not yours".to_string());
    }
    for name in &missing {
        what.push(format!(
            "${} is unset unless --env {}=... gives it",
            name, name
        ));
    }
    Some(format!(
        "judge: note: --cmd runs in the program's own environment: {}; \
         name files by their full path",
        what.join(", ")
    ))
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
    fn a_command_that_expands_the_judges_home_or_variables_is_told() {
        let env = |name: &str| match name {
            "HOME" | "PATH" | "SOLUTIONS" | "DEBUG" => Some("x".to_string()),
            _ => None,
        };
        let note = |cmd: &str| expansion_note(cmd, &["DEBUG".to_string()], env);
        let said = note("python3 ~/sol.py").unwrap();
        assert!(said.contains("~ is the program's own HOME"), "{}", said);
        let said = note("python3 ${SOLUTIONS}/a.py $SOLUTIONS/b.py").unwrap();
        assert!(said.contains("$SOLUTIONS is unset unless --env SOLUTIONS=..."));
        assert_eq!(said.matches("SOLUTIONS is").count(), 1, "{}", said);
        // Passed on purpose, kept anyway, unknown here, or no expansion.
        for quiet in [
            "python3 sol.py $DEBUG",
            "echo $PATH $HOME",
            "read a b; echo $((a + b)) $x",
            "./a.out~ x~y",
            "echo 5$",
        ] {
            assert_eq!(note(quiet), None, "{}", quiet);
        }
    }

    #[test]
    fn the_shell_splits_words_as_a_shell_does() {
        assert_eq!(
            shell_words(r#"A=1 exec python3 'my sol.py' "x\"y" a\ b;cat<in|wc>out&&:"#),
            [
                "A=1",
                "exec",
                "python3",
                "my sol.py",
                "x\"y",
                "a b",
                "cat",
                "in",
                "wc",
                "out",
                ":"
            ]
        );
        assert_eq!(shell_words("echo '' x"), ["echo", "", "x"]);
    }

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
