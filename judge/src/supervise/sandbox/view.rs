//! The namespaces of a view and the file system every test of a command
//! line starts from, carrying out the policy's steps (`policy.rs`): made
//! once per command line by a short-lived child of the supervisor (the
//! maker), kept by the supervisor as three open descriptors.
//!
//! The order is bubblewrap's and nsjail's: the maker leaves for a new user,
//! mount and network namespace (`unshare`); the supervisor, still outside,
//! writes its uid and gid maps (one id, 65534 inside; the judge's own ids
//! outside, or 65534 outside too when the judge is root, which alone may map
//! more than its own id); the maker, now with every capability inside its
//! namespace and none outside, makes its mounts private, builds the new root
//! on a `tmpfs`, `pivot_root`s into it, detaches the old root and makes the
//! new one read-only.

use super::policy::Step;
use crate::os::pipe;
use crate::supervise::control::fork;
use crate::sys::linux::{
    _exit, mount, statvfs, syscall, umount2, unshare, Statvfs, CLONE_NEWNET, CLONE_NEWNS,
    CLONE_NEWUSER, MNT_DETACH, MS_BIND, MS_NOATIME, MS_NODEV, MS_NODIRATIME, MS_NOEXEC, MS_NOSUID,
    MS_PRIVATE, MS_RDONLY, MS_REC, MS_RELATIME, MS_REMOUNT, ST_NOATIME, ST_NODIRATIME, ST_NOEXEC,
    ST_RELATIME, SYS_PIVOT_ROOT,
};
use std::ffi::{CStr, CString};
use std::fs::{self, File};
use std::io::{self, Read, Write};
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

/// The uid and gid the program runs as inside its namespace.
pub const INSIDE_ID: u32 = 65534;

/// The device files a program may need, bound from the machine's `/dev`.
const DEVICES: [&str; 5] = ["null", "zero", "full", "random", "urandom"];

/// A view's namespaces, held open by the supervisor.
pub struct Namespaces {
    pub user: File,
    pub mnt: File,
    pub net: File,
}

/// Makes the namespaces and the view of `steps` (its root in `base/root`):
/// the user, mount and network namespaces, open.
pub fn make(base: &Path, steps: &[Step], as_root: bool) -> Result<Namespaces, String> {
    let root = base.join("root");
    fs::create_dir_all(&root).map_err(|e| format!("cannot make {}: {}", root.display(), e))?;
    let (from_maker, to_us) = pipe().map_err(|e| e.to_string())?;
    let (from_us, to_maker) = pipe().map_err(|e| e.to_string())?;
    // SAFETY: the supervisor has one thread; the child never returns
    // (maker ends with _exit).
    let forked = unsafe { fork() }.map_err(|e| format!("fork: {}", e))?;
    let Some(maker_pid) = forked else {
        drop((from_maker, to_maker));
        maker(&root, steps, to_us, from_us);
    };
    drop((to_us, from_us));
    // The maker is reaped (dropped) once it has made what it makes.
    stand_by(maker_pid.0, as_root, from_maker, to_maker)
}

/// The supervisor's side while the maker works: the maps, then the
/// namespaces opened before the maker ends.
fn stand_by(pid: i32, as_root: bool, mut from: File, mut to: File) -> Result<Namespaces, String> {
    expect(&mut from, b'u')?;
    write_maps(pid, as_root).map_err(|e| format!("cannot map the user ids: {}", e))?;
    to.write_all(b"m").map_err(|e| e.to_string())?;
    expect(&mut from, b'r')?;
    let open = |ns: &str| {
        File::open(format!("/proc/{}/ns/{}", pid, ns))
            .map_err(|e| format!("cannot keep the {} namespace: {}", ns, e))
    };
    let namespaces = Namespaces {
        user: open("user")?,
        mnt: open("mnt")?,
        net: open("net")?,
    };
    drop(to); // the maker ends
    Ok(namespaces)
}

