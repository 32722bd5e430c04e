//! A hopper may stand wherever it could hop (docs/SEMANTICS.md V12): with `immobility-illegal`, a
//! square is one where a piece can never move only when it has no move there, not a capture, on the
//! empty board nor on any board with one more piece (a mount). Both back ends.

mod common;

use common::agree::{assert_agree, moves_starting};
use mbn::codegen::interp::Interpreter;
use mbn::codegen::variant::Variant;
use mbn::runtime::{Color, MoveGenerator, Position};

const START: &str = "2kcg/2p2/5/2P2/GCK2[] w - - 0 1";
const PIECES: &str = "K|King| P|Pawn|=fW C|Cannon|=fpR G|Grasshopper|=W";

mbn::mbn! {
    variant Hoppers {
        board: "5x5",
        start: "2kcg/2p2/5/2P2/GCK2[] w - - 0 1",
        pieces: "K|King| P|Pawn|=fW C|Cannon|=fpR G|Grasshopper|=W",
        royal: "K",
        drops: true,
        captures_to_hand: true,
        immobility_illegal: true,
        piece G = xbetza "fgR@5",
    }
}

fn interpreter() -> (Variant, Interpreter) {
    let mut spec = mbn::codegen::variant::VariantSpec::new("Hoppers", 5, 5, START, PIECES);
    spec.royal = "K".to_string();
    spec.drops = true;
    spec.captures_to_hand = true;
    spec.immobility_illegal = true;
    spec.xbetza = vec![('G', "fgR@5".to_string())];
    let variant = Variant::compile(&spec).expect("the variant compiles");
    let interp = Interpreter::new(&variant).expect("the interpreter runs it");
    (variant, interp)
}

/// The legal moves of `generator` in `fen` that start with `prefix` (`C@`, `c1`).
fn listed<G: MoveGenerator<u64>>(generator: &G, fen: &str, prefix: &str) -> String {
    moves_starting(generator, &Hoppers::position(fen).expect("the position loads"), prefix)
}

#[test]
fn hoppers_stand_where_they_could_hop() {
    let (variant, interp) = interpreter();
    let g = variant.geometry;
    let ranks = |letter: char, color: Color| -> Vec<u8> {
        let kind = variant.table.kind_of_symbol(false, letter).expect("a piece");
        let immobile = interp.immobile(kind, color);
        let mut r: Vec<u8> = g.squares().filter(|s| immobile[s.index()]).map(|s| g.rank_of(s) + 1).collect();
        r.dedup();
        r
    };
    // A forward hopper needs a mount and a landing square ahead: never on the last two ranks
    // (before V12: every rank, as it has no move on the empty board).
    assert_eq!(ranks('C', Color::White), [4, 5]);
    assert_eq!(ranks('G', Color::White), [4, 5]);
    assert_eq!(ranks('C', Color::Black), [1, 2]);
    assert_eq!(ranks('P', Color::White), [5]);
    let drops = "C@a1 C@a2 C@a3 C@b1 C@b2 C@b3 C@c2 C@c3 C@d1 C@d2 C@d3 C@e1 C@e2 C@e3";
    for (name, generated) in [("interpreted", false), ("generated", true)] {
        let list = |fen: &str, prefix: &str| {
            if generated {
                listed(&Hoppers, fen, prefix)
            } else {
                listed(&interp, fen, prefix)
            }
        };
        assert_eq!(list("2k2/5/5/5/2K2[C] w - - 0 1", "C@"), drops, "{name}");
        // The Cannon on c1 over the Pawn on c2: to c3, not c4 or c5, where it could never move.
        assert_eq!(list("k4/5/5/2P2/2C1K[] w - - 0 1", "c1"), "c1c3", "{name}");
        // The Grasshopper on a1 over a2 lands on a3 only.
        assert_eq!(list("k4/5/5/P4/G3K[] w - - 0 1", "a1"), "a1a3", "{name}");
    }
}

#[test]
fn hoppers_agree_with_the_interpreter() {
    let (_, interp) = interpreter();
    let start: Position<u64> = Hoppers::start_position();
    assert_agree("Hoppers", &Hoppers, &interp, start);
}
