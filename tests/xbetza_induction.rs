//! XBetza `x` induction (docs/SEMANTICS.md X28) in generated code: chess with the Relay Knight
//! `mNxaN` (`tests/data/relay-xbetza.toml`) compiled by `mbn!` and run by the interpreter give the
//! hand-checked legal moves, the same moves on random playouts and the same perft.

use mbn::codegen::interp::Interpreter;
use mbn::codegen::variant::Variant;
use mbn::runtime::{perft, Geometry, MoveGenerator, MoveList, Position};

mod common;

mbn::mbn! { variant Relay = "tests/data/relay-xbetza.toml"; }

fn interpreter() -> Interpreter {
    let path = format!("{}/tests/data/relay-xbetza.toml", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("the test variant is there");
    let variant = Variant::from_toml(&text, &path).unwrap_or_else(|e| panic!("{}", e[0]));
    Interpreter::new(&variant).unwrap_or_else(|e| panic!("{}", e[0].message))
}

/// The legal moves of `generator` in `pos` as UCI text, sorted; each once.
fn listed<G: MoveGenerator<u64>>(generator: &G, pos: &Position<u64>) -> Vec<String> {
    let mut list = MoveList::new();
    generator.legal_moves(pos, &mut list);
    let mut out: Vec<String> = list.iter().map(|mv| pos.uci(*mv, list.extra_captures(mv))).collect();
    out.sort();
    let n = out.len();
    out.dedup();
    assert_eq!(out.len(), n, "a move listed twice");
    out
}

fn set(moves: &str) -> Vec<String> {
    let mut v: Vec<String> = moves.split_whitespace().map(str::to_string).collect();
    v.sort();
    v
}

/// By hand, White at the start: 16 pawn moves, the Knights' own quiet leaps a3 c3 f3 h3, and
/// the leaps they relay: b1 to the pawn d2 (b3 c4 e4 f3), g1 to the pawn e2 (c3 d4 f4 g3).
#[test]
fn relay_chess_start_in_both_back_ends() {
    let start = Relay::start_position();
    let pawns = "a2a3 a2a4 b2b3 b2b4 c2c3 c2c4 d2d3 d2d4 e2e3 e2e4 f2f3 f2f4 g2g3 g2g4 h2h3 h2h4";
    let want = set(&format!("{pawns} b1a3 b1c3 g1f3 g1h3 d2b3 d2c4 d2e4 d2f3 e2c3 e2d4 e2f4 e2g3"));
    assert_eq!(listed(&Relay, &start), want);
    assert_eq!(listed(&interpreter(), &start), want);
}

/// Hand-checked positions: relayed captures and promotions, a relayed King kept out of check, and
/// a relayed leap equal to the friend's own (two Knights relaying each other) listed once.
#[test]
fn relay_positions_in_both_back_ends() {
    let interp = interpreter();
    let cases = [
        // The Knight d5 relays the pawn b6 to a8 and c8 (promoting), d7, a4 and c4; the pawn steps
        // to b7; the Knight leaps (d5's friend b6 blocks nothing); the King steps.
        (
            "4k3/8/1P6/3N4/8/8/8/K7 w - - 0 1",
            "b6b7 b6a8q b6a8r b6a8b b6a8n b6c8q b6c8r b6c8b b6c8n b6d7 b6a4 b6c4 \
             d5b4 d5c3 d5e3 d5f4 d5f6 d5e7 d5c7 a1a2 a1b1 a1b2",
        ),
        // The Knight d4 relays the King b5 (c-file covered by the rook c8): a7 d6 a3, and its steps.
        (
            "2r4k/8/8/1K6/3N4/8/8/8 w - - 0 1",
            "b5a6 b5b6 b5a5 b5a4 b5b4 b5a7 b5d6 b5a3 d4b3 d4c2 d4e2 d4f3 d4f5 d4e6 d4c6",
        ),
        // Two Knights: b5's own leaps and d4's, plus the captures they relay (b5xa7, d4xe6).
        (
            "7k/p7/4p3/1N6/3N4/8/8/7K w - - 0 1",
            "b5c7 b5d6 b5a3 b5c3 b5a7 d4c6 d4f5 d4f3 d4b3 d4c2 d4e2 d4e6 h1g1 h1g2 h1h2",
        ),
    ];
    for (fen, want) in cases {
        let pos = Relay::position(fen).expect("the position loads");
        assert_eq!(listed(&Relay, &pos), set(want), "{fen}");
        assert_eq!(listed(&interp, &pos), set(want), "{fen}");
    }
    // A relayed capture gives check: the pawn b5, relayed by the Knight d4, attacks a7.
    let pos = Relay::position("8/k7/8/1P6/3N4/8/8/7K b - - 0 1").expect("loads");
    let g = Geometry::CHESS;
    let a7 = g.parse_square("a7").expect("a square");
    assert!(Relay.is_square_attacked(&pos, a7, mbn::runtime::Color::White));
    assert!(interp.is_square_attacked(&pos, a7, mbn::runtime::Color::White));
}

#[test]
fn relay_perft_and_playouts_agree() {
    let interp = interpreter();
    let start = Relay::start_position();
    let mut counts = Vec::new();
    for depth in 1..=3 {
        let mut pos = start.clone();
        let n = perft(&Relay, &mut pos, depth);
        assert_eq!(n, perft(&interp, &mut pos, depth), "perft {depth}");
        counts.push(n);
    }
    assert_eq!(counts[0], 28);
    let mut relayed = 0;
    common::random_walk(&Relay, &start, 1000, 60, 0x2545_f491_4f6c_dd1d, |pos, list| {
        assert_eq!(listed(&Relay, pos), listed(&interp, pos), "{}", pos.to_fen());
        relayed += list.iter().filter(|mv| is_relayed(pos, mv)).count();
    });
    assert!(relayed > 1000, "relayed moves met: {relayed}");
}

/// Whether `mv` is a knight leap of a piece that is not a Knight (so relayed).
fn is_relayed(pos: &Position<u64>, mv: &mbn::runtime::Move) -> bool {
    let g = pos.geometry();
    let (dx, dy) = (
        i32::from(g.file_of(mv.to())) - i32::from(g.file_of(mv.from())),
        i32::from(g.rank_of(mv.to())) - i32::from(g.rank_of(mv.from())),
    );
    let leap = (dx.abs(), dy.abs()) == (1, 2) || (dx.abs(), dy.abs()) == (2, 1);
    leap && pos.piece_at(mv.from()).is_some_and(|p| pos.table().get(p.kind).is_some_and(|i| i.letter != 'N'))
}
