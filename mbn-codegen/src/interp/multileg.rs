//! Multi-leg moves: chains `-`, sequences `--`, optional legs `[...]` and `{...}`, complex and
//! circular riders (docs/SEMANTICS.md, "Multi-leg moves").
//!
//! A move is walked leg by leg, depth first. Each leg's landing stays *pending* until the rest of the
//! path decides its role: when another leg follows, the landing is a square on the way (empty, or an
//! enemy captured by a leg that wrote `a` or `c`); when the path ends there, it is the destination
//! and the leg's capabilities decide. Directions of `-` legs are computed in White's view from the
//! previous leg's direction and mirrored for Black, so Black's moves are White's mirrored. A leg's
//! conditions are read on the position before the move; a landing records `#` on the path, e.p.
//! rights left on the way, and a last leg's swap or e.p. capture (M41–M46).

use super::Interpreter;
use crate::lower::directions::{self, is_oblique, Dir, DirMod};
use crate::plan::{offboard, PMove, PPart, PRelative, PRepeat, PStep, Turn};
use mbn_runtime::{Bitboard, Color, Dominators, Move, Piece, Position, Square};

/// Where a multi-leg move ends and what it takes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Landing {
    /// The destination: the last leg's square (it may be the start square).
    pub to: Square,
    /// Whether the last leg captures the piece on `to`.
    pub capture: bool,
    /// The pieces captured on the way (locust captures).
    pub extra: Vec<Square>,
    /// XBetza `x` (X28): the square of the friend that makes the move, when it is not the piece
    /// itself (the Relay Knight's induced knight leaps).
    pub mover: Option<Square>,
    /// XBetza `u` on a later leg (X27): where the piece on `to` goes instead of being captured
    /// (the Valkyrie's `afudQ`); `capture` is false then.
    pub unload: Option<Square>,
    /// What else the move is (M43–M45); `capture` is false for a swap or an en passant capture.
    pub kind: LandingKind,
    /// `#` on a leg the path took (M42): the move ends the game.
    pub decisive: bool,
    /// The move's check rule (`k`: `Some(false)`, `kk`: `Some(true)`, M82), set by its move.
    pub check_rule: Option<bool>,
}

/// What a multi-leg landing is besides a move or capture (docs/SEMANTICS.md M43–M45).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub enum LandingKind {
    /// A quiet move or a capture.
    #[default]
    Plain,
    /// A quiet move that leaves e.p. rights on the squares it passed (`mefW-W`, M44).
    DoubleStep,
    /// An en passant capture on the last leg (`W-cefF`, M45).
    EnPassant,
    /// A swap on the last leg (`K-wW`, M43): the piece on `to` goes to the start square.
    Swap,
    /// A swap on the way (`wK-W`, M63): the swapped piece goes from `.0` to `.1` (the swapping
    /// leg's start square); the path's end is a move or a capture (`capture`).
    SwapOnTheWay(Square, Square),
    /// A flip on the last leg (`mW-xF`, M107): the piece on `to` turns colour, the mover stays.
    Flip,
    /// A flip on the way (`xW-W`, M126): the piece on `.0` turns colour where it stands; the
    /// path's end is a move or a capture (`capture`).
    FlipOnTheWay(Square),
}

impl Landing {
    /// The runtime move of a landing of the piece on `from` (its extra captures aside). A landing
    /// on its mover's own square (M61) is a stationary capture when it captures on the way, and a
    /// pass otherwise (whatever else its path did: it leaves no e.p. rights).
    pub fn to_move(&self, from: Square) -> Move {
        let mover = self.mover.unwrap_or(from);
        let mv = match (self.unload, self.kind) {
            _ if self.to == mover && self.extra.is_empty() => Move::pass(mover),
            _ if self.to == mover => Move::stay(mover),
            (Some(sq), _) => Move::relocate(from, self.to, sq),
            (None, LandingKind::Swap) => Move::swap(mover, self.to),
            (None, LandingKind::Flip) => Move::flip(mover, self.to),
            (None, LandingKind::SwapOnTheWay(s, t)) => Move::swap_on_the_way(mover, self.to, self.capture, s, t),
            (None, LandingKind::FlipOnTheWay(f)) => Move::flip_on_the_way(mover, self.to, self.capture, f),
            (None, LandingKind::EnPassant) => Move::en_passant(mover, self.to),
            (None, LandingKind::DoubleStep) => Move::double_step(mover, self.to),
            (None, LandingKind::Plain) if self.capture => Move::capture(mover, self.to),
            (None, LandingKind::Plain) => Move::quiet(mover, self.to),
        };
        let mv = if self.decisive { mv.decisive() } else { mv };
        match self.check_rule {
            Some(mate_only) => mv.no_check(mate_only),
            None => mv,
        }
    }
}

/// A direction vector, White's view.
pub(crate) type Vector = (i32, i32);

/// The eight king directions clockwise from straight on: the compass a turn is read on.
const COMPASS: [Vector; 8] = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)];

/// Which reflection a `z` leg made: `Files` negates the file component (a sideways move's), `Ranks`
/// the rank component (a vertical move's). A run of `z` legs keeps its reflection (a zig-zag line).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Axis {
    Files,
    Ranks,
}

/// The last landing of a path, whose role the rest of the path decides.
#[derive(Clone)]
struct Pending<'a> {
    step: &'a PStep,
    target: Option<Piece>,
}

/// A path under way.
#[derive(Clone)]
struct State<'a> {
    /// Where the piece stands now.
    square: Square,
    /// The direction of the last leg (White's view).
    prev: Option<Vector>,
    pending: Option<Pending<'a>>,
    /// Pieces captured on the way: their squares are empty for the rest of the path.
    captures: Vec<Square>,
    /// The start square and every landing, in order.
    visited: Vec<Square>,
    /// The direction of every leg walked (White's view).
    log: Vec<Vector>,
    /// In a time round that replays the previous one: the directions its legs must take.
    replay: Option<Vec<Vector>>,
    /// The reflection of the last leg, when it was a `z` leg.
    zaxis: Option<Axis>,
    /// `!`: the setup square the piece returns to when the move ends (M20).
    setup: Option<Square>,
    /// `x` (X28): the square of the excited friend now making the move.
    actor: Option<Square>,
    /// The start square of the last leg, for `u` (X27).
    leg_start: Square,
    /// The start square of a `u` leg walked (X27, X67): where the piece the last leg captures goes.
    unload_at: Option<Square>,
    /// `#` on a leg taken (M42).
    decisive: bool,
    /// A leg with `me` (XBetza `n`) passed an empty square (M44).
    rights: bool,
    /// XBetza `o` (X48): the point off the board the last leg landed on; the next leg starts there.
    off: Option<offboard::Point>,
    /// A swap on the way (M63): the swap square (empty once the mover goes on), the swapping leg's
    /// start square and the swapped piece, which stands there for the rest of the path.
    swapped: Option<(Square, Square, Piece)>,
    /// A flip on the way (M126): the square of the flipped piece, which stays there.
    flipped: Option<Square>,
}

