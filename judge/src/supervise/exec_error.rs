//! Why a program could not be executed, in words that lead to the fix: the
//! system's own (`Permission denied`, `No such file or directory`) name the
//! program even when what is wrong is a folder named in its place, or the
//! interpreter its `#!` line names. Said by the warden (sandboxed, in the
//! program's view) and by the supervisor (unsandboxed).

use std::ffi::OsStr;
use std::io::{self, Read};
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

/// What to say when starting `program` (run from the folder `cwd`, found
/// along `path` when its name has no `/`) failed with `error`. The caller
/// puts the program's name before it.
pub fn explain(program: &OsStr, cwd: &Path, path: Option<&OsStr>, error: &io::Error) -> String {
    let said = error.to_string();
    let Some(file) = find(program, cwd, path) else {
        return said;
    };
    let Ok(meta) = std::fs::metadata(&file) else {
        return said;
    };
    if meta.is_dir() {
        return "Is a directory: a folder cannot be run; name the program in it".to_string();
    }
    let mode = meta.permissions().mode();
    match error.raw_os_error() {
        Some(ENOENT) => match interpreter(&file) {
            Some(interpreter) if !Path::new(&interpreter).exists() => format!(
                "{}: its #! line names the interpreter {}, which is not there",
                said, interpreter
            ),
            _ => said,
        },
        Some(EACCES) if mode & 0o111 == 0 => format!(
            "{}: it is not executable (mode {:o}): chmod +x it, or name its \
             interpreter first (python3 FILE, sh FILE)",
            said,
            mode & 0o7777
        ),
        _ => said,
    }
}

const ENOENT: i32 = 2;
const EACCES: i32 = 13;

/// The file the kernel was asked to run: `program` from `cwd`, or, without
/// a `/` in its name, the first of that name along `path`.
fn find(program: &OsStr, cwd: &Path, path: Option<&OsStr>) -> Option<PathBuf> {
    let name = Path::new(program);
    if program.as_bytes().contains(&b'/') {
        return Some(cwd.join(name));
    }
    std::env::split_paths(path?)
        .map(|dir| cwd.join(dir).join(name))
        .find(|candidate| candidate.exists())
}

/// The interpreter a script's `#!` line names, if it has one.
fn interpreter(file: &Path) -> Option<String> {
    let mut head = [0u8; 256];
    let mut opened = std::fs::File::open(file).ok()?;
    let n = opened.read(&mut head).ok()?;
    let line = head[..n].strip_prefix(b"#!")?;
    let line = line.split(|&b| b == b'\n').next()?;
    let line = String::from_utf8_lossy(line);
    line.split_whitespace().next().map(String::from)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;

    #[test]
    fn a_folder_a_missing_interpreter_and_a_file_without_x_are_said() {
        let dir = std::env::temp_dir().join(format!("exec-error-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(dir.join("folder")).unwrap();
        fs::write(dir.join("script"), "#!/no/such/interpreter -x\necho\n").unwrap();
        fs::write(dir.join("plain"), "echo\n").unwrap();
        let denied = io::Error::from_raw_os_error(EACCES);
        let missing = io::Error::from_raw_os_error(ENOENT);
        let said = |name: &str, error: &io::Error| explain(OsStr::new(name), &dir, None, error);
        assert!(said("./folder", &denied).starts_with("Is a directory"));
        assert_eq!(
            said("./script", &missing),
            "No such file or directory (os error 2): its #! line names the \
             interpreter /no/such/interpreter, which is not there"
        );
        fs::set_permissions(dir.join("plain"), fs::Permissions::from_mode(0o644)).unwrap();
        assert!(said("./plain", &denied).contains("not executable (mode 644): chmod +x"));
        // Nothing more to say: the system's words.
        assert_eq!(said("./gone", &missing), missing.to_string());
        let path = dir.as_os_str();
        let on_path = explain(OsStr::new("folder"), Path::new("/"), Some(path), &denied);
        assert!(on_path.starts_with("Is a directory"), "{}", on_path);
        fs::remove_dir_all(&dir).unwrap();
    }
}
