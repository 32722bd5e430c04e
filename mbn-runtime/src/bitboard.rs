//! Bitboards: sets of squares, one bit per square in index order.
//!
//! Bit `i` is the square with index `i` (see [`crate::geometry`]). Code is
//! generic over [`Bitboard`] so that a board pays only for the width it needs:
//! `u64` for up to 64 squares, `u128` up to 128, [`Bb256`] up to 256.
//! Squares beyond a type's width are never set: [`Bitboard::from_square`]
//! gives the empty set for them.

use core::fmt::Debug;
use core::hash::Hash;
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

use crate::geometry::{Geometry, Square};

/// A set of squares, one bit per square index.
pub trait Bitboard:
    Copy
    + Eq
    + Hash
    + Debug
    + Default
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
{
    /// Number of bits (the largest board this type can hold).
    const BITS: usize;
    /// The empty set.
    const EMPTY: Self;

    /// The set holding only `sq` (empty if `sq` is beyond [`Self::BITS`]).
    fn from_square(sq: Square) -> Self;
    /// Number of squares in the set.
    fn count(self) -> u32;
    /// Whether the set has exactly one square (cheaper than `count() == 1`).
    fn is_single(self) -> bool;
    /// The lowest square in the set.
    fn lowest(self) -> Option<Square>;
    /// The highest square in the set.
    fn highest(self) -> Option<Square>;
    /// Removes and returns the lowest square in the set.
    fn pop_lowest(&mut self) -> Option<Square>;
    /// Moves every bit `n` places towards higher indices; bits shifted out are lost.
    fn shift_up(self, n: u32) -> Self;
    /// Moves every bit `n` places towards lower indices; bits shifted out are lost.
    fn shift_down(self, n: u32) -> Self;

    /// Whether this type is wide enough for `geometry`.
    #[inline]
    fn fits(geometry: Geometry) -> bool {
        geometry.num_squares() <= Self::BITS
    }

    /// All squares of `geometry` (truncated to [`Self::BITS`]).
    fn full(geometry: Geometry) -> Self {
        let n = geometry.num_squares().min(Self::BITS);
        if n == Self::BITS {
            !Self::EMPTY
        } else {
            !(!Self::EMPTY).shift_up(n as u32)
        }
    }

    /// Whether the set is empty.
    #[inline]
    fn is_empty(self) -> bool {
        self == Self::EMPTY
    }

    /// Whether `sq` is in the set.
    #[inline]
    fn test(self, sq: Square) -> bool {
        !(self & Self::from_square(sq)).is_empty()
    }

    /// Adds `sq` to the set.
    #[inline]
    fn set(&mut self, sq: Square) {
        *self |= Self::from_square(sq);
    }

    /// Removes `sq` from the set.
    #[inline]
    fn clear(&mut self, sq: Square) {
        *self &= !Self::from_square(sq);
    }

    /// Iterates over the squares of the set, lowest first.
    #[inline]
    fn squares(self) -> Squares<Self> {
        Squares(self)
    }

    /// The set of the given squares.
    fn from_squares(squares: impl IntoIterator<Item = Square>) -> Self {
        squares.into_iter().fold(Self::EMPTY, |bb, sq| bb | Self::from_square(sq))
    }

    /// All squares of file `file` (0-based) of `geometry`.
    fn file_mask(geometry: Geometry, file: u8) -> Self {
        Self::from_squares((0..geometry.ranks()).filter_map(|r| geometry.square(file, r)))
    }

    /// All squares of rank `rank` (0-based) of `geometry`.
    fn rank_mask(geometry: Geometry, rank: u8) -> Self {
        Self::from_squares((0..geometry.files()).filter_map(|f| geometry.square(f, rank)))
    }
}

/// Iterator over the squares of a bitboard, lowest first.
#[derive(Clone, Copy, Debug)]
pub struct Squares<B>(B);

impl<B: Bitboard> Iterator for Squares<B> {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        self.0.pop_lowest()
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count() as usize;
        (n, Some(n))
    }
}

impl<B: Bitboard> ExactSizeIterator for Squares<B> {}

