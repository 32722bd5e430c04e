//! The reference interpreter: executes the IR of a [`Variant`] directly on a runtime position.
//!
//! Written for obviousness, not speed: it is the oracle generated code is checked against, and the
//! path for variants loaded at run time. Every move is found by walking the legs of the IR square
//! by square; attacks are found by walking from each enemy piece towards the square. What the
//! interpreter does not run yet is refused by [`Interpreter::new`] with a diagnostic, never skipped.

use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::ir::{Reach, Side};
use crate::plan::imitation::Imitations;
use crate::plan::{castling_legs, PCastling, PHop, PLeg, PMove, POver, PRange, PSet, PTargets, PVisit, PWrap, Prep};
use crate::syntax::ast::CastlingKind;
use crate::variant::Variant;
use mbn_runtime::drops::{drop_is_legal, push_drops, DropLimits};
use mbn_runtime::rules::{game_over, retain_bikjang, royals_face};
use mbn_runtime::{
    Bb256, Bitboard, Color, Geometry, Move, MoveFlags, MoveGenerator, MoveList, Piece, PieceKind, Position, Square,
};

mod imitator;
pub(crate) mod multileg;

/// White's and Black's.
type BySide<T> = [Vec<T>; 2];

pub use multileg::{Landing, LandingKind};

/// A variant ready to run.
#[derive(Clone, Debug)]
pub struct Interpreter {
    geometry: Geometry,
    /// Each kind's legs, for White and for Black (oriented: Black's ranks mirrored).
    legs: Vec<[Vec<PLeg>; 2]>,
    /// Each kind's multi-leg moves, for White and for Black ([`multileg`]).
    multi: Vec<[Vec<PMove>; 2]>,
    /// Whether any kind has multi-leg moves (single-leg variants skip them at no cost).
    any_multi: bool,
    /// Whether any move has a check rule (`k`, `kk`): a piece's moves that differ only in their
    /// rule (made by a single leg and a multi-leg move, or borrowed) are then merged (M82).
    check_rules: bool,
    /// Whether any kind induces moves in friends (XBetza `x`, X28): the move list is then
    /// deduplicated, as two pieces may induce the same move.
    any_induced: bool,
    /// Whether any kind borrows moves (XBetza `xK`, X29).
    any_borrow: bool,
    /// Each Imitator kind's imitations (XBetza `I`, X62; [`imitator`]).
    imitations: Imitations,
    /// Whether any kind is an Imitator.
    any_imitator: bool,
    /// Whether any leg is an `ii` move (M52): moves made in check then carry
    /// [`MoveFlags::CHECKED`](mbn_runtime::MoveFlags::CHECKED).
    any_decaying: bool,
    /// Each kind's promotion targets.
    promotions: Vec<Option<Vec<PieceKind>>>,
    /// The promotion zone for White and Black.
    zone: [Vec<bool>; 2],
    promotion_mandatory: bool,
    castlings: Vec<PCastling>,
    /// Letters of the kinds, for piece sets.
    letters: Vec<char>,
    royal: Vec<bool>,
    /// For each kind, White's and Black's squares where it could never move again (only with
    /// `immobility-illegal`): no move may end there unpromoted, no drop go there.
    immobile: Vec<[Vec<bool>; 2]>,
    /// Whether pieces in hand can be dropped.
    drops: bool,
    /// By kind and colour, the squares outside the kind's drop zone (XBetza `@`, X31).
    outside_zone: Vec<[Vec<bool>; 2]>,
    /// How many of its own kind may stand where a kind is dropped, by kind.
    drop_limits: Vec<DropLimits>,
    /// Kinds (as bits) whose drop may not checkmate.
    drop_mate_illegal: u64,
    /// Janggi's bikjang rule (SEMANTICS.md V8).
    bikjang: bool,
}

