//! The modes of Betza 2.0 chains beyond X20–X24 (docs/SEMANTICS.md X50–X53), run by the
//! interpreter: `n` and `e` (e.p. rights and captures, X50), `u` on the last leg (relocation,
//! X51), `y` and `g` (range toggles, X52) and what stays refused (`di`, X53). Each is checked on
//! hand-worked sets on two boards (one with blockers), against its a-leg spelling (the same moves;
//! the two IRs differ in shape, relative legs against unrolled absolute ones, so `ancp::equal`
//! tells them apart) and against its MBN spelling (`ancp::equal`) where MBN has one, translated
//! both ways. Both back ends: `tests/generated_vs_interpreted.rs` (`ChainModes`) and
//! `tests/xbetza_chain_modes.rs` (chess perft) at the workspace root.
//!
//! Notation of results: `e6` a quiet move, `xe6` a capture, `e6:ep` an en passant capture, `e4+`
//! a double step (it leaves e.p. rights), `d7>d5` a relocation (the mover to d7, the piece there
//! to d5).

mod common;

use common::probe::{compile, probe, probe_variant};
use mbn_codegen::ancp::{equal, Canonical};
use mbn_codegen::interp::Interpreter;
use mbn_codegen::syntax::xbetza::translate::{to_mbn, to_xbetza};
use mbn_codegen::variant::Variant;
use mbn_codegen::{compile_move_in, Dialect};
use mbn_runtime::{Geometry, Move, MoveGenerator, MoveList, Position};

/// The probe variant: the piece `A` under test (XBetza), an inert blocker `Z` (`mfW`), a King
/// and a Pawn (`P`, XBetza `pawn`).
fn interpreter(a: &str, pawn: &str) -> (Variant, Interpreter) {
    let pieces = [('A', a), ('Z', "mfW"), ('K', "K"), ('P', pawn)];
    common::probe::xbetza_probe("A|Piece| Z|Blocker| K|King| P|Pawn|", false, &pieces)
        .unwrap_or_else(|e| panic!("`{a}`, `{pawn}`: {e}"))
}

/// A move as in the module's notation, with the pieces it captures on the way (`f5(xe4)`).
fn text(g: Geometry, mv: &Move, list: &MoveList) -> String {
    let x = if mv.is_capture() && !mv.is_en_passant() { "x" } else { "" };
    let ep = if mv.is_en_passant() { ":ep" } else { "" };
    let plus = if mv.is_double_step() { "+" } else { "" };
    let relocation = mv.relocation().map(|s| format!(">{}", g.square_name(s))).unwrap_or_default();
    let w = if mv.is_swap() && relocation.is_empty() { "w" } else { "" };
    let extra: Vec<String> = list.extra_captures(mv).iter().map(|&s| format!("x{}", g.square_name(s))).collect();
    let extra = if extra.is_empty() { String::new() } else { format!("({})", extra.join(",")) };
    format!("{x}{w}{}{extra}{ep}{plus}{relocation}", g.square_name(mv.to()))
}

/// The legal moves of the piece on `from` in `fen` (the piece `A` is `a`, the Pawn `pawn`), sorted.
fn moves_with(a: &str, pawn: &str, fen: &str, from: &str) -> String {
    let (variant, interp) = interpreter(a, pawn);
    let pos = Position::<u64>::from_fen(&variant.table, variant.geometry, fen).expect("the FEN loads");
    let g = pos.geometry();
    let mut list = MoveList::new();
    interp.legal_moves(&pos, &mut list);
    let mut out: Vec<String> =
        list.iter().filter(|mv| g.square_name(mv.from()) == from).map(|mv| text(g, mv, &list)).collect();
    out.sort();
    out.join(" ")
}

/// The moves of the Pawn `pawn` on `from`.
fn pawn(pawn: &str, fen: &str, from: &str) -> String {
    moves_with("K", pawn, fen, from)
}

