//! Multi-leg moves run by the reference interpreter (docs/SEMANTICS.md, "Multi-leg moves"): the
//! worked pieces of the brief on boards set up by hand, with destination sets checked by hand.

mod common;

use common::probe::{self, mark, written};
use common::xorshift;
use mbn_codegen::interp::Interpreter;
use mbn_codegen::variant::{Variant, VariantSpec};
use mbn_runtime::{Color, Geometry, MoveGenerator, MoveList, Piece, PieceKind, Position, Square};

/// One piece `A=<notation>` (kind 0) and a blocker `Z` (kind 1) on an 8x8 board.
fn variant(notation: &str) -> Variant {
    let mut spec = VariantSpec::new("probe", 8, 8, "8/8/8/8/8/8/8/8 w - - 0 1", &format!("A={notation} Z=mfW"));
    spec.promotion_zone = None;
    Variant::compile(&spec).unwrap_or_else(|e| panic!("{notation}: {e:?}"))
}

/// [`variant`] and its interpreter.
fn interpreter(notation: &str) -> (Variant, Interpreter) {
    let variant = variant(notation);
    let interp = Interpreter::new(&variant).unwrap_or_else(|e| panic!("{notation}: {e:?}"));
    (variant, interp)
}

/// The moves of piece `A` (of `color`) on `from`, friends (its colour) and enemies on the squares
/// given, each as `to` for a quiet move, `xto` for a capture on `to`, `wto` for a swap with the piece
/// on `to`, and `to(xa,xb)` for a move that also captures on the way; sorted.
fn moves(notation: &str, color: Color, from: &str, friends: &str, enemies: &str) -> Vec<String> {
    let (interp, pos, _) = board(notation, color, from, friends, enemies);
    let mut out = written(&interp, &pos, from);
    let before = out.len();
    out.dedup();
    assert_eq!(out.len(), before, "{notation}: a move is listed twice");
    out
}

/// The interpreter, a probe board with the piece and its blockers, and the piece.
fn board(
    notation: &str,
    color: Color,
    from: &str,
    friends: &str,
    enemies: &str,
) -> (Interpreter, Position<u64>, Piece) {
    let (variant, interp) = interpreter(notation);
    (interp, probe::board(&variant, color, from, friends, enemies), Piece::new(PieceKind(0), color))
}

fn white(notation: &str, from: &str, friends: &str, enemies: &str) -> Vec<String> {
    moves(notation, Color::White, from, friends, enemies)
}

fn black(notation: &str, from: &str, friends: &str, enemies: &str) -> Vec<String> {
    moves(notation, Color::Black, from, friends, enemies)
}

/// `"a b c"` as a sorted list.
fn set(squares: &str) -> Vec<String> {
    let mut v: Vec<String> = squares.split_whitespace().map(str::to_string).collect();
    v.sort();
    v
}

/// The refusal of an interpreter for `notation`.
fn refusal(notation: &str) -> String {
    match Interpreter::new(&variant(notation)) {
        Ok(_) => panic!("{notation}: runs"),
        Err(e) => format!("{e:?}"),
    }
}

/// M2: the Xiangqi Horse `W-fF` steps orthogonally, then diagonally outwards; blocked on the W square.
#[test]
fn xiangqi_horse() {
    assert_eq!(white("W-fF", "d4", "", ""), set("b3 b5 c2 c6 e2 e6 f3 f5"));
    // d5 (friend) and e4 (enemy) block four leaps; b5 is an enemy to capture.
    assert_eq!(white("W-fF", "d4", "d5", "e4 b5"), set("b3 xb5 c2 e2"));
}

/// M3: the Checker `fmF+(fcF-mF)` captures by jumping over an enemy to the empty square beyond.
#[test]
fn checker() {
    assert_eq!(white("fmF+(fcF-mF)", "d4", "", "c5 e5"), set("b6(xc5) f6(xe5)"));
    // f6 (friend) stops the jump over e5; b6 holds no enemy to jump, c5 is empty.
    assert_eq!(white("fmF+(fcF-mF)", "d4", "f6", "e5 b6"), set("c5"));
    // Black's forward is down the board.
    assert_eq!(black("fmF+(fcF-mF)", "d5", "", "c4 e4"), set("b3(xc4) f3(xe4)"));
}

/// M8: the Mao rider `(W-F)0` repeats one knight leap, each made as a Mao (W then outward F).
#[test]
fn mao_rider() {
    assert_eq!(white("(W-F)0", "d4", "", ""), set("b3 b5 b8 c2 c6 e2 e6 f3 f5 f8 h2 h6"));
    // e4 (friend) blocks the eastern leaps, e6 (enemy) is captured and ends its line, c7 (friend)
    // blocks the second leap to b8.
    assert_eq!(white("(W-F)0", "d4", "e4 c7", "e6"), set("b3 b5 c2 c6 e2 xe6"));
}

/// M4: the Double Knight `N--N`: a knight leap to an empty square, then any knight leap.
#[test]
fn double_knight() {
    let two_leaps = "a1 a3 a5 a7 b4 b8 c1 c3 c5 c7 d2 d6 d8 e1 e3 e5 e7 f4 f8 g1 g3 g5 g7 h2 h4 h6";
    // Back on d4 is a pass (M61): `d4`.
    assert_eq!(white("N--N", "d4", "", ""), set(&format!("{two_leaps} d4")));
    // From a1 only c2 is open (b3 is a friend); from c2: a3, b4, d4, e1, and e3 (enemy); back to
    // a1, the start square, a pass (M61).
    assert_eq!(white("N--N", "a1", "b3", "e3"), set("a1 a3 b4 d4 e1 xe3"));
}

/// M5, M6, M61: the Lion `ADN(aK--[K])`: may capture on its first step and go on, or come back.
#[test]
fn lion() {
    let leaps = "b2 b6 f2 f6 b4 d2 f4 d6 b3 b5 c2 c6 e2 e6 f3 f5";
    let steps = "c3 c4 c5 d3 e3 e4 e5 xd5";
    let through_d5 = "c4(xd5) c5(xd5) c6(xd5) d6(xd5) e4(xd5) e5(xd5) e6(xd5)";
    // Back on d4: the pass `d4` (out and back over an empty square) and igui `d4(xd5)` (M61).
    let mut expected = set(&format!("{leaps} {steps} {through_d5} d4 d4(xd5)"));
    expected.sort();
    assert_eq!(white("ADN(aK--[K])", "d4", "", "d5"), expected);
    // In the corner, b2 a friend, a2 an enemy.
    assert_eq!(
        white("ADN(aK--[K])", "a1", "b2", "a2"),
        set("a1 a1(xa2) a3 a3(xa2) b1 b1(xa2) b3 b3(xa2) c1 c2 c3 xa2")
    );
    // Capturing a2 and stepping back (igui) is a stationary capture, stepping out and back a pass.
    let (interp, pos, piece) = board("ADN(aK--[K])", Color::White, "a1", "b2", "a2");
    let a1 = Geometry::CHESS.parse_square("a1").unwrap();
    let a2 = Geometry::CHESS.parse_square("a2").unwrap();
    let mut list = MoveList::new();
    interp.piece_moves(&pos, a1, piece, &mut list);
    let home: Vec<(bool, bool, Vec<Square>)> = list
        .iter()
        .filter(|mv| mv.to() == a1)
        .map(|mv| (mv.is_pass(), mv.is_stay(), list.extra_captures(mv).to_vec()))
        .collect();
    assert_eq!(home, vec![(true, false, vec![]), (false, true, vec![a2])]);
    // Hemmed in by friends with nothing to capture: neither.
    assert_eq!(white("ADN(aK--[K])", "a1", "a2 b1 b2", ""), set("a3 b3 c1 c2 c3"));
}

