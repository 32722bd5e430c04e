//! XBetza Imitators (`I`, docs/SEMANTICS.md X62) in the interpreter: an Imitator makes, from its
//! own square, the moves its imitation of the position's [`imitated`](Position::imitated) kind
//! allows, as that kind of its own colour, promoting by its own rule; it attacks what they capture.

use super::{Counted, Interpreter};
use crate::plan::imitation::PImitated;
use mbn_runtime::{Bitboard, Move, MoveList, Piece, Position, Square};

impl Interpreter {
    /// What `piece` imitates now: the imitated kind's moves for it, and the piece it moves as
    /// (the imitated kind in its colour); `None` for no Imitator or nothing to imitate.
    fn imitation<B: Bitboard>(&self, pos: &Position<B>, piece: Piece) -> Option<(&PImitated, Piece)> {
        let per_color = self.imitations.get(piece.kind.index())?.as_ref()?;
        let kind = pos.imitated()?;
        let imitated = per_color[piece.color.index()].get(kind.index())?;
        Some((imitated, Piece::new(kind, piece.color)))
    }

    /// Adds the moves of the Imitator `piece` on `from` to `out` (after its own, from `start`),
    /// each once.
    pub(super) fn push_imitated<B: Bitboard>(
        &self,
        pos: &Position<B>,
        from: Square,
        piece: Piece,
        start: usize,
        out: &mut MoveList,
    ) {
        let Some((imitated, actor)) = self.imitation(pos, piece) else { return };
        let occupancy = |sq: Square| pos.piece_at(sq);
        let mut moves: Vec<(Move, Vec<Square>)> = Vec::new();
        let mut add = |mv: Move, extra: Vec<Square>| {
            let listed = extra.is_empty() && out.lists(mv, &[], start);
            if !listed && !moves.iter().any(|(m, e)| *m == mv && *e == extra) {
                moves.push((mv, extra));
            }
        };
        for leg in &imitated.legs {
            self.leg_moves(pos, &occupancy, from, actor, leg, &mut |mv| add(mv, Vec::new()));
        }
        for m in &imitated.multi {
            let mut landings = Vec::new();
            self.multi_moves(pos, &occupancy, from, actor, m, true, &mut landings);
            for mut l in landings.into_iter().filter(|l| l.mover.is_none()) {
                // The imitated move's check rule (M82), as the kind's own moves have it.
                l.check_rule = m.check_rule;
                l.extra.sort_by_key(|s| s.index());
                add(l.to_move(from), l.extra);
            }
        }
        let mut scratch = MoveList::new();
        for (mv, extra) in moves {
            self.push_promoted_with_captures(mv, piece, &extra, &mut scratch, out);
        }
    }

    /// Whether the Imitator `piece` on `from` captures on `sq` by its imitation, through the moves
    /// `only` counts (as [`Interpreter::attacks_from`]).
    pub(super) fn imitator_attacks<B: Bitboard>(
        &self,
        pos: &Position<B>,
        occupancy: &dyn Fn(Square) -> Option<Piece>,
        from: Square,
        piece: Piece,
        sq: Square,
        only: Counted,
    ) -> bool {
        let Some((imitated, actor)) = self.imitation(pos, piece) else { return false };
        if self.legs_attack(pos, occupancy, from, actor, sq, only, &imitated.legs) {
            return true;
        }
        imitated.multi.iter().filter(|m| only.counts_move(m)).any(|m| {
            let mut landings = Vec::new();
            self.multi_moves(pos, occupancy, from, actor, m, false, &mut landings);
            landings.iter().any(|l| l.mover.is_none() && ((l.capture && l.to == sq) || l.extra.contains(&sq)))
        })
    }
}
