//! Piece equality through the canonical form: pairs that must be equal and pairs that must not.

mod common;

use common::probe::moves_in;
use mbn_codegen::ancp::{equal, Canonical};
use mbn_codegen::compile_move;
use mbn_codegen::Dialect::Mbn;

fn same(a: &str, b: &str) -> bool {
    let lower = |s: &str| compile_move(s).unwrap_or_else(|e| panic!("`{s}` does not compile: {e:?}"));
    equal(&lower(a), &lower(b))
}

#[test]
fn equal_pairs() {
    let pairs = [
        ("Q", "RB"),
        ("RB", "BR"),
        ("Q", "W0F0"),
        ("Q", "R+B"),
        ("K", "WF"),
        ("K", "F+W"),
        ("B", "F0"),
        ("E", "RN"),
        ("I", "BN"),
        ("M", "E"),
        ("V", "I"),
        ("fsW", "fW+sW"),
        ("NN", "N"),
        ("R4", "R"),
        ("mW+cW", "W"),
        ("mcW", "W"),
        ("aW", "W"),
        ("W+W02", "W2"),
        ("(W)3", "W3"),
        ("(W3)2", "W6"),
        ("(N)0", "N0"),
        ("K0", "Q"),
        ("O", "W00"),
        (":0,1:", "W"),
        (":1,2:0", "N0"),
        ("G", "T"),
        ("J", "Z"),
        ("L", "C"),
        ("vW", "fW+bW"),
        ("sN", "lN+rN"),
        ("vR+sR", "R"),
        ("fR+bR+lR+rR", "R"),
        ("ffN", "fN"),
        ("gW", "W"),
        ("nW", "W"),
        ("nF0", "B"),
        ("(lf)N+(fl)N+(rf)N+(fr)N+(lb)N+(bl)N+(rb)N+(br)N", "N"),
        ("(lf)F", "(fl)F"),
        ("mfW+cefF", "cefF+mfW"),
        ("c{LR}R", "c{RL}R"),
        ("dN", "N"),
        ("fN", "(lf)N+(rf)N"),
        ("(D)3", "D3"),
        ("W0+W3", "R"),
        ("fW02+fW", "fW2"),
        // M119: a swap or flip ends a maximal or edge repeat as it ends the rider.
        ("xR0*", "xW0*"),
        ("(xW)0*", "xW0*"),
        ("wwB*", "wwF*"),
        ("xyQ0*", "xyK0*"),
        // M121: a repeat of one leg collapses after another leg too, going on as that leg says.
        ("W-R0*", "W-W0*"),
        ("mW-xR0*", "mW-xW0*"),
        ("W-(F)0*", "W-F0*"),
        ("W-(W)3", "W-W3"),
        ("W-t(W)3", "W-tW3"),
    ];
    let failures: Vec<String> =
        pairs.iter().filter(|(a, b)| !same(a, b)).map(|(a, b)| format!("`{a}` != `{b}`")).collect();
    assert!(failures.is_empty(), "should be equal: {failures:?}");
    assert!(pairs.len() >= 30);
}

#[test]
fn different_pairs() {
    let pairs = [
        ("W4", "R"),
        ("W", "F"),
        ("fN", "N"),
        ("fN", "bN"),
        ("fN", "(fl)N+(fr)N"),
        ("(lf)N", "(fl)N"),
        ("lfN", "(lf)N"),
        ("sN", "vN"),
        ("ffN", "llN"),
        (":1,4:", "f:1,4:"),
        ("f:1,4:", "b:1,4:"),
        ("(lf):1,4:", "(fl):1,4:"),
        ("ff:1,4:", "ll:1,4:"),
        ("mW", "W"),
        ("cW", "W"),
        ("ccW", "cW"),
        ("cyW", "cW"),
        ("c{L}R", "cR"),
        ("iW", "W"),
        ("[1]W", "W"),
        ("W[1]", "W"),
        ("gR", "R"),
        ("nN", "N"),
        ("pR", "R"),
        ("ppR", "pR"),
        ("W03", "W3"),
        ("W0*", "W0"),
        ("W*", "W0*"),
        ("hR", "R"),
        ("N0", "N"),
        ("(D)3", "D2"),
        ("cefF", "cF"),
        ("kK", "K"),
        ("B", "I"),
    ];
    let failures: Vec<String> =
        pairs.iter().filter(|(a, b)| same(a, b)).map(|(a, b)| format!("`{a}` == `{b}`")).collect();
    assert!(failures.is_empty(), "should differ: {failures:?}");
}

