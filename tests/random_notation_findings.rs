//! Divergences between the back ends found by comparing variants of random MBN and XBetza
//! strings (docs/SEMANTICS.md M90-M94, M96-M98, M131, X105): `u` on a compound atom (`uK`, `uQ`) is
//! one leg, blocked by an enemy in any of its directions, in both back ends; a capture of one's
//! own royal piece (`ccW` beside the King) is illegal in generated code too; a leg that captures
//! friends does not threaten its own side's squares in the interpreter either; a borrowed `e`
//! takes a piece of the lender's kind in generated code too; a quiet move made with and without
//! e.p. rights is made once, without them; a royal piece that moves has moved (it may take an
//! unmoved piece an `[:]` capture eyes); a swap two legs make is made once; a lent move made with
//! and without rights is lent once, without; a square a piece leaves loses its unmoved mark (M131).
//! By hand, and on random positions.

mod common;

use common::agree::{assert_agree, piece_moves};
use mbn::codegen::{ancp, compile_move};

common::test_variant! {
    /// The Usher `uK` (one leg of eight directions), the Porter `uW+uF` (two legs, blocked
    /// apart), the Warden `uQ`, the Traitor `mK+ccW`, which may take its own pieces
    /// orthogonally, its own King included, were it legal, and the Schemer `mK+(mF-ccW)`, which
    /// does so after a diagonal step; the Sniper `mK+cW[*]` captures onto unthreatened squares
    /// only.
    Findings, interpreter,
    START = "rnbqkbnr/pppppppp/2z5/2uwots1/2UWOTS1/2Z5/PPPPPPPP/RNBQKBNR w - - 0 1",
    PIECES = "P|Pawn| N|Knight| B|Bishop| R|Rook| Q|Queen| K|King| U|Usher|=uK W|Porter|=uW+uF \
        O|Warden|=uQ T|Traitor|=mK+ccW S|Schemer|=mK+(mF-ccW) Z|Sniper|=mK+cW[*] +P==QRBNUWOTSZ",
}

common::test_variant! {
    /// The Borrower (XBetza `xK`) makes the moves of the friends next to it.
    Borrowing, borrowing_interpreter,
    BORROWING_START = "rnbqkbnr/pppppppp/8/2x2x2/2X2X2/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    BORROWING_PIECES = "P|Pawn| N|Knight| B|Bishop| R|Rook| Q|Queen| K|King| X|Borrower|=W +P==QRBNX",
    castling: "R",
    xbetza: X = "xK",
}

/// M90: on d4 with an enemy on e5, `uK` has no move (e5 is where its diagonal step could
/// capture), `uW+uF` keeps its Wazir steps, `uQ` has none, and with the enemy on f6, beyond the
/// queen's first square, `uK` moves everywhere and `uQ` not at all; both back ends agree
/// ([`piece_moves`] compares their whole lists).
#[test]
fn u_on_a_compound_atom_is_one_leg() {
    let cases = [
        ("4k3/8/8/4p3/3U4/8/8/4K3 w - - 0 1", ""),
        ("4k3/8/8/4p3/3W4/8/8/4K3 w - - 0 1", "c4 d3 d5 e4"),
        ("4k3/8/8/4p3/3O4/8/8/4K3 w - - 0 1", ""),
        ("4k3/8/5p2/8/3U4/8/8/4K3 w - - 0 1", "c3 c4 c5 d3 d5 e3 e4 e5"),
        ("4k3/8/5p2/8/3O4/8/8/4K3 w - - 0 1", ""),
        // A friend on e5 shields f6: the Warden rides everywhere else.
        ("4k3/8/5p2/4P3/3O4/8/8/4K3 w - - 0 1", "a1 a4 a7 b2 b4 b6 c3 c4 c5 d1 d2 d3 d5 d6 d7 d8 e3 e4 f2 f4 g1 g4 h4"),
    ];
    let interp = interpreter();
    for (fen, expected) in cases {
        let pos = Findings::position(fen).unwrap();
        assert_eq!(piece_moves(&Findings, &interp, &pos, "d4"), expected, "{fen}");
    }
}

/// M90 in the canonical form: a `u` leg keeps its directions together, so `uK` is not `uW+uF`
/// and `uR` not `ufR+ubR+usR`; the modes written still do not matter (`auR` is `uR`).
#[test]
fn u_legs_compare_as_written() {
    let equal = |a: &str, b: &str| ancp::equal(&compile_move(a).unwrap(), &compile_move(b).unwrap());
    assert!(!equal("uK", "uW+uF"));
    assert!(!equal("uQ", "uR+uB"));
    assert!(!equal("uR", "ufR+ubR+usR"));
    assert!(!equal("uK", "uK+uW"));
    assert!(equal("uR", "auR"));
    assert!(equal("uK", "muK"));
    assert!(equal("uW+uF", "uF+uW"));
}

