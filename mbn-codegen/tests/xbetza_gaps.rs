//! XBetza forms issue 7 (point 2) left refused as "not supported yet", read since
//! (docs/SEMANTICS.md X67–X72) and run by the interpreter against sets worked out by hand:
//!
//! * X67: `u` on a leg on the way or on a hop (`uafdQ`, `upR`): the piece the last leg captures
//!   goes to the start square of the `u` leg;
//! * X68: `n` on a bent path of two steps that ends a knight's leap away (seed 001's `fnafsmW`):
//!   e.p. rights on the orthogonal square passed;
//! * X69: `e` on a leg on the way captures en passant there and goes on (MBN's M64); `x` with `e`
//!   is either (`xeK` = `xKeK`, as X63 reads `x` with `m`, `c`, `d`);
//! * X70: `k` on a leg on the way captures a royal piece there (a locust check), `kc` any other
//!   enemy;
//!
//! Notation of results: `from` then `to` (`d4c6`), `x` before `to` for a capture (`b5xa7`), `w`
//! for a swap (`d4wd7`), and a relocation as the mover's move with `>` and where the displaced
//! piece goes (`d1d6>d3`: the mover goes to d6, the piece there to d3).

mod common;

use mbn_codegen::ancp;
use mbn_codegen::interp::Interpreter;
use mbn_codegen::variant::Variant;
use mbn_codegen::{compile_move_in, Dialect};
use mbn_runtime::{Bitboard, Geometry, Move, MoveGenerator, MoveList, Position};

/// A variant with the XBetza piece `A`, an inert blocker `Z` (`mfW`), a king `K`, a rook `R` and
/// a pawn `P` (`fmWfceFifmnD`), or the refusal of the variant or of its interpreter.
fn interpreter(a: &str) -> Result<(Variant, Interpreter), String> {
    let pieces = [('A', a), ('Z', "mfW"), ('K', "K"), ('R', "R"), ('P', "fmWfceFifmnD")];
    common::probe::xbetza_probe("A|Piece| Z|Blocker| K|King| R|Rook| P|Pawn|", false, &pieces)
}

/// A move as `from`, `x` for a capture, `w` for a swap, `to`, `:ep` for an en passant capture,
/// `+` for a move leaving e.p. rights, and `>sq` for a relocation.
fn text(g: Geometry, mv: &Move) -> String {
    let mark = match (mv.is_capture(), mv.relocation(), mv.is_swap()) {
        (true, ..) => "x",
        (_, None, true) => "w",
        _ => "",
    };
    let ep = if mv.is_en_passant() { ":ep" } else { "" };
    let double = if mv.is_double_step() { "+" } else { "" };
    let relocation = mv.relocation().map(|s| format!(">{}", g.square_name(s))).unwrap_or_default();
    format!("{}{mark}{}{ep}{double}{relocation}", g.square_name(mv.from()), g.square_name(mv.to()))
}

/// `fen`'s position in the probe variant of `a`.
fn position(a: &str, fen: &str) -> (Interpreter, Position<u64>) {
    let (variant, interp) = interpreter(a).unwrap_or_else(|e| panic!("`{a}`: {e}"));
    let pos = Position::<u64>::from_fen(&variant.table, Geometry::CHESS, fen).unwrap();
    (interp, pos)
}

/// The pseudo-legal moves of the piece on `from`, apart by spaces, sorted; each listed once.
fn piece_moves(a: &str, fen: &str, from: &str) -> String {
    let (interp, pos) = position(a, fen);
    piece_moves_in(&interp, &pos, from)
}

/// [`piece_moves`] of the piece on `from` in `pos`.
fn piece_moves_in(interp: &Interpreter, pos: &Position<u64>, from: &str) -> String {
    let g = Geometry::CHESS;
    let sq = g.parse_square(from).unwrap();
    let mut list = MoveList::new();
    interp.piece_moves(pos, sq, pos.piece_at(sq).unwrap(), &mut list);
    let mut out: Vec<String> = list.iter().map(|mv| text(g, mv)).collect();
    out.sort();
    let n = out.len();
    out.dedup();
    assert_eq!(n, out.len(), "{from}: a move listed twice");
    out.join(" ")
}

