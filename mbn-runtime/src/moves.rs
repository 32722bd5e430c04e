//! Moves, move lists and UCI move text.
//!
//! A [`Move`] is a 14-byte `Copy` value. Multi-capture (locust) moves keep
//! their extra captured squares out of line in the [`MoveList`] that holds
//! them: the move stores only an index and a count, so ordinary moves pay
//! nothing. Pass `list.extra_captures(&mv)` to
//! [`Position::make_with`](crate::position::Position::make_with) when making such a move.
//!
//! UCI text: `e2e4`, `a10b10`, promotion `e7e8q` (lower-case letter) or
//! `b2b3+` (promotion to a kind whose symbol has a `+` prefix), drop `P@e4`
//! (upper-case symbol, `+P@e4` for `+` kinds), castling as the king's move
//! `e1g1` (or king-takes-partner `e1h1` when the king does not move), and
//! extra captures as `x` plus a square each: `d4d6xd5`; a relocation (XBetza
//! `u` on a later leg, the Valkyrie) as the mover's move plus `>` and the square
//! the displaced piece goes to: `d1d5>d3`; a swap (MBN `w`) as the relocation that sends the
//! displaced piece to the mover's square, `d4e5>d4`, never the capture's `d4e5`; a flip (MBN
//! `x`: the piece on `to` changes colour, the mover stays) as the mover's square twice, `~` and
//! the flipped square, `d4d4~e5`, like a flip on the way (below); a stationary capture (the mover
//! stays on `from` and takes the pieces on its extra captures: the Lion's igui, a rifle capture) as
//! its square twice plus the captured squares, `d4d4xd5`, which a pass (`d4d4`, no `x`) and the
//! ordinary capture (`d4d5`) never read as; a swap on the way (MBN `w` on a
//! leg another leg follows) as the mover's move, its extra captures, then `/` and the swapped
//! piece's squares: `d4e6/e5d4` (the piece on e5 goes to d4, the mover to e6); a flip on the way
//! (MBN `x` on a leg another leg follows) as the mover's move, its extra captures, then `~` and the
//! flipped piece's square: `d4d6~d5`.

use core::fmt;
use core::ops::BitOr;

use crate::geometry::{Geometry, Square, SquareError};
use crate::piece::{Color, Piece, PieceKind, PieceTable};

/// Move kind flags; a quiet move has none.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct MoveFlags(pub u16);

impl MoveFlags {
    /// No flags: a quiet move.
    pub const QUIET: MoveFlags = MoveFlags(0);
    /// Captures the piece on the destination (or the en passant victim).
    pub const CAPTURE: MoveFlags = MoveFlags(1);
    /// A multi-step move that leaves en passant targets on the squares it passed.
    pub const DOUBLE_STEP: MoveFlags = MoveFlags(2);
    /// Captures the position's en passant victim.
    pub const EN_PASSANT: MoveFlags = MoveFlags(4);
    /// Castling: `from`/`to` are the king's, the partner squares are stored too.
    pub const CASTLE: MoveFlags = MoveFlags(8);
    /// Drop from hand onto `to`.
    pub const DROP: MoveFlags = MoveFlags(16);
    /// The moving piece changes kind.
    pub const PROMOTION: MoveFlags = MoveFlags(32);
    /// Swap (MBN `w`): the mover goes to `to`, the piece there to `from`.
    pub const SWAP: MoveFlags = MoveFlags(64);
    /// A pass (MBN's zero leaper `O`): nothing moves, the turn goes to the opponent.
    pub const PASS: MoveFlags = MoveFlags(128);
    /// Decisive (MBN `#`): the game ends with this move, won by the mover; the position after it
    /// has no legal moves.
    pub const DECISIVE: MoveFlags = MoveFlags(256);
    /// MBN `k`: legal only if it leaves no enemy royal piece in check.
    pub const NO_CHECK: MoveFlags = MoveFlags(512);
    /// MBN `kk`: legal only if it does not checkmate.
    pub const NO_MATE: MoveFlags = MoveFlags(1024);
    /// Flip (MBN `x`): the piece on `to` changes colour; the mover stays on `from`.
    pub const FLIP: MoveFlags = MoveFlags(2048);
    /// Made in check, in a variant with MBN `ii` moves: the mover's unmoved royal pieces lose
    /// their `ii` moves ([`Position::decayed`](crate::position::Position::decayed); docs/SEMANTICS.md M52).
    pub const CHECKED: MoveFlags = MoveFlags(4096);
    /// Stationary capture: the mover stays on `from` (`to == from`) and the pieces on the move's
    /// extra captures are taken (the Lion's igui, rifle captures; docs/SEMANTICS.md M61).
    pub const STAY: MoveFlags = MoveFlags(8192);
    /// A swap on the way (MBN `w` on a leg another leg follows, docs/SEMANTICS.md M63): the mover
    /// goes `from` to `to` (capturing there with [`MoveFlags::CAPTURE`]) and one other piece of
    /// either colour from the partner's `from` to its `to` ([`Move::swapped`]).
    pub const SWAP_ON_THE_WAY: MoveFlags = MoveFlags(16384);
    /// A flip on the way (MBN `x` on a leg another leg follows, docs/SEMANTICS.md M126): the mover
    /// goes `from` to `to` (capturing there with [`MoveFlags::CAPTURE`]) and the piece on one
    /// other square changes colour where it stands ([`Move::flipped`]).
    pub const FLIP_ON_THE_WAY: MoveFlags = MoveFlags(32768);

    /// Whether all flags of `other` are set.
    #[inline]
    pub const fn contains(self, other: MoveFlags) -> bool {
        self.0 & other.0 == other.0
    }
}

impl BitOr for MoveFlags {
    type Output = MoveFlags;
    #[inline]
    fn bitor(self, rhs: MoveFlags) -> MoveFlags {
        MoveFlags(self.0 | rhs.0)
    }
}

const NO_PIECE: u8 = u8::MAX;

/// A move. Build with the constructors; drops have `from == to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    from: Square,
    to: Square,
    partner_from: Square,
    partner_to: Square,
    extra_start: u16,
    flags: MoveFlags,
    /// Promotion kind or dropped kind, `NO_PIECE` if neither.
    piece: u8,
    extra_len: u8,
}