impl Interpreter {
    /// Prepares a compiled variant, or says what in it the interpreter cannot run.
    pub fn new(variant: &Variant) -> Result<Interpreter, Vec<Diagnostic>> {
        let mut d = Diagnostics::new();
        let geometry = variant.geometry;
        let letters: Vec<char> = variant.table.iter().map(|(_, info)| info.letter).collect();
        let royal = variant.table.iter().filter(|(_, info)| info.royal).map(|(_, info)| info.letter).collect();
        let mut prep = Prep { geometry, diagnostics: &mut d, back_end: crate::plan::INTERPRETER, royal };
        let (legs, multi): (Vec<BySide<PLeg>>, Vec<BySide<PMove>>) = variant
            .moves
            .iter()
            .map(|[w, b]| {
                let (wl, wm) = prep.moves(w, Color::White);
                let (bl, bm) = prep.moves(b, Color::Black);
                ([wl, bl], [wm, bm])
            })
            .unzip();
        let castlings = prep.castlings(variant);
        let zone = prep.zone(variant);
        let imitations = prep.imitations(variant);
        let any_imitator = imitations.iter().any(Option::is_some);
        let any_multi = multi.iter().flatten().any(|v| !v.is_empty());
        let check_rules = multi.iter().flatten().flatten().any(|m| m.check_rule.is_some())
            || legs.iter().flatten().flatten().any(|l| l.check_rule.is_some());
        let any_induced = multi.iter().flatten().flatten().filter(|m| !crate::plan::borrows(m)).any(|m| {
            let mut steps = Vec::new();
            crate::plan::flat_steps(&m.parts, &mut steps);
            steps.iter().any(|s| s.excite)
        });
        let any_borrow = legs.iter().flatten().flatten().any(|l| l.borrow)
            || multi.iter().flatten().flatten().any(crate::plan::borrows);
        let any_decaying =
            legs.iter().flatten().flatten().chain(castlings.iter().flat_map(castling_legs)).any(|l| l.decaying)
                || multi.iter().flatten().flatten().any(crate::plan::has_decaying);
        let mut interpreter = Interpreter {
            geometry,
            any_borrow,
            imitations,
            any_imitator,
            any_decaying,
            legs,
            multi,
            any_multi,
            check_rules,
            any_induced,
            promotions: variant.promotions.iter().map(|p| p.as_ref().map(|p| p.targets.clone())).collect(),
            zone,
            promotion_mandatory: variant.spec.promotion_mandatory,
            castlings,
            royal: variant.table.iter().map(|(_, info)| info.royal).collect(),
            letters,
            immobile: Vec::new(),
            drops: variant.spec.drops,
            outside_zone: Vec::new(),
            drop_limits: variant.drop_limits(),
            drop_mate_illegal: variant.kind_bits(&variant.spec.drop_mate_illegal),
            bikjang: variant.spec.bikjang,
        };
        let squares = geometry.num_squares();
        interpreter.immobile = vec![[vec![false; squares], vec![false; squares]]; variant.table.len()];
        interpreter.outside_zone = (0..variant.table.len())
            .map(|k| Color::ALL.map(|c| variant.outside_drop_zone(PieceKind(k as u8), c)))
            .collect();
        if variant.spec.immobility_illegal {
            if let Ok(empty) = Position::<Bb256>::new(variant.table.clone(), geometry) {
                interpreter.immobile = (0..variant.table.len())
                    .map(|k| {
                        Color::ALL.map(|c| interpreter.immobile_squares(&empty, Piece::new(PieceKind(k as u8), c)))
                    })
                    .collect();
                // X62: an Imitator's moves are the imitated kind's, never known in advance.
                for (k, imitations) in interpreter.imitations.iter().enumerate() {
                    if imitations.is_some() {
                        interpreter.immobile[k] = [vec![false; squares], vec![false; squares]];
                    }
                }
            }
        }
        d.finish(interpreter)
    }

    /// The squares (by index) where a piece of `kind` and `color` could never move again, with
    /// `immobility-illegal`; none without.
    pub fn immobile(&self, kind: PieceKind, color: Color) -> &[bool] {
        self.immobile.get(kind.index()).map_or(&[], |c| &c[color.index()])
    }

    /// The moves of one piece standing on `from` (used for `mbn moves` and diagrams).
    ///
    /// Multi-leg moves that end on `from` are passes when they capture nothing (the Lion's step out
    /// and back, a Rose's full circle) and stationary captures ([`Move::stay`]) otherwise (the
    /// Lion's igui, rifle captures): docs/SEMANTICS.md M61.
    pub fn piece_moves<B: Bitboard>(&self, pos: &Position<B>, from: Square, piece: Piece, out: &mut MoveList) {
        let occupancy = |sq: Square| pos.piece_at(sq);
        let start = out.len();
        // Squares reached by earlier legs: two legs reaching the same square (`K+fR`) make one move.
        let mut reached = [0u64; mbn_runtime::geometry::MAX_SQUARES / 64];
        for leg in &self.legs[piece.kind.0 as usize][piece.color.index()] {
            let before = reached;
            self.leg_moves(pos, &occupancy, from, piece, leg, &mut |mv| {
                let (word, bit) = (mv.to().index() / 64, 1u64 << (mv.to().index() % 64));
                // A quiet move made with and without e.p. rights is made once, without (legs
                // without rights come first, M93).
                let same = |m: Move| {
                    (m.to(), m.is_capture(), m.is_en_passant(), m.is_swap(), m.is_flip())
                        == (mv.to(), mv.is_capture(), mv.is_en_passant(), mv.is_swap(), mv.is_flip())
                };
                if before[word] & bit != 0 && (start..out.len()).any(|i| out.get(i).is_some_and(same)) {
                    return;
                }
                reached[word] |= bit;
                self.push_with_promotions(mv, piece, out)
            });
        }
        if self.any_multi && !self.multi[piece.kind.0 as usize][piece.color.index()].is_empty() {
            self.push_landings(pos, from, piece, start, out);
            // A multi-leg move with e.p. rights beside another without them (M94).
            out.drop_double_steps_made_quietly_from(start);
        }
        if self.any_borrow {
            self.push_borrowed(pos, from, piece, start, out);
        }
        if self.any_imitator {
            self.push_imitated(pos, from, piece, start, out);
        }
        if self.check_rules {
            out.merge_check_rules_from(start);
        }
    }

    /// The kinds `piece` on `from` borrows from (X29): those of the friends its `x` legs reach,
    /// each once, in kind order.
    fn lenders<B: Bitboard>(
        &self,
        pos: &Position<B>,
        occupancy: &dyn Fn(Square) -> Option<Piece>,
        from: Square,
        piece: Piece,
    ) -> Vec<PieceKind> {
        let mut kinds = Vec::new();
        for leg in self.legs[piece.kind.index()][piece.color.index()].iter().filter(|l| l.borrow) {
            if !leg.origin.iter().all(|r| self.in_range(r, pos, from, piece.color)) {
                continue;
            }
            for &v in &leg.vectors {
                self.walk(pos, occupancy, from, v, piece, leg, &mut |to, target| {
                    let in_range = leg.destination.iter().all(|r| self.in_range(r, pos, to, piece.color));
                    match target {
                        Some(t) if t.color == piece.color && in_range => kinds.push(t.kind),
                        _ => {}
                    }
                });
            }
        }
        // X83: the friends borrowing paths (`mNaxN`) find.
        for m in self.multi[piece.kind.index()][piece.color.index()].iter().filter(|m| crate::plan::borrows(m)) {
            let mut landings = Vec::new();
            self.lender_landings(pos, occupancy, from, piece, m, &mut landings);
            for l in landings {
                match occupancy(l.to) {
                    Some(t) if t.color == piece.color => kinds.push(t.kind),
                    _ => {}
                }
            }
        }
        kinds.sort_by_key(|k| k.index());
        kinds.dedup();
        kinds
    }

