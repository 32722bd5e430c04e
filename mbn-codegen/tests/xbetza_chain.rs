//! Betza 2.0 chaining in the XBetza dialect (seed `002`, "Betza 2.0" and "Quirky stuff";
//! docs/SEMANTICS.md X20–X24): every example of the seed's chaining section, put on a board set up
//! by hand with friendly and enemy blockers, its destinations compared with sets worked out by
//! hand, with the MBN equivalent's destinations, and its IR with the MBN equivalent's
//! (`ancp::equal`).
//!
//! Notation of results: `e6` a quiet move, `xe6` a capture on e6, `f6(xe5)` a move to f6 that
//! captures on e5 on the way.

mod common;

use common::probe::{board, compile, moves_in, probe_variant, written};
use mbn_codegen::ancp::{equal, Canonical};
use mbn_codegen::interp::Interpreter;
use mbn_codegen::{compile_move_in, Diagnostic, Dialect};
use mbn_runtime::Color;

fn moves(xbetza: &str, from: &str, friends: &str, enemies: &str) -> String {
    moves_in(Dialect::XBetza, xbetza, from, friends, enemies)
}

/// The XBetza chain has the IR of the MBN move, and the same moves on the board given.
fn same_as_mbn(xbetza: &str, mbn: &str, from: &str, friends: &str, enemies: &str) {
    let (x, m) = (compile(Dialect::XBetza, xbetza), compile(Dialect::Mbn, mbn));
    assert!(equal(&x, &m), "XBetza `{xbetza}` = {}\nMBN `{mbn}` = {}", Canonical::of(&x), Canonical::of(&m));
    assert_eq!(
        moves(xbetza, from, friends, enemies),
        moves_in(Dialect::Mbn, mbn, from, friends, enemies),
        "`{xbetza}` and `{mbn}` on {from}"
    );
}

/// The first diagnostic of an XBetza string that does not compile: message and byte span.
fn error(text: &str) -> (String, usize, usize) {
    match compile_move_in(Dialect::XBetza, text) {
        Ok(m) => panic!("XBetza `{text}` compiled: {}", Canonical::of(&m)),
        Err(d) => {
            let d: &Diagnostic = &d[0];
            (d.message.clone(), d.span.start, d.span.end)
        }
    }
}

/// X20, X21: the Xiangqi Horse `mW-F` (seed: "explicitly indicating it can be blocked only on the
/// W squares"; `W-F` "will do"): MBN's `W-fF`.
#[test]
fn xiangqi_horse_mw_f() {
    assert_eq!(moves("mW-F", "d4", "", ""), "b3 b5 c2 c6 e2 e6 f3 f5");
    // d5 and b3 friends, e4 and b5 enemies: d5 blocks c6 e6, e4 blocks f3 f5 (the W leg only
    // moves), b5 is captured over c4, b3 is not.
    assert_eq!(moves("mW-F", "d4", "d5 b3", "e4 b5"), "c2 e2 xb5");
    assert_eq!(moves("W-F", "d4", "d5 b3", "e4 b5"), "c2 e2 xb5");
    same_as_mbn("mW-F", "W-fF", "d4", "d5 b3", "e4 b5");
    same_as_mbn("W-F", "W-fF", "d4", "d5 b3", "e4 b5");
    // A written `f` is the default; `fr` picks the clockwise turn only (X22).
    same_as_mbn("mW-fF", "W-fF", "d4", "", "");
    assert_eq!(moves("W-frF", "d4", "", ""), "b5 c2 e6 f3");
    same_as_mbn("W-frF", "W-(fr)F", "d4", "d5", "e4");
    // The horse differs from XBetza's `nN` only in the IR's shape (absolute legs there).
    assert_eq!(moves("mW-F", "d4", "d5 b3", "e4 b5"), moves("nN", "d4", "d5 b3", "e4 b5"));
}

