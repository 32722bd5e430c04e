//! MBN constructs that used to be refused as "not run yet" (docs/SEMANTICS.md M74–M77): hand-checked
//! destination sets in both back ends, and the generated code against the interpreter on random
//! positions and perft.

mod common;

use common::agree::{assert_agree, moves};
use common::test_variant;
use mbn::codegen::interp::Interpreter;
use mbn::runtime::{Bitboard, MoveGenerator, Position};

// M74: `w` in `[...]`: the move with and without the optional part. The Tender `K-[wW]` (a king
// step, then perhaps one W step on that swaps), the Ferry `K-[wW]-W` (a king step, perhaps a
// swapping step, then a step on) and the Porter `wK-[W]` (a swapping king step, perhaps a step on).

test_variant! {
    SwapChoice, swap_choice_interpreter,
    SWAP_CHOICE_START = "htfqkgyh/pppppppp/8/8/8/8/PPPPPPPP/HTFQKGYH w - - 0 1",
    SWAP_CHOICE_PIECES = "P|Pawn| R|Rook| K|King| T|Tender|=K-[wwW] F|Ferry|=K-[wW]-W Q|Porter|=wwK-[W] G|Glider|=[wK]-W \
        H|Hawk|=ce{P}K-[W] Y|Yeti|=xwwN+mK +P==RTFQGHY",
}

/// The moves of the piece on `from` in both back ends (they must list the same moves of the whole
/// position), each as its text after the start square, `x` before a capture, `w` before a swap, `~`
/// before a flip, `#` after a decisive move; every move is made and taken back exactly.
fn piece_moves<B: Bitboard, G: MoveGenerator<B>>(
    generated: &G,
    interp: &Interpreter,
    pos: &Position<B>,
    from: &str,
) -> String {
    let fen = pos.to_fen();
    let g = pos.geometry();
    let (list, got) = moves(generated, pos);
    assert_eq!(got, moves(interp, pos).1, "generated vs interpreted on {fen}");
    let mut to = Vec::new();
    for mv in list.iter().filter(|mv| g.square_name(mv.from()) == from) {
        let extra = list.extra_captures(mv);
        let text = mv.to_uci(g, pos.table(), extra);
        let mut after = pos.clone();
        let undo = after.make_with(*mv, extra);
        after.check_consistency().unwrap_or_else(|e| panic!("{text}: {e}"));
        after.unmake(*mv, undo);
        assert_eq!(&after, pos, "make and unmake {text}");
        let mark = match (mv.is_capture(), mv.is_swap(), mv.is_flip()) {
            (true, ..) => "x",
            (_, true, _) => "w",
            (.., true) => "~",
            _ => "",
        };
        let decisive = if mv.is_decisive() { "#" } else { "" };
        // The mark says what a swap or a flip does: its square is the other piece's (the texts
        // `d4c3>d4` and `d4d4~c3`, M129, say more).
        let square = if mv.is_flip() || (mv.is_swap() && mv.relocation().is_none()) {
            g.square_name(mv.to())
        } else {
            text[from.len()..].to_string()
        };
        to.push(format!("{mark}{square}{decisive}"));
    }
    to.sort();
    to.join(" ")
}

