//! `mbn translate` for Betza 2.0 chains and swap-only legs (docs/SEMANTICS.md X9, X46), and the
//! equality of MBN's swap with and without `m` (X45). Every translation is checked here by
//! compiling it in the other dialect and comparing the pieces (`ancp::equal`); the translator
//! checks the same itself before it answers.

mod common;

use common::probe::moves_in;
use mbn_codegen::ancp;
use mbn_codegen::ir::MoveSet;
use mbn_codegen::syntax::xbetza::translate::{to_mbn, to_xbetza};
use mbn_codegen::{compile_move, compile_move_in, Dialect};

fn xbetza(text: &str) -> MoveSet {
    compile_move_in(Dialect::XBetza, text).unwrap_or_else(|d| panic!("`{text}`: {}", d[0].message))
}

fn mbn(text: &str) -> MoveSet {
    compile_move(text).unwrap_or_else(|d| panic!("`{text}`: {}", d[0].message))
}

/// MBN `m` translates to XBetza as exactly `x`, and `x` compiles back to the same piece.
fn translates(m: &str, x: &str) {
    assert_eq!(to_xbetza(&mbn(m)).as_deref(), Ok(x), "`{m}`");
    assert!(ancp::equal(&xbetza(x), &mbn(m)), "`{x}` = `{m}`");
}

/// X46: Betza 2.0 chains print as MBN's chains `-`, later legs with their relative directions as
/// the reader keeps them (X22); a first leg of several direction groups is distributed.
#[test]
fn chains_translate_to_mbn() {
    for (x, m) in [
        // The Xiangqi Horse and Elephant (X20).
        ("mW-F", "W-F"),
        ("mF-F", "F-F"),
        // The Cannon's capture, the Grasshopper, its friends-only form, the bifurcator.
        ("pR-cR", "jyW0-cW0"),
        // M133: the K after the hop is one place (its W or its F goes straight on, never both).
        ("pQ-K", "(jyW0-K)+(jyF0-K)"),
        ("tQ-K", "(jjW0-K)+(jjF0-K)"),
        ("pR-B", "jyW0-F0"),
        // Turning one way only (X22), and the Checker's capture (X21).
        ("W-frF", "W-(fr)F"),
        ("fmF(fcF-mF)", "mfF+(cfF-mF)"),
        // A first leg of two direction groups: side by side (MBN's `sfW` = `sW+fW`); one of
        // two atoms (`pQ`: R and B): one chain each.
        ("fsW-F", "sfW-F"),
        ("lfN-W", "(lf)N-W"),
    ] {
        let got = to_mbn(&xbetza(x)).unwrap_or_else(|e| panic!("`{x}`: {e}"));
        assert!(ancp::equal(&mbn(&got), &xbetza(x)), "`{x}` -> `{got}`");
        assert_eq!(got, m, "`{x}`");
    }
}

/// X46: MBN chains print as Betza 2.0 chains, a visit on the way (`jy`, `jj`) as `p`, `t`.
#[test]
fn chains_translate_to_xbetza() {
    for (m, x) in [
        ("W-fF", "W-fF"),
        ("F-F", "F-F"),
        ("jyR-cR", "pR-cR"),
        ("jyR-B", "pR-B"),
        ("jjQ-K", "(tR-K)(tB-K)"),
        ("W-(fr)F", "W-frF"),
        ("mfF+(cfF-F)", "fmF(fcF-F)"),
        ("fsW-F", "fsW-F"),
        ("cW-mF", "cW-mF"),
    ] {
        let got = to_xbetza(&mbn(m)).unwrap_or_else(|e| panic!("`{m}`: {e}"));
        assert!(ancp::equal(&xbetza(&got), &mbn(m)), "`{m}` -> `{got}`");
        assert_eq!(got, x, "`{m}`");
    }
    // A sequence whose absolute turn no chain's letters spell (X81; `W--F` is `W-vF`) is
    // written as XBetza `a` moves (X93).
    translates("F--fW", "fraflFflafrFbrablFblabrF");
}

/// X46: what has no MBN spelling is a clear error, never a wrong piece.
#[test]
fn untranslatable_forms_are_errors() {
    for (x, why) in [("udQ", "only swaps"), ("ucK", "only swaps"), ("mNxaN", "induction"), ("QudQafudQ", "relocation")]
    {
        let e = to_mbn(&xbetza(x)).expect_err(x);
        assert!(e.contains(why), "`{x}`: {e}");
    }
}

