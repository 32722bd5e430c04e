//! Non-jumping leaps longer than a king step that move only when unblocked (`nuN`) or flip
//! (`nxN`), in generated code too (docs/SEMANTICS.md M104).

mod common;

use common::agree::{assert_agree, piece_moves_with_flips};
use common::test_variant;

test_variant! {
    /// The Hesitant Horse `nuN` leaps as a non-jumping Knight while no enemy stands where it
    /// could capture; the Elephant `nuA` the same on the Alfil's leaps; the Turncoat `mK+nxN`
    /// steps as a King and leaps as a non-jumping Knight, flipping the enemy where it lands.
    Lame, lame_interpreter,
    LAME_START = "rhetkteh/pppppppp/8/8/8/8/PPPPPPPP/RHETKTEH w - - 0 1",
    LAME_PIECES = "P N B R Q K H|Horse|=nuN E|Elephant|=nuA T|Turncoat|=mK+nxN",
}

/// The moves of White's piece on `from` in `fen`: destinations, `~sq` a flip of the piece on sq.
fn by_hand(fen: &str, from: &str) -> String {
    let interp = lame_interpreter();
    let pos = Lame::position(fen).expect("the position loads");
    piece_moves_with_flips(&Lame, &interp, &pos, from)
}

#[test]
fn an_unblocked_non_jumping_leap() {
    // The Horse on d4 alone: its eight leaps.
    assert_eq!(by_hand("4k3/8/8/8/3H4/8/8/4K3 w - - 0 1", "d4"), "b3 b5 c2 c6 e2 e6 f3 f5");
    // An enemy on f5, reached over e4 or e5: no move at all.
    assert_eq!(by_hand("4k3/8/8/5p2/3H4/8/8/4K3 w - - 0 1", "d4"), "");
    // An enemy on c6 behind friends on c5 and d5 (both king paths to c6): the Horse cannot reach
    // c6, so the enemy does not stop it; its other leaps stay (b5 over c4, e6 over e5).
    assert_eq!(by_hand("4k3/8/2p5/2PP4/3H4/8/8/4K3 w - - 0 1", "d4"), "b3 b5 c2 e2 e6 f3 f5");
    // The Elephant on c1: a3 and e3; an enemy on e3 with b2 empty stops both, with d2 a friend
    // not (the Elephant cannot reach e3).
    assert_eq!(by_hand("4k3/8/8/8/8/8/8/2E1K3 w - - 0 1", "c1"), "a3 e3");
    assert_eq!(by_hand("4k3/8/8/8/8/4p3/8/2E1K3 w - - 0 1", "c1"), "");
    assert_eq!(by_hand("4k3/8/8/8/8/4p3/3P4/2E1K3 w - - 0 1", "c1"), "a3");
}

#[test]
fn a_non_jumping_leap_that_flips() {
    // The Turncoat on d4, enemies b5 e6, friends d5 e5: it flips b5 (over c4 or c5) but not e6
    // (both paths blocked); it leaps quietly where a path is open and steps as a King.
    let fen = "4k3/8/4p3/1p1PP3/3T4/8/8/4K3 w - - 0 1";
    assert_eq!(by_hand(fen, "d4"), "b3 c2 c3 c4 c5 c6 d3 e2 e3 e4 f3 f5 ~b5");
}

#[test]
fn generated_lame_leaps_agree_with_the_interpreter() {
    let interp = lame_interpreter();
    assert_agree("Lame", &Lame, &interp, Lame::position(LAME_START).expect("start"));
}