/// The legal moves of the side to move, apart by spaces, sorted.
fn legal_moves(a: &str, fen: &str) -> String {
    let (interp, pos) = position(a, fen);
    let mut list = MoveList::new();
    interp.legal_moves(&pos, &mut list);
    let mut out: Vec<String> = list.iter().map(|mv| text(Geometry::CHESS, mv)).collect();
    out.sort();
    out.join(" ")
}

/// The first error of an XBetza string: message, help and 1-based column.
fn error(text: &str) -> (String, String, usize) {
    match compile_move_in(Dialect::XBetza, text) {
        Ok(_) => panic!("`{text}` compiles"),
        Err(d) => (d[0].message.clone(), d[0].help.clone().unwrap_or_default(), d[0].span.start + 1),
    }
}

/// X67: `uafdQ` slides to an empty square, then on to a friend, which goes to the mover's square:
/// a swap with a friend that is not adjacent. On d4 with friends d6 e5 g4 b2 and d7 (behind d6),
/// an enemy a4: `wd6 wg4 wb2` (e5 is adjacent, d7 behind d6, a4 an enemy); `udQ` (X26) also
/// swaps with e5.
#[test]
fn x67_unload_on_the_first_leg_is_a_swap_at_a_distance() {
    let fen = "8/3Z4/3Z4/4Z3/p2A2Z1/8/1Z6/8 w - - 0 1";
    assert_eq!(piece_moves("uafdQ", fen, "d4"), "d4wb2 d4wd6 d4wg4");
    assert_eq!(piece_moves("udQ", fen, "d4"), "d4wb2 d4wd6 d4we5 d4wg4");
    // With no mode on the last leg it moves or captures an enemy, which comes to d4 (`uafQ`):
    // the queen's moves two squares away or more, and a swap with the enemy a4.
    assert_eq!(piece_moves("uafQ", fen, "d4"), "d4a7 d4b4 d4b6 d4d1 d4d2 d4f2 d4f4 d4g1 d4wa4");
}

/// X67: `u` on a later leg on the way: `afuafcR` slides to X, on to Z, on to an enemy, which goes
/// to X. On d1 with an enemy d6: X is d2, d3 or d4 (Z one square further at least).
#[test]
fn x67_unload_on_a_later_leg_on_the_way() {
    let fen = "8/8/3p4/8/8/8/8/3A4 w - - 0 1";
    assert_eq!(piece_moves("afuafcR", fen, "d1"), "d1d6>d2 d1d6>d3 d1d6>d4");
}

/// X67: `u` on a hop (`upR` = `upafR`): the Cannon-like hopper lands anywhere behind its mount,
/// and the enemy it takes there goes to its start square (a swap). On d4 with a friend d6, enemies
/// d8 f4 h4 d2: over d6 to d7 and onto d8, over f4 to g4 and onto h4, over d2 to d1.
#[test]
fn x67_unload_on_a_hop() {
    let fen = "3p4/8/3Z4/8/3A1p1p/8/3p4/8 w - - 0 1";
    assert_eq!(piece_moves("upR", fen, "d4"), "d4d1 d4d7 d4g4 d4wd8 d4wh4");
    // `pR` takes them instead.
    assert_eq!(piece_moves("pR", fen, "d4"), "d4d1 d4d7 d4g4 d4xd8 d4xh4");
    // `afupR`: slide to X, hop from there, the enemy behind the mount goes to X. From d1 with a
    // mount d4 and an enemy d6: X is d2 or d3; the quiet landing d5 as well.
    let fen = "8/8/3p4/8/3Z4/8/8/3A4 w - - 0 1";
    assert_eq!(piece_moves("afupR", fen, "d1"), "d1d5 d1d6>d2 d1d6>d3");
}

/// X67: a swap at a distance is legal when the mover's royal pieces are safe after it: `uafdQ`
/// on e3 may swap with its King on e1 (e2 empty), not when a rook on e8 would then attack the
/// King on e3.
#[test]
fn x67_unloads_are_legal_moves() {
    let king = "e1d1 e1d2 e1e2 e1f1 e1f2";
    assert_eq!(legal_moves("uafdQ", "4r2k/8/8/8/8/4A3/8/4K3 w - - 0 1"), king);
    assert_eq!(legal_moves("uafdQ", "r6k/8/8/8/8/4A3/8/4K3 w - - 0 1"), format!("{king} e3we1"));
}

