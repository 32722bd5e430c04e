//! Slider attacks by table lookup (magic bitboards) for boards of up to 64 squares.
//!
//! A [`Sliders`] holds, for one board, the squares an unlimited orthogonal rider (Rook) and an
//! unlimited diagonal rider (Bishop) reach from each square given the occupied squares: one
//! multiplication, shift and load instead of a walk per direction. The magic numbers are found
//! when the tables are built, by a seeded random search (deterministic, a few milliseconds for
//! 8x8), and every entry is checked against a ray walk while building, so a table is right or
//! not built at all. [`Sliders::supports`] says which boards get tables (at most
//! [`MAX_BITS`] relevant squares per slider), and generated code keeps its ray walks elsewhere.
//! Also [`Sliders::between`]: the squares strictly between two squares on a line.

use std::sync::OnceLock;

use crate::geometry::{Geometry, Square};

/// The largest number of relevant occupancy squares (table index bits) per square and family.
pub const MAX_BITS: u32 = 12;

/// Unit vectors of the two slider families.
const ORTHOGONAL: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const DIAGONAL: [(i8, i8); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];

/// Magic numbers for the 8x8 board (orthogonal, then diagonal), as found by the search in
/// [`Family::new`] with the seed in [`Sliders::new`]; kept so that building chess tables takes no
/// search. Each is checked like a searched one, and searched for again if it did not fit.
const CHESS_MAGICS: [[u64; 64]; 2] = [
    [
        0x1880_0080_2010_4004,
        0x0440_0020_0010_0040,
        0x4100_1242_2000_0900,
        0x0480_0800_0510_0081,
        0x1080_0800_8004_0002,
        0x0500_0100_0208_0400,
        0x0400_0210_0804_0081,
        0x0200_0102_0020_9444,
        0x2011_0020_8000_4105,
        0x0864_4020_1000_4001,
        0x1100_8020_0080_1000,
        0x1021_0009_0020_1004,
        0x0009_0011_0004_0800,
        0x8042_800c_0080_0600,
        0x4801_0002_0001_0004,
        0x0206_0000_8061_0204,
        0x0200_9080_0020_4000,
        0x2808_8480_4000_2008,
        0x0028_8080_2004_1000,
        0x1400_4200_2200_0810,
        0x0000_8500_0801_0010,
        0x1060_8180_1200_0400,
        0x0101_0101_0004_0200,
        0x4440_0200_0100_4084,
        0x8100_4009_8000_81a0,
        0x0010_0040_4000_2004,
        0x0000_2000_8080_1000,
        0x0014_4012_0008_2201,
        0x0200_0400_8008_0080,
        0x1112_0200_8080_0400,
        0x0081_0001_0004_0200,
        0x2a24_1402_0024_4185,
        0x0800_4000_2080_0080,
        0x4020_4010_0240_2000,
        0x9010_0810_8080_2000,
        0x0b81_0220_0900_1000,
        0x0000_8008_0080_0400,
        0x0800_0200_8080_0400,
        0x8000_1008_0400_8201,
        0x0081_2650_8200_010c,
        0x0200_8020_4000_8010,
        0x0400_5000_2000_4000,
        0x2202_0240_8412_0020,
        0x0021_0008_1001_0020,
        0x0002_00a0_8812_0004,
        0x8082_0004_0002_8080,
        0x1608_0801_9a0c_0030,
        0x0021_0021_4083_0002,
        0x2140_2040_0080_0080,
        0x2040_0800_2010_0020,
        0x0040_8020_4412_0200,
        0x0400_4200_2008_1200,
        0x8442_0090_0420_0a00,
        0x0005_0008_c204_0100,
        0x0008_0142_1048_0400,
        0x0300_2400_5100_8a00,
        0x1020_8009_3101_4161,
        0x0206_0420_4900_8012,
        0x0000_4100_9120_0069,
        0x1210_0008_0510_2101,
        0x8402_0050_4420_8802,
        0x1032_0028_0110_0462,
        0x1880_8200_8810_0104,
        0x1840_8500_4084_0422,
    ],
    [
        0x0010_0490_0418_2020,
        0x1020_260c_0108_2840,
        0x0290_0c00_4040_0200,
        0xd404_4400_8040_0800,
        0x0484_0c20_1000_1020,
        0x8411_1008_a400_1000,
        0x0008_8210_0a20_0418,
        0x0205_0082_0101_4020,
        0x2180_2021_0401_0040,
        0x0280_1828_0084_0050,
        0x0002_1208_8e12_0000,
        0x1202_4240_8101_0000,
        0x0040_8405_2000_0900,
        0x0000_a090_2460_0408,
        0x0001_0206_4160_0800,
        0x1100_0200_8401_0800,
        0x9090_0040_0488_0580,
        0x0004_a310_0102_0400,
        0x4821_1810_0106_2300,
        0x0010_8c18_0201_4000,
        0x0284_0206_1120_0204,
        0x0656_0004_0884_2410,
        0x1284_2402_0201_0400,
        0x9008_2238_4c04_1401,
        0x0a08_0840_0610_1012,
        0x1008_1400_4244_0841,
        0x3802_0e00_0104_0400,
        0x0211_0400_0802_0820,
        0x1103_0031_0300_c000,
        0x0045_0100_0208_a002,
        0x0004_8400_0304_2200,
        0x0204_0900_0280_8488,
        0x0408_1208_0090_208a,
        0x8108_0230_1083_0416,
        0x5001_0801_0008_0041,
        0x8080_400a_0000_2200,
        0x0080_4404_0000_4100,
        0x0022_0820_4036_0040,
        0x0084_0104_1002_0092,
        0x0184_00c1_9046_0082,
        0x5002_8804_3000_4000,
        0x8282_4a02_2000_1003,
        0x8102_1201_0100_1000,
        0x9040_20a0_5502_0800,
        0x0500_2080_a082_0c00,
        0x0092_0090_0080_4503,
        0x0804_0408_00c2_0202,
        0x2008_0084_00c2_0080,
        0x0000_8490_1010_0040,
        0x8001_1402_0202_2006,
        0x3001_0207_0888_24a0,
        0x4140_0021_8404_0a51,
        0x0000_2440_0862_0030,
        0x0040_0404_0802_0000,
        0x0008_2024_0404_5809,
        0x0010_1003_0240_8814,
        0x0014_1080_8410_4000,
        0x4808_0184_0288_4420,
        0x3001_0103_0080_9080,
        0x8b80_0030_0242_0200,
        0x0a80_8800_1002_0600,
        0x4400_8004_4408_2211,
        0x0208_20b5_1002_1240,
        0x1008_1004_0800_3424,
    ],
];