/// What remains to be walked.
enum Cont<'c, 'a> {
    /// Nothing: the path ends here.
    Done,
    /// These parts, then the rest.
    Parts(&'a [PPart], &'c Cont<'c, 'a>),
    /// The end of time round `done` of a repeat (0: before the first).
    Round {
        rep: &'a PRepeat,
        done: u32,
        /// Where in the log the round that just ended began.
        log_start: usize,
        /// Positions (square, pieces captured) the repeat stood at after earlier rounds.
        seen: Vec<(Square, usize)>,
        next: &'c Cont<'c, 'a>,
    },
    /// The end of a time round of a flood-fill repeat (M67): the path is kept, not walked on.
    Collect(&'c std::cell::RefCell<Vec<State<'a>>>),
}

/// One piece's multi-leg moves on one position.
struct Walker<'w, B: Bitboard> {
    interp: &'w Interpreter,
    pos: &'w Position<B>,
    occupancy: &'w dyn Fn(Square) -> Option<Piece>,
    from: Square,
    piece: Piece,
    color: Color,
    /// Whether the piece is moving (not only attacking): a royal piece in check has no `ii` moves
    /// but attacks by them (M52, M66).
    moving: bool,
    /// X83: walking a borrowing move for its lenders: a path that ends with its `x` leg on a
    /// friend lands there (as a plain landing on the lender's square).
    lending: bool,
}

impl Interpreter {
    /// The landings of the multi-leg move `m` of `piece` standing on `from`, added to `out`;
    /// `moving`: as moves of the piece, else as its attacks.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn multi_moves<B: Bitboard>(
        &self,
        pos: &Position<B>,
        occupancy: &dyn Fn(Square) -> Option<Piece>,
        from: Square,
        piece: Piece,
        m: &PMove,
        moving: bool,
        out: &mut Vec<Landing>,
    ) {
        self.walk_move(pos, occupancy, from, piece, m, moving, false, out);
    }

    /// X83: the squares of the friends a borrowing move (`mNaxN`) of `piece` on `from` finds, as
    /// landings there.
    pub(super) fn lender_landings<B: Bitboard>(
        &self,
        pos: &Position<B>,
        occupancy: &dyn Fn(Square) -> Option<Piece>,
        from: Square,
        piece: Piece,
        m: &PMove,
        out: &mut Vec<Landing>,
    ) {
        self.walk_move(pos, occupancy, from, piece, m, true, true, out);
    }

    #[allow(clippy::too_many_arguments)]
    fn walk_move<B: Bitboard>(
        &self,
        pos: &Position<B>,
        occupancy: &dyn Fn(Square) -> Option<Piece>,
        from: Square,
        piece: Piece,
        m: &PMove,
        moving: bool,
        lending: bool,
        out: &mut Vec<Landing>,
    ) {
        let walker = Walker { interp: self, pos, occupancy, from, piece, color: m.color, moving, lending };
        let start = State {
            square: from,
            prev: None,
            pending: None,
            captures: Vec::new(),
            visited: vec![from],
            log: Vec::new(),
            replay: None,
            zaxis: None,
            setup: None,
            actor: None,
            leg_start: from,
            unload_at: None,
            decisive: false,
            rights: false,
            off: None,
            swapped: None,
            flipped: None,
        };
        walker.run(start, &Cont::Parts(&m.parts, &Cont::Done), out);
    }

    /// Whether a multi-leg move of `piece` on `from` captures on `target` (at the end or on the
    /// way); `own`: only by moves it makes itself, not those it induces (X28, X29); `only`: the
    /// moves counted (M55, as M23's legs; M78).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn multi_attacks<B: Bitboard>(
        &self,
        pos: &Position<B>,
        occupancy: &dyn Fn(Square) -> Option<Piece>,
        from: Square,
        piece: Piece,
        target: Square,
        own: bool,
        only: super::Counted,
    ) -> bool {
        let moves = self.multi[piece.kind.0 as usize][piece.color.index()].iter();
        moves.filter(|m| only.counts_move(m)).any(|m| {
            let mut landings = Vec::new();
            self.multi_moves(pos, occupancy, from, piece, m, false, &mut landings);
            // An induced capture attacks (X28): the inducer's move gives check.
            landings
                .iter()
                .filter(|l| !own || l.mover.is_none())
                .any(|l| (l.capture && l.to == target) || (l.extra.contains(&target) && target != from))
        })
    }
}

