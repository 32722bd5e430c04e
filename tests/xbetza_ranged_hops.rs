//! The ranged hoppers of docs/SEMANTICS.md X85 in generated code: an inline `mbn!` variant whose
//! pieces hop friends only with a range (`tpQ4`), swap with a range (`upR4`) and leap friends
//! with their legs' range (`tgR4`) gives the same legal moves as the interpreter on 10,000 random
//! positions and the same perft 1–3, and hand-checked sets in both back ends.

mod common;

use common::agree::{assert_agree, piece_moves_by};
use mbn::runtime::{Move, MoveList};

common::twin_variant! {
    RangedHops, interpreter {
        board: "8x8",
        start: "rtugkgtr/pppppppp/8/8/8/8/PPPPPPPP/RTUGKGTR w - - 0 1",
        pieces: "P|Pawn| R|Rook| T|Tame hopper| U|Swapping cannon| G|Tame grasshopper| K|King| +P==RTUG",
        royal: "K",
        promotion_zone: "[8]",
        promotion_mandatory: true,
    }
    xbetza {
        P = "fmWfceFifmnD",
        R = "R",
        T = "mKtpQ4",
        U = "mKupR4",
        G = "KtgR4",
        K = "K",
    }
}

#[test]
fn generated_ranged_hops_agree_with_the_interpreter() {
    assert_agree("ranged-hops", &RangedHops, &interpreter(), RangedHops::start_position());
}

/// A move written `to`, `xto` or `wto` (a swap).
fn write(g: mbn::runtime::Geometry, _: &MoveList, mv: &Move) -> String {
    let mark = match (mv.is_capture(), mv.is_swap()) {
        (true, _) => "x",
        (_, true) => "w",
        _ => "",
    };
    format!("{mark}{}", g.square_name(mv.to()))
}

#[test]
fn ranged_hops_by_hand_in_both_back_ends() {
    let interp = interpreter();
    let at = |fen: &str, from: &str| {
        let pos = RangedHops::position(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        piece_moves_by(&RangedHops, &interp, &pos, from, |l, mv| write(pos.geometry(), l, mv))
    };
    // `tpQ4` on d4 over its Rooks d5 (onto d6, an enemy), b4 (to a4) and g4 (to h4, four steps);
    // not over the King on a1 (nothing behind it) nor the enemy King on h8; its King steps.
    let fen = "7k/8/3r4/3R4/1R1T2R1/8/8/K7 w - - 0 1";
    assert_eq!(at(fen, "d4"), "a4 c3 c4 c5 d3 e3 e4 e5 h4 xd6");
    // `upR4` on d3: over its Rook d6 to d7 (d8, five steps away, is out of range), over the enemy
    // on f3 onto h3 (a swap), over the enemy on d2 to d1; its King steps.
    let fen = "3r3k/8/3R4/8/8/3U1r1r/3r4/K7 w - - 0 1";
    assert_eq!(at(fen, "d3"), "c2 c3 c4 d1 d4 d7 e2 e3 e4 g3 wh3");
    // `KtgR4` on d1: onto its Rook on d4 (three steps), then one step, taking d5.
    let fen = "7k/8/8/3r4/3R4/8/8/K2G4 w - - 0 1";
    assert_eq!(at(fen, "d1"), "c1 c2 d2 e1 e2 xd5");
}
