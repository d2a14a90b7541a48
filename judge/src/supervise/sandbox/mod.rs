//! The sandbox every test runs in: namespaces made by the supervisor, with no
//! privilege needed, so that a program that attacks the judge on purpose
//! reaches nothing but its own test.
//!
//! Once per command line a slot runs (a few are kept: `--stress` alternates
//! ours and theirs), `view.rs` makes a **user namespace** (the program runs
//! as uid and gid 65534 inside, mapped to the judge's own ids, or to 65534
//! outside when the judge runs as root), a **network namespace** with
//! nothing in it, and a **mount namespace** whose root is a fresh, read-only
//! `tmpfs` holding what the folder policy (`policy.rs`) says the command
//! needs: the system's folders, the installations on `PATH`, what the
//! command line names, its program's folder, what `--show` adds (never
//! the run's tests' folders) and an empty working folder. The supervisor keeps
//! the three namespaces open by descriptor, and each view has its cells.
//!
//! A cell's launcher (`launch.rs`) enters them and makes the fresh parts a
//! slot's tests run in, one after another (`cell.rs` is the supervisor's
//! handle on them, `wire.rs` the words between the two): a **PID namespace** (a test sees and signals only its own
//! processes and the warden, a small init that starts each program and
//! reaps every process, `warden.rs`), a private `/tmp` and `/dev/shm` of
//! bounded size (counted in the test's memory, and found empty by the next
//! test or the cell is made afresh), its own `/proc` (`/proc/cmdline`
//! empty), empty folders over the tests' data where the view shows it, and
//! an **IPC namespace** (a test that leaves a SysV
//! object there ends the cell, and the object with it; POSIX message
//! queues cannot be made: `RLIMIT_MSGQUEUE` is 0). Each program gets no
//! capability, `PR_SET_NO_NEW_PRIVS`, and its input and output already
//! open, passed to the warden over a socket (`socket.rs`).
//!
//! Where namespaces cannot be made (another kernel's settings, a container
//! that forbids them) or `JUDGE_NO_SANDBOX` is set, [`Sandbox::start`] says
//! why and the supervisor runs programs as before; the judge says so once.

mod cell;
mod launch;
mod policy;
mod socket;
mod view;
mod warden;
mod wire;

pub use cell::Cell;
pub use wire::Record;

use crate::supervise::Request;
use policy::Step;
use std::ffi::OsString;
use std::fs::File;
use std::io;
use std::path::{Path, PathBuf};
use view::Namespaces;

/// The environment variable that turns the sandbox off (for tests of the
/// fallback, and for machines where it cannot work).
pub const OFF_SWITCH: &str = "JUDGE_NO_SANDBOX";

/// The variables that give a supervisor the run's tests' folders, which
/// no view shows, and what `--show` adds to every view (each a list of
/// paths, `:`-separated), from the judge ([`super::client`]).
pub const TESTS_VAR: &str = "JUDGE_VIEW_TESTS";
pub const SHOW_VAR: &str = "JUDGE_VIEW_SHOW";

/// The views a slot keeps, one per command line (`--stress` alternates
/// ours and theirs; an output validator may be a third).
const VIEWS: usize = 4;

/// A slot's sandbox: a view (namespaces, and their cells) per command line.
pub struct Sandbox {
    /// Where a view's root is made (inside the supervisor's folder).
    base: PathBuf,
    /// The judge runs as root: the program is switched to 65534 outside too.
    as_root: bool,
    /// The machine's home folders (see [`policy::path_folders`]).
    homes: Vec<PathBuf>,
    /// Where our answers are: the workspace, the build folder and the
    /// slot's folder.
    ours: Vec<PathBuf>,
    /// The run's tests' folders ([`TESTS_VAR`]).
    guarded: Vec<PathBuf>,
    /// What `--show` adds ([`SHOW_VAR`]).
    extra: Vec<PathBuf>,
    /// The views of the last command lines, the last one used first.
    views: Vec<View>,
}

