//! The judge's shape, held: its modules, and the files of each of its
//! folders, form layers that point one way (no import cycle), each file says
//! its concern first, and no function is too long to read at once.

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

/// The code of a file without its test module (tests may reach anything);
/// a test module of a file of its own (`mod tests;`) takes nothing with it.
fn without_tests(text: &str) -> &str {
    match text.find("#[cfg(test)]\nmod tests {") {
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

/// The code of `text` without its comments and the insides of its string
/// and character literals (where a path is only words).
fn code_only(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '"' {
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                i += if chars[i] == '\\' { 2 } else { 1 };
            }
            out.push_str("\"\"");
            i += 1;
        } else if c == '\'' && next == Some('\\') {
            // '\n', '\'', '\u{..}': up to the closing quote.
            i += 2;
            while i < chars.len() && chars[i] != '\'' {
                i += 1;
            }
            out.push_str("' '");
            i += 1;
        } else if c == '\'' && chars.get(i + 2) == Some(&'\'') {
            out.push_str("' '");
            i += 3;
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

/// `code` with each group of a path (`a::{b, c}`) on one line, however
/// many lines `cargo fmt` spread it over, so that it is read whole.
fn groups_on_one_line(code: &str) -> String {
    let mut out = String::new();
    let mut depth = 0;
    for c in code.chars() {
        match c {
            '{' if depth > 0 || out.ends_with("::") => depth += 1,
            '}' if depth > 0 => depth -= 1,
            '\n' if depth > 0 => {
                out.push(' ');
                continue;
            }
            _ => {}
        }
        out.push(c);
    }
    out
}

/// The paths that start at `at` in `code` (just after a `::`), each as its
/// names: `a::{b, c::d}` is `a::b` and `a::c::d`; `self` in a group (and
/// `*`) is the group's path itself; after a trailing comma, nothing.
fn paths_from(code: &str, prefix: &[String]) -> Vec<Vec<String>> {
    let code = code.trim_start();
    if code.is_empty() {
        return Vec::new(); // after a group's trailing comma
    }
    if let Some(group) = code.strip_prefix('{') {
        let mut found = Vec::new();
        let (mut depth, mut start) = (0, 0);
        for (i, c) in group.char_indices() {
            match c {
                '{' => depth += 1,
                '}' if depth == 0 => {
                    found.extend(paths_from(&group[start..i], prefix));
                    break;
                }
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    found.extend(paths_from(&group[start..i], prefix));
                    start = i + 1;
                }
                _ => {}
            }
        }
        return found;
    }
    let name: String = code
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect();
    if name.is_empty() || name == "self" {
        return vec![prefix.to_vec()];
    }
    let mut path = prefix.to_vec();
    path.push(name.clone());
    match code[name.len()..].trim_start().strip_prefix("::") {
        Some(rest) => paths_from(rest, &path),
        None => vec![path],
    }
}

/// The modules and items named by the paths in `code` of the module at
/// `module` (its names under `crate`), made absolute: `crate::a::b`,
/// `super::b` (`super::super::c`...), `self::c` and, when `children` is
/// not empty (the code is a folder's `mod.rs`), its children's bare names
/// `child::x`. A `mod` or `pub use` line of a `mod.rs` is the folder's face,
/// not a use: it is skipped.
fn absolute_paths(code: &str, module: &[String], children: &[String]) -> Vec<Vec<String>> {
    let mut found = Vec::new();
    for line in code.lines() {
        let trimmed = line.trim_start();
        let face = ["mod ", "pub mod ", "pub use ", "pub(crate) use "];
        if !children.is_empty() && face.iter().any(|f| trimmed.starts_with(f)) {
            continue;
        }
        let mut at = 0;
        while at < line.len() {
            let rest = &line[at..];
            let start = rest
                .find(|c: char| c.is_alphanumeric() || c == '_')
                .map_or(line.len(), |i| at + i);
            let word: String = line[start..]
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            at = start + word.len().max(1);
            if word.is_empty() || line[..start].ends_with("::") {
                continue;
            }
            let Some(tail) = line[at..].trim_start().strip_prefix("::") else {
                continue;
            };
            let mut base = match word.as_str() {
                "crate" => Vec::new(),
                "self" => module.to_vec(),
                "super" => module[..module.len().saturating_sub(1)].to_vec(),
                child if children.iter().any(|c| c == child) => {
                    let mut base = module.to_vec();
                    base.push(child.to_string());
                    base
                }
                _ => continue,
            };
            let mut tail = tail;
            while let Some(more) = tail.trim_start().strip_prefix("super::") {
                base.pop();
                tail = more;
            }
            found.extend(paths_from(tail, &base));
            // The path's own names are not looked at again.
            at += line[at..]
                .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':' || c == ' '))
                .unwrap_or(line.len() - at);
        }
    }
    found
}

/// A folder of modules: its path under `crate`, its children (files and
/// folders, without `mod.rs`), and the names its `mod.rs` re-exports from
/// a child (`pub use child::name`), with that child.
struct Folder {
    module: Vec<String>,
    children: Vec<String>,
    reexports: BTreeMap<String, String>,
}

/// The module path of a source file under `src` (a `mod.rs` is its
/// folder's), and whether it is a `mod.rs`.
fn module_path(file: &Path) -> (Vec<String>, bool) {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut names: Vec<String> = file
        .strip_prefix(&src)
        .unwrap()
        .components()
        .map(|c| {
            c.as_os_str()
                .to_string_lossy()
                .trim_end_matches(".rs")
                .to_string()
        })
        .collect();
    let is_mod = names.last().is_some_and(|n| n == "mod");
    if is_mod {
        names.pop();
    }
    (names, is_mod)
}

