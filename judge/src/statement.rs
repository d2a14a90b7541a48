//! A problem package's statement: `<problem>/README.md` without what
//! speaks to this repository's readers only, made LaTeX by pandoc for the
//! legacy format's `problem_statement/problem.en.tex`, and its board figures
//! (`<problem>/figures/*.svg`) converted beside it by `rsvg-convert`: PDF for
//! the PDF statement (LaTeX picks `.pdf` first) and PNG for the HTML one
//! (problemtools' plasTeX picks `.png` first), both named by
//! `\includegraphics{<name>}` without an extension.

use std::fs;
use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

/// Writes the statement of the problem titled `title` from `readme` into
/// `dest` (`problem_statement/`): `problem.en.tex` and each figure it shows,
/// from `figures` (the problem's `figures/` folder). Says how many figures.
pub fn write(title: &str, readme: &str, figures: &Path, dest: &Path) -> Result<usize, String> {
    let markdown = statement_markdown(readme);
    let widths = figure_widths(&markdown, figures)?;
    let tex = statement_tex(title, &markdown, &widths)?;
    crate::files::write_whole_or_say(&dest.join("problem.en.tex"), tex.as_bytes())?;
    for (name, _) in &widths {
        let svg = figures.join(format!("{}.svg", name));
        convert(&svg, &dest.join(format!("{}.pdf", name)), "pdf")?;
        convert(&svg, &dest.join(format!("{}.png", name)), "png")?;
    }
    Ok(widths.len())
}

/// The name of the figure a line shows, `![...](figures/<name>.svg)`.
fn figure_name(line: &str) -> Option<&str> {
    let line = line.trim();
    let target = line.strip_prefix("![")?.split_once("](figures/")?.1;
    let name = target.strip_suffix(".svg)")?;
    let plain = |b: u8| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-';
    (!name.is_empty() && name.bytes().all(plain)).then_some(name)
}

/// Each figure the statement shows, with the share of the text's width it
/// gets: its width in pixels over `PIXELS_PER_TEXT_WIDTH`, from `MIN_SHARE`
/// (a small board stays readable) to `MAX_SHARE` (one 8x8 board takes about
/// a third of the width, two side by side about four fifths).
pub fn figure_widths(markdown: &str, figures: &Path) -> Result<Vec<(String, f64)>, String> {
    const PIXELS_PER_TEXT_WIDTH: f64 = 1100.0;
    const MIN_SHARE: f64 = 0.3;
    const MAX_SHARE: f64 = 0.95;
    let mut widths = Vec::new();
    for name in markdown.lines().filter_map(figure_name) {
        let path = figures.join(format!("{}.svg", name));
        let svg = fs::read_to_string(&path)
            .map_err(|e| format!("cannot read the figure {}: {}", path.display(), e))?;
        let pixels = svg_width(&svg)
            .ok_or_else(|| format!("{}: no width=\"...\" in its <svg>", path.display()))?;
        let share = (pixels / PIXELS_PER_TEXT_WIDTH).clamp(MIN_SHARE, MAX_SHARE);
        widths.push((name.to_string(), share));
    }
    Ok(widths)
}

/// The `width` of an SVG document's root element, in pixels.
fn svg_width(svg: &str) -> Option<f64> {
    let root = &svg[svg.find("<svg")?..];
    let root = &root[..root.find('>')?];
    let value = root.split_once(" width=\"")?.1.split('"').next()?;
    value.parse().ok()
}

/// `svg` converted to `format` (`pdf` or `png`) at `to`, by rsvg-convert.
/// A PNG gets twice the SVG's pixels, for sharp boards on a fine screen.
fn convert(svg: &Path, to: &Path, format: &str) -> Result<(), String> {
    let mut command = Command::new("rsvg-convert");
    command.arg("--format").arg(format).arg("--output").arg(to);
    if format == "png" {
        command.args(["--zoom", "2"]);
    }
    let out = crate::os::output(command.arg(svg).stdin(Stdio::null()))
        .map_err(|e| format!("cannot run rsvg-convert: {}", e))?;
    if !out.status.success() {
        return Err(format!(
            "rsvg-convert could not convert {}: {}",
            svg.display(),
            String::from_utf8_lossy(&out.stderr).trim()
        ));
    }
    Ok(())
}