/// M2, M7: the Rose `(N)(rf)8` = `N-{((rf)N)7}`: knight leaps turning one knight direction right.
#[test]
fn rose() {
    // From e1: c2-b4-c6-e7-g6-h4-g2-e1 (the full circle: a pass, M61), d3-e5-g6, f3-h4, g2.
    assert_eq!(white("(N)(rf)8", "e1", "", ""), set("b4 c2 c6 d3 e1 e5 e7 f3 g2 g6 h4"));
    // c6 (friend) ends the long circle after b4; d3 (enemy) is captured and ends its circle.
    assert_eq!(white("(N)(rf)8", "e1", "c6", "d3"), set("b4 c2 f3 g2 h4 xd3"));
}

/// M2: the Boyscout `F-[(zF)0]` zig-zags: each `z` step reflects the previous one the same way.
#[test]
fn boyscout() {
    let zigzags = "e5 d6 e7 d8 c5 c7 f4 g5 h4 e3 g3 d2 e1 c3 c1 b4 a5 a3";
    assert_eq!(white("F-[(zF)0]", "d4", "", ""), set(zigzags));
    // d6 (friend) closes both northern zig-zags; f4 (enemy) is captured and ends the eastern ones.
    assert_eq!(white("F-[(zF)0]", "d4", "d6", "f4"), set("a3 a5 b4 c1 c3 c5 d2 e1 e3 e5 xf4"));
}

/// M7: the circular king `K-{((fr)K)0*}` goes round clockwise as far as it can.
#[test]
fn circular_king() {
    // NW: d4-d5-e6-f6-g5-g4-f3 (e3 is the start), N: ..-f2, NE: ..-e2, E: f3-g2-g1 (edge), SE: f2-f1,
    // S: ..-d4, SW: ..-e4, W: ..-f4.
    assert_eq!(white("K-{((fr)K)0*}", "e3", "", ""), set("d4 e2 e4 f1 f2 f3 f4 g1"));
    // d5 (friend) stops the NW circle on d4 and the SW one on c5; g4 (enemy) is captured by the NE
    // circle, which may not stop on f4 since it can go on.
    assert_eq!(white("K-{((fr)K)0*}", "e3", "d5", "g4"), set("c5 d4 f1 f2 f4 g1 xg4"));
    // Black's circles are White's mirrored.
    assert_eq!(black("K-{((fr)K)0*}", "e6", "d4", "g5"), set("c4 d5 f8 f7 f5 g8 xg5"));
}

/// M5: the Rampager `(aW)3` may capture at every step.
#[test]
fn rampager() {
    assert_eq!(white("(aW)3", "d4", "", ""), set("a4 b4 c4 e4 f4 g4 d1 d2 d3 d5 d6 d7"));
    assert_eq!(white("(aW)3", "d4", "d6", "d5 e4 f4"), set("a4 b4 c4 d1 d2 d3 g4(xe4,xf4) xd5 xe4 xf4(xe4)"));
}

/// M5, M8: the Congo Monkey `(dcK-mK)0` jumps enemies one after another, in any directions.
#[test]
fn congo_monkey() {
    assert_eq!(white("(dcK-mK)0", "d4", "", ""), Vec::<String>::new());
    assert_eq!(white("(dcK-mK)0", "d4", "", "d5 d7 e4"), set("d6(xd5) d8(xd5,xd7) f4(xe4)"));
    // Over e5 to f6, then over g5 to h4 or over f7 to f8; g6 (friend) is no hurdle.
    assert_eq!(white("(dcK-mK)0", "d4", "g6", "e5 g5 f7"), set("f6(xe5) f8(xe5,xf7) h4(xe5,xg5)"));
}

/// M5: `gfF3-[B]`: the first leg may capture only when the bishop leg is not taken.
#[test]
fn leaping_ferz_then_bishop() {
    assert_eq!(white("gfF3-[B]", "c1", "", ""), set("a3 b2 d2 e3 f4 g5 h6"));
    // d2 (enemy) is captured or leapt over, never left on the way to the bishop leg; g5 (enemy) is
    // captured by the bishop leg and blocks h6.
    assert_eq!(white("gfF3-[B]", "c1", "", "d2 g5"), set("a3 b2 e3 f4 xd2 xg5"));
}

/// M9: what the interpreter does not run yet is refused, never skipped.
#[test]
fn refusals() {
    // `(K-sK)0`, `(Q-sB)0`, `(K)v0`: ways round that depend on the previous direction (M67);
    // `(dK)0*`: maximal over free turns (M68). `(dK)0` and `((fr)K)*` run (M67, M68).
    for notation in ["(dK)0*", "W-mefW", "(K-sK)0", "(Q-sB)0", "(K)v0"] {
        let e = refusal(notation);
        assert!(e.contains("not run by mbn's interpreter yet"), "{notation}: {e}");
    }
}

/// M5: later times round take any alternative of the body: `(dK)3` is `[K]--[K]--K` (§6).
#[test]
fn three_king_steps() {
    // ... except that a repeat never comes back to where it stood (M5), so `(dK)3` has no pass,
    // while `[K]--[K]--K` may step out and back (M61).
    for (friends, enemies) in [("", ""), ("c3 d6 e5", "c5 e3 f4 b6")] {
        let mut sequence = white("[K]--[K]--K", "d4", friends, enemies);
        assert!(sequence.contains(&"d4".to_string()));
        sequence.retain(|m| m != "d4");
        assert_eq!(white("(dK)3", "d4", friends, enemies), sequence);
    }
    // Three steps reach the 7x7 square around d4 (clipped by the board), d4 itself aside.
    assert_eq!(white("(dK)3", "d4", "", "").len(), 7 * 7 - 1);
}

/// M8: multi-leg moves attack what they capture, at the end or on the way.
#[test]
fn attacks() {
    let g = Geometry::CHESS;
    let sq = |s: &str| g.parse_square(s).unwrap();
    // A Rampager on d4 attacks e4, f4 (through the enemy on e4) and g4, not h4 (four steps).
    let (interp, pos, _) = board("(aW)3", Color::White, "d4", "", "e4 f4 g4 h4");
    for (target, attacked) in [("e4", true), ("f4", true), ("g4", true), ("h4", false)] {
        assert_eq!(interp.is_square_attacked(&pos, sq(target), Color::White), attacked, "{target}");
    }
    // A Checker attacks e5 only while f6 is empty; it never attacks f6 itself.
    let (interp, pos, _) = board("fcF-mF", Color::White, "d4", "", "e5");
    assert!(interp.is_square_attacked(&pos, sq("e5"), Color::White));
    assert!(!interp.is_square_attacked(&pos, sq("f6"), Color::White));
    let (interp, pos, _) = board("fcF-mF", Color::White, "d4", "f6", "e5");
    assert!(!interp.is_square_attacked(&pos, sq("e5"), Color::White));
}

/// The moves of the White or Black piece on `from` in `fen` on a `files` x `ranks` board with the
/// pieces `pieces`, written as by [`moves`].
fn fen_moves(files: u8, ranks: u8, pieces: &str, fen: &str, from: &str) -> Vec<String> {
    let empty = vec![files.to_string(); usize::from(ranks)].join("/");
    let mut spec = VariantSpec::new("probe", files, ranks, &format!("{empty} w - - 0 1"), pieces);
    spec.promotion_zone = None;
    let variant = Variant::compile(&spec).unwrap_or_else(|e| panic!("{pieces}: {e:?}"));
    let interp = Interpreter::new(&variant).unwrap_or_else(|e| panic!("{pieces}: {e:?}"));
    let g = Geometry::new(files, ranks).unwrap();
    let pos = Position::<u128>::from_fen(&variant.table, g, fen).unwrap();
    let from = g.parse_square(from).unwrap();
    let mut list = MoveList::new();
    interp.piece_moves(&pos, from, pos.piece_at(from).unwrap(), &mut list);
    let mut out: Vec<String> = list.iter().map(|mv| format!("{}{}", mark(mv), g.square_name(mv.to()))).collect();
    out.sort();
    let before = out.len();
    out.dedup();
    assert_eq!(out.len(), before, "{pieces}: a move is listed twice");
    out
}

