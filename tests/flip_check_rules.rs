//! Check rules on flips (docs/SEMANTICS.md M111): a flip made by a `k` leg may not check, on
//! one-leg and multi-leg moves, in both back ends (before, a one-leg flip dropped the rule and a
//! multi-leg one was refused); `kk` on a flip runs since M125 (`tests/no_mate_flips.rs`).

mod common;

use common::agree::{assert_agree, piece_moves_with_flips};
use common::test_variant;

test_variant! {
    /// The Charmer `kxN+mK` flips the enemies a Knight reaches, never to check; the Mesmer
    /// `kxyN+mK` flips any piece a Knight reaches, never to check; the Spellbinder `mK+(mW-kxF)`
    /// flips the enemy a Xiangqi Horse's path reaches, never to check; the Trickster
    /// `mK+(mF-kxyW)` flips any piece straight on after a diagonal step, never to check.
    CheckFlips, check_flips_interpreter,
    CHECK_FLIPS_START = "rnbqkbnr/pppppppp/2cm1st1/8/8/2CM1ST1/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    CHECK_FLIPS_PIECES = "P|Pawn| N|Knight| B|Bishop| R|Rook| Q|Queen| K|King| C|Charmer|=kxN+mK \
        M|Mesmer|=kxyN+mK S|Spellbinder|=mK+(mW-kxF) T|Trickster|=mK+(mF-kxyW) +P==QRBNCMST",
    castling: "R",
}

/// The moves of White's piece on `from` in `fen`: destinations, `~sq` a flip of the piece on sq.
fn by_hand(fen: &str, from: &str) -> String {
    let interp = check_flips_interpreter();
    let pos = CheckFlips::position(fen).expect("the position loads");
    piece_moves_with_flips(&CheckFlips, &interp, &pos, from)
}

#[test]
fn a_k_flip_may_not_check() {
    // The Charmer on d4, a Black Knight on e6: turned White there, it would attack the Black
    // King on g7, so the flip is not made (e6 is no quiet square either: a piece stands there).
    assert_eq!(by_hand("8/6k1/4n3/8/3C4/8/8/K7 w - - 0 1", "d4"), "b3 b5 c2 c3 c4 c5 c6 d3 d5 e2 e3 e4 e5 f3 f5");
    // With the King on h8 the Knight on e6 attacks nothing royal: the flip is made.
    assert!(by_hand("7k/8/4n3/8/3C4/8/8/K7 w - - 0 1", "d4").contains("~e6"));
    // The Spellbinder on d4 reaches e6 over d5: the same.
    assert!(!by_hand("8/6k1/4n3/8/3S4/8/8/K7 w - - 0 1", "d4").contains("~e6"));
    assert!(by_hand("7k/8/4n3/8/3S4/8/8/K7 w - - 0 1", "d4").contains("~e6"));
    // A friend on d5 blocks the Spellbinder's path to e6, whatever the rule.
    assert!(!by_hand("7k/8/4n3/3P4/3S4/8/8/K7 w - - 0 1", "d4").contains("~e6"));
}

#[test]
fn flips_of_any_piece_keep_the_rule() {
    // The Mesmer on d6 (`kxyN`): turning the Black Knight on f7 White would check the King on h8,
    // so that flip is not made; the Bishop on b7 may be flipped (it checks nobody from there), and
    // so may the White Pawn on e4 (turned Black, it attacks d3 and f3).
    let moves = by_hand("7k/1b3npp/3M4/8/4P3/8/8/K7 w - - 0 1", "d6");
    assert!(!moves.contains("~f7") && moves.contains("~b7") && moves.contains("~e4"), "{moves}");
    // The Trickster on e5 reaches f7 over f6 (a diagonal step, then straight on): not made while
    // it would check the King on h8, made with the King on a8.
    assert!(!by_hand("7k/5n2/8/4T3/8/8/8/K7 w - - 0 1", "e5").contains("~f7"));
    assert!(by_hand("k7/5n2/8/4T3/8/8/8/7K w - - 0 1", "e5").contains("~f7"));
}

#[test]
fn generated_check_flips_agree_with_the_interpreter() {
    let interp = check_flips_interpreter();
    let start = CheckFlips::position(CHECK_FLIPS_START).expect("start");
    assert_agree("CheckFlips", &CheckFlips, &interp, start.clone());
    // Random games list flips with their rule and meet flips the rule refuses.
    let (ruled, refused) = common::flip_rule_tally(&CheckFlips, &start, (3000, 120, 11));
    assert!(ruled > 100 && refused > 10, "{ruled} {refused}");
}
