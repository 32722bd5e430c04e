//! docs/SEMANTICS.md X97: circular riders of plain leaps (`(N)(rf)7`, XBetza `Nrf7`) are compared
//! by their leaps, as their first leap and the chains of turned leaps after it, so they equal the
//! unrolled chains XBetza's `qN` lowers to; `mbn translate` prints such chains as the rider. Every
//! equality claimed here is also checked on random boards of both colours, and every inequality
//! on a board where the two differ. X98: circular riders of several atoms (`(K)(fr)2`, `Kfr2`)
//! translate both ways as one rider. X99–X102: XBetza's `q` circles with a restricted first leap
//! (`rfqN`), whose leaps only move (`mqN`), of two atoms by turns (`qW`) and initial (`iqN`).

mod common;

use common::probe::{board, compile, moves_in, probe_of, written, RandomBoard};
use common::xorshift;
use mbn_codegen::ancp;
use mbn_codegen::syntax::xbetza::translate::{to_mbn, to_xbetza};
use mbn_codegen::Dialect;
use mbn_runtime::Color;

/// A piece in a dialect: `x:` marks XBetza, anything else is MBN.
fn piece(text: &str) -> (Dialect, &str) {
    match text.strip_prefix("x:") {
        Some(x) => (Dialect::XBetza, x),
        None => (Dialect::Mbn, text),
    }
}

fn equal(a: &str, b: &str) -> bool {
    let ((da, ta), (db, tb)) = (piece(a), piece(b));
    ancp::equal(&compile(da, ta), &compile(db, tb))
}

/// `a` and `b` move alike on 200 random boards (both colours); the moves seen, to show the boards
/// are not empty.
fn alike_on_random_boards(a: &str, b: &str, seed: u64) -> usize {
    let ((da, ta), (db, tb)) = (piece(a), piece(b));
    let (va, ia) = probe_of(da, ta);
    let (vb, ib) = probe_of(db, tb);
    let mut next = xorshift(seed);
    let mut seen = 0;
    for round in 0..200 {
        let color = if round % 2 == 0 { Color::White } else { Color::Black };
        let board = RandomBoard::new(&mut next, color, 6);
        let got = board.moves(&va, &ia);
        assert_eq!(got, board.moves(&vb, &ib), "`{a}` and `{b}` on {board}");
        seen += got.len();
    }
    seen
}

/// XBetza `x` translates to MBN `m` and back, the two are equal, and they move alike on random
/// boards that show more than 200 moves.
#[track_caller]
fn translates_both_ways(x: &str, m: &str, seed: u64) {
    assert_eq!(to_mbn(&compile(Dialect::XBetza, x)).as_deref(), Ok(m), "`{x}`");
    assert_eq!(to_xbetza(&compile(Dialect::Mbn, m)).as_deref(), Ok(x), "`{m}`");
    assert!(equal(&format!("x:{x}"), m), "`{x}` = `{m}`");
    let seen = alike_on_random_boards(&format!("x:{x}"), m, seed);
    assert!(seen > 200, "`{x}`: the random boards show too little ({seen} moves)");
}

/// The union of chains of a leap `atom` followed by 0 to `most - 1` leaps turned by `turn`.
fn chains(atom: &str, turn: &str, most: usize) -> String {
    (0..most).map(|k| format!("({atom}{})", format!("-{turn}{atom}").repeat(k))).collect::<Vec<_>>().join("+")
}