/// X67: what stays refused, at the `u`.
#[test]
fn x67_refusals() {
    let cases = [
        // the piece taken on the way would reappear while the mover goes on
        ("ucafmK", 1, "not supported yet"),
        // two `u`: one piece, two squares
        ("uafuafcR", 4, "no meaning"),
        // the last leg only moves: nothing to unload
        ("uafmQ", 1, "no meaning"),
        // en passant, royal captures on the last leg
        ("uafceF", 1, "not supported yet"),
        ("uafkR", 1, "not supported yet"),
        // bent riders
        ("uqafN", 1, "not supported yet"),
    ];
    for (text, column, what) in cases {
        let (message, help, at) = error(text);
        assert!(message.contains("`u`") && message.contains(what), "`{text}`: {message}");
        assert!(!help.is_empty(), "`{text}`");
        assert_eq!(at, column, "`{text}`: {message}");
    }
    // A Rook that may capture an enemy and swap with one (`upR`'s captures are swaps) makes two
    // moves with two texts (M129), as a relocation elsewhere (`>sq`) does: `RafuafcR`.
    assert!(interpreter("RupR").is_ok());
    assert!(interpreter("RafuafcR").is_ok());
}

/// Plays `uci` (the text of [`text`] without marks) on `pos`, as the interpreter lists it.
fn play(interp: &Interpreter, pos: &mut Position<u64>, uci: &str) {
    let mut list = MoveList::new();
    interp.legal_moves(pos, &mut list);
    let g = pos.geometry();
    let name = |mv: &Move| format!("{}{}", g.square_name(mv.from()), g.square_name(mv.to()));
    let mv = *list.iter().find(|mv| name(mv) == uci).unwrap_or_else(|| panic!("{uci} is not legal"));
    let _ = pos.make(mv);
}

/// The legal moves of the side to move in `pos`, apart by spaces, sorted.
fn listed(interp: &Interpreter, pos: &Position<u64>) -> String {
    let mut list = MoveList::new();
    interp.legal_moves(pos, &mut list);
    let mut out: Vec<String> = list.iter().map(|mv| text(pos.geometry(), mv)).collect();
    out.sort();
    out.join(" ")
}

/// Seed 001's hypothetical Pawn with a forward Xiangqi Horse move, `fnafsmW`.
const HORSE_PAWN: &str = "fmWfceFfnafsmW";

/// X68: `fnafsmW` steps to the W square (empty), then diagonally forward; the move leaves e.p.
/// rights on the W square (`+`). From e2: `e3`, `d4+`, `f4+`; with e3 blocked, nothing.
#[test]
fn x68_the_horse_pawn_moves() {
    assert_eq!(piece_moves(HORSE_PAWN, "8/8/8/8/8/8/4A3/8 w - - 0 1", "e2"), "e2d4+ e2e3 e2f4+");
    assert_eq!(piece_moves(HORSE_PAWN, "8/8/8/8/8/4Z3/4A3/8 w - - 0 1", "e2"), "");
    // Black's goes down the board.
    assert_eq!(piece_moves(HORSE_PAWN, "8/4a3/8/8/8/8/8/8 b - - 0 1", "e7"), "e7d5+ e7e6 e7f5+");
}