impl Move {
    /// A move with the given flags (no promotion, drop or castling data).
    #[inline]
    pub const fn new(from: Square, to: Square, flags: MoveFlags) -> Self {
        Move { from, to, partner_from: from, partner_to: to, extra_start: 0, flags, piece: NO_PIECE, extra_len: 0 }
    }

    /// A non-capturing move.
    #[inline]
    pub const fn quiet(from: Square, to: Square) -> Self {
        Move::new(from, to, MoveFlags::QUIET)
    }

    /// A capture of the piece on `to`.
    #[inline]
    pub const fn capture(from: Square, to: Square) -> Self {
        Move::new(from, to, MoveFlags::CAPTURE)
    }

    /// A multi-step move that sets en passant targets on the passed squares.
    #[inline]
    pub const fn double_step(from: Square, to: Square) -> Self {
        Move::new(from, to, MoveFlags::DOUBLE_STEP)
    }

    /// An en passant capture moving to `to` (a current en passant target).
    #[inline]
    pub const fn en_passant(from: Square, to: Square) -> Self {
        Move::new(from, to, MoveFlags(MoveFlags::CAPTURE.0 | MoveFlags::EN_PASSANT.0))
    }

    /// Castling: the king goes `king_from` to `king_to`, the partner `partner_from` to `partner_to`.
    #[inline]
    pub const fn castle(king_from: Square, king_to: Square, partner_from: Square, partner_to: Square) -> Self {
        let mut m = Move::new(king_from, king_to, MoveFlags::CASTLE);
        m.partner_from = partner_from;
        m.partner_to = partner_to;
        m
    }

    /// A swap (MBN `w`): the piece on `from` goes to `to` and the piece on `to` (of either
    /// colour) goes to `from`. UCI text `d4e5>d4`, the relocation's form (the capture is `d4e5`).
    #[inline]
    pub const fn swap(from: Square, to: Square) -> Self {
        let mut m = Move::new(from, to, MoveFlags::SWAP);
        m.partner_from = to;
        m.partner_to = from;
        m
    }

    /// A relocation (XBetza `u` on a later leg, the Valkyrie's `afudQ`): the piece on `from`
    /// goes to `to` and the piece on `to` (of either colour) goes to `displaced_to`, which must
    /// be empty or `from`. A swap when `displaced_to == from`; nothing is captured.
    #[inline]
    pub const fn relocate(from: Square, to: Square, displaced_to: Square) -> Self {
        let mut m = Move::new(from, to, MoveFlags::SWAP);
        m.partner_from = to;
        m.partner_to = displaced_to;
        m
    }

    /// A swap on the way (MBN `w` on a leg another leg follows, M63): the piece on `from` goes to
    /// `to`, capturing the piece there when `capture`, and the piece on `swapped_from` (of either
    /// colour) goes to `swapped_to`, the start square of the swapping leg (empty once the mover has
    /// left it, or `from`). Extra captures go in the [`MoveList`] as for any locust move.
    #[inline]
    pub const fn swap_on_the_way(
        from: Square,
        to: Square,
        capture: bool,
        swapped_from: Square,
        swapped_to: Square,
    ) -> Self {
        let flags =
            if capture { MoveFlags::SWAP_ON_THE_WAY.0 | MoveFlags::CAPTURE.0 } else { MoveFlags::SWAP_ON_THE_WAY.0 };
        let mut m = Move::new(from, to, MoveFlags(flags));
        m.partner_from = swapped_from;
        m.partner_to = swapped_to;
        m
    }

    /// A flip on the way (MBN `x` on a leg another leg follows, M126): the piece on `from` goes to
    /// `to`, capturing the piece there when `capture`, and the piece on `flipped` (of either
    /// colour, never royal) turns to the other colour where it stands. Extra captures go in the
    /// [`MoveList`] as for any locust move.
    #[inline]
    pub const fn flip_on_the_way(from: Square, to: Square, capture: bool, flipped: Square) -> Self {
        let flags =
            if capture { MoveFlags::FLIP_ON_THE_WAY.0 | MoveFlags::CAPTURE.0 } else { MoveFlags::FLIP_ON_THE_WAY.0 };
        let mut m = Move::new(from, to, MoveFlags(flags));
        m.partner_from = flipped;
        m
    }

    /// The square of a flip on the way's flipped piece ([`Move::flip_on_the_way`]); `None` for
    /// every other move.
    #[inline]
    pub const fn flipped(self) -> Option<Square> {
        if self.flags.contains(MoveFlags::FLIP_ON_THE_WAY) {
            Some(self.partner_from)
        } else {
            None
        }
    }

    /// A swap on the way's swapped piece: the square it leaves and the square it goes to
    /// ([`Move::swap_on_the_way`]); `None` for every other move.
    #[inline]
    pub const fn swapped(self) -> Option<(Square, Square)> {
        if self.flags.contains(MoveFlags::SWAP_ON_THE_WAY) {
            Some((self.partner_from, self.partner_to))
        } else {
            None
        }
    }

    /// Where a relocation puts the displaced piece, when that is not the mover's origin (a
    /// plain swap's).
    #[inline]
    pub const fn relocation(self) -> Option<Square> {
        if self.is_swap() && self.partner_to.index() != self.from.index() {
            Some(self.partner_to)
        } else {
            None
        }
    }

    /// A pass by the piece on `sq` (MBN's zero leaper `O`): `from == to`, UCI `e2e2`.
    #[inline]
    pub const fn pass(sq: Square) -> Self {
        Move::new(sq, sq, MoveFlags::PASS)
    }

    /// A stationary capture by the piece on `sq` (docs/SEMANTICS.md M61): it stays there and takes
    /// the pieces on the extra captures it is pushed with
    /// ([`MoveList::push_with_captures`]); UCI text `d4d4xd5`.
    #[inline]
    pub const fn stay(sq: Square) -> Self {
        Move::new(sq, sq, MoveFlags::STAY)
    }

    /// Whether the move is a stationary capture ([`Move::stay`]).
    #[inline]
    pub const fn is_stay(self) -> bool {
        self.flags.contains(MoveFlags::STAY)
    }

