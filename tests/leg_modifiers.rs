//! E.p. rights from the legs of multi-leg moves (docs/SEMANTICS.md M44, X41): chess with the Pawn's
//! double step written as an MBN chain (`[2]mefW-mW`) and as an XBetza multi-leg move (`ifnmafmW`)
//! has chess's perft (Fairy-Stockfish's numbers, also checked with pyffish) in both back ends. So
//! has chess with the double step as a non-jumping Dabbaba (`[2]menfD`), a single leg the code
//! generator walks as a one-leg move (M137), as are `me` captures with threat ranges (`cmeA[*]`),
//! and with the Pawn's steps as one move ending in a choice (`mefW-[imW]`, M142).

mod common;

use common::agree::{piece_moves_by, play};
use common::test_variant;
use mbn::codegen::interp::Interpreter;
use mbn::codegen::variant::Variant;
use mbn::runtime::{perft, Bitboard, MoveGenerator, Position};

mbn::mbn! { variant ChainPawnChess = "tests/data/chain-pawn-chess.toml"; }
mbn::mbn! { variant LegsXBetza = "tests/data/legs-xbetza.toml"; }
mbn::mbn! { variant LamePawnChess = "tests/data/lame-pawn-chess.toml"; }

/// The start position, Kiwipete and the CPW's third position (e.p. captures that uncover checks),
/// with chess's perft from depth 1.
const CASES: [(&str, &[u64]); 3] = [
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", &[20, 400, 8902, 197_281]),
    ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", &[48, 2039, 97_862]),
    ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", &[14, 191, 2812, 43_238]),
];

fn interpreter(file: &str) -> Interpreter {
    let path = format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let variant = Variant::from_toml(&text, &path).unwrap_or_else(|e| panic!("{}", e[0]));
    Interpreter::new(&variant).unwrap_or_else(|e| panic!("{}", e[0].message))
}

/// Chess's perft in both back ends, from each case's FEN (read by `load`).
fn chess_perft<B: Bitboard, G: MoveGenerator<B>>(
    generated: &G,
    interp: &Interpreter,
    load: impl Fn(&str) -> Position<B>,
) {
    for (fen, counts) in CASES {
        for (depth, &want) in (1..).zip(counts) {
            let mut pos = load(fen);
            assert_eq!(perft(generated, &mut pos, depth), want, "generated, {fen}, depth {depth}");
            if depth <= 3 {
                assert_eq!(perft(interp, &mut pos, depth), want, "interpreted, {fen}, depth {depth}");
            }
        }
    }
}

#[test]
fn mbn_chain_double_step_has_chess_perft() {
    let interp = interpreter("chain-pawn-chess.toml");
    chess_perft(&ChainPawnChess, &interp, |fen| ChainPawnChess::position(fen).expect("the FEN loads"));
}

#[test]
fn xbetza_multileg_double_step_has_chess_perft() {
    let interp = interpreter("legs-xbetza.toml");
    chess_perft(&LegsXBetza, &interp, |fen| LegsXBetza::position(fen).expect("the FEN loads"));
}

#[test]
fn lame_double_step_has_chess_perft() {
    let interp = interpreter("lame-pawn-chess.toml");
    chess_perft(&LamePawnChess, &interp, |fen| LamePawnChess::position(fen).expect("the FEN loads"));
}

common::twin_variant! {
    /// M142: chess with the Pawn's steps written as one move ending in a choice, `mefW-[imW]` (a
    /// step, and on its first move one more straight on), leaving e.p. rights on the square passed.
    ChoicePawnChess, choice_pawn_interp {
        board: "8x8",
        start: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        pieces: "P|Pawn|=cefF+(mefW-[imW]) N|Knight| B|Bishop| R|Rook| Q|Queen| K|King| +P==QRBN",
        royal: "K",
        castling_partners: "R",
        promotion_zone: "[8]",
    }
}

#[test]
fn choice_double_step_has_chess_perft() {
    let interp = choice_pawn_interp();
    chess_perft(&ChoicePawnChess, &interp, |fen| ChoicePawnChess::position(fen).expect("the FEN loads"));
}

common::twin_variant! {
    /// M142: e.p. rights in moves with a choice: the Stepper `mefW-[W]` (a step, or two straight on
    /// that may capture, leaving rights on the square passed) and the Glider `[mefW]-mW` (a double
    /// step with rights, or a W step any way) and the Triple `mefW-[imeW-[mW]]` (a step, on its first
    /// move two or three, leaving rights on the squares passed), each taking its own kind en passant.
    RightsChoices, rights_choices_interp {
        board: "8x8",
        start: "4k3/pppppppp/8/4t3/g1s5/8/1G1S1T2/4K3 w - - 0 1",
        pieces: "P|Pawn| K|King| R|Rook| S|Stepper|=cefF+(mefW-[W]) G|Glider|=cefF+([mefW]-mW) \
                 T|Triple|=cefF+(mefW-[imeW-[mW]]) +P==R",
        royal: "K",
        promotion_zone: "[8]",
    }
}