/// X68: after `e2f4` (through e3) a Black Horse Pawn on d4 takes it en passant on e3, the square it
/// passed (`e` takes pieces of its own kind, X3); after `g2f4` (through g3) one on h4 takes it on
/// g3. A quiet step leaves no rights, and the rights last one move.
#[test]
fn x68_the_horse_pawn_is_taken_en_passant_on_the_square_it_passed() {
    let (interp, start) = position(HORSE_PAWN, "k7/8/8/8/3a4/8/4A3/K7 w - - 0 1");
    let mut pos = start;
    play(&interp, &mut pos, "e2f4");
    assert_eq!(listed(&interp, &pos), "a8a7 a8b7 a8b8 d4c2+ d4d3 d4e2+ d4xe3:ep");
    play(&interp, &mut pos, "d4e3");
    assert!(pos.piece_at(Geometry::CHESS.parse_square("f4").unwrap()).is_none(), "f4 taken");
    let (interp, start) = position(HORSE_PAWN, "k7/8/8/8/7a/8/6A1/K7 w - - 0 1");
    let mut pos = start.clone();
    play(&interp, &mut pos, "g2f4");
    assert_eq!(listed(&interp, &pos), "a8a7 a8b7 a8b8 h4g2+ h4h3 h4xg3:ep");
    let mut pos = start.clone();
    play(&interp, &mut pos, "g2g3");
    assert_eq!(listed(&interp, &pos), "a8a7 a8b7 a8b8 h4g2+ h4h3 h4xg3");
    let mut pos = start;
    play(&interp, &mut pos, "g2f4");
    play(&interp, &mut pos, "a8b8");
    play(&interp, &mut pos, "a1b1");
    assert_eq!(listed(&interp, &pos), "b8a7 b8a8 b8b7 b8c7 b8c8 h4g2+ h4h3");
}

/// X103: `nn` (and `in`) on the knight's leap create e.p. rights on the orthogonal square it passes,
/// the Horse's: `ffmnnN` is seed 001's `fnafsmW` spelt as one atom, the same moves, rights and
/// captures as the Horse Pawn of X68.
#[test]
fn x103_nn_on_the_knight_is_the_horse_pawn() {
    let pawn = "fmWfceFffmnnN";
    assert_eq!(piece_moves(pawn, "8/8/8/8/8/8/4A3/8 w - - 0 1", "e2"), "e2d4+ e2e3 e2f4+");
    assert_eq!(piece_moves(pawn, "8/8/8/8/8/4Z3/4A3/8 w - - 0 1", "e2"), "");
    let (interp, start) = position(pawn, "k7/8/8/8/3a4/8/4A3/K7 w - - 0 1");
    let mut pos = start;
    play(&interp, &mut pos, "e2f4");
    assert_eq!(listed(&interp, &pos), "a8a7 a8b7 a8b8 d4c2+ d4d3 d4e2+ d4xe3:ep");
    let a = compile_move_in(Dialect::XBetza, pawn).unwrap();
    assert!(ancp::equal(&a, &compile_move_in(Dialect::XBetza, HORSE_PAWN).unwrap()));
}

/// X103: `inN` leaps as the Xiangqi Horse, only as the piece's first move, and leaves rights on the
/// orthogonal square along the leap's long side: d4-b5 on c4, not on c5 or d5. A Black `ceK` on b3
/// takes the piece on b5 en passant on c4; one on d6, next to c5 and d5, takes nothing.
#[test]
fn x103_in_on_the_knight_leaves_rights_on_its_orthogonal_square() {
    let a = "inNceK";
    // The piece on d4 has not moved.
    let unmoved = |fen: &str| {
        let (interp, mut pos) = position(a, fen);
        pos.set_unmoved(u64::from_square(Geometry::CHESS.parse_square("d4").unwrap()));
        (interp, pos)
    };
    let (interp, pos) = unmoved("8/8/8/8/3A4/8/8/8 w - - 0 1");
    let all = "d4b3+ d4b5+ d4c2+ d4c6+ d4e2+ d4e6+ d4f3+ d4f5+";
    assert_eq!(piece_moves_in(&interp, &pos, "d4"), all);
    // A friend on c4 blocks b3 and b5, an enemy on d5 c6 and e6 (the King steps are `c` only).
    let (interp, pos) = unmoved("8/8/8/3a4/2ZA4/8/8/8 w - - 0 1");
    assert_eq!(piece_moves_in(&interp, &pos, "d4"), "d4c2+ d4e2+ d4f3+ d4f5+ d4xd5");
    let (interp, start) = unmoved("k7/8/3a4/8/3A4/1a6/8/K7 w - - 0 1");
    let mut moved = start.clone();
    moved.set_unmoved(0);
    assert_eq!(piece_moves_in(&interp, &moved, "d4"), "", "moved: no initial leap");
    let mut pos = start;
    play(&interp, &mut pos, "d4b5");
    let black = listed(&interp, &pos);
    assert!(black.contains("b3xc4:ep"), "{black}");
    assert_eq!(black.matches(":ep").count(), 1, "{black}");
    // The same move as seed 001's multi-leg spelling, and as MBN's `imeW-F` (X96).
    let inn = compile_move_in(Dialect::XBetza, "inN").unwrap();
    assert!(ancp::equal(&inn, &compile_move_in(Dialect::XBetza, "inafsW").unwrap()));
    assert!(ancp::equal(&inn, &compile_move_in(Dialect::Mbn, "imeW-F").unwrap()));
    assert!(!ancp::equal(&inn, &compile_move_in(Dialect::XBetza, "iN").unwrap()), "the lame leap counts");
    let nn = compile_move_in(Dialect::XBetza, "nnN").unwrap();
    assert!(ancp::equal(&nn, &compile_move_in(Dialect::XBetza, "nafsW").unwrap()));
    assert!(!ancp::equal(&nn, &compile_move_in(Dialect::XBetza, "nN").unwrap()), "the rights count");
}

