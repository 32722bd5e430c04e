//! Board geometry: board sizes, squares, square names and the bit order.
//!
//! These facts live here and nowhere else, so code generators can reuse them:
//!
//! - Boards are rectangles from 1x1 up to [`MAX_FILES`] x [`MAX_RANKS`] (16x16).
//! - Files count from 0 (file `a`, White's left); ranks count from 0 (rank `1`, White's side).
//! - A square's index is `rank * files + file` ([`Geometry::square`]).
//! - Bit `i` of every bitboard is the square with index `i` (a1 is bit 0).
//! - A square's name is its file letter `a`..=`p` followed by its 1-based rank
//!   `1`..=`16` without leading zeros: `a1`, `h8`, `j10`, `p16`.

use core::fmt;

use crate::piece::Color;

/// Largest supported number of files.
pub const MAX_FILES: u8 = 16;
/// Largest supported number of ranks.
pub const MAX_RANKS: u8 = 16;
/// Largest supported number of squares (`MAX_FILES * MAX_RANKS`).
pub const MAX_SQUARES: usize = MAX_FILES as usize * MAX_RANKS as usize;

/// A square, stored as its index `rank * files + file` for some [`Geometry`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(pub u16);

impl Square {
    /// The square's index (also its bit number in a bitboard).
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// A rectangular board size, validated to lie between 1x1 and 16x16.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Geometry {
    files: u8,
    ranks: u8,
}

/// Why a board size was rejected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GeometryError {
    /// The number of files is 0 or above [`MAX_FILES`].
    Files(u8),
    /// The number of ranks is 0 or above [`MAX_RANKS`].
    Ranks(u8),
}

impl fmt::Display for GeometryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Files(n) => write!(f, "{n} files is outside the supported 1..={MAX_FILES}"),
            Self::Ranks(n) => write!(f, "{n} ranks is outside the supported 1..={MAX_RANKS}"),
        }
    }
}

impl std::error::Error for GeometryError {}

/// Why a square name was rejected; `column` is the byte offset in the parsed text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SquareError {
    /// Expected a file letter `a`..=`p`.
    ExpectedFile {
        /// Byte offset of the problem.
        column: usize,
    },
    /// Expected a rank number `1`..=`16` (no leading zero).
    ExpectedRank {
        /// Byte offset of the problem.
        column: usize,
    },
    /// The name is well formed but the square is not on this board.
    OffBoard {
        /// Byte offset of the square name.
        column: usize,
    },
    /// Text follows a complete square name.
    Trailing {
        /// Byte offset of the unexpected text.
        column: usize,
    },
}

impl SquareError {
    /// Byte offset of the problem in the parsed text.
    pub fn column(self) -> usize {
        match self {
            Self::ExpectedFile { column }
            | Self::ExpectedRank { column }
            | Self::OffBoard { column }
            | Self::Trailing { column } => column,
        }
    }

    /// The same error with its column moved right by `by` bytes.
    pub(crate) fn shifted(self, by: usize) -> Self {
        match self {
            Self::ExpectedFile { column } => Self::ExpectedFile { column: column + by },
            Self::ExpectedRank { column } => Self::ExpectedRank { column: column + by },
            Self::OffBoard { column } => Self::OffBoard { column: column + by },
            Self::Trailing { column } => Self::Trailing { column: column + by },
        }
    }
}

impl fmt::Display for SquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match self {
            Self::ExpectedFile { .. } => "expected a file letter a..p",
            Self::ExpectedRank { .. } => "expected a rank number 1..16",
            Self::OffBoard { .. } => "square is off the board",
            Self::Trailing { .. } => "unexpected text after square",
        };
        write!(f, "{what} at byte {}", self.column())
    }
}

impl std::error::Error for SquareError {}

impl Geometry {
    /// The standard 8x8 board.
    pub const CHESS: Geometry = Geometry { files: 8, ranks: 8 };

    /// A board with `files` x `ranks` squares; both must be in `1..=16`.
    pub const fn new(files: u8, ranks: u8) -> Result<Self, GeometryError> {
        if files == 0 || files > MAX_FILES {
            return Err(GeometryError::Files(files));
        }
        if ranks == 0 || ranks > MAX_RANKS {
            return Err(GeometryError::Ranks(ranks));
        }
        Ok(Geometry { files, ranks })
    }

