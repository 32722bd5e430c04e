//! `kk` on flips (docs/SEMANTICS.md M125): a flip that checks may not mate, in both back ends.
//! M111 refused it, as the mate test recursed through replies that flip back; since M125 a mate
//! test counts the replies without running their own mate tests.

mod common;

use common::agree::{assert_agree, piece_moves_with_flips};
use common::test_variant;

test_variant! {
    /// The Enchanter `kkxyN+mK` flips any piece a Knight reaches, never to mate; the Sorcerer
    /// `mK+(mW-kkxF)` flips the enemy a Xiangqi Horse's path reaches, never to mate; the Herald
    /// `kkR+F` is a Rook that may not mate. Both sides have them: before M125 the first such
    /// variant overflowed the stack.
    MateFlips, mate_flips_interpreter,
    MATE_FLIPS_START = "rnbqkbnr/pppppppp/2es1h2/8/8/2ES1H2/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    MATE_FLIPS_PIECES = "P|Pawn| N|Knight| B|Bishop| R|Rook| Q|Queen| K|King| E|Enchanter|=kkxyN+mK \
        S|Sorcerer|=mK+(mW-kkxF) H|Herald|=kkR+F +P==QRBNESH",
    castling: "R",
}

/// The moves of White's piece on `from` in `fen`: destinations, `~sq` a flip of the piece on sq.
fn by_hand(fen: &str, from: &str) -> String {
    let interp = mate_flips_interpreter();
    let pos = MateFlips::position(fen).expect("the position loads");
    piece_moves_with_flips(&MateFlips, &interp, &pos, from)
}

#[test]
fn a_kk_flip_may_check_but_not_mate() {
    // The Enchanter on d6 reaches the Black Rook on e8: turned White there, it would mate the King
    // on h8 behind its Pawns g7 h7, so the flip is not made. (`x` without a mode keeps the quiet
    // leaps, M34.)
    let leaps = "b5 b7 c4 c5 c6 c7 c8 d5 d7 e4 e5 e6 e7 f5 f7";
    assert_eq!(by_hand("4r2k/6pp/3E4/8/8/8/8/K7 w - - 0 1", "d6"), leaps);
    // Without the Pawn on g7 the King escapes there: the flip checks and is made.
    assert_eq!(by_hand("4r2k/7p/3E4/8/8/8/8/K7 w - - 0 1", "d6"), format!("{leaps} ~e8"));
    // Flips that do not check are made as ever: the Black Knight on b7, the White Pawn on e4.
    let moves = by_hand("7k/1n6/3E4/8/4P3/8/8/K7 w - - 0 1", "d6");
    assert_eq!(moves, "b5 c4 c5 c6 c7 c8 d5 d7 e5 e6 e7 e8 f5 f7 ~b7 ~e4");
    // The Sorcerer on d6 reaches e8 over d7: the same.
    assert!(!by_hand("4r2k/6pp/3S4/8/8/8/8/K7 w - - 0 1", "d6").contains("~e8"));
    assert!(by_hand("4r2k/7p/3S4/8/8/8/8/K7 w - - 0 1", "d6").contains("~e8"));
}

#[test]
fn a_reply_that_flips_back_is_a_reply() {
    // The Enchanter on d6 flips the Black Rook on e8, which checks the King on h8 (g7 is free).
    // The Black Enchanter on f6 could flip the Rook back, checking White's King on a8 along the
    // rank; that reply is counted without asking whether it mates, so the question ends.
    let moves = by_hand("K3r2k/7p/3E1e2/8/8/8/8/8 w - - 0 1", "d6");
    assert!(moves.contains("~e8"), "{moves}");
}

#[test]
fn generated_mate_flips_agree_with_the_interpreter() {
    let interp = mate_flips_interpreter();
    let start = MateFlips::position(MATE_FLIPS_START).expect("start");
    assert_agree("MateFlips", &MateFlips, &interp, start.clone());
    // Random games list `kk` flips and meet flips their rule refuses, none of them listed.
    let (ruled, refused) = common::flip_rule_tally(&MateFlips, &start, (3000, 120, 13));
    assert!(ruled > 100 && refused > 0, "{ruled} {refused}");
}
