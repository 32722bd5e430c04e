//! The XBetza Imitator `I` (docs/SEMANTICS.md X62): how a piece's `I` is read, what is refused at
//! its letter, and imitated multi-leg moves. Both back ends on hand-checked positions, random positions and perft:
//! `tests/xbetza_imitator.rs` at the workspace root.

use mbn_codegen::emit::{emit_variant, EmitOptions};
use mbn_codegen::interp::Interpreter;
use mbn_codegen::syntax::xbetza::compile_piece;
use mbn_codegen::variant::{Variant, VariantSpec};
use mbn_codegen::{compile_move_in, Dialect};
use mbn_runtime::{parse_move, Bb256, MoveGenerator, MoveList, Position};

/// The first diagnostic of a piece's XBetza string: its message and the text it points at.
fn piece_error(text: &str) -> (String, String) {
    let d = compile_piece(text).expect_err(text);
    (d[0].message.clone(), text[d[0].span.start..d[0].span.end].to_string())
}

/// `I` is read as a part of its own: `f` (the default) and `b` (flipped), `v` for both, and the
/// modes m c d e k; other parts of the string are moves as usual.
#[test]
fn imitations_are_read_from_a_piece() {
    let read = |text: &str| {
        let piece = compile_piece(text).expect(text);
        let parts: Vec<(bool, String)> =
            piece.imitations.iter().map(|x| (x.backward, x.modes.iter().collect())).collect();
        (parts, piece.moves.moves.len())
    };
    assert_eq!(read("I"), (vec![(false, String::new())], 0));
    assert_eq!(read("fI"), (vec![(false, String::new())], 0));
    assert_eq!(read("bI"), (vec![(true, String::new())], 0));
    assert_eq!(read("vI"), (vec![(false, String::new()), (true, String::new())], 0));
    assert_eq!(read("fbI"), (vec![(false, String::new()), (true, String::new())], 0));
    assert_eq!(read("kcmI"), (vec![(false, "mck".to_string())], 0));
    assert_eq!(read("mIbcI"), (vec![(false, "m".to_string()), (true, "c".to_string())], 0));
    // With moves of its own: `WI` steps as a Wazir and imitates.
    assert_eq!(read("WI"), (vec![(false, String::new())], 1));
}

/// What seed 001 gives no meaning is an error at the letter; outside a variant's piece (a lone
/// move string, `mbn moves`) `I` is an error too.
#[test]
fn what_the_seed_does_not_give_is_refused_at_the_letter() {
    for (text, message, at) in [
        ("sI", "XBetza `s` on the Imitator `I`", "s"),
        ("lfI", "XBetza `lf` on the Imitator `I`", "lf"),
        ("hrI", "XBetza `hr` on the Imitator `I`", "hr"),
        ("pI", "XBetza `p` on the Imitator `I`", "p"),
        ("WnI", "XBetza `n` on the Imitator `I`", "n"),
        ("iI", "XBetza `i` on the Imitator `I`", "i"),
        ("mafI", "XBetza `I` in a multi-leg move: the Imitator has no legs of its own", "mafI"),
        ("I2", "XBetza `I` takes no range or boost", "I2"),
        ("II", "XBetza `I` takes no range or boost", "II"),
        ("IX", "XBetza `I` takes no range or boost", "IX"),
    ] {
        assert_eq!(piece_error(text), (message.to_string(), at.to_string()), "{text}");
    }
    for text in ["I", "WbI"] {
        let d = compile_move_in(Dialect::XBetza, text).expect_err(text);
        assert!(d[0].message.contains("only a variant's piece has it"), "{text}: {}", d[0].message);
        assert_eq!(&text[d[0].span.start..d[0].span.end], "I", "{text}");
    }
    // In a Betza 2.0 chain, as any atom a chain does not take.
    let d = compile_piece("W-I").expect_err("W-I");
    assert_eq!((d[0].message.as_str(), d[0].span.start), ("XBetza `I` is not supported yet", 2));
}

