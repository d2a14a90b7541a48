//! The sandbox's folder policy, in one place: which of the machine's files
//! and folders a test's program sees, and which it must not, as a list of
//! steps (show, hide, ...) that `view.rs` and `launch.rs` only carry out.
//!
//! The view is built from what the program needs, not from a list of hidden
//! places: the system's folders, the folders on `PATH` (and the prefix of an
//! installation whose `bin` or `shims` is there), the files and folders the
//! command line names, read as the shell would read it, the folder of the
//! file it runs, what `--show` adds, and an empty working folder at the
//! judge's working folder's path. Nothing of ours (the workspace, whose
//! samples, sources and whatever the judge wrote in it are answers, and
//! the build folder, whatever `CARGO_TARGET_DIR` says) comes along unless
//! the command names it; where a shown folder holds one, it is hidden.
//! The run's tests' folders never come along, whatever the command names.
//! What is left out that the program may have wanted is said in notes.
//! The functions here look at the file system (what
//! exists, what is a folder, its mode) but mount nothing: they are tested
//! without a namespace.

use std::ffi::{OsStr, OsString};
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::PermissionsExt;
use std::path::{Component, Path, PathBuf};

/// The system's folders, shown read-only (or, when a symbolic link, copied
/// as one) where they exist.
pub const SYSTEM_FOLDERS: [&str; 9] = [
    "/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc", "/opt",
];

/// The folders each cell gets fresh (a `tmpfs` each): never shown from
/// the machine, and what the view shows below them is bound again on top.
pub const SCRATCH: [&str; 2] = ["/tmp", "/dev/shm"];

/// The files and folders each scratch folder may hold. An empty file
/// holds no block, so the folder's size does not bound them, but each is
/// an inode and a name the kernel keeps (about 1 KiB): without a bound a
/// test could keep hundreds of MiB in empty files. A program that makes a
/// few temporary files (a JVM makes two) is far below it.
pub const SCRATCH_FILES: u64 = 4096;

/// The folders the view makes itself (its own devices, each cell's
/// `/proc`): nothing of the machine's is shown there.
const MADE: [&str; 2] = ["/dev", "/proc"];

/// The files of each cell's own `/proc` that read as empty: the kernel's
/// command line (the machine's boot options, which may hold secrets).
pub const HIDDEN_IN_PROC: [&str; 1] = ["/proc/cmdline"];

/// The names of a `PATH` folder whose parent may be an installation's
/// prefix (`~/.pyenv/shims` needs `~/.pyenv`).
const PREFIXED: [&str; 3] = ["bin", "sbin", "shims"];

/// What makes a folder an installation's prefix, one of them beside its
/// `bin`: what its programs load or run (`~/.pyenv/libexec` and
/// `versions`, a JDK's `lib`, `~/.local/lib`'s packages). `~/.cargo` has
/// none: its `bin` is shown alone (its registry is needed by no program).
const PREFIX_MARKS: [&str; 4] = ["lib", "lib64", "libexec", "versions"];

/// One step of the view, in the order they are carried out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// Show this file or folder of the machine, read-only, at its path.
    Show(PathBuf),
    /// A symbolic link of the machine's, copied as it is (`/bin` ->
    /// `usr/bin`: what it leads to is shown by itself).
    Link(PathBuf),
    /// Hide this folder (an empty, read-only folder over it).
    Hide(PathBuf),
    /// An empty folder of the view's own at this path: the program's
    /// working folder (the judge's working folder's path, so that the
    /// command's relative names lead where they did; only what the command
    /// names is in it), or a folder a `..` of a named path leaves (so that
    /// the kernel's walk of `judge/../x` passes through an empty `judge`).
    Empty(PathBuf),
}

/// What the view of one command line depends on.
pub struct Inputs<'a> {
    /// The command line, as the warden executes it.
    pub argv: &'a [OsString],
    /// The judge's working folder.
    pub cwd: &'a Path,
    /// `PATH`.
    pub path: &'a OsStr,
    /// The machine's home folders (never brought along by a `PATH` entry).
    pub homes: &'a [PathBuf],
    /// Where our answers are: the workspace and the build folder.
    pub ours: &'a [PathBuf],
    /// The folders of the run's tests (`--tests DIR`, the samples): never
    /// shown, nor a folder above or below one, whatever the command names.
    pub guarded: &'a [PathBuf],
    /// What `--show` asks to show besides, read-only.
    pub extra: &'a [PathBuf],
    /// The judge runs as root: the tests run as uid 65534, to whom the
    /// permissions for others apply (else as the judge's own user).
    pub as_root: bool,
}

/// The view of a command line: its steps, and a line for each folder the
/// program might have wanted that it is not shown, saying why and what to
/// do.
#[derive(Default)]
pub struct Outline {
    pub steps: Vec<Step>,
    pub notes: Vec<String>,
}

/// Why a folder near the command is not shown whole.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Withheld {
    /// The root, or a home folder: it holds far more than one program.
    Broad,
    /// A tests' folder of the run, or a folder above or below one.
    Tests,
    /// The workspace or the build folder, above or below them.
    Ours,
    /// `/tmp`, `/dev/shm`, `/dev`, `/proc` or above: each test has its own.
    Own,
    /// Closed to others (no `r` or no `x` for others): the tests' user of
    /// a judge run as root could not enter it, nor reach the program in it.
    Closed,
}

impl Withheld {
    /// Why, and what to do, as a note ends.
    fn why(self) -> &'static str {
        match self {
            Withheld::Broad => {
                "it is the root or a home folder; put the program in a folder of its own"
            }
            Withheld::Tests => {
                "it holds the tests being judged, or is in them, and their answers stay hidden; \
                 put the program in a folder of its own, away from the tests"
            }
            Withheld::Ours => {
                "it is or holds the judge's workspace or build folder, whose answers stay \
                 hidden; put the program in a folder of its own"
            }
            Withheld::Own => "each test has its own /tmp, /dev and /proc",
            Withheld::Closed => "others may not read or enter it; chmod o+rx it",
        }
    }
}

