//! Random pieces against Fairy-Stockfish: `tests/data/fairy-stockfish-random.tsv` holds random
//! variants of chess, crazyhouse, minishogi and xiangqi with pieces written in the Betza subset
//! Fairy-Stockfish reads, and the positions of random games played by Fairy-Stockfish with them,
//! each with its legal moves. The interpreter must list the same legal moves in every position.

mod common;

use common::agree::test_spec;
use mbn::codegen::interp::Interpreter;
use mbn::codegen::variant::Variant;
use mbn::runtime::{Bitboard, MoveGenerator, MoveList, Position};

fn rows() -> Vec<Vec<String>> {
    let path = format!("{}/tests/data/fairy-stockfish-random.tsv", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(|l| l.split('\t').map(str::to_string).collect())
        .collect()
}

/// The variant of a row: `base` (chess, crazyhouse, minishogi or xiangqi) with the pieces `A C D G` and the
/// King `K` written in XBetza (`betza`, `-` for none or the variant's own); `fen` is the start,
/// for the unmoved pieces.
fn row_variant(base: &str, betza: &[String], fen: &str) -> Variant {
    let xbetza = || "ACDGK".chars().zip(betza.iter().cloned()).filter(|(_, xbetza)| xbetza != "-");
    if base == "minishogi" || base == "xiangqi" {
        // The bundled file, with the pieces added (in minishogi dropped anywhere, V12 permitting).
        let mut text = mbn::variants::find(base).expect("bundled").to_string();
        let (start, last, added, drop) = if base == "minishogi" {
            ("rbsgk/4p/5/P4/KGSBR[-] w - - 0 1", "+R|Dragon|=RF", " A|PA|=W C|PC|=W", "@5")
        } else {
            (
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
                "[6-10]sW",
                " D|PD|=W G|PG|=W",
                "",
            )
        };
        text = text.replace(start, fen).replace(&format!("{last}\"\"\""), &format!("{last}{added}\"\"\""));
        text.push_str("[xbetza]\n");
        for (letter, xbetza) in xbetza() {
            text.push_str(&format!("{letter} = \"{xbetza}{drop}\"\n"));
        }
        return Variant::from_toml(&text, &format!("{base}.toml")).expect("the variant compiles");
    }
    let pieces = "P N B R Q K A|PA|=W C|PC|=W D|PD|=W G|PG|=W +P==QRBN";
    let mut spec = test_spec("random", 8, fen, pieces, "K", "[8]");
    spec.castling_partners = "R".to_string();
    spec.xbetza = xbetza().collect();
    if base == "crazyhouse" {
        // As tests/data/crazyhouse-xbetza.toml: every piece but the King dropped anywhere, Pawns
        // not on the first or last rank.
        spec.drops = true;
        spec.captures_to_hand = true;
        for (_, xbetza) in spec.xbetza.iter_mut().filter(|(letter, _)| *letter != 'K') {
            xbetza.push_str("@8");
        }
        let home = [('P', "fmWfceFifmnDj@7"), ('N', "N@8"), ('B', "B@8"), ('R', "R@8"), ('Q', "Q@8")];
        spec.xbetza.extend(home.iter().map(|&(letter, xbetza)| (letter, xbetza.to_string())));
    }
    Variant::compile(&spec).expect("the variant compiles")
}

/// The interpreter's legal moves in `fen`, sorted UCI.
fn legal_moves<B: Bitboard>(variant: &Variant, interp: &Interpreter, fen: &str) -> Vec<String> {
    let pos = Position::<B>::from_fen(&variant.table, variant.geometry, fen).expect("a valid FEN");
    let mut list = MoveList::new();
    interp.legal_moves(&pos, &mut list);
    let mut moves: Vec<String> = list.iter().map(|mv| mv.to_uci(pos.geometry(), pos.table(), &[])).collect();
    moves.sort();
    moves
}

#[test]
fn random_pieces_move_as_in_fairy_stockfish() {
    let rows = rows();
    assert!(rows.len() > 700, "{} positions", rows.len());
    let mut failures = Vec::new();
    let mut last: Option<(&[String], Variant, Interpreter)> = None;
    for row in &rows {
        let (base, betza, fen) = (&row[0], &row[..6], &row[6]);
        // A variant's first row is its start.
        if last.as_ref().map(|(b, _, _)| *b) != Some(betza) {
            let variant = row_variant(base, &betza[1..], fen);
            let interp = Interpreter::new(&variant).expect("the interpreter runs it");
            last = Some((betza, variant, interp));
        }
        let (_, variant, interp) = last.as_ref().expect("set above");
        let got = if variant.geometry.num_squares() <= 64 {
            legal_moves::<u64>(variant, interp, fen)
        } else {
            legal_moves::<u128>(variant, interp, fen)
        };
        let want: Vec<String> =
            row.get(7).map(|m| m.split_whitespace().map(str::to_string).collect()).unwrap_or_default();
        if got != want {
            let extra: Vec<_> = got.iter().filter(|m| !want.contains(m)).collect();
            let missing: Vec<_> = want.iter().filter(|m| !got.contains(m)).collect();
            failures.push(format!("{betza:?} {fen}: extra {extra:?} missing {missing:?}"));
        }
    }
    assert!(failures.is_empty(), "{} of {} positions differ:\n{}", failures.len(), rows.len(), failures.join("\n"));
}

/// The destinations of the piece on `from` in `fen`, where `A`/`a` is `betza` (XBetza).
fn destinations(betza: &str, fen: &str, from: &str) -> String {
    let mut spec = test_spec("probe", 8, fen, "P N B R Q K A|PA|=W", "K", "[8]");
    spec.xbetza = vec![('A', betza.to_string())];
    let variant = Variant::compile(&spec).expect("the variant compiles");
    let interp = Interpreter::new(&variant).expect("the interpreter runs it");
    let moves = legal_moves::<u64>(&variant, &interp, fen);
    moves.iter().filter_map(|mv| mv.strip_prefix(from)).collect::<Vec<_>>().join(" ")
}

/// X106: where mbn and Fairy-Stockfish differ on purpose, and what the generator of the random
/// data therefore leaves out. Fairy-Stockfish's sets (pyffish 0.0.90) are in the comments.
#[test]
fn deliberate_differences_from_fairy_stockfish() {
    // Black's directions are White's mirrored: Black's left is towards the a-file (Fairy-Stockfish: e5).
    assert_eq!(destinations("lW", "4k3/8/8/3a4/8/8/8/4K3 b - - 0 1", "d5"), "c5");
    assert_eq!(destinations("lW", "4k3/8/8/8/3A4/8/8/4K3 w - - 0 1", "d4"), "c4");
    // Riders of any atom ride (Fairy-Stockfish: none of these moves).
    assert_eq!(destinations("C0", "7k/8/8/8/8/8/8/A6K w - - 0 1", "a1"), "b4 c7 d2 g3");
    assert_eq!(destinations("ZZ", "7k/8/8/8/8/8/8/A6K w - - 0 1", "a1"), "c4 d3 e7 g5");
    assert_eq!(destinations("D2", "7k/8/8/8/8/8/8/A6K w - - 0 1", "a1"), "a3 a5 c1 e1");
    // Parts are a union: the plain A still leaps to f6 (Fairy-Stockfish: `b2 b6 f2`, the lame A only).
    assert_eq!(destinations("AsnA", "4k3/8/8/4P3/3A4/8/8/4K3 w - - 0 1", "d4"), "b2 b6 f2 f6");
    // A hopper beside a slider stays a hopper (Fairy-Stockfish adds `d5 d6`).
    assert_eq!(destinations("fpRbR", "4k3/8/3p4/8/3A4/8/8/4K3 w - - 0 1", "d4"), "d1 d2 d3 d7 d8");
    // A lame leaper beside a rider stays lame (Fairy-Stockfish adds `c2 e2`, past its own d3).
    assert_eq!(destinations("lrN0mlvrvnN", "4k3/8/8/8/3A4/3P4/8/4K3 w - - 0 1", "d4"), "b3 b5 c6 e6 f3 f5 h2 h6");
}