macro_rules! primitive_bitboard {
    ($t:ty) => {
        impl Bitboard for $t {
            const BITS: usize = <$t>::BITS as usize;
            const EMPTY: Self = 0;

            #[inline]
            fn from_square(sq: Square) -> Self {
                (1 as $t).checked_shl(u32::from(sq.0)).unwrap_or(0)
            }

            #[inline]
            fn count(self) -> u32 {
                self.count_ones()
            }

            #[inline]
            fn is_single(self) -> bool {
                self != 0 && self & (self - 1) == 0
            }

            #[inline]
            fn lowest(self) -> Option<Square> {
                if self == 0 {
                    None
                } else {
                    Some(Square(self.trailing_zeros() as u16))
                }
            }

            #[inline]
            fn highest(self) -> Option<Square> {
                if self == 0 {
                    None
                } else {
                    Some(Square((<$t>::BITS - 1 - self.leading_zeros()) as u16))
                }
            }

            #[inline]
            fn pop_lowest(&mut self) -> Option<Square> {
                let sq = self.lowest()?;
                *self &= *self - 1;
                Some(sq)
            }

            #[inline]
            fn shift_up(self, n: u32) -> Self {
                self.checked_shl(n).unwrap_or(0)
            }

            #[inline]
            fn shift_down(self, n: u32) -> Self {
                self.checked_shr(n).unwrap_or(0)
            }
        }
    };
}

primitive_bitboard!(u64);
primitive_bitboard!(u128);

/// A 256-bit bitboard for boards with up to 256 squares; word `i` holds squares `64*i..64*i+63`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Bb256(pub [u64; 4]);

impl Bb256 {
    /// The bitboard with the given words (word 0 holds squares 0..=63).
    pub const fn new(words: [u64; 4]) -> Self {
        Bb256(words)
    }
}

macro_rules! bb256_op {
    ($tr:ident, $f:ident, $tra:ident, $fa:ident, $op:tt) => {
        impl $tr for Bb256 {
            type Output = Bb256;
            #[inline]
            fn $f(self, rhs: Bb256) -> Bb256 {
                let (a, b) = (self.0, rhs.0);
                Bb256([a[0] $op b[0], a[1] $op b[1], a[2] $op b[2], a[3] $op b[3]])
            }
        }
        impl $tra for Bb256 {
            #[inline]
            fn $fa(&mut self, rhs: Bb256) {
                *self = $tr::$f(*self, rhs);
            }
        }
    };
}

bb256_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bb256_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bb256_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bb256 {
    type Output = Bb256;
    #[inline]
    fn not(self) -> Bb256 {
        let a = self.0;
        Bb256([!a[0], !a[1], !a[2], !a[3]])
    }
}

impl Bitboard for Bb256 {
    const BITS: usize = 256;
    const EMPTY: Self = Bb256([0; 4]);

    #[inline]
    fn from_square(sq: Square) -> Self {
        let mut words = [0; 4];
        if let Some(w) = words.get_mut(sq.index() >> 6) {
            *w = 1 << (sq.0 & 63);
        }
        Bb256(words)
    }

