//! XBetza borrowing `xK` (docs/SEMANTICS.md X29) in generated code: an inline `mbn!` variant whose
//! pieces are XBetza (`piece A = xbetza "xK"`, X43) gives X29's hand-checked moves and checks, the
//! same as the interpreter. (Random positions and perft: `tests/generated_vs_interpreted.rs`,
//! `generated_borrowing_agrees_with_the_interpreter`.)

use mbn::codegen::interp::Interpreter;
use mbn::codegen::variant::{Variant, VariantSpec};
use mbn::runtime::{Color, Geometry, MoveGenerator, MoveList, Position};

// The pieces of mbn-codegen/tests/xbetza_induction.rs: a borrower A, a Blocker Z that only steps
// forward, the King, Rook, Queen and a Pawn promoting to a Queen; the Seeker S borrows after a
// path (X83).
mbn::mbn! {
    variant Borrowing {
        board: "8x8",
        start: "4k3/8/8/8/8/8/8/3AK3 w - - 0 1",
        pieces: "A|Borrower| Z|Blocker| K|King| R|Rook| Q|Queen| P|Pawn| S|Seeker| +P==Q",
        royal: "K",
        promotion_zone: "[8]",
        piece A = xbetza "xK",
        piece S = xbetza "mNaxN",
        piece Z = xbetza "mfW",
        piece K = xbetza "K",
        piece P = xbetza "fmWfcF",
    }
}

fn interpreter() -> Interpreter {
    let pieces = "A|Borrower| Z|Blocker| K|King| R|Rook| Q|Queen| P|Pawn| S|Seeker| +P==Q";
    let mut spec = VariantSpec::new("borrowing", 8, 8, Borrowing::START_FEN, pieces);
    spec.royal = "K".to_string();
    spec.promotion_zone = Some("[8]".to_string());
    spec.xbetza = [('A', "xK"), ('Z', "mfW"), ('K', "K"), ('P', "fmWfcF"), ('S', "mNaxN")]
        .map(|(c, s)| (c, s.to_string()))
        .to_vec();
    let variant = Variant::compile(&spec).expect("compiles");
    Interpreter::new(&variant).expect("runs")
}

/// The legal moves from `from` as UCI text, sorted; each listed once.
fn from_square<G: MoveGenerator<u64>>(generator: &G, pos: &Position<u64>, from: &str) -> Vec<String> {
    let mut list = MoveList::new();
    generator.legal_moves(pos, &mut list);
    let mut out: Vec<String> = list.iter().map(|mv| pos.uci(*mv, list.extra_captures(mv))).collect();
    let n = out.len();
    out.sort();
    out.dedup();
    assert_eq!(out.len(), n, "a move listed twice");
    out.retain(|m| m.starts_with(from));
    out
}

fn set(from: &str, squares: &str) -> Vec<String> {
    let mut v: Vec<String> = squares.split_whitespace().map(|s| format!("{from}{s}")).collect();
    v.sort();
    v
}

/// X29's example: on d4 with friends d5 (a Blocker), c4 (a Pawn) and e3 (a Rook), enemies g4 and
/// e5, the borrower has the Rook's moves (d5 and c4 block it) and the Pawn's capture e5; another
/// borrower on d3 lends nothing and blocks the Rook; a borrowed Pawn step to the last rank does
/// not promote the borrower; alone it has no move.
#[test]
fn borrowed_moves_by_hand_in_both_back_ends() {
    let interp = interpreter();
    let cases = [
        ("7k/8/8/3Zz3/2PA2z1/4R3/8/7K w - - 0 1", "d4", "d3 d2 d1 e4 f4 g4 e5"),
        ("7k/8/8/3Zz3/2PA2z1/3AR3/8/7K w - - 0 1", "d4", "e4 f4 g4 e5"),
        ("7k/1A6/2P5/8/8/8/8/7K w - - 0 1", "b7", "b8"),
        ("7k/8/8/8/3A4/8/8/7K w - - 0 1", "d4", ""),
        // Next to its King (e1) and a Queen (c2): the King's steps and the Queen's lines.
        ("7k/8/8/8/8/8/2Q5/3AK3 w - - 0 1", "d1", "c1 b1 a1 d2 d3 d4 d5 d6 d7 d8 e2 f3 g4 h5"),
    ];
    for (fen, from, squares) in cases {
        let pos = Borrowing::position(fen).expect("loads");
        assert_eq!(from_square(&Borrowing, &pos, from), set(from, squares), "{fen}");
        assert_eq!(from_square(&interp, &pos, from), set(from, squares), "{fen}");
    }
}

