//! A tiny hand-written move generator for testing make/unmake and perft.
//!
//! Kinds: `P` pawn (step, double step when unmoved, diagonal capture, en
//! passant, promotes to `R`, `L` or `+P` on the last rank), `R` rook slider
//! (castling partner), `L` locust (diagonal step; orthogonal jump over one or
//! two adjacent enemies, capturing them; capture of an orthogonally adjacent enemy
//! without moving, a stationary capture), `K` royal king with castling
//! (no attack checks on the path), `+P` wazir (`promoted_from` P). Drops of
//! any held kind on any empty square (pawns not on the last rank).

use crate::bitboard::Bitboard;
use crate::geometry::{Geometry, Square};
use crate::moves::{Move, MoveList};
use crate::piece::{Color, PieceInfo, PieceKind, PieceTable};
use crate::position::Position;
use crate::rules::MoveGenerator;

pub const PAWN: PieceKind = PieceKind(0);
pub const ROOK: PieceKind = PieceKind(1);
pub const LOCUST: PieceKind = PieceKind(2);
pub const KING: PieceKind = PieceKind(3);
pub const TOKIN: PieceKind = PieceKind(4);

pub fn table() -> PieceTable {
    let mut t = PieceTable::new();
    t.add(PieceInfo { resets_clock: true, ..PieceInfo::new("pawn", 'P') }).unwrap();
    t.add(PieceInfo { castling_partner: true, ..PieceInfo::new("rook", 'R') }).unwrap();
    t.add(PieceInfo::new("locust", 'L')).unwrap();
    t.add(PieceInfo { royal: true, ..PieceInfo::new("king", 'K') }).unwrap();
    t.add(PieceInfo { plus: true, promoted_from: Some(PAWN), ..PieceInfo::new("tokin", 'P') }).unwrap();
    t.set_promotion_pawn(Some(PAWN));
    t
}

pub struct Toy;

const ORTHO: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const DIAG: [(i8, i8); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];

fn step<B: Bitboard>(pos: &Position<B>, us: Color, from: Square, dirs: &[(i8, i8)], out: &mut MoveList) {
    let g = pos.geometry();
    for &(dx, dy) in dirs {
        let Some(to) = g.offset(from, dx, dy) else {
            continue;
        };
        match pos.piece_at(to) {
            None => out.push(Move::quiet(from, to)),
            Some(p) if p.color != us => out.push(Move::capture(from, to)),
            _ => {}
        }
    }
}

impl Toy {
    /// Pseudo-legal moves of `us`; `full` adds en passant, castling and drops.
    fn moves_for<B: Bitboard>(&self, pos: &Position<B>, us: Color, full: bool, out: &mut MoveList) {
        let g = pos.geometry();
        for from in pos.by_color(us).squares() {
            let Some(piece) = pos.piece_at(from) else {
                continue;
            };
            match piece.kind {
                PAWN => self.pawn(pos, us, from, full, out),
                ROOK => {
                    for (dx, dy) in ORTHO {
                        let mut sq = from;
                        while let Some(to) = g.offset(sq, dx, dy) {
                            match pos.piece_at(to) {
                                None => out.push(Move::quiet(from, to)),
                                Some(p) => {
                                    if p.color != us {
                                        out.push(Move::capture(from, to));
                                    }
                                    break;
                                }
                            }
                            sq = to;
                        }
                    }
                }
                LOCUST => {
                    step(pos, us, from, &DIAG, out);
                    for (dx, dy) in ORTHO {
                        let mut victims = Vec::new();
                        let mut sq = from;
                        while let Some(next) = g.offset(sq, dx, dy) {
                            match pos.piece_at(next) {
                                Some(p) if p.color != us && victims.len() < 2 => {
                                    if victims.is_empty() {
                                        // A rifle capture: the locust stays, the enemy goes.
                                        out.push_with_captures(Move::stay(from), &[next]).unwrap();
                                    }
                                    victims.push(next)
                                }
                                None if !victims.is_empty() => {
                                    out.push_with_captures(Move::quiet(from, next), &victims).unwrap();
                                    break;
                                }
                                _ => break,
                            }
                            sq = next;
                        }
                    }
                }
                KING => {
                    step(pos, us, from, &ORTHO, out);
                    step(pos, us, from, &DIAG, out);
                    if full {
                        self.castles(pos, us, from, out);
                    }
                }
                _ => step(pos, us, from, &ORTHO, out),
            }
        }
        if full {
            for (kind, _) in pos.table().iter() {
                if pos.hand(us, kind) == 0 {
                    continue;
                }
                for to in (!pos.occupied() & B::full(g)).squares() {
                    if kind == PAWN && g.relative_rank(to, us) == g.ranks() - 1 {
                        continue;
                    }
                    out.push(Move::drop(kind, to));
                }
            }
        }
    }

