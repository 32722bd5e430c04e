//! Threatened and unthreatened ranges (`[+]`, `[*]`) on the moves of a piece that may itself
//! threaten (docs/SEMANTICS.md M78): deciding a threat counts no attack whose squares depend on
//! threats, so the question cannot recurse (it used to overflow the stack), run by the interpreter
//! against sets worked out by hand.

mod common;

use common::probe::written;
use mbn_codegen::interp::Interpreter;
use mbn_codegen::variant::{Variant, VariantSpec};
use mbn_runtime::{Bb256, Position};

/// A variant of the piece `A` (MBN `a`), Rooks and royal Kings.
fn variant(a: &str) -> (Variant, Interpreter) {
    let mut spec = VariantSpec::new("threats", 8, 8, "8/8/8/8/8/8/8/8 w - - 0 1", &format!("A={a} R K"));
    spec.royal = "K".to_string();
    spec.promotion_zone = None;
    let variant = Variant::compile(&spec).unwrap_or_else(|e| panic!("`{a}`: {}", e[0].message));
    let interp = Interpreter::new(&variant).unwrap_or_else(|e| panic!("`{a}`: {}", e[0].message));
    (variant, interp)
}

/// The moves of the piece on `from` in `fen`, apart by spaces.
fn moves(a: &str, fen: &str, from: &str) -> String {
    let (variant, interp) = variant(a);
    written(&interp, &common::position::<u64>(&variant, fen), from).join(" ")
}

#[test]
fn a_multi_leg_move_to_threatened_squares() {
    // The Xiangqi Horse's paths from d4 end on b3 b5 c2 c6 e2 e6 f3 f5; the Black Rook on c1
    // threatens the c-file and the first rank, its King on a8 a7 b7 b8.
    let fen = "k7/8/8/8/3A4/7K/8/2r5 w - - 0 1";
    assert_eq!(moves("W-F[+]", fen, "d4"), "c2 c6");
    assert_eq!(moves("W-F[*]", fen, "d4"), "b3 b5 e2 e6 f3 f5");
    // With Black Rooks on c6 and e6 too, the one on e6 threatens e2. A square a Black piece
    // stands on is never threatened by Black (no Black piece would give check there), so the
    // Horse takes them by `[*]`, never by `[+]`.
    let fen = "k7/8/2r1r3/8/3A4/7K/8/2r5 w - - 0 1";
    assert_eq!(moves("W-F[+]", fen, "d4"), "c2 e2");
    assert_eq!(moves("W-F[*]", fen, "d4"), "b3 b5 f3 f5 xc6 xe6");
}

#[test]
fn threats_count_no_attack_that_depends_on_threats() {
    // `mW[+]+cW[*]`: steps onto threatened squares, takes undefended pieces. Black's A on d6
    // would attack d5 only through a capture onto an unthreatened square: deciding whether d5 is
    // threatened does not count it (counting it would ask whether d5 is threatened by White,
    // through White's A, whose step depends on the first question), so White's A on d4 has no
    // move. Before M78 the question recursed without end.
    let a = "mW[+]+cW[*]";
    assert_eq!(moves(a, "k7/8/3a4/8/3A4/8/8/7K w - - 0 1", "d4"), "");
    assert_eq!(moves(a, "k7/8/3a4/8/3A4/8/8/7K b - - 0 1", "d6"), "");
    // A Black Rook on h5 threatens d5.
    assert_eq!(moves(a, "k7/8/3a4/7r/3A4/8/8/7K w - - 0 1", "d4"), "d5");
}

#[test]
fn check_counts_every_attack() {
    // A check counts captures whose squares depend on threats. The square a piece stands on is
    // never threatened by its own side (none of its pieces would give check there), so `cW[*]`
    // takes any piece: Black's A on d5 checks the White King on d4, and no Rook move ends that
    // check. The King steps to c3 c4 d3 e3 e4 (not c5, e5, next to the A) or takes the A.
    let (variant, interp) = variant("mW[+]+cW[*]");
    let mut pos: Position<Bb256> = common::position(&variant, "k7/8/8/3a4/3K4/8/8/7R w - - 0 1");
    assert_eq!(written(&interp, &pos, "d4").join(" "), "c3 c4 c5 d3 e3 e4 e5 xd5");
    assert_eq!(mbn_runtime::perft(&interp, &mut pos, 1), 6);
}
