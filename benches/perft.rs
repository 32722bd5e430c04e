//! Speed, measured: perft nodes per second of the code mbn generates, of the reference interpreter
//! and of the fastest hand-written Rust chess move generators (cozy-chess, shakmaty), all with bulk
//! counting, in one run on one machine; plus the cost of the code generator itself.
//!
//! `cargo bench --bench perft` (add `-- quick` for a short run). Results are in docs/PERFORMANCE.md.
//! `cargo bench --bench perft -- once <variant> <start|kiwipete|FEN> <depth>` runs one perft of the
//! generated code and prints its node count, for instruction counts under callgrind.

use mbn::codegen::emit::{emit_variant, format, EmitOptions};
use mbn::codegen::interp::Interpreter;
use mbn::codegen::syntax::xbetza::{
    self,
    translate::{to_mbn, to_xbetza},
};
use mbn::codegen::variant::{Variant, VariantSpec};
use mbn::runtime::{perft, Bitboard, MoveGenerator, Position};
use std::time::{Duration, Instant};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// Runs `f` (which returns a node count) until `budget` is spent, at least twice; the best speed.
fn measure(budget: Duration, mut f: impl FnMut() -> u64) -> (u64, f64) {
    let start = Instant::now();
    let mut best = 0.0_f64;
    let mut nodes = 0;
    let mut runs = 0;
    while runs < 2 || start.elapsed() < budget {
        let t = Instant::now();
        nodes = f();
        best = best.max(nodes as f64 / t.elapsed().as_secs_f64());
        runs += 1;
    }
    (nodes, best)
}

fn row(what: &str, engine: &str, depth: u32, (nodes, nps): (u64, f64)) -> f64 {
    println!("| {what:<22} | {engine:<12} | {depth} | {nodes:>11} | {:>8.1} |", nps / 1e6);
    nps
}

/// Perft with bulk counting with cozy-chess.
fn cozy_perft(board: &cozy_chess::Board, depth: u32) -> u64 {
    let mut nodes = 0;
    if depth == 1 {
        board.generate_moves(|moves| {
            nodes += moves.len() as u64;
            false
        });
    } else {
        board.generate_moves(|moves| {
            for mv in moves {
                let mut next = board.clone();
                next.play_unchecked(mv);
                nodes += cozy_perft(&next, depth - 1);
            }
            false
        });
    }
    nodes
}

fn interpreter(name: &str) -> Interpreter {
    let variant = Variant::from_toml(mbn::variants::find(name).expect("bundled"), name).expect("loads");
    Interpreter::new(&variant).expect("runs")
}

struct Generated {
    depth: u32,
    budget: Duration,
}

impl mbn::generated::Visitor for Generated {
    type Output = (u64, f64);

    fn visit<B: Bitboard, G: MoveGenerator<B>>(self, generator: &G, position: Position<B>) -> (u64, f64) {
        let mut pos = position;
        if self.budget.is_zero() {
            // One run (`once`): instruction counts, not speed.
            return (perft(generator, &mut pos, self.depth), 0.0);
        }
        measure(self.budget, || perft(generator, &mut pos, self.depth))
    }
}

fn generated(name: &str, fen: Option<&str>, depth: u32, budget: Duration) -> (u64, f64) {
    mbn::generated::visit(name, fen, Generated { depth, budget }).expect("generated").expect("valid FEN")
}

fn interpreted(name: &str, fen: &str, depth: u32, budget: Duration) -> (u64, f64) {
    let interp = interpreter(name);
    let variant = Variant::from_toml(mbn::variants::find(name).expect("bundled"), name).expect("loads");
    let squares = variant.geometry.num_squares();
    if squares <= 64 {
        let mut pos = Position::<u64>::from_fen(&variant.table, variant.geometry, fen).expect("fen");
        measure(budget, || perft(&interp, &mut pos, depth))
    } else {
        let mut pos = Position::<u128>::from_fen(&variant.table, variant.geometry, fen).expect("fen");
        measure(budget, || perft(&interp, &mut pos, depth))
    }
}

