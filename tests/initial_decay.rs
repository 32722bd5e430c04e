//! MBN `ii` (docs/SEMANTICS.md M52): an initial move that decays with the first check to the royal
//! piece (seed §"Modifiers": `WF+iiN`, "a royal piece moves like a King, but additionally has the
//! right to make one knight-move during the game, provided that he hasn't been checked before").
//! Every expected set is worked out by hand from the position; both back ends must give it, and
//! they agree on random positions (`generated_decaying_moves_agree_with_the_interpreter`).

mod common;

use common::agree::{assert_agree, piece_moves, piece_moves_by, play};
use common::{assert_make_unmake, random_walk};
use mbn::runtime::{perft, perft_no_bulk, Bitboard, MoveFlags, MoveGenerator, MoveList, Position};

common::twin_variant! {
    /// The King's knight leap and `ii` castlings decay with the first check; the Squire `K+iiD` is
    /// not royal. The start has no c, d, e Pawns, so that playouts meet unmoved Kings in check often.
    Decays, interpreter {
        board: "8x8",
        start: "rsbqkbnr/pp3ppp/8/8/8/8/PP3PPP/RSBQKBNR w KQkq - 0 1",
        pieces: "P|Pawn| N|Knight| B|Bishop| R|Rook| Q|Queen| K|King|=WF+iiN S|Squire|=K+iiD \
            O-O=[*]iisR[g]=isR[f] O-O-O=[*]iisR[c]=isR[d] +P==QRBNS",
        royal: "K",
        castling_partners: "R",
        promotion_zone: "[8]",
    }
}

#[test]
fn generated_decaying_moves_agree_with_the_interpreter() {
    assert_agree("decays", &Decays, &interpreter(), Decays::start_position());
    // By hand at depth 1: Pawns 10, Squire c2 b3, Bishops 5 + 5, Queen 14 (with xd8), Knight 3,
    // King e2 and the leaps c2 f3 (d2 and d3 are attacked by the Queen on d8).
    assert_eq!(perft(&Decays, &mut Decays::start_position(), 1), 42);
}

/// The position after the moves `before` (UCI text) from `fen`, made as the interpreter lists them.
fn after(fen: &str, before: &[&str]) -> Position<u64> {
    let mut pos = Decays::position(fen).expect("the position loads");
    play(&interpreter(), &mut pos, before);
    pos
}

/// The legal moves of the piece on `from` as sorted destinations (`x` before a capture), from both
/// back ends (which must agree, flags included).
fn destinations(pos: &Position<u64>, from: &str) -> String {
    piece_moves(&Decays, &interpreter(), pos, from)
}

#[test]
fn the_king_leaps_until_it_is_checked() {
    // The King on e1 has not moved (castling rights): its King steps, the four knight leaps that
    // are free (c2 d3 f3 g2) and both castlings.
    let fen = "4k3/1r6/8/8/8/2N5/8/R3K2R b KQ - 0 1";
    let free = "c1 c2 d1 d2 d3 e2 f1 f2 f3 g1 g2";
    assert_eq!(destinations(&after(fen, &[]).tap_white(), "e1"), free);
    // Black's Rook goes to b6 and back while the Knight goes to e2: no check, the rights stay.
    let quiet = after(fen, &["b7b6", "c3e2", "b6b7"]);
    assert_eq!(destinations(&quiet, "e1"), "c1 c2 d1 d2 d3 f1 f2 f3 g1 g2");
    assert!(quiet.decayed().is_empty());
    // Black's Rook checks from e7; the Knight blocks on e2 (in check: the move is flagged), the
    // Rook goes back. The King has been checked: no knight leaps, no `ii` castlings; its steps stay.
    let checked = after(fen, &["b7e7", "c3e2", "e7b7"]);
    assert_eq!(destinations(&checked, "e1"), "d1 d2 f1 f2");
    assert_eq!(checked.decayed().count(), 1);
    // The Rooks' own moves are unaffected (their castling leg is a plain `i`).
    assert!(destinations(&checked, "h1").contains("h8"));
}

