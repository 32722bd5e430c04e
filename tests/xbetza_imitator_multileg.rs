//! The XBetza Imitator `I` (docs/SEMANTICS.md X62, X76) imitating multi-leg kinds in both back
//! ends: hand-checked moves after a Lion, a Checker and a Horse moved, and generated =
//! interpreted on random positions of a variant with Imitators and multi-leg pieces.

mod common;

use common::agree::{assert_agree_on, piece_moves};
use common::test_variant;
use mbn::codegen::interp::Interpreter;
use mbn::runtime::{Move, MoveGenerator, MoveList, PieceKind, Position};

test_variant! {
    /// Lion, Horse and Checker with Imitators: `I`, `J` (`bI`, promoting to a Lion on the last
    /// rank), `X` (`cI`), `V` (`vI`).
    Legs, interpreter,
    START = "lhcjkxiv/pppppppp/8/8/8/8/PPPPPPPP/LHCJKXIV w - - 0 1",
    PIECES = "K|King| L|Lion| H|Horse| C|Checker| P|Pawn| I|Imitator| J|Reverser| X|Capturer| V|Both| +P==H +J==L",
    xbetza: K = "K", L = "KNADcaKmcabK", H = "mafsW", C = "fmFfcafmF", P = "fmWfcF", I = "I", J = "bI", X = "cI",
        V = "vI",
}

/// Makes the legal move written `uci` (the generated code's).
fn play(pos: &mut Position<u64>, uci: &str) {
    let mut list = MoveList::new();
    Legs.legal_moves(pos, &mut list);
    let mv = *list.iter().find(|mv| pos.uci(**mv, &[]) == uci).unwrap_or_else(|| panic!("{uci} in {}", pos.to_fen()));
    let extra = list.extra_captures(&mv).to_vec();
    let _ = pos.make_with(mv, &extra);
}

fn kind(pos: &Position<u64>, letter: char) -> PieceKind {
    pos.table().kind_of_symbol(false, letter).expect("a kind")
}

/// The moves of the piece on `from` after Black's `mv` from `fen` (both back ends agree on the
/// whole position; `to`, `xto`, `to(xa)` as in `common::agree::piece_moves`).
fn after(interp: &Interpreter, fen: &str, mv: &str, from: &str) -> String {
    let mut pos = Legs::position(fen).expect("loads");
    play(&mut pos, mv);
    piece_moves(&Legs, interp, &pos, from)
}

/// After a Lion move an Imitator on d4 is a Lion: the 24 squares within two steps but its own
/// Pawns c3 d5 (captures on c5 d3), then after capturing c5 or d3 a step on to the victim's
/// neighbours that hold no friend, back to d4 included (igui), and a pass (`d4`, an `m` step and
/// back). `cI` keeps the moves whose last leg captures: xc5 xd3; `vI` (the Lion both ways) lists
/// each of the 37 once.
#[test]
fn after_a_lion_move_the_imitator_moves_as_a_lion() {
    let interp = interpreter();
    let fen = "4k3/8/6l1/2pP4/3I4/2Pp4/8/4K3 b - - 0 1";
    let quiet = "b2 b3 b4 b5 b6 c2 c4 c6 d2 d6 e2 e3 e4 e5 e6 f2 f3 f4 f5 f6";
    let via_c5 = "b4(xc5) b5(xc5) b6(xc5) c4(xc5) c6(xc5) d4(xc5) d6(xc5)";
    let via_d3 = "c2(xd3) c4(xd3) d2(xd3) d4(xd3) e2(xd3) e3(xd3) e4(xd3)";
    let mut want: Vec<&str> = format!("{quiet} {via_c5} {via_d3} d4 xc5 xd3").leak().split(' ').collect();
    want.sort();
    assert_eq!(want.len(), 37);
    assert_eq!(after(&interp, fen, "g6g7", "d4"), want.join(" "));
    assert_eq!(after(&interp, &fen.replace('I', "V"), "g6g7", "d4"), want.join(" "));
    let capturer = fen.replace('I', "X");
    assert_eq!(after(&interp, &capturer, "g6g7", "d4"), "xc5 xd3");
}

/// After a Checker move an Imitator on d4 is a Checker of its own colour: a diagonal step up to
/// c5, and over Black's Pawn e5 to f6 capturing it; the Reverser (`bI`) d4 moves as Black's
/// Checker, down the board: c3, and over e3 to f2.
#[test]
fn after_a_checker_move_the_imitator_moves_as_a_checker() {
    let interp = interpreter();
    assert_eq!(after(&interp, "4k3/8/5c2/4p3/3I4/8/8/4K3 b - - 0 1", "f6g5", "d4"), "c5 f6(xe5)");
    assert_eq!(after(&interp, "4k3/8/5c2/8/3J4/4p3/8/K7 b - - 0 1", "f6g5", "d4"), "c3 f2(xe3)");
}

