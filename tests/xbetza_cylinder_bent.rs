//! `o` and `oo` on XBetza's bent riders (docs/SEMANTICS.md X110): every leap of the unrolled path
//! wraps round the side edges (and the top and bottom with `oo`); a path that comes back to its
//! start is a pass, as MBN's full-circle Rose (M62). Both back ends, by hand and on random
//! positions (before, X60 refused them).

mod common;

use common::agree::{assert_agree_on, piece_moves};

common::test_variant! {
    /// The Barrel Rose `oqN`, the Barrel Boyscout `ozB` and the Donut Rose `ooqN` (XBetza), the
    /// Barrel Cannon Rose `opqN`, and MBN's Barrel Rose `o(N)(rf)7+o(N)(lf)7` and Donut Rose.
    BentBarrel, bent_barrel_interpreter,
    BENT_BARREL_START = "rsztkm1r/pppppppp/8/8/8/8/PPPPPPPP/RSZTKM1R w - - 0 1",
    BENT_BARREL_PIECES = "P N B R Q K S|Barrel Rose|=W Z|Barrel Boyscout|=W D|Donut Rose|=W \
        T|Barrel Cannon Rose|=W M|Barrel Rose|=o(N)(rf)7+o(N)(lf)7 O|Donut Rose|=oo(N)(rf)7+oo(N)(lf)7 \
        +P==QRBNSZDTMO",
    xbetza: S = "oqN", Z = "ozB", D = "ooqN", T = "opqN",
}

/// The moves of the White piece `piece` put on `at` in `fen` (`X` marks its square).
fn by_hand(piece: &str, fen: &str, at: &str) -> String {
    let interp = bent_barrel_interpreter();
    let pos = BentBarrel::position(&fen.replace('X', piece)).expect("the position loads");
    piece_moves(&BentBarrel, &interp, &pos, at)
}

#[test]
fn a_barrel_rose_wraps_every_leap() {
    // On a1 of an empty board the Rose `qN` reaches a5 a7 b3 c2 c6 d4 e1 f3 g1; round the side
    // edge it also reaches h3 (the first leap), g2, and from there on f4 d3 c1, g6 e5.
    let empty = "3k4/8/8/7K/8/8/8/X7 w - - 0 1";
    let all = "a5 a7 b3 c1 c2 c6 d3 d4 e1 e5 f3 f4 g1 g2 g6 h3";
    // A friend on h3 blocks the paths through it (c1 is lost), an enemy on g2 is taken.
    let blocked = "3k4/8/8/7K/8/7P/6p1/X7 w - - 0 1";
    let taken = "a5 a7 b3 c2 c6 d3 d4 e1 e5 f3 f4 g1 g6 xg2";
    for piece in ["S", "M"] {
        assert_eq!(by_hand(piece, empty, "a1"), all, "{piece}");
        assert_eq!(by_hand(piece, blocked, "a1"), taken, "{piece}");
    }
}

#[test]
fn a_barrel_boyscout_comes_back_as_a_pass() {
    // `ozB` on a1: the zig-zag b2 c1 d2 e1 f2 g1 h2 and, round the edge, a1 again (a pass, the
    // move listed as the piece's own square); a3 b4 a5 b6 a7 b8 up the side, and h2 a3 h4 a5 h6
    // a7 h8 round it.
    let moves = by_hand("Z", "3k4/8/8/7K/8/8/8/X7 w - - 0 1", "a1");
    assert_eq!(moves, "a1 a3 a5 a7 b2 b4 b6 b8 c1 d2 e1 f2 g1 h2 h4 h6 h8");
    // A friend on h2 stops the way round; a1 and h4 h6 h8 are no longer reached (e1 f2 g1 are,
    // from the other side).
    let moves = by_hand("Z", "3k4/8/8/7K/8/8/7P/X7 w - - 0 1", "a1");
    assert_eq!(moves, "a3 a5 a7 b2 b4 b6 b8 c1 d2 e1 f2 g1");
}

#[test]
fn a_donut_rose_and_a_barrel_cannon_rose() {
    // The Donut Rose wraps at the top and bottom too: MBN's `oo` Rose, on d4 and a1.
    for (fen, at) in [("4k3/8/8/8/3X4/8/8/4K3 w - - 0 1", "d4"), ("4k3/8/8/5p2/8/2P5/8/X3K3 w - - 0 1", "a1")] {
        assert_eq!(by_hand("D", fen, at), by_hand("O", fen, at), "{fen}");
    }
    // The Cannon Rose on a1 with an enemy mount on b3 hops it and lands on the squares the Rose's
    // path reaches after it (clockwise d4 f3 g1, counter-clockwise a5 g6 e5 d3 e1); the paths
    // round the edge through h3 and g2 pass no mount and do not move.
    let moves = by_hand("T", "3k4/8/8/7K/8/1p6/8/X7 w - - 0 1", "a1");
    assert_eq!(moves, "a5 d3 d4 e1 e5 f3 g1 g6");
}

#[test]
fn barrel_bent_riders_agree_with_the_interpreter() {
    // 2,000 positions (the Donut Roses are left out of the start): the interpreter walks every
    // unrolled path of the bent riders.
    let start = BentBarrel::start_position();
    assert_agree_on("BentBarrel", &BentBarrel, &bent_barrel_interpreter(), start, 2000);
}
