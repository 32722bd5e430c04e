//! docs/SEMANTICS.md X86: the lame camel and zebra riders `nC0`, `nZ0` (`nCC`, `nC3`): every leap
//! of the rider lame as `nC`, `nZ` are (X12), blocked only when all three of its paths are, each
//! leap free to take any of them. Checked by hand and against a reference written here from seed
//! 001's paths (the squares each path passes), on random boards of both colours.
//!
//! Results: `e6` a quiet move, `xe6` a capture.

mod common;

use common::probe::{compile as compile_in, moves_in, probe_of, square_name, RandomBoard};
use common::xorshift;
use mbn_codegen::ancp;
use mbn_codegen::syntax::xbetza::translate::to_mbn;
use mbn_codegen::Dialect;
use mbn_runtime::Color;

fn moves(text: &str, from: &str, friends: &str, enemies: &str) -> String {
    moves_in(Dialect::XBetza, text, from, friends, enemies)
}

fn compile(text: &str) -> mbn_codegen::ir::MoveSet {
    compile_in(Dialect::XBetza, text)
}

#[test]
fn lame_camel_rider_by_hand() {
    // a1, empty board: b4 c7 up, d2 g3 right.
    assert_eq!(moves("nC0", "a1", "", ""), "b4 c7 d2 g3");
    // To b4 the paths pass a2-a3 (W, D), b2-b3 (F, N) or a2-b3 (W, N): friends on a2 and b2 block
    // all three, and the line beyond; a3 alone blocks one path only.
    assert_eq!(moves("nC0", "a1", "a2 b2", ""), "d2 g3");
    assert_eq!(moves("nC0", "a1", "a3", ""), "b4 c7 d2 g3");
    assert_eq!(moves("nC0", "a1", "a3 b3", ""), "d2 g3");
    // The second leap, b4 to c7, is lame on its own squares: b5 and c6 close all its paths.
    assert_eq!(moves("nC0", "a1", "b5 c6", ""), "b4 d2 g3");
    assert_eq!(moves("nC0", "a1", "b5", "c7"), "b4 d2 g3 xc7");
    // Each leap takes any free path: a2 closes two paths of the first leap (a2-a3, a2-b3), c5 one
    // of the second's (c5-c6): both still have one.
    assert_eq!(moves("nC0", "a1", "a2 c5", ""), "b4 c7 d2 g3");
    // An enemy on b4 is taken and ends the line.
    assert_eq!(moves("nC0", "a1", "c5 c6", "b4"), "d2 g3 xb4");
    // Modes: capture only at the end of a line of empty leaps; move only.
    assert_eq!(moves("cnC0", "a1", "", "c7 g3"), "xc7 xg3");
    assert_eq!(moves("mnC0", "a1", "", "c7 g3"), "b4 d2");
    // A count bounds the leaps; directions select the lines.
    assert_eq!(moves("nC1", "a1", "", ""), "b4 d2");
    assert_eq!(moves("nC1", "a1", "", ""), moves("nC", "a1", "", ""));
    assert_eq!(moves("fnC0", "d1", "", ""), "b7 c4 e4 f7");
}

#[test]
fn lame_zebra_rider_by_hand() {
    // a1: c4 e7 up, d3 g5 right. To c4 the paths pass b2-c3 (F, A squares), a2-b3 (W, N) or
    // b2-b3 (F, N): friends on b2 and b3 close all three; d3's paths pass b2-c3, b1-c2, b2-c2.
    assert_eq!(moves("nZ0", "a1", "", ""), "c4 d3 e7 g5");
    assert_eq!(moves("nZ0", "a1", "b2 b3", ""), "d3 g5");
    assert_eq!(moves("nZ0", "a1", "b2", ""), "c4 d3 e7 g5");
    assert_eq!(moves("nZZ", "a1", "", ""), moves("nZ0", "a1", "", ""));
    // From d4 every first leap, none further on 8x8.
    assert_eq!(moves("nZ0", "d4", "", ""), "a2 a6 b1 b7 f1 f7 g2 g6");
}