/// The moves of the piece `a` on `from`.
fn piece(a: &str, fen: &str, from: &str) -> String {
    moves_with(a, "fmWfcF", fen, from)
}

/// The XBetza chain has the IR of the MBN move, and each translates to the other.
fn same_as_mbn(xbetza: &str, mbn: &str) {
    let (x, m) = (compile(Dialect::XBetza, xbetza), compile(Dialect::Mbn, mbn));
    assert!(equal(&x, &m), "XBetza `{xbetza}` = {}\nMBN `{mbn}` = {}", Canonical::of(&x), Canonical::of(&m));
    let to = to_mbn(&x).unwrap_or_else(|e| panic!("`{xbetza}` to MBN: {e}"));
    assert!(equal(&compile(Dialect::Mbn, &to), &x), "`{xbetza}` -> `{to}`");
    let back = to_xbetza(&m).unwrap_or_else(|e| panic!("`{mbn}` to XBetza: {e}"));
    assert!(equal(&compile(Dialect::XBetza, &back), &m), "`{mbn}` -> `{back}`");
}

/// The first diagnostic of an XBetza piece: its message, the text it points at, and its help.
fn error(a: &str) -> (String, String, String) {
    let text = a.to_string();
    let (message, span, help) = match compile_move_in(Dialect::XBetza, a) {
        Err(d) => (d[0].message.clone(), d[0].span, d[0].help.clone().unwrap_or_default()),
        Ok(moves) => {
            // Refused when prepared for a board (the plan), not when read.
            match probe(moves) {
                Ok(_) => panic!("`{a}` runs"),
                Err(d) => (d[0].message.clone(), d[0].span, d[0].help.clone().unwrap_or_default()),
            }
        }
    };
    (message, text[span.start..span.end].to_string(), help)
}

