//! The sandbox every test runs in: namespaces made by the supervisor, with no
//! privilege needed, so that a program that attacks the judge on purpose
//! reaches nothing but its own test.
//!
//! Once per slot (and again when a test needs a folder the view lacks),
//! `view.rs` makes a **user namespace** (the program runs as uid and gid
//! 65534 inside, mapped to the judge's own ids, or to 65534 outside when the
//! judge runs as root), a **network namespace** with nothing in it, and a
//! **mount namespace** whose root is a fresh, read-only `tmpfs` holding
//! read-only binds of the system's folders, of every folder on `PATH` with its
//! parent (an installation's prefix, like `~/.pyenv`), of the judge's working
//! folder and of the folders named in the program's command line. The
//! supervisor keeps the three namespaces open by descriptor.
//!
//! `cell.rs` enters them and makes the fresh parts a slot's tests run in, one
//! after another: a **PID namespace** (a test sees and signals only its own
//! processes and the warden, a small init that starts each program and
//! reaps every process, `warden.rs`), a private `/tmp` and `/dev/shm` of
//! bounded size (counted in the test's memory, and found empty by the next
//! test or the cell is made afresh), its own `/proc`, and empty folders over
//! the tests' data (the input's folder, and the folder above it unless that
//! holds the program), and an **IPC namespace** (a test that leaves a SysV
//! object there ends the cell, and the object with it; POSIX message
//! queues cannot be made: `RLIMIT_MSGQUEUE` is 0). Each program gets no
//! capability, `PR_SET_NO_NEW_PRIVS`, and its input and output already
//! open, passed to the warden over a socket (`socket.rs`).
//!
//! Where namespaces cannot be made (another kernel's settings, a container
//! that forbids them) or `JUDGE_NO_SANDBOX` is set, [`Sandbox::start`] says
//! why and the supervisor runs programs as before; the judge says so once.

mod cell;
mod socket;
mod trace;
mod view;
mod warden;

pub use cell::{Cell, Record};
pub use view::pipe;

use crate::supervise::Request;
use std::fs::File;
use std::io;
use std::path::{Path, PathBuf};

/// The uid and gid the program runs as inside its namespace.
pub const INSIDE_ID: u32 = 65534;

/// The environment variable that turns the sandbox off (for tests of the
/// fallback, and for machines where it cannot work).
pub const OFF_SWITCH: &str = "JUDGE_NO_SANDBOX";

/// A slot's sandbox: its namespaces, held open, and what its view shows.
pub struct Sandbox {
    user: File,
    mnt: File,
    net: File,
    /// Folders bound into the view besides the system's.
    folders: Vec<PathBuf>,
    /// Where the view's root is made (inside the supervisor's folder).
    base: PathBuf,
    /// The judge runs as root: the program is switched to 65534 outside too.
    as_root: bool,
    /// The cell the last test ran in, kept for the next.
    cell: Option<Cell>,
    /// The command lines the view was last found to show (`--stress`
    /// alternates two): looked at again only when another comes.
    covered: Vec<Vec<std::ffi::OsString>>,
    /// The folders of the last test's input and output, as given, and
    /// what they made [`Sandbox::covers`] cover (every test of `--stress`
    /// reads and writes in the same two folders).
    last_covers: Option<(PathBuf, PathBuf, Vec<PathBuf>)>,
}

/// The system's folders, bound read-only (or, when a symbolic link, copied
/// as one) where they exist.
pub const SYSTEM_FOLDERS: [&str; 9] = [
    "/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc", "/opt",
];

