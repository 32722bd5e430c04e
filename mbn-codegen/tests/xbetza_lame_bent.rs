//! docs/SEMANTICS.md X94: `n` on the bent riders `q` and `z` makes every leap of the path lame as
//! the atom's own `n` leap (X4): the knight's leap passes its orthogonal neighbour, a straight
//! leap the squares between. Checked by hand and against a reference written here (the rings,
//! turns and lame squares spelled out afresh) on random boards of both colours.
//!
//! Results: `e6` a quiet move, `xe6` a capture.

mod common;

use common::probe::{compile as compile_in, moves_in, probe_of, square_name, RandomBoard};
use common::xorshift;
use mbn_codegen::ancp;
use mbn_codegen::syntax::xbetza::translate::to_mbn;
use mbn_codegen::{compile_move_in, Dialect};
use mbn_runtime::Color;

fn moves(text: &str, from: &str, friends: &str, enemies: &str) -> String {
    moves_in(Dialect::XBetza, text, from, friends, enemies)
}

fn compile(text: &str) -> mbn_codegen::ir::MoveSet {
    compile_in(Dialect::XBetza, text)
}

#[test]
fn lame_rose_by_hand() {
    // The Rose from a1 on an empty board: b3 d4 f3 g1 clockwise, b3 a5 the other way; c2 e1, and
    // c2 d4 c6 a7. Lame, the empty board changes nothing.
    assert_eq!(moves("qN", "a1", "", ""), "a5 a7 b3 c2 c6 d4 e1 f3 g1");
    assert_eq!(moves("nqN", "a1", "", ""), "a5 a7 b3 c2 c6 d4 e1 f3 g1");
    // Both leaps into d4 (b3-d4, c2-d4) pass c3: a friend there closes them and all beyond; the
    // plain Rose leaps over it.
    assert_eq!(moves("nqN", "a1", "c3", ""), "a5 b3 c2 e1");
    assert_eq!(moves("qN", "a1", "c3", ""), "a5 a7 b3 c2 c6 d4 e1 f3 g1");
    // b3-a5 passes b4, c2-e1 passes d2: an enemy there blocks as a friend does; an enemy on d4 is
    // taken and ends both paths through it.
    assert_eq!(moves("nqN", "a1", "b4", "d4"), "b3 c2 e1 xd4");
    assert_eq!(moves("nqN", "a1", "", "d2"), "a5 a7 b3 c2 c6 d4 f3 g1");
    // A count bounds the leaps: at most three (a7 and g1 are the fourth).
    assert_eq!(moves("nqN3", "a1", "", ""), "a5 b3 c2 c6 d4 e1 f3");
}

#[test]
fn lame_crooked_knight_by_hand() {
    // The zig-zag knight from a1: b3 d2 e4 g3 h5 (turning right, then back), and c2 b4 d5 c7 e8.
    assert_eq!(moves("zN", "a1", "", ""), "b3 b4 c2 c7 d2 d5 e4 e8 g3 h5");
    // b3-d2 and c2-b4 both pass c3: a friend there leaves the first leaps only.
    assert_eq!(moves("nzN", "a1", "c3", ""), "b3 c2");
    // d5-c7 passes d6: the enemy there stops that path after d5 (it is passed, not taken).
    assert_eq!(moves("nzN", "a1", "", "d6"), "b3 b4 c2 d2 d5 e4 g3 h5");
}

/// The ring of a bent rider of the leap `(a, b)`, clockwise from forward: the atom's leaps (an
/// oblique atom) or its leap along each of the eight compass lines (W, F, D, A, ...).
fn ring((a, b): (i32, i32)) -> Vec<(i32, i32)> {
    if a > 0 && a < b {
        // Clockwise from forward: (a, b), (b, a), (b, -a), (a, -b), then the mirror.
        vec![(a, b), (b, a), (b, -a), (a, -b), (-a, -b), (-b, -a), (-b, a), (-a, b)]
    } else {
        let s = b;
        vec![(0, s), (s, s), (s, 0), (s, -s), (0, -s), (-s, -s), (-s, 0), (-s, s)]
    }
}

/// The squares a lame leap `(x, y)` passes, relative to its start: a straight leap's squares
/// between, the knight's orthogonal neighbour along its long side.
fn passed((x, y): (i32, i32)) -> Vec<(i32, i32)> {
    let (sx, sy) = (x.signum(), y.signum());
    if x == 0 || y == 0 || x.abs() == y.abs() {
        (1..x.abs().max(y.abs())).map(|k| (k * sx, k * sy)).collect()
    } else if y.abs() == 2 {
        vec![(0, sy)]
    } else {
        vec![(sx, 0)]
    }
}

