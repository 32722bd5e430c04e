//! Drops: placing a piece from hand, and the board rules that restrict them.
//!
//! Which pieces may go where is a board rule, not piece notation, so both back ends (generated
//! code and the interpreter) call these functions with the variant's rules:
//!
//! - `forbidden`: squares where a kind may not be dropped (a piece that could never move again:
//!   a shogi Pawn or Lance on the last rank, a Knight on the last two);
//! - `limits`: how many pieces of a kind and side may already stand on the file, on the squares
//!   of the colour, or on the board where a piece of that kind is dropped ([`DropLimits`]:
//!   shogi's two-pawn rule *nifu* is a file limit of 1);
//! - `mate_illegal`: kinds whose drop may not checkmate (shogi's *uchifuzume*).

use crate::bitboard::Bitboard;
use crate::moves::{Move, MoveList};
use crate::piece::PieceKind;
use crate::position::Position;
use crate::rules::{has_reply, leaves_royals_safe, MoveGenerator};

/// How many pieces of one kind and side may already stand where a piece of that kind is dropped
/// (XBetza's `f`, `s` and `b` on `@`, doubled for two): `0` is no limit. A drop is refused on a
/// file holding `file` of them, on a square of the colour (light or dark) of `color` of them, and
/// anywhere once `board` of them are on the board. Promoted pieces are kinds of their own and do
/// not count.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct DropLimits {
    /// Most pieces on the file of the drop (shogi's Pawn: 1).
    pub file: u8,
    /// Most pieces on squares of the drop square's colour.
    pub color: u8,
    /// Most pieces on the board.
    pub board: u8,
}

impl DropLimits {
    /// No limit.
    pub const NONE: DropLimits = DropLimits { file: 0, color: 0, board: 0 };
}

/// Appends the drops of the side to move: every kind it holds, onto every empty square not in
/// `forbidden(kind)` and within the kind's [`DropLimits`] (`limits[kind]`; a kind past the end of
/// `limits` has none).
pub fn push_drops<B: Bitboard>(
    pos: &Position<B>,
    forbidden: impl Fn(PieceKind) -> B,
    limits: &[DropLimits],
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
        let limit = limits.get(k).copied().unwrap_or_default();
        if limit != DropLimits::NONE {
            targets &= allowed_by(pos, kind, limit);
        }
        while let Some(to) = targets.pop_lowest() {
            out.push(Move::drop(kind, to));
        }
    }
}

/// The squares a piece of `kind` of the side to move may be dropped on under `limit`.
fn allowed_by<B: Bitboard>(pos: &Position<B>, kind: PieceKind, limit: DropLimits) -> B {
    let geometry = pos.geometry();
    let own = pos.pieces(kind, pos.side_to_move());
    let full = B::full(geometry);
    let reached = |max: u8, area: B| max > 0 && (own & area).count() >= u32::from(max);
    if reached(limit.board, full) {
        return B::EMPTY;
    }
    let mut allowed = full;
    if limit.file > 0 {
        for file in 0..geometry.files() {
            let mask = B::file_mask(geometry, file);
            if reached(limit.file, mask) {
                allowed &= !mask;
            }
        }
    }
    if limit.color > 0 {
        let dark =
            B::from_squares(geometry.squares().filter(|&sq| (geometry.file_of(sq) + geometry.rank_of(sq)) % 2 == 0));
        for mask in [dark, full & !dark] {
            if reached(limit.color, mask) {
                allowed &= !mask;
            }
        }
    }
    allowed
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

/// Whether making `mv` in `pos` leaves the opponent in check without a reply
/// ([`has_reply`]: no drop's own mate test is run again); `pos` is
/// restored.
pub fn checkmates<B: Bitboard, G: MoveGenerator<B> + ?Sized>(generator: &G, pos: &mut Position<B>, mv: Move) -> bool {
    let undo = pos.make(mv);
    let mated = generator.in_check(pos) && !has_reply(generator, pos);
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
        let file = DropLimits { file: 1, ..DropLimits::NONE };
        let limits: Vec<DropLimits> =
            (0..8).map(|k| if no_doubled & (1 << k) != 0 { file } else { DropLimits::NONE }).collect();
        limited(pos, forbidden, &limits)
    }

    fn limited(pos: &Position<u64>, forbidden: u64, limits: &[DropLimits]) -> Vec<String> {
        let mut list = MoveList::new();
        push_drops(pos, |k| if k == PAWN { forbidden } else { 0 }, limits, &mut list);
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
    fn limits_count_own_pieces_of_the_kind_on_the_file_colour_or_board() {
        // White's Pawn on b2 (a dark square: a1 is dark), Tokin on c3; 21 empty squares, 9 of them
        // dark (a1 b2 c3 e5 are the occupied dark ones of 13).
        let pos = position("4k/5/2+P2/1P3/K4[PR] w - - 0 1");
        let pawns = |limit: DropLimits| {
            let all = limited(&pos, 0, &[limit]);
            all.into_iter().filter(|m| m.starts_with("P@")).collect::<Vec<_>>()
        };
        let at = |file, color, board| DropLimits { file, color, board };
        assert_eq!(pawns(DropLimits::NONE).len(), 21);
        // `f`: not on the b-file (b1 b3 b4 b5); `ff`: one Pawn there is below two.
        assert_eq!(pawns(at(1, 0, 0)).len(), 17);
        assert_eq!(pawns(at(2, 0, 0)).len(), 21);
        // `s`: light squares only; the Tokin is another kind.
        let light = pawns(at(0, 1, 0));
        assert_eq!(light.len(), 12, "{light:?}");
        assert!(light.contains(&"P@b1".to_string()) && !light.contains(&"P@a3".to_string()));
        assert_eq!(pawns(at(0, 2, 0)).len(), 21);
        // `b`: none while a Pawn is on the board; `bb`: one is below two.
        assert!(pawns(at(0, 0, 1)).is_empty());
        assert_eq!(pawns(at(0, 0, 2)).len(), 21);
        // The Rook (kind 1) has no limit past the end of the slice, and none on the board.
        let rooks = |limits: &[DropLimits]| limited(&pos, 0, limits).iter().filter(|m| m.starts_with("R@")).count();
        assert_eq!(rooks(&[at(0, 0, 1)]), 21);
        assert_eq!(rooks(&[DropLimits::NONE, at(0, 0, 1)]), 21);
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
