//! One IR, two back ends: for every bundled variant, the generated move generator and the reference
//! interpreter give the same legal moves (and the generated bulk count their number) on positions
//! reached by seeded random playouts, and the same perft counts from the start position.

mod common;

use common::agree::{assert_agree, assert_agree_on, moves, piece_moves, Compare, Rng, MAX_PLIES, POSITIONS};
use common::random_walk;
use common::test_variant;
use mbn::codegen::interp::Interpreter;
use mbn::codegen::variant::{Variant, VariantSpec};
use mbn::generated::Visitor;
use mbn::runtime::{perft, Bitboard, MoveGenerator, MoveList, Position};

#[test]
fn every_bundled_variant_agrees_with_the_interpreter() {
    assert!(!mbn::generated::GENERATED.is_empty());
    let names: Vec<&str> = mbn::generated::GENERATED.to_vec();
    // Two threads: the machine has two cores.
    let chunks: Vec<Vec<&str>> =
        vec![names.iter().step_by(2).copied().collect(), names.iter().skip(1).step_by(2).copied().collect()];
    std::thread::scope(|s| {
        for chunk in &chunks {
            s.spawn(move || {
                for &name in chunk {
                    let text = mbn::variants::find(name).expect("generated variants are bundled");
                    let variant = Variant::from_toml(text, name).expect("bundled variants load");
                    let interp = Interpreter::new(&variant).expect("the interpreter runs bundled variants");
                    let checked =
                        mbn::generated::visit(name, None, Compare { name, interp: &interp, positions: POSITIONS })
                            .expect("generated")
                            .expect("start position");
                    assert_eq!(checked, POSITIONS);
                }
            });
        }
    });
}

#[test]
fn every_bundled_variant_is_generated() {
    let mut bundled: Vec<&str> = mbn::variants::names().collect();
    let mut generated = mbn::generated::GENERATED.to_vec();
    bundled.sort_unstable();
    generated.sort_unstable();
    assert_eq!(generated, bundled);
}

test_variant! {
    /// The pieces of the multi-leg test variant: locusts (captures on the way), lame leapers, visits,
    /// complex and circular riders; the Pawn promotes to the multi-leg pieces.
    Locusts, locust_interpreter,
    LOCUST_START = "cmhgklso/pppppppp/2e2e2/8/8/2E2E2/PPPPPPPP/CMHGKLSO w - - 0 1",
    LOCUST_PIECES = "P|Pawn|=mfW+cfF K|King| C|Checker|=fmF+(fcF-mF) M|Rampager|=(aW)3 \
        H|Horse|=W-fF G|Grasshopper|=jyQ-K O|Mao|=(W-F)0 S|Rose|=(N)(rf)8 L|Lion|=ADN(aK--[K]) E|Elephant|=nA \
        +P==CMHGOSL",
}

#[test]
fn generated_multileg_pieces_agree_with_the_interpreter_in_a_variant() {
    let interp = locust_interpreter();
    let checked =
        Compare { name: "locusts", interp: &interp, positions: POSITIONS }.visit(&Locusts, Locusts::start_position());
    assert_eq!(checked, POSITIONS);
    // The playouts meet captures on the way.
    let mut locust_moves = 0;
    random_walk(&Locusts, &Locusts::start_position(), POSITIONS, MAX_PLIES, 0x10c05, |_, list| {
        locust_moves += list.iter().filter(|mv| !list.extra_captures(mv).is_empty()).count();
    });
    assert!(locust_moves > 1000, "only {locust_moves} moves with captures on the way");
}

test_variant! {
    /// Riders that stop on one square (docs/SEMANTICS.md M25): maximal Rook, edge Bishop, halfling
    /// Queen, which also check, pin and are pinned.
    FarRiders, far_interpreter,
    FAR_START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
    FAR_PIECES = "P|Pawn|=mfW+cfF K|King| N|Knight|=N R|Maximal|=W0* B|Edge|=B* Q|Half|=hQ +P==NRBQ",
}

#[test]
fn generated_far_riders_agree_with_the_interpreter_in_a_variant() {
    let interp = far_interpreter();
    let checked =
        Compare { name: "far", interp: &interp, positions: POSITIONS }.visit(&FarRiders, FarRiders::start_position());
    assert_eq!(checked, POSITIONS);
}

test_variant! {
    /// Pieces whose single legs reach the same squares (docs/SEMANTICS.md M22: each move once): the
    /// Crocodile's `K` and `fR`, a king step that moves and a rook that captures, a forward two-step
    /// mover that captures by a step.
    Overlaps, overlap_interpreter,
    OVERLAP_START = "xcyykycx/pppppppp/8/8/8/8/PPPPPPPP/XCYYKYCX w - - 0 1",
    OVERLAP_PIECES = "P|Pawn|=mfW+cfF K|King| C|Crocodile|=K+fR X|Mixed|=mK+cR Y|Stepper|=fmW2+cW",
}

#[test]
fn generated_overlapping_legs_make_each_move_once() {
    let interp = overlap_interpreter();
    let checked = Compare { name: "overlaps", interp: &interp, positions: POSITIONS }
        .visit(&Overlaps, Overlaps::start_position());
    assert_eq!(checked, POSITIONS);
    // The Crocodile on d4 with d5 empty reaches d5 by both legs: one move.
    let pos = Overlaps::position("4k3/8/8/8/3C4/8/8/4K3 w - - 0 1").expect("the position loads");
    let (_, text) = moves(&Overlaps, &pos);
    assert_eq!(text.iter().filter(|m| m.starts_with("d4d5")).count(), 1, "{text:?}");
    assert_eq!(text.iter().filter(|m| m.starts_with("d4")).count(), 8 + 3, "K steps and d6 d7 d8: {text:?}");
}

test_variant! {
    /// Attacker sets (docs/SEMANTICS.md M23): the escaping king `K+{C}W2F2` jumps away while a
    /// Chancellor attacks it; the Escaper rides as a Rook while an enemy Chancellor attacks it.
    Escapes, escape_interpreter,
    ESCAPE_START = "cebkbec1/pppppppp/8/8/8/8/PPPPPPPP/CEBKBEC1 w - - 0 1",
    ESCAPE_PIECES = "P|Pawn|=mfW+cfF K|King|=K+{C}W2F2 C|Chancellor|=RN E|Escaper|=N+{!c}R B|Bishop|",
}

#[test]
fn generated_attacker_sets_agree_with_the_interpreter() {
    let interp = escape_interpreter();
    let checked =
        Compare { name: "escapes", interp: &interp, positions: POSITIONS }.visit(&Escapes, Escapes::start_position());
    assert_eq!(checked, POSITIONS);
    // M23's worked example, generated: the king on d4 and a black Chancellor on d8.
    let king_moves = |fen: &str| {
        let pos = Escapes::position(fen).expect("the position loads");
        let mut list = MoveList::new();
        Escapes.pseudo_legal_moves(&pos, &mut list);
        let mut to: Vec<String> = list
            .iter()
            .filter(|mv| pos.geometry().square_name(mv.from()) == "d4")
            .map(|mv| pos.geometry().square_name(mv.to()))
            .collect();
        to.sort();
        to.join(" ")
    };
    let steps = "c3 c4 c5 d3 d5 e3 e4 e5";
    let escape = |extra: &str| {
        let mut all: Vec<&str> = steps.split(' ').chain(extra.split(' ')).collect();
        all.sort_unstable();
        all.join(" ")
    };
    assert_eq!(king_moves("3c4/8/8/8/3K4/8/8/7k w - - 0 1"), escape("b2 b4 b6 d2 d6 f2 f4 f6"));
    assert_eq!(king_moves("7c/8/8/8/3K4/8/8/7k w - - 0 1"), steps);
    assert_eq!(king_moves("3c4/3p4/8/8/3K4/8/8/7k w - - 0 1"), steps);
    assert_eq!(king_moves("3C4/8/8/8/3K4/8/8/7k w - - 0 1"), steps);
}

/// Perft of a generated variant from a position.
struct Perft(u32);

impl Visitor for Perft {
    type Output = u64;

    fn visit<B: Bitboard, G: MoveGenerator<B>>(self, generated: &G, mut start: Position<B>) -> u64 {
        perft(generated, &mut start, self.0)
    }
}

#[test]
fn generated_multileg_variants_match_fairy_stockfish() {
    // `shared/reference/perft/fairy-stockfish-perft.txt`.
    let cases = [
        ("xiangqi", None, 3_290_240),
        ("xiangqi", Some("1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1"), 4_485_547),
        ("xiangqi", Some("4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w - - 0 1"), 92_741),
        ("grasshopper", None, 635_298),
    ];
    for (name, fen, nodes) in cases {
        let got = mbn::generated::visit(name, fen, Perft(4)).expect("generated").expect("the position loads");
        assert_eq!(got, nodes, "{name} {fen:?} depth 4");
    }
}

common::twin_variant! {
    WideLocusts, wide_interpreter {
        board: "16x16",
        start: "cmhgklso8/pppppppp8/16/16/16/16/16/16/16/16/16/16/16/16/PPPPPPPP8/CMHGKLSO8 w - - 0 1",
        pieces: "P|Pawn|=mfW+cfF K|King| C|Checker|=fmF+(fcF-mF) M|Rampager|=(aW)3 \
            H|Horse|=W-fF G|Grasshopper|=jyQ-K O|Mao|=(W-F)0 S|Rose|=(N)(rf)8 L|Lion|=ADN(aK--[K]) E|Elephant|=nA \
            +P==CMHGOSL",
        royal: "K",
        promotion_zone: "[16]",
        promotion_mandatory: true,
    }
}

#[test]
fn generated_multileg_pieces_agree_with_the_interpreter_on_a_256_square_board() {
    let interp = wide_interpreter();
    let start = WideLocusts::start_position();
    for depth in 1..=3 {
        let mut pos = start.clone();
        let generated = perft(&WideLocusts, &mut pos, depth);
        assert_eq!(generated, perft(&interp, &mut pos, depth), "perft {depth}");
    }
    // A position where Checkers and Rampagers can take pieces on the way.
    let fen = "16/16/16/16/16/16/16/16/6k9/16/3p1p10/4p11/2p2p10/4C2M8/16/4K11 w - - 0 1";
    let pos = WideLocusts::position(fen).expect("the position loads");
    let (list, got) = moves(&WideLocusts, &pos);
    let (_, want) = moves(&interp, &pos);
    assert_eq!(got, want);
    assert!(list.iter().any(|mv| !list.extra_captures(mv).is_empty()), "{got:?}");
}

common::twin_variant! {
    /// The pieces of the swap test variant (docs/SEMANTICS.md M24): the Maxima guard `wK` swaps with
    /// enemies (the enemy king too), the Swapper with friends (its own king and rooks too), the King
    /// with friends on its diagonals, the Yoyo with the first piece of either colour on a diagonal;
    /// pawns promote to them. The King's and the Yoyo's swap legs also move where their other leg
    /// moves: each such move is listed once.
    Swaps, swap_interpreter {
        board: "8x8",
        start: "rsgqkynr/pppppppp/8/8/8/8/PPPPPPPP/RSGQKYNR w KQkq - 0 1",
        pieces: "P|Pawn| N|Knight| R|Rook| Q|Queen| K|King|=K+wwF G|Guard|=wK S|Swapper|=mN+cwwN \
            Y|Yoyo|=mQ+wyB +P==QGSY",
        royal: "K",
        castling_partners: "R",
        promotion_zone: "[8]",
    }
}

#[test]
fn generated_swaps_agree_with_the_interpreter_in_a_variant() {
    let interp = swap_interpreter();
    let checked =
        Compare { name: "swaps", interp: &interp, positions: POSITIONS }.visit(&Swaps, Swaps::start_position());
    assert_eq!(checked, POSITIONS);
    // The playouts meet swaps, with friends and with enemies, royal movers or partners among them; the UCI text of
    // each swap reads back as the same move.
    let (mut friendly, mut hostile, mut royal) = (0, 0, 0);
    random_walk(&Swaps, &Swaps::start_position(), POSITIONS, MAX_PLIES, 0x5a495, |pos, list| {
        for mv in list.iter().filter(|mv| mv.is_swap()) {
            let partner = pos.piece_at(mv.to()).expect("a swap has a partner");
            if partner.color == pos.side_to_move() {
                friendly += 1;
            } else {
                hostile += 1;
            }
            let mover = pos.piece_at(mv.from()).expect("a swap has a mover");
            royal += usize::from(pos.table().is_royal(partner.kind) || pos.table().is_royal(mover.kind));
            let text = pos.uci(*mv, &[]);
            let (back, extra) = mbn::runtime::parse_move(&Swaps, pos, &text).expect("a swap's text reads back");
            assert_eq!((back, extra.len()), (*mv, 0), "{text} in {}", pos.to_fen());
        }
    });
    assert!(friendly > 1000 && hostile > 1000 && royal > 20, "swaps met: {friendly} {hostile} {royal}");
}

#[test]
fn generated_swap_perft_agrees_with_the_interpreter() {
    let interp = swap_interpreter();
    let start = Swaps::start_position();
    // By hand: 16 pawn moves, Knight 2, Swapper a3 c3 and the swap with d2, Yoyo the swaps with
    // e2 and g2, King the swaps with d2 and f2 (the Guard has no enemy in reach).
    assert_eq!(perft(&Swaps, &mut start.clone(), 1), 25);
    for depth in 1..=4 {
        let mut pos = start.clone();
        let generated = perft(&Swaps, &mut pos, depth);
        assert_eq!(generated, perft(&interp, &mut pos, depth), "perft {depth}");
    }
}

test_variant! {
    /// Conditions `/.../` (docs/SEMANTICS.md M30): the Herald steps as a Wazir while a Tower (either
    /// side's) stands on its side's a1, leaps as a Dabbaba while one stands on a2, and always as a
    /// Knight; the Sentinel rides as a Bishop while its own King is on e1 (e8 for Black); the Guard
    /// rides as a Rook while an enemy Tower is on the board.
    Conditions, condition_interpreter,
    CONDITION_START = "tshgkhst/pppppppp/8/8/8/8/PPPPPPPP/TSHGKHST w - - 0 1",
    CONDITION_PIECES = "P|Pawn|=mfW+cfF K|King| T|Tower|=R H|Herald|=/Ta1/W+/Ta2/D+N S|Sentinel|=/{!K}e1/B+W G|Guard|=/{!t}/R+K",
}

