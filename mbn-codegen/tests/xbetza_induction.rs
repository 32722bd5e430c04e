//! XBetza `u` on a later leg (the Valkyrie `QudQafudQ`, docs/SEMANTICS.md X27), `x` induction (the
//! Relay Knight `mNxaN`, X28) and borrowing (`xK`, X29), run by the interpreter against sets worked
//! out by hand from seed 001's case studies.
//!
//! Notation of results: `from` then `to` (`d4c6`), `x` before `to` for a capture (`b5xa7`), `w`
//! for a swap (`d4wd7`), and a relocation as the mover's move with `>` and where the displaced
//! piece goes (`d4d7>d5`: the Valkyrie goes to d7, the friend there to d5).

mod common;

use mbn_codegen::interp::Interpreter;
use mbn_codegen::variant::Variant;
use mbn_codegen::{compile_move_in, Dialect};
use mbn_runtime::{Color, Geometry, Move, MoveGenerator, MoveList, Position};

/// A variant with the XBetza piece `A`, an inert blocker `Z` (`mfW`), a king `K`, a rook `R`, a
/// queen `Q` and a pawn `P` (promoting to `Q` on the last rank), or the interpreter's refusal.
fn interpreter(a: &str) -> Result<(Variant, Interpreter), String> {
    let pieces = [('A', a), ('Z', "mfW"), ('K', "K"), ('R', "R"), ('Q', "Q"), ('P', "fmWfcF")];
    common::probe::xbetza_probe("A|Piece| Z|Blocker| K|King| R|Rook| Q|Queen| P|Pawn| +P==Q", true, &pieces)
}

/// A move as `from`, `x` for a capture, `w` for a swap, `to`, and `>sq` for a relocation.
fn text(g: Geometry, mv: &Move) -> String {
    let mark = match (mv.is_capture(), mv.relocation(), mv.is_swap()) {
        (true, ..) => "x",
        (_, None, true) => "w",
        _ => "",
    };
    let promotion = if mv.is_promotion() { "=" } else { "" };
    let relocation = mv.relocation().map(|s| format!(">{}", g.square_name(s))).unwrap_or_default();
    format!("{}{mark}{}{promotion}{relocation}", g.square_name(mv.from()), g.square_name(mv.to()))
}

/// The sorted texts of a list.
fn texts(g: Geometry, list: &MoveList) -> Vec<String> {
    let mut out: Vec<String> = list.iter().map(|mv| text(g, mv)).collect();
    out.sort();
    out
}

/// `fen`'s position in the probe variant of `a`.
fn position(a: &str, fen: &str) -> (Interpreter, Position<u64>) {
    let (variant, interp) = interpreter(a).unwrap_or_else(|e| panic!("`{a}`: {e}"));
    let pos = Position::<u64>::from_fen(&variant.table, Geometry::CHESS, fen).unwrap();
    (interp, pos)
}

/// The moves of the piece on `from` (its own and those it induces), sorted.
fn piece_moves(a: &str, fen: &str, from: &str) -> Vec<String> {
    let (interp, pos) = position(a, fen);
    let g = Geometry::CHESS;
    let sq = g.parse_square(from).unwrap();
    let mut list = MoveList::new();
    interp.piece_moves(&pos, sq, pos.piece_at(sq).unwrap(), &mut list);
    let out = texts(g, &list);
    let mut unique = out.clone();
    unique.dedup();
    assert_eq!(out, unique, "a move listed twice");
    out
}

/// The pseudo-legal (`legal` false) or legal moves of the side to move, sorted.
fn all_moves(a: &str, fen: &str, legal: bool) -> Vec<String> {
    let (interp, pos) = position(a, fen);
    let mut list = MoveList::new();
    if legal {
        interp.legal_moves(&pos, &mut list);
    } else {
        interp.pseudo_legal_moves(&pos, &mut list);
    }
    texts(Geometry::CHESS, &list)
}