/// The view of one command line.
struct View {
    argv: Vec<OsString>,
    steps: Vec<Step>,
    /// What the program does not see that it may have wanted, and why.
    notes: Vec<String>,
    namespaces: Namespaces,
    /// The cell the last test ran in, kept for the next.
    cell: Option<Cell>,
    /// The folders of the last test's input and output, as given, and
    /// what they made [`Sandbox::hides`] hide (every test of `--stress`
    /// reads and writes in the same two folders).
    last_hides: Option<(PathBuf, PathBuf, Vec<PathBuf>)>,
}

/// Why a command line has no view.
pub enum NotShown {
    /// A file or folder it names is closed to the tests' user: said as the
    /// program's not starting, once.
    Unreachable(String),
    /// The view could not be made.
    Failed(String),
}

impl Sandbox {
    /// Makes the slot's sandbox, in `base` (a folder only the supervisor
    /// can write), and tries it. `Err` says why tests cannot be sandboxed.
    pub fn start(base: &Path) -> Result<Sandbox, String> {
        if std::env::var_os(OFF_SWITCH).is_some() {
            return Err(format!("{} is set", OFF_SWITCH));
        }
        let workspace = crate::workspace::root();
        let target = crate::workspace::target_dir(&workspace);
        let mut sandbox = Sandbox {
            base: base.to_path_buf(),
            // SAFETY: geteuid takes nothing and cannot fail.
            as_root: unsafe { crate::sys::linux::geteuid() } == 0,
            homes: policy::homes(std::env::var_os("HOME").map(PathBuf::from)),
            // The slot's folder too: a folder that holds it holds the
            // other slots' (a program's own folder in TMPDIR is not shown).
            ours: vec![workspace, target, base.to_path_buf()],
            guarded: paths_of(TESTS_VAR),
            extra: paths_of(SHOW_VAR),
            views: Vec::new(),
        };
        sandbox.probe()?;
        Ok(sandbox)
    }

    /// Runs `true` in a cell: the namespaces may be made and still refuse a
    /// test's (a container that hides `/proc` refuses a new one), and then
    /// the judge falls back rather than fail every test.
    fn probe(&mut self) -> Result<(), String> {
        use std::os::unix::io::AsRawFd;
        let null = File::options()
            .read(true)
            .write(true)
            .open("/dev/null")
            .map_err(|e| format!("/dev/null: {}", e))?;
        let request = Request {
            argv: vec!["true".into()],
            cpu_backstop_seconds: 5,
            output_limit: 1 << 20,
            ..Default::default()
        };
        match self.show(&request.argv) {
            Ok(()) => {}
            Err(NotShown::Unreachable(why) | NotShown::Failed(why)) => return Err(why),
        }
        let fd = null.as_raw_fd();
        let mut cell = self
            .take_cell(&request, Vec::new())
            .map_err(|e| e.to_string())?;
        // A warden that could not settle said why before it ended (and
        // then the command may not even reach it).
        let ended = match cell.run(&request, [fd; 3]) {
            Ok(()) => cell.wait_for_program(std::time::Duration::from_secs(5)),
            Err(e) => Err(cell.failure().unwrap_or_else(|| e.to_string())),
        };
        cell.end();
        match ended {
            Ok(0) => Ok(()),
            Ok(status) => Err(format!(
                "a test program failed in it (wait status {})",
                status
            )),
            Err(why) => Err(why),
        }
    }

    /// Makes the view of `argv` the current one: a kept one, or one made
    /// now from the policy (the oldest kept one ends).
    pub fn show(&mut self, argv: &[OsString]) -> Result<(), NotShown> {
        if let Some(i) = self.views.iter().position(|v| v.argv == argv) {
            let view = self.views.remove(i);
            self.views.insert(0, view);
            return Ok(());
        }
        let cwd = std::env::current_dir().unwrap_or_else(|_| PathBuf::from("/"));
        let path = std::env::var_os("PATH").unwrap_or_default();
        let inputs = policy::Inputs {
            argv,
            cwd: &cwd,
            path: &path,
            homes: &self.homes,
            ours: &self.ours,
            guarded: &self.guarded,
            extra: &self.extra,
            as_root: self.as_root,
        };
        let policy::Outline { steps, notes } = policy::view(&inputs);
        if self.as_root {
            let named = policy::named_paths(argv, &cwd, &path);
            let program = policy::program(argv, &cwd, &path);
            if let Some(why) = policy::closed_to_others(&steps, &named, program.as_deref()) {
                return Err(NotShown::Unreachable(why));
            }
        }
        let namespaces = view::make(&self.base, &steps, self.as_root).map_err(NotShown::Failed)?;
        self.views.insert(
            0,
            View {
                argv: argv.to_vec(),
                steps,
                notes,
                namespaces,
                cell: None,
                last_hides: None,
            },
        );
        if self.views.len() > VIEWS {
            if let Some(cell) = self.views.pop().and_then(|v| v.cell) {
                cell.end();
            }
        }
        Ok(())
    }

