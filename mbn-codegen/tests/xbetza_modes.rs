//! The XBetza modes and atoms of docs/SEMANTICS.md X33–X37: the boosts `X` and `Y`, the royal
//! captures `k` and `kc`, the tame `t`, e.p. rights from `nn` and `n` on steppers, and half planes
//! on continuation legs. Each is compared with its MBN spelling where MBN has one (`ancp::equal`)
//! and run by the interpreter against destination sets worked out by hand.
//!
//! Positions are FEN on 8x8 with three kinds: `A` the XBetza piece under test, `Z` an inert
//! blocker (`mfW`) and `K` a royal King. Results: `e6` a quiet move, `xe6` a capture, `e3:ep` an
//! en passant capture.

use mbn_codegen::ancp;
use mbn_codegen::interp::Interpreter;
use mbn_codegen::ir::MoveSet;
use mbn_codegen::syntax::xbetza::translate::to_xbetza;
use mbn_codegen::variant::{Variant, VariantSpec};
use mbn_codegen::{compile_move, compile_move_in, Dialect};
use mbn_runtime::{Geometry, MoveGenerator, MoveList, Position};

fn xb(text: &str) -> MoveSet {
    compile_move_in(Dialect::XBetza, text).unwrap_or_else(|d| panic!("`{text}`: {}", d[0].message))
}

fn mbn(text: &str) -> MoveSet {
    compile_move(text).unwrap_or_else(|d| panic!("`{text}`: {}", d[0].message))
}

/// The first error of an XBetza string: its message and 1-based column.
fn error(text: &str) -> (String, usize) {
    match compile_move_in(Dialect::XBetza, text) {
        Ok(_) => panic!("`{text}` compiles"),
        Err(d) => (d[0].message.clone(), d[0].span.start + 1),
    }
}

