//! Getting the programs to judge: through Cargo (release), or alone with plain
//! `rustc -O` as an online judge compiles a submitted file.

use std::collections::HashMap;
use std::env;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The editions an online judge may compile with; `None` is no `--edition`
/// flag at all, which means 2015.
pub const EDITIONS: [Option<&str>; 3] = [None, Some("2018"), Some("2021")];

/// Builds the packages in release mode; for each, its executable or why not.
/// Builds all at once, and one by one only when that fails, so that a broken
/// solution costs only its own problem; those builds show the compiler's
/// messages on stderr when `show_errors` is set.
pub fn cargo_release(
    root: &Path,
    packages: &[&str],
    show_errors: bool,
) -> Vec<Result<PathBuf, String>> {
    if let Ok(built) = cargo_build(root, packages, false) {
        return packages
            .iter()
            .map(|p| built.get(*p).cloned().ok_or_else(|| no_binary(p)))
            .collect();
    }
    packages
        .iter()
        .map(|p| match cargo_build(root, &[p], show_errors) {
            Ok(built) => built.get(*p).cloned().ok_or_else(|| no_binary(p)),
            Err(why) => Err(why),
        })
        .collect()
}

fn no_binary(package: &str) -> String {
    format!("cargo built no binary named {}", package)
}

/// One `cargo build --release`; the executables it reports, by name. With
/// `show_errors` the compiler's messages go straight to the user's terminal.
fn cargo_build(
    root: &Path,
    packages: &[&str],
    show_errors: bool,
) -> Result<HashMap<String, PathBuf>, String> {
    let cargo = env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut cmd = Command::new(cargo);
    cmd.arg("build")
        .arg("--release")
        .arg("--quiet")
        .arg("--message-format=json-render-diagnostics")
        .arg("--manifest-path")
        .arg(root.join("Cargo.toml"));
    for p in packages {
        cmd.arg("-p").arg(p);
    }
    cmd.stdin(Stdio::null());
    cmd.stderr(if show_errors {
        Stdio::inherit()
    } else {
        Stdio::piped()
    });
    // In a guarded process group of its own, which the judge kills (Cargo
    // and the compilers it runs) when a signal stops it, and which dies
    // with the judge however it ends.
    cmd.stdout(Stdio::piped());
    let (child, _live) =
        crate::os::LiveGroup::spawn(&mut cmd).map_err(|e| format!("cannot run cargo: {}", e))?;
    let out = child
        .wait_with_output()
        .map_err(|e| format!("cannot run cargo: {}", e))?;
    if !out.status.success() {
        let whose = if show_errors { "above" } else { "hidden" };
        return Err(format!(
            "cargo build failed (the compiler's messages are {})",
            whose
        ));
    }
    let mut built = HashMap::new();
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        if let Some(path) = json_string_field(line, "executable") {
            let path = PathBuf::from(path);
            if let Some(stem) = path.file_stem() {
                built.insert(stem.to_string_lossy().into_owned(), path.clone());
            }
        }
    }
    Ok(built)
}

/// The value of `"field":"..."` in one line of Cargo's JSON messages, if it is
/// a string (`"executable":null` is not). Handles the escapes a path can hold.
fn json_string_field(line: &str, field: &str) -> Option<String> {
    let key = format!("\"{}\":\"", field);
    let start = line.find(&key)? + key.len();
    let mut value = String::new();
    let mut chars = line[start..].chars();
    loop {
        match chars.next()? {
            '"' => return Some(value),
            '\\' => match chars.next()? {
                'n' => value.push('\n'),
                't' => value.push('\t'),
                'u' => {
                    let hex: String = chars.by_ref().take(4).collect();
                    value.push(char::from_u32(u32::from_str_radix(&hex, 16).ok()?)?);
                }
                other => value.push(other), // \" \\ \/
            },
            c => value.push(c),
        }
    }
}