/// rsvg-convert's version, or a clear error when it is not installed.
pub fn rsvg_convert_version() -> Result<String, String> {
    let out = crate::os::output(
        Command::new("rsvg-convert")
            .arg("--version")
            .stdin(Stdio::null()),
    )
    .map_err(|e| {
        format!(
            "--export needs rsvg-convert to turn the statements' SVG figures into PDF \
                 and PNG ({}): install it (Debian: apt-get install librsvg2-bin)",
            e
        )
    })?;
    Ok(String::from_utf8_lossy(&out.stdout).trim().to_string())
}

/// The statement's Markdown: `<problem>/README.md` without what only makes
/// sense inside this repository. The rule, line by line outside code blocks:
/// - the first line, the `# <problem>` title, goes (the statement's title is
///   the package's name, from `problem.yaml`);
/// - a paragraph that links to the solution, `(src/main.rs)`, goes;
/// - a figure, `![what it shows](figures/<name>.svg)` alone in its
///   paragraph, stays (see [`statement_tex`]);
/// - a link to anything but a web page (`http...`) becomes its text, so
///   ``[`01-seed.in`](../samples/...)`` becomes `` `01-seed.in` `` and
///   `[Input](#input)` becomes `Input`; but a link to a file in parentheses
///   of its own, ``([`judge/src/x.rs`](../judge/src/x.rs))``, goes with them,
///   and so does a line left empty by that.
pub fn statement_markdown(readme: &str) -> String {
    let mut lines: Vec<&str> = readme.lines().collect();
    if lines.first().is_some_and(|l| l.starts_with("# ")) {
        lines.remove(0);
    }
    let mut out = String::new();
    let mut in_code = false;
    let mut repository_only = false;
    let mut paragraph: Vec<&str> = Vec::new();
    for line in lines {
        if line.trim() == REPOSITORY_ONLY || line.trim() == END_OF_REPOSITORY_ONLY {
            flush(&mut paragraph, &mut out);
            repository_only = line.trim() == REPOSITORY_ONLY;
        } else if repository_only {
            // What only this repository's solution does (the variants it
            // tolerates, its error messages, its memory): not the contest's.
        } else if line.trim_start().starts_with("```") {
            flush(&mut paragraph, &mut out);
            in_code = !in_code;
            out.push_str(line);
            out.push('\n');
        } else if in_code {
            out.push_str(line);
            out.push('\n');
        } else if line.trim().is_empty() {
            flush(&mut paragraph, &mut out);
            out.push('\n');
        } else {
            paragraph.push(line);
        }
    }
    flush(&mut paragraph, &mut out);
    out.trim_start().to_string()
}

/// In a statement, the lines between these two are about this repository's
/// solution alone, and the package's statement leaves them out.
pub const REPOSITORY_ONLY: &str = "<!-- repository only -->";
pub const END_OF_REPOSITORY_ONLY: &str = "<!-- end of repository only -->";

/// Ends a paragraph: writes it out, unless it points to the solution or is
/// nothing but a link to a sample file (the worked examples name theirs; in
/// a package, some are secret tests and some are not there at all).
fn flush(paragraph: &mut Vec<&str>, out: &mut String) {
    if paragraph.len() == 1 && figure_name(paragraph[0]).is_some() {
        // A figure stays as it is: `statement_tex` places it.
        out.push_str(paragraph[0].trim_end());
        out.push('\n');
        paragraph.clear();
        return;
    }
    let only_a_sample_link = paragraph.len() == 1
        && paragraph[0].starts_with("[`")
        && paragraph[0].contains("](../samples/");
    if !only_a_sample_link && !paragraph.iter().any(|l| l.contains("](src/main.rs)")) {
        for line in paragraph.iter() {
            let line = local_links_as_text(line);
            if !line.trim().is_empty() {
                out.push_str(&line);
                out.push('\n');
            }
        }
    }
    paragraph.clear();
}

/// `[text](target)` becomes `text`, unless the target is a web address; a
/// link to a file in parentheses of its own goes with them.
fn local_links_as_text(line: &str) -> String {
    let mut out = String::new();
    let mut rest = line;
    while let Some(open) = rest.find('[') {
        let link = rest[open..].find("](").and_then(|mid| {
            let close = rest[open + mid..].find(')')?;
            Some((open + mid, open + mid + close))
        });
        let Some((mid, close)) = link else { break };
        let text = &rest[open + 1..mid];
        let target = &rest[mid + 2..close];
        let web = target.starts_with("http://") || target.starts_with("https://");
        let file = !web && !target.starts_with('#');
        let before = &rest[..open];
        let after = &rest[close + 1..];
        if file && before.ends_with('(') && after.starts_with(')') {
            out.push_str(before[..before.len() - 1].trim_end());
            rest = &after[1..];
            continue;
        }
        out.push_str(before);
        out.push_str(if web { &rest[open..=close] } else { text });
        rest = after;
    }
    out.push_str(rest);
    out
}