    /// A drop of `kind` from hand onto `to`.
    #[inline]
    pub const fn drop(kind: PieceKind, to: Square) -> Self {
        let mut m = Move::new(to, to, MoveFlags::DROP);
        m.piece = kind.0;
        m
    }

    /// This move, promoting the moving piece to `kind`.
    #[inline]
    pub const fn with_promotion(mut self, kind: PieceKind) -> Self {
        self.flags = MoveFlags(self.flags.0 | MoveFlags::PROMOTION.0);
        self.piece = kind.0;
        self
    }

    /// This move with `flags` added.
    #[inline]
    pub const fn with_flags(mut self, flags: MoveFlags) -> Self {
        self.flags = MoveFlags(self.flags.0 | flags.0);
        self
    }

    /// This move, decisive (MBN `#`): it ends the game.
    #[inline]
    pub const fn decisive(self) -> Self {
        self.with_flags(MoveFlags::DECISIVE)
    }

    /// This move, restricted by MBN `k` (`mate_only`: `kk`): legal only if it gives no check
    /// (does not checkmate).
    #[inline]
    pub const fn no_check(self, mate_only: bool) -> Self {
        self.with_flags(if mate_only { MoveFlags::NO_MATE } else { MoveFlags::NO_CHECK })
    }

    /// Whether the move is restricted by MBN `k` or `kk` (see [`Move::no_check`]).
    #[inline]
    pub const fn has_check_rule(self) -> bool {
        self.flags.0 & (MoveFlags::NO_CHECK.0 | MoveFlags::NO_MATE.0) != 0
    }

    /// A flip (MBN `x`): the piece on `to` changes colour, the piece on `from` stays. UCI text
    /// `d4d4~e5`: the mover's square twice, as it stays, then the flipped square (the capture is
    /// `d4e5`).
    #[inline]
    pub const fn flip(from: Square, to: Square) -> Self {
        Move::new(from, to, MoveFlags::FLIP)
    }

    /// Whether the move is a flip (MBN `x`).
    #[inline]
    pub const fn is_flip(self) -> bool {
        self.flags.contains(MoveFlags::FLIP)
    }

    /// Whether the move ends the game (MBN `#`).
    #[inline]
    pub const fn is_decisive(self) -> bool {
        self.flags.contains(MoveFlags::DECISIVE)
    }

    /// Origin square (the destination for drops).
    #[inline]
    pub const fn from(self) -> Square {
        self.from
    }

    /// Destination square (the king's for castling).
    #[inline]
    pub const fn to(self) -> Square {
        self.to
    }

    /// The move's flags.
    #[inline]
    pub const fn flags(self) -> MoveFlags {
        self.flags
    }

    /// Whether the move captures (flag only; extra captures are separate).
    #[inline]
    pub const fn is_capture(self) -> bool {
        self.flags.contains(MoveFlags::CAPTURE)
    }

    /// Whether the move is a multi-step that sets en passant targets.
    #[inline]
    pub const fn is_double_step(self) -> bool {
        self.flags.contains(MoveFlags::DOUBLE_STEP)
    }

    /// Whether the move captures en passant.
    #[inline]
    pub const fn is_en_passant(self) -> bool {
        self.flags.contains(MoveFlags::EN_PASSANT)
    }

    /// Whether the move is castling.
    #[inline]
    pub const fn is_castle(self) -> bool {
        self.flags.contains(MoveFlags::CASTLE)
    }

    /// Whether the move is a swap.
    #[inline]
    pub const fn is_swap(self) -> bool {
        self.flags.contains(MoveFlags::SWAP)
    }

    /// Whether the move is a pass.
    #[inline]
    pub const fn is_pass(self) -> bool {
        self.flags.contains(MoveFlags::PASS)
    }

    /// Whether the move is a drop.
    #[inline]
    pub const fn is_drop(self) -> bool {
        self.flags.contains(MoveFlags::DROP)
    }

    /// Whether the move promotes.
    #[inline]
    pub const fn is_promotion(self) -> bool {
        self.flags.contains(MoveFlags::PROMOTION)
    }

    /// The kind promoted to.
    #[inline]
    pub const fn promotion(self) -> Option<PieceKind> {
        if self.is_promotion() && !self.is_drop() {
            Some(PieceKind(self.piece))
        } else {
            None
        }
    }

    /// The kind dropped.
    #[inline]
    pub const fn dropped(self) -> Option<PieceKind> {
        if self.is_drop() {
            Some(PieceKind(self.piece))
        } else {
            None
        }
    }

    /// The second moved piece's origin: the castling partner's, or `to` for swaps.
    #[inline]
    pub const fn partner_from(self) -> Option<Square> {
        if self.flags.0 & (MoveFlags::CASTLE.0 | MoveFlags::SWAP.0) != 0 {
            Some(self.partner_from)
        } else {
            None
        }
    }

    /// The second moved piece's destination: the castling partner's, or `from` for swaps.
    #[inline]
    pub const fn partner_to(self) -> Option<Square> {
        if self.flags.0 & (MoveFlags::CASTLE.0 | MoveFlags::SWAP.0) != 0 {
            Some(self.partner_to)
        } else {
            None
        }
    }

    /// Number of extra (locust) captures, stored in the owning [`MoveList`].
    #[inline]
    pub const fn extra_capture_count(self) -> usize {
        self.extra_len as usize
    }

    /// Writes the move as UCI text (see the [module docs](crate::moves));
    /// `extra` are its extra captured squares.
    pub fn write_uci(
        self,
        geometry: Geometry,
        table: &PieceTable,
        extra: &[Square],
        out: &mut impl fmt::Write,
    ) -> fmt::Result {
        if let Some(kind) = self.dropped() {
            table.write_symbol(Piece::new(kind, Color::White), out)?;
            out.write_char('@')?;
            return geometry.write_square(self.to, out);
        }
        geometry.write_square(self.from, out)?;
        let (to, displaced_to, flipped) = self.written_squares();
        geometry.write_square(to, out)?;
        if let Some(kind) = self.promotion() {
            match table.get(kind) {
                Some(info) if info.plus => out.write_char('+')?,
                Some(info) => out.write_char(info.letter.to_ascii_lowercase())?,
                None => out.write_char('?')?,
            }
        }
        for &sq in extra {
            out.write_char('x')?;
            geometry.write_square(sq, out)?;
        }
        if let Some(sq) = displaced_to {
            out.write_char('>')?;
            geometry.write_square(sq, out)?;
        }
        if let Some((s, t)) = self.swapped() {
            out.write_char('/')?;
            geometry.write_square(s, out)?;
            geometry.write_square(t, out)?;
        }
        if let Some(sq) = flipped {
            out.write_char('~')?;
            geometry.write_square(sq, out)?;
        }
        Ok(())
    }