/// X50: `n` on the leg leading to a square leaves e.p. rights there: the FIDE Pawn's double step
/// as a chain `ifmnW-mW` (MBN `imefW-mW`, M44; the a-leg `ifnmafmW`, X41).
#[test]
fn n_on_a_chain_leg_leaves_en_passant_rights() {
    let p = "fmWfceF(ifmnW-mW)";
    // Board 1, empty: the single step and the double step.
    assert_eq!(pawn(p, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "e2"), "e3 e4+");
    // Board 2, blockers: e4 taken leaves e3; e3 taken leaves nothing (the first leg moves only),
    // whoever stands there.
    assert_eq!(pawn(p, "4k3/8/8/8/4p3/8/4P3/4K3 w - - 0 1", "e2"), "e3");
    assert_eq!(pawn(p, "4k3/8/8/8/8/4Z3/4P3/4K3 w - - 0 1", "e2"), "");
    // The rights are taken: the Black Pawn on d4 captures en passant on e3.
    assert_eq!(pawn(p, "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1", "d4"), "d3 e3:ep");
    // The same moves as the a-leg spelling of X41, on every board above.
    for (fen, from) in [
        ("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "e2"),
        ("4k3/8/8/8/4p3/8/4P3/4K3 w - - 0 1", "e2"),
        ("4k3/8/8/8/8/4Z3/4P3/4K3 w - - 0 1", "e2"),
        ("4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1", "d4"),
    ] {
        assert_eq!(pawn(p, fen, from), pawn("fmWfceFifnmafmW", fen, from), "{fen}");
    }
    same_as_mbn("ifmnW-mW", "imefW-mW");
    same_as_mbn("fmnW-mW", "mefW-mW");
    same_as_mbn(p, "mfW+cefF+(imefW-mW)");
}

/// X50: `e` on the last leg captures en passant there: `fmW-rceW` (MBN `fW-cerW`, M45; the a-leg
/// `fmarceW`, X42) steps forward, then right, capturing or taking en passant.
#[test]
fn e_on_the_last_chain_leg_captures_en_passant() {
    let p = "fmW(fmW-rceW)";
    // Board 1: after e7e5 (rights on e6) the Pawn on d5 goes d6, then takes e5 on e6.
    assert_eq!(pawn(p, "4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 1", "d5"), "d6 e6:ep");
    // Board 2, blockers: d6 taken closes the path; without rights e6 is no move (the last leg
    // only captures); an enemy on e6 is captured plainly.
    assert_eq!(pawn(p, "4k3/8/3p4/3Pp3/8/8/8/4K3 w - e6 0 1", "d5"), "");
    assert_eq!(pawn(p, "4k3/8/8/3Pp3/8/8/8/4K3 w - - 0 1", "d5"), "d6");
    assert_eq!(pawn(p, "4k3/8/4p3/3P4/8/8/8/4K3 w - - 0 1", "d5"), "d6 xe6");
    // `e` alone takes en passant only (MBN `cee`): no plain capture on e6.
    assert_eq!(pawn("fmW(fmW-reW)", "4k3/8/4p3/3P4/8/8/8/4K3 w - - 0 1", "d5"), "d6");
    assert_eq!(pawn("fmW(fmW-reW)", "4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 1", "d5"), "d6 e6:ep");
    for fen in [
        "4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 1",
        "4k3/8/3p4/3Pp3/8/8/8/4K3 w - e6 0 1",
        "4k3/8/8/3Pp3/8/8/8/4K3 w - - 0 1",
        "4k3/8/4p3/3P4/8/8/8/4K3 w - - 0 1",
    ] {
        assert_eq!(pawn(p, fen, "d5"), pawn("fmWfmarceW", fen, "d5"), "{fen}");
    }
    same_as_mbn("fmW-rceW", "fW-cerW");
    same_as_mbn("W-eF", "W-ceeF");
    same_as_mbn("W-ceF", "W-cefF");
}

/// X50: what the runtime's e.p. model cannot hold stays refused, at the letter or the move.
#[test]
fn en_passant_forms_refused_in_chains() {
    let (m, at, help) = error("fmW-mnW");
    assert_eq!((m.as_str(), at.as_str()), ("XBetza `n` is not supported yet", "n"));
    assert!(help.contains("last leg"), "{help}");
    let (_, at, help) = error("nN-W");
    assert_eq!(at, "n");
    assert!(help.contains("no stepper"), "{help}");
    let (_, at, help) = error("fcnW-W");
    assert_eq!(at, "n");
    assert!(help.contains("captures"), "{help}");
    let (m, at, _) = error("W-eW-W");
    assert_eq!((m.as_str(), at.as_str()), ("XBetza `e` is not supported yet", "e"));
    // Refused by the plan (M44): a bent path, a square passed without rights, a rider leg.
    for text in ["fmnW-sW", "fmnW-W-W", "ifmnR-mW"] {
        let (m, _, _) = error(text);
        assert!(m.contains("en passant rights") && m.contains("not run"), "`{text}`: {m}");
    }
}

/// X51: `u` on the last leg of a chain: the piece that leg captures goes to the leg's start square
/// (X27). The Valkyrie as a chain `QudQ(Q-udQ)` has the moves of `QudQafudQ`.
#[test]
fn u_on_the_last_chain_leg_relocates() {
    // Board 1 of X27: the Valkyrie on d4; friends d7 g4 b2, enemies d1 a4 f6.
    let fen = "7k/3Z4/5z2/8/z2A2Z1/8/1Z6/3z3K w - - 0 1";
    assert_eq!(piece("Q-udQ", fen, "d4"), "b2>c3 d7>d5 d7>d6 g4>e4 g4>f4");
    let quiet = "c3 c4 c5 b4 b6 a7 d2 d3 d5 d6 e3 e4 e5 f2 f4 g1";
    let mut all: Vec<&str> = quiet.split(' ').collect();
    all.extend(["xa4", "xd1", "xf6", "wb2", "wd7", "wg4", "b2>c3", "d7>d5", "d7>d6", "g4>e4", "g4>f4"]);
    all.sort();
    assert_eq!(piece("QudQ(Q-udQ)", fen, "d4"), all.join(" "));
    // Board 2 of X27, blockers: on c1, b1 adjacent (a swap only), c3 an enemy in front of c5.
    let fen2 = "7k/8/8/2Z5/8/z1z1Z3/8/1ZA3Z1 w - - 0 1";
    assert_eq!(piece("Q-udQ", fen2, "c1"), "e3>d2 g1>d1 g1>e1 g1>f1");
    for (f, from) in [(fen, "d4"), (fen2, "c1")] {
        assert_eq!(piece("QudQ(Q-udQ)", f, from), piece("QudQafudQ", f, from));
        assert_eq!(piece("Q-udQ", f, from), piece("afudQ", f, from));
    }
    // `uc` relocates enemies: the enemy f6 to e5.
    assert_eq!(piece("B-ucB", fen, "d4"), "f6>e5");
    // MBN has no relocation: the translation says so.
    let err = to_mbn(&compile(Dialect::XBetza, "Q-udQ")).unwrap_err();
    assert!(err.contains("relocation") && err.contains("no MBN spelling"), "{err}");
}

/// X51, X53: `u` where it would not capture, on a leg on the way (seed 002's carrying), with `e`;
/// `di` (virgin pieces only) with its castling example.
#[test]
fn unload_forms_refused_in_chains() {
    let (m, at, help) = error("Q-uQ");
    assert_eq!((m.as_str(), at.as_str()), ("XBetza `u` is not supported yet", "u"));
    assert!(help.contains("captures nothing"), "{help}");
    let (_, at, help) = error("udQ-W");
    assert_eq!(at, "u");
    assert!(help.contains("leg on the way"), "{help}");
    let (_, at, help) = error("W-uceF");
    assert_eq!(at, "u");
    assert!(help.contains("`e`"), "{help}");
    // A capture on the way with a relocation (X27).
    let (m, _, _) = error("cQ-udQ");
    assert!(m.contains("XBetza `u` in a move that also captures on the way"), "{m}");
    // Seed 002's castling: `di` at columns 3-4, with why.
    let (m, at, help) = error("irdiW03-buD-bW");
    assert_eq!((m.as_str(), at.as_str()), ("XBetza `di` is not supported yet", "di"));
    assert!(help.contains("castling") && help.contains("X53"), "{help}");
    let (_, at, _) = error("diW-W");
    assert_eq!(at, "di");
    // `id` is `i` and `d`: an initial move that destroys a friend.
    assert!(compile_move_in(Dialect::XBetza, "idW-W").is_ok());
}

/// X52: `g` on a leg hops and toggles the next leg's range, `y` moves and toggles. The
/// grasshopper `gQ-Q` is `pQ-K` (MBN `jyQ-K`) and one-leg `gQ`.
#[test]
fn g_and_y_toggle_the_next_leg() {
    // M10's board: friends b2 d3, enemies d6 f6 g7.
    let fen = "7k/6z1/3z1z2/8/3A4/3Z4/1Z6/7K w - - 0 1";
    assert_eq!(piece("gQ-Q", fen, "d4"), "a1 d2 d7 xg7");
    assert_eq!(piece("gQ-Q", "7k/8/8/8/3A4/8/8/7K w - - 0 1", "d4"), "");
    assert_eq!(piece("gQ-Q", fen, "d4"), piece("gQ", fen, "d4"));
    assert_eq!(piece("gQ-Q", fen, "d4"), piece("pQ-K", fen, "d4"));
    same_as_mbn("gQ-Q", "jyQ-K");
    // `tg` hops friends only: b2 and d3.
    assert_eq!(piece("tgQ-Q", fen, "d4"), "a1 d2");
    same_as_mbn("tgQ-Q", "jjQ-K");
    // `gR-W`: the leg after the hurdle rides on as a Rook. Cannon board: friends d6 d1, enemies
    // d7 d8 d2 b4 a4; then friend d6 and enemy b4 alone.
    let cannon = "3z3k/3z4/3Z4/8/zz1A4/8/3z4/3Z3K w - - 0 1";
    assert_eq!(piece("gR-W", cannon, "d4"), "xa4 xd7");
    assert_eq!(piece("gR-W", "7k/8/3Z4/8/1z1A4/8/8/7K w - - 0 1", "d4"), "a4 d7 d8");
    same_as_mbn("gR-W", "jyR-R");
    same_as_mbn("gR-R", "jyR-W");
    // Another letter: a leap toggles into a ride.
    assert!(equal(&compile(Dialect::XBetza, "gN-N"), &compile(Dialect::XBetza, "pN-N0")));
    // `yW-F`: a W step, then a Bishop's slide 45° either way (MBN `W-B`; the a-leg `yafsW`).
    // Board 1, the Kings alone: from c4 d3 d5 e4 the diagonals turned 45° (h1 holds the
    // mover's King).
    let empty = "7k/8/8/8/3A4/8/8/7K w - - 0 1";
    assert_eq!(piece("yW-F", empty, "d4"), "a2 a6 a8 b1 b3 b5 b7 c2 c6 e2 e6 f1 f3 f5 f7 g2 g6 g8 h7");
    // Friends d5 e2, enemies e4 b5: up and right closed (the W leg only moves), down d3 then c2
    // b1 (e2 a friend), left c4 then b3 a2 and the enemy b5.
    let blocked = "7k/8/8/1z1Z4/3Az3/8/4Z3/7K w - - 0 1";
    assert_eq!(piece("yW-F", blocked, "d4"), "a2 b1 b3 c2 xb5");
    for f in [empty, blocked] {
        assert_eq!(piece("yW-F", f, "d4"), piece("yafsW", f, "d4"));
    }
    same_as_mbn("yW-F", "W-B");
    // `cy`: a capture on the way that toggles: over the enemy e4 on as a Bishop (h1: the King).
    assert_eq!(piece("cyW-F", blocked, "d4"), "f3(xe4) f5(xe4) g2(xe4) g6(xe4) h7(xe4)");
    assert_eq!(piece("cyW-F", empty, "d4"), "");
    same_as_mbn("cyW-F", "cW-B");
}

/// X52: a toggle with nothing after it, or a hop that also moves, is an error at its letter.
#[test]
fn toggle_forms_refused_in_chains() {
    let (m, at, help) = error("W-yF");
    assert_eq!((m.as_str(), at.as_str()), ("XBetza `y` has no meaning in the seeds", "y"));
    assert!(help.contains("none follows"), "{help}");
    let (_, at, help) = error("W-gF");
    assert_eq!(at, "g");
    assert!(help.contains("last leg"), "{help}");
    let (_, at, _) = error("gmR-R");
    assert_eq!(at, "m");
}

/// The code generator takes every form X50–X52 read (generated = interpreted on random positions
/// and hand-checked sets: `ChainModes` in `tests/generated_vs_interpreted.rs`).
#[test]
fn the_code_generator_takes_the_new_chain_modes() {
    use mbn_codegen::emit::{emit_variant, EmitOptions};
    for text in ["fmWfceF(ifmnW-mW)", "fmW(fmW-rceW)", "W-eF", "QudQ(Q-udQ)", "gQ-Q", "tgQ-Q", "gR-W", "yW-F", "cyW-F"]
    {
        let variant = probe_variant(compile(Dialect::XBetza, text));
        if let Err(e) = emit_variant(&variant, "Probe", &EmitOptions::default()) {
            panic!("`{text}`: {}", e[0].message);
        }
    }
}
