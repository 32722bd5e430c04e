//! Seed 001's lame hopper `npDD` (docs/SEMANTICS.md X107): it hops a mount on a landing square and
//! is blocked by any piece between landings, as MBN's `npD0`; both back ends, by hand and on random
//! positions.

mod common;

use common::agree::{assert_agree, piece_moves};

common::test_variant! {
    /// The Lame Hopper `npDD` (XBetza) and its MBN twin, the Lame Cannon `npD0`.
    LameHops, lame_hops_interpreter,
    LAME_HOPS_START = "rh2k1cr/pppppppp/8/8/8/8/PPPPPPPP/RH2K1CR w - - 0 1",
    LAME_HOPS_PIECES = "P N B R Q K H|Lame Hopper|=W C|Lame Cannon|=npD0 +P==QRBNHC",
    xbetza: H = "npDD",
}

#[test]
fn a_lame_hopper_hops_on_landing_squares_only() {
    let interp = lame_hops_interpreter();
    let cases = [
        // The mount on a3 (a landing square): on to a5 and onto the enemy on a7; none along the rank.
        ("4k3/p7/8/8/8/P7/8/X6K w - - 0 1", "a5 xa7"),
        // A piece on a2, between landings, blocks the whole line.
        ("4k3/p7/8/8/8/P7/P7/X6K w - - 0 1", ""),
        // The mount on a5 is reached only over a3 and the empty a2 and a4: here a4 is taken.
        ("4k3/p7/8/P7/P7/8/8/X6K w - - 0 1", ""),
        ("4k3/p7/8/P7/8/8/8/X6K w - - 0 1", "xa7"),
        // After the mount, a piece between landings stops the hop too (a6).
        ("4k3/8/P7/8/8/P7/8/X6K w - - 0 1", "a5"),
    ];
    for piece in ["H", "C"] {
        for (fen, want) in cases {
            let fen = fen.replace('X', piece);
            let pos = LameHops::position(&fen).expect("the position loads");
            assert_eq!(piece_moves(&LameHops, &interp, &pos, "a1"), want, "{fen}");
        }
    }
}

#[test]
fn lame_hoppers_agree_with_the_interpreter() {
    assert_agree("LameHops", &LameHops, &lame_hops_interpreter(), LameHops::start_position());
}