#[test]
fn swaps_in_choices_by_hand() {
    let interp = swap_choice_interpreter();
    let at =
        |fen: &str, from: &str| piece_moves(&SwapChoice, &interp, &SwapChoice::position(fen).expect("loads"), from);
    // The Tender on d4, empty board: the king steps, and two steps (a W straight on after a W
    // step, turned forward-left or forward-right after an F step: M2).
    let two_steps = "b3 b4 b5 c2 c3 c4 c5 c6 d2 d3 d5 d6 e2 e3 e4 e5 e6 f3 f4 f5";
    assert_eq!(at("k7/8/8/8/3T4/8/8/7K w - - 0 1", "d4"), two_steps);
    // White pawns d5 d2, Black pawns e5 c4 f3: the steps take c4 and e5; through d3 the second
    // step swaps with the friend on d2; the enemy on f3 is neither taken nor swapped (`ww`).
    assert_eq!(at("k7/8/8/3Pp3/2pT4/5p2/3P4/7K w - - 0 1", "d4"), "b3 b5 c2 c3 c5 c6 d3 e2 e3 e4 f4 wd2 xc4 xe5");
    // The Ferry: two steps (`K-W`) or three (`K-wW-W`), never one.
    assert_eq!(
        at("k7/8/8/8/3F4/8/8/7K w - - 0 1", "d4"),
        "a3 a4 a5 b3 b4 b5 c1 c2 c6 c7 d1 d2 d6 d7 e1 e2 e6 e7 f3 f4 f5 g3 g4 g5"
    );
    // Black pawns d7 d6 f4, White pawns c6 e3: the pawn d6 is taken by `K-W` or swapped to d5 by
    // the middle step, which then takes d7; f4 is taken, or swapped to e4 on the way to g4.
    assert_eq!(
        at("k7/3p4/2Pp4/8/3F1p2/4P3/8/7K w - - 0 1", "d4"),
        "a3 a4 a5 b3 b4 b5 c1 c2 d1 d2 e6 e7 f5 g4/f4e4 g5 xd6 xd7/d6d5 xf4"
    );
    // The Porter: quiet king steps, and two steps; it swaps with friends only.
    assert_eq!(at("k7/8/8/8/3Q4/8/8/7K w - - 0 1", "d4"), two_steps);
    // The friend on d5 is swapped (`d4d5`), or swapped to d4 on the way to d6; f3 is taken by the
    // second step; the enemies c4 and e5 close their ways.
    assert_eq!(at("k7/8/8/3Pp3/2pQ4/5p2/3P4/7K w - - 0 1", "d4"), "b3 b5 c2 c3 c5 c6 d3 d6/d5d4 e2 e3 e4 f4 wd5 xf3");
    // The Glider `[wK]-W`: two steps, or, without the optional part, a W step in any direction
    // (a `-` leg with no leg before it reads its directions as a first leg, M70).
    assert_eq!(at("k7/8/8/8/3G4/8/8/7K w - - 0 1", "d4"), "b3 b4 b5 c2 c4 c6 d2 d3 d5 d6 e2 e4 e6 f3 f4 f5");
    // The W step takes c4; the first step swaps c4 (then b4) or e5 (then e6 or f5) to d4.
    assert_eq!(
        at("k7/8/8/3Pp3/2pG4/5p2/3P4/7K w - - 0 1", "d4"),
        "b3 b4/c4d4 b5 c2 c6 d3 e2 e4 e6/e5d4 f4 f5/e5d4 xc4 xf3"
    );
    // The Hawk `ce{P}K-[W]` on d5 after Black's `e7e5`: it takes e5, or e5 en passant on e6
    // (M45), or goes on after either with a W step (straight on from e5, turned after the F step
    // to e6: M64).
    assert_eq!(at("k7/8/8/3Hp3/8/8/8/7K w - e6 0 1", "d5"), "e7xe5 f5xe5 f6xe5 xe5 xe6");
    // Without the rights only the capture on e5 remains.
    assert_eq!(at("k7/8/8/3Hp3/8/8/8/7K w - - 0 1", "d5"), "f5xe5 xe5");
    // With a Black pawn on c5 and a White one on f6 (which closes f6).
    assert_eq!(at("k7/8/5P2/2pHp3/8/8/8/7K w - e6 0 1", "d5"), "b5xc5 e7xe5 f5xe5 xc5 xe5 xe6");
}

// M76: `x` and `w` on one leg. The Yeti `xwwN+mK`: quiet king steps, and knight leaps that move,
// flip enemies (`x`) and swap with friends (`ww`).
#[test]
fn flips_and_swaps_on_one_leg_by_hand() {
    let interp = swap_choice_interpreter();
    let at =
        |fen: &str, from: &str| piece_moves(&SwapChoice, &interp, &SwapChoice::position(fen).expect("loads"), from);
    // White pawns e6 b3 (swapped), Black pawns c6 f5 (flipped), the rest quiet.
    assert_eq!(
        at("k7/8/2p1P3/5p2/3Y4/1P6/8/7K w - - 0 1", "d4"),
        "b5 c2 c3 c4 c5 d3 d5 e2 e3 e4 e5 f3 wb3 we6 ~c6 ~f5"
    );
    // The Yeti may swap with its King (M24), unless the King lands attacked: the rook on h4 sees d4.
    assert_eq!(at("k7/8/8/8/3Y3r/1K6/8/8 w - - 0 1", "d4"), "b5 c2 c3 c4 c5 c6 d3 d5 e2 e3 e4 e5 e6 f3 f5");
    assert_eq!(at("k7/8/8/7r/3Y4/1K6/8/8 w - - 0 1", "d4"), "b5 c2 c3 c4 c5 c6 d3 d5 e2 e3 e4 e5 e6 f3 f5 wb3");
}