/// The 27 queen moves from d4 on an empty 8x8 board.
const QUEEN_D4: &str = "a1 b2 c3 e5 f6 g7 h8 a7 b6 c5 e3 f2 g1 a4 b4 c4 e4 f4 g4 h4 d1 d2 d3 d5 d6 d7 d8";

/// M20, M21: capture by withdrawal `mQ-{!cK}` (seed §`!`): a queen move, then, whenever it can, a
/// step straight on onto an enemy, which is captured, and back to the setup square.
#[test]
fn capture_by_withdrawal() {
    assert_eq!(white("mQ-{!cK}", "d4", "", ""), set(QUEEN_D4));
    // 8 . . . . . . . .
    // 7 . . . z . . z .     d7 and g7 enemies: d6 and f6 take them; d7, g7 cannot be reached (m).
    // 6 . . . . . . . .
    // 5 . . . . . . . .
    // 4 . z . A . . . .     b4 enemy: c4 takes it.
    // 3 . . . . . . . .
    // 2 . . . . . Z . .     f2 friend: e3 cannot take it (plain e3), f2 blocked.
    // 1 . . . . . . . .
    //   a b c d e f g h
    let expected = "d5 d6(xd7) e5 f6(xg7) e4 f4 g4 h4 e3 d3 d2 d1 c3 b2 a1 c4(xb4) c5 b6 a7";
    assert_eq!(white("mQ-{!cK}", "d4", "f2", "d7 g7 b4"), set(expected));
    // The same board mirrored, for Black on d5.
    let expected = "d4 d3(xd2) e4 f3(xg2) e5 f5 g5 h5 e6 d6 d7 d8 c6 b7 a8 c5(xb5) c4 b3 a2";
    assert_eq!(black("mQ-{!cK}", "d5", "f7", "d2 g2 b5"), set(expected));
    // The seed's other spelling of it, `mQ-{cK-tK}` ("in this simple case we could also use"), is
    // the same piece (M65): `optional_part_of_several_atoms`.
}

/// M20: `[...]` leaves the capture a choice; `!` on a leg that does not end the move.
#[test]
fn setup_square_as_a_choice_and_mid_move() {
    // Rook moves; the step straight on may take the enemy on d7 (from d6) or not.
    assert_eq!(
        white("mR-[!cW]", "d4", "", "d7 d1 a4 h4"),
        set("d5 d6 d6(xd7) d3 d2 d2(xd1) c4 b4 b4(xa4) e4 f4 g4 g4(xh4)")
    );
}

/// Bocksprung pawn `P+mp{!P}D` (seed §14) with the blocker `Z` as the pawn it jumps: a pawn that
/// may also jump a friendly Z two squares orthogonally to an empty square.
#[test]
fn bocksprung_pawn() {
    // d5 (friend) stops the push; c5 (enemy) is taken; d5 and e4 (friends) are jumped to d6 and f4.
    assert_eq!(white("P+mp{!Z}D", "d4", "d5 e4", "c5"), set("xc5 d6 f4"));
    // An enemy on d5 cannot be jumped; d3 (friend) can, but d2 is taken by a friend; c4 is jumped to b4.
    assert_eq!(white("P+mp{!Z}D", "d4", "d3 d2 c4", "d5"), set("b4"));
}

/// Falcon-like `nCZ` (seed §6, `n`): a camel or zebra leap made as three king steps, possible as long
/// as one of the (three) king paths is free.
#[test]
fn falcon_like_n_camel_zebra() {
    let all = "a2 a3 a5 a6 b1 b7 c1 c7 e1 e7 f1 f7 g2 g3 g5 g6";
    assert_eq!(white("nCZ", "d4", "", ""), set(all));
    // d5, e5 friends: every king path to e7 (1,3) and f7 (2,3) starts on d5 or e5; g5 (3,1) and g6
    // (3,2) still go via e4, c7 and b7 via c5.
    assert_eq!(white("nCZ", "d4", "d5 e5", ""), set("a2 a3 a5 a6 b1 b7 c1 c7 e1 f1 g2 g3 g5 g6"));
    // e6 and f6 blocked: every path to f7 crosses e6 or f6 (FFW e5 f6, FWF e5 e6, WFF d5 e6); e7
    // still goes d5 d6.
    assert_eq!(white("nCZ", "d4", "e6 f6", ""), set("a2 a3 a5 a6 b1 b7 c1 c7 e1 e7 f1 g2 g3 g5 g6"));
}

/// Flying Gold Cannon `mR+pRD+F` (seed §18), run as written (the seed's text says `pD` diagonal).
#[test]
fn flying_gold_cannon() {
    let empty = "a4 b4 c4 e4 f4 g4 h4 d1 d2 d3 d5 d6 d7 d8 c3 c5 e3 e5";
    assert_eq!(white("mR+pRD+F", "d4", "", ""), set(empty));
    // `pRD` is `pR+pD`: the D too must jump a piece (the seed's text calls it diagonal).
    // d6 friend: jumped to d7 or onto d8 (enemy); f4 enemy: jumped to g4 h4; d5 and e4 are empty, so
    // no D jump.
    let blocked = "a4 b4 c4 d1 d2 d3 d5 d7 xd8 e4 g4 h4 c3 c5 e3 e5";
    assert_eq!(white("mR+pRD+F", "d4", "d6", "d8 f4"), set(blocked));
    // c4 friend: the D jumps it to b4; so does the R, which also goes on to a4.
    let jump = "a4 b4 d1 d2 d3 d5 d6 d7 d8 e4 f4 g4 h4 c3 c5 e3 e5";
    assert_eq!(white("mR+pRD+F", "d4", "c4", ""), set(jump));
    assert_eq!(white("mR+pRD+F", "d4", "d6", "d8 f4"), set(blocked));
}

/// Crocodile `K+fR[1-4]+bR[4]` (seed §18) on its 7x7 board: rook moves towards the river (rank 4).
#[test]
fn crocodile() {
    let pieces = "C=K+fR[1-4]+bR[4] Z=mfW";
    // C on d6: king steps, and back down the file onto the river square d4 only.
    assert_eq!(fen_moves(7, 7, pieces, "7/3C3/7/7/7/7/7 w - - 0 1", "d6"), set("c5 c6 c7 d5 d7 e5 e6 e7 d4"));
    // C on d2, friend c2, enemy d4: up the file to d3 and onto d4, not beyond the river.
    assert_eq!(fen_moves(7, 7, pieces, "7/7/7/3z3/7/2ZC3/7 w - - 0 1", "d2"), set("c1 c3 d1 d3 e1 e2 e3 xd4"));
}

/// Dolphin `[1-5]fW+[6]bB` (seed §18) on its 6x6 board: ranks counted from the mover's side.
#[test]
fn dolphin() {
    let pieces = "D=[1-5]fW+[6]bB Z=mfW";
    assert_eq!(fen_moves(6, 6, pieces, "2D3/6/6/6/6/6 w - - 0 1", "c6"), set("b5 a4 d5 e4 f3"));
    assert_eq!(fen_moves(6, 6, pieces, "2z3/2D3/6/6/6/6 w - - 0 1", "c5"), set("xc6"));
    // Black on c1 (its sixth rank): backward is up the board; e3 (White) is taken.
    assert_eq!(fen_moves(6, 6, pieces, "6/6/6/4Z1/6/2d3 b - - 0 1", "c1"), set("b2 a3 d2 xe3"));
}

/// `gfF3-[B]` (seed §9): a leaping forward F up to three squares, optionally continued as a bishop;
/// the first leg captures only when it ends the move.
#[test]
fn leaping_ferz_then_optional_bishop() {
    assert_eq!(white("gfF3-[B]", "d4", "", ""), set("a7 b6 c5 e5 f6 g7 h8"));
    // c5 enemy: taken, or leapt to b6 a7 (no continuing from c5); f6 friend: leapt to g7, blocks the
    // bishop from e5; g7 continues onto h8 (enemy).
    assert_eq!(white("gfF3-[B]", "d4", "f6", "c5 h8"), set("xc5 b6 a7 e5 g7 xh8"));
}

