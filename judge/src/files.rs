//! Writing a file whole or not at all: the bytes go to a temporary name in
//! the same folder, are flushed to the disk, and the file is renamed into
//! place, so that a stop (Ctrl-C, `kill -9`, a full disk) leaves either the
//! old file, or none, or the new one whole; never a part of it. On Ctrl-C
//! or SIGTERM the temporary file goes too (see `os::make_temporary`); one
//! `kill -9` cut short stays, hidden (`.NAME.<pid>-<n>.tmp`).

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

/// Writes `bytes` to `path` whole or not at all (see the module's comment).
/// On an error the temporary file is removed and `path` is as it was.
pub fn write_whole(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let temporary = temporary_name(path)?;
    // Removed by the judge if a signal stops it before the rename.
    let mut file = crate::os::make_temporary(&temporary, || fs::File::create(&temporary))?;
    let written = (|| {
        file.write_all(bytes)?;
        file.sync_all()?;
        fs::rename(&temporary, path)
    })();
    if written.is_err() {
        let _ = fs::remove_file(&temporary);
    }
    crate::os::forget_on_signal(&temporary);
    written
}

/// `write_whole` with the error said as the judge says it, the folder made
/// first when it is missing.
pub fn write_whole_or_say(path: &Path, bytes: &[u8]) -> Result<(), String> {
    if let Some(dir) = path.parent().filter(|dir| !dir.as_os_str().is_empty()) {
        fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {}", dir.display(), e))?;
    }
    write_whole(path, bytes).map_err(|e| format!("cannot write {}: {}", path.display(), e))
}

/// `.NAME.<pid>-<n>.tmp` beside `path`: hidden, and never the name of a
/// file another write (of this judge or of another) is making.
fn temporary_name(path: &Path) -> io::Result<PathBuf> {
    static COUNT: AtomicUsize = AtomicUsize::new(0);
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "no file name"))?;
    let mut temporary = std::ffi::OsString::from(".");
    temporary.push(name);
    temporary.push(format!(
        ".{}-{}.tmp",
        std::process::id(),
        COUNT.fetch_add(1, Ordering::SeqCst)
    ));
    Ok(path.with_file_name(temporary))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_is_replaced_whole_and_a_failed_write_leaves_nothing() {
        let dir = std::env::temp_dir().join(format!("judge-files-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let path = dir.join("a.out");
        write_whole(&path, b"first\n").unwrap();
        write_whole(&path, b"second\n").unwrap();
        let read = fs::read(&path).unwrap();
        // Into a folder that is not there: an error, and no file at all.
        let missing = dir.join("no").join("b.out");
        let failed = write_whole(&missing, b"x");
        let listed: Vec<_> = fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        let said = write_whole_or_say(&dir.join("made").join("c.out"), b"y");
        let made = fs::read(dir.join("made").join("c.out"));
        let _ = fs::remove_dir_all(&dir);
        assert_eq!(read, b"second\n");
        assert!(failed.is_err());
        assert_eq!(listed, ["a.out"], "no temporary file is left");
        assert!(said.is_ok());
        assert_eq!(made.unwrap(), b"y");
    }
}
