//! Where things are in the workspace: its root, and each problem's files
//! (solution, statement, samples, validators). The one place that knows the
//! repository's layout.

use std::env;
use std::path::{Path, PathBuf};

/// The workspace to judge. Cargo tells a program it runs where its package
/// is (`CARGO_MANIFEST_DIR`); without Cargo, the workspace around the current
/// directory; failing that, the one this judge was compiled in. Asking at run
/// time matters: two clones sharing a `CARGO_TARGET_DIR` share one judge binary.
pub fn root() -> PathBuf {
    let is_root = |dir: &Path| dir.join("judge").join("src").join("main.rs").is_file();
    let cargo_said = env::var_os("CARGO_MANIFEST_DIR")
        .map(PathBuf::from)
        .and_then(|judge| judge.parent().map(Path::to_path_buf));
    let around_here = env::current_dir().ok().and_then(|here| {
        here.ancestors()
            .find(|dir| is_root(dir))
            .map(Path::to_path_buf)
    });
    let compiled_in = Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the judge crate lives inside the workspace")
        .to_path_buf();
    cargo_said
        .filter(|dir| is_root(dir))
        .or(around_here)
        .unwrap_or(compiled_in)
}

/// Where Cargo puts what it builds: `CARGO_TARGET_DIR`, or `target/`.
pub fn target_dir(root: &Path) -> PathBuf {
    env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join("target"))
}

/// A problem's files, by the problem's name (its crate's name).
pub struct Files {
    /// `<problem>/README.md`: the statement.
    pub statement: PathBuf,
    /// `<problem>/src/main.rs`: the solution, one file.
    pub solution: PathBuf,
    /// `samples/<problem>/`: `NAME.in` with `NAME.out`.
    pub samples: PathBuf,
    /// `validators/src/bin/validate_<problem>.rs`: the strict input
    /// validator (its binary's name differs from the solution's).
    pub input_validator: PathBuf,
    /// `validators/output/<problem>.cpp`: the output validator, for a
    /// problem with more than one right answer.
    pub output_validator: PathBuf,
}

impl Files {
    pub fn of(root: &Path, problem: &str) -> Files {
        let home = root.join(problem);
        let validators = root.join("validators");
        Files {
            statement: home.join("README.md"),
            solution: home.join("src").join("main.rs"),
            samples: root.join("samples").join(problem),
            input_validator: validators
                .join("src")
                .join("bin")
                .join(format!("{}.rs", input_validator_name(problem))),
            output_validator: validators.join("output").join(format!("{}.cpp", problem)),
        }
    }
}

/// The input validator's binary: `validate_<problem>`.
pub fn input_validator_name(problem: &str) -> String {
    format!("validate_{}", problem)
}