/// A Rust compiler to compile solutions alone with: the one on the PATH (or
/// `$RUSTC`), or one given by `--rustc PATH` (an older one, say).
#[derive(Clone)]
pub struct Rustc {
    pub program: PathBuf,
    /// How reports name it: `rustc`, or the path given with its version.
    pub label: String,
    /// Its folder for binaries and saved outputs: `rustc`, `rustc-1.63.0`.
    pub key: String,
}

impl Rustc {
    /// `$RUSTC`, or `rustc` from the PATH.
    pub fn default_one() -> Rustc {
        Rustc {
            program: env::var_os("RUSTC").map_or_else(|| "rustc".into(), PathBuf::from),
            label: "rustc".to_string(),
            key: "rustc".to_string(),
        }
    }

    /// The compiler at `path`, named with its version (`rustc 1.63.0`), or
    /// why it cannot be run.
    pub fn given(path: &Path) -> Result<Rustc, String> {
        let out = crate::os::output(Command::new(path).arg("--version").stdin(Stdio::null()))
            .map_err(|e| format!("cannot run --rustc {}: {}", path.display(), e))?;
        let text = String::from_utf8_lossy(&out.stdout);
        let version = text
            .split_whitespace()
            .nth(1)
            .filter(|_| out.status.success());
        let version = version.ok_or_else(|| {
            format!(
                "--rustc {}: `--version` did not name a rustc version",
                path.display()
            )
        })?;
        Ok(Rustc {
            program: path.to_path_buf(),
            label: format!("{} ({})", path.display(), version),
            key: format!("rustc-{}", version),
        })
    }
}

/// Compiles one solution file alone, as `rustc -O [--edition E] main.rs`.
pub fn rustc_alone(
    rustc: &Rustc,
    source: &Path,
    name: &str,
    edition: Option<&str>,
    out_dir: &Path,
) -> Result<PathBuf, String> {
    let dir = out_dir.join(edition.unwrap_or("2015-default"));
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {}", dir.display(), e))?;
    let exe = dir.join(format!("{}{}", name, env::consts::EXE_SUFFIX));
    let mut cmd = Command::new(&rustc.program);
    cmd.arg("-O");
    if let Some(e) = edition {
        cmd.arg("--edition").arg(e);
    }
    cmd.arg("-o").arg(&exe).arg(source).stdin(Stdio::null());
    let out =
        crate::os::output(&mut cmd).map_err(|e| format!("cannot run {}: {}", rustc.label, e))?;
    if out.status.success() {
        return Ok(exe);
    }
    let messages = String::from_utf8_lossy(&out.stderr);
    let first_error: Vec<&str> = messages
        .lines()
        .skip_while(|l| !l.starts_with("error"))
        .take(12)
        .collect();
    Err(format!(
        "{} {} failed:\n{}",
        rustc.label,
        edition_label(edition),
        first_error.join("\n")
    ))
}