impl Sandbox {
    /// Makes the slot's namespaces and view, in `base` (a folder only the
    /// supervisor can write). `Err` says why tests cannot be sandboxed.
    pub fn start(base: &Path) -> Result<Sandbox, String> {
        if std::env::var_os(OFF_SWITCH).is_some() {
            return Err(format!("{} is set", OFF_SWITCH));
        }
        let mut folders = Vec::new();
        if let Ok(cwd) = std::env::current_dir() {
            add_folder(&mut folders, &cwd);
        }
        for dir in std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()) {
            if dir.is_absolute() && dir.is_dir() {
                let prefix = dir.parent().filter(|p| p.parent().is_some());
                add_folder(&mut folders, prefix.unwrap_or(&dir));
            }
        }
        // SAFETY: geteuid takes nothing and cannot fail.
        let as_root = unsafe { crate::sys::linux::geteuid() } == 0;
        let (user, mnt, net) = view::make(base, &folders, as_root)?;
        let sandbox = Sandbox {
            user,
            mnt,
            net,
            folders,
            base: base.to_path_buf(),
            as_root,
            cell: None,
            covered: Vec::new(),
            last_covers: None,
        };
        sandbox.probe()?;
        Ok(sandbox)
    }

    /// Runs `true` in a cell: the namespaces may be made and still refuse a
    /// test's (a container that hides `/proc` refuses a new one), and then
    /// the judge falls back rather than fail every test.
    fn probe(&self) -> Result<(), String> {
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
        let fd = null.as_raw_fd();
        let mut cell = Cell::start(self, Vec::new(), cell::first_scratch_size(&request))
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

    /// A cell for a test of `request` whose data `covers` hides: the last
    /// one when it covers the same folders, else a new one (the last one
    /// ended).
    pub fn take_cell(&mut self, request: &Request, covers: Vec<PathBuf>) -> io::Result<Cell> {
        let size = cell::first_scratch_size(request);
        match self.cell.take() {
            Some(cell) if cell.serves(&covers) => return Ok(cell),
            Some(cell) => cell.end(),
            None => {}
        }
        Cell::start(self, covers, size)
    }

    /// Takes back the cell of a test that ended: kept for the next test
    /// when `reusable` (the warden has no process of the test left, and
    /// the test left no SysV object) and its scratch folders are as they
    /// were made, else ended.
    pub fn give_back(&mut self, cell: Cell, reusable: bool) {
        if reusable && cell.is_clean() {
            self.cell = Some(cell);
        } else {
            cell.end();
        }
    }

    /// Makes sure the view shows the folders the command line names (its
    /// program, and any file or folder given as an argument), remaking it
    /// when one is missing, or when a folder it shows is gone (a program's
    /// folder removed after its runs, say: binding it again would fail).
    /// The last two command lines found shown are not looked at again.
    pub fn cover(&mut self, argv: &[std::ffi::OsString]) -> Result<(), String> {
        if self.covered.iter().any(|seen| seen == argv) {
            return Ok(());
        }
        let mut folders = self.folders.clone();
        folders.retain(|folder| folder.is_dir());
        for (i, arg) in argv.iter().enumerate() {
            let path = match (i, Path::new(arg)) {
                (0, p) if p.components().count() == 1 => match on_path(p) {
                    Some(found) => found,
                    None => continue,
                },
                (_, p) => p.to_path_buf(),
            };
            let Ok(real) = path.canonicalize() else {
                continue;
            };
            let folder = if real.is_dir() {
                real
            } else {
                real.parent().map(Path::to_path_buf).unwrap_or(real)
            };
            add_folder(&mut folders, &folder);
        }
        if folders == self.folders {
            self.covered.truncate(1);
            self.covered.push(argv.to_vec());
            return Ok(());
        }
        if let Some(cell) = self.cell.take() {
            cell.end();
        }
        let (user, mnt, net) = view::make(&self.base, &folders, self.as_root)?;
        (self.user, self.mnt, self.net, self.folders) = (user, mnt, net, folders);
        self.covered = vec![argv.to_vec()];
        Ok(())
    }
}

impl Sandbox {
    /// The folders to cover for a test reading `input`, whose output goes
    /// to `out`: the input's folder, or the folder above it (where the
    /// answers and the other tests usually are too) unless that holds the
    /// program or the working folder; and the supervisor's own folder.
    pub fn covers(&mut self, input: &Path, out: &Path) -> Vec<PathBuf> {
        let folders = (input.parent(), out.parent());
        if let Some((last_in, last_out, covers)) = &self.last_covers {
            if folders == (Some(last_in.as_path()), Some(last_out.as_path())) {
                return covers.clone();
            }
        }
        let covers = self.find_covers(input, out);
        if let (Some(input_folder), Some(out_folder)) = folders {
            let remembered = (
                input_folder.to_path_buf(),
                out_folder.to_path_buf(),
                covers.clone(),
            );
            self.last_covers = Some(remembered);
        }
        covers
    }