    /// X29: the moves `piece` on `from` borrows: each lender kind's own moves (single legs but
    /// its borrowing, multi-leg moves but those it induces) made from `from` as that kind of
    /// `piece`'s colour; the piece keeps its kind and promotes by its own rule. Moves already
    /// listed (from `start` on) are not repeated.
    fn push_borrowed<B: Bitboard>(
        &self,
        pos: &Position<B>,
        from: Square,
        piece: Piece,
        start: usize,
        out: &mut MoveList,
    ) {
        let occupancy = |sq: Square| pos.piece_at(sq);
        let mut list = MoveList::new();
        for kind in self.lenders(pos, &occupancy, from, piece) {
            let lender = Piece::new(kind, piece.color);
            let mut moves = Vec::new();
            for leg in self.legs[kind.index()][piece.color.index()].iter().filter(|l| !l.borrow && !l.pass) {
                self.leg_moves(pos, &occupancy, from, lender, leg, &mut |mv| moves.push((mv, Vec::new())));
            }
            if self.any_multi {
                for l in self.piece_landings(pos, from, lender) {
                    if l.mover.is_some() {
                        continue;
                    }
                    moves.push((l.to_move(from), l.extra));
                }
            }
            // A move made with and without e.p. rights is lent once, without (M98, M100): see
            // `pseudo_legal_moves`.
            for (mv, extra) in moves {
                if extra.is_empty() && out.lists(mv, &[], start) {
                    continue;
                }
                self.push_promoted_with_captures(mv, piece, &extra, &mut list, out);
            }
        }
    }

    /// The landings of the multi-leg moves of one piece standing on `from`, each once, including
    /// those that end on `from` itself.
    pub fn piece_landings<B: Bitboard>(&self, pos: &Position<B>, from: Square, piece: Piece) -> Vec<Landing> {
        let occupancy = |sq: Square| pos.piece_at(sq);
        let mut out = Vec::new();
        for m in &self.multi[piece.kind.0 as usize][piece.color.index()] {
            let before = out.len();
            self.multi_moves(pos, &occupancy, from, piece, m, true, &mut out);
            out[before..].iter_mut().for_each(|l| l.check_rule = m.check_rule);
        }
        for l in &mut out {
            l.extra.sort_by_key(|s| s.index());
        }
        out.sort_by_key(|l| {
            let extra: Vec<usize> = l.extra.iter().map(|s| s.index()).collect();
            // Decisive landings last (M42): they mark the same move listed before as decisive.
            (
                l.decisive,
                l.mover.map(|s| s.index()),
                l.to.index(),
                l.capture,
                l.unload.map(|s| s.index()),
                l.kind,
                extra,
            )
        });
        out.dedup();
        out
    }

    /// Adds the multi-leg moves of a piece to `out` (after its single-leg moves, which start at
    /// `start`), leaving out those already listed; those that end on their mover's square are
    /// passes or stationary captures (M61).
    fn push_landings<B: Bitboard>(
        &self,
        pos: &Position<B>,
        from: Square,
        piece: Piece,
        start: usize,
        out: &mut MoveList,
    ) {
        let mut list = MoveList::new();
        for landing in self.piece_landings(pos, from, piece) {
            let mv = landing.to_move(from);
            // M42: a decisive landing makes the same move listed before decisive, once.
            if landing.decisive && out.make_decisive(mv, &landing.extra, start) {
                continue;
            }
            // The same move made by a decisive single leg (M31) counts as listed.
            // M138: with its promotions, whatever promotion the listed one has.
            let listed = landing.extra.is_empty() && out.lists_decisive_or_not(mv, &[], start);
            if listed {
                continue;
            }
            let moving = landing.mover.and_then(|sq| pos.piece_at(sq)).unwrap_or(piece);
            self.push_promoted_with_captures(mv, moving, &landing.extra, &mut list, out);
        }
    }

    /// The squares where `piece` could never move (SEMANTICS.md V5): it has no move that is not a
    /// capture on the empty board `empty`, nor on any board holding one more piece, friend or enemy
    /// (a hopper's mount, V12).
    fn immobile_squares(&self, empty: &Position<Bb256>, piece: Piece) -> Vec<bool> {
        let legs = &self.legs[piece.kind.0 as usize][piece.color.index()];
        let moves_from = |board: &Position<Bb256>, from: Square| {
            let occupancy = |sq: Square| board.piece_at(sq);
            let mut moves = 0;
            // A pass (M26) does not move the piece.
            for leg in legs.iter().filter(|l| !l.pass) {
                self.leg_moves(board, &occupancy, from, piece, leg, &mut |mv| moves += usize::from(!mv.is_capture()));
            }
            moves > 0 || self.piece_landings(board, from, piece).iter().any(|l| l.to != from && !l.capture)
        };
        self.geometry
            .squares()
            .map(|from| {
                if moves_from(empty, from) {
                    return false;
                }
                !self.geometry.squares().filter(|&s| s != from).any(|mount| {
                    [piece.color, !piece.color].into_iter().any(|color| {
                        let mut board = empty.clone();
                        board.put_piece(mount, Piece::new(piece.kind, color)).is_ok() && moves_from(&board, from)
                    })
                })
            })
            .collect()
    }

