//! MBN `ii` on the legs of multi-leg moves (docs/SEMANTICS.md M66): the King `WF+(iiW-fF)` has a
//! lame knight leap (a Xiangqi Horse's: a W step to an empty square, then an F step outwards) as its
//! first move, until it is first checked; the Squire `K+(W-iiW)` (not royal) a lame Dabbaba leap
//! with `ii` on its second leg. Every expected set is worked out by hand from the position; both
//! back ends must give it, and they agree on random positions
//! (`generated_decaying_legs_agree_with_the_interpreter`).

mod common;

use common::agree::{assert_agree, piece_moves, play};
use common::{assert_make_unmake, random_walk};
use mbn::runtime::{perft, perft_no_bulk, Bitboard, Color, MoveFlags, MoveGenerator, MoveList, Position};

common::twin_variant! {
    DecayLegs, interpreter {
        board: "8x8",
        start: "rsbqkbnr/pp3ppp/8/8/8/8/PP3PPP/RSBQKBNR w - - 0 1",
        pieces: "P|Pawn| N|Knight| B|Bishop| R|Rook| Q|Queen| K|King|=WF+(iiW-fF) S|Squire|=K+(W-iiW) +P==QRBNS",
        royal: "K",
        promotion_zone: "[8]",
        promotion_mandatory: true,
    }
}

/// The start position with its Kings unmoved ([`load`]).
fn start() -> Position<u64> {
    load(&DecayLegs::start_position().to_fen())
}

/// The position of `fen` with its Kings unmoved: FEN marks a King on its first rank unmoved only
/// with castling rights, which this variant has none of.
fn load(fen: &str) -> Position<u64> {
    let mut pos = DecayLegs::position(fen).expect("the position loads");
    let kings = pos.royals(Color::White) | pos.royals(Color::Black);
    pos.set_unmoved(pos.unmoved() | kings);
    pos
}

/// The position after the moves `before` (UCI text) from `fen` ([`load`]), made as the
/// interpreter lists them.
fn after(fen: &str, before: &[&str]) -> Position<u64> {
    let mut pos = load(fen);
    play(&interpreter(), &mut pos, before);
    pos
}

/// The legal moves of the piece on `from` as sorted destinations (`x` before a capture), from both
/// back ends (which must agree on every move of the position, flags included).
fn destinations(pos: &Position<u64>, from: &str) -> String {
    piece_moves(&DecayLegs, &interpreter(), pos, from)
}

