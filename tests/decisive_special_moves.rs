//! `#` on a multi-leg move that ends in a swap or an en passant capture (docs/SEMANTICS.md M89):
//! the move is decisive in both back ends. By hand, and on random positions against the
//! interpreter.

mod common;

use common::agree::{assert_agree, piece_moves_by};
use mbn::runtime::MoveGenerator;

common::test_variant! {
    /// The Switcher `mK+(W-#wW)` wins by going two squares orthogonally (through an empty
    /// square), or by swapping with an enemy there; the Edger `mfW+cfF+imefW02+(mfW-#cefF)` is a pawn that wins by
    /// a step forward and an en passant capture.
    Decisive, interpreter,
    START = "rnbqkbsr/eeeeeeee/8/8/8/8/EEEEEEEE/RNBQKBSR w - - 0 1",
    PIECES = "P|Pawn| N|Knight| B|Bishop| R|Rook| Q|Queen| K|King| S|Switcher|=mK+(W-#wW) \
        E|Edger|=mfW+cfF+imefW02+(mfW-#cefF) +E==QRBNS",
}

/// The Switcher on d4 with its Pawns on d6, e4 and f4 and a Black Pawn on b4: the swap with b4
/// and the quiet d2 are decisive (its King steps are not); d6 holds a friend, f4 is behind e4.
/// After the swap Black has no move.
#[test]
fn a_decisive_swap_at_the_end_of_a_path() {
    let fen = "k7/8/3P4/8/1p1SPP2/8/8/K7 w - - 0 1";
    let pos = Decisive::position(fen).unwrap();
    let moves = piece_moves_by(&Decisive, &interpreter(), &pos, "d4", |_, mv| {
        let mark = if mv.is_swap() { "w" } else { "" };
        let decisive = if mv.is_decisive() { "#" } else { "" };
        format!("{mark}{}{decisive}", pos.geometry().square_name(mv.to()))
    });
    assert_eq!(moves, "c3 c4 c5 d2# d3 d5 e3 e5 wb4#");
    let mut pos = pos;
    common::agree::play(&Decisive, &mut pos, &["d4b4>d4"]);
    let mut list = mbn::runtime::MoveList::new();
    Decisive.legal_moves(&pos, &mut list);
    assert!(list.is_empty(), "the game is over");
}

/// Both back ends on random positions (flags included) and perft 1-3; the walk meets decisive
/// swaps and en passant captures.
#[test]
fn generated_decisive_special_moves_agree_with_the_interpreter() {
    assert_agree("decisive", &Decisive, &interpreter(), Decisive::start_position());
    let (mut swaps, mut captures) = (0, 0);
    common::random_walk(&Decisive, &Decisive::start_position(), 20_000, 80, 3, |_, list| {
        swaps += list.iter().filter(|mv| mv.is_swap() && mv.is_decisive()).count();
        captures += list.iter().filter(|mv| mv.is_en_passant() && mv.is_decisive()).count();
    });
    assert!(swaps > 0 && captures > 0, "swaps {swaps}, captures {captures}");
}

common::test_variant! {
    /// `#` with e.p. rights (M112): the Hoplite `mfW+cfF+cefF+([2]mefW-mW)+([2]mefW-#cW)` is a
    /// pawn whose double step leaves rights and whose two-square capture straight ahead wins; the
    /// Sprinter `mK+(mefF-#mF)` steps as a King and wins by a double step diagonally forward (which
    /// leaves rights on the square passed); the Twin `mK+(mefW-mW)+(mefW-#mW)` makes its double
    /// step by two paths, one decisive.
    DecisiveRights, rights_interpreter,
    RIGHTS_START = "rnbqkbnr/hhshthhh/8/8/8/8/HHSHTHHH/RNBQKBNR w - - 0 1",
    RIGHTS_PIECES = "P|Pawn| N|Knight| B|Bishop| R|Rook| Q|Queen| K|King| \
        H|Hoplite|=mfW+cfF+cefF+([2]mefW-mW)+([2]mefW-#cW) S|Sprinter|=mK+(mefF-#mF) \
        T|Twin|=mK+(mefW-mW)+(mefW-#mW) +H==QRBNST",
}

/// White's moves from `from` in `fen`: `x` a capture, `+` a double step, `#` decisive.
fn rights_by_hand(fen: &str, from: &str) -> String {
    let pos = DecisiveRights::position(fen).unwrap();
    piece_moves_by(&DecisiveRights, &rights_interpreter(), &pos, from, |_, mv| {
        let capture = if mv.is_capture() { "x" } else { "" };
        let double = if mv.is_double_step() { "+" } else { "" };
        let decisive = if mv.is_decisive() { "#" } else { "" };
        format!("{capture}{}{double}{decisive}", pos.geometry().square_name(mv.to()))
    })
}

