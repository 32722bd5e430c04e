//! XBetza `@` (drops, docs/SEMANTICS.md X31) in variant files: crazyhouse with its Pawns' `j@7`
//! has Fairy-Stockfish's perft, shogi and minishogi with their drop rules on the pieces have the
//! bundled MBN files' perft, the zone and the `f` `s` `b` limits give hand-counted drops, and every
//! misuse is an error at its column.

use mbn_codegen::interp::Interpreter;
use mbn_codegen::variant::Variant;
use mbn_codegen::{compile_move_in, Dialect};
use mbn_runtime::{Bb256, MoveGenerator, MoveList};

mod common;
use common::{count, error, load, load_text, position, read};

/// The legal drops of the piece `letter` (upper case) in `fen`, by square name, sorted.
fn drops((variant, interp): &(Variant, Interpreter), fen: &str, letter: char) -> Vec<String> {
    let pos = position::<Bb256>(variant, fen);
    let mut list = MoveList::new();
    interp.legal_moves(&pos, &mut list);
    let mut out: Vec<String> = list
        .iter()
        .filter(|m| m.dropped().is_some_and(|k| variant.table.get(k).is_some_and(|i| i.letter == letter)))
        .map(|m| variant.geometry.square_name(m.to()))
        .collect();
    out.sort();
    out
}

#[test]
fn crazyhouse_in_xbetza_has_fairy_stockfish_perft() {
    let zh = load("tests/data/crazyhouse-xbetza.toml");
    // Fairy-Stockfish (shared/reference/perft): crazyhouse.
    assert_eq!(count(&zh, "startpos", 4), 197_281);
    assert_eq!(count(&zh, "2k5/8/8/8/8/8/8/4K3[QRBNPqrbnp] w - - 0 1", 2), 75_353);
    assert_eq!(count(&zh, "2k5/8/8/8/8/8/8/4K3[Qn] w - - 0 1", 3), 88_634);
    assert_eq!(count(&zh, "r1bqk2r/pppp1ppp/2n1p3/4P3/1b1Pn3/2NB1N2/PPP2PPP/R1BQK2R[] b KQkq - 0 1", 3), 58_057);
    // The Pawns' zone is what makes the count: dropped anywhere (`@8`) they give another.
    let anywhere = load_text(&read("tests/data/crazyhouse-xbetza.toml").replace("j@7", "@8"));
    assert_eq!(count(&anywhere, "2k5/8/8/8/8/8/8/4K3[QRBNPqrbnp] w - - 0 1", 2), 83_220);
}

#[test]
fn shogi_with_drop_rules_on_the_pieces_has_shogi_perft() {
    let (mbn, xbetza) = (load("variants/minishogi.toml"), load("tests/data/minishogi-xbetza.toml"));
    for (fen, depth) in [
        ("startpos", 4),
        ("k4/2S2/1G2p/3P1/4K[Pp] w - - 0 1", 3),
        ("1rS1k/1b2p/2+p2/P1B2/K1G1+r[GSp] w - - 0 1", 3),
        ("k4/5/P4/5/4K[PPp] w - - 0 1", 2),
    ] {
        assert_eq!(count(&xbetza, fen, depth), count(&mbn, fen, depth), "minishogi {fen}");
    }
    // Fairy-Stockfish: minishogi startpos depth 4 = 35401 (tests/variants.rs).
    assert_eq!(count(&xbetza, "startpos", 4), 35_401);
    let (mbn, xbetza) = (load("variants/shogi.toml"), load("tests/data/shogi-xbetza.toml"));
    let hands = "lnsgk2nl/1r4gs1/p1pppp1pp/1p4p2/7P1/2P6/PP1PPPP1P/1SG4R1/LN1GKGSNL[BNLPbnlp] w - - 0 1";
    // Fairy-Stockfish: 151, 21472 (tests/variants.rs).
    assert_eq!(count(&xbetza, hands, 1), 151);
    assert_eq!(count(&xbetza, hands, 2), 21_472);
    assert_eq!(count(&xbetza, hands, 2), count(&mbn, hands, 2));
    assert_eq!(count(&xbetza, "startpos", 3), 25_470);
    // `f@8`: no Pawn on a file holding one of White's Pawns (the b-file's Tokin does not count),
    // nor on the last rank.
    let fen = "4k4/9/9/9/9/9/1+P7/P8/4K4[P] w - - 0 1";
    let pawns = drops(&xbetza, fen, 'P');
    assert_eq!(pawns, drops(&mbn, fen, 'P'));
    assert_eq!(pawns.len(), 8 * 8 - 1 - 1, "{pawns:?}");
    assert!(pawns.contains(&"b5".to_string()) && !pawns.iter().any(|s| s.starts_with('a') || s.ends_with('9')));
}

