//! Conditions `/.../` and the decision operator `#` on castlings (docs/SEMANTICS.md M53): a
//! castling possible only while its conditions hold (read on the position before it), and a
//! decisive castling. Every expected set is worked out by hand; both back ends must give it. The
//! random-position comparison is in `tests/generated_vs_interpreted.rs`
//! (`generated_castling_rules_agree_with_the_interpreter`).

use mbn::codegen::interp::Interpreter;
use mbn::codegen::variant::{Variant, VariantSpec};
use mbn::runtime::{MoveGenerator, MoveList, Position};

/// Short castling only while the side's own Queen is on the board; long castling decisive (`#`
/// on the Rook's leg).
const PIECES: &str = "P|Pawn| N|Knight| B|Bishop| R|Rook| Q|Queen| K|King| \
    O-O=/{!Q}/[*]isR[g]=isR[f] O-O-O=[*]isR[c]=#isR[d] +P==QRBN";
const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

mbn::mbn! {
    variant CastleRules {
        board: "8x8",
        start: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        pieces: "P|Pawn| N|Knight| B|Bishop| R|Rook| Q|Queen| K|King| \
            O-O=/{!Q}/[*]isR[g]=isR[f] O-O-O=[*]isR[c]=#isR[d] +P==QRBN",
        royal: "K",
        castling_partners: "R",
        promotion_zone: "[8]",
    }
}

fn interpreter() -> Interpreter {
    let mut spec = VariantSpec::new("castlerules", 8, 8, START, PIECES);
    spec.royal = "K".to_string();
    spec.castling_partners = "R".to_string();
    spec.promotion_zone = Some("[8]".to_string());
    Interpreter::new(&Variant::compile(&spec).expect("compiles")).expect("the interpreter runs it")
}

/// The legal moves of the piece on `from` as sorted destinations, `#` after a decisive one, from
/// both back ends (which must agree).
fn destinations(pos: &Position<u64>, from: &str) -> String {
    let interp = interpreter();
    let g = pos.geometry();
    let mut sets = Vec::new();
    for generated in [true, false] {
        let mut list = MoveList::new();
        if generated {
            CastleRules.legal_moves(pos, &mut list);
        } else {
            interp.legal_moves(pos, &mut list);
        }
        let mut to: Vec<String> = list
            .iter()
            .filter(|mv| g.square_name(mv.from()) == from)
            .map(|mv| format!("{}{}", g.square_name(mv.to()), if mv.is_decisive() { "#" } else { "" }))
            .collect();
        to.sort();
        sets.push(to.join(" "));
    }
    assert_eq!(sets[0], sets[1], "generated vs interpreted in {}", pos.to_fen());
    sets.remove(0)
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
