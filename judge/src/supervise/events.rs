//! The supervisor's signals and waiting: SIGCHLD, SIGINT and SIGTERM wake its
//! loop through a self-pipe, and it waits (with `poll`) for a request, the
//! program's standard error, a child's end, the judge's end or a signal.

use crate::os::SelfPipe;
use crate::sys::linux::{poll, PollFd, POLLIN, SIGCHLD};
use crate::sys::{signal, SIGINT, SIGTERM};
use std::os::raw::c_int;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

static STOP: AtomicBool = AtomicBool::new(false);
static BUSY: AtomicBool = AtomicBool::new(false);
/// The self-pipe that wakes the supervisor's loop from a signal handler.
static WAKE: SelfPipe = SelfPipe::unopened();

/// SIGCHLD, SIGINT, SIGTERM: note it and wake the loop (atomics and
/// write(2) only, which are safe in a handler).
extern "C" fn on_signal(signal: c_int) {
    if signal != SIGCHLD {
        STOP.store(true, Ordering::SeqCst);
    }
    WAKE.wake();
}

pub fn install_handlers() -> std::io::Result<()> {
    WAKE.open()?;
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
                fd: WAKE.fd(),
                events: POLLIN,
                revents: 0,
            },
        ];
        let ms = timeout.map_or(-1, |t| t.as_millis().min(60_000) as c_int);
        // SAFETY: two valid pollfd structures.
        let n = unsafe { poll(fds.as_mut_ptr(), 2, ms) };
        if n > 0 && fds[1].revents != 0 {
            WAKE.take(); // ready: it does not wait
        }
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
        watched(WAKE.fd()),
        watched(0),
        watched(test_fds[0]),
        watched(test_fds[1]),
    ];
    let ms = (timeout.as_micros() as c_int + 999) / 1000;
    // SAFETY: four valid pollfd structures (a negative fd is skipped).
    unsafe { poll(fds.as_mut_ptr(), 4, ms) };
    if fds[0].revents != 0 {
        WAKE.take(); // ready: it does not wait
    }
    if fds[1].revents != 0 {
        // The judge sends nothing during a test: this is its end.
        STOP.store(true, Ordering::SeqCst);
    }
}
