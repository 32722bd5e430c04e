//! Pieces of the specification's tables (§6, §12, §14, §15), compiled by `mbn!` into single-piece
//! generators, give the same destinations as the reference interpreter on random boards; so do the
//! worked multi-leg pieces (§8, §18, docs/SEMANTICS.md M1-M11) and the riders that stop on one square
//! (M25), whose attacks are compared too.

mod common;

use common::lone::{set, sq, Attacks, Lone, Moves};
use common::Xorshift;
use mbn::codegen::interp::Interpreter;
use mbn::codegen::variant::{Variant, VariantSpec};
use mbn::runtime::{Bitboard, Geometry, MoveGenerator, MoveList};

macro_rules! pieces {
    ($($name:ident = $notation:literal),* $(,)?) => {
        $(mbn::mbn! { piece $name = $notation on "8x8"; })*
        /// `(notation, generated moves)` for every piece.
        const PIECES: &[(&str, Moves)] = &[$(($notation, $name::moves)),*];
    };
}

pieces! {
    Wazir = "W", Ferz = "F", Dabbaba = "D", Knight = "N", Alfil = "A", Threeleaper = "H", Camel = "C",
    Zebra = "Z", Tripper = "T", Bishop = "B", Rook = "R", Queen = "Q", King = "K", Empress = "E",
    Janus = "I", Marshall = "M", Vizir = "V", OldTripper = "G", OldZebra = "J", OldCamel = "L",
    ShortRook = "W4", Nightrider = "N0", ExactDabbaba = "D03", ForwardPawnStep = "mfW", CaptureDiagonal = "cfF",
    StrictKnight = "ffN", LeftForward = "(lf)N", HexRook = "F0+vD0", HexBishop = "sC0+vD0",
    HexKnight = "vC+s:1,5:+s:2,4:", LongLeaper = ":1,4:", Cannon = "mR+pcR", FlyingGoldCannon = "mR+pRD+F",
    Crocodile = "K+fR[1-4]+bR[4]", Dolphin = "[1-5]fW+[6]bB", Grasshopperish = "ppQ", Rampant = "R4",
    Amazon = "QN", KnightRook = "fsW2+bN",
}

macro_rules! pieces_with_attacks {
    ($list:ident: $($name:ident = $notation:literal),* $(,)?) => {
        $(mbn::mbn! { piece $name = $notation on "8x8"; })*
        /// `(notation, generated moves, generated attacks)` for every piece.
        const $list: &[(&str, Moves, Attacks)] = &[$(($notation, $name::moves, $name::attacks)),*];
    };
}

// Riders that stop on one square of each ray: as far as they can go (`0*`), at the edge (`*`),
// half way to the edge (`h`); their captures differ from their moves (docs/SEMANTICS.md M25).
pieces_with_attacks! { FAR:
    MaximalRook = "W0*", MaximalQueen = "Q0*", EdgeRook = "W*", EdgeBishop = "B*", HalflingRook = "hR",
    HalflingQueen = "hQ", ForwardMaximal = "fmW0*+cF",
}

pieces_with_attacks! { MULTILEG:
    XiangqiHorse = "W-fF", XiangqiElephant = "nA", LameKnight = "nN", LameNightrider = "nN0",
    Checker = "fmF+(fcF-mF)", LocustStep = "fcF-mF", MaoRider = "(W-F)0", DoubleKnight = "N--N",
    Rose = "(N)(rf)8", Boyscout = "F-[(zF)0]", CircularKing = "K-{((fr)K)0*}", Rampager = "(aW)3",
    Grasshopper = "jyQ-K", GrasshopperLines = "(jyR-W)+(jyB-F)", EnemyHopper = "jQ-K", FriendHopper = "jjQ-K",
    OptionalVisit = "j?W-W", GryphonLike = "gfF3-[B]", LionLike = "ADN(aK--[K])", FreeKing3 = "(dK)3",
    OptionalKings = "[K]--[K]--K", RiderThenStep = "R-fF", CannonChain = "pcR-W",
    StepThenMaximal = "W-W0*", StepThenEdge = "W-W*", StepThenHalfling = "W-hR", MaximalThenStep = "B0*-fW",
    EdgeThenCapture = "mR*-csW", HalflingLocust = "hcR-W", Withdrawer = "mQ-{!cK}", Retreater = "mR-[!cW]",
    CongoMonkey = "(dcK-mK)0",
}

