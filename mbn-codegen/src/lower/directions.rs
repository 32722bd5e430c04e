//! Directional modifiers (`f b l r v s`, amalgamated pairs `(lf)`, doubled letters `ff`)
//! and the leaper vectors they select.
//!
//! Coordinates are White's: a vector `(dx, dy)` has `dx` files to the right (`+`) or left
//! (`-`) and `dy` ranks forward (`+`, towards the opponent) or backward (`-`).
//!
//! The rules (see `docs/SEMANTICS.md`, "Directions"; MBN's direction tables win over the
//! printed ANCP formulas 8.1–8.16):
//!
//! * a single letter `X` selects the vectors whose *dominant* (wider, or equally wide)
//!   component points towards `X`: `fN` = {(-1,2), (1,2)}, `fF` = {(±1,1)}, `fW` = {(0,1)};
//! * a pair `(XY)` of letters from different axes selects the oblique vectors whose
//!   *shorter* component points towards `X` and whose wider one points towards `Y`
//!   (`(lf)N` = {(-1,2)}, `(fl)N` = {(-2,1)}), and the one diagonal pointing towards both
//!   (`(lf)F` = `(fl)F` = {(-1,1)}); it never selects an orthogonal vector;
//! * a doubled letter `XX` (also written `(XX)`) selects the vectors whose component along
//!   `X` is *strictly* wider and points towards `X`: `ffN` = {(±1,2)}, `ffW` = `fW`, and
//!   never a diagonal;
//! * `v` = `f` ∪ `b` and `s` = `l` ∪ `r`, in every position.
//!
//! Every rule only looks at signs and at the ratio of the components, so a selection is
//! invariant under scaling (ANCP 8.17) and extended leapers `:m,n:` follow the same rules.

use std::fmt;
use std::str::FromStr;

/// A vector `(dx, dy)`: files to the right, ranks forward.
pub type Vector = (i32, i32);

/// One direction letter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Dir {
    /// `f`: forward, towards the opponent (`dy > 0`).
    F,
    /// `b`: backward (`dy < 0`).
    B,
    /// `l`: left, from White's point of view (`dx < 0`).
    L,
    /// `r`: right (`dx > 0`).
    R,
    /// `v`: vertical, forward or backward (`dy != 0`).
    V,
    /// `s`: sideways, left or right (`dx != 0`).
    S,
}

impl Dir {
    /// All six letters, in the order `f b l r v s`.
    pub const ALL: [Dir; 6] = [Dir::F, Dir::B, Dir::L, Dir::R, Dir::V, Dir::S];

    /// The letter for `c`, if `c` is one of `f b l r v s` (lower case only).
    pub fn from_char(c: char) -> Option<Dir> {
        Dir::ALL.into_iter().find(|d| d.as_char() == c)
    }

    /// The letter as written.
    pub fn as_char(self) -> char {
        match self {
            Dir::F => 'f',
            Dir::B => 'b',
            Dir::L => 'l',
            Dir::R => 'r',
            Dir::V => 'v',
            Dir::S => 's',
        }
    }

    /// Whether the letter is about ranks (`f b v`) rather than files (`l r s`).
    pub fn is_vertical(self) -> bool {
        matches!(self, Dir::F | Dir::B | Dir::V)
    }

    /// The signed component of `v` along this letter's axis, and the absolute value of
    /// the other component.
    fn split(self, (dx, dy): Vector) -> (i32, u32) {
        if self.is_vertical() {
            (dy, dx.unsigned_abs())
        } else {
            (dx, dy.unsigned_abs())
        }
    }

    /// Whether a (signed) component along this letter's axis points towards the letter.
    fn points(self, along: i32) -> bool {
        match self {
            Dir::F | Dir::R => along > 0,
            Dir::B | Dir::L => along < 0,
            Dir::V | Dir::S => along != 0,
        }
    }
}

impl fmt::Display for Dir {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.as_char())
    }
}

/// A directional modifier as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum DirMod {
    /// A single letter, e.g. `f`.
    One(Dir),
    /// An amalgamated (parenthesised) pair, e.g. `(lf)`: the first letter belongs to the
    /// shorter component, the second to the wider one. `(ff)` means the same as `ff`.
    Pair(Dir, Dir),
    /// A doubled letter ("strict"), e.g. `ff`.
    Double(Dir),
}

