//! The one room for the system's interface: every `extern "C"` declaration,
//! constant and `repr(C)` type the judge uses, and nothing else.
//!
//! The judge is std-only, so these stand in for the `libc` crate. They are
//! copied by hand from the system headers, and unit tests hold them to the
//! headers `cc` reads (on Linux; `linux.rs`'s numbers where it is built):
//!
//! - `sys/check.rs` compiles and runs a C program that prints every
//!   constant's value, every struct's size and the offset of each of its
//!   named fields (not the arrays that stand for fields the judge skips;
//!   `ShmidDs` and `MsqidDs` have no fields and no size: the judge only
//!   points at them), and the size of `RlimitResource`; each must equal ours.
//! - `sys/prototypes.rs` reads every function declared in this room's two
//!   files from their own text, and compiles with `-Werror` the assignment
//!   of the header's function to a pointer of the type declared here: the
//!   number of parameters, each one's type (through a pointer too, `const`
//!   included), whether `...` ends them and the return type must be the
//!   header's, as C's compatibility rules judge them (with `c_ulong` as
//!   `unsigned long`, `usize` as `size_t`, `u32` as `uint32_t`...; glibc's
//!   `__rlimit_resource_t` enum as `RlimitResource`). Parameter names, the
//!   `!` of `_exit` and the `Option` of a nullable function pointer are not
//!   compared. It also finds no other block of foreign declarations in the
//!   judge (sources, tests, examples).
//!
//! Only what those tests cover lives here; callers keep their `unsafe`
//! blocks and say why each is sound.
//!
//! This file holds what every Unix shares (the signal handling of `os.rs`);
//! [`linux`] holds the supervisor's, built only where its numbers have been
//! checked against the headers: Linux on x86_64 and aarch64, the condition
//! `cfg(supervised)` that `judge/build.rs` sets once. Elsewhere (other
//! Linux architectures, whose numbers differ in places, and other systems)
//! the judge runs each program directly, and says so once at run time.

#![cfg(unix)]

pub use std::os::raw::{c_int, c_void};

#[cfg(supervised)]
pub mod linux;

#[cfg(all(test, target_os = "linux"))]
mod check;
#[cfg(all(test, target_os = "linux"))]
mod prototypes;

pub const SIGINT: c_int = 2;
pub const SIGKILL: c_int = 9;
pub const SIGTERM: c_int = 15;
pub const F_GETFD: c_int = 1;
pub const F_SETFD: c_int = 2;
pub const FD_CLOEXEC: c_int = 1;

extern "C" {
    pub fn kill(pid: c_int, sig: c_int) -> c_int;
    /// `handler`: a function, or `None` for the default action (`SIG_DFL`).
    pub fn signal(
        signum: c_int,
        handler: Option<extern "C" fn(c_int)>,
    ) -> Option<extern "C" fn(c_int)>;
    pub fn pipe(fds: *mut c_int) -> c_int;
    pub fn fcntl(fd: c_int, cmd: c_int, ...) -> c_int;
    pub fn write(fd: c_int, buf: *const c_void, count: usize) -> isize;
}