/// The probe variant with the XBetza piece `A`, the blocker `Z` and the royal `K`.
fn variant(text: &str) -> (Variant, Interpreter) {
    let moves = xb(text);
    let mut spec = VariantSpec::new("probe", 8, 8, "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "A=W Z=mfW K=K");
    spec.royal = "K".to_string();
    spec.promotion_zone = None;
    let mut variant = Variant::compile(&spec).unwrap_or_else(|d| panic!("{}", d[0].message));
    variant.moves[0] = [moves.clone(), moves];
    let interp = Interpreter::new(&variant).unwrap_or_else(|d| panic!("`{text}`: {}", d[0].message));
    (variant, interp)
}

fn name(list: &MoveList, with_from: bool) -> String {
    let g = Geometry::CHESS;
    let mut out: Vec<String> = list
        .iter()
        .map(|mv| {
            let from = if with_from { g.square_name(mv.from()) } else { String::new() };
            let x = if mv.is_capture() && !mv.is_en_passant() { "x" } else { "" };
            let ep = if mv.is_en_passant() { ":ep" } else { "" };
            format!("{from}{x}{}{ep}", g.square_name(mv.to()))
        })
        .collect();
    out.sort();
    out.dedup();
    out.join(" ")
}

/// The moves of the piece on `from` in `fen` (pseudo-legal: the piece's own moves), sorted.
fn moves(text: &str, fen: &str, from: &str) -> String {
    let (variant, interp) = variant(text);
    let g = Geometry::CHESS;
    let pos = Position::<u64>::from_fen(&variant.table, g, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let sq = g.parse_square(from).unwrap();
    let piece = pos.piece_at(sq).expect("a piece on `from`");
    let mut list = MoveList::new();
    interp.piece_moves(&pos, sq, piece, &mut list);
    name(&list, false)
}

/// The legal moves of the side to move in `fen`, `from` and `to`, sorted.
fn legal(text: &str, fen: &str) -> String {
    let (variant, interp) = variant(text);
    let pos = Position::<u64>::from_fen(&variant.table, Geometry::CHESS, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let mut list = MoveList::new();
    interp.legal_moves(&pos, &mut list);
    name(&list, true)
}

/// X33: `X` adds 3 steps along the longer axis, `Y` a 2-step diagonal outwards.
#[test]
fn boosts_x_and_y_name_larger_leapers() {
    for (x, m) in [
        ("FX", ":1,4:"),
        ("WX", ":0,4:"),
        ("DX", ":0,5:"),
        ("NX", ":1,5:"),
        ("GX", ":3,6:"),
        ("DY", ":2,4:"),
        ("NY", ":3,4:"),
        ("AY", ":4,4:"),
        ("WY", "Z"),
        ("FY", "T"),
        ("KX", ":0,4:+:1,4:"),
        ("fFX", "f:1,4:"),
        ("FX0", ":1,4:0"),
        ("mFXcDY", "m:1,4:+c:2,4:"),
    ] {
        assert!(ancp::equal(&xb(x), &mbn(m)), "`{x}` and `{m}`");
    }
    assert!(!ancp::equal(&xb("FX"), &mbn(":4,4:")));
    // The Giraffe on d4: c8 e8 h3 h5 (the other six leaps leave the board).
    assert_eq!(moves("FX", "8/8/8/8/3A4/8/8/8 w - - 0 1", "d4"), "c8 e8 h3 h5");
    // The Di-Knight on d4: b8 f8 h2 h6 (and the same blocked by nothing: it leaps).
    assert_eq!(moves("DY", "8/3Z4/8/8/3A4/8/8/8 w - - 0 1", "d4"), "b8 f8 h2 h6");
    assert_eq!(moves("DY", "8/8/8/8/3A4/8/8/8 w - - 0 1", "d4"), "b8 f8 h2 h6");
    // A boosted leap with a range rides: WX2 from a1 reaches a5 (and a9 is off the board).
    assert_eq!(moves("WX2", "8/8/8/8/8/8/8/A7 w - - 0 1", "a1"), "a5 e1");
    // Printed back as XBetza.
    assert_eq!(to_xbetza(&mbn(":1,4:")).unwrap(), "FX");
    assert_eq!(to_xbetza(&mbn(":2,4:")).unwrap(), "DY");
    assert_eq!(to_xbetza(&mbn(":0,4:0")).unwrap(), "WX0");
}

/// X38: seed 001's atoms `S` (= AD) and `T` (= GH).
#[test]
fn second_and_third_square_atoms() {
    assert!(ancp::equal(&xb("S"), &mbn("D+A")));
    assert!(ancp::equal(&xb("T"), &mbn("H+T")));
    assert!(ancp::equal(&xb("fS"), &mbn("fD+fA")));
    assert!(ancp::equal(&xb("SX"), &mbn(":0,5:+:2,5:")));
    assert_eq!(moves("S", "8/8/8/8/3A4/8/8/8 w - - 0 1", "d4"), "b2 b4 b6 d2 d6 f2 f4 f6");
    assert_eq!(moves("mT", "8/8/8/8/3A4/8/8/8 w - - 0 1", "d4"), "a1 a4 a7 d1 d7 g1 g4 g7");
    // Multi-leg: straight on, and turned 45° (D and A rotate into each other, X11).
    assert_eq!(moves("mafS", "8/8/8/8/3A4/8/8/8 w - - 0 1", "d4"), "d8 h4 h8");
    assert_eq!(moves("mafsS", "8/8/8/8/3A4/8/8/8 w - - 0 1", "d4"), "b8 f8 h2 h6");
    // `q`/`z` on them bend as on `K` (X59, `xbetza_qz_more.rs`).
}

/// X33: a boost needs a leaper before it; what it cannot combine with is refused at its letter.
#[test]
fn boosts_elsewhere_are_errors_with_their_column() {
    assert_eq!(error("X"), ("XBetza `X` is a suffix: it boosts the leaper atom written before it".into(), 1));
    assert_eq!(error("fY"), ("XBetza `Y` is a suffix: it boosts the leaper atom written before it".into(), 2));
    assert_eq!(error("WRX"), ("XBetza `X` boosts a leaper atom, not `R`".into(), 3));
    assert_eq!(error("UX").0, "XBetza `X` boosts a leaper atom, not `U`");
    assert_eq!(error("nFX"), ("XBetza `n` is not supported yet".into(), 1));
    assert_eq!(error("aKX"), ("XBetza `a` is not supported yet".into(), 1));
}

/// X34: `k` (alone or with `m`) captures royal pieces only; `kc` captures anything but them.
#[test]
fn k_captures_royal_pieces_only_and_kc_never() {
    // The Xiangqi General `WfkR` on e1 facing the enemy King on e8 across an open file.
    let facing = "4k3/8/8/8/8/8/8/4A3 w - - 0 1";
    assert_eq!(moves("WfkR", facing, "e1"), "d1 e2 f1 xe8");
    // A blocker on e8 instead of the King: the rook line captures nothing else.
    assert_eq!(moves("WfkR", "4z3/8/8/8/8/8/8/4A3 w - - 0 1", "e1"), "d1 e2 f1");
    // Something in between: nothing to capture.
    assert_eq!(moves("WfkR", "4k3/8/8/4z3/8/8/8/4A3 w - - 0 1", "e1"), "d1 e2 f1");
    // `mkR`: a rook that moves, and captures only a King.
    assert_eq!(moves("fmkR", "4k3/8/8/8/8/8/8/4A3 w - - 0 1", "e1"), "e2 e3 e4 e5 e6 e7 xe8");
    assert_eq!(moves("fmkR", "4z3/8/8/8/8/8/8/4A3 w - - 0 1", "e1"), "e2 e3 e4 e5 e6 e7");
    // `kcR`: captures a blocker, never the King.
    assert_eq!(moves("fkcR", "4z3/8/8/8/8/8/8/4A3 w - - 0 1", "e1"), "xe8");
    assert_eq!(moves("fkcR", "4k3/8/8/8/8/8/8/4A3 w - - 0 1", "e1"), "");
    // The MBN spellings with the King's letter: the same moves.
    for (x, m) in [("WfkR", "W+fc{K}R"), ("fmkR", "fmR+fc{K}R"), ("fkcR", "fc{^K}R")] {
        for fen in [facing, "4z3/8/8/8/8/8/8/4A3 w - - 0 1", "4k3/8/8/4Z3/8/8/8/4A3 w - - 0 1"] {
            let (variant, interp) = self::variant(x);
            let mut twin = variant.clone();
            twin.moves[0] = [mbn(m), mbn(m)];
            let twin_interp = Interpreter::new(&twin).unwrap();
            let pos = Position::<u64>::from_fen(&variant.table, Geometry::CHESS, fen).unwrap();
            let e1 = Geometry::CHESS.parse_square("e1").unwrap();
            let piece = pos.piece_at(e1).unwrap();
            let (mut a, mut b) = (MoveList::new(), MoveList::new());
            interp.piece_moves(&pos, e1, piece, &mut a);
            twin_interp.piece_moves(&pos, e1, piece, &mut b);
            assert_eq!(name(&a, false), name(&b, false), "`{x}` and `{m}` in {fen}");
        }
    }
}

/// X34: a `k` capture attacks the King (it gives check, the flying general); a `kc` one does not.
#[test]
fn k_gives_check_and_kc_does_not() {
    // Black to move, its King on d8, White's General on e1: e7 and e8 face the General.
    assert_eq!(legal("WfkR", "3k4/8/8/8/8/8/8/4A3 b - - 0 1"), "d8c7 d8c8 d8d7");
    // With `kc`, the rook line does not attack the King: e7 and e8 are legal.
    assert_eq!(legal("fkcR", "3k4/8/8/8/8/8/8/4A3 b - - 0 1"), "d8c7 d8c8 d8d7 d8e7 d8e8");
    // A plain rook move that captures (`fR`) attacks it, as `k` does.
    assert_eq!(legal("fR", "3k4/8/8/8/8/8/8/4A3 b - - 0 1"), "d8c7 d8c8 d8d7");
    // White's General on e4 shields its King on e1 from Black's General on e8: it may not step
    // off the file (d4, f4), only along it.
    assert_eq!(legal("WfkR", "4a3/8/8/8/4A3/8/8/4K3 w - - 0 1"), "e1d1 e1d2 e1e2 e1f1 e1f2 e4e3 e4e5");
}

/// X35: `t` on a final leg is tame: it captures anything but a royal piece and gives no check.
#[test]
fn tame_t_never_captures_a_royal_piece() {
    assert!(ancp::equal(&xb("tcR"), &xb("kcR")));
    assert!(!ancp::equal(&xb("tR"), &xb("R")));
    // The rook on e1 captures a blocker, not the King.
    assert_eq!(moves("ftR", "4z3/8/8/8/8/8/8/4A3 w - - 0 1", "e1"), "e2 e3 e4 e5 e6 e7 xe8");
    assert_eq!(moves("ftR", "4k3/8/8/8/8/8/8/4A3 w - - 0 1", "e1"), "e2 e3 e4 e5 e6 e7");
    // The conformance case: `tcR` on b2 of a 3x3 board with a royal piece on b3: nothing.
    assert_eq!(moves("tcR", "8/8/8/8/8/1k6/1A6/8 w - - 0 1", "b2"), "");
    // No check from it: Black's King may stand on the open file.
    assert_eq!(legal("ftR", "3k4/8/8/8/8/8/8/4A3 b - - 0 1"), "d8c7 d8c8 d8d7 d8e7 d8e8");
    // On the last leg of a multi-leg move too: the Xiangqi Horse that captures only a King
    // (`k`), and one that never does (`t`).
    assert_eq!(moves("mafskW", "8/8/4k3/8/3A4/8/8/8 w - - 0 1", "d4"), "xe6");
    assert_eq!(moves("mafskW", "8/8/4z3/8/3A4/8/8/8 w - - 0 1", "d4"), "");
    assert_eq!(moves("mafstW", "8/8/4k3/8/3A4/8/8/8 w - - 0 1", "d4"), "b3 b5 c2 c6 e2 f3 f5");
    // The same on the last leg of a Betza 2.0 chain (`W-F` is the Horse, X20).
    assert_eq!(moves("W-kF", "8/8/4k3/8/3A4/8/8/8 w - - 0 1", "d4"), "xe6");
    assert_eq!(moves("W-kF", "8/8/4z3/8/3A4/8/8/8 w - - 0 1", "d4"), "");
    assert_eq!(moves("W-tF", "8/8/4k3/8/3A4/8/8/8 w - - 0 1", "d4"), "b3 b5 c2 c6 e2 f3 f5");
    assert_eq!(moves("W-tF", "8/8/4z3/8/3A4/8/8/8 w - - 0 1", "d4"), "b3 b5 c2 c6 e2 f3 f5 xe6");
}

/// X34, X35: what `k` and `t` do not combine with is refused at the letter.
#[test]
fn k_and_t_refusals() {
    assert_eq!(error("tkR"), ("XBetza `t` has no meaning in the seeds".into(), 1));
    // `kafW` is read since X70; `k` with a hop on the way is not.
    assert_eq!(error("kpafW"), ("XBetza `k` is not supported yet".into(), 1));
    assert_eq!(error("ukQ"), ("XBetza `k` is not supported yet".into(), 2));
    // `tpR4` is read since X85 (`mbn-codegen/tests/xbetza_ranged_hops.rs`).
    assert_eq!(error("kW-F"), ("XBetza `k` is not supported yet".into(), 1));
    // `t` with `p` or `g` keeps its meaning: hop friends only (X13), on one leg as on legs.
    assert_eq!(moves("tpafR", "8/8/8/8/3Z4/8/8/3A4 w - - 0 1", "d1"), "d5 d6 d7 d8");
    let boards = ["8/8/3z4/8/3Z4/8/8/3A4 w - - 0 1", "8/8/3Z4/8/3z4/8/8/Z2A2z1 w - - 0 1"];
    assert_eq!(moves("tpR", boards[0], "d1"), "d5 xd6");
    assert_eq!(moves("tpR", boards[1], "d1"), "");
    assert_eq!(moves("tgQ", boards[0], "d1"), "d5");
    for (one, legs) in [("tpR", "tpafR"), ("tgQ", "tgafQ"), ("tcpR", "tpafcR")] {
        for fen in boards {
            assert_eq!(moves(one, fen, "d1"), moves(legs, fen, "d1"), "`{one}` in {fen}");
        }
    }
}

/// X36: `nn` and `n` on a repeated stepper create en passant rights on the squares passed.
#[test]
fn nn_and_stepper_n_create_en_passant_rights() {
    // Metamachy's pawn `fmWfceFfmnnD` (seed 001): a double step that is not only an initial one,
    // taken en passant by the enemy pawn beside its landing square.
    let pawn = "fmWfceFfmnnD";
    let (variant, interp) = variant(pawn);
    let g = Geometry::CHESS;
    let mut pos = Position::<u64>::from_fen(&variant.table, g, "4k3/8/8/3a4/8/4A3/8/4K3 w - - 0 1").unwrap();
    pos.set_unmoved(0);
    let mut list = MoveList::new();
    interp.legal_moves(&pos, &mut list);
    let named = |m: &mbn_runtime::Move| format!("{}{}", g.square_name(m.from()), g.square_name(m.to()));
    let push = *list.iter().find(|m| named(m) == "e3e5").expect("e3e5");
    assert!(push.is_double_step());
    pos.make(push);
    let mut black = MoveList::new();
    interp.legal_moves(&pos, &mut black);
    assert_eq!(name(&black, true), "d5d3 d5d4 d5e4:ep e8d7 e8d8 e8e7 e8f7 e8f8");
    // With one `n` the same push creates no rights.
    assert!(!ancp::equal(&xb("fmnD"), &xb("fmnnD")));
    // As MBN's exact slide, which both back ends run (`fmnD` stays the non-jumping leap).
    assert!(ancp::equal(&xb("fmnnD"), &mbn("mefW02")));
    assert!(ancp::equal(&xb("fmWfceFifmnD"), &mbn("mfW+cefF+imefW02")));
    assert!(ancp::equal(&xb("fmnD"), &mbn("nmfD")));
    assert_eq!(to_xbetza(&mbn("mefW02")).unwrap(), "fmnnD");
    assert_eq!(to_xbetza(&mbn("imefW02")).unwrap(), "ifmnD");
    // `ifnmW6` (seed 001): up to 6 steps forward, rights on every square passed.
    assert!(ancp::equal(&xb("ifnmW6"), &xb("ifmnnW6")));
    assert!(!ancp::equal(&xb("ifnmW6"), &xb("ifmW6")));
    let (variant, interp) = self::variant("ifnmW6");
    let pos = Position::<u64>::from_fen(&variant.table, g, "4k3/8/8/8/8/8/A7/4K3 w - - 0 1").unwrap();
    let a2 = g.parse_square("a2").unwrap();
    let mut list = MoveList::new();
    interp.piece_moves(&pos, a2, pos.piece_at(a2).unwrap(), &mut list);
    let mut steps: Vec<(String, bool)> = list.iter().map(|m| (g.square_name(m.to()), m.is_double_step())).collect();
    steps.sort();
    let want = [("a3", false), ("a4", true), ("a5", true), ("a6", true), ("a7", true), ("a8", true)];
    assert_eq!(steps, want.map(|(s, d)| (s.to_string(), d)));
}

/// X37: half planes on a continuation leg: the three compass points with a component that way.
#[test]
fn half_planes_on_continuation_legs() {
    // `fh` after a W step: straight on (W) or 45° either way (F): `mafW` and `mafsW` together.
    for (h, spelled) in [
        ("mafhW", "mafWmafsW"),
        ("mabhK", "mabKmabsK"),
        ("marhW", "mafrWmarWmabrW"),
        ("mashW", "mafrWmarWmabrWmaflWmalWmablW"),
        ("mavhW", "mafWmafsWmabWmabsW"),
        ("cafhN", "cafNcafsN"),
    ] {
        for fen in ["8/8/8/8/3A4/8/8/8 w - - 0 1", "8/8/2z5/3Z4/3A1z2/8/4Z3/8 w - - 0 1"] {
            assert_eq!(moves(h, fen, "d4"), moves(spelled, fen, "d4"), "`{h}` and `{spelled}` in {fen}");
        }
    }
    // From d4 with d5 blocked: only the three other first steps go on.
    assert_eq!(moves("mafhW", "8/8/8/3Z4/3A4/8/8/8 w - - 0 1", "d4"), "b3 b4 b5 c2 d2 e2 f3 f4 f5");
    // Chiral sets name no compass point of a continuation leg.
    assert_eq!(error("mahrW"), ("XBetza `hr` has no meaning in the seeds".into(), 3));
}

mod total {
    //! No string of the new letters (boosts, `S` `T`, `k` `t`, half planes, `nn`) makes the reader,
    //! the lowering or the interpreter panic; every diagnostic points inside the string.
    use super::*;
    use proptest::prelude::*;
    use proptest::sample::select;

    const ALPHABET: &[char] = &[
        'f', 'b', 'l', 'r', 'v', 's', 'h', 'h', 'm', 'c', 'd', 'n', 'n', 'i', 't', 't', 'k', 'k', 'p', 'g', 'u', 'q',
        'a', 'a', 'W', 'F', 'D', 'N', 'K', 'S', 'T', 'R', 'U', 'X', 'X', 'Y', 'Y', '0', '3', '-',
    ];

    proptest! {
        #![proptest_config(ProptestConfig { cases: 512, failure_persistence: None, ..ProptestConfig::default() })]

        #[test]
        fn any_string_compiles_or_is_an_error_inside_it(chars in proptest::collection::vec(select(ALPHABET), 0..9)) {
            let text: String = chars.into_iter().collect();
            match compile_move_in(Dialect::XBetza, &text) {
                Ok(moves) => {
                    let mut spec = VariantSpec::new("probe", 8, 8, "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "A=W Z=mfW K=K");
                    spec.royal = "K".to_string();
                    spec.promotion_zone = None;
                    let mut variant = Variant::compile(&spec).unwrap();
                    variant.moves[0] = [moves.clone(), moves];
                    if let Ok(interp) = Interpreter::new(&variant) {
                        let fen = "4k3/8/8/3z4/3A1Z2/2z5/8/4K3 w - - 0 1";
                        let pos = Position::<u64>::from_fen(&variant.table, Geometry::CHESS, fen).unwrap();
                        let mut list = MoveList::new();
                        interp.legal_moves(&pos, &mut list);
                    }
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

/// X6, X36, X41, X42: what stays refused names its letter and column: `n` on a multi-leg move of
/// an atom that is no stepper, `e` on a leg on the way, off-board legs; chiral continuation legs
/// have no meaning in the seeds (X66).
/// (`fnafsmW` is read, and refused by the plan: X41.)
#[test]
fn still_refused_with_their_column() {
    assert_eq!(error("mafnN"), ("XBetza `n` is not supported yet".into(), 4));
    // (`fceafmF`, `e` on a leg on the way, is read since X69: mbn-codegen/tests/xbetza_gaps.rs.)
    // X48: `o` with other modes (an off-board leg on the way runs); X88: `o` with a hop on the last
    // leg (alone there it is the cylinder).
    assert_eq!(error("mafopB"), ("XBetza `o` is not supported yet".into(), 4));
    assert_eq!(error("coasB"), ("XBetza `o` is not supported yet".into(), 2));
    // `e` on the last leg of a chain is read (X50); on a leg on the way it is not.
    assert_eq!(error("W-eW-W"), ("XBetza `e` is not supported yet".into(), 3));
    assert_eq!(error("mahlN"), ("XBetza `hl` has no meaning in the seeds".into(), 3));
}