    /// The squares the UCI text writes after `from`: the second square (the king's partner for
    /// king-takes-partner castling, `from` for a flip, whose mover stays), where a swap or
    /// relocation puts the displaced piece (`>`), and the flipped square (`~`).
    const fn written_squares(self) -> (Square, Option<Square>, Option<Square>) {
        let to = if self.is_flip() {
            self.from
        } else if self.is_castle() && self.from.index() == self.to.index() {
            self.partner_from
        } else {
            self.to
        };
        let displaced_to = if self.is_swap() { Some(self.partner_to) } else { None };
        let flipped = if self.is_flip() { Some(self.to) } else { self.flipped() };
        (to, displaced_to, flipped)
    }

    /// The move as UCI text; see [`Move::write_uci`].
    pub fn to_uci(self, geometry: Geometry, table: &PieceTable, extra: &[Square]) -> String {
        let mut s = String::with_capacity(6);
        // Writing to a String cannot fail.
        let _ = self.write_uci(geometry, table, extra, &mut s);
        s
    }
}

/// What tells moves apart, their promotion and decisive flag aside (a drop's kind tells drops
/// apart).
fn promotion_apart(m: &Move) -> (Square, Square, Square, Square, u16, u8) {
    let strip = MoveFlags::PROMOTION.0 | MoveFlags::DECISIVE.0;
    let dropped = if m.is_promotion() { NO_PIECE } else { m.piece };
    (m.from, m.to, m.partner_from, m.partner_to, m.flags.0 & !strip, dropped)
}

/// The list was too full to record a move's extra captures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveListFull;

impl fmt::Display for MoveListFull {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "move list cannot hold more extra-capture squares")
    }
}

impl std::error::Error for MoveListFull {}

/// A list of moves plus the out-of-line extra-capture squares of locust moves.
///
/// Reuse one list per search depth (`clear` keeps the allocation) so that
/// move generation does not allocate in steady state.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveList {
    moves: Vec<Move>,
    extra: Vec<Square>,
}

impl MoveList {
    /// An empty list.
    pub fn new() -> Self {
        Self::default()
    }

    /// An empty list with room for `n` moves.
    pub fn with_capacity(n: usize) -> Self {
        MoveList { moves: Vec::with_capacity(n), extra: Vec::new() }
    }

    /// Removes all moves, keeping the allocations.
    #[inline]
    pub fn clear(&mut self) {
        self.moves.clear();
        self.extra.clear();
    }

    /// Number of moves.
    #[inline]
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether the list is empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// Appends a move without extra captures.
    #[inline]
    pub fn push(&mut self, mv: Move) {
        self.moves.push(mv);
    }

    /// Appends a move that also captures the pieces on `extra` (at most 255 squares).
    pub fn push_with_captures(&mut self, mut mv: Move, extra: &[Square]) -> Result<(), MoveListFull> {
        if extra.is_empty() {
            // The same value as [`Self::push`]'s, so equal moves compare equal ([`Self::dedup_from`]).
            self.moves.push(Move { extra_start: 0, extra_len: 0, ..mv });
            return Ok(());
        }
        let start = u16::try_from(self.extra.len()).map_err(|_| MoveListFull)?;
        let len = u8::try_from(extra.len()).map_err(|_| MoveListFull)?;
        if usize::from(start) + extra.len() > usize::from(u16::MAX) {
            return Err(MoveListFull);
        }
        self.extra.extend_from_slice(extra);
        mv.extra_start = start;
        mv.extra_len = len;
        self.moves.push(mv);
        Ok(())
    }

    /// The moves.
    #[inline]
    pub fn as_slice(&self) -> &[Move] {
        &self.moves
    }