#[test]
fn generated_pieces_agree_with_the_interpreter_on_random_boards() {
    let mut rng = Xorshift(0x1234_5678_9abc_def0);
    for &(notation, generated) in PIECES {
        Lone::new(notation).agree_on_random_boards(generated, &mut rng, 200, |_, rng| rng.next() & rng.next());
    }
}

#[test]
fn generated_multileg_pieces_agree_with_the_interpreter_on_random_boards() {
    let mut rng = Xorshift(0x0fed_cba9_8765_4321);
    for &(notation, generated, _) in MULTILEG.iter().chain(FAR) {
        // Sparse and dense boards alike.
        let moved = Lone::new(notation).agree_on_random_boards(generated, &mut rng, 300, |i, rng| {
            if i % 2 == 0 {
                rng.next() & rng.next()
            } else {
                rng.next() & (rng.next() | rng.next())
            }
        });
        assert!(moved > 25, "`{notation}`: the boards hardly test it ({moved} of 300 with moves)");
    }
}

#[test]
fn generated_multileg_attacks_agree_with_the_interpreter() {
    let mut rng = Xorshift(0x2545_f491_4f6c_dd1d);
    for &(notation, _, attacks) in MULTILEG.iter().chain(FAR) {
        Lone::new(notation).attacks_agree_on_random_boards(attacks, &mut rng, 40, |rng| rng.next() & rng.next());
    }
}

/// docs/SEMANTICS.md M25's worked examples, in both back ends: `(piece, friends, enemies, quiet
/// destinations, captures)` with the piece on d4 (c1 for the Bishop).
#[test]
fn riders_that_stop_on_one_square() {
    let cases: [(&str, Moves, &str, &str, &str, &str, &str); 6] = [
        ("W0*", MaximalRook::moves, "d4", "d7", "g4", "d6 a4 d1", "g4"),
        ("W*", EdgeRook::moves, "d4", "d7", "g4", "a4 d1", ""),
        ("W*", EdgeRook::moves, "d4", "d7", "h4", "a4 d1", "h4"),
        ("hR", HalflingRook::moves, "d4", "d7", "g4", "d6 d2 b4 f4", ""),
        ("hR", HalflingRook::moves, "d4", "d7", "e4 b4", "d6 d2", "b4"),
        ("B*", EdgeBishop::moves, "c1", "", "", "a3 h6", ""),
    ];
    for (notation, generated, from, friends, enemies, quiet, captures) in cases {
        let (from, friends, enemies) = (sq(from), set(friends), set(enemies));
        let want = (set(quiet), set(captures));
        assert_eq!(generated(from, friends, enemies), want, "generated `{notation}` from {from:?}");
        assert_eq!(Lone::new(notation).moves(from, friends, enemies), want, "interpreted `{notation}` from {from:?}");
    }
}

mbn::mbn! {
    variant Guards {
        board: "8x8",
        start: "8/8/8/8/3A4/8/8/8 w - - 0 1",
        pieces: "A|Guard|=wK W|FriendGuard|=wwK Y|AnyGuard|=wyK V|KingSwapper|=K+wwK Z|Blocker|=mfW R|Rook| P|Pawn|=mfW+cfF K|King|",
        royal: "K",
    }
}

/// The legal moves from `from` in `fen`, by the generated code and by the interpreter, each as
/// `to` for a quiet move, `xto` for a capture, `wto` for a swap; sorted.
fn guard_moves(fen: &str, from: &str) -> [Vec<String>; 2] {
    let mut spec = VariantSpec::new(
        "guards",
        8,
        8,
        "8/8/8/8/3A4/8/8/8 w - - 0 1",
        "A|Guard|=wK W|FriendGuard|=wwK Y|AnyGuard|=wyK V|KingSwapper|=K+wwK Z|Blocker|=mfW R|Rook| P|Pawn|=mfW+cfF K|King|",
    );
    spec.royal = "K".to_string();
    let variant = Variant::compile(&spec).expect("the test variant compiles");
    let interp = Interpreter::new(&variant).expect("the interpreter runs it");
    let pos = Guards::position(fen).expect("the position loads");
    let g = Geometry::CHESS;
    let from = g.parse_square(from).unwrap();
    let text = |list: &MoveList| {
        let mut v: Vec<String> = list
            .iter()
            .filter(|mv| mv.from() == from)
            .map(|mv| {
                let mark = if mv.is_capture() {
                    "x"
                } else if mv.is_swap() {
                    "w"
                } else {
                    ""
                };
                format!("{mark}{}", g.square_name(mv.to()))
            })
            .collect();
        v.sort();
        v
    };
    let (mut generated, mut interpreted) = (MoveList::new(), MoveList::new());
    Guards.legal_moves(&pos, &mut generated);
    interp.legal_moves(&pos, &mut interpreted);
    [text(&generated), text(&interpreted)]
}