/// The statement in LaTeX, as the legacy format's `problem.en.tex` wants
/// it: `\problemname{...}`, then the body, which pandoc writes; its sections
/// are unnumbered, as in a contest's problem set. Each figure line becomes
/// the figure, centred, `widths` giving its share of the text's width
/// (which problemtools' HTML turns into a percentage).
pub fn statement_tex(
    title: &str,
    markdown: &str,
    widths: &[(String, f64)],
) -> Result<String, String> {
    // A figure goes through pandoc as a placeholder word of its own
    // paragraph, then becomes LaTeX that pandoc would not write.
    let placeholder = |i: usize| format!("FIGUREPLACEHOLDER{}", i);
    let mut figures = 0;
    let mut text = String::new();
    for line in markdown.lines() {
        if figure_name(line).is_some() {
            // Indented as the figure is: in a list item, it stays there.
            text += &line[..line.len() - line.trim_start().len()];
            text += &placeholder(figures);
            figures += 1;
        } else {
            text += line;
        }
        text.push('\n');
    }
    if figures != widths.len() {
        return Err(format!(
            "the statement shows {} figures, {} given",
            figures,
            widths.len()
        ));
    }
    let mut body = pandoc(&text)?
        .replace("\\section{", "\\section*{")
        .replace("\\subsection{", "\\subsection*{");
    for (i, (name, share)) in widths.iter().enumerate().rev() {
        let figure = format!(
            "\\begin{{center}}\n\\includegraphics[width={:.2}\\textwidth]{{{}}}\n\\end{{center}}",
            share, name
        );
        body = body.replace(&placeholder(i), &figure);
    }
    Ok(format!("\\problemname{{{}}}\n\n{}", title, body))
}