impl DirMod {
    /// Checks that the modifier is well formed: a pair must not join two different letters
    /// of the same axis (`(fb)`, `(lr)`, `(fv)`). `(ff)` is accepted as `ff`.
    pub fn validate(self) -> Result<(), DirError> {
        match self {
            DirMod::Pair(x, y) if x != y && x.is_vertical() == y.is_vertical() => {
                Err(DirError::new(DirErrorKind::SameAxis(x, y)))
            }
            _ => Ok(()),
        }
    }
}

impl fmt::Display for DirMod {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DirMod::One(d) => write!(f, "{d}"),
            DirMod::Pair(x, y) => write!(f, "({x}{y})"),
            DirMod::Double(d) => write!(f, "{d}{d}"),
        }
    }
}

impl FromStr for DirMod {
    type Err = DirError;

    /// Parses exactly one modifier: `f`, `ff` or `(lf)`. `lf` (two different letters, not
    /// parenthesised) is a combination, not one modifier: use [`parse_mods`].
    fn from_str(s: &str) -> Result<DirMod, DirError> {
        match parse_mods(s)?.as_slice() {
            [m] => Ok(*m),
            _ => Err(DirError::new(DirErrorKind::Malformed(s.to_owned()))),
        }
    }
}

/// What is wrong with a directional modifier or a leaper.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DirErrorKind {
    /// A pair of two different letters of the same axis, e.g. `(fb)`.
    SameAxis(Dir, Dir),
    /// A character that is not one of `f b l r v s`.
    UnknownLetter(char),
    /// A modifier string that is not a sequence of letters and `(xy)` pairs.
    Malformed(String),
    /// A leaper `:m,n:` written with `m > n`.
    LeaperOrder(u32, u32),
    /// A leaper component that does not fit a board vector (`> i32::MAX`).
    LeaperTooLarge(u32, u32),
}

/// An error from this module; [`fmt::Display`] says what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DirError {
    kind: DirErrorKind,
}

impl DirError {
    /// An error of the given kind.
    pub fn new(kind: DirErrorKind) -> DirError {
        DirError { kind }
    }

    /// What is wrong.
    pub fn kind(&self) -> &DirErrorKind {
        &self.kind
    }
}

impl fmt::Display for DirError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            DirErrorKind::SameAxis(x, y) => {
                write!(f, "`({x}{y})` pairs two letters of the same axis")
            }
            DirErrorKind::UnknownLetter(c) => {
                write!(f, "`{c}` is not a direction letter (expected one of f, b, l, r, v, s)")
            }
            DirErrorKind::Malformed(s) => write!(
                f,
                "`{s}` is not a directional modifier (expected letters f b l r v s, \
                 a doubled letter like `ff`, or a pair like `(lf)`)"
            ),
            DirErrorKind::LeaperOrder(m, n) => {
                write!(f, "leaper `:{m},{n}:` must have its smaller component first (`:{n},{m}:`)")
            }
            DirErrorKind::LeaperTooLarge(m, n) => {
                write!(f, "leaper `:{m},{n}:` is too large")
            }
        }
    }
}

impl std::error::Error for DirError {}

/// Splits a modifier prefix into modifiers: a parenthesised pair `(xy)` is one modifier,
/// two equal letters side by side are one doubled modifier (`ffs` = `ff`, `s`), any other
/// letter is a modifier on its own (`fs` = `f`, `s`: a combination). Each modifier is
/// [validated](DirMod::validate).
pub fn parse_mods(s: &str) -> Result<Vec<DirMod>, DirError> {
    let letter = |c: char| Dir::from_char(c).ok_or(DirError::new(DirErrorKind::UnknownLetter(c)));
    let malformed = || DirError::new(DirErrorKind::Malformed(s.to_owned()));
    let mut out = Vec::new();
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        let m = if c == '(' {
            let x = letter(chars.next().ok_or_else(malformed)?)?;
            let y = letter(chars.next().ok_or_else(malformed)?)?;
            if chars.next() != Some(')') {
                return Err(malformed());
            }
            DirMod::Pair(x, y)
        } else if c == ')' {
            return Err(malformed());
        } else {
            let d = letter(c)?;
            if chars.next_if_eq(&c).is_some() {
                DirMod::Double(d)
            } else {
                DirMod::One(d)
            }
        };
        m.validate()?;
        out.push(m);
    }
    Ok(out)
}