#[test]
fn zones_and_limits_give_the_hand_counted_drops() {
    let v = load("tests/data/drops-xbetza.toml");
    // White Pawn d2, Bishop c1 (dark), King e1; Black King e8: 60 empty squares.
    let a = "4k3/8/8/8/8/8/3P4/2B1K3[PNBRQ] w - - 0 1";
    // `fj@7`: ranks 2-7 (47 empty) without the d-file's d3-d7.
    assert_eq!(drops(&v, a, 'P').len(), 42);
    assert!(!drops(&v, a, 'P').iter().any(|s| s.starts_with('d') || s.ends_with('1') || s.ends_with('8')));
    assert_eq!(drops(&v, a, 'N').len(), 60);
    // `s@8`: light squares only (32, e8 taken).
    assert_eq!(drops(&v, a, 'B').len(), 31);
    assert!(drops(&v, a, 'B').contains(&"b1".to_string()) && !drops(&v, a, 'B').contains(&"a1".to_string()));
    assert_eq!(drops(&v, a, 'R').len(), 60);
    // `b@3`: ranks 1-3 (24, three taken).
    assert_eq!(drops(&v, a, 'Q').len(), 21);
    // Every limit reached: Knights b1 b2 (`ff`), Rooks a2 h1 (`bb`), a Queen on a3 (`b`).
    let b = "4k3/8/8/8/8/Q7/RN1P4/1NB1K2R[PNBRQ] w - - 0 1";
    assert_eq!(drops(&v, b, 'N').len(), 55 - 6);
    assert!(drops(&v, b, 'R').is_empty() && drops(&v, b, 'Q').is_empty());
    assert_eq!(drops(&v, b, 'B').len(), 28);
    assert_eq!(drops(&v, b, 'P').len(), 39);
    // One Knight on the b-file is below two; one Rook on the board is below two.
    let c = "4k3/8/8/8/8/8/1N6/4K2R[NR] w - - 0 1";
    assert_eq!(drops(&v, c, 'N').len(), 60);
    assert_eq!(drops(&v, c, 'R').len(), 60);
    // Black's zones count from its own back rank: Pawns on ranks 7-2, the Queen on 8-6.
    assert_eq!(drops(&v, "4k3/8/8/8/8/8/8/4K3[pq] b - - 0 1", 'P').len(), 48);
    let queen = drops(&v, "4k3/8/8/8/8/8/8/4K3[pq] b - - 0 1", 'Q');
    assert_eq!(queen.len(), 23);
    assert!(queen.iter().all(|s| s.ends_with('6') || s.ends_with('7') || s.ends_with('8')));
    // `@` alone: the back rank only; `j@`: nowhere.
    let zh = |pawn: &str| load_text(&read("tests/data/crazyhouse-xbetza.toml").replace("fmWfceFifmnDj@7", pawn));
    let lone = "4k3/8/8/8/8/8/8/4K3[P] w - - 0 1";
    assert_eq!(drops(&zh("fmWfceF@"), lone, 'P').len(), 7);
    assert!(drops(&zh("fmWfceFj@"), lone, 'P').is_empty());
    assert_eq!(drops(&zh("fmWfceFj@3"), lone, 'P').len(), 16);
    // A piece without `@` in a variant with drops is dropped anywhere (the variant's rule).
    assert_eq!(drops(&zh("fmWfceF"), lone, 'P').len(), 62);
}