#[test]
fn circular_riders_equal_their_chains() {
    let rose_chains = chains("N", "(rf)", 8);
    let wazir_chains = chains("W", "r", 4);
    for (a, b) in [
        // XBetza's Rose turns either way and never comes back to its start (seed 001's `q`).
        ("x:qN", "(N)(rf)7+(N)(lf)7"),
        ("x:qN", "(N)(fr)7+(N)(fl)7"),
        ("x:qN", "x:Nrf7Nlf7"),
        ("x:qC", "(C)(fr)7+(C)(fl)7"),
        ("x:WqN", "W+(N)(rf)7+(N)(lf)7"),
        // MBN's Rose may come back: eight leaps, the full circle a pass (M6).
        ("(N)(rf)8", rose_chains.as_str()),
        // Unlimited: it stops before landing again where a leap of its own landed (M5).
        ("(N)(rf)0", "(N)(rf)8"),
        ("(N)(rf)3", "N+(N-(rf)N)+(N-(rf)N-(rf)N)"),
        ("(W)r0", wazir_chains.as_str()),
        ("x:Wr0", wazir_chains.as_str()),
    ] {
        assert!(equal(a, b), "`{a}` = `{b}`");
        let seen = alike_on_random_boards(a, b, 0x5eed_0097);
        assert!(seen > 400, "`{a}`: the random boards show too little ({seen} moves)");
    }
}

#[test]
fn circular_riders_unequal_to_other_chains() {
    let rose7 = chains("N", "(rf)", 7);
    // Each pair and a board (piece square, friends, enemies) where they differ.
    for (a, b, from) in [
        // The full circle: MBN's `(N)(rf)8` lands on e1 again, XBetza's `qN` does not.
        ("x:qN", "(N)(rf)8+(N)(lf)8", "e1"),
        ("(N)(rf)8", rose7.as_str(), "e1"),
        ("(W)r3", "W+(W-rW)+(W-rW-rW)+(W-rW-rW-rW)", "d4"),
        // One way round is not both.
        ("x:qN", "(N)(rf)7", "a1"),
        // Turned alike but straight on is a nightrider, not a circle.
        ("(N)(rf)7", "N0", "d4"),
    ] {
        assert!(!equal(a, b), "`{a}` ≠ `{b}`");
        let ((da, ta), (db, tb)) = (piece(a), piece(b));
        assert_ne!(moves_in(da, ta, from, "", ""), moves_in(db, tb, from, "", ""), "`{a}`, `{b}` on {from}");
    }
}

/// The Rose's moves by hand: from e1 on an empty board, XBetza's `qN` reaches a1 and a5 (circles
/// turning left round c2 and b3) but not e1; MBN's `(N)(rf)8` turns right only and comes back.
#[test]
fn rose_by_hand() {
    assert_eq!(moves_in(Dialect::XBetza, "qN", "e1", "", ""), "a1 a5 b4 c2 c6 d3 e5 e7 f3 g2 g6 h4");
    assert_eq!(moves_in(Dialect::Mbn, "(N)(rf)7+(N)(lf)7", "e1", "", ""), "a1 a5 b4 c2 c6 d3 e5 e7 f3 g2 g6 h4");
    assert_eq!(moves_in(Dialect::Mbn, "(N)(rf)8", "e1", "", ""), "b4 c2 c6 d3 e1 e5 e7 f3 g2 g6 h4");
    // c2 a friend, d3 an enemy: the circles through c2 (to a1, and b4-c2) do not start or end
    // before it, d3 is taken; f3 goes on to h4 (right) or e5 c6 a5 (left), g2 to h4 g6 e7 c6 b4.
    let want = "a5 b4 c6 e5 e7 f3 g2 g6 h4 xd3";
    assert_eq!(moves_in(Dialect::XBetza, "qN", "e1", "c2", "d3"), want);
    assert_eq!(moves_in(Dialect::Mbn, "(N)(rf)7+(N)(lf)7", "e1", "c2", "d3"), want);
    assert_eq!(moves_in(Dialect::Mbn, "(N)(rf)8", "e1", "c2", "d3"), "f3 g2 h4 xd3");
}