/// X20: the Xiangqi Elephant `mF-F`: "the first leg moving to an empty neighboring square, the
/// second leg continuing to the final destination without restriction".
#[test]
fn xiangqi_elephant_mf_f() {
    assert_eq!(moves("mF-F", "d4", "", ""), "b2 b6 f2 f6");
    // e5 a friend blocks f6; c3 an enemy blocks b2 (no capture on the way); b6 an enemy is taken.
    assert_eq!(moves("mF-F", "d4", "e5", "c3 b6"), "f2 xb6");
    same_as_mbn("mF-F", "F-F", "d4", "e5", "c3 b6");
    assert_eq!(moves("mF-F", "d4", "e5", "c3 b6"), moves("nA", "d4", "e5", "c3 b6"));
}

/// X21: the Checker `fmF(fcF-mF)`: parentheses for readability, a capture on the way.
#[test]
fn checker_with_parentheses() {
    assert_eq!(moves("fmF(fcF-mF)", "d4", "", "c5 e5"), "b6(xc5) f6(xe5)");
    assert_eq!(moves("fmF(fcF-mF)", "d4", "f6", "b6 e5"), "c5");
    same_as_mbn("fmF(fcF-mF)", "fmF+(fcF-mF)", "d4", "", "c5 e5");
    same_as_mbn("fmFfcF-mF", "fmF+(fcF-mF)", "d4", "f6", "b6 e5");
}

/// X21: the Cannon's capture `pR-cR` ("move to the platform as Rook, and continue to capture as
/// Rook"): MBN's `jyR-cR`, and the moves of XBetza's one-leg `cpR`.
#[test]
fn cannon_capture_pr_cr() {
    // Up: d6 (a friend) is the platform, d7 the first piece behind it is taken, d8 is not.
    // Down: d2 (an enemy) is the platform, d1 a friend. Left: b4 the platform, a4 taken.
    let (friends, enemies) = ("d6 d1", "d7 d8 d2 b4 a4");
    assert_eq!(moves("pR-cR", "d4", friends, enemies), "xa4 xd7");
    assert_eq!(moves("pR-cR", "d4", "", ""), "");
    same_as_mbn("pR-cR", "jyR-cR", "d4", friends, enemies);
    assert_eq!(moves("pR-cR", "d4", friends, enemies), moves("cpR", "d4", friends, enemies));
    // The whole Cannon.
    assert_eq!(moves("mRpR-cR", "d4", friends, enemies), moves("mRcpR", "d4", friends, enemies));
}

/// X21: the Grasshopper `pQ-K` ("move to platform as Queen, and then continue (in the same
/// direction) as King") and the bifurcator `pR-B` ("moves to an obstacle like Rook, and then
/// continues as Bishop").
#[test]
fn grasshopper_and_bifurcator() {
    // M10's board: friends b2 d3, enemies d6 f6 g7.
    assert_eq!(moves("pQ-K", "d4", "b2 d3", "d6 f6 g7"), "a1 d2 d7 xg7");
    same_as_mbn("pQ-K", "jyQ-K", "d4", "b2 d3", "d6 f6 g7");
    assert_eq!(moves("pQ-K", "d4", "b2 d3", "d6 f6 g7"), moves("gQ", "d4", "b2 d3", "d6 f6 g7"));
    // `t` hops friends only: d3 and b2, not d6 or f6.
    assert_eq!(moves("tQ-K", "d4", "b2 d3", "d6 f6 g7"), "a1 d2");
    same_as_mbn("tQ-K", "jjQ-K", "d4", "b2 d3", "d6 f6 g7");
    // Bifurcator on d4, d6 an enemy obstacle: on along both forward diagonals from d6 (c7 b8,
    // e7 f8), e7 a friend, b8 an enemy. Nothing else stands in its lines.
    assert_eq!(moves("pR-B", "d4", "e7", "d6 b8"), "c7 xb8");
    same_as_mbn("pR-B", "jyR-B", "d4", "e7", "d6 b8");
    // Turned one way only: `pR-lB` goes left-forward relative to the rook leg.
    assert_eq!(moves("pR-flB", "d4", "e7", "d6 b8"), "c7 xb8");
    assert_eq!(moves("pR-frB", "d4", "e7", "d6 b8"), "");
}

