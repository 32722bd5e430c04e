//! The interface variant implementations provide, and helpers built on it.
//!
//! Piece movement lives outside this crate: generated code or an interpreter
//! implements [`MoveGenerator`] for its variant.

use crate::bitboard::Bitboard;
use crate::geometry::Square;
use crate::moves::{Move, MoveFlags, MoveList, MoveParseError, MoveParseErrorKind, UciMove};
use crate::piece::Color;
use crate::position::Position;

/// Move generation for one variant.
///
/// Generators append to `out` and never clear it; callers clear. Extra
/// (locust) captures go in through [`MoveList::push_with_captures`].
pub trait MoveGenerator<B: Bitboard> {
    /// Appends the pseudo-legal moves of the side to move (legal except
    /// possibly for leaving a royal piece attacked).
    fn pseudo_legal_moves(&self, pos: &Position<B>, out: &mut MoveList);

    /// Whether `by` attacks `sq` (could capture a piece of the other side standing there).
    fn is_square_attacked(&self, pos: &Position<B>, sq: Square, by: Color) -> bool;

    /// Appends the legal moves of the side to move.
    ///
    /// The default filters [`Self::pseudo_legal_moves`] by making each move
    /// on a copy of `pos` and rejecting it if any royal piece of the mover is
    /// then attacked. Generators with a faster test should override it.
    fn legal_moves(&self, pos: &Position<B>, out: &mut MoveList) {
        let start = out.len();
        self.pseudo_legal_moves(pos, out);
        let mut scratch = pos.clone();
        let mut index = 0;
        out.retain(|mv, extra| {
            index += 1;
            index <= start
                || (leaves_royals_safe(self, &mut scratch, mv, extra)
                    && keeps_check_rule(self, &mut scratch, mv, extra))
        });
    }

    /// The number of legal moves of the side to move (`scratch` may be used and is left in any
    /// state). The default counts [`Self::legal_moves`]; generators that can count without listing
    /// every move (perft's last ply) override it.
    fn count_legal_moves(&self, pos: &Position<B>, scratch: &mut MoveList) -> u64 {
        scratch.clear();
        self.legal_moves(pos, scratch);
        scratch.len() as u64
    }

    /// Whether the variant plays Janggi's bikjang rule (docs/SEMANTICS.md V8): while the royal
    /// pieces face each other a pass is legal even in check and every other move must end the
    /// facing, and a pass while they face ends the game. [`has_reply`] reads it; the default is
    /// no.
    fn bikjang(&self) -> bool {
        false
    }

    /// Whether a royal piece of the side to move is attacked.
    fn in_check(&self, pos: &Position<B>) -> bool {
        let us = pos.side_to_move();
        pos.royals(us).squares().any(|sq| self.is_square_attacked(pos, sq, !us))
    }
}

/// Whether making `mv` (with its `extra` captures) on `pos` leaves every royal
/// piece of the mover unattacked; `pos` is restored afterwards.
pub fn leaves_royals_safe<B: Bitboard, G: MoveGenerator<B> + ?Sized>(
    generator: &G,
    pos: &mut Position<B>,
    mv: Move,
    extra: &[Square],
) -> bool {
    let us = pos.side_to_move();
    let royals = i64::from(pos.royals(us).count()) + royals_gained(pos, mv);
    let undo = pos.make_with(mv, extra);
    // A move that removes one of the mover's own royal pieces (an explosion, M49) is illegal too.
    let safe = i64::from(pos.royals(us).count()) == royals
        && !pos.royals(us).squares().any(|sq| generator.is_square_attacked(pos, sq, !us));
    pos.unmake(mv, undo);
    safe
}