/// `"a b c"` as a sorted list, for both back ends.
fn both(squares: &str) -> [Vec<String>; 2] {
    let mut v: Vec<String> = squares.split_whitespace().map(str::to_string).collect();
    v.sort();
    [v.clone(), v]
}

/// The Maxima guard `wK` (seed §"Modifier Prefixes", docs/SEMANTICS.md M24) in generated code and
/// in the interpreter: hand-checked destinations, swaps marked `w`.
#[test]
fn maxima_guard_in_both_back_ends() {
    // Empty board: the eight king steps.
    assert_eq!(guard_moves("8/8/8/8/3A4/8/8/8 w - - 0 1", "d4"), both("c3 c4 c5 d3 d5 e3 e4 e5"));
    // Friends d5 e4 block; enemies c3 c5 e3 are swapped (`w`), friends with `ww`, all with `wy`.
    let around = |guard: char| format!("8/8/8/2zZ4/3{guard}Z3/2z1z3/8/8 w - - 0 1");
    assert_eq!(guard_moves(&around('A'), "d4"), both("c4 d3 e5 wc3 wc5 we3"));
    assert_eq!(guard_moves(&around('W'), "d4"), both("c4 d3 e5 wd5 we4"));
    assert_eq!(guard_moves(&around('Y'), "d4"), both("c4 d3 e5 wc3 wc5 wd5 we3 we4"));
    // `K+wwK`: a king that swaps with friends; each quiet move once.
    assert_eq!(guard_moves(&around('V'), "d4"), both("c4 d3 e5 xc3 xc5 xe3 wd5 we4"));
    // Black on d5: the same board mirrored.
    assert_eq!(guard_moves("8/8/2Z1Z3/3az3/2Zz4/8/8/8 b - - 0 1", "d5"), both("c5 d6 e4 wc4 wc6 we6"));
    // Pinned on e2 by the rook on e8: a step along the file, or a swap that puts the pawn d3 on e2.
    assert_eq!(guard_moves("4r3/8/8/8/8/3p4/4A3/4K3 w - - 0 1", "e2"), both("e3 wd3"));
    assert_eq!(guard_moves("8/8/8/8/8/3p4/4A3/4K3 w - - 0 1", "e2"), both("d1 d2 e3 f1 f2 f3 wd3"));
}

// Complex riders that turn freely, as flood fills (docs/SEMANTICS.md M67), and a rider to the edge
// that turns (M68), as lone pieces.
pieces_with_attacks! { FREE:
    Wanderer = "(dK)0", Gadabout = "(dW-F)0", KingSteps = "[dK]0", Hopper = "mN--[dK]0", Roamer = "K-{(dK)0}",
    CircleToTheEdge = "((fr)K)*", EdgeWanderer = "(dK)*", EdgeGadabout = "(dW-F)*",
    // M79: more of the move after the flood fill.
    WanderThenStep = "(dK)0-W", WanderThenLeap = "(dW)0--N", GadaboutThenTurn = "(dW-F)0-sW",
    EdgeThenStep = "(dK)*-sW", WanderThenRide = "(dW)0-R", WanderThenLocust = "(dF)0-cF-W",
    WanderThenMaybe = "K-{(dK)0}-[W]",
}

#[test]
fn free_turning_pieces_agree_with_the_interpreter_on_random_boards() {
    let mut rng = Xorshift(0x5851_f42d_4c95_7f2d);
    for &(notation, generated, attacks) in FREE {
        let lone = Lone::new(notation);
        // Dense boards, where the flood fills stop early, and sparse ones.
        let moved = lone.agree_on_random_boards(generated, &mut rng, 300, |i, rng| {
            if i % 2 == 0 {
                rng.next() | rng.next()
            } else {
                rng.next() & rng.next()
            }
        });
        assert!(moved > 25, "`{notation}`: the boards hardly test it ({moved} of 300 with moves)");
        // Attacks: every other piece an enemy, the attacked square occupied (M8, M11).
        lone.attacks_agree_on_random_boards(attacks, &mut rng, 40, |rng| rng.next() | rng.next());
    }
}
