//! Flips (`x`) on a leg another leg follows: the piece there turns colour where it stands and the
//! mover goes on from its square (docs/SEMANTICS.md M126), in both back ends.

mod common;

use common::agree::{assert_agree, piece_moves_on_the_way};
use common::test_variant;

test_variant! {
    /// The Jumper `mF+(xF-mF)` steps diagonally, or jumps a diagonal neighbour, turning an enemy
    /// it jumps (Reversi's rule on a Checker); the Lariat `xR-mW` slides, turns the first enemy on
    /// its line and stops one step beyond it; the Traitor `mK+(xxW-W)` steps as a King or turns
    /// an orthogonal friend and moves or captures one step beyond; the Avenger `mK+(cW-xW-mW)`
    /// captures, turns the enemy behind and stops beyond both.
    FlipsOnTheWay, flips_on_the_way_interpreter,
    WAY_START = "rnbqkbnr/pppppppp/2jlta2/8/8/2JLTA2/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    WAY_PIECES = "P|Pawn| N|Knight| B|Bishop| R|Rook| Q|Queen| K|King| J|Jumper|=mF+(xF-mF) \
        L|Lariat|=xR-mW T|Traitor|=mK+(xxW-W) A|Avenger|=mK+(cW-xW-mW) +P==QRBNJLTA",
    castling: "R",
}

/// The moves of White's piece on `from` in `fen`, both back ends agreeing, as
/// [`piece_moves_on_the_way`] writes them (`f6~e5`: to f6, turning e5).
fn by_hand(fen: &str, from: &str) -> String {
    let pos = FlipsOnTheWay::position(fen).expect("the position loads");
    piece_moves_on_the_way(&FlipsOnTheWay, &flips_on_the_way_interpreter(), &pos, from)
}

#[test]
fn the_mover_goes_on_from_the_flipped_piece() {
    // The Jumper on d4 (`mF+(xF-mF)`), enemies e5 c5 b6, a friend c3: it turns e5 and lands on
    // f6; c5 leads only to b6, which `mF` may not take; over the empty e3 it reaches f2; the
    // friend is neither turned nor jumped.
    assert_eq!(by_hand("4k3/8/1p6/2p1p3/3J4/2P5/8/4K3 w - - 0 1", "d4"), "e3 f2 f6~e5");
    // The Black King on e5 is never turned (nor captured by `mF`): no jump over it.
    assert_eq!(by_hand("8/8/8/2p1k3/3J4/2P5/8/4K3 w - - 0 1", "d4"), "b6~c5 e3 f2");
    // The Lariat on d4 (`xR-mW`), enemies d7 b4, a friend g4: it turns the first enemy on each
    // line and stops one step beyond; a friend stops the slide; a rider lands on each empty
    // square on the way too.
    assert_eq!(by_hand("4k3/3p4/8/8/1p1L2P1/8/8/7K w - - 0 1", "d4"), "a4~b4 d1 d2 d6 d8~d7 f4");
    // North it turns nothing: the enemy on d8 stands where it would stop beyond d7.
    assert_eq!(by_hand("3pk3/3p4/8/8/3L4/8/8/7K w - - 0 1", "d4"), "a4 b4 d1 d2 d6 f4 g4 h4");
}

#[test]
fn flips_of_friends_captures_on_the_way_and_check() {
    // The Traitor on d4 (`mK+(xxW-W)`), friends c4 d5 d6, an enemy e4: it turns c4 and goes on
    // to b4; over d5 the friend on d6 stops it; e4 is an enemy, which `xx` does not turn.
    assert_eq!(by_hand("4k3/8/3P4/3P4/2PTp3/8/8/4K3 w - - 0 1", "d4"), "b4~c4 c3 c5 d2 d3 e3 e5");
    // A friend turned enemy that would check its own King is not turned: the Knight on d3,
    // turned Black, would attack e1, so the Traitor does not go on to d2 over it; with the King
    // on h1 it does.
    assert_eq!(by_hand("4k3/8/8/8/2NT4/3N4/8/4K3 w - - 0 1", "d4"), "b4~c4 c3 c5 d5 d6 e3 e4 e5 f4");
    assert_eq!(by_hand("4k3/8/8/8/2NT4/3N4/8/7K w - - 0 1", "d4"), "b4~c4 c3 c5 d2~d3 d5 d6 e3 e4 e5 f4");
    // The Avenger on d4 (`mK+(cW-xW-mW)`) captures d5, turns d6 and stops on d7; over an empty
    // d6 it stops on d7 with the capture only; it never turns a royal piece.
    assert_eq!(by_hand("4k3/8/3p4/3p4/3A4/8/8/4K3 w - - 0 1", "d4"), "c3 c4 c5 d3 d7xd5~d6 e3 e4 e5");
    assert_eq!(by_hand("4k3/8/8/3p4/3A4/8/8/4K3 w - - 0 1", "d4"), "c3 c4 c5 d3 d7xd5 e3 e4 e5");
    assert_eq!(by_hand("8/8/3k4/3p4/3A4/8/8/4K3 w - - 0 1", "d4"), "c3 c4 c5 d3 e3 e4 e5");
}

/// The move text names the flipped piece (`d4f6~e5`); `rules::parse_move` reads it back, and
/// making and unmaking the move restores the position.
#[test]
fn flips_on_the_way_are_written_and_read_as_uci() {
    let pos = FlipsOnTheWay::position("4k3/8/8/4p3/3J4/8/8/4K3 w - - 0 1").expect("loads");
    let (mv, extra) = mbn::runtime::rules::parse_move(&FlipsOnTheWay, &pos, "d4f6~e5").expect("legal");
    assert_eq!(pos.uci(mv, &extra), "d4f6~e5");
    let mut after = pos.clone();
    let undo = after.make_with(mv, &extra);
    assert_eq!(after.to_fen(), "4k3/8/5J2/4P3/8/8/8/4K3 b - - 0 1");
    after.unmake(mv, undo);
    assert_eq!(after, pos);
    // Without the flipped square the text names the quiet move, which the Jumper does not have.
    assert!(mbn::runtime::rules::parse_move(&FlipsOnTheWay, &pos, "d4f6").is_err());
}

#[test]
fn generated_flips_on_the_way_agree_with_the_interpreter() {
    let interp = flips_on_the_way_interpreter();
    let start = FlipsOnTheWay::position(WAY_START).expect("start");
    assert_agree("FlipsOnTheWay", &FlipsOnTheWay, &interp, start.clone());
    let mut flips = 0;
    common::random_walk(&FlipsOnTheWay, &start, 3000, 120, 7, |pos, list| {
        flips += list.iter().filter(|mv| mv.flipped().is_some()).count();
        common::assert_make_unmake(pos, list, |_, _| {});
    });
    assert!(flips > 100, "{flips}");
}