#[test]
fn circles_translate_as_circular_riders() {
    for (x, m) in [
        ("qN", "(N)(fr)7+(N)(fl)7"),
        ("qC", "(C)(fr)7+(C)(fl)7"),
        ("WqN", "W+(N)(fr)7+(N)(fl)7"),
        // The count of a circular rider counts its first leap (it printed the turned leaps', 2).
        ("Nrf3", "(N)(rf)3"),
        ("Nrf7", "(N)(rf)7"),
        ("Nrf0", "(N)(rf)0"),
    ] {
        assert_eq!(to_mbn(&compile(Dialect::XBetza, x)).as_deref(), Ok(m), "`{x}`");
        assert!(equal(&format!("x:{x}"), m), "`{x}` = `{m}`");
    }
    for (m, x) in [
        ("(N)(rf)7", "Nrf7"),
        ("(N)(rf)8", "Nrf8"),
        ("(N)(rf)3", "Nrf3"),
        ("(W)r2", "Wr2"),
        // Both ways round, seven leaps: seed 001's `q`.
        ("(N)(rf)7+(N)(lf)7", "qN"),
        ("(N)(fr)7+(N)(fl)7", "qN"),
        ("W+(C)(rf)7+(C)(lf)7", "WqC"),
        // The full circle is no `q` move.
        ("(N)(rf)8+(N)(lf)8", "Nrf8Nlf8"),
    ] {
        assert_eq!(to_xbetza(&compile(Dialect::Mbn, m)).as_deref(), Ok(x), "`{m}`");
        assert!(equal(m, &format!("x:{x}")), "`{m}` = `{x}`");
    }
}

/// X98: a circular rider of several atoms (the king's W and F by turns) is one rider in both
/// dialects' translations; it was refused both ways ("repeated and optional parts").
#[test]
fn circular_kings_translate_both_ways() {
    for (x, m) in [
        ("Kfr2", "(K)(fr)2"),
        ("Kfr0", "(K)(fr)0"),
        ("Kfl3", "(K)(fl)3"),
        ("NKfr2", "(K)(fr)2+N"),
        ("Kfr2Kfl2", "(K)(fr)2+(K)(fl)2"),
    ] {
        assert_eq!(to_mbn(&compile(Dialect::XBetza, x)).as_deref(), Ok(m), "`{x}`");
        assert_eq!(to_xbetza(&compile(Dialect::Mbn, m)).as_deref(), Ok(x), "`{m}`");
        assert!(equal(&format!("x:{x}"), m), "`{x}` = `{m}`");
    }
    // MBN's other compounds print as MBN; XBetza has one letter for one compound of leaps, `K`.
    assert_eq!(to_mbn(&compile(Dialect::Mbn, "(WD)(fr)2")).as_deref(), Ok("(WD)(fr)2"));
    let e = to_xbetza(&compile(Dialect::Mbn, "(WD)(fr)2")).unwrap_err();
    assert!(e.contains("has no XBetza spelling"), "{e}");
    // From e3, 45° right after each step: e4-f5, f4-g4, f3-g2, f2-f1, e2-d1, d2-c2, d3-c4, d4-d5.
    for (dialect, text) in [(Dialect::XBetza, "Kfr2"), (Dialect::Mbn, "(K)(fr)2")] {
        assert_eq!(moves_in(dialect, text, "e3", "", ""), "c2 c4 d1 d2 d3 d4 d5 e2 e4 f1 f2 f3 f4 f5 g2 g4");
        // A friend on e4 closes e4 and f5; f3 is taken, and g2 behind it is not reached.
        assert_eq!(moves_in(dialect, text, "e3", "e4", "f3"), "c2 c4 d1 d2 d3 d4 d5 e2 f1 f2 f4 g4 xf3");
    }
}

/// XBetza's own `qN`, read and printed again, is `qN` (it printed 104 moves and chains).
#[test]
fn xbetza_circles_print_as_q() {
    for x in ["qN", "qC", "WqN"] {
        assert_eq!(to_xbetza(&compile(Dialect::XBetza, x)).as_deref(), Ok(x), "`{x}`");
    }
}