/// One square's lookup: `table[offset + ((occ & mask) * magic) >> shift]`.
#[derive(Clone, Copy, Debug, Default)]
struct Entry {
    mask: u64,
    magic: u64,
    shift: u32,
    offset: u32,
}

/// The lookup tables of one slider family on one board.
#[derive(Clone, Debug)]
struct Family {
    /// Indexed by square; 64 entries whatever the board, so an index masked with 63 needs no
    /// bounds check.
    entries: Box<[Entry; 64]>,
    attacks: Vec<u64>,
}

/// Orthogonal and diagonal slider attacks, and squares between, for one board of <= 64 squares.
#[derive(Clone, Debug)]
pub struct Sliders {
    orthogonal: Family,
    diagonal: Family,
    /// `between[a << 6 | b]`, 64 x 64 whatever the board (no bounds check).
    between: Box<[u64; 64 * 64]>,
}

impl Sliders {
    /// Whether `geometry` gets tables: at most 64 squares, at most [`MAX_BITS`] relevant
    /// squares for every square and family.
    pub fn supports(geometry: Geometry) -> bool {
        geometry.num_squares() <= 64
            && (0..geometry.num_squares()).all(|sq| {
                let sq = Square(sq as u16);
                [ORTHOGONAL, DIAGONAL].iter().all(|dirs| relevant(geometry, sq, dirs).count_ones() <= MAX_BITS)
            })
    }

