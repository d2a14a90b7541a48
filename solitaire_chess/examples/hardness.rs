//! Hardness benchmark for the solitaire_chess solver: how much search the hardest boards
//! need, counted by the solver itself (calls of its search and dead ends recorded), which
//! does not depend on the machine's load.
//!
//! cargo run --release -p solitaire_chess --example hardness -- known
//!     the known hard boards (the samples named hard* and others): calls, dead ends,
//!     answer, time in this process
//! cargo run --release -p solitaire_chess --example hardness -- climb [SEED] [ROUNDS] [STEPS] [KINDS]
//!     hill-climb from random boards of the given kinds (default BPN, the hardest known),
//!     scored by calls; prints the hardest boards found (defaults: seed 1, 10 rounds of
//!     1000 steps)
//! cargo run --release -p solitaire_chess --example hardness -- board BOARD...
//!     the figures of the given boards (16-character one-line form)
//! cargo run --release -p solitaire_chess --example hardness -- ablate
//!     calls/dead ends of the known boards with every cut, and with each cut switched off
//! cargo run --release -p solitaire_chess --example hardness -- orders [RANDOM] [BOARD...]
//!     25 single move orders (no turn-taking) on RANDOM random solvable boards (default
//!     300, fixed seed) and on the given boards (default the known ones)
//!
//! Every mode is deterministic: fixed seeds, and calls do not depend on timing. Three
//! environment variables change the solver for an experiment: HARDNESS_ORDER=SPNBRKQ/
//! QKRBNP searches with that one order (victim kinds, then mover kinds; S is a stuck
//! piece), HARDNESS_PORTFOLIO=ORDER,ORDER,... takes turns with those orders, and
//! HARDNESS_OFF=entries,zones,... switches cuts off (names as in `Cuts::NAMES`).

#[allow(dead_code)]
#[path = "../src/main.rs"]
mod solver;

use std::time::Instant;

/// Boards found hard so far (hill-climbs on calls, with several seeds and move orders),
/// the hardest first within each group: unsolvable, then solvable, then the samples'
/// other hard boards. The first two are samples 28 and 29.
const KNOWN: &[&str] = &[
    "NPPNNN.BB.NBBPBB",
    "BBBBBN.PP.NPNBNN",
    "BBPBBN.BB.NPNPNN",
    "NPBBB.NBNN.BNPPB",
    "BPBBB.NBPN.BNNPN",
    "NNBBPN.PP.NBNBBB",
    "BBPBBN.BP.NNNBPN",
    "BPPBBBBBN..NPNNP",
    "PNBPN.BPNPBNNBNB",
    "PBBNBPBPB.BPPPNN",
    "NNPNPBBBP.PBPBPB",
    "BPPPBBPBNB..BPPB",
    "BBBNBNBPP.NPPBNN",
    "PNPNPN.BBNBBBPPP",
    "NNBNPN.PPPNBBBBB",
    "PKPPPKKKK..BPNNP",
    "NPPKBNPNK.KNPKQR",
    "PPBPPPPPPRNBBPBP",
    "PPPPPPPPPPPPPPPP",
];

/// (calls, dead ends, solvable) of one board.
fn measure(board: &str) -> (u64, u64, bool) {
    measure_with(board, solver::Cuts::ALL)
}

fn measure_with(board: &str, cuts: solver::Cuts) -> (u64, u64, bool) {
    let position = solver::parse_board_text(board).expect("a board of 16 squares");
    let mut cuts = cuts;
    if let Ok(off) = std::env::var("HARDNESS_OFF") {
        for (name, switch_off) in solver::Cuts::NAMES.iter() {
            if off.split(',').any(|o| o == *name) {
                cuts = switch_off(cuts);
            }
        }
    }
    let mut s = solver::Solver::with_cuts(cuts);
    if let Some((victims, movers)) = order_from_env() {
        s.victim_order = victims;
        s.mover_order = movers;
        s.portfolio.clear();
    }
    if let Ok(list) = std::env::var("HARDNESS_PORTFOLIO") {
        s.portfolio = list.split(',').filter_map(parse_order).collect();
    }
    let found = s.solve(position).is_some();
    (s.calls, s.dead, found)
}