/// X99: a circle whose first leap goes in some of its atom's directions (`rfqN`), and the circles
/// of W, F, D, A (whose 45° turns take the other atom of their kind), print as `q` again; the
/// first kind is D24's unfolded rider in MBN (`(rf)N-{((fr)N)6}`), Betza 2.0's `rfNfr7`.
#[test]
fn restricted_and_orthodox_circles_print_as_q() {
    for x in ["rfqN", "fqN", "lfqNrbqN", "qW", "qF", "qA", "qD", "WqN", "mqN", "cqN", "rfcqN", "cNmqN", "NqW", "qK"] {
        assert_eq!(to_xbetza(&compile(Dialect::XBetza, x)).as_deref(), Ok(x), "`{x}`");
    }
    // X101: W and F circles from every leap of both are the king's.
    assert_eq!(to_xbetza(&compile(Dialect::XBetza, "qWqF")).as_deref(), Ok("qK"));
    let rose = "((rf)N-{((fr)N)6})+((rf)N-{((fl)N)6})";
    for (x, m) in [
        ("rfqN", rose),
        ("fqN", "(fN-{((fr)N)6})+(fN-{((fl)N)6})"),
        ("lfqNrbqN", "((lf)N-{((fr)N)6})+((rb)N-{((fr)N)6})+((lf)N-{((fl)N)6})+((rb)N-{((fl)N)6})"),
    ] {
        translates_both_ways(x, m, 0x5eed_0099);
    }
    // One way round only: Betza 2.0's circular rider with directions on its first leap.
    assert_eq!(to_xbetza(&compile(Dialect::Mbn, "(rf)N-{((fr)N)6}")).as_deref(), Ok("rfNfr7"));
    assert!(equal("x:rfNfr7", "(rf)N-{((fr)N)6}"));
}

/// X101: `q` on W, F, D or A turns 45° a leap, so its leaps are two atoms by turns: MBN's turned
/// compound after a first leap (`qW` is `(W-{((fr)K)6})+(W-{((fl)K)6})`). Compared as a first leap
/// and chains (X97, each time round the one turned leap of the compound that exists), translated
/// both ways; before, ANCP called them different and `qW` printed as 16 moves and chains.
#[test]
fn circles_of_two_atoms_by_turns() {
    for (x, m) in [
        ("qW", "(W-{((fr)K)6})+(W-{((fl)K)6})"),
        ("qF", "(F-{((fr)K)6})+(F-{((fl)K)6})"),
        ("qD", "(D-{((fr)DA)6})+(D-{((fl)DA)6})"),
        ("qA", "(A-{((fr)DA)6})+(A-{((fl)DA)6})"),
        ("frqW", "(fW-{((fr)K)6})+(rW-{((fr)K)6})+(fW-{((fl)K)6})+(rW-{((fl)K)6})"),
        // From every W and F leap: the king's circle, XBetza's `qK` (`qWqF` prints so).
        ("qK", "(K)(fr)7+(K)(fl)7"),
        ("iqK", "(iK)(fr)7+(iK)(fl)7"),
    ] {
        translates_both_ways(x, m, 0x5eed_0101);
    }
    // Before the full circle: eight leaps come back to the start (M6), `q` does not.
    for (a, b, from) in [
        ("x:qW", "(W-{((fr)K)7})+(W-{((fl)K)7})", "d4"),
        ("x:qW", "(W-{((fr)K)5})+(W-{((fl)K)5})", "d4"),
        ("x:qW", "(W-{((fr)K)6})", "a1"),
    ] {
        assert!(!equal(a, b), "`{a}` ≠ `{b}`");
        let ((da, ta), (db, tb)) = (piece(a), piece(b));
        assert_ne!(moves_in(da, ta, from, "", ""), moves_in(db, tb, from, "", ""), "`{a}`, `{b}` on {from}");
    }
    let kings = "(W-{((fr)K)6})+(W-{((fl)K)6})+(F-{((fr)K)6})+(F-{((fl)K)6})";
    assert!(equal("x:qWqF", kings) && equal("x:qK", kings) && equal("(K)(fr)7+(K)(fl)7", kings));
    assert_eq!(to_mbn(&compile(Dialect::XBetza, "qWqF")).as_deref(), Ok("(K)(fr)7+(K)(fl)7"));
    assert_eq!(to_xbetza(&compile(Dialect::Mbn, kings)).as_deref(), Ok("qK"));
    // One way round, or fewer leaps, is no `q`; the error says what is.
    for m in ["(W-{((fr)K)6})", "(W-{((fr)K)5})+(W-{((fl)K)5})"] {
        let e = to_xbetza(&compile(Dialect::Mbn, m)).unwrap_err();
        assert!(e.contains("is XBetza's `qW` only both ways round with six turned leaps each"), "{m}: {e}");
    }
    // By hand from a1: a2, then right b3 c3 d2 d1 (then off the board); b1, then left c2 c3 b4 a4.
    // A friend on c3 stops both circles before it; an enemy there is taken and ends them.
    for (dialect, text) in [(Dialect::XBetza, "qW"), (Dialect::Mbn, "(W-{((fr)K)6})+(W-{((fl)K)6})")] {
        assert_eq!(moves_in(dialect, text, "a1", "", ""), "a2 a4 b1 b3 b4 c2 c3 d1 d2");
        assert_eq!(moves_in(dialect, text, "a1", "c3", ""), "a2 b1 b3 c2");
        assert_eq!(moves_in(dialect, text, "a1", "", "c3"), "a2 b1 b3 c2 xc3");
    }
}