    /// The tables for `geometry`.
    ///
    /// # Panics
    /// If `geometry` is not [supported](Self::supports).
    pub fn new(geometry: Geometry) -> Sliders {
        assert!(Sliders::supports(geometry), "no slider tables for a {}x{} board", geometry.files(), geometry.ranks());
        let mut rng = SplitMix(0x6d62_6e5f_6d61_6769);
        let known = (geometry == Geometry::CHESS).then_some(&CHESS_MAGICS);
        let orthogonal = Family::new(geometry, &ORTHOGONAL, known.map(|m| &m[0]), &mut rng);
        let diagonal = Family::new(geometry, &DIAGONAL, known.map(|m| &m[1]), &mut rng);
        let squares = geometry.num_squares();
        let mut between = Box::new([0; 64 * 64]);
        for from in 0..squares {
            for dir in ORTHOGONAL.iter().chain(&DIAGONAL) {
                let mut passed = 0u64;
                let mut at = Square(from as u16);
                while let Some(next) = geometry.offset(at, dir.0, dir.1) {
                    between[from << 6 | next.index()] = passed;
                    passed |= 1 << next.0;
                    at = next;
                }
            }
        }
        Sliders { orthogonal, diagonal, between }
    }

    /// The squares an unlimited orthogonal rider on `sq` reaches with `occ` occupied (the first
    /// occupied square of each direction included).
    #[inline]
    pub fn orthogonal(&self, sq: Square, occ: u64) -> u64 {
        self.orthogonal.attacks(sq, occ)
    }

    /// The squares an unlimited diagonal rider on `sq` reaches with `occ` occupied.
    #[inline]
    pub fn diagonal(&self, sq: Square, occ: u64) -> u64 {
        self.diagonal.attacks(sq, occ)
    }

    /// The squares strictly between `a` and `b` if they share a rank, file or diagonal, else
    /// none.
    #[inline]
    pub fn between(&self, a: Square, b: Square) -> u64 {
        self.between[(a.index() & 63) << 6 | (b.index() & 63)]
    }
}

impl Family {
    /// The tables of the slider family moving along `dirs`, with the `known` magic numbers
    /// where they fit, found by search where not.
    fn new(geometry: Geometry, dirs: &[(i8, i8)], known: Option<&[u64; 64]>, rng: &mut SplitMix) -> Family {
        let mut entries = Box::new([Entry::default(); 64]);
        let mut attacks = Vec::new();
        // Scratch for the search: which check last used an index, and what it stored there.
        let mut used_by = vec![0u32; 1 << MAX_BITS];
        let mut stored = vec![0u64; 1 << MAX_BITS];
        let mut check = 0u32;
        for sq in 0..geometry.num_squares() {
            let sq = Square(sq as u16);
            let mask = relevant(geometry, sq, dirs);
            let bits = mask.count_ones().max(1);
            let shift = 64 - bits;
            // Every subset of the mask (carry-rippler), with its attacks walked out.
            let mut subsets = Vec::with_capacity(1 << bits);
            let mut sub = 0u64;
            loop {
                subsets.push((sub, walk(geometry, sq, dirs, sub)));
                sub = sub.wrapping_sub(mask) & mask;
                if sub == 0 {
                    break;
                }
            }
            let mut known = known.map(|m| m[sq.index()]);
            let magic = loop {
                let candidate = known.take().unwrap_or_else(|| rng.next() & rng.next() & rng.next());
                if bits >= 6 && (mask.wrapping_mul(candidate) >> 56).count_ones() < 6 {
                    continue;
                }
                check += 1;
                let fits = subsets.iter().all(|&(sub, att)| {
                    let i = (sub.wrapping_mul(candidate) >> shift) as usize;
                    if used_by[i] != check {
                        used_by[i] = check;
                        stored[i] = att;
                        true
                    } else {
                        stored[i] == att
                    }
                });
                if fits {
                    break candidate;
                }
            };
            let offset = attacks.len();
            attacks.resize(offset + (1 << bits), 0);
            for &(sub, att) in &subsets {
                attacks[offset + (sub.wrapping_mul(magic) >> shift) as usize] = att;
            }
            entries[sq.index()] = Entry { mask, magic, shift, offset: offset as u32 };
        }
        Family { entries, attacks }
    }

    #[inline]
    fn attacks(&self, sq: Square, occ: u64) -> u64 {
        let e = self.entries[sq.index() & 63];
        self.attacks[e.offset as usize + ((occ & e.mask).wrapping_mul(e.magic) >> e.shift) as usize]
    }
}