#[test]
fn blockers_and_checks_now() {
    // A friend on d3 blocks that leap, the enemy Pawn on f3 is taken by one, and g2 and e2 are
    // attacked by that Pawn.
    let pos = Decays::position("4k3/8/8/8/8/3P1p2/8/R3K2R w KQ - 0 1").unwrap();
    assert_eq!(destinations(&pos, "e1"), "c1 c2 d1 d2 f1 f2 g1 xf3");
    // In check now (the Knight on f3): no leap, not even the capture of the checking Knight, and no
    // castling; every move White makes is flagged, so the right is gone after it, also when the
    // Bishop takes the Knight.
    let pos = Decays::position("k7/8/8/7B/8/5n2/8/R3K2R w KQ - 0 1").unwrap();
    assert_eq!(destinations(&pos, "e1"), "d1 e2 f1 f2");
    let mut list = MoveList::new();
    Decays.legal_moves(&pos, &mut list);
    assert!(list.len() == 5 && list.iter().all(|mv| mv.flags().contains(MoveFlags::CHECKED)));
    let taken = after("k7/8/8/7B/8/5n2/8/R3K2R w KQ - 0 1", &["h5f3", "a8b8"]);
    assert_eq!(taken.decayed().count(), 1, "the White King's right is gone");
    assert_eq!(destinations(&taken, "e1"), "d1 d2 e2 f1 f2");
    // Without the Knight the leaps are back, as the position (read from FEN) records no check.
    let pos = Decays::position("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1").unwrap();
    assert_eq!(destinations(&pos, "e1"), "c1 c2 d1 d2 d3 e2 f1 f2 f3 g1 g2");
    // A King that has moved has no initial moves at all.
    let pos = after("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", &["e1e2", "e8e7", "e2e1", "e7e8"]);
    assert_eq!(destinations(&pos, "e1"), "d1 d2 e2 f1 f2");
}

#[test]
fn a_piece_that_is_not_royal_keeps_its_right() {
    // The Squire `K+iiD` is not royal: checks to its King do not concern it (without drops its
    // `ii` is `i`). On b1, unmoved: King steps and the two free Dabbaba leaps b3 d1.
    let fen = "4k3/1r6/8/8/8/2N5/8/1S2K3 b - - 0 1";
    let pos = after(fen, &[]);
    assert_eq!(destinations(&pos.tap_white(), "b1"), "a1 a2 b2 b3 c1 c2 d1");
    let pos = after(fen, &["b7e7", "c3e2", "e7a7"]);
    assert_eq!(destinations(&pos, "b1"), "a1 a2 b2 b3 c1 c2 d1");
    // Once moved, the leaps are gone.
    let pos = after(fen, &["b7e7", "c3e2", "e7a7", "b1b2", "a7b7", "b2b1", "b7a7"]);
    assert_eq!(destinations(&pos, "b1"), "a1 a2 b2 c1 c2");
}

#[test]
fn make_and_unmake_restore_the_record() {
    // Random playouts from the start (no c, d, e Pawns): every legal move made and unmade
    // restores the position exactly (the record included), and the playouts reach positions with
    // the record set.
    let (mut with_record, mut flagged) = (0, 0);
    random_walk(&Decays, &Decays::start_position(), 3_000, 80, 0x2545_f491_4f6c_dd1d, |pos, list| {
        assert_make_unmake(pos, list, |_, mv| flagged += usize::from(mv.flags().contains(MoveFlags::CHECKED)));
        with_record += usize::from(!pos.decayed().is_empty());
    });
    assert!(with_record > 100 && flagged > 100, "{with_record} positions with the record, {flagged} flagged moves");
    // Perft with every leaf made and unmade counts what bulk counting counts.
    let mut pos = Decays::start_position();
    assert_eq!(perft_no_bulk(&Decays, &mut pos, 3), perft(&Decays, &mut pos, 3));
    assert_eq!(pos, Decays::start_position());
}

/// White to move in the same position (the hand-checked sets list White's moves).
trait TapWhite {
    fn tap_white(self) -> Self;
}

impl TapWhite for Position<u64> {
    fn tap_white(mut self) -> Self {
        self.set_side_to_move(mbn::runtime::Color::White);
        self
    }
}

common::twin_variant! {
    DropDecays, drop_interpreter {
        board: "8x8",
        start: "4k3/8/8/8/8/8/8/4K3[ST] w - - 0 1",
        pieces: "K|King| S|Squire|=K+iiD T|Tower|=K+iD",
        royal: "K",
        drops: true,
        captures_to_hand: true,
    }
}

#[test]
fn a_dropped_piece_has_initial_moves_but_no_decaying_ones() {
    let interp = drop_interpreter();
    let mut pos = DropDecays::start_position();
    play(&interp, &mut pos, &["S@b1", "e8e7", "T@g1", "e7e8"]);
    // Both stand unmoved on their first rank: the Tower (`i`) has its Dabbaba leap g3 (e1 holds
    // the King), the Squire (`ii`) has none (b3 and d1 are free).
    let g = pos.geometry();
    for from in ["b1", "g1"] {
        let to = piece_moves_by(&DropDecays, &interp, &pos, from, |_, mv| g.square_name(mv.to()));
        let want = if from == "b1" { "a1 a2 b2 c1 c2" } else { "f1 f2 g2 g3 h1 h2" };
        assert_eq!(to, want, "{from}");
    }
}