/// `"a b c"` sorted.
fn set(moves: &str) -> Vec<String> {
    let mut v: Vec<String> = moves.split_whitespace().map(str::to_string).collect();
    v.sort();
    v
}

/// `"c6 f5"` with `from` in front of each.
fn from(from: &str, moves: &str) -> String {
    moves.split_whitespace().map(|m| format!("{from}{m} ")).collect()
}

/// The error of an XBetza string: its message with help, and 1-based column.
fn error(text: &str) -> (String, usize) {
    match compile_move_in(Dialect::XBetza, text) {
        Ok(_) => panic!("`{text}` compiles"),
        Err(d) => (format!("{} {}", d[0].message, d[0].help.clone().unwrap_or_default()), d[0].span.start + 1),
    }
}

const VALKYRIE: &str = "QudQafudQ";

/// X27, board 1: the Valkyrie on d4; friends d7 g4 b2, enemies d1 a4 f6. Queen moves and
/// captures; swaps with the three friends (`udQ`); and for each friend with empty squares between,
/// the friend put on any of them (`afudQ`): d7 to d5 or d6, g4 to e4 or f4, b2 to c3.
#[test]
fn valkyrie_on_an_open_board() {
    let fen = "7k/3Z4/5z2/8/z2A2Z1/8/1Z6/3z3K w - - 0 1";
    let quiet = "d5 d6 d3 d2 e4 f4 c4 b4 e5 c5 b6 a7 e3 f2 g1 c3";
    let expected = format!(
        "{}{}{}{}",
        from("d4", quiet),
        from("d4", "xd1 xa4 xf6"),
        from("d4", "wd7 wg4 wb2"),
        from("d4", "d7>d5 d7>d6 g4>e4 g4>f4 b2>c3"),
    );
    assert_eq!(piece_moves(VALKYRIE, fen, "d4"), set(&expected));
    // `afudQ` alone: the relocations only.
    assert_eq!(piece_moves("afudQ", fen, "d4"), set(&from("d4", "d7>d5 d7>d6 g4>e4 g4>f4 b2>c3")));
}

/// X27, board 2: the Valkyrie on c1; an adjacent friend b1 (a swap, no square between), friends
/// e3 g1; enemies c3 (no relocation past an enemy: the friend c5 behind it is out of reach) and
/// a3. Black's Valkyrie on the mirrored board does the mirrored moves.
#[test]
fn valkyrie_with_blockers() {
    let fen = "7k/8/8/2Z5/8/z1z1Z3/8/1ZA3Z1 w - - 0 1";
    let expected = format!(
        "{}{}{}{}",
        from("c1", "c2 d1 e1 f1 d2 b2"),
        from("c1", "xc3 xa3"),
        from("c1", "wb1 we3 wg1"),
        from("c1", "g1>d1 g1>e1 g1>f1 e3>d2"),
    );
    assert_eq!(piece_moves(VALKYRIE, fen, "c1"), set(&expected));
    let black = "1za3z1/8/Z1Z1z3/8/2z5/8/8/7K b - - 0 1";
    let mut mirrored: Vec<String> =
        set(&expected).iter().map(|m| m.replace('1', "8").replace('2', "7").replace('3', "6")).collect();
    mirrored.sort();
    assert_eq!(piece_moves(VALKYRIE, black, "c8"), mirrored);
}