/// Reads the maker's next word: `ok`, or a message from it.
fn expect(from: &mut File, ok: u8) -> Result<(), String> {
    let mut byte = [0u8; 1];
    match from.read(&mut byte) {
        Ok(1) if byte[0] == ok => Ok(()),
        Ok(1) => {
            let mut why = String::new();
            let _ = from.read_to_string(&mut why);
            Err(why)
        }
        _ => Err("the namespace maker ended".to_string()),
    }
}

/// The uid and gid maps of the maker's user namespace: 65534 inside, the
/// judge's ids outside (root: 0 stays 0 for the maker and the warden, and
/// 65534 is 65534 for the program). Without root, `setgroups` must be denied
/// before a gid map is written.
fn write_maps(pid: i32, as_root: bool) -> io::Result<()> {
    let proc = format!("/proc/{}", pid);
    let (uid_map, gid_map) = if as_root {
        let map = format!("0 0 1\n{0} {0} 1\n", INSIDE_ID);
        (map.clone(), map)
    } else {
        fs::write(format!("{}/setgroups", proc), "deny")?;
        // SAFETY: geteuid and getegid take nothing and cannot fail.
        let (uid, gid) = unsafe { (crate::sys::linux::geteuid(), crate::sys::linux::getegid()) };
        (
            format!("{} {} 1\n", INSIDE_ID, uid),
            format!("{} {} 1\n", INSIDE_ID, gid),
        )
    };
    fs::write(format!("{}/uid_map", proc), uid_map)?;
    fs::write(format!("{}/gid_map", proc), gid_map)
}

/// The maker: new namespaces, the view, then waits for the supervisor to
/// have opened them. Never returns.
fn maker(root: &Path, steps: &[Step], mut to: File, mut from: File) -> ! {
    // SAFETY: unshare takes flags only.
    let made = if unsafe { unshare(CLONE_NEWUSER | CLONE_NEWNS | CLONE_NEWNET) } != 0 {
        Err(format!(
            "cannot make namespaces: {}",
            io::Error::last_os_error()
        ))
    } else {
        let _ = to.write_all(b"u");
        let mut byte = [0u8; 1];
        match from.read(&mut byte) {
            Ok(1) => build(root, steps),
            _ => Err("the supervisor did not map the ids".to_string()),
        }
    };
    match made {
        Ok(()) => {
            let _ = to.write_all(b"r");
            let _ = from.read(&mut [0u8; 1]); // the end of the pipe
        }
        Err(why) => {
            let _ = to.write_all(format!("!{}", why).as_bytes());
        }
    }
    // SAFETY: ends the child at once, running nothing of the supervisor's.
    unsafe { _exit(0) }
}

/// The view: a read-only `tmpfs` root with the policy's steps carried out,
/// then `/dev`, `/tmp` and `/proc` (the machine's, under each test's
/// own; one must be visible for a user namespace to mount a new one).
fn build(root: &Path, steps: &[Step]) -> Result<(), String> {
    mount_at(None, Path::new("/"), None, MS_REC | MS_PRIVATE, None)?;
    mount_at(
        Some("tmpfs"),
        root,
        Some("tmpfs"),
        MS_NOSUID | MS_NODEV,
        Some("size=1m,mode=0755"),
    )?;
    for step in steps {
        carry_out(root, step)?;
    }
    make_dev(root)?;
    for dir in ["tmp", "proc"] {
        fs::create_dir_all(root.join(dir)).map_err(|e| format!("mkdir {}: {}", dir, e))?;
    }
    mount_at(
        Some("/proc"),
        &root.join("proc"),
        None,
        MS_BIND | MS_REC,
        None,
    )?;
    pivot_into(root)
}

