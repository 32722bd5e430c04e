//! FEN reading and writing for every supported board size.
//!
//! Format: `board[hand] side castling ep halfmove fullmove`, where
//!
//! - the board lists ranks from the last down to rank 1, separated by `/`;
//!   empty runs are decimal counts (`10` is one run of ten); a piece is a
//!   letter (upper case = White) with an optional `+` prefix (`+P`) and an
//!   optional `~` suffix marking a promoted piece (`Q~`);
//! - the optional Fairy-Stockfish holdings `[...]` follow the board directly:
//!   piece symbols, each optionally preceded by a count (`[PPp]`, `[2Pp]`, `[-]`, `[]`);
//! - castling is `-` or letters: `KQkq` (outermost partner on each side of the
//!   king) or Shredder/X-FEN file letters (`HAha`); on boards with 11 or more
//!   files `K`/`k` always mean king side;
//! - en passant is `-` or one or more squares (`e3`, or `e3e4` after a triple step);
//!   the capturable piece is taken to stand one rank beyond them in the
//!   direction of the side that just moved;
//! - missing trailing fields default to `w - - 0 1`.
//!
//! FEN does not record which pieces are unmoved; see [`FenOptions::home_ranks`]. Nor does it
//! record which royal pieces have been in check (MBN `ii`, docs/SEMANTICS.md M52): a position read
//! from FEN has no [`Position::decayed`] piece, and writing one drops the marks.

use core::fmt;
use std::sync::Arc;

use crate::bitboard::Bitboard;
use crate::geometry::{Geometry, Square, SquareError};
use crate::piece::{Color, Piece, PieceTable};
use crate::position::Position;

/// Settings for reading a FEN that the FEN text itself does not carry.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FenOptions {
    /// Whether captured pieces go to the capturer's hand.
    pub captures_to_hand: bool,
    /// Pieces standing on one of the first `home_ranks` ranks of their own side
    /// count as unmoved, except, in a variant that castles (one with castling
    /// partners), royal pieces and castling partners on the back rank, which
    /// count as unmoved only if castling rights say so.
    /// `None` means 2, or 3 on boards with 10 or more ranks.
    pub home_ranks: Option<u8>,
}

/// A FEN parse error: what went wrong and at which byte of the input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FenError {
    /// Byte offset into the FEN text.
    pub column: usize,
    /// What went wrong.
    pub kind: FenErrorKind,
}

/// What went wrong while parsing a FEN.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenErrorKind {
    /// The bitboard type is too narrow for the board.
    BoardTooLarge,
    /// The FEN has no board field.
    MissingBoard,
    /// A character that cannot appear here.
    UnexpectedChar(char),
    /// A piece symbol not in the piece table.
    UnknownPiece(String),
    /// An empty-square count of zero or with a leading zero.
    BadEmptyCount,
    /// A rank describes more or fewer squares than the board has files.
    RankWidth {
        /// Rank number (1-based, as in square names).
        rank: u8,
        /// Files the board has.
        expected: u8,
    },
    /// The board has more or fewer ranks than the geometry.
    RankCount {
        /// Ranks the board has.
        expected: u8,
    },
    /// A `[` holdings section without its closing `]`.
    UnclosedHand,
    /// A hand count above 255.
    HandCount,
    /// The side to move is not `w` or `b`.
    BadSide,
    /// `K`/`Q` castling given but the side has no royal piece on its back rank.
    NoCastlingKing(char),
    /// No piece of that side to castle with at the given place.
    NoCastlingPartner(char),
    /// A bad en passant square.
    BadSquare(SquareError),
    /// The en passant squares leave no square for the capturable piece.
    BadEnPassant,
    /// A clock is not a decimal number that fits 32 bits.
    BadNumber,
    /// More than six fields.
    TrailingField,
}