    /// Iterates over the moves.
    #[inline]
    pub fn iter(&self) -> core::slice::Iter<'_, Move> {
        self.moves.iter()
    }

    /// The `i`-th move.
    #[inline]
    pub fn get(&self, i: usize) -> Option<Move> {
        self.moves.get(i).copied()
    }

    /// The extra captured squares of `mv`, a move of this list (empty for ordinary moves).
    #[inline]
    pub fn extra_captures(&self, mv: &Move) -> &[Square] {
        let start = usize::from(mv.extra_start);
        self.extra.get(start..start + mv.extra_capture_count()).unwrap_or(&[])
    }

    /// Removes the repeats, from `start` on, of moves without extra captures, keeping the first
    /// (a move induced by two pieces, XBetza `x`).
    pub fn dedup_from(&mut self, start: usize) {
        let mut seen = std::collections::HashSet::new();
        self.retain_from(start, |mv, extra| !extra.is_empty() || seen.insert(mv));
    }

    /// Removes the repeats, from `start` on, of moves with the same extra captures (in any order),
    /// keeping the first (an Imitator's `vI` making a multi-capture both ways, XBetza X62).
    pub fn dedup_captures_from(&mut self, start: usize) {
        let mut seen = std::collections::HashSet::new();
        self.retain_from(start, |mv, extra| {
            let mut squares = extra.to_vec();
            squares.sort_by_key(|s| s.index());
            seen.insert((Move { extra_start: 0, extra_len: 0, ..mv }, squares))
        });
    }

    /// Whether a move from index `start` on is `mv` apart from its promotion and captures exactly
    /// `extra` on the way: the same move made by another leg, path or lender, listed with its
    /// promotion choices already (docs/SEMANTICS.md M138).
    pub fn lists(&self, mv: Move, extra: &[Square], start: usize) -> bool {
        let key = |m: &Move| (promotion_apart(m), m.flags.0 & MoveFlags::DECISIVE.0);
        self.moves.iter().skip(start).any(|m| key(m) == key(&mv) && self.extra_captures(m) == extra)
    }

    /// [`Self::lists`] with the decisive flag aside too: the same move made by a decisive leg
    /// (MBN `#`, M31) counts as listed.
    pub fn lists_decisive_or_not(&self, mv: Move, extra: &[Square], start: usize) -> bool {
        let key = promotion_apart(&mv);
        self.moves.iter().skip(start).any(|m| promotion_apart(m) == key && self.extra_captures(m) == extra)
    }

    /// Marks decisive (MBN `#` on a leg of a multi-leg move) every move from index `start` on that
    /// is `mv` apart from its promotion and decisive flag and captures exactly `extra` on the way;
    /// returns whether there was one (the decisive move is then listed already).
    pub fn make_decisive(&mut self, mv: Move, extra: &[Square], start: usize) -> bool {
        let mut found = false;
        for i in start..self.moves.len() {
            let m = self.moves[i];
            if promotion_apart(&m) == promotion_apart(&mv) && self.extra_captures(&m) == extra {
                self.moves[i] = m.decisive();
                found = true;
            }
        }
        found
    }

    /// Lists once, from index `start` on, the moves that differ only in their check rule (MBN `k`,
    /// `kk`) or decisive flag (`#`): the first of them stays, with the weakest rule among them
    /// (none before `kk` before `k`), decisive if any of them was (docs/SEMANTICS.md M31, M33, M82).
    pub fn merge_check_rules_from(&mut self, start: usize) {
        let rules = MoveFlags::NO_CHECK.0 | MoveFlags::NO_MATE.0;
        let strip = rules | MoveFlags::DECISIVE.0;
        let strength = |flags: u16| (flags & MoveFlags::NO_CHECK.0 != 0, flags & MoveFlags::NO_MATE.0 != 0);
        let mut first = std::collections::HashMap::new();
        let mut repeated = Vec::new();
        for i in start..self.moves.len() {
            let mv = self.moves[i];
            let key = (
                Move { extra_start: 0, flags: MoveFlags(mv.flags.0 & !strip), ..mv },
                self.extra_captures(&mv).to_vec(),
            );
            let Some(&j) = first.get(&key) else {
                first.insert(key, i);
                continue;
            };
            let kept = self.moves[j];
            let rule =
                if strength(mv.flags.0 & rules) < strength(kept.flags.0 & rules) { mv.flags.0 } else { kept.flags.0 }
                    & rules;
            let decisive = (mv.flags.0 | kept.flags.0) & MoveFlags::DECISIVE.0;
            self.moves[j].flags = MoveFlags((kept.flags.0 & !strip) | rule | decisive);
            repeated.push(i);
        }
        let mut index = 0;
        self.moves.retain(|_| {
            index += 1;
            repeated.binary_search(&(index - 1)).is_err()
        });
    }

    /// Removes, from index `start` on, every double step (a move leaving e.p. rights) that is
    /// also listed without the rights: a quiet move made both ways is made once, without them
    /// (MBN `me` on a multi-leg move beside a leg without `e`, docs/SEMANTICS.md M93, M94).
    pub fn drop_double_steps_made_quietly_from(&mut self, start: usize) {
        if !self.moves.iter().skip(start).any(|m| m.is_double_step()) {
            return;
        }
        let plain = |mv: &Move| Move { flags: MoveFlags(mv.flags.0 & !MoveFlags::DOUBLE_STEP.0), ..*mv };
        let quiet: Vec<Move> = self.moves.iter().skip(start).filter(|m| !m.is_double_step()).copied().collect();
        let mut index = 0;
        self.moves.retain(|mv| {
            index += 1;
            index <= start || !mv.is_double_step() || !quiet.contains(&plain(mv))
        });
    }

    /// Adds `flags` to every move from index `start` on.
    pub fn add_flags_from(&mut self, start: usize, flags: MoveFlags) {
        for mv in self.moves.iter_mut().skip(start) {
            *mv = mv.with_flags(flags);
        }
    }

    /// Keeps only the moves for which `keep(move, extra_captures)` is true.
    pub fn retain(&mut self, mut keep: impl FnMut(Move, &[Square]) -> bool) {
        let extra = &self.extra;
        self.moves.retain(|mv| {
            let start = usize::from(mv.extra_start);
            let ex = extra.get(start..start + mv.extra_capture_count()).unwrap_or(&[]);
            keep(*mv, ex)
        });
    }

    /// Keeps the first `start` moves, and of the moves after them those for which
    /// `keep(move, extra_captures)` is true: a legality test of the moves a generator has just
    /// added to a list that held moves before.
    pub fn retain_from(&mut self, start: usize, mut keep: impl FnMut(Move, &[Square]) -> bool) {
        let mut index = 0;
        self.retain(|mv, extra| {
            index += 1;
            index <= start || keep(mv, extra)
        });
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = core::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.moves.iter()
    }
}

/// A promotion as written in UCI text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UciPromotion {
    /// A letter naming the kind (`e7e8q`).
    Kind(PieceKind),
    /// A `+` suffix: promotion to a kind with a `+` symbol.
    Plus,
}

/// UCI move text after parsing, before matching against legal moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UciMove {
    /// Origin square; `None` for drops.
    pub from: Option<Square>,
    /// Destination square (for castling: the king's, or its partner's).
    pub to: Square,
    /// Dropped kind, for drops.
    pub drop: Option<PieceKind>,
    /// Promotion, if written.
    pub promotion: Option<UciPromotion>,
    /// Extra captured squares, if written.
    pub extra: Vec<Square>,
    /// `>sq`: where a relocation puts the displaced piece ([`Move::relocate`]).
    pub relocation: Option<Square>,
    /// `/st`: a swap on the way's swapped piece, from `s` to `t` ([`Move::swap_on_the_way`]).
    pub swapped: Option<(Square, Square)>,
    /// `~s`: a flip on the way's flipped piece ([`Move::flip_on_the_way`]).
    pub flipped: Option<Square>,
}

/// A move text error: what went wrong and at which byte.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveParseError {
    /// Byte offset into the move text.
    pub column: usize,
    /// What went wrong.
    pub kind: MoveParseErrorKind,
}

/// What went wrong while reading move text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveParseErrorKind {
    /// A bad square.
    Square(SquareError),
    /// A piece symbol not in the piece table.
    UnknownPiece(String),
    /// A character that cannot appear here.
    UnexpectedChar(char),
    /// The text is well formed but names no legal move.
    Illegal,
    /// The text matches more than one legal move.
    Ambiguous,
}

