//! Orthodox chess from MBN alone, run by the reference interpreter: perft of the standard positions.

use mbn_codegen::interp::Interpreter;
use mbn_codegen::variant::{Variant, VariantSpec};
use mbn_runtime::{perft, Position};

fn chess() -> (Variant, Interpreter) {
    let mut spec = VariantSpec::new(
        "chess",
        8,
        8,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "P|Pawn| N|Knight| B|Bishop| R|Rook| Q|Queen| K|King| +P==QRBN",
    );
    spec.royal = "K".into();
    spec.castling_partners = "R".into();
    spec.promotion_zone = Some("[8]".into());
    let variant = Variant::compile(&spec).unwrap_or_else(|e| panic!("{e:?}"));
    let interp = Interpreter::new(&variant).unwrap_or_else(|e| panic!("{e:?}"));
    (variant, interp)
}

fn run(fen: &str, expected: &[u64]) {
    let (variant, interp) = chess();
    let mut pos: Position<u64> = Position::from_fen(&variant.table, variant.geometry, fen).unwrap();
    for (depth, &nodes) in expected.iter().enumerate() {
        assert_eq!(perft(&interp, &mut pos, depth as u32 + 1), nodes, "{fen} depth {}", depth + 1);
    }
}

#[test]
fn start_position() {
    run("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", &[20, 400, 8902]);
}

#[test]
fn kiwipete() {
    run("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", &[48, 2039]);
}

#[test]
fn position_3() {
    run("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", &[14, 191, 2812]);
}

#[test]
fn position_4() {
    run("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", &[6, 264, 9467]);
}

#[test]
fn position_5() {
    run("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", &[44, 1486]);
}

#[test]
fn position_6() {
    run("r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", &[46, 2079]);
}
