//! XBetza `O` (castling, docs/SEMANTICS.md X30) and `@` (drops, X31) in generated code: the
//! variant files of `tests/data` compiled by `mbn!` give Fairy-Stockfish's perft, the same castlings
//! and drops as the interpreter, and the same legal moves on random playouts. (Crazyhouse, whose
//! XBetza Pawn has the e.p. double step `ifmnD` the code generator does not run yet, is tested on
//! the interpreter: mbn-codegen/tests/xbetza_drops.rs.)

use mbn::codegen::interp::Interpreter;
use mbn::codegen::variant::Variant;
use mbn::runtime::{perft, Bitboard, FenOptions, MoveGenerator, MoveList, Position};

mod common;

mbn::mbn! { variant ChessX = "tests/data/chess-xbetza.toml"; }
mbn::mbn! { variant JanusX = "tests/data/janus-xbetza.toml"; }
mbn::mbn! { variant DropsX = "tests/data/drops-xbetza.toml"; }
mbn::mbn! { variant MinishogiX = "tests/data/minishogi-xbetza.toml"; }

fn interpreter(file: &str) -> (Variant, Interpreter) {
    let path = format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("the test variant is there");
    let variant = Variant::from_toml(&text, &path).unwrap_or_else(|e| panic!("{}", e[0]));
    let interp = Interpreter::new(&variant).unwrap_or_else(|e| panic!("{}", e[0].message));
    (variant, interp)
}

/// The legal moves in UCI, sorted.
fn listed<B: Bitboard, G: MoveGenerator<B>>(generator: &G, pos: &Position<B>) -> Vec<String> {
    let mut list = MoveList::new();
    generator.legal_moves(pos, &mut list);
    let mut out: Vec<String> = list.iter().map(|m| pos.uci(*m, list.extra_captures(m))).collect();
    out.sort();
    out
}

/// The legal castlings as `royal-to/partner-to`, sorted.
fn castlings<B: Bitboard, G: MoveGenerator<B>>(generator: &G, pos: &Position<B>) -> Vec<String> {
    let g = pos.geometry();
    let mut list = MoveList::new();
    generator.legal_moves(pos, &mut list);
    let mut out: Vec<String> = list
        .iter()
        .filter(|m| m.is_castle())
        .map(|m| format!("{}/{}", g.square_name(m.to()), g.square_name(m.partner_to().expect("a castle"))))
        .collect();
    out.sort();
    out
}

/// The interpreter's position for `fen` with the bitboard type of the generated code.
fn interpreted<B: Bitboard>(variant: &Variant, fen: &str) -> Position<B> {
    let options = FenOptions { captures_to_hand: variant.spec.captures_to_hand, ..FenOptions::default() };
    Position::from_fen_with(variant.table.clone(), variant.geometry, fen, &options).expect("the position loads")
}

/// Random playouts from `start`: both back ends list the same legal moves at every step.
fn playouts<B: Bitboard, G: MoveGenerator<B>>(generated: &G, interp: &Interpreter, start: &Position<B>, steps: usize) {
    common::random_walk(generated, start, steps, 80, 0x2545_f491_4f6c_dd1d, |pos, _| {
        assert_eq!(listed(generated, pos), listed(interp, pos), "{}", pos.to_fen());
    });
}

#[test]
fn generated_xbetza_kings_castle() {
    // Fairy-Stockfish: Kiwipete 48, 2039, 97862.
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    for (depth, nodes) in [(1, 48), (2, 2039), (3, 97_862)] {
        assert_eq!(perft(&ChessX, &mut ChessX::position(kiwipete).unwrap(), depth), nodes);
    }
    let (chess, interp) = interpreter("chess-xbetza.toml");
    for fen in [
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
        "r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1",
        "r3k3/8/8/8/8/8/8/R4K1R w KQq - 0 1",
    ] {
        let pos = ChessX::position(fen).unwrap();
        assert_eq!(castlings(&ChessX, &pos), castlings(&interp, &interpreted::<u64>(&chess, fen)), "{fen}");
    }
    let open = ChessX::position("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    assert_eq!(castlings(&ChessX, &open), ["c1/d1", "g1/f1"]);
    // The King on f1: two steps from there (X30).
    assert_eq!(
        castlings(&ChessX, &ChessX::position("r3k3/8/8/8/8/8/8/R4K1R w KQq - 0 1").unwrap()),
        ["d1/e1", "h1/g1"]
    );
    playouts(&ChessX, &interp, &ChessX::position(kiwipete).unwrap(), 800);

    // Janus: `irO4ilO3`, both colours.
    let (janus, interp) = interpreter("janus-xbetza.toml");
    for (fen, want) in [
        ("r3k4r/10/10/10/10/10/10/R3K4R w KQkq - 0 1", ["b1/c1", "i1/h1"]),
        ("r3k4r/10/10/10/10/10/10/R3K4R b KQkq - 0 1", ["b8/c8", "i8/h8"]),
    ] {
        let pos = JanusX::position(fen).unwrap();
        assert_eq!(castlings(&JanusX, &pos), want);
        assert_eq!(castlings(&interp, &interpreted::<u128>(&janus, fen)), want);
        for depth in 1..=2 {
            assert_eq!(
                perft(&JanusX, &mut pos.clone(), depth),
                perft(&interp, &mut interpreted::<u128>(&janus, fen), depth)
            );
        }
    }
    // Fairy-Stockfish: janus startpos depth 3 is 24747 on both (as the MBN file, tests/variants.rs).
    assert_eq!(perft(&JanusX, &mut JanusX::start_position(), 3), 24_747);
}

#[test]
fn generated_xbetza_drops() {
    // The limits and zones of tests/data/drops-xbetza.toml, counted by hand (as
    // mbn-codegen/tests/xbetza_drops.rs): 221 legal moves in the first position.
    let (drops, interp) = interpreter("drops-xbetza.toml");
    let a = "4k3/8/8/8/8/8/3P4/2B1K3[PNBRQ] w - - 0 1";
    assert_eq!(listed(&DropsX, &DropsX::position(a).unwrap()).len(), 221);
    for fen in [
        a,
        "4k3/8/8/8/8/Q7/RN1P4/1NB1K2R[PNBRQ] w - - 0 1",
        "4k3/8/8/8/8/8/1N6/4K2R[NR] w - - 0 1",
        "4k3/8/8/8/8/8/8/4K3[pq] b - - 0 1",
    ] {
        let generated = listed(&DropsX, &DropsX::position(fen).unwrap());
        assert_eq!(generated, listed(&interp, &interpreted::<u64>(&drops, fen)), "{fen}");
    }
    let b = listed(&DropsX, &DropsX::position("4k3/8/8/8/8/Q7/RN1P4/1NB1K2R[PNBRQ] w - - 0 1").unwrap());
    let of = |p: &str| b.iter().filter(|m| m.starts_with(p)).count();
    assert_eq!([of("P@"), of("N@"), of("B@"), of("R@"), of("Q@")], [39, 49, 28, 0, 0]);
    playouts(&DropsX, &interp, &DropsX::start_position(), 600);

    // Minishogi with `fWf@4`: Fairy-Stockfish's 14, 181, 2512, 35401.
    for (depth, nodes) in [(1, 14), (2, 181), (3, 2512), (4, 35_401)] {
        assert_eq!(perft(&MinishogiX, &mut MinishogiX::start_position(), depth), nodes);
    }
    let (mini, interp) = interpreter("minishogi-xbetza.toml");
    playouts(&MinishogiX, &interp, &interpreted(&mini, &mini.spec.start_fen.clone()), 600);
}