/// X27: a relocation is checked for legality like any move. The King on e1 is checked by the rook
/// on e8: the Valkyrie on c3 may block on e3 or e5, swap with the King (now on c3, safe), put the
/// King on d2 (`afudQ` towards e1), or go to g3 and put the friend there on e3; the other
/// relocations (`c3g3>d3`, `c3g3>f3`) and the swap with g3 leave the check.
#[test]
fn valkyrie_relocations_are_legal_moves() {
    let fen = "4r2k/8/8/8/8/2A3Z1/8/4K3 w - - 0 1";
    let valkyrie: Vec<String> = all_moves(VALKYRIE, fen, true).into_iter().filter(|m| m.starts_with("c3")).collect();
    assert_eq!(valkyrie, set(&from("c3", "e3 e5 we1 e1>d2 g3>e3")));
    let pseudo = all_moves(VALKYRIE, fen, false);
    for m in ["c3g3>d3", "c3g3>f3", "c3wg3"] {
        assert!(pseudo.contains(&m.to_string()), "{m}: {pseudo:?}");
    }
    // Make and unmake every relocation of board 1: the pieces land where the move says.
    let (interp, mut pos) = position(VALKYRIE, "7k/3Z4/5z2/8/z2A2Z1/8/1Z6/3z3K w - - 0 1");
    let mut list = MoveList::new();
    interp.legal_moves(&pos, &mut list);
    let before = pos.clone();
    assert_eq!(list.iter().filter(|m| m.relocation().is_some()).count(), 5);
    for mv in list.iter().filter(|m| m.relocation().is_some()) {
        let undo = pos.make(*mv);
        pos.check_consistency().unwrap();
        let (to, displaced) = (mv.to(), mv.relocation().unwrap());
        assert_eq!(pos.piece_at(to), before.piece_at(mv.from()));
        assert_eq!(pos.piece_at(displaced), before.piece_at(to));
        assert!(pos.piece_at(mv.from()).is_none());
        pos.unmake(*mv, undo);
        assert_eq!(pos, before);
    }
}

/// X27: a relocation takes nothing, so it attacks nothing: `afucQ` (relocating enemies) does not
/// check the King on h8, which `afcQ` (the same path, capturing) does.
#[test]
fn relocations_do_not_attack() {
    let g = Geometry::CHESS;
    let h8 = g.parse_square("h8").unwrap();
    let (interp, pos) = position("afucQ", "7k/8/8/8/8/8/8/7A b - - 0 1");
    assert!(!interp.is_square_attacked(&pos, h8, Color::White));
    assert_eq!(piece_moves("afucQ", "7k/8/8/8/8/8/8/7A w - - 0 1", "h1").len(), 6);
    let (interp, pos) = position("afcQ", "7k/8/8/8/8/8/8/7A b - - 0 1");
    assert!(interp.is_square_attacked(&pos, h8, Color::White));
}

/// X27: the forms of `u` mbn does not read stay errors at the `u`.
#[test]
fn unload_forms_still_refused() {
    let cases = [("afumQ", 3, "captures nothing"), ("afuQ", 3, "captures nothing")];
    for (text, column, what) in cases {
        let (message, at) = error(text);
        assert!(message.contains("`u`") && message.contains(what), "`{text}`: {message}");
        assert_eq!(at, column, "`{text}`: {message}");
    }
    // A capture on the way and an unload in one move: refused by the interpreter.
    let e = interpreter("cafudQ").err().unwrap();
    assert!(e.contains("captures on the way"), "{e}");
}

const RELAY: &str = "mNxaN";

/// X28: the Relay Knight on d4 with friends b5 and f3 (a knight's leap away) and e4 (not), enemies
/// e6, a7 and g5. Its own leaps only move (e6 is not taken); b5 and f3 make knight leaps that move
/// or capture (b5xa7, f3xg5), but not onto the Relay Knight itself.
#[test]
fn relay_knight_induces_knight_leaps() {
    let fen = "7k/z7/4z3/1Z4z1/3AZ3/5Z2/8/7K w - - 0 1";
    let expected = format!(
        "{}{}{}",
        from("d4", "c6 f5 b3 c2 e2"),
        from("b5", "c7 d6 a3 c3 xa7"),
        from("f3", "e5 h4 h2 g1 e1 d2 xg5"),
    );
    assert_eq!(piece_moves(RELAY, fen, "d4"), set(&expected));
    // `xaN` alone induces and does not move itself.
    assert_eq!(
        piece_moves("xaN", fen, "d4"),
        set(&format!("{}{}", from("b5", "c7 d6 a3 c3 xa7"), from("f3", "e5 h4 h2 g1 e1 d2 xg5")))
    );
}