    /// Pushes `mv` of `piece` with its promotion choices: a piece promotes on a move ending in
    /// the zone, and when promotion is optional also on one starting there; it may not stay
    /// unpromoted where it could never move again (SEMANTICS.md V4, V5). A swap or relocation
    /// (M24, X27), a pass (M26) or a stationary capture (M61) is pushed as it is.
    fn push_with_promotions(&self, mv: Move, piece: Piece, out: &mut MoveList) {
        if mv.is_swap()
            || mv.is_pass()
            || mv.is_flip()
            || mv.is_stay()
            || mv.swapped().is_some()
            || mv.flipped().is_some()
        {
            out.push(mv);
            return;
        }
        let targets = self.promotions[piece.kind.0 as usize].as_ref();
        let zone = &self.zone[piece.color.index()];
        let in_zone = |sq: Square| zone.get(sq.index()).copied().unwrap_or(false);
        let promotes = in_zone(mv.to()) || (!self.promotion_mandatory && in_zone(mv.from()));
        let may_stay = !self.immobile[piece.kind.0 as usize][piece.color.index()][mv.to().index()];
        match targets {
            Some(targets) if promotes && !mv.is_castle() => {
                if !self.promotion_mandatory && may_stay {
                    out.push(mv);
                }
                for &t in targets {
                    out.push(mv.with_promotion(t));
                }
            }
            _ if may_stay => out.push(mv),
            _ => {}
        }
    }

    /// [`Self::push_with_promotions`] to `out`, each choice with the extra captures `extra`;
    /// `scratch` is an empty list to work in, left empty.
    fn push_promoted_with_captures(
        &self,
        mv: Move,
        piece: Piece,
        extra: &[Square],
        scratch: &mut MoveList,
        out: &mut MoveList,
    ) {
        self.push_with_promotions(mv, piece, scratch);
        for mv in scratch.iter() {
            // A move list holds 65,535 extra captures: far beyond any position's needs.
            let _ = out.push_with_captures(*mv, extra);
        }
        scratch.clear();
    }

    /// Walks one leg from `from`, calling `emit` for every move it allows.
    fn leg_moves<B: Bitboard>(
        &self,
        pos: &Position<B>,
        occupancy: &dyn Fn(Square) -> Option<Piece>,
        from: Square,
        piece: Piece,
        leg: &PLeg,
        out: &mut dyn FnMut(Move),
    ) {
        if leg.initial && !pos.unmoved().test(from) {
            return;
        }
        // `ii` (M52): not once the piece has been in check or was dropped, nor while it is in check.
        if leg.decaying
            && (pos.decayed().test(from)
                || (pos.royals(piece.color).test(from) && self.is_square_attacked(pos, from, !piece.color)))
        {
            return;
        }
        // `#` (M31): every move of the leg ends the game; `k`, `kk` (M33): its moves carry the rule.
        let mut emit = |mv: Move| {
            let mv = if leg.decisive { mv.decisive() } else { mv };
            out(match leg.check_rule {
                Some(mate_only) => mv.no_check(mate_only),
                None => mv,
            })
        };
        if !leg.origin.iter().all(|r| self.in_range(r, pos, from, piece.color)) {
            return;
        }
        if !self.escapes(pos, leg, from, piece.color) || !self.conditions_hold(pos, leg, piece.color) {
            return;
        }
        if leg.pass {
            if leg.destination.iter().all(|r| self.in_range(r, pos, from, piece.color)) {
                emit(Move::pass(from));
            }
            return;
        }
        if leg.unblocked && self.blocked(pos, occupancy, from, piece, leg) {
            return;
        }
        // M38: on a cylinder two directions may reach the same square (a rook's rank both ways).
        let mut reached: Vec<Square> = Vec::new();
        for &v in &leg.vectors {
            self.walk(pos, occupancy, from, v, piece, leg, &mut |to, target| {
                if !leg.destination.iter().all(|r| self.in_range(r, pos, to, piece.color)) {
                    return;
                }
                if leg.wrap.is_some() {
                    if reached.contains(&to) {
                        return;
                    }
                    reached.push(to);
                }
                match target {
                    None => {
                        if leg.moves {
                            if leg.move_allows_en_passant && passes_squares(self.geometry, from, to) {
                                emit(Move::double_step(from, to));
                            } else {
                                emit(Move::quiet(from, to));
                            }
                        }
                        if let Some(pieces) = &leg.en_passant {
                            if self.en_passant_allowed(pos, to, piece, pieces.as_ref()) {
                                emit(Move::en_passant(from, to));
                            }
                        }
                    }
                    Some(victim) => {
                        if leg.captures.iter().any(|t| self.may_capture(t, piece, victim)) {
                            emit(Move::capture(from, to));
                        }
                        if leg.swap.as_ref().is_some_and(|w| self.may_capture(&w.targets, piece, victim)) {
                            emit(Move::swap(from, to));
                        }
                        // `x` (M34): never a royal piece.
                        let flips = leg.flip.as_ref().is_some_and(|f| self.may_capture(&f.targets, piece, victim));
                        if flips && !self.royal[victim.kind.index()] {
                            emit(Move::flip(from, to));
                        }
                    }
                }
            });
        }
    }

    /// `u` (M32): whether an enemy stands on a square of some direction of `leg` where the leg
    /// could capture it if it captured (the first piece of a ride, a leap's square), whatever the
    /// leg's destination ranges.
    fn blocked<B: Bitboard>(
        &self,
        pos: &Position<B>,
        occupancy: &dyn Fn(Square) -> Option<Piece>,
        from: Square,
        piece: Piece,
        leg: &PLeg,
    ) -> bool {
        let mut blocked = false;
        for &v in &leg.unblocked_by {
            self.walk(pos, occupancy, from, v, piece, leg, &mut |_, target| {
                blocked |= target.is_some_and(|t| t.color != piece.color);
            });
        }
        blocked
    }

