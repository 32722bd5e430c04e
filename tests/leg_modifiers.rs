//! E.p. rights from the legs of multi-leg moves (docs/SEMANTICS.md M44, X41): chess with the Pawn's
//! double step written as an MBN chain (`[2]mefW-mW`) and as an XBetza multi-leg move (`ifnmafmW`)
//! has chess's perft (Fairy-Stockfish's numbers, also checked with pyffish) in both back ends.

use mbn::codegen::interp::Interpreter;
use mbn::codegen::variant::Variant;
use mbn::runtime::{perft, Bitboard, MoveGenerator, Position};

mbn::mbn! { variant ChainPawnChess = "tests/data/chain-pawn-chess.toml"; }
mbn::mbn! { variant LegsXBetza = "tests/data/legs-xbetza.toml"; }

/// The start position, Kiwipete and the CPW's third position (e.p. captures that uncover checks),
/// with chess's perft from depth 1.
const CASES: [(&str, &[u64]); 3] = [
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", &[20, 400, 8902, 197_281]),
    ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", &[48, 2039, 97_862]),
    ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", &[14, 191, 2812, 43_238]),
];

fn interpreter(file: &str) -> Interpreter {
    let path = format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let variant = Variant::from_toml(&text, &path).unwrap_or_else(|e| panic!("{}", e[0]));
    Interpreter::new(&variant).unwrap_or_else(|e| panic!("{}", e[0].message))
}

/// Chess's perft in both back ends, from each case's FEN (read by `load`).
fn chess_perft<B: Bitboard, G: MoveGenerator<B>>(
    generated: &G,
    interp: &Interpreter,
    load: impl Fn(&str) -> Position<B>,
) {
    for (fen, counts) in CASES {
        for (depth, &want) in (1..).zip(counts) {
            let mut pos = load(fen);
            assert_eq!(perft(generated, &mut pos, depth), want, "generated, {fen}, depth {depth}");
            if depth <= 3 {
                assert_eq!(perft(interp, &mut pos, depth), want, "interpreted, {fen}, depth {depth}");
            }
        }
    }
}

#[test]
fn mbn_chain_double_step_has_chess_perft() {
    let interp = interpreter("chain-pawn-chess.toml");
    chess_perft(&ChainPawnChess, &interp, |fen| ChainPawnChess::position(fen).expect("the FEN loads"));
}

#[test]
fn xbetza_multileg_double_step_has_chess_perft() {
    let interp = interpreter("legs-xbetza.toml");
    chess_perft(&LegsXBetza, &interp, |fen| LegsXBetza::position(fen).expect("the FEN loads"));
}