/// Janggi Cannon (seed §18, the full form) on its 9x10 board.
#[test]
fn janggi_cannon() {
    let pieces = "C=a{^C}p{^C}R+[d-f1-3]a{^C}p{^C}B[d-f1-3]+[d-f8-10]a{^C}p{^C}B[d-f8-10] Z=mfW";
    // C d1; friends b1, e2 (palace centre); enemy z d5, enemy cannon d8.
    // North: over d5 to d6 d7, not onto the cannon d8; west over b1 to a1; palace diagonal over e2 to f3.
    let fen = "9/9/3c5/9/9/3z5/9/9/4Z4/1Z1C5 w - - 0 1";
    assert_eq!(fen_moves(9, 10, pieces, fen, "d1"), set("d6 d7 a1 f3"));
    // A cannon on d5 cannot be jumped; a1 and f3 (enemies) are taken.
    let fen = "9/9/9/9/9/3c5/9/5z3/4Z4/zZ1C5 w - - 0 1";
    assert_eq!(fen_moves(9, 10, pieces, fen, "d1"), set("xa1 xf3"));
}

/// M22: the worked pieces not run yet are refused with what is missing, never skipped.
#[test]
fn worked_pieces_still_refused() {
    // A null leg runs (M57), but a `-` leg after a first `O` has no direction to turn from.
    assert!(refusal("O-K").contains("no direction to turn from"));
    assert!(refusal("cK-cO").contains("a null move (`O`) that may not move"));
    // An explosion runs (M49) only where it ends its move.
    assert!(refusal("cQ--(!dcyOK)0*-W").contains("explosion"));
    // Attacker sets run on single-leg moves (M23) and the first leg of a multi-leg move (M55).
    assert!(refusal("K-{C}W").contains("attacker sets (`{C}W2`) on a leg of a multi-leg move other than its first"));
    // `!` on a single-leg move runs (M61), but not in castling.
    assert!(!white("!cK", "d4", "", "d5").is_empty());
}

/// M61: a single leg with `!` comes back to its start square: `!cK` is a rifle capture, `!mK` a
/// pass while a king step is open, `!K` both; Black's mirror the same.
#[test]
fn single_setup_legs_stay() {
    assert_eq!(white("!cK", "d4", "c3", "d5 e5 h8"), set("d4(xd5) d4(xe5)"));
    assert_eq!(white("!cK", "d4", "", ""), set(""));
    assert_eq!(white("!mK", "d4", "", "d5"), set("d4"));
    assert_eq!(white("!mK", "a1", "a2 b1", "b2"), set(""));
    assert_eq!(white("!K", "a1", "a2 b1", "b2"), set("a1(xb2)"));
    assert_eq!(white("!K", "a1", "a2", "b2"), set("a1 a1(xb2)"));
    assert_eq!(black("!cfW", "d5", "", "d4 d6"), set("d5(xd4)"));
    // The rifle Rook `!cR`: the first piece of each line, if an enemy.
    assert_eq!(white("!cR", "d4", "b4", "d6 d7 g4"), set("d4(xd6) d4(xg4)"));
}

/// M30: conditions with a range that depends on the position are refused with their column; on a
/// leg of a multi-leg move they run (M41): `W-/a1/fF` leaps as a Xiangqi Horse while a1 is occupied.
#[test]
fn conditions_refused_where_not_run() {
    let horse = set("b3 b5 c2 c6 e2 e6 f3 f5");
    assert_eq!(fen_moves(8, 8, "A=W-/a1/fF Z=mfW", "8/8/8/8/3A4/8/8/Z7 w - - 0 1", "d4"), horse);
    assert_eq!(fen_moves(8, 8, "A=W-/a1/fF Z=mfW", "8/8/8/8/3A4/8/8/1Z6 w - - 0 1", "d4"), set(""));
    let e = refusal("/T[+]/W");
    assert!(e.contains("threatened, unthreatened and unmoved squares in a condition"), "{e}");
    assert!(e.contains("start: 4"), "{e}"); // `[+]` in `A=/T[+]/W`
                                            // A condition on a single leg runs: `/a1/W` on d4 steps only while a1 is occupied.
    assert_eq!(fen_moves(8, 8, "A=/a1/W Z=mfW", "8/8/8/8/3A4/8/8/Z7 w - - 0 1", "d4"), set("c4 d3 d5 e4"));
    assert_eq!(fen_moves(8, 8, "A=/a1/W Z=mfW", "8/8/8/8/3A4/8/8/1Z6 w - - 0 1", "d4"), set(""));
}

/// M23: the escaping king `K+{C}W2F2` (seed §"Piece sets"): while an enemy Chancellor attacks it, the
/// king may also move two squares in any direction.
#[test]
fn escaping_king() {
    let pieces = "K=K+{C}W2F2 C=RN Z=mfW";
    let king = "c3 c4 c5 d3 d5 e3 e4 e5";
    let escapes = "c3 c4 c5 d3 d5 e3 e4 e5 d6 d2 b4 f4 b2 b6 f2 f6";
    // Black Chancellor on d8, attacking down the file.
    assert_eq!(fen_moves(8, 8, pieces, "3c4/8/8/8/3K4/8/8/8 w - - 0 1", "d4"), set(escapes));
    // On e6 it attacks as a knight; d5 (friend) blocks the W2 to d6 and the step to d5.
    let blocked = "c3 c4 c5 d3 e3 e4 e5 d2 b4 f4 b2 b6 f2 f6";
    assert_eq!(fen_moves(8, 8, pieces, "8/8/4c3/3Z4/3K4/8/8/8 w - - 0 1", "d4"), set(blocked));
    // Not attacked: the Chancellor on h8, or its attack blocked on d7, or a friendly Chancellor.
    for fen in ["7c/8/8/8/3K4/8/8/8 w - - 0 1", "3c4/3Z4/8/8/3K4/8/8/8 w - - 0 1", "3C4/8/8/8/3K4/8/8/8 w - - 0 1"] {
        assert_eq!(fen_moves(8, 8, pieces, fen, "d4"), set(king), "{fen}");
    }
    // The escape moves attack only while the king may make them.
    let mut spec = VariantSpec::new("probe", 8, 8, "8/8/8/8/8/8/8/8 w - - 0 1", pieces);
    spec.promotion_zone = None;
    let variant = Variant::compile(&spec).unwrap();
    let interp = Interpreter::new(&variant).unwrap();
    let g = Geometry::CHESS;
    let f6 = g.parse_square("f6").unwrap();
    for (fen, attacked) in [("3c4/8/8/8/3K4/8/8/8 b - - 0 1", true), ("7c/8/8/8/3K4/8/8/8 b - - 0 1", false)] {
        let pos = Position::<u64>::from_fen(&variant.table, g, fen).unwrap();
        assert_eq!(interp.is_square_attacked(&pos, f6, Color::White), attacked, "{fen}");
    }
}

/// M23: the code generator runs attacker sets on single legs (compared with the interpreter in
/// `tests/generated_vs_interpreted.rs`) and refuses them in multi-leg moves, like the interpreter.
#[test]
fn the_code_generator_runs_single_leg_attacker_sets() {
    let mut spec = VariantSpec::new("probe", 8, 8, "8/8/8/8/8/8/8/8 w - - 0 1", "K=K+{C}W2F2 C=RN");
    spec.promotion_zone = None;
    let variant = Variant::compile(&spec).unwrap();
    assert!(mbn_codegen::emit::emit_variant(&variant, "Probe", &Default::default()).is_ok());
    let mut spec = VariantSpec::new("probe", 8, 8, "8/8/8/8/8/8/8/8 w - - 0 1", "K=K-{C}W C=RN");
    spec.promotion_zone = None;
    let variant = Variant::compile(&spec).unwrap();
    let e = mbn_codegen::emit::emit_variant(&variant, "Probe", &Default::default()).unwrap_err();
    assert!(e.iter().any(|d| d.message.contains("attacker sets")), "{e:?}");
}

