//! The socket between the supervisor and a slot's warden: one message per
//! command (a `SOCK_SEQPACKET` pair keeps each whole), carrying a test's
//! three descriptors (`SCM_RIGHTS`) with its command line.

use crate::sys::linux::{
    recvmsg, sendmsg, socketpair, Cmsghdr, Iovec, Msghdr, AF_UNIX, EINTR, MSG_CMSG_CLOEXEC,
    MSG_CTRUNC, MSG_TRUNC, SCM_RIGHTS, SOCK_CLOEXEC, SOCK_SEQPACKET, SOL_SOCKET,
};
use std::fs::File;
use std::io;
use std::os::raw::c_int;
use std::os::unix::io::{FromRawFd, RawFd};

/// The descriptors a command carries: standard input, output and error.
pub const FDS: usize = 3;

/// The largest command the warden takes (a command line longer than this
/// is refused).
pub const MAX_COMMAND: usize = 128 << 10;

/// Room for the control message of [`FDS`] descriptors (`CMSG_SPACE`: the
/// header, then the descriptors rounded up to 8 bytes), aligned for it.
type Control = [u64; 4];

/// A connected pair, both ends closed on exec: (the supervisor's, the
/// warden's).
pub fn pair() -> io::Result<(File, File)> {
    let mut fds = [0; 2];
    // SAFETY: socketpair fills the two-int array.
    if unsafe { socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, fds.as_mut_ptr()) } != 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: both descriptors are new and ours alone.
    Ok(unsafe { (File::from_raw_fd(fds[0]), File::from_raw_fd(fds[1])) })
}

/// Sends `bytes` as one message with the descriptors `fds`.
pub fn send(socket: RawFd, bytes: &[u8], fds: [RawFd; FDS]) -> io::Result<()> {
    let mut iov = Iovec {
        base: bytes.as_ptr() as *mut _,
        len: bytes.len(),
    };
    let mut control: Control = [0; 4];
    let header = std::mem::size_of::<Cmsghdr>();
    let data_len = FDS * std::mem::size_of::<c_int>();
    let cmsg = control.as_mut_ptr() as *mut Cmsghdr;
    // SAFETY: the control buffer is aligned for a Cmsghdr and holds the
    // header and the descriptors after it (32 bytes >= 16 + 12).
    unsafe {
        (*cmsg).len = header + data_len;
        (*cmsg).level = SOL_SOCKET;
        (*cmsg).kind = SCM_RIGHTS;
        let data = (control.as_mut_ptr() as *mut u8).add(header) as *mut c_int;
        for (i, fd) in fds.iter().enumerate() {
            *data.add(i) = *fd;
        }
    }
    let msg = Msghdr {
        name: std::ptr::null_mut(),
        namelen: 0,
        iov: &mut iov,
        iovlen: 1,
        control: control.as_mut_ptr() as *mut _,
        controllen: header + data_len,
        flags: 0,
    };
    loop {
        // SAFETY: the message points at live buffers for the call.
        let sent = unsafe { sendmsg(socket, &msg, 0) };
        if sent >= 0 {
            return Ok(());
        }
        let error = io::Error::last_os_error();
        if error.raw_os_error() != Some(EINTR) {
            return Err(error);
        }
    }
}

/// Receives one message into `buffer`: its length and its descriptors
/// (closed on exec), or `None` when the other end is closed. A message
/// that is cut short or carries other than [`FDS`] descriptors is an error
/// (and whatever it carried is closed).
pub fn receive(socket: RawFd, buffer: &mut [u8]) -> io::Result<Option<(usize, [File; FDS])>> {
    let mut iov = Iovec {
        base: buffer.as_mut_ptr() as *mut _,
        len: buffer.len(),
    };
    let mut control: Control = [0; 4];
    let mut msg = Msghdr {
        name: std::ptr::null_mut(),
        namelen: 0,
        iov: &mut iov,
        iovlen: 1,
        control: control.as_mut_ptr() as *mut _,
        controllen: std::mem::size_of::<Control>(),
        flags: 0,
    };
    let got = loop {
        // SAFETY: the message points at live buffers for the call.
        let got = unsafe { recvmsg(socket, &mut msg, MSG_CMSG_CLOEXEC) };
        if got >= 0 || io::Error::last_os_error().raw_os_error() != Some(EINTR) {
            break got;
        }
    };
    if got < 0 {
        return Err(io::Error::last_os_error());
    }
    let fds = taken_fds(&msg, &control);
    if got == 0 && fds.is_empty() {
        return Ok(None);
    }
    let whole = msg.flags & (MSG_TRUNC | MSG_CTRUNC) == 0;
    match <[File; FDS]>::try_from(fds) {
        Ok(fds) if whole => Ok(Some((got as usize, fds))),
        _ => Err(io::Error::new(
            io::ErrorKind::InvalidData,
            "a malformed command to the warden",
        )),
    }
}

/// The descriptors a received message carried, owned (so dropped, closed).
fn taken_fds(msg: &Msghdr, control: &Control) -> Vec<File> {
    let header = std::mem::size_of::<Cmsghdr>();
    if msg.controllen < header {
        return Vec::new();
    }
    let cmsg = control.as_ptr() as *const Cmsghdr;
    // SAFETY: the kernel wrote at least one header into the aligned buffer.
    let (len, level, kind) = unsafe { ((*cmsg).len, (*cmsg).level, (*cmsg).kind) };
    if level != SOL_SOCKET || kind != SCM_RIGHTS || len < header {
        return Vec::new();
    }
    let room = std::mem::size_of::<Control>() - header;
    let count = (len - header).min(room) / std::mem::size_of::<c_int>();
    let data = control.as_ptr() as *const u8;
    (0..count)
        .map(|i| {
            // SAFETY: the kernel wrote `count` descriptors after the header,
            // within the buffer; each is new and ours alone.
            unsafe {
                let fd = *(data.add(header) as *const c_int).add(i);
                File::from_raw_fd(fd)
            }
        })
        .collect()
}