impl fmt::Display for MoveParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid move at byte {}: ", self.column)?;
        match &self.kind {
            MoveParseErrorKind::Square(e) => write!(f, "{e} (within the square)"),
            MoveParseErrorKind::UnknownPiece(s) => write!(f, "unknown piece {s:?}"),
            MoveParseErrorKind::UnexpectedChar(c) => write!(f, "unexpected character {c:?}"),
            MoveParseErrorKind::Illegal => write!(f, "no such legal move"),
            MoveParseErrorKind::Ambiguous => write!(f, "matches several legal moves"),
        }
    }
}

impl std::error::Error for MoveParseError {}

fn move_err<T>(column: usize, kind: MoveParseErrorKind) -> Result<T, MoveParseError> {
    Err(MoveParseError { column, kind })
}

fn square_at(geometry: Geometry, text: &str, i: usize) -> Result<(Square, usize), MoveParseError> {
    let bytes = text.as_bytes().get(i..).unwrap_or(&[]);
    geometry
        .parse_square_prefix(bytes)
        .map(|(sq, len)| (sq, i + len))
        .map_err(|e| MoveParseError { column: i + e.column(), kind: MoveParseErrorKind::Square(e) })
}

fn char_at(s: &str, i: usize) -> char {
    s.get(i..).and_then(|t| t.chars().next()).unwrap_or('?')
}

/// Whether the `x` at byte `i` starts an extra capture rather than naming a promotion.
fn extra_follows(geometry: Geometry, table: &PieceTable, text: &str, i: usize) -> bool {
    square_at(geometry, text, i + 1).is_ok() || table.kind_of_symbol(false, 'x').is_none()
}

impl UciMove {
    /// Parses UCI move text (syntax only; see [`crate::rules::parse_move`] to find the legal move).
    pub fn parse(geometry: Geometry, table: &PieceTable, text: &str) -> Result<UciMove, MoveParseError> {
        let bytes = text.as_bytes();
        let plus = bytes.first() == Some(&b'+');
        let at = usize::from(plus);
        if bytes.get(at + 1) == Some(&b'@') {
            let letter = char_at(text, at);
            let Some(kind) = table.kind_of_symbol(plus, letter) else {
                return move_err(0, MoveParseErrorKind::UnknownPiece(text[..at + letter.len_utf8()].to_string()));
            };
            let (to, end) = square_at(geometry, text, at + 2)?;
            if end != text.len() {
                return move_err(end, MoveParseErrorKind::UnexpectedChar(char_at(text, end)));
            }
            return Ok(UciMove {
                from: None,
                to,
                drop: Some(kind),
                promotion: None,
                extra: Vec::new(),
                relocation: None,
                swapped: None,
                flipped: None,
            });
        }
        let (from, i) = square_at(geometry, text, 0)?;
        let (to, mut i) = square_at(geometry, text, i)?;
        let mut promotion = None;
        match bytes.get(i) {
            Some(b'+') => {
                promotion = Some(UciPromotion::Plus);
                i += 1;
            }
            Some(&c) if c.is_ascii_alphabetic() && !(c == b'x' && extra_follows(geometry, table, text, i)) => {
                match table.kind_of_symbol(false, c as char) {
                    Some(kind) => promotion = Some(UciPromotion::Kind(kind)),
                    None => return move_err(i, MoveParseErrorKind::UnknownPiece((c as char).to_string())),
                }
                i += 1;
            }
            _ => {}
        }
        let mut extra = Vec::new();
        let mut relocation = None;
        let mut swapped = None;
        let mut flipped = None;
        while i < bytes.len() {
            let special = relocation.is_some() || swapped.is_some() || flipped.is_some();
            if bytes[i] == b'~' && !special {
                let (sq, next) = square_at(geometry, text, i + 1)?;
                flipped = Some(sq);
                i = next;
                continue;
            }
            if bytes[i] == b'/' && !special {
                let (s, next) = square_at(geometry, text, i + 1)?;
                let (t, next) = square_at(geometry, text, next)?;
                swapped = Some((s, t));
                i = next;
                continue;
            }
            if bytes[i] == b'>' && !special {
                let (sq, next) = square_at(geometry, text, i + 1)?;
                relocation = Some(sq);
                i = next;
                continue;
            }
            if bytes[i] != b'x' || special {
                return move_err(i, MoveParseErrorKind::UnexpectedChar(char_at(text, i)));
            }
            let (sq, next) = square_at(geometry, text, i + 1)?;
            extra.push(sq);
            i = next;
        }
        Ok(UciMove { from: Some(from), to, drop: None, promotion, extra, relocation, swapped, flipped })
    }

