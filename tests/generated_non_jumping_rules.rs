//! Conditions, swaps and check rules on non-jumping leaps longer than a step (docs/SEMANTICS.md
//! M85): the code generator refused them ("conditions `/.../` on non-jumping leaps", "`w` (swap)
//! on non-jumping leaps", "`u`, `k` and `x` on non-jumping leaps"); it walks such a leap as a
//! one-leg move, which runs all three (`u` and `x` stay refused there). Hand-checked sets in both
//! back ends, then generated = interpreted on random playouts and at perft 1-3.

mod common;

use common::agree::{assert_agree, piece_moves_by};

common::test_variant! {
    /// The Sapper `mK+wwnD` leaps two squares orthogonally, or swaps with a friend there, unless the
    /// square between is taken; the Gate `K+/Ra1/nA` leaps as a non-jumping Alfil only while a Rook
    /// stands on a1; the Zealot `K+knA`'s Alfil leaps may not check.
    Lame, interpreter,
    START = "rsgqkzsr/pppppppp/8/8/8/8/PPPPPPPP/RSGQKZSR w - - 0 1",
    PIECES = "P|Pawn|=mfW+cfF R|Rook| Q|Queen| K|King| S|Sapper|=mK+wwnD G|Gate|=K+/Ra1/nA Z|Zealot|=K+knA +P==RQSGZ",
}

/// The legal moves of the piece on `from`: `w` before a swap, `x` before a capture, `k` after a
/// move with a check rule.
fn moves(fen: &str, from: &str) -> String {
    let pos = Lame::position(fen).expect("fen");
    piece_moves_by(&Lame, &interpreter(), &pos, from, |_, mv| {
        let mark = if mv.is_swap() {
            "w"
        } else if mv.is_capture() {
            "x"
        } else {
            ""
        };
        let rule = if mv.has_check_rule() { "k" } else { "" };
        format!("{mark}{}{rule}", pos.geometry().square_name(mv.to()))
    })
}

#[test]
fn the_sapper_swaps_past_an_empty_square_only() {
    // d4 with Pawns on d6, e4 and f4: the swap with d6 (d5 empty), none with f4 (e4 between);
    // the leap's quiet moves stay (M24): b4, d2.
    assert_eq!(moves("k7/8/3P4/8/3SPP2/8/8/7K w - - 0 1", "d4"), "b4 c3 c4 c5 d2 d3 d5 e3 e5 wd6");
}

#[test]
fn the_gate_leaps_while_its_rook_stands_on_a1() {
    let steps = "c3 c4 c5 d3 d5 e3 e4 e5";
    assert_eq!(moves("k7/8/8/8/3G4/8/8/R6K w - - 0 1", "d4"), format!("b2 b6 {steps} f2 f6"));
    assert_eq!(moves("k7/8/8/8/3G4/8/8/1R5K w - - 0 1", "d4"), steps);
    // A piece on e5 blocks the leap to f6.
    assert_eq!(moves("k7/8/8/4P3/3G4/8/8/R6K w - - 0 1", "d4"), "b2 b6 c3 c4 c5 d3 d5 e3 e4 f2");
}

#[test]
fn the_zealots_leaps_do_not_check() {
    // e4 against the King on e8: c6 and g6 would check it (through d7 and f7); c2 and g2 do not.
    assert_eq!(moves("4k3/8/8/8/4Z3/8/8/K7 w - - 0 1", "e4"), "c2k d3 d4 d5 e3 e5 f3 f4 f5 g2k");
}

#[test]
fn generated_non_jumping_rules_agree_with_the_interpreter() {
    assert_agree("non-jumping rules", &Lame, &interpreter(), Lame::start_position());
}
