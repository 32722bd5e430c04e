//! `u` on hoppers, leaping riders and riders that stop on one square (`p`, `g`, `0*`, `*`, `h`):
//! the leg moves only while no enemy stands where it could capture it, were it to capture
//! (docs/SEMANTICS.md M116, M32), in both back ends.

mod common;

use common::agree::{assert_agree, piece_moves};
use common::test_variant;

test_variant! {
    /// The Timid Cannon `mR+upR` slides as a Rook and hops a screen onto empty squares while no
    /// enemy stands where a hop could land; the Stubborn Rook `uR0*` slides as far as it can,
    /// the Edge Bishop `uB*` to the edge, the Halfling Queen `uhQ` half way to the edge, the
    /// Leaping Rook `ugR` over anything, each only while no enemy stands where it would stop to
    /// take it; the Wazir Stubborn `W-uR0*` steps, then slides on as far as it can.
    Shy, shy_interpreter,
    SHY_START = "rnbqkbnr/pppppppp/2cmehgt/8/8/2CMEHGT/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    SHY_PIECES = "P|Pawn| N|Knight| B|Bishop| R|Rook| Q|Queen| K|King| C|Cannon|=mR+upR M|Stubborn|=uR0* \
        E|Edge|=uB* H|Halfling|=uhQ G|Leaper|=ugR T|Turn|=W-uR0* +P==QRBNCMEHGT",
    castling: "R",
}

/// The destinations of White's piece on `from` in `fen`, both back ends agreeing.
fn by_hand(fen: &str, from: &str) -> String {
    let pos = Shy::position(fen).expect("the position loads");
    piece_moves(&Shy, &shy_interpreter(), &pos, from)
}

#[test]
fn a_cannon_that_hops_only_where_it_could_not_take() {
    // A friend on d6 is a screen: the hop reaches d7 and d8, quietly.
    let rook = "a4 b4 c4 d1 d2 d3 d5 e4 f4 g4 h4";
    assert_eq!(by_hand("4k3/8/3P4/8/3C4/8/8/4K3 w - - 0 1", "d4"), "a4 b4 c4 d1 d2 d3 d5 d7 d8 e4 f4 g4 h4");
    // An enemy on d8 beyond the screen: the hop could take it, so it has no moves at all; the
    // slide keeps its own.
    assert_eq!(by_hand("3rk3/8/3P4/8/3C4/8/8/4K3 w - - 0 1", "d4"), rook);
    // Screens on d6 and f4, the enemy on h4 beyond f4: the hop is shut on every line.
    assert_eq!(by_hand("4k3/8/3P4/8/3C1P1p/8/8/4K3 w - - 0 1", "d4"), "a4 b4 c4 d1 d2 d3 d5 e4");
    // With a screen on f4 the hop lands on g4 and h4. An enemy behind a second screen (d7
    // behind d5 and d6) does not count, nor one that is itself the screen (d5): the hop could
    // not land on either.
    let hop = "a4 b4 c4 d1 d2 d3 e4 g4 h4";
    assert_eq!(by_hand("4k3/3p4/3P4/3P4/3C1P2/8/8/4K3 w - - 0 1", "d4"), hop);
    assert_eq!(by_hand("4k3/3P4/3P4/3p4/3C1P2/8/8/4K3 w - - 0 1", "d4"), hop);
}

#[test]
fn riders_that_stop_on_one_square() {
    // The Stubborn Rook on d4 goes as far as it can: a4 d1 d8 h4. An enemy on d7 is where it
    // would stop to take it: no move at all.
    assert_eq!(by_hand("6k1/8/8/8/3M4/8/8/6K1 w - - 0 1", "d4"), "a4 d1 d8 h4");
    assert_eq!(by_hand("6k1/3p4/8/8/3M4/8/8/6K1 w - - 0 1", "d4"), "");
    // A friend on d6 stops it on d5; the enemy behind the friend does not count.
    assert_eq!(by_hand("3p2k1/8/3P4/8/3M4/8/8/6K1 w - - 0 1", "d4"), "a4 d1 d5 h4");
    // The Edge Bishop on d4 reaches a1 a7 g1 h8; an enemy on the edge square a7 shuts it.
    assert_eq!(by_hand("4k3/8/8/8/3E4/8/8/4K3 w - - 0 1", "d4"), "a1 a7 g1 h8");
    assert_eq!(by_hand("4k3/p7/8/8/3E4/8/8/4K3 w - - 0 1", "d4"), "");
    // An enemy on the way to the edge (b6) cannot be taken there: a7 is closed, the rest stays.
    assert_eq!(by_hand("4k3/8/1p6/8/3E4/8/8/4K3 w - - 0 1", "d4"), "a1 g1 h8");
    // The Halfling Queen on d4 stops half way to each edge; an enemy there (d6) shuts it, one
    // beyond (d7) does not.
    let half = "b2 b4 b6 d2 d6 f2 f4 f6";
    assert_eq!(by_hand("6k1/8/8/8/3H4/8/8/6K1 w - - 0 1", "d4"), half);
    assert_eq!(by_hand("6k1/3p4/8/8/3H4/8/8/6K1 w - - 0 1", "d4"), half);
    assert_eq!(by_hand("6k1/8/3p4/8/3H4/8/8/6K1 w - - 0 1", "d4"), "");
}

#[test]
fn a_leaping_rook_and_a_later_leg() {
    // The Leaping Rook passes over the friend on d6 to d7 and d8; an enemy anywhere on its lines
    // (d8, behind the friend) shuts it.
    let lines = "a4 b4 c4 d1 d2 d3 d5 d7 d8 e4 f4 g4 h4";
    assert_eq!(by_hand("6k1/8/3P4/8/3G4/8/8/6K1 w - - 0 1", "d4"), lines);
    assert_eq!(by_hand("3p2k1/8/3P4/8/3G4/8/8/6K1 w - - 0 1", "d4"), "");
    // The Turn on d4 steps to d5, then slides on as far as it can (d8); from e4 to h4, from c4 to
    // a4, from d3 to d1. An enemy on h4 shuts the slide after the step to e4 only.
    assert_eq!(by_hand("6k1/8/8/8/3T4/8/8/6K1 w - - 0 1", "d4"), "a4 d1 d8 h4");
    assert_eq!(by_hand("6k1/8/8/8/3T3p/8/8/6K1 w - - 0 1", "d4"), "a4 d1 d8");
}

#[test]
fn generated_unblocked_riders_agree_with_the_interpreter() {
    let interp = shy_interpreter();
    let start = Shy::position(SHY_START).expect("start");
    assert_agree("Shy", &Shy, &interp, start);
}