    /// Whether this text denotes `mv` (whose extra captures are `extra`).
    /// Castling matches both the king's destination and king-takes-partner.
    pub fn matches(&self, table: &PieceTable, mv: Move, extra: &[Square]) -> bool {
        if let Some(kind) = self.drop {
            return mv.dropped() == Some(kind) && mv.to() == self.to;
        }
        if mv.is_drop() || self.from != Some(mv.from()) || self.extra.as_slice() != extra {
            return false;
        }
        let (written_to, displaced_to, flipped) = mv.written_squares();
        if self.relocation != displaced_to || self.swapped != mv.swapped() || self.flipped != flipped {
            return false;
        }
        let to_ok =
            self.to == written_to || (mv.is_castle() && (self.to == mv.to() || mv.partner_from() == Some(self.to)));
        let promotion_ok = match (self.promotion, mv.promotion()) {
            (None, None) => true,
            (Some(UciPromotion::Kind(k)), Some(p)) => k == p,
            (Some(UciPromotion::Plus), Some(p)) => table.get(p).is_some_and(|i| i.plus),
            _ => false,
        };
        to_ok && promotion_ok
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::piece::PieceInfo;

    fn sq(g: Geometry, s: &str) -> Square {
        g.parse_square(s).unwrap()
    }

    /// M82: moves that differ only in their check rule or decisive flag are listed once, with the
    /// weakest rule and decisive if any was; others, and moves before `start`, stay.
    #[test]
    fn check_rules_merge_to_the_weakest() {
        let g = Geometry::CHESS;
        let (a, b, c) = (sq(g, "e4"), sq(g, "e5"), sq(g, "d6"));
        let mut list = MoveList::new();
        list.push(Move::quiet(a, b).no_check(false));
        list.push(Move::quiet(a, b).no_check(false));
        list.push(Move::quiet(a, b).no_check(false));
        list.push(Move::quiet(a, c).no_check(false));
        list.push(Move::quiet(a, b).no_check(true));
        list.push(Move::capture(a, c));
        list.push(Move::quiet(a, c).decisive());
        list.merge_check_rules_from(1);
        let got: Vec<Move> = list.iter().copied().collect();
        assert_eq!(
            got,
            [
                Move::quiet(a, b).no_check(false),
                Move::quiet(a, b).no_check(true),
                Move::quiet(a, c).decisive(),
                Move::capture(a, c),
            ]
        );
    }

    /// M94: a double step also listed as a quiet move goes, from `start` on; one without a
    /// quiet twin, and any before `start`, stays.
    #[test]
    fn double_steps_made_quietly_are_dropped() {
        let g = Geometry::CHESS;
        let (d2, d4, e2, e4) = (sq(g, "d2"), sq(g, "d4"), sq(g, "e2"), sq(g, "e4"));
        let mut list = MoveList::new();
        list.push(Move::double_step(d2, d4));
        list.push(Move::double_step(d2, d4));
        list.push(Move::quiet(d2, d4));
        list.push(Move::double_step(e2, e4));
        list.push(Move::quiet(d2, sq(g, "d3")));
        list.drop_double_steps_made_quietly_from(1);
        let got: Vec<Move> = list.iter().copied().collect();
        assert_eq!(
            got,
            [Move::double_step(d2, d4), Move::quiet(d2, d4), Move::double_step(e2, e4), Move::quiet(d2, sq(g, "d3"))]
        );
    }

    /// The moves before `start` stay whatever `keep` says, and `keep` sees each later move once,
    /// in order, with its extra captures; so do the de-duplications built on it.
    #[test]
    fn retain_from_tests_only_the_moves_after_start() {
        let g = Geometry::CHESS;
        let (a, b, c, d) = (sq(g, "a1"), sq(g, "b2"), sq(g, "c3"), sq(g, "d4"));
        let mut list = MoveList::new();
        list.push(Move::quiet(a, b));
        list.push(Move::quiet(a, c));
        list.push(Move::quiet(a, b));
        list.push_with_captures(Move::capture(a, d), &[b, c]).unwrap();
        list.push(Move::quiet(a, c));
        let mut seen = Vec::new();
        list.retain_from(2, |mv, extra| {
            seen.push((mv.to(), extra.len()));
            mv.to() != b
        });
        assert_eq!(seen, [(b, 0), (d, 2), (c, 0)]);
        let got: Vec<Square> = list.iter().map(|mv| mv.to()).collect();
        assert_eq!(got, [b, c, d, c]);
        assert_eq!(list.extra_captures(&list.get(2).unwrap()), [b, c]);
        // From index 1: the second `a1c3` repeats the first and goes; the capture stays.
        list.dedup_from(1);
        let got: Vec<Square> = list.iter().map(|mv| mv.to()).collect();
        assert_eq!(got, [b, c, d]);
    }

    /// M138: a move listed with its promotion choices is found whatever it promotes to, and not
    /// before `start`; drops of two kinds onto one square are two moves.
    #[test]
    fn lists_finds_a_move_apart_from_its_promotion() {
        let g = Geometry::CHESS;
        let (e7, e8, d4) = (sq(g, "e7"), sq(g, "e8"), sq(g, "d4"));
        let mut list = MoveList::new();
        list.push(Move::quiet(e7, sq(g, "e6")));
        list.push(Move::quiet(e7, e8).with_promotion(PieceKind(4)));
        list.push(Move::drop(PieceKind(0), d4));
        assert!(list.lists(Move::quiet(e7, e8).with_promotion(PieceKind(1)), &[], 0));
        assert!(list.lists(Move::quiet(e7, e8), &[], 1));
        assert!(!list.lists(Move::quiet(e7, e8), &[], 2));
        assert!(!list.lists(Move::capture(e7, e8), &[], 0));
        assert!(list.lists(Move::drop(PieceKind(0), d4), &[], 0));
        assert!(!list.lists(Move::drop(PieceKind(1), d4), &[], 0));
    }

    #[test]
    fn move_is_compact() {
        assert_eq!(core::mem::size_of::<Move>(), 14);
    }

    #[test]
    fn uci_round_trips() {
        let mut t = PieceTable::chess();
        let tokin =
            t.add(PieceInfo { plus: true, promoted_from: Some(PieceKind(0)), ..PieceInfo::new("tokin", 'P') }).unwrap();
        let g = Geometry::new(10, 10).unwrap();
        let cases = [
            (Move::quiet(sq(g, "a10"), sq(g, "b10")), "a10b10"),
            (Move::capture(sq(g, "e7"), sq(g, "e8")).with_promotion(PieceKind(4)), "e7e8q"),
            (Move::quiet(sq(g, "b2"), sq(g, "b3")).with_promotion(tokin), "b2b3+"),
            (Move::drop(PieceKind(0), sq(g, "e4")), "P@e4"),
            (Move::drop(tokin, sq(g, "e4")), "+P@e4"),
            (Move::castle(sq(g, "e1"), sq(g, "g1"), sq(g, "h1"), sq(g, "f1")), "e1g1"),
            (Move::castle(sq(g, "g1"), sq(g, "g1"), sq(g, "h1"), sq(g, "f1")), "g1h1"),
            (Move::en_passant(sq(g, "e5"), sq(g, "d6")), "e5d6"),
            (Move::swap(sq(g, "d4"), sq(g, "e5")), "d4e5>d4"),
            (Move::relocate(sq(g, "d1"), sq(g, "d5"), sq(g, "d3")), "d1d5>d3"),
            (Move::relocate(sq(g, "d1"), sq(g, "d5"), sq(g, "d1")), "d1d5>d1"),
            (Move::flip(sq(g, "d4"), sq(g, "e5")), "d4d4~e5"),
            (Move::pass(sq(g, "e2")), "e2e2"),
            (Move::swap_on_the_way(sq(g, "d4"), sq(g, "e6"), false, sq(g, "e5"), sq(g, "d4")), "d4e6/e5d4"),
            (Move::swap_on_the_way(sq(g, "d1"), sq(g, "d4"), true, sq(g, "d3"), sq(g, "d2")), "d1d4/d3d2"),
            (Move::flip_on_the_way(sq(g, "d4"), sq(g, "d6"), false, sq(g, "d5")), "d4d6~d5"),
            (Move::flip_on_the_way(sq(g, "d1"), sq(g, "d10"), true, sq(g, "d3")), "d1d10~d3"),
        ];
        for (mv, text) in cases {
            assert_eq!(mv.to_uci(g, &t, &[]), text);
            let parsed = UciMove::parse(g, &t, text).unwrap();
            assert!(parsed.matches(&t, mv, &[]), "{text}");
        }
        // M129: a capture, a swap and a flip of the same piece have three texts, none read as another.
        let (d4, e5) = (sq(g, "d4"), sq(g, "e5"));
        let same_piece = [Move::capture(d4, e5), Move::swap(d4, e5), Move::flip(d4, e5), Move::pass(d4)];
        for (i, a) in same_piece.iter().enumerate() {
            let parsed = UciMove::parse(g, &t, &a.to_uci(g, &t, &[])).unwrap();
            for (j, b) in same_piece.iter().enumerate() {
                assert_eq!(
                    parsed.matches(&t, *b, &[]),
                    i == j,
                    "{} read as {}",
                    a.to_uci(g, &t, &[]),
                    b.to_uci(g, &t, &[])
                );
            }
        }
        let mut list = MoveList::new();
        let locust = Move::capture(sq(g, "d4"), sq(g, "d6"));
        list.push(Move::quiet(sq(g, "a1"), sq(g, "a2")));
        list.push_with_captures(locust, &[sq(g, "d5"), sq(g, "c5")]).unwrap();
        let mv = list.get(1).unwrap();
        let extra = list.extra_captures(&mv);
        assert_eq!(mv.to_uci(g, &t, extra), "d4d6xd5xc5");
        let parsed = UciMove::parse(g, &t, "d4d6xd5xc5").unwrap();
        assert!(parsed.matches(&t, mv, extra));
        assert!(!parsed.matches(&t, locust, &[]));
        assert!(list.extra_captures(&list.get(0).unwrap()).is_empty());
        list.retain(|_, ex| !ex.is_empty());
        assert_eq!(list.len(), 1);
        assert_eq!(list.extra_captures(&list.get(0).unwrap()).len(), 2);
    }

    #[test]
    fn uci_errors_say_where() {
        let t = PieceTable::chess();
        let g = Geometry::CHESS;
        let e = |s: &str| UciMove::parse(g, &t, s).unwrap_err();
        assert_eq!(e("").column, 0);
        assert_eq!(e("e2").column, 2);
        assert_eq!(e("e2e9").kind, MoveParseErrorKind::Square(SquareError::OffBoard { column: 0 }));
        assert_eq!(e("e2e9").column, 2);
        assert_eq!(e("e7e8z").kind, MoveParseErrorKind::UnknownPiece("z".into()));
        assert_eq!(e("e7e8qq").column, 5);
        assert_eq!(e("Z@e4").kind, MoveParseErrorKind::UnknownPiece("Z".into()));
        assert_eq!(e("P@e4 ").column, 4);
        assert_eq!(e("e2e4x").column, 5);
        assert_eq!(e("é@e4").column, 0);
        assert_eq!(e("+Z@e4").kind, MoveParseErrorKind::UnknownPiece("+Z".into()));
        assert!(e("e2e4?").to_string().contains("byte 4"));
        assert_eq!(e("d1d5>").column, 5);
        // A flip on the way names one square, after the extra captures and alone.
        assert_eq!(e("d4d6~").column, 5);
        assert_eq!(e("d4d6~d5xe5").column, 7);
        assert_eq!(e("d4d6~d5~d7").column, 7);
        assert_eq!(e("d4d6~d5/e5d4").column, 7);
        assert_eq!(e("d1d5>d3>d4").column, 7);
        assert_eq!(e("d1d5>d3xd4").column, 7);
        let swap = Move::swap(sq(g, "d1"), sq(g, "d5"));
        let relocation = Move::relocate(sq(g, "d1"), sq(g, "d5"), sq(g, "d3"));
        let plain = UciMove::parse(g, &t, "d1d5").unwrap();
        assert!(!plain.matches(&t, swap, &[]) && !plain.matches(&t, relocation, &[]));
        let swapped = UciMove::parse(g, &t, "d1d5>d1").unwrap();
        assert!(swapped.matches(&t, swap, &[]) && !swapped.matches(&t, relocation, &[]));
        let relocated = UciMove::parse(g, &t, "d1d5>d3").unwrap();
        assert!(relocated.matches(&t, relocation, &[]) && !relocated.matches(&t, swap, &[]));
        // A swap on the way (M63): `/` and the swapped piece's two squares, after the extra
        // captures; no clash with a swap, a relocation or a plain move to the same square.
        let on_the_way = Move::swap_on_the_way(sq(g, "d1"), sq(g, "d5"), false, sq(g, "d3"), sq(g, "d2"));
        let text = UciMove::parse(g, &t, "d1d5xc2/d3d2").unwrap();
        assert!(text.matches(&t, on_the_way, &[sq(g, "c2")]) && !text.matches(&t, on_the_way, &[]));
        for other in [swap, relocation, Move::quiet(sq(g, "d1"), sq(g, "d5"))] {
            assert!(!text.matches(&t, other, &[sq(g, "c2")]));
            assert!(!plain.matches(&t, on_the_way, &[]) && !relocated.matches(&t, on_the_way, &[]));
        }
        assert_eq!(e("d1d5/d3").column, 7);
        assert_eq!(e("d1d5/d3d2xc2").column, 9);
        assert_eq!(e("d1d5/d3d2>d4").column, 9);
        assert_eq!(e("d1d5>d4/d3d2").column, 7);
        assert_eq!(e("d1d5/d3d2/d3d2").column, 9);
    }
}