/// `--edition 2018`, or `(no --edition: 2015)`.
pub fn edition_label(edition: Option<&str>) -> String {
    match edition {
        Some(e) => format!("-O --edition {}", e),
        None => "-O (no --edition: 2015)".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::{json_string_field, rustc_alone, Rustc};
    use std::path::PathBuf;

    fn scratch(name: &str, source: &str) -> (PathBuf, PathBuf) {
        let dir = std::env::temp_dir().join(format!("judge-build-{}-{}", std::process::id(), name));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("main.rs");
        std::fs::write(&file, source).unwrap();
        (file, dir)
    }

    #[test]
    fn compiles_a_file_alone_and_the_binary_runs() {
        let (file, dir) = scratch("ok", "fn main() { println!(\"hi\"); }\n");
        let exe = rustc_alone(&Rustc::default_one(), &file, "hello", Some("2021"), &dir).unwrap();
        let out = std::process::Command::new(exe).output().unwrap();
        let _ = std::fs::remove_dir_all(&dir);
        assert_eq!(out.stdout, b"hi\n");
    }

    #[test]
    fn cargo_builds_each_good_package_and_names_the_broken_one() {
        let root = std::env::temp_dir().join(format!("judge-build-{}-ws", std::process::id()));
        let package = |name: &str, source: &str| {
            let dir = root.join(name);
            std::fs::create_dir_all(dir.join("src")).unwrap();
            let manifest = format!(
                "[package]\nname = \"{}\"\nversion = \"0.1.0\"\nedition = \"2021\"\n",
                name
            );
            std::fs::write(dir.join("Cargo.toml"), manifest).unwrap();
            std::fs::write(dir.join("src/main.rs"), source).unwrap();
        };
        std::fs::create_dir_all(&root).unwrap();
        let workspace = "[workspace]\nresolver = \"2\"\nmembers = [\"good\", \"bad\"]\n";
        std::fs::write(root.join("Cargo.toml"), workspace).unwrap();
        package("good", "fn main() {}\n");
        package("bad", "fn main() { let x: u8 = \"no\"; }\n");
        let built = super::cargo_release(&root, &["good", "bad"], false);
        let _ = std::fs::remove_dir_all(&root);
        let good = built[0].as_ref().expect("the good package builds");
        assert_eq!(good.file_stem().unwrap(), "good");
        let why = built[1].as_ref().expect_err("the bad package does not");
        assert!(why.contains("cargo build failed"), "{}", why);
    }

    #[test]
    fn a_file_that_needs_the_2021_prelude_fails_without_an_edition() {
        // `TryFrom` is in the prelude only from 2021 on: exactly the kind of
        // solution that builds in Cargo and fails on a judge with no --edition.
        let source = "fn main() { let x = u8::try_from(300u32).is_err(); println!(\"{}\", x); }\n";
        let (file, dir) = scratch("prelude", source);
        let with_2021 = rustc_alone(&Rustc::default_one(), &file, "p", Some("2021"), &dir);
        let without = rustc_alone(&Rustc::default_one(), &file, "p", None, &dir);
        let _ = std::fs::remove_dir_all(&dir);
        assert!(with_2021.is_ok());
        let why = without.unwrap_err();
        assert!(
            why.starts_with("rustc -O (no --edition: 2015) failed:"),
            "{}",
            why
        );
        assert!(why.contains("error"), "{}", why);
    }

    #[test]
    fn a_given_compiler_is_named_by_its_version_and_a_missing_one_is_an_error() {
        let here = Rustc::given(std::path::Path::new("rustc")).unwrap();
        assert!(here.label.starts_with("rustc (1."), "{}", here.label);
        assert!(here.key.starts_with("rustc-1."), "{}", here.key);
        let why = Rustc::given(std::path::Path::new("/no/such/rustc"))
            .err()
            .unwrap();
        assert!(
            why.starts_with("cannot run --rustc /no/such/rustc"),
            "{}",
            why
        );
    }

    #[test]
    fn reads_the_executable_out_of_cargo_json() {
        let line = r#"{"reason":"compiler-artifact","filenames":["/t/a"],"executable":"/w/target/release/russian_checkers","fresh":true}"#;
        assert_eq!(
            json_string_field(line, "executable").as_deref(),
            Some("/w/target/release/russian_checkers")
        );
    }

    #[test]
    fn ignores_a_null_executable_and_other_lines() {
        let line = r#"{"reason":"compiler-artifact","executable":null,"fresh":true}"#;
        assert_eq!(json_string_field(line, "executable"), None);
        assert_eq!(
            json_string_field(r#"{"reason":"build-finished"}"#, "executable"),
            None
        );
    }

    #[test]
    fn unescapes_paths() {
        let line = r#"{"executable":"C:\\t\\\"q\"\/x\u0041"}"#;
        assert_eq!(
            json_string_field(line, "executable").as_deref(),
            Some(r#"C:\t\"q"/xA"#)
        );
    }
}
