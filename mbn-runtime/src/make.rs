//! Making and unmaking moves.
//!
//! [`Position::make_with`] applies a move produced by a move generator for
//! this position and returns an [`Undo`]; [`Position::unmake`] with the same
//! move and that `Undo` restores the position exactly, every field included.
//! Neither allocates, except that pieces removed by extra (locust) captures
//! are pushed on a stack inside the position (amortised, reused).
//!
//! Moves that do not fit the position (say, an empty origin) never panic,
//! but the resulting position is unspecified.

use crate::bitboard::Bitboard;
use crate::geometry::Square;
use crate::moves::{Move, MoveFlags};
use crate::piece::{Color, Piece, PieceKind};
use crate::position::Position;

/// What [`Position::unmake`] needs to take a move back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Undo<B> {
    moved: Option<Piece>,
    captured: Option<Piece>,
    castling: B,
    ep_targets: B,
    ep_victim: Option<Square>,
    unmoved: B,
    decayed: B,
    promoted: B,
    imitated: Option<PieceKind>,
    halfmove_clock: u32,
    passes: u8,
    decided: bool,
    extra_count: u8,
}

/// The greatest common divisor of `a` and `b`.
fn gcd(mut a: i16, mut b: i16) -> i16 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

impl<B: Bitboard> Position<B> {
    /// Makes `mv`, which must not have extra captures; see [`Self::make_with`].
    #[inline]
    pub fn make(&mut self, mv: Move) -> Undo<B> {
        self.make_with(mv, &[])
    }

