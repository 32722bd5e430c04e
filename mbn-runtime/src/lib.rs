//! Runtime support for move generators produced by mbn: geometry, bitboards,
//! positions, FEN, moves, make/unmake and perft.
//!
//! This crate knows no notation and no piece movement. A variant supplies a
//! [`PieceTable`] (kinds, FEN letters, royalty, castling partners, demotion)
//! and a [`MoveGenerator`] (generated code or an interpreter); this crate does
//! the board bookkeeping around them.
//!
//! - [`geometry`]: boards from 1x1 to 16x16, [`Square`] indices
//!   (`rank * files + file`, which is also the bit order of every bitboard),
//!   square names `a1`..`p16`.
//! - [`magic`]: orthogonal and diagonal slider attacks by table lookup on
//!   boards of up to 64 squares.
//! - [`bitboard`]: the [`Bitboard`] trait for `u64`, `u128` and [`Bb256`];
//!   everything is generic over it so small boards use small bitboards.
//! - [`piece`]: [`Color`], [`PieceKind`], [`Piece`], [`PieceTable`].
//! - [`position`]: [`Position`], mailbox and bitboards kept in sync plus
//!   castling rights (as partner squares), en passant, unmoved pieces,
//!   promotion marks, hands and clocks.
//! - [`fen`]: FEN with multi-digit counts, `[hand]`, `~` and `+X`.
//! - [`moves`]: compact [`Move`], [`MoveList`] (extra locust captures stored
//!   out of line), UCI move text.
//! - [`make`]: [`Position::make_with`] / [`Position::unmake`], exact restoration.
//! - [`drops`]: drop generation and the board rules restricting drops.
//! - [`rules`] and [`perft`](mod@perft): the [`MoveGenerator`] trait, move lookup from
//!   text, perft with and without bulk counting, divide.
//!
//! ```
//! use mbn_runtime::{Geometry, PieceTable, Position};
//! let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
//! let pos = Position::<u64>::from_fen(&PieceTable::chess(), Geometry::CHESS, fen).unwrap();
//! assert_eq!(pos.to_fen(), fen);
//! ```

pub mod bitboard;
pub mod dominators;
pub mod drops;
pub mod fen;
pub mod geometry;
pub mod magic;
pub mod make;
pub mod moves;
pub mod perft;
pub mod piece;
pub mod position;
pub mod rules;

#[cfg(test)]
mod tests;

pub use bitboard::{Bb256, Bitboard};
pub use dominators::Dominators;
pub use fen::{FenError, FenErrorKind, FenOptions};
pub use geometry::{Geometry, GeometryError, Square, SquareError};
pub use magic::{SliderCache, Sliders};
pub use make::Undo;
pub use moves::{Move, MoveFlags, MoveList, MoveParseError, MoveParseErrorKind, UciMove, UciPromotion};
pub use perft::{divide, perft, perft_no_bulk};
pub use piece::{Color, Piece, PieceInfo, PieceKind, PieceTable};
pub use position::{Position, PositionError};
pub use rules::{parse_move, MoveGenerator};

/// What generated code uses, and nothing else: generated code names these by absolute path
/// (`::mbn_runtime::__private::...`), so the runtime may reorganise its public modules freely.
#[doc(hidden)]
pub mod __private {
    pub use crate::bitboard::{Bb256, Bitboard};
    pub use crate::dominators::Dominators;
    pub use crate::drops::{drop_is_legal, push_drops, DropLimits};
    pub use crate::fen::FenOptions;
    pub use crate::geometry::{Geometry, Square};
    pub use crate::magic::{SliderCache, Sliders};
    pub use crate::moves::{Move, MoveFlags, MoveList};
    pub use crate::piece::{Color, Piece, PieceInfo, PieceKind, PieceTable};
    pub use crate::position::Position;
    pub use crate::rules::{
        game_over, keeps_check_rule, leaves_royals_safe, passes_end_game, retain_bikjang, royals_face, MoveGenerator,
    };
}
