//! The XBetza forms read by docs/SEMANTICS.md X67–X72 and X103 in generated code: an inline `mbn!` variant
//! (X43) whose pieces use them gives the same legal moves as the interpreter on 10,000 random
//! positions and the same perft 1–3, and the hand-checked sets of
//! `mbn-codegen/tests/xbetza_gaps.rs` in both back ends.

mod common;

use common::agree::{assert_agree, piece_moves_by, play};
use mbn::runtime::{Move, MoveList};

common::twin_variant! {
    Gaps, interpreter {
        board: "8x8",
        start: "rsvckhnr/pppppppp/8/8/8/8/PPPPPPPP/RSVCKHNR w - - 0 1",
        pieces: "P|Pawn| R|Rook| S|Swapper| V|Displacer| C|Cannon| N|Checker| H|Hobbler| K|King| +P==RSVCNH",
        royal: "K",
        promotion_zone: "[8]",
        promotion_mandatory: true,
    }
    xbetza {
        P = "fmWfceFfnafsmWfeafmW",
        R = "R",
        S = "KuafdQ",
        V = "KafuafcR",
        C = "mKupR",
        N = "NkafW",
        H = "fnnNbinNceK",
        K = "K",
    }
}

/// X67 (`u` on the first leg `uafdQ`, on a later leg on the way `afuafcR`, on a hop `upR`), X68
/// (the Horse Pawn `fnafsmW` and its e.p. captures), X69 (`feafmW`: an e.p. capture on the way) and
/// X70 (`kafW`: a locust check) and X103 (the Hobbler's `fnnN` and `binN`: rights on the knight's
/// orthogonal square) in a variant, at random and at perft 1–3.
#[test]
fn generated_gaps_agree_with_the_interpreter() {
    let interp = interpreter();
    assert_agree("gaps", &Gaps, &interp, Gaps::start_position());
}

/// A move written `to`, `xto`, `wto` (a swap), `to>sq` (a relocation), `:ep`, `+` (e.p. rights).
fn write(g: mbn::runtime::Geometry, _: &MoveList, mv: &Move) -> String {
    let mark = match (mv.is_capture(), mv.relocation(), mv.is_swap()) {
        (true, ..) => "x",
        (_, None, true) => "w",
        _ => "",
    };
    let ep = if mv.is_en_passant() { ":ep" } else { "" };
    let double = if mv.is_double_step() { "+" } else { "" };
    let relocation = mv.relocation().map(|s| format!(">{}", g.square_name(s))).unwrap_or_default();
    format!("{mark}{}{ep}{double}{relocation}", g.square_name(mv.to()))
}

/// The hand-checked sets of `mbn-codegen/tests/xbetza_gaps.rs`, in both back ends (each with the
/// piece's other moves: `K` steps, `mK` steps).
#[test]
fn gaps_by_hand_in_both_back_ends() {
    let interp = interpreter();
    let at = |fen: &str, from: &str| {
        let pos = Gaps::position(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        piece_moves_by(&Gaps, &interp, &pos, from, |l, mv| write(pos.geometry(), l, mv))
    };
    // X67: the Swapper `KuafdQ` on d4 with friends d6 d7 e5 g4 b2 and an enemy a4 (kings h8, h1):
    // swaps with d6 g4 b2, and its King steps.
    let fen = "7k/3R4/3R4/4R3/r2S2R1/8/1R6/7K w - - 0 1";
    assert_eq!(at(fen, "d4"), "c3 c4 c5 d3 d5 e3 e4 wb2 wd6 wg4");
    // X67: the Displacer `KafuafcR` on d1 with an enemy d6: d6 to d2, d3 or d4.
    let fen = "7k/8/3r4/8/8/8/8/3V3K w - - 0 1";
    assert_eq!(at(fen, "d1"), "c1 c2 d2 d6>d2 d6>d3 d6>d4 e1 e2");
    // X67: the Cannon `mKupR` on d4, a friend d6, enemies d8 f4 h4 d2.
    let fen = "3r3k/8/3R4/8/3C1r1r/8/3r4/K7 w - - 0 1";
    assert_eq!(at(fen, "d4"), "c3 c4 c5 d1 d3 d5 d7 e3 e4 e5 g4 wd8 wh4");
    // X68: the Horse Pawn from e2 (d4 taken: its Horse move only moves); after `e2f4` Black's on
    // d4 takes it en passant on e3.
    let fen = "k7/8/8/8/3p4/8/4P3/K7 w - - 0 1";
    assert_eq!(at(fen, "e2"), "e3 f4+");
    let mut pos = Gaps::position(fen).unwrap();
    play(&Gaps, &mut pos, &["e2f4"]);
    let black = piece_moves_by(&Gaps, &interp, &pos, "d4", |l, mv| write(pos.geometry(), l, mv));
    assert_eq!(black, "c2+ d3 e2+ xe3:ep");
    // X69: Black's Pawn on e4 takes the Horse Pawn that went e2-d4 through e3, and goes on to e2;
    // besides, its step to e3 and its own Horse moves through e3.
    let mut pos = Gaps::position("k7/8/8/8/4p3/8/4P3/K7 w - - 0 1").unwrap();
    play(&Gaps, &mut pos, &["e2d4"]);
    let black = piece_moves_by(&Gaps, &interp, &pos, "e4", |l, mv| {
        let extra: Vec<String> = l.extra_captures(mv).iter().map(|&s| pos.geometry().square_name(s)).collect();
        format!("{}({})", write(pos.geometry(), l, mv), extra.join(","))
    });
    assert_eq!(black, "d2+() e2(d4) e3() f2+()");
    // X70: `NkafW` on d5 checks the King on e5 (f5 empty): the King may not go to d4 or d6
    // (checked the same way) nor to f4 or f6 (the knight's leaps); it takes d5.
    let pos = Gaps::position("8/8/8/3Nk3/8/8/8/K7 b - - 0 1").unwrap();
    let king = piece_moves_by(&Gaps, &interp, &pos, "e5", |l, mv| write(pos.geometry(), l, mv));
    assert_eq!(king, "e4 e6 f5 xd5");
    // X103: the Hobbler `fnnNbinNceK` on d4 (moved: no backward leaps; `fN` is the two leaps
    // forwards, X10) leaps as the Horse through d5, each leap leaving rights there; a friend on d5
    // blocks both. After `d4c2` (through d3: a backward `i` leap of a piece not moved yet) Black's
    // Hobbler on e4 takes it en passant on d3.
    assert_eq!(at("k7/8/8/8/3H4/8/8/7K w - - 0 1", "d4"), "c6+ e6+");
    assert_eq!(at("k7/8/8/3R4/3H4/8/8/7K w - - 0 1", "d4"), "");
    let mut pos = Gaps::position("k7/8/8/8/3Hh3/8/8/7K w - - 0 1").unwrap();
    pos.set_unmoved(pos.occupied());
    assert_eq!(piece_moves_by(&Gaps, &interp, &pos, "d4", |l, mv| write(pos.geometry(), l, mv)), "c2+ c6+ e2+ e6+ xe4");
    play(&Gaps, &mut pos, &["d4c2"]);
    let black = piece_moves_by(&Gaps, &interp, &pos, "e4", |l, mv| write(pos.geometry(), l, mv));
    assert_eq!(black, "d2+ d6+ f2+ f6+ xd3:ep"); // it has not moved either
}
