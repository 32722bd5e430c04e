//! XBetza `u` (unload) on one leg: MBN's swaps (docs/SEMANTICS.md X26, M24). Each form is
//! compared with its MBN spelling (the same IR, spans aside, and `ancp::equal`), and the Swapper
//! `udQ` and the single-leg part of the Valkyrie `QudQafudQ` (seed 001) are run by the
//! interpreter on a board with friends and enemies, against sets worked out by hand.
//!
//! Notation of results: `e6` a quiet move, `xe6` a capture, `we6` a swap with the piece on e6.

mod common;

use common::probe::{board, piece_list, probe, write};
use mbn_codegen::ancp;
use mbn_codegen::ir::{Extra, MoveSet, Part};
use mbn_codegen::syntax::ast::Span;
use mbn_codegen::syntax::xbetza::translate::{to_mbn, to_xbetza};
use mbn_codegen::{compile_move, compile_move_in, Dialect};
use mbn_runtime::Color;

fn xbetza(text: &str) -> MoveSet {
    compile_move_in(Dialect::XBetza, text).unwrap_or_else(|d| panic!("`{text}`: {}", d[0].message))
}

fn mbn(text: &str) -> MoveSet {
    compile_move(text).unwrap_or_else(|d| panic!("`{text}`: {}", d[0].message))
}

/// The move set with every span cleared, for comparing IR written differently.
fn without_spans(mut set: MoveSet) -> MoveSet {
    for m in &mut set.moves {
        m.span = Span::default();
        for p in &mut m.parts {
            if let Part::Leg(leg) = p {
                leg.span = Span::default();
            }
        }
    }
    set
}

/// The error of an XBetza string: its message, help and 1-based column.
fn error(text: &str) -> (String, usize) {
    match compile_move_in(Dialect::XBetza, text) {
        Ok(_) => panic!("`{text}` compiles"),
        Err(d) => (format!("{} {}", d[0].message, d[0].help.clone().unwrap_or_default()), d[0].span.start + 1),
    }
}

/// The moves of `color`'s piece `A` on `from` of a probe board, with friends (its colour) and
/// enemies; sorted, each listed once, none both a capture and a swap.
fn moves(text: &str, color: Color, from: &str, friends: &str, enemies: &str) -> Vec<String> {
    let (variant, interp) = probe(xbetza(text)).unwrap_or_else(|e| panic!("`{text}`: {}", e[0].message));
    let pos = board(&variant, color, from, friends, enemies);
    let list = piece_list(&interp, &pos, from);
    assert!(list.iter().all(|mv| !(mv.is_capture() && mv.is_swap())), "`{text}`: a swap that captures");
    let mut out: Vec<String> = list.iter().map(|mv| write(pos.geometry(), &list, mv)).collect();
    out.sort();
    let before = out.len();
    out.dedup();
    assert_eq!(out.len(), before, "`{text}`: a move listed twice");
    out
}

fn white(text: &str, from: &str, friends: &str, enemies: &str) -> Vec<String> {
    moves(text, Color::White, from, friends, enemies)
}

/// `"a b c"` as a sorted list.
fn set(squares: &str) -> Vec<String> {
    let mut v: Vec<String> = squares.split_whitespace().map(str::to_string).collect();
    v.sort();
    v
}

/// X26: a `u` leg that also moves is MBN's `w` form, the captured side naming the swapped side.
#[test]
fn unload_that_moves_is_mbn_w() {
    let pairs = [
        ("uQ", "wQ"),
        ("umcQ", "wQ"),
        ("umdQ", "wwQ"),
        ("umcdQ", "wyQ"),
        ("uN", "wN"),
        ("ucmK", "wK"),
        ("fuR", "wfR"),
        ("iuW", "iwW"),
        ("umdR4", "wwW4"),
    ];
    for (x, m) in pairs {
        let (x_ir, m_ir) = (xbetza(x), mbn(m));
        assert!(ancp::equal(&x_ir, &m_ir), "`{x}` and `{m}`:\n{x_ir:#?}\n{m_ir:#?}");
        assert_eq!(without_spans(x_ir), without_spans(m_ir), "`{x}` and `{m}`: the same IR");
    }
    // Not the same as a plain queen, nor as the other side's swaps.
    assert!(!ancp::equal(&xbetza("uQ"), &mbn("Q")));
    assert!(!ancp::equal(&xbetza("uQ"), &mbn("wwQ")));
}

