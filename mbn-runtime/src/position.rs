//! Positions: piece placement (mailbox plus bitboards kept in sync) and game state.

use core::fmt;
use std::sync::Arc;

use crate::bitboard::Bitboard;
use crate::geometry::{Geometry, Square};
use crate::piece::{Color, Piece, PieceKind, PieceTable};

/// A game position on a board of geometry [`Geometry`] using bitboards `B`.
///
/// Placement is kept twice, always in sync: a mailbox (`Option<Piece>` per
/// square) and bitboards per color and per kind (a kind's bitboard holds both
/// colors). Game state:
///
/// - castling rights: the squares of partner pieces (rooks) that may still
///   castle, so Chess960 starting setups work; a right belongs to the color of
///   the piece on its square and lives on that color's back rank;
/// - en passant: the squares a capturer may move to (`ep_targets`, the squares
///   passed by the last multi-step) and the square of the piece captured that way;
/// - `unmoved`: pieces that have not moved (for initial-move-only moves);
/// - `decayed`: unmoved pieces whose MBN `ii` moves have decayed (royal pieces that have been in
///   check, dropped pieces; docs/SEMANTICS.md M52), always a subset of `unmoved`;
/// - `promoted`: pieces carrying a FEN `~` mark (promoted pieces of kinds that
///   can also occur unpromoted, as in crazyhouse);
/// - `imitated`: the kind the XBetza Imitators of the variant imitate (docs/SEMANTICS.md X62),
///   the kind of the last piece moved that is no Imitator; `None` at the start and after FEN;
/// - hands: counts per color per kind, for drop variants;
/// - `captures_to_hand`: whether captured pieces go to the capturer's hand;
/// - halfmove clock and fullmove number.
#[derive(Clone, PartialEq, Eq)]
pub struct Position<B: Bitboard> {
    pub(crate) geometry: Geometry,
    pub(crate) table: Arc<PieceTable>,
    pub(crate) board: Vec<Option<Piece>>,
    pub(crate) by_color: [B; 2],
    pub(crate) by_kind: Vec<B>,
    pub(crate) side_to_move: Color,
    pub(crate) castling: B,
    pub(crate) ep_targets: B,
    pub(crate) ep_victim: Option<Square>,
    pub(crate) unmoved: B,
    pub(crate) decayed: B,
    pub(crate) promoted: B,
    pub(crate) imitated: Option<PieceKind>,
    pub(crate) hands: [Vec<u8>; 2],
    pub(crate) uses_hands: bool,
    pub(crate) captures_to_hand: bool,
    pub(crate) halfmove_clock: u32,
    /// How many of the last moves were passes, in a row (0 after a FEN: no history).
    pub(crate) passes: u8,
    /// The last move was decisive (MBN `#`): the game is over.
    pub(crate) decided: bool,
    pub(crate) fullmove_number: u32,
    /// Pieces removed by extra (locust) captures of the moves made so far,
    /// popped again by unmake.
    pub(crate) locust_stack: Vec<(Square, Piece)>,
}

/// Why a position could not be built or changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// The bitboard type is narrower than the board.
    BoardTooLarge {
        /// Squares on the board.
        squares: usize,
        /// Bits in the bitboard type.
        bits: usize,
    },
    /// The square is not on the board.
    OffBoard(Square),
    /// The piece kind is not in the piece table.
    UnknownKind(PieceKind),
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::BoardTooLarge { squares, bits } => {
                write!(f, "a board of {squares} squares does not fit a {bits}-bit bitboard")
            }
            Self::OffBoard(sq) => write!(f, "square index {} is off the board", sq.0),
            Self::UnknownKind(k) => write!(f, "piece kind {} is not in the piece table", k.0),
        }
    }
}

impl std::error::Error for PositionError {}

impl<B: Bitboard> fmt::Debug for Position<B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Position")
            .field("fen", &self.to_fen())
            .field("unmoved", &self.unmoved)
            .field("imitated", &self.imitated)
            .field("captures_to_hand", &self.captures_to_hand)
            .finish_non_exhaustive()
    }
}

impl<B: Bitboard> Position<B> {
    /// An empty board, White to move, no rights, fullmove number 1.
    pub fn new(table: Arc<PieceTable>, geometry: Geometry) -> Result<Self, PositionError> {
        if !B::fits(geometry) {
            return Err(PositionError::BoardTooLarge { squares: geometry.num_squares(), bits: B::BITS });
        }
        let kinds = table.len();
        Ok(Position {
            geometry,
            board: vec![None; geometry.num_squares()],
            by_color: [B::EMPTY; 2],
            by_kind: vec![B::EMPTY; kinds],
            side_to_move: Color::White,
            castling: B::EMPTY,
            ep_targets: B::EMPTY,
            ep_victim: None,
            unmoved: B::EMPTY,
            decayed: B::EMPTY,
            promoted: B::EMPTY,
            imitated: None,
            hands: [vec![0; kinds], vec![0; kinds]],
            uses_hands: false,
            captures_to_hand: false,
            halfmove_clock: 0,
            passes: 0,
            decided: false,
            fullmove_number: 1,
            locust_stack: Vec::new(),
            table,
        })
    }