    /// Makes `mv`, also capturing the pieces on `extra` (the move's extra
    /// captures from its [`MoveList`](crate::moves::MoveList); empty for ordinary moves).
    ///
    /// Effects: captured pieces (on `to`, the en passant victim, and `extra`)
    /// leave the board and, if [`Self::captures_to_hand`], go to the mover's
    /// hand demoted ([`PieceTable::hand_kind`](crate::piece::PieceTable::hand_kind));
    /// drops take from the hand and mark the dropped piece unmoved; castling
    /// moves king and partner together, a swap exchanges the mover and the piece on `to`, a swap
    /// on the way ([`Move::swapped`]) moves the mover and the swapped piece after its captures;
    /// promotions change the kind (and set
    /// the `~` mark when capturing to hand and the new kind has no `promoted_from`);
    /// unmoved marks and castling rights go from every touched square, and all
    /// rights of the mover's color go when a royal piece moves; a double step
    /// sets the en passant targets to the squares it passed and the victim to `to`;
    /// the halfmove clock resets on captures and moves of clock-resetting kinds; a pass only
    /// clears the en passant state, counts itself in [`Self::passes`] and hands the turn over; a
    /// flip (MBN `x`) turns the piece on `to` to the other colour (clearing its unmoved mark and
    /// castling right) and resets the clock, and a flip on the way does so to its flipped piece as
    /// the mover goes on; a stationary capture ([`Move::stay`]) leaves the mover
    /// on `from` and takes the pieces on `extra`; a move flagged [`MoveFlags::CHECKED`] marks the mover's
    /// unmoved royal pieces [`decayed`](Self::decayed), and so is a dropped piece (MBN `ii`); in a
    /// variant with an XBetza Imitator the kind of the piece making the move becomes
    /// [`imitated`](Self::imitated) unless it is an Imitator or the move a pass (X62).
    pub fn make_with(&mut self, mv: Move, extra: &[Square]) -> Undo<B> {
        let us = self.side_to_move;
        let mut undo = Undo {
            moved: None,
            captured: None,
            castling: self.castling,
            ep_targets: self.ep_targets,
            ep_victim: self.ep_victim,
            unmoved: self.unmoved,
            decayed: self.decayed,
            promoted: self.promoted,
            imitated: self.imitated,
            halfmove_clock: self.halfmove_clock,
            passes: self.passes,
            decided: self.decided,
            extra_count: 0,
        };
        self.decided = mv.is_decisive();
        if mv.flags().contains(MoveFlags::CHECKED) {
            // MBN `ii` (M52): the mover is in check, so its royal pieces lose their `ii` moves.
            self.decayed |= self.royals(us) & self.unmoved;
        }
        self.passes = if mv.is_pass() { self.passes.saturating_add(1) } else { 0 };
        let (from, to) = (mv.from(), mv.to());
        if self.table.any_imitator() {
            self.record_imitated(mv);
        }
        self.ep_targets = B::EMPTY;
        self.ep_victim = None;
        self.halfmove_clock = self.halfmove_clock.wrapping_add(1);

        if mv.is_pass() {
            // Nothing on the board changes.
        } else if mv.is_flip() {
            // MBN `x`: the piece on `to` changes colour where it stands; it keeps its promotion
            // mark, loses its unmoved mark and castling right, and the clock resets.
            undo.captured = self.take(to);
            if let Some(p) = undo.captured {
                self.put(to, Piece::new(p.kind, !p.color));
            }
            self.unmoved.clear(to);
            self.castling.clear(to);
            self.halfmove_clock = 0;
        } else if mv.is_stay() {
            undo.extra_count = self.make_stay(us, from, extra);
        } else if let Some(kind) = mv.dropped() {
            self.add_to_hand(us, kind, u8::MAX);
            self.put(to, Piece::new(kind, us));
            self.unmoved.set(to);
            // MBN `ii` moves decay with a drop (M52); `i` moves do not.
            self.decayed.set(to);
            if self.table.resets_clock(kind) {
                self.halfmove_clock = 0;
            }
        } else if let Some((s, t)) = mv.swapped() {
            self.make_swap_on_the_way(mv, s, t, extra, &mut undo);
        } else if let Some(f) = mv.flipped() {
            self.make_flip_on_the_way(mv, f, extra, &mut undo);
        } else if let (Some(pf), Some(pt)) = (mv.partner_from(), mv.partner_to()) {
            let our_rights = if mv.is_swap() { B::EMPTY } else { self.castling & self.by_color(us) };
            let touched = B::from_square(from) | B::from_square(to) | B::from_square(pf) | B::from_square(pt);
            let (king, partner) = self.move_pair((from, to), (pf, pt), touched);
            undo.moved = king;
            if mv.is_swap() {
                self.swap_effects(king, partner);
            }
            self.castling &= !our_rights;
        } else {
            let cap_sq = if mv.is_en_passant() { undo.ep_victim.unwrap_or(to) } else { to };
            let mut touched = B::from_square(from) | B::from_square(to) | B::from_square(cap_sq);
            undo.captured = self.take(cap_sq);
            if let Some(c) = undo.captured {
                self.capture_to_hand(us, c, cap_sq, 1);
            }
            let moving = self.take(from);
            undo.moved = moving;
            if let Some(mut p) = moving {
                if self.table.resets_clock(p.kind) || undo.captured.is_some() {
                    self.halfmove_clock = 0;
                }
                if self.table.is_royal(p.kind) {
                    self.castling &= !self.by_color(us);
                }
                if let Some(k) = mv.promotion() {
                    p.kind = k;
                }
                self.put(to, p);
            }
            let (taken, squares) = self.take_extra_captures(us, extra);
            undo.extra_count = taken;
            if taken > 0 {
                self.halfmove_clock = 0;
            }
            touched |= squares;
            let marked = match mv.promotion() {
                Some(k) => self.captures_to_hand && self.table.get(k).is_some_and(|i| i.promoted_from.is_none()),
                None => self.promoted.test(from),
            };
            self.unmoved &= !touched;
            self.castling &= !touched;
            self.promoted &= !touched;
            if marked && moving.is_some() {
                self.promoted.set(to);
            }
            if mv.is_double_step() {
                self.set_passed_squares(from, to);
            }
        }

        self.decayed &= self.unmoved;
        self.side_to_move = !us;
        if us == Color::Black {
            self.fullmove_number = self.fullmove_number.wrapping_add(1);
        }
        undo
    }

