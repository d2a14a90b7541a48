//! The judge's shape, held: its modules form layers that point one way (no
//! import cycle), each file says its concern first, and no function is too
//! long to read at once.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The longest function allowed, in lines.
const MAX_FUNCTION_LINES: usize = 80;

fn sources() -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    let mut files = Vec::new();
    walk(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &mut files,
    );
    files.sort();
    files
}

/// The top-level module a source file belongs to (`None` for the crate
/// roots `lib.rs` and `main.rs`).
fn module_of(file: &Path) -> Option<String> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let relative = file.strip_prefix(&src).unwrap();
    let first = relative.components().next()?.as_os_str().to_string_lossy();
    let name = first.trim_end_matches(".rs").to_string();
    (name != "lib" && name != "main").then_some(name)
}

/// The code of a file without its test module (tests may reach anything).
fn without_tests(text: &str) -> &str {
    match text.find("#[cfg(test)]\nmod tests") {
        Some(at) => &text[..at],
        None => text,
    }
}

/// The top-level modules named by `crate::…` paths in `code`, in both
/// forms: `crate::a::b` and `crate::{a, b::c}`.
fn uses(code: &str) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    for (at, _) in code.match_indices("crate::") {
        let rest = &code[at + "crate::".len()..];
        let names: Vec<&str> = match rest.strip_prefix('{') {
            Some(group) => group[..group.find('}').unwrap_or(group.len())]
                .split(',')
                .collect(),
            None => vec![rest],
        };
        for name in names {
            let name: String = name
                .trim()
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            if !name.is_empty() && name != "self" {
                found.insert(name);
            }
        }
    }
    found
}

/// Who imports whom, among the judge's top-level modules.
fn module_graph() -> BTreeMap<String, BTreeSet<String>> {
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for file in sources() {
        let Some(module) = module_of(&file) else {
            continue;
        };
        if file.file_name().is_some_and(|n| n == "tests.rs") {
            continue;
        }
        let text = fs::read_to_string(&file).unwrap();
        let edges = graph.entry(module.clone()).or_default();
        edges.extend(
            uses(without_tests(&text))
                .into_iter()
                .filter(|m| *m != module),
        );
    }
    graph
}

/// A cycle in `graph`, as the modules along it, if there is one.
fn cycle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|n| n == node) {
            let mut found = path[at..].to_vec();
            found.push(node.to_string());
            return Some(found);
        }
        if done.contains(node) {
            return None;
        }
        path.push(node.to_string());
        for next in graph.get(node).into_iter().flatten() {
            if let Some(found) = visit(next, graph, path, done) {
                return Some(found);
            }
        }
        path.pop();
        done.insert(node.to_string());
        None
    }
    let mut done = BTreeSet::new();
    graph
        .keys()
        .find_map(|node| visit(node, graph, &mut Vec::new(), &mut done))
}

#[test]
fn the_modules_have_no_import_cycle() {
    let graph = module_graph();
    assert!(
        graph.len() > 10,
        "too few modules found: {:?}",
        graph.keys()
    );
    if let Some(found) = cycle(&graph) {
        panic!("an import cycle: {}", found.join(" -> "));
    }
    // The graph, for whoever reads the test's output (--nocapture).
    for (module, uses) in &graph {
        let uses: Vec<&str> = uses.iter().map(String::as_str).collect();
        println!("{} -> {}", module, uses.join(" "));
    }
}

#[test]
fn a_cycle_is_found_and_named() {
    let graph: BTreeMap<String, BTreeSet<String>> = [
        ("a", vec!["b"]),
        ("b", vec!["c"]),
        ("c", vec!["a"]),
        ("d", vec![]),
    ]
    .iter()
    .map(|(k, v)| (k.to_string(), v.iter().map(|s| s.to_string()).collect()))
    .collect();
    assert_eq!(cycle(&graph).unwrap(), ["a", "b", "c", "a"]);
    assert_eq!(
        uses("use crate::{a::b, c};\nuse crate::d::e;\ncrate::f(1)"),
        ["a", "c", "d", "f"].iter().map(|s| s.to_string()).collect()
    );
}

#[test]
fn every_file_names_its_concern_first() {
    for file in sources() {
        let text = fs::read_to_string(&file).unwrap();
        assert!(
            text.starts_with("//!"),
            "{} does not start with a `//!` comment naming its concern",
            file.display()
        );
    }
}

/// Every function's length in lines, from its `fn` line to the closing
/// brace at the same indentation (the code is `cargo fmt`ed).
fn function_lengths(text: &str) -> Vec<(String, usize)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut found = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let code = line.trim_start();
        let indent = &line[..line.len() - code.len()];
        let signature = ["fn ", "pub fn ", "pub(super) fn ", "pub(crate) fn "]
            .iter()
            .find_map(|prefix| code.strip_prefix(prefix));
        let Some(signature) = signature else { continue };
        let end = format!("{}}}", indent);
        let Some(length) = lines[i..].iter().position(|l| *l == end) else {
            continue; // a declaration without a body
        };
        let name: String = signature
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        found.push((name, length + 1));
    }
    found
}

#[test]
fn no_function_is_too_long() {
    let mut long = Vec::new();
    for file in sources() {
        let text = fs::read_to_string(&file).unwrap();
        for (name, length) in function_lengths(&text) {
            if length > MAX_FUNCTION_LINES {
                long.push(format!("{} {}: {} lines", file.display(), name, length));
            }
        }
    }
    assert!(
        long.is_empty(),
        "functions over {} lines:\n{}",
        MAX_FUNCTION_LINES,
        long.join("\n")
    );
    let sample = "fn short() {\n    1\n}\n    pub fn inner(x: u8) {\n        x\n    }\n";
    assert_eq!(
        function_lengths(sample),
        [("short".to_string(), 3), ("inner".to_string(), 3)]
    );
}
