//! XBetza `O` (castling, docs/SEMANTICS.md X30) in variant files: chess, Capablanca and Janus
//! with their Kings written `isO2`, `isO3`, `irO4ilO3` have the bundled MBN files' perft and
//! Fairy-Stockfish's, castle onto hand-checked squares, and every misuse is an error at its column.

use mbn_codegen::interp::Interpreter;
use mbn_codegen::variant::Variant;
use mbn_codegen::{compile_move_in, Dialect};
use mbn_runtime::{Bb256, MoveGenerator, MoveList};

mod common;
use common::{count, error, load, load_text, position, read};

/// The legal castlings as `royal-to/partner-to` (`g1/f1`), sorted.
fn castlings((variant, interp): &(Variant, Interpreter), fen: &str) -> Vec<String> {
    let pos = position::<Bb256>(variant, fen);
    let g = variant.geometry;
    let mut list = MoveList::new();
    interp.legal_moves(&pos, &mut list);
    let mut out: Vec<String> = list
        .iter()
        .filter(|m| m.is_castle())
        .map(|m| format!("{}/{}", g.square_name(m.to()), g.square_name(m.partner_to().expect("a castle"))))
        .collect();
    out.sort();
    out
}

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const POSITION_4: &str = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1";
const POSITION_5: &str = "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8";

#[test]
fn chess_with_an_xbetza_king_has_chess_perft() {
    let mbn = load("variants/chess.toml");
    let xbetza = load("tests/data/chess-xbetza.toml");
    // Fairy-Stockfish (shared/reference/perft, chess-deep): Kiwipete 1..4, positions 4 and 5 1..3.
    for (fen, counts) in [
        (KIWIPETE, &[48, 2039, 97862, 4_085_603][..]),
        (POSITION_4, &[6, 264, 9467][..]),
        (POSITION_5, &[44, 1486, 62379][..]),
    ] {
        for (depth, &expected) in (1..).zip(counts) {
            assert_eq!(count(&xbetza, fen, depth), expected, "{fen} depth {depth}");
            if depth <= 3 {
                assert_eq!(count(&mbn, fen, depth), expected, "MBN {fen} depth {depth}");
            }
        }
    }
    let start = &xbetza.0.spec.start_fen.clone();
    assert_eq!(count(&xbetza, start, 4), 197_281);
}

#[test]
fn capablanca_and_janus_kings_castle_as_the_mbn_files() {
    // Both sides may castle both ways, with pieces to cross or attack on some lines (the Bishop
    // on d6 sees i1 through the open h2). The King stands on its start file: f in Capablanca, e
    // in Janus (elsewhere the step counts from where it stands; see the next test).
    let positions = |k: &str| {
        let (l, r) = if k == "f" { ("r4k3r", "R4K3R") } else { ("r3k4r", "R3K4R") };
        [
            format!("{l}/pppppppppp/10/10/10/10/PPPPPPPPPP/{r} w KQkq - 0 1"),
            format!("{l}/pppppppppp/10/10/10/10/PPPPPPPPPP/{r} b KQkq - 0 1"),
            format!("{l}/ppp1pppppp/3b6/10/10/5Q4/PPPPPPP1PP/{r} w KQkq - 0 1"),
            format!("{l}/ppp1pppppp/3b6/10/10/5Q4/PPPPPPP1PP/{r} b KQkq - 0 1"),
        ]
    };
    for (mbn, xbetza, k) in [
        ("variants/capablanca.toml", "tests/data/capablanca-xbetza.toml", "f"),
        ("variants/janus.toml", "tests/data/janus-xbetza.toml", "e"),
    ] {
        let (mbn, xbetza) = (load(mbn), load(xbetza));
        for fen in positions(k) {
            assert_eq!(castlings(&xbetza, &fen), castlings(&mbn, &fen), "{fen}");
            for depth in 1..=3 {
                assert_eq!(count(&xbetza, &fen, depth), count(&mbn, &fen, depth), "{} {fen} {depth}", mbn.0.spec.name);
            }
        }
        let start = mbn.0.spec.start_fen.clone();
        assert_eq!(count(&xbetza, &start, 3), count(&mbn, &start, 3));
    }
    // Capablanca (King on f1): `isO3` to i1 and c1; Janus (King on e1): `irO4` to i1, `ilO3` to b1.
    let capablanca = load("tests/data/capablanca-xbetza.toml");
    assert_eq!(castlings(&capablanca, "r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1"), ["c1/d1", "i1/h1"]);
    assert_eq!(castlings(&capablanca, "r4k3r/10/10/10/10/10/10/R4K3R b KQkq - 0 1"), ["c8/d8", "i8/h8"]);
    let janus = load("tests/data/janus-xbetza.toml");
    assert_eq!(castlings(&janus, "r3k4r/10/10/10/10/10/10/R3K4R w KQkq - 0 1"), ["b1/c1", "i1/h1"]);
    assert_eq!(castlings(&janus, "r3k4r/10/10/10/10/10/10/R3K4R b KQkq - 0 1"), ["b8/c8", "i8/h8"]);
    // Fairy-Stockfish: capablanca startpos depth 4 = 805128, janus 772074 (shared/reference/perft).
    assert_eq!(count(&capablanca, &capablanca.0.spec.start_fen.clone(), 4), 805_128);
    assert_eq!(count(&janus, &janus.0.spec.start_fen.clone(), 4), 772_074);
}

/// The chess twin with the King's XBetza replaced.
fn chess_with_king(king: &str) -> String {
    read("tests/data/chess-xbetza.toml").replace("K = \"KisO2\"", &format!("K = \"{king}\""))
}