    #[inline]
    fn count(self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    #[inline]
    fn is_single(self) -> bool {
        self.count() == 1
    }

    #[inline]
    fn lowest(self) -> Option<Square> {
        let (i, w) = self.0.iter().enumerate().find(|(_, w)| **w != 0)?;
        Some(Square((i as u16) * 64 + w.trailing_zeros() as u16))
    }

    #[inline]
    fn highest(self) -> Option<Square> {
        let (i, w) = self.0.iter().enumerate().rev().find(|(_, w)| **w != 0)?;
        Some(Square((i as u16) * 64 + 63 - w.leading_zeros() as u16))
    }

    #[inline]
    fn pop_lowest(&mut self) -> Option<Square> {
        let (i, w) = self.0.iter_mut().enumerate().find(|(_, w)| **w != 0)?;
        let sq = Square((i as u16) * 64 + w.trailing_zeros() as u16);
        *w &= *w - 1;
        Some(sq)
    }

    fn shift_up(self, n: u32) -> Self {
        let (q, r) = ((n / 64) as usize, n % 64);
        let mut out = [0u64; 4];
        for (i, o) in out.iter_mut().enumerate().skip(q) {
            let src = i - q;
            *o = self.0[src] << r;
            if r > 0 && src > 0 {
                *o |= self.0[src - 1] >> (64 - r);
            }
        }
        Bb256(out)
    }

    fn shift_down(self, n: u32) -> Self {
        let (q, r) = ((n / 64) as usize, n % 64);
        let mut out = [0u64; 4];
        for (i, o) in out.iter_mut().enumerate() {
            let src = i + q;
            let Some(&w) = self.0.get(src) else { break };
            *o = w >> r;
            if r > 0 {
                if let Some(&hi) = self.0.get(src + 1) {
                    *o |= hi << (64 - r);
                }
            }
        }
        Bb256(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn exercise<B: Bitboard>() {
        let g = Geometry::new(8, 8).unwrap();
        let sqs = [0u16, 1, 7, 40, (B::BITS - 2) as u16, (B::BITS - 1) as u16];
        let mut bb = B::EMPTY;
        for &s in &sqs {
            bb.set(Square(s));
        }
        assert_eq!(bb.count(), sqs.len() as u32);
        assert!(bb.test(Square(7)) && !bb.test(Square(2)));
        let got: Vec<u16> = bb.squares().map(|s| s.0).collect();
        assert_eq!(got, sqs);
        assert_eq!(bb.lowest(), Some(Square(0)));
        assert_eq!(bb.highest(), Some(Square((B::BITS - 1) as u16)));
        assert_eq!(B::from_square(Square(40)).highest(), Some(Square(40)));
        assert_eq!(B::EMPTY.highest(), None);
        bb.clear(Square(0));
        assert_eq!(bb.lowest(), Some(Square(1)));
        assert_eq!(B::from_square(Square(B::BITS as u16)), B::EMPTY);
        assert!(!B::EMPTY.test(Square(5)));
        assert_eq!(B::full(g).count(), 64);
        let big = Geometry::new(16, 16).unwrap();
        assert_eq!(B::full(big).count() as usize, B::BITS.min(256));
        assert_eq!(B::fits(big), B::BITS >= 256);
        let a = B::from_squares([Square(1), Square(2)]);
        let b = B::from_squares([Square(2), Square(3)]);
        assert_eq!(a & b, B::from_square(Square(2)));
        assert_eq!((a | b).count(), 3);
        assert_eq!(a ^ b, B::from_squares([Square(1), Square(3)]));
        assert_eq!((!a & b), B::from_square(Square(3)));
        assert_eq!(a.shift_up(60).squares().map(|s| s.0).collect::<Vec<_>>(), [61, 62]);
        assert_eq!(a.shift_up(60).shift_down(60), a);
        assert_eq!(a.shift_up(B::BITS as u32), B::EMPTY);
        assert_eq!(a.shift_down(2), B::from_square(Square(0)));
        assert_eq!(B::file_mask(g, 0).count(), 8);
        assert!(B::rank_mask(g, 7).test(Square(60)));
        let mut it = B::full(g);
        let mut n = 0;
        while let Some(sq) = it.pop_lowest() {
            assert_eq!(sq.0, n);
            n += 1;
        }
        assert_eq!(n, 64);
    }

    #[test]
    fn all_widths() {
        exercise::<u64>();
        exercise::<u128>();
        exercise::<Bb256>();
    }

    #[test]
    fn bb256_shifts_match_u128_in_low_half() {
        let v: u128 = 0x0123_4567_89ab_cdef_fedc_ba98_7654_3210;
        let b = Bb256([v as u64, (v >> 64) as u64, 0, 0]);
        for n in [0, 1, 17, 63, 64, 65, 100, 127] {
            let s = b.shift_down(n);
            let w = v >> n;
            assert_eq!(s, Bb256([w as u64, (w >> 64) as u64, 0, 0]), "down {n}");
        }
        let up = b.shift_up(130);
        assert_eq!(up.shift_down(130), b);
        assert_eq!(b.shift_up(300), Bb256::EMPTY);
        assert_eq!(Bb256::from_square(Square(200)).lowest(), Some(Square(200)));
    }
}
