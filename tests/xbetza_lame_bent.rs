//! docs/SEMANTICS.md X94 in generated code: XBetza's lame bent riders (`nqN`, `nzN`, `nqN3`,
//! `nqD`) compiled by `mbn!` into lone generators give the interpreter's moves and attacks on
//! random boards, and the hand-checked sets of `mbn-codegen/tests/xbetza_lame_bent.rs`.

mod common;

use common::lone::{set, sq, Attacks, Lone, Moves};
use common::Xorshift;

mbn::mbn! { piece LameRose = xbetza "nqN" on "8x8"; }
mbn::mbn! { piece LameCrookedKnight = xbetza "nzN" on "8x8"; }
mbn::mbn! { piece ShortLameRose = xbetza "nqN3" on "8x8"; }
mbn::mbn! { piece LameDabbabaRose = xbetza "nqD" on "8x8"; }

const PIECES: [(&str, Moves, Attacks); 4] = [
    ("nqN", LameRose::moves, LameRose::attacks),
    ("nzN", LameCrookedKnight::moves, LameCrookedKnight::attacks),
    ("nqN3", ShortLameRose::moves, ShortLameRose::attacks),
    ("nqD", LameDabbabaRose::moves, LameDabbabaRose::attacks),
];

#[test]
fn generated_lame_bent_riders_agree_with_the_interpreter() {
    let mut rng = Xorshift(0x94d0_49bb_1331_11eb);
    for (notation, moves, attacks) in PIECES {
        let lone = Lone::xbetza(notation);
        // Sparse boards, where the paths run long, and denser ones, where lameness bites.
        let moved = lone.agree_on_random_boards(moves, &mut rng, 300, |i, rng| {
            if i % 2 == 0 {
                rng.next() & rng.next() & rng.next()
            } else {
                rng.next() & rng.next()
            }
        });
        assert!(moved > 100, "`{notation}`: the boards hardly test it ({moved} of 300 with moves)");
        lone.attacks_agree_on_random_boards(attacks, &mut rng, 100, |rng| rng.next() & rng.next() & rng.next());
    }
}

#[test]
fn lame_bent_riders_by_hand() {
    let a1 = sq("a1");
    // The lame Rose: both leaps into d4 pass c3; b3-a5 passes b4, c2-e1 passes d2.
    assert_eq!(LameRose::moves(a1, 0, 0), (set("a5 a7 b3 c2 c6 d4 e1 f3 g1"), 0));
    assert_eq!(LameRose::moves(a1, set("c3"), 0), (set("a5 b3 c2 e1"), 0));
    assert_eq!(LameRose::moves(a1, set("b4"), set("d4")), (set("b3 c2 e1"), set("d4")));
    assert_eq!(LameRose::moves(a1, 0, set("d2")), (set("a5 a7 b3 c2 c6 d4 f3 g1"), 0));
    assert_eq!(ShortLameRose::moves(a1, 0, 0), (set("a5 b3 c2 c6 d4 e1 f3"), 0));
    // The lame crooked knight: b3-d2 and c2-b4 pass c3; d5-c7 passes d6.
    assert_eq!(LameCrookedKnight::moves(a1, set("c3"), 0), (set("b3 c2"), 0));
    assert_eq!(LameCrookedKnight::moves(a1, 0, set("d6")), (set("b3 b4 c2 d2 d5 e4 g3 h5"), 0));
    // Each agrees with the interpreter there.
    let rose = Lone::xbetza("nqN");
    assert_eq!(rose.moves(a1, set("b4"), set("d4")), (set("b3 c2 e1"), set("d4")));
}
