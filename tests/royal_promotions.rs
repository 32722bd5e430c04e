//! Royalty belongs to the kind (docs/SEMANTICS.md V13): a Pawn that promotes into a royal kind
//! becomes a royal piece that may not be left attacked, a royal piece that promotes into another
//! kind stops being royal, and a royal piece dropped from the hand is royal from its square on.
//! Both back ends.

mod common;

use common::agree::{assert_agree, moves_starting};
use mbn::runtime::{MoveGenerator, Position};

common::twin_variant! {
    /// `A` is a royal Wazir that promotes to a Queen on the last rank; the Pawn may become an `A`.
    Royals, interpreter {
        board: "8x8",
        start: "r3k3/4P3/8/8/8/8/1a6/4K3[Aa] w - - 0 1",
        pieces: "P|Pawn| N|Knight| R|Rook| Q|Queen| K|King| A|Aa|=W +A==Q +P==QA",
        royal: "KA",
        promotion_zone: "[8]",
        promotion_mandatory: true,
        drops: true,
        drop_mate_illegal: "P",
    }
}

/// The legal moves of `generator` in `fen` that start with `prefix`, in UCI, sorted.
fn listed<G: MoveGenerator<u64>>(generator: &G, fen: &str, prefix: &str) -> String {
    moves_starting(generator, &Royals::position(fen).expect("the position loads"), prefix)
}

#[test]
fn royalty_belongs_to_the_kind() {
    let interp = interpreter();
    for (name, generated) in [("interpreted", false), ("generated", true)] {
        let list = |fen: &str, prefix: &str| {
            if generated {
                listed(&Royals, fen, prefix)
            } else {
                listed(&interp, fen, prefix)
            }
        };
        // The Pawn on c7 promotes on c8: to a Queen, and to a royal `A` only where no enemy attacks
        // it (before V13 the interpreter never made the `A`, the generated code made it under attack).
        assert_eq!(list("8/2P5/8/8/8/8/8/K6k[] w - - 0 1", "c7"), "c7c8a c7c8q", "{name}");
        assert_eq!(list("4r3/2P5/8/8/8/8/8/K6k[] w - - 0 1", "c7"), "c7c8q", "{name}");
        // So also for a side without royal pieces (its own `A` promoted, say): the new royal piece
        // may not stand attacked (before V13 the generated code tested nothing without them).
        assert_eq!(list("k3r3/2P5/8/8/8/8/8/8[] w - - 0 1", "c7"), "c7c8q", "{name}");
        // The other royal pieces stay royal: with the King in check, no promotion is legal.
        assert_eq!(list("8/2P5/8/8/8/8/8/K5rk[] w - - 0 1", "c7"), "", "{name}");
        // A royal `A` that promotes is a Queen, no longer royal: it may land where it is attacked
        // (c8), while a step that leaves it royal may not (b7).
        assert_eq!(list("1r6/2A5/8/8/8/8/8/K6k[] w - - 0 1", "c7"), "c7c6 c7c8q c7d7", "{name}");
        // A royal piece in the hand is dropped as a royal piece: not onto a square the Rook on d5
        // attacks (before V13 no royal piece could be dropped at all).
        assert_eq!(list("k7/8/8/3r4/8/8/8/K7[A] w - - 0 1", "A@d"), "", "{name}");
        assert_eq!(list("k7/8/8/3r4/8/8/8/K7[A] w - - 0 1", "A@e"), "A@e1 A@e2 A@e3 A@e4 A@e6 A@e7 A@e8", "{name}");
        assert_eq!(list("k7/8/8/3r4/8/8/8/8[A] w - - 0 1", "A@d"), "", "{name}");
        // A side without royal pieces keeps the drop rules too: no Pawn drop that mates (b7,
        // guarded by the Knight; before V13 the generated code made it).
        assert_eq!(list("kn6/p7/3N4/8/8/8/8/8[P] w - - 0 1", "P@b"), "P@b1 P@b2 P@b3 P@b4 P@b5 P@b6", "{name}");
    }
}

#[test]
fn royal_promotions_agree_with_the_interpreter() {
    let interp = interpreter();
    let start: Position<u64> = Royals::start_position();
    assert_agree("Royals", &Royals, &interp, start);
}
