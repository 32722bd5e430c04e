//! `k` and `kk` on multi-leg moves, and on pieces that also have multi-leg moves
//! (docs/SEMANTICS.md M82): the rule restricts every move its move makes, and a move made both
//! with and without a rule is made once, with the weaker. Every expected set is worked out by hand;
//! both back ends must give it, and agree on random positions.

mod common;

use common::agree::{assert_agree_on, piece_moves_by};

common::test_variant! {
    /// The Mixer `kN+(W-fF)` (a Knight that may not check, and the Xiangqi Horse), the Lancer `kW-F`
    /// (a Horse that may not check), the Vaulter `K+kk(W-F)0` (a King, and a Mao rider that may
    /// not mate), the Swapper `mK+kkwwK` (a King that moves and swaps with friends, its swaps
    /// not mating: M83).
    MultiRules, interpreter,
    START = "lmvkvmls/pppppppp/8/8/8/8/PPPPPPPP/LMVKVMLS w - - 0 1",
    PIECES = "K|King| P|Pawn|=mfW+cfF M|Mixer|=kN+(W-fF) L|Lancer|=kW-F V|Vaulter|=K+kk(W-F)0 S|Swapper|=mK+kkwwK",
}

/// The legal moves of the piece on `from`: destinations, `k` after a move flagged no-check, `kk`
/// after one flagged no-mate.
fn legal(fen: &str, from: &str) -> String {
    let pos = MultiRules::position(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    piece_moves_by(&MultiRules, &interpreter(), &pos, from, |_, mv| {
        let rule = match (mv.has_check_rule(), mv.flags().0 & mbn::runtime::MoveFlags::NO_MATE.0 != 0) {
            (false, _) => "",
            (true, true) => "kk",
            (true, false) => "k",
        };
        format!("{}{rule}", pos.geometry().square_name(mv.to()))
    })
}

/// The Mixer on e4, the enemy King on e8: every knight square is also a Horse move (unflagged)
/// while the Horse's first squares are empty; with Pawns on d4 and e5 the squares behind them are
/// the Knight's only: c3 and c5 flagged, d6 and f6 (which would check the King) not made.
#[test]
fn a_move_made_with_and_without_k_is_made_once_without() {
    assert_eq!(legal("4k3/8/8/8/4M3/8/8/K7 w - - 0 1", "e4"), "c3 c5 d2 d6 f2 f6 g3 g5");
    assert_eq!(legal("4k3/8/8/4P3/3PM3/8/8/K7 w - - 0 1", "e4"), "c3k c5k d2 f2 g3 g5");
    // The King far away: d6 and f6 are made, flagged.
    assert_eq!(legal("7k/8/8/4P3/3PM3/8/8/K7 w - - 0 1", "e4"), "c3k c5k d2 d6k f2 f6k g3 g5");
}

/// `k` on a multi-leg move: the Lancer `kW-F` on e4 gives no check (d6, f6 would, by the Horse's
/// leap to e8 through d7 and f7); a blocker on d7 opens d6 again (from there e8 is blocked).
#[test]
fn k_on_a_multi_leg_move_restricts_it() {
    assert_eq!(legal("4k3/8/8/8/4L3/8/8/K7 w - - 0 1", "e4"), "c3k c5k d2k f2k g3k g5k");
    assert_eq!(legal("4k3/3p4/8/8/4L3/8/8/K7 w - - 0 1", "e4"), "c3k c5k d2k d6k f2k g3k g5k");
}

/// `kk` on a multi-leg move: the Vaulter's Mao leaps are flagged no-mate, its King steps not. On
/// e4 of an empty board: the rider's squares two leaps out too (a2, c8, …). On e5 against the
/// King on h8, its own King on f7: the leap to g6 (through f5) checks through g7 and mates (g7,
/// g8, h7 covered) and is not made; with its King on e7 instead the King escapes to g8, and g6 is
/// made, flagged.
#[test]
fn kk_on_a_multi_leg_move_flags_it() {
    assert_eq!(
        legal("7k/8/8/8/4V3/8/8/K7 w - - 0 1", "e4"),
        "a2kk a6kk c3kk c5kk c8kk d2kk d3 d4 d5 d6kk e3 e5 f2kk f3 f4 f5 f6kk g3kk g5kk g8kk"
    );
    assert_eq!(
        legal("7k/5K2/8/4V3/8/8/8/8 w - - 0 1", "e5"),
        "a3kk a7kk c1kk c4kk c6kk d3kk d4 d5 d6 d7kk e4 e6 f3kk f4 f5 f6 g1kk g4kk"
    );
    assert!(legal("7k/4K3/8/4V3/8/8/8/8 w - - 0 1", "e5").contains("g6kk"));
}

/// A single leg's swaps carry its rule in both back ends (the generated code once pushed them
/// without it, M83): the Swapper on d4 swaps with its Pawn on d5, flagged no-mate.
#[test]
fn swaps_carry_their_check_rule() {
    assert_eq!(legal("7k/8/8/3P4/3S4/8/8/K7 w - - 0 1", "d4"), "c3 c4 c5 d3 d5kk e3 e4 e5");
}

/// Both back ends on random positions (flags and counts included) and perft 1-3.
#[test]
fn generated_check_rules_agree_with_the_interpreter() {
    assert_agree_on("multi rules", &MultiRules, &interpreter(), MultiRules::start_position(), 3_000);
}

/// The legal moves of the piece `A` (`notation`) on `from`, flagged as in [`legal`], by the
/// interpreter of a variant with the royal King `K`.
fn interpreted(notation: &str, fen: &str, from: &str) -> String {
    use mbn::codegen::variant::{Variant, VariantSpec};
    use mbn::runtime::{MoveGenerator, MoveList, Position};
    let mut spec = VariantSpec::new("probe", 8, 8, fen, &format!("A={notation} K"));
    spec.royal = "K".to_string();
    let variant = Variant::compile(&spec).expect("compiles");
    let interp = mbn::codegen::interp::Interpreter::new(&variant).expect("runs");
    let pos = Position::<u64>::from_fen(&variant.table, mbn::runtime::Geometry::CHESS, fen).expect("loads");
    let mut list = MoveList::new();
    interp.legal_moves(&pos, &mut list);
    let g = pos.geometry();
    let mut out: Vec<String> = list
        .iter()
        .filter(|mv| g.square_name(mv.from()) == from)
        .map(|mv| format!("{}{}", g.square_name(mv.to()), if mv.has_check_rule() { "k" } else { "" }))
        .collect();
    out.sort();
    out.join(" ")
}

/// `k` in an optional part restricts the paths that leave it out too: `K-[kK]` is `kK-[K]`. On
/// e4 against the King on e7 neither the step to e5 nor the two steps to e6 is made (from e5 the
/// two steps reach e7; from e6 the step does), and every other move is flagged. `K+(K-kK)`
/// restricts the two steps only.
#[test]
fn k_in_an_optional_part_restricts_the_whole_move() {
    let fen = "8/4k3/8/8/4A3/8/8/K7 w - - 0 1";
    let all = "c2k c4k c6k d3k d4k d5k e2k e3k f3k f4k f5k g2k g4k g6k";
    assert_eq!(interpreted("K-[kK]", fen, "e4"), all);
    assert_eq!(interpreted("kK-[K]", fen, "e4"), all);
    assert_eq!(interpreted("K+(K-kK)", fen, "e4"), "c2k c4k c6k d3 d4 d5 e2k e3 e5 f3 f4 f5 g2k g4k g6k");
    let mbn = |text: &str| mbn::codegen::compile_move(text).expect("parses");
    assert!(mbn::codegen::ancp::equal(&mbn("K-[kK]"), &mbn("kK-[K]")));
    assert!(mbn::codegen::ancp::equal(&mbn("W-kW"), &mbn("kW-W")));
    assert!(mbn::codegen::ancp::equal(&mbn("kW-kkW"), &mbn("kW-W")));
    assert!(!mbn::codegen::ancp::equal(&mbn("K-[kK]"), &mbn("K+(kK-K)")));
    assert!(!mbn::codegen::ancp::equal(&mbn("kkW-W"), &mbn("kW-W")));
}

common::test_variant! {
    /// `k` and `kk` on the other kinds of multi-leg move: a repeat searched at run time (the Congo
    /// Monkey's `k(dcK-mK)0`), a setup leg (`kK-!W`), an optional leg (`kkcK-[W]`), a hop on the
    /// way (`kpR-cW`), beside `ii` (`iiK-kF`).
    MoreRules, more_interpreter,
    MORE_START = "rmbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RMBQKBNR w - - 0 1",
    MORE_PIECES = "K|King| P|Pawn|=mfW+cfF+imfW2 M|Monkey|=mK+k(dcK-mK)0 N|Knight|=(kK-!W)+N \
        B|Bishop|=(kkcK-[W])+mB R|Rook|=(kpR-cW)+mR Q|Queen|=(iiK-kF)+Q +P==RNBQM",
}

/// Both back ends on random positions (flags included) and perft 1-3.
#[test]
fn check_rules_on_other_multi_leg_moves_agree() {
    assert_agree_on("more rules", &MoreRules, &more_interpreter(), MoreRules::start_position(), 3_000);
}