/// X45: MBN's swap with no mode written replaces the captures (M24), so `wQ` (move or swap) is
/// `mwQ`; both are XBetza's `uQ`. A swap is never a capture: `wQ` is neither `Q` nor `mQ`.
#[test]
fn a_swap_with_and_without_m_is_one_piece() {
    assert!(ancp::equal(&mbn("wQ"), &mbn("mwQ")));
    assert!(ancp::equal(&mbn("wwN"), &mbn("mwwN")));
    assert!(ancp::equal(&mbn("mwQ"), &xbetza("uQ")));
    assert!(!ancp::equal(&mbn("wQ"), &mbn("Q")));
    assert!(!ancp::equal(&mbn("wQ"), &mbn("mQ")));
    assert!(!ancp::equal(&mbn("wQ"), &mbn("wwQ")));
    assert_eq!(ancp::Canonical::of(&mbn("wK")).to_string(), ancp::Canonical::of(&mbn("mwK")).to_string());
    assert_eq!(to_xbetza(&mbn("mwQ")).as_deref(), Ok("umcRumcB"));
}

/// X77: a later leg whose MBN turn letters are no XBetza letters (`d`: any way) gets the XBetza
/// spelling that compiles back to the same move, searched among the direction groups and their
/// pairs; where none does, several spellings that together do (X79).
#[test]
fn turns_without_an_xbetza_letter_are_searched() {
    // More later legs: each searched in turn, the chain up to it checked (`W-(fr)F-dW`: the F leg's
    // `fr` is XBetza's too, the W leg's `d` is not).
    let chains =
        [("W-dW-dW", "W-svW-svW"), ("F-dW-dW", "F-vW-svW"), ("W-(fr)F-dW", "W-frF-vW"), ("N-dW-dW", "N-svW-svW")];
    for (m, x) in [("W-dW", "W-svW"), ("W-dF", "W-vF"), ("F-dW", "F-vW")].into_iter().chain(chains) {
        translates(m, x);
    }
    // A leg written as one spelled before, after the same atom, is tried with that spelling
    // first (a hint: the search runs once); it is still checked, so a leg where it fails is searched.
    translates("W-dW-dW-dW-dW", "W-svW-svW-svW-svW");
    translates("W-dW-dF-dW-dW", "W-svW-vF-vW-svW");
    // X79: every diagonal after a diagonal step has no one XBetza group in mbn's reader (X20): the
    // leg's paths are covered by several spellings, one chain each (more for later legs after it).
    let unions = [
        ("F-dF", "(F-vF)(F-sF)"),
        ("F-dF-W", "(F-vF-W)(F-sF-W)"),
        ("cF-dF", "(cF-vF)(cF-sF)"),
        ("N-dN", "(N-vN)(N-sN)"),
        ("W-dW-dF-dF", "(W-svW-vF-vF)(W-svW-vF-sF)"),
        ("F-dF-dF", "(F-vF-vF)(F-vF-sF)(F-sF-vF)(F-sF-sF)"),
        ("K-dK", "(W-svW)(W-vF)(F-vW)(F-vF)(F-sF)"),
    ];
    for (m, x) in unions {
        translates(m, x);
        // No one chain of the union is the piece.
        let one = x.trim_start_matches('(').split(")(").next().unwrap_or_default().to_string();
        assert!(!ancp::equal(&xbetza(&one), &mbn(m)), "`{one}` alone is not `{m}`");
    }
    // X111: after a place written `K` (M133's king pair), a later leg's cover has the paths of
    // both the W and the F move; it covered the W move's only and was refused.
    let after_king = [("F-K-dF", "(F-K-vF)(F-K-sF)"), ("N-K-dK", "(N-K-svW)(N-K-vF)(N-K-sF)")];
    for (m, x) in after_king {
        translates(m, x);
        for (friends, enemies) in [("", ""), ("e5 c4", "d6 f6 b6")] {
            let both = [
                moves_in(Dialect::Mbn, m, "d4", friends, enemies),
                moves_in(Dialect::XBetza, x, "d4", friends, enemies),
            ];
            assert_eq!(both[0], both[1], "`{m}`");
        }
    }
    // By hand: after the F leap only the F goes straight on (b2 b6 f2 f6), then a diagonal step
    // any way; the friend on e5 and the enemies on f6 and b6 block those paths.
    assert_eq!(
        moves_in(Dialect::XBetza, "(F-K-vF)(F-K-sF)", "d4", "", ""),
        "a1 a3 a5 a7 c1 c3 c5 c7 e1 e3 e5 e7 g1 g3 g5 g7"
    );
    assert_eq!(moves_in(Dialect::XBetza, "(F-K-vF)(F-K-sF)", "d4", "e5 c4", "d6 f6 b6"), "a1 a3 c1 c3 e1 e3 g1 g3");
}