/// X23: `(W-F)0`, the Mao rider: the horse's path repeated along one knight line.
#[test]
fn mao_rider() {
    assert_eq!(moves("(W-F)0", "d4", "", ""), "b3 b5 b8 c2 c6 e2 e6 f3 f5 f8 h2 h6");
    // e4 and c7 friends, e6 an enemy: e4 cuts f3 f5 h2 h6, c7 cuts b8, e6 is taken and ends the line.
    assert_eq!(moves("(W-F)0", "d4", "e4 c7", "e6"), "b3 b5 c2 c6 e2 xe6");
    same_as_mbn("(W-F)0", "(W-F)0", "d4", "e4 c7", "e6");
    // A count bounds the repeats: `(W-F)1` is the horse.
    assert_eq!(moves("(W-F)1", "d4", "e4 c7", "e6"), moves("W-F", "d4", "e4 c7", "e6"));
    same_as_mbn("(mW-F)2", "(W-F)2", "d4", "", "");
}

/// X24: `Nrf0`, the Rose ("a curved trajectory"): MBN's `(N)(rf)0`, turning clockwise.
#[test]
fn rose_nrf0() {
    // Two leaps from e1, the second the next knight direction clockwise: c2-b4, d3-e5, f3-h4
    // (g2 would turn off the board).
    assert_eq!(moves("Nrf2", "e1", "", ""), "b4 c2 d3 e5 f3 g2 h4");
    assert_eq!(moves("Nrf2", "e1", "", "d3"), "b4 c2 f3 g2 h4 xd3");
    same_as_mbn("Nrf2", "(N)(rf)2", "e1", "", "d3");
    // Unlimited: the clockwise circles of M7; the full circle back to e1 is a pass (M62).
    assert_eq!(moves("Nrf0", "e1", "", ""), "b4 c2 c6 d3 e1 e5 e7 f3 g2 g6 h4");
    assert_eq!(moves("Nrf0", "e1", "c6", "d3"), "b4 c2 f3 g2 h4 xd3");
    same_as_mbn("Nrf0", "(N)(rf)0", "e1", "c6", "d3");
    same_as_mbn("Nfr0", "(N)(fr)0", "e1", "c6", "d3");
    assert_eq!(moves("Nfr0", "e1", "c6", "d3"), moves("Nrf0", "e1", "c6", "d3"));
    // A letter of two atoms turns from one to the other (a W step, then an F step 45° right...).
    same_as_mbn("Kfr0", "(K)(fr)0", "e3", "d5", "g4");
    // Two king steps, the second 45° clockwise from the first: from e3 up e4-f5, up-right f4-g4,
    // right f3-g2, down-right f2-f1, down e2-d1, down-left d2-c2, left d3-c4, up-left d4-d5.
    assert_eq!(moves("Kfr2", "e3", "", ""), "c2 c4 d1 d2 d3 d4 d5 e2 e4 f1 f2 f3 f4 f5 g2 g4");
    assert_eq!(moves("Kfr2", "e3", "", ""), moves_in(Dialect::Mbn, "K+(K-(fr)K)", "e3", "", ""));
    // A turn of 90° on a one-atom letter: `Wr0` goes round a square of four W steps (back on e3:
    // a pass, M62).
    assert_eq!(moves("Wr0", "e3", "", ""), "d2 d3 d4 e2 e3 e4 f2 f3 f4");
    same_as_mbn("Wr0", "(W)r0", "e3", "", "");
}