/// The view of a command line: every step, in order, and its notes.
pub fn view(inputs: &Inputs) -> Outline {
    let mut steps = Vec::new();
    for system in SYSTEM_FOLDERS.iter().map(Path::new) {
        match std::fs::symlink_metadata(system) {
            Ok(meta) if meta.file_type().is_symlink() => steps.push(Step::Link(system.into())),
            Ok(meta) if meta.is_dir() => steps.push(Step::Show(system.into())),
            _ => {}
        }
    }
    let mut visible: Vec<PathBuf> = steps.iter().filter_map(shown_folder).collect();
    let mut shown: Vec<PathBuf> = Vec::new();
    for folder in path_folders(inputs) {
        if !under_any(&folder, &visible) {
            add(&mut shown, folder);
        }
    }
    visible.extend(shown.iter().cloned());
    steps.extend(shown.into_iter().map(Step::Show));
    let mut notes = Vec::new();
    let named = wanted(inputs, &visible, &mut notes);
    for place in inputs.ours.iter().filter_map(|p| p.canonicalize().ok()) {
        if under_any(&place, &visible) && !named.iter().any(|n| n.starts_with(&place)) {
            steps.push(Step::Hide(place));
        }
    }
    for tests in inputs.guarded.iter().filter(|t| under_any(t, &visible)) {
        steps.push(Step::Hide(tests.clone()));
    }
    let mut files = Vec::new();
    for path in named {
        if !under_any(&path, &visible) {
            add(&mut files, path);
        }
    }
    let cwd = inputs.cwd.canonicalize().unwrap_or(inputs.cwd.into());
    visible.extend(files.iter().filter(|f| f.is_dir()).cloned());
    let mut made = vec![cwd];
    made.extend(passed_folders(inputs.argv, inputs.cwd));
    for folder in made {
        if !under_any(&folder, &visible) && !each_tests_own(&folder) {
            let step = Step::Empty(folder);
            if !steps.contains(&step) {
                steps.push(step);
            }
        }
    }
    steps.extend(files.into_iter().map(Step::Show));
    Outline { steps, notes }
}

/// What the command asks to see besides the system and `PATH`: the files
/// and folders it names, the folder of the file it runs, what `--show`
/// gives. Left out, each with a note (but what is each test's own, which
/// is its own anyway): a folder that is or holds one of the run's tests'
/// folders or is in one, and a test's own file there (`.in`, `.out`,
/// `.ans`); a named folder that holds ours; the file's folder when it is
/// the root, a home folder, ours or above ours, or closed to others; what
/// `--show` gives in or above ours.
fn wanted(inputs: &Inputs, visible: &[PathBuf], notes: &mut Vec<String>) -> Vec<PathBuf> {
    let mut wanted = Vec::new();
    for path in named_paths(inputs.argv, inputs.cwd, inputs.path) {
        let why = match () {
            _ if each_tests_own(&path) => Some(Withheld::Own),
            _ if near_tests(&path, inputs.guarded) => Some(Withheld::Tests),
            _ if path.is_dir() && holds_any(&path, inputs.ours) => Some(Withheld::Ours),
            _ => None,
        };
        match why {
            None => wanted.push(path),
            Some(Withheld::Own) => {}
            Some(why) => notes.push(format!(
                "judge: note: the program does not see {}, which its command names: {}",
                path.display(),
                why.why()
            )),
        }
    }
    wanted.extend(own_folder(inputs, visible, notes));
    for path in inputs.extra {
        let why = match () {
            _ if each_tests_own(path) => Some(Withheld::Own),
            _ if near_tests(path, inputs.guarded) || under_any(path, inputs.guarded) => {
                Some(Withheld::Tests)
            }
            _ if near_ours(path, inputs.ours) => Some(Withheld::Ours),
            _ => None,
        };
        match why {
            None => wanted.push(path.clone()),
            Some(why) => notes.push(format!(
                "judge: note: --show {} is not shown: {}",
                path.display(),
                why.why()
            )),
        }
    }
    wanted.sort();
    wanted.dedup();
    wanted
}

/// The folder of the file the command runs, when it may be shown whole;
/// else a note saying why not (none for a folder inside ours, our build
/// folder's: a file there is ours, or put among ours on purpose).
fn own_folder(inputs: &Inputs, visible: &[PathBuf], notes: &mut Vec<String>) -> Option<PathBuf> {
    let file = run_file(inputs, visible)?;
    let folder = file.parent().unwrap_or(Path::new("/")).to_path_buf();
    let ours: Vec<PathBuf> = (inputs.ours.iter())
        .map(|p| p.canonicalize().unwrap_or_else(|_| p.clone()))
        .collect();
    let why = match () {
        _ if under_any(&folder, visible) => return None,
        _ if folder.parent().is_none() || inputs.homes.contains(&folder) => Withheld::Broad,
        _ if near_tests(&folder, inputs.guarded) => Withheld::Tests,
        _ if holds_any(&folder, &ours) => Withheld::Ours,
        _ if under_any(&folder, &ours) => return None,
        _ if each_tests_own(&folder) => Withheld::Own,
        _ if !open_to_the_tests_user(&folder, inputs.as_root) => Withheld::Closed,
        _ => {
            notes.extend(closed_files_in(&folder, inputs.as_root));
            return Some(folder);
        }
    };
    notes.push(format!(
        "judge: note: the program sees {} but not the rest of its folder {}: {}; \
         --show PATH shows more, read-only",
        file.display(),
        folder.display(),
        why.why()
    ));
    None
}

/// Whether `path` is a folder that is, holds or is in one of the run's
/// tests' folders (`guarded`), or a test's own file (`.in`, `.out`,
/// `.ans`) in one.
fn near_tests(path: &Path, guarded: &[PathBuf]) -> bool {
    let test_file = || {
        path.extension()
            .is_some_and(|e| ["in", "out", "ans"].iter().any(|t| e == *t))
    };
    (path.is_dir() || test_file())
        && guarded
            .iter()
            .any(|t| path.starts_with(t) || t.starts_with(path))
}

/// Whether `path` holds or is in one of our places.
fn near_ours(path: &Path, ours: &[PathBuf]) -> bool {
    holds_any(path, ours) || under_any(path, ours)
}

/// Whether `path` is what each test has of its own: a scratch folder or
/// above, or in the view's own `/dev` and `/proc`.
fn each_tests_own(path: &Path) -> bool {
    is_scratch_or_above(path) || MADE.iter().any(|m| path.starts_with(m))
}

/// The file the command runs: its program when that is the user's (named
/// with a `/`, not in a folder the view shows anyway), else the first
/// file of the user's its arguments name (an interpreter's script, a
/// `.jar`): `python3 /sol/main.py`, `sh run.sh`, `./a.out`.
fn run_file(inputs: &Inputs, visible: &[PathBuf]) -> Option<PathBuf> {
    let words = command_words(inputs.argv);
    let (program, rest) = program_word(&words)?;
    let found = match program.as_bytes().contains(&b'/') {
        true => with_real_folder(&inputs.cwd.join(program)),
        false => on_path(program, inputs.path),
    };
    match found {
        Some(file) if !under_any(&file, visible) => Some(file),
        _ => rest
            .iter()
            .filter_map(|w| with_real_folder(&inputs.cwd.join(w)))
            .find(|p| p.is_file() && !under_any(p, visible)),
    }
}