    /// Number of files (columns).
    #[inline]
    pub const fn files(self) -> u8 {
        self.files
    }

    /// Number of ranks (rows).
    #[inline]
    pub const fn ranks(self) -> u8 {
        self.ranks
    }

    /// Number of squares, `files * ranks`.
    #[inline]
    pub const fn num_squares(self) -> usize {
        self.files as usize * self.ranks as usize
    }

    /// Whether `sq` is a square of this board.
    #[inline]
    pub const fn contains(self, sq: Square) -> bool {
        (sq.0 as usize) < self.num_squares()
    }

    /// The square at `file`, `rank` (both 0-based), or `None` off the board.
    #[inline]
    pub const fn square(self, file: u8, rank: u8) -> Option<Square> {
        if file < self.files && rank < self.ranks {
            Some(Square(rank as u16 * self.files as u16 + file as u16))
        } else {
            None
        }
    }

    /// The 0-based file of `sq`.
    #[inline]
    pub const fn file_of(self, sq: Square) -> u8 {
        (sq.0 % self.files as u16) as u8
    }

    /// The 0-based rank of `sq`.
    #[inline]
    pub const fn rank_of(self, sq: Square) -> u8 {
        (sq.0 / self.files as u16) as u8
    }

    /// The square `dx` files right and `dy` ranks up from `sq`, or `None` if
    /// that leaves the board (or `sq` is not on it).
    #[inline]
    pub const fn offset(self, sq: Square, dx: i8, dy: i8) -> Option<Square> {
        if !self.contains(sq) {
            return None;
        }
        let file = self.file_of(sq) as i16 + dx as i16;
        let rank = self.rank_of(sq) as i16 + dy as i16;
        if file < 0 || rank < 0 || file >= self.files as i16 || rank >= self.ranks as i16 {
            return None;
        }
        Some(Square(rank as u16 * self.files as u16 + file as u16))
    }

    /// The rank of `sq` counted from `color`'s side (0 = that side's back rank).
    #[inline]
    pub const fn relative_rank(self, sq: Square, color: Color) -> u8 {
        match color {
            Color::White => self.rank_of(sq),
            Color::Black => (self.ranks - 1).saturating_sub(self.rank_of(sq)),
        }
    }

    /// The back rank (0-based) of `color`: 0 for White, the last rank for Black.
    #[inline]
    pub const fn back_rank(self, color: Color) -> u8 {
        match color {
            Color::White => 0,
            Color::Black => self.ranks - 1,
        }
    }

    /// All squares of the board, lowest index first.
    pub fn squares(self) -> impl Iterator<Item = Square> {
        (0..self.num_squares() as u16).map(Square)
    }

    /// Writes the name of `sq` (such as `a10`); `?` if it is off the board.
    pub fn write_square(self, sq: Square, out: &mut impl fmt::Write) -> fmt::Result {
        if !self.contains(sq) {
            return out.write_char('?');
        }
        out.write_char((b'a' + self.file_of(sq)) as char)?;
        write!(out, "{}", self.rank_of(sq) as u32 + 1)
    }

    /// The name of `sq`, such as `e4` or `a10`; `?` if it is off the board.
    pub fn square_name(self, sq: Square) -> String {
        let mut s = String::with_capacity(3);
        // Writing to a String cannot fail.
        let _ = self.write_square(sq, &mut s);
        s
    }

    /// Parses a whole square name such as `e4` or `a10`.
    pub fn parse_square(self, text: &str) -> Result<Square, SquareError> {
        let (sq, len) = self.parse_square_prefix(text.as_bytes())?;
        if len != text.len() {
            return Err(SquareError::Trailing { column: len });
        }
        Ok(sq)
    }