/// Whether the leaper `:m,n:` (`m <= n`) is oblique, its eight vectors off the eight compass
/// lines (N, Z, C), so that a direction letter may name a single vector or a pair.
pub fn is_oblique((m, n): (u32, u32)) -> bool {
    m > 0 && m < n
}

/// The distinct vectors of the leaper `:m,n:`, i.e. (±m,±n) and (±n,±m): 8 vectors, or 4
/// when `m == 0` or `m == n`, or just (0,0) for `:0,0:`.
///
/// Sorted in board reading order: `dy` descending (forward first), then `dx` ascending
/// (left first). Errors when `m > n` or `n > i32::MAX`.
pub fn leaper_vectors(m: u32, n: u32) -> Result<Vec<Vector>, DirError> {
    if m > n {
        return Err(DirError::new(DirErrorKind::LeaperOrder(m, n)));
    }
    let (Ok(a), Ok(b)) = (i32::try_from(m), i32::try_from(n)) else {
        return Err(DirError::new(DirErrorKind::LeaperTooLarge(m, n)));
    };
    let mut v: Vec<Vector> =
        [(a, b), (b, a)].into_iter().flat_map(|(x, y)| [(x, y), (-x, y), (x, -y), (-x, -y)]).collect();
    sort_vectors(&mut v);
    Ok(v)
}

/// Sorts and deduplicates in board reading order (`dy` descending, then `dx` ascending).
fn sort_vectors(v: &mut Vec<Vector>) {
    v.sort_by_key(|&(dx, dy)| (std::cmp::Reverse(dy), dx));
    v.dedup();
}

/// Whether the modifier selects the vector `v`. Errors when the modifier is invalid (see
/// [`DirMod::validate`]). The zero vector is selected by no modifier.
pub fn selects(mod_: DirMod, v: Vector) -> Result<bool, DirError> {
    mod_.validate()?;
    Ok(selects_valid(mod_, v))
}

/// [`selects`] for a modifier already known to be valid.
fn selects_valid(mod_: DirMod, v: Vector) -> bool {
    match mod_ {
        // The dominant component points towards `x` (a diagonal counts for both axes).
        DirMod::One(x) => {
            let (along, across) = x.split(v);
            x.points(along) && along.unsigned_abs() >= across
        }
        // The component along `x` is strictly wider and points towards `x`.
        DirMod::Double(x) => {
            let (along, across) = x.split(v);
            x.points(along) && along.unsigned_abs() > across
        }
        DirMod::Pair(x, y) if x == y => selects_valid(DirMod::Double(x), v),
        // Both components point, and the one along `x` is not the wider.
        DirMod::Pair(x, y) => {
            let (xa, ya) = (x.split(v).0, y.split(v).0);
            x.points(xa) && y.points(ya) && xa.unsigned_abs() <= ya.unsigned_abs()
        }
    }
}

/// The vectors of the leaper `:m,n:` selected by at least one of `mods` (the union of the
/// modifiers' selections); an empty `mods` selects every vector. Sorted like
/// [`leaper_vectors`]. The result may be empty (e.g. `(lf)W`, `ffF`): the caller reports
/// that; see [`is_empty_selection`].
pub fn select(m: u32, n: u32, mods: &[DirMod]) -> Result<Vec<Vector>, DirError> {
    for md in mods {
        md.validate()?;
    }
    let all = leaper_vectors(m, n)?;
    if mods.is_empty() {
        return Ok(all);
    }
    Ok(all.into_iter().filter(|&v| mods.iter().any(|&md| selects_valid(md, v))).collect())
}

