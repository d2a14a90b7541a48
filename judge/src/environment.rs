//! The environment a program under test gets: what it needs to run (`PATH`,
//! the locale, a `HOME` of its own) and what the user passes on purpose
//! (`--env NAME=VALUE`), nothing else of the judge's (its tokens, CI's
//! variables, Cargo's).
//!
//! The judge starts each supervisor with the variables passed on purpose
//! and their names in [`PASSED`]; the supervisor, once it has read its own
//! settings, keeps only the program's environment ([`settle`]), which
//! every program it starts inherits, sandboxed or not. Where there is no
//! supervisor, the judge gives the program the same ([`for_program`]).

use crate::text::escaped;
use std::ffi::{OsStr, OsString};
use std::os::unix::ffi::OsStrExt;
use std::sync::OnceLock;

/// The variable that names, `:`-separated, the variables passed on
/// purpose (from the judge to its supervisors).
pub const PASSED: &str = "JUDGE_PASSED_ENV";

/// What a program needs of the judge's environment to run: `PATH`, and
/// the locale.
fn needed(name: &str) -> bool {
    matches!(name, "PATH" | "LANG" | "LANGUAGE" | "TZ") || name.starts_with("LC_")
}

/// The variables passed with `--env`, set once by `main`.
static GIVEN: OnceLock<Vec<(OsString, OsString)>> = OnceLock::new();

/// Records the variables of `--env` (once, before any program runs).
pub fn pass(vars: Vec<(OsString, OsString)>) {
    let _ = GIVEN.set(vars);
}

/// The variables passed with `--env`.
pub fn passed() -> &'static [(OsString, OsString)] {
    GIVEN.get().map_or(&[], Vec::as_slice)
}

/// Reads `--env`'s `NAME=VALUE`: a name of letters, digits and `_`, not
/// starting with a digit; the value as it is given (any bytes).
pub fn parse(given: &OsStr) -> Result<(OsString, OsString), String> {
    let bytes = given.as_bytes();
    let at = bytes.iter().position(|&b| b == b'=');
    let Some(at) = at else {
        return Err(format!("--env wants NAME=VALUE, got {:?}", escaped(given)));
    };
    let name = &bytes[..at];
    let good = !name.is_empty()
        && !name[0].is_ascii_digit()
        && name.iter().all(|&c| c.is_ascii_alphanumeric() || c == b'_');
    if !good {
        let name = escaped(OsStr::from_bytes(name));
        return Err(format!("--env: {:?} is not a variable's name", name));
    }
    let value = OsStr::from_bytes(&bytes[at + 1..]);
    Ok((OsStr::from_bytes(name).into(), value.into()))
}

/// The program's environment from the judge's `vars`: the needed ones,
/// then `passed` (which wins), then `HOME`.
pub fn for_program(
    vars: impl Iterator<Item = (OsString, OsString)>,
    passed: &[(OsString, OsString)],
    home: &std::path::Path,
) -> Vec<(OsString, OsString)> {
    let mut env: Vec<(OsString, OsString)> = vars
        .filter(|(name, _)| needed(&name.to_string_lossy()))
        .filter(|(name, _)| !passed.iter().any(|(p, _)| p == name))
        .collect();
    env.extend(passed.iter().cloned());
    if !passed.iter().any(|(name, _)| name == "HOME") {
        env.push(("HOME".into(), home.into()));
    }
    env
}

/// In the supervisor, once it has read its own settings: its environment
/// becomes the programs' (the needed variables, those passed on purpose,
/// named by [`PASSED`], and `HOME`). Only while it has one thread.
pub fn settle(home: &std::path::Path) {
    let names: Vec<OsString> = std::env::var_os(PASSED)
        .map(|list| std::env::split_paths(&list).map(OsString::from).collect())
        .unwrap_or_default();
    let vars: Vec<(OsString, OsString)> = std::env::vars_os().collect();
    let passed: Vec<(OsString, OsString)> = vars
        .iter()
        .filter(|(name, _)| names.contains(name))
        .cloned()
        .collect();
    let keep = for_program(vars.iter().cloned(), &passed, home);
    for (name, _) in vars {
        std::env::remove_var(name);
    }
    for (name, value) in keep {
        std::env::set_var(name, value);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    fn vars(list: &[(&str, &str)]) -> Vec<(OsString, OsString)> {
        list.iter()
            .map(|(n, v)| ((*n).into(), (*v).into()))
            .collect()
    }

    #[test]
    fn a_program_gets_path_the_locale_a_home_and_what_is_passed_nothing_else() {
        let judge = vars(&[
            ("PATH", "/usr/bin"),
            ("LANG", "C.UTF-8"),
            ("LC_ALL", "C"),
            ("SECRET_TOKEN", "x"),
            ("CARGO_TARGET_DIR", "/t"),
            ("HOME", "/root"),
            ("LANGX", "no"),
        ]);
        let passed = vars(&[("PYTHONHASHSEED", "0"), ("LANG", "fr_FR.UTF-8")]);
        let env = for_program(judge.into_iter(), &passed, Path::new("/tmp"));
        assert_eq!(
            env,
            vars(&[
                ("PATH", "/usr/bin"),
                ("LC_ALL", "C"),
                ("PYTHONHASHSEED", "0"),
                ("LANG", "fr_FR.UTF-8"),
                ("HOME", "/tmp"),
            ])
        );
    }

    #[test]
    fn env_takes_a_name_and_a_value() {
        assert_eq!(
            parse(OsStr::new("A_1=x=y")).unwrap(),
            ("A_1".into(), "x=y".into())
        );
        assert_eq!(parse(OsStr::new("A=")).unwrap(), ("A".into(), "".into()));
        assert!(parse(OsStr::new("A")).unwrap_err().contains("NAME=VALUE"));
        assert!(parse(OsStr::new("1A=x"))
            .unwrap_err()
            .contains("not a variable"));
        assert!(parse(OsStr::new("=x"))
            .unwrap_err()
            .contains("not a variable"));
    }
}