/// X24: `Rc0` ("a Rook that captures all enemies in its path! (But it would be blocked by an own
/// piece.)"): MBN's `(aW)0`, the moves of XBetza's Juggernaut Rook `(caf)R` (X19).
#[test]
fn rook_capturing_on_its_way_rc0() {
    let expected = "a2 a4(xa3) a6(xa3,xa5) b1 c1 d1 e1 f1 g1 h1 xa3 xa5(xa3)";
    assert_eq!(moves("Rc0", "a1", "a7", "a3 a5"), expected);
    same_as_mbn("Rc0", "(aW)0", "a1", "a7", "a3 a5");
    assert_eq!(moves("(caf)R", "a1", "a7", "a3 a5"), expected);
    // `Rc2` takes at most two steps; `Wm0` is the plain rook.
    assert_eq!(moves("Rc2", "a1", "a7", "a3 a5"), "a2 b1 c1 xa3");
    assert!(equal(&compile(Dialect::XBetza, "Wm0"), &compile(Dialect::Mbn, "R")));
}

/// X25: what mbn does not read in a chain is an error at the letter, never dropped.
#[test]
fn unsupported_chains_are_errors_with_their_column() {
    fn e(text: &str) -> (String, &str) {
        let (message, start, end) = error(text);
        (message, &text[start..end])
    }
    assert_eq!(e("Rcd0"), ("XBetza `d` is not supported yet".into(), "d"));
    assert_eq!(e("Rct0"), ("XBetza `t` is not supported yet".into(), "t"));
    assert_eq!(e("Nrfc0"), ("XBetza `c` is not supported yet".into(), "c"));
    // A range count turns every step one way only (X24).
    assert_eq!(e("Qv0"), ("XBetza `v` is not supported yet".into(), "v"));
    assert_eq!(e("Kr0"), ("XBetza `r` is not supported yet".into(), "r"));
    assert_eq!(e("Nr0"), ("XBetza `r` is not supported yet".into(), "r"));
    assert_eq!(e("Wfr0"), ("XBetza `fr` is not supported yet".into(), "fr"));
    assert_eq!(e("Nrfl0"), ("XBetza `l` is not supported yet".into(), "l"));
    assert_eq!(e("pR-pR"), ("XBetza `p` is not supported yet".into(), "p"));
    assert_eq!(error("pR-pR").1, 3);
    // `u`, `y`, `e`, `n` are read where X50–X52 say; elsewhere refused (`u` capturing nothing,
    // `y` with no leg after it, `e` on the way, `n` on the last leg); `di` (X53).
    assert_eq!(e("W-uF"), ("XBetza `u` is not supported yet".into(), "u"));
    assert_eq!(e("udQ-W"), ("XBetza `u` is not supported yet".into(), "u"));
    assert_eq!(e("W-yF"), ("XBetza `y` has no meaning in the seeds".into(), "y"));
    assert_eq!(e("W-gF"), ("XBetza `g` is not supported yet".into(), "g"));
    assert_eq!(e("W-eW-W"), ("XBetza `e` is not supported yet".into(), "e"));
    assert_eq!(e("W-nW"), ("XBetza `n` is not supported yet".into(), "n"));
    assert_eq!(e("irdiW03-buD-bW"), ("XBetza `di` is not supported yet".into(), "di"));
    assert_eq!(error("irdiW03-buD-bW").1, 2);
    assert_eq!(e("mW-hrF"), ("XBetza `hr` is not supported yet".into(), "hr"));
    assert_eq!(e("W-mafF"), ("XBetza `a` is not supported yet".into(), "mafF"));
    assert_eq!(e("pcR-cR"), ("XBetza `c` is not supported yet".into(), "c"));
    assert_eq!(e("f(W-F)0"), ("XBetza `(` is not supported yet".into(), "("));
    assert_eq!(e("(W-F)0-F"), ("XBetza `-` is not supported yet".into(), "-"));
    assert_eq!(e("((W-F)0)"), ("XBetza `(` is not supported yet".into(), "("));
    assert_eq!(e("(W)0"), ("XBetza `(` is not supported yet".into(), "(W)0"));
    assert_eq!(e("W-O"), ("XBetza `O` is not supported yet".into(), "O"));
    assert_eq!(e("W-"), ("`-` must be followed by a leg (`mW-F`)".into(), "-"));
    assert_eq!(e("-W"), ("`-` joins two legs: an atom must come before it".into(), "-"));
    assert_eq!(e("fm-W"), ("`-` joins two legs: an atom must come before it".into(), "-"));
    assert_eq!(e("W-F)"), ("this `)` has no `(`".into(), ")"));
    assert_eq!(e("(W-F"), ("this `(` is never closed".into(), "("));
}

