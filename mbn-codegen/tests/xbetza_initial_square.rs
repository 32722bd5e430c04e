//! XBetza `ii` (seed 001: "`i` … but 'initial' is defined as being on a square where a piece of
//! the same type started"): refused at its column in every context, never read as `i`
//! (docs/SEMANTICS.md X57).

mod common;

use mbn_codegen::interp::Interpreter;
use mbn_codegen::variant::Variant;
use mbn_codegen::{compile_move_in, Dialect};
use mbn_runtime::{parse_move, Bb256, MoveGenerator, MoveList, Position};

/// The first diagnostic of an XBetza move string: its message, the text it points at, its help.
fn error(text: &str) -> (String, String, String) {
    let d = compile_move_in(Dialect::XBetza, text).expect_err(text);
    (d[0].message.clone(), text[d[0].span.start..d[0].span.end].to_string(), d[0].help.clone().unwrap_or_default())
}

/// X57: `ii`, `iii` and an `i` repeated across other modes, on single legs, multi-leg moves,
/// chains and range counts: an error on the letters, with seed 001's meaning.
#[test]
fn ii_is_refused_at_its_column() {
    let (m, at, help) = error("iiN");
    assert_eq!((m.as_str(), at.as_str()), ("XBetza `ii` is not supported yet", "ii"));
    assert!(help.contains("seed 001") && help.contains("same type started"), "{help}");
    assert!(help.contains("no start position here"), "{help}");
    for (text, at, start) in [
        ("KiiN", "ii", 1),
        ("fmWiifmnD", "ii", 3),
        ("iiiN", "iii", 0),
        ("imiW", "imi", 0),
        ("iimafsW", "ii", 0),
        ("fmW-iiF", "ii", 4),
        ("(iiW-F)0", "ii", 1),
        ("Nrfii0", "ii", 3),
    ] {
        let d = compile_move_in(Dialect::XBetza, text).expect_err(text);
        assert_eq!(d[0].message, "XBetza `ii` is not supported yet", "{text}");
        assert_eq!((&text[d[0].span.start..d[0].span.end], d[0].span.start), (at, start), "{text}");
    }
    // One `i` per leg is `i`, on each leg of a multi-leg move too. In a chain the `i` of `di` (X53)
    // is no second one; on a single leg `di` is `d` and `i`.
    for chain in ["irdiW03-buD-bW", "idiW-W"] {
        let d = compile_move_in(Dialect::XBetza, chain).expect_err(chain);
        assert_eq!(d[0].message, "XBetza `di` is not supported yet", "{chain}");
    }
    assert_eq!(error("idiW").1, "idi");
    assert!(compile_move_in(Dialect::XBetza, "diW").is_ok());
    assert!(compile_move_in(Dialect::XBetza, "iN").is_ok());
    assert!(compile_move_in(Dialect::XBetza, "imfWifmnD").is_ok());
}

/// X57: in a variant file's `[xbetza]` table `ii` runs on a move's first leg; elsewhere (castling,
/// a drop, a later leg, a range count, a repeated chain, with `n`) it is an error on the letters in the file.
#[test]
fn ii_is_refused_in_a_variant_file_where_mbn_does_not_read_it() {
    let file = |king: &str| {
        format!(
            "name = \"probe\"\nboard = \"8x8\"\nstart = \"4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1\"\n\
             pieces = \"K|King| R|Rook|\"\nroyal = \"K\"\ncastling-partners = \"R\"\n[xbetza]\nK = \"{king}\"\n"
        )
    };
    assert!(Variant::from_toml(&file("KiiN"), "t.toml").is_ok());
    for (king, column, why) in [
        ("KiisO2", 7, "castling"),
        ("KmafiiW", 10, "first leg"),
        ("K(iiW-F)0", 8, "repeat count"),
        ("KiinD", 7, "`n`"),
        ("KW-iiF", 9, "first leg"),
        ("KNrfii0", 10, "range count"),
        ("KWii@", 8, "drop"),
    ] {
        let (m, line, col) = common::error(&file(king));
        assert!(m.starts_with("XBetza `ii` is not supported yet (help: seed 001"), "{king}: {m}");
        assert!(m.contains(why), "{king}: {m}");
        assert_eq!((line, col), (8, column), "{king}: {m}");
    }
    // `ii` runs on the chain; its `di` (X53) stays refused, not read as `d`.
    let (m, line, col) = common::error(&file("KiidiW-W"));
    assert!(m.starts_with("XBetza `di` is not supported yet"), "{m}");
    assert_eq!((line, col), (8, 9), "{m}");
}

