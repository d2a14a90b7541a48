//! The statements' board figures: `<problem>/figures/figures.txt` lists
//! them (which input, which answer, which arrows), `--figures` draws each
//! into `<problem>/figures/<name>.svg`, and `--draw` draws any input (and
//! its answer) to standard output. A test holds the committed SVG files
//! equal to what the list draws today.

pub use crate::problems::Draw;
use crate::problems::Problem;
use std::fs;
use std::path::{Path, PathBuf};

/// The list of a problem's figures, in its folder `figures/`.
pub const LIST: &str = "figures.txt";

/// One line of a figure list: `NAME INPUT ANSWER [ARROW...]`, the files
/// relative to the list's folder, `-` for no input (the bare board) or no
/// answer; the arrows are the rest of the line.
#[derive(Debug, PartialEq, Eq)]
pub struct Figure {
    pub name: String,
    pub input: Option<String>,
    pub answer: Option<String>,
    pub arrows: String,
}

/// The figures of a list; `#` starts a comment line.
pub fn read_list(text: &str) -> Result<Vec<Figure>, String> {
    let mut figures = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut words = line.split_whitespace();
        let mut file = |what: &str| match words.next() {
            Some("-") => Ok(None),
            Some(path) => Ok(Some(path.to_string())),
            None => Err(format!("line {}: no {}", number + 1, what)),
        };
        let name = file("name")?.ok_or_else(|| format!("line {}: no name", number + 1))?;
        if !name
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        {
            return Err(format!(
                "line {}: a figure's name is [a-z0-9-]+, not {:?}",
                number + 1,
                name
            ));
        }
        let input = file("input (or -)")?;
        let answer = file("answer (or -)")?;
        let arrows = words.collect::<Vec<_>>().join(" ");
        figures.push(Figure {
            name,
            input,
            answer,
            arrows,
        });
    }
    Ok(figures)
}

/// A problem's figure folder.
pub fn folder(problem: &Problem) -> PathBuf {
    crate::workspace::root().join(problem.name).join("figures")
}

/// Each figure of a problem's list, drawn: (file name, SVG).
pub fn draw_all(problem: &Problem) -> Result<Vec<(String, String)>, String> {
    let dir = folder(problem);
    let list = read(&dir.join(LIST))?;
    let figures =
        read_list(&list).map_err(|why| format!("{}: {}", dir.join(LIST).display(), why))?;
    let mut drawn = Vec::new();
    for figure in figures {
        let input = match &figure.input {
            Some(path) => read(&dir.join(path))?,
            None => String::new(),
        };
        let answer = match &figure.answer {
            Some(path) => Some(read(&dir.join(path))?),
            None => None,
        };
        let svg = (problem.figure)(&input, answer.as_deref(), &figure.arrows)
            .map_err(|why| format!("{}, figure {}: {}", problem.name, figure.name, why))?;
        drawn.push((format!("{}.svg", figure.name), svg));
    }
    Ok(drawn)
}

