//! XBetza `o` on a leg on the way (docs/SEMANTICS.md X48, X49): the leg ends on the first square
//! of its line off the board and the next leg comes back. Destination sets worked out by hand on
//! an empty board and with blockers, run by the interpreter (the generated code is compared in
//! `tests/generated_vs_interpreted.rs`); the Betza 2.0 chain spelling; what is refused, with its
//! column; `mbn translate`.
//!
//! Positions are FEN on 8x8 with three kinds: `A` the XBetza piece under test, `Z` an inert
//! blocker (`mfW`) and `K` a royal King. Results: `e6` a quiet move, `xe6` a capture,
//! `a3(xb6)` a move with a capture on the way.

mod common;

use common::probe::written;
use mbn_codegen::interp::Interpreter;
use mbn_codegen::ir::MoveSet;
use mbn_codegen::syntax::xbetza::translate::to_mbn;
use mbn_codegen::variant::{Variant, VariantSpec};
use mbn_codegen::{compile_move_in, Dialect};
use mbn_runtime::{Geometry, Position};

fn xb(text: &str) -> MoveSet {
    compile_move_in(Dialect::XBetza, text).unwrap_or_else(|d| panic!("`{text}`: {}", d[0].message))
}

/// The first error of an XBetza string, from the reader or the interpreter: its message and
/// 1-based column.
fn error(text: &str) -> (String, usize) {
    let d = match compile_move_in(Dialect::XBetza, text) {
        Ok(moves) => match interpreter(moves) {
            Ok(_) => panic!("`{text}` runs"),
            Err(d) => d,
        },
        Err(d) => d,
    };
    (d[0].message.clone(), d[0].span.start + 1)
}