/// After a Horse move (`mafsW`) an Imitator on d4 next to its own Pawn d5 has the Horse's moves
/// through c4, d3, e4 (capturing f5); `cI` only the capture.
#[test]
fn after_a_horse_move_the_imitator_moves_as_a_horse() {
    let interp = interpreter();
    let fen = "4k3/8/2h5/3P1p2/3I4/8/8/4K3 b - - 0 1";
    assert_eq!(after(&interp, fen, "c6b4", "d4"), "b3 b5 c2 e2 f3 xf5");
    assert_eq!(after(&interp, &fen.replace('I', "X"), "c6b4", "d4"), "xf5");
}

/// Imitated multi-leg moves attack: an Imitator d4 imitating a Checker attacks e5 when f6 is
/// empty (it jumps over e5), not when f6 is taken; imitating a Horse it attacks f5 unless e4
/// blocks the way.
#[test]
fn imitated_multi_leg_moves_attack() {
    let interp = interpreter();
    for (fen, imitated, sq, attacked) in [
        ("k7/8/8/4p3/3I4/8/8/K7 w - - 0 1", 'C', "e5", true),
        ("k7/8/5p2/4p3/3I4/8/8/K7 w - - 0 1", 'C', "e5", false),
        ("k7/8/8/5p2/3I4/8/8/K7 w - - 0 1", 'H', "f5", true),
        ("k7/8/8/5p2/3Ip3/8/8/K7 w - - 0 1", 'H', "f5", false),
    ] {
        let mut pos = Legs::position(fen).expect("loads");
        pos.set_imitated(Some(kind(&pos, imitated)));
        let sq = pos.geometry().parse_square(sq).expect("a square");
        assert_eq!(Legs.is_square_attacked(&pos, sq, mbn::runtime::Color::White), attacked, "{fen}");
        assert_eq!(interp.is_square_attacked(&pos, sq, mbn::runtime::Color::White), attacked, "{fen}");
    }
}

/// A Reverser (`bI`, promoting to a Lion on the last rank) imitating Black's Horse: its multi-leg
/// moves to the last rank promote by its own (White's) rule: d6-c8 and d6-e8 become Lions.
#[test]
fn a_reverser_promotes_by_its_own_rule() {
    let interp = interpreter();
    let mut pos = Legs::position("k7/8/3J4/8/8/8/8/K7 w - - 0 1").expect("loads");
    pos.set_imitated(Some(kind(&pos, 'H')));
    let moves = |list: &MoveList| -> Vec<String> {
        let mut v: Vec<String> =
            list.iter().filter(|mv| pos.uci(**mv, &[]).starts_with("d6")).map(|mv| pos.uci(*mv, &[])).collect();
        v.sort();
        v
    };
    let (mut got, mut want) = (MoveList::new(), MoveList::new());
    Legs.legal_moves(&pos, &mut got);
    interp.legal_moves(&pos, &mut want);
    assert_eq!(moves(&got), ["d6b5", "d6b7", "d6c4", "d6c8l", "d6e4", "d6e8l", "d6f5", "d6f7"]);
    assert_eq!(moves(&got), moves(&want));
}

/// Generated = interpreted on random positions from the start and at perft 1–3, the walk reaching
/// many positions where an Imitator imitates a multi-leg kind and moves.
#[test]
fn generated_imitators_of_multi_leg_kinds_agree_with_the_interpreter() {
    let start = Legs::start_position();
    let interp = interpreter();
    // 3,000 positions: the Lion's interpreter is slow; Imitators move as multi-leg kinds in
    // hundreds of them.
    assert_agree_on("legs", &Legs, &interp, start.clone(), 3_000);
    let imitators: Vec<PieceKind> = "IJXV".chars().map(|c| kind(&start, c)).collect();
    let multi: Vec<PieceKind> = "LHC".chars().map(|c| kind(&start, c)).collect();
    let mut moving = 0;
    common::random_walk(&Legs, &start, 2_000, 120, 11, |pos, list| {
        let by_imitator = |mv: &Move| pos.piece_at(mv.from()).is_some_and(|p| imitators.contains(&p.kind));
        let imitating = pos.imitated().is_some_and(|k| multi.contains(&k));
        moving += usize::from(imitating && list.iter().any(by_imitator));
    });
    assert!(moving > 300, "Imitators moved as multi-leg kinds in {moving} of 2,000 positions");
}