/// The word of a command's `words` that names the program it runs, and
/// the words after it: the first past variable assignments, options and
/// the words that run the next one (`exec`, `env`, `command`, `nohup`,
/// `time`).
fn program_word(words: &[OsString]) -> Option<(&OsString, &[OsString])> {
    const BEFORE_PROGRAM: [&str; 5] = ["exec", "env", "command", "nohup", "time"];
    let at = words.iter().position(|w| {
        let b = w.as_bytes();
        !(is_assignment(b) || b.starts_with(b"-") || BEFORE_PROGRAM.iter().any(|p| w == p))
    })?;
    Some((&words[at], &words[at + 1..]))
}

/// The folder a step shows whole, if it shows one.
fn shown_folder(step: &Step) -> Option<PathBuf> {
    match step {
        Step::Show(path) if path.is_dir() => Some(path.clone()),
        _ => None,
    }
}

/// The folders on `PATH` to show: each absolute one that exists, with its
/// parent when the entry is an installation's `bin`, `sbin` or `shims` (the
/// parent holds a `lib`, `lib64`, `libexec` or `versions` folder). Left
/// out: an entry in or above one of our places (a build folder on `PATH`
/// would show our solutions), and as a parent the root, a home folder
/// (`~/bin` must not bring the whole home), one of our places or above, and
/// a folder only its owner may enter or read (mode `0700`: it stays closed,
/// the entry alone is shown).
pub fn path_folders(inputs: &Inputs) -> Vec<PathBuf> {
    let mut folders = Vec::new();
    for entry in std::env::split_paths(inputs.path) {
        let Ok(entry) = entry.canonicalize() else {
            continue;
        };
        let ours = |p: &Path| near_ours(p, inputs.ours);
        if !entry.is_dir() || ours(&entry) || is_scratch_or_above(&entry) {
            continue;
        }
        let prefixed = entry
            .file_name()
            .is_some_and(|name| PREFIXED.iter().any(|p| OsStr::new(p) == name));
        let parent = entry.parent().filter(|parent| {
            prefixed
                && parent.parent().is_some()
                && PREFIX_MARKS.iter().any(|mark| parent.join(mark).is_dir())
                && !inputs.homes.iter().any(|home| home == parent)
                && !ours(parent)
                && !is_scratch_or_above(parent)
                && !closed(parent)
        });
        folders.push(parent.unwrap_or(&entry).to_path_buf());
    }
    folders
}

/// Whether the tests' user may read and enter `folder`: when the judge
/// runs as root, tests run as uid 65534, to whom the permissions for
/// others apply; else they run as the judge's own user.
fn open_to_the_tests_user(folder: &Path, as_root: bool) -> bool {
    match as_root {
        true => std::fs::metadata(folder).is_ok_and(|m| m.permissions().mode() & 0o005 == 0o005),
        false => std::fs::read_dir(folder).is_ok(),
    }
}

/// Whether only the owner of `folder` may read or enter it.
fn closed(folder: &Path) -> bool {
    std::fs::metadata(folder).map_or(true, |m| m.permissions().mode() & 0o055 == 0)
}

/// The files and folders a command line names, as the shell would read it:
/// every word of it (of the script, for `sh -c SCRIPT`), the value of a
/// variable assignment before the program (`PYTHONPATH=/x python3 ...`,
/// `env VAR=/x ...`, each part of a `:` list) included, that names an
/// existing file or folder from the working folder; and a program named
/// without a folder, found on `PATH`. Each is absolute, its folder's path
/// resolved (the file's own name kept: a link to a program is shown as the
/// program it leads to, at the link's path).
pub fn named_paths(argv: &[OsString], cwd: &Path, path: &OsStr) -> Vec<PathBuf> {
    let mut named = Vec::new();
    for part in words(argv) {
        named.extend(resolve(&part, cwd, path));
    }
    named.sort();
    named.dedup();
    named
}

/// The folders that the kernel's walk of a name on the command line
/// passes through and leaves by a `..` (`judge/../target/x` from the
/// workspace passes through `judge`), for each name of an existing file or
/// folder: the view makes them, empty (only what the command names is
/// shown). A walk that meets a symbolic link before its last `..` gives
/// none (what the name leads to is shown at its resolved path, not on the
/// link's way).
fn passed_folders(argv: &[OsString], cwd: &Path) -> Vec<PathBuf> {
    let Ok(cwd) = cwd.canonicalize() else {
        return Vec::new();
    };
    let mut folders = Vec::new();
    for part in words(argv) {
        let name = Path::new(&part);
        if !name.components().any(|c| c == Component::ParentDir) || !cwd.join(name).exists() {
            continue;
        }
        let mut at = match name.is_absolute() {
            true => PathBuf::from("/"),
            false => cwd.clone(),
        };
        let mut left = Vec::new();
        for component in name.components() {
            match component {
                Component::ParentDir => {
                    // The folder the walk is in must be a folder, not a link.
                    if at.canonicalize().ok().as_ref() != Some(&at) {
                        left.clear();
                        break;
                    }
                    left.push(at.clone());
                    at.pop();
                }
                Component::Normal(part) => at.push(part),
                Component::RootDir | Component::CurDir | Component::Prefix(_) => {}
            }
        }
        folders.extend(left);
    }
    folders.sort();
    folders.dedup();
    folders
}

/// The words of a command line that may name a file or folder, as the
/// shell would read it: every word (of the script, for `sh -c SCRIPT`), and
/// each part of the value of a variable assignment (`PYTHONPATH=/x`).
fn words(argv: &[OsString]) -> Vec<OsString> {
    let mut words: Vec<OsString> = Vec::new();
    if is_script(argv) {
        words.push(argv[0].clone());
    }
    words.extend(command_words(argv));
    words.iter().flat_map(|word| candidates(word)).collect()
}

/// The program the command runs ([`program_word`], of the script for `sh
/// -c SCRIPT`), resolved as [`named_paths`] does.
pub fn program(argv: &[OsString], cwd: &Path, path: &OsStr) -> Option<PathBuf> {
    let words = command_words(argv);
    let (program, _) = program_word(&words)?;
    resolve(program, cwd, path).pop()
}

/// The words of a script as the shell splits them; a script that is not
/// UTF-8 (a path in a folder so named) split at blanks only, its bytes
/// kept as they are.
fn script_words(script: &OsStr) -> Vec<OsString> {
    match script.to_str() {
        Some(text) => (crate::command::shell_words(text).into_iter())
            .map(OsString::from)
            .collect(),
        None => (script.as_bytes().split(u8::is_ascii_whitespace))
            .filter(|word| !word.is_empty())
            .map(|word| OsStr::from_bytes(word).to_os_string())
            .collect(),
    }
}

/// Whether `argv` is `sh -c SCRIPT ...`.
fn is_script(argv: &[OsString]) -> bool {
    argv.len() >= 3 && argv[1] == "-c" && argv[0].as_bytes().ends_with(b"sh")
}