    /// Takes back `mv`, made by [`Self::make`]/[`Self::make_with`] which returned `undo`.
    pub fn unmake(&mut self, mv: Move, undo: Undo<B>) {
        let us = !self.side_to_move;
        self.side_to_move = us;
        if us == Color::Black {
            self.fullmove_number = self.fullmove_number.wrapping_sub(1);
        }
        // Flags first: demoting captured pieces needs the old promotion marks.
        self.castling = undo.castling;
        self.ep_targets = undo.ep_targets;
        self.ep_victim = undo.ep_victim;
        self.unmoved = undo.unmoved;
        self.decayed = undo.decayed;
        self.promoted = undo.promoted;
        self.imitated = undo.imitated;
        self.halfmove_clock = undo.halfmove_clock;
        self.passes = undo.passes;
        self.decided = undo.decided;
        let (from, to) = (mv.from(), mv.to());

        if mv.is_pass() {
            // Nothing moved.
        } else if mv.is_flip() {
            self.take(to);
            if let Some(p) = undo.captured {
                self.put(to, p);
            }
        } else if mv.is_stay() {
            self.unmake_extra_captures(us, undo.extra_count);
        } else if let Some(kind) = mv.dropped() {
            self.take(to);
            self.add_to_hand(us, kind, 1);
        } else if let Some((s, t)) = mv.swapped() {
            self.unmake_swap_on_the_way(mv, s, t, undo);
        } else if let Some(f) = mv.flipped() {
            self.unmake_flip_on_the_way(mv, f, undo);
        } else if let (Some(pf), Some(pt)) = (mv.partner_from(), mv.partner_to()) {
            let king = self.take(to);
            let partner = self.take(pt);
            if let Some(k) = king {
                self.put(from, k);
            }
            if let Some(p) = partner {
                self.put(pf, p);
            }
        } else {
            self.unmake_extra_captures(us, undo.extra_count);
            if let Some(p) = undo.moved {
                self.take(to);
                self.put(from, p);
            }
            if let Some(c) = undo.captured {
                let cap_sq = if mv.is_en_passant() { undo.ep_victim.unwrap_or(to) } else { to };
                self.put(cap_sq, c);
                self.capture_to_hand(us, c, cap_sq, u8::MAX);
            }
        }
    }

    /// XBetza Imitators (docs/SEMANTICS.md X62): before `mv` is made, records the kind of the
    /// piece making it (the dropped kind for a drop, the mover's kind before it promotes) as the
    /// kind to imitate, unless it is an Imitator or the move is a pass.
    #[cold]
    fn record_imitated(&mut self, mv: Move) {
        let kind: Option<PieceKind> = match mv.dropped() {
            Some(kind) => Some(kind),
            None if mv.is_pass() => None,
            None => self.piece_at(mv.from()).map(|p| p.kind),
        };
        if let Some(kind) = kind.filter(|&k| !self.table.is_imitator(k)) {
            self.imitated = Some(kind);
        }
    }

    /// Makes a swap on the way (M63): the extra captures and the capture on `to` leave the board
    /// first (the swapping leg may start on a square captured before it), then the mover goes
    /// `from` → `to` and the swapped piece `s` → `t`, each with its `~` mark. Touched squares lose
    /// their unmoved marks and castling rights; royals among the two pieces cost their colour its
    /// rights; the clock resets on a capture or a clock-resetting mover. Nothing promotes.
    fn make_swap_on_the_way(&mut self, mv: Move, s: Square, t: Square, extra: &[Square], undo: &mut Undo<B>) {
        let us = self.side_to_move;
        let (from, to) = (mv.from(), mv.to());
        let (taken, squares) = self.take_extra_captures(us, extra);
        undo.extra_count = taken;
        if taken > 0 {
            self.halfmove_clock = 0;
        }
        let touched = B::from_square(from) | B::from_square(to) | B::from_square(s) | B::from_square(t) | squares;
        if mv.is_capture() {
            undo.captured = self.take(to);
            if let Some(c) = undo.captured {
                self.capture_to_hand(us, c, to, 1);
                self.halfmove_clock = 0;
            }
        }
        let (mover, swapped) = self.move_pair((from, to), (s, t), touched);
        undo.moved = mover;
        self.swap_effects(mover, swapped);
    }

