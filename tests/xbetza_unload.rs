//! XBetza `u` (unload, docs/SEMANTICS.md X26) in generated code: the variant
//! `tests/data/swappers-xbetza.toml` (the Swapper `udQ`, the Valkyrie's single-leg part `QudQ`,
//! `ucdK`, `uK`) compiled by `mbn!` and run by the interpreter give the hand-checked legal moves,
//! the same moves on random playouts and the same perft. The full Valkyrie `QudQafudQ`
//! (`tests/data/valkyrie-xbetza.toml`, X27) likewise, with its relocations.

use mbn::codegen::interp::Interpreter;
use mbn::codegen::variant::Variant;
use mbn::runtime::{perft, Geometry, MoveGenerator, MoveList, Position};

mod common;

mbn::mbn! { variant Swappers = "tests/data/swappers-xbetza.toml"; }
mbn::mbn! { variant Valkyries = "tests/data/valkyrie-xbetza.toml"; }

fn interpreter() -> Interpreter {
    interpreter_of("swappers-xbetza")
}

fn interpreter_of(name: &str) -> Interpreter {
    let path = format!("{}/tests/data/{name}.toml", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("the test variant is there");
    let variant = Variant::from_toml(&text, &path).unwrap_or_else(|e| panic!("{}", e[0]));
    Interpreter::new(&variant).unwrap_or_else(|e| panic!("{}", e[0].message))
}

/// The legal moves of `generator` in `pos`, each as `to` for a quiet move, `xto` for a capture,
/// `wto` for a swap, `to>sq` for a relocation (the piece on `to` goes to `sq`), with `from` in
/// front; sorted.
fn listed<G: MoveGenerator<u64>>(generator: &G, pos: &Position<u64>, from: Option<&str>) -> Vec<String> {
    let g = Geometry::CHESS;
    let from = from.map(|s| g.parse_square(s).expect("a square"));
    let mut list = MoveList::new();
    generator.legal_moves(pos, &mut list);
    let mut out: Vec<String> = list
        .iter()
        .filter(|mv| from.is_none_or(|f| mv.from() == f))
        .map(|mv| {
            let mark = match (mv.is_capture(), mv.relocation(), mv.is_swap()) {
                (true, ..) => "x",
                (_, None, true) => "w",
                _ => "",
            };
            let prefix = if from.is_some() { String::new() } else { g.square_name(mv.from()) };
            let relocation = mv.relocation().map(|s| format!(">{}", g.square_name(s))).unwrap_or_default();
            format!("{prefix}{mark}{}{relocation}", g.square_name(mv.to()))
        })
        .collect();
    out.sort();
    out
}

/// The moves of the piece on `from` in `fen` by the generated code and by the interpreter.
fn both_back_ends(fen: &str, from: &str) -> [Vec<String>; 2] {
    let pos = Swappers::position(fen).expect("the position loads");
    [listed(&Swappers, &pos, Some(from)), listed(&interpreter(), &pos, Some(from))]
}

/// `"a b c"` sorted, twice.
fn both(squares: &str) -> [Vec<String>; 2] {
    let mut v: Vec<String> = squares.split_whitespace().map(str::to_string).collect();
    v.sort();
    [v.clone(), v]
}

/// Generated = interpreted at perft 1-3 from `start` and on 1,500 positions of random playouts
/// (drawn from `seed`); returns how many of the moves listed on the way are written with `mark`.
fn agree_on_playouts<G: MoveGenerator<u64>>(
    generated: &G,
    interp: &Interpreter,
    start: &Position<u64>,
    seed: u64,
    mark: char,
) -> usize {
    for depth in 1..=3 {
        let mut pos = start.clone();
        assert_eq!(perft(generated, &mut pos, depth), perft(interp, &mut pos, depth), "perft {depth}");
    }
    let mut marked = 0;
    common::random_walk(generated, start, 1500, 60, seed, |pos, _| {
        let got = listed(generated, pos, None);
        assert_eq!(got, listed(interp, pos, None), "{}", pos.to_fen());
        marked += got.iter().filter(|m| m.contains(mark)).count();
    });
    marked
}

/// The board of `mbn-codegen/tests/xbetza_unload.rs`: the piece on d4; friends d6 (Blocker), g4
/// (Rook), b2 (Blocker); enemy Blockers f6 a4 d2 (they only step down, so nothing is attacked).
fn board(piece: char) -> String {
    format!("7k/8/3Z1z2/8/z2{piece}2R1/8/1Z1z4/7K w - - 0 1")
}

#[test]
fn swapper_and_valkyrie_in_both_back_ends() {
    // `udQ`: a swap with the first friend on each queen line; never a move.
    assert_eq!(both_back_ends(&board('A'), "d4"), both("wb2 wd6 wg4"));
    // `QudQ`: the queen's moves and captures, and those swaps.
    let queen = "a7 b4 b6 c3 c4 c5 d3 d5 e3 e4 e5 f2 f4 g1 xa4 xd2 xf6";
    assert_eq!(both_back_ends(&board('V'), "d4"), both(&format!("{queen} wb2 wd6 wg4")));
    // Black: the same board turned round (friends d3 g5 b7, enemies f3 a5 d7).
    assert_eq!(both_back_ends("7k/1z1Z4/8/Z2a2r1/8/3z1Z2/8/7K b - - 0 1", "d5"), both("wb7 wd3 wg5"));
    // `ucdK` swaps with the neighbours of either side, `uK` (MBN `wK`) moves and swaps with enemies.
    let around = |p: char| format!("7k/8/8/3Z4/2z{p}4/4z3/8/7K w - - 0 1");
    assert_eq!(both_back_ends(&around('Y'), "d4"), both("wc4 wd5 we3"));
    assert_eq!(both_back_ends(&around('G'), "d4"), both("c3 c5 d3 e4 e5 wc4 we3"));
}

/// A swap is legal when the mover's king is safe after both pieces moved (M24): the Swapper on e2,
/// pinned by the rook on e8, may swap with d3 or a2 (the partner covers e2) but not with its king
/// on e1 (the king would stand on e2, attacked).
#[test]
fn swapper_legality() {
    assert_eq!(both_back_ends("4r2k/8/8/8/8/3Z4/R3A3/4K3 w - - 0 1", "e2"), both("wa2 wd3"));
    assert_eq!(both_back_ends("7k/8/8/8/8/3Z4/R3A3/4K3 w - - 0 1", "e2"), both("wa2 wd3 we1"));
}

#[test]
fn swappers_perft_and_playouts_agree() {
    let interp = interpreter();
    let start = Swappers::start_position();
    // By hand, White at the start (a1 Guard, b1 Valkyrie, e1 King, g1 AnySwapper, h1 Swapper,
    // Blockers c2 e2; Black the same, mirrored): the Guard steps to a2 b2 (no enemy next to it);
    // the Valkyrie moves up the b-file to b7 and takes b8, steps to a2 c1 d1, swaps with a1 and c2,
    // not with e1 (the King on b1 would face the Valkyrie on b8); the King steps to d1 d2 f1 f2;
    // the AnySwapper swaps with h1 and the Swapper with g1 (its other lines end on enemies); the
    // Blockers step to c3 e3.
    let want = "a1a2 a1b2 b1a2 b1b2 b1b3 b1b4 b1b5 b1b6 b1b7 b1xb8 b1c1 b1d1 b1wa1 b1wc2 c2c3 e1d1 e1d2 e1f1 \
        e1f2 e2e3 g1wh1 h1wg1";
    assert_eq!([listed(&Swappers, &start, None), listed(&interp, &start, None)], both(want));
    // Random playouts: the same legal moves, and swaps met on the way.
    let swaps = agree_on_playouts(&Swappers, &interp, &start, 0x2545_f491_4f6c_dd1d, 'w');
    assert!(swaps > 1000, "swaps met: {swaps}");
}

/// The moves of the piece on `from` in `fen` (Valkyrie variant) by both back ends.
fn valkyrie_both(fen: &str, from: &str) -> [Vec<String>; 2] {
    let pos = Valkyries::position(fen).expect("the position loads");
    [listed(&Valkyries, &pos, Some(from)), listed(&interpreter_of("valkyrie-xbetza"), &pos, Some(from))]
}

/// X27, the boards of `mbn-codegen/tests/xbetza_induction.rs` in both back ends: the Valkyrie on
/// d4 (friends d7 g4 b2, enemies d1 a4 f6) and on c1 (an adjacent friend b1, friends e3 g1, enemies
/// c3 a3; the friend c5 is out of reach behind c3), then the check evasions on c3.
#[test]
fn valkyrie_in_both_back_ends() {
    let quiet = "d5 d6 d3 d2 e4 f4 c4 b4 e5 c5 b6 a7 e3 f2 g1 c3";
    let open = format!("{quiet} xd1 xa4 xf6 wd7 wg4 wb2 d7>d5 d7>d6 g4>e4 g4>f4 b2>c3");
    assert_eq!(valkyrie_both("7k/3Z4/5z2/8/z2V2Z1/8/1Z6/3z3K w - - 0 1", "d4"), both(&open));
    let blocked = "c2 d1 e1 f1 d2 b2 xc3 xa3 wb1 we3 wg1 g1>d1 g1>e1 g1>f1 e3>d2";
    assert_eq!(valkyrie_both("7k/8/8/2Z5/8/z1z1Z3/8/1ZV3Z1 w - - 0 1", "c1"), both(blocked));
    // Black's, mirrored.
    let mirrored = blocked.replace('1', "8").replace('2', "7").replace('3', "6");
    assert_eq!(valkyrie_both("1zv3z1/8/Z1Z1z3/8/2z5/8/8/7K b - - 0 1", "c8"), both(&mirrored));
    // In check from e8: block on e3 or e5, swap with the King, put it on d2, or put g3 on e3.
    assert_eq!(valkyrie_both("4r2k/8/8/8/8/2V3Z1/8/4K3 w - - 0 1", "c3"), both("e3 e5 we1 e1>d2 g3>e3"));
}

#[test]
fn valkyrie_perft_and_playouts_agree() {
    let interp = interpreter_of("valkyrie-xbetza");
    let start = Valkyries::start_position();
    // By hand, White at the start (Rooks a1 h1, Valkyrie d1, King e1, Blockers c2 e2; Black the
    // same, mirrored): the Rooks along their files to the enemy Rooks and along the first rank to
    // the Valkyrie and King; the Valkyrie up the d-file to take d8, to c1 b1, swaps with a1 c2 e2
    // (not with the King: it would stand on d1 facing d8), puts the Rook a1 on b1 or c1; the King to
    // f1 f2 (d2 faces d8); the Blockers to c3 e3.
    let want = "a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1xa8 a1b1 a1c1 h1h2 h1h3 h1h4 h1h5 h1h6 h1h7 h1xh8 h1g1 h1f1 \
        d1d2 d1d3 d1d4 d1d5 d1d6 d1d7 d1xd8 d1c1 d1b1 d1wa1 d1a1>b1 d1a1>c1 d1we2 d1wc2 e1f1 e1f2 c2c3 e2e3";
    assert_eq!([listed(&Valkyries, &start, None), listed(&interp, &start, None)], both(want));
    let relocations = agree_on_playouts(&Valkyries, &interp, &start, 0x9e37_79b9_7f4a_7c15, '>');
    assert!(relocations > 1000, "relocations met: {relocations}");
}
