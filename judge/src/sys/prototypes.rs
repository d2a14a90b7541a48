//! The test that holds every `extern "C"` prototype of the judge to the
//! system headers. It reads the declarations from the sys room's own source
//! (they are the one copy: nothing here lists them again), writes each as a
//! C function type, assigns the header's function to a pointer of that type,
//! and compiles with `cc -Werror`: a parameter or return of another type, a
//! missing or extra parameter, or fixed parameters where C has `...` (or the
//! reverse) is an incompatible pointer, and fails. A second test makes such
//! mistakes and sees them fail; a third holds every block of foreign
//! declarations in the judge (sources, tests, examples) to the sys room's
//! two files, so that none escapes the check.

use super::check::{compile, PREAMBLE};
use std::path::Path;

/// The files that may declare C functions, with their text.
const DECLARING: [(&str, &str); 2] = [
    ("src/sys/mod.rs", include_str!("mod.rs")),
    ("src/sys/linux.rs", include_str!("linux.rs")),
];

/// How an `extern "C"` block opens (rustfmt writes it so).
const BLOCK: &str = "extern \"C\" {";

/// How many blocks of foreign declarations `text`'s code opens, whatever
/// their ABI (`extern {`, `extern "C" {`, `extern "system" {`...).
fn foreign_blocks(text: &str) -> usize {
    let text = &without_comments(text);
    let opens_block = |after: &str| {
        let after = after.trim_start();
        let after = match after.strip_prefix('"') {
            Some(abi) => abi.split_once('"').map_or("", |(_, rest)| rest),
            None => after,
        };
        after.trim_start().starts_with('{')
    };
    let blocks = text.match_indices("extern");
    blocks
        .filter(|(at, _)| opens_block(&text[at + "extern".len()..]))
        .count()
}

/// The C spelling of each type name the declarations use. A name not here
/// fails the check, naming it; pointers and function pointers are spelled
/// from their parts.
const C_TYPES: &[(&str, &str)] = &[
    ("c_char", "char"),
    ("c_int", "int"),
    ("c_uint", "unsigned int"),
    ("c_long", "long"),
    ("c_ulong", "unsigned long"),
    ("c_void", "void"),
    ("usize", "size_t"),
    ("isize", "ssize_t"),
    ("u8", "uint8_t"),
    ("u16", "uint16_t"),
    ("u32", "uint32_t"),
    ("u64", "uint64_t"),
    ("i8", "int8_t"),
    ("i16", "int16_t"),
    ("i32", "int32_t"),
    ("i64", "int64_t"),
    ("RlimitResource", "rlimit_resource"),
    ("PtraceRequest", "ptrace_request"),
    ("IdType", "idtype_t"),
    ("IdT", "id_t"),
    ("Timeval", "struct timeval"),
    ("Rusage", "struct rusage"),
    ("Rlimit", "struct rlimit"),
    ("PollFd", "struct pollfd"),
    ("Statvfs", "struct statvfs"),
    ("ShmidDs", "struct shmid_ds"),
    ("MsqidDs", "struct msqid_ds"),
    ("ShmInfo", "struct shm_info"),
    ("MsgInfo", "struct msginfo"),
    ("SemInfo", "struct seminfo"),
    ("Iovec", "struct iovec"),
    ("Msghdr", "struct msghdr"),
    ("Cmsghdr", "struct cmsghdr"),
    ("Siginfo", "siginfo_t"),
    ("Timespec", "struct timespec"),
    ("SockFprog", "struct sock_fprog"),
];

/// A function's type as a Rust declaration states it.
#[derive(Debug)]
struct Signature {
    /// The parameters' Rust types.
    params: Vec<String>,
    /// Whether `...` ends them.
    variadic: bool,
    /// The Rust return type (`None` for none).
    returns: Option<String>,
}

/// The code of `text` without its comments (none of the sys room's strings
/// holds a `//`).
fn without_comments(text: &str) -> String {
    let code = text.lines().map(|line| match line.find("//") {
        Some(at) => &line[..at],
        None => line,
    });
    code.collect::<Vec<_>>().join("\n")
}

/// Every function declared in `text`'s `extern "C"` blocks, with its
/// signature; an item that is not a plain function declaration is an error.
fn declarations(text: &str) -> Result<Vec<(String, Signature)>, String> {
    let code = without_comments(text);
    let mut found = Vec::new();
    let mut rest = code.as_str();
    while let Some(at) = rest.find(BLOCK) {
        let body = &rest[at + BLOCK.len()..];
        let end = body.find('}').ok_or("an extern block has no end")?;
        for item in body[..end].split(';').map(str::trim) {
            if item.is_empty() {
                continue;
            }
            let item = item.split_whitespace().collect::<Vec<_>>().join(" ");
            let function = item.strip_prefix("pub ").unwrap_or(&item);
            let function = function
                .strip_prefix("fn ")
                .ok_or_else(|| format!("not a function declaration: {}", item))?;
            let open = function
                .find('(')
                .ok_or_else(|| format!("no parameters: {}", item))?;
            let name = function[..open].trim().to_string();
            found.push((name, signature(&function[open..])?));
        }
        rest = &body[end..];
    }
    Ok(found)
}

