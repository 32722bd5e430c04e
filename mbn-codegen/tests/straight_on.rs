//! M133: a `-` leg with no direction written goes straight on (M2); with `f` written it takes the
//! atom's forward turns. The two are one piece only where they move alike, and equality, the
//! canonical text and both translations keep them apart where they do not.

mod common;

use common::probe::{compile, moves_in};
use mbn_codegen::ancp::{equal, Canonical};
use mbn_codegen::syntax::xbetza::translate::{to_mbn, to_xbetza};
use mbn_codegen::Dialect::{Mbn, XBetza};

/// An oblique atom continuing its line reads `f` as three compass points, and a place written
/// with a compound (`K`) goes straight on with its one atom that can: neither is the `f` leg.
#[test]
fn straight_on_is_not_f_where_f_turns() {
    // Hand sets from d4 of an empty board (N-N: twice the same leap; N-fN: that leap or the next
    // one clockwise or counter-clockwise, `(1,2)` then `(2,1)` to g7).
    assert_eq!(moves_in(Mbn, "N-N", "d4", "", ""), "b8 f8 h2 h6");
    assert_eq!(moves_in(Mbn, "N-fN", "d4", "", ""), "a1 a7 b8 d8 f8 g1 g7 h2 h4 h6");
    // After the rook's slide only the K's W goes straight on; `fK` also takes both diagonals.
    assert_eq!(moves_in(Mbn, "R-K", "d4", "d6 f4", ""), "a4 b4 d1 d2");
    assert_eq!(moves_in(Mbn, "R-fK", "d4", "d6 f4", ""), "a3 a4 a5 b3 b4 b5 c1 c2 c6 d1 d2 e1 e2 e6 f3 f5");
    for (a, b) in [("N-N", "N-fN"), ("Z-Z", "Z-fZ"), ("R-K", "R-fK"), ("K-K", "K-fK"), ("F-K", "F-fK")] {
        assert!(!equal(&compile(Mbn, a), &compile(Mbn, b)), "`{a}` = `{b}`");
    }
    // Where `f` is straight on (or its least turn), they stay one piece.
    for (a, b) in [("W-W", "W-fW"), ("W-F", "W-fF"), ("F-W", "F-fW"), ("W-N", "W-fN"), ("N-W", "N-fW")] {
        assert!(equal(&compile(Mbn, a), &compile(Mbn, b)), "`{a}` != `{b}`");
    }
    assert_eq!(Canonical::of(&compile(Mbn, "N-N")).to_string(), "leap(1,2) + straight:leap(1,2)");
    assert_eq!(Canonical::of(&compile(Mbn, "N-fN")).to_string(), "leap(1,2) + f:leap(1,2)");
    assert_eq!(Canonical::of(&compile(Mbn, "W-W")).to_string(), "slide(0,1) + f:slide(0,1)");
}

/// XBetza's lone `f` on a later leg is the default, straight on (X22), so MBN's `f` on a zebra
/// continuing its line is `frf` there, and XBetza's `Z-fZ` is MBN's `Z-Z`.
#[test]
fn the_dialects_f_translate_apart() {
    assert!(!equal(&compile(XBetza, "Z-fZ"), &compile(Mbn, "Z-fZ")));
    assert!(equal(&compile(XBetza, "Z-fZ"), &compile(Mbn, "Z-Z")));
    assert_eq!(to_xbetza(&compile(Mbn, "Z-fZ")).as_deref(), Ok("Z-frfZ"));
    assert_eq!(to_xbetza(&compile(Mbn, "ccmZ-ofZ")).as_deref(), Ok("mdZ-frfoZ"));
    assert_eq!(to_xbetza(&compile(Mbn, "N-fN")).as_deref(), Ok("N-frfN"));
    assert_eq!(moves_in(XBetza, "N-frfN", "d4", "", ""), moves_in(Mbn, "N-fN", "d4", "", ""));
}

/// The grasshopper's landing step is one `K` (its W or its F, whichever goes straight on): it
/// translates as one place both ways. Written apart, each F leg would turn where the K's does not.
#[test]
fn a_king_going_straight_on_translates_as_one_place() {
    let gq = moves_in(XBetza, "gQ-Q", "d4", "", "d6 f6");
    assert_eq!(gq, "d7 g7");
    assert_eq!(moves_in(Mbn, "(jyW0-K)+(jyF0-K)", "d4", "", "d6 f6"), gq);
    assert_eq!(moves_in(Mbn, "(jyW0-W)+(jyW0-F)+(jyF0-W)+(jyF0-F)", "d4", "", "d6 f6"), "c7 d7 e7 f7 g6 g7");
    assert!(!equal(&compile(XBetza, "gQ-Q"), &compile(Mbn, "(jyW0-W)+(jyW0-F)+(jyF0-W)+(jyF0-F)")));
    assert_eq!(to_mbn(&compile(XBetza, "gQ-Q")).as_deref(), Ok("(jyW0-K)+(jyF0-K)"));
    assert_eq!(to_xbetza(&compile(Mbn, "jyQ-K")).as_deref(), Ok("(pR-K)(pB-K)"));
    assert_eq!(to_xbetza(&compile(Mbn, "R-K")).as_deref(), Ok("(R-K)"));
    // With a turn written, every atom turns alike and the moves stay apart (X79).
    assert_eq!(to_xbetza(&compile(Mbn, "K-dK")).as_deref(), Ok("(W-svW)(W-vF)(F-vW)(F-vF)(F-sF)"));
}

/// A complex rider's later round counts a written `f` as no direction and replays the round
/// before (M5), where a chain written out turns by compass points each time.
#[test]
fn a_later_round_replays_a_written_f() {
    assert_eq!(moves_in(Mbn, "(N-fN)2", "a1", "", ""), "a5 c5 d4 e1 e3 g7");
    assert_eq!(moves_in(Mbn, "(N-fN)+(N-fN-N-fN)", "a1", "", ""), "a5 c5 d4 d8 e1 e3 f8 g7 h4 h6");
}