/// X75: a leg that moves or captures, replayed straight on (MBN `(aW)0`, the Rampager), is XBetza's
/// range count with `c` (X24: `Wc0`, seed 002's `Rc0`); repeated legs of other modes, or that turn,
/// have no such spelling.
#[test]
fn repeated_legs_that_capture_on_the_way_are_range_counts() {
    for (m, x) in
        [("(aW)0", "Wc0"), ("(afF)0", "fFc0"), ("(aN)3", "Nc3"), ("(aW)0+(aF)0", "Wc0Fc0"), ("K+(aW)0", "WFWc0")]
    {
        translates(m, x);
    }
    assert!(ancp::equal(&xbetza("Rc0"), &mbn("(aW)0")));
    for (m, why) in [
        ("(cW)0", "only when it moves or captures every time"),
        // Later times round turn (`fs` relative to the previous step): no range count says that.
        ("(afsW)0", "does not denote the same piece"),
        ("(aW)0*", "has no XBetza spelling"),
        // The errors say what in words, not in the IR's names.
        ("(W-F)0*", "a repeat as often as it can go (`0*`) has no XBetza spelling"),
        ("(W-F)03", "a repeat exactly 3 times (`03`) has no XBetza spelling"),
        ("(aK)0", "a complex rider that may take another atom or turn each time round"),
        ("(dK)0", "a complex rider that may take another atom or turn each time round"),
    ] {
        let e = to_xbetza(&mbn(m)).expect_err(m);
        assert!(e.contains(why), "`{m}`: {e}");
    }
}

/// X80: a choice `[...]` translates as the moves with and without it (M4), each chain once.
#[test]
fn choices_translate_as_the_moves_with_and_without_them() {
    // One-leg moves first, each once (`K-[W]`'s `K` is one per atom of its first leg), then the
    // chains, shorter first.
    for (m, x) in [("K-[W]", "WF(W-W)(F-W)"), ("W-[F]", "W(W-F)"), ("N-[W]-[W]", "N(N-W)(N-W-W)")] {
        translates(m, x);
    }
    // X82: the choice left out leaves a `-` leg first, read as a first leg (M70).
    for (m, x) in [("[W]-F", "F(W-F)"), ("[W]-(fr)F", "frF(W-frF)"), ("W-[F]2", "W(W-F)(W-F-F)")] {
        translates(m, x);
    }
    // X84: counted choices that turn, or unlimited ones, are not unrolled.
    for m in ["W-[rF]2", "W-[F]0"] {
        let e = to_xbetza(&mbn(m)).expect_err(m);
        assert!(e.contains("optional parts"), "`{m}`: {e}");
    }
}

/// X81: a sequence `--` translates as a chain whose later leg's XBetza letters (relative to the leg
/// before) are searched as X77 and X79 do; a `--` leg of several atoms is one chain per atom. A
/// leg on the way that moves and captures (MBN `a`) is XBetza's `mc` (its legs on the way only move).
#[test]
fn sequences_translate_as_chains_with_searched_letters() {
    for (m, x) in [
        ("N--N", "(N-vN)(N-sN)"),
        ("mN--N", "(mN-vN)(mN-sN)"),
        ("W--F", "W-vF"),
        ("F--W", "F-vW"),
        ("fW--fW", "fW-W"),
        ("N--R", "N-svR"),
        ("K--K", "(W-svW)(W-vF)(F-vW)(F-vF)(F-sF)"),
        ("mN--cK", "(mN-svcW)(mN-vcF)(mN-scF)"),
        ("aW-W", "mcW-W"),
        ("W-aW-W", "W-mcW-W"),
        ("aK--[K]", "WF(mcW-svW)(mcW-vF)(mcF-vW)(mcF-vF)(mcF-sF)"),
    ] {
        translates(m, x);
    }
    // `N--N` may return (a pass): not XBetza's default continuation, which never goes back.
    assert!(!ancp::equal(&xbetza("mNaN"), &mbn("N--N")));
    // An absolute later leg whose turn depends on the leg before (forward after a step any way):
    // one chain per direction of the first leg, each with its own letters.
    for (m, x) in [
        ("mW--fF", "(fmW-F)(bmW-bF)(lmW-rF)(rmW-lF)"),
        ("W--fW", "(fW-W)(bW-bW)(lW-rW)(rW-lW)"),
        ("mR--fW", "(fmR-W)(bmR-bW)(lmR-rW)(rmR-lW)"),
        // No pair of groups doubles a letter (`f` + `fl` would be `ffl`): a chain each.
        ("F--fF", "(frF-F)(frF-lF)(flF-F)(flF-rF)(brF-bF)(brF-lF)(blF-bF)(blF-rF)"),
    ] {
        translates(m, x);
        // Dropping any one first direction loses moves.
        let chains: Vec<&str> = x.trim_start_matches('(').trim_end_matches(')').split(")(").collect();
        for i in 0..chains.len() {
            let fewer: String =
                chains.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, c)| format!("({c})")).collect();
            assert!(!ancp::equal(&xbetza(&fewer), &mbn(m)), "`{fewer}` is not `{m}`");
        }
    }
    // North after a diagonal step: a chain's letters for an orthogonal step after a diagonal name
    // both 45° turns (`frF-fW`: e6 f5 from d4) or a side (`frF-lW`: d5 e6), never one of them;
    // an `a` move turns its one atom and has them (X93).
    translates("F--fW", "fraflFflafrFbrablFblabrF");
    // A `--` leg no letters spell from any one direction of the leg before stays an error.
    let e = to_xbetza(&mbn("(fr)F--fD")).expect_err("(fr)F--fD");
    assert!(e.contains("a `--` leg whose directions no XBetza continuation letters spell"), "{e}");
}

