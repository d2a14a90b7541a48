mod checks_post_facto;
mod solitaire_chess;

fn main() {
    let _ = solitaire_chess::check("", "", "");
    let _ = checks_post_facto::check("", "", "");
}