#[test]
fn generated_conditions_agree_with_the_interpreter() {
    let interp = condition_interpreter();
    assert_agree("conditions", &Conditions, &interp, Conditions::start_position());
}

/// The destinations of the piece on `from`, from both back ends (they must agree), sorted.
fn condition_moves(fen: &str, from: &str) -> String {
    let interp = condition_interpreter();
    let pos = Conditions::position(fen).expect("the position loads");
    let mut sets = Vec::new();
    for list in [moves(&Conditions, &pos).0, moves(&interp, &pos).0] {
        let mut to: Vec<String> = list
            .iter()
            .filter(|mv| pos.geometry().square_name(mv.from()) == from)
            .map(|mv| pos.geometry().square_name(mv.to()))
            .collect();
        to.sort();
        sets.push(to.join(" "));
    }
    assert_eq!(sets[0], sets[1], "generated vs interpreted on {fen}");
    sets.remove(0)
}

#[test]
fn conditions_hold_or_not_by_hand() {
    let knight = "b3 b5 c2 c6 e2 e6 f3 f5";
    let with = |extra: &str| {
        let mut all: Vec<&str> = knight.split(' ').chain(extra.split(' ')).collect();
        all.sort_unstable();
        all.join(" ")
    };
    // The Herald on d4: a Tower of either side on a1 gives the Wazir steps, on a2 the Dabbaba leaps.
    assert_eq!(condition_moves("4k3/8/8/8/3H4/8/8/T3K3 w - - 0 1", "d4"), with("c4 d3 d5 e4"));
    assert_eq!(condition_moves("4k3/8/8/8/3H4/8/7K/t7 w - - 0 1", "d4"), with("c4 d3 d5 e4"));
    assert_eq!(condition_moves("4k3/8/8/8/3H4/8/t7/4K3 w - - 0 1", "d4"), with("b4 d2 d6 f4"));
    assert_eq!(condition_moves("4k3/8/8/8/3H4/8/8/1T2K3 w - - 0 1", "d4"), knight);
    // Black's a1 is a8: a Tower there, not on a1, gives Black's Herald its Wazir steps.
    assert_eq!(condition_moves("t3k3/8/8/8/3h4/8/8/4K3 b - - 0 1", "d4"), with("c4 d3 d5 e4"));
    assert_eq!(condition_moves("4k3/8/8/8/3h4/8/8/T3K3 b - - 0 1", "d4"), knight);
    // The Sentinel rides as a Bishop only while its own King is on e1; blockers as usual.
    let bishop_and_wazir = "a1 a5 b2 b3 b4 c2 c4 d2 d3 d4 e5 f6";
    assert_eq!(condition_moves("4k3/8/5p2/8/8/2S5/8/4K3 w - - 0 1", "c3"), bishop_and_wazir);
    assert_eq!(condition_moves("4k3/8/5p2/8/8/2S5/8/3K4 w - - 0 1", "c3"), "b3 c2 c4 d3");
    // The Guard rides as a Rook while an enemy Tower is anywhere; a friendly one does not count.
    let rook_and_king = "a4 b4 c3 c4 c5 d1 d2 d3 d5 d6 d7 d8 e3 e4 e5 f4 g4 h4";
    assert_eq!(condition_moves("4k2t/8/8/8/3G4/8/8/4K3 w - - 0 1", "d4"), rook_and_king);
    assert_eq!(condition_moves("4k3/8/8/8/3G4/8/8/T3K3 w - - 0 1", "d4"), "c3 c4 c5 d3 d5 e3 e4 e5");
    // A conditional capture gives check: Black's Guard on e5 checks the King on e1 while White's
    // Tower is on the board (four King moves leave the file), and not without it (five moves).
    let legal = |fen: &str| {
        let pos = Conditions::position(fen).expect("the position loads");
        let (list, generated) = moves(&Conditions, &pos);
        assert_eq!(generated, moves(&condition_interpreter(), &pos).1, "{fen}");
        let mut uci: Vec<String> = list.iter().map(|mv| mv.to_uci(pos.geometry(), pos.table(), &[])).collect();
        uci.sort();
        uci.join(" ")
    };
    assert_eq!(legal("4k3/8/8/4g3/8/8/8/T3K3 w - - 0 1"), "e1d1 e1d2 e1f1 e1f2");
    assert_eq!(legal("4k3/8/8/4g3/8/8/8/4K3 w - - 0 1"), "e1d1 e1d2 e1e2 e1f1 e1f2");
}

test_variant! {
    /// Piece sets inside multi-leg moves (docs/SEMANTICS.md M11): the Marauder steps as a Wazir to an
    /// empty square and then captures only a King or Rook diagonally outwards; the Jester rides as a
    /// Queen onto a King of either side and steps on; the Hopper hops over a Rook (either side's) and
    /// steps on; the Glider rides over empty squares and its own Pawns, then steps on; the Diver leaps
    /// as a Dabbaba over an enemy Pawn and steps on.
    MultiSets, set_interpreter,
    SET_START = "rmjhkgdb/pppppppp/8/8/8/8/PPPPPPPP/RMJHKGDB w - - 0 1",
    SET_PIECES = "P|Pawn|=mfW+cfF K|King| R|Rook| B|Bishop| M|Marauder|=W-c{KR}fF J|Jester|=jy{K}Q-K \
                              H|Hopper|=p{R}R-W G|Glider|=g{!P}R-fW D|Diver|=p{!p}D-W",
}

#[test]
fn generated_multileg_piece_sets_agree_with_the_interpreter() {
    let interp = set_interpreter();
    assert_agree("multisets", &MultiSets, &interp, MultiSets::start_position());
}

#[test]
fn multileg_piece_sets_by_hand() {
    let interp = set_interpreter();
    let dests = |fen: &str, from: &str| {
        let pos = MultiSets::position(fen).expect("the position loads");
        let mut sets = Vec::new();
        for list in [moves(&MultiSets, &pos).0, moves(&interp, &pos).0] {
            let mut to: Vec<String> = list
                .iter()
                .filter(|mv| pos.geometry().square_name(mv.from()) == from)
                .map(|mv| format!("{}{}", if mv.is_capture() { "x" } else { "" }, pos.geometry().square_name(mv.to())))
                .collect();
            to.sort();
            sets.push(to.join(" "));
        }
        assert_eq!(sets[0], sets[1], "generated vs interpreted on {fen}");
        sets.remove(0)
    };
    // The Hopper on d4 hops the Rook on d6 (its own: `{R}` is either side's) to d7, and steps on
    // to d8; the Bishop on f4 is no hurdle, so that direction is closed.
    assert_eq!(dests("7k/8/3R4/8/3H1b2/8/8/K7 w - - 0 1", "d4"), "d8");
    assert_eq!(dests("7k/8/3r4/8/3H1b2/8/8/K7 w - - 0 1", "d4"), "d8");
    assert_eq!(dests("3p3k/8/3R4/8/3H1b2/8/8/K7 w - - 0 1", "d4"), "xd8");
    assert_eq!(dests("7k/8/3B4/8/3H1b2/8/8/K7 w - - 0 1", "d4"), "");
    // The Marauder on d4 steps to d5 and captures the Rook on c6, not the Bishop on e6; with d5
    // occupied it cannot.
    assert_eq!(dests("7k/8/2r1b3/8/3M4/8/8/K7 w - - 0 1", "d4"), "xc6");
    assert_eq!(dests("7k/8/2r1b3/3P4/3M4/8/8/K7 w - - 0 1", "d4"), "");
    // The Diver on d4 leaps over an enemy Pawn on d5 to d6 and steps on to d7; over its own Pawn
    // on c4 it may not.
    assert_eq!(dests("7k/8/8/3p4/2PD4/8/8/K7 w - - 0 1", "d4"), "d7");
    // The Glider on d1 lands on empty squares only, passing over its own Pawn on d3, and steps on:
    // d2 then d3 (its Pawn: no), d4 then d5, d5 then the enemy Pawn on d6 (captured); the ride
    // stops there. Sideways: e1-f1, f1-g1, g1-h1, c1-b1 (b1-a1 is its King).
    assert_eq!(dests("7k/8/3p4/8/8/3P4/8/K2G4 w - - 0 1", "d1"), "b1 d5 f1 g1 h1 xd6");
}

common::twin_variant! {
    /// The decision operator `#` (docs/SEMANTICS.md M31), with the seed's Chief `(dWF)03+#c{C}C`:
    /// three King steps, or a Camel leap that takes the enemy Chief and ends the game. No royal piece.
    Chiefs, chief_interpreter {
        board: "8x8",
        start: "1n1c2n1/pppppppp/8/8/8/8/PPPPPPPP/1N1C2N1 w - - 0 1",
        pieces: "C|Chief|=(dWF)03+#c{C}C N|Knight| P|Pawn|=mfW+cfF",
        promotion_zone: "[8]",
        promotion_mandatory: true,
    }
}

#[test]
fn generated_decisive_moves_agree_with_the_interpreter() {
    let interp = chief_interpreter();
    assert_agree("chiefs", &Chiefs, &interp, Chiefs::start_position());
}

#[test]
fn a_decisive_move_ends_the_game() {
    let interp = chief_interpreter();
    // White's Chief on d2 reaches the Black Chief on e5 by a Camel leap (decisive) and by three
    // King steps (d3 d4 e5): one move, decisive, in both back ends.
    let pos = Chiefs::position("8/8/8/4c3/8/8/3C4/8 w - - 0 1").expect("the position loads");
    for list in [moves(&Chiefs, &pos).0, moves(&interp, &pos).0] {
        let to_e5: Vec<_> = list.iter().filter(|mv| pos.geometry().square_name(mv.to()) == "e5").collect();
        assert_eq!(to_e5.len(), 1);
        assert!(to_e5[0].is_decisive() && to_e5[0].is_capture());
        // The other moves are plain: three steps to an empty square.
        assert!(list.iter().filter(|mv| *mv != to_e5[0]).all(|mv| !mv.is_decisive() && !mv.is_capture()));
        // After it Black has no move; after any other it has.
        let mut after = pos.clone();
        let _ = after.make(*to_e5[0]);
        assert!(after.decided());
        assert_eq!(perft(&Chiefs, &mut after.clone(), 1), 0);
        assert_eq!(perft(&interp, &mut after.clone(), 1), 0);
        let other = list.iter().find(|mv| !mv.is_decisive()).expect("a plain move");
        let mut after = pos.clone();
        let _ = after.make(*other);
        assert!(!after.decided() && perft(&Chiefs, &mut after, 1) > 0);
    }
    // A Knight takes the Chief without deciding the game (only the Camel capture is `#`).
    let pos = Chiefs::position("8/8/8/4c3/8/3N4/8/7C w - - 0 1").expect("the position loads");
    let (list, _) = moves(&Chiefs, &pos);
    let take = list.iter().find(|mv| pos.geometry().square_name(mv.to()) == "e5").expect("Nxe5");
    assert!(!take.is_decisive());
    let mut after = pos.clone();
    let _ = after.make(*take);
    assert!(!after.decided());
}

test_variant! {
    /// MBN's rule modifiers (docs/SEMANTICS.md M32-M34): the Usher `uR+W` slides only while no enemy
    /// stands first on a rook line; the Courier `kN+W` may not check with any move, the Herald `kkR+F`
    /// may check but not mate; the Xenos `xN+mK` and the Yeoman `xyD+mK` flip pieces (never a King).
    Rules, rules_interpreter,
    RULES_START = "ucxhkycu/pppppppp/8/8/8/8/PPPPPPPP/UCXHKYCU w - - 0 1",
    RULES_PIECES = "K|King| P|Pawn|=mfW+cfF U|Usher|=uR+W C|Courier|=kN+W H|Herald|=kkR+F X|Xenos|=xN+mK Y|Yeoman|=xyD+mK",
}

#[test]
fn generated_rule_modifiers_agree_with_the_interpreter() {
    let interp = rules_interpreter();
    assert_agree("rules", &Rules, &interp, Rules::start_position());
}

test_variant! {
    /// Cylinder chess and more (docs/SEMANTICS.md M38-M40): the pawns capture round the side edges;
    /// the King, Knight, Bishop, Rook and Queen are cylindrical; the Cylinder Bishop `o[b,g]B` joins
    /// files b and g; a cylindrical Cannon, a Horse whose legs wrap (`oW-ofF`) and a toroidal (`oo`)
    /// maximal Rook (`ooW0*`). Checks round the edge, pins and promotions.
    Cylinders, cylinder_interpreter,
    CYLINDER_START = "rnbqkbnr/pppppppp/1c1a1h1m/8/8/1C1A1H1M/PPPPPPPP/RNBQKBNR w - - 0 1",
    CYLINDER_PIECES = "P|Pawn|=mfW+ocfF K|King|=oK N|Knight|=oN B|Bishop|=oB R|Rook|=oR Q|Queen|=oQ \
        C|Cylinder|=o[b,g]B A|Cannon|=omR+opcR H|Horse|=oW-ofF M|Maximal|=ooW0* +P==NBRQCAHM",
}

#[test]
fn generated_cylinders_agree_with_the_interpreter() {
    let interp = cylinder_interpreter();
    let checked = Compare { name: "cylinders", interp: &interp, positions: POSITIONS }
        .visit(&Cylinders, Cylinders::start_position());
    assert_eq!(checked, POSITIONS);
    let mut pos = Cylinders::start_position();
    assert_eq!(perft(&Cylinders, &mut pos, 3), perft(&interp, &mut pos, 3), "cylinders perft 3");
}

test_variant! {
    /// XBetza borrowing `xK` (docs/SEMANTICS.md X29): the Borrower `xK` (on d1) and the King that also
    /// borrows `KxK` (f1), among Xiangqi Horses `mafsW` (multi-leg moves, lent too) and chess pieces;
    /// the pieces are XBetza inside the inline variant (X43).
    Borrowers, borrow_interpreter,
    BORROW_START = "rhbakchr/pppppppp/8/8/8/8/PPPPPPPP/RHBAKCHR w - - 0 1",
    BORROW_PIECES = "P|Pawn| H|Horse| B|Bishop| R|Rook| A|Borrower| C|Kinglet| K|King| +P==RBHA",
    xbetza: P = "fmWfcFifmW2", H = "mafsW", A = "xK", C = "KxK",
}

