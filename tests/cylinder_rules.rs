//! Swaps, conditions, attacker sets, `#` and `k` on cylindrical legs (docs/SEMANTICS.md M88):
//! refused before ("cylindrical moves (`o`) with …"), run since in both back ends. Hand-checked
//! sets in both back ends, then generated = interpreted on random playouts and at perft 1-3.

mod common;

use common::agree::{assert_agree, piece_moves_by};

common::test_variant! {
    /// The Spinner `mK+wwoW` swaps with a friend a Wazir step away round the side edges; the Gate
    /// `K+/Ra1/oN` leaps as a cylinder Knight while a Rook stands on a1; the Doom `K+#coD` takes
    /// with a cylinder Dabbaba leap and wins; the Zealot `K+koR` rides a cylinder Rook that may not
    /// check; the Escaper `mK+{Q}oF` steps as a cylinder Ferz while an enemy Queen attacks it.
    Cylinder, interpreter,
    START = "rsgqkdze/pppppppp/8/8/8/8/PPPPPPPP/RSGQKDZE w - - 0 1",
    PIECES = "P|Pawn|=mfW+cfF R|Rook| Q|Queen| K|King| S|Spinner|=mK+wwoW G|Gate|=K+/Ra1/oN D|Doom|=K+#coD \
        Z|Zealot|=K+koR E|Escaper|=mK+{Q}oF +P==RQSGDZE",
}

/// The legal moves of the piece on `from`: `w` before a swap, `x` before a capture, `#` after a
/// decisive move, `k` after one with a check rule.
fn moves(fen: &str, from: &str) -> String {
    let pos = Cylinder::position(fen).expect("fen");
    piece_moves_by(&Cylinder, &interpreter(), &pos, from, |_, mv| {
        let mark = if mv.is_swap() {
            "w"
        } else if mv.is_capture() {
            "x"
        } else {
            ""
        };
        let decisive = if mv.is_decisive() { "#" } else { "" };
        let rule = if mv.has_check_rule() { "k" } else { "" };
        format!("{mark}{}{decisive}{rule}", pos.geometry().square_name(mv.to()))
    })
}

#[test]
fn swaps_round_the_edge() {
    assert_eq!(moves("4k3/8/8/8/S6P/8/8/4K3 w - - 0 1", "a4"), "a3 a5 b3 b4 b5 wh4");
}

#[test]
fn conditions_on_a_cylinder_leap() {
    // b4 with the Rook on a1: the Knight's leaps, h3 and h5 round the edge; with it on b1, the
    // King's steps only.
    let all = "a2 a3 a4 a5 a6 b3 b5 c2 c3 c4 c5 c6 d3 d5 h3 h5";
    assert_eq!(moves("4k3/8/8/8/1G6/8/8/R3K3 w - - 0 1", "b4"), all);
    assert_eq!(moves("4k3/8/8/8/1G6/8/8/1R2K3 w - - 0 1", "b4"), "a3 a4 a5 b3 b5 c3 c4 c5");
}

#[test]
fn a_decisive_capture_round_the_edge() {
    assert_eq!(moves("4k3/8/8/8/D5p1/8/8/4K3 w - - 0 1", "a4"), "a3 a5 b3 b4 b5 xg4#");
}

#[test]
fn a_cylinder_rook_that_may_not_check() {
    // a4 against the King on h8: h4 (round the edge) and a8 would check; the King's steps are plain.
    assert_eq!(moves("7k/8/8/8/Z7/8/8/4K3 w - - 0 1", "a4"), "a1k a2k a3 a5 a6k a7k b3 b4 b5 c4k d4k e4k f4k g4k");
}

#[test]
fn an_attacker_set_on_a_cylinder_step() {
    assert_eq!(moves("q3k3/8/8/8/E7/8/8/4K3 w - - 0 1", "a4"), "a3 a5 b3 b4 b5 h3 h5");
    assert_eq!(moves("1q2k3/8/8/8/E7/8/8/4K3 w - - 0 1", "a4"), "a3 a5 b3 b4 b5");
}

#[test]
fn generated_cylinder_rules_agree_with_the_interpreter() {
    assert_agree("cylinder rules", &Cylinder, &interpreter(), Cylinder::start_position());
}
