//! XBetza `q` and `z` where X58 left them refused (docs/SEMANTICS.md X59, X60): on the first leg of
//! a multi-leg move (`qafN`), both on one leg (`saqzW`, `qzN`), on boosted atoms (`qFX`,
//! `saqFX`), on `S` and `T`, and with `p` and `g` on one-leg moves (`pqN`, `gqN`); `n`, `j`, `o`
//! with them, doubled letters and Betza 2.0 chains stay errors. Each piece is put on an empty
//! board and on one with blockers and its destinations compared with sets worked out by hand;
//! where XBetza has a spelling without `q`/`z`, the two are equal (`ancp::equal`), and so is the
//! MBN translation (`mbn translate`).
//!
//! Notation of results: `e6` a quiet move, `xe6` a capture on e6.

mod common;

use common::probe::{compile, moves_in};
use mbn_codegen::ancp;
use mbn_codegen::ir::MoveSet;
use mbn_codegen::syntax::xbetza::translate::to_mbn;
use mbn_codegen::{compile_move, compile_move_in, Dialect};

fn xbetza(text: &str) -> MoveSet {
    compile(Dialect::XBetza, text)
}

/// The moves of White's XBetza piece on `from` of a probe board, sorted.
fn moves(text: &str, from: &str, friends: &str, enemies: &str) -> String {
    moves_in(Dialect::XBetza, text, from, friends, enemies)
}

/// The first error of `text`: message, help and byte column.
fn error(text: &str) -> (String, String, usize) {
    let d = compile_move_in(Dialect::XBetza, text).expect_err(text);
    (d[0].message.clone(), d[0].help.clone().unwrap_or_default(), d[0].span.start)
}

/// `text`'s MBN translation is the same piece.
fn assert_translates(text: &str) {
    let mbn = to_mbn(&xbetza(text)).unwrap_or_else(|e| panic!("`{text}` translates: {e}"));
    let back = compile_move(&mbn).unwrap_or_else(|d| panic!("`{mbn}`: {}", d[0].message));
    assert!(ancp::equal(&back, &xbetza(text)), "`{text}` and its translation `{mbn}`");
}

/// The bent riders' paths of `steps` steps at most as continuation legs (X11): a first leg, then
/// each turn written on a leg of its own (`fr`/`fl` for `q`, `r`/`l` then back for `z`), then
/// `last` (a leg's modifiers, `f` or nothing) on the atom `atom`.
fn spelled(bend: char, steps: usize, last: &str, atom: char) -> String {
    let mut parts = vec![format!("a{last}{atom}")];
    for (one, other) in [("r", "l"), ("l", "r")] {
        for length in 2..=steps {
            let turns: String = (1..length)
                .map(|k| match bend {
                    'q' => format!("f{one}a"),
                    _ if k % 2 == 1 => format!("{one}a"),
                    _ => format!("{other}a"),
                })
                .collect();
            parts.push(format!("a{turns}{last}{atom}"));
        }
    }
    parts.concat()
}

#[test]
fn a_bent_first_leg_is_the_rider_s_path() {
    // `qafN` on a1: the Rose's paths b3 (c5), b3-d4 (f5), b3-d4-f3 (h2), c2 (e3), c2-d4 (e6),
    // c2-d4-c6 (b8), each with one more knight leap straight on.
    assert_eq!(moves("qafN", "a1", "", ""), "b8 c5 e3 e6 f5 h2");
    // A friend on d4 stops the paths through it; an enemy on c5 is taken.
    assert_eq!(moves("qafN", "a1", "d4", "c5"), "e3 xc5");
    // `zafN`: b3 (c5), b3-d2 (f1), b3-d2-e4 (f6), c2 (e3), c2-b4 (a6), c2-b4-d5 (f6).
    assert_eq!(moves("zafN", "a1", "", ""), "a6 c5 e3 f1 f6");
    assert_eq!(moves("zafN", "a1", "d2", "b4"), "c5 e3");
    // The same pieces spelled with continuation legs, one per turn.
    assert!(ancp::equal(&xbetza("qafN"), &xbetza(&spelled('q', 7, "f", 'N'))));
    assert!(ancp::equal(&xbetza("zafN"), &xbetza(&spelled('z', 15, "f", 'N'))));
    assert!(ancp::equal(&xbetza("qamfW"), &xbetza(&spelled('q', 7, "mf", 'W'))));
    assert_translates("qafN");
    assert_translates("zafN");
}

#[test]
fn after_a_bent_first_leg_q_and_z_take_the_side_of_its_last_turn() {
    // `qaqN` on a1: a plain leap bends to its chirality (b3 right, then d2; c2 left, then b4), a
    // longer path to its turn (b3-d4 right: e2; b3-d4-f3: e1; c2-d4 left: b5; c2-d4-c6: a5).
    assert_eq!(moves("qaqN", "a1", "", ""), "a5 b4 b5 d2 e1 e2");
    assert_eq!(moves("qaqN", "a1", "d4", ""), "b4 d2");
    // `qazN` turns the other way: c6 (from d4 or a5), e7 (from c6), f3 (from e1 or d4), g5 (from f3).
    assert_eq!(moves("qazN", "a1", "", ""), "c6 e7 f3 g5");
    assert_translates("qaqN");
    // A one-step path of a W that goes straight bends to no side (X58).
    assert_eq!(error("qaqW").0, "XBetza `q` after a leg that breaks no symmetry");
    assert_eq!(error("qaqW").2, 2);
    // `sqaqW` on d4 with friends where the circles' second steps go: the sideways steps alone, e4
    // bending right (then e3), c4 left (then c3).
    assert_eq!(moves("sqaqW", "d4", "b3 b5 f3 f5", ""), "c3 e3");
}