#[test]
fn generated_borrowing_agrees_with_the_interpreter() {
    let interp = borrow_interpreter();
    assert_agree("borrowers", &Borrowers, &interp, Borrowers::start_position());
}

test_variant! {
    /// XBetza borrowing after a path (docs/SEMANTICS.md X83): the Seeker `mNaxN` borrows from the
    /// friends a knight's leap beyond an empty square a knight's leap away, the Scout `mKaxK` from
    /// those a step beyond an empty square next to it; both also move as written.
    PathBorrowers, path_borrow_interpreter,
    PATH_BORROW_START = "rsbqktnr/pppppppp/8/8/8/8/PPPPPPPP/RSBQKTNR w - - 0 1",
    PATH_BORROW_PIECES = "P|Pawn| N|Knight| B|Bishop| R|Rook| Q|Queen| S|Seeker| T|Scout| K|King| +P==QRBNST",
    xbetza: P = "fmWfcFifmW2", S = "mNaxN", T = "mKaxK",
}

#[test]
fn generated_borrowing_after_a_path_agrees_with_the_interpreter() {
    let interp = path_borrow_interpreter();
    assert_agree("path borrowers", &PathBorrowers, &interp, PathBorrowers::start_position());
    // By hand: the Scout d4 steps to e5, next to its Rook f6, whose lines it then has from d4 (each
    // move once: c4 d3 d5 e4 are its own steps too). An enemy on e5 blocks that path: its steps
    // alone (it may not step onto e5).
    let pos = PathBorrowers::position("k7/8/5R2/8/3T4/8/8/7K w - - 0 1").expect("the position loads");
    let want = "a4 b4 c3 c4 c5 d1 d2 d3 d5 d6 d7 d8 e3 e4 e5 f4 g4 h4";
    assert_eq!(piece_moves(&PathBorrowers, &interp, &pos, "d4"), want);
    let pos = PathBorrowers::position("k7/8/5R2/4b3/3T4/8/8/7K w - - 0 1").expect("the position loads");
    assert_eq!(piece_moves(&PathBorrowers, &interp, &pos, "d4"), "c3 c4 c5 d3 d5 e3 e4");
}

test_variant! {
    /// The setup operator `!` (docs/SEMANTICS.md M20, M47): the Withdrawer `mQ-{!cK}` captures by
    /// withdrawal whenever it can, the Retreater `mR-[!cW]` when it chooses to; on a leg with a
    /// condition or an attacker set (M128), the Vigil `mK+(!/{!N}/W-cW)` takes a piece two steps
    /// away without moving while a friendly Knight is on the board, the Timid `mK+(!{N}W-cW)`
    /// while an enemy Knight attacks it.
    Setups, setup_interpreter,
    SETUP_START = "tnwkwnrv/pppppppp/8/8/8/8/PPPPPPPP/TNWKWNRV w - - 0 1",
    SETUP_PIECES = "P|Pawn|=mfW+cfF K|King| N|Knight| W|Withdrawer|=mQ-{!cK} R|Retreater|=mR-[!cW] \
        V|Vigil|=mK+(!/{!N}/W-cW) T|Timid|=mK+(!{N}W-cW) +P==NWRVT",
}

/// The moves of the piece on `from` in both back ends, as in [`piece_moves`].
fn setup_moves(fen: &str, from: &str) -> String {
    let pos = Setups::position(fen).expect("the position loads");
    piece_moves(&Setups, &setup_interpreter(), &pos, from)
}

#[test]
fn generated_setup_moves_agree_with_the_interpreter() {
    let interp = setup_interpreter();
    assert_agree("setups", &Setups, &interp, Setups::start_position());
}

#[test]
fn setup_moves_by_hand() {
    // M20's board: the Withdrawer on d4, enemies d7 g7 b4, a friend on f2 (Kings in the corners,
    // off the queen's lines): d6, f6 and c4 only with their capture, e3 plain.
    assert_eq!(
        setup_moves("1k6/3p2p1/8/8/1p1W4/8/5P1K/8 w - - 0 1", "d4"),
        "a1 a7 b2 b6 c3 c4(xb4) c5 d1 d2 d3 d5 d6(xd7) e3 e4 e5 f4 f6(xg7) g4 h4"
    );
    // An empty board: the 27 queen moves.
    assert_eq!(
        setup_moves("1k6/8/8/8/3W4/8/7K/8 w - - 0 1", "d4"),
        "a1 a4 a7 b2 b4 b6 c3 c4 c5 d1 d2 d3 d5 d6 d7 d8 e3 e4 e5 f2 f4 f6 g1 g4 g7 h4 h8"
    );
    // The Retreater on d4, enemies d7 d1 a4 h4: each capture is a choice.
    assert_eq!(
        setup_moves("7k/3p4/8/8/p2R3p/8/8/K2p4 w - - 0 1", "d4"),
        "b4 b4(xa4) c4 d2 d2(xd1) d3 d5 d6 d6(xd7) e4 f4 g4 g4(xh4)"
    );
    // M128: the Vigil on d4, enemies d6 b4: it takes both from its square while the friendly
    // Knight on h1 stands, and nothing without it.
    let steps = "c3 c4 c5 d3 d5 e3 e4 e5";
    let vigil = setup_moves("7k/8/3p4/8/1p1V4/8/8/K6N w - - 0 1", "d4");
    assert_eq!(vigil, "c3 c4 c5 d3 d4(xb4) d4(xd6) d5 e3 e4 e5");
    assert_eq!(setup_moves("7k/8/3p4/8/1p1V4/8/8/K7 w - - 0 1", "d4"), steps);
    // The Timid on d4, an enemy on d6: it takes it while the enemy Knight on c6 attacks d4, not
    // with the Knight on c7.
    assert_eq!(setup_moves("7k/8/2np4/8/3T4/8/8/K7 w - - 0 1", "d4"), "c3 c4 c5 d3 d4(xd6) d5 e3 e4 e5");
    assert_eq!(setup_moves("7k/2n5/3p4/8/3T4/8/8/K7 w - - 0 1", "d4"), steps);
}

test_variant! {
    /// The atomic queen of seed §"Setup Operator" (docs/SEMANTICS.md M49): `cQ--(!dcyOK)0*` captures,
    /// then every piece on the squares around the capture square and itself leave the board.
    Atomics, atomic_interpreter,
    ATOMIC_START = "1nakan2/pppppppp/8/8/8/8/PPPPPPPP/1NAKAN2 w - - 0 1",
    ATOMIC_PIECES = "P|Pawn|=mfW+cfF K|King| N|Knight| A|Atomic|=mQ+(cQ--(!dcyOK)0*) +P==NA",
}

/// The moves of the piece on `from` in both back ends, as in [`piece_moves`].
fn atomic_moves(fen: &str, from: &str) -> String {
    let pos = Atomics::position(fen).expect("the position loads");
    piece_moves(&Atomics, &atomic_interpreter(), &pos, from)
}

#[test]
fn generated_atomic_queens_agree_with_the_interpreter() {
    let interp = atomic_interpreter();
    assert_agree("atomics", &Atomics, &interp, Atomics::start_position());
}

#[test]
fn atomic_queen_by_hand() {
    // The queen on d4 takes the pawn on d7: the Knights on c8, e6 (Black) and e8 (White) around
    // it and the queen itself leave the board too. The Black King on a8 is not next to d7.
    let quiet = "a1 a4 a7 b2 b4 b6 c3 c4 c5 d1 d2 d3 d5 d6 e3 e4 e5 f2 f4 f6 g1 g4 g7 h4 h8";
    assert_eq!(atomic_moves("k1n1N3/3p4/4n3/8/3A4/8/8/7K w - - 0 1", "d4"), format!("{quiet} xd7(xe6,xd7,xc8,xe8)"));
    // Blockers: the Knight on b6 closes the diagonal, the pawn on d3 the file. Taking the Knight
    // blows up the Black King on a7 next to it; taking the pawn on d3 would blow up the White King
    // on d2, so it is not a legal move.
    let quiet = "a1 a4 b2 b4 c3 c4 c5 d5 d6 d7 d8 e3 e4 e5 f2 f4 f6 g1 g4 g7 h4 h8";
    assert_eq!(atomic_moves("8/k7/1n6/8/3A4/3p4/3K4/8 w - - 0 1", "d4"), format!("{quiet} xb6(xb6,xa7)"));
    // Black's queen on d5 (the same board mirrored) does the same.
    let quiet = "a2 a5 a8 b3 b5 b7 c4 c5 c6 d3 d4 d6 d7 d8 e4 e5 e6 f3 f5 f7 g2 g5 g8 h1 h5";
    let got = atomic_moves("7k/8/8/3a4/8/4N3/3P4/K1N5 b - - 0 1", "d5");
    assert_eq!(got, format!("{quiet} xd2(xc1,xd2,xe3)"));
}

test_variant! {
    /// Hops over several hurdles of a piece set (docs/SEMANTICS.md M50): the Hurdler `pp{N}R` rides
    /// as a Rook over one or more Knights (either side's) and stops at any other piece.
    Hurdlers, hurdle_interpreter,
    HURDLE_START = "1nhkhn2/pppppppp/8/8/8/8/PPPPPPPP/1NHKHN2 w - - 0 1",
    HURDLE_PIECES = "P|Pawn|=mfW+cfF K|King| N|Knight| H|Hurdler|=pp{N}R +P==NH",
}

#[test]
fn generated_restricted_hops_agree_with_the_interpreter() {
    let interp = hurdle_interpreter();
    assert_agree("hurdlers", &Hurdlers, &interp, Hurdlers::start_position());
}

#[test]
fn restricted_hops_by_hand() {
    let interp = hurdle_interpreter();
    let dests = |fen: &str, from: &str| {
        let pos = Hurdlers::position(fen).expect("the position loads");
        piece_moves(&Hurdlers, &interp, &pos, from)
    };
    // d4: up over the Knights d5 (White) and d6 (Black): d6 taken after one hurdle, d7 after two,
    // the pawn on d8 taken (no Knight: the ride ends there); right the pawn e4 closes the line; left
    // no hurdle; down over the Knight d2 to d1.
    assert_eq!(dests("k2p4/8/3n4/3N4/3HP3/8/3n4/7K w - - 0 1", "d4"), "d1 d7 xd6 xd8");
    // Only pawns around: no hurdle it may hop, no move.
    assert_eq!(dests("k7/8/3p4/3P4/2pHP3/8/3P4/7K w - - 0 1", "d4"), "");
}

test_variant! {
    /// Modifiers on the legs of multi-leg moves (docs/SEMANTICS.md M41–M45): the Pawn's double step
    /// written as a chain `[2]mefW-mW` (e.p. rights on the square passed), the Horse `/{!R}a1/W-fF`
    /// (only while its own Rook stands on a1), the Guard `K+(W-/{!Q}/fF)` (its Horse leap only while
    /// its own Queen is on the board: a condition on the second leg), the Archer `N+(W-#c{Q}fF)`
    /// (taking the enemy Queen by its Horse path ends the game), the Swapper `K+(K-wwW)` (a step, then
    /// a swap with the friend one further) and the Eagle `K+(W-ce{P}fF)` (a Horse path that also
    /// captures a Pawn en passant).
    LegMods, leg_interpreter,
    LEG_START = "rhgaqkse/pppppppp/8/8/8/8/PPPPPPPP/RHGAQKSE w - - 0 1",
    LEG_PIECES = "P|Pawn|=mfW+cefF+([2]mefW-mW) K|King| R|Rook| Q|Queen| H|Horse|=/{!R}a1/W-fF \
                              G|Guard|=K+(W-/{!Q}/fF) A|Archer|=N+(W-#c{Q}fF) S|Swapper|=K+(K-wwW) \
                              E|Eagle|=K+(W-ce{P}fF) +P==Q",
}

#[test]
fn generated_leg_modifiers_agree_with_the_interpreter() {
    let interp = leg_interpreter();
    assert_agree("legmods", &LegMods, &interp, LegMods::start_position());
}

test_variant! {
    /// Swaps and e.p. captures on the last leg of a `{...}` that ends the move (docs/SEMANTICS.md
    /// M80): the Switcher `mK-{cwwW}` steps as a King and goes on one W step straight on (or either
    /// 45° turn after a diagonal step) to take an enemy or swap with a friend there whenever it
    /// can, else stops (`wwW` alone would also move to an empty square, M24); the
    /// Striker `mW-{ce{P}fF}` steps as a Wazir and goes on to capture diagonally ahead, a Pawn en passant too,
    /// whenever it can, else stops.
    TrailingSpecials, trailing_interpreter,
    TRAILING_START = "rsatksar/pppppppp/8/8/8/8/PPPPPPPP/RSATKSAR w - - 0 1",
    TRAILING_PIECES = "P|Pawn|=mfW+cefF+([2]mefW-mW) K|King| R|Rook| T|Switcher|=mK-{cwwW} \
                       S|Striker|=mW-{ce{P}fF} A|Archbishop|=BN +P==RTSA",
}

#[test]
fn trailing_swaps_and_en_passant_agree_with_the_interpreter() {
    let interp = trailing_interpreter();
    assert_agree("trailing", &TrailingSpecials, &interp, TrailingSpecials::start_position());
    let at = |fen: &str, before: &[&str], from: &str| {
        let mut pos = TrailingSpecials::position(fen).expect("the position loads");
        common::agree::play(&interp, &mut pos, before);
        let g = pos.geometry();
        common::agree::piece_moves_by(&TrailingSpecials, &interp, &pos, from, |_, mv| {
            let x = if mv.is_capture() && !mv.is_en_passant() { "x" } else { "" };
            let w = if mv.is_swap() { "w" } else { "" };
            let ep = if mv.is_en_passant() { ":ep" } else { "" };
            format!("{x}{w}{}{ep}", g.square_name(mv.to()))
        })
    };
    // The Switcher on d4, a White Rook on d6 and an Archbishop on e6, a Black pawn on b4: the step
    // to d5 goes on straight to swap with d6, the step to e5 turns up to swap with e6 (right, to
    // f5, is empty), the step to c4 goes on to take b4, and none of these three is a move of its
    // own; every other step stops where it lands.
    assert_eq!(at("4k3/8/3RA3/8/1p1T4/8/8/4K3 w - - 0 1", &[], "d4"), "c3 c5 d3 e3 e4 wd6 we6 xb4");
    // Without friends beyond, the King's steps.
    assert_eq!(at("4k3/8/8/8/3T4/8/8/4K3 w - - 0 1", &[], "d4"), "c3 c4 c5 d3 d5 e3 e4 e5");
    // The Striker on d4 after Black's e7-e5: the step up to d5 goes on to take e5 en passant on
    // e6 (and is no move of its own); the other steps find nothing diagonally ahead and stop.
    assert_eq!(at("4k3/4p3/8/8/3S4/8/8/4K3 b - - 0 1", &["e7e5"], "d4"), "c4 d3 e4 e6:ep");
    // Black's Striker on d5 after White's e2-e4, the mirror image.
    assert_eq!(at("4k3/8/8/3s4/8/8/4P3/4K3 w - - 0 1", &["e2e4"], "d5"), "c5 d6 e3:ep e5");
}