impl fmt::Display for FenErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::BoardTooLarge => write!(f, "board too large for the bitboard type"),
            Self::MissingBoard => write!(f, "missing board"),
            Self::UnexpectedChar(c) => write!(f, "unexpected character {c:?}"),
            Self::UnknownPiece(s) => write!(f, "unknown piece {s:?}"),
            Self::BadEmptyCount => write!(f, "empty-square count must be a positive number without leading zero"),
            Self::RankWidth { rank, expected } => {
                write!(f, "rank {rank} does not describe exactly {expected} squares")
            }
            Self::RankCount { expected } => {
                write!(f, "board does not have exactly {expected} ranks")
            }
            Self::UnclosedHand => write!(f, "holdings '[' without ']' at end of board field"),
            Self::HandCount => write!(f, "more than 255 pieces of a kind in hand"),
            Self::BadSide => write!(f, "side to move must be 'w' or 'b'"),
            Self::NoCastlingKing(c) => {
                write!(f, "castling {c:?} but no royal piece on the back rank")
            }
            Self::NoCastlingPartner(c) => write!(f, "castling {c:?} but no piece to castle with"),
            Self::BadSquare(e) => write!(f, "bad en passant square: {e}"),
            Self::BadEnPassant => write!(f, "en passant squares leave no square for the capturable piece"),
            Self::BadNumber => write!(f, "expected a decimal number below 2^32"),
            Self::TrailingField => write!(f, "unexpected extra field"),
        }
    }
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid FEN at byte {}: {}", self.column, self.kind)
    }
}

impl std::error::Error for FenError {}

fn err<T>(column: usize, kind: FenErrorKind) -> Result<T, FenError> {
    Err(FenError { column, kind })
}

/// The character starting at byte `i` of `s` (for error messages).
fn char_at(s: &str, i: usize) -> char {
    s.get(i..).and_then(|t| t.chars().next()).unwrap_or('?')
}

/// Parses a decimal number starting at byte `i`; returns it and the index after it.
fn number_at(bytes: &[u8], mut i: usize) -> Option<(u32, usize)> {
    let start = i;
    let mut n: u32 = 0;
    while let Some(&c @ b'0'..=b'9') = bytes.get(i) {
        n = n.checked_mul(10)?.checked_add(u32::from(c - b'0'))?;
        i += 1;
    }
    (i > start).then_some((n, i))
}

/// Which side of the king a castling partner stands on.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Wing {
    King,
    Queen,
}

impl<B: Bitboard> Position<B> {
    /// Reads a FEN with default [`FenOptions`].
    pub fn from_fen(table: &PieceTable, geometry: Geometry, fen: &str) -> Result<Self, FenError> {
        Self::from_fen_with(Arc::new(table.clone()), geometry, fen, &FenOptions::default())
    }

    /// Reads a FEN, sharing `table`.
    pub fn from_fen_with(
        table: Arc<PieceTable>,
        geometry: Geometry,
        fen: &str,
        options: &FenOptions,
    ) -> Result<Self, FenError> {
        let mut pos = Position::new(table, geometry).or_else(|_| err(0, FenErrorKind::BoardTooLarge))?;
        pos.captures_to_hand = options.captures_to_hand;
        pos.uses_hands = options.captures_to_hand;

        let base = fen.as_ptr() as usize;
        let mut fields = fen.split_ascii_whitespace().map(|f| (f.as_ptr() as usize - base, f));
        let Some((col, board)) = fields.next() else {
            return err(fen.len(), FenErrorKind::MissingBoard);
        };
        pos.parse_board(board, col)?;

        if let Some((col, side)) = fields.next() {
            pos.side_to_move = match side {
                "w" => Color::White,
                "b" => Color::Black,
                _ => return err(col, FenErrorKind::BadSide),
            };
        }
        if let Some((col, castling)) = fields.next() {
            pos.parse_castling(castling, col)?;
        }
        if let Some((col, ep)) = fields.next() {
            pos.parse_en_passant(ep, col)?;
        }
        for target in [&mut pos.halfmove_clock, &mut pos.fullmove_number] {
            if let Some((col, text)) = fields.next() {
                match number_at(text.as_bytes(), 0) {
                    Some((n, len)) if len == text.len() => *target = n,
                    _ => return err(col, FenErrorKind::BadNumber),
                }
            }
        }
        if let Some((col, _)) = fields.next() {
            return err(col, FenErrorKind::TrailingField);
        }
        pos.init_unmoved(options.home_ranks);
        Ok(pos)
    }

