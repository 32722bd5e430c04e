//! Colors, pieces and the piece table of a variant.
//!
//! The runtime knows nothing about how pieces move; a [`PieceTable`] only
//! lists the kinds with their FEN symbols and the few properties that board
//! bookkeeping needs (royalty, castling partners, clock resets, demotion).

use core::fmt;
use core::ops::Not;

/// A side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Color {
    /// The side that starts on rank 1 and writes its pieces in upper case.
    White = 0,
    /// The side that starts on the last rank and writes its pieces in lower case.
    Black = 1,
}

impl Color {
    /// Both colors, White first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// 0 for White, 1 for Black.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The rank direction this color moves forward in: +1 for White, -1 for Black.
    #[inline]
    pub const fn forward(self) -> i8 {
        match self {
            Color::White => 1,
            Color::Black => -1,
        }
    }
}

impl Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

/// A piece kind: an index into the variant's [`PieceTable`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PieceKind(pub u8);

impl PieceKind {
    /// The kind's index in the piece table.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// A colored piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// What kind of piece.
    pub kind: PieceKind,
    /// Whose piece.
    pub color: Color,
}

impl Piece {
    /// A piece of `kind` and `color`.
    #[inline]
    pub const fn new(kind: PieceKind, color: Color) -> Self {
        Piece { kind, color }
    }
}

/// Description of one piece kind in a [`PieceTable`].
///
/// Build with [`PieceInfo::new`] and struct update syntax:
/// `PieceInfo { royal: true, ..PieceInfo::new("king", 'K') }`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PieceInfo {
    /// Human-readable name.
    pub name: String,
    /// FEN letter for White, an ASCII upper-case letter (Black uses lower case).
    pub letter: char,
    /// Whether the FEN symbol has a `+` prefix (`+P`, shogi-style promoted kinds).
    pub plus: bool,
    /// Royal pieces must not be left attacked (used by the default legality filter).
    pub royal: bool,
    /// Whether this kind can be a castling partner (the rook in chess).
    pub castling_partner: bool,
    /// Whether moving this kind resets the halfmove clock (the pawn in chess).
    pub resets_clock: bool,
    /// For kinds that only arise by promotion (shogi `+P`): the kind they
    /// demote to when captured into a hand.
    pub promoted_from: Option<PieceKind>,
    /// Whether this kind is an XBetza Imitator (`I`, docs/SEMANTICS.md X62): its moves leave the
    /// position's [`imitated`](crate::Position::imitated) kind as it is.
    pub imitator: bool,
}

impl PieceInfo {
    /// A plain (non-royal, non-partner) kind with FEN letter `letter`.
    pub fn new(name: &str, letter: char) -> Self {
        PieceInfo {
            name: name.to_string(),
            letter,
            plus: false,
            royal: false,
            castling_partner: false,
            resets_clock: false,
            promoted_from: None,
            imitator: false,
        }
    }
}

/// Why a piece kind could not be added to a [`PieceTable`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PieceTableError {
    /// The letter is not an ASCII upper-case letter.
    BadLetter(char),
    /// Another kind already uses this symbol.
    DuplicateSymbol(String),
    /// `promoted_from` names a kind that is not (yet) in the table.
    UnknownKind(PieceKind),
    /// The table already holds [`MAX_PIECE_KINDS`] kinds.
    TooManyKinds,
}

impl fmt::Display for PieceTableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::BadLetter(c) => write!(f, "piece letter {c:?} is not an ASCII upper-case letter"),
            Self::DuplicateSymbol(s) => write!(f, "piece symbol {s} is used twice"),
            Self::UnknownKind(k) => write!(f, "promoted_from refers to unknown kind {}", k.0),
            Self::TooManyKinds => write!(f, "more than {MAX_PIECE_KINDS} piece kinds"),
        }
    }
}

impl std::error::Error for PieceTableError {}

/// Largest number of kinds in a table: one per symbol `A`..`Z` and `+A`..`+Z`.
pub const MAX_PIECE_KINDS: usize = 52;

const NO_KIND: u8 = u8::MAX;

/// The piece kinds of a variant, indexed by [`PieceKind`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PieceTable {
    kinds: Vec<PieceInfo>,
    /// Symbol lookup: index `plus * 26 + (letter - 'A')`.
    lookup: [u8; MAX_PIECE_KINDS],
    promotion_pawn: Option<PieceKind>,
    /// Some kind is an Imitator ([`PieceInfo::imitator`]).
    any_imitator: bool,
}