/// For every cut, the calls and dead ends of the known boards without it, next to the
/// full search: what each cut buys.
fn ablate(boards: &[&str]) {
    let all = solver::Cuts::ALL;
    let mut variants: Vec<(&str, solver::Cuts)> = vec![("all cuts", all)];
    for (name, off) in solver::Cuts::NAMES.iter() {
        variants.push((name, off(all)));
    }
    print!("{:<18}", "board");
    for (name, _) in &variants {
        let label = if *name == "all cuts" {
            name.to_string()
        } else {
            format!("no {}", name)
        };
        print!(" {:>20}", label);
    }
    println!();
    for board in boards {
        print!("{:<18}", board);
        for (_, cuts) in &variants {
            let (calls, dead, _) = measure_with(board, *cuts);
            print!(" {:>10}/{:<9}", calls, dead);
        }
        println!();
    }
    println!("(calls/dead ends)");
}

/// The piece code of a letter (S for a stuck piece).
fn code(c: u8) -> u8 {
    match c {
        b'K' => 1,
        b'Q' => 2,
        b'R' => 3,
        b'B' => 4,
        b'N' => 5,
        b'P' => 6,
        _ => 7,
    }
}

/// HARDNESS_ORDER=SPNBRKQ/QKRBNP (victim kinds, then mover kinds) replaces the solver's
/// move order, to climb against another order.
fn order_from_env() -> Option<([u8; 7], [u8; 6])> {
    parse_order(&std::env::var("HARDNESS_ORDER").ok()?)
}

/// An order written SPNBRKQ/QKRBNP: victim kinds, then mover kinds.
fn parse_order(text: &str) -> Option<([u8; 7], [u8; 6])> {
    let (v, m) = text.split_at(text.find('/')?);
    let (v, m) = (v.as_bytes(), &m.as_bytes()[1..]);
    if v.len() != 7 || m.len() != 6 {
        return None;
    }
    let mut victims = [0u8; 7];
    let mut movers = [0u8; 6];
    for (o, &c) in victims.iter_mut().zip(v) {
        *o = code(c);
    }
    for (o, &c) in movers.iter_mut().zip(m) {
        *o = code(c);
    }
    Some((victims, movers))
}

