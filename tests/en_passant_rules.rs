//! `#` and `k` on en passant captures (docs/SEMANTICS.md M83): the capture is decisive, or carries
//! the check rule, in both back ends, as the leg's other moves do. By hand, and on random
//! positions against the interpreter.

mod common;

use common::agree::{assert_agree, piece_moves_by, play};
use mbn::runtime::MoveGenerator;

common::test_variant! {
    /// The Zealot `mfW+cfF+imefW02+#cefF`, a pawn whose en passant capture wins the game, and the
    /// Quaker `mfW+cfF+imefW02+kcefF`, one whose en passant capture may not give check; each takes
    /// its own kind en passant.
    EpRules, interpreter,
    START = "4k3/zzzzqqqq/8/8/8/8/ZZZZQQQQ/4K3 w - - 0 1",
    PIECES = "K|King| Z|Zealot|=mfW+cfF+imefW02+#cefF Q|Quaker|=mfW+cfF+imefW02+kcefF",
}

/// The moves of the piece on `from` after `ucis` from `fen`: destinations, `#` after a decisive
/// move, `k` after one with a check rule, `:ep` after an en passant capture.
fn after(fen: &str, ucis: &[&str], from: &str) -> String {
    let mut pos = EpRules::position(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    // The side to move has not moved (its double step), the other side has.
    pos.set_unmoved(pos.by_color(pos.side_to_move()));
    play(&EpRules, &mut pos, ucis);
    piece_moves_by(&EpRules, &interpreter(), &pos, from, |_, mv| {
        let ep = if mv.is_en_passant() { ":ep" } else { "" };
        let decisive = if mv.is_decisive() { "#" } else { "" };
        let rule = if mv.has_check_rule() { "k" } else { "" };
        format!("{}{ep}{decisive}{rule}", pos.geometry().square_name(mv.to()))
    })
}

/// After Black's double step d7-d5 the Zealot on e5 takes it on d6, and wins: the capture is
/// decisive and Black has no move after it; its step to e6 is plain.
#[test]
fn a_decisive_en_passant_capture_ends_the_game() {
    let fen = "4k3/3z4/8/4Z3/8/8/8/4K3 b - - 0 1";
    assert_eq!(after(fen, &["d7d5"], "e5"), "d6:ep# e6");
    let mut pos = EpRules::position(fen).unwrap();
    pos.set_unmoved(pos.by_color(pos.side_to_move()));
    play(&EpRules, &mut pos, &["d7d5", "e5d6"]);
    let mut list = mbn::runtime::MoveList::new();
    EpRules.legal_moves(&pos, &mut list);
    assert!(list.is_empty(), "the game is over");
    interpreter().legal_moves(&pos, &mut list);
    assert!(list.is_empty(), "the game is over (interpreter)");
}

/// The Quaker's en passant capture carries `k`: after c7-c5 the Quaker on d5 takes on c6 with the
/// rule; with the enemy King on b7 it would check from c6 (its capture `cfF` reaches b7) and is not
/// made; with the King on h8, it is.
#[test]
fn an_en_passant_capture_keeps_its_check_rule() {
    assert_eq!(after("7k/2q5/8/3Q4/8/8/8/4K3 b - - 0 1", &["c7c5"], "d5"), "c6:epk d6");
    assert_eq!(after("8/1kq5/8/3Q4/8/8/8/4K3 b - - 0 1", &["c7c5"], "d5"), "d6");
}

/// Both back ends on random positions (flags included) and perft 1-3; the walk meets decisive and
/// ruled en passant captures.
#[test]
fn generated_en_passant_rules_agree_with_the_interpreter() {
    assert_agree("ep rules", &EpRules, &interpreter(), EpRules::start_position());
    let (mut decisive, mut ruled) = (0, 0);
    common::random_walk(&EpRules, &EpRules::start_position(), 20_000, 80, 7, |_, list| {
        decisive += list.iter().filter(|mv| mv.is_en_passant() && mv.is_decisive()).count();
        ruled += list.iter().filter(|mv| mv.is_en_passant() && mv.has_check_rule()).count();
    });
    assert!(decisive > 0 && ruled > 0, "decisive {decisive}, ruled {ruled}");
}