#[test]
fn the_king_leaps_until_it_is_checked() {
    // The King on e1, unmoved: its steps and the lame leaps through e2 (d3 f3), d1 (c2), f1 (g2).
    let pos = load("4k3/1r6/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(destinations(&pos, "e1"), "c2 d1 d2 d3 e2 f1 f2 f3 g2");
    // Before a check: the Knight goes to e2 (blocking the leaps through it), Black's Rook to b6 and
    // back: c2 and g2 stay.
    let fen = "4k3/1r6/8/8/8/2N5/8/4K3 b - - 0 1";
    let quiet = after(fen, &["b7b6", "c3e2", "b6b7"]);
    assert!(quiet.decayed().is_empty());
    assert_eq!(destinations(&quiet, "e1"), "c2 d1 d2 f1 f2 g2");
    // After a check: the Rook checks from e7, the Knight blocks on e2 (a move made in check: the
    // King's right decays), the Rook goes back. The same position but for the record: no leaps.
    let checked = after(fen, &["b7e7", "c3e2", "e7b7"]);
    assert_eq!(checked.decayed().count(), 1);
    assert_eq!(destinations(&checked, "e1"), "d1 d2 f1 f2");
    // Blocked first legs: a friend on d1 and an enemy on f1 close those paths (the enemy is taken
    // by a King step, never on the way: the W leg only moves); the Bishop attacks e2 and d3.
    let pos = load("4k3/8/8/8/8/8/8/3NKb2 w - - 0 1");
    assert_eq!(destinations(&pos, "e1"), "d2 f2 f3 xf1");
}

#[test]
fn in_check_the_leaps_are_gone_but_still_attack() {
    // In check by a Knight on f3: no leap (not even onto the Knight through e2); every move is
    // flagged, so the right is gone after it, also when the Bishop takes the Knight.
    let fen = "k7/8/8/7B/8/5n2/8/4K3 w - - 0 1";
    let pos = load(fen);
    assert_eq!(destinations(&pos, "e1"), "d1 e2 f1 f2");
    let mut list = MoveList::new();
    DecayLegs.legal_moves(&pos, &mut list);
    assert!(list.iter().all(|mv| mv.flags().contains(MoveFlags::CHECKED)));
    let taken = after(fen, &["h5f3", "a8b8"]);
    assert_eq!(taken.decayed().count(), 1);
    assert_eq!(destinations(&taken, "e1"), "d1 d2 e2 f1 f2");
    // The leaps attack while the right stands: the Black King on e4 (its own right decayed, so
    // that it only steps) may not go to d3 or f3 (e2 is empty); once White's right has decayed it
    // may. With its right, it also leaps (outwards, Black's forward is down): c3 c5 d6 f6 g3 g5,
    // not d2 f2 (attacked by the White King's steps).
    let mut pos = load("8/8/8/8/4k3/8/8/4K3 b - - 0 1");
    let sq = |s: &str| u64::from_square(pos.geometry().parse_square(s).unwrap());
    let (e1, e4) = (sq("e1"), sq("e4"));
    assert_eq!(destinations(&pos, "e4"), "c3 c5 d4 d5 d6 e3 e5 f4 f5 f6 g3 g5");
    pos.set_decayed(e4);
    assert_eq!(destinations(&pos, "e4"), "d4 d5 e3 e5 f4 f5");
    pos.set_decayed(e4 | e1);
    assert_eq!(destinations(&pos, "e4"), "d3 d4 d5 e3 e5 f3 f4 f5");
}

#[test]
fn a_squire_that_is_not_royal_keeps_its_right() {
    // The Squire `K+(W-iiW)` on b1: king steps and the lame Dabbaba leaps b3 (through b2) and d1
    // (through c1); a1 leads off the board.
    let fen = "4k3/1r6/8/8/8/2N5/8/1S2K3 b - - 0 1";
    let pos = after(fen, &[]);
    let mut white = pos.clone();
    white.set_side_to_move(Color::White);
    assert_eq!(destinations(&white, "b1"), "a1 a2 b2 b3 c1 c2 d1");
    // Its King checked (and the Knight blocking on e2): the Squire keeps its leaps.
    let pos = after(fen, &["b7e7", "c3e2", "e7a7"]);
    assert_eq!(pos.decayed().count(), 1);
    assert_eq!(destinations(&pos, "b1"), "a1 a2 b2 b3 c1 c2 d1");
    // A friend on b2 blocks b3; once moved, the leaps are gone.
    let pos = after("4k3/1r6/8/8/8/8/1N6/1S2K3 w - - 0 1", &[]);
    assert_eq!(destinations(&pos, "b1"), "a1 a2 c1 c2 d1");
    let pos = after(fen, &["b7e7", "c3e2", "e7a7", "b1b2", "a7b7", "b2b1", "b7a7"]);
    assert_eq!(destinations(&pos, "b1"), "a1 a2 b2 c1 c2");
}

#[test]
fn make_and_unmake_restore_the_record() {
    // Random playouts from the start: every legal move made and unmade restores the position
    // exactly (the record included), and the playouts reach positions with the record set.
    let (mut with_record, mut flagged, mut leaps) = (0, 0, 0);
    random_walk(&DecayLegs, &start(), 3_000, 80, 0x2545_f491_4f6c_dd1d, |pos, list| {
        assert_make_unmake(pos, list, |pos, mv| {
            flagged += usize::from(mv.flags().contains(MoveFlags::CHECKED));
            let king = pos.piece_at(mv.from()).is_some_and(|p| p.kind.0 == 5);
            let g = pos.geometry();
            let far = (g.file_of(mv.from()) as i32 - g.file_of(mv.to()) as i32).abs()
                + (g.rank_of(mv.from()) as i32 - g.rank_of(mv.to()) as i32).abs();
            leaps += usize::from(king && far == 3);
        });
        with_record += usize::from(!pos.decayed().is_empty());
    });
    assert!(
        with_record > 100 && flagged > 100 && leaps > 100,
        "{with_record} positions with the record, {flagged} flagged moves, {leaps} King leaps"
    );
    // Perft with every leaf made and unmade counts what bulk counting counts.
    let mut pos = start();
    assert_eq!(perft_no_bulk(&DecayLegs, &mut pos, 3), perft(&DecayLegs, &mut pos, 3));
    assert_eq!(pos, start());
}

#[test]
fn generated_decaying_legs_agree_with_the_interpreter() {
    assert_agree("decaylegs", &DecayLegs, &interpreter(), start());
    // By hand at depth 1: Pawns 10, Squire c2, Bishops 5 + 5, Queen 14 (with xd8), Knight 3, King
    // e2 and the lame leap f3 (through e2; d3 is attacked by the Queen on d8, d1 and f1 are held).
    assert_eq!(perft(&DecayLegs, &mut start(), 1), 40);
    assert_eq!(perft(&DecayLegs, &mut start(), 3), 51_040);
}