/// The code generator takes every chain of the seed. (Its output is run against the interpreter
/// for several MBN spellings with the same IR, `W-fF`, `jyQ-K`, `(W-F)0`, the Rose, in
/// `tests/generated_vs_interpreted.rs`; not for these XBetza strings themselves.)
#[test]
fn the_code_generator_takes_the_seed_chains() {
    use mbn_codegen::emit::{emit_variant, EmitOptions};
    for text in ["mW-F", "mF-F", "fmF(fcF-mF)", "pR-cR", "pQ-K", "pR-B", "(W-F)0", "Nrf0", "Rc0"] {
        let variant = probe_variant(compile(Dialect::XBetza, text));
        if let Err(e) = emit_variant(&variant, "Probe", &EmitOptions::default()) {
            panic!("`{text}`: {}", e[0].message);
        }
    }
}

/// The parsed form prints chains as written (`mbn parse --dialect xbetza`).
#[test]
fn chains_print_as_read() {
    use mbn_codegen::syntax::xbetza::parse;
    assert_eq!(parse("fmF(fcF-mF)").unwrap().to_string(), "fmF fcF-mF");
    assert_eq!(parse("(W-F)0").unwrap().to_string(), "(W-F)0");
    assert_eq!(parse("Nrf0").unwrap().to_string(), "Nrf0");
    assert_eq!(parse("mRpR-cR").unwrap().to_string(), "mR pR-cR");
}

mod total {
    //! No string of chain syntax makes the reader, the lowering, the interpreter or the code
    //! generator panic; every diagnostic points inside the string.
    use super::*;
    use mbn_codegen::emit::{emit_variant, EmitOptions};
    use proptest::prelude::*;
    use proptest::sample::select;

    const ALPHABET: &[char] = &[
        'f', 'r', 'l', 's', 'v', 'h', 'm', 'c', 'd', 'p', 't', 'i', 'y', 'u', 'a', 'e', 'n', 'g', 'W', 'F', 'N', 'K',
        'R', 'B', 'Q', 'O', '0', '0', '2', '-', '-', '-', '(', ')',
    ];

    proptest! {
        #![proptest_config(ProptestConfig { cases: 1024, failure_persistence: None, ..ProptestConfig::default() })]

        #[test]
        fn any_chain_compiles_or_is_an_error_inside_it(chars in proptest::collection::vec(select(ALPHABET), 0..9)) {
            let text: String = chars.into_iter().collect();
            match compile_move_in(Dialect::XBetza, &text) {
                // An unbounded repeated chain turning both ways on a letter of two atoms
                // (`(K-sK)0`) makes the interpreter search every self-avoiding path, as MBN's
                // `(K-sK)0` does (X23): such strings are only compiled here.
                Ok(_) if text.contains(")0") => {}
                Ok(moves) => {
                    let variant = probe_variant(moves);
                    if let Ok(interp) = Interpreter::new(&variant) {
                        let _ = written(&interp, &board(&variant, Color::White, "d4", "d5", "c3 f6"), "d4");
                    }
                    let _ = emit_variant(&variant, "Probe", &EmitOptions::default());
                }
                Err(list) => {
                    prop_assert!(!list.is_empty());
                    for d in list {
                        prop_assert!(d.span.start <= d.span.end && d.span.end <= text.len(), "`{}`: {}", text, d.message);
                    }
                }
            }
        }
    }
}