    /// Makes a flip on the way (M126): the extra captures and the capture on `to` leave the board,
    /// the mover goes `from` → `to` with its `~` mark, and the piece on `f` turns to the other
    /// colour where it stands, keeping its `~` mark. Touched squares lose their unmoved marks and
    /// castling rights; a royal mover costs its colour its rights; the clock resets (a flip always
    /// does, M34). Nothing promotes.
    fn make_flip_on_the_way(&mut self, mv: Move, f: Square, extra: &[Square], undo: &mut Undo<B>) {
        let us = self.side_to_move;
        let (from, to) = (mv.from(), mv.to());
        let (taken, squares) = self.take_extra_captures(us, extra);
        undo.extra_count = taken;
        if mv.is_capture() {
            undo.captured = self.take(to);
            if let Some(c) = undo.captured {
                self.capture_to_hand(us, c, to, 1);
            }
        }
        let marked = self.promoted.test(from);
        let mover = self.take(from);
        undo.moved = mover;
        if let Some(p) = mover {
            if self.table.is_royal(p.kind) {
                self.castling &= !self.by_color(us);
            }
            self.put(to, p);
        }
        if let Some(p) = self.take(f) {
            self.put(f, Piece::new(p.kind, !p.color));
        }
        let touched = B::from_square(from) | B::from_square(to) | B::from_square(f) | squares;
        self.unmoved &= !touched;
        self.castling &= !touched;
        self.promoted &= !(touched & !B::from_square(f));
        if marked && mover.is_some() {
            self.promoted.set(to);
        }
        self.halfmove_clock = 0;
    }

    /// Takes back a flip on the way made by [`Self::make_flip_on_the_way`] (flags already restored).
    fn unmake_flip_on_the_way(&mut self, mv: Move, f: Square, undo: Undo<B>) {
        // `unmake` has handed the turn back to the mover.
        let us = self.side_to_move;
        let (from, to) = (mv.from(), mv.to());
        let mover = self.take(to);
        if let Some(c) = undo.captured {
            self.put(to, c);
            self.capture_to_hand(us, c, to, u8::MAX);
        }
        if let Some(p) = self.take(f) {
            self.put(f, Piece::new(p.kind, !p.color));
        }
        if let Some(p) = undo.moved.or(mover) {
            self.put(from, p);
        }
        self.unmake_extra_captures(us, undo.extra_count);
    }

    /// Moves two pieces at once (a castling, a swap on the way): the one on `from` to `to` and the
    /// one on `s` to `t`, each with its `~` mark; the squares `touched` lose their other marks,
    /// unmoved marks and castling rights. Returns the two pieces.
    fn move_pair(
        &mut self,
        (from, to): (Square, Square),
        (s, t): (Square, Square),
        touched: B,
    ) -> (Option<Piece>, Option<Piece>) {
        let (first_marked, second_marked) = (self.promoted.test(from), self.promoted.test(s));
        let first = self.take(from);
        let second = self.take(s);
        if let Some(p) = second {
            self.put(t, p);
        }
        if let Some(p) = first {
            self.put(to, p);
        }
        self.unmoved &= !touched;
        self.castling &= !touched;
        self.promoted &= !touched;
        if first_marked {
            self.promoted.set(to);
        }
        if second_marked {
            self.promoted.set(t);
        }
        (first, second)
    }

    /// Takes back a swap on the way made by [`Self::make_swap_on_the_way`] (flags already restored).
    fn unmake_swap_on_the_way(&mut self, mv: Move, s: Square, t: Square, undo: Undo<B>) {
        // `unmake` has handed the turn back to the mover.
        let us = self.side_to_move;
        let (from, to) = (mv.from(), mv.to());
        let mover = self.take(to);
        let swapped = self.take(t);
        if let Some(c) = undo.captured {
            self.put(to, c);
            self.capture_to_hand(us, c, to, u8::MAX);
        }
        if let Some(p) = swapped {
            self.put(s, p);
        }
        if let Some(p) = undo.moved.or(mover) {
            self.put(from, p);
        }
        self.unmake_extra_captures(us, undo.extra_count);
    }