    /// [`Sandbox::covers`], found from the folders themselves.
    fn find_covers(&self, input: &Path, out: &Path) -> Vec<PathBuf> {
        let mut covers = Vec::new();
        if let Some(folder) = input.parent().and_then(|f| f.canonicalize().ok()) {
            match folder.parent() {
                Some(above) if !self.holds_a_bound_folder(above) => {
                    covers.push(above.to_path_buf())
                }
                _ if !self.holds_a_bound_folder(&folder) => covers.push(folder),
                _ => {}
            }
        }
        if let Some(slot) = out.parent().and_then(|f| f.canonicalize().ok()) {
            covers.push(slot);
        }
        covers
    }

    /// Whether covering `folder` would hide a bound or a system folder.
    fn holds_a_bound_folder(&self, folder: &Path) -> bool {
        let system = SYSTEM_FOLDERS.iter().map(Path::new);
        self.folders
            .iter()
            .map(PathBuf::as_path)
            .chain(system)
            .any(|f| f.starts_with(folder))
    }
}

/// What the view hides although a bound folder shows it: the judge's own
/// workspace's answers and builds (`samples/`, `.git`, and Cargo's
/// `target/release` and `target/debug`, where our solutions are built), and
/// the `.git` of every bound folder (its history holds whatever was ever
/// committed there, answers too). Each is hidden unless a bound folder (the
/// program's own, say) is in it or is it.
pub fn hidden(folders: &[PathBuf]) -> Vec<PathBuf> {
    let workspace = crate::workspace::root();
    let target = crate::workspace::target_dir(&workspace);
    let mut places = vec![
        workspace.join(".git"),
        workspace.join("samples"),
        target.join("release"),
        target.join("debug"),
    ];
    places.extend(folders.iter().map(|folder| folder.join(".git")));
    let mut hidden: Vec<PathBuf> = places
        .iter()
        .filter_map(|place| place.canonicalize().ok())
        .filter(|place| place.is_dir())
        .filter(|place| {
            let shown = folders.iter().any(|f| place.starts_with(f) && place != f);
            let holds_one = folders.iter().any(|f| f.starts_with(place));
            shown && !holds_one
        })
        .collect();
    hidden.sort();
    hidden.dedup();
    hidden
}

/// Adds `folder` to the bound folders unless the view shows it already (it
/// is under a system folder or a bound one), or it is a scratch folder or
/// above one (the root, `/tmp`, `/dev`: each test gets its own; a folder
/// below one is bound by itself instead).
fn add_folder(folders: &mut Vec<PathBuf>, folder: &Path) {
    let folder = folder
        .canonicalize()
        .unwrap_or_else(|_| folder.to_path_buf());
    let scratch = cell::SCRATCH
        .iter()
        .any(|s| Path::new(s).starts_with(&folder));
    if scratch || shown(folders, &folder) {
        return;
    }
    folders.retain(|f| !f.starts_with(&folder));
    folders.push(folder);
}

/// Whether the view shows `path`: under a system folder, or under a bound
/// one and in no hidden place (our solution in `target/release`, run by
/// `--stress` beside a program elsewhere, must be bound on its own).
fn shown(folders: &[PathBuf], path: &Path) -> bool {
    let bound = folders.iter().any(|f| path.starts_with(f));
    SYSTEM_FOLDERS.iter().any(|s| path.starts_with(s))
        || (bound && !hidden(folders).iter().any(|h| path.starts_with(h)))
}

/// A program named without a folder, as `execvp` finds it on `PATH`.
fn on_path(name: &Path) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(name))
        .find(|candidate| candidate.is_file())
}