    // ----- reading -----

    /// The board geometry.
    #[inline]
    pub fn geometry(&self) -> Geometry {
        self.geometry
    }

    /// The piece table.
    #[inline]
    pub fn table(&self) -> &PieceTable {
        &self.table
    }

    /// The shared piece table (cheap to clone).
    #[inline]
    pub fn shared_table(&self) -> &Arc<PieceTable> {
        &self.table
    }

    /// The piece on `sq` (`None` if empty or off the board).
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board.get(sq.index()).copied().flatten()
    }

    /// The mailbox: one entry per square in index order.
    #[inline]
    pub fn mailbox(&self) -> &[Option<Piece>] {
        &self.board
    }

    /// All occupied squares.
    #[inline]
    pub fn occupied(&self) -> B {
        self.by_color[0] | self.by_color[1]
    }

    /// Squares occupied by `color`.
    #[inline]
    pub fn by_color(&self, color: Color) -> B {
        self.by_color[color.index()]
    }

    /// Squares occupied by `kind`, both colors.
    #[inline]
    pub fn by_kind(&self, kind: PieceKind) -> B {
        self.by_kind.get(kind.index()).copied().unwrap_or(B::EMPTY)
    }

    /// Squares occupied by pieces of `kind` and `color`.
    #[inline]
    pub fn pieces(&self, kind: PieceKind, color: Color) -> B {
        self.by_kind(kind) & self.by_color(color)
    }

    /// Squares occupied by royal pieces of `color`.
    pub fn royals(&self, color: Color) -> B {
        let mut bb = B::EMPTY;
        for (kind, info) in self.table.iter() {
            if info.royal {
                bb |= self.by_kind(kind);
            }
        }
        bb & self.by_color(color)
    }

    /// The side to move.
    #[inline]
    pub fn side_to_move(&self) -> Color {
        self.side_to_move
    }

    /// Squares of partner pieces (of both colors) that still have castling rights.
    #[inline]
    pub fn castling_rights(&self) -> B {
        self.castling
    }

    /// Squares an en passant capturer may move to (empty if none).
    #[inline]
    pub fn ep_targets(&self) -> B {
        self.ep_targets
    }

    /// The square of the piece an en passant capture removes.
    #[inline]
    pub fn ep_victim(&self) -> Option<Square> {
        self.ep_victim
    }

    /// Pieces that have not moved.
    #[inline]
    pub fn unmoved(&self) -> B {
        self.unmoved
    }

    /// Unmoved pieces whose MBN `ii` moves have decayed (docs/SEMANTICS.md M52): royal pieces
    /// that have been in check (set by [`Self::make_with`] for a move flagged
    /// [`MoveFlags::CHECKED`](crate::moves::MoveFlags::CHECKED)) and dropped pieces. FEN does not
    /// record it: empty for a position read from FEN.
    #[inline]
    pub fn decayed(&self) -> B {
        self.decayed
    }

    /// Pieces carrying a `~` promotion mark.
    #[inline]
    pub fn promoted(&self) -> B {
        self.promoted
    }

    /// The kind the XBetza Imitators imitate (docs/SEMANTICS.md X62): the kind of the last piece
    /// that moved and is no Imitator (a dropped piece's kind after a drop, the mover's kind before
    /// it promotes), kept by Imitators' moves and passes. Recorded by
    /// [`Self::make_with`] only in a variant with an Imitator kind; FEN does not record it: `None`
    /// (nothing to imitate) for a position read from FEN.
    #[inline]
    pub fn imitated(&self) -> Option<PieceKind> {
        self.imitated
    }

    /// How many pieces of `kind` `color` holds in hand.
    #[inline]
    pub fn hand(&self, color: Color, kind: PieceKind) -> u8 {
        self.hands[color.index()].get(kind.index()).copied().unwrap_or(0)
    }

    /// Whether the position has hands (FEN writes a `[...]` holdings section).
    #[inline]
    pub fn uses_hands(&self) -> bool {
        self.uses_hands
    }

    /// Whether captured pieces go to the capturer's hand.
    #[inline]
    pub fn captures_to_hand(&self) -> bool {
        self.captures_to_hand
    }

    /// Halfmove clock (plies since the last capture or clock-resetting move).
    #[inline]
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove_clock
    }

    /// How many of the moves made last were passes, in a row (counted by
    /// [`Self::make_with`]; 0 for a position read from FEN, which has no history).
    #[inline]
    pub fn passes(&self) -> u8 {
        self.passes
    }

    /// Whether the last move made was decisive (MBN `#`, [`crate::moves::Move::is_decisive`]): the game is over
    /// and the position has no legal moves (false for a position read from FEN).
    #[inline]
    pub fn decided(&self) -> bool {
        self.decided
    }

    /// Fullmove number, incremented after Black moves.
    #[inline]
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove_number
    }

    // ----- changing -----

    /// Puts `piece` on `sq`, replacing what was there (whose flags are cleared).
    pub fn put_piece(&mut self, sq: Square, piece: Piece) -> Result<(), PositionError> {
        if !self.geometry.contains(sq) {
            return Err(PositionError::OffBoard(sq));
        }
        if piece.kind.index() >= self.table.len() {
            return Err(PositionError::UnknownKind(piece.kind));
        }
        self.remove_piece(sq);
        self.put(sq, piece);
        Ok(())
    }

    /// Removes and returns the piece on `sq`, clearing its unmoved, promoted
    /// and castling flags.
    pub fn remove_piece(&mut self, sq: Square) -> Option<Piece> {
        let piece = self.take(sq)?;
        self.unmoved.clear(sq);
        self.decayed.clear(sq);
        self.promoted.clear(sq);
        self.castling.clear(sq);
        Some(piece)
    }

    /// Sets the kind the Imitators imitate ([`Self::imitated`]); a kind not in the table or an
    /// Imitator kind is `None`.
    pub fn set_imitated(&mut self, kind: Option<PieceKind>) {
        self.imitated = kind.filter(|&k| k.index() < self.table.len() && !self.table.is_imitator(k));
    }

    /// Sets the side to move.
    pub fn set_side_to_move(&mut self, color: Color) {
        self.side_to_move = color;
    }

    /// Sets the castling rights (partner squares; see [`Position`]).
    pub fn set_castling_rights(&mut self, rights: B) {
        self.castling = rights & B::full(self.geometry);
    }

    /// Sets the en passant state: target squares and the square of the capturable piece.
    pub fn set_en_passant(&mut self, targets: B, victim: Option<Square>) {
        self.ep_targets = targets & B::full(self.geometry);
        self.ep_victim = victim.filter(|&sq| self.geometry.contains(sq));
    }

    /// Sets which pieces have not moved (dropping the decayed marks of the others).
    pub fn set_unmoved(&mut self, unmoved: B) {
        self.unmoved = unmoved & B::full(self.geometry);
        self.decayed &= self.unmoved;
    }

    /// Sets which unmoved pieces have lost their MBN `ii` moves ([`Self::decayed`]); only
    /// unmoved pieces keep the mark.
    pub fn set_decayed(&mut self, decayed: B) {
        self.decayed = decayed & self.unmoved;
    }

    /// Sets which pieces carry a `~` promotion mark.
    pub fn set_promoted(&mut self, promoted: B) {
        self.promoted = promoted & B::full(self.geometry);
    }

    /// Sets the count of `kind` in `color`'s hand (and turns hands on).
    pub fn set_hand(&mut self, color: Color, kind: PieceKind, count: u8) -> Result<(), PositionError> {
        let slot = self.hands[color.index()].get_mut(kind.index()).ok_or(PositionError::UnknownKind(kind))?;
        *slot = count;
        self.uses_hands = true;
        Ok(())
    }

    /// Turns the hand section of FEN output on or off.
    pub fn set_uses_hands(&mut self, on: bool) {
        self.uses_hands = on;
    }

    /// Sets whether captured pieces go to the capturer's hand (turning hands on if so).
    pub fn set_captures_to_hand(&mut self, on: bool) {
        self.captures_to_hand = on;
        self.uses_hands |= on;
    }

    /// Sets the halfmove clock.
    pub fn set_halfmove_clock(&mut self, n: u32) {
        self.halfmove_clock = n;
    }

    /// Sets the fullmove number.
    pub fn set_fullmove_number(&mut self, n: u32) {
        self.fullmove_number = n;
    }

    /// Checks that mailbox and bitboards agree and flags lie on the board;
    /// says what is wrong otherwise. Meant for tests and debugging.
    pub fn check_consistency(&self) -> Result<(), String> {
        let name = |sq| self.geometry.square_name(sq);
        let full = B::full(self.geometry);
        if !(self.by_color[0] & self.by_color[1]).is_empty() {
            return Err("a square is occupied by both colors".into());
        }
        let mut kinds_union = B::EMPTY;
        for (i, bb) in self.by_kind.iter().enumerate() {
            if !(kinds_union & *bb).is_empty() {
                return Err(format!("kind {i} overlaps another kind"));
            }
            kinds_union |= *bb;
        }
        if kinds_union != self.occupied() {
            return Err("kind bitboards disagree with color bitboards".into());
        }
        for sq in self.geometry.squares() {
            let want = self.piece_at(sq);
            let color = Color::ALL.into_iter().find(|c| self.by_color(*c).test(sq));
            let kind = self.by_kind.iter().position(|bb| bb.test(sq));
            let got = match (color, kind) {
                (Some(c), Some(k)) => Some(Piece::new(PieceKind(k as u8), c)),
                _ => None,
            };
            if want != got {
                return Err(format!("mailbox says {want:?} but bitboards say {got:?} on {}", name(sq)));
            }
        }
        if !(self.occupied() & !full).is_empty() {
            return Err("pieces beyond the board".into());
        }
        for (what, bb) in [("unmoved", self.unmoved), ("promoted", self.promoted), ("castling", self.castling)] {
            if !(bb & !self.occupied()).is_empty() {
                return Err(format!("{what} flag on an empty square"));
            }
        }
        if !(self.decayed & !self.unmoved).is_empty() {
            return Err("decayed flag on a moved piece".into());
        }
        Ok(())
    }

    // ----- internal fast paths (no flag updates) -----

    /// Removes the piece on `sq` from mailbox and bitboards.
    #[inline]
    pub(crate) fn take(&mut self, sq: Square) -> Option<Piece> {
        let piece = self.board.get_mut(sq.index())?.take()?;
        let bb = B::from_square(sq);
        self.by_color[piece.color.index()] ^= bb;
        if let Some(k) = self.by_kind.get_mut(piece.kind.index()) {
            *k ^= bb;
        }
        Some(piece)
    }

    /// Puts `piece` on `sq` (normally empty) in mailbox and bitboards.
    #[inline]
    pub(crate) fn put(&mut self, sq: Square, piece: Piece) {
        let Some(slot) = self.board.get_mut(sq.index()) else {
            return;
        };
        let bb = B::from_square(sq);
        if let Some(old) = slot.replace(piece) {
            // Only reachable with inconsistent moves; keep the bitboards in sync anyway.
            self.by_color[old.color.index()] &= !bb;
            if let Some(k) = self.by_kind.get_mut(old.kind.index()) {
                *k &= !bb;
            }
        }
        self.by_color[piece.color.index()] |= bb;
        if let Some(k) = self.by_kind.get_mut(piece.kind.index()) {
            *k |= bb;
        }
    }

    /// Adds `delta` (wrapping) to `color`'s count of `kind`.
    #[inline]
    pub(crate) fn add_to_hand(&mut self, color: Color, kind: PieceKind, delta: u8) {
        if let Some(n) = self.hands[color.index()].get_mut(kind.index()) {
            *n = n.wrapping_add(delta);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn editing_keeps_bitboards_in_sync() {
        let table = Arc::new(PieceTable::chess());
        let big = Geometry::new(9, 8).unwrap();
        let err = Position::<u64>::new(table.clone(), big).unwrap_err();
        assert_eq!(err, PositionError::BoardTooLarge { squares: 72, bits: 64 });
        let mut pos = Position::<u128>::new(table, big).unwrap();
        let king = Piece::new(PieceKind(5), Color::White);
        let e1 = big.square(4, 0).unwrap();
        pos.put_piece(e1, king).unwrap();
        pos.put_piece(e1, Piece::new(PieceKind(3), Color::Black)).unwrap();
        pos.put_piece(Square(0), king).unwrap();
        pos.check_consistency().unwrap();
        assert_eq!(pos.royals(Color::White), u128::from_square(Square(0)));
        assert_eq!(pos.pieces(PieceKind(3), Color::Black), u128::from_square(e1));
        assert_eq!(pos.put_piece(Square(72), king), Err(PositionError::OffBoard(Square(72))));
        let bad = Piece::new(PieceKind(6), Color::White);
        assert_eq!(pos.put_piece(Square(1), bad), Err(PositionError::UnknownKind(PieceKind(6))));
        assert_eq!(pos.set_hand(Color::Black, PieceKind(9), 1), Err(PositionError::UnknownKind(PieceKind(9))));
        pos.set_hand(Color::Black, PieceKind(0), 2).unwrap();
        assert_eq!(pos.to_fen(), "9/9/9/9/9/9/9/K3r4[pp] w - - 0 1");
        assert_eq!(pos.remove_piece(e1), Some(Piece::new(PieceKind(3), Color::Black)));
        assert_eq!(pos.remove_piece(e1), None);
        assert_eq!(pos.piece_at(Square(500)), None);
        pos.check_consistency().unwrap();
    }
}