/// M24: the Maxima guard `wK` (seed §"Modifier Prefixes"): a king step onto an empty square, or onto
/// an enemy, which goes to the guard's square instead of being captured (`w`: a swap).
#[test]
fn maxima_guard() {
    // Empty board: the eight king steps.
    assert_eq!(white("wK", "d4", "", ""), set("c3 c4 c5 d3 d5 e3 e4 e5"));
    // 6 . . . . . . . .
    // 5 . . z Z . . . .     c5 enemy: swapped; d5 friend: blocked.
    // 4 . . . A Z . . .     e4 friend: blocked.
    // 3 . . z . z . . .     c3, e3 enemies: swapped.
    //   a b c d e f g h
    assert_eq!(white("wK", "d4", "d5 e4", "c3 c5 e3"), set("c4 d3 e5 wc3 wc5 we3"));
    // The same board mirrored, for Black on d5.
    assert_eq!(black("wK", "d5", "d4 e5", "c6 c4 e6"), set("c5 d6 e4 wc4 wc6 we6"));
    // `ww`: friends only; `wy`: any piece.
    assert_eq!(white("wwK", "d4", "d5 e4", "c3 c5 e3"), set("c4 d3 e5 wd5 we4"));
    assert_eq!(white("wyK", "d4", "d5 e4", "c3 c5 e3"), set("c4 d3 e5 wc3 wc5 wd5 we3 we4"));
    // A written mode keeps its own captures: `K+wwK` takes enemies and swaps with friends; `mwwK`
    // swaps with friends and takes nothing.
    assert_eq!(white("K+wwK", "d4", "d5 e4", "c3 c5 e3"), set("c4 d3 e5 xc3 xc5 xe3 wd5 we4"));
    assert_eq!(white("mwwK", "d4", "d5 e4", "c3 c5 e3"), set("c4 d3 e5 wd5 we4"));
    // Riders swap with the first piece they meet: `wR` from a1, enemy a5, friend c1.
    assert_eq!(white("wR", "a1", "c1", "a5"), set("a2 a3 a4 wa5 b1"));
}

/// M24: `w{...}` swaps with the pieces of the set only; a swap is not an attack.
#[test]
fn swap_sets_and_attacks() {
    let pieces = "G=w{R}K R=R Z=mfW K";
    // Enemy rook c5 and enemy z e5: only the rook is swapped; e5 is blocked.
    assert_eq!(fen_moves(8, 8, pieces, "8/8/8/2r1z3/3G4/8/8/8 w - - 0 1", "d4"), set("c3 c4 d3 d5 e3 e4 wc5"));
    // A guard next to the enemy king gives no check: swapping is not capturing.
    let mut spec = VariantSpec::new("probe", 8, 8, "8/8/8/8/8/8/8/8 w - - 0 1", "G=wyK K");
    spec.royal = "K".to_string();
    spec.promotion_zone = None;
    let variant = Variant::compile(&spec).unwrap();
    let interp = Interpreter::new(&variant).unwrap();
    let pos = Position::<u64>::from_fen(&variant.table, Geometry::CHESS, "8/8/8/3k4/3G4/8/8/4K3 b - - 0 1").unwrap();
    assert!(!interp.in_check(&pos));
}

/// M24: swaps are legal when the mover's royal pieces are safe after both pieces moved.
#[test]
fn swap_legality() {
    let mut spec = VariantSpec::new("probe", 8, 8, "8/8/8/8/8/8/8/8 w - - 0 1", "G=wK P=mfW+cfF R=R K");
    spec.royal = "K".to_string();
    spec.promotion_zone = None;
    let variant = Variant::compile(&spec).unwrap();
    let interp = Interpreter::new(&variant).unwrap();
    let legal = |fen: &str, from: &str| {
        let pos = Position::<u64>::from_fen(&variant.table, Geometry::CHESS, fen).unwrap();
        let from = Geometry::CHESS.parse_square(from).unwrap();
        let mut list = MoveList::new();
        interp.legal_moves(&pos, &mut list);
        let mut out: Vec<String> = list
            .iter()
            .filter(|mv| mv.from() == from)
            .map(|mv| format!("{}{}", mark(mv), Geometry::CHESS.square_name(mv.to())))
            .collect();
        out.sort();
        out
    };
    // The guard on e2 is pinned by the rook on e8: it may step to e3, or swap with the pawn on d3,
    // which then blocks the file on e2.
    assert_eq!(legal("4r3/8/8/8/8/3p4/4G3/4K3 w - - 0 1", "e2"), set("e3 wd3"));
    // Without the pin the pawn on d3 is swapped as well as every step taken.
    assert_eq!(legal("8/8/8/8/8/3p4/4G3/4K3 w - - 0 1", "e2"), set("d1 d2 e3 f1 f2 f3 wd3"));
    // A royal guard `K=wK` on d4; enemy rooks c5 and c8, enemy pawns d3 and e3 (capturing down).
    // c3 c4 (the c-file), d5 e5 (the 5th rank) and wc5 (onto the c-file, below c8) are attacked;
    // we3 puts the pawn on d4, from where it attacks e3; wd3 puts it on d4 too, harmless to d3.
    let mut spec = VariantSpec::new("probe", 8, 8, "8/8/8/8/8/8/8/8 w - - 0 1", "K=wK P=mfW+cfF R=R");
    spec.royal = "K".to_string();
    spec.promotion_zone = None;
    let variant = Variant::compile(&spec).unwrap();
    let interp = Interpreter::new(&variant).unwrap();
    let pos = Position::<u64>::from_fen(&variant.table, Geometry::CHESS, "2r5/8/8/2r5/3K4/3pp3/8/8 w - - 0 1").unwrap();
    let mut list = MoveList::new();
    interp.legal_moves(&pos, &mut list);
    let mut got: Vec<String> =
        list.iter().map(|mv| format!("{}{}", mark(mv), Geometry::CHESS.square_name(mv.to()))).collect();
    got.sort();
    assert_eq!(got, set("e4 wd3"));
}

/// M24: swaps are refused where mbn cannot run them, with what is missing.
#[test]
fn swaps_refused() {
    // M129: a capture and a swap of the same piece are two moves, with two texts.
    for notation in ["K+wK", "cwK", "wyK+cK", "wK+(W-cW)"] {
        assert!(Interpreter::new(&variant(notation)).is_ok(), "{notation}");
    }
    assert!(refusal("w?K").contains("the modifier `w?`"));
    // M63: one swap per move; on the way only on a leg of the move's own sequence.
    assert!(refusal("wW-wW").contains("two swaps (`w`) in one move"));
    assert!(refusal("W-{wW}-W").contains("in a repeat, a `{...}` another leg follows or a counted `[...]`"));
    // M74: an uncounted `[...]` is the move with and without it.
    assert!(Interpreter::new(&variant("W-[wW]-W")).is_ok());
}

/// M24: a swap never promotes: `P=mfW+wfF` on d7 with the zone on the 8th rank steps to d8 and
/// (`w` moves too) to c8 with promotion (mandatory), and swaps with the enemy on e8 as it is.
#[test]
fn swaps_never_promote() {
    let mut spec = VariantSpec::new("probe", 8, 8, "8/8/8/8/8/8/8/8 w - - 0 1", "P=mfW+wfF Q Z=mfW +P==Q");
    spec.promotion_zone = Some("[8]".to_string());
    spec.promotion_mandatory = true;
    let variant = Variant::compile(&spec).unwrap();
    let interp = Interpreter::new(&variant).unwrap();
    let pos = Position::<u64>::from_fen(&variant.table, Geometry::CHESS, "4z3/3P4/8/8/8/8/8/8 w - - 0 1").unwrap();
    let mut list = MoveList::new();
    interp.legal_moves(&pos, &mut list);
    let mut got: Vec<String> = list
        .iter()
        .map(|mv| {
            format!(
                "{}{}{}",
                mark(mv),
                Geometry::CHESS.square_name(mv.to()),
                if mv.promotion().is_some() { "=" } else { "" }
            )
        })
        .collect();
    got.sort();
    assert_eq!(got, set("c8= d8= we8"));
}

