//! Attacker sets (docs/SEMANTICS.md M23) in a variant with borrowed moves (XBetza `xK`, X29): a
//! borrower in the set attacks with the moves its friends lend, whether or not those friends are
//! in the set. The code generator once left the lenders out (they were excluded as attackers
//! outside the set) and disagreed with the interpreter; by hand and on random positions, with
//! check rules (`k`, `kk`, M33, M82) on the same pieces.

mod common;

use common::agree::{assert_agree, piece_moves};

common::test_variant! {
    /// The Warden `kR[4]+{Q}kkW` steps only while an enemy Queen attacks it; the Queen `mKxK`
    /// (XBetza) moves as a King and borrows the moves of the friends next to it; the Bishop
    /// `/Td1/kB+F` lends its `F` step.
    Lenders, interpreter,
    START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
    PIECES = "K|King| P|Pawn|=mfW+cfF+imfW2 R|Warden|=kR[4]+{Q}kkW N|Knight|=k(W-fF)+kkN B|Bishop|=/Td1/kB+F Q|Queen|=Q +P==RNBQ",
    xbetza: Q = "mKxK",
}

/// The Black Queen on b7 borrows the `F` step of its Bishop on c6 and so attacks the White Warden
/// on c8, whose Wazir step then attacks d8: the Black King on e7 may not go there. Without the
/// Bishop the Queen lends nothing, the Warden does not step, and d8 is free.
#[test]
fn a_borrowed_attack_counts_for_an_attacker_set() {
    let at = |fen: &str| piece_moves(&Lenders, &interpreter(), &Lenders::position(fen).unwrap(), "e7");
    assert_eq!(at("2R5/1q2k3/2b5/8/8/8/8/K7 b - - 0 1"), "d6 d7 e6 e8 f6 f7 f8");
    assert_eq!(at("2R5/1q2k3/8/8/8/8/8/K7 b - - 0 1"), "d6 d7 d8 e6 e8 f6 f7 f8");
}

/// Both back ends on random positions (flags included) and perft 1-3.
#[test]
fn generated_lenders_agree_with_the_interpreter() {
    assert_agree("lenders", &Lenders, &interpreter(), Lenders::start_position());
}
