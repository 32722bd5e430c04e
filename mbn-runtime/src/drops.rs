//! Drops: placing a piece from hand, and the board rules that restrict them.
//!
//! Which pieces may go where is a board rule, not piece notation, so both back ends (generated
//! code and the interpreter) call these functions with the variant's rules:
//!
//! - `forbidden`: squares where a kind may not be dropped (a piece that could never move again:
//!   a shogi Pawn or Lance on the last rank, a Knight on the last two);
//! - `no_doubled`: kinds (bit `k` for kind `k`) that may not be dropped on a file that already
//!   holds a piece of that kind of the same side (shogi's two-pawn rule, *nifu*);
//! - `mate_illegal`: kinds whose drop may not checkmate (shogi's *uchifuzume*).

use crate::bitboard::Bitboard;
use crate::moves::{Move, MoveList};
use crate::piece::PieceKind;
use crate::position::Position;
use crate::rules::{leaves_royals_safe, MoveGenerator};

/// Appends the drops of the side to move: every kind it holds, onto every empty square not in
/// `forbidden(kind)`, and for the kinds of `no_doubled` not onto a file holding one of its own
/// pieces of that kind.
pub fn push_drops<B: Bitboard>(
    pos: &Position<B>,
    forbidden: impl Fn(PieceKind) -> B,
    no_doubled: u64,
    out: &mut MoveList,
) {
    let us = pos.side_to_move();
    let geometry = pos.geometry();
    let empty = !pos.occupied() & B::full(geometry);
    for k in 0..pos.table().len() {
        let kind = PieceKind(k as u8);
        if pos.hand(us, kind) == 0 {
            continue;
        }
        let mut targets = empty & !forbidden(kind);
        if k < 64 && no_doubled & (1 << k) != 0 {
            for sq in pos.pieces(kind, us).squares() {
                targets &= !B::file_mask(geometry, geometry.file_of(sq));
            }
        }
        while let Some(to) = targets.pop_lowest() {
            out.push(Move::drop(kind, to));
        }
    }
}

/// Whether the drop `mv` is legal: it leaves every royal piece of the mover unattacked and, when
/// its kind is in `mate_illegal`, it does not checkmate. `scratch` is the position the drop is
/// made in; it is restored.
pub fn drop_is_legal<B: Bitboard, G: MoveGenerator<B> + ?Sized>(
    generator: &G,
    scratch: &mut Position<B>,
    mv: Move,
    mate_illegal: u64,
) -> bool {
    if !leaves_royals_safe(generator, scratch, mv, &[]) {
        return false;
    }
    match mv.dropped() {
        Some(kind) if kind.index() < 64 && mate_illegal & (1 << kind.index()) != 0 => {
            !checkmates(generator, scratch, mv)
        }
        _ => true,
    }
}

/// Whether making `mv` in `pos` leaves the opponent in check without a legal reply; `pos` is
/// restored. The replies are the opponent's pseudo-legal moves, drops included, each tested with
/// [`leaves_royals_safe`], so no drop's own mate test is run again.
pub fn checkmates<B: Bitboard, G: MoveGenerator<B> + ?Sized>(generator: &G, pos: &mut Position<B>, mv: Move) -> bool {
    let undo = pos.make(mv);
    let mut mated = false;
    if generator.in_check(pos) {
        let mut replies = MoveList::new();
        generator.pseudo_legal_moves(pos, &mut replies);
        let mut scratch = pos.clone();
        mated = !replies.iter().any(|m| leaves_royals_safe(generator, &mut scratch, *m, replies.extra_captures(m)));
    }
    pos.unmake(mv, undo);
    mated
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Geometry;
    use crate::tests::toy::{self, Toy, PAWN, ROOK};
    use std::sync::Arc;

    fn position(fen: &str) -> Position<u64> {
        let options = crate::fen::FenOptions { captures_to_hand: true, ..Default::default() };
        Position::from_fen_with(Arc::new(toy::table()), Geometry::new(5, 5).unwrap(), fen, &options).unwrap()
    }

    fn drops(pos: &Position<u64>, forbidden: u64, no_doubled: u64) -> Vec<String> {
        let mut list = MoveList::new();
        push_drops(pos, |k| if k == PAWN { forbidden } else { 0 }, no_doubled, &mut list);
        list.iter().map(|m| pos.uci(*m, &[])).collect()
    }

    #[test]
    fn drops_go_to_empty_squares_minus_the_forbidden_and_doubled_files() {
        // White holds a Pawn and a Rook; its Pawn stands on b2, its Tokin on c3.
        let pos = position("4k/5/2+P2/1P3/K4[PR] w - - 0 1");
        let all = drops(&pos, 0, 0);
        // 21 empty squares, two kinds in hand.
        assert_eq!(all.len(), 2 * 21, "{all:?}");
        let last_rank = 0x1f << 20;
        let shogi = drops(&pos, last_rank, 1 << PAWN.0);
        let pawns: Vec<&String> = shogi.iter().filter(|m| m.starts_with("P@")).collect();
        // 21 empty squares minus the last rank's a5-d5 and the Pawn's b-file (b1, b3, b4): 14;
        // the Tokin's c-file stays open.
        assert_eq!(pawns.len(), 14, "{pawns:?}");
        assert!(pawns.iter().all(|m| !m.starts_with("P@b") && !m.ends_with('5')), "{pawns:?}");
        assert!(shogi.contains(&"P@c4".to_string()) && shogi.contains(&"R@b5".to_string()));
        // Black holds nothing: no drops.
        let black = position("4k/5/2+P2/1P3/K4[PR] b - - 0 1");
        assert!(drops(&black, 0, 0).is_empty());
    }

    #[test]
    fn a_mating_drop_is_illegal_only_for_the_named_kinds() {
        // The toy's Pawn captures diagonally. Black's King on a5 is boxed in by its own Pawns on
        // b5 and a4; White's Rook on b1 guards b4: the Pawn drop on b4 checks and mates.
        let pos = position("kp3/p4/5/5/1R2K[P] w - - 0 1");
        let drop = Move::drop(PAWN, pos.geometry().parse_square("b4").unwrap());
        let mut scratch = pos.clone();
        assert!(checkmates(&Toy, &mut scratch, drop));
        assert!(drop_is_legal(&Toy, &mut scratch, drop, 0));
        assert!(!drop_is_legal(&Toy, &mut scratch, drop, 1 << PAWN.0));
        assert!(drop_is_legal(&Toy, &mut scratch, drop, 1 << ROOK.0));
        assert_eq!(scratch, pos, "restored");
        // Without the Rook the King takes the Pawn: no mate.
        let pos = position("kp3/p4/5/5/4K[P] w - - 0 1");
        let mut scratch = pos.clone();
        assert!(!checkmates(&Toy, &mut scratch, drop));
        assert!(drop_is_legal(&Toy, &mut scratch, drop, 1 << PAWN.0));
    }
}
