//! `u` on a leg that visits friends (`ujjR-W`): the leg visits only while no enemy stands where
//! it could capture it, were it to capture (docs/SEMANTICS.md M122, M32), in both back ends.

mod common;

use common::agree::{assert_agree, piece_moves};
use common::test_variant;

test_variant! {
    /// The Shy Vaulter `ujjR-W+K` visits the first friend of a rook line and steps on beyond it,
    /// but only while no enemy is first on any rook line; the Mover `umjyB-F+cK` slides or
    /// visits a piece on a bishop line and steps on, only while no enemy is first on one; the
    /// Sneak `uj?N-W+mK` leaps as a Knight onto an empty square and steps on, only while no
    /// enemy stands a Knight's leap away.
    Timid, timid_interpreter,
    TIMID_START = "rnbqkbnr/pppppppp/2vms3/8/8/2VMS3/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    TIMID_PIECES = "P|Pawn| N|Knight| B|Bishop| R|Rook| Q|Queen| K|King| V|Vaulter|=(ujjR-W)+K \
        M|Mover|=(umjyB-F)+cK S|Sneak|=(uj?N-W)+mK +P==QRBNVMS",
    castling: "R",
}

/// The destinations of White's piece on `from` in `fen`, both back ends agreeing.
fn by_hand(fen: &str, from: &str) -> String {
    let pos = Timid::position(fen).expect("the position loads");
    piece_moves(&Timid, &timid_interpreter(), &pos, from)
}

#[test]
fn a_vaulter_that_visits_friends_only_while_unblocked() {
    // Friends on d6 and b4: visited, and the step goes on beyond them to d7 and a4; the King
    // steps.
    assert_eq!(by_hand("4k3/8/3P4/8/1P1V4/8/8/4K3 w - - 0 1", "d4"), "a4 c3 c4 c5 d3 d5 d7 e3 e4 e5");
    // An enemy first on the east line (f4): the rook leg has no moves; the King keeps its own.
    assert_eq!(by_hand("4k3/8/3P4/8/1P1V1p2/8/8/4K3 w - - 0 1", "d4"), "c3 c4 c5 d3 d5 e3 e4 e5");
    // An enemy behind the visited friend (d7) does not count, and is taken by the step; one on
    // no rook line (g7) neither.
    assert_eq!(by_hand("4k3/3p2p1/3P4/8/1P1V4/8/8/4K3 w - - 0 1", "d4"), "a4 c3 c4 c5 d3 d5 e3 e4 e5 xd7");
}

#[test]
fn a_mover_that_slides_or_visits_either_side() {
    // The bishop leg slides to the empty squares or visits the first piece of a line, and the
    // step goes on along it: the friend on f6 is visited (g7 beyond it), and so is the White
    // King on a1 (nothing beyond); e5 only leads to the friend.
    assert_eq!(by_hand("7k/8/5P2/8/3M4/8/8/K7 w - - 0 1", "d4"), "a7 b2 b6 f2 g1 g7");
    // An enemy first on a bishop line (b6): no slide and no visit; the King's captures stay.
    assert_eq!(by_hand("7k/8/1p3P2/8/3M4/8/8/K7 w - - 0 1", "d4"), "");
    assert_eq!(by_hand("7k/8/1p3P2/2p5/3M4/8/8/K7 w - - 0 1", "d4"), "xc5");
}

#[test]
fn a_sneak_that_leaps_only_while_no_enemy_is_a_knight_leap_away() {
    // On d4, nothing near: each Knight square and a step on beyond it, and the King's steps.
    assert_eq!(by_hand("7k/8/8/8/3S4/8/8/K7 w - - 0 1", "d4"), "a3 a5 c1 c3 c4 c5 c7 d3 d5 e1 e3 e4 e5 e7 g3 g5");
    // An enemy on e7, not a Knight's leap away, does not count, and the step beyond e6 takes it;
    // a friend on e6 is not visited (`j?` visits enemies), so nothing goes on beyond it.
    assert_eq!(by_hand("7k/4p3/8/8/3S4/8/8/K7 w - - 0 1", "d4"), "a3 a5 c1 c3 c4 c5 c7 d3 d5 e1 e3 e4 e5 g3 g5 xe7");
    assert_eq!(by_hand("7k/8/4P3/8/3S4/8/8/K7 w - - 0 1", "d4"), "a3 a5 c1 c3 c4 c5 c7 d3 d5 e1 e3 e4 e5 g3 g5");
    // An enemy a Knight's leap away (e6): the leap has no moves; the King's steps stay.
    assert_eq!(by_hand("7k/8/4p3/8/3S4/8/8/K7 w - - 0 1", "d4"), "c3 c4 c5 d3 d5 e3 e4 e5");
}

#[test]
fn generated_unblocked_visits_agree_with_the_interpreter() {
    let interp = timid_interpreter();
    assert_agree("Timid", &Timid, &interp, Timid::position(TIMID_START).expect("start"));
}