/// The royal pieces `mv` adds to its side, or takes from it, by changing a piece's kind
/// (docs/SEMANTICS.md V13): a drop of a royal kind adds one, a promotion into a royal kind adds
/// one and a royal piece's promotion into another kind takes one away.
fn royals_gained<B: Bitboard>(pos: &Position<B>, mv: Move) -> i64 {
    let royal = |kind| pos.table().is_royal(kind);
    match (mv.dropped(), mv.promotion()) {
        (Some(kind), _) => i64::from(royal(kind)),
        (None, Some(kind)) => {
            i64::from(royal(kind)) - i64::from(pos.piece_at(mv.from()).is_some_and(|p| royal(p.kind)))
        }
        (None, None) => 0,
    }
}

/// MBN `k` and `kk` (docs/SEMANTICS.md M33): whether `mv` keeps its check rule. A move flagged
/// [`MoveFlags::NO_CHECK`] may leave no royal piece of the opponent attacked (by any piece: a
/// discovered check counts); one flagged [`MoveFlags::NO_MATE`] may check but not checkmate (leave
/// the opponent in check without a reply, [`has_reply`]). Other moves keep it trivially. `pos` is
/// restored.
pub fn keeps_check_rule<B: Bitboard, G: MoveGenerator<B> + ?Sized>(
    generator: &G,
    pos: &mut Position<B>,
    mv: Move,
    extra: &[Square],
) -> bool {
    if !mv.has_check_rule() {
        return true;
    }
    let us = pos.side_to_move();
    let undo = pos.make_with(mv, extra);
    let check = pos.royals(!us).squares().any(|sq| generator.is_square_attacked(pos, sq, us));
    let kept = !check || (!mv.flags().contains(MoveFlags::NO_CHECK) && has_reply(generator, pos));
    pos.unmake(mv, undo);
    kept
}

/// Whether the side to move in `pos` has a reply, as a mate test counts them (docs/SEMANTICS.md
/// M125): a pseudo-legal move that leaves its royal pieces unattacked and, if flagged
/// [`MoveFlags::NO_CHECK`], attacks no enemy royal piece. The replies' own mate tests (`kk`, drops
/// that may not mate) are not run, so the question never recurses. A game that is over (MBN `#`,
/// passes) has no reply; with the bikjang rule ([`MoveGenerator::bikjang`], M127), while the
/// royal pieces face each other, a pass is a reply even in check and any other reply must end the
/// facing. `pos` is restored.
pub fn has_reply<B: Bitboard, G: MoveGenerator<B> + ?Sized>(generator: &G, pos: &mut Position<B>) -> bool {
    let bikjang = generator.bikjang();
    if game_over(pos, bikjang) {
        return false;
    }
    let facing = bikjang && royals_face(pos);
    let mut replies = MoveList::new();
    generator.pseudo_legal_moves(pos, &mut replies);
    let them = pos.side_to_move();
    replies.iter().any(|&reply| {
        if facing && reply.is_pass() {
            return true;
        }
        let extra = replies.extra_captures(&reply);
        if !leaves_royals_safe(generator, pos, reply, extra) {
            return false;
        }
        if !facing && !reply.flags().contains(MoveFlags::NO_CHECK) {
            return true;
        }
        let undo = pos.make_with(reply, extra);
        let check = reply.flags().contains(MoveFlags::NO_CHECK)
            && pos.royals(!them).squares().any(|sq| generator.is_square_attacked(pos, sq, them));
        let still_facing = facing && royals_face(pos);
        pos.unmake(reply, undo);
        !check && !still_facing
    })
}

/// Whether the two sides' royal pieces face each other: each side has exactly one, they stand on
/// one file or one rank, and every square between them is empty (Janggi's *bikjang*).
pub fn royals_face<B: Bitboard>(pos: &Position<B>) -> bool {
    let (white, black) = (pos.royals(Color::White), pos.royals(Color::Black));
    if !white.is_single() || !black.is_single() {
        return false;
    }
    let (Some(a), Some(b)) = (white.squares().next(), black.squares().next()) else { return false };
    let g = pos.geometry();
    let (fa, ra, fb, rb) = (g.file_of(a), g.rank_of(a), g.file_of(b), g.rank_of(b));
    let between = |sq: Option<Square>| sq.is_some_and(|sq| pos.piece_at(sq).is_none());
    if fa == fb {
        (ra.min(rb) + 1..ra.max(rb)).all(|r| between(g.square(fa, r)))
    } else if ra == rb {
        (fa.min(fb) + 1..fa.max(fb)).all(|f| between(g.square(f, ra)))
    } else {
        false
    }
}