/// X99 by hand: from a1, `rfqN`'s first leap is b3; turning right it goes on d4 f3 g1 (then off
/// the board), turning left a5 (then off).
#[test]
fn restricted_rose_by_hand() {
    let rose = "((rf)N-{((fr)N)6})+((rf)N-{((fl)N)6})";
    for (dialect, text) in [(Dialect::XBetza, "rfqN"), (Dialect::Mbn, rose)] {
        assert_eq!(moves_in(dialect, text, "a1", "", ""), "a5 b3 d4 f3 g1");
        // A friend on d4 ends the right-hand circle at b3; an enemy there is taken and ends it.
        assert_eq!(moves_in(dialect, text, "a1", "d4", ""), "a5 b3");
        assert_eq!(moves_in(dialect, text, "a1", "", "d4"), "a5 b3 xd4");
    }
}

/// X100: a circle whose leaps only move. XBetza's `mqN` is MBN's `(mN)(fr)7+(mN)(fl)7` (every
/// leap `m`; on the way a leap only moves anyway, D23), compared as its first leap and chains; it
/// printed as 19 chains and was called different from the rider.
#[test]
fn circles_that_only_move() {
    for (x, m) in [
        ("mqN", "(mN)(fr)7+(mN)(fl)7"),
        ("WmqN", "W+(mN)(fr)7+(mN)(fl)7"),
        ("mqC", "(mC)(fr)7+(mC)(fl)7"),
        ("rfmqN", "(m(rf)N-{(m(fr)N)6})+(m(rf)N-{(m(fl)N)6})"),
    ] {
        translates_both_ways(x, m, 0x5eed_0100);
    }
    // The chains as a chain writes them: a mode on the last leap only.
    let chains =
        |turn: &str| (1..7).map(|k| format!("+(N{}-m{turn}N)", format!("-{turn}N").repeat(k - 1))).collect::<String>();
    assert!(equal("(mN)(rf)7", &format!("mN{}", chains("(rf)"))));
    // `m` on the leaps is not the plain circle, nor captures.
    for (a, b) in [("x:mqN", "(N)(fr)7+(N)(fl)7"), ("x:qN", "(mN)(fr)7+(mN)(fl)7"), ("x:cqN", "(mN)(fr)7+(mN)(fl)7")] {
        assert!(!equal(a, b), "`{a}` ≠ `{b}`");
    }
    // By hand from a1: b3 then d4 f3 g1 turning right, a5 left; c2 then d4 c6 a7 turning left,
    // e1 right. An enemy on d4 is not taken and stops both circles through it; a friend on b3
    // stops the circles from b3.
    for (dialect, text) in [(Dialect::XBetza, "mqN"), (Dialect::Mbn, "(mN)(fr)7+(mN)(fl)7")] {
        assert_eq!(moves_in(dialect, text, "a1", "", ""), "a5 a7 b3 c2 c6 d4 e1 f3 g1");
        assert_eq!(moves_in(dialect, text, "a1", "", "d4"), "a5 b3 c2 e1");
        assert_eq!(moves_in(dialect, text, "a1", "b3", ""), "a7 c2 c6 d4 e1");
    }
    // One way round has no XBetza spelling mbn reads (Betza 2.0's `mNrf7` is refused).
    let e = to_xbetza(&compile(Dialect::Mbn, "(mN)(rf)7")).unwrap_err();
    assert!(e.contains("`mqN`, X100"), "{e}");
}