    /// The destinations of one direction of a leg: `visit(to, piece there)`.
    #[allow(clippy::too_many_arguments)]
    fn walk<B: Bitboard>(
        &self,
        pos: &Position<B>,
        occupancy: &dyn Fn(Square) -> Option<Piece>,
        from: Square,
        v: (i32, i32),
        piece: Piece,
        leg: &PLeg,
        visit: &mut dyn FnMut(Square, Option<Piece>),
    ) {
        // M38: on a cylinder the ray goes round until it would come back to its start.
        let ray: Vec<Square> = match leg.wrap {
            Some(w) => w.ray(self.geometry, from, v),
            None => (1..).map_while(|k| self.offset(from, v.0 * k, v.1 * k)).collect(),
        };
        let (min, max) = match leg.reach {
            Reach::Steps { min, max } => (min as usize, max.map_or(usize::MAX, |m| m as usize)),
            Reach::Maximal | Reach::Edge => (1, usize::MAX),
            Reach::Halfling => {
                let half = ray.len().div_ceil(2);
                (half, half)
            }
        };
        let _ = pos;
        let mut hurdles = 0usize;
        let mut previous = from;
        for (i, &to) in ray.iter().enumerate() {
            let k = i + 1;
            if k > max {
                break;
            }
            if leg.non_jumping && !self.leap_open(occupancy, previous, v, leg.wrap) {
                break;
            }
            if let Some(h) = &leg.hop {
                // Hurdles between two landing squares of a straight leap (the Cannon's `pD`).
                for sq in self.between(previous, v, leg.wrap) {
                    if let Some(p) = occupancy(sq) {
                        if !self.hurdle_ok(h, piece, p) {
                            return;
                        }
                        hurdles += 1;
                    }
                }
            }
            previous = to;
            let target = occupancy(to);
            let hop_ok = match &leg.hop {
                None => true,
                Some(h) => match (h.many, h.optional) {
                    (false, false) => hurdles == 1,
                    (true, false) => hurdles >= 1,
                    (false, true) => hurdles <= 1,
                    (true, true) => true,
                },
            };
            let last = match leg.reach {
                Reach::Maximal => {
                    target.is_some() || k == ray.len() || occupancy(ray[k]).is_some_and(|p| p.color == piece.color)
                }
                Reach::Edge => k == ray.len(),
                _ => true,
            };
            if k >= min && hop_ok && last {
                visit(to, target);
            }
            if let Some(p) = target {
                match &leg.hop {
                    Some(h) => {
                        if !self.hurdle_ok(h, piece, p) {
                            return;
                        }
                        hurdles += 1;
                        if hurdles > 1 && !h.many {
                            return;
                        }
                    }
                    None => {
                        let pass = match &leg.over {
                            POver::Empty => false,
                            POver::Anything => true,
                            POver::Friends => p.color == piece.color,
                            POver::Set(s) => self.set_contains(s, piece.color, p),
                        };
                        if !pass {
                            return;
                        }
                    }
                }
            }
        }
    }

    fn hurdle_ok(&self, hop: &PHop, mover: Piece, hurdle: Piece) -> bool {
        hop.hurdles.as_ref().is_none_or(|s| self.set_contains(s, mover.color, hurdle))
    }

    /// The squares strictly between `from` and `from + v` on a straight line (none for an oblique `v`),
    /// on the cylinder `wrap` if any.
    fn between(&self, from: Square, v: (i32, i32), wrap: Option<PWrap>) -> Vec<Square> {
        let n = v.0.abs().max(v.1.abs());
        if v.0 != 0 && v.1 != 0 && v.0.abs() != v.1.abs() {
            return Vec::new();
        }
        (1..n).filter_map(|j| self.step(from, (v.0.signum() * j, v.1.signum() * j), wrap)).collect()
    }

    /// `from + v`, on the cylinder `wrap` if any.
    fn step(&self, from: Square, v: (i32, i32), wrap: Option<PWrap>) -> Option<Square> {
        match wrap {
            Some(w) => w.offset(self.geometry, from, v),
            None => self.offset(from, v.0, v.1),
        }
    }

    /// `n`: can the leap `v` from `from` be walked by king steps over empty squares (on the
    /// cylinder `wrap` if any)?
    fn leap_open(
        &self,
        occupancy: &dyn Fn(Square) -> Option<Piece>,
        from: Square,
        v: (i32, i32),
        wrap: Option<PWrap>,
    ) -> bool {
        if v.0.abs() <= 1 && v.1.abs() <= 1 {
            return true;
        }
        let steps = [(v.0.signum(), v.1.signum()), (v.0.signum(), 0), (0, v.1.signum())];
        steps.iter().any(|&s| {
            let rest = (v.0 - s.0, v.1 - s.1);
            // A step must not overshoot and must keep the rest reachable in fewer king steps.
            if s == (0, 0) || rest.0.signum() * v.0.signum() < 0 || rest.1.signum() * v.1.signum() < 0 {
                return false;
            }
            if rest.0.abs().max(rest.1.abs()) != v.0.abs().max(v.1.abs()) - 1 {
                return false;
            }
            match self.step(from, s, wrap) {
                Some(sq) if occupancy(sq).is_none() => rest == (0, 0) || self.leap_open(occupancy, sq, rest, wrap),
                Some(_) => rest == (0, 0),
                None => false,
            }
        })
    }

    fn offset(&self, from: Square, dx: i32, dy: i32) -> Option<Square> {
        let (dx, dy) = (i8::try_from(dx).ok()?, i8::try_from(dy).ok()?);
        self.geometry.offset(from, dx, dy)
    }