impl<'w, B: Bitboard> Walker<'w, B> {
    /// Walks what remains, adding every completed path to `out`.
    fn run<'a>(&self, st: State<'a>, k: &Cont<'_, 'a>, out: &mut Vec<Landing>) {
        match k {
            Cont::Done => self.finish(st, out),
            Cont::Parts([], next) => self.run(st, next, out),
            Cont::Parts([part, rest @ ..], next) => {
                let after = Cont::Parts(rest, next);
                match part {
                    PPart::Leg(step) => self.leg(st, step, &after, out),
                    PPart::Explode(x) => self.explode(st, x, out),
                    PPart::Optional { compulsory, body } => self.optional(st, *compulsory, body, &after, out),
                    PPart::Repeat(rep) => {
                        if rep.origin.iter().all(|r| self.in_range(r, st.square)) {
                            let round =
                                Cont::Round { rep, done: 0, log_start: st.log.len(), seen: Vec::new(), next: &after };
                            self.run(st, &round, out);
                        }
                    }
                }
            }
            Cont::Round { rep, done, log_start, seen, next } => self.round(st, rep, *done, *log_start, seen, next, out),
            Cont::Collect(ends) => ends.borrow_mut().push(st),
        }
    }

    /// `[P]`: with and without P. `{P}`: with P whenever that completes a move, else without.
    fn optional<'a>(
        &self,
        st: State<'a>,
        compulsory: bool,
        body: &'a [PPart],
        after: &Cont<'_, 'a>,
        out: &mut Vec<Landing>,
    ) {
        let with = Cont::Parts(body, after);
        if compulsory && straight_on_is_a_siblings(st.prev, body) {
            // M21: this atom of the letter cannot go on straight, another one of it can: the move
            // is that atom's, not this one's.
            return;
        }
        if compulsory {
            let mut taken = Vec::new();
            self.run(st.clone(), &with, &mut taken);
            if taken.is_empty() {
                self.run(st, after, out);
            } else {
                out.extend(taken);
            }
        } else {
            self.run(st.clone(), &with, out);
            self.run(st, after, out);
        }
    }

    /// After time round `done` of a repeat: another round, or on with the rest of the move.
    #[allow(clippy::too_many_arguments)]
    fn round<'a>(
        &self,
        mut st: State<'a>,
        rep: &'a PRepeat,
        done: u32,
        log_start: usize,
        seen: &[(Square, usize)],
        next: &Cont<'_, 'a>,
        out: &mut Vec<Landing>,
    ) {
        if rep.flood && done == 0 {
            return self.flood(st, rep, next, out);
        }
        let captured = st.captures.len() + usize::from(st.pending.as_ref().is_some_and(|p| p.target.is_some()));
        let position = (st.square, captured);
        // A repeat stops before it reaches the same position twice; `0*` never lands twice anywhere.
        if seen.contains(&position) {
            return;
        }
        if rep.maximal && done > 0 && st.visited[..st.visited.len() - 1].contains(&st.square) {
            return;
        }
        let mut seen = seen.to_vec();
        seen.push(position);
        let mut more = Vec::new();
        if rep.max.is_none_or(|m| done < m) {
            let bodies = if done == 0 { &rep.first } else { &rep.later };
            let replay = (done > 0 && rep.replay).then(|| st.log[log_start..].to_vec());
            for body in bodies {
                let end = Cont::Round { rep, done: done + 1, log_start: st.log.len(), seen: seen.clone(), next };
                let mut st = st.clone();
                st.replay = replay.clone();
                self.run(st, &Cont::Parts(body.as_slice(), &end), &mut more);
            }
        }
        // `0*` stops only where it cannot go on.
        let forced_on = rep.maximal && !more.is_empty();
        let may_stop = done >= rep.min
            && !forced_on
            && rep.destination.iter().all(|r| self.in_range(r, st.square))
            && (!rep.edge || self.at_edge(st.square, &st.log[log_start..]));
        out.extend(more);
        if may_stop {
            st.replay = None;
            self.run(st, next, out);
        }
    }

    /// An unlimited repeat that turns freely, run as a flood fill (M67): its rounds capture nothing
    /// on the way and take the same ways from a square whatever the previous round did, so the
    /// squares its self-avoiding paths reach are the squares reachable round by round (any walk
    /// shortens to a path standing nowhere twice). Each empty square reached, other than where the
    /// repeat started, goes round once more; every round's end may stop, each square and last leg
    /// once. To the edge (`(dK)*`, M68), and where more of the move follows and reads the last
    /// round's direction (`(dK)0-W`, M79), a round from `a` may stop on an empty `b` only when a
    /// path reaches `a` without standing on `b`: when `b` does not dominate `a` in the graph of
    /// rounds between empty squares, so the rounds are all walked before any stops.
    fn flood<'a>(&self, st: State<'a>, rep: &'a PRepeat, next: &Cont<'_, 'a>, out: &mut Vec<Landing>) {
        let origin = st.square;
        if rep.min == 0 {
            self.run(st.clone(), next, out);
        }
        let squares = self.pos.geometry().squares().count();
        let mut reached = vec![false; squares];
        let first_log = st.log.len();
        // The last legs the path stopped with on each square; with what follows, their directions.
        type Stop = (*const PStep, Option<Vector>, Option<Axis>);
        let mut stopped: Vec<Vec<Stop>> = vec![Vec::new(); squares];
        let mut stop = |from_square: Square, end: State<'a>, tree: Option<&Dominators>| {
            let Some(p) = end.pending.as_ref() else { return };
            let key: Stop = match rep.continued {
                true => (p.step, end.prev, end.zaxis),
                false => (p.step, None, None),
            };
            let log_start = if from_square == origin { first_log } else { 0 };
            let i = end.square.index();
            if (!rep.edge || self.at_edge(end.square, &end.log[log_start..]))
                && !stopped[i].contains(&key)
                && rep.destination.iter().all(|r| self.in_range(r, end.square))
                && tree.is_none_or(|t| !t.stands_on(from_square, end.square))
            {
                stopped[i].push(key);
                self.run(end, next, out);
            }
        };
        // Where stops need the dominator tree, every round's end with the square it started from.
        let guarded = rep.edge || rep.continued;
        let mut ends: Vec<(Square, State<'a>)> = Vec::new();
        let mut successors = vec![B::EMPTY; if guarded { squares } else { 0 }];
        let mut todo = vec![(st, rep.first.as_slice())];
        while let Some((from, bodies)) = todo.pop() {
            let from_square = from.square;
            for end in self.round_ends(from, bodies) {
                let Some(p) = end.pending.as_ref() else { continue };
                if end.square == origin {
                    continue;
                }
                if p.target.is_none() {
                    if guarded {
                        successors[from_square.index()] |= B::from_square(end.square);
                    }
                    if !reached[end.square.index()] {
                        reached[end.square.index()] = true;
                        // Later rounds read neither the path's log nor its landings (plan).
                        let mut later = end.clone();
                        later.log.clear();
                        later.visited.clear();
                        todo.push((later, rep.later.as_slice()));
                    }
                }
                if guarded {
                    ends.push((from_square, end));
                } else {
                    stop(from_square, end, None);
                }
            }
        }
        if guarded {
            let tree = Dominators::new(origin, &successors);
            for (from_square, end) in ends {
                stop(from_square, end, Some(&tree));
            }
        }
    }

    /// The ends of one time round of a flood-fill repeat from `from`, by each of `bodies`.
    fn round_ends<'a>(&self, from: State<'a>, bodies: &'a [Vec<PPart>]) -> Vec<State<'a>> {
        let ends = std::cell::RefCell::new(Vec::new());
        // Rounds end at `Collect`: no path completes inside one.
        let mut none = Vec::new();
        for body in bodies {
            self.run(from.clone(), &Cont::Parts(body.as_slice(), &Cont::Collect(&ends)), &mut none);
        }
        ends.into_inner()
    }

    /// One leg: settles the previous landing as a square on the way, then walks each direction.
    fn leg<'a>(&self, mut st: State<'a>, step: &'a PStep, after: &Cont<'_, 'a>, out: &mut Vec<Landing>) {
        if let Some(p) = st.pending.take() {
            if let Some(alt) = self.touched_instead(&st, &p) {
                self.leg(alt, step, after, out);
            }
            if !self.on_the_way(&mut st, &p) {
                return;
            }
        }
        let leg = &step.leg;
        if step.setup {
            // M20: the first `!` marks the setup square; a later one sets the piece back there first.
            match st.setup {
                Some(square) => st.square = square,
                None => st.setup = Some(st.square),
            }
        }
        if leg.initial && !self.pos.unmoved().test(self.from) {
            return;
        }
        if leg.decaying && !self.decaying_allowed() {
            return;
        }
        if !leg.origin.iter().all(|r| self.in_range(r, st.square)) {
            return;
        }
        // M41: a leg's conditions are read on the position before the move.
        if !self.interp.conditions_hold(self.pos, leg, self.color) {
            return;
        }
        // M55: an attacker set (first legs only) asks about the piece's square before the move.
        if !leg.attackers.is_empty() && !self.interp.escapes(self.pos, leg, self.from, self.color) {
            return;
        }
        st.leg_start = st.square;
        if step.unload {
            st.unload_at = Some(st.square);
        }
        if leg.pass && leg.destination.iter().all(|r| self.in_range(r, st.square)) {
            // M57: a null leg stands still on the square it starts from, which holds the mover
            // only; it keeps the previous leg's direction and lands nowhere new.
            let mut next = st.clone();
            next.pending = Some(Pending { step, target: None });
            next.decisive |= leg.decisive;
            self.run(next, after, out);
        }
        if leg.pass {
            return;
        }
        let directions = leg_directions(self.color, &mut st.replay, st.prev, st.zaxis, step);
        // The square the moving piece left: its own, or the excited friend's (X28).
        let vacated = st.actor.unwrap_or(self.from);
        let off = st.off.take();
        // M109: a `u` leg has no moves from here while an enemy stands where it could land, in
        // any of its directions, on the board as the path left it (no swaps beside it: plan).
        if leg.unblocked {
            let occupancy = |sq: Square| match sq == vacated || st.captures.contains(&sq) {
                true => None,
                false => (self.occupancy)(sq),
            };
            let mut blocked = false;
            for &(board, ..) in &directions {
                self.interp.walk(self.pos, &occupancy, st.square, board, self.piece, leg, &mut |_, target| {
                    blocked |= target.is_some_and(|t| t.color != self.color);
                });
            }
            if blocked {
                return;
            }
        }
        for (board, white, axis) in directions {
            let mut landings = Vec::new();
            {
                let occupancy = |sq: Square| match st.swapped {
                    // M63: the swapped piece stands on the swapping leg's start square, the
                    // swap square is empty once the mover goes on.
                    Some((_, t, piece)) if sq == t => Some(piece),
                    Some((s, _, _)) if sq == s => None,
                    _ if sq == vacated || st.captures.contains(&sq) => None,
                    _ => (self.occupancy)(sq),
                };
                if step.offboard {
                    // X48: over empty squares to the first point off the board.
                    let g = self.pos.geometry();
                    let Some((passed, at)) = offboard::exit(g, st.square, board, leg.reach) else { continue };
                    if passed.iter().any(|&sq| occupancy(sq).is_some()) {
                        continue;
                    }
                    let mut next = st.clone();
                    next.off = Some(at);
                    next.prev = Some(white);
                    next.log.push(white);
                    next.zaxis = axis;
                    next.decisive |= leg.decisive;
                    self.run(next, after, out);
                    continue;
                }
                match off {
                    Some(at) => self.reenter(&occupancy, at, board, leg, &mut landings),
                    None => {
                        self.interp.walk(self.pos, &occupancy, st.square, board, self.piece, leg, &mut |to, target| {
                            landings.push((to, target))
                        })
                    }
                }
            }
            for (to, target) in landings {
                if !self.may_land(step, target) || !leg.destination.iter().all(|r| self.in_range(r, to)) {
                    continue;
                }
                // M63, M126: the swapped or flipped piece is not landed on again (no second
                // capture, swap, flip or visit).
                if st.swapped.is_some_and(|(_, t, _)| t == to) || st.flipped == Some(to) {
                    continue;
                }
                let mut next = st.clone();
                next.square = to;
                next.prev = Some(white);
                next.log.push(white);
                next.visited.push(to);
                next.pending = Some(Pending { step, target });
                next.zaxis = axis;
                next.decisive |= leg.decisive;
                self.run(next, after, out);
            }
        }
    }

    /// The landings of a leg starting off the board at `at` (X48): along `v`, the points off the
    /// board are passed as empty, then the leg goes on over the board as any slide or leap does.
    fn reenter(
        &self,
        occupancy: &dyn Fn(Square) -> Option<Piece>,
        at: offboard::Point,
        v: Vector,
        leg: &crate::plan::PLeg,
        landings: &mut Vec<(Square, Option<Piece>)>,
    ) {
        let crate::ir::Reach::Steps { min, max } = leg.reach else { return };
        let g = self.pos.geometry();
        let Some((mut sq, mut k)) = offboard::entry(g, at, v) else { return };
        while max.is_none_or(|m| k <= m) {
            let target = occupancy(sq);
            if k >= min {
                landings.push((sq, target));
            }
            let step = (i8::try_from(v.0).ok(), i8::try_from(v.1).ok());
            let Some(next) = (target.is_none()).then(|| g.offset(sq, step.0?, step.1?)).flatten() else { break };
            sq = next;
            k += 1;
        }
    }

    /// Settles a landing as a square on the way: empty for a leg that may move (any leg without a
    /// written mode), or an enemy for a leg that wrote `a` or `c`, which captures it; a piece a `j`
    /// leg may visit stays where it is.
    fn on_the_way(&self, st: &mut State<'_>, p: &Pending<'_>) -> bool {
        if p.step.excite {
            // `x` (X28): a friend, which makes the rest of the move.
            let friend = p.target.is_some_and(|t| t.color == self.color);
            if friend {
                st.actor = Some(st.square);
            }
            return friend;
        }
        if let Some(v) = &p.step.leg.visit {
            // `j`: the piece there is visited, not captured (`j?`: or the square is empty).
            match p.target {
                None => return v.optional || (p.step.mode_written && p.step.leg.moves),
                Some(piece) if self.interp.may_visit(v, self.piece, piece) => return true,
                Some(_) => {}
            }
        }
        match p.target {
            None if p.step.leg.en_passant.is_some() => {
                // M64: an e.p. capture on the way takes the victim of the rights there, whose
                // square is empty for the rest of the path (the plan: the leg does not move).
                let pieces = p.step.leg.en_passant.as_ref().and_then(|s| s.as_ref());
                let victim = self.pos.ep_victim().filter(|v| !st.captures.contains(v));
                match victim {
                    Some(v) if self.interp.en_passant_allowed(self.pos, st.square, self.piece, pieces) => {
                        st.captures.push(v);
                        true
                    }
                    _ => false,
                }
            }
            None => {
                // M44: `me` leaves e.p. rights on the empty square passed.
                st.rights |= p.step.leg.move_allows_en_passant;
                !p.step.mode_written || p.step.leg.moves
            }
            Some(victim) => {
                if self.captures_on_the_way(p, victim) {
                    st.captures.push(st.square);
                    return true;
                }
                self.touch_on_the_way(st, p, victim)
            }
        }
    }

    /// Whether a leg on the way captures `victim` where it lands.
    fn captures_on_the_way(&self, p: &Pending<'_>, victim: Piece) -> bool {
        p.step.mode_written && p.step.leg.captures.iter().any(|t| self.interp.may_capture(t, self.piece, victim))
    }

    /// Settles a landing on `victim` as a swap (M63) or a flip (M126) on the way, where the leg
    /// may make one.
    fn touch_on_the_way(&self, st: &mut State<'_>, p: &Pending<'_>, victim: Piece) -> bool {
        // M63: a swap on the way; the swapped piece goes to the leg's start square.
        let swaps = p.step.leg.swap.as_ref().is_some_and(|w| self.interp.may_capture(&w.targets, self.piece, victim));
        if swaps {
            if st.swapped.is_none() {
                st.swapped = Some((st.square, st.leg_start, victim));
            }
            return true;
        }
        // M126: a flip on the way; the flipped piece stays, the mover goes on from it.
        let flips = p.step.leg.flip.as_ref().is_some_and(|f| self.interp.may_capture(&f.targets, self.piece, victim));
        if flips && st.flipped.is_none() && !self.interp.royal[victim.kind.index()] {
            st.flipped = Some(st.square);
            return true;
        }
        false
    }

    /// M130: a landing on the way that the leg may capture and also swap with or flip is both; the
    /// path that swaps or flips there instead, which [`Walker::on_the_way`] (capturing) does not
    /// walk.
    fn touched_instead<'a>(&self, st: &State<'a>, p: &Pending<'_>) -> Option<State<'a>> {
        if p.step.leg.swap.is_none() && p.step.leg.flip.is_none() {
            return None;
        }
        let victim = p.target.filter(|&v| p.step.leg.visit.is_none() && self.captures_on_the_way(p, v))?;
        let mut alt = st.clone();
        self.touch_on_the_way(&mut alt, p, victim).then_some(alt)
    }

    /// Whether a landing could be settled either way, on the way ([`Walker::on_the_way`]) or as the
    /// destination ([`Walker::finish`]); a landing that could be neither is not walked on.
    fn may_land(&self, step: &PStep, target: Option<Piece>) -> bool {
        let leg = &step.leg;
        if step.excite {
            return target.is_some_and(|t| t.color == self.color);
        }
        match target {
            None => match &leg.visit {
                Some(v) => v.optional || leg.moves,
                None => leg.moves || !step.mode_written || leg.en_passant.is_some(),
            },
            Some(victim) => {
                leg.captures.iter().any(|t| self.interp.may_capture(t, self.piece, victim))
                    || leg.visit.as_ref().is_some_and(|v| self.interp.may_visit(v, self.piece, victim))
                    || leg.swap.as_ref().is_some_and(|w| self.interp.may_capture(&w.targets, self.piece, victim))
                    || leg.flip.as_ref().is_some_and(|f| self.interp.may_capture(&f.targets, self.piece, victim))
            }
        }
    }

    /// An explosion (M49), which ends the move: the piece stays where its last leg landed and
    /// captures every piece it may on the squares around, and itself with `O`; at least one piece
    /// (a maximal repeat goes round at least once). What the last leg captured there is the move's
    /// capture; everything else is an extra capture, the piece's own square included.
    fn explode(&self, mut st: State<'_>, x: &crate::plan::PExplode, out: &mut Vec<Landing>) {
        if let Some(p) = st.pending.take() {
            if let Some(alt) = self.touched_instead(&st, &p) {
                self.explode(alt, x, out);
            }
            if !self.on_the_way(&mut st, &p) {
                return;
            }
        }
        let centre = st.square;
        let g = self.pos.geometry();
        let mut blown = Vec::new();
        for &(dx, dy) in &x.vectors {
            let Some(sq) = g.offset(centre, dx as i8, dy as i8) else { continue };
            if sq == self.from || st.captures.contains(&sq) {
                continue;
            }
            let victim = (self.occupancy)(sq);
            if victim.is_some_and(|v| x.captures.iter().any(|t| self.interp.may_capture(t, self.piece, v))) {
                blown.push(sq);
            }
        }
        // `O`: the mover, when the legs may capture it (`cy`, `cc`; a set holding its kind).
        if x.itself && x.captures.iter().any(|t| self.interp.may_capture(t, self.piece, self.piece)) {
            blown.push(centre);
        }
        if blown.is_empty() {
            return;
        }
        let (capture, decisive) = (st.captures.contains(&centre), st.decisive);
        let mut extra: Vec<Square> = st.captures.into_iter().filter(|&s| s != centre).collect();
        extra.extend(blown);
        out.push(Landing {
            to: centre,
            capture,
            extra,
            mover: None,
            unload: None,
            kind: LandingKind::Plain,
            decisive,
            check_rule: None,
        });
    }

    /// The path ends: the last landing is the destination, allowed by the last leg's capabilities.
    fn finish(&self, st: State<'_>, out: &mut Vec<Landing>) {
        let Some(p) = st.pending.clone() else { return };
        if st.off.is_some() {
            return;
        }
        if p.step.excite {
            // X83: the friend a borrowing path finds (a path that induces ends on no `x` leg).
            if self.lending {
                let kind = LandingKind::Plain;
                let to = st.square;
                out.push(Landing {
                    to,
                    capture: false,
                    extra: Vec::new(),
                    mover: None,
                    unload: None,
                    kind,
                    decisive: false,
                    check_rule: None,
                });
            }
            return;
        }
        let leg = &p.step.leg;
        let mut st = st;
        // M63: a path that swapped on the way ends as a move or a capture with the swap in it.
        // M126: one that flipped on the way, a move or a capture with the flip in it; back on its
        // start square it is no move (as a swap on the way, M63).
        let plain = match (st.swapped, st.flipped) {
            (Some((s, t, _)), _) => LandingKind::SwapOnTheWay(s, t),
            (None, Some(_)) if st.square == st.actor.unwrap_or(self.from) => return,
            (None, Some(f)) => LandingKind::FlipOnTheWay(f),
            (None, None) => LandingKind::Plain,
        };
        if leg.pass && st.setup.is_none() && st.actor.is_none() {
            // M57: a path that captured on the way where a null leg then ends (`cK-O`) is a
            // capture there, not a move with an extra capture of its own square.
            if let Some(i) = st.captures.iter().position(|&s| s == st.square) {
                st.captures.remove(i);
                let decisive = st.decisive;
                let extra = st.captures;
                let mover = st.actor;
                out.push(Landing {
                    to: st.square,
                    capture: true,
                    extra,
                    mover,
                    unload: None,
                    kind: plain,
                    decisive,
                    check_rule: None,
                });
                return;
            }
        }
        let landing = |kind, capture| Landing {
            to: st.square,
            capture,
            extra: st.captures.clone(),
            mover: st.actor,
            unload: None,
            kind,
            decisive: st.decisive,
            check_rule: None,
        };
        // M43, M45: a swap or an en passant capture on the last leg (the plan leaves no captures
        // on the way, `!`, `x` or `u` beside them).
        match p.target {
            None if leg
                .en_passant
                .as_ref()
                .is_some_and(|s| self.interp.en_passant_allowed(self.pos, st.square, self.piece, s.as_ref())) =>
            {
                out.push(landing(LandingKind::EnPassant, false))
            }
            Some(victim)
                if leg.swap.as_ref().is_some_and(|w| self.interp.may_capture(&w.targets, self.piece, victim)) =>
            {
                out.push(landing(LandingKind::Swap, false))
            }
            _ => {}
        }
        // M107: a flip on the last leg, never of a royal piece.
        if let Some(victim) = p.target {
            let flips = leg.flip.as_ref().is_some_and(|f| self.interp.may_capture(&f.targets, self.piece, victim));
            if flips && !self.interp.royal[victim.kind.index()] {
                out.push(landing(LandingKind::Flip, false));
            }
        }
        // M103: a last leg that visits: the piece dies there, or goes back to the setup square.
        let visits = leg.visit.as_ref().is_some_and(|v| match p.target {
            None => v.optional && !leg.moves,
            Some(piece) => self.interp.may_visit(v, self.piece, piece),
        });
        if visits && st.actor.is_none() {
            let mut extra = st.captures.clone();
            out.push(match st.setup {
                Some(square) => back_to_setup(square, extra, None, st.decisive),
                None => {
                    extra.push(self.from);
                    Landing { to: self.from, capture: false, extra, kind: LandingKind::Plain, ..landing(plain, false) }
                }
            });
        }
        if p.target.is_none() && st.rights && leg.moves {
            out.push(landing(LandingKind::DoubleStep, false));
            return;
        }
        let capture = match p.target {
            None if p.step.leg.moves => false,
            Some(victim) if p.step.leg.captures.iter().any(|t| self.interp.may_capture(t, self.piece, victim)) => true,
            _ => return,
        };
        let (mover, unload) = (st.actor, st.unload_at.filter(|_| capture));
        if let Some(sq) = unload {
            // X27: the captured piece goes to the (empty) start square of the `u` leg.
            let vacated = sq == st.actor.unwrap_or(self.from) || st.captures.contains(&sq);
            if !vacated && (self.occupancy)(sq).is_some() {
                return;
            }
            let decisive = st.decisive;
            out.push(Landing {
                to: st.square,
                capture: false,
                extra: st.captures,
                mover,
                unload,
                kind: LandingKind::Plain,
                decisive,
                check_rule: None,
            });
            return;
        }
        match st.setup {
            // M20: the piece goes back to the setup square; what its last leg took is taken on the way.
            Some(square) => {
                let mut extra = st.captures;
                if capture {
                    extra.push(st.square);
                }
                out.push(back_to_setup(square, extra, mover, st.decisive));
            }
            None => out.push(landing(plain, capture)),
        }
    }

    /// `(X)*` (M56): whether one more time round from `sq`, one step of each leg the way the last
    /// round went (`round`, White's view), would leave the board.
    fn at_edge(&self, sq: Square, round: &[Vector]) -> bool {
        let g = self.pos.geometry();
        let mut at = Some(sq);
        for &(x, y) in round {
            let y = if self.color == Color::White { y } else { -y };
            at = at.and_then(|s| g.offset(s, x as i8, y as i8));
        }
        at.is_none()
    }

    fn in_range(&self, r: &crate::plan::PRange, sq: Square) -> bool {
        self.interp.in_range(r, self.pos, sq, self.piece.color)
    }

    /// `ii` on a leg (M52, M66): not once the piece's right has decayed (its royal piece was in
    /// check, or it was dropped); a royal piece in check has no such moves but attacks by them.
    fn decaying_allowed(&self) -> bool {
        if self.pos.decayed().test(self.from) {
            return false;
        }
        let royal = self.pos.royals(self.piece.color).test(self.from);
        !(self.moving && royal && self.interp.attacked_by(self.pos, self.from, !self.piece.color, super::Counted::All))
    }
}