/// X28: two Relay Knights relaying each other. A relayed leap equal to the friend's own leap is
/// one move, so the list has 12 moves, not 22; the relayed ones add only the captures.
#[test]
fn induced_moves_are_listed_once() {
    let fen = "7k/z7/4z3/1A6/3A4/8/8/7K w - - 0 1";
    let knights: Vec<String> = all_moves(RELAY, fen, false).into_iter().filter(|m| !m.starts_with("h1")).collect();
    let expected = format!("{}{}", from("d4", "c6 f5 f3 b3 c2 e2 xe6"), from("b5", "c7 d6 a3 c3 xa7"));
    assert_eq!(knights, set(&expected));
}

/// X28: an induced capture attacks: the Blocker on b5 gives check to the king on a7 when the
/// Relay Knight on d4 relays it, and not without it.
#[test]
fn induced_captures_give_check() {
    let g = Geometry::CHESS;
    let (interp, pos) = position(RELAY, "8/k7/8/1Z6/3A4/8/8/7K b - - 0 1");
    assert!(interp.in_check(&pos));
    let (interp, pos) = position(RELAY, "8/k7/8/1Z6/8/8/8/7K b - - 0 1");
    assert!(!interp.in_check(&pos));
    // The Black king on a8 may not step to a7, which the relayed b5 covers (the Relay Knight's
    // own leaps only move, and the Blocker's step only moves: b7 and b8 are free).
    let (interp, pos) = position(RELAY, "k7/8/8/1Z6/3A4/8/8/7K b - - 0 1");
    let mut list = MoveList::new();
    interp.legal_moves(&pos, &mut list);
    assert_eq!(texts(g, &list), set("a8b8 a8b7"));
}

/// X28: a relayed royal piece moves like any friend, and its moves must leave it safe (the c-file
/// is the rook's: c6 c5 c4 and the relayed c7 c3 are out); a relayed pawn reaching the last rank
/// promotes by its own rule.
#[test]
fn relayed_kings_and_pawns() {
    let fen = "2r4k/8/8/1K6/3A4/8/8/8 w - - 0 1";
    let king: Vec<String> = all_moves(RELAY, fen, true).into_iter().filter(|m| m.starts_with("b5")).collect();
    let steps = "a6 b6 a5 a4 b4";
    assert_eq!(king, set(&from("b5", &format!("{steps} a7 d6 a3"))));
    // The pawn on b6, relayed by the knight on d5: b6-a8, b6-c8 promote (to Q, compulsorily).
    let fen = "7k/8/1P6/3A4/8/8/8/K7 w - - 0 1";
    let pawn: Vec<String> = all_moves(RELAY, fen, true).into_iter().filter(|m| m.starts_with("b6")).collect();
    assert_eq!(pawn, set("b6b7 b6a8= b6c8= b6d7 b6a4 b6c4"));
}

/// X28: what `x` does not read stays an error at the `x`.
#[test]
fn induction_forms_refused() {
    // `x` with m, c, d, p, g is read as alternatives (X63: `mNxmaN`, `xbetza_rest.rs`).
    // `x` alone on a last leg borrows (X83); with other modes there it is refused.
    let cases = [("mNxeaN", 3, "modes other than"), ("mNamxN", 5, "last leg of a multi-leg move")];
    for (text, column, what) in cases {
        let (message, at) = error(text);
        assert!(message.contains("`x`") && message.contains(what), "`{text}`: {message}");
        assert_eq!(at, column, "`{text}`: {message}");
    }
}