/// One step of the view under `root`. A path removed since the policy saw
/// it is left out, not an error.
fn carry_out(root: &Path, step: &Step) -> Result<(), String> {
    match step {
        Step::Show(path) if path.exists() => bind_read_only(path, &inside(root, path)),
        Step::Show(_) => Ok(()),
        Step::Link(path) => {
            let target = fs::read_link(path).map_err(|e| e.to_string())?;
            std::os::unix::fs::symlink(target, inside(root, path))
                .map_err(|e| format!("symlink {}: {}", path.display(), e))
        }
        Step::Hide(path) => hide(&inside(root, path)),
        Step::Empty(path) => fs::create_dir_all(inside(root, path))
            .map_err(|e| format!("mkdir {}: {}", path.display(), e)),
    }
}

/// An empty, read-only `tmpfs` over `folder`.
pub fn hide(folder: &Path) -> Result<(), String> {
    mount_at(
        Some("tmpfs"),
        folder,
        Some("tmpfs"),
        MS_RDONLY | MS_NOSUID | MS_NODEV | MS_NOEXEC,
        Some("size=4k,mode=0"),
    )
}

/// Where `path` of the machine is in the view.
fn inside(root: &Path, path: &Path) -> PathBuf {
    root.join(path.strip_prefix("/").unwrap_or(path))
}

/// Binds `from` (with what is mounted below it) at `to`, read-only, with no
/// set-user-id programs or devices, keeping its atime flags (which a user
/// namespace may not change).
pub fn bind_read_only(from: &Path, to: &Path) -> Result<(), String> {
    mount_point(to, from.is_dir())?;
    mount_from(Some(from), to, None, MS_BIND | MS_REC, None)?;
    let flags = MS_REMOUNT | MS_BIND | MS_RDONLY | MS_NOSUID | MS_NODEV | kept_flags(to);
    mount_at(None, to, None, flags, None)
}

/// Makes `path` a place to mount a folder (`folder`) or a file on, with
/// the folders above it.
pub fn mount_point(path: &Path, folder: bool) -> Result<(), String> {
    let made = match (folder, path.parent()) {
        (true, _) => fs::create_dir_all(path),
        (false, Some(parent)) => fs::create_dir_all(parent).and_then(|()| {
            File::options()
                .write(true)
                .create(true)
                .truncate(false)
                .open(path)
                .map(drop)
        }),
        (false, None) => Ok(()),
    };
    made.map_err(|e| format!("mkdir {}: {}", path.display(), e))
}

/// The flags of the mount at `path` that a remount must keep.
fn kept_flags(path: &Path) -> u64 {
    let mut st = std::mem::MaybeUninit::<Statvfs>::zeroed();
    // A path no C call can take has no flags to keep, as one statvfs fails on.
    let Ok(path) = cstring(path) else { return 0 };
    // SAFETY: a valid path and a buffer of the right type.
    if unsafe { statvfs(path.as_ptr(), st.as_mut_ptr()) } != 0 {
        return 0;
    }
    // SAFETY: statvfs filled it.
    let f = unsafe { st.assume_init() }.flag;
    let pairs = [
        (ST_NOEXEC, MS_NOEXEC),
        (ST_NOATIME, MS_NOATIME),
        (ST_NODIRATIME, MS_NODIRATIME),
        (ST_RELATIME, MS_RELATIME),
    ];
    pairs
        .iter()
        .filter(|(st, _)| f & st != 0)
        .map(|(_, ms)| ms)
        .sum()
}

