//! E.p. rights from a leg of a Betza 2.0 chain (docs/SEMANTICS.md X50): chess with the Pawn's
//! double step written as the chain `ifmnW-mW` has chess's perft (Fairy-Stockfish's numbers,
//! `shared/reference/perft`) in both back ends, from the start, on Kiwipete and on the CPW's third
//! position (e.p. captures that uncover checks).

use mbn::codegen::interp::Interpreter;
use mbn::codegen::variant::Variant;
use mbn::runtime::perft;

mbn::mbn! { variant ChainXBetza = "tests/data/chain-xbetza.toml"; }

/// Each case's FEN with chess's perft from depth 1.
const CASES: [(&str, &[u64]); 3] = [
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", &[20, 400, 8902, 197_281]),
    ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", &[48, 2039, 97_862]),
    ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", &[14, 191, 2812, 43_238]),
];

#[test]
fn chain_double_step_has_chess_perft() {
    let path = format!("{}/tests/data/chain-xbetza.toml", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let variant = Variant::from_toml(&text, &path).unwrap_or_else(|e| panic!("{}", e[0]));
    let interp = Interpreter::new(&variant).unwrap_or_else(|e| panic!("{}", e[0].message));
    for (fen, counts) in CASES {
        for (depth, &want) in (1..).zip(counts) {
            let mut pos = ChainXBetza::position(fen).expect("the FEN loads");
            assert_eq!(perft(&ChainXBetza, &mut pos, depth), want, "generated, {fen}, depth {depth}");
            if depth <= 3 {
                assert_eq!(perft(&interp, &mut pos, depth), want, "interpreted, {fen}, depth {depth}");
            }
        }
    }
}