/// The end of a path after a `!` leg (M20): the piece goes back to the setup square `square`,
/// having taken `extra` on the way. When a leg captured on the setup square itself (`cW-!cW`:
/// the piece took d5 and stood there), that is the move's capture (M103), not an extra capture
/// that would take the piece itself.
fn back_to_setup(square: Square, mut extra: Vec<Square>, mover: Option<Square>, decisive: bool) -> Landing {
    let capture = match extra.iter().position(|&s| s == square) {
        Some(i) => {
            extra.remove(i);
            true
        }
        None => false,
    };
    Landing { to: square, capture, extra, mover, unload: None, kind: LandingKind::Plain, decisive, check_rule: None }
}

/// Whether the body starts with a straight-on `-` leg whose atom cannot go straight on after the
/// previous leg (`prev`) while another atom written at the same place can (`{!cK}` after a rook
/// move: the F of the K), M21. Both back ends drop such a move.
pub(crate) fn straight_on_is_a_siblings(prev: Option<Vector>, body: &[PPart]) -> bool {
    let (Some(PPart::Leg(step)), Some(p)) = (body.first(), prev) else { return false };
    step.relative.as_ref().is_some_and(|rel| {
        rel.turns == [Turn::Straight]
            && parallel(&rel.vectors, p).is_empty()
            && !parallel(&rel.sibling_vectors, p).is_empty()
    })
}