#[test]
fn the_king_steps_toward_its_partner_which_lands_beside_it() {
    let open = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    let chess = load("tests/data/chess-xbetza.toml");
    assert_eq!(castlings(&chess, open), ["c1/d1", "g1/f1"]);
    assert_eq!(castlings(&chess, &open.replace(" w ", " b ")), ["c8/d8", "g8/f8"]);
    // One side only; no direction is both sides; `i` is implied (castling rights go when the
    // royal piece moves): `O2` castles as `isO2`.
    assert_eq!(castlings(&load_text(&chess_with_king("KirO2")), open), ["g1/f1"]);
    assert_eq!(castlings(&load_text(&chess_with_king("KlO2")), open), ["c1/d1"]);
    assert_eq!(castlings(&load_text(&chess_with_king("KO2")), open), ["c1/d1", "g1/f1"]);
    // `O3` on 8x8: three steps (b1 with the Rook on c1; h1, the Rook's own square, with the Rook
    // on g1 — not while the Rook on h8 sees h1).
    let three = load_text(&chess_with_king("KisO3"));
    assert_eq!(castlings(&three, "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1"), ["b1/c1", "h1/g1"]);
    assert_eq!(castlings(&three, open), ["b1/c1"]);
    // Two castlings on one side: either.
    assert_eq!(castlings(&load_text(&chess_with_king("KrO1rO2")), open), ["f1/e1", "g1/f1"]);
    // The steps count from where the royal piece stands (seed 002), not toward fixed files: with
    // the King on f1, `isO2` goes to h1 (the Rook to g1) and d1 (the Rook to e1); MBN's chess
    // castling (`[*]isR[g]`) goes to g1 and c1.
    let f1 = "r3k3/8/8/8/8/8/8/R4K1R w KQq - 0 1";
    assert_eq!(castlings(&chess, f1), ["d1/e1", "h1/g1"]);
    assert_eq!(castlings(&load("variants/chess.toml"), f1), ["c1/d1", "g1/f1"]);
    // Blocked, attacked on the way, in check: no castling that way.
    assert_eq!(castlings(&chess, "r3k2r/8/8/8/8/8/8/RN2K1NR w KQkq - 0 1"), Vec::<String>::new());
    assert_eq!(castlings(&chess, "r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1"), ["c1/d1"]);
    assert_eq!(castlings(&chess, "r3k2r/8/8/8/8/8/4r3/R3K2R w KQkq - 0 1"), Vec::<String>::new());
    // Only the rights the FEN gives.
    assert_eq!(castlings(&chess, "r3k2r/8/8/8/8/8/8/R3K2R w Kkq - 0 1"), ["g1/f1"]);
}

#[test]
fn misused_castling_is_an_error_at_its_column() {
    let line = |text: &str| text.lines().position(|l| l.starts_with("K = ")).unwrap() + 1;
    let king = |k: &str| {
        let text = chess_with_king(k);
        let (message, l, column) = error(&text);
        assert_eq!(l, line(&text), "{message}");
        (message, column)
    };
    // Columns count from the line's start: `K = "` is 5 characters.
    // `jO` is read (X61, `xbetza_castling_next.rs`); `jjO` is not.
    let (m, c) = king("KisjjO2");
    assert!(m.contains("XBetza `jjO` has no meaning in the seeds"), "{m}");
    assert_eq!(c, 10);
    let (m, c) = king("KpO2");
    assert!(m.contains("XBetza `pO` has no meaning in the seeds") && m.contains("fast castling"), "{m}");
    assert_eq!(c, 7);
    let (m, c) = king("KmO2");
    assert!(m.contains("XBetza `mO` has no meaning in the seeds"), "{m}");
    assert_eq!(c, 7);
    let (m, c) = king("KfO2");
    assert!(m.contains("castling goes along the rank"), "{m}");
    assert_eq!(c, 7);
    for bare in ["KisO", "KisO0", "KisOO"] {
        let (m, c) = king(bare);
        assert!(m.contains("needs the royal piece's step count"), "{bare}: {m}");
        assert_eq!(c, 7, "{bare}");
    }
    let (m, c) = king("KafisO2");
    assert!(m.contains("XBetza `O` is not supported yet"), "{m}");
    assert_eq!(c, 7);
    // On a piece that is not royal.
    let text = read("tests/data/chess-xbetza.toml").replace("R = \"R\"", "R = \"RisO2\"");
    let (m, _, c) = error(&text);
    assert!(m.contains("`R` castles (`O`), but it is not royal"), "{m}");
    assert_eq!(c, 9);
    // In a variant without castling partners (shatranj).
    let text = read("tests/data/shatranj-xbetza.toml").replace("K = \"K\"", "K = \"KisO2\"");
    let (m, _, c) = error(&text);
    assert!(m.contains("no castling partners"), "{m}");
    assert_eq!(c, 9);
    // With two royal kinds.
    let text = chess_with_king("KisO2").replace("royal = \"K\"", "royal = \"KQ\"");
    assert!(error(&text).0.contains("2 royal kinds"));
    // Outside a variant, and inside a chain.
    let e = compile_move_in(Dialect::XBetza, "KisO2").unwrap_err();
    assert!(e[0].message.contains("XBetza `O` (castling) is a rule of a variant"), "{}", e[0].message);
    assert_eq!((e[0].span.start, e[0].span.end), (3, 4));
    let e = compile_move_in(Dialect::XBetza, "W-O2").unwrap_err();
    assert_eq!((e[0].span.start, e[0].span.end), (2, 3));
}