/// The code generator generates relocations, induced moves and borrowing (`tests/xbetza_unload.rs`
/// and `tests/xbetza_induction.rs` run them against the interpreter); it refuses induction after
/// a capture on the way at compile time, pointing at the part, and borrowing on a lone piece.
#[test]
fn the_code_generator_takes_relocation_induction_and_borrowing() {
    use mbn_codegen::emit::{emit_piece, emit_variant, EmitOptions};
    for text in [VALKYRIE, "QafucQ", "afudR", RELAY, "xaK", "mNxaNxaB", "xK", "KxK", "xR"] {
        let (variant, _) = interpreter(text).unwrap();
        if let Err(e) = emit_variant(&variant, "Probe", &EmitOptions::default()) {
            panic!("`{text}`: {}", e[0].message);
        }
    }
    let (variant, _) = interpreter("cafxaK").unwrap();
    let e = emit_variant(&variant, "Probe", &EmitOptions::default()).expect_err("cafxaK");
    let message = &e[0].message;
    assert!(message.contains("`x` with captures on the way") && message.contains("not "), "{message}");
    assert_eq!(e[0].span.start + 1, 1, "{message}");
    let moves = mbn_codegen::compile_move_in(mbn_codegen::Dialect::XBetza, "KxK").unwrap();
    let geometry = mbn_runtime::Geometry::CHESS;
    let e = emit_piece(&moves, geometry, "Probe", "KxK", &EmitOptions::default()).expect_err("a lone borrower");
    assert!(e[0].message.contains("borrowing") && e[0].message.contains("variant"), "{}", e[0].message);
    // X83: borrowing after a path, in a variant and not on a lone piece.
    let (variant, _) = interpreter("mNaxN").unwrap();
    assert!(emit_variant(&variant, "Probe", &EmitOptions::default()).is_ok());
    let moves = mbn_codegen::compile_move_in(mbn_codegen::Dialect::XBetza, "mNaxN").unwrap();
    let e = emit_piece(&moves, geometry, "Probe", "mNaxN", &EmitOptions::default()).expect_err("a lone borrower");
    assert!(e[0].message.contains("borrowing after a path") && e[0].message.contains("variant"), "{}", e[0].message);
}

/// X83: `x` on the last leg borrows after a path: the friends a knight's leap beyond an empty
/// square a knight's leap away lend their moves (`mNaxN`, the interpreter here; both back ends in
/// `tests/xbetza_borrowing.rs`). The Rook f8, through e6, lends its lines from d4; a Blocker on e6
/// cuts the path. A path that captures, induces or swaps on the way before the `x` is refused.
#[test]
fn borrowing_after_a_path() {
    let leaps = "b3 b5 c2 c6 e2 e6 f3 f5";
    let rook = "d5 d6 d7 d8 d3 d2 d1 c4 b4 a4 e4 f4 g4 h4";
    assert_eq!(
        piece_moves("mNaxN", "5R1k/8/8/8/3A4/8/8/8 w - - 0 1", "d4"),
        set(&from("d4", &format!("{leaps} {rook}")))
    );
    assert_eq!(
        piece_moves("mNaxN", "5R1k/8/4Z3/8/3A4/8/8/8 w - - 0 1", "d4"),
        set(&from("d4", "b3 b5 c2 c6 e2 f3 f5"))
    );
    // The path finds friends only: an enemy Rook on f8 lends nothing.
    assert_eq!(piece_moves("mNaxN", "5r1k/8/8/8/3A4/8/8/8 w - - 0 1", "d4"), set(&from("d4", leaps)));
    for text in ["caxN", "xaaxN"] {
        let refused = interpreter(text).err().unwrap_or_default();
        assert!(refused.contains("borrowing") && refused.contains("on the way"), "`{text}`: {refused}");
    }
}

