//! XBetza `u` (unload, docs/SEMANTICS.md X26) in generated code: the variant
//! `tests/data/swappers-xbetza.toml` (the Swapper `udQ`, the Valkyrie's single-leg part `QudQ`,
//! `ucdK`, `uK`) compiled by `mbn!` and run by the interpreter give the hand-checked legal moves,
//! the same moves on random playouts and the same perft.

use mbn::codegen::interp::Interpreter;
use mbn::codegen::variant::Variant;
use mbn::runtime::{perft, Geometry, MoveGenerator, MoveList, Position};

mbn::mbn! { variant Swappers = "tests/data/swappers-xbetza.toml"; }

fn interpreter() -> Interpreter {
    let path = format!("{}/tests/data/swappers-xbetza.toml", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("the test variant is there");
    let variant = Variant::from_toml(&text, &path).unwrap_or_else(|e| panic!("{}", e[0]));
    Interpreter::new(&variant).unwrap_or_else(|e| panic!("{}", e[0].message))
}

/// The legal moves of `generator` in `pos`, each as `to` for a quiet move, `xto` for a capture,
/// `wto` for a swap, with `from` in front; sorted.
fn listed<G: MoveGenerator<u64>>(generator: &G, pos: &Position<u64>, from: Option<&str>) -> Vec<String> {
    let g = Geometry::CHESS;
    let from = from.map(|s| g.parse_square(s).expect("a square"));
    let mut list = MoveList::new();
    generator.legal_moves(pos, &mut list);
    let mut out: Vec<String> = list
        .iter()
        .filter(|mv| from.is_none_or(|f| mv.from() == f))
        .map(|mv| {
            let mark = match (mv.is_capture(), mv.is_swap()) {
                (true, _) => "x",
                (_, true) => "w",
                _ => "",
            };
            let prefix = if from.is_some() { String::new() } else { g.square_name(mv.from()) };
            format!("{prefix}{mark}{}", g.square_name(mv.to()))
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
    let white = listed(&Swappers, &start, None);
    let want = "a1a2 a1b2 b1a2 b1b2 b1b3 b1b4 b1b5 b1b6 b1b7 b1xb8 b1c1 b1d1 b1wa1 b1wc2 c2c3 e1d1 e1d2 e1f1 \
        e1f2 e2e3 g1wh1 h1wg1";
    let mut want: Vec<String> = want.split_whitespace().map(str::to_string).collect();
    want.sort();
    assert_eq!(white, want);
    assert_eq!(listed(&interp, &start, None), want);
    for depth in 1..=3 {
        let mut pos = start.clone();
        assert_eq!(perft(&Swappers, &mut pos, depth), perft(&interp, &mut pos, depth), "perft {depth}");
    }
    // Random playouts: the same legal moves, and swaps met on the way.
    let mut seed = 0x2545_f491_4f6c_dd1d_u64;
    let (mut pos, mut plies, mut swaps) = (start.clone(), 0, 0);
    for _ in 0..1500 {
        let got = listed(&Swappers, &pos, None);
        assert_eq!(got, listed(&interp, &pos, None), "{}", pos.to_fen());
        swaps += got.iter().filter(|m| m.contains('w')).count();
        let mut list = MoveList::new();
        Swappers.legal_moves(&pos, &mut list);
        if list.is_empty() || plies >= 60 {
            (pos, plies) = (start.clone(), 0);
            continue;
        }
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let mv = list.get((seed % list.len() as u64) as usize).expect("in range");
        let _ = pos.make(mv);
        plies += 1;
    }
    assert!(swaps > 1000, "swaps met: {swaps}");
}