/// The legal moves of the piece on `from` after the moves `before` (UCI text) from `fen`, from
/// both back ends (they must agree): `x` before a capture, `w` before a swap, `:ep` after an en
/// passant capture, `+` after a double step (it leaves e.p. rights), `#` after a decisive move.
fn leg_moves(fen: &str, before: &[&str], from: &str) -> String {
    let interp = leg_interpreter();
    let mut pos = LegMods::position(fen).expect("the position loads");
    for uci in before {
        let (list, _) = moves(&interp, &pos);
        let mv = *list.iter().find(|mv| mv.to_uci(pos.geometry(), pos.table(), &[]) == *uci).expect("a legal move");
        let _ = pos.make(mv);
    }
    let mut sets = Vec::new();
    for list in [moves(&LegMods, &pos).0, moves(&interp, &pos).0] {
        let g = pos.geometry();
        let mut to: Vec<String> = list
            .iter()
            .filter(|mv| g.square_name(mv.from()) == from)
            .map(|mv| {
                let x = if mv.is_capture() && !mv.is_en_passant() { "x" } else { "" };
                let w = if mv.is_swap() { "w" } else { "" };
                let ep = if mv.is_en_passant() { ":ep" } else { "" };
                let plus = if mv.is_double_step() { "+" } else { "" };
                let hash = if mv.is_decisive() { "#" } else { "" };
                format!("{x}{w}{}{ep}{plus}{hash}", g.square_name(mv.to()))
            })
            .collect();
        to.sort();
        sets.push(to.join(" "));
    }
    assert_eq!(sets[0], sets[1], "generated vs interpreted on {fen} after {before:?}");
    sets.remove(0)
}

#[test]
fn leg_modifiers_by_hand() {
    // M44: the Pawn's chain double step leaves e.p. rights on d3; a Black Pawn on e4 takes there.
    assert_eq!(leg_moves("4k3/8/8/8/4p3/8/3P4/4K3 w - - 0 1", &[], "d2"), "d3 d4+");
    assert_eq!(leg_moves("4k3/8/8/8/4p3/8/3P4/4K3 w - - 0 1", &["d2d4"], "e4"), "d3:ep e3");
    assert_eq!(leg_moves("4k3/8/8/8/3rp3/8/3P4/4K3 w - - 0 1", &[], "d2"), "d3");
    assert_eq!(leg_moves("4k3/8/8/8/4p3/3r4/3P4/4K3 w - - 0 1", &[], "d2"), "");
    // M41: the Horse leaps only while its own Rook is on a1 (Black's a1 is a8); d5 a friend, e2 an
    // enemy Pawn.
    let horse = "b3 b5 c2 c6 e2 e6 f3 f5";
    assert_eq!(leg_moves("4k3/8/8/8/3H4/8/8/R3K3 w - - 0 1", &[], "d4"), horse);
    assert_eq!(leg_moves("4k3/8/8/8/3H4/8/8/1R2K3 w - - 0 1", &[], "d4"), "");
    assert_eq!(leg_moves("4k3/8/8/3P4/3H4/8/4p3/R3K3 w - - 0 1", &[], "d4"), "b3 b5 c2 f3 f5 xe2");
    assert_eq!(leg_moves("r3k3/8/8/8/3h4/8/8/4K3 b - - 0 1", &[], "d4"), horse);
    // M41, on the second leg: the Guard's Horse leaps only while its own Queen is on the board.
    let king = "c3 c4 c5 d3 d5 e3 e4 e5";
    assert_eq!(
        leg_moves("4k3/8/8/8/3G4/8/8/4K2Q w - - 0 1", &[], "d4"),
        "b3 b5 c2 c3 c4 c5 c6 d3 d5 e2 e3 e4 e5 e6 f3 f5"
    );
    assert_eq!(leg_moves("q3k3/8/8/8/3G4/8/8/4K3 w - - 0 1", &[], "d4"), king);
    // M42: the Archer takes the Queen on c6 by its Horse path (decisive) and by its Knight leap:
    // one move, decisive; with d5 blocked only the Knight's plain capture is left.
    assert_eq!(leg_moves("4k3/8/2q5/8/3A4/8/8/4K3 w - - 0 1", &[], "d4"), "b3 b5 c2 e2 e6 f3 f5 xc6#");
    assert_eq!(leg_moves("4k3/8/2q5/3P4/3A4/8/8/4K3 w - - 0 1", &[], "d4"), "b3 b5 c2 e2 e6 f3 f5 xc6");
    // M43: the Swapper steps and swaps with the friend one further: d6 through d5, e6 through e5
    // (a W after an F step turns forward: e6 or f5); `w` with no mode written also moves (M24), so
    // the empty squares two steps away are quiet moves. With d5 a friend, no swap on d6.
    assert_eq!(
        leg_moves("4k3/8/3PP3/8/3S4/8/8/4K3 w - - 0 1", &[], "d4"),
        "b3 b4 b5 c2 c3 c4 c5 c6 d2 d3 d5 e2 e3 e4 e5 f3 f4 f5 wd6 we6"
    );
    assert_eq!(
        leg_moves("4k3/8/3PP3/3P4/3S4/8/8/4K3 w - - 0 1", &[], "d4"),
        "b3 b4 b5 c2 c3 c4 c5 c6 d2 d3 e2 e3 e4 e5 f3 f4 f5 we6"
    );
    // M45: after e7e5 the Eagle takes the Pawn en passant on e6 through d5 (and takes e5 as a
    // King); with d5 a friend, not.
    assert_eq!(leg_moves("4k3/4p3/8/8/3E4/8/8/4K3 b - - 0 1", &["e7e5"], "d4"), "c3 c4 c5 d3 d5 e3 e4 e6:ep xe5");
    assert_eq!(leg_moves("4k3/4p3/8/3P4/3E4/8/8/4K3 b - - 0 1", &["e7e5"], "d4"), "c3 c4 c5 d3 e3 e4 xe5");
}

test_variant! {
    /// Repeats searched at run time (docs/SEMANTICS.md M51): the Congo Monkey `K+(dcK-mK)0` steps as a
    /// King and jumps adjacent enemies one after another, in any directions, taking each.
    Monkeys, monkey_interpreter,
    MONKEY_START = "1mnkmn2/pppppppp/8/8/8/8/PPPPPPPP/1MNKMN2 w - - 0 1",
    MONKEY_PIECES = "P|Pawn|=mfW+cfF K|King| N|Knight| M|Monkey|=K+(dcK-mK)0 +P==NM",
}

#[test]
fn generated_monkeys_agree_with_the_interpreter() {
    let interp = monkey_interpreter();
    let checked =
        Compare { name: "monkeys", interp: &interp, positions: POSITIONS }.visit(&Monkeys, Monkeys::start_position());
    assert_eq!(checked, POSITIONS);
    for depth in 1..=3 {
        let mut pos = Monkeys::start_position();
        assert_eq!(perft(&Monkeys, &mut pos, depth), perft(&interp, &mut pos, depth), "perft {depth}");
        // Monkeys of both sides in contact with enemies, jumps on the first move.
        let mut pos = Monkeys::position("1mnk1n2/ppp2ppp/3p4/3Pm3/2M1P3/5p2/PP3PPP/1MNK1N2 w - - 0 1").unwrap();
        assert_eq!(perft(&Monkeys, &mut pos, depth), perft(&interp, &mut pos, depth), "perft {depth} (contact)");
    }
}

#[test]
fn monkey_jumps_by_hand() {
    let interp = monkey_interpreter();
    // The Monkey's jumps from d4 as `to(extra captures)`, the same in both back ends.
    let jumps = |fen: &str| {
        let pos = Monkeys::position(fen).expect("the position loads");
        let g = pos.geometry();
        let mut sets = Vec::new();
        for list in [moves(&Monkeys, &pos).0, moves(&interp, &pos).0] {
            let mut to: Vec<String> = list
                .iter()
                .filter(|mv| g.square_name(mv.from()) == "d4" && !list.extra_captures(mv).is_empty())
                .map(|mv| {
                    let mut extra: Vec<String> = list.extra_captures(mv).iter().map(|s| g.square_name(*s)).collect();
                    extra.sort();
                    format!("{}({})", g.square_name(mv.to()), extra.join(","))
                })
                .collect();
            to.sort();
            sets.push(to.join(" "));
        }
        assert_eq!(sets[0], sets[1], "generated vs interpreted on {fen}");
        sets.remove(0)
    };
    // Enemies d5 d7 e4: over d5 to d6 and on over d7 to d8; over e4 to f4.
    assert_eq!(jumps("7k/3p4/8/3p4/3Mp3/8/8/K7 w - - 0 1"), "d6(d5) d8(d5,d7) f4(e4)");
    // Five enemies in a ring: chains of up to four jumps either way round; the two chains that
    // come back to d4 (over e3 or e5 last) take the same four pawns: one stationary capture (M61).
    assert_eq!(
        jumps("7k/5p2/8/4p1p1/3M4/4p1p1/8/K7 w - - 0 1"),
        "d4(e3,e5,g3,g5) f2(e3) f2(e5,g3,g5) f6(e3,g3,g5) f6(e5) f8(e3,f7,g3,g5) f8(e5,f7) h4(e3,g3) h4(e5,g5)"
    );
    // Blockers: d5 has a friend behind it (d6), e5 an enemy (f6): neither may be jumped. Over e3
    // to f2, then over g3 to h4.
    assert_eq!(jumps("7k/8/3N1p2/3pp3/3M4/4p1p1/8/K7 w - - 0 1"), "f2(e3) h4(e3,g3)");
}

test_variant! {
    /// The modes of Betza 2.0 chains (docs/SEMANTICS.md X50–X52), XBetza pieces of an inline variant:
    /// the Pawn's double step `ifmnW-mW` (e.p. rights) and its e.p. capture after a step `fmW-sceW`,
    /// the Valkyrie `QudQ(Q-udQ)` (relocation), the Grasshopper `gQ-Q` (hop and toggle) and the
    /// Toggler `K(yW-F)` (a step, then a Bishop's slide).
    ChainModes, chain_interpreter,
    CHAIN_START = "rnvgkynr/pppppppp/8/8/8/8/PPPPPPPP/RNVGKYNR w - - 0 1",
    CHAIN_PIECES = "P|Pawn| N|Knight| R|Rook| V|Valkyrie| G|Grasshopper| Y|Toggler| K|King| +P==RVGY",
    xbetza: P = "fmWfcF(ifmnW-mW)(fmW-sceW)", V = "QudQ(Q-udQ)", G = "gQ-Q", Y = "K(yW-F)",
}

#[test]
fn generated_chain_modes_agree_with_the_interpreter() {
    assert_agree("chainmodes", &ChainModes, &chain_interpreter(), ChainModes::start_position());
}

/// The moves of the piece on `from` in `fen`, both back ends (asserted equal): `x` a capture, `w` a
/// swap, `:ep` en passant, `+` a double step, `>sq` a relocation (the piece on the destination
/// goes to sq).
fn chain_moves(fen: &str, from: &str) -> String {
    let interp = chain_interpreter();
    let pos = ChainModes::position(fen).expect("the position loads");
    let g = pos.geometry();
    let mut sets = Vec::new();
    for list in [moves(&ChainModes, &pos).0, moves(&interp, &pos).0] {
        let mut to: Vec<String> = list
            .iter()
            .filter(|mv| g.square_name(mv.from()) == from)
            .map(|mv| {
                let x = if mv.is_capture() && !mv.is_en_passant() { "x" } else { "" };
                let ep = if mv.is_en_passant() { ":ep" } else { "" };
                let plus = if mv.is_double_step() { "+" } else { "" };
                let to = mv.relocation().map(|s| format!(">{}", g.square_name(s))).unwrap_or_default();
                let w = if mv.is_swap() && to.is_empty() { "w" } else { "" };
                let extra: Vec<String> =
                    list.extra_captures(mv).iter().map(|&s| format!("x{}", g.square_name(s))).collect();
                let extra = if extra.is_empty() { String::new() } else { format!("({})", extra.join(",")) };
                format!("{x}{w}{}{extra}{ep}{plus}{to}", g.square_name(mv.to()))
            })
            .collect();
        to.sort();
        sets.push(to.join(" "));
    }
    assert_eq!(sets[0], sets[1], "generated vs interpreted on {fen}");
    sets.remove(0)
}

