//! The launcher of a cell: a fork of the supervisor (which has one thread,
//! so it may run any code before it exits) that enters the view's user,
//! mount and network namespaces (`setns`), unshares a mount, a PID and an
//! IPC namespace, mounts the scratch folders and hides the tests' data,
//! starts the warden (`warden.rs`) as the supervisor's child
//! (`clone(CLONE_PARENT)`), says its pid (a [`Record`]) and exits.

use super::policy::{Step, SCRATCH, SCRATCH_FILES};
use super::view::{hide, mount_at, mount_point, Namespaces};
use super::wire::{Plan, Record};
use crate::sys::linux::{
    _exit, setns, syscall, unshare, CLONE_NEWIPC, CLONE_NEWNET, CLONE_NEWNS, CLONE_NEWPID,
    CLONE_NEWUSER, CLONE_PARENT, MS_BIND, MS_NODEV, MS_NOSUID, MS_REC, SIGCHLD, SYS_CLONE,
};
use std::fs::File;
use std::io;
use std::os::unix::io::{AsRawFd, RawFd};
use std::path::Path;

/// The launcher (see the file's comment). Never returns.
pub fn launch(namespaces: &Namespaces, plan: &Plan, report: RawFd, commands: RawFd) -> ! {
    let started = enter(namespaces)
        .and_then(|()| make_scratch(plan))
        .and_then(|roots| {
            for folder in plan.hides.iter().filter(|f| f.is_dir()) {
                hide(folder)?;
            }
            start_warden(plan, report, commands, &roots)
        });
    match started {
        Ok(pid) => Record::Started(pid).send(report),
        Err(why) => Record::Failed(why).send(report),
    }
    // SAFETY: ends the launcher at once.
    unsafe { _exit(0) }
}

/// Into the view's namespaces (the user namespace first: it gives the
/// capabilities the others need), then out into fresh mount, IPC and PID
/// ones (the PID one for the children).
fn enter(namespaces: &Namespaces) -> Result<(), String> {
    for (ns, kind, name) in [
        (&namespaces.user, CLONE_NEWUSER, "user"),
        (&namespaces.mnt, CLONE_NEWNS, "mount"),
        (&namespaces.net, CLONE_NEWNET, "network"),
    ] {
        // SAFETY: a namespace descriptor we hold and its kind.
        if unsafe { setns(ns.as_raw_fd(), kind) } != 0 {
            return Err(format!(
                "cannot enter the {} namespace: {}",
                name,
                io::Error::last_os_error()
            ));
        }
    }
    // SAFETY: unshare takes flags only.
    if unsafe { unshare(CLONE_NEWNS | CLONE_NEWPID | CLONE_NEWIPC) } != 0 {
        return Err(format!(
            "cannot make namespaces: {}",
            io::Error::last_os_error()
        ));
    }
    Ok(())
}

/// What of the view's `steps` is below a scratch folder: shown there, or
/// the working folder made there (a cell's own scratch folders are mounted over the
/// view's, so each cell shows and makes them again).
pub fn below_scratch(steps: &[Step]) -> Vec<Step> {
    let below = |path: &Path| SCRATCH.iter().any(|dir| path.starts_with(dir));
    steps
        .iter()
        .filter(|step| match step {
            Step::Show(path) | Step::Empty(path) => below(path),
            Step::Link(_) | Step::Hide(_) => false,
        })
        .cloned()
        .collect()
}

/// A fresh `tmpfs` on each scratch folder; what the view shows below one
/// (a program in `/tmp`) is bound again on top of it, with what the view
/// mounted below it (`MS_REC`), and the working folder made again there.
/// The roots of the two, open (the warden resizes them through these: a
/// hidden folder may be one).
fn make_scratch(plan: &Plan) -> Result<Vec<File>, String> {
    let options = format!(
        "size={},nr_inodes={},mode=1777",
        plan.scratch_size, SCRATCH_FILES
    );
    let mut roots = Vec::new();
    for dir in SCRATCH {
        let kept: Vec<(&Step, Option<File>)> = plan
            .kept
            .iter()
            .filter_map(|step| match step {
                Step::Show(p) if p.starts_with(dir) => File::open(p).ok().map(|f| (step, Some(f))),
                Step::Empty(p) if p.starts_with(dir) => Some((step, None)),
                _ => None,
            })
            .collect();
        mount_at(
            Some("tmpfs"),
            Path::new(dir),
            Some("tmpfs"),
            MS_NOSUID | MS_NODEV,
            Some(&options),
        )?;
        roots.push(File::open(dir).map_err(|e| format!("{}: {}", dir, e))?);
        for (step, file) in kept {
            match (step, file) {
                (Step::Show(path), Some(file)) => {
                    // What it is, from the file opened before the mount.
                    let folder = file.metadata().is_ok_and(|m| m.is_dir());
                    mount_point(path, folder)?;
                    let source = format!("/proc/self/fd/{}", file.as_raw_fd());
                    mount_at(Some(&source), path, None, MS_BIND | MS_REC, None)?;
                }
                (step, _) => mount_point(step_path(step), true)?,
            }
        }
    }
    Ok(roots)
}

/// The path a step is about.
pub fn step_path(step: &Step) -> &Path {
    match step {
        Step::Show(p) | Step::Link(p) | Step::Hide(p) | Step::Empty(p) => p,
    }
}

/// Starts the warden as the supervisor's child (so that it is reaped and
/// counted there, and dies with it): its pid.
fn start_warden(
    plan: &Plan,
    report: RawFd,
    commands: RawFd,
    roots: &[File],
) -> Result<i32, String> {
    // SAFETY: clone without a new stack is fork with flags; this process has
    // one thread.
    let pid = unsafe {
        syscall(
            SYS_CLONE,
            (CLONE_PARENT | SIGCHLD) as u64,
            0u64,
            0u64,
            0u64,
            0u64,
        )
    };
    if pid < 0 {
        return Err(format!(
            "cannot start the warden: {}",
            io::Error::last_os_error()
        ));
    }
    if pid == 0 {
        let roots: Vec<RawFd> = roots.iter().map(File::as_raw_fd).collect();
        super::warden::warden(plan, report, commands, &roots);
    }
    Ok(pid as i32)
}