#[test]
fn equality_and_translation() {
    assert!(ancp::equal(&compile("nC0"), &compile("nCC")));
    assert!(!ancp::equal(&compile("nC0"), &compile("nC")));
    assert!(!ancp::equal(&compile("nC0"), &compile("C0")));
    assert!(!ancp::equal(&compile("nC0"), &compile("nC3")));
    // A round that may take any of three paths has no MBN spelling: MBN's later rounds replay the
    // first (M5).
    let refused = to_mbn(&compile("nC0")).expect_err("no MBN spelling");
    assert!(refused.contains("lame camel") && refused.contains("no MBN spelling"), "{refused}");
}

/// Seed 001's paths of a lame leap `(1, 3)` (camel) or `(2, 3)` (zebra), as the squares each
/// passes, for the leap `(x, y)` with `|y| = 3`: written for the leap up and right, then mirrored.
fn path_squares(camel: bool, (x, y): (i32, i32)) -> Vec<[(i32, i32); 2]> {
    let paths: [[(i32, i32); 2]; 3] = if camel {
        // afafsW: W, D squares; afsafF: F, N squares; afraflW (and its mirror): W, N squares.
        [[(0, 1), (0, 2)], [(1, 1), (1, 2)], [(0, 1), (1, 2)]]
    } else {
        // afafsF: F, A squares; afsafW: W, N squares; afraflF: F, N squares.
        [[(1, 1), (2, 2)], [(0, 1), (1, 2)], [(1, 1), (1, 2)]]
    };
    let (sx, sy) = (x.signum(), y.signum());
    paths.iter().map(|p| p.map(|(a, b)| (a * sx, b * sy))).collect()
}

/// The reference: from `from`, each of the atom's eight leaps repeated while the squares of one
/// of its paths are empty, landing on empty squares and taking the first enemy.
fn reference(camel: bool, from: (i32, i32), friends: &[(i32, i32)], enemies: &[(i32, i32)]) -> Vec<String> {
    let (a, b) = if camel { (1, 3) } else { (2, 3) };
    let on = |(x, y): (i32, i32)| (0..8).contains(&x) && (0..8).contains(&y);
    let empty = |s: (i32, i32)| !friends.contains(&s) && !enemies.contains(&s) && s != from;
    let mut out = Vec::new();
    for (x, y) in [(a, b), (-a, b), (a, -b), (-a, -b), (b, a), (-b, a), (b, -a), (-b, -a)] {
        let mut at = from;
        loop {
            let to = (at.0 + x, at.1 + y);
            if !on(to) {
                break;
            }
            // For a leap along x, the path squares swap their axes.
            let free = if y.abs() == 3 {
                path_squares(camel, (x, y)).iter().any(|p| p.iter().all(|&(dx, dy)| empty((at.0 + dx, at.1 + dy))))
            } else {
                path_squares(camel, (y, x)).iter().any(|p| p.iter().all(|&(dy, dx)| empty((at.0 + dx, at.1 + dy))))
            };
            if !free || friends.contains(&to) {
                break;
            }
            if enemies.contains(&to) {
                out.push(format!("x{}", square_name(to)));
                break;
            }
            out.push(square_name(to));
            at = to;
        }
    }
    out.sort();
    out
}

#[test]
fn lame_riders_match_the_seeds_paths_on_random_boards() {
    let mut next = xorshift(0x3c6e_f372_fe94_f82bu64);
    for (text, camel) in [("nC0", true), ("nZ0", false)] {
        let (variant, interp) = probe_of(Dialect::XBetza, text);
        let mut seen = 0;
        for round in 0..300 {
            let color = if round % 2 == 0 { Color::White } else { Color::Black };
            let board = RandomBoard::new(&mut next, color, 6);
            let got = board.moves(&variant, &interp);
            let want = reference(camel, board.from, &board.friends, &board.enemies);
            assert_eq!(got, want, "`{text}` on {board}");
            seen += got.iter().filter(|m| !m.starts_with('x')).count();
        }
        assert!(seen > 300, "`{text}`: only {seen} quiet moves on the random boards");
    }
}