/// The words of the command the user wrote: `argv`, or for `sh -c
/// SCRIPT ...` the script's words and what follows it.
fn command_words(argv: &[OsString]) -> Vec<OsString> {
    match is_script(argv) {
        true => (script_words(&argv[2]).into_iter())
            .chain(argv[3..].iter().cloned())
            .collect(),
        false => argv.to_vec(),
    }
}

/// Whether `word` is a variable assignment, `NAME=VALUE`.
fn is_assignment(word: &[u8]) -> bool {
    word.iter().position(|&b| b == b'=').is_some_and(|end| {
        end > 0
            && !word[0].is_ascii_digit()
            && word[..end]
                .iter()
                .all(|&b| b.is_ascii_alphanumeric() || b == b'_')
    })
}

/// What a word may name: itself, or for `NAME=VALUE` each part of VALUE.
fn candidates(word: &OsStr) -> Vec<OsString> {
    let bytes = word.as_bytes();
    let name_end = bytes.iter().position(|&b| b == b'=');
    match (is_assignment(bytes), name_end) {
        (true, Some(end)) => bytes[end + 1..]
            .split(|&b| b == b':')
            .filter(|part| !part.is_empty())
            .map(|part| OsStr::from_bytes(part).to_os_string())
            .collect(),
        _ => vec![word.to_os_string()],
    }
}

/// Where `word` leads, if it names an existing file or folder: from the
/// working folder, or (a name with no `/`) on `PATH`.
fn resolve(word: &OsStr, cwd: &Path, path: &OsStr) -> Vec<PathBuf> {
    let mut found = Vec::new();
    if word.is_empty() {
        return found;
    }
    let here = cwd.join(word);
    if let Some(real) = with_real_folder(&here) {
        found.push(real);
    }
    if !word.as_bytes().contains(&b'/') {
        found.extend(on_path(word, path));
    }
    found
}

/// The program `name` (no `/`) found on `PATH`, its folder resolved.
fn on_path(name: &OsStr, path: &OsStr) -> Option<PathBuf> {
    std::env::split_paths(path)
        .filter(|dir| dir.is_absolute())
        .map(|dir| dir.join(name))
        .find(|candidate| candidate.is_file())
        .and_then(|p| with_real_folder(&p))
}

/// `path`, if it exists, with its folder's path resolved (`..`, links)
/// and its own name kept; a folder (or `.`) resolved whole.
fn with_real_folder(path: &Path) -> Option<PathBuf> {
    let meta = std::fs::metadata(path).ok()?;
    let name = path.file_name().filter(|_| !meta.is_dir());
    match name {
        Some(name) => Some(path.parent()?.canonicalize().ok()?.join(name)),
        None => path.canonicalize().ok(),
    }
}

/// The folders to hide for a test that reads `input` and writes `out`,
/// given the view's `steps`: nothing when the view does not show them
/// (the usual case: test data is in no folder the view shows); else the
/// folder above the input's (where the answers and the other tests
/// usually are) unless that holds something the view shows, and else the
/// input's folder, whatever it holds; and the output's folder unless it
/// holds something shown.
pub fn test_data(input: &Path, out: &Path, steps: &[Step]) -> Vec<PathBuf> {
    let shown: Vec<&Path> = steps
        .iter()
        .filter_map(|step| match step {
            Step::Show(p) | Step::Link(p) | Step::Empty(p) => Some(p.as_path()),
            Step::Hide(_) => None,
        })
        .collect();
    let visible = |p: &Path| {
        steps
            .iter()
            .any(|s| matches!(s, Step::Show(f) if p.starts_with(f) && f.is_dir()))
    };
    let holds_shown = |p: &Path| shown.iter().any(|s| s.starts_with(p));
    let mut hides = Vec::new();
    for (file, above) in [(input, true), (out, false)] {
        let Some(folder) = file.parent().and_then(|f| f.canonicalize().ok()) else {
            continue;
        };
        if !visible(&folder) {
            continue;
        }
        match folder.parent() {
            Some(up) if above && visible(up) && !holds_shown(up) => hides.push(up.to_path_buf()),
            _ if above || !holds_shown(&folder) => hides.push(folder),
            _ => {}
        }
    }
    hides
}

/// The first file or folder `text` (a failed program's standard error)
/// names, from `cwd`, that exists on the machine but that the view of
/// `steps` does not show (but the view's own `/dev` and `/proc`, and a
/// scratch folder or above): a name the program looked for in vain.
pub fn unshown_in(text: &str, cwd: &Path, steps: &[Step]) -> Option<PathBuf> {
    let shows = |p: &Path| {
        let under = |f: &PathBuf| p.starts_with(f);
        steps.iter().any(|s| matches!(s, Step::Show(f) if under(f)))
            && !steps.iter().any(|s| matches!(s, Step::Hide(f) if under(f)))
    };
    text.split(|c: char| c.is_whitespace() || "'\"`:,;()[]<>".contains(c))
        .filter(|word| word.len() < 4096 && (word.contains('/') || word.contains('.')))
        .filter(|word| !word.chars().all(|c| c == '.' || c == '/'))
        .filter_map(|word| with_real_folder(&cwd.join(word)))
        .filter(|p| !is_scratch_or_above(p) && !MADE.iter().any(|m| p.starts_with(m)))
        .find(|p| !shows(p))
}

/// Adds `path` to `shown` unless a folder there holds it already; removes
/// those it holds.
fn add(shown: &mut Vec<PathBuf>, path: PathBuf) {
    if under_any(&path, shown) {
        return;
    }
    shown.retain(|s| !s.starts_with(&path));
    shown.push(path);
}

/// Whether `path` is one of `folders` or below one.
fn under_any(path: &Path, folders: &[PathBuf]) -> bool {
    folders.iter().any(|f| path.starts_with(f))
}

/// Whether `folder` holds (or is) one of `places`.
fn holds_any(folder: &Path, places: &[PathBuf]) -> bool {
    places.iter().any(|p| {
        let p = p.canonicalize().unwrap_or_else(|_| p.clone());
        p.starts_with(folder)
    })
}

/// When the judge runs as root, a note naming the files of a shown folder
/// that the tests' user (uid 65534, to whom the permissions for others
/// apply) cannot read: a module or data file beside the program, of mode
/// 600, fails only under the judge. The first 256 entries are looked at.
fn closed_files_in(folder: &Path, as_root: bool) -> Option<String> {
    if !as_root {
        return None;
    }
    let closed: Vec<String> = std::fs::read_dir(folder)
        .ok()?
        .take(256)
        .filter_map(|entry| entry.ok())
        .filter(|entry| {
            entry
                .metadata()
                .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o004 == 0)
        })
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .collect();
    let (first, more) = (closed.first()?, closed.len() - 1);
    let others = match more {
        0 => String::new(),
        n => format!(" and {} more", n),
    };
    Some(format!(
        "judge: note: the tests' user (uid 65534: the judge runs as root) cannot read {}{} \
         in {}: chmod o+r {}/{} if the program reads it",
        first,
        others,
        folder.display(),
        folder.display(),
        first
    ))
}