/// GitHub-flavoured Markdown made LaTeX by pandoc, headings one level up
/// (the README's `##` sections are the statement's sections).
fn pandoc(markdown: &str) -> Result<String, String> {
    let mut command = Command::new("pandoc");
    command
        .args(["--from=gfm", "--to=latex", "--shift-heading-level-by=-1"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    // In a guarded process group: pandoc dies with the judge.
    let (mut pandoc, _group) = crate::os::LiveGroup::spawn(&mut command)
        .map_err(|e| format!("cannot run pandoc: {}", e))?;
    let mut stdin = pandoc.stdin.take().expect("piped");
    let feeding = std::thread::scope(|scope| {
        let feeder = scope.spawn(move || stdin.write_all(markdown.as_bytes()));
        let out = pandoc.wait_with_output();
        (feeder.join().expect("no panic"), out)
    });
    let out = match feeding {
        (Ok(()), Ok(out)) => out,
        (Err(e), _) | (_, Err(e)) => return Err(format!("pandoc failed: {}", e)),
    };
    if !out.status.success() {
        let why = String::from_utf8_lossy(&out.stderr);
        return Err(format!("pandoc failed: {}", why.trim()));
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problems::PROBLEMS;

    fn read(path: &Path) -> String {
        fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {}", path.display(), e))
    }

    #[test]
    fn the_package_statements_say_nothing_of_this_repository() {
        let root = crate::workspace::root();
        for problem in PROBLEMS {
            let readme = read(&root.join(problem.name).join("README.md"));
            let starts = readme.matches(REPOSITORY_ONLY).count();
            assert!(starts >= 2, "{}: repository-only parts", problem.name);
            assert_eq!(
                starts,
                readme.matches(END_OF_REPOSITORY_ONLY).count(),
                "{}: every repository-only part ends",
                problem.name
            );
            let statement = statement_markdown(&readme);
            // The figures' lines are the only links left.
            let statement: String = statement
                .lines()
                .filter(|line| figure_name(line).is_none())
                .map(|line| format!("{}\n", line))
                .collect();
            // What speaks to the repository's readers in words is checked on
            // the rendered statement (statements.rs); here, what is left of
            // the repository's markup and the solution's memory note.
            for word in ["few MB", "](", "<!--", "../samples"] {
                assert!(
                    !statement.contains(word),
                    "{}'s package statement says {:?}:\n{}",
                    problem.name,
                    word,
                    statement
                );
            }
            for kept in ["## Input", "## Output", "## Limits", "## Worked examples"] {
                assert!(statement.contains(kept), "{}: {}", problem.name, kept);
            }
        }
    }

    #[test]
    fn the_statement_drops_the_title_and_the_pointer_to_the_solution() {
        let readme = "# checkers_board\n\nSource: TopCoder.\n\n\
                      The solution is [`src/main.rs`](src/main.rs). Its samples are in\n\
                      [`../samples/x/`](../samples/x/).\n\n## Input\n\nText.\n";
        assert_eq!(
            statement_markdown(readme),
            "Source: TopCoder.\n\n\n## Input\n\nText.\n"
        );
    }

    #[test]
    fn local_links_become_their_text_and_web_links_stay() {
        let line = "see [Input](#input), [`a.in`](../samples/p/a.in) and [it](https://x.org/).";
        assert_eq!(
            local_links_as_text(line),
            "see Input, `a.in` and [it](https://x.org/)."
        );
        assert_eq!(local_links_as_text("a [b] c (d)"), "a [b] c (d)");
        assert_eq!(
            local_links_as_text("Its checker ([`x.rs`](../judge/x.rs)) replays"),
            "Its checker replays"
        );
        assert_eq!(local_links_as_text("([`x.rs`](../judge/x.rs))"), "");
        assert_eq!(local_links_as_text("(see [Input](#input))"), "(see Input)");
    }

    #[test]
    fn a_line_left_empty_goes_and_the_paragraph_stays_whole() {
        let readme = "# t\n\nIts checker\n([`x.rs`](../judge/x.rs))\nreplays.\n";
        assert_eq!(statement_markdown(readme), "Its checker\nreplays.\n");
    }

    #[test]
    fn code_blocks_are_kept_as_they_are() {
        let readme = "# t\n\n```\n[x](src/main.rs)\n\n[y](#y)\n```\n";
        assert_eq!(
            statement_markdown(readme),
            "```\n[x](src/main.rs)\n\n[y](#y)\n```\n"
        );
    }

    #[test]
    fn figure_lines_are_kept_and_named() {
        assert_eq!(
            figure_name("![A board](figures/man-moves.svg)"),
            Some("man-moves")
        );
        assert_eq!(figure_name("![A board](figures/x.png)"), None);
        assert_eq!(figure_name("![A board](../figures/x.svg)"), None);
        assert_eq!(figure_name("[A board](figures/x.svg)"), None);
        let readme = "# t\n\nText [a](#a).\n\n![The board](figures/board.svg)\n";
        assert_eq!(
            statement_markdown(readme),
            "Text a.\n\n![The board](figures/board.svg)\n"
        );
    }

    #[test]
    fn the_svg_width_is_read_from_its_root() {
        let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"412\" height=\"9\">";
        assert_eq!(svg_width(svg), Some(412.0));
        assert_eq!(svg_width("<svg height=\"9\">"), None);
    }

    #[test]
    fn every_figure_a_statement_shows_is_drawn_and_every_drawn_one_shown() {
        for problem in PROBLEMS {
            let home = crate::workspace::root().join(problem.name);
            let readme = read(&home.join("README.md"));
            let shown: Vec<&str> = readme.lines().filter_map(figure_name).collect();
            let drawn = crate::svg_figures::draw_all(problem).unwrap();
            for (file, _) in &drawn {
                let name = file.trim_end_matches(".svg");
                assert!(
                    shown.contains(&name),
                    "{}: {} is not shown",
                    problem.name,
                    file
                );
            }
            let widths = figure_widths(&statement_markdown(&readme), &home.join("figures"))
                .unwrap_or_else(|why| panic!("{}: {}", problem.name, why));
            assert_eq!(
                widths.len(),
                shown.len(),
                "{}: all shown in the package",
                problem.name
            );
            assert!(widths.iter().all(|(_, share)| (0.3..=0.95).contains(share)));
        }
    }

    #[test]
    fn a_figure_becomes_a_centred_graphic_of_its_share_of_the_width() {
        if Command::new("pandoc").arg("--version").output().is_err() {
            eprintln!("pandoc is not installed: the LaTeX is not checked here");
            return;
        }
        let markdown = "Before.\n\n![The board](figures/board.svg)\n\nAfter.\n";
        let tex = statement_tex("T", markdown, &[("board".to_string(), 0.5)]).unwrap();
        assert!(
            tex.contains(
                "\\begin{center}\n\\includegraphics[width=0.50\\textwidth]{board}\n\\end{center}"
            ),
            "{}",
            tex
        );
        assert!(tex.starts_with("\\problemname{T}") && tex.contains("After."));
        assert!(statement_tex("T", markdown, &[]).is_err());
    }
}