    /// A stationary capture (docs/SEMANTICS.md M61): the piece on `from` stays and takes the
    /// pieces on `extra` (to the mover's hand if captures go there); it counts as a move of the
    /// piece (its unmoved mark and castling right go, a royal mover's colour loses all its rights)
    /// and resets the clock. Among `extra` may be `from` itself: the piece dies (MBN `j` last,
    /// M103). Returns how many pieces it took (pushed on the locust stack).
    #[cold]
    fn make_stay(&mut self, us: Color, from: Square, extra: &[Square]) -> u8 {
        let (taken, squares) = self.take_extra_captures(us, extra);
        let touched = B::from_square(from) | squares;
        if self.piece_at(from).is_some_and(|p| self.table.is_royal(p.kind)) {
            self.castling &= !self.by_color(us);
        }
        self.unmoved &= !touched;
        self.castling &= !touched;
        // The mover keeps its promotion mark, unless it took itself (MBN `j` last, M103).
        let stays = if self.piece_at(from).is_some() { B::from_square(from) } else { B::EMPTY };
        self.promoted &= !(touched & !stays);
        self.halfmove_clock = 0;
        taken
    }

    /// Takes the pieces on `extra` (to `us`'s hand if captures go there), keeping them on the
    /// locust stack for [`Self::unmake_extra_captures`]. Returns how many it took and the squares.
    #[inline]
    fn take_extra_captures(&mut self, us: Color, extra: &[Square]) -> (u8, B) {
        let (mut taken, mut squares) = (0u8, B::EMPTY);
        for &sq in extra {
            if let Some(p) = self.take(sq) {
                self.capture_to_hand(us, p, sq, 1);
                self.locust_stack.push((sq, p));
                taken = taken.wrapping_add(1);
            }
            squares |= B::from_square(sq);
        }
        (taken, squares)
    }

    /// Puts back the last `count` pieces taken by extra captures (and takes them from the
    /// mover's hand if captures went there).
    fn unmake_extra_captures(&mut self, us: Color, count: u8) {
        for _ in 0..count {
            if let Some((sq, p)) = self.locust_stack.pop() {
                self.put(sq, p);
                self.capture_to_hand(us, p, sq, u8::MAX);
            }
        }
    }

    /// The extra effects of a swap (MBN `w`) beyond moving both pieces: a royal among them
    /// costs its own colour all its castling rights (the partner may be an enemy king), and a
    /// clock-resetting mover resets the clock.
    #[cold]
    fn swap_effects(&mut self, mover: Option<Piece>, partner: Option<Piece>) {
        for p in [mover, partner].into_iter().flatten() {
            if self.table.is_royal(p.kind) {
                self.castling &= !self.by_color(p.color);
            }
        }
        if mover.is_some_and(|p| self.table.resets_clock(p.kind)) {
            self.halfmove_clock = 0;
        }
    }

    /// Adds `delta` (wrapping; `u8::MAX` subtracts one) of captured `piece`,
    /// demoted, to `us`'s hand if captures go to hand.
    #[inline]
    fn capture_to_hand(&mut self, us: Color, piece: Piece, sq: Square, delta: u8) {
        if self.captures_to_hand {
            let kind = self.table.hand_kind(piece.kind, self.promoted.test(sq));
            self.add_to_hand(us, kind, delta);
        }
    }

    /// Sets the en passant state after a multi-step from `from` to `to` along a line; a knight's
    /// leap (its line passes no square) leaves the rights on the orthogonal square next to `from`
    /// along its longer side, the Xiangqi Horse's (XBetza `fnafsmW`, docs/SEMANTICS.md X68).
    fn set_passed_squares(&mut self, from: Square, to: Square) {
        let geo = self.geometry;
        let (f0, r0) = (i16::from(geo.file_of(from)), i16::from(geo.rank_of(from)));
        let (dx, dy) = (i16::from(geo.file_of(to)) - f0, i16::from(geo.rank_of(to)) - r0);
        let steps = gcd(dx.abs(), dy.abs());
        if steps < 2 {
            let (x, y) = match (dx.abs(), dy.abs()) {
                (1, 2) => (0, dy.signum()),
                (2, 1) => (dx.signum(), 0),
                _ => return,
            };
            if let Some(sq) = geo.square((f0 + x) as u8, (r0 + y) as u8) {
                self.ep_targets.set(sq);
                self.ep_victim = Some(to);
            }
            return;
        }
        let (sx, sy) = (dx / steps, dy / steps);
        for k in 1..steps {
            if let Some(sq) = geo.square((f0 + k * sx) as u8, (r0 + k * sy) as u8) {
                self.ep_targets.set(sq);
            }
        }
        self.ep_victim = Some(to);
    }
}