/// Borrowed captures give check: the borrower d4 next to the Rook e3 checks the King h4; without
/// the Rook it does not; and a move that would expose the King to a borrowed line is illegal.
#[test]
fn borrowed_captures_give_check_in_both_back_ends() {
    let interp = interpreter();
    let h4 = Geometry::CHESS.parse_square("h4").expect("a square");
    for (fen, check) in [
        ("8/8/8/8/3A3k/4R3/8/K7 b - - 0 1", true),
        ("8/8/8/8/3A3k/8/8/K7 b - - 0 1", false),
        ("8/8/8/8/7k/4R3/8/K7 b - - 0 1", false),
    ] {
        let pos = Borrowing::position(fen).expect("loads");
        assert_eq!(Borrowing.is_square_attacked(&pos, h4, Color::White), check, "{fen}");
        assert_eq!(interp.is_square_attacked(&pos, h4, Color::White), check, "{fen}");
    }
    // Black's Rook g4 shields its King h4 from the borrowed fourth rank: it may only move along it.
    let pos = Borrowing::position("8/8/8/8/3A2rk/4R3/8/K7 b - - 0 1").expect("loads");
    let want = set("g4", "e4 f4 d4");
    assert_eq!(from_square(&Borrowing, &pos, "g4"), want);
    assert_eq!(from_square(&interp, &pos, "g4"), want);
}

/// X83: the Seeker `mNaxN` borrows from the friends a knight's leap away from an empty square a
/// knight's leap away (seed 001: `x` on a last leg is reverse induction). On d4 alone it leaps
/// (without capturing); with its Rook on f8, reached through e6, it also has the Rook's lines
/// from d4; a friend or an enemy on e6 blocks the path; a Pawn reached through c2 lends its step
/// and capture. The path only finds the lender: the Seeker stays on d4 for the borrowed moves.
#[test]
fn borrowing_after_a_path_by_hand_in_both_back_ends() {
    let interp = interpreter();
    let leaps = "b3 b5 c2 c6 e2 e6 f3 f5";
    let cases = [
        ("7k/8/8/8/3S4/8/8/7K w - - 0 1", leaps.to_string()),
        ("5R1k/8/8/8/3S4/8/8/7K w - - 0 1", format!("{leaps} d5 d6 d7 d8 d3 d2 d1 c4 b4 a4 e4 f4 g4 h4")),
        // A friendly Pawn on e6: no path to f8; the Seeker may not leap onto e6 either.
        ("5R1k/8/4P3/8/3S4/8/8/7K w - - 0 1", "b3 b5 c2 c6 e2 f3 f5".to_string()),
        // An enemy on e6: the same (the Seeker's leaps do not capture).
        ("5R1k/8/4z3/8/3S4/8/8/7K w - - 0 1", "b3 b5 c2 c6 e2 f3 f5".to_string()),
        // A Pawn on b1, no knight's leap from any square a knight's leap away, lends nothing; one
        // on a1, through c2, lends its step d5 and its capture of e5.
        ("7k/8/8/4z3/3S4/8/8/1P5K w - - 0 1", leaps.to_string()),
        ("7k/8/8/4z3/3S4/8/8/P6K w - - 0 1", format!("{leaps} d5 e5")),
    ];
    for (fen, squares) in cases {
        let pos = Borrowing::position(fen).expect("loads");
        assert_eq!(from_square(&Borrowing, &pos, "d4"), set("d4", &squares), "{fen}");
        assert_eq!(from_square(&interp, &pos, "d4"), set("d4", &squares), "{fen}");
    }
}

/// X83: borrowed captures after a path give check: the Seeker d4 with its Rook on f8 (through e6)
/// checks the King a4 along the fourth rank; with e6 blocked, or without the Rook, it does not.
#[test]
fn borrowing_after_a_path_gives_check_in_both_back_ends() {
    let interp = interpreter();
    let a4 = Geometry::CHESS.parse_square("a4").expect("a square");
    for (fen, check) in [
        ("5R2/8/8/8/k2S4/8/8/7K b - - 0 1", true),
        ("5R2/8/4P3/8/k2S4/8/8/7K b - - 0 1", false),
        ("8/8/8/8/k2S4/8/8/7K b - - 0 1", false),
    ] {
        let pos = Borrowing::position(fen).expect("loads");
        assert_eq!(Borrowing.is_square_attacked(&pos, a4, Color::White), check, "{fen}");
        assert_eq!(interp.is_square_attacked(&pos, a4, Color::White), check, "{fen}");
    }
}
