//! XBetza `n` and `e` on the legs of multi-leg moves (docs/SEMANTICS.md X41, X42), run by the
//! interpreter: hand-checked moves, on an empty board and with blockers. (Both back ends and chess
//! perft: `tests/leg_modifiers.rs` at the workspace root.)

use mbn_codegen::interp::Interpreter;
use mbn_codegen::variant::{Variant, VariantSpec};
use mbn_runtime::{MoveGenerator, MoveList, Position};

/// The legal moves of the piece on `from` in `fen`, with the Pawn's move written in XBetza: `x`
/// before a capture, `:ep` after an en passant capture, `+` after a double step; sorted.
fn moves(pawn: &str, fen: &str, from: &str) -> String {
    let mut spec = VariantSpec::new("probe", 8, 8, fen, "P|Pawn| K|King|");
    spec.royal = "K".to_string();
    spec.promotion_zone = None;
    spec.xbetza = vec![('P', pawn.to_string())];
    let variant = Variant::compile(&spec).unwrap_or_else(|e| panic!("{pawn}: {}", e[0].message));
    let interp = Interpreter::new(&variant).unwrap_or_else(|e| panic!("{pawn}: {}", e[0].message));
    let pos = Position::<u64>::from_fen(&variant.table, variant.geometry, fen).expect("the FEN loads");
    let g = pos.geometry();
    let mut list = MoveList::new();
    interp.legal_moves(&pos, &mut list);
    let mut out: Vec<String> = list
        .iter()
        .filter(|mv| g.square_name(mv.from()) == from)
        .map(|mv| {
            let x = if mv.is_capture() && !mv.is_en_passant() { "x" } else { "" };
            let ep = if mv.is_en_passant() { ":ep" } else { "" };
            let plus = if mv.is_double_step() { "+" } else { "" };
            format!("{x}{}{ep}{plus}", g.square_name(mv.to()))
        })
        .collect();
    out.sort();
    out.join(" ")
}

#[test]
fn n_on_the_leg_leading_to_a_square_leaves_rights_there() {
    // X41: the FIDE Pawn's initial double step as two W steps, a double step; e4 blocked leaves
    // the single step, e3 blocked nothing.
    let pawn = "fmWfceFifnmafmW";
    assert_eq!(moves(pawn, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "e2"), "e3 e4+");
    assert_eq!(moves(pawn, "4k3/8/8/8/4p3/8/4P3/4K3 w - - 0 1", "e2"), "e3");
    assert_eq!(moves(pawn, "4k3/8/8/8/8/4p3/4P3/4K3 w - - 0 1", "e2"), "");
    // The Black Pawn on d4 takes e3 en passant after `e2e4`.
    assert_eq!(moves(pawn, "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1", "d4"), "d3 e3:ep");
}

#[test]
fn e_on_the_last_leg_captures_en_passant() {
    // X42: `fmarceW`: a step forward to an empty square, then one to the right, which captures
    // (`c`) or takes en passant (`e`). After e7e5 the Pawn on d5 takes e5 en passant on e6.
    let pawn = "fmWfmarceW";
    assert_eq!(moves(pawn, "4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 1", "d5"), "d6 e6:ep");
    // With d6 blocked, the path is closed; without rights, e6 is no move (the leg only captures).
    assert_eq!(moves(pawn, "4k3/8/3p4/3Pp3/8/8/8/4K3 w - e6 0 1", "d5"), "");
    assert_eq!(moves(pawn, "4k3/8/8/3Pp3/8/8/8/4K3 w - - 0 1", "d5"), "d6");
    assert_eq!(moves(pawn, "4k3/8/4p3/3P4/8/8/8/4K3 w - - 0 1", "d5"), "d6 xe6");
}