/// X26: a `u` leg that only captures (`udQ`, the Swapper) swaps and never moves: a written mode with
/// no capability and MBN's swap kept as the extra (MBN has no spelling for it).
#[test]
fn unload_that_only_captures_is_a_swap_only_leg() {
    for (x, swap) in [("udQ", "ww"), ("ucQ", "w"), ("ucdQ", "wy"), ("udN", "ww")] {
        let set = xbetza(x);
        for m in &set.moves {
            let leg = m.single_leg().expect("single legs");
            assert!(leg.capabilities.is_empty() && leg.mode_written, "`{x}`: {leg:#?}");
            assert_eq!(leg.extras, vec![Extra::Other(swap.to_string())], "`{x}`");
        }
        // The same vectors and reach as MBN's `ww`-form, which also moves.
        let m = mbn(&format!("{swap}{}", &x[x.len() - 1..]));
        let strip = |s: MoveSet| {
            let mut s = without_spans(s);
            for mv in &mut s.moves {
                let Part::Leg(leg) = &mut mv.parts[0] else { unreachable!() };
                leg.capabilities.clear();
                leg.mode_written = true;
            }
            s
        };
        assert_eq!(without_spans(xbetza(x)), strip(m), "`{x}`");
    }
    // The canonical form keeps the swap-only legs apart: from nothing, from each other, from `wwQ`.
    let forms = ["udQ", "ucQ", "ucdQ", "udR", "udB"];
    for a in forms {
        assert!(!ancp::Canonical::of(&xbetza(a)).to_string().is_empty(), "`{a}`");
        for b in forms {
            assert_eq!(ancp::equal(&xbetza(a), &xbetza(b)), a == b, "`{a}` and `{b}`");
        }
    }
    assert!(!ancp::equal(&xbetza("udQ"), &mbn("wwQ")));
    assert!(ancp::equal(&xbetza("udQ"), &xbetza("udRudB")), "a queen is a rook and a bishop");
    assert!(ancp::equal(&xbetza("udK"), &xbetza("udWudF")));
}

/// Seed 001: "udQ describes a piece that can swap location with every friendly piece a Queen's
/// move away, and ucdQ could swap with any piece"; the swapped piece goes to the start square.
///
/// ```text
///   7 . . . . . . . .      Swapper on d4; friends d6, g4, b2; enemies f6, a4, d2.
///   6 . . . Z . z . .      Along its eight lines the first piece met is d6 (friend), f6 (enemy),
///   5 . . . . . . . .      g4 (friend), g1 (none: empty to the edge), d2 (enemy), b2 (friend),
///   4 z . . A . . Z .      a4 (enemy), a7 (none).
///   3 . . . . . . . .
///   2 . Z . z . . . .
///   1 . . . . . . . .
///     a b c d e f g h
/// ```
#[test]
fn swapper() {
    let (friends, enemies) = ("d6 g4 b2", "f6 a4 d2");
    assert_eq!(white("udQ", "d4", friends, enemies), set("wb2 wd6 wg4"));
    assert_eq!(white("ucQ", "d4", friends, enemies), set("wa4 wd2 wf6"));
    assert_eq!(white("ucdQ", "d4", friends, enemies), set("wa4 wb2 wd2 wd6 wf6 wg4"));
    // With no mode `u` also moves: `uQ` = MBN `wQ`, steps to empty squares and swaps with enemies.
    let quiet = "a7 b4 b6 c3 c4 c5 d3 d5 e3 e4 e5 f2 f4 g1";
    assert_eq!(white("uQ", "d4", friends, enemies), set(&format!("{quiet} wa4 wd2 wf6")));
    assert_eq!(white("umdQ", "d4", friends, enemies), set(&format!("{quiet} wb2 wd6 wg4")));
    // An empty board: nothing to swap with.
    assert!(white("udQ", "d4", "", "").is_empty());
    // Directions as on any leg: Black's forward is down the board, `fudR` swaps along the file.
    assert_eq!(moves("fudR", Color::Black, "d5", "d2 e5", "d7"), set("wd2"));
    assert_eq!(white("fudR", "d4", "d2 d7", "e4"), set("wd7"));
    // A leaper swaps on its square: `udN` with friends c6 f3 and an enemy e6.
    assert_eq!(white("udN", "d4", "c6 f3", "e6"), set("wc6 wf3"));
}