/// M49: the atomic queen `cQ--(!dcyOK)0*` takes, then every piece around the capture square and
/// itself leave the board (each an extra capture, the destination included).
#[test]
fn atomic_queen_explodes() {
    // d7 taken; c8, e6 (enemies) and e8 (a friend) around it; c8 and e6 are on no queen line.
    assert_eq!(white("cQ--(!dcyOK)0*", "d4", "e8", "d7 c8 e6"), set("xd7(xe6,xd7,xc8,xe8)"));
    // Without `O` the queen stays; with nothing around, a round is still made (`O`), without `O`
    // none, and the capture is no move.
    assert_eq!(white("cQ--(!dcyK)0*", "d4", "e8", "d7 c8 e6"), set("xd7(xe6,xc8,xe8)"));
    assert_eq!(white("cQ--(!dcyOK)0*", "d4", "", "d7"), set("xd7(xd7)"));
    assert_eq!(white("cQ--(!dcyK)0*", "d4", "", "d7"), Vec::<String>::new());
    // A piece set: the blockers (`Z`) survive, the queen (`A`) does not.
    assert_eq!(white("cQ--(!dcy{^Z}OK)0*", "d4", "e8", "d7 c8 e6"), set("xd7(xd7)"));
    // `c` alone takes enemies only: the queen and its friend on e8 survive.
    assert_eq!(white("cQ--(!dcOK)0*", "d4", "e8", "d7 c8 e6"), set("xd7(xe6,xc8)"));
    // Black, the board mirrored.
    assert_eq!(black("cQ--(!dcyOK)0*", "d5", "e1", "d2 c1 e3"), set("xd2(xc1,xe1,xd2,xe3)"));
}

/// M56: `(cW)*` captures on every square of its line up to the edge; `(W-F)*` stops only at the
/// edge; a repeat to the edge that may turn is refused.
#[test]
fn complex_riders_to_the_edge() {
    assert_eq!(white("(cW)*", "d4", "", "d5 d6 d7 d8"), set("xd8(xd5,xd6,xd7)"));
    assert_eq!(white("(cW)*", "d4", "", "d5 d6 d8"), set(""));
    assert_eq!(white("(W-F)*", "d4", "", ""), set("b3 b5 b8 c2 e2 f8 h2 h6"));
    assert_eq!(white("(W-F)*", "d4", "g5", "c6 e2 f8"), set("b3 b5 c2 h2 xe2 xf8"));
    assert_eq!(moves("(W-F)*", Color::Black, "d5", "", ""), set("b1 b4 b6 c7 e7 f1 h3 h7"));
    assert!(refusal("(W-sF)*").contains("complex riders to the edge that may turn more than one way"));
}

/// M68: a free-turning rider to the edge, `(dK)*` (rounds that go any way), stops where one more
/// step the way the last one went leaves the board, and on an empty square only when a path reaches
/// the square before it without standing on it.
#[test]
fn free_turning_riders_to_the_edge() {
    // Empty board: every square of the rim, each reached by a step outwards.
    let rim: Vec<String> = "abcdefgh"
        .chars()
        .flat_map(|f| (1..=8).map(move |r| format!("{f}{r}")))
        .filter(|s| s.starts_with(['a', 'h']) || s.ends_with(['1', '8']))
        .collect();
    assert_eq!(white("(dK)*", "d4", "", ""), set(&rim.join(" ")));
    // A pocket a1-a2-b1 behind friends (a3 b3 and the second rank), the piece on h1: a1 (going
    // west, or down from a2) and a2 (north-west from b1). Not b1: the step down-right from a2 leaves
    // the board, but every path to a2 stands on b1 first.
    let wall = "a3 b3 b2 c2 d2 e2 f2 g2 h2";
    assert_eq!(white("(dK)*", "h1", wall, ""), set("a1 a2"));
    // An enemy on a2, taken going north-west (going north from a1 it is not at the edge).
    assert_eq!(white("(dK)*", "h1", wall, "a2"), set("a1 xa2"));
    // Black on h8: the mirror image.
    assert_eq!(black("(dK)*", "h8", "a6 b6 b7 c7 d7 e7 f7 g7 h7", ""), set("a7 a8"));
    // On random pockets of a1-d3 (the rest friends), every self-avoiding path, enumerated.
    let mut next = xorshift(0x2545_f491_4f6c_dd1du64);
    let name = |(f, r): (i32, i32)| format!("{}{}", (b'a' + f as u8) as char, r + 1);
    for _ in 0..150 {
        let mut cells = [[0u8; 8]; 8]; // 0 empty, 1 friend, 2 enemy
        for (f, file) in cells.iter_mut().enumerate() {
            for (r, cell) in file.iter_mut().enumerate() {
                *cell = if f > 3 || r > 2 {
                    1
                } else {
                    match next() % 20 {
                        0..=12 => 0,
                        13..=16 => 1,
                        _ => 2,
                    }
                };
            }
        }
        let from = ((next() % 4) as i32, (next() % 3) as i32);
        cells[from.0 as usize][from.1 as usize] = 0;
        let squares = |kind: u8| {
            let all = (0..8).flat_map(|f| (0..8).map(move |r| (f, r)));
            all.filter(|&(f, r)| cells[f as usize][r as usize] == kind && (f, r) != from).map(name).collect::<Vec<_>>()
        };
        let (friends, enemies) = (squares(1).join(" "), squares(2).join(" "));
        let want = edge_paths(&cells, from);
        assert_eq!(white("(dK)*", &name(from), &friends, &enemies), want, "{} {friends} / {enemies}", name(from));
    }
}

/// `(dK)*` by enumerating every self-avoiding path (`cells`: 0 empty, 1 friend, 2 enemy).
fn edge_paths(cells: &[[u8; 8]; 8], from: (i32, i32)) -> Vec<String> {
    fn walk(cells: &[[u8; 8]; 8], path: &mut Vec<(i32, i32)>, out: &mut std::collections::BTreeSet<String>) {
        let on = |(f, r): (i32, i32)| (0..8).contains(&f) && (0..8).contains(&r);
        let (f, r) = *path.last().unwrap();
        for (df, dr) in [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)] {
            let to = (f + df, r + dr);
            if !on(to) || path.contains(&to) {
                continue;
            }
            let edge = !on((to.0 + df, to.1 + dr));
            let name = format!("{}{}", (b'a' + to.0 as u8) as char, to.1 + 1);
            match cells[to.0 as usize][to.1 as usize] {
                0 => {
                    if edge {
                        out.insert(name);
                    }
                    path.push(to);
                    walk(cells, path, out);
                    path.pop();
                }
                2 if edge => {
                    out.insert(format!("x{name}"));
                }
                _ => {}
            }
        }
    }
    let mut out = std::collections::BTreeSet::new();
    walk(cells, &mut vec![from], &mut out);
    let mut v: Vec<String> = out.into_iter().collect();
    v.sort();
    v
}

