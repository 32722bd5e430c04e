//! Multi-leg moves run by the reference interpreter (docs/SEMANTICS.md, "Multi-leg moves"): the
//! worked pieces of the brief on boards set up by hand, with destination sets checked by hand.

use mbn_codegen::interp::Interpreter;
use mbn_codegen::variant::{Variant, VariantSpec};
use mbn_runtime::{Color, Geometry, MoveList, Piece, PieceKind, Position};

/// One piece `A=<notation>` (kind 0) and a blocker `Z` (kind 1) on an 8x8 board.
fn interpreter(notation: &str) -> (Variant, Interpreter) {
    let mut spec = VariantSpec::new("probe", 8, 8, "8/8/8/8/8/8/8/8 w - - 0 1", &format!("A={notation} Z=mfW"));
    spec.promotion_zone = None;
    let variant = Variant::compile(&spec).unwrap_or_else(|e| panic!("{notation}: {e:?}"));
    let interp = Interpreter::new(&variant).unwrap_or_else(|e| panic!("{notation}: {e:?}"));
    (variant, interp)
}

/// The moves of piece `A` (of `color`) on `from`, friends (its colour) and enemies on the squares
/// given, each as `to` for a quiet move, `xto` for a capture on `to`, and `to(xa,xb)` for a move that
/// also captures on the way; sorted.
fn moves(notation: &str, color: Color, from: &str, friends: &str, enemies: &str) -> Vec<String> {
    let (variant, interp) = interpreter(notation);
    let g = Geometry::CHESS;
    let mut pos = Position::<u64>::from_fen(&variant.table, g, "8/8/8/8/8/8/8/8 w - - 0 1").unwrap();
    let sq = |s: &str| g.parse_square(s).unwrap();
    for (list, c) in [(friends, color), (enemies, !color)] {
        for s in list.split_whitespace() {
            pos.put_piece(sq(s), Piece::new(PieceKind(1), c)).unwrap();
        }
    }
    let piece = Piece::new(PieceKind(0), color);
    pos.put_piece(sq(from), piece).unwrap();
    let mut list = MoveList::new();
    interp.piece_moves(&pos, sq(from), piece, &mut list);
    let mut out: Vec<String> = list
        .iter()
        .map(|mv| {
            let mut s = if mv.is_capture() { "x".to_string() } else { String::new() };
            s.push_str(&g.square_name(mv.to()));
            let extra = list.extra_captures(mv);
            if !extra.is_empty() {
                let names: Vec<String> = extra.iter().map(|e| format!("x{}", g.square_name(*e))).collect();
                s.push_str(&format!("({})", names.join(",")));
            }
            s
        })
        .collect();
    out.sort();
    let before = out.len();
    out.dedup();
    assert_eq!(out.len(), before, "{notation}: a move is listed twice");
    out
}

fn white(notation: &str, from: &str, friends: &str, enemies: &str) -> Vec<String> {
    moves(notation, Color::White, from, friends, enemies)
}

#[test]
fn explore() {
    for (n, from, f, e) in [
        ("W-fF", "d4", "", ""),
        ("W-fF", "d4", "d5", "e4"),
        ("fmF+(fcF-mF)", "d4", "", "e5 c5"),
        ("(W-F)0", "d4", "", ""),
        ("N--N", "d4", "", ""),
        ("ADN(aK--[K])", "d4", "", "d5"),
        ("(N)(rf)8", "e1", "", ""),
        ("F-[(zF)0]", "d4", "", ""),
        ("K-{((fr)K)0*}", "e3", "", ""),
        ("(aW)3", "d4", "d6", "d5 e4 f4"),
        ("(dcK-mK)0", "d4", "", "d5 d7 e4"),
        ("gfF3-[B]", "c1", "", ""),
    ] {
        println!("{n} {from} f[{f}] e[{e}]: {:?}", white(n, from, f, e));
    }
}
