//! The words between the supervisor and its cell, as they go on the wire:
//! the records the launcher, the warden and the program report on the
//! cell's pipe (in the supervisor's frames, [`Record`]), the [`Plan`] the
//! launcher and the warden are made with (before the fork, so it is a
//! value, not a message) and the command that starts each test ([`Run`],
//! sent by `cell.rs` on the warden's socket, read by `warden.rs`).

use super::policy::Step;
use crate::supervise::protocol::{receive, Fields, Frame};
use std::ffi::CString;
use std::fs::File;
use std::io::{self, Write};
use std::os::raw::c_int;
use std::os::unix::io::RawFd;
use std::path::PathBuf;

/// What the cell's processes report.
#[derive(Debug, PartialEq)]
pub enum Record {
    /// The warden runs, with this pid (the supervisor's view).
    Started(i32),
    /// The cell, or a test in it, could not be made.
    Failed(String),
    /// The program could not be executed.
    NotStarted(String),
    /// The warden reaped a process: the program's or another's wait status,
    /// its peak memory in KiB and its CPU time (with its reaped children's)
    /// in microseconds.
    Reaped {
        main: bool,
        status: i32,
        peak_kib: u64,
        cpu_us: u64,
    },
    /// The test has no process left: the warden waits for the next.
    /// `clean`: the cell's IPC namespace holds no SysV object (one left
    /// there would outlive the test, so the cell serves no other).
    Idle { clean: bool },
}

/// The kinds of record on the wire, by number.
const STARTED: u64 = 1;
const FAILED: u64 = 2;
const NOT_STARTED: u64 = 3;
const REAPED: u64 = 4;
const IDLE: u64 = 5;

impl Record {
    fn frame(&self) -> Frame {
        let mut f = Frame::default();
        let (kind, a, b, c, d, text): (u64, u64, u64, u64, u64, &[u8]) = match self {
            Record::Started(pid) => (STARTED, *pid as u64, 0, 0, 0, b""),
            Record::Failed(why) => (FAILED, 0, 0, 0, 0, why.as_bytes()),
            Record::NotStarted(why) => (NOT_STARTED, 0, 0, 0, 0, why.as_bytes()),
            Record::Reaped {
                main,
                status,
                peak_kib,
                cpu_us,
            } => (
                REAPED,
                u64::from(*main),
                *status as u32 as u64,
                *peak_kib,
                *cpu_us,
                b"",
            ),
            Record::Idle { clean } => (IDLE, u64::from(*clean), 0, 0, 0, b""),
        };
        f.num(kind).num(a).num(b).num(c).num(d).bytes(text);
        f
    }

    pub fn parse(payload: &[u8]) -> io::Result<Record> {
        let mut f = Fields(payload);
        let (kind, a, b, c, d) = (f.num()?, f.num()?, f.num()?, f.num()?, f.num()?);
        let text = String::from_utf8_lossy(f.bytes()?).into_owned();
        Ok(match kind {
            STARTED => Record::Started(a as i32),
            FAILED => Record::Failed(text),
            NOT_STARTED => Record::NotStarted(text),
            REAPED => Record::Reaped {
                main: a == 1,
                status: b as u32 as i32,
                peak_kib: c,
                cpu_us: d,
            },
            IDLE => Record::Idle { clean: a == 1 },
            other => {
                let why = format!("a record of unknown kind {}", other);
                return Err(io::Error::new(io::ErrorKind::InvalidData, why));
            }
        })
    }

    /// Sends the record on the pipe `fd`.
    pub fn send(&self, fd: RawFd) {
        Record::send_all(std::slice::from_ref(self), fd);
    }

    /// Sends the records on the pipe `fd` in one write (so that the
    /// supervisor, woken once, reads them all).
    pub fn send_all(records: &[Record], fd: RawFd) {
        let mut bytes = Vec::new();
        for record in records {
            let _ = record.frame().send(&mut bytes);
        }
        // SAFETY: the descriptor is the cell's pipe, open in this process;
        // ManuallyDrop keeps it open.
        let mut pipe = std::mem::ManuallyDrop::new(unsafe {
            <File as std::os::unix::io::FromRawFd>::from_raw_fd(fd)
        });
        let _ = pipe.write_all(&bytes);
    }
}

/// What the launcher and the warden need, prepared before the fork.
pub struct Plan {
    pub cwd: CString,
    /// The size of each scratch folder, bytes, until a test needs another
    /// (also the bound on the SysV shared memory of the cell).
    pub scratch_size: u64,
    pub hides: Vec<PathBuf>,
    /// What the view shows or makes below a scratch folder, to show or
    /// make again on the cell's own (a [`Step::Show`] or [`Step::Empty`]).
    pub kept: Vec<Step>,
    pub as_root: bool,
}

/// One test's command, as the warden receives it.
pub struct Run {
    pub argv: Vec<CString>,
    pub limits: Vec<(c_int, u64)>,
    /// The size each scratch folder must have, bytes (also the bound on
    /// the SysV shared memory), or `None` to take them as they are.
    pub scratch_size: Option<u64>,
}

impl Run {
    /// Reads a command sent by `Cell::run` (`cell.rs`).
    pub fn parse(bytes: &[u8]) -> io::Result<Run> {
        let payload = receive(&mut &bytes[..])?.unwrap_or_default();
        let mut f = Fields(&payload);
        let argc = f.num()?;
        let mut argv = Vec::new();
        for _ in 0..argc {
            argv.push(CString::new(f.bytes()?).map_err(|_| nul())?);
        }
        let count = f.num()?;
        let mut limits = Vec::new();
        for _ in 0..count {
            limits.push((f.num()? as c_int, f.num()?));
        }
        let scratch_size = Some(f.num()?).filter(|&size| size > 0);
        if argv.is_empty() {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                "no program to run",
            ));
        }
        Ok(Run {
            argv,
            limits,
            scratch_size,
        })
    }
}

pub fn nul() -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidInput,
        "a NUL byte in the command line",
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_wardens_records_survive_their_frames() {
        let records = [
            Record::Started(42),
            Record::Failed("no /proc".to_string()),
            Record::NotStarted("no such file".to_string()),
            Record::Reaped {
                main: true,
                status: 9,
                peak_kib: 2048,
                cpu_us: 1500,
            },
            Record::Idle { clean: true },
            Record::Idle { clean: false },
        ];
        for record in records {
            let mut bytes = Vec::new();
            record.frame().send(&mut bytes).unwrap();
            let payload = receive(&mut &bytes[..]).unwrap().unwrap();
            assert_eq!(Record::parse(&payload).unwrap(), record);
        }
    }

    #[test]
    fn a_record_of_an_unknown_kind_is_an_error_not_a_guess() {
        let mut f = Frame::default();
        f.num(99).num(1).num(0).num(0).num(0).bytes(b"");
        let mut bytes = Vec::new();
        f.send(&mut bytes).unwrap();
        let payload = receive(&mut &bytes[..]).unwrap().unwrap();
        let why = Record::parse(&payload).unwrap_err().to_string();
        assert!(why.contains("unknown kind 99"), "{}", why);
    }
}