/// Reads `(parameters) -> return`, as after `fn name` or `extern "C" fn`.
fn signature(text: &str) -> Result<Signature, String> {
    let text = text.trim();
    let close =
        closing_parenthesis(text).ok_or_else(|| format!("cannot read the signature {}", text))?;
    let after = text[close + 1..].trim();
    let mut signature = Signature {
        params: Vec::new(),
        variadic: false,
        returns: match after.strip_prefix("->") {
            Some(returns) => Some(returns.trim().to_string()),
            None if after.is_empty() => None,
            None => return Err(format!("cannot read the return of {}", text)),
        },
    };
    for param in split_at_top_level_commas(&text[1..close]) {
        let param = param.trim();
        if signature.variadic {
            return Err(format!("a parameter after `...` in {}", text));
        } else if param == "..." {
            signature.variadic = true;
        } else if !param.is_empty() {
            signature.params.push(parameter_type(param).to_string());
        }
    }
    Ok(signature)
}

/// A parameter's type: after its name (`name: type`), or the whole of it
/// (a function pointer's parameters have none).
fn parameter_type(param: &str) -> &str {
    let is_name = |name: &str| name.chars().all(|c| c.is_alphanumeric() || c == '_');
    match param.split_once(':') {
        Some((name, rust)) if is_name(name.trim()) && !rust.starts_with(':') => rust.trim(),
        _ => param,
    }
}

/// Where the parenthesis that opens `text` closes.
fn closing_parenthesis(text: &str) -> Option<usize> {
    if !text.starts_with('(') {
        return None;
    }
    let mut depth = 0;
    for (i, c) in text.char_indices() {
        match c {
            '(' => depth += 1,
            ')' if depth == 1 => return Some(i),
            ')' => depth -= 1,
            _ => {}
        }
    }
    None
}

/// `text` cut at its commas outside brackets (`(`, `<`; the `>` of `->`
/// closes none).
fn split_at_top_level_commas(text: &str) -> Vec<&str> {
    let (mut depth, mut pieces, mut start, mut previous) = (0, Vec::new(), 0, ' ');
    for (i, c) in text.char_indices() {
        match c {
            '(' | '<' => depth += 1,
            ')' => depth -= 1,
            '>' if previous != '-' => depth -= 1,
            ',' if depth == 0 => {
                pieces.push(&text[start..i]);
                start = i + 1;
            }
            _ => {}
        }
        previous = c;
    }
    pieces.push(&text[start..]);
    pieces
}

/// The C spelling of a Rust type, as a type name that stands alone (a
/// function pointer through `__typeof__`).
fn c_type(rust: &str) -> Result<String, String> {
    let rust = rust.trim();
    if let Some(pointee) = rust.strip_prefix("*const ") {
        return Ok(format!("{} const *", c_type(pointee)?));
    }
    if let Some(pointee) = rust.strip_prefix("*mut ") {
        return Ok(format!("{} *", c_type(pointee)?));
    }
    // A function pointer, or a nullable one: the same in C.
    let function = rust
        .strip_prefix("Option<")
        .and_then(|inner| inner.strip_suffix('>'))
        .unwrap_or(rust);
    if let Some(rest) = function.strip_prefix("extern \"C\" fn") {
        let (returns, params) = c_parts(&signature(rest)?)?;
        return Ok(format!("__typeof__({} (*)({}))", returns, params));
    }
    C_TYPES
        .iter()
        .find(|(name, _)| *name == rust)
        .map(|(_, c)| c.to_string())
        .ok_or_else(|| format!("no C spelling for the Rust type `{}`", rust))
}

/// A signature's C return type and parameter list (`void` for none, as C
/// needs: `()` would accept any).
fn c_parts(signature: &Signature) -> Result<(String, String), String> {
    let returns = match signature.returns.as_deref() {
        None | Some("!") => "void".to_string(),
        Some(rust) => c_type(rust)?,
    };
    let mut params = signature
        .params
        .iter()
        .map(|p| c_type(p))
        .collect::<Result<Vec<_>, _>>()?;
    if signature.variadic {
        params.push("...".to_string());
    }
    if params.is_empty() {
        params.push("void".to_string());
    }
    Ok((returns, params.join(", ")))
}