/// The directions of a leg for `color`: (board vector, White's vector, reflection made). A replay
/// queue (a later time round of a straight-on repeat) fixes the next direction; otherwise an
/// absolute leg takes its vectors and a `-` leg turns from `prev` (without one, M70:
/// [`first_leg_vectors`]).
pub(crate) fn leg_directions(
    color: Color,
    replay: &mut Option<Vec<Vector>>,
    prev: Option<Vector>,
    zaxis: Option<Axis>,
    step: &PStep,
) -> Vec<(Vector, Vector, Option<Axis>)> {
    let orient = |v: Vector| if color == Color::White { v } else { (v.0, -v.1) };
    if let Some(queue) = replay.as_mut() {
        if !queue.is_empty() {
            let w = queue.remove(0);
            let fits = match &step.relative {
                Some(rel) => atom_of(w) == rel.atom,
                None => step.leg.vectors.contains(&orient(w)),
            };
            return if fits { vec![(orient(w), w, None)] } else { Vec::new() };
        }
    }
    match (&step.relative, prev) {
        (None, _) => step.leg.vectors.iter().map(|&b| (b, orient(b), None)).collect(),
        (Some(rel), Some(p)) => {
            relative_vectors(rel, p, zaxis).into_iter().map(|(w, axis)| (orient(w), w, axis)).collect()
        }
        // M70: no leg was taken before it (every part before it optional and left out): the leg
        // reads its directions as a first leg does, in White's view.
        (Some(rel), None) => first_leg_vectors(rel).into_iter().map(|w| (orient(w), w, None)).collect(),
    }
}