/// X78: original Betza's `nN0` is the Mao rider (seed 002: Betza 2.0's `(W-F)0` "repeats the
/// (blockable) steps of the Xiangqi Horse"): every knight leap of the rider lame as `nN` is, on
/// its orthogonal neighbour; `nNN` the same, `nN3` at most three leaps.
#[test]
fn lame_nightrider_nn0() {
    // a1: up a2 then b3, on through b4 to c5 (a friend on b4 stops it: b3 only); right b1 then c2,
    // an enemy there: taken, the line ends.
    assert_eq!(moves("nN0", "a1", "b4", "c2"), "b3 xc2");
    assert_eq!(moves("nN0", "a1", "", ""), "b3 c2 c5 d7 e3 g4");
    assert_eq!(moves("cnN0", "a1", "", "c5 g4"), "xc5 xg4");
    assert_eq!(moves("mnN0", "a1", "", "c5 g4"), "b3 c2 e3");
    same_as_mbn("nN0", "(W-F)0", "d4", "e4 c7", "e6");
    same_as_mbn("nNN", "(W-F)0", "d4", "e4 c7", "e6");
    same_as_mbn("nN2", "(W-F)2", "d4", "", "");
    same_as_mbn("nN3", "(W-F)3", "a1", "", "");
    // Directions select the leaps: `fnN0` rides the two forward knight lines of `fN` (`c6 e6`),
    // each leap lame: a friend on e7 blocks e6-f8, one on d5 both lines.
    assert_eq!(moves("fnN0", "d4", "", ""), "b8 c6 e6 f8");
    assert_eq!(moves("fnN0", "d4", "e7", ""), "b8 c6 e6");
    assert_eq!(moves("fnN0", "d4", "d5", ""), "");
    // The Nightrider `NN` jumps: the friend on b4 does not stop it.
    assert_eq!(moves("NN", "a1", "b4", "c2"), "b3 c5 d7 xc2");
}

/// X89: straight repeats are equal when their paths are, each taken 1 to 16 rounds with its round
/// ends marked: `fnN0`, lowered per orthogonal step with absolute legs, is MBN's `(fW-F)0`, and
/// translates to it; repeats that differ in their count, in what their rounds on the way do or
/// in how later rounds turn are not equal, and move differently.
#[test]
fn straight_repeats_compare_by_their_rounds() {
    same_as_mbn("fnN0", "(fW-fF)0", "d4", "e7", "");
    same_as_mbn("fnN0", "(fW-F)0", "b1", "", "d4");
    same_as_mbn("mnN0", "(W-mF)0", "a1", "b4", "c2");
    same_as_mbn("nN2", "(W-F)2", "a1", "", "");
    let unequal = [
        ("nN3", "(W-F)2", "a1", "", ""),
        // (`nN0` and `(W-F)3` differ only on boards with room for four leaps, more than 8x8.)
        ("nN0", "(W-F)2", "a1", "", ""),
        // Every round of `(W-cF)0` captures; `cnN0` captures at the end of a line of empty leaps.
        ("cnN0", "(W-cF)0", "a1", "", "b3 c5"),
        // Later rounds of `(bW-F)2` step back from the F before them: a zigzag.
        ("bnN2", "(bW-F)2", "d5", "", ""),
    ];
    for (x, m, from, friends, enemies) in unequal {
        assert!(!equal(&compile(Dialect::XBetza, x), &compile(Dialect::Mbn, m)), "`{x}` = `{m}`");
        assert_ne!(moves(x, from, friends, enemies), moves_in(Dialect::Mbn, m, from, friends, enemies), "`{x}`");
    }
    // A chain's later legs turn from the leg before them, a repeat's replay the first round.
    let chains = compile(Dialect::Mbn, "(W-F)+(W-F-W-F)+(W-F-W-F-W-F)");
    assert!(!equal(&compile(Dialect::Mbn, "(W-F)3"), &chains));
    assert!(!equal(&compile(Dialect::XBetza, "nN0"), &compile(Dialect::Mbn, "(W-F)3")));
    use mbn_codegen::syntax::xbetza::translate::to_mbn;
    for (x, m) in [("fnN0", "(fW-F)0"), ("mnN0", "(W-mfF)0"), ("nN3", "(W-fF)3")] {
        assert_eq!(to_mbn(&compile(Dialect::XBetza, x)).as_deref(), Ok(m), "`{x}`");
    }
}
