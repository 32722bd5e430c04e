//! `j` on hopping sliders (docs/SEMANTICS.md X108): the Ski-Cannon `jpR` and the Ski-Grasshopper
//! `jgB` start their slide with the doubled step of the Ski-slider `jR` (seed 001), so the square
//! they skip is neither obstacle nor hurdle. Both back ends, by hand and on random positions,
//! against their MBN twins (before, X95 refused them).

mod common;

use common::agree::{assert_agree, piece_moves};

common::test_variant! {
    /// The Ski-Cannon `jpR` and Ski-Grasshopper `jgB` (XBetza) and their MBN twins, the Ski-Cannon
    /// `(jyD-W0)+(D-pW0)` and the Ski-Grasshopper `(jyA-F)+(A-pA)+(A-F0-pA)`.
    SkiHops, ski_hops_interpreter,
    SKI_HOPS_START = "rcsgkyr1/pppppppp/8/8/8/8/PPPPPPPP/RCSGKYR1 w - - 0 1",
    SKI_HOPS_PIECES = "P N B R Q K S|Ski-Cannon|=W C|Ski-Cannon|=(jyD-W0)+(D-pW0) G|Ski-Grasshopper|=F \
        Y|Ski-Grasshopper|=(jyA-F)+(A-pA)+(A-F0-pA) +P==QRBNSCGY",
    xbetza: S = "jpR", G = "jgB",
}

/// The moves of the piece `X` stands for, as each of `pieces`, on a1 in each `(fen, want)`.
fn by_hand(pieces: [&str; 2], cases: &[(&str, &str)]) {
    let interp = ski_hops_interpreter();
    for piece in pieces {
        for (fen, want) in cases {
            let fen = fen.replace('X', piece);
            let pos = SkiHops::position(&fen).expect("the position loads");
            assert_eq!(piece_moves(&SkiHops, &interp, &pos, "a1"), *want, "{fen}");
        }
    }
}

#[test]
fn a_ski_cannon_skips_its_first_square() {
    by_hand(
        ["S", "C"],
        &[
            // No hurdle beyond a2 on the file and none on the rank: no move (a Cannon `pR` would
            // hop a2 to a3-a8).
            ("4k3/8/8/8/8/8/P6K/X7 w - - 0 1", ""),
            // The mount on a3, the second square: on to a4 a5 and onto the enemy on a6.
            ("4k3/8/p7/8/8/P7/7K/X7 w - - 0 1", "a4 a5 xa6"),
            // a2 is skipped, a3 empty, the mount on a4: a5 a6 and the enemy on a7.
            ("4k3/p7/8/8/P7/8/P6K/X7 w - - 0 1", "a5 a6 xa7"),
            // An enemy mount on a3 and an enemy right behind it: that one is taken.
            ("4k3/8/8/8/p7/p7/7K/X7 w - - 0 1", "xa4"),
            // On the rank too: b1 skipped, the mount on d1, on to e1 f1 g1 (the King stands on h1).
            ("4k3/8/8/8/8/8/8/XP1P3K w - - 0 1", "e1 f1 g1"),
        ],
    );
}

#[test]
fn a_ski_grasshopper_skips_its_first_square() {
    by_hand(
        ["G", "Y"],
        &[
            // b2 is skipped: no hurdle beyond it, no move.
            ("4k3/8/8/8/8/8/1P5K/X7 w - - 0 1", ""),
            // The mount on c3, the second square: it lands on d4.
            ("4k3/8/8/8/8/2P5/7K/X7 w - - 0 1", "d4"),
            // b2 skipped, c3 and d4 empty, the mount on e5: it lands on f6.
            ("4k3/8/8/4P3/8/8/1p5K/X7 w - - 0 1", "f6"),
            // The mount on c3 and an enemy on d4: taken.
            ("4k3/8/8/8/3p4/2P5/7K/X7 w - - 0 1", "xd4"),
            // The mount on f6 and a friend on g7 behind it: no landing.
            ("4k3/6P1/5P2/8/8/8/7K/X7 w - - 0 1", ""),
        ],
    );
}

#[test]
fn ski_hoppers_agree_with_the_interpreter() {
    assert_agree("SkiHops", &SkiHops, &ski_hops_interpreter(), SkiHops::start_position());
}

#[test]
fn ski_hoppers_are_their_mbn_twins() {
    use mbn::codegen::{ancp, compile_move_in, Dialect};
    let read = |dialect, text| compile_move_in(dialect, text).unwrap_or_else(|e| panic!("{text}: {}", e[0].message));
    for (xbetza, twin) in
        [("jpR", "(jyD-W0)+(D-pW0)"), ("jgB", "(jyA-F)+(A-pA)+(A-F0-pA)"), ("jpB5", "(jyA-F3)+(A-pF3)")]
    {
        assert!(ancp::equal(&read(Dialect::XBetza, xbetza), &read(Dialect::Mbn, twin)), "{xbetza} {twin}");
    }
    // Not the plain hoppers: the skipped square matters.
    assert!(!ancp::equal(&read(Dialect::XBetza, "jpR"), &read(Dialect::XBetza, "pR")));
    assert!(!ancp::equal(&read(Dialect::XBetza, "jgB"), &read(Dialect::XBetza, "gB")));
}