    /// A cell of the current view for a test of `request` whose data
    /// `hides` hides: the last one when it hides the same folders, else a
    /// new one (the last one ended).
    pub fn take_cell(&mut self, request: &Request, hides: Vec<PathBuf>) -> io::Result<Cell> {
        let size = cell::first_scratch_size(request);
        let view = &mut self.views[0];
        match view.cell.take() {
            Some(cell) if cell.serves(&hides) => return Ok(cell),
            Some(cell) => cell.end(),
            None => {}
        }
        Cell::start(&view.namespaces, &view.steps, self.as_root, hides, size)
    }

    /// Tells the judge what the view of `argv` (the current one) left
    /// out that the program may have wanted (`report.notes`); and when the
    /// test failed and its standard error names a file the view did not
    /// show, says so at the end of it, with the view's notes.
    pub fn annotate(&self, argv: &[OsString], report: &mut super::Report) {
        let Some(view) = self.views.first().filter(|v| v.argv == argv) else {
            return;
        };
        report.notes = view.notes.clone();
        let exited = report.ending == Some(super::Ending::Exited);
        if exited && report.status == 0 {
            return;
        }
        let cwd = std::env::current_dir().unwrap_or_else(|_| PathBuf::from("/"));
        let stderr = String::from_utf8_lossy(&report.stderr_tail).into_owned();
        let Some(unshown) = policy::unshown_in(&stderr, &cwd, &view.steps) else {
            return;
        };
        let mut said = format!(
            "\njudge: note: {} is not in the program's view (the system's folders, PATH, \
             what the command names and its program's folder): --show {} shows it, read-only, \
             unless it holds the tests or the judge's own",
            unshown.display(),
            unshown.display()
        );
        if let Some(scratch) = policy::scratch_holding(&unshown) {
            said.push_str(&format!(
                " (in the program's view {} is the test's own, empty scratch folder, and \
                 its HOME: a path the program made from `~` is in it, not the machine's)",
                scratch
            ));
        }
        for note in &view.notes {
            said.push('\n');
            said.push_str(note);
        }
        report.stderr_tail.extend_from_slice(said.as_bytes());
    }

    /// Takes back the cell of a test that ended: kept for the next test
    /// when `reusable` (the warden has no process of the test left, and
    /// the test left no SysV object) and its scratch folders are as they
    /// were made, else ended.
    pub fn give_back(&mut self, cell: Cell, reusable: bool) {
        if reusable && cell.is_clean() {
            self.views[0].cell = Some(cell);
        } else {
            cell.end();
        }
    }

    /// The folders to hide for a test reading `input`, whose output goes
    /// to `out`, in the current view ([`policy::test_data`]).
    pub fn hides(&mut self, input: &Path, out: &Path) -> Vec<PathBuf> {
        let view = &mut self.views[0];
        let folders = (input.parent(), out.parent());
        if let Some((last_in, last_out, hides)) = &view.last_hides {
            if folders == (Some(last_in.as_path()), Some(last_out.as_path())) {
                return hides.clone();
            }
        }
        let hides = policy::test_data(input, out, &view.steps);
        if let (Some(input_folder), Some(out_folder)) = folders {
            let remembered = (
                input_folder.to_path_buf(),
                out_folder.to_path_buf(),
                hides.clone(),
            );
            view.last_hides = Some(remembered);
        }
        hides
    }
}

/// The paths of the `:`-separated list in the variable `name`, absolute.
fn paths_of(name: &str) -> Vec<PathBuf> {
    std::env::var_os(name)
        .map(|list| std::env::split_paths(&list).collect::<Vec<_>>())
        .unwrap_or_default()
        .into_iter()
        .filter(|p| p.is_absolute())
        .collect()
}
