//! Conditions `/.../` and the decision operator `#` on castlings (docs/SEMANTICS.md M53): a
//! castling possible only while its conditions hold (read on the position before it), and a
//! decisive castling. Every expected set is worked out by hand; both back ends must give it, and
//! they agree on random positions (`generated_castling_rules_agree_with_the_interpreter`).

mod common;

use common::agree::{assert_agree, piece_moves_by, test_spec};
use common::random_walk;
use mbn::runtime::{perft, MoveGenerator, MoveList, PieceKind, Position};

common::twin_variant! {
    /// Short castling only while the side's own Queen is on the board; long castling decisive (`#`
    /// on the Rook's leg). The start has the Bishops and a center Pawn out, so both castle at once.
    CastleRules, interpreter {
        board: "8x8",
        start: "r3k2r/pppq1ppp/2n2n2/8/8/2N2N2/PPPQ1PPP/R3K2R w KQkq - 0 1",
        pieces: "P|Pawn| N|Knight| B|Bishop| R|Rook| Q|Queen| K|King| \
            O-O=/{!Q}/[*]isR[g]=isR[f] O-O-O=[*]isR[c]=#isR[d] +P==QRBN",
        royal: "K",
        castling_partners: "R",
        promotion_zone: "[8]",
    }
}

/// The legal moves of the piece on `from` as sorted destinations, `#` after a decisive one, from
/// both back ends (which must agree on every move of the position).
fn destinations(pos: &Position<u64>, from: &str) -> String {
    let g = pos.geometry();
    piece_moves_by(&CastleRules, &interpreter(), pos, from, |_, mv| {
        format!("{}{}", g.square_name(mv.to()), if mv.is_decisive() { "#" } else { "" })
    })
}

#[test]
fn short_castling_needs_the_own_queen() {
    // The own Queen on a5: both castlings, the long one decisive.
    let pos = CastleRules::position("4k3/8/8/Q7/8/8/8/R3K2R w KQ - 0 1").unwrap();
    assert_eq!(destinations(&pos, "e1"), "c1# d1 d2 e2 f1 f2 g1");
    // No Queen, or only the opponent's (on a8): no short castling.
    let pos = CastleRules::position("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1").unwrap();
    assert_eq!(destinations(&pos, "e1"), "c1# d1 d2 e2 f1 f2");
    let pos = CastleRules::position("q3k3/8/8/8/8/8/8/R3K2R w KQ - 0 1").unwrap();
    assert_eq!(destinations(&pos, "e1"), "c1# d1 d2 e2 f1 f2");
    // Black's condition reads Black's pieces: with the Black Queen on d8 Black castles short, and
    // long only when b8, c8 and d8 are empty (here d8 holds the Queen); without it (White's Queen on a1
    // does not count), long castling only, decisive.
    let pos = CastleRules::position("r2qk2r/8/8/8/8/8/8/4K3 b kq - 0 1").unwrap();
    assert_eq!(destinations(&pos, "e8"), "d7 e7 f7 f8 g8");
    let pos = CastleRules::position("r3k2r/8/8/8/8/8/8/Q3K3 b kq - 0 1").unwrap();
    assert_eq!(destinations(&pos, "e8"), "c8# d7 d8 e7 f7 f8");
}

#[test]
fn a_decisive_castling_ends_the_game() {
    let mut pos = CastleRules::position("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1").unwrap();
    let mut list = MoveList::new();
    CastleRules.legal_moves(&pos, &mut list);
    let long = *list.iter().find(|mv| mv.is_castle() && mv.is_decisive()).expect("O-O-O is listed, decisive");
    assert_eq!(pos.uci(long, &[]), "e1c1");
    let _ = pos.make(long);
    assert!(pos.decided());
    for generated in [true, false] {
        let mut replies = MoveList::new();
        if generated {
            CastleRules.legal_moves(&pos, &mut replies);
        } else {
            interpreter().legal_moves(&pos, &mut replies);
        }
        assert!(replies.is_empty(), "no move after a decisive castling");
    }
    // Blockers: with b1 occupied the long castling (and so the decisive move) is gone.
    let pos = CastleRules::position("4k3/8/8/Q7/8/8/8/RN2K2R w KQ - 0 1").unwrap();
    assert_eq!(destinations(&pos, "e1"), "d1 d2 e2 f1 f2 g1");
}