/// X29: borrowing `xK`. On d4 with friends d5 (a Blocker, `mfW`), c4 (a Pawn) and e3 (a Rook),
/// enemies g4 and e5: the Rook's moves from d4 (d5 and c4 block it), the Pawn's capture e5 (its
/// step to d5 is blocked), nothing of the Blocker's. The piece keeps its kind: a Pawn's step to
/// the last rank borrowed on b7 does not promote it.
#[test]
fn borrowing_takes_the_moves_of_adjacent_friends() {
    let fen = "7k/8/8/3Zz3/2PA2z1/4R3/8/8 w - - 0 1";
    assert_eq!(piece_moves("xK", fen, "d4"), set(&from("d4", "d3 d2 d1 e4 f4 xg4 xe5")));
    // With its own King move too (`KxK`): the steps, each listed once.
    assert_eq!(piece_moves("KxK", fen, "d4"), set(&from("d4", "c5 c3 d3 e4 xe5 d2 d1 f4 xg4")));
    // Another borrower on d3 lends nothing (its own borrowing is not lent) and blocks the Rook.
    let fen = "7k/8/8/3Zz3/2PA2z1/3AR3/8/8 w - - 0 1";
    assert_eq!(piece_moves("xK", fen, "d4"), set(&from("d4", "e4 f4 xg4 xe5")));
    assert_eq!(piece_moves("xK", "7k/1A6/2P5/8/8/8/8/8 w - - 0 1", "b7"), set("b7b8"));
    assert_eq!(piece_moves("xK", "7k/8/8/8/3A4/8/8/8 w - - 0 1", "d4"), set(""));
}

/// X29: borrowed captures attack: the borrower on d4 next to the Rook on e3 checks the King on
/// h4 along the fourth rank; without the Rook it does not, and the Rook alone does not either.
#[test]
fn borrowed_captures_give_check() {
    let (interp, pos) = position("xK", "8/8/8/8/3A3k/4R3/8/8 b - - 0 1");
    assert!(interp.in_check(&pos));
    let (interp, pos) = position("xK", "8/8/8/8/3A3k/8/8/8 b - - 0 1");
    assert!(!interp.in_check(&pos));
    let (interp, pos) = position("xK", "8/8/8/8/7k/4R3/8/8 b - - 0 1");
    assert!(!interp.in_check(&pos));
}

/// X29: `x` with a mode other than `m`, `c`, `d`, `e` on its leg is refused at the `x` (with those
/// it is read as alternatives, X63, X69).
#[test]
fn borrowing_forms_refused() {
    let (message, at) = error("xpK");
    assert!(message.contains("`x`") && message.contains("alone"), "{message}");
    assert_eq!(at, 1);
}

/// X27–X29 in the canonical form and translation: induction, unloading and borrowing are their
/// own modifiers (`excite:`, `unload:`), never equal to the plain pieces, and MBN has no spelling
/// for them (the translation says so instead of dropping them).
#[test]
fn canonical_form_and_translation() {
    use mbn_codegen::ancp;
    use mbn_codegen::syntax::xbetza::translate::to_mbn;
    let x = |t: &str| compile_move_in(Dialect::XBetza, t).unwrap_or_else(|d| panic!("`{t}`: {}", d[0].message));
    assert!(!ancp::equal(&x("afudQ"), &x("afdQ")));
    assert!(!ancp::equal(&x("mNxaN"), &x("mNmaN")));
    assert!(!ancp::equal(&x("xK"), &x("mK")));
    assert!(ancp::Canonical::of(&x("afudQ")).to_string().contains("unload:"));
    assert!(ancp::Canonical::of(&x("xK")).to_string().contains("excite:"));
    // MBN's own `x` modifier is another thing: not read as induction.
    let mbn_x = mbn_codegen::compile_move("xW").unwrap();
    assert!(!ancp::equal(&mbn_x, &x("xW")));
    for text in ["QudQafudQ", "mNxaN", "xK"] {
        assert!(to_mbn(&x(text)).is_err(), "{text}");
    }
}

/// `mbn explain` draws no square for a borrowing leg and says why; `KxK` draws the King's steps.
#[test]
fn explain_draws_no_borrowed_destination() {
    use mbn_codegen::diagram::{destinations, Board};
    let x = |t: &str| compile_move_in(Dialect::XBetza, t).unwrap_or_else(|d| panic!("`{t}`: {}", d[0].message));
    let board = Board { files: 8, ranks: 8 };
    let (marks, notes) = destinations(&x("xK"), board, (3, 3));
    assert!(marks.is_empty(), "{marks:?}");
    assert!(notes.iter().any(|n| n.contains("borrow")), "{notes:?}");
    assert_eq!(destinations(&x("KxK"), board, (3, 3)).0.len(), 8);
}