/// The Hoplite's double step leaves rights and does not decide; its capture two squares ahead
/// does. The Sprinter's diagonal double step decides and leaves rights; the Twin's double step,
/// made by a plain and a decisive path, is one decisive move.
#[test]
fn decisive_moves_with_rights() {
    assert_eq!(rights_by_hand("k7/8/8/8/8/8/3H4/K7 w - - 0 1", "d2"), "d3 d4+");
    assert_eq!(rights_by_hand("k7/8/8/8/3p4/8/3H4/K7 w - - 0 1", "d2"), "d3 xd4#");
    // A piece on d3 blocks both two-square moves.
    assert_eq!(rights_by_hand("k7/8/8/8/3p4/3p4/3H4/K7 w - - 0 1", "d2"), "");
    assert_eq!(rights_by_hand("k7/8/8/8/8/8/3S4/K7 w - - 0 1", "d2"), "b4+# c1 c2 c3 d1 d3 e1 e2 e3 f4+#");
    assert_eq!(rights_by_hand("k7/8/8/8/8/8/3T4/K7 w - - 0 1", "d2"), "c1 c2 c3 d1 d3 d4+# e1 e2 e3");
    // After the Hoplite's d2d4 a Black Hoplite on e4 takes it en passant on d3.
    let mut pos = DecisiveRights::position("k7/8/8/8/4h3/8/3H4/K7 w - - 0 1").unwrap();
    common::agree::play(&DecisiveRights, &mut pos, &["d2d4"]);
    let mut list = mbn::runtime::MoveList::new();
    DecisiveRights.legal_moves(&pos, &mut list);
    assert!(list.iter().any(|mv| mv.is_en_passant() && pos.geometry().square_name(mv.to()) == "d3"), "{list:?}");
}

/// Both back ends on random positions (flags included) and perft 1-3; the walk meets decisive
/// double steps and decisive captures at the end of a path with rights.
#[test]
fn generated_decisive_moves_with_rights_agree_with_the_interpreter() {
    let start = DecisiveRights::start_position();
    assert_agree("decisive rights", &DecisiveRights, &rights_interpreter(), start.clone());
    let (mut doubles, mut captures, mut plain) = (0, 0, 0);
    common::random_walk(&DecisiveRights, &start, 20_000, 80, 5, |_, list| {
        doubles += list.iter().filter(|mv| mv.is_double_step() && mv.is_decisive()).count();
        captures += list.iter().filter(|mv| mv.is_capture() && mv.is_decisive()).count();
        plain += list.iter().filter(|mv| mv.is_double_step() && !mv.is_decisive()).count();
    });
    assert!(doubles > 100 && captures > 10 && plain > 100, "{doubles} {captures} {plain}");
}

common::test_variant! {
    /// `#` with a swap or an e.p. capture on the way (M114): the Acrobat `mK+(wwW-#mW)` steps as
    /// a King, or steps orthogonally (swapping with a friend there) and on one square, and wins so;
    /// the Cutpurse `mK+(ce{P}F-#mW)` steps as a King, or takes a Pawn en passant diagonally and
    /// steps on, and wins so.
    DecisiveWay, way_interpreter,
    WAY_START = "rnbqkbnr/pppppppp/2ac4/8/8/2AC4/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    WAY_PIECES = "P|Pawn| N|Knight| B|Bishop| R|Rook| Q|Queen| K|King| \
        A|Acrobat|=mK+(wwW-#mW) C|Cutpurse|=mK+(ce{P}F-#mW) +P==QRBNAC",
    castling: "R",
}

/// White's moves from `from` in `fen` after `moves`: `w` a swap on the way, `(xsq)` a capture on
/// the way, `#` decisive.
fn way_by_hand(fen: &str, moves: &[&str], from: &str) -> String {
    let mut pos = DecisiveWay::position(fen).unwrap();
    common::agree::play(&DecisiveWay, &mut pos, moves);
    let g = pos.geometry();
    piece_moves_by(&DecisiveWay, &way_interpreter(), &pos, from, |list, mv| {
        let swap = if mv.swapped().is_some() { "w" } else { "" };
        let extra: Vec<String> = list.extra_captures(mv).iter().map(|&s| format!("(x{})", g.square_name(s))).collect();
        let decisive = if mv.is_decisive() { "#" } else { "" };
        format!("{}{swap}{}{decisive}", g.square_name(mv.to()), extra.join(""))
    })
}

/// The Acrobat on d4 with a friend on d5 wins by swapping with it on the way to d6, and by the
/// quiet paths to b4, f4 and d2; its King steps are plain. The Cutpurse on d5 after Black's e7e5
/// takes e5 en passant on e6 and wins on e7 or f6.
#[test]
fn decisive_moves_with_a_swap_or_an_en_passant_capture_on_the_way() {
    assert_eq!(way_by_hand("4k3/8/8/3P4/3A4/8/8/4K3 w - - 0 1", &[], "d4"), "b4# c3 c4 c5 d2# d3 d6w# e3 e4 e5 f4#");
    assert_eq!(
        way_by_hand("k7/4p3/8/3C4/8/8/8/K7 b - - 0 1", &["e7e5"], "d5"),
        "c4 c5 c6 d4 d6 e4 e6 e7(xe5)# f6(xe5)#"
    );
}

/// Both back ends on random positions (flags included) and perft 1-3; the walk meets decisive
/// swaps on the way.
#[test]
fn generated_decisive_moves_on_the_way_agree_with_the_interpreter() {
    let start = DecisiveWay::start_position();
    assert_agree("decisive way", &DecisiveWay, &way_interpreter(), start.clone());
    let mut swaps = 0;
    common::random_walk(&DecisiveWay, &start, 20_000, 80, 7, |_, list| {
        swaps += list.iter().filter(|mv| mv.swapped().is_some() && mv.is_decisive()).count();
    });
    assert!(swaps > 100, "{swaps}");
}