/// Move orders to compare: (name, victim kinds in order, mover kinds in order).
type Order = (&'static str, [u8; 7], [u8; 6]);

fn order_candidates() -> Vec<Order> {
    let victims: [(&str, [u8; 7]); 5] = [
        ("v:S-P-N-B", *b"SPNBRKQ"),
        ("v:S-N-P-B", *b"SNPBRKQ"),
        ("v:S-B-P-N", *b"SBPNRKQ"),
        ("v:S-P-B-N", *b"SPBNRKQ"),
        ("v:S-strong", *b"SQKRBNP"),
    ];
    let movers: [(&str, [u8; 6]); 5] = [
        ("m:P-N-B", *b"PNBRKQ"),
        ("m:N-P-B", *b"NPBRKQ"),
        ("m:B-P-N", *b"BPNRKQ"),
        ("m:P-B-N", *b"PBNRKQ"),
        ("m:strong", *b"QKRBNP"),
    ];
    let mut out = Vec::new();
    for (vn, v) in victims.iter() {
        for (mn, m) in movers.iter() {
            let name: &'static str = Box::leak(format!("{} {}", vn, mn).into_boxed_str());
            let mut vo = [0u8; 7];
            let mut mo = [0u8; 6];
            for (o, &c) in vo.iter_mut().zip(v.iter()) {
                *o = code(c);
            }
            for (o, &c) in mo.iter_mut().zip(m.iter()) {
                *o = code(c);
            }
            out.push((name, vo, mo));
        }
    }
    out
}

fn calls_with_order(board: &str, order: &Order) -> (u64, bool) {
    let position = solver::parse_board_text(board).expect("a board of 16 squares");
    let mut s = solver::Solver::new();
    s.victim_order = order.1;
    s.mover_order = order.2;
    s.portfolio.clear();
    let found = s.solve(position).is_some();
    (s.calls, found)
}

/// Every candidate move order on the solvable hard boards given and on `random` random
/// solvable boards of 12 to 16 pieces (bishops, pawns, knights, and a king or two): the
/// total and the largest number of calls, so an order can be chosen by data.
fn orders(hard: &[&str], random: usize) {
    let mut rng = Rng(99);
    let mut boards: Vec<String> = Vec::new();
    while boards.len() < random {
        let mut cells = [b'.'; 16];
        let pieces = 12 + rng.below(5);
        for cell in cells.iter_mut().take(pieces) {
            *cell = b"BPNBPNBPNK"[rng.below(10)];
        }
        for i in (1..16).rev() {
            cells.swap(i, rng.below(i + 1));
        }
        let text = String::from_utf8(cells.to_vec()).expect("ASCII");
        if measure(&text).2 {
            boards.push(text);
        }
    }
    println!(
        "{:<22} {:>12} {:>10}   the given hard boards",
        "order", "random sum", "random max"
    );
    for order in order_candidates() {
        let (mut sum, mut max) = (0, 0);
        for b in &boards {
            let (c, _) = calls_with_order(b, &order);
            sum += c;
            max = max.max(c);
        }
        print!("{:<22} {:>12} {:>10}  ", order.0, sum, max);
        let mut hard_sum = 0;
        for b in hard {
            let (c, _) = calls_with_order(b, &order);
            hard_sum += c;
            print!(" {:>6}", c);
        }
        println!("  = {}", hard_sum);
    }
}

fn report(board: &str) {
    let start = Instant::now();
    let (calls, dead, found) = measure(board);
    let ms = start.elapsed().as_secs_f64() * 1000.0;
    println!(
        "{}  {:>9} calls  {:>8} dead ends  {:<10}  {:>8.3} ms",
        board,
        calls,
        dead,
        if found { "solvable" } else { "unsolvable" },
        ms
    );
}

/// splitmix64, so that every run with the same seed climbs the same way.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// One random change: a square gets another mark (a piece of `kinds` or empty, empty
/// less often), or two squares swap.
fn mutate(rng: &mut Rng, board: &[u8; 16], kinds: &[u8]) -> [u8; 16] {
    let mut next = *board;
    if rng.below(2) == 0 {
        let i = rng.below(kinds.len() + 1);
        next[rng.below(16)] = if i == kinds.len() { b'.' } else { kinds[i] };
    } else {
        next.swap(rng.below(16), rng.below(16));
    }
    next
}

/// Random starts, each climbed by `steps` mutations that keep a change when it does not
/// lower the calls. Boards start with 12 to 16 pieces drawn from `kinds`, and mutations
/// only bring in those kinds (or empty squares).
fn climb(seed: u64, rounds: usize, steps: usize, kinds: &[u8]) {
    let mut rng = Rng(seed);
    let mut best: Vec<(u64, String, u64, bool)> = Vec::new();
    let mut evaluated = 0u64;
    let mut total_calls = 0u64;
    let start = Instant::now();
    for _ in 0..rounds {
        let mut board = [b'.'; 16];
        let pieces = 12 + rng.below(5);
        for cell in board.iter_mut().take(pieces) {
            *cell = kinds[rng.below(kinds.len())];
        }
        for i in (1..16).rev() {
            board.swap(i, rng.below(i + 1));
        }
        let text = |b: &[u8; 16]| String::from_utf8(b.to_vec()).expect("ASCII");
        let (mut calls, mut dead, mut found) = measure(&text(&board));
        for _ in 0..steps {
            let next = mutate(&mut rng, &board, kinds);
            let (c, d, f) = measure(&text(&next));
            evaluated += 1;
            total_calls += c;
            if c >= calls {
                board = next;
                calls = c;
                dead = d;
                found = f;
            }
        }
        best.push((calls, text(&board), dead, found));
    }
    best.sort_by(|a, b| b.cmp(a));
    best.dedup_by(|a, b| a.1 == b.1);
    println!(
        "climb seed {} kinds {}: {} rounds of {} steps, {} boards solved in {:.1} s, {:.0} calls on average",
        seed,
        String::from_utf8_lossy(kinds),
        rounds,
        steps,
        evaluated,
        start.elapsed().as_secs_f64(),
        total_calls as f64 / evaluated.max(1) as f64
    );
    println!("hardest boards found (calls, dead ends):");
    for (calls, board, dead, found) in best.iter().take(10) {
        println!(
            "{}  {:>9} calls  {:>8} dead ends  {}",
            board,
            calls,
            dead,
            if *found { "solvable" } else { "unsolvable" }
        );
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |i: usize, default: u64| {
        args.get(i)
            .map(|a| a.parse().expect("a number"))
            .unwrap_or(default)
    };
    match args.first().map(|a| a.as_str()) {
        Some("climb") => climb(
            number(1, 1),
            number(2, 10) as usize,
            number(3, 1000) as usize,
            args.get(4).map_or(&b"BPN"[..], |k| k.as_bytes()),
        ),
        Some("board") => args[1..].iter().for_each(|b| report(b)),
        Some("ablate") => ablate(KNOWN),
        Some("orders") => {
            let hard: Vec<&str> = args[2..].iter().map(|a| a.as_str()).collect();
            orders(
                if hard.is_empty() { KNOWN } else { &hard },
                number(1, 300) as usize,
            )
        }
        Some("known") | None => KNOWN.iter().for_each(|b| report(b)),
        Some(other) => {
            eprintln!("hardness: unknown mode {:?} (known, climb, board)", other);
            std::process::exit(2);
        }
    }
}