/// X93: chains whose later legs turn an atom by 45° (a single orthogonal step after a diagonal one)
/// have no Betza 2.0 chain spelling and are written as XBetza `a` moves, whose one atom turns
/// (X11: W <-> F); one per direction group of the first leg where the turn differs.
#[test]
fn a_moves_spell_what_chains_cannot() {
    for (m, x, from, friends, enemies, want) in [
        // A diagonal step, then the orthogonal step 45° to its left: from d4 NE-N, NW-W, SW-S, SE-E.
        ("F-(fl)W", "aflF", "d4", "", "", "b5 c2 e6 f3"),
        ("F-(fl)W", "aflF", "d4", "c5", "f3", "c2 e6 xf3"),
        ("(fr)F--fW", "fraflF", "d4", "", "e6", "xe6"),
        // North after every diagonal: after NE 45° left, NW 45° right, SE 135° left, SW 135° right.
        ("F--fW", "fraflFflafrFbrablFblabrF", "d4", "", "", "c4 c6 e4 e6"),
        ("F--fW", "fraflFflafrFbrablFblabrF", "d4", "e5", "c4", "c6 e4 xc4"),
        // Three legs: F, W 45° left, F 45° right of that (the first diagonal again, a file over).
        ("F-(fl)W-(fr)F", "aflafrF", "d4", "", "", "a6 b1 f7 g2"),
        ("F-(fl)W-(fr)F", "aflafrF", "d4", "e6", "", "a6 b1 g2"),
    ] {
        translates(m, x);
        for dialect in [Dialect::Mbn, Dialect::XBetza] {
            let text = if dialect == Dialect::Mbn { m } else { x };
            assert_eq!(moves_in(dialect, text, from, friends, enemies), want, "`{text}` on {from}");
        }
    }
}

/// X96: an XBetza `n` on a leg on the way (e.p. rights on the square it passes, X41) translates to
/// MBN's `me` on that leg; the leg's unused capture was printed as `mec`, a capture on the way, and
/// seed 001's own `fnafsmW` had no translation.
#[test]
fn rights_on_the_way_translate_as_me() {
    for (x, m) in [("fnafsmW", "mefW-mF"), ("nafsW", "meW-F"), ("fmWfnafsmW", "mfW+(mefW-mF)")] {
        let got = to_mbn(&xbetza(x)).unwrap_or_else(|e| panic!("`{x}`: {e}"));
        assert_eq!(got, m, "`{x}`");
        assert!(ancp::equal(&mbn(m), &xbetza(x)), "`{m}` = `{x}`");
        // Without the rights it is another piece.
        assert!(!ancp::equal(&mbn(&m.replace("me", "m")), &xbetza(x)), "`{m}` without `e`");
    }
    // `mbn equal` reads them so too where a move is compared by its text, not its paths (a
    // grasshopper's hidden leg, a repeat): `translate` printed it, `equal` called it different.
    let (x, m) = ("DngaW", "D+(jymeW-ttW0)");
    assert_eq!(to_mbn(&xbetza(x)).as_deref(), Ok(m), "`{x}`");
    assert!(ancp::equal(&mbn(m), &xbetza(x)) && ancp::equal(&xbetza(x), &mbn(m)), "`{m}` = `{x}`");
    assert!(!ancp::equal(&mbn("D+(jymW-ttW0)"), &xbetza(x)), "`{m}` without `e`");
    assert_eq!(moves_in(Dialect::XBetza, "fnafsmW", "d4", "", ""), "c6 e6");
    assert_eq!(moves_in(Dialect::Mbn, "mefW-mF", "d4", "", ""), "c6 e6");
    assert_eq!(moves_in(Dialect::Mbn, "mefW-mF", "d4", "d5", ""), "");
}
