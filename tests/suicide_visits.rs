//! A last leg that visits (`j`): the piece dies there (docs/SEMANTICS.md M103), in both back ends;
//! after a `!` leg it goes back to the setup square instead, and a capture on the setup square is
//! the move's capture.

mod common;

use common::agree::{assert_agree, piece_moves_by};
use common::test_variant;
use mbn::runtime::{FenOptions, MoveGenerator, Position};

test_variant! {
    /// The Sapper `mN+jN` moves as a Knight, or leaps onto an enemy and dies there; the Charger
    /// `mW+(cW-jW)` steps, or takes the enemy next to it and dies on the piece behind; the Tackler
    /// `mW+(cW-!jW)+(cW-!cW)` takes a neighbour only when a piece stands behind it, and takes both
    /// when an enemy does; the Fuse `mK+j?K` steps or dies where it stands. The King `K+jK` may
    /// not die.
    Sappers, sappers_interpreter,
    SAPPERS_START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RSCTKFNR w - - 0 1",
    SAPPERS_PIECES = "P N B R Q K|King|=K+jK S|Sapper|=mN+jN C|Charger|=mW+(cW-jW) T|Tackler|=mW+(cW-!jW)+(cW-!cW) F|Fuse|=mK+j?K",
}

/// The moves of White's piece on `from` in `fen`: a destination, `xto` a capture, `dies` the
/// piece's own death (a stationary capture of its own square), and `(xa,...)` the other pieces it
/// takes on the way.
fn by_hand(fen: &str, from: &str) -> String {
    let interp = sappers_interpreter();
    let pos = Sappers::position(fen).expect("the position loads");
    piece_moves_by(&Sappers, &interp, &pos, from, |list, mv| {
        let g = pos.geometry();
        let extra: Vec<String> = (list.extra_captures(mv).iter())
            .filter(|&&s| s != mv.from() || !mv.is_stay())
            .map(|&s| format!("x{}", g.square_name(s)))
            .collect();
        let extra = if extra.is_empty() { String::new() } else { format!("({})", extra.join(",")) };
        let dies = mv.is_stay() && list.extra_captures(mv).contains(&mv.from());
        let to = if dies { "dies".to_string() } else { g.square_name(mv.to()) };
        format!("{}{to}{extra}", if mv.is_capture() { "x" } else { "" })
    })
}

#[test]
fn a_piece_whose_last_leg_visits_dies_there() {
    // The Sapper on d4: eight quiet leaps; with enemies on c6 and e2 and a friend on f5, it may
    // die on either enemy (one move: the same effect), not on the friend.
    assert_eq!(by_hand("4k3/8/8/8/3S4/8/8/4K3 w - - 0 1", "d4"), "b3 b5 c2 c6 e2 e6 f3 f5");
    assert_eq!(by_hand("4k3/8/2p5/5P2/3S4/8/4p3/4K3 w - - 0 1", "d4"), "b3 b5 c2 dies e6 f3");
    // The Charger on d4, enemies d5 d6 e4, friend c4: it steps to d3; it takes d5 and dies on d6;
    // e4 has nothing behind it (f4 empty), so no capture there.
    assert_eq!(by_hand("4k3/8/3p4/3p4/2PCp3/8/8/4K3 w - - 0 1", "d4"), "d3 dies(xd5)");
    // A friend behind the victim is no piece to visit (`j`: enemies only).
    assert_eq!(by_hand("4k3/8/3P4/3p4/3C4/8/8/4K3 w - - 0 1", "d4"), "c4 d3 e4");
    // The Fuse on d4 may die where it stands (`j?`: on any neighbouring square, empty or not);
    // it has no capture.
    assert_eq!(by_hand("4k3/8/8/3p4/3F4/8/8/4K3 w - - 0 1", "d4"), "c3 c4 c5 d3 dies e3 e4 e5");
}

#[test]
fn a_visit_after_a_setup_leg_ends_on_the_setup_square() {
    // The Tackler on d4, enemies d5 d6 c4 b4, friend f4 behind e4's enemy: d5 and c4 are taken
    // (an enemy behind each, `cW-!jW`), and each with the one behind it (`cW-!cW`: the piece takes
    // both and stands on the first); e4 is not taken (a friend behind); d3 a step.
    let fen = "4k3/8/3p4/3p4/1ppTpP2/8/8/4K3 w - - 0 1";
    assert_eq!(by_hand(fen, "d4"), "d3 xc4 xc4(xb4) xd5 xd5(xd6)");
    // The capture and the piece's square after `cW-!cW` (the piece is not taken with its victims).
    let interp = sappers_interpreter();
    for generator in [&Sappers as &dyn MoveGenerator<u64>, &interp] {
        let mut pos = Sappers::position(fen).expect("the position loads");
        let (list, _) = moves_dyn(generator, &pos);
        let mv = *list.iter().find(|mv| pos.uci(**mv, list.extra_captures(mv)) == "d4d5xd6").expect("d4d5xd6");
        assert!(mv.is_capture());
        let _ = pos.make_with(mv, list.extra_captures(&mv));
        assert_eq!(pos.to_fen(), "4k3/8/8/3T4/1pp1pP2/8/8/4K3 b - - 0 1");
    }
}