    fn pawn<B: Bitboard>(&self, pos: &Position<B>, us: Color, from: Square, full: bool, out: &mut MoveList) {
        let g = pos.geometry();
        let fwd = us.forward();
        let last = g.ranks() - 1;
        let push = |out: &mut MoveList, mv: Move| {
            if g.relative_rank(mv.to(), us) == last {
                for k in [ROOK, LOCUST, TOKIN] {
                    out.push(mv.with_promotion(k));
                }
            } else {
                out.push(mv);
            }
        };
        if let Some(one) = g.offset(from, 0, fwd).filter(|&s| pos.piece_at(s).is_none()) {
            push(out, Move::quiet(from, one));
            if let Some(two) = g.offset(one, 0, fwd) {
                if pos.unmoved().test(from) && pos.piece_at(two).is_none() {
                    push(out, Move::double_step(from, two));
                }
            }
        }
        for dx in [-1, 1] {
            let Some(to) = g.offset(from, dx, fwd) else {
                continue;
            };
            match pos.piece_at(to) {
                Some(p) if p.color != us => push(out, Move::capture(from, to)),
                None if full && pos.ep_targets().test(to) => {
                    let victim = pos.ep_victim().and_then(|v| pos.piece_at(v));
                    if victim.is_some_and(|v| v.color != us) {
                        out.push(Move::en_passant(from, to));
                    }
                }
                _ => {}
            }
        }
    }

    fn castles<B: Bitboard>(&self, pos: &Position<B>, us: Color, king: Square, out: &mut MoveList) {
        let g = pos.geometry();
        if g.files() < 5 || g.rank_of(king) != g.back_rank(us) {
            return;
        }
        let rank = g.rank_of(king);
        for partner in (pos.castling_rights() & pos.by_color(us)).squares() {
            let kingside = g.file_of(partner) > g.file_of(king);
            let (kf, pf) = if kingside { (g.files() - 2, g.files() - 3) } else { (2, 3) };
            let (Some(kt), Some(pt)) = (g.square(kf, rank), g.square(pf, rank)) else {
                continue;
            };
            let files = [g.file_of(king), g.file_of(partner), kf, pf];
            let (lo, hi) = (*files.iter().min().unwrap(), *files.iter().max().unwrap());
            let clear = (lo..=hi).all(|f| {
                let sq = g.square(f, rank).unwrap();
                sq == king || sq == partner || pos.piece_at(sq).is_none()
            });
            if clear {
                out.push(Move::castle(king, kt, partner, pt));
            }
        }
    }
}

impl<B: Bitboard> MoveGenerator<B> for Toy {
    fn pseudo_legal_moves(&self, pos: &Position<B>, out: &mut MoveList) {
        self.moves_for(pos, pos.side_to_move(), true, out);
    }

    fn is_square_attacked(&self, pos: &Position<B>, sq: Square, by: Color) -> bool {
        let mut list = MoveList::new();
        self.moves_for(pos, by, false, &mut list);
        list.iter().any(|mv| (mv.is_capture() && mv.to() == sq) || list.extra_captures(mv).contains(&sq))
    }
}

/// A tiny deterministic PRNG (splitmix64).
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

pub fn geometry(files: u8, ranks: u8) -> Geometry {
    Geometry::new(files, ranks).unwrap()
}