    /// Parses a square name at the start of `bytes`; returns it and its length.
    ///
    /// The rank takes as many digits as are present (at most two), so `a10b1`
    /// reads `a10` first.
    pub fn parse_square_prefix(self, bytes: &[u8]) -> Result<(Square, usize), SquareError> {
        let file = match bytes.first() {
            Some(&c @ b'a'..=b'p') => c - b'a',
            _ => return Err(SquareError::ExpectedFile { column: 0 }),
        };
        let mut rank: u16 = 0;
        let mut len = 1;
        while let Some(&c @ b'0'..=b'9') = bytes.get(len) {
            if (len == 1 && c == b'0') || len == 3 {
                return Err(SquareError::ExpectedRank { column: len });
            }
            rank = rank * 10 + u16::from(c - b'0');
            len += 1;
        }
        if len == 1 {
            return Err(SquareError::ExpectedRank { column: 1 });
        }
        if rank > u16::from(MAX_RANKS) {
            return Err(SquareError::ExpectedRank { column: 1 });
        }
        match self.square(file, (rank - 1) as u8) {
            Some(sq) => Ok((sq, len)),
            None => Err(SquareError::OffBoard { column: 0 }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_are_validated() {
        assert!(Geometry::new(1, 1).is_ok());
        assert!(Geometry::new(16, 16).is_ok());
        assert_eq!(Geometry::new(0, 8), Err(GeometryError::Files(0)));
        assert_eq!(Geometry::new(17, 8), Err(GeometryError::Files(17)));
        assert_eq!(Geometry::new(8, 0), Err(GeometryError::Ranks(0)));
        assert_eq!(Geometry::new(8, 17), Err(GeometryError::Ranks(17)));
    }

    #[test]
    fn index_order_and_offsets() {
        let g = Geometry::new(10, 8).unwrap();
        let sq = g.square(3, 2).unwrap();
        assert_eq!(sq, Square(23));
        assert_eq!((g.file_of(sq), g.rank_of(sq)), (3, 2));
        assert_eq!(g.offset(sq, 1, 1), g.square(4, 3));
        assert_eq!(g.offset(sq, -3, -2), g.square(0, 0));
        assert_eq!(g.offset(sq, -4, 0), None);
        assert_eq!(g.offset(sq, 7, 0), None);
        assert_eq!(g.offset(sq, 0, 6), None);
        assert_eq!(g.offset(Square(80), 0, 0), None);
        assert_eq!(g.square(10, 0), None);
        assert_eq!(g.relative_rank(sq, Color::Black), 5);
        assert_eq!(g.squares().count(), 80);
    }

    #[test]
    fn square_names() {
        let g = Geometry::new(16, 16).unwrap();
        for sq in g.squares() {
            let name = g.square_name(sq);
            assert_eq!(g.parse_square(&name), Ok(sq), "{name}");
        }
        assert_eq!(g.square_name(Square(0)), "a1");
        assert_eq!(g.square_name(Square(255)), "p16");
        assert_eq!(g.square_name(g.square(0, 9).unwrap()), "a10");
        assert_eq!(g.square_name(Square(256)), "?");
        let c = Geometry::CHESS;
        assert_eq!(c.parse_square("e4"), Ok(Square(28)));
        assert_eq!(c.parse_square("i1"), Err(SquareError::OffBoard { column: 0 }));
        assert_eq!(c.parse_square("a9"), Err(SquareError::OffBoard { column: 0 }));
        assert_eq!(c.parse_square("a0"), Err(SquareError::ExpectedRank { column: 1 }));
        assert_eq!(c.parse_square("a"), Err(SquareError::ExpectedRank { column: 1 }));
        assert_eq!(c.parse_square("a17"), Err(SquareError::ExpectedRank { column: 1 }));
        assert_eq!(c.parse_square("a100"), Err(SquareError::ExpectedRank { column: 3 }));
        assert_eq!(c.parse_square("q1"), Err(SquareError::ExpectedFile { column: 0 }));
        assert_eq!(c.parse_square("e4x"), Err(SquareError::Trailing { column: 2 }));
        assert_eq!(c.parse_square(""), Err(SquareError::ExpectedFile { column: 0 }));
        assert_eq!(g.parse_square_prefix(b"a10b10"), Ok((g.square(0, 9).unwrap(), 3)));
    }
}