    fn may_capture(&self, t: &PTargets, mover: Piece, victim: Piece) -> bool {
        let side_ok = match t.side {
            Side::Enemy => victim.color != mover.color,
            Side::Friend => victim.color == mover.color,
            Side::Any => true,
        };
        side_ok && t.only.iter().all(|s| self.set_contains(s, mover.color, victim))
    }

    /// `j`: may `mover` visit `p`?
    fn may_visit(&self, v: &PVisit, mover: Piece, p: Piece) -> bool {
        let side_ok = match v.side {
            Side::Enemy => p.color != mover.color,
            Side::Friend => p.color == mover.color,
            Side::Any => true,
        };
        side_ok && v.only.as_ref().is_none_or(|s| self.set_contains(s, mover.color, p))
    }

    fn en_passant_allowed<B: Bitboard>(
        &self,
        pos: &Position<B>,
        to: Square,
        mover: Piece,
        pieces: Option<&PSet>,
    ) -> bool {
        if !pos.ep_targets().test(to) {
            return false;
        }
        let Some(victim) = pos.ep_victim().and_then(|sq| pos.piece_at(sq)) else { return false };
        victim.color != mover.color
            && match pieces {
                None => victim.kind == mover.kind,
                Some(set) => self.set_contains(set, mover.color, victim),
            }
    }

    fn set_contains(&self, set: &PSet, mover: Color, p: Piece) -> bool {
        let letter = self.letters[p.kind.0 as usize];
        let friend = p.color == mover;
        let hit = set.members.iter().any(|&(l, side)| l == letter && side.is_none_or(|f| f == friend));
        hit != set.complement
    }

    fn in_range<B: Bitboard>(&self, r: &PRange, pos: &Position<B>, sq: Square, color: Color) -> bool {
        let mut hit = r.squares[sq.index()];
        if !hit && r.reads_threats() {
            // M78: a side never threatens a square its own piece stands on, even with legs that
            // capture friends (`ccW`, M92).
            let attacked = !pos.by_color(!color).test(sq) && self.attacked_by(pos, sq, !color, Counted::Threats);
            hit = (r.threatened && attacked) || (r.unthreatened && !attacked);
        }
        if !hit && r.unmoved {
            hit = pos.unmoved().test(sq);
        }
        hit != r.complement
    }

    /// Castlings of the side to move: the royal's move with the partner invisible, then the
    /// partner's with the royal invisible; the royal may not start, pass or end attacked.
    fn castling_moves<B: Bitboard>(&self, pos: &Position<B>, out: &mut MoveList) {
        let us = pos.side_to_move();
        let partners = pos.castling_rights() & pos.by_color(us);
        for royal_sq in pos.royals(us).squares() {
            let Some(royal) = pos.piece_at(royal_sq) else { continue };
            for right_sq in partners.squares() {
                let (rf, pf) = (self.geometry.file_of(royal_sq), self.geometry.file_of(right_sq));
                if self.geometry.rank_of(royal_sq) != self.geometry.rank_of(right_sq) {
                    continue;
                }
                for c in &self.castlings {
                    let side_ok = match c.kind {
                        CastlingKind::Short => pf > rf,
                        CastlingKind::Long => pf < rf,
                        CastlingKind::Vertical => false,
                    };
                    if !side_ok {
                        continue;
                    }
                    // XBetza `jO` (X61): the partner is the piece beside the right's, toward the
                    // royal piece.
                    let partner_sq = if c.next_closer {
                        match self.offset(right_sq, if pf > rf { -1 } else { 1 }, 0) {
                            Some(sq) if sq != royal_sq && pos.by_color(us).test(sq) => sq,
                            _ => continue,
                        }
                    } else {
                        right_sq
                    };
                    let Some(partner) = pos.piece_at(partner_sq) else { continue };
                    // `O-O{C}=…` (M87): only partners of the set.
                    if c.partners.as_ref().is_some_and(|set| !self.set_contains(set, us, partner)) {
                        continue;
                    }
                    let without_partner = |sq: Square| if sq == partner_sq { None } else { pos.piece_at(sq) };
                    // Destinations with whether a `#` leg reaches them (M53: the castling is then
                    // decisive); conditions (M53) are tested by `leg_moves`, before the castling.
                    let mut royal_dests: Vec<(Square, bool)> = Vec::new();
                    for leg in &c.royal[us.index()] {
                        self.leg_moves(pos, &without_partner, royal_sq, royal, leg, &mut |mv| {
                            if !mv.is_capture() && !mv.is_en_passant() {
                                royal_dests.push((mv.to(), mv.is_decisive()));
                            }
                        });
                    }
                    for (royal_to, royal_decisive) in merge_decisive(royal_dests) {
                        if !self.castling_path_safe(pos, royal_sq, royal_to, us) {
                            continue;
                        }
                        let invisible = |sq: Square| {
                            if sq == partner_sq || sq == royal_sq || sq == royal_to {
                                None
                            } else {
                                pos.piece_at(sq)
                            }
                        };
                        // XBetza `O`: beside the royal piece, on the side it came from.
                        let beside = c.beside.then(|| {
                            let back = if pf > rf { -1 } else { 1 };
                            self.offset(royal_to, back, 0)
                        });
                        let mut partner_dests = Vec::new();
                        for leg in &c.partner[us.index()] {
                            self.leg_moves(pos, &invisible, partner_sq, partner, leg, &mut |mv| {
                                let placed = beside.is_none_or(|b| b == Some(mv.to()));
                                if !mv.is_capture() && !mv.is_en_passant() && mv.to() != royal_to && placed {
                                    partner_dests.push((mv.to(), mv.is_decisive()));
                                }
                            });
                        }
                        for (partner_to, partner_decisive) in merge_decisive(partner_dests) {
                            let mv = Move::castle(royal_sq, royal_to, partner_sq, partner_to);
                            out.push(if royal_decisive || partner_decisive { mv.decisive() } else { mv });
                        }
                    }
                }
            }
        }
    }