#[test]
fn chain_modes_by_hand() {
    // At the start 28 moves, counted by hand: 16 Pawn moves, 4 Knight moves, the Valkyrie's 5
    // swaps (`udQ`: b1 d1 b2 c2 d2) and the Grasshopper's 3 hops (over c2 d2 e2).
    let interp = chain_interpreter();
    for (depth, want) in [(1, 28), (2, 784), (3, 23_796)] {
        let mut pos = ChainModes::start_position();
        assert_eq!(perft(&ChainModes, &mut pos, depth), want, "generated perft {depth}");
        assert_eq!(perft(&interp, &mut pos, depth), want, "interpreted perft {depth}");
    }
    // X50: the Pawn's chain double step; e4 blocked leaves e3, e3 blocked nothing.
    assert_eq!(chain_moves("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "e2"), "e3 e4+");
    assert_eq!(chain_moves("4k3/8/8/8/4n3/8/4P3/4K3 w - - 0 1", "e2"), "e3");
    assert_eq!(chain_moves("4k3/8/8/8/8/4n3/4P3/4K3 w - - 0 1", "e2"), "");
    // X50: after e7e5 (rights on e6) the Pawn on d5 steps to d6 and takes en passant on e6;
    // with d6 blocked, not (the plain capture `fcF` needs a piece on c6 or e6).
    assert_eq!(chain_moves("4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 1", "d5"), "d6 e6:ep");
    assert_eq!(chain_moves("4k3/8/3n4/3Pp3/8/8/8/4K3 w - e6 0 1", "d5"), "");
    assert_eq!(chain_moves("4k3/8/2n5/3Pp3/8/8/8/4K3 w - e6 0 1", "d5"), "d6 e6:ep xc6");
    // Random playouts seldom reach an e.p. capture: both Pawns beside d5 take it through c6 and
    // e6, and perft 1-3 from there agree.
    let ep = "rnvgkynr/ppp1pppp/8/2PpP3/8/8/PP1P1PPP/RNVGKYNR w - d6 0 1";
    assert_eq!(chain_moves(ep, "c5"), "c6 d6:ep");
    assert_eq!(chain_moves(ep, "e5"), "d6:ep e6");
    for depth in 1..=3 {
        let mut pos = ChainModes::position(ep).expect("the position loads");
        assert_eq!(perft(&ChainModes, &mut pos, depth), perft(&interp, &mut pos, depth), "e.p. perft {depth}");
    }
    // X51: the Valkyrie on d4 (X27's board 1 with Rooks and Knights): friends d7 g4 b2, enemies
    // d1 a4 f6; the relocations put the friend on the squares passed.
    let valkyrie = "7k/3R4/5n2/8/n2V2R1/8/1R6/3n3K w - - 0 1";
    assert_eq!(
        chain_moves(valkyrie, "d4"),
        "a7 b2>c3 b4 b6 c3 c4 c5 d2 d3 d5 d6 d7>d5 d7>d6 e3 e4 e5 f2 f4 g1 g4>e4 g4>f4 wb2 wd7 wg4 xa4 xd1 xf6"
    );
    // X52: the Grasshopper over d3 and b2 (friends) and d6 f6 (enemies), g7 taken behind f6.
    let hopper = "7k/6n1/3n1n2/8/3G4/3R4/1R6/7K w - - 0 1";
    assert_eq!(chain_moves(hopper, "d4"), "a1 d2 d7 xg7");
    // X52: the Toggler steps as a King, or steps W and slides on as a Bishop 45° either way;
    // friends d5 e2, enemies e4 b5.
    let toggler = "7k/8/8/1n1R4/3Yn3/8/4R3/7K w - - 0 1";
    assert_eq!(chain_moves(toggler, "d4"), "a2 b1 b3 c2 c3 c4 c5 d3 e3 e5 xb5 xe4");
}

test_variant! {
    /// XBetza `o` on a leg on the way (docs/SEMANTICS.md X48, X49): pieces that leave the board and
    /// come back — the bouncing Bishop `BoasB`, a Rook that bounces back diagonally `RoabsR`, a
    /// Knight re-entering by a leap `NoabsN`, a locust that bounces after its capture `KcaoasB`, a
    /// Rook coming back along its line over a hurdle `RoabpR` and a short-range bounce written as a
    /// Betza 2.0 chain `KoB2-sB2` (X49).
    OffBoard, offboard_interpreter,
    OFFBOARD_START = "rnbakbnr/pppppppp/2w2c2/8/8/2W2C2/PPPPPPPP/RNBAKBNR w - - 0 1",
    OFFBOARD_PIECES = "P|Pawn|=mfW+cfF K|King|=K B|Bouncer| R|Rook| N|Knight| A|Locust| C|Cannon| W|Wazir| +P==NBRACW",
    xbetza: B = "BoasB", R = "RoabsR", N = "NoabsN", A = "KcaoasB", C = "RoabpR", W = "KoB2-sB2",
}

#[test]
fn generated_offboard_legs_agree_with_the_interpreter() {
    assert_agree("offboard", &OffBoard, &offboard_interpreter(), OffBoard::start_position());
}

#[test]
fn offboard_legs_by_hand() {
    let interp = offboard_interpreter();
    let on = |fen: &str, from: &str| piece_moves(&OffBoard, &interp, &OffBoard::position(fen).expect("loads"), from);
    // The bouncing Bishop on c1: its own moves, then off the board at i7 and back on h8, at -1,4
    // and back on a5 b6 c7 d8, at d0 and back on e1 f2 g3 h4, at b0 and back on a1.
    assert_eq!(on("k7/8/8/8/8/8/8/2B4K w - - 0 1", "c1"), "a1 a3 a5 b2 b6 c7 d2 d8 e1 e3 f2 f4 g3 g5 h4 h6 h8");
    // A friend on g5 closes the way to the edge (no h8), an enemy on b6 is taken on the way back.
    assert_eq!(on("k7/8/1p6/6P1/8/8/8/2B4K w - - 0 1", "c1"), "a1 a3 a5 b2 d2 e1 e3 f2 f4 g3 h4 xb6");
    // The Knight on g1 leaps off the board and back by a leap 135° round: e1 f2 g3 h2.
    assert_eq!(on("k7/8/8/8/8/8/8/K5N1 w - - 0 1", "g1"), "e1 e2 f2 f3 g3 h2 h3");
    assert_eq!(on("k7/8/8/8/8/8/5p1P/K5N1 w - - 0 1", "g1"), "e1 e2 f3 g3 h3 xf2");
    // The Locust on d4 takes b6, leaves the board at 4,8 or -1,3 and comes back on f8 g7 h6 or
    // a3 b2 c1; with nothing to take it has the King's moves only.
    assert_eq!(
        on("k7/8/1p6/8/3A4/8/8/7K w - - 0 1", "d4"),
        "a3(xb6) b2(xb6) c1(xb6) c3 c4 c5 d3 d5 e3 e4 e5 f8(xb6) g7(xb6) h6(xb6)"
    );
    assert_eq!(on("k7/8/8/8/3A4/8/8/7K w - - 0 1", "d4"), "c3 c4 c5 d3 d5 e3 e4 e5");
    // The Cannon on d4 (friend d6, enemy b4): to the edge and back along its line, over its own
    // square, hopping the first piece: d1 → d6 → d7 d8; h4 → b4 → a4.
    assert_eq!(on("k7/8/3P4/8/1p1C4/8/8/7K w - - 0 1", "d4"), "a4 c4 d1 d2 d3 d5 d7 d8 e4 f4 g4 h4 xb4");
    // The short-range bounce on g2: off the board within two steps and back within two.
    assert_eq!(on("k7/8/8/8/8/8/6W1/K7 w - - 0 1", "g2"), "c2 d1 f1 f2 f3 g1 g3 g6 h1 h2 h3 h5");
    // An enemy on h3 is taken by the King's step and closes the way off the board there.
    assert_eq!(on("k7/8/8/8/8/7p/6W1/K7 w - - 0 1", "g2"), "c2 d1 f1 f2 f3 g1 g3 h1 h2 xh3");
}

mbn::mbn! { piece LoneBouncer = xbetza "BoasB" on "8x8"; }
mbn::mbn! { piece LoneRook = xbetza "oabsR" on "8x8"; }
mbn::mbn! { piece LoneKnight = xbetza "oabsN" on "8x8"; }
mbn::mbn! { piece LoneLocust = xbetza "caoasB" on "8x8"; }
mbn::mbn! { piece LoneCannon = xbetza "oabpR" on "8x8"; }
mbn::mbn! { piece LoneShort = xbetza "oB2-sB2" on "8x8"; }

/// X48: the off-board pieces as lone `mbn!` pieces (their own code path: quiet and capture sets,
/// and attacks) against the interpreter on random boards.
#[test]
fn generated_lone_offboard_pieces_agree_with_the_interpreter() {
    use mbn::runtime::{Color, Geometry, Piece, PieceKind, Square};
    type Moves = fn(Square, u64, u64) -> (u64, u64);
    type Attacks = fn(Square, u64) -> u64;
    let pieces: [(&str, Moves, Attacks); 6] = [
        ("BoasB", LoneBouncer::moves, LoneBouncer::attacks),
        ("oabsR", LoneRook::moves, LoneRook::attacks),
        ("oabsN", LoneKnight::moves, LoneKnight::attacks),
        ("caoasB", LoneLocust::moves, LoneLocust::attacks),
        ("oabpR", LoneCannon::moves, LoneCannon::attacks),
        ("oB2-sB2", LoneShort::moves, LoneShort::attacks),
    ];
    let mut rng = Rng(0x0ff_b0a4d);
    for (notation, moves, attacks) in pieces {
        let mut spec = VariantSpec::new("probe", 8, 8, "8/8/8/8/8/8/8/8 w - - 0 1", "A Z=mfW K=K");
        spec.promotion_zone = None;
        spec.royal = "K".to_string();
        spec.xbetza = vec![('A', notation.to_string())];
        let variant = Variant::compile(&spec).unwrap_or_else(|e| panic!("{notation}: {e:?}"));
        let interp = Interpreter::new(&variant).unwrap_or_else(|e| panic!("{notation}: {e:?}"));
        let mut moved = 0;
        for i in 0..300 {
            let from = Square((rng.next() % 64) as u16);
            let occupied = if i % 2 == 0 { rng.next() & rng.next() & rng.next() } else { rng.next() & rng.next() };
            let occupied = occupied & !u64::from_square(from);
            let friends = occupied & rng.next();
            let enemies = occupied & !friends;
            let mut pos =
                Position::<u64>::from_fen(&variant.table, Geometry::CHESS, "8/8/8/8/8/8/8/8 w - - 0 1").unwrap();
            for (set, color) in [(friends, Color::White), (enemies, Color::Black)] {
                for sq in set.squares() {
                    pos.put_piece(sq, Piece::new(PieceKind(1), color)).unwrap();
                }
            }
            let piece = Piece::new(PieceKind(0), Color::White);
            pos.put_piece(from, piece).unwrap();
            let mut list = MoveList::new();
            interp.piece_moves(&pos, from, piece, &mut list);
            let (mut quiet, mut captures) = (0u64, 0u64);
            for mv in list.iter() {
                if mv.is_capture() {
                    captures.set(mv.to());
                } else {
                    quiet.set(mv.to());
                }
            }
            let got = moves(from, friends, enemies);
            assert_eq!(
                got,
                (quiet, captures),
                "`{notation}` from {from:?}, friends {friends:#x}, enemies {enemies:#x}"
            );
            moved += usize::from(got != (0, 0));
            // Attacks: every other piece an enemy.
            let mut pos =
                Position::<u64>::from_fen(&variant.table, Geometry::CHESS, "8/8/8/8/8/8/8/8 w - - 0 1").unwrap();
            for sq in occupied.squares() {
                pos.put_piece(sq, Piece::new(PieceKind(1), Color::Black)).unwrap();
            }
            pos.put_piece(from, piece).unwrap();
            let mut want = 0u64;
            for sq in (0..64).map(Square).filter(|&sq| sq != from) {
                if interp.is_square_attacked(&pos, sq, Color::White) {
                    want.set(sq);
                }
            }
            assert_eq!(attacks(from, occupied), want, "`{notation}` attacks from {from:?}, occupied {occupied:#x}");
        }
        assert!(moved > 25, "`{notation}`: the boards hardly test it ({moved} of 300 with moves)");
    }
}

// Mobility regions (docs/SEMANTICS.md V9–V10): `tests/data/regions.toml` (a King, a Rook, a
// Knight, a multi-leg Horse and a Ferz with regions, drops bounded by them) and the XBetza twin of
// Xiangqi (X54–X56: palace and river as regions, the flying general `fkR` left unbounded).
mbn::mbn! { variant RegionsVariant = "tests/data/regions.toml"; }
mbn::mbn! { variant XiangqiTwinVariant = "tests/data/xiangqi-twin-xbetza.toml"; }

fn file_interpreter(path: &str) -> Interpreter {
    let full = format!("{}/{path}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&full).expect("the test variant file");
    let variant = Variant::from_toml(&text, &full).expect("the test variant compiles");
    Interpreter::new(&variant).expect("the interpreter runs it")
}

#[test]
fn generated_regions_agree_with_the_interpreter() {
    let interp = file_interpreter("tests/data/regions.toml");
    assert_agree("regions", &RegionsVariant, &interp, RegionsVariant::start_position());
    let hands = "r3k2r/1pp1fp2/2n1h3/p3p1Np/3P4/2H1F3/PPP2PPP/R3K2R[NQnp] w - - 0 1";
    assert_agree("regions (hands)", &RegionsVariant, &interp, RegionsVariant::position(hands).expect("loads"));
    // The Rook `[1-4]` from d2 with blockers: it takes d4 and f2, not d6 (outside its region).
    let pos = RegionsVariant::position("4k3/8/3p4/8/3p4/8/1P1R1n2/4K3 w - - 0 1").expect("loads");
    assert_eq!(piece_moves(&RegionsVariant, &interp, &pos, "d2"), "c2 d1 d3 e2 xd4 xf2");
    let interp = file_interpreter("tests/data/xiangqi-twin-xbetza.toml");
    assert_agree("xiangqi twin", &XiangqiTwinVariant, &interp, XiangqiTwinVariant::start_position());
    // The General on f1: not g1 (outside the palace) nor e1 (the flying general).
    let pos = XiangqiTwinVariant::position("4k4/9/9/9/9/9/9/9/9/5K3 w - - 0 1").expect("loads");
    assert_eq!(piece_moves(&XiangqiTwinVariant, &interp, &pos, "f1"), "f2");
}

test_variant! {
    /// Attacker sets on multi-leg moves, complex riders to the edge and null legs (docs/SEMANTICS.md
    /// M55-M57): the Fugitive `K+({Q}R-W)` flees at least two squares as a Rook while an enemy Queen
    /// attacks it; the Edger `(W-F)*` rides a Mao line to its last square before the edge, the
    /// Rampager `(aW)*` to the edge taking what stands on the way; the Locust `(cK-O)+(O--N)+(aW-O-F)`
    /// captures adjacent pieces standing still, leaps as a Knight after a null first leg, and turns
    /// after a null leg as after the leg before it; the maximal Congo Monkey `K+(dcK-mK)0*` (M59) jumps
    /// on while it can.
    Leftovers, leftover_interpreter,
    LEFTOVER_START = "relfkqnm/pppppppp/8/8/8/8/PPPPPPPP/RELFKQNM w - - 0 1",
    LEFTOVER_PIECES = "P|Pawn|=mfW+cfF K|King| N|Knight| Q|Queen| E|Edger|=(W-F)* R|Rampager|=(aW)* L|Locust|=(cK-O)+(O--N)+(aW-O-F) F|Fugitive|=K+({Q}R-W) M|Monkey|=K+(dcK-mK)0* +P==NE",
}

#[test]
fn generated_edge_riders_and_null_legs_agree_with_the_interpreter() {
    let interp = leftover_interpreter();
    assert_agree("leftovers", &Leftovers, &interp, Leftovers::start_position());
    // The pieces in contact from the first move, the Fugitive on f3 attacked by the Queen on h5.
    let contact = Leftovers::position("r1lfk1em/ppp2ppp/3p4/2eRLp1q/2pLE3/5F2/PPPPPPPP/R2FKQ1M w - - 0 1").unwrap();
    assert_agree("leftovers (contact)", &Leftovers, &interp, contact);
}

#[test]
fn edge_riders_and_null_legs_by_hand() {
    let interp = leftover_interpreter();
    let at = |fen: &str, from: &str| {
        let pos = Leftovers::position(fen).expect("the position loads");
        piece_moves(&Leftovers, &interp, &pos, from)
    };
    // M56: the Edger `(W-F)*` on d4 rides each knight line to its last landing before the next
    // W-F would leave the board: d5-e6, e7-f8; e4-f5, g5-h6; e4-f3, g3-h2; d3-e2 (e1-f0 is off)...
    assert_eq!(at("7k/8/8/8/3E4/8/8/K7 w - - 0 1", "d4"), "b3 b5 b8 c2 e2 f8 h2 h6");
    // ... an enemy at a line's end is captured (f8, e2); a piece on the way closes the line (the
    // friend g5 before h6, the enemy c6 before b8).
    assert_eq!(at("5p1k/8/2p5/6P1/3E4/8/4p3/K7 w - - 0 1", "d4"), "b3 b5 c2 h2 xe2 xf8");
    // Black's Edger on d5 (the first board mirrored): the mirror image.
    assert_eq!(at("k7/8/8/3e4/8/8/8/7K b - - 0 1", "d5"), "b1 b4 b6 c7 e7 f1 h3 h7");
    // M56: the Rampager `(aW)*` goes to the edge, moving or capturing on every square: up over
    // d5 and d6 to d8, left to the enemy on a4, down over d3 to the enemy on d1; the friend on
    // f4 closes the right.
    assert_eq!(at("7k/8/8/8/3R4/8/8/K7 w - - 0 1", "d4"), "a4 d1 d8 h4");
    assert_eq!(at("7k/8/3p4/3p4/p2R1P2/3p4/8/K2p4 w - - 0 1", "d4"), "d8(xd5,xd6) xa4 xd1(xd3)");
    // M57: the Locust on d4 on an empty board: `O--N` the knight leaps, `aW-O-F` the W step and,
    // after the null leg, the F turning from the W step (straight on impossible: forward), the
    // same squares; `cK-O` nothing.
    assert_eq!(at("7k/8/8/8/3L4/8/8/K7 w - - 0 1", "d4"), "b3 b5 c2 c6 e2 e6 f3 f5");
    // Enemies d5 e5 f5, friends c4 e2: `cK-O` takes d5 and e5 standing on their squares (a
    // capture there, not a move with an extra capture); `aW-O-F` takes d5 on the way to c6 and
    // e6, and f5 after e4; the friend c4 closes the W step left, e2 the leap and the F step there.
    assert_eq!(at("7k/8/8/3ppp2/2PL4/8/4P3/K7 w - - 0 1", "d4"), "b3 b5 c2 c6 c6(xd5) e6 e6(xd5) f3 xd5 xe5 xf5");
}

#[test]
fn attacker_sets_on_multileg_moves_by_hand() {
    let interp = leftover_interpreter();
    let at = |fen: &str| {
        let pos = Leftovers::position(fen).expect("the position loads");
        piece_moves(&Leftovers, &interp, &pos, "d4")
    };
    let steps = "c3 c4 c5 d3 d5 e3 e4 e5";
    // M55: the Fugitive `K+({Q}R-W)` on d4, attacked by the Black Queen on d8: its king steps and
    // every rook move of two squares or more (R lands on the way, W steps on), up to the Queen.
    assert_eq!(at("3q3k/8/8/8/3F4/8/8/K7 w - - 0 1"), "a4 b4 c3 c4 c5 d1 d2 d3 d5 d6 d7 e3 e4 e5 f4 g4 h4 xd8");
    // A Black pawn on d6 shields it: the move is gated off (the pawn is not taken either).
    assert_eq!(at("3q3k/8/3p4/8/3F4/8/8/K7 w - - 0 1"), steps);
    // A White Queen attacks nothing of its own: gated off.
    assert_eq!(at("3Q3k/8/8/8/3F4/8/8/K7 w - - 0 1"), steps);
    // The Queen on a7 attacks along a7-d4; a Black pawn on d6 is taken after d5, the White pawn on
    // f4 closes the right (e4, then the friend).
    assert_eq!(at("7k/q7/3p4/8/3F1P2/8/8/7K w - - 0 1"), "a4 b4 c3 c4 c5 d1 d2 d3 d5 e3 e4 e5 xd6");
}

#[test]
fn maximal_monkey_jumps_by_hand() {
    let interp = leftover_interpreter();
    let at = |fen: &str| {
        let pos = Leftovers::position(fen).expect("the position loads");
        piece_moves(&Leftovers, &interp, &pos, "d4")
    };
    // M59: the maximal Monkey `K+(dcK-mK)0*` on d4 (M51's ring of Black pawns e3 e5 f7 g3 g5) jumps
    // on while a next jump completes a move, never landing twice on a square (d4 included):
    // e3-g3-g5-f7 to f8; e5-g5-g3 to f2 (over e3 it would land on d4); e5-f7 to f8. Its king
    // steps besides (extra captures listed by square: rank by rank).
    assert_eq!(
        at("7k/5p2/8/4p1p1/3M4/4p1p1/8/K7 w - - 0 1"),
        "c3 c4 c5 d3 d5 e4 f2(xg3,xe5,xg5) f8(xe3,xg3,xg5,xf7) f8(xe5,xf7) xe3 xe5"
    );
    // Blockers (a White Knight d6 behind d5, a Black pawn f6 behind e5): over e3 and on over g3 to
    // h4; stopping at f2 after e3 alone is no move, as a next jump completes one.
    assert_eq!(at("7k/8/3N1p2/3pp3/3M4/4p1p1/8/K7 w - - 0 1"), "c3 c4 c5 d3 e4 h4(xe3,xg3) xd5 xe3 xe5");
}

test_variant! {
    /// XBetza `q` and `z` on continuation legs (docs/SEMANTICS.md X58), pieces of an inline variant:
    /// the Knight that turns on the side of its chirality `aqN` or locust-captures and turns the
    /// other way `cazN`, the Rook that slides sideways and turns on `saqRsazR`, and the Ferz that
    /// turns twice `afsaqFafsazcF`.
    QzLegs, qz_interpreter,
    QZ_START = "rhsykshr/pppppppp/8/8/8/8/PPPPPPPP/RHSYKSHR w - - 0 1",
    QZ_PIECES = "P|Pawn| R|Rook| H|Turner| S|Sidewinder| Y|Twister| K|King| +P==RHSY",
    xbetza: H = "aqNcazN", S = "saqRsazR", Y = "afsaqFafsazcF",
}

#[test]
fn generated_qz_legs_agree_with_the_interpreter() {
    let interp = qz_interpreter();
    assert_agree("qzlegs", &QzLegs, &interp, QzLegs::start_position());
    // By hand, the Turner on d4 with friends e6 f3 and enemies c6 f5: `aqN` turns 90° clockwise
    // after the clockwise leaps (c2-a3, b5-c7) and anticlockwise after the others (e2-g3, b3-c1),
    // blocked on e6 f3 c6 f5; `cazN` captures on c6 (anticlockwise), turns clockwise to e7, and on
    // f5 (anticlockwise) to g3.
    let pos = QzLegs::position("4k3/8/2p1P3/5p2/3H4/5P2/8/4K3 w - - 0 1").expect("loads");
    assert_eq!(piece_moves(&QzLegs, &interp, &pos, "d4"), "a3 c1 c7 e7(xc6) g3 g3(xf5)");
}

// XBetza `ii` (docs/SEMANTICS.md X57): moves from the squares where the piece's kind starts, on a
// single leg (`KiiN`, the Pawn's `iifmW2`), a multi-leg move (`iimafsW`) and a chain (`iiW-F`).
// The start is not symmetric: Black's `a` start on c8 and f8, White's `A` on b1 and g1.

test_variant! {
    InitialSquares, ii_interpreter,
    II_START = "rhagkabr/pppppppp/8/8/8/8/PPPPPPPP/RAHGKBAR w - - 0 1",
    II_PIECES = "P|Pawn| A|Again| H|Hook| G|Glider| R|Rook| B|Bishop| K|King| +P==RBA",
    xbetza: P = "fmWfcFiifmW2", A = "KiiN", H = "WiimafsW", G = "F(iiW-F)",
}

#[test]
fn generated_initial_squares_agree_with_the_interpreter() {
    let interp = ii_interpreter();
    assert_agree("initialsquares", &InitialSquares, &interp, InitialSquares::start_position());
    // Black's Again on b8 (White's start square mirrored) steps only; on c8, its own, it leaps too.
    let pos = InitialSquares::position("1a2k3/8/8/8/8/8/8/4K3 b - - 0 1").expect("loads");
    assert_eq!(piece_moves(&InitialSquares, &interp, &pos, "b8"), "a7 a8 b7 c7 c8");
    let pos = InitialSquares::position("2a1k3/8/8/8/8/8/8/4K3 b - - 0 1").expect("loads");
    assert_eq!(piece_moves(&InitialSquares, &interp, &pos, "c8"), "a7 b6 b7 b8 c7 d6 d7 d8 e7");
    // The Glider on d1 (its start square): `F` (c2 e2), and `W-F` through c1 (b2) and d2 (c3 e3),
    // not through e1 (the King); the chain's `F` turns outwards only (X21).
    let pos = InitialSquares::position("4k3/8/8/8/8/8/8/3GK3 w - - 0 1").expect("loads");
    assert_eq!(piece_moves(&InitialSquares, &interp, &pos, "d1"), "b2 c2 c3 e2 e3");
    // The Hook on c1 (its start square): `W`, and `mafsW` (a W step, then a diagonal one outwards:
    // the Xiangqi Horse's a2 b3 d3 e2); on c3 `W` only.
    let pos = InitialSquares::position("4k3/8/8/8/8/2H5/8/2H1K3 w - - 0 1").expect("loads");
    assert_eq!(piece_moves(&InitialSquares, &interp, &pos, "c1"), "a2 b1 b3 c2 d1 d3 e2");
    assert_eq!(piece_moves(&InitialSquares, &interp, &pos, "c3"), "b3 c2 c4 d3");
    // The Again moved off b1 and back (generated moves, made): it leaps again (a3 c3 d2).
    let mut pos = InitialSquares::position("4k3/8/8/8/8/8/8/1A2K3 w - - 0 1").expect("loads");
    for uci in ["b1b2", "e8e7", "b2b1", "e7e8"] {
        let (mv, extra) = mbn::runtime::parse_move(&InitialSquares, &pos, uci).expect("legal");
        let _ = pos.make_with(mv, &extra);
    }
    assert_eq!(piece_moves(&InitialSquares, &interp, &pos, "b1"), "a1 a2 a3 b2 c1 c2 c3 d2");
}

test_variant! {
    /// `{...}` around a letter standing for several atoms (docs/SEMANTICS.md M65): one optional part
    /// holding every atom's body. The Withdrawer `mQ-{cK-tK}` (the seed's capture by withdrawal), the
    /// Taker `R-{cK-tK}` and the Gatherer `K-{cK-tK}` (a W or an F step, then, whenever it can, a
    /// capture straight on and back).
    OptionalParts, optional_parts_interpreter,
    OPTIONAL_PARTS_START = "tnugkgnt/pppppppp/8/8/8/8/PPPPPPPP/TNUGKGNT w - - 0 1",
    OPTIONAL_PARTS_PIECES = "P|Pawn|=mfW+cfF K|King| N|Knight| U|Withdrawer|=mQ-{cK-tK} T|Taker|=R-{cK-tK} \
        G|Gatherer|=K-{cK-tK} +P==NUTG",
}

#[test]
fn generated_optional_parts_of_several_atoms_agree_with_the_interpreter() {
    let interp = optional_parts_interpreter();
    assert_agree("optionalparts", &OptionalParts, &interp, OptionalParts::start_position());
    // By hand at depth 1: the Pawns' 8 steps and the Knights' 4 leaps (the rest is shut in).
    assert_eq!(perft(&OptionalParts, &mut OptionalParts::start_position(), 1), 12);
    // The playouts meet captures by the optional parts often.
    let mut taken = 0;
    random_walk(&OptionalParts, &OptionalParts::start_position(), POSITIONS, MAX_PLIES, 0x0b7, |_, list| {
        taken += list.iter().filter(|mv| !list.extra_captures(mv).is_empty()).count();
    });
    assert!(taken > 500, "{taken} moves taking by an optional part");
    let at = |fen: &str| {
        let pos = OptionalParts::position(fen).expect("the position loads");
        piece_moves(&OptionalParts, &interp, &pos, "d4")
    };
    // The Taker on d4, Black Knights d7 b4 d1, a White Pawn f4: captures from d6, c4 and d2 (and
    // back) instead of stopping there; plain d3 d5 e4 (nothing to take beyond); the rook leg's own
    // captures xb4 xd1 xd7.
    assert_eq!(at("k7/3n4/8/8/1n1T1P2/8/7K/3n4 w - - 0 1"), "c4(xb4) d2(xd1) d3 d5 d6(xd7) e4 xb4 xd1 xd7");
    assert_eq!(at("k7/8/8/8/3T4/8/7K/8 w - - 0 1"), "a4 b4 c4 d1 d2 d3 d5 d6 d7 d8 e4 f4 g4 h4");
    // The Gatherer on d4, Black Knights d6 f6 b4 e3: after the W steps d5 and c4 the W body takes
    // d6 and b4, after the F step e5 the F body takes f6; e3 is taken by the step itself.
    assert_eq!(at("k7/8/3n1n2/8/1n1G4/4n3/8/7K w - - 0 1"), "c3 c4(xb4) c5 d3 d5(xd6) e4 e5(xf6) xe3");
    // The Withdrawer on d4 (M20's board): d6, f6, c4 only with their capture, e3 plain.
    assert_eq!(
        at("1k6/3p2p1/8/8/1p1U4/8/5P1K/8 w - - 0 1"),
        "a1 a7 b2 b6 c3 c4(xb4) c5 d1 d2 d3 d5 d6(xd7) e3 e4 e5 f4 f6(xg7) g4 h4"
    );
}

test_variant! {
    /// XBetza `q`/`z` where X58 left them refused (docs/SEMANTICS.md X59, X60), pieces of an inline
    /// variant: bent first legs `qafNqazN`, both sides at once on a sliding leg and a boosted Rose
    /// `saqzRqFX`, a crooked boosted turn `sazFX`, and the grasshopping Rose with the circling
    /// `S` `gqNqS`.
    QzMore, qz_more_interpreter,
    QZ_MORE_START = "rhsykghr/pppppppp/8/8/8/8/PPPPPPPP/RHSYKGHR w - - 0 1",
    QZ_MORE_PIECES = "P|Pawn| R|Rook| H|Hook| S|Side| Y|Giraffe| G|Grass| K|King| +P==RHSYG",
    xbetza: H = "qafNqazN", S = "saqzRqFX", Y = "sazFXmW", G = "gqNqS",
}

#[test]
fn generated_qz_more_agree_with_the_interpreter() {
    let interp = qz_more_interpreter();
    // 2,000 positions: the circling Roses' interpreter is slow, and more find nothing new.
    assert_agree_on("qzmore", &QzMore, &interp, QzMore::start_position(), 2_000);
    // By hand, the Grass on a1 with a Black pawn on d4: `gqN` lands right behind it (c2-d4-c6,
    // b3-d4-f3); `qS` circles twice the King's circle (a3-c5-e5-g3-g1, c1-e3-e5-c7-a7, c3-e3-g1,
    // c3-c5-a7).
    let pos = QzMore::position("4k3/8/8/8/3p4/8/8/G3K3 w - - 0 1").expect("loads");
    let grass = "a3 a7 c1 c3 c5 c6 c7 e3 e5 f3 g1 g3";
    assert_eq!(piece_moves(&QzMore, &interp, &pos, "a1"), grass);
    // The Hook on a1: `qafN` b8 c5 e3 e6 f5 h2 (X59), `qazN` c6 e7 f3 g5.
    let pos = QzMore::position("4k3/8/8/8/8/8/8/H3K3 w - - 0 1").expect("loads");
    assert_eq!(piece_moves(&QzMore, &interp, &pos, "a1"), "b8 c5 c6 e3 e6 e7 f3 f5 g5 h2");
}

// XBetza `jO` (docs/SEMANTICS.md X61): Omega-style castling with the piece next to the corner, in
// generated code (`tests/data/omega-xbetza.toml`).
mbn::mbn! { variant OmegaX = "tests/data/omega-xbetza.toml"; }

#[test]
fn generated_omega_castling_agrees_with_the_interpreter() {
    let path = format!("{}/tests/data/omega-xbetza.toml", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("the test variant is there");
    let variant = Variant::from_toml(&text, &path).unwrap_or_else(|e| panic!("{}", e[0]));
    let interp = Interpreter::new(&variant).expect("the interpreter runs it");
    assert_agree("omega", &OmegaX, &interp, OmegaX::start_position());
    // Fairy-Stockfish (the variant of the file's comment): 29, 841, 24107 with the back ranks open.
    let open = "wr3k2rw/pppppppppp/10/10/10/10/PPPPPPPPPP/WR3K2RW w KQkq - 0 1";
    for (depth, nodes) in [(1, 29), (2, 841), (3, 24_107)] {
        assert_eq!(perft(&OmegaX, &mut OmegaX::position(open).expect("loads"), depth), nodes);
    }
    assert_agree("omega-open", &OmegaX, &interp, OmegaX::position(open).expect("loads"));
    // By hand: the King castles with the Rooks beside the corner Wazirs (f1h1 with i1g1, f1d1 with
    // b1e1), from the generated code's own list.
    let pos = OmegaX::position(open).expect("loads");
    let mut list = MoveList::new();
    OmegaX.legal_moves(&pos, &mut list);
    let g = pos.geometry();
    let mut castles: Vec<String> = list
        .iter()
        .filter(|m| m.is_castle())
        .map(|m| {
            let (from, to) = (m.partner_from().expect("a castle"), m.partner_to().expect("a castle"));
            format!("{}/{}{}", g.square_name(m.to()), g.square_name(from), g.square_name(to))
        })
        .collect();
    castles.sort();
    assert_eq!(castles, ["d1/b1e1", "h1/i1g1"]);
}

common::twin_variant! {
    /// Complex riders that turn freely (docs/SEMANTICS.md M67, M68) on a 6x6 board (the interpreter
    /// walks a flood fill for every attack test, so the board is kept small): the Wanderer `(dK)0`
    /// walks king steps any way through empty squares, the Gadabout `(dW-F)0` Mao leaps any way, and
    /// the Circler `((fr)K)*` turns right every step and stops only at the edge, and the Borderer
    /// `(dK)*` walks king steps any way and stops only at the edge.
    FreeRiders, free_interpreter {
        board: "6x6",
        start: "nygkcn/pppppp/6/6/PPPPPP/NYGKCN w - - 0 1",
        pieces: "P|Pawn|=mfW+cfF K|King| N|Borderer|=(dK)* Y|Wanderer|=(dK)0 G|Gadabout|=(dW-F)0 C|Circler|=((fr)K)* +P==NYG",
        royal: "K",
        promotion_zone: "[6]",
        promotion_mandatory: true,
    }
}

#[test]
fn generated_free_riders_agree_with_the_interpreter() {
    let interp = free_interpreter();
    // 2,000 positions each: the interpreter floods the board for every attack test.
    assert_agree_on("freeriders", &FreeRiders, &interp, FreeRiders::start_position(), 2_000);
    // Open lines: every piece free to wander from the first move, the Kings behind their pawns.
    let open = FreeRiders::position("kp4/pp1g2/2y3/3Y2/1G2PP/2C1PK w - - 0 1").unwrap();
    assert_agree_on("freeriders (open)", &FreeRiders, &interp, open, 2_000);
}

#[test]
fn free_riders_by_hand() {
    let interp = free_interpreter();
    let at = |fen: &str, from: &str| {
        let pos = FreeRiders::position(fen).expect("the position loads");
        piece_moves(&FreeRiders, &interp, &pos, from)
    };
    // M67: the Wanderer on a1 in a snake of White pawns (a2-e2, b4-f4): along the first rank to
    // f1, up to f2 and f3, back along the third rank to d3, where the Black pawn c3 is captured
    // and closes the way to b3, a3 and beyond.
    assert_eq!(at("k4K/6/1PPPPP/2p3/PPPPP1/Y5 w - - 0 1", "a1"), "b1 c1 d1 d3 e1 e3 f1 f2 f3 xc3");
    // M67: the Gadabout on a1 behind a wall of White pawns on the fourth rank (the Black pawn d4
    // in it): every square of ranks 1-3 its Mao leaps reach, and d4 (from c2 over c3); a3 only
    // through b2, a friend here.
    assert_eq!(at("k4K/6/PPPpPP/6/1P4/G5 w - - 0 1", "a1"), "a2 b1 b3 c1 c2 c3 d1 d2 d3 e1 e2 e3 f1 f2 f3 xd4");
    // M68: the Circler on b2 turns right every step: c3, d3, e2, e1, where one more step the
    // way it went (down) leaves the board; c3, d3 and e2 are not at the edge. From c3: d4, e4,
    // f3 (right of f3 is off the board), f2, e1 (down-left of e1 is off), d1, c2, and c3 again.
    assert_eq!(at("k4K/6/6/6/1C4/6 w - - 0 1", "b2"), "e1");
    assert_eq!(at("k4K/6/6/6/1C4/4n1 w - - 0 1", "b2"), "xe1");
    assert_eq!(at("k4K/6/6/3P2/1C4/6 w - - 0 1", "b2"), "");
    assert_eq!(at("k4K/6/6/2C3/6/6 w - - 0 1", "c3"), "e1 f3");
    // M68: the Borderer (`(dK)*`, a king step any way each time round, to the edge) on f1 behind
    // White pawns a3, b3 and b2-f2: a1 (going left, or down from a2) and a2 (up-left from b1),
    // not b1: every path to a2, from where a step down-right leaves the board, stands on b1 first.
    assert_eq!(at("k4K/6/6/PP4/1PPPPP/5N w - - 0 1", "f1"), "a1 a2");
}

common::twin_variant! {
    /// Free-turning riders with more of their move after them (docs/SEMANTICS.md M79) on a 6x6 board
    /// (small for the same reason): the Trekker `(dW)0-W` walks W steps any way through empty squares
    /// and then one more straight on, the Swerver `(dK)0-sW` walks king steps any way and then turns
    /// a W step aside (90° after a W step, 45° after an F step), the Jumper `(dW)0--N` leaps a Knight
    /// from any square its W steps reach.
    FreeRidersOn, on_interpreter {
        board: "6x6",
        start: "tsjkst/pppppp/6/6/PPPPPP/TSJKST w - - 0 1",
        pieces: "P|Pawn|=mfW+cfF K|King| T|Trekker|=(dW)0-W S|Swerver|=(dK)0-sW J|Jumper|=(dW)0--N +P==TSJ",
        royal: "K",
        promotion_zone: "[6]",
        promotion_mandatory: true,
    }
}

#[test]
fn free_riders_with_more_after_them_agree_with_the_interpreter() {
    let interp = on_interpreter();
    assert_agree_on("freeriderson", &FreeRidersOn, &interp, FreeRidersOn::start_position(), 1_000);
    let open = FreeRidersOn::position("kp4/pp1s2/2t3/3T2/1J2PP/2S1PK w - - 0 1").unwrap();
    assert_agree_on("freeriderson (open)", &FreeRidersOn, &interp, open, 1_000);
    let at = |fen: &str, from: &str| {
        let pos = FreeRidersOn::position(fen).expect("the position loads");
        piece_moves(&FreeRidersOn, &interp, &pos, from)
    };
    // M79: the Trekker on b2 beside a pocket a1-a3 (the White King on b1, pawns on b3 and c2), a
    // Black pawn on a4: only b2-a2-a3 and on up takes a4. A round back onto a2 from a1 or a3
    // cannot go on: every path there stands on a2 first (else a1 and a3 were destinations).
    assert_eq!(at("5k/6/p5/1P4/1TP3/1K4 w - - 0 1", "b2"), "xa4");
    // Black on b5, the mirror image.
    assert_eq!(at("1k4/1tp3/1p4/P5/6/5K b - - 0 1", "b5"), "xa3");
}

// Swaps on the way (docs/SEMANTICS.md M63): the Guard `K+(wK-W)` (a king step that swaps with an
// enemy, then a step on), the Shuttle `K+(K-wW-W)` (a step, a step that swaps with an enemy, a
// step on), the Acrobat `K+(aK-wwR-W)` (a step or capture, a rook line that swaps with a friend, a
// step on) and the Bouncer `wW-tR` (a step that swaps with an enemy, then a rook line straight
// back). The swapped piece goes to the swapping leg's start square and stays there.

test_variant! {
    SwapWay, swap_way_interpreter,
    SW_START = "rgsakusr/pppppppp/8/8/8/8/PPPPPPPP/RGSAKUSR w - - 0 1",
    SW_PIECES = "P|Pawn| R|Rook| K|King| G|Guard|=K+(wK-W) S|Shuttle|=K+(K-wW-W) A|Acrobat|=K+(aK-wwR-W) U|Bouncer|=wW-tR +P==RGSAU",
}

/// The legal moves of the piece on `from` in both back ends (asserted equal), sorted, as their UCI
/// text without the origin (`e6/e5d4`: to e6, the piece on e5 to d4), `x` before a capture. Every
/// text is read back to its move, and every move is made and unmade exactly.
fn swap_way_moves(interp: &Interpreter, fen: &str, from: &str) -> String {
    let pos = SwapWay::position(fen).expect("the position loads");
    let g = pos.geometry();
    let mut sets = Vec::new();
    for list in [moves(&SwapWay, &pos).0, moves(interp, &pos).0] {
        let mut to = Vec::new();
        for mv in list.iter().filter(|mv| g.square_name(mv.from()) == from) {
            let extra = list.extra_captures(mv);
            let text = mv.to_uci(g, pos.table(), extra);
            let (parsed, parsed_extra) = mbn::runtime::parse_move(&SwapWay, &pos, &text).expect("the text reads back");
            let key = |m: mbn::runtime::Move| (m.from(), m.to(), m.flags(), m.swapped());
            assert_eq!((key(parsed), parsed_extra.as_slice()), (key(*mv), extra), "{text}");
            let mut after = pos.clone();
            let undo = after.make_with(*mv, extra);
            after.unmake(*mv, undo);
            assert_eq!(after, pos, "make and unmake {text}");
            to.push(format!("{}{}", if mv.is_capture() { "x" } else { "" }, &text[from.len()..]));
        }
        to.sort();
        sets.push(to.join(" "));
    }
    assert_eq!(sets[0], sets[1], "generated vs interpreted on {fen}");
    sets.remove(0)
}

#[test]
fn swaps_on_the_way_by_hand() {
    let interp = swap_way_interpreter();
    // The Guard on d4, empty board: the king steps, and two steps on (a W straight on after a W
    // step, forward-left or forward-right after an F step: M2).
    assert_eq!(
        swap_way_moves(&interp, "k7/8/8/8/3G4/8/8/7K w - - 0 1", "d4"),
        "b3 b4 b5 c2 c3 c4 c5 c6 d2 d3 d5 d6 e2 e3 e4 e5 e6 f3 f4 f5"
    );
    // Black pawns c4 e5 f3, White pawns d5 d2: c4 and e5 swap to d4 (then b4; e6 or f5), the
    // friend d5 closes that way, d2 the way through d3, f3 is taken at the end.
    assert_eq!(
        swap_way_moves(&interp, "k7/8/8/3Pp3/2pG4/5p2/3P4/7K w - - 0 1", "d4"),
        "b3 b4/c4d4 b5 c2 c3 c5 c6 d3 e2 e3 e4 e6/e5d4 f4 f5/e5d4 xc4 xe5 xf3"
    );
    // The Shuttle on d4, empty board: the king steps, and three steps (straight on, or turned
    // forward after the diagonal first step).
    assert_eq!(
        swap_way_moves(&interp, "k7/8/8/8/3S4/8/8/7K w - - 0 1", "d4"),
        "a3 a4 a5 c1 c3 c4 c5 c7 d1 d3 d5 d7 e1 e3 e4 e5 e7 g3 g4 g5"
    );
    // Black pawns d6 d7 f4, White pawns c6 e3: the pawn d6 goes to d5 and the Shuttle takes d7;
    // the pawn f4 goes to e4; the friends close c5-c6 and e3.
    assert_eq!(
        swap_way_moves(&interp, "k7/3p4/2Pp4/8/3S1p2/4P3/8/7K w - - 0 1", "d4"),
        "a3 a4 a5 c1 c3 c4 c5 d1 d3 d5 e4 e5 e7 g4/f4e4 g5 xd7/d6d5"
    );
    // The Bouncer on d4: a step, then straight back (over its empty start square; stopping there
    // is a pass, M62). After a swap with the pawn on d5 the pawn stands on d4 and closes the way
    // back: no move swaps.
    assert_eq!(
        swap_way_moves(&interp, "k7/8/8/8/3U4/8/8/7K w - - 0 1", "d4"),
        "a4 b4 c4 d1 d2 d3 d4 d5 d6 d7 d8 e4 f4 g4 h4"
    );
    assert_eq!(swap_way_moves(&interp, "k7/8/8/3p4/3U4/8/8/7K w - - 0 1", "d4"), "a4 b4 c4 d4 e4 f4 g4 h4 xd5");
}

#[test]
fn generated_swaps_on_the_way_agree_with_the_interpreter() {
    let interp = swap_way_interpreter();
    assert_agree("swapway", &SwapWay, &interp, SwapWay::start_position());
    // From a position in contact: pieces of both sides within reach of each other's swaps.
    let pos = SwapWay::position("r1s1k2r/pp1ppppp/2g5/3aP3/2Pu1G2/1S3A2/PP1P1PPP/R3K1UR w - - 0 1").expect("loads");
    // Both sides have swaps on the way here.
    for side in ["w", "b"] {
        let fen = format!("r1s1k2r/pp1ppppp/2g5/3aP3/2Pu1G2/1S3A2/PP1P1PPP/R3K1UR {side} - - 0 1");
        let pos = SwapWay::position(&fen).expect("loads");
        let swaps = moves(&SwapWay, &pos).0.iter().filter(|mv| mv.swapped().is_some()).count();
        assert!(swaps > 0, "{side}: no swap on the way to test");
    }
    assert_agree("swapway-contact", &SwapWay, &interp, pos);
}

// En passant captures on the way (docs/SEMANTICS.md M64): the Hawk `K+(ce{P}K-W)` (a king step
// that captures, or takes a Pawn en passant, then a step on) and the Falcon `B+(ce{P}B-W)` (the
// same along a bishop line). The victim is an extra capture; its square is empty for the rest.

test_variant! {
    EpWay, ep_way_interpreter,
    EP_START = "rhfrkfhr/pppppppp/8/8/8/8/PPPPPPPP/RHFRKFHR w - - 0 1",
    EP_PIECES = "P|Pawn| R|Rook| K|King| H|Hawk|=K+(ce{P}K-W) F|Falcon|=B+(ce{P}B-W) +P==RHF",
}

/// The legal moves of the piece on `from` after the moves `before` from `fen`, in both back ends
/// (asserted equal), sorted, as their UCI text without the origin, `x` before a capture; each text
/// reads back to its move.
fn ep_way_moves(interp: &Interpreter, fen: &str, before: &[&str], from: &str) -> String {
    let mut pos = EpWay::position(fen).expect("the position loads");
    for uci in before {
        let (mv, extra) = mbn::runtime::parse_move(&EpWay, &pos, uci).expect("legal");
        let _ = pos.make_with(mv, &extra);
    }
    let g = pos.geometry();
    let mut sets = Vec::new();
    for list in [moves(&EpWay, &pos).0, moves(interp, &pos).0] {
        let mut to = Vec::new();
        for mv in list.iter().filter(|mv| g.square_name(mv.from()) == from) {
            let extra = list.extra_captures(mv);
            let text = mv.to_uci(g, pos.table(), extra);
            let (parsed, parsed_extra) = mbn::runtime::parse_move(&EpWay, &pos, &text).expect("the text reads back");
            assert_eq!((parsed.to(), parsed.flags(), parsed_extra.as_slice()), (mv.to(), mv.flags(), extra), "{text}");
            to.push(format!("{}{}", if mv.is_capture() { "x" } else { "" }, &text[from.len()..]));
        }
        to.sort();
        sets.push(to.join(" "));
    }
    assert_eq!(sets[0], sets[1], "generated vs interpreted on {fen} after {before:?}");
    sets.remove(0)
}

#[test]
fn en_passant_on_the_way_by_hand() {
    let interp = ep_way_interpreter();
    // The Hawk on d5 after Black's e7e5: its king steps and `xe5`; through e5 (a capture on the
    // way) to f5; through e6 (en passant, taking e5) to e7 or f6.
    let fen = "k7/4p3/8/3H4/8/8/8/7K b - - 0 1";
    assert_eq!(ep_way_moves(&interp, fen, &["e7e5"], "d5"), "c4 c5 c6 d4 d6 e4 e6 e7xe5 f5xe5 f6xe5 xe5");
    // Without the rights (the pawn came in two moves) no move goes through e6.
    assert_eq!(
        ep_way_moves(&interp, "k7/4p3/8/3H4/8/8/8/7K b - - 0 1", &["e7e6", "h1g1", "e6e5"], "d5"),
        "c4 c5 c6 d4 d6 e4 e6 f5xe5 xe5"
    );
    // A Black pawn on f5 (taken at the end), White pawns c6 f6 (closing those ways).
    let fen = "k7/4p3/2P2P2/3H1p2/8/8/8/7K b - - 0 1";
    assert_eq!(ep_way_moves(&interp, fen, &["e7e5"], "d5"), "c4 c5 d4 d6 e4 e6 e7xe5 xe5 xf5xe5");
    // Black's King on f6, a White Falcon on c4: `e7e5` would let the Falcon take e5 en passant
    // through e6 and go on to f6, `e7e6` take e6 on the way there: the pawn has no legal move.
    let fen = "rhfr1fhr/pp1pp1pp/5k2/2p2p2/2F1PP2/8/PPPP2PP/RHFR1KHR b - - 9 5";
    assert_eq!(ep_way_moves(&interp, fen, &[], "e7"), "");
}

#[test]
fn generated_en_passant_on_the_way_agrees_with_the_interpreter() {
    let interp = ep_way_interpreter();
    assert_agree("epway", &EpWay, &interp, EpWay::start_position());
}

test_variant! {
    /// Moves that end on their start square (docs/SEMANTICS.md M61): the Lion `ADN(aK--[K])` captures
    /// without moving (igui) and passes by stepping out and back; the Rifle `mR+!cR` moves as a Rook
    /// and captures as one without moving; the Warden `mK+!cK` likewise as a King; the Sniper (XBetza
    /// `mBcaibB`) as a Bishop; the Double Knight `N--N` passes by leaping out and back.
    Stays, stay_interpreter,
    STAY_START = "rlsdkwsl/pppppppp/8/8/8/8/PPPPPPPP/RLSDKWSL w - - 0 1",
    STAY_PIECES = "P|Pawn|=mfW+cfF K|King| L|Lion|=ADN(aK--[K]) R|Rifle|=mR+!cR W|Warden|=mK+!cK S|Sniper| \
        D|DoubleKnight|=N--N +P==LRWSD",
    xbetza: S = "mBcaibB",
}

#[test]
fn generated_stationary_moves_agree_with_the_interpreter() {
    let interp = stay_interpreter();
    assert_agree("stays", &Stays, &interp, Stays::start_position());
    // The pieces in contact from the first move: every kind has stationary captures at once.
    let contact = Stays::position("r1s1k1sl/ppp2ppp/3pd3/2wLlW2/2P1p1R1/3pDp2/PP3PPP/R1S1K1SL w - - 0 1").unwrap();
    assert_agree("stays (contact)", &Stays, &interp, contact);
    // The playouts meet stationary captures and passes.
    let (mut stays, mut passes) = (0, 0);
    random_walk(&Stays, &Stays::start_position(), POSITIONS, MAX_PLIES, 0x57a75, |_, list| {
        stays += list.iter().filter(|mv| mv.is_stay()).count();
        passes += list.iter().filter(|mv| mv.is_pass()).count();
    });
    assert!(stays > 1000 && passes > 1000, "only {stays} stationary captures and {passes} passes");
}

#[test]
fn stationary_moves_by_hand() {
    let interp = stay_interpreter();
    let at = |fen: &str, from: &str| {
        let pos = Stays::position(fen).expect("the position loads");
        piece_moves(&Stays, &interp, &pos, from)
    };
    // M61 (M6's boards): the Lion on d4, a Black pawn on d5: the 16 leaps, the king steps, the
    // capture of d5 and a second step, igui `d4(xd5)` and the pass `d4`.
    assert_eq!(
        at("7k/8/8/3p4/3L4/8/8/K7 w - - 0 1", "d4"),
        "b2 b3 b4 b5 b6 c2 c3 c4 c4(xd5) c5 c5(xd5) c6 c6(xd5) d2 d3 d4 d4(xd5) d6 d6(xd5) e2 e3 e4 e4(xd5) \
         e5 e5(xd5) e6 e6(xd5) f2 f3 f4 f5 f6 xd5"
    );
    // In the corner, a White pawn on b2, a Black one on a2.
    assert_eq!(at("7k/8/8/8/8/8/pP6/L6K w - - 0 1", "a1"), "a1 a1(xa2) a3 a3(xa2) b1 b1(xa2) b3 b3(xa2) c1 c2 c3 xa2");
    // Hemmed in by friends with nothing to take: no pass (it needs an empty square to step to).
    assert_eq!(at("7k/8/8/8/8/8/PP6/LP5K w - - 0 1", "a1"), "a3 b3 c1 c2 c3");
    // The Rifle on d4, Black pawns d6 d7 g4, a White pawn b4: rook moves, and takes d6 or g4
    // without moving (d7 stands behind d6).
    assert_eq!(at("7k/3p4/3p4/8/1P1R2p1/8/8/K7 w - - 0 1", "d4"), "c4 d1 d2 d3 d4(xd6) d4(xg4) d5 e4 f4");
    // The Warden `mK+!cK` on e4, Black pawns d5 e5, a White pawn f5.
    assert_eq!(at("7k/8/8/3ppP2/4W3/8/8/K7 w - - 0 1", "e4"), "d3 d4 e3 e4(xd5) e4(xe5) f3 f4");
    // The Sniper (XBetza `mBcaibB`) on c1, a Black pawn e3, a White pawn b2: d2, and e3 from c1.
    assert_eq!(at("7k/8/8/8/8/4p3/1P6/2S4K w - - 0 1", "c1"), "c1(xe3) d2");
    // Black's Rifle on d5 with White pawns d3 b5: the mirror image of a rook's captures.
    assert_eq!(at("k7/8/8/1P1r4/8/3P4/8/7K b - - 0 1", "d5"), "c5 d4 d5(xb5) d5(xd3) d6 d7 d8 e5 f5 g5 h5");
    // The Double Knight on d4: the 26 squares two knight leaps away and the pass `d4`.
    assert_eq!(
        at("k7/8/8/8/3D4/8/8/7K w - - 0 1", "d4"),
        "a1 a3 a5 a7 b4 b8 c1 c3 c5 c7 d2 d4 d6 d8 e1 e3 e5 e7 f4 f8 g1 g3 g5 g7 h2 h4 h6"
    );
}

#[test]
fn stationary_captures_are_legal_exactly() {
    let interp = stay_interpreter();
    let legal = |fen: &str| {
        let pos = Stays::position(fen).expect("the position loads");
        let (_, generated) = moves(&Stays, &pos);
        let (list, interpreted) = moves(&interp, &pos);
        assert_eq!(generated, interpreted, "{fen}");
        let text: Vec<String> =
            list.iter().map(|mv| mv.to_uci(pos.geometry(), pos.table(), list.extra_captures(mv))).collect();
        text
    };
    // The Black Double Knight on b1 shields the White King on a1 from the Rook on d1: the Lion on
    // b2 may take it by moving there (it shields the King itself), not without moving.
    let shield = legal("7k/8/8/8/8/8/1L6/Kd1r4 w - - 0 1");
    assert!(shield.contains(&"b2b1".to_string()) && !shield.contains(&"b2b2xb1".to_string()), "{shield:?}");
    // The Rook on a5 checks the King on a1: the Lion on b4 may take it without moving, but not pass.
    let check = legal("7k/8/8/r7/1L6/8/8/K7 w - - 0 1");
    assert!(check.contains(&"b4b4xa5".to_string()) && !check.contains(&"b4b4".to_string()), "{check:?}");
    // Not in check, the Lion passes (`b4b4`); two passes in a row end the game (M27).
    let mut pos = Stays::position("3l3k/8/8/8/1L6/8/8/K7 w - - 0 1").expect("loads");
    for uci in ["b4b4", "d8d8"] {
        let (mv, extra) = mbn::runtime::parse_move(&Stays, &pos, uci).expect("legal");
        assert!(mv.is_pass(), "{uci}");
        let _ = pos.make_with(mv, &extra);
    }
    assert!(moves(&Stays, &pos).1.is_empty() && moves(&interp, &pos).1.is_empty());
    // The text of a stationary capture reads back; `b4a5` is the Lion's capture by moving.
    let pos = Stays::position("7k/8/8/r7/1L6/8/8/K7 w - - 0 1").expect("loads");
    let (mv, extra) = mbn::runtime::parse_move(&Stays, &pos, "b4b4xa5").expect("legal");
    assert!(mv.is_stay() && extra.len() == 1 && pos.uci(mv, &extra) == "b4b4xa5");
    let (mv, extra) = mbn::runtime::parse_move(&Stays, &pos, "b4a5").expect("legal");
    assert!(mv.is_capture() && !mv.is_stay() && extra.is_empty());
}