impl Default for PieceTable {
    fn default() -> Self {
        Self::new()
    }
}

fn symbol_slot(plus: bool, letter: char) -> Option<usize> {
    let upper = letter.to_ascii_uppercase();
    upper.is_ascii_uppercase().then(|| usize::from(plus) * 26 + (upper as usize - 'A' as usize))
}

impl PieceTable {
    /// An empty table.
    pub fn new() -> Self {
        PieceTable { kinds: Vec::new(), lookup: [NO_KIND; MAX_PIECE_KINDS], promotion_pawn: None, any_imitator: false }
    }

    /// The orthodox chess table: `P N B R Q K` as kinds 0..=5 (pawn resets the
    /// clock, rook is the castling partner, king is royal; pawn is the promotion pawn).
    pub fn chess() -> Self {
        let mut t = PieceTable::new();
        let infos = [
            PieceInfo { resets_clock: true, ..PieceInfo::new("pawn", 'P') },
            PieceInfo::new("knight", 'N'),
            PieceInfo::new("bishop", 'B'),
            PieceInfo { castling_partner: true, ..PieceInfo::new("rook", 'R') },
            PieceInfo::new("queen", 'Q'),
            PieceInfo { royal: true, ..PieceInfo::new("king", 'K') },
        ];
        for info in infos {
            // The symbols are distinct upper-case letters, so adding cannot fail.
            let _ = t.add(info);
        }
        t.promotion_pawn = Some(PieceKind(0));
        t
    }

    /// Adds a kind and returns its index.
    pub fn add(&mut self, info: PieceInfo) -> Result<PieceKind, PieceTableError> {
        if !info.letter.is_ascii_uppercase() {
            return Err(PieceTableError::BadLetter(info.letter));
        }
        if self.kinds.len() >= MAX_PIECE_KINDS {
            return Err(PieceTableError::TooManyKinds);
        }
        if let Some(k) = info.promoted_from {
            if k.index() >= self.kinds.len() {
                return Err(PieceTableError::UnknownKind(k));
            }
        }
        let slot = symbol_slot(info.plus, info.letter).ok_or(PieceTableError::BadLetter(info.letter))?;
        if self.lookup[slot] != NO_KIND {
            let plus = if info.plus { "+" } else { "" };
            return Err(PieceTableError::DuplicateSymbol(format!("{plus}{}", info.letter)));
        }
        let kind = PieceKind(self.kinds.len() as u8);
        self.lookup[slot] = kind.0;
        self.any_imitator |= info.imitator;
        self.kinds.push(info);
        Ok(kind)
    }

    /// Sets the kind that `~`-marked promoted pieces (crazyhouse) turn into
    /// when captured into a hand; `None` keeps their own kind.
    pub fn set_promotion_pawn(&mut self, kind: Option<PieceKind>) {
        self.promotion_pawn = kind.filter(|k| k.index() < self.kinds.len());
    }

    /// The kind `~`-marked promoted pieces demote to; see [`Self::set_promotion_pawn`].
    pub fn promotion_pawn(&self) -> Option<PieceKind> {
        self.promotion_pawn
    }

    /// Whether some kind is an Imitator: then [`Position::make_with`](crate::Position::make_with)
    /// records the kind of each piece that moves (docs/SEMANTICS.md X62).
    #[inline]
    pub fn any_imitator(&self) -> bool {
        self.any_imitator
    }

    /// Marks `kind` as an Imitator ([`PieceInfo::imitator`]); a kind not in the table is ignored.
    pub fn set_imitator(&mut self, kind: PieceKind) {
        if let Some(info) = self.kinds.get_mut(kind.index()) {
            info.imitator = true;
            self.any_imitator = true;
        }
    }

    /// Whether `kind` is an Imitator ([`PieceInfo::imitator`]).
    pub fn is_imitator(&self, kind: PieceKind) -> bool {
        self.get(kind).is_some_and(|i| i.imitator)
    }

    /// Number of kinds.
    pub fn len(&self) -> usize {
        self.kinds.len()
    }

    /// Whether the table has no kinds.
    pub fn is_empty(&self) -> bool {
        self.kinds.is_empty()
    }

    /// The description of `kind`, if it exists.
    pub fn get(&self, kind: PieceKind) -> Option<&PieceInfo> {
        self.kinds.get(kind.index())
    }

    /// All kinds with their descriptions, in index order.
    pub fn iter(&self) -> impl Iterator<Item = (PieceKind, &PieceInfo)> {
        self.kinds.iter().enumerate().map(|(i, info)| (PieceKind(i as u8), info))
    }