/// M91: the Traitor on d2 beside its King on e2 takes its own Pawn on d3 but not the King; the
/// Schemer on c1 steps to d2 and takes d3 from there (c1-d2-d3), not the King on e2.
#[test]
fn no_capture_of_ones_own_royal_piece() {
    let pos = Findings::position("4k3/8/8/8/8/3P4/3TK3/8 w - - 0 1").unwrap();
    assert_eq!(piece_moves(&Findings, &interpreter(), &pos, "d2"), "c1 c2 c3 d1 e1 e3 xd3");
    let pos = Findings::position("4k3/8/8/8/8/3P4/4K3/2S5 w - - 0 1").unwrap();
    assert_eq!(piece_moves(&Findings, &interpreter(), &pos, "c1"), "b1 b2 c2 d1 d2 xd3");
}

common::test_variant! {
    /// The Queen Pawn `Q+imefW02` rides as a Queen and, unmoved, double-steps forward leaving
    /// e.p. rights, where its Queen move to the same square leaves none; the Horse `mnncA` of
    /// XBetza (a lame Alfil that leaves rights on the square it passes) beside a Queen.
    Rights, rights_interpreter,
    RIGHTS_START = "rnbqkbnr/pppppppp/1t6/2y2h1s/2Y2H1S/1T6/PPPPPPPP/RNBQKBNR w - - 0 1",
    RIGHTS_PIECES = "P|Pawn| N|Knight| B|Bishop| R|Rook| Q|Queen| K|King| Y|QueenPawn|=Q+imefW02 H|Horse|=W \
        T|Tower|=mfR+(mefW-mfW) S|Sprinter|=imefW02+(mfW-mfW) +P==QRBNYHTS",
    xbetza: H = "mnncAQ",
}

/// The moves of the piece on `from` in both back ends, each written `to`, `+ep` after a move
/// that leaves e.p. rights.
fn moves_with_rights<G: mbn::runtime::MoveGenerator<u64>>(
    generated: &G,
    interp: &mbn::codegen::interp::Interpreter,
    pos: &mbn::runtime::Position<u64>,
    from: &str,
) -> String {
    common::agree::piece_moves_by(generated, interp, pos, from, |_, mv| {
        let rights = if mv.is_double_step() { "+ep" } else { "" };
        format!("{}{rights}", pos.geometry().square_name(mv.to()))
    })
}

/// M93: a quiet move made both with and without e.p. rights is one move, without them. The
/// unmoved Queen Pawn on d2 goes to d4 once, as a Queen (no rights: after it Black's Pawn on e4
/// does not take en passant); the Horse on c4 goes to a6 and e6 once each (the Queen's moves).
#[test]
fn a_move_with_and_without_rights_is_made_once_without() {
    let mut pos = Rights::position("4k3/8/8/8/4p3/8/3Y4/4K3 w - - 0 1").unwrap();
    pos.set_unmoved(pos.by_color(pos.side_to_move()));
    let moves = moves_with_rights(&Rights, &rights_interpreter(), &pos, "d2");
    assert!(moves.split(' ').any(|m| m == "d4") && !moves.contains("+ep"), "{moves}");
    common::agree::play(&Rights, &mut pos, &["d2d4"]);
    let black = common::agree::piece_moves(&Rights, &rights_interpreter(), &pos, "e4");
    assert_eq!(black, "e3");
    let pos = Rights::position("4k3/8/8/8/2H5/8/8/4K3 w - - 0 1").unwrap();
    let moves = moves_with_rights(&Rights, &rights_interpreter(), &pos, "c4");
    assert_eq!(
        moves.split(' ').filter(|m| m.starts_with("a6") || m.starts_with("e6")).collect::<Vec<_>>(),
        ["a6", "e6"]
    );
}

/// M94: the same with a multi-leg move. The Tower on d2 goes to d4 as a Rook and by two steps
/// that leave rights on d3; the Sprinter double-steps with rights and steps twice without:
/// each goes to d4 once, without rights, so Black's Pawn on e4 then has only `e3`.
#[test]
fn a_multi_leg_move_with_rights_and_a_move_without_are_made_once_without() {
    for (fen, expected) in
        [("4k3/8/8/8/4p3/8/3T4/4K3 w - - 0 1", "d3 d4 d5 d6 d7 d8"), ("4k3/8/8/8/4p3/8/3S4/4K3 w - - 0 1", "d4")]
    {
        let mut pos = Rights::position(fen).unwrap();
        pos.set_unmoved(pos.by_color(pos.side_to_move()));
        let moves = moves_with_rights(&Rights, &rights_interpreter(), &pos, "d2");
        assert_eq!(moves, expected, "{fen}");
        common::agree::play(&Rights, &mut pos, &["d2d4"]);
        assert_eq!(common::agree::piece_moves(&Rights, &rights_interpreter(), &pos, "e4"), "e3", "{fen}");
    }
}

