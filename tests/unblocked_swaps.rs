//! `u` on swaps and flips of friends (docs/SEMANTICS.md M118): the leg swaps with or flips a
//! friend only while no enemy stands where it could land, in both back ends.

mod common;

use common::agree::{assert_agree, piece_moves_with_swaps_and_flips};
use common::test_variant;

test_variant! {
    /// The Shy Swapper `uwwK` steps as a King and swaps with a neighbouring friend, while no enemy
    /// is next to it; the Shy Turncoat `uxyN+mK` steps as a King, leaps as a Knight and turns a
    /// friend a Knight leap away to the other side, while no enemy is a Knight leap away.
    Shy, shy_interpreter,
    SHY_START = "rnbqkbnr/pppppppp/2st4/8/8/2ST4/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    SHY_PIECES = "P|Pawn| N|Knight| B|Bishop| R|Rook| Q|Queen| K|King| S|Swapper|=uwwK T|Turncoat|=uxyN+mK \
        +P==QRBNST",
    castling: "R",
}

/// White's moves from `from`, both back ends agreeing: `w` before a swap, `~` before a flip.
fn by_hand(fen: &str, from: &str) -> String {
    let pos = Shy::position(fen).expect("the position loads");
    piece_moves_with_swaps_and_flips(&Shy, &shy_interpreter(), &pos, from)
}

#[test]
fn a_swapper_that_waits_for_no_enemy_next_to_it() {
    // A friend on e5: seven steps and the swap with e5.
    assert_eq!(by_hand("4k3/8/8/4P3/3S4/8/8/4K3 w - - 0 1", "d4"), "c3 c4 c5 d3 d5 e3 e4 we5");
    // An enemy two squares away (e6) does not count; one next to it (c3) stops every move.
    assert_eq!(by_hand("4k3/8/4p3/4P3/3S4/8/8/4K3 w - - 0 1", "d4"), "c3 c4 c5 d3 d5 e3 e4 we5");
    assert_eq!(by_hand("4k3/8/8/4P3/3S4/2p5/8/4K3 w - - 0 1", "d4"), "");
}

#[test]
fn a_turncoat_that_turns_friends_while_no_enemy_is_a_knight_leap_away() {
    let king = "c3 c4 c5 d3 d5 e3 e4 e5";
    // A friend on e6: the Knight leaps and the flip of e6; the King steps.
    assert_eq!(by_hand("4k3/8/4P3/8/3T4/8/8/4K3 w - - 0 1", "d4"), "b3 b5 c2 c3 c4 c5 c6 d3 d5 e2 e3 e4 e5 f3 f5 ~e6");
    // An enemy on f5, a Knight leap away: no Knight leap and no flip; the King steps stay.
    assert_eq!(by_hand("4k3/8/4P3/5p2/3T4/8/8/4K3 w - - 0 1", "d4"), king);
}

#[test]
fn generated_unblocked_swaps_agree_with_the_interpreter() {
    let interp = shy_interpreter();
    assert_agree("Shy", &Shy, &interp, Shy::position(SHY_START).expect("start"));
}