/// The C lines that hold one declaration to the header's: its type, and
/// the header's function assigned to a pointer of it.
fn c_check(name: &str, signature: &Signature) -> Result<String, String> {
    let (returns, params) = c_parts(signature)?;
    Ok(format!(
        "typedef {} declared_{}({});\ndeclared_{} *check_{} = {};\n",
        returns, name, params, name, name, name
    ))
}

/// Compiles the checks of every function `texts` declare: `Err` names
/// those whose declarations differ from the headers' (from the lines cc
/// complains of), then gives cc's words; or says what cannot be read.
fn differing(texts: &[&str]) -> Result<(), String> {
    let mut source = PREAMBLE.to_string();
    let mut first_lines = Vec::new();
    for text in texts {
        for (name, signature) in declarations(text)? {
            first_lines.push((source.lines().count() + 1, name.clone()));
            source += &c_check(&name, &signature)?;
        }
    }
    let words = match compile("prototypes", &source, &["-fsyntax-only"], |_| ()) {
        Ok(()) => return Ok(()),
        Err(words) => words,
    };
    let complained = |line: usize| words.contains(&format!("check.c:{}:", line));
    let wrong: Vec<&str> = first_lines
        .iter()
        .filter(|(first, _)| complained(*first) || complained(first + 1))
        .map(|(_, name)| name.as_str())
        .collect();
    Err(format!(
        "declared otherwise than in the headers: {}\n{}",
        wrong.join(", "),
        words
    ))
}

fn judge_dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn every_prototype_matches_the_system_headers() {
    for (path, text) in DECLARING {
        let blocks = without_comments(text).matches(BLOCK).count();
        assert_eq!(
            foreign_blocks(text),
            blocks,
            "{}: a block not `extern \"C\"`",
            path
        );
    }
    let texts: Vec<&str> = DECLARING.iter().map(|(_, text)| *text).collect();
    let count: usize = texts.iter().map(|t| declarations(t).unwrap().len()).sum();
    assert!(count > 0, "no declaration found");
    if let Err(why) = differing(&texts) {
        panic!("{}", why);
    }
}

/// The text of `DECLARING[file]` with `from` (which must be there) made `to`.
fn changed(file: usize, from: &str, to: &str) -> String {
    let (path, text) = DECLARING[file];
    assert!(text.contains(from), "{} no longer holds {}", path, from);
    text.replacen(from, to, 1)
}

#[test]
fn a_declaration_unlike_the_header_fails_the_check() {
    let (mod_rs, linux_rs) = (0, 1);
    let mistakes = [
        (linux_rs, "n: c_ulong", "n: u8", "poll"),
        (
            linux_rs,
            "setresuid(r: u32, e: u32, s: u32)",
            "setresuid(r: u32, e: u32)",
            "setresuid",
        ),
        (
            linux_rs,
            "prctl(option: c_int, ...)",
            "prctl(option: c_int, arg2: c_ulong)",
            "prctl",
        ),
        (
            linux_rs,
            "execvp(file: *const c_char, argv: *const *mut",
            "execvp(file: *const c_char, argv: *const *const",
            "execvp",
        ),
        (
            mod_rs,
            "fcntl(fd: c_int, cmd: c_int, ...)",
            "fcntl(fd: c_int, cmd: c_int, arg: c_int)",
            "fcntl",
        ),
        (
            mod_rs,
            "handler: Option<extern \"C\" fn(c_int)>",
            "handler: usize",
            "signal",
        ),
    ];
    for (file, from, to, name) in mistakes {
        let wrong = changed(file, from, to);
        let why = differing(&[&wrong]).expect_err(to);
        let first = why.lines().next().unwrap();
        assert_eq!(
            first,
            format!("declared otherwise than in the headers: {}", name),
            "{}",
            why
        );
    }
}

/// Every Rust file of the judge (sources, tests, examples), under `dir`.
fn judge_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy();
        if name.starts_with('.') || name == "target" {
            continue;
        } else if path.is_dir() {
            judge_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn no_c_function_is_declared_outside_the_sys_room() {
    let mut files = Vec::new();
    judge_files(judge_dir(), &mut files);
    files.sort();
    let declaring: Vec<String> = files
        .iter()
        .filter(|f| foreign_blocks(&std::fs::read_to_string(f).unwrap()) > 0)
        .map(|f| f.strip_prefix(judge_dir()).unwrap().display().to_string())
        .collect();
    let mut expected: Vec<String> = DECLARING.iter().map(|(p, _)| p.to_string()).collect();
    expected.sort();
    assert_eq!(
        declaring, expected,
        "the files with a block of foreign declarations"
    );
}
