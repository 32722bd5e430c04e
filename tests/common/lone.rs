//! Lone pieces: a piece compiled by `mbn!` into a generator of its own (`moves`, `attacks`)
//! against the interpreter of the same notation. The interpreter's board is 8x8 with White's
//! piece `A` (kind 0), inert blockers `Z` (kind 1, `mfW`) and a royal `K` (kind 2) that makes
//! attacks count.

use super::Xorshift;
use mbn::codegen::interp::Interpreter;
use mbn::codegen::variant::{Variant, VariantSpec};
use mbn::runtime::{Bitboard, Color, Geometry, MoveGenerator, MoveList, Piece, PieceKind, Position, Square};

/// A generated piece's destinations: `(quiet moves, captures)` of White's unmoved piece on a
/// square among White friends and Black enemies.
pub type Moves = fn(Square, u64, u64) -> (u64, u64);
/// A generated piece's attacks from a square among occupied squares.
pub type Attacks = fn(Square, u64) -> u64;

/// The interpreter of one lone piece.
pub struct Lone {
    notation: String,
    variant: Variant,
    interp: Interpreter,
}

impl Lone {
    /// The interpreter of `notation` (MBN) as the piece `A`.
    pub fn new(notation: &str) -> Self {
        Self::with(notation, false)
    }

    /// The interpreter of `notation` written in XBetza as the piece `A`.
    pub fn xbetza(notation: &str) -> Self {
        Self::with(notation, true)
    }

    fn with(notation: &str, xbetza: bool) -> Self {
        let mbn = if xbetza { "W" } else { notation };
        let mut spec = VariantSpec::new("probe", 8, 8, "8/8/8/8/8/8/8/8 w - - 0 1", &format!("A={mbn} Z=mfW K"));
        if xbetza {
            spec.xbetza = vec![('A', notation.to_string())];
        }
        spec.promotion_zone = None;
        spec.royal = "K".to_string();
        let variant = Variant::compile(&spec).unwrap_or_else(|e| panic!("{notation}: {e:?}"));
        let interp = Interpreter::new(&variant).unwrap_or_else(|e| panic!("{notation}: {e:?}"));
        Lone { notation: notation.to_string(), variant, interp }
    }

    /// The interpreter.
    pub fn interp(&self) -> &Interpreter {
        &self.interp
    }

    /// A position with the piece (unmoved) on `from`, White blockers on `friends`, Black ones on
    /// `enemies`.
    pub fn position(&self, from: Square, friends: u64, enemies: u64) -> Position<u64> {
        let mut pos =
            Position::<u64>::from_fen(&self.variant.table, Geometry::CHESS, "8/8/8/8/8/8/8/8 w - - 0 1").unwrap();
        for (set, color) in [(friends, Color::White), (enemies, Color::Black)] {
            for sq in set.squares() {
                pos.put_piece(sq, Piece::new(PieceKind(1), color)).unwrap();
            }
        }
        pos.put_piece(from, Piece::new(PieceKind(0), Color::White)).unwrap();
        pos.set_unmoved(u64::from_square(from));
        pos
    }

    /// The interpreter's `(quiet moves, captures)` for the piece on `from`, each move without
    /// captures on the way listed once. A lone piece lists destinations: its moves that end on `from` (passes and stationary
    /// captures, docs/SEMANTICS.md M61-M62) have none and are left out.
    pub fn moves(&self, from: Square, friends: u64, enemies: u64) -> (u64, u64) {
        let pos = self.position(from, friends, enemies);
        let mut list = MoveList::new();
        self.interp.piece_moves(&pos, from, Piece::new(PieceKind(0), Color::White), &mut list);
        let (mut quiet, mut captures, mut plain) = (0u64, 0u64, [0u64; 2]);
        for mv in list.iter().filter(|mv| mv.to() != from) {
            // Moves with different captures on the way share a destination; a plain move is
            // listed once.
            if list.extra_captures(mv).is_empty() {
                let seen = &mut plain[usize::from(mv.is_capture())];
                assert!(!seen.test(mv.to()), "`{}` lists the move to {:?} twice", self.notation, mv.to());
                seen.set(mv.to());
            }
            if mv.is_capture() {
                captures.set(mv.to());
            } else {
                quiet.set(mv.to());
            }
        }
        (quiet, captures)
    }

    /// The squares other than `from` that the piece on `from` attacks, Black blockers on
    /// `occupied`, by the interpreter.
    pub fn attacks(&self, from: Square, occupied: u64) -> u64 {
        let pos = self.position(from, 0, occupied);
        let mut attacked = 0u64;
        for sq in (0..64).map(Square).filter(|&sq| sq != from) {
            if self.interp.is_square_attacked(&pos, sq, Color::White) {
                attacked.set(sq);
            }
        }
        attacked
    }

    /// `generated` = the interpreter on `boards` random boards: the piece on a square drawn by
    /// `rng`, the squares `occupied(board number, rng)` but that one held by pieces, each a friend
    /// or an enemy by `rng`. Returns how many boards gave the piece a move.
    pub fn agree_on_random_boards(
        &self,
        generated: Moves,
        rng: &mut Xorshift,
        boards: usize,
        occupied: impl Fn(usize, &mut Xorshift) -> u64,
    ) -> usize {
        let notation = &self.notation;
        let mut moved = 0;
        for i in 0..boards {
            let from = Square((rng.next() % 64) as u16);
            let occupied = occupied(i, rng) & !u64::from_square(from);
            let friends = occupied & rng.next();
            let enemies = occupied & !friends;
            let want = self.moves(from, friends, enemies);
            let got = generated(from, friends, enemies);
            assert_eq!(got, want, "`{notation}` from {from:?}, friends {friends:#x}, enemies {enemies:#x}");
            moved += usize::from(want != (0, 0));
        }
        moved
    }

    /// `generated` attacks = the interpreter's on `boards` random boards: the piece on a square
    /// drawn by `rng`, Black blockers on `occupied(rng)` but that square.
    pub fn attacks_agree_on_random_boards(
        &self,
        generated: Attacks,
        rng: &mut Xorshift,
        boards: usize,
        occupied: impl Fn(&mut Xorshift) -> u64,
    ) {
        let notation = &self.notation;
        for _ in 0..boards {
            let from = Square((rng.next() % 64) as u16);
            let occupied = occupied(rng) & !u64::from_square(from);
            let want = self.attacks(from, occupied);
            assert_eq!(generated(from, occupied), want, "`{notation}` attacks from {from:?}, occupied {occupied:#x}");
        }
    }
}

/// The square named `name` on 8x8.
pub fn sq(name: &str) -> Square {
    Geometry::CHESS.parse_square(name).expect("a square")
}

/// The squares named in `names` (apart by spaces) on 8x8.
pub fn set(names: &str) -> u64 {
    names.split_whitespace().fold(0u64, |b, n| b | u64::from_square(sq(n)))
}