/// The reference: from `from`, every path of the circular (`circle`) or zig-zag rider of the
/// leap `atom` (starting on `first` of its ring positions, turning either way), at most `max`
/// leaps, each leap's passed squares empty when `lame`; landing on empty squares and taking the
/// first enemy.
fn reference(
    atom: (i32, i32),
    circle: bool,
    lame: bool,
    max: usize,
    from: (i32, i32),
    friends: &[(i32, i32)],
    enemies: &[(i32, i32)],
) -> Vec<String> {
    let ring = ring(atom);
    let on = |(x, y): (i32, i32)| (0..8).contains(&x) && (0..8).contains(&y);
    let empty = |s: (i32, i32)| !friends.contains(&s) && !enemies.contains(&s);
    let oblique = atom.0 > 0 && atom.0 < atom.1;
    let mut out = Vec::new();
    // The first leap is one of the atom's own: all eight of an oblique atom, the orthogonal or the
    // diagonal ones of the others.
    let own = |i: &usize| oblique || (i % 2 == 0) == (atom.0 == 0);
    for start in (0..8).filter(own) {
        for turn in [1, 7] {
            let limit = max.min(if circle { 7 } else { 15 });
            let mut at = from;
            for k in 0..limit {
                let index = if circle { (start + turn * k) % 8 } else { (start + 2 * turn * (k % 2)) % 8 };
                let v = ring[index];
                let to = (at.0 + v.0, at.1 + v.1);
                let free = !lame || passed(v).iter().all(|&(dx, dy)| empty((at.0 + dx, at.1 + dy)));
                if !on(to) || !free || friends.contains(&to) {
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
    }
    out.sort();
    out.dedup();
    out
}

#[test]
fn lame_bent_riders_match_the_reference_on_random_boards() {
    let mut next = xorshift(0x9b05_688c_2b3e_6c1fu64);
    for (text, atom, circle, lame, max) in [
        ("nqN", (1, 2), true, true, 7),
        ("nzN", (1, 2), false, true, 15),
        ("nqN3", (1, 2), true, true, 3),
        ("nqD", (0, 2), true, true, 7),
        ("nzA", (2, 2), false, true, 15),
        // The plain riders by the same reference: lameness is the only difference.
        ("qN", (1, 2), true, false, 7),
        ("zN", (1, 2), false, false, 15),
    ] {
        let (variant, interp) = probe_of(Dialect::XBetza, text);
        let mut seen = 0;
        for round in 0..300 {
            let color = if round % 2 == 0 { Color::White } else { Color::Black };
            let board = RandomBoard::new(&mut next, color, 7);
            let mut got = board.moves(&variant, &interp);
            got.dedup();
            let want = reference(atom, circle, lame, max, board.from, &board.friends, &board.enemies);
            assert_eq!(got, want, "`{text}` on {board}");
            seen += got.len();
        }
        assert!(seen > 600, "`{text}`: only {seen} moves on the random boards");
    }
}

#[test]
fn equality_and_translation() {
    assert!(!ancp::equal(&compile("nqN"), &compile("qN")));
    assert!(!ancp::equal(&compile("nqN"), &compile("nqN3")));
    assert!(!ancp::equal(&compile("nzN"), &compile("zN")));
    // On a step `n` blocks nothing (seed 001: meaningless on W and F), as on `nW`.
    assert!(ancp::equal(&compile("nqW"), &compile("qW")));
    // The translation is MBN's chains of the lame paths, checked equal by the translator.
    for text in ["nqN", "nzN3"] {
        let mbn = to_mbn(&compile(text)).unwrap_or_else(|e| panic!("`{text}`: {e}"));
        assert!(mbn.starts_with("(W-(fl)F)+"), "`{text}` -> `{mbn}`");
    }
}

#[test]
fn what_stays_refused() {
    for (text, why) in [
        ("nqC", "three each"),
        ("nzZ", "three each"),
        ("inqN", "e.p. rights"),
        ("nnqN", "e.p. rights"),
        ("npqN", "no hurdle on a lame bent path"),
        ("ngzN", "no hurdle on a lame bent path"),
    ] {
        let e = compile_move_in(Dialect::XBetza, text).expect_err(text);
        let help = e[0].help.clone().unwrap_or_default();
        assert!(help.contains(why), "`{text}`: {} / {help}", e[0].message);
    }
}