/// M92: the Sniper on d4 takes the Pawn on d5 though Black's Traitor on d6 could take it too,
/// and so could a Knight on e7: a side never threatens a square its own piece stands on, so a
/// capture onto `[*]` takes any piece. (The interpreter counted the Traitor's `ccW`.)
#[test]
fn legs_that_capture_friends_threaten_no_friend() {
    let pos = Findings::position("4k3/4n3/3t4/3p4/3Z4/8/8/4K3 w - - 0 1").unwrap();
    assert_eq!(piece_moves(&Findings, &interpreter(), &pos, "d4"), "c3 c4 c5 d3 e3 e4 e5 xd5");
}

/// X105: the Borrower on c5 next to its Pawn on b4 makes the Pawn's moves from c5 as a Pawn,
/// so after Black's `d7d5` it takes d5 en passant on d6, in both back ends (generated code
/// compared the victim with the Borrower's own kind).
#[test]
fn a_borrowed_en_passant_capture_takes_the_lenders_kind() {
    let mut pos = Borrowing::position("4k3/3p4/8/2X5/1P6/8/8/4K3 b - - 0 1").unwrap();
    common::agree::play(&Borrowing, &mut pos, &["d7d5"]);
    let moves = common::agree::piece_moves_by(&Borrowing, &borrowing_interpreter(), &pos, "c5", |_, mv| {
        let ep = if mv.is_en_passant() { "ep" } else { "" };
        format!("{}{ep}", pos.geometry().square_name(mv.to()))
    });
    assert_eq!(moves, "c6 d6ep");
}

common::test_variant! {
    /// The Ambusher `mK+cB[:]` captures unmoved pieces only, diagonally; the Swapper `wF+wQ`
    /// swaps places with a piece a Ferz step or a Queen ride away.
    Second, second_interpreter,
    SECOND_START = "rnbqkbnr/pppppppp/2a2s2/8/8/2A2S2/PPPPPPPP/RNBQKBNR w - - 0 1",
    SECOND_PIECES = "P|Pawn| N|Knight| B|Bishop| R|Rook| Q|Queen| K|King| A|Ambusher|=mK+cB[:] S|Swapper|=wF+wQ \
        +P==QRBNAS",
}

/// M96: Black's King on c3 takes White's unmoved Pawn on c2 though White's Ambusher on a4 could
/// take an unmoved piece there: the King that moved there has moved. (Generated code read c2's
/// unmoved mark from the position before the move.)
#[test]
fn a_royal_piece_that_moves_has_moved() {
    let mut pos = Second::position("4k3/8/8/8/A7/2k5/2P5/4K3 b - - 0 1").unwrap();
    pos.set_unmoved(pos.by_color(mbn::runtime::Color::White));
    // b3 and d3 are the Pawn's, d2 the King's.
    assert_eq!(piece_moves(&Second, &second_interpreter(), &pos, "c3"), "b2 b4 c4 d4 xc2");
}

/// M97: the Swapper on d4 swaps with the Pawn on e5 once, though its Ferz step and its Queen
/// ride both reach it. (Generated code listed the swap once per leg.)
#[test]
fn a_swap_two_legs_make_is_made_once() {
    let pos = Second::position("4k3/8/8/4p3/3S4/8/8/4K3 w - - 0 1").unwrap();
    let moves = common::agree::piece_moves_by(&Second, &second_interpreter(), &pos, "d4", |_, mv| {
        let swap = if mv.is_swap() { "~" } else { "" };
        format!("{swap}{}", pos.geometry().square_name(mv.to()))
    });
    assert_eq!(moves.matches("~e5").count(), 1, "{moves}");
}

common::test_variant! {
    /// The Climber (XBetza `nnA3ooQ`: a Queen on a vertical cylinder, and an Alfil rider of up
    /// to three leaps that leaves e.p. rights on the squares it passes) lends its moves to the
    /// Borrower (`xK`) next to it.
    Lent, lent_interpreter,
    LENT_START = "rnbqkbnr/pppppppp/2x2c2/8/8/2X2C2/PPPPPPPP/RNBQKBNR w - - 0 1",
    LENT_PIECES = "P|Pawn| N|Knight| B|Bishop| R|Rook| Q|Queen| K|King| C|Climber|=W X|Borrower|=W +P==QRBNCX",
    xbetza: C = "nnA3ooQ", X = "xK",
}

