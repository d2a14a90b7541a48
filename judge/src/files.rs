//! Writing a file whole or not at all: written under a temporary name
//! beside it, flushed to the disk, then renamed into place, so that a
//! reader (or the next run) finds the old file, the new one, or none, never
//! a part.

use std::ffi::OsString;
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// Writes `bytes` to `path` whole, or leaves `path` as it was: on any
/// failure (a full disk, a folder that cannot be written) the temporary
/// file is removed and the error returned.
pub fn write_whole(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let temporary = temporary_beside(path);
    let written = fs::File::create(&temporary).and_then(|mut file| {
        file.write_all(bytes)?;
        // A full disk may only say so when the data reaches it.
        file.sync_all()
    });
    let placed = written.and_then(|()| fs::rename(&temporary, path));
    if placed.is_err() {
        let _ = fs::remove_file(&temporary);
    }
    placed
}

/// A name beside `path` that no other writer uses at the same time: the
/// file's name, the process and a count, hidden (`.NAME.PID.N.tmp`).
fn temporary_beside(path: &Path) -> PathBuf {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let mut name = OsString::from(".");
    name.push(path.file_name().unwrap_or_default());
    name.push(format!(
        ".{}.{}.tmp",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    ));
    path.with_file_name(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_is_written_whole_and_nothing_else_is_left() {
        let dir = std::env::temp_dir().join(format!("judge-files-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let path = dir.join("a.out");
        write_whole(&path, b"old").unwrap();
        write_whole(&path, b"new\n").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"new\n");
        let names: Vec<_> = fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, ["a.out"]);
        // A folder that is not there: an error, and nothing written.
        assert!(write_whole(&dir.join("no/b.out"), b"x").is_err());
        fs::remove_dir_all(&dir).unwrap();
    }
}