    /// The squares from `from` to `to` (on one line) are not attacked by the opponent.
    fn castling_path_safe<B: Bitboard>(&self, pos: &Position<B>, from: Square, to: Square, us: Color) -> bool {
        let (f0, f1) = (self.geometry.file_of(from) as i32, self.geometry.file_of(to) as i32);
        let (r0, r1) = (self.geometry.rank_of(from) as i32, self.geometry.rank_of(to) as i32);
        let n = (f1 - f0).abs().max((r1 - r0).abs());
        (0..=n).all(|j| match self.offset(from, (f1 - f0).signum() * j, (r1 - r0).signum() * j) {
            Some(sq) => !self.is_square_attacked(pos, sq, !us),
            None => false,
        })
    }
}

impl<B: Bitboard> MoveGenerator<B> for Interpreter {
    fn pseudo_legal_moves(&self, pos: &Position<B>, out: &mut MoveList) {
        let us = pos.side_to_move();
        let first = out.len();
        for from in pos.by_color(us).squares() {
            if let Some(piece) = pos.piece_at(from) {
                self.piece_moves(pos, from, piece, out);
            }
        }
        if self.any_induced {
            // X28: a move induced by two pieces, or induced and the friend's own, is one move.
            out.dedup_from(0);
        }
        if self.any_induced || self.any_borrow || self.any_imitator {
            // M100: a move made with and without e.p. rights, by its own legs, lent or imitated
            // ones, is made once, without.
            out.drop_double_steps_made_quietly_from(first);
        }
        self.castling_moves(pos, out);
        if self.drops {
            let us = pos.side_to_move();
            let forbidden = |kind: PieceKind| {
                let (immobile, outside) =
                    (&self.immobile[kind.index()][us.index()], &self.outside_zone[kind.index()][us.index()]);
                B::from_squares(self.geometry.squares().filter(|sq| immobile[sq.index()] || outside[sq.index()]))
            };
            push_drops(pos, forbidden, &self.drop_limits, out);
        }
        // `ii` (M52): a move made while a royal piece is in check costs the unmoved royal pieces
        // their `ii` moves.
        if self.any_decaying {
            let holders = pos.royals(us) & pos.unmoved() & !pos.decayed();
            if !holders.is_empty() && pos.royals(us).squares().any(|k| self.is_square_attacked(pos, k, !us)) {
                out.add_flags_from(first, MoveFlags::CHECKED);
            }
        }
    }

    fn legal_moves(&self, pos: &Position<B>, out: &mut MoveList) {
        if game_over(pos, self.bikjang) {
            return;
        }
        let start = out.len();
        self.pseudo_legal_moves(pos, out);
        let legal = |scratch: &mut Position<B>, mv: Move, extra: &[Square]| {
            if mv.is_drop() {
                drop_is_legal(self, scratch, mv, self.drop_mate_illegal)
            } else {
                mbn_runtime::rules::leaves_royals_safe(self, scratch, mv, extra)
                    && mbn_runtime::rules::keeps_check_rule(self, scratch, mv, extra)
            }
        };
        if self.bikjang && royals_face(pos) {
            retain_bikjang(pos, out, start, legal);
            return;
        }
        let mut scratch = pos.clone();
        out.retain_from(start, |mv, extra| legal(&mut scratch, mv, extra));
    }

    fn is_square_attacked(&self, pos: &Position<B>, sq: Square, by: Color) -> bool {
        self.attacked_by(pos, sq, by, Counted::All)
    }

    fn bikjang(&self) -> bool {
        self.bikjang
    }
}

impl Interpreter {
    /// `{...}` before a leg (M23): is the leg's start square attacked by an enemy in each set? The
    /// attacks counted are those of legs without attacker sets, so the question cannot recurse.
    fn escapes<B: Bitboard>(&self, pos: &Position<B>, leg: &PLeg, from: Square, color: Color) -> bool {
        leg.attackers.iter().all(|set| self.attacked_by(pos, from, !color, Counted::Set(set, color)))
    }

    /// `/.../` (M30): does some square of each condition hold a piece of its set (read from
    /// `color`'s side)?
    fn conditions_hold<B: Bitboard>(&self, pos: &Position<B>, leg: &PLeg, color: Color) -> bool {
        leg.conditions.iter().all(|c| {
            pos.occupied().squares().any(|sq| {
                c.squares[sq.index()]
                    && pos
                        .piece_at(sq)
                        .is_some_and(|p| c.pieces.as_ref().is_none_or(|set| self.set_contains(set, color, p)))
            })
        })
    }

    /// Whether `sq` is attacked by a piece of `by`, counting the attacks `only` says.
    fn attacked_by<B: Bitboard>(&self, pos: &Position<B>, sq: Square, by: Color, only: Counted) -> bool {
        let victim = pos.piece_at(sq).unwrap_or(Piece::new(self.royal_kind(), !by));
        let occupancy = |s: Square| if s == sq { Some(victim) } else { pos.piece_at(s) };
        pos.by_color(by).squares().any(|from| {
            let Some(piece) = pos.piece_at(from) else { return false };
            if let Counted::Set(set, side) = only {
                if !self.set_contains(set, side, piece) {
                    return false;
                }
            }
            if self.attacks_from(pos, &occupancy, from, piece, sq, only, false) {
                return true;
            }
            // X62: an Imitator attacks what its imitation attacks.
            if self.any_imitator && self.imitator_attacks(pos, &occupancy, from, piece, sq, only) {
                return true;
            }
            // X29: a borrower attacks what its lenders' moves made from its square attack.
            self.any_borrow
                && self
                    .lenders(pos, &occupancy, from, piece)
                    .into_iter()
                    .any(|kind| self.attacks_from(pos, &occupancy, from, Piece::new(kind, by), sq, only, true))
        })
    }