#[test]
fn canonical_text_of_orthodox_pieces() {
    let ancp = |s: &str| Canonical::of(&compile_move(s).unwrap()).to_string();
    assert_eq!(ancp("N"), "leap(1,2)");
    assert_eq!(ancp("B"), "slide*(1,1)");
    assert_eq!(ancp("R"), "slide*(0,1)");
    assert_eq!(ancp("Q"), "slide*(0,1)(1,1)");
    assert_eq!(ancp("K"), "slide(0,1)(1,1)");
    assert_eq!(ancp("mfW"), "move:slide!(0,1)");
    assert_eq!(ancp("cefF"), "capture+enpassant:slide!(-1,1)(1,1)");
    assert_eq!(ancp("imefW02"), "initial:move:enpassant:slide!+2(0,1)");
    assert_eq!(ancp("W3"), "slide*3(0,1)");
    assert_eq!(ancp("N0"), "leap*(1,2)");
    assert_eq!(ancp("nD"), "slide(0,2)");
    assert_eq!(ancp("fN"), "leap!(-1,2)(1,2)");
}

/// X80: an uncounted `[...]` of a move's own sequence is the moves with and without it (M4), for
/// equality too. A `-` leg left first by an omitted part (`[W]-F` without its W) reads its
/// directions as a first leg (M70; since X82 equality reads it so too).
#[test]
fn choices_are_the_moves_with_and_without_them() {
    for (a, b) in [
        ("W-[F]", "W+(W-F)"),
        ("K-[W]", "K+(K-W)"),
        ("N-[W]-[W]", "N+(N-W)+(N-W-W)"),
        ("mK-[W]", "mK+(K-W)"),
        ("W-[F]", "(W-F)+W"),
        // X82: the `-` leg left first reads as a first leg (M70).
        ("[W]-F", "F+(W-F)"),
        ("[W]-(fr)F", "(fr)F+(W-(fr)F)"),
        ("[N]-[W]-F", "F+(N-F)+(W-F)+(N-W-F)"),
        // `t` (straight back) has no leg to turn from: that move is nothing.
        ("[W]-tF", "W-tF"),
        // X84: a counted choice of one leg going straight on is that leg 0 to λ times.
        ("W-[F]2", "W+(W-F)+(W-F-F)"),
        ("[F]2-W", "W+(F-W)+(F-F-W)"),
        ("[aW]3-F", "F+(aW-F)+(aW-aW-F)+(aW-aW-aW-F)"),
        // M142: the rights of a leg leading into a final choice are for the longer move only.
        ("mefW-[meW-[mW]]", "mefW+(mefW-mW)+(mefW-meW-mW)"),
        ("mefW-[meW]", "mefW+(mefW-meW)"),
    ] {
        assert!(same(a, b), "`{a}` == `{b}`");
        assert!(same(b, a), "`{b}` == `{a}`");
    }
    for (a, b) in [
        ("W-[F]", "W-F"),
        ("W-[F]", "W"),
        ("K-[W]", "K+(W-W)"),
        ("mK-[W]", "K+(K-W)"),
        ("[W]-F", "W-F"),
        ("W-[F]2", "W+(W-F)"),
        ("mefW-[meW-[mW]]", "mefW+(mefW-meW)+(mefW-meW-mW)"),
        ("mefW-[meW]", "mefW+(mefW-mW)"),
    ] {
        assert!(!same(a, b), "`{a}` != `{b}`");
    }
    // Three choices: eight moves, four of them different.
    assert!(same("W-[W]-[W]-[W]", "W+(W-W)+(W-W-W)+(W-W-W-W)"));
    // Past ten choices a move is not split (2^30 moves here): it compares by its text, at once.
    let many = format!("W{}", "-[W]".repeat(30));
    assert!(!same(&many, "W"));
}