/// The directions of a `-` leg that no leg precedes (M70: `{jy{X}F}0-F` jumping over no piece is
/// a Ferz): nothing written or `d`, every direction of its atom; direction letters select as on a
/// first leg (D18); `t`, `tt` and `z`, which turn from a previous leg, none (D20).
pub(crate) fn first_leg_vectors(rel: &PRelative) -> Vec<Vector> {
    let mut out: Vec<Vector> = Vec::new();
    for turn in &rel.turns {
        let chosen = match *turn {
            Turn::Straight | Turn::Any => rel.vectors.clone(),
            Turn::Dir(m) => turned(rel.atom, &rel.vectors, (0, 1), m),
            Turn::Back | Turn::NotBack | Turn::Reflect => Vec::new(),
        };
        for v in chosen {
            if !out.contains(&v) {
                out.push(v);
            }
        }
    }
    out
}

/// The atom `(m, n)` of a vector.
pub(crate) fn atom_of((x, y): Vector) -> (u32, u32) {
    let (a, b) = (x.unsigned_abs(), y.unsigned_abs());
    (a.min(b), a.max(b))
}

/// The vectors of `vs` pointing the way `p` points.
fn parallel(vs: &[Vector], p: Vector) -> Vec<Vector> {
    vs.iter().copied().filter(|v| v.0 * p.1 == v.1 * p.0 && v.0 * p.0 + v.1 * p.1 > 0).collect()
}