    fn parse_board(&mut self, field: &str, col: usize) -> Result<(), FenError> {
        let geo = self.geometry;
        let bytes = field.as_bytes();
        let (files, ranks) = (geo.files(), geo.ranks());
        let mut rank = ranks - 1;
        let mut file: u16 = 0;
        let mut i = 0;
        let width_error =
            |rank: u8, at: usize| err(col + at, FenErrorKind::RankWidth { rank: rank + 1, expected: files });
        while i < bytes.len() {
            match bytes[i] {
                b'/' => {
                    if file != u16::from(files) {
                        return width_error(rank, i);
                    }
                    if rank == 0 {
                        return err(col + i, FenErrorKind::RankCount { expected: ranks });
                    }
                    rank -= 1;
                    file = 0;
                    i += 1;
                }
                b'[' => {
                    let close = match bytes.iter().position(|&c| c == b']') {
                        Some(close) if close == bytes.len() - 1 && close > i => close,
                        Some(close) if close > i => {
                            return err(col + close + 1, FenErrorKind::UnexpectedChar(char_at(field, close + 1)))
                        }
                        _ => return err(col + i, FenErrorKind::UnclosedHand),
                    };
                    self.parse_hand(&field[i + 1..close], col + i + 1)?;
                    break;
                }
                b'0'..=b'9' => {
                    let Some((n, next)) = number_at(bytes, i) else {
                        return err(col + i, FenErrorKind::BadEmptyCount);
                    };
                    if n == 0 || bytes[i] == b'0' {
                        return err(col + i, FenErrorKind::BadEmptyCount);
                    }
                    if u32::from(file) + n > u32::from(files) {
                        return width_error(rank, i);
                    }
                    file += n as u16;
                    i = next;
                }
                _ => {
                    let (piece, next) = self.piece_at_text(field, i, col)?;
                    let Some(sq) = geo.square(file as u8, rank).filter(|_| file < u16::from(files)) else {
                        return width_error(rank, i);
                    };
                    self.put(sq, piece);
                    file += 1;
                    i = next;
                    if bytes.get(i) == Some(&b'~') {
                        self.promoted.set(sq);
                        i += 1;
                    }
                }
            }
        }
        if file != u16::from(files) {
            return width_error(rank, bytes.len());
        }
        if rank != 0 {
            return err(col + bytes.len(), FenErrorKind::RankCount { expected: ranks });
        }
        Ok(())
    }

    /// Reads a piece symbol (`P`, `p`, `+P`) at byte `i` of `field`.
    fn piece_at_text(&self, field: &str, i: usize, col: usize) -> Result<(Piece, usize), FenError> {
        let bytes = field.as_bytes();
        let plus = bytes[i] == b'+';
        let at = i + usize::from(plus);
        match bytes.get(at) {
            Some(&c) if c.is_ascii_alphabetic() => match self.table.piece_of_symbol(plus, c as char) {
                Some(piece) => Ok((piece, at + 1)),
                None => err(col + i, FenErrorKind::UnknownPiece(field[i..=at].to_string())),
            },
            _ => err(col + at, FenErrorKind::UnexpectedChar(char_at(field, at))),
        }
    }