/// M134: a swap ending a multi-leg move keeps the captures its written mode gives it (M24: `wW`
/// moves and swaps, `wmcW` also captures), on a path as on a single leg.
#[test]
fn a_swap_ending_a_path_keeps_its_written_captures() {
    // d4, an enemy on d6 and e5, a friend on c4: only `wmc` also takes d6.
    assert_eq!(moves_in(Mbn, "W-wmcW", "d4", "c4", "d6 e5"), "d2 f4 wd6 xd6");
    assert_eq!(moves_in(Mbn, "W-wmW", "d4", "c4", "d6 e5"), "d2 f4 wd6");
    for (a, b) in [("W-wmcW", "W-wmW"), ("W-wmcW", "W-wW"), ("R-wmcW", "R-wmW"), ("W-wcW", "W-wW"), ("wmcW", "wmW")] {
        assert!(!same(a, b), "`{a}` != `{b}`");
    }
    for (a, b) in [("W-wW", "W-wmW"), ("R-wW", "R-wmW"), ("wW", "wmW")] {
        assert!(same(a, b), "`{a}` == `{b}`");
    }
}

/// M135: a flip (`x`) with no mode written replaces the leg's captures as a swap does (M34), so
/// equality keeps the captures a written mode gives it: `xmcW` is not `xW`, `xmW` is.
#[test]
fn a_flip_keeps_its_written_captures() {
    // d4, enemies on d5 and e5, a friend on c4: `xmcW` also takes d5 (`xd5`) where both flip it.
    assert_eq!(moves_in(Mbn, "xmcW", "d4", "c4", "d5 e5"), "d3 d5 e4 xd5");
    assert_eq!(moves_in(Mbn, "xW", "d4", "c4", "d5 e5"), "d3 d5 e4");
    for (a, b) in [("xmcW", "xW"), ("xcW", "xW"), ("W-xmcW", "W-xW"), ("W-xmcW", "W-xmW")] {
        assert!(!same(a, b), "`{a}` != `{b}`");
    }
    for (a, b) in [("xmW", "xW"), ("xxmW", "xxW"), ("W-xmW", "W-xW")] {
        assert!(same(a, b), "`{a}` == `{b}`");
    }
}

/// M136: a visit (`j`) with no mode written neither moves nor captures, as both back ends run it;
/// a written mode makes it move or capture as well. Found by a random equality probe
/// (`ggfrR3--gifsF-jibsC3` against `ggfrR3--gifsF-jabsC3`).
#[test]
fn a_visit_keeps_its_written_mode() {
    // d4, a friend on d5, an enemy on c4: `jW` only visits its own square; `jaW` also moves and
    // captures.
    assert_eq!(moves_in(Mbn, "jW", "d4", "d5", "c4"), "d4(xd4)");
    assert_eq!(moves_in(Mbn, "jaW", "d4", "d5", "c4"), "d3 d4(xd4) e4 xc4");
    for (a, b) in [("jW", "jaW"), ("jW", "jmcW"), ("F-jW", "F-jaW"), ("F-jW", "F-jmW"), ("F-jmW", "F-jcW")] {
        assert!(!same(a, b), "`{a}` != `{b}`");
    }
    assert!(!same("ggfrR3--gifsF-jibsC3", "ggfrR3--gifsF-jabsC3"));
    // `i` on a later leg makes the whole move initial (M66): only the mode told these apart.
    for (a, b) in [("jaW", "jmcW"), ("F-jaW", "F-jmcW"), ("ggfrR3--gifsF-jibsC3", "ggfrR3--gifsF-jbsC3")] {
        assert!(same(a, b), "`{a}` == `{b}`");
    }
}