/// Every folder of modules under `src`.
fn folders() -> Vec<Folder> {
    let mut found = Vec::new();
    for file in sources() {
        let (module, is_mod) = module_path(&file);
        if !is_mod {
            continue;
        }
        let dir = file.parent().unwrap();
        let mut children: Vec<String> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.join("mod.rs").is_file() || p.extension().is_some_and(|e| e == "rs"))
            .map(|p| p.file_stem().unwrap().to_string_lossy().to_string())
            .filter(|name| name != "mod")
            .collect();
        children.sort();
        let text = groups_on_one_line(&code_only(&fs::read_to_string(&file).unwrap()));
        let mut reexports = BTreeMap::new();
        for line in text.lines() {
            let Some(used) = line.trim_start().strip_prefix("pub use ") else {
                continue;
            };
            for path in paths_from(used.trim_end_matches(';'), &[]) {
                if path.len() > 1 && children.contains(&path[0]) {
                    reexports.insert(path.last().unwrap().clone(), path[0].clone());
                }
            }
        }
        found.push(Folder {
            module,
            children,
            reexports,
        });
    }
    found
}

/// Who uses whom among the files of each folder (a folder inside it counts
/// as one, its `mod.rs` as `mod`), from `super::`, `self::` and `crate::`
/// paths (and a `mod.rs`'s bare children), by the folder's path.
fn folder_graphs() -> BTreeMap<String, BTreeMap<String, BTreeSet<String>>> {
    let folders = folders();
    let mut graphs = BTreeMap::new();
    for file in sources() {
        if file.file_name().is_some_and(|n| n == "tests.rs") {
            continue;
        }
        let (module, is_mod) = module_path(&file);
        let own = folders.iter().find(|f| is_mod && f.module == module);
        let children = own.map_or(&[][..], |f| &f.children[..]);
        let code = code_only(without_tests(&fs::read_to_string(&file).unwrap()));
        let text = groups_on_one_line(&code);
        for target in absolute_paths(&text, &module, children) {
            for folder in &folders {
                let depth = folder.module.len();
                if !module.starts_with(&folder.module) || !target.starts_with(&folder.module) {
                    continue;
                }
                let node_of = |path: &[String]| match path.get(depth) {
                    Some(name) if folder.children.contains(name) => name.clone(),
                    Some(name) => folder.reexports.get(name).cloned().unwrap_or("mod".into()),
                    None => "mod".to_string(),
                };
                let (from, to) = (node_of(&module), node_of(&target));
                let graph: &mut BTreeMap<String, BTreeSet<String>> =
                    graphs.entry(folder.module.join("/")).or_default();
                graph.entry(to.clone()).or_default();
                let edges = graph.entry(from.clone()).or_default();
                if from != to {
                    edges.insert(to);
                }
            }
        }
    }
    graphs
}

#[test]
fn the_files_of_each_folder_have_no_import_cycle() {
    let graphs = folder_graphs();
    for folder in [
        "problems",
        "stress",
        "supervise",
        "supervise/sandbox",
        "sys",
    ] {
        assert!(graphs.contains_key(folder), "{} not read", folder);
    }
    let mut cycles = Vec::new();
    for (folder, graph) in &graphs {
        if let Some(found) = cycle(graph) {
            cycles.push(format!("in {}/: {}", folder, found.join(" -> ")));
        }
        // The graph, for whoever reads the test's output (--nocapture).
        println!("{}/", folder);
        for (file, uses) in graph {
            let uses: Vec<&str> = uses.iter().map(String::as_str).collect();
            println!("  {} -> {}", file, uses.join(" "));
        }
    }
    assert!(
        cycles.is_empty(),
        "an import cycle between the files of a folder:\n{}",
        cycles.join("\n")
    );
}

#[test]
fn paths_are_read_relative_to_their_module() {
    let module: Vec<String> = vec!["a".into(), "b".into(), "c".into()];
    let code = code_only(
        "use super::{d, e::f};\nuse super::super::g::{self, h};\n\
         let x = crate::i::j(\"super::k\"); // super::l\nself::m::n();\n",
    );
    let paths: Vec<String> = absolute_paths(&code, &module, &[])
        .iter()
        .map(|p| p.join("::"))
        .collect();
    assert_eq!(
        paths,
        [
            "a::b::d",
            "a::b::e::f",
            "a::g",
            "a::g::h",
            "i::j",
            "a::b::c::m::n"
        ]
    );
    let face = "mod child;\npub use child::{\n    X,\n    z::W,\n};\nuse child::Y;\n\
                let z = other::child::w;\n";
    let paths = absolute_paths(&groups_on_one_line(face), &module, &["child".to_string()]);
    assert_eq!(paths, [["a", "b", "c", "child", "Y"]]);
    let spread = groups_on_one_line("use super::{\n    d::{\n        e,\n    },\n    f,\n};\n");
    assert_eq!(
        spread,
        "use super::{     d::{         e,     },     f, };\n"
    );
    let paths: Vec<String> = absolute_paths(&spread, &module, &[])
        .iter()
        .map(|p| p.join("::"))
        .collect();
    assert_eq!(paths, ["a::b::d::e", "a::b::f"]);
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