    /// Whether `piece` on `from` attacks `sq`; `lent`: by the moves it lends (X29: not its
    /// borrowing, not the moves it induces).
    #[allow(clippy::too_many_arguments)]
    fn attacks_from<B: Bitboard>(
        &self,
        pos: &Position<B>,
        occupancy: &dyn Fn(Square) -> Option<Piece>,
        from: Square,
        piece: Piece,
        sq: Square,
        only: Counted,
        lent: bool,
    ) -> bool {
        if self.any_multi && self.multi_attacks(pos, occupancy, from, piece, sq, lent, only) {
            return true;
        }
        self.legs_attack(pos, occupancy, from, piece, sq, only, &self.legs[piece.kind.index()][piece.color.index()])
    }

    /// Whether one of `legs`, made by `piece` on `from`, captures on `sq`.
    #[allow(clippy::too_many_arguments)]
    fn legs_attack<B: Bitboard>(
        &self,
        pos: &Position<B>,
        occupancy: &dyn Fn(Square) -> Option<Piece>,
        from: Square,
        piece: Piece,
        sq: Square,
        only: Counted,
        legs: &[PLeg],
    ) -> bool {
        let by = piece.color;
        legs.iter().any(|leg| {
            if leg.captures.is_empty() || (leg.initial && !pos.unmoved().test(from)) {
                return false;
            }
            // `ii` (M52): attacks while its right holds, in check or not (taking a royal piece ends
            // the game first, as a pinned piece still gives check).
            if leg.decaying && pos.decayed().test(from) {
                return false;
            }
            if !leg.attackers.is_empty() && (!only.counts_attacker_sets() || !self.escapes(pos, leg, from, by)) {
                return false;
            }
            if !only.counts_threats() && crate::plan::reads_threats(leg) {
                return false;
            }
            if !self.conditions_hold(pos, leg, by) {
                return false;
            }
            if !leg.origin.iter().all(|r| self.in_range(r, pos, from, by)) {
                return false;
            }
            let delta = (
                self.geometry.file_of(sq) as i32 - self.geometry.file_of(from) as i32,
                self.geometry.rank_of(sq) as i32 - self.geometry.rank_of(from) as i32,
            );
            leg.vectors.iter().any(|&v| {
                if leg.wrap.is_none() && !on_ray(delta, v) {
                    return false;
                }
                let mut found = false;
                self.walk(pos, occupancy, from, v, piece, leg, &mut |to, target| {
                    if to == sq
                        && target.is_some_and(|t| leg.captures.iter().any(|c| self.may_capture(c, piece, t)))
                        && leg.destination.iter().all(|r| self.in_range(r, pos, to, by))
                    {
                        found = true;
                    }
                });
                found
            })
        })
    }
}

/// Which attacks [`Interpreter::attacked_by`] counts. Deciding whether a square is threatened
/// (`[+]`, `[*]`) or attacked by a set (M23) counts no attack that would ask such a question
/// again, so the question cannot recurse (M78).
#[derive(Clone, Copy)]
pub(crate) enum Counted<'a> {
    /// Every attack (is a royal piece in check?).
    All,
    /// Attacks through moves whose squares do not depend on threats: is a square threatened?
    Threats,
    /// Attacks by the pieces of a set (read from the colour's side), through moves without
    /// attacker sets whose squares do not depend on threats.
    Set(&'a PSet, Color),
}

impl Counted<'_> {
    /// Whether moves whose squares depend on threats count.
    fn counts_threats(self) -> bool {
        matches!(self, Counted::All)
    }

    /// Whether moves with attacker sets count.
    fn counts_attacker_sets(self) -> bool {
        !matches!(self, Counted::Set(..))
    }

    /// Whether a multi-leg move counts.
    pub(crate) fn counts_move(self, m: &crate::plan::PMove) -> bool {
        (self.counts_attacker_sets() || !crate::plan::has_attackers(m))
            && (self.counts_threats() || !crate::plan::move_reads_threats(m))
    }
}

impl Interpreter {
    /// A royal kind to stand in for the victim on an empty square (castling transit squares).
    fn royal_kind(&self) -> PieceKind {
        PieceKind(self.royal.iter().position(|&r| r).unwrap_or(0) as u8)
    }
}

/// Is `delta` a positive multiple of `v`?
fn on_ray(delta: (i32, i32), v: (i32, i32)) -> bool {
    let k = if v.0 != 0 {
        delta.0 / v.0
    } else if v.1 != 0 {
        delta.1 / v.1
    } else {
        return false;
    };
    k >= 1 && delta == (v.0 * k, v.1 * k)
}

/// Castling destinations sorted by square, each once, decisive when any leg reaching it is (M53).
fn merge_decisive(mut dests: Vec<(Square, bool)>) -> Vec<(Square, bool)> {
    dests.sort_by_key(|&(sq, decisive)| (sq.index(), !decisive));
    dests.dedup_by_key(|&mut (sq, _)| sq);
    dests
}

/// Does a move from `from` to `to` pass over squares (more than one king step)?
fn passes_squares(geometry: Geometry, from: Square, to: Square) -> bool {
    let dx = geometry.file_of(to).abs_diff(geometry.file_of(from));
    let dy = geometry.rank_of(to).abs_diff(geometry.rank_of(from));
    dx.max(dy) > 1
}