#[test]
fn misused_drops_are_errors_at_their_column() {
    let pawn = |p: &str| {
        let text = read("tests/data/drops-xbetza.toml").replace("fmWfcFfj@7", p);
        let line = text.lines().position(|l| l.starts_with("P = ")).unwrap() + 1;
        let (message, l, column) = error(&text);
        assert_eq!(l, line, "{p}: {message}");
        (message, column)
    };
    // `P = "` is 5 characters: the string's first character is column 6.
    let (m, c) = pawn("fWm@8");
    assert!(m.contains("`m` means nothing on a drop"), "{m}");
    assert_eq!(c, 8);
    let (m, c) = pawn("fWl@8");
    assert!(m.contains("`l` means nothing on a drop"), "{m}");
    assert_eq!(c, 8);
    let (m, c) = pawn("fWfff@8");
    assert!(m.contains("once or twice"), "{m}");
    assert_eq!(c, 8);
    let (m, c) = pawn("fW@0");
    assert!(m.contains("holds no rank"), "{m}");
    assert_eq!(c, 8);
    let (m, c) = pawn("fWf@8@7");
    assert!(m.contains("a second drop"), "{m}");
    assert_eq!(c, 11);
    let (m, c) = pawn("fWfa@8");
    assert!(m.contains("XBetza `@` is not supported yet"), "{m}");
    assert_eq!(c, 8);
    // In a variant without drops.
    let text = read("tests/data/chess-xbetza.toml").replace("N = \"N\"", "N = \"N@8\"");
    let (m, _, c) = error(&text);
    assert!(m.contains("`N` is dropped (`@`), but the variant has no drops"), "{m}");
    assert_eq!(c, 7);
    // Outside a variant.
    let e = compile_move_in(Dialect::XBetza, "fWf@8").unwrap_err();
    assert!(e[0].message.contains("XBetza `@` (a drop) is a rule of a variant"), "{}", e[0].message);
    assert_eq!((e[0].span.start, e[0].span.end), (3, 4));
}

mod total {
    //! No XBetza string with `O` and `@` makes the reader or a variant using it panic; every
    //! diagnostic points inside the string, and what compiles runs.
    use super::*;
    use proptest::prelude::*;
    use proptest::sample::select;

    const ALPHABET: &[char] = &[
        'f', 'f', 'b', 'l', 'r', 's', 's', 'v', 'h', 'i', 'j', 'j', 'p', 'm', 'a', 'O', 'O', '@', '@', '@', 'K', 'W',
        '0', '1', '2', '3', '9', '-',
    ];

    proptest! {
        #![proptest_config(ProptestConfig { cases: 256, failure_persistence: None, ..ProptestConfig::default() })]

        #[test]
        fn any_piece_string_compiles_or_is_an_error_inside_it(chars in proptest::collection::vec(select(ALPHABET), 0..9)) {
            let text: String = chars.into_iter().collect();
            if let Err(list) = mbn_codegen::syntax::xbetza::compile_piece(&text) {
                prop_assert!(!list.is_empty());
                for d in list {
                    prop_assert!(d.span.start <= d.span.end && d.span.end <= text.len(), "`{}`: {}", text, d.message);
                }
            }
            // As the King of crazyhouse (castling partners, drops): an error, or a variant that runs.
            let toml = read("tests/data/crazyhouse-xbetza.toml").replace("K = \"KisO2\"", &format!("K = {text:?}"));
            if let Ok(variant) = Variant::from_toml(&toml, "t.toml") {
                if let Ok(interp) = Interpreter::new(&variant) {
                    let fen = "r3k2r/8/8/8/8/8/8/R3K2R[Pp] w KQkq - 0 1";
                    let mut list = MoveList::new();
                    interp.legal_moves(&position::<Bb256>(&variant, fen), &mut list);
                }
            }
        }
    }
}