    /// The kind written `letter` (either case), with a `+` prefix if `plus`.
    pub fn kind_of_symbol(&self, plus: bool, letter: char) -> Option<PieceKind> {
        let k = *self.lookup.get(symbol_slot(plus, letter)?)?;
        (k != NO_KIND).then_some(PieceKind(k))
    }

    /// The piece written `letter` (upper case = White), with a `+` prefix if `plus`.
    pub fn piece_of_symbol(&self, plus: bool, letter: char) -> Option<Piece> {
        let kind = self.kind_of_symbol(plus, letter)?;
        let color = if letter.is_ascii_uppercase() { Color::White } else { Color::Black };
        Some(Piece::new(kind, color))
    }

    /// Writes the FEN symbol of `piece` (`P`, `p`, `+P`, `+p`); `?` for an unknown kind.
    pub fn write_symbol(&self, piece: Piece, out: &mut impl fmt::Write) -> fmt::Result {
        let Some(info) = self.get(piece.kind) else {
            return out.write_char('?');
        };
        if info.plus {
            out.write_char('+')?;
        }
        out.write_char(match piece.color {
            Color::White => info.letter,
            Color::Black => info.letter.to_ascii_lowercase(),
        })
    }

    /// The FEN symbol of `piece`; see [`Self::write_symbol`].
    pub fn symbol(&self, piece: Piece) -> String {
        let mut s = String::with_capacity(2);
        // Writing to a String cannot fail.
        let _ = self.write_symbol(piece, &mut s);
        s
    }

    /// Whether `kind` is royal.
    #[inline]
    pub fn is_royal(&self, kind: PieceKind) -> bool {
        self.get(kind).is_some_and(|i| i.royal)
    }

    /// Whether `kind` can be a castling partner.
    #[inline]
    pub fn is_castling_partner(&self, kind: PieceKind) -> bool {
        self.get(kind).is_some_and(|i| i.castling_partner)
    }

    /// Whether moving `kind` resets the halfmove clock.
    #[inline]
    pub fn resets_clock(&self, kind: PieceKind) -> bool {
        self.get(kind).is_some_and(|i| i.resets_clock)
    }

    /// The kind a captured piece of `kind` becomes in the capturer's hand;
    /// `marked_promoted` says whether it carried a `~` promotion mark.
    #[inline]
    pub fn hand_kind(&self, kind: PieceKind, marked_promoted: bool) -> PieceKind {
        match self.get(kind).and_then(|i| i.promoted_from) {
            Some(base) => base,
            None if marked_promoted => self.promotion_pawn.unwrap_or(kind),
            None => kind,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_symbols() {
        let mut t = PieceTable::chess();
        let pawn = t.kind_of_symbol(false, 'p').unwrap();
        let tokin = t.add(PieceInfo { plus: true, promoted_from: Some(pawn), ..PieceInfo::new("tokin", 'P') }).unwrap();
        assert_eq!(t.kind_of_symbol(true, 'P'), Some(tokin));
        assert_eq!(t.piece_of_symbol(true, 'p'), Some(Piece::new(tokin, Color::Black)));
        assert_eq!(t.symbol(Piece::new(tokin, Color::Black)), "+p");
        assert_eq!(t.symbol(Piece::new(PieceKind(5), Color::White)), "K");
        assert_eq!(t.symbol(Piece::new(PieceKind(60), Color::White)), "?");
        assert!(t.is_royal(PieceKind(5)) && !t.is_royal(PieceKind(4)));
        assert_eq!(t.kind_of_symbol(false, 'x'), None);
        assert_eq!(t.kind_of_symbol(false, '1'), None);
        assert_eq!(t.kind_of_symbol(false, 'é'), None);
        assert_eq!(t.hand_kind(tokin, false), pawn);
        assert_eq!(t.hand_kind(PieceKind(4), true), pawn);
        assert_eq!(t.hand_kind(PieceKind(4), false), PieceKind(4));
        assert_eq!(t.add(PieceInfo::new("x", 'p')), Err(PieceTableError::BadLetter('p')));
        assert!(matches!(t.add(PieceInfo::new("x", 'Q')), Err(PieceTableError::DuplicateSymbol(_))));
        let bad = PieceInfo { promoted_from: Some(PieceKind(40)), ..PieceInfo::new("x", 'X') };
        assert_eq!(t.add(bad), Err(PieceTableError::UnknownKind(PieceKind(40))));
        assert_eq!(!Color::White, Color::Black);
    }
}