    fn parse_hand(&mut self, hand: &str, col: usize) -> Result<(), FenError> {
        self.uses_hands = true;
        if hand == "-" {
            return Ok(());
        }
        let bytes = hand.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            let start = i;
            let mut count = 1;
            if bytes[i].is_ascii_digit() {
                match number_at(bytes, i) {
                    Some((n, next)) if n <= 255 => (count, i) = (n as u8, next),
                    _ => return err(col + i, FenErrorKind::HandCount),
                }
            }
            if i >= bytes.len() {
                return err(col + i, FenErrorKind::UnclosedHand);
            }
            let (piece, next) = self.piece_at_text(hand, i, col)?;
            let slot = &mut self.hands[piece.color.index()][piece.kind.index()];
            *slot = slot.checked_add(count).ok_or(FenError { column: col + start, kind: FenErrorKind::HandCount })?;
            i = next;
        }
        Ok(())
    }

    /// The file of `color`'s castling king: the lowest royal piece on its back rank.
    fn castling_king(&self, color: Color) -> Option<Square> {
        let back = B::rank_mask(self.geometry, self.geometry.back_rank(color));
        (self.royals(color) & back).lowest()
    }

    /// Whether the piece on `sq` can be a castling partner for `color`.
    fn is_partner_at(&self, sq: Square, color: Color) -> bool {
        let any_partner_kinds = self.table.iter().any(|(_, i)| i.castling_partner);
        self.piece_at(sq).is_some_and(|p| {
            p.color == color
                && if any_partner_kinds { self.table.is_castling_partner(p.kind) } else { !self.table.is_royal(p.kind) }
        })
    }

    /// The outermost castling partner of `color` on `wing` of `king`.
    fn outermost_partner(&self, color: Color, king: Square, wing: Wing) -> Option<Square> {
        let geo = self.geometry;
        let (kf, rank) = (geo.file_of(king), geo.rank_of(king));
        let files: Vec<u8> = match wing {
            Wing::King => (kf + 1..geo.files()).rev().collect(),
            Wing::Queen => (0..kf).collect(),
        };
        files.into_iter().filter_map(|f| geo.square(f, rank)).find(|&sq| self.is_partner_at(sq, color))
    }

    fn parse_castling(&mut self, field: &str, col: usize) -> Result<(), FenError> {
        if field == "-" {
            return Ok(());
        }
        for (i, c) in field.char_indices() {
            let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
            let sq = match c.to_ascii_uppercase() {
                'K' | 'Q' => {
                    let wing = if c.eq_ignore_ascii_case(&'K') { Wing::King } else { Wing::Queen };
                    let Some(king) = self.castling_king(color) else {
                        return err(col + i, FenErrorKind::NoCastlingKing(c));
                    };
                    self.outermost_partner(color, king, wing)
                }
                'A'..='P' => {
                    let file = c.to_ascii_uppercase() as u8 - b'A';
                    self.geometry
                        .square(file, self.geometry.back_rank(color))
                        .filter(|&sq| self.is_partner_at(sq, color))
                }
                _ => return err(col + i, FenErrorKind::UnexpectedChar(c)),
            };
            match sq {
                Some(sq) => self.castling.set(sq),
                None => return err(col + i, FenErrorKind::NoCastlingPartner(c)),
            }
        }
        Ok(())
    }

    fn parse_en_passant(&mut self, field: &str, col: usize) -> Result<(), FenError> {
        if field == "-" {
            return Ok(());
        }
        let bytes = field.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            match self.geometry.parse_square_prefix(&bytes[i..]) {
                Ok((sq, len)) => {
                    self.ep_targets.set(sq);
                    i += len;
                }
                Err(e) => return err(col + i + e.column(), FenErrorKind::BadSquare(e.shifted(i))),
            }
        }
        // The capturable piece stands just beyond the targets, seen from the side that moved.
        let mover = !self.side_to_move;
        let geo = self.geometry;
        let front = self.ep_targets.squares().max_by_key(|&sq| geo.relative_rank(sq, mover));
        let back = self.ep_targets.squares().min_by_key(|&sq| geo.relative_rank(sq, mover));
        let origin = back.and_then(|sq| geo.offset(sq, 0, -mover.forward()));
        self.ep_victim = front.and_then(|sq| geo.offset(sq, 0, mover.forward()));
        if self.ep_victim.is_none() || origin.is_none() {
            return err(col, FenErrorKind::BadEnPassant);
        }
        Ok(())
    }

    fn init_unmoved(&mut self, home_ranks: Option<u8>) {
        let geo = self.geometry;
        let home = home_ranks.unwrap_or(if geo.ranks() >= 10 { 3 } else { 2 });
        // Without castlings, no rights speak for the royal pieces: home ranks do.
        let castles = self.table.iter().any(|(_, info)| info.castling_partner);
        for sq in self.occupied().squares() {
            let Some(p) = self.piece_at(sq) else { continue };
            let rr = geo.relative_rank(sq, p.color);
            let unmoved = if rr == 0 && castles && self.table.is_royal(p.kind) {
                !(self.castling & self.by_color(p.color)).is_empty()
            } else if rr == 0 && self.table.is_castling_partner(p.kind) {
                self.castling.test(sq)
            } else {
                rr < home
            };
            if unmoved {
                self.unmoved.set(sq);
            }
        }
    }

    /// Writes the position as FEN; see the [module docs](crate::fen) for the format.
    pub fn to_fen(&self) -> String {
        let mut s = String::with_capacity(96);
        // Writing to a String cannot fail.
        let _ = self.write_fen(&mut s);
        s
    }

    /// Writes the position as FEN to `out`.
    pub fn write_fen(&self, out: &mut impl fmt::Write) -> fmt::Result {
        let geo = self.geometry;
        for rank in (0..geo.ranks()).rev() {
            let mut empty = 0;
            for file in 0..geo.files() {
                let Some(sq) = geo.square(file, rank) else {
                    continue;
                };
                match self.piece_at(sq) {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            write!(out, "{empty}")?;
                            empty = 0;
                        }
                        self.table.write_symbol(p, out)?;
                        if self.promoted.test(sq) {
                            out.write_char('~')?;
                        }
                    }
                }
            }
            if empty > 0 {
                write!(out, "{empty}")?;
            }
            if rank > 0 {
                out.write_char('/')?;
            }
        }
        if self.uses_hands {
            out.write_char('[')?;
            for color in Color::ALL {
                for (kind, _) in self.table.iter() {
                    for _ in 0..self.hand(color, kind) {
                        self.table.write_symbol(Piece::new(kind, color), out)?;
                    }
                }
            }
            out.write_char(']')?;
        }
        out.write_str(match self.side_to_move {
            Color::White => " w ",
            Color::Black => " b ",
        })?;
        self.write_castling(out)?;
        out.write_char(' ')?;
        if self.ep_targets.is_empty() {
            out.write_char('-')?;
        }
        for sq in self.ep_targets.squares() {
            geo.write_square(sq, out)?;
        }
        write!(out, " {} {}", self.halfmove_clock, self.fullmove_number)
    }

    fn write_castling(&self, out: &mut impl fmt::Write) -> fmt::Result {
        let geo = self.geometry;
        if self.castling.is_empty() {
            return out.write_char('-');
        }
        for color in Color::ALL {
            let back = geo.back_rank(color);
            let mut rights: Vec<Square> = self
                .castling
                .squares()
                .filter(|&sq| match self.piece_at(sq) {
                    Some(p) => p.color == color,
                    None => geo.rank_of(sq) == back,
                })
                .collect();
            rights.sort_by_key(|&sq| core::cmp::Reverse(geo.file_of(sq)));
            let king = self.castling_king(color);
            for sq in rights {
                let file = geo.file_of(sq);
                let letter = match king {
                    Some(k) if geo.rank_of(sq) == back => {
                        let wing = if file > geo.file_of(k) { Wing::King } else { Wing::Queen };
                        if file != geo.file_of(k) && self.outermost_partner(color, k, wing) == Some(sq) {
                            if wing == Wing::King {
                                'K'
                            } else {
                                'Q'
                            }
                        } else {
                            (b'A' + file) as char
                        }
                    }
                    _ => (b'A' + file) as char,
                };
                out.write_char(match color {
                    Color::White => letter,
                    Color::Black => letter.to_ascii_lowercase(),
                })?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bitboard::Bb256;
    use crate::piece::{PieceInfo, PieceKind};

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    fn table_with(extra: &[(&str, char)]) -> PieceTable {
        let mut t = PieceTable::chess();
        for &(name, letter) in extra {
            t.add(PieceInfo::new(name, letter)).unwrap();
        }
        t
    }

    fn shogi_table() -> PieceTable {
        let mut t = PieceTable::new();
        let mut base = Vec::new();
        for (name, letter) in
            [("pawn", 'P'), ("lance", 'L'), ("knight", 'N'), ("silver", 'S'), ("bishop", 'B'), ("rook", 'R')]
        {
            base.push(t.add(PieceInfo::new(name, letter)).unwrap());
        }
        t.add(PieceInfo::new("gold", 'G')).unwrap();
        t.add(PieceInfo { royal: true, ..PieceInfo::new("king", 'K') }).unwrap();
        for k in base {
            let letter = t.get(k).unwrap().letter;
            t.add(PieceInfo { plus: true, promoted_from: Some(k), ..PieceInfo::new("promoted", letter) }).unwrap();
        }
        t
    }

    fn round_trip<B: Bitboard>(table: &PieceTable, files: u8, ranks: u8, fen: &str) -> Position<B> {
        let geo = Geometry::new(files, ranks).unwrap();
        let pos = Position::<B>::from_fen(table, geo, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        pos.check_consistency().unwrap();
        assert_eq!(pos.to_fen(), fen);
        pos
    }

    #[test]
    fn chess_start() {
        let pos = round_trip::<u64>(&PieceTable::chess(), 8, 8, START);
        let g = pos.geometry();
        let rights: Vec<String> = pos.castling_rights().squares().map(|s| g.square_name(s)).collect();
        assert_eq!(rights, ["a1", "h1", "a8", "h8"]);
        assert_eq!(pos.unmoved().count(), 32);
        assert_eq!(pos.occupied().count(), 32);
        assert_eq!(pos.royals(Color::Black), u64::from_square(g.parse_square("e8").unwrap()));
    }

    #[test]
    fn royal_pieces_without_castlings_are_unmoved_on_their_home_ranks() {
        // Chess without castling partners: no rights to read, so the Kings on their first rank
        // are unmoved as every other piece there (docs/SEMANTICS.md V11).
        let mut t = PieceTable::new();
        for (name, letter) in [("pawn", 'P'), ("rook", 'R')] {
            t.add(PieceInfo::new(name, letter)).unwrap();
        }
        t.add(PieceInfo { royal: true, ..PieceInfo::new("king", 'K') }).unwrap();
        let pos = round_trip::<u64>(&t, 8, 8, "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w - - 0 1");
        assert_eq!(pos.unmoved().count(), 22);
        // A King off its home ranks has moved.
        let pos = round_trip::<u64>(&t, 8, 8, "r6r/pppppppp/4k3/8/8/8/PPPPPPPP/R3K2R w - - 0 1");
        assert_eq!(pos.unmoved().count(), 21);
        // With castling partners, the rights speak for the King and the Rooks: none here.
        let pos = round_trip::<u64>(&PieceTable::chess(), 8, 8, "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w - - 0 1");
        assert_eq!(pos.unmoved().count(), 16);
    }

    #[test]
    fn chess_variants_and_ep() {
        let t = PieceTable::chess();
        let pos = round_trip::<u64>(&t, 8, 8, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
        assert_eq!(pos.ep_victim(), Some(Geometry::CHESS.parse_square("e4").unwrap()));
        // e-pawn is not unmoved any more; the default home ranks are 2.
        assert_eq!(pos.unmoved().count(), 31);
        // Chess960 with inner rooks: file letters, and K/Q where they are outermost.
        let fen = "1r2k1r1/8/8/8/8/8/8/RR2K2R w KBkq - 5 40";
        let pos = round_trip::<u64>(&t, 8, 8, fen);
        assert_eq!(pos.castling_rights().count(), 4);
        let p = Position::<u64>::from_fen(&t, Geometry::CHESS, "r3k2r/8/8/8/8/8/8/R3K2R w HAha -").unwrap();
        assert_eq!(p.to_fen(), "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        let p = Position::<u64>::from_fen(&t, Geometry::CHESS, "8/8/8/8/8/8/8/8").unwrap();
        assert_eq!(p.to_fen(), "8/8/8/8/8/8/8/8 w - - 0 1");
    }

    #[test]
    fn larger_boards() {
        let capa = table_with(&[("archbishop", 'A'), ("chancellor", 'C')]);
        round_trip::<u128>(&capa, 10, 8, "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1");
        let xq = {
            let mut t = PieceTable::new();
            for (n, c) in [
                ("chariot", 'R'),
                ("horse", 'N'),
                ("elephant", 'B'),
                ("advisor", 'A'),
                ("cannon", 'C'),
                ("soldier", 'P'),
            ] {
                t.add(PieceInfo::new(n, c)).unwrap();
            }
            t.add(PieceInfo { royal: true, ..PieceInfo::new("general", 'K') }).unwrap();
            t
        };
        round_trip::<u128>(&xq, 9, 10, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1");
        let grand = round_trip::<u128>(
            &capa,
            10,
            10,
            "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1",
        );
        // Grand chess pawns on rank 3 are unmoved with the default 3 home ranks.
        assert_eq!(grand.unmoved().count(), 36);
        round_trip::<u128>(
            &capa,
            10,
            10,
            "r8r/1nbqkcabn1/p1pppppppp/10/1p8/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - b7b8 0 2",
        );
        round_trip::<u64>(&PieceTable::chess(), 5, 5, "rnbqk/ppppp/5/PPPPP/RNBQK w - - 0 1");
        round_trip::<Bb256>(
            &PieceTable::chess(),
            16,
            16,
            "r14k/16/16/16/16/16/16/16/16/16/16/16/16/16/PPPPPPPPPPPPPPPP/R6K7R w KQ - 0 1",
        );
        round_trip::<Bb256>(
            &PieceTable::chess(),
            16,
            16,
            "16/16/16/16/16/16/16/16/16/16/16/16/16/16/16/15K b - a15 3 9",
        );
        round_trip::<u64>(&PieceTable::chess(), 1, 1, "K w - - 0 1");
    }

    #[test]
    fn hands_and_promotions() {
        let t = shogi_table();
        let fen = "lnsgk2nl/1r4gs1/p1pppp1pp/1p4p2/7P1/2P6/PP1PPPP1P/1SG4R1/LN1GKGSNL[Bb] b - - 0 1";
        let pos = round_trip::<u128>(&t, 9, 9, fen);
        assert!(pos.uses_hands());
        assert_eq!(pos.hand(Color::White, t.kind_of_symbol(false, 'B').unwrap()), 1);
        let fen = "4k4/9/4+P4/9/9/9/9/9/4K4[PPPpp] w - - 0 1";
        round_trip::<u128>(&t, 9, 9, fen);
        let p = Position::<u128>::from_fen(&t, Geometry::new(9, 9).unwrap(), "4k4/9/9/9/9/9/9/9/4K4[2Pp] w").unwrap();
        assert_eq!(p.to_fen(), "4k4/9/9/9/9/9/9/9/4K4[PPp] w - - 0 1");
        let c = PieceTable::chess();
        let zh = "r1bqk2r/pppp1ppp/8/8/8/8/PPPPPPPP/RNBQKBNR~[Pp] w KQkq - 0 1";
        let pos = round_trip::<u64>(&c, 8, 8, zh);
        assert_eq!(pos.promoted().count(), 1);
        round_trip::<u64>(&c, 8, 8, "8/8/8/8/8/8/8/4K2k[] w - - 0 1");
        let p = Position::<u64>::from_fen(&c, Geometry::CHESS, "8/8/8/8/8/8/8/4K2k[-] w").unwrap();
        assert_eq!(p.hand(Color::White, PieceKind(0)), 0);
    }

    fn fen_err(fen: &str) -> FenError {
        Position::<u64>::from_fen(&PieceTable::chess(), Geometry::CHESS, fen).unwrap_err()
    }

    #[test]
    fn errors_say_where() {
        use FenErrorKind::*;
        assert_eq!(fen_err("").kind, MissingBoard);
        assert_eq!(fen_err("   ").column, 3);
        assert_eq!(
            fen_err("rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"),
            FenError { column: 16, kind: RankWidth { rank: 7, expected: 8 } }
        );
        assert_eq!(
            fen_err("rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"),
            FenError { column: 17, kind: RankWidth { rank: 7, expected: 8 } }
        );
        assert_eq!(fen_err("8/8/8/8/8/8/8").kind, RankCount { expected: 8 });
        assert_eq!(fen_err("8/8/8/8/8/8/8/8/8").column, 15);
        assert_eq!(fen_err("8/8/8/8/8/8/8/7x"), FenError { column: 15, kind: UnknownPiece("x".into()) });
        assert_eq!(fen_err("8/8/8/8/8/8/8/7+"), FenError { column: 16, kind: UnexpectedChar('?') });
        assert_eq!(fen_err("8/8/8/8/8/8/8/08").kind, BadEmptyCount);
        assert_eq!(fen_err("8/8/8/8/8/8/8/9").kind, RankWidth { rank: 1, expected: 8 });
        assert_eq!(fen_err("8/8/8/8/8/8/8/99999999999").kind, BadEmptyCount);
        assert_eq!(fen_err("8/8/8/8/8/8/8/8[P").kind, UnclosedHand);
        assert_eq!(fen_err("8/8/8/8/8/8/8/8[P]x").column, 18);
        assert_eq!(fen_err("8/8/8/8/8/8/8/8[300P]").kind, HandCount);
        assert_eq!(fen_err("8/8/8/8/8/8/8/8 x").column, 16);
        assert_eq!(fen_err("8/8/8/8/8/8/8/8 w K").kind, NoCastlingKing('K'));
        assert_eq!(fen_err("8/8/8/8/8/8/8/4K3 w K").kind, NoCastlingPartner('K'));
        assert_eq!(fen_err("8/8/8/8/8/8/8/4K3 w -Z").kind, UnexpectedChar('-'));
        assert_eq!(fen_err("8/8/8/8/8/8/8/8 w - e9").kind, BadSquare(SquareError::OffBoard { column: 0 }));
        assert_eq!(fen_err("8/8/8/8/8/8/8/8 w - e8").kind, BadEnPassant);
        assert_eq!(fen_err("8/8/8/8/8/8/8/8 w - - x").column, 22);
        assert_eq!(fen_err("8/8/8/8/8/8/8/8 w - - 0 99999999999").kind, BadNumber);
        assert_eq!(fen_err("8/8/8/8/8/8/8/8 w - - 0 1 x").kind, TrailingField);
        assert_eq!(fen_err("8/8/8/8/8/8/8/é").kind, UnexpectedChar('é'));
        let big = Position::<u64>::from_fen(&PieceTable::chess(), Geometry::new(9, 9).unwrap(), "9/9/9/9/9/9/9/9/9");
        assert_eq!(big.unwrap_err().kind, BoardTooLarge);
        assert!(fen_err("8/8/8/8/8/8/8/8 w - e9").to_string().contains("at byte 20"));
    }
}
