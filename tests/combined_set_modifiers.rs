//! Two forms of `x`, `w` or `j` on one leg combine as alternatives (docs/SEMANTICS.md M81, M120):
//! `xxxN` (`xx` and `x`) is `xyN`, `wwwK` is `wyK`, `jjjW-W` is `jyW-W`, in both back ends.

mod common;

use common::agree::{assert_agree, piece_moves_with_swaps_and_flips};
use common::test_variant;

test_variant! {
    /// Each piece beside its twin written with `y`: the Turncoats `xxxN+mK` and `xyN+mK`, the
    /// Swappers `wwwK` and `wyK`, the Vaulters `jjjW-W` and `jyW-W` (a Wazir step onto a piece,
    /// then one step on).
    Twins, twins_interpreter,
    TWINS_START = "rnbqkbnr/pppppppp/2acsuvy/8/8/2ACSUVY/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    TWINS_PIECES = "P|Pawn| N|Knight| B|Bishop| R|Rook| Q|Queen| K|King| A|Turncoat|=xxxN+mK \
        C|Turncoat Y|=xyN+mK S|Swapper|=wwwK U|Swapper Y|=wyK V|Vaulter|=jjjW-W Y|Vaulter Y|=jyW-W \
        +P==QRBNACSUVY",
    castling: "R",
}

/// White's moves from `from`, both back ends agreeing: `w` before a swap, `~` before a flip.
fn by_hand(fen: &str, from: &str) -> String {
    let pos = Twins::position(fen).expect("the position loads");
    piece_moves_with_swaps_and_flips(&Twins, &twins_interpreter(), &pos, from)
}

/// The moves of `piece` on d4 with friends on c6, e5 and d3 and enemies on e6 and d5.
fn on_d4(piece: char) -> String {
    by_hand(&format!("4k3/8/2P1p3/3pP3/3{piece}4/3P4/8/4K3 w - - 0 1"), "d4")
}

#[test]
fn doubled_and_single_forms_are_either_side() {
    // Flips of the friend on c6 and of the enemy on e6; the King steps.
    assert_eq!(on_d4('A'), "b3 b5 c2 c3 c4 c5 e2 e3 e4 f3 f5 ~c6 ~e6");
    assert_eq!(on_d4('A'), on_d4('C'));
    // Swaps with the enemy on d5 and the friends on d3 and e5.
    assert_eq!(on_d4('S'), "c3 c4 c5 e3 e4 wd3 wd5 we5");
    assert_eq!(on_d4('S'), on_d4('U'));
    // Steps onto the enemy on d5 and on to d6, onto the friend on d3 and on to d2; the empty
    // squares c4 and e4 are no visits.
    assert_eq!(on_d4('V'), "d2 d6");
    assert_eq!(on_d4('V'), on_d4('Y'));
}

#[test]
fn generated_twins_agree_with_the_interpreter() {
    let interp = twins_interpreter();
    assert_agree("Twins", &Twins, &interp, Twins::position(TWINS_START).expect("start"));
}
