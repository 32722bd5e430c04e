//! Cross-module tests: make/unmake, perft and parser robustness, using the toy generator.

pub(crate) mod toy;

use std::sync::Arc;

use proptest::prelude::*;

use crate::bitboard::{Bb256, Bitboard};
use crate::fen::FenOptions;
use crate::geometry::Geometry;
use crate::moves::{Move, MoveList, UciMove};
use crate::perft::{divide, perft, perft_no_bulk};
use crate::piece::{Color, PieceTable};
use crate::position::Position;
use crate::rules::{parse_move, MoveGenerator};
use toy::{Rng, Toy};

const TOY_START: &str = "rl1k2lr/pppppppp/8/8/8/8/PPPPPPPP/RL1K2LR w KQkq - 0 1";

fn toy_pos<B: Bitboard>(files: u8, ranks: u8, fen: &str, to_hand: bool) -> Position<B> {
    let options = FenOptions { captures_to_hand: to_hand, home_ranks: None };
    Position::from_fen_with(Arc::new(toy::table()), toy::geometry(files, ranks), fen, &options)
        .unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// Plays seeded random legal moves, checking consistency and FEN round trips,
/// then unmakes them all, checking each earlier position is restored exactly.
/// Also counts the special moves played: en passant, castling, drop,
/// promotion, locust, double step, capture, stationary capture.
fn playout<B: Bitboard>(mut pos: Position<B>, seed: u64, plies: usize, seen: &mut [usize; 8]) -> usize {
    let mut rng = Rng(seed);
    let mut history = Vec::new();
    let mut list = MoveList::new();
    let options = FenOptions { captures_to_hand: pos.captures_to_hand(), home_ranks: None };
    for _ in 0..plies {
        list.clear();
        Toy.legal_moves(&pos, &mut list);
        if list.is_empty() {
            break;
        }
        let mv = list.get(rng.below(list.len())).unwrap();
        let extra = list.extra_captures(&mv).to_vec();
        let kinds = [
            mv.is_en_passant(),
            mv.is_castle(),
            mv.is_drop(),
            mv.is_promotion(),
            !extra.is_empty(),
            mv.is_double_step(),
            mv.is_capture(),
            mv.is_stay(),
        ];
        for (count, hit) in seen.iter_mut().zip(kinds) {
            *count += usize::from(hit);
        }
        let before = pos.clone();
        let undo = pos.make_with(mv, &extra);
        pos.check_consistency()
            .unwrap_or_else(|e| panic!("after {} from {}: {e}", before.uci(mv, &extra), before.to_fen()));
        let fen = pos.to_fen();
        let reread = Position::<B>::from_fen_with(pos.shared_table().clone(), pos.geometry(), &fen, &options)
            .unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(reread.to_fen(), fen);
        history.push((before, mv, undo));
    }
    let n = history.len();
    while let Some((before, mv, undo)) = history.pop() {
        pos.unmake(mv, undo);
        assert_eq!(pos, before, "unmake {}", before.uci(mv, &[]));
    }
    n
}

#[test]
fn random_playouts_restore_exactly() {
    let mut plies = 0;
    let mut seen = [0; 8];
    for seed in 0..40 {
        let to_hand = seed % 2 == 1;
        plies += playout(toy_pos::<u64>(8, 8, TOY_START, to_hand), seed, 150, &mut seen);
    }
    for seed in 0..6 {
        let fen = "rl2k2lr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RL2K3LR w KQkq - 0 1";
        let fen = fen.replace("rl2k2lr", "rl2k3lr");
        plies += playout(toy_pos::<u128>(10, 10, &fen, seed % 2 == 0), seed, 120, &mut seen);
        let big = "rl5k6lr/16/pppppppppppppppp/16/16/16/16/16/16/16/16/16/16/PPPPPPPPPPPPPPPP/16/RL5K6LR w KQkq - 0 1";
        plies += playout(toy_pos::<Bb256>(16, 16, big, seed % 2 == 0), seed, 80, &mut seen);
    }
    plies += playout(toy_pos::<u64>(5, 5, "rlk1r/ppppp/5/PPPPP/RLK1R w KQkq - 0 1", true), 7, 200, &mut seen);
    assert!(plies > 5000, "{plies}");
    assert!(seen.iter().all(|&n| n > 0), "special moves seen: {seen:?}");
}

fn fen_after(fen: &str, to_hand: bool, moves: &[&str]) -> String {
    let mut pos = toy_pos::<u64>(8, 8, fen, to_hand);
    for text in moves {
        let (mv, extra) = parse_move(&Toy, &pos, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        pos.make_with(mv, &extra);
        pos.check_consistency().unwrap();
    }
    pos.to_fen()
}

#[test]
fn make_special_moves() {
    // Double step sets en passant; en passant removes the victim.
    assert_eq!(fen_after("3k4/8/8/8/1p6/8/P7/3K4 w - - 0 1", false, &["a2a4"]), "3k4/8/8/8/Pp6/8/8/3K4 b - a3 0 1");
    assert_eq!(
        fen_after("3k4/8/8/8/1p6/8/P7/3K4 w - - 0 1", false, &["a2a4", "b4a3"]),
        "3k4/8/8/8/8/p7/8/3K4 w - - 0 2"
    );
    // Castling both ways, and Chess960-style overlap (king and rook swap squares).
    assert_eq!(
        fen_after("r2k3r/8/8/8/8/8/8/R2K3R w KQkq - 3 9", false, &["d1g1"]),
        "r2k3r/8/8/8/8/8/8/R4RK1 b kq - 4 9"
    );
    assert_eq!(
        fen_after("r2k3r/8/8/8/8/8/8/R2K3R b KQkq - 0 9", false, &["d8a8"]),
        "2kr3r/8/8/8/8/8/8/R2K3R w KQ - 1 10"
    );
    // Text fitting both a king step and castling means the step.
    assert_eq!(
        fen_after("r2k3r/8/8/8/8/8/8/R2K3R b KQkq - 0 9", false, &["d8c8"]),
        "r1k4r/8/8/8/8/8/8/R2K3R w KQ - 1 10"
    );
    assert_eq!(fen_after("4k3/8/8/8/8/8/8/5KR1 w K - 0 1", false, &["f1g1"]), "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
    assert_eq!(fen_after("4k3/8/8/8/8/8/8/6KR w K - 0 1", false, &["g1h1"]), "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
    // Promotion, capture to hand with demotion of `~` and `+` pieces, drops.
    assert_eq!(
        fen_after("8/P7/8/7k/8/8/1p6/3K4 w - - 0 1", true, &["a7a8r", "b2b1+", "a8b8", "b1b2", "b8b2"]),
        "8/8/8/7k/8/8/1R~6/3K4[P] b - - 0 3"
    );
    assert_eq!(
        fen_after("1r6/P7/8/7k/8/8/8/3K4 w - - 0 1", true, &["a7a8r", "b8a8"]),
        "r7/8/8/7k/8/8/8/3K4[p] w - - 0 2"
    );
    assert_eq!(fen_after("3k4/P7/8/8/8/8/8/3K4 w - - 0 1", true, &["a7a8r"]), "R~2k4/8/8/8/8/8/8/3K4[] b - - 0 1");
    assert_eq!(fen_after("3k4/P7/8/8/8/8/8/3K4 w - - 0 1", false, &["a7a8r"]), "R2k4/8/8/8/8/8/8/3K4 b - - 0 1");
    assert_eq!(
        fen_after("3k4/8/8/8/8/8/8/3K4[Pp] w - - 0 1", true, &["P@e4", "p@e5"]),
        "3k4/8/8/4p3/4P3/8/8/3K4[] w - - 0 2"
    );
    // Locust capturing two pieces at once, into hand.
    assert_eq!(
        fen_after("3k4/8/8/8/8/8/8/Lpr1K3 w - - 0 1", true, &["a1d1xb1xc1"]),
        "3k4/8/8/8/8/8/8/3LK3[PR] b - - 0 1"
    );
}

#[test]
fn perft_counts() {
    let mut kings = toy_pos::<u64>(8, 8, "7k/8/8/8/8/8/8/K7 w - - 0 1", false);
    assert_eq!(perft(&Toy, &mut kings, 0), 1);
    assert_eq!(perft(&Toy, &mut kings, 1), 3);
    assert_eq!(perft(&Toy, &mut kings, 2), 9);
    assert_eq!(perft(&Toy, &mut kings, 3), 54);
    assert_eq!(perft_no_bulk(&Toy, &mut kings, 3), 54);
    let d = divide(&Toy, &mut kings, 3);
    let mut names: Vec<&str> = d.iter().map(|(m, _)| m.as_str()).collect();
    names.sort();
    assert_eq!(names, ["a1a2", "a1b1", "a1b2"]);
    assert_eq!(d.iter().map(|(_, n)| n).sum::<u64>(), 54);
    assert!(divide(&Toy, &mut kings, 0).is_empty());
    // The locust's stationary capture is one root move: perft counts it and its replies.
    let mut rifle = toy_pos::<u64>(8, 8, "7k/8/8/8/8/8/8/Lp5K w - - 0 1", false);
    let d = divide(&Toy, &mut rifle, 2);
    assert!(d.contains(&("a1a1xb1".to_string(), 3)), "{d:?}");

    for to_hand in [false, true] {
        let mut pos = toy_pos::<u64>(8, 8, TOY_START, to_hand);
        let before = pos.clone();
        let bulk = perft(&Toy, &mut pos, 3);
        assert_eq!(bulk, perft_no_bulk(&Toy, &mut pos, 3));
        assert_eq!(bulk, divide(&Toy, &mut pos, 3).iter().map(|(_, n)| n).sum::<u64>());
        assert_eq!(pos, before);
    }
}

#[test]
fn parse_move_errors() {
    let pos = toy_pos::<u64>(8, 8, TOY_START, false);
    use crate::moves::MoveParseErrorKind::*;
    assert_eq!(parse_move(&Toy, &pos, "a2a5").unwrap_err().kind, Illegal);
    assert_eq!(parse_move(&Toy, &pos, "a2a9").unwrap_err().column, 2);
    assert!(parse_move(&Toy, &pos, "a2a4").is_ok());
}

fn chess_fen_parse(s: &str) {
    let _ = Position::<u64>::from_fen(&PieceTable::chess(), Geometry::CHESS, s).map(|p| p.to_fen());
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 4000, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn fen_never_panics(s in ".{0,80}") {
        chess_fen_parse(&s);
        let _ = Position::<Bb256>::from_fen(&toy::table(), toy::geometry(16, 16), &s);
    }

    #[test]
    fn fen_like_never_panics(s in "[rnbqkpRNBQKP+~/\\[\\]0-9 wbKQkqa-h-]{0,70}") {
        chess_fen_parse(&s);
        if let Ok(pos) = Position::<u128>::from_fen(&toy::table(), toy::geometry(10, 10), &s) {
            let fen = pos.to_fen();
            let again = Position::<u128>::from_fen(&toy::table(), toy::geometry(10, 10), &fen).unwrap();
            prop_assert_eq!(again.to_fen(), fen);
        }
    }

    #[test]
    fn move_text_never_panics(s in "([a-p+PRL@x0-9]{0,8}|.{0,12})") {
        let t = toy::table();
        for g in [toy::geometry(8, 8), toy::geometry(16, 16), toy::geometry(1, 1)] {
            let _ = UciMove::parse(g, &t, &s);
        }
        let pos = toy_pos::<u64>(8, 8, TOY_START, false);
        let _ = parse_move(&Toy, &pos, &s);
        let _ = pos.side_to_move() == Color::White;
    }
}

/// Makes `text` as a swap (MBN `w`) on `fen`, checks consistency, and that unmake restores exactly.
fn fen_after_swap(fen: &str, text: &str) -> String {
    let mut pos = toy_pos::<u64>(8, 8, fen, false);
    let uci = UciMove::parse(pos.geometry(), pos.table(), text).unwrap();
    let (from, to) = (uci.from.unwrap(), uci.to);
    let mv = crate::moves::Move::relocate(from, to, uci.relocation.expect("a swap's `>`"));
    assert!(uci.matches(pos.table(), mv, &[]));
    assert_eq!(pos.uci(mv, &[]), text);
    let before = pos.clone();
    let undo = pos.make(mv);
    pos.check_consistency().unwrap();
    let after = pos.to_fen();
    pos.unmake(mv, undo);
    assert_eq!(pos, before, "unmake {text}");
    after
}

#[test]
fn make_swaps() {
    // King swaps with a rook: both move, the mover's castling rights all go, the clock runs on.
    assert_eq!(fen_after_swap("r2k3r/8/8/8/8/8/8/R2K3R w KQkq - 3 9", "d1a1>d1"), "r2k3r/8/8/8/8/8/8/K2R3R b kq - 4 9");
    // A rook swaps with the king (royal partner): the same.
    assert_eq!(fen_after_swap("r2k3r/8/8/8/8/8/8/R2K3R w KQkq - 3 9", "a1d1>a1"), "r2k3r/8/8/8/8/8/8/K2R3R b kq - 4 9");
    // Two non-royal pieces: only the touched squares' rights go; a pawn mover resets the clock.
    assert_eq!(
        fen_after_swap("r2k3r/8/8/8/8/8/7P/R2K3R b KQkq - 3 9", "h8a8>h8"),
        "r2k3r/8/8/8/8/8/7P/R2K3R w KQ - 4 10"
    );
    assert_eq!(fen_after_swap("3k4/8/8/8/8/8/6PR/3K4 w - - 7 9", "g2h2>g2"), "3k4/8/8/8/8/8/6RP/3K4 b - - 0 9");
    // A rook swaps with the enemy king: Black's king has moved, so Black's rights all go; the
    // rook's own square loses White's h1 right only; no capture, so the clock runs on.
    assert_eq!(fen_after_swap("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 3 9", "h1e8>h1"), "r3R2r/8/8/8/8/8/8/R3K2k b Q - 4 9");
    // Two enemy rooks: only the touched squares' rights go.
    assert_eq!(fen_after_swap("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 3 9", "a1a8>a1"), "R3k2r/8/8/8/8/8/8/r3K2R b Kk - 4 9");
    // An enemy piece swapped onto the mover's square keeps its colour.
    assert_eq!(fen_after_swap("3k4/8/8/4p3/3R4/8/8/3K4 w - - 0 1", "d4e5>d4"), "3k4/8/8/4R3/3p4/8/8/3K4 b - - 1 1");
}

#[test]
fn make_relocations() {
    // XBetza `u` on a later leg (the Valkyrie's `afudQ`): the rook on d1 goes to d5, the pawn
    // there to d3; nothing is captured, the clock runs on, unmake restores everything.
    assert_eq!(fen_after_swap("3k4/8/8/3P4/8/8/8/3RK3 w - - 3 9", "d1d5>d3"), "3k4/8/8/3R4/8/3P4/8/4K3 b - - 4 9");
    // A rook with castling rights: its right goes; the king's other right stays.
    assert_eq!(
        fen_after_swap("r3k2r/8/8/P7/8/8/8/R3K2R w KQkq - 0 1", "a1a5>a3"),
        "r3k2r/8/8/R7/8/P7/8/4K2R b Kkq - 1 1"
    );
}

/// Makes the move `text` on `fen`, built by `build` from the position and the parsed text, with
/// and without captures to hand: checks that the move matches the text and is written as it,
/// consistency, and that unmake restores exactly. The positions after it, without and with
/// captures to hand.
fn fens_after(fen: &str, text: &str, build: impl Fn(&Position<u64>, &UciMove) -> Move) -> Vec<String> {
    let mut after = Vec::new();
    for to_hand in [false, true] {
        let mut pos = toy_pos::<u64>(8, 8, fen, to_hand);
        let uci = UciMove::parse(pos.geometry(), pos.table(), text).unwrap();
        let mv = build(&pos, &uci);
        assert!(uci.matches(pos.table(), mv, &uci.extra));
        assert_eq!(pos.uci(mv, &uci.extra), text);
        let before = pos.clone();
        let undo = pos.make_with(mv, &uci.extra);
        pos.check_consistency().unwrap();
        after.push(pos.to_fen());
        pos.unmake(mv, undo);
        assert_eq!(pos, before, "unmake {text}");
    }
    after
}

/// Makes `text` as a swap on the way (M63, `d4e6/e5d4`, with `x` extra captures and a capture
/// on `to` when it holds an enemy) on `fen`, with and without captures to hand ([`fens_after`]).
fn fen_after_swap_on_the_way(fen: &str, text: &str) -> String {
    let mut after = fens_after(fen, text, |pos, uci| {
        let (s, t) = uci.swapped.expect("a swap on the way");
        let capture = uci.to != s && pos.piece_at(uci.to).is_some();
        let mv = Move::swap_on_the_way(uci.from.unwrap(), uci.to, capture, s, t);
        assert_eq!(mv.swapped(), Some((s, t)));
        assert!(!mv.is_swap() && mv.partner_from().is_none() && mv.relocation().is_none());
        mv
    });
    after.swap_remove(0)
}

#[test]
fn make_swaps_on_the_way() {
    // `wK-W` from d4: the enemy pawn on e5 goes to d4, the rook on to e6; the clock runs on.
    assert_eq!(
        fen_after_swap_on_the_way("3k4/8/8/4p3/3R4/8/8/3K4 w - - 3 9", "d4e6/e5d4"),
        "3k4/8/4R3/8/3p4/8/8/3K4 b - - 4 9"
    );
    // `K-wW-W`: the friend on d3 goes to d2 (the swapping leg's start), the rook to d4, taking
    // the knight there; the clock resets.
    assert_eq!(
        fen_after_swap_on_the_way("3k4/8/8/8/3l4/3P4/8/3R3K w - - 3 9", "d1d4/d3d2"),
        "3k4/8/8/8/3R4/8/3P4/7K b - - 0 9"
    );
    // A capture on the way first (c2), then the swap onto that square: the pawn on b3 goes to
    // c2; the touched rook's castling right goes.
    assert_eq!(
        fen_after_swap_on_the_way("r3k2r/8/8/8/8/1p6/2l5/R3K2R w KQkq - 0 1", "a1a4xc2/b3c2"),
        "r3k2r/8/8/8/R7/8/2p5/4K2R b Kkq - 0 1"
    );
    // The enemy king swapped (e8 to d7): Black's king has moved, so Black's rights all go.
    assert_eq!(
        fen_after_swap_on_the_way("r3k2r/3R4/8/8/8/8/8/R3K2R w KQkq - 0 1", "d7f8/e8d7"),
        "r4R1r/3k4/8/8/8/8/8/R3K2R b KQ - 1 1"
    );
    // The mover comes back to the square it swapped on (`wK-W-tW` shapes): d5 empty then.
    assert_eq!(
        fen_after_swap_on_the_way("3k4/8/8/3l4/3R4/8/8/3K4 w - - 0 1", "d4d5/d5d4"),
        "3k4/8/8/3R4/3l4/8/8/3K4 b - - 1 1"
    );
}

/// Makes `text` as a flip on the way (M126, `d4d6~d5`, with `x` extra captures and a capture on
/// `to` when it holds a piece) on `fen`, with and without captures to hand ([`fens_after`]); the
/// boards agree, and the position with captures to hand is returned.
fn fen_after_flip_on_the_way(fen: &str, text: &str) -> String {
    let mut after = fens_after(fen, text, |pos, uci| {
        let f = uci.flipped.expect("a flip on the way");
        let capture = pos.piece_at(uci.to).is_some();
        let mv = Move::flip_on_the_way(uci.from.unwrap(), uci.to, capture, f);
        assert_eq!(mv.flipped(), Some(f));
        assert!(!mv.is_flip() && mv.swapped().is_none() && mv.partner_from().is_none());
        mv
    });
    assert_eq!(after[0].split(['[', ' ']).next(), after[1].split(['[', ' ']).next(), "{text}");
    after.swap_remove(1)
}

#[test]
fn make_flips_on_the_way() {
    // `xW-W` from d4: the enemy pawn on d5 turns White where it stands, the rook goes on to d6;
    // the clock resets (a flip always does).
    assert_eq!(
        fen_after_flip_on_the_way("3k4/8/8/3p4/3R4/8/8/3K4 w - - 3 9", "d4d6~d5"),
        "3k4/8/3R4/3P4/8/8/8/3K4[] b - - 0 9"
    );
    // A capture on the way (c2), the flip of a friend (b3, which turns Black) and a capture at
    // the end (a4, to hand); the touched rook's castling right goes.
    assert_eq!(
        fen_after_flip_on_the_way("r3k2r/8/8/8/r7/1P6/2l5/R3K2R w KQkq - 5 1", "a1a4xc2~b3"),
        "r3k2r/8/8/8/R7/1p6/8/4K2R[RL] b Kkq - 0 1"
    );
    // A flipped rook on its castling square loses its right (the locust turns it over b7 and
    // lands on b8), and a promoted piece keeps its mark as it changes colour.
    assert_eq!(
        fen_after_flip_on_the_way("r3k2r/8/2L5/8/8/8/8/R3K2R w KQkq - 0 1", "c6b8~a8"),
        "RL2k2r/8/8/8/8/8/8/R3K2R[] b KQk - 0 1"
    );
    assert_eq!(
        fen_after_flip_on_the_way("4k3/8/8/8/8/2l~5/1L6/4K3 w - - 0 1", "b2d4~c3"),
        "4k3/8/8/8/3L4/2L~5/8/4K3[] b - - 0 1"
    );
}

/// Makes the flip (MBN `x`) `from`-`to` on `fen`, checks consistency and its text, and that unmake
/// restores exactly.
fn fen_after_flip(fen: &str, from: &str, to: &str) -> String {
    let mut pos = toy_pos::<u64>(8, 8, fen, false);
    let g = pos.geometry();
    let (from, to) = (g.parse_square(from).unwrap(), g.parse_square(to).unwrap());
    let mv = crate::moves::Move::flip(from, to);
    assert!(mv.is_flip() && !mv.is_capture() && mv.partner_from().is_none());
    let text = pos.uci(mv, &[]);
    assert!(UciMove::parse(pos.geometry(), pos.table(), &text).unwrap().matches(pos.table(), mv, &[]));
    let before = pos.clone();
    let undo = pos.make(mv);
    pos.check_consistency().unwrap();
    let after = pos.to_fen();
    pos.unmake(mv, undo);
    assert_eq!(pos, before, "unmake the flip {text}");
    after
}

#[test]
fn make_stationary_captures() {
    // The locust on d4 takes the rook on d5 without moving; to hand with `captures_to_hand`; the
    // clock resets; unmake restores everything, the locust stack included.
    for (to_hand, after) in [(false, "3k4/8/8/8/3L4/8/8/3K4 b - - 0 9"), (true, "3k4/8/8/8/3L4/8/8/3K4[R] b - - 0 9")] {
        let mut pos = toy_pos::<u64>(8, 8, "3k4/8/8/3r4/3L4/8/8/3K4 w - - 7 9", to_hand);
        let before = pos.clone();
        let (mv, extra) = parse_move(&Toy, &pos, "d4d4xd5").unwrap();
        assert!(mv.is_stay() && !mv.is_capture() && !mv.is_pass() && mv.from() == mv.to());
        assert_eq!(pos.uci(mv, &extra), "d4d4xd5");
        let undo = pos.make_with(mv, &extra);
        pos.check_consistency().unwrap();
        assert_eq!(pos.to_fen(), after);
        pos.unmake(mv, undo);
        assert_eq!(pos, before);
    }
    // `d4d5` is the locust's jump over d5 (to d6), not the stationary capture; `d4d4` is no move.
    let pos = toy_pos::<u64>(8, 8, "3k4/8/8/3r4/3L4/8/8/3K4 w - - 7 9", false);
    use crate::moves::MoveParseErrorKind::Illegal;
    assert_eq!(parse_move(&Toy, &pos, "d4d5").unwrap_err().kind, Illegal);
    assert_eq!(parse_move(&Toy, &pos, "d4d4").unwrap_err().kind, Illegal);
    assert!(!parse_move(&Toy, &pos, "d4d6xd5").unwrap().0.is_stay());
    // A stationary capture by an unmoved royal piece costs its colour the castling rights, as any
    // move of it does (the capture of a rook with a right costs that right too).
    let mut pos = toy_pos::<u64>(8, 8, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", false);
    let e1 = pos.geometry().parse_square("e1").unwrap();
    let h8 = pos.geometry().parse_square("h8").unwrap();
    let mv = crate::moves::Move::stay(e1);
    let undo = pos.make_with(mv, &[h8]);
    assert_eq!(pos.to_fen(), "r3k3/8/8/8/8/8/8/R3K2R b q - 0 1");
    pos.unmake(mv, undo);
    assert_eq!(pos.to_fen(), "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
}

#[test]
fn make_flips() {
    // An enemy rook turns White where it stands; the mover stays; the clock resets.
    assert_eq!(fen_after_flip("3k4/8/4r3/8/3R4/8/8/3K4 w - - 7 9", "d4", "e6"), "3k4/8/4R3/8/3R4/8/8/3K4 b - - 0 9");
    // A friendly rook turns Black (`xx`) and loses its castling right; the others stay.
    assert_eq!(
        fen_after_flip("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1", "h1"),
        "r3k2r/8/8/8/8/8/8/R3K2r b Qkq - 0 1"
    );
    // Black flips a White pawn; the fullmove number advances.
    assert_eq!(fen_after_flip("3k4/8/8/8/4P3/8/8/3K4 b - - 0 5", "d8", "e4"), "3k4/8/8/8/4p3/8/8/3K4 w - - 0 6");
}

#[test]
fn check_rule_flags() {
    use crate::moves::{Move, MoveFlags};
    let pos = toy_pos::<u64>(8, 8, "3k4/8/8/8/8/8/8/3K4 w - - 0 1", false);
    let (a, b) = (pos.geometry().parse_square("d1").unwrap(), pos.geometry().parse_square("d2").unwrap());
    let k = Move::quiet(a, b).no_check(false);
    let kk = Move::quiet(a, b).no_check(true);
    assert!(k.has_check_rule() && k.flags().contains(MoveFlags::NO_CHECK) && !k.flags().contains(MoveFlags::NO_MATE));
    assert!(kk.has_check_rule() && kk.flags().contains(MoveFlags::NO_MATE));
    assert!(!Move::quiet(a, b).has_check_rule());
    // The flags do not change the move's text.
    assert_eq!(pos.uci(k, &[]), "d1d2");
}

/// MBN `ii` (docs/SEMANTICS.md M52): a move flagged `CHECKED` marks the mover's unmoved royal
/// pieces decayed, a drop marks the dropped piece; a piece that moves loses its mark; unmake
/// restores every mark; FEN neither reads nor writes them.
#[test]
fn decayed_marks() {
    use crate::moves::{Move, MoveFlags};
    let mut pos = toy_pos::<u64>(8, 8, "r3k2r/8/8/8/8/8/8/R3K2R[R] w KQkq - 0 1", true);
    let g = pos.geometry();
    let sq = |s: &str| g.parse_square(s).unwrap();
    assert!(pos.decayed().is_empty() && pos.unmoved().test(sq("e1")));
    let before = pos.clone();
    // A Rook move made in check: the White King (unmoved) decays, Black's does not.
    let rook = Move::quiet(sq("a1"), sq("a2")).with_flags(MoveFlags::CHECKED);
    let undo = pos.make(rook);
    assert_eq!(pos.decayed(), u64::from_square(sq("e1")));
    pos.check_consistency().unwrap();
    assert_eq!(pos.to_fen(), "r3k2r/8/8/8/8/8/R7/4K2R[R] b Kkq - 1 1", "FEN writes no mark");
    // The King moves: its mark goes with its unmoved mark.
    let mut moved = pos.clone();
    let _ = moved.make(Move::quiet(sq("e8"), sq("e7")));
    let _ = moved.make(Move::quiet(sq("e1"), sq("e2")));
    assert!(moved.decayed().is_empty());
    pos.unmake(rook, undo);
    assert_eq!(pos, before);
    // A drop: the dropped piece is unmoved (`i` moves) but decayed (no `ii` moves).
    let drop = Move::drop(crate::piece::PieceKind(1), sq("c3"));
    let undo = pos.make(drop);
    assert!(pos.unmoved().test(sq("c3")) && pos.decayed() == u64::from_square(sq("c3")));
    pos.unmake(drop, undo);
    assert_eq!(pos, before);
    // `set_decayed` keeps only unmoved pieces.
    pos.set_decayed(u64::from_square(sq("e1")) | u64::from_square(sq("d4")));
    assert_eq!(pos.decayed(), u64::from_square(sq("e1")));
}