/// The Valkyrie `QudQafudQ` (seed 001) without its `afudQ` part: a queen that also swaps with
/// friends (`QudQ`). On the swapper's board: the queen's quiet moves and captures, and the swaps.
#[test]
fn valkyrie_single_leg_part() {
    let (friends, enemies) = ("d6 g4 b2", "f6 a4 d2");
    let quiet = "a7 b4 b6 c3 c4 c5 d3 d5 e3 e4 e5 f2 f4 g1";
    assert_eq!(white("QudQ", "d4", friends, enemies), set(&format!("{quiet} xa4 xd2 xf6 wb2 wd6 wg4")));
    // It is MBN's `Q` with the swap-only friend leg: the same piece as `Q+` the swapper.
    assert!(ancp::equal(&xbetza("QudQ"), &{
        let mut s = mbn("Q");
        s.moves.extend(xbetza("udQ").moves);
        s
    }));
    // The full Valkyrie `QudQafudQ` compiles (X27; run in `xbetza_induction.rs`).
    assert!(compile_move_in(Dialect::XBetza, "QudQafudQ").is_ok());
}

/// X26: the forms that do not map onto MBN's swaps are refused at the `u`, saying why.
#[test]
fn unload_forms_not_read_are_errors_with_their_column() {
    let cases = [
        ("umQ", 1, "captures nothing"),
        ("fmuR", 3, "captures nothing"),
        ("nudD", 2, "not with `n`"),
        ("ujD", 1, "not with `j`"),
        ("uqN", 1, "not with `q`"),
        ("uceF", 1, "`e`"),
        ("mW-uF", 4, "chain"),
        ("Rmu0", 3, "not supported yet"),
    ];
    for (text, column, what) in cases {
        let (message, at) = error(text);
        assert!(message.contains("`u`") && message.contains(what), "`{text}`: {message}");
        assert_eq!(at, column, "`{text}`: {message}");
    }
}

/// M129 holds for XBetza: a piece may both capture and swap with the same piece (`QucQ`); the
/// two are two moves (`xa4`, `wa4`), with two texts.
#[test]
fn capture_and_swap_of_one_side_are_two_moves() {
    assert_eq!(
        white("QucQ", "d4", "d6 g4 b2", "f6 a4 d2"),
        set("a7 b4 b6 c3 c4 c5 d3 d5 e3 e4 e5 f2 f4 g1 xa4 xd2 xf6 wa4 wd2 wf6")
    );
    assert_eq!(white("KucdK", "d4", "d5", "e5"), set("c3 c4 c5 d3 e3 e4 xe5 wd5 we5"));
    for text in ["udQdK", "KudQ"] {
        assert!(probe(xbetza(text)).is_ok(), "`{text}`");
    }
}

/// `mbn translate` carries the swaps both ways where MBN has the form; the swap-only legs have an
/// MBN spelling only beside a move along the same lines (X75; checked by compiling it back).
#[test]
fn translations() {
    for (x, m) in [("uQ", "wW0+wF0"), ("umdN", "wwN"), ("fumcdR", "wyfW0"), ("iuW", "iwW")] {
        assert_eq!(to_mbn(&xbetza(x)).as_deref(), Ok(m), "`{x}`");
        assert!(ancp::equal(&xbetza(&to_xbetza(&mbn(m)).unwrap()), &xbetza(x)), "`{m}`");
    }
    assert_eq!(to_xbetza(&mbn("wK")).as_deref(), Ok("umcWumcF"));
    assert_eq!(to_xbetza(&xbetza("udQ")).as_deref(), Ok("udRudB"));
    assert_eq!(to_xbetza(&xbetza("ucdN")).as_deref(), Ok("ucdN"));
    let refused = to_mbn(&xbetza("udQ")).expect_err("no MBN spelling");
    assert!(refused.contains("only swaps") && refused.contains("only where the piece also moves"), "{refused}");
    // Where the piece moves there anyway, it has one (X75).
    assert_eq!(to_mbn(&xbetza("QudQ")).as_deref(), Ok("W0+F0+wwW0+wwF0"));
    // A written `m` beside a swap changes nothing (X45): `mwwK` is `wwK`, XBetza's `umdK`.
    assert_eq!(to_xbetza(&mbn("mwwK")).as_deref(), Ok("umdWumdF"));
}