/// `--figures`: writes every figure of every problem, and says so.
pub fn write_all(problems: &[&'static Problem]) -> Result<(), String> {
    for problem in problems {
        let dir = folder(problem);
        let drawn = draw_all(problem)?;
        for (file, svg) in &drawn {
            crate::files::write_whole_or_say(&dir.join(file), svg.as_bytes())?;
        }
        crate::text::say(&format!(
            "{}: {} figures in {}",
            problem.name,
            drawn.len(),
            dir.display()
        ));
    }
    Ok(())
}

/// `--draw FILE [--answer FILE] [--arrows PATHS]`: the board as SVG.
pub fn draw_one(
    problem: &Problem,
    input: &Path,
    answer: Option<&Path>,
    arrows: &str,
) -> Result<String, String> {
    let input = read(input)?;
    let answer = answer.map(read).transpose()?;
    (problem.figure)(&input, answer.as_deref(), arrows)
}

fn read(path: &Path) -> Result<String, String> {
    fs::read_to_string(path).map_err(|e| format!("cannot read {}: {}", path.display(), e))
}

/// `--figures` (every statement's figures written) or `--draw` (one input's
/// board printed).
pub fn draw_mode(options: &crate::options::Options) -> Result<(), String> {
    match &options.draw {
        None => write_all(&options.problems),
        Some(input) => {
            let answer = options.answer.as_deref();
            let arrows = options.arrows.as_deref().unwrap_or("");
            let svg = match options.problems.as_slice() {
                [problem] => draw_one(problem, input, answer, arrows)?,
                candidates => draw_inferred(candidates, input, answer, arrows)?,
            };
            crate::text::say(svg.trim_end());
            Ok(())
        }
    }
}

/// `--draw FILE` with no PROBLEM named: the board of the problem among
/// `candidates` whose folder holds FILE, the nearest folder named after one
/// (`samples/<problem>/`, `<problem>/figures/`), else of the only one whose
/// input format reads FILE (and the answer, when there is one). When none
/// or several do, the message says to name the PROBLEM.
fn draw_inferred(
    candidates: &[&'static Problem],
    input: &Path,
    answer: Option<&Path>,
    arrows: &str,
) -> Result<String, String> {
    let text = read(input)?;
    let answer = answer.map(read).transpose()?;
    let draw = |problem: &Problem| (problem.figure)(&text, answer.as_deref(), arrows);
    let path = fs::canonicalize(input).unwrap_or_else(|_| input.to_path_buf());
    let folder = path.ancestors().skip(1).find_map(|dir| {
        let name = dir.file_name()?.to_str()?;
        candidates.iter().find(|problem| problem.name == name)
    });
    if let Some(problem) = folder {
        return draw(problem).map_err(|why| {
            let (file, name) = (input.display(), problem.name);
            format!("--draw: {file} is in {name}'s folder, but is not its input: {why}")
        });
    }
    let read: Vec<&Problem> = candidates
        .iter()
        .copied()
        .filter(|p| draw(p).is_ok())
        .collect();
    let file = input.display();
    match read.as_slice() {
        [problem] => draw(problem),
        [] => Err(format!(
            "--draw: no problem reads {file} as its input: name the PROBLEM it is for to see \
             why, as in `judge PROBLEM --draw {file}`"
        )),
        several => Err(format!(
            "--draw: {file} reads as an input of {}: name the one it is for, as in \
             `judge {} --draw {file}`",
            several
                .iter()
                .map(|p| p.name)
                .collect::<Vec<_>>()
                .join(" or "),
            several[0].name
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problems::PROBLEMS;

    #[test]
    fn the_committed_figures_are_what_their_lists_draw() {
        for problem in PROBLEMS {
            let dir = folder(problem);
            let drawn = draw_all(problem).unwrap_or_else(|why| panic!("{}", why));
            assert!(drawn.len() >= 2, "{}: figures", problem.name);
            for (file, svg) in &drawn {
                // No move's number hides a square's (issue 31: 17 and 24).
                let covered = crate::svg_board::tests::rings_over_numbers(svg);
                assert!(covered.is_empty(), "{}: {:?}", file, covered);
                let committed = fs::read_to_string(dir.join(file)).unwrap_or_default();
                assert!(
                    committed == *svg,
                    "{}/figures/{} differs from what figures.txt draws: \
                     run `cargo run -p judge -- --figures`",
                    problem.name,
                    file
                );
            }
            // No stale figure: every SVG in the folder is one the list draws.
            for entry in fs::read_dir(&dir).unwrap() {
                let name = entry.unwrap().file_name().to_string_lossy().into_owned();
                if name.ends_with(".svg") {
                    assert!(
                        drawn.iter().any(|(file, _)| *file == name),
                        "{}/figures/{} is in no figures.txt line",
                        problem.name,
                        name
                    );
                }
            }
        }
    }

    #[test]
    fn draw_reads_an_input_and_its_answer() {
        let post_facto = PROBLEMS
            .iter()
            .find(|p| p.name == "checks_post_facto")
            .unwrap();
        let samples = crate::workspace::root()
            .join("samples")
            .join("checks_post_facto");
        let input = samples.join("03-backward-move-needs-king.in");
        let answer = samples.join("03-backward-move-needs-king.out");
        let svg = draw_one(post_facto, &input, Some(&answer), "").unwrap();
        assert!(svg.contains(">After</text>"), "{}", svg);
        let moves = draw_one(post_facto, &input, None, "").unwrap();
        assert!(!moves.contains(">After</text>") && moves.contains("<polyline"));
        assert!(
            draw_one(post_facto, &answer, None, "").is_err(),
            "not a move list"
        );
        let missing = samples.join("no-such-file.in");
        let why = draw_one(post_facto, &missing, None, "").unwrap_err();
        assert!(why.starts_with("cannot read ") && why.contains("no-such-file.in"));
        let why = draw_one(post_facto, &input, Some(&input), "").unwrap_err();
        assert!(why.contains("expected 8 lines"), "{}", why);
    }

    #[test]
    fn a_list_line_names_its_files_and_arrows() {
        let list = "# comment\n\nboard - -\nex a.in a.out c3-d4 e5:c7:e1\n";
        let figures = read_list(list).unwrap();
        assert_eq!(figures.len(), 2);
        assert_eq!(figures[0].input, None);
        assert_eq!(figures[1].answer.as_deref(), Some("a.out"));
        assert_eq!(figures[1].arrows, "c3-d4 e5:c7:e1");
        assert!(read_list("Bad_Name - -\n").is_err());
        assert!(read_list("name\n").unwrap_err().contains("line 1"));
    }
}
