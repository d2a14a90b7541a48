//! checkers_board: not implemented yet (see its issue). Reads stdin and fails loudly so
//! the judge reports every sample of this problem as failing.

use std::io::Read;

fn main() {
    let mut input = String::new();
    let _ = std::io::stdin().read_to_string(&mut input);
    eprintln!("checkers_board: not implemented");
    std::process::exit(1);
}
