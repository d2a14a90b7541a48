//! The supervisor's signals and waiting: SIGCHLD, SIGINT and SIGTERM wake its
//! loop through a self-pipe, and it waits (with `poll`) for a request, the
//! program's standard error, a child's end, the judge's end or a signal.

use crate::sys::linux::{pipe2, poll, read, PollFd, O_CLOEXEC, O_NONBLOCK, POLLIN, SIGCHLD};
use crate::sys::{signal, write, SIGINT, SIGTERM};
use std::os::raw::{c_int, c_void};
use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};
use std::time::Duration;

static STOP: AtomicBool = AtomicBool::new(false);
static BUSY: AtomicBool = AtomicBool::new(false);
/// The self-pipe that wakes the supervisor's loop from a signal handler.
static WAKE: [AtomicI32; 2] = [AtomicI32::new(-1), AtomicI32::new(-1)];

/// SIGCHLD, SIGINT, SIGTERM: note it and wake the loop (atomics and
/// write(2) only, which are safe in a handler).
extern "C" fn on_signal(signal: c_int) {
    if signal != SIGCHLD {
        STOP.store(true, Ordering::SeqCst);
    }
    let fd = WAKE[1].load(Ordering::SeqCst);
    if fd >= 0 {
        let byte = 1u8;
        // SAFETY: write(2) is async-signal-safe; the byte is live.
        unsafe {
            write(fd, &byte as *const u8 as *const c_void, 1);
        }
    }
}

pub fn install_handlers() -> std::io::Result<()> {
    let mut fds = [0 as c_int; 2];
    // SAFETY: pipe2 fills the two-int array.
    if unsafe { pipe2(fds.as_mut_ptr(), O_CLOEXEC | O_NONBLOCK) } != 0 {
        return Err(std::io::Error::last_os_error());
    }
    WAKE[0].store(fds[0], Ordering::SeqCst);
    WAKE[1].store(fds[1], Ordering::SeqCst);
    // SAFETY: the handler is async-signal-safe (see on_signal).
    unsafe {
        signal(SIGCHLD, Some(on_signal));
        signal(SIGINT, Some(on_signal));
        signal(SIGTERM, Some(on_signal));
    }
    // No PR_SET_PDEATHSIG here: it fires when the judge *thread* that
    // started the supervisor ends, and supervisors outlive threads. The
    // judge's death closes its end of the pipe, which ends them.
    Ok(())
}

pub fn stop_asked() -> bool {
    STOP.load(Ordering::SeqCst)
}

pub fn set_busy(busy: bool) {
    BUSY.store(busy, Ordering::SeqCst);
}

fn drain_wake() {
    let mut buf = [0u8; 64];
    let fd = WAKE[0].load(Ordering::SeqCst);
    // SAFETY: reads into a live buffer of the given size; non-blocking.
    while unsafe { read(fd, buf.as_mut_ptr() as *mut c_void, buf.len()) } > 0 {}
}

/// Waits until `fd` can be read or a signal comes (`timeout` None:
/// forever). False when a signal asked the supervisor to stop.
pub fn wait_readable(fd: c_int, timeout: Option<Duration>) -> bool {
    loop {
        if stop_asked() {
            return false;
        }
        let mut fds = [
            PollFd {
                fd,
                events: POLLIN,
                revents: 0,
            },
            PollFd {
                fd: WAKE[0].load(Ordering::SeqCst),
                events: POLLIN,
                revents: 0,
            },
        ];
        let ms = timeout.map_or(-1, |t| t.as_millis().min(60_000) as c_int);
        // SAFETY: two valid pollfd structures.
        let n = unsafe { poll(fds.as_mut_ptr(), 2, ms) };
        drain_wake();
        if n > 0 && fds[0].revents != 0 {
            return !stop_asked();
        }
        if timeout.is_some() {
            return !stop_asked();
        }
    }
}

/// Waits at most `timeout` for one of `test_fds` (standard error, the
/// cell's records; -1 for none) to have something, a child to end, the
/// judge to go away (its end of the pipe, fd 0) or a signal.
pub fn wait_for_events(test_fds: &[c_int; 2], timeout: Duration) {
    let watched = |fd: c_int| PollFd {
        fd,
        events: POLLIN,
        revents: 0,
    };
    let mut fds = [
        watched(WAKE[0].load(Ordering::SeqCst)),
        watched(0),
        watched(test_fds[0]),
        watched(test_fds[1]),
    ];
    let ms = (timeout.as_micros() as c_int + 999) / 1000;
    // SAFETY: four valid pollfd structures (a negative fd is skipped).
    unsafe { poll(fds.as_mut_ptr(), 4, ms) };
    drain_wake();
    if fds[1].revents != 0 {
        // The judge sends nothing during a test: this is its end.
        STOP.store(true, Ordering::SeqCst);
    }
}