/// The scratch folder `path` is in, if any.
pub fn scratch_holding(path: &Path) -> Option<&'static str> {
    SCRATCH.iter().copied().find(|s| path.starts_with(s))
}

/// Whether `path` is a scratch folder or above one (the root, `/tmp`,
/// `/dev`): each cell gets its own.
fn is_scratch_or_above(path: &Path) -> bool {
    SCRATCH.iter().any(|s| Path::new(s).starts_with(path))
}

/// The machine's home folders, from `/etc/passwd` (the root left out),
/// and the judge's own (`HOME`), resolved.
pub fn homes(judges: Option<PathBuf>) -> Vec<PathBuf> {
    let passwd = std::fs::read_to_string("/etc/passwd").unwrap_or_default();
    let mut homes: Vec<PathBuf> = passwd
        .lines()
        .filter_map(|line| line.split(':').nth(5))
        .map(PathBuf::from)
        .chain(judges)
        .filter_map(|home| home.canonicalize().ok())
        .filter(|home| home.parent().is_some())
        .collect();
    homes.sort();
    homes.dedup();
    homes
}

/// When the judge runs as root, tests run as uid 65534 outside too, to
/// whom only the permissions for others apply: the first file or folder
/// shown because the command names it that they could not use, said with
/// the permissions it lacks: `o+x` on a program (and `o+r` too on a script
/// run as one), `o+r` on a file read (a script given to its interpreter),
/// `o+rx` on a folder, and `o+x` on each folder on the way to it inside
/// a shown folder. (The folders above what is shown are the view's own and
/// open: a program in a folder of mode 0700 runs.) `program` is the file
/// the command runs ([`program`]).
pub fn closed_to_others(
    steps: &[Step],
    named: &[PathBuf],
    program: Option<&Path>,
) -> Option<String> {
    let shown_in = |path: &Path| {
        steps.iter().find_map(|s| match s {
            // A folder the command names, or the program's own folder.
            Step::Show(p)
                if path.starts_with(p) && (named.contains(p) || path.parent() == Some(p)) =>
            {
                Some(p.clone())
            }
            _ => None,
        })
    };
    for path in named {
        let Some(shown) = shown_in(path) else {
            continue;
        };
        let Ok(meta) = std::fs::metadata(path) else {
            continue;
        };
        let mode = meta.permissions().mode();
        let runs = program == Some(path.as_path());
        if runs && !meta.is_dir() && mode & 0o111 == 0 {
            // Nobody may run it: the start's own reason says so (`chmod +x`,
            // or name its interpreter), not a permission for others.
            continue;
        }
        let needs = match (meta.is_dir(), runs) {
            (true, _) => 0o005,
            (false, true) if starts_with_hash_bang(path) => 0o005,
            (false, true) => 0o001,
            (false, false) => 0o004,
        };
        let mut missing = Vec::new();
        let lacks = needs & !mode;
        if lacks != 0 {
            let what = ["", "o+x", "", "", "o+r", "o+rx"][lacks as usize];
            missing.push(format!(
                "{} {} (mode {:o})",
                what,
                path.display(),
                mode & 0o7777
            ));
        }
        let on_the_way = path
            .ancestors()
            .skip(1)
            .take_while(|a| a.starts_with(&shown));
        for folder in on_the_way.collect::<Vec<_>>().into_iter().rev() {
            let mode = std::fs::metadata(folder).map_or(0o777, |m| m.permissions().mode());
            if mode & 0o001 == 0 {
                missing.push(format!(
                    "o+x {} (mode {:o})",
                    folder.display(),
                    mode & 0o7777
                ));
            }
        }
        if !missing.is_empty() {
            return Some(format!(
                "Permission denied for the tests' user: the judge runs as root, so tests \
                 run as uid 65534 (nobody), to whom only the permissions for others \
                 apply; chmod {}, or run the judge as another user",
                missing.join(", chmod ")
            ));
        }
    }
    None
}