/// M79: a flood fill with more of its move after it. The next leg reads the last round's
/// direction, so a round from `a` onto `b` goes on only when a path reaches `a` without standing on
/// `b` (M68's rule); the bounded repeat, which walks every self-avoiding path, agrees.
#[test]
fn free_turning_riders_with_more_after_them() {
    // A pocket a1-a3 beside the piece on b2 (friends around it, an enemy on a4). `(dW)0-W` goes on
    // straight: only b2-a2-a3 and on to a4. Not a1 or a3 from a2 going down or up: every path from
    // b2 to a3 or a1 stands on a2 first.
    let wall = "b1 c1 d1 b3 c3 d3 c2 d2 b4 c4 d4";
    assert_eq!(white("(dW)0-W", "b2", wall, "a4"), set("xa4"));
    assert_eq!(white("(dW)0-W", "b2", wall, "a4"), white("(dW)12-W", "b2", wall, "a4"));
    // Absolute `--W` reads no direction: a W step from every square the rounds reach (a2 a1 a3),
    // back to b2 too (a pass, M62).
    assert_eq!(white("(dW)0--W", "b2", wall, "a4"), set("a1 a2 a3 b2 xa4"));
    // `(dK)0-W`: after a diagonal step the W goes either 45° turn ahead (M2): a3 (b2-a1-a2, on up),
    // a1 (b2-a3-a2, on down), a4 (b2-a2-a3, on up; or b2-a3, turning up).
    assert_eq!(white("(dK)0-W", "b2", wall, "a4"), set("a1 a3 xa4"));
    // Black on b7: the mirror image.
    let wall = "b8 c8 d8 b6 c6 d6 c7 d7 b5 c5 d5";
    assert_eq!(black("(dW)0-W", "b7", wall, "a5"), set("xa5"));
    // On random pockets of a1-d3 (the rest friends and enemies), the bounded `(P)12`, which walks
    // every self-avoiding path of the pocket's 12 squares, for rounds and later legs of all kinds.
    let mut next = xorshift(0x9e37_79b9_7f4a_7c15u64);
    let name = |(f, r): (u64, u64)| format!("{}{}", (b'a' + f as u8) as char, r + 1);
    let cases = [
        ("(dK)", "-W"),
        ("(dW)", "-W"),
        ("(dK)", "-sW"),
        ("(dW-F)", "-W"),
        ("(dK)", "--fN"),
        ("(dF)", "-cF-W"),
        ("(dK)", "-R"),
        ("(dW)", "-[F]-fW"),
        ("(dK)", "-W0*"),
        ("(dK)", "-{(dW)0}"),
    ];
    for i in 0..240 {
        let (body, rest) = cases[i % cases.len()];
        let from = (next() % 4, next() % 3);
        let (mut friends, mut enemies) = (Vec::new(), Vec::new());
        for f in 0..8 {
            for r in 0..8 {
                let pocket = f < 4 && r < 3;
                let roll = next() % 20;
                if (f, r) == from || (pocket && roll < 12) {
                    continue;
                }
                if (pocket && roll < 16) || (!pocket && roll < 10) {
                    friends.push(name((f, r)));
                } else {
                    enemies.push(name((f, r)));
                }
            }
        }
        let (friends, enemies) = (friends.join(" "), enemies.join(" "));
        let flood = white(&format!("{body}0{rest}"), &name(from), &friends, &enemies);
        let bounded = white(&format!("{body}12{rest}"), &name(from), &friends, &enemies);
        assert_eq!(flood, bounded, "{body}0{rest} on {}: {friends} / {enemies}", name(from));
    }
}

/// M57: null legs stand still; `O-K` has nothing to turn from.
#[test]
fn null_legs() {
    assert_eq!(white("K-O", "d4", "c3", "e5"), white("mK", "d4", "c3", "e5"));
    assert_eq!(white("aK-O", "d4", "c3", "e5"), white("K", "d4", "c3", "e5"));
    assert_eq!(white("W-O-W", "d4", "d5", "f4 b4"), white("W-W", "d4", "d5", "f4 b4"));
    assert_eq!(white("W-O-W", "d4", "d5", "f4 b4"), set("d2 xb4 xf4"));
    assert_eq!(white("cK-O", "d4", "c3", "e5 d5"), set("xd5 xe5"));
    assert_eq!(white("O--N", "d4", "c2", "e6"), white("N", "d4", "c2", "e6"));
    assert_eq!(white("aW-O-F", "d4", "c4 e2", "d5 f5"), white("aW-F", "d4", "c4 e2", "d5 f5"));
    assert_eq!(moves("cK-O", Color::Black, "d5", "c6", "e4 d4"), set("xd4 xe4"));
}

/// M55: an attacker set on a multi-leg move's first leg; on later legs it is refused.
#[test]
fn attacker_sets_on_first_legs() {
    assert!(refusal("R-{Z}W").contains("other than its first"));
    assert!(refusal("[{Z}K]-W").contains("other than its first"));
}

/// M65: `{...}` around a letter standing for several atoms is one optional part holding every
/// atom's body: the move goes on without it only where no body completes a move. Per atom, the
/// W-then-F body `cW-tF` (which never completes after a rook move) would fall back to the plain
/// landing, and `d6`, `d2`, `c4` would be listed besides their captures.
#[test]
fn optional_part_of_several_atoms() {
    let rook_d4 = "a4 b4 c4 e4 f4 g4 h4 d1 d2 d3 d5 d6 d7 d8";
    assert_eq!(white("R-{cK-tK}", "d4", "", ""), set(rook_d4));
    // 8 . . . . . . . .
    // 7 . . . z . . . .     d7 enemy: taken from d6 (and back); d7 itself taken by the rook leg.
    // 6 . . . . . . . .
    // 5 . . . . . . . .     d5: the step to d6 is no capture, so plain d5.
    // 4 . z . A . Z . .     b4 enemy: c4 takes it; f4 friend: plain e4.
    // 3 . . . . . . . .
    // 2 . . . . . . . .
    // 1 . . . z . . . .     d1 enemy: taken from d2.
    //   a b c d e f g h
    let expected = "c4(xb4) xb4 d2(xd1) xd1 d3 d5 d6(xd7) xd7 e4";
    assert_eq!(white("R-{cK-tK}", "d4", "f4", "d7 b4 d1"), set(expected));
    // Black on d5, the board mirrored.
    let expected = "c5(xb5) xb5 d7(xd8) xd8 d6 d4 d3(xd2) xd2 e5";
    assert_eq!(black("R-{cK-tK}", "d5", "f5", "d2 b5 d8"), set(expected));
    // The seed's capture by withdrawal `mQ-{cK-tK}` is `mQ-{!cK}` (M20's boards): after an
    // orthogonal queen move the W body, after a diagonal one the F body.
    for (friends, enemies) in [("", ""), ("f2", "d7 g7 b4"), ("c5 e3", "d6 f6 b2 a4")] {
        assert_eq!(white("mQ-{cK-tK}", "d4", friends, enemies), white("mQ-{!cK}", "d4", friends, enemies));
    }
    assert_eq!(black("mQ-{cK-tK}", "d5", "f7", "d2 g2 b5"), black("mQ-{!cK}", "d5", "f7", "d2 g2 b5"));
    // `[...]` has no such problem (with and without, whatever the atom): the rook moves and the
    // captures besides them.
    let expected = "c4 c4(xb4) xb4 d2 d2(xd1) xd1 d3 d5 d6 d6(xd7) xd7 e4";
    assert_eq!(white("R-[cK-tK]", "d4", "f4", "d7 b4 d1"), set(expected));
    // Several alternatives written out are one optional part too: `R-{(cW-tW)+(cF-tF)}` (its F
    // body, with no K written, turns `fF` after the W step: nothing to take on this board).
    let written = white("R-{(cW-tW)+(cF-tF)}", "d4", "f4", "d7 b4 d1");
    assert_eq!(written, white("R-{cK-tK}", "d4", "f4", "d7 b4 d1"));
}

