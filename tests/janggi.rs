//! Janggi's rules as Fairy-Stockfish plays them (`variants/janggi.toml`; docs/SEMANTICS.md M26,
//! M27, V8): the palace lines, the Cannon, passes, the end of the game by passes and bikjang. Every
//! expected move list is pyffish 0.0.90's `legal_moves("janggi", fen, history)`, and both back
//! ends must give it.

use mbn::codegen::interp::Interpreter;
use mbn::codegen::variant::Variant;
use mbn::runtime::{parse_move, perft, Bitboard, MoveGenerator, MoveList, Position};

/// `(what, FEN, moves played first, Fairy-Stockfish's legal moves then)`.
#[rustfmt::skip]
const CASES: &[(&str, &str, &[&str], &[&str])] = &[
    ("start: the General may pass (e2e2)", "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1", &[],
     &["a1a2", "a1a3", "a4a5", "a4b4", "b1a3", "b1c3", "c4b4", "c4c5", "c4d4", "d1d2", "d1e1", "e2d2", "e2d3", "e2e1", "e2e2", "e2e3", "e2f2", "e2f3", "e4d4", "e4e5", "e4f4", "f1e1", "f1f2", "g4f4", "g4g5", "g4h4", "h1g3", "h1i3", "i1i2", "i1i3", "i4h4", "i4i5"]),
    ("bikjang: pass or leave the file", "4k4/9/9/9/9/9/9/9/4K4/9 w - - 0 1", &[],
     &["e2d1", "e2d2", "e2d3", "e2e2", "e2f1", "e2f2", "e2f3"]),
    ("bikjang, Black to move", "4k4/9/9/9/9/9/9/9/4K4/9 b - - 0 1", &[],
     &["e10d10", "e10e10", "e10f10"]),
    ("bikjang: a block ends it, a Chariot move does not", "4k4/9/9/9/9/3P5/9/9/4K4/R8 w - - 0 1", &[],
     &["d5e5", "e2d1", "e2d2", "e2d3", "e2e2", "e2f1", "e2f2", "e2f3"]),
    ("bikjang in check: the pass stays", "4k4/9/9/9/9/3P5/9/9/3rK4/R8 w - - 0 1", &[],
     &["e2d2", "e2e2", "e2f1", "e2f3"]),
    ("moving onto the open file is legal", "3k5/9/9/9/9/9/9/9/4K4/9 w - - 0 1", &[],
     &["e2d1", "e2d2", "e2d3", "e2e1", "e2e2", "e2e3", "e2f1", "e2f2", "e2f3"]),
    ("no pass in check", "3k5/9/9/9/9/9/9/4r4/4K4/9 w - - 0 1", &[],
     &["e2d1", "e2d2", "e2e3", "e2f1", "e2f2"]),
    ("the Cannon hops the palace centre", "5k3/4p4/3C5/9/9/9/9/9/4K4/9 w - - 0 1", &[],
     &["d8f10", "e2d1", "e2d2", "e2d3", "e2e1", "e2e2", "e2e3", "e2f1", "e2f2", "e2f3"]),
    ("a Cannon neither hops nor takes a Cannon", "5k3/4c4/3C5/9/9/9/9/2c6/4K4/2C6 w - - 0 1", &[],
     &["e2d1", "e2d2", "e2d3", "e2e1", "e2e2", "e2e3", "e2f1", "e2f2", "e2f3"]),
    ("a Cannon checks over a Soldier", "3k5/9/9/9/9/9/3c5/3P5/3K5/9 w - - 0 1", &[],
     &["d2e2", "d3c3", "d3d4", "d3e3"]),
    ("a Cannon does not check over a Cannon", "3k5/9/9/9/9/9/3c5/3C5/3K5/9 w - - 0 1", &[],
     &["d2d1", "d2d2", "d2e2", "d3d1"]),
    ("Soldiers, and the enemy palace's diagonals", "3k5/4P4/3P5/9/9/9/9/3P5/4K4/9 w - - 0 1", &[],
     &["d3c3", "d3d4", "d3e3", "d8c8", "d8d9", "d8e8", "e2d1", "e2d2", "e2e1", "e2e2", "e2e3", "e2f1", "e2f2", "e2f3", "e9d10", "e9d9", "e9e10", "e9f10", "e9f9"]),
    ("Chariots on palace diagonals, a Guard off them", "5k3/3R5/9/9/9/9/9/9/3AK4/5R3 w - - 0 1", &[],
     &["d2d1", "d2d3", "d9a9", "d9b9", "d9c9", "d9d10", "d9d3", "d9d4", "d9d5", "d9d6", "d9d7", "d9d8", "d9e9", "d9f9", "d9g9", "d9h9", "d9i9", "e2d1", "e2d3", "e2e1", "e2e2", "e2e3", "e2f2", "e2f3", "f1a1", "f1b1", "f1c1", "f1d1", "f1e1", "f1f10", "f1f2", "f1f3", "f1f4", "f1f5", "f1f6", "f1f7", "f1f8", "f1f9", "f1g1", "f1h1", "f1i1"]),
    ("the Elephant is blocked on its way", "5k3/9/9/9/4B4/4p4/9/9/4K4/B8 w - - 0 1", &[],
     &["a1c4", "a1d3", "e2d1", "e2d2", "e2d3", "e2e1", "e2e2", "e2e3", "e2f1", "e2f2", "e2f3", "e6b4", "e6b8", "e6c9", "e6g9", "e6h4", "e6h8"]),
    ("a Soldier on its own palace's diagonals (set up)", "3k5/9/9/9/9/9/9/9/5K3/3P5 w - - 0 1", &[],
     &["d1c1", "d1d2", "d1e1", "d1e2", "f2e2", "f2f1", "f2f2", "f2f3"]),
    ("a block of bikjang by a Soldier on a diagonal", "3k5/9/9/9/9/9/9/9/4P4/3K5 w - - 0 1", &[],
     &["d1d1", "d1e1", "e2d2", "e2d3"]),
    ("two passes end the game", "4k4/4p4/9/9/9/9/9/9/4K4/9 w - - 0 1", &["e2e2", "e10e10"], &[]),
    ("one pass does not", "4k4/4p4/9/9/9/9/9/9/4K4/9 w - - 0 1", &["e2e2"],
     &["e10d10", "e10e10", "e10f10", "e9d8", "e9d9", "e9e8", "e9f8", "e9f9"]),
    ("a pass under bikjang ends the game", "4k4/9/9/9/9/9/9/9/4K4/9 w - - 0 1", &["e2e2"], &[]),
    ("a pass after a move does not", "4k4/4p4/9/9/9/9/9/9/4K4/9 w - - 0 1", &["e2d2", "e10e10"],
     &["d2d1", "d2d2", "d2d3", "d2e2"]),
];

