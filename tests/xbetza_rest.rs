//! The XBetza forms read by docs/SEMANTICS.md X63–X65 in generated code: an inline `mbn!` variant
//! (X43) whose pieces use them gives the same legal moves as the interpreter on 10,000 random
//! positions and the same perft 1–3, and the hand-checked sets of
//! `mbn-codegen/tests/xbetza_rest.rs` in both back ends.

mod common;

use common::agree::{assert_agree, piece_moves};
use common::test_variant;
use mbn::runtime::{MoveGenerator, MoveList};

test_variant! {
    Rest, interpreter,
    START = "lxntkgyl/pppppppp/3m4/8/8/3M4/PPPPPPPP/LXNTKGYL w - - 0 1",
    PIECES = "P|Pawn| L|Relay| X|Borrower| N|Jumper| T|Tester| G|Hopper| Y|Toggler| M|Mao| K|King| +P==LXNTGYM",
    xbetza: P = "fmWfcFifmnD", L = "mNxmaN", X = "xmK", N = "NjN", T = "KtafsW", G = "ypRmK", Y = "KcyafsW",
        M = "fnN0K", K = "K",
}

/// X63–X65 in a variant: `x` with `m` on a one-leg move (`xmK`) and on the induction leg
/// (`mNxmaN`), `jN` (with `N`: listed once), `t` on a leg on the way (`tafsW`), `yp` (`ypR`, the
/// Grasshopper on ranks and files) and `cy` on a leg on the way (`cyafsW`), and X78's lame
/// knight rider on its forward lines (`fnN0`), at random and at perft 1–3.
#[test]
fn generated_rest_agrees_with_the_interpreter() {
    let interp = interpreter();
    assert_agree("rest", &Rest, &interp, Rest::start_position());
}

/// The hand-checked sets of `mbn-codegen/tests/xbetza_rest.rs`, in both back ends.
#[test]
fn rest_by_hand_in_both_back_ends() {
    let interp = interpreter();
    let at = |fen: &str, from: &str| {
        let pos = Rest::position(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        piece_moves(&Rest, &interp, &pos, from)
    };
    // X63: the Relay on a1 with a Borrower (no N move of its own) on c2: `mN` b3, on through b3,
    // and the Borrower's induced leaps.
    let fen = "7k/8/8/2p5/8/8/2X5/L6K w - - 0 1";
    assert_eq!(at(fen, "a1"), "a5 b3 c1 d2 d4 xc5");
    assert_eq!(at(fen, "c2").split_whitespace().filter(|m| ["a3", "b4", "e1", "e3"].contains(m)).count(), 4);
    // X63: `xmK` on a1 next to a Pawn a2 with an enemy b2: the Pawn's capture, the step to b1.
    assert_eq!(at("7k/8/8/8/8/8/Pp6/X6K w - - 0 1", "a1"), "b1 xb2");
    // X65: `jN` (with the Knight's leaps too) from d4 over a friend d5 and an enemy e4; the
    // Jumper alone: `NjN` is `N`.
    assert_eq!(at("7k/8/8/3P4/3Np3/8/8/7K w - - 0 1", "d4"), "b3 b5 c2 c6 e2 e6 f3 f5");
    // X65: `tafsW` (with `K`) hops the friends d5 and c4, not the enemies e4 d3.
    assert_eq!(at("7k/8/8/3P4/2PTp3/3p4/8/7K w - - 0 1", "d4"), "b3 b5 c3 c5 c6 e3 e5 e6 xd3 xe4");
    // X64: `ypR` lands right behind the first piece (enemy d6, friend b4): `a4 d7`, with `mK`'s
    // steps.
    assert_eq!(at("7k/8/3p4/8/1P1G4/8/8/7K w - - 0 1", "d4"), "a4 c3 c4 c5 d3 d5 d7 e3 e4 e5");
    // X64: `cyafsW` takes e4 and slides on diagonally (X52's `cyW-F` board), with `K`'s steps.
    let toggled = "c3 c4 c5 d3 e3 e5 f3(xe4) f5(xe4) g2(xe4) g6(xe4) h7(xe4) xe4";
    assert_eq!(at("7k/8/8/1p1P4/3Yp3/8/4P3/7K w - - 0 1", "d4"), toggled);
    // X78: `fnN0` (with `K`) on d3 rides the lines c5-b7 and e5-f7, over d4 then c6 and e6; a
    // friend on e6 blocks f7, an enemy on b7 is taken.
    assert_eq!(at("7k/8/8/8/8/3M4/8/7K w - - 0 1", "d3"), "b7 c2 c3 c4 c5 d2 d4 e2 e3 e4 e5 f7");
    assert_eq!(at("7k/1p6/4P3/8/8/3M4/8/7K w - - 0 1", "d3"), "c2 c3 c4 c5 d2 d4 e2 e3 e4 e5 xb7");
}

/// X28, X63: a move both induced and the friend's own (the Relay's knight leap for the Tester, whose
/// own `tafsW` reaches the same square) is listed once in both back ends, on 2,000 random-playout
/// positions, also after moves with extra captures were listed. (Two moves between the same squares
/// may differ in what they do: a Borrower next to a Pawn and a Relay has b8b6 as the Pawn's double
/// step, with e.p. rights, and as the Relay's `maN` through d7, without.)
#[test]
fn no_move_is_listed_twice() {
    let interp = interpreter();
    common::random_walk(&Rest, &Rest::start_position(), 2_000, 80, 0x5851_f42d_4c95_7f2d, |pos, list| {
        let mut theirs = MoveList::new();
        interp.legal_moves(pos, &mut theirs);
        for l in [list, &theirs] {
            let mut text: Vec<String> =
                l.iter().map(|mv| format!("{}{:?}", pos.uci(*mv, l.extra_captures(mv)), mv.flags())).collect();
            text.sort();
            let twice: Vec<&String> = text.windows(2).filter(|w| w[0] == w[1]).map(|w| &w[0]).collect();
            assert!(twice.is_empty(), "listed twice in {}: {twice:?}", pos.to_fen());
        }
    });
}