/// `/dev`: a small, read-only `tmpfs` with the device files bound from the
/// machine's, the usual links into `/proc/self/fd`, and `shm` for each
/// cell's own.
fn make_dev(root: &Path) -> Result<(), String> {
    let dev = root.join("dev");
    fs::create_dir_all(&dev).map_err(|e| e.to_string())?;
    mount_at(
        Some("tmpfs"),
        &dev,
        Some("tmpfs"),
        MS_NOSUID | MS_NOEXEC,
        Some("size=64k,mode=0755"),
    )?;
    for name in DEVICES {
        let node = dev.join(name);
        File::create(&node).map_err(|e| format!("{}: {}", node.display(), e))?;
        mount_at(Some(&format!("/dev/{}", name)), &node, None, MS_BIND, None)?;
    }
    for (link, target) in [
        ("fd", "/proc/self/fd"),
        ("stdin", "/proc/self/fd/0"),
        ("stdout", "/proc/self/fd/1"),
        ("stderr", "/proc/self/fd/2"),
    ] {
        std::os::unix::fs::symlink(target, dev.join(link)).map_err(|e| e.to_string())?;
    }
    fs::create_dir_all(dev.join("shm")).map_err(|e| e.to_string())?;
    // Read-only once made: the maker's files are the program's own when the
    // judge is not root (both are 65534 inside), and a file a test left
    // there would outlive it. The devices are binds, writable still.
    mount_at(
        None,
        &dev,
        None,
        MS_REMOUNT | MS_RDONLY | MS_NOSUID | MS_NOEXEC,
        None,
    )
}

/// Makes `root` the root: `pivot_root(".", ".")` stacks the old root on
/// the new one, and detaching it leaves the new one alone; then read-only.
fn pivot_into(root: &Path) -> Result<(), String> {
    std::env::set_current_dir(root).map_err(|e| e.to_string())?;
    let dot = CString::new(".").expect("no NUL");
    // SAFETY: two valid paths; pivot_root has no glibc wrapper.
    if unsafe { syscall(SYS_PIVOT_ROOT, dot.as_ptr(), dot.as_ptr()) } != 0 {
        return Err(format!("pivot_root: {}", io::Error::last_os_error()));
    }
    // SAFETY: a valid path.
    if unsafe { umount2(dot.as_ptr(), MNT_DETACH) } != 0 {
        return Err(format!(
            "detaching the old root: {}",
            io::Error::last_os_error()
        ));
    }
    std::env::set_current_dir("/").map_err(|e| e.to_string())?;
    mount_at(
        None,
        Path::new("/"),
        None,
        MS_REMOUNT | MS_BIND | MS_RDONLY | MS_NOSUID | MS_NODEV,
        None,
    )
}

/// mount(2), its error said with the target.
pub fn mount_at(
    source: Option<&str>,
    target: &Path,
    fstype: Option<&str>,
    flags: u64,
    data: Option<&str>,
) -> Result<(), String> {
    mount_from(source.map(Path::new), target, fstype, flags, data)
}

/// The same with a source that is a path, any bytes but NUL (one that is
/// not UTF-8 is bound as itself).
fn mount_from(
    source: Option<&Path>,
    target: &Path,
    fstype: Option<&str>,
    flags: u64,
    data: Option<&str>,
) -> Result<(), String> {
    let text = |s: Option<&str>| {
        let c = s.map(CString::new).transpose();
        c.map_err(|_| format!("mount {}: a NUL byte in {:?}", target.display(), s))
    };
    let source_c = source.map(cstring).transpose()?;
    let (fstype_c, data_c) = (text(fstype)?, text(data)?);
    let target_c = cstring(target)?;
    let ptr = |c: &Option<CString>| c.as_deref().map_or(std::ptr::null(), CStr::as_ptr);
    // SAFETY: every pointer is a valid C string or null, as mount(2) allows.
    let done = unsafe {
        mount(
            ptr(&source_c),
            target_c.as_ptr(),
            ptr(&fstype_c),
            flags as _,
            ptr(&data_c) as *const _,
        )
    };
    if done != 0 {
        return Err(format!(
            "mount {}: {}",
            target.display(),
            io::Error::last_os_error()
        ));
    }
    Ok(())
}

/// A path as a C string (a path holds no NUL byte).
pub fn cstring(path: &Path) -> Result<CString, String> {
    CString::new(path.as_os_str().as_bytes())
        .map_err(|_| format!("a NUL byte in the path {:?}", path))
}