/// Plays `history` from `pos` and returns the sorted legal moves then.
fn moves_after<B: Bitboard, G: MoveGenerator<B>>(generator: &G, mut pos: Position<B>, history: &[&str]) -> Vec<String> {
    for text in history {
        let (mv, extra) = parse_move(generator, &pos, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let _ = pos.make_with(mv, &extra);
    }
    let mut list = MoveList::new();
    generator.legal_moves(&pos, &mut list);
    // The bulk count of perft's last ply agrees.
    let mut scratch = MoveList::new();
    assert_eq!(generator.count_legal_moves(&pos, &mut scratch), list.len() as u64, "{}", pos.to_fen());
    let mut text: Vec<String> = list.iter().map(|m| pos.uci(*m, list.extra_captures(m))).collect();
    text.sort();
    text
}

struct Generated<'a>(&'a [&'a str]);

impl mbn::generated::Visitor for Generated<'_> {
    type Output = Vec<String>;
    fn visit<B: Bitboard, G: MoveGenerator<B>>(self, generator: &G, pos: Position<B>) -> Vec<String> {
        moves_after(generator, pos, self.0)
    }
}

fn interpreter() -> (Variant, Interpreter) {
    let text = mbn::variants::find("janggi").expect("janggi is bundled");
    let variant = Variant::from_toml(text, "variants/janggi.toml").expect("janggi loads");
    let interp = Interpreter::new(&variant).expect("the interpreter runs janggi");
    (variant, interp)
}

#[test]
fn both_back_ends_list_fairy_stockfish_moves() {
    let (variant, interp) = interpreter();
    assert!(mbn::generated::GENERATED.contains(&"janggi"), "janggi is generated");
    for &(what, fen, history, want) in CASES {
        let pos = Position::<u128>::from_fen(&variant.table, variant.geometry, fen).expect("FEN");
        assert_eq!(moves_after(&interp, pos, history), want, "interpreter: {what}: {fen} {history:?}");
        let generated =
            mbn::generated::visit("janggi", Some(fen), Generated(history)).expect("generated").expect("FEN");
        assert_eq!(generated, want, "generated: {what}: {fen} {history:?}");
    }
}

/// The pass is a move of its own: UCI `e2e2`, nothing moves, the clocks run, and unmaking it
/// restores the position, pass count included.
#[test]
fn a_pass_changes_only_the_turn() {
    let (variant, interp) = interpreter();
    let fen = "4k4/4p4/9/9/9/9/9/9/4K4/9 w - - 3 7";
    let mut pos = Position::<u128>::from_fen(&variant.table, variant.geometry, fen).expect("FEN");
    let before = pos.clone();
    let (mv, extra) = parse_move(&interp, &pos, "e2e2").expect("a legal pass");
    assert!(mv.is_pass() && !mv.is_capture() && extra.is_empty());
    let undo = pos.make_with(mv, &extra);
    assert_eq!(pos.to_fen(), "4k4/4p4/9/9/9/9/9/9/4K4/9 b - - 4 7");
    assert_eq!(pos.passes(), 1);
    pos.unmake(mv, undo);
    assert_eq!(pos, before);
    // Perft through passes and the game ends they make (pyffish, its move history kept: the counts
    // without the history, which has the passes, are higher).
    for (fen, nodes) in [("4k4/4p4/9/9/9/9/9/9/4K4/9 w - - 0 1", 1815), ("4k4/9/9/9/9/3P5/9/9/4K4/R8 w - - 0 1", 2897)]
    {
        struct Perft;
        impl mbn::generated::Visitor for Perft {
            type Output = u64;
            fn visit<B: Bitboard, G: MoveGenerator<B>>(self, generator: &G, mut pos: Position<B>) -> u64 {
                perft(generator, &mut pos, 4)
            }
        }
        let mut pos = Position::<u128>::from_fen(&variant.table, variant.geometry, fen).expect("FEN");
        let interpreted = perft(&interp, &mut pos, 4);
        let generated = mbn::generated::visit("janggi", Some(fen), Perft).expect("generated").expect("FEN");
        assert_eq!((interpreted, generated), (nodes, nodes), "{fen}");
    }
}

/// M26: `O` (or a count of zero steps, `W00`) as a whole move is a pass; one that may only capture
/// is refused, and so is a `-` leg after a first leg `O` (M57).
#[test]
fn null_moves_are_passes() {
    use mbn::codegen::variant::VariantSpec;
    let compile = |pieces: &str| {
        let mut spec = VariantSpec::new("t", 5, 5, "4k/5/5/5/K4 w - - 0 1", pieces);
        spec.royal = "K".into();
        let variant = Variant::compile(&spec).unwrap_or_else(|e| panic!("{pieces}: {e:?}"));
        Interpreter::new(&variant).map(|interp| (variant, interp))
    };
    for pieces in ["K=W+mO", "K=W+O", "K=W+W00", "K=W+[a1]O"] {
        let (variant, interp) = compile(pieces).unwrap_or_else(|e| panic!("{pieces}: {e:?}"));
        let pos = Position::<u64>::from_fen(&variant.table, variant.geometry, "4k/5/5/5/K4 w - - 0 1").unwrap();
        assert_eq!(moves_after(&interp, pos, &[]), ["a1a1", "a1a2", "a1b1"], "{pieces}");
    }
    // A range the piece does not stand on: no pass.
    let (variant, interp) = compile("K=W+[b1]O").unwrap();
    let pos = Position::<u64>::from_fen(&variant.table, variant.geometry, "4k/5/5/5/K4 w - - 0 1").unwrap();
    assert_eq!(moves_after(&interp, pos, &[]), ["a1a2", "a1b1"]);
    let refused = |pieces: &str| match compile(pieces) {
        Ok(_) => panic!("{pieces} is refused"),
        Err(e) => e.iter().map(|d| d.to_string()).collect::<Vec<_>>().join("\n"),
    };
    assert!(refused("K=W+cO").contains("null move (`O`) that may not move"));
    assert!(refused("K=W+pO").contains("`p` or `g` on a null move (`O`): a piece that stays on its square"));
    // M99, for good: each letter named with what the pass lacks. `gO` was read as a plain pass,
    // its `g` dropped without a word, until session 25.
    for (pieces, says) in [
        ("K=W+gO", "`p` or `g` on a null move (`O`)"),
        ("K=W+wwO", "nothing to swap with"),
        ("K=W+uO", "nothing to be blocked by"),
        ("K=W+xxO", "nothing to flip"),
        ("K=W+oO", "nothing to wrap round"),
    ] {
        assert!(refused(pieces).contains(says), "{pieces}: {}", refused(pieces));
    }
    // A null leg in a chain runs (M57); a `-` leg after a first one has nothing to turn from.
    assert!(refused("K=W+(O-W)").contains("no direction to turn from"));
}

// Janggi written inline in `mbn!`, with the `bikjang` key: the same perft as the bundled file
// (Fairy-Stockfish's 32, 1,024 and 33,000 with the move history kept). Without the key, two
// Generals facing each other would end nothing.
mbn::mbn! {
    variant InlineJanggi {
        board: "9x10",
        start: "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1",
        pieces: "K|General|=W[d-f1-3]+[d1,f1,e2,d3,f3]F[d-f1-3]+mO A|Guard|=W[d-f1-3]+[d1,f1,e2,d3,f3]F[d-f1-3]
            R|Chariot|=R+[d1,f1,e2,d3,f3,d8,f8,e9,d10,f10]B[d-f1-3,d-f8-10]
            C|Cannon|=a{^C}p{^C}R+[d1,f1,d3,f3,d8,f8,d10,f10]a{^C}p{^C}B[d-f1-3,d-f8-10]
            N|Horse|=W-fF B|Elephant|=W-fF-F P|Soldier|=fW+sW+[d1,f1,e2,d8,f8,e9]fF[d-f1-3,d-f8-10]",
        royal: "K",
        bikjang: true,
    }
}

#[test]
fn inline_janggi_with_the_bikjang_key() {
    for (depth, nodes) in [(1, 32), (2, 1_024), (3, 33_000)] {
        assert_eq!(perft(&InlineJanggi, &mut InlineJanggi::start_position(), depth), nodes);
    }
    // Bikjang: facing Generals, White may only pass or leave the file (the case above).
    let pos = InlineJanggi::position("4k4/9/9/9/9/9/9/9/4K4/9 w - - 0 1").expect("the position loads");
    let mut list = MoveList::new();
    InlineJanggi.legal_moves(&pos, &mut list);
    assert_eq!(list.len(), 7);
}