#[test]
fn generated_castling_rules_agree_with_the_interpreter() {
    assert_agree("castlerules", &CastleRules, &interpreter(), CastleRules::start_position());
    // By hand at depth 1: Pawns 8, Knights 7 + 5, Queen 12, Rooks 3 + 2, King d1 e2 f1 and both
    // castlings (the short one as White's Queen is on d2; the long one decisive).
    assert_eq!(perft(&CastleRules, &mut CastleRules::start_position(), 1), 42);
    // The playouts castle both ways, decisively and not, and meet positions where a side has lost
    // its Queen with its short castling right still standing.
    let (mut short, mut decisive, mut queenless) = (0, 0, 0);
    random_walk(&CastleRules, &CastleRules::start_position(), 10_000, 120, 0x9e37_79b9_7f4a_7c15, |pos, list| {
        short += list.iter().filter(|mv| mv.is_castle() && !mv.is_decisive()).count();
        decisive += list.iter().filter(|mv| mv.is_castle() && mv.is_decisive()).count();
        let us = pos.side_to_move();
        queenless += usize::from(pos.pieces(PieceKind(4), us) == 0 && pos.castling_rights() & pos.by_color(us) != 0);
    });
    assert!(short > 100 && decisive > 100 && queenless > 100, "{short} {decisive} {queenless}");
}

common::twin_variant! {
    /// `O-O{C}=…` castles only with a partner of the set (docs/SEMANTICS.md M87): here short castling
    /// with a Chancellor only, long castling with any partner (Rooks and Chancellors hold rights).
    PartnerSets, partner_interpreter {
        board: "8x8",
        start: "r1bqkbnc/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNC w KQkq - 0 1",
        pieces: "P|Pawn| N|Knight| B|Bishop| R|Rook| Q|Queen| K|King| C|Chancellor|=RN \
            O-O{C}=[*]isR[g]=isR[f] O-O-O=[*]isR[c]=isR[d] +P==QRBNC",
        royal: "K",
        castling_partners: "RC",
        promotion_zone: "[8]",
    }
}

/// The King's castlings on e1, both back ends: `O-O` with the Chancellor on h1, not with a Rook
/// there; `O-O-O` with either.
#[test]
fn castling_with_a_partner_set() {
    let castlings = |fen: &str| {
        let pos = PartnerSets::position(fen).unwrap();
        let g = pos.geometry();
        piece_moves_by(&PartnerSets, &partner_interpreter(), &pos, "e1", |_, mv| {
            if mv.is_castle() {
                g.square_name(mv.to())
            } else {
                String::new()
            }
        })
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
    };
    assert_eq!(castlings("4k3/8/8/8/8/8/8/R3K2C w KQ - 0 1"), "c1 g1");
    assert_eq!(castlings("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1"), "c1");
    assert_eq!(castlings("4k3/8/8/8/8/8/8/C3K2R w KQ - 0 1"), "c1");
    assert_agree("partnersets", &PartnerSets, &partner_interpreter(), PartnerSets::start_position());
}

/// Vertical castling `O-O-O-O` parses, and a variant with it is an error saying so, never a variant
/// that silently lacks it (docs/SEMANTICS.md M86).
#[test]
fn vertical_castling_is_refused() {
    let pieces = "P|Pawn| R|Rook| K|King| O-O-O-O=[*]ifR[3]=ibR[2]";
    let spec = test_spec("vertical", 8, "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", pieces, "K", "[8]");
    let errors = mbn::codegen::variant::Variant::compile(&spec).expect_err("refused");
    assert!(errors.iter().any(|d| d.message.contains("vertical castling `O-O-O-O`")), "{errors:?}");
}
