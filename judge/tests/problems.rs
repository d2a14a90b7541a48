//! Every problem of the table has every part it needs, and nothing in the
//! repository names a problem the table does not have. Adding a problem is
//! its crate, statement, samples, judge folder and validators, plus one row
//! of the table: this test names whatever is missing.

use judge::problems::PROBLEMS;
use judge::workspace::{self, Files};
use std::collections::BTreeSet;
use std::fs;
use std::path::Path;

/// What a problem lacks, as one line per missing part.
fn missing_parts(root: &Path, name: &str, output_validator: bool) -> Vec<String> {
    let files = Files::of(root, name);
    let mut missing = Vec::new();
    let mut need = |ok: bool, what: String| {
        if !ok {
            missing.push(format!("{}: {}", name, what));
        }
    };
    need(
        files.solution.is_file(),
        format!("no solution {}", files.solution.display()),
    );
    need(
        files.statement.is_file(),
        format!("no statement {}", files.statement.display()),
    );
    need(
        root.join(name).join("Cargo.toml").is_file(),
        "no Cargo.toml of its own".to_string(),
    );
    let members = fs::read_to_string(root.join("Cargo.toml")).unwrap();
    need(
        members.contains(&format!("\"{}\"", name)),
        "not a member of the workspace (Cargo.toml)".to_string(),
    );
    let judge_folder = root.join("judge/src/problems").join(name).join("mod.rs");
    need(
        judge_folder.is_file(),
        format!("no judge folder {}", judge_folder.display()),
    );
    let samples = sample_pairs(&files.samples);
    need(
        !samples.is_empty(),
        format!("no samples in {}", files.samples.display()),
    );
    need(
        samples.iter().any(|s| s.contains("seed")),
        "no sample from the original statement (a name with \"seed\")".to_string(),
    );
    need(
        files.input_validator.is_file(),
        format!("no input validator {}", files.input_validator.display()),
    );
    need(
        files.output_validator.is_file() == output_validator,
        format!(
            "{} says it has {} output validator, but {} {}",
            "the table",
            if output_validator { "an" } else { "no" },
            files.output_validator.display(),
            if output_validator {
                "is missing"
            } else {
                "exists"
            }
        ),
    );
    let readme = fs::read_to_string(root.join("README.md")).unwrap();
    need(
        readme.contains(&format!("]({}/README.md)", name)),
        "no row in the README's table of problems".to_string(),
    );
    missing
}

/// The names of the samples that have both an `.in` and an `.out`.
fn sample_pairs(dir: &Path) -> Vec<String> {
    let Ok(entries) = fs::read_dir(dir) else {
        return Vec::new();
    };
    entries
        .filter_map(|e| e.ok()?.path().to_str().map(String::from))
        .filter(|p| p.ends_with(".in") && Path::new(&p.replace(".in", ".out")).is_file())
        .collect()
}

#[test]
fn every_problem_has_every_part() {
    let root = workspace::root();
    let missing: Vec<String> = PROBLEMS
        .iter()
        .flat_map(|p| missing_parts(&root, p.name, p.package.custom_validation()))
        .collect();
    assert!(missing.is_empty(), "\n{}", missing.join("\n"));
}

#[test]
fn a_missing_part_is_named() {
    let root = workspace::root();
    let missing = missing_parts(&root, "no_such_problem", false);
    for part in [
        "no solution",
        "no statement",
        "not a member",
        "no samples",
        "no input validator",
    ] {
        assert!(
            missing.iter().any(|line| line.contains(part)),
            "{:?} lacks {:?}",
            missing,
            part
        );
    }
}

/// The names found in a folder: its subfolders, or its files' stems with a
/// prefix taken off.
fn names_in(dir: &Path, strip: &str) -> BTreeSet<String> {
    fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| {
            let name = e.ok()?.file_name().to_string_lossy().into_owned();
            let stem = name.split('.').next()?.to_string();
            Some(stem.strip_prefix(strip).unwrap_or(&stem).to_string())
        })
        .collect()
}

#[test]
fn nothing_names_a_problem_the_table_lacks() {
    let root = workspace::root();
    let known: BTreeSet<String> = PROBLEMS.iter().map(|p| p.name.to_string()).collect();
    let places = [
        ("samples/", names_in(&root.join("samples"), "")),
        (
            "validators/src/bin/",
            names_in(&root.join("validators/src/bin"), "validate_"),
        ),
        (
            "validators/output/",
            names_in(&root.join("validators/output"), ""),
        ),
        ("judge/src/problems/", {
            let mut folders = names_in(&root.join("judge/src/problems"), "");
            folders.retain(|n| root.join("judge/src/problems").join(n).is_dir());
            folders
        }),
    ];
    for (place, names) in places {
        let unknown: Vec<&String> = names.difference(&known).collect();
        assert!(
            unknown.is_empty(),
            "{} holds {:?}, which the table lacks",
            place,
            unknown
        );
    }
}