/// M98: the Borrower on d2 next to the Climber on e1 goes to f4 and h6 once each, without
/// rights, as the Climber itself would: its Queen move and its Alfil leaps both make them.
/// (The interpreter lent both.)
#[test]
fn a_lent_move_with_and_without_rights_is_made_once_without() {
    let pos = Lent::position("4k3/8/8/8/8/8/3X4/4C1K1 w - - 0 1").unwrap();
    let moves = moves_with_rights(&Lent, &lent_interpreter(), &pos, "d2");
    let to = |sq: &str| moves.split(' ').filter(|m| m.starts_with(sq)).collect::<Vec<_>>();
    assert_eq!((to("f4"), to("h6")), (vec!["f4"], vec!["h6"]), "{moves}");
}

common::test_variant! {
    /// Two lenders of d2-d4 beside the Borrowers: the Leaper (`nnDW`: a non-jumping Dabbaba that
    /// leaves e.p. rights on the square between) and the Elk (`DW`: a plain Dabbaba); the
    /// Borrower (`xK`) and the Dabbaba Borrower (`xKmD`, a quiet Dabbaba of its own).
    Relent, relent_interpreter,
    RELENT_START = "rnbqkbnr/pppppppp/2xlye2/8/8/2XLYE2/PPPPPPPP/RNBQKBNR w - - 0 1",
    RELENT_PIECES = "P|Pawn| N|Knight| B|Bishop| R|Rook| Q|Queen| K|King| L|Leaper|=W E|Elk|=W X|Borrower|=W \
        Y|Dabbaba Borrower|=W +P==QRBNLEXY",
    xbetza: L = "nnDW", E = "DW", X = "xK", Y = "xKmD",
}

/// M100: a move made with and without e.p. rights is made once, without, whoever makes it: the
/// Borrower on d2 between the Leaper (c1) and the Elk (e1) goes to d4 once, lent without rights
/// by the Elk; the Dabbaba Borrower on d2 next to the Leaper goes to d4 once, by its own quiet
/// Dabbaba. (Both back ends listed d4 twice, once with rights.)
#[test]
fn a_move_lent_or_own_with_and_without_rights_is_made_once_without() {
    let cases = [
        // The Leaper alone lends its Dabbaba leaps with rights (on c2, d3, e2, the squares they
        // could be blocked on) and its Wazir steps.
        ("4k3/8/8/8/8/8/3X4/2L3K1 w - - 0 1", "b2+ c2 d1 d3 d4+ e2 f2+"),
        ("4k3/8/8/8/8/8/3X4/2L1E1K1 w - - 0 1", "b2 c2 d1 d3 d4 e2 f2"),
        ("4k3/8/8/8/8/8/3Y4/2L3K1 w - - 0 1", "b2 c2 d1 d3 d4 e2 f2"),
    ];
    for (fen, want) in cases {
        let pos = Relent::position(fen).unwrap();
        let moves = moves_with_rights(&Relent, &relent_interpreter(), &pos, "d2").replace("+ep", "+");
        assert_eq!(moves, want, "{fen}");
    }
}

common::test_variant! {
    /// Chess with the Xiangqi Cannon (`mR+pcR`) and the Jumper (`pD`: a Dabbaba leap over a
    /// piece), which may hop over a King.
    Hurdle, hurdle_interpreter,
    HURDLE_START = "r3k2r/pppppppp/2c2j2/8/8/2C2J2/PPPPPPPP/R3K2R w KQkq - 0 1",
    HURDLE_PIECES = "P N B R Q K C|Cannon|=mR+pcR J|Jumper|=pD +P==QRBNCJ",
    castling: "R",
}

/// M101: a castling's path is tested on the board before it, the King on its square: a Cannon
/// on g1 hops the King on e1 onto d1, and so does a Jumper on f1, so the King may not castle
/// across d1 (as Fairy-Stockfish with the Cannon: no `e1c1`). The generated code tested the path
/// with the King lifted where its attack map could be made (the Jumper's), and castled.
#[test]
fn a_castling_may_not_pass_a_square_attacked_over_the_king() {
    let pos = Hurdle::position("4k3/8/8/8/8/8/8/R3K1c1 w Q - 0 1").unwrap();
    assert_eq!(common::agree::piece_moves(&Hurdle, &hurdle_interpreter(), &pos, "e1"), "d1 d2 e2 f1 f2");
    let pos = Hurdle::position("4k3/8/8/8/8/8/8/R3Kj2 w Q - 0 1").unwrap();
    assert_eq!(common::agree::piece_moves(&Hurdle, &hurdle_interpreter(), &pos, "e1"), "d1 d2 e2 f2 xf1");
    // Without the Cannon the King castles.
    let pos = Hurdle::position("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1").unwrap();
    assert_eq!(common::agree::piece_moves(&Hurdle, &hurdle_interpreter(), &pos, "e1"), "c1 d1 d2 e2 f1 f2");
}