fn interpreter(moves: MoveSet) -> Result<(Variant, Interpreter), Vec<mbn_codegen::Diagnostic>> {
    let mut spec = VariantSpec::new("probe", 8, 8, "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "A=W Z=mfW K=K");
    spec.royal = "K".to_string();
    spec.promotion_zone = None;
    let mut variant = Variant::compile(&spec).unwrap_or_else(|d| panic!("{}", d[0].message));
    variant.moves[0] = [moves.clone(), moves];
    let interp = Interpreter::new(&variant)?;
    Ok((variant, interp))
}

/// The moves of the White `A` on `from` in `fen`.
fn moves(text: &str, fen: &str, from: &str) -> String {
    let (variant, interp) = interpreter(xb(text)).unwrap_or_else(|d| panic!("`{text}`: {}", d[0].message));
    let pos = Position::<u64>::from_fen(&variant.table, Geometry::CHESS, fen).unwrap();
    written(&interp, &pos, from).join(" ")
}

/// X48: the bouncing Bishop `oasB` leaves the board at the first square past the edge and comes
/// back turned 90° either way: the mirror is the first file or rank off the board.
#[test]
fn x48_the_bouncing_bishop() {
    let empty = "k7/8/8/8/8/8/8/2A4K w - - 0 1";
    // c1: off at i7 → h8; off at -1,4 → a5 b6 c7 d8; off at d0 → e1 f2 g3 h4; off at b0 → a1.
    assert_eq!(moves("oasB", empty, "c1"), "a1 a5 b6 c7 d8 e1 f2 g3 h4 h8");
    // With the Bishop's own moves (`BoasB`).
    assert_eq!(moves("BoasB", empty, "c1"), "a1 a3 a5 b2 b6 c7 d2 d8 e1 e3 f2 f4 g3 g5 h4 h6 h8");
    // Blockers: a friend on g5 closes the way to the edge, an enemy on b6 is taken coming back,
    // a friend on f2 stops the way back from d0 (e1 only).
    let blocked = "k7/8/1z6/6Z1/8/8/5Z2/2A4K w - - 0 1";
    assert_eq!(moves("oasB", blocked, "c1"), "a1 a5 e1 xb6");
    // d4's four diagonals leave the board next to a corner: nothing comes back.
    assert_eq!(moves("oasB", "k7/8/8/8/3A4/8/8/7K w - - 0 1", "d4"), "");
    // Straight on (`oafB`) never comes back; no direction (`oaB`) is every way but back (X11).
    assert_eq!(moves("oafB", empty, "c1"), "");
    assert_eq!(moves("oaB", empty, "c1"), moves("oasB", empty, "c1"));
}

/// X48: a Rook bouncing back diagonally (`oabsR`, 135° either way) and a Knight re-entering by a
/// leap (`oabsN`); a leap off the board lands wherever its vector takes it.
#[test]
fn x48_rook_and_knight_come_back() {
    assert_eq!(
        moves("oabsR", "k7/8/8/8/7A/8/8/K7 w - - 0 1", "h4"),
        "a2 a3 a5 a7 b2 b3 b6 c1 c4 c5 c7 d4 d5 d8 e3 e6 e8 f1 f2 f7 g1 g2 g6 g8 h3 h5"
    );
    // A friend on h6 closes the north edge, an enemy on d4 the west one; d4 is taken on the way
    // back from h0 (g1 f2 e3 xd4).
    assert_eq!(moves("oabsR", "k7/8/7Z/8/3z3A/8/8/K7 w - - 0 1", "h4"), "e3 e8 f1 f2 f7 g1 g2 g6 h3 h5 xd4");
    assert_eq!(moves("oabsN", "k7/8/8/8/8/8/8/K5A1 w - - 0 1", "g1"), "e1 f2 g3 h2");
    assert_eq!(moves("oabsN", "k7/8/8/8/8/8/5z1Z/K5A1 w - - 0 1", "g1"), "e1 g3 xf2");
    // `f` straight on from off the board goes further off.
    assert_eq!(moves("oafN", "k7/8/8/8/8/8/8/K5A1 w - - 0 1", "g1"), "");
}

/// X48: ranges: a leg off the board must reach it within its range, the leg back counts its steps
/// from the square off the board; a capture on the way before the leg off the board.
#[test]
fn x48_ranges_and_captures_on_the_way() {
    // `oasB2` on g2: off within two steps (h3 → 8,3; f1 → 4,-1), back within two.
    assert_eq!(moves("oasB2", "k7/8/8/8/8/8/6A1/K7 w - - 0 1", "g2"), "c2 d1 g6 h5");
    // `caoasB` on d4 takes b6 first, then bounces.
    assert_eq!(
        moves("caoasB", "k7/8/1z6/8/3A4/8/8/7K w - - 0 1", "d4"),
        "a3(xb6) b2(xb6) c1(xb6) f8(xb6) g7(xb6) h6(xb6)"
    );
    // A hurdle on the way back: `oabpR` returns along its line over its own square.
    assert_eq!(moves("oabpR", "k7/8/3Z4/8/1z1A4/8/8/7K w - - 0 1", "d4"), "a4 d7 d8");
}

/// X49: a Betza 2.0 chain with an off-board leg is the `a` form.
#[test]
fn x49_chains_leave_the_board_too() {
    let boards = [
        ("k7/8/8/8/8/8/8/2A4K w - - 0 1", "c1"),
        ("k7/8/1z6/6Z1/8/8/5Z2/2A4K w - - 0 1", "c1"),
        ("k7/8/7Z/8/3z3A/8/8/K7 w - - 0 1", "h4"),
        ("k7/8/8/8/8/8/6A1/K7 w - - 0 1", "g2"),
    ];
    for (chain, legs) in [("oB-sB", "oasB"), ("oR-bB", "oabsR"), ("oB2-sB2", "oasB2"), ("ioB-sB", "ioasB")] {
        for (fen, from) in boards {
            assert_eq!(moves(chain, fen, from), moves(legs, fen, from), "`{chain}` = `{legs}` on {fen}");
        }
    }
    assert_eq!(moves("oB-sB", boards[0].0, "c1"), "a1 a5 b6 c7 d8 e1 f2 g3 h4 h8");
    assert_eq!(moves("oR-blB", "k7/8/8/8/7A/8/8/K7 w - - 0 1", "h4"), "a2 a3 b2 b3 c1 c4 d5 e6 e8 f7 g6 g8 h5");
    // On the last leg of a chain `o` is the cylinder of that leg (X88): `B-oB` is MBN's `F0-oF0`.
    assert_eq!(to_mbn(&compile_move_in(Dialect::XBetza, "B-oB").unwrap()).as_deref(), Ok("F0-oF0"));
    assert_eq!(error("B-opB"), ("XBetza `o` is not supported yet".into(), 3));
}

/// X48, X49: what is refused names the construct and its column.
#[test]
fn what_is_refused_says_so() {
    // `o` with a hop on the last leg; `o` with other modes on a leg on the way (`oo` there is the
    // torus of the leg since X91: `ooasB` is MBN's `ooF0-sF0`).
    assert_eq!(error("mafopB"), ("XBetza `o` is not supported yet".into(), 4));
    assert_eq!(to_mbn(&compile_move_in(Dialect::XBetza, "ooasB").unwrap()).as_deref(), Ok("ooF0-sF0"));
    assert_eq!(error("moasB"), ("XBetza `o` is not supported yet".into(), 2));
    // Two legs off the board in a row; an off-board leg in a repeat.
    let (message, _) = error("oaoasB");
    assert!(message.contains("after an off-board leg"), "{message}");
    let (message, _) = error("(oB-sB)2");
    assert!(message.contains("`o`"), "{message}");
    // One-leg `o` stays the cylinder (X39).
    assert!(moves("oB", "k7/8/8/8/8/8/8/K6A w - - 0 1", "h1").split(' ').any(|m| m == "a2"));
}

/// X48: an off-board leg has no MBN spelling: `mbn translate` says so.
#[test]
fn translate_refuses_off_board_legs() {
    for text in ["BoasB", "oB-sB"] {
        let e = to_mbn(&xb(text)).unwrap_err();
        assert!(e.contains("off-board leg"), "{text}: {e}");
    }
}