/// X103: what stays refused, with X95's reason: rights on the camel's and zebra's three paths and
/// on the many squares of a rider of oblique leaps.
#[test]
fn x103_other_oblique_rights_stay_refused() {
    for text in ["inC", "nnC", "nnZ", "nnN0", "inNN", "nnC0"] {
        let (message, help, _) = error(text);
        assert!(message.ends_with("is not supported yet"), "{text}: {message}");
        assert!(help.contains("X103") && help.contains("three paths"), "`{text}`: {help}");
    }
}

/// X68: what stays refused, by the plan: rights on a path whose squares are not the runtime's
/// (the diagonal square of `fnmafsF`, a knight's leap; a bent path ending diagonally, `fnasmW`).
#[test]
fn x68_other_bent_paths_stay_refused() {
    for a in ["fnmafsF", "fnasmW"] {
        let e = interpreter(a).err().unwrap_or_else(|| panic!("`{a}` runs"));
        assert!(e.contains("fill the straight line") && e.contains("not run"), "`{a}`: {e}");
    }
}

/// The legal moves of the side to move that capture on the way, `from` `to` `(xsq)`, sorted.
fn locust_moves(interp: &Interpreter, pos: &Position<u64>) -> String {
    let mut list = MoveList::new();
    interp.legal_moves(pos, &mut list);
    let g = pos.geometry();
    let mut out: Vec<String> = list
        .iter()
        .filter(|mv| !list.extra_captures(mv).is_empty())
        .map(|mv| {
            let extra: Vec<String> =
                list.extra_captures(mv).iter().map(|&s| format!("x{}", g.square_name(s))).collect();
            format!("{}({})", text(g, mv), extra.join(","))
        })
        .collect();
    out.sort();
    out.join(" ")
}

/// X69: `eamW` steps onto an empty square with e.p. rights, takes the piece that passed it and
/// steps on (any way but back). Black's `e7e5` (the X41 double step `ifnmafmW`) leaves rights on
/// e6; White's piece on d6 takes e5 through e6 and goes on to e7, f6 or e5. Without the double
/// step (Black's piece already on e5) nothing.
#[test]
fn x69_en_passant_captures_on_the_way() {
    let a = "ifnmafmWeamW";
    let (interp, start) = position(a, "k7/4a3/3A4/8/8/8/8/K7 b - - 0 1");
    let mut pos = start;
    play(&interp, &mut pos, "e7e5");
    assert_eq!(locust_moves(&interp, &pos), "d6e5(xe5) d6e7(xe5) d6f6(xe5)");
    let (interp, pos) = position(a, "k7/8/3A4/4a3/8/8/8/K7 w - - 0 1");
    assert_eq!(locust_moves(&interp, &pos), "");
    // With `c` too (`fceafmF`, a Checker that also takes en passant): the capture of a piece on
    // the way as before, and e.p. where rights are.
    let (interp, start) = position("ifnmafmWfceafmF", "k7/4a3/8/3A4/8/8/8/K7 b - - 0 1");
    let mut pos = start;
    play(&interp, &mut pos, "e7e5");
    assert_eq!(locust_moves(&interp, &pos), "d5f7(xe5)");
}