/// Whether passes have ended the game (docs/SEMANTICS.md, M27 and V8): the last two moves were
/// passes, or, with the `bikjang` rule, the last move was a pass and the royal pieces face each
/// other (they did before the pass too). Such a position has no legal moves.
pub fn passes_end_game<B: Bitboard>(pos: &Position<B>, bikjang: bool) -> bool {
    pos.passes() >= 2 || (bikjang && pos.passes() == 1 && royals_face(pos))
}

/// Whether the game is over before any move: the last move was decisive (MBN `#`,
/// docs/SEMANTICS.md M31) or passes ended it ([`passes_end_game`]). Such a position has no legal
/// moves.
pub fn game_over<B: Bitboard>(pos: &Position<B>, bikjang: bool) -> bool {
    pos.decided() || passes_end_game(pos, bikjang)
}

/// The bikjang rule (docs/SEMANTICS.md, V8), for a position whose royal pieces face each other
/// ([`royals_face`]): keeps, of the moves of `out` from `start` on, every pass (even in check)
/// and the other moves that `legal` accepts and that leave the royal pieces no longer facing.
/// `legal` may use the position it is given and must restore it.
pub fn retain_bikjang<B: Bitboard>(
    pos: &Position<B>,
    out: &mut MoveList,
    start: usize,
    mut legal: impl FnMut(&mut Position<B>, Move, &[Square]) -> bool,
) {
    let mut scratch = pos.clone();
    out.retain_from(start, |mv, extra| {
        if mv.is_pass() {
            return true;
        }
        if !legal(&mut scratch, mv, extra) {
            return false;
        }
        let undo = scratch.make_with(mv, extra);
        let facing = royals_face(&scratch);
        scratch.unmake(mv, undo);
        !facing
    });
}

/// Finds the legal move that UCI `text` denotes, with its extra captures.
///
/// When the text fits both a castling move and another move (a Chess960 king
/// stepping onto its castling square), the other move wins; write the
/// castling as king-takes-partner (`f1h1`) instead.
pub fn parse_move<B: Bitboard, G: MoveGenerator<B> + ?Sized>(
    generator: &G,
    pos: &Position<B>,
    text: &str,
) -> Result<(Move, Vec<Square>), MoveParseError> {
    let uci = UciMove::parse(pos.geometry(), pos.table(), text)?;
    let mut list = MoveList::new();
    generator.legal_moves(pos, &mut list);
    let matches: Vec<Move> =
        list.iter().copied().filter(|mv| uci.matches(pos.table(), *mv, list.extra_captures(mv))).collect();
    let non_castles: Vec<Move> = matches.iter().copied().filter(|m| !m.is_castle()).collect();
    let found = match (matches.as_slice(), non_castles.as_slice()) {
        ([], _) => return Err(MoveParseError { column: 0, kind: MoveParseErrorKind::Illegal }),
        ([only], _) | (_, [only]) => *only,
        _ => return Err(MoveParseError { column: 0, kind: MoveParseErrorKind::Ambiguous }),
    };
    Ok((found, list.extra_captures(&found).to_vec()))
}

impl<B: Bitboard> Position<B> {
    /// The UCI text of `mv` (with its `extra` captures) in this position's geometry.
    pub fn uci(&self, mv: Move, extra: &[Square]) -> String {
        mv.to_uci(self.geometry(), self.table(), extra)
    }
}
