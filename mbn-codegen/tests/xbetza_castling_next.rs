//! XBetza `jO` (docs/SEMANTICS.md X61; seed 001: "j on castling means the castling partner is not
//! the farthest piece, but the next closer one (isjO2 = Omega-Chess castling)") in a variant file:
//! `tests/data/omega-xbetza.toml`, a 10x8 board with a Wazir in each corner (the castling
//! partners, which the rights `KQkq` name) and the Rooks beside them. The King's `isjO2` castles
//! with the Rooks: hand-checked castlings, Fairy-Stockfish's perft (the same variant loaded into
//! pyffish, see the file's comment), and the deviation where a corner piece has moved.

use mbn_codegen::interp::Interpreter;
use mbn_codegen::variant::Variant;
use mbn_runtime::{parse_move, Bb256, MoveGenerator, MoveList, Position};

mod common;
use common::{count, error, load, position, read};

const OMEGA: &str = "tests/data/omega-xbetza.toml";
const OPEN: &str = "wr3k2rw/pppppppppp/10/10/10/10/PPPPPPPPPP/WR3K2RW w KQkq - 0 1";

/// The legal castlings as `royal-to/partner-from-partner-to` (`h1/i1g1`), sorted.
fn castlings_in((variant, interp): &(Variant, Interpreter), pos: &Position<Bb256>) -> Vec<String> {
    let g = variant.geometry;
    let mut list = MoveList::new();
    interp.legal_moves(pos, &mut list);
    let mut out: Vec<String> = list
        .iter()
        .filter(|m| m.is_castle())
        .map(|m| {
            let (from, to) = (m.partner_from().expect("a castle"), m.partner_to().expect("a castle"));
            format!("{}/{}{}", g.square_name(m.to()), g.square_name(from), g.square_name(to))
        })
        .collect();
    out.sort();
    out
}

fn castlings(omega: &(Variant, Interpreter), fen: &str) -> Vec<String> {
    castlings_in(omega, &position::<Bb256>(&omega.0, fen))
}

/// `fen` after the UCI `moves`.
fn after(omega: &(Variant, Interpreter), fen: &str, moves: &[&str]) -> Position<Bb256> {
    let mut pos = position::<Bb256>(&omega.0, fen);
    for uci in moves {
        let (mv, extra) = parse_move(&omega.1, &pos, uci).unwrap_or_else(|e| panic!("{uci}: {e:?}"));
        let _ = pos.make_with(mv, &extra);
    }
    pos
}

#[test]
fn the_king_castles_with_the_piece_next_to_the_corner() {
    let omega = load(OMEGA);
    // The rights name the corner Wazirs (a1 j1); the King goes two squares, the Rook beside the
    // Wazir swings round: f1h1 with i1g1, f1d1 with b1e1 (Fairy-Stockfish's f1h1, f1d1).
    assert_eq!(castlings(&omega, OPEN), ["d1/b1e1", "h1/i1g1"]);
    assert_eq!(castlings(&omega, &OPEN.replace(" w ", " b ")), ["d8/b8e8", "h8/i8g8"]);
    // Only the rights the FEN gives; a piece between them (a Knight on d1); the King's path
    // attacked (a black Rook on g7, the g-pawn gone, sees g1).
    assert_eq!(castlings(&omega, &OPEN.replace("KQkq", "Kkq")), ["h1/i1g1"]);
    assert_eq!(castlings(&omega, "wr3k2rw/pppppppppp/10/10/10/10/PPPPPPPPPP/WR1N1K2RW w KQkq - 0 1"), ["h1/i1g1"]);
    assert_eq!(castlings(&omega, "wr3k2rw/pppppprppp/10/10/10/10/PPPPPP1PPP/WR3K2RW w KQkq - 0 1"), ["d1/b1e1"]);
    // The square beside the corner empty: no castling that way, though a Knight stands next.
    assert_eq!(castlings(&omega, "wr3k2rw/pppppppppp/10/10/10/10/PPPPPPPPPP/W1N2K2RW w KQkq - 0 1"), ["h1/i1g1"]);
    // Any unmoved piece beside the corner castles (the seed names no kind): a Knight from the FEN.
    assert_eq!(
        castlings(&omega, "wr3k2rw/pppppppppp/10/10/10/10/PPPPPPPPPP/WN3K2RW w KQkq - 0 1"),
        ["d1/b1e1", "h1/i1g1"]
    );
    // `isO2` castles with the farthest piece, the corner Wazir itself: f1h1 with j1g1.
    let plain = read(OMEGA).replace("KisjO2", "KisO2");
    let farthest = common::load_text(&plain);
    assert_eq!(
        castlings(&farthest, "wr3k2rw/pppppppppp/10/10/10/10/PPPPPPPPPP/W4K3W w KQkq - 0 1"),
        ["d1/a1e1", "h1/j1g1"]
    );
    assert_eq!(castlings(&farthest, OPEN), Vec::<String>::new());
}

#[test]
fn a_moved_partner_or_corner_piece_does_not_castle() {
    let omega = load(OMEGA);
    // The Rook b1 out and back (c1, b1): it has moved, so no castling with it; i1 still castles.
    let pos = after(&omega, OPEN, &["b1c1", "b8c8", "c1b1", "c8b8"]);
    assert_eq!(castlings_in(&omega, &pos), ["h1/i1g1"]);
    // Black's Rook b8 stands on c8: the square beside a8 is empty, only the short castling.
    let pos = after(&omega, OPEN, &["b1c1", "b8c8", "c1b1"]);
    assert_eq!(castlings_in(&omega, &pos), ["h8/i8g8"]);
}

#[test]
fn omega_castling_has_fairy_stockfish_perft() {
    let omega = load(OMEGA);
    // Fairy-Stockfish 14 (pyffish, the variant of the file's comment), depths 1-3.
    for (fen, counts) in [
        ("startpos", [24, 576, 15_326]),
        (OPEN, [29, 841, 24_107]),
        ("wr3k2rw/pppppppppp/10/10/10/10/PPPPPPPPPP/WR3K2RW b KQkq - 0 1", [29, 841, 24_107]),
        ("wr3k2rw/p8p/10/10/10/10/P8P/WR3K2RW w KQkq - 0 1", [30, 788, 23_204]),
    ] {
        for (depth, expected) in (1..).zip(counts) {
            assert_eq!(count(&omega, fen, depth), expected, "{fen} depth {depth}");
        }
    }
}

#[test]
fn the_corner_piece_holds_the_right() {
    // X61's deviation: the rights are on the corner pieces, so the Wazir a1 stepping to a2 loses
    // the long castling (Fairy-Stockfish, whose rights go with the Rook, still plays f1d1 there).
    let omega = load(OMEGA);
    let fen = "wr3k2rw/1ppppppppp/10/10/10/10/1PPPPPPPPP/WR3K2RW w KQkq - 0 1";
    assert_eq!(castlings(&omega, fen), ["d1/b1e1", "h1/i1g1"]);
    let pos = after(&omega, fen, &["a1a2", "a8a7"]);
    assert_eq!(castlings_in(&omega, &pos), ["h1/i1g1"]);
}

#[test]
fn a_doubled_j_is_an_error_at_its_column() {
    let text = read(OMEGA).replace("KisjO2", "KisjjO2");
    let line = text.lines().position(|l| l.starts_with("K = ")).unwrap() + 1;
    let (message, l, column) = error(&text);
    assert!(message.starts_with("XBetza `jjO` has no meaning in the seeds"), "{message}");
    assert!(message.contains("doubled `j`"), "{message}");
    assert_eq!((l, column), (line, 10));
}