/// The squares whose occupancy matters to a slider on `sq`: each ray without its last square.
fn relevant(geometry: Geometry, sq: Square, dirs: &[(i8, i8)]) -> u64 {
    let mut mask = 0;
    for &(dx, dy) in dirs {
        let mut at = sq;
        while let Some(next) = geometry.offset(at, dx, dy) {
            if geometry.offset(next, dx, dy).is_none() {
                break;
            }
            mask |= 1 << next.0;
            at = next;
        }
    }
    mask
}

/// The squares a slider on `sq` reaches with `occ` occupied, walked square by square.
fn walk(geometry: Geometry, sq: Square, dirs: &[(i8, i8)], occ: u64) -> u64 {
    let mut out = 0;
    for &(dx, dy) in dirs {
        let mut at = sq;
        while let Some(next) = geometry.offset(at, dx, dy) {
            out |= 1 << next.0;
            if occ & (1 << next.0) != 0 {
                break;
            }
            at = next;
        }
    }
    out
}

/// A small seeded generator (SplitMix64) for the magic search.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

/// The tables of one board, built on first use: what generated code keeps in a `static`.
#[derive(Debug)]
pub struct SliderCache {
    files: u8,
    ranks: u8,
    tables: OnceLock<Sliders>,
}

impl SliderCache {
    /// An empty cache for a `files` x `ranks` board.
    pub const fn new(files: u8, ranks: u8) -> SliderCache {
        SliderCache { files, ranks, tables: OnceLock::new() }
    }

    /// The tables, built on the first call.
    ///
    /// # Panics
    /// If the board is not [supported](Sliders::supports) (generated code asks only for
    /// supported boards).
    #[inline]
    pub fn get(&self) -> &Sliders {
        self.tables.get_or_init(|| match Geometry::new(self.files, self.ranks) {
            Ok(g) => Sliders::new(g),
            Err(e) => panic!("slider tables: {e}"),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every square, many occupancies (random and structured): lookups equal ray walks.
    fn check(geometry: Geometry) {
        let sl = Sliders::new(geometry);
        let n = geometry.num_squares();
        let full = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        let mut rng = SplitMix(7);
        for sq in 0..n {
            let sq = Square(sq as u16);
            for i in 0..300 {
                let occ = match i {
                    0 => 0,
                    1 => full,
                    _ => rng.next() & rng.next() & full,
                };
                assert_eq!(sl.orthogonal(sq, occ), walk(geometry, sq, &ORTHOGONAL, occ), "{sq:?} {occ:x}");
                assert_eq!(sl.diagonal(sq, occ), walk(geometry, sq, &DIAGONAL, occ), "{sq:?} {occ:x}");
            }
        }
    }

    #[test]
    fn lookups_match_walks() {
        for (f, r) in [(8, 8), (6, 6), (5, 5), (7, 9), (1, 1), (3, 7), (4, 16)] {
            let g = Geometry::new(f, r).unwrap();
            if Sliders::supports(g) {
                check(g);
            }
        }
        assert!(Sliders::supports(Geometry::CHESS));
        assert!(!Sliders::supports(Geometry::new(10, 8).unwrap()), "more than 64 squares");
        assert!(!Sliders::supports(Geometry::new(16, 4).unwrap()), "rook masks of 15 squares");
    }

    #[test]
    fn between_squares() {
        let g = Geometry::CHESS;
        let sl = Sliders::new(g);
        let sq = |s: &str| g.parse_square(s).unwrap();
        let set = |names: &[&str]| names.iter().fold(0u64, |b, s| b | 1 << sq(s).0);
        assert_eq!(sl.between(sq("a1"), sq("a4")), set(&["a2", "a3"]));
        assert_eq!(sl.between(sq("h8"), sq("c3")), set(&["g7", "f6", "e5", "d4"]));
        assert_eq!(sl.between(sq("e1"), sq("e2")), 0);
        assert_eq!(sl.between(sq("a1"), sq("b3")), 0, "not on a line");
        assert_eq!(sl.between(sq("b1"), sq("g1")), set(&["c1", "d1", "e1", "f1"]));
    }

    #[test]
    fn cache_builds_once() {
        static CACHE: SliderCache = SliderCache::new(8, 8);
        let a: *const Sliders = CACHE.get();
        let b: *const Sliders = CACHE.get();
        assert_eq!(a, b);
        assert_eq!(CACHE.get().orthogonal(Square(0), 0).count_ones(), 14);
    }
}