/// M67: an unlimited complex rider that turns freely and only moves on the way is a flood fill:
/// its destinations are the squares its rounds reach through empty squares, and the enemies its
/// last round reaches. Checked by hand and against the bounded repeat (`(dK)16`), which walks every
/// self-avoiding path the board allows.
#[test]
fn free_turning_complex_riders() {
    assert_eq!(white("(dK)0", "d4", "", "").len(), 63);
    // A snake of friends (a2-g2, b4-h4): along the first rank, up the h-file, back along the third
    // rank to the enemy on c3, which is captured and closes the way on.
    let snake = "a2 b2 c2 d2 e2 f2 g2 b4 c4 d4 e4 f4 g4 h4";
    let want = set("b1 c1 d1 d3 e1 e3 f1 f3 g1 g3 h1 h2 h3 xc3");
    assert_eq!(white("(dK)0", "a1", snake, "c3"), want);
    assert_eq!(white("(dK)16", "a1", snake, "c3"), want);
    // Black: the mirror image.
    let snake = "a7 b7 c7 d7 e7 f7 g7 b5 c5 d5 e5 f5 g5 h5";
    assert_eq!(black("(dK)0", "a8", snake, "c6"), set("b8 c8 d6 d8 e6 e8 f6 f8 g6 g8 h6 h7 h8 xc6"));
    // A pocket b2-d4 around c3 (friends around it, an enemy in a corner): the bounded repeat agrees.
    let wall = "a1 b1 c1 d1 e1 a2 e2 a3 e3 a4 e4 a5 b5 c5 d5";
    assert_eq!(white("(dK)0", "c3", wall, "e5 d4"), set("b2 b3 b4 c2 c4 d2 d3 xd4"));
    assert_eq!(white("(dK)0", "c3", wall, "e5 d4"), white("(dK)9", "c3", wall, "e5 d4"));
    // `(dW-F)0`, a Mao that turns freely, behind a wall on the fourth rank (an enemy on d4): every
    // square of ranks 1-3 but a3, which only b2 (a friend) leads to; d4 is taken from c2.
    let wall = "a4 b4 c4 e4 f4 g4 h4 b2";
    let want = "a2 b1 b3 c1 c2 c3 d1 d2 d3 e1 e2 e3 f1 f2 f3 g1 g2 g3 h1 h2 h3 xd4";
    assert_eq!(white("(dW-F)0", "a1", wall, "d4"), set(want));
    // The same written with the optional count `[dK]0` after a knight leap (M70: `[K]0` goes straight
    // on, a Queen), and as a circular king. The knight leap's flood also comes home to a1: a pass
    // (M62), which `(dK)0` never lands on.
    let mut with_pass = white("(dK)0", "a1", "", "");
    with_pass.push("a1".to_string());
    with_pass.sort();
    assert_eq!(white("mN--[dK]0", "a1", "", ""), with_pass);
    assert_eq!(
        white("(K)d0", "c3", "a1 b1 c1 d1 e1 a2 e2 a3 e3 a4 e4 a5 b5 c5 d5", "e5 d4"),
        // c3: the first step's flood comes home, a pass (M62).
        set("b2 b3 b4 c2 c3 c4 d2 d3 xd4")
    );
    for (notation, what) in [
        ("(daK)0", "capture, visit, swap or set up on the way"),
        ("(dK)0*", "maximal complex riders `0*`"),
        ("(dK)0-(W-F)0*", "followed by a maximal rider `0*`"),
        ("((dK)0-W)3", "inside another repeat"),
    ] {
        assert!(refusal(notation).contains(what), "{notation}");
    }
}

/// M67: when a round's ways depend on the direction the previous round ended in, the destinations
/// of self-avoiding paths are not the squares reachable by (square, direction): `(frW)0` goes up
/// or right first and then straight on or right every round. In the pocket a1-c3 from b1 it has
/// at most 8 rounds, so `(frW)8` walks all its paths: a2 and a3 are not among them, but the walk
/// b1-b2-b3-c3-c2-b2-a2-a3 (through b2 twice, left the second time) reaches them.
#[test]
fn direction_dependent_rounds_are_not_reachability() {
    let pocket = "a4 b4 c4 d1 d2 d3";
    assert_eq!(white("(frW)8", "b1", pocket, ""), set("b2 b3 c1 c2 c3"));
    // Reachability over (square, direction) in the pocket, never ending a round on b1.
    let inside = |(x, y): (i32, i32)| (0..3).contains(&x) && (0..3).contains(&y);
    let start = (1, 0);
    let mut todo: Vec<((i32, i32), (i32, i32))> = vec![((1, 1), (0, 1)), ((2, 0), (1, 0))];
    let mut seen = todo.clone();
    while let Some((at, p)) = todo.pop() {
        for d in [p, (p.1, -p.0)] {
            let to = (at.0 + d.0, at.1 + d.1);
            if inside(to) && to != start && !seen.contains(&(to, d)) {
                seen.push((to, d));
                todo.push((to, d));
            }
        }
    }
    let mut reached: Vec<String> =
        seen.iter().map(|&((x, y), _)| format!("{}{}", (b'a' + x as u8) as char, y + 1)).collect();
    reached.sort();
    reached.dedup();
    assert_eq!(reached, set("a2 a3 b2 b3 c1 c2 c3"));
    assert!(refusal("(frW)0").contains("depend on the direction of the previous time round"));
}

/// M68: a complex rider to the edge with one way round: the circle `((fr)K)*` stops where one more
/// step the way it went leaves the board.
#[test]
fn turning_rider_to_the_edge() {
    // b2: c3, d3, e2, e1, and down from e1 is off the board.
    assert_eq!(white("((fr)K)*", "b2", "", ""), set("e1"));
    assert_eq!(white("((fr)K)*", "b2", "", "e1"), set("xe1"));
    assert_eq!(white("((fr)K)*", "b2", "d3", ""), set(""));
    // An enemy on the way is no edge: captured on e2, the next step (f1) is on the board.
    assert_eq!(white("((fr)K)*", "b2", "", "e2"), set(""));
    // d4: the circle closes on d4 before any edge.
    assert_eq!(white("((fr)K)*", "d4", "", ""), set(""));
    // g2: h3, where the next step right would leave the board; f6: g7, h7.
    assert_eq!(white("((fr)K)*", "g2", "", ""), set("h3"));
    assert_eq!(white("((fr)K)*", "f6", "", ""), set("h7"));
    // Black: the mirror image.
    assert_eq!(black("((fr)K)*", "b7", "", ""), set("e8"));
}

/// X82 (M70): a choice left out before a `-` leg leaves that leg first, read as a first leg; X84:
/// a counted choice of one straight leg is that leg 0 to λ times. The interpreter's moves of such
/// pieces equal those of the moves equality and translation take them apart into, on random
/// boards and for both colours.
#[test]
fn leading_choices_are_the_moves_with_and_without_them() {
    let pairs = [
        ("[W]-F", "F+(W-F)"),
        ("[W]-(fr)F", "(fr)F+(W-(fr)F)"),
        ("[N]-[W]-F", "F+(N-F)+(W-F)+(N-W-F)"),
        ("[W]-tF", "W-tF"),
        ("[mW]-cF", "cF+(mW-cF)"),
        // X84: a counted choice of one leg going straight on, unrolled.
        ("W-[F]2", "W+(W-F)+(W-F-F)"),
        ("[F]2-W", "W+(F-W)+(F-F-W)"),
        ("N-[R]2", "N+(N-R)+(N-R-R)"),
        ("[aW]3-F", "F+(aW-F)+(aW-aW-F)+(aW-aW-aW-F)"),
    ];
    let mut next = xorshift(0x0123_4567_89ab_cdefu64);
    let name = |i: u64| format!("{}{}", (b'a' + (i % 8) as u8) as char, i / 8 + 1);
    for _ in 0..60 {
        let from = next() % 64;
        let mut friends = Vec::new();
        let mut enemies = Vec::new();
        for sq in (0..64).filter(|&s| s != from) {
            match next() % 10 {
                0 | 1 => friends.push(name(sq)),
                2 | 3 => enemies.push(name(sq)),
                _ => {}
            }
        }
        let (friends, enemies) = (friends.join(" "), enemies.join(" "));
        for (a, b) in pairs {
            let (sq, fr, en) = (name(from), friends.as_str(), enemies.as_str());
            assert_eq!(white(a, &sq, fr, en), white(b, &sq, fr, en), "`{a}` on {sq}: {fr} / {en}");
            assert_eq!(black(a, &sq, fr, en), black(b, &sq, fr, en), "Black `{a}` on {sq}: {fr} / {en}");
        }
    }
    // By hand: d4, friends on d5 and c3, an enemy on e6: the diagonals but c3, and on through
    // c4 e4 d3 (not d5): b3 b5, f3 f5, c2 e2.
    assert_eq!(white("[W]-F", "d4", "d5 c3", "e6"), set("b3 b5 c2 c5 e2 e3 e5 f3 f5"));
}