/// A variant: King, Imitator `I` (`spec_i`), and a Horse `H` that steps orthogonally and then
/// diagonally outwards (`mafsW`: a two-leg move).
fn horse_variant(imitator: &str) -> Variant {
    let mut spec = VariantSpec::new("horses", 8, 8, "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "K|King| H|Horse| I|Imitator|");
    spec.royal = "K".to_string();
    spec.xbetza = vec![('H', "mafsW".to_string()), ('I', imitator.to_string())];
    Variant::compile(&spec).expect("compiles")
}

/// Imitated multi-leg moves: both back ends run them (after the Horse moved, the Imitator d4
/// moves as a Horse, blocked by its neighbour d5; the generated code is compared on such moves in
/// `tests/xbetza_imitator_multileg.rs`).
#[test]
fn imitated_multi_leg_moves_run_in_both_back_ends() {
    let variant = horse_variant("I");
    let interp = Interpreter::new(&variant).expect("runs");
    let table = variant.table.clone();
    let mut pos =
        Position::<Bb256>::from_fen(&table, variant.geometry, "4k3/8/2h5/3H4/3I4/8/8/4K3 b - - 0 1").expect("loads");
    let (mv, extra) = parse_move(&interp, &pos, "c6b4").expect("the Horse's move");
    let _ = pos.make_with(mv, &extra);
    let mut list = MoveList::new();
    interp.legal_moves(&pos, &mut list);
    let mut got: Vec<String> = list.iter().map(|m| pos.uci(*m, &[])).filter(|m| m.starts_with("d4")).collect();
    got.sort();
    assert_eq!(got, ["d4b3", "d4b5", "d4c2", "d4e2", "d4f3", "d4f5"]);
    emit_variant(&variant, "Horses", &EmitOptions::default()).expect("generated");
    // With modes, a move's mode is its last leg's: `cI` keeps the Horse's captures, d4xf5.
    let variant = horse_variant("cI");
    let interp = Interpreter::new(&variant).expect("runs");
    let mut pos =
        Position::<Bb256>::from_fen(&table, variant.geometry, "4k3/8/2h5/5h2/3I4/8/8/4K3 b - - 0 1").expect("loads");
    let (mv, extra) = parse_move(&interp, &pos, "c6b4").expect("the Horse's move");
    let _ = pos.make_with(mv, &extra);
    let mut list = MoveList::new();
    interp.legal_moves(&pos, &mut list);
    let got: Vec<String> = list.iter().map(|m| pos.uci(*m, &[])).filter(|m| m.starts_with("d4")).collect();
    assert_eq!(got, ["d4f5"]);
}

/// An Imitator with a region is refused: its imitated moves are another kind's.
#[test]
fn an_imitator_with_a_region_is_refused() {
    let mut spec = VariantSpec::new("region", 8, 8, "4k3/8/8/8/8/8/8/3IK3 w - - 0 1", "K|King| I|Imitator|");
    spec.royal = "K".to_string();
    spec.xbetza = vec![('I', "I".to_string())];
    spec.regions = vec![('I', "[a-d]".to_string())];
    let variant = Variant::compile(&spec).expect("compiles");
    let d = Interpreter::new(&variant).expect_err("refused");
    assert_eq!(d[0].message, "`I` imitates (`I`) and has a region");
}

/// `c` keeps the imitated captures but not the imitated kind's `k` captures; `k` keeps those and
/// restricts every other capture of an enemy to royal pieces. `vI` lists a move made both ways
/// once. (Interpreter; the generated code is compared in `tests/xbetza_imitator.rs`.)
#[test]
fn c_k_and_v_imitations() {
    let mut spec = VariantSpec::new(
        "modes",
        8,
        8,
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        "K|King| G|General| R|Rook| C|Capturer| X|Checker| V|Both|",
    );
    spec.royal = "K".to_string();
    spec.xbetza = [('G', "WfkR"), ('C', "cI"), ('X', "kI"), ('V', "vI")].map(|(c, s)| (c, s.to_string())).to_vec();
    let variant = Variant::compile(&spec).expect("compiles");
    let interp = Interpreter::new(&variant).expect("runs");
    let table = variant.table.clone();
    let general = table.kind_of_symbol(false, 'G');
    let rook = table.kind_of_symbol(false, 'R');
    let e8 = variant.geometry.parse_square("e8").expect("a square");
    for (fen, imitated, check) in [
        ("4k3/8/8/8/4C3/8/8/3K4 w - - 0 1", general, false),
        ("4k3/8/8/8/4X3/8/8/3K4 w - - 0 1", general, true),
        ("4k3/8/8/8/4C3/8/8/3K4 w - - 0 1", rook, true),
        ("4k3/8/8/8/4X3/8/8/3K4 w - - 0 1", rook, true),
    ] {
        let mut pos = Position::<Bb256>::from_fen(&table, variant.geometry, fen).expect("loads");
        pos.set_imitated(imitated);
        assert_eq!(interp.is_square_attacked(&pos, e8, mbn_runtime::Color::White), check, "{fen}");
    }
    // Next to an enemy Rook, `kI` imitating a Rook has no move; `cI` only the capture.
    for (fen, want) in
        [("4k3/8/8/3r4/3X4/8/8/K7 w - - 0 1", vec![]), ("4k3/8/8/3r4/3C4/8/8/K7 w - - 0 1", vec!["d4d5"])]
    {
        let mut pos = Position::<Bb256>::from_fen(&table, variant.geometry, fen).expect("loads");
        pos.set_imitated(rook);
        let mut list = MoveList::new();
        interp.legal_moves(&pos, &mut list);
        let got: Vec<String> = list.iter().map(|m| pos.uci(*m, &[])).filter(|m| m.starts_with("d4")).collect();
        assert_eq!(got, want, "{fen}");
    }
    let mut pos =
        Position::<Bb256>::from_fen(&table, variant.geometry, "4k3/8/8/8/3V4/8/8/K7 w - - 0 1").expect("loads");
    pos.set_imitated(rook);
    let mut list = MoveList::new();
    interp.legal_moves(&pos, &mut list);
    let mut got: Vec<String> = list.iter().map(|m| pos.uci(*m, &[])).filter(|m| m.starts_with("d4")).collect();
    let n = got.len();
    got.dedup();
    assert_eq!((n, got.len()), (14, 14), "each Rook move once");
}