/// The probe variant: the `ii` piece `A` (a King with a knight's leap from its kind's start
/// squares), the `i` piece `I` (the same with `i`), a Blocker `B` (`mfW`) and the Kings. White's
/// `A`s start on b1 and g1, Black's on c8 only: the start position is not symmetric.
const PROBE: &str = "name = \"probe\"\nboard = \"8x8\"\nstart = \"2a1k1b1/8/8/8/8/8/8/1AB1KIA1 w - - 0 1\"\n\
                     pieces = \"K|King| A|Again| I|Initial| B|Blocker|\"\nroyal = \"K\"\n\
                     [xbetza]\nA = \"KiiN\"\nI = \"KiN\"\nB = \"mfW\"\n";

/// The legal moves of the piece on `from` in `pos`, as destination squares, sorted.
fn targets(interp: &Interpreter, pos: &Position<Bb256>, from: &str) -> String {
    let g = pos.geometry();
    let mut list = MoveList::new();
    interp.legal_moves(pos, &mut list);
    let mut out: Vec<String> =
        list.iter().filter(|m| g.square_name(m.from()) == from).map(|m| g.square_name(m.to()).to_string()).collect();
    out.sort();
    out.join(" ")
}

/// Plays `moves` (UCI) from `fen`.
fn play(variant: &Variant, interp: &Interpreter, fen: &str, moves: &[&str]) -> Position<Bb256> {
    let mut pos = common::position::<Bb256>(variant, fen);
    for text in moves {
        let (mv, extra) = parse_move(interp, &pos, text).unwrap_or_else(|e| panic!("{text}: {e:?}"));
        pos.make_with(mv, &extra);
    }
    pos
}

/// X57: in a variant, `ii` moves start from the squares where the piece's kind stands in the
/// start position, whether or not it has moved; not from another kind's start square, nor from
/// the other side's.
#[test]
fn ii_moves_start_from_the_kinds_start_squares() {
    let (variant, interp) = common::load_text(PROBE);
    let start = variant.spec.start_fen.clone();
    let pos = play(&variant, &interp, &start, &[]);
    // On b1 at the start: the King's steps and the knight's leaps (d2 a3 c3); c1 holds the Blocker.
    assert_eq!(targets(&interp, &pos, "b1"), "a1 a2 a3 b2 c2 c3 d2");
    // Moved away and back: the leaps again; the `i` piece has lost its leap for good.
    let pos = play(&variant, &interp, &start, &["b1b2", "e8e7", "b2b1", "e7e8", "f1f2", "e8e7", "f2f1", "e7e8"]);
    assert_eq!(targets(&interp, &pos, "b1"), "a1 a2 a3 b2 c2 c3 d2");
    assert_eq!(targets(&interp, &pos, "f1"), "e2 f2 g2");
    // On the Blocker's start square c1, or on d4, no leap; from g1, its other start square, the
    // leap.
    let pos = play(&variant, &interp, &start, &["c1c2", "e8e7", "b1c1", "e7e8"]);
    assert_eq!(targets(&interp, &pos, "c1"), "b1 b2 d1 d2");
    let pos = common::position::<Bb256>(&variant, "4k3/8/8/8/3A4/8/8/4K3 w - - 0 1");
    assert_eq!(targets(&interp, &pos, "d4"), "c3 c4 c5 d3 d5 e3 e4 e5");
    let pos = common::position::<Bb256>(&variant, "4k3/8/8/8/8/8/8/4K1A1 w - - 0 1");
    assert_eq!(targets(&interp, &pos, "g1"), "e2 f1 f2 f3 g2 h1 h2 h3");
    // Black's `a` leaps from c8 (its start square), not from b8 or g8 (White's, mirrored).
    let black = |fen: &str, from: &str| targets(&interp, &common::position::<Bb256>(&variant, fen), from);
    assert_eq!(black("2a1k3/8/8/8/8/8/8/4K3 b - - 0 1", "c8"), "a7 b6 b7 b8 c7 d6 d7 d8 e7");
    assert_eq!(black("1a2k3/8/8/8/8/8/8/4K3 b - - 0 1", "b8"), "a7 a8 b7 c7 c8");
    assert_eq!(black("4k1a1/8/8/8/8/8/8/4K3 b - - 0 1", "g8"), "f7 f8 g7 h7 h8");
}
