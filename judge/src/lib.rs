//! The judge as a library: everything `judge` does, in layers that point one
//! way (each module uses only those listed before it):
//!
//! - sys, os, files, text, json, rng, workspace, command: leaves (the system calls,
//!   checked against the system headers; the judge's own signals, writing a
//!   file whole, printing, JSON writing, random numbers, where files are, how
//!   `--cmd` is started);
//! - svg, svg_board: drawing boards as SVG (the problems' `figure.rs` draw
//!   with them);
//! - lines, problems: the table of problems, each a folder (checker,
//!   picture, generator, shrinker, canonical form, failing submissions);
//! - supervise, run: running a program under limits;
//! - verdict, build, model, pool: deciding a verdict, building programs,
//!   the data judged and reported, the worker pool;
//! - options, suite, report, stress, statement, mutants, export, svg_figures: the
//!   modes of the command line (judging, stressing, package statements and
//!   export, figures).
//!
//! `tests/shape.rs` holds the layers to no import cycle (its output lists
//! who imports whom). `src/main.rs` is the thin binary: options in, mode chosen, exit status out.

pub mod build;
pub mod command;
pub mod environment;
pub mod export;
pub mod files;
pub mod json;
pub mod lines;
pub mod model;
pub mod mutants;
pub mod options;
pub mod os;
pub mod pool;
pub mod problems;
pub mod report;
pub mod rng;
pub mod run;
pub mod statement;
#[cfg(test)]
mod statements;
pub mod stress;
pub mod suite;
// The supervisor is built only where the sys room's numbers are checked
// (`cfg(supervised)`, set by `judge/build.rs`).
#[cfg(supervised)]
pub mod supervise;
pub mod svg;
pub mod svg_board;
pub mod svg_figures;
pub mod sys;
pub mod text;
pub mod verdict;
pub mod workspace;