/// Whether the file starts with `#!` (a script the kernel hands to the
/// interpreter it names, which must read it).
fn starts_with_hash_bang(path: &Path) -> bool {
    let mut head = [0u8; 2];
    std::fs::File::open(path)
        .and_then(|mut f| std::io::Read::read_exact(&mut f, &mut head))
        .is_ok_and(|()| &head == b"#!")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::command::shell_command;
    use std::fs;
    use std::os::unix::fs::PermissionsExt;

    /// A folder of its own for one test, removed at its end.
    struct Scratch(PathBuf);

    impl Scratch {
        fn new(name: &str) -> Scratch {
            let dir = std::env::temp_dir().join(format!("policy-{}-{}", name, std::process::id()));
            let _ = fs::remove_dir_all(&dir);
            fs::create_dir_all(&dir).unwrap();
            Scratch(dir.canonicalize().unwrap())
        }

        /// Makes `name` (a folder when it ends with `/`), with its folders.
        fn make(&self, name: &str) -> PathBuf {
            let path = self.0.join(name.trim_end_matches('/'));
            match name.ends_with('/') {
                true => fs::create_dir_all(&path).unwrap(),
                false => {
                    fs::create_dir_all(path.parent().unwrap()).unwrap();
                    fs::write(&path, "").unwrap();
                }
            }
            path
        }
    }

    impl Drop for Scratch {
        fn drop(&mut self) {
            let _ = fs::remove_dir_all(&self.0);
        }
    }

    fn named(cmd: &str, cwd: &Path, path: &str) -> Vec<PathBuf> {
        named_paths(&shell_command(cmd), cwd, OsStr::new(path))
    }

    #[test]
    fn every_form_of_a_command_shows_the_files_it_names() {
        let s = Scratch::new("forms");
        let sol = s.make("d/sol.py");
        let lib = s.make("lib/");
        let exe = s.make("bin/prog");
        let bin = exe.parent().unwrap().to_str().unwrap().to_string();
        let sol_text = sol.to_str().unwrap();
        for cmd in [
            format!("python3 {}", sol_text),
            format!("PYTHONHASHSEED=0 python3 {}", sol_text),
            format!("env PYTHONHASHSEED=0 python3 {}", sol_text),
            format!("env -i PYTHONHASHSEED=0 python3 {}", sol_text),
            format!("exec python3 '{}' < /dev/null", sol_text),
            "python3 d/sol.py".to_string(),
            "true; python3 d/sol.py >&2".to_string(),
        ] {
            let found = named(&cmd, &s.0, &bin);
            assert!(found.contains(&sol), "{}: {:?}", cmd, found);
        }
        let found = named(
            &format!("PYTHONPATH=/nowhere:{} prog", lib.display()),
            &s.0,
            &bin,
        );
        assert!(found.contains(&lib) && found.contains(&exe), "{:?}", found);
        assert!(named("./d/../d/sol.py", &s.0, "").contains(&sol));
        assert!(named("python3 no/such.py", &s.0, "").is_empty());
    }

    fn inputs<'a>(
        argv: &'a [OsString],
        cwd: &'a Path,
        path: &'a OsStr,
        homes: &'a [PathBuf],
        ours: &'a [PathBuf],
    ) -> Inputs<'a> {
        Inputs {
            argv,
            cwd,
            path,
            homes,
            ours,
            guarded: &[],
            extra: &[],
            as_root: false,
        }
    }

    #[test]
    fn a_path_entry_brings_an_installations_prefix_but_never_a_home_or_ours() {
        let s = Scratch::new("path");
        let home = s.make("home/");
        let dirs = [
            s.make("home/bin/"),
            s.make("home/.pyenv/shims/"),
            s.make("home/.cargo/bin/"),
            s.make("home/closed/bin/"),
            s.make("ws/target/release/"),
            s.make("tools/x/"),
        ];
        s.make("home/.pyenv/versions/");
        s.make("home/closed/lib/");
        s.make("home/lib/");
        s.make("tools/lib/");
        fs::set_permissions(s.0.join("home/closed"), fs::Permissions::from_mode(0o700)).unwrap();
        let path = std::env::join_paths(&dirs).unwrap();
        let homes = [home.clone()];
        let ours = [s.0.join("ws")];
        let argv = [OsString::from("true")];
        let shown = path_folders(&inputs(&argv, &s.0, &path, &homes, &ours));
        assert_eq!(
            shown,
            [
                home.join("bin"),
                home.join(".pyenv"),
                home.join(".cargo/bin"),
                home.join("closed/bin"),
                s.0.join("tools/x"),
            ]
        );
    }

    #[test]
    fn the_view_shows_what_the_command_names_and_nothing_else_of_ours() {
        let s = Scratch::new("view");
        let ws = s.make("ws/");
        let sol = s.make("ws/mine/sol.py");
        s.make("ws/target/judge-standalone/checkers_pos");
        s.make("ws/samples/checkers_pos/01.out");
        let argv = shell_command("PYTHONHASHSEED=0 python3 mine/sol.py");
        let ours = [ws.clone(), ws.join("target")];
        let steps = view(&inputs(&argv, &ws, OsStr::new(""), &[], &ours)).steps;
        let shown: Vec<&PathBuf> = steps
            .iter()
            .filter_map(|step| match step {
                Step::Show(p) if !SYSTEM_FOLDERS.iter().any(|f| p.starts_with(f)) => Some(p),
                _ => None,
            })
            .collect();
        assert_eq!(shown, [&sol], "{:?}", steps);
        assert!(steps.contains(&Step::Empty(ws.clone())), "{:?}", steps);
        // A folder that holds ours is not shown, even named.
        let argv = shell_command(&format!("java -cp {} Main", ws.display()));
        let steps = view(&inputs(&argv, &s.0, OsStr::new(""), &[], &ours)).steps;
        assert!(!steps
            .iter()
            .any(|step| matches!(step, Step::Show(p) if p.starts_with(&s.0))));
    }

    #[test]
    fn a_name_through_dot_dot_has_the_folders_it_passes_through_made_empty() {
        let s = Scratch::new("dotdot");
        let ws = s.make("ws/");
        s.make("ws/judge/src/main.rs");
        let ours_exe = s.make("ws/target/release/checkers_pos");
        let sol = s.make("ws/x/sol.py");
        s.make("ws/sub/secret");
        let ours = [ws.clone(), ws.join("target")];
        let made_and_shown = |cmd: &str, cwd: &Path| {
            let argv = shell_command(cmd);
            let steps = view(&inputs(&argv, cwd, OsStr::new(""), &[], &ours)).steps;
            let mut made: Vec<PathBuf> = Vec::new();
            let mut shown: Vec<PathBuf> = Vec::new();
            for step in steps {
                match step {
                    Step::Empty(p) => made.push(p),
                    Step::Show(p) if p.starts_with(&s.0) => shown.push(p),
                    _ => {}
                }
            }
            (made, shown)
        };
        let (made, shown) = made_and_shown("judge/../target/release/checkers_pos", &ws);
        assert_eq!(made, [ws.clone(), ws.join("judge")]);
        assert_eq!(shown, std::slice::from_ref(&ours_exe));
        // From a subfolder: the working folder is the one passed through.
        let (made, shown) = made_and_shown("python3 ../x/sol.py", &ws.join("sub"));
        assert_eq!(made, [ws.join("sub")]);
        assert_eq!(shown, std::slice::from_ref(&sol));
        let (made, shown) = made_and_shown("python3 judge/src/../../x/sol.py", &ws);
        assert_eq!(made, [ws.clone(), ws.join("judge"), ws.join("judge/src")]);
        assert_eq!(shown, std::slice::from_ref(&sol));
        let absolute = format!("{}/judge/../x/sol.py", ws.display());
        let (made, _) = made_and_shown(&absolute, &s.0);
        assert_eq!(made, [s.0.clone(), ws.join("judge")]);
        // A name that leads nowhere, or through a link, makes nothing.
        let (made, shown) = made_and_shown("judge/../x/nothing.py", &ws);
        assert_eq!((made, shown), (vec![ws.clone()], vec![]));
        std::os::unix::fs::symlink(ws.join("judge/src"), ws.join("link")).unwrap();
        let (made, shown) = made_and_shown("python3 link/../../x/sol.py", &ws);
        assert_eq!((made, shown), (vec![ws.clone()], vec![sol]));
    }

    #[test]
    fn ours_under_a_shown_folder_is_hidden() {
        let s = Scratch::new("hide");
        let argv = [OsString::from("true")];
        // A build folder in a system folder (CARGO_TARGET_DIR=/usr/lib...).
        let ours = [PathBuf::from("/usr/lib")];
        let steps = view(&inputs(&argv, &s.0, OsStr::new(""), &[], &ours)).steps;
        assert!(steps.contains(&Step::Show("/usr".into())), "{:?}", steps);
        assert!(
            steps.contains(&Step::Hide("/usr/lib".into())),
            "{:?}",
            steps
        );
    }

    #[test]
    fn test_data_is_hidden_only_where_the_view_shows_it() {
        let s = Scratch::new("data");
        let input = s.make("shown/tests/group/t.in");
        let prog = s.make("shown/prog");
        let elsewhere = s.make("other/tests/t.in");
        let out = s.make("slot/out");
        let steps = [Step::Show(s.0.join("shown")), Step::Show(prog)];
        assert!(test_data(&elsewhere, &out, &steps).is_empty());
        assert_eq!(test_data(&input, &out, &steps), [s.0.join("shown/tests")]);
        let steps = [
            Step::Show(s.0.join("shown")),
            Step::Empty(s.0.join("shown/tests")),
        ];
        assert_eq!(
            test_data(&input, &out, &steps),
            [s.0.join("shown/tests/group")]
        );
    }

    /// The steps that show something of the scratch folder `s`, and the
    /// notes, for `cmd` run from `cwd` with `guarded` tests and `extra`,
    /// by a judge not run as root.
    fn outline(
        s: &Scratch,
        cmd: &str,
        cwd: &Path,
        guarded: &[PathBuf],
        extra: &[PathBuf],
    ) -> (Vec<PathBuf>, Vec<String>) {
        outline_as(false, s, cmd, cwd, guarded, extra)
    }

    /// The same, by a judge run as root if `as_root`.
    fn outline_as(
        as_root: bool,
        s: &Scratch,
        cmd: &str,
        cwd: &Path,
        guarded: &[PathBuf],
        extra: &[PathBuf],
    ) -> (Vec<PathBuf>, Vec<String>) {
        let argv = shell_command(cmd);
        let homes = [s.0.join("home")];
        let ours = [s.0.join("ws")];
        let inputs = Inputs {
            argv: &argv,
            cwd,
            path: OsStr::new("/usr/bin:/bin"),
            homes: &homes,
            ours: &ours,
            guarded,
            extra,
            as_root,
        };
        let Outline { steps, notes } = view(&inputs);
        let shown = steps
            .into_iter()
            .filter_map(|step| match step {
                Step::Show(p) if p.starts_with(&s.0) => Some(p),
                _ => None,
            })
            .collect();
        (shown, notes)
    }

    #[test]
    fn the_folder_of_the_file_a_command_runs_is_shown() {
        let s = Scratch::new("own");
        let sol = s.make("sol/");
        s.make("sol/main.py");
        s.make("sol/rules.py");
        s.make("sol/run.sh");
        s.make("sol/prog");
        s.make("sol/app.jar");
        for cmd in [
            "python3 sol/main.py",
            "PYTHONHASHSEED=0 python3 -u sol/main.py",
            "env -i python3 sol/main.py",
            "sh sol/run.sh",
            "./sol/prog < /dev/null",
            "java -Xss64m -jar sol/app.jar",
        ] {
            let (shown, notes) = outline(&s, cmd, &s.0, &[], &[]);
            assert_eq!(shown, std::slice::from_ref(&sol), "{}", cmd);
            assert!(notes.is_empty(), "{}: {:?}", cmd, notes);
        }
        // Named on purpose, a folder is shown as before.
        let (shown, _) = outline(&s, "java -cp sol Main", &s.0, &[], &[]);
        assert_eq!(shown, std::slice::from_ref(&sol));
    }

    #[test]
    fn a_broad_closed_or_guarded_folder_of_the_program_is_not_shown_and_said() {
        let s = Scratch::new("withheld");
        let tests = s.make("sol/tests/");
        s.make("sol/tests/01.in");
        let home_prog = s.make("home/prog");
        let ours_prog = s.make("ws/prog");
        let closed_prog = s.make("closed/prog");
        let beside = s.make("sol/main.py");
        fs::set_permissions(s.0.join("closed"), fs::Permissions::from_mode(0o700)).unwrap();
        let guarded = [tests.clone()];
        for as_root in [false, true] {
            // A folder closed to others is closed to the tests' user only
            // when the judge runs as root (they run as uid 65534); else they
            // run as its owner, and it is shown.
            let cmd = format!("python3 {}", closed_prog.display());
            let (shown, notes) = outline_as(as_root, &s, &cmd, &s.0, &guarded, &[]);
            if !as_root {
                assert_eq!(shown, [s.0.join("closed")], "{:?}", notes);
                assert!(notes.is_empty(), "{:?}", notes);
            }
            let closed = [(&closed_prog, "chmod o+rx")];
            for (prog, why) in [
                (&home_prog, "home folder"),
                (&ours_prog, "workspace"),
                (&beside, "holds the tests"),
            ]
            .into_iter()
            .chain(closed.into_iter().filter(|_| as_root))
            {
                let cmd = format!("python3 {}", prog.display());
                let (shown, notes) = outline_as(as_root, &s, &cmd, &s.0, &guarded, &[]);
                assert_eq!(shown, std::slice::from_ref(prog), "{}", cmd);
                assert_eq!(notes.len(), 1, "{:?}", notes);
                assert!(
                    notes[0].contains(why) && notes[0].contains("--show"),
                    "{:?}",
                    notes
                );
            }
        }
        // Our build: the file alone, and nothing to say.
        let build = s.make("ws/target/prog");
        let cmd = format!("{}", build.display());
        assert_eq!(outline(&s, &cmd, &s.0, &[], &[]), (vec![build], vec![]));
        // A program inside the tests' folder: the file alone.
        let inside = s.make("sol/tests/prog");
        let (shown, notes) = outline(&s, "./prog", &tests, &guarded, &[]);
        assert_eq!((shown, notes.len()), (vec![inside], 1));
    }

    #[test]
    fn no_form_of_a_command_shows_the_tests_folders() {
        let s = Scratch::new("guarded");
        let tests = s.make("t/");
        s.make("t/01.in");
        s.make("t/01.out");
        s.make("t/sub/02.in");
        let main = s.make("t/Main.class");
        let guarded = [tests.clone()];
        let (t, up, sub) = (tests.display(), s.0.display(), tests.join("sub"));
        for (cmd, cwd) in [
            ("java -cp . Main".to_string(), &tests),
            ("PYTHONPATH=. python3 -c 1".to_string(), &tests),
            ("env CLASSPATH=. java Main".to_string(), &tests),
            (format!("python3 -c 1 {}", t), &s.0),
            (format!("python3 -c 1 {}", up), &s.0),
            (format!("python3 -c 1 {}", sub.display()), &s.0),
            ("cat 01.out".to_string(), &tests),
        ] {
            let (shown, notes) = outline(&s, &cmd, cwd, &guarded, &[]);
            assert!(shown.is_empty(), "{}: {:?}", cmd, shown);
            assert!(
                notes.iter().any(|n| n.contains("holds the tests")),
                "{}",
                cmd
            );
        }
        // A file the command names there that is no test's is shown.
        let (shown, _) = outline(&s, "java -cp Main.class", &tests, &guarded, &[]);
        assert_eq!(shown, [main]);
    }

    #[test]
    fn show_adds_a_path_but_never_the_tests_nor_ours() {
        let s = Scratch::new("show");
        let lib = s.make("lib/");
        let tests = s.make("t/");
        let ws = s.make("ws/");
        let guarded = [tests.clone()];
        let extra = [lib.clone(), tests.clone(), s.0.clone(), ws.join("x")];
        let (shown, notes) = outline(&s, "true", &s.0, &guarded, &extra);
        assert_eq!(shown, [lib]);
        assert_eq!(notes.len(), 3, "{:?}", notes);
        assert!(notes.iter().all(|n| n.starts_with("judge: note: --show ")));
    }

    #[test]
    fn tests_in_a_shown_folder_are_hidden_and_the_inputs_folder_always() {
        let argv = [OsString::from("true")];
        let guarded = [PathBuf::from("/usr/share")];
        let mut inputs = inputs(&argv, Path::new("/"), OsStr::new(""), &[], &[]);
        inputs.guarded = &guarded;
        let steps = view(&inputs).steps;
        assert!(
            steps.contains(&Step::Hide("/usr/share".into())),
            "{:?}",
            steps
        );
        // The input's folder, shown whole, holds itself: hidden still.
        let s = Scratch::new("input");
        let input = s.make("t/01.in");
        let out = s.make("slot/out");
        let steps = [Step::Show(s.0.join("t"))];
        assert_eq!(test_data(&input, &out, &steps), [s.0.join("t")]);
    }

    #[test]
    fn a_file_named_in_stderr_that_the_view_lacks_is_found() {
        let s = Scratch::new("stderr");
        let shown = s.make("sol/main.py");
        s.make("sol/data.txt");
        let steps = [Step::Show(shown)];
        let said = |text: &str| unshown_in(text, &s.0, &steps);
        let text = "FileNotFoundError: [Errno 2] No such file or directory: 'sol/data.txt'";
        assert_eq!(said(text), Some(s.0.join("sol/data.txt")));
        for quiet in [
            "File \"sol/main.py\", line 1",
            "no such file: sol/nothing.txt",
            "error at . and .. in /tmp/x",
        ] {
            assert_eq!(said(quiet), None, "{}", quiet);
        }
    }

    #[test]
    fn a_named_file_closed_to_others_is_said_with_what_to_do() {
        let s = Scratch::new("closed");
        let sol = s.make("d/sol.py");
        let steps = [Step::Show(sol.clone())];
        let named = std::slice::from_ref(&sol);
        fs::set_permissions(&sol, fs::Permissions::from_mode(0o644)).unwrap();
        assert_eq!(closed_to_others(&steps, named, None), None);
        fs::set_permissions(&sol, fs::Permissions::from_mode(0o600)).unwrap();
        let why = closed_to_others(&steps, named, None).unwrap();
        let chmod = format!("chmod o+r {} (mode 600), or", sol.display());
        assert!(why.contains(&chmod), "{}", why);
        // A program needs x, a script run as one r and x; the path once.
        fs::write(&sol, "#!/bin/sh\necho\n").unwrap();
        fs::set_permissions(&sol, fs::Permissions::from_mode(0o700)).unwrap();
        let why = closed_to_others(&steps, named, Some(&sol)).unwrap();
        let chmod = format!("chmod o+rx {} (mode 700), or", sol.display());
        assert!(why.contains(&chmod), "{}", why);
        assert_eq!(
            why.matches(&*sol.display().to_string()).count(),
            1,
            "{}",
            why
        );
        let exe = s.make("d/exe");
        fs::set_permissions(&exe, fs::Permissions::from_mode(0o644)).unwrap();
        let exe_alone = || {
            closed_to_others(
                &[Step::Show(exe.clone())],
                std::slice::from_ref(&exe),
                Some(&exe),
            )
        };
        // Nobody may run it: the start's own reason (`chmod +x`) says so.
        assert_eq!(exe_alone(), None);
        fs::set_permissions(&exe, fs::Permissions::from_mode(0o704)).unwrap();
        let why = exe_alone();
        let chmod = format!("chmod o+x {} (mode 704), or", exe.display());
        let argv = [
            OsString::from("/bin/sh"),
            "-c".into(),
            format!("exec {}", exe.display()).into(),
        ];
        assert_eq!(program(&argv, &s.0, OsStr::new("")), Some(exe.clone()));
        // Past assignments and the words that run the next one, as the view
        // finds the file the command runs (one reading of a command line).
        let script = format!("A=1 nohup env B=2 {} -x", exe.display());
        let argv = [OsString::from("/bin/sh"), "-c".into(), script.into()];
        assert_eq!(program(&argv, &s.0, OsStr::new("")), Some(exe.clone()));
        let argv = [exe.clone().into_os_string(), "-x".into()];
        assert_eq!(program(&argv, &s.0, OsStr::new("")), Some(exe.clone()));
        assert!(why.as_ref().unwrap().contains(&chmod), "{:?}", why);
        // A folder on the way inside a shown folder needs x for others.
        let folder = s.0.join("d");
        fs::set_permissions(&exe, fs::Permissions::from_mode(0o755)).unwrap();
        fs::set_permissions(&folder, fs::Permissions::from_mode(0o700)).unwrap();
        let shown = [Step::Show(s.0.clone())];
        let why = closed_to_others(&shown, &[s.0.clone(), exe.clone()], Some(&exe)).unwrap();
        let chmod = format!("chmod o+x {} (mode 700), or", folder.display());
        assert!(why.contains(&chmod), "{}", why);
        fs::set_permissions(&folder, fs::Permissions::from_mode(0o755)).unwrap();
        // A system file the command names is the system's business.
        assert_eq!(
            closed_to_others(&[Step::Show("/etc".into())], &[sol], None),
            None
        );
    }

    #[test]
    fn files_beside_the_program_closed_to_the_tests_user_are_named_as_root() {
        let s = Scratch::new("beside");
        let open = s.make("sol/main.py");
        let closed = s.make("sol/rules.py");
        fs::set_permissions(&open, fs::Permissions::from_mode(0o644)).unwrap();
        fs::set_permissions(&closed, fs::Permissions::from_mode(0o600)).unwrap();
        let note = closed_files_in(&s.0.join("sol"), true).expect("a note as root");
        assert!(note.contains("cannot read rules.py in"), "{}", note);
        assert!(note.contains("chmod o+r"), "{}", note);
        assert!(!note.contains("main.py"), "{}", note);
        // Not as root, the tests run as the judge's own user, who reads them.
        assert_eq!(closed_files_in(&s.0.join("sol"), false), None);
        fs::set_permissions(&closed, fs::Permissions::from_mode(0o644)).unwrap();
        assert_eq!(closed_files_in(&s.0.join("sol"), true), None);
    }
}
