//! A move two legs, paths or lenders make, promoting, is listed once with each promotion choice,
//! in both back ends (docs/SEMANTICS.md M138).

mod common;

use common::agree::piece_moves_by;
use common::test_variant;
use mbn::runtime::Position;

test_variant! {
    /// A rider and a non-jumping Dabbaba (walked as a one-leg move) both reach e8.
    Lame, lame_interp,
    LAME_START = "k7/8/4A3/8/8/8/8/K7 w - - 0 1",
    LAME_PIECES = "P|Pawn| N|Knight| B|Bishop| R|Rook| Q|Queen| K|King| A|Climber|=fR+nfD +A==QN +P==QRBN",
}

test_variant! {
    /// XBetza `xmcbrRuR`: a Rook that unloads (`uR`) and borrows by `x` (X29): on h7, with a
    /// friendly Rook on h3, its own move to h8 and the same move borrowed from the Rook.
    Relay, relay_interp,
    RELAY_START = "k7/7E/8/8/8/7R/8/K7 w - - 0 1",
    RELAY_PIECES = "P|Pawn| N|Knight| B|Bishop| R|Rook| Q|Queen| K|King| E|Relay| +E==QR +P==QRBN",
    xbetza: E = "xmcbrRuR",
}

/// The moves of the piece on `from` as UCI text, sorted: each once.
fn ucis<B: mbn::runtime::Bitboard, G: mbn::runtime::MoveGenerator<B>>(
    generated: &G,
    interp: &mbn::codegen::interp::Interpreter,
    pos: &Position<B>,
    from: &str,
) -> String {
    piece_moves_by(generated, interp, pos, from, |list, mv| pos.uci(*mv, list.extra_captures(mv)))
}

#[test]
fn a_rider_and_a_lame_leap_promote_once() {
    let pos = Lame::start_position();
    // Generated code listed e8=N and e8=Q twice.
    assert_eq!(ucis(&Lame, &lame_interp(), &pos, "e6"), "e6e7 e6e8n e6e8q");
}

#[test]
fn an_own_and_a_borrowed_move_promote_once() {
    let pos = Relay::start_position();
    // The interpreter listed h8=Q and h8=R twice (the Rook on h3 lends its moves).
    let want = "h7a7 h7b7 h7c7 h7d7 h7e7 h7f7 h7g7 h7h4 h7h5 h7h6 h7h8q h7h8r";
    assert_eq!(ucis(&Relay, &relay_interp(), &pos, "h7"), want);
}
