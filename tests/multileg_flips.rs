//! Flips (`x`) on the last leg of a multi-leg move: the path reaches the piece, the mover stays
//! (docs/SEMANTICS.md M107), in both back ends.

mod common;

use common::agree::{assert_agree, piece_moves_with_flips};
use common::test_variant;

test_variant! {
    /// The Hypnotist `mK+(mW-xF)` steps as a King and flips the enemy a Xiangqi Horse's path
    /// reaches; the Lasso `mR-xW` slides and flips the first enemy on its line beyond an empty
    /// square; the Yokel `F-xyW` steps diagonally, then flips any piece straight on; the Decoy
    /// `mK+(mF-[xxF])` steps as a King and may flip a friend two diagonal steps away.
    Flips, flips_interpreter,
    FLIPS_START = "rnbqkbnr/pppppppp/2hl1yd1/8/8/2HL1YD1/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    FLIPS_PIECES = "P|Pawn| N|Knight| B|Bishop| R|Rook| Q|Queen| K|King| H|Hypnotist|=mK+(mW-xF) \
        L|Lasso|=mR-xW Y|Yokel|=F-xyW D|Decoy|=mK+(mF-[xxF]) +P==QRBNHLYD",
    castling: "R",
}

/// The moves of White's piece on `from` in `fen`: destinations, `~sq` a flip of the piece on sq.
fn by_hand(fen: &str, from: &str) -> String {
    let interp = flips_interpreter();
    let pos = Flips::position(fen).expect("the position loads");
    piece_moves_with_flips(&Flips, &interp, &pos, from)
}

#[test]
fn the_path_reaches_the_flipped_piece() {
    // The Hypnotist on d4, enemies e6 f5, a friend on e4: e6 is flipped over d5; f5 would be
    // reached over e4 only, which the friend blocks (so are f3 and f5's quiet squares).
    assert_eq!(by_hand("4k3/8/4p3/5p2/3HP3/8/8/4K3 w - - 0 1", "d4"), "b3 b5 c2 c3 c4 c5 c6 d3 d5 e2 e3 e5 ~e6");
    // A royal piece is never flipped: the Black King on c6 is no destination.
    assert_eq!(by_hand("8/8/2k1p3/8/3H4/8/8/4K3 w - - 0 1", "d4"), "b3 b5 c2 c3 c4 c5 d3 d5 e2 e3 e4 e5 f3 f5 ~e6");
    // The Lasso on d4, enemies d7 b4, a friend g4: two squares away at least, the first enemy
    // on each line flipped, nothing beyond it.
    assert_eq!(by_hand("7k/3p4/8/8/1p1L2P1/8/8/7K w - - 0 1", "d4"), "d1 d2 d6 f4 ~b4 ~d7");
    assert_eq!(by_hand("3k4/8/8/8/3L4/8/8/7K w - - 0 1", "d4"), "a4 b4 d1 d2 d6 d7 f4 g4 h4");
}

#[test]
fn flips_of_friends_and_of_any_piece() {
    // The Yokel on d4 (`F-xyW`): a friend on c5 blocks its first step there; over e5 it flips the
    // friend on e6 and the enemy on f5; over c3 and e3 it moves.
    assert_eq!(by_hand("4k3/8/4P3/2P2p2/3Y4/8/8/4K3 w - - 0 1", "d4"), "b3 c2 e2 f3 ~e6 ~f5");
    // The Decoy on d4 (`mK+(mF-[xxF])`): it flips the friends on f6 and b2, not the enemy on b6.
    assert_eq!(by_hand("4k3/8/1p3P2/8/3D4/8/1P6/4K3 w - - 0 1", "d4"), "c3 c4 c5 d3 d5 e3 e4 e5 f2 ~b2 ~f6");
    // A flip that puts its own King in check is not made: the Pawn on f2, turned Black, would
    // attack e1.
    assert_eq!(by_hand("4k3/8/8/8/3D4/8/5P2/4K3 w - - 0 1", "d4"), "b2 b6 c3 c4 c5 d3 d5 e3 e4 e5 f6");
}

#[test]
fn generated_flips_agree_with_the_interpreter() {
    let interp = flips_interpreter();
    let start = Flips::position(FLIPS_START).expect("start");
    assert_agree("Flips", &Flips, &interp, start.clone());
    // Random games meet flips of enemies and of friends, and make and take them back exactly.
    let (mut enemies, mut friends) = (0, 0);
    common::random_walk(&Flips, &start, 3000, 120, 7, |pos, list| {
        for mv in list.iter().filter(|mv| mv.is_flip()) {
            match pos.piece_at(mv.to()).map(|p| p.color == pos.side_to_move()) {
                Some(true) => friends += 1,
                _ => enemies += 1,
            }
        }
        common::assert_make_unmake(pos, list, |_, _| {});
    });
    assert!(enemies > 100 && friends > 100, "{enemies} {friends}");
}
