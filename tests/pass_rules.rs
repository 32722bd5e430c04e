//! Passes with attacker sets, conditions, `#` and `k` (docs/SEMANTICS.md M99), in both back ends.

mod common;

use common::agree::{assert_agree, moves};
use common::test_variant;
use mbn::runtime::{perft, Position};

test_variant! {
    /// The King may pass to win the game while it stands on a central square (`#[d4,d5,e4,e5]O`);
    /// the Sentry `W+/{!q}/O+{r}kO` may pass while the enemy has a Queen, and while an enemy Rook
    /// attacks it (then with the rule of `k`).
    Passes, passes_interpreter,
    PASSES_START = "r3k3/pppsqppp/8/8/8/8/PPPSQPPP/R3K3 w - - 0 1",
    PASSES_PIECES = "P N B R Q K|King|=K+#[d4,d5,e4,e5]O S|Sentry|=W+/{!q}/O+{r}kO",
}

/// The passes of White in `fen`: each written `from`, `#` when decisive, `k` with a check rule.
fn passes<G: mbn::runtime::MoveGenerator<u64>>(generator: &G, fen: &str) -> String {
    let pos = Passes::position(fen).expect("the position loads");
    let (list, _) = moves(generator, &pos);
    let g = pos.geometry();
    let mut out: Vec<String> = list
        .iter()
        .filter(|mv| mv.from() == mv.to())
        .map(|mv| {
            let flags =
                format!("{}{}", if mv.is_decisive() { "#" } else { "" }, if mv.has_check_rule() { "k" } else { "" });
            format!("{}{flags}", g.square_name(mv.from()))
        })
        .collect();
    out.sort();
    out.join(" ")
}

#[test]
fn passes_by_hand() {
    let interp = passes_interpreter();
    let cases = [
        // The King on the hill passes and wins; the Sentry passes: Black has a Queen.
        ("4k3/q7/8/8/4K3/8/3S4/8 w - - 0 1", "d2 e4#"),
        // Off the hill no decisive pass; without a Black Queen no Sentry pass.
        ("4k3/4r3/8/8/8/4K3/3S4/8 w - - 0 1", ""),
        // In check on the hill (the Rook on e7): no pass for the King, nor for the Sentry.
        ("4k3/4r3/8/8/4K3/8/3S4/8 w - - 0 1", ""),
        // The Sentry attacked by a Rook (d8) passes with `k`; with a Queen too, plainly (its
        // condition's pass comes first).
        ("3rk3/8/8/8/8/8/3S4/7K w - - 0 1", "d2k"),
        ("3rk3/4q3/8/8/8/8/3S4/7K w - - 0 1", "d2"),
        // Attacked by a Bishop only: no pass.
        ("4k3/8/8/8/8/8/3S4/2b4K w - - 0 1", ""),
    ];
    for (fen, want) in cases {
        assert_eq!(passes(&Passes, fen), want, "generated, {fen}");
        assert_eq!(passes(&interp, fen), want, "interpreted, {fen}");
    }
}

#[test]
fn a_decisive_pass_ends_the_game() {
    let interp = passes_interpreter();
    let pos = Passes::position("4k3/8/8/8/4K3/8/8/8 w - - 0 1").expect("the position loads");
    for list in [moves(&Passes, &pos).0, moves(&interp, &pos).0] {
        let pass = list.iter().find(|mv| mv.from() == mv.to()).expect("the pass e4e4");
        let mut after = pos.clone();
        let _ = after.make(*pass);
        assert!(after.decided());
        assert_eq!(perft(&Passes, &mut after.clone(), 1), 0);
        assert_eq!(perft(&interp, &mut after, 1), 0);
    }
    // The King's 8 steps and the pass; perft 2 counts no reply to the pass.
    let mut pos: Position<u64> = pos;
    assert_eq!(perft(&Passes, &mut pos, 1), 9);
    assert_eq!(perft(&Passes, &mut pos, 2), perft(&interp, &mut pos, 2));
}

test_variant! {
    /// A King that may pass as its first move, while it has never been in check (`iiO`, M52).
    Waiting, waiting_interpreter,
    WAITING_START = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w - - 0 1",
    WAITING_PIECES = "P N B R Q K|King|=K+iiO",
}

/// A pass with `ii` (the generated code did not compile: its `ii` test was bound only for the
/// moves of the tables). The King passes while unmoved, not after it has stepped.
#[test]
fn an_initial_pass_decays() {
    let interp = waiting_interpreter();
    let mut pos = Waiting::position("4k3/8/8/8/8/8/8/4K3 w - - 0 1").expect("the position loads");
    // The two back ends list the same moves (flags included); whether one is a pass.
    let pass = |pos: &Position<u64>| {
        let ((generated, generated_text), (_, interpreted_text)) = (moves(&Waiting, pos), moves(&interp, pos));
        assert_eq!(generated_text, interpreted_text);
        generated.iter().any(|mv| mv.is_pass())
    };
    assert!(pass(&pos));
    common::agree::play(&Waiting, &mut pos, &["e1e2", "e8e7", "e2e1", "e7e8"]);
    assert!(!pass(&pos));
}

#[test]
fn passes_agree_with_the_interpreter() {
    assert_agree("Passes", &Passes, &passes_interpreter(), Passes::start_position());
    assert_agree("Waiting", &Waiting, &waiting_interpreter(), Waiting::start_position());
}