/// Whether `mod_` selects none of the vectors of the leaper `:m,n:` (e.g. `(lf)` on `W`,
/// `ff` on `F`): such a modifier is an error in a piece definition.
pub fn is_empty_selection(m: u32, n: u32, mod_: DirMod) -> Result<bool, DirError> {
    Ok(select(m, n, &[mod_])?.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;
    use Dir::*;
    use DirMod::{Double, One, Pair};

    /// The seven direction tables of MBN ("Modifier Prefixes"), cell by cell as printed:
    /// rows from rank +3 (forward) down to -3, files -3..=3; the middle row lacks the
    /// centre cell. Upper-case `LF` means "`(lf)` or `(fl)`" (likewise `RF LB RB LV RV`),
    /// `x/y` means both `x` and `y`.
    ///
    /// What each table is about (its "family" of modifiers, see [`family`]):
    /// 1. the pairs `(lf) (fl) (rf) (fr) (lb) (bl) (rb) (br)`; orthogonal cells, selected
    ///    by no pair, carry their single letter;
    /// 2. the doubled letters `ff bb ll rr`; orthogonal cells carry their letter (`ff`W =
    ///    `f`W), diagonals, selected by no doubled letter, carry their pair (`LF` ...);
    /// 3. the pairs with `s`: `(sf) (fs) (sb) (bs)`; a diagonal is selected by both orders,
    ///    and is labelled `f` or `b` (e.g. `(sf)F` = `(fs)F` = `fF`); orthogonals carry
    ///    their single letter;
    /// 4. the pairs with `v`: `(lv) (vl) (rv) (vr)`, diagonals `LV`/`RV`, orthogonals single;
    /// 5. the pairs `(sv) (vs)`; diagonals (both orders) labelled `v`, orthogonals single;
    /// 6. the single letters `s` and `v`;
    /// 7. the single letters `f b l r`.
    const TABLES: [[&str; 7]; 7] = [
        [
            "LF lf lf f rf rf RF",
            "fl LF lf f rf RF fr",
            "fl fl LF f RF fr fr",
            "l l l r r r",
            "bl bl LB b RB br br",
            "bl LB lb b rb RB br",
            "LB lb lb b rb rb RB",
        ],
        [
            "LF ff ff f ff ff RF",
            "ll LF ff f ff RF rr",
            "ll ll LF f RF rr rr",
            "l l l r r r",
            "ll ll LB b RB rr rr",
            "ll LB bb b bb RB rr",
            "LB bb bb b bb bb RB",
        ],
        [
            "f sf sf f sf sf f",
            "fs f sf f sf f fs",
            "fs fs f f f fs fs",
            "s s s s s s",
            "bs bs b b b bs bs",
            "bs b sb b sb b bs",
            "b sb sb b sb sb b",
        ],
        [
            "LV lv lv v rv rv RV",
            "vl LV lv v rv RV vr",
            "vl vl LV v RV vr vr",
            "l l l r r r",
            "vl vl LV v RV vr vr",
            "vl LV lv v rv RV vr",
            "LV lv lv v rv rv RV",
        ],
        [
            "v sv sv v sv sv v",
            "vs v sv v sv v vs",
            "vs vs v v v vs vs",
            "s s s s s s",
            "vs vs v v v vs vs",
            "vs v sv v sv v vs",
            "v sv sv v sv sv v",
        ],
        [
            "s/v v v v v v s/v",
            "s s/v v v v s/v s",
            "s s s/v v s/v s s",
            "s s s/v s/v s s",
            "s s s/v v s/v s s",
            "s s/v v v v s/v s",
            "s/v v v v v v s/v",
        ],
        [
            "l/f f f f f f r/f",
            "l l/f f f f r/f r",
            "l l l/f f r/f r r",
            "l l l r r r",
            "l l l/b b r/b r r",
            "l l/b b b b r/b r",
            "l/b b b b b b r/b",
        ],
    ];

    /// Cells where the printed table disagrees with the project's rules (documented in
    /// docs/SEMANTICS.md): table 6 labels the Wazir squares (±1,0) `s/v`, but an orthogonal
    /// vector only counts for its own axis (`vW` = {(0,±1)}, as table 6's own column and
    /// the other (±2,0), (±3,0) cells, and table 7's `l l l r r r` row, say).
    const DISAGREE: [(usize, Vector); 2] = [(6, (-1, 0)), (6, (1, 0))];

    fn d(c: char) -> Dir {
        Dir::from_char(c).unwrap()
    }

    /// The modifiers a table is about.
    fn family(table: usize) -> Vec<DirMod> {
        let pairs = |xs: &[Dir], ys: &[Dir]| -> Vec<DirMod> {
            xs.iter().flat_map(|&x| ys.iter().flat_map(move |&y| [Pair(x, y), Pair(y, x)])).collect()
        };
        match table {
            1 => pairs(&[F, B], &[L, R]),
            2 => vec![Double(F), Double(B), Double(L), Double(R)],
            3 => pairs(&[F, B], &[S]),
            4 => pairs(&[V], &[L, R]),
            5 => pairs(&[V], &[S]),
            6 => vec![One(S), One(V)],
            _ => vec![One(F), One(B), One(L), One(R)],
        }
    }

    /// The modifiers a label names, read in table `table` at vector `v`.
    fn denote(table: usize, label: &str, (dx, dy): Vector) -> Vec<DirMod> {
        let cs: Vec<char> = label.chars().collect();
        let diagonal = dx.abs() == dy.abs();
        match cs.as_slice() {
            [x, '/', y] => vec![One(d(*x)), One(d(*y))],
            [x, y] if x.is_ascii_uppercase() => {
                let (x, y) = (d(x.to_ascii_lowercase()), d(y.to_ascii_lowercase()));
                vec![Pair(x, y), Pair(y, x)]
            }
            [x, y] if x == y => vec![Double(d(*x))],
            [x, y] => vec![Pair(d(*x), d(*y))],
            [x] if table == 2 => vec![One(d(*x)), Double(d(*x))],
            [x] if diagonal => vec![Pair(S, d(*x)), Pair(d(*x), S)],
            [x] => vec![One(d(*x))],
            _ => panic!("bad label {label}"),
        }
    }

    fn cells(table: usize) -> Vec<(Vector, &'static str)> {
        let mut out = Vec::new();
        for (row, line) in TABLES[table - 1].iter().enumerate() {
            let dy = 3 - row as i32;
            let dxs: Vec<i32> = (-3..=3).filter(|&dx| dy != 0 || dx != 0).collect();
            let labels: Vec<&str> = line.split_whitespace().collect();
            assert_eq!(labels.len(), dxs.len(), "table {table} row {dy}");
            out.extend(dxs.into_iter().map(|dx| (dx, dy)).zip(labels));
        }
        out
    }

    #[test]
    fn mbn_direction_tables() {
        let mut checked = 0;
        for table in 1..=7 {
            let fam = family(table);
            for (v, label) in cells(table) {
                if DISAGREE.contains(&(table, v)) {
                    continue;
                }
                let named = denote(table, label, v);
                // Every modifier the label names selects the cell ...
                for &m in &named {
                    assert!(selects(m, v).unwrap(), "table {table} {v:?} `{label}`: {m}");
                }
                // ... and within the table's family exactly those do.
                let got: Vec<DirMod> = fam.iter().copied().filter(|&m| selects(m, v).unwrap()).collect();
                let want: Vec<DirMod> = fam.iter().copied().filter(|m| named.contains(m)).collect();
                assert_eq!(got, want, "table {table} cell {v:?} `{label}`");
                checked += 1;
            }
        }
        assert_eq!(checked, 7 * 48 - DISAGREE.len());
    }

    #[test]
    fn table_6_disagreement_is_real() {
        for &(_, v) in &DISAGREE {
            assert!(selects(One(S), v).unwrap());
            assert!(!selects(One(V), v).unwrap());
        }
    }

    fn sel(m: u32, n: u32, mods: &str) -> Vec<Vector> {
        select(m, n, &parse_mods(mods).unwrap()).unwrap()
    }

    #[test]
    fn knight_examples_from_the_brief() {
        assert_eq!(sel(1, 2, "f"), [(-1, 2), (1, 2)]);
        assert_eq!(sel(1, 2, "s"), [(-2, 1), (2, 1), (-2, -1), (2, -1)]);
        assert_eq!(sel(1, 2, "ff"), [(-1, 2), (1, 2)]);
        assert_eq!(sel(1, 2, "ll"), [(-2, 1), (-2, -1)]);
        assert_eq!(sel(1, 2, "(lf)"), [(-1, 2)]);
        assert_eq!(sel(1, 2, "(fl)"), [(-2, 1)]);
        assert_eq!(sel(1, 2, "(sf)"), [(-1, 2), (1, 2)]);
        assert_eq!(sel(1, 2, "(fs)"), [(-2, 1), (2, 1)]);
        assert_eq!(sel(1, 2, "(ff)"), sel(1, 2, "ff"));
        assert_eq!(sel(1, 1, "f"), [(-1, 1), (1, 1)]);
        assert_eq!(sel(1, 1, "l"), [(-1, 1), (-1, -1)]);
        assert_eq!(sel(1, 1, "s"), sel(1, 1, ""));
        assert_eq!(sel(1, 1, "(lf)"), [(-1, 1)]);
        assert_eq!(sel(1, 1, "(fl)"), [(-1, 1)]);
        assert_eq!(sel(0, 1, "f"), [(0, 1)]);
        assert_eq!(sel(0, 1, "ff"), [(0, 1)]);
    }

    #[test]
    fn extended_leapers() {
        // Giraffe :1,4:
        assert_eq!(sel(1, 4, "f"), [(-1, 4), (1, 4)]);
        assert_eq!(sel(1, 4, "ff"), [(-1, 4), (1, 4)]);
        assert_eq!(sel(1, 4, "(lf)"), [(-1, 4)]);
        assert_eq!(sel(1, 4, "(fl)"), [(-4, 1)]);
        assert_eq!(sel(1, 4, "l"), [(-4, 1), (-4, -1)]);
        assert_eq!(sel(1, 4, "(rb)"), [(1, -4)]);
        // Zebra :2,5:
        assert_eq!(sel(2, 5, "").len(), 8);
        assert_eq!(sel(2, 5, "b"), [(-2, -5), (2, -5)]);
        assert_eq!(sel(2, 5, "(br)"), [(5, -2)]);
        assert_eq!(sel(2, 5, "(vr)"), [(5, 2), (5, -2)]);
        assert_eq!(sel(2, 5, "rr"), [(5, 2), (5, -2)]);
        // :0,4: is orthogonal: 4 vectors, no pair selects any of them.
        assert_eq!(sel(0, 4, ""), [(0, 4), (-4, 0), (4, 0), (0, -4)]);
        assert_eq!(sel(0, 4, "f"), [(0, 4)]);
        assert_eq!(sel(0, 4, "ff"), [(0, 4)]);
        assert_eq!(sel(0, 4, "s"), [(-4, 0), (4, 0)]);
        assert_eq!(sel(0, 4, "(lf)"), []);
        // :3,3: is diagonal: 4 vectors, no doubled letter selects any of them.
        assert_eq!(sel(3, 3, ""), [(-3, 3), (3, 3), (-3, -3), (3, -3)]);
        assert_eq!(sel(3, 3, "f"), [(-3, 3), (3, 3)]);
        assert_eq!(sel(3, 3, "r"), [(3, 3), (3, -3)]);
        assert_eq!(sel(3, 3, "(rb)"), [(3, -3)]);
        assert_eq!(sel(3, 3, "(br)"), [(3, -3)]);
        assert_eq!(sel(3, 3, "ff"), []);
        // One rule for every atom: f:1,2: is fN.
        assert_eq!(sel(1, 2, "f"), [(-1, 2), (1, 2)]);
    }

    #[test]
    fn leaper_vector_counts() {
        assert_eq!(leaper_vectors(0, 0).unwrap(), [(0, 0)]);
        assert_eq!(leaper_vectors(0, 1).unwrap().len(), 4);
        assert_eq!(leaper_vectors(2, 2).unwrap().len(), 4);
        assert_eq!(leaper_vectors(1, 2).unwrap().len(), 8);
        let big = i32::MAX as u32;
        assert_eq!(leaper_vectors(big, big).unwrap()[0], (-i32::MAX, i32::MAX));
        // The zero leaper is selected only by "no modifier".
        assert_eq!(sel(0, 0, ""), [(0, 0)]);
        for m in all_mods() {
            assert!(!selects(m, (0, 0)).unwrap(), "{m}");
        }
    }

    #[test]
    fn combined_modifiers_are_a_union() {
        assert_eq!(sel(0, 1, "fs"), [(0, 1), (-1, 0), (1, 0)]);
        assert_eq!(parse_mods("fs").unwrap(), [One(F), One(S)]);
        assert_eq!(sel(1, 2, "ffs"), [(-1, 2), (1, 2), (-2, 1), (2, 1), (-2, -1), (2, -1)]);
        assert_eq!(sel(1, 2, "(lf)(rb)"), [(-1, 2), (1, -2)]);
        assert_eq!(sel(1, 2, "fb"), sel(1, 2, "v"));
        assert_eq!(sel(1, 2, "lr"), sel(1, 2, "s"));
        assert_eq!(sel(1, 2, "ffbb"), sel(1, 2, "vv"));
        assert_eq!(sel(1, 2, "llrr"), sel(1, 2, "ss"));
        assert_eq!(sel(1, 2, "(sf)"), sel(1, 2, "(lf)(rf)"));
        assert_eq!(sel(1, 2, "(vs)"), sel(1, 2, "(fl)(fr)(bl)(br)"));
        assert_eq!(select(1, 2, &[]).unwrap(), leaper_vectors(1, 2).unwrap());
    }

    #[test]
    fn empty_selections() {
        assert!(is_empty_selection(0, 1, Pair(L, F)).unwrap());
        assert!(is_empty_selection(1, 1, Double(F)).unwrap());
        assert!(!is_empty_selection(1, 2, Double(F)).unwrap());
        assert!(!is_empty_selection(0, 1, Double(F)).unwrap());
        assert!(is_empty_selection(2, 1, One(F)).is_err());
    }

    #[test]
    fn errors() {
        let msg = |r: Result<Vec<DirMod>, DirError>| r.unwrap_err().to_string();
        assert_eq!(msg(parse_mods("(fb)")), "`(fb)` pairs two letters of the same axis");
        assert_eq!(*parse_mods("(lr)").unwrap_err().kind(), DirErrorKind::SameAxis(L, R));
        assert_eq!(*parse_mods("(fv)").unwrap_err().kind(), DirErrorKind::SameAxis(F, V));
        assert_eq!(*parse_mods("fx").unwrap_err().kind(), DirErrorKind::UnknownLetter('x'));
        assert_eq!(*parse_mods("(fq)").unwrap_err().kind(), DirErrorKind::UnknownLetter('q'));
        assert_eq!(*parse_mods("F").unwrap_err().kind(), DirErrorKind::UnknownLetter('F'));
        for bad in ["(", "(l", "(lf", "(lfr)", ")", "lf)"] {
            assert!(parse_mods(bad).is_err(), "{bad}");
        }
        assert!("lf".parse::<DirMod>().is_err());
        assert_eq!("(lf)".parse::<DirMod>().unwrap(), Pair(L, F));
        assert_eq!("ff".parse::<DirMod>().unwrap(), Double(F));
        assert!(selects(Pair(F, B), (0, 1)).is_err());
        assert!(select(1, 2, &[One(F), Pair(S, L)]).is_err());
        let e = select(2, 1, &[]).unwrap_err();
        assert_eq!(e.to_string(), "leaper `:2,1:` must have its smaller component first (`:1,2:`)");
        assert!(leaper_vectors(0, u32::MAX).is_err());
        assert!(leaper_vectors(u32::MAX, u32::MAX).is_err());
    }

    #[test]
    fn display_round_trips() {
        for m in all_mods() {
            assert_eq!(m.to_string().parse::<DirMod>().unwrap(), m);
        }
        assert_eq!(Pair(L, F).to_string(), "(lf)");
        assert_eq!(Double(F).to_string(), "ff");
        assert_eq!(One(S).to_string(), "s");
        assert_eq!(parse_mods("(ff)").unwrap(), [Pair(F, F)]);
    }

    /// Every valid modifier: 6 singles, 6 doubles, 6 `(xx)`, 2 * 3 * 3 cross-axis pairs.
    fn all_mods() -> Vec<DirMod> {
        let mut v: Vec<DirMod> = Dir::ALL.into_iter().flat_map(|x| [One(x), Double(x)]).collect();
        for x in Dir::ALL {
            for y in Dir::ALL {
                if Pair(x, y).validate().is_ok() {
                    v.push(Pair(x, y));
                }
            }
        }
        assert_eq!(v.len(), 12 + 6 + 18);
        v
    }

    fn grid() -> impl Iterator<Item = Vector> {
        (-6..=6).flat_map(|dx| (-6..=6).map(move |dy| (dx, dy)))
    }

    #[test]
    fn scaling_and_mirroring() {
        let mirror = |x: Dir| match x {
            L => R,
            R => L,
            x => x,
        };
        let mirror_mod = |m: DirMod| match m {
            One(x) => One(mirror(x)),
            Double(x) => Double(mirror(x)),
            Pair(x, y) => Pair(mirror(x), mirror(y)),
        };
        for m in all_mods() {
            for (dx, dy) in grid() {
                let s = selects(m, (dx, dy)).unwrap();
                for k in 2..4 {
                    assert_eq!(selects(m, (k * dx, k * dy)).unwrap(), s, "ANCP 8.17 {m}");
                }
                assert_eq!(selects(mirror_mod(m), (-dx, dy)).unwrap(), s, "mirror {m}");
            }
        }
    }

    /// ANCP 8.1-8.16 as corrected in docs/SEMANTICS.md, written with MBN names: ANCP's
    /// `fl` (|X| <= |Y|) is MBN `(lf)`, ANCP's `lf` (|X| >= |Y|) is MBN `(fl)`.
    #[test]
    fn corrected_ancp_formulas() {
        type Pred = fn(i32, i32) -> bool;
        let formulas: [(DirMod, Pred); 16] = [
            (One(F), |x, y| y >= 1 && y.abs() >= x.abs()),
            (Double(F), |x, y| y >= 1 && y.abs() > x.abs()),
            (Pair(L, F), |x, y| x <= -1 && y >= 1 && x.abs() <= y.abs()),
            (Pair(R, F), |x, y| x >= 1 && y >= 1 && x.abs() <= y.abs()),
            (One(B), |x, y| y <= -1 && y.abs() >= x.abs()),
            (Double(B), |x, y| y <= -1 && y.abs() > x.abs()),
            (Pair(L, B), |x, y| x <= -1 && y <= -1 && x.abs() <= y.abs()),
            (Pair(R, B), |x, y| x >= 1 && y <= -1 && x.abs() <= y.abs()),
            (One(L), |x, y| x <= -1 && x.abs() >= y.abs()),
            (Double(L), |x, y| x <= -1 && x.abs() > y.abs()),
            (Pair(F, L), |x, y| x <= -1 && y >= 1 && x.abs() >= y.abs()),
            (Pair(B, L), |x, y| x <= -1 && y <= -1 && x.abs() >= y.abs()),
            (One(R), |x, y| x >= 1 && x.abs() >= y.abs()),
            (Double(R), |x, y| x >= 1 && x.abs() > y.abs()),
            (Pair(F, R), |x, y| x >= 1 && y >= 1 && x.abs() >= y.abs()),
            (Pair(B, R), |x, y| x >= 1 && y <= -1 && x.abs() >= y.abs()),
        ];
        for (m, p) in formulas {
            for (x, y) in grid() {
                assert_eq!(selects(m, (x, y)).unwrap(), p(x, y), "{m} at {:?}", (x, y));
            }
        }
        // s, v and their pairs are unions (ANCP 8.18-8.23, with `t` read as `f`).
        let union = |ms: &[DirMod], v| ms.iter().any(|&m| selects(m, v).unwrap());
        for v in grid() {
            assert_eq!(selects(One(S), v).unwrap(), union(&[One(L), One(R)], v));
            assert_eq!(selects(One(V), v).unwrap(), union(&[One(F), One(B)], v));
            assert_eq!(selects(Double(S), v).unwrap(), union(&[Double(L), Double(R)], v));
            assert_eq!(selects(Double(V), v).unwrap(), union(&[Double(F), Double(B)], v));
            for x in [F, B] {
                assert_eq!(selects(Pair(S, x), v).unwrap(), union(&[Pair(L, x), Pair(R, x)], v));
                assert_eq!(selects(Pair(x, S), v).unwrap(), union(&[Pair(x, L), Pair(x, R)], v));
            }
            for x in [L, R, S] {
                assert_eq!(selects(Pair(V, x), v).unwrap(), union(&[Pair(F, x), Pair(B, x)], v));
                assert_eq!(selects(Pair(x, V), v).unwrap(), union(&[Pair(x, F), Pair(x, B)], v));
            }
        }
    }
}