/// [`moves`] through a trait object.
fn moves_dyn(generator: &dyn MoveGenerator<u64>, pos: &Position<u64>) -> (mbn::runtime::MoveList, Vec<String>) {
    let mut list = mbn::runtime::MoveList::new();
    generator.legal_moves(pos, &mut list);
    (list, Vec::new())
}

#[test]
fn the_dead_piece_leaves_the_board_and_a_royal_piece_may_not_die() {
    let interp = sappers_interpreter();
    // The Sapper dies on c6: only the Sapper leaves the board; unmake puts it back.
    let fen = "4k3/8/2p5/8/3S4/8/8/4K3 w - - 0 1";
    for generator in [&Sappers as &dyn MoveGenerator<u64>, &interp] {
        let mut pos = Sappers::position(fen).expect("the position loads");
        let (list, _) = moves_dyn(generator, &pos);
        let mv = *list.iter().find(|mv| mv.is_stay()).expect("the Sapper's death");
        assert_eq!(pos.uci(mv, list.extra_captures(&mv)), "d4d4xd4");
        let undo = pos.make_with(mv, list.extra_captures(&mv));
        assert_eq!(pos.to_fen(), "4k3/8/2p5/8/8/8/8/4K3 b - - 0 1");
        pos.unmake(mv, undo);
        assert_eq!(pos.to_fen(), fen);
    }
    // The King `K+jK` next to an enemy: its steps, never its death (it would leave White without
    // its royal piece, as an explosion may not: M49).
    assert_eq!(by_hand("4k3/8/8/8/8/8/3p4/4K3 w - - 0 1", "e1"), "d1 e2 f1 f2 xd2");
}

#[test]
fn generated_sappers_agree_with_the_interpreter() {
    let interp = sappers_interpreter();
    assert_agree("Sappers", &Sappers, &interp, Sappers::position(SAPPERS_START).expect("start"));
}

#[test]
fn where_captures_go_to_hand_the_dead_piece_goes_to_its_own() {
    // As with the friends an explosion takes (M49): whoever takes a piece holds it, here the
    // piece's own side.
    let fen = "4k3/8/2p5/8/3S4/8/8/4K3[] w - - 0 1";
    let mut spec = common::agree::test_spec("Sappers", 8, fen, SAPPERS_PIECES, "K", "[8]");
    spec.drops = true;
    spec.captures_to_hand = true;
    let variant = mbn::codegen::variant::Variant::compile(&spec).expect("compiles");
    let interp = mbn::codegen::interp::Interpreter::new(&variant).expect("runs");
    let options = FenOptions { captures_to_hand: true, ..FenOptions::default() };
    let mut pos =
        Position::<u64>::from_fen_with(variant.table.clone(), variant.geometry, fen, &options).expect("loads");
    let (list, _) = moves_dyn(&interp, &pos);
    let mv = *list.iter().find(|mv| mv.is_stay()).expect("the Sapper's death");
    let _ = pos.make_with(mv, list.extra_captures(&mv));
    assert_eq!(pos.to_fen(), "4k3/8/2p5/8/8/8/8/4K3[S] b - - 0 1");
    // A promoted Sapper (`~`) leaves no promotion mark on its square: a Pawn dropped there later
    // is a plain Pawn.
    let fen = "4k3/8/2p5/8/3S~4/8/8/4K3[P] w - - 0 1";
    let mut pos =
        Position::<u64>::from_fen_with(variant.table.clone(), variant.geometry, fen, &options).expect("loads");
    let (list, _) = moves_dyn(&interp, &pos);
    let mv = *list.iter().find(|mv| mv.is_stay()).expect("the Sapper's death");
    let _ = pos.make_with(mv, list.extra_captures(&mv));
    common::agree::play(&interp, &mut pos, &["e8d8", "P@d4"]);
    assert_eq!(pos.to_fen(), "3k4/8/2p5/8/3P4/8/8/4K3[S] b - - 2 2");
}

#[test]
fn a_lone_piece_cannot_die() {
    // A lone piece's code lists destinations; a death is none, so it is refused, not dropped.
    for notation in ["mN+jN", "W-jW", "mK+j?K"] {
        let moves = mbn::codegen::compile_move(notation).expect("parses");
        let e =
            mbn::codegen::emit::emit_piece(&moves, mbn::runtime::Geometry::CHESS, "P", notation, &Default::default())
                .expect_err("refused");
        assert!(e.iter().any(|d| d.message.contains("kills the piece")), "{notation}: {e:?}");
    }
}

#[test]
fn a_setup_on_a_visited_square_is_refused() {
    // M106: `jW-!mW` would bring the piece back onto the piece it visited (d5), which no leg took;
    // both back ends refused it differently (generated: a capture, interpreted: a quiet move).
    let spec = common::agree::test_spec("S", 8, "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "P K S=jW-!mW", "K", "[8]");
    let variant = mbn::codegen::variant::Variant::compile(&spec).expect("compiles");
    let Err(e) = mbn::codegen::interp::Interpreter::new(&variant) else { panic!("`jW-!mW` is refused") };
    assert!(e[0].message.contains("`!` on a leg after a visit"), "{e:?}");
    let e = mbn::codegen::emit::emit_variant(&variant, "S", &Default::default()).expect_err("refused");
    assert!(e[0].message.contains("`!` on a leg after a visit"), "{e:?}");
}