#[test]
fn generated_swaps_in_choices_agree_with_the_interpreter() {
    let interp = swap_choice_interpreter();
    assert_agree("swapchoice", &SwapChoice, &interp, SwapChoice::start_position());
    // From a position in contact, where both sides have swaps.
    for side in ["w", "b"] {
        let fen = format!("h1f1k1yh/pp1ppppp/2g5/3tP3/2Pq1G2/1F3T2/PP1P1PPP/HY2K1QH {side} - - 0 1");
        let pos = SwapChoice::position(&fen).expect("loads");
        let swaps = moves(&SwapChoice, &pos).0.iter().filter(|mv| mv.swapped().is_some() || mv.is_swap()).count();
        assert!(swaps > 0, "{side}: no swap to test");
    }
    let pos =
        SwapChoice::position("h1f1k1yh/pp1ppppp/2g5/3tP3/2Pq1G2/1F3T2/PP1P1PPP/HY2K1QH w - - 0 1").expect("loads");
    assert_agree("swapchoice-contact", &SwapChoice, &interp, pos);
}

// M77: `#` on swaps, flips and `k` legs. The Sultan `#cwwK+mK` (decisive captures and swaps with
// friends, plain steps), the Xerxes `#xN+mK` (decisive knight leaps and flips), the Overlord
// `K+#wwK` (every step decisive but its captures) and the Hetman `#kN+mK` (decisive knight leaps
// that may not give check).

test_variant! {
    DecisiveRules, decisive_interpreter,
    DECISIVE_START = "hxoskoxh/pppppppp/8/8/8/8/PPPPPPPP/HXOSKOXH w - - 0 1",
    DECISIVE_PIECES = "P|Pawn| K|King| S|Sultan|=#cwwK+mK X|Xerxes|=#xN+mK O|Overlord|=K+#wwK H|Hetman|=#kN+mK +P==SXOH",
}

#[test]
fn decisive_swaps_flips_and_check_rules_by_hand() {
    let interp = decisive_interpreter();
    let at = |fen: &str, from: &str| {
        piece_moves(&DecisiveRules, &interp, &DecisiveRules::position(fen).expect("loads"), from)
    };
    // Friends c3 d5 (swapped, decisive), an enemy on e5 (taken, decisive); the steps are plain.
    let fen = "k7/8/8/3Pp3/3S4/2P5/8/7K w - - 0 1";
    assert_eq!(at(fen, "d4"), "c4 c5 d3 e3 e4 wc3# wd5# xe5#");
    // After a decisive swap the game is over: no moves (M31).
    let pos = DecisiveRules::position(fen).expect("loads");
    let (list, _) = moves(&DecisiveRules, &pos);
    let swap = list.iter().find(|mv| mv.is_swap()).copied().expect("a swap");
    let mut after = pos.clone();
    let _ = after.make(swap);
    assert!(moves(&DecisiveRules, &after).1.is_empty() && moves(&interp, &after).1.is_empty());
    // The Xerxes flips the enemy on e6 (decisive), not the friend on c6; its leaps are decisive.
    assert_eq!(at("k7/8/2P1p3/8/3X4/8/8/7K w - - 0 1", "d4"), "b3# b5# c2# c3 c4 c5 d3 d5 e2# e3 e4 e5 f3# f5# ~e6#");
    // The Overlord's steps are made by both legs: once, decisive; its captures are the plain `K`'s.
    assert_eq!(at("k7/8/8/3Pp3/3O4/8/8/7K w - - 0 1", "d4"), "c3# c4# c5# d3# e3# e4# wd5# xe5");
    // The Hetman may not give check with its decisive leaps: b5 and c6 would check the King on a7.
    assert_eq!(at("8/k7/8/8/3H4/8/8/7K w - - 0 1", "d4"), "b3# c2# c3 c4 c5 d3 d5 e2# e3 e4 e5 e6# f3# f5#");
}

#[test]
fn generated_decisive_rules_agree_with_the_interpreter() {
    let interp = decisive_interpreter();
    assert_agree("decisive", &DecisiveRules, &interp, DecisiveRules::start_position());
}