#[test]
fn q_and_z_together_are_both_sides_or_both_riders() {
    // On a continuation leg: either side, `s`.
    assert_eq!(moves("saqzW", "d4", "", ""), "c3 c5 e3 e5");
    assert!(ancp::equal(&xbetza("saqzW"), &xbetza("sasW")));
    assert_translates("saqzW");
    // On a one-leg move: both riders (their one-step paths are the same leaps).
    assert_eq!(moves("qzN", "e1", "", ""), moves("qNzN", "e1", "", ""));
    assert_eq!(moves("qzN", "e1", "c6", "d3"), moves("qNzN", "e1", "c6", "d3"));
    assert!(ancp::equal(&xbetza("qzN"), &xbetza("qNzN")));
    // On a first leg: both riders' paths.
    assert!(ancp::equal(&xbetza("qzafN"), &xbetza("qafNzafN")));
}

#[test]
fn boosted_atoms_bend() {
    // `qFX` on a1: (1,4) to b5, (4,1) to e2, and the next leap round either way to f6.
    assert_eq!(moves("qFX", "a1", "", ""), "b5 e2 f6");
    assert_eq!(moves("qFX", "a1", "b5", ""), "e2 f6");
    assert_translates("qFX");
    // `saqFX` on a1: the sideways leap to e2 bends left (anticlockwise of (1,4)); `q` turns left
    // again, to d6. `sazFX` on a4: e5 (left) turns right to f1, e3 (right) turns left to f7.
    assert_eq!(moves("saqFX", "a1", "", ""), "d6");
    assert_eq!(moves("sazFX", "a4", "", ""), "f1 f7");
    assert_eq!(moves("sazFX", "a4", "e5", ""), "f7");
    assert_translates("saqFX");
    assert_translates("sazFX");
}

#[test]
fn second_and_third_square_atoms_bend_as_k_does() {
    // `qS` on a1: the king's circle twice the size (D and A steps turning 45°): a3-c5-e5-g3-g1,
    // c1-e3-e5-c7-a7, c3-e3-g1 and c3-c5-a7.
    assert_eq!(moves("qS", "a1", "", ""), "a3 a7 c1 c3 c5 c7 e3 e5 g1 g3");
    // A friend on c5 and an enemy on e3 end the paths through them.
    assert_eq!(moves("qS", "a1", "c5", "e3"), "a3 c1 c3 xe3");
    assert_translates("qS");
    assert_translates("zT");
}

#[test]
fn hopping_bent_riders() {
    // `pqN2`: a Rose path of two leaps over a piece on the first: b3 to d4 or a5, c2 to e1 or d4.
    assert_eq!(moves("pqN2", "a1", "", ""), "");
    assert_eq!(moves("pqN2", "a1", "", "b3"), "a5 d4");
    assert_eq!(moves("pqN2", "a1", "c2", "b3"), "a5 d4 e1");
    // `pqN`: over d4 anywhere on the way (b3-d4-f3-g1, c2-d4-c6-a7), taking on g1.
    assert_eq!(moves("pqN", "a1", "", "d4 g1"), "a7 c6 f3 xg1");
    // `gqN`: right behind d4 only.
    assert_eq!(moves("gqN", "a1", "", "d4"), "c6 f3");
    // `tpqN`: over friends only.
    assert_eq!(moves("tpqN", "a1", "", "d4"), "");
    assert_eq!(moves("tpqN", "a1", "d4", ""), "a7 c6 f3 g1");
    assert_translates("pqN");
    assert_translates("gzB");
}

#[test]
fn what_stays_refused() {
    for text in ["nqC", "oqaN", "nzZ"] {
        let (message, help, column) = error(text);
        assert!(message.starts_with("XBetza `") && message.ends_with("` is not supported yet"), "{text}: {message}");
        assert!(help.contains("X60"), "{text}: {help}");
        assert_eq!(column, 0, "{text}");
    }
    // `j` on a bent rider: no meaning in the seeds (X66).
    let (message, help, column) = error("jqN");
    assert_eq!((message.as_str(), column), ("XBetza `jq` has no meaning in the seeds", 0));
    assert!(help.contains("not to bent riders"), "{help}");
    // Doubled letters: no meaning in the seeds.
    assert_eq!(error("qqN").2, 1);
    assert!(error("qqN").1.contains("doubled"));
    assert_eq!(error("saqqW").2, 2);
    // `n` on a bent first leg: e.p. rights along one line only.
    assert_eq!(error("nqafW").0, "XBetza `n` is not supported yet");
    // Betza 2.0 chains write curves their own way.
    let (message, help, column) = error("qN-W");
    assert_eq!((message.as_str(), column), ("XBetza `q` is not supported yet", 0));
    assert!(help.contains("Betza 2.0") && help.contains("Nrf0"), "{help}");
    assert_eq!(error("W-zF").2, 2);
}