common::test_variant! {
    /// The Dancer (XBetza `xBaK`: it sends the first friend on a diagonal sliding on, any way but
    /// back) and the Ambusher (`mK[+]`: King steps onto squares the enemy threatens).
    Induce, induce_interpreter,
    INDUCE_START = "r3k2r/pppppppp/2a2d2/8/8/2A2D2/PPPPPPPP/R3K2R w - - 0 1",
    INDUCE_PIECES = "P N B R Q K A|Ambusher|=mK[+] D|Dancer|=W +P==QRBNAD",
    xbetza: D = "xBaK",
}

/// M102: an empty square is attacked when a piece of the other side standing there could be
/// taken. The interpreter tests it so; the generated code tested the square empty, where the
/// Dancer's paths on f5 may pass over e4 and come back to it (a victim on e4 stops them there): it
/// counted e4 attacked, and Black's Ambusher on d4 could step there. With the Pawn on f4 gone the
/// Dancer reaches e4 in both.
#[test]
fn an_empty_square_is_attacked_as_if_an_enemy_stood_there() {
    use mbn::runtime::{Color, MoveGenerator};
    let interp = induce_interpreter();
    for (fen, attacked) in
        [("3k4/8/8/4PD2/3a1P2/8/8/1K6 b - - 0 1", false), ("3k4/8/8/4PD2/3a4/8/8/1K6 b - - 0 1", true)]
    {
        let pos = Induce::position(fen).unwrap();
        let e4 = pos.geometry().parse_square("e4").unwrap();
        assert_eq!(Induce.is_square_attacked(&pos, e4, Color::White), attacked, "generated, {fen}");
        assert_eq!(interp.is_square_attacked(&pos, e4, Color::White), attacked, "interpreted, {fen}");
        let moves = common::agree::piece_moves(&Induce, &interp, &pos, "d4");
        assert_eq!(moves.split(' ').any(|m| m == "e4"), attacked, "{fen}: {moves}");
    }
}

common::test_variant! {
    /// The Stalker `mK+(R[:]-cF)` slides onto a square with an unmoved mark, then captures a
    /// diagonal step on: in a real position an empty square never has one.
    Stalk, stalk_interpreter,
    STALK_START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBSKBNR w KQkq - 0 1",
    STALK_PIECES = "P|Pawn| N|Knight| B|Bishop| R|Rook| Q|Queen| K|King| S|Stalker|=mK+(R[:]-cF) +P==QRBNS",
    castling: "R",
}

/// M131: Black's unmoved Pawn on d7 may step: the White Stalker on a7 would slide to d7 once
/// the Pawn left (a mark stays on d7 before the move) and take the King on e8 from there, but
/// after the move d7 is empty and has no mark. (Generated code tested the move on the position
/// before it, with d7's mark still standing.)
#[test]
fn a_square_a_piece_leaves_loses_its_unmoved_mark() {
    let mut pos = Stalk::position("4k3/S2p4/8/8/8/8/8/4K3 b - - 0 1").unwrap();
    pos.set_unmoved(pos.occupied());
    assert_eq!(piece_moves(&Stalk, &stalk_interpreter(), &pos, "d7"), "d5 d6");
}

/// Both back ends on random positions and perft 1-3.
#[test]
fn generated_findings_agree_with_the_interpreter() {
    assert_agree("stalk", &Stalk, &stalk_interpreter(), Stalk::start_position());
    assert_agree("findings", &Findings, &interpreter(), Findings::start_position());
    assert_agree("borrowing", &Borrowing, &borrowing_interpreter(), Borrowing::start_position());
    assert_agree("rights", &Rights, &rights_interpreter(), Rights::start_position());
    assert_agree("second", &Second, &second_interpreter(), Second::start_position());
    assert_agree("lent", &Lent, &lent_interpreter(), Lent::start_position());
    assert_agree("relent", &Relent, &relent_interpreter(), Relent::start_position());
    assert_agree("hurdle", &Hurdle, &hurdle_interpreter(), Hurdle::start_position());
    assert_agree("induce", &Induce, &induce_interpreter(), Induce::start_position());
}