#[test]
fn rights_in_a_choice_are_left_by_the_longer_move() {
    let interp = rights_choices_interp();
    let start = RightsChoices::start_position();
    let g = start.geometry();
    let moves = |pos: &Position<_>, from| {
        piece_moves_by(&RightsChoices, &interp, pos, from, |_, mv| {
            let x = if mv.is_capture() { "x" } else { "" };
            format!("{x}{}{}", g.square_name(mv.to()), if mv.is_double_step() { "+" } else { "" })
        })
    };
    assert_eq!(moves(&start, "d2"), "d3 d4+");
    assert_eq!(moves(&start, "b2"), "a2 b1 b3 b4+ c2");
    // The Triple's two steps leave rights on the square passed only (its `me` is for the third).
    assert_eq!(moves(&start, "f2"), "f3 f4+ f5+");
    let rights_after = |generated: bool, uci: &str| {
        let mut pos = start.clone();
        if generated {
            play(&RightsChoices, &mut pos, &[uci]);
        } else {
            play(&interp, &mut pos, &[uci]);
        }
        let mut targets = pos.ep_targets();
        std::iter::from_fn(|| targets.pop_lowest()).map(|sq| g.square_name(sq)).collect::<Vec<_>>().join(" ")
    };
    for (uci, rights) in [("f2f4", "f3"), ("f2f5", "f3 f4")] {
        assert_eq!(rights_after(true, uci), rights, "generated {uci}");
        assert_eq!(rights_after(false, uci), rights, "interpreted {uci}");
    }
    // Moved (off its first two ranks), a step only.
    let pos = RightsChoices::position("4k3/8/8/8/8/5T2/8/4K3 w - - 0 1").expect("loads");
    assert_eq!(moves(&pos, "f3"), "f4");
    // The Stepper's two steps capture (leaving no rights: a capture leaves none), through an
    // empty square only; its step only moves.
    let pos = RightsChoices::position("4k3/8/8/8/3p4/8/3S4/4K3 w - - 0 1").expect("loads");
    assert_eq!(moves(&pos, "d2"), "d3 xd4");
    let pos = RightsChoices::position("4k3/8/8/8/3p4/3p4/3S4/4K3 w - - 0 1").expect("loads");
    assert_eq!(moves(&pos, "d2"), "");
    // After each double step Black's piece of the same kind takes en passant.
    for (double, ep) in [("d2d4", "c4d3"), ("b2b4", "a4b3"), ("f2f5", "e5f4")] {
        let mut pos = start.clone();
        play(&RightsChoices, &mut pos, &[double]);
        assert!(common::agree::moves_starting(&RightsChoices, &pos, &ep[..2]).contains(ep), "generated {double}");
        let mut pos = start.clone();
        play(&interp, &mut pos, &[double]);
        assert!(common::agree::moves_starting(&interp, &pos, &ep[..2]).contains(ep), "interpreted {double}");
    }
    common::agree::assert_agree("rights-choices", &RightsChoices, &interp, start);
}

test_variant! {
    /// M137: single legs with `me` that the code generator walks as one-leg moves: a non-jumping
    /// Dabbaba (`mcenD`) and a capture with a threat range (`cmeA[*]`).
    Walked, walked_interp,
    WALKED_START = "4k3/8/r4n2/8/2pA4/8/1L6/4K3 w - - 0 1",
    WALKED_PIECES = "P|Pawn| N|Knight| B|Bishop| R|Rook| Q|Queen| K|King| L|Lame|=mcenD A|Alfil|=cmeA[*] \
        +P==QRBN",
}

#[test]
fn walked_single_legs_leave_rights() {
    let interp = walked_interp();
    let start = Walked::start_position();
    let g = start.geometry();
    // `+`: a double step, leaving e.p. rights on the square passed.
    let moves = |from| {
        piece_moves_by(&Walked, &interp, &start, from, |_, mv| {
            let x = if mv.is_capture() { "x" } else { "" };
            format!("{x}{}{}", g.square_name(mv.to()), if mv.is_double_step() { "+" } else { "" })
        })
    };
    assert_eq!(moves("b2"), "b4+ d2+");
    // b6 is threatened by the Rook on a6; f6 holds a Black piece, never threatened by Black.
    assert_eq!(moves("d4"), "f2+ xf6");
    let b3 = Bitboard::from_square(g.parse_square("b3").expect("a square"));
    let mut pos = start.clone();
    play(&Walked, &mut pos, &["b2b4"]);
    assert_eq!(pos.ep_targets(), b3, "generated");
    let mut pos = start.clone();
    play(&interp, &mut pos, &["b2b4"]);
    assert_eq!(pos.ep_targets(), b3, "interpreted");
}