/// X69: `xeK` borrows (X29) or takes en passant with a King step: the same piece as `xKeK`; the
/// e.p. alternative alone takes, after Black's `e7e5` (X41's double step), the piece on e5 from d6
/// through e6 (`eK` alone: `d6xe6:ep`).
#[test]
fn x69_x_with_e_is_either() {
    let xb = |t: &str| compile_move_in(Dialect::XBetza, t).unwrap_or_else(|e| panic!("{t}: {}", e[0].message));
    assert!(ancp::equal(&xb("xeK"), &xb("xKeK")));
    assert!(!ancp::equal(&xb("xeK"), &xb("xK")));
    let (interp, start) = position("ifnmafmWxeK", "k7/4a3/3A4/8/8/8/8/K7 b - - 0 1");
    let mut pos = start;
    play(&interp, &mut pos, "e7e5");
    assert!(listed(&interp, &pos).split_whitespace().any(|m| m == "d6xe6:ep"), "{}", listed(&interp, &pos));
}

/// X70: `kafW` steps onto a royal piece, takes it and goes straight on: it checks a King with an
/// empty square (or an enemy) behind it. Black's King on e5 next to `kafW` on d5 is in check: it
/// may take d5 or step to e4 e6 f4 f5 f6, not to d4 or d6 (checked the same way again). A plain
/// enemy on e5 is no royal piece: `kafW` has no move over it; `kcafW` takes it (and not the King).
#[test]
fn x70_royal_captures_on_the_way() {
    assert_eq!(legal_moves("kafW", "8/8/8/3Ak3/8/8/8/K7 b - - 0 1"), "e5e4 e5e6 e5f4 e5f5 e5f6 e5xd5");
    // A White piece on f5 closes the way on behind e5 (no check there), but d4 and d6 stay
    // attacked (d3 and d7 are empty); the King may take f5.
    let king = "e5e4 e5e6 e5f4 e5f6 e5xd5 e5xf5";
    assert_eq!(legal_moves("kafW", "8/8/8/3AkZ2/8/8/8/K7 b - - 0 1"), king);
    // With d3 and d7 taken by White pieces too, d4 and d6 are safe.
    let king = "e5d4 e5d6 e5e4 e5e6 e5f4 e5f6 e5xd5 e5xf5";
    assert_eq!(legal_moves("kafW", "8/3Z4/8/3AkZ2/8/3Z4/8/K7 b - - 0 1"), king);
    assert_eq!(piece_moves("kafW", "8/8/8/3Ap3/8/8/8/K7 w - - 0 1", "d5"), "");
    assert_eq!(piece_moves("kcafW", "8/8/8/3Ap3/8/8/8/K7 w - - 0 1", "d5"), "d5f5");
    assert_eq!(legal_moves("kcafW", "8/8/8/3Ak3/8/8/8/K7 b - - 0 1"), "e5d4 e5d6 e5e4 e5e6 e5f4 e5f5 e5f6 e5xd5");
}

/// X104: `q` and `z` on the universal leaper are refused at the letter (found by a random scan of
/// XBetza strings: `zU` unrolled into megabytes of legs and took seconds to compile), alone and
/// beside other atoms; `U` itself and other atoms' bent riders still read.
#[test]
fn x104_bent_riders_of_the_universal_leaper_are_refused() {
    for (text, column) in [("zU", 1), ("qU", 1), ("FzU", 2), ("mqU", 1), ("qzU", 1)] {
        let (message, help, at) = error(text);
        assert!(message.ends_with("is not supported yet"), "{text}: {message}");
        assert!(help.contains("universal leaper") && help.contains("X104"), "`{text}`: {help}");
        assert_eq!(at, column, "{text}");
    }
    for text in ["U", "mU", "qN", "zC", "FqN"] {
        assert!(compile_move_in(Dialect::XBetza, text).is_ok(), "{text}");
    }
}