#[cfg(test)]
mod imitated_tests {
    //! The kind XBetza Imitators imitate (docs/SEMANTICS.md X62), as make and unmake keep it.

    use crate::geometry::Geometry;
    use crate::moves::Move;
    use crate::piece::{Color, PieceInfo, PieceKind, PieceTable};
    use crate::position::Position;

    const PAWN: PieceKind = PieceKind(0);
    const ROOK: PieceKind = PieceKind(1);
    const IMITATOR: PieceKind = PieceKind(2);

    fn position(imitator: bool) -> Position<u64> {
        let mut t = PieceTable::new();
        for info in [
            PieceInfo::new("pawn", 'P'),
            PieceInfo::new("rook", 'R'),
            PieceInfo { imitator, ..PieceInfo::new("imitator", 'I') },
            PieceInfo { royal: true, ..PieceInfo::new("king", 'K') },
        ] {
            t.add(info).expect("a kind");
        }
        let mut pos = Position::from_fen(&t, Geometry::CHESS, "4k3/P7/8/8/8/8/P7/R3K2I w - - 0 1").expect("loads");
        pos.set_uses_hands(true);
        pos.set_hand(Color::White, ROOK, 1).expect("a kind");
        pos.set_hand(Color::Black, ROOK, 1).expect("a kind");
        pos
    }

    fn sq(name: &str) -> crate::geometry::Square {
        Geometry::CHESS.parse_square(name).expect("a square")
    }

    /// Moves, drops and promotions record the mover's kind (before it promotes); an Imitator's
    /// move and a pass keep it; unmake restores it exactly.
    #[test]
    fn make_records_and_unmake_restores_the_imitated_kind() {
        let mut pos = position(true);
        assert!(pos.table().any_imitator());
        assert_eq!(pos.imitated(), None);
        let start = pos.clone();
        let push = Move::quiet(sq("a2"), sq("a3"));
        let undo = pos.make(push);
        assert_eq!(pos.imitated(), Some(PAWN));
        pos.unmake(push, undo);
        assert_eq!(pos, start);
        let steps = [
            (Move::drop(ROOK, sq("d4")), Some(ROOK)),
            (Move::quiet(sq("e8"), sq("d8")), Some(PieceKind(3))),
            (Move::quiet(sq("h1"), sq("h2")), Some(PieceKind(3))),
            (Move::pass(sq("d8")), Some(PieceKind(3))),
            (Move::quiet(sq("a7"), sq("a8")).with_promotion(ROOK), Some(PAWN)),
        ];
        let mut history = Vec::new();
        for (mv, want) in steps {
            let before = pos.clone();
            let undo = pos.make(mv);
            assert_eq!(pos.imitated(), want, "{mv:?}");
            history.push((mv, undo, before));
        }
        while let Some((mv, undo, before)) = history.pop() {
            pos.unmake(mv, undo);
            assert_eq!(pos, before, "unmake {mv:?}");
        }
        assert_eq!(pos, start);
        pos.set_imitated(Some(IMITATOR));
        assert_eq!(pos.imitated(), None, "an Imitator kind is never imitated");
    }

    /// Without an Imitator kind nothing is recorded.
    #[test]
    fn without_an_imitator_nothing_is_recorded() {
        let mut pos = position(false);
        let _ = pos.make(Move::quiet(sq("a2"), sq("a3")));
        assert_eq!(pos.imitated(), None);
    }
}