/// The vectors of a `-` leg after a leg in direction `p` (all White's view), each with the
/// reflection it made when a `z` chose it.
pub(crate) fn relative_vectors(rel: &PRelative, p: Vector, zaxis: Option<Axis>) -> Vec<(Vector, Option<Axis>)> {
    let all = &rel.vectors;
    let mut out: Vec<(Vector, Option<Axis>)> = Vec::new();
    for turn in &rel.turns {
        let chosen: Vec<(Vector, Option<Axis>)> = match *turn {
            Turn::Straight => {
                let straight = parallel(all, p);
                let sibling_goes_straight = !parallel(&rel.sibling_vectors, p).is_empty();
                if !straight.is_empty() || sibling_goes_straight {
                    straight.into_iter().map(|v| (v, None)).collect()
                } else {
                    turned(rel.atom, all, p, DirMod::One(Dir::F)).into_iter().map(|v| (v, None)).collect()
                }
            }
            Turn::Any => all.iter().map(|&v| (v, None)).collect(),
            Turn::Back => parallel(all, (-p.0, -p.1)).into_iter().map(|v| (v, None)).collect(),
            Turn::NotBack => {
                let back = parallel(all, (-p.0, -p.1));
                all.iter().filter(|v| !back.contains(v)).map(|&v| (v, None)).collect()
            }
            Turn::Reflect => reflections(p, zaxis)
                .into_iter()
                .flat_map(|(axis, r)| parallel(all, r).into_iter().map(move |v| (v, Some(axis))))
                .collect(),
            Turn::Dir(m) => turned(rel.atom, all, p, m).into_iter().map(|v| (v, None)).collect(),
        };
        for c in chosen {
            if !out.iter().any(|o| o.0 == c.0) {
                out.push(c);
            }
        }
    }
    out
}

/// `z`: the previous direction reflected. A sideways move (|x| ≥ |y|) has its file component
/// negated, a vertical one (|y| ≥ |x|) its rank component; a diagonal is both, unless the previous
/// leg was a `z` leg too, whose reflection a zig-zag keeps.
fn reflections(p: Vector, zaxis: Option<Axis>) -> Vec<(Axis, Vector)> {
    let mut r = Vec::new();
    if p.0.abs() >= p.1.abs() {
        r.push((Axis::Files, (-p.0, p.1)));
    }
    if p.1.abs() >= p.0.abs() {
        r.push((Axis::Ranks, (p.0, -p.1)));
    }
    if let (Some(axis), 2) = (zaxis, r.len()) {
        r.retain(|(a, _)| *a == axis);
    }
    r
}

