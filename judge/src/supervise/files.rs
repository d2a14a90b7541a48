//! A test's standard input and output as its program gets them: nothing
//! that lives outside the test. The input is a private copy in memory (a
//! memfd) sealed against every change: the program cannot reopen the
//! user's file through `/proc/self/fd/0` (writable for a judge run as a
//! normal user, whose uid the program has outside), nor change its mode,
//! size or times, and a copy it could change would be its own. The output
//! is a file made afresh for each test in the supervisor's folder (the old
//! one removed first): whatever mode, lock or attribute the last test set
//! on its file went with that file, and a file that cannot be made is the
//! test's error, never the last test's output judged again.

use crate::sys::linux::{
    syscall, F_ADD_SEALS, F_SEAL_GROW, F_SEAL_SEAL, F_SEAL_SHRINK, F_SEAL_WRITE, MFD_ALLOW_SEALING,
    MFD_CLOEXEC, O_NOFOLLOW, SYS_MEMFD_CREATE,
};
use std::fs::{self, File};
use std::io::{self, Write};
use std::os::unix::fs::{MetadataExt, OpenOptionsExt};
use std::os::unix::io::{AsRawFd, FromRawFd};
use std::path::Path;

/// The test's standard input and output, ready for its program, and the
/// identity (device, inode) of the input's copy: its memory is the
/// judge's, not the test's (the sweep of memfds leaves it out).
pub struct TestFiles {
    pub stdin: File,
    pub stdout: File,
    pub stdin_id: (u64, u64),
}

/// Prepares them: `input` copied into a sealed memfd, `out` made afresh.
/// `Err` says which could not be made and why.
pub fn prepare(input: &Path, out: &Path) -> Result<TestFiles, String> {
    let stdin = sealed_copy(input).map_err(|e| format!("{}: {}", input.display(), e))?;
    let stdout = fresh_file(out).map_err(|e| format!("{}: {}", out.display(), e))?;
    let meta = stdin.metadata().map_err(|e| e.to_string())?;
    Ok(TestFiles {
        stdin,
        stdout,
        stdin_id: (meta.dev(), meta.ino()),
    })
}

/// A memfd holding the bytes of `input`, sealed: no write, no change of
/// size, no new seal (a program that reopens it for writing, or maps it
/// shared and writable, is refused).
fn sealed_copy(input: &Path) -> io::Result<File> {
    let bytes = fs::read(input)?;
    // SAFETY: a NUL-terminated name and flags; the result is checked.
    let fd = unsafe {
        syscall(
            SYS_MEMFD_CREATE,
            b"judge-input\0".as_ptr(),
            MFD_CLOEXEC | MFD_ALLOW_SEALING,
        )
    };
    if fd < 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: a descriptor just made, owned by nothing else.
    let mut file = unsafe { File::from_raw_fd(fd as i32) };
    file.write_all(&bytes)?;
    let seals = F_SEAL_SEAL | F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_WRITE;
    // SAFETY: fcntl on a descriptor we own, with an integer argument.
    if unsafe { crate::sys::fcntl(file.as_raw_fd(), F_ADD_SEALS, seals) } != 0 {
        return Err(io::Error::last_os_error());
    }
    // Each reader starts at the beginning (the copy's offset is the
    // program's alone).
    io::Seek::rewind(&mut file)?;
    Ok(file)
}

/// `out` removed (with whatever was set on it) and made again, empty,
/// by this process: a link there is not followed.
fn fresh_file(out: &Path) -> io::Result<File> {
    match fs::remove_file(out) {
        Err(e) if e.kind() != io::ErrorKind::NotFound => return Err(e),
        _ => {}
    }
    fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .custom_flags(O_NOFOLLOW)
        .open(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;
    use std::os::unix::fs::PermissionsExt;

    #[test]
    fn the_input_is_a_sealed_copy_and_the_output_a_new_file() {
        let dir = std::env::temp_dir().join(format!("judge-files-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let (input, out) = (dir.join("t.in"), dir.join("out"));
        fs::write(&input, "1 2\n").unwrap();
        fs::write(&out, "stale").unwrap();
        fs::set_permissions(&out, fs::Permissions::from_mode(0o444)).unwrap();
        let mut files = prepare(&input, &out).unwrap();
        let mut read = String::new();
        files.stdin.read_to_string(&mut read).unwrap();
        assert_eq!(read, "1 2\n");
        let err = files.stdin.write_all(b"x").unwrap_err();
        assert_eq!(
            err.raw_os_error(),
            Some(crate::sys::linux::EPERM),
            "{}",
            err
        );
        assert!(files.stdin.set_len(0).is_err(), "the copy cannot shrink");
        // The reopening a program would try: writable, but no write lands.
        let path = format!("/proc/self/fd/{}", files.stdin.as_raw_fd());
        if let Ok(mut again) = fs::OpenOptions::new().write(true).open(path) {
            assert!(again.write_all(b"x").is_err());
        }
        assert_eq!(fs::read_to_string(&input).unwrap(), "1 2\n");
        assert_eq!(fs::read(&out).unwrap(), b"", "the stale output is gone");
        files.stdout.write_all(b"new").unwrap();
        assert_eq!(fs::read(&out).unwrap(), b"new");
        let missing = prepare(&dir.join("none.in"), &out).err().unwrap();
        assert!(missing.contains("none.in"), "{}", missing);
        fs::remove_dir_all(&dir).unwrap();
    }
}