/// `once <variant|cozy-chess> <start|kiwipete|FEN> <depth>`: one perft of the generated code
/// (or of cozy-chess, for instruction counts side by side).
fn once(args: &[String]) {
    let [name, fen, depth] = args else {
        eprintln!("usage: perft once <variant> <start|kiwipete|FEN> <depth>");
        std::process::exit(2);
    };
    let fen = match fen.as_str() {
        "start" => None,
        "kiwipete" => Some(KIWIPETE),
        fen => Some(fen),
    };
    let depth = depth.parse().expect("depth");
    let nodes = if name == "cozy-chess" {
        let board = cozy_chess::Board::from_fen(fen.unwrap_or(START), false).expect("FEN");
        cozy_perft(&board, depth)
    } else {
        generated(name, fen, depth, Duration::ZERO).0
    };
    println!("{nodes}");
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).filter(|a| a != "--bench").collect();
    if args.first().is_some_and(|a| a == "once") {
        return once(&args[1..]);
    }
    let quick = std::env::args().any(|a| a == "quick");
    let (budget, deep) = if quick { (Duration::from_millis(300), 0) } else { (Duration::from_secs(3), 1) };
    println!("| position               | engine       | d | nodes       | Mnodes/s |");
    println!("|------------------------|--------------|---|-------------|----------|");
    let mut ratios = Vec::new();
    for (what, fen, depth) in [("chess start", START, 5 + deep), ("chess Kiwipete", KIWIPETE, 4 + deep)] {
        let g = row(what, "generated", depth, generated("chess", Some(fen), depth, budget));
        let i = row(what, "interpreter", depth - 1, interpreted("chess", fen, depth - 1, budget));
        let board: cozy_chess::Board = fen.parse().expect("fen");
        let c = row(what, "cozy-chess", depth, measure(budget, || cozy_perft(&board, depth)));
        let setup: shakmaty::fen::Fen = fen.parse().expect("fen");
        let chess: shakmaty::Chess = setup.into_position(shakmaty::CastlingMode::Standard).expect("legal");
        let s = row(what, "shakmaty", depth, measure(budget, || shakmaty::perft(&chess, depth)));
        ratios.push((what, g / i, Some(g / c), Some(g / s)));
    }
    for (name, depth) in [("nightrider", 4), ("capablanca", 4)] {
        let fen = Variant::from_toml(mbn::variants::find(name).expect("bundled"), name).expect("loads").spec.start_fen;
        let g = row(name, "generated", depth + deep, generated(name, None, depth + deep, budget));
        let i = row(name, "interpreter", depth, interpreted(name, &fen, depth, budget));
        ratios.push((name, g / i, None, None));
    }
    println!();
    println!("| position               | generated / interpreter | generated / cozy-chess | generated / shakmaty |");
    println!("|------------------------|-------------------------|------------------------|----------------------|");
    for (what, gi, gc, gs) in ratios {
        // No hand-written generator plays these variants: blank, not a ratio.
        let [gc, gs] = [gc, gs].map(|r| r.map_or(String::new(), |r| format!("{r:.2}")));
        println!("| {what:<22} | {gi:>23.1} | {gc:>22} | {gs:>20} |");
    }

    // The code generator itself: a ten-piece variant, as `mbn!` or build.rs compiles it.
    let mut spec = VariantSpec::new(
        "ten",
        10,
        10,
        "rnbqkmaecr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBQKMAECR w - - 0 1",
        "P N B R Q K M=N0 A=BN E=RN C=:1,3:",
    );
    spec.royal = "K".into();
    let t = Instant::now();
    let runs = if quick { 3 } else { 20 };
    let mut size = 0;
    let mut lines = 0;
    for _ in 0..runs {
        let variant = Variant::compile(&spec).expect("compiles");
        let tokens = emit_variant(&variant, "Ten", &EmitOptions::default()).expect("generates");
        let text = tokens.to_string();
        size = text.len();
        lines = format(&tokens).expect("formats").lines().count();
    }
    let per_run = t.elapsed() / runs;
    println!();
    println!("ten-piece 10x10 variant: parse + lower + generate + format {per_run:.2?} per run; {size} bytes of tokens, {lines} formatted lines");

    // Translation (`mbn translate`): compile, spell in the other dialect, check by equality.
    println!();
    println!("| translate                  | to     | time      | bytes  |");
    println!("|----------------------------|--------|-----------|--------|");
    for (xbetza, to) in TRANSLATIONS {
        let t = Instant::now();
        let mut text = String::new();
        for _ in 0..runs.min(5) {
            let moves = xbetza::compile(xbetza).expect("compiles");
            text = if to == "mbn" { to_mbn(&moves) } else { to_xbetza(&moves) }.expect("translates");
        }
        let per_run = t.elapsed() / runs.min(5);
        println!("| {xbetza:<26} | {to:<6} | {per_run:>9.2?} | {:>6} |", text.len());
    }
}

/// XBetza pieces translated by the benchmark: seed 001's Lion, pawn and Griffon, and the largest
/// move sets the fuzzer found (repeat groups unrolled into every capture count).
const TRANSLATIONS: [(&str, &str); 9] = [
    ("KNADcaKmcabK", "mbn"),
    ("fmWfceFifmnD", "mbn"),
    ("FyafsF", "mbn"),
    ("(caf)aK", "mbn"),
    ("g(caf)aK", "mbn"),
    ("zhrraBQ", "xbetza"),
    ("zaG", "xbetza"),
    ("qd(caf)N", "xbetza"),
    ("deC(caf)adC", "xbetza"),
];