/// X102: `i` on a circle. XBetza's `iqN` (its chains have `i` on the first leap) is MBN's
/// `(iN)(fr)7+(iN)(fl)7` (every leap has `i`, D24): on any leg, `i` makes the whole move initial
/// (M66), so legs after a first leg with `i` are compared without it. It printed as 20 moves and
/// chains, and `iqW` had no XBetza translation at all.
#[test]
fn initial_circles() {
    for (x, m) in [
        ("iqN", "(iN)(fr)7+(iN)(fl)7"),
        ("imqN", "(imN)(fr)7+(imN)(fl)7"),
        ("irqN", "(irN-{((fr)N)6})+(irN-{((fl)N)6})"),
        ("iqW", "(iW-{((fr)K)6})+(iW-{((fl)K)6})"),
    ] {
        assert_eq!(to_xbetza(&compile(Dialect::XBetza, x)).as_deref(), Ok(x), "`{x}`");
        translates_both_ways(x, m, 0x5eed_0102);
    }
    // `i` on any leg makes the whole move initial (M66): on later legs as well, or instead, it
    // is the same move; `ii` is more.
    for (a, b) in [("iN-(fr)N", "iN-i(fr)N"), ("iN-(fr)N", "N-i(fr)N"), ("iiN-(fr)N", "iN-ii(fr)N")] {
        assert!(equal(a, b), "`{a}` = `{b}`");
        let seen = alike_on_random_boards(a, b, 0x5eed_0102);
        assert!(seen > 100, "`{a}`: the random boards show too little ({seen} moves)");
    }
    assert!(equal("x:iqN", "(iN-{((fr)N)6})+(iN-{((fl)N)6})"));
    for (a, b) in [("x:qN", "(iN)(fr)7+(iN)(fl)7"), ("x:iqN", "(N)(fr)7+(N)(fl)7"), ("iN-(fr)N", "iN-ii(fr)N")] {
        assert!(!equal(a, b), "`{a}` ≠ `{b}`");
    }
    // By hand: unmoved on e1, `qN`'s squares (`rose_by_hand`); moved, none (nor for `N-i(fr)N`).
    for (dialect, text) in [(Dialect::XBetza, "iqN"), (Dialect::Mbn, "(iN)(fr)7+(iN)(fl)7")] {
        assert_eq!(moves_in(dialect, text, "e1", "", ""), "a1 a5 b4 c2 c6 d3 e5 e7 f3 g2 g6 h4");
    }
    for (dialect, text) in [(Dialect::XBetza, "iqN"), (Dialect::Mbn, "(iN)(fr)7+(iN)(fl)7"), (Dialect::Mbn, "N-i(fr)N")]
    {
        let (variant, interp) = probe_of(dialect, text);
        let mut pos = board(&variant, Color::White, "e1", "", "");
        pos.set_unmoved(0);
        assert!(written(&interp, &pos, "e1").is_empty(), "`{text}` moved");
    }
}