/// X92: `u` on the first leg of a multi-leg move unloads on the mover's square: where the last leg
/// moves or takes an enemy with no mode written, the move is MBN's `w` on the last leg (M43).
#[test]
fn a_first_leg_unload_is_a_swap_on_the_last_leg() {
    for (x, m) in [("upR", "jyW0-wW0"), ("upafR", "jyW0-wW0"), ("uafR", "W0-wW0"), ("mKupR", "mW+mF+(jyW0-wW0)")] {
        assert_eq!(to_mbn(&xbetza(x)).as_deref(), Ok(m), "`{x}`");
        assert!(ancp::equal(&xbetza(x), &mbn(m)), "`{x}` = `{m}`");
    }
    // The same moves, swaps included: X67's Cannon set, and a board for Black.
    let (variant, interp) = probe(mbn("jyW0-wW0")).unwrap_or_else(|e| panic!("{}", e[0].message));
    for (color, from, friends, enemies) in
        [(Color::White, "d4", "d6", "d8 f4 h4 d2"), (Color::Black, "e5", "e7 c5", "e8 a5 h5 e1")]
    {
        let pos = board(&variant, color, from, friends, enemies);
        let list = piece_list(&interp, &pos, from);
        let mut got: Vec<String> = list.iter().map(|mv| write(pos.geometry(), &list, mv)).collect();
        got.sort();
        assert_eq!(got, moves("upR", color, from, friends, enemies), "{color:?} on {from}");
    }
    assert_eq!(white("upR", "d4", "d6", "d8 f4 h4 d2"), set("d1 d7 g4 wd8 wh4"));
    // A last leg that only captures would swap without moving, which MBN's `w` does not say.
    for x in ["ucpR", "uafdQ"] {
        let e = to_mbn(&xbetza(x)).expect_err(x);
        assert!(e.contains("MBN's `w` without a mode also moves"), "`{x}`: {e}");
        assert!(!ancp::equal(&xbetza(x), &mbn("jyW0-wW0")), "`{x}`");
    }
    // On a later leg `u` relocates (X27): no MBN spelling.
    assert!(to_mbn(&xbetza("KafuafcR")).is_err_and(|e| e.contains("relocation")));
}

/// The canonical (ANCP) text of a swap-only leg names the swap and the leg.
#[test]
fn canonical_text_of_a_swap_only_leg() {
    assert_eq!(ancp::Canonical::of(&xbetza("udR")).to_string(), "idle:modifier(ww):slide*(0,1)");
    assert_eq!(ancp::Canonical::of(&xbetza("fucN")).to_string(), "idle:modifier(w):leap!(-1,2)(1,2)");
}

/// `mbn explain` draws swaps with marks of their own (X45): a swap-only leg's squares `s`, a
/// leg that moves or swaps `w`, one that captures or swaps `+`; never as captures.
#[test]
fn explain_draws_swaps_with_their_own_marks() {
    use mbn_codegen::diagram::{destinations, render, Board};
    let board = Board { files: 8, ranks: 8 };
    let (marks, notes) = destinations(&xbetza("udQ"), board, (3, 3));
    assert_eq!(marks.len(), 27, "the queen's squares from d4");
    assert!(marks.values().all(|m| m.swaps && !m.moves && !m.captures), "{marks:?}");
    assert!(notes.is_empty(), "{notes:?}");
    // The Valkyrie's single-leg part: the queen moves or captures, and swaps with friends.
    let (marks, _) = destinations(&xbetza("QudQ"), board, (3, 3));
    assert_eq!(marks.len(), 27, "the queen's squares from d4");
    assert!(marks.values().all(|m| m.swaps && m.moves && m.captures), "{marks:?}");
    // MBN's `wK` (move or swap) and XBetza's `ucK` (swap only) on a 3x3 board from b1.
    let small = Board { files: 3, ranks: 3 };
    let mbn = mbn_codegen::compile_move("wK").unwrap();
    let (marks, _) = destinations(&mbn, small, (1, 0));
    assert_eq!(render(small, (1, 0), &marks), "  3 . . .\n  2 w w w\n  1 w X w\n    a b c\n");
    let (marks, _) = destinations(&xbetza("ucK"), small, (1, 0));
    assert_eq!(render(small, (1, 0), &marks), "  3 . . .\n  2 s s s\n  1 s X s\n    a b c\n");
    let (marks, _) = destinations(&xbetza("KudK"), small, (1, 0));
    assert_eq!(render(small, (1, 0), &marks), "  3 . . .\n  2 + + +\n  1 + X +\n    a b c\n");
}