/// A direction modifier read with `p` as forward. The atom's vectors are turned so that `p` points
/// forward and then selected by the tables of D18. An oblique atom continuing its own direction
/// (a Rose's knight after a knight) turns by compass points instead: its eight vectors, clockwise,
/// stand for the eight king directions, `p` for straight on.
fn turned(atom: (u32, u32), all: &[Vector], p: Vector, m: DirMod) -> Vec<Vector> {
    let oblique = is_oblique(atom);
    let sel = |v: Vector| directions::selects(m, v).unwrap_or(false);
    match parallel(all, p).first() {
        Some(&own) if oblique => {
            let mut clockwise = all.to_vec();
            clockwise.sort_by(|a, b| bearing(*a).total_cmp(&bearing(*b)));
            let at = |v: Vector| clockwise.iter().position(|&c| c == v).unwrap_or(0);
            let base = at(own);
            clockwise.iter().copied().filter(|&v| sel(COMPASS[(at(v) + 8 - base) % 8])).collect()
        }
        _ => all.iter().copied().filter(|&v| sel((v.0 * p.1 - v.1 * p.0, v.0 * p.0 + v.1 * p.1))).collect(),
    }
}

/// The bearing of a vector, clockwise from forward, in [0, 2π).
fn bearing((x, y): Vector) -> f64 {
    let a = f64::from(x).atan2(f64::from(y));
    if a < 0.0 {
        a + std::f64::consts::TAU
    } else {
        a
    }
}

#[cfg(test)]
mod tests {
    //! `j` (visit a piece), M10: the Grasshopper `jyQ-K` and its relatives, by FEN.
    use crate::interp::Interpreter;
    use crate::variant::{Variant, VariantSpec};
    use mbn_runtime::{Geometry, MoveGenerator, MoveList, Position};

    /// Piece `A` (kind 0) and a blocker `Z` on an 8x8 board.
    fn probe(notation: &str) -> (Variant, Result<Interpreter, Vec<crate::Diagnostic>>) {
        let mut spec = VariantSpec::new("probe", 8, 8, "8/8/8/8/8/8/8/8 w - - 0 1", &format!("A={notation} Z=mfW K"));
        spec.royal = "K".to_string();
        let variant = Variant::compile(&spec).unwrap_or_else(|e| panic!("{notation}: {e:?}"));
        let interp = Interpreter::new(&variant);
        (variant, interp)
    }

    /// The position `fen` and the moves of the White `A` on d4 there.
    fn piece_list(notation: &str, fen: &str) -> (Position<u64>, MoveList) {
        let (variant, interp) = probe(notation);
        let interp = interp.unwrap_or_else(|e| panic!("{notation}: {e:?}"));
        let g = Geometry::CHESS;
        let pos = Position::<u64>::from_fen(&variant.table, g, fen).unwrap();
        let d4 = g.parse_square("d4").unwrap();
        let mut list = MoveList::new();
        interp.piece_moves(&pos, d4, pos.piece_at(d4).unwrap(), &mut list);
        (pos, list)
    }

    /// The moves of the White `A` on d4 in `fen`, as `to` or `xto`, sorted.
    fn moves(notation: &str, fen: &str) -> String {
        let (_, list) = piece_list(notation, fen);
        let g = Geometry::CHESS;
        let mut out: Vec<String> = list
            .iter()
            .map(|mv| format!("{}{}", if mv.is_capture() { "x" } else { "" }, g.square_name(mv.to())))
            .collect();
        out.sort();
        out.join(" ")
    }

    /// d4: the piece; friends b2 d3; enemies d6 f6 g7 (g7 right behind f6).
    const BOARD: &str = "8/6z1/3z1z2/8/3A4/3Z4/1Z6/8 w - - 0 1";

    #[test]
    fn grasshopper_lands_right_behind_the_first_piece() {
        // b2 → a1 (hop a friend), d3 → d2, d6 → d7 (hop an enemy); f6 → g7 captures.
        assert_eq!(moves("jyQ-K", BOARD), "a1 d2 d7 xg7");
        // The same with the lines spelt out.
        assert_eq!(moves("(jyR-W)+(jyB-F)", BOARD), "a1 d2 d7 xg7");
        // An empty line, or a hurdle at the edge, gives nothing.
        assert_eq!(moves("jyQ-K", "8/8/8/8/3A4/8/8/8 w - - 0 1"), "");
    }

    #[test]
    fn j_jj_and_sets_choose_what_may_be_visited() {
        assert_eq!(moves("jQ-K", BOARD), "d7 xg7");
        assert_eq!(moves("jjQ-K", BOARD), "a1 d2");
        assert_eq!(moves("jy{Z}Q-K", BOARD), "a1 d2 d7 xg7");
        assert_eq!(moves("jy{K}Q-K", BOARD), "");
        // `j?`: an enemy or an empty square on the way.
        assert_eq!(moves("j?W-W", BOARD), "b4 f4 xd6");
    }

    #[test]
    fn the_grasshopper_attacks_behind_its_hurdle() {
        // Black king on g7, behind the black piece on f6 as seen from d4.
        let (variant, interp) = probe("jyQ-K");
        let interp = interp.unwrap();
        let g = Geometry::CHESS;
        let pos = Position::<u64>::from_fen(&variant.table, g, "8/6k1/5z2/8/3A4/8/8/8 b - - 0 1").unwrap();
        assert!(interp.in_check(&pos));
        let pos = Position::<u64>::from_fen(&variant.table, g, "8/5zk1/8/8/3A4/8/8/8 b - - 0 1").unwrap();
        assert!(!interp.in_check(&pos));
    }

    #[test]
    fn j_on_the_last_leg_kills_the_piece() {
        // M103: the piece dies on any piece it may visit (one move, a stationary capture of d4).
        let list = |notation: &str| {
            let (pos, list) = piece_list(notation, BOARD);
            let text: Vec<String> = list.iter().map(|mv| pos.uci(*mv, list.extra_captures(mv))).collect();
            text.join(" ")
        };
        assert_eq!(list("jyQ"), "d4d4xd4");
        assert_eq!(list("jQ"), "d4d4xd4");
        // `jj`: the friends b2 and d3 on its lines.
        assert_eq!(list("jjQ"), "d4d4xd4");
        // No piece on a knight's leap: no move.
        assert_eq!(list("jyN"), "");
    }
}
